//! `.ll` text reader.

use crate::error::LlvmError;
use crate::model::Module;

pub fn parse(_src: &str, file_name: &str) -> Result<Module, LlvmError> {
    Err(LlvmError::Unsupported {
        file: file_name.to_string(),
        what: "text parsing (not yet implemented)".into(),
    })
}
