//! `--retype-local-variables` (spirvkit's own; spirv-opt has none): a Function-storage
//! variable declared with one type but loaded and stored as others, through OpBitcast of its
//! pointer, is declared with the type it is accessed as, and the bitcasts of its pointer go.
//! The local-variable passes after it (single-block, single-store, SSA rewrite) then take it.
//!
//! Why: with opaque pointers (clang 15 and later) an LLVM `alloca ptr` has no pointee type,
//! so a translator declares the slot of every pointer argument as a pointer to `uchar*` and
//! reaches it through an OpBitcast to the pointer type actually stored and loaded. The SSA
//! passes, which only take variables loaded and stored whole and never cast, leave such slots
//! (and their names and decorations) in place.
//!
//! A variable is retyped when
//! - it is a Function-storage OpVariable without initializer and without decorations other
//!   than a name, Alignment or RelaxedPrecision (as the SSA passes require);
//! - every use of it, and of every OpBitcast of it (or of such a bitcast, any chain), is the
//!   Pointer operand of an OpLoad or OpStore, or the operand of such a bitcast: no call
//!   argument, no copy, no access chain, no pointer-to-integer conversion, no phi or select.
//!   The variable's memory is then private to these loads and stores (no other pointer to it
//!   exists), so its declared type is only its size and alignment;
//! - the loads and stores move one type T, or several types that are reinterpretations of
//!   each other component by component: pointers into one storage class (a pointer bitcast
//!   keeps the address), or scalars/vectors of one component count and component width. Then
//!   a store of T1 followed by a load of T2 reads exactly `OpBitcast T2` of the stored value,
//!   on a little- or big-endian device alike, so the variable is declared as the most used
//!   type T and the other accesses bitcast the value (a load of T2 becomes a load of T and an
//!   OpBitcast with the load's id). Types that split or join components (`uint2` stored,
//!   `ulong` loaded; `uchar4` and `uint`) reinterpret bytes in an order the device's
//!   endianness decides: such a variable stays as it is;
//! - T and the declared type are scalars, vectors or (in physical addressing) pointers of the
//!   same size, so the allocation keeps its size and natural alignment (for these types in
//!   OpenCL the alignment is the size, three-component vectors counting as four) and every
//!   `Aligned` operand and the Alignment decoration stay true. Aggregates reached through a
//!   bitcast (to `uchar*` for a memcpy or memset) are never taken: those uses are not loads
//!   or stores.
//!
//! The spec requires both sides of a pointer OpBitcast to point into the same storage class,
//! so a pointer type to T in Function storage exists already (a bitcast's result type).
//! Bitcasts the SSA rewrite leaves as `OpBitcast T2 (OpBitcast T x)` with `x` of type T2 are
//! folded by `--simplify-instructions`.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::passes::local_vars::note_decorated;
use crate::util::IdSet;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{AddressingModel, Op, StorageClass};
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct RetypeLocalVariables;

impl Pass for RetypeLocalVariables {
    fn name(&self) -> &'static str {
        "retype-local-variables"
    }

    fn run(&self, module: &mut Module, analyses: &mut Analyses) -> Result<Changed, Error> {
        // Modules without Function variables (most kernels after translation) cost one
        // shared walk, which the local-variable passes after this one reuse.
        if !analyses.has_function_variables(module) {
            return Ok(Changed::No);
        }
        let facts = Facts::new(module);
        let mut next_id = module.header.bound;
        let mut removed = IdSet::new(module.header.bound);
        let mut changed = false;
        for f in &mut module.functions {
            changed |= facts.rewrite(f, &mut next_id, &mut removed);
        }
        if changed {
            module.header.bound = next_id;
            crate::util::remove_references_to(module, &removed);
        }
        Ok(Changed::from_bool(changed))
    }
}

/// How a loaded or stored type's bits are laid out, for telling which types reinterpret
/// each other component by component.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// A pointer into this storage class.
    Pointer(u32),
    /// An integer or float scalar (count 1) or vector: component count and bit width.
    Numeric { count: u32, width: u32 },
}

/// Module facts: pointer types and the sizes and shapes of the types loads and stores move.
struct Facts {
    /// Pointer type → (storage class, pointee type).
    pointers: FxHashMap<Id, (u32, Id)>,
    /// Scalar, vector and pointer type → (size in bytes, shape).
    layouts: FxHashMap<Id, (u32, Shape)>,
    /// Ids with a decoration other than a name, Alignment or RelaxedPrecision.
    decorated: FxHashMap<Id, ()>,
}

