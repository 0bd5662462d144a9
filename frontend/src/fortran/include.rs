//! Fortran `INCLUDE` lines, expanded in the text the frontend analyses.
//!
//! An `INCLUDE 'file'` line is replaced by the file's lines, between line markers that name the
//! included file and then the including one again, so the analysis sees the declarations an
//! included file makes (parameters, common blocks, interfaces), diagnostics name the right file
//! and line, and the rewritten source that gfortran compiles from a temporary directory no
//! longer needs to find the file. The search is gfortran's: the directory of the main source
//! file, then the `-I` directories in order (neither the current directory nor the including
//! file's own directory is searched, except as one of those).

use crate::c::source_map::parse_marker;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// How deep included files may nest before the expansion stops (an include cycle).
const MAX_DEPTH: usize = 64;

/// The text with every `INCLUDE` line expanded, and the problems met: byte ranges of the
/// returned text (an `INCLUDE` line left in place) with a message.
#[derive(Debug, Default)]
pub struct Expanded {
    pub text: String,
    pub errors: Vec<(Range<u32>, String)>,
}

/// Expands the `INCLUDE` lines of `text`, whose lines belong to `file_name` until a line
/// marker says otherwise; `directories` are searched in order.
pub fn expand(text: &str, file_name: &str, directories: &[PathBuf]) -> Expanded {
    let mut expanded = Expanded::default();
    if !text.lines().any(|line| included_name(line).is_some()) {
        expanded.text = text.to_string();
        return expanded;
    }
    expand_into(text, file_name, directories, 0, &mut expanded);
    expanded
}

fn expand_into(
    text: &str,
    file_name: &str,
    directories: &[PathBuf],
    depth: usize,
    out: &mut Expanded,
) {
    let mut file = file_name.to_string();
    let mut line_number: u32 = 1;
    for raw in text.split_inclusive('\n') {
        let line = raw.trim_end_matches(['\n', '\r']);
        if let Some(marker) = parse_marker(line) {
            out.text.push_str(raw);
            if let Some(name) = marker.file {
                file = name;
            }
            line_number = marker.line;
            continue;
        }
        let Some(name) = included_name(line) else {
            out.text.push_str(raw);
            line_number = line_number.saturating_add(1);
            continue;
        };
        let start = out.text.len() as u32;
        let error = |message: String, out: &mut Expanded| {
            out.text.push_str(raw);
            let end = start + line.len() as u32;
            out.errors.push((start..end, message));
        };
        if depth >= MAX_DEPTH {
            error(
                format!("included files nest more than {MAX_DEPTH} deep (an include cycle?)"),
                out,
            );
        } else {
            match find(&name, directories) {
                Some((path, contents)) => {
                    let shown = path.to_string_lossy().into_owned();
                    out.text.push_str(&format!("# 1 {}\n", quoted(&shown)));
                    expand_into(&contents, &shown, directories, depth + 1, out);
                    if !out.text.ends_with('\n') {
                        out.text.push('\n');
                    }
                    out.text.push_str(&format!(
                        "# {} {}\n",
                        line_number.saturating_add(1),
                        quoted(&file)
                    ));
                }
                None => error(format!("cannot open included file '{name}'"), out),
            }
        }
        line_number = line_number.saturating_add(1);
    }
}

/// The first of `directories` that holds `name` (an absolute name is taken as it is), and the
/// file's text.
fn find(name: &str, directories: &[PathBuf]) -> Option<(PathBuf, String)> {
    let candidates: Vec<PathBuf> = if Path::new(name).is_absolute() {
        vec![PathBuf::from(name)]
    } else {
        directories
            .iter()
            .map(|directory| {
                if directory.as_os_str().is_empty() || directory == Path::new(".") {
                    PathBuf::from(name)
                } else {
                    directory.join(name)
                }
            })
            .collect()
    };
    candidates.into_iter().find_map(|path| {
        if !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
            return None;
        }
        let bytes = std::fs::read(&path).ok()?;
        Some((path, String::from_utf8_lossy(&bytes).into_owned()))
    })
}

