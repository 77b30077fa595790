//! Decorations on an import must be those on its definition (spirv-link checks the symbol; we
//! check its parameters too: the declaration's must be among the definition's). Linkage
//! attributes differ by nature and are skipped; a parameter's FuncParamAttr comes from the
//! definition (SPIR-V 2.13), so it is skipped too.

use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::module::{DefIndex, DefLocation, Section};
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::{Decoration, Op};

/// Direct decorations by target id (the instruction without its target), for the ids asked.
pub struct DecorationTable {
    by_target: FxHashMap<Id, Vec<Instruction>>,
}

impl DecorationTable {
    pub fn new(module: &Module, wanted: &FxHashSet<Id>) -> Self {
        let mut by_target: FxHashMap<Id, Vec<Instruction>> = FxHashMap::default();
        for inst in module.section(Section::Annotation) {
            if !matches!(
                inst.opcode,
                Op::Decorate | Op::DecorateId | Op::DecorateString
            ) {
                continue;
            }
            let Some(target) = inst.operands.first().and_then(Operand::id) else {
                continue;
            };
            if !wanted.contains(&target) {
                continue;
            }
            let decoration = inst.operands.get(1).and_then(Operand::word);
            if decoration == Some(Decoration::LinkageAttributes.0) {
                continue;
            }
            by_target.entry(target).or_default().push(Instruction::new(
                inst.opcode,
                None,
                None,
                inst.operands.get(1..).unwrap_or_default().iter().cloned(),
            ));
        }
        Self { by_target }
    }

    fn of(&self, id: Id, skip_param_attrs: bool) -> Vec<&Instruction> {
        let mut list: Vec<&Instruction> = self
            .by_target
            .get(&id)
            .map(|v| {
                v.iter()
                    .filter(|d| {
                        !(skip_param_attrs
                            && d.operands.first().and_then(Operand::word)
                                == Some(Decoration::FuncParamAttr.0))
                    })
                    .collect()
            })
            .unwrap_or_default();
        list.sort_by_key(|d| format!("{:?}", d.operands));
        list
    }

    /// Whether `a` and `b` carry the same decorations.
    pub fn same(&self, a: Id, b: Id) -> bool {
        self.of(a, false) == self.of(b, false)
    }

    /// Whether every decoration of the declared parameter `import` is also on the defined
    /// parameter `export`. The definition may say more (its parameter attributes are the ones
    /// that apply, SPIR-V 2.13: llvm-spirv puts `Alignment` on defined parameters only); a
    /// declaration promising what the definition does not is a mismatch.
    pub fn parameter_agrees(&self, import: Id, export: Id) -> bool {
        let defined = self.of(export, true);
        self.of(import, true).iter().all(|d| defined.contains(d))
    }
}

/// The parameter ids of the function `id`, if it is one.
pub fn parameters(module: &Module, defs: &DefIndex, function: Id) -> Vec<Id> {
    let DefLocation::Function(f) = defs.get(function) else {
        return Vec::new();
    };
    module
        .functions
        .get(f)
        .map(|f| f.parameters.iter().filter_map(|p| p.result_id).collect())
        .unwrap_or_default()
}
