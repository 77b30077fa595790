//! One module per subcommand: its clap arguments and its `run`.
pub mod asm;
pub mod cfg;
pub mod dis;
pub mod info;
pub mod link;
pub mod llvm_dis;
pub mod opt;
pub mod translate;
pub mod translate_reverse;
pub mod val;
