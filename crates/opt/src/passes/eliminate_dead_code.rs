//! `--eliminate-dead-code-aggressive`, the part spirvkit implements: inside functions, a
//! mark-and-sweep over the instructions — everything with an effect (stores, calls, barriers,
//! atomics, control flow, unknown opcodes) is live, and so is whatever a live instruction uses;
//! side-effect-free instructions nothing live needs are removed, including cycles of OpPhi.
//! Function-storage variables that are only ever stored to (the pointer never escapes) are
//! removed with their stores. Kernel (Addresses) modules are handled like shaders: only
//! instructions without memory effects are removed, and stores only into such local variables.
//! At module scope, unused types, constants and OpUndef go too. Dead control flow: a branch
//! whose paths to its immediate post-dominator do nothing after the sweep is replaced by a
//! branch to it (`dead_control_flow.rs`); a loop that then does nothing and that a counter
//! proves finite goes too (`dead_loops.rs`); and the sweep runs again. Stores through pointers
//! that may escape (parameters, globals, Workgroup/CrossWorkgroup memory, pointers passed to
//! calls) are always live.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::passes::dead_control_flow::remove_empty_branches;
use crate::passes::dead_loops::remove_one_dead_loop;
use crate::passes::eliminate_dead_const::{
    is_constant, is_spec_constant, is_type, live_use_counts_with, mark_live_uses,
    sweep_unused_globals,
};
use crate::passes::opcode_classes::is_component_wise;
use crate::util::{remove_references_to, IdSet, LocalIdMap};
use rayon::prelude::*;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{MemoryAccess, Op, StorageClass};
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct EliminateDeadCode;

/// Instructions without side effects: removable when their result is unused.
pub fn is_pure(inst: &Instruction) -> bool {
    use Op as O;
    match inst.opcode {
        O::Load => inst
            .operands
            .get(1)
            .and_then(Operand::word)
            .is_none_or(|m| m & MemoryAccess::Volatile.0 == 0),
        op if is_component_wise(op) => true,
        O::Undef
        | O::AccessChain
        | O::InBoundsAccessChain
        | O::PtrAccessChain
        | O::InBoundsPtrAccessChain
        | O::ArrayLength
        | O::ConvertPtrToU
        | O::ConvertUToPtr
        | O::PtrCastToGeneric
        | O::GenericCastToPtr
        | O::Bitcast
        | O::MatrixTimesScalar
        | O::VectorTimesMatrix
        | O::MatrixTimesVector
        | O::MatrixTimesMatrix
        | O::OuterProduct
        | O::Dot
        | O::IAddCarry
        | O::ISubBorrow
        | O::UMulExtended
        | O::SMulExtended
        | O::Any
        | O::All
        | O::VectorExtractDynamic
        | O::VectorInsertDynamic
        | O::VectorShuffle
        | O::CompositeConstruct
        | O::CompositeExtract
        | O::CompositeInsert
        | O::Transpose
        | O::SampledImage
        | O::Image => true,
        // Reads of sampled images (never written by shaders) and image queries; not with the
        // memory-model texel operands, which order them with other memory accesses.
        O::ImageSampleImplicitLod
        | O::ImageSampleExplicitLod
        | O::ImageSampleDrefImplicitLod
        | O::ImageSampleDrefExplicitLod
        | O::ImageSampleProjImplicitLod
        | O::ImageSampleProjExplicitLod
        | O::ImageSampleProjDrefImplicitLod
        | O::ImageSampleProjDrefExplicitLod
        | O::ImageFetch
        | O::ImageGather
        | O::ImageDrefGather
        | O::ImageSparseSampleImplicitLod
        | O::ImageSparseSampleExplicitLod
        | O::ImageSparseSampleDrefImplicitLod
        | O::ImageSparseSampleDrefExplicitLod
        | O::ImageSparseFetch
        | O::ImageSparseGather
        | O::ImageSparseDrefGather
        | O::ImageSparseTexelsResident
        | O::ImageQueryFormat
        | O::ImageQueryOrder
        | O::ImageQuerySizeLod
        | O::ImageQuerySize
        | O::ImageQueryLod
        | O::ImageQueryLevels
        | O::ImageQuerySamples
        | O::ImageTexelPointer => !inst
            .operands
            .iter()
            .any(|o| matches!(o, Operand::Word(w) if w & TEXEL_MEMORY_OPERANDS != 0)),
        _ => false,
    }
}

