//! The passes, one file each, and the flag table (`--strip-debug`, ...) in spirv-opt's
//! spelling that the CLI and library facades share.

pub mod ccp;
pub mod compact_ids;
pub mod convert_local_access_chains;
pub mod copy_propagate_arrays;
pub mod dead_control_flow;
pub mod dead_loops;
pub mod eliminate_dead_branches;
pub mod eliminate_dead_code;
pub mod eliminate_dead_const;
pub mod eliminate_dead_functions;
pub mod eliminate_dead_inserts;
pub mod eliminate_dead_members;
pub mod eliminate_dead_variables;
pub mod fold_spec_const_op_composite;
pub mod freeze_spec_const;
pub mod if_conversion;
pub mod inline;
pub mod local_single_block_elim;
pub mod local_single_store_elim;
pub mod local_vars;
pub mod lower_raw_access_chains;
pub mod merge_blocks;
pub mod opcode_classes;
pub mod promote_value_parameters;
pub mod redundancy_elimination;
pub mod remove_duplicates;
pub mod retype_local_variables;
pub mod scalar_replacement;
pub mod set_spec_const_default_value;
pub mod simplify_instructions;
pub mod ssa_rewrite;
pub mod strip_debug;
pub mod strip_nonsemantic;
#[cfg(test)]
pub(crate) mod testing;
pub mod unify_const;
pub mod vector_dce;

use crate::pass::Pass;
use std::collections::BTreeMap;

/// The passes spirvkit implements, by spirv-opt flag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Passes {
    StripDebug,
    StripNonSemantic,
    /// Spec id → value text, as `--set-spec-const-default-value` parses it.
    SetSpecConstDefaultValue(BTreeMap<u32, String>),
    FreezeSpecConst,
    FoldSpecConstOpComposite,
    EliminateDeadFunctions,
    EliminateDeadConst,
    EliminateDeadVariables,
    EliminateDeadMembers,
    CompactIds,
    SsaRewrite,
    EliminateDeadCode,
    MergeBlocks,
    EliminateDeadBranches,
    ConvertLocalAccessChains,
    RemoveDuplicates,
    UnifyConst,
    SimplifyInstructions,
    /// Every straight-line callee (`--inline-entry-points-exhaustive`).
    InlineExhaustive,
    /// Straight-line callees with one call site (-O/-Os; no flag).
    InlineSingleCallSite,
    /// spirvkit's own: OpRawAccessChainNV → ordinary buffer accesses.
    LowerRawAccessChains,
    RedundancyElimination,
    Ccp,
    ScalarReplacement,
    IfConversion,
    EliminateDeadInserts,
    CopyPropagateArrays,
    LocalSingleBlockElim,
    LocalSingleStoreElim,
    VectorDce,
    /// spirvkit's own: read-only pointer parameters take values.
    PromoteValueParameters,
    /// spirvkit's own: Function variables take the type they are loaded and stored as.
    RetypeLocalVariables,
}

