//! `--eliminate-local-single-block` (alias `--local-single-block-elim`): within each block,
//! a load of a local variable takes the value last stored to it (or last loaded from it) in
//! that block, and a store whose value is overwritten by a later whole store in the block
//! before any load is dropped, as is a store of the value the variable already holds.
//!
//! Only variables that qualify under `local_vars` (every use a whole load/store or an access
//! chain on it; the address never escapes) are touched, so no store through another pointer
//! can change them: calls and stores elsewhere do not end what is known, unlike spirv-opt,
//! which also forgets everything at a call. Unlike spirv-opt the pass runs on Kernel/Addresses
//! modules too, and a load through an access chain with constant indices after a whole store
//! becomes an OpCompositeExtract of the stored value. A store through an access chain ends
//! what is known about its variable (the earlier whole store stays).

use crate::analyses::Analyses;
use crate::error::Error;
use crate::pass::{Changed, Pass};
use crate::passes::local_vars::{extract_from, LocalVars, ModuleFacts, Replacements};
use crate::util::{remove_references_to, IdSet};
use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::Op;
use spirvkit_core::Module;
use spirvkit_core::{Function, Id, Operand};

pub struct LocalSingleBlockElim;

impl Pass for LocalSingleBlockElim {
    fn name(&self) -> &'static str {
        "eliminate-local-single-block"
    }

    fn run(&self, module: &mut Module, analyses: &mut Analyses) -> Result<Changed, Error> {
        if !analyses.has_function_variables(module) {
            return Ok(Changed::No);
        }
        let facts = ModuleFacts::new(module);
        let mut removed = IdSet::new(module.header.bound);
        let mut changed = false;
        for f in &mut module.functions {
            let vars = LocalVars::new(f, &facts);
            if !vars.vars.is_empty() {
                changed |= eliminate(f, &vars, &mut removed);
            }
        }
        if changed {
            remove_references_to(module, &removed);
        }
        Ok(Changed::from_bool(changed))
    }
}

/// What a block knows about a variable's memory.
struct Known {
    /// The value the whole variable holds.
    value: Id,
    /// The block's store that wrote it (instruction index), if any.
    store: Option<usize>,
    /// Whether something read memory the store wrote.
    store_read: bool,
}

