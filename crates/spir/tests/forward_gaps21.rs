//! fwd21 (issue 18): forward gaps of session 20 — zero-length arrays, unnamed (numbered)
//! functions and globals, llvm-spirv's `--spirv-emit-linkage-user-semantic`. Each test is
//! hand-written IR; every output is checked by spirv-val, typed and with untyped pointers.

mod common;
use common::{defs, id, translate_with, typed_and_untyped};
use spirvkit_core::{Id, Module, Operand};
use spirvkit_grammar::Op;

/// The literal length of every OpTypeArray of the module.
fn array_lengths(m: &Module) -> Vec<u32> {
    let defs = defs(m);
    m.instructions()
        .filter(|i| i.opcode == Op::TypeArray)
        .filter_map(|i| defs.get(&id(&i.operands[1])))
        .filter_map(|c| c.operands.first().and_then(Operand::word))
        .collect()
}

/// The index operands of the (typed or untyped) access chain named `name`, each as the
/// constant it is (`Some(value)`) or `None` for a variable index.
fn chain_indices(m: &Module, name: &str) -> Vec<Option<u32>> {
    let target = common::named(m, name);
    let chain = m
        .instructions()
        .find(|i| i.result_id == Some(target))
        .unwrap_or_else(|| panic!("{name} not defined"));
    // Typed chains: base, indices; untyped ones: base type, base, indices.
    let skip = match chain.opcode {
        Op::UntypedPtrAccessChainKHR
        | Op::UntypedInBoundsPtrAccessChainKHR
        | Op::UntypedAccessChainKHR
        | Op::UntypedInBoundsAccessChainKHR => 2,
        Op::PtrAccessChain | Op::InBoundsPtrAccessChain => 1,
        other => panic!("{name} is {other:?}"),
    };
    let defs = defs(m);
    chain.operands[skip..]
        .iter()
        .map(|o| {
            let c: Id = id(o);
            defs.get(&c).and_then(|d| match d.opcode {
                Op::Constant => d.operands.first().and_then(Operand::word),
                Op::ConstantNull => Some(0),
                _ => None,
            })
        })
        .collect()
}

// ---- session 21, helper fwd21 ----

/// Zero-length arrays in every position clang and hand-written IR put them: an unsized global
/// (defined and external), a flexible array member with a constant initializer, a workgroup
/// array, an alloca, a `byval` pointee, GEPs into them.
const ZERO_LENGTH_ARRAYS: &str = r#"target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%struct.flex = type { i32, [0 x float] }

@g = addrspace(1) global [0 x i32] zeroinitializer, align 4
@ext = external addrspace(1) global [0 x i32], align 4
@f = addrspace(1) global %struct.flex { i32 3, [0 x float] zeroinitializer }, align 4
@u = addrspace(3) global [0 x i64] undef, align 8

define spir_func i32 @param(ptr addrspace(1) byval([0 x i32]) %p, ptr addrspace(1) %q, i64 %i) {
entry:
  %a = getelementptr inbounds [0 x i32], ptr addrspace(1) %q, i64 0, i64 %i
  %v = load i32, ptr addrspace(1) %a, align 4
  %b = getelementptr [0 x i32], ptr addrspace(1) %q, i64 %i
  %w = load i32, ptr addrspace(1) %b, align 4
  %s = add i32 %v, %w
  ret i32 %s
}

define spir_func i32 @inner(ptr addrspace(1) %q, i64 %i, i64 %j) {
entry:
  %c = getelementptr [2 x [0 x i32]], ptr addrspace(1) %q, i64 %i, i64 %j, i64 %i
  %v = load i32, ptr addrspace(1) %c, align 4
  ret i32 %v
}

define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %s, i64 %i) {
entry:
  %l = alloca [0 x i32], align 4
  %e = getelementptr inbounds [0 x i32], ptr addrspace(1) @g, i64 0, i64 %i
  %x = load i32, ptr addrspace(1) %e, align 4
  %fm = getelementptr inbounds %struct.flex, ptr addrspace(1) %s, i64 0, i32 1, i64 %i
  %y = load float, ptr addrspace(1) %fm, align 4
  %yi = fptosi float %y to i32
  %n = getelementptr inbounds %struct.flex, ptr addrspace(1) @f, i64 0, i32 0
  %z = load i32, ptr addrspace(1) %n, align 4
  %ee = getelementptr inbounds [0 x i32], ptr addrspace(1) @ext, i64 0, i64 %i
  %xe = load i32, ptr addrspace(1) %ee, align 4
  %r = call spir_func i32 @param(ptr addrspace(1) byval([0 x i32]) @g, ptr addrspace(1) @g, i64 %i)
  %r2 = call spir_func i32 @inner(ptr addrspace(1) %s, i64 %i, i64 1)
  %t1 = add i32 %x, %yi
  %t2 = add i32 %t1, %z
  %t3 = add i32 %t2, %xe
  %t4 = add i32 %t3, %r
  %t5 = add i32 %t4, %r2
  store i32 %t5, ptr addrspace(1) %out, align 4
  ret void
}
"#;

