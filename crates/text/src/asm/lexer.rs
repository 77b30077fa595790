//! Tokenizing exactly like SPIRV-Tools' text reader: words end at whitespace, `;`, `,`, `(`,
//! `)` unless quoted or escaped; `;` comments run to the end of the line; positions are
//! 0-based lines and columns (a newline inside a word does not bump the line, as in
//! SPIRV-Tools).

/// A position in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    pub index: usize,
    pub line: usize,
    pub column: usize,
}

pub struct Lexer<'a> {
    pub src: &'a str,
    pub text: &'a [u8],
    pub pos: Pos,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Self {
        Self {
            src: text,
            text: text.as_bytes(),
            pos: Pos::default(),
        }
    }

    /// Skips whitespace and comments. Returns false at the end of the stream.
    #[inline]
    pub fn advance(&mut self) -> bool {
        advance_at(self.text, &mut self.pos)
    }

    /// The word starting at the current position, and the position after it.
    #[inline]
    pub fn word(&self) -> (&'a str, Pos) {
        word_at(self.src, self.pos)
    }

    #[inline]
    pub fn peek(&self) -> u8 {
        self.text.get(self.pos.index).copied().unwrap_or(0)
    }

    /// `Op` followed by an upper-case letter at the current position.
    #[inline]
    pub fn starts_with_op(&self) -> bool {
        starts_with_op_at(self.text, self.pos)
    }

    /// The word at the current (already advanced) position, the position after it, and
    /// whether it begins a new instruction (`OpX`, or `%id` followed by `=`). One scan.
    #[inline]
    pub fn word_and_new_inst(&self) -> (&'a str, Pos, bool) {
        let (w, next) = word_at(self.src, self.pos);
        if starts_with_op_at(self.text, self.pos) {
            return (w, next, true);
        }
        if !w.starts_with('%') {
            return (w, next, false);
        }
        let mut pos = next;
        if !advance_at(self.text, &mut pos) || self.text.get(pos.index) != Some(&b'=') {
            return (w, next, false);
        }
        let (eq, _) = word_at(self.src, pos);
        (w, next, eq == "=")
    }

    /// Whether the next word (after whitespace) begins a new instruction: `OpX` or `%id =`.
    pub fn is_start_of_new_inst(&self) -> bool {
        let mut pos = self.pos;
        if !advance_at(self.text, &mut pos) {
            return false;
        }
        if starts_with_op_at(self.text, pos) {
            return true;
        }
        let (w, next) = word_at(self.src, pos);
        if !w.starts_with('%') {
            return false;
        }
        let mut pos = next;
        if !advance_at(self.text, &mut pos) {
            return false;
        }
        let (w, _) = word_at(self.src, pos);
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

#[inline]
fn advance_at(text: &[u8], pos: &mut Pos) -> bool {
    loop {
        // Runs of spaces (indentation, separators) are the common case.
        let start = pos.index;
        let mut i = start;
        while text.get(i) == Some(&b' ') {
            i += 1;
        }
        pos.column += i - start;
        pos.index = i;
        let Some(&c) = text.get(pos.index) else {
            return false;
        };
        match c {
            0 => return false,
            b';' => {
                // Comment to end of line.
                match memchr_nl(&text[pos.index..]) {
                    Some(n) => {
                        pos.index += n + 1;
                        pos.line += 1;
                        pos.column = 0;
                        continue;
                    }
                    None => {
                        pos.column += text.len() - pos.index;
                        pos.index = text.len();
                        return false;
                    }
                }
            }
            b'\n' => {
                pos.column = 0;
                pos.line += 1;
            }
            b'\t' | b'\r' => pos.column += 1,
            _ => return true,
        }
        pos.index += 1;
    }
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
    while let Some(&c) = text.get(i) {
        match DELIM[usize::from(c)] {
            0 => i += 1,
            1 => {
                let end = Pos {
                    index: i,
                    line: pos.line,
                    column: pos.column + (i - pos.index),
                };
                return (src.get(pos.index..i).unwrap_or(""), end);
            }
            _ => return word_at_slow(src, pos),
        }
    }
    let end = Pos {
        index: i,
        line: pos.line,
        column: pos.column + (i - pos.index),
    };
    (src.get(pos.index..i).unwrap_or(""), end)
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
        end.column += 1;
    }
    // Words are cut at ASCII bytes, so they are valid UTF-8 slices of valid UTF-8 text.
    let s = src.get(pos.index..end.index).unwrap_or("");
    (s, end)
}
