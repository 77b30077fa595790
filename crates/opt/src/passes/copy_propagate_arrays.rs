//! `--copy-propagate-arrays`: a Function array or struct variable without initializer whose
//! only store is the whole value just loaded from read-only memory (Input, UniformConstant, PushConstant, or
//! a Uniform block that is not a BufferBlock) — the variable itself or a constant-index access
//! chain into it — and which is otherwise only read (whole loads, and access chains with any
//! indices that are only loaded from) reads that memory directly: each access chain is rebuilt
//! on the source, with the source's indices first, and the copy goes. A load before the store
//! read an undefined value, so reading the source there is also correct. Kernel and Shader.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::util::{remove_references_to, IdSet};
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::grammar::{Decoration, Op, StorageClass};
use spirvkit_core::{Function, Id, Instruction, Module, Operand};

pub struct CopyPropagateArrays;

struct Globals {
    /// Pointer type → (storage class, pointee); (storage class, pointee) → pointer type.
    pointee: FxHashMap<Id, (u32, Id)>,
    pointer: FxHashMap<(u32, Id), Id>,
    /// Read-only global variables → storage class.
    read_only: FxHashMap<Id, u32>,
    /// Non-spec integer constants.
    constants: FxHashSet<Id>,
    /// Array and struct types (scalars and vectors are left to SSA).
    aggregates: FxHashSet<Id>,
}

impl Globals {
    fn new(module: &Module) -> Self {
        let mut buffer_blocks: FxHashSet<Id> = FxHashSet::default();
        for inst in &module.globals {
            if inst.opcode == Op::Decorate
                && inst.operands.get(1) == Some(&Operand::Word(Decoration::BufferBlock.0))
            {
                buffer_blocks.extend(inst.operands.first().and_then(Operand::id));
            }
        }
        let mut g = Globals {
            pointee: FxHashMap::default(),
            pointer: FxHashMap::default(),
            read_only: FxHashMap::default(),
            constants: FxHashSet::default(),
            aggregates: FxHashSet::default(),
        };
        for inst in &module.globals {
            let Some(id) = inst.result_id else { continue };
            let sc = inst.operands.first().and_then(Operand::word);
            match inst.opcode {
                Op::TypePointer => {
                    if let (Some(sc), Some(p)) = (sc, inst.operands.get(1).and_then(Operand::id)) {
                        g.pointee.insert(id, (sc, p));
                        g.pointer.entry((sc, p)).or_insert(id);
                    }
                }
                Op::Constant => {
                    g.constants.insert(id);
                }
                Op::TypeArray | Op::TypeStruct => {
                    g.aggregates.insert(id);
                }
                Op::Variable => {
                    let Some(sc) = sc else { continue };
                    let pointee = inst
                        .result_type
                        .and_then(|t| g.pointee.get(&t))
                        .map(|p| p.1);
                    let ok = sc == StorageClass::Input.0
                        || sc == StorageClass::UniformConstant.0
                        || sc == StorageClass::PushConstant.0
                        || (sc == StorageClass::Uniform.0
                            && pointee.is_some_and(|p| !buffer_blocks.contains(&p)));
                    if ok {
                        g.read_only.insert(id, sc);
                    }
                }
                _ => {}
            }
        }
        g
    }
}

impl Pass for CopyPropagateArrays {
    fn name(&self) -> &'static str {
        "copy-propagate-arrays"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        let mut g = Globals::new(module);
        if g.read_only.is_empty() {
            return Ok(Changed::No);
        }
        let mut new_types = Vec::new();
        let mut next_id = module.header.bound;
        let mut removed = IdSet::new(module.header.bound);
        let mut changed = false;
        for f in &mut module.functions {
            changed |= propagate(f, &mut g, &mut new_types, &mut next_id, &mut removed);
        }
        module.globals.extend(new_types);
        module.header.bound = next_id;
        if changed {
            remove_references_to(module, &removed);
        }
        Ok(Changed::from_bool(changed))
    }
}

/// The copy source of a variable: base global and constant indices.
struct Source {
    base: Id,
    storage: u32,
    indices: Vec<Operand>,
}

/// The pointer type to `pointee` in `storage`, made when the module has none.
fn pointer_to(
    g: &mut Globals,
    new_types: &mut Vec<Instruction>,
    fresh: &mut impl FnMut() -> Id,
    storage: u32,
    pointee: Id,
) -> Id {
    if let Some(&p) = g.pointer.get(&(storage, pointee)) {
        return p;
    }
    let p = fresh();
    new_types.push(Instruction::new(
        Op::TypePointer,
        None,
        Some(p),
        [Operand::Word(storage), Operand::Id(pointee)],
    ));
    g.pointer.insert((storage, pointee), p);
    g.pointee.insert(p, (storage, pointee));
    p
}

