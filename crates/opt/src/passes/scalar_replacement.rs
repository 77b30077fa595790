//! `--scalar-replacement`: a Function-storage variable of struct or (constant-length) array
//! type whose every use is an access chain with a constant first index, a whole load or a
//! whole store is split into one variable per member/element. Chains drop their first index
//! and start at the member's variable (a one-index chain becomes that variable), whole loads
//! become member loads and OpCompositeConstruct, whole stores OpCompositeExtract and member
//! stores; an initializer is split the same way. Pointers derived from the variable may only
//! be loaded from, stored to or indexed further (no pointer arithmetic, calls, casts or
//! copies), so Kernel/Addresses modules are as safe as Shader ones. Only variables with at
//! least one partial access are split (as spirv-opt), at most 100 elements; members that are
//! aggregates themselves are split in the next round.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::util::{remove_references_to, IdSet};
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::grammar::{Decoration, Op, StorageClass};
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct ScalarReplacement;

/// Aggregates with more elements stay whole (spirv-opt's default limit).
const MAX_ELEMENTS: u64 = 100;
/// Nesting levels split in one run.
const MAX_ROUNDS: usize = 8;

/// What the pass knows about the module's globals.
#[derive(Default)]
struct Globals {
    /// Pointer type → (storage class, pointee).
    pointee: FxHashMap<Id, (u32, Id)>,
    /// Pointee → an existing Function pointer type.
    function_pointer: FxHashMap<Id, Id>,
    /// Non-spec OpConstant values (indices).
    ints: FxHashMap<Id, u64>,
    /// Struct members / array elements.
    elements: FxHashMap<Id, Vec<Id>>,
    /// OpConstantComposite → constituents.
    composites: FxHashMap<Id, Vec<Id>>,
    /// OpConstantNull ids, and type → an OpConstantNull of it.
    null_ids: FxHashSet<Id>,
    null_of: FxHashMap<Id, Id>,
    /// Variables with a decoration other than RelaxedPrecision (left alone).
    decorated: FxHashSet<Id>,
}

impl Globals {
    fn new(module: &Module) -> Self {
        let mut g = Globals::default();
        for inst in &module.globals {
            let ids: Vec<Id> = inst.operands.iter().filter_map(Operand::id).collect();
            let w = |i: usize| inst.operands.get(i).and_then(Operand::word);
            if matches!(
                inst.opcode,
                Op::Decorate | Op::DecorateId | Op::DecorateString
            ) {
                if let (Some(&t), Some(d)) = (ids.first(), w(1)) {
                    if d != Decoration::RelaxedPrecision.0 {
                        g.decorated.insert(t);
                    }
                }
                continue;
            }
            let Some(id) = inst.result_id else { continue };
            match inst.opcode {
                Op::TypePointer => {
                    if let (Some(sc), Some(&p)) = (w(0), ids.first()) {
                        g.pointee.insert(id, (sc, p));
                        if sc == StorageClass::Function.0 {
                            g.function_pointer.entry(p).or_insert(id);
                        }
                    }
                }
                Op::Constant => {
                    if let Some(lo) = w(0) {
                        let hi = w(1).unwrap_or(0);
                        g.ints.insert(id, u64::from(lo) | (u64::from(hi) << 32));
                    }
                }
                Op::TypeStruct if !ids.is_empty() && ids.len() as u64 <= MAX_ELEMENTS => {
                    g.elements.insert(id, ids);
                }
                Op::TypeArray => {
                    let len = ids.get(1).and_then(|l| g.ints.get(l)).copied();
                    if let (Some(&e), Some(n)) = (ids.first(), len) {
                        if (1..=MAX_ELEMENTS).contains(&n) {
                            g.elements.insert(id, vec![e; n as usize]);
                        }
                    }
                }
                Op::ConstantComposite => {
                    g.composites.insert(id, ids);
                }
                Op::ConstantNull => {
                    g.null_ids.insert(id);
                    if let Some(t) = inst.result_type {
                        g.null_of.entry(t).or_insert(id);
                    }
                }
                _ => {}
            }
        }
        g
    }
}

/// Allocates ids and the globals the split needs (pointer types, null constants).
struct Additions<'g> {
    globals: &'g mut Globals,
    new: Vec<Instruction>,
    next_id: u32,
}

