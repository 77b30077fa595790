//! Bitcode reader tests on a small self-made module, plus hostile input:
//! truncated, bit-flipped and random bytes must give errors, never panics.

use spirvkit_llvm::*;

const KERNEL_BC: &[u8] = include_bytes!("data/kernel.bc");

#[test]
fn reads_small_module_and_resolves_kernels() {
    let m = read_bitcode(KERNEL_BC, "kernel.bc").expect("reads");
    assert_eq!(m.triple.as_deref(), Some("spir64-unknown-unknown"));
    let kernels = m.opencl_kernels();
    assert_eq!(kernels.len(), 1);
    let (fid, node) = kernels[0];
    let f = m.function(fid).expect("kernel function");
    assert_eq!(f.name, "k");
    assert_eq!(f.cc, CallingConv::SPIR_KERNEL);
    assert_eq!(m.node_operands(node).len(), 2);
    assert!(f.attachment("kernel_arg_addr_space").is_some());
    assert_eq!(f.args.len(), 3);
    assert_eq!(f.args[0].name.as_deref(), Some("s"));
    // Every instruction operand resolves to a typed value.
    for inst in &f.insts {
        for op in inst.kind.operands() {
            assert!(!matches!(op, ValueRef::Unresolved(_)));
            assert!(m.value_type_in(f, op).is_some(), "{op:?}");
        }
    }
    let ll = m.to_ll(&WriteOptions::default());
    assert!(ll.contains("define spir_kernel void @k(%struct.S addrspace(1)* nocapture %s"));
    assert!(ll.contains("atomicrmw add i32 addrspace(1)*"));
    let opaque = m.to_ll(&WriteOptions::opaque());
    assert!(opaque.contains("define spir_kernel void @k(ptr addrspace(1) nocapture %s"));
    assert!(!opaque.contains("i32*"));
}

#[test]
fn wrapper_header_is_accepted() {
    let mut wrapped = Vec::new();
    for w in [0x0B17_C0DEu32, 0, 20, KERNEL_BC.len() as u32, 0] {
        wrapped.extend_from_slice(&w.to_le_bytes());
    }
    wrapped.extend_from_slice(KERNEL_BC);
    let m = read_bitcode(&wrapped, "wrapped.bc").expect("reads wrapped");
    assert_eq!(m.functions.len(), 2);
}

#[test]
fn bad_magic_is_an_error_with_offset() {
    let err = read_bitcode(b"not bitcode at all", "x.bc").unwrap_err();
    let text = err.to_string();
    assert!(text.contains("x.bc"), "{text}");
    assert!(text.contains("magic"), "{text}");
}

#[test]
fn truncated_input_never_panics() {
    for len in 0..KERNEL_BC.len() {
        let r = read_bitcode(&KERNEL_BC[..len], "t.bc");
        if len < KERNEL_BC.len() - 4 {
            assert!(r.is_err(), "truncated at {len} accepted");
        }
    }
}

/// xorshift, so the test is deterministic without a dependency.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn bit_flips_never_panic() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..3000 {
        let mut data = KERNEL_BC.to_vec();
        for _ in 0..1 + next(&mut state) % 4 {
            let bit = (next(&mut state) % (data.len() as u64 * 8)) as usize;
            data[bit / 8] ^= 1 << (bit % 8);
        }
        if let Ok(m) = read_bitcode(&data, "flip.bc") {
            // Whatever was accepted must also print.
            let _ = m.to_ll(&WriteOptions::default());
        }
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut state = 12345u64;
    for round in 0..500 {
        let len = (next(&mut state) % 512) as usize;
        let mut data: Vec<u8> = (0..len).map(|_| next(&mut state) as u8).collect();
        if round % 2 == 0 && data.len() >= 4 {
            data[..4].copy_from_slice(b"BC\xC0\xDE");
        }
        let _ = read_bitcode(&data, "random.bc");
    }
}

#[test]
fn error_names_block_and_record() {
    // Corrupt the module's VERSION record area until an error mentions a block.
    let mut seen = false;
    let mut state = 7u64;
    for _ in 0..2000 {
        let mut data = KERNEL_BC.to_vec();
        let bit = 64 + (next(&mut state) % ((data.len() as u64 - 8) * 8)) as usize;
        data[bit / 8] ^= 1 << (bit % 8);
        if let Err(LlvmError::Bitcode { block, .. }) = read_bitcode(&data, "e.bc") {
            if block != "top level" {
                seen = true;
                break;
            }
        }
    }
    assert!(seen);
}

#[test]
fn read_file_dispatches_on_content() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let from_bc = read_file(&dir.join("kernel.bc")).expect("bitcode");
    let from_ll = read_file(&dir.join("kernel.ll")).expect("text");
    assert_eq!(from_bc.functions.len(), from_ll.functions.len());
    for (a, b) in from_bc.functions.iter().zip(&from_ll.functions) {
        assert_eq!(a.name, b.name);
        assert_eq!(a.insts.len(), b.insts.len(), "{}", a.name);
        assert_eq!(a.blocks.len(), b.blocks.len(), "{}", a.name);
    }
    let err = read_file(&dir.join("missing.bc")).unwrap_err();
    assert!(matches!(err, LlvmError::Io { .. }));
}

#[test]
fn metadata_call_arguments_in_modern_bitcode() {
    let bc = include_bytes!("data/intrinsic_metadata.bc");
    let m = read_bitcode(bc, "intrinsic_metadata.bc").expect("reads");
    let f = &m.functions[0];
    let InstKind::Call { args, .. } = &f.insts[0].kind else {
        panic!("expected a call");
    };
    let ValueRef::Metadata(md) = args[2] else {
        panic!("expected a metadata argument, got {:?}", args[2]);
    };
    assert_eq!(
        m.metadata(md),
        Some(&Metadata::String(b"round.dynamic".to_vec()))
    );
    let ll = m.to_ll(&WriteOptions::default());
    assert!(ll.contains("metadata !\"round.dynamic\", metadata !\"fpexcept.strict\""));
}
