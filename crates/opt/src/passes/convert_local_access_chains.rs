//! `--convert-local-access-chains`: loads and stores through constant-index access chains into
//! a Function-storage variable become whole-variable accesses — a load of the variable and
//! OpCompositeExtract, or a load, OpCompositeInsert and a store — so that `--ssa-rewrite` can
//! promote the variable. Only variables whose every use is a whole load/store or such an
//! access chain (itself only loaded from or stored to, non-volatile) are converted; the access
//! chains go. Kernel and Shader modules alike.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::util::{remove_references_to, IdSet};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{MemoryAccess, Op, StorageClass};
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct ConvertLocalAccessChains;

struct Facts {
    pointee: FxHashMap<Id, Id>,
    /// Non-spec integer constants (index values).
    ints: FxHashMap<Id, u64>,
    /// Composite type → member types (vectors/matrices/arrays repeat their element).
    members: FxHashMap<Id, Vec<Id>>,
}

fn volatile(inst: &Instruction, at: usize) -> bool {
    inst.operands
        .get(at)
        .and_then(Operand::word)
        .is_some_and(|m| m & MemoryAccess::Volatile.0 != 0)
}

impl Pass for ConvertLocalAccessChains {
    fn name(&self) -> &'static str {
        "convert-local-access-chains"
    }

    fn run(&self, module: &mut Module, analyses: &mut Analyses) -> Result<Changed, Error> {
        if !analyses.has_function_variables(module) {
            return Ok(Changed::No);
        }
        let mut facts = Facts {
            pointee: FxHashMap::default(),
            ints: FxHashMap::default(),
            members: FxHashMap::default(),
        };
        for inst in &module.globals {
            let Some(id) = inst.result_id else { continue };
            let ids: Vec<Id> = inst.operands.iter().filter_map(Operand::id).collect();
            let w = |i: usize| inst.operands.get(i).and_then(Operand::word);
            match inst.opcode {
                Op::TypePointer => {
                    if let Some(&p) = ids.first() {
                        facts.pointee.insert(id, p);
                    }
                }
                Op::Constant => {
                    if let (Some(lo), hi) = (w(0), w(1).unwrap_or(0)) {
                        facts.ints.insert(id, u64::from(lo) | (u64::from(hi) << 32));
                    }
                }
                Op::TypeStruct => {
                    facts.members.insert(id, ids);
                }
                Op::TypeVector | Op::TypeMatrix => {
                    if let (Some(&e), Some(n)) = (ids.first(), w(1)) {
                        facts.members.insert(id, vec![e; n.min(64) as usize]);
                    }
                }
                Op::TypeArray => {
                    let len = ids.get(1).and_then(|l| facts.ints.get(l)).copied();
                    if let (Some(&e), Some(n)) = (ids.first(), len) {
                        if n <= 4096 {
                            facts.members.insert(id, vec![e; n as usize]);
                        }
                    }
                }
                _ => {}
            }
        }
        let mut next_id = module.header.bound;
        let mut changed = false;
        let mut removed = IdSet::new(module.header.bound);
        for f in &mut module.functions {
            changed |= convert(f, &facts, &mut next_id, &mut removed);
        }
        module.header.bound = next_id;
        remove_references_to(module, &removed);
        Ok(Changed::from_bool(changed))
    }
}

/// The literal path and element type of a constant-index chain from `base_type`.
fn path(facts: &Facts, base_type: Id, indices: &[Operand]) -> Option<(Vec<u32>, Id)> {
    let mut ty = base_type;
    let mut out = Vec::with_capacity(indices.len());
    for index in indices {
        let i = *facts.ints.get(&index.id()?)?;
        let members = facts.members.get(&ty)?;
        ty = *members.get(usize::try_from(i).ok()?)?;
        out.push(i as u32);
    }
    Some((out, ty))
}

