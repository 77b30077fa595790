//! The half of spirvkit that transforms SPIR-V: the optimizer (passes over a mutable IR with
//! analyses built on demand) and the linker. Both work on `spirvkit_core::Module`.
#![forbid(unsafe_code)]

pub mod dedup;
pub mod link;

pub use link::{link, link_named, LinkError, LinkOptions, NamedInput};
