//! Disassembler output against spirv-dis 2025.5 output for the same binaries, per option.

mod common;
use common::{text, words};
use spirvkit_text::{disassemble, DisassembleOptions};

fn dis(name: &str, opts: DisassembleOptions) -> String {
    disassemble(&words(name), &opts).expect("disassembles")
}

#[test]
fn default_output_names_numbers_strings_masks_extinst() {
    assert_eq!(
        dis("syntax.spv", DisassembleOptions::default()),
        text("syntax.dis")
    );
}

#[test]
fn raw_id() {
    assert_eq!(
        dis(
            "syntax.spv",
            DisassembleOptions {
                raw_id: true,
                ..Default::default()
            }
        ),
        text("syntax.raw.dis")
    );
}

#[test]
fn no_header() {
    assert_eq!(
        dis(
            "cf.spv",
            DisassembleOptions {
                no_header: true,
                ..Default::default()
            }
        ),
        text("cf.no-header.dis")
    );
}

#[test]
fn no_indent() {
    assert_eq!(
        dis(
            "cf.spv",
            DisassembleOptions {
                no_indent: true,
                ..Default::default()
            }
        ),
        text("cf.no-indent.dis")
    );
}

#[test]
fn offsets() {
    assert_eq!(
        dis(
            "cf.spv",
            DisassembleOptions {
                offsets: true,
                ..Default::default()
            }
        ),
        text("cf.offsets.dis")
    );
}

#[test]
fn comment() {
    assert_eq!(
        dis(
            "cf.spv",
            DisassembleOptions {
                comment: true,
                ..Default::default()
            }
        ),
        text("cf.comment.dis")
    );
}

#[test]
fn nested_indent() {
    assert_eq!(
        dis(
            "cf.spv",
            DisassembleOptions {
                nested_indent: true,
                ..Default::default()
            }
        ),
        text("cf.nested-indent.dis")
    );
}

#[test]
fn reorder_blocks() {
    assert_eq!(
        dis(
            "cf.spv",
            DisassembleOptions {
                reorder_blocks: true,
                ..Default::default()
            }
        ),
        text("cf.reorder-blocks.dis")
    );
}

#[test]
fn all_layout_options_together() {
    let opts = DisassembleOptions {
        nested_indent: true,
        reorder_blocks: true,
        comment: true,
        offsets: true,
        ..Default::default()
    };
    assert_eq!(dis("cf.spv", opts), text("cf.all.dis"));
}

/// Builds a module where `n` functions and their parameters are all named "x".
fn many_x(n: u32) -> Vec<u32> {
    let mut src = String::from(
        "OpCapability Addresses\nOpCapability Kernel\nOpCapability Linkage\nOpMemoryModel Physical64 OpenCL\n",
    );
    for i in 0..n {
        src.push_str(&format!("OpName %f{i} \"x\"\nOpName %p{i} \"x\"\n"));
    }
    src.push_str("%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%fn = OpTypeFunction %void %uint\n");
    for i in 0..n {
        src.push_str(&format!(
            "%f{i} = OpFunction %void None %fn\n%p{i} = OpFunctionParameter %uint\n%l{i} = OpLabel\nOpReturn\nOpFunctionEnd\n"
        ));
    }
    spirvkit_text::assemble(&src, &Default::default()).expect("assembles")
}

#[test]
fn name_collisions_get_suffixes_in_order() {
    let t = disassemble(&many_x(3), &DisassembleOptions::default()).unwrap();
    for (i, want) in [
        "OpName %x \"x\"",
        "OpName %x_0 \"x\"",
        "OpName %x_1 \"x\"",
        "OpName %x_2 \"x\"",
    ]
    .iter()
    .enumerate()
    {
        assert!(t.contains(want), "missing {want} ({i})\n{t}");
    }
    assert!(t.contains("%x_4 = OpFunction"), "{t}");
}

#[test]
fn name_collisions_are_linear() {
    // 40 000 ids named "x": the reference's restart-from-_0 search would do ~8e8 probes.
    let words = many_x(20_000);
    let start = std::time::Instant::now();
    let t = disassemble(&words, &DisassembleOptions::default()).unwrap();
    assert!(t.contains("%x_39998 = OpFunctionParameter"));
    assert!(
        start.elapsed().as_secs_f64() < 5.0,
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn unknown_opcode_is_an_error_not_a_panic() {
    let w = [0x0723_0203, 0x0001_0000, 0, 5, 0, (1 << 16) | 9999];
    let e = disassemble(&w, &DisassembleOptions::default()).unwrap_err();
    assert!(e.to_string().contains("Invalid opcode: 9999"), "{e}");
}

#[test]
fn truncated_instruction_is_an_error() {
    let w = [0x0723_0203, 0x0001_0000, 0, 5, 0, (4 << 16) | 17, 1];
    assert!(disassemble(&w, &DisassembleOptions::default()).is_err());
}

#[test]
fn header_generator_names() {
    let mut w = vec![0x0723_0203, 0x0001_0200, 0x0008_000b, 1, 0];
    let t = disassemble(&w, &DisassembleOptions::default()).unwrap();
    assert_eq!(t, "; SPIR-V\n; Version: 1.2\n; Generator: Khronos Glslang Reference Front End; 11\n; Bound: 1\n; Schema: 0\n");
    w[2] = 0x0099_0001;
    let t = disassemble(&w, &DisassembleOptions::default()).unwrap();
    assert!(t.contains("; Generator: Unknown(153); 1\n"));
}
