//! Extension constructs finished in session 15 (helper ext15): the named sub-group size of
//! SPV_INTEL_subgroup_requirements, vector-compute global-variable attributes read from
//! bitcode, `i4` as OpTypeInt 4 under SPV_INTEL_int4. Each is checked with its extension
//! (the instruction, capability and extension emitted) and without it (what llvm-spirv
//! emits then); spirv-val 2025.5 checks every output whose enumerants it knows.

mod common;
use common::{capabilities, decorations_of, extensions, spirv_val, translate_with};
use spirvkit_core::{Instruction, Module, Operand};
use spirvkit_grammar::{Capability, ExecutionMode, Op};
use spirvkit_llvm::{ConstKind, ValueRef};
use spirvkit_spir::reverse::{reverse, ReverseOptions};

const HEADER: &str = "target datalayout = \"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64\"\ntarget triple = \"spir64-unknown-unknown\"\n";

fn words(i: &Instruction) -> Vec<u32> {
    i.operands.iter().filter_map(Operand::word).collect()
}

fn with_opcode(m: &Module, op: Op) -> Vec<&Instruction> {
    m.instructions().filter(|i| i.opcode == op).collect()
}

/// (mode, literals) of every OpExecutionMode.
fn execution_modes(m: &Module) -> Vec<Vec<u32>> {
    with_opcode(m, Op::ExecutionMode)
        .into_iter()
        .map(words)
        .collect()
}

/// A SYCL kernel asking for the primary sub-group size (written as size 0) and one asking
/// for 16 lanes.
const NAMED_SUB_GROUP_SIZE: &str = "
define spir_kernel void @primary() !intel_reqd_sub_group_size !0 {
entry:
  ret void
}
define spir_kernel void @sixteen() !intel_reqd_sub_group_size !1 {
entry:
  ret void
}
!0 = !{i32 0}
!1 = !{i32 16}
";

