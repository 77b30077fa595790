//! SPIR-V (OpenCL kernels) → SPIR 1.2 LLVM IR, the reverse of the crate's forward translator
//! (`llvm-spirv -r`).
//!
//! The output is a `spirvkit_llvm::Module` with typed pointers (SPIR 1.2: triple and data
//! layout from the addressing model, address spaces 0–4, `spir_kernel`/`spir_func`,
//! `!opencl.kernels` metadata), OpenCL built-ins as calls to their SPIR mangled names, and
//! built-in variables as `get_global_id`-style calls. Untyped pointers become `i8*` values,
//! cast to the accessed type where they are used.
//!
//! One file per instruction class; the translation context (`Ctx`) is at the bottom of this
//! file.

mod abort;
mod arith;
mod atomics;
mod aux_data;
mod builtins;
mod convert;
mod cooperative_matrix;
mod debug_info;
mod decoration_metadata;
mod enqueue;
mod entry_wrappers;
mod function;
mod function_metadata;
mod groups;
mod images;
mod kernels;
mod loop_metadata;
mod memory;
mod narrow_floats;
mod opencl_std;
mod pipes;
mod poison_freeze;
mod spv_ir;
mod sync;
mod types;
mod values;

use std::collections::HashMap;

use crate::data_layout::DataLayout;
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};

use spirvkit_core::grammar::Op;
use spirvkit_core::{Id, Instruction, Module as SpvModule, Operand};
use spirvkit_llvm as llvm;

/// Which LLVM dialect to produce (`--spirv-target-env`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TargetEnv {
    /// SPIR 1.2: typed pointers, OpenCL 1.2 built-in names.
    #[default]
    Cl12,
    /// OpenCL 2.0 built-in names (atomics with memory order and scope) and the generic
    /// address space.
    Cl20,
    /// llvm-spirv's SPIR-V friendly IR: `__spirv_*` calls, written with opaque pointers.
    SpvIr,
}

#[derive(Debug, Clone, Default)]
pub struct ReverseOptions {
    pub target: TargetEnv,
    /// `--spirv-preserve-auxdata`: NonSemantic.AuxData records restored as the attributes,
    /// metadata and linkage they describe (`aux_data.rs`).
    pub preserve_aux_data: bool,
    /// `--spec-const`: SpecId → value bits (replacing the default of the spec constant).
    pub spec_constants: HashMap<u32, u64>,
    /// `--spirv-builtin-format=global`: with [`TargetEnv::SpvIr`], built-in variables stay
    /// `__spirv_BuiltIn<Name>` globals (`external addrspace(7) constant`, loaded like any
    /// global) instead of becoming `__spirv_BuiltIn<Name>(dim)` calls. The OpenCL C targets
    /// always call `get_*` functions, as llvm-spirv's do.
    pub builtin_globals: bool,
    /// llvm-spirv's `--spirv-consume-linkage-user-semantic`: UserSemantic
    /// "linkage:<keyword>" (the forward `--spirv-emit-linkage-user-semantic`) gives a function
    /// or global that LLVM linkage.
    pub linkage_user_semantic: bool,
    /// With [`TargetEnv::Cl12`]: OpenCL 2.0 names when the module's OpSource says OpenCL C
    /// 2.0 or later, as llvm-spirv's reader did before `--spirv-target-env` (it lowered the
    /// 2.0 built-ins to 1.2 ones only for an older source; lit tests of that time, e.g.
    /// OpMemoryBarrier.ll, expect `atomic_work_item_fence`). The llvm-spirv personality sets
    /// it when `--spirv-target-env` is not given.
    pub cl20_by_source: bool,
    /// llvm-spirv's `-spirv-gen-image-type-acc-postfix`: OpenCL image types are named with
    /// their access qualifier (`opencl.image2d_wo_t`) in every target environment, not only
    /// under CL2.0.
    pub image_access_postfix: bool,
}

