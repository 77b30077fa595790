//! After resolution: uses of each import renamed to its definition, import declarations and
//! folded LinkOnceODR copies removed with their names and decorations, linkage decorations
//! removed (Export/LinkOnceODR kept for a library), Linkage capability dropped when nothing
//! needs it.

use rayon::prelude::*;
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::module::Section;
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::{Capability, Decoration, Op};

/// Replaces each `from` id by its `to` everywhere, and removes the definitions of the `from`
/// ids (function declarations or definitions, global variables) with everything naming or
/// decorating them or their parameters.
pub fn replace_and_remove(module: &mut Module, replace: &FxHashMap<Id, Id>) {
    if replace.is_empty() {
        return;
    }
    let mut map: Vec<u32> = vec![0; module.header.bound as usize];
    for (&from, &to) in replace {
        if let Some(slot) = map.get_mut(from.0 as usize) {
            *slot = to.0;
        }
    }
    let mut removed: FxHashSet<Id> = replace.keys().copied().collect();
    module.functions.retain(|f| {
        if !replace.contains_key(&f.id()) {
            return true;
        }
        removed.extend(f.parameters.iter().filter_map(|p| p.result_id));
        false
    });
    let get = |id: Id| match map.get(id.0 as usize) {
        Some(&to) if to != 0 => Id(to),
        _ => id,
    };
    module.globals.retain_mut(|inst| {
        if inst.result_id.is_some_and(|id| removed.contains(&id))
            || !drop_targets(inst, |id| removed.contains(&id))
        {
            return false;
        }
        inst.map_ids(get);
        true
    });
    module.functions.par_iter_mut().for_each(|function| {
        for inst in function.instructions_mut() {
            inst.map_ids(get);
        }
    });
}

/// Removes targets for which `gone` holds from a debug or annotation instruction; false when
/// nothing is left of it (the instruction should go).
fn drop_targets(inst: &mut Instruction, gone: impl Fn(Id) -> bool) -> bool {
    let first_gone = inst
        .operands
        .first()
        .and_then(Operand::id)
        .is_some_and(&gone);
    match inst.opcode {
        Op::Name
        | Op::MemberName
        | Op::Decorate
        | Op::DecorateId
        | Op::DecorateString
        | Op::MemberDecorate
        | Op::MemberDecorateString => !first_gone,
        Op::GroupDecorate => {
            let keep: Vec<Operand> = inst
                .operands
                .get(1..)
                .unwrap_or_default()
                .iter()
                .filter(|o| !o.id().is_some_and(&gone))
                .cloned()
                .collect();
            let any = !keep.is_empty();
            inst.operands.truncate(1);
            inst.operands.extend(keep);
            any
        }
        Op::GroupMemberDecorate => {
            let keep: Vec<Operand> = inst
                .operands
                .get(1..)
                .unwrap_or_default()
                .chunks(2)
                .filter(|p| !p[0].id().is_some_and(&gone))
                .flatten()
                .cloned()
                .collect();
            let any = !keep.is_empty();
            inst.operands.truncate(1);
            inst.operands.extend(keep);
            any
        }
        _ => true,
    }
}

fn linkage_kind(inst: &Instruction) -> Option<u32> {
    (inst.opcode == Op::Decorate
        && inst.operands.get(1).and_then(Operand::word) == Some(Decoration::LinkageAttributes.0))
    .then(|| inst.operands.get(3).and_then(Operand::word))
    .flatten()
}

