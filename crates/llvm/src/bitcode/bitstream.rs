//! The LLVM bitstream container: bits, VBRs, abbreviations, blocks and records.
//!
//! Written here rather than taken from the `llvm-bitcode` crate so that every
//! failure carries the exact bit offset, nothing panics on hostile input, and a
//! block can be kept as a cheap cursor and decoded later (function bodies).

use std::collections::HashMap;

/// A failure inside the container, before IR meaning is attached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitError {
    pub bit_offset: u64,
    pub message: String,
}

pub type BitResult<T> = Result<T, BitError>;

fn err<T>(bit_offset: u64, message: impl Into<String>) -> BitResult<T> {
    Err(BitError {
        bit_offset,
        message: message.into(),
    })
}

#[derive(Debug, Clone, Copy)]
pub struct BitCursor<'a> {
    data: &'a [u8],
    pos: u64,
    end: u64,
}

impl<'a> BitCursor<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        BitCursor {
            data,
            pos: 0,
            end: data.len() as u64 * 8,
        }
    }

    pub fn position(&self) -> u64 {
        self.pos
    }

    pub fn remaining(&self) -> u64 {
        self.end.saturating_sub(self.pos)
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    pub fn read(&mut self, width: u32) -> BitResult<u64> {
        if width == 0 {
            return Ok(0);
        }
        if width > 64 {
            return err(self.pos, format!("field width {width} exceeds 64 bits"));
        }
        if self.remaining() < width as u64 {
            return err(self.pos, "unexpected end of bitstream");
        }
        if width > 56 {
            let low = self.read(32)?;
            let high = self.read(width - 32)?;
            return Ok(low | (high << 32));
        }
        let byte = (self.pos / 8) as usize;
        let shift = (self.pos % 8) as u32;
        // Eight bytes at once where the data has them (a fixed-size load, no copy loop);
        // near the end, the bytes that remain.
        let window = match self
            .data
            .get(byte..byte + 8)
            .and_then(|b| <[u8; 8]>::try_from(b).ok())
        {
            Some(full) => full,
            None => {
                let mut partial = [0u8; 8];
                let available = self.data.get(byte..).unwrap_or(&[]);
                let n = available.len().min(8);
                partial[..n].copy_from_slice(&available[..n]);
                partial
            }
        };
        let word = u64::from_le_bytes(window) >> shift;
        self.pos += width as u64;
        Ok(word & (u64::MAX >> (64 - width)))
    }

    pub fn read_vbr(&mut self, width: u32) -> BitResult<u64> {
        if !(2..=32).contains(&width) {
            return err(self.pos, format!("invalid VBR width {width}"));
        }
        let start = self.pos;
        let hi_bit = 1u64 << (width - 1);
        let mask = hi_bit - 1;
        let mut result = 0u64;
        let mut shift = 0u32;
        loop {
            let chunk = self.read(width)?;
            let bits = chunk & mask;
            if shift >= 64 || (shift > 0 && (bits >> (64 - shift)) != 0) {
                return err(start, "VBR value overflows 64 bits");
            }
            result |= bits << shift;
            if chunk & hi_bit == 0 {
                return Ok(result);
            }
            shift += width - 1;
        }
    }

    pub fn align32(&mut self) -> BitResult<()> {
        let aligned = (self.pos + 31) & !31;
        if aligned > self.end {
            return err(self.pos, "unexpected end of bitstream while aligning");
        }
        self.pos = aligned;
        Ok(())
    }

    fn bytes(&mut self, len: u64) -> BitResult<&'a [u8]> {
        if self.pos % 8 != 0 {
            return err(self.pos, "blob not byte aligned");
        }
        if len.saturating_mul(8) > self.remaining() {
            return err(self.pos, "blob extends past end of data");
        }
        let start = (self.pos / 8) as usize;
        let slice = self.data.get(start..start + len as usize).ok_or(BitError {
            bit_offset: self.pos,
            message: "blob out of range".into(),
        })?;
        self.pos += len * 8;
        Ok(slice)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AbbrevOp {
    Literal(u64),
    Fixed(u32),
    Vbr(u32),
    Array,
    Char6,
    Blob,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Abbrev {
    ops: Vec<AbbrevOp>,
}

/// Abbreviations registered by BLOCKINFO for each block id.
#[derive(Debug, Clone, Default)]
pub struct BlockInfo {
    /// Shared with every block of that id (entering a block copies a pointer, not the list).
    abbrevs: HashMap<u32, std::sync::Arc<Vec<Abbrev>>>,
}

impl BlockInfo {
    /// How many abbreviations are registered (BLOCKINFO only ever adds them).
    pub fn abbrev_count(&self) -> usize {
        self.abbrevs.values().map(|list| list.len()).sum()
    }
}

const END_BLOCK: u64 = 0;
const ENTER_SUBBLOCK: u64 = 1;
const DEFINE_ABBREV: u64 = 2;
const UNABBREV_RECORD: u64 = 3;
pub const BLOCKINFO_BLOCK_ID: u32 = 0;

fn read_abbrev(cursor: &mut BitCursor) -> BitResult<Abbrev> {
    let start = cursor.position();
    let count = cursor.read_vbr(5)?;
    if count > cursor.remaining() {
        return err(start, "abbreviation operand count exceeds data");
    }
    let mut ops = Vec::with_capacity(count as usize);
    let mut i = 0;
    while i < count {
        let is_literal = cursor.read(1)? == 1;
        if is_literal {
            ops.push(AbbrevOp::Literal(cursor.read_vbr(8)?));
        } else {
            let encoding = cursor.read(3)?;
            let op = match encoding {
                1 => {
                    let w = cursor.read_vbr(5)?;
                    if w > 64 {
                        return err(start, "fixed abbreviation width exceeds 64");
                    }
                    if w == 0 {
                        AbbrevOp::Literal(0)
                    } else {
                        AbbrevOp::Fixed(w as u32)
                    }
                }
                2 => {
                    let w = cursor.read_vbr(5)?;
                    if w == 0 {
                        AbbrevOp::Literal(0)
                    } else if !(2..=32).contains(&w) {
                        return err(start, format!("invalid VBR abbreviation width {w}"));
                    } else {
                        AbbrevOp::Vbr(w as u32)
                    }
                }
                3 => AbbrevOp::Array,
                4 => AbbrevOp::Char6,
                5 => AbbrevOp::Blob,
                other => return err(start, format!("unknown abbreviation encoding {other}")),
            };
            ops.push(op);
        }
        i += 1;
    }
    // Validate shape: Array must be second to last followed by a scalar; Blob last.
    for (idx, op) in ops.iter().enumerate() {
        let bad_array = *op == AbbrevOp::Array
            && (idx + 2 != ops.len()
                || matches!(
                    ops.get(idx + 1),
                    Some(AbbrevOp::Array) | Some(AbbrevOp::Blob) | None
                ));
        if bad_array {
            return err(start, "malformed array abbreviation");
        }
        if *op == AbbrevOp::Blob && idx + 1 != ops.len() {
            return err(start, "blob must be the last abbreviation operand");
        }
    }
    if ops.is_empty() {
        return err(start, "empty abbreviation");
    }
    Ok(Abbrev { ops })
}

fn read_scalar(cursor: &mut BitCursor, op: AbbrevOp) -> BitResult<u64> {
    match op {
        AbbrevOp::Literal(v) => Ok(v),
        AbbrevOp::Fixed(w) => cursor.read(w),
        AbbrevOp::Vbr(w) => cursor.read_vbr(w),
        AbbrevOp::Char6 => {
            let v = cursor.read(6)? as u8;
            Ok(match v {
                0..=25 => (b'a' + v) as u64,
                26..=51 => (b'A' + v - 26) as u64,
                52..=61 => (b'0' + v - 52) as u64,
                62 => b'.' as u64,
                _ => b'_' as u64,
            })
        }
        AbbrevOp::Array | AbbrevOp::Blob => {
            err(cursor.position(), "aggregate operand in scalar position")
        }
    }
}

/// Reads an abbreviated record: the first operand is the record code.
fn read_abbreviated<'a>(
    cursor: &mut BitCursor<'a>,
    abbrev: &Abbrev,
    ops: &mut Vec<u64>,
) -> BitResult<(u64, Option<&'a [u8]>)> {
    ops.clear();
    let mut blob = None;
    let mut iter = abbrev.ops.iter().copied();
    let code = match iter.next() {
        Some(
            op @ (AbbrevOp::Literal(_) | AbbrevOp::Fixed(_) | AbbrevOp::Vbr(_) | AbbrevOp::Char6),
        ) => read_scalar(cursor, op)?,
        _ => {
            return err(
                cursor.position(),
                "abbreviation does not start with a scalar record code",
            )
        }
    };
    while let Some(op) = iter.next() {
        match op {
            AbbrevOp::Array => {
                let at = cursor.position();
                let count = cursor.read_vbr(6)?;
                if count > cursor.remaining() {
                    return err(at, "array length exceeds data");
                }
                let Some(elem) = iter.next() else {
                    return err(at, "array without element encoding");
                };
                ops.reserve(count as usize);
                for _ in 0..count {
                    ops.push(read_scalar(cursor, elem)?);
                }
            }
            AbbrevOp::Blob => {
                let len = cursor.read_vbr(6)?;
                cursor.align32()?;
                let bytes = cursor.bytes(len)?;
                cursor.align32()?;
                blob = Some(bytes);
            }
            scalar => ops.push(read_scalar(cursor, scalar)?),
        }
    }
    Ok((code, blob))
}

/// One block being read: a cursor, its abbreviation width and abbreviations.
#[derive(Debug, Clone)]
pub struct Block<'a> {
    pub id: u32,
    /// Bit offset where the block's content starts.
    pub start_bit: u64,
    cursor: BitCursor<'a>,
    abbrev_width: u32,
    /// Abbreviations from BLOCKINFO for this block id (ids 4, 5, ...), then the block's own.
    inherited: std::sync::Arc<Vec<Abbrev>>,
    local: Vec<Abbrev>,
    top_level: bool,
}

