use thiserror::Error;

/// Why a module could not be translated. Every error names the construct and where it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TranslateError {
    #[error("{location}: {construct} is not supported by SPIR-V for OpenCL{}", hint.as_ref().map(|h| format!(" ({h})")).unwrap_or_default())]
    Unsupported {
        location: String,
        construct: String,
        hint: Option<String>,
    },
    #[error("{location}: malformed input: {message}")]
    Malformed { location: String, message: String },
    #[error("{feature} needs {requirement}, which is not allowed by the options ({allowed})")]
    NotAllowed {
        feature: String,
        requirement: String,
        allowed: String,
    },
    #[error("unknown SPIR-V extension '{0}' in --spirv-ext")]
    UnknownExtension(String),
}

pub type Result<T> = std::result::Result<T, TranslateError>;

impl TranslateError {
    /// The error, its location extended with where the LLVM instruction it is about was
    /// read (`function @f, line 12:3` or `function @f, bit offset 4242`), so a refusal or a
    /// malformed operand points at its source line or bitcode record.
    pub(crate) fn at(self, position: Option<spirvkit_llvm::SourcePosition>) -> Self {
        let Some(position) = position else {
            return self;
        };
        let extend = |location: String| {
            if location.contains(", line ") || location.contains(", bit offset ") {
                location
            } else {
                format!("{location}, {position}")
            }
        };
        match self {
            TranslateError::Unsupported {
                location,
                construct,
                hint,
            } => TranslateError::Unsupported {
                location: extend(location),
                construct,
                hint,
            },
            TranslateError::Malformed { location, message } => TranslateError::Malformed {
                location: extend(location),
                message,
            },
            other => other,
        }
    }
}

pub(crate) fn unsupported(
    location: impl Into<String>,
    construct: impl Into<String>,
) -> TranslateError {
    TranslateError::Unsupported {
        location: location.into(),
        construct: construct.into(),
        hint: None,
    }
}

pub(crate) fn malformed(location: impl Into<String>, message: impl Into<String>) -> TranslateError {
    TranslateError::Malformed {
        location: location.into(),
        message: message.into(),
    }
}
