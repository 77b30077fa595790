//! Capabilities, extensions and versions, driven by the grammar tables: every opcode and every
//! enumerant operand (each mask bit separately) must be enabled by a declared capability
//! (declaring a capability implicitly declares the ones it depends on), and be available in
//! the module's version or through a declared extension.

use crate::state::{OpcodeSet, State};
use spirvkit_grammar::{
    self as g, Availability, BuiltIn, Capability, Category, Decoration, Op, OperandKind,
};

fn ver(v: u32) -> String {
    g::version_string(v)
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn cap_names(caps: &[Capability]) -> String {
    caps.iter()
        .map(|c| {
            OperandKind::Capability
                .desc()
                .enumerant(c.0)
                .map_or_else(|| c.0.to_string(), |e| e.name.to_string())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Version/extension availability of an enumerant (spirv-val's operand version check).
fn operand_version_problem(st: &State<'_>, avail: &Availability) -> Option<String> {
    let module = st.version;
    let reserved = avail.version.is_none();
    let last = avail.last_version.unwrap_or(u32::MAX);
    let satisfied = !reserved && avail.version.unwrap_or(0) <= module && module <= last;
    if satisfied {
        return None;
    }
    if last < module {
        return Some(format!("requires SPIR-V version {} or earlier", ver(last)));
    }
    if !reserved && avail.extensions.is_empty() {
        return Some(format!(
            "requires SPIR-V version {} or later",
            ver(avail.version.unwrap_or(0))
        ));
    }
    if !st.has_any_extension(avail.extensions) {
        return Some(format!(
            "requires one of these extensions: {}",
            avail.extensions.join(" ")
        ));
    }
    None
}

/// Extensions spirv-val requires SPIR-V 1.4 for.
const EXTENSIONS_FROM_1_4: &[&str] = &[
    "SPV_KHR_workgroup_memory_explicit_layout",
    "SPV_EXT_mesh_shader",
    "SPV_NV_shader_invocation_reorder",
    "SPV_NV_cluster_acceleration_structure",
    "SPV_NV_linear_swept_spheres",
];

/// Extensions spirv-val requires SPIR-V 1.3 for (probed: every target environment).
const EXTENSIONS_FROM_1_3: &[&str] = &["SPV_KHR_vulkan_memory_model"];

/// Per opcode, the SPIR-V version from which an instruction of it has nothing to check here:
/// core opcodes needing no capability whose grammar has no enumerated operand (so no operand
/// can need a capability or version either). `u32::MAX` for every other opcode.
fn plain_from_version() -> &'static [u32] {
    static TABLE: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let all = spirvkit_grammar::instructions();
        let len = all
            .iter()
            .map(|d| usize::from(d.opcode) + 1)
            .max()
            .unwrap_or(0);
        let mut table = vec![u32::MAX; len];
        for d in all {
            let Some(d) = spirvkit_grammar::instruction(d.opcode) else {
                continue;
            };
            let op = Op(d.opcode);
            let special = matches!(
                op,
                Op::Extension
                    | Op::ExtInst
                    | Op::ExtInstWithForwardRefsKHR
                    | Op::SpecConstantOp
                    | Op::TerminateInvocation
            );
            let enumerated = d
                .operands
                .iter()
                .any(|o| matches!(o.kind.category(), Category::ValueEnum | Category::BitEnum));
            if let (Some(min), false, false, true) = (
                d.avail.version,
                special,
                enumerated,
                d.avail.capabilities.is_empty(),
            ) {
                if let Some(slot) = table.get_mut(usize::from(d.opcode)) {
                    *slot = min;
                }
            }
        }
        table
    })
}

pub fn check(st: &State<'_>) -> Vec<crate::Diagnostic> {
    let mut errors: Vec<(&'static str, u32, String)> = Vec::new();
    let plain = plain_from_version();
    let mut clean_opcodes = OpcodeSet::default();
    let mut clean_values = CleanValues::new();
    for index in 0..st.insts.len() as u32 {
        let Some(inst) = st.inst(index).copied() else {
            break;
        };
        if plain
            .get(usize::from(inst.opcode))
            .is_some_and(|&min| st.version >= min)
        {
            continue;
        }
        let Some(desc) = inst.desc() else { continue };
        let op = inst.op();
        let name = &desc.opname[2..];
        // Extensions that exist only from SPIR-V 1.4 on.
        if op == Op::Extension && st.version < 0x0001_0400 {
            let name = st.string(&inst, 0);
            if st.version < 0x0001_0300 && EXTENSIONS_FROM_1_3.contains(&name.as_str()) {
                errors.push((
                    "extension.version",
                    index,
                    format!("{name} extension requires SPIR-V version 1.3 or later."),
                ));
            } else if EXTENSIONS_FROM_1_4.contains(&name.as_str()) {
                errors.push((
                    "extension.version",
                    index,
                    format!("{name} extension requires SPIR-V version 1.4 or later."),
                ));
            }
        }
        // The opcode's own rules below depend on the opcode alone (and the module's
        // capabilities, extensions and version): judged once per opcode that passes them.
        if clean_opcodes.contains(op) {
            check_operands(st, index, &inst, name, &mut clean_values, &mut errors);
            continue;
        }
        let errors_before = errors.len();
        // Opcode capabilities.
        let amd_ballot_exception = matches!(
            op,
            Op::GroupIAddNonUniformAMD
                | Op::GroupFAddNonUniformAMD
                | Op::GroupFMinNonUniformAMD
                | Op::GroupUMinNonUniformAMD
                | Op::GroupSMinNonUniformAMD
                | Op::GroupFMaxNonUniformAMD
                | Op::GroupUMaxNonUniformAMD
                | Op::GroupSMaxNonUniformAMD
        ) && st.extensions.contains("SPV_AMD_shader_ballot");
        if !amd_ballot_exception && !st.has_any_capability(desc.avail.capabilities) {
            errors.push((
                "capability.opcode",
                index,
                format!(
                    "Opcode {name} requires one of these capabilities: {}",
                    cap_names(desc.avail.capabilities)
                ),
            ));
        }
        // Opcode version / extensions, unless a declared capability enables the opcode
        // (OpTerminateInvocation is enabled by Shader but still needs 1.6 or its extension).
        let enabled_by_capability =
            !desc.avail.capabilities.is_empty() && st.has_any_capability(desc.avail.capabilities);
        if !enabled_by_capability || op == Op::TerminateInvocation {
            let exts = desc.avail.extensions;
            match desc.avail.version {
                None if exts.is_empty() => {
                    errors.push((
                        "version.opcode",
                        index,
                        format!("{name} is reserved for future use."),
                    ));
                }
                None => {
                    if !st.has_any_extension(exts) {
                        errors.push((
                            "extension.opcode",
                            index,
                            format!(
                                "{name} requires one of the following extensions: {}",
                                exts.join(" ")
                            ),
                        ));
                    }
                }
                Some(min) if st.version < min => {
                    if exts.is_empty() {
                        errors.push((
                            "version.opcode",
                            index,
                            format!("{name} requires SPIR-V version {} at minimum.", ver(min)),
                        ));
                    } else if !st.has_any_extension(exts) {
                        errors.push((
                            "version.opcode",
                            index,
                            format!(
                                "{name} requires SPIR-V version {} at minimum or one of the following extensions: {}",
                                ver(min),
                                exts.join(" ")
                            ),
                        ));
                    }
                }
                Some(_) => {}
            }
        }
        if errors.len() == errors_before {
            clean_opcodes.insert(op.0);
        }
        check_operands(st, index, &inst, name, &mut clean_values, &mut errors);
    }
    errors
        .into_iter()
        .map(|e| st.diag_at(e.0, e.1, e.2))
        .collect()
}

/// Enumerated operand values (kind, value) whose rules passed: the rules depend on the
/// value alone (and the module's capabilities, extensions and version), so a value met
/// again needs no grammar look-up. A small direct-mapped table: most modules use few values.
struct CleanValues([u64; 64]);

impl CleanValues {
    fn new() -> Self {
        CleanValues([u64::MAX; 64])
    }

    fn key(kind: OperandKind, value: u32) -> u64 {
        (kind as u64) << 32 | u64::from(value)
    }

    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize
    }

    fn contains(&self, kind: OperandKind, value: u32) -> bool {
        let key = Self::key(kind, value);
        self.0[Self::slot(key)] == key
    }

    fn insert(&mut self, kind: OperandKind, value: u32) {
        let key = Self::key(kind, value);
        self.0[Self::slot(key)] = key;
    }
}

/// The version and capability rules of an instruction's enumerated operands.
fn check_operands(
    st: &State<'_>,
    index: u32,
    inst: &crate::state::Inst,
    name: &str,
    clean_values: &mut CleanValues,
    errors: &mut Vec<(&'static str, u32, String)>,
) {
    {
        for (i, operand) in st.ops(inst).iter().enumerate() {
            let kind = operand.kind;
            let cat = kind.category();
            if !matches!(cat, Category::ValueEnum | Category::BitEnum) {
                continue;
            }
            let kd = kind.desc();
            if kd.ext_set.is_some() {
                continue;
            }
            let word = st.word(inst, usize::from(operand.offset));
            // The operand word, or each set bit of a mask (a zero mask is its `None` enumerant).
            let (mut rest, single) = if cat == Category::BitEnum && word != 0 {
                (word, false)
            } else {
                (0, true)
            };
            let mut first = true;
            loop {
                let value = if single {
                    if !first {
                        break;
                    }
                    word
                } else {
                    if rest == 0 {
                        break;
                    }
                    let bit = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    bit
                };
                first = false;
                if clean_values.contains(kind, value) {
                    continue;
                }
                let Some(e) = kd.enumerant(value) else {
                    continue;
                };
                let errors_before = errors.len();
                if let Some(problem) = operand_version_problem(st, &e.avail) {
                    errors.push((
                        "version.operand",
                        index,
                        format!(
                            "{} operand of {name}: operand {}({value}) {problem}",
                            ordinal(i + 1),
                            e.name
                        ),
                    ));
                }
                // Capability check, with spirv-val's exceptions.
                if kind == OperandKind::BuiltIn
                    && matches!(
                        BuiltIn(value),
                        BuiltIn::PointSize | BuiltIn::ClipDistance | BuiltIn::CullDistance
                    )
                {
                    continue;
                }
                if kind == OperandKind::GroupOperation
                    && value <= 2
                    && st.extensions.contains("SPV_AMD_shader_ballot")
                {
                    continue;
                }
                if kind == OperandKind::Decoration
                    && Decoration(value) == Decoration::FPRoundingMode
                {
                    continue;
                }
                if !st.has_any_capability(e.avail.capabilities) {
                    errors.push((
                        "capability.operand",
                        index,
                        format!(
                            "Operand {} of {name} requires one of these capabilities: {}",
                            i + 1,
                            cap_names(e.avail.capabilities)
                        ),
                    ));
                }
                if errors.len() == errors_before {
                    clean_values.insert(kind, value);
                }
            }
        }
    }
}
