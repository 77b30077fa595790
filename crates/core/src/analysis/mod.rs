//! Control-flow analyses shared by the validator and the optimizer: successor/predecessor
//! lists over dense block indices (`cfg`) and dominator / post-dominator trees over them
//! (`dominators`). One implementation, used by both crates.

pub mod cfg;
pub mod dominators;

pub use cfg::{predecessors, predecessors_into, successor_labels, FunctionCfg};
pub use dominators::{post_dominators, postorder, DomScratch, DomTree, UNDEF};
