//! `--lower-raw-access-chains` (spirvkit's own pass): every OpRawAccessChainNV
//! (SPV_NV_raw_access_chains) becomes ordinary accesses to the same buffer, so that modules
//! using the extension run on drivers without it. The byte address is
//! `Offset + Stride × Index` (32-bit unsigned arithmetic; overflow is implementation-defined).
//!
//! - A buffer in StorageBuffer/Uniform (a Block/BufferBlock variable, or an element of an array
//!   of them) is read and written through a *component view*: a runtime array of the accessed
//!   component type `C` (ArrayStride = size of `C`), so each component of the loaded/stored
//!   scalar or vector is one element `address / size(C) + c`. For a typed buffer the view is a
//!   second variable bound to the same descriptor (Vulkan allows descriptor aliasing; both are
//!   decorated Aliased when both stay in use); for an untyped buffer (an OpUntypedVariableKHR
//!   Base, SPV_KHR_untyped_pointers, which spirv-val accepts) it is the Base Type of an
//!   OpUntypedAccessChainKHR on the original pointer, no new variable. The load or
//!   store's Aligned operand (required by the extension, meaningless on logical pointers) goes.
//! - Robustness, as the extension defines it, against the buffer's runtime length (OpArrayLength
//!   / OpUntypedArrayLengthKHR of the view: whole components in the descriptor's range):
//!   RobustnessPerComponentNV checks each component, RobustnessPerElementNV checks the element
//!   `[Stride × Index, Stride × (Index + 1))` as a whole. Out-of-bounds loads read zero, stores
//!   are dropped. The guarded accesses live in small helper functions (one per buffer view,
//!   type, mode and memory operands) so no caller block is split.
//! - PhysicalStorageBuffer bases: pointer arithmetic (OpConvertPtrToU, add, OpConvertUToPtr;
//!   the Int64 capability is declared if missing).
//!
//! A chain whose base cannot be traced to a buffer variable (e.g. a function parameter) is left
//! unchanged; the RawAccessChainsNV capability and the extension go only when no chain is left.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::util::{remove_references_to, IdSet};
use spirvkit_core::builder::Builder;
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{Capability, Decoration, MemoryAccess, Op, StorageClass};
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct LowerRawAccessChains;

const PER_COMPONENT: u32 = 0x1;
const PER_ELEMENT: u32 = 0x2;
const EXTENSION: &str = "SPV_NV_raw_access_chains";

/// The buffer a chain addresses: a descriptor variable, optionally an element of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct BufferRef {
    var: Id,
    /// Index into an array of blocks (with its type), when the variable is one.
    element: Option<(Id, Id)>,
    storage_class: u32,
    /// The Block/BufferBlock struct the base points to.
    block: Id,
    /// The variable is an OpUntypedVariableKHR.
    untyped: bool,
}

#[derive(Clone, Copy, Debug)]
enum Target {
    Buffer(BufferRef),
    Physical,
}

/// One OpRawAccessChainNV to lower.
#[derive(Clone, Copy, Debug)]
struct Chain {
    base: Id,
    target: Target,
    stride: u32,
    index: Id,
    offset: Id,
    /// Index and Offset are declared unsigned (no cast needed).
    index_unsigned: bool,
    offset_unsigned: bool,
    robustness: u32,
    /// The pointee: component type, its size in bytes, the component count (1 for scalars).
    value_type: Id,
    component: Id,
    size: u32,
    count: u32,
}

/// Facts about the module's global instructions.
struct Globals {
    defs: FxHashMap<Id, Instruction>,
    /// Decorations (decoration, extra words) per target id.
    decorations: FxHashMap<Id, Vec<(u32, Vec<Operand>)>>,
}

impl Globals {
    fn new(module: &Module) -> Self {
        let mut defs = FxHashMap::default();
        let mut decorations: FxHashMap<Id, Vec<(u32, Vec<Operand>)>> = FxHashMap::default();
        for inst in &module.globals {
            match inst.opcode {
                Op::Decorate => {
                    if let (Some(Operand::Id(t)), Some(Operand::Word(d))) =
                        (inst.operands.first(), inst.operands.get(1))
                    {
                        decorations
                            .entry(*t)
                            .or_default()
                            .push((*d, inst.operands[2..].to_vec()));
                    }
                }
                _ => {
                    if let Some(id) = inst.result_id {
                        defs.insert(id, inst.clone());
                    }
                }
            }
        }
        Self { defs, decorations }
    }

    fn def(&self, id: Id) -> Option<&Instruction> {
        self.defs.get(&id)
    }

    fn id_operand(&self, id: Id, at: usize) -> Option<Id> {
        self.def(id)?.operands.get(at).and_then(Operand::id)
    }

    fn word_operand(&self, id: Id, at: usize) -> Option<u32> {
        self.def(id)?.operands.get(at).and_then(Operand::word)
    }

    fn decorated(&self, id: Id, decoration: Decoration) -> bool {
        self.decorations
            .get(&id)
            .is_some_and(|d| d.iter().any(|(k, _)| *k == decoration.0))
    }

    /// (storage class, pointee) of a pointer type.
    fn pointer(&self, ty: Id) -> Option<(u32, Id)> {
        let def = self.def(ty)?;
        (def.opcode == Op::TypePointer).then_some(())?;
        Some((self.word_operand(ty, 0)?, self.id_operand(ty, 1)?))
    }

    fn is_block(&self, ty: Id) -> bool {
        self.def(ty).is_some_and(|d| d.opcode == Op::TypeStruct)
            && (self.decorated(ty, Decoration::Block)
                || self.decorated(ty, Decoration::BufferBlock))
    }

    /// Component type, component size in bytes and count of a scalar or vector type.
    fn components(&self, ty: Id) -> Option<(Id, u32, u32)> {
        let def = self.def(ty)?;
        match def.opcode {
            Op::TypeInt | Op::TypeFloat => {
                let width = self.word_operand(ty, 0)?;
                matches!(width, 8 | 16 | 32 | 64).then_some((ty, width / 8, 1))
            }
            Op::TypeVector => {
                let c = self.id_operand(ty, 0)?;
                let (_, size, one) = self.components(c)?;
                (one == 1).then_some((c, size, self.word_operand(ty, 1)?))
            }
            _ => None,
        }
    }