fn convert(f: &mut Function, facts: &Facts, next_id: &mut u32, removed: &mut IdSet) -> bool {
    let Some(entry) = f.blocks.first() else {
        return false;
    };
    // Candidate variables: id → value type.
    let mut vars: FxHashMap<Id, Id> = FxHashMap::default();
    for inst in &entry.instructions {
        if inst.opcode == Op::Variable
            && inst.operands.first() == Some(&Operand::Word(StorageClass::Function.0))
        {
            if let Some((id, ty)) = inst.result_id.zip(
                inst.result_type
                    .and_then(|p| facts.pointee.get(&p).copied()),
            ) {
                vars.insert(id, ty);
            }
        }
    }
    if vars.is_empty() {
        return false;
    }
    // Access chains on candidates: chain id → (variable, path, element type).
    let mut chains: FxHashMap<Id, (Id, Vec<u32>, Id)> = FxHashMap::default();
    for inst in f.instructions() {
        if !matches!(inst.opcode, Op::AccessChain | Op::InBoundsAccessChain) {
            continue;
        }
        let (Some(r), Some(base)) = (inst.result_id, inst.operands.first().and_then(Operand::id))
        else {
            continue;
        };
        let Some(&vty) = vars.get(&base) else {
            continue;
        };
        match path(facts, vty, &inst.operands[1..]) {
            Some((p, ety)) if !p.is_empty() => {
                chains.insert(r, (base, p, ety));
            }
            _ => {
                vars.remove(&base);
            }
        }
    }
    // Every use of a variable or chain must be a whole non-volatile load/store pointer.
    for inst in f.instructions() {
        let ok_pointer = match inst.opcode {
            Op::Load => !volatile(inst, 1),
            Op::Store => !volatile(inst, 2),
            _ => false,
        };
        let is_chain_def = inst.result_id.is_some_and(|r| chains.contains_key(&r));
        for (i, op) in inst.operands.iter().enumerate() {
            let Operand::Id(id) = op else { continue };
            let allowed = i == 0 && (ok_pointer || is_chain_def);
            if allowed {
                continue;
            }
            if vars.contains_key(id) {
                vars.remove(id);
            }
            if let Some((v, _, _)) = chains.get(id) {
                let v = *v;
                vars.remove(&v);
            }
        }
    }
    chains.retain(|_, (v, _, _)| vars.contains_key(v));
    if chains.is_empty() {
        return false;
    }
    let mut fresh = || {
        let id = Id(*next_id);
        *next_id += 1;
        id
    };
    for block in &mut f.blocks {
        let old = std::mem::take(&mut block.instructions);
        let mut out = Vec::with_capacity(old.len() + 8);
        for inst in old {
            // The converted chains have no use left.
            if let Some(r) = inst.result_id.filter(|r| chains.contains_key(r)) {
                removed.insert(r);
                continue;
            }
            let target = inst.operands.first().and_then(Operand::id);
            let Some((var, path, ety)) = target.and_then(|t| chains.get(&t)).cloned() else {
                out.push(inst);
                continue;
            };
            let vty = vars[&var];
            let literals = path.iter().map(|&i| Operand::Word(i));
            match inst.opcode {
                Op::Load => {
                    let whole = fresh();
                    out.push(Instruction::new(
                        Op::Load,
                        Some(vty),
                        Some(whole),
                        [Operand::Id(var)],
                    ));
                    out.push(Instruction::new(
                        Op::CompositeExtract,
                        inst.result_type.or(Some(ety)),
                        inst.result_id,
                        std::iter::once(Operand::Id(whole)).chain(literals),
                    ));
                }
                Op::Store => {
                    let Some(value) = inst.operands.get(1).cloned() else {
                        out.push(inst);
                        continue;
                    };
                    let (whole, updated) = (fresh(), fresh());
                    out.push(Instruction::new(
                        Op::Load,
                        Some(vty),
                        Some(whole),
                        [Operand::Id(var)],
                    ));
                    out.push(Instruction::new(
                        Op::CompositeInsert,
                        Some(vty),
                        Some(updated),
                        [value, Operand::Id(whole)].into_iter().chain(literals),
                    ));
                    out.push(Instruction::new(
                        Op::Store,
                        None,
                        None,
                        [Operand::Id(var), Operand::Id(updated)],
                    ));
                }
                _ => out.push(inst),
            }
        }
        block.instructions = out;
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn component_writes_become_inserts_and_promote() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%v4 = OpTypeVector %float 4
%pv = OpTypePointer Function %v4
%pf = OpTypePointer Function %float
%c1 = OpConstant %int 1
%f2 = OpConstant %float 2
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
%v = OpVariable %pv Function
%y = OpAccessChain %pf %v %c1
OpStore %y %f2
%r = OpLoad %float %y
OpReturn
OpFunctionEnd
"#;
        let out = run_pass(&super::ConvertLocalAccessChains, &assemble(src));
        let text = disassemble(&out);
        assert!(
            text.contains("OpCompositeInsert %v4float %float_2"),
            "{text}"
        );
        assert!(text.contains("OpCompositeExtract %float"), "{text}");
        let out = run_pass(&crate::passes::ssa_rewrite::SsaRewrite, &out);
        let out = run_pass(&crate::passes::eliminate_dead_code::EliminateDeadCode, &out);
        let text = disassemble(&out);
        assert!(!text.contains("OpVariable"), "{text}");
    }
}
