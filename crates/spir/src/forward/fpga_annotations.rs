//! The Intel FPGA annotation strings clang's FPGA attributes leave in `llvm.var.annotation`,
//! `llvm.ptr.annotation` and `@llvm.global.annotations` (llvm-spirv's
//! `tryParseIntelFPGAAnnotationString` and its memory-access counterpart):
//! - SPV_INTEL_fpga_memory_attributes, `{key:value}` groups: `memory` → MemoryINTEL "value",
//!   `numbanks` / `bankwidth` / `private_copies` / `max_replicates` / `force_pow2_depth` /
//!   `stride_size` / `word_size` → NumbanksINTEL / BankwidthINTEL / MaxPrivateCopiesINTEL /
//!   MaxReplicatesINTEL / ForcePow2DepthINTEL / StridesizeINTEL / WordsizeINTEL N,
//!   `register` → RegisterINTEL, `simple_dual_port` → SimpleDualPortINTEL, `true_dual_port` →
//!   TrueDualPortINTEL, `pump:1` / `pump:2` → SinglepumpINTEL / DoublepumpINTEL,
//!   `bank_bits:4,5` → BankBitsINTEL 4 5, `merge:key:type` → MergeINTEL "key" "type"; any
//!   other group → UserSemantic of the group's text;
//! - SPV_INTEL_fpga_memory_accesses, `{params:P}{cache-size:C}`: P's bits 1 → BurstCoalesceINTEL,
//!   2 → CacheSizeINTEL C, 4 → DontStaticallyCoalesceINTEL, 8 → PrefetchINTEL 0; P = 0 means
//!   nothing (the whole string becomes UserSemantic, as llvm-spirv keeps it).
//!
//! Without the extension such a string is an ordinary annotation (UserSemantic), as llvm-spirv
//! treats it.

use spirvkit_core::Operand;
use spirvkit_grammar::Decoration;

/// (struct type id, member, decoration) given so far.
pub(crate) type MemberDecorations =
    std::sync::Arc<std::sync::Mutex<std::collections::HashSet<(u32, u32, u32)>>>;

/// A decoration number with its operands.
pub(crate) type Decorations = Vec<(u32, Vec<Operand>)>;

pub(crate) const MEMORY_ATTRIBUTES: [&str; 2] = [
    "SPV_INTEL_fpga_memory_attributes",
    "SPV_ALTERA_fpga_memory_attributes",
];
pub(crate) const MEMORY_ACCESSES: [&str; 2] = [
    "SPV_INTEL_fpga_memory_accesses",
    "SPV_ALTERA_fpga_memory_accesses",
];

/// The `{...}` groups of an annotation string (key, value) with their text; None when the
/// string has no group or unbalanced braces.
fn groups(text: &str) -> Option<Vec<(&str, &str, &str)>> {
    if text.matches('{').count() != text.matches('}').count() || !text.contains('{') {
        return None;
    }
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(from) = rest.find('{') {
        let to = from + rest[from..].find('}')?;
        let group = &rest[from..=to];
        let body = &rest[from + 1..to];
        let (key, value) = body.split_once(':').unwrap_or((body, ""));
        out.push((key, value, group));
        rest = &rest[to + 1..];
    }
    Some(out)
}

fn user_semantic(text: &str) -> (u32, Vec<Operand>) {
    (
        Decoration::UserSemantic.0,
        vec![Operand::String(text.to_string().into())],
    )
}

