//! Id assignment exactly as spirv-as does it: named ids are numbered 1, 2, ... in order of
//! first appearance; with `--preserve-numeric-ids`, ids whose names are numbers keep their
//! number and named ids fill the gaps.

use super::numbers::parse_u32_base0;
pub use spirvkit_core::fasthash::{FxBuild, FxHashMap};
use std::collections::HashSet;

const CACHE: usize = 1024;

/// Names up to this many bytes can sit in the lookup cache.
const CACHED_NAME: usize = 16;

/// One slot of the direct-mapped name cache: the name's bytes inline (no borrow of the
/// text, which is read in pieces), its length (0: empty slot) and its id.
#[derive(Clone, Copy)]
struct CacheSlot {
    name: [u8; CACHED_NAME],
    len: u8,
    id: u32,
}

const EMPTY_SLOT: CacheSlot = CacheSlot {
    name: [0; CACHED_NAME],
    len: 0,
    id: 0,
};

/// What to undo when an instruction that ran into the end of a piece of text is assembled
/// again after more text has been read (see `stream.rs`).
#[derive(Clone, Copy, Debug)]
pub struct Checkpoint {
    next: u32,
    bound: u32,
}

#[derive(Clone)]
pub struct Ids {
    /// Names that are not small canonical numbers. Owned: the text is read in pieces.
    named: FxHashMap<Box<str>, u32>,
    /// Names that are canonical decimal numbers (`17`, not `017`) below `numeric_limit`:
    /// number → id + 1 (0: not yet seen). Same mapping as `named`, without hashing.
    numeric: Vec<u32>,
    numeric_limit: usize,
    /// A direct-mapped cache in front of `named`: types and constants (`%uint`, `%uint_3`)
    /// are referenced by almost every instruction.
    cache: Vec<CacheSlot>,
    next: u32,
    pub bound: u32,
    preserve: HashSet<u32, FxBuild>,
    /// Numeric names entered since the last checkpoint, and whether any other name was.
    fresh_numeric: Vec<usize>,
    fresh_named: bool,
}

impl Ids {
    /// `expected_text_len`: the size of the text, when known; it bounds the numbers kept in
    /// the direct table (larger ones go to the hash map).
    pub fn new(preserve: HashSet<u32, FxBuild>, expected_text_len: Option<usize>) -> Self {
        // Decimal names with d digits take d+1 bytes of text, so numbers beyond a few times
        // the text size are rare; they fall back to the hash map.
        let numeric_limit = match expected_text_len {
            Some(len) => (len / 400 * 64).clamp(1 << 16, 1 << 26),
            None => 1 << 22,
        };
        Self {
            named: FxHashMap::default(),
            numeric: Vec::new(),
            numeric_limit,
            cache: vec![EMPTY_SLOT; CACHE],
            next: 1,
            bound: 1,
            preserve,
            fresh_numeric: Vec::new(),
            fresh_named: false,
        }
    }

    /// Marks the state before an instruction.
    #[inline]
    pub fn checkpoint(&mut self) -> Checkpoint {
        self.fresh_numeric.clear();
        self.fresh_named = false;
        Checkpoint {
            next: self.next,
            bound: self.bound,
        }
    }

    /// Forgets every name entered since `cp`.
    pub fn rollback(&mut self, cp: Checkpoint) {
        for &n in &self.fresh_numeric {
            if let Some(slot) = self.numeric.get_mut(n) {
                *slot = 0;
            }
        }
        self.fresh_numeric.clear();
        if self.fresh_named {
            self.named.retain(|_, id| *id < cp.next);
            self.cache.fill(EMPTY_SLOT);
            self.fresh_named = false;
        }
        self.next = cp.next;
        self.bound = cp.bound;
    }

    /// The id for `%name` (name without `%`); a name not seen before must pass `valid` first
    /// (`None` if not).
    /// Names already in the table were checked when they entered it, so the common case of
    /// a known name costs no validation.
    /// `first_eight`: the 8 source bytes starting at `name`, when the text has that many
    /// (lets numeric names be recognised and parsed without a loop).
    #[inline]
    pub fn get_if_valid(
        &mut self,
        name: &str,
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
            let id = self.fresh();
            if n >= self.numeric.len() {
                self.numeric.resize((n + 1).max(self.numeric.len() * 2), 0);
            }
            self.numeric[n] = id.wrapping_add(1);
            self.fresh_numeric.push(n);
            return Some(id);
        }
        let b = name.as_bytes();
        let slot = (b.len().wrapping_mul(31)
            ^ usize::from(b.first().copied().unwrap_or(0)).wrapping_mul(7)
            ^ usize::from(b.last().copied().unwrap_or(0)).wrapping_mul(131)
            ^ usize::from(b.get(b.len() / 2).copied().unwrap_or(0)).wrapping_mul(1031))
            & (CACHE - 1);
        let cacheable = !b.is_empty() && b.len() <= CACHED_NAME;
        if cacheable {
            if let Some(c) = self.cache.get(slot) {
                if usize::from(c.len) == b.len() && c.name[..b.len()] == *b {
                    return Some(c.id);
                }
            }
        }
        let id = match self.named.get(name) {
            Some(&id) => id,
            None => {
                if !valid(name) {
                    return None;
                }
                let id = self.fresh();
                self.named.insert(name.into(), id);
                self.fresh_named = true;
                id
            }
        };
        if cacheable {
            if let Some(c) = self.cache.get_mut(slot) {
                c.name[..b.len()].copy_from_slice(b);
                c.len = b.len() as u8;
                c.id = id;
            }
        }
        Some(id)
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
