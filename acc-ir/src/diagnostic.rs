//! User-facing diagnostics in gcc's format: `file:line:col: error: message`, then the source line
//! and a caret under the span. Broken IR invariants are not diagnostics: see [`crate::verify`].

use crate::span::{FileId, SourceFiles, Span};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU8, Ordering};

/// How this process writes diagnostics, set once by the driver from gcc's flags: bit 0 colour
/// (`-fdiagnostics-color`), bit 1 JSON (`-fdiagnostics-format=json`).
static STYLE: AtomicU8 = AtomicU8::new(0);

/// Sets how diagnostics are written: in colour (gcc's default colours: bold locations, errors
/// bold red, warnings bold magenta, notes bold cyan, the caret line in the severity's colour),
/// and as gcc's JSON objects instead of text.
pub fn set_style(color: bool, json: bool) {
    STYLE.store(u8::from(color) | (u8::from(json) << 1), Ordering::Relaxed);
}

/// Whether diagnostics are written as JSON (an array of [`render_json`] objects per batch).
pub fn json_output() -> bool {
    STYLE.load(Ordering::Relaxed) & 2 != 0
}

fn color() -> bool {
    STYLE.load(Ordering::Relaxed) & 1 != 0
}

/// `text` between gcc's SGR sequence for `code` and the reset, when colour is on.
fn paint(code: &str, text: &str) -> String {
    if color() && !code.is_empty() {
        format!("\x1b[{code}m\x1b[K{text}\x1b[m\x1b[K")
    } else {
        text.to_string()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Note,
    /// Optimisation feedback (`-fopt-info-acc`), printed without a caret line.
    Remark,
}

impl Severity {
    /// gcc's colour of the severity (`GCC_COLORS`' defaults); remarks have none.
    fn color(self) -> &'static str {
        match self {
            Severity::Error => "01;31",
            Severity::Warning => "01;35",
            Severity::Note => "01;36",
            Severity::Remark => "",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    /// Follow-up `note:` lines, each with its own location.
    pub notes: Vec<(Span, String)>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            span,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    pub fn remark(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Remark,
            span,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    pub fn with_note(mut self, span: Span, message: impl Into<String>) -> Self {
        self.notes.push((span, message.into()));
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Renders diagnostics the way gcc 12 does. `source_line(file, line)` returns the text of a line
/// of the user's file (without its newline), or `None` when it cannot be read; then no caret is shown.
pub fn render(
    diagnostic: &Diagnostic,
    files: &SourceFiles,
    source_line: &mut dyn FnMut(FileId, u32) -> Option<String>,
) -> String {
    let mut out = String::new();
    render_one(
        &mut out,
        diagnostic.severity,
        diagnostic.span,
        &diagnostic.message,
        files,
        source_line,
    );
    for (span, note) in &diagnostic.notes {
        render_one(&mut out, Severity::Note, *span, note, files, source_line);
    }
    out
}

fn render_one(
    out: &mut String,
    severity: Severity,
    span: Span,
    message: &str,
    files: &SourceFiles,
    source_line: &mut dyn FnMut(FileId, u32) -> Option<String>,
) {
    if !span.is_known() {
        let _ = writeln!(out, "accc: {}: {}", severity.as_str(), message);
        return;
    }
    let name = files.name(span.file);
    let shown = shown(span, source_line);
    let col = shown.as_ref().map_or(span.col, |s| s.start as u32 + 1);
    let _ = writeln!(
        out,
        "{} {} {}",
        paint("01", &format!("{}:{}:{}:", name, span.line, col)),
        paint(severity.color(), &format!("{}:", severity.as_str())),
        message
    );
    if severity == Severity::Remark {
        return;
    }
    let Some(shown) = shown else {
        return;
    };
    let (text, col) = window(&shown.text, shown.caret);
    let gutter = format!("{:>5}", span.line);
    let _ = writeln!(out, "{} | {}", gutter, text);
    // The expanded line has no tabs: a column is the sum of its characters' widths.
    let columns = |t: &str| t.chars().map(width).sum::<usize>();
    let before = text.get(..col).map_or(col, columns);
    let available = columns(&text).saturating_sub(before).max(1);
    let len = (shown.end - shown.start).max(1).min(available);
    let marker = format!("^{}", "~".repeat(len - 1));
    let _ = writeln!(
        out,
        "{} | {}{}",
        " ".repeat(gutter.len()),
        " ".repeat(before),
        paint(severity.color(), &marker)
    );
}

/// One diagnostic as gcc's `-fdiagnostics-format=json` writes it: `kind`, `message`, the
/// notes as `children`, and the caret and finish locations (line, display and byte columns).
pub fn render_json(
    diagnostic: &Diagnostic,
    files: &SourceFiles,
    source_line: &mut dyn FnMut(FileId, u32) -> Option<String>,
) -> String {
    let children: Vec<String> = diagnostic
        .notes
        .iter()
        .map(|(span, note)| json_object(Severity::Note, *span, note, "[]", files, source_line))
        .collect();
    json_object(
        diagnostic.severity,
        diagnostic.span,
        &diagnostic.message,
        &format!("[{}]", children.join(", ")),
        files,
        source_line,
    )
}

fn json_object(
    severity: Severity,
    span: Span,
    message: &str,
    children: &str,
    files: &SourceFiles,
    source_line: &mut dyn FnMut(FileId, u32) -> Option<String>,
) -> String {
    let locations = if span.is_known() {
        let from = (span.col.max(1) - 1) as usize;
        let to = from + span.len.max(1) as usize;
        let (start, end) = shown(span, source_line).map_or((from, to), |s| (s.start, s.end));
        let point = |display: usize, byte: usize| {
            format!(
                "{{\"file\": {}, \"line\": {}, \"display-column\": {}, \"byte-column\": {}, \"column\": {}}}",
                json_string(files.name(span.file)),
                span.line,
                display + 1,
                byte + 1,
                display + 1
            )
        };
        format!(
            "[{{\"caret\": {}, \"finish\": {}}}]",
            point(start, from),
            point(end - 1, to - 1)
        )
    } else {
        "[]".to_string()
    };
    format!(
        "{{\"kind\": {}, \"message\": {}, \"children\": {children}, \"column-origin\": 1, \"locations\": {locations}, \"escape-source\": false}}",
        json_string(severity.as_str()),
        json_string(message)
    )
}

/// `text` as a JSON string literal.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The columns a character takes on a terminal, as gcc counts them: none for a combining
/// mark, two for the wide characters of East Asian scripts and emoji, one otherwise.
fn width(c: char) -> usize {
    match u32::from(c) {
        0x0300..=0x036F | 0x200B..=0x200F | 0xFE00..=0xFE0F => 0,
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF
        | 0x20000..=0x3FFFD => 2,
        _ => 1,
    }
}

/// A span's source line as gcc shows it.
struct Shown {
    /// The line with its tabs expanded to the next multiple of 8 columns.
    text: String,
    /// The display columns (0-based) of the span's start and end; past the end of the line,
    /// columns past it.
    start: usize,
    end: usize,
    /// The byte offset in `text` where the span starts.
    caret: usize,
}

/// The source line of `span` as gcc shows it and its display columns (a tab to the next
/// multiple of 8, see [`width`] for the other characters); `None` without the line.
fn shown(span: Span, source_line: &mut dyn FnMut(FileId, u32) -> Option<String>) -> Option<Shown> {
    let text = source_line(span.file, span.line)?;
    let from = (span.col.max(1) - 1) as usize;
    let to = from + span.len.max(1) as usize;
    let mut shown = String::with_capacity(text.len());
    let mut column = 0;
    let (mut start, mut end, mut caret) = (None, None, None);
    for (at, c) in text.char_indices() {
        if start.is_none() && at >= from {
            start = Some(column);
            caret = Some(shown.len());
        }
        if end.is_none() && at >= to {
            end = Some(column);
        }
        if c == '\t' {
            let next = (column / 8 + 1) * 8;
            shown.push_str(&" ".repeat(next - column));
            column = next;
        } else {
            shown.push(c);
            column += width(c);
        }
    }
    let past = from.saturating_sub(text.len());
    let start = start.unwrap_or(column + past);
    let end = end.unwrap_or(column + to.saturating_sub(text.len()));
    let caret = caret.unwrap_or(shown.len() + past);
    Some(Shown {
        text: shown,
        start,
        end: end.max(start + 1),
        caret,
    })
}

/// Longest source line shown whole; a longer one is shown as this many bytes around the column.
const MAX_SHOWN: usize = 200;

/// The part of `text` to show for a caret at byte column `col`, and the caret's column in it. A
/// line longer than [`MAX_SHOWN`] is cut to a window around the column with `...` on the cut
/// sides: a megabyte line with many errors must not print megabytes per error.
fn window(text: &str, col: usize) -> (String, usize) {
    if text.len() <= MAX_SHOWN {
        return (text.to_string(), col);
    }
    let floor = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = floor(col.min(text.len()).saturating_sub(MAX_SHOWN / 2));
    let end = floor(start + MAX_SHOWN);
    let mut shown = String::new();
    let mut caret = col - start;
    if start > 0 {
        shown.push_str("...");
        caret += 3;
    }
    shown.push_str(&text[start..end]);
    if end < text.len() {
        shown.push_str("...");
    }
    (shown, caret)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_gcc_style_caret() {
        let mut files = SourceFiles::default();
        let file = files.intern("t.c");
        let d = Diagnostic::error(Span::new(file, 3, 22, 3), "unknown clause 'foo'");
        let text = render(&d, &files, &mut |_, _| {
            Some("#pragma acc parallel foo".to_string())
        });
        assert_eq!(
            text,
            "t.c:3:22: error: unknown clause 'foo'\n    3 | #pragma acc parallel foo\n      |                      ^~~\n"
        );
    }

    #[test]
    fn tabs_count_to_the_next_multiple_of_eight_as_in_gcc() {
        let mut files = SourceFiles::default();
        let file = files.intern("t.c");
        // `bogus` starts at byte 40 (1-based): after a tab, display column 48.
        let line = "\t#pragma acc parallel loop copy(x[0:n]) bogus(3)";
        let col = line.find("bogus").unwrap() as u32 + 1;
        let d = Diagnostic::error(Span::new(file, 3, col, 5), "unknown clause 'bogus'");
        let text = render(&d, &files, &mut |_, _| Some(line.to_string()));
        assert_eq!(
            text,
            "t.c:3:48: error: unknown clause 'bogus'\n    3 |         #pragma acc parallel loop copy(x[0:n]) bogus(3)\n      |                                                ^~~~~\n"
        );
        // Wide characters take two columns, as in gcc (`  return 数 + bogus;`).
        let line = "x = \u{6570}\u{636e} + bogus;";
        let col = line.find("bogus").unwrap() as u32 + 1;
        let d = Diagnostic::error(Span::new(file, 1, col, 5), "'bogus' undeclared");
        let text = render(&d, &files, &mut |_, _| Some(line.to_string()));
        assert!(text.starts_with("t.c:1:12: error"), "{text}");
        assert!(text.ends_with("      |            ^~~~~\n"), "{text}");
        // Multibyte characters take one column each.
        let line = "x = \u{e9}t\u{e9} + bogus;";
        let col = line.find("bogus").unwrap() as u32 + 1;
        let d = Diagnostic::error(Span::new(file, 1, col, 5), "'bogus' undeclared");
        let text = render(&d, &files, &mut |_, _| Some(line.to_string()));
        assert!(text.starts_with("t.c:1:11: error"), "{text}");
        assert!(text.ends_with("      |           ^~~~~\n"), "{text}");
    }

    #[test]
    fn shows_a_window_of_a_long_line() {
        let mut files = SourceFiles::default();
        let file = files.intern("t.c");
        let line = format!(
            "#pragma acc parallel {}bogus {}",
            "x ".repeat(500),
            "y ".repeat(500)
        );
        let col = line.find("bogus").unwrap() as u32 + 1;
        let d = Diagnostic::error(Span::new(file, 1, col, 5), "unknown clause 'bogus'");
        let text = render(&d, &files, &mut |_, _| Some(line.clone()));
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[1].len() < 2 * MAX_SHOWN, "{}", lines[1]);
        assert!(lines[1].contains("...") && lines[1].contains("bogus"));
        let caret = lines[2].find('^').unwrap();
        assert_eq!(&lines[1][caret..caret + 5], "bogus");
    }
}
