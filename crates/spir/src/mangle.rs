//! Demangling of SPIR built-in names (SPIR 1.2 Appendix A: Itanium with `U3AS<n>` address
//! spaces, `Dv<n>_` vectors, OpenCL type names, `r`/`K`/`V` qualifiers and substitutions).

/// Scalar kinds of the mangling alphabet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Void,
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Half,
    /// `DF16b` (`__bf16` / `std::bfloat16_t`), SPV_KHR_bfloat16's type.
    BFloat16,
    Float,
    Double,
}

impl Scalar {
    pub fn is_signed(self) -> bool {
        matches!(
            self,
            Scalar::Char | Scalar::SChar | Scalar::Short | Scalar::Int | Scalar::Long
        )
    }

    pub fn is_float(self) -> bool {
        matches!(
            self,
            Scalar::Half | Scalar::BFloat16 | Scalar::Float | Scalar::Double
        )
    }
}

/// A demangled parameter type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MType {
    Scalar(Scalar),
    Vector(u32, Scalar),
    Pointer {
        addrspace: u32,
        pointee: Box<MType>,
    },
    /// `ocl_image2d`, `ocl_sampler`, `ocl_event`, ...
    Named(String),
}

impl MType {
    /// The scalar (or vector element) kind, if any.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            MType::Scalar(s) | MType::Vector(_, s) => Some(*s),
            _ => None,
        }
    }

    pub fn vector_len(&self) -> Option<u32> {
        match self {
            MType::Vector(n, _) => Some(*n),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Demangled {
    pub name: String,
    pub params: Vec<MType>,
}

impl Demangled {
    /// The scalar kind of parameter `i`, looking through vectors.
    pub fn param_scalar(&self, i: usize) -> Option<Scalar> {
        self.params.get(i).and_then(MType::scalar)
    }
}

/// Demangles `_Z<len><name><params>`; plain C names come back with no parameters.
pub fn demangle(symbol: &str) -> Option<Demangled> {
    let Some(rest) = symbol.strip_prefix("_Z") else {
        return Some(Demangled {
            name: symbol.to_owned(),
            params: Vec::new(),
        });
    };
    let mut p = Cursor {
        s: rest.as_bytes(),
        pos: 0,
        subs: Vec::new(),
    };
    let len = p.number()?;
    let name = p.take(len)?.to_owned();
    let mut params = Vec::new();
    while p.pos < p.s.len() {
        let t = p.ty()?;
        if t != MType::Scalar(Scalar::Void) {
            params.push(t);
        }
    }
    Some(Demangled { name, params })
}

/// The name part of `_Z<len><name>...` even when the parameter types do not demangle (SPIR-V
/// friendly IR names carry types such as `target("spirv.Image", ...)` spellings).
pub fn demangle_name(symbol: &str) -> Option<&str> {
    let rest = symbol.strip_prefix("_Z")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let len: usize = rest.get(..digits)?.parse().ok()?;
    rest.get(digits..digits.checked_add(len)?)
}

struct Cursor<'a> {
    s: &'a [u8],
    pos: usize,
    subs: Vec<MType>,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    fn number(&mut self) -> Option<usize> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        std::str::from_utf8(self.s.get(start..self.pos)?)
            .ok()?
            .parse()
            .ok()
    }

    fn take(&mut self, n: usize) -> Option<&'a str> {
        let bytes = self.s.get(self.pos..self.pos.checked_add(n)?)?;
        self.pos += n;
        std::str::from_utf8(bytes).ok()
    }

    fn ty(&mut self) -> Option<MType> {
        let c = self.bump()?;
        let scalar = |s| Some(MType::Scalar(s));
        match c {
            b'v' => scalar(Scalar::Void),
            b'b' => scalar(Scalar::Bool),
            b'c' => scalar(Scalar::Char),
            b'a' => scalar(Scalar::SChar),
            b'h' => scalar(Scalar::UChar),
            b's' => scalar(Scalar::Short),
            b't' => scalar(Scalar::UShort),
            b'i' => scalar(Scalar::Int),
            b'j' => scalar(Scalar::UInt),
            b'l' => scalar(Scalar::Long),
            b'm' => scalar(Scalar::ULong),
            b'f' => scalar(Scalar::Float),
            b'd' => scalar(Scalar::Double),
            b'D' => match self.bump()? {
                b'h' => scalar(Scalar::Half),
                // `DF16b` is bfloat16 (`DF16_` is `_Float16`, spelt `Dh` by OpenCL).
                b'F' => {
                    (self.bump()? == b'1' && self.bump()? == b'6').then_some(())?;
                    match self.bump()? {
                        b'b' => scalar(Scalar::BFloat16),
                        b'_' => scalar(Scalar::Half),
                        _ => None,
                    }
                }
                b'v' => {
                    let n = self.number()? as u32;
                    (self.bump()? == b'_').then_some(())?;
                    let elem = self.ty()?;
                    let t = MType::Vector(n, elem.scalar()?);
                    self.subs.push(t.clone());
                    Some(t)
                }
                _ => None,
            },
            b'P' => {
                let mut addrspace = 0;
                // Qualifiers: r (restrict), V (volatile), K (const), U3AS<n> (address space).
                loop {
                    match self.peek()? {
                        b'r' | b'V' | b'K' => self.pos += 1,
                        b'U' => {
                            self.pos += 1;
                            let len = self.number()?;
                            let q = self.take(len)?;
                            if let Some(n) = q.strip_prefix("AS") {
                                addrspace = n.parse().ok()?;
                            }
                        }
                        _ => break,
                    }
                }
                let pointee = self.ty()?;
                let t = MType::Pointer {
                    addrspace,
                    pointee: Box::new(pointee),
                };
                self.subs.push(t.clone());
                Some(t)
            }
            b'S' => {
                // S_ is the first substitution, S<seq-id>_ the (seq-id + 2)th (base 36).
                let mut index = 0usize;
                loop {
                    match self.bump()? {
                        b'_' => break,
                        d @ b'0'..=b'9' => index = index * 36 + usize::from(d - b'0') + 1,
                        d @ b'A'..=b'Z' => index = index * 36 + usize::from(d - b'A') + 11,
                        _ => return None,
                    }
                }
                // Itanium also numbers qualified types (`U7_Atomic`...), which this table does
                // not keep: past a non-empty table, a substitution stays an unnamed type
                // rather than failing the whole name.
                match self.subs.get(index) {
                    Some(t) => Some(t.clone()),
                    None if !self.subs.is_empty() => Some(MType::Named(String::new())),
                    None => None,
                }
            }
            // A vendor extended type, `u <source-name>`: clang spells `__bf16` `u6__bf16`
            // (SYCL's bfloat16 built-ins, before the `DF16b` spelling). Vendor types are
            // substitution candidates, unlike the builtin letters.
            b'u' => {
                let len = self.number()?;
                let t = match self.take(len)? {
                    "__bf16" => MType::Scalar(Scalar::BFloat16),
                    name => MType::Named(name.to_owned()),
                };
                self.subs.push(t.clone());
                Some(t)
            }
            b'0'..=b'9' => {
                self.pos -= 1;
                let len = self.number()?;
                let t = MType::Named(self.take(len)?.to_owned());
                self.subs.push(t.clone());
                Some(t)
            }
            // Qualifiers on non-pointer types (e.g. `K` on by-value) are ignored.
            b'K' | b'V' | b'r' => self.ty(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demangles_spir_builtins() {
        let d = demangle("_Z13get_global_idj").unwrap();
        assert_eq!(d.name, "get_global_id");
        assert_eq!(d.params, vec![MType::Scalar(Scalar::UInt)]);
        let d = demangle("_Z21async_work_group_copyPU3AS1Dv16_cPKU3AS3S_m9ocl_event").unwrap();
        assert_eq!(d.name, "async_work_group_copy");
        assert_eq!(d.params.len(), 4);
        assert_eq!(
            d.params[1],
            MType::Pointer {
                addrspace: 3,
                pointee: Box::new(MType::Vector(16, Scalar::Char))
            }
        );
        assert_eq!(d.params[3], MType::Named("ocl_event".into()));
        let d = demangle("_Z10atomic_addPVU3AS1ii").unwrap();
        assert_eq!(
            d.params[0],
            MType::Pointer {
                addrspace: 1,
                pointee: Box::new(MType::Scalar(Scalar::Int))
            }
        );
        let d = demangle("_Z11read_imagef11ocl_image2d11ocl_samplerDv2_f").unwrap();
        assert_eq!(d.params[2], MType::Vector(2, Scalar::Float));
        let d = demangle("_Z12get_work_dimv").unwrap();
        assert!(d.params.is_empty());
        assert_eq!(demangle("printf").unwrap().name, "printf");
        assert!(demangle("_Z99x").is_none());
        assert!(demangle("_Z3fooS9_").is_none());
    }
}

/// A parameter type to mangle (the reverse translator's view): qualifiers matter here,
/// since the built-in library's names carry them (`PU3AS1Kf` for `const __global float *`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamType {
    Scalar(Scalar),
    Vector(u32, Scalar),
    Pointer {
        addrspace: u32,
        konst: bool,
        volatile: bool,
        pointee: Box<ParamType>,
    },
    /// A vendor type by its mangled source name (`ocl_image2d`, `ocl_event`, `ocl_sampler`).
    Named(String),
    /// `_Atomic(T)` (`U7_Atomic`), the pointee of the OpenCL 2.0 atomic built-ins.
    Atomic(Box<ParamType>),
}

fn scalar_code(s: Scalar) -> &'static str {
    match s {
        Scalar::Void => "v",
        Scalar::Bool => "b",
        Scalar::Char => "c",
        Scalar::SChar => "a",
        Scalar::UChar => "h",
        Scalar::Short => "s",
        Scalar::UShort => "t",
        Scalar::Int => "i",
        Scalar::UInt => "j",
        Scalar::Long => "l",
        Scalar::ULong => "m",
        Scalar::Half => "Dh",
        Scalar::BFloat16 => "DF16b",
        Scalar::Float => "f",
        Scalar::Double => "d",
    }
}

