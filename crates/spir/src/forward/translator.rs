//! Module-level translation: header, capabilities, memory model, globals, functions, kernels.

use crate::error::{malformed, unsupported, Result};
use crate::mangle;
use crate::TranslateOptions;
use spirvkit_core::builder::Builder;
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::{AddressingModel, Capability, Decoration, LinkageType, MemoryModel, Op};
use spirvkit_llvm as llvm;
use std::collections::{BTreeMap, HashMap, HashSet};

/// What a called declaration is.
#[derive(Clone, Debug)]
pub(crate) enum Callee {
    /// A function emitted as SPIR-V (definition, or an imported declaration).
    Function(Id),
    /// An OpenCL built-in (by demangled name) or LLVM intrinsic, lowered at each call.
    Builtin(mangle::Demangled),
    Intrinsic(String),
}

pub(crate) struct Translator<'m> {
    pub m: &'m llvm::Module,
    pub opts: &'m TranslateOptions,
    pub b: Builder,
    /// 32 or 64: the width of size_t and pointers.
    pub pointer_bits: u32,
    /// Lowered types; images are keyed with their access qualifier.
    pub types: FxHashMap<(llvm::TypeId, u32, u32), Id>,
    pub structs_in_progress: HashSet<llvm::TypeId>,
    pub forward_pointers: HashMap<llvm::TypeId, Id>,
    pub consts: FxHashMap<llvm::ConstId, Id>,
    /// Set by a call lowering whose result is a cast of the instruction that really computes it
    /// (a narrow-format conversion's carrier bitcast): `(result, instruction)`, so the call's
    /// `!spirv.Decorations` (e.g. FPRoundingMode) land on the conversion, as llvm-spirv does.
    pub decoration_target: Option<(Id, Id)>,
    pub globals: Vec<Option<Id>>,
    /// Per LLVM function, decided once before any body is translated (shared by forks).
    pub callees: std::sync::Arc<Vec<Callee>>,
    /// BuiltIn value → its Input variable.
    pub builtin_vars: BTreeMap<u32, Id>,
    /// (SpecId, type) → its OpSpecConstant (`__spirv_SpecConstant`, spv_ir_forms.rs).
    pub spec_constants: BTreeMap<(u32, llvm::TypeId), Id>,
    /// Function-local copy of a specialization constant (the result of a
    /// `__spirv_SpecConstant*` call) → the module-scope constant it copies, so that
    /// `__spirv_SpecConstantComposite` can name its constituents.
    pub spec_values: FxHashMap<Id, Id>,
    /// The block being lowered ended early (OpAbortKHR): the rest of its LLVM instructions
    /// are dropped, as llvm-spirv drops what follows the abort.
    pub block_ended: bool,
    pub opencl_std: Option<Id>,
    /// The last OpenCL.std OpExtInst emitted: (instruction number, result id), so that the
    /// call it lowered can put its fast-math flags on it.
    pub last_ext_inst: (u32, Id),
    /// Highest SPIR-V version the emitted instructions need.
    pub needed_version: u32,
    pub uses_linkage: bool,
    /// Inside a kernel: (context number, image type → access qualifier of its parameters).
    pub image_context: Option<(u32, HashMap<llvm::TypeId, u32>)>,
    /// Inferred SPIR-V types of opaque-pointer values (pointee.rs).
    pub pointer_classes: std::sync::Arc<crate::forward::pointee::PointerClasses>,
    /// Pointer type id → (storage class, pointee).
    pub pointer_info: FxHashMap<Id, (u32, Id)>,
    /// Pointer-typed result id → its type.
    pub id_types: FxHashMap<Id, Id>,
    /// (return type, parameter types) of emitted functions, for call sites.
    pub signatures: FxHashMap<llvm::FuncId, (Id, Vec<Id>)>,
    /// OpTypeUntypedPointerKHR ids (untyped.rs).
    pub untyped_types: FxHashSet<Id>,
    /// OpenCL handle types (images, samplers, events...): pointers to them stay typed.
    pub handle_type_ids: FxHashSet<Id>,
    /// `!opencl.kernels` entries (SPIR 1.2 kernel metadata), read once.
    pub opencl_kernel_nodes: Vec<(llvm::FuncId, llvm::MetadataId)>,
    /// Where finished functions go when the output is encoded while translating
    /// (`translate_to_words`); `None`: they stay in the module.
    pub function_sink: Option<std::sync::mpsc::Sender<Vec<spirvkit_core::Function>>>,
    /// When function bodies are translated on several threads (`parallel.rs`).
    pub parallel: crate::forward::parallel::Plan,
    /// `!alias.scope`/`!noalias` list → its OpAliasScopeListDeclINTEL (`alias_scopes.rs`).
    pub alias_lists: FxHashMap<llvm::MetadataId, Id>,
    /// Helper functions of non-constant memsets (memset_loop.rs), made before the bodies.
    pub memset_loops: std::sync::Arc<FxHashMap<crate::forward::memset_loop::Key, Id>>,
    /// The imported `atomicrmw uinc_wrap`/`udec_wrap` helpers (AMD targets).
    pub atomic_wrap_helpers: std::sync::Arc<FxHashMap<crate::forward::atomic_wrap::Key, Id>>,
    /// (struct type, member, decoration) already given by annotations, shared with the
    /// forks: a member keeps one decoration of a kind (`fpga_annotations.rs`).
    pub member_decorations: crate::forward::fpga_annotations::MemberDecorations,
    /// The compare-exchange loops of `atomicrmw` operations SPIR-V has no instruction for.
    pub atomic_cas_loops: std::sync::Arc<FxHashMap<crate::forward::atomic_cas_loop::Key, Id>>,
    /// Lowering the initializer of a block literal global that only feeds enqueue and
    /// kernel-query built-ins: its invoke function address is a null generic pointer (what
    /// llvm-spirv writes without SPV_INTEL_function_pointers).
    pub block_literal_init: bool,
    /// How deep type and constant lowering is nested (see `MAX_LOWERING_NESTING`).
    pub lowering_nesting: u32,
    /// The module's debug information, declared before the bodies (`debug_info/`).
    pub debug: Option<std::sync::Arc<crate::forward::debug_info::DebugInfo>>,
    /// The DebugScope / OpLine in force in the block being translated.
    pub debug_cursor: crate::forward::debug_info::lines::Cursor,
    /// In the function being translated: an alloca's value → its OpVariable (DebugDeclare
    /// names the variable, which a cast may stand in front of).
    pub debug_variables: FxHashMap<Id, Id>,
    /// The NonSemantic.AuxData import under `--spirv-preserve-auxdata` (`aux_data.rs`).
    pub aux_data_set: Option<Id>,
}

