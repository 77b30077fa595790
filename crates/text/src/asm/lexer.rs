//! Tokenizing exactly like SPIRV-Tools' text reader: words end at whitespace, `;`, `,`, `(`,
//! `)` unless quoted or escaped; `;` comments run to the end of the line; positions are
//! 0-based lines and columns (a newline inside a word does not bump the line, as in
//! SPIRV-Tools).

/// A position in the source text: a byte index. Lines and columns are only needed for error
/// messages; the lexer tracks where the current line starts (see [`Lexer::line_column`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    pub index: usize,
}

/// A position with its line, for errors reported after the lexer has moved on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    pub index: usize,
    pub line: usize,
    pub line_start: usize,
}

impl Mark {
    /// 0-based line and column.
    pub fn line_column(self) -> (usize, usize) {
        // `line_start` may lie before the current piece of text (see `Lexer::rebase`):
        // positions are relative, their difference is not.
        (self.line, self.index.wrapping_sub(self.line_start))
    }
}

pub struct Lexer<'a> {
    pub src: &'a str,
    pub text: &'a [u8],
    pub pos: Pos,
    /// Newlines counted so far (those between words; SPIRV-Tools does not count a newline
    /// inside a quoted word) and the index just after the last one: the column of any
    /// position on the current line is its distance from there.
    line: usize,
    line_start: usize,
    /// Whether more text follows this piece (the text is read in pieces, see `stream.rs`).
    more_follows: bool,
    /// Set when a scan reached the end of a piece that is not the last: what was seen may
    /// be cut short, and the instruction must be assembled again with more text.
    reached_end: std::cell::Cell<bool>,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Self {
        Self {
            src: text,
            text: text.as_bytes(),
            pos: Pos::default(),
            line: 0,
            line_start: 0,
            more_follows: false,
            reached_end: std::cell::Cell::new(false),
        }
    }

    /// The same lexer state on the next piece of text: `text` starts `consumed` bytes after
    /// the current piece did (the bytes before were assembled and dropped) and the position
    /// moves with it. Line numbers carry on.
    pub fn rebase<'b>(&self, text: &'b str, consumed: usize, more_follows: bool) -> Lexer<'b> {
        Lexer {
            src: text,
            text: text.as_bytes(),
            pos: Pos {
                index: self.pos.index - consumed,
            },
            line: self.line,
            line_start: self.line_start.wrapping_sub(consumed),
            more_follows,
            reached_end: std::cell::Cell::new(false),
        }
    }

    /// Moves back to `mark` (an instruction start) and forgets that the end was reached.
    pub fn reset_to(&mut self, mark: Mark) {
        self.pos.index = mark.index;
        self.line = mark.line;
        self.line_start = mark.line_start;
        self.reached_end.set(false);
    }

    /// Whether a scan since the last reset reached the end of a piece that has a
    /// continuation (so the instruction being read may be cut).
    #[inline]
    pub fn cut_short(&self) -> bool {
        self.more_follows && self.reached_end.get()
    }

    /// Notes a scan that stopped at `index`.
    #[inline]
    fn scanned_to(&self, index: usize) {
        if index >= self.text.len() {
            self.reached_end.set(true);
        }
    }

    /// Skips whitespace and comments. Returns false at the end of the stream.
    #[inline]
    pub fn advance(&mut self) -> bool {
        let more = advance_counting_lines(
            self.text,
            &mut self.pos.index,
            &mut self.line,
            &mut self.line_start,
        );
        if !more {
            self.scanned_to(self.pos.index);
        }
        more
    }

    /// The current position with its line.
    pub fn mark(&self) -> Mark {
        Mark {
            index: self.pos.index,
            line: self.line,
            line_start: self.line_start,
        }
    }

    /// The word starting at the current position, and the position after it.
    #[inline]
    pub fn word(&self) -> (&'a str, Pos) {
        let (w, next) = word_at(self.src, self.pos);
        self.scanned_to(next.index);
        (w, next)
    }

    #[inline]
    pub fn peek(&self) -> u8 {
        self.scanned_to(self.pos.index);
        self.text.get(self.pos.index).copied().unwrap_or(0)
    }

    /// `Op` followed by an upper-case letter at the current position.
    #[inline]
    pub fn starts_with_op(&self) -> bool {
        self.scanned_to(self.pos.index + 2);
        starts_with_op_at(self.text, self.pos)
    }

    /// The word at the current (already advanced) position, the position after it, and
    /// whether it begins a new instruction (`OpX`, or `%id` followed by `=`). One scan.
    #[inline]
    pub fn word_and_new_inst(&self) -> (&'a str, Pos, bool) {
        let (w, next) = word_at(self.src, self.pos);
        self.scanned_to(next.index.max(self.pos.index + 2));
        if starts_with_op_at(self.text, self.pos) {
            return (w, next, true);
        }
        if !w.starts_with('%') {
            return (w, next, false);
        }
        let mut index = next.index;
        let more = skip_blanks(self.text, &mut index);
        self.scanned_to(index);
        if !more || self.text.get(index) != Some(&b'=') {
            return (w, next, false);
        }
        let (eq, after) = word_at(self.src, Pos { index });
        self.scanned_to(after.index);
        (w, next, eq == "=")
    }

    /// Whether the next word (after whitespace) begins a new instruction: `OpX` or `%id =`.
    pub fn is_start_of_new_inst(&self) -> bool {
        let mut index = self.pos.index;
        let more = skip_blanks(self.text, &mut index);
        self.scanned_to(index);
        if !more {
            return false;
        }
        let pos = Pos { index };
        let (w, next) = word_at(self.src, pos);
        self.scanned_to(next.index.max(index + 2));
        if starts_with_op_at(self.text, pos) {
            return true;
        }
        if !w.starts_with('%') {
            return false;
        }
        let mut index = next.index;
        let more = skip_blanks(self.text, &mut index);
        self.scanned_to(index);
        if !more {
            return false;
        }
        let (w, after) = word_at(self.src, Pos { index });
        self.scanned_to(after.index);
        w == "="
    }
}

