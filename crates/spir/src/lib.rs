//! SPIR 1.2 (OpenCL C as LLVM IR) → SPIR-V for OpenCL consumers.
//!
//! The input is the `spirvkit_llvm` model (read from bitcode or text); the output is a
//! `spirvkit_core::Module` using the Physical32/64 addressing model and the OpenCL memory
//! model, with OpenCL built-ins mapped to core instructions, built-in variables or the
//! OpenCL.std extended instruction set.
#![forbid(unsafe_code)]

mod data_layout;
pub mod error;
mod forward;
pub mod mangle;
mod opencl_types;
pub mod reverse;

pub use error::TranslateError;
pub use forward::debug_info::DebugInfoFormat;
pub use forward::extensions;
use spirvkit_core::Module;

/// Options, mirroring llvm-spirv's where it has an equivalent.
#[derive(Debug, Clone)]
pub struct TranslateOptions {
    /// Highest SPIR-V version word the output may use (`0x0001_0000` = 1.0).
    pub max_version: u32,
    /// Extensions the output may use.
    pub allowed_extensions: Vec<String>,
    /// llvm-spirv's `--spirv-allow-unknown-intrinsics[=PREFIX,...]`: an LLVM intrinsic the
    /// translator does not know, whose name starts with one of the prefixes (any, when the
    /// list is empty or holds an empty item), is called as an imported function of its own
    /// name instead of being refused. `None`: the option is off.
    pub allow_unknown_intrinsics: Option<Vec<String>>,
    /// llvm-spirv's `-spirv-emit-function-ptr-addr-space`: under SPV_INTEL_function_pointers,
    /// pointers in LLVM's function address space 9 are in the CodeSectionINTEL storage class
    /// (the extension's storage class for function pointers) instead of Function.
    pub emit_function_ptr_addr_space: bool,
    /// Which debug information is emitted (`--spirv-debug-info-version`); `None` drops
    /// the module's debug metadata.
    pub debug_info: forward::debug_info::DebugInfoFormat,
    /// llvm-spirv's `--spirv-allow-extra-diexpressions`: DIExpression operations past
    /// `DW_OP_LLVM_fragment` are written in NonSemantic.Shader.DebugInfo.100 too (.200 and
    /// NonSemantic.Kernel.DebugInfo.100 always write them; OpenCL.DebugInfo.100 cannot hold
    /// them, see `forward/debug_info/mod.rs`).
    pub allow_extra_di_expressions: bool,
    /// llvm-spirv's `--spirv-preserve-auxdata`: function and global variable attributes,
    /// their metadata and `available_externally` linkage are kept as NonSemantic.AuxData
    /// extended instructions (`forward/aux_data.rs`).
    pub preserve_aux_data: bool,
    /// llvm-spirv's `--spirv-fp-contract`: which kernels get the ContractionOff mode.
    pub fp_contract: FpContract,
    /// How `llvm.fmuladd` is written (`--spirv-replace-fmuladd-with-ocl-mad`).
    pub fmuladd: FmulAdd,
    /// llvm-spirv's pipe-storage constants (`--spirv-pipe-storage-constants`): with typed
    /// pointers, a `%spirv.ConstantPipeStorage` global is OpConstantPipeStorage and a pointer to
    /// `%spirv.PipeStorage` is OpTypePipeStorage (`forward/pipe_storage.rs`). The constant is a
    /// module-scope constant instruction by the SPIR-V specification's definition, but
    /// spirv-val 2025.5 wants it inside a block and rejects llvm-spirv's form, so it is off by
    /// default: the global then stays a variable, and the pointer a pointer to an opaque type.
    pub pipe_storage_constants: bool,
    /// llvm-spirv's `--spirv-use-ocl-for-llvm-math-intrinsic` (default true): LLVM math
    /// intrinsics with an OpenCL.std counterpart are written as OpenCL.std instructions. When
    /// false, those core SPIR-V can express are emulated in core instructions instead: the
    /// saturating `llvm.{u,s}{add,sub}.sat` (`forward/builtins/saturating.rs`); the others
    /// (`tan`, `exp10`, …) have no core form and stay OpenCL.std.
    pub opencl_for_math_intrinsics: bool,
    /// llvm-spirv's `--spirv-emit-linkage-user-semantic`: an LLVM linkage SPIR-V has no
    /// linkage type for is kept as UserSemantic "linkage:<keyword>"
    /// (`forward/linkage_semantic.rs`).
    pub linkage_user_semantic: bool,
}