impl Passes {
    pub fn create(&self) -> Box<dyn Pass> {
        match self {
            Passes::StripDebug => Box::new(strip_debug::StripDebug),
            Passes::StripNonSemantic => Box::new(strip_nonsemantic::StripNonSemantic),
            Passes::SetSpecConstDefaultValue(values) => {
                Box::new(set_spec_const_default_value::SetSpecConstDefaultValue {
                    values: values.clone(),
                })
            }
            Passes::FreezeSpecConst => Box::new(freeze_spec_const::FreezeSpecConst),
            Passes::FoldSpecConstOpComposite => {
                Box::new(fold_spec_const_op_composite::FoldSpecConstOpComposite)
            }
            Passes::EliminateDeadFunctions => {
                Box::new(eliminate_dead_functions::EliminateDeadFunctions)
            }
            Passes::EliminateDeadConst => Box::new(eliminate_dead_const::EliminateDeadConst),
            Passes::EliminateDeadVariables => {
                Box::new(eliminate_dead_variables::EliminateDeadVariables)
            }
            Passes::EliminateDeadMembers => Box::new(eliminate_dead_members::EliminateDeadMembers),
            Passes::CompactIds => Box::new(compact_ids::CompactIds),
            Passes::SsaRewrite => Box::new(ssa_rewrite::SsaRewrite),
            Passes::MergeBlocks => Box::new(merge_blocks::MergeBlocks),
            Passes::EliminateDeadBranches => {
                Box::new(eliminate_dead_branches::EliminateDeadBranches)
            }
            Passes::SimplifyInstructions => Box::new(simplify_instructions::SimplifyInstructions),
            Passes::InlineExhaustive => Box::new(inline::Inline {
                single_call_site_only: false,
            }),
            Passes::InlineSingleCallSite => Box::new(inline::Inline {
                single_call_site_only: true,
            }),
            Passes::ConvertLocalAccessChains => {
                Box::new(convert_local_access_chains::ConvertLocalAccessChains)
            }
            Passes::EliminateDeadCode => Box::new(eliminate_dead_code::EliminateDeadCode),
            Passes::RemoveDuplicates => Box::new(remove_duplicates::RemoveDuplicates),
            Passes::UnifyConst => Box::new(unify_const::UnifyConst),
            Passes::LowerRawAccessChains => Box::new(lower_raw_access_chains::LowerRawAccessChains),
            Passes::Ccp => Box::new(ccp::Ccp),
            Passes::RedundancyElimination => {
                Box::new(redundancy_elimination::RedundancyElimination)
            }
            Passes::ScalarReplacement => Box::new(scalar_replacement::ScalarReplacement),
            Passes::IfConversion => Box::new(if_conversion::IfConversion),
            Passes::EliminateDeadInserts => Box::new(eliminate_dead_inserts::EliminateDeadInserts),
            Passes::CopyPropagateArrays => Box::new(copy_propagate_arrays::CopyPropagateArrays),
            Passes::LocalSingleBlockElim => Box::new(local_single_block_elim::LocalSingleBlockElim),
            Passes::LocalSingleStoreElim => Box::new(local_single_store_elim::LocalSingleStoreElim),
            Passes::VectorDce => Box::new(vector_dce::VectorDce),
            Passes::PromoteValueParameters => {
                Box::new(promote_value_parameters::PromoteValueParameters)
            }
            Passes::RetypeLocalVariables => Box::new(retype_local_variables::RetypeLocalVariables),
        }
    }
}

/// Pass flags without an argument: (flag without `--`, pass).
pub const FLAGS: &[(&str, Passes)] = &[
    ("strip-debug", Passes::StripDebug),
    ("strip-nonsemantic", Passes::StripNonSemantic),
    ("strip-reflect", Passes::StripNonSemantic),
    ("freeze-spec-const", Passes::FreezeSpecConst),
    (
        "fold-spec-const-op-composite",
        Passes::FoldSpecConstOpComposite,
    ),
    ("eliminate-dead-functions", Passes::EliminateDeadFunctions),
    ("eliminate-dead-const", Passes::EliminateDeadConst),
    ("eliminate-dead-variables", Passes::EliminateDeadVariables),
    ("eliminate-dead-members", Passes::EliminateDeadMembers),
    ("compact-ids", Passes::CompactIds),
    ("ssa-rewrite", Passes::SsaRewrite),
    ("eliminate-local-multi-store", Passes::SsaRewrite),
    ("eliminate-dead-code-aggressive", Passes::EliminateDeadCode),
    ("eliminate-dead-branches", Passes::EliminateDeadBranches),
    ("merge-blocks", Passes::MergeBlocks),
    ("simplify-instructions", Passes::SimplifyInstructions),
    ("fold", Passes::SimplifyInstructions),
    ("inline-entry-points-exhaustive", Passes::InlineExhaustive),
    (
        "convert-local-access-chains",
        Passes::ConvertLocalAccessChains,
    ),
    ("remove-duplicates", Passes::RemoveDuplicates),
    ("unify-const", Passes::UnifyConst),
    ("lower-raw-access-chains", Passes::LowerRawAccessChains),
    ("redundancy-elimination", Passes::RedundancyElimination),
    ("ccp", Passes::Ccp),
    (
        "local-redundancy-elimination",
        Passes::RedundancyElimination,
    ),
    ("scalar-replacement", Passes::ScalarReplacement),
    ("if-conversion", Passes::IfConversion),
    ("eliminate-dead-inserts", Passes::EliminateDeadInserts),
    ("copy-propagate-arrays", Passes::CopyPropagateArrays),
    ("eliminate-local-single-block", Passes::LocalSingleBlockElim),
    ("local-single-block-elim", Passes::LocalSingleBlockElim),
    ("eliminate-local-single-store", Passes::LocalSingleStoreElim),
    ("local-single-store-elim", Passes::LocalSingleStoreElim),
    ("vector-dce", Passes::VectorDce),
    ("promote-value-parameters", Passes::PromoteValueParameters),
    ("retype-local-variables", Passes::RetypeLocalVariables),
];

