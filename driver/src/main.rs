//! `accc`: an OpenACC 3.3 compiler driver for C and Fortran with gcc's command line.
//!
//! [`cli`] reads the command line, [`pipeline`] decides what to run, [`openacc`] analyses C inputs
//! with the frontend, [`compile`] and [`link`] build the host compiler commands that [`tools`]
//! runs ([`wrapper`]: the compiler beneath an MPI wrapper, for accc's internal steps). Errors
//! never panic: they are returned up to [`run`], which returns the exit status, so that every
//! temporary file is removed before the process exits; an interrupt removes them too
//! ([`interrupt`]).

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod cli;
mod compile;
mod info;
mod interrupt;
mod link;
mod nvhpc;
mod offload;
mod openacc;
mod outcome;
mod pipeline;
mod tools;
mod wrapper;

use outcome::{write_stderr, write_stdout, Failure, Outcome};
use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(run())
}

/// Runs accc on the process's arguments and returns its exit status.
fn run() -> u8 {
    interrupt::install();
    match run_with(std::env::args_os().skip(1)) {
        Ok(()) => 0,
        Err(failure) => {
            if let Failure::Message(text) = &failure {
                write_stderr(&format!("accc: error: {text}\n"));
            }
            failure.exit_code()
        }
    }
}

fn run_with(arguments: impl Iterator<Item = std::ffi::OsString>) -> Outcome {
    let arguments = arguments
        .map(|argument| {
            argument.into_string().map_err(|argument| {
                Failure::message(format!(
                    "argument '{}' is not valid UTF-8",
                    argument.to_string_lossy()
                ))
            })
        })
        .collect::<Result<Vec<String>, Failure>>()?;
    tools::check_not_started_by_own_tool()?;
    let options = cli::parse(arguments).map_err(Failure::Message)?;
    let (color, json) = options.diagnostic_style();
    acc_ir::diagnostic::set_style(color, json);
    for note in &options.notes {
        outcome::write_stderr(&format!("accc: note: {note}\n"));
    }
    let tools = tools::HostTools::from_env();
    if options.help {
        return write_stdout(info::help_text().as_bytes());
    }
    if options.version {
        return write_stdout(info::version_text(&tools).as_bytes());
    }
    if options.verbose {
        write_stderr(&format!("accc version {}\n", info::VERSION_DETAIL));
    }
    pipeline::run(&options, &tools)
}