    /// The value of an integer OpConstant, modulo 2^32.
    fn constant_u32(&self, id: Id) -> Option<u32> {
        let def = self.def(id)?;
        (def.opcode == Op::Constant).then_some(())?;
        self.word_operand(id, 0)
    }
}

/// Function-local pointer definitions: access chains (base, indexes) and types.
struct Locals {
    /// Access chain → (base, indexes, Base Type of an untyped chain).
    chains: FxHashMap<Id, (Id, Vec<Id>, Option<Id>)>,
    types: FxHashMap<Id, Id>,
}

impl Locals {
    fn new(function: &Function) -> Self {
        let mut chains = FxHashMap::default();
        let mut types = FxHashMap::default();
        for inst in function.instructions() {
            let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else {
                continue;
            };
            types.insert(id, ty);
            let skip = match inst.opcode {
                Op::AccessChain | Op::InBoundsAccessChain => 0,
                // Base Type first; it must be the variable's own data type (checked by
                // `target_of` through the variable).
                Op::UntypedAccessChainKHR | Op::UntypedInBoundsAccessChainKHR => 1,
                _ => continue,
            };
            let base_type = (skip == 1)
                .then(|| inst.operands.first().and_then(Operand::id))
                .flatten();
            let mut ids = inst.operands.iter().filter_map(Operand::id).skip(skip);
            if let Some(base) = ids.next() {
                chains.insert(id, (base, ids.collect(), base_type));
            }
        }
        Self { chains, types }
    }
}

/// Traces a chain's base to its buffer variable: the variable itself (a block, or the first
/// block of an array of them) or a one-index access chain into an array of blocks.
fn target_of(globals: &Globals, locals: &Locals, base: Id, base_type: Id) -> Option<Target> {
    let base_def = globals.def(base_type)?;
    let sc = match base_def.opcode {
        Op::TypePointer | Op::TypeUntypedPointerKHR => globals.word_operand(base_type, 0)?,
        _ => return None,
    };
    if sc == StorageClass::PhysicalStorageBuffer.0 && base_def.opcode == Op::TypePointer {
        return Some(Target::Physical);
    }
    if sc != StorageClass::StorageBuffer.0 && sc != StorageClass::Uniform.0 {
        return None;
    }
    // (data type, untyped) of a buffer variable.
    let var_data = |var: Id| {
        let def = globals.def(var)?;
        match def.opcode {
            Op::Variable => globals.pointer(def.result_type?).map(|(_, p)| (p, false)),
            Op::UntypedVariableKHR => def.operands.get(1).and_then(Operand::id).map(|d| (d, true)),
            _ => None,
        }
    };
    let block_of_array = |ty: Id| {
        let def = globals.def(ty)?;
        matches!(def.opcode, Op::TypeArray | Op::TypeRuntimeArray).then_some(())?;
        globals.id_operand(ty, 0).filter(|&b| globals.is_block(b))
    };
    let (var, element, block, untyped) = if let Some((data, untyped)) = var_data(base) {
        if globals.is_block(data) {
            (base, None, data, untyped)
        } else {
            // A pointer to an array of blocks addresses its first block.
            (base, Some(None), block_of_array(data)?, untyped)
        }
    } else {
        let (var, indexes, chain_type) = locals.chains.get(&base)?;
        let (data, untyped) = var_data(*var)?;
        if chain_type.is_some_and(|t| t != data) {
            return None;
        }
        let block = block_of_array(data)?;
        match indexes.as_slice() {
            [i] => (*var, Some(Some(*i)), block, untyped),
            _ => return None,
        }
    };
    let element = match element {
        None => None,
        Some(Some(i)) => {
            let ty = locals
                .types
                .get(&i)
                .copied()
                .or_else(|| globals.def(i).and_then(|d| d.result_type))?;
            Some((i, ty))
        }
        // Filled with a constant 0 by the caller (needs the builder).
        Some(None) => Some((Id(0), Id(0))),
    };
    Some(Target::Buffer(BufferRef {
        var,
        element,
        storage_class: sc,
        block,
        untyped,
    }))
}

/// The memory operands of a load/store without Aligned (meaningless on the logical pointers
/// the lowering makes).
fn without_aligned(operands: &[Operand]) -> Vec<Operand> {
    let Some(Operand::Word(mask)) = operands.first() else {
        return Vec::new();
    };
    let mut rest: Vec<Operand> = operands[1..].to_vec();
    let mut mask = *mask;
    if mask & MemoryAccess::Aligned.0 != 0 {
        mask &= !MemoryAccess::Aligned.0;
        if !rest.is_empty() {
            rest.remove(0);
        }
    }
    if mask == 0 && rest.is_empty() {
        return Vec::new();
    }
    let mut out = vec![Operand::Word(mask)];
    out.extend(rest);
    out
}

/// A component view of a buffer (per variable and component type).
#[derive(Clone, Copy)]
struct View {
    /// The view variable (typed modules) or None (untyped: the original pointer is used).
    var: Option<Id>,
    /// struct { C data[]; } with Block/BufferBlock.
    strukt: Id,
    stored: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct HelperKey {
    buffer: BufferRef,
    value_type: Id,
    robustness: u32,
    store: bool,
    stride: u32,
    memory: Vec<Operand>,
}

struct Lowering<'a> {
    globals: &'a Globals,
    b: Builder,
    u32_ty: Id,
    bool_ty: Id,
    views: FxHashMap<(Id, u32, Id), View>,
    view_structs: FxHashMap<(u32, Id), Id>,
    helpers: FxHashMap<HelperKey, Id>,
}

