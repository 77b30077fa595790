//! llvm-spirv's translation options in `TranslateOptions`: `--spirv-preserve-auxdata`
//! (NonSemantic.AuxData records of attributes, metadata and linkage), `--spirv-fp-contract`
//! and `--spirv-replace-fmuladd-with-ocl-mad`. Each test asserts the instructions written
//! and, where the output is complete, spirv-val's acceptance.

mod common;

use common::{defs, extensions, id, spirv_val};
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::{ExecutionMode, Op};
use spirvkit_spir::{translate, FmulAdd, FpContract, TranslateOptions};
use std::collections::HashMap;

fn translate_opts(src: &str, opts: &TranslateOptions) -> Result<Module, String> {
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").map_err(|e| e.to_string())?;
    translate(&llvm, opts).map_err(|e| e.to_string())
}

fn aux_options(max_version: u32, extensions: &str) -> TranslateOptions {
    let mut opts = TranslateOptions {
        max_version,
        preserve_aux_data: true,
        ..TranslateOptions::default()
    };
    opts.apply_extension_list(extensions)
        .expect("extension list");
    opts
}

/// OpString id → its text.
fn strings(m: &Module) -> HashMap<Id, String> {
    m.instructions()
        .filter(|i| i.opcode == Op::String)
        .filter_map(|i| match (i.result_id, i.operands.first()) {
            (Some(r), Some(Operand::String(s))) => Some((r, s.to_string())),
            _ => None,
        })
        .collect()
}

/// OpName target → name.
fn names(m: &Module) -> HashMap<Id, String> {
    m.instructions()
        .filter(|i| i.opcode == Op::Name)
        .filter_map(|i| match (i.operands.first(), i.operands.get(1)) {
            (Some(Operand::Id(t)), Some(Operand::String(s))) => Some((*t, s.to_string())),
            _ => None,
        })
        .collect()
}

/// The NonSemantic.AuxData records: (instruction number, operand ids).
fn aux_records(m: &Module) -> Vec<(u32, Vec<Id>)> {
    let set = m
        .instructions()
        .find(|i| {
            i.opcode == Op::ExtInstImport
                && matches!(i.operands.first(), Some(Operand::String(s)) if s.as_str() == "NonSemantic.AuxData")
        })
        .and_then(|i| i.result_id)
        .expect("NonSemantic.AuxData import");
    m.instructions()
        .filter(|i| i.opcode == Op::ExtInst && i.operands.first() == Some(&Operand::Id(set)))
        .map(|i| {
            let number = i.operands[1].word().expect("instruction number");
            (number, i.operands[2..].iter().map(id).collect())
        })
        .collect()
}

/// Records rendered readably: `number target-name operand...` with strings quoted,
/// OpConstant values as numbers.
fn rendered(m: &Module) -> Vec<String> {
    let (s, n, d) = (strings(m), names(m), defs(m));
    let render = |x: &Id| -> String {
        if let Some(text) = s.get(x) {
            return format!("\"{text}\"");
        }
        if let Some(name) = n.get(x) {
            return format!("@{name}");
        }
        match d.get(x) {
            Some(Instruction {
                opcode: Op::Constant,
                operands,
                ..
            }) => format!("{}", operands[0].word().unwrap_or(u32::MAX)),
            _ => format!("%{}", x.0),
        }
    };
    aux_records(m)
        .iter()
        .map(|(number, ops)| {
            let parts: Vec<String> = ops.iter().map(render).collect();
            format!("{number} {}", parts.join(" "))
        })
        .collect()
}

const ATTRIBUTES: &str = r#"target triple = "spir64-unknown-unknown"
declare spir_func void @mul_add() #0
define spir_func void @test() #1 {
entry:
  call spir_func void @mul_add()
  ret void
}
attributes #0 = { "foo" }
attributes #1 = { nounwind "bar"="baz" }
"#;

