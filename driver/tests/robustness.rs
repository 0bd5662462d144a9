//! The driver when things go wrong around it: a host compiler that fails (loudly, silently, or
//! killed by a signal), a missing `gfortran` or C compiler, an output directory that cannot be
//! written, `-o` naming an input, and an interrupt in the middle of a compile (whichever child
//! runs: preprocessor, compiler, gfortran, the shims' C compiler, the linker). Each runs the
//! real `accc` binary with fake host compilers (shell scripts named by `ACCC_CC`) and a private
//! `TMPDIR`, and checks the message, the exit status, that no partial output appears under the
//! user's name and that no temporary file or directory is left.

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const ACCC: &str = env!("CARGO_BIN_EXE_accc");

/// A scratch directory with `m.c`, `f.f90`, an output directory `out/` and a private `tmp/`.
struct Scene {
    root: tempfile::TempDir,
}

impl Scene {
    fn new() -> Scene {
        let root = tempfile::tempdir().expect("scratch directory");
        std::fs::write(root.path().join("m.c"), "int main(void) { return 0; }\n").unwrap();
        std::fs::write(root.path().join("f.f90"), "program p\nend program\n").unwrap();
        std::fs::create_dir(root.path().join("out")).unwrap();
        std::fs::create_dir(root.path().join("tmp")).unwrap();
        Scene { root }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.root.path().join(name)
    }

    /// Writes an executable shell script.
    fn script(&self, name: &str, body: &str) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// `accc args...` in the scene, with its own TMPDIR and `ACCC_CC`/`ACCC_FC` unset.
    fn accc(&self, args: &[&str]) -> Command {
        let mut command = Command::new(ACCC);
        command
            .args(args)
            .current_dir(self.root.path())
            .env("TMPDIR", self.path("tmp"))
            .env_remove("ACCC_CC")
            .env_remove("ACCC_FC");
        command
    }

    fn run(&self, command: &mut Command) -> Output {
        command.output().expect("run accc")
    }

    /// Names left in a directory of the scene.
    fn entries(&self, directory: &str) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.path(directory))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// Nothing under the user's output name, no staged output, no temporary left.
    fn assert_clean(&self, what: &str) {
        assert_eq!(self.entries("out"), Vec::<String>::new(), "{what}: out/");
        assert_eq!(self.entries("tmp"), Vec::<String>::new(), "{what}: TMPDIR");
    }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A host compiler that preprocesses with the real `cc` (`-E`), and otherwise writes half an
/// output where `-o` says, then runs `rest` (exit with a status, or hang).
const PARTIAL_WRITER: &str = r#"out=; prev=
for a in "$@"; do [ "$prev" = -o ] && out=$a; prev=$a; done
case " $* " in *" -E "*) exec cc "$@";; esac
[ -n "$out" ] && echo partial > "$out"
"#;

#[test]
fn a_failing_host_compiler_passes_its_status_and_leaves_no_partial_output() {
    let scene = Scene::new();
    let failing = scene.script("failcc", &format!("{PARTIAL_WRITER}exit 3\n"));
    for args in [
        &["-fopenacc", "-c", "m.c", "-o", "out/m.o"][..],
        &["-fopenacc", "m.c", "-o", "out/m"],
        &["-fopenacc", "-S", "m.c", "-o", "out/m.s"],
    ] {
        let output = scene.run(scene.accc(args).env("ACCC_CC", &failing));
        assert_eq!(
            output.status.code(),
            Some(3),
            "{args:?}: {}",
            stderr(&output)
        );
        scene.assert_clean(&format!("{args:?}"));
    }
}

#[test]
fn a_host_compiler_that_fails_silently_is_named() {
    let scene = Scene::new();
    let output = scene.run(
        scene
            .accc(&["-fopenacc", "-c", "m.c", "-o", "out/m.o"])
            .env("ACCC_CC", "/bin/false"),
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "accc: error: '/bin/false' failed with exit status 1 preprocessing 'm.c', and printed \
         no message\n"
    );
    scene.assert_clean("silent failure");
}

#[test]
fn a_host_compiler_killed_by_a_signal_is_reported() {
    let scene = Scene::new();
    let crashing = scene.script("segvcc", "kill -SEGV $$\n");
    let output = scene.run(
        scene
            .accc(&["-c", "m.c", "-o", "out/m.o"])
            .env("ACCC_CC", &crashing),
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "accc: error: '{}' was terminated by signal 11 (SIGSEGV)\n",
            crashing.display()
        )
    );
}

