//! DI types → DebugType* instructions. What has no OpenCL.DebugInfo.100 form becomes
//! DebugInfoNone, never another type.

use super::{di_node, field_node, field_symbol, flags, has_flag, inst, Declarer};
use spirvkit_core::{Id, Operand};
use spirvkit_grammar::StorageClass;
use spirvkit_llvm::{DiNode, MdOperand, MetadataId};

/// `DebugBaseTypeAttributeEncoding` of a `DW_ATE_*` encoding.
fn encoding(ate: Option<&str>, complex: bool) -> u32 {
    match ate {
        // Only the .200 set has Complex.
        Some("DW_ATE_complex_float") if complex => 8,
        Some("DW_ATE_address") => 1,
        Some("DW_ATE_boolean") => 2,
        Some("DW_ATE_float") => 3,
        Some("DW_ATE_signed") => 4,
        Some("DW_ATE_signed_char") => 5,
        Some("DW_ATE_unsigned") => 6,
        Some("DW_ATE_unsigned_char") => 7,
        _ => 0,
    }
}

/// Whether a DI type is a structure, class or union (what DebugTypeInheritance may name).
fn is_structure(m: &spirvkit_llvm::Module, id: Option<MetadataId>) -> bool {
    id.and_then(|id| di_node(m, id)).is_some_and(|n| {
        n.kind == "DICompositeType"
            && matches!(
                field_symbol(n, "tag"),
                Some("DW_TAG_structure_type" | "DW_TAG_class_type" | "DW_TAG_union_type")
            )
    })
}

/// The storage class of a pointer in a SPIR address space (`dwarfAddressSpace`); a pointer
/// without one is a private (Function) one, as llvm-spirv maps it.
fn storage_class(address_space: Option<i64>) -> u32 {
    match address_space {
        Some(1) => StorageClass::CrossWorkgroup.0,
        Some(2) => StorageClass::UniformConstant.0,
        Some(3) => StorageClass::Workgroup.0,
        Some(4) => StorageClass::Generic.0,
        _ => StorageClass::Function.0,
    }
}

/// `DebugInfoFlags` of a node's `flags:` field.
pub(super) fn info_flags(n: &DiNode) -> u32 {
    let Some(set) = field_symbol(n, "flags") else {
        return 0;
    };
    let mut out = 0;
    for flag in set.split('|').map(str::trim) {
        out |= match flag {
            "DIFlagProtected" => flags::IS_PROTECTED,
            "DIFlagPrivate" => flags::IS_PRIVATE,
            "DIFlagPublic" => flags::IS_PUBLIC,
            "DIFlagFwdDecl" => flags::FWD_DECL,
            "DIFlagArtificial" => flags::ARTIFICIAL,
            "DIFlagExplicit" => flags::EXPLICIT,
            "DIFlagPrototyped" => flags::PROTOTYPED,
            "DIFlagObjectPointer" => flags::OBJECT_POINTER,
            "DIFlagStaticMember" => flags::STATIC_MEMBER,
            "DIFlagLValueReference" => flags::L_VALUE_REFERENCE,
            "DIFlagRValueReference" => flags::R_VALUE_REFERENCE,
            "DIFlagEnumClass" => flags::IS_ENUM_CLASS,
            "DIFlagTypePassByValue" => flags::TYPE_PASS_BY_VALUE,
            "DIFlagTypePassByReference" => flags::TYPE_PASS_BY_REFERENCE,
            _ => 0,
        };
    }
    out
}

impl Declarer<'_, '_> {
    /// DebugTypeBasic's operands: name, size, encoding, and in the NonSemantic sets the
    /// flags (none: LLVM has no flags for a basic type).
    fn basic_operands(&mut self, name: Id, size: Id, encoding: u32) -> Vec<Operand> {
        let mut operands = vec![Operand::Id(name), Operand::Id(size), self.lit(encoding)];
        if self.info.format.is_non_semantic() {
            operands.push(self.lit(0));
        }
        operands
    }

    /// The metadata nodes of a list field (`elements: !{!1, !2}`), nulls as `None`.
    fn list(&self, n: &DiNode, field: &str) -> Vec<Option<MetadataId>> {
        let Some(list) = field_node(n, field) else {
            return Vec::new();
        };
        self.t
            .m
            .node_operands(list)
            .iter()
            .map(|op| match op {
                MdOperand::Metadata(id) => Some(*id),
                _ => None,
            })
            .collect()
    }