/// Removes the linkage decorations that no longer apply: every Import left (they were all
/// resolved, or partial linkage keeps them: `keep_imports`), and Export/LinkOnceODR unless
/// building a library. Decorations applied through a group are taken off the group's targets;
/// the group's other decorations are copied onto those targets directly.
pub fn remove_linkage(module: &mut Module, keep_exports: bool, keep_imports: bool) {
    let drop_kind = |kind: u32| {
        if kind == 1 {
            !keep_imports
        } else {
            !keep_exports
        }
    };
    // Groups carrying a linkage decoration that goes: their other decorations.
    let mut groups: FxHashMap<Id, Vec<Instruction>> = FxHashMap::default();
    let group_ids: FxHashSet<Id> = module
        .globals
        .iter()
        .filter(|i| i.opcode == Op::DecorationGroup)
        .filter_map(|i| i.result_id)
        .collect();
    for inst in module.section(Section::Annotation) {
        if let Some(kind) = linkage_kind(inst) {
            if let Some(g) = inst.operands.first().and_then(Operand::id) {
                if group_ids.contains(&g) && drop_kind(kind) {
                    groups.entry(g).or_default();
                }
            }
        }
    }
    for inst in module.section(Section::Annotation) {
        let Some(g) = inst.operands.first().and_then(Operand::id) else {
            continue;
        };
        if let Some(rest) = groups.get_mut(&g) {
            if linkage_kind(inst).is_none() && inst.opcode != Op::GroupDecorate {
                rest.push(inst.clone());
            }
        }
    }
    let old = std::mem::take(&mut module.globals);
    let mut out = Vec::with_capacity(old.len());
    let mut copies = Vec::new();
    for inst in old {
        if let Some(kind) = linkage_kind(&inst) {
            if drop_kind(kind) {
                continue;
            }
        }
        if inst.opcode == Op::GroupDecorate {
            let group = inst.operands.first().and_then(Operand::id);
            if let Some(rest) = group.and_then(|g| groups.get(&g)) {
                // The group no longer applies (its linkage goes); its other decorations do.
                for target in inst
                    .operands
                    .get(1..)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(Operand::id)
                {
                    for d in rest {
                        let mut copy = d.clone();
                        if let Some(first) = copy.operands.first_mut() {
                            *first = Operand::Id(target);
                        }
                        copies.push(copy);
                    }
                }
                continue;
            }
        }
        if inst.opcode == Op::DecorationGroup
            && inst.result_id.is_some_and(|g| groups.contains_key(&g))
        {
            continue;
        }
        let decorates_dropped_group = inst.section() == Section::Annotation
            && inst.opcode != Op::GroupDecorate
            && inst
                .operands
                .first()
                .and_then(Operand::id)
                .is_some_and(|g| groups.contains_key(&g));
        if decorates_dropped_group {
            continue;
        }
        out.push(inst);
    }
    // The copies join the annotation section (after its last instruction).
    if !copies.is_empty() {
        let at = out
            .iter()
            .rposition(|i| i.section() == Section::Annotation)
            .map_or_else(
                || {
                    out.iter()
                        .position(|i| i.section() > Section::Annotation)
                        .unwrap_or(out.len())
                },
                |p| p + 1,
            );
        out.splice(at..at, copies);
    }
    module.globals = out;
    let any_linkage_left = module
        .section(Section::Annotation)
        .any(|i| linkage_kind(i).is_some());
    let has_entry_point = module.globals.iter().any(|i| i.opcode == Op::EntryPoint);
    if !any_linkage_left && !keep_exports && has_entry_point {
        module.globals.retain(|i| {
            !(i.opcode == Op::Capability
                && i.operands.first().and_then(Operand::word) == Some(Capability::Linkage.0))
        });
    }
}

/// Puts the function declarations left (unresolved imports) before every definition, as the
/// layout rules require (an input's definitions precede a later input's declarations).
pub fn declarations_first(module: &mut Module) {
    if !module
        .functions
        .windows(2)
        .any(|w| !w[0].is_declaration() && w[1].is_declaration())
    {
        return;
    }
    let (mut declarations, definitions): (Vec<_>, Vec<_>) = std::mem::take(&mut module.functions)
        .into_iter()
        .partition(|f| f.is_declaration());
    declarations.extend(definitions);
    module.functions = declarations;
}
