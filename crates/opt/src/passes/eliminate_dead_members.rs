//! `--eliminate-dead-members`: removes struct members nothing reads or writes. A member is used
//! when an access chain selects it or OpArrayLength names it; a struct whose value exists as a
//! whole anywhere (loaded, stored, constructed, a constant, passed, returned, copied, reached
//! from an Input/Output variable, decorated through a group) keeps every member, and so do the
//! structs inside it. Member names and decorations are renumbered or dropped with their member,
//! access-chain indices renumbered (new index constants are added when needed).
//!
//! Only for Logical-addressing Shader modules, as spirv-opt: with physical addressing a struct's
//! layout is its memory layout and no member can go. A struct keeps at least one member.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{AddressingModel, Capability, Op, StorageClass};
use spirvkit_core::{Id, Instruction, Module, Operand};

pub struct EliminateDeadMembers;

/// Type facts the pass needs, by id.
#[derive(Default)]
struct Types {
    structs: FxHashMap<Id, Vec<Id>>,
    /// Element type of arrays, runtime arrays, vectors, matrices.
    elements: FxHashMap<Id, Id>,
    /// Pointer type → (storage class, pointee).
    pointers: FxHashMap<Id, (u32, Id)>,
    /// Non-spec integer constants: id → (type, value).
    int_constants: FxHashMap<Id, (Id, u64)>,
    /// Result type of every value.
    value_types: crate::util::ValueTypes,
}

struct Usage {
    used: FxHashMap<Id, Vec<bool>>,
}

impl Usage {
    /// Marks `ty` and every struct inside it (through arrays/members, not pointers) fully used.
    fn full(&mut self, types: &Types, ty: Id) {
        let mut stack = vec![ty];
        let mut guard = 0usize;
        while let Some(t) = stack.pop() {
            guard += 1;
            if guard > 1_000_000 {
                return;
            }
            if let Some(members) = types.structs.get(&t) {
                if let Some(u) = self.used.get_mut(&t) {
                    if u.iter().all(|&x| x) {
                        continue;
                    }
                    u.iter_mut().for_each(|x| *x = true);
                }
                stack.extend(members.iter().copied());
            } else if let Some(&e) = types.elements.get(&t) {
                stack.push(e);
            }
        }
    }

    /// A value of type `ty` used whole: pointers make their pointee fully used.
    fn whole_value(&mut self, types: &Types, ty: Id) {
        match types.pointers.get(&ty) {
            Some(&(_, pointee)) => self.full(types, pointee),
            None => self.full(types, ty),
        }
    }
}

fn is_access_chain(op: Op) -> bool {
    matches!(op, Op::AccessChain | Op::InBoundsAccessChain)
}

impl Pass for EliminateDeadMembers {
    fn name(&self) -> &'static str {
        "eliminate-dead-members"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let shader = module.globals.iter().any(|i| {
            i.opcode == Op::Capability
                && i.operands.first() == Some(&Operand::Word(Capability::Shader.0))
        });
        let logical = module.globals.iter().any(|i| {
            i.opcode == Op::MemoryModel
                && i.operands.first() == Some(&Operand::Word(AddressingModel::Logical.0))
        });
        if !shader || !logical {
            return Ok(Changed::No);
        }
        let types = collect_types(module);
        let mut usage = Usage {
            used: types
                .structs
                .iter()
                .map(|(&s, m)| (s, vec![false; m.len()]))
                .collect(),
        };
        mark_uses(module, &types, &mut usage);
        // New index of every kept member, per struct that loses members.
        let mut remap: FxHashMap<Id, Vec<Option<u32>>> = FxHashMap::default();
        for (&s, used) in &usage.used {
            if used.iter().all(|&u| u) || used.is_empty() {
                continue;
            }
            let mut keep = used.clone();
            if !keep.iter().any(|&k| k) {
                keep[0] = true;
            }
            if keep.iter().all(|&k| k) {
                continue;
            }
            let mut next = 0u32;
            remap.insert(
                s,
                keep.iter()
                    .map(|&k| {
                        k.then(|| {
                            next += 1;
                            next - 1
                        })
                    })
                    .collect(),
            );
        }
        if remap.is_empty() {
            return Ok(Changed::No);
        }
        rewrite(module, &types, &remap);
        Ok(Changed::Yes)
    }
}

