//! Reading the text in pieces gives exactly the words (or the error, with its line and
//! column) of assembling the whole text at once, wherever the pieces are cut: inside
//! instructions, words, strings, comments, multi-byte characters and the look-ahead that
//! ends an instruction.
use spirvkit_test_support::{corpus_dir, files_with_extensions};
use spirvkit_text::asm::assemble_read_in_pieces;
use spirvkit_text::{assemble, AssembleOptions, TargetEnv};

fn in_pieces(text: &[u8], opts: &AssembleOptions, piece: usize) -> Result<Vec<u32>, String> {
    assemble_read_in_pieces(|| Ok(text), Some(text.len()), opts, piece).map_err(|e| e.to_string())
}

fn check(text: &str, opts: &AssembleOptions, pieces: &[usize]) {
    let whole = assemble(text, opts).map_err(|e| e.to_string());
    for &piece in pieces {
        assert_eq!(
            in_pieces(text.as_bytes(), opts, piece),
            whole,
            "pieces of {piece} bytes differ from the whole text:\n{text}"
        );
    }
}

const SMALL_PIECES: &[usize] = &[1, 2, 3, 5, 7, 16, 61, 256, 4096];

#[test]
fn hand_made_texts_in_every_piece_size() {
    let texts = [
        "; Version: 1.3\n; comment\nOpCapability Shader\nOpMemoryModel Logical GLSL450\n",
        "OpCapability Shader\n%1 = OpExtInstImport \"GLSL.std.450\"\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\nOpName %main \"ma\\\"in ; not a comment\"\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%float = OpTypeFloat 32\n%c = OpConstant %float 1.5\n%main = OpFunction %void None %fn\n%l = OpLabel\n%s = OpExtInst %float %1 Sin %c\nOpReturn\nOpFunctionEnd\n",
        "%uint = OpTypeInt 32 0\n%ulong = OpTypeInt 64 0\n%a = OpConstant %ulong 4294967296\n%b = OpUndef %ulong\nOpSwitch %b %m 4294967296 %c 7 %d\n%m = OpLabel\n",
        "!0x00020011 !1\nOpUnknown(17, 2) 1\n%x = OpTypeVoid ; trailing comment without newline",
        "OpSource GLSL 450 %f \"ünïcödé ✓ text\"\nOpName %x \"日本語\"\n",
        "%1 = OpTypeInt 32 0\n%1 = OpTypeInt 32 0\n",
        "OpCapability Shader\nOpName %a \"x\ny\" Foo\n",
        "%1 = OpTypeInt 32 0\n%2 = OpConstant %1\n",
        "%1 = OpTypeInt 32 0\n%2 = OpConstant %1\nOpCapability Shader\n",
        "   \n\n; only comments\n",
        "",
        "OpCapability Shader\0OpCapability Bogus\n",
    ];
    for text in texts {
        check(text, &AssembleOptions::default(), SMALL_PIECES);
        let opts = AssembleOptions {
            target_env: Some(TargetEnv::Vulkan(1)),
            preserve_numeric_ids: true,
        };
        check(text, &opts, SMALL_PIECES);
    }
}

#[test]
fn invalid_utf8_is_replaced_as_when_read_whole() {
    let mut text = b"OpCapability Shader\nOpName %x \"a".to_vec();
    text.extend_from_slice(&[0xff, 0xe6, 0x97, b'b', 0xe6, 0x97, 0xa5]);
    text.extend_from_slice(b"\"\nOpName %y \"\xc3\"\n");
    let whole = assemble(&String::from_utf8_lossy(&text), &AssembleOptions::default())
        .map_err(|e| e.to_string());
    for &piece in SMALL_PIECES {
        assert_eq!(
            in_pieces(&text, &AssembleOptions::default(), piece),
            whole,
            "piece {piece}"
        );
    }
}

#[test]
fn corpus_texts_in_small_pieces() {
    let Some(corpus) = corpus_dir() else { return };
    let files = files_with_extensions(&corpus.join("spvasm"), &["spvasm", "spvasm32", "spvasm64"]);
    assert!(files.len() > 900, "only {} corpus texts", files.len());
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        check(&text, &AssembleOptions::default(), &[97, 4096]);
    }
}