#[test]
fn sub_group_size_zero_is_the_primary_named_size_under_subgroup_requirements() {
    let src = format!("{HEADER}{NAMED_SUB_GROUP_SIZE}");
    let m = translate_with(&src, "+SPV_INTEL_subgroup_requirements").expect("translates");
    let modes = execution_modes(&m);
    // NamedSubgroupSizeINTEL PrimarySubgroupSizeINTEL, and no SubgroupSize 0 beside it.
    assert!(
        modes.contains(&vec![ExecutionMode::NamedSubgroupSizeINTEL.0, 0]),
        "{modes:?}"
    );
    assert!(
        !modes.contains(&vec![ExecutionMode::SubgroupSize.0, 0]),
        "{modes:?}"
    );
    // A real size stays SubgroupSize.
    assert!(
        modes.contains(&vec![ExecutionMode::SubgroupSize.0, 16]),
        "{modes:?}"
    );
    let caps = capabilities(&m);
    assert!(
        caps.contains(&Capability::SubgroupRequirementsINTEL.0),
        "{caps:?}"
    );
    assert!(extensions(&m).contains(&"SPV_INTEL_subgroup_requirements".to_owned()));
    // spirv-val 2025.5 does not know execution mode 6446; the rest is checked without it.
    let mut rest = m.clone();
    rest.globals.retain(|i| {
        let word = |n: usize| i.operands.get(n).and_then(Operand::word);
        let named_size = i.opcode == Op::ExecutionMode
            && word(1) == Some(ExecutionMode::NamedSubgroupSizeINTEL.0);
        let requirements =
            i.opcode == Op::Capability && word(0) == Some(Capability::SubgroupRequirementsINTEL.0);
        !named_size && !requirements && i.opcode != Op::Extension
    });
    spirv_val(&rest, "named_sub_group_size_without_6446");

    // The reverse translation gives `!intel_reqd_sub_group_size !{i32 0}` back.
    let back = reverse(m, &ReverseOptions::default()).expect("reverse translation");
    let kernel = back
        .functions
        .iter()
        .find(|f| f.name == "primary")
        .expect("kernel");
    let size = kernel
        .attachment("intel_reqd_sub_group_size")
        .expect("sub-group size kept");
    let values: Vec<u64> = back
        .node_operands(size)
        .iter()
        .filter_map(|o| back.md_value(o))
        .filter_map(|(_, v)| match v {
            ValueRef::Constant(c) => match back.constant(c).map(|c| &c.kind) {
                Some(ConstKind::Int(n)) => Some(*n),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(values, [0]);
}

#[test]
fn sub_group_size_zero_stays_subgroup_size_without_the_extension() {
    let src = format!("{HEADER}{NAMED_SUB_GROUP_SIZE}");
    let m = translate_with(&src, "").expect("translates");
    let modes = execution_modes(&m);
    assert!(
        modes.contains(&vec![ExecutionMode::SubgroupSize.0, 0]),
        "{modes:?}"
    );
    assert!(modes
        .iter()
        .all(|w| w[0] != ExecutionMode::NamedSubgroupSizeINTEL.0));
    assert!(!capabilities(&m).contains(&Capability::SubgroupRequirementsINTEL.0));
    assert!(extensions(&m).is_empty());
    spirv_val(&m, "sub_group_size_zero_plain");
}

/// (target, literals) of every OpDecorate with decoration `d`.
fn translate_module(m: &spirvkit_llvm::Module, extensions: &str) -> Module {
    let mut options = spirvkit_spir::TranslateOptions::default();
    options
        .apply_extension_list(extensions)
        .expect("known extensions");
    spirvkit_spir::translate(m, &options).unwrap_or_else(|e| panic!("{e}"))
}

/// The VC decorations of `common::VC_GLOBALS`' two variables, checked on a module read from bitcode.
fn check_vc_global_decorations(bitcode: &[u8], tag: &str) {
    use spirvkit_grammar::Decoration as D;
    let m = spirvkit_llvm::read_bitcode(bitcode, "vc_globals.bc").expect("bitcode reads");
    let g = &m.globals[m.global_by_name("g").expect("@g").0 as usize];
    assert!(
        g.attrs.iter().any(
            |a| matches!(a, spirvkit_llvm::Attribute::Str(k, None) if k == "VCGlobalVariable")
        ),
        "{tag}: {:?}",
        g.attrs
    );
    let spv = translate_module(&m, "+SPV_INTEL_vector_compute");
    assert_eq!(
        decorations_of(&spv, D::VectorComputeVariableINTEL).len(),
        2,
        "{tag}"
    );
    assert_eq!(decorations_of(&spv, D::Volatile).len(), 1, "{tag}");
    let mut offsets: Vec<u32> = decorations_of(&spv, D::GlobalVariableOffsetINTEL)
        .into_iter()
        .map(|(_, literals)| literals[0])
        .collect();
    offsets.sort_unstable();
    assert_eq!(offsets, [1, 16], "{tag}");
    assert!(capabilities(&spv).contains(&Capability::VectorComputeINTEL.0));
    // A VC module imports OpenCL.std though it calls no OpenCL built-in, as every module
    // llvm-spirv writes does (its transBuiltinSet; llvm-spirv-15 on a `VCFunction` kernel).
    assert_eq!(with_opcode(&spv, Op::ExtInstImport).len(), 1, "{tag}");
    spirv_val(&spv, tag);
    // Without the extension the attributes are dropped, as llvm-spirv drops them.
    let plain = translate_module(&m, "");
    assert!(decorations_of(&plain, D::VectorComputeVariableINTEL).is_empty());
    assert!(extensions(&plain).is_empty());
}

#[test]
fn vector_compute_global_attributes_from_our_bitcode() {
    let text = spirvkit_llvm::parse_text(common::VC_GLOBALS, "vc_globals.ll").expect("parses");
    let bitcode = spirvkit_llvm::write_bitcode(&text, "vc_globals.bc").expect("writes bitcode");
    check_vc_global_decorations(&bitcode, "vc_globals_our_bitcode");
    // The text writer keeps the attribute group too.
    let printed = text.to_ll(&spirvkit_llvm::WriteOptions::opaque());
    let again = spirvkit_llvm::parse_text(&printed, "again.ll").expect("printed text parses");
    let g = &again.globals[again.global_by_name("p").expect("@p").0 as usize];
    assert_eq!(g.attrs.len(), 3, "{printed}");
}

#[test]
fn vector_compute_global_attributes_from_llvm_as_bitcode() {
    let Ok(dir) = std::env::temp_dir().canonicalize() else {
        return;
    };
    let input = dir.join(format!("ext15_vc_globals_{}.ll", std::process::id()));
    let output = input.with_extension("bc");
    std::fs::write(&input, common::VC_GLOBALS).expect("write input");
    let assembled = std::process::Command::new("llvm-as-22")
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .status();
    let _ = std::fs::remove_file(&input);
    match assembled {
        Ok(status) if status.success() => {}
        _ => {
            eprintln!("note: llvm-as-22 not available; checked with our writer only");
            return;
        }
    }
    let bitcode = std::fs::read(&output).expect("read bitcode");
    let _ = std::fs::remove_file(&output);
    check_vc_global_decorations(&bitcode, "vc_globals_llvm_as_22");
}

/// `i4` values outside any conversion: a private variable, arithmetic, a call and a
/// 4-bit-integer vector.
const INT4_VALUES: &str = r#"
define spir_kernel void @foo() {
entry:
  %0 = alloca i4
  store i4 1, ptr %0
  %1 = load i4, ptr %0
  %2 = add i4 %1, 7
  call spir_func void @boo(i4 %2)
  %v = insertelement <2 x i4> zeroinitializer, i4 %2, i32 1
  call spir_func void @vec(<2 x i4> %v)
  ret void
}
declare spir_func void @boo(i4)
declare spir_func void @vec(<2 x i4>)
"#;

/// The OpTypeInt of `width` bits, if the module has one.
fn int_type(m: &Module, width: u32) -> Option<spirvkit_core::Id> {
    with_opcode(m, Op::TypeInt)
        .into_iter()
        .find(|i| i.operands.first().and_then(Operand::word) == Some(width))
        .and_then(|i| i.result_id)
}

/// The module with its 4-bit integer type declared 16 bits wide (Int16 for Int4TypeINTEL, no
/// SPV_INTEL_int4): spirv-val 2025.5 rejects OpTypeInt 4, so the rest of the module is
/// checked this way (the test modules have no 16-bit integer of their own).
fn int4_as_int16(m: &Module) -> Module {
    let mut rest = m.clone();
    rest.globals.retain(|i| {
        !(i.opcode == Op::Extension
            && matches!(i.operands.first(), Some(Operand::String(s)) if s.as_ref() == "SPV_INTEL_int4"))
    });
    for i in &mut rest.globals {
        match i.opcode {
            Op::TypeInt if i.operands.first().and_then(Operand::word) == Some(4) => {
                i.operands[0] = Operand::Word(16);
            }
            Op::Capability
                if i.operands.first().and_then(Operand::word)
                    == Some(Capability::Int4TypeINTEL.0) =>
            {
                i.operands[0] = Operand::Word(Capability::Int16.0);
            }
            _ => {}
        }
    }
    rest
}

#[test]
fn i4_is_a_4_bit_integer_type_under_spv_intel_int4() {
    let src = format!("{HEADER}{INT4_VALUES}");
    let m = translate_with(&src, "+SPV_INTEL_int4").expect("translates");
    let int4 = int_type(&m, 4).expect("OpTypeInt 4");
    let type_int = with_opcode(&m, Op::TypeInt)
        .into_iter()
        .find(|i| i.result_id == Some(int4))
        .map(words);
    assert_eq!(type_int, Some(vec![4, 0]), "unsigned 4-bit integer");
    assert!(capabilities(&m).contains(&Capability::Int4TypeINTEL.0));
    assert!(extensions(&m).contains(&"SPV_INTEL_int4".to_owned()));
    // The value itself is 4-bit: the constant, the variable's pointee, the add and the call's
    // parameter all use OpTypeInt 4, and nothing converts to or from a wider carrier.
    let defs = common::defs(&m);
    let add = with_opcode(&m, Op::IAdd)[0];
    assert_eq!(add.result_type, Some(int4));
    assert!(add
        .operands
        .iter()
        .all(|o| defs[&common::id(o)].result_type == Some(int4)));
    assert!(with_opcode(&m, Op::UConvert).is_empty());
    assert!(with_opcode(&m, Op::SConvert).is_empty());
    let vector = with_opcode(&m, Op::TypeVector)
        .into_iter()
        .any(|v| v.operands.first().map(common::id) == Some(int4));
    assert!(vector, "<2 x i4> is a vector of the 4-bit integer");
    // spirv-val 2025.5 rejects OpTypeInt 4 ("Invalid number of bits"); the rest validates.
    if let Some((accepted, stderr)) = common::run_spirv_val(&m, "test-target-types", "int4_full") {
        assert!(!accepted && stderr.contains("bits"), "{stderr}");
    }
    assert!(int_type(&m, 16).is_none());
    spirv_val(&int4_as_int16(&m), "int4_values_as_int16");
}

#[test]
fn i4_is_widened_to_i8_without_spv_intel_int4() {
    let src = format!("{HEADER}{INT4_VALUES}");
    let m = translate_with(&src, "").expect("translates");
    assert_eq!(int_type(&m, 4), None);
    assert!(int_type(&m, 8).is_some());
    assert!(!capabilities(&m).contains(&Capability::Int4TypeINTEL.0));
    assert!(extensions(&m).is_empty());
    spirv_val(&m, "int4_values_widened");
    // With both SPV_INTEL_int4 and an arbitrary-precision extension, int4 is asked first (as
    // llvm-spirv does): Int4TypeINTEL, not ArbitraryPrecisionIntegers.
    let both = translate_with(
        &src,
        "+SPV_INTEL_int4,+SPV_INTEL_arbitrary_precision_integers",
    )
    .expect("translates");
    assert!(capabilities(&both).contains(&Capability::Int4TypeINTEL.0));
    assert!(!capabilities(&both).contains(&Capability::ArbitraryPrecisionIntegersALTERA.0));
}

/// A cooperative matrix of 4-bit integers built from an `i4` (llvm-spirv's SPV_INTEL_int4
/// cooperative-matrix form, SPIR-V friendly IR).
const INT4_MATRIX: &str = r#"
define spir_kernel void @foo() {
entry:
  %m = tail call spir_func target("spirv.CooperativeMatrixKHR", i4, 3, 12, 12, 2) @_Z26__spirv_CompositeConstructa(i4 0)
  ret void
}
declare spir_func target("spirv.CooperativeMatrixKHR", i4, 3, 12, 12, 2) @_Z26__spirv_CompositeConstructa(i4)
"#;

#[test]
fn cooperative_matrix_of_i4_needs_int4_cooperative_matrix() {
    let src = format!("{HEADER}{INT4_MATRIX}");
    let m =
        translate_with(&src, "+SPV_KHR_cooperative_matrix,+SPV_INTEL_int4").expect("translates");
    let int4 = int_type(&m, 4).expect("OpTypeInt 4");
    let matrix = with_opcode(&m, Op::TypeCooperativeMatrixKHR);
    assert_eq!(matrix.len(), 1);
    assert_eq!(matrix[0].operands.first().map(common::id), Some(int4));
    let caps = capabilities(&m);
    for c in [
        Capability::Int4TypeINTEL,
        Capability::CooperativeMatrixKHR,
        Capability::Int4CooperativeMatrixINTEL,
    ] {
        assert!(caps.contains(&c.0), "{c:?} in {caps:?}");
    }
    let construct = with_opcode(&m, Op::CompositeConstruct);
    assert_eq!(construct[0].result_type, matrix[0].result_id);
    // Without SPV_INTEL_int4 the component is widened to 8 bits and the module validates.
    let plain = translate_with(&src, "+SPV_KHR_cooperative_matrix").expect("translates");
    assert_eq!(int_type(&plain, 4), None);
    assert!(!capabilities(&plain).contains(&Capability::Int4CooperativeMatrixINTEL.0));
    spirv_val(&plain, "int4_matrix_widened");
}

/// `__builtin_spirv_ConvertFP16ToInt4INTEL` on an `i4` result once SPV_INTEL_int4 gives `i4`
/// its own type: the conversion defines the result, with no carrier round trip.
#[test]
fn conversion_to_int4_yields_the_4_bit_value_itself() {
    let src = format!(
        "{HEADER}{}",
        r#"
define spir_func i4 @to_int4(half %h) {
entry:
  %0 = call spir_func i4 @_Z38__builtin_spirv_ConvertFP16ToInt4INTELDh(half %h)
  ret i4 %0
}
declare spir_func i4 @_Z38__builtin_spirv_ConvertFP16ToInt4INTELDh(half)
"#
    );
    let m = translate_with(&src, "+SPV_INTEL_int4").expect("translates");
    let int4 = int_type(&m, 4).expect("OpTypeInt 4");
    let convert = with_opcode(&m, Op::ConvertFToS);
    assert_eq!(convert.len(), 1);
    assert_eq!(convert[0].result_type, Some(int4));
    assert!(
        with_opcode(&m, Op::Bitcast).is_empty(),
        "no same-type OpBitcast"
    );
    assert!(with_opcode(&m, Op::UConvert).is_empty());
    let ret = with_opcode(&m, Op::ReturnValue);
    assert_eq!(
        ret[0].operands.first().map(common::id),
        convert[0].result_id
    );
    spirv_val(&int4_as_int16(&m), "int4_conversion_as_int16");
}
