//! Import/export type agreement, run after type deduplication (so equal types have equal ids),
//! and the casts `--allow-pointer-mismatch` inserts at call sites of an import whose pointer
//! parameters (or pointer return) differ from the definition's.

use spirvkit_core::module::{DefIndex, DefLocation};
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::Op;

/// How an import's type relates to its definition's.
#[derive(Debug, PartialEq, Eq)]
pub enum Agreement {
    Same,
    /// Functions whose types differ only in pointer operands of one storage class: the casts
    /// each call needs.
    PointerCasts(CallCasts),
    Mismatch(String),
}

/// Casts for calls of one import: per argument the definition's parameter type when it differs,
/// and (import return type, definition return type) when the return differs.
#[derive(Debug, PartialEq, Eq, Clone)]
pub struct CallCasts {
    pub arguments: Vec<Option<Id>>,
    pub result: Option<(Id, Id)>,
}

fn global<'m>(module: &'m Module, defs: &DefIndex, id: Id) -> Option<&'m Instruction> {
    match defs.get(id) {
        DefLocation::Global(i) => module.globals.get(i),
        DefLocation::Function(f) => module.functions.get(f).map(|f| &f.def),
        _ => None,
    }
}

/// The storage class of a pointer type, `None` for non-pointers.
fn pointer_class(module: &Module, defs: &DefIndex, ty: Id) -> Option<u32> {
    let def = global(module, defs, ty)?;
    match def.opcode {
        Op::TypePointer | Op::TypeUntypedPointerKHR => def.operands.first().and_then(Operand::word),
        _ => None,
    }
}

/// The type to compare for a symbol: the function type of a function, the pointer type of a
/// variable.
fn symbol_type(module: &Module, defs: &DefIndex, id: Id) -> Option<Id> {
    let def = global(module, defs, id)?;
    match def.opcode {
        Op::Function => def.operands.get(1).and_then(Operand::id),
        _ => def.result_type,
    }
}

pub fn agreement(
    module: &Module,
    defs: &DefIndex,
    import: Id,
    export: Id,
    allow_pointer_mismatch: bool,
) -> Agreement {
    let (Some(it), Some(et)) = (
        symbol_type(module, defs, import),
        symbol_type(module, defs, export),
    ) else {
        return Agreement::Mismatch(" (a symbol has no type)".into());
    };
    if it == et {
        return Agreement::Same;
    }
    let (Some(idef), Some(edef)) = (global(module, defs, it), global(module, defs, et)) else {
        return Agreement::Mismatch(String::new());
    };
    let is_function = |d: &Instruction| d.opcode == Op::TypeFunction;
    if !is_function(idef) || !is_function(edef) {
        return Agreement::Mismatch(String::new());
    }
    if idef.operands.len() != edef.operands.len() {
        return Agreement::Mismatch(format!(
            " ({} parameters imported, {} defined)",
            idef.operands.len().saturating_sub(1),
            edef.operands.len().saturating_sub(1)
        ));
    }
    let mut casts = CallCasts {
        arguments: Vec::new(),
        result: None,
    };
    for (position, (a, b)) in idef.operands.iter().zip(&edef.operands).enumerate() {
        let (Some(a), Some(b)) = (a.id(), b.id()) else {
            return Agreement::Mismatch(String::new());
        };
        let what = if position == 0 {
            "the return type".to_string()
        } else {
            format!("parameter {}", position - 1)
        };
        let cast = if a == b {
            None
        } else {
            match (
                pointer_class(module, defs, a),
                pointer_class(module, defs, b),
            ) {
                (Some(x), Some(y)) if x == y => {
                    if !allow_pointer_mismatch {
                        return Agreement::Mismatch(format!(
                            " ({what}: pointers to different types; --allow-pointer-mismatch inserts casts)"
                        ));
                    }
                    Some((a, b))
                }
                _ => return Agreement::Mismatch(format!(" ({what} differs)")),
            }
        };
        if position == 0 {
            casts.result = cast;
        } else {
            casts.arguments.push(cast.map(|(_, b)| b));
        }
    }
    if casts.result.is_none() && casts.arguments.iter().all(Option::is_none) {
        return Agreement::Same;
    }
    Agreement::PointerCasts(casts)
}

/// Inserts the casts at every call of each import (`casts`: import id → casts), before the
/// import is replaced by its definition. Fresh ids come from the module's bound.
pub fn insert_casts(
    module: &mut Module,
    casts: &spirvkit_core::fasthash::FxHashMap<Id, CallCasts>,
) {
    if casts.is_empty() {
        return;
    }
    let mut bound = module.header.bound;
    for function in &mut module.functions {
        for block in &mut function.blocks {
            let needs = block.instructions.iter().any(|i| {
                i.opcode == Op::FunctionCall
                    && i.operands
                        .first()
                        .and_then(Operand::id)
                        .is_some_and(|c| casts.contains_key(&c))
            });
            if !needs {
                continue;
            }
            let old = std::mem::take(&mut block.instructions);
            let mut out = Vec::with_capacity(old.len() + 4);
            for mut inst in old {
                let plan = (inst.opcode == Op::FunctionCall)
                    .then(|| inst.operands.first().and_then(Operand::id))
                    .flatten()
                    .and_then(|c| casts.get(&c));
                let Some(plan) = plan else {
                    out.push(inst);
                    continue;
                };
                for (argument, to) in inst
                    .operands
                    .get_mut(1..)
                    .unwrap_or_default()
                    .iter_mut()
                    .zip(&plan.arguments)
                {
                    let (Some(to), Some(value)) = (to, argument.id()) else {
                        continue;
                    };
                    let cast = Id(bound);
                    bound += 1;
                    out.push(Instruction::new(
                        Op::Bitcast,
                        Some(*to),
                        Some(cast),
                        [Operand::Id(value)],
                    ));
                    *argument = Operand::Id(cast);
                }
                match (plan.result, inst.result_id) {
                    (Some((import_ret, export_ret)), Some(result)) => {
                        let raw = Id(bound);
                        bound += 1;
                        inst.result_type = Some(export_ret);
                        inst.result_id = Some(raw);
                        out.push(inst);
                        out.push(Instruction::new(
                            Op::Bitcast,
                            Some(import_ret),
                            Some(result),
                            [Operand::Id(raw)],
                        ));
                    }
                    _ => out.push(inst),
                }
            }
            block.instructions = out;
        }
    }
    module.header.bound = bound;
}
