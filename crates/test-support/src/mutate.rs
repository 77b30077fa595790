//! Mutations of LLVM text and bitcode for the robustness tests (issue 18, "bad input").
//!
//! A mutation is plain data built from raw numbers (`from_raw`), so a property test draws
//! `(u8, usize, usize)` triples and shrinks them, and a fuzz target or a regression test can
//! replay the same mutation. Positions are taken modulo the input's size.

/// Identifiers, numbers, types and keywords a text mutation puts in place of a token: names
/// that are undefined or of the wrong kind, numbers at and beyond every integer width, huge
/// and empty aggregate/integer types, and the LLVM 16–22 spellings out of place.
pub const REPLACEMENT_IDENTIFIERS: &[&str] = &[
    "%0",
    "%undefined",
    "@nope",
    "!999",
    "%n",
    "@table",
    "!{}",
    "%",
    "@",
    "!",
    "%entry",
    "!0",
    "#0",
    "#99",
    "%struct.S",
    "@llvm.foo",
];
pub const REPLACEMENT_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "7",
    "255",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "-9223372036854775809",
    "0x7FF8000000000001",
    "0xH7C01",
    "0xR7F81",
    "0xK7FFF8000000000000000",
    "1e400",
    "3.5",
    "-0.0",
];
pub const REPLACEMENT_TYPES: &[&str] = &[
    "i1",
    "i0",
    "i9999999",
    "i8388608",
    "i16777216",
    "float",
    "double",
    "half",
    "bfloat",
    "fp128",
    "x86_fp80",
    "ptr",
    "ptr addrspace(4)",
    "ptr addrspace(4294967295)",
    "void",
    "label",
    "metadata",
    "token",
    "<4 x i32>",
    "<0 x i32>",
    "<4294967295 x float>",
    "<vscale x 4 x i32>",
    "[0 x i8]",
    "[18446744073709551615 x i8]",
    "[4294967296 x [4294967296 x i64]]",
    "{ i32, ptr }",
    "{}",
    "<{ i8, i64 }>",
    "%struct.S",
    "target(\"spirv.Image\")",
    "target(\"spirv.Image\", void, 99, 99, 99, 99, 99, 99, 99)",
    "target(\"spirv.Pipe\", 7)",
    "target(\"spirv.CooperativeMatrixKHR\", float, 9, 0, 0, 9)",
    "target(\"spirv.JointMatrixINTEL\", i8, 4294967295, 1, 0, 3, 0)",
    "target(\"spirv.Unknown\", i32, 1)",
    "target(\"opencl.image9d_ro_t\")",
];
pub const REPLACEMENT_KEYWORDS: &[&str] = &[
    "nuw",
    "nsw",
    "nusw",
    "samesign",
    "disjoint",
    "nneg",
    "exact",
    "inrange(1, 2)",
    "inrange(9, -9)",
    "splat",
    "splat (i32 1)",
    "captures(none)",
    "captures(address, provenance)",
    "memory(read)",
    "memory(argmem: bogus)",
    "range(i32 1, 0)",
    "range(i8 0, 999)",
    "initializes((4, 0))",
    "initializes((0, 4), (2, 8))",
    "nofpclass(all)",
    "nofpclass(bogus)",
    "#dbg_value",
    "#dbg_declare",
    "#dbg_assign",
    "#dbg_label",
    "#dbg_bogus",
    "usub_cond",
    "usub_sat",
    "fmaximum",
    "fminimum",
    "uinc_wrap",
    "atomicrmw",
    "getelementptr",
    "extractvalue",
    "shufflevector",
    "phi",
    "br",
    "ret",
    "call",
    "define",
    "declare",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "<",
    ">",
    ",",
    "=",
    "*",
    ":",
    "zeroinitializer",
    "poison",
    "undef",
    "null",
    "none",
    "distinct",
    "!DIExpression()",
    "!DIExpression(DW_OP_LLVM_fragment, 0, 99999999999)",
    "!DILocation(line: 0, scope: !999)",
    "!{!\"llvm.loop.unroll.count\", i32 -1}",
    "\"",
    "c\"\\00\"",
    "c\"\\zz\"",
    "addrspace(99)",
    "align 0",
    "align 4294967296",
    "syncscope(\"bogus\")",
    "seq_cst",
    "\u{2603}",
];