/// Why a module has no LLVM form here: the instruction and its word offset.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReverseError {
    #[error("{0}")]
    Decode(String),
    #[error("word {offset}: {opcode}: {message}")]
    Unsupported {
        offset: usize,
        opcode: String,
        message: String,
    },
    #[error("{0}")]
    Module(String),
}

pub type Result<T> = std::result::Result<T, ReverseError>;

/// Translates a SPIR-V binary (host-order words).
pub fn reverse_words(words: &[u32], opts: &ReverseOptions) -> Result<llvm::Module> {
    let spv = SpvModule::from_words(words).map_err(|e| ReverseError::Decode(e.to_string()))?;
    reverse(spv, opts)
}

/// Translates a decoded SPIR-V module. The module is consumed: each function's SPIR-V is
/// dropped once its LLVM body exists, so the two forms of a large module are not both held.
pub fn reverse(mut spv: SpvModule, opts: &ReverseOptions) -> Result<llvm::Module> {
    let functions = std::mem::take(&mut spv.functions);
    let by_source;
    let opts = if opts.cl20_by_source && opts.target == TargetEnv::Cl12 && opencl_c_20(&spv) {
        by_source = ReverseOptions {
            target: TargetEnv::Cl20,
            ..opts.clone()
        };
        &by_source
    } else {
        opts
    };
    let mut ctx = Ctx::new(&spv, opts, &functions)?;
    ctx.translate(functions)?;
    Ok(ctx.m)
}

/// Whether OpSource names OpenCL C (language 3) 2.0 or later.
fn opencl_c_20(spv: &SpvModule) -> bool {
    spv.globals
        .iter()
        .find(|i| i.opcode == Op::Source)
        .is_some_and(|i| {
            let word = |n: usize| i.operands.get(n).and_then(Operand::word);
            word(0) == Some(3) && word(1).is_some_and(|version| version >= 200000)
        })
}

pub fn op_name(op: Op) -> String {
    spirvkit_core::grammar::instruction(op.0)
        .map(|d| d.opname.to_owned())
        .unwrap_or_else(|| format!("Op{}", op.0))
}

/// A decoration with its literal (and id) operands.
#[derive(Debug, Clone)]
pub(crate) struct Decoration {
    pub kind: u32,
    pub args: Vec<u32>,
}

