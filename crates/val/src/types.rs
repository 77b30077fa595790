//! Types: uniqueness of non-aggregate types, widths enabled by capabilities, vector sizes,
//! matrix columns, array element types and lengths, struct members, pointer and function
//! types, OpTypeForwardPointer, and function types used only by OpFunction.

use crate::state::{is_core, is_type_op, ExtKind, State};
use spirvkit_grammar::{Capability as C, Op, OperandKind};
use std::collections::HashMap;

/// Whether an instruction of `op` may not name an OpTypeFunction (`type.function_use`):
/// only OpFunction, names and decorations may, and non-semantic instructions, and (with
/// SPV_INTEL_function_pointers, which spirv-val 2025.5 does not know) OpTypePointer, whose
/// pointers to functions point to their function type. Checked in the id walk
/// (`ids::check`), which reads every id operand's definition anyway.
/// `use_op`: [`function_type_use_op`] of `op`.
pub(crate) fn may_use_function_type(
    use_op: bool,
    op: Op,
    ext: ExtKind,
    function_pointers: bool,
) -> bool {
    use_op
        && (op != Op::ExtInst || ext == ExtKind::Semantic)
        && (op != Op::TypePointer || !function_pointers)
}

/// [`may_use_function_type`] whatever the instruction (kept per opcode in the class flags of
/// `state.rs`).
pub(crate) fn function_type_use_op(op: Op, is_core: bool) -> bool {
    is_core
        && !matches!(
            op,
            Op::Function
                | Op::Name
                | Op::MemberName
                | Op::Decorate
                | Op::DecorateId
                | Op::DecorateString
        )
}

/// `type.function_use` at instruction `index`, which names function type `id` (defined
/// before it).
pub(crate) fn function_type_use(index: u32, id: u32) -> crate::ids::Found {
    (
        "type.function_use",
        index,
        format!("Invalid use of function type result id %{id}."),
        vec![id],
    )
}