    /// The debug type of a DI type. spirv-val takes no DebugInfoNone where a type is
    /// wanted: `null` (void) and a type without a valid form here (a member pointer, a
    /// string, an array of unknown size ...) are an unspecified DebugTypeBasic of the
    /// type's name and size.
    ///
    /// NonSemantic.Shader.DebugInfo.200: spirv-val, not knowing the set, takes no forward
    /// reference in it even in OpExtInstWithForwardRefsKHR, so a type met again while it
    /// is being written (a member pointing back to its structure) is the unspecified type too.
    pub(super) fn ty(&mut self, id: Option<MetadataId>) -> Id {
        let found = self.ty_or_none(id);
        if found != self.none && !(self.is_200() && self.pending.contains(&found)) {
            return found;
        }
        if let Some(&done) = self.unspecified.get(&id) {
            return done;
        }
        let m = self.t.m;
        let node = id.and_then(|id| di_node(m, id));
        let (name, size) = match node {
            Some(n) => (
                super::field_string(m, n, "name").unwrap_or_default(),
                self.field_int(n, "size").unwrap_or(0) as u64,
            ),
            None => ("void".to_owned(), 0),
        };
        let name = self.string(&name);
        let size = self.constant(size);
        let operands = self.basic_operands(name, size, 0);
        let result = self.fresh(inst::TYPE_BASIC, operands);
        self.basic_types.insert(result);
        self.unspecified.insert(id, result);
        result
    }

    /// `ty`, or DebugInfoNone for a type without a valid form.
    fn ty_or_none(&mut self, id: Option<MetadataId>) -> Id {
        let Some(id) = id else {
            return self.none;
        };
        if let Some(&done) = self.types.get(&id) {
            return done;
        }
        let m = self.t.m;
        let Some(n) = di_node(m, id) else {
            return self.none;
        };
        let result = match n.kind.as_str() {
            "DIBasicType" => {
                let name = self.name(n, "name");
                let size = self.constant(self.field_int(n, "size").unwrap_or(0) as u64);
                let enc = encoding(field_symbol(n, "encoding"), self.is_200());
                let operands = self.basic_operands(name, size, enc);
                let id = self.fresh(inst::TYPE_BASIC, operands);
                self.basic_types.insert(id);
                id
            }
            "DIDerivedType" => self.derived(id, n),
            "DICompositeType" => {
                let composite = self.composite(id, n);
                // A class template: what names the type names its DebugTypeTemplate.
                self.template(n, composite)
            }
            "DISubroutineType" => self.subroutine(n),
            // Fortran's CHARACTER: only .200 has a string type (llvm-spirv: DebugInfoNone
            // elsewhere, here the unspecified type).
            "DIStringType" if self.is_200() => self.string_type(n),
            _ => self.none,
        };
        self.types.insert(id, result);
        result
    }