/// GLSL.std.450 instructions (`glsl`: that set's import ids) have no effect but their result,
/// except Modf and Frexp, which write through a pointer operand.
pub fn is_pure_glsl(inst: &Instruction, glsl: &IdSet) -> bool {
    const MODF: u32 = 35;
    const FREXP: u32 = 52;
    crate::util::is_ext_inst_of(inst, glsl)
        && !matches!(inst.operands.get(1), Some(Operand::Word(n)) if *n == MODF || *n == FREXP)
}

/// MakeTexelVisible | NonPrivateTexel | VolatileTexel image operands.
const TEXEL_MEMORY_OPERANDS: u32 = 0x200 | 0x400 | 0x800;

impl Pass for EliminateDeadCode {
    fn name(&self) -> &'static str {
        "eliminate-dead-code-aggressive"
    }

    fn run(&self, module: &mut Module, analyses: &mut Analyses) -> Result<Changed, Error> {
        let keep_spec = analyses.preserve.spec_constants;
        let mut dead = IdSet::new(module.header.bound);
        let mut changed = false;
        let structured = module.globals.iter().any(|i| {
            i.opcode == Op::Capability
                && i.operands.first()
                    == Some(&Operand::Word(spirvkit_core::grammar::Capability::Shader.0))
        });
        let glsl = crate::util::ext_inst_sets_where(module, |name| name == "GLSL.std.450");
        let constants = crate::passes::dead_loops::int_constants(module);
        // Functions are independent: sweep them in parallel, collect the removed ids. While
        // each function is in cache, its live uses are marked for the module-scope sweep
        // below (one set per worker share), unless the counts are at hand already.
        let bound = module.header.bound;
        let mark = !analyses.has_live_use_counts();
        let shares: Vec<(bool, Vec<Id>, IdSet)> = module
            .functions
            .par_iter_mut()
            // (At most one set per 64 functions.)
            .with_min_len(64)
            .fold(
                || (false, Vec::new(), IdSet::new(if mark { bound } else { 0 })),
                |(mut changed, mut ids, mut used), f| {
                    let mut swept = sweep(f, &glsl, &mut ids);
                    // Branches the sweep left deciding nothing go, then what fed them.
                    while remove_empty_branches(f, structured, &mut ids)
                        || remove_one_dead_loop(f, &constants, &mut ids)
                    {
                        swept = true;
                        sweep(f, &glsl, &mut ids);
                    }
                    if mark {
                        mark_live_uses(f, &mut used);
                    }
                    changed |= swept;
                    (changed, ids, used)
                },
            )
            .collect();
        let mut used = Vec::with_capacity(shares.len());
        for (swept, ids, share) in shares {
            changed |= swept;
            for id in ids {
                dead.insert(id);
            }
            used.push(share);
        }
        if changed {
            remove_references_to(module, &dead);
        }
        // Module scope, as spirv-opt's ADCE: types, constants and OpUndef nothing uses. (The
        // shared use counts are stale once the functions changed; the marks are not.)
        if changed {
            analyses.invalidate();
        }
        let counts = if mark {
            live_use_counts_with(module, &used)
        } else {
            analyses.take_live_use_counts(module)
        };
        drop(used);
        changed |= sweep_unused_globals(module, &counts, |op| {
            (is_type(op) || is_constant(op) || op == Op::Undef)
                && !(keep_spec && is_spec_constant(op))
        });
        analyses.restore_live_use_counts(counts);
        Ok(Changed::from_bool(changed))
    }
}

fn is_chain(op: Op) -> bool {
    matches!(
        op,
        Op::AccessChain | Op::InBoundsAccessChain | Op::PtrAccessChain | Op::InBoundsPtrAccessChain
    )
}

