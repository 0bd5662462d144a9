//! The line and token scanner that prepares preprocessed C for tree-sitter-c.
//!
//! Every byte that is blanked becomes a space (newlines stay), so offsets into the blanked text
//! are offsets into the preprocessed text:
//! * `#pragma acc` lines are recorded and blanked (a pragma where a brace-less body is expected
//!   breaks the tree);
//! * every other `#` line (line markers, `#pragma omp`, `#ident`) is blanked, since gcc puts
//!   line markers inside expressions;
//! * tokens tree-sitter-c cannot take are blanked: `_Complex` and `__complex__` (their offsets
//!   are kept so declarations still get complex types), `__real__`, `__imag__`,
//!   `_Thread_local`, and the `i`/`j` suffix of GNU imaginary literals (`1.0iF`);
//! * `__builtin_offsetof` loses its prefix (tree-sitter-c knows `offsetof`), and the parenthesised
//!   argument of `typeof`/`__typeof__` is blanked so the keyword parses as a type name; the
//!   argument's text is kept to type the declaration.

/// One `#pragma acc` line as found by the scanner.
#[derive(Clone, Debug)]
pub(crate) struct RawPragma {
    pub text: String,
    pub text_offset: u32,
    pub line_start: u32,
    pub line_end: u32,
}

/// What blanking removed that the symbol index still needs.
#[derive(Clone, Debug, Default)]
pub(crate) struct Blanked {
    /// Sorted offsets of blanked `_Complex` / `__complex__` keywords.
    pub complex_positions: Vec<u32>,
    /// Sorted (offset of a `typeof` keyword, its argument's text).
    pub typeof_arguments: Vec<(u32, String)>,
    /// Sorted (offset, width of its complex type's parts) of GNU imaginary literals (`1.0iF`:
    /// 32), whose suffix is blanked.
    pub imaginary_literals: Vec<(u32, u8)>,
}

impl Blanked {
    /// Whether a blanked `_Complex` (or `__complex__`) keyword lies in `range`.
    pub fn complex_in(&self, range: std::ops::Range<u32>) -> bool {
        let first = self.complex_positions.partition_point(|p| *p < range.start);
        self.complex_positions
            .get(first)
            .is_some_and(|p| *p < range.end)
    }

    /// The width of the complex parts of the imaginary literal that starts at `offset`.
    pub fn imaginary_width(&self, offset: u32) -> Option<u8> {
        let literals = &self.imaginary_literals;
        literals
            .binary_search_by_key(&offset, |&(start, _)| start)
            .ok()
            .map(|index| literals[index].1)
    }
}

/// The result of scanning one preprocessed translation unit.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scanned {
    pub text: String,
    pub pragmas: Vec<RawPragma>,
    pub blanked: Blanked,
}

const TYPEOF_WORDS: &[&str] = &[
    "typeof",
    "__typeof__",
    "__typeof",
    "typeof_unqual",
    "__typeof_unqual__",
];

/// Identifiers blanked before parsing; the bool says whether the offset is remembered as a
/// complex type keyword.
const BLANKED_WORDS: &[(&str, bool)] = &[
    ("_Complex", true),
    ("__complex__", true),
    ("__complex", true),
    ("__real__", false),
    ("__imag__", false),
    ("_Thread_local", false),
];

pub(crate) fn scan(preprocessed: &str) -> Scanned {
    let mut bytes = preprocessed.as_bytes().to_vec();
    let mut scanned = Scanned::default();
    blank_directive_lines(preprocessed.as_bytes(), &mut bytes, &mut scanned.pragmas);
    blank_tokens(&mut bytes, &mut scanned.blanked);
    // Only ASCII bytes were replaced by ASCII spaces, and a multi-byte character is never cut
    // (lines are blanked whole, tokens are ASCII), so this cannot fail; the fallback keeps the
    // function total anyway.
    scanned.text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
    };
    scanned
}

fn is_blank(byte: u8) -> bool {
    byte == b' ' || byte == b'\t' || byte == b'\x0c' || byte == b'\x0b'
}