    fn derived(&mut self, id: MetadataId, n: &DiNode) -> Id {
        let base = field_node(n, "baseType");
        match field_symbol(n, "tag").unwrap_or("") {
            "DW_TAG_pointer_type" | "DW_TAG_reference_type" | "DW_TAG_rvalue_reference_type" => {
                let base = self.ty(base);
                // The pointee may have reached this pointer already (a member of a
                // structure pointing to the structure).
                if let Some(&done) = self.types.get(&id) {
                    return done;
                }
                let class = storage_class(self.field_int(n, "dwarfAddressSpace"));
                if class == StorageClass::Generic.0 {
                    // spirv-val wants the storage class operand's capability declared.
                    self.t
                        .b
                        .capability(spirvkit_grammar::Capability::GenericPointer);
                }
                let flags = info_flags(n);
                let operands = vec![Operand::Id(base), self.lit(class), self.lit(flags)];
                self.fresh(inst::TYPE_POINTER, operands)
            }
            "DW_TAG_typedef" => {
                let base = self.ty(base);
                // spirv-val accepts only a DebugTypeBasic under a DebugTypedef: a typedef of
                // anything else is described as the type it names.
                if !self.basic_types.contains(&base) {
                    return base;
                }
                let name = self.name(n, "name");
                let source = self.source_of(Some(id));
                let line = self.field_word(n, "line");
                let parent = self.parent(field_node(n, "scope"));
                let typedef = self.t.b.alloc_id();
                self.typedef_bases.insert(typedef, base);
                let mut operands = self.named_at(name, base, source, line);
                operands.push(Operand::Id(parent));
                self.emit(typedef, inst::TYPEDEF, operands);
                typedef
            }
            tag @ ("DW_TAG_const_type"
            | "DW_TAG_volatile_type"
            | "DW_TAG_restrict_type"
            | "DW_TAG_atomic_type") => {
                let qualifier = match tag {
                    "DW_TAG_const_type" => 0,
                    "DW_TAG_volatile_type" => 1,
                    "DW_TAG_restrict_type" => 2,
                    _ => 3,
                };
                let base = self.ty(base);
                let operands = vec![Operand::Id(base), self.lit(qualifier)];
                self.fresh(inst::TYPE_QUALIFIER, operands)
            }
            "DW_TAG_ptr_to_member_type" => {
                // A C++ member pointer: the member's type and the class (`extraData:`). A
                // class without a composite form leaves it the unspecified type.
                let member = self.ty(base);
                let class = self.ty(field_node(n, "extraData"));
                let class = self.template_targets.get(&class).copied().unwrap_or(class);
                if !self.composites.contains(&class) {
                    return self.none;
                }
                self.fresh(
                    inst::TYPE_PTR_TO_MEMBER,
                    vec![Operand::Id(member), Operand::Id(class)],
                )
            }
            _ => self.none,
        }
    }

    fn composite(&mut self, id: MetadataId, n: &DiNode) -> Id {
        match field_symbol(n, "tag").unwrap_or("") {
            "DW_TAG_array_type" => self.array(n),
            "DW_TAG_enumeration_type" => self.enumeration(id, n),
            tag @ ("DW_TAG_structure_type" | "DW_TAG_class_type" | "DW_TAG_union_type") => {
                let tag = match tag {
                    "DW_TAG_class_type" => 0,
                    "DW_TAG_structure_type" => 1,
                    _ => 2,
                };
                self.structure(id, n, tag)
            }
            _ => self.none,
        }
    }

    /// DebugTypeComposite, then its members (they name it as their parent; it lists them
    /// ahead, which the composite's member operands may).
    fn structure(&mut self, id: MetadataId, n: &DiNode, tag: u32) -> Id {
        let self_id = self.ahead();
        self.types.insert(id, self_id);
        let m = self.t.m;
        let name = self.name(n, "name");
        let linkage = match super::field_string(m, n, "identifier") {
            Some(s) => self.string(&s),
            None => name,
        };
        let source = self.source_of(Some(id));
        let line = self.field_word(n, "line");
        let parent = self.parent(field_node(n, "scope"));
        let size = self.constant(self.field_int(n, "size").unwrap_or(0) as u64);
        // spirv-val 2025.5 checks a NonSemantic.Shader.DebugInfo.100 DebugTypeInheritance
        // as if its operands were OpenCL.DebugInfo.100's literals (the composite's Tag is an
        // id there) and refuses every one: inheritance is left out in that set.
        let inheritance = self.info.format != super::DebugInfoFormat::NonSemanticShader100;
        let members: Vec<(MetadataId, Id)> = self
            .list(n, "elements")
            .into_iter()
            .flatten()
            .filter(|&e| {
                di_node(m, e).is_some_and(|e| {
                    e.kind == "DIDerivedType"
                        && (matches!(field_symbol(e, "tag"), Some("DW_TAG_member"))
                            // A static member (DWARF 5 tags it as a variable).
                            || (matches!(field_symbol(e, "tag"), Some("DW_TAG_variable"))
                                && has_flag(e, "flags", "DIFlagStaticMember"))
                            || (inheritance
                                && field_symbol(e, "tag") == Some("DW_TAG_inheritance")
                                && is_structure(m, field_node(e, "baseType"))))
                })
            })
            .map(|e| (e, self.ahead()))
            .collect();
        let mut operands = vec![
            Operand::Id(name),
            self.lit(tag),
            Operand::Id(source),
            self.lit(line),
            self.lit(0),
            Operand::Id(parent),
            Operand::Id(linkage),
            Operand::Id(size),
            self.lit(info_flags(n)),
        ];
        operands.extend(members.iter().map(|&(_, mid)| Operand::Id(mid)));
        if self.info.format.is_non_semantic() {
            // Members name no parent here: written first, the composite does not refer ahead.
            self.members(self_id, members);
            self.emit(self_id, inst::TYPE_COMPOSITE, operands);
            self.composites.insert(self_id);
        } else {
            self.emit(self_id, inst::TYPE_COMPOSITE, operands);
            self.composites.insert(self_id);
            self.members(self_id, members);
        }
        self_id
    }

