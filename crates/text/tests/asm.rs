//! Assembler output against spirv-as 2025.5 output for the same sources.

mod common;
use common::{text, words};
use spirvkit_text::{assemble, disassemble, AssembleOptions, DisassembleOptions, TargetEnv};

#[test]
fn syntax_elements_assemble_byte_identically() {
    // Named and numeric ids, hex/octal/negative/64-bit integers, decimal and hex floats of
    // 16/32/64 bits, escaped strings, enumerants, masks, OpExtInst, OpSpecConstantOp,
    // optional operands, OpSwitch with a 64-bit selector, comments, `; Version: 1.3`.
    let got = assemble(&text("syntax.spvasm"), &AssembleOptions::default()).unwrap();
    assert_eq!(got, words("syntax.spv"));
}

#[test]
fn control_flow_module_assembles_byte_identically() {
    let got = assemble(&text("cf.spvasm"), &AssembleOptions::default()).unwrap();
    assert_eq!(got, words("cf.spv"));
}

#[test]
fn target_env_sets_the_version() {
    let src = "; Version: 1.2\nOpCapability Shader\nOpMemoryModel Logical GLSL450\n";
    let v = |env: Option<&str>| {
        let opts = AssembleOptions {
            target_env: env.map(|e| TargetEnv::parse(e).unwrap()),
            ..Default::default()
        };
        assemble(src, &opts).unwrap()[1]
    };
    assert_eq!(v(None), 0x0001_0200);
    for (env, want) in [
        ("vulkan1.0", 0x0001_0000),
        ("vulkan1.1", 0x0001_0300),
        ("vulkan1.1spv1.4", 0x0001_0400),
        ("vulkan1.2", 0x0001_0500),
        ("vulkan1.3", 0x0001_0600),
        ("vulkan1.4", 0x0001_0600),
        ("spv1.4", 0x0001_0400),
        ("opencl2.1", 0x0001_0000),
        ("opencl2.2embedded", 0x0001_0200),
        ("opengl4.5", 0x0001_0000),
    ] {
        assert_eq!(v(Some(env)), want, "{env}");
    }
    for name in spirvkit_text::asm::TARGET_ENV_NAMES {
        assert!(TargetEnv::parse(name).is_some(), "{name}");
    }
    assert!(TargetEnv::parse("universal1.0").is_none());
    // Without a version comment at the top: 1.6.
    assert_eq!(
        assemble("OpCapability Shader\n; Version: 1.1\n", &Default::default()).unwrap()[1],
        0x0001_0600
    );
}

#[test]
fn ids_numbered_by_first_appearance_and_bound() {
    let w = assemble(
        "%b = OpTypeVoid\n%a = OpTypeFunction %b\n%12 = OpTypeBool\n",
        &Default::default(),
    )
    .unwrap();
    assert_eq!(w[3], 4);
    assert_eq!(
        &w[5..],
        &[0x0002_0013, 1, 0x0003_0021, 2, 1, 0x0002_0014, 3]
    );
}

#[test]
fn preserve_numeric_ids() {
    let opts = AssembleOptions {
        preserve_numeric_ids: true,
        ..Default::default()
    };
    let w = assemble(
        "%b = OpTypeVoid\n%a = OpTypeFunction %b\n%2 = OpTypeBool\n%010 = OpTypeInt 32 0\n",
        &opts,
    )
    .unwrap();
    // %2 and %010 (octal 8) keep their numbers; %b, %a fill 1 and 3.
    assert_eq!(w[3], 9);
    assert_eq!(
        &w[5..],
        &[
            0x0002_0013,
            1,
            0x0003_0021,
            3,
            1,
            0x0002_0014,
            2,
            0x0004_0015,
            8,
            32,
            0
        ]
    );
}

#[test]
fn raw_words() {
    let w = assemble("!0x00020011 !1\nOpCapability !6\n", &Default::default()).unwrap();
    assert_eq!(&w[5..], &[0x0002_0011, 1, 0x0002_0011, 6]);
}