fn propagate(
    f: &mut Function,
    g: &mut Globals,
    new_types: &mut Vec<Instruction>,
    next_id: &mut u32,
    removed: &mut IdSet,
) -> bool {
    let Some(entry) = f.blocks.first() else {
        return false;
    };
    let mut vars: FxHashSet<Id> = entry
        .instructions
        .iter()
        .filter(|i| {
            i.opcode == Op::Variable
                && i.operands.len() == 1
                && i.operands.first() == Some(&Operand::Word(StorageClass::Function.0))
                && i.result_type
                    .and_then(|t| g.pointee.get(&t))
                    .is_some_and(|&(_, p)| g.aggregates.contains(&p))
        })
        .filter_map(|i| i.result_id)
        .collect();
    if vars.is_empty() {
        return false;
    }
    // Definitions of loads and constant-index chains on read-only globals.
    let mut loads: FxHashMap<Id, Id> = FxHashMap::default(); // load result → pointer
    let mut chains: FxHashMap<Id, (Id, Vec<Operand>)> = FxHashMap::default();
    let mut stores: FxHashMap<Id, Vec<Id>> = FxHashMap::default(); // var → stored values
    let mut var_chains: FxHashMap<Id, Id> = FxHashMap::default(); // chain on a var → var
    let mut rejected: FxHashSet<Id> = FxHashSet::default();
    for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
        let first = inst.operands.first().and_then(Operand::id);
        match inst.opcode {
            Op::Load if inst.operands.len() == 1 => {
                if let (Some(r), Some(p)) = (inst.result_id, first) {
                    loads.insert(r, p);
                }
            }
            Op::AccessChain | Op::InBoundsAccessChain => {
                let (Some(r), Some(base)) = (inst.result_id, first) else {
                    continue;
                };
                if g.read_only.contains_key(&base)
                    && inst.operands[1..]
                        .iter()
                        .all(|o| o.id().is_some_and(|c| g.constants.contains(&c)))
                {
                    chains.insert(r, (base, inst.operands[1..].to_vec()));
                }
            }
            _ => {}
        }
        // Uses of the candidate variables and of chains on them.
        for (k, op) in inst.operands.iter().enumerate() {
            let Operand::Id(id) = *op else { continue };
            if let Some(&var) = var_chains.get(&id) {
                if !(inst.opcode == Op::Load && k == 0) {
                    rejected.insert(var);
                }
                continue;
            }
            if !vars.contains(&id) {
                continue;
            }
            match (inst.opcode, k) {
                (Op::Store, 0) if inst.operands.len() == 2 => {
                    if let Some(v) = inst.operands.get(1).and_then(Operand::id) {
                        stores.entry(id).or_default().push(v);
                    }
                }
                (Op::Load, 0) if inst.operands.len() == 1 => {}
                (Op::AccessChain | Op::InBoundsAccessChain, 0) => {
                    if let Some(r) = inst.result_id {
                        var_chains.insert(r, id);
                    }
                }
                _ => {
                    rejected.insert(id);
                }
            }
        }
    }
    let mut sources: FxHashMap<Id, Source> = FxHashMap::default();
    vars.retain(|v| !rejected.contains(v));
    for &v in &vars {
        let Some([value]) = stores.get(&v).map(Vec::as_slice) else {
            continue;
        };
        let Some(&ptr) = loads.get(value) else {
            continue;
        };
        let (base, indices) = match chains.get(&ptr) {
            Some((base, indices)) => (*base, indices.clone()),
            None if g.read_only.contains_key(&ptr) => (ptr, Vec::new()),
            None => continue,
        };
        sources.insert(
            v,
            Source {
                base,
                storage: g.read_only[&base],
                indices,
            },
        );
    }
    if sources.is_empty() {
        return false;
    }
    let mut fresh = || {
        let id = Id(*next_id);
        *next_id += 1;
        id
    };
    for block in &mut f.blocks {
        let old = std::mem::take(&mut block.instructions);
        let mut out = Vec::with_capacity(old.len());
        for mut inst in old {
            if let Some(r) = inst.result_id.filter(|r| sources.contains_key(r)) {
                removed.insert(r);
                continue;
            }
            let target = inst.operands.first().and_then(Operand::id);
            let Some(src) = target.and_then(|t| sources.get(&t)) else {
                out.push(inst);
                continue;
            };
            match inst.opcode {
                Op::Store => {} // the copy goes
                Op::Load => {
                    if !src.indices.is_empty() {
                        // The chain to the source, rebuilt here (it may be used before the copy).
                        let Some(ty) = inst.result_type else {
                            out.push(inst);
                            continue;
                        };
                        let ptr = pointer_to(g, new_types, &mut fresh, src.storage, ty);
                        let chain = fresh();
                        out.push(Instruction::new(
                            Op::AccessChain,
                            Some(ptr),
                            Some(chain),
                            std::iter::once(Operand::Id(src.base))
                                .chain(src.indices.iter().cloned()),
                        ));
                        inst.operands[0] = Operand::Id(chain);
                    } else {
                        inst.operands[0] = Operand::Id(src.base);
                    }
                    out.push(inst);
                }
                _ => {
                    // An access chain on the variable: rebuilt on the source.
                    let Some(&(_, pointee)) = inst.result_type.and_then(|t| g.pointee.get(&t))
                    else {
                        out.push(inst);
                        continue;
                    };
                    let ptr = pointer_to(g, new_types, &mut fresh, src.storage, pointee);
                    let rest = inst.operands[1..].to_vec();
                    inst.result_type = Some(ptr);
                    inst.operands = std::iter::once(Operand::Id(src.base))
                        .chain(src.indices.iter().cloned())
                        .chain(rest)
                        .collect();
                    out.push(inst);
                }
            }
        }
        block.instructions = out;
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, run_pass};

    const SRC: &str = r#"
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %u %priv
OpExecutionMode %main LocalSize 1 1 1
OpName %local "local"
OpDecorate %arr ArrayStride 16
OpMemberDecorate %ubo 0 Offset 0
OpDecorate %ubo Block
OpDecorate %u DescriptorSet 0
OpDecorate %u Binding 0
%void = OpTypeVoid
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%c4 = OpConstant %uint 4
%c0 = OpConstant %int 0
%arr = OpTypeArray %float %c4
%ubo = OpTypeStruct %arr
%pubo = OpTypePointer Uniform %ubo
%parr_u = OpTypePointer Uniform %arr
%parr_f = OpTypePointer Function %arr
%pf = OpTypePointer Function %float
%pfu = OpTypePointer Uniform %float
%pi = OpTypePointer Function %int
%u = OpVariable %pubo Uniform
%pp = OpTypePointer Private %arr
%priv = OpVariable %pp Private
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%e = OpLabel
%local = OpVariable %parr_f Function
%n = OpVariable %pi Function
%src = OpAccessChain %parr_u %u %c0
%val = OpLoad %arr %src
OpStore %local %val
%i = OpLoad %int %n
%p = OpAccessChain %pf %local %i
%x = OpLoad %float %p
%w = OpLoad %arr %local
OpReturn
OpFunctionEnd
"#;

    #[test]
    fn reads_of_a_copied_uniform_array_read_the_uniform() {
        let text = disassemble(&run_pass(&super::CopyPropagateArrays, &assemble(SRC)));
        assert!(!text.contains("%local = OpVariable"), "{text}");
        assert!(
            text.contains("OpAccessChain %_ptr_Uniform_float %2 %int_0 %"),
            "{text}"
        );
        assert!(text.contains("OpLoad %_arr_float_uint_4 %"), "{text}");
    }

    #[test]
    fn writable_sources_and_second_stores_keep_the_copy() {
        let buffer = SRC.replace("%val = OpLoad %arr %src", "%val = OpLoad %arr %priv");
        let text = disassemble(&run_pass(&super::CopyPropagateArrays, &assemble(&buffer)));
        assert!(text.contains("%local = OpVariable"), "{text}");
        let twice = SRC.replace(
            "OpStore %local %val\n",
            "OpStore %local %val\nOpStore %local %val\n",
        );
        let text = disassemble(&run_pass(&super::CopyPropagateArrays, &assemble(&twice)));
        assert!(text.contains("%local = OpVariable"), "{text}");
    }

    #[test]
    fn scalar_copies_are_left_to_ssa() {
        let scalar = SRC
            .replace("%i = OpLoad %int %n", "%i = OpLoad %int %n\n%one = OpAccessChain %pfu %u %c0 %c0\n%sv = OpLoad %float %one\nOpStore %fl %sv\n%again = OpLoad %float %fl")
            .replace("%n = OpVariable %pi Function", "%n = OpVariable %pi Function\n%fl = OpVariable %pf Function");
        let text = disassemble(&run_pass(&super::CopyPropagateArrays, &assemble(&scalar)));
        assert!(
            text.contains("OpVariable %_ptr_Function_float Function"),
            "{text}"
        );
        assert!(!text.contains("%local = OpVariable"), "{text}");
    }
}