/// The translation context: the SPIR-V module indexed by id, and the LLVM module being built.
pub(crate) struct Ctx<'a> {
    pub spv: &'a SpvModule,
    pub opts: &'a ReverseOptions,
    pub m: llvm::Module,
    /// Physical64 addressing (`spir64`, 64-bit `size_t`).
    pub addr64: bool,
    /// Id → global instruction (types, constants, variables, strings...).
    pub globals: Vec<Option<&'a Instruction>>,
    /// Id → word offset of its defining instruction (for errors).
    pub offsets: FxHashMap<Id, usize>,
    /// Id → LLVM type.
    pub types: FxHashMap<Id, llvm::TypeId>,
    /// Id → module-level LLVM value (constants, globals, functions).
    pub values: FxHashMap<Id, llvm::ValueRef>,
    /// OpName by id (dense: looked up for every result).
    pub names: Vec<Option<&'a str>>,
    pub decorations: FxHashMap<Id, Vec<Decoration>>,
    pub member_decorations: FxHashMap<(Id, u32), Vec<Decoration>>,
    /// Input variables decorated BuiltIn: variable id → built-in (read through calls).
    pub builtin_vars: FxHashMap<Id, u32>,
    /// Module-scope OpSpecConstantOp pointers into a built-in variable (a constant GEP of
    /// a component, as LLVM folds `getelementptr i8, @__spirv_BuiltInGlobalInvocationId, 8`):
    /// id → (built-in, component). Loads through them read that component.
    pub builtin_component_pointers: FxHashMap<Id, (u32, u32)>,
    /// Functions whose LLVM name is not their SPIR-V one (a kernel body another function
    /// calls, whose name the kernel keeps): id → name.
    pub function_renames: FxHashMap<Id, String>,
    /// The same, kept as `__spirv_BuiltIn<Name>` globals (`ReverseOptions::builtin_globals`).
    pub builtin_globals: FxHashMap<Id, u32>,
    /// Ids of `OpExtInstImport "OpenCL.std"`.
    pub opencl_std: Option<Id>,
    /// Debug-information and other non-semantic instruction sets (OpenCL.DebugInfo.100,
    /// `SPIRV.debug`, `NonSemantic.*`): the dispatch of bodies skips their instructions; the
    /// debug-information sets among them are translated by `debug_info/` first.
    pub ignored_sets: FxHashSet<Id>,
    /// Built-in declarations made so far, by name.
    pub declared: FxHashMap<String, llvm::FuncId>,
    /// `nounwind`, the attribute list of every built-in call, shared by them (a call that
    /// needs more copies it on write, `Arc::make_mut`).
    pub nounwind_attrs: std::sync::Arc<llvm::AttributeList>,
    /// `kernel_arg_type.<kernel>.` strings the forward translator keeps.
    pub kernel_arg_types: FxHashMap<String, Vec<String>>,
    /// SPIR-V function id → LLVM function.
    pub functions: FxHashMap<Id, llvm::FuncId>,
    /// Entry points: function id → (name, execution modes).
    pub entry_points: FxHashMap<Id, String>,
    pub execution_modes: FxHashMap<Id, Vec<(u32, Vec<u32>)>>,
    /// Word offset of the instruction being translated.
    pub offset: usize,
    pub opcode: Op,
    /// OpSampledImage results: (image, sampler).
    pub sampled_images: FxHashMap<Id, (llvm::ValueRef, llvm::ValueRef)>,
    /// Result id → SPIR-V result type, for every instruction of every function.
    pub result_types: FxHashMap<Id, Id>,
    /// Types being made (a type that contains itself other than through a pointer).
    pub resolving: std::collections::HashSet<Id>,
    /// Structs whose bodies wait for the pointer being made.
    pub pending_bodies: Vec<Id>,
    /// LinkageAttributes names.
    pub linkage_names: FxHashMap<Id, &'a str>,
    /// LLVM linkages given back by UserSemantic "linkage:<keyword>" (with
    /// `ReverseOptions::linkage_user_semantic`).
    pub linkage_semantics: FxHashMap<Id, llvm::Linkage>,
    /// Entry points in function order: (function, name, parameter ids).
    pub kernels: Vec<(Id, String, Vec<Option<Id>>)>,
    /// Sizes and alignments under the output's `datalayout` (set with it in `translate`).
    pub layout: DataLayout,
    /// Debug information (`debug_info/`).
    pub debug: debug_info::DebugState,
    /// Whether the module declares an OpTypeCooperativeMatrixKHR: without one, no instruction
    /// needs `cooperative_matrix.rs`'s per-instruction checks.
    pub has_cooperative_matrices: bool,
    /// SPV-IR's `!spirv.Decorations` (`decoration_metadata.rs`; empty for other targets).
    pub decoration_md: decoration_metadata::DecorationMetadata,
}

