//! Maps byte offsets of preprocessed C back to the user's files and lines by following the line
//! markers that the preprocessor leaves (`# 12 "foo.c" 2`) and `#line` directives.

use std::ops::Range;

use acc_ir::{SourceFiles, Span};

/// One stretch of preprocessed lines that continue one original file from a known line.
#[derive(Clone, Debug)]
struct Segment {
    /// Index (into `SourceMap::line_starts`) of the first preprocessed line of the stretch.
    first_line: usize,
    /// Index into `SourceMap::files`.
    file: usize,
    /// Original line number of that first line.
    line: u32,
    /// Whether the marker flagged a system header (flag 3).
    system: bool,
}

/// Offset → (file, line, column) table for one preprocessed translation unit.
#[derive(Clone, Debug)]
pub struct SourceMap {
    /// Byte offset where each preprocessed line starts.
    line_starts: Vec<u32>,
    files: Vec<String>,
    segments: Vec<Segment>,
    main_file: String,
    len: u32,
    /// The preprocessed text's pragma lines (`#pragma ...` from column 1, whitespace
    /// normalised, macros expanded), by line index; see [`SourceMap::location`].
    pragmas: std::collections::HashMap<usize, String>,
    /// The original files' lines, read when a pragma's column is mapped (`None`: unreadable).
    originals: std::cell::RefCell<std::collections::HashMap<usize, Option<Vec<String>>>>,
}

impl SourceMap {
    /// Builds the table from the preprocessed text. `file_name` names the text until the first
    /// line marker says otherwise.
    pub fn new(preprocessed: &str, file_name: &str) -> SourceMap {
        let bytes = preprocessed.as_bytes();
        let mut line_starts = vec![0u32];
        for (index, byte) in bytes.iter().enumerate() {
            if *byte == b'\n' {
                line_starts.push(index as u32 + 1);
            }
        }
        let mut map = SourceMap {
            line_starts,
            files: vec![file_name.to_string()],
            segments: vec![Segment {
                first_line: 0,
                file: 0,
                line: 1,
                system: false,
            }],
            main_file: String::new(),
            len: bytes.len() as u32,
            pragmas: std::collections::HashMap::new(),
            originals: Default::default(),
        };
        let mut current_file = 0usize;
        for line_index in 0..map.line_starts.len() {
            let start = map.line_starts[line_index] as usize;
            let end = map
                .line_starts
                .get(line_index + 1)
                .map(|e| *e as usize - 1)
                .unwrap_or(bytes.len());
            let Some(line) = preprocessed.get(start..end) else {
                continue;
            };
            if line.starts_with("#pragma") {
                map.pragmas.insert(line_index, line.to_string());
                continue;
            }
            let Some(marker) = parse_marker(line) else {
                continue;
            };
            let file = match marker.file {
                Some(name) => match map.files.iter().position(|f| *f == name) {
                    Some(index) => index,
                    None => {
                        map.files.push(name.clone());
                        map.files.len() - 1
                    }
                },
                None => current_file,
            };
            // The first marker names the main file (gcc then names `<built-in>` and
            // `<command-line>` before returning to it).
            if map.main_file.is_empty() && !map.files[file].starts_with('<') {
                map.main_file = map.files[file].clone();
            }
            current_file = file;
            map.segments.push(Segment {
                first_line: line_index + 1,
                file,
                line: marker.line,
                system: marker.system,
            });
        }
        if map.main_file.is_empty() {
            map.main_file = file_name.to_string();
        }
        map
    }

    /// The first file named by a line marker, or the name given to [`SourceMap::new`].
    pub fn main_file(&self) -> &str {
        &self.main_file
    }

    fn line_index(&self, offset: u32) -> usize {
        let offset = offset.min(self.len);
        self.line_starts
            .partition_point(|start| *start <= offset)
            .saturating_sub(1)
    }

    fn segment(&self, line_index: usize) -> &Segment {
        let position = self
            .segments
            .partition_point(|s| s.first_line <= line_index);
        &self.segments[position.saturating_sub(1)]
    }

