//! Errors and messages in the `spirv-tools` crate's shapes, built from spirvkit's
//! diagnostics. `Error`'s Display text is the crate's: `error:LINE:COLUMN - MESSAGE`, the
//! notes on the following line, or `an unknown error occurred` without a diagnostic.

use std::fmt;

/// SPIRV-Tools' `spv_result_t`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum SpirvResult {
    Success = 0,
    Unsupported = 1,
    EndOfStream = 2,
    Warning = 3,
    FailedMatch = 4,
    /// Success, but signals early termination.
    RequestedTermination = 5,
    InternalError = -1,
    OutOfMemory = -2,
    InvalidPointer = -3,
    InvalidBinary = -4,
    InvalidText = -5,
    InvalidTable = -6,
    InvalidValue = -7,
    InvalidDiagnostic = -8,
    InvalidLookup = -9,
    InvalidId = -10,
    InvalidCfg = -11,
    InvalidLayout = -12,
    InvalidCapability = -13,
    /// Data rules validation failure.
    InvalidData = -14,
    MissingExtension = -15,
    /// Wrong SPIR-V version.
    WrongVersion = -16,
}

impl fmt::Display for SpirvResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Success => "success",
            Self::Unsupported => "unsupported",
            Self::EndOfStream => "end of stream",
            Self::Warning => "warning",
            Self::FailedMatch => "failed match",
            Self::RequestedTermination => "requested termination",
            Self::InternalError => "internal error",
            Self::OutOfMemory => "out of memory",
            Self::InvalidPointer => "invalid pointer",
            Self::InvalidBinary => "invalid binary",
            Self::InvalidText => "invalid text",
            Self::InvalidTable => "invalid table",
            Self::InvalidValue => "invalid value",
            Self::InvalidDiagnostic => "invalid diagnostic",
            Self::InvalidLookup => "invalid lookup",
            Self::InvalidId => "invalid id",
            Self::InvalidCfg => "invalid cfg",
            Self::InvalidLayout => "invalid layout",
            Self::InvalidCapability => "invalid capability",
            Self::InvalidData => "invalid data",
            Self::MissingExtension => "missing extension",
            Self::WrongVersion => "wrong SPIR-V version",
        })
    }
}

impl std::error::Error for SpirvResult {}

/// SPIRV-Tools' `spv_message_level_t`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MessageLevel {
    Fatal,
    InternalError,
    Error,
    Warning,
    Info,
    Debug,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Error {
    pub inner: SpirvResult,
    pub diagnostic: Option<Diagnostic>,
}

impl Error {
    pub(crate) fn new(inner: SpirvResult, message: impl Into<String>) -> Self {
        Self {
            inner,
            diagnostic: Some(Diagnostic::from(message.into())),
        }
    }

    /// The error for an invalid module: the first diagnostic, its result code from the rule.
    pub(crate) fn from_val(diags: &[spirvkit_val::Diagnostic]) -> Self {
        match diags.first() {
            Some(d) => Self {
                inner: result_for_rule(d.rule),
                diagnostic: Some(Diagnostic::from_val(d)),
            },
            None => Self {
                inner: SpirvResult::InternalError,
                diagnostic: None,
            },
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.diagnostic {
            Some(diag) => {
                write!(f, "error:{}:{} - {}", diag.line, diag.column, diag.message)?;
                if !diag.notes.is_empty() {
                    write!(f, "\n{}", diag.notes)?;
                }
                Ok(())
            }
            None => f.write_str("an unknown error occurred"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.inner)
    }
}

/// SPIRV-Tools' result code for a spirvkit validator rule, by the rule id's family.
pub(crate) fn result_for_rule(rule: &str) -> SpirvResult {
    let family = rule.split('.').next().unwrap_or(rule);
    match family {
        "header" | "binary" => SpirvResult::InvalidBinary,
        "id" | "ssa" => SpirvResult::InvalidId,
        "cfg" | "structured" => SpirvResult::InvalidCfg,
        "layout" => SpirvResult::InvalidLayout,
        "capability" | "capabilities" => SpirvResult::InvalidCapability,
        "extension" | "extensions" => SpirvResult::MissingExtension,
        "version" => SpirvResult::WrongVersion,
        _ => SpirvResult::InvalidData,
    }
}

#[derive(Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub line: usize,
    pub column: usize,
    /// For binary input: the word offset of the offending instruction.
    pub index: usize,
    pub message: String,
    /// The offending instruction in disassembly syntax, when known.
    pub notes: String,
    pub is_text: bool,
}

impl Diagnostic {
    pub(crate) fn from_val(d: &spirvkit_val::Diagnostic) -> Self {
        Self {
            line: 0,
            column: 0,
            index: d.word_offset.unwrap_or(0),
            message: d.message.clone(),
            notes: d.instruction.clone().unwrap_or_default(),
            is_text: false,
        }
    }
}

impl From<String> for Diagnostic {
    fn from(message: String) -> Self {
        Self {
            line: 0,
            column: 0,
            index: 0,
            message,
            notes: String::new(),
            is_text: false,
        }
    }
}

impl From<Message> for Diagnostic {
    fn from(msg: Message) -> Self {
        Self {
            line: msg.line,
            column: msg.column,
            index: msg.index,
            message: msg.message,
            notes: msg.notes,
            is_text: false,
        }
    }
}

/// One message sent to a [`MessageCallback`] while a tool runs.
#[derive(Debug)]
pub struct Message {
    pub level: MessageLevel,
    pub source: Option<String>,
    pub line: usize,
    pub column: usize,
    pub index: usize,
    pub message: String,
    /// Additional information, typically the offending instruction.
    pub notes: String,
}

impl Message {
    pub(crate) fn error(diagnostic: &Diagnostic) -> Self {
        Self {
            level: MessageLevel::Error,
            source: None,
            line: diagnostic.line,
            column: diagnostic.column,
            index: diagnostic.index,
            message: diagnostic.message.clone(),
            notes: diagnostic.notes.clone(),
        }
    }
}

pub trait MessageCallback {
    fn on_message(&mut self, msg: Message);
}

impl<F> MessageCallback for F
where
    F: FnMut(Message),
{
    fn on_message(&mut self, msg: Message) {
        self(msg);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_matches_the_spirv_tools_crate() {
        let mut e = Error::new(SpirvResult::InvalidId, "ID '7' has not been defined");
        assert_eq!(e.to_string(), "error:0:0 - ID '7' has not been defined");
        if let Some(d) = e.diagnostic.as_mut() {
            d.notes = "  %8 = OpLoad %float %7".into();
        }
        assert_eq!(
            e.to_string(),
            "error:0:0 - ID '7' has not been defined\n  %8 = OpLoad %float %7"
        );
        let none = Error {
            inner: SpirvResult::InternalError,
            diagnostic: None,
        };
        assert_eq!(none.to_string(), "an unknown error occurred");
        assert_eq!(
            SpirvResult::WrongVersion.to_string(),
            "wrong SPIR-V version"
        );
    }
}