/// llvm-spirv's `--spirv-fp-contract` modes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FpContract {
    /// Contraction stays allowed unless the module forbids it (no
    /// `!opencl.enable.FP_CONTRACT`) or a kernel reaches inline assembly.
    #[default]
    On,
    /// Every kernel gets ContractionOff.
    Off,
    /// No kernel gets ContractionOff.
    Fast,
}

/// What `llvm.fmuladd` (multiply-add whose fusion is the implementation's choice) becomes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FmulAdd {
    /// OpenCL.std `fma` (spirvkit's default: one instruction, always within what fmuladd allows).
    #[default]
    Fma,
    /// OpenCL.std `mad` (`--spirv-replace-fmuladd-with-ocl-mad=true`).
    Mad,
    /// OpFMul then OpFAdd (`--spirv-replace-fmuladd-with-ocl-mad=false`).
    Split,
}

impl Default for TranslateOptions {
    fn default() -> Self {
        Self {
            max_version: 0x0001_0600,
            allowed_extensions: Vec::new(),
            allow_unknown_intrinsics: None,
            emit_function_ptr_addr_space: false,
            debug_info: forward::debug_info::DebugInfoFormat::default(),
            allow_extra_di_expressions: false,
            preserve_aux_data: false,
            fp_contract: FpContract::default(),
            fmuladd: FmulAdd::default(),
            pipe_storage_constants: false,
            opencl_for_math_intrinsics: true,
            linkage_user_semantic: false,
        }
    }
}

/// Extensions the translator emits constructs for (names as `--spirv-ext` takes them);
/// `--spirv-ext` also accepts every other name llvm-spirv lists (`extensions::LLVM_SPIRV`).
pub const KNOWN_EXTENSIONS: &[&str] = extensions::TRANSLATED;

impl TranslateOptions {
    /// Applies an llvm-spirv style `--spirv-ext` list: `+all`, `-all`, `+EXT`, `-EXT`, comma separated.
    pub fn apply_extension_list(&mut self, list: &str) -> Result<(), TranslateError> {
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (enable, name) = match item.split_at(1) {
                ("+", n) => (true, n),
                ("-", n) => (false, n),
                _ => (true, item),
            };
            if name == "all" {
                self.allowed_extensions = if enable {
                    let mut all: Vec<String> = extensions::LLVM_SPIRV
                        .iter()
                        .map(|s| (*s).to_owned())
                        .collect();
                    all.extend(
                        KNOWN_EXTENSIONS
                            .iter()
                            .filter(|e| !extensions::LLVM_SPIRV.contains(e))
                            .map(|s| (*s).to_owned()),
                    );
                    all
                } else {
                    Vec::new()
                };
                continue;
            }
            let name = extensions::registered_name(name);
            if !extensions::is_known(name) {
                return Err(TranslateError::UnknownExtension(name.to_owned()));
            }
            for name in std::iter::once(name).chain(extensions::successors(name).iter().copied()) {
                self.allowed_extensions.retain(|e| e != name);
                if enable {
                    self.allowed_extensions.push(name.to_owned());
                }
            }
        }
        Ok(())
    }

    /// Applies `--spirv-allow-unknown-intrinsics` (`None`: given without a value).
    pub fn allow_unknown_intrinsics(&mut self, prefixes: Option<&str>) {
        self.allow_unknown_intrinsics = Some(
            prefixes
                .map(|l| l.split(',').map(|p| p.trim().to_owned()).collect())
                .unwrap_or_default(),
        );
    }

    /// Whether an unknown intrinsic `name` becomes a call of an imported function.
    pub fn allows_unknown_intrinsic(&self, name: &str) -> bool {
        self.allow_unknown_intrinsics.as_ref().is_some_and(|list| {
            list.is_empty()
                || list
                    .iter()
                    .any(|p| p.is_empty() || name.starts_with(p.as_str()))
        })
    }

    /// Whether `extension` (or the registered extension it is another name of) is allowed.
    pub fn allows(&self, extension: &str) -> bool {
        let name = extensions::registered_name(extension);
        self.allowed_extensions.iter().any(|e| e == name)
    }
}

