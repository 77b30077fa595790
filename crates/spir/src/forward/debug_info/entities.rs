//! What a compile unit lists besides its globals: `imports:` (DIImportedEntity, C++ `using`)
//! → DebugImportedEntity, and `macros:` (DIMacro / DIMacroFile, clang `-fdebug-macro`) →
//! DebugMacroDef / DebugMacroUndef.

use super::{di_node, field_node, field_symbol, inst, Declarer};
use spirvkit_core::{Id, Operand};
use spirvkit_llvm::{MdOperand, MetadataId};
use std::collections::HashMap;

/// `DebugImportedEntity` tags.
const IMPORTED_MODULE: u32 = 0;
const IMPORTED_DECLARATION: u32 = 1;

impl Declarer<'_, '_> {
    /// The metadata nodes of a list field, nulls left out.
    fn nodes_of(&self, list: Option<MetadataId>) -> Vec<MetadataId> {
        let Some(list) = list else {
            return Vec::new();
        };
        self.t
            .m
            .node_operands(list)
            .iter()
            .filter_map(|op| match op {
                MdOperand::Metadata(id) => Some(*id),
                _ => None,
            })
            .collect()
    }

    /// DebugImportedEntity of each of the unit's `imports:`.
    pub(super) fn imported_entities(&mut self, unit: MetadataId) {
        let m = self.t.m;
        let Some(n) = di_node(m, unit) else {
            return;
        };
        for entity in self.nodes_of(field_node(n, "imports")) {
            let Some(en) = di_node(m, entity).filter(|e| e.kind == "DIImportedEntity") else {
                continue;
            };
            let tag = match field_symbol(en, "tag") {
                Some("DW_TAG_imported_module") => IMPORTED_MODULE,
                Some("DW_TAG_imported_declaration") => IMPORTED_DECLARATION,
                _ => continue,
            };
            let name = self.name(en, "name");
            let source = self.source_of(Some(entity));
            let target = self.entity(field_node(en, "entity"));
            let line = self.field_word(en, "line");
            let parent = self.parent(field_node(en, "scope"));
            // The grammar's operand list (llvm-spirv's OpenCL form has an extra word after
            // the tag, which spirv-val refuses).
            let operands = vec![
                Operand::Id(name),
                self.lit(tag),
                Operand::Id(source),
                Operand::Id(target),
                self.lit(line),
                self.lit(0),
                Operand::Id(parent),
            ];
            self.fresh(inst::IMPORTED_ENTITY, operands);
        }
    }

    /// The debug instruction of what a `using` names: a namespace or function (its scope
    /// instruction), a global variable, a type; DebugInfoNone for anything else.
    fn entity(&mut self, id: Option<MetadataId>) -> Id {
        let Some(id) = id else {
            return self.none;
        };
        if let Some(&done) = self.info.nodes.get(&id) {
            return done;
        }
        let m = self.t.m;
        match di_node(m, id).map(|n| n.kind.as_str()) {
            Some("DINamespace" | "DISubprogram" | "DILexicalBlock" | "DIModule") => {
                self.scope(Some(id)).unwrap_or(self.none)
            }
            Some("DIBasicType" | "DIDerivedType" | "DICompositeType" | "DISubroutineType") => {
                self.ty(Some(id))
            }
            _ => self.none,
        }
    }

    /// DebugMacroDef / DebugMacroUndef of the unit's `macros:`, through nested macro files.
    pub(super) fn macros(&mut self, unit: MetadataId) {
        let m = self.t.m;
        let Some(n) = di_node(m, unit) else {
            return;
        };
        let unit_file = field_node(n, "file");
        let mut defined: HashMap<String, Id> = HashMap::new();
        let list = self.nodes_of(field_node(n, "macros"));
        self.macro_list(list, unit_file, &mut defined, 0);
    }

    fn macro_list(
        &mut self,
        list: Vec<MetadataId>,
        file: Option<MetadataId>,
        defined: &mut HashMap<String, Id>,
        depth: usize,
    ) {
        // Macro files nest as includes do; a cycle in malformed input stops here.
        if depth > 64 {
            return;
        }
        let m = self.t.m;
        for node in list {
            let Some(n) = di_node(m, node) else {
                continue;
            };
            match n.kind.as_str() {
                "DIMacroFile" => {
                    let inner = self.nodes_of(field_node(n, "nodes"));
                    let inner_file = field_node(n, "file").or(file);
                    self.macro_list(inner, inner_file, defined, depth + 1);
                }
                "DIMacro" => {
                    let name = super::field_string(m, n, "name").unwrap_or_default();
                    let source = self.source_of(file);
                    let line = self.field_word(n, "line");
                    // Text names the kind, bitcode numbers it (DW_MACINFO_define = 1,
                    // DW_MACINFO_undef = 2).
                    let kind = match (field_symbol(n, "type"), self.field_int(n, "type")) {
                        (Some(symbol), _) => symbol,
                        (None, Some(1)) => "DW_MACINFO_define",
                        (None, Some(2)) => "DW_MACINFO_undef",
                        _ => "",
                    };
                    match kind {
                        "DW_MACINFO_define" => {
                            let name_id = self.string(&name);
                            let mut operands =
                                vec![Operand::Id(source), self.lit(line), Operand::Id(name_id)];
                            if let Some(value) = super::field_string(m, n, "value") {
                                operands.push(Operand::Id(self.string(&value)));
                            }
                            let def = self.fresh(inst::MACRO_DEF, operands);
                            defined.insert(name, def);
                        }
                        "DW_MACINFO_undef" => {
                            // DebugMacroUndef names the DebugMacroDef it ends: an undef of a
                            // macro never defined here has nothing to name and is left out.
                            let Some(&def) = defined.get(&name) else {
                                continue;
                            };
                            let operands =
                                vec![Operand::Id(source), self.lit(line), Operand::Id(def)];
                            self.fresh(inst::MACRO_UNDEF, operands);
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
    }
}
