//! Id assignment exactly as spirv-as does it: named ids are numbered 1, 2, ... in order of
//! first appearance; with `--preserve-numeric-ids`, ids whose names are numbers keep their
//! number and named ids fill the gaps.

use super::numbers::parse_u32_base0;
pub use spirvkit_core::fasthash::{FxBuild, FxHashMap};
use std::collections::HashSet;

const CACHE: usize = 1024;

#[derive(Clone)]
pub struct Ids<'a> {
    named: FxHashMap<&'a str, u32>,
    /// Names that are canonical decimal numbers (`17`, not `017`) below `numeric_limit`:
    /// number → id + 1 (0: not yet seen). Same mapping as `named`, without hashing.
    numeric: Vec<u32>,
    numeric_limit: usize,
    /// A direct-mapped cache in front of `named`: types and constants (`%uint`, `%uint_3`)
    /// are referenced by almost every instruction.
    cache: Vec<(&'a str, u32)>,
    next: u32,
    pub bound: u32,
    preserve: HashSet<u32, FxBuild>,
    /// In a chunk of a parallel assembly: where in the source the names of the ids made
    /// fresh here start, in order (the first one is `chunk_base`); they are renumbered when
    /// the chunks are merged. Offsets (4 bytes) rather than `&str` (16) keep this small.
    chunk_names: Option<Vec<u32>>,
    chunk_base: u32,
    /// The address of the source text, to turn names into offsets.
    source_start: usize,
}

impl<'a> Ids<'a> {
    pub fn new(preserve: HashSet<u32, FxBuild>, capacity: usize) -> Self {
        let mut named = FxHashMap::default();
        named.reserve(capacity);
        // Decimal names with d digits take d+1 bytes of text, so numbers beyond a few times
        // the text size are rare; they fall back to the hash map.
        let numeric_limit = (capacity * 64).clamp(1 << 16, 1 << 26);
        Self {
            named,
            numeric: Vec::new(),
            numeric_limit,
            cache: vec![("", 0); CACHE],
            next: 1,
            bound: 1,
            preserve,
            chunk_names: None,
            chunk_base: 0,
            source_start: 0,
        }
    }

    /// A copy for assembling a chunk of the text in parallel: names known here keep their
    /// ids; new names get temporary ids from `self.next` up, recorded in order.
    /// Releases the room reserved for names not seen yet (before copying for chunks).
    pub fn shrink_to_fit(&mut self) {
        self.named.shrink_to_fit();
        self.numeric.shrink_to_fit();
    }

    /// `source` is the whole text; it must be shorter than 4 GiB (offsets are `u32`).
    /// `expected_names` only sizes the first allocation.
    pub fn for_chunk(&self, source: &'a str, expected_names: usize) -> Self {
        let mut chunk = self.clone();
        chunk.chunk_names = Some(Vec::with_capacity(expected_names));
        chunk.chunk_base = self.next;
        chunk.source_start = source.as_ptr() as usize;
        chunk
    }

    /// The first temporary id of a chunk (ids below it are final).
    pub fn chunk_base(&self) -> u32 {
        self.chunk_base
    }

    /// Where the names behind a chunk's temporary ids start in the source (after the `%`),
    /// in id order. A name runs to the first byte that cannot be part of a name.
    pub fn chunk_name_offsets(&self) -> &[u32] {
        self.chunk_names.as_deref().unwrap_or(&[])
    }

    /// The id of a name already seen, without recording anything.
    pub fn lookup(&self, name: &str) -> Option<u32> {
        if let Some(n) = canonical_decimal(name, self.numeric_limit) {
            return match self.numeric.get(n) {
                Some(&v) if v != 0 => Some(v - 1),
                _ => None,
            };
        }
        self.named.get(name).copied()
    }

    /// The next id a fresh name would get.
    pub fn next_id(&self) -> u32 {
        self.next
    }

    /// The id for `%name` (name without `%`); a name not seen before must pass `valid` first
    /// (`None` if not).
    /// Names already in the table were checked when they entered it, so the common case of
    /// a known name costs no validation.
    #[inline]
    /// `first_eight`: the 8 source bytes starting at `name`, when the text has that many
    /// (lets numeric names be recognised and parsed without a loop).
    pub fn get_if_valid(
        &mut self,
        name: &'a str,
        first_eight: Option<[u8; 8]>,
        valid: impl Fn(&str) -> bool,
    ) -> Option<u32> {
        if !self.preserve.is_empty() {
            if let Some(id) = parse_u32_base0(name) {
                if self.preserve.contains(&id) && valid(name) {
                    self.bound = self.bound.max(id.saturating_add(1));
                    return Some(id);
                }
            }
        }
        let numeric = match first_eight {
            Some(eight) if name.len() <= 8 => {
                canonical_decimal_eight(eight, name.len(), self.numeric_limit)
            }
            _ => canonical_decimal(name, self.numeric_limit),
        };
        if let Some(n) = numeric {
            if let Some(&v) = self.numeric.get(n) {
                if v != 0 {
                    return Some(v - 1);
                }
            }
            let id = self.fresh_named(name);
            if n >= self.numeric.len() {
                self.numeric.resize((n + 1).max(self.numeric.len() * 2), 0);
            }
            self.numeric[n] = id.wrapping_add(1);
            return Some(id);
        }
        let b = name.as_bytes();
        let slot = (b.len().wrapping_mul(31)
            ^ usize::from(b.first().copied().unwrap_or(0)).wrapping_mul(7)
            ^ usize::from(b.last().copied().unwrap_or(0)).wrapping_mul(131)
            ^ usize::from(b.get(b.len() / 2).copied().unwrap_or(0)).wrapping_mul(1031))
            & (CACHE - 1);
        if let Some(&(k, id)) = self.cache.get(slot) {
            if k == name && !k.is_empty() {
                return Some(id);
            }
        }
        let id = match self.named.get(name) {
            Some(&id) => id,
            None => {
                if !valid(name) {
                    return None;
                }
                let id = self.fresh_named(name);
                self.named.insert(name, id);
                id
            }
        };
        if let Some(c) = self.cache.get_mut(slot) {
            *c = (name, id);
        }
        Some(id)
    }

