//! SPV_NV_raw_access_chains: OpRawAccessChainNV operand rules, the robustness operand rules,
//! and the uses of its result (only OpLoad/OpStore, which then need an Aligned memory operand
//! at least the size of the component).

use crate::instructions::Sink;
use crate::state::{Inst, State};
use crate::typeinfo::{self as ti, storage_class_name};
use spirvkit_grammar::{Capability, Decoration, Op, StorageClass};

const PER_COMPONENT: u32 = 0x1;
const PER_ELEMENT: u32 = 0x2;
const ALIGNED: u32 = 0x2;

fn allowed_storage(sc: u32) -> bool {
    sc == StorageClass::StorageBuffer.0
        || sc == StorageClass::PhysicalStorageBuffer.0
        || sc == StorageClass::Uniform.0
}

pub fn check_chain(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let result_type = inst.result_type;
    let id = inst.result_id;
    if !ti::is_typed_pointer(st, result_type) {
        let found = ti::type_op(st, result_type).map_or("?", ti::op_name);
        s.err(
            "raw_access_chain.result_type",
            index,
            format!("The Result Type of OpRawAccessChainNV <id> {} must be OpTypePointer. Found {found}.", st.id_name(id)),
            &[result_type],
        );
        return;
    }
    let result_sc = ti::storage_class(st, result_type).unwrap_or(u32::MAX);
    if !allowed_storage(result_sc) {
        s.err(
            "raw_access_chain.storage_class",
            index,
            format!("The Result Type of OpRawAccessChainNV <id> {} must point to a storage class of StorageBuffer, PhysicalStorageBuffer, or Uniform.", st.id_name(id)),
            &[result_type],
        );
    }
    let result_pointee = ti::pointee(st, result_type).unwrap_or(0);
    if matches!(
        ti::type_op(st, result_pointee),
        Some(Op::TypeArray | Op::TypeMatrix | Op::TypeStruct)
    ) {
        s.err(
            "raw_access_chain.result_pointee",
            index,
            format!("The Result Type of OpRawAccessChainNV <id> {} must not point to OpTypeArray, OpTypeMatrix, or OpTypeStruct.", st.id_name(id)),
            &[result_type],
        );
    }
    // Base.
    let base = st.word(inst, 3);
    let base_type = ti::type_of(st, base);
    if !ti::is_typed_pointer(st, base_type) {
        s.err(
            "raw_access_chain.base",
            index,
            "The type of Base of OpRawAccessChainNV must be OpTypePointer.",
            &[base],
        );
    } else {
        let base_sc = ti::storage_class(st, base_type).unwrap_or(u32::MAX);
        if !allowed_storage(base_sc) {
            s.err(
                "raw_access_chain.base",
                index,
                format!(
                    "The Base of OpRawAccessChainNV must point to StorageBuffer, PhysicalStorageBuffer, or Uniform, found {}.",
                    storage_class_name(base_sc)
                ),
                &[base],
            );
        } else if base_sc != result_sc && allowed_storage(result_sc) {
            s.err(
                "raw_access_chain.storage_class",
                index,
                "The Storage Class of OpRawAccessChainNV's Result Type must be the same as the Storage Class of Base.",
                &[base, result_type],
            );
        }
        check_block(s, index, base, base_type, base_sc);
    }
    // Stride, Index, Offset.
    let stride = st.word(inst, 4);
    let stride_def = st.def(stride);
    let stride_value = ti::const_uint(st, stride);
    if stride_def.map(|d| d.op()) != Some(Op::Constant) {
        s.err(
            "raw_access_chain.stride",
            index,
            format!(
                "The Stride of OpRawAccessChainNV <id> {} must be OpConstant.",
                st.id_name(id)
            ),
            &[stride],
        );
    } else if !ti::is_int(st, ti::type_of(st, stride)) {
        s.err(
            "raw_access_chain.stride",
            index,
            format!(
                "The type of Stride of OpRawAccessChainNV <id> {} must be OpTypeInt.",
                st.id_name(id)
            ),
            &[stride],
        );
    }
    for (name, word) in [("Index", 5), ("Offset", 6)] {
        let v = st.word(inst, word);
        let t = ti::type_of(st, v);
        if !ti::is_int(st, t) {
            s.err(
                "raw_access_chain.index_type",
                index,
                format!(
                    "The type of {name} of OpRawAccessChainNV <id> {} must be OpTypeInt.",
                    st.id_name(id)
                ),
                &[v],
            );
        } else if st.def_op(v) == Some(Op::Constant)
            && ti::int_signedness(st, t) == Some(1)
            && ti::const_uint(st, v).is_some_and(|c| c & 0x8000_0000 != 0)
        {
            s.err(
                "raw_access_chain.index_sign",
                index,
                format!("The signed constant {name} of OpRawAccessChainNV <id> {} must not have its sign bit set.", st.id_name(id)),
                &[v],
            );
        } else if ti::component_width(st, t) != Some(32) {
            s.err(
                "raw_access_chain.index_type",
                index,
                format!(
                    "The integer width of {name} of OpRawAccessChainNV <id> {} must be 32.",
                    st.id_name(id)
                ),
                &[v],
            );
        }
    }
    // Offset plus the pointee size must fit in a non-zero Stride.
    if let (Some(stride_value), Some(offset), Some(size)) = (
        stride_value,
        ti::const_uint(st, st.word(inst, 6)),
        ti::byte_size(st, result_pointee, 0),
    ) {
        if stride_value != 0 && offset.saturating_add(size) > stride_value {
            s.err(
                "raw_access_chain.offset_stride",
                index,
                format!("OpRawAccessChainNV: Offset ({offset}) plus the size of the pointee type ({size}) must be less than or equal to Stride ({stride_value})."),
                &[],
            );
        }
    }
    // Robustness operands.
    let operands = if inst.len > 7 { st.word(inst, 7) } else { 0 };
    if operands & PER_ELEMENT != 0 && stride_value == Some(0) {
        s.err(
            "raw_access_chain.robustness",
            index,
            "Stride must not be zero when per-element robustness is used.",
            &[stride],
        );
    }
    if operands & (PER_ELEMENT | PER_COMPONENT) != 0
        && result_sc == StorageClass::PhysicalStorageBuffer.0
    {
        s.err(
            "raw_access_chain.robustness",
            index,
            "Storage class cannot be PhysicalStorageBuffer when raw access chain robustness is used.",
            &[],
        );
    }
    if operands & PER_ELEMENT != 0 && operands & PER_COMPONENT != 0 {
        s.err(
            "raw_access_chain.robustness",
            index,
            "Per-component robustness and per-element robustness are mutually exclusive.",
            &[],
        );
    }
}

