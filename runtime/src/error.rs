//! How the runtime reports problems: one line on stderr, then `exit(1)` for errors.
//!
//! Every error the OpenACC specification names (data not present, partly present, out of memory,
//! invalid arguments) stops the program with a message that names the variable, its bytes and
//! address, and the clause and source line of the directive (or the API routine) that failed.
//! A broken runtime invariant or a misuse of the private ABI by generated code is an *internal*
//! error, worded so that it is never mistaken for the user's fault.
//!
//! OpenACC errors go through [`crate::trace::fail`], which first delivers an `acc_ev_error` event (OpenACC 3.3
//! §5.1.13, `acc_error_event_info` of §5.2.2) to the profiling callbacks registered for it, with
//! the error's `acc_error_t` code and message and the place (directive or routine), device,
//! construct and async argument of the failing action; when the callbacks return (they may also
//! end the program themselves), the message is printed and the program exits with status 1.
//! An error raised while the error callbacks run is reported without a second event.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::kinds::{Action, Construct, Flags};

/// `acc_error_t` (OpenACC 3.3 §5.2.2): what kind of runtime error an `acc_ev_error` event
/// reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum ErrorCode {
    None = 0,
    Other = 1,
    System = 2,
    Execution = 3,
    DeviceInit = 4,
    DeviceShutdown = 5,
    DeviceUnavailable = 6,
    DeviceTypeUnavailable = 7,
    WrongDeviceType = 8,
    OutOfMemory = 9,
    NotPresent = 10,
    PartlyPresent = 11,
    Present = 12,
    InvalidArgument = 13,
    InvalidAsync = 14,
    InvalidNullPointer = 15,
    InvalidDataSection = 16,
    ImplementationDefined = 17,
}

/// Where a directive is in the user's source, as generated code passes it (`__accrt_loc`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceLoc {
    pub file: Option<String>,
    pub func: Option<String>,
    pub line: i32,
    /// The construct's last line (the directive's line for executable directives; 0: unknown).
    pub end_line: i32,
    /// The first and last lines of the enclosing function (0: unknown).
    pub func_line: i32,
    pub func_end_line: i32,
    /// The directive's `acc_construct_t` (`None`: not given).
    pub construct: Option<Construct>,
    /// A compute construct without kernels: it always runs its host code.
    pub no_kernels: bool,
}

impl SourceLoc {
    /// The place with its function, as messages name it: `f.c:12, function main`.
    pub fn with_function(&self) -> String {
        match &self.func {
            Some(func) => format!("{self}, function {func}"),
            None => self.to_string(),
        }
    }
}

impl fmt::Display for SourceLoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.line > 0) {
            (Some(file), true) => write!(f, "{file}:{}", self.line),
            (Some(file), false) => write!(f, "{file}"),
            (None, true) => write!(f, "line {}", self.line),
            (None, false) => match &self.func {
                Some(func) => write!(f, "function {func}"),
                None => write!(f, "an unknown location"),
            },
        }
    }
}

/// What asked for a data action: a clause of a directive, or an `acc_*` routine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Clause {
        action: Action,
        flags: Flags,
        loc: Option<SourceLoc>,
    },
    Api(&'static str),
    /// A directive that is not a data clause (`wait`, `init`, a kernel launch).
    Directive {
        what: &'static str,
        loc: Option<SourceLoc>,
    },
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Clause { action, flags, loc } => {
                write!(f, "{} clause", clause_text(*action, *flags))?;
                if let Some(loc) = loc {
                    write!(f, " at {loc}")?;
                }
                Ok(())
            }
            Origin::Api(routine) => write!(f, "in call to {routine}"),
            Origin::Directive { what, loc } => {
                write!(f, "{what}")?;
                if let Some(loc) = loc {
                    write!(f, " at {loc}")?;
                }
                Ok(())
            }
        }
    }
}

/// The clause a data action comes from as the user wrote it: `copy` for a `copy` clause's
/// copyin or copyout, `copyout` for its create, `implicit ` before one the compiler added.
pub fn clause_text(action: Action, flags: Flags) -> String {
    let clause = if flags.has(Flags::COPY_CLAUSE) {
        "copy"
    } else if flags.has(Flags::COPYOUT_CLAUSE) {
        "copyout"
    } else {
        action.clause_name()
    };
    if flags.has(Flags::IMPLICIT) {
        format!("implicit {clause}")
    } else {
        clause.to_string()
    }
}

/// Describes a piece of host data: `variable 'a[0:n]' (8000 bytes at 0x...)`.
pub fn describe_data(name: Option<&str>, host: usize, bytes: usize) -> String {
    match name {
        Some(name) => format!("variable '{name}' ({bytes} bytes at {host:#x})"),
        None => format!("data ({bytes} bytes at {host:#x})"),
    }
}

/// Prints `accrt: error: <message>` and ends the process with status 1.
pub fn fatal(message: impl fmt::Display) -> ! {
    eprintln!("accrt: error: {message}");
    std::process::exit(1)
}

/// Prints `accrt: internal error: <message>` and ends the process with status 1. Used for broken
/// runtime invariants and for generated code that misuses the private ABI.
pub fn internal(message: impl fmt::Display) -> ! {
    eprintln!("accrt: internal error: {message}");
    std::process::exit(1)
}

/// Prints `accrt: warning: <message>`.
pub fn warning(message: impl fmt::Display) {
    eprintln!("accrt: warning: {message}");
}

/// Runs the body of an `extern "C"` entry point so that no panic crosses into C: a panic (always a
/// runtime bug) becomes an internal error naming the entry point.
pub fn guard<R>(entry: &'static str, body: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(value) => value,
        Err(_) => internal(format!("{entry} panicked (this is a bug in libaccrt)")),
    }
}
