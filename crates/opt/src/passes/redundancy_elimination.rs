//! `--redundancy-elimination` (and `--local-redundancy-elimination`), within a basic block only:
//! local value numbering. A side-effect-free instruction (the set ADCE removes when unused)
//! computing the same opcode, result type and operands as an earlier one in the same block is
//! replaced by that earlier result; operands of commutative operations are compared in either
//! order. A load is redundant when an earlier load in the block read the same pointer with no
//! instruction that may write memory (anything not side-effect free: stores, calls, atomics,
//! barriers, extended instructions other than GLSL.std.450's pure ones, image writes) in
//! between. Memory is told apart by root variable: a pointer's root is the OpVariable it is an
//! access chain (or copy) of; a store through a pointer with a known root only ends loads of
//! that root and loads of unknown root (distinct variables never overlap), and loads of
//! read-only memory (Input, UniformConstant, PushConstant, and Uniform in modules without
//! BufferBlock) are ended by nothing. Volatile loads, loads with memory
//! operands other than Aligned, and pointers decorated Volatile or Coherent (or derived from
//! such) are never merged. Results carrying a decoration (NoContraction, FPRoundingMode, ...)
//! are left alone. Never across blocks: seed 003 §1.2 forbids CSE that raises register
//! pressure, and a block-local leader is live exactly as long as before.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{run_function_pass, Changed, FunctionPass, FunctionWork, Pass};
use crate::passes::eliminate_dead_code::{is_pure, is_pure_glsl};
use crate::util::IdSet;
use smallvec::SmallVec;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{Decoration, MemoryAccess, Op, StorageClass};
use spirvkit_core::{Function, Id, Instruction, Module, Operand};
use std::collections::hash_map::Entry;

pub struct RedundancyElimination;

impl Pass for RedundancyElimination {
    fn name(&self) -> &'static str {
        "redundancy-elimination"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        Ok(run_function_pass(self, module))
    }

    fn function_pass(&self) -> Option<&dyn FunctionPass> {
        Some(self)
    }
}

impl FunctionPass for RedundancyElimination {
    fn prepare(&self, module: &Module) -> Box<dyn FunctionWork> {
        let bound = module.header.bound;
        let mut decorated = IdSet::new(bound);
        let mut unsafe_pointers = IdSet::new(bound);
        let mut pointer_types = IdSet::new(bound);
        for inst in &module.globals {
            match inst.opcode {
                Op::Decorate | Op::DecorateId | Op::DecorateString | Op::MemberDecorate => {
                    if let Some(Operand::Id(target)) = inst.operands.first() {
                        decorated.insert(*target);
                        let d = inst.operands.get(1).and_then(Operand::word);
                        if d == Some(Decoration::Volatile.0) || d == Some(Decoration::Coherent.0) {
                            unsafe_pointers.insert(*target);
                        }
                    }
                }
                Op::GroupDecorate | Op::GroupMemberDecorate => {
                    // Group decorations are not inspected: every target is treated as decorated
                    // and, conservatively, as possibly volatile.
                    for op in inst.operands.iter().skip(1) {
                        if let Operand::Id(target) = op {
                            decorated.insert(*target);
                            unsafe_pointers.insert(*target);
                        }
                    }
                }
                Op::TypePointer | Op::TypeUntypedPointerKHR => {
                    if let Some(id) = inst.result_id {
                        pointer_types.insert(id);
                    }
                }
                _ => {}
            }
        }
        Box::new(Numbering {
            decorated,
            // (Asked once: `IdSet::is_empty` reads the whole set.)
            any_unsafe: !unsafe_pointers.is_empty(),
            unsafe_pointers,
            pointer_types,
            memory: MemoryFacts::new(module),
        })
    }
}

/// What value numbering reads of the module: decorated ids, the pointers decorated Volatile
/// or Coherent, the pointer types, and the memory facts.
struct Numbering {
    decorated: IdSet,
    unsafe_pointers: IdSet,
    any_unsafe: bool,
    pointer_types: IdSet,
    memory: MemoryFacts,
}