/// The file an `INCLUDE 'name'` (or `"name"`) line names: the keyword in any case, the
/// quoted name, then nothing but blanks or a `!` comment.
fn included_name(line: &str) -> Option<String> {
    let rest = line.trim_start_matches([' ', '\t']);
    let keyword = rest.get(..7)?;
    if !keyword.eq_ignore_ascii_case("include") {
        return None;
    }
    let rest = rest[7..].trim_start_matches([' ', '\t']);
    let quote = rest.chars().next().filter(|c| matches!(c, '\'' | '"'))?;
    let mut name = String::new();
    let mut chars = rest[1..].chars().peekable();
    loop {
        let c = chars.next()?;
        if c == quote {
            // A doubled quote stands for one inside the name.
            if chars.peek() == Some(&quote) {
                chars.next();
                name.push(quote);
                continue;
            }
            break;
        }
        name.push(c);
    }
    let tail: String = chars.collect();
    let tail = tail.trim_start_matches([' ', '\t', '\r']);
    (tail.is_empty() || tail.starts_with('!')).then_some(name)
}

/// A C string literal for a line marker's file name.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn include_lines_are_recognised() {
        assert_eq!(included_name("  INCLUDE 'a.h'"), Some("a.h".into()));
        assert_eq!(included_name("include\"b.fh\" ! x"), Some("b.fh".into()));
        assert_eq!(included_name("include 'it''s'"), Some("it's".into()));
        assert_eq!(included_name("include = 3"), None);
        assert_eq!(included_name("includes 'x'"), None);
        assert_eq!(included_name("include 'x' + 1"), None);
        assert_eq!(included_name("! include 'x'"), None);
    }

    #[test]
    fn included_text_sits_between_markers_and_nests() {
        let directory = tempfile::tempdir().unwrap();
        let dir = directory.path();
        std::fs::write(
            dir.join("a.h"),
            "integer, parameter :: k = 3\ninclude 'b.h'\n",
        )
        .unwrap();
        std::fs::write(dir.join("b.h"), "integer, parameter :: l = 4").unwrap();
        let text = "program p\n  include 'a.h'\n  print *, k, l\nend\n";
        let expanded = expand(text, "p.f90", &[dir.to_path_buf()]);
        assert!(expanded.errors.is_empty());
        let a = dir.join("a.h").to_string_lossy().into_owned();
        let b = dir.join("b.h").to_string_lossy().into_owned();
        assert_eq!(
            expanded.text,
            format!(
                "program p\n# 1 \"{a}\"\ninteger, parameter :: k = 3\n# 1 \"{b}\"\n\
                 integer, parameter :: l = 4\n# 3 \"{a}\"\n# 3 \"p.f90\"\n  print *, k, l\nend\n"
            )
        );
    }

    #[test]
    fn a_missing_file_and_a_cycle_are_errors_at_the_line() {
        let directory = tempfile::tempdir().unwrap();
        let dir = directory.path();
        let expanded = expand("x = 1\ninclude 'none.h'\n", "p.f90", &[dir.to_path_buf()]);
        assert_eq!(
            expanded.errors,
            vec![(6..22, "cannot open included file 'none.h'".to_string())]
        );
        std::fs::write(dir.join("self.h"), "include 'self.h'\n").unwrap();
        let expanded = expand("include 'self.h'\n", "p.f90", &[dir.to_path_buf()]);
        assert_eq!(expanded.errors.len(), 1);
        assert!(expanded.errors[0].1.contains("nest more than 64 deep"));
    }

    #[test]
    fn markers_keep_the_line_to_return_to() {
        let directory = tempfile::tempdir().unwrap();
        let dir = directory.path();
        std::fs::write(dir.join("c.h"), "integer c\n").unwrap();
        let text = "# 10 \"orig.F90\"\nx = 1\ninclude 'c.h'\ny = 2\n";
        let expanded = expand(text, "ignored", &[dir.to_path_buf()]);
        assert!(expanded.text.ends_with("# 12 \"orig.F90\"\ny = 2\n"));
    }
}
