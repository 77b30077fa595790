//! DICompileUnit → DebugCompilationUnit, DIFile → DebugSource (+ DebugSourceContinued),
//! and the NonSemantic sets' DebugBuildIdentifier / DebugStoragePath.

use super::{di_node, field_node, field_string, field_symbol, inst, Declarer};
use spirvkit_core::Operand;
use spirvkit_grammar::SourceLanguage;
use spirvkit_llvm::MetadataId;

/// The version word of DebugCompilationUnit llvm-spirv writes (`SPIRVDebug::DebugInfoVersion`).
const DEBUG_INFO_VERSION: u32 = 0x0001_0000;

/// An OpString longer than this many bytes would not fit one instruction: a source text that
/// long is left out of its DebugSource (the optional operand) in OpenCL.DebugInfo.100; the
/// NonSemantic sets carry the rest in DebugSourceContinued instructions.
const MAX_TEXT_BYTES: usize = 65_000 * 4;

/// `SourceLanguage` of a DWARF language in NonSemantic.Shader.DebugInfo.200, as llvm-spirv
/// numbers the languages SPIR-V has no enumerant for (C and C++ dialects); what it does not
/// list is Unknown.
fn language_200(dwarf: &str) -> u32 {
    match dwarf {
        "DW_LANG_OpenCL" => SourceLanguage::OpenCL_C.0,
        "DW_LANG_C" => 108,
        "DW_LANG_C99" => 109,
        "DW_LANG_C11" => 110,
        "DW_LANG_C_plus_plus" => 111,
        "DW_LANG_C_plus_plus_03" => 112,
        "DW_LANG_C_plus_plus_11" => 113,
        "DW_LANG_C_plus_plus_14" => 114,
        _ => 0,
    }
}

/// A DIFile's `checksumkind:` (`CSK_MD5`, ...) and `checksum:` value.
fn checksum(m: &spirvkit_llvm::Module, n: &spirvkit_llvm::DiNode) -> Option<(String, String)> {
    let kind = field_symbol(n, "checksumkind")?;
    let value = field_string(m, n, "checksum")?;
    Some((kind.to_owned(), value))
}

/// NonSemantic.Shader.DebugInfo.200's Checksum Kind of an LLVM checksum kind: llvm-spirv's
/// `SPIRVDebug::FileChecksumKind` (`SPIRV.debug.h`: MD5 0, SHA1 1, SHA256 2).
fn checksum_kind_200(kind: &str) -> Option<u32> {
    match kind {
        "CSK_MD5" => Some(0),
        "CSK_SHA1" => Some(1),
        "CSK_SHA256" => Some(2),
        _ => None,
    }
}

/// Splits `text` into pieces of at most `max` bytes, on character boundaries.
fn pieces(text: &str, max: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while rest.len() > max {
        let mut cut = max;
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let (head, tail) = rest.split_at(cut);
        out.push(head);
        rest = tail;
    }
    out.push(rest);
    out
}

impl Declarer<'_, '_> {
    pub(super) fn compile_unit(&mut self, unit: MetadataId) {
        let m = self.t.m;
        let Some(n) = di_node(m, unit) else {
            return;
        };
        if n.kind != "DICompileUnit" || self.units.contains_key(&unit) {
            return;
        }
        let source = match field_node(n, "file") {
            Some(f) => self.source(f),
            None => {
                let empty = self.string("");
                self.fresh(inst::SOURCE, vec![Operand::Id(empty)])
            }
        };
        let language = match field_symbol(n, "language") {
            Some(l) if self.is_200() => language_200(l),
            Some(l) if l.contains("C_plus_plus") || l.contains("OpenCL_CPP") => {
                SourceLanguage::OpenCL_CPP.0
            }
            _ => SourceLanguage::OpenCL_C.0,
        };
        if self.info.format.is_non_semantic() {
            self.build_identifier(n);
        }
        let dwarf_version = self.dwarf_version();
        let mut operands = vec![
            self.lit(DEBUG_INFO_VERSION),
            self.lit(dwarf_version),
            Operand::Id(source),
            self.lit(language),
        ];
        if self.is_200() {
            // The .200 set names the producer here.
            operands.push(Operand::Id(self.name(n, "producer")));
        }
        let id = self.fresh(inst::COMPILATION_UNIT, operands);
        self.units.insert(unit, id);
        if self.unit == spirvkit_core::Id(0) {
            self.unit = id;
            self.unit_source = source;
        }
    }

    /// The compile unit's `retainedTypes:` — types no variable or function names (clang
    /// keeps e.g. an enum used only in a cast there) — declared as llvm-spirv's
    /// DebugInfoFinder reaches them. A subprogram in that list (a declaration clang
    /// retains) is left to the walk of subprograms.
    pub(super) fn retained_types(&mut self, unit: MetadataId) {
        let m = self.t.m;
        let Some(list) = di_node(m, unit).and_then(|n| field_node(n, "retainedTypes")) else {
            return;
        };
        for op in m.node_operands(list) {
            let spirvkit_llvm::MdOperand::Metadata(id) = op else {
                continue;
            };
            let is_type = di_node(m, *id).is_some_and(|n| {
                matches!(
                    n.kind.as_str(),
                    "DIBasicType"
                        | "DIDerivedType"
                        | "DICompositeType"
                        | "DISubroutineType"
                        | "DIStringType"
                )
            });
            if is_type {
                self.ty(Some(*id));
            }
        }
    }

