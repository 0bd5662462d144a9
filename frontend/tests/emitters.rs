//! The two host emitters stand apart: the C emitter (`src/c/emit.rs`) names nothing of the
//! Fortran frontend, the Fortran emitter (`src/fortran/emit/`) nothing of the C frontend, and
//! what both use (the plan of each directive's runtime calls, `host_plan.rs`; the runtime's
//! numbers and C spellings, `runtime_calls.rs`) names neither language's frontend. A rule about
//! runtime calls then has one place, and a change to one language's spelling cannot reach the
//! other's. Comments and doc links are not imports and are skipped.

use std::path::Path;

/// The source without its comments.
fn code(source: &str) -> String {
    source
        .lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first segment of every `crate::` path in `code`, and of every name inside a
/// `use crate::{...}` group.
fn crate_modules(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let segments: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group[..group.find('}').unwrap_or(group.len())]
                .split(',')
                .collect(),
            None => vec![rest],
        };
        for segment in segments {
            let name: String = segment
                .trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.push(name);
            }
        }
    }
    names
}

/// The `crate::` modules each Rust file under `path` (a file or a directory) names.
fn imports(path: &Path) -> Vec<(String, Vec<String>)> {
    let mut files = Vec::new();
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .map(|entry| entry.expect("a directory entry").path())
            .collect();
        entries.sort();
        for entry in entries {
            files.extend(imports(&entry));
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        let source =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        files.push((path.display().to_string(), crate_modules(&code(&source))));
    }
    files
}

/// Fails naming each file under `path` that names one of `forbidden`.
fn assert_apart(path: &str, forbidden: &[&str]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = imports(&root.join(path));
    assert!(!files.is_empty(), "no Rust file at src/{path}");
    let mut found = Vec::new();
    for (file, modules) in &files {
        for module in modules {
            if forbidden.contains(&module.as_str()) {
                found.push(format!("{file} names crate::{module}"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_c_emitter_names_nothing_of_the_fortran_frontend() {
    assert_apart("c/emit.rs", &["fortran"]);
}

#[test]
fn the_fortran_emitter_names_nothing_of_the_c_frontend() {
    assert_apart("fortran/emit", &["c"]);
}

#[test]
fn the_shared_plan_names_neither_frontend() {
    assert_apart("host_plan.rs", &["c", "fortran"]);
    assert_apart("runtime_calls.rs", &["c", "fortran"]);
}

#[test]
fn the_check_sees_an_import() {
    let names = crate_modules(&code(
        "use crate::c::tu_tag;\nuse crate::{fortran::x, host_plan};\n// crate::c in a comment\n",
    ));
    assert_eq!(names, ["c", "fortran", "host_plan"]);
}
