//! Fixed-form Fortran (`.f`, `.F`, `.for`) converted to free form before parsing, with an
//! [`OffsetMap`] from the converted text back to the original, so diagnostics point at the
//! user's columns.
//!
//! Line for line: every original line gives one converted line (so line numbers never move).
//! * A comment line (`C`, `c`, `*` or `!` in column 1) becomes a `!` comment; a directive line
//!   (`c$acc`, `*$acc`, `!$acc` in columns 1–5) becomes `!$acc`, and its continuation lines
//!   (a character other than blank or `0` in column 6) become `!$acc&`.
//! * A statement line keeps its label (columns 1–5) and its statement (columns 7–72, or to the
//!   column `-ffixed-line-length-N` sets); text past that column is dropped, as gfortran drops
//!   it (from directive lines too: old code keeps sequence numbers in columns 73–80). When the next statement line continues it, ` &` is appended (before
//!   a trailing `!` comment); the continuation line's column 6 becomes `&`.
//! * Tab format: a tab in columns 1–6 starts the statement; a digit after it marks a
//!   continuation line.
//! * Preprocessor line markers (`# 1 "file"`) are kept as they are.
//!
//! Fixed form's insignificant blanks inside keywords (`D O 10 I = 1, N`) are not undone.

/// The last column of a fixed-form line that counts, gfortran's default.
pub const DEFAULT_LINE_LENGTH: usize = 72;

/// Maps offsets of converted text to offsets of the original text.
#[derive(Clone, Debug, Default)]
pub struct OffsetMap {
    /// `(converted_start, original_start)`, sorted; a converted offset maps to the original
    /// offset of the last piece starting at or before it, plus its distance into the piece.
    pieces: Vec<(u32, u32)>,
    /// Offsets in the converted text of characters that were inserted (they map to the original
    /// position of the piece they follow, without advancing).
    inserted: Vec<(u32, u32)>,
}

impl OffsetMap {
    /// The identity map (free-form input).
    pub fn identity() -> OffsetMap {
        OffsetMap {
            pieces: vec![(0, 0)],
            inserted: Vec::new(),
        }
    }

    /// The original offset of a converted offset.
    pub fn original(&self, offset: u32) -> u32 {
        if let Ok(index) = self
            .inserted
            .binary_search_by_key(&offset, |(start, _)| *start)
        {
            return self.inserted[index].1;
        }
        let index = match self
            .pieces
            .binary_search_by_key(&offset, |(start, _)| *start)
        {
            Ok(i) => i,
            Err(0) => return offset,
            Err(i) => i - 1,
        };
        let (converted, original) = self.pieces[index];
        original + (offset - converted)
    }
}

/// The result of [`convert`].
#[derive(Clone, Debug)]
pub struct Converted {
    pub text: String,
    pub map: OffsetMap,
}

struct Builder {
    out: String,
    map: OffsetMap,
}

impl Builder {
    /// Copies the statement text `text` (at original offset `at`) without the blanks inside
    /// numeric literals ([`literal_blanks`]); `quote` carries an open character context from
    /// the statement's previous line to the next.
    fn copy_statement(&mut self, text: &str, at: usize, quote: &mut Option<u8>) {
        let mut from = 0;
        for blanks in literal_blanks(text, quote) {
            self.copy(&text[from..blanks.start], at + from);
            from = blanks.end;
        }
        self.copy(&text[from..], at + from);
    }

    /// Copies `original[range]` (at original offset `at`).
    fn copy(&mut self, text: &str, at: usize) {
        if text.is_empty() {
            return;
        }
        self.map.pieces.push((self.out.len() as u32, at as u32));
        self.out.push_str(text);
    }