    /// The DebugSource of a DIFile: its path, and its text when the module carries it.
    pub(super) fn source(&mut self, file: MetadataId) -> spirvkit_core::Id {
        if let Some(&id) = self.sources.get(&file) {
            return id;
        }
        let m = self.t.m;
        let non_semantic = self.info.format.is_non_semantic();
        let (path, mut text, checksum) = match di_node(m, file) {
            Some(n) => (
                full_path(
                    &field_string(m, n, "directory").unwrap_or_default(),
                    &field_string(m, n, "filename").unwrap_or_default(),
                ),
                field_string(m, n, "source").filter(|s| non_semantic || s.len() <= MAX_TEXT_BYTES),
                checksum(m, n),
            ),
            None => (String::new(), None, None),
        };
        // The file's checksum, as llvm-spirv writes it: OpenCL.DebugInfo.100 has no operand
        // for it and spells it `//__CSK_MD5:<hex>` in the Text operand (the source text,
        // which llvm-spirv never writes there, gives way); .200 has Checksum Kind and
        // Checksum operands before the text; .100 has neither.
        let mut checksum_operands = Vec::new();
        match (&checksum, self.info.format) {
            (Some((kind, value)), f) if !f.is_non_semantic() => {
                text = Some(format!("//__{kind}:{value}"));
            }
            (Some((kind, value)), f) if f.has_200_additions() => {
                if let Some(number) = checksum_kind_200(kind) {
                    checksum_operands.push(self.lit(number));
                    checksum_operands.push(Operand::Id(self.string(value)));
                }
            }
            _ => {}
        }
        if self.is_200() && checksum_operands.is_empty() && text.is_some() {
            // The text is the third optional operand: no checksum before it.
            checksum_operands = vec![Operand::Id(self.none), Operand::Id(self.none)];
        }
        let path_id = self.string(&path);
        self.info.files.insert(file, path_id);
        if let Some(&id) = self.info.line_sources.get(&path_id) {
            // Another DIFile node of the same path: one DebugSource (as llvm-spirv).
            self.sources.insert(file, id);
            return id;
        }
        let mut operands = vec![Operand::Id(path_id)];
        operands.extend(checksum_operands);
        let text_pieces = text.as_deref().map(|t| pieces(t, MAX_TEXT_BYTES));
        let mut rest: &[&str] = &[];
        if let Some((first, more)) = text_pieces.as_deref().and_then(|p| p.split_first()) {
            operands.push(Operand::Id(self.string(first)));
            rest = more;
        }
        let id = self.fresh(inst::SOURCE, operands);
        for piece in rest {
            let s = self.string(piece);
            self.fresh(inst::SOURCE_CONTINUED, vec![Operand::Id(s)]);
        }
        self.sources.insert(file, id);
        if non_semantic {
            self.info.line_sources.insert(path_id, id);
        }
        id
    }

    /// NonSemantic sets: DebugBuildIdentifier (the unit's `dwoId`, in decimal, with flags 1
    /// as llvm-spirv writes it) and DebugStoragePath (its `splitDebugFilename`), once.
    fn build_identifier(&mut self, unit: &spirvkit_llvm::DiNode) {
        if self.build_identifier_done {
            return;
        }
        self.build_identifier_done = true;
        let m = self.t.m;
        let dwo_id = self.field_int(unit, "dwoId").unwrap_or(0) as u64;
        let identifier = self.string(&dwo_id.to_string());
        let flags = self.lit(1);
        self.fresh(inst::BUILD_IDENTIFIER, vec![Operand::Id(identifier), flags]);
        let path = field_string(m, unit, "splitDebugFilename").unwrap_or_default();
        let path = self.string(&path);
        self.fresh(inst::STORAGE_PATH, vec![Operand::Id(path)]);
    }

    /// `!llvm.module.flags` "Dwarf Version" (0 when absent, as llvm-spirv writes it).
    fn dwarf_version(&self) -> u32 {
        let m = self.t.m;
        let Some(flags) = m.named_metadata("llvm.module.flags") else {
            return 0;
        };
        for node in &flags.nodes {
            let ops = m.node_operands(*node);
            let is_dwarf = ops
                .get(1)
                .and_then(|o| m.md_string(o))
                .is_some_and(|s| s == b"Dwarf Version");
            if !is_dwarf {
                continue;
            }
            if let Some((_, v)) = ops.get(2).and_then(|o| m.md_value(o)) {
                return self
                    .t
                    .const_int(v)
                    .and_then(|v| u32::try_from(v).ok())
                    .unwrap_or(0);
            }
        }
        0
    }
}

/// `directory/filename`, or the file name alone when it is absolute or has no directory.
pub(crate) fn full_path(directory: &str, filename: &str) -> String {
    if directory.is_empty() || filename.starts_with('/') {
        filename.to_owned()
    } else {
        format!("{}/{}", directory.trim_end_matches('/'), filename)
    }
}
