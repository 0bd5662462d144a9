//! The file-test harness: runs accc's frontend on each input under `tests/in/`, renders the
//! outputs (IR dump, regenerated pragmas, diagnostics) and compares them with the snapshots under
//! `tests/out/`. `ACCC_BLESS=1` rewrites the snapshots instead of comparing.
//!
//! Inputs are preprocessed by the host C compiler (`ACCC_CC`, default `cc`) exactly as the driver
//! does, with the working directory at `tests/`, so paths in the snapshots read `in/c/...`.

use accc_frontend::{analyze_c, render_diagnostics, Analysis, FrontendOptions};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Whether snapshots are being rewritten.
pub fn blessing() -> bool {
    std::env::var_os("ACCC_BLESS").is_some_and(|v| v != "0" && !v.is_empty())
}

/// The host C compiler.
pub fn host_cc() -> String {
    std::env::var("ACCC_CC").unwrap_or_else(|_| "cc".to_string())
}

/// Every file with extension `ext` directly inside `dir`, sorted.
pub fn inputs(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

/// Preprocesses and analyses a C file (path relative to `tests/`).
pub fn analyze_file(path: &Path, extra_args: &[String]) -> Analysis {
    analyze_file_with(path, extra_args, false)
}

/// Like [`analyze_file`], keeping `-fopt-info-acc` remarks when `remarks` is set.
pub fn analyze_file_with(path: &Path, extra_args: &[String], remarks: bool) -> Analysis {
    let output = accc_frontend::c::preprocess(&host_cc(), extra_args, path)
        .unwrap_or_else(|e| panic!("cannot run the preprocessor on {}: {e}", path.display()));
    assert!(
        output.status.success(),
        "preprocessing {} failed:\n{}",
        path.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    analyze_c(
        text,
        &FrontendOptions {
            file_name: path.display().to_string(),
            remarks,
            ..Default::default()
        },
    )
}

/// Diagnostics as the driver prints them.
pub fn diagnostics_text(analysis: &Analysis) -> String {
    render_diagnostics(analysis)
}

/// Checks an input that must be rejected: at least one error, no internal error, and the
/// diagnostics equal to the snapshot at `expected`.
pub fn check_rejected(path: &Path, analysis: &Analysis, expected: &Path) -> Result<(), String> {
    let diagnostics = diagnostics_text(analysis);
    if !analysis.has_errors() {
        return Err(format!(
            "{}: expected at least one error, got:\n{}",
            path.display(),
            diagnostics
        ));
    }
    if diagnostics.contains("internal error") {
        return Err(format!(
            "{}: internal error instead of a diagnostic:\n{}",
            path.display(),
            diagnostics
        ));
    }
    check_snapshot(expected, &diagnostics)
}

/// Compares `actual` with the snapshot at `expected_path`, or writes it when blessing.
/// Returns a description of the mismatch.
pub fn check_snapshot(expected_path: &Path, actual: &str) -> Result<(), String> {
    if blessing() {
        if let Some(parent) = expected_path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
        }
        let current = std::fs::read_to_string(expected_path).ok();
        if current.as_deref() != Some(actual) {
            std::fs::write(expected_path, actual).map_err(|e| e.to_string())?;
        }
        return Ok(());
    }
    let expected = std::fs::read_to_string(expected_path).map_err(|_| {
        format!(
            "{}: no snapshot (run with ACCC_BLESS=1 to create it)",
            expected_path.display()
        )
    })?;
    if expected == actual {
        Ok(())
    } else {
        Err(format!(
            "{}: output differs:\n{}",
            expected_path.display(),
            diff(&expected, actual)
        ))
    }
}

/// A small line diff for failure messages.
pub fn diff(expected: &str, actual: &str) -> String {
    let mut out = String::new();
    let expected: Vec<&str> = expected.lines().collect();
    let actual: Vec<&str> = actual.lines().collect();
    let max = expected.len().max(actual.len());
    let mut shown = 0;
    for i in 0..max {
        let e = expected.get(i).copied();
        let a = actual.get(i).copied();
        if e != a {
            if let Some(e) = e {
                let _ = writeln!(out, "  line {:>4} - {}", i + 1, e);
            }
            if let Some(a) = a {
                let _ = writeln!(out, "  line {:>4} + {}", i + 1, a);
            }
            shown += 1;
            if shown >= 20 {
                let _ = writeln!(out, "  ...");
                break;
            }
        }
    }
    out
}

/// One regenerated directive: its line in the main file and its text.
#[derive(Debug)]
pub struct Regenerated {
    pub line: usize,
    pub file: String,
    pub text: String,
}

/// Reads the `#line N "file"` / directive pairs of `-fopenacc-print=acc` output.
pub fn parse_regenerated(text: &str) -> Vec<Regenerated> {
    let mut out = Vec::new();
    let mut lines = text.lines().map(str::trim_start);
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("#line ") else {
            continue;
        };
        let Some((number, file)) = rest.split_once(' ') else {
            continue;
        };
        let Ok(number) = number.parse::<usize>() else {
            continue;
        };
        let Some(directive) = lines.next() else { break };
        out.push(Regenerated {
            line: number,
            file: file.trim_matches('"').to_string(),
            text: directive.to_string(),
        });
    }
    out
}