    /// Inserts text that has no original; it maps to original offset `at`.
    fn insert(&mut self, text: &str, at: usize) {
        let start = self.out.len() as u32;
        for i in 0..text.len() {
            self.map.inserted.push((start + i as u32, at as u32));
        }
        self.out.push_str(text);
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum LineKind {
    Comment,
    /// A directive line; `true` when it continues the previous directive line.
    Directive(bool),
    /// A statement line; `true` when it continues the previous statement line.
    Statement(bool),
    Marker,
    Blank,
}

/// Where a statement line's statement text starts, and whether it is a continuation line. The
/// position is a character boundary: a multi-byte character that straddles column 6 belongs to
/// the label field (and its continuation mark), never half to each.
fn statement_start(line: &str) -> (usize, bool) {
    let bytes = line.as_bytes();
    for (i, b) in bytes.iter().enumerate().take(6) {
        if *b == b'\t' {
            let continued = bytes.get(i + 1).is_some_and(|c| (b'1'..=b'9').contains(c));
            return (if continued { i + 2 } else { i + 1 }, continued);
        }
    }
    if bytes.len() <= 6 {
        return (bytes.len(), false);
    }
    let continued = !matches!(bytes[5], b' ' | b'0');
    (ceil_char_boundary(line, 6), continued)
}

fn classify(line: &str) -> LineKind {
    let bytes = line.as_bytes();
    if bytes.is_empty() || line.trim().is_empty() {
        return LineKind::Blank;
    }
    if bytes[0] == b'#' {
        return LineKind::Marker;
    }
    if matches!(bytes[0], b'c' | b'C' | b'*' | b'!') {
        let lower = line.to_ascii_lowercase();
        if lower.get(1..5) == Some("$acc") {
            let continued = bytes.len() > 5 && !matches!(bytes[5], b' ' | b'0' | b'\t');
            return LineKind::Directive(continued);
        }
        return LineKind::Comment;
    }
    // A `!` anywhere in columns 1-5 before any statement text starts a comment line.
    let (start, continued) = statement_start(line);
    let label = &line[..start.min(line.len())];
    if label.trim_start().starts_with('!') && !continued {
        return LineKind::Comment;
    }
    LineKind::Statement(continued)
}

/// Where a `!` comment starts in the statement text (outside character literals).
/// The runs of blanks inside numeric literals of a fixed-form statement line, which fixed form
/// ignores and free form would read as separators (`100 000` is 100000, `1.5 e 2` is 150.0:
/// Nekbone's `mwd2=100 000`): a run between two digits, and the runs around the exponent
/// letter of a number with a decimal point and its sign (not `real*8 d1`, a declaration). Character contexts (`quote`, open across lines) and a
/// trailing comment are left alone, and so is a line that may hold a Hollerith constant
/// (`5H1 2 3`, whose blanks are characters).
fn literal_blanks(text: &str, quote: &mut Option<u8>) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let hollerith = bytes.windows(2).enumerate().any(|(i, w)| {
        w[0].is_ascii_digit()
            && matches!(w[1], b'h' | b'H')
            && bytes[..=i]
                .iter()
                .rev()
                .find(|b| !b.is_ascii_digit() && **b != b' ')
                .is_some_and(|b| matches!(b, b'(' | b',' | b'/' | b'*'))
    });
    let mut runs = Vec::new();
    let mut i = 0;
    // Whether the scan is in a number, and whether it has a decimal point (`None`: not in a
    // number).
    let mut number: Option<bool> = None;
    while i < bytes.len() {
        let b = bytes[i];
        if let Some(q) = *quote {
            if b == q {
                *quote = None;
            }
            i += 1;
            continue;
        }
        match b {
            b'\'' | b'"' => {
                *quote = Some(b);
                number = None;
                i += 1;
            }
            b'!' => break,
            b' ' | b'\t' => {
                let end = i + bytes[i..]
                    .iter()
                    .take_while(|b| matches!(b, b' ' | b'\t'))
                    .count();
                let next = bytes.get(end).copied();
                let after_digit = i > 0 && bytes[i - 1].is_ascii_digit();
                let inside_digits =
                    number.is_some() && after_digit && next.is_some_and(|n| n.is_ascii_digit());
                let before_exponent = number == Some(true)
                    && matches!(next, Some(b'e' | b'E' | b'd' | b'D'))
                    && exponent_follows(&bytes[end + 1..]);
                if !hollerith && (inside_digits || before_exponent) {
                    runs.push(i..end);
                }
                i = end;
            }
            b'e' | b'E' | b'd' | b'D'
                if number == Some(true) && exponent_follows(&bytes[i + 1..]) =>
            {
                // The blanks after the exponent letter, and after its sign.
                i += 1;
                let blanks = bytes[i..].iter().take_while(|b| **b == b' ').count();
                if blanks > 0 && !hollerith {
                    runs.push(i..i + blanks);
                }
                i += blanks;
                if matches!(bytes.get(i), Some(b'+' | b'-')) {
                    i += 1;
                    let blanks = bytes[i..].iter().take_while(|b| **b == b' ').count();
                    if blanks > 0 && !hollerith {
                        runs.push(i..i + blanks);
                    }
                    i += blanks;
                }
            }
            b'0'..=b'9' => {
                if number.is_none() {
                    let in_name =
                        i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
                    number = (!in_name).then_some(false);
                }
                i += 1;
            }
            b'.' if number.is_some() => {
                number = Some(true);
                i += 1;
            }
            _ => {
                number = None;
                i += 1;
            }
        }
    }
    runs
}

/// Whether an exponent follows an exponent letter: blanks, an optional sign, blanks, a digit.
fn exponent_follows(rest: &[u8]) -> bool {
    let mut i = rest.iter().take_while(|b| **b == b' ').count();
    if matches!(rest.get(i), Some(b'+' | b'-')) {
        i += 1;
        i += rest[i..].iter().take_while(|b| **b == b' ').count();
    }
    rest.get(i).is_some_and(u8::is_ascii_digit)
}

pub(super) fn comment_start(text: &str) -> Option<usize> {
    let mut quote: Option<u8> = None;
    for (i, b) in text.bytes().enumerate() {
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if b == b'\'' || b == b'"' => quote = Some(b),
            None if b == b'!' => return Some(i),
            None => {}
        }
    }
    None
}