/// Removes the dead instructions of one function; their result ids go to `dead`.
fn sweep(f: &mut Function, glsl: &IdSet, dead: &mut Vec<Id>) -> bool {
    if f.blocks.is_empty() {
        return false;
    }
    // Local variables whose every use is the pointer of a store, directly or through access
    // chains into them (and lifetime markers): never read, so they and their stores go.
    let mut store_only: FxHashMap<Id, bool> = FxHashMap::default();
    for inst in &f.blocks[0].instructions {
        if inst.opcode == Op::Variable
            && inst.operands.first() == Some(&Operand::Word(StorageClass::Function.0))
        {
            if let Some(id) = inst.result_id {
                store_only.insert(id, true);
            }
        }
    }
    // (Without local variables there is nothing to trace.)
    let has_locals = !store_only.is_empty();
    // Without them, and when plain liveness certainly finds nothing dead, no tables.
    if !has_locals && crate::util::nothing_dead(f, |inst| is_pure(inst) || is_pure_glsl(inst, glsl))
    {
        return false;
    }
    // Pointer → the local variable it points into (the variable itself included).
    let mut root: FxHashMap<Id, Id> = store_only.keys().map(|&v| (v, v)).collect();
    for inst in f.instructions().filter(|_| has_locals) {
        for (i, op) in inst.operands.iter().enumerate() {
            let Operand::Id(id) = op else { continue };
            let Some(&var) = root.get(id) else { continue };
            let volatile = inst.opcode == Op::Store
                && inst
                    .operands
                    .get(2)
                    .and_then(Operand::word)
                    .is_some_and(|m| m & MemoryAccess::Volatile.0 != 0);
            let allowed = i == 0
                && !volatile
                && matches!(
                    inst.opcode,
                    Op::Store
                        | Op::LifetimeStart
                        | Op::LifetimeStop
                        | Op::AccessChain
                        | Op::InBoundsAccessChain
                        | Op::PtrAccessChain
                        | Op::InBoundsPtrAccessChain
                );
            if allowed && is_chain(inst.opcode) {
                if let Some(r) = inst.result_id {
                    root.insert(r, var);
                }
            } else if !allowed {
                if let Some(flag) = store_only.get_mut(&var) {
                    *flag = false;
                }
            }
        }
        if let Some(flag) = inst.result_type.and_then(|t| store_only.get_mut(&t)) {
            *flag = false;
        }
    }
    let removable_store = |inst: &Instruction| {
        matches!(
            inst.opcode,
            Op::Store | Op::LifetimeStart | Op::LifetimeStop
        ) && inst
            .operands
            .first()
            .and_then(Operand::id)
            .and_then(|p| root.get(&p))
            .is_some_and(|v| store_only.get(v) == Some(&true))
    };
    // Mark: live roots, then what live instructions use (worklist over result ids).
    let mut local: LocalIdMap<(u32, u32)> = LocalIdMap::for_function(f);
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.instructions.iter().enumerate() {
            if let Some(r) = inst.result_id {
                local.insert(r, (b as u32, i as u32));
            }
        }
    }
    let mut live: Vec<Vec<bool>> = f
        .blocks
        .iter()
        .map(|b| vec![false; b.instructions.len()])
        .collect();
    let mut work: Vec<(usize, usize)> = Vec::new();
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.instructions.iter().enumerate() {
            let removable = match inst.opcode {
                Op::Variable => inst
                    .result_id
                    .is_some_and(|r| store_only.get(&r) == Some(&true)),
                _ => is_pure(inst) || is_pure_glsl(inst, glsl) || removable_store(inst),
            };
            if !removable && inst.opcode != Op::Variable {
                live[b][i] = true;
                work.push((b, i));
            }
        }
    }
    while let Some((b, i)) = work.pop() {
        for id in f.blocks[b].instructions[i].used_ids() {
            if let Some(&(db, di)) = local.get(&id) {
                let (db, di) = (db as usize, di as usize);
                if !live[db][di] {
                    live[db][di] = true;
                    work.push((db, di));
                }
            }
        }
    }
    // Variables: kept unless store-only (or unused).
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.instructions.iter().enumerate() {
            if inst.opcode == Op::Variable && !live[b][i] {
                let keep = inst
                    .result_id
                    .is_none_or(|r| store_only.get(&r) != Some(&true));
                if keep {
                    live[b][i] = true;
                }
            }
        }
    }
    let mut changed = false;
    for (b, block) in f.blocks.iter_mut().enumerate() {
        let mut i = 0;
        block.instructions.retain(|inst| {
            let keep = live[b][i];
            i += 1;
            if !keep {
                changed = true;
                if let Some(r) = inst.result_id {
                    dead.push(r);
                }
            }
            keep
        });
    }
    changed
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn removes_unused_pure_code_and_store_only_variables() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpName %dead_add "dead_add"
OpName %kept "kept"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ptr = OpTypePointer Function %uint
%gptr = OpTypePointer CrossWorkgroup %uint
%one = OpConstant %uint 1
%fn = OpTypeFunction %void %gptr
%k = OpFunction %void None %fn
%out = OpFunctionParameter %gptr
%l = OpLabel
%scratch = OpVariable %ptr Function
%dead_add = OpIAdd %uint %one %one
%kept = OpIMul %uint %one %one
OpStore %scratch %kept
OpStore %out %kept
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::EliminateDeadCode, &assemble(src)));
        assert!(!text.contains("dead_add"), "{text}");
        assert!(!text.contains("OpVariable"), "{text}");
        assert!(text.contains("%kept = OpIMul"), "{text}");
        assert!(
            text.contains("OpStore %out %kept") || text.contains("OpStore %"),
            "{text}"
        );
    }

    #[test]
    fn unused_types_and_constants_go_at_module_scope() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %S "S"
