//! A fast hasher for the translator's maps keyed by small numbers (LLVM type ids, SPIR-V
//! ids): one multiply per word (the FxHash scheme rustc uses) instead of SipHash. The keys
//! are numbers this crate or the reader allocate densely, not chosen by an attacker's text,
//! so DoS-resistant hashing buys nothing here.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
pub(crate) type FastSet<K> = HashSet<K, BuildHasherDefault<FxHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_keyed_by_numbers_work() {
        let mut m: FastMap<(u32, u32, u32), u32> = FastMap::default();
        for i in 0..10_000u32 {
            m.insert((i, i % 7, 3), i * 2);
        }
        assert_eq!(m.len(), 10_000);
        assert!((0..10_000u32).all(|i| m.get(&(i, i % 7, 3)) == Some(&(i * 2))));
        let mut h = FxHasher::default();
        h.write(b"abcdefghij");
        let mut g = FxHasher::default();
        g.write(b"abcdefghik");
        assert_ne!(h.finish(), g.finish());
    }
}
