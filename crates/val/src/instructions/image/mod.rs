//! Image instructions (spec 3.37.10) and image types: every rule reads the image type's
//! parameters (`ImageInfo`) and stops at the first broken rule of an instruction, as spirv-val
//! reports one message per instruction.
//!
//! - `types.rs`: OpTypeImage, OpTypeSampledImage, OpSampledImage.
//! - `access.rs`: sampling, fetch, gather, read and write (and their sparse forms).
//! - `operands.rs`: the Image Operands mask and its operands.
//! - `queries.rs`: OpImage, OpImageQuery*, OpImageTexelPointer, OpImageSparseTexelsResident.
//! - `consumers.rs`: where OpSampledImage results may be used (a module-wide pass).

mod access;
mod consumers;
mod operands;
mod queries;
mod types;

use super::Sink;
use crate::state::{Inst, State};
use crate::typeinfo as ti;
use spirvkit_grammar::{Dim, Op};

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    let op = inst.op();
    let _ = match op {
        Op::TypeImage => types::type_image(s, index, inst),
        Op::TypeSampledImage => types::type_sampled_image(s, index, inst),
        Op::SampledImage => types::sampled_image(s, index, inst),
        _ if access::handles(op) => access::check(s, index, inst),
        _ if queries::handles(op) => queries::check(s, index, inst),
        _ => return false,
    };
    true
}

/// The module-wide image rules (run once, after the per-instruction pass).
pub fn check_module(s: &mut Sink<'_, '_>) {
    consumers::check(s);
}

/// A broken rule was reported; the instruction's remaining rules are skipped.
pub struct Reported;

/// The outcome of one instruction's checks.
pub type Verdict = Result<(), Reported>;

/// Reports a broken rule and stops the instruction's checks.
pub fn fail(
    s: &mut Sink<'_, '_>,
    rule: &'static str,
    index: u32,
    message: impl Into<String>,
    ids: &[u32],
) -> Verdict {
    s.err(rule, index, message, ids);
    Err(Reported)
}

/// The parameters of an OpTypeImage (spec 3.32.6 "OpTypeImage").
#[derive(Clone, Copy, Debug)]
pub struct ImageInfo {
    pub sampled_type: u32,
    pub dim: Dim,
    pub depth: u32,
    pub arrayed: u32,
    pub multisampled: u32,
    pub sampled: u32,
    pub format: u32,
}

impl ImageInfo {
    /// 1D, 2D, 3D or Cube: the dimensionalities with mipmaps (Bias, Lod, MinLod, Levels).
    pub fn has_mip_levels(&self) -> bool {
        matches!(self.dim, Dim::Dim1D | Dim::Dim2D | Dim::Dim3D | Dim::Cube)
    }

    /// Components of a coordinate addressing one texel of one array layer; `None` for
    /// dimensionalities of extensions, whose coordinates are not checked.
    pub fn plane_size(&self) -> Option<u32> {
        match self.dim {
            Dim::Dim1D | Dim::Buffer => Some(1),
            Dim::Dim2D | Dim::Rect | Dim::SubpassData => Some(2),
            Dim::Dim3D | Dim::Cube => Some(3),
            _ => None,
        }
    }

    /// Whether the Sampled Type is OpTypeVoid (texel type known only at run time).
    pub fn void_sampled_type(&self, st: &State<'_>) -> bool {
        st.def_op(self.sampled_type) == Some(Op::TypeVoid)
    }
}

/// The image parameters of an OpTypeImage, or of the image type of an OpTypeSampledImage.
pub fn image_info(st: &State<'_>, ty: u32) -> Option<ImageInfo> {
    let mut def = ti::type_inst(st, ty)?;
    if def.op() == Op::TypeSampledImage {
        def = ti::type_inst(st, st.word(def, 2))?;
    }
    if def.op() != Op::TypeImage {
        return None;
    }
    let w = st.inst_words(def);
    if w.len() < 9 {
        return None;
    }
    let word = |i: usize| w.get(i).copied().unwrap_or(0);
    Some(ImageInfo {
        sampled_type: word(2),
        dim: Dim(word(3)),
        depth: word(4),
        arrayed: word(5),
        multisampled: word(6),
        sampled: word(7),
        format: word(8),
    })
}

/// The image operand of instruction `inst` at word `word`: its id, type id and the type's
/// opcode. `None` when the operand is undefined (reported elsewhere).
pub fn operand_type(st: &State<'_>, inst: &Inst, word: usize) -> Option<(u32, u32, Option<Op>)> {
    let id = st.word(inst, word);
    let def = st.def(id)?;
    Some((id, def.result_type, ti::type_op(st, def.result_type)))
}

/// Whether the type is core (the image rules judge only core types).
pub fn is_core_type(op: Option<Op>) -> bool {
    op.is_some_and(crate::state::is_core)
}