    /// The original file, line and 1-based byte column of a preprocessed offset. The
    /// preprocessor writes a pragma from column 1 with its whitespace normalised and its macros
    /// expanded (`    #  pragma acc loop` becomes `#pragma acc loop`): a column on such a line
    /// is mapped to the original line by aligning the two texts.
    pub fn location(&self, offset: u32) -> (String, u32, u32) {
        let line_index = self.line_index(offset);
        let segment = self.segment(line_index);
        let line = segment
            .line
            .saturating_add((line_index - segment.first_line) as u32);
        let mut col = offset.min(self.len) - self.line_starts[line_index] + 1;
        let mut line = line;
        if let Some(pragma) = self.pragmas.get(&line_index) {
            if let Some((original, starts)) = self.original_lines(segment.file, line) {
                let at = pragma_column(pragma, &original, col as usize - 1);
                // The physical line of a pragma continued with backslashes that holds `at`.
                let physical = starts
                    .partition_point(|start| *start <= at)
                    .saturating_sub(1);
                line += physical as u32;
                col = (at - starts[physical]) as u32 + 1;
            }
        }
        (self.files[segment.file].clone(), line, col)
    }

    /// The logical line that starts at line `line` of file `file` as it is on disk (regular
    /// files only): its physical lines joined, each continuation's backslash made a blank, and
    /// the byte offset where each physical line starts in the joined text.
    fn original_lines(&self, file: usize, line: u32) -> Option<(String, Vec<usize>)> {
        let mut originals = self.originals.borrow_mut();
        let lines = originals
            .entry(file)
            .or_insert_with(|| crate::source_lines(&self.files[file]));
        let lines = lines.as_ref()?;
        let mut index = line.checked_sub(1)? as usize;
        let mut text = lines.get(index)?.clone();
        let mut starts = vec![0];
        while index + 1 < lines.len() {
            // A backslash and blanks still continue the line (gcc warns).
            let Some(kept) = text.trim_end().strip_suffix('\\').map(str::len) else {
                break;
            };
            text.truncate(kept);
            text.push('\n');
            index += 1;
            starts.push(text.len());
            text.push_str(&lines[index]);
        }
        Some((text, starts))
    }

    /// Whether `offset` lies in a file the preprocessor marked as a system header.
    pub fn in_system_header(&self, offset: u32) -> bool {
        self.segment(self.line_index(offset)).system
    }

    /// The span of a preprocessed byte range. A range that covers several lines is cut at the end
    /// of its first line, since a diagnostic shows one line.
    pub fn span(&self, files: &mut SourceFiles, range: Range<u32>) -> Span {
        let (file, line, col) = self.location(range.start);
        let line_index = self.line_index(range.start);
        let line_end = self
            .line_starts
            .get(line_index + 1)
            .map(|next| next - 1)
            .unwrap_or(self.len);
        let end = range.end.min(line_end).max(range.start.min(self.len));
        let len = end - range.start.min(self.len);
        Span::new(files.intern(&file), line, col, len)
    }
}

