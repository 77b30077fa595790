//! Output modes beyond the default: `--comment`, `--offsets`, `--nested-indent`,
//! `--reorder-blocks`. With nesting or reordering, each function's blocks are collected, the
//! CFG built from merge and branch instructions, nest levels assigned during a DFS (merge
//! block at the header's level, continue target +1, branch targets, loop bodies and cases
//! +2), and blocks printed in input or reverse post-order (unreachable blocks last, level 0).

use super::comments::CommentState;
use super::{DisassembleError, DisassembleOptions, Disassembler};
use spirvkit_core::decode::ExtImport;
use spirvkit_core::{ParsedInstruction, ParsedOperand, Parser};
use spirvkit_grammar::{InstructionDesc, Op};
use std::collections::HashMap;

/// An instruction kept for later (inside a function while nesting/reordering).
struct Stashed {
    word_offset: usize,
    len: usize,
    index: usize,
    opcode: u16,
    desc: Option<&'static InstructionDesc>,
    result_type: Option<u32>,
    result_id: Option<u32>,
    ext_import: Option<ExtImport>,
    operands: Vec<ParsedOperand>,
}

impl Stashed {
    fn new(inst: &ParsedInstruction<'_>) -> Self {
        Self {
            word_offset: inst.word_offset,
            len: inst.words.len(),
            index: inst.index,
            opcode: inst.opcode,
            desc: inst.desc,
            result_type: inst.result_type,
            result_id: inst.result_id,
            ext_import: inst.ext_import,
            operands: inst.operands.to_vec(),
        }
    }

    fn get<'a>(&'a self, words: &'a [u32]) -> ParsedInstruction<'a> {
        ParsedInstruction {
            words: &words[self.word_offset..self.word_offset + self.len],
            word_offset: self.word_offset,
            index: self.index,
            opcode: self.opcode,
            desc: self.desc,
            result_type: self.result_type,
            result_id: self.result_id,
            ext_import: self.ext_import,
            operands: &self.operands,
        }
    }

    fn operand(&self, words: &[u32], i: usize) -> u32 {
        self.operands
            .get(i)
            .and_then(|o| words.get(self.word_offset + usize::from(o.offset)))
            .copied()
            .unwrap_or(0)
    }
}

#[derive(Default)]
struct Successors {
    merge: u32,
    continue_: u32,
    true_: u32,
    false_: u32,
    body: u32,
    next: u32,
    cases: Vec<u32>,
}

struct Block {
    byte_offset: usize,
    insts: Vec<Stashed>,
    succ: Successors,
    nest: u32,
    nest_assigned: bool,
    reachable: bool,
}

struct Fancy<'n> {
    d: Disassembler<'n>,
    c: CommentState,
    nested: bool,
    reorder: bool,
}