/// The end (exclusive, before the newline) of the logical line starting at `start`, following
/// backslash continuations.
fn logical_line_end(source: &[u8], start: usize) -> usize {
    let mut position = start;
    loop {
        let end = source[position..]
            .iter()
            .position(|b| *b == b'\n')
            .map(|p| position + p)
            .unwrap_or(source.len());
        let mut before = end;
        if before > position && source[before - 1] == b'\r' {
            before -= 1;
        }
        if before > position && source[before - 1] == b'\\' && end < source.len() {
            position = end + 1;
            continue;
        }
        return end;
    }
}

fn blank_directive_lines(source: &[u8], out: &mut [u8], pragmas: &mut Vec<RawPragma>) {
    let mut line_start = 0usize;
    while line_start < source.len() {
        let mut position = line_start;
        while position < source.len() && is_blank(source[position]) {
            position += 1;
        }
        if position >= source.len() || source[position] != b'#' {
            line_start = match source[line_start..].iter().position(|b| *b == b'\n') {
                Some(p) => line_start + p + 1,
                None => source.len(),
            };
            continue;
        }
        let hash = position;
        let end = logical_line_end(source, hash);
        if let Some(text_start) = acc_pragma_text_start(source, hash, end) {
            let mut text_end = end;
            if text_end > text_start && source[text_end - 1] == b'\r' {
                text_end -= 1;
            }
            let text: String = String::from_utf8_lossy(&source[text_start..text_end])
                .replace("\\\r\n", "   ")
                .replace("\\\n", "  ");
            pragmas.push(RawPragma {
                text,
                text_offset: text_start as u32,
                line_start: hash as u32,
                line_end: end as u32,
            });
        }
        for byte in &mut out[hash..end] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
        line_start = end + 1;
    }
}

/// If the directive at `hash` is `#pragma acc`, the offset just after `acc`.
fn acc_pragma_text_start(source: &[u8], hash: usize, end: usize) -> Option<usize> {
    let mut position = hash + 1;
    let skip_blanks = |mut p: usize| {
        while p < end && is_blank(source[p]) {
            p += 1;
        }
        p
    };
    position = skip_blanks(position);
    let word = |p: usize, w: &[u8]| {
        source.get(p..p + w.len()) == Some(w)
            && (p + w.len() >= end || !is_identifier_byte(source[p + w.len()]))
    };
    if !word(position, b"pragma") {
        return None;
    }
    position = skip_blanks(position + 6);
    if !word(position, b"acc") {
        return None;
    }
    Some(position + 3)
}

fn is_identifier_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte >= 0x80
}

/// Blanks the tokens tree-sitter-c cannot parse, skipping strings, characters and comments.
fn blank_tokens(bytes: &mut [u8], blanked: &mut Blanked) {
    let mut position = 0usize;
    let length = bytes.len();
    while position < length {
        let byte = bytes[position];
        if byte == b'"' || byte == b'\'' {
            position = skip_quoted(bytes, position);
        } else if byte == b'/' && bytes.get(position + 1) == Some(&b'/') {
            while position < length && bytes[position] != b'\n' {
                position += 1;
            }
        } else if byte == b'/' && bytes.get(position + 1) == Some(&b'*') {
            position += 2;
            while position < length
                && !(bytes[position] == b'*' && bytes.get(position + 1) == Some(&b'/'))
            {
                position += 1;
            }
            position = (position + 2).min(length);
        } else if byte.is_ascii_digit()
            || (byte == b'.' && bytes.get(position + 1).is_some_and(u8::is_ascii_digit))
        {
            let start = position;
            position = skip_number(bytes, position);
            if let Some(width) = blank_imaginary_suffix(&mut bytes[start..position]) {
                blanked.imaginary_literals.push((start as u32, width));
            }
        } else if byte.is_ascii_alphabetic() || byte == b'_' || byte >= 0x80 {
            let start = position;
            while position < length && is_identifier_byte(bytes[position]) {
                position += 1;
            }
            let word = &bytes[start..position];
            if let Some((_, remember)) = BLANKED_WORDS.iter().find(|(w, _)| w.as_bytes() == word) {
                if *remember {
                    blanked.complex_positions.push(start as u32);
                }
                bytes[start..position].fill(b' ');
            } else if word == b"__builtin_offsetof" {
                bytes[start..start + 10].fill(b' ');
            } else if TYPEOF_WORDS.iter().any(|w| w.as_bytes() == word) {
                if let Some(argument) = blank_typeof_argument(bytes, position) {
                    blanked.typeof_arguments.push((start as u32, argument));
                }
            }
        } else {
            position += 1;
        }
    }
}

