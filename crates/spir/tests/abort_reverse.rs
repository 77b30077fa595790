//! SPV_KHR_abort through the reverse translation: OpAbortKHR is `__spirv_AbortKHR(message)`
//! followed by `unreachable` (llvm-spirv -r's form in its trap tests), in each trapping block
//! of a function with several, and translating that back gives the OpAbortKHR again.

mod common;
use common::translate_with;
use spirvkit_grammar::Op;

const TRAPS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @multi_trap(i32 %x) {
entry:
  %a = icmp sgt i32 %x, 10
  br i1 %a, label %first, label %next
first:
  call void @llvm.trap()
  unreachable
next:
  %b = icmp slt i32 %x, 0
  br i1 %b, label %second, label %ok
second:
  call void @llvm.trap()
  ret i32 0
ok:
  ret i32 %x
}
declare void @llvm.trap()
"#;

#[test]
fn abort_reads_back_as_the_abort_call_and_unreachable() {
    for ext in ["+SPV_KHR_abort", "+SPV_KHR_abort,+SPV_KHR_untyped_pointers"] {
        let m = translate_with(TRAPS, ext).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            m.instructions()
                .filter(|i| i.opcode == Op::AbortKHR)
                .count(),
            2
        );
        let back = spirvkit_spir::reverse::reverse_words(&m.to_words(), &Default::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let ll = back.to_ll(&spirvkit_llvm::WriteOptions::opaque());
        let lines: Vec<&str> = ll.lines().map(str::trim).collect();
        let calls: Vec<usize> = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.starts_with("call spir_func void @_Z16__spirv_AbortKHRi(i32 -1)"))
            .map(|(n, _)| n)
            .collect();
        assert_eq!(calls.len(), 2, "{ll}");
        for n in calls {
            assert_eq!(lines.get(n + 1), Some(&"unreachable"), "{ll}");
        }
        // Forward again: the same two aborts.
        let mut options = spirvkit_spir::TranslateOptions::default();
        options
            .apply_extension_list(ext)
            .unwrap_or_else(|e| panic!("{e}"));
        let again = spirvkit_spir::translate(&back, &options).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            again
                .instructions()
                .filter(|i| i.opcode == Op::AbortKHR)
                .count(),
            2
        );
    }
}
