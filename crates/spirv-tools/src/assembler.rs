//! `spirv_tools::assembler`: assembly and disassembly, over `spirvkit_text`.

use crate::binary::Binary;
use crate::error::{Diagnostic, Error, SpirvResult};
use crate::TargetEnv;

#[derive(Copy, Clone, Default, Debug)]
pub struct AssemblerOptions {
    /// Numeric ids keep their values; named ids fill the gaps from 1 up.
    pub preserve_numeric_ids: bool,
}

#[derive(Copy, Clone, Debug)]
pub struct DisassembleOptions {
    /// Also print the text to stdout.
    pub print: bool,
    /// ANSI colours. spirvkit's disassembler does not colour; the text is the same without.
    pub color: bool,
    /// Align result ids in a column.
    pub indent: bool,
    /// Each instruction's byte offset as a trailing comment.
    pub show_byte_offset: bool,
    /// No header comment lines.
    pub no_header: bool,
    /// Names from OpName and type shapes instead of `%N`.
    pub use_friendly_names: bool,
    /// Section comments and decoration summaries.
    pub comment: bool,
}

impl Default for DisassembleOptions {
    fn default() -> Self {
        Self {
            print: false,
            color: false,
            indent: true,
            show_byte_offset: false,
            no_header: false,
            use_friendly_names: true,
            comment: true,
        }
    }
}

pub trait Assembler: Default {
    fn with_env(target_env: TargetEnv) -> Self;
    fn assemble(&self, text: &str, options: AssemblerOptions) -> Result<Binary, Error>;
    fn disassemble(
        &self,
        binary: impl AsRef<[u32]>,
        options: DisassembleOptions,
    ) -> Result<String, Error>;
}

/// The assembler, backed by `spirvkit_text`; the target environment sets the header's
/// SPIR-V version as spirv-as does.
#[derive(Default, Clone, Copy, Debug)]
pub struct SpirvkitAssembler {
    target_env: TargetEnv,
}

impl Assembler for SpirvkitAssembler {
    fn with_env(target_env: TargetEnv) -> Self {
        Self { target_env }
    }

    fn assemble(&self, text: &str, options: AssemblerOptions) -> Result<Binary, Error> {
        let opts = spirvkit_text::AssembleOptions {
            target_env: Some(self.target_env.to_text()?),
            preserve_numeric_ids: options.preserve_numeric_ids,
        };
        spirvkit_text::assemble(text, &opts)
            .map(Binary::OwnedU32)
            .map_err(|e| Error {
                inner: SpirvResult::InvalidText,
                diagnostic: Some(Diagnostic {
                    line: e.line,
                    column: e.column,
                    index: 0,
                    message: e.message(),
                    notes: String::new(),
                    is_text: true,
                }),
            })
    }

    fn disassemble(
        &self,
        binary: impl AsRef<[u32]>,
        options: DisassembleOptions,
    ) -> Result<String, Error> {
        let opts = spirvkit_text::DisassembleOptions {
            raw_id: !options.use_friendly_names,
            no_header: options.no_header,
            no_indent: !options.indent,
            offsets: options.show_byte_offset,
            comment: options.comment,
            ..Default::default()
        };
        let text = spirvkit_text::disassemble(binary.as_ref(), &opts)
            .map_err(|e| Error::new(SpirvResult::InvalidBinary, e.to_string()))?;
        if options.print {
            print!("{text}");
        }
        Ok(text)
    }
}

/// The assembler for `te` (the default environment, `spv1.5`, when `None`).
pub fn create(te: Option<TargetEnv>) -> impl Assembler {
    SpirvkitAssembler::with_env(te.unwrap_or_default())
}
