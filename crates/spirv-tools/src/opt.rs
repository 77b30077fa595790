//! `spirv_tools::opt`: the optimizer, over `spirvkit_opt`. Each `Passes` variant maps onto
//! the spirvkit pass implementing the same spirv-opt flag; a variant spirvkit does not
//! implement is recorded and makes `optimize` fail with an error naming it.

use crate::binary::Binary;
use crate::error::{Error, Message, MessageCallback, SpirvResult};
use crate::val::ValidatorOptions;
use crate::TargetEnv;
use spirvkit_opt::optimizer::{PERFORMANCE_PASSES, SIZE_PASSES};
use spirvkit_opt::Passes as Pass;

/// Options for one `optimize` call.
#[derive(Default, Clone, Debug)]
pub struct Options {
    /// The validator run on the input first uses these options.
    pub validator_options: Option<ValidatorOptions>,
    /// The largest id bound the output may have.
    pub max_id_bound: Option<u32>,
    /// Keep every binding (no pass spirvkit runs removes used bindings).
    pub preserve_bindings: bool,
    /// Keep every specialization constant.
    pub preserve_spec_constants: bool,
}

/// The passes of the `spirv-tools` crate, named as SPIRV-Tools' `Create*Pass` functions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(clippy::upper_case_acronyms)]
pub enum Passes {
    AggressiveDCE,
    AmdExtToKhr,
    BlockMerge,
    ConditionalConstantPropagation,
    CFGCleanup,
    CodeSinking,
    CombineAccessChains,
    CompactIds,
    ConvertRelaxedToHalf,
    CopyPropagateArrays,
    DeadBranchElim,
    DeadInsertElim,
    DeadVariableElimination,
    DescriptorScalarReplacement,
    EliminateDeadConstant,
    EliminateDeadFunctions,
    EliminateDeadMembers,
    FixStorageClass,
    FlattenDecoration,
    FoldSpecConstantOpAndComposite,
    FreezeSpecConstantValue,
    GraphicsRobustAccess,
    IfConversion,
    InlineExhaustive,
    InlineOpaque,
    InsertExtractElim,
    InterpolateFixup,
    LocalAccessChainConvert,
    LocalMultiStoreElim,
    LocalRedundancyElimination,
    LocalSingleBlockLoadStoreElim,
    LocalSingleStoreElim,
    LoopInvariantCodeMotion,
    LoopPeeling,
    LoopUnswitch,
    MergeReturn,
    /// Does nothing.
    Null,
    PrivateToLocal,
    PropagateLineInfo,
    ReduceLoadSize,
    RedundancyElimination,
    RedundantLineInfoElim,
    RelaxFloatOps,
    RemoveDuplicates,
    RemoveUnusedInterfaceVariables,
    ReplaceInvalidOpcode,
    Simplification,
    SSARewrite,
    StrengthReduction,
    StripDebugInfo,
    StripNonSemanticInfo,
    UnifyConstant,
    UpgradeMemoryModel,
    VectorDCE,
    Workaround1209,
    WrapOpKill,
}

