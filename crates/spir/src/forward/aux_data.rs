//! `--spirv-preserve-auxdata`: what SPIR-V has no construct for — LLVM function and global
//! variable attributes, their metadata attachments, and `available_externally` linkage —
//! kept as NonSemantic.AuxData extended instructions, as llvm-spirv writes them, so that a
//! reverse translation can restore them. Consumers that do not know the set ignore it
//! (it is non-semantic).
//!
//! Records (the set's instruction numbers, SPIRV-Headers' NonSemantic.AuxData):
//! - `FunctionAttribute` (1): function, attribute name string [, value string] — a string
//!   attribute `"key"="value"` gives two strings (one when the value is empty); any other
//!   attribute one string, LLVM's spelling (`nounwind`, `align 4`).
//! - `FunctionMetadata` (0) / `GlobalVariableMetadata` (2): object, kind name string, then
//!   one operand per node operand — an MDString as a string, a value as its id.
//!   `!dbg`, `!spirv.Decorations` and `!spirv.ParameterDecorations` are translated
//!   elsewhere and skipped.
//! - `GlobalVariableAttribute` (3): as `FunctionAttribute`, for a global's attributes.
//! - `Linkage` (4): object, the constant `i32 0` (AvailableExternally).
//! - `InstructionMetadata` (5): an instruction's result, kind name, operands as above (after
//!   the instruction's function).
//!
//! The records follow the last function: they name functions, which an instruction of the
//! types section could only name forward (OpExtInstWithForwardRefsKHR).
//!
//! The set needs SPV_KHR_non_semantic_info before SPIR-V 1.6: as llvm-spirv, the module
//! becomes SPIR-V 1.6 when `--spirv-max-version` allows it, else it declares the extension,
//! and without either the module is refused naming the extension.

use crate::error::Result;
use crate::forward::translator::{Callee, Translator};
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_grammar::Op;
use spirvkit_llvm as llvm;
use std::collections::HashMap;

/// The set's name in OpExtInstImport.
pub const SET_NAME: &str = "NonSemantic.AuxData";
pub const FUNCTION_METADATA: u32 = 0;
pub const FUNCTION_ATTRIBUTE: u32 = 1;
pub const GLOBAL_VARIABLE_METADATA: u32 = 2;
pub const GLOBAL_VARIABLE_ATTRIBUTE: u32 = 3;
pub const LINKAGE: u32 = 4;
pub const INSTRUCTION_METADATA: u32 = 5;
/// `Linkage`'s one linkage kind.
const AVAILABLE_EXTERNALLY: u32 = 0;
const EXTENSION: &str = "SPV_KHR_non_semantic_info";

/// Metadata kinds translated by other parts of the translator.
const SKIPPED_KINDS: &[&str] = &["dbg", "spirv.Decorations", "spirv.ParameterDecorations"];

struct Emitter<'t, 'm> {
    t: &'t mut Translator<'m>,
    set: Id,
    void: Id,
    strings: HashMap<String, Id>,
}

impl Emitter<'_, '_> {
    fn string(&mut self, s: &str) -> Id {
        crate::forward::translator::interned_string(&mut self.t.b, &mut self.strings, s)
    }

    fn record(&mut self, number: u32, operands: Vec<Id>) {
        let id = self.t.b.alloc_id();
        let mut all = vec![Operand::Id(self.set), Operand::Word(number)];
        all.extend(operands.into_iter().map(Operand::Id));
        self.t.b.after_functions(Instruction::new(
            Op::ExtInst,
            Some(self.void),
            Some(id),
            all,
        ));
    }

    fn attributes(&mut self, number: u32, target: Id, attrs: &[llvm::Attribute]) {
        for attr in ordered(attrs) {
            let mut operands = vec![target];
            match attr {
                llvm::Attribute::Str(key, value) => {
                    operands.push(self.string(key));
                    if let Some(v) = value.as_deref().filter(|v| !v.is_empty()) {
                        operands.push(self.string(v));
                    }
                }
                other => {
                    let spelled = spelling(other);
                    operands.push(self.string(&spelled));
                }
            }
            self.record(number, operands);
        }
    }

    fn metadata(
        &mut self,
        number: u32,
        target: Id,
        attachments: &[(String, llvm::MetadataId)],
        location: &str,
    ) -> Result<()> {
        let m = self.t.m;
        'kinds: for (kind, node) in attachments {
            if SKIPPED_KINDS.contains(&kind.as_str()) {
                continue;
            }
            let mut operands = vec![target, self.string(kind)];
            for op in m.node_operands(*node) {
                if let Some(s) = m.md_string(op) {
                    let s = String::from_utf8_lossy(s).into_owned();
                    operands.push(self.string(&s));
                } else if let Some((_, value)) = m.md_value(op) {
                    operands.push(self.t.const_value(value, location)?);
                } else {
                    // A nested node or null has no AuxData form (llvm-spirv has none either):
                    // the record is left out rather than written wrong.
                    continue 'kinds;
                }
            }
            self.record(number, operands);
        }
        Ok(())
    }

    fn linkage(&mut self, target: Id) {
        let int = self.t.int_type(32);
        let kind = self.t.b.dedup_global(
            Op::Constant,
            Some(int),
            vec![Operand::Word(AVAILABLE_EXTERNALLY)],
        );
        self.record(LINKAGE, vec![target, kind]);
    }
}

