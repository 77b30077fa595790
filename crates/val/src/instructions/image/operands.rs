//! The Image Operands mask (spec 3.14) of sampling, fetch, gather, read and write: one operand
//! per set bit in bit order (two for Grad, none for NonPrivateTexel, VolatileTexel,
//! SignExtend, ZeroExtend, Nontemporal), which instructions allow which bit, mutually exclusive
//! bits, the operands' types and the image parameters each bit requires.

use super::{fail, ImageInfo, Verdict};
use crate::instructions::Sink;
use crate::state::Inst;
use crate::typeinfo as ti;
use spirvkit_grammar::{Capability, Dim, ImageOperands as IO, Op};

/// What kind of image access an opcode is, for the operand rules.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Access {
    pub op: Op,
}

impl Access {
    pub fn implicit_lod(self) -> bool {
        matches!(
            self.op,
            Op::ImageSampleImplicitLod
                | Op::ImageSampleDrefImplicitLod
                | Op::ImageSampleProjImplicitLod
                | Op::ImageSampleProjDrefImplicitLod
                | Op::ImageSparseSampleImplicitLod
                | Op::ImageSparseSampleDrefImplicitLod
                | Op::ImageSparseSampleProjImplicitLod
                | Op::ImageSparseSampleProjDrefImplicitLod
        )
    }
    pub fn explicit_lod(self) -> bool {
        matches!(
            self.op,
            Op::ImageSampleExplicitLod
                | Op::ImageSampleDrefExplicitLod
                | Op::ImageSampleProjExplicitLod
                | Op::ImageSampleProjDrefExplicitLod
                | Op::ImageSparseSampleExplicitLod
                | Op::ImageSparseSampleDrefExplicitLod
                | Op::ImageSparseSampleProjExplicitLod
                | Op::ImageSparseSampleProjDrefExplicitLod
        )
    }
    pub fn gather(self) -> bool {
        matches!(
            self.op,
            Op::ImageGather
                | Op::ImageDrefGather
                | Op::ImageSparseGather
                | Op::ImageSparseDrefGather
        )
    }
    pub fn fetch(self) -> bool {
        matches!(self.op, Op::ImageFetch | Op::ImageSparseFetch)
    }
    pub fn read(self) -> bool {
        matches!(self.op, Op::ImageRead | Op::ImageSparseRead)
    }
}

/// Bits that take no operand.
const NO_OPERAND: u32 = IO::NonPrivateTexel.0
    | IO::VolatileTexel.0
    | IO::SignExtend.0
    | IO::ZeroExtend.0
    | IO::Nontemporal.0;