/// What registering a pass means for spirvkit.
enum Lowered {
    Run(Pass),
    Nothing,
    /// Not implemented: spirv-opt's flag for it.
    Missing(&'static str),
}

impl Passes {
    fn lower(self) -> Lowered {
        use Lowered::{Missing, Nothing, Run};
        match self {
            Self::AggressiveDCE => Run(Pass::EliminateDeadCode),
            Self::BlockMerge => Run(Pass::MergeBlocks),
            Self::CompactIds => Run(Pass::CompactIds),
            Self::DeadVariableElimination => Run(Pass::EliminateDeadVariables),
            Self::EliminateDeadConstant => Run(Pass::EliminateDeadConst),
            Self::EliminateDeadFunctions => Run(Pass::EliminateDeadFunctions),
            Self::EliminateDeadMembers => Run(Pass::EliminateDeadMembers),
            Self::FoldSpecConstantOpAndComposite => Run(Pass::FoldSpecConstOpComposite),
            Self::FreezeSpecConstantValue => Run(Pass::FreezeSpecConst),
            Self::LocalAccessChainConvert => Run(Pass::ConvertLocalAccessChains),
            // spirv-opt runs the SSA rewriter for --eliminate-local-multi-store too.
            Self::LocalMultiStoreElim | Self::SSARewrite => Run(Pass::SsaRewrite),
            Self::RemoveDuplicates => Run(Pass::RemoveDuplicates),
            Self::StripDebugInfo => Run(Pass::StripDebug),
            Self::StripNonSemanticInfo => Run(Pass::StripNonSemantic),
            Self::UnifyConstant => Run(Pass::UnifyConst),
            Self::Null => Nothing,
            Self::AmdExtToKhr => Missing("amd-ext-to-khr"),
            Self::ConditionalConstantPropagation => Missing("ccp"),
            Self::CFGCleanup => Missing("cfg-cleanup"),
            Self::CodeSinking => Missing("code-sink"),
            Self::CombineAccessChains => Missing("combine-access-chains"),
            Self::ConvertRelaxedToHalf => Missing("convert-relaxed-to-half"),
            Self::CopyPropagateArrays => Run(Pass::CopyPropagateArrays),
            Self::DeadBranchElim => Missing("eliminate-dead-branches"),
            Self::DeadInsertElim => Run(Pass::EliminateDeadInserts),
            Self::DescriptorScalarReplacement => Missing("descriptor-scalar-replacement"),
            Self::FixStorageClass => Missing("fix-storage-class"),
            Self::FlattenDecoration => Missing("flatten-decorations"),
            Self::GraphicsRobustAccess => Missing("graphics-robust-access"),
            Self::IfConversion => Run(Pass::IfConversion),
            Self::InlineExhaustive => Missing("inline-entry-points-exhaustive"),
            Self::InlineOpaque => Missing("inline-entry-points-opaque"),
            Self::InsertExtractElim => Missing("eliminate-insert-extract"),
            Self::InterpolateFixup => Missing("interpolate-fixup"),
            Self::LocalRedundancyElimination => Missing("local-redundancy-elimination"),
            Self::LocalSingleBlockLoadStoreElim => Run(Pass::LocalSingleBlockElim),
            Self::LocalSingleStoreElim => Run(Pass::LocalSingleStoreElim),
            Self::LoopInvariantCodeMotion => Missing("loop-invariant-code-motion"),
            Self::LoopPeeling => Missing("loop-peeling"),
            Self::LoopUnswitch => Missing("loop-unswitch"),
            Self::MergeReturn => Missing("merge-return"),
            Self::PrivateToLocal => Missing("private-to-local"),
            Self::PropagateLineInfo => Missing("propagate-line-info"),
            Self::ReduceLoadSize => Missing("reduce-load-size"),
            Self::RedundancyElimination => Missing("redundancy-elimination"),
            Self::RedundantLineInfoElim => Missing("eliminate-redundant-line-info"),
            Self::RelaxFloatOps => Missing("relax-float-ops"),
            Self::RemoveUnusedInterfaceVariables => Missing("remove-unused-interface-variables"),
            Self::ReplaceInvalidOpcode => Missing("replace-invalid-opcode"),
            Self::Simplification => Missing("simplify-instructions"),
            Self::StrengthReduction => Missing("strength-reduction"),
            Self::UpgradeMemoryModel => Missing("upgrade-memory-model"),
            Self::VectorDCE => Run(Pass::VectorDce),
            Self::Workaround1209 => Missing("workaround-1209"),
            Self::WrapOpKill => Missing("wrap-opkill"),
        }
    }
}

pub trait Optimizer {
    fn with_env(target_env: TargetEnv) -> Self;

    fn optimize<MC: MessageCallback>(
        &self,
        input: impl AsRef<[u32]>,
        msg_callback: &mut MC,
        options: Option<Options>,
    ) -> Result<Binary, Error>;

    /// Registers one pass.
    fn register_pass(&mut self, pass: Passes) -> &mut Self;
    /// Registers spirvkit's `-O` recipe.
    fn register_performance_passes(&mut self) -> &mut Self;
    /// Registers spirvkit's `-Os` recipe.
    fn register_size_passes(&mut self) -> &mut Self;
    /// Registers spirv-opt's HLSL legalization recipe, which spirvkit does not implement:
    /// `optimize` then fails naming `legalize-hlsl`.
    fn register_hlsl_legalization_passes(&mut self) -> &mut Self;
}

/// A registered step: a spirvkit pass, or the name of one spirvkit lacks.
#[derive(Clone, Debug)]
enum Step {
    Run(Pass),
    Missing(String),
}

/// The optimizer, backed by `spirvkit_opt`.
#[derive(Default, Clone, Debug)]
pub struct SpirvkitOptimizer {
    target_env: TargetEnv,
    steps: Vec<Step>,
}

impl Optimizer for SpirvkitOptimizer {
    fn with_env(target_env: TargetEnv) -> Self {
        Self {
            target_env,
            steps: Vec::new(),
        }
    }

