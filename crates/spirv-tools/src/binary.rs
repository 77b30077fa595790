//! Module binaries as the `spirv-tools` crate hands them out, and the word/byte views.

use crate::error::{Error, SpirvResult};
use std::fmt;

pub enum Binary {
    OwnedU32(Vec<u32>),
    /// Bytes in host order; build it with `TryFrom<Vec<u8>>`, which checks the length.
    OwnedU8(Vec<u8>),
}

impl Binary {
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        self.as_ref()
    }

    /// The words. Panics for an `OwnedU8` built by hand whose bytes are not whole,
    /// 4-aligned words (as the `spirv-tools` crate does); `TryFrom` never builds such a one.
    #[inline]
    pub fn as_words(&self) -> &[u32] {
        self.as_ref()
    }
}

impl TryFrom<Vec<u8>> for Binary {
    type Error = Error;

    fn try_from(v: Vec<u8>) -> Result<Self, Self::Error> {
        if !v.len().is_multiple_of(4) {
            return Err(invalid_length(v.len()));
        }
        // Copy into words when the allocation is not word-aligned, so `as_words` holds.
        Ok(match bytemuck::try_cast_slice::<u8, u32>(&v) {
            Ok(_) => Binary::OwnedU8(v),
            Err(_) => Binary::OwnedU32(
                v.chunks_exact(4)
                    .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            ),
        })
    }
}

impl AsRef<[u32]> for Binary {
    fn as_ref(&self) -> &[u32] {
        match self {
            Self::OwnedU32(v) => v,
            // An empty Vec's dangling pointer need not be word-aligned.
            Self::OwnedU8(v) if v.is_empty() => &[],
            Self::OwnedU8(v) => match bytemuck::try_cast_slice(v) {
                Ok(words) => words,
                Err(e) => panic!("Binary::OwnedU8 is not a whole number of aligned words ({e}); build it with Binary::try_from"),
            },
        }
    }
}

impl AsRef<[u8]> for Binary {
    fn as_ref(&self) -> &[u8] {
        match self {
            Self::OwnedU32(v) => from_binary(v),
            Self::OwnedU8(v) => v,
        }
    }
}

impl fmt::Debug for Binary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Self::OwnedU32(_) => "OwnedU32",
            Self::OwnedU8(_) => "OwnedU8",
        };
        let bytes: &[u8] = self.as_ref();
        f.debug_struct(name)
            .field("word_count", &(bytes.len() / 4))
            .finish()
    }
}

/// The module's words as bytes (host order), without copying.
#[inline]
pub fn from_binary(bin: &[u32]) -> &[u8] {
    bytemuck::cast_slice(bin)
}

/// Bytes as words without copying; fails unless the length is a multiple of 4 (and, since
/// no copy is made, the bytes start on a 4-byte boundary).
pub fn to_binary(bytes: &[u8]) -> Result<&[u32], Error> {
    if !bytes.len().is_multiple_of(4) {
        return Err(invalid_length(bytes.len()));
    }
    if bytes.is_empty() {
        return Ok(&[]);
    }
    bytemuck::try_cast_slice(bytes).map_err(|e| {
        Error::new(
            SpirvResult::InvalidBinary,
            format!("the bytes of a SPIR-V binary are not 4-byte aligned ({e})"),
        )
    })
}

fn invalid_length(len: usize) -> Error {
    Error::new(
        SpirvResult::InvalidBinary,
        format!("a SPIR-V binary is a whole number of 4-byte words, got {len} bytes"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_agree() {
        let words = vec![0x0723_0203u32, 0x0001_0000, 0, 1, 0];
        let bytes = from_binary(&words).to_vec();
        assert_eq!(bytes.len(), 20);
        assert_eq!(bytes[..4], 0x0723_0203u32.to_ne_bytes());
        let bin = Binary::try_from(bytes.clone()).map_err(|e| e.to_string());
        let bin = bin.as_ref().map(Binary::as_words);
        assert_eq!(bin, Ok(&words[..]));
        assert!(Binary::try_from(vec![0u8; 5]).is_err());
        assert!(Binary::OwnedU8(Vec::new()).as_words().is_empty());
        assert_eq!(to_binary(&[]).map(<[u32]>::len), Ok(0));
        assert_eq!(
            to_binary(&[0; 3]).map_err(|e| e.inner),
            Err(SpirvResult::InvalidBinary)
        );
        assert_eq!(
            format!("{:?}", Binary::OwnedU32(words)),
            "OwnedU32 { word_count: 5 }"
        );
    }
}
