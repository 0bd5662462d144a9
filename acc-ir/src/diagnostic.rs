//! User-facing diagnostics in gcc's format: `file:line:col: error: message`, then the source line
//! and a caret under the span. Broken IR invariants are not diagnostics: see [`crate::verify`].

use crate::span::{FileId, SourceFiles, Span};
use std::fmt::Write as _;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Note,
    /// Optimisation feedback (`-fopt-info-acc`), printed without a caret line.
    Remark,
}

impl Severity {
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
    let _ = writeln!(
        out,
        "{}:{}:{}: {}: {}",
        name,
        span.line,
        span.col,
        severity.as_str(),
        message
    );
    if severity == Severity::Remark {
        return;
    }
    let Some(text) = source_line(span.file, span.line) else {
        return;
    };
    let text = text.replace('\t', " ");
    let gutter = format!("{:>5}", span.line);
    let _ = writeln!(out, "{} | {}", gutter, text);
    let col = (span.col.max(1) - 1) as usize;
    let available = text.len().saturating_sub(col).max(1);
    let len = (span.len.max(1) as usize).min(available);
    let mut marker = String::new();
    marker.push_str(&" ".repeat(col));
    marker.push('^');
    marker.push_str(&"~".repeat(len - 1));
    let _ = writeln!(out, "{} | {}", " ".repeat(gutter.len()), marker);
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
}