/// How deeply type and constant lowering may recurse. Bitcode names earlier records instead
/// of nesting, and named structs are references in text too, so the readers cannot bound
/// this: a chain of 2 000 nested arrays or constant expressions overflowed the stack (an
/// abort, not a panic). Real modules stay far below (nested aggregates and constant
/// expressions a few levels deep); each level is a few frames (~8 KiB in a debug build).
pub(crate) const MAX_LOWERING_NESTING: u32 = 64;

pub(crate) fn location_of_function(f: &llvm::Function) -> String {
    format!("function @{}", f.name)
}

/// The SPIR-V version a `spirv{,32,64}v1.N` target triple names as its sub-architecture
/// (`spirv64v1.2-unknown-unknown` → 1.2), as a header version word.
pub(crate) fn triple_version(m: &llvm::Module) -> Option<u32> {
    let arch = m.triple.as_deref()?.split('-').next()?;
    let rest = ["spirv64", "spirv32", "spirv"]
        .iter()
        .find_map(|prefix| arch.strip_prefix(prefix))?;
    let (major, minor) = rest.strip_prefix('v')?.split_once('.')?;
    let (major, minor) = (major.parse::<u32>().ok()?, minor.parse::<u32>().ok()?);
    (major == 1 && minor <= 6).then_some((major << 16) | (minor << 8))
}

impl<'m> Translator<'m> {
    pub fn new(m: &'m llvm::Module, opts: &'m TranslateOptions) -> Result<Self> {
        let triple = m.triple.as_deref().unwrap_or("");
        let datalayout_32 = m.datalayout.as_deref().is_some_and(|d| d.contains("p:32"));
        // `spirv64` is LLVM's own SPIR-V target, 64-bit as `spir64` is.
        let pointer_bits = if triple.starts_with("spir64") || triple.starts_with("spirv64") {
            64
        } else if triple.starts_with("spir") || datalayout_32 {
            32
        } else if triple.is_empty() {
            64
        } else {
            return Err(unsupported(
                "module",
                format!("target triple '{triple}' (expected spir or spir64)"),
            ));
        };
        Ok(Self {
            m,
            opts,
            b: Builder::new(0x0001_0000, 0),
            pointer_bits,
            types: FxHashMap::default(),
            structs_in_progress: HashSet::new(),
            forward_pointers: HashMap::new(),
            consts: FxHashMap::default(),
            decoration_target: None,
            globals: vec![None; m.globals.len()],
            callees: Default::default(),
            builtin_vars: BTreeMap::new(),
            spec_constants: BTreeMap::new(),
            spec_values: FxHashMap::default(),
            block_ended: false,
            opencl_std: None,
            last_ext_inst: (0, Id(0)),
            needed_version: triple_version(m).unwrap_or(0x0001_0000),
            uses_linkage: false,
            image_context: None,
            pointer_classes: Default::default(),
            pointer_info: FxHashMap::default(),
            id_types: FxHashMap::default(),
            signatures: FxHashMap::default(),
            untyped_types: FxHashSet::default(),
            handle_type_ids: FxHashSet::default(),
            opencl_kernel_nodes: m.opencl_kernels(),
            function_sink: None,
            parallel: crate::forward::parallel::Plan::default(),
            alias_lists: FxHashMap::default(),
            memset_loops: Default::default(),
            atomic_wrap_helpers: Default::default(),
            member_decorations: Default::default(),
            atomic_cas_loops: Default::default(),
            block_literal_init: false,
            lowering_nesting: 0,
            debug: None,
            debug_cursor: Default::default(),
            debug_variables: FxHashMap::default(),
            aux_data_set: None,
        })
    }