impl FunctionWork for Numbering {
    fn run(&self, f: &mut Function, removed: &mut Vec<Id>) -> bool {
        // A function's pointers derive from its own values and module-scope ones, so the
        // unsafe pointers are followed through this function alone (only when there are any).
        let local;
        let unsafe_pointers = if !self.any_unsafe {
            &self.unsafe_pointers
        } else {
            let mut set = self.unsafe_pointers.clone();
            propagate_unsafe_pointers(f, &self.pointer_types, &mut set);
            local = set;
            &local
        };
        let mut replaced = Vec::new();
        let roots = self.memory.roots(f);
        number_blocks(
            f,
            &self.decorated,
            unsafe_pointers,
            &self.memory,
            &roots,
            &mut replaced,
        );
        if replaced.is_empty() {
            return false;
        }
        let map: FxHashMap<Id, Id> = replaced.iter().copied().collect();
        for inst in f.instructions_mut() {
            for op in inst.operands.iter_mut() {
                if let Operand::Id(id) = op {
                    if let Some(&leader) = map.get(id) {
                        *id = leader;
                    }
                }
            }
        }
        removed.extend(replaced.iter().map(|(gone, _)| *gone));
        true
    }
}

fn propagate_unsafe_pointers(f: &Function, pointer_types: &IdSet, unsafe_pointers: &mut IdSet) {
    if unsafe_pointers.is_empty() {
        return;
    }
    loop {
        let mut grew = false;
        for inst in f.instructions() {
            let (Some(r), Some(t)) = (inst.result_id, inst.result_type) else {
                continue;
            };
            if pointer_types.contains(t)
                && !unsafe_pointers.contains(r)
                && inst.used_ids().any(|id| unsafe_pointers.contains(id))
            {
                unsafe_pointers.insert(r);
                grew = true;
            }
        }
        if !grew {
            return;
        }
    }
}

/// Which memory loads read: root variables, their storage classes, and the extended
/// instruction sets whose instructions write no memory.
struct MemoryFacts {
    /// Module-scope variable → storage class.
    globals: FxHashMap<Id, u32>,
    /// Uniform-class variables are read-only (no BufferBlock in the module).
    uniform_read_only: bool,
    glsl: IdSet,
}

impl MemoryFacts {
    fn new(module: &Module) -> Self {
        let mut globals = FxHashMap::default();
        let mut uniform_read_only = true;
        for inst in &module.globals {
            match inst.opcode {
                Op::Variable => {
                    if let (Some(id), Some(Operand::Word(class))) =
                        (inst.result_id, inst.operands.first())
                    {
                        globals.insert(id, *class);
                    }
                }
                Op::Decorate
                    if inst.operands.get(1) == Some(&Operand::Word(Decoration::BufferBlock.0)) =>
                {
                    uniform_read_only = false;
                }
                _ => {}
            }
        }
        MemoryFacts {
            globals,
            uniform_read_only,
            glsl: crate::util::ext_inst_sets_where(module, |name| name == "GLSL.std.450"),
        }
    }

    /// Pointer → root variable, for the pointers of `f` derived from one by access chains
    /// and copies (definitions come before uses in block order).
    fn roots(&self, f: &Function) -> FxHashMap<Id, Id> {
        let mut roots: FxHashMap<Id, Id> = self.globals.keys().map(|&g| (g, g)).collect();
        for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
            let Some(r) = inst.result_id else { continue };
            match inst.opcode {
                Op::Variable => {
                    roots.insert(r, r);
                }
                Op::AccessChain
                | Op::InBoundsAccessChain
                | Op::PtrAccessChain
                | Op::InBoundsPtrAccessChain
                | Op::CopyObject => {
                    if let Some(&root) = inst
                        .operands
                        .first()
                        .and_then(Operand::id)
                        .and_then(|b| roots.get(&b))
                    {
                        roots.insert(r, root);
                    }
                }
                _ => {}
            }
        }
        roots
    }

    fn read_only(&self, root: Id) -> bool {
        match self.globals.get(&root) {
            Some(&c) if c == StorageClass::Uniform.0 => self.uniform_read_only,
            Some(&c) => {
                c == StorageClass::Input.0
                    || c == StorageClass::UniformConstant.0
                    || c == StorageClass::PushConstant.0
            }
            None => false,
        }
    }

    fn writes_no_memory(&self, inst: &Instruction) -> bool {
        is_pure_glsl(inst, &self.glsl)
    }
}

