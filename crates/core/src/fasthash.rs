//! A small, fast, non-cryptographic hasher (the FxHash scheme rustc uses: one multiply per
//! word) for maps keyed by numbers or short names that spirvkit itself allocates or reads: the
//! assembler's name table, the translator's type and id tables. DoS-resistant SipHash buys
//! nothing for such keys and costs several times more per lookup.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The hasher; build maps with [`FxBuild`].
#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.hash = (self.hash.rotate_left(5) ^ w).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut b = [0u8; 8];
            b.copy_from_slice(c);
            self.add(u64::from_le_bytes(b));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(b));
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
        // The multiply leaves the low bits (hashbrown's bucket index) depending only on low
        // input bits; fold the high bits down so names differing in their last characters
        // spread out.
        let h = self.hash;
        (h ^ (h >> 32) ^ (h >> 47)).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (h >> 29)
    }
}

pub type FxBuild = BuildHasherDefault<FxHasher>;
pub type FxHashMap<K, V> = HashMap<K, V, FxBuild>;
pub type FxHashSet<K> = HashSet<K, FxBuild>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_keyed_by_numbers_and_names_work() {
        let mut m: FxHashMap<(u32, u32, u32), u32> = FxHashMap::default();
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