fn eliminate(f: &mut Function, vars: &LocalVars, removed: &mut IdSet) -> bool {
    let mut replacements = Replacements::default();
    let mut changed = false;
    let mut known: FxHashMap<Id, Known> = FxHashMap::default();
    let mut dead: Vec<usize> = Vec::new();
    for block in &mut f.blocks {
        known.clear();
        dead.clear();
        for i in 0..block.instructions.len() {
            let inst = &block.instructions[i];
            let pointer = match inst.operands.first() {
                Some(Operand::Id(p)) if matches!(inst.opcode, Op::Load | Op::Store) => *p,
                _ => continue,
            };
            let Some((var, path)) = vars.target(pointer) else {
                continue;
            };
            if inst.opcode == Op::Store {
                let Some(value) = inst.operands.get(1).and_then(Operand::id) else {
                    continue;
                };
                let value = replacements.resolve(value);
                if path.is_some() {
                    known.remove(&var);
                    continue;
                }
                match known.get(&var) {
                    Some(k) if k.value == value => dead.push(i),
                    previous => {
                        if let Some(Known {
                            store: Some(s),
                            store_read: false,
                            ..
                        }) = previous
                        {
                            dead.push(*s);
                        }
                        known.insert(
                            var,
                            Known {
                                value,
                                store: Some(i),
                                store_read: false,
                            },
                        );
                    }
                }
                continue;
            }
            let Some(result) = inst.result_id else {
                continue;
            };
            match (known.get_mut(&var), path) {
                (Some(k), None) => {
                    k.store_read = true;
                    replacements.insert(result, k.value);
                    removed.insert(result);
                    dead.push(i);
                }
                (Some(k), Some(Some(path))) => {
                    k.store_read = true;
                    let value = replacements.resolve(k.value);
                    block.instructions[i] = extract_from(value, path, &block.instructions[i]);
                    changed = true;
                }
                (Some(k), Some(None)) => k.store_read = true,
                (None, None) => {
                    known.insert(
                        var,
                        Known {
                            value: result,
                            store: None,
                            store_read: false,
                        },
                    );
                }
                (None, Some(_)) => {}
            }
        }
        if !dead.is_empty() {
            changed = true;
            dead.sort_unstable();
            let mut next = dead.iter().peekable();
            let mut index = 0usize;
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
    changed
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{assemble, disassemble, named, run_on_body, run_pass};

    const SHADER_HEAD: &str = r#"OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %out
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %buf Block
OpMemberDecorate %buf 0 Offset 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 0
%void = OpTypeVoid
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%v4 = OpTypeVector %float 4
%buf = OpTypeStruct %v4
%pbuf = OpTypePointer StorageBuffer %buf
%out = OpVariable %pbuf StorageBuffer
%pout = OpTypePointer StorageBuffer %v4
%pv = OpTypePointer Function %v4
%pf = OpTypePointer Function %float
%ps = OpTypePointer StorageBuffer %float
%int_0 = OpConstant %int 0
%uint_0 = OpConstant %uint 0
%uint_2 = OpConstant %uint 2
%f1 = OpConstant %float 1
%f2 = OpConstant %float 2
%c1 = OpConstantComposite %v4 %f1 %f1 %f1 %f1
%c2 = OpConstantComposite %v4 %f2 %f2 %f2 %f2
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %pv Function
%o = OpAccessChain %pout %out %int_0
"#;

    fn run(body: &str) -> String {
        run_on_body(&super::LocalSingleBlockElim, SHADER_HEAD, body)
    }

    #[test]
    fn a_load_after_a_store_in_the_block_takes_the_stored_value() {
        let text = run(r#"
OpStore %v %c1
%a = OpLoad %v4 %v
OpStore %o %a
"#);
        assert!(!text.contains("OpLoad"), "{text}");
        assert!(text.contains("OpStore %o %c1"), "{text}");
    }

    #[test]
    fn a_second_load_reuses_the_first_and_a_store_of_it_goes() {
        let text = run(r#"
%a = OpLoad %v4 %v
%b = OpLoad %v4 %v
OpStore %v %b
%s = OpFAdd %v4 %a %b
OpStore %o %s
"#);
        assert_eq!(text.matches("OpLoad").count(), 1, "{text}");
        assert!(text.contains("OpFAdd %v4 %a %a"), "{text}");
        assert!(!text.contains("OpStore %v"), "{text}");
    }

    #[test]
    fn an_overwritten_store_goes_but_a_read_one_stays() {
        let text = run(r#"
OpStore %v %c1
OpStore %v %c2
%a = OpLoad %v4 %v
OpStore %o %a
OpStore %v %c1
"#);
        assert_eq!(text.matches("OpStore %v").count(), 2, "{text}");
        assert!(!text.contains("OpStore %v %c1\nOpStore %v %c2"), "{text}");
        assert!(text.contains("OpStore %o %c2"), "{text}");
    }

    #[test]
    fn constant_chain_loads_extract_and_chain_stores_end_knowledge() {
        let text = run(r#"
OpStore %v %c2
%e = OpAccessChain %pf %v %uint_2
%x = OpLoad %float %e
%oe = OpAccessChain %ps %out %int_0 %uint_0
OpStore %oe %x
OpStore %e %f1
%a = OpLoad %v4 %v
OpStore %o %a
"#);
        assert!(
            text.contains("%x = OpCompositeExtract %float %c2 2"),
            "{text}"
        );
        // After the partial store the whole load must read memory.
        assert!(text.contains("%a = OpLoad %v4 %v"), "{text}");
        assert!(text.contains("OpStore %v %c2"), "{text}");
    }

    #[test]
    fn nothing_crosses_blocks() {
        let text = run(r#"
OpStore %v %c1
OpBranch %next
%next = OpLabel
%a = OpLoad %v4 %v
OpStore %o %a
"#);
        assert!(text.contains("%a = OpLoad %v4 %v"), "{text}");
    }

    #[test]
    fn escaping_and_volatile_variables_are_left_alone() {
        let src = r#"OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%pu = OpTypePointer Function %uint
%gp = OpTypePointer CrossWorkgroup %uint
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%fn = OpTypeFunction %void %gp
%cfn = OpTypeFunction %void %pu
%callee = OpFunction %void None %cfn
%p = OpFunctionParameter %pu
%cl = OpLabel
OpStore %p %c2
OpReturn
OpFunctionEnd
%k = OpFunction %void None %fn
%g = OpFunctionParameter %gp
%l = OpLabel
%a = OpVariable %pu Function
%b = OpVariable %pu Function
%c = OpVariable %pu Function
OpStore %a %c1
%r = OpFunctionCall %void %callee %a
%x = OpLoad %uint %a
OpStore %g %x
OpStore %b %c1
%y = OpLoad %uint %b Volatile
OpStore %g %y
OpStore %c %c1
%z = OpLoad %uint %c
OpStore %g %z
OpReturn
OpFunctionEnd
"#;
        let text = disassemble(&run_pass(
            &super::LocalSingleBlockElim,
            &assemble(&named(src)),
        ));
        assert!(text.contains("%x = OpLoad %uint %a"), "{text}");
        assert!(text.contains("%y = OpLoad %uint %b Volatile"), "{text}");
        // The kernel's non-escaping %c is forwarded (spirv-opt skips Addresses modules).
        assert!(!text.contains("%z = OpLoad"), "{text}");
        assert!(text.contains("OpStore %g %c1"), "{text}");
    }
}
