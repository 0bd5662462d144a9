//! C programs against `libaccrt.a`: compiles each of `tests/c/*.c` with the system C compiler
//! (`CC`, else `cc`) against `include/` and the staticlib cargo built beside this test binary,
//! then runs it under `ACC_DEVICE_TYPE=host` and `multicore`.
//!
//! * `api.c`: every OpenACC API routine over the present table (counters, sections, zero-length
//!   sections, map/unmap, memcpy, attach/detach, async queues, default async, properties).
//! * `kernels.c`: the private ABI as generated code uses it: enter/exit/update around hand-written
//!   host kernels, reductions with per-slot partials, async launches whose arguments die early,
//!   wait lists, nested launches, 8 host threads launching at once.
//! * `errors.c`: each runtime error prints its one line and exits with status 1.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The staticlib cargo built with this test: the newest of `libaccrt-<hash>.a` in the test
/// binary's directory and `libaccrt.a` one level up (a build with other settings may have left
/// an older one in either place).
fn staticlib() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let deps = exe.parent().expect("deps directory");
    let uplifted = deps.parent().expect("profile directory").join("libaccrt.a");
    std::fs::read_dir(deps)
        .expect("read deps directory")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("libaccrt-") && name.ends_with(".a")
        })
        .chain(uplifted.exists().then_some(uplifted))
        .max_by_key(|path| path.metadata().and_then(|m| m.modified()).ok())
        .unwrap_or_else(|| panic!("no libaccrt staticlib near {}", deps.display()))
}

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Compiles `tests/c/<name>.c` into the test scratch directory as `<output>` (distinct per test:
/// tests run in parallel) and returns the executable.
fn compile(name: &str, output: &str) -> PathBuf {
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("accrt-c-api");
    std::fs::create_dir_all(&scratch).expect("create scratch directory");
    let source = manifest_dir().join("tests/c").join(format!("{name}.c"));
    let executable = scratch.join(output);
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let output = Command::new(&compiler)
        .args(["-std=gnu11", "-O1", "-g", "-Wall", "-Wextra", "-I"])
        .arg(manifest_dir().join("include"))
        .arg(&source)
        .arg(staticlib())
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&executable)
        .output()
        .unwrap_or_else(|error| panic!("cannot run the C compiler '{compiler}': {error}"));
    assert!(
        output.status.success(),
        "compiling {name}.c failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    executable
}

fn run(executable: &Path, device: &str, args: &[&str]) -> Output {
    Command::new(executable)
        .args(args)
        .env("ACC_DEVICE_TYPE", device)
        .env("ACC_NUM_CORES", "4")
        .env_remove("ACC_DEVICE_NUM")
        .output()
        .expect("run test program")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn check_success(output: &Output, what: &str) {
    assert!(
        output.status.success(),
        "{what}: status {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status,
        text(&output.stdout),
        text(&output.stderr)
    );
}

#[test]
fn api_routines_on_host_and_multicore() {
    let program = compile("api", "api");
    for device in ["host", "multicore"] {
        let output = run(&program, device, &[]);
        check_success(&output, &format!("api.c on {device}"));
        assert_eq!(text(&output.stdout), "ok\n");
        assert_eq!(text(&output.stderr), "", "no warnings on {device}");
    }
}

#[test]
fn an_unavailable_or_unknown_device_type_stops_the_program() {
    let program = compile("api", "api-nvidia");
    let output = run(&program, "nvidia", &[]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr:\n{stderr}");
    assert_eq!(text(&output.stdout), "", "nothing ran");
    assert!(
        stderr.starts_with("accrt: error: ACC_DEVICE_TYPE=nvidia: no nvidia device is available: "),
        "{stderr}"
    );
    assert!(stderr.contains("libcuda.so.1"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let output = run(&program, "fpga", &[]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "accrt: error: ACC_DEVICE_TYPE=fpga: unknown device type (expected host, multicore, \
         nvidia or radeon)\n"
    );
}

#[test]
fn kernels_and_data_directives_through_the_private_abi() {
    let program = compile("kernels", "kernels");
    for (device, threads) in [("host", 1), ("multicore", 4)] {
        let output = run(&program, device, &[]);
        check_success(&output, &format!("kernels.c on {device}"));
        assert_eq!(text(&output.stdout), format!("ok {threads}\n"));
    }
}

/// Runs `errors <which>` and checks it fails with exactly one line that contains `pieces`.
fn check_error(program: &Path, device: &str, which: &str, pieces: &[&str]) {
    let output = run(program, device, &[which]);
    let stderr = text(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(1),
        "errors {which} on {device}: stderr:\n{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    for piece in pieces {
        assert!(stderr.contains(piece), "'{piece}' in: {stderr}");
    }
}

#[test]
fn runtime_errors_print_one_line_and_exit_1() {
    let program = compile("errors", "errors");
    for device in ["host", "multicore"] {
        check_error(
            &program,
            device,
            "present",
            &[
                "accrt: error: variable 'a[0:n]' (8000 bytes at 0x",
                ") is not present on the device (present clause at main.c:12)\n",
            ],
        );
        check_error(
            &program,
            device,
            "implicit",
            &[
                "variable 'a' (8000 bytes at 0x",
                "(implicit present clause at main.c:12)",
            ],
        );
        // Partly present data: an error under the data checker; elsewhere on the host's memory
        // a warning, and the program goes on.
        let checked = Command::new(&program)
            .arg("partly")
            .env("ACC_DEVICE_TYPE", "multicore")
            .env("ACCC_CHECK", "data")
            .output()
            .expect("run test program");
        let stderr = text(&checked.stderr);
        assert_eq!(checked.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.starts_with("accrt: error: variable 'a[5:10]' (80 bytes at 0x"),
            "{stderr}"
        );
        assert!(
            stderr.contains(
                ") is partly present on the device (copyin clause at main.c:12): it overlaps \
                 data (80 bytes at 0x"
            ),
            "{stderr}"
        );
        let output = run(&program, device, &["partly"]);
        let stderr = text(&output.stderr);
        // errors.c's end: the program went on.
        assert_eq!(output.status.code(), Some(3), "{stderr}");
        assert!(
            stderr.starts_with("accrt: warning: variable 'a[5:10]' (80 bytes at 0x")
                && stderr.contains(&format!(
                    "the {device} device shares the host's memory, so the program goes on"
                )),
            "{stderr}"
        );
        check_error(
            &program,
            device,
            "update",
            &["is not present on the device (in call to acc_update_device)"],
        );
        check_error(
            &program,
            device,
            "free",
            &[
                "accrt: error: acc_free: 0x",
                " is not an address acc_malloc returned, or it was freed already\n",
            ],
        );
        check_error(
            &program,
            device,
            "async",
            &["accrt: error: invalid async argument -7 (in call to acc_copyin_async)"],
        );
        check_error(
            &program,
            device,
            "exit_action_on_entry",
            &["accrt: internal error: __accrt_enter: action 'copyout' is not an entry action"],
        );
        let output = run(&program, device, &["update_if_present"]);
        check_success(&output, "update if_present on absent data");
    }
}
