//! The hostile-input corpus: broken, odd or huge inputs that the real `accc` binary must answer
//! with a gcc-style diagnostic or a clean compile — never a panic, a signal, a hang or an output
//! file left behind.
//!
//! Inputs are the files of `tests/hostile/` (small, committed; `*.link.c` are linked into a
//! program, `*.accc-ir` are `.accc.ir` records put into an object that is then linked) and the
//! huge ones [`generated`] writes at run time (10,000 clauses, 10,000 list items, deep nesting,
//! long lines, continuation chains). Each run of `accc -fopenacc` must
//! * finish within [`TIMEOUT`] (a hang fails) and print at most [`MAX_STDERR`] bytes,
//! * exit with status 0 or 1 (a signal or Rust's panic status 101 fails) without a panic message,
//! * on failure, print at least one `file:line:col: error: ` line followed by the source line
//!   and a caret line, and leave nothing in the output directory (and nothing beside the input);
//! * on success, leave exactly the output file;
//! * print exactly the snapshot `tests/out/hostile/<name>.txt` (`exit: N` then stderr; the
//!   generated inputs keep the first lines of stderr and the count of the rest).
//!   `ACCC_BLESS=1` rewrites the snapshots.

use accc_filetests::{blessing, check_snapshot};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Longer than any input takes on a loaded two-core machine; a run past it is a hang. The
/// slowest input, `gen-f-10000-items.f90`, takes 12 s alone, 19 s beside two other builds and
/// went past 60 s at a load average of 10 (four builds on two cores): its C shim has one block
/// per list item (3.8 MB in one function) and `cc -O0` spends the time.
const TIMEOUT: Duration = Duration::from_secs(180);

/// More diagnostics than this (bytes) is a failure: output must stay proportionate to the input.
const MAX_STDERR: usize = 32 << 20;

/// Lines of stderr kept in the snapshot of a generated input.
const GENERATED_LINES: usize = 12;

fn accc() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"));
    let accc = target.join("release/accc");
    assert!(
        accc.exists(),
        "{} is missing: build it first (`cargo build --release`)",
        accc.display()
    );
    accc
}

/// What one run of accc did.
struct Outcome {
    code: Option<i32>,
    stderr: String,
    elapsed: Duration,
}

/// Runs `command` with a time limit, killing it past [`TIMEOUT`].
fn run(mut command: Command) -> Result<Outcome, String> {
    let start = Instant::now();
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run accc: {e}"))?;
    let mut pipe = child.stderr.take().expect("piped stderr");
    // Keeps the first MAX_STDERR bytes and counts the rest (runaway output is a failure too).
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let mut total = 0usize;
        let mut chunk = vec![0u8; 1 << 16];
        while let Ok(n) = pipe.read(&mut chunk) {
            if n == 0 {
                break;
            }
            total += n;
            let room = MAX_STDERR.saturating_sub(bytes.len());
            bytes.extend_from_slice(&chunk[..n.min(room)]);
        }
        (bytes, total)
    });
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("hang: still running after {TIMEOUT:?}, killed"));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let (stderr, total) = reader.join().unwrap_or_default();
    if total > MAX_STDERR {
        return Err(format!("runaway diagnostics: {total} bytes on stderr"));
    }
    if status.code().is_none() {
        return Err(format!(
            "killed by a signal ({status}); stderr:\n{}",
            String::from_utf8_lossy(&stderr)
        ));
    }
    Ok(Outcome {
        code: status.code(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        elapsed: start.elapsed(),
    })
}

/// Inputs whose line markers put the error on line 0, where (as with gcc) no line and column
/// can be given: their errors read `accc: error: ...`.
const UNLOCATED: &[&str] = &["line-zero.c", "line-overflow.c"];

