//! Parallel assembly of large texts. Ids are numbered by first appearance, which looks
//! sequential, but only the numbering is: the module-level part (everything before the first
//! `OpFunction`) is assembled first, then chunks of whole functions are assembled in parallel
//! with temporary ids for names they introduce, and a sequential merge gives those names their
//! final ids in text order and patches the recorded positions. Anything a chunk cannot decide
//! alone (an error, a type or import defined among the functions, a literal whose width comes
//! from outside the chunk) sends the whole text to the sequential assembler, so the output and
//! the errors are always exactly the sequential ones.

use super::encode::{is_id_char, Assembler};
use rayon::prelude::*;

/// Below this size the sequential assembler is fast enough that threads do not pay.
const PARALLEL_MIN_BYTES: usize = 4 << 20;

/// The module's words as consecutive segments (the module-level part, then one per chunk of
/// functions), or `None` when the sequential assembler must decide. Segments spare the copy
/// into one vector: a writer streams them one after the other.
pub fn assemble(source: &str) -> Option<Vec<Vec<u32>>> {
    if source.len() < PARALLEL_MIN_BYTES {
        return None;
    }
    assemble_any_size(source)
}

/// [`assemble`] without the size threshold (tests use it on small texts).
pub fn assemble_any_size(source: &str) -> Option<Vec<Vec<u32>>> {
    let threads = rayon::current_num_threads();
    // Chunks record their names as 32-bit offsets into the text.
    if threads < 2 || u32::try_from(source.len()).is_err() {
        return None;
    }
    let timer = PhaseTimer::from_env();
    let boundaries = chunk_boundaries(source.as_bytes(), threads);
    let first = *boundaries.first()?;
    let mut globals = Assembler::new(source, Default::default());
    if !globals.run_until(first).ok()? {
        return None;
    }
    // Every chunk copies the module-level names; copy no spare room.
    globals.ids.shrink_to_fit();
    timer.phase("module-level part");
    let ends: Vec<usize> = boundaries
        .iter()
        .skip(1)
        .copied()
        .chain([source.len()])
        .collect();
    let chunks: Vec<Option<Assembler<'_>>> = boundaries
        .par_iter()
        .zip(ends.par_iter())
        .map(|(&start, &end)| {
            let mut chunk = globals.chunk(start, (end - start) / 6);
            let complete = chunk.run_until(end).ok()?;
            (complete && !chunk.needs_sequential).then_some(chunk)
        })
        .collect();
    let chunks: Vec<Assembler<'_>> = chunks.into_iter().collect::<Option<_>>()?;
    timer.phase("chunks");
    let base = globals.ids.next_id();
    // Where each chunk's new names were first seen: in an earlier chunk j at temporary index
    // t (which then owns the id), packed as (j + 1) << 32 | t, or 0 for here. Read-only
    // lookups, one chunk per thread.
    let source_bytes = source.as_bytes();
    let origins: Vec<Vec<u64>> = chunks
        .par_iter()
        .enumerate()
        .map(|(k, chunk)| {
            let earlier_chunks = &chunks[..k];
            // Nested parallelism: with two chunks only the second has lookups to do.
            chunk
                .ids
                .chunk_name_offsets()
                .par_iter()
                .with_min_len(1 << 14)
                .map(|&offset| {
                    if earlier_chunks.is_empty() {
                        return 0;
                    }
                    let name = name_at(source, source_bytes, offset as usize);
                    earlier_chunks
                        .iter()
                        .enumerate()
                        .find_map(|(j, earlier)| {
                            let temp = earlier.ids.lookup(name)?.checked_sub(base)?;
                            Some((j as u64 + 1) << 32 | u64::from(temp))
                        })
                        .unwrap_or(0)
                })
                .collect()
        })
        .collect();
    // Final ids in text order: a chunk's own new names follow every earlier chunk's.
    let mut final_ids: Vec<Vec<u32>> = Vec::with_capacity(chunks.len());
    let mut next = base;
    for chunk_origins in &origins {
        let mut ids = Vec::with_capacity(chunk_origins.len());
        for &origin in chunk_origins {
            let id = if origin == 0 {
                next = next.checked_add(1)?;
                next - 1
            } else {
                let (j, index) = ((origin >> 32) as usize - 1, origin as u32);
                *final_ids.get(j)?.get(index as usize)?
            };
            ids.push(id);
        }
        final_ids.push(ids);
    }
    drop(origins);
    timer.phase("final ids");
    // Only the words and the patch positions are needed from here on; the name tables go.
    // Each chunk is patched in place, in parallel.
    let parts: Vec<(Vec<u32>, Vec<u32>)> = chunks
        .into_iter()
        .map(|chunk| (chunk.out, chunk.temp_id_positions))
        .collect();
    let patched: Vec<Option<Vec<u32>>> = parts
        .into_par_iter()
        .zip(final_ids.par_iter())
        .map(|((mut words, positions), ids)| {
            for &position in &positions {
                let word = words.get_mut(position as usize)?;
                *word = *ids.get(word.checked_sub(base)? as usize)?;
            }
            Some(words)
        })
        .collect();
    let mut segments = Vec::with_capacity(patched.len() + 1);
    let mut header = std::mem::take(&mut globals.out);
    if let Some(bound) = header.get_mut(3) {
        *bound = globals.ids.bound.max(next);
    }
    segments.push(header);
    for words in patched {
        segments.push(words?);
    }
    timer.phase("patch");
    Some(segments)
}

