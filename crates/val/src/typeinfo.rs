//! Type queries shared by the instruction and extension rules (part 2): what kind of type an
//! id declares, component counts and widths, pointer storage classes and pointees, constant
//! values. Every query answers `None`/`false` for ids that are not what is asked, so rules
//! never have to guard against malformed modules themselves.

use crate::state::{Inst, State};
use spirvkit_grammar::{Decoration, Op};

/// `SC` of a pointer type, as a raw storage-class number.
pub type StorageClassId = u32;

/// The type-declaring instruction of `ty`, if `ty` is a type.
pub fn type_inst<'s>(st: &'s State<'_>, ty: u32) -> Option<&'s Inst> {
    st.def(ty).filter(|d| crate::state::is_type_op(d.op()))
}

/// The opcode declaring type `ty`.
pub fn type_op(st: &State<'_>, ty: u32) -> Option<Op> {
    type_inst(st, ty).map(|d| d.op())
}

/// The type of a value id (0 when it has none).
pub fn type_of(st: &State<'_>, value: u32) -> u32 {
    st.def(value).map_or(0, |d| d.result_type)
}

/// Operand word `i` of type `ty`'s declaration (word index after opcode and result id).
pub fn type_word(st: &State<'_>, ty: u32, i: usize) -> Option<u32> {
    let d = type_inst(st, ty)?;
    st.inst_words(d).get(2 + i).copied()
}

pub fn is_int(st: &State<'_>, ty: u32) -> bool {
    type_op(st, ty) == Some(Op::TypeInt)
}
pub fn is_float(st: &State<'_>, ty: u32) -> bool {
    type_op(st, ty) == Some(Op::TypeFloat)
}
pub fn is_bool(st: &State<'_>, ty: u32) -> bool {
    type_op(st, ty) == Some(Op::TypeBool)
}
pub fn is_vector(st: &State<'_>, ty: u32) -> bool {
    type_op(st, ty) == Some(Op::TypeVector)
}

/// The component type of a vector, else the type itself.
pub fn scalar_of(st: &State<'_>, ty: u32) -> u32 {
    if is_vector(st, ty) {
        type_word(st, ty, 0).unwrap_or(0)
    } else {
        ty
    }
}

/// Number of components of a scalar (1) or vector type; `None` for anything else.
pub fn component_count(st: &State<'_>, ty: u32) -> Option<u32> {
    match type_op(st, ty)? {
        Op::TypeVector => type_word(st, ty, 1),
        Op::TypeInt | Op::TypeFloat | Op::TypeBool => Some(1),
        _ => None,
    }
}

/// Bit width of an int/float scalar or of a vector's components.
pub fn component_width(st: &State<'_>, ty: u32) -> Option<u32> {
    let s = scalar_of(st, ty);
    match type_op(st, s)? {
        Op::TypeInt | Op::TypeFloat => type_word(st, s, 0),
        _ => None,
    }
}

/// Integer signedness (1 signed, 0 unsigned) of an int scalar or vector.
pub fn int_signedness(st: &State<'_>, ty: u32) -> Option<u32> {
    let s = scalar_of(st, ty);
    is_int(st, s).then(|| type_word(st, s, 1)).flatten()
}

pub fn is_int_scalar_or_vector(st: &State<'_>, ty: u32) -> bool {
    is_int(st, scalar_of(st, ty))
}
pub fn is_float_scalar_or_vector(st: &State<'_>, ty: u32) -> bool {
    is_float(st, scalar_of(st, ty))
}
pub fn is_bool_scalar_or_vector(st: &State<'_>, ty: u32) -> bool {
    is_bool(st, scalar_of(st, ty))
}

