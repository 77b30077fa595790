use crate::input;
use spirvkit_core::{ParsedInstruction, Parser};
use spirvkit_grammar::{Op, OperandKind};
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct InfoArgs {
    /// SPIR-V binary (`-` for standard input).
    pub input: PathBuf,
}

pub fn run(args: InfoArgs) -> anyhow::Result<()> {
    let words = input::read_spirv_words(&args.input)?;
    let report = report(&words).map_err(|e| input::decode_error(&args.input, &e))?;
    print!("{report}");
    Ok(())
}

fn enumerant_name(kind: OperandKind, value: u32) -> String {
    kind.desc()
        .enumerant(value)
        .map_or_else(|| value.to_string(), |e| e.name.to_owned())
}

fn string_operand(inst: &ParsedInstruction<'_>, i: usize) -> String {
    String::from_utf8_lossy(&spirvkit_core::decode::decode_string(inst.operand_words(i)))
        .into_owned()
}

/// The report, in the spirit of `llvm-spirv --spirv-print-report`, with more detail.
pub fn report(words: &[u32]) -> Result<String, spirvkit_core::DecodeError> {
    let mut parser = Parser::new(words)?;
    let header = *parser.header();
    let mut capabilities = Vec::new();
    let mut extensions = Vec::new();
    let mut imports = Vec::new();
    let mut memory_model = None;
    let mut entry_points = Vec::new();
    let mut functions = 0usize;
    let mut instructions = 0usize;
    while let Some(inst) = parser.next_instruction()? {
        instructions += 1;
        match inst.op() {
            Op::Capability => capabilities.push(enumerant_name(
                OperandKind::Capability,
                inst.operand_word(0),
            )),
            Op::Extension => extensions.push(string_operand(&inst, 0)),
            Op::ExtInstImport => imports.push(string_operand(&inst, 1)),
            Op::MemoryModel => {
                memory_model = Some((
                    enumerant_name(OperandKind::AddressingModel, inst.operand_word(0)),
                    enumerant_name(OperandKind::MemoryModel, inst.operand_word(1)),
                ));
            }
            Op::EntryPoint => entry_points.push((
                enumerant_name(OperandKind::ExecutionModel, inst.operand_word(0)),
                string_operand(&inst, 2),
                inst.operands.len().saturating_sub(3),
            )),
            Op::Function => functions += 1,
            _ => {}
        }
    }
    let tool = header.generator >> 16;
    let generator = match spirvkit_grammar::generator(tool) {
        Some((vendor, Some(tool_name))) => format!("{vendor} {tool_name}"),
        Some((vendor, None)) => vendor.to_owned(),
        None => format!("Unknown({tool})"),
    };
    let mut out = String::new();
    let _ = writeln!(out, "SPIR-V module report:");
    let _ = writeln!(out, " Version: {}.{}", header.major(), header.minor());
    let _ = writeln!(
        out,
        " Generator: {generator}, version {}",
        header.generator & 0xffff
    );
    let _ = writeln!(out, " Bound: {}", header.bound);
    let _ = writeln!(out, " Instructions: {instructions}, functions: {functions}");
    if let Some((addressing, memory)) = memory_model {
        let _ = writeln!(out, " Addressing model: {addressing}");
        let _ = writeln!(out, " Memory model: {memory}");
    }
    let _ = writeln!(out, " Number of capabilities: {}", capabilities.len());
    for c in &capabilities {
        let _ = writeln!(out, "  Capability: {c}");
    }
    let _ = writeln!(out, " Number of extensions: {}", extensions.len());
    for e in &extensions {
        let _ = writeln!(out, "  Extension: {e}");
    }
    let _ = writeln!(
        out,
        " Number of extended instruction sets: {}",
        imports.len()
    );
    for i in &imports {
        let _ = writeln!(out, "  Extended Instruction Set: {i}");
    }
    let _ = writeln!(out, " Number of entry points: {}", entry_points.len());
    for (model, name, interface) in &entry_points {
        let _ = writeln!(
            out,
            "  Entry point: {model} \"{name}\" ({interface} interface ids)"
        );
    }
    Ok(out)
}
