//! The pass manager with the `spirv-tools` crate's optimizer shape: `Optimizer::new(env)`,
//! `register_pass`, `register_performance_passes` / `register_size_passes`, `run(&[u32])`.
//! The input is validated first (unless `skip_validation`); in debug builds, and whenever
//! `validate_after_each_pass` is set, the module is validated after every pass that changed
//! it and the first pass producing an invalid module is named in the error.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::passes::Passes;
use crate::timing;
use rayon::prelude::*;
use spirvkit_core::{Instruction, Module, Operand};
use spirvkit_val::{TargetEnv, ValidatorOptions};

/// The largest id bound the optimizer accepts (spirv-val's default limit is 0x3FFFFF).
pub const MAX_ID_BOUND: u32 = 1 << 24;

pub struct Optimizer {
    passes: Vec<Box<dyn Pass>>,
    pub validator: ValidatorOptions,
    pub skip_validation: bool,
    pub validate_after_each_pass: bool,
    /// `--preserve-bindings`: variables with Binding/DescriptorSet stay even when unused.
    /// `--preserve-spec-constants`: spec constants stay even when unused.
    pub preserve_bindings: bool,
    pub preserve_spec_constants: bool,
}

/// Defines `-O`'s list and `-Os`'s, which is `-O`'s followed by `size_extra` (one list to keep
/// the two presets from drifting apart).
macro_rules! presets {
    ($($pass:ident),* $(,)?; size_extra: $($extra:ident),* $(,)?) => {
        /// `-O`: the passes that exist, cheapest first; dead code before the passes that only shrink.
        /// Calls stay unless the callee has one call site (seed 003 §1.2); read-only pointer
        /// parameters become values instead, so the callers' local copies fold away. Local variables
        /// SSA cannot take (dynamic indices) still get block-local and single-store forwarding. After
        /// merging blocks and block-local redundancy elimination, a second folding and dead-code round
        /// (after dead global variables, so their types go too). Rationale per step: ARCHITECTURE.md.
        pub const PERFORMANCE_PASSES: &[Passes] = &[$(Passes::$pass),*];

        /// `-Os`: `-O` plus renumbering (smaller id bound, smaller varint-compressed modules).
        /// (Both drop unused struct members: it costs nothing at run time.)
        pub const SIZE_PASSES: &[Passes] = &[$(Passes::$pass,)* $(Passes::$extra),*];
    };
}

presets!(
    EliminateDeadFunctions,
    FoldSpecConstOpComposite,
    InlineSingleCallSite,
    EliminateDeadFunctions,
    PromoteValueParameters,
    RetypeLocalVariables,
    ScalarReplacement,
    CopyPropagateArrays,
    ConvertLocalAccessChains,
    LocalSingleBlockElim,
    LocalSingleStoreElim,
    SsaRewrite,
    SimplifyInstructions,
    Ccp,
    EliminateDeadInserts,
    VectorDce,
    EliminateDeadCode,
    EliminateDeadBranches,
    IfConversion,
    MergeBlocks,
    RedundancyElimination,
    SimplifyInstructions,
    EliminateDeadVariables,
    EliminateDeadCode,
    EliminateDeadMembers,
    EliminateDeadConst,
    ; size_extra: CompactIds
);

impl Optimizer {
    pub fn new(target_env: TargetEnv) -> Self {
        Self {
            passes: Vec::new(),
            validator: ValidatorOptions {
                target_env,
                ..ValidatorOptions::default()
            },
            skip_validation: false,
            validate_after_each_pass: cfg!(debug_assertions),
            preserve_bindings: false,
            preserve_spec_constants: false,
        }
    }

    pub fn register_pass(&mut self, pass: Passes) -> &mut Self {
        self.passes.push(pass.create());
        self
    }

    pub fn register_boxed_pass(&mut self, pass: Box<dyn Pass>) -> &mut Self {
        self.passes.push(pass);
        self
    }

    pub fn register_performance_passes(&mut self) -> &mut Self {
        for p in PERFORMANCE_PASSES {
            self.register_pass(p.clone());
        }
        self
    }

    pub fn register_size_passes(&mut self) -> &mut Self {
        for p in SIZE_PASSES {
            self.register_pass(p.clone());
        }
        self
    }

