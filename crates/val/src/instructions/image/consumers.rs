//! Where an OpSampledImage result may be used (spec 3.37.10 "OpSampledImage"): only in the
//! block that creates it, never by OpPhi or OpSelect, and only by the instructions that take an
//! OpTypeSampledImage operand. A module-wide pass that runs only when the module has
//! OpSampledImage instructions.

use crate::instructions::Sink;
use crate::state::{Inst, NONE};
use spirvkit_grammar::{Op, OperandKind};
use std::collections::HashMap;

/// Core instructions that take a sampled image (extension instructions are not judged).
fn takes_sampled_image(op: Op) -> bool {
    matches!(
        op,
        Op::SampledImage
            | Op::ImageSampleImplicitLod
            | Op::ImageSampleExplicitLod
            | Op::ImageSampleDrefImplicitLod
            | Op::ImageSampleDrefExplicitLod
            | Op::ImageSampleProjImplicitLod
            | Op::ImageSampleProjExplicitLod
            | Op::ImageSampleProjDrefImplicitLod
            | Op::ImageSampleProjDrefExplicitLod
            | Op::ImageGather
            | Op::ImageDrefGather
            | Op::Image
            | Op::ImageQueryLod
            | Op::ImageSparseSampleImplicitLod
            | Op::ImageSparseSampleExplicitLod
            | Op::ImageSparseSampleDrefImplicitLod
            | Op::ImageSparseSampleDrefExplicitLod
            | Op::ImageSparseGather
            | Op::ImageSparseDrefGather
            | Op::CopyObject
    )
}

pub fn check(s: &mut Sink<'_, '_>) {
    let st = s.st;
    if !st.opcodes.contains(Op::SampledImage) {
        return;
    }
    // OpSampledImage result id → (its block, its instruction index).
    let mut producers: HashMap<u32, (u32, u32)> = HashMap::new();
    for (index, inst) in st.insts.iter().enumerate() {
        if inst.op() == Op::SampledImage && inst.block != NONE {
            producers
                .entry(inst.result_id)
                .or_insert((inst.block, index as u32));
        }
    }
    if producers.is_empty() {
        return;
    }
    for inst in &st.insts {
        if inst.func == NONE || inst.op() == Op::ExtInst || !crate::state::is_core(inst.op()) {
            continue;
        }
        for id in used_ids(s, inst) {
            let Some(&(block, producer)) = producers.get(&id) else {
                continue;
            };
            if let Some(message) = misuse(inst, block, id) {
                s.err("image.sampled_image_use", producer, message, &[id]);
                // One report per OpSampledImage, as spirv-val.
                producers.remove(&id);
            }
        }
    }
}

/// Why `consumer` may not use sampled image `id` created in `block`, if it may not.
fn misuse(consumer: &Inst, block: u32, id: u32) -> Option<String> {
    let op = consumer.op();
    let name = crate::typeinfo::op_name(op);
    if consumer.block != block {
        return Some(format!("All OpSampledImage instructions must be in the same block in which their Result <id> are consumed. OpSampledImage Result Type <id> %{id} has a consumer in a different basic block. The consumer instruction <id> is %{}.", consumer.result_id));
    }
    if matches!(op, Op::Phi | Op::Select) {
        return Some(format!(
            "Result <id> from OpSampledImage instruction must not appear as operands of {name}. Found result <id> %{id} as an operand of <id> %{}.",
            consumer.result_id
        ));
    }
    if !takes_sampled_image(op) {
        return Some(format!("Result <id> from OpSampledImage instruction must not appear as operand for {name}, since it is not specified as taking an OpTypeSampledImage. Found result <id> %{id} as an operand of <id> %{}.", consumer.result_id));
    }
    None
}

/// The ids an instruction uses as operands (OpPhi: its values).
fn used_ids(s: &Sink<'_, '_>, inst: &Inst) -> Vec<u32> {
    let st = s.st;
    if inst.op() == Op::Phi {
        return st
            .inst_words(inst)
            .iter()
            .skip(3)
            .step_by(2)
            .copied()
            .collect();
    }
    st.ops(inst)
        .iter()
        .filter(|o| o.kind == OperandKind::IdRef)
        .map(|o| st.word(inst, usize::from(o.offset)))
        .collect()
}