impl Facts {
    fn new(module: &Module) -> Self {
        let mut facts = Facts {
            pointers: FxHashMap::default(),
            layouts: FxHashMap::default(),
            decorated: FxHashMap::default(),
        };
        let mut pointer_size = None;
        for inst in &module.globals {
            let id = inst.result_id;
            let word = |i: usize| inst.operands.get(i).and_then(Operand::word);
            let id_at = |i: usize| inst.operands.get(i).and_then(Operand::id);
            match inst.opcode {
                Op::MemoryModel => {
                    pointer_size = match word(0).map(AddressingModel) {
                        Some(AddressingModel::Physical32) => Some(4),
                        Some(AddressingModel::Physical64) => Some(8),
                        _ => None,
                    }
                }
                Op::TypeInt | Op::TypeFloat => {
                    if let (Some(id), Some(width)) = (id, word(0)) {
                        if width % 8 == 0 && width > 0 {
                            let shape = Shape::Numeric { count: 1, width };
                            facts.layouts.insert(id, (width / 8, shape));
                        }
                    }
                }
                Op::TypeVector => {
                    let element = id_at(0).and_then(|e| facts.layouts.get(&e).copied());
                    if let (Some(id), Some((size, Shape::Numeric { width, .. })), Some(count)) =
                        (id, element, word(1))
                    {
                        // OpenCL: a three-component vector is sized and aligned as four.
                        let slots = if count == 3 { 4 } else { count };
                        let shape = Shape::Numeric { count, width };
                        facts
                            .layouts
                            .insert(id, (size.saturating_mul(slots), shape));
                    }
                }
                Op::TypePointer => {
                    if let (Some(id), Some(class), Some(pointee)) = (id, word(0), id_at(1)) {
                        facts.pointers.insert(id, (class, pointee));
                        if let Some(size) = pointer_size {
                            facts.layouts.insert(id, (size, Shape::Pointer(class)));
                        }
                    }
                }
                _ => note_decorated(inst, &mut facts.decorated),
            }
        }
        facts
    }

    fn function_pointee(&self, pointer_type: Id) -> Option<Id> {
        match self.pointers.get(&pointer_type) {
            Some(&(class, pointee)) if class == StorageClass::Function.0 => Some(pointee),
            _ => None,
        }
    }

    /// The type a variable declared as `declared` and accessed as `accessed` (type, pointer
    /// type to it, number of accesses) is retyped to, with its pointer type: the most used
    /// accessed type, when every accessed type reinterprets it component by component and
    /// has the declared type's size.
    fn new_type(&self, declared: Id, accessed: &[(Id, Id, u32)]) -> Option<(Id, Id)> {
        let &(first, _, _) = accessed.first()?;
        let layout = self.layouts.get(&first)?;
        let compatible = accessed
            .iter()
            .all(|(t, _, _)| self.layouts.get(t) == Some(layout));
        let same_size = self.layouts.get(&declared).map(|l| l.0) == Some(layout.0);
        if !compatible || !same_size {
            return None;
        }
        accessed
            .iter()
            .max_by_key(|(_, _, uses)| *uses)
            .map(|&(t, ptr, _)| (t, ptr))
    }