/// OpTypePointer or OpTypeUntypedPointerKHR.
pub fn is_pointer(st: &State<'_>, ty: u32) -> bool {
    matches!(
        type_op(st, ty),
        Some(Op::TypePointer | Op::TypeUntypedPointerKHR)
    )
}
pub fn is_untyped_pointer(st: &State<'_>, ty: u32) -> bool {
    type_op(st, ty) == Some(Op::TypeUntypedPointerKHR)
}
pub fn is_typed_pointer(st: &State<'_>, ty: u32) -> bool {
    type_op(st, ty) == Some(Op::TypePointer)
}

/// Storage class of a pointer type (typed or untyped).
pub fn storage_class(st: &State<'_>, ty: u32) -> Option<StorageClassId> {
    is_pointer(st, ty).then(|| type_word(st, ty, 0)).flatten()
}

/// Pointee of an OpTypePointer (`None` for untyped pointers and non-pointers).
pub fn pointee(st: &State<'_>, ty: u32) -> Option<u32> {
    is_typed_pointer(st, ty)
        .then(|| type_word(st, ty, 1))
        .flatten()
}

/// Member type ids of a struct.
pub fn struct_members<'s>(st: &'s State<'_>, ty: u32) -> &'s [u32] {
    match type_inst(st, ty) {
        Some(d) if d.op() == Op::TypeStruct => st.inst_words(d).get(2..).unwrap_or(&[]),
        _ => &[],
    }
}

/// Element type of an array, runtime array, vector or matrix (the column type).
pub fn element_type(st: &State<'_>, ty: u32) -> Option<u32> {
    match type_op(st, ty)? {
        Op::TypeArray | Op::TypeRuntimeArray | Op::TypeVector | Op::TypeMatrix => {
            type_word(st, ty, 0)
        }
        _ => None,
    }
}

/// The value of an integer scalar OpConstant (zero-extended; up to 64 bits).
pub fn const_uint(st: &State<'_>, id: u32) -> Option<u64> {
    let d = st.def(id)?;
    if d.op() != Op::Constant || !is_int(st, d.result_type) {
        return None;
    }
    let w = st.inst_words(d);
    let lo = u64::from(*w.get(3)?);
    let hi = u64::from(w.get(4).copied().unwrap_or(0));
    Some(lo | (hi << 32))
}

/// Whether `id` is a constant instruction (OpConstant*, OpSpecConstant*, OpUndef is not).
pub fn is_constant(st: &State<'_>, id: u32) -> bool {
    st.def(id)
        .is_some_and(|d| crate::state::is_constant_op(d.op()))
}

/// Whether `id` carries decoration `dec` (directly; member decorations excluded).
pub fn has_decoration(st: &State<'_>, id: u32, dec: Decoration) -> bool {
    st.decorations_of(id)
        .any(|d| matches!(d.op(), Op::Decorate | Op::DecorateId) && st.word(d, 2) == dec.0)
}

/// Whether `id` carries decoration `dec` directly or through a decoration group
/// (OpGroupDecorate), as spirv-val sees decorations.
pub fn has_decoration_or_group(st: &State<'_>, id: u32, dec: Decoration) -> bool {
    has_decoration(st, id, dec)
        || st.group_decorates.iter().any(|&index| {
            st.inst(index).is_some_and(|g| {
                (2..usize::from(g.len)).any(|w| st.word(g, w) == id)
                    && has_decoration(st, st.word(g, 1), dec)
            })
        })
}

/// Whether any member of struct `id` carries decoration `dec`.
pub fn has_member_decoration(st: &State<'_>, id: u32, dec: Decoration) -> bool {
    st.decorations_of(id)
        .any(|d| d.op() == Op::MemberDecorate && st.word(d, 3) == dec.0)
}