/// Phase durations on standard error when `SPIRVKIT_TIMING` is set (for profiling).
struct PhaseTimer {
    last: std::cell::Cell<Option<std::time::Instant>>,
}

impl PhaseTimer {
    fn from_env() -> Self {
        let on = std::env::var_os("SPIRVKIT_TIMING").is_some();
        Self {
            last: std::cell::Cell::new(on.then(std::time::Instant::now)),
        }
    }

    fn phase(&self, name: &str) {
        if let Some(last) = self.last.get() {
            let now = std::time::Instant::now();
            eprintln!(
                "as: {name}: {:.1} ms, resident {}",
                (now - last).as_secs_f64() * 1e3,
                resident_text()
            );
            self.last.set(Some(now));
        }
    }
}

/// The process's resident and peak resident memory, from /proc (Linux; `?` elsewhere).
fn resident_text() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |key: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .map_or("?", str::trim)
            .to_owned()
    };
    format!("{} (peak {})", field("VmRSS:"), field("VmHWM:"))
}

/// The id name starting at `offset` (validated when it entered a chunk's table, so it runs
/// to the first byte outside `[A-Za-z0-9_]`).
fn name_at<'s>(source: &'s str, bytes: &[u8], offset: usize) -> &'s str {
    let len = bytes
        .get(offset..)
        .unwrap_or(&[])
        .iter()
        .take_while(|c| is_id_char(**c))
        .count();
    source.get(offset..offset + len).unwrap_or("")
}

/// The first line at or after `from` that starts an `OpFunction` instruction (`OpFunction` or
/// `%name = OpFunction`, after indentation). A candidate only: a line inside a multi-line
/// string could look the same, which `Assembler::run_until` detects.
fn function_start_from(text: &[u8], from: usize) -> Option<usize> {
    let first_line = match from {
        0 => 0,
        _ => from + memchr::memchr(b'\n', text.get(from..)?)? + 1,
    };
    // Only lines containing `OpFunction` can start a function: find those with a vectorized
    // substring search rather than testing every line.
    let finder = memchr::memmem::Finder::new(b"OpFunction");
    let mut search = first_line;
    while let Some(found) = finder.find(text.get(search..)?) {
        let at = search + found;
        let line = memchr::memrchr(b'\n', text.get(first_line..at)?)
            .map_or(first_line, |n| first_line + n + 1);
        let mut i = line;
        while matches!(text.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        if is_function_start(text.get(i..).unwrap_or(&[])) {
            return Some(i);
        }
        search = at + 1;
    }
    None
}

#[cfg(test)]
fn function_starts(text: &[u8]) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut from = 0;
    while let Some(start) = function_start_from(text, from) {
        starts.push(start);
        from = start;
    }
    starts
}

fn is_function_start(line: &[u8]) -> bool {
    let mut rest = line;
    if rest.first() == Some(&b'%') {
        let name_len = rest.iter().skip(1).take_while(|c| is_id_char(**c)).count();
        rest = rest.get(1 + name_len..).unwrap_or(&[]);
        rest = trim_blanks(rest);
        let Some(after_eq) = rest.strip_prefix(b"=") else {
            return false;
        };
        rest = trim_blanks(after_eq);
    }
    rest.strip_prefix(b"OpFunction").is_some_and(|after| {
        matches!(
            after.first(),
            None | Some(b' ' | b'\t' | b'\r' | b'\n' | b';')
        )
    })
}

fn trim_blanks(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    s.get(n..).unwrap_or(&[])
}

/// Up to `chunks` boundaries splitting the function section into pieces of similar size:
/// the first function, then the first function start after each equal share of the text.
/// Only the lines near each share are scanned.
fn chunk_boundaries(text: &[u8], chunks: usize) -> Vec<usize> {
    let Some(first) = function_start_from(text, 0) else {
        return Vec::new();
    };
    let share = (text.len() - first) / chunks.max(1) + 1;
    let mut boundaries = vec![first];
    for k in 1..chunks {
        let target = first + k * share;
        let last = boundaries.last().copied().unwrap_or(first);
        match function_start_from(text, target.max(last)) {
            Some(start) if start > last => boundaries.push(start),
            _ => break,
        }
    }
    boundaries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn function_start_lines() {
        assert!(is_function_start(b"%main = OpFunction %void None %f"));
        assert!(is_function_start(b"%1=OpFunction %void None %f"));
        assert!(is_function_start(b"OpFunction"));
        assert!(!is_function_start(b"OpFunctionEnd"));
        assert!(!is_function_start(b"%x = OpFunctionCall %void %f"));
        assert!(!is_function_start(b"; OpFunction"));
        let text = b"OpCapability Shader\n  %f = OpFunction %v None %t\nOpFunctionEnd\n";
        assert_eq!(function_starts(text), vec![22]);
    }
}