/// Translates an LLVM module holding SPIR 1.2 (or compatible OpenCL C output) to SPIR-V.
/// Large modules have their function bodies translated on several threads (rayon), with
/// the same result.
pub fn translate(
    module: &spirvkit_llvm::Module,
    options: &TranslateOptions,
) -> Result<Module, TranslateError> {
    let options = &triple_capped_options(module, options)?;
    forward::translator::Translator::new(module, options)?.run()
}

/// The options with the SPIR-V version of a `spirv64v1.2`-style target triple as the version
/// cap, as llvm-spirv takes it: the module is written in that version (translator.rs starts
/// there) and nothing raises it further; a `--spirv-max-version` below it is refused with
/// llvm-spirv's TripleMaxVersionIncompatible.
fn triple_capped_options(
    module: &spirvkit_llvm::Module,
    options: &TranslateOptions,
) -> Result<TranslateOptions, TranslateError> {
    let mut options = options.clone();
    if let Some(version) = forward::translator::triple_version(module) {
        if version > options.max_version {
            return Err(TranslateError::Malformed {
                location: "target triple".into(),
                message: format!(
                    "TripleMaxVersionIncompatible: Triple version and maximum version are \
                     incompatible. The triple asks for SPIR-V {}, --spirv-max-version={}",
                    spirvkit_grammar::version_string(version),
                    spirvkit_grammar::version_string(options.max_version)
                ),
            });
        }
        options.max_version = version;
    }
    Ok(options)
}

/// `translate` with an explicit threading plan (tests force the parallel path on small
/// modules, or turn it off, to check that both give the same module).
#[doc(hidden)]
pub fn translate_with_plan(
    module: &spirvkit_llvm::Module,
    options: &TranslateOptions,
    plan: ParallelPlan,
) -> Result<Module, TranslateError> {
    let options = &triple_capped_options(module, options)?;
    let mut translator = forward::translator::Translator::new(module, options)?;
    translator.parallel = plan;
    translator.run()
}

#[doc(hidden)]
pub use forward::parallel::Plan as ParallelPlan;

/// Modules with fewer LLVM instructions are translated and then encoded, on one thread.
const STREAMING_MIN_INSTRUCTIONS: usize = 20_000;

/// The words of `translate(module, options)?.to_words()`, sooner and in less memory: each
/// function is encoded (and freed) on a second thread as soon as it is translated, while the
/// translation goes on; the header and globals, final only at the end, are put before.
pub fn translate_to_words(
    module: &spirvkit_llvm::Module,
    options: &TranslateOptions,
) -> Result<Vec<u32>, TranslateError> {
    translate_to_words_from(
        module,
        options,
        STREAMING_MIN_INSTRUCTIONS,
        ParallelPlan::default(),
    )
}

/// `translate_to_words`, encoding on a second thread from `min_instructions` LLVM
/// instructions on and translating as `plan` says (tests use 0 and a plan forcing the
/// parallel path to check these paths on small modules).
#[doc(hidden)]
pub fn translate_to_words_from(
    module: &spirvkit_llvm::Module,
    options: &TranslateOptions,
    min_instructions: usize,
    plan: ParallelPlan,
) -> Result<Vec<u32>, TranslateError> {
    // Small modules: a second thread would cost more than it saves.
    let instructions: usize = module.functions.iter().map(|f| f.insts.len()).sum();
    // The AuxData records follow the last function (they name functions), so the functions
    // cannot be encoded before the module is complete.
    if instructions < min_instructions || options.preserve_aux_data {
        return translate_with_plan(module, options, plan).map(|spirv| spirv.to_words());
    }
    let options = &triple_capped_options(module, options)?;
    let (sink, finished) = std::sync::mpsc::channel::<Vec<spirvkit_core::Function>>();
    std::thread::scope(|scope| {
        let encoder = scope.spawn(move || {
            let mut words = Vec::new();
            for function in finished.into_iter().flatten() {
                for inst in function.instructions() {
                    spirvkit_core::encode::encode_instruction(inst, &mut words);
                }
            }
            words
        });
        // Every function is sent before the builder finishes, so its words are the header
        // and the globals.
        let translated = forward::translator::Translator::new(module, options).and_then(|mut t| {
            t.function_sink = Some(sink);
            t.parallel = plan;
            t.run_to_words()
        });
        let function_words = match encoder.join() {
            Ok(words) => words,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        let mut words = translated?;
        words.extend_from_slice(&function_words);
        Ok(words)
    })
}
