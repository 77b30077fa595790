//! Control flow graphs over dense block indices: predecessor lists from successor lists, the
//! branch targets of a terminator, and the CFG of one [`Function`] of the module IR.

use crate::fasthash::FxHashMap;
use crate::module::{Function, Id, Instruction, Operand};
use spirvkit_grammar::Op;

/// Predecessor lists of a graph given by successor lists (out-of-range targets are ignored).
pub fn predecessors(succs: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut preds = Vec::new();
    predecessors_into(succs, &mut preds);
    preds
}

/// [`predecessors`] into `preds`, reusing its lists' memory (callers building many small
/// graphs in a row keep one).
pub fn predecessors_into(succs: &[Vec<u32>], preds: &mut Vec<Vec<u32>>) {
    preds.truncate(succs.len());
    for p in preds.iter_mut() {
        p.clear();
    }
    preds.resize_with(succs.len(), Vec::new);
    for (b, s) in succs.iter().enumerate() {
        for &t in s {
            if let Some(p) = preds.get_mut(t as usize) {
                p.push(b as u32);
            }
        }
    }
}

/// The labels a terminator branches to, in operand order (OpSwitch: default first, then the
/// cases). Nothing for other instructions.
pub fn successor_labels(term: &Instruction) -> impl Iterator<Item = Id> + '_ {
    let skip = match term.opcode {
        Op::Branch => 0,
        Op::BranchConditional | Op::Switch => 1,
        _ => term.operands.len(),
    };
    let take = match term.opcode {
        Op::Branch => 1,
        Op::BranchConditional => 2,
        _ => usize::MAX,
    };
    term.operands
        .iter()
        .skip(skip)
        .filter_map(Operand::id)
        .take(take)
}

/// The CFG of one function: block `i` is `function.blocks[i]`, the entry is block 0.
/// Successor lists are deduplicated and keep the terminator's operand order.
#[derive(Clone, Debug, Default)]
pub struct FunctionCfg {
    pub labels: Vec<Id>,
    pub succs: Vec<Vec<u32>>,
    pub preds: Vec<Vec<u32>>,
    index: FxHashMap<Id, u32>,
}

impl FunctionCfg {
    pub fn new(function: &Function) -> Self {
        let labels: Vec<Id> = function.blocks.iter().map(|b| b.id()).collect();
        let index: FxHashMap<Id, u32> = labels
            .iter()
            .enumerate()
            .map(|(i, &l)| (l, i as u32))
            .collect();
        let succs: Vec<Vec<u32>> = function
            .blocks
            .iter()
            .map(|b| {
                let mut s: Vec<u32> = Vec::new();
                if let Some(term) = b.terminator() {
                    for label in successor_labels(term) {
                        if let Some(&t) = index.get(&label) {
                            if !s.contains(&t) {
                                s.push(t);
                            }
                        }
                    }
                }
                s
            })
            .collect();
        let preds = predecessors(&succs);
        FunctionCfg {
            labels,
            succs,
            preds,
            index,
        }
    }

    /// Block index of a label of this function.
    pub fn block_of(&self, label: Id) -> Option<u32> {
        self.index.get(&label).copied()
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::Block;

    fn block(label: u32, term: Instruction) -> Block {
        Block {
            label: Instruction::new(Op::Label, None, Some(Id(label)), []),
            instructions: vec![term],
        }
    }

    #[test]
    fn switch_and_conditional_targets() {
        let sw = Instruction::new(
            Op::Switch,
            None,
            None,
            [
                Operand::Id(Id(9)),
                Operand::Id(Id(3)),
                Operand::Word(1),
                Operand::Id(Id(2)),
                Operand::Word(2),
                Operand::Id(Id(3)),
            ],
        );
        assert_eq!(
            successor_labels(&sw).collect::<Vec<_>>(),
            vec![Id(3), Id(2), Id(3)]
        );
        let bc = Instruction::new(
            Op::BranchConditional,
            None,
            None,
            [
                Operand::Id(Id(9)),
                Operand::Id(Id(2)),
                Operand::Id(Id(3)),
                Operand::Word(1),
                Operand::Word(1),
            ],
        );
        let mut f = Function::new(Instruction::new(Op::Function, Some(Id(7)), Some(Id(8)), []));
        f.blocks = vec![
            block(1, sw),
            block(2, bc),
            block(3, Instruction::new(Op::Return, None, None, [])),
        ];
        let cfg = FunctionCfg::new(&f);
        assert_eq!(cfg.succs, vec![vec![2, 1], vec![1, 2], vec![]]);
        assert_eq!(cfg.preds, vec![vec![], vec![0, 1], vec![0, 1]]);
        assert_eq!(cfg.block_of(Id(3)), Some(2));
    }
}