/// Which tokens a [`TextMutation::Replace`] picks from, and what it puts there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// Any token, replaced by one of its own kind (identifiers by identifiers, numbers by
    /// numbers, type names by types, anything else by keywords).
    SameKind,
    /// Any token, replaced by an entry of any pool.
    AnyPool,
    /// Only a number, by a number: the text keeps its shape, so the module often still
    /// reads and reaches the translator with an out-of-range value.
    Number,
    /// Only a type name, by a type.
    TypeName,
    /// Only a keyword (flags, opcodes, attribute words), by a keyword.
    Keyword,
}

/// One edit of LLVM text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextMutation {
    DeleteToken(usize),
    DuplicateToken(usize),
    SwapTokens(usize, usize),
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    /// Replaces a token with an entry of one of the `REPLACEMENT_*` pools (see [`Pick`]).
    Replace {
        token: usize,
        choice: usize,
        pick: Pick,
    },
    /// Keeps the bytes before the position (moved back to a character boundary).
    CutAt(usize),
}

impl TextMutation {
    /// The mutation `kind` selects, with `a`, `b` as positions or choices.
    pub fn from_raw(kind: u8, a: usize, b: usize) -> Self {
        let replace = |pick| Self::Replace {
            token: a,
            choice: b,
            pick,
        };
        match kind % Self::KINDS {
            0 => Self::DeleteToken(a),
            1 => Self::DuplicateToken(a),
            2 => Self::SwapTokens(a, b),
            3 => Self::DeleteLine(a),
            4 => Self::DuplicateLine(a),
            5 => Self::SwapLines(a, b),
            6 => replace(Pick::SameKind),
            7 => replace(Pick::AnyPool),
            8 => Self::CutAt(a),
            9 => replace(Pick::Number),
            10 => replace(Pick::TypeName),
            _ => replace(Pick::Keyword),
        }
    }

    /// How many kinds `from_raw` tells apart.
    pub const KINDS: u8 = 12;

    /// The kinds that keep the text's shape (line edits and same-kind replacements): the
    /// mutated module reads more often, so the translator sees more of them.
    pub const SHAPE_KEEPING_KINDS: &'static [u8] = &[3, 4, 5, 6, 9, 10, 11];
}

/// `text` split into tokens: runs of word characters (letters, digits and `_ . $ % @ ! # -`),
/// quoted strings, whitespace runs, and single other characters. Concatenated they give
/// `text` back.
pub fn tokens(text: &str) -> Vec<&str> {
    let word = |c: char| c.is_alphanumeric() || "_.$%@!#-".contains(c);
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(first) = rest.chars().next() {
        let len = if first == '"' {
            rest[1..].find('"').map_or(rest.len(), |end| end + 2)
        } else if first.is_whitespace() {
            rest.find(|c: char| !c.is_whitespace())
                .unwrap_or(rest.len())
        } else if word(first) {
            rest.find(|c: char| !word(c)).unwrap_or(rest.len())
        } else {
            first.len_utf8()
        };
        out.push(&rest[..len]);
        rest = &rest[len..];
    }
    out
}

fn is_type_name(token: &str) -> bool {
    matches!(
        token,
        "void" | "ptr" | "float" | "double" | "half" | "bfloat" | "label" | "metadata" | "target"
    ) || token
        .strip_prefix('i')
        .is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
}

fn is_identifier(token: &str) -> bool {
    token.starts_with(['%', '@', '!', '#'])
}

fn is_number(token: &str) -> bool {
    token.starts_with(|c: char| c.is_ascii_digit() || c == '-')
}

fn is_keyword(token: &str) -> bool {
    token.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && !is_type_name(token)
}