#[test]
fn function_attributes_are_function_attribute_records() {
    let m = translate_opts(ATTRIBUTES, &aux_options(0x0001_0600, "")).expect("translates");
    assert_eq!(
        rendered(&m),
        [
            "1 @mul_add \"foo\"",
            "1 @test \"nounwind\"",
            "1 @test \"bar\" \"baz\""
        ]
    );
    // SPIR-V 1.6 has non-semantic sets in core: no extension.
    assert_eq!(m.header.version, 0x0001_0600);
    assert!(!extensions(&m).contains(&"SPV_KHR_non_semantic_info".to_owned()));
    spirv_val(&m, "auxdata_attributes_1_6");
}

#[test]
fn before_spirv_1_6_the_records_need_non_semantic_info() {
    let m = translate_opts(
        ATTRIBUTES,
        &aux_options(0x0001_0500, "+SPV_KHR_non_semantic_info"),
    )
    .expect("translates");
    assert!(m.header.version < 0x0001_0600);
    assert!(extensions(&m).contains(&"SPV_KHR_non_semantic_info".to_owned()));
    assert_eq!(aux_records(&m).len(), 3);
    spirv_val(&m, "auxdata_attributes_1_5");
    // Without the extension at 1.5 the module is refused, naming the extension.
    let refused = translate_opts(ATTRIBUTES, &aux_options(0x0001_0500, "")).unwrap_err();
    assert!(
        refused.contains("SPV_KHR_non_semantic_info"),
        "refusal names the extension: {refused}"
    );
}

#[test]
fn without_the_option_nothing_is_kept() {
    let m = translate_opts(ATTRIBUTES, &TranslateOptions::default()).expect("translates");
    assert!(!m
        .instructions()
        .any(|i| i.opcode == Op::ExtInstImport
            && matches!(i.operands.first(), Some(Operand::String(s)) if s.as_str() == "NonSemantic.AuxData")));
}

const METADATA: &str = r#"target triple = "spir64-unknown-unknown"
@gv = addrspace(1) global i32 1, !gvmd !3
define spir_func void @test_val() !foo !1 {
  ret void
}
define spir_func void @test_string() !bar !2 !spirv.Decorations !4 {
  ret void
}
!1 = !{i32 5}
!2 = !{!"baz"}
!3 = !{!"tag", i64 7}
!4 = !{!5}
!5 = !{i32 44, i32 8}
"#;

#[test]
fn function_and_global_metadata_are_metadata_records() {
    let m = translate_opts(METADATA, &aux_options(0x0001_0600, "")).expect("translates");
    let records = rendered(&m);
    assert!(
        records.contains(&"0 @test_val \"foo\" 5".to_owned()),
        "{records:?}"
    );
    assert!(
        records.contains(&"0 @test_string \"bar\" \"baz\"".to_owned()),
        "{records:?}"
    );
    assert!(
        records.contains(&"2 @gv \"gvmd\" \"tag\" 7".to_owned()),
        "{records:?}"
    );
    // spirv.Decorations is translated as decorations, not kept.
    assert!(
        !records.iter().any(|r| r.contains("spirv.Decorations")),
        "{records:?}"
    );
    spirv_val(&m, "auxdata_metadata");
}

#[test]
fn available_externally_is_a_linkage_record() {
    let src = r#"target triple = "spir64-unknown-unknown"
@extern_gv = available_externally addrspace(1) global i32 42
define available_externally spir_func i32 @inlinable(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}
define spir_func i32 @user(i32 %x) {
  %r = call spir_func i32 @inlinable(i32 %x)
  %g = load i32, ptr addrspace(1) @extern_gv
  %s = add i32 %r, %g
  ret i32 %s
}
"#;
    let m = translate_opts(src, &aux_options(0x0001_0600, "")).expect("translates");
    let records = rendered(&m);
    assert!(
        records.contains(&"4 @inlinable 0".to_owned()),
        "{records:?}"
    );
    assert!(
        records.contains(&"4 @extern_gv 0".to_owned()),
        "{records:?}"
    );
    spirv_val(&m, "auxdata_linkage");
}

