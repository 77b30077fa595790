//! A large, valid OpenCL-style module: many functions, each with straight-line arithmetic, a
//! diamond with OpPhi, loads and stores, and the same OpName ("x") on every function and
//! parameter, which is the disassembler's friendly-name worst case.

use spirvkit_core::builder::Builder;
use spirvkit_core::Operand::{Id as I, Word as W};
use spirvkit_grammar::{
    AddressingModel, Capability, ExecutionModel, FunctionControl, MemoryAccess, MemoryModel, Op,
    StorageClass,
};

pub fn large_module(functions: u32, body_ops: u32) -> Vec<u32> {
    let mut b = Builder::new(0x0001_0000, 7 << 16);
    for cap in [Capability::Addresses, Capability::Kernel, Capability::Int64] {
        b.capability(cap);
    }
    b.global(spirvkit_core::Instruction::new(
        Op::MemoryModel,
        None,
        None,
        [W(AddressingModel::Physical64.0), W(MemoryModel::OpenCL.0)],
    ));
    let void = b.type_void();
    let boolean = b.type_bool();
    let uint = b.type_int(32, false);
    let ptr = b.type_pointer(StorageClass::CrossWorkgroup.0, uint);
    let fn_ty = b.type_function(uint, &[ptr, uint]);
    let kernel_ty = b.type_function(void, &[ptr, uint]);
    let constants: Vec<_> = [1u32, 3, 7, 100, 0x5bd1e995]
        .iter()
        .map(|&v| b.constant_u32(uint, v))
        .collect();
    let aligned = [W(MemoryAccess::Aligned.0), W(4)];
    let ops = [
        Op::IAdd,
        Op::IMul,
        Op::BitwiseXor,
        Op::ISub,
        Op::BitwiseAnd,
        Op::BitwiseOr,
    ];

    let mut first_function = None;
    for f in 0..functions {
        let id = b.begin_function(uint, FunctionControl::None.0, fn_ty);
        first_function.get_or_insert(id);
        let p = b.function_parameter(ptr);
        let n = b.function_parameter(uint);
        b.name(id, "x");
        b.name(p, "x");
        b.begin_block();
        let load = [I(p), aligned[0].clone(), aligned[1].clone()];
        let mut acc = b
            .push(Op::Load, Some(uint), true, load.to_vec())
            .unwrap_or_default();
        for i in 0..body_ops {
            let op = ops[((i + f) as usize) % ops.len()];
            let rhs = if i % 2 == 0 {
                n
            } else {
                constants[(i as usize) % constants.len()]
            };
            acc = b
                .push(op, Some(uint), true, vec![I(acc), I(rhs)])
                .unwrap_or_default();
        }
        let cmp = b
            .push(
                Op::ULessThan,
                Some(boolean),
                true,
                vec![I(acc), I(constants[3])],
            )
            .unwrap_or_default();
        let (then_l, else_l, merge_l) = (b.alloc_id(), b.alloc_id(), b.alloc_id());
        b.push(Op::SelectionMerge, None, false, vec![I(merge_l), W(0)]);
        b.push(
            Op::BranchConditional,
            None,
            false,
            vec![I(cmp), I(then_l), I(else_l)],
        );
        b.begin_block_with_id(then_l);
        let t = b
            .push(Op::IAdd, Some(uint), true, vec![I(acc), I(constants[0])])
            .unwrap_or_default();
        b.push(Op::Branch, None, false, vec![I(merge_l)]);
        b.begin_block_with_id(else_l);
        let e = b
            .push(Op::ISub, Some(uint), true, vec![I(acc), I(constants[0])])
            .unwrap_or_default();
        b.push(Op::Branch, None, false, vec![I(merge_l)]);
        b.begin_block_with_id(merge_l);
        let phi = b
            .push(
                Op::Phi,
                Some(uint),
                true,
                vec![I(t), I(then_l), I(e), I(else_l)],
            )
            .unwrap_or_default();
        b.push(
            Op::Store,
            None,
            false,
            vec![I(p), I(phi), aligned[0].clone(), aligned[1].clone()],
        );
        b.push(Op::ReturnValue, None, false, vec![I(phi)]);
        b.end_function();
    }

    // One kernel calling the first function makes the module a complete OpenCL program.
    let kernel = b.begin_function(void, FunctionControl::None.0, kernel_ty);
    let p = b.function_parameter(ptr);
    let n = b.function_parameter(uint);
    b.begin_block();
    if let Some(callee) = first_function {
        b.push(
            Op::FunctionCall,
            Some(uint),
            true,
            vec![I(callee), I(p), I(n)],
        );
    }
    b.push(Op::Return, None, false, vec![]);
    b.end_function();
    let mut entry = vec![W(ExecutionModel::Kernel.0), I(kernel)];
    entry.push(spirvkit_core::Operand::String("main".into()));
    b.global(spirvkit_core::Instruction::new(
        Op::EntryPoint,
        None,
        None,
        entry,
    ));
    b.finish().to_words()
}
