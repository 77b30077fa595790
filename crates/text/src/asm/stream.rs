//! Streaming assembly: the text is read in pieces of about a megabyte, each instruction is
//! encoded straight into the module's words, names get their ids on first appearance (which
//! is all spirv-as's numbering needs, forward references included) and the header's bound is
//! set at the end. Only the output words, the id tables and one piece of text are ever held.
//!
//! An instruction is assembled again when it reached the end of a piece that has a
//! continuation (it, or the look-ahead that decides where it ends, may have been cut): what
//! it entered in the tables is undone, the text from its start is kept, more is read.

use super::encode::{version_from_comment, Assembler};
use super::{AssembleError, AssembleOptions};
use std::collections::HashSet;
use std::io::Read;

/// How much text is read at a time.
const PIECE: usize = 1 << 20;

/// The SPIR-V version when neither `--target-env` nor a `; Version:` comment gives one.
const DEFAULT_VERSION: u32 = 0x0001_0600;

/// Why a streamed assembly failed.
#[derive(Debug, thiserror::Error)]
pub enum ReadAssembleError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Assemble(#[from] AssembleError),
}

/// How far one piece of text got.
enum Progress {
    /// The text is assembled.
    Done,
    /// Every byte before this offset of the piece is assembled; the rest needs more text.
    NeedMore { consumed: usize },
}

/// Assembles the instructions of the assembler's current piece of text. `version` is set
/// from the comments before the first instruction once they have been seen.
/// `target`: the `--target-env` version, which overrides the comment.
fn assemble_piece(
    asm: &mut Assembler<'_>,
    version: &mut Option<u32>,
    target: Option<u32>,
) -> Result<Progress, Box<AssembleError>> {
    loop {
        let before = asm.lex.mark();
        let checkpoint = asm.ids.checkpoint();
        let out_len = asm.out.len();
        let more = asm.lex.advance();
        if !asm.lex.cut_short() {
            if version.is_none() {
                let prefix = asm.lex.src.get(..asm.lex.pos.index).unwrap_or("");
                let v = version_from_comment(prefix).unwrap_or(DEFAULT_VERSION);
                *version = Some(v);
                asm.version = target.unwrap_or(v);
            }
            if !more {
                return Ok(Progress::Done);
            }
            match asm.instruction() {
                Ok(()) if !asm.lex.cut_short() => continue,
                Err(e) if !asm.lex.cut_short() => return Err(e),
                _ => {}
            }
        }
        asm.out.truncate(out_len);
        asm.ids.rollback(checkpoint);
        asm.lex.reset_to(before);
        return Ok(Progress::NeedMore {
            consumed: before.index,
        });
    }
}

/// spirv-as refuses an empty text (a text of only blanks and comments is an empty module).
fn missing_text() -> AssembleError {
    AssembleError {
        line: 1,
        column: 1,
        kind: super::AssembleErrorKind::MissingText,
    }
}

/// Sets the header words known only at the end.
fn finish(mut asm: Assembler<'_>, version: Option<u32>, opts: &AssembleOptions) -> Vec<u32> {
    let version = match opts.target_env {
        Some(env) => env.version_word(),
        None => version.unwrap_or(DEFAULT_VERSION),
    };
    asm.out[1] = version;
    asm.out[3] = asm.ids.bound;
    asm.out
}

/// Assembles text already in memory.
pub fn assemble_text(source: &str, opts: &AssembleOptions) -> Result<Vec<u32>, AssembleError> {
    if source.is_empty() {
        return Err(missing_text());
    }
    let target = opts.target_env.map(|env| env.version_word());
    let preserve = if opts.preserve_numeric_ids {
        let mut pre = Assembler::new(source, HashSet::default(), Some(source.len()));
        let mut version = None;
        assemble_piece(&mut pre, &mut version, target).map_err(|e| *e)?;
        pre.ids.numeric_names()
    } else {
        HashSet::default()
    };
    let mut asm = Assembler::new(source, preserve, Some(source.len()));
    let mut version = None;
    // A whole text has no continuation, so it is never cut.
    assemble_piece(&mut asm, &mut version, target).map_err(|e| *e)?;
    Ok(finish(asm, version, opts))
}

