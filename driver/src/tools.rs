//! The host compilers: which programs accc runs for C and Fortran, and how it runs them.
//!
//! `cc` compiles C and links, `gfortran` compiles Fortran (and links when a Fortran source is
//! among the inputs); the environment variables `ACCC_CC` and `ACCC_FC` name other programs.
//! Every command goes through [`ToolCommand::run`], which prints it under `-v` and turns a
//! non-zero exit status into [`Failure::Status`] so that accc passes it through.

use crate::outcome::{write_stderr, Failure, Outcome};
use std::borrow::Cow;
use std::process::{Command, ExitStatus, Stdio};

/// The environment variable that names the C host compiler.
pub const CC_VARIABLE: &str = "ACCC_CC";
/// The environment variable that names the Fortran host compiler.
pub const FC_VARIABLE: &str = "ACCC_FC";

/// The environment variable accc sets for every tool it runs, to the tool's name: an accc
/// started with it set was started by its own host compiler (an MPI wrapper given accc as its
/// compiler, `OMPI_CC=accc`, while `ACCC_CC` names that wrapper), which would never end.
pub const HOST_TOOL_VARIABLE: &str = "ACCC_HOST_TOOL";

/// Marks `command` as run by accc ([`HOST_TOOL_VARIABLE`]).
pub fn mark_host_tool(command: &mut Command) {
    let program = command.get_program().to_os_string();
    command.env(HOST_TOOL_VARIABLE, program);
}

/// Refuses to run when accc was started by a tool accc itself runs ([`HOST_TOOL_VARIABLE`]).
pub fn check_not_started_by_own_tool() -> Outcome {
    let Some(tool) = std::env::var_os(HOST_TOOL_VARIABLE) else {
        return Ok(());
    };
    Err(Failure::message(format!(
        "accc was started by '{}', a host compiler accc runs itself, which would start accc \
         again without end: an MPI wrapper whose compiler is accc (OMPI_CC, OMPI_FC, MPICH_CC, \
         MPICH_FC, -cc=accc) must not also be accc's host compiler ({CC_VARIABLE}, \
         {FC_VARIABLE}); unset one of them",
        tool.to_string_lossy()
    )))
}

/// The host compilers of this invocation.
#[derive(Clone, Debug)]
pub struct HostTools {
    /// The C compiler, also the linker unless a Fortran source is linked.
    pub c: String,
    pub fortran: String,
    /// accc's runtime library and headers, when they can be found.
    pub runtime: Option<Runtime>,
}

/// Where accc's runtime is. Two layouts are recognised, relative to the running accc:
///
/// | what | installed (`bin/accc`, `make install`) | build tree (`target/<profile>/accc`) |
/// |---|---|---|
/// | `libaccrt.so`, `libaccrt.a` | `bin/../lib/` | `target/<profile>/` |
/// | `openacc.h`, `accrt.h` | `bin/../include/accc/` | `runtime/include/` |
/// | `openacc.mod`, `openacc_lib.h` | `bin/../include/accc/fortran/` | `target/<profile>/accrt-fortran/` |
/// | `libaccrt_fortran.a` | `bin/../lib/` | `target/<profile>/accrt-fortran/` |
///
/// Programs link the shared `libaccrt.so` (with an rpath to its directory, as NVHPC does) so that
/// an executable and the shared libraries it loads share one runtime and one present table;
/// `-static` links use `libaccrt.a`. Fortran programs also link `libaccrt_fortran.a` (the
/// module's procedures, which `libaccrt.so` does not export; `libaccrt.a` contains them).
///
/// In a build tree, runtime/build.rs writes the Fortran module next to `libaccrt.a`; it must be
/// read by the same gfortran that wrote it.
#[derive(Clone, Debug)]
pub struct Runtime {
    /// `libaccrt.a`.
    pub static_library: std::path::PathBuf,
    /// `libaccrt.so`, when it was built or installed.
    pub shared_library: Option<std::path::PathBuf>,
    /// The directory of `openacc.h` and `accrt.h`.
    pub include: std::path::PathBuf,
    /// The directory of `openacc.mod` and `openacc_lib.h` (`None`: not built).
    pub fortran: Option<std::path::PathBuf>,
    /// `libaccrt_fortran.a`, linked into Fortran programs with `libaccrt.so`.
    pub fortran_library: Option<std::path::PathBuf>,
}

