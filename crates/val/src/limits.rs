//! Header checks and the universal limits of spec 2.17 (spirv-val's `--max-*` options).

use crate::diagnostic::Diagnostic;
use crate::options::ValidatorOptions;
use crate::state::State;
use spirvkit_grammar::{self as g, Op, StorageClass};

/// Magic, version and bound. Returns the diagnostic that makes the module unreadable.
pub fn check_header(words: &[u32], opts: &ValidatorOptions) -> Option<Diagnostic> {
    let at0 = |rule, msg: String| {
        let mut d = Diagnostic::new(rule, msg);
        d.word_offset = Some(0);
        Some(d)
    };
    if words.len() < 5 {
        return at0(
            "header.truncated",
            format!(
                "Invalid SPIR-V header: the module has {} words, a header needs 5",
                words.len()
            ),
        );
    }
    if words[0] != spirvkit_core::MAGIC {
        return at0(
            "header.magic",
            format!("Invalid SPIR-V magic number 0x{:08x}", words[0]),
        );
    }
    let version = words[1];
    let major = (version >> 16) & 0xff;
    let minor = (version >> 8) & 0xff;
    if major != 1 || minor > 6 || version & 0xff00_00ff != 0 {
        return at0(
            "header.version",
            format!("Invalid SPIR-V binary version {major}.{minor}"),
        );
    }
    if version > opts.target_env.max_spirv_version() {
        return at0(
            "header.version",
            format!(
                "Invalid SPIR-V binary version {} for target environment {} (at most SPIR-V {})",
                g::version_string(version),
                opts.target_env,
                g::version_string(opts.target_env.max_spirv_version())
            ),
        );
    }
    let bound = words[3];
    if bound > opts.limits.max_id_bound {
        return at0(
            "limits.id_bound",
            format!(
                "Invalid SPIR-V.  The id bound is larger than the max id bound {}.",
                opts.limits.max_id_bound
            ),
        );
    }
    None
}

pub fn check(st: &State<'_>) -> Vec<crate::Diagnostic> {
    let limits = st.opts.limits;
    let mut errors: Vec<(&'static str, u32, String)> = Vec::new();
    let mut local_vars = 0u64;
    let mut global_vars = 0u64;
    // Struct nesting depth per struct type id (only structs directly inside structs count).
    let mut depth: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
    // Of the opcodes judged below, these may stand inside functions.
    let end = st.walk_end(&[
        Op::Switch,
        Op::Variable,
        Op::AccessChain,
        Op::InBoundsAccessChain,
        Op::PtrAccessChain,
        Op::InBoundsPtrAccessChain,
    ]);
    for index in 0..end {
        let Some(inst) = st.inst(index).copied() else {
            break;
        };
        match inst.op() {
            Op::TypeStruct => {
                let members = usize::from(inst.ops_len).saturating_sub(1);
                if members > limits.max_struct_members as usize {
                    errors.push((
                        "limits.struct_members",
                        index,
                        format!("Number of OpTypeStruct members ({members}) has exceeded the limit ({}).", limits.max_struct_members),
                    ));
                }
                let words = st.inst_words(&inst);
                let max_member = words
                    .iter()
                    .skip(2)
                    .filter_map(|m| depth.get(m))
                    .copied()
                    .max()
                    .unwrap_or(0);
                let d = max_member + 1;
                depth.insert(inst.result_id, d);
                if d > limits.max_struct_depth {
                    errors.push((
                        "limits.struct_depth",
                        index,
                        format!(
                            "Structure Nesting Depth may not be larger than {}. Found {d}.",
                            limits.max_struct_depth
                        ),
                    ));
                }
            }
            Op::Switch => {
                let pairs = usize::from(inst.ops_len).saturating_sub(2) / 2;
                if pairs > limits.max_switch_branches as usize {
                    errors.push((
                        "limits.switch_branches",
                        index,
                        format!(
                            "Number of (literal, label) pairs in OpSwitch ({pairs}) exceeds the limit ({}).",
                            limits.max_switch_branches
                        ),
                    ));
                }
            }
            Op::Variable => {
                if st.operand_word(&inst, 2) == StorageClass::Function.0 {
                    local_vars += 1;
                    if local_vars == u64::from(limits.max_local_variables) + 1 {
                        errors.push((
                            "limits.local_variables",
                            index,
                            format!(
                                "Number of local variables ('Function' Storage Class) exceeded the valid limit ({}).",
                                limits.max_local_variables
                            ),
                        ));
                    }
                } else {
                    global_vars += 1;
                    if global_vars == u64::from(limits.max_global_variables) + 1 {
                        errors.push((
                            "limits.global_variables",
                            index,
                            format!(
                                "Number of Global Variables (Storage Class other than 'Function') exceeded the valid limit ({}).",
                                limits.max_global_variables
                            ),
                        ));
                    }
                }
            }
            Op::TypeFunction => {
                let params = usize::from(inst.ops_len).saturating_sub(2);
                if params > limits.max_function_args as usize {
                    errors.push((
                        "limits.function_args",
                        index,
                        format!(
                            "OpTypeFunction may not take more than {} arguments. OpTypeFunction <id> {} has {params} arguments.",
                            limits.max_function_args,
                            st.id_name(inst.result_id)
                        ),
                    ));
                }
            }
            Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain => {
                let base = if matches!(inst.op(), Op::PtrAccessChain | Op::InBoundsPtrAccessChain) {
                    4
                } else {
                    3
                };
                let indexes = usize::from(inst.ops_len).saturating_sub(base);
                if indexes > limits.max_access_chain_indexes as usize {
                    errors.push((
                        "limits.access_chain_indexes",
                        index,
                        format!(
                            "The number of indexes in Op{} may not exceed {}. Found {indexes} indexes.",
                            inst.desc().map_or("", |d| &d.opname[2..]),
                            limits.max_access_chain_indexes
                        ),
                    ));
                }
            }
            _ => {}
        }
    }
    errors
        .into_iter()
        .map(|e| st.diag_at(e.0, e.1, e.2))
        .collect()
}
