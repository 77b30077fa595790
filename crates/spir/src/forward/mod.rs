//! LLVM (SPIR 1.2 and what clang 15–22 emits) → SPIR-V.
//!
//! Layers, bottom up: `types`/`target_types`/`consts` (module-scope types and constants),
//! `pointee`/`ptrtypes`/`untyped` (pointer types under opaque and untyped pointers),
//! `context` (a function body's state, operand lookup and emission), `instructions/` (one
//! file per instruction class) and `builtins/` (OpenCL built-ins and LLVM intrinsics), both
//! built on `context`; `function` (bodies), `kernels` (entry points) and `translator` (the
//! module) on top, `parallel` forking the translator over functions.

pub(crate) mod alias_scopes;
pub(crate) mod arbitrary_integers;
pub(crate) mod atomic_cas_loop;
pub(crate) mod atomic_wrap;
pub(crate) mod aux_data;
pub(crate) mod avc_motion_estimation;
pub(crate) mod bfloat_arithmetic;
pub(crate) mod bfloat_ext_inst;
pub(crate) mod block_order;
pub(crate) mod builtins;
pub(crate) mod capability_order;
pub(crate) mod consts;
pub(crate) mod context;
pub(crate) mod cooperative_matrix;
pub mod debug_info;
pub(crate) mod decorations;
pub(crate) mod execution_modes;
pub mod extensions;
pub(crate) mod float_controls2;
pub(crate) mod float_min_max;
pub(crate) mod fp_contract;
pub(crate) mod fpga_annotations;
pub(crate) mod function;
pub(crate) mod function_decorations;
pub(crate) mod function_order;
pub(crate) mod function_pointers;
pub(crate) mod global_annotations;
pub(crate) mod global_order;
pub(crate) mod inline_assembly;
pub(crate) mod instructions;
pub(crate) mod joint_matrix;
pub(crate) mod kernel_attributes;
pub(crate) mod kernels;
pub(crate) mod linkage_semantic;
pub(crate) mod linkonce_odr;
pub(crate) mod long_composites;
pub(crate) mod long_vectors;
pub(crate) mod loop_controls;
pub(crate) mod masked_gather_scatter;
pub(crate) mod memset_loop;
pub(crate) mod optnone;
pub(crate) mod parallel;
pub(crate) mod pipe_storage;
pub(crate) mod pointee;
pub(crate) mod poison_freeze;
pub(crate) mod ptrtypes;
pub(crate) mod requirements;
pub(crate) mod rounded_divide_sqrt;
pub(crate) mod source_language;
pub(crate) mod target_types;
pub(crate) mod token_type;
pub(crate) mod translator;
pub(crate) mod types;
pub(crate) mod untyped;
pub(crate) mod variable_length_array;
pub(crate) mod vector_compute;
