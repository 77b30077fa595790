//! Friendly names, as SPIRV-Tools' `FriendlyNameMapper` assigns them: first claim wins in
//! binary order, sanitized to `[A-Za-z0-9_]`, collisions suffixed `_0`, `_1`, ...
//!
//! The reference searches suffixes from `_0` every time (quadratic when many ids share a
//! name); here every base remembers the next suffix to try. Because names are only ever added
//! to the used set, all suffixes below that counter are still taken, so the choice is the same.

use super::numbers::{push_float, push_i64, push_u64, BF16, E4M3, E5M2, F16, F32, F64};
use spirvkit_core::{NumberKind, ParsedInstruction, ParsedOperand, Parser};
use spirvkit_grammar::{Op, OperandKind};
use std::collections::{HashMap, HashSet};

/// Per-id name storage: `NUMERIC` means "the id's decimal number".
const NUMERIC: u64 = u64::MAX;

enum Slots {
    Dense(Vec<u64>),
    Sparse(HashMap<u32, u64>),
}

impl Slots {
    fn get(&self, id: u32) -> u64 {
        match self {
            Slots::Dense(v) => v.get(id as usize).copied().unwrap_or(NUMERIC),
            Slots::Sparse(m) => m.get(&id).copied().unwrap_or(NUMERIC),
        }
    }
}

/// Id → friendly name.
pub struct FriendlyNames {
    slots: Slots,
    arena: String,
    /// Ids that received a name (numeric or not): the first claim wins.
    claimed: Claimed,
    /// Float types encoded as bfloat16 or 8-bit floats: (type id, format).
    pub(crate) float_formats: HashMap<u32, super::numbers::FloatFormat>,
}

enum Claimed {
    Dense(Vec<bool>),
    Sparse(HashSet<u32>),
}

impl FriendlyNames {
    /// Writes the name of `id` (without `%`).
    #[inline]
    pub fn push(&self, out: &mut Vec<u8>, id: u32) {
        let s = self.slots.get(id);
        if s == NUMERIC {
            push_u64(out, u64::from(id));
        } else {
            let start = (s >> 32) as usize;
            let len = (s & 0xffff_ffff) as usize;
            out.extend_from_slice(&self.arena.as_bytes()[start..start + len]);
        }
    }

    /// The name of `id` as a string.
    pub fn get(&self, id: u32) -> std::borrow::Cow<'_, str> {
        let s = self.slots.get(id);
        if s == NUMERIC {
            std::borrow::Cow::Owned(id.to_string())
        } else {
            let start = (s >> 32) as usize;
            let len = (s & 0xffff_ffff) as usize;
            std::borrow::Cow::Borrowed(&self.arena[start..start + len])
        }
    }

    fn set(&mut self, id: u32, start: usize, len: usize) {
        let v = ((start as u64) << 32) | len as u64;
        match &mut self.slots {
            Slots::Dense(s) => {
                if let Some(slot) = s.get_mut(id as usize) {
                    *slot = v;
                }
            }
            Slots::Sparse(m) => {
                m.insert(id, v);
            }
        }
    }

    fn is_claimed(&self, id: u32) -> bool {
        match &self.claimed {
            Claimed::Dense(v) => v.get(id as usize).copied().unwrap_or(false),
            Claimed::Sparse(s) => s.contains(&id),
        }
    }

    fn claim(&mut self, id: u32) {
        match &mut self.claimed {
            Claimed::Dense(v) => {
                if let Some(c) = v.get_mut(id as usize) {
                    *c = true;
                }
            }
            Claimed::Sparse(s) => {
                s.insert(id);
            }
        }
    }
}