    pub fn pass_names(&self) -> Vec<&'static str> {
        self.passes.iter().map(|p| p.name()).collect()
    }

    /// Optimizes a module given as host-order words.
    pub fn run(&self, words: &[u32]) -> Result<Vec<u32>, Error> {
        let mut module = self.decode(words)?;
        self.run_module(&mut module)?;
        Ok(module.to_words())
    }

    /// Validates (unless `skip_validation`) and decodes the input: the first half of [`run`],
    /// for callers that free the input words before the passes run and stream the output
    /// (`Module::write_to`), as the CLI does to keep its peak memory down.
    ///
    /// [`run`]: Optimizer::run
    pub fn decode(&self, words: &[u32]) -> Result<Module, Error> {
        let mut split = None;
        if !self.skip_validation {
            let start = timing::start();
            split = spirvkit_val::validate_keeping_split(words, &self.validator)
                .map_err(Error::InvalidInput)?;
            timing::report(start, "(validate input)", false);
        }
        let start = timing::start();
        let module = decode_words_split(words, split.as_ref())?;
        timing::report(start, "(decode)", false);
        Ok(module)
    }

    /// Runs the passes on a decoded module; true when something changed.
    pub fn run_module(&self, module: &mut Module) -> Result<bool, Error> {
        let start = timing::start();
        let mentioned = id_bound(module);
        timing::report(start, "(id bound)", false);
        self.run_module_mentioning(module, mentioned)
    }

    /// [`run_module`] for a module exactly as [`decode`] returned it: the decoder refuses
    /// every id not below the header's bound, so the walk over every instruction that finds
    /// the largest id is not needed (~4% of a `spirvkit opt` run without passes).
    ///
    /// [`run_module`]: Optimizer::run_module
    /// [`decode`]: Optimizer::decode
    pub fn run_decoded(&self, module: &mut Module) -> Result<bool, Error> {
        let mentioned = module.header.bound;
        self.run_module_mentioning(module, mentioned)
    }

    /// `mentioned`: one more than the largest id the module mentions (the header's bound when
    /// the decoder checked every id against it).
    fn run_module_mentioning(&self, module: &mut Module, mentioned: u32) -> Result<bool, Error> {
        // Passes keep dense id-indexed tables: an (invalid) module claiming or using ids far
        // beyond any real module is refused rather than allocated for.
        let largest = module.header.bound.max(mentioned);
        // Whether every id is below the header's bound (the passes keep it so: they allocate
        // from the bound and raise it); when not, the bound is always found by a walk.
        let bounded = mentioned <= module.header.bound;
        if largest > MAX_ID_BOUND {
            return Err(Error::BoundTooLarge(largest));
        }
        let mut analyses = Analyses::new();
        analyses.preserve = crate::analyses::Preserve {
            bindings: self.preserve_bindings,
            spec_constants: self.preserve_spec_constants,
        };
        let mut changed = false;
        let check = self.validate_after_each_pass && !self.skip_validation;
        let mut next = 0;
        while next < self.passes.len() {
            // Consecutive function-local passes run function by function (segment.rs).
            let fused = crate::segment::length(&self.passes[next..]);
            if fused >= 2 {
                let passes = &self.passes[next..next + fused];
                next += fused;
                let name = crate::segment::name(passes);
                let before = check.then(|| module.clone());
                let start = timing::start();
                let result = crate::segment::run(module, passes);
                timing::report(start, &name, result);
                if result {
                    changed = true;
                    self.after_change(module, &mut analyses, check, bounded, || {
                        // Name the pass that broke the module: the passes again, one by one.
                        culprit(before.as_ref(), passes, &self.validator)
                    })?;
                }
                continue;
            }
            let pass = &self.passes[next];
            next += 1;
            let start = timing::start();
            let result = pass.run(module, &mut analyses)?;
            timing::report(start, pass.name(), result == Changed::Yes);
            if result == Changed::Yes {
                changed = true;
                self.after_change(module, &mut analyses, check, bounded, || pass.name())?;
            }
        }
        Ok(changed)
    }

    /// After a pass (or segment) changed the module: the analyses go, the bound becomes the
    /// largest id + 1 (as spirv-opt's pass manager does) and, when checking, the module is
    /// validated (`pass` names the culprit). `bounded`: every id is below the header's bound.
    fn after_change(
        &self,
        module: &mut Module,
        analyses: &mut Analyses,
        check: bool,
        bounded: bool,
        pass: impl FnOnce() -> &'static str,
    ) -> Result<(), Error> {
        analyses.invalidate();
        let start = timing::start();
        if !(bounded && defines_last_id(module)) {
            module.header.bound = id_bound(module);
        }
        timing::report(start, "(id bound)", false);
        if check {
            spirvkit_val::validate(&module.to_words(), &self.validator).map_err(|diagnostics| {
                Error::PassProducedInvalid {
                    pass: pass(),
                    diagnostics,
                }
            })?;
        }
        Ok(())
    }
}

