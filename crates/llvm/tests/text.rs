//! Text reader tests: LLVM 3.2 syntax straight from the SPIR 1.2 spec, modern
//! syntax, and errors with line:col.

use spirvkit_llvm::*;

/// Section 2.2 of the SPIR 1.2 spec (address space qualifiers).
const SPEC_LOCAL_VARIABLE: &str = r#"
; Unmangled component names shown here.
; float4 must be 16 bytes aligned.

@foo.lf4 = internal addrspace(3) global <4 x float> zeroinitializer, align 16

define spir_kernel void @foo() nounwind {
  entry:
    ret void
}
"#;

/// Section 2.2: a kernel calling another kernel (parses; SPIR rejects it later).
const SPEC_KERNEL_CALL: &str = r#"
@bar.lf4 = internal addrspace(3) global <4 x float> zeroinitializer, align 16

define spir_kernel void @bar() nounwind {
   entry:
    ret void
}

define spir_kernel void @callbar() nounwind {
   entry:
   call spir_kernel void @bar() ; This is not supported by SPIR
   ret void
}
"#;

/// Kernel metadata in the 3.2 notation of sections 2.3 and 2.13.
const SPEC_KERNEL_METADATA: &str = r#"
target datalayout = "e-p:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64"
target triple = "spir-unknown-unknown"

define spir_kernel void @k(i32 addrspace(1)* %out, float addrspace(1)* %in) nounwind {
entry:
  %id = call spir_func i32 @_Z13get_global_idj(i32 0) nounwind readnone
  %p = getelementptr inbounds float addrspace(1)* %in, i32 %id
  %v = load float addrspace(1)* %p, align 4
  %i = fptosi float %v to i32
  %q = getelementptr inbounds i32 addrspace(1)* %out, i32 %id
  store i32 %i, i32 addrspace(1)* %q, align 4
  ret void
}

declare spir_func i32 @_Z13get_global_idj(i32) nounwind readnone

!opencl.kernels = !{!0}
!opencl.spir.version = !{!3}
!opencl.ocl.version = !{!4}
!opencl.used.extensions = !{!6}
!opencl.compiler.options = !{!2}
!0 = metadata !{void (i32 addrspace(1)*, float addrspace(1)*)* @k, metadata !1, metadata !5}
; work_group_size_hint(128,1,1)
!1 = metadata !{ metadata !"work_group_size_hint", i32 128, i32 1, i32 1}
!2 = metadata !{metadata !"-cl-mad-enable", metadata !"-cl-denorms-are-zero"}
!3 = metadata !{i32 1, i32 2}
!4 = metadata !{i32 1, i32 0}
!5 = metadata !{ metadata !"vec_type_hint", <8 x i32> undef, i1 0}
!6 = metadata !{metadata !"cl_khr_fp16", metadata !"cl_khr_int64_base_atomics"}
"#;

#[test]
fn spec_local_variable_example() {
    let m = parse_text(SPEC_LOCAL_VARIABLE, "spec.ll").expect("parses");
    let g = &m.globals[0];
    assert_eq!(g.name, "foo.lf4");
    assert_eq!(g.addrspace, 3);
    assert_eq!(g.linkage, Linkage::Internal);
    assert_eq!(g.align, Some(16));
    let f = &m.functions[0];
    assert_eq!(f.cc, CallingConv::SPIR_KERNEL);
    assert!(f.attrs.has_function_flag("nounwind"));
    assert_eq!(f.blocks[0].name.as_deref(), Some("entry"));
    let ll = m.to_ll(&WriteOptions::default());
    assert!(ll
        .contains("@foo.lf4 = internal addrspace(3) global <4 x float> zeroinitializer, align 16"));
}

#[test]
fn spec_kernel_call_example() {
    let m = parse_text(SPEC_KERNEL_CALL, "spec.ll").expect("parses");
    let callbar = &m.functions[1];
    let InstKind::Call { callee, cc, .. } = &callbar.insts[0].kind else {
        panic!("expected a call");
    };
    assert_eq!(*callee, ValueRef::Function(FuncId(0)));
    assert_eq!(*cc, CallingConv::SPIR_KERNEL);
}

