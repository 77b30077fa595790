//! SPV_INTEL_long_composites: an OpTypeStruct, OpConstantComposite, OpSpecConstantComposite
//! or OpCompositeConstruct whose operands do not fit the 65 535 words of one instruction is
//! written as the instruction with as many operands as fit, followed directly by
//! OpTypeStructContinuedINTEL / OpConstantCompositeContinuedINTEL /
//! OpSpecConstantCompositeContinuedINTEL / OpCompositeConstructContinuedINTEL instructions
//! holding the rest (capability LongCompositesINTEL), as llvm-spirv writes them. Without the
//! extension such a composite is refused naming it: its word count would not fit the
//! instruction's 16 bits, and the binary would be corrupt.
//!
//! The translator builds each long composite as one instruction (so deduplication and the
//! parallel forks see one instruction); `split_long_composites` cuts the global ones just
//! before the module is finished, `construct` the ones in function bodies as they are emitted.

use crate::error::{unsupported, Result};
use crate::forward::translator::Translator;
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::{Capability, Op};

pub(crate) const EXTENSION: &str = "SPV_INTEL_long_composites";

/// The most words one instruction has (its word count is 16 bits).
const MAX_WORDS: usize = 0xFFFF;

/// The continuation instruction of a composite-building opcode.
fn continued(op: Op) -> Option<Op> {
    Some(match op {
        Op::TypeStruct => Op::TypeStructContinuedINTEL,
        Op::ConstantComposite => Op::ConstantCompositeContinuedINTEL,
        Op::SpecConstantComposite => Op::SpecConstantCompositeContinuedINTEL,
        Op::CompositeConstruct => Op::CompositeConstructContinuedINTEL,
        _ => return None,
    })
}

/// Words before the operands: the opcode word, the result type and the result id.
fn fixed_words(op: Op) -> usize {
    if op == Op::TypeStruct {
        2
    } else {
        3
    }
}

/// Whether `op` with `operands` id operands needs more than one instruction.
fn is_long(op: Op, operands: usize) -> bool {
    fixed_words(op) + operands > MAX_WORDS
}

/// Checks a composite of `operands` id operands built with `op` (`what` names it for the
/// error) before it is built: fine when it fits one instruction; otherwise the extension is
/// declared, or the composite refused naming it.
pub(crate) fn check(
    t: &mut Translator<'_>,
    op: Op,
    operands: usize,
    what: &str,
    location: &str,
) -> Result<()> {
    if !is_long(op, operands) {
        return Ok(());
    }
    if !t.opts.allows(EXTENSION) {
        return Err(unsupported(
            location,
            format!(
                "{what} of {operands} members (longer than one SPIR-V instruction holds; \
                 needs --spirv-ext=+{EXTENSION})"
            ),
        ));
    }
    t.b.extension(EXTENSION);
    t.b.capability(Capability::LongCompositesINTEL);
    Ok(())
}

/// The instruction and its continuations when `inst` is a composite too long for one
/// instruction (None otherwise).
fn split(inst: &Instruction) -> Option<Vec<Instruction>> {
    let next = continued(inst.opcode)?;
    let fixed = fixed_words(inst.opcode);
    if !is_long(inst.opcode, inst.operands.len()) {
        return None;
    }
    let (head, rest) = inst.operands.split_at(MAX_WORDS - fixed);
    let mut out = vec![Instruction::new(
        inst.opcode,
        inst.result_type,
        inst.result_id,
        head.iter().cloned(),
    )];
    // A continuation is its opcode word and operands.
    for chunk in rest.chunks(MAX_WORDS - 1) {
        out.push(Instruction::new(next, None, None, chunk.iter().cloned()));
    }
    Some(out)
}

/// The words `inst` takes (the opcode word, result type and id, each operand).
fn word_count(inst: &Instruction) -> usize {
    let operands: usize = inst
        .operands
        .iter()
        .map(|o| match o {
            Operand::String(s) => s.len() / 4 + 1,
            _ => 1,
        })
        .sum();
    1 + usize::from(inst.result_type.is_some()) + usize::from(inst.result_id.is_some()) + operands
}

impl<'m> Translator<'m> {
    /// Splits every long global composite (types and constants; `check` has allowed each),
    /// and refuses any other global instruction too long for its word count (the binary would
    /// be corrupt).
    pub(crate) fn split_long_composites(&mut self) -> Result<()> {
        let allowed = self.opts.allows(EXTENSION);
        let mut too_long: Option<(Op, usize)> = None;
        self.b.expand_pending_globals(|inst| {
            if word_count(inst) <= MAX_WORDS {
                return None;
            }
            if allowed {
                if let Some(list) = split(inst) {
                    return Some(list);
                }
            }
            too_long.get_or_insert((inst.opcode, word_count(inst)));
            None
        });
        match too_long {
            None => Ok(()),
            Some((op, words)) => Err(unsupported(
                "module",
                format!(
                    "an {} of {words} words (one SPIR-V instruction holds at most {MAX_WORDS}{})",
                    spirvkit_grammar::instruction(op.0).map_or("instruction", |d| d.opname),
                    if continued(op).is_some() {
                        format!("; needs --spirv-ext=+{EXTENSION}")
                    } else {
                        String::new()
                    }
                ),
            )),
        }
    }
}

/// Refuses a function whose body holds an instruction too long for its word count (an OpPhi,
/// OpSwitch or call with tens of thousands of operands), which would be written corrupt.
pub(crate) fn check_function(t: &Translator<'_>, location: &str) -> Result<()> {
    let Some(f) = t.b.current_function() else {
        return Ok(());
    };
    // Only an instruction with this many operands can be too long (strings aside, which
    // function bodies do not hold): the exact count is taken for those alone.
    let long = f
        .blocks
        .iter()
        .flat_map(|b| b.instructions.iter())
        .filter(|i| {
            i.operands.len() + 3 > MAX_WORDS / 4
                || i.operands.iter().any(|o| matches!(o, Operand::String(_)))
        })
        .find(|i| word_count(i) > MAX_WORDS);
    match long {
        None => Ok(()),
        Some(inst) => Err(unsupported(
            location,
            format!(
                "an {} of {} words (one SPIR-V instruction holds at most {MAX_WORDS})",
                spirvkit_grammar::instruction(inst.opcode.0).map_or("instruction", |d| d.opname),
                word_count(inst)
            ),
        )),
    }
}

/// OpCompositeConstruct of `parts` into `out` in a function body, continued when long.
pub(crate) fn construct(
    t: &mut Translator<'_>,
    out: Id,
    ty: Id,
    parts: Vec<Operand>,
    location: &str,
) -> Result<()> {
    check(
        t,
        Op::CompositeConstruct,
        parts.len(),
        "a composite",
        location,
    )?;
    let out = if out.0 == 0 { t.b.alloc_id() } else { out };
    let inst = Instruction::new(Op::CompositeConstruct, Some(ty), Some(out), parts);
    match split(&inst) {
        Some(list) => list.into_iter().for_each(|i| t.b.push_instruction(i)),
        None => t.b.push_instruction(inst),
    }
    Ok(())
}