/// Byte size of a type with a fixed size, using explicit Offset/ArrayStride/MatrixStride
/// decorations where present and natural sizes otherwise (enough for the extension rules that
/// compare a pointee size with a stride). `None` for runtime-sized or opaque types.
pub fn byte_size(st: &State<'_>, ty: u32, depth: u32) -> Option<u64> {
    if depth > 64 {
        return None;
    }
    match type_op(st, ty)? {
        Op::TypeInt | Op::TypeFloat => Some(u64::from(type_word(st, ty, 0)?).div_ceil(8)),
        Op::TypeBool => Some(1),
        Op::TypeVector => {
            let n = u64::from(type_word(st, ty, 1)?);
            n.checked_mul(byte_size(st, type_word(st, ty, 0)?, depth + 1)?)
        }
        Op::TypeMatrix => {
            let n = u64::from(type_word(st, ty, 1)?);
            n.checked_mul(byte_size(st, type_word(st, ty, 0)?, depth + 1)?)
        }
        Op::TypeArray => {
            let len = const_uint(st, type_word(st, ty, 1)?)?;
            let elem = type_word(st, ty, 0)?;
            let stride = decoration_value(st, ty, Decoration::ArrayStride)
                .map(u64::from)
                .or_else(|| byte_size(st, elem, depth + 1))?;
            len.checked_mul(stride)
        }
        Op::TypeStruct => {
            let members = struct_members(st, ty);
            let mut end = 0u64;
            let mut cursor = 0u64;
            for (i, &m) in members.iter().enumerate() {
                let size = byte_size(st, m, depth + 1)?;
                let offset = member_offset(st, ty, i as u32).map_or(cursor, u64::from);
                cursor = offset.saturating_add(size);
                end = end.max(cursor);
            }
            Some(end)
        }
        Op::TypePointer | Op::TypeUntypedPointerKHR => Some(8),
        _ => None,
    }
}

/// The literal of `OpDecorate id DEC literal`.
pub fn decoration_value(st: &State<'_>, id: u32, dec: Decoration) -> Option<u32> {
    st.decorations_of(id)
        .find(|d| d.op() == Op::Decorate && st.word(d, 2) == dec.0)
        .map(|d| st.word(d, 3))
}

/// The Offset decoration of member `member` of struct `id`.
pub fn member_offset(st: &State<'_>, id: u32, member: u32) -> Option<u32> {
    st.decorations_of(id)
        .find(|d| {
            d.op() == Op::MemberDecorate
                && st.word(d, 2) == member
                && st.word(d, 3) == Decoration::Offset.0
        })
        .map(|d| st.word(d, 4))
}

/// Name of an opcode for messages (`OpTypeInt`).
pub fn op_name(op: Op) -> &'static str {
    spirvkit_grammar::instruction(op.0).map_or("OpUnknown", |d| d.opname)
}

/// Name of a storage class for messages.
pub fn storage_class_name(sc: StorageClassId) -> String {
    spirvkit_grammar::OperandKind::StorageClass
        .desc()
        .enumerant(sc)
        .map_or_else(|| sc.to_string(), |e| e.name.to_string())
}

/// Scalar kind of a scalar or vector type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarKind {
    Int,
    Float,
    Bool,
}

/// Kind, component count, width and signedness of a scalar or vector type, from at most two
/// table lookups (the instruction rules ask for all of them at once on hot paths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub kind: ScalarKind,
    pub count: u32,
    pub width: u32,
    pub signed: u32,
}

pub fn shape(st: &State<'_>, ty: u32) -> Option<Shape> {
    let d = type_inst(st, ty)?;
    let (scalar, count) = if d.op() == Op::TypeVector {
        let w = st.inst_words(d);
        (type_inst(st, *w.get(2)?)?, *w.get(3)?)
    } else {
        (d, 1)
    };
    let w = st.inst_words(scalar);
    let word = |i: usize| w.get(i).copied().unwrap_or(0);
    let (kind, width, signed) = match scalar.op() {
        Op::TypeInt => (ScalarKind::Int, word(2), word(3)),
        Op::TypeFloat => (ScalarKind::Float, word(2), 0),
        Op::TypeBool => (ScalarKind::Bool, 0, 0),
        _ => return None,
    };
    Some(Shape {
        kind,
        count,
        width,
        signed,
    })
}