#[test]
fn spec_metadata_and_old_load_gep_syntax() {
    let m = parse_text(SPEC_KERNEL_METADATA, "spec.ll").expect("parses");
    let kernels = m.opencl_kernels();
    assert_eq!(kernels.len(), 1);
    let (fid, node) = kernels[0];
    assert_eq!(m.functions[fid.0 as usize].name, "k");
    let ops = m.node_operands(node);
    let MdOperand::Metadata(hint) = ops[1] else {
        panic!("expected a node");
    };
    let hint_ops = m.node_operands(hint);
    assert_eq!(
        m.md_string(&hint_ops[0]),
        Some(&b"work_group_size_hint"[..])
    );
    let f = &m.functions[fid.0 as usize];
    // `load float addrspace(1)* %p` gets its type from the pointer.
    let load = f
        .insts
        .iter()
        .find(|i| matches!(i.kind, InstKind::Load { .. }))
        .expect("load");
    assert_eq!(m.types.get(load.ty), &Type::Float);
    let gep = f
        .insts
        .iter()
        .find(|i| matches!(i.kind, InstKind::Gep { .. }))
        .expect("gep");
    assert!(matches!(
        m.types.get(gep.ty),
        Type::Pointer { addrspace: 1, .. }
    ));
    let ll = m.to_ll(&WriteOptions::default());
    assert!(ll.contains("load float, float addrspace(1)* %p, align 4"));
    assert!(ll.contains("getelementptr inbounds float, float addrspace(1)* %in, i32 %id"));
    assert!(ll.contains("!{!\"work_group_size_hint\", i32 128, i32 1, i32 1}"));
    let opaque = m.to_ll(&WriteOptions::opaque());
    assert!(opaque.contains("load float, ptr addrspace(1) %p, align 4"));
}

const MODERN: &str = r#"
; ModuleID = 'x.cl'
source_filename = "x.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@lut = internal addrspace(2) constant [2 x float] [float 1.000000e+00, float 0x3FB99999A0000000], align 4

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k(ptr addrspace(1) nocapture noundef writeonly align 4 %out, i32 noundef %n) local_unnamed_addr #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 {
entry:
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  %sext = shl i64 %call, 32
  %idx = ashr exact i64 %sext, 32
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  %0 = load float, ptr addrspace(2) getelementptr inbounds ([2 x float], ptr addrspace(2) @lut, i64 0, i64 1), align 4, !tbaa !5
  %neg = fneg float %0
  %fr = freeze float %neg
  %cmp = icmp slt i32 %n, 4
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  store float %fr, ptr addrspace(1) %arrayidx, align 4, !tbaa !5
  %old = atomicrmw add ptr addrspace(1) %out, i32 1 syncscope("workgroup") monotonic, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  ret void
}

; Function Attrs: convergent mustprogress nofree nounwind willreturn memory(none)
declare spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

attributes #0 = { convergent norecurse nounwind "frame-pointer"="none" "no-trapping-math"="true" "uniform-work-group-size"="false" }
attributes #1 = { convergent mustprogress nofree nounwind willreturn memory(none) }
attributes #2 = { convergent nounwind willreturn memory(none) }