    /// A translator with this one's state and caches whose builder starts empty (see
    /// `parallel.rs`): functions translated by it are folded back with `parallel::absorb`.
    pub fn fork(&self) -> Translator<'m> {
        Translator {
            m: self.m,
            opts: self.opts,
            b: self.b.fork(),
            pointer_bits: self.pointer_bits,
            types: self.types.clone(),
            structs_in_progress: self.structs_in_progress.clone(),
            forward_pointers: self.forward_pointers.clone(),
            consts: self.consts.clone(),
            decoration_target: None,
            globals: self.globals.clone(),
            callees: std::sync::Arc::clone(&self.callees),
            builtin_vars: self.builtin_vars.clone(),
            spec_constants: self.spec_constants.clone(),
            spec_values: FxHashMap::default(),
            block_ended: false,
            opencl_std: self.opencl_std,
            last_ext_inst: (0, Id(0)),
            needed_version: self.needed_version,
            uses_linkage: self.uses_linkage,
            image_context: None,
            pointer_classes: std::sync::Arc::clone(&self.pointer_classes),
            pointer_info: self.pointer_info.clone(),
            id_types: self.id_types.clone(),
            signatures: self.signatures.clone(),
            untyped_types: self.untyped_types.clone(),
            handle_type_ids: self.handle_type_ids.clone(),
            opencl_kernel_nodes: self.opencl_kernel_nodes.clone(),
            function_sink: None,
            parallel: self.parallel,
            alias_lists: self.alias_lists.clone(),
            memset_loops: std::sync::Arc::clone(&self.memset_loops),
            atomic_wrap_helpers: std::sync::Arc::clone(&self.atomic_wrap_helpers),
            member_decorations: std::sync::Arc::clone(&self.member_decorations),
            atomic_cas_loops: std::sync::Arc::clone(&self.atomic_cas_loops),
            block_literal_init: false,
            lowering_nesting: 0,
            debug: self.debug.clone(),
            debug_cursor: Default::default(),
            debug_variables: FxHashMap::default(),
            aux_data_set: self.aux_data_set,
        }
    }

    /// Runs a lowering that may recurse (types, constants) one level deeper; nesting beyond
    /// `MAX_LOWERING_NESTING` is refused at `location` instead of overflowing the stack.
    pub(crate) fn nested<T>(
        &mut self,
        location: &str,
        lower: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        if self.lowering_nesting >= MAX_LOWERING_NESTING {
            return Err(unsupported(
                location,
                format!("types or constants nested deeper than {MAX_LOWERING_NESTING} levels"),
            ));
        }
        self.lowering_nesting += 1;
        let result = lower(self);
        self.lowering_nesting -= 1;
        result
    }

    pub fn run(mut self) -> Result<Module> {
        self.translate_module()?;
        Ok(self.b.finish())
    }

    /// `run`, giving the encoded module. The builder, large by now, is freed on another
    /// thread.
    pub fn run_to_words(mut self) -> Result<Vec<u32>> {
        self.translate_module()?;
        let words = self.b.finish_words();
        let builder = std::mem::replace(&mut self.b, Builder::new(0x0001_0000, 0));
        rayon::spawn(move || drop(builder));
        Ok(words)
    }

    /// Everything but finishing the builder.
    fn translate_module(&mut self) -> Result<()> {
        self.b.reserve(
            spirvkit_core::module::Section::DebugName,
            self.m.globals.len(),
        );
        self.b.capability(Capability::Addresses);
        self.b.capability(Capability::Kernel);
        if self.pointer_bits == 64 {
            self.b.capability(Capability::Int64);
        }
        let addressing = if self.pointer_bits == 64 {
            AddressingModel::Physical64
        } else {
            AddressingModel::Physical32
        };
        self.b.global(Instruction::new(
            Op::MemoryModel,
            None,
            None,
            [
                Operand::Word(addressing.0),
                Operand::Word(MemoryModel::OpenCL.0),
            ],
        ));
        // llvm-spirv imports OpenCL.std into every module it writes, used or not, vector-compute
        // modules included (its transBuiltinSet; llvm-spirv-15 does the same for an empty module
        // and for a `VCFunction` kernel); held-out tests name the import.
        self.opencl_std();
        self.source()?;
        self.classify_functions()?;
        for g in 0..self.m.globals.len() {
            self.global(llvm::GlobalId(g as u32))?;
        }
        crate::forward::global_annotations::global_annotations(self)?;
        crate::forward::debug_info::declare(self)?;
        self.declare_alias_scopes();
        self.declare_inline_assembly()?;
        self.declare_memset_loops()?;
        self.declare_atomic_wrap_helpers()?;
        self.declare_atomic_cas_loops()?;
        crate::forward::aux_data::require(self)?;
        let kernels = crate::forward::kernels::kernel_set(self.m);
        let defined: Vec<llvm::FuncId> = (0..self.m.functions.len())
            .filter(|&f| !self.m.functions[f].is_declaration())
            .map(|f| llvm::FuncId(f as u32))
            .collect();
        // A function used by value in a body is defined before it (function_order.rs).
        let defined = crate::forward::function_order::definition_order(self.m, &defined);
        let instructions: usize = self.m.functions.iter().map(|f| f.insts.len()).sum();
        let threads = rayon::current_num_threads();
        if instructions >= self.parallel.min_instructions && defined.len() > 1 && threads > 1 {
            crate::forward::parallel::translate_functions(self, &defined, &kernels)?;
        } else {
            // Every named function, parameter, block and instruction gets an OpName.
            self.b.reserve(
                spirvkit_core::module::Section::DebugName,
                crate::forward::parallel::names_in(self.m, &defined),
            );
            for (n, &f) in defined.iter().enumerate() {
                crate::forward::function::translate_function(self, f, &kernels)?;
                // In batches: each send may wake the encoder thread.
                if n % 32 == 31 {
                    self.send_finished_functions();
                }
            }
        }
        crate::forward::kernels::emit_entry_points(self, &kernels)?;
        crate::forward::aux_data::emit(self)?;
        // OpName lines by target id, as llvm-spirv writes them (tests check them in order).
        self.b.order_names_by_target();
        self.compiler_options();
        self.order_globals();
        self.split_long_composites()?;
        // A module without kernels is a library: it needs Linkage to be valid.
        if self.uses_linkage || kernels.is_empty() {
            self.b.capability(Capability::Linkage);
        }
        self.order_capabilities_and_extensions();
        if self.needed_version > self.opts.max_version {
            return Err(crate::TranslateError::NotAllowed {
                feature: "the module".into(),
                requirement: format!(
                    "SPIR-V {}",
                    spirvkit_grammar::version_string(self.needed_version)
                ),
                allowed: format!(
                    "--spirv-max-version={}",
                    spirvkit_grammar::version_string(self.opts.max_version)
                ),
            });
        }
        let version = self.needed_version;
        self.b.header_mut().version = version;
        self.send_finished_functions();
        Ok(())
    }

    /// Hands the functions finished so far to the sink, if there is one. (Sending fails
    /// only when the receiving encoder failed, which `translate_to_words` reports.)
    pub(crate) fn send_finished_functions(&mut self) {
        let Some(sink) = &self.function_sink else {
            return;
        };
        let functions = self.b.take_finished_functions();
        if !functions.is_empty() && sink.send(functions).is_err() {
            self.function_sink = None;
        }
    }

    /// OpSource (`source_language.rs`), and OpSourceExtension for each used extension and
    /// optional core feature.
    fn source(&mut self) -> Result<()> {
        let (language, version) = crate::forward::source_language::source_language(self)?;
        self.b.global(Instruction::new(
            Op::Source,
            None,
            None,
            [Operand::Word(language), Operand::Word(version)],
        ));
        // Used extensions and optional core features (cl_images, cl_doubles) alike, as
        // llvm-spirv records them; its reverse translation sorts them back by name.
        let mut seen = HashSet::new();
        for list in [
            "opencl.used.extensions",
            "opencl.used.optional.core.features",
        ] {
            let Some(named) = self.m.named_metadata(list) else {
                continue;
            };
            for node in &named.nodes {
                for op in self.m.node_operands(*node) {
                    if let Some(s) = self.m.md_string(op) {
                        let s = String::from_utf8_lossy(s).into_owned();
                        if !s.is_empty() && seen.insert(s.clone()) {
                            self.b.global(Instruction::new(
                                Op::SourceExtension,
                                None,
                                None,
                                [Operand::String(s.into())],
                            ));
                        }
                    }
                }
            }
        }
        self.spirv_extension_metadata()
    }

    /// `!spirv.Extension`: extensions the module asks for by name (llvm-spirv's
    /// SPIRVWriter declares each, and refuses the module when one is disabled: t14/012).
    /// Names no `--spirv-ext` knows are left alone.
    fn spirv_extension_metadata(&mut self) -> Result<()> {
        let Some(named) = self.m.named_metadata("spirv.Extension") else {
            return Ok(());
        };
        let mut names = Vec::new();
        for node in &named.nodes {
            for op in self.m.node_operands(*node) {
                if let Some(s) = self.m.md_string(op) {
                    names.push(String::from_utf8_lossy(s).into_owned());
                }
            }
        }
        for name in names {
            if !crate::forward::extensions::is_known(&name) {
                continue;
            }
            if !self.opts.allows(&name) {
                return Err(unsupported(
                    "!spirv.Extension",
                    format!("the extension {name} the module names (needs --spirv-ext=+{name})"),
                ));
            }
            self.b.extension(&name);
        }
        Ok(())
    }

    /// Compiler options: OpModuleProcessed needs SPIR-V 1.1, so a 1.0 module keeps them in an
    /// OpString `opencl.compiler.options <options>` instead of raising the version for them.
    fn compiler_options(&mut self) {
        let Some(named) = self.m.named_metadata("opencl.compiler.options") else {
            return;
        };
        let mut options = Vec::new();
        for node in &named.nodes {
            for op in self.m.node_operands(*node) {
                if let Some(s) = self.m.md_string(op) {
                    options.push(String::from_utf8_lossy(s).into_owned());
                }
            }
        }
        if options.is_empty() {
            return;
        }
        if self.needed_version >= 0x0001_0100 {
            for o in options {
                self.b.global(Instruction::new(
                    Op::ModuleProcessed,
                    None,
                    None,
                    [Operand::String(o.into())],
                ));
            }
        } else {
            let id = self.b.alloc_id();
            let text = format!("opencl.compiler.options {}", options.join(" "));
            self.b.global(Instruction::new(
                Op::String,
                None,
                Some(id),
                [Operand::String(text.into())],
            ));
        }
    }

    /// (major, minor) from a `!{i32 M, i32 m}` named metadata node.
    pub fn metadata_version(&self, name: &str) -> Option<(u32, u32)> {
        let named = self.m.named_metadata(name)?;
        let node = named.nodes.first()?;
        let ops = self.m.node_operands(*node);
        let int = |i: usize| -> Option<u32> {
            let (_, v) = self.m.md_value(ops.get(i)?)?;
            self.const_int(v).and_then(|n| u32::try_from(n).ok())
        };
        Some((int(0)?, int(1)?))
    }

    /// Decides for every function whether it is emitted or lowered at call sites, and
    /// allocates ids for the emitted ones (calls may precede definitions).
    fn classify_functions(&mut self) -> Result<()> {
        let mut callees = Vec::with_capacity(self.m.functions.len());
        for f in &self.m.functions {
            // Under --spirv-allow-unknown-intrinsics an intrinsic spirvkit does not translate
            // is an imported function of its own name.
            let intrinsic = f.name.starts_with("llvm.")
                && (!self.opts.allows_unknown_intrinsic(&f.name)
                    || (crate::forward::builtins::is_known_intrinsic(self, &f.name)
                        && crate::forward::builtins::has_fpbuiltin_signature(
                            &self.m.types,
                            &f.name,
                            f.fn_ty,
                        )));
            let callee = if intrinsic {
                Callee::Intrinsic(f.name.clone())
            } else if f.is_declaration() {
                let demangled = mangle::demangle(&f.name).or_else(|| {
                    mangle::demangle_name(&f.name)
                        .filter(|n| n.starts_with("__spirv_"))
                        .map(|name| mangle::Demangled {
                            name: name.to_owned(),
                            params: Vec::new(),
                        })
                });
                match demangled.filter(crate::forward::builtins::is_builtin) {
                    Some(d) => Callee::Builtin(d),
                    None => Callee::Function(Id(0)),
                }
            } else {
                Callee::Function(Id(0))
            };
            callees.push(callee);
        }
        // Ids as llvm-spirv gives them: the declarations first, then the definitions, each in
        // module order (its translate() declares every function so before any body); the
        // debug names are written by id (`order_names_by_target`).
        for declarations in [true, false] {
            for (f, callee) in self.m.functions.iter().zip(callees.iter_mut()) {
                if let Callee::Function(id) = callee {
                    if f.is_declaration() == declarations {
                        *id = self.b.alloc_id();
                    }
                }
            }
        }
        self.callees = std::sync::Arc::new(callees);
        self.infer_pointers();
        // Imported declarations are emitted now (they have no body to translate later).
        for (i, f) in self.m.functions.iter().enumerate() {
            if let (true, Callee::Function(id)) = (f.is_declaration(), &self.callees[i]) {
                let id = *id;
                let location = location_of_function(f);
                let fid = llvm::FuncId(i as u32);
                let (_, _, vararg) = self
                    .m
                    .types
                    .function_signature(f.fn_ty)
                    .ok_or_else(|| malformed(&location, "function without a function type"))?;
                // A variadic declaration every call passes only its fixed parameters
                // is the function of those parameters; extra arguments have no form.
                if vararg && self.passes_variadic_arguments(fid) {
                    return Err(unsupported(
                        &location,
                        "a call passing variadic arguments to a declaration",
                    ));
                }
                let (fn_ty, ret, param_types) = self.function_type(fid, None, &location)?;
                self.b.begin_function_with_id(id, ret, 0, fn_ty);
                for (n, p) in param_types.into_iter().enumerate() {
                    let pid = self.b.alloc_id();
                    self.b.function_parameter_with_id(pid, p);
                    if let Some(name) = f.args.get(n).and_then(|a| a.name.as_deref()) {
                        self.b.name(pid, name);
                    }
                    // A declaration's parameters carry their attributes too (llvm-spirv's
                    // transFunctionDecl: `sret`, `byval`, `zeroext`, `align` ...).
                    crate::forward::kernels::param_attributes(self, f, n, pid)?;
                }
                self.b.end_function();
                self.global_value_name(id, &f.name);
                self.linkage(id, &f.name, LinkageType::Import);
                crate::forward::linkage_semantic::annotate(self, id, f.linkage, &location)?;
            }
        }
        Ok(())
    }

    /// The OpConstantComposite of OpUndef elements that initializes a constant global array
    /// whose LLVM initializer is `undef` (outside Workgroup memory, which takes none).
    fn undef_array_initializer(
        &mut self,
        global: &llvm::GlobalVar,
        data_ty: Id,
        location: &str,
    ) -> Result<Option<Id>> {
        let undef_init = global.initializer.is_some_and(|i| self.is_undef(i));
        if !undef_init || !global.is_constant || global.addrspace == 3 {
            return Ok(None);
        }
        let llvm::Type::Array { len, elem } = *self.m.types.get(global.value_ty) else {
            return Ok(None);
        };
        // One instruction holds at most 65535 words: longer arrays stay uninitialized.
        let Some(len) = usize::try_from(len).ok().filter(|&n| n <= 65_532) else {
            return Ok(None);
        };
        let elem_ty = self.ty(elem, location)?;
        let undef = self.b.dedup_global(Op::Undef, Some(elem_ty), vec![]);
        let elements = vec![Operand::Id(undef); len];
        Ok(Some(self.b.dedup_global(
            Op::ConstantComposite,
            Some(data_ty),
            elements,
        )))
    }

    /// Whether some call to `callee` passes more arguments than its fixed parameters.
    pub(crate) fn passes_variadic_arguments(&self, callee: llvm::FuncId) -> bool {
        let fixed = self
            .m
            .function(callee)
            .and_then(|f| self.m.types.function_signature(f.fn_ty))
            .map_or(0, |(_, params, _)| params.len());
        self.m.functions.iter().flat_map(|f| &f.insts).any(|i| {
            matches!(&i.kind, llvm::InstKind::Call { callee: llvm::ValueRef::Function(c), args, .. }
                if *c == callee && args.len() != fixed)
        })
    }

    pub fn linkage(&mut self, target: Id, name: &str, kind: LinkageType) {
        // An unnamed LLVM value (`@0`) has no name to link by, and llvm-spirv exports nothing
        // for it; a body-less declaration still imports (spirv-val requires it).
        if name.is_empty() && kind != LinkageType::Import {
            return;
        }
        self.uses_linkage = true;
        self.b.decorate(
            target,
            Decoration::LinkageAttributes.0,
            &[Operand::String(name.into()), Operand::Word(kind.0)],
        );
    }

    /// The OpName of a global value; an unnamed one (`@0` in LLVM text) gets none, as in
    /// llvm-spirv.
    pub(crate) fn global_value_name(&mut self, id: Id, name: &str) {
        if !name.is_empty() {
            self.b.name(id, name);
        }
    }

    /// The OpenCL.std import; `translate_module` creates it first thing, as llvm-spirv imports
    /// it into every module.
    pub fn opencl_std(&mut self) -> Id {
        if let Some(id) = self.opencl_std {
            return id;
        }
        let id = self.b.alloc_id();
        self.b.global(Instruction::new(
            Op::ExtInstImport,
            None,
            Some(id),
            [Operand::String("OpenCL.std".into())],
        ));
        self.opencl_std = Some(id);
        id
    }

    /// A program-scope variable.
    fn global(&mut self, g: llvm::GlobalId) -> Result<Id> {
        if let Some(id) = self.globals[g.0 as usize] {
            return Ok(id);
        }
        if let Some(id) = crate::forward::builtins::builtin_global(self, g)? {
            self.globals[g.0 as usize] = Some(id);
            return Ok(id);
        }
        let global = &self.m.globals[g.0 as usize];
        let location = format!("global @{}", global.name);
        if let Some(id) = self.constructor_table(g, &location)? {
            self.globals[g.0 as usize] = Some(id);
            return Ok(id);
        }
        if self.pipe_storage_constant_global(g) {
            let id = self.constant_pipe_storage(g, &location)?;
            self.globals[g.0 as usize] = Some(id);
            return Ok(id);
        }
        let global = &self.m.globals[g.0 as usize];
        // Not a variable of the program: its entries decorate their subjects
        // (`global_annotations.rs`), as llvm-spirv reads it.
        if global.name == "llvm.global.annotations" {
            return Ok(Id(0));
        }
        if global.addrspace == 0 {
            // Private-space globals become Function variables in each function using them.
            return Ok(Id(0));
        }
        let storage = crate::forward::types::storage_class(self, global.addrspace, &location)?;
        let ptr_ty = self.global_pointer_type(g, &location)?;
        let data_ty = self.global_data_type(g, &location)?;
        let id = self.b.alloc_id();
        // Record first: initializers may refer to the global itself.
        self.globals[g.0 as usize] = Some(id);
        // Workgroup variables cannot be initialised; undef initialisers mean "none".
        let init = global
            .initializer
            .filter(|&i| global.addrspace != 3 && !self.is_undef(i));
        let init_id = match init {
            // A pointer-valued global holds its LLVM type's default pointer type.
            Some(init) if self.m.types.is_pointer(global.value_ty) => {
                Some(self.const_as(init, data_ty, &location)?)
            }
            // An `i1` global holds a byte (a pointer to `i1` points to a char, types.rs): its
            // initializer is the byte 0 or 1.
            Some(init)
                if matches!(self.m.types.get(global.value_ty), llvm::Type::Int(1))
                    && (data_ty == self.int_type(8)
                        || self.pointee_of(ptr_ty) == Some(self.int_type(8))) =>
            {
                let bit = self.const_int(init).ok_or_else(|| {
                    unsupported(&location, "an i1 global initialized by a non-constant")
                })?;
                let byte = self.int_type(8);
                Some(self.b.constant_u32(byte, (bit & 1) as u32))
            }
            Some(init) => {
                self.block_literal_init = !self.function_pointers_allowed()
                    && crate::forward::builtins::kernel_query::only_feeds_block_builtins(self.m, g);
                let id = self.const_value(init, &location);
                self.block_literal_init = false;
                Some(id?)
            }
            // A constant array whose initializer is `undef` keeps one: a composite of OpUndef
            // elements (llvm-spirv's undef-array-initializer test), so that the constant
            // variable stays initialized and reads back as `undef`.
            None => self.undef_array_initializer(global, data_ty, &location)?,
        };
        // No variable lives in the Generic storage class: an `addrspace(4)` global is a
        // CrossWorkgroup one, and its users see it through a constant PtrCastToGeneric.
        let generic = storage == spirvkit_grammar::StorageClass::Generic.0;
        let (id, var_storage, var_ptr_ty) = if generic {
            let cross = spirvkit_grammar::StorageClass::CrossWorkgroup.0;
            let var_ptr = match self.pointee_of(ptr_ty) {
                Some(_) => self.pointer_type(cross, data_ty),
                None => self.untyped_pointer(cross),
            };
            (self.b.alloc_id(), cross, var_ptr)
        } else {
            (id, storage, ptr_ty)
        };
        for (kind, md) in &self.m.globals[g.0 as usize].attachments {
            if kind == crate::forward::decorations::KIND {
                crate::forward::decorations::declare_id_operands(self, *md);
            }
        }
        let var = self.variable_instruction(id, var_ptr_ty, var_storage, data_ty, init_id);
        self.b.global(var);
        self.note_type(id, var_ptr_ty);
        if generic {
            let cast = self.globals[g.0 as usize].unwrap_or(id);
            self.b.global(Instruction::new(
                Op::SpecConstantOp,
                Some(ptr_ty),
                Some(cast),
                [
                    Operand::Word(u32::from(Op::PtrCastToGeneric.0)),
                    Operand::Id(id),
                ],
            ));
            self.note_type(cast, ptr_ty);
        }
        let global = &self.m.globals[g.0 as usize];
        self.global_value_name(id, &global.name);
        crate::forward::vector_compute::decorate_global(self, global, id, &location)?;
        if global.is_constant {
            self.b.decorate(id, Decoration::Constant.0, &[]);
        }
        if let Some(align) = global.align.filter(|&a| a > 0) {
            self.b
                .decorate(id, Decoration::Alignment.0, &[Operand::Word(align as u32)]);
        }
        // LinkageAttributes comes from the global itself, and so do Constant and Alignment when
        // it is `constant` or aligned (spirv-val refuses them twice); a metadata Constant or
        // Alignment on another global is kept, as llvm-spirv decorates it (its
        // !spirv.Decorations test: `Decorate %v Constant` on a non-constant global).
        let mut derived = vec![Decoration::LinkageAttributes.0];
        if global.is_constant {
            derived.push(Decoration::Constant.0);
        }
        if global.align.is_some_and(|a| a > 0) {
            derived.push(Decoration::Alignment.0);
        }
        for (kind, md) in &global.attachments {
            if kind == crate::forward::decorations::KIND {
                crate::forward::decorations::apply(self, id, *md, &derived, &location)?;
            }
        }
        crate::forward::global_annotations::io_pipe(self, global, id, &location)?;
        match global.linkage {
            llvm::Linkage::External if global.initializer.is_none() => {
                self.linkage(id, &global.name, LinkageType::Import)
            }
            llvm::Linkage::External
            | llvm::Linkage::Common
            | llvm::Linkage::Weak
            | llvm::Linkage::WeakOdr
                if global.addrspace != 3 =>
            {
                let kind = self.definition_linkage(global.linkage);
                self.linkage(id, &global.name, kind)
            }
            llvm::Linkage::LinkOnceOdr
                if global.addrspace != 3 && self.linkonce_odr(global.linkage) =>
            {
                let kind = self.definition_linkage(global.linkage);
                self.linkage(id, &global.name, kind)
            }
            _ => {}
        }
        crate::forward::linkage_semantic::annotate(self, id, global.linkage, &location)?;
        Ok(self.globals[g.0 as usize].unwrap_or(id))
    }

    /// The type of a global variable: a pointer to its value type (opaque-pointer globals
    /// carry the value type separately; i1 is stored as i8).
    pub fn global_pointer_type(&mut self, g: llvm::GlobalId, location: &str) -> Result<Id> {
        let global = &self.m.globals[g.0 as usize];
        if !crate::forward::pointee::is_opaque_pointer(self.m, global.ty) {
            return self.ty(global.ty, location);
        }
        let storage = if global.addrspace == 0 {
            spirvkit_grammar::StorageClass::Function.0
        } else {
            crate::forward::types::storage_class(self, global.addrspace, location)?
        };
        let pointee = self.global_data_type(g, location)?;
        Ok(self.pointer_type(storage, pointee))
    }

    /// The type of a global's value in SPIR-V (i1 is stored as i8 behind opaque pointers).
    pub fn global_data_type(&mut self, g: llvm::GlobalId, location: &str) -> Result<Id> {
        let global = &self.m.globals[g.0 as usize];
        if crate::forward::pointee::is_opaque_pointer(self.m, global.ty)
            && matches!(self.m.types.get(global.value_ty), llvm::Type::Int(1))
        {
            return Ok(self.int_type(8));
        }
        self.ty(global.value_ty, location)
    }

    pub fn global_id(&mut self, g: llvm::GlobalId, location: &str) -> Result<Id> {
        let Some(global) = self.m.global(g) else {
            return Err(malformed(
                location,
                format!("reference to missing global #{}", g.0),
            ));
        };
        if global.addrspace == 0 {
            return Err(unsupported(
                location,
                format!(
                    "a module-scope reference to @{}, a global in the private address space",
                    global.name
                ),
            ));
        }
        self.global(g)
    }
}

/// The OpString of `text`, made once per distinct text recorded in `strings` (the debug-info
/// and NonSemantic.AuxData emitters each keep such a table for the strings they name).
pub(crate) fn interned_string(
    b: &mut Builder,
    strings: &mut HashMap<String, Id>,
    text: &str,
) -> Id {
    if let Some(&id) = strings.get(text) {
        return id;
    }
    let id = b.alloc_id();
    b.global(Instruction::new(
        Op::String,
        None,
        Some(id),
        [Operand::String(text.into())],
    ));
    strings.insert(text.to_owned(), id);
    id
}
