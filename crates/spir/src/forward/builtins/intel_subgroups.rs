//! SPV_INTEL_subgroups (cl_intel_subgroups): `intel_sub_group_shuffle[_down|_up|_xor]` and
//! `intel_sub_group_block_read/write[_uc|_us|_ui|_ul][N]` on global pointers and images →
//! OpSubgroupShuffle*INTEL, OpSubgroup[Image]BlockRead/WriteINTEL; SPV_INTEL_media_block_io
//! (cl_intel_media_block_io, session 16): `intel_sub_group_media_block_read_{uc,us,ui}[N]
//! (coord, width, height, image)` → OpSubgroupImageMediaBlockReadINTEL and
//! `intel_sub_group_media_block_write_{uc,us,ui}[N](coord, width, height, pixels, image)` →
//! OpSubgroupImageMediaBlockWriteINTEL, the image first (llvm-spirv's SPV_INTEL_media_block_io
//! test). Refused naming the extension unless `--spirv-ext` allows it (the grammar's
//! requirements).

use crate::error::{malformed, Result};
use crate::forward::context::FnCtx;
use crate::forward::translator::Translator;
use crate::mangle::{Demangled, MType};
use llvm::ValueRef;
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;

/// The instruction a cl_intel_subgroups built-in maps to (the image forms are chosen by the
/// first parameter).
fn opcode(d: &Demangled) -> Option<Op> {
    let rest = d.name.strip_prefix("intel_sub_group_")?;
    let image = matches!(d.params.first(), Some(MType::Named(_)));
    Some(match rest {
        "shuffle" => Op::SubgroupShuffleINTEL,
        "shuffle_down" => Op::SubgroupShuffleDownINTEL,
        "shuffle_up" => Op::SubgroupShuffleUpINTEL,
        "shuffle_xor" => Op::SubgroupShuffleXorINTEL,
        _ if rest.starts_with("media_block_") => {
            let rest = &rest["media_block_".len()..];
            let read = rest.starts_with("read");
            let suffix = rest
                .strip_prefix("read_")
                .or_else(|| rest.strip_prefix("write_"))?;
            let width = ["uc", "us", "ui"]
                .into_iter()
                .find_map(|w| suffix.strip_prefix(w))?;
            if !matches!(width, "" | "2" | "4" | "8" | "16") {
                return None;
            }
            if read {
                Op::SubgroupImageMediaBlockReadINTEL
            } else {
                Op::SubgroupImageMediaBlockWriteINTEL
            }
        }
        _ => {
            let read = rest.starts_with("block_read");
            let suffix = rest
                .strip_prefix("block_read")
                .or_else(|| rest.strip_prefix("block_write"))?;
            let suffix = suffix
                .trim_start_matches("_uc")
                .trim_start_matches("_us")
                .trim_start_matches("_ui")
                .trim_start_matches("_ul");
            if !matches!(suffix, "" | "2" | "4" | "8" | "16") {
                return None;
            }
            match (read, image) {
                (true, false) => Op::SubgroupBlockReadINTEL,
                (true, true) => Op::SubgroupImageBlockReadINTEL,
                (false, false) => Op::SubgroupBlockWriteINTEL,
                (false, true) => Op::SubgroupImageBlockWriteINTEL,
            }
        }
    })
}

pub(super) fn is_intel_subgroup(d: &Demangled) -> bool {
    opcode(d).is_some()
}

pub(super) fn lower(
    t: &mut Translator<'_>,
    ctx: &FnCtx<'_>,
    out: Id,
    result_ty: llvm::TypeId,
    d: &Demangled,
    args: &[ValueRef],
) -> Result<()> {
    let loc = ctx.location.as_str();
    let op = opcode(d)
        .ok_or_else(|| malformed(loc, format!("{} is not a sub-group built-in", d.name)))?;
    let desc = op
        .desc()
        .ok_or_else(|| malformed(loc, format!("no grammar entry for {op:?}")))?;
    crate::forward::requirements::require(t, loc, &d.name, &desc.avail)?;
    let mut ops = args
        .iter()
        .map(|&a| t.value(ctx, a).map(Operand::Id))
        .collect::<Result<Vec<_>>>()?;
    // The media block built-ins take the image last; the instructions take it first.
    if matches!(
        op,
        Op::SubgroupImageMediaBlockReadINTEL | Op::SubgroupImageMediaBlockWriteINTEL
    ) {
        let expected = if op == Op::SubgroupImageMediaBlockReadINTEL {
            4
        } else {
            5
        };
        if ops.len() != expected {
            return Err(malformed(
                loc,
                format!("{} takes {expected} arguments", d.name),
            ));
        }
        ops.rotate_right(1);
    }
    if desc.has_result {
        let ty = t.ty(result_ty, loc)?;
        t.emit_to(out, op, ty, ops);
    } else {
        t.emit_void(op, ops);
    }
    Ok(())
}