    /// DebugTypeMember / DebugTypeInheritance of a composite's members.
    fn members(&mut self, self_id: Id, members: Vec<(MetadataId, Id)>) {
        let m = self.t.m;
        for (member, member_id) in members {
            let Some(mn) = di_node(m, member) else {
                continue;
            };
            if field_symbol(mn, "tag") == Some("DW_TAG_inheritance") {
                // DebugTypeInheritance: this composite (child) derives from its base. A class
                // template base is named by its composite (spirv-val wants a
                // DebugTypeComposite there, not the DebugTypeTemplate around it).
                let base = self.ty(field_node(mn, "baseType"));
                let base = self.template_targets.get(&base).copied().unwrap_or(base);
                let offset = self.constant(self.field_int(mn, "offset").unwrap_or(0) as u64);
                let base_size = field_node(mn, "baseType")
                    .and_then(|b| di_node(m, b))
                    .and_then(|b| self.field_int(b, "size"))
                    .unwrap_or(0);
                let size = self.constant(base_size as u64);
                // The NonSemantic sets name no child: the composite lists it.
                let mut operands = Vec::with_capacity(5);
                if !self.info.format.is_non_semantic() {
                    operands.push(Operand::Id(self_id));
                }
                operands.extend([Operand::Id(base), Operand::Id(offset), Operand::Id(size)]);
                operands.push(self.lit(info_flags(mn)));
                self.emit(member_id, inst::TYPE_INHERITANCE, operands);
                continue;
            }
            let ty = self.ty(field_node(mn, "baseType"));
            let name = self.name(mn, "name");
            let source = self.source_of(Some(member));
            let line = self.field_word(mn, "line");
            let offset = self.constant(self.field_int(mn, "offset").unwrap_or(0) as u64);
            let size = self.constant(self.field_int(mn, "size").unwrap_or(0) as u64);
            let mut operands = self.named_at(name, ty, source, line);
            // The NonSemantic sets name no parent: the composite lists it.
            if !self.info.format.is_non_semantic() {
                operands.push(Operand::Id(self_id));
            }
            operands.extend([Operand::Id(offset), Operand::Id(size)]);
            let is_static = has_flag(mn, "flags", "DIFlagStaticMember");
            let mut member_flags = info_flags(mn);
            if is_static {
                member_flags |= flags::STATIC_MEMBER;
            }
            // A bit field: llvm-spirv's FlagBitField, in .200 only (its `mapDebugFlags`);
            // the other sets have no such flag (the member's size in bits still says it).
            if self.info.format == super::DebugInfoFormat::NonSemanticShader200
                && has_flag(mn, "flags", "DIFlagBitField")
            {
                member_flags |= flags::BIT_FIELD;
            }
            operands.push(self.lit(member_flags));
            if is_static {
                // Its value, when the class gives one (`extraData: i32 4`).
                if let Some(value) = self.field_int(mn, "extraData") {
                    operands.push(Operand::Id(self.constant(value as u64)));
                }
                self.member_ids.insert(member, member_id);
            }
            self.emit(member_id, inst::TYPE_MEMBER, operands);
        }
    }