/// Builds the names for a module (the words after decoding succeeded up to the first error:
/// like the reference, a decoding failure just stops naming).
pub fn build(words: &[u32]) -> FriendlyNames {
    let bound = words.get(3).copied().unwrap_or(0);
    let dense = (bound as usize) <= words.len().saturating_mul(4).saturating_add(64);
    let mut b = Builder {
        names: FriendlyNames {
            slots: if dense {
                Slots::Dense(vec![NUMERIC; bound as usize])
            } else {
                Slots::Sparse(HashMap::new())
            },
            arena: String::with_capacity(words.len()),
            claimed: if dense {
                Claimed::Dense(vec![false; bound as usize])
            } else {
                Claimed::Sparse(HashSet::new())
            },
            float_formats: HashMap::new(),
        },
        used: HashSet::new(),
        numeric_used: vec![false; if dense { bound as usize } else { 0 }],
        next_suffix: HashMap::new(),
        scratch: String::new(),
        suggestion: Vec::new(),
    };
    let Ok(mut parser) = Parser::new(words) else {
        return b.names;
    };
    while let Ok(Some(inst)) = parser.next_instruction() {
        b.instruction(&inst);
    }
    b.names
}

struct Builder {
    names: FriendlyNames,
    used: HashSet<Box<str>>,
    /// Canonical decimal names (`"17"`) below the bound, which are most names.
    numeric_used: Vec<bool>,
    next_suffix: HashMap<Box<str>, u32>,
    scratch: String,
    suggestion: Vec<u8>,
}

fn canonical_number(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.is_empty()
        || b.len() > 9
        || !b.iter().all(u8::is_ascii_digit)
        || (b[0] == b'0' && b.len() > 1)
    {
        return None;
    }
    s.parse().ok()
}

impl Builder {
    /// Inserts `name` into the used set; false when it was already used.
    fn insert_used(&mut self, name: &str) -> bool {
        if let Some(n) = canonical_number(name) {
            if let Some(slot) = self.numeric_used.get_mut(n) {
                return !std::mem::replace(slot, true);
            }
        }
        if self.used.contains(name) {
            return false;
        }
        self.used.insert(name.into());
        true
    }

    /// SaveName(id, suggestion in `self.suggestion`) — sanitizes and de-duplicates.
    fn save_suggestion(&mut self, id: u32) {
        if self.names.is_claimed(id) {
            return;
        }
        self.names.claim(id);
        self.scratch.clear();
        if self.suggestion.is_empty() {
            self.scratch.push('_');
        } else {
            for &c in &self.suggestion {
                self.scratch
                    .push(if c.is_ascii_alphanumeric() || c == b'_' {
                        c as char
                    } else {
                        '_'
                    });
            }
        }
        let name = std::mem::take(&mut self.scratch);
        if self.insert_used(&name) {
            self.store(id, &name);
        } else {
            let mut base = name.clone();
            base.push('_');
            let mut index = self.next_suffix.get(base.as_str()).copied().unwrap_or(0);
            let mut candidate = String::with_capacity(base.len() + 4);
            loop {
                candidate.clear();
                candidate.push_str(&base);
                candidate.push_str(&index.to_string());
                index += 1;
                if self.insert_used(&candidate) {
                    break;
                }
            }
            self.next_suffix.insert(base.into_boxed_str(), index);
            self.store(id, &candidate);
        }
        self.scratch = name;
    }

    fn store(&mut self, id: u32, name: &str) {
        if canonical_number(name).is_some_and(|n| n == id as usize) {
            return; // NUMERIC already prints this
        }
        let start = self.names.arena.len();
        self.names.arena.push_str(name);
        self.names.set(id, start, name.len());
    }

    fn save(&mut self, id: u32, s: &str) {
        self.suggestion.clear();
        self.suggestion.extend_from_slice(s.as_bytes());
        self.save_suggestion(id);
    }

    fn push_name_of(&mut self, id: u32) {
        let mut out = std::mem::take(&mut self.suggestion);
        self.names.push(&mut out, id);
        self.suggestion = out;
    }