fn collect_types(module: &Module) -> Types {
    let mut t = Types::default();
    for inst in &module.globals {
        let Some(id) = inst.result_id else { continue };
        let ids: Vec<Id> = inst.operands.iter().filter_map(Operand::id).collect();
        match inst.opcode {
            Op::TypeStruct => {
                t.structs.insert(id, ids);
            }
            Op::TypeArray | Op::TypeRuntimeArray | Op::TypeVector | Op::TypeMatrix => {
                if let Some(&e) = ids.first() {
                    t.elements.insert(id, e);
                }
            }
            Op::TypePointer => {
                if let (Some(Operand::Word(sc)), Some(Operand::Id(p))) =
                    (inst.operands.first(), inst.operands.get(1))
                {
                    t.pointers.insert(id, (*sc, *p));
                }
            }
            Op::Constant => {
                if let (Some(ty), Some(Operand::Word(lo))) =
                    (inst.result_type, inst.operands.first())
                {
                    let hi = inst.operands.get(1).and_then(Operand::word).unwrap_or(0);
                    t.int_constants
                        .insert(id, (ty, u64::from(*lo) | (u64::from(hi) << 32)));
                }
            }
            _ => {}
        }
    }
    t.value_types = crate::util::value_types(module);
    t
}

fn mark_uses(module: &Module, types: &Types, usage: &mut Usage) {
    // Structs behind Input/Output pointers are interfaces: all members stay.
    for (&_, &(sc, pointee)) in &types.pointers {
        if sc == StorageClass::Input.0 || sc == StorageClass::Output.0 {
            usage.full(types, pointee);
        }
    }
    for inst in module.instructions() {
        let op = inst.opcode;
        match op {
            Op::TypeStruct
            | Op::TypePointer
            | Op::TypeArray
            | Op::TypeRuntimeArray
            | Op::TypeVector
            | Op::TypeMatrix
            | Op::TypeForwardPointer
            | Op::Name
            | Op::MemberName
            | Op::Decorate
            | Op::MemberDecorate
            | Op::DecorateString
            | Op::MemberDecorateString
            | Op::DecorateId
            | Op::EntryPoint
            | Op::Variable
            | Op::Load
            | Op::Store => {}
            Op::GroupMemberDecorate => {
                for id in inst.operands.iter().skip(1).filter_map(Operand::id) {
                    usage.full(types, id);
                }
                continue;
            }
            _ => {}
        }
        // A value of a struct-containing type exists whole.
        if let Some(ty) = inst.result_type {
            if !is_access_chain(op) && op != Op::Variable {
                usage.whole_value(types, ty);
            }
            if op == Op::Variable {
                // The initializer is a whole value (handled through its own result type).
            }
        }
        match op {
            _ if is_access_chain(op) => walk_chain(inst, types, usage),
            Op::ArrayLength => {
                if let (Some(Operand::Id(ptr)), Some(Operand::Word(m))) =
                    (inst.operands.first(), inst.operands.get(1))
                {
                    let pointee = types
                        .value_types
                        .get(ptr)
                        .and_then(|t| types.pointers.get(t))
                        .map(|&(_, p)| p);
                    if let Some(u) = pointee.and_then(|p| usage.used.get_mut(&p)) {
                        if let Some(slot) = u.get_mut(*m as usize) {
                            *slot = true;
                        }
                    }
                }
            }
            Op::Load | Op::Store | Op::Variable => {
                // Load: the result marks its type; store: the value operand's type.
                if op == Op::Store {
                    if let Some(v) = inst.operands.get(1).and_then(Operand::id) {
                        if let Some(&ty) = types.value_types.get(&v) {
                            usage.whole_value(types, ty);
                        }
                    }
                }
            }
            _ if crate::util::targets_first_operand(op) || op == Op::EntryPoint => {}
            Op::TypeStruct
            | Op::TypePointer
            | Op::TypeArray
            | Op::TypeRuntimeArray
            | Op::TypeVector
            | Op::TypeMatrix
            | Op::TypeForwardPointer
            | Op::GroupDecorate
            | Op::GroupMemberDecorate
            | Op::ExecutionMode
            | Op::ExecutionModeId => {}
            _ => {
                // Any other use of a value or pointer: its struct types stay whole.
                for id in inst.operands.iter().filter_map(Operand::id) {
                    if let Some(&ty) = types.value_types.get(&id) {
                        usage.whole_value(types, ty);
                    } else if types.structs.contains_key(&id) && op == Op::TypeFunction {
                        usage.full(types, id);
                    }
                }
                if op == Op::TypeFunction {
                    for id in inst.operands.iter().filter_map(Operand::id) {
                        usage.whole_value(types, id);
                    }
                }
            }
        }
    }
}

