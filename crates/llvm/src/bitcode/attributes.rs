//! PARAMATTR blocks: the LLVM 3.2 bitmask encoding and modern attribute groups.

use super::bitstream::{Block, Entry};
use super::constants::decode_signed;
use super::Reader;
use crate::error::LlvmError;
use crate::model::*;

/// Raw attribute bits of the pre-3.3 encoding, by bit position.
const OLD_ATTRIBUTE_BITS: [(u32, &str); 40] = [
    (0, "zeroext"),
    (1, "signext"),
    (2, "noreturn"),
    (3, "inreg"),
    (4, "sret"),
    (5, "nounwind"),
    (6, "noalias"),
    (7, "byval"),
    (8, "nest"),
    (9, "readnone"),
    (10, "readonly"),
    (11, "noinline"),
    (12, "alwaysinline"),
    (13, "optsize"),
    (14, "ssp"),
    (15, "sspreq"),
    (21, "nocapture"),
    (22, "noredzone"),
    (23, "noimplicitfloat"),
    (24, "naked"),
    (25, "inlinehint"),
    (29, "returns_twice"),
    (30, "uwtable"),
    (31, "nonlazybind"),
    (32, "sanitize_address"),
    (33, "minsize"),
    (34, "noduplicate"),
    (35, "sspstrong"),
    (36, "sanitize_thread"),
    (37, "sanitize_memory"),
    (38, "nobuiltin"),
    (39, "returned"),
    (40, "cold"),
    (41, "builtin"),
    (42, "optnone"),
    (43, "inalloca"),
    (44, "nonnull"),
    (45, "jumptable"),
    (46, "convergent"),
    (47, "safestack"),
];

/// Modern enum attribute kinds (bitcode `ATTR_KIND_*`).
pub(crate) fn attribute_kind_name(kind: u64) -> Option<&'static str> {
    Some(match kind {
        1 => "align",
        2 => "alwaysinline",
        3 => "byval",
        4 => "inlinehint",
        5 => "inreg",
        6 => "minsize",
        7 => "naked",
        8 => "nest",
        9 => "noalias",
        10 => "nobuiltin",
        11 => "nocapture",
        12 => "noduplicate",
        13 => "noimplicitfloat",
        14 => "noinline",
        15 => "nonlazybind",
        16 => "noredzone",
        17 => "noreturn",
        18 => "nounwind",
        19 => "optsize",
        20 => "readnone",
        21 => "readonly",
        22 => "returned",
        23 => "returns_twice",
        24 => "signext",
        25 => "alignstack",
        26 => "ssp",
        27 => "sspreq",
        28 => "sspstrong",
        29 => "sret",
        30 => "sanitize_address",
        31 => "sanitize_thread",
        32 => "sanitize_memory",
        33 => "uwtable",
        34 => "zeroext",
        35 => "builtin",
        36 => "cold",
        37 => "optnone",
        38 => "inalloca",
        39 => "nonnull",
        40 => "jumptable",
        41 => "dereferenceable",
        42 => "dereferenceable_or_null",
        43 => "convergent",
        44 => "safestack",
        45 => "argmemonly",
        46 => "swiftself",
        47 => "swifterror",
        48 => "norecurse",
        49 => "inaccessiblememonly",
        50 => "inaccessiblemem_or_argmemonly",
        51 => "allocsize",
        52 => "writeonly",
        53 => "speculatable",
        54 => "strictfp",
        55 => "sanitize_hwaddress",
        56 => "nocf_check",
        57 => "optforfuzzing",
        58 => "shadowcallstack",
        59 => "speculative_load_hardening",
        60 => "immarg",
        61 => "willreturn",
        62 => "nofree",
        63 => "nosync",
        64 => "sanitize_memtag",
        65 => "preallocated",
        66 => "nomerge",
        67 => "null_pointer_is_valid",
        68 => "noundef",
        69 => "byref",
        70 => "mustprogress",
        71 => "nocallback",
        72 => "hot",
        73 => "noprofile",
        74 => "vscale_range",
        75 => "swiftasync",
        76 => "nosanitize_coverage",
        77 => "elementtype",
        78 => "disable_sanitizer_instrumentation",
        79 => "nosanitize_bounds",
        80 => "allocalign",
        81 => "allocptr",
        82 => "allockind",
        83 => "presplitcoroutine",
        84 => "fn_ret_thunk_extern",
        85 => "skipprofile",
        86 => "memory",
        87 => "nofpclass",
        88 => "optdebug",
        89 => "writable",
        90 => "coro_only_destroy_when_complete",
        91 => "dead_on_unwind",
        92 => "range",
        93 => "sanitize_numerical_stability",
        94 => "initializes",
        95 => "hybrid_patchable",
        96 => "sanitize_realtime",
        97 => "sanitize_realtime_blocking",
        98 => "coro_elide_safe",
        99 => "no_ext",
        100 => "no_divergence_source",
        101 => "sanitize_type",
        102 => "captures",
        _ => return None,
    })
}