#[inline]
fn starts_with_op_at(text: &[u8], pos: Pos) -> bool {
    let i = pos.index;
    text.len() >= i + 3
        && text[i] == b'O'
        && text[i + 1] == b'p'
        && text[i + 2].is_ascii_uppercase()
}

/// Skips whitespace and comments from `index`, counting newlines. False at the end.
#[inline]
fn advance_counting_lines(
    text: &[u8],
    index: &mut usize,
    line: &mut usize,
    line_start: &mut usize,
) -> bool {
    loop {
        // Runs of spaces (indentation, separators) are the common case.
        let mut i = *index;
        while text.get(i) == Some(&b' ') {
            i += 1;
        }
        *index = i;
        let Some(&c) = text.get(i) else {
            return false;
        };
        // The start of a word, by far the most common case, with one predictable branch
        // (the `match` alone compiles to a jump table whose target is hard to predict).
        if c > b' ' && c != b';' {
            return true;
        }
        match c {
            0 => return false,
            b';' => match memchr_nl(&text[i..]) {
                // Comment to end of line.
                Some(n) => {
                    *index = i + n + 1;
                    *line += 1;
                    *line_start = *index;
                    continue;
                }
                None => {
                    *index = text.len();
                    return false;
                }
            },
            b'\n' => {
                *line += 1;
                *line_start = i + 1;
            }
            b'\t' | b'\r' => {}
            _ => return true,
        }
        *index = i + 1;
    }
}

/// [`advance_counting_lines`] for lookahead, where lines do not matter.
#[inline]
fn skip_blanks(text: &[u8], index: &mut usize) -> bool {
    let (mut line, mut line_start) = (0, 0);
    advance_counting_lines(text, index, &mut line, &mut line_start)
}

#[inline]
fn memchr_nl(s: &[u8]) -> Option<usize> {
    // A NUL inside a comment also ends the stream, as in SPIRV-Tools.
    s.iter()
        .position(|&c| c == b'\n' || c == 0)
        .and_then(|i| if s[i] == 0 { None } else { Some(i) })
}