/// Replaces each directive line of `source` (with its backslash continuation lines) by the
/// regenerated directive for that line, keeping the line count.
pub fn substitute_directives(source: &str, regenerated: &[Regenerated]) -> String {
    let mut lines: Vec<String> = source.lines().map(str::to_string).collect();
    for r in regenerated {
        let index = r.line - 1;
        if index >= lines.len() {
            continue;
        }
        let mut end = index;
        while lines[end].trim_end().ends_with('\\') && end + 1 < lines.len() {
            end += 1;
        }
        lines[index] = r.text.clone();
        for line in lines.iter_mut().take(end + 1).skip(index + 1) {
            line.clear();
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// The host Fortran compiler (`ACCC_FC`, default `gfortran`), used to preprocess `.F90`/`.F`.
pub fn host_fc() -> String {
    std::env::var("ACCC_FC").unwrap_or_else(|_| "gfortran".to_string())
}

/// Every Fortran source directly inside `dir` (`.f90`, `.F90`, `.f`, `.F`), sorted.
pub fn fortran_inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for ext in ["f90", "F90", "f", "F"] {
        files.extend(inputs(dir, ext));
    }
    files.sort();
    files
}

/// Analyses a Fortran file (path relative to `tests/`) the way the driver does: preprocessed
/// with gfortran when the suffix is upper case, converted from fixed form for `.f`/`.F`.
pub fn analyze_fortran_file(path: &Path) -> Analysis {
    analyze_fortran_file_with(path, false)
}

/// [`analyze_fortran_file`], with `-fopt-info-acc` remarks when `remarks` is set.
pub fn analyze_fortran_file_with(path: &Path, remarks: bool) -> Analysis {
    let fixed = accc_frontend::fortran::is_fixed_form(path);
    let text = if accc_frontend::fortran::suffix_wants_cpp(path) {
        let output = accc_frontend::fortran::preprocess(&host_fc(), &[], path)
            .unwrap_or_else(|e| panic!("cannot run gfortran on {}: {e}", path.display()));
        assert!(
            output.status.success(),
            "preprocessing {} failed:\n{}",
            path.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    } else {
        std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
    };
    accc_frontend::analyze_fortran(
        text,
        &FrontendOptions {
            file_name: path.display().to_string(),
            remarks,
            do_concurrent: if path.to_string_lossy().contains("do_concurrent") {
                accc_frontend::DoConcurrent::Host
            } else {
                accc_frontend::DoConcurrent::None
            },
            ..Default::default()
        },
        fixed,
    )
}

/// Replaces each free-form `!$acc` directive of `source` (with its `&` continuation lines) by
/// the regenerated directive for its line, keeping the line count. `!$acc end` lines stay.
pub fn substitute_fortran_directives(source: &str, regenerated: &[Regenerated]) -> String {
    let mut lines: Vec<String> = source.lines().map(str::to_string).collect();
    let continues = |line: &str| {
        let body = line.trim_start();
        let body = body.get(5..).unwrap_or("");
        let code = body.split('!').next().unwrap_or(body);
        code.trim_end().ends_with('&')
    };
    for r in regenerated {
        let index = r.line - 1;
        if index >= lines.len() {
            continue;
        }
        let mut end = index;
        while continues(&lines[end]) && end + 1 < lines.len() {
            end += 1;
        }
        lines[index] = r.text.clone();
        for line in lines.iter_mut().take(end + 1).skip(index + 1) {
            line.clear();
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// `text` with the translation-unit tag of every function alias (`__accc_fn_<8 hex>_`) replaced
/// by `TU`.
pub fn without_tu_tags(text: &str) -> String {
    const PREFIX: &str = "__accc_fn_";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(PREFIX) {
        let after = at + PREFIX.len();
        out.push_str(&rest[..after]);
        let tag = rest[after..]
            .get(..8)
            .filter(|t| t.bytes().all(|b| b.is_ascii_hexdigit()));
        match tag {
            Some(_) => {
                out.push_str("TU");
                rest = &rest[after + 8..];
            }
            None => rest = &rest[after..],
        }
    }
    out.push_str(rest);
    out
}