    /// Retypes the qualifying variables of `f`; new ids from `next_id`, deleted ids (the
    /// bitcasts of the variables' pointers) into `removed`.
    fn rewrite(&self, f: &mut Function, next_id: &mut u32, removed: &mut IdSet) -> bool {
        let Some(entry) = f.blocks.first() else {
            return false;
        };
        let mut vars: FxHashMap<Id, Candidate> = FxHashMap::default();
        for inst in &entry.instructions {
            if inst.opcode != Op::Variable
                || inst.operands.len() != 1
                || inst.operands.first() != Some(&Operand::Word(StorageClass::Function.0))
            {
                continue;
            }
            let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else {
                continue;
            };
            let Some(declared) = self.function_pointee(ty) else {
                continue;
            };
            if !self.decorated.contains_key(&id) && self.layouts.contains_key(&declared) {
                vars.insert(
                    id,
                    Candidate {
                        declared,
                        accessed: Vec::new(),
                        refused: false,
                    },
                );
            }
        }
        if vars.is_empty() {
            return false;
        }
        // Pointer value → (root variable, its pointer type). Bitcasts in block order: a
        // bitcast's operand dominates it, so a chain's earlier link is already recorded.
        let mut pointers: FxHashMap<Id, (Id, Id)> = FxHashMap::default();
        for inst in &entry.instructions {
            if let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) {
                if vars.contains_key(&id) {
                    pointers.insert(id, (id, ty));
                }
            }
        }
        for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
            if inst.opcode != Op::Bitcast {
                continue;
            }
            let (Some(r), Some(ty), Some(Operand::Id(source))) =
                (inst.result_id, inst.result_type, inst.operands.first())
            else {
                continue;
            };
            // A cast to an integer is not a link: its use below refuses the variable.
            if let (Some(&(var, _)), Some(_)) = (pointers.get(source), self.function_pointee(ty)) {
                pointers.insert(r, (var, ty));
            }
        }
        self.note_uses(f, &pointers, &mut vars);
        // The variables to retype: their new pointer type and value type.
        let mut retyped: FxHashMap<Id, (Id, Id)> = FxHashMap::default();
        for (var, c) in &vars {
            if c.refused {
                continue;
            }
            if let Some((t, ptr)) = self.new_type(c.declared, &c.accessed) {
                retyped.insert(*var, (ptr, t));
            }
        }
        if retyped.is_empty() {
            return false;
        }
        let mut changed = false;
        for block in &mut f.blocks {
            let mut out: Vec<Instruction> = Vec::with_capacity(block.instructions.len());
            for mut inst in std::mem::take(&mut block.instructions) {
                let root = |id: Option<Id>| {
                    let (var, ptr) = *pointers.get(&id?)?;
                    let &(var_ptr, t) = retyped.get(&var)?;
                    Some((var, ptr, var_ptr, t))
                };
                if let Some((var, _, var_ptr, _)) = root(inst.result_id) {
                    if inst.result_id == Some(var) {
                        changed |= inst.result_type != Some(var_ptr);
                        inst.result_type = Some(var_ptr);
                    } else if let Some(r) = inst.result_id {
                        // A bitcast of the variable's pointer: every use is rewritten below.
                        removed.insert(r);
                        changed = true;
                        continue;
                    }
                }
                let pointer = match inst.opcode {
                    Op::Load | Op::Store => inst.operands.first().and_then(Operand::id),
                    _ => None,
                };
                let Some((var, ptr, _, t)) = root(pointer) else {
                    out.push(inst);
                    continue;
                };
                inst.operands[0] = Operand::Id(var);
                let accessed = self.function_pointee(ptr);
                if accessed == Some(t) {
                    out.push(inst);
                    continue;
                }
                let fresh = Id(*next_id);
                *next_id += 1;
                if inst.opcode == Op::Store {
                    // The stored value as T: `OpBitcast T value`, stored instead.
                    if let Some(value) = inst.operands.get(1).cloned() {
                        out.push(Instruction::new(Op::Bitcast, Some(t), Some(fresh), [value]));
                        inst.operands[1] = Operand::Id(fresh);
                    }
                    out.push(inst);
                } else {
                    // A load of T2: a load of T, then the bitcast keeps the load's id.
                    let cast = Instruction::new(
                        Op::Bitcast,
                        inst.result_type,
                        inst.result_id,
                        [Operand::Id(fresh)],
                    );
                    inst.result_type = Some(t);
                    inst.result_id = Some(fresh);
                    out.push(inst);
                    out.push(cast);
                }
            }
            block.instructions = out;
        }
        changed
    }

    /// Records, per candidate, the types its loads and stores move, and refuses a candidate
    /// with any other use of its pointer or of a bitcast of it.
    fn note_uses(
        &self,
        f: &Function,
        pointers: &FxHashMap<Id, (Id, Id)>,
        vars: &mut FxHashMap<Id, Candidate>,
    ) {
        for inst in f.instructions() {
            let accessed_through = match inst.opcode {
                Op::Load | Op::Store => inst.operands.first().and_then(Operand::id),
                _ => None,
            };
            let is_link = inst.opcode == Op::Bitcast
                && inst.result_id.is_some_and(|r| pointers.contains_key(&r));
            for (i, operand) in inst.operands.iter().enumerate() {
                let Operand::Id(id) = operand else { continue };
                let Some(&(var, ty)) = pointers.get(id) else {
                    continue;
                };
                let Some(candidate) = vars.get_mut(&var) else {
                    continue;
                };
                if i == 0 && is_link {
                    continue;
                }
                let pointee = self.function_pointee(ty);
                let (true, Some(pointee)) = (i == 0 && accessed_through == Some(*id), pointee)
                else {
                    candidate.refused = true;
                    continue;
                };
                match candidate
                    .accessed
                    .iter_mut()
                    .find(|(t, _, _)| *t == pointee)
                {
                    Some((_, _, uses)) => *uses += 1,
                    None => candidate.accessed.push((pointee, ty, 1)),
                }
            }
            // A decorated bitcast (a decoration the SSA passes do not know) keeps its variable.
            if let Some(r) = inst.result_id {
                if let Some(&(var, _)) = pointers.get(&r) {
                    if r != var && self.decorated.contains_key(&r) {
                        if let Some(c) = vars.get_mut(&var) {
                            c.refused = true;
                        }
                    }
                }
            }
        }
    }
}