#[test]
fn global_variable_attributes_are_global_attribute_records() {
    let src = r#"target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0 #0
define spir_kernel void @k(ptr addrspace(1) %p) {
  %v = load i32, ptr addrspace(1) @g
  store i32 %v, ptr addrspace(1) %p
  ret void
}
attributes #0 = { "key"="value" "flag" }
"#;
    let m = translate_opts(src, &aux_options(0x0001_0600, "")).expect("translates");
    let records = rendered(&m);
    assert!(records.contains(&"3 @g \"flag\"".to_owned()), "{records:?}");
    assert!(
        records.contains(&"3 @g \"key\" \"value\"".to_owned()),
        "{records:?}"
    );
    spirv_val(&m, "auxdata_global_attributes");
}

const CONTRACT: &str = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, float %a, float %b, float %c) {
  %m = call float @llvm.fmuladd.f32(float %a, float %b, float %c)
  store float %m, ptr addrspace(1) %p
  ret void
}
declare float @llvm.fmuladd.f32(float, float, float)
"#;

fn contraction_off(m: &Module) -> bool {
    m.instructions().any(|i| {
        i.opcode == Op::ExecutionMode
            && i.operands.get(1).and_then(Operand::word) == Some(ExecutionMode::ContractionOff.0)
    })
}

#[test]
fn fp_contract_modes_decide_contraction_off() {
    let with = |mode: FpContract, src: &str| {
        let opts = TranslateOptions {
            fp_contract: mode,
            ..TranslateOptions::default()
        };
        translate_opts(src, &opts).expect("translates")
    };
    // `on`: llvm-spirv decides per kernel (lit17, `fp_contract.rs`), whatever
    // !opencl.enable.FP_CONTRACT says: a kernel whose only arithmetic is llvm.fmuladd keeps
    // contraction, one with an `fadd` lacking `contract` loses it.
    assert!(!contraction_off(&with(FpContract::On, CONTRACT)));
    let enabled = format!("{CONTRACT}!opencl.enable.FP_CONTRACT = !{{}}\n");
    assert!(!contraction_off(&with(FpContract::On, &enabled)));
    let plain_add = CONTRACT.replace(
        "store float %m,",
        "%s = fadd float %m, %c\n  store float %s,",
    );
    assert!(contraction_off(&with(FpContract::On, &plain_add)));
    // `off`: always; `fast`: never.
    let off = with(FpContract::Off, &enabled);
    assert!(contraction_off(&off));
    spirv_val(&off, "fp_contract_off");
    assert!(!contraction_off(&with(FpContract::Fast, CONTRACT)));
}

fn opencl_ext_numbers(m: &Module) -> Vec<u32> {
    m.instructions()
        .filter(|i| i.opcode == Op::ExtInst)
        .filter_map(|i| i.operands.get(1).and_then(Operand::word))
        .collect()
}

#[test]
fn fmuladd_as_mad_or_split() {
    const FMA: u32 = 26; // OpenCL.std fma
    const MAD: u32 = 42; // OpenCL.std mad
    let with = |fmuladd: FmulAdd| {
        let opts = TranslateOptions {
            fmuladd,
            ..TranslateOptions::default()
        };
        translate_opts(CONTRACT, &opts).expect("translates")
    };
    assert_eq!(opencl_ext_numbers(&with(FmulAdd::Fma)), [FMA]);
    let mad = with(FmulAdd::Mad);
    assert_eq!(opencl_ext_numbers(&mad), [MAD]);
    spirv_val(&mad, "fmuladd_mad");
    let split = with(FmulAdd::Split);
    assert!(opencl_ext_numbers(&split).is_empty());
    let ops: Vec<Op> = split
        .instructions()
        .map(|i| i.opcode)
        .filter(|o| matches!(*o, Op::FMul | Op::FAdd))
        .collect();
    assert_eq!(ops, [Op::FMul, Op::FAdd]);
    // The sum takes the product.
    let mul = split
        .instructions()
        .find(|i| i.opcode == Op::FMul)
        .and_then(|i| i.result_id);
    let add = split
        .instructions()
        .find(|i| i.opcode == Op::FAdd)
        .expect("FAdd");
    assert_eq!(add.operands.first().and_then(Operand::id), mul);
    spirv_val(&split, "fmuladd_split");
}

