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

/// Reads a SPIR-V binary as host-order words; errors name the file and byte offset.
pub fn read_spirv_words(path: &Path) -> anyhow::Result<Vec<u32>> {
    let bytes = read_bytes(path)?;
    let (words, _) = spirvkit_core::words_from_bytes(&bytes).map_err(|e| decode_error(path, &e))?;
    Ok(words)
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
