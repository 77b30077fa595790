//! Number literals as spirv-opt reads them (SPIRV-Tools `ParseAndEncodeNumber`), for
//! `--set-spec-const-default-value`: integers in C++ stream syntax with base prefixes
//! (`0x` hex, leading `0` octal), range-checked against the width and signedness, hex
//! sign-extended; floats in decimal or hex-float syntax at 16/32/64 bits (16-bit values are
//! parsed as 32-bit floats and truncated toward zero, as SPIRV-Tools does). Overflow is an
//! error. Returns the literal words (low word first) or None.

/// Encodes `text` as an integer literal of `width` bits.
pub fn encode_integer(text: &str, width: u32, signed: bool) -> Option<Vec<u32>> {
    if width == 0 || width > 64 {
        return None;
    }
    let negative = text.starts_with('-');
    let is_hex = text.starts_with("0x") || text.starts_with("0X");
    let value: u64 = if negative {
        if !signed {
            return None;
        }
        parse_c_integer(text)?.signed()? as u64
    } else {
        parse_c_integer(text)?.unsigned()?
    };
    let mut magnitude: u64 = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let overflow = !magnitude;
    let mut sign = 0u64;
    if negative || signed {
        magnitude >>= 1;
        sign = magnitude + 1;
    }
    let failed = if negative {
        (value & overflow) != overflow || (value & sign) != sign
    } else if is_hex {
        value & overflow != 0
    } else {
        value & magnitude != value
    };
    if failed {
        return None;
    }
    let bits = if is_hex && value & sign != 0 {
        value | overflow
    } else {
        value
    };
    Some(if width > 32 {
        vec![bits as u32, (bits >> 32) as u32]
    } else {
        vec![bits as u32]
    })
}

/// An integer read like `std::istream >> std::setbase(0)`: optional sign, then `0x` hex,
/// `0` octal or decimal digits, the whole text.
struct CInteger {
    negative: bool,
    magnitude: u64,
}

impl CInteger {
    fn unsigned(&self) -> Option<u64> {
        // A negative number in an unsigned stream read wraps; only -0 survives the check.
        (!self.negative || self.magnitude == 0).then_some(self.magnitude)
    }

    fn signed(&self) -> Option<i64> {
        if self.negative {
            if self.magnitude <= i64::MAX as u64 + 1 {
                Some((self.magnitude as i64).wrapping_neg())
            } else {
                None
            }
        } else {
            i64::try_from(self.magnitude).ok()
        }
    }
}

fn parse_c_integer(text: &str) -> Option<CInteger> {
    let (negative, rest) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (radix, digits) = if let Some(h) = rest.strip_prefix("0x").or(rest.strip_prefix("0X")) {
        (16, h)
    } else if rest.len() > 1 && rest.starts_with('0') {
        (8, &rest[1..])
    } else {
        (10, rest)
    };
    if digits.is_empty() || !digits.bytes().all(|b| (b as char).is_digit(radix)) {
        return None;
    }
    let magnitude = u64::from_str_radix(digits, radix).ok()?;
    Some(CInteger {
        negative,
        magnitude,
    })
}

/// Encodes `text` as a floating-point literal of `width` (16, 32 or 64) bits.
pub fn encode_float(text: &str, width: u32) -> Option<Vec<u32>> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text),
    };
    if let Some(hex) = rest.strip_prefix("0x").or(rest.strip_prefix("0X")) {
        let v = parse_hex_float(hex)?;
        let v = if negative { -v } else { v };
        return match width {
            16 => f32_to_f16_toward_zero(v as f32).map(|h| vec![u32::from(h)]),
            32 => {
                let f = v as f32;
                f.is_finite().then(|| vec![f.to_bits()])
            }
            64 => v.is_finite().then(|| split64(v.to_bits())),
            _ => None,
        };
    }
    // After a leading '-', the C++ stream reads the rest as a float (a second sign fails).
    if negative && rest.starts_with(['-', '+']) {
        return None;
    }
    if !is_stream_float(rest) {
        return None;
    }
    match width {
        16 | 32 => {
            let f: f32 = rest.parse().ok()?;
            if !f.is_finite() {
                return None;
            }
            let f = if negative { -f } else { f };
            if width == 32 {
                Some(vec![f.to_bits()])
            } else {
                f32_to_f16_toward_zero(f).map(|h| vec![u32::from(h)])
            }
        }
        64 => {
            let d: f64 = rest.parse().ok()?;
            if !d.is_finite() {
                return None;
            }
            let d = if negative { -d } else { d };
            Some(split64(d.to_bits()))
        }
        _ => None,
    }
}

fn split64(bits: u64) -> Vec<u32> {
    vec![bits as u32, (bits >> 32) as u32]
}

/// `[+-]digits[.digits][(e|E)[+-]digits]` with at least one mantissa digit: what a C++
/// stream accepts as a float (no `inf`/`nan`).
fn is_stream_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    let mut digits = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    i == b.len()
}

/// `hexdigits[.hexdigits][(p|P)[+-]decimal]` (after `0x`) as an f64 (exact while the
/// significant digits fit 53 bits).
fn parse_hex_float(s: &str) -> Option<f64> {
    let (mantissa_text, exponent) = match s.find(['p', 'P']) {
        Some(p) => (&s[..p], s[p + 1..].parse::<i32>().ok()?),
        None => (s, 0),
    };
    let (int_part, frac_part) = match mantissa_text.split_once('.') {
        Some((a, b)) => (a, b),
        None => (mantissa_text, ""),
    };
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    let mut mantissa = 0f64;
    for c in int_part.chars().chain(frac_part.chars()) {
        mantissa = mantissa * 16.0 + f64::from(c.to_digit(16)?);
    }
    let scale = exponent.checked_sub(4 * frac_part.len() as i32)?;
    Some(mantissa * 2f64.powi(scale))
}

/// An f32 to IEEE half, rounding toward zero; None on overflow (SPIRV-Tools fails then).
pub fn f32_to_f16_toward_zero(f: f32) -> Option<u16> {
    let bits = f.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        return None;
    }
    if exp == 0 {
        // f32 subnormals are far below the half range.
        return Some(sign);
    }
    let unbiased = exp - 127;
    if unbiased > 15 {
        return None;
    }
    if unbiased >= -14 {
        return Some(sign | (((unbiased + 15) as u16) << 10) | (mant >> 13) as u16);
    }
    // Half subnormal: value = m * 2^-24 with m = (1.mant) * 2^(unbiased + 24), truncated.
    let shift = -(unbiased + 24) + 23; // right shift of the 24-bit significand
    if shift >= 32 {
        return Some(sign);
    }
    let m = ((mant | 0x80_0000) >> shift) as u16;
    Some(sign | m)
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
        assert_eq!(encode_float("2.5", 64), Some(split64(2.5f64.to_bits())));
        assert_eq!(encode_float("1.0", 16), Some(vec![0x3c00]));
        assert_eq!(encode_float("-2.0", 16), Some(vec![0xc000]));
        assert_eq!(encode_float("65504", 16), Some(vec![0x7bff]));
        assert_eq!(encode_float("70000", 16), None);
        // 0.1 truncates toward zero in half precision.
        assert_eq!(encode_float("0.1", 16), Some(vec![0x2e66]));
    }
}
