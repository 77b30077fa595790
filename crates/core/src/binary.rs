//! The module header and conversion between bytes and words.

use crate::error::{DecodeError, DecodeErrorKind};

pub const MAGIC: u32 = 0x0723_0203;
pub const HEADER_WORDS: usize = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endian {
    Little,
    Big,
}

/// The five header words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub magic: u32,
    /// `0x00MMmm00`: major in bits 16..24, minor in bits 8..16.
    pub version: u32,
    /// Tool id in the high 16 bits, tool version in the low 16.
    pub generator: u32,
    pub bound: u32,
    pub schema: u32,
}

impl Header {
    pub fn new(version: u32, generator: u32, bound: u32) -> Self {
        Self {
            magic: MAGIC,
            version,
            generator,
            bound,
            schema: 0,
        }
    }

    pub fn parse(words: &[u32]) -> Result<Self, DecodeError> {
        match words {
            [magic, version, generator, bound, schema, ..] => {
                if *magic != MAGIC {
                    return Err(DecodeError::new(DecodeErrorKind::BadMagic(*magic), 0, None));
                }
                Ok(Self {
                    magic: *magic,
                    version: *version,
                    generator: *generator,
                    bound: *bound,
                    schema: *schema,
                })
            }
            _ => Err(DecodeError::new(
                DecodeErrorKind::TruncatedHeader(words.len()),
                0,
                None,
            )),
        }
    }

    pub fn words(&self) -> [u32; HEADER_WORDS] {
        [
            self.magic,
            self.version,
            self.generator,
            self.bound,
            self.schema,
        ]
    }

    pub fn major(&self) -> u32 {
        (self.version >> 16) & 0xff
    }

    pub fn minor(&self) -> u32 {
        (self.version >> 8) & 0xff
    }
}

/// Converts a file's bytes to host-order words, detecting the byte order from the magic number.
pub fn words_from_bytes(bytes: &[u8]) -> Result<(Vec<u32>, Endian), DecodeError> {
    if !bytes.len().is_multiple_of(4) {
        return Err(DecodeError::new(
            DecodeErrorKind::NotWordAligned(bytes.len()),
            bytes.len() / 4,
            None,
        ));
    }
    if bytes.len() < HEADER_WORDS * 4 {
        return Err(DecodeError::new(
            DecodeErrorKind::TruncatedHeader(bytes.len() / 4),
            0,
            None,
        ));
    }
    let first = [bytes[0], bytes[1], bytes[2], bytes[3]];
    let endian = if u32::from_le_bytes(first) == MAGIC {
        Endian::Little
    } else if u32::from_be_bytes(first) == MAGIC {
        Endian::Big
    } else {
        return Err(DecodeError::new(
            DecodeErrorKind::BadMagic(u32::from_le_bytes(first)),
            0,
            None,
        ));
    };
    // One loop per byte order, without a branch per word: the little-endian one (every
    // module a tool writes) compiles to a plain copy.
    let words = match endian {
        Endian::Little => bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
        Endian::Big => bytes
            .chunks_exact(4)
            .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
    };
    Ok((words, endian))
}

/// Serialises words as little-endian bytes (the byte order every tool writes).
/// Writes words as little-endian bytes through a small buffer (no copy of the whole module),
/// segment after segment, then flushes.
pub fn write_words_le<'a>(
    segments: impl IntoIterator<Item = &'a [u32]>,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(1 << 16);
    for chunk in segments.into_iter().flat_map(|s| s.chunks(1 << 14)) {
        buf.clear();
        for x in chunk {
            buf.extend_from_slice(&x.to_le_bytes());
        }
        w.write_all(&buf)?;
    }
    w.flush()
}

pub fn bytes_from_words(words: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(words.len() * 4);
    for w in words {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out
}