impl Additions<'_> {
    fn fresh(&mut self) -> Id {
        let id = Id(self.next_id);
        self.next_id += 1;
        id
    }

    fn pointer_to(&mut self, ty: Id) -> Id {
        if let Some(&p) = self.globals.function_pointer.get(&ty) {
            return p;
        }
        let p = self.fresh();
        self.new.push(Instruction::new(
            Op::TypePointer,
            None,
            Some(p),
            [Operand::Word(StorageClass::Function.0), Operand::Id(ty)],
        ));
        self.globals.function_pointer.insert(ty, p);
        self.globals
            .pointee
            .insert(p, (StorageClass::Function.0, ty));
        p
    }

    fn null_of(&mut self, ty: Id) -> Id {
        if let Some(&c) = self.globals.null_of.get(&ty) {
            return c;
        }
        let c = self.fresh();
        self.new
            .push(Instruction::new(Op::ConstantNull, Some(ty), Some(c), []));
        self.globals.null_of.insert(ty, c);
        self.globals.null_ids.insert(c);
        c
    }
}

impl Pass for ScalarReplacement {
    fn name(&self) -> &'static str {
        "scalar-replacement"
    }

    fn run(&self, module: &mut Module, analyses: &mut Analyses) -> Result<Changed, Error> {
        if !analyses.has_function_variables(module) {
            return Ok(Changed::No);
        }
        let mut changed = false;
        for _ in 0..MAX_ROUNDS {
            let mut globals = Globals::new(module);
            let mut add = Additions {
                globals: &mut globals,
                new: Vec::new(),
                next_id: module.header.bound,
            };
            let mut removed = IdSet::new(module.header.bound);
            let mut round = false;
            for f in &mut module.functions {
                round |= split_function(f, &mut add, &mut removed);
            }
            let (new, next_id) = (std::mem::take(&mut add.new), add.next_id);
            module.globals.extend(new);
            module.header.bound = next_id;
            if !round {
                break;
            }
            remove_references_to(module, &removed);
            changed = true;
        }
        Ok(Changed::from_bool(changed))
    }
}

/// A variable being split: its value type's elements and, per element, its new variable.
struct Split {
    elements: Vec<Id>,
    initializer: Option<Id>,
    vars: Vec<Option<Id>>,
    whole: bool,
}

fn is_chain(op: Op) -> bool {
    matches!(op, Op::AccessChain | Op::InBoundsAccessChain)
}

