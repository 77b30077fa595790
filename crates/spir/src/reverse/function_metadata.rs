//! FPGA function decorations back to the function metadata they came from (llvm-spirv's
//! reader, the inverse of `forward/function_decorations.rs`): StallEnableINTEL →
//! `!stall_enable !{i32 1}`, StallFreeINTEL → `!stall_free !{i32 1}`,
//! FuseLoopsInFunctionINTEL → `!loop_fuse !{depth, independent}`, MathOpDSPModeINTEL →
//! `!prefer_dsp !{mode}` (and `!propagate_dsp_preference !{p}` when p ≠ 0),
//! InitiationIntervalINTEL → `!initiation_interval !{N}`, MaxConcurrencyINTEL →
//! `!max_concurrency !{N}`, PipelineEnableINTEL → `!pipeline_kernel !{N}`.
//! Equal lists share one node, as LLVM uniques them.

use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::Decoration;
use spirvkit_llvm::MetadataId;

use super::Ctx;

impl Ctx<'_> {
    pub fn function_metadata(&mut self) {
        let mut nodes: FxHashMap<Vec<u32>, MetadataId> = FxHashMap::default();
        let mut functions: Vec<_> = self.functions.iter().map(|(&id, &f)| (id, f)).collect();
        functions.sort_by_key(|&(_, f)| f.0);
        for (id, fid) in functions {
            let mut attachments: Vec<(&'static str, Vec<u32>)> = Vec::new();
            for d in self.decorations(id) {
                let args = d.args.clone();
                match Decoration(d.kind) {
                    Decoration::StallEnableALTERA => attachments.push(("stall_enable", vec![1])),
                    Decoration::StallFreeALTERA => attachments.push(("stall_free", vec![1])),
                    Decoration::FuseLoopsInFunctionALTERA if args.len() >= 2 => {
                        attachments.push(("loop_fuse", args[..2].to_vec()))
                    }
                    Decoration::MathOpDSPModeALTERA => {
                        let (mode, propagate) = (args.first(), args.get(1));
                        if let Some(&mode) = mode {
                            attachments.push(("prefer_dsp", vec![mode]));
                        }
                        if let Some(&p) = propagate.filter(|&&p| p != 0) {
                            attachments.push(("propagate_dsp_preference", vec![p]));
                        }
                    }
                    Decoration::InitiationIntervalALTERA if !args.is_empty() => {
                        attachments.push(("initiation_interval", args[..1].to_vec()))
                    }
                    Decoration::MaxConcurrencyALTERA if !args.is_empty() => {
                        attachments.push(("max_concurrency", args[..1].to_vec()))
                    }
                    Decoration::PipelineEnableALTERA if !args.is_empty() => {
                        attachments.push(("pipeline_kernel", args[..1].to_vec()))
                    }
                    _ => {}
                }
            }
            for (key, values) in attachments {
                let node = match nodes.get(&values) {
                    Some(&n) => n,
                    None => {
                        let operands = values.iter().map(|&v| self.md_i32(v)).collect();
                        let n = self.md_node(operands);
                        nodes.insert(values, n);
                        n
                    }
                };
                if let Some(f) = self.m.functions.get_mut(fid.0 as usize) {
                    if !f.attachments.iter().any(|(k, _)| k == key) {
                        f.attachments.push((key.to_owned(), node));
                    }
                }
            }
        }
    }
}