fn pool_for(token: &str, pick: Pick, choice: usize) -> &'static str {
    let pools: [&[&str]; 4] = [
        REPLACEMENT_IDENTIFIERS,
        REPLACEMENT_NUMBERS,
        REPLACEMENT_TYPES,
        REPLACEMENT_KEYWORDS,
    ];
    let pool = match pick {
        Pick::AnyPool => pools[choice % pools.len()],
        Pick::Number => REPLACEMENT_NUMBERS,
        Pick::TypeName => REPLACEMENT_TYPES,
        Pick::Keyword => REPLACEMENT_KEYWORDS,
        Pick::SameKind if is_identifier(token) => REPLACEMENT_IDENTIFIERS,
        Pick::SameKind if is_number(token) => REPLACEMENT_NUMBERS,
        Pick::SameKind if is_type_name(token) => REPLACEMENT_TYPES,
        Pick::SameKind => REPLACEMENT_KEYWORDS,
    };
    pool[(choice / pools.len()) % pool.len()]
}

/// `text` with `mutation` applied.
pub fn mutate_text(text: &str, mutation: &TextMutation) -> String {
    use TextMutation::*;
    match *mutation {
        DeleteLine(_) | DuplicateLine(_) | SwapLines(..) => {
            let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
            if lines.is_empty() {
                return String::new();
            }
            let n = lines.len();
            match *mutation {
                DeleteLine(i) => {
                    lines.remove(i % n);
                }
                DuplicateLine(i) => lines.insert(i % n, lines[i % n]),
                SwapLines(i, j) => lines.swap(i % n, j % n),
                _ => {}
            }
            lines.concat()
        }
        CutAt(at) => {
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text[..at].to_owned()
        }
        DeleteToken(_) | DuplicateToken(_) | SwapTokens(..) | Replace { .. } => {
            let mut toks = tokens(text);
            // Edits land on tokens, never on whitespace, so lines keep their shape.
            let wanted = |token: &str| match mutation {
                Replace {
                    pick: Pick::Number, ..
                } => is_number(token),
                Replace {
                    pick: Pick::TypeName,
                    ..
                } => is_type_name(token),
                Replace {
                    pick: Pick::Keyword,
                    ..
                } => is_keyword(token),
                _ => !token.trim().is_empty(),
            };
            let solid: Vec<usize> = (0..toks.len()).filter(|&i| wanted(toks[i])).collect();
            if solid.is_empty() {
                return text.to_owned();
            }
            let pick = |i: usize| solid[i % solid.len()];
            match *mutation {
                DeleteToken(i) => toks[pick(i)] = "",
                DuplicateToken(i) => {
                    let at = pick(i);
                    toks.insert(at, " ");
                    toks.insert(at, toks[at + 1]);
                }
                SwapTokens(i, j) => toks.swap(pick(i), pick(j)),
                Replace {
                    token,
                    choice,
                    pick: kind,
                } => {
                    let at = pick(token);
                    toks[at] = pool_for(toks[at], kind, choice);
                }
                _ => {}
            }
            toks.concat()
        }
    }
}

/// One edit of bitcode. Bit positions are taken modulo the input's length in bits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BitcodeMutation {
    FlipBit(usize),
    /// Keeps the first `n` bytes (modulo the length + 1).
    Truncate(usize),
    /// Writes `value` in `width` bits (2–7: the abbreviation id widths LLVM uses) at a bit
    /// position: an abbreviation id that is undefined, END_BLOCK or DEFINE_ABBREV out of place.
    AbbreviationId {
        bit: usize,
        width: u8,
        value: u8,
    },
    /// Writes a VBR6 number at a bit position, over a record length, operand count, block
    /// length or abbreviation operand: small, at width boundaries, and huge.
    Vbr6 {
        bit: usize,
        value: u64,
    },
    /// Overwrites one byte.
    Byte {
        at: usize,
        value: u8,
    },
    /// Removes `len` bytes (1–64) at a position: every later field is misaligned.
    DeleteBytes {
        at: usize,
        len: usize,
    },
    /// Copies a 4-byte word from one position over another (a plausible value out of place).
    CopyWord {
        from: usize,
        to: usize,
    },
}