/// The first of `passes` whose output is invalid when they run one by one on `before` (the
/// module before their segment); the last one when each alone gives a valid module.
fn culprit(
    before: Option<&Module>,
    passes: &[Box<dyn Pass>],
    validator: &ValidatorOptions,
) -> &'static str {
    let last = passes.last().map_or("", |p| p.name());
    let Some(before) = before else {
        return last;
    };
    let mut module = before.clone();
    let mut analyses = Analyses::new();
    for pass in passes {
        if matches!(pass.run(&mut module, &mut analyses), Ok(Changed::Yes)) {
            analyses.invalidate();
            module.header.bound = id_bound(&module);
            if spirvkit_val::validate(&module.to_words(), validator).is_err() {
                return pass.name();
            }
        }
    }
    last
}

/// Whether the id just below the bound is still in the module, looked for where it usually
/// is: among the globals (constants and undefs a pass created go at their end, with the
/// newest ids) or in the last function (a module's ids mostly grow through it). With every id
/// below the bound, the bound is then exactly the largest id + 1, without a walk over every
/// function.
fn defines_last_id(module: &Module) -> bool {
    let Some(last) = module.header.bound.checked_sub(1) else {
        return false;
    };
    let mentions = |inst: &Instruction| {
        inst.result_id.is_some_and(|r| r.0 == last)
            || inst.result_type.is_some_and(|t| t.0 == last)
            || inst
                .operands
                .iter()
                .any(|o| matches!(o, Operand::Id(id) if id.0 == last))
    };
    module
        .globals
        .iter()
        .rev()
        .any(|inst| inst.result_id.is_some_and(|r| r.0 == last))
        || module
            .functions
            .last()
            .is_some_and(|f| f.instructions().any(mentions))
}

/// Modules from this many words on are decoded on every rayon thread.
const PARALLEL_DECODE_WORDS: usize = 1 << 12;

/// `Module::from_words`, with the functions of a large module decoded in parallel (one run of
/// functions per thread). Any error is reported by a sequential decode, so it is the first.
pub fn decode_words(words: &[u32]) -> Result<Module, spirvkit_core::DecodeError> {
    decode_words_split(words, None)
}

/// [`decode_words`] with where the functions start, when the validator found it.
fn decode_words_split(
    words: &[u32],
    starts: Option<&spirvkit_core::FunctionStarts>,
) -> Result<Module, spirvkit_core::DecodeError> {
    let threads = rayon::current_num_threads();
    if threads < 2 || words.len() < PARALLEL_DECODE_WORDS {
        return Module::from_words(words);
    }
    let Ok((mut module, runs)) = Module::split_for_decoding_at(words, threads, starts) else {
        return Module::from_words(words);
    };
    let decoded: Vec<_> = runs
        .into_par_iter()
        .map(spirvkit_core::module::FunctionRun::decode)
        .collect();
    for functions in decoded {
        match functions {
            Ok(functions) => module.functions.extend(functions),
            Err(_) => return Module::from_words(words),
        }
    }
    Ok(module)
}

/// One more than the largest id the module mentions (1 for a module without ids). It runs
/// after every pass that changed the module, so it is a plain loop, and functions are scanned
/// in parallel.
pub fn id_bound(module: &Module) -> u32 {
    fn largest(inst: &Instruction) -> u32 {
        let mut max = inst.result_type.map_or(0, |t| t.0);
        max = max.max(inst.result_id.map_or(0, |r| r.0));
        for operand in &inst.operands {
            if let Operand::Id(id) = operand {
                max = max.max(id.0);
            }
        }
        max
    }
    fn largest_in(insts: &[Instruction]) -> u32 {
        insts.iter().map(largest).max().unwrap_or(0)
    }
    let globals = largest_in(&module.globals);
    let functions = module
        .functions
        .par_iter()
        .map(|f| {
            let blocks = f
                .blocks
                .iter()
                .map(|b| largest(&b.label).max(largest_in(&b.instructions)))
                .max()
                .unwrap_or(0);
            largest(&f.def)
                .max(largest_in(&f.parameters))
                .max(blocks)
                .max(f.end.as_ref().map_or(0, largest))
                .max(largest_in(&f.trailing))
        })
        .max()
        .unwrap_or(0);
    globals.max(functions).saturating_add(1)
}