impl Lowering<'_> {
    fn constant(&mut self, value: u32) -> Id {
        let ty = self.u32_ty;
        self.b.constant_u32(ty, value)
    }

    fn view(&mut self, buffer: &BufferRef, component: Id, size: u32) -> View {
        let key = (buffer.var, buffer.storage_class, component);
        if let Some(v) = self.views.get(&key) {
            return *v;
        }
        let block_decoration = if buffer.storage_class == StorageClass::Uniform.0 {
            Decoration::BufferBlock
        } else {
            Decoration::Block
        };
        let strukt = match self.view_structs.get(&(buffer.storage_class, component)) {
            Some(&s) => s,
            None => {
                let array =
                    self.b
                        .unique_global(Op::TypeRuntimeArray, None, vec![Operand::Id(component)]);
                self.b
                    .decorate(array, Decoration::ArrayStride.0, &[Operand::Word(size)]);
                let s = self
                    .b
                    .unique_global(Op::TypeStruct, None, vec![Operand::Id(array)]);
                self.b.decorate(s, block_decoration.0, &[]);
                self.b.global(Instruction::new(
                    Op::MemberDecorate,
                    None,
                    None,
                    [
                        Operand::Id(s),
                        Operand::Word(0),
                        Operand::Word(Decoration::Offset.0),
                        Operand::Word(0),
                    ],
                ));
                self.view_structs
                    .insert((buffer.storage_class, component), s);
                s
            }
        };
        let var = if buffer.untyped {
            None
        } else {
            // Same shape as the original variable: a block, or an array of them.
            let original = self
                .globals
                .def(buffer.var)
                .and_then(|d| d.result_type)
                .and_then(|t| self.globals.pointer(t))
                .map(|(_, p)| p);
            let data = match original.and_then(|p| self.globals.def(p)) {
                Some(def) if def.opcode == Op::TypeArray => {
                    let len = def.operands.get(1).cloned().unwrap_or(Operand::Word(0));
                    self.b
                        .unique_global(Op::TypeArray, None, vec![Operand::Id(strukt), len])
                }
                Some(def) if def.opcode == Op::TypeRuntimeArray => {
                    self.b
                        .unique_global(Op::TypeRuntimeArray, None, vec![Operand::Id(strukt)])
                }
                _ => strukt,
            };
            let ptr = self.b.type_pointer(buffer.storage_class, data);
            let var = self.b.unique_global(
                Op::Variable,
                Some(ptr),
                vec![Operand::Word(buffer.storage_class)],
            );
            let copied = [
                Decoration::DescriptorSet,
                Decoration::Binding,
                Decoration::Coherent,
                Decoration::Volatile,
                Decoration::NonReadable,
                Decoration::NonWritable,
            ];
            if let Some(decorations) = self.globals.decorations.get(&buffer.var) {
                for (d, extra) in decorations {
                    if copied.iter().any(|c| c.0 == *d) {
                        self.b.decorate(var, *d, extra);
                    }
                }
            }
            Some(var)
        };
        let view = View {
            var,
            strukt,
            stored: false,
        };
        self.views.insert(key, view);
        view
    }

    /// A pointer to element `index` of the view, emitted into `out`.
    fn element_pointer(
        &mut self,
        out: &mut Vec<Instruction>,
        chain: &Chain,
        buffer: &BufferRef,
        element: Option<Id>,
        index: Id,
    ) -> Id {
        let view = self.view(buffer, chain.component, chain.size);
        let zero = self.constant(0);
        let id = self.b.alloc_id();
        match view.var {
            Some(var) => {
                let ptr = self.b.type_pointer(buffer.storage_class, chain.component);
                let mut ops = vec![Operand::Id(var)];
                ops.extend(element.map(Operand::Id));
                ops.extend([Operand::Id(zero), Operand::Id(index)]);
                out.push(Instruction::new(Op::AccessChain, Some(ptr), Some(id), ops));
            }
            None => {
                let base = self.original_base(out, buffer, element);
                let ptr = self.untyped_pointer(buffer.storage_class);
                out.push(Instruction::new(
                    Op::UntypedAccessChainKHR,
                    Some(ptr),
                    Some(id),
                    [
                        Operand::Id(view.strukt),
                        Operand::Id(base),
                        Operand::Id(zero),
                        Operand::Id(index),
                    ],
                ));
            }
        }
        id
    }

    /// The untyped buffer's block: the variable, or an OpUntypedAccessChainKHR to the element
    /// of an array of blocks (one index on the variable: the descriptor, as
    /// OpUntypedArrayLengthKHR wants it).
    fn original_base(
        &mut self,
        out: &mut Vec<Instruction>,
        buffer: &BufferRef,
        element: Option<Id>,
    ) -> Id {
        let Some(element) = element else {
            return buffer.var;
        };
        let data = self
            .globals
            .def(buffer.var)
            .and_then(|d| d.operands.get(1))
            .and_then(Operand::id)
            .unwrap_or(buffer.block);
        let untyped = self.untyped_pointer(buffer.storage_class);
        let id = self.b.alloc_id();
        out.push(Instruction::new(
            Op::UntypedAccessChainKHR,
            Some(untyped),
            Some(id),
            [
                Operand::Id(data),
                Operand::Id(buffer.var),
                Operand::Id(element),
            ],
        ));
        id
    }

    fn untyped_pointer(&mut self, storage_class: u32) -> Id {
        self.b.dedup_global(
            Op::TypeUntypedPointerKHR,
            None,
            vec![Operand::Word(storage_class)],
        )
    }

    /// The view's length in components.
    fn length(
        &mut self,
        out: &mut Vec<Instruction>,
        chain: &Chain,
        buffer: &BufferRef,
        element: Option<Id>,
    ) -> Id {
        let view = self.view(buffer, chain.component, chain.size);
        let id = self.b.alloc_id();
        let u32_ty = self.u32_ty;
        match view.var {
            Some(var) => {
                let base = match element {
                    None => var,
                    Some(e) => {
                        let ptr = self.b.type_pointer(buffer.storage_class, view.strukt);
                        let p = self.b.alloc_id();
                        out.push(Instruction::new(
                            Op::AccessChain,
                            Some(ptr),
                            Some(p),
                            [Operand::Id(var), Operand::Id(e)],
                        ));
                        p
                    }
                };
                out.push(Instruction::new(
                    Op::ArrayLength,
                    Some(u32_ty),
                    Some(id),
                    [Operand::Id(base), Operand::Word(0)],
                ));
            }
            None => {
                let base = self.original_base(out, buffer, element);
                out.push(Instruction::new(
                    Op::UntypedArrayLengthKHR,
                    Some(u32_ty),
                    Some(id),
                    [
                        Operand::Id(view.strukt),
                        Operand::Id(base),
                        Operand::Word(0),
                    ],
                ));
            }
        }
        id
    }

    fn binary(&mut self, out: &mut Vec<Instruction>, op: Op, ty: Id, a: Id, b: Id) -> Id {
        let id = self.b.alloc_id();
        out.push(Instruction::new(
            op,
            Some(ty),
            Some(id),
            [Operand::Id(a), Operand::Id(b)],
        ));
        id
    }

    /// `Offset + Stride × Index` in bytes.
    fn byte_address(&mut self, out: &mut Vec<Instruction>, chain: &Chain) -> Id {
        let u = self.u32_ty;
        let scaled = match chain.stride {
            0 => None,
            1 => Some(chain.index),
            s => {
                let c = self.constant(s);
                Some(self.binary(out, Op::IMul, u, chain.index, c))
            }
        };
        match scaled {
            None if chain.offset_unsigned => chain.offset,
            None => self.unsigned(out, chain.offset),
            Some(s) => self.binary(out, Op::IAdd, u, s, chain.offset),
        }
    }

    /// Element index of the first component in the view.
    fn first_element(&mut self, out: &mut Vec<Instruction>, chain: &Chain) -> Id {
        let address = self.byte_address(out, chain);
        if chain.size == 1 {
            return address;
        }
        let shift = self.constant(chain.size.trailing_zeros());
        let u = self.u32_ty;
        self.binary(out, Op::ShiftRightLogical, u, address, shift)
    }

    fn component_element(&mut self, out: &mut Vec<Instruction>, first: Id, c: u32) -> Id {
        if c == 0 {
            return first;
        }
        let k = self.constant(c);
        let u = self.u32_ty;
        self.binary(out, Op::IAdd, u, first, k)
    }

    /// Loads the components starting at element `first`; the value gets `result`.
    #[allow(clippy::too_many_arguments)]
    fn emit_load(
        &mut self,
        out: &mut Vec<Instruction>,
        chain: &Chain,
        buffer: &BufferRef,
        element: Option<Id>,
        first: Id,
        memory: &[Operand],
        result: Id,
    ) {
        let mut parts = Vec::with_capacity(chain.count as usize);
        for c in 0..chain.count {
            let e = self.component_element(out, first, c);
            let p = self.element_pointer(out, chain, buffer, element, e);
            let id = if chain.count == 1 {
                result
            } else {
                self.b.alloc_id()
            };
            let mut ops = vec![Operand::Id(p)];
            ops.extend_from_slice(memory);
            out.push(Instruction::new(
                Op::Load,
                Some(chain.component),
                Some(id),
                ops,
            ));
            parts.push(Operand::Id(id));
        }
        if chain.count > 1 {
            out.push(Instruction::new(
                Op::CompositeConstruct,
                Some(chain.value_type),
                Some(result),
                parts,
            ));
        }
    }

    fn component_of(&mut self, out: &mut Vec<Instruction>, chain: &Chain, value: Id, c: u32) -> Id {
        if chain.count == 1 {
            return value;
        }
        let id = self.b.alloc_id();
        out.push(Instruction::new(
            Op::CompositeExtract,
            Some(chain.component),
            Some(id),
            [Operand::Id(value), Operand::Word(c)],
        ));
        id
    }

    #[allow(clippy::too_many_arguments)]
    fn emit_store_component(
        &mut self,
        out: &mut Vec<Instruction>,
        chain: &Chain,
        buffer: &BufferRef,
        element: Option<Id>,
        e: Id,
        part: Id,
        memory: &[Operand],
    ) {
        let p = self.element_pointer(out, chain, buffer, element, e);
        let mut ops = vec![Operand::Id(p), Operand::Id(part)];
        ops.extend_from_slice(memory);
        out.push(Instruction::new(Op::Store, None, None, ops));
    }

    fn mark_stored(&mut self, buffer: &BufferRef, component: Id) {
        if let Some(v) = self
            .views
            .get_mut(&(buffer.var, buffer.storage_class, component))
        {
            v.stored = true;
        }
    }

    /// The guarded helper for a robust access: `C`-typed value or void; parameters
    /// (first element, [Index], [value], [array element]).
    fn helper(&mut self, chain: &Chain, buffer: &BufferRef, store: bool, memory: &[Operand]) -> Id {
        // Helpers are shared by every access to the same view; the array element is a parameter.
        let mut shared = *buffer;
        shared.element = shared.element.map(|(_, ty)| (Id(0), ty));
        let key = HelperKey {
            buffer: shared,
            value_type: chain.value_type,
            robustness: chain.robustness,
            store,
            stride: chain.stride,
            memory: memory.to_vec(),
        };
        if let Some(&f) = self.helpers.get(&key) {
            return f;
        }
        let per_element = chain.robustness == PER_ELEMENT;
        let u = self.u32_ty;
        let void = self.b.type_void();
        let mut params = vec![u];
        if per_element {
            params.push(u);
        }
        if store {
            params.push(chain.value_type);
        }
        if let Some((_, ty)) = buffer.element {
            params.push(ty);
        }
        let ret = if store { void } else { chain.value_type };
        let fn_ty = self.b.type_function(ret, &params);
        // Make sure the view's types exist before the function is opened.
        self.view(buffer, chain.component, chain.size);
        let f = self.b.begin_function(ret, 0, fn_ty);
        let first = self.b.function_parameter(u);
        let index = per_element.then(|| self.b.function_parameter(u));
        let value = store.then(|| self.b.function_parameter(chain.value_type));
        let element = buffer.element.map(|(_, ty)| self.b.function_parameter(ty));
        let mut current = self.b.begin_block();
        let mut out = Vec::new();
        let length = self.length(&mut out, chain, buffer, element);
        let bool_ty = self.bool_ty;
        // (condition, components guarded by it)
        let mut groups: Vec<(Id, Vec<u32>)> = Vec::new();
        if let Some(index) = index {
            let size = self.constant(chain.size);
            let stride = self.constant(chain.stride);
            let bytes = self.binary(&mut out, Op::IMul, u, length, size);
            let limit = self.binary(&mut out, Op::UDiv, u, bytes, stride);
            let ok = self.binary(&mut out, Op::ULessThan, bool_ty, index, limit);
            groups.push((ok, (0..chain.count).collect()));
        }
        let mut elements = Vec::new();
        for c in 0..chain.count {
            let e = self.component_element(&mut out, first, c);
            elements.push(e);
            if index.is_none() {
                let ok = self.binary(&mut out, Op::ULessThan, bool_ty, e, length);
                groups.push((ok, vec![c]));
            }
        }
        let mut results: Vec<Option<Id>> = vec![None; chain.count as usize];
        for (ok, components) in groups {
            let then = self.b.alloc_id();
            let merge = self.b.alloc_id();
            out.push(Instruction::new(
                Op::SelectionMerge,
                None,
                None,
                [Operand::Id(merge), Operand::Word(0)],
            ));
            out.push(Instruction::new(
                Op::BranchConditional,
                None,
                None,
                [Operand::Id(ok), Operand::Id(then), Operand::Id(merge)],
            ));
            out.drain(..).for_each(|i| self.b.push_instruction(i));
            self.b.begin_block_with_id(then);
            let mut loaded = Vec::new();
            for &c in &components {
                let e = elements[c as usize];
                if let Some(value) = value {
                    let part = self.component_of(&mut out, chain, value, c);
                    self.emit_store_component(&mut out, chain, buffer, element, e, part, memory);
                } else {
                    let p = self.element_pointer(&mut out, chain, buffer, element, e);
                    let id = self.b.alloc_id();
                    let mut ops = vec![Operand::Id(p)];
                    ops.extend_from_slice(memory);
                    out.push(Instruction::new(
                        Op::Load,
                        Some(chain.component),
                        Some(id),
                        ops,
                    ));
                    loaded.push((c, id));
                }
            }
            out.push(Instruction::new(
                Op::Branch,
                None,
                None,
                [Operand::Id(merge)],
            ));
            out.drain(..).for_each(|i| self.b.push_instruction(i));
            self.b.begin_block_with_id(merge);
            if !store {
                let null = self
                    .b
                    .dedup_global(Op::ConstantNull, Some(chain.component), vec![]);
                for (c, id) in loaded {
                    let phi = self.b.alloc_id();
                    out.push(Instruction::new(
                        Op::Phi,
                        Some(chain.component),
                        Some(phi),
                        [
                            Operand::Id(id),
                            Operand::Id(then),
                            Operand::Id(null),
                            Operand::Id(current),
                        ],
                    ));
                    results[c as usize] = Some(phi);
                }
            }
            current = merge;
        }
        if store {
            out.push(Instruction::new(Op::Return, None, None, []));
        } else {
            let parts: Vec<Operand> = results
                .iter()
                .flatten()
                .map(|&id| Operand::Id(id))
                .collect();
            let value = if chain.count == 1 {
                parts.first().and_then(Operand::id).unwrap_or(first)
            } else {
                let id = self.b.alloc_id();
                out.push(Instruction::new(
                    Op::CompositeConstruct,
                    Some(chain.value_type),
                    Some(id),
                    parts,
                ));
                id
            };
            out.push(Instruction::new(
                Op::ReturnValue,
                None,
                None,
                [Operand::Id(value)],
            ));
        }
        out.drain(..).for_each(|i| self.b.push_instruction(i));
        self.b.end_function();
        if store {
            self.mark_stored(buffer, chain.component);
        }
        self.helpers.insert(key, f);
        f
    }

    /// Rewrites a load or store through a buffer chain.
    fn access(
        &mut self,
        out: &mut Vec<Instruction>,
        inst: &Instruction,
        chain: &Chain,
        buffer: &BufferRef,
    ) {
        let store = inst.opcode == Op::Store;
        let memory_at = if store { 2 } else { 1 };
        let memory = without_aligned(inst.operands.get(memory_at..).unwrap_or(&[]));
        let element = buffer.element.map(|(e, _)| e);
        let first = self.first_element(out, chain);
        let value = if store {
            inst.operands.get(1).and_then(Operand::id)
        } else {
            None
        };
        if chain.robustness & (PER_COMPONENT | PER_ELEMENT) != 0 {
            let f = self.helper(chain, buffer, store, &memory);
            let mut args = vec![Operand::Id(f), Operand::Id(first)];
            if chain.robustness == PER_ELEMENT {
                let index = if chain.index_unsigned {
                    chain.index
                } else {
                    self.unsigned(out, chain.index)
                };
                args.push(Operand::Id(index));
            }
            args.extend(value.map(Operand::Id));
            args.extend(element.map(Operand::Id));
            let (ty, id) = if store {
                (self.b.type_void(), self.b.alloc_id())
            } else {
                (
                    chain.value_type,
                    inst.result_id.unwrap_or_else(|| self.b.alloc_id()),
                )
            };
            out.push(Instruction::new(Op::FunctionCall, Some(ty), Some(id), args));
            return;
        }
        if let Some(value) = value {
            for c in 0..chain.count {
                let e = self.component_element(out, first, c);
                let part = self.component_of(out, chain, value, c);
                self.emit_store_component(out, chain, buffer, element, e, part, &memory);
            }
            self.mark_stored(buffer, chain.component);
        } else if let Some(result) = inst.result_id {
            self.emit_load(out, chain, buffer, element, first, &memory, result);
        }
    }

    /// `id` as the unsigned 32-bit type (Index may be declared signed).
    fn unsigned(&mut self, out: &mut Vec<Instruction>, id: Id) -> Id {
        let u = self.u32_ty;
        let r = self.b.alloc_id();
        out.push(Instruction::new(
            Op::Bitcast,
            Some(u),
            Some(r),
            [Operand::Id(id)],
        ));
        r
    }

    /// Pointer arithmetic for a PhysicalStorageBuffer chain; the pointer keeps its id.
    fn physical(&mut self, out: &mut Vec<Instruction>, inst: &Instruction, chain: &Chain) {
        self.b.capability(Capability::Int64);
        let u64_ty = self.b.type_int(64, false);
        let address = self.byte_address(out, chain);
        let wide = self.b.alloc_id();
        out.push(Instruction::new(
            Op::UConvert,
            Some(u64_ty),
            Some(wide),
            [Operand::Id(address)],
        ));
        let base = self.b.alloc_id();
        out.push(Instruction::new(
            Op::ConvertPtrToU,
            Some(u64_ty),
            Some(base),
            [Operand::Id(chain.base)],
        ));
        let sum = self.binary(out, Op::IAdd, u64_ty, base, wide);
        out.push(Instruction::new(
            Op::ConvertUToPtr,
            inst.result_type,
            inst.result_id,
            [Operand::Id(sum)],
        ));
    }
}

