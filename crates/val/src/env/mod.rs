//! Client-API environment rules (part 2): the OpenCL SPIR-V environment
//! (`opencl1.2`, `opencl2.0`..`opencl2.2`, embedded profiles) and Vulkan explicit layout.

pub mod opencl;
pub mod vulkan;
pub mod vulkan_builtin_interfaces;
pub mod vulkan_capabilities;
pub mod vulkan_interfaces;
pub mod vulkan_layout_storage;
pub mod vulkan_location_slots;
pub mod vulkan_models;
pub mod vulkan_types;
pub mod vulkan_variables;

use crate::diagnostic::Diagnostic;
use crate::state::State;

/// Runs the rules of the target environment (nothing for universal/spv targets).
pub fn check(st: &State<'_>) -> Vec<Diagnostic> {
    if st.opts.target_env.is_opencl() {
        opencl::check(st)
    } else if st.opts.target_env.is_vulkan() {
        vulkan::check(st)
    } else {
        // The explicit-layout presence rule holds everywhere (Vulkan checks it with the rest
        // of its layout rules).
        vulkan::check_explicit_layout(st)
    }
}