#[cfg(test)]
mod tests {
    use super::{decode_words, decode_words_split};
    use crate::passes::testing::assemble;
    use spirvkit_core::Module;

    /// Seven functions, each with an OpSwitch (whose literal width the decoder takes from
    /// the selector's type) and a use of a module-scope constant.
    fn module_words() -> Vec<u32> {
        let mut src = String::from(
            "OpCapability Kernel\nOpCapability Addresses\nOpCapability Linkage\n\
             OpMemoryModel Physical64 OpenCL\n%uint = OpTypeInt 32 0\n\
             %fn = OpTypeFunction %uint %uint\n%c1 = OpConstant %uint 1\n",
        );
        for i in 0..7 {
            src += &format!(
                "%f{i} = OpFunction %uint None %fn\n%p{i} = OpFunctionParameter %uint\n\
                 %l{i} = OpLabel\nOpSelectionMerge %m{i} None\n\
                 OpSwitch %p{i} %m{i} 1 %a{i} 4000000000 %b{i}\n%a{i} = OpLabel\n\
                 OpBranch %m{i}\n%b{i} = OpLabel\nOpBranch %m{i}\n%m{i} = OpLabel\n\
                 %r{i} = OpIAdd %uint %p{i} %c1\nOpReturnValue %r{i}\nOpFunctionEnd\n"
            );
        }
        assemble(&src)
    }

    #[test]
    fn decoding_in_runs_gives_the_sequential_module() {
        let words = module_words();
        let whole = Module::from_words(&words).unwrap().to_words();
        assert_eq!(whole, words);
        for runs in [1, 2, 3, 7, 20] {
            let (mut module, pieces) = Module::split_for_decoding(&words, runs).unwrap();
            assert!(pieces.len() <= runs.max(1), "{runs} runs: {}", pieces.len());
            for piece in pieces {
                module.functions.extend(piece.decode().unwrap());
            }
            assert_eq!(module.to_words(), whole, "{runs} runs");
        }
        assert_eq!(decode_words(&words).unwrap().to_words(), whole);
    }

    /// `count` functions switching on a 64-bit module-scope constant (its type is read from
    /// the table the runs share) and on a 64-bit parameter (from the run's own table).
    fn wide_switch_words(count: usize) -> Vec<u32> {
        let mut src = String::from(
            "OpCapability Kernel\nOpCapability Addresses\nOpCapability Linkage\n\
             OpCapability Int64\nOpMemoryModel Physical64 OpenCL\n%ulong = OpTypeInt 64 0\n\
             %fn = OpTypeFunction %ulong %ulong\n%big = OpConstant %ulong 5000000000\n",
        );
        for i in 0..count {
            src += &format!(
                "%f{i} = OpFunction %ulong None %fn\n%p{i} = OpFunctionParameter %ulong\n\
                 %l{i} = OpLabel\nOpSelectionMerge %n{i} None\n\
                 OpSwitch %big %n{i} 5000000000 %c{i} 7 %n{i}\n%c{i} = OpLabel\nOpBranch %n{i}\n\
                 %n{i} = OpLabel\nOpSelectionMerge %m{i} None\n\
                 OpSwitch %p{i} %m{i} 1 %a{i} 6000000000 %b{i}\n%a{i} = OpLabel\n\
                 OpBranch %m{i}\n%b{i} = OpLabel\nOpBranch %m{i}\n%m{i} = OpLabel\n\
                 %r{i} = OpIAdd %ulong %p{i} %big\nOpReturnValue %r{i}\nOpFunctionEnd\n"
            );
        }
        assemble(&src)
    }

    #[test]
    fn decoding_in_runs_reads_switch_widths_from_the_shared_and_own_tables() {
        let words = wide_switch_words(9);
        let whole = Module::from_words(&words).unwrap().to_words();
        assert_eq!(whole, words);
        for runs in [2, 3, 9] {
            let (mut module, pieces) = Module::split_for_decoding(&words, runs).unwrap();
            for piece in pieces {
                module.functions.extend(piece.decode().unwrap());
            }
            assert_eq!(module.to_words(), whole, "{runs} runs");
        }
    }

