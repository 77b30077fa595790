//! The translator on small SPIR 1.2 programs (LLVM 3.2 syntax, as in the SPIR 1.2 spec) and on
//! modern syntax; each test checks the SPIR-V that comes out.
use spirvkit_core::{Instruction, Module, Operand};
use spirvkit_grammar::{BuiltIn, Capability, Decoration, ExecutionMode, Op, StorageClass};
use spirvkit_spir::{translate, ParallelPlan, TranslateOptions};

const HEADER32: &str =
    "target datalayout = \"e-p:32:32:32-i64:64:64\"\ntarget triple = \"spir-unknown-unknown\"\n";
const HEADER64: &str =
    "target datalayout = \"e-p:64:64:64-i64:64:64\"\ntarget triple = \"spir64-unknown-unknown\"\n";

fn spirv(src: &str) -> Module {
    spirv_with(src, &TranslateOptions::default())
}

fn spirv_with(src: &str, options: &TranslateOptions) -> Module {
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").unwrap_or_else(|e| panic!("{e}"));
    let module = translate(&llvm, options).unwrap_or_else(|e| panic!("{e}"));
    // Whatever we emit must decode again and round-trip.
    let words = module.to_words();
    assert_eq!(
        Module::from_words(&words)
            .expect("output decodes")
            .to_words(),
        words
    );
    // Encoding while translating, and translating function bodies on several threads, give
    // the same words.
    for plan in [
        ParallelPlan::SEQUENTIAL,
        ParallelPlan::EVERY_FUNCTION_A_CHUNK,
    ] {
        let streamed = spirvkit_spir::translate_to_words_from(&llvm, options, 0, plan)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            streamed, words,
            "translate_to_words ({plan:?}) differs from translate + to_words"
        );
        let parallel = spirvkit_spir::translate_with_plan(&llvm, options, plan)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(parallel.to_words(), words, "{plan:?} differs");
    }
    module
}

fn error(src: &str) -> String {
    let llvm = spirvkit_llvm::parse_text(src, "test.ll").unwrap_or_else(|e| panic!("{e}"));
    let message = translate(&llvm, &TranslateOptions::default())
        .expect_err("translation must fail")
        .to_string();
    for plan in [
        ParallelPlan::SEQUENTIAL,
        ParallelPlan::EVERY_FUNCTION_A_CHUNK,
    ] {
        let streamed =
            spirvkit_spir::translate_to_words_from(&llvm, &TranslateOptions::default(), 0, plan)
                .expect_err("streamed translation must fail too");
        assert_eq!(streamed.to_string(), message);
        let parallel =
            spirvkit_spir::translate_with_plan(&llvm, &TranslateOptions::default(), plan)
                .expect_err("parallel translation must fail too");
        assert_eq!(parallel.to_string(), message);
    }
    message
}

fn find(m: &Module, op: Op) -> Vec<&Instruction> {
    m.instructions().filter(|i| i.opcode == op).collect()
}

fn has_capability(m: &Module, cap: Capability) -> bool {
    find(m, Op::Capability)
        .iter()
        .any(|i| i.operands[0] == Operand::Word(cap.0))
}

fn has_decoration(m: &Module, deco: Decoration) -> bool {
    find(m, Op::Decorate)
        .iter()
        .any(|i| i.operands.get(1) == Some(&Operand::Word(deco.0)))
}

