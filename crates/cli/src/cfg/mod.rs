//! The control-flow picture of a module: spirv-cfg's DOT text (`dot`), or a laid-out SVG
//! drawn without graphviz (`layout`, `svg`). Both start from [`Graph`], which reads blocks
//! and edges the way spirv-cfg does.

pub mod dot;
pub mod layout;
pub mod svg;

use spirvkit_core::{DecodeError, Parser};
use spirvkit_grammar::{Op, OperandKind};

/// One block as spirv-cfg reports it.
pub struct Block {
    pub id: u32,
    /// Branch targets in operand order (repeats kept: `OpBranchConditional %c %a %a`).
    pub successors: Vec<u32>,
    /// Merge block named by the block's OpSelectionMerge/OpLoopMerge, 0 when none.
    pub merge: u32,
    /// Continue target named by the block's OpLoopMerge, 0 when none.
    pub continue_target: u32,
}

/// One function: its id and its blocks in binary order.
pub struct Function {
    pub id: u32,
    pub blocks: Vec<Block>,
}

/// The blocks of every function. spirv-cfg's reading is kept exactly, since its DOT is the
/// reference: a block is reported when one of OpBranch, OpBranchConditional, OpSwitch,
/// OpReturn, OpReturnValue, OpKill or OpUnreachable ends it; a block ended by any other
/// terminator is not reported, and a merge instruction's targets then carry over to the next
/// reported block, as in the reference. (This is a display walk over terminators, not a CFG
/// analysis: validation and dominance live in spirvkit-val.)
pub struct Graph {
    pub functions: Vec<Function>,
}

impl Graph {
    pub fn read(words: &[u32]) -> Result<Graph, DecodeError> {
        let mut parser = Parser::new(words)?;
        let mut functions: Vec<Function> = Vec::new();
        let mut block = 0u32;
        let (mut merge, mut continue_target) = (0u32, 0u32);
        while let Some(inst) = parser.next_instruction()? {
            let op = inst.op();
            let successors: Vec<u32> = match op {
                Op::Function => {
                    functions.push(Function {
                        id: inst.result_id.unwrap_or(0),
                        blocks: Vec::new(),
                    });
                    continue;
                }
                Op::Label => {
                    block = inst.result_id.unwrap_or(0);
                    continue;
                }
                Op::LoopMerge => {
                    merge = inst.operand_word(0);
                    continue_target = inst.operand_word(1);
                    continue;
                }
                Op::SelectionMerge => {
                    merge = inst.operand_word(0);
                    continue;
                }
                Op::Branch => vec![inst.operand_word(0)],
                Op::BranchConditional => vec![inst.operand_word(1), inst.operand_word(2)],
                Op::Switch => inst
                    .operands
                    .iter()
                    .enumerate()
                    .filter(|&(i, o)| i >= 1 && o.kind == OperandKind::IdRef)
                    .map(|(i, _)| inst.operand_word(i))
                    .collect(),
                Op::Return | Op::ReturnValue | Op::Kill | Op::Unreachable => Vec::new(),
                _ => continue,
            };
            let b = Block {
                id: block,
                successors,
                merge,
                continue_target,
            };
            (merge, continue_target) = (0, 0);
            match functions.last_mut() {
                Some(f) => f.blocks.push(b),
                // A terminator outside any function: spirv-cfg still prints it.
                None => functions.push(Function {
                    id: 0,
                    blocks: vec![b],
                }),
            }
        }
        Ok(Graph { functions })
    }
}