/// `[0 x T]` is `[1 x T]` (as llvm-spirv writes it: SPIR-V arrays have at least one element
/// and the Kernel environment has no runtime arrays); a GEP index stepping over a zero-sized
/// type is 0, the offset LLVM gives it; an index into the array itself stays.
#[test]
fn zero_length_arrays_are_one_element_arrays() {
    for m in typed_and_untyped(ZERO_LENGTH_ARRAYS, "", "fwd21_zero_length") {
        let lengths = array_lengths(&m);
        assert!(!lengths.is_empty());
        assert!(!lengths.contains(&0), "{lengths:?}");
        // `gep [0 x i32], %q, %i` moves 0 bytes whatever %i is.
        assert_eq!(chain_indices(&m, "b"), [Some(0)]);
        // `gep [2 x [0 x i32]], %q, %i, %j, %i`: the outer two steps are over zero-sized
        // types, the last one over i32.
        assert_eq!(chain_indices(&m, "c"), [Some(0), Some(0), None]);
        // Indices inside the array are kept.
        assert_eq!(*chain_indices(&m, "e").last().unwrap(), None);
        assert_eq!(*chain_indices(&m, "fm").last().unwrap(), None);
    }
}

/// A constant GEP stepping over a zero-length array (a pointer one past `@g` in LLVM's terms is
/// `@g` itself).
#[test]
fn constant_gep_over_a_zero_length_array_steps_zero_bytes() {
    let src = r#"target triple = "spir64-unknown-unknown"
@g = addrspace(1) global [0 x i32] zeroinitializer, align 4
@p = addrspace(1) global ptr addrspace(1) getelementptr ([0 x i32], ptr addrspace(1) @g, i64 1), align 8
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %v = load ptr addrspace(1), ptr addrspace(1) @p, align 8
  %x = load i32, ptr addrspace(1) %v, align 4
  store i32 %x, ptr addrspace(1) %out, align 4
  ret void
}
"#;
    for m in typed_and_untyped(src, "", "fwd21_zero_length_const_gep") {
        assert!(!array_lengths(&m).contains(&0));
        let defs = defs(&m);
        let chain = m
            .instructions()
            .find(|i| {
                i.opcode == Op::SpecConstantOp
                    && i.operands.first().and_then(Operand::word)
                        == Some(u32::from(Op::PtrAccessChain.0))
            })
            .expect("the constant GEP");
        let index = defs[&id(&chain.operands[2])];
        assert!(
            index.opcode == Op::ConstantNull
                || index.operands.first().and_then(Operand::word) == Some(0),
            "{index:?}"
        );
    }
}