/// What one candidate variable is seen to be accessed as.
struct Candidate {
    declared: Id,
    /// Each type loaded or stored, a Function pointer type to it, and how often.
    accessed: Vec<(Id, Id, u32)>,
    /// Seen a use that is not a whole load/store or a bitcast of the pointer.
    refused: bool,
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, named, run_on_body};

    /// A kernel whose pointer argument's slot is declared as `uchar*` (opaque pointers) and
    /// other locals for the refusal cases.
    const HEAD: &str = r#"OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpCapability Int8
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpDecorate %addr Alignment 8
%void = OpTypeVoid
%bool = OpTypeBool
%uchar = OpTypeInt 8 0
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%gu = OpTypePointer CrossWorkgroup %uint
%gc = OpTypePointer CrossWorkgroup %uchar
%f_gc = OpTypePointer Function %gc
%f_gu = OpTypePointer Function %gu
%f_uint = OpTypePointer Function %uint
%f_float = OpTypePointer Function %float
%f_uchar = OpTypePointer Function %uchar
%f_f_gu = OpTypePointer Function %f_gu
%v2uint = OpTypeVector %uint 2
%f_v2uint = OpTypePointer Function %v2uint
%f_ulong = OpTypePointer Function %ulong
%fn = OpTypeFunction %void %gu
%callee_t = OpTypeFunction %void %f_gu
%uint_1 = OpConstant %uint 1
%ulong_0 = OpConstant %ulong 0
%f1 = OpConstant %float 1
%true = OpConstantTrue %bool
%cv2 = OpConstantComposite %v2uint %uint_1 %uint_1
%k = OpFunction %void None %fn
%src = OpFunctionParameter %gu
%entry = OpLabel
%addr = OpVariable %f_gc Function
%vu = OpVariable %f_uint Function
%vc = OpVariable %f_uchar Function
%w = OpVariable %f_gu Function
%pp = OpVariable %f_f_gu Function
%vv = OpVariable %f_v2uint Function
"#;

    fn run(body: &str) -> String {
        run_on_body(&super::RetypeLocalVariables, HEAD, body)
    }

    fn retyped(text: &str) -> bool {
        text.contains("%addr = OpVariable %f_gu Function")
            && !text.contains("OpBitcast %f_gu %addr")
    }

    #[test]
    fn a_pointer_slot_reached_through_a_bitcast_takes_the_stored_type() {
        let text = run(r#"%c = OpBitcast %f_gu %addr
OpStore %c %src Aligned 8
%p = OpLoad %gu %c Aligned 8
OpStore %p %uint_1
"#);
        assert!(retyped(&text), "{text}");
        assert!(text.contains("OpStore %addr %src Aligned 8"), "{text}");
        assert!(text.contains("%p = OpLoad %gu %addr Aligned 8"), "{text}");
        // The Alignment decoration stays true: same size, same natural alignment.
        assert!(text.contains("OpDecorate %addr Alignment 8"), "{text}");
        assert!(!text.contains("OpName %c "), "{text}");
    }

    #[test]
    fn a_chain_of_bitcasts_is_followed() {
        let text = run(r#"%c1 = OpBitcast %f_uchar %addr
%c2 = OpBitcast %f_gu %c1
OpStore %c2 %src
%p = OpLoad %gu %c2
OpStore %p %uint_1
"#);
        assert!(retyped(&text) && !text.contains("OpBitcast"), "{text}");
    }

    #[test]
    fn a_scalar_of_the_same_size_is_retyped() {
        let text = run(r#"%c = OpBitcast %f_float %vu
OpStore %c %f1
%x = OpLoad %float %c
%y = OpBitcast %uint %x
OpStore %src %y
"#);
        assert!(
            text.contains("%vu = OpVariable %f_float Function"),
            "{text}"
        );
        assert!(text.contains("%x = OpLoad %float %vu"), "{text}");
    }

    #[test]
    fn stored_as_one_type_and_loaded_as_another_that_splits_components_stays() {
        let text = run(r#"OpStore %vv %cv2
%c = OpBitcast %f_ulong %vv
%x = OpLoad %ulong %c
OpStore %src %uint_1
"#);
        assert!(
            text.contains("%vv = OpVariable %f_v2uint Function"),
            "{text}"
        );
        assert!(text.contains("%c = OpBitcast %f_ulong %vv"), "{text}");
    }

    #[test]
    fn stored_as_uint_and_loaded_as_float_bitcasts_the_value() {
        let text = run(r#"OpStore %vu %uint_1
%c = OpBitcast %f_float %vu
%x = OpLoad %float %c
%y = OpBitcast %uint %x
OpStore %src %y
"#);
        // One type is declared (the last of the equally used ones); the other access
        // bitcasts the value it moves.
        assert!(
            text.contains("%vu = OpVariable %f_float Function"),
            "{text}"
        );
        assert!(text.contains("OpBitcast %float %uint_1"), "{text}");
        assert!(text.contains("%x = OpLoad %float %vu"), "{text}");
        assert!(!text.contains("OpBitcast %f_float"), "{text}");
    }

    #[test]
    fn a_pointer_slot_stored_and_loaded_as_two_pointer_types_is_promoted() {
        let src = format!(
            "{HEAD}%c = OpBitcast %f_gu %addr\nOpStore %c %src Aligned 8\n\
             %c1 = OpBitcast %f_gc %addr\n%q = OpLoad %gc %c1 Aligned 8\n\
             %q2 = OpBitcast %gu %q\nOpStore %q2 %uint_1\nOpReturn\nOpFunctionEnd\n"
        );
        let text = run_o(&src);
        // The load gives `OpBitcast gu (OpBitcast gc src)`, which is `src`.
        assert!(
            !text.contains("%addr") && !text.contains("OpBitcast"),
            "{text}"
        );
        assert!(text.contains("OpStore %src %uint_1"), "{text}");
    }

    #[test]
    fn a_different_size_stays() {
        let text = run(r#"%c = OpBitcast %f_uint %vc
OpStore %c %uint_1
%x = OpLoad %uint %c
OpStore %src %x
"#);
        assert!(
            text.contains("%vc = OpVariable %f_uchar Function"),
            "{text}"
        );
    }

    #[test]
    fn a_call_argument_keeps_the_variable() {
        let text = run(r#"%c = OpBitcast %f_gu %addr
OpStore %c %src
%r = OpFunctionCall %void %g %c
OpReturn
OpFunctionEnd
%g = OpFunction %void None %callee_t
%gp = OpFunctionParameter %f_gu
%gl = OpLabel
"#);
        assert!(!retyped(&text), "{text}");
    }

    /// The pointer slot `%addr`, stored through a bitcast, then `escape`: the variable must stay.
    fn assert_kept_after(escape: &str) {
        let text = run(&format!(
            "%c = OpBitcast %f_gu %addr\nOpStore %c %src\n{escape}"
        ));
        assert!(!retyped(&text), "{escape}\n{text}");
    }

    #[test]
    fn a_pointer_to_integer_conversion_keeps_the_variable() {
        assert_kept_after("%i = OpConvertPtrToU %ulong %c\nOpStore %src %uint_1\n");
        assert_kept_after("%i = OpBitcast %ulong %addr\n");
    }

    #[test]
    fn an_access_chain_or_copy_keeps_the_variable() {
        assert_kept_after("%e = OpInBoundsPtrAccessChain %f_gu %c %ulong_0\nOpStore %e %src\n");
        assert_kept_after("OpCopyMemory %w %c\n");
    }

    #[test]
    fn storing_the_address_keeps_the_variable() {
        assert_kept_after("OpStore %pp %c\n");
    }

    #[test]
    fn a_select_of_the_address_keeps_the_variable() {
        assert_kept_after(
            "%s = OpSelect %f_gu %true %c %w\n%p = OpLoad %gu %s\nOpStore %p %uint_1\n",
        );
    }

    #[test]
    fn the_o_pipeline_promotes_the_slot() {
        let src = format!(
            "{HEAD}%c = OpBitcast %f_gu %addr\nOpStore %c %src Aligned 8\n\
             %p = OpLoad %gu %c Aligned 8\nOpStore %p %uint_1\nOpReturn\nOpFunctionEnd\n"
        );
        let text = run_o(&src);
        assert!(!text.contains("%addr"), "{text}");
        assert!(text.contains("OpStore %src %uint_1"), "{text}");
    }

    /// `src` with names through `-O`.
    fn run_o(src: &str) -> String {
        let words = assemble(&named(src));
        let mut optimizer = crate::Optimizer::new(spirvkit_val::TargetEnv::default());
        optimizer.register_performance_passes();
        disassemble(&optimizer.run(&words).unwrap_or_else(|e| panic!("{e}")))
    }
}