    /// The decoder takes the validator's function starts (one walk over the words for both)
    /// and decodes what the sequential decoder does; starts found on other words (an equal
    /// copy elsewhere in memory) are found again.
    #[test]
    fn decoding_with_the_validators_split_gives_the_sequential_module() {
        // Large enough for the validator to read the functions in runs.
        let words = wide_switch_words(400);
        assert!(words.len() > 1 << 14);
        let whole = Module::from_words(&words).unwrap().to_words();
        let options = spirvkit_val::ValidatorOptions::default();
        let split = spirvkit_val::validate_keeping_split(&words, &options).unwrap();
        assert_eq!(split.is_some(), rayon::current_num_threads() >= 2);
        if let Some(starts) = &split {
            assert_eq!(starts.len(), 400);
        }
        assert_eq!(
            decode_words_split(&words, split.as_ref())
                .unwrap()
                .to_words(),
            whole
        );
        for runs in [2, 5] {
            let copy = words.clone();
            let (mut module, pieces) =
                Module::split_for_decoding_at(&copy, runs, split.as_ref()).unwrap();
            assert_eq!(pieces.len(), runs);
            for piece in pieces {
                module.functions.extend(piece.decode().unwrap());
            }
            assert_eq!(module.to_words(), whole, "{runs} runs of a copy");
        }
    }

    #[test]
    fn a_malformed_function_is_reported_as_the_sequential_decoder_reports_it() {
        let mut words = module_words();
        // A zero word count in the last function's OpReturnValue.
        let at = words.len() - 3;
        words[at] &= 0xffff;
        let sequential = Module::from_words(&words).err().map(|e| e.to_string());
        assert!(sequential.is_some());
        let (_, pieces) = Module::split_for_decoding(&words, 3).unwrap();
        let split_failed = pieces.into_iter().any(|p| p.decode().is_err());
        assert!(split_failed);
        assert_eq!(
            decode_words(&words).err().map(|e| e.to_string()),
            sequential
        );
    }

    /// A segment (if-conversion, merge-blocks and redundancy-elimination run function by
    /// function) gives the module the three passes give one after the other, and one alone
    /// runs as before.
    #[test]
    fn a_segment_gives_what_its_passes_give_in_turn() {
        use crate::{Optimizer, Passes, TargetEnv};
        let mut src = String::from(
            "OpCapability Kernel\nOpCapability Addresses\nOpCapability Linkage\n\
             OpMemoryModel Physical64 OpenCL\n%uint = OpTypeInt 32 0\n%bool = OpTypeBool\n\
             %gp = OpTypePointer CrossWorkgroup %uint\n\
             %fn = OpTypeFunction %uint %gp %uint\n%c1 = OpConstant %uint 1\n\
             %c9 = OpConstant %uint 9\n",
        );
        for i in 0..5 {
            src += &format!(
                "%f{i} = OpFunction %uint None %fn\n%p{i} = OpFunctionParameter %gp\n\
                 %x{i} = OpFunctionParameter %uint\n%e{i} = OpLabel\n\
                 %a{i} = OpIAdd %uint %x{i} %c1\n%b{i} = OpIAdd %uint %x{i} %c1\n\
                 %s{i} = OpIMul %uint %a{i} %b{i}\n%q{i} = OpULessThan %bool %s{i} %c9\n\
                 OpSelectionMerge %m{i} None\nOpBranchConditional %q{i} %t{i} %m{i}\n\
                 %t{i} = OpLabel\n%u{i} = OpIAdd %uint %s{i} %c1\nOpBranch %m{i}\n\
                 %m{i} = OpLabel\n%r{i} = OpPhi %uint %u{i} %t{i} %s{i} %e{i}\n\
                 OpStore %p{i} %r{i}\nOpReturnValue %r{i}\nOpFunctionEnd\n"
            );
        }
        let words = assemble(&src);
        let passes = [
            Passes::IfConversion,
            Passes::MergeBlocks,
            Passes::RedundancyElimination,
        ];
        let mut fused = Optimizer::new(TargetEnv::Spv(6));
        for p in &passes {
            fused.register_pass(p.clone());
        }
        let together = fused.run(&words).unwrap();
        let mut in_turn = words.clone();
        for p in &passes {
            let mut one = Optimizer::new(TargetEnv::Spv(6));
            one.register_pass(p.clone());
            in_turn = one.run(&in_turn).unwrap();
        }
        assert_eq!(together, in_turn);
        // Something happened: the branches went (if-conversion, then merge-blocks) and one
        // of the two equal additions (redundancy-elimination).
        assert!(together.len() < words.len());
        let module = Module::from_words(&together).unwrap();
        assert!(module.functions.iter().all(|f| f.blocks.len() == 1));
        let adds = module.functions[0]
            .instructions()
            .filter(|i| i.opcode == spirvkit_core::grammar::Op::IAdd)
            .count();
        assert_eq!(adds, 2);
    }
}
