//! `--retype-local-variables` (spirvkit's own; spirv-opt has none): a Function-storage
//! variable declared with one type but only ever loaded and stored as another, through
//! OpBitcast of its pointer, is declared with the type it is accessed as, and the bitcasts go.
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
//!   argument, no copy, no access chain, no pointer-to-integer conversion, no phi or select, no
//!   decoration on a bitcast. The variable's memory is then private to these loads and stores
//!   (no other pointer to it exists), so its declared type is only its size and alignment;
//! - every load and store reads or writes the same type T (a variable stored as T1 and loaded
//!   as T2 stays: that reinterpretation is the memory's job);
//! - T and the declared type are scalars, vectors or (in physical addressing) pointers of the
//!   same size, so the allocation keeps its size and natural alignment (for these types in
//!   OpenCL the alignment is the size, three-component vectors counting as four) and every
//!   `Aligned` operand and the Alignment decoration stay true. Aggregates reached through a
//!   bitcast (to `uchar*` for a memcpy or memset) are never taken: those uses are not loads
//!   or stores.
//!
//! The spec requires both sides of a pointer OpBitcast to point into the same storage class,
//! so a pointer type to T in Function storage exists already (a bitcast's result type).
//! Function-local: the pass allocates no ids; only the bitcasts' names and decorations go.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{run_function_pass, Changed, FunctionPass, FunctionWork, Pass};
use crate::passes::local_vars::note_decorated;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{AddressingModel, Op, StorageClass};
use spirvkit_core::{Function, Id, Module, Operand};

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
        Ok(run_function_pass(self, module))
    }
}

impl FunctionPass for RetypeLocalVariables {
    fn prepare(&self, module: &Module) -> Box<dyn FunctionWork> {
        Box::new(Facts::new(module))
    }
}

/// Module facts: pointer types and the sizes of the types loads and stores may move.
struct Facts {
    /// Pointer type → (storage class, pointee type).
    pointers: FxHashMap<Id, (u32, Id)>,
    /// Scalar, vector and pointer type → size in bytes.
    sizes: FxHashMap<Id, u32>,
    /// Ids with a decoration other than a name, Alignment or RelaxedPrecision.
    decorated: FxHashMap<Id, ()>,
}

