//! Reading and writing the way SPIRV-Tools' command-line tools do, with their messages:
//! `-` is standard input/output, a missing file is `error: file does not exist 'F'`, a binary
//! whose size is not a multiple of 4 is `error: file size should be a multiple of 4; ...`.

use crate::input::InputBytes;
use std::io::Write;

/// The bytes of `path` (`-`: standard input; large files mapped), or the reference's message.
pub fn read_file(path: &str) -> Result<InputBytes, String> {
    if path != "-" && !std::path::Path::new(path).exists() {
        return Err(format!("error: file does not exist '{path}'"));
    }
    crate::input::map_or_read(std::path::Path::new(path)).map_err(|e| format!("error: {e:#}"))
}

/// A binary as host-order words; the size check and message are the reference's.
pub fn read_binary(path: &str) -> Result<Vec<u32>, String> {
    let bytes = read_file(path)?;
    if bytes.len() % 4 != 0 {
        let shown = if path == "-" { "<stdin>" } else { path };
        return Err(format!(
            "error: file size should be a multiple of 4; file '{shown}' corrupt"
        ));
    }
    // A recognised magic number fixes the byte order; otherwise the words stay little-endian
    // and the tool's decoder reports what is wrong with the header.
    match spirvkit_core::words_from_bytes(&bytes) {
        Ok((words, _)) => Ok(words),
        Err(_) => Ok(bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()),
    }
}

/// Writes to `path` (`-`: standard output) through `write`.
pub fn write_with(
    path: &str,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), String> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        return write(&mut out)
            .and_then(|()| out.flush())
            .map_err(|e| format!("error: cannot write standard output: {e}"));
    }
    let file = crate::input::create_replacing(std::path::Path::new(path))
        .map_err(|e| format!("error: could not open file '{path}' for writing: {e}"))?;
    let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
    write(&mut out)
        .and_then(|()| out.flush())
        .map_err(|e| format!("error: cannot write '{path}': {e}"))
}

/// Writes `data` to `path` (`-`: standard output).
pub fn write_file(path: &str, data: &[u8]) -> Result<(), String> {
    write_with(path, |w| w.write_all(data))
}

/// A decoding problem as SPIRV-Tools words it: `INSTRUCTION: message` (the header problems
/// have their own sentences).
pub fn decode_message(e: &spirvkit_core::DecodeError) -> String {
    use spirvkit_core::DecodeErrorKind as K;
    match &e.kind {
        K::TruncatedHeader(n) => {
            format!("Module has incomplete header: only {n} words instead of 5")
        }
        K::BadMagic(_) => "Invalid SPIR-V magic number.".to_owned(),
        kind => match e.instruction {
            Some(i) => format!("{i}: {kind} (word {})", e.word_offset),
            None => format!("{kind} (word {})", e.word_offset),
        },
    }
}
