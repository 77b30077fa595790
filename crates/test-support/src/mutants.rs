//! Mutants of the modern LLVM seeds (`modern_llvm`) for the robustness property tests of the
//! LLVM readers and of the translator: the seeds' bitcode, assembled once per test binary,
//! the seeds with a list of mutations applied, and the proptest strategies drawing the lists.

use crate::modern_llvm::{modern_seeds_with_bitcode, MODERN_SEEDS};
use crate::mutate::{mutate_bitcode, mutate_text, BitcodeMutation, TextMutation};
use proptest::prelude::*;
use std::sync::OnceLock;

/// The seeds `llvm-as-22` assembles (none when it is missing), with their names.
pub fn seed_bitcode() -> &'static [(&'static str, Vec<u8>)] {
    static BITCODE: OnceLock<Vec<(&'static str, Vec<u8>)>> = OnceLock::new();
    BITCODE.get_or_init(|| {
        modern_seeds_with_bitcode()
            .into_iter()
            .filter_map(|(name, _, bc)| bc.map(|bc| (name, bc)))
            .collect()
    })
}

/// Text seed number `seed` (modulo their count) with `mutations` applied in order.
pub fn mutated_text(seed: usize, mutations: &[TextMutation]) -> String {
    let mut text = MODERN_SEEDS[seed % MODERN_SEEDS.len()].1.to_owned();
    for m in mutations {
        text = mutate_text(&text, m);
    }
    text
}

/// Bitcode seed number `seed` (modulo their count) with `mutations` applied in order; `None`
/// when no seed could be assembled.
pub fn mutated_bitcode(seed: usize, mutations: &[BitcodeMutation]) -> Option<Vec<u8>> {
    let seeds = seed_bitcode();
    let (_, bc) = seeds.get(seed % seeds.len().max(1))?;
    let mut data = bc.clone();
    for m in mutations {
        data = mutate_bitcode(&data, m);
    }
    Some(data)
}

/// One to `max` text mutations of any kind.
pub fn text_mutations(max: usize) -> impl Strategy<Value = Vec<TextMutation>> {
    prop::collection::vec(
        (any::<u8>(), any::<usize>(), any::<usize>())
            .prop_map(|(k, a, b)| TextMutation::from_raw(k, a, b)),
        1..=max,
    )
}

/// One to `max` shape-keeping text mutations (`TextMutation::SHAPE_KEEPING_KINDS`): most
/// token deletions make text no reader accepts, so a translator test learns little from them.
pub fn shape_keeping_text_mutations(max: usize) -> impl Strategy<Value = Vec<TextMutation>> {
    prop::collection::vec(
        (
            prop::sample::select(TextMutation::SHAPE_KEEPING_KINDS),
            any::<usize>(),
            any::<usize>(),
        )
            .prop_map(|(k, a, b)| TextMutation::from_raw(k, a, b)),
        1..=max,
    )
}

/// One to `max` bitcode mutations.
pub fn bitcode_mutations(max: usize) -> impl Strategy<Value = Vec<BitcodeMutation>> {
    prop::collection::vec(
        (any::<u8>(), any::<usize>(), any::<usize>())
            .prop_map(|(k, a, b)| BitcodeMutation::from_raw(k, a, b)),
        1..=max,
    )
}
