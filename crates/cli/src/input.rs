//! Reading inputs and writing outputs, with the file name in every error.

use anyhow::Context;
use std::io::Read;
use std::path::Path;

/// Reads a file, or standard input for `-`.
pub fn read_bytes(path: &Path) -> anyhow::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("reading standard input")?;
        return Ok(buf);
    }
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

/// An input file's bytes: mapped into memory when that pays, else read.
pub enum InputBytes {
    Mapped(memmap2::Mmap),
    Read(Vec<u8>),
}

impl std::ops::Deref for InputBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            InputBytes::Mapped(m) => m,
            InputBytes::Read(v) => v,
        }
    }
}

/// Below this size reading is as fast as mapping.
const MAP_MIN_BYTES: u64 = 1 << 20;

/// Reads a file (or standard input for `-`), mapping large regular files instead of copying
/// them: on the 62 MB assembler benchmark text, reading costs ~75-100 ms CPU and 15 000 page
/// faults, mapping ~10 ms and ~1 000 faults (`cargo xtask bench --only text`).
pub fn map_or_read(path: &Path) -> anyhow::Result<InputBytes> {
    if path.as_os_str() == "-" {
        return read_bytes(path).map(InputBytes::Read);
    }
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let meta = file
        .metadata()
        .with_context(|| format!("cannot read {}", path.display()))?;
    if !meta.is_file() || meta.len() < MAP_MIN_BYTES {
        // Through the handle already open: opening and stat-ing again cost a third of reading
        // a thousand small inputs (`bench --only link`).
        let mut bytes = Vec::with_capacity(if meta.is_file() {
            meta.len() as usize
        } else {
            0
        });
        (&file)
            .read_to_end(&mut bytes)
            .with_context(|| format!("cannot read {}", path.display()))?;
        return Ok(InputBytes::Read(bytes));
    }
    // SAFETY: the map is read-only and private; it stays valid while `InputBytes` lives. The
    // one hazard is another process modifying or truncating the file while we run, which
    // Rust's memory model treats as undefined behaviour (truncation raises SIGBUS). This is
    // the trade every mmap-based tool makes (ripgrep, LLVM's MemoryBuffer): inputs are not
    // expected to change under a compiler. Small files, pipes and standard input are read.
    #[allow(unsafe_code)]
    let mapped = unsafe { memmap2::Mmap::map(&file) };
    match mapped {
        Ok(m) => Ok(InputBytes::Mapped(m)),
        // Some file systems cannot map; reading always works.
        Err(_) => read_bytes(path).map(InputBytes::Read),
    }
}

/// Assembles a text file (`-`: standard input) as it is read, in pieces: the text is never
/// held whole (see `spirvkit_text::assemble_read`).
pub fn assemble_path(
    path: &Path,
    opts: &spirvkit_text::AssembleOptions,
) -> Result<Vec<u32>, spirvkit_text::ReadAssembleError> {
    if path.as_os_str() == "-" {
        if opts.preserve_numeric_ids {
            // The numbering needs two passes and standard input can be read once.
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes)?;
            let text = String::from_utf8_lossy(&bytes);
            return Ok(spirvkit_text::assemble(&text, opts)?);
        }
        return spirvkit_text::assemble_read(|| Ok(std::io::stdin().lock()), None, opts);
    }
    let size = std::fs::metadata(path)
        .ok()
        .and_then(|m| usize::try_from(m.len()).ok());
    spirvkit_text::assemble_read(|| std::fs::File::open(path), size, opts)
}

/// Line `line` (1-based) of a text file, for notes on errors (`None` for standard input).
pub fn text_line(path: &Path, line: usize) -> Option<String> {
    use std::io::BufRead;
    if path.as_os_str() == "-" {
        return None;
    }
    let file = std::io::BufReader::new(std::fs::File::open(path).ok()?);
    let bytes = file.split(b'\n').nth(line.checked_sub(1)?)?.ok()?;
    Some(
        String::from_utf8_lossy(&bytes)
            .trim_end_matches('\r')
            .to_owned(),
    )
}

