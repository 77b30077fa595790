//! LLVM 16–22 constructs (issue 18): target extension types, debug records, `splat`, GEP
//! `nuw`/`inrange`, `samesign`, `nneg`, `disjoint`, `trunc nuw nsw`, `captures(...)`,
//! `initializes`, `range`, `nofpclass`, `memory(...)`. `data/modern22.ll` is hand-written;
//! `data/modern22.bc` is `llvm-as-22` of it.

use spirvkit_llvm::*;

const MODERN_LL: &str = include_str!("data/modern22.ll");
const MODERN_BC: &[u8] = include_bytes!("data/modern22.bc");

fn target_types(m: &Module) -> Vec<(String, usize, Vec<u32>)> {
    let mut v: Vec<(String, usize, Vec<u32>)> = m
        .types
        .iter()
        .filter_map(|(id, _)| m.types.target_ext(id))
        .map(|(name, types, ints)| (name.to_owned(), types.len(), ints.to_vec()))
        .collect();
    v.sort();
    v
}

fn expected_target_types() -> Vec<(String, usize, Vec<u32>)> {
    vec![
        ("spirv.Event".into(), 0, vec![]),
        ("spirv.Image".into(), 1, vec![1, 0, 0, 0, 0, 0, 0]),
        ("spirv.Pipe".into(), 0, vec![0]),
        ("spirv.Sampler".into(), 0, vec![]),
    ]
}

#[test]
fn target_extension_types_from_bitcode_and_text() {
    let bc = read_bitcode(MODERN_BC, "modern22.bc").unwrap_or_else(|e| panic!("{e}"));
    let ll = parse_text(MODERN_LL, "modern22.ll").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(target_types(&bc), expected_target_types());
    assert_eq!(target_types(&ll), expected_target_types());
    // The kernel's parameters are the target types, in order.
    for m in [&bc, &ll] {
        let k = m.functions.iter().find(|f| f.name == "k").expect("kernel");
        let (_, params, _) = m.types.function_signature(k.fn_ty).expect("signature");
        assert_eq!(
            m.types.target_ext(params[0]).map(|t| t.0),
            Some("spirv.Image")
        );
        assert_eq!(
            m.types.target_ext(params[2]).map(|t| t.2.to_vec()),
            Some(vec![0])
        );
    }
}

#[test]
fn target_types_and_splat_print_and_read_back() {
    let m = read_bitcode(MODERN_BC, "modern22.bc").unwrap_or_else(|e| panic!("{e}"));
    let text = m.to_ll(&WriteOptions::opaque());
    assert!(
        text.contains("target(\"spirv.Image\", void, 1, 0, 0, 0, 0, 0, 0)"),
        "{text}"
    );
    assert!(text.contains("target(\"spirv.Pipe\", 0)"), "{text}");
    let again = parse_text(&text, "printed.ll").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(target_types(&again), expected_target_types());
    let k = again
        .functions
        .iter()
        .find(|f| f.name == "k")
        .expect("kernel");
    assert!(k.insts.len() > 10);
}

#[test]
fn icmp_samesign_is_not_fast_math() {
    let m = read_bitcode(MODERN_BC, "modern22.bc").unwrap_or_else(|e| panic!("{e}"));
    let k = m.functions.iter().find(|f| f.name == "k").expect("kernel");
    let cmp = k
        .insts
        .iter()
        .find_map(|i| match &i.kind {
            InstKind::Cmp { fast_math, .. } => Some(*fast_math),
            _ => None,
        })
        .expect("an icmp");
    assert_eq!(cmp, 0u32);
}

#[test]
fn malformed_target_types_are_errors_with_positions() {
    for (src, expected) in [
        (
            "%t = type { target(\"spirv.Image\", 5, void) }",
            "type parameters must precede",
        ),
        ("%t = type { target(spirv.Image) }", "name string"),
        ("%t = type { target(\"x\", 99999999999) }", "out of range"),
    ] {
        let e = parse_text(src, "bad.ll").expect_err(src).to_string();
        assert!(
            e.contains(expected) && e.contains("bad.ll:1:"),
            "{src}: {e}"
        );
    }
    let e = parse_text("@v = global <2 x i32> splat (i32 1, i32 2)", "bad.ll")
        .expect_err("splat of two values")
        .to_string();
    assert!(e.contains("bad.ll:1:"), "{e}");
}

#[test]
fn modern_bitcode_truncated_or_flipped_never_panics() {
    for len in (0..MODERN_BC.len()).step_by(7) {
        let _ = read_bitcode(&MODERN_BC[..len], "t.bc");
    }
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..2000 {
        let mut data = MODERN_BC.to_vec();
        for _ in 0..1 + state % 3 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let bit = (state % (data.len() as u64 * 8)) as usize;
            data[bit / 8] ^= 1 << (bit % 8);
        }
        if let Ok(m) = read_bitcode(&data, "flip.bc") {
            let _ = m.to_ll(&WriteOptions::opaque());
        }
    }
}