#[test]
fn vector_add_kernel_from_spir12_syntax() {
    let src = format!(
        "{HEADER32}
define spir_kernel void @add(float addrspace(1)* %a, float addrspace(1)* %b, float addrspace(1)* %c) nounwind {{
entry:
  %id = call spir_func i32 @_Z13get_global_idj(i32 0) nounwind readnone
  %pa = getelementptr inbounds float addrspace(1)* %a, i32 %id
  %pb = getelementptr inbounds float addrspace(1)* %b, i32 %id
  %va = load float addrspace(1)* %pa, align 4
  %vb = load float addrspace(1)* %pb, align 4
  %s = fadd float %va, %vb
  %pc = getelementptr inbounds float addrspace(1)* %c, i32 %id
  store float %s, float addrspace(1)* %pc, align 4
  ret void
}}
declare spir_func i32 @_Z13get_global_idj(i32) nounwind readnone
!opencl.kernels = !{{!0}}
!0 = metadata !{{void (float addrspace(1)*, float addrspace(1)*, float addrspace(1)*)* @add, metadata !1}}
!1 = metadata !{{metadata !\"reqd_work_group_size\", i32 64, i32 1, i32 1}}
"
    );
    let m = spirv(&src);
    assert_eq!(m.header.version, 0x0001_0000);
    assert!(has_capability(&m, Capability::Kernel) && has_capability(&m, Capability::Addresses));
    assert!(
        !has_capability(&m, Capability::Int64),
        "spir (32-bit) needs no Int64"
    );
    let mm = find(&m, Op::MemoryModel);
    assert_eq!(
        mm[0].operands[0],
        Operand::Word(spirvkit_grammar::AddressingModel::Physical32.0)
    );
    let ep = find(&m, Op::EntryPoint);
    assert_eq!(ep.len(), 1);
    assert_eq!(ep[0].operands[2], Operand::String("add".into()));
    assert_eq!(
        ep[0].operands.len(),
        4,
        "the GlobalInvocationId variable is in the interface"
    );
    let builtin = find(&m, Op::Decorate)
        .into_iter()
        .find(|i| i.operands[1] == Operand::Word(Decoration::BuiltIn.0))
        .expect("BuiltIn decoration");
    assert_eq!(
        builtin.operands[2],
        Operand::Word(BuiltIn::GlobalInvocationId.0)
    );
    assert_eq!(find(&m, Op::InBoundsPtrAccessChain).len(), 3);
    assert_eq!(find(&m, Op::FAdd).len(), 1);
    let load = find(&m, Op::Load)
        .into_iter()
        .find(|l| l.operands.len() == 3)
        .expect("aligned load");
    assert_eq!(
        load.operands[1..],
        [Operand::Word(2), Operand::Word(4)],
        "Aligned 4"
    );
    let modes = find(&m, Op::ExecutionMode);
    assert!(modes.iter().any(
        |i| i.operands[1] == Operand::Word(ExecutionMode::LocalSize.0)
            && i.operands[2..] == [Operand::Word(64), Operand::Word(1), Operand::Word(1)]
    ));
    assert!(modes
        .iter()
        .any(|i| i.operands[1] == Operand::Word(ExecutionMode::ContractionOff.0)));
}

#[test]
fn spir64_uses_physical64_and_64_bit_ids() {
    let src = format!(
        "{HEADER64}
define spir_kernel void @k(i64 addrspace(1)* %out) {{
  %id = call spir_func i64 @_Z13get_global_idj(i32 1)
  store i64 %id, i64 addrspace(1)* %out, align 8
  ret void
}}
declare spir_func i64 @_Z13get_global_idj(i32)
"
    );
    let m = spirv(&src);
    assert!(has_capability(&m, Capability::Int64));
    let extract = find(&m, Op::CompositeExtract);
    assert_eq!(
        extract[0].operands[1],
        Operand::Word(1),
        "dimension 1 is a constant extract"
    );
}

#[test]
fn bools_barriers_atomics_and_math() {
    let src = format!(
        "{HEADER32}
define spir_kernel void @k(i32 addrspace(1)* %p, i32 addrspace(3)* %l, float %x) {{
entry:
  %c = icmp slt i32 0, 1
  %z = zext i1 %c to i32
  store i32 %z, i32 addrspace(1)* %p, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %old = call spir_func i32 @_Z10atomic_addPVU3AS3ii(i32 addrspace(3)* %l, i32 %z)
  %m = call spir_func i32 @_Z10atomic_minPVU3AS1jj(i32 addrspace(1)* %p, i32 %old)
  %s = call spir_func float @_Z3sinf(float %x)
  %e = call spir_func i32 @_Z7isequalff(float %s, float %x)
  %a = call spir_func i32 @_Z3absi(i32 %e)
  %sat = call spir_func i8 @_Z17convert_uchar_sati(i32 %a)
  ret void
}}
declare spir_func void @_Z7barrierj(i32)
declare spir_func i32 @_Z10atomic_addPVU3AS3ii(i32 addrspace(3)*, i32)
declare spir_func i32 @_Z10atomic_minPVU3AS1jj(i32 addrspace(1)*, i32)
declare spir_func float @_Z3sinf(float)
declare spir_func i32 @_Z7isequalff(float, float)
declare spir_func i32 @_Z3absi(i32)
declare spir_func i8 @_Z17convert_uchar_sati(i32)
"
    );
    let m = spirv(&src);
    assert!(
        !find(&m, Op::Select).is_empty(),
        "zext of i1 and relational results become OpSelect"
    );
    assert_eq!(find(&m, Op::ControlBarrier).len(), 1);
    assert_eq!(find(&m, Op::AtomicIAdd).len(), 1);
    assert_eq!(
        find(&m, Op::AtomicUMin).len(),
        1,
        "unsigned atomic_min from the mangled jj"
    );
    assert_eq!(find(&m, Op::FOrdEqual).len(), 1);
    let ext = find(&m, Op::ExtInst);
    let numbers: Vec<_> = ext.iter().map(|i| i.operands[1].clone()).collect();
    assert!(numbers.contains(&Operand::Word(spirvkit_grammar::OpenClStdOp::sin.0)));
    assert!(numbers.contains(&Operand::Word(spirvkit_grammar::OpenClStdOp::s_abs.0)));
    assert_eq!(
        find(&m, Op::SatConvertSToU).len(),
        1,
        "signed → unsigned saturating conversion"
    );
    assert!(has_capability(&m, Capability::Int8));
}

#[test]
fn phis_switches_and_allocas() {
    let src = format!(
        "{HEADER32}
define spir_func i32 @f(i32 %n) {{
entry:
  %slot = alloca i32, align 4
  store i32 %n, i32* %slot, align 4
  switch i32 %n, label %other [ i32 1, label %one
                                i32 2, label %two ]
one:
  br label %done
two:
  br label %done
other:
  %v = load i32* %slot, align 4
  br label %done
done:
  %r = phi i32 [ 10, %one ], [ 20, %two ], [ %v, %other ]
  ret i32 %r
}}
"
    );
    let m = spirv(&src);
    assert_eq!(find(&m, Op::Switch)[0].operands.len(), 2 + 2 * 2);
    assert_eq!(find(&m, Op::Phi)[0].operands.len(), 6);
    let f = &m.functions[0];
    assert_eq!(
        f.blocks[0].instructions[0].opcode,
        Op::Variable,
        "allocas open the entry block"
    );
    assert_eq!(
        f.blocks[0].instructions[0].operands[0],
        Operand::Word(StorageClass::Function.0)
    );
    assert!(
        has_capability(&m, Capability::Linkage),
        "an exported function without kernels needs Linkage"
    );
    assert!(has_decoration(&m, Decoration::LinkageAttributes));
}

/// nsw/nuw become NoSignedWrap/NoUnsignedWrap only with SPV_KHR_no_integer_wrap_decoration
/// allowed; otherwise (whatever the version limit) they are dropped and the module stays 1.0.
#[test]
fn wrap_flags_need_their_extension() {
    let src = format!(
        "{HEADER32}
define spir_func i32 @f(i32 %x, i32 %y) {{
  %a = add nsw i32 %x, %y
  %b = mul nuw nsw i32 %a, %y
  %c = shl nuw i32 %b, 2
  %d = sub nsw i32 0, %c
  %e = udiv exact i32 %d, 3
  ret i32 %e
}}
"
    );
    let wraps = |m: &Module| {
        find(m, Op::Decorate)
            .iter()
            .filter(|i| {
                [Decoration::NoSignedWrap.0, Decoration::NoUnsignedWrap.0]
                    .contains(&i.operands[1].word().unwrap_or(0))
            })
            .count()
    };
    let plain = spirv(&src);
    assert_eq!(wraps(&plain), 0);
    assert!(find(&plain, Op::Extension).is_empty());
    let mut options = TranslateOptions {
        max_version: 0x0001_0400,
        ..TranslateOptions::default()
    };
    let limit_only = spirv_with(&src, &options);
    assert_eq!(wraps(&limit_only), 0);
    assert_eq!(limit_only.header.version, 0x0001_0000);
    options
        .apply_extension_list("+SPV_KHR_no_integer_wrap_decoration")
        .unwrap_or_else(|e| panic!("{e}"));
    let with_extension = spirv_with(&src, &options);
    // add: NSW; mul: NSW + NUW; shl: NUW; sub: NSW (exact udiv gets nothing).
    assert_eq!(wraps(&with_extension), 5);
    assert_eq!(with_extension.header.version, 0x0001_0000);
    assert_eq!(find(&with_extension, Op::Extension).len(), 1);
}

/// OpSource carries `!opencl.ocl.version`; used extensions and optional core features each
/// become one OpSourceExtension (duplicates once).
#[test]
fn source_version_extensions_and_optional_core_features() {
    let src = format!(
        "{HEADER64}
define spir_kernel void @k() {{
  ret void
}}
!opencl.kernels = !{{!0}}
!opencl.ocl.version = !{{!1}}
!opencl.used.extensions = !{{!2}}
!opencl.used.optional.core.features = !{{!3}}
!0 = !{{void ()* @k}}
!1 = !{{i32 2, i32 0}}
!2 = !{{!\"cl_khr_fp64\", !\"cl_khr_int64_base_atomics\"}}
!3 = !{{!\"cl_doubles\", !\"cl_khr_fp64\"}}
"
    );
    let m = spirv(&src);
    let source = find(&m, Op::Source);
    assert_eq!(source.len(), 1);
    assert_eq!(source[0].operands[1], Operand::Word(200_000));
    let extensions: Vec<&str> = find(&m, Op::SourceExtension)
        .iter()
        .filter_map(|i| i.operands[0].string())
        .collect();
    assert_eq!(
        extensions,
        ["cl_khr_fp64", "cl_khr_int64_base_atomics", "cl_doubles"]
    );
}

/// With several failing functions the error is the first one's, on one thread or many
/// (each function a chunk of its own: the later failure may finish first).
#[test]
fn the_first_failing_function_is_reported() {
    let mut src = HEADER32.to_string();
    for i in 0..6 {
        src.push_str(&format!(
            "define spir_func i32 @ok{i}(i32 %x) {{\n  %y = add i32 %x, {i}\n  ret i32 %y\n}}\n"
        ));
    }
    src.push_str(
        "define spir_func void @vla(i32 %n) {\n  %a = alloca i32, i32 %n\n  ret void\n}\n",
    );
    for i in 0..6 {
        src.push_str(&format!(
            "define spir_func i32 @later{i}(i32 (i32)* %fp) {{\n  %r = call i32 %fp(i32 {i})\n  ret i32 %r\n}}\n"
        ));
    }
    let e = error(&src);
    assert!(e.contains("@vla") && e.contains("variable-length"), "{e}");
}

#[test]
fn unsupported_constructs_are_named() {
    let indirect = format!(
        "{HEADER32}
define spir_func i32 @f(i32 (i32)* %fp) {{
  %r = call i32 %fp(i32 1)
  ret i32 %r
}}
"
    );
    let e = error(&indirect);
    assert!(
        e.contains("@f") && (e.contains("function pointer") || e.contains("indirect call")),
        "{e}"
    );
    let vla = format!(
        "{HEADER32}
define spir_func void @g(i32 %n) {{
  %a = alloca i32, i32 %n
  ret void
}}
"
    );
    let e = error(&vla);
    assert!(e.contains("@g") && e.contains("variable-length"), "{e}");
    let wide = format!(
        "{HEADER32}
define spir_func i128 @h(i128 %x) {{
  ret i128 %x
}}
"
    );
    assert!(error(&wide).contains("i128"));
}

#[test]
fn usm_address_spaces_with_and_without_the_extension() {
    let src = format!(
        "{HEADER64}
define spir_kernel void @k(i32 addrspace(5)* %dev, i32 addrspace(6)* %host) {{
  %g = addrspacecast i32 addrspace(5)* %dev to i32 addrspace(1)*
  %v = load i32 addrspace(1)* %g, align 4
  store i32 %v, i32 addrspace(6)* %host, align 4
  ret void
}}
"
    );
    let plain = spirv(&src);
    assert!(find(&plain, Op::Extension).is_empty());
    assert!(find(&plain, Op::TypePointer)
        .iter()
        .all(|p| p.operands[0] != Operand::Word(StorageClass::DeviceOnlyALTERA.0)));
    assert!(
        find(&plain, Op::PtrCastToCrossWorkgroupALTERA).is_empty(),
        "without the extension the cast disappears"
    );
    for spelling in [
        "+SPV_ALTERA_usm_storage_classes",
        "+SPV_INTEL_usm_storage_classes",
    ] {
        let mut options = TranslateOptions::default();
        options.apply_extension_list(spelling).unwrap();
        let usm = spirv_with(&src, &options);
        let ext = find(&usm, Op::Extension);
        assert_eq!(ext[0].operands[0], Operand::String(spelling[1..].into()));
        assert!(has_capability(&usm, Capability::USMStorageClassesALTERA));
        let classes: Vec<_> = find(&usm, Op::TypePointer)
            .iter()
            .map(|p| p.operands[0].clone())
            .collect();
        assert!(classes.contains(&Operand::Word(StorageClass::DeviceOnlyALTERA.0)));
        assert!(classes.contains(&Operand::Word(StorageClass::HostOnlyALTERA.0)));
        assert_eq!(find(&usm, Op::PtrCastToCrossWorkgroupALTERA).len(), 1);
    }
    let mut options = TranslateOptions::default();
    assert!(options.apply_extension_list("+SPV_NO_SUCH_thing").is_err());
}

#[test]
fn every_corpus_kernel_translates() {
    let Some(corpus) = spirvkit_test_support::corpus_dir() else {
        return;
    };
    let files =
        spirvkit_test_support::files_with_extensions(&corpus.join("spir12"), &["bc32", "bc64"]);
    assert!(
        files.len() > 3000,
        "expected the SPIR 1.2 corpus, found {}",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let llvm = match spirvkit_llvm::read_file(path) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        match translate(&llvm, &TranslateOptions::default()) {
            Ok(m) => {
                let words = m.to_words();
                assert!(
                    Module::from_words(&words).is_ok(),
                    "{}: output does not decode",
                    path.display()
                );
                // Function bodies translated on several threads: the same module, id for id.
                let parallel = spirvkit_spir::translate_with_plan(
                    &llvm,
                    &untyped_or_not(false),
                    ParallelPlan::EVERY_FUNCTION_A_CHUNK,
                )
                .map(|m| m.to_words());
                assert!(
                    parallel.as_ref() == Ok(&words),
                    "{}: the parallel translation differs",
                    path.display()
                );
                // And with untyped pointers.
                let untyped = untyped_or_not(true);
                let sequential =
                    spirvkit_spir::translate_with_plan(&llvm, &untyped, ParallelPlan::SEQUENTIAL)
                        .map(|m| m.to_words());
                let parallel = spirvkit_spir::translate_with_plan(
                    &llvm,
                    &untyped,
                    ParallelPlan::EVERY_FUNCTION_A_CHUNK,
                )
                .map(|m| m.to_words());
                assert!(
                    sequential.is_ok() && parallel == sequential,
                    "{}: the parallel untyped translation differs",
                    path.display()
                );
            }
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed, first: {:?}",
        failures.len(),
        files.len(),
        &failures[..failures.len().min(5)]
    );
}

fn untyped_or_not(untyped: bool) -> TranslateOptions {
    let mut options = TranslateOptions::default();
    if untyped {
        options
            .apply_extension_list("+SPV_KHR_untyped_pointers")
            .unwrap_or_else(|e| panic!("{e}"));
    }
    options
}