impl Runtime {
    /// Looks for the runtime relative to the running accc.
    pub fn locate() -> Option<Runtime> {
        let exe = std::env::current_exe().ok()?;
        let bin = exe.parent()?;
        let directory = [bin.join("../lib"), bin.to_path_buf()]
            .into_iter()
            .find(|dir| dir.join("libaccrt.a").is_file())?;
        let directory = directory.canonicalize().unwrap_or(directory);
        let includes = [
            bin.join("../include/accc"),
            bin.join("../include"),
            bin.join("../../runtime/include"),
        ];
        let include = includes
            .into_iter()
            .find(|p| p.join("openacc.h").is_file())?;
        let fortrans = [
            bin.join("../include/accc/fortran"),
            bin.join("accrt-fortran"),
        ];
        let fortran = fortrans
            .into_iter()
            .find(|p| p.join("openacc.mod").is_file());
        let fortran_library = [
            Some(directory.join("libaccrt_fortran.a")),
            fortran.as_ref().map(|dir| dir.join("libaccrt_fortran.a")),
        ]
        .into_iter()
        .flatten()
        .find(|p| p.is_file());
        let shared = directory.join("libaccrt.so");
        Some(Runtime {
            static_library: directory.join("libaccrt.a"),
            shared_library: shared.is_file().then_some(shared),
            include,
            fortran,
            fortran_library,
        })
    }
}

impl HostTools {
    /// `cc` and `gfortran`, or what `ACCC_CC` and `ACCC_FC` say.
    pub fn from_env() -> Self {
        HostTools {
            runtime: Runtime::locate(),
            ..HostTools::names_from_env()
        }
    }

    /// The compilers' names only (no runtime lookup).
    fn names_from_env() -> Self {
        let program = |variable: &str, default: &str| match std::env::var(variable) {
            Ok(value) if !value.trim().is_empty() => value.trim().to_string(),
            _ => default.to_string(),
        };
        HostTools {
            c: program(CC_VARIABLE, "cc"),
            fortran: program(FC_VARIABLE, "gfortran"),
            runtime: None,
        }
    }
}

/// A command line for a host tool, kept as words so it can be printed under `-v`.
#[derive(Clone, Debug)]
pub struct ToolCommand {
    pub program: String,
    pub args: Vec<String>,
}

impl ToolCommand {
    pub fn new(program: &str) -> Self {
        ToolCommand {
            program: program.to_string(),
            args: Vec::new(),
        }
    }

    pub fn arg(&mut self, arg: impl Into<String>) -> &mut Self {
        self.args.push(arg.into());
        self
    }

    pub fn args<I, S>(&mut self, args: I) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// The command as a shell would read it.
    pub fn display(&self) -> String {
        let mut words = vec![shell_quote(&self.program)];
        words.extend(self.args.iter().map(|arg| shell_quote(arg)));
        words.join(" ")
    }

    /// Runs the command with accc's standard streams; prints it first when `verbose`.
    /// A non-zero exit status becomes [`Failure::Status`] with the same value.
    pub fn run(&self, verbose: bool) -> Outcome {
        if verbose {
            write_stderr(&format!(" {}\n", self.display()));
        }
        let status = crate::interrupt::run(Command::new(&self.program).args(&self.args))
            .map_err(|error| cannot_run(&self.program, &error))?;
        check_status(&self.program, status)
    }

    /// Runs the command quietly and returns the first line it printed on stdout, or `None` when
    /// it cannot run or fails.
    pub fn first_output_line(&self) -> Option<String> {
        let output = crate::interrupt::output(
            Command::new(&self.program)
                .args(&self.args)
                .stdin(Stdio::null()),
        )
        .ok()?;
        if !output.status.success() {
            return None;
        }
        let stdout = String::from_utf8_lossy(&output.stdout);
        stdout.lines().next().map(str::to_string)
    }
}

