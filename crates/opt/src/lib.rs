//! The half of spirvkit that transforms SPIR-V: the optimizer (passes over a mutable IR with
//! analyses built on demand) and the linker. Both work on `spirvkit_core::Module`.
#![forbid(unsafe_code)]

pub mod analyses;
pub mod dedup;
pub mod error;
pub mod flags;
mod folding;
pub mod link;
pub mod numbers;
pub mod optimizer;
pub mod pass;
pub mod passes;
mod segment;
pub mod timing;
pub mod util;

pub use error::Error;
pub use flags::passes_from_flags;
pub use link::{link, link_named, LinkError, LinkOptions, NamedInput};
pub use optimizer::Optimizer;
pub use pass::{Changed, Pass};
pub use passes::{pass_from_flag, FlagError, Passes};
pub use spirvkit_val::TargetEnv;
