//! The optimizer's errors: undecodable input, an input the validator rejects, a pass that
//! could not run (bad arguments), or a pass that produced an invalid module (a bug, caught by
//! validating after every pass in debug builds and tests).

use spirvkit_core::DecodeError;
use spirvkit_val::Diagnostic;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    Decode(#[from] DecodeError),
    /// The input module is invalid (diagnostics from spirvkit_val).
    #[error("invalid input module: {}", first_message(.0))]
    InvalidInput(Vec<Diagnostic>),
    /// The module's ids need tables larger than any real module (invalid input).
    #[error("id bound {0} is too large to optimize")]
    BoundTooLarge(u32),
    /// A pass could not run on this module.
    #[error("pass {pass}: {message}")]
    PassFailed { pass: &'static str, message: String },
    /// A pass turned a valid module into an invalid one.
    #[error("pass {pass} produced an invalid module: {}", first_message(.diagnostics))]
    PassProducedInvalid {
        pass: &'static str,
        diagnostics: Vec<Diagnostic>,
    },
}

fn first_message(diags: &[Diagnostic]) -> String {
    diags
        .first()
        .map_or_else(String::new, |d| d.message.clone())
}

impl Error {
    /// A stable rule id for machine-readable diagnostics (`opt.pass_failed`, ...); an invalid
    /// input's diagnostics carry the validator's own rule ids.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Decode(_) => "binary.decode",
            Error::InvalidInput(_) => "opt.invalid_input",
            Error::BoundTooLarge(_) => "opt.bound_too_large",
            Error::PassFailed { .. } => "opt.pass_failed",
            Error::PassProducedInvalid { .. } => "opt.pass_produced_invalid",
        }
    }
}