/// Checks the mask at word `mask_word` (absent when the instruction ends before it) and the
/// operands after it.
pub fn check(
    s: &mut Sink<'_, '_>,
    index: u32,
    inst: &Inst,
    info: &ImageInfo,
    mask_word: usize,
) -> Verdict {
    let st = s.st;
    let rule = "image.operands";
    let len = usize::from(inst.len);
    let mask = if mask_word < len {
        st.word(inst, mask_word)
    } else {
        0
    };
    let operand_words = len.saturating_sub(mask_word + 1);
    let expected = (mask & !NO_OPERAND).count_ones() as usize + usize::from(mask & IO::Grad.0 != 0);
    if expected != operand_words {
        let m = "Number of image operand ids doesn't correspond to the bit mask";
        return fail(s, rule, index, m, &[]);
    }
    if info.multisampled != 0 && mask & IO::Sample.0 == 0 {
        let m = "Image Operand Sample is required for operation on multi-sampled image";
        return fail(s, rule, index, m, &[]);
    }
    if mask == 0 {
        return Ok(());
    }
    let offsets = IO::Offset.0 | IO::ConstOffset.0 | IO::ConstOffsets.0 | IO::Offsets.0;
    if (mask & offsets).count_ones() > 1 {
        let m = "Image Operands Offset, ConstOffset, ConstOffsets, Offsets cannot be used together";
        return fail(s, rule, index, m, &[]);
    }
    let access = Access { op: inst.op() };
    let gather_lod_bias_amd =
        access.gather() && st.has_capability(Capability::ImageGatherBiasLodAMD);
    let lod_allowed = if access.read() || access.op == Op::ImageWrite {
        st.has_capability(Capability::ImageReadWriteLodAMD)
    } else {
        access.explicit_lod()
    };
    let mut next = mask_word + 1;
    let operand = |next: &mut usize| -> (u32, u32) {
        let id = st.word(inst, *next);
        *next += 1;
        (id, ti::type_of(st, id))
    };
    let is_float_scalar = |t: u32| ti::is_float(st, t);
    let is_int_scalar = |t: u32| ti::is_int(st, t);
    let size = |t: u32| ti::component_count(st, t).unwrap_or(0);

    if mask & IO::Bias.0 != 0 {
        if !access.implicit_lod() && !gather_lod_bias_amd {
            return fail(
                s,
                rule,
                index,
                "Image Operand Bias can only be used with ImplicitLod opcodes",
                &[],
            );
        }
        let (id, t) = operand(&mut next);
        if !is_float_scalar(t) {
            return fail(
                s,
                rule,
                index,
                "Expected Image Operand Bias to be float scalar",
                &[id],
            );
        }
        if !info.has_mip_levels() {
            let m = "Image Operand Bias requires 'Dim' parameter to be 1D, 2D, 3D or Cube";
            return fail(s, rule, index, m, &[]);
        }
    }
    if mask & IO::Lod.0 != 0 {
        if !lod_allowed && !access.fetch() && !gather_lod_bias_amd {
            let m = "Image Operand Lod can only be used with ExplicitLod opcodes and OpImageFetch";
            return fail(s, rule, index, m, &[]);
        }
        if mask & IO::Grad.0 != 0 {
            let m = "Image Operand bits Lod and Grad cannot be set at the same time";
            return fail(s, rule, index, m, &[]);
        }
        let (id, t) = operand(&mut next);
        if access.explicit_lod() || gather_lod_bias_amd {
            if !is_float_scalar(t) {
                let m = "Expected Image Operand Lod to be float scalar when used with ExplicitLod";
                return fail(s, rule, index, m, &[id]);
            }
        } else if !is_int_scalar(t) {
            let m = "Expected Image Operand Lod to be int scalar when used with OpImageFetch";
            return fail(s, rule, index, m, &[id]);
        }
        if !info.has_mip_levels() {
            let m = "Image Operand Lod requires 'Dim' parameter to be 1D, 2D, 3D or Cube";
            return fail(s, rule, index, m, &[]);
        }
    }
    if mask & IO::Grad.0 != 0 {
        if !access.explicit_lod() {
            let m = "Image Operand Grad can only be used with ExplicitLod opcodes";
            return fail(s, rule, index, m, &[]);
        }
        let (dx, dx_t) = operand(&mut next);
        let (dy, dy_t) = operand(&mut next);
        if !ti::is_float_scalar_or_vector(st, dx_t) || !ti::is_float_scalar_or_vector(st, dy_t) {
            let m = "Expected both Image Operand Grad ids to be float scalars or vectors";
            return fail(s, rule, index, m, &[dx, dy]);
        }
        if let Some(plane) = info.plane_size() {
            for (name, id, t) in [("dx", dx, dx_t), ("dy", dy, dy_t)] {
                if size(t) != plane {
                    let m = format!("Expected Image Operand Grad {name} to have {plane} components, but given {}", size(t));
                    return fail(s, rule, index, m, &[id]);
                }
            }
        }
    }
    if mask & IO::ConstOffset.0 != 0 {
        if info.dim == Dim::Cube {
            let m = "Image Operand ConstOffset cannot be used with Cube Image 'Dim'";
            return fail(s, rule, index, m, &[]);
        }
        let (id, t) = operand(&mut next);
        if !ti::is_int_scalar_or_vector(st, t) {
            let m = "Expected Image Operand ConstOffset to be int scalar or vector";
            return fail(s, rule, index, m, &[id]);
        }
        if !ti::is_constant(st, id) {
            let m = "Expected Image Operand ConstOffset to be a const object";
            return fail(s, rule, index, m, &[id]);
        }
        offset_size(s, index, info, "ConstOffset", id, size(t))?;
    }
    if mask & IO::Offset.0 != 0 {
        if info.dim == Dim::Cube {
            let m = "Image Operand Offset cannot be used with Cube Image 'Dim'";
            return fail(s, rule, index, m, &[]);
        }
        let (id, t) = operand(&mut next);
        if !ti::is_int_scalar_or_vector(st, t) {
            let m = "Expected Image Operand Offset to be int scalar or vector";
            return fail(s, rule, index, m, &[id]);
        }
        offset_size(s, index, info, "Offset", id, size(t))?;
    }
    if mask & IO::ConstOffsets.0 != 0 {
        if !access.gather() {
            let m = "Image Operand ConstOffsets can only be used with OpImageGather and OpImageDrefGather";
            return fail(s, rule, index, m, &[]);
        }
        if info.dim == Dim::Cube {
            let m = "Image Operand ConstOffsets cannot be used with Cube Image 'Dim'";
            return fail(s, rule, index, m, &[]);
        }
        let (id, t) = operand(&mut next);
        let array = ti::type_inst(st, t)
            .filter(|d| d.op() == Op::TypeArray)
            .copied();
        let length = array.and_then(|a| ti::const_uint(st, st.word(&a, 3)));
        if length != Some(4) {
            let m = "Expected Image Operand ConstOffsets to be an array of size 4";
            return fail(s, rule, index, m, &[id]);
        }
        let element = ti::element_type(st, t).unwrap_or(0);
        if !ti::is_vector(st, element)
            || !ti::is_int_scalar_or_vector(st, element)
            || size(element) != 2
        {
            let m =
                "Expected Image Operand ConstOffsets array components to be int vectors of size 2";
            return fail(s, rule, index, m, &[id]);
        }
        if !ti::is_constant(st, id) {
            let m = "Expected Image Operand ConstOffsets to be a const object";
            return fail(s, rule, index, m, &[id]);
        }
    }
    if mask & IO::Sample.0 != 0 {
        if !access.fetch() && !access.read() && access.op != Op::ImageWrite {
            let m = "Image Operand Sample can only be used with OpImageFetch, OpImageRead, OpImageWrite, OpImageSparseFetch and OpImageSparseRead";
            return fail(s, rule, index, m, &[]);
        }
        if info.multisampled == 0 {
            let m = "Image Operand Sample requires non-zero 'MS' parameter";
            return fail(s, rule, index, m, &[]);
        }
        let (id, t) = operand(&mut next);
        if !is_int_scalar(t) {
            return fail(
                s,
                rule,
                index,
                "Expected Image Operand Sample to be int scalar",
                &[id],
            );
        }
    }
    if mask & IO::MinLod.0 != 0 {
        if !access.implicit_lod() && mask & IO::Grad.0 == 0 {
            let m = "Image Operand MinLod can only be used with ImplicitLod opcodes or together with Image Operand Grad";
            return fail(s, rule, index, m, &[]);
        }
        let (id, t) = operand(&mut next);
        if !is_float_scalar(t) {
            return fail(
                s,
                rule,
                index,
                "Expected Image Operand MinLod to be float scalar",
                &[id],
            );
        }
        if !info.has_mip_levels() {
            let m = "Image Operand MinLod requires 'Dim' parameter to be 1D, 2D, 3D or Cube";
            return fail(s, rule, index, m, &[]);
        }
        if info.multisampled != 0 {
            let m = "Image Operand MinLod requires 'MS' parameter to be 0";
            return fail(s, rule, index, m, &[]);
        }
    }
    let opname = ti::op_name(access.op);
    if mask & IO::MakeTexelAvailable.0 != 0 {
        if access.op != Op::ImageWrite {
            let m = format!(
                "Image Operand MakeTexelAvailableKHR can only be used with OpImageWrite: {opname}"
            );
            return fail(s, rule, index, m, &[]);
        }
        if mask & IO::NonPrivateTexel.0 == 0 {
            let m = format!("Image Operand MakeTexelAvailableKHR requires NonPrivateTexelKHR is also specified: {opname}");
            return fail(s, rule, index, m, &[]);
        }
        crate::instructions::barriers::check_scope(s, index, inst, &opname[2..], next);
        next += 1;
    }
    if mask & IO::MakeTexelVisible.0 != 0 {
        if !access.read() {
            let m = format!("Image Operand MakeTexelVisibleKHR can only be used with OpImageRead or OpImageSparseRead: {opname}");
            return fail(s, rule, index, m, &[]);
        }
        if mask & IO::NonPrivateTexel.0 == 0 {
            let m = format!("Image Operand MakeTexelVisibleKHR requires NonPrivateTexelKHR is also specified: {opname}");
            return fail(s, rule, index, m, &[]);
        }
        crate::instructions::barriers::check_scope(s, index, inst, &opname[2..], next);
    }
    Ok(())
}

/// Offset and ConstOffset have one component per coordinate of a layer.
fn offset_size(
    s: &mut Sink<'_, '_>,
    index: u32,
    info: &ImageInfo,
    name: &str,
    id: u32,
    given: u32,
) -> Verdict {
    match info.plane_size() {
        Some(plane) if plane != given => {
            let m = format!(
                "Expected Image Operand {name} to have {plane} components, but given {given}"
            );
            fail(s, "image.operands", index, m, &[id])
        }
        _ => Ok(()),
    }
}