/// Whether `stderr` has a gcc-style error: `file:line:col: error: `, followed by the source
/// line and a caret line when `file` is the input and has that line (a `#line` may name a file
/// that does not exist or a line past its end; gcc then shows no source line either).
fn has_located_error(stderr: &str, dir: &Path, input: &str) -> bool {
    let source_lines = std::fs::read(dir.join(input))
        .map(|bytes| bytes.split(|b| *b == b'\n').count())
        .unwrap_or(0);
    let lines: Vec<&str> = stderr.lines().collect();
    lines.iter().enumerate().any(|(i, line)| {
        let Some((location, _)) = line.split_once(": error: ") else {
            return false;
        };
        let mut parts = location.rsplitn(3, ':');
        let col = parts.next().unwrap_or("");
        let row = parts.next().unwrap_or("");
        let Some(file) = parts.next() else {
            return false;
        };
        let (Ok(_), Ok(row)) = (col.parse::<u64>(), row.parse::<u64>()) else {
            return false;
        };
        let shown = lines.get(i + 1).is_some_and(|l| l.contains(" | "))
            && lines
                .get(i + 2)
                .is_some_and(|l| l.contains('|') && l.contains('^'));
        let in_input = file == input && row as usize <= source_lines;
        shown || !in_input
    })
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// One input: compiles (or links) it in a fresh output directory and checks every promise.
/// `dir` is the working directory, `input` the file name given to accc, `snapshot` its
/// expected output, `keep` how many stderr lines the snapshot holds (all when `None`).
fn check(
    dir: &Path,
    input: &str,
    snapshot: &Path,
    keep: Option<usize>,
) -> Result<Duration, String> {
    let out = tempfile::tempdir().map_err(|e| e.to_string())?;
    let out_dir = out.path();
    let before = files_in(dir);
    let mut command = Command::new(accc());
    command.current_dir(dir).arg("-fopenacc");
    let output = if input.ends_with(".accc-ir") {
        // A hostile `.accc.ir` section in an otherwise ordinary object, then a link.
        let object = out_dir.join("in.o");
        let source = out_dir.join("main.c");
        std::fs::write(&source, "int main(void) { return 0; }\n").map_err(|e| e.to_string())?;
        let cc = Command::new(accc_filetests::host_cc())
            .args(["-c", "-o"])
            .arg(&object)
            .arg(&source)
            .status()
            .map_err(|e| e.to_string())?;
        let objcopy = Command::new("objcopy")
            .arg(format!(
                "--add-section=.accc.ir={}",
                dir.join(input).display()
            ))
            .arg(&object)
            .status()
            .map_err(|e| e.to_string())?;
        if !cc.success() || !objcopy.success() {
            return Err(format!(
                "{input}: cannot build the object holding the record"
            ));
        }
        std::fs::remove_file(&source).map_err(|e| e.to_string())?;
        let exe = out_dir.join("x");
        command.arg(&object).arg("-o").arg(&exe);
        exe
    } else if input.ends_with(".link.c") {
        let exe = out_dir.join("x");
        command.arg(input).arg("-o").arg(&exe);
        exe
    } else {
        let object = out_dir.join("x.o");
        command.arg("-c").arg(input).arg("-o").arg(&object);
        object
    };
    let outcome = run(command).map_err(|e| format!("{input}: {e}"))?;
    let stderr = &outcome.stderr;
    let mut problems = Vec::new();
    match outcome.code {
        Some(0) => {
            if !output.exists() {
                problems.push("exit 0 without the output file".to_string());
            }
        }
        Some(1) => {
            if output.exists() {
                problems.push(format!("failed but left {}", output.display()));
            }
            let unlocated_ok = UNLOCATED.contains(&input)
                && stderr.lines().any(|l| l.starts_with("accc: error: "));
            if !has_located_error(stderr, dir, input) && !unlocated_ok {
                problems.push("failed without a `file:line:col: error:` + source + caret".into());
            }
        }
        Some(code) => problems.push(format!("exit status {code}")),
        None => problems.push("no exit status".into()),
    }
    for marker in [
        "panicked",
        "RUST_BACKTRACE",
        "internal error",
        "stack overflow",
    ] {
        // The driver quotes the IR verifier's words when it refuses a hostile `.accc.ir`
        // record (a warning: the regions run on the host); that is no internal error of accc.
        let found = stderr
            .lines()
            .any(|l| l.contains(marker) && !l.contains("invalid .accc.ir record"));
        if found {
            problems.push(format!("stderr mentions '{marker}'"));
        }
    }
    let mut left: Vec<String> = files_in(out_dir);
    left.retain(|name| {
        !(name == "in.o" || (outcome.code == Some(0) && out_dir.join(name) == output))
    });
    if !left.is_empty() {
        problems.push(format!("stray files in the output directory: {left:?}"));
    }
    let after = files_in(dir);
    if after != before {
        problems.push(format!("files appeared beside the input: {:?}", {
            let mut new = after.clone();
            new.retain(|n| !before.contains(n));
            new
        }));
    }
    if !problems.is_empty() {
        return Err(format!(
            "{input}: {}\n--- stderr ---\n{}",
            problems.join("; "),
            truncate(stderr, 40)
        ));
    }
    let stderr = stderr.replace(&out_dir.display().to_string(), "<out>");
    let shown = match keep {
        Some(n) if stderr.lines().count() > n => {
            let rest = stderr.lines().count() - n;
            let mut kept: String = stderr
                .lines()
                .take(n)
                .map(|l| format!("{}\n", cut(l)))
                .collect();
            kept.push_str(&format!("... {rest} more lines\n"));
            kept
        }
        Some(_) => stderr.lines().map(|l| format!("{}\n", cut(l))).collect(),
        None => stderr,
    };
    let text = format!("exit: {}\n{shown}", outcome.code.unwrap_or(-1));
    check_snapshot(snapshot, &text)
        .map(|()| outcome.elapsed)
        .map_err(|e| format!("{input} ({:?}): {e}", outcome.elapsed))
}

/// A long line of a generated input's diagnostics, cut to keep the snapshot small.
fn cut(line: &str) -> String {
    if line.chars().count() > 160 {
        let head: String = line.chars().take(160).collect();
        format!("{head}...")
    } else {
        line.to_string()
    }
}

fn truncate(text: &str, lines: usize) -> String {
    text.lines().take(lines).collect::<Vec<_>>().join("\n")
}

/// The huge inputs, written at run time: (file name, contents).
fn generated() -> Vec<(&'static str, String)> {
    let mut inputs = Vec::new();
    // 10,000 clauses on one directive.
    let mut text = String::from("void f(int *a, int n) {\n#pragma acc parallel loop");
    for _ in 0..10_000 {
        text.push_str(" present(a[0:n])");
    }
    text.push_str("\n  for (int i = 0; i < n; i++) a[i] = i;\n}\n");
    inputs.push(("gen-10000-clauses.c", text));
    // One clause with 10,000 list items (a valid program).
    let mut text = String::new();
    for i in 0..10_000 {
        text.push_str(&format!("int v{i};\n"));
    }
    text.push_str("void f(void) {\n#pragma acc parallel copy(");
    text.push_str(
        &(0..10_000)
            .map(|i| format!("v{i}"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    text.push_str(")\n  v0 = v9999;\n}\n");
    inputs.push(("gen-10000-list-items.c", text));
    // A subarray bound nested 5,000 parentheses deep, and one that is 50,000 terms long.
    let deep = format!("{}n{}", "(1+".repeat(5_000), ")".repeat(5_000));
    inputs.push((
        "gen-subarray-deep.c",
        format!(
            "void f(int *a, int n) {{\n#pragma acc parallel copy(a[0:{deep}])\n  a[0] = 1;\n}}\n"
        ),
    ));
    let long = vec!["1"; 50_000].join("+");
    inputs.push((
        "gen-subarray-long.c",
        format!("void f(int *a) {{\n#pragma acc parallel copy(a[0:{long}])\n  a[0] = 1;\n}}\n"),
    ));
    // 3,000 nested data regions, and 300 nested loops in a parallel region.
    let mut text = String::from("void f(int *a) {\n");
    for _ in 0..3_000 {
        text.push_str("#pragma acc data copy(a[0:4])\n{\n");
    }
    text.push_str("a[0] = 1;\n");
    text.push_str(&"}\n".repeat(3_000));
    text.push_str("}\n");
    inputs.push(("gen-deep-regions.c", text));
    let mut text = String::from("void f(int *a) {\n#pragma acc parallel copy(a[0:4])\n{\n");
    for d in 0..300 {
        text.push_str(&format!(
            "#pragma acc loop seq\nfor (int i{d} = 0; i{d} < 1; i{d}++)\n"
        ));
    }
    text.push_str("a[0] = 1;\n}\n}\n");
    inputs.push(("gen-deep-loops.c", text));
    // Region code nested past the body lowering's depth limit (the region keeps its host
    // fallback), and a machine-generated sum of 3,000 terms, which is offloaded.
    let deep = format!("{}a[1]{}", "(".repeat(5_000), ")".repeat(5_000));
    inputs.push((
        "gen-region-deep-parens.c",
        format!("void f(int *a) {{\n#pragma acc parallel copy(a[0:4])\n{{ a[0] = {deep}; }}\n}}\n"),
    ));
    let sum = vec!["a[i]"; 3_000].join(" + ");
    inputs.push((
        "gen-region-long-sum.c",
        format!("void f(double *a, int n) {{\n#pragma acc parallel loop copy(a[0:n])\nfor (int i = 0; i < n; i++)\n  a[i] = {sum};\n}}\n"),
    ));
    // 20,000 nested C blocks without any directive.
    let text = format!(
        "int main(void) {{\n{} return 0; {}\n}}\n",
        "{".repeat(20_000),
        "}".repeat(20_000)
    );
    inputs.push(("gen-deep-blocks.c", text));
    // 5,000 directives in one function.
    let mut text = String::from("void f(int *a) {\n#pragma acc data copy(a[0:4])\n{\n");
    for _ in 0..5_000 {
        text.push_str("#pragma acc update self(a[0:4])\n");
    }
    text.push_str("}\n}\n");
    inputs.push(("gen-many-directives.c", text));
    // A directive line of a megabyte (a comment on it).
    let text = format!(
        "int main(void) {{\n  int x = 0;\n#pragma acc parallel copy(x) /* {} */\n  x = 1;\n  return x - 1;\n}}\n",
        "x".repeat(1 << 20)
    );
    inputs.push(("gen-long-line.c", text));
    // Fortran: a directive continued over 300 lines, and one clause of 10,000 items.
    let mut text = String::from("subroutine s()\n");
    for i in 0..300 {
        text.push_str(&format!("  real :: a{i}\n"));
    }
    text.push_str("  !$acc parallel &\n");
    for i in 0..300 {
        text.push_str(&format!("  !$acc& copy(a{i}) &\n"));
    }
    text.push_str("  !$acc& default(none)\n  a0 = a299\n  !$acc end parallel\nend subroutine\n");
    inputs.push(("gen-f-continuation-chain.f90", text));
    let mut text = String::from("subroutine s()\n  real :: b(10000)\n  !$acc parallel copy(&\n");
    for line in 0..100 {
        let items: Vec<String> = (0..100)
            .map(|i| format!("b({})", line * 100 + i + 1))
            .collect();
        let sep = if line == 99 { ")" } else { ", &" };
        text.push_str(&format!("  !$acc& {}{}\n", items.join(", "), sep));
    }
    text.push_str("  b(1) = 1\n  !$acc end parallel\nend subroutine\n");
    inputs.push(("gen-f-10000-items.f90", text));
    // Fortran: 300 nested data regions, and a line of 100,000 characters.
    let mut text = String::from("subroutine s(a)\n  real :: a(10)\n");
    text.push_str(&"  !$acc data copy(a)\n".repeat(300));
    text.push_str("  a(1) = 1\n");
    text.push_str(&"  !$acc end data\n".repeat(300));
    text.push_str("end subroutine\n");
    inputs.push(("gen-f-deep-regions.f90", text));
    let text = format!(
        "subroutine s(a)\n  real :: a(10)\n  !$acc parallel copy(a) ! {}\n  a(1) = 1\n  !$acc end parallel\nend subroutine\n",
        "y".repeat(100_000)
    );
    inputs.push(("gen-f-long-line.f90", text));
    // Region code nested past the body lowering's depth limit, continued over many lines.
    let deep = format!("{}1.0{}", "(".repeat(5_000), ")".repeat(5_000));
    let lines: Vec<String> = deep
        .as_bytes()
        .chunks(100)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect();
    let text = format!(
        "subroutine s(a)\n  real :: a(10)\n  !$acc parallel copy(a)\n  a(1) = {}\n  !$acc end parallel\nend subroutine\n",
        lines.join("&\n&")
    );
    inputs.push(("gen-f-region-deep-parens.f90", text));
    inputs
}

/// One input to check: working directory, file name, snapshot, stderr lines kept.
type Case = (PathBuf, String, PathBuf, Option<usize>);

/// The failures, and each passing input with the time it took.
type Results = (Vec<String>, Vec<(String, Duration)>);

fn check_part(part: &[Case]) -> Results {
    let mut failures = Vec::new();
    let mut times = Vec::new();
    for (dir, input, snapshot, keep) in part {
        match check(dir, input, snapshot, *keep) {
            Ok(elapsed) => times.push((input.clone(), elapsed)),
            Err(failure) => failures.push(failure),
        }
    }
    (failures, times)
}

/// Runs `cases` on two threads and gathers the results.
fn run_all(cases: Vec<Case>) -> Results {
    let (first, second) = cases.split_at(cases.len() / 2);
    std::thread::scope(|scope| {
        let a = scope.spawn(|| check_part(first));
        let b = scope.spawn(|| check_part(second));
        let (mut failures, mut times) = a.join().expect("worker");
        let (more_failures, more_times) = b.join().expect("worker");
        failures.extend(more_failures);
        times.extend(more_times);
        (failures, times)
    })
}

fn finish((failures, mut times): Results, what: &str, count: usize) {
    if !failures.is_empty() {
        panic!(
            "{} of {count} {what} failed:\n\n{}",
            failures.len(),
            failures.join("\n\n")
        );
    }
    times.sort_by_key(|t| std::cmp::Reverse(t.1));
    let slowest: Vec<String> = times
        .iter()
        .take(3)
        .map(|(name, t)| format!("{name} {:.1} s", t.as_secs_f64()))
        .collect();
    println!(
        "{count} {what} checked{}; slowest: {}",
        if blessing() { " (blessed)" } else { "" },
        slowest.join(", ")
    );
}

#[test]
fn hostile_inputs_get_diagnostics_or_compile_cleanly() {
    let dir = Path::new("hostile");
    let mut cases = Vec::new();
    for name in files_in(dir) {
        let snapshot = Path::new("out/hostile").join(format!("{name}.txt"));
        cases.push((dir.to_path_buf(), name, snapshot, None));
    }
    assert!(
        cases.len() >= 60,
        "only {} inputs under tests/hostile",
        cases.len()
    );
    let count = cases.len();
    finish(run_all(cases), "hostile inputs", count);
}

#[test]
fn huge_generated_inputs_get_diagnostics_or_compile_cleanly() {
    let scratch = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    for (name, text) in generated() {
        std::fs::write(scratch.path().join(name), text).unwrap();
        let snapshot = Path::new("out/hostile").join(format!("{name}.txt"));
        cases.push((
            scratch.path().to_path_buf(),
            name.to_string(),
            snapshot,
            Some(GENERATED_LINES),
        ));
    }
    let count = cases.len();
    finish(run_all(cases), "generated inputs", count);
}