/// Assembles the text that `open` reads, in pieces. With `--preserve-numeric-ids` the text
/// is read twice (first for the numeric names), so `open` is called once or twice.
/// `size_hint`: the text's length when known (sizes the output and the id tables).
pub fn assemble_read<R: Read>(
    open: impl FnMut() -> std::io::Result<R>,
    size_hint: Option<usize>,
    opts: &AssembleOptions,
) -> Result<Vec<u32>, ReadAssembleError> {
    assemble_read_in_pieces(open, size_hint, opts, PIECE)
}

/// [`assemble_read`] reading `piece` bytes at a time (tests use tiny pieces, so that
/// instructions, strings and comments are cut everywhere).
#[doc(hidden)]
pub fn assemble_read_in_pieces<R: Read>(
    mut open: impl FnMut() -> std::io::Result<R>,
    size_hint: Option<usize>,
    opts: &AssembleOptions,
    piece: usize,
) -> Result<Vec<u32>, ReadAssembleError> {
    let target = opts.target_env.map(|env| env.version_word());
    let preserve = if opts.preserve_numeric_ids {
        let pre = stream(&mut open()?, HashSet::default(), size_hint, piece, target)?;
        pre.0.ids.numeric_names()
    } else {
        HashSet::default()
    };
    let (asm, version) = stream(&mut open()?, preserve, size_hint, piece, target)?;
    Ok(finish(asm, version, opts))
}

fn stream(
    read: &mut dyn Read,
    preserve: HashSet<u32, super::ids::FxBuild>,
    size_hint: Option<usize>,
    piece: usize,
    target: Option<u32>,
) -> Result<(Assembler<'static>, Option<u32>), ReadAssembleError> {
    let piece = piece.max(1);
    let mut parked: Assembler<'static> = Assembler::new("", preserve, size_hint);
    let mut version = None;
    let mut buf: Vec<u8> = Vec::with_capacity(piece);
    let mut consumed = 0;
    let mut want = piece;
    loop {
        let ask = want.saturating_sub(buf.len());
        let eof = read.take(ask as u64).read_to_end(&mut buf)? < ask;
        if eof && buf.is_empty() && consumed == 0 && version.is_none() {
            return Err(missing_text().into());
        }
        let text = match std::str::from_utf8(&buf) {
            Ok(text) => text,
            Err(_) => {
                let n = repair_utf8(&mut buf, eof);
                std::str::from_utf8(buf.get(..n).unwrap_or_default()).unwrap_or_default()
            }
        };
        let more_follows = !eof || text.len() < buf.len();
        let mut asm = parked.rebase(text, consumed, more_follows);
        let progress = assemble_piece(&mut asm, &mut version, target).map_err(|e| *e)?;
        match progress {
            Progress::Done => return Ok((asm.rebase("", 0, false), version)),
            Progress::NeedMore { consumed: c } => {
                consumed = c;
                parked = asm.rebase("", 0, false);
            }
        }
        buf.drain(..consumed);
        // An instruction longer than the piece: read twice as much.
        want = if consumed == 0 {
            buf.len().max(piece) * 2
        } else {
            piece
        };
    }
}

/// Replaces invalid UTF-8 in `buf` with U+FFFD as `String::from_utf8_lossy` does; returns
/// how many leading bytes are complete text (a character cut at the end waits for the next
/// read unless this is the end of the input).
fn repair_utf8(buf: &mut Vec<u8>, eof: bool) -> usize {
    let mut repaired = Vec::with_capacity(buf.len() + 16);
    let mut chunks = buf.utf8_chunks().peekable();
    let mut complete = 0;
    let mut carry: &[u8] = &[];
    while let Some(chunk) = chunks.next() {
        repaired.extend_from_slice(chunk.valid().as_bytes());
        let invalid = chunk.invalid();
        if invalid.is_empty() {
            continue;
        }
        let last = chunks.peek().is_none();
        let incomplete = matches!(std::str::from_utf8(invalid), Err(e) if e.error_len().is_none());
        if last && incomplete && !eof {
            carry = invalid;
        } else {
            repaired.extend_from_slice("\u{fffd}".as_bytes());
        }
    }
    complete += repaired.len();
    repaired.extend_from_slice(carry);
    *buf = repaired;
    complete
}