#[test]
fn missing_compilers_say_what_to_install() {
    let scene = Scene::new();
    let empty = scene.path("empty-path");
    std::fs::create_dir(&empty).unwrap();
    let want = "accc: error: cannot find 'gfortran', the Fortran compiler: install it \
                (scripts/setup.sh) or name another with ACCC_FC\n";
    for args in [
        &["f.f90", "-o", "out/f"][..],
        &["-fopenacc", "f.f90", "-o", "out/f"],
    ] {
        let output = scene.run(scene.accc(args).env("PATH", &empty));
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&output), want, "{args:?}");
        scene.assert_clean(&format!("{args:?}"));
    }
    let output = scene.run(
        scene
            .accc(&["-fopenacc", "m.c", "-o", "out/m"])
            .env("ACCC_CC", "/nonexistent/cc"),
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "accc: error: cannot find '/nonexistent/cc', the C compiler: install it \
         (scripts/setup.sh) or name another with ACCC_CC\n"
    );
    scene.assert_clean("missing cc");
}

#[test]
fn an_output_that_is_an_input_is_refused_before_anything_runs() {
    let scene = Scene::new();
    let original = std::fs::read(scene.path("m.c")).unwrap();
    std::fs::hard_link(scene.path("m.c"), scene.path("alias.c")).unwrap();
    for args in [
        &["-fopenacc", "m.c", "-o", "m.c"][..],
        &["m.c", "-o", "m.c"],
        &["-c", "m.c", "-o", "./m.c"],
        &["-fopenacc", "-c", "m.c", "-o", "alias.c"],
    ] {
        let output = scene.run(&mut scene.accc(args));
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(
            stderr(&output),
            "accc: error: input file 'm.c' is the same as output file\n",
            "{args:?}"
        );
        assert_eq!(std::fs::read(scene.path("m.c")).unwrap(), original);
    }
    scene.assert_clean("-o input");
}

#[test]
fn an_output_directory_that_cannot_be_written() {
    let scene = Scene::new();
    let locked = scene.path("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
    let writable_anyway = std::fs::write(locked.join("probe"), b"").is_ok();
    let (directory, reason) = if writable_anyway {
        // Root ignores the permission bits; /proc refuses new files even to root.
        eprintln!(
            "SKIP read-only output directory: running as root, where chmod 555 does not stop \
             writes; checking an output in /proc instead"
        );
        (
            "/proc".to_string(),
            "No such file or directory (os error 2)",
        )
    } else {
        (
            locked.display().to_string(),
            "Permission denied (os error 13)",
        )
    };
    let target = format!("{directory}/accc-robustness-m.o");
    let output = scene.run(&mut scene.accc(&["-fopenacc", "-c", "m.c", "-o", &target]));
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "accc: error: cannot create output file '{target}' in directory '{directory}': \
             {reason}\n"
        )
    );
    assert!(!Path::new(&target).exists());
    scene.assert_clean("unwritable directory");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Whether process `pid` still runs (a zombie has finished).
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        let state = stat.rsplit(')').next().unwrap_or("").trim_start();
        !state.starts_with('Z') && !state.starts_with('X')
    })
}