/// `usub_cond`, `usub_sat`, `fmaximum`, `fminimum` (bitcode operation codes 17–20) from text
/// and bitcode, and written back by both writers.
#[test]
fn newer_atomicrmw_operations() {
    const RMW_LL: &str = include_str!("data/rmw22.ll");
    const RMW_BC: &[u8] = include_bytes!("data/rmw22.bc");
    let bc = read_bitcode(RMW_BC, "rmw22.bc").unwrap_or_else(|e| panic!("{e}"));
    let ll = parse_text(RMW_LL, "rmw22.ll").unwrap_or_else(|e| panic!("{e}"));
    let rewritten = write_bitcode(&ll, "rmw22.ll").unwrap_or_else(|e| panic!("{e}"));
    let back = read_bitcode(&rewritten, "rewritten.bc").unwrap_or_else(|e| panic!("{e}"));
    let ops = |m: &Module| -> Vec<RmwOp> {
        m.functions[0]
            .insts
            .iter()
            .filter_map(|i| match &i.kind {
                InstKind::AtomicRmw { op, .. } => Some(*op),
                _ => None,
            })
            .collect()
    };
    let expected = [
        RmwOp::USubCond,
        RmwOp::USubSat,
        RmwOp::FMaximum,
        RmwOp::FMinimum,
    ];
    for m in [&bc, &ll, &back] {
        assert_eq!(ops(m), expected);
    }
    let text = ll.to_ll(&WriteOptions::default());
    for word in ["usub_cond", "usub_sat", "fmaximum", "fminimum"] {
        assert!(text.contains(&format!("atomicrmw {word} ")), "{text}");
    }
}

/// `captures(none)`, `range` and `initializes` read the same from text and bitcode (bitcode
/// encodes them as an integer attribute and constant-range records 7 and 8).
#[test]
fn capture_and_range_attributes_from_bitcode_and_text() {
    let bc = read_bitcode(MODERN_BC, "modern22.bc").unwrap_or_else(|e| panic!("{e}"));
    let ll = parse_text(MODERN_LL, "modern22.ll").unwrap_or_else(|e| panic!("{e}"));
    for m in [&bc, &ll] {
        let k = m.functions.iter().find(|f| f.name == "k").expect("kernel");
        let out = k.attrs.param(3);
        assert!(out.iter().any(Attribute::is_no_capture), "{out:?}");
        assert!(
            out.contains(&Attribute::Raw("initializes((0, 16))".into())),
            "{out:?}"
        );
        let n = k.attrs.param(4);
        assert!(
            n.contains(&Attribute::Raw("range(i32 0, 100)".into())),
            "{n:?}"
        );
        assert!(n.contains(&Attribute::Flag("noundef".into())), "{n:?}");
    }
}

/// LLVM ≥ 17 reads a typed-pointer spelling (`i32 addrspace(1)*`) as the opaque pointer; a
/// module that spells `ptr` anywhere (llvm-spirv's opaque tests still declare some callees
/// the old way) must get one pointer type, or calls and declarations disagree.
#[test]
fn typed_pointer_spelling_in_an_opaque_module_is_opaque() {
    let src = r#"
define void @f(ptr addrspace(1) %p, <4 x ptr addrspace(1)> %v) {
  %r = call <4 x ptr addrspace(1)> @boo(<4 x ptr addrspace(1)> %v)
  ret void
}
declare <4 x i32 addrspace(1)*> @boo(<4 x i32 addrspace(1)*> %a)
declare void @q(i8* %x)
"#;
    let m = parse_text(src, "mixed.ll").unwrap_or_else(|e| panic!("{e}"));
    let f = m.functions.iter().find(|f| f.name == "f").expect("f");
    let boo = m.functions.iter().find(|f| f.name == "boo").expect("boo");
    let q = m.functions.iter().find(|f| f.name == "q").expect("q");
    let (_, f_params, _) = m.types.function_signature(f.fn_ty).expect("f signature");
    let (boo_ret, boo_params, _) = m.types.function_signature(boo.fn_ty).expect("boo");
    assert_eq!(
        boo_ret, f_params[1],
        "the declaration's vector of pointers is opaque"
    );
    assert_eq!(boo_params[0], f_params[1]);
    let (_, q_params, _) = m.types.function_signature(q.fn_ty).expect("q");
    assert_eq!(m.types.pointee(q_params[0]), None, "i8* is ptr");
    // A module without `ptr` keeps its typed pointers (LLVM ≤ 16 text).
    let typed =
        parse_text("declare void @q(i8* %x)\n", "typed.ll").unwrap_or_else(|e| panic!("{e}"));
    let (_, params, _) = m_signature(&typed, "q");
    assert!(typed.types.pointee(params[0]).is_some(), "i8* stays typed");
}

fn m_signature<'m>(m: &'m Module, name: &str) -> (TypeId, &'m [TypeId], bool) {
    let f = m
        .functions
        .iter()
        .find(|f| f.name == name)
        .expect("function");
    m.types.function_signature(f.fn_ty).expect("signature")
}