/// The reverse translation reads the one-element array back (SPIR-V keeps no trace of the
/// zero length) and the module round-trips.
#[test]
fn zero_length_arrays_reverse() {
    let m = translate_with(ZERO_LENGTH_ARRAYS, "").unwrap_or_else(|e| panic!("{e}"));
    let back = spirvkit_spir::reverse::reverse_words(&m.to_words(), &Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let ll = back.to_ll(&spirvkit_llvm::WriteOptions::opaque());
    assert!(ll.contains("[1 x i32]"), "{ll}");
    assert!(!ll.contains("[0 x"), "{ll}");
}

/// `linkage_user_semantic`: a linkage an allowed extension expresses (SPV_KHR_linkonce_odr's
/// LinkOnceODR, SPV_AMD_weak_linkage's WeakAMD) gets no semantic; `extern_weak` declarations
/// and `available_externally` definitions do. Typed and untyped, spirv-val.
#[test]
fn linkage_user_semantic_only_where_spirv_has_no_linkage_type() {
    let src = r#"target triple = "spir64-unknown-unknown"
@w = weak addrspace(1) global i32 0, align 4
@o = linkonce_odr addrspace(1) global i32 0, align 4
define available_externally spir_func i32 @ae(i32 %x) {
  ret i32 %x
}
define weak_odr spir_func i32 @wo(i32 %x) {
  ret i32 %x
}
declare extern_weak spir_func i32 @ew(i32)
define spir_kernel void @k(ptr addrspace(1) %out) {
  %a = call spir_func i32 @ae(i32 1)
  %b = call spir_func i32 @wo(i32 %a)
  %c = call spir_func i32 @ew(i32 %b)
  %d = load i32, ptr addrspace(1) @w
  %e = load i32, ptr addrspace(1) @o
  %f = add i32 %c, %d
  %g = add i32 %f, %e
  store i32 %g, ptr addrspace(1) %out
  ret void
}
"#;
    // spirv-val 2025.5 does not know SPV_AMD_weak_linkage's capability: not validated there.
    let semantics = |ext: &str| -> Vec<String> {
        let llvm = spirvkit_llvm::parse_text(src, "test.ll").unwrap();
        let mut options = spirvkit_spir::TranslateOptions {
            linkage_user_semantic: true,
            ..Default::default()
        };
        options.apply_extension_list(ext).unwrap();
        let m = spirvkit_spir::translate(&llvm, &options).unwrap_or_else(|e| panic!("{e}"));
        if !ext.contains("AMD") {
            common::spirv_val(&m, &format!("fwd21_linkage_semantic_{}", ext.len()));
        }
        let names: std::collections::HashMap<Id, String> = m
            .instructions()
            .filter(|i| i.opcode == Op::Name)
            .filter_map(|i| match &i.operands[1] {
                Operand::String(s) => Some((id(&i.operands[0]), s.to_string())),
                _ => None,
            })
            .collect();
        let mut found: Vec<String> = m
            .instructions()
            .filter(|i| i.opcode == Op::Decorate)
            .filter(|i| {
                i.operands[1] == Operand::Word(spirvkit_grammar::Decoration::UserSemantic.0)
            })
            .filter_map(|i| match &i.operands[2] {
                Operand::String(s) => Some(format!("{} {s}", names[&id(&i.operands[0])])),
                _ => None,
            })
            .collect();
        found.sort();
        found
    };
    for untyped in ["", ",+SPV_KHR_untyped_pointers"] {
        assert_eq!(
            semantics(&format!("-all{untyped}")),
            [
                "ae linkage:available_externally",
                "ew linkage:extern_weak",
                "o linkage:linkonce_odr",
                "w linkage:weak",
                "wo linkage:weak_odr"
            ]
        );
        assert_eq!(
            semantics(&format!("+SPV_KHR_linkonce_odr{untyped}")),
            [
                "ae linkage:available_externally",
                "ew linkage:extern_weak",
                "w linkage:weak"
            ]
        );
        assert_eq!(
            semantics(&format!(
                "+SPV_KHR_linkonce_odr,+SPV_AMD_weak_linkage{untyped}"
            )),
            ["ae linkage:available_externally", "ew linkage:extern_weak"]
        );
    }
    // Off by default.
    for m in typed_and_untyped(src, "", "fwd21_linkage_semantic_off") {
        assert!(!m.instructions().any(|i| i.opcode == Op::Decorate
            && i.operands[1] == Operand::Word(spirvkit_grammar::Decoration::UserSemantic.0)));
    }
}

/// SPV_INTEL_subgroup_bitcast_shuffle (SPIR-V registry, revision 1: OpSubgroupBitcastShuffleINTEL
/// 6208, capability 6207): `__spirv_SubgroupBitcastShuffleINTEL` is the instruction (Result
/// Type, Result, Operand), refused naming the extension without it, and read back as the
/// SPIR-V friendly call. spirv-val 2025.5 does not know the capability: spirvkit's own
/// validator checks the module.
#[test]
fn subgroup_bitcast_shuffle_is_its_instruction() {
    let src = r#"target triple = "spir64-unknown-unknown"
declare spir_func <2 x i8> @_Z35__spirv_SubgroupBitcastShuffleINTELt(i16)
declare spir_func i32 @_Z35__spirv_SubgroupBitcastShuffleINTELDv2_t(<2 x i16>)
define spir_kernel void @k(i16 %s, <2 x i16> %v, ptr addrspace(1) %o, ptr addrspace(1) %p) {
  %r = call spir_func <2 x i8> @_Z35__spirv_SubgroupBitcastShuffleINTELt(i16 %s)
  store <2 x i8> %r, ptr addrspace(1) %o
  %q = call spir_func i32 @_Z35__spirv_SubgroupBitcastShuffleINTELDv2_t(<2 x i16> %v)
  store i32 %q, ptr addrspace(1) %p
  ret void
}
"#;
    let ext = "+SPV_INTEL_subgroup_bitcast_shuffle";
    for ext in [ext.to_owned(), format!("{ext},+SPV_KHR_untyped_pointers")] {
        let m = translate_with(src, &ext).unwrap_or_else(|e| panic!("{e}"));
        assert!(common::capabilities(&m).contains(&6207));
        assert!(common::extensions(&m).contains(&"SPV_INTEL_subgroup_bitcast_shuffle".into()));
        let shuffles: Vec<_> = m.instructions().filter(|i| i.opcode == Op(6208)).collect();
        assert_eq!(shuffles.len(), 2);
        assert!(shuffles.iter().all(|i| i.operands.len() == 1));
        let report = spirvkit_val::validate(&m.to_words(), &Default::default());
        assert!(report.is_ok(), "{report:?}");
        let back = spirvkit_spir::reverse::reverse_words(&m.to_words(), &Default::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let ll = back.to_ll(&spirvkit_llvm::WriteOptions::opaque());
        assert_eq!(ll.matches("call spir_func").count(), 2, "{ll}");
        assert!(ll.contains("__spirv_SubgroupBitcastShuffleINTEL"), "{ll}");
    }
    let err = translate_with(src, "").expect_err("needs the extension");
    assert!(err.contains("+SPV_INTEL_subgroup_bitcast_shuffle"), "{err}");
}