    #[inline]
    fn fresh_named(&mut self, name: &'a str) -> u32 {
        if let Some(names) = &mut self.chunk_names {
            // Names are slices of the source (see `for_chunk`), so this cannot underflow.
            names.push((name.as_ptr() as usize).wrapping_sub(self.source_start) as u32);
        }
        self.fresh()
    }

    #[inline]
    fn fresh(&mut self) -> u32 {
        let mut id = self.next;
        self.next = self.next.wrapping_add(1);
        while !self.preserve.is_empty() && self.preserve.contains(&id) {
            id = self.next;
            self.next = self.next.wrapping_add(1);
        }
        self.bound = self.bound.max(id.saturating_add(1));
        id
    }

    /// Numbers among the names seen (the `--preserve-numeric-ids` pre-pass).
    pub fn numeric_names(&self) -> HashSet<u32, FxBuild> {
        let mut set: HashSet<u32, FxBuild> = self
            .named
            .keys()
            .filter_map(|n| parse_u32_base0(n))
            .collect();
        set.extend(
            self.numeric
                .iter()
                .enumerate()
                .filter(|(_, &v)| v != 0)
                .filter_map(|(n, _)| u32::try_from(n).ok()),
        );
        set
    }
}

/// [`canonical_decimal`] of the first `len` (1 to 8) of these bytes, without a loop: the
/// digits are checked and combined eight at a time (SWAR).
#[inline]
fn canonical_decimal_eight(bytes: [u8; 8], len: usize, limit: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH_NIBBLES: u64 = 0xf0f0_f0f0_f0f0_f0f0;
    if len == 0 || len > 8 || (bytes[0] == b'0' && len > 1) {
        return None;
    }
    let x = u64::from_le_bytes(bytes);
    let keep = u64::MAX >> (64 - 8 * len);
    // A digit is 0x30..=0x39: high nibble 3, and still 3 after adding 6.
    let not_three = |y: u64| (y & HIGH_NIBBLES) ^ (0x30 * ONES);
    if (not_three(x) | not_three(x.wrapping_add(0x06 * ONES))) & keep != 0 {
        return None;
    }
    // Digit values, most significant in the lowest byte; shifted so that the unused bytes
    // become leading zeros.
    let mut d = (x.wrapping_sub(0x30 * ONES) & keep) << (64 - 8 * len);
    // Pairs of digits, then the two halves (the usual eight-digit SWAR combination).
    d = d.wrapping_mul(10).wrapping_add(d >> 8);
    const LANES: u64 = 0x0000_00ff_0000_00ff;
    d = (d & LANES)
        .wrapping_mul(100 + (1_000_000 << 32))
        .wrapping_add((d >> 16 & LANES).wrapping_mul(1 + (10_000 << 32)))
        >> 32;
    let n = d as usize;
    (n < limit).then_some(n)
}

/// `name` as a number when it is written in canonical decimal (no sign, no leading zero).
#[inline]
fn canonical_decimal(name: &str, limit: usize) -> Option<usize> {
    let b = name.as_bytes();
    if b.is_empty() || b.len() > 9 || (b[0] == b'0' && b.len() > 1) {
        return None;
    }
    let mut n = 0usize;
    for &c in b {
        if !c.is_ascii_digit() {
            return None;
        }
        n = n * 10 + usize::from(c - b'0');
    }
    (n < limit).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_byte_decimal_parse_agrees_with_the_loop() {
        let mut names: Vec<String> = vec![
            "0".into(),
            "00".into(),
            "01".into(),
            "9".into(),
            "10".into(),
            "12345678".into(),
            "99999999".into(),
            "1a".into(),
            "a1".into(),
            "1_".into(),
            "/".into(),
            ":".into(),
            "1:".into(),
            "1/".into(),
            "x_88".into(),
            "uint".into(),
            "1234567".into(),
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..50_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let len = (state >> 61) as usize + 1;
            let digits_only = state >> 60 & 1 == 0;
            let name: String = (0..len)
                .map(|k| {
                    let r = (state >> (8 * k)) as u8;
                    if digits_only {
                        (b'0' + r % 10) as char
                    } else {
                        (b'+' + r % 80) as char
                    }
                })
                .collect();
            names.push(name);
        }
        for name in &names {
            // The bytes after the name are arbitrary text.
            for tail in [*b"        ", *b"99999999", *b"\n\0\xff%ab;,"] {
                let mut eight = tail;
                let n = name.len().min(8);
                eight[..n].copy_from_slice(&name.as_bytes()[..n]);
                if name.len() <= 8 {
                    assert_eq!(
                        canonical_decimal_eight(eight, name.len(), 1 << 26),
                        canonical_decimal(name, 1 << 26),
                        "{name:?}"
                    );
                }
            }
        }
    }
}