/// LLVM keeps a function's attributes sorted: enum attributes first, then string attributes
/// by key; the records follow that order.
fn ordered(attrs: &[llvm::Attribute]) -> Vec<&llvm::Attribute> {
    let (mut strings, mut out): (Vec<_>, Vec<_>) = attrs
        .iter()
        .partition(|a| matches!(a, llvm::Attribute::Str(..)));
    strings.sort_by(|a, b| match (a, b) {
        (llvm::Attribute::Str(x, _), llvm::Attribute::Str(y, _)) => x.cmp(y),
        _ => std::cmp::Ordering::Equal,
    });
    out.extend(strings);
    out
}

/// An enum, integer or type attribute as LLVM's `Attribute::getAsString` spells it.
fn spelling(attr: &llvm::Attribute) -> String {
    match attr {
        llvm::Attribute::Flag(name) => name.clone(),
        llvm::Attribute::Int(name, value) => match name.as_str() {
            "align" => format!("align {value}"),
            "uwtable" if *value == 1 => "uwtable(sync)".to_owned(),
            "uwtable" => "uwtable".to_owned(),
            _ => format!("{name}({value})"),
        },
        // Type attributes (`byval(%T)`, `sret(%T)`) belong to parameters; one on a function
        // is named without its type.
        llvm::Attribute::Type(name, _) => name.clone(),
        llvm::Attribute::Str(key, Some(value)) => format!("\"{key}\"=\"{value}\""),
        llvm::Attribute::Str(key, None) => format!("\"{key}\""),
        llvm::Attribute::Raw(text) => text.clone(),
    }
}

/// The version or extension the records need and the set's import, decided before any
/// body is translated (a SPIR-V 1.4+ entry point lists every global variable; bodies write
/// InstructionMetadata records).
pub(crate) fn require(t: &mut Translator<'_>) -> Result<()> {
    if !t.opts.preserve_aux_data {
        return Ok(());
    }
    const SPIRV_1_6: u32 = 0x0001_0600;
    if t.opts.max_version >= SPIRV_1_6 {
        t.needed_version = t.needed_version.max(SPIRV_1_6);
    } else if t.opts.allows(EXTENSION) {
        t.b.extension(EXTENSION);
    } else {
        // llvm-spirv: "RequiresExtension: Feature requires the following SPIR-V extension:
        // SPV_KHR_non_semantic_info".
        return Err(crate::TranslateError::NotAllowed {
            feature: "--spirv-preserve-auxdata (NonSemantic.AuxData)".into(),
            requirement: format!("SPIR-V 1.6 or the extension {EXTENSION}"),
            allowed: format!(
                "--spirv-max-version={} without --spirv-ext=+{EXTENSION}",
                spirvkit_grammar::version_string(t.opts.max_version)
            ),
        });
    }
    let set = t.b.alloc_id();
    t.b.global(Instruction::new(
        Op::ExtInstImport,
        None,
        Some(set),
        [Operand::String(SET_NAME.into())],
    ));
    t.aux_data_set = Some(set);
    Ok(())
}

/// InstructionMetadata records of one function's instructions with a result, written right
/// after the function (they name its values; the newest llvm-spirv writes them in the types
/// section as OpExtInstWithForwardRefsKHR, which spirv-val 2025.5 refuses there).
pub(crate) fn instruction_metadata(
    t: &mut Translator<'_>,
    func: &llvm::Function,
    values: &[Id],
) -> Result<()> {
    let Some(set) = t.aux_data_set else {
        return Ok(());
    };
    if func.insts.iter().all(|i| i.metadata.is_empty()) {
        return Ok(());
    }
    // Only results the body defines: an instruction whose lowering wrote nothing (a dropped
    // hint) has an id no instruction defines.
    let defined: std::collections::HashSet<Id> =
        t.b.current_function()
            .map(|f| f.instructions().filter_map(|i| i.result_id).collect())
            .unwrap_or_default();
    let void = t.b.type_void();
    let location = format!("function @{}", func.name);
    let mut e = Emitter {
        t,
        set,
        void,
        strings: HashMap::new(),
    };
    for (inst, &result) in func.insts.iter().zip(values) {
        if inst.metadata.is_empty() || !defined.contains(&result) {
            continue;
        }
        e.metadata(INSTRUCTION_METADATA, result, &inst.metadata, &location)?;
    }
    Ok(())
}

/// Writes the records of every translated function and global variable.
pub(crate) fn emit(t: &mut Translator<'_>) -> Result<()> {
    let Some(set) = t.aux_data_set else {
        return Ok(());
    };
    let void = t.b.type_void();
    let m = t.m;
    let mut e = Emitter {
        t,
        set,
        void,
        strings: HashMap::new(),
    };
    for (n, f) in m.functions.iter().enumerate() {
        let Some(Callee::Function(id)) = e.t.callees.get(n).cloned() else {
            continue;
        };
        let location = format!("function @{}", f.name);
        e.attributes(FUNCTION_ATTRIBUTE, id, &f.attrs.function);
        e.metadata(FUNCTION_METADATA, id, &f.attachments, &location)?;
        if f.linkage == llvm::Linkage::AvailableExternally {
            e.linkage(id);
        }
    }
    for (n, g) in m.globals.iter().enumerate() {
        let Some(Some(id)) = e.t.globals.get(n).copied() else {
            continue;
        };
        let location = format!("global @{}", g.name);
        e.attributes(GLOBAL_VARIABLE_ATTRIBUTE, id, &g.attrs);
        e.metadata(GLOBAL_VARIABLE_METADATA, id, &g.attachments, &location)?;
        if g.linkage == llvm::Linkage::AvailableExternally {
            e.linkage(id);
        }
    }
    Ok(())
}
