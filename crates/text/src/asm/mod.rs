//! The assembler: text in spirv-as syntax → binary words.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TargetEnv {
    /// `spvX.Y`
    #[default]
    Spv16,
    Spv(u8, u8),
}

#[derive(Clone, Debug, Default)]
pub struct AssembleOptions {
    pub target_env: Option<TargetEnv>,
    pub preserve_numeric_ids: bool,
}

#[derive(Debug, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct AssembleError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

pub fn assemble(_source: &str, _opts: &AssembleOptions) -> Result<Vec<u32>, AssembleError> {
    Err(AssembleError { line: 1, column: 1, message: "not implemented".into() })
}
