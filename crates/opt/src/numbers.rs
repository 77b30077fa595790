//! Number literals as spirv-opt reads them for `--set-spec-const-default-value`: SPIRV-Tools
//! parses them with the assembler's `ParseAndEncodeNumber`, so this is the assembler's
//! implementation (`spirvkit_text::asm::numbers`), returning the literal words (low word first)
//! or None when the text is not a literal of that type.

use spirvkit_text::asm::numbers;

/// Encodes `text` as an integer literal of `width` bits.
pub fn encode_integer(text: &str, width: u32, signed: bool) -> Option<Vec<u32>> {
    if width == 0 {
        return None;
    }
    let mut words = Vec::with_capacity(2);
    numbers::encode_int(text, width, signed, &mut |w| words.push(w)).ok()?;
    Some(words)
}

/// Encodes `text` as a floating-point literal of `width` (16, 32 or 64) bits.
pub fn encode_float(text: &str, width: u32) -> Option<Vec<u32>> {
    let mut words = Vec::with_capacity(2);
    numbers::encode_float(text, width, false, &mut |w| words.push(w)).ok()?;
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_follow_spirv_tools() {
        assert_eq!(encode_integer("5", 32, false), Some(vec![5]));
        assert_eq!(encode_integer("0x10", 32, false), Some(vec![16]));
        assert_eq!(encode_integer("010", 32, false), Some(vec![8]));
        assert_eq!(encode_integer("08", 32, false), None);
        assert_eq!(encode_integer("-1", 32, false), None);
        assert_eq!(encode_integer("-1", 32, true), Some(vec![u32::MAX]));
        assert_eq!(encode_integer("-1", 16, true), Some(vec![u32::MAX]));
        assert_eq!(encode_integer("0xFFFF", 16, true), Some(vec![u32::MAX]));
        assert_eq!(encode_integer("0x1FFFF", 16, true), None);
        assert_eq!(encode_integer("32768", 16, true), None);
        assert_eq!(encode_integer("65535", 16, false), Some(vec![65535]));
        assert_eq!(encode_integer("2147483648", 32, true), None);
        assert_eq!(encode_integer("4294967296", 64, false), Some(vec![0, 1]));
        assert_eq!(
            encode_integer("-2", 64, true),
            Some(vec![u32::MAX - 1, u32::MAX])
        );
        assert_eq!(encode_integer("1.5", 32, true), None);
        assert_eq!(encode_integer("", 32, true), None);
    }

    #[test]
    fn floats_follow_spirv_tools() {
        assert_eq!(encode_float("1.5", 32), Some(vec![1.5f32.to_bits()]));
        assert_eq!(encode_float("-2", 32), Some(vec![(-2f32).to_bits()]));
        assert_eq!(encode_float(".5", 32), Some(vec![0.5f32.to_bits()]));
        assert_eq!(encode_float("1e40", 32), None);
        assert_eq!(encode_float("inf", 32), None);
        assert_eq!(encode_float("1e", 32), None);
        assert_eq!(encode_float("0x1.8p1", 32), Some(vec![3f32.to_bits()]));
        assert_eq!(
            encode_float("2.5", 64),
            Some(vec![
                2.5f64.to_bits() as u32,
                (2.5f64.to_bits() >> 32) as u32
            ])
        );
        assert_eq!(encode_float("1.0", 16), Some(vec![0x3c00]));
        assert_eq!(encode_float("-2.0", 16), Some(vec![0xc000]));
        assert_eq!(encode_float("65504", 16), Some(vec![0x7bff]));
        assert_eq!(encode_float("70000", 16), None);
        // 0.1 truncates toward zero in half precision.
        assert_eq!(encode_float("0.1", 16), Some(vec![0x2e66]));
    }
}
