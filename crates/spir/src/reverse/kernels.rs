//! Module metadata: the `kernel_arg_*` lists (argument types from the forward translator's
//! OpString, derived otherwise) and work-group size hints, attached to each kernel as
//! `llvm-spirv -r` and clang do (pocl's SPIR loader crashes on the older `!opencl.kernels`
//! form, even on the corpus' own SPIR 1.2 bitcode), SPIR and OpenCL versions, used
//! extensions, FP_CONTRACT.

use spirvkit_core::grammar::{Op, SourceLanguage};
use spirvkit_core::Operand;
use spirvkit_llvm as llvm;
use spirvkit_llvm::{ConstKind, MdOperand, Metadata, MetadataId, NamedMetadata, Type, TypeId};

use super::{Ctx, Result};

impl Ctx<'_> {
    fn md(&mut self, md: Metadata) -> MetadataId {
        let id = MetadataId(self.m.metadata.len() as u32);
        self.m.metadata.push(md);
        id
    }

    pub(super) fn md_str(&mut self, s: &str) -> MdOperand {
        MdOperand::Metadata(self.md(Metadata::String(s.as_bytes().to_vec())))
    }

    pub(super) fn md_i32(&mut self, v: u32) -> MdOperand {
        let t = self.m.types.int(32);
        let value = self.const_int(t, v as u64);
        MdOperand::Value { ty: t, value }
    }

    pub(super) fn md_node(&mut self, operands: Vec<MdOperand>) -> MetadataId {
        self.md(Metadata::Node {
            operands,
            distinct: false,
        })
    }

    pub(super) fn named(&mut self, name: &str, nodes: Vec<MetadataId>) {
        self.m.named_metadata.push(NamedMetadata {
            name: name.to_owned(),
            nodes,
        });
    }

    /// Language and versions from OpSource, as llvm-spirv's reader writes them:
    /// `!spirv.Source` with the instruction's two words first, then OpenCL C's
    /// `!opencl.ocl.version` (1.2 without OpSource); C++ for OpenCL adds its own
    /// `!opencl.cxx.version` and the OpenCL C version it builds on (1.0 → 2.0, 2021 → 3.0);
    /// OpenCL_CPP has no OpenCL C version.
    fn source_metadata(&mut self) {
        let source = self.spv.globals.iter().find(|i| i.opcode == Op::Source);
        let word = |i: usize| source.and_then(|s| s.operands.get(i).and_then(Operand::word));
        let (language, version) = (word(0), word(1).unwrap_or(102000));
        let split = |v: u32| (v / 100000, v / 1000 % 100);
        if let Some(language) = language {
            let l = self.md_i32(language);
            let v = self.md_i32(version);
            let node = self.md_node(vec![l, v]);
            self.named("spirv.Source", vec![node]);
        }
        let one = self.md_i32(1);
        let two = self.md_i32(2);
        let spir = self.md_node(vec![one, two]);
        self.named("opencl.spir.version", vec![spir]);
        let ocl = match language {
            Some(l) if l == SourceLanguage::OpenCL_CPP.0 => None,
            Some(l) if l == SourceLanguage::CPP_for_OpenCL.0 => {
                let (major, minor) = split(version);
                let ma = self.md_i32(major);
                let mi = self.md_i32(minor);
                let cxx = self.md_node(vec![ma, mi]);
                self.named("opencl.cxx.version", vec![cxx]);
                Some(if major >= 2021 { (3, 0) } else { (2, 0) })
            }
            _ => Some(split(version)),
        };
        if let Some((major, minor)) = ocl {
            let ma = self.md_i32(major);
            let mi = self.md_i32(minor);
            let node = self.md_node(vec![ma, mi]);
            self.named("opencl.ocl.version", vec![node]);
        }
    }

    /// OpenCL C name of a kernel argument type (when the OpString is missing).
    fn arg_type_name(&self, ty: TypeId) -> String {
        match self.m.types.get(ty) {
            Type::Pointer {
                pointee: Some(p), ..
            } => match self.m.types.get(*p) {
                Type::Named(sid) => {
                    let name = self
                        .m
                        .types
                        .struct_def(*sid)
                        .and_then(|d| d.name.clone())
                        .unwrap_or_default();
                    match name.strip_prefix("opencl.") {
                        Some(base) => base.to_owned(),
                        None => format!("{}*", name.replace("struct.", "struct ")),
                    }
                }
                _ => format!("{}*", self.arg_type_name(*p)),
            },
            _ => self
                .type_name(ty, super::builtins::Sign::Signed)
                .unwrap_or_else(|_| "void".into()),
        }
    }

    pub fn kernel_metadata(&mut self) -> Result<()> {
        for (id, name, params) in std::mem::take(&mut self.kernels) {
            let Some(&fid) = self.functions.get(&id) else {
                continue;
            };
            let arg_tys: Vec<TypeId> = self
                .m
                .functions
                .get(fid.0 as usize)
                .map(|f| f.args.iter().map(|a| a.ty).collect())
                .unwrap_or_default();
            let (mut spaces, mut access, mut types) = (Vec::new(), Vec::new(), Vec::new());
            let (mut quals, mut base, mut names) = (Vec::new(), Vec::new(), Vec::new());
            let kept = self.kernel_arg_types.get(&name).cloned();
            for (i, ty) in arg_tys.iter().enumerate() {
                let pid = params.get(i).copied().flatten();
                let space = match self.m.types.get(*ty) {
                    Type::Pointer { addrspace, .. } => *addrspace,
                    _ => 0,
                };
                let spirv_ty = pid.and_then(|p| self.result_types.get(&p).copied());
                // Images carry their access qualifier as operand 7, pipes as operand 0.
                let image_access =
                    spirv_ty
                        .and_then(|t| self.def(t))
                        .and_then(|d| match d.opcode {
                            Op::TypeImage => d.operands.get(7).and_then(Operand::word),
                            Op::TypePipe => d.operands.first().and_then(Operand::word),
                            _ => None,
                        });
                let image_name = spirv_ty
                    .and_then(|t| self.def(t))
                    .filter(|d| d.opcode == Op::TypeImage)
                    .map(|d| {
                        let w = |i: usize| d.operands.get(i).and_then(Operand::word).unwrap_or(0);
                        super::types::image_name(w(1), w(2), w(3), w(4))
                    });
                let acc = match image_access {
                    Some(0) => "read_only",
                    Some(1) => "write_only",
                    Some(2) => "read_write",
                    _ => "none",
                };
                let is_sampler = spirv_ty
                    .and_then(|t| self.def(t))
                    .is_some_and(|d| d.opcode == Op::TypeSampler);
                // A pipe's packet type is not in the SPIR-V: `pipe`, qualified `pipe`, as
                // llvm-spirv -r writes it.
                let is_pipe = spirv_ty
                    .and_then(|t| self.def(t))
                    .is_some_and(|d| d.opcode == Op::TypePipe);
                let tname = kept
                    .as_ref()
                    .and_then(|k| k.get(i).cloned())
                    .unwrap_or_else(|| {
                        if is_sampler {
                            "sampler_t".into()
                        } else if is_pipe {
                            "pipe".into()
                        } else if let Some(image) = image_name.clone() {
                            image
                        } else {
                            self.arg_type_name(*ty)
                        }
                    });
                let mut q = Vec::new();
                if is_pipe {
                    q.push("pipe");
                }
                if let Some(p) = pid {
                    let ds = self.decorations(p);
                    if ds
                        .iter()
                        .any(|d| d.kind == 38 && d.args.first() == Some(&6))
                        && space != 0
                    {
                        q.push("const");
                    }
                    if ds
                        .iter()
                        .any(|d| d.kind == 19 || (d.kind == 38 && d.args.first() == Some(&4)))
                    {
                        q.push("restrict");
                    }
                    if ds.iter().any(|d| d.kind == 21) {
                        q.push("volatile");
                    }
                }
                let s = self.md_i32(space);
                spaces.push(s);
                let a = self.md_str(acc);
                access.push(a);
                let t = self.md_str(&tname);
                types.push(t);
                let qs = self.md_str(&q.join(" "));
                quals.push(qs);
                let b = self.md_str(&tname);
                base.push(b);
                let n = pid
                    .and_then(|p| self.name(p).map(|s| s.to_string()))
                    .unwrap_or_default();
                let n = self.md_str(&n);
                names.push(n);
            }
            let mut attachments = Vec::new();
            let any_name = names
                .iter()
                .any(|n| self.m.md_string(n).is_some_and(|s| !s.is_empty()));
            let lists = [
                ("kernel_arg_addr_space", spaces),
                ("kernel_arg_access_qual", access),
                ("kernel_arg_type", types),
                ("kernel_arg_type_qual", quals),
                ("kernel_arg_base_type", base),
                ("kernel_arg_name", names),
            ];
            for (key, list) in lists {
                if key == "kernel_arg_name" && !any_name {
                    continue;
                }
                let n = self.md_node(list);
                attachments.push((key.to_owned(), n));
            }
            for (mode, args) in self.execution_modes.get(&id).cloned().unwrap_or_default() {
                // StreamingInterfaceINTEL / RegisterMapInterfaceINTEL: `!ip_interface`, its
                // flag a second string (the forward's kernel_attributes.rs, reversed).
                let interface = match mode {
                    6154 => Some(("streaming", "stall_free_return")),
                    6160 => Some(("csr", "wait_for_done_write")),
                    _ => None,
                };
                if let Some((kind, flag)) = interface {
                    if attachments.iter().any(|(k, _)| k == "ip_interface") {
                        continue;
                    }
                    let mut list = vec![self.md_str(kind)];
                    if args.first().is_some_and(|&a| a != 0) {
                        list.push(self.md_str(flag));
                    }
                    let n = self.md_node(list);
                    attachments.push(("ip_interface".to_owned(), n));
                    continue;
                }
                let key = match mode {
                    17 => "reqd_work_group_size",
                    18 => "work_group_size_hint",
                    30 => "vec_type_hint",
                    // SubgroupSize N and NamedSubgroupSizeINTEL (6446) Primary (0) both come
                    // back as the kernel's required sub-group size, as llvm-spirv reads them.
                    35 | 6446 => "intel_reqd_sub_group_size",
                    // SPV_INTEL_kernel_attributes, as llvm-spirv reads them back (t14/000).
                    5893 => "max_work_group_size",
                    5894 => "max_global_work_dim",
                    5896 => "num_simd_work_items",
                    _ => continue,
                };
                if attachments.iter().any(|(k, _)| k == key) {
                    continue;
                }
                let mut list = Vec::new();
                if mode == 30 {
                    let hint = args.first().copied().unwrap_or(0);
                    let (elem, len) = (hint & 0xffff, hint >> 16);
                    let et = match elem {
                        0 => self.m.types.int(8),
                        1 => self.m.types.int(16),
                        2 => self.m.types.int(32),
                        3 => self.m.types.int(64),
                        4 => self.m.types.intern(Type::Half),
                        5 => self.m.types.intern(Type::Float),
                        _ => self.m.types.intern(Type::Double),
                    };
                    let ty = if len > 1 {
                        self.m.types.intern(Type::Vector {
                            len,
                            elem: et,
                            scalable: false,
                        })
                    } else {
                        et
                    };
                    let value = self.push_const(ty, ConstKind::Undef);
                    list.push(MdOperand::Value { ty, value });
                    let one = self.md_i32(1);
                    list.push(one);
                } else {
                    let count = match key {
                        "intel_reqd_sub_group_size"
                        | "max_global_work_dim"
                        | "num_simd_work_items" => 1,
                        _ => 3,
                    };
                    for a in args.iter().take(count) {
                        let v = self.md_i32(*a);
                        list.push(v);
                    }
                }
                let n = self.md_node(list);
                attachments.push((key.to_owned(), n));
            }
            if let Some(f) = self.m.functions.get_mut(fid.0 as usize) {
                // Kept: the `!dbg` subprogram attached before the bodies.
                f.attachments.retain(|(k, _)| k == "dbg");
                f.attachments.extend(attachments);
            }
        }
        self.source_metadata();
        let mut exts = Vec::new();
        let mut features = Vec::new();
        for i in self
            .spv
            .globals
            .iter()
            .filter(|i| i.opcode == Op::SourceExtension)
        {
            if let Some(s) = i.operands.first().and_then(Operand::string) {
                if s == "cl_images" || s == "cl_doubles" {
                    features.push(s.to_owned());
                } else {
                    exts.push(s.to_owned());
                }
            }
        }
        let list: Vec<MdOperand> = exts.iter().map(|e| self.md_str(e)).collect();
        let n = self.md_node(list);
        self.named("opencl.used.extensions", vec![n]);
        let list: Vec<MdOperand> = features.iter().map(|e| self.md_str(e)).collect();
        let n = self.md_node(list);
        self.named("opencl.used.optional.core.features", vec![n]);
        let contraction_off = self
            .execution_modes
            .values()
            .any(|ms| ms.iter().any(|(m, _)| *m == 31));
        if !contraction_off {
            self.named("opencl.enable.FP_CONTRACT", Vec::new());
        }
        let _ = llvm::Linkage::External;
        Ok(())
    }
}
