//! `.ll` text reader: LLVM 3.2 syntax (as in the SPIR 1.2 spec) and modern syntax.

pub mod lexer;
pub mod parser;

use crate::error::LlvmError;
use crate::model::Module;

pub fn parse(src: &str, file_name: &str) -> Result<Module, LlvmError> {
    let toks = lexer::lex(src).map_err(|e| LlvmError::Text {
        file: file_name.to_string(),
        line: e.line,
        col: e.col,
        message: e.message,
    })?;
    parser::Parser::new(toks, file_name).parse_module()
}
