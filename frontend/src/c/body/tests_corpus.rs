//! Every compute region and every function definition of the repository's sample programs
//! (`tests/programs/c`, `examples`, `tests/in/c/ok`), preprocessed with the host compiler,
//! lowers to a valid body or to a reason that is not an internal error.

use super::tests::annotate;
use super::*;
use acc_ir::body_verify::{verify_body, verify_function};
use acc_ir::Language;

/// Checks one lowering outcome: a valid body, or a user-facing reason.
fn outcome(
    error: Option<NotOffloaded>,
    verified: Result<(), acc_ir::body_verify::BodyError>,
    what: &str,
) -> usize {
    if let Err(error) = verified {
        panic!("{what}: {error}");
    }
    match error {
        Some(error) => {
            assert!(
                !error.message.starts_with("internal error"),
                "{what}: {}",
                error.message
            );
            0
        }
        None => 1,
    }
}

#[test]
fn sample_programs_lower_or_say_why() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in ["tests/programs/c", "tests/in/c/ok", "examples"] {
        let mut pending = vec![root.join(dir)];
        while let Some(path) = pending.pop() {
            if path.is_dir() {
                pending.extend(
                    std::fs::read_dir(&path)
                        .into_iter()
                        .flatten()
                        .flatten()
                        .map(|e| e.path()),
                );
            } else if path.extension().is_some_and(|e| e == "c") {
                files.push(path);
            }
        }
    }
    let (mut regions_lowered, mut functions_lowered) = (0, 0);
    for path in files {
        let include = vec![
            "-I".to_string(),
            path.parent().unwrap_or(&root).display().to_string(),
        ];
        let Ok(output) = super::super::preprocess("cc", &include, &path) else {
            return; // No host compiler: nothing to preprocess with.
        };
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        let unit = CUnit::parse(&text, "t.c");
        let source_map = SourceMap::new(&text, "t.c");
        let mut module = Module::new(Language::C);
        let (regions, annotations) = annotate(&unit, &mut module);
        for range in regions {
            let what = format!("{}: region at {}", path.display(), range.start);
            match lower_region(&unit, &mut module, &source_map, range, &annotations) {
                Ok(body) => regions_lowered += outcome(None, verify_body(&module, &body), &what),
                Err(error) => _ = outcome(Some(error), Ok(()), &what),
            }
        }
        let main_file = source_map.main_file().to_string();
        for function in unit.index().functions.clone() {
            if !function.is_definition || source_map.location(function.range.start).0 != main_file {
                continue;
            }
            let what = format!("{}: function {}", path.display(), function.name);
            match lower_function_with(&unit, &mut module, &source_map, &function, &annotations) {
                Ok(lowered) => {
                    functions_lowered += outcome(None, verify_function(&module, &lowered), &what)
                }
                Err(error) => _ = outcome(Some(error), Ok(()), &what),
            }
        }
    }
    // Most of the samples' regions are plain C that must lower.
    assert!(
        regions_lowered == 0 || regions_lowered >= 100,
        "{regions_lowered} regions lowered"
    );
    assert!(regions_lowered == 0 || functions_lowered > 0);
}