/// A SPIR-V module from a binary or from llvm-spirv's text format (`.spt`, recognised by its
/// content as llvm-spirv does), as host-order words.
pub fn read_spirv_words_or_llvm_text(path: &Path) -> anyhow::Result<Vec<u32>> {
    let bytes = map_or_read(path)?;
    if spirvkit_text::llvm_text::is_llvm_spirv_text(&bytes) {
        return spirvkit_text::llvm_text::read(&bytes)
            .map_err(|e| anyhow::anyhow!("{}:{e}", path.display()));
    }
    let (words, _) = spirvkit_core::words_from_bytes(&bytes).map_err(|e| decode_error(path, &e))?;
    Ok(words)
}

/// Reads a SPIR-V binary as host-order words; errors name the file and byte offset.
pub fn read_spirv_words(path: &Path) -> anyhow::Result<Vec<u32>> {
    let bytes = map_or_read(path)?;
    let (words, _) = spirvkit_core::words_from_bytes(&bytes).map_err(|e| decode_error(path, &e))?;
    Ok(words)
}

/// A SPIR-V binary's host-order words: the mapped file itself when it is already in host
/// order (a map is page-aligned), else a converted copy.
pub enum SpirvWords {
    Mapped(memmap2::Mmap),
    Copied(Vec<u32>),
}

impl std::ops::Deref for SpirvWords {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        match self {
            // `Mapped` is only built from a map that casts (checked in `spirv_words`): the
            // empty fallback cannot be taken.
            SpirvWords::Mapped(m) => bytemuck::try_cast_slice(m).unwrap_or_default(),
            SpirvWords::Copied(v) => v,
        }
    }
}

/// A mapped file's words when they are a module in host order (`None`: then
/// `words_from_bytes` converts the bytes or reports what is wrong with them, as for any input).
fn host_order_words(map: &memmap2::Mmap) -> Option<&[u32]> {
    let words: &[u32] = bytemuck::try_cast_slice(map).ok()?;
    (words.len() >= spirvkit_core::binary::HEADER_WORDS && words[0] == spirvkit_core::MAGIC)
        .then_some(words)
}

/// [`read_spirv_words`] without the copy for a large file in host order: the validator and
/// the decoder read the mapped file (page-cache pages, mapped 16 at a fault) instead of a
/// copy made first, alone, in ~600 freshly faulted pages for the 2.5 MB `opt` bench module.
/// The words are the same either way.
pub fn spirv_words(path: &Path) -> anyhow::Result<SpirvWords> {
    match map_or_read(path)? {
        InputBytes::Mapped(map) if host_order_words(&map).is_some() => Ok(SpirvWords::Mapped(map)),
        bytes => {
            let (words, _) =
                spirvkit_core::words_from_bytes(&bytes).map_err(|e| decode_error(path, &e))?;
            Ok(SpirvWords::Copied(words))
        }
    }
}

/// Reads LLVM bitcode or text (large files mapped, `-` for standard input); errors name the
/// file and where in it the problem is.
pub fn read_llvm_module(path: &Path) -> anyhow::Result<spirvkit_llvm::Module> {
    let bytes = map_or_read(path)?;
    let name = if path.as_os_str() == "-" {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    };
    spirvkit_llvm::read_bytes(&bytes, &name).map_err(|e| anyhow::anyhow!("{e}"))
}

/// Writes an output file, or standard output for `-`, with `write`; errors name the file.
pub fn write_output(
    path: &Path,
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    if path.as_os_str() == "-" {
        let stdout = std::io::stdout();
        let mut lock = stdout.lock();
        return write(&mut lock).context("writing standard output");
    }
    let mut file =
        create_replacing(path).with_context(|| format!("cannot write {}", path.display()))?;
    write(&mut file).with_context(|| format!("cannot write {}", path.display()))
}

