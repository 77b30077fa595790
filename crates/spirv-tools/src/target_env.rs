//! `TargetEnv` with the `spirv-tools` crate's variants, names and SPIR-V versions, and its
//! translation to the environments of spirvkit's validator and assembler.

use crate::error::SpirvResult;
use std::fmt;
use std::str::FromStr;

/// The environment a module targets; `Universal_*` means no client API rules.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub enum TargetEnv {
    Universal_1_0,
    Vulkan_1_0,
    Universal_1_1,
    OpenCL_2_1,
    OpenCL_2_2,
    OpenGL_4_0,
    OpenGL_4_1,
    OpenGL_4_2,
    OpenGL_4_3,
    OpenGL_4_5,
    Universal_1_2,
    OpenCL_1_2,
    OpenCLEmbedded_1_2,
    OpenCL_2_0,
    OpenCLEmbedded_2_0,
    OpenCLEmbedded_2_1,
    OpenCLEmbedded_2_2,
    Universal_1_3,
    Vulkan_1_1,
    /// Removed from SPIRV-Tools; kept so matches stay exhaustive. Validation, optimization
    /// and assembly refuse it.
    WebGPU_0_DEPRECATED,
    Universal_1_4,
    Vulkan_1_1_Spirv_1_4,
    #[default]
    Universal_1_5,
    Vulkan_1_2,
    Universal_1_6,
    Vulkan_1_3,
    Vulkan_1_4,
}

use TargetEnv as T;

/// (variant, name) in the spelling of spirv-val's `--target-env`.
const NAMES: &[(TargetEnv, &str)] = &[
    (T::Vulkan_1_1_Spirv_1_4, "vulkan1.1spv1.4"),
    (T::Vulkan_1_0, "vulkan1.0"),
    (T::Vulkan_1_1, "vulkan1.1"),
    (T::Vulkan_1_2, "vulkan1.2"),
    (T::Vulkan_1_3, "vulkan1.3"),
    (T::Vulkan_1_4, "vulkan1.4"),
    (T::Universal_1_0, "spv1.0"),
    (T::Universal_1_1, "spv1.1"),
    (T::Universal_1_2, "spv1.2"),
    (T::Universal_1_3, "spv1.3"),
    (T::Universal_1_4, "spv1.4"),
    (T::Universal_1_5, "spv1.5"),
    (T::Universal_1_6, "spv1.6"),
    (T::OpenCLEmbedded_1_2, "opencl1.2embedded"),
    (T::OpenCL_1_2, "opencl1.2"),
    (T::OpenCLEmbedded_2_0, "opencl2.0embedded"),
    (T::OpenCL_2_0, "opencl2.0"),
    (T::OpenCLEmbedded_2_1, "opencl2.1embedded"),
    (T::OpenCL_2_1, "opencl2.1"),
    (T::OpenCLEmbedded_2_2, "opencl2.2embedded"),
    (T::OpenCL_2_2, "opencl2.2"),
    (T::OpenGL_4_0, "opengl4.0"),
    (T::OpenGL_4_1, "opengl4.1"),
    (T::OpenGL_4_2, "opengl4.2"),
    (T::OpenGL_4_3, "opengl4.3"),
    (T::OpenGL_4_5, "opengl4.5"),
    (T::WebGPU_0_DEPRECATED, "webgpu0"),
];

impl TargetEnv {
    /// The newest SPIR-V version (major, minor) the environment accepts.
    pub fn spirv_version(&self) -> (u8, u8) {
        match self {
            T::Universal_1_0
            | T::Vulkan_1_0
            | T::OpenCL_1_2
            | T::OpenCLEmbedded_1_2
            | T::OpenCL_2_0
            | T::OpenCLEmbedded_2_0
            | T::OpenCL_2_1
            | T::OpenCLEmbedded_2_1
            | T::OpenGL_4_0
            | T::OpenGL_4_1
            | T::OpenGL_4_2
            | T::OpenGL_4_3
            | T::OpenGL_4_5 => (1, 0),
            T::Universal_1_1 => (1, 1),
            T::Universal_1_2 | T::OpenCL_2_2 | T::OpenCLEmbedded_2_2 => (1, 2),
            T::Universal_1_3 | T::Vulkan_1_1 | T::WebGPU_0_DEPRECATED => (1, 3),
            T::Universal_1_4 | T::Vulkan_1_1_Spirv_1_4 => (1, 4),
            T::Universal_1_5 | T::Vulkan_1_2 => (1, 5),
            T::Universal_1_6 | T::Vulkan_1_3 | T::Vulkan_1_4 => (1, 6),
        }
    }

    fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(env, _)| *env == self)
            .map_or("webgpu0", |(_, name)| name)
    }

    /// The environment for spirvkit's validator and optimizer.
    pub(crate) fn to_val(self) -> Result<spirvkit_val::TargetEnv, crate::Error> {
        self.name().parse().map_err(|_| unsupported(self))
    }

    /// The environment for spirvkit's assembler.
    pub(crate) fn to_text(self) -> Result<spirvkit_text::TargetEnv, crate::Error> {
        spirvkit_text::TargetEnv::parse(self.name()).ok_or_else(|| unsupported(self))
    }
}

fn unsupported(env: TargetEnv) -> crate::Error {
    crate::Error::new(
        SpirvResult::InvalidValue,
        format!("target environment {env} is not supported (SPIRV-Tools removed it)"),
    )
}

impl FromStr for TargetEnv {
    type Err = SpirvResult;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        NAMES
            .iter()
            .find(|(_, name)| *name == s)
            .map(|(env, _)| *env)
            .ok_or(SpirvResult::InvalidValue)
    }
}

impl fmt::Display for TargetEnv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_versions() {
        for (env, name) in NAMES {
            assert_eq!(name.parse::<TargetEnv>(), Ok(*env));
            assert_eq!(env.to_string(), *name);
        }
        assert_eq!(NAMES.len(), 27);
        assert_eq!(
            "vulkan1.9".parse::<TargetEnv>(),
            Err(SpirvResult::InvalidValue)
        );
        assert_eq!(TargetEnv::Vulkan_1_1.spirv_version(), (1, 3));
        assert_eq!(TargetEnv::Vulkan_1_2.spirv_version(), (1, 5));
        assert_eq!(TargetEnv::default(), TargetEnv::Universal_1_5);
        assert!(TargetEnv::WebGPU_0_DEPRECATED.to_val().is_err());
        for (env, _) in NAMES.iter().filter(|(e, _)| *e != T::WebGPU_0_DEPRECATED) {
            assert_eq!(
                env.to_val().map(|v| v.to_string()).ok(),
                Some(env.to_string())
            );
            assert!(env.to_text().is_ok(), "{env}");
        }
    }
}