    fn instruction(&mut self, inst: &ParsedInstruction<'_>) {
        let w = |i: usize| inst.words.get(i).copied().unwrap_or(0);
        let result = inst.result_id.unwrap_or(0);
        let op = Op(inst.opcode);
        match op {
            Op::Name => {
                self.suggestion.clear();
                let s = spirvkit_core::decode::decode_string(inst.words.get(2..).unwrap_or(&[]));
                self.suggestion = s;
                self.save_suggestion(w(1));
            }
            Op::Decorate => {
                if w(2) == 11 && inst.words.len() > 3 {
                    if let Some(name) = builtin_name(w(3)) {
                        self.save(w(1), name);
                    }
                }
            }
            Op::TypeVoid => self.save(result, "void"),
            Op::TypeBool => self.save(result, "bool"),
            Op::TypeInt => {
                let width = w(2);
                let mut s = String::new();
                let signed = w(3) != 0;
                let root = match width {
                    8 => "char",
                    16 => "short",
                    32 => "int",
                    64 => "long",
                    _ => {
                        s.push(if signed { 'i' } else { 'u' });
                        s.push_str(&width.to_string());
                        ""
                    }
                };
                if !root.is_empty() {
                    if !signed {
                        s.push('u');
                    }
                    s.push_str(root);
                }
                self.save(result, &s);
            }
            Op::TypeFloat => {
                let width = w(2);
                if inst.words.len() > 3 {
                    match w(3) {
                        0 => {
                            self.names.float_formats.insert(result, BF16);
                            self.save(result, "bfloat16");
                            return;
                        }
                        4214 => {
                            self.names.float_formats.insert(result, E4M3);
                            self.save(result, "fp8e4m3");
                            return;
                        }
                        4215 => {
                            self.names.float_formats.insert(result, E5M2);
                            self.save(result, "fp8e5m2");
                            return;
                        }
                        _ => {}
                    }
                }
                match width {
                    16 => self.save(result, "half"),
                    32 => self.save(result, "float"),
                    64 => self.save(result, "double"),
                    _ => self.save(result, &format!("fp{width}")),
                }
            }
            Op::TypeVector | Op::TypeMatrix => {
                self.suggestion.clear();
                self.suggestion
                    .extend_from_slice(if op == Op::TypeVector { b"v" } else { b"mat" });
                let mut n = std::mem::take(&mut self.suggestion);
                push_u64(&mut n, u64::from(w(3)));
                self.suggestion = n;
                self.push_name_of(w(2));
                self.save_suggestion(result);
            }
            Op::TypeArray => {
                self.suggestion.clear();
                self.suggestion.extend_from_slice(b"_arr_");
                self.push_name_of(w(2));
                self.suggestion.push(b'_');
                self.push_name_of(w(3));
                self.save_suggestion(result);
            }
            Op::TypeRuntimeArray => {
                self.suggestion.clear();
                self.suggestion.extend_from_slice(b"_runtimearr_");
                self.push_name_of(w(2));
                self.save_suggestion(result);
            }
            Op::TypeNodePayloadArrayAMDX => {
                self.suggestion.clear();
                self.suggestion.extend_from_slice(b"_payloadarr_");
                self.push_name_of(w(2));
                self.save_suggestion(result);
            }
            Op::TypePointer => {
                self.suggestion.clear();
                self.suggestion.extend_from_slice(b"_ptr_");
                self.suggestion
                    .extend_from_slice(enum_name(OperandKind::StorageClass, w(2)).as_bytes());
                self.suggestion.push(b'_');
                self.push_name_of(w(3));
                self.save_suggestion(result);
            }
            Op::TypeUntypedPointerKHR => {
                self.suggestion.clear();
                self.suggestion.extend_from_slice(b"_ptr_");
                self.suggestion
                    .extend_from_slice(enum_name(OperandKind::StorageClass, w(2)).as_bytes());
                self.save_suggestion(result);
            }
            Op::TypePipe => {
                let s = format!("Pipe{}", enum_name(OperandKind::AccessQualifier, w(2)));
                self.save(result, &s);
            }
            Op::TypeEvent => self.save(result, "Event"),
            Op::TypeDeviceEvent => self.save(result, "DeviceEvent"),
            Op::TypeReserveId => self.save(result, "ReserveId"),
            Op::TypeQueue => self.save(result, "Queue"),
            Op::TypeOpaque => {
                let s = spirvkit_core::decode::decode_string(inst.words.get(2..).unwrap_or(&[]));
                let mut name = String::from("Opaque_");
                if s.is_empty() {
                    name.push('_');
                }
                for c in s {
                    name.push(if c.is_ascii_alphanumeric() || c == b'_' {
                        c as char
                    } else {
                        '_'
                    });
                }
                self.save(result, &name);
            }
            Op::TypePipeStorage => self.save(result, "PipeStorage"),
            Op::TypeNamedBarrier => self.save(result, "NamedBarrier"),
            Op::TypeStruct => self.save(result, &format!("_struct_{result}")),
            Op::ConstantTrue => self.save(result, "true"),
            Op::ConstantFalse => self.save(result, "false"),
            Op::Constant => {
                let ty = inst.result_type.unwrap_or(0);
                self.suggestion.clear();
                self.push_name_of(ty);
                self.suggestion.push(b'_');
                let start = self.suggestion.len();
                if let Some(o) = inst.operands.get(2) {
                    let mut s = std::mem::take(&mut self.suggestion);
                    push_number(&mut s, inst, o, self.names.float_formats.get(&ty).copied());
                    self.suggestion = s;
                }
                for c in &mut self.suggestion[start..] {
                    if *c == b'-' {
                        *c = b'n';
                    }
                }
                self.save_suggestion(result);
            }
            _ => {
                if result != 0 && !self.names.is_claimed(result) {
                    self.names.claim(result);
                    let idx = result as usize;
                    if let Some(slot) = self.numeric_used.get_mut(idx) {
                        if !*slot {
                            *slot = true;
                            return; // NUMERIC
                        }
                    }
                    // Rare: a sanitized OpName took this number (or a sparse bound).
                    self.names.claimed_undo(result);
                    self.save(result, &result.to_string());
                }
            }
        }
    }
}

