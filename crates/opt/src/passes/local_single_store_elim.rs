//! `--eliminate-local-single-store` (alias `--local-single-store-elim`): a local variable
//! written exactly once — by one whole OpStore, or only by its initializer — is read as that
//! value by every load the store dominates (spirv-opt's LocalSingleStoreElimPass). Loads the
//! store does not dominate, and the store itself, stay (dead-code elimination removes the store
//! once nothing reads the variable).
//!
//! Variables qualify under `local_vars` (every use a whole load/store or an access chain on
//! it; the address never escapes), so nothing else can write them; any store through an access
//! chain disqualifies the variable. Unlike spirv-opt the pass runs on Kernel/Addresses modules
//! too, and a dominated load through an access chain with constant indices becomes an
//! OpCompositeExtract of the stored value.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::passes::local_vars::{extract_from, LocalVars, ModuleFacts, Replacements};
use crate::util::{remove_references_to, IdSet};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::Op;
use spirvkit_core::{Id, Module, Operand};

pub struct LocalSingleStoreElim;

/// Where a variable's only write happens.
#[derive(Clone, Copy)]
struct Write {
    value: Id,
    block: u32,
    /// Instruction index in the block; None for the initializer (before everything).
    index: Option<usize>,
}

impl Pass for LocalSingleStoreElim {
    fn name(&self) -> &'static str {
        "eliminate-local-single-store"
    }

    fn run(&self, module: &mut Module, analyses: &mut Analyses) -> Result<Changed, Error> {
        if !analyses.has_function_variables(module) {
            return Ok(Changed::No);
        }
        let facts = ModuleFacts::new(module);
        let mut removed = IdSet::new(module.header.bound);
        let mut changed = false;
        for fi in 0..module.functions.len() {
            let vars = LocalVars::new(&module.functions[fi], &facts);
            if vars.vars.is_empty() {
                continue;
            }
            let writes = single_writes(&module.functions[fi], &vars);
            if writes.is_empty() {
                continue;
            }
            let Some(dom) = analyses.dominators(module, fi).cloned() else {
                continue;
            };
            let f = &mut module.functions[fi];
            let mut replacements = Replacements::default();
            let mut function_changed = false;
            for (b, block) in f.blocks.iter_mut().enumerate() {
                let mut dead: Vec<usize> = Vec::new();
                for i in 0..block.instructions.len() {
                    let inst = &block.instructions[i];
                    let (Op::Load, Some(Operand::Id(pointer)), Some(result)) =
                        (inst.opcode, inst.operands.first(), inst.result_id)
                    else {
                        continue;
                    };
                    let Some((var, path)) = vars.target(*pointer) else {
                        continue;
                    };
                    let Some(w) = writes.get(&var) else { continue };
                    let dominated = if w.block == b as u32 {
                        dom.reachable(w.block) && w.index.is_none_or(|s| s < i)
                    } else {
                        dom.dominates(w.block, b as u32)
                    };
                    if !dominated {
                        continue;
                    }
                    match path {
                        None => {
                            replacements.insert(result, w.value);
                            removed.insert(result);
                            dead.push(i);
                        }
                        Some(Some(path)) => {
                            let value = replacements.resolve(w.value);
                            block.instructions[i] =
                                extract_from(value, path, &block.instructions[i]);
                            function_changed = true;
                        }
                        Some(None) => {}
                    }
                }
                if !dead.is_empty() {
                    function_changed = true;
                    let mut index = 0usize;
                    let mut next = dead.iter().peekable();
                    block.instructions.retain(|_| {
                        let drop = next.peek().is_some_and(|&&d| d == index);
                        if drop {
                            next.next();
                        }
                        index += 1;
                        !drop
                    });
                }
            }
            replacements.apply(f);
            changed |= function_changed;
        }
        if changed {
            remove_references_to(module, &removed);
        }
        Ok(Changed::from_bool(changed))
    }
}

