//! `templateParams:` of a class or function template → DebugTypeTemplate over its
//! DebugTypeComposite / DebugFunction, with a DebugTypeTemplateParameter per type or value
//! parameter (a parameter pack's one by one) and a DebugTypeTemplateTemplateParameter per
//! template template parameter (line 0 as llvm-spirv; the template's DebugSource where
//! llvm-spirv writes DebugInfoNone, which spirv-val refuses).

use super::{di_node, field_node, inst, Declarer};
use spirvkit_core::{Id, Operand};
use spirvkit_llvm::{DiNode, MdOperand, MetadataId};

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
        // llvm-spirv writes DebugInfoNone as a parameter's source; spirv-val wants a
        // DebugSource: the template's.
        let source = match field_node(n, "file") {
            Some(f) => self.source(f),
            None => self.unit_source,
        };
        let mut operands = vec![Operand::Id(target)];
        for p in params {
            operands.extend(
                self.template_parameters(p, source)
                    .into_iter()
                    .map(Operand::Id),
            );
        }
        let template = self.fresh(inst::TYPE_TEMPLATE, operands);
        self.template_targets.insert(template, target);
        template
    }

    /// The debug instructions of one template parameter (line and column 0, as llvm-spirv):
    /// DebugTypeTemplateParameter of a type or value parameter (an integer value as a
    /// constant, anything else DebugInfoNone), DebugTypeTemplateTemplateParameter of a
    /// template template parameter (`value: !"name"`). A pack (`value: !{...}`) is its
    /// parameters, one by one: llvm-spirv writes a DebugTypeTemplateParameterPack there, which
    /// neither the specification nor spirv-val admits as a DebugTypeTemplate parameter.
    fn template_parameters(&mut self, p: MetadataId, source: Id) -> Vec<Id> {
        let m = self.t.m;
        let Some(pn) = di_node(m, p) else {
            return Vec::new();
        };
        let tag = super::field_symbol(pn, "tag");
        match (pn.kind.as_str(), tag) {
            ("DITemplateTypeParameter", _)
            | ("DITemplateValueParameter", None | Some("DW_TAG_template_value_parameter")) => {
                let is_value = pn.kind == "DITemplateValueParameter";
                let name = self.name(pn, "name");
                let ty = self.ty(field_node(pn, "type"));
                let value = match (is_value, self.field_int(pn, "value")) {
                    (true, Some(v)) => self.constant(v as u64),
                    _ => self.none,
                };
                let zero = self.lit(0);
                vec![self.fresh(
                    inst::TYPE_TEMPLATE_PARAMETER,
                    vec![
                        Operand::Id(name),
                        Operand::Id(ty),
                        Operand::Id(value),
                        Operand::Id(source),
                        zero.clone(),
                        zero,
                    ],
                )]
            }
            ("DITemplateValueParameter", Some("DW_TAG_GNU_template_template_param")) => {
                let name = self.name(pn, "name");
                let template_name = self.name(pn, "value");
                let zero = self.lit(0);
                vec![self.fresh(
                    inst::TYPE_TEMPLATE_TEMPLATE_PARAMETER,
                    vec![
                        Operand::Id(name),
                        Operand::Id(template_name),
                        Operand::Id(source),
                        zero.clone(),
                        zero,
                    ],
                )]
            }
            ("DITemplateValueParameter", Some("DW_TAG_GNU_template_parameter_pack")) => {
                let members: Vec<MetadataId> = field_node(pn, "value")
                    .map(|list| {
                        m.node_operands(list)
                            .iter()
                            .filter_map(|op| match op {
                                MdOperand::Metadata(id) => Some(*id),
                                _ => None,
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                // A pack holds type and value parameters (a nested pack has no form).
                let mut out = Vec::with_capacity(members.len());
                for member in members {
                    let nested = di_node(m, member).is_some_and(|mn| {
                        super::field_symbol(mn, "tag") == Some("DW_TAG_GNU_template_parameter_pack")
                    });
                    if !nested {
                        out.extend(self.template_parameters(member, source));
                    }
                }
                out
            }
            _ => Vec::new(),
        }
    }
}