/// Flags that take the next argument as their value.
pub const FLAGS_WITH_ARGUMENT: &[&str] = &["set-spec-const-default-value"];

/// spirv-opt 2025.5 pass flags spirvkit does not implement (yet): a usage error naming them,
/// never silently ignored.
pub const NOT_IMPLEMENTED: &[&str] = &[
    "amd-ext-to-khr",
    "cfg-cleanup",
    "combine-access-chains",
    "convert-relaxed-to-half",
    "convert-to-sampled-image",
    "replace-desc-array-access-using-var-index",
    "spread-volatile-semantics",
    "descriptor-scalar-replacement",
    "descriptor-composite-scalar-replacement",
    "descriptor-array-scalar-replacement",
    "eliminate-dead-input-components",
    "eliminate-insert-extract",
    "fix-func-call-param",
    "flatten-decorations",
    "graphics-robust-access",
    "legalize-hlsl",
    "loop-fission",
    "loop-fusion",
    "loop-invariant-code-motion",
    "loop-unroll",
    "loop-unroll-partial",
    "loop-peeling",
    "loop-peeling-threshold",
    "merge-return",
    "modify-maximal-reconvergence",
    "loop-unswitch",
    "private-to-local",
    "reduce-load-size",
    "canonicalize-ids",
    "relax-float-ops",
    "remove-unused-interface-variables",
    "replace-invalid-opcode",
    "resolve-binding-conflicts",
    "split-combined-image-sampler",
    "strength-reduction",
    "struct-packing",
    "switch-descriptorset",
    "trim-capabilities",
    "upgrade-memory-model",
    "workaround-1209",
    "wrap-opkill",
];

/// Why a flag did not name a pass.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FlagError {
    #[error("Unknown flag '--{0}'. Use --help for a list of valid flags")]
    Unknown(String),
    #[error("pass flag '--{0}' is not implemented by spirvkit")]
    NotImplemented(String),
    #[error("{0}")]
    BadArgument(String),
    #[error("'--{0}' needs an argument")]
    MissingArgument(String),
}

/// The pass a flag (without `--`, `name=value` or `name` with `value` given) stands for.
pub fn pass_from_flag(name: &str, value: Option<&str>) -> Result<Passes, FlagError> {
    if let Some((_, pass)) = FLAGS.iter().find(|(flag, _)| *flag == name) {
        return Ok(pass.clone());
    }
    if name == "set-spec-const-default-value" {
        let value = value.ok_or_else(|| FlagError::MissingArgument(name.to_string()))?;
        return set_spec_const_default_value::parse_argument(value)
            .map(Passes::SetSpecConstDefaultValue)
            .map_err(FlagError::BadArgument);
    }
    let base = name.split('=').next().unwrap_or(name);
    if NOT_IMPLEMENTED.contains(&base) {
        return Err(FlagError::NotImplemented(base.to_string()));
    }
    Err(FlagError::Unknown(name.to_string()))
}