/// Decodes one pre-3.3 attribute word (alignment in bits 16..31, flags elsewhere).
pub(crate) fn decode_old_attributes(encoded: u64) -> Vec<Attribute> {
    let mut attrs = Vec::new();
    let align = (encoded >> 16) & 0xffff;
    let raw = ((encoded & (0xfffff << 32)) >> 11) | (encoded & 0xffff);
    for (bit, name) in OLD_ATTRIBUTE_BITS {
        if raw & (1u64 << bit) != 0 {
            attrs.push(Attribute::Flag(name.to_string()));
        }
    }
    let stack_align = (raw >> 26) & 7;
    if stack_align != 0 {
        attrs.push(Attribute::Int("alignstack".into(), 1 << (stack_align - 1)));
    }
    if align != 0 {
        attrs.push(Attribute::Int("align".into(), align));
    }
    attrs
}

fn place(list: &mut AttributeList, index: u64, attrs: Vec<Attribute>) {
    match index {
        0xFFFF_FFFF => list.function.extend(attrs),
        0 => list.ret.extend(attrs),
        n => {
            let i = (n - 1) as usize;
            if i < 4096 {
                if list.params.len() <= i {
                    list.params.resize(i + 1, Vec::new());
                }
                if let Some(p) = list.params.get_mut(i) {
                    p.extend(attrs);
                }
            }
        }
    }
}

impl<'a> Reader<'a> {
    pub fn read_paramattr(&mut self, mut block: Block<'a>) -> Result<(), LlvmError> {
        let mut ops = Vec::new();
        loop {
            match self.next_entry(&mut block, &mut ops)? {
                Entry::End => return Ok(()),
                Entry::SubBlock(_) => {}
                Entry::Record { code: 1, .. } => {
                    let mut list = AttributeList::default();
                    for pair in ops.chunks(2) {
                        if let [index, encoded] = pair {
                            place(&mut list, *index, decode_old_attributes(*encoded));
                        }
                    }
                    self.attr_lists.push(std::sync::Arc::new(list));
                }
                Entry::Record { code: 2, .. } => {
                    let mut list = AttributeList::default();
                    for group in &ops {
                        let Some((index, attrs)) = self.attr_groups.get(group).cloned() else {
                            return Err(self.error(format!("unknown attribute group {group}")));
                        };
                        place(&mut list, index, attrs);
                    }
                    self.attr_lists.push(std::sync::Arc::new(list));
                }
                Entry::Record { .. } => {}
            }
        }
    }

    pub fn read_paramattr_groups(&mut self, mut block: Block<'a>) -> Result<(), LlvmError> {
        let mut ops = Vec::new();
        loop {
            match self.next_entry(&mut block, &mut ops)? {
                Entry::End => return Ok(()),
                Entry::SubBlock(_) => {}
                Entry::Record { code: 3, .. } => {
                    let group = self.op(&ops, 0)?;
                    let index = self.op(&ops, 1)?;
                    let attrs = self.decode_group(ops.get(2..).unwrap_or(&[]))?;
                    self.attr_groups.insert(group, (index, attrs));
                }
                Entry::Record { .. } => {}
            }
        }
    }

