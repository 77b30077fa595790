//! Validator options: target environment, universal limits (spec 2.17) and relax flags,
//! named as spirv-val names them.

use std::fmt;
use std::str::FromStr;

/// The environment a module is validated for (spirv-val's `--target-env`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetEnv {
    /// `universal`: the newest SPIR-V version, no client API rules.
    Universal,
    /// `spv1.0` .. `spv1.6`: the minor version.
    Spv(u8),
    /// `vulkan1.0` .. `vulkan1.4`: the minor version.
    Vulkan(u8),
    /// `vulkan1.1spv1.4`.
    Vulkan1_1Spv1_4,
    /// `opencl1.2`, `opencl2.0` .. `opencl2.2` (major, minor, embedded profile).
    OpenCl {
        major: u8,
        minor: u8,
        embedded: bool,
    },
    /// `opengl4.0` .. `opengl4.5`: the minor version.
    OpenGl(u8),
}

impl Default for TargetEnv {
    fn default() -> Self {
        TargetEnv::Spv(6)
    }
}

const fn v(minor: u32) -> u32 {
    0x0001_0000 | (minor << 8)
}

impl TargetEnv {
    /// The newest SPIR-V version (header word layout) a module may declare in this environment.
    pub fn max_spirv_version(self) -> u32 {
        match self {
            TargetEnv::Universal => v(6),
            TargetEnv::Spv(m) => v(u32::from(m)),
            TargetEnv::Vulkan(0) => v(0),
            TargetEnv::Vulkan(1) => v(3),
            TargetEnv::Vulkan(2) => v(5),
            TargetEnv::Vulkan(_) => v(6),
            TargetEnv::Vulkan1_1Spv1_4 => v(4),
            TargetEnv::OpenCl {
                major: 2, minor: 1, ..
            } => v(0),
            TargetEnv::OpenCl {
                major: 2, minor: 2, ..
            } => v(2),
            TargetEnv::OpenCl { .. } => v(0),
            TargetEnv::OpenGl(_) => v(0),
        }
    }

    pub fn is_vulkan(self) -> bool {
        matches!(self, TargetEnv::Vulkan(_) | TargetEnv::Vulkan1_1Spv1_4)
    }

    pub fn is_opencl(self) -> bool {
        matches!(self, TargetEnv::OpenCl { .. })
    }

    /// Every name `FromStr` accepts.
    pub const NAMES: &'static [&'static str] = &[
        "universal",
        "spv1.0",
        "spv1.1",
        "spv1.2",
        "spv1.3",
        "spv1.4",
        "spv1.5",
        "spv1.6",
        "vulkan1.0",
        "vulkan1.1",
        "vulkan1.2",
        "vulkan1.3",
        "vulkan1.4",
        "vulkan1.1spv1.4",
        "opencl1.2",
        "opencl1.2embedded",
        "opencl2.0",
        "opencl2.0embedded",
        "opencl2.1",
        "opencl2.1embedded",
        "opencl2.2",
        "opencl2.2embedded",
        "opengl4.0",
        "opengl4.1",
        "opengl4.2",
        "opengl4.3",
        "opengl4.5",
    ];
}

/// An unknown `--target-env` name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown target environment '{0}' (expected one of: {names})", names = TargetEnv::NAMES.join(", "))]
pub struct UnknownTargetEnv(pub String);