/// Writes an optimized module to `path` (`-`: standard output). A file gets the two halves of
/// the function list encoded and written at their offsets on two threads (the second thread
/// first adds up the sizes of what goes before its half): encoding and writing were one
/// serial ~2.8 ms step at the end of `opt -O` on the 2 000-function bench module.
pub fn write_module(path: &Path, module: &spirvkit_core::Module) -> anyhow::Result<()> {
    if path.as_os_str() == "-" {
        return write_output(path, |w| module.write_to(w));
    }
    let file =
        create_replacing(path).with_context(|| format!("cannot write {}", path.display()))?;
    write_module_in_halves(module, &file)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Modules with fewer functions are written by one thread.
const HALVES_MIN_FUNCTIONS: usize = 256;

#[cfg(unix)]
fn write_module_in_halves(
    module: &spirvkit_core::Module,
    file: &std::fs::File,
) -> std::io::Result<()> {
    use spirvkit_core::Module;
    let functions = module.functions.len();
    // Positioned writes need a regular file (not a pipe or terminal named by its path,
    // such as /dev/stdout).
    let regular = file.metadata().is_ok_and(|m| m.is_file());
    if !regular || functions < HALVES_MIN_FUNCTIONS || rayon::current_num_threads() < 2 {
        return module.write_to(&mut &*file);
    }
    let (first, second) = module.functions.split_at(functions / 2);
    let (front, back) = rayon::join(
        || {
            let mut bytes = Vec::new();
            module.encode_front_le(&mut bytes);
            Module::write_functions_to(bytes, first, &mut AtOffset { file, offset: 0 })
        },
        || {
            let words = |insts: &mut dyn Iterator<Item = &spirvkit_core::Instruction>| {
                insts
                    .map(spirvkit_core::Instruction::word_count)
                    .sum::<usize>()
            };
            let before = spirvkit_core::binary::HEADER_WORDS
                + words(&mut module.globals.iter())
                + first
                    .iter()
                    .map(|f| words(&mut f.instructions()))
                    .sum::<usize>();
            let offset = 4 * before as u64;
            Module::write_functions_to(Vec::new(), second, &mut AtOffset { file, offset })
        },
    );
    front.and(back)
}

/// Writes into `file` from `offset` on with positioned writes (the file's own position is
/// not used, so two threads can write their parts of one file at once).
#[cfg(unix)]
struct AtOffset<'a> {
    file: &'a std::fs::File,
    offset: u64,
}

#[cfg(unix)]
impl std::io::Write for AtOffset<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        use std::os::unix::fs::FileExt;
        let written = self.file.write_at(buf, self.offset)?;
        self.offset += written as u64;
        Ok(written)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(not(unix))]
fn write_module_in_halves(
    module: &spirvkit_core::Module,
    file: &std::fs::File,
) -> std::io::Result<()> {
    module.write_to(&mut &*file)
}

/// Creates the output file `path`. An existing regular file with no other hard link is
/// replaced by a new file with its permissions rather than truncated: ext4 (`auto_da_alloc`)
/// flushes a truncated-then-rewritten file when it is closed, and truncating waits for the
/// writeback of the previous contents — rewriting the 2.3 MB output of `opt -O` on the
/// 2 000-function bench module took 4.8-8 ms that way against 0.8-1.1 ms as a new file.
/// Symbolic links, files with several links, read-only files, special files and a directory
/// where removing fails are truncated as before (a link keeps pointing at the same file). GNU
/// ld removes an existing output the same way before writing it.
pub fn create_replacing(path: &Path) -> std::io::Result<std::fs::File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let Ok(old) = std::fs::symlink_metadata(path) {
            // A read-only file is not replaced: opening it for writing decides, as before.
            let replaceable = old.is_file() && old.nlink() == 1 && !old.permissions().readonly();
            if replaceable && std::fs::remove_file(path).is_ok() {
                // Another process may have created it in between: then it is truncated.
                let Ok(file) = std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(path)
                else {
                    return std::fs::File::create(path);
                };
                // Our own new file: changing its mode cannot fail for want of rights.
                let _ = file.set_permissions(old.permissions());
                return Ok(file);
            }
        }
    }
    std::fs::File::create(path)
}

/// A decoding error as `FILE: word N (byte B), instruction I: message`.
pub fn decode_error(path: &Path, e: &spirvkit_core::DecodeError) -> anyhow::Error {
    let at = match e.instruction {
        Some(i) => format!(
            "word {} (byte {}), instruction {i}",
            e.word_offset,
            e.byte_offset()
        ),
        None => format!("word {} (byte {})", e.word_offset, e.byte_offset()),
    };
    anyhow::anyhow!("{}: {at}: {}", path.display(), e.kind)
}