#[inline]
fn word_at(src: &str, pos: Pos) -> (&str, Pos) {
    let text = src.as_bytes();
    // Fast path: plain words (no quotes, no backslashes) end at the first delimiter.
    let mut i = pos.index;
    // Words are short: after an ordinary first byte (`%` of an id, say), one 8-byte load
    // usually finds the end without a loop whose exit is mispredicted once per word.
    if text.get(i).is_some_and(|&c| DELIM[usize::from(c)] == 0) {
        if let Some(eight) = text.get(i + 1..i + 9) {
            let mut word = [0u8; 8];
            word.copy_from_slice(eight);
            let candidates = delimiter_candidates(u64::from_le_bytes(word));
            i += 1 + (candidates.trailing_zeros() / 8) as usize;
        }
    }
    while let Some(&c) = text.get(i) {
        match DELIM[usize::from(c)] {
            0 => i += 1,
            1 => return (src.get(pos.index..i).unwrap_or(""), Pos { index: i }),
            _ => return word_at_slow(src, pos),
        }
    }
    (src.get(pos.index..i).unwrap_or(""), Pos { index: i })
}

/// Flags (high bit of each byte) the bytes of `x` that may end a word: every delimiter, quote
/// and backslash is below `-` (0x2d) or is `;` or `\\`. Bytes above the lowest flagged one may
/// be flagged wrongly (borrows), the lowest one never is; ordinary bytes below `-` (`%`, `+`,
/// `!`) are flagged too, so the flag only tells where to resume the byte loop.
#[inline]
fn delimiter_candidates(x: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let below = x.wrapping_sub(ONES * 0x2d) & !x & HIGHS;
    let zero_byte = |y: u64| y.wrapping_sub(ONES) & !y & HIGHS;
    below | zero_byte(x ^ (ONES * u64::from(b';'))) | zero_byte(x ^ (ONES * u64::from(b'\\')))
}

/// 1: ends a word; 2: quote or backslash (needs the full state machine); 0: ordinary.
static DELIM: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b' ' as usize] = 1;
    t[b';' as usize] = 1;
    t[b',' as usize] = 1;
    t[b'(' as usize] = 1;
    t[b')' as usize] = 1;
    t[b'\t' as usize] = 1;
    t[b'\n' as usize] = 1;
    t[b'\r' as usize] = 1;
    t[0] = 1;
    t[b'"' as usize] = 2;
    t[b'\\' as usize] = 2;
    t
};

fn word_at_slow(src: &str, pos: Pos) -> (&str, Pos) {
    let text = src.as_bytes();
    let mut end = pos;
    let mut quoting = false;
    let mut escaping = false;
    while let Some(&c) = text.get(end.index) {
        if c == b'\\' {
            escaping = !escaping;
        } else {
            match c {
                b'"' if !escaping => quoting = !quoting,
                b' ' | b';' | b',' | b'(' | b')' | b'\t' | b'\n' | b'\r'
                    if !escaping && !quoting =>
                {
                    break
                }
                0 => break,
                _ => {}
            }
            escaping = false;
        }
        end.index += 1;
    }
    // Words are cut at ASCII bytes, so they are valid UTF-8 slices of valid UTF-8 text.
    let s = src.get(pos.index..end.index).unwrap_or("");
    (s, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word end by the byte-at-a-time definition.
    fn reference_word(src: &str, start: usize) -> (&str, Pos) {
        let text = src.as_bytes();
        let mut i = start;
        while let Some(&c) = text.get(i) {
            match DELIM[usize::from(c)] {
                0 => i += 1,
                1 => break,
                _ => return word_at_slow(src, Pos { index: start }),
            }
        }
        (&src[start..i], Pos { index: i })
    }

    #[test]
    fn eight_byte_scan_finds_the_same_word_ends() {
        let alphabet = [
            "a",
            "Z",
            "0",
            "_",
            "%",
            "+",
            "-",
            ".",
            "!",
            "#",
            "é",
            " ",
            "\t",
            "\n",
            "\r",
            ";",
            ",",
            "(",
            ")",
            "\"",
            "\\",
            "\0",
            "=",
            "%uint_1540483477",
            "OpBitwiseXor",
            "%17",
        ];
        // A fixed-seed LCG: many strings mixing long plain runs with every delimiter.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..20_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let len = (state >> 59) as usize + 1;
            let mut s = String::new();
            for _ in 0..len {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                s.push_str(alphabet[(state >> 33) as usize % alphabet.len()]);
            }
            for start in (0..s.len()).filter(|&i| s.is_char_boundary(i)) {
                assert_eq!(
                    word_at(&s, Pos { index: start }),
                    reference_word(&s, start),
                    "{s:?} from {start}"
                );
            }
        }
    }
}
