//! Tokens of LLVM assembly, with line:col positions.

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    /// `@name`, `@"name"`, `@12`
    Global(GlobalName),
    /// `%name`, `%"name"`, `%12`
    Local(String),
    /// `!name` (named metadata / attachment kind)
    MetaName(String),
    /// `!12`
    MetaId(u32),
    /// `!"string"`
    MetaString(Vec<u8>),
    /// `!` directly followed by `{`
    MetaBang,
    /// `#12`
    AttrGroup(u32),
    /// `name:` or `12:` or `"name":`
    Label(String),
    /// keywords and type names: `define`, `i32`, `add`, ...
    Word(String),
    /// integer literal (decimal, possibly negative)
    Int(i128),
    /// floating literal kept as text (`1.5e+00`, `0x3FF0000000000000`, `0xK...`)
    Float(String),
    /// `"..."` with escapes decoded
    Str(Vec<u8>),
    /// `c"..."`
    CStr(Vec<u8>),
    Punct(char),
    /// `...`
    Ellipsis,
    Eof,
}

/// A global value's name as written. An unquoted number (`@12`) is LLVM's unnamed value
/// numbered 12 in the module's own slot map (globals, functions and aliases share it), while
/// `@"12"` is a value named "12".
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GlobalName {
    Named(String),
    Numbered(u32),
}

impl GlobalName {
    /// The name the module keeps: empty for a numbered (unnamed) value.
    pub fn ir_name(&self) -> String {
        match self {
            GlobalName::Named(n) => n.clone(),
            GlobalName::Numbered(_) => String::new(),
        }
    }

    /// The name when it is a real one (`@name`, `@"0"`).
    pub fn named(&self) -> Option<&str> {
        match self {
            GlobalName::Named(n) => Some(n),
            GlobalName::Numbered(_) => None,
        }
    }
}

impl std::fmt::Display for GlobalName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GlobalName::Named(n) => f.write_str(n),
            GlobalName::Numbered(n) => write!(f, "{n}"),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Token {
    pub tok: Tok,
    pub line: u32,
    pub col: u32,
}

pub struct LexError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_')
}