#[test]
fn round_trip_raw_ids() {
    let w = words("syntax.spv");
    let t = disassemble(
        &w,
        &DisassembleOptions {
            raw_id: true,
            ..Default::default()
        },
    )
    .unwrap();
    let back = assemble(
        &t,
        &AssembleOptions {
            preserve_numeric_ids: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(back, w);
}

#[test]
fn round_trip_friendly_names() {
    let w = words("cf.spv");
    let t = disassemble(&w, &DisassembleOptions::default()).unwrap();
    assert_eq!(assemble(&t, &AssembleOptions::default()).unwrap(), w);
}

#[test]
fn error_display_has_line_and_column() {
    let e = assemble(
        "OpCapability Shader\n  OpCapability Bogus\n",
        &Default::default(),
    )
    .unwrap_err();
    assert_eq!((e.line, e.column), (2, 16));
    assert_eq!(e.to_string(), "2:16: Invalid capability 'Bogus'.");
}

#[test]
fn op_unknown() {
    let w = assemble(
        "%1 = OpTypeInt 32 0\nOpUnknown(9999, 3) %1 0\n",
        &Default::default(),
    )
    .unwrap();
    assert_eq!(&w[5..], &[0x0004_0015, 1, 32, 0, 0x0003_270f, 1, 0]);
    let w = assemble(
        "OpUnknown(9999, 4) %a 1.5 \"ab\"\nOpUnknown( 0x11 , 2 ) !5\n",
        &Default::default(),
    )
    .unwrap();
    assert_eq!(
        &w[5..],
        &[0x0004_270f, 1, 0x3fc0_0000, 0x6261, 0x0002_0011, 5]
    );
}

/// Integer literals wider than 64 bits (OpTypeInt 128 / 72 of the arbitrary-precision
/// integer extensions): words low first, hexadecimal of any length or decimal within 128
/// bits; the disassembler prints them back in hexadecimal (spirv-dis prints nothing).
#[test]
fn wide_integer_literals_assemble_and_print_back() {
    let src = "OpCapability Kernel\nOpCapability Addresses\nOpCapability ArbitraryPrecisionIntegersINTEL\n\
               OpExtension \"SPV_INTEL_arbitrary_precision_integers\"\n\
               OpMemoryModel Physical64 OpenCL\n\
               %u128 = OpTypeInt 128 0\n%s128 = OpTypeInt 128 1\n%u72 = OpTypeInt 72 0\n%s72 = OpTypeInt 72 1\n\
               %a = OpConstant %u128 0x10000000000000000\n\
               %b = OpConstant %u128 340282366920938463463374607431768211455\n\
               %c = OpConstant %s128 -2\n\
               %d = OpConstant %u72 0xff0000000000000001\n\
               %e = OpConstant %s72 -1\n\
               %f = OpConstant %s72 0x800000000000000000\n";
    let words = assemble(src, &AssembleOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let constants: Vec<Vec<u32>> = spirvkit_core::Module::from_words(&words)
        .unwrap_or_else(|e| panic!("{e}"))
        .instructions()
        .filter(|i| i.opcode == spirvkit_grammar::Op::Constant)
        .map(|i| {
            i.operands
                .iter()
                .filter_map(spirvkit_core::Operand::word)
                .collect()
        })
        .collect();
    assert_eq!(
        constants,
        vec![
            vec![0, 0, 1, 0],
            vec![u32::MAX; 4],
            vec![u32::MAX - 1, u32::MAX, u32::MAX, u32::MAX],
            vec![1, 0, 0xff],
            vec![u32::MAX; 3],
            // The sign bit of a signed 72-bit value fills the rest of its last word.
            vec![0, 0, 0xffff_ff80],
        ]
    );
    let text =
        disassemble(&words, &DisassembleOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        text.contains("OpConstant %u128 0x10000000000000000"),
        "{text}"
    );
    // A signed value prints its 72 bits; the fill above them is implied.
    assert!(
        text.contains("OpConstant %i72 0xffffffffffffffffff\n"),
        "{text}"
    );
    assert!(
        text.contains("0xffffffffffffffffffffffffffffffff"),
        "{text}"
    );
    let again =
        assemble(&text, &AssembleOptions::default()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again[5..], words[5..], "{text}");
    for (bad, why) in [
        ("%x = OpConstant %u72 0x1000000000000000000", "does not fit"),
        (
            "%x = OpConstant %u72 4722366482869645213696",
            "does not fit",
        ),
        ("%x = OpConstant %u128 -1", "negative"),
    ] {
        let err = assemble(&format!("{src}{bad}\n"), &AssembleOptions::default())
            .expect_err(bad)
            .to_string();
        assert!(err.to_lowercase().contains(why), "{bad}: {err}");
    }
}

#[test]
fn fuse_loops_in_function_takes_depth_and_independent() {
    // SPV_INTEL_loop_fuse gives the decoration two literals; SPIRV-Headers 1.4.335 lists none
    // (`grammar::parameter_forms`). What llvm-spirv writes for `!loop_fuse` must read back.
    let src = "OpCapability Kernel\nOpCapability Linkage\nOpCapability LoopFuseINTEL\n\
               OpExtension \"SPV_INTEL_loop_fuse\"\nOpMemoryModel Physical64 OpenCL\n\
               OpDecorate %f FuseLoopsInFunctionINTEL 3 1\n%void = OpTypeVoid\n\
               %fn = OpTypeFunction %void\n%f = OpFunction %void None %fn\n%l = OpLabel\n\
               OpReturn\nOpFunctionEnd\n";
    let words = assemble(src, &AssembleOptions::default()).expect("assembles");
    let decorate = words[5..]
        .windows(5)
        .find(|w| w[0] == (5 << 16) | 71)
        .expect("a five-word OpDecorate");
    assert_eq!(&decorate[2..], &[5907, 3, 1]);
    let text = disassemble(&words, &DisassembleOptions::default()).expect("disassembles");
    assert!(text.contains("FuseLoopsInFunctionALTERA 3 1\n"), "{text}");
    // Depth alone is one operand short.
    let short = assemble(
        &src.replace("FuseLoopsInFunctionINTEL 3 1", "FuseLoopsInFunctionINTEL 3"),
        &AssembleOptions::default(),
    );
    assert!(short.is_err(), "{short:?}");
}