#[test]
fn an_interrupt_stops_the_tool_removes_temporaries_and_dies_of_the_signal() {
    use rustix::process::{kill_process, Pid, Signal};
    let scene = Scene::new();
    let hanging = scene.script(
        "slowcc",
        &format!("{PARTIAL_WRITER}echo $$ > \"$PIDFILE\"\nexec sleep 60\n"),
    );
    for (signal, number, args) in [
        (
            Signal::INT,
            2,
            &["-fopenacc", "-c", "m.c", "-o", "out/m.o"][..],
        ),
        (Signal::TERM, 15, &["-fopenacc", "m.c", "-o", "out/m"]),
    ] {
        let pid_file = scene.path("tool.pid");
        let _ = std::fs::remove_file(&pid_file);
        let mut child = scene
            .accc(args)
            .env("ACCC_CC", &hanging)
            .env("PIDFILE", &pid_file)
            .spawn()
            .expect("start accc");
        let started = Instant::now();
        let tool = loop {
            if let Some(pid) = std::fs::read_to_string(&pid_file)
                .ok()
                .filter(|text| text.ends_with('\n'))
            {
                break pid.trim().to_string();
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the host compiler never started"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        // The half-written output and the scratch directory exist now.
        assert!(
            !scene.entries("tmp").is_empty(),
            "{args:?}: no scratch directory"
        );
        kill_process(Pid::from_child(&child), signal).expect("signal accc");
        let status = child.wait().expect("wait for accc");
        assert_eq!(status.signal(), Some(number), "{args:?}: {status:?}");
        scene.assert_clean(&format!("{args:?} after signal {number}"));
        let stopped = Instant::now();
        while running(&tool) {
            assert!(
                stopped.elapsed() < Duration::from_secs(10),
                "{args:?}: the host compiler {tool} still runs"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A host tool that runs the real `REAL_TOOL` unless its command line contains `HANG`; then it
/// writes its process id to `PIDFILE` and sleeps (the same process: `exec`).
const HANG_WHEN: &str = r#"case " $* " in *"$HANG"*) echo $$ > "$PIDFILE"; exec sleep 60;; esac
exec "$REAL_TOOL" "$@"
"#;

/// Starts `command`, waits until the tool named in `pid_file` hangs, sends `signal` to accc
/// alone, and checks that accc dies of it, leaves no temporary, and that the tool stops.
fn interrupt_while_hanging(
    scene: &Scene,
    mut command: Command,
    pid_file: &Path,
    signal: rustix::process::Signal,
    what: &str,
) {
    use rustix::process::{kill_process, Pid};
    let _ = std::fs::remove_file(pid_file);
    let mut child = command.spawn().expect("start accc");
    let started = Instant::now();
    let tool = loop {
        if let Some(pid) = std::fs::read_to_string(pid_file)
            .ok()
            .filter(|text| text.ends_with('\n'))
        {
            break pid.trim().to_string();
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("{what}: accc ended ({status:?}) before the tool hung");
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{what}: the tool never hung"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    kill_process(Pid::from_child(&child), signal).expect("signal accc");
    let status = child.wait().expect("wait for accc");
    assert_eq!(status.signal(), Some(signal.as_raw()), "{what}: {status:?}");
    scene.assert_clean(&format!("{what} after signal {}", signal.as_raw()));
    let stopped = Instant::now();
    while running(&tool) {
        assert!(
            stopped.elapsed() < Duration::from_secs(10),
            "{what}: the tool {tool} still runs"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn an_interrupt_stops_every_kind_of_child() {
    use rustix::process::Signal;
    let scene = Scene::new();
    std::fs::write(
        scene.path("g.F90"),
        "program g\n  integer :: a(4)\n!$acc parallel loop\n  do i = 1, 4\n    a(i) = i\n  end do\nend program\n",
    )
    .unwrap();
    let hanging = scene.script("hang", HANG_WHEN);
    let pid_file = scene.path("tool.pid");
    let fortran = Command::new("gfortran").arg("--version").output().is_ok();
    // (which tool hangs: C or Fortran, on what words, accc's arguments, the signal)
    let mut cases = vec![
        ("C", " -E ", "-fopenacc -c m.c -o out/m.o", Signal::INT),
        ("C", "libaccrt", "-fopenacc m.c -o out/m", Signal::TERM),
    ];
    if fortran {
        cases.extend([
            (
                "Fortran",
                " -E ",
                "-fopenacc -c g.F90 -o out/g.o",
                Signal::INT,
            ),
            (
                "Fortran",
                ".host.o",
                "-fopenacc -c g.F90 -o out/g.o",
                Signal::TERM,
            ),
            (
                "C",
                ".shims.c",
                "-fopenacc -c g.F90 -o out/g.o",
                Signal::INT,
            ),
            (
                "Fortran",
                "libaccrt",
                "-fopenacc g.F90 -o out/g",
                Signal::TERM,
            ),
        ]);
    } else {
        println!("Fortran cases skipped: gfortran is not installed");
    }
    for (language, words, args, signal) in cases {
        let args: Vec<&str> = args.split(' ').collect();
        let mut command = scene.accc(&args);
        let (variable, real) = match language {
            "C" => ("ACCC_CC", "cc"),
            _ => ("ACCC_FC", "gfortran"),
        };
        command
            .env(variable, &hanging)
            .env("REAL_TOOL", real)
            .env("HANG", words)
            .env("PIDFILE", &pid_file);
        let what = format!("{language} tool hanging on '{words}' in accc {args:?}");
        interrupt_while_hanging(&scene, command, &pid_file, signal, &what);
    }
}

#[test]
fn an_interrupt_stops_what_the_tool_started() {
    use rustix::process::Signal;
    let scene = Scene::new();
    // The host compiler runs a child of its own in the foreground, as gcc runs cc1; that child
    // writes its process id and hangs. The interrupt must reach it, not only the compiler.
    let nesting = scene.script(
        "nestcc",
        &format!("{PARTIAL_WRITER}sh -c 'echo $$ > \"$PIDFILE\"; exec sleep 60'\nexit 1\n"),
    );
    let pid_file = scene.path("grandchild.pid");
    for (signal, args) in [
        (Signal::INT, "-fopenacc -c m.c -o out/m.o"),
        (Signal::TERM, "-fopenacc m.c -o out/m"),
        (Signal::HUP, "-fopenacc -c m.c -o out/m.o"),
    ] {
        let args: Vec<&str> = args.split(' ').collect();
        let mut command = scene.accc(&args);
        command.env("ACCC_CC", &nesting).env("PIDFILE", &pid_file);
        let what = format!("grandchild of the host compiler in accc {args:?}");
        interrupt_while_hanging(&scene, command, &pid_file, signal, &what);
    }
}