impl<'a> Ctx<'a> {
    fn new(
        spv: &'a SpvModule,
        opts: &'a ReverseOptions,
        functions: &[spirvkit_core::Function],
    ) -> Result<Self> {
        let bound = spv.header.bound as usize;
        let mut ctx = Ctx {
            spv,
            opts,
            m: llvm::Module::default(),
            addr64: true,
            globals: vec![None; bound],
            offsets: FxHashMap::default(),
            types: FxHashMap::default(),
            values: FxHashMap::default(),
            names: vec![None; bound],
            decorations: FxHashMap::default(),
            member_decorations: FxHashMap::default(),
            builtin_vars: FxHashMap::default(),
            builtin_component_pointers: FxHashMap::default(),
            function_renames: FxHashMap::default(),
            builtin_globals: FxHashMap::default(),
            opencl_std: None,
            ignored_sets: FxHashSet::default(),
            declared: FxHashMap::default(),
            nounwind_attrs: std::sync::Arc::new(llvm::AttributeList {
                function: vec![llvm::Attribute::Flag("nounwind".into())],
                ..Default::default()
            }),
            kernel_arg_types: FxHashMap::default(),
            functions: FxHashMap::default(),
            entry_points: FxHashMap::default(),
            execution_modes: FxHashMap::default(),
            offset: 5,
            opcode: Op::Nop,
            sampled_images: FxHashMap::default(),
            result_types: FxHashMap::default(),
            resolving: Default::default(),
            pending_bodies: Vec::new(),
            linkage_names: FxHashMap::default(),
            linkage_semantics: FxHashMap::default(),
            kernels: Vec::new(),
            layout: DataLayout::new(None, 64),
            debug: Default::default(),
            has_cooperative_matrices: spv
                .globals
                .iter()
                .any(|i| i.opcode == Op::TypeCooperativeMatrixKHR),
            decoration_md: if opts.target == TargetEnv::SpvIr {
                decoration_metadata::DecorationMetadata::index(&spv.globals)
            } else {
                Default::default()
            },
        };
        for f in functions {
            for i in f.instructions() {
                if let (Some(r), Some(t)) = (i.result_id, i.result_type) {
                    ctx.result_types.insert(r, t);
                }
            }
        }
        ctx.index()?;
        if ctx.spv_ir() && opts.builtin_globals {
            ctx.builtin_globals = std::mem::take(&mut ctx.builtin_vars);
        }
        Ok(ctx)
    }

    /// An error about the instruction being translated.
    pub fn err(&self, message: impl Into<String>) -> ReverseError {
        ReverseError::Unsupported {
            offset: self.offset,
            opcode: op_name(self.opcode),
            message: message.into(),
        }
    }