/// Converts fixed-form source to free form, with gfortran's default line length.
pub fn convert(original: &str) -> Converted {
    convert_columns(original, DEFAULT_LINE_LENGTH)
}

/// Converts fixed-form source to free form; `columns` is the last column of a line that counts
/// (`-ffixed-line-length-N`; `usize::MAX` for `-ffixed-line-length-none`).
pub fn convert_columns(original: &str, columns: usize) -> Converted {
    let mut builder = Builder {
        out: String::with_capacity(original.len() + original.len() / 16),
        map: OffsetMap::default(),
    };
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut offset = 0;
    for line in original.split_inclusive('\n') {
        lines.push((offset, line));
        offset += line.len();
    }
    let kinds: Vec<LineKind> = lines
        .iter()
        .map(|(_, l)| classify(l.trim_end_matches(['\n', '\r'])))
        .collect();
    // An open character context of the statement being converted, across its lines.
    let mut quote: Option<u8> = None;
    for (index, (start, raw)) in lines.iter().enumerate() {
        let line = raw.trim_end_matches(['\n', '\r']);
        let newline = &raw[line.len()..];
        // Whether the next statement line (skipping comments and blanks) continues this one.
        let continued_by_next = || {
            kinds[index + 1..]
                .iter()
                .find(|k| !matches!(k, LineKind::Comment | LineKind::Blank))
                .is_some_and(|k| *k == LineKind::Statement(true))
        };
        match kinds[index] {
            LineKind::Blank | LineKind::Marker => builder.copy(line, *start),
            LineKind::Comment => {
                builder.insert("!", *start);
                builder.copy(&line[1.min(line.len())..], start + 1);
            }
            LineKind::Directive(continued) => {
                let line = &line[..floor_char_boundary(line, line.len().min(columns.max(6)))];
                builder.insert("!", *start);
                builder.copy(&line[1..5], start + 1);
                if continued {
                    // The continuation mark may be a multi-byte character.
                    let text = ceil_char_boundary(line, 6);
                    builder.insert("&", start + 5);
                    builder.copy(&line[text..], start + text);
                } else {
                    builder.copy(&line[5.min(line.len())..], start + 5);
                }
            }
            LineKind::Statement(continued) => {
                let (text_start, _) = statement_start(line);
                let end = line.len().min(columns).max(text_start);
                let end = floor_char_boundary(line, end);
                if continued {
                    // The continuation mark is the character before the text (maybe several
                    // bytes long).
                    let mark = floor_char_boundary(line, text_start.saturating_sub(1));
                    builder.copy(&line[..mark], *start);
                    builder.insert("&", start + mark);
                } else {
                    builder.copy(&line[..text_start], *start);
                }
                let statement = &line[text_start..end];
                if !continued {
                    quote = None;
                }
                if continued_by_next() {
                    match comment_start(statement) {
                        Some(c) => {
                            builder.copy_statement(&statement[..c], start + text_start, &mut quote);
                            builder.insert(" &", start + text_start + c);
                            builder.copy(&statement[c..], start + text_start + c);
                        }
                        None => {
                            builder.copy_statement(statement, start + text_start, &mut quote);
                            builder.insert(" &", start + end);
                        }
                    }
                } else {
                    builder.copy_statement(statement, start + text_start, &mut quote);
                }
            }
        }
        builder.copy(newline, start + line.len());
    }
    Converted {
        text: builder.out,
        map: builder.map,
    }
}

/// The first character boundary at or after `index` (the length past the end).
fn ceil_char_boundary(text: &str, mut index: usize) -> usize {
    if index >= text.len() {
        return text.len();
    }
    while !text.is_char_boundary(index) {
        index += 1;
    }
    index
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    while index > 0 && !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}
