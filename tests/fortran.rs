//! Fortran file tests over `tests/in/fortran/`: IR and `!$acc` snapshots of valid directives
//! (free and fixed form, preprocessed and not), exact diagnostics of invalid ones, and the
//! regenerate/re-parse round trip.

use acc_ir::{print_module, regenerate_pragmas, PrintOptions};
use accc_filetests::*;
use std::path::Path;

fn name_of(path: &Path) -> String {
    // `fixed.f` and `fixed.f90` would collide: keep the suffix in the snapshot name.
    path.file_name()
        .unwrap()
        .to_string_lossy()
        .replace('.', "_")
}

fn finish(failures: Vec<String>, what: &str, count: usize) {
    if !failures.is_empty() {
        panic!(
            "{} of {} {} failed:\n\n{}",
            failures.len(),
            count,
            what,
            failures.join("\n")
        );
    }
    println!("{count} {what} checked");
}

#[test]
fn fortran_valid_directives_match_their_ir_and_directive_snapshots() {
    let files = fortran_inputs(Path::new("in/fortran/ok"));
    assert!(!files.is_empty(), "no inputs under tests/in/fortran/ok");
    let mut failures = Vec::new();
    let mut directives = 0;
    for path in &files {
        let analysis = analyze_fortran_file(path);
        let diagnostics = diagnostics_text(&analysis);
        if analysis.has_errors() {
            failures.push(format!(
                "{}: unexpected errors:\n{}",
                path.display(),
                diagnostics
            ));
            continue;
        }
        let name = name_of(path);
        let ir = print_module(&analysis.module, &PrintOptions::default());
        let directives_text = regenerate_pragmas(&analysis.module);
        directives += parse_regenerated(&directives_text).len();
        let checks = [
            check_snapshot(
                &Path::new("out/fortran/ir").join(format!("{name}.mlir")),
                &ir,
            ),
            check_snapshot(
                &Path::new("out/fortran/acc").join(format!("{name}.acc")),
                &directives_text,
            ),
        ];
        failures.extend(checks.into_iter().filter_map(Result::err));
        if !diagnostics.is_empty() {
            failures.push(format!(
                "{}: unexpected diagnostics:\n{diagnostics}",
                path.display()
            ));
        }
    }
    println!("{directives} Fortran directives in {} files", files.len());
    finish(failures, "valid Fortran inputs", files.len());
}

#[test]
fn fortran_invalid_directives_give_their_exact_diagnostics() {
    let files = fortran_inputs(Path::new("in/fortran/err"));
    assert!(!files.is_empty(), "no inputs under tests/in/fortran/err");
    let mut failures = Vec::new();
    for path in &files {
        let analysis = analyze_fortran_file(path);
        let expected = Path::new("out/fortran/diag").join(format!("{}.txt", name_of(path)));
        failures.extend(check_rejected(path, &analysis, &expected).err());
    }
    finish(failures, "invalid Fortran inputs", files.len());
}

/// Regenerates every directive of the free-form inputs, substitutes it for the original,
/// re-parses, and requires the same IR up to locations and operand spellings.
#[test]
fn fortran_regenerated_directives_round_trip_to_the_same_ir() {
    let files: Vec<_> = fortran_inputs(Path::new("in/fortran/ok"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "f90"))
        // Its constructs come from `do concurrent` loops, not from directive lines.
        .filter(|p| !p.to_string_lossy().contains("do_concurrent"))
        .collect();
    assert!(!files.is_empty());
    let options = PrintOptions {
        locations: false,
        names: false,
    };
    let scratch = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for path in &files {
        let first = analyze_fortran_file(path);
        if first.has_errors() {
            continue; // reported by the snapshot test
        }
        let main_file = path.display().to_string();
        let ours: Vec<Regenerated> = parse_regenerated(&regenerate_pragmas(&first.module))
            .into_iter()
            .filter(|r| r.file == main_file)
            .collect();
        let source = std::fs::read_to_string(path).unwrap();
        let substituted = substitute_fortran_directives(&source, &ours);
        let copy = scratch.path().join(path.file_name().unwrap());
        std::fs::write(&copy, &substituted).unwrap();
        let second = analyze_fortran_file(&copy);
        if second.has_errors() {
            failures.push(format!(
                "{}: regenerated source does not analyse:\n{}\n{}",
                path.display(),
                diagnostics_text(&second),
                substituted
            ));
            continue;
        }
        let a = print_module(&first.module, &options);
        let b = print_module(&second.module, &options);
        if a != b {
            failures.push(format!(
                "{}: IR differs after the round trip:\n{}",
                path.display(),
                diff(&a, &b)
            ));
        }
    }
    finish(failures, "Fortran round trips", files.len());
}

/// The Fortran host emitter's output for every valid input: the rewritten Fortran and its C
/// shims (`tests/out/fortran/host/`). Each rewritten file must also compile with gfortran and
/// each shim file with the C compiler, so the snapshots cannot drift into code nobody accepts.
#[test]
fn fortran_host_emission_matches_snapshots_and_compiles() {
    let files = fortran_inputs(Path::new("in/fortran/ok"));
    let scratch = tempfile::tempdir().expect("scratch directory");
    let mut failures = Vec::new();
    for path in &files {
        let analysis = analyze_fortran_file(path);
        let fixed = accc_frontend::fortran::is_fixed_form(path);
        let (host, warnings) = match accc_frontend::fortran::emit::emit_host(&analysis, None, fixed)
        {
            Ok(result) => result,
            Err(errors) => {
                failures.push(format!("{}: emitter errors: {errors:?}", path.display()));
                continue;
            }
        };
        let name = name_of(path);
        let mut text = host.fortran.clone();
        for warning in &warnings {
            text.push_str(&format!("! warning: {}\n", warning.message));
        }
        text.push_str("! ---- shims ----\n");
        text.push_str(&host.c);
        if let Err(failure) = check_snapshot(
            &Path::new("out/fortran/host").join(format!("{name}.txt")),
            &text,
        ) {
            failures.push(failure);
        }
        // gfortran must accept the rewritten file (modules it uses come from the same file).
        let fortran = scratch.path().join(format!("{name}.f90"));
        std::fs::write(&fortran, &host.fortran).expect("write rewritten Fortran");
        let status = std::process::Command::new(host_fc())
            .args([
                "-ffree-form",
                "-ffree-line-length-none",
                "-nocpp",
                "-fsyntax-only",
            ])
            .arg("-J")
            .arg(scratch.path())
            .arg(&fortran)
            .output()
            .expect("run gfortran");
        if !status.status.success() {
            failures.push(format!(
                "{}: gfortran rejects the rewritten file:\n{}",
                path.display(),
                String::from_utf8_lossy(&status.stderr)
            ));
        }
        if !host.c.is_empty() {
            let c = scratch.path().join(format!("{name}.c"));
            std::fs::write(&c, &host.c).expect("write shims");
            let status = std::process::Command::new("cc")
                .args(["-fsyntax-only", "-Wall", "-Werror"])
                .arg(&c)
                .output()
                .expect("run cc");
            if !status.status.success() {
                failures.push(format!(
                    "{}: the C compiler rejects the shims:\n{}",
                    path.display(),
                    String::from_utf8_lossy(&status.stderr)
                ));
            }
        }
    }
    finish(failures, "Fortran host emissions", files.len());
}