fn unescape(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        if c == b'\\' {
            if raw.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            let hex = raw
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            if let Some(v) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

pub fn lex(src: &str) -> Result<Vec<Token>, LexError> {
    let b = src.as_bytes();
    let mut toks = Vec::with_capacity(src.len() / 4);
    let mut i = 0usize;
    let mut line = 1u32;
    let mut line_start = 0usize;
    let err = |line: u32, col: u32, m: &str| LexError {
        line,
        col,
        message: m.to_string(),
    };
    // Reads a quoted string starting at `start` (the opening quote).
    let quoted = |start: usize| -> Option<(Vec<u8>, usize)> {
        let mut j = start + 1;
        while j < b.len() && b[j] != b'"' {
            j += 1;
        }
        if j >= b.len() {
            return None;
        }
        Some((unescape(&b[start + 1..j]), j + 1))
    };
    while i < b.len() {
        let c = b[i];
        let col = (i - line_start) as u32 + 1;
        if c == b'\n' {
            line += 1;
            i += 1;
            line_start = i;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b';' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let push = |toks: &mut Vec<Token>, tok: Tok| toks.push(Token { tok, line, col });
        match c {
            b'@' | b'%' => {
                let (name, is_quoted, next) = if b.get(i + 1) == Some(&b'"') {
                    let (s, n) =
                        quoted(i + 1).ok_or_else(|| err(line, col, "unterminated quoted name"))?;
                    (String::from_utf8_lossy(&s).into_owned(), true, n)
                } else {
                    let mut j = i + 1;
                    while j < b.len() && is_ident(b[j]) {
                        j += 1;
                    }
                    if j == i + 1 {
                        return Err(err(line, col, "expected a name after '@' or '%'"));
                    }
                    (src[i + 1..j].to_string(), false, j)
                };
                let tok = if c == b'%' {
                    Tok::Local(name)
                } else if !is_quoted && name.bytes().all(|d| d.is_ascii_digit()) {
                    let n = name
                        .parse()
                        .map_err(|_| err(line, col, "global value number too large"))?;
                    Tok::Global(GlobalName::Numbered(n))
                } else {
                    Tok::Global(GlobalName::Named(name))
                };
                push(&mut toks, tok);
                i = next;
            }
            b'!' => {
                let n = b.get(i + 1).copied();
                if n == Some(b'{') {
                    push(&mut toks, Tok::MetaBang);
                    i += 1;
                } else if n == Some(b'"') {
                    let (s, next) = quoted(i + 1)
                        .ok_or_else(|| err(line, col, "unterminated metadata string"))?;
                    push(&mut toks, Tok::MetaString(s));
                    i = next;
                } else {
                    let mut j = i + 1;
                    while j < b.len() && (is_ident(b[j]) || b[j] == b'\\') {
                        j += 1;
                    }
                    let text = &src[i + 1..j];
                    if !text.is_empty() && text.bytes().all(|d| d.is_ascii_digit()) {
                        let id = text
                            .parse()
                            .map_err(|_| err(line, col, "metadata id too large"))?;
                        push(&mut toks, Tok::MetaId(id));
                    } else if text.is_empty() {
                        return Err(err(line, col, "expected metadata after '!'"));
                    } else {
                        let name = String::from_utf8_lossy(&unescape(text.as_bytes())).into_owned();
                        push(&mut toks, Tok::MetaName(name));
                    }
                    i = j;
                }
            }
            b'#' if b.get(i + 1).is_some_and(|d| d.is_ascii_alphabetic()) => {
                // Debug records of LLVM 19+ (`#dbg_value(...)`).
                let mut j = i + 1;
                while j < b.len() && is_ident(b[j]) {
                    j += 1;
                }
                push(&mut toks, Tok::Word(src[i..j].to_string()));
                i = j;
            }
            b'#' => {
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                let n = src[i + 1..j]
                    .parse()
                    .map_err(|_| err(line, col, "expected attribute group number"))?;
                push(&mut toks, Tok::AttrGroup(n));
                i = j;
            }
            b'"' => {
                let (s, next) = quoted(i).ok_or_else(|| err(line, col, "unterminated string"))?;
                if b.get(next) == Some(&b':') {
                    push(
                        &mut toks,
                        Tok::Label(String::from_utf8_lossy(&s).into_owned()),
                    );
                    i = next + 1;
                } else {
                    push(&mut toks, Tok::Str(s));
                    i = next;
                }
            }
            b'.' if src[i..].starts_with("...") => {
                push(&mut toks, Tok::Ellipsis);
                i += 3;
            }
            b'0'..=b'9' | b'-' | b'+' => {
                // Hex floats: 0x..., 0xK..., 0xL..., 0xM..., 0xH..., 0xR...
                if c == b'0' && matches!(b.get(i + 1), Some(b'x')) {
                    let mut j = i + 2;
                    while j < b.len() && b[j].is_ascii_alphanumeric() {
                        j += 1;
                    }
                    push(&mut toks, Tok::Float(src[i..j].to_string()));
                    i = j;
                    continue;
                }
                let mut j = i + 1;
                while j < b.len()
                    && (is_ident(b[j])
                        || ((b[j] == b'+' || b[j] == b'-') && matches!(b[j - 1], b'e' | b'E')))
                {
                    j += 1;
                }
                let text = &src[i..j];
                if b.get(j) == Some(&b':') && text.bytes().all(|d| d.is_ascii_digit()) {
                    push(&mut toks, Tok::Label(text.to_string()));
                    i = j + 1;
                    continue;
                }
                if let Ok(v) = text.parse::<i128>() {
                    push(&mut toks, Tok::Int(v));
                } else if text.parse::<f64>().is_ok() {
                    push(&mut toks, Tok::Float(text.to_string()));
                } else if text.chars().all(|ch| {
                    ch.is_ascii_alphanumeric() || ch == '_' || ch == '.' || ch == '-' || ch == '$'
                }) {
                    // Labels such as `1.lr.ph`; treat as word (only valid before ':').
                    if b.get(j) == Some(&b':') {
                        push(&mut toks, Tok::Label(text.to_string()));
                        i = j + 1;
                        continue;
                    }
                    return Err(err(line, col, &format!("invalid number '{text}'")));
                } else {
                    return Err(err(line, col, &format!("invalid number '{text}'")));
                }
                i = j;
            }
            c if c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c == b'.' => {
                // `$"name"`: a comdat whose name needs quoting; one word like `$name`.
                if c == b'$' && b.get(i + 1) == Some(&b'"') {
                    let (s, next) =
                        quoted(i + 1).ok_or_else(|| err(line, col, "unterminated string"))?;
                    push(
                        &mut toks,
                        Tok::Word(format!("${}", String::from_utf8_lossy(&s))),
                    );
                    i = next;
                    continue;
                }
                if c == b'c' && b.get(i + 1) == Some(&b'"') {
                    let (s, next) =
                        quoted(i + 1).ok_or_else(|| err(line, col, "unterminated string"))?;
                    push(&mut toks, Tok::CStr(s));
                    i = next;
                    continue;
                }
                let mut j = i + 1;
                while j < b.len() && is_ident(b[j]) {
                    j += 1;
                }
                let word = &src[i..j];
                if b.get(j) == Some(&b':') {
                    push(&mut toks, Tok::Label(word.to_string()));
                    i = j + 1;
                } else {
                    push(&mut toks, Tok::Word(word.to_string()));
                    i = j;
                }
            }
            b'=' | b',' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>' | b'*' | b'|'
            | b':' => {
                push(&mut toks, Tok::Punct(c as char));
                i += 1;
            }
            _ => {
                let ch = src[i..].chars().next().unwrap_or('?');
                return Err(err(line, col, &format!("unexpected character '{ch}'")));
            }
        }
    }
    let col = (i - line_start) as u32 + 1;
    toks.push(Token {
        tok: Tok::Eof,
        line,
        col,
    });
    Ok(toks)
}