impl FriendlyNames {
    fn claimed_undo(&mut self, id: u32) {
        match &mut self.claimed {
            Claimed::Dense(v) => {
                if let Some(c) = v.get_mut(id as usize) {
                    *c = false;
                }
            }
            Claimed::Sparse(s) => {
                s.remove(&id);
            }
        }
    }
}

/// The canonical enumerant name of `value`, or its number.
pub fn enum_name(kind: OperandKind, value: u32) -> std::borrow::Cow<'static, str> {
    match kind.desc().enumerant(value) {
        Some(e) => std::borrow::Cow::Borrowed(e.name),
        None => std::borrow::Cow::Owned(value.to_string()),
    }
}

/// Appends a numeric literal operand like SPIRV-Tools' `EmitNumericLiteral`.
/// `float_format` overrides the format of 8/16-bit floats (bfloat16, fp8).
pub fn push_number(
    out: &mut Vec<u8>,
    inst: &ParsedInstruction<'_>,
    o: &ParsedOperand,
    float_format: Option<super::numbers::FloatFormat>,
) {
    let start = usize::from(o.offset);
    let Some(&word) = inst.words.get(start) else {
        return;
    };
    match o.num_words {
        1 => match o.number_kind {
            // The whole word as a 32-bit signed integer: a valid narrower literal is sign
            // extended already, and an invalid one prints as spirv-dis prints it.
            NumberKind::Signed => push_i64(out, i64::from(word as i32)),
            NumberKind::Unsigned => push_u64(out, u64::from(word)),
            NumberKind::Float => match o.number_width {
                16 => push_float(out, u64::from(word & 0xffff), float_format.unwrap_or(F16)),
                32 => push_float(out, u64::from(word), F32),
                8 => push_float(out, u64::from(word & 0xff), float_format.unwrap_or(E4M3)),
                _ => {}
            },
            NumberKind::None => {}
        },
        2 => {
            let hi = inst.words.get(start + 1).copied().unwrap_or(0);
            let bits = u64::from(word) | (u64::from(hi) << 32);
            match o.number_kind {
                NumberKind::Signed => push_i64(out, bits as i64),
                NumberKind::Unsigned => push_u64(out, bits),
                NumberKind::Float => push_float(out, bits, F64),
                NumberKind::None => {}
            }
        }
        // Wider integers (arbitrary-precision extensions): the bits in hexadecimal, which
        // the assembler reads back for any width (spirv-dis prints nothing here).
        words if matches!(o.number_kind, NumberKind::Signed | NumberKind::Unsigned) => {
            let all = inst
                .words
                .get(start..start + usize::from(words))
                .unwrap_or_default();
            push_wide_hex(out, all, u32::from(o.number_width));
        }
        _ => {}
    }
}

