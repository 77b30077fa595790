//! Narrowing an `f32` to a 16-bit binary float format (IEEE half, bfloat16): one conversion
//! for the assembler's literals (rounded toward zero, as spirv-as does) and the reverse
//! translator's `--spec-const` values (rounded to nearest even, as llvm-spirv does).

/// How a value between two representable ones is rounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    TowardZero,
    NearestEven,
}

/// The bits of `v` in a binary format with `exp_bits` exponent and `frac_bits` fraction bits
/// (IEEE half: 5, 10; bfloat16: 8, 7), subnormals included. Infinities stay infinite and a
/// NaN becomes the quiet NaN; a finite value whose rounded magnitude is too large for the
/// format gives None (the caller decides between an error and infinity).
pub fn f32_to_narrow(v: f32, exp_bits: u32, frac_bits: u32, rounding: Rounding) -> Option<u64> {
    let sign = u64::from(v.is_sign_negative()) << (exp_bits + frac_bits);
    let exp_all_ones = ((1u64 << exp_bits) - 1) << frac_bits;
    if v.is_nan() {
        return Some(sign | exp_all_ones | 1u64 << (frac_bits - 1));
    }
    if v.is_infinite() {
        return Some(sign | exp_all_ones);
    }
    // Every f32 is a normal f64, and scaling by powers of two is exact there.
    let m = f64::from(v.abs());
    if m == 0.0 {
        return Some(sign);
    }
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let min_exp = 1 - bias;
    let e = ((m.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let round = |x: f64| -> u64 {
        let down = x.floor();
        let up = match rounding {
            Rounding::TowardZero => false,
            Rounding::NearestEven => {
                let rest = x - down;
                rest > 0.5 || (rest == 0.5 && (down as u64) & 1 == 1)
            }
        };
        down as u64 + u64::from(up)
    };
    let one = 1u64 << frac_bits;
    if e >= min_exp {
        let mut e = e;
        let mut q = round(m * 2f64.powi(frac_bits as i32 - e));
        if q == one << 1 {
            e += 1;
            q = one;
        }
        if e > bias {
            return None;
        }
        Some(sign | (((e + bias) as u64) << frac_bits) | (q - one))
    } else {
        // Subnormal; rounding up to `one` is the smallest normal, whose bits are the same.
        Some(sign | round(m * 2f64.powi(frac_bits as i32 - min_exp)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn half(v: f32, r: Rounding) -> Option<u64> {
        f32_to_narrow(v, 5, 10, r)
    }

    #[test]
    fn half_values() {
        use Rounding::*;
        assert_eq!(half(1.0, NearestEven), Some(0x3c00));
        assert_eq!(half(-2.5, TowardZero), Some(0xc100));
        assert_eq!(half(65504.0, NearestEven), Some(0x7bff));
        // 65520 is halfway to 65536: nearest-even overflows, toward zero stays at the max.
        assert_eq!(half(65520.0, NearestEven), None);
        assert_eq!(half(65520.0, TowardZero), Some(0x7bff));
        // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: to even (1); 1 + 3*2^-11 up.
        assert_eq!(half(1.0 + 2f32.powi(-11), NearestEven), Some(0x3c00));
        assert_eq!(half(1.0 + 3.0 * 2f32.powi(-11), NearestEven), Some(0x3c02));
        assert_eq!(half(1.0 + 3.0 * 2f32.powi(-11), TowardZero), Some(0x3c01));
        // Subnormals: the smallest one, and a value that rounds up to the smallest normal.
        assert_eq!(half(2f32.powi(-24), NearestEven), Some(1));
        assert_eq!(
            half(2f32.powi(-14) - 2f32.powi(-26), NearestEven),
            Some(0x0400)
        );
        assert_eq!(
            half(2f32.powi(-14) - 2f32.powi(-26), TowardZero),
            Some(0x03ff)
        );
        assert_eq!(half(-0.0, NearestEven), Some(0x8000));
        assert_eq!(half(f32::INFINITY, NearestEven), Some(0x7c00));
        assert_eq!(half(f32::NAN, NearestEven), Some(0x7e00));
    }

    #[test]
    fn bfloat16_keeps_the_f32_range() {
        assert_eq!(f32_to_narrow(1.0, 8, 7, Rounding::TowardZero), Some(0x3f80));
        assert_eq!(
            f32_to_narrow(3.0e38, 8, 7, Rounding::TowardZero),
            Some(0x7f61)
        );
    }

    #[test]
    fn agrees_with_the_f32_bits_of_every_half() {
        // Every finite half converted to f32 and back is itself, in both roundings.
        for h in 0u64..0x7c00 {
            let v = half_to_f32(h as u16);
            assert_eq!(half(v, Rounding::NearestEven), Some(h), "{h:#x}");
            assert_eq!(half(v, Rounding::TowardZero), Some(h), "{h:#x}");
        }
    }

    fn half_to_f32(h: u16) -> f32 {
        let exp = (h >> 10) & 0x1f;
        let frac = f32::from(h & 0x3ff);
        if exp == 0 {
            frac * 2f32.powi(-24)
        } else {
            (1.0 + frac / 1024.0) * 2f32.powi(i32::from(exp) - 15)
        }
    }
}