    /// One constant range of an attribute record (`emitConstantRange` without the width):
    /// two sign-rotated words up to 64 bits; wider, a word giving the active words of both
    /// bounds, then the words (printed as `wide`, which nothing downstream reads).
    fn constant_range(
        &self,
        ops: &[u64],
        i: &mut usize,
        width: u64,
    ) -> Result<(String, String), LlvmError> {
        if width <= 64 {
            let lo = decode_signed(self.op(ops, *i)?);
            let hi = decode_signed(self.op(ops, *i + 1)?);
            *i += 2;
            return Ok((lo.to_string(), hi.to_string()));
        }
        let active = self.op(ops, *i)?;
        let words = (active & 0xffff_ffff) + (active >> 32);
        let end = usize::try_from(words)
            .ok()
            .and_then(|w| (*i + 1).checked_add(w))
            .filter(|&end| end <= ops.len())
            .ok_or_else(|| {
                self.error(format!("attribute range of {words} words past its record"))
            })?;
        *i = end;
        Ok(("wide".into(), "wide".into()))
    }

    fn decode_group(&self, ops: &[u64]) -> Result<Vec<Attribute>, LlvmError> {
        let mut attrs = Vec::new();
        let mut i = 0;
        let take_string = |i: &mut usize| -> String {
            let mut bytes = Vec::new();
            while let Some(&c) = ops.get(*i) {
                *i += 1;
                if c == 0 {
                    break;
                }
                bytes.push(c as u8);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        };
        while let Some(&kind) = ops.get(i) {
            i += 1;
            match kind {
                0 => {
                    let k = self.op(ops, i)?;
                    i += 1;
                    match attribute_kind_name(k) {
                        Some(name) => attrs.push(Attribute::Flag(name.into())),
                        None => attrs.push(Attribute::Raw(format!("; unknown attribute {k}"))),
                    }
                }
                1 => {
                    let k = self.op(ops, i)?;
                    let v = self.op(ops, i + 1)?;
                    i += 2;
                    let name = attribute_kind_name(k).unwrap_or("unknown");
                    attrs.push(Attribute::Int(name.into(), v));
                }
                3 | 4 => {
                    let key = take_string(&mut i);
                    let value = if kind == 4 {
                        Some(take_string(&mut i))
                    } else {
                        None
                    };
                    attrs.push(Attribute::Str(key, value));
                }
                5 | 6 => {
                    let k = self.op(ops, i)?;
                    i += 1;
                    let ty = if kind == 6 {
                        let t = self.ty(self.op(ops, i)?)?;
                        i += 1;
                        Some(t)
                    } else {
                        None
                    };
                    let name = attribute_kind_name(k).unwrap_or("unknown");
                    attrs.push(Attribute::Type(name.into(), ty));
                }
                7 => {
                    // `range(i32 0, 10)`: [kind, bit width, range] (`emitConstantRange`).
                    let name = attribute_kind_name(self.op(ops, i)?).unwrap_or("unknown");
                    let width = self.op(ops, i + 1)?;
                    i += 2;
                    let (lo, hi) = self.constant_range(ops, &mut i, width)?;
                    attrs.push(Attribute::Raw(format!("{name}(i{width} {lo}, {hi})")));
                }
                8 => {
                    // `initializes((0, 4), (8, 12))`: [kind, count, bit width, ranges...].
                    let name = attribute_kind_name(self.op(ops, i)?).unwrap_or("unknown");
                    let count = self.op(ops, i + 1)?;
                    let width = self.op(ops, i + 2)?;
                    i += 3;
                    let mut ranges = Vec::new();
                    for _ in 0..count {
                        let (lo, hi) = self.constant_range(ops, &mut i, width)?;
                        ranges.push(format!("({lo}, {hi})"));
                    }
                    attrs.push(Attribute::Raw(format!("{name}({})", ranges.join(", "))));
                }
                other => {
                    return Err(self.error(format!("unknown attribute encoding {other}")));
                }
            }
        }
        Ok(attrs)
    }
}