    /// DebugTypeArray with one count per DISubrange (0 for an unknown count), or
    /// DebugTypeVector for a vector.
    fn array(&mut self, n: &DiNode) -> Id {
        let m = self.t.m;
        if self.is_200() && !has_flag(n, "flags", "DIFlagVector") {
            return self.array_200(n);
        }
        let base = self.ty(field_node(n, "baseType"));
        let mut counts = Vec::new();
        for sub in self.list(n, "elements").into_iter().flatten() {
            let Some(sn) = di_node(m, sub) else {
                continue;
            };
            if sn.kind != "DISubrange" {
                continue;
            }
            let count = self.field_int(sn, "count").filter(|&c| c >= 0).unwrap_or(0);
            counts.push(count as u64);
        }
        // spirv-val wants every count a positive constant, and a vector of a basic type.
        if counts.is_empty() || counts.contains(&0) {
            return self.none;
        }
        if has_flag(n, "flags", "DIFlagVector") {
            // spirv-val: a DebugTypeVector has a DebugTypeBasic element (a typedef of one is
            // looked through) and at most 4 components; a wider vector (OpenCL's 8 and 16)
            // is described as an array of its elements.
            let element = self.typedef_bases.get(&base).copied().unwrap_or(base);
            let count = counts.first().copied().unwrap_or(0);
            if self.basic_types.contains(&element) && counts.len() == 1 && count <= 4 {
                let operands = vec![Operand::Id(element), self.lit(count as u32)];
                return self.fresh(inst::TYPE_VECTOR, operands);
            }
        }
        let mut operands = vec![Operand::Id(base)];
        if self.is_200() {
            // .200: a vector wider than DebugTypeVector takes is an array of subranges.
            for sub in self.list(n, "elements").into_iter().flatten() {
                if let Some(subrange) = self.subrange(sub) {
                    operands.push(Operand::Id(subrange));
                }
            }
            return self.fresh(inst::TYPE_ARRAY, operands);
        }
        for c in counts {
            operands.push(Operand::Id(self.constant(c)));
        }
        self.fresh(inst::TYPE_ARRAY, operands)
    }

    /// NonSemantic.Shader.DebugInfo.200 arrays, as llvm-spirv writes them: DebugTypeArray of
    /// one DebugTypeSubrange per dimension (whatever its bounds: constants, expressions,
    /// variables), or — a Fortran array with `dataLocation:`, `associated:`, `allocated:` or
    /// `rank:` — DebugTypeArrayDynamic (base, those four, subranges).
    fn array_200(&mut self, n: &DiNode) -> Id {
        let base = self.ty(field_node(n, "baseType"));
        const DYNAMIC: [&str; 4] = ["dataLocation", "associated", "allocated", "rank"];
        let dynamic = DYNAMIC
            .iter()
            .any(|f| !matches!(n.field(f), None | Some(spirvkit_llvm::DiField::Null)));
        let mut operands = vec![Operand::Id(base)];
        if dynamic {
            for field in DYNAMIC {
                operands.push(Operand::Id(self.bound(n, field)));
            }
        }
        for sub in self.list(n, "elements").into_iter().flatten() {
            if let Some(subrange) = self.subrange(sub) {
                operands.push(Operand::Id(subrange));
            }
        }
        let instruction = if dynamic {
            inst::TYPE_ARRAY_DYNAMIC
        } else {
            inst::TYPE_ARRAY
        };
        self.fresh(instruction, operands)
    }

    /// .200 DebugTypeSubrange of a DISubrange or DIGenericSubrange (llvm-spirv's operand
    /// order: lower bound, upper bound, count, and the stride when there is one).
    /// NonSemantic.Kernel.DebugInfo.100 has the older order, all four always: count, lower
    /// bound, upper bound, stride (llvm-spirv's NonSemanticKernel100 tests:
    /// `DebugTypeSubrange %count1000 %lower1 %none %none`).
    fn subrange(&mut self, id: MetadataId) -> Option<Id> {
        let n = di_node(self.t.m, id)?;
        if !matches!(n.kind.as_str(), "DISubrange" | "DIGenericSubrange") {
            return None;
        }
        let lower = self.bound(n, "lowerBound");
        let upper = self.bound(n, "upperBound");
        let count = self.bound(n, "count");
        let has_stride = !matches!(n.field("stride"), None | Some(spirvkit_llvm::DiField::Null));
        let operands = if self.info.format == super::DebugInfoFormat::NonSemanticKernel100 {
            let stride = self.bound(n, "stride");
            vec![count, lower, upper, stride]
        } else if has_stride {
            vec![lower, upper, count, self.bound(n, "stride")]
        } else {
            vec![lower, upper, count]
        };
        let operands = operands.into_iter().map(Operand::Id).collect();
        Some(self.fresh(inst::TYPE_SUBRANGE, operands))
    }

