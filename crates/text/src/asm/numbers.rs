//! Numeric literal parsing and encoding with SPIRV-Tools' exact rules (`ParseAndEncodeNumber`):
//! integers in decimal, hex or octal (`std::setbase(0)`), range-checked per type with hex
//! sign extension; floats in decimal (round to nearest; 16-bit formats via f32 then toward
//! zero) or hex-float (truncating, the only way to write infinities and NaNs).

/// The type a literal is parsed as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumType {
    Int {
        width: u32,
        signed: bool,
    },
    /// `encoding`: 0 = IEEE, 1 = bfloat16.
    Float {
        width: u32,
        bfloat: bool,
    },
}

/// Why a literal could not be encoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    #[error("Cannot put a negative number in an unsigned literal")]
    NegativeUnsigned,
    #[error("Invalid signed integer literal: {0}")]
    InvalidSigned(String),
    #[error("Invalid unsigned integer literal: {0}")]
    InvalidUnsigned(String),
    #[error("Integer {0} does not fit in a {1}-bit {2} integer")]
    OutOfRange(String, u32, &'static str),
    #[error("Invalid {0}-bit float literal: {1}")]
    InvalidFloat(u32, String),
    #[error("Unsupported {0}-bit {1} literals")]
    Unsupported(u32, &'static str),
}

/// Parses like `istream >> std::setbase(0) >> u64`: optional `+`, `0x` hex, `0` octal, decimal;
/// all of the text must be consumed; overflow fails.
pub fn parse_u64_base0(s: &str) -> Option<u64> {
    let s = s.strip_prefix('+').unwrap_or(s);
    let b = s.as_bytes();
    let (digits, radix) = if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        (&s[2..], 16)
    } else if b.len() >= 2 && b[0] == b'0' {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    if digits.is_empty() || !digits.bytes().all(|c| (c as char).is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// Like `istream >> std::setbase(0) >> i64`.
pub fn parse_i64_base0(s: &str) -> Option<i64> {
    let (neg, rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if rest.starts_with(['+', '-']) {
        return None;
    }
    let m = parse_u64_base0(rest)?;
    if neg {
        if m > 1u64 << 63 {
            None
        } else {
            Some((m as i64).wrapping_neg())
        }
    } else {
        i64::try_from(m).ok()
    }
}

/// `ParseNumber<uint32_t>` (used for `!<imm>` and numeric ids).
pub fn parse_u32_base0(s: &str) -> Option<u32> {
    if s.starts_with('-') {
        // "-0" is accepted as 0; anything else negative is out of range.
        return parse_i64_base0(s).filter(|&v| v == 0).map(|_| 0);
    }
    parse_u64_base0(s).and_then(|v| u32::try_from(v).ok())
}

/// Encodes an integer literal: one word for widths up to 32, two (low first) up to 64.
pub fn encode_int(
    text: &str,
    width: u32,
    signed: bool,
    out: &mut impl FnMut(u32),
) -> Result<(), NumberError> {
    if width > 64 {
        for word in encode_wide_int(text, width, signed)? {
            out(word);
        }
        return Ok(());
    }
    let negative = text.starts_with('-');
    if negative && !signed {
        return Err(NumberError::NegativeUnsigned);
    }
    let b = text.as_bytes();
    let is_hex = b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X');
    let magnitude_full: u64 = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let overflow_mask = !magnitude_full;
    let bits: u64 = if negative {
        let v =
            parse_i64_base0(text).ok_or_else(|| NumberError::InvalidSigned(text.to_string()))?;
        // value < 0 (or -0): sign bit accommodated.
        let magnitude = magnitude_full >> 1;
        let sign_mask = magnitude + 1;
        if v < 0 {
            let u = v as u64;
            if (u & overflow_mask) != overflow_mask || (u & sign_mask) != sign_mask {
                return Err(NumberError::OutOfRange(
                    v.to_string(),
                    width,
                    if signed { "signed" } else { "unsigned" },
                ));
            }
        }
        v as u64
    } else {
        let v =
            parse_u64_base0(text).ok_or_else(|| NumberError::InvalidUnsigned(text.to_string()))?;
        let (magnitude, sign_mask) = if signed {
            (magnitude_full >> 1, (magnitude_full >> 1) + 1)
        } else {
            (magnitude_full, 0)
        };
        let failed = if is_hex {
            v & overflow_mask != 0
        } else {
            v & magnitude != v
        };
        if failed {
            let shown = if is_hex {
                format!("{v:#x}")
            } else {
                v.to_string()
            };
            return Err(NumberError::OutOfRange(
                shown,
                width,
                if signed { "signed" } else { "unsigned" },
            ));
        }
        if is_hex && v & sign_mask != 0 {
            v | overflow_mask
        } else {
            v
        }
    };
    out(bits as u32);
    if width > 32 {
        out((bits >> 32) as u32);
    }
    Ok(())
}

/// The words (low first) of an integer literal wider than 64 bits: hexadecimal of any length
/// (the bit pattern; a signed type's set top bit is sign-extended through the last word),
/// or decimal within 128 bits.
fn encode_wide_int(text: &str, width: u32, signed: bool) -> Result<Vec<u32>, NumberError> {
    let count = width.div_ceil(32) as usize;
    let out_of_range = || {
        NumberError::OutOfRange(
            text.to_string(),
            width,
            if signed { "signed" } else { "unsigned" },
        )
    };
    let mut words = vec![0u32; count];
    let hex = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"));
    if let Some(digits) = hex {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(NumberError::InvalidUnsigned(text.to_string()));
        }
        for (i, d) in digits.bytes().rev().enumerate() {
            let nibble = char::from(d).to_digit(16).unwrap_or(0);
            if nibble == 0 {
                continue;
            }
            let bit = i * 4;
            if bit + (32 - nibble.leading_zeros() as usize) > width as usize {
                return Err(out_of_range());
            }
            words[bit / 32] |= nibble << (bit % 32);
        }
    } else {
        let negative = text.starts_with('-');
        if negative && !signed {
            return Err(NumberError::NegativeUnsigned);
        }
        let value: i128 = if negative {
            text.parse::<i128>()
                .map_err(|_| NumberError::InvalidSigned(text.to_string()))?
        } else {
            let v = text
                .parse::<u128>()
                .map_err(|_| NumberError::InvalidUnsigned(text.to_string()))?;
            // Beyond i128 only an unsigned 128-bit type holds it.
            if v > i128::MAX as u128 && (signed || width < 128) {
                return Err(out_of_range());
            }
            v as i128
        };
        let limit = width.min(128);
        let fits = if signed {
            limit == 128 || (value >> (limit - 1) == 0 || value >> (limit - 1) == -1)
        } else {
            limit == 128 || value >> limit == 0
        };
        if !fits {
            return Err(out_of_range());
        }
        let fill = if value < 0 { u32::MAX } else { 0 };
        for (i, word) in words.iter_mut().enumerate() {
            *word = if i < 4 {
                (value >> (32 * i)) as u32
            } else {
                fill
            };
        }
    }
    // Bits above the width: the sign for a signed type, zero otherwise.
    let spare = width % 32;
    if spare != 0 {
        if let Some(top) = words.last_mut() {
            let mask = (1u32 << spare) - 1;
            let negative = signed && (*top >> (spare - 1)) & 1 == 1;
            *top = if negative { *top | !mask } else { *top & mask };
        }
    }
    Ok(words)
}

/// Encodes a float literal of the given width (16: IEEE half or bfloat16, 32, 64).
pub fn encode_float(
    text: &str,
    width: u32,
    bfloat: bool,
    out: &mut impl FnMut(u32),
) -> Result<(), NumberError> {
    let bad = || NumberError::InvalidFloat(width, text.to_string());
    match width {
        16 => {
            let (e, f) = if bfloat { (8, 7) } else { (5, 10) };
            let bits = parse_float_bits(text, 16, e, f).ok_or_else(bad)?;
            out(bits as u32);
        }
        32 => out(parse_float_bits(text, 32, 8, 23).ok_or_else(bad)? as u32),
        64 => {
            let bits = parse_float_bits(text, 64, 11, 52).ok_or_else(bad)?;
            out(bits as u32);
            out((bits >> 32) as u32);
        }
        _ => return Err(NumberError::Unsupported(width, "float")),
    }
    Ok(())
}

/// `HexFloat<...>` stream extraction followed by the end-of-text check.
fn parse_float_bits(text: &str, used: u32, eb: u32, fb: u32) -> Option<u64> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut negate = false;
    match b.first() {
        Some(b'-') | Some(b'0') => {}
        _ => return parse_normal(text, false, used, eb, fb),
    }
    if b[0] == b'-' {
        negate = true;
        i = 1;
    }
    if b.get(i) == Some(&b'0') {
        if !matches!(b.get(i + 1), Some(b'x') | Some(b'X')) {
            return parse_normal(&text[i..], negate, used, eb, fb);
        }
        i += 2;
    } else {
        return parse_normal(&text[i..], negate, used, eb, fb);
    }
    parse_hex_float(&b[i..], negate, used, eb, fb)
}

fn parse_hex_float(b: &[u8], negate: bool, used: u32, eb: u32, fb: u32) -> Option<u64> {
    let uint_mask: u64 = if used == 64 {
        u64::MAX
    } else {
        (1u64 << used) - 1
    };
    let top = used - 1;
    let bias: i64 = (1i64 << (eb - 1)) - 1;
    let mut i = 0;
    let peek = |i: usize| b.get(i).copied().unwrap_or(0);
    let mut fraction: u64 = 0;
    let mut exponent: i64 = bias;
    let mut fraction_index: u32 = 0;
    while peek(i) == b'0' {
        i += 1;
    }
    let mut is_denorm = true;
    let mut bits_written = false;
    let mut seen_dot = false;
    let mut seen_p = false;
    let write = |fraction: &mut u64, bit: u64, index: &mut u32| {
        if *index <= top {
            *fraction |= (bit << (top - *index)) & uint_mask;
        }
        *index += 1;
    };
    while !seen_p && !seen_dot {
        let c = peek(i);
        if c == b'.' {
            seen_dot = true;
        } else if c == b'p' {
            seen_p = true;
        } else if c.is_ascii_hexdigit() {
            is_denorm = false;
            let mut number = (c as char).to_digit(16).unwrap_or(0);
            for _ in 0..4 {
                let bit = u64::from((number & 0x8) != 0);
                if bits_written {
                    write(&mut fraction, bit, &mut fraction_index);
                    exponent += 1;
                }
                bits_written |= bit != 0;
                number <<= 1;
            }
        } else {
            return None;
        }
        i += 1;
    }
    bits_written = false;
    while seen_dot && !seen_p {
        let c = peek(i);
        if c == b'p' {
            seen_p = true;
        } else if c.is_ascii_hexdigit() {
            let mut number = (c as char).to_digit(16).unwrap_or(0);
            for _ in 0..4 {
                let bit = u64::from((number & 0x8) != 0);
                bits_written |= bit != 0;
                if is_denorm && !bits_written {
                    exponent -= 1;
                } else {
                    write(&mut fraction, bit, &mut fraction_index);
                }
                number <<= 1;
            }
        } else {
            return None;
        }
        i += 1;
    }
    let mut seen_sign = false;
    let mut sign: i64 = 1;
    let mut seen_digits = false;
    let mut written: i64 = 0;
    loop {
        let c = peek(i);
        if !seen_digits && (c == b'-' || c == b'+') {
            if seen_sign {
                return None;
            }
            seen_sign = true;
            sign = if c == b'-' { -1 } else { 1 };
        } else if c.is_ascii_digit() {
            seen_digits = true;
            written = written
                .saturating_mul(10)
                .saturating_add(i64::from(c - b'0'))
                .min(i64::from(i32::MAX));
        } else {
            break;
        }
        i += 1;
    }
    if !seen_digits || i != b.len() {
        return None;
    }
    exponent = exponent.saturating_add(written * sign);
    let mut is_zero = is_denorm && fraction == 0;
    if is_denorm && !is_zero {
        fraction = (fraction << 1) & uint_mask;
        exponent -= 1;
    } else if is_zero {
        exponent = 0;
    }
    if exponent <= 0 && !is_zero {
        fraction >>= 1;
        fraction |= 1u64 << top;
    }
    let encode_mask = (1u64 << fb) - 1;
    fraction = (fraction >> (used - fb)) & encode_mask;
    let max_exponent = (1i64 << eb) - 1;
    while exponent < 0 && !is_zero {
        fraction >>= 1;
        exponent += 1;
        fraction &= encode_mask;
        if fraction == 0 {
            is_zero = true;
            exponent = 0;
        }
    }
    if exponent > max_exponent {
        exponent = max_exponent;
        fraction = 0;
    }
    let mut bits = u64::from(negate) << top;
    bits |= fraction;
    bits |= ((exponent as u64) << fb) & (((1u64 << eb) - 1) << fb);
    Some(bits)
}

/// `istream >> float`: `[+-]?digits[.digits][(e|E)[+-]digits]` with at least one mantissa digit.
fn decimal_syntax_ok(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+') | Some(b'-')) {
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
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
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

fn parse_normal(s: &str, negate: bool, used: u32, eb: u32, fb: u32) -> Option<u64> {
    if negate && s.starts_with(['+', '-']) {
        return None;
    }
    if !decimal_syntax_ok(s) {
        return None;
    }
    match used {
        64 => {
            let v: f64 = s.parse().ok()?;
            if v.is_infinite() {
                return None;
            }
            let v = if negate { -v } else { v };
            Some(v.to_bits())
        }
        32 => {
            let v: f32 = s.parse().ok()?;
            if v.is_infinite() {
                return None;
            }
            let v = if negate { -v } else { v };
            Some(u64::from(v.to_bits()))
        }
        _ => {
            let v: f32 = s.parse().ok()?;
            if v.is_infinite() {
                return None;
            }
            let v = if negate { -v } else { v };
            // spirv-as rounds toward zero and refuses what overflows.
            spirvkit_core::float::f32_to_narrow(
                v,
                eb,
                fb,
                spirvkit_core::float::Rounding::TowardZero,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(t: &str, w: u32, s: bool) -> Result<Vec<u32>, NumberError> {
        let mut v = Vec::new();
        encode_int(t, w, s, &mut |x| v.push(x)).map(|_| v)
    }

    fn float(t: &str, w: u32) -> Option<Vec<u32>> {
        let mut v = Vec::new();
        encode_float(t, w, false, &mut |x| v.push(x))
            .ok()
            .map(|_| v)
    }

    #[test]
    fn integers() {
        assert_eq!(int("010", 32, false).unwrap(), [8]);
        assert_eq!(int("0x10", 32, false).unwrap(), [16]);
        assert_eq!(int("-1", 32, true).unwrap(), [0xffff_ffff]);
        assert_eq!(int("-1", 16, true).unwrap(), [0xffff_ffff]);
        assert_eq!(int("0xffff", 16, true).unwrap(), [0xffff_ffff]);
        assert_eq!(int("65535", 16, false).unwrap(), [0xffff]);
        assert!(int("32768", 16, true).is_err());
        assert!(int("-1", 32, false).is_err());
        assert_eq!(int("-1", 64, true).unwrap(), [0xffff_ffff, 0xffff_ffff]);
        assert_eq!(int("0x100000002", 64, false).unwrap(), [2, 1]);
        assert!(int("09", 32, false).is_err());
        assert!(int("4294967296", 32, false).is_err());
    }

    #[test]
    fn floats() {
        assert_eq!(float("1.5", 32).unwrap(), [0x3fc0_0000]);
        assert_eq!(float("0x1.8p+1", 32).unwrap(), [0x4040_0000]);
        assert_eq!(float("0x1p+128", 32).unwrap(), [0x7f80_0000]);
        assert_eq!(float("-0x1p-140", 32).unwrap(), [0x8000_0200]);
        assert_eq!(float("1.5", 16).unwrap(), [0x3e00]);
        assert!(float("1e39", 32).is_none());
        assert!(float("70000", 16).is_none());
        assert_eq!(float("-0.0", 32).unwrap(), [0x8000_0000]);
        assert_eq!(float("1", 64).unwrap(), [0, 0x3ff0_0000]);
        assert!(float("inf", 32).is_none());
        assert!(float("1.5x", 32).is_none());
    }
}
