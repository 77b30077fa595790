//! DICompileUnit → DebugCompilationUnit, DIFile → DebugSource.

use super::{di_node, field_node, field_string, field_symbol, inst, Declarer};
use spirvkit_core::Operand;
use spirvkit_grammar::SourceLanguage;
use spirvkit_llvm::MetadataId;

/// The version word of DebugCompilationUnit llvm-spirv writes (`SPIRVDebug::DebugInfoVersion`).
const DEBUG_INFO_VERSION: u32 = 0x0001_0000;

/// An OpString longer than this many bytes would not fit one instruction: a source text that
/// long is left out of its DebugSource (the optional operand).
const MAX_TEXT_BYTES: usize = 65_000 * 4;

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
            Some(l) if l.contains("C_plus_plus") || l.contains("OpenCL_CPP") => {
                SourceLanguage::OpenCL_CPP.0
            }
            _ => SourceLanguage::OpenCL_C.0,
        };
        let id = self.fresh(
            inst::COMPILATION_UNIT,
            vec![
                Operand::Word(DEBUG_INFO_VERSION),
                Operand::Word(self.dwarf_version()),
                Operand::Id(source),
                Operand::Word(language),
            ],
        );
        self.units.insert(unit, id);
        if self.unit == spirvkit_core::Id(0) {
            self.unit = id;
            self.unit_source = source;
        }
    }

    /// The DebugSource of a DIFile: its path, and its text when the module carries it.
    pub(super) fn source(&mut self, file: MetadataId) -> spirvkit_core::Id {
        if let Some(&id) = self.sources.get(&file) {
            return id;
        }
        let m = self.t.m;
        let (path, text) = match di_node(m, file) {
            Some(n) => (
                full_path(
                    &field_string(m, n, "directory").unwrap_or_default(),
                    &field_string(m, n, "filename").unwrap_or_default(),
                ),
                field_string(m, n, "source").filter(|s| s.len() <= MAX_TEXT_BYTES),
            ),
            None => (String::new(), None),
        };
        let path_id = self.string(&path);
        self.info.files.insert(file, path_id);
        let mut operands = vec![Operand::Id(path_id)];
        if let Some(text) = text {
            operands.push(Operand::Id(self.string(&text)));
        }
        let id = self.fresh(inst::SOURCE, operands);
        self.sources.insert(file, id);
        id
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
