//! `--eliminate-dead-inserts`: an OpCompositeInsert whose component is never read — every
//! path from its result ends in extracts of other components, or in later inserts that
//! overwrite that component first — is dropped: its uses take its composite operand instead.
//! Liveness is tracked per first-level component (up to 64; wider composites are kept) from
//! the users back to the definitions; any use other than an extract or the composite operand
//! of another insert makes every component live. Kernel and Shader modules alike.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{run_function_pass, Changed, FunctionPass, FunctionWork, Pass};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::Op;
use spirvkit_core::{Function, Id, Module, Operand};

pub struct EliminateDeadInserts;

const ALL: u64 = u64::MAX;

fn bit(index: Option<u32>) -> u64 {
    match index {
        Some(i) if i < 64 => 1 << i,
        _ => ALL,
    }
}

impl Pass for EliminateDeadInserts {
    fn name(&self) -> &'static str {
        "eliminate-dead-inserts"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        Ok(run_function_pass(self, module))
    }

    fn function_pass(&self) -> Option<&dyn FunctionPass> {
        Some(self)
    }
}

impl FunctionPass for EliminateDeadInserts {
    fn prepare(&self, _: &Module) -> Box<dyn FunctionWork> {
        Box::new(EliminateDeadInserts)
    }
}

impl FunctionWork for EliminateDeadInserts {
    fn run(&self, f: &mut Function, removed: &mut Vec<Id>) -> bool {
        eliminate(f, removed)
    }
}

fn eliminate(f: &mut Function, removed: &mut Vec<Id>) -> bool {
    // Insert result → live first-level components.
    let mut live: FxHashMap<Id, u64> = f
        .blocks
        .iter()
        .flat_map(|b| &b.instructions)
        .filter(|i| i.opcode == Op::CompositeInsert)
        .filter_map(|i| i.result_id.map(|r| (r, 0)))
        .collect();
    if live.is_empty() {
        return false;
    }
    // Uses by anything but another insert's composite operand.
    for inst in f.instructions() {
        for (k, op) in inst.operands.iter().enumerate() {
            let Operand::Id(id) = op else { continue };
            let Some(l) = live.get_mut(id) else { continue };
            *l |= match (inst.opcode, k) {
                (Op::CompositeExtract, 0) => bit(inst.operands.get(1).and_then(Operand::word)),
                (Op::CompositeInsert, 1) => 0,
                _ => ALL,
            };
        }
    }
    // Inserts feeding inserts, users first: a definition precedes its uses in block order
    // (phis are uses of the first kind), so the reverse order sees every user's final set.
    let inserts: Vec<(Id, Id, u64, bool)> = f
        .blocks
        .iter()
        .flat_map(|b| &b.instructions)
        .filter(|i| i.opcode == Op::CompositeInsert)
        .filter_map(|i| {
            let r = i.result_id?;
            let composite = i.operands.get(1)?.id()?;
            let first = bit(i.operands.get(2).and_then(Operand::word));
            Some((r, composite, first, i.operands.len() == 3))
        })
        .collect();
    let mut dead: FxHashMap<Id, Id> = FxHashMap::default();
    for &(r, composite, first, single_index) in inserts.iter().rev() {
        let mine = live.get(&r).copied().unwrap_or(ALL);
        if first != ALL && mine & first == 0 {
            dead.insert(r, composite);
        }
        // A one-index insert overwrites its component: the composite's value there is unread.
        let passed = if single_index && first != ALL && !dead.contains_key(&r) {
            mine & !first
        } else {
            mine
        };
        if let Some(l) = live.get_mut(&composite) {
            *l |= passed;
        }
    }
    if dead.is_empty() {
        return false;
    }
    let resolve = |mut id: Id| {
        let mut steps = 0;
        while let Some(&next) = dead.get(&id) {
            if steps > dead.len() {
                break;
            }
            id = next;
            steps += 1;
        }
        id
    };
    for block in &mut f.blocks {
        block.instructions.retain(|i| {
            let gone = i.result_id.is_some_and(|r| dead.contains_key(&r));
            if let (true, Some(r)) = (gone, i.result_id) {
                removed.push(r);
            }
            !gone
        });
        for inst in &mut block.instructions {
            inst.map_ids(resolve);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    fn module(head: &str, body: &str) -> Vec<u32> {
        let signed = u8::from(!head.contains("Kernel"));
        assemble(&format!(
            r#"{head}
%void = OpTypeVoid
%int = OpTypeInt 32 {signed}
%v4 = OpTypeVector %int 4
%pv = OpTypePointer Function %v4
%c1 = OpConstant %int 1
%c2 = OpConstant %int 2
%u = OpUndef %v4
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
%var = OpVariable %pv Function
{body}
OpReturn
OpFunctionEnd
"#
        ))
    }

    const SHADER: &str = "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\nOpExecutionMode %main LocalSize 1 1 1";
    const KERNEL: &str = "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"";

    #[test]
    fn overwritten_and_unread_components_go() {
        for head in [SHADER, KERNEL] {
            let body = r#"
%a = OpCompositeInsert %v4 %c1 %u 0
%b = OpCompositeInsert %v4 %c2 %a 1
%c = OpCompositeInsert %v4 %c2 %b 0
%d = OpCompositeInsert %v4 %c1 %c 3
%x = OpCompositeExtract %int %d 0
%y = OpCompositeExtract %int %d 3
"#;
            let text = disassemble(&run_pass(&super::EliminateDeadInserts, &module(head, body)));
            // %a (overwritten by %c) and %b (component 1 never read) go; %c and %d stay.
            assert_eq!(text.matches("OpCompositeInsert").count(), 2, "{text}");
            assert!(text.contains("OpCompositeInsert %v4"), "{text}");
            assert!(text.contains("int_2 %8 0\n"), "{text}");
        }
    }

    #[test]
    fn a_whole_use_keeps_every_insert() {
        let body = r#"
%a = OpCompositeInsert %v4 %c1 %u 0
%b = OpCompositeInsert %v4 %c2 %a 1
OpStore %var %b
"#;
        let text = disassemble(&run_pass(
            &super::EliminateDeadInserts,
            &module(SHADER, body),
        ));
        assert_eq!(text.matches("OpCompositeInsert").count(), 2, "{text}");
    }
}
