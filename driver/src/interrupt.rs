//! What accc does when it is interrupted (`SIGINT`, `SIGTERM`, `SIGHUP`): stop the host tool it
//! is running, remove every temporary file and directory it made (the pipeline's scratch
//! directory, the staged outputs beside the user's `-o`), and die of the same signal, as gcc
//! does, so that `make` and shells see an interrupted compile (a shell reports status 128 + n:
//! 130 for `SIGINT`, 143 for `SIGTERM`).
//!
//! [`install`] starts a thread that waits for those signals (signal-hook's iterator, so no code
//! runs inside a signal handler). Temporaries are [`register`]ed while they exist; every process
//! accc starts (preprocessor, host compiler, gfortran, the shims' C compiler, the linker, the
//! version and include-directory queries) goes through [`run`] or [`output`] and is recorded
//! while it runs. One lock covers both, and the signal
//! thread keeps it until the process is gone, so nothing new starts once cleanup began. A
//! tool is recorded from its spawn until it has exited and before it is reaped: its process id
//! cannot belong to another process while the signal thread may use it.
//!
//! The signal reaches the processes the tool started too (gcc's `cc1`, `as`, `collect2`), which
//! would otherwise run on and write files the tool's own cleanup already removed: the tool is
//! stopped (`SIGSTOP`, so it starts nothing more), its descendants are found through `/proc`
//! and signalled, then the tool is signalled and continued. Tools stay in accc's process group,
//! so a terminal's `^C` and job control reach them as before.

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::{Mutex, MutexGuard};

/// What the signal thread must clean up.
#[derive(Debug, Default)]
struct State {
    next_id: u64,
    /// Temporary directories (removed with their contents) and files.
    paths: Vec<(u64, PathBuf)>,
    /// The host tool running now.
    child: Option<rustix::process::Pid>,
}

static STATE: Mutex<State> = Mutex::new(State {
    next_id: 0,
    paths: Vec::new(),
    child: None,
});

fn state() -> MutexGuard<'static, State> {
    STATE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Starts the signal thread. Without it (the signals cannot be registered), interrupts keep
/// their default effect and temporaries may be left behind; accc still works.
pub fn install() {
    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    let spawned = std::thread::Builder::new()
        .name("accc-signals".to_string())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                clean_up_and_die(signal);
            }
        });
    drop(spawned);
}

fn clean_up_and_die(signal: i32) -> ! {
    // Held until the process ends: no tool starts and no temporary appears after this.
    let state = state();
    if let (Some(pid), Some(sig)) = (state.child, rustix::process::Signal::from_named_raw(signal)) {
        stop_tool(pid, sig);
    }
    for (_, path) in &state.paths {
        remove(path);
    }
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    // Only reached if the default action did not end the process.
    std::process::exit(128 + signal)
}

/// Sends `signal` to the tool `pid` and to every process it started, directly or not.
fn stop_tool(pid: rustix::process::Pid, signal: rustix::process::Signal) {
    use rustix::process::{kill_process, Signal};
    let _ = kill_process(pid, Signal::STOP);
    let descendants = descendants(pid.as_raw_nonzero().get());
    for &descendant in &descendants {
        if let Some(descendant) = rustix::process::Pid::from_raw(descendant) {
            let _ = kill_process(descendant, signal);
            let _ = kill_process(descendant, Signal::CONT);
        }
    }
    let _ = kill_process(pid, signal);
    let _ = kill_process(pid, Signal::CONT);
}

/// The processes below `root` in the process tree, read from `/proc/<pid>/stat` (empty where
/// `/proc` cannot be read).
fn descendants(root: i32) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut parents = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        if let Some(ppid) = parent_in_stat(&stat) {
            parents.push((pid, ppid));
        }
    }
    let mut found = vec![root];
    let mut next = 0;
    while next < found.len() {
        let parent = found[next];
        next += 1;
        for &(pid, ppid) in &parents {
            if ppid == parent && !found.contains(&pid) {
                found.push(pid);
            }
        }
    }
    found.remove(0);
    found
}

/// The parent process id in the text of `/proc/<pid>/stat`: the second field after the command
/// name, which is in parentheses and may itself contain spaces and parentheses.
fn parent_in_stat(stat: &str) -> Option<i32> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(1)?.parse().ok()
}

fn remove(path: &Path) {
    match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.is_dir() => {
            let _ = std::fs::remove_dir_all(path);
        }
        Ok(_) => {
            let _ = std::fs::remove_file(path);
        }
        Err(_) => {}
    }
}