/// SPV_INTEL_fpga_memory_attributes decorations of a `{key:value}` annotation string.
pub(crate) fn memory_attributes(text: &str) -> Option<Decorations> {
    let mut out = Vec::new();
    for (key, value, group) in groups(text)? {
        let number = |v: &str| Operand::Word(v.trim().parse::<u32>().unwrap_or(0));
        let decoration = match key {
            "pump" if value == "1" => (Decoration::SinglepumpALTERA.0, Vec::new()),
            "pump" if value == "2" => (Decoration::DoublepumpALTERA.0, Vec::new()),
            "register" => (Decoration::RegisterALTERA.0, Vec::new()),
            "simple_dual_port" => (Decoration::SimpleDualPortALTERA.0, Vec::new()),
            "true_dual_port" => (Decoration::TrueDualPortALTERA.0, Vec::new()),
            "memory" => (
                Decoration::MemoryALTERA.0,
                vec![Operand::String(value.to_string().into())],
            ),
            "numbanks" => (Decoration::NumbanksALTERA.0, vec![number(value)]),
            "bankwidth" => (Decoration::BankwidthALTERA.0, vec![number(value)]),
            "private_copies" => (Decoration::MaxPrivateCopiesALTERA.0, vec![number(value)]),
            "max_replicates" => (Decoration::MaxReplicatesALTERA.0, vec![number(value)]),
            "force_pow2_depth" => (Decoration::ForcePow2DepthALTERA.0, vec![number(value)]),
            "stride_size" => (Decoration::StridesizeALTERA.0, vec![number(value)]),
            "word_size" => (Decoration::WordsizeALTERA.0, vec![number(value)]),
            "bank_bits" => (
                Decoration::BankBitsALTERA.0,
                value.split(',').map(number).collect(),
            ),
            "merge" => {
                let (name, direction) = value.split_once(':').unwrap_or((value, ""));
                (
                    Decoration::MergeALTERA.0,
                    vec![
                        Operand::String(name.to_string().into()),
                        Operand::String(direction.to_string().into()),
                    ],
                )
            }
            _ => user_semantic(group),
        };
        out.push(decoration);
    }
    Some(out)
}

/// SPV_INTEL_fpga_memory_accesses decorations of a `{params:P}[{cache-size:C}]` string (None
/// when it has no `params` group).
pub(crate) fn memory_accesses(text: &str) -> Option<Decorations> {
    let groups = groups(text)?;
    let params: u32 = groups
        .iter()
        .find(|(k, _, _)| *k == "params")
        .map(|(_, v, _)| v.trim().parse().unwrap_or(0))?;
    let cache_size: u32 = groups
        .iter()
        .find(|(k, _, _)| *k == "cache-size")
        .map_or(0, |(_, v, _)| v.trim().parse().unwrap_or(0));
    let mut out = Vec::new();
    if params & 1 != 0 {
        out.push((Decoration::BurstCoalesceALTERA.0, Vec::new()));
    }
    if params & 2 != 0 {
        out.push((
            Decoration::CacheSizeALTERA.0,
            vec![Operand::Word(cache_size)],
        ));
    }
    if params & 4 != 0 {
        out.push((Decoration::DontStaticallyCoalesceALTERA.0, Vec::new()));
    }
    if params & 8 != 0 {
        out.push((Decoration::PrefetchALTERA.0, vec![Operand::Word(0)]));
    }
    if out.is_empty() {
        out.push(user_semantic(text));
    }
    Some(out)
}

impl crate::forward::translator::Translator<'_> {
    /// Whether `--spirv-ext` allows one of `names` (an extension and its other names).
    pub(crate) fn opts_allow_any(&self, names: &[&str]) -> bool {
        names.iter().any(|n| self.opts.allows(n))
    }

    /// Records that `member` of struct `ty` gets `decoration`; false when it had it already.
    pub(crate) fn member_decorated(
        &self,
        ty: spirvkit_core::Id,
        member: u32,
        decoration: u32,
    ) -> bool {
        self.member_decorations
            .lock()
            .map(|mut set| !set.insert((ty.0, member, decoration)))
            .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_named_memory_attributes() {
        let d = memory_attributes(
            "{memory:BLOCK_RAM}{numbanks:4}{pump:2}{bank_bits:4,5}{merge:foo:depth}{x:y}",
        )
        .expect("groups");
        let numbers: Vec<u32> = d.iter().map(|(n, _)| *n).collect();
        assert_eq!(
            numbers,
            vec![5826, 5827, 5831, 5835, 5834, Decoration::UserSemantic.0]
        );
        assert_eq!(d[3].1, vec![Operand::Word(4), Operand::Word(5)]);
        assert_eq!(memory_attributes("plain"), None);
        assert_eq!(memory_attributes("{a"), None);
    }

    #[test]
    fn reads_memory_access_params() {
        let d = memory_accesses("{params:15}{cache-size:127}").expect("params");
        assert_eq!(
            d,
            vec![
                (5899, vec![]),
                (5900, vec![Operand::Word(127)]),
                (5901, vec![]),
                (5902, vec![Operand::Word(0)]),
            ]
        );
        let zero = memory_accesses("{params:0}{cache-size:127}").expect("params");
        assert_eq!(zero[0].0, Decoration::UserSemantic.0);
        assert_eq!(memory_accesses("{memory:DEFAULT}"), None);
    }
}