impl FromStr for TargetEnv {
    type Err = UnknownTargetEnv;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || UnknownTargetEnv(s.to_string());
        let minor = |rest: &str, max: u8| rest.parse::<u8>().ok().filter(|m| *m <= max);
        if s == "universal" {
            return Ok(TargetEnv::Universal);
        }
        if s == "vulkan1.1spv1.4" {
            return Ok(TargetEnv::Vulkan1_1Spv1_4);
        }
        if let Some(rest) = s.strip_prefix("spv1.") {
            return minor(rest, 6).map(TargetEnv::Spv).ok_or_else(err);
        }
        if let Some(rest) = s.strip_prefix("vulkan1.") {
            return minor(rest, 4).map(TargetEnv::Vulkan).ok_or_else(err);
        }
        if let Some(rest) = s.strip_prefix("opengl4.") {
            return minor(rest, 5)
                .filter(|m| *m != 4)
                .map(TargetEnv::OpenGl)
                .ok_or_else(err);
        }
        if let Some(rest) = s.strip_prefix("opencl") {
            let (ver, embedded) = match rest.strip_suffix("embedded") {
                Some(v) => (v, true),
                None => (rest, false),
            };
            return match ver {
                "1.2" => Ok(TargetEnv::OpenCl {
                    major: 1,
                    minor: 2,
                    embedded,
                }),
                "2.0" => Ok(TargetEnv::OpenCl {
                    major: 2,
                    minor: 0,
                    embedded,
                }),
                "2.1" => Ok(TargetEnv::OpenCl {
                    major: 2,
                    minor: 1,
                    embedded,
                }),
                "2.2" => Ok(TargetEnv::OpenCl {
                    major: 2,
                    minor: 2,
                    embedded,
                }),
                _ => Err(err()),
            };
        }
        Err(err())
    }
}

impl fmt::Display for TargetEnv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetEnv::Universal => write!(f, "universal"),
            TargetEnv::Spv(m) => write!(f, "spv1.{m}"),
            TargetEnv::Vulkan(m) => write!(f, "vulkan1.{m}"),
            TargetEnv::Vulkan1_1Spv1_4 => write!(f, "vulkan1.1spv1.4"),
            TargetEnv::OpenCl {
                major,
                minor,
                embedded,
            } => {
                write!(
                    f,
                    "opencl{major}.{minor}{}",
                    if *embedded { "embedded" } else { "" }
                )
            }
            TargetEnv::OpenGl(m) => write!(f, "opengl4.{m}"),
        }
    }
}

/// Universal limits (SPIR-V spec 2.17), with spirv-val's defaults and option names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// `--max-struct-members`
    pub max_struct_members: u32,
    /// `--max-struct-depth`
    pub max_struct_depth: u32,
    /// `--max-local-variables`
    pub max_local_variables: u32,
    /// `--max-global-variables`
    pub max_global_variables: u32,
    /// `--max-switch-branches`
    pub max_switch_branches: u32,
    /// `--max-function-args`
    pub max_function_args: u32,
    /// `--max-control-flow-nesting-depth`
    pub max_control_flow_nesting_depth: u32,
    /// `--max-access-chain-indexes`
    pub max_access_chain_indexes: u32,
    /// `--max-id-bound`
    pub max_id_bound: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_struct_members: 16383,
            max_struct_depth: 255,
            max_local_variables: 524_287,
            max_global_variables: 65535,
            max_switch_branches: 16383,
            max_function_args: 255,
            max_control_flow_nesting_depth: 1023,
            max_access_chain_indexes: 255,
            max_id_bound: 0x3F_FFFF,
        }
    }
}

/// spirv-val's relax flags (most matter only to part-2 rules; they are accepted and recorded).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Relax {
    pub relax_logical_pointer: bool,
    pub relax_block_layout: bool,
    pub uniform_buffer_standard_layout: bool,
    pub scalar_block_layout: bool,
    pub workgroup_scalar_block_layout: bool,
    pub skip_block_layout: bool,
    pub relax_struct_store: bool,
    pub allow_localsizeid: bool,
    pub allow_offset_texture_operand: bool,
    pub allow_vulkan_32_bit_bitwise: bool,
    pub before_hlsl_legalization: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ValidatorOptions {
    pub target_env: TargetEnv,
    pub limits: Limits,
    pub relax: Relax,
    /// Validate functions in parallel (rayon) when the module has several.
    pub sequential: bool,
}

impl ValidatorOptions {
    pub fn new(target_env: TargetEnv) -> Self {
        Self {
            target_env,
            ..Self::default()
        }
    }
}