OpDecorate %S Block
OpMemberDecorate %S 0 Offset 0
%void = OpTypeVoid
%float = OpTypeFloat 32
%S = OpTypeStruct %float
%ps = OpTypePointer Uniform %S
%c = OpConstant %float 1
%u = OpUndef %float
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::EliminateDeadCode, &assemble(src)));
        for gone in [
            "OpTypeStruct",
            "OpTypePointer",
            "OpTypeFloat",
            "OpConstant",
            "OpUndef",
            "Block",
            "Offset",
        ] {
            assert!(!text.contains(gone), "{gone} left in\n{text}");
        }
        assert!(text.contains("OpTypeFunction"));
    }

    #[test]
    fn local_arrays_written_through_access_chains_and_never_read_go() {
        let src = r#"
OpCapability Kernel
OpCapability Addresses
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpName %scratch "scratch"
OpName %kept "kept"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%c4 = OpConstant %ulong 4
%arr = OpTypeArray %uint %c4
%parr = OpTypePointer Function %arr
%pu = OpTypePointer Function %uint
%gptr = OpTypePointer CrossWorkgroup %uint
%one = OpConstant %uint 1
%i1 = OpConstant %ulong 1
%fn = OpTypeFunction %void %gptr %ulong
%k = OpFunction %void None %fn
%out = OpFunctionParameter %gptr
%n = OpFunctionParameter %ulong
%l = OpLabel
%scratch = OpVariable %parr Function
%kept = OpVariable %parr Function
%e0 = OpInBoundsAccessChain %pu %scratch %i1
OpStore %e0 %one
%e1 = OpInBoundsAccessChain %pu %scratch %n
OpStore %e1 %one
%k0 = OpInBoundsAccessChain %pu %kept %n
OpStore %k0 %one
%k1 = OpInBoundsAccessChain %pu %kept %i1
%v = OpLoad %uint %k1
OpStore %out %v
OpStore %out %one Volatile
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::EliminateDeadCode, &assemble(src)));
        assert!(!text.contains("scratch"), "{text}");
        assert!(text.contains("%kept = OpVariable"), "{text}");
        // The read variable keeps its store; stores to the parameter stay.
        assert_eq!(text.matches("OpStore").count(), 3, "{text}");
    }
    #[test]
    fn unused_samples_queries_and_glsl_calls_go_but_modf_stays() {
        let src = r#"
OpCapability Shader
OpCapability ImageQuery
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %tex %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 0
OpDecorate %out Location 0
%void = OpTypeVoid
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%v2 = OpTypeVector %float 2
%v2i = OpTypeVector %int 2
%v4 = OpTypeVector %float 4
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%simg = OpTypeSampledImage %img
%pt = OpTypePointer UniformConstant %simg
%tex = OpVariable %pt UniformConstant
%pf = OpTypePointer Function %float
%po = OpTypePointer Output %float
%out = OpVariable %po Output
%f1 = OpConstant %float 0.5
%i0 = OpConstant %int 0
%uv = OpConstantComposite %v2 %f1 %f1
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
%whole = OpVariable %pf Function
%t = OpLoad %simg %tex
%s = OpImageSampleImplicitLod %v4 %t %uv
%i = OpImage %img %t
%q = OpImageQuerySizeLod %v2i %i %i0
%sin = OpExtInst %float %glsl Sin %f1
%frac = OpExtInst %float %glsl Modf %f1 %whole
%w = OpLoad %float %whole
OpStore %out %w
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::EliminateDeadCode, &assemble(src)));
        for gone in [
            "OpImageSample",
            "OpImageQuerySizeLod",
            "Sin",
            "OpLoad %_ptr",
        ] {
            assert!(!text.contains(gone), "{gone}: {text}");
        }
        assert!(text.contains("Modf"), "{text}");
    }
}