!llvm.module.flags = !{!0, !1}
!opencl.ocl.version = !{!2}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{i32 1, i32 2}
!3 = !{i32 1, i32 0}
!4 = !{!"none", !"none"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
"#;

#[test]
fn modern_syntax() {
    let m = parse_text(MODERN, "modern.ll").expect("parses");
    let f = m.function(m.function_by_name("k").expect("k")).expect("k");
    assert!(f.attachment("kernel_arg_addr_space").is_some());
    assert!(f.attrs.function.iter().any(|a| matches!(a, Attribute::Str(k, Some(v)) if k == "uniform-work-group-size" && v == "false")));
    assert_eq!(f.blocks.len(), 3);
    let rmw = f
        .insts
        .iter()
        .find(|i| matches!(i.kind, InstKind::AtomicRmw { .. }))
        .expect("atomicrmw");
    assert!(
        matches!(&rmw.kind, InstKind::AtomicRmw { scope: SyncScope::Named(s), .. } if s == "workgroup")
    );
    let decl = m
        .function(m.function_by_name("_Z13get_global_idj").expect("decl"))
        .expect("decl");
    assert!(decl
        .attrs
        .function
        .iter()
        .any(|a| matches!(a, Attribute::Raw(r) if r == "memory(none)")));
    let ll = m.to_ll(&WriteOptions::default());
    assert!(ll.contains("fneg float %0"));
    // LLVM 16+ `memory(none)` is printed in LLVM 15 spelling.
    assert!(ll.contains("readnone"));
    assert!(ll.contains("ptr addrspace(1) %out"));
}

#[test]
fn errors_have_line_and_column() {
    let src = "define void @f() {\nentry:\n  %x = add i32 1, %nope\n  ret void\n}\n";
    let err = parse_text(src, "bad.ll").unwrap_err();
    match err {
        LlvmError::Text {
            file,
            line,
            col,
            message,
        } => {
            assert_eq!(file, "bad.ll");
            assert_eq!((line, col), (3, 19), "{message}");
            assert!(message.contains("%nope"), "{message}");
        }
        other => panic!("unexpected {other:?}"),
    }
    let err = parse_text("@g = global i32 @", "lex.ll").unwrap_err();
    assert!(err.to_string().starts_with("lex.ll:1:17:"), "{err}");
    let err = parse_text("define void @f() {\n  foo i32 1\n}\n", "op.ll").unwrap_err();
    assert!(err.to_string().contains("op.ll:2:3"), "{err}");
    assert!(err.to_string().contains("foo"), "{err}");
}

#[test]
fn unknown_attributes_are_kept() {
    let src = "declare void @f(ptr captures(none) %p) #0\nattributes #0 = { nounwind some_future_attr \"x\" }\n";
    let m = parse_text(src, "a.ll").expect("parses");
    let f = &m.functions[0];
    assert!(f
        .attrs
        .function
        .iter()
        .any(|a| matches!(a, Attribute::Flag(n) if n == "some_future_attr")));
    assert!(f
        .attrs
        .param(0)
        .iter()
        .any(|a| matches!(a, Attribute::Raw(r) if r == "captures(none)")));
}

#[test]
fn garbage_text_never_panics() {
    let mut state = 99u64;
    let alphabet: &[u8] = b"@%!#{}[]()<>=,*:; \n\"cxi32 define declare load store getelementptr metadata 0123456789-.";
    for _ in 0..2000 {
        let len = (state % 200) as usize;
        let mut s = Vec::with_capacity(len);
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            s.push(alphabet[(state % alphabet.len() as u64) as usize]);
        }
        let text = String::from_utf8_lossy(&s);
        let _ = parse_text(&text, "fuzz.ll");
    }
    // Truncations of valid inputs.
    for src in [SPEC_KERNEL_METADATA, MODERN] {
        for cut in (0..src.len()).step_by(7) {
            if src.is_char_boundary(cut) {
                let _ = parse_text(&src[..cut], "cut.ll");
            }
        }
    }
}

#[test]
fn newer_llvm_syntax_is_read() {
    let src = r#"
define i32 @f(ptr %p, i64 %i) {
entry:
  %q = getelementptr inbounds nuw i32, ptr %p, i64 %i
  %v = load i32, ptr %q, align 4, !noundef !0
  %t = trunc nuw nsw i32 %v to i16
  %z = zext nneg i16 %t to i32
  %o = or disjoint i32 %z, 1
  %c = icmp samesign ult i32 %o, 10
    #dbg_value(i32 %o, !0, !DIExpression(), !0)
  %r = select i1 %c, i32 %o, i32 0
  ret i32 %r
}
!0 = !{}
"#;
    let m = parse_text(src, "new.ll").expect("parses");
    assert_eq!(m.functions[0].insts.len(), 8);
}

#[test]
fn llvm_3_2_atomics_and_constant_gep() {
    let src = r#"
@str = private unnamed_addr addrspace(2) constant [4 x i8] c"abc\00", align 1

define spir_func i32 @f(i32 addrspace(1)* %p) nounwind {
entry:
  %0 = cmpxchg i32 addrspace(1)* %p, i32 0, i32 1 seq_cst
  %1 = atomicrmw add i32 addrspace(1)* %p, i32 %0 monotonic
  %2 = load i8 addrspace(2)* getelementptr inbounds ([4 x i8] addrspace(2)* @str, i32 0, i32 1), align 1
  %3 = zext i8 %2 to i32
  %4 = add nsw i32 %1, %3
  ret i32 %4
}
"#;
    let m = parse_text(src, "old.ll").expect("parses");
    let f = &m.functions[0];
    // cmpxchg pair + extractvalue, as LLVM's own upgrade.
    assert!(matches!(f.insts[0].kind, InstKind::CmpXchg { .. }));
    assert!(matches!(f.insts[1].kind, InstKind::ExtractValue { .. }));
    let ll = m.to_ll(&WriteOptions::default());
    assert!(
        ll.contains("cmpxchg i32 addrspace(1)* %p, i32 0, i32 1 seq_cst seq_cst"),
        "{ll}"
    );
    assert!(
        ll.contains("getelementptr inbounds ([4 x i8], [4 x i8] addrspace(2)* @str, i32 0, i32 1)"),
        "{ll}"
    );
}
