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

/// `-O`: the passes that exist, cheapest first; dead code before the passes that only shrink.
/// Calls stay unless the callee has one call site (seed 003 §1.2); read-only pointer
/// parameters become values instead, so the callers' local copies fold away. Local variables
/// SSA cannot take (dynamic indices) still get block-local and single-store forwarding. After
/// merging blocks and block-local redundancy elimination, a second folding and dead-code round
/// (after dead global variables, so their types go too). Rationale per step: ARCHITECTURE.md.
pub const PERFORMANCE_PASSES: &[Passes] = &[
    Passes::EliminateDeadFunctions,
    Passes::FoldSpecConstOpComposite,
    Passes::InlineSingleCallSite,
    Passes::EliminateDeadFunctions,
    Passes::PromoteValueParameters,
    Passes::ScalarReplacement,
    Passes::CopyPropagateArrays,
    Passes::ConvertLocalAccessChains,
    Passes::LocalSingleBlockElim,
    Passes::LocalSingleStoreElim,
    Passes::SsaRewrite,
    Passes::SimplifyInstructions,
    Passes::Ccp,
    Passes::EliminateDeadInserts,
    Passes::VectorDce,
    Passes::EliminateDeadCode,
    Passes::EliminateDeadBranches,
    Passes::IfConversion,
    Passes::MergeBlocks,
    Passes::RedundancyElimination,
    Passes::SimplifyInstructions,
    Passes::EliminateDeadVariables,
    Passes::EliminateDeadCode,
    Passes::EliminateDeadMembers,
    Passes::EliminateDeadConst,
];

/// `-Os`: `-O` plus renumbering (smaller id bound, smaller varint-compressed modules).
/// (Both drop unused struct members: it costs nothing at run time.)
pub const SIZE_PASSES: &[Passes] = &[
    Passes::EliminateDeadFunctions,
    Passes::FoldSpecConstOpComposite,
    Passes::InlineSingleCallSite,
    Passes::EliminateDeadFunctions,
    Passes::PromoteValueParameters,
    Passes::ScalarReplacement,
    Passes::CopyPropagateArrays,
    Passes::ConvertLocalAccessChains,
    Passes::LocalSingleBlockElim,
    Passes::LocalSingleStoreElim,
    Passes::SsaRewrite,
    Passes::SimplifyInstructions,
    Passes::Ccp,
    Passes::EliminateDeadInserts,
    Passes::VectorDce,
    Passes::EliminateDeadCode,
    Passes::EliminateDeadBranches,
    Passes::IfConversion,
    Passes::MergeBlocks,
    Passes::RedundancyElimination,
    Passes::SimplifyInstructions,
    Passes::EliminateDeadVariables,
    Passes::EliminateDeadCode,
    Passes::EliminateDeadMembers,
    Passes::EliminateDeadConst,
    Passes::CompactIds,
];

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
        if !self.skip_validation {
            let start = timing::start();
            spirvkit_val::validate(words, &self.validator).map_err(Error::InvalidInput)?;
            timing::report(start, "(validate input)", false);
        }
        let start = timing::start();
        let module = Module::from_words(words)?;
        timing::report(start, "(decode)", false);
        Ok(module)
    }

    /// Runs the passes on a decoded module; true when something changed.
    pub fn run_module(&self, module: &mut Module) -> Result<bool, Error> {
        // Passes keep dense id-indexed tables: an (invalid) module claiming or using ids far
        // beyond any real module is refused rather than allocated for.
        let largest = module.header.bound.max(id_bound(module));
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
        for pass in &self.passes {
            let start = timing::start();
            let result = pass.run(module, &mut analyses)?;
            timing::report(start, pass.name(), result == Changed::Yes);
            if result == Changed::Yes {
                changed = true;
                analyses.invalidate();
                // As spirv-opt's pass manager: a changed module's bound is its largest id + 1.
                let start = timing::start();
                module.header.bound = id_bound(module);
                timing::report(start, "(id bound)", false);
                if check {
                    spirvkit_val::validate(&module.to_words(), &self.validator).map_err(
                        |diagnostics| Error::PassProducedInvalid {
                            pass: pass.name(),
                            diagnostics,
                        },
                    )?;
                }
            }
        }
        Ok(changed)
    }
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
