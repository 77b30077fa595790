//! `Module::write_to` streams exactly the bytes of `to_words` (little-endian), across chunk
//! boundaries too.
use spirvkit_core::builder::Builder;
use spirvkit_core::grammar::Op;
use spirvkit_core::{binary::bytes_from_words, Module, Operand};

fn large_module(functions: u32) -> Module {
    let mut b = Builder::new(0x0001_0000, 0);
    let void = b.type_void();
    let int = b.type_int(32, false);
    let fn_ty = b.type_function(void, &[]);
    for i in 0..functions {
        b.begin_function(void, 0, fn_ty);
        b.begin_block();
        let c = b.constant_u32(int, i);
        b.push(
            Op::IAdd,
            Some(int),
            true,
            vec![Operand::Id(c), Operand::Id(c)],
        );
        b.push(Op::Return, None, false, vec![]);
    }
    b.finish()
}

#[test]
fn streamed_bytes_equal_the_encoded_words() {
    for functions in [0, 1, 3000] {
        let module = large_module(functions);
        let mut streamed = Vec::new();
        module.write_to(&mut streamed).unwrap();
        assert_eq!(
            streamed,
            bytes_from_words(&module.to_words()),
            "{functions} functions"
        );
    }
}

#[test]
fn little_endian_encoding_equals_the_words_strings_included() {
    use spirvkit_core::encode::{encode_instruction, encode_instruction_le};
    use spirvkit_core::{Id, Instruction};
    for len in 0..10 {
        let text: String = "abcdefghij"[..len].into();
        let inst = Instruction::new(
            Op::Name,
            None,
            None,
            [Operand::Id(Id(7)), Operand::String(text.as_str().into())],
        );
        let (mut words, mut bytes) = (Vec::new(), Vec::new());
        encode_instruction(&inst, &mut words);
        encode_instruction_le(&inst, &mut bytes);
        assert_eq!(bytes, bytes_from_words(&words), "{len} bytes of text");
    }
    let module = large_module(40);
    let mut bytes = Vec::new();
    module.encode_front_le(&mut bytes);
    for function in &module.functions {
        function.encode_le(&mut bytes);
    }
    assert_eq!(bytes, bytes_from_words(&module.to_words()));
}
