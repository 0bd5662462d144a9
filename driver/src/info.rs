//! What `accc --help`, `accc --version` and the first line of `accc -v` print.
//!
//! The help text is rendered by clap from a description of accc's own flags. clap spells long
//! options with two dashes; accc's flags are gcc-style single-dash options, so the rendered
//! option lines are rewritten to one dash (`--help` and `--version` keep their two).

use crate::cli::PrintKind;
use crate::tools::{HostTools, ToolCommand};
use clap::{Arg, ArgAction, Command};

/// accc's version with the OpenACC version it implements (`_OPENACC` is
/// [`crate::cli::OPENACC_VERSION`]).
pub const VERSION_DETAIL: &str =
    concat!(env!("CARGO_PKG_VERSION"), " (OpenACC 3.3, _OPENACC=202211)");

/// The description of accc's own flags.
fn command() -> Command {
    let flag = |name: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .action(ArgAction::SetTrue)
            .help(help)
    };
    Command::new("accc")
        .version(VERSION_DETAIL)
        .about("accc: an OpenACC 3.3 compiler driver for C and Fortran with gcc's command line")
        .override_usage("accc [-fopenacc] [gcc options] file...")
        .disable_help_flag(true)
        .disable_version_flag(true)
        .arg(flag(
            "fopenacc",
            "Compile OpenACC directives (#pragma acc, !$acc); defines _OPENACC=202211",
        ))
        .arg(
            Arg::new("fopenacc-print")
                .long("fopenacc-print")
                .value_name("WHAT")
                .require_equals(true)
                .value_parser(clap::builder::EnumValueParser::<PrintKind>::new())
                .help(
                    "Print each C input's OpenACC IR (acc-ir), regenerated directives (acc), \
                     rewritten host source (host) or device code (llvm, ptx, amdgcn) on stdout \
                     and stop; implies -fopenacc",
                ),
        )
        .arg(flag(
            "fsyntax-only",
            "With -fopenacc: check the directives and the program, produce nothing",
        ))
        .arg(flag(
            "fopt-info-acc",
            "Report what became a kernel, how loops were mapped and implicit data movement \
             (alias: -Minfo=accel)",
        ))
        .arg(
            Arg::new("Msafeptr")
                .long("Msafeptr")
                .value_name("KINDS")
                .require_equals(true)
                .num_args(0..=1)
                .help(
                    "Treat C pointers as restrict in the dependence test of kernels loops: \
                     all (the default), arg, auto, static, global (comma-separated; NVHPC's \
                     flag; -Mnosafeptr undoes it)",
                ),
        )
        .arg(
            Arg::new("foffload")
                .long("foffload")
                .value_name("TARGETS")
                .require_equals(true)
                .help("Device targets: nvptx, amdgcn, none (comma-separated; default nvptx)"),
        )
        .arg(
            Arg::new("offload-arch")
                .long("offload-arch")
                .value_name("ARCHS")
                .require_equals(true)
                .help(
                    "GPU architectures: sm_60..sm_90a, gfx900..gfx942, gfx1030, gfx1100 \
                     (defaults sm_70, gfx90a)",
                ),
        )
        .arg(flag(
            "v",
            "Print accc's version and every command accc runs on stderr",
        ))
        .arg(flag("help", "Print this help"))
        .arg(flag(
            "version",
            "Print accc's version and the host compilers' versions",
        ))
        .after_help(
            "Every other option is gcc's (-c -S -E -o -I -D -U -L -l -O -g -std= -W -Wl, -M... \
             -shared -fPIC) and is passed to the host compilers unchanged. Without -fopenacc, \
             accc behaves exactly like the host compiler and directives are ignored.\n\
             \n\
             Linking with -fopenacc adds accc's runtime: libaccrt.so with an rpath to its \
             directory (one runtime for a program and the shared libraries it loads), or \
             libaccrt.a with -static.\n\
             \n\
             Environment (compile time):\n\
             \x20 ACCC_CC, ACCC_FC     host C and Fortran compilers (default: cc, gfortran); MPI\n\
             \x20                     wrappers (mpicc, mpif90) work, or OMPI_CC=accc mpicc\n\
             \x20 ACCC_KERNELS=0       generate no kernels; every region runs its host fallback\n\
             Environment (run time):\n\
             \x20 ACC_DEVICE_TYPE      multicore (default), host (serial), nvidia, radeon\n\
             \x20 ACC_DEVICE_NUM       the device number of that type (under mpirun: local rank\n\
             \x20                     % devices)\n\
             \x20 ACC_NUM_CORES        threads of the multicore device (default: every core;\n\
             \x20                     under mpirun: the rank's share of the node's)",
        )
}

/// The text of `accc --help`.
pub fn help_text() -> String {
    let rendered = command().render_help().to_string();
    let mut text = String::with_capacity(rendered.len());
    for line in rendered.lines() {
        let indent = line.len() - line.trim_start().len();
        let option = &line[indent..];
        let two_dash = option.starts_with("--help")
            || option.starts_with("--version")
            || option.starts_with("--offload-arch");
        match option.strip_prefix("--") {
            Some(rest) if !two_dash => {
                text.push_str(&line[..indent]);
                text.push_str(" -");
                text.push_str(rest);
            }
            _ => text.push_str(line),
        }
        text.push('\n');
    }
    text
}

/// The text of `accc --version`: accc's line, then the first line of each host compiler's
/// `--version`.
pub fn version_text(tools: &HostTools) -> String {
    let mut text = format!("accc {VERSION_DETAIL}\n");
    for (what, program) in [("C", &tools.c), ("Fortran", &tools.fortran)] {
        let line = ToolCommand::new(program)
            .arg("--version")
            .first_output_line()
            .unwrap_or_else(|| "not found".to_string());
        text.push_str(&format!("host {what} compiler ({program}): {line}\n"));
    }
    text
}