    /// A bound-like field of a .200 type (subrange bounds, count, stride; a dynamic array's
    /// data location, associated, allocated, rank; a string's location and length): a
    /// constant, a DebugExpression, a DebugLocalVariable / DebugGlobalVariable, or
    /// DebugInfoNone (absent, or nothing describable).
    pub(super) fn bound(&mut self, n: &DiNode, field: &str) -> Id {
        use spirvkit_llvm::{DiField, Metadata};
        let m = self.t.m;
        let node = match n.field(field) {
            Some(DiField::Int(v)) => return self.constant(*v as u64),
            Some(DiField::UInt(v)) => return self.constant(*v),
            Some(DiField::Metadata(id) | DiField::MetadataInt(id)) => *id,
            _ => return self.none,
        };
        match m.metadata(node) {
            Some(Metadata::Value { value, .. }) => match self.t.const_int(*value) {
                Some(v) => self.constant(v),
                None => self.none,
            },
            Some(Metadata::Specialized(sn)) => match sn.kind.as_str() {
                "DIExpression" => self.expression(node).unwrap_or(self.none),
                "DILocalVariable" => self.local_variable(node).unwrap_or(self.none),
                // A global is declared with the module's globals, after the types: named
                // only when that has happened.
                "DIGlobalVariable" => self.info.nodes.get(&node).copied().unwrap_or(self.none),
                _ => self.none,
            },
            _ => self.none,
        }
    }

    /// .200 DebugTypeString of a DIStringType: name, base type (none, as llvm-spirv), data
    /// location, size, length address (its `stringLengthExpression:` or `stringLength:`).
    fn string_type(&mut self, n: &DiNode) -> Id {
        let name = self.name(n, "name");
        let location = self.bound(n, "stringLocationExpression");
        let size = self.constant(self.field_int(n, "size").unwrap_or(0) as u64);
        let length = if n.field("stringLengthExpression").is_some() {
            self.bound(n, "stringLengthExpression")
        } else {
            self.bound(n, "stringLength")
        };
        let none = self.none;
        self.fresh(
            inst::TYPE_STRING,
            vec![
                Operand::Id(name),
                Operand::Id(none),
                Operand::Id(location),
                Operand::Id(size),
                Operand::Id(length),
            ],
        )
    }

    fn enumeration(&mut self, id: MetadataId, n: &DiNode) -> Id {
        let m = self.t.m;
        let underlying = self.ty(field_node(n, "baseType"));
        let name = self.name(n, "name");
        let source = self.source_of(Some(id));
        let line = self.field_word(n, "line");
        let parent = self.parent(field_node(n, "scope"));
        let size = self.constant(self.field_int(n, "size").unwrap_or(0) as u64);
        let mut operands = self.named_at(name, underlying, source, line);
        operands.extend([
            Operand::Id(parent),
            Operand::Id(size),
            self.lit(info_flags(n)),
        ]);
        for e in self.list(n, "elements").into_iter().flatten() {
            let Some(en) = di_node(m, e) else {
                continue;
            };
            if en.kind != "DIEnumerator" {
                continue;
            }
            let value = self.field_int(en, "value").unwrap_or(0);
            let value = self.constant(value as u64);
            let name = self.name(en, "name");
            operands.push(Operand::Id(value));
            operands.push(Operand::Id(name));
        }
        self.fresh(inst::TYPE_ENUM, operands)
    }

    /// DebugTypeFunction: the return type (void: OpTypeVoid), then the parameter types.
    pub(super) fn subroutine(&mut self, n: &DiNode) -> Id {
        let types = self.list(n, "types");
        let ret = match types.first().copied().flatten() {
            Some(t) => self.ty(Some(t)),
            None => self.info.void,
        };
        let mut operands = vec![self.lit(info_flags(n)), Operand::Id(ret)];
        // A null parameter is the `...` of a variadic function: it has no type.
        for p in types.into_iter().skip(1).flatten() {
            operands.push(Operand::Id(self.ty(Some(p))));
        }
        self.fresh(inst::TYPE_FUNCTION, operands)
    }
}
