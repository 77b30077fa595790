//! `templateParams:` of a class or function template → DebugTypeTemplate over its
//! DebugTypeComposite / DebugFunction, with a DebugTypeTemplateParameter per type or value
//! parameter (line 0 as llvm-spirv; the template's DebugSource where llvm-spirv writes
//! DebugInfoNone, which spirv-val refuses).

use super::{di_node, field_node, inst, Declarer};
use spirvkit_core::{Id, Operand};
use spirvkit_llvm::{DiNode, MdOperand};

impl Declarer<'_, '_> {
    /// DebugTypeTemplate of `target` when `n` has template parameters (else `target`).
    pub(super) fn template(&mut self, n: &DiNode, target: Id) -> Id {
        if target == self.none {
            return target;
        }
        let m = self.t.m;
        let Some(list) = field_node(n, "templateParams") else {
            return target;
        };
        let params: Vec<_> = m
            .node_operands(list)
            .iter()
            .filter_map(|op| match op {
                MdOperand::Metadata(id) => Some(*id),
                _ => None,
            })
            .collect();
        let mut operands = vec![Operand::Id(target)];
        for p in params {
            let Some(pn) = di_node(m, p) else {
                continue;
            };
            // Template template parameters and packs (a string or a list as value) have
            // no DebugTypeTemplateParameter form: left out.
            let is_value = match pn.kind.as_str() {
                "DITemplateTypeParameter" => false,
                "DITemplateValueParameter"
                    if super::field_symbol(pn, "tag")
                        .is_none_or(|t| t == "DW_TAG_template_value_parameter") =>
                {
                    true
                }
                _ => continue,
            };
            let name = self.name(pn, "name");
            let ty = self.ty(field_node(pn, "type"));
            // A value parameter's integer value as a constant; anything else (a pointer, a
            // type parameter) is DebugInfoNone.
            let value = match (is_value, self.field_int(pn, "value")) {
                (true, Some(v)) => self.constant(v as u64),
                _ => self.none,
            };
            // llvm-spirv writes DebugInfoNone; spirv-val wants a DebugSource: the template's.
            let source = match field_node(n, "file") {
                Some(f) => self.source(f),
                None => self.unit_source,
            };
            let zero = self.lit(0);
            let parameter = self.fresh(
                inst::TYPE_TEMPLATE_PARAMETER,
                vec![
                    Operand::Id(name),
                    Operand::Id(ty),
                    Operand::Id(value),
                    Operand::Id(source),
                    zero.clone(),
                    zero,
                ],
            );
            operands.push(Operand::Id(parameter));
        }
        let template = self.fresh(inst::TYPE_TEMPLATE, operands);
        self.template_targets.insert(template, target);
        template
    }
}
