//! SPV_INTEL_predicated_io (SPIRV-Registry, revision 1): `__spirv_PredicatedLoadINTEL(ptr,
//! i1 predicate, default[, memory operands])` → OpPredicatedLoadINTEL (6258),
//! `__spirv_PredicatedStoreINTEL(ptr, object, i1 predicate[, memory operands])` →
//! OpPredicatedStoreINTEL (6259), capability PredicatedIOINTEL (6257); the memory operands
//! are a literal mask (with its parameters) as the specification says. spirv-val 2025.5 does
//! not know capability 6257: the outputs are checked by form. Refused naming the extension
//! without it, as llvm-spirv refuses.

mod common;
use common::{capabilities, extensions, translate_with};
use spirvkit_core::{Instruction, Module, Operand};
use spirvkit_grammar::Op;

const SRC: &str = r#"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %lp, ptr addrspace(1) %sp, i32 %d, i32 %v, i1 zeroext %pred, <4 x float> %fv) {
entry:
  %a = call spir_func i32 @_Z27__spirv_PredicatedLoadINTELPU3AS1Kibi(ptr addrspace(1) %lp, i1 %pred, i32 %d)
  %b = call spir_func i32 @_Z27__spirv_PredicatedLoadINTELPU3AS1Kibii(ptr addrspace(1) %lp, i1 %pred, i32 %d, i32 0)
  %c = call spir_func i32 @_Z27__spirv_PredicatedLoadINTELPU3AS1Kibiii(ptr addrspace(1) %lp, i1 %pred, i32 %d, i32 2, i32 4)
  %f = call spir_func <4 x float> @_Z27__spirv_PredicatedLoadINTELPU3AS1Dv4_fbS_(ptr addrspace(1) %lp, i1 %pred, <4 x float> %fv)
  call spir_func void @_Z28__spirv_PredicatedStoreINTELPU3AS1Kiib(ptr addrspace(1) %sp, i32 %a, i1 %pred)
  call spir_func void @_Z28__spirv_PredicatedStoreINTELPU3AS1Kiibi(ptr addrspace(1) %sp, i32 %b, i1 %pred, i32 0)
  call spir_func void @_Z28__spirv_PredicatedStoreINTELPU3AS1Dv4_fS_b(ptr addrspace(1) %sp, <4 x float> %f, i1 %pred)
  ret void
}
declare spir_func i32 @_Z27__spirv_PredicatedLoadINTELPU3AS1Kibi(ptr addrspace(1), i1, i32)
declare spir_func i32 @_Z27__spirv_PredicatedLoadINTELPU3AS1Kibii(ptr addrspace(1), i1, i32, i32)
declare spir_func i32 @_Z27__spirv_PredicatedLoadINTELPU3AS1Kibiii(ptr addrspace(1), i1, i32, i32, i32)
declare spir_func <4 x float> @_Z27__spirv_PredicatedLoadINTELPU3AS1Dv4_fbS_(ptr addrspace(1), i1, <4 x float>)
declare spir_func void @_Z28__spirv_PredicatedStoreINTELPU3AS1Kiib(ptr addrspace(1), i32, i1)
declare spir_func void @_Z28__spirv_PredicatedStoreINTELPU3AS1Kiibi(ptr addrspace(1), i32, i1, i32)
declare spir_func void @_Z28__spirv_PredicatedStoreINTELPU3AS1Dv4_fS_b(ptr addrspace(1), <4 x float>, i1)
"#;

fn all(m: &Module, op: Op) -> Vec<Instruction> {
    m.instructions()
        .filter(|i| i.opcode == op)
        .cloned()
        .collect()
}

#[test]
fn predicated_loads_and_stores_typed_and_untyped() {
    for ext in [
        "+SPV_INTEL_predicated_io",
        "+SPV_INTEL_predicated_io,+SPV_KHR_untyped_pointers",
    ] {
        let m = translate_with(SRC, ext).unwrap_or_else(|e| panic!("{ext}: {e}"));
        assert!(capabilities(&m).contains(&6257), "{ext}: PredicatedIOINTEL");
        assert!(extensions(&m).contains(&"SPV_INTEL_predicated_io".to_owned()));
        let loads = all(&m, Op::PredicatedLoadINTEL);
        assert_eq!(loads.len(), 4, "{ext}");
        // Pointer, predicate, default value, then the literal memory operands if any.
        let tails: Vec<Vec<Operand>> = loads.iter().map(|l| l.operands[3..].to_vec()).collect();
        assert_eq!(
            tails,
            vec![
                vec![],
                vec![Operand::Word(0)],
                vec![Operand::Word(2), Operand::Word(4)],
                vec![]
            ],
            "{ext}"
        );
        for l in &loads {
            assert!(matches!(l.operands[0], Operand::Id(_)), "{ext}: {l:?}");
            assert!(matches!(l.operands[2], Operand::Id(_)), "{ext}: {l:?}");
        }
        let stores = all(&m, Op::PredicatedStoreINTEL);
        assert_eq!(stores.len(), 3, "{ext}");
        let tails: Vec<Vec<Operand>> = stores.iter().map(|s| s.operands[3..].to_vec()).collect();
        assert_eq!(tails, vec![vec![], vec![Operand::Word(0)], vec![]], "{ext}");
    }
}

#[test]
fn predicated_io_needs_its_extension() {
    let err = translate_with(SRC, "").expect_err("refused");
    assert!(
        err.contains("__spirv_PredicatedLoadINTEL")
            && err.contains("--spirv-ext=+SPV_INTEL_predicated_io"),
        "{err}"
    );
}