/// The chains of one function that can be lowered (every use a load/store pointer).
fn chains_of(function: &Function, globals: &Globals, locals: &Locals) -> FxHashMap<Id, Chain> {
    let mut chains = FxHashMap::default();
    for inst in function.instructions() {
        if inst.opcode != Op::RawAccessChainNV {
            continue;
        }
        let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else {
            continue;
        };
        let ids: Vec<Id> = inst.operands.iter().filter_map(Operand::id).collect();
        let [base, stride, index, offset] = ids[..] else {
            continue;
        };
        let robustness = inst.operands.get(4).and_then(Operand::word).unwrap_or(0);
        let Some(base_type) = locals
            .types
            .get(&base)
            .copied()
            .or_else(|| globals.def(base).and_then(|d| d.result_type))
        else {
            continue;
        };
        let Some(target) = target_of(globals, locals, base, base_type) else {
            continue;
        };
        let Some((_, value_type)) = globals.pointer(ty) else {
            continue;
        };
        let Some((component, size, count)) = globals.components(value_type) else {
            continue;
        };
        let Some(stride) = globals.constant_u32(stride) else {
            continue;
        };
        let valid = match target {
            Target::Physical => robustness == 0,
            Target::Buffer(_) => {
                robustness <= PER_ELEMENT && !(robustness == PER_ELEMENT && stride == 0)
            }
        };
        let type_of = |id: Id| {
            locals
                .types
                .get(&id)
                .copied()
                .or_else(|| globals.def(id).and_then(|d| d.result_type))
        };
        let unsigned = |id: Id| {
            type_of(id).is_some_and(|t| {
                globals.def(t).is_some_and(|d| d.opcode == Op::TypeInt)
                    && globals.word_operand(t, 1) == Some(0)
            })
        };
        if valid {
            chains.insert(
                id,
                Chain {
                    base,
                    target,
                    stride,
                    index,
                    offset,
                    index_unsigned: unsigned(index),
                    offset_unsigned: unsigned(offset),
                    robustness,
                    value_type,
                    component,
                    size,
                    count,
                },
            );
        }
    }
    // Only loads and stores (as their pointer) may use a buffer chain.
    for inst in function.instructions() {
        for (i, used) in inst.used_ids().enumerate() {
            let as_pointer = matches!(inst.opcode, Op::Load | Op::Store)
                && i == usize::from(inst.result_type.is_some());
            if !as_pointer
                && matches!(chains.get(&used), Some(c) if matches!(c.target, Target::Buffer(_)))
            {
                chains.remove(&used);
            }
        }
    }
    chains
}

