//! The bitstream container, written: fixed fields, VBRs, blocks with back-patched
//! lengths, unabbreviated records and one blob abbreviation (the string table).

/// Abbreviation ids every block has.
const END_BLOCK: u64 = 0;
const ENTER_SUBBLOCK: u64 = 1;
const DEFINE_ABBREV: u64 = 2;
const UNABBREV_RECORD: u64 = 3;
/// The first id a block's own abbreviations get.
pub const FIRST_ABBREV: u64 = 4;

#[derive(Default)]
pub struct BitWriter {
    words: Vec<u32>,
    cur: u64,
    nbits: u32,
    width: u32,
    /// (abbreviation width outside, index of the block's length word)
    blocks: Vec<(u32, usize)>,
}

impl BitWriter {
    pub fn new() -> Self {
        BitWriter {
            width: 2,
            ..Self::default()
        }
    }

    /// Appends the low `width` bits of `value` (width ≤ 64).
    pub fn emit(&mut self, value: u64, width: u32) {
        if width > 32 {
            self.emit(value & 0xffff_ffff, 32);
            self.emit(value >> 32, width - 32);
            return;
        }
        if width == 0 {
            return;
        }
        let value = value & ((1u64 << width) - 1);
        self.cur |= value << self.nbits;
        self.nbits += width;
        if self.nbits >= 32 {
            self.words.push(self.cur as u32);
            self.cur >>= 32;
            self.nbits -= 32;
        }
    }

    pub fn emit_vbr(&mut self, mut value: u64, width: u32) {
        let threshold = 1u64 << (width - 1);
        while value >= threshold {
            self.emit((value & (threshold - 1)) | threshold, width);
            value >>= width - 1;
        }
        self.emit(value, width);
    }

    fn align32(&mut self) {
        if self.nbits > 0 {
            self.emit(0, 32 - self.nbits);
        }
    }

    pub fn enter_block(&mut self, id: u32, abbrev_width: u32) {
        self.emit(ENTER_SUBBLOCK, self.width);
        self.emit_vbr(id as u64, 8);
        self.emit_vbr(abbrev_width as u64, 4);
        self.align32();
        self.blocks.push((self.width, self.words.len()));
        self.words.push(0);
        self.width = abbrev_width;
    }

    pub fn exit_block(&mut self) {
        self.emit(END_BLOCK, self.width);
        self.align32();
        if let Some((width, at)) = self.blocks.pop() {
            let len = self.words.len() - at - 1;
            if let Some(w) = self.words.get_mut(at) {
                *w = len as u32;
            }
            self.width = width;
        }
    }

    pub fn record(&mut self, code: u32, ops: &[u64]) {
        self.emit(UNABBREV_RECORD, self.width);
        self.emit_vbr(code as u64, 6);
        self.emit_vbr(ops.len() as u64, 6);
        for &op in ops {
            self.emit_vbr(op, 6);
        }
    }

    /// A record whose operands are the bytes of `text`.
    pub fn string_record(&mut self, code: u32, prefix: &[u64], text: &[u8]) {
        self.emit(UNABBREV_RECORD, self.width);
        self.emit_vbr(code as u64, 6);
        self.emit_vbr((prefix.len() + text.len()) as u64, 6);
        for &op in prefix {
            self.emit_vbr(op, 6);
        }
        for &b in text {
            self.emit_vbr(b as u64, 6);
        }
    }

    /// Defines abbreviation `[literal code, blob]` in the current block (id `FIRST_ABBREV`
    /// when it is the block's first).
    pub fn define_blob_abbrev(&mut self, code: u32) {
        self.emit(DEFINE_ABBREV, self.width);
        self.emit_vbr(2, 5);
        self.emit(1, 1); // literal
        self.emit_vbr(code as u64, 8);
        self.emit(0, 1); // encoded
        self.emit(5, 3); // blob
    }

    pub fn blob_record(&mut self, abbrev: u64, blob: &[u8]) {
        self.emit(abbrev, self.width);
        self.emit_vbr(blob.len() as u64, 6);
        self.align32();
        for &b in blob {
            self.emit(b as u64, 8);
        }
        self.align32();
    }

    pub fn finish(mut self) -> Vec<u8> {
        self.align32();
        let mut out = Vec::with_capacity(self.words.len() * 4);
        for w in &self.words {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }
}

/// LLVM's signed VBR operand form: the sign in bit 0.
pub fn signed(v: i64) -> u64 {
    if v >= 0 {
        (v as u64) << 1
    } else if v == i64::MIN {
        1
    } else {
        ((-v) as u64) << 1 | 1
    }
}

/// An alignment in bytes as LLVM encodes it: log2 + 1, 0 for none.
pub fn encode_align(align: Option<u64>) -> u64 {
    match align {
        Some(a) if a > 0 => a.trailing_zeros() as u64 + 1,
        _ => 0,
    }
}