fn split_function(f: &mut Function, add: &mut Additions, removed: &mut IdSet) -> bool {
    let Some(entry) = f.blocks.first() else {
        return false;
    };
    let g = &*add.globals;
    let mut splits: FxHashMap<Id, Split> = FxHashMap::default();
    for inst in &entry.instructions {
        if inst.opcode != Op::Variable
            || inst.operands.first() != Some(&Operand::Word(StorageClass::Function.0))
        {
            continue;
        }
        let Some((var, ptr)) = inst.result_id.zip(inst.result_type) else {
            continue;
        };
        let Some(&(_, ty)) = g.pointee.get(&ptr) else {
            continue;
        };
        let Some(elements) = g.elements.get(&ty) else {
            continue;
        };
        let initializer = inst.operands.get(1).and_then(Operand::id);
        let splittable_init = initializer.is_none_or(|c| {
            g.null_ids.contains(&c)
                || g.composites
                    .get(&c)
                    .is_some_and(|e| e.len() == elements.len())
        });
        if splittable_init && !g.decorated.contains(&var) {
            splits.insert(
                var,
                Split {
                    elements: elements.clone(),
                    initializer,
                    vars: vec![None; elements.len()],
                    whole: false,
                },
            );
        }
    }
    if splits.is_empty() {
        return false;
    }
    // Pointers derived from a candidate by access chains → the candidate. Definitions come
    // before uses in block order (a block follows its dominators), so one forward scan sees
    // every chain's base first.
    let mut derived: FxHashMap<Id, Id> = FxHashMap::default();
    let mut partial: FxHashSet<Id> = FxHashSet::default();
    let mut rejected: FxHashSet<Id> = FxHashSet::default();
    for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
        for (k, op) in inst.operands.iter().enumerate() {
            let Operand::Id(id) = *op else { continue };
            let (var, direct) = if splits.contains_key(&id) {
                (id, true)
            } else if let Some(&v) = derived.get(&id) {
                (v, false)
            } else {
                continue;
            };
            let ok = match (inst.opcode, k) {
                (Op::Variable, _) => false,
                (op, 0) if is_chain(op) => {
                    let first = inst.operands.get(1).and_then(Operand::id);
                    let index = first.and_then(|c| g.ints.get(&c));
                    let fits = index.is_some_and(|&i| i < splits[&var].elements.len() as u64);
                    if direct && !fits {
                        false
                    } else {
                        if direct {
                            partial.insert(var);
                        }
                        if let Some(r) = inst.result_id {
                            derived.insert(r, var);
                        }
                        true
                    }
                }
                // Whole loads/stores of the variable itself take no memory operands (so no
                // volatile or alignment to split); through a chain they stay as they are.
                (Op::Load, 0) => !direct || inst.operands.len() == 1,
                (Op::Store, 0) => !direct || inst.operands.len() == 2,
                _ => false,
            };
            if !ok {
                rejected.insert(var);
            } else if direct && matches!(inst.opcode, Op::Load | Op::Store) {
                if let Some(s) = splits.get_mut(&var) {
                    s.whole = true;
                }
            }
        }
    }
    splits.retain(|v, _| partial.contains(v) && !rejected.contains(v));
    if splits.is_empty() {
        return false;
    }
    // Which elements get a variable: every one for whole accesses, else those indexed.
    let mut used: FxHashMap<Id, Vec<bool>> = splits
        .iter()
        .map(|(&v, s)| (v, vec![s.whole; s.elements.len()]))
        .collect();
    for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
        if !is_chain(inst.opcode) {
            continue;
        }
        let base = inst.operands.first().and_then(Operand::id);
        let Some(flags) = base.and_then(|b| used.get_mut(&b)) else {
            continue;
        };
        let index = inst.operands.get(1).and_then(Operand::id);
        if let Some(&i) = index.and_then(|c| g.ints.get(&c)) {
            if let Some(flag) = flags.get_mut(i as usize) {
                *flag = true;
            }
        }
    }
    let ints = g.ints.clone();
    let composites: FxHashMap<Id, Vec<Id>> = splits
        .values()
        .filter_map(|s| s.initializer)
        .filter_map(|c| Some((c, add.globals.composites.get(&c)?.clone())))
        .collect();
    // New variables, in element order, where the old variable was.
    let mut new_vars: FxHashMap<Id, Vec<Instruction>> = FxHashMap::default();
    for (&var, s) in splits.iter_mut() {
        let mut insts = Vec::new();
        for (i, &ety) in s.elements.iter().enumerate() {
            if !used[&var][i] {
                continue;
            }
            let ptr = add.pointer_to(ety);
            let id = add.fresh();
            let init = match s.initializer {
                None => None,
                Some(c) => match composites.get(&c) {
                    Some(parts) => parts.get(i).copied(),
                    None => Some(add.null_of(ety)),
                },
            };
            insts.push(Instruction::new(
                Op::Variable,
                Some(ptr),
                Some(id),
                std::iter::once(Operand::Word(StorageClass::Function.0))
                    .chain(init.map(Operand::Id)),
            ));
            s.vars[i] = Some(id);
        }
        new_vars.insert(var, insts);
        removed.insert(var);
    }
    let mut replace: FxHashMap<Id, Id> = FxHashMap::default();
    for block in &mut f.blocks {
        let old = std::mem::take(&mut block.instructions);
        let mut out = Vec::with_capacity(old.len() + 4);
        for mut inst in old {
            if let Some(vars) = inst.result_id.and_then(|r| new_vars.remove(&r)) {
                out.extend(vars);
                continue;
            }
            let base = inst.operands.first().and_then(Operand::id);
            let Some(s) = base.and_then(|b| splits.get(&b)) else {
                out.push(inst);
                continue;
            };
            match inst.opcode {
                op if is_chain(op) => {
                    let index = inst.operands.get(1).and_then(Operand::id);
                    let i = index.and_then(|c| ints.get(&c)).copied().unwrap_or(0) as usize;
                    let Some(elem) = s.vars.get(i).copied().flatten() else {
                        out.push(inst);
                        continue;
                    };
                    if inst.operands.len() == 2 {
                        if let Some(r) = inst.result_id {
                            replace.insert(r, elem);
                            removed.insert(r);
                        }
                        continue;
                    }
                    inst.operands.remove(1);
                    inst.operands[0] = Operand::Id(elem);
                    out.push(inst);
                }
                Op::Load => {
                    let mut parts = Vec::with_capacity(s.elements.len());
                    for (&ety, v) in s.elements.iter().zip(&s.vars) {
                        let (Some(v), part) = (*v, add.fresh()) else {
                            continue;
                        };
                        out.push(Instruction::new(
                            Op::Load,
                            Some(ety),
                            Some(part),
                            [Operand::Id(v)],
                        ));
                        parts.push(Operand::Id(part));
                    }
                    out.push(Instruction::new(
                        Op::CompositeConstruct,
                        inst.result_type,
                        inst.result_id,
                        parts,
                    ));
                }
                Op::Store => {
                    let Some(value) = inst.operands.get(1).cloned() else {
                        out.push(inst);
                        continue;
                    };
                    for (i, (&ety, v)) in s.elements.iter().zip(&s.vars).enumerate() {
                        let (Some(v), part) = (*v, add.fresh()) else {
                            continue;
                        };
                        out.push(Instruction::new(
                            Op::CompositeExtract,
                            Some(ety),
                            Some(part),
                            [value.clone(), Operand::Word(i as u32)],
                        ));
                        out.push(Instruction::new(
                            Op::Store,
                            None,
                            None,
                            [Operand::Id(v), Operand::Id(part)],
                        ));
                    }
                }
                _ => out.push(inst),
            }
        }
        block.instructions = out;
    }
    if !replace.is_empty() {
        for inst in f.instructions_mut() {
            inst.map_ids(|id| replace.get(&id).copied().unwrap_or(id));
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    const SHADER: &str = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %s "s"
%void = OpTypeVoid
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%v4 = OpTypeVector %float 4
%st = OpTypeStruct %v4 %float
%pst = OpTypePointer Function %st
%pv4 = OpTypePointer Function %v4
%_ptr_Function_float = OpTypePointer Function %float
%c0 = OpConstant %int 0
%c1 = OpConstant %int 1
%c2 = OpConstant %int 2
%f1 = OpConstant %float 1
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
%s = OpVariable %pst Function
%i = OpVariable %pst Function
%a = OpAccessChain %pv4 %s %c0
%v = OpCompositeConstruct %v4 %f1 %f1 %f1 %f1
OpStore %a %v
%y = OpAccessChain %pv4 %s %c0
%comp = OpAccessChain %_ptr_Function_float %y %c2
OpStore %comp %f1
%l = OpLoad %v4 %y
%w = OpLoad %st %s
OpStore %i %w
%k = OpAccessChain %pv4 %i %c0
OpReturn
OpFunctionEnd
"#;

    #[test]
    fn struct_members_become_variables() {
        let text = disassemble(&run_pass(&super::ScalarReplacement, &assemble(SHADER)));
        // No aggregate variable is left; the whole load is rebuilt from its members.
        assert!(
            !text.contains("OpVariable %_ptr_Function__struct"),
            "{text}"
        );
        assert!(text.contains("OpCompositeConstruct %_struct_"), "{text}");
        // The two-index chain keeps its second index on the member's variable.
        assert!(
            text.contains("OpAccessChain %_ptr_Function_float"),
            "{text}"
        );
        // The whole store into %i is split into member stores.
        assert!(text.contains("OpCompositeExtract %v4float"), "{text}");
        assert!(text.contains("OpCompositeExtract %float"), "{text}");
    }

    #[test]
    fn dynamic_index_or_escaping_pointer_keeps_the_variable() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %a "a"
OpName %b "b"
%void = OpTypeVoid
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%c4 = OpConstant %uint 4
%c1 = OpConstant %int 1
%arr = OpTypeArray %int %c4
%pa = OpTypePointer Function %arr
%pi = OpTypePointer Function %int
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
%a = OpVariable %pa Function
%b = OpVariable %pa Function
%n = OpVariable %pi Function
%x = OpLoad %int %n
%p = OpAccessChain %pi %a %x
OpStore %p %c1
%q = OpAccessChain %pi %b %c1
OpStore %q %c1
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::ScalarReplacement, &assemble(src)));
        assert!(
            text.contains("%a = OpVariable %_ptr_Function__arr_int_uint_4 Function"),
            "{text}"
        );
        assert!(!text.contains("%b = OpVariable"), "{text}");
        // Only the element used gets a variable.
        assert_eq!(
            text.matches("OpVariable %_ptr_Function_int Function")
                .count(),
            2,
            "{text}"
        );
    }

    #[test]
    fn kernel_arrays_split_unless_pointer_arithmetic_escapes() {
        let src = r#"
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpName %a "a"
OpName %b "b"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%c2 = OpConstant %uint 2
%l0 = OpConstant %ulong 0
%l1 = OpConstant %ulong 1
%arr = OpTypeArray %uint %c2
%pa = OpTypePointer Function %arr
%pi = OpTypePointer Function %uint
%init = OpConstantComposite %arr %c2 %c2
%fn = OpTypeFunction %void
%k = OpFunction %void None %fn
%e = OpLabel
%a = OpVariable %pa Function %init
%b = OpVariable %pa Function
%p = OpInBoundsAccessChain %pi %a %l1
%v = OpLoad %uint %p
OpStore %p %v
%q = OpInBoundsAccessChain %pi %b %l0
%r = OpInBoundsPtrAccessChain %pi %q %l1
OpStore %r %v
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::ScalarReplacement, &assemble(src)));
        assert!(!text.contains("%a = OpVariable"), "{text}");
        assert!(
            text.contains("OpVariable %_ptr_Function_uint Function %uint_2"),
            "{text}"
        );
        assert!(text.contains("%b = OpVariable"), "{text}");
    }
}
