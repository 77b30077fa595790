//! Number formatting exactly as SPIRV-Tools prints literals: integers in decimal (signed per
//! their type), normal and zero floats with `max_digits10` significant digits in `%g` style,
//! everything else (subnormals, infinities, NaNs, 16-bit floats) as hex floats.

/// Appends the decimal form of `v`.
#[inline]
pub fn push_u64(out: &mut Vec<u8>, mut v: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

#[inline]
pub fn push_i64(out: &mut Vec<u8>, v: i64) {
    if v < 0 {
        out.push(b'-');
    }
    push_u64(out, v.unsigned_abs());
}

/// A float encoding: exponent and fraction bit counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FloatFormat {
    pub exponent_bits: u32,
    pub fraction_bits: u32,
}

pub const F16: FloatFormat = FloatFormat {
    exponent_bits: 5,
    fraction_bits: 10,
};
pub const BF16: FloatFormat = FloatFormat {
    exponent_bits: 8,
    fraction_bits: 7,
};
pub const F32: FloatFormat = FloatFormat {
    exponent_bits: 8,
    fraction_bits: 23,
};
pub const F64: FloatFormat = FloatFormat {
    exponent_bits: 11,
    fraction_bits: 52,
};
pub const E4M3: FloatFormat = FloatFormat {
    exponent_bits: 4,
    fraction_bits: 3,
};
pub const E5M2: FloatFormat = FloatFormat {
    exponent_bits: 5,
    fraction_bits: 2,
};

/// Appends `bits` (in `fmt`) as a hex float the way SPIRV-Tools' `HexFloat` prints it:
/// `0x1.8p+1`, `-0x1p-140`, `0x0p+0`, infinities/NaNs with the maximal exponent.
pub fn push_hex_float(out: &mut Vec<u8>, bits: u64, fmt: FloatFormat) {
    let fb = fmt.fraction_bits;
    let eb = fmt.exponent_bits;
    let nibbles = fb.div_ceil(4);
    let overflow = nibbles * 4 - fb;
    let sign = (bits >> (fb + eb)) & 1 != 0;
    let exponent = (bits >> fb) & ((1u64 << eb) - 1);
    let represent_mask = if nibbles * 4 >= 64 {
        u64::MAX
    } else {
        (1u64 << (nibbles * 4)) - 1
    };
    let mut fraction = (bits & ((1u64 << fb) - 1)) << overflow;
    let bias = (1i64 << (eb - 1)) - 1;
    let is_zero = exponent == 0 && fraction == 0;
    let is_denorm = exponent == 0 && !is_zero;
    let mut int_exponent = if is_zero { 0 } else { exponent as i64 - bias };
    if is_denorm {
        let top = 1u64 << (nibbles * 4 - 1);
        while fraction & top == 0 {
            fraction <<= 1;
            int_exponent -= 1;
        }
        fraction = (fraction << 1) & represent_mask;
    }
    let mut n = nibbles;
    while n > 0 && fraction & 0xf == 0 {
        fraction >>= 4;
        n -= 1;
    }
    if sign {
        out.push(b'-');
    }
    out.extend_from_slice(if is_zero { b"0x0" } else { b"0x1" });
    if n > 0 {
        out.push(b'.');
        for i in (0..n).rev() {
            let d = ((fraction >> (i * 4)) & 0xf) as usize;
            out.push(b"0123456789abcdef"[d]);
        }
    }
    out.push(b'p');
    if int_exponent >= 0 {
        out.push(b'+');
    }
    push_i64(out, int_exponent);
}

/// Appends `v` like C++ `ostream << v` with `precision(p)` in the default float format (`%g`).
pub fn push_g(out: &mut Vec<u8>, v: f64, precision: usize) {
    use std::io::Write;
    if v == 0.0 {
        out.extend_from_slice(if v.is_sign_negative() { b"-0" } else { b"0" });
        return;
    }
    let mut buf = [0u8; 48];
    let mut cursor = std::io::Cursor::new(&mut buf[..]);
    // Scientific form with P significant digits decides the exponent after rounding.
    let _ = write!(cursor, "{:.*e}", precision - 1, v);
    let len = cursor.position() as usize;
    let sci = &buf[..len];
    let e_pos = sci.iter().position(|&c| c == b'e').unwrap_or(len);
    let exp: i32 = std::str::from_utf8(&sci[e_pos + 1..])
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    if exp < -4 || exp >= precision as i32 {
        let mantissa = strip_zeros(&sci[..e_pos]);
        out.extend_from_slice(mantissa);
        out.push(b'e');
        out.push(if exp < 0 { b'-' } else { b'+' });
        let a = exp.unsigned_abs();
        if a < 10 {
            out.push(b'0');
        }
        push_u64(out, u64::from(a));
    } else {
        let decimals = (precision as i32 - 1 - exp).max(0) as usize;
        let mut buf2 = [0u8; 400];
        let mut c2 = std::io::Cursor::new(&mut buf2[..]);
        let _ = write!(c2, "{:.*}", decimals, v);
        let l2 = c2.position() as usize;
        out.extend_from_slice(strip_zeros(&buf2[..l2]));
    }
}

fn strip_zeros(s: &[u8]) -> &[u8] {
    if !s.contains(&b'.') {
        return s;
    }
    let mut end = s.len();
    while end > 0 && s[end - 1] == b'0' {
        end -= 1;
    }
    if end > 0 && s[end - 1] == b'.' {
        end -= 1;
    }
    &s[..end]
}

/// A float in `fmt`, printed like SPIRV-Tools' `FloatProxy`.
pub fn push_float(out: &mut Vec<u8>, bits: u64, fmt: FloatFormat) {
    if fmt == F32 {
        let f = f32::from_bits(bits as u32);
        if f == 0.0 || f.is_normal() {
            push_g(out, f64::from(f), 9);
            return;
        }
    } else if fmt == F64 {
        let f = f64::from_bits(bits);
        if f == 0.0 || f.is_normal() {
            push_g(out, f, 17);
            return;
        }
    }
    push_hex_float(out, bits, fmt);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(v: f64, p: usize) -> String {
        let mut o = Vec::new();
        push_g(&mut o, v, p);
        String::from_utf8(o).unwrap()
    }

    fn hex(bits: u64, f: FloatFormat) -> String {
        let mut o = Vec::new();
        push_hex_float(&mut o, bits, f);
        String::from_utf8(o).unwrap()
    }

    #[test]
    fn g_style() {
        assert_eq!(g(f64::from(1e38f32), 9), "9.99999968e+37");
        assert_eq!(g(f64::from(-0.0025f32), 9), "-0.00249999994");
        assert_eq!(g(1.25, 17), "1.25");
        assert_eq!(g(0.1, 17), "0.10000000000000001");
        assert_eq!(g(-0.0, 9), "-0");
        assert_eq!(g(1e100, 17), "1e+100");
        assert_eq!(g(f64::from(0.0001f32), 9), "9.99999975e-05");
        assert_eq!(g(1.0, 9), "1");
        assert_eq!(g(123456789.0, 9), "123456789");
        assert_eq!(g(f64::from(123456789f32), 9), "123456792");
    }

    #[test]
    fn hex_floats() {
        assert_eq!(hex(0x3e00, F16), "0x1.8p+0");
        assert_eq!(hex(0x3fc0, BF16), "0x1.8p+0");
        assert_eq!(hex(0x7f80_0000, F32), "0x1p+128");
        assert_eq!(hex(0x8000_0200, F32), "-0x1p-140");
        assert_eq!(hex(0, F16), "0x0p+0");
    }
}