/// Blanks the parenthesised argument that follows a `typeof` keyword ending at `after` and
/// returns its text; `None` (nothing blanked) when no balanced parentheses follow.
fn blank_typeof_argument(bytes: &mut [u8], after: usize) -> Option<String> {
    let mut open = after;
    while open < bytes.len() && bytes[open].is_ascii_whitespace() {
        open += 1;
    }
    if bytes.get(open) != Some(&b'(') {
        return None;
    }
    let mut depth = 0usize;
    let mut position = open;
    while position < bytes.len() {
        match bytes[position] {
            b'"' | b'\'' => {
                position = skip_quoted(bytes, position);
                continue;
            }
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    let argument = String::from_utf8_lossy(&bytes[open + 1..position]).into_owned();
                    for byte in &mut bytes[open..=position] {
                        if *byte != b'\n' {
                            *byte = b' ';
                        }
                    }
                    return Some(argument);
                }
            }
            _ => {}
        }
        position += 1;
    }
    None
}

/// The end of a string or character literal starting at `start` (its quote).
fn skip_quoted(bytes: &[u8], start: usize) -> usize {
    let quote = bytes[start];
    let mut position = start + 1;
    while position < bytes.len() {
        match bytes[position] {
            b'\\' => position += 2,
            b'\n' => return position,
            b if b == quote => return position + 1,
            _ => position += 1,
        }
    }
    bytes.len()
}

/// The end of a preprocessing number starting at `start`.
fn skip_number(bytes: &[u8], start: usize) -> usize {
    let mut position = start;
    while position < bytes.len() {
        let byte = bytes[position];
        let is_exponent_sign = matches!(byte, b'+' | b'-')
            && position > start
            && matches!(bytes[position - 1], b'e' | b'E' | b'p' | b'P');
        let is_number_byte =
            byte.is_ascii_alphanumeric() || byte == b'.' || byte == b'_' || byte == b'\'';
        if !(is_exponent_sign || is_number_byte) {
            break;
        }
        position += 1;
    }
    position
}

/// `1.0iF` → `1.0  `: blanks a GNU imaginary literal's suffix from its `i`/`j` on (hex digits
/// never include those letters, so they always start or sit in the suffix).
/// Returns the width of the literal's complex parts.
fn blank_imaginary_suffix(number: &mut [u8]) -> Option<u8> {
    let first = number
        .iter()
        .position(|b| matches!(b, b'i' | b'I' | b'j' | b'J'))?;
    // The part type from every suffix letter, before the `i` (`1.0fi`, kept in the literal)
    // or after it (`1.0iF`); a hexadecimal literal's `f` is a digit.
    let hex = number.len() > 1 && number[0] == b'0' && matches!(number[1], b'x' | b'X');
    let before = number[..first]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_alphabetic() && !(hex && b.is_ascii_hexdigit()));
    let letters: Vec<u8> = before
        .chain(&number[first + 1..])
        .map(u8::to_ascii_lowercase)
        .collect();
    let width = if letters.contains(&b'f') {
        32
    } else if letters.contains(&b'l') {
        80
    } else {
        64
    };
    number[first..].fill(b' ');
    Some(width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imaginary_literals_are_blanked_and_remembered_with_their_width() {
        let text = "a = 1.0iF + 2.0fi + 3i + 0x1fi + 4.5iL + 1e3j;";
        let scanned = scan(text);
        assert_eq!(
            scanned.text,
            "a = 1.0   + 2.0f  + 3  + 0x1f  + 4.5   + 1e3 ;"
        );
        let widths: Vec<u8> = scanned
            .blanked
            .imaginary_literals
            .iter()
            .map(|&(_, width)| width)
            .collect();
        assert_eq!(widths, [32, 32, 64, 64, 80, 64]);
        let starts: Vec<&str> = scanned
            .blanked
            .imaginary_literals
            .iter()
            .map(|&(start, _)| &text[start as usize..start as usize + 3])
            .collect();
        assert_eq!(starts, ["1.0", "2.0", "3i ", "0x1", "4.5", "1e3"]);
    }
}