impl Facts {
    fn new(module: &Module) -> Self {
        let mut facts = Facts {
            pointers: FxHashMap::default(),
            sizes: FxHashMap::default(),
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
                            facts.sizes.insert(id, width / 8);
                        }
                    }
                }
                Op::TypeVector => {
                    let element = id_at(0).and_then(|e| facts.sizes.get(&e).copied());
                    if let (Some(id), Some(element), Some(count)) = (id, element, word(1)) {
                        // OpenCL: a three-component vector is sized and aligned as four.
                        let count = if count == 3 { 4 } else { count };
                        facts.sizes.insert(id, element.saturating_mul(count));
                    }
                }
                Op::TypePointer => {
                    if let (Some(id), Some(class), Some(pointee)) = (id, word(0), id_at(1)) {
                        facts.pointers.insert(id, (class, pointee));
                        if let Some(size) = pointer_size {
                            facts.sizes.insert(id, size);
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
}

/// What one candidate variable is seen to be accessed as.
struct Candidate {
    declared: Id,
    /// The one type loaded and stored, with a pointer type to it in Function storage.
    accessed: Option<(Id, Id)>,
    /// Seen a use that is not a whole load/store or a bitcast (or a second accessed type).
    refused: bool,
}

impl FunctionWork for Facts {
    fn run(&self, f: &mut Function, removed: &mut Vec<Id>) -> bool {
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
            if !self.decorated.contains_key(&id) && self.sizes.contains_key(&declared) {
                vars.insert(
                    id,
                    Candidate {
                        declared,
                        accessed: None,
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
        // Every use of every pointer must be an allowed one.
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
                if i != 0 || accessed_through != Some(*id) {
                    candidate.refused = true;
                    continue;
                }
                let Some(pointee) = self.function_pointee(ty) else {
                    candidate.refused = true;
                    continue;
                };
                match candidate.accessed {
                    None => candidate.accessed = Some((pointee, ty)),
                    Some((t, _)) if t == pointee => {}
                    Some(_) => candidate.refused = true,
                }
            }
            // A decorated bitcast (Volatile, ...) keeps its variable as it is.
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
        // The variables to retype: their new pointer type.
        let mut retyped: FxHashMap<Id, Id> = FxHashMap::default();
        for (var, c) in &vars {
            let Some((t, ptr)) = c.accessed else { continue };
            if c.refused {
                continue;
            }
            let size = self.sizes.get(&t);
            let same_size = size.is_some() && size == self.sizes.get(&c.declared);
            if t == c.declared || same_size {
                retyped.insert(*var, ptr);
            }
        }
        if retyped.is_empty() {
            return false;
        }
        let mut changed = false;
        for block in &mut f.blocks {
            block.instructions.retain_mut(|inst| {
                if let Some(r) = inst.result_id {
                    if let Some(&(var, _)) = pointers.get(&r) {
                        if let Some(&ptr) = retyped.get(&var) {
                            if r == var {
                                changed |= inst.result_type != Some(ptr);
                                inst.result_type = Some(ptr);
                            } else {
                                removed.push(r);
                                changed = true;
                                return false;
                            }
                        }
                    }
                }
                if matches!(inst.opcode, Op::Load | Op::Store) {
                    if let Some(Operand::Id(p)) = inst.operands.first_mut() {
                        if let Some(&(var, _)) = pointers.get(p) {
                            if retyped.contains_key(&var) {
                                *p = var;
                            }
                        }
                    }
                }
                true
            });
        }
        changed
    }
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
%fn = OpTypeFunction %void %gu
%callee_t = OpTypeFunction %void %f_gu
%uint_1 = OpConstant %uint 1
%ulong_0 = OpConstant %ulong 0
%f1 = OpConstant %float 1
%true = OpConstantTrue %bool
%k = OpFunction %void None %fn
%src = OpFunctionParameter %gu
%entry = OpLabel
%addr = OpVariable %f_gc Function
%vu = OpVariable %f_uint Function
%vc = OpVariable %f_uchar Function
%w = OpVariable %f_gu Function
%pp = OpVariable %f_f_gu Function
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
    fn stored_as_one_type_and_loaded_as_another_stays() {
        let text = run(r#"OpStore %vu %uint_1
%c = OpBitcast %f_float %vu
%x = OpLoad %float %c
%y = OpBitcast %uint %x
OpStore %src %y
"#);
        assert!(text.contains("%vu = OpVariable %f_uint Function"), "{text}");
        assert!(text.contains("%c = OpBitcast %f_float %vu"), "{text}");
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

    #[test]
    fn a_pointer_to_integer_conversion_keeps_the_variable() {
        for escape in [
            "%i = OpConvertPtrToU %ulong %c\nOpStore %src %uint_1\n",
            "%i = OpBitcast %ulong %addr\n",
        ] {
            let text = run(&format!(
                "%c = OpBitcast %f_gu %addr\nOpStore %c %src\n{escape}"
            ));
            assert!(!retyped(&text), "{text}");
        }
    }

    #[test]
    fn an_access_chain_or_copy_keeps_the_variable() {
        for escape in [
            "%e = OpInBoundsPtrAccessChain %f_gu %c %ulong_0\nOpStore %e %src\n",
            "OpCopyMemory %w %c\n",
        ] {
            let text = run(&format!(
                "%c = OpBitcast %f_gu %addr\nOpStore %c %src\n{escape}"
            ));
            assert!(!retyped(&text), "{text}");
        }
    }

    #[test]
    fn storing_the_address_keeps_the_variable() {
        let text = run("%c = OpBitcast %f_gu %addr\nOpStore %c %src\nOpStore %pp %c\n");
        assert!(!retyped(&text), "{text}");
    }

    #[test]
    fn a_select_of_the_address_keeps_the_variable() {
        let text = run(r#"%c = OpBitcast %f_gu %addr
OpStore %c %src
%s = OpSelect %f_gu %true %c %w
%p = OpLoad %gu %s
OpStore %p %uint_1
"#);
        assert!(!retyped(&text), "{text}");
    }

    #[test]
    fn the_o_pipeline_promotes_the_slot() {
        let src = format!(
            "{HEAD}%c = OpBitcast %f_gu %addr\nOpStore %c %src Aligned 8\n\
             %p = OpLoad %gu %c Aligned 8\nOpStore %p %uint_1\nOpReturn\nOpFunctionEnd\n"
        );
        let words = assemble(&named(&src));
        let mut optimizer = crate::Optimizer::new(spirvkit_val::TargetEnv::default());
        optimizer.register_performance_passes();
        let text = disassemble(&optimizer.run(&words).unwrap_or_else(|e| panic!("{e}")));
        assert!(!text.contains("%addr"), "{text}");
        assert!(text.contains("OpStore %src %uint_1"), "{text}");
    }
}