fn is_commutative(op: Op) -> bool {
    matches!(
        op,
        Op::IAdd
            | Op::IMul
            | Op::FAdd
            | Op::FMul
            | Op::BitwiseAnd
            | Op::BitwiseOr
            | Op::BitwiseXor
            | Op::LogicalAnd
            | Op::LogicalOr
            | Op::LogicalEqual
            | Op::LogicalNotEqual
            | Op::IEqual
            | Op::INotEqual
            | Op::FOrdEqual
            | Op::FUnordEqual
            | Op::FOrdNotEqual
            | Op::FUnordNotEqual
    )
}

/// The value-numbering key of a pure instruction (commutative operands sorted); inline, so
/// numbering allocates nothing per instruction.
type Key = (u16, Option<Id>, SmallVec<[Operand; 4]>);

/// The key of the common pure instruction, without hashing an operand list: at most three
/// operands, each an id (tag 1) or a literal word (tag 2), commutative operands sorted. An
/// instruction has this key exactly when it has no string operand and at most three
/// operands, so two instructions are equal under it exactly when their [`Key`]s are.
#[derive(Clone, Copy, PartialEq, Eq)]
struct SmallKey {
    opcode: u16,
    len: u8,
    result_type: Option<Id>,
    operands: [u64; 3],
}

/// Four words per key (the derived hash writes each field and the array's length apart).
impl std::hash::Hash for SmallKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let ty = self.result_type.map_or(0, |t| u64::from(t.0) + 1);
        state.write_u64(u64::from(self.opcode) | u64::from(self.len) << 16 | ty << 24);
        for w in self.operands {
            state.write_u64(w);
        }
    }
}

fn small_key(inst: &Instruction) -> Option<SmallKey> {
    if inst.operands.len() > 3 {
        return None;
    }
    let mut operands = [0u64; 3];
    for (slot, op) in operands.iter_mut().zip(&inst.operands) {
        *slot = match op {
            Operand::Id(id) => (1 << 32) | u64::from(id.0),
            Operand::Word(w) => (2 << 32) | u64::from(*w),
            Operand::String(_) => return None,
        };
    }
    if is_commutative(inst.opcode) && inst.operands.len() == 2 && operands[1] < operands[0] {
        // Both ids (the same tag): the smaller id first, as `key` orders them.
        if operands[0] >> 32 == 1 && operands[1] >> 32 == 1 {
            operands.swap(0, 1);
        }
    }
    Some(SmallKey {
        opcode: inst.opcode.0,
        len: inst.operands.len() as u8,
        result_type: inst.result_type,
        operands,
    })
}

fn key(inst: &Instruction) -> Key {
    let mut operands: SmallVec<[Operand; 4]> = inst.operands.iter().cloned().collect();
    if is_commutative(inst.opcode) && operands.len() == 2 {
        if let (Operand::Id(a), Operand::Id(b)) = (&operands[0], &operands[1]) {
            if b < a {
                operands.swap(0, 1);
            }
        }
    }
    (inst.opcode.0, inst.result_type, operands)
}

/// A load that may be merged with an earlier load of the same pointer: no memory operands
/// beyond Aligned, pointer not volatile/coherent.
fn mergeable_load(inst: &Instruction, unsafe_pointers: &IdSet) -> Option<Id> {
    let ptr = inst.operands.first()?.id()?;
    if unsafe_pointers.contains(ptr) {
        return None;
    }
    match inst.operands.get(1).and_then(Operand::word) {
        None => Some(ptr),
        Some(m) if m == MemoryAccess::Aligned.0 && inst.operands.len() == 3 => Some(ptr),
        Some(_) => None,
    }
}