/// `0x` and the `width` low bits of the words (low first) as one hexadecimal number, without
/// leading zeros (a signed value's fill above its width is implied by its top bit).
fn push_wide_hex(out: &mut Vec<u8>, words: &[u32], width: u32) {
    out.extend_from_slice(b"0x");
    let mut digits = String::new();
    for (i, w) in words.iter().enumerate().rev() {
        let used = width.saturating_sub(32 * i as u32).min(32);
        let w = if used == 32 {
            *w
        } else {
            *w & ((1u32 << used) - 1)
        };
        let w = &w;
        if digits.is_empty() {
            if *w != 0 {
                digits = format!("{w:x}");
            }
        } else {
            digits.push_str(&format!("{w:08x}"));
        }
    }
    if digits.is_empty() {
        digits.push('0');
    }
    out.extend_from_slice(digits.as_bytes());
}

/// BuiltIn decorations that give names (`SaveBuiltInName`).
fn builtin_name(b: u32) -> Option<&'static str> {
    Some(match b {
        0 => "gl_Position",
        1 => "gl_PointSize",
        3 => "gl_ClipDistance",
        4 => "gl_CullDistance",
        5 => "gl_VertexID",
        6 => "gl_InstanceID",
        7 => "gl_PrimitiveID",
        8 => "gl_InvocationID",
        9 => "gl_Layer",
        10 => "gl_ViewportIndex",
        11 => "gl_TessLevelOuter",
        12 => "gl_TessLevelInner",
        13 => "gl_TessCoord",
        14 => "gl_PatchVertices",
        15 => "gl_FragCoord",
        16 => "gl_PointCoord",
        17 => "gl_FrontFacing",
        18 => "gl_SampleID",
        19 => "gl_SamplePosition",
        20 => "gl_SampleMask",
        22 => "gl_FragDepth",
        23 => "gl_HelperInvocation",
        24 => "gl_NumWorkGroups",
        25 => "gl_WorkGroupSize",
        26 => "gl_WorkGroupID",
        27 => "gl_LocalInvocationID",
        28 => "gl_GlobalInvocationID",
        29 => "gl_LocalInvocationIndex",
        30 => "WorkDim",
        31 => "GlobalSize",
        32 => "EnqueuedWorkgroupSize",
        33 => "GlobalOffset",
        34 => "GlobalLinearId",
        36 => "SubgroupSize",
        37 => "SubgroupMaxSize",
        38 => "NumSubgroups",
        39 => "NumEnqueuedSubgroups",
        40 => "SubgroupId",
        41 => "SubgroupLocalInvocationId",
        42 => "gl_VertexIndex",
        43 => "gl_InstanceIndex",
        4416 => "SubgroupEqMaskKHR",
        4417 => "SubgroupGeMaskKHR",
        4418 => "SubgroupGtMaskKHR",
        4419 => "SubgroupLeMaskKHR",
        4420 => "SubgroupLtMaskKHR",
        4425 => "gl_BaseInstance",
        _ => return None,
    })
}