/// Values a `Vbr6` mutation writes: lengths from empty to beyond any real input.
pub const BITCODE_NUMBERS: &[u64] = &[
    0,
    1,
    2,
    3,
    4,
    31,
    32,
    63,
    64,
    255,
    4096,
    65535,
    1 << 20,
    (1 << 31) - 1,
    1 << 32,
    u32::MAX as u64,
    1 << 48,
    u64::MAX >> 1,
    u64::MAX,
];

impl BitcodeMutation {
    /// The mutation `kind` selects, with `a`, `b` as positions or values.
    pub fn from_raw(kind: u8, a: usize, b: usize) -> Self {
        match kind % 8 {
            0 | 1 => Self::FlipBit(a),
            2 => Self::Truncate(a),
            3 => Self::AbbreviationId {
                bit: a,
                width: 2 + (b % 6) as u8,
                value: (b / 6) as u8,
            },
            4 => Self::Vbr6 {
                bit: a,
                value: BITCODE_NUMBERS[b % BITCODE_NUMBERS.len()],
            },
            5 => Self::Byte {
                at: a,
                value: b as u8,
            },
            6 => Self::DeleteBytes {
                at: a,
                len: 1 + b % 64,
            },
            _ => Self::CopyWord { from: a, to: b },
        }
    }
}

fn write_bits(data: &mut [u8], bit: usize, value: u64, width: usize) {
    for i in 0..width {
        let at = bit + i;
        if at / 8 >= data.len() {
            return;
        }
        let mask = 1u8 << (at % 8);
        if value >> i & 1 == 1 {
            data[at / 8] |= mask;
        } else {
            data[at / 8] &= !mask;
        }
    }
}

/// `data` with `mutation` applied. The 4-byte magic is kept (except by `Truncate` and
/// `DeleteBytes`) so the mutated bytes still read as bitcode.
pub fn mutate_bitcode(data: &[u8], mutation: &BitcodeMutation) -> Vec<u8> {
    use BitcodeMutation::*;
    let mut out = data.to_vec();
    if out.len() <= 4 {
        return out;
    }
    let body_bits = (out.len() - 4) * 8;
    let bit_in_body = |b: usize| 32 + b % body_bits;
    match *mutation {
        FlipBit(b) => {
            let at = bit_in_body(b);
            out[at / 8] ^= 1 << (at % 8);
        }
        Truncate(n) => out.truncate(n % (data.len() + 1)),
        AbbreviationId { bit, width, value } => write_bits(
            &mut out,
            bit_in_body(bit),
            u64::from(value),
            usize::from(width),
        ),
        Vbr6 { bit, value } => {
            let mut at = bit_in_body(bit);
            let mut rest = value;
            loop {
                let chunk = rest & 0x1F;
                rest >>= 5;
                let more = u64::from(rest != 0) << 5;
                write_bits(&mut out, at, chunk | more, 6);
                at += 6;
                if rest == 0 {
                    break;
                }
            }
        }
        Byte { at, value } => {
            let at = 4 + at % (out.len() - 4);
            out[at] = value;
        }
        DeleteBytes { at, len } => {
            let at = at % out.len();
            let end = (at + len).min(out.len());
            out.drain(at..end);
        }
        CopyWord { from, to } => {
            if out.len() >= 12 {
                let span = out.len() - 4 - 4;
                let (from, to) = (4 + from % span, 4 + to % span);
                let word: [u8; 4] = [out[from], out[from + 1], out[from + 2], out[from + 3]];
                out[to..to + 4].copy_from_slice(&word);
            }
        }
    }
    out
}

/// Runs `work` on its own thread and waits at most `limit` for it: `Some(result)`, or
/// `None` when it did not finish in time (an endless loop or a pathological slowdown; the
/// thread is left running, the caller fails the test). A panic in `work` is resumed here.
pub fn within<T: Send + 'static>(
    limit: std::time::Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (done, result) = std::sync::mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = done.send(work());
    });
    match result.recv_timeout(limit) {
        Ok(value) => Some(value),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => None,
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => match worker.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => None,
        },
    }
}