/// StorageBuffer bases point to (an array of) a Block struct, Uniform bases to BufferBlock.
fn check_block(s: &mut Sink<'_, '_>, index: u32, base: u32, base_type: u32, sc: u32) {
    let st = s.st;
    let needed = if sc == StorageClass::StorageBuffer.0 {
        Decoration::Block
    } else if sc == StorageClass::Uniform.0 {
        Decoration::BufferBlock
    } else {
        return;
    };
    let mut pointee = ti::pointee(st, base_type).unwrap_or(0);
    if matches!(
        ti::type_op(st, pointee),
        Some(Op::TypeArray | Op::TypeRuntimeArray)
    ) {
        pointee = ti::element_type(st, pointee).unwrap_or(0);
    }
    if !ti::has_decoration(st, pointee, needed) {
        let dec = if needed == Decoration::Block {
            "Block"
        } else {
            "BufferBlock"
        };
        s.err(
            "raw_access_chain.block",
            index,
            format!(
                "The type Base of OpRawAccessChainNV points to (or its array element) must be decorated with {dec} for Storage Class {}.",
                storage_class_name(sc)
            ),
            &[base],
        );
    }
}

/// Whether `id` is the result of an OpRawAccessChainNV.
fn is_raw_chain(st: &State<'_>, id: u32) -> bool {
    st.def_op(id) == Some(Op::RawAccessChainNV)
}

/// The result is consumed only as the Pointer of OpLoad/OpStore, which need an Aligned memory
/// operand at least as large as the component size.
pub fn check_uses(s: &mut Sink<'_, '_>) {
    let st = s.st;
    if !st.has_capability(Capability::RawAccessChainsNV) {
        return;
    }
    for index in 0..st.insts.len() as u32 {
        let Some(inst) = st.inst(index).copied() else {
            break;
        };
        // Annotations and debug instructions may name the result.
        if inst.func == crate::state::NONE {
            continue;
        }
        let op = inst.op();
        let ops = st.ops(&inst);
        for (i, o) in ops.iter().enumerate() {
            if o.kind.category() != spirvkit_grammar::Category::Id
                || o.kind == spirvkit_grammar::OperandKind::IdResultType
                || o.kind == spirvkit_grammar::OperandKind::IdResult
            {
                continue;
            }
            let v = st.word(&inst, usize::from(o.offset));
            if !is_raw_chain(st, v) {
                continue;
            }
            let pointer_operand = match op {
                Op::Load => i == 2,
                Op::Store => i == 0,
                _ => false,
            };
            if !pointer_operand {
                s.err(
                    "raw_access_chain.uses",
                    index,
                    format!(
                        "The result of OpRawAccessChainNV {} must only be consumed by OpLoad and OpStore (as their Pointer).",
                        st.id_name(v)
                    ),
                    &[v],
                );
                continue;
            }
            check_alignment(s, index, &inst, v);
        }
    }
}

fn check_alignment(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, pointer: u32) {
    let st = s.st;
    // Memory operands start after Pointer (+ Object for stores): word 4 for OpLoad, 3 for OpStore.
    let mask_word = if inst.op() == Op::Load { 4 } else { 3 };
    let mask = if usize::from(inst.len) > mask_word {
        st.word(inst, mask_word)
    } else {
        0
    };
    if mask & ALIGNED == 0 {
        s.err(
            "raw_access_chain.aligned",
            index,
            format!(
                "{} through the result of OpRawAccessChainNV {} must have an Aligned memory operand.",
                ti::op_name(inst.op()),
                st.id_name(pointer)
            ),
            &[pointer],
        );
        return;
    }
    // The alignment literal follows the mask (bits below Aligned have no parameters: Volatile).
    let alignment = st.word(inst, mask_word + 1);
    let pointee = ti::pointee(st, ti::type_of(st, pointer)).unwrap_or(0);
    let component = ti::scalar_of(st, pointee);
    if let Some(size) = ti::byte_size(st, component, 0) {
        if u64::from(alignment) < size {
            s.err(
                "raw_access_chain.aligned",
                index,
                format!(
                    "The Aligned memory operand ({alignment}) of an access through OpRawAccessChainNV {} must be at least the component size ({size}).",
                    st.id_name(pointer)
                ),
                &[pointer],
            );
        }
    }
}
