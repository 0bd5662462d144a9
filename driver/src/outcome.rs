//! How the driver fails and how it writes to the terminal without ever panicking.
//!
//! Every error is either a message (printed as `accc: error: ...`, exit status 1) or an exit
//! status that a host compiler already explained on stderr and that accc passes through.

use std::io::Write;

/// Why a driver step stopped.
#[derive(Debug)]
pub enum Failure {
    /// accc's own error; printed as `accc: error: <message>` and the exit status is 1.
    Message(String),
    /// A tool (or the OpenACC analysis) already reported the problem; exit with this status.
    Status(u8),
}

impl Failure {
    pub fn message(text: impl Into<String>) -> Self {
        Failure::Message(text.into())
    }

    /// The status the process exits with.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Message(_) => 1,
            Failure::Status(code) => *code,
        }
    }
}

/// The result of a driver step.
pub type Outcome<T = ()> = Result<T, Failure>;

/// Writes `bytes` to stdout. A closed pipe (`accc --help | head -1`) is not an error worth a
/// panic, so write errors are reported as a failure instead.
pub fn write_stdout(bytes: &[u8]) -> Outcome {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .map_err(|error| Failure::message(format!("cannot write to standard output: {error}")))
}

/// Writes `text` to stderr, ignoring errors: there is nowhere left to report them.
pub fn write_stderr(text: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(text.as_bytes());
    let _ = stderr.flush();
}

/// Writes raw bytes (a tool's captured stderr) to stderr, ignoring errors.
pub fn write_stderr_bytes(bytes: &[u8]) {
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(bytes);
    let _ = stderr.flush();
}

/// Prints a warning in gcc's format.
pub fn warn(text: &str) {
    write_stderr(&format!("accc: warning: {text}\n"));
}
