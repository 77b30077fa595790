//! `--vector-dce`: liveness per vector component (spirv-opt's VectorDCE). Every instruction
//! that is not a side-effect-free instruction with a scalar or vector result needs all of its
//! operands; from there liveness flows back through extracts (one component), inserts (the
//! inserted component to the object, the others to the composite), shuffles (the selected
//! components), constructs (component ranges) and component-wise instructions (arithmetic,
//! conversions other than bitcasts, comparisons, logic, select, phi, copies: the same
//! components). Then a side-effect-free instruction none of whose components are live becomes
//! OpUndef for its users, an insert whose component is dead is replaced by its composite, and
//! an insert whose other components are all dead takes OpUndef as its composite.
//! Works the same on Kernel and Shader modules (it touches no memory).

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::passes::eliminate_dead_code::is_pure;
use crate::passes::local_vars::Replacements;
use crate::passes::opcode_classes::is_component_wise;
use crate::util::{remove_references_to, IdSet, LocalIdMap};
use rayon::prelude::*;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::Op;
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct VectorDce;

/// Functions whose liveness is found in parallel before their rewrites run.
const LIVENESS_BATCH: usize = 256;

/// Live components, one bit each; vectors wider than 64 components are not tracked.
type Mask = u64;

/// What the pass knows about a value type.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Scalar,
    Vector(u32),
}

impl Shape {
    fn all(self) -> Mask {
        match self {
            Shape::Scalar => 1,
            Shape::Vector(n) if n >= 64 => Mask::MAX,
            Shape::Vector(n) => (1 << n) - 1,
        }
    }
}

struct Context {
    /// Type id → shape, for bool/int/float scalars and vectors of them.
    shapes: Shapes,
    /// Value id → its type id for module-scope values (a function's own values get their
    /// shapes from `tracked`, its parameters from their instructions).
    value_types: crate::util::ValueTypes,
    /// OpUndef per type (existing or created).
    undefs: FxHashMap<Id, Id>,
    new_globals: Vec<Instruction>,
    next_id: u32,
}

/// Type id → shape, dense over the ids up to the largest such type (looked up for every
/// instruction: no hashing).
#[derive(Default)]
struct Shapes(Vec<Option<Shape>>);

impl Shapes {
    fn get(&self, ty: &Id) -> Option<&Shape> {
        self.0.get(ty.0 as usize)?.as_ref()
    }

    fn contains_key(&self, ty: &Id) -> bool {
        self.get(ty).is_some()
    }

    fn insert(&mut self, ty: Id, shape: Shape) {
        let i = ty.0 as usize;
        if i >= self.0.len() {
            self.0.resize(i + 1, None);
        }
        self.0[i] = Some(shape);
    }
}

impl Context {
    fn shape_of(&self, value: Id) -> Option<Shape> {
        self.shapes.get(self.value_types.get(&value)?).copied()
    }

    fn undef(&mut self, ty: Id) -> Id {
        if let Some(&u) = self.undefs.get(&ty) {
            return u;
        }
        let id = Id(self.next_id);
        self.next_id += 1;
        self.new_globals
            .push(Instruction::new(Op::Undef, Some(ty), Some(id), []));
        self.undefs.insert(ty, id);
        id
    }
}