/// Forward with the records, reverse with `preserve_aux_data`: the attributes, metadata and
/// linkage come back; without the option the reverse translation drops them.
#[test]
fn aux_data_round_trips_through_the_reverse_translation() {
    use spirvkit_spir::reverse::{reverse_words, ReverseOptions};
    let src = r#"target triple = "spir64-unknown-unknown"
@gv = addrspace(1) global i32 1, !gvmd !2
@ext = available_externally addrspace(1) global i32 42
declare spir_func void @mul_add() #0
define spir_func void @test() #1 !foo !1 {
entry:
  call spir_func void @mul_add()
  ret void
}
define available_externally spir_func i32 @inlinable(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}
define spir_func i32 @user(i32 %x) {
  %r = call spir_func i32 @inlinable(i32 %x)
  %g = load i32, ptr addrspace(1) @ext
  %h = load i32, ptr addrspace(1) @gv
  %s = add i32 %r, %g
  %t = add i32 %s, %h
  ret i32 %t
}
attributes #0 = { "foo" }
attributes #1 = { nounwind "bar"="baz" }
!1 = !{i32 5, !"five"}
!2 = !{!"tag"}
"#;
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").expect("parses");
    let words = spirvkit_spir::translate_to_words(&llvm, &aux_options(0x0001_0600, ""))
        .expect("translates");
    let restored = reverse_words(
        &words,
        &ReverseOptions {
            preserve_aux_data: true,
            ..Default::default()
        },
    )
    .expect("reverses");
    let ll = restored.to_ll(&spirvkit_llvm::WriteOptions::opaque());
    // Attributes: the string ones and the enum one.
    let reparsed = spirvkit_llvm::parse_text(&ll, "restored.ll").expect("restored text parses");
    let f = |name: &str| {
        let id = reparsed.function_by_name(name).expect(name);
        &reparsed.functions[id.0 as usize]
    };
    use spirvkit_llvm::Attribute;
    assert!(f("mul_add")
        .attrs
        .function
        .contains(&Attribute::Str("foo".into(), None)));
    let test_attrs = &f("test").attrs.function;
    assert!(
        test_attrs.contains(&Attribute::Str("bar".into(), Some("baz".into()))),
        "{ll}"
    );
    assert!(
        test_attrs.contains(&Attribute::Flag("nounwind".into())),
        "{ll}"
    );
    // Metadata: `!foo !{i32 5, !"five"}` on @test, `!gvmd !{!"tag"}` on @gv.
    let md = f("test").attachment("foo").expect("!foo restored");
    let ops = reparsed.node_operands(md);
    assert_eq!(ops.len(), 2, "{ll}");
    assert_eq!(reparsed.md_string(&ops[1]), Some(&b"five"[..]));
    assert!(ll.contains("!gvmd"), "{ll}");
    // Linkage.
    assert_eq!(
        f("inlinable").linkage,
        spirvkit_llvm::Linkage::AvailableExternally
    );
    let ext = reparsed.global_by_name("ext").expect("@ext");
    assert_eq!(
        reparsed.globals[ext.0 as usize].linkage,
        spirvkit_llvm::Linkage::AvailableExternally
    );
    // Without the option: none of it.
    let plain = reverse_words(&words, &ReverseOptions::default()).expect("reverses");
    let ll = plain.to_ll(&spirvkit_llvm::WriteOptions::opaque());
    assert!(
        !ll.contains("\"bar\"") && !ll.contains("!foo") && !ll.contains("available_externally"),
        "{ll}"
    );
}