/// Value-numbers each block of `f`, removing redundant instructions; pushes
/// (removed result, leader) pairs.
fn number_blocks(
    f: &mut Function,
    decorated: &IdSet,
    unsafe_pointers: &IdSet,
    memory: &MemoryFacts,
    roots: &FxHashMap<Id, Id>,
    replaced: &mut Vec<(Id, Id)>,
) {
    // Sized for the longest block once (the tables are cleared per block, not shrunk).
    let widest = f
        .blocks
        .iter()
        .map(|b| b.instructions.len())
        .max()
        .unwrap_or(0);
    let mut small_values: FxHashMap<SmallKey, Id> =
        FxHashMap::with_capacity_and_hasher(widest, Default::default());
    let mut values: FxHashMap<Key, Id> = FxHashMap::default();
    let mut loads: FxHashMap<(Id, Option<Id>), Id> = FxHashMap::default();
    // What a write may end: loads of its root and of unknown roots (None: every load of
    // writable memory).
    let forget = |loads: &mut FxHashMap<(Id, Option<Id>), Id>, written: Option<Id>| {
        loads.retain(|(ptr, _), _| {
            let root = roots.get(ptr).copied();
            match root {
                Some(r) if memory.read_only(r) => true,
                Some(r) => written.is_some_and(|w| w != r),
                None => false,
            }
        });
    };
    let mut map: FxHashMap<Id, Id> = FxHashMap::default();
    for block in &mut f.blocks {
        small_values.clear();
        values.clear();
        loads.clear();
        block.instructions.retain_mut(|inst| {
            // Earlier replacements in this block feed later keys.
            if !map.is_empty() {
                for op in inst.operands.iter_mut() {
                    if let Operand::Id(id) = op {
                        if let Some(&leader) = map.get(id) {
                            *id = leader;
                        }
                    }
                }
            }
            let Some(result) = inst.result_id else {
                if inst.opcode == Op::Store {
                    let written = inst.operands.first().and_then(Operand::id);
                    forget(&mut loads, written.and_then(|p| roots.get(&p).copied()));
                } else if !is_pure(inst) {
                    forget(&mut loads, None);
                }
                return true;
            };
            if inst.opcode == Op::Load {
                let Some(ptr) = mergeable_load(inst, unsafe_pointers) else {
                    return true;
                };
                if decorated.contains(result) {
                    return true;
                }
                return match loads.get(&(ptr, inst.result_type)) {
                    Some(&leader) => {
                        map.insert(result, leader);
                        replaced.push((result, leader));
                        false
                    }
                    None => {
                        loads.insert((ptr, inst.result_type), result);
                        true
                    }
                };
            }
            if !is_pure(inst) {
                if !memory.writes_no_memory(inst) {
                    forget(&mut loads, None);
                }
                return true;
            }
            if matches!(inst.opcode, Op::Phi | Op::Undef) || decorated.contains(result) {
                return true;
            }
            let leader = match small_key(inst) {
                Some(k) => match small_values.entry(k) {
                    Entry::Occupied(leader) => Some(*leader.get()),
                    Entry::Vacant(slot) => {
                        slot.insert(result);
                        None
                    }
                },
                None => match values.entry(key(inst)) {
                    Entry::Occupied(leader) => Some(*leader.get()),
                    Entry::Vacant(slot) => {
                        slot.insert(result);
                        None
                    }
                },
            };
            match leader {
                Some(leader) => {
                    map.insert(result, leader);
                    replaced.push((result, leader));
                    false
                }
                None => true,
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    const KERNEL_HEAD: &str = r#"
OpCapability Kernel
OpCapability Addresses
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k" %gid
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %gid Constant
OpDecorate %vol Volatile
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%v3 = OpTypeVector %ulong 3
%pin = OpTypePointer Input %v3
%gid = OpVariable %pin Input
%gptr = OpTypePointer CrossWorkgroup %uint
%c1 = OpConstant %uint 1
%fn = OpTypeFunction %void %gptr %gptr
%k = OpFunction %void None %fn
%out = OpFunctionParameter %gptr
%vol = OpFunctionParameter %gptr
%l = OpLabel
"#;

    fn run(body: &str) -> String {
        let src = format!("{KERNEL_HEAD}{body}OpReturn\nOpFunctionEnd\n");
        disassemble(&run_pass(&super::RedundancyElimination, &assemble(&src)))
    }

    #[test]
    fn repeated_builtin_loads_and_pure_code_are_merged_in_a_block() {
        let text = run(r#"
%a = OpLoad %v3 %gid
%x = OpCompositeExtract %ulong %a 0
%b = OpLoad %v3 %gid
%y = OpCompositeExtract %ulong %b 0
%s1 = OpIAdd %ulong %x %x
%s2 = OpIAdd %ulong %y %y
%p = OpInBoundsPtrAccessChain %gptr %out %s1
%q = OpInBoundsPtrAccessChain %gptr %out %s2
OpStore %p %c1
OpStore %q %c1
"#);
        assert_eq!(text.matches("OpLoad").count(), 1, "{text}");
        assert_eq!(text.matches("OpCompositeExtract").count(), 1, "{text}");
        assert_eq!(text.matches("OpIAdd").count(), 1, "{text}");
        assert_eq!(
            text.matches("OpInBoundsPtrAccessChain").count(),
            1,
            "{text}"
        );
        assert_eq!(text.matches("OpStore").count(), 2, "{text}");
    }

    #[test]
    fn commutative_operands_match_in_either_order() {
        let text = run(r#"
%a = OpLoad %uint %out
%m1 = OpIMul %uint %a %c1
%m2 = OpIMul %uint %c1 %a
%d = OpISub %uint %m1 %a
%e = OpISub %uint %a %m2
OpStore %out %d
OpStore %out %e
"#);
        assert_eq!(text.matches("OpIMul").count(), 1, "{text}");
        // ISub is not commutative: both stay.
        assert_eq!(text.matches("OpISub").count(), 2, "{text}");
    }

    #[test]
    fn a_store_between_loads_keeps_both_and_volatile_loads_stay() {
        let text = run(r#"
%a = OpLoad %uint %out
OpStore %out %c1
%b = OpLoad %uint %out
%s = OpIAdd %uint %a %b
%v1 = OpLoad %uint %vol
%v2 = OpLoad %uint %vol
%t = OpIAdd %uint %v1 %v2
%w1 = OpLoad %uint %out Volatile
%w2 = OpLoad %uint %out Volatile
%u = OpIAdd %uint %w1 %w2
OpStore %out %s
OpStore %out %t
OpStore %out %u
"#);
        assert_eq!(text.matches("OpLoad").count(), 6, "{text}");
    }

    #[test]
    fn nothing_is_shared_across_blocks_in_shaders() {
        let src = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %a "a"
OpName %s "s"
OpDecorate %nc NoContraction
%void = OpTypeVoid
%float = OpTypeFloat 32
%pf = OpTypePointer Function %float
%c2 = OpConstant %float 2
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
%v = OpVariable %pf Function
%x = OpLoad %float %v
%a = OpFMul %float %x %c2
%nc = OpFMul %float %x %c2
%b = OpFMul %float %c2 %x
%s = OpFAdd %float %a %b
%t = OpFAdd %float %s %nc
OpStore %v %t
OpBranch %next
%next = OpLabel
%y = OpLoad %float %v
%c = OpFMul %float %y %c2
%d = OpFMul %float %y %c2
%e = OpFAdd %float %c %d
OpStore %v %e
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::RedundancyElimination, &assemble(src)));
        // First block: %a and %b merge, %nc (decorated) stays; second block: %c and %d merge.
        assert_eq!(text.matches("OpFMul").count(), 3, "{text}");
        assert_eq!(text.matches("OpLoad").count(), 2, "{text}");
        assert!(text.contains("%s = OpFAdd %float %a %a"), "{text}");
    }
    #[test]
    fn stores_end_only_loads_of_their_own_root_and_read_only_loads_survive() {
        let src = r#"
OpCapability Shader
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %in %o1 %o2 %priv
OpExecutionMode %main OriginUpperLeft
OpName %a "a"
OpName %p "p"
OpDecorate %in Location 0
OpDecorate %o1 Location 0
OpDecorate %o2 Location 1
%void = OpTypeVoid
%float = OpTypeFloat 32
%pin = OpTypePointer Input %float
%pout = OpTypePointer Output %float
%pp = OpTypePointer Private %float
%in = OpVariable %pin Input
%o1 = OpVariable %pout Output
%o2 = OpVariable %pout Output
%priv = OpVariable %pp Private
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
%a = OpLoad %float %in
%s = OpExtInst %float %glsl Sin %a
OpStore %o1 %s
%b = OpLoad %float %in
OpStore %priv %b
%p = OpLoad %float %priv
OpStore %o2 %p
%q = OpLoad %float %priv
OpStore %priv %a
%r = OpLoad %float %priv
%t = OpFAdd %float %q %r
%u = OpFAdd %float %t %b
OpStore %o1 %u
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::RedundancyElimination, &assemble(src)));
        // %b merges into %a across the Sin and the Output store; %q into %p across the store
        // to another variable; %r stays (its own root was written).
        assert!(text.contains("OpFAdd %float %p %"), "{text}");
        assert!(
            text.contains("OpFAdd %float %22 %a") || text.matches("OpLoad").count() == 3,
            "{text}"
        );
        assert_eq!(text.matches("OpLoad").count(), 3, "{text}");
    }
}