impl Pass for VectorDce {
    fn name(&self) -> &'static str {
        "vector-dce"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let mut cx = Context {
            shapes: Shapes::default(),
            value_types: crate::util::ValueTypes::of_globals(module),
            undefs: FxHashMap::default(),
            new_globals: Vec::new(),
            next_id: module.header.bound,
        };
        for inst in &module.globals {
            let Some(id) = inst.result_id else { continue };
            match inst.opcode {
                Op::TypeBool | Op::TypeInt | Op::TypeFloat => {
                    cx.shapes.insert(id, Shape::Scalar);
                }
                Op::TypeVector => {
                    let component = inst.operands.first().and_then(Operand::id);
                    let count = inst.operands.get(1).and_then(Operand::word);
                    if let (Some(c), Some(n)) = (component, count) {
                        if cx.shapes.get(&c) == Some(&Shape::Scalar) && n <= 64 {
                            cx.shapes.insert(id, Shape::Vector(n));
                        }
                    }
                }
                Op::Undef => {
                    if let Some(t) = inst.result_type {
                        cx.undefs.entry(t).or_insert(id);
                    }
                }
                _ => {}
            }
        }
        let mut removed = IdSet::new(module.header.bound);
        let mut changed = false;
        // Liveness only reads: found for a batch of functions in parallel; the rewrites
        // (which allocate OpUndef ids) then run in function order. Batches bound the memory
        // the liveness tables take at once.
        for batch in module.functions.chunks_mut(LIVENESS_BATCH) {
            let live: Vec<Option<LocalIdMap<Mask>>> = batch
                .par_iter()
                .map(|f| {
                    (!f.blocks.is_empty() && !nothing_to_do(f, &cx))
                        .then(|| find_live_components(f, &cx))
                })
                .collect();
            for (f, live) in batch.iter_mut().zip(live) {
                if let Some(live) = live {
                    changed |= rewrite(f, &live, &mut cx, &mut removed);
                }
            }
        }
        if changed {
            module.globals.append(&mut cx.new_globals);
            module.header.bound = cx.next_id;
            remove_references_to(module, &removed);
        }
        Ok(Changed::from_bool(changed))
    }
}

/// Whether the pass certainly leaves `f` as it is, found without the liveness tables: with no
/// value of vector shape every liveness mask is all or nothing, so this is plain liveness
/// ([`crate::util::nothing_dead`]).
fn nothing_to_do(f: &Function, cx: &Context) -> bool {
    let shape = |inst: &Instruction| inst.result_type.and_then(|t| cx.shapes.get(&t));
    let vectors = f
        .blocks
        .iter()
        .flat_map(|b| &b.instructions)
        .any(|inst| matches!(shape(inst), Some(Shape::Vector(_))));
    !vectors
        && crate::util::nothing_dead(f, |inst| {
            inst.result_id.is_some() && shape(inst).is_some() && is_pure(inst)
        })
}

/// The values of a function the pass tracks: result id → (instruction, shape).
fn tracked<'f>(f: &'f Function, cx: &Context) -> LocalIdMap<(&'f Instruction, Shape)> {
    let mut values = LocalIdMap::for_function(f);
    for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
        let (Some(r), Some(ty)) = (inst.result_id, inst.result_type) else {
            continue;
        };
        if let Some(&shape) = cx.shapes.get(&ty) {
            values.insert(r, (inst, shape));
        }
    }
    values
}