/// The type declaration rules (uses of function types: see [`may_use_function_type`]).
pub fn check(st: &State<'_>) -> Vec<crate::Diagnostic> {
    let mut errors: Vec<(&'static str, u32, String, Vec<u32>)> = Vec::new();
    let mut forward_seen: std::collections::HashSet<&[u32]> = std::collections::HashSet::new();
    let mut unique: HashMap<(u16, &[u32]), u32> = HashMap::new();
    let mut forward: Vec<(u32, u32, u32)> = Vec::new();
    let kernel = st.has_capability(C::Kernel);
    // Type declarations and OpTypeForwardPointer stand before the first function: `layout`
    // reports them anywhere else, and its errors stop validation before this family runs.
    let module_scope = st
        .functions
        .first()
        .map_or(st.insts.len(), |f| f.inst as usize);
    for index in 0..module_scope as u32 {
        let Some(inst) = st.inst(index).copied() else {
            break;
        };
        let op = inst.op();
        if op == Op::TypeForwardPointer {
            forward.push((index, st.operand_word(&inst, 0), st.operand_word(&inst, 1)));
            // spirv-val's uniqueness rule covers forward pointers too (same operands twice).
            let target = st.operand_word(&inst, 0);
            if !forward_seen.insert(st.inst_words(&inst)) {
                errors.push((
                    "type.duplicate",
                    index,
                    format!("Duplicate non-aggregate type declarations are not allowed. Opcode: TypeForwardPointer id: {target}"),
                    vec![target],
                ));
            }
            continue;
        }
        if !is_type_op(op) || !is_core(op) {
            continue;
        }
        let words = st.inst_words(&inst);
        let id = inst.result_id;
        if !matches!(
            op,
            Op::TypeArray
                | Op::TypeRuntimeArray
                | Op::TypeStruct
                | Op::TypePointer
                | Op::TypeUntypedPointerKHR
        ) {
            let key = (inst.opcode, words.get(2..).unwrap_or(&[]));
            if unique.insert(key, id).is_some() {
                errors.push((
                    "type.duplicate",
                    index,
                    format!(
                        "Duplicate non-aggregate type declarations are not allowed. Opcode: {} id: {id}",
                        inst.desc().map_or("", |d| &d.opname[2..])
                    ),
                    vec![id],
                ));
            }
        }
        // Ids used by this type that are defined before it must be types (except array lengths).
        let type_operand = |i: usize| -> Option<(u32, Option<Op>)> {
            let w = st.word(&inst, i);
            if st.def_index(w) < index {
                Some((w, st.def_op(w)))
            } else {
                None
            }
        };
        let id_words: Vec<usize> = match op {
            Op::TypeVector
            | Op::TypeMatrix
            | Op::TypeArray
            | Op::TypeRuntimeArray
            | Op::TypeSampledImage => vec![2],
            Op::TypePointer => vec![3],
            Op::TypeStruct | Op::TypeFunction => (2..words.len()).collect(),
            _ => vec![],
        };
        for i in id_words {
            if let Some((w, Some(dop))) = type_operand(i) {
                if !is_type_op(dop) {
                    errors.push((
                        "type.operand",
                        index,
                        format!(
                            "{} Type {} is not a type.",
                            inst.desc().map_or("", |d| d.opname),
                            st.id_name(w)
                        ),
                        vec![w],
                    ));
                }
            }
        }
        let void = |w: u32| st.def_op(w) == Some(Op::TypeVoid);
        match op {
            Op::TypeInt => {
                let width = st.word(&inst, 2);
                let signedness = st.word(&inst, 3);
                let arbitrary = st.capabilities.iter().any(|&c| {
                    OperandKind::Capability
                        .desc()
                        .enumerant(c)
                        .is_some_and(|e| e.name.starts_with("ArbitraryPrecisionIntegers"))
                });
                // SPV_INTEL_int4: Int4TypeINTEL makes `OpTypeInt 4 0` a type of its own
                // (newer than spirv-val 2025.5, which refuses every 4-bit integer).
                let int4 = width == 4 && st.has_capability(C::Int4TypeINTEL);
                if !matches!(width, 8 | 16 | 32 | 64) && !arbitrary && !int4 {
                    errors.push((
                        "type.int_width",
                        index,
                        format!("Invalid number of bits ({width}) used for OpTypeInt."),
                        vec![id],
                    ));
                } else if width == 8
                    && !arbitrary
                    && !st.has_any_capability(&[
                        C::Int8,
                        C::StorageBuffer8BitAccess,
                        C::UniformAndStorageBuffer8BitAccess,
                        C::StoragePushConstant8,
                    ])
                    && !st.extensions.contains("SPV_KHR_8bit_storage")
                    && !cap_like(st, &["Int8", "8Bit", "PushConstant8"])
                {
                    errors.push((
                        "type.int_width",
                        index,
                        "Using an 8-bit integer type requires the Int8 capability, or an extension that explicitly enables 8-bit integers.".into(),
                        vec![id],
                    ));
                } else if width == 16
                    && !arbitrary
                    && !st.has_any_capability(&[
                        C::Int16,
                        C::StorageBuffer16BitAccess,
                        C::UniformAndStorageBuffer16BitAccess,
                        C::StoragePushConstant16,
                        C::StorageInputOutput16,
                    ])
                    && !st.extensions.contains("SPV_AMD_gpu_shader_int16")
                    && !st.extensions.contains("SPV_KHR_16bit_storage")
                    && !cap_like(
                        st,
                        &[
                            "Int16",
                            "16Bit",
                            "Uniform16",
                            "PushConstant16",
                            "InputOutput16",
                            "BufferBlock16",
                        ],
                    )
                {
                    errors.push((
                        "type.int_width",
                        index,
                        "Using a 16-bit integer type requires the Int16 capability, or an extension that explicitly enables 16-bit integers.".into(),
                        vec![id],
                    ));
                } else if width == 64 && !arbitrary && !st.has_capability(C::Int64) {
                    errors.push((
                        "type.int_width",
                        index,
                        "Using a 64-bit integer type requires the Int64 capability.".into(),
                        vec![id],
                    ));
                }
                // spirv-val 2025.5 returns early for 8-, 16- and 64-bit ints once their
                // capability is present: only other widths reach the signedness rules
                // (checked: `OpTypeInt 64 1` with Kernel and Int64 is accepted).
                let signedness_checked = !matches!(width, 8 | 16 | 64);
                if !signedness_checked {
                } else if signedness > 1 {
                    errors.push((
                        "type.int_signedness",
                        index,
                        format!("OpTypeInt has invalid signedness: {signedness}"),
                        vec![id],
                    ));
                } else if kernel && signedness != 0 {
                    errors.push((
                        "type.int_signedness",
                        index,
                        "The Signedness in OpTypeInt must always be 0 when Kernel capability is used.".into(),
                        vec![id],
                    ));
                }
            }
            Op::TypeFloat if inst.len == 3 => {
                let width = st.word(&inst, 2);
                match width {
                    32 => {}
                    16 => {
                        if !st.has_any_capability(&[
                            C::Float16,
                            C::Float16Buffer,
                            C::StorageBuffer16BitAccess,
                            C::UniformAndStorageBuffer16BitAccess,
                            C::StoragePushConstant16,
                            C::StorageInputOutput16,
                        ]) && !st.extensions.contains("SPV_AMD_gpu_shader_half_float")
                            && !st.extensions.contains("SPV_KHR_16bit_storage")
                            && !cap_like(
                                st,
                                &[
                                    "Float16",
                                    "16Bit",
                                    "Uniform16",
                                    "PushConstant16",
                                    "InputOutput16",
                                    "BufferBlock16",
                                    "Half",
                                ],
                            )
                        {
                            errors.push((
                                "type.float_width",
                                index,
                                "Using a 16-bit floating point type requires the Float16 or Float16Buffer capability, or an extension that explicitly enables 16-bit floating point.".into(),
                                vec![id],
                            ));
                        }
                    }
                    64 => {
                        if !st.has_capability(C::Float64) {
                            errors.push((
                                "type.float_width",
                                index,
                                "Using a 64-bit floating point type requires the Float64 capability.".into(),
                                vec![id],
                            ));
                        }
                    }
                    _ => {
                        if !st.capabilities.iter().any(|&c| {
                            OperandKind::Capability
                                .desc()
                                .enumerant(c)
                                .is_some_and(|e| e.name.contains("ArbitraryPrecisionFloatingPoint"))
                        }) {
                            errors.push((
                                "type.float_width",
                                index,
                                format!("Invalid number of bits ({width}) used for OpTypeFloat."),
                                vec![id],
                            ));
                        }
                    }
                }
            }
            Op::TypeVector => {
                let comp = st.word(&inst, 2);
                let count = st.word(&inst, 3);
                if let Some(cop) = st.def_op(comp) {
                    // Vectors of pointers exist only with SPV_INTEL_masked_gather_scatter.
                    let pointer_ok =
                        cop == Op::TypePointer && st.has_capability(C::MaskedGatherScatterINTEL);
                    if is_core(cop)
                        && !pointer_ok
                        && !matches!(cop, Op::TypeInt | Op::TypeFloat | Op::TypeBool)
                    {
                        errors.push((
                            "type.vector",
                            index,
                            format!(
                                "OpTypeVector Component Type {} is not a scalar type.",
                                st.id_name(comp)
                            ),
                            vec![comp],
                        ));
                    }
                }
                // spirv-val 2025.5 rejects other sizes even with SPV_INTEL_vector_compute
                // and VectorAnyINTEL (checked); only a long-vector extension it does not
                // know yet is let through.
                let long_vectors = st.extensions.iter().any(|e| e.contains("long_vector"));
                let ok = match count {
                    2..=4 => true,
                    8 | 16 => st.has_capability(C::Vector16),
                    _ => false,
                };
                if !ok && !long_vectors {
                    errors.push((
                        "type.vector",
                        index,
                        format!("Illegal number of components ({count}) for TypeVector"),
                        vec![id],
                    ));
                }
            }
            Op::TypeMatrix => {
                let col = st.word(&inst, 2);
                let cols = st.word(&inst, 3);
                match st.def(col).copied() {
                    Some(c) if c.op() == Op::TypeVector => {
                        let comp = st.word(&c, 2);
                        if st.def_op(comp) != Some(Op::TypeFloat) {
                            errors.push((
                                "type.matrix",
                                index,
                                "Matrix types can only be parameterized with floating-point types."
                                    .into(),
                                vec![col],
                            ));
                        }
                    }
                    Some(_) => errors.push((
                        "type.matrix",
                        index,
                        "Columns in a matrix must be of type vector.".into(),
                        vec![col],
                    )),
                    None => {}
                }
                if !(2..=4).contains(&cols) {
                    errors.push((
                        "type.matrix",
                        index,
                        "Matrix types can only be parameterized as having only 2, 3, or 4 columns."
                            .into(),
                        vec![id],
                    ));
                }
            }
            Op::TypeArray => {
                let elem = st.word(&inst, 2);
                if void(elem) {
                    errors.push((
                        "type.array",
                        index,
                        format!(
                            "OpTypeArray Element Type {} is a void type.",
                            st.id_name(elem)
                        ),
                        vec![elem],
                    ));
                }
                if let Some(e) = array_of_blocks_with_stride(st, index, id, elem) {
                    errors.push(e);
                }
                let len = st.word(&inst, 3);
                if let Some(ldef) = st.def(len).copied() {
                    check_array_length(st, index, len, &ldef, &mut errors);
                }
            }
            Op::TypeRuntimeArray => {
                let elem = st.word(&inst, 2);
                if void(elem) {
                    errors.push((
                        "type.array",
                        index,
                        format!(
                            "OpTypeRuntimeArray Element Type {} is a void type.",
                            st.id_name(elem)
                        ),
                        vec![elem],
                    ));
                }
                if let Some(e) = array_of_blocks_with_stride(st, index, id, elem) {
                    errors.push(e);
                }
            }
            Op::TypeStruct => {
                if words.iter().skip(2).any(|&m| void(m)) {
                    errors.push((
                        "type.struct",
                        index,
                        "Structures cannot contain a void type.".into(),
                        vec![id],
                    ));
                }
            }
            Op::TypeFunction => {
                for &p in words.iter().skip(3) {
                    if void(p) {
                        errors.push((
                            "type.function",
                            index,
                            format!(
                                "OpTypeFunction Parameter Type {} cannot be OpTypeVoid.",
                                st.id_name(p)
                            ),
                            vec![p],
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    for (index, ptr, sc) in forward {
        match st.def(ptr).copied() {
            Some(d) if d.op() == Op::TypePointer => {
                if st.operand_word(&d, 1) != sc {
                    errors.push((
                        "type.forward_pointer",
                        index,
                        "Storage class in OpTypeForwardPointer does not match the pointer definition.".into(),
                        vec![ptr],
                    ));
                }
            }
            Some(d) if d.op() == Op::TypeUntypedPointerKHR || !is_core(d.op()) => {}
            Some(_) => errors.push((
                "type.forward_pointer",
                index,
                "Pointer type in OpTypeForwardPointer is not a pointer type.".into(),
                vec![ptr],
            )),
            None => {}
        }
    }
    errors
        .into_iter()
        .map(|e| st.diag_at(e.0, e.1, e.2).with_ids(e.3))
        .collect()
}

/// Is a capability declared whose name contains one of these fragments? (Lenient width
/// enabling: capabilities added by extensions that also enable small types.)
/// Under Shader, an array (or runtime array) of Block/BufferBlock structs is an array of
/// descriptors, not memory, so it has no ArrayStride (spirv-val, every environment).
fn array_of_blocks_with_stride(
    st: &State<'_>,
    index: u32,
    array: u32,
    elem: u32,
) -> Option<(&'static str, u32, String, Vec<u32>)> {
    use crate::typeinfo as ti;
    use spirvkit_grammar::Decoration as D;
    let broken = st.has_capability(spirvkit_grammar::Capability::Shader)
        && st.def_op(elem) == Some(Op::TypeStruct)
        && ti::has_decoration_or_group(st, array, D::ArrayStride)
        && (ti::has_decoration_or_group(st, elem, D::Block)
            || ti::has_decoration_or_group(st, elem, D::BufferBlock));
    broken.then(|| {
        (
            "type.array_stride",
            index,
            "Array containing a Block or BufferBlock must not be decorated with ArrayStride".into(),
            vec![array],
        )
    })
}

fn cap_like(st: &State<'_>, fragments: &[&str]) -> bool {
    st.capabilities.iter().any(|&c| {
        OperandKind::Capability
            .desc()
            .enumerant(c)
            .is_some_and(|e| fragments.iter().any(|f| e.name.contains(f)))
    })
}

fn check_array_length(
    st: &State<'_>,
    index: u32,
    len: u32,
    ldef: &crate::state::Inst,
    errors: &mut Vec<(&'static str, u32, String, Vec<u32>)>,
) {
    let lop = ldef.op();
    if !is_core(lop) {
        return;
    }
    let is_int_type = st.def_op(ldef.result_type) == Some(Op::TypeInt);
    match lop {
        Op::Constant | Op::ConstantNull | Op::SpecConstant | Op::SpecConstantOp => {
            if !is_int_type {
                errors.push((
                    "type.array_length",
                    index,
                    format!(
                        "OpTypeArray Length {} is not a constant integer type.",
                        st.id_name(len)
                    ),
                    vec![len],
                ));
                return;
            }
        }
        _ => {
            errors.push((
                "type.array_length",
                index,
                format!(
                    "OpTypeArray Length {} is not a scalar constant type.",
                    st.id_name(len)
                ),
                vec![len],
            ));
            return;
        }
    }
    let value: Option<i128> = match lop {
        Op::ConstantNull => Some(0),
        Op::Constant => {
            let ty = st.def(ldef.result_type).copied();
            let width = ty.map_or(32, |t| st.word(&t, 2));
            let signed = ty.is_some_and(|t| st.word(&t, 3) == 1);
            let lo = st.word(ldef, 3);
            let hi = if width > 32 { st.word(ldef, 4) } else { 0 };
            let raw = u64::from(lo) | (u64::from(hi) << 32);
            Some(if signed {
                let shift = 64 - width.clamp(1, 64);
                i128::from(((raw << shift) as i64) >> shift)
            } else {
                i128::from(raw)
            })
        }
        _ => None,
    };
    if let Some(v) = value {
        if v < 1 {
            errors.push((
                "type.array_length",
                index,
                format!(
                    "OpTypeArray Length {} default value must be at least 1: found {v}",
                    st.id_name(len)
                ),
                vec![len],
            ));
        }
    }
}