/// `S_`, `S0_`, `S1_`, ... for substitution candidate `n`.
fn substitution(n: usize) -> String {
    if n == 0 {
        return "S_".into();
    }
    let mut digits = Vec::new();
    let mut v = n - 1;
    loop {
        let d = (v % 36) as u8;
        digits.push(if d < 10 { b'0' + d } else { b'A' + d - 10 });
        v /= 36;
        if v == 0 {
            break;
        }
    }
    digits.reverse();
    format!("S{}_", String::from_utf8_lossy(&digits))
}

/// Mangles a built-in call the way clang does for SPIR (Itanium, `U3AS<n>` address spaces,
/// substitutions of vectors, qualified types, pointers and vendor types).
pub fn mangle(name: &str, params: &[ParamType]) -> String {
    let mut out = format!("_Z{}{}", name.len(), name);
    if params.is_empty() {
        out.push('v');
        return out;
    }
    let mut subs: Vec<String> = Vec::new();
    for p in params {
        mangle_type(p, &mut out, &mut subs);
    }
    out
}

fn mangle_type(p: &ParamType, out: &mut String, subs: &mut Vec<String>) {
    // The mangling of `p` on its own, used as its substitution key.
    let key = format!("{p:?}");
    if !matches!(p, ParamType::Scalar(_)) {
        if let Some(n) = subs.iter().position(|s| *s == key) {
            out.push_str(&substitution(n));
            return;
        }
    }
    match p {
        ParamType::Scalar(s) => out.push_str(scalar_code(*s)),
        ParamType::Vector(n, s) => {
            out.push_str(&format!("Dv{n}_{}", scalar_code(*s)));
            subs.push(key);
        }
        ParamType::Named(n) => {
            out.push_str(&format!("{}{n}", n.len()));
            subs.push(key);
        }
        ParamType::Atomic(inner) => {
            out.push_str("U7_Atomic");
            mangle_type(inner, out, subs);
            subs.push(key);
        }
        ParamType::Pointer {
            addrspace,
            konst,
            volatile,
            pointee,
        } => {
            out.push('P');
            let qualified = *addrspace != 0 || *konst || *volatile;
            if qualified {
                // The qualified pointee is one candidate, after its unqualified parts.
                let qkey = format!("Q{addrspace}{konst}{volatile}{pointee:?}");
                if let Some(n) = subs.iter().position(|s| *s == qkey) {
                    out.push_str(&substitution(n));
                } else {
                    if *addrspace != 0 {
                        out.push_str(&format!("U3AS{addrspace}"));
                    }
                    if *volatile {
                        out.push('V');
                    }
                    if *konst {
                        out.push('K');
                    }
                    mangle_type(pointee, out, subs);
                    subs.push(qkey);
                }
            } else {
                mangle_type(pointee, out, subs);
            }
            subs.push(key);
        }
    }
}

