//! The `accc` binary as a user (or `make`, or CMake) runs it: gcc's command line, with and
//! without `-fopenacc`.
//!
//! Every test works in its own temporary directory, with `TMPDIR` pointing at another fresh
//! directory so that temporary files left behind are noticed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A working directory and a private `TMPDIR` for one test.
struct Sandbox {
    work: tempfile::TempDir,
    tmp: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Self {
        Sandbox {
            work: tempfile::tempdir().unwrap(),
            tmp: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.work.path().join(name)
    }

    fn write(&self, name: &str, text: &str) {
        let path = self.path(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).unwrap();
        }
        fs::write(path, text).unwrap();
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_accc"));
        command
            .args(args)
            .current_dir(self.work.path())
            .env("TMPDIR", self.tmp.path())
            .env_remove("ACCC_CC")
            .env_remove("ACCC_FC")
            .stdin(Stdio::null());
        command
    }

    fn accc(&self, args: &[&str]) -> Output {
        self.command(args).output().unwrap()
    }

    /// Runs accc and fails the test with its output unless it succeeds.
    fn accc_ok(&self, args: &[&str]) -> Output {
        let output = self.accc(args);
        assert!(
            output.status.success(),
            "accc {args:?} failed:\n{}",
            describe(&output)
        );
        output
    }

    /// Runs a program the test built and returns its exit code and stdout.
    fn run(&self, program: &str) -> (i32, String) {
        let output = Command::new(self.path(program)).output().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        (output.status.code().unwrap_or(-1), stdout)
    }

