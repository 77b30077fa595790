//! Helpers shared by the translator's integration tests.
#![allow(dead_code)]

use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::Op;
use spirvkit_spir::{translate, TranslateOptions};
use std::collections::HashMap;

pub fn translate_with(src: &str, extensions: &str) -> Result<Module, String> {
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").map_err(|e| e.to_string())?;
    let mut options = TranslateOptions::default();
    options
        .apply_extension_list(extensions)
        .map_err(|e| e.to_string())?;
    translate(&llvm, &options).map_err(|e| e.to_string())
}

/// spirv-val (universal environment) when the pinned tools are installed.
pub fn spirv_val(module: &Module, tag: &str) {
    let Some((accepted, stderr)) = run_spirv_val(module, "test-target-types", tag) else {
        return;
    };
    assert!(accepted, "{tag}: spirv-val: {stderr}");
}

/// Runs the pinned spirv-val (universal environment) on `module`, written as
/// `target/<scratch>/<tag>.spv`: whether it accepts it, and its stderr. `None` when the tools
/// are not installed.
pub fn run_spirv_val(module: &Module, scratch: &str, tag: &str) -> Option<(bool, String)> {
    let val = spirvkit_test_support::workspace_root().join(".venv/bin/spirv-val");
    if !val.is_file() {
        eprintln!("note: {} missing; spirv-val check skipped", val.display());
        return None;
    }
    let dir = spirvkit_test_support::workspace_root()
        .join("target")
        .join(scratch);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let file = dir.join(format!("{tag}.spv"));
    std::fs::write(&file, module.to_bytes()).expect("write");
    let out = std::process::Command::new(val)
        .arg(&file)
        .output()
        .expect("run spirv-val");
    Some((
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// Translated typed and with `+SPV_KHR_untyped_pointers`, both checked by spirv-val
/// (`tag` names the kept outputs).
pub fn typed_and_untyped(src: &str, extensions: &str, tag: &str) -> [Module; 2] {
    let untyped = if extensions.is_empty() {
        "+SPV_KHR_untyped_pointers".to_owned()
    } else {
        format!("{extensions},+SPV_KHR_untyped_pointers")
    };
    [extensions, untyped.as_str()].map(|ext| {
        let m = translate_with(src, ext).unwrap_or_else(|e| panic!("{tag} [{ext}]: {e}"));
        spirv_val(&m, &format!("{tag}_{}", ext.len()));
        m
    })
}

/// Every result id of the module with the instruction that defines it.
pub fn defs(m: &Module) -> HashMap<Id, &Instruction> {
    m.instructions()
        .filter_map(|i| i.result_id.map(|r| (r, i)))
        .collect()
}

/// The id an operand holds (the tests only ask where the grammar puts an id).
pub fn id(op: &Operand) -> Id {
    match op {
        Operand::Id(i) => *i,
        other => panic!("expected an id, got {other:?}"),
    }
}

/// The capabilities the module declares, in order.
pub fn capabilities(m: &Module) -> Vec<u32> {
    m.instructions()
        .filter(|i| i.opcode == Op::Capability)
        .filter_map(|i| i.operands.first().and_then(Operand::word))
        .collect()
}

/// The extensions the module declares, in order.
pub fn extensions(m: &Module) -> Vec<String> {
    m.instructions()
        .filter(|i| i.opcode == Op::Extension)
        .filter_map(|i| match i.operands.first() {
            Some(Operand::String(s)) => Some(s.to_string()),
            _ => None,
        })
        .collect()
}

/// Vector-compute globals whose attribute groups carry the SPV_INTEL_vector_compute
/// attributes, and a VC kernel reading them (from text and from bitcode).
pub const VC_GLOBALS: &str = r#"target triple = "spir64-unknown-unknown"
@g = addrspace(1) global <8 x i8> zeroinitializer, align 8 #0
@p = internal global <8 x i8> zeroinitializer, align 8 #1
define spir_kernel void @k(ptr addrspace(1) %out) #2 {
entry:
  %a = load <8 x i8>, ptr addrspace(1) @g, align 8
  %b = load <8 x i8>, ptr @p, align 8
  %s = add <8 x i8> %a, %b
  store <8 x i8> %s, ptr addrspace(1) %out, align 8
  ret void
}
attributes #0 = { "VCGlobalVariable" "VCByteOffset"="16" }
attributes #1 = { "VCGlobalVariable" "VCVolatile" "VCByteOffset"="1" }
attributes #2 = { "VCFunction" }
"#;

/// `(target, literals)` of every OpDecorate with `decoration` (the target as its number).
pub fn decorations_of(
    m: &Module,
    decoration: spirvkit_grammar::Decoration,
) -> Vec<(u32, Vec<u32>)> {
    m.instructions()
        .filter(|i| {
            i.opcode == Op::Decorate
                && i.operands.get(1).and_then(Operand::word) == Some(decoration.0)
        })
        .map(|i| {
            let target = i.operands[0].id().map_or(0, |id| id.0);
            let literals = i.operands[2..].iter().filter_map(Operand::word).collect();
            (target, literals)
        })
        .collect()
}

/// The id OpName gives `name` (the first one); panics naming it when there is none.
pub fn named(m: &Module, name: &str) -> Id {
    m.instructions()
        .find(|i| {
            i.opcode == Op::Name && matches!(&i.operands[1], Operand::String(s) if *s == name)
        })
        .map(|i| id(&i.operands[0]))
        .unwrap_or_else(|| panic!("no value named {name}"))
}