fn walk_chain(inst: &Instruction, types: &Types, usage: &mut Usage) {
    let Some(base) = inst.operands.first().and_then(Operand::id) else {
        return;
    };
    let Some(&(_, mut ty)) = types
        .value_types
        .get(&base)
        .and_then(|t| types.pointers.get(t))
    else {
        return;
    };
    for index in inst.operands.iter().skip(1).filter_map(Operand::id) {
        if let Some(members) = types.structs.get(&ty) {
            let Some(&(_, c)) = types.int_constants.get(&index) else {
                usage.full(types, ty);
                return;
            };
            let Some(&m) = members.get(c as usize) else {
                return;
            };
            if let Some(slot) = usage.used.get_mut(&ty).and_then(|u| u.get_mut(c as usize)) {
                *slot = true;
            }
            ty = m;
        } else if let Some(&e) = types.elements.get(&ty) {
            ty = e;
        } else {
            return;
        }
    }
}

fn rewrite(module: &mut Module, types: &Types, remap: &FxHashMap<Id, Vec<Option<u32>>>) {
    // Index constants by (type, value), created on demand at the end of the globals.
    let mut constants: FxHashMap<(Id, u64), Id> = types
        .int_constants
        .iter()
        .map(|(&id, &(ty, v))| ((ty, v), id))
        .collect();
    let mut new_constants: Vec<Instruction> = Vec::new();
    let mut bound = module.header.bound;
    let mut index_constant = |ty: Id, value: u64, new: &mut Vec<Instruction>| -> Id {
        *constants.entry((ty, value)).or_insert_with(|| {
            let id = Id(bound);
            bound += 1;
            new.push(Instruction::new(
                Op::Constant,
                Some(ty),
                Some(id),
                [Operand::Word(value as u32)],
            ));
            id
        })
    };
    module.globals.retain_mut(|inst| match inst.opcode {
        Op::TypeStruct => {
            if let Some(map) = inst.result_id.and_then(|s| remap.get(&s)) {
                let mut i = 0;
                inst.operands.retain(|_| {
                    i += 1;
                    map.get(i - 1).copied().flatten().is_some()
                });
            }
            true
        }
        Op::MemberName | Op::MemberDecorate | Op::MemberDecorateString => {
            let (Some(Operand::Id(s)), Some(Operand::Word(m))) =
                (inst.operands.first(), inst.operands.get(1))
            else {
                return true;
            };
            match remap.get(s) {
                None => true,
                Some(map) => match map.get(*m as usize).copied().flatten() {
                    Some(n) => {
                        inst.operands[1] = Operand::Word(n);
                        true
                    }
                    None => false,
                },
            }
        }
        _ => true,
    });
    for f in &mut module.functions {
        for inst in f.instructions_mut() {
            if is_access_chain(inst.opcode) {
                let Some(base) = inst.operands.first().and_then(Operand::id) else {
                    continue;
                };
                let Some(&(_, mut ty)) = types
                    .value_types
                    .get(&base)
                    .and_then(|t| types.pointers.get(t))
                else {
                    continue;
                };
                for operand in inst.operands.iter_mut().skip(1) {
                    let Operand::Id(index) = operand else { break };
                    if let Some(members) = types.structs.get(&ty) {
                        let Some(&(ity, c)) = types.int_constants.get(index) else {
                            break;
                        };
                        let Some(&m) = members.get(c as usize) else {
                            break;
                        };
                        if let Some(n) = remap
                            .get(&ty)
                            .and_then(|map| map.get(c as usize).copied().flatten())
                        {
                            if u64::from(n) != c {
                                *operand = Operand::Id(index_constant(
                                    ity,
                                    u64::from(n),
                                    &mut new_constants,
                                ));
                            }
                        }
                        ty = m;
                    } else if let Some(&e) = types.elements.get(&ty) {
                        ty = e;
                    } else {
                        break;
                    }
                }
            } else if inst.opcode == Op::ArrayLength {
                let pointee = inst
                    .operands
                    .first()
                    .and_then(Operand::id)
                    .and_then(|p| types.value_types.get(&p))
                    .and_then(|t| types.pointers.get(t))
                    .map(|&(_, p)| p);
                if let (Some(map), Some(Operand::Word(m))) =
                    (pointee.and_then(|p| remap.get(&p)), inst.operands.get(1))
                {
                    if let Some(n) = map.get(*m as usize).copied().flatten() {
                        inst.operands[1] = Operand::Word(n);
                    }
                }
            }
        }
    }
    module.globals.extend(new_constants);
    module.header.bound = bound;
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    const UBO: &str = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %u
OpExecutionMode %main LocalSize 1 1 1
OpName %UBO "UBO"
OpName %u "u"
OpMemberName %UBO 0 "a"
OpMemberName %UBO 1 "b"
OpMemberName %UBO 2 "c"
OpDecorate %UBO Block
OpMemberDecorate %UBO 0 Offset 0
OpMemberDecorate %UBO 1 Offset 4
OpMemberDecorate %UBO 2 Offset 8
OpDecorate %u DescriptorSet 0
OpDecorate %u Binding 0
%void = OpTypeVoid
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%UBO = OpTypeStruct %float %float %float
%ptr = OpTypePointer Uniform %UBO
%pf = OpTypePointer Uniform %float
%u = OpVariable %ptr Uniform
%int_2 = OpConstant %int 2
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
%p = OpAccessChain %pf %u %int_2
%x = OpLoad %float %p
OPTIONAL
OpReturn
OpFunctionEnd
"#;

    #[test]
    fn removes_members_only_reached_by_no_access_chain() {
        let text = disassemble(&run_pass(
            &super::EliminateDeadMembers,
            &assemble(&UBO.replace("OPTIONAL", "")),
        ));
        assert!(text.contains("%UBO = OpTypeStruct %float\n"), "{text}");
        assert!(text.contains("OpMemberName %UBO 0 \"c\""), "{text}");
        assert!(text.contains("OpMemberDecorate %UBO 0 Offset 8"), "{text}");
        assert!(!text.contains("\"a\""));
        assert!(
            text.contains("OpAccessChain %_ptr_Uniform_float %u %int_0"),
            "{text}"
        );
    }

    #[test]
    fn whole_struct_loads_keep_every_member() {
        let src = UBO.replace("OPTIONAL", "%w = OpLoad %UBO %u");
        let text = disassemble(&run_pass(&super::EliminateDeadMembers, &assemble(&src)));
        assert!(
            text.contains("%UBO = OpTypeStruct %float %float %float"),
            "{text}"
        );
    }
}