    /// The OpName of `id`.
    pub fn name(&self, id: Id) -> Option<&'a str> {
        self.names.get(id.0 as usize).copied().flatten()
    }

    pub fn def(&self, id: Id) -> Option<&'a Instruction> {
        self.globals.get(id.0 as usize).copied().flatten()
    }

    pub fn decorations(&self, id: Id) -> &[Decoration] {
        self.decorations.get(&id).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn decoration(&self, id: Id, kind: u32) -> Option<&Decoration> {
        self.decorations(id).iter().find(|d| d.kind == kind)
    }

    /// Indexes global instructions, names, decorations (decoration groups applied), entry
    /// points, and refuses shader modules.
    fn index(&mut self) -> Result<()> {
        let spv = self.spv;
        let mut offset = 5;
        let mut groups: HashMap<Id, Vec<Decoration>> = HashMap::new();
        let mut group_member: HashMap<Id, Vec<(u32, Decoration)>> = HashMap::new();
        for inst in &spv.globals {
            self.offset = offset;
            self.opcode = inst.opcode;
            if let Some(r) = inst.result_id {
                if let Some(slot) = self.globals.get_mut(r.0 as usize) {
                    *slot = Some(inst);
                }
                self.offsets.insert(r, offset);
            }
            let word = |i: usize| inst.operands.get(i).and_then(Operand::word);
            let id = |i: usize| inst.operands.get(i).and_then(Operand::id);
            let words_from = |i: usize| -> Vec<u32> {
                inst.operands
                    .iter()
                    .skip(i)
                    .filter_map(|o| match o {
                        Operand::Word(w) => Some(*w),
                        Operand::Id(x) => Some(x.0),
                        Operand::String(_) => None,
                    })
                    .collect()
            };
            match inst.opcode {
                Op::MemoryModel => {
                    match word(0) {
                        Some(1) => self.addr64 = false,
                        Some(2) => self.addr64 = true,
                        _ => {
                            return Err(self.err(
                                "only Physical32/Physical64 (OpenCL kernel) modules have a SPIR form; \
                                 this is a shader module (Logical addressing)",
                            ))
                        }
                    }
                    if word(1) != Some(2) {
                        return Err(self.err("the memory model is not OpenCL: not a kernel module"));
                    }
                }
                Op::ExtInstImport => match inst.operands.first().and_then(Operand::string) {
                    Some("OpenCL.std") => self.opencl_std = inst.result_id,
                    Some(s) if self.index_debug_set(inst, s) => {
                        self.ignored_sets.extend(inst.result_id);
                    }
                    Some(s)
                        if s == "OpenCL.DebugInfo.100"
                            || s == "SPIRV.debug"
                            || s.starts_with("NonSemantic.") =>
                    {
                        self.ignored_sets.extend(inst.result_id);
                    }
                    Some(s) if s.starts_with("GLSL.std.450") => {
                        return Err(self.err(
                            "GLSL.std.450 is a shader instruction set: shader modules have no SPIR form",
                        ))
                    }
                    _ => {}
                },
                Op::EntryPoint => {
                    if word(0) != Some(6) {
                        return Err(self.err(
                            "entry point of a shader execution model: only Kernel entry points have a SPIR form",
                        ));
                    }
                    if let (Some(f), Some(name)) =
                        (id(1), inst.operands.get(2).and_then(Operand::string))
                    {
                        self.entry_points.insert(f, name.to_owned());
                    }
                }
                Op::ExecutionMode => {
                    if let (Some(f), Some(mode)) = (id(0), word(1)) {
                        self.execution_modes
                            .entry(f)
                            .or_default()
                            .push((mode, words_from(2)));
                    }
                }
                Op::Name => {
                    if let (Some(t), Some(n)) = (id(0), inst.operands.get(1).and_then(Operand::string)) {
                        if let Some(slot) = self.names.get_mut(t.0 as usize) {
                            *slot = Some(n);
                        }
                    }
                }
                Op::String => {
                    if let Some(s) = inst.operands.first().and_then(Operand::string) {
                        if let Some(rest) = s.strip_prefix("kernel_arg_type.") {
                            if let Some((kernel, list)) = rest.split_once('.') {
                                let types = list
                                    .split(',')
                                    .filter(|t| !t.is_empty())
                                    .map(str::to_owned)
                                    .collect();
                                self.kernel_arg_types.insert(kernel.to_owned(), types);
                            }
                        }
                    }
                }
                Op::Decorate | Op::DecorateId => {
                    if let (Some(t), Some(41), Some(name)) =
                        (id(0), word(1), inst.operands.get(2).and_then(Operand::string))
                    {
                        self.linkage_names.insert(t, name);
                    }
                    if let (Some(t), Some(5635), Some(text), true) = (
                        id(0),
                        word(1),
                        inst.operands.get(2).and_then(Operand::string),
                        self.opts.linkage_user_semantic,
                    ) {
                        let keyword = text.strip_prefix("linkage:");
                        if let Some(l) = keyword.and_then(llvm::Linkage::from_keyword) {
                            self.linkage_semantics.insert(t, l);
                        }
                    }
                    if let (Some(t), Some(kind)) = (id(0), word(1)) {
                        let d = Decoration {
                            kind,
                            args: words_from(2),
                        };
                        if kind == 11 {
                            if let Some(&b) = d.args.first() {
                                self.builtin_vars.insert(t, b);
                            }
                        }
                        match self.def(t).map(|i| i.opcode) {
                            Some(Op::DecorationGroup) => groups.entry(t).or_default().push(d),
                            _ => self.decorations.entry(t).or_default().push(d),
                        }
                    }
                }
                Op::MemberDecorate => {
                    if let (Some(t), Some(member), Some(kind)) = (id(0), word(1), word(2)) {
                        let d = Decoration {
                            kind,
                            args: words_from(3),
                        };
                        match self.def(t).map(|i| i.opcode) {
                            Some(Op::DecorationGroup) => {
                                group_member.entry(t).or_default().push((member, d))
                            }
                            _ => self
                                .member_decorations
                                .entry((t, member))
                                .or_default()
                                .push(d),
                        }
                    }
                }
                Op::GroupDecorate => {
                    if let Some(g) = id(0) {
                        let ds = groups.get(&g).cloned().unwrap_or_default();
                        for target in inst.operands.iter().skip(1).filter_map(Operand::id) {
                            for d in &ds {
                                if d.kind == 11 {
                                    if let Some(&b) = d.args.first() {
                                        self.builtin_vars.insert(target, b);
                                    }
                                }
                            }
                            self.decorations
                                .entry(target)
                                .or_default()
                                .extend(ds.iter().cloned());
                        }
                    }
                }
                Op::GroupMemberDecorate => {
                    if let Some(g) = id(0) {
                        let ds = group_member.get(&g).cloned().unwrap_or_default();
                        let targets: Vec<_> = inst.operands.iter().skip(1).collect();
                        for pair in targets.chunks(2) {
                            if let [Operand::Id(t), Operand::Word(member)] = pair {
                                for (_, d) in &ds {
                                    self.member_decorations
                                        .entry((*t, *member))
                                        .or_default()
                                        .push(d.clone());
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
            offset += inst.word_count();
        }
        // Function parameters and results are decorated too; their offsets come with bodies.
        Ok(())
    }

    /// The whole module: header facts, globals, function declarations, bodies, metadata.
    fn translate(&mut self, functions: Vec<spirvkit_core::Function>) -> Result<()> {
        self.m.triple = Some(
            if self.addr64 {
                "spir64-unknown-unknown"
            } else {
                "spir-unknown-unknown"
            }
            .into(),
        );
        self.m.datalayout = Some(if self.addr64 {
            "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
        } else {
            "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
        }
        .into());
        self.layout = DataLayout::new(
            self.m.datalayout.as_deref(),
            if self.addr64 { 64 } else { 32 },
        );
        let spv = self.spv;
        let mut offset = 5;
        for inst in &spv.globals {
            self.offset = offset;
            self.opcode = inst.opcode;
            self.global(inst)?;
            offset += inst.word_count();
        }
        self.global_decoration_metadata();
        let aux_records = if self.opts.preserve_aux_data {
            aux_data::collect(&spv.globals, &functions)
        } else {
            Vec::new()
        };
        let wrappers = self.fold_entry_point_wrappers(&functions);
        let mut parameter_lists = Vec::new();
        let mut function_words = Vec::with_capacity(functions.len());
        for f in &functions {
            self.offset = offset;
            self.opcode = Op::Function;
            let words = f.instructions().map(Instruction::word_count).sum::<usize>();
            if wrappers.contains(&f.id()) {
                function_words.push(words);
                offset += words;
                continue;
            }
            self.declare_function(f)?;
            if let (true, Some(&fid)) = (self.spv_ir(), self.functions.get(&f.id())) {
                let params: Vec<_> = f.parameters.iter().map(|p| p.result_id).collect();
                parameter_lists.push((fid, params));
            }
            if let Some(name) = self.entry_points.get(&f.id()) {
                let params = f.parameters.iter().map(|p| p.result_id).collect();
                self.kernels.push((f.id(), name.clone(), params));
            }
            function_words.push(words);
            offset += words;
        }
        self.debug_module(&functions);
        let mut offset = 5 + spv
            .globals
            .iter()
            .map(Instruction::word_count)
            .sum::<usize>();
        for (f, words) in functions.into_iter().zip(function_words) {
            if !f.blocks.is_empty() && !wrappers.contains(&f.id()) {
                self.function_body(&f, offset)?;
            }
            offset += words;
        }
        self.kernel_metadata()?;
        // After the kernel metadata, which replaces a kernel's attachments.
        for (fid, params) in parameter_lists {
            self.parameter_decoration_metadata(fid, &params);
        }
        self.function_metadata();
        self.arithmetic_poison_metadata();
        self.restore_aux_data(&aux_records);
        self.debug_finish();
        Ok(())
    }
}