/// The message for a program that could not be started. A host compiler that is not installed
/// is named with its role and what to do about it:
/// `cannot find 'gfortran', the Fortran compiler: install it (scripts/setup.sh) or name another
/// with ACCC_FC`.
pub fn cannot_run(program: &str, error: &std::io::Error) -> Failure {
    if error.kind() == std::io::ErrorKind::NotFound {
        let configured = HostTools::names_from_env();
        let role = if program == configured.fortran {
            Some(("the Fortran compiler", FC_VARIABLE))
        } else if program == configured.c {
            Some(("the C compiler", CC_VARIABLE))
        } else {
            None
        };
        let base = std::path::Path::new(program)
            .file_name()
            .map_or_else(|| program.to_string(), |n| n.to_string_lossy().into_owned());
        return Failure::message(match role {
            // mpicc, mpif90, mpifort, mpiicc, mpiifort...: the compiler wrappers of an MPI.
            Some((role, variable)) if base.starts_with("mpi") => format!(
                "cannot find '{program}', {role}: it is an MPI compiler wrapper; install an MPI \
                 (Debian: apt-get install openmpi-bin libopenmpi-dev, or mpich libmpich-dev; \
                 scripts/setup.sh installs both) or name another compiler with {variable}"
            ),
            Some((role, variable)) => format!(
                "cannot find '{program}', {role}: install it (scripts/setup.sh) or name another \
                 with {variable}"
            ),
            None => format!("cannot find '{program}': {error}"),
        });
    }
    Failure::message(format!("cannot run '{program}': {error}"))
}

/// Turns a tool's exit status into an outcome: success, the same non-zero status, or a message
/// when a signal ended it.
pub fn check_status(program: &str, status: ExitStatus) -> Outcome {
    if status.success() {
        return Ok(());
    }
    match status.code() {
        Some(code) => Err(Failure::Status(
            u8::try_from(code).ok().filter(|c| *c != 0).unwrap_or(1),
        )),
        None => {
            use std::os::unix::process::ExitStatusExt;
            let signal = status.signal().unwrap_or(0);
            let name = signal_hook::low_level::signal_name(signal)
                .map(|name| format!(" ({name})"))
                .unwrap_or_default();
            Err(Failure::message(format!(
                "'{program}' was terminated by signal {signal}{name}"
            )))
        }
    }
}

/// [`check_status`] for a tool whose stderr accc captured (and already showed): a tool that
/// fails without a word gets a message saying which tool failed doing what, so that a failing
/// step is never silent.
pub fn check_captured_status(
    program: &str,
    status: ExitStatus,
    stderr: &[u8],
    doing: &str,
) -> Outcome {
    match check_status(program, status) {
        Err(Failure::Status(code)) if stderr.iter().all(u8::is_ascii_whitespace) => {
            Err(Failure::message(format!(
                "'{program}' failed with exit status {code} {doing}, and printed no message"
            )))
        }
        other => other,
    }
}

/// Quotes `word` for a POSIX shell when it needs it.
pub fn shell_quote(word: &str) -> Cow<'_, str> {
    let plain = !word.is_empty()
        && word.chars().all(|character| {
            character.is_ascii_alphanumeric() || "-_./=,:+@%^".contains(character)
        });
    if plain {
        Cow::Borrowed(word)
    } else {
        Cow::Owned(format!("'{}'", word.replace('\'', r"'\''")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        assert_eq!(shell_quote("-DX=1"), "-DX=1");
        assert_eq!(shell_quote("a b"), "'a b'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }

    #[test]
    fn status_passes_through() {
        let status = Command::new("sh").args(["-c", "exit 3"]).status().unwrap();
        assert!(matches!(
            check_status("sh", status),
            Err(Failure::Status(3))
        ));
        let status = Command::new("sh").args(["-c", "exit 0"]).status().unwrap();
        assert!(check_status("sh", status).is_ok());
    }
}