    fn optimize<MC: MessageCallback>(
        &self,
        input: impl AsRef<[u32]>,
        msg_callback: &mut MC,
        options: Option<Options>,
    ) -> Result<Binary, Error> {
        self.run(input.as_ref(), options.unwrap_or_default())
            .map_err(|(error, messages)| {
                for message in messages {
                    msg_callback.on_message(message);
                }
                error
            })
    }

    fn register_pass(&mut self, pass: Passes) -> &mut Self {
        match pass.lower() {
            Lowered::Run(p) => self.steps.push(Step::Run(p)),
            Lowered::Nothing => {}
            Lowered::Missing(flag) => self
                .steps
                .push(Step::Missing(format!("{pass:?} (spirv-opt --{flag})"))),
        }
        self
    }

    fn register_performance_passes(&mut self) -> &mut Self {
        self.steps
            .extend(PERFORMANCE_PASSES.iter().cloned().map(Step::Run));
        self
    }

    fn register_size_passes(&mut self) -> &mut Self {
        self.steps
            .extend(SIZE_PASSES.iter().cloned().map(Step::Run));
        self
    }

    fn register_hlsl_legalization_passes(&mut self) -> &mut Self {
        self.steps.push(Step::Missing(
            "the HLSL legalization recipe (spirv-opt --legalize-hlsl)".into(),
        ));
        self
    }
}

type Failure = (Error, Vec<Message>);

fn fail(error: Error) -> Failure {
    let messages = error.diagnostic.iter().map(Message::error).collect();
    (error, messages)
}

impl SpirvkitOptimizer {
    fn run(&self, input: &[u32], options: Options) -> Result<Binary, Failure> {
        let missing: Vec<&str> = self
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Missing(name) => Some(name.as_str()),
                Step::Run(_) => None,
            })
            .collect();
        if !missing.is_empty() {
            return Err(fail(Error::new(
                SpirvResult::Unsupported,
                format!("not implemented by spirvkit: {}", missing.join(", ")),
            )));
        }
        let mut optimizer = spirvkit_opt::Optimizer::new(self.target_env.to_val().map_err(fail)?);
        if let Some(vo) = &options.validator_options {
            optimizer.validator = vo.to_spirvkit(self.target_env).map_err(fail)?;
        }
        optimizer.preserve_bindings = options.preserve_bindings;
        optimizer.preserve_spec_constants = options.preserve_spec_constants;
        for step in &self.steps {
            if let Step::Run(pass) = step {
                optimizer.register_pass(pass.clone());
            }
        }
        let words = optimizer.run(input).map_err(from_opt_error)?;
        if let (Some(max), Some(&bound)) = (options.max_id_bound, words.get(3)) {
            if bound > max {
                return Err(fail(Error::new(
                    SpirvResult::InternalError,
                    format!("ID overflow: the optimized module's id bound {bound} exceeds the maximum {max}. Try running compact-ids."),
                )));
            }
        }
        Ok(Binary::OwnedU32(words))
    }
}

/// spirvkit's optimizer error as the `spirv-tools` crate reports it; an invalid input sends
/// every validator diagnostic to the callback.
fn from_opt_error(e: spirvkit_opt::Error) -> Failure {
    use spirvkit_opt::Error as E;
    match e {
        E::InvalidInput(diags) => {
            let error = Error::from_val(&diags);
            let messages = diags
                .iter()
                .map(|d| Message::error(&crate::error::Diagnostic::from_val(d)))
                .collect();
            (error, messages)
        }
        E::Decode(d) => fail(Error::new(SpirvResult::InvalidBinary, d.to_string())),
        other => fail(Error::new(SpirvResult::InternalError, other.to_string())),
    }
}

/// The optimizer for `te` (the default environment, `spv1.5`, when `None`).
pub fn create(te: Option<TargetEnv>) -> impl Optimizer {
    SpirvkitOptimizer::with_env(te.unwrap_or_default())
}