/// Result id → live components, for every tracked value something reaches.
fn find_live_components(f: &Function, cx: &Context) -> LocalIdMap<Mask> {
    let values = tracked(f, cx);
    let parameters: Vec<(Id, Shape)> = f
        .parameters
        .iter()
        .filter_map(|p| Some((p.result_id?, *cx.shapes.get(&p.result_type?)?)))
        .collect();
    // The shape of any value the function uses: its own, a parameter, or module-scope.
    let shape_of = |id: Id| match values.get(&id) {
        Some(&(_, shape)) => Some(shape),
        None => parameters
            .iter()
            .find(|(p, _)| *p == id)
            .map(|&(_, shape)| shape)
            .or_else(|| cx.shape_of(id)),
    };
    let mut live: LocalIdMap<Mask> = LocalIdMap::for_function(f);
    let mut work: Vec<Id> = Vec::new();
    let mark = |id: Id, mask: Mask, live: &mut LocalIdMap<Mask>, work: &mut Vec<Id>| {
        let Some(&(_, shape)) = values.get(&id) else {
            return;
        };
        let mask = mask & shape.all();
        match live.get_mut(&id) {
            Some(old) if *old | mask == *old => {}
            Some(old) => {
                *old |= mask;
                work.push(id);
            }
            None => {
                live.insert(id, mask);
                work.push(id);
            }
        }
    };
    // Roots: everything that is not a side-effect-free scalar/vector computation.
    for inst in f.instructions() {
        let is_tracked_value = inst.result_id.is_some_and(|r| values.contains_key(&r));
        if is_tracked_value && is_pure(inst) {
            continue;
        }
        for id in inst.operands.iter().filter_map(Operand::id) {
            mark(id, Mask::MAX, &mut live, &mut work);
        }
    }
    while let Some(id) = work.pop() {
        let (Some(&(inst, _)), Some(&mask)) = (values.get(&id), live.get(&id)) else {
            continue;
        };
        if mask == 0 {
            continue;
        }
        let op_id = |k: usize| inst.operands.get(k).and_then(Operand::id);
        let word = |k: usize| inst.operands.get(k).and_then(Operand::word);
        match inst.opcode {
            Op::CompositeExtract => {
                if let (Some(c), Some(i)) = (op_id(0), word(1)) {
                    if matches!(shape_of(c), Some(Shape::Vector(_))) && i < 64 {
                        mark(c, 1 << i, &mut live, &mut work);
                    }
                }
            }
            Op::CompositeInsert if inst.operands.len() == 3 => {
                let (Some(object), Some(composite), Some(i)) = (op_id(0), op_id(1), word(2)) else {
                    continue;
                };
                let bit = if i < 64 { 1 << i } else { 0 };
                mark(composite, mask & !bit, &mut live, &mut work);
                if mask & bit != 0 {
                    mark(object, Mask::MAX, &mut live, &mut work);
                }
            }
            Op::VectorShuffle => {
                let (Some(a), Some(b)) = (op_id(0), op_id(1)) else {
                    continue;
                };
                let Some(Shape::Vector(first)) = shape_of(a) else {
                    // Operands not tracked here: they are needed whole.
                    mark(a, Mask::MAX, &mut live, &mut work);
                    mark(b, Mask::MAX, &mut live, &mut work);
                    continue;
                };
                let (mut ma, mut mb) = (0 as Mask, 0 as Mask);
                for (k, sel) in inst.operands[2..].iter().enumerate() {
                    let Some(sel) = sel.word() else { continue };
                    if k >= 64 || mask & (1 << k) == 0 || sel == u32::MAX {
                        continue;
                    }
                    if sel < first {
                        ma |= 1 << sel.min(63);
                    } else if sel - first < 64 {
                        mb |= 1 << (sel - first);
                    }
                }
                mark(a, ma, &mut live, &mut work);
                mark(b, mb, &mut live, &mut work);
            }
            Op::CompositeConstruct => {
                let mut component = 0u32;
                for part in inst.operands.iter().filter_map(Operand::id) {
                    let width = match shape_of(part) {
                        Some(Shape::Vector(n)) => n,
                        // Scalars.
                        _ => 1,
                    };
                    let part_mask = if component >= 64 {
                        0
                    } else {
                        (mask >> component) & Shape::Vector(width).all()
                    };
                    let part_mask = match shape_of(part) {
                        Some(Shape::Vector(_)) => part_mask,
                        _ => Mask::from(part_mask != 0),
                    };
                    mark(part, part_mask, &mut live, &mut work);
                    component += width;
                }
            }
            op if is_component_wise(op) => {
                for part in inst.operands.iter().filter_map(Operand::id) {
                    match shape_of(part) {
                        Some(Shape::Vector(_)) => mark(part, mask, &mut live, &mut work),
                        _ => mark(part, Mask::MAX, &mut live, &mut work),
                    }
                }
            }
            _ => {
                for part in inst.operands.iter().filter_map(Operand::id) {
                    mark(part, Mask::MAX, &mut live, &mut work);
                }
            }
        }
    }
    live
}