/// A temporary file or directory that an interrupt removes; dropping it forgets the path (its
/// owner removes or keeps it).
#[derive(Debug)]
pub struct Registration(u64);

impl Drop for Registration {
    fn drop(&mut self) {
        state().paths.retain(|(id, _)| *id != self.0);
    }
}

/// Registers `path` (a file that may not exist yet, or a directory) for removal on interrupt.
pub fn register(path: &Path) -> Registration {
    let mut state = state();
    state.next_id += 1;
    let id = state.next_id;
    state.paths.push((id, path.to_path_buf()));
    Registration(id)
}

/// Runs `command` to completion; an interrupt meanwhile stops it with the same signal.
pub fn run(command: &mut Command) -> std::io::Result<ExitStatus> {
    crate::tools::mark_host_tool(command);
    let mut child = {
        let mut state = state();
        let child = command.spawn()?;
        state.child = Some(rustix::process::Pid::from_child(&child));
        child
    };
    wait_exited(&child);
    state().child = None;
    child.wait()
}

/// Runs `command` to completion with its stdout and stderr captured (as `Command::output`); an
/// interrupt meanwhile stops it with the same signal. Every process accc starts goes through
/// this function or [`run`].
pub fn output(command: &mut Command) -> std::io::Result<Output> {
    crate::tools::mark_host_tool(command);
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = {
        let mut state = state();
        let child = command.spawn()?;
        state.child = Some(rustix::process::Pid::from_child(&child));
        child
    };
    // Both pipes are drained at once (a tool filling one while accc waits on the other would
    // never finish): stderr on a thread, stdout here.
    let stderr = child.stderr.take().map(|mut pipe| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    });
    let mut stdout = Vec::new();
    if let Some(mut pipe) = child.stdout.take() {
        let _ = pipe.read_to_end(&mut stdout);
    }
    let stderr = stderr
        .map(|reader| reader.join().unwrap_or_default())
        .unwrap_or_default();
    wait_exited(&child);
    state().child = None;
    let status = child.wait()?;
    Ok(Output {
        status,
        stdout,
        stderr,
    })
}

/// Blocks until `child` has exited, without reaping it (its id stays reserved).
fn wait_exited(child: &Child) {
    use rustix::process::{waitid, Pid, WaitId, WaitIdOptions};
    let pid = Pid::from_child(child);
    loop {
        match waitid(
            WaitId::Pid(pid),
            WaitIdOptions::EXITED | WaitIdOptions::NOWAIT,
        ) {
            Err(rustix::io::Errno::INTR) => continue,
            // Exited, or waitid cannot tell: `Child::wait` blocks in either case.
            _ => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parent_comes_from_after_the_command_name() {
        assert_eq!(parent_in_stat("42 (cc1) S 41 42 7 0"), Some(41));
        assert_eq!(parent_in_stat("42 (a) b) (c) R 7 1"), Some(7));
        assert_eq!(parent_in_stat("42 (cc1"), None);
        let me = std::process::id() as i32;
        let mut child = Command::new("sleep").arg("5").spawn().unwrap();
        assert!(descendants(me).contains(&(child.id() as i32)));
        let _ = child.kill();
        let _ = child.wait();
    }

    #[test]
    fn registrations_come_and_go() {
        let directory = tempfile::tempdir().unwrap();
        let first = register(directory.path());
        let second = register(&directory.path().join("x"));
        let count = |path: &Path| state().paths.iter().filter(|(_, p)| p == path).count();
        assert_eq!(count(directory.path()), 1);
        drop(first);
        assert_eq!(count(directory.path()), 0);
        assert_eq!(count(&directory.path().join("x")), 1);
        drop(second);
        assert_eq!(count(&directory.path().join("x")), 0);
    }

    #[test]
    fn run_returns_the_status_and_forgets_the_child() {
        let status = run(Command::new("sh").args(["-c", "exit 4"])).unwrap();
        assert_eq!(status.code(), Some(4));
        assert!(state().child.is_none());
        assert!(run(&mut Command::new("/nonexistent/tool")).is_err());
        // Both streams captured, the larger one beyond a pipe's buffer.
        let output = output(
            Command::new("sh").args(["-c", "head -c 200000 /dev/zero; echo oops >&2; exit 5"]),
        )
        .unwrap();
        assert_eq!(output.status.code(), Some(5));
        assert_eq!(output.stdout.len(), 200_000);
        assert_eq!(output.stderr, b"oops\n");
        assert!(state().child.is_none());
        assert!(super::output(&mut Command::new("/nonexistent/tool")).is_err());
        assert!(state().child.is_none());
    }
}
