//! Literal numbers narrower than 32 bits (OpConstant / OpSpecConstant values, OpSwitch case
//! literals): the bits above the width are 0 for floats and unsigned integers and a copy of
//! the sign bit for signed integers (spec 2.2.1, "Literal"; spirv-val's LiteralsPass).

use super::Sink;
use crate::state::Inst;
use spirvkit_core::NumberKind;
use spirvkit_grammar::Op;

pub fn check(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    if !matches!(inst.op(), Op::Constant | Op::SpecConstant | Op::Switch) {
        return;
    }
    let st = s.st;
    for o in st.ops(inst) {
        let width = u32::from(o.number_width);
        if o.number_kind == NumberKind::None || width == 0 || width >= 32 {
            continue;
        }
        let word = st.word(inst, usize::from(o.offset));
        let upper_mask = u32::MAX << width;
        let upper = word & upper_mask;
        let negative = o.number_kind == NumberKind::Signed && word & (1 << (width - 1)) != 0;
        let ok = if negative {
            upper == upper_mask
        } else {
            upper == 0
        };
        if !ok {
            s.err(
                "literal.high_bits",
                index,
                format!("The high-order bits of a literal number in instruction <id> {} must be 0 for a floating-point type, or 0 for an integer type with Signedness of 0, or sign extended when Signedness is 1", inst.result_id),
                &[],
            );
            return;
        }
    }
}