    /// The names in the working directory, sorted.
    fn files(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.work.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    fn assert_tmpdir_empty(&self) {
        let left: Vec<_> = fs::read_dir(self.tmp.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert!(left.is_empty(), "temporary files left behind: {left:?}");
    }
}

fn describe(output: &Output) -> String {
    format!(
        "status: {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn have_gfortran() -> bool {
    let found = Command::new("gfortran")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        println!("skipped: gfortran is not installed");
    }
    found
}

const HELLO: &str = "#include <stdio.h>\nint main(void) { printf(\"hello\\n\"); return 0; }\n";

const TWICE_MAIN: &str = "int twice(int);\nint main(void) { return twice(21) == 42 ? 0 : 1; }\n";
const TWICE: &str = "int twice(int x) { return 2 * x; }\n";

/// A program that fails to compile unless `_OPENACC` is 3.3's value.
const OPENACC_VERSION_CHECK: &str = "\
#ifndef _OPENACC
#error _OPENACC is not defined
#elif _OPENACC != 202211
#error _OPENACC is not 202211
#endif
int main(void) { return _OPENACC == 202211 ? 0 : 1; }
";

/// A clean OpenACC program.
const SAXPY: &str = "\
#include <stdio.h>
void saxpy(int n, float a, const float *x, float *y) {
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}
int main(void) {
    float x[100], y[100];
    for (int i = 0; i < 100; i++) { x[i] = i; y[i] = 1; }
    saxpy(100, 2.0f, x, y);
    for (int i = 0; i < 100; i++)
        if (y[i] != 2.0f * i + 1) { printf(\"wrong at %d\\n\", i); return 1; }
    printf(\"ok\\n\");
    return 0;
}
";

#[test]
fn compiles_links_and_runs_a_c_program() {
    let sandbox = Sandbox::new();
    sandbox.write("hello.c", HELLO);
    sandbox.accc_ok(&["hello.c", "-o", "hello"]);
    assert_eq!(sandbox.run("hello"), (0, "hello\n".to_string()));
    sandbox.accc_ok(&["-O2", "hello.c"]);
    assert_eq!(sandbox.run("a.out"), (0, "hello\n".to_string()));
}

#[test]
fn links_several_inputs_with_and_without_openacc() {
    let sandbox = Sandbox::new();
    sandbox.write("main.c", TWICE_MAIN);
    sandbox.write("twice.c", TWICE);
    for flags in [&[][..], &["-fopenacc"][..]] {
        let mut args = flags.to_vec();
        args.extend(["main.c", "twice.c", "-o", "prog"]);
        sandbox.accc_ok(&args);
        assert_eq!(sandbox.run("prog").0, 0, "{args:?}");
    }
}

#[test]
fn compile_only_writes_one_object_per_input() {
    let sandbox = Sandbox::new();
    sandbox.write("main.c", TWICE_MAIN);
    sandbox.write("twice.c", TWICE);
    sandbox.accc_ok(&["-c", "main.c", "twice.c"]);
    assert_eq!(sandbox.files(), ["main.c", "main.o", "twice.c", "twice.o"]);
    fs::create_dir(sandbox.path("out")).unwrap();
    sandbox.accc_ok(&["-fopenacc", "-c", "main.c", "twice.c"]);
    sandbox.accc_ok(&["-fopenacc", "-c", "twice.c", "-o", "out/t.o"]);
    assert!(sandbox.path("out/t.o").is_file());
    let output = sandbox.accc(&["-fopenacc", "-c", "main.c", "twice.c", "-o", "x.o"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("accc: error: cannot specify '-o'"),
        "{}",
        describe(&output)
    );
}

#[test]
fn links_a_c_source_with_an_object() {
    let sandbox = Sandbox::new();
    sandbox.write("main.c", TWICE_MAIN);
    sandbox.write("twice.c", TWICE);
    sandbox.accc_ok(&["-c", "twice.c"]);
    sandbox.accc_ok(&["-fopenacc", "main.c", "twice.o", "-o", "prog"]);
    assert_eq!(sandbox.run("prog").0, 0);
    sandbox.accc_ok(&["main.c", "twice.o", "-o", "prog2"]);
    assert_eq!(sandbox.run("prog2").0, 0);
}

#[test]
fn preprocesses_with_defines_and_include_directories() {
    let sandbox = Sandbox::new();
    sandbox.write("inc/value.h", "#define VALUE (BASE + 1)\n");
    sandbox.write(
        "p.c",
        "#include \"value.h\"\nint v = VALUE;\n#ifdef GONE\nint gone;\n#endif\n",
    );
    for flags in [&[][..], &["-fopenacc"][..]] {
        let mut args = flags.to_vec();
        args.extend(["-E", "-Iinc", "-D", "BASE=41", "-DGONE", "-UGONE", "p.c"]);
        let output = sandbox.accc_ok(&args);
        let text = stdout(&output);
        assert!(text.contains("int v = (41 + 1);"), "{args:?}: {text}");
        assert!(!text.contains("gone"), "{args:?}: {text}");
    }
    sandbox.accc_ok(&["-E", "p.c", "-I", "inc", "-DBASE=1", "-o", "p.i"]);
    assert!(fs::read_to_string(sandbox.path("p.i"))
        .unwrap()
        .contains("int v = (1 + 1);"));
    sandbox.write(
        "main.c",
        "#include <value.h>\nint main(void) { return VALUE == 42 ? 0 : 1; }\n",
    );
    sandbox.accc_ok(&[
        "-fopenacc",
        "-I",
        "inc",
        "-DBASE=41",
        "main.c",
        "-o",
        "prog",
    ]);
    assert_eq!(sandbox.run("prog").0, 0);
}

#[test]
fn a_failing_compile_passes_its_status_through() {
    let sandbox = Sandbox::new();
    sandbox.write("bad.c", "int main(void) { return 0 }\n");
    for flags in [&[][..], &["-fopenacc"][..]] {
        let mut args = flags.to_vec();
        args.extend(["bad.c", "-o", "bad"]);
        let output = sandbox.accc(&args);
        assert_eq!(output.status.code(), Some(1), "{}", describe(&output));
        assert!(
            stderr(&output).contains("bad.c:1:"),
            "{}",
            describe(&output)
        );
        assert!(!sandbox.path("bad").exists());
    }
    assert_eq!(sandbox.files(), ["bad.c"]);
    sandbox.assert_tmpdir_empty();
}

#[test]
fn output_equal_to_an_input_is_an_error() {
    let sandbox = Sandbox::new();
    sandbox.write("x.c", HELLO);
    for flags in [&[][..], &["-fopenacc"][..], &["-c"][..]] {
        let mut args = flags.to_vec();
        args.extend(["x.c", "-o", "x.c"]);
        let output = sandbox.accc(&args);
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            stderr(&output),
            "accc: error: input file 'x.c' is the same as output file\n"
        );
    }
    assert_eq!(fs::read_to_string(sandbox.path("x.c")).unwrap(), HELLO);
}

#[test]
fn version_help_and_verbose() {
    let sandbox = Sandbox::new();
    let output = sandbox.accc_ok(&["--version"]);
    let text = stdout(&output);
    assert!(
        text.starts_with("accc 0.1.0 (OpenACC 3.3, _OPENACC=202211)\n"),
        "{text}"
    );
    assert!(text.contains("host C compiler (cc): "), "{text}");
    let output = sandbox.accc_ok(&["--help"]);
    let text = stdout(&output);
    for flag in [
        "-fopenacc ",
        "-fopenacc-print",
        "-fsyntax-only",
        "-fopt-info-acc",
        "-foffload",
    ] {
        assert!(text.contains(flag), "{flag} missing from:\n{text}");
    }
    assert!(
        text.contains("passed to the host compilers unchanged"),
        "{text}"
    );
    let output = sandbox.accc_ok(&["-v"]);
    let text = stderr(&output);
    assert!(text.starts_with("accc version 0.1.0"), "{text}");
    assert!(text.contains(" cc -v"), "{text}");
    sandbox.write("hello.c", HELLO);
    let output = sandbox.accc_ok(&["-v", "-fopenacc", "hello.c", "-o", "hello"]);
    let text = stderr(&output);
    let commands: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with(" cc "))
        .collect();
    assert!(
        commands.len() >= 3,
        "preprocess, compile and link expected:\n{text}"
    );
    // The rewritten source is compiled as preprocessed C and the runtime is linked.
    let compile = "-c -x cpp-output ";
    assert!(
        commands
            .iter()
            .any(|c| c.contains(compile) && c.contains("-hello.i")),
        "{text}"
    );
    // The shared runtime comes first among the libraries (before any libgomp the user links),
    // its directory in the rpath.
    assert!(
        commands
            .iter()
            .any(|c| c.contains("-Wl,--push-state,--no-as-needed ")
                && c.contains("libaccrt.so -Wl,--pop-state ")
                && c.contains(" -Wl,-rpath,")
                && c.contains("-lpthread -ldl -lm ")),
        "{text}"
    );
    // libgomp (OpenMP's omp_get_wtime, as gcc -fopenacc links it) last, only as needed.
    assert!(
        commands
            .iter()
            .any(|c| c.contains("-lm -Wl,--push-state,--as-needed -lgomp -Wl,--pop-state -o ")),
        "{text}"
    );
    // `-static` links the runtime's archive.
    let output = sandbox.accc_ok(&["-v", "-static", "-fopenacc", "hello.c", "-o", "hello"]);
    let text = stderr(&output);
    assert!(text.contains("libaccrt.a -lpthread -ldl -lm"), "{text}");
    assert_eq!(sandbox.run("hello").0, 0);
    assert!(commands.iter().any(|c| c.contains("-hello.o ")), "{text}");
}

#[test]
fn openacc_is_202211_only_under_fopenacc() {
    let sandbox = Sandbox::new();
    sandbox.write("v.c", OPENACC_VERSION_CHECK);
    sandbox.accc_ok(&["-fopenacc", "v.c", "-o", "v"]);
    assert_eq!(sandbox.run("v").0, 0);
    let output = sandbox.accc(&["v.c", "-o", "v2"]);
    assert_ne!(output.status.code(), Some(0));
    assert!(
        stderr(&output).contains("_OPENACC is not defined"),
        "{}",
        describe(&output)
    );
    let output = sandbox.accc_ok(&["-fopenacc", "-E", "v.c"]);
    assert!(
        stdout(&output).contains("return 202211 == 202211"),
        "{}",
        describe(&output)
    );
}

#[test]
fn unknown_options_are_forwarded() {
    let sandbox = Sandbox::new();
    sandbox.write("hello.c", HELLO);
    for flags in [&[][..], &["-fopenacc"][..]] {
        let mut args = flags.to_vec();
        args.extend([
            "--param",
            "max-inline-insns-single=10",
            "-fno-common",
            "hello.c",
            "-o",
            "h",
        ]);
        sandbox.accc_ok(&args);
        let mut args = flags.to_vec();
        args.extend(["-fthis-option-does-not-exist", "hello.c", "-o", "h"]);
        let output = sandbox.accc(&args);
        assert_ne!(output.status.code(), Some(0));
        assert!(
            stderr(&output).contains("-fthis-option-does-not-exist"),
            "{}",
            describe(&output)
        );
    }
}

#[test]
fn no_temporary_files_are_left_behind() {
    let sandbox = Sandbox::new();
    sandbox.write("hello.c", HELLO);
    sandbox.write("bad.c", "int main(void) { return x; }\n");
    sandbox.write("acc.c", SAXPY);
    sandbox.accc_ok(&["hello.c", "-o", "h1"]);
    sandbox.accc_ok(&["-fopenacc", "hello.c", "-o", "h2"]);
    sandbox.accc_ok(&["-fopenacc", "-c", "hello.c"]);
    sandbox.accc_ok(&["-fopenacc", "-fsyntax-only", "acc.c"]);
    assert!(!sandbox
        .accc(&["-fopenacc", "hello.c", "bad.c", "-o", "h3"])
        .status
        .success());
    assert!(!sandbox.accc(&["-fopenacc", "-c", "bad.c"]).status.success());
    sandbox.assert_tmpdir_empty();
    assert_eq!(
        sandbox.files(),
        ["acc.c", "bad.c", "h1", "h2", "hello.c", "hello.o"]
    );
}

#[test]
fn dependency_files() {
    let sandbox = Sandbox::new();
    sandbox.write("inc/dep.h", "#define N 1\n");
    sandbox.write("d.c", "#include \"dep.h\"\nint n = N;\n");
    sandbox.accc_ok(&["-Iinc", "-c", "d.c", "-MMD", "-MF", "explicit.d"]);
    let text = fs::read_to_string(sandbox.path("explicit.d")).unwrap();
    assert!(
        text.starts_with("d.o: d.c") && text.contains("inc/dep.h"),
        "{text}"
    );
    fs::create_dir(sandbox.path("obj")).unwrap();
    sandbox.accc_ok(&[
        "-fopenacc",
        "-Iinc",
        "-MMD",
        "-MP",
        "-c",
        "d.c",
        "-o",
        "obj/d.o",
    ]);
    let text = fs::read_to_string(sandbox.path("obj/d.d")).unwrap();
    assert!(
        text.starts_with("obj/d.o: d.c") && text.contains("inc/dep.h:"),
        "{text}"
    );
    sandbox.accc_ok(&[
        "-fopenacc",
        "-Iinc",
        "-MD",
        "-MF",
        "acc.d",
        "-MT",
        "target",
        "-c",
        "d.c",
    ]);
    let text = fs::read_to_string(sandbox.path("acc.d")).unwrap();
    assert!(text.starts_with("target: d.c"), "{text}");
    let output = sandbox.accc_ok(&["-fopenacc", "-Iinc", "-MM", "d.c"]);
    assert!(
        stdout(&output).starts_with("d.o: d.c"),
        "{}",
        describe(&output)
    );
}

#[test]
fn reads_standard_input_with_x() {
    let sandbox = Sandbox::new();
    for flags in [&[][..], &["-fopenacc"][..]] {
        let mut args = flags.to_vec();
        args.extend(["-x", "c", "-", "-o", "prog"]);
        let mut child = sandbox
            .command(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(
            &mut child.stdin.take().unwrap(),
            OPENACC_VERSION_CHECK.as_bytes(),
        )
        .unwrap();
        let output = child.wait_with_output().unwrap();
        if flags.is_empty() {
            assert!(!output.status.success());
        } else {
            assert!(output.status.success(), "{}", describe(&output));
            assert_eq!(sandbox.run("prog").0, 0);
        }
    }
    sandbox.assert_tmpdir_empty();
}

#[test]
fn openacc_analysis_of_a_clean_program() {
    let sandbox = Sandbox::new();
    sandbox.write("saxpy.c", SAXPY);
    sandbox.accc_ok(&["-fopenacc", "-fsyntax-only", "saxpy.c"]);
    for print in ["-fopenacc-print=acc-ir", "-fopenacc-print=acc"] {
        let output = sandbox.accc_ok(&["-fopenacc", print, "saxpy.c", "-o", "never"]);
        assert!(!stdout(&output).is_empty(), "{print}: nothing printed");
    }
    assert_eq!(sandbox.files(), ["saxpy.c"]);
    sandbox.accc_ok(&[
        "-fopenacc",
        "-Minfo=accel",
        "-foffload=disable",
        "-O2",
        "saxpy.c",
        "-o",
        "s",
    ]);
    assert_eq!(sandbox.run("s"), (0, "ok\n".to_string()));
}

#[test]
fn openacc_errors_produce_no_output() {
    let sandbox = Sandbox::new();
    sandbox.write("good.c", HELLO);
    sandbox.write(
        "bad.c",
        "void f(int n, float *a) {\n#pragma acc parallel loop no_such_clause(a)\n  for (int i = 0; i < n; i++) a[i] = 0;\n}\n",
    );
    let output = sandbox.accc(&["-fopenacc", "-c", "bad.c", "good.c"]);
    assert_eq!(output.status.code(), Some(1), "{}", describe(&output));
    assert!(
        stderr(&output).contains("bad.c:2:"),
        "{}",
        describe(&output)
    );
    assert_eq!(sandbox.files(), ["bad.c", "good.c"]);
    let output = sandbox.accc(&["bad.c", "-c"]);
    assert!(
        output.status.success(),
        "directives are ignored without -fopenacc"
    );
}

/// gfortran's `-ffixed-line-length-N` decides which columns of a fixed-form line count; with
/// -fopenacc accc converts the file to free form itself and must read the same columns (it
/// read 72 always, so a statement continuing past column 72 under -ffixed-line-length-132 lost
/// its end and the program computed another value).
#[test]
fn fixed_line_length_option() {
    if !have_gfortran() {
        return;
    }
    let sandbox = Sandbox::new();
    let long = format!(
        "      X = 1 + 2{}+ 4\n",
        " ".repeat(60) // `+ 4` starts in column 77
    );
    sandbox.write(
        "long.f",
        &format!(
            "      PROGRAM LONG\n      INTEGER X, I\n{long}C$ACC PARALLEL LOOP REDUCTION(+:X)\n      DO 10 I = 1, 2\n         X = X + 1\n   10 CONTINUE\n      PRINT '(I0)', X\n      END\n"
        ),
    );
    for (flags, want) in [
        (&[][..], "5\n"),
        (&["-ffixed-line-length-72"][..], "5\n"),
        (&["-ffixed-line-length-132"][..], "9\n"),
        (&["-ffixed-line-length-none"][..], "9\n"),
        (
            &["-ffixed-line-length-132", "-ffixed-line-length-72"][..],
            "5\n",
        ),
    ] {
        for openacc in [false, true] {
            let mut args = flags.to_vec();
            if openacc {
                args.push("-fopenacc");
            }
            args.extend(["long.f", "-o", "long"]);
            sandbox.accc_ok(&args);
            assert_eq!(sandbox.run("long"), (0, want.to_string()), "{args:?}");
        }
    }
}

#[test]
fn fortran_programs() {
    if !have_gfortran() {
        return;
    }
    let sandbox = Sandbox::new();
    sandbox.write(
        "hello.f90",
        "program hello\n  integer :: i, s\n  s = 0\n  !$acc parallel loop reduction(+:s)\n  do i = 1, 10\n    s = s + i\n  end do\n  if (s /= 55) stop 1\n  print '(a)', 'fortran ok'\nend program\n",
    );
    for flags in [&[][..], &["-fopenacc"][..]] {
        let mut args = flags.to_vec();
        args.extend(["hello.f90", "-o", "hello"]);
        sandbox.accc_ok(&args);
        assert_eq!(sandbox.run("hello"), (0, "fortran ok\n".to_string()));
    }
    // Linking objects only (CMake's and make's link step): accc sees that hello.o calls
    // libgfortran and links with gfortran, with and without -fopenacc, also from an archive.
    for flags in [&[][..], &["-fopenacc"][..]] {
        let mut args = flags.to_vec();
        args.extend(["-c", "hello.f90", "-o", "hello.o"]);
        sandbox.accc_ok(&args);
        let mut args = flags.to_vec();
        args.extend(["hello.o", "-o", "from_object"]);
        sandbox.accc_ok(&args);
        assert_eq!(
            sandbox.run("from_object"),
            (0, "fortran ok\n".to_string()),
            "{args:?}"
        );
    }
    let status = Command::new("ar")
        .args(["rcs", "libhello.a", "hello.o"])
        .current_dir(sandbox.path("."))
        .status()
        .unwrap();
    assert!(status.success());
    sandbox.accc_ok(&["-fopenacc", "libhello.a", "-o", "from_archive"]);
    assert_eq!(sandbox.run("from_archive").0, 0);
    sandbox.write(
        "v.F90",
        "program v\n#if _OPENACC != 202211\n  stop 1\n#endif\nend program\n",
    );
    sandbox.accc_ok(&["-fopenacc", "v.F90", "-o", "v"]);
    assert_eq!(sandbox.run("v").0, 0);
    sandbox.write("twice.f90", "integer(c_int) function twice(x) bind(c)\n  use iso_c_binding\n  integer(c_int), value :: x\n  twice = 2 * x\nend function\n");
    sandbox.write("main.c", TWICE_MAIN);
    for flags in [&[][..], &["-fopenacc"][..]] {
        let mut args = flags.to_vec();
        args.extend(["main.c", "twice.f90", "-o", "mixed"]);
        sandbox.accc_ok(&args);
        assert_eq!(sandbox.run("mixed").0, 0, "{args:?}");
    }
    sandbox.assert_tmpdir_empty();
}

#[test]
fn host_compilers_come_from_the_environment() {
    let sandbox = Sandbox::new();
    sandbox.write("hello.c", HELLO);
    let output = sandbox
        .command(&["hello.c"])
        .env("ACCC_CC", "/nonexistent/cc")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with("accc: error: cannot find '/nonexistent/cc', the C compiler"),
        "{}",
        describe(&output)
    );
    let output = sandbox
        .command(&["-fopenacc", "hello.c"])
        .env("ACCC_CC", "gcc")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", describe(&output));
    assert!(Path::new(&sandbox.path("a.out")).exists());
}

#[test]
fn safe_pointers_let_kernels_loops_over_plain_pointers_run_in_parallel() {
    let sandbox = Sandbox::new();
    sandbox.write(
        "axpy.c",
        "static float *scratch;\n\
         void axpy(int n, float *x, float *y)\n\
         {\n\
         #pragma acc kernels copyin(x[0:n]) copy(y[0:n])\n\
             for (int i = 0; i < n; i++)\n\
                 y[i] += 2.0f * x[i];\n\
         }\n\
         void keep(int n, float *y)\n\
         {\n\
         #pragma acc kernels copy(y[0:n], scratch[0:n])\n\
             for (int i = 0; i < n; i++)\n\
                 scratch[i] = y[i];\n\
         }\n",
    );
    let remarks = |flags: &[&str]| {
        let mut args = vec!["-fopenacc", "-fopt-info-acc", "-c", "axpy.c"];
        args.extend_from_slice(flags);
        stderr(&sandbox.accc_ok(&args))
    };
    // The remark on `line` of axpy.c says `text`.
    let says = |remarks: &str, line: u32, text: &str| {
        remarks
            .lines()
            .any(|l| l.starts_with(&format!("axpy.c:{line}:")) && l.contains(text))
    };
    let parallel = "loop proven free of loop-carried dependences";
    let aliased = "'x' and 'y' may point to the same memory";
    let plain = remarks(&[]);
    assert!(says(&plain, 5, aliased), "{plain}");
    for flags in [&["-Msafeptr"][..], &["-Msafeptr=arg"], &["-Msafeptr=all"]] {
        let vouched = remarks(flags);
        assert!(says(&vouched, 5, parallel), "{flags:?}: {vouched}");
    }
    // Parameters only: the static pointer still may alias `y`; `static` covers it.
    let scratch = "'y' and 'scratch' may point to the same memory";
    let arguments = remarks(&["-Msafeptr=arg"]);
    assert!(says(&arguments, 11, scratch), "{arguments}");
    let both = remarks(&["-Msafeptr=arg,static"]);
    assert!(says(&both, 11, parallel), "{both}");
    assert!(says(&remarks(&["-Msafeptr", "-Mnosafeptr"]), 5, aliased));
    let bad = sandbox.accc(&["-fopenacc", "-Msafeptr=every", "-c", "axpy.c"]);
    assert_eq!(bad.status.code(), Some(1), "{}", describe(&bad));
    assert!(stderr(&bad).contains("'every'"), "{}", describe(&bad));
}

/// Floating-point contraction follows the host compiler's options: the kernels' `+`, `-` and
/// `*` are contractable in gcc's default mode for GNU C (fused on the CPU `-march` names, as
/// gcc fuses the host code), never under ISO C or `-ffp-contract=off`, and on GPUs too under
/// an explicit `-ffp-contract=fast`.
#[test]
fn fp_contraction_follows_the_host_compiler() {
    let sandbox = Sandbox::new();
    sandbox.write(
        "axpy.c",
        "void axpy(int n, double a, const double *restrict x, double *restrict y)\n\
         {\n\
         #pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])\n\
             for (int i = 0; i < n; i++)\n\
                 y[i] = a * x[i] + y[i];\n\
         }\n",
    );
    let printed = |flags: &[&str]| {
        let mut args = vec!["-fopenacc", "-O2", "axpy.c"];
        args.extend_from_slice(flags);
        stdout(&sandbox.accc_ok(&args))
    };
    let multicore = |flags: &[&str]| {
        let mut all = vec!["-fopenacc-print=llvm-multicore"];
        all.extend_from_slice(flags);
        printed(&all).contains("fmul contract")
    };
    assert!(multicore(&[]));
    assert!(multicore(&["-std=gnu11"]));
    assert!(!multicore(&["-std=c11"]));
    assert!(!multicore(&["-ffp-contract=off"]));
    assert!(!multicore(&["-ffp-contract=on"]));
    assert!(multicore(&["-std=c11", "-ffp-contract=fast"]));
    let ptx = |flags: &[&str]| {
        let mut all = vec!["-fopenacc-print=ptx"];
        all.extend_from_slice(flags);
        printed(&all).contains("fma.rn.f64")
    };
    assert!(!ptx(&[]));
    assert!(ptx(&["-ffp-contract=fast"]));
    assert!(!ptx(&["-ffast-math", "-ffp-contract=off"]));
}

/// `-Minfo=accel` as NVHPC users read it: remarks grouped under gcc's `In function` line, each
/// loop's line naming its levels, collapse and reductions, each kernel its targets and GPU
/// launch, and Fortran's data actions (whole arrays as `a(:)`, without accc's descriptor
/// values).
/// A `kernels` scalar each iteration assigns before using it is private to the loop, and the
/// remarks say so (they said `implicit copy` only, as if the iterations shared it).
#[test]
fn minfo_accel_says_which_kernels_scalars_are_private() {
    let sandbox = Sandbox::new();
    sandbox.write(
        "srad.c",
        "void f(int n, float *restrict c, float *restrict j)\n\
         {\n\
             float s;\n\
         #pragma acc kernels loop independent copyin(c[0:n + 1]) copyout(j[0:n])\n\
             for (int i = 0; i < n; i++) {\n\
                 if (i == n - 1) s = c[i]; else s = c[i + 1];\n\
                 j[i] = s * 2;\n\
             }\n\
         }\n",
    );
    let out = sandbox.accc(&["-fopenacc", "-fopt-info-acc", "-c", "srad.c"]);
    let text = stderr(&out);
    assert!(
        text.contains(
            "srad.c:4:13: remark: 's' is assigned before any use in each iteration: generating implicit private(s) for the loop"
        ),
        "{text}"
    );
}

#[test]
fn minfo_accel_names_functions_loops_targets_and_fortran_data() {
    let sandbox = Sandbox::new();
    sandbox.write(
        "grid.c",
        "double grid(int n, double (*a)[64])\n\
         {\n\
             double m = 0.0;\n\
         #pragma acc parallel loop collapse(2) reduction(max:m) copyin(a[0:n]) vector_length(64)\n\
             for (int j = 0; j < n; j++)\n\
                 for (int i = 0; i < 64; i++)\n\
                     m = a[j][i] > m ? a[j][i] : m;\n\
             return m;\n\
         }\n",
    );
    let out = stderr(&sandbox.accc_ok(&[
        "-fopenacc",
        "-Minfo=accel",
        "--offload-arch=sm_80",
        "-c",
        "grid.c",
    ]));
    assert!(out.starts_with("grid.c: In function 'grid':\n"), "{out}");
    assert!(
        out.contains(
            "grid.c:4:13: remark: loop mapped to gang, vector: collapse(2), reduction(max:m)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("for multicore, NVIDIA sm_80 (at link time); GPU launch: num_gangs(to fill the device), num_workers(1), vector_length(64)\n"),
        "{out}"
    );
    sandbox.write(
        "scale.f90",
        "subroutine scale(a, n)\n\
           integer :: n, i\n\
           real(8), allocatable :: a(:)\n\
           !$acc parallel loop copy(a)\n\
           do i = 1, n\n\
             a(i) = 2 * a(i)\n\
           end do\n\
         end subroutine\n",
    );
    let out = stderr(&sandbox.accc_ok(&["-fopenacc", "-Minfo=accel", "-c", "scale.f90"]));
    assert!(
        out.starts_with("scale.f90: In function 'scale':\n"),
        "{out}"
    );
    assert!(
        out.contains("scale.f90:4:7: remark: generating copy(a(:))\n"),
        "{out}"
    );
    assert!(
        out.contains("remark: generating implicit firstprivate(n)\n"),
        "{out}"
    );
    assert!(!out.contains("lbound") && !out.contains("stride"), "{out}");
}

/// `-S` cannot carry the kernels: it says so instead of silently giving a program whose
/// regions run serially on the host.
#[test]
fn assembly_output_warns_that_the_kernels_are_dropped() {
    let sandbox = Sandbox::new();
    sandbox.write(
        "s.c",
        "void s(int n, float *x)\n\
         {\n\
         #pragma acc parallel loop copy(x[0:n])\n\
             for (int i = 0; i < n; i++)\n\
                 x[i] *= 2.0f;\n\
         }\n",
    );
    let out = sandbox.accc_ok(&["-fopenacc", "-S", "s.c"]);
    assert!(
        stderr(&out).contains("warning: '-S' writes the host code of 's.c' only"),
        "{}",
        describe(&out)
    );
    let out = sandbox.accc_ok(&["-fopenacc", "-c", "s.c"]);
    assert!(!stderr(&out).contains("warning"), "{}", describe(&out));
}

#[test]
fn a_file_with_directive_errors_also_gets_the_host_compilers_errors() {
    let sandbox = Sandbox::new();
    sandbox.write(
        "both.c",
        "int main(void) {\n\
         \x20 int a[10];\n\
         #pragma acc parallel loop bogus(a)\n\
         \x20 for (int i = 0; i < 10; i++) a[i] = i;\n\
         \x20 int x = nothere + 1;\n\
         \x20 return a[0] + x;\n\
         }\n",
    );
    let out = sandbox.accc(&["-fopenacc", "-c", "both.c"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(
        text.contains("both.c:3:27: error: unknown clause 'bogus'"),
        "{text}"
    );
    assert!(text.contains("both.c:5:11: error:"), "{text}");
    assert!(text.contains("nothere"), "{text}");
    assert!(!sandbox.path("both.o").exists(), "nothing is written");
    sandbox.write(
        "both.f90",
        "module mm\n  integer :: v\nend module mm\nprogram p\n  use mm\n  implicit none\n\
         \x20 integer :: a(10), i\n  !$acc parallel loop bogus(a)\n  do i = 1, 10\n\
         \x20   a(i) = i + v\n  end do\n  x = 3\nend program p\n",
    );
    let out = sandbox.accc(&["-fopenacc", "-c", "both.f90"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(
        text.contains("both.f90:8:23: error: unknown clause 'bogus'"),
        "{text}"
    );
    assert!(text.contains("both.f90:12:3:"), "{text}");
    assert!(text.contains("has no IMPLICIT type"), "{text}");
    assert!(
        !sandbox.path("mm.mod").exists(),
        "no module file is left behind"
    );
    assert!(!sandbox.path("both.o").exists(), "nothing is written");
}

/// gcc's conventions for where a diagnostic points: an indented or tab-indented pragma (gcc -E
/// writes pragmas from column 1, with spacing normalised and macros expanded), one continued
/// over several lines with backslashes, display columns with tabs to the next multiple of 8,
/// standard input named `<stdin>`, and UTF-8 identifiers in clauses, which gcc accepts.
#[test]
fn diagnostics_point_where_gcc_points() {
    let sandbox = Sandbox::new();
    sandbox.write(
        "ind.c",
        "#define N 100\n\
         void f(float *x)\n\
         {\n\
         \x20   #  pragma   acc parallel   loop copy(x[0:N])  bogus\n\
         \x20   for (int i = 0; i < N; i++) x[i] = 0;\n\
         \t#pragma acc parallel loop copy(x[0:N]) bogus(3)\n\
         \x20   for (int i = 0; i < N; i++) x[i] = 0;\n\
         }\n\
         void g(float *x)\n\
         {\n\
         \x20 #pragma acc parallel loop \\\n\
         \x20    copy(x[0:N]) \\\n\
         \x20    wrong(3) copy(x[0:N])\n\
         \x20   for (int i = 0; i < N; i++) x[i] = 0;\n\
         }\n",
    );
    let out = sandbox.accc(&["-fopenacc", "-c", "ind.c"]);
    let text = stderr(&out);
    // gcc -fopenacc says 4:51 and 6:48 for the two 'bogus' clauses.
    assert!(
        text.contains("ind.c:4:51: error: unknown clause 'bogus'"),
        "{text}"
    );
    assert!(
        text.contains("ind.c:6:48: error: unknown clause 'bogus'"),
        "{text}"
    );
    assert!(
        text.contains("    6 |         #pragma acc parallel loop copy(x[0:N]) bogus(3)\n"),
        "{text}"
    );
    // gcc: 13:6 (the continuation line that has the clause).
    assert!(
        text.contains("ind.c:13:6: error: unknown clause 'wrong'"),
        "{text}"
    );
    let mut child = sandbox
        .command(&["-fopenacc", "-x", "c", "-c", "-", "-o", "stdin.o"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(
        &mut child.stdin.take().unwrap(),
        b"void g(float *x)\n{\n#pragma acc parallel copy(x[0:4]) bogus\n    x[0] = 1;\n}\n",
    )
    .unwrap();
    let output = child.wait_with_output().unwrap();
    let text = stderr(&output);
    assert!(
        text.starts_with("<stdin>:3:35: error: unknown clause 'bogus'"),
        "{text}"
    );
    sandbox.write(
        "utf.c",
        "void h(int n)\n{\n    float \u{e9}t\u{e9}[10];\n\
         #pragma acc parallel loop copy(\u{e9}t\u{e9})\n\
         \x20   for (int i = 0; i < 10; i++) \u{e9}t\u{e9}[i] = n;\n}\n",
    );
    sandbox.accc_ok(&["-fopenacc", "-c", "utf.c"]);
}

/// gcc's `-fdiagnostics-color` and `-fdiagnostics-format=json` apply to accc's own
/// diagnostics too: colours as gcc's defaults, JSON objects shaped as gcc's.
#[test]
fn diagnostics_follow_gcc_colour_and_json_flags() {
    let sandbox = Sandbox::new();
    sandbox.write(
        "bad.c",
        "void f(float *x)\n{\n\t#pragma acc parallel copy(x[0:4]) bogus\n    x[0] = 1;\n}\n",
    );
    let text = stderr(&sandbox.accc(&["-fopenacc", "-fdiagnostics-color=always", "-c", "bad.c"]));
    assert!(
        text.starts_with(
            "\x1b[01m\x1b[Kbad.c:3:43:\x1b[m\x1b[K \x1b[01;31m\x1b[Kerror:\x1b[m\x1b[K"
        ),
        "{text:?}"
    );
    let text = stderr(&sandbox.accc(&["-fopenacc", "-fdiagnostics-color=never", "-c", "bad.c"]));
    assert!(!text.contains('\x1b'), "{text:?}");
    let text = stderr(&sandbox.accc(&["-fopenacc", "-fdiagnostics-format=json", "-c", "bad.c"]));
    assert!(
        text.starts_with("[{\"kind\": \"error\", \"message\": \"unknown clause 'bogus'"),
        "{text}"
    );
    assert!(
        text.contains("\"caret\": {\"file\": \"bad.c\", \"line\": 3, \"display-column\": 43, \"byte-column\": 36, \"column\": 43}"),
        "{text}"
    );
}

/// The host compiler's messages about the user's code inside a compute region (its host
/// fallback, which accc's rewritten source keeps) point at the user's line and column, as gcc
/// -fopenacc's do, not into the line of runtime calls accc wrote around it.
#[test]
fn host_compiler_errors_in_regions_point_at_the_users_code() {
    let sandbox = Sandbox::new();
    sandbox.write(
        "r.c",
        "int main(void)\n{\n  int x = 1;\n#pragma acc parallel copy(x)\n  x = x + nothere;\n  return x;\n}\n",
    );
    let out = sandbox.accc(&["-fopenacc", "-c", "r.c"]);
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{}", describe(&out));
    assert!(text.contains("r.c:5:11: error: "), "{text}");
    assert!(text.contains("    5 |   x = x + nothere;\n"), "{text}");
}
