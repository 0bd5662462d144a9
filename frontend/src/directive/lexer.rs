//! Splits a directive's text into tokens: identifiers, numbers, string literals and punctuation.
//!
//! The tokens only need to be precise enough to find where names, clauses and expressions begin
//! and end: brackets, `,` and `:` must never be taken from inside a string literal, and the
//! multi-character operators a reduction may name (`&&`, `||`, Fortran `.and.`) must be one
//! token. Everything else about an expression is left to whoever interprets its text. Comments
//! (C `/* */` and `//`, Fortran `!`) are skipped. Every token boundary is a character boundary.

use super::Language;
use std::ops::Range;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TokenKind {
    /// `[A-Za-z_][A-Za-z0-9_]*`.
    Ident,
    /// A numeric literal with its suffixes (`0x1Fu`, `1.5e-3`, `8_8`).
    Number,
    /// A string or character literal, quotes included (possibly unterminated).
    Str,
    /// One punctuation character, `->`, `&&`, `||`, a Fortran dot operator (`.and.`), or any
    /// other single character the grammar has no use for.
    Punct,
}

/// A token: its kind and its byte range in the directive text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Token {
    pub kind: TokenKind,
    pub start: usize,
    pub end: usize,
}

/// The tokens of a text and the lexical errors (unterminated strings and comments), with local
/// byte ranges.
#[derive(Debug)]
pub(super) struct Lexed {
    pub tokens: Vec<Token>,
    pub errors: Vec<(Range<usize>, String)>,
}

pub(super) fn lex(text: &str, lang: Language) -> Lexed {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut errors = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let next = bytes.get(i + 1).copied();
        let kind = match (c, lang) {
            (b'!', Language::Fortran) => break,
            (b'/', Language::C) if next == Some(b'/') => break,
            (b'/', Language::C) if next == Some(b'*') => {
                match text[i + 2..].find("*/") {
                    Some(offset) => i += 2 + offset + 2,
                    None => {
                        errors.push((i..text.len(), "unterminated comment".to_string()));
                        i = bytes.len();
                    }
                }
                continue;
            }
            _ if c.is_ascii_alphabetic()
                || c == b'_'
                || (lang == Language::C && (c >= 0x80 || ucn_length(bytes, i) > 0)) =>
            {
                i = scan_ident(bytes, i, lang);
                TokenKind::Ident
            }
            _ if c.is_ascii_digit() => {
                i = scan_number(bytes, i, lang);
                TokenKind::Number
            }
            (b'.', _) if next.is_some_and(|n| n.is_ascii_digit()) => {
                i = scan_number(bytes, i, lang);
                TokenKind::Number
            }
            (b'.', Language::Fortran) if dot_operator_end(bytes, i).is_some() => {
                i = dot_operator_end(bytes, i).unwrap_or(i + 1);
                TokenKind::Punct
            }
            (b'"' | b'\'', _) => {
                match scan_string(bytes, i, lang) {
                    Some(end) => i = end,
                    None => {
                        errors.push((i..text.len(), "unterminated string literal".to_string()));
                        i = bytes.len();
                    }
                }
                TokenKind::Str
            }
            (b'-', _) if next == Some(b'>') => {
                i += 2;
                TokenKind::Punct
            }
            (b'&', _) if next == Some(b'&') => {
                i += 2;
                TokenKind::Punct
            }
            (b'|', _) if next == Some(b'|') => {
                i += 2;
                TokenKind::Punct
            }
            _ if c.is_ascii() => {
                i += 1;
                TokenKind::Punct
            }
            _ => {
                let width = text[i..].chars().next().map_or(1, char::len_utf8);
                i += width;
                TokenKind::Punct
            }
        };
        tokens.push(Token {
            kind,
            start,
            end: i,
        });
    }
    Lexed { tokens, errors }
}

/// An identifier: letters, digits and `_`; in C also any non-ASCII character (gcc accepts
/// UTF-8 identifiers, `float été[n]`) and universal character names (`\U000000e9`, as gcc -E
/// spells those characters in a pragma). A non-ASCII byte is part of a whole UTF-8
/// character, so the identifier ends on a character boundary.
fn scan_ident(bytes: &[u8], mut i: usize, lang: Language) -> usize {
    while i < bytes.len() {
        if bytes[i].is_ascii_alphanumeric()
            || bytes[i] == b'_'
            || (bytes[i] >= 0x80 && lang == Language::C)
        {
            i += 1;
        } else {
            match ucn_length(bytes, i) {
                length if length > 0 && lang == Language::C => i += length,
                _ => break,
            }
        }
    }
    i
}

/// The length of the universal character name (`\uXXXX`, `\UXXXXXXXX`) at `i`, or 0.
fn ucn_length(bytes: &[u8], i: usize) -> usize {
    let digits = match (bytes.get(i), bytes.get(i + 1)) {
        (Some(b'\\'), Some(b'u')) => 4,
        (Some(b'\\'), Some(b'U')) => 8,
        _ => return 0,
    };
    let hex = bytes.get(i + 2..i + 2 + digits);
    if hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
        2 + digits
    } else {
        0
    }
}

/// Scans a numeric literal loosely: digits, letters, `_` and `.`, plus a sign right after an
/// exponent letter. In Fortran a `.` that starts a dot operator (`1.and.x`) ends the number.
fn scan_number(bytes: &[u8], mut i: usize, lang: Language) -> usize {
    let is_hex = bytes.get(i) == Some(&b'0') && matches!(bytes.get(i + 1), Some(b'x' | b'X'));
    let start = i;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_alphanumeric() || c == b'_' {
            i += 1;
        } else if c == b'.' {
            if lang == Language::Fortran && dot_operator_end(bytes, i).is_some() {
                break;
            }
            i += 1;
        } else if (c == b'+' || c == b'-') && i > start {
            let previous = bytes[i - 1].to_ascii_lowercase();
            let exponent = if is_hex {
                previous == b'p'
            } else {
                matches!(previous, b'e' | b'd')
            };
            if exponent {
                i += 1;
            } else {
                break;
            }
        } else {
            break;
        }
    }
    i
}

/// If a Fortran dot operator (`.and.`, `.EQV.`, `.true.`) starts at `i`, returns its end.
fn dot_operator_end(bytes: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    while j < bytes.len() && bytes[j].is_ascii_alphabetic() {
        j += 1;
    }
    (j > i + 1 && bytes.get(j) == Some(&b'.')).then_some(j + 1)
}

/// Returns the end of the string literal starting at `i`, or `None` if it is unterminated.
/// C strings use backslash escapes; Fortran strings double the quote.
fn scan_string(bytes: &[u8], i: usize, lang: Language) -> Option<usize> {
    let quote = bytes[i];
    let mut j = i + 1;
    while j < bytes.len() {
        let c = bytes[j];
        if c == b'\\' && lang == Language::C {
            j += 2;
        } else if c == quote {
            if lang == Language::Fortran && bytes.get(j + 1) == Some(&quote) {
                j += 2;
            } else {
                return Some(j + 1);
            }
        } else {
            j += 1;
        }
    }
    None
}
