//! Malformed binaries give typed errors with offsets, never panics or hangs.
use proptest::prelude::*;
use spirvkit_core::{words_from_bytes, DecodeErrorKind, Module, Parser};

/// A small valid module: OpCapability Shader; OpMemoryModel Logical GLSL450;
/// %1 = OpTypeInt 32 0; %2 = OpConstant %1 7; OpName %1 "uint".
fn sample() -> Vec<u32> {
    let mut w = vec![0x0723_0203, 0x0001_0000, 0, 4, 0];
    w.extend([(2 << 16) | 17, 1]);
    w.extend([(3 << 16) | 14, 0, 1]);
    w.extend([(4 << 16) | 5, 1, u32::from_le_bytes(*b"uint"), 0]);
    w.extend([(4 << 16) | 21, 1, 32, 0]);
    w.extend([(4 << 16) | 43, 1, 2, 7]);
    w
}

fn decode_all(words: &[u32]) -> Result<usize, spirvkit_core::DecodeError> {
    let mut parser = Parser::new(words)?;
    let mut n = 0;
    while parser.next_instruction()?.is_some() {
        n += 1;
    }
    Ok(n)
}

#[test]
fn sample_decodes() {
    assert_eq!(decode_all(&sample()), Ok(5));
    let module = Module::from_words(&sample()).unwrap();
    assert_eq!(module.to_words(), sample());
    assert_eq!(
        module.names().get(&spirvkit_core::Id(1)).copied(),
        Some("uint")
    );
}

#[test]
fn big_endian_is_detected() {
    let bytes: Vec<u8> = sample().iter().flat_map(|w| w.to_be_bytes()).collect();
    let (words, endian) = words_from_bytes(&bytes).unwrap();
    assert_eq!(endian, spirvkit_core::Endian::Big);
    assert_eq!(words, sample());
}

#[test]
fn header_errors() {
    let e = words_from_bytes(&[1, 2, 3]).unwrap_err();
    assert_eq!(e.kind, DecodeErrorKind::NotWordAligned(3));
    let e = words_from_bytes(&[0; 20]).unwrap_err();
    assert_eq!(e.kind, DecodeErrorKind::BadMagic(0));
    let e = Parser::new(&[0x0723_0203, 0]).err().unwrap();
    assert_eq!(e.kind, DecodeErrorKind::TruncatedHeader(2));
}

#[test]
fn instruction_errors_name_offsets() {
    let mut w = sample();
    w[5] = 17; // word count 0
    let e = decode_all(&w).unwrap_err();
    assert_eq!(
        (e.kind, e.word_offset, e.instruction),
        (DecodeErrorKind::ZeroWordCount, 5, Some(0))
    );

    let mut w = sample();
    w.push((9 << 16) | 17);
    let e = decode_all(&w).unwrap_err();
    assert!(
        matches!(
            e.kind,
            DecodeErrorKind::WordCountPastEnd {
                count: 9,
                remaining: 1
            }
        ),
        "{e}"
    );

    let mut w = sample();
    w[10] = (3 << 16) | 5; // OpName whose string loses its terminator word
    let e = decode_all(&w[..13]).unwrap_err();
    assert!(
        matches!(e.kind, DecodeErrorKind::UnterminatedString { .. }),
        "{e}"
    );

    let mut w = sample();
    w[3] = 2; // bound 2, but id 2 is defined
    let e = decode_all(&w).unwrap_err();
    assert!(
        matches!(
            e.kind,
            DecodeErrorKind::IdOutOfBound {
                id: 2,
                bound: 2,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("word 18"), "{e}");

    let mut w = sample();
    w[6] = 0x7fff_0000; // capability that does not exist
    let e = decode_all(&w).unwrap_err();
    assert!(
        matches!(e.kind, DecodeErrorKind::InvalidEnumerant { .. }),
        "{e}"
    );

    let mut w = sample();
    w[14] = (3 << 16) | 21; // OpTypeInt missing its signedness
    let e = decode_all(&w[..17]).unwrap_err();
    assert!(
        matches!(e.kind, DecodeErrorKind::MissingOperand { .. }),
        "{e}"
    );

    let mut w = sample();
    w[14] = (5 << 16) | 21; // OpTypeInt with a word too many
    let e = decode_all(&w[..19]).unwrap_err();
    assert!(
        matches!(e.kind, DecodeErrorKind::TrailingWords { extra: 1, .. }),
        "{e}"
    );
}

#[test]
fn unknown_opcodes_are_kept_raw() {
    let mut w = sample();
    w.extend([(3 << 16) | 0xfff0, 5, 6]);
    let module = Module::from_words(&w).unwrap();
    assert_eq!(module.to_words(), w);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_words_never_panic(words in proptest::collection::vec(any::<u32>(), 0..64)) {
        let mut w = sample()[..5].to_vec();
        w.extend(words);
        let _ = decode_all(&w);
        let _ = Module::from_words(&w);
    }

    #[test]
    fn bit_flips_never_panic_and_valid_results_round_trip(word in 0usize..24, bit in 0u32..32) {
        let mut w = sample();
        if let Some(x) = w.get_mut(word) {
            *x ^= 1 << bit;
        }
        if let Ok(module) = Module::from_words(&w) {
            prop_assert_eq!(module.to_words(), w);
        }
    }

    #[test]
    fn truncation_never_panics(len in 0usize..24) {
        let w = sample();
        let _ = Module::from_words(&w[..len.min(w.len())]);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = Module::from_bytes(&bytes);
    }
}