/// The variables with exactly one write: one whole store, or the initializer alone.
fn single_writes(f: &spirvkit_core::Function, vars: &LocalVars) -> FxHashMap<Id, Write> {
    // Variable → its writes so far (more than one: not a candidate).
    let mut writes: FxHashMap<Id, (u32, Option<Write>)> = vars
        .vars
        .iter()
        .map(|(&var, &(_, init))| {
            let w = init.map(|value| Write {
                value,
                block: 0,
                index: None,
            });
            (var, (u32::from(init.is_some()), w))
        })
        .collect();
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.instructions.iter().enumerate() {
            if inst.opcode != Op::Store {
                continue;
            }
            let (Some(Operand::Id(pointer)), Some(Operand::Id(value))) =
                (inst.operands.first(), inst.operands.get(1))
            else {
                continue;
            };
            let Some((var, path)) = vars.target(*pointer) else {
                continue;
            };
            let Some(entry) = writes.get_mut(&var) else {
                continue;
            };
            // A partial store counts as a second write: the value is not one id.
            entry.0 += if path.is_some() { 2 } else { 1 };
            entry.1 = Some(Write {
                value: *value,
                block: b as u32,
                index: Some(i),
            });
        }
    }
    writes
        .into_iter()
        .filter_map(|(var, (count, w))| {
            if count == 1 {
                w.map(|w| (var, w))
            } else {
                None
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, named, run_on_body, run_pass};

    const HEAD: &str = r#"OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %out
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %buf Block
OpMemberDecorate %buf 0 Offset 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 0
%void = OpTypeVoid
%bool = OpTypeBool
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%v4 = OpTypeVector %float 4
%buf = OpTypeStruct %v4
%pbuf = OpTypePointer StorageBuffer %buf
%out = OpVariable %pbuf StorageBuffer
%pout = OpTypePointer StorageBuffer %v4
%pv = OpTypePointer Function %v4
%pf = OpTypePointer Function %float
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%f1 = OpConstant %float 1
%f2 = OpConstant %float 2
%t = OpConstantTrue %bool
%c1 = OpConstantComposite %v4 %f1 %f1 %f1 %f1
%c2 = OpConstantComposite %v4 %f2 %f2 %f2 %f2
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %pv Function
%w = OpVariable %pv Function %c2
%o = OpAccessChain %pout %out %uint_0
"#;

    fn run(body: &str) -> String {
        run_on_body(&super::LocalSingleStoreElim, HEAD, body)
    }

    #[test]
    fn dominated_loads_take_the_single_stored_value() {
        let text = run(r#"
%early = OpLoad %v4 %v
OpStore %o %early
OpStore %v %c1
OpSelectionMerge %m None
OpBranchConditional %t %then %m
%then = OpLabel
%a = OpLoad %v4 %v
%e = OpAccessChain %pf %v %uint_1
%x = OpLoad %float %e
%s = OpVectorTimesScalar %v4 %a %x
OpStore %o %s
OpBranch %m
%m = OpLabel
%b = OpLoad %v4 %v
OpStore %o %b
"#);
        // The load before the store reads memory as it was.
        assert!(text.contains("%early = OpLoad %v4 %v"), "{text}");
        assert!(!text.contains("%a = OpLoad"), "{text}");
        assert!(!text.contains("%b = OpLoad"), "{text}");
        assert!(
            text.contains("%x = OpCompositeExtract %float %c1 1"),
            "{text}"
        );
        assert!(text.contains("OpVectorTimesScalar %v4 %c1 %x"), "{text}");
        assert!(text.contains("OpStore %o %c1"), "{text}");
    }

    #[test]
    fn a_store_in_one_arm_does_not_reach_the_merge() {
        let text = run(r#"
OpSelectionMerge %m None
OpBranchConditional %t %then %m
%then = OpLabel
OpStore %v %c1
OpBranch %m
%m = OpLabel
%b = OpLoad %v4 %v
OpStore %o %b
"#);
        assert!(text.contains("%b = OpLoad %v4 %v"), "{text}");
    }

    #[test]
    fn the_initializer_is_the_single_write_and_second_writes_disqualify() {
        let text = run(r#"
%a = OpLoad %v4 %w
OpStore %o %a
OpStore %v %c1
%e = OpAccessChain %pf %v %uint_1
OpStore %e %f2
%b = OpLoad %v4 %v
OpStore %o %b
"#);
        assert!(!text.contains("%a = OpLoad"), "{text}");
        assert!(text.contains("OpStore %o %c2"), "{text}");
        assert!(text.contains("%b = OpLoad %v4 %v"), "{text}");
    }

    #[test]
    fn kernel_variables_are_handled_and_escaping_ones_are_not() {
        let src = r#"OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%pu = OpTypePointer Function %uint
%gp = OpTypePointer CrossWorkgroup %uint
%c1 = OpConstant %uint 1
%fn = OpTypeFunction %void %gp
%cfn = OpTypeFunction %void %pu
%callee = OpFunction %void None %cfn
%p = OpFunctionParameter %pu
%cl = OpLabel
OpStore %p %c1
OpReturn
OpFunctionEnd
%k = OpFunction %void None %fn
%g = OpFunctionParameter %gp
%l = OpLabel
%a = OpVariable %pu Function
%b = OpVariable %pu Function
OpStore %a %c1
OpStore %b %c1
%r = OpFunctionCall %void %callee %b
OpBranch %next
%next = OpLabel
%x = OpLoad %uint %a
OpStore %g %x
%y = OpLoad %uint %b
OpStore %g %y
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(
            &super::LocalSingleStoreElim,
            &assemble(&named(src)),
        ));
        assert!(!text.contains("%x = OpLoad"), "{text}");
        assert!(text.contains("%y = OpLoad %uint %b"), "{text}");
    }
}