/// The 0-based byte column in `original` (the pragma's line in its file) of byte `at` of
/// `pragma` (the preprocessor's version of it). The two lines' tokens (from the `#`, spacing
/// ignored) are aligned by their longest common subsequence: a column in a token the original
/// has maps to that token there; one in a macro's expansion maps to the original token that
/// follows the last aligned one (the macro's name). `original` may hold several physical lines
/// (a pragma continued with backslashes). A line that does not hold the pragma (one written by
/// `_Pragma`), or one too long to align, keeps the preprocessed column.
fn pragma_column(pragma: &str, original: &str, at: usize) -> usize {
    let Some(hash) = original.find('#') else {
        return at;
    };
    let p = tokens(pragma.as_bytes(), 0);
    let o = tokens(original.as_bytes(), hash);
    if p.is_empty() || o.is_empty() || p.len().saturating_mul(o.len()) > 1 << 20 {
        return at;
    }
    let (pb, ob) = (pragma.as_bytes(), original.as_bytes());
    let same = |i: usize, j: usize| pb[p[i].0..p[i].1] == ob[o[j].0..o[j].1];
    // `longest[i][j]`: the longest common subsequence of `p[i..]` and `o[j..]`.
    let width = o.len() + 1;
    let mut longest = vec![0u32; (p.len() + 1) * width];
    for i in (0..p.len()).rev() {
        for j in (0..o.len()).rev() {
            longest[i * width + j] = if same(i, j) {
                longest[(i + 1) * width + j + 1] + 1
            } else {
                longest[(i + 1) * width + j].max(longest[i * width + j + 1])
            };
        }
    }
    // Past the last token (an error at the end of the line): as far past the original's.
    let (last_p, last_o) = (p[p.len() - 1].1, o[o.len() - 1].1);
    if at >= last_p {
        return last_o + (at - last_p);
    }
    // The token of the pragma that holds `at` (or the first one after it).
    let target = p.iter().position(|&(_, to)| at < to).unwrap_or(p.len() - 1);
    let (mut i, mut j) = (0, 0);
    let mut after_last_pair = 0;
    while i < p.len() && j < o.len() && i <= target {
        if same(i, j) {
            if i == target {
                let (from, to) = o[j];
                return (from + at.saturating_sub(p[i].0)).min(to - 1);
            }
            i += 1;
            j += 1;
            after_last_pair = j;
        } else if longest[(i + 1) * width + j] >= longest[i * width + j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    o.get(after_last_pair)
        .map_or(original.len(), |&(from, _)| from)
}

/// The tokens of a directive line from byte `from`, as byte ranges: runs of letters, digits,
/// `_` and non-ASCII bytes, and every other non-blank byte alone.
fn tokens(line: &[u8], from: usize) -> Vec<(usize, usize)> {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
    let mut out = Vec::new();
    let mut i = from;
    while i < line.len() {
        if line[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        if word(line[start]) {
            while i < line.len() && word(line[i]) {
                i += 1;
            }
        }
        out.push((start, i));
    }
    out
}

/// What one marker line says.
pub(crate) struct Marker {
    pub(crate) line: u32,
    pub(crate) file: Option<String>,
    system: bool,
}

/// Parses `# 12 "foo.c" 1 3`, `#line 12 "foo.c"` or `#line 12`; anything else is `None`.
pub(crate) fn parse_marker(line: &str) -> Option<Marker> {
    let rest = line.trim_start_matches([' ', '\t']).strip_prefix('#')?;
    let rest = rest.trim_start_matches([' ', '\t']);
    let rest = match rest.strip_prefix("line") {
        Some(after) if after.starts_with([' ', '\t']) => after.trim_start_matches([' ', '\t']),
        Some(_) => return None,
        None => rest,
    };
    let digits_end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    if digits_end == 0 {
        return None;
    }
    let line: u32 = rest[..digits_end].parse().ok()?;
    let rest = rest[digits_end..].trim_start_matches([' ', '\t']);
    let (file, flags) = match rest.strip_prefix('"') {
        Some(quoted) => {
            let (name, after) = unquote(quoted)?;
            (Some(name), after)
        }
        None => (None, rest),
    };
    let system = flags.split_whitespace().any(|flag| flag == "3");
    Some(Marker { line, file, system })
}

/// Reads a C string body up to its closing quote, undoing `\\` and `\"` style escapes;
/// returns the string and the text after the quote.
fn unquote(text: &str) -> Option<(String, &str)> {
    let mut out = String::new();
    let mut chars = text.char_indices();
    while let Some((index, ch)) = chars.next() {
        match ch {
            '"' => return Some((out, &text[index + 1..])),
            '\\' => match chars.next() {
                Some((_, 'n')) => out.push('\n'),
                Some((_, 't')) => out.push('\t'),
                Some((_, other)) => out.push(other),
                None => return None,
            },
            other => out.push(other),
        }
    }
    None
}

#[cfg(test)]
mod pragma_column_tests {
    use super::pragma_column;

    #[test]
    fn columns_follow_the_original_spacing_and_macros() {
        let at = |pragma: &str, token: &str| pragma.find(token).unwrap();
        let pragma = "#pragma acc parallel loop copy(x[0:100]) bogus";
        let original = "    #  pragma   acc parallel   loop copy(x[0:N])  bogus";
        // Before the macro: the same token in the original.
        assert_eq!(
            pragma_column(pragma, original, at(pragma, "loop")),
            original.find("loop").unwrap()
        );
        // After it: the same token again.
        assert_eq!(
            pragma_column(pragma, original, at(pragma, "bogus")),
            original.find("bogus").unwrap()
        );
        // Inside the expansion: the macro's name.
        assert_eq!(
            pragma_column(pragma, original, at(pragma, "100")),
            original.find('N').unwrap()
        );
        let pragma =
            "#pragma acc parallel loop copyin(b[0:256]) copyout(a[0:256]) vector_length(256 / 2)";
        let original =
            "#pragma acc parallel loop copyin(ALL(b)) copyout(a[0:LEN]) vector_length(LEN / 2)";
        assert_eq!(
            pragma_column(pragma, original, at(pragma, "a[")),
            original.find("a[").unwrap()
        );
        assert_eq!(
            pragma_column(pragma, original, at(pragma, "/ 2")),
            original.find("/ 2").unwrap()
        );
        // The end of the line.
        assert_eq!(
            pragma_column(
                "#pragma acc parallel copy(a[0:N]",
                "  #pragma acc parallel copy(a[0:n]",
                32
            ),
            34
        );
        // A line that is not the pragma's keeps the column.
        assert_eq!(pragma_column(pragma, "  x = 1;", 9), 9);
    }
}