impl Pass for LowerRawAccessChains {
    fn name(&self) -> &'static str {
        "lower-raw-access-chains"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let any = module
            .functions
            .iter()
            .any(|f| f.instructions().any(|i| i.opcode == Op::RawAccessChainNV));
        if !any {
            return Ok(Changed::No);
        }
        let globals = Globals::new(module);
        let mut functions = std::mem::take(&mut module.functions);
        let header = module.header;
        let builder = Builder::from_module(std::mem::replace(module, Module::new(header)));
        let mut lw = Lowering {
            globals: &globals,
            b: builder,
            u32_ty: Id(0),
            bool_ty: Id(0),
            views: FxHashMap::default(),
            view_structs: FxHashMap::default(),
            helpers: FxHashMap::default(),
        };
        lw.u32_ty = lw.b.type_int(32, false);
        lw.bool_ty = lw.b.type_bool();
        let mut dead = Vec::new();
        let mut remaining = false;
        for function in &mut functions {
            if !function
                .instructions()
                .any(|i| i.opcode == Op::RawAccessChainNV)
            {
                continue;
            }
            let locals = Locals::new(function);
            let mut chains = chains_of(function, &globals, &locals);
            // Arrays of blocks addressed as a whole use their first block.
            for chain in chains.values_mut() {
                if let Target::Buffer(b) = &mut chain.target {
                    if b.element == Some((Id(0), Id(0))) {
                        let zero = lw.constant(0);
                        b.element = Some((zero, lw.u32_ty));
                    }
                }
            }
            for block in &mut function.blocks {
                let mut out = Vec::with_capacity(block.instructions.len());
                for inst in std::mem::take(&mut block.instructions) {
                    let chain = match inst.opcode {
                        Op::RawAccessChainNV => inst.result_id.and_then(|id| chains.get(&id)),
                        Op::Load => inst
                            .operands
                            .first()
                            .and_then(Operand::id)
                            .and_then(|p| chains.get(&p)),
                        Op::Store => inst
                            .operands
                            .first()
                            .and_then(Operand::id)
                            .and_then(|p| chains.get(&p)),
                        _ => None,
                    };
                    match (inst.opcode, chain.map(|c| (c.target, *c))) {
                        (Op::RawAccessChainNV, Some((Target::Physical, c))) => {
                            lw.physical(&mut out, &inst, &c)
                        }
                        (Op::RawAccessChainNV, Some((Target::Buffer(_), _))) => {
                            dead.extend(inst.result_id);
                        }
                        (Op::Load | Op::Store, Some((Target::Buffer(buffer), c))) => {
                            lw.access(&mut out, &inst, &c, &buffer)
                        }
                        _ => {
                            remaining |= inst.opcode == Op::RawAccessChainNV;
                            out.push(inst);
                        }
                    }
                }
                block.instructions = out;
            }
        }
        let views: Vec<((Id, u32, Id), View)> = lw.views.iter().map(|(k, v)| (*k, *v)).collect();
        let mut per_var: FxHashMap<Id, usize> = FxHashMap::default();
        for ((var, _, _), _) in &views {
            *per_var.entry(*var).or_default() += 1;
        }
        let still_used = |var: Id| {
            functions
                .iter()
                .any(|f| f.instructions().any(|i| i.used_ids().any(|u| u == var)))
        };
        let mut aliased = IdSet::new(lw.b.id_bound());
        for ((var, _, _), view) in &views {
            let Some(view_var) = view.var else { continue };
            if !view.stored {
                lw.b.decorate(view_var, Decoration::NonWritable.0, &[]);
            }
            if per_var[var] > 1 || still_used(*var) {
                lw.b.decorate(view_var, Decoration::Aliased.0, &[]);
                if !globals.decorated(*var, Decoration::Aliased) && aliased.insert(*var) {
                    lw.b.decorate(*var, Decoration::Aliased.0, &[]);
                }
            }
        }
        let mut out = lw.b.finish();
        let helpers = std::mem::take(&mut out.functions);
        functions.extend(helpers);
        out.functions = functions;
        // Restrict contradicts the Aliased just added; views join the interfaces (SPIR-V 1.4+
        // lists every global an entry point uses).
        let lists_globals = out.header.version >= 0x0001_0400;
        for inst in &mut out.globals {
            if inst.opcode == Op::EntryPoint && lists_globals {
                let listed: Vec<Id> = inst.operands.iter().filter_map(Operand::id).collect();
                for ((var, _, _), view) in &views {
                    if let Some(v) = view.var {
                        if listed.contains(var) {
                            inst.operands.push(Operand::Id(v));
                        }
                    }
                }
            }
        }
        out.globals.retain(|inst| {
            let first = inst.operands.first();
            match inst.opcode {
                Op::Decorate => {
                    !(matches!(first, Some(Operand::Id(t)) if aliased.contains(*t))
                        && inst.operands.get(1).and_then(Operand::word)
                            == Some(Decoration::Restrict.0))
                }
                Op::Capability if !remaining => {
                    first.and_then(Operand::word) != Some(Capability::RawAccessChainsNV.0)
                }
                Op::Extension if !remaining => first.and_then(Operand::string) != Some(EXTENSION),
                _ => true,
            }
        });
        let mut dead_set = IdSet::new(out.header.bound);
        for id in dead {
            dead_set.insert(id);
        }
        remove_references_to(&mut out, &dead_set);
        *module = out;
        Ok(Changed::Yes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::testing::{assemble, disassemble, run_pass};
    const TYPED_ROBUST: &str = r#"
               OpCapability Shader
               OpCapability RawAccessChainsNV
               OpExtension "SPV_NV_raw_access_chains"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %in %out %gid
               OpExecutionMode %main LocalSize 4 1 1
               OpDecorate %S Block
               OpMemberDecorate %S 0 Offset 0
               OpDecorate %rta ArrayStride 4
               OpDecorate %in DescriptorSet 0
               OpDecorate %in Binding 0
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 1
               OpDecorate %gid BuiltIn GlobalInvocationId
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
     %v4float = OpTypeVector %float 4
     %v3uint = OpTypeVector %uint 3
        %rta = OpTypeRuntimeArray %uint
          %S = OpTypeStruct %rta
      %ptr_S = OpTypePointer StorageBuffer %S
    %ptr_v4 = OpTypePointer StorageBuffer %v4float
   %ptr_gid = OpTypePointer Input %v3uint
         %in = OpVariable %ptr_S StorageBuffer
        %out = OpVariable %ptr_S StorageBuffer
        %gid = OpVariable %ptr_gid Input
     %uint_0 = OpConstant %uint 0
     %uint_4 = OpConstant %uint 4
    %uint_16 = OpConstant %uint 16
    %uint_32 = OpConstant %uint 32
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %g = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %g 0
          %p = OpRawAccessChainNV %ptr_v4 %in %uint_32 %x %uint_4 RobustnessPerComponentNV
          %v = OpLoad %v4float %p Aligned 4
          %q = OpRawAccessChainNV %ptr_v4 %out %uint_16 %x %uint_0 RobustnessPerElementNV
               OpStore %q %v Aligned 16
               OpReturn
               OpFunctionEnd
"#;
    const TYPED_ARRAY_HALF: &str = r#"
               OpCapability Shader
               OpCapability Float16
               OpCapability StorageBuffer16BitAccess
               
               OpCapability RawAccessChainsNV
               
               OpExtension "SPV_NV_raw_access_chains"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %bufs %gid
               OpExecutionMode %main LocalSize 4 1 1
               OpDecorate %S Block
               OpMemberDecorate %S 0 Offset 0
               OpDecorate %rta ArrayStride 4
               OpDecorate %bufs DescriptorSet 0
               OpDecorate %bufs Binding 0
               OpDecorate %gid BuiltIn GlobalInvocationId
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
       %half = OpTypeFloat 16
     %v2half = OpTypeVector %half 2
     %v3uint = OpTypeVector %uint 3
        %rta = OpTypeRuntimeArray %uint
          %S = OpTypeStruct %rta
     %uint_2 = OpConstant %uint 2
       %arrS = OpTypeArray %S %uint_2
   %ptr_arrS = OpTypePointer StorageBuffer %arrS
      %ptr_S = OpTypePointer StorageBuffer %S
    %ptr_v2h = OpTypePointer StorageBuffer %v2half
   %ptr_gid = OpTypePointer Input %v3uint
       %bufs = OpVariable %ptr_arrS StorageBuffer
        %gid = OpVariable %ptr_gid Input
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
      %int_4 = OpConstant %int 4
      %int_0 = OpConstant %int 0
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %g = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %g 0
         %xi = OpBitcast %int %x
         %b0 = OpAccessChain %ptr_S %bufs %uint_0
         %b1 = OpAccessChain %ptr_S %bufs %uint_1
          %p = OpRawAccessChainNV %ptr_v2h %b0 %int_4 %xi %int_0 RobustnessPerElementNV
          %v = OpLoad %v2half %p Aligned 4
          %q = OpRawAccessChainNV %ptr_v2h %b1 %int_4 %xi %int_0
               OpStore %q %v Aligned 4
               OpReturn
               OpFunctionEnd
"#;
    const PHYSICAL: &str = r#"
               OpCapability Shader
               OpCapability PhysicalStorageBufferAddresses
               OpCapability RawAccessChainsNV
               OpExtension "SPV_NV_raw_access_chains"
               OpMemoryModel PhysicalStorageBuffer64 GLSL450
               OpEntryPoint GLCompute %main "main" %pc
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %S Block
               OpMemberDecorate %S 0 Offset 0
               OpDecorate %PC Block
               OpMemberDecorate %PC 0 Offset 0
               OpDecorate %rta ArrayStride 4
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
        %rta = OpTypeRuntimeArray %uint
          %S = OpTypeStruct %rta
      %psb_S = OpTypePointer PhysicalStorageBuffer %S
         %PC = OpTypeStruct %psb_S
     %ptr_PC = OpTypePointer PushConstant %PC
 %ptr_pc_psb = OpTypePointer PushConstant %psb_S
    %psb_f = OpTypePointer PhysicalStorageBuffer %float
         %pc = OpVariable %ptr_PC PushConstant
     %uint_0 = OpConstant %uint 0
     %uint_3 = OpConstant %uint 3
     %uint_8 = OpConstant %uint 8
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %pp = OpAccessChain %ptr_pc_psb %pc %uint_0
          %b = OpLoad %psb_S %pp
          %p = OpRawAccessChainNV %psb_f %b %uint_8 %uint_3 %uint_0
          %v = OpLoad %float %p Aligned 4
          %q = OpRawAccessChainNV %psb_f %b %uint_8 %uint_0 %uint_0
               OpStore %q %v Aligned 4
               OpReturn
               OpFunctionEnd
"#;
    const UNTYPED_ARRAY: &str = r#"
               OpCapability Shader
               OpCapability UntypedPointersKHR
               OpCapability RawAccessChainsNV
               OpExtension "SPV_KHR_untyped_pointers"
               OpExtension "SPV_NV_raw_access_chains"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %bufs
               OpExecutionMode %main LocalSize 4 1 1
               OpDecorate %S Block
               OpMemberDecorate %S 0 Offset 0
               OpDecorate %rta ArrayStride 4
               OpDecorate %bufs DescriptorSet 0
               OpDecorate %bufs Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v2uint = OpTypeVector %uint 2
        %rta = OpTypeRuntimeArray %uint
          %S = OpTypeStruct %rta
     %uint_2 = OpConstant %uint 2
       %arrS = OpTypeArray %S %uint_2
       %uptr = OpTypeUntypedPointerKHR StorageBuffer
      %ptr_v = OpTypePointer StorageBuffer %v2uint
       %bufs = OpUntypedVariableKHR %uptr StorageBuffer %arrS
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_8 = OpConstant %uint 8
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %b1 = OpUntypedAccessChainKHR %uptr %arrS %bufs %uint_1
          %p = OpRawAccessChainNV %ptr_v %b1 %uint_8 %uint_1 %uint_0 RobustnessPerComponentNV
          %v = OpLoad %v2uint %p Aligned 4
          %q = OpRawAccessChainNV %ptr_v %bufs %uint_8 %uint_0 %uint_0 RobustnessPerElementNV
               OpStore %q %v Aligned 8
               OpReturn
               OpFunctionEnd
"#;

    fn count(text: &str, what: &str) -> usize {
        text.matches(what).count()
    }

    /// No chain, capability or extension left.
    fn lowered(text: &str) {
        assert_eq!(count(text, "OpRawAccessChainNV"), 0, "{text}");
        assert_eq!(count(text, "RawAccessChainsNV"), 0, "{text}");
        assert_eq!(count(text, "SPV_NV_raw_access_chains"), 0, "{text}");
    }

    #[test]
    fn robust_accesses_go_through_guarded_helpers_on_a_view_of_the_same_binding() {
        let out = disassemble(&run_pass(&LowerRawAccessChains, &assemble(TYPED_ROBUST)));
        lowered(&out);
        // One float view per buffer, bound like the original, length from OpArrayLength.
        assert_eq!(count(&out, "Binding 1"), 2, "{out}");
        assert_eq!(count(&out, "OpArrayLength"), 2, "{out}");
        // Per component: one guard per component of the vec4 load; per element: one guard.
        assert_eq!(count(&out, "OpSelectionMerge"), 5, "{out}");
        assert_eq!(count(&out, "OpUDiv"), 1, "{out}");
        assert_eq!(count(&out, "OpFunctionCall"), 2, "{out}");
        // The loaded-only view is NonWritable; the original buffers are no longer used.
        assert_eq!(count(&out, "NonWritable"), 1, "{out}");
        assert_eq!(count(&out, "Aligned"), 0, "{out}");
    }

    #[test]
    fn arrays_of_blocks_signed_indexes_and_16_bit_components() {
        let out = disassemble(&run_pass(
            &LowerRawAccessChains,
            &assemble(TYPED_ARRAY_HALF),
        ));
        lowered(&out);
        // A half view with a 2-byte stride, as an array of two blocks like the original.
        assert!(out.contains("ArrayStride 2"), "{out}");
        assert_eq!(count(&out, "OpBitcast %uint"), 1, "{out}");
    }

    #[test]
    fn physical_storage_buffer_chains_become_pointer_arithmetic() {
        let out = disassemble(&run_pass(&LowerRawAccessChains, &assemble(PHYSICAL)));
        lowered(&out);
        assert_eq!(count(&out, "OpConvertUToPtr"), 2, "{out}");
        assert!(out.contains("OpCapability Int64"), "{out}");
        // Aligned stays: physical pointers need it.
        assert_eq!(count(&out, "Aligned 4"), 2, "{out}");
    }

    #[test]
    fn untyped_buffers_are_addressed_through_untyped_chains_without_a_new_variable() {
        // spirv-val 2025.5 accepts an untyped Base (our validator follows the extension text
        // and does not), so only the output is validated here.
        let mut module = Module::from_words(&assemble(UNTYPED_ARRAY)).unwrap();
        let changed = LowerRawAccessChains
            .run(&mut module, &mut Analyses::new())
            .unwrap();
        assert_eq!(changed, Changed::Yes);
        let words = module.to_words();
        let out = disassemble(&words);
        if let Err(d) = spirvkit_val::validate(&words, &Default::default()) {
            panic!("{:?}\n{out}", d.first());
        }
        lowered(&out);
        assert_eq!(count(&out, "OpVariable"), 0, "{out}");
        assert_eq!(count(&out, "OpUntypedArrayLengthKHR"), 2, "{out}");
    }

    #[test]
    fn modules_without_chains_are_unchanged() {
        let src = TYPED_ROBUST
            .replace("OpCapability RawAccessChainsNV", "")
            .replace("OpExtension \"SPV_NV_raw_access_chains\"", "");
        let src: String = src
            .lines()
            .filter(|l| !l.contains("OpRawAccessChainNV") && !l.contains("Aligned"))
            .collect::<Vec<_>>()
            .join("\n");
        let mut module = Module::from_words(&assemble(&src)).unwrap();
        let changed = LowerRawAccessChains
            .run(&mut module, &mut Analyses::new())
            .unwrap();
        assert_eq!(changed, Changed::No);
    }

    #[test]
    fn aligned_is_dropped_from_memory_operands() {
        let ops = [Operand::Word(3), Operand::Word(16)];
        assert_eq!(without_aligned(&ops), vec![Operand::Word(1)]);
        assert!(without_aligned(&[Operand::Word(2), Operand::Word(4)]).is_empty());
        assert!(without_aligned(&[]).is_empty());
    }
}