fn rewrite(
    f: &mut Function,
    live: &LocalIdMap<Mask>,
    cx: &mut Context,
    removed: &mut IdSet,
) -> bool {
    let mut replacements = Replacements::default();
    let mut changed = false;
    for block in &mut f.blocks {
        block.instructions.retain_mut(|inst| {
            let (Some(r), Some(ty)) = (inst.result_id, inst.result_type) else {
                return true;
            };
            if !is_pure(inst) || !cx.shapes.contains_key(&ty) {
                return true;
            }
            // Not reached at all: only dead or bypassed instructions use it.
            let mask = live.get(&r).copied().unwrap_or(0);
            if mask == 0 {
                let undef = cx.undef(ty);
                replacements.insert(r, undef);
                removed.insert(r);
                changed = true;
                return false;
            }
            if inst.opcode != Op::CompositeInsert || inst.operands.len() != 3 {
                return true;
            }
            let (Some(Operand::Id(composite)), Some(Operand::Word(i))) =
                (inst.operands.get(1), inst.operands.get(2))
            else {
                return true;
            };
            let bit = if *i < 64 { 1 << i } else { 0 };
            if mask & bit == 0 {
                replacements.insert(r, *composite);
                removed.insert(r);
                changed = true;
                return false;
            }
            // Only a value of this function can die for it; a constant would just gain an undef.
            if mask & !bit == 0 && live.contains_key(composite) {
                let undef = cx.undef(ty);
                if *composite != undef {
                    inst.operands[1] = Operand::Id(undef);
                    changed = true;
                }
            }
            true
        });
    }
    replacements.apply(f);
    changed
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, named, run_pass};

    const HEAD: &str = r#"OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %out
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %buf Block
OpMemberDecorate %buf 0 Offset 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 0
%void = OpTypeVoid
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%buf = OpTypeStruct %v4
%pbuf = OpTypePointer StorageBuffer %buf
%out = OpVariable %pbuf StorageBuffer
%pout = OpTypePointer StorageBuffer %v4
%ps = OpTypePointer StorageBuffer %float
%uint_0 = OpConstant %uint 0
%f1 = OpConstant %float 1
%f2 = OpConstant %float 2
%c1 = OpConstantComposite %v4 %f1 %f1 %f1 %f1
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%o = OpAccessChain %pout %out %uint_0
%x = OpAccessChain %ps %out %uint_0 %uint_0
%in = OpLoad %v4 %o
%s = OpLoad %float %x
"#;

    fn run(body: &str) -> String {
        let src = format!("{HEAD}{body}OpReturn\nOpFunctionEnd\n");
        disassemble(&run_pass(&super::VectorDce, &assemble(&named(&src))))
    }

    #[test]
    fn an_insert_of_a_component_nobody_reads_is_bypassed() {
        let text = run(r#"
%a = OpCompositeInsert %v4 %s %in 3
%m = OpFMul %v4 %a %a
%e = OpCompositeExtract %float %m 0
OpStore %x %e
"#);
        assert!(!text.contains("OpCompositeInsert"), "{text}");
        assert!(text.contains("OpFMul %v4 %in %in"), "{text}");
    }

    #[test]
    fn an_insert_over_dead_components_takes_undef_and_live_ones_stay() {
        let text = run(r#"
%a = OpFAdd %v4 %in %c1
%b = OpCompositeInsert %v4 %s %a 1
%e = OpCompositeExtract %float %b 1
OpStore %x %e
%k = OpCompositeInsert %v4 %s %in 2
OpStore %o %k
"#);
        // %a is read only in component 1, which the insert overwrites: it goes.
        assert!(!text.contains("OpFAdd"), "{text}");
        assert!(text.contains("OpUndef %v4"), "{text}");
        assert!(text.contains("%b = OpCompositeInsert %v4 %s %"), "{text}");
        assert!(
            text.contains("%k = OpCompositeInsert %v4 %s %in 2"),
            "{text}"
        );
    }

    #[test]
    fn shuffles_and_constructs_map_components() {
        let text = run(r#"
%n = OpFNegate %v4 %in
%p = OpFAdd %v4 %in %c1
%sh = OpVectorShuffle %v4 %n %p 0 1 4 5
%lo = OpVectorShuffle %v2 %sh %sh 0 1
%w = OpCompositeConstruct %v4 %lo %s %s
%e0 = OpCompositeExtract %float %w 0
%e3 = OpCompositeExtract %float %w 3
%sum = OpFAdd %float %e0 %e3
OpStore %x %sum
"#);
        // Only the first shuffle's components 0 and 1 (from %n) are read: %p is dead.
        assert!(!text.contains("OpFAdd %v4"), "{text}");
        assert!(text.contains("OpFNegate %v4 %in"), "{text}");
    }

    #[test]
    fn kernel_vectors_and_phis_are_handled() {
        let src = r#"OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%v4 = OpTypeVector %uint 4
%gp = OpTypePointer CrossWorkgroup %uint
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%fn = OpTypeFunction %void %gp %uint %bool
%k = OpFunction %void None %fn
%g = OpFunctionParameter %gp
%a = OpFunctionParameter %uint
%cond = OpFunctionParameter %bool
%l = OpLabel
%v = OpCompositeConstruct %v4 %a %a %a %a
%dead = OpIMul %uint %a %a
%i = OpCompositeInsert %v4 %dead %v 2
OpBranch %loop
%loop = OpLabel
%phi = OpPhi %v4 %i %l %next %loop
%next = OpIAdd %v4 %phi %v
OpLoopMerge %exit %loop None
OpBranchConditional %cond %loop %exit
%exit = OpLabel
%e = OpCompositeExtract %uint %next 0
OpStore %g %e
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::VectorDce, &assemble(&named(src))));
        // Component 2 never reaches the store, around the loop or not.
        assert!(!text.contains("OpIMul"), "{text}");
        assert!(!text.contains("OpCompositeInsert"), "{text}");
        assert!(text.contains("OpPhi %v4 %v %l %next %loop"), "{text}");
    }

    /// Scalar code: a value used only by a dead one dies with it; a counter around a loop
    /// (the phi and its increment use each other) that nothing else reads dies too; values a
    /// store needs stay.
    #[test]
    fn scalar_chains_and_loop_cycles_nobody_reads_die() {
        let src = r#"OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%gp = OpTypePointer CrossWorkgroup %uint
%c1 = OpConstant %uint 1
%fn = OpTypeFunction %void %gp %uint %bool
%k = OpFunction %void None %fn
%g = OpFunctionParameter %gp
%a = OpFunctionParameter %uint
%cond = OpFunctionParameter %bool
%l = OpLabel
%used = OpIAdd %uint %a %c1
%first = OpIMul %uint %a %a
%second = OpISub %uint %first %c1
OpBranch %loop
%loop = OpLabel
%i = OpPhi %uint %a %l %n %loop
%n = OpIAdd %uint %i %c1
OpLoopMerge %exit %loop None
OpBranchConditional %cond %loop %exit
%exit = OpLabel
OpStore %g %used
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(&super::VectorDce, &assemble(&named(src))));
        for gone in ["OpIMul", "OpISub", "OpPhi"] {
            assert!(!text.contains(gone), "{gone}: {text}");
        }
        assert!(text.contains("%used = OpIAdd %uint %a %c1"), "{text}");
        // Without a loop and with every value used, nothing changes.
        let straight = src
            .replace("OpBranch %loop\n", "")
            .replace("%first = OpIMul %uint %a %a\n%second = OpISub %uint %first %c1\n", "")
            .replace(
                "%loop = OpLabel\n%i = OpPhi %uint %a %l %n %loop\n%n = OpIAdd %uint %i %c1\nOpLoopMerge %exit %loop None\nOpBranchConditional %cond %loop %exit\n%exit = OpLabel\n",
                "",
            );
        let words = assemble(&named(&straight));
        assert_eq!(run_pass(&super::VectorDce, &words), words);
    }
}