/// What `Block::next` found.
#[derive(Debug)]
pub enum Entry<'a> {
    SubBlock(Block<'a>),
    /// A record; operands were written to the caller's vector.
    Record {
        code: u32,
        blob: Option<&'a [u8]>,
    },
    End,
}

impl<'a> Block<'a> {
    /// The top level of a stream (after the magic number).
    pub fn top_level(cursor: BitCursor<'a>) -> Self {
        Block {
            id: u32::MAX,
            start_bit: cursor.position(),
            cursor,
            abbrev_width: 2,
            inherited: Default::default(),
            local: Vec::new(),
            top_level: true,
        }
    }

    pub fn position(&self) -> u64 {
        self.cursor.position()
    }

    /// Size of the block's content in bits.
    pub fn len_bits(&self) -> u64 {
        self.cursor.end.saturating_sub(self.start_bit)
    }

    /// Reads the next entry; BLOCKINFO blocks are consumed into `info`.
    pub fn next(&mut self, info: &mut BlockInfo, ops: &mut Vec<u64>) -> BitResult<Entry<'a>> {
        loop {
            if self.top_level && self.cursor.remaining() < 32 {
                // Trailing padding after the last top-level block.
                return Ok(Entry::End);
            }
            let at = self.cursor.position();
            let abbrev_id = self.cursor.read(self.abbrev_width)?;
            match abbrev_id {
                END_BLOCK => {
                    if self.top_level {
                        return err(at, "END_BLOCK at top level");
                    }
                    self.cursor.align32()?;
                    return Ok(Entry::End);
                }
                ENTER_SUBBLOCK => {
                    let id = self.cursor.read_vbr(8)?;
                    let width = self.cursor.read_vbr(4)?;
                    self.cursor.align32()?;
                    let words = self.cursor.read(32)?;
                    let start = self.cursor.position();
                    let len_bits = words * 32;
                    if len_bits > self.cursor.remaining() || id > u32::MAX as u64 {
                        return err(at, format!("block {id} length {words} words exceeds data"));
                    }
                    if !(1..=32).contains(&width) {
                        return err(
                            at,
                            format!("block {id} has invalid abbreviation width {width}"),
                        );
                    }
                    let mut sub_cursor = self.cursor;
                    sub_cursor.end = start + len_bits;
                    self.cursor.pos = start + len_bits;
                    let id = id as u32;
                    let mut block = Block {
                        id,
                        start_bit: start,
                        cursor: sub_cursor,
                        abbrev_width: width as u32,
                        inherited: info.abbrevs.get(&id).cloned().unwrap_or_default(),
                        local: Vec::new(),
                        top_level: false,
                    };
                    if id == BLOCKINFO_BLOCK_ID {
                        block.read_blockinfo(info)?;
                        continue;
                    }
                    return Ok(Entry::SubBlock(block));
                }
                DEFINE_ABBREV => {
                    let abbrev = read_abbrev(&mut self.cursor)?;
                    self.local.push(abbrev);
                }
                UNABBREV_RECORD => {
                    let code = self.cursor.read_vbr(6)?;
                    let count = self.cursor.read_vbr(6)?;
                    if count > self.cursor.remaining() {
                        return err(at, "record operand count exceeds data");
                    }
                    ops.clear();
                    ops.reserve(count as usize);
                    for _ in 0..count {
                        ops.push(self.cursor.read_vbr(6)?);
                    }
                    let code = u32::try_from(code).or(err(at, "record code too large"))?;
                    return Ok(Entry::Record { code, blob: None });
                }
                id => {
                    let index = (id - 4) as usize;
                    // Split borrows: the abbreviation list is read while the cursor moves.
                    let Block {
                        cursor,
                        inherited,
                        local,
                        ..
                    } = self;
                    let abbrev = match index.checked_sub(inherited.len()) {
                        None => inherited.get(index),
                        Some(own) => local.get(own),
                    };
                    let Some(abbrev) = abbrev else {
                        return err(at, format!("undefined abbreviation id {id}"));
                    };
                    let (code, blob) = read_abbreviated(cursor, abbrev, ops)?;
                    let code = u32::try_from(code).or(err(at, "record code too large"))?;
                    return Ok(Entry::Record { code, blob });
                }
            }
        }
    }

    fn read_blockinfo(&mut self, info: &mut BlockInfo) -> BitResult<()> {
        let mut current: Option<u32> = None;
        let mut ops = Vec::new();
        loop {
            let at = self.cursor.position();
            let abbrev_id = self.cursor.read(self.abbrev_width)?;
            match abbrev_id {
                END_BLOCK => {
                    self.cursor.align32()?;
                    return Ok(());
                }
                ENTER_SUBBLOCK => return err(at, "sub-block inside BLOCKINFO"),
                DEFINE_ABBREV => {
                    let abbrev = read_abbrev(&mut self.cursor)?;
                    let Some(bid) = current else {
                        return err(at, "DEFINE_ABBREV in BLOCKINFO before SETBID");
                    };
                    std::sync::Arc::make_mut(info.abbrevs.entry(bid).or_default()).push(abbrev);
                }
                UNABBREV_RECORD => {
                    let code = self.cursor.read_vbr(6)?;
                    let count = self.cursor.read_vbr(6)?;
                    if count > self.cursor.remaining() {
                        return err(at, "record operand count exceeds data");
                    }
                    ops.clear();
                    for _ in 0..count {
                        ops.push(self.cursor.read_vbr(6)?);
                    }
                    if code == 1 {
                        let Some(&bid) = ops.first() else {
                            return err(at, "empty SETBID");
                        };
                        current = Some(u32::try_from(bid).or(err(at, "block id too large"))?);
                    }
                }
                _ => return err(at, "abbreviated record inside BLOCKINFO"),
            }
        }
    }
}