#[cfg(test)]
mod mangle_tests {
    use super::*;

    fn ptr(addrspace: u32, konst: bool, pointee: ParamType) -> ParamType {
        ParamType::Pointer {
            addrspace,
            konst,
            volatile: false,
            pointee: Box::new(pointee),
        }
    }

    #[test]
    fn mangles_like_clang() {
        use ParamType::*;
        assert_eq!(
            mangle("get_global_id", &[Scalar(super::Scalar::UInt)]),
            "_Z13get_global_idj"
        );
        let f4 = Vector(4, super::Scalar::Float);
        assert_eq!(
            mangle("fract", &[f4.clone(), ptr(0, false, f4.clone())]),
            "_Z5fractDv4_fPS_"
        );
        assert_eq!(
            mangle(
                "vload4",
                &[
                    Scalar(super::Scalar::ULong),
                    ptr(1, true, Scalar(super::Scalar::Float))
                ]
            ),
            "_Z6vload4mPU3AS1Kf"
        );
        assert_eq!(
            mangle(
                "vstore4",
                &[
                    f4.clone(),
                    Scalar(super::Scalar::ULong),
                    ptr(1, false, Scalar(super::Scalar::Float))
                ]
            ),
            "_Z7vstore4Dv4_fmPU3AS1f"
        );
        assert_eq!(
            mangle("fract", &[f4.clone(), ptr(1, false, f4)]),
            "_Z5fractDv4_fPU3AS1S_"
        );
        for s in ["_Z13get_global_idj", "_Z5fractDv4_fPU3AS1S_"] {
            assert!(demangle(s).is_some());
        }
    }
}
