//! Target extension types (LLVM ≥ 16, clang ≥ 17 for OpenCL C images, samplers, events):
//! each becomes the SPIR-V type it names, and the built-ins that take them still lower to their
//! instructions. `data/clang22_images_events.ll` is clang-22 `-O2` output for a small OpenCL C
//! 2.0 source (images of four kinds, samplers literal and passed, async copies and events).
//! Outputs are checked by spirv-val when the pinned SPIRV-Tools (`.venv`) is present.

use spirvkit_core::{Module, Operand};
use spirvkit_grammar::{Capability, Op};

const IMAGES_EVENTS: &str = include_str!("data/clang22_images_events.ll");

mod common;
use common::{spirv_val, translate_with};

fn count(m: &Module, op: Op) -> usize {
    m.instructions().filter(|i| i.opcode == op).count()
}

fn words(i: &spirvkit_core::Instruction) -> Vec<u32> {
    i.operands.iter().filter_map(Operand::word).collect()
}

#[test]
fn clang22_images_samplers_and_events_typed_and_untyped() {
    for (tag, ext) in [("typed", ""), ("untyped", "+SPV_KHR_untyped_pointers")] {
        let m = translate_with(IMAGES_EVENTS, ext).unwrap_or_else(|e| panic!("{tag}: {e}"));
        spirv_val(&m, &format!("images_events_{tag}"));
        // dim, depth, arrayed, ms, sampled, format, access of each image parameter.
        let mut images: Vec<Vec<u32>> = m
            .instructions()
            .filter(|i| i.opcode == Op::TypeImage)
            .map(words)
            .collect();
        images.sort();
        assert_eq!(
            images,
            vec![
                vec![1, 0, 0, 0, 0, 0, 0],
                vec![1, 0, 0, 0, 0, 0, 1],
                vec![2, 0, 0, 0, 0, 0, 2],
                vec![5, 0, 0, 0, 0, 0, 0],
            ],
            "{tag}"
        );
        assert_eq!(count(&m, Op::TypeSampler), 1, "{tag}");
        assert_eq!(count(&m, Op::TypeEvent), 1, "{tag}");
        assert_eq!(
            count(&m, Op::ConstantSampler),
            1,
            "{tag}: the literal sampler"
        );
        assert_eq!(count(&m, Op::ImageSampleExplicitLod), 2, "{tag}");
        assert_eq!(count(&m, Op::ImageRead), 2, "{tag}");
        assert_eq!(count(&m, Op::ImageWrite), 2, "{tag}");
        assert!(count(&m, Op::ImageQuerySize) >= 5, "{tag}");
        assert_eq!(count(&m, Op::ImageQueryOrder), 1, "{tag}");
        assert_eq!(count(&m, Op::ImageQueryFormat), 1, "{tag}");
        assert_eq!(count(&m, Op::GroupAsyncCopy), 2, "{tag}");
        assert_eq!(count(&m, Op::GroupWaitEvents), 1, "{tag}");
        let caps: Vec<u32> = m
            .instructions()
            .filter(|i| i.opcode == Op::Capability)
            .flat_map(words)
            .collect();
        for cap in [
            Capability::ImageBasic,
            Capability::ImageReadWrite,
            Capability::SampledBuffer,
            Capability::LiteralSampler,
        ] {
            assert!(caps.contains(&cap.0), "{tag}: {cap:?}");
        }
    }
}

const HEADER: &str = "target triple = \"spir64-unknown-unknown\"\n";

#[test]
fn every_spirv_handle_type_is_lowered() {
    let src = format!(
        "{HEADER}
declare void @use(target(\"spirv.Queue\"), target(\"spirv.DeviceEvent\"), target(\"spirv.ReserveId\"),
  target(\"spirv.Pipe\", 0), target(\"spirv.Pipe\", 1), target(\"spirv.SampledImage\", float, 1, 0, 0, 0, 1, 0, 0),
  target(\"opencl.image2d_wo_t\"), target(\"spirv.Image\", i32, 2, 0, 0, 0, 0, 0, 2))
define spir_kernel void @k(target(\"spirv.Pipe\", 0) %p) {{
  ret void
}}
define spir_func void @f(target(\"spirv.Queue\") %q, target(\"spirv.DeviceEvent\") %e, target(\"spirv.ReserveId\") %r,
  target(\"spirv.Pipe\", 1) %w, target(\"spirv.SampledImage\", float, 1, 0, 0, 0, 1, 0, 0) %si,
  target(\"opencl.image2d_wo_t\") %o, target(\"spirv.Image\", i32, 2, 0, 0, 0, 0, 0, 2) %v) {{
  ret void
}}
"
    );
    let m = translate_with(&src, "").unwrap_or_else(|e| panic!("{e}"));
    spirv_val(&m, "handles");
    assert_eq!(count(&m, Op::TypeQueue), 1);
    assert_eq!(count(&m, Op::TypeDeviceEvent), 1);
    assert_eq!(count(&m, Op::TypeReserveId), 1);
    assert_eq!(count(&m, Op::TypePipe), 2);
    assert_eq!(count(&m, Op::TypeSampledImage), 1);
    let images: Vec<Vec<u32>> = m
        .instructions()
        .filter(|i| i.opcode == Op::TypeImage)
        .map(words)
        .collect();
    assert!(images.contains(&vec![1, 0, 0, 0, 1, 0, 0]), "{images:?}");
    assert!(images.contains(&vec![1, 0, 0, 0, 0, 0, 1]), "{images:?}");
    assert!(images.contains(&vec![2, 0, 0, 0, 0, 0, 2]), "{images:?}");
}

#[test]
fn unknown_or_malformed_target_types_are_refused_by_name() {
    for (ty, expected) in [
        (
            "target(\"spirv.Frobnicator\", 3)",
            "target(\"spirv.Frobnicator\", 3)",
        ),
        (
            "target(\"spirv.Image\", void, 1, 0)",
            "7 integer parameters",
        ),
        (
            "target(\"spirv.Image\", void, 99, 0, 0, 0, 0, 0, 0)",
            "out of range",
        ),
        ("target(\"spirv.Pipe\")", "lacks integer parameter 1"),
    ] {
        let src = format!("{HEADER}define spir_func void @f({ty} %x) {{\n  ret void\n}}\n");
        let e = translate_with(&src, "").expect_err(ty);
        assert!(e.contains(expected) && e.contains("@f"), "{ty}: {e}");
    }
}

/// Hostile input: the clang-22 module with bytes replaced or lines dropped either fails with an
/// error or translates; never a panic.
#[test]
fn mutated_target_type_modules_never_panic() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let lines: Vec<&str> = IMAGES_EVENTS.lines().collect();
    let alphabet = b"0123456789(),\"% target spirv.Image Event Sampler void i32 ptr";
    for round in 0..400 {
        let text = if round % 2 == 0 {
            let drop = (next() % lines.len() as u64) as usize;
            lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != drop)
                .map(|(_, l)| *l)
                .collect::<Vec<_>>()
                .join("\n")
        } else {
            let mut bytes = IMAGES_EVENTS.as_bytes().to_vec();
            for _ in 0..1 + next() % 3 {
                let at = (next() % bytes.len() as u64) as usize;
                bytes[at] = alphabet[(next() % alphabet.len() as u64) as usize];
            }
            String::from_utf8_lossy(&bytes).into_owned()
        };
        for ext in ["", "+SPV_KHR_untyped_pointers"] {
            let _ = translate_with(&text, ext);
        }
    }
}
