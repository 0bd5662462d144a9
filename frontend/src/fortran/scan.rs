//! Finds the `!$acc` directive lines of free-form text (fixed form is converted first), joins
//! continuation lines, and blanks preprocessor line markers so tree-sitter-fortran never sees
//! them.
//!
//! Continuations are joined by blanking, not by copying: the `&`, the rest of the line (a
//! trailing `!` comment), the newline and the next line's `!$acc` sentinel (and its optional
//! leading `&`) become spaces in [`DirectiveLine::text`], so an offset into the joined text plus
//! [`DirectiveLine::text_offset`] is an offset into the parsed text, as the directive grammar
//! expects.

use super::fixed_form::comment_start;
use std::ops::Range;

/// One directive, continuation lines joined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectiveLine {
    /// Offset of the `!` of the first line's sentinel.
    pub start: u32,
    /// Offset of the first byte after the sentinel `!$acc`.
    pub text_offset: u32,
    /// The directive text after the sentinel, continuations blanked into one line.
    pub text: String,
    /// Offset of the end of the last line (its newline excluded).
    pub end: u32,
}

/// A continuation problem found while scanning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScanError {
    pub span: Range<u32>,
    pub message: String,
}

/// The result of [`scan`].
#[derive(Clone, Debug, Default)]
pub struct Scanned {
    /// The text to parse: the input with line-marker lines blanked (same length).
    pub text: String,
    pub directives: Vec<DirectiveLine>,
    pub errors: Vec<ScanError>,
}

/// If `line` (without its newline) is a directive line, the offset of its `!` and of the text
/// after the sentinel.
fn sentinel(line: &str) -> Option<(usize, usize)> {
    let indent = line.len() - line.trim_start().len();
    let rest = &line[indent..];
    if rest.len() < 5 || !rest.as_bytes()[..5].eq_ignore_ascii_case(b"!$acc") {
        return None;
    }
    match rest.as_bytes().get(5) {
        None | Some(b' ' | b'\t' | b'&' | b'\r') => Some((indent, indent + 5)),
        _ => None,
    }
}

/// Scans `text`. `fixed` says the text came from fixed form (continuation lines are marked by
/// `!$acc&` at the start of the next line instead of a trailing `&`).
pub fn scan(text: &str, fixed: bool) -> Scanned {
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        lines.push((offset, raw.trim_end_matches(['\n', '\r'])));
        offset += raw.len();
    }
    let mut out = text.as_bytes().to_vec();
    let mut scanned = Scanned::default();
    let mut index = 0;
    while index < lines.len() {
        let (start, line) = lines[index];
        if line.starts_with('#') {
            for byte in &mut out[start..start + line.len()] {
                *byte = b' ';
            }
            index += 1;
            continue;
        }
        let Some((bang, after)) = sentinel(line) else {
            index += 1;
            continue;
        };
        let text_offset = start + after;
        let mut joined: Vec<u8> = line.as_bytes()[after..].to_vec();
        let mut end = start + line.len();
        let mut current = line;
        let mut current_start = start;
        let mut current_after = after;
        index += 1;
        loop {
            // Where this line's directive text stops: before a `!` comment.
            let body = &current[current_after..];
            let body_end = comment_start(body).unwrap_or(body.len());
            let trimmed = body[..body_end].trim_end();
            let trailing_amp = trimmed.ends_with('&');
            // A continued directive's next line may come after blank lines, comment lines and
            // preprocessor lines (an `#ifdef` around the continuation, gone once preprocessed).
            let mut next_index = index;
            if trailing_amp {
                while let Some(&(_, l)) = lines.get(next_index) {
                    let t = l.trim_start();
                    let between = t.is_empty()
                        || t.starts_with('#')
                        || t.starts_with('!') && sentinel(l).is_none();
                    if !between {
                        break;
                    }
                    next_index += 1;
                }
            }
            let next = lines.get(next_index).copied();
            let next_continues = next.and_then(|(_, l)| {
                let (_, after) = sentinel(l)?;
                let starts_amp = l.as_bytes().get(after) == Some(&b'&');
                (trailing_amp || (fixed && starts_amp)).then_some(after)
            });
            if next_continues.is_some() {
                // The lines in between are blanked here, as the outer loop would have.
                for &(at, l) in &lines[index..next_index] {
                    if l.trim_start().starts_with('#') {
                        for byte in &mut out[at..at + l.len()] {
                            *byte = b' ';
                        }
                    }
                }
                index = next_index;
            }
            let line_base = joined.len() - body.len();
            if trailing_amp {
                let amp = line_base + trimmed.len() - 1;
                // The `&` and anything after it on this line (a comment) are blanked.
                for byte in &mut joined[amp..] {
                    *byte = b' ';
                }
            } else if body_end < body.len() && next_continues.is_some() {
                for byte in &mut joined[line_base + body_end..] {
                    *byte = b' ';
                }
            }
            let Some(next_after) = next_continues else {
                if trailing_amp {
                    let amp = (current_start + current_after + trimmed.len() - 1) as u32;
                    scanned.errors.push(ScanError {
                        span: amp..amp + 1,
                        message:
                            "'&' continues the directive, but the next line is not an '!$acc' line"
                                .into(),
                    });
                }
                break;
            };
            let (next_start, next_line) = lines[index];
            // The newline (and `\r`) between the lines, then the sentinel, become blanks.
            let gap = next_start - end;
            joined.extend(std::iter::repeat_n(b' ', gap));
            // The sentinel may be followed by an `&` (after blanks, `!$acc & b)`): the text
            // continues after it.
            let mut skip = next_after;
            let blanks = next_line.as_bytes()[skip..]
                .iter()
                .take_while(|b| matches!(b, b' ' | b'\t'))
                .count();
            if next_line.as_bytes().get(skip + blanks) == Some(&b'&') {
                skip += blanks + 1;
            }
            joined.extend(std::iter::repeat_n(b' ', skip));
            joined.extend_from_slice(&next_line.as_bytes()[skip..]);
            end = next_start + next_line.len();
            current = next_line;
            current_start = next_start;
            current_after = skip;
            index += 1;
        }
        let text = String::from_utf8_lossy(&joined).into_owned();
        scanned.directives.push(DirectiveLine {
            start: (start + bang) as u32,
            text_offset: text_offset as u32,
            text,
            end: end as u32,
        });
    }
    scanned.text = String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    scanned
}