/// Instruction metadata (`!amdgpu.no.fine.grained.memory !{}`) → InstructionMetadata (5)
/// records after the instruction's function, naming the instruction's result.
#[test]
fn instruction_metadata_are_instruction_metadata_records() {
    let src = r#"target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %ptr, i32 %x) {
  %add = atomicrmw add ptr addrspace(1) %ptr, i32 1 syncscope("device") monotonic, !amdgpu.no.fine.grained.memory !0, !amdgpu.no.remote.memory !0
  %sum = add i32 %x, 42, !foo !1
  store i32 %sum, ptr addrspace(1) %ptr, !bar !0
  ret void
}
!0 = !{}
!1 = !{!"first", i32 42}
"#;
    let m = translate_opts(src, &aux_options(0x0001_0600, "")).expect("translates");
    let records = rendered(&m);
    assert!(
        records.contains(&"5 @add \"amdgpu.no.fine.grained.memory\"".to_owned()),
        "{records:?}"
    );
    assert!(
        records.contains(&"5 @add \"amdgpu.no.remote.memory\"".to_owned()),
        "{records:?}"
    );
    assert!(
        records.contains(&"5 @sum \"foo\" \"first\" 42".to_owned()),
        "{records:?}"
    );
    // A store has no result to name.
    assert!(
        !records.iter().any(|r| r.contains("\"bar\"")),
        "{records:?}"
    );
    // The records follow the function whose values they name.
    let last = m.functions.last().expect("function");
    assert_eq!(
        last.trailing
            .iter()
            .filter(|i| i.opcode == Op::ExtInst)
            .count(),
        3
    );
    spirv_val(&m, "auxdata_instruction_metadata");
    // Without the option: nothing.
    let plain = translate_opts(src, &TranslateOptions::default()).expect("translates");
    assert!(plain.functions.iter().all(|f| f.trailing.is_empty()));
}

/// Bodies translated on several threads write the same records as one thread.
#[test]
fn aux_data_records_are_the_same_when_functions_are_translated_in_parallel() {
    use spirvkit_spir::{translate_with_plan, ParallelPlan};
    let src = r#"target triple = "spir64-unknown-unknown"
@gv = addrspace(1) global i32 1, !gvmd !1
define spir_func i32 @a(i32 %x) #0 !foo !1 {
  %r = add i32 %x, 1, !bar !1
  ret i32 %r
}
define spir_func i32 @b(i32 %x) #1 {
  %r = mul i32 %x, 3, !baz !2
  %s = call spir_func i32 @a(i32 %r)
  ret i32 %s
}
define spir_kernel void @k(ptr addrspace(1) %p) {
  %v = load i32, ptr addrspace(1) @gv
  %w = call spir_func i32 @b(i32 %v)
  store i32 %w, ptr addrspace(1) %p
  ret void
}
attributes #0 = { nounwind "a"="1" }
attributes #1 = { "b" }
!1 = !{!"one"}
!2 = !{i32 7}
"#;
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").expect("parses");
    let opts = aux_options(0x0001_0600, "");
    let one = translate_with_plan(&llvm, &opts, ParallelPlan::SEQUENTIAL).expect("sequential");
    let many =
        translate_with_plan(&llvm, &opts, ParallelPlan::EVERY_FUNCTION_A_CHUNK).expect("parallel");
    let (mut r1, mut r2) = (rendered(&one), rendered(&many));
    r1.sort();
    r2.sort();
    assert_eq!(r1.len(), 7, "{r1:?}");
    assert_eq!(r1, r2);
    spirv_val(&many, "auxdata_parallel");
}

// --spirv-use-ocl-for-llvm-math-intrinsic=false: the saturating intrinsics in core SPIR-V.

/// Runs the one function of `m` (straight-line code, `width`-bit integer parameters) on
/// `(a, b)` by interpreting the instructions the emulation writes; the returned value.
fn run_straight_line(m: &Module, width: u32, a: u64, b: u64) -> u64 {
    let mask = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let signed = |v: u64| ((v << (64 - width)) as i64) >> (64 - width);
    let mut values: HashMap<Id, u64> = HashMap::new();
    let mut params = [a, b].into_iter();
    for inst in m.instructions() {
        let (Some(r), operands) = (inst.result_id, &inst.operands) else {
            if inst.opcode == Op::ReturnValue {
                return values[&id(&inst.operands[0])];
            }
            continue;
        };
        let arg = |i: usize| values[&id(&operands[i])];
        let value = match inst.opcode {
            Op::Constant => match operands[0] {
                Operand::Word(w) => u64::from(w) & mask,
                _ => unreachable!("a literal"),
            },
            Op::FunctionParameter => params.next().expect("two parameters"),
            Op::IAdd => arg(0).wrapping_add(arg(1)) & mask,
            Op::ISub => arg(0).wrapping_sub(arg(1)) & mask,
            Op::ULessThan => u64::from(arg(0) < arg(1)),
            Op::UGreaterThan => u64::from(arg(0) > arg(1)),
            Op::SLessThan => u64::from(signed(arg(0)) < signed(arg(1))),
            Op::SGreaterThan => u64::from(signed(arg(0)) > signed(arg(1))),
            Op::LogicalAnd => arg(0) & arg(1),
            Op::Select => {
                if arg(0) != 0 {
                    arg(1)
                } else {
                    arg(2)
                }
            }
            Op::ExtInst => panic!("an OpenCL.std instruction under the emulation"),
            _ => continue,
        };
        values.insert(r, value);
    }
    panic!("no OpReturnValue")
}

