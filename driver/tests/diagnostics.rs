//! Every invalid input of the file tests, compiled by the `accc` binary: exit status 1, the
//! exact diagnostics of `tests/out/diag/` on stderr, and no output file left behind.

use std::path::Path;
use std::process::Command;

#[test]
fn invalid_inputs_exit_1_with_their_diagnostics_and_no_output() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests");
    let mut inputs: Vec<_> = std::fs::read_dir(tests.join("in/c/err"))
        .expect("tests/in/c/err exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 30, "only {} invalid inputs", inputs.len());
    let scratch = tempfile::tempdir().expect("temp dir");
    let mut failures = Vec::new();
    for input in &inputs {
        let stem = input.file_stem().unwrap().to_string_lossy().into_owned();
        let relative = format!("in/c/err/{stem}.c");
        let output = scratch.path().join(format!("{stem}.o"));
        let run = Command::new(env!("CARGO_BIN_EXE_accc"))
            .current_dir(&tests)
            .args(["-fopenacc", "-c", &relative, "-o"])
            .arg(&output)
            .output()
            .expect("accc runs");
        let stderr = String::from_utf8_lossy(&run.stderr);
        let expected =
            std::fs::read_to_string(tests.join(format!("out/diag/{stem}.txt"))).unwrap_or_default();
        if run.status.code() != Some(1) {
            failures.push(format!(
                "{relative}: exit status {:?}, expected 1",
                run.status.code()
            ));
        }
        if stderr != expected {
            failures.push(format!(
                "{relative}: stderr differs from out/diag/{stem}.txt:\n{stderr}"
            ));
        }
        if output.exists() {
            failures.push(format!("{relative}: output file left behind"));
        }
    }
    let leftovers: Vec<_> = std::fs::read_dir(scratch.path()).unwrap().collect();
    assert!(
        leftovers.is_empty(),
        "files left in the output directory: {leftovers:?}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `-fopenacc-print=host` prints the rewritten source, which compiles with `-Wall -Werror`.
#[test]
fn printed_host_source_compiles_cleanly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let run = Command::new(env!("CARGO_BIN_EXE_accc"))
        .current_dir(&root)
        .args([
            "-fopenacc",
            "-fopenacc-print=host",
            "examples/saxpy/saxpy.c",
        ])
        .output()
        .expect("accc runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let host = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        host.contains("__accrt_launch(&__acc_k") || host.contains("__accrt_launch_mapped(&__acc_k"),
        "no kernel launch in:\n{host}"
    );
    let scratch = tempfile::tempdir().expect("temp dir");
    let file = scratch.path().join("saxpy.i");
    std::fs::write(&file, &host).expect("write");
    let compile = Command::new("cc")
        .args(["-x", "cpp-output", "-Wall", "-Werror", "-c", "-o"])
        .arg(scratch.path().join("saxpy.o"))
        .arg(&file)
        .output()
        .expect("cc runs");
    assert!(
        compile.status.success(),
        "{}",
        String::from_utf8_lossy(&compile.stderr)
    );
}

/// An error the host emitter finds (an array of unknown extent used in a region) names the
/// user's file and line, once (its entry and exit ops fail alike).
#[test]
fn host_emitter_errors_name_the_file_once() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let source = scratch.path().join("extent.c");
    std::fs::write(
        &source,
        "extern int ext[];\nint main(void) {\n  double x[10];\n#pragma acc parallel loop copyout(x)\n  for (int i = 0; i < 10; i++) x[i] = ext[0];\n  return 0;\n}\n",
    )
    .unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_accc"))
        .current_dir(scratch.path())
        .args(["-fopenacc", "-c", "extent.c", "-o", "extent.o"])
        .output()
        .expect("accc runs");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("extent.c:5:39: error: the extent of 'ext[0:]' is not known here"),
        "{stderr}"
    );
    assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    assert!(!scratch.path().join("extent.o").exists());
}
