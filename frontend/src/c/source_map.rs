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

    /// The original file, line and 1-based byte column of a preprocessed offset.
    pub fn location(&self, offset: u32) -> (String, u32, u32) {
        let line_index = self.line_index(offset);
        let segment = self.segment(line_index);
        let line = segment
            .line
            .saturating_add((line_index - segment.first_line) as u32);
        let col = offset.min(self.len) - self.line_starts[line_index] + 1;
        (self.files[segment.file].clone(), line, col)
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