fn saturating_module(intrinsic: &str, ty: &str) -> String {
    format!(
        "target triple = \"spir64-unknown-unknown\"\n\
         define spir_func {ty} @f({ty} %a, {ty} %b) {{\n\
         entry:\n\
         \x20 %r = call {ty} @llvm.{intrinsic}.{ty}({ty} %a, {ty} %b)\n\
         \x20 ret {ty} %r\n\
         }}\n\
         declare {ty} @llvm.{intrinsic}.{ty}({ty}, {ty})\n"
    )
}

#[test]
fn saturating_intrinsics_are_emulated_exactly_without_opencl_std() {
    let opts = TranslateOptions {
        opencl_for_math_intrinsics: false,
        ..TranslateOptions::default()
    };
    type Reference = fn(u8, u8) -> u8;
    let cases: [(&str, Reference); 4] = [
        ("uadd.sat", |a, b| a.saturating_add(b)),
        ("usub.sat", |a, b| a.saturating_sub(b)),
        ("sadd.sat", |a, b| (a as i8).saturating_add(b as i8) as u8),
        ("ssub.sat", |a, b| (a as i8).saturating_sub(b as i8) as u8),
    ];
    for (intrinsic, reference) in cases {
        let m = translate_opts(&saturating_module(intrinsic, "i8"), &opts).expect("translated");
        assert!(
            !m.instructions().any(|i| i.opcode == Op::ExtInst),
            "{intrinsic}: no OpenCL.std instruction"
        );
        spirv_val(&m, &format!("sat_emulated_{intrinsic}"));
        // Every pair of 8-bit operands.
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let got = run_straight_line(&m, 8, u64::from(a), u64::from(b));
                assert_eq!(
                    got,
                    u64::from(reference(a, b)),
                    "llvm.{intrinsic}({a}, {b}) emulated"
                );
            }
        }
        // 32 bits at the edges.
        let m32 = translate_opts(&saturating_module(intrinsic, "i32"), &opts).expect("i32");
        let edges = [
            0u32,
            1,
            2,
            0x7fff_ffff,
            0x8000_0000,
            0x8000_0001,
            0xffff_fffe,
            u32::MAX,
        ];
        for &a in &edges {
            for &b in &edges {
                let expected = match intrinsic {
                    "uadd.sat" => a.saturating_add(b),
                    "usub.sat" => a.saturating_sub(b),
                    "sadd.sat" => (a as i32).saturating_add(b as i32) as u32,
                    _ => (a as i32).saturating_sub(b as i32) as u32,
                };
                let got = run_straight_line(&m32, 32, u64::from(a), u64::from(b));
                assert_eq!(
                    got,
                    u64::from(expected),
                    "llvm.{intrinsic}.i32({a:#x}, {b:#x})"
                );
            }
        }
    }
}

#[test]
fn saturating_intrinsics_stay_opencl_std_by_default() {
    let m = translate_opts(
        &saturating_module("sadd.sat", "i32"),
        &TranslateOptions::default(),
    )
    .expect("translated");
    assert!(m.instructions().any(|i| i.opcode == Op::ExtInst));
    assert!(!m.instructions().any(|i| i.opcode == Op::Select));
}