impl Fancy<'_> {
    fn emit(
        &mut self,
        out: &mut Vec<u8>,
        inst: &ParsedInstruction<'_>,
        byte_offset: usize,
        nest: u32,
        in_block: bool,
    ) {
        if self.nested && inst.opcode == Op::Label.0 {
            out.push(b'\n');
        }
        let line_start = out.len();
        let extra = if self.nested && in_block {
            nest as usize * 2 + if inst.opcode != Op::Label.0 { 2 } else { 0 }
        } else {
            0
        };
        self.d.emit_line(out, inst, extra);
        self.c
            .finish_line(&self.d, out, inst, line_start, byte_offset);
    }

    fn emit_cfg(&mut self, out: &mut Vec<u8>, words: &[u32], blocks: &mut Vec<Block>) {
        if blocks.is_empty() {
            return;
        }
        let mut index_of: HashMap<u32, usize> = HashMap::with_capacity(blocks.len());
        for (i, b) in blocks.iter_mut().enumerate() {
            if let Some(id) = b.insts.first().and_then(|l| l.result_id) {
                index_of.insert(id, i);
            }
            let n = b.insts.len();
            if n >= 3 {
                let m = &b.insts[n - 2];
                if m.opcode == Op::LoopMerge.0 {
                    b.succ.merge = m.operand(words, 0);
                    b.succ.continue_ = m.operand(words, 1);
                } else if m.opcode == Op::SelectionMerge.0 {
                    b.succ.merge = m.operand(words, 0);
                }
            }
            if let Some(br) = b.insts.last() {
                if br.opcode == Op::Branch.0 {
                    if b.succ.merge != 0 {
                        b.succ.body = br.operand(words, 0);
                    } else {
                        b.succ.next = br.operand(words, 0);
                    }
                } else if br.opcode == Op::BranchConditional.0 {
                    b.succ.true_ = br.operand(words, 1);
                    b.succ.false_ = br.operand(words, 2);
                } else if br.opcode == Op::Switch.0 {
                    let mut k = 1;
                    while k < br.operands.len() {
                        b.succ.cases.push(br.operand(words, k));
                        k += 2;
                    }
                }
            }
        }
        // DFS for nesting and reverse post-order.
        blocks[0].nest = 0;
        blocks[0].nest_assigned = true;
        let mut post = Vec::with_capacity(blocks.len());
        let mut visited = vec![false; blocks.len()];
        let mut stack: Vec<(usize, bool)> = vec![(0, false)];
        let nest = |blocks: &mut Vec<Block>, id: u32, level: u32| {
            if id == 0 {
                return;
            }
            if let Some(&i) = index_of.get(&id) {
                let b = &mut blocks[i];
                if !b.nest_assigned {
                    b.nest = level;
                    b.nest_assigned = true;
                }
            }
        };
        while let Some((i, post_visit)) = stack.pop() {
            if post_visit {
                post.push(i);
                continue;
            }
            if visited[i] {
                continue;
            }
            visited[i] = true;
            stack.push((i, true));
            let level = blocks[i].nest;
            let s = std::mem::take(&mut blocks[i].succ);
            nest(blocks, s.merge, level);
            nest(blocks, s.continue_, level + 1);
            nest(blocks, s.true_, level + 2);
            nest(blocks, s.false_, level + 2);
            nest(blocks, s.body, level + 2);
            nest(blocks, s.next, level);
            for &c in &s.cases {
                nest(blocks, c, level + 2);
            }
            blocks[i].reachable = true;
            let mut visit = |id: u32| {
                if id != 0 {
                    if let Some(&j) = index_of.get(&id) {
                        stack.push((j, false));
                    }
                }
            };
            visit(s.true_);
            visit(s.false_);
            visit(s.body);
            visit(s.next);
            for &c in &s.cases {
                visit(c);
            }
            visit(s.continue_);
            visit(s.merge);
            blocks[i].succ = s;
        }
        let mut order: Vec<usize> = post.into_iter().rev().collect();
        for (i, b) in blocks.iter_mut().enumerate() {
            if !b.reachable {
                order.push(i);
                b.nest = 0;
                b.nest_assigned = true;
            }
        }
        for (k, &ordered) in order.iter().enumerate() {
            let bi = if self.reorder { ordered } else { k };
            let b = &blocks[bi];
            let mut off = b.byte_offset;
            for s in &b.insts {
                let inst = s.get(words);
                self.emit(out, &inst, off, b.nest, true);
                off += s.len * 4;
            }
        }
        blocks.clear();
    }
}

pub(crate) fn disassemble_fancy(
    d: Disassembler<'_>,
    parser: &mut Parser<'_>,
    opts: &DisassembleOptions,
    words: &[u32],
    out: &mut Vec<u8>,
) -> Result<(), DisassembleError> {
    let mut blocks: Vec<Block> = Vec::new();
    let defer = opts.nested_indent || opts.reorder_blocks;
    let mut byte_offset = 20usize;
    let mut f = Fancy {
        d,
        c: CommentState {
            comment: opts.comment,
            offsets: opts.offsets,
            nested: opts.nested_indent,
            ..Default::default()
        },
        nested: opts.nested_indent,
        reorder: opts.reorder_blocks,
    };
    while let Some(inst) = parser.next_instruction()? {
        f.d.check(&inst)?;
        f.c.section(&f.d, out, &inst);
        if defer {
            if inst.opcode == Op::Label.0 {
                blocks.push(Block {
                    byte_offset,
                    insts: vec![Stashed::new(&inst)],
                    succ: Successors::default(),
                    nest: 0,
                    nest_assigned: false,
                    reachable: false,
                });
            } else {
                if inst.opcode == Op::FunctionEnd.0 {
                    f.emit_cfg(out, words, &mut blocks);
                }
                match blocks.last_mut() {
                    Some(b) => b.insts.push(Stashed::new(&inst)),
                    None => f.emit(out, &inst, byte_offset, 0, false),
                }
            }
        } else {
            f.emit(out, &inst, byte_offset, 0, false);
        }
        byte_offset += inst.words.len() * 4;
    }
    Ok(())
}
