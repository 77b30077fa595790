//! `spirv_tools::val`: the validator, over `spirvkit_val`.

use crate::error::Error;
use crate::TargetEnv;

/// The universal limits a [`ValidatorOptions::max_limits`] entry can lower or raise.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValidatorLimits {
    MaxStructMembers,
    MaxStructDepth,
    MaxLocalVariables,
    MaxGlobalVariables,
    MaxSwitchBranches,
    MaxFunctionArgs,
    MaxControlFlowNestingDepth,
    MaxAccessChainIndexes,
    MaxIdBound,
}

#[derive(Default, Clone, Debug)]
pub struct ValidatorOptions {
    /// Allow stores between structs of the same layout but different types.
    pub relax_struct_store: bool,
    /// Allow variables of pointer type and functions returning pointers (logical addressing).
    pub relax_logical_pointer: bool,
    /// Relax the rules later legalization fixes; implies `relax_logical_pointer`.
    pub before_legalization: bool,
    /// VK_KHR_relaxed_block_layout; `None` leaves it to the target environment.
    pub relax_block_layout: Option<bool>,
    /// Standard layout for uniform blocks (VK_KHR_uniform_buffer_standard_layout).
    pub uniform_buffer_standard_layout: bool,
    /// Scalar block layout (VK_EXT_scalar_block_layout).
    pub scalar_block_layout: bool,
    /// Skip block layout checks entirely.
    pub skip_block_layout: bool,
    /// Universal limits to apply instead of the defaults.
    pub max_limits: Vec<(ValidatorLimits, u32)>,
}

impl ValidatorOptions {
    /// spirvkit's options for `target_env` with these settings.
    pub(crate) fn to_spirvkit(
        &self,
        target_env: TargetEnv,
    ) -> Result<spirvkit_val::ValidatorOptions, Error> {
        let mut opts = spirvkit_val::ValidatorOptions::new(target_env.to_val()?);
        let relax = &mut opts.relax;
        relax.relax_struct_store = self.relax_struct_store;
        relax.relax_logical_pointer = self.relax_logical_pointer || self.before_legalization;
        relax.before_hlsl_legalization = self.before_legalization;
        if let Some(on) = self.relax_block_layout {
            relax.relax_block_layout = on;
        }
        relax.uniform_buffer_standard_layout = self.uniform_buffer_standard_layout;
        relax.scalar_block_layout = self.scalar_block_layout;
        relax.skip_block_layout = self.skip_block_layout;
        for &(limit, value) in &self.max_limits {
            let l = &mut opts.limits;
            *match limit {
                ValidatorLimits::MaxStructMembers => &mut l.max_struct_members,
                ValidatorLimits::MaxStructDepth => &mut l.max_struct_depth,
                ValidatorLimits::MaxLocalVariables => &mut l.max_local_variables,
                ValidatorLimits::MaxGlobalVariables => &mut l.max_global_variables,
                ValidatorLimits::MaxSwitchBranches => &mut l.max_switch_branches,
                ValidatorLimits::MaxFunctionArgs => &mut l.max_function_args,
                ValidatorLimits::MaxControlFlowNestingDepth => {
                    &mut l.max_control_flow_nesting_depth
                }
                ValidatorLimits::MaxAccessChainIndexes => &mut l.max_access_chain_indexes,
                ValidatorLimits::MaxIdBound => &mut l.max_id_bound,
            } = value;
        }
        Ok(opts)
    }
}

pub trait Validator: Default {
    fn with_env(target_env: TargetEnv) -> Self;
    fn validate(
        &self,
        binary: impl AsRef<[u32]>,
        options: Option<ValidatorOptions>,
    ) -> Result<(), Error>;
}

/// The validator, backed by `spirvkit_val`.
#[derive(Default, Clone, Copy, Debug)]
pub struct SpirvkitValidator {
    target_env: TargetEnv,
}

impl Validator for SpirvkitValidator {
    fn with_env(target_env: TargetEnv) -> Self {
        Self { target_env }
    }

    /// Validates the module; the error carries the first diagnostic (word offset as `index`,
    /// the offending instruction as `notes`).
    fn validate(
        &self,
        binary: impl AsRef<[u32]>,
        options: Option<ValidatorOptions>,
    ) -> Result<(), Error> {
        let opts = options.unwrap_or_default().to_spirvkit(self.target_env)?;
        spirvkit_val::validate(binary.as_ref(), &opts).map_err(|diags| Error::from_val(&diags))
    }
}

/// The validator for `te` (the default environment, `spv1.5`, when `None`).
pub fn create(te: Option<TargetEnv>) -> impl Validator {
    SpirvkitValidator::with_env(te.unwrap_or_default())
}
