//! Compiler wrappers as host compilers: MPI's `mpicc`, `mpif90` and `mpifort` (Open MPI, MPICH,
//! Intel MPI, MVAPICH) and scripts that forward to them, named by `ACCC_CC`/`ACCC_FC`.
//!
//! A wrapper runs a compiler with its MPI's include directories and, when it thinks it links,
//! its libraries. accc runs the user's compiles, the preprocessing for the analysis and the link
//! through the wrapper, which need its include directories (`mpi.h`, `mpif.h`, `mpi.mod`) and
//! its libraries. accc's internal steps run the compiler *beneath* the wrapper instead: the
//! partial link that joins the host object, the kernels and the IR into one object (`-r
//! -nostdlib`), the Fortran shims and the device images' registration. A wrapper takes `-r` for
//! a link and adds `-lmpi`, which `ld -r` cannot find (a relocatable link reads no shared
//! library) or, were there a static archive, would copy into the object.
//!
//! The compiler beneath is what the wrapper prints for `-show` (MPICH, Intel MPI, MVAPICH, Open
//! MPI) or else `-showme` (Open MPI): its command line, whose leading words are the compiler
//! (`gcc`, or the `OMPI_CC`/`MPICH_CC` it was given) and whose `-I` words are the include
//! directories that the analysis of a Fortran source needs for its `include 'mpif.h'`. A program
//! that answers neither with one line (gcc, clang, a script of the user's) is used as it is.
//!
//! Why not `ld -r` for the joins: the compiler driver's partial link runs the LTO plugin, so a
//! host object compiled with `-flto` keeps its code (`ld -r` alone would leave the object's LTO
//! sections to a final link that then drops the kernels beside them), and it knows its own
//! linker and emulation (`-B`, cross toolchains).

use crate::tools::ToolCommand;
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// What a wrapper says about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wrapper {
    /// The compiler it runs, as words (`gcc`, or `ccache gcc`).
    pub compiler: Vec<String>,
    /// The `-I` directories it adds, in order.
    pub include_dirs: Vec<PathBuf>,
}

/// The questions a wrapper answers with its command line, in the order they are asked.
const QUERIES: [&str; 2] = ["-show", "-showme"];

/// What `program` answers as a wrapper, asked once per program and process; `None` when it is
/// no wrapper. Under `verbose` the queries are printed like every other command.
pub fn inspect(program: &str, verbose: bool) -> Option<Wrapper> {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<Wrapper>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(known) = cache
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .get(program)
    {
        return known.clone();
    }
    let answer = if is_plain_compiler(program) {
        None
    } else {
        QUERIES.iter().find_map(|query| {
            ask(program, query, verbose).and_then(|line| parse_show(&line, program))
        })
    };
    cache
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .insert(program.to_string(), answer.clone());
    answer
}

/// The command that starts an internal step (a partial link, a shim or registration compile)
/// with `program`: the compiler beneath it when it is a wrapper, else `program` itself.
pub fn internal_command(program: &str, verbose: bool) -> ToolCommand {
    match inspect(program, verbose) {
        Some(wrapper) => {
            let mut command = ToolCommand::new(&wrapper.compiler[0]);
            command.args(wrapper.compiler[1..].iter().cloned());
            command
        }
        None => ToolCommand::new(program),
    }
}

/// The include directories `program` adds when it is a wrapper (none otherwise).
pub fn include_dirs(program: &str, verbose: bool) -> Vec<PathBuf> {
    inspect(program, verbose).map_or_else(Vec::new, |wrapper| wrapper.include_dirs)
}

/// The compilers no wrapper is: a program that resolves (through `PATH` and symbolic links, as
/// `/usr/bin/cc` does to `x86_64-linux-gnu-gcc-12`) to one of these, with an optional target
/// prefix and version suffix, is not asked (two processes fewer on every compile). A wrapper
/// script, even one named `cc`, resolves to itself and is asked.
const PLAIN_COMPILERS: [&str; 7] = [
    "gcc",
    "gfortran",
    "clang",
    "flang",
    "flang-new",
    "icx",
    "ifx",
];

/// Whether `program` is one of [`PLAIN_COMPILERS`] itself.
fn is_plain_compiler(program: &str) -> bool {
    let path = if program.contains('/') {
        Some(PathBuf::from(program))
    } else {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|directory| directory.join(program))
                .find(|candidate| candidate.is_file())
        })
    };
    let Some(resolved) = path.and_then(|path| std::fs::canonicalize(path).ok()) else {
        return false;
    };
    let Some(name) = resolved.file_name().and_then(|name| name.to_str()) else {
        return false;
    };
    plain_compiler_name(name)
}

/// Whether a file name is a plain compiler's: `gcc`, `gcc-12`, `x86_64-linux-gnu-gcc-12`,
/// `clang-19`, `gfortran`.
fn plain_compiler_name(name: &str) -> bool {
    // Without a version suffix (`-12`, `-19.1`).
    let name = match name.rsplit_once('-') {
        Some((stem, version))
            if !version.is_empty() && version.chars().all(|c| c.is_ascii_digit() || c == '.') =>
        {
            stem
        }
        _ => name,
    };
    PLAIN_COMPILERS
        .iter()
        .any(|compiler| name == *compiler || name.ends_with(&format!("-{compiler}")))
}

/// Runs `program query` quietly; its only line of output when it succeeds with one.
fn ask(program: &str, query: &str, verbose: bool) -> Option<String> {
    if verbose {
        crate::outcome::write_stderr(&format!(" {program} {query}\n"));
    }
    let output =
        crate::interrupt::output(Command::new(program).arg(query).stdin(Stdio::null())).ok()?;
    if !output.status.success() {
        return None;
    }
    let stdout = String::from_utf8(output.stdout).ok()?;
    let mut lines = stdout.lines().filter(|line| !line.trim().is_empty());
    let line = lines.next()?;
    lines.next().is_none().then(|| line.to_string())
}

/// Reads a wrapper's command line (`gcc -I/usr/include/mpich -L/usr/lib -lmpich`): the words
/// before the first option are the compiler, the `-I` words the include directories. `None` when
/// the line names no compiler, or names `program` itself (an answer that says nothing).
pub fn parse_show(line: &str, program: &str) -> Option<Wrapper> {
    let words: Vec<String> = split_words(line);
    let compiler: Vec<String> = words
        .iter()
        .take_while(|word| !word.starts_with('-'))
        .cloned()
        .collect();
    let first = compiler.first()?;
    if first == program || compiler.len() > 2 {
        return None;
    }
    let mut include_dirs = Vec::new();
    let mut rest = words[compiler.len()..].iter();
    while let Some(word) = rest.next() {
        if word == "-I" {
            if let Some(directory) = rest.next() {
                include_dirs.push(PathBuf::from(directory));
            }
        } else if let Some(directory) = word.strip_prefix("-I") {
            include_dirs.push(PathBuf::from(directory));
        }
    }
    let mut unique = Vec::new();
    for directory in include_dirs {
        if !unique.contains(&directory) {
            unique.push(directory);
        }
    }
    Some(Wrapper {
        compiler,
        include_dirs: unique,
    })
}

/// Splits a command line into words at blanks; single and double quotes group blanks into a
/// word and are removed (what `-show` prints needs no more of the shell's rules).
fn split_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for character in line.chars() {
        match (quote, character) {
            (Some(open), c) if c == open => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(character);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_compilers_are_not_asked() {
        for name in [
            "gcc",
            "gcc-12",
            "x86_64-linux-gnu-gcc-12",
            "gfortran",
            "x86_64-linux-gnu-gfortran-12",
            "clang-19",
            "flang-new",
        ] {
            assert!(plain_compiler_name(name), "{name}");
        }
        for name in [
            "mpicc",
            "mpif90",
            "opal_wrapper",
            "cc",
            "mpicc.mpich",
            "my-gcc-wrapper",
        ] {
            assert!(!plain_compiler_name(name), "{name}");
        }
    }

    #[test]
    fn open_mpi_and_mpich_command_lines() {
        let open_mpi = parse_show(
            "gfortran -I/usr/lib/x86_64-linux-gnu/fortran/gfortran-mod-15/openmpi \
             -I/usr/lib/x86_64-linux-gnu/openmpi/lib -L/usr/lib/x86_64-linux-gnu/openmpi/lib \
             -lmpi_usempif08 -lmpi_mpifh -lmpi",
            "mpif90",
        )
        .unwrap();
        assert_eq!(open_mpi.compiler, ["gfortran"]);
        assert_eq!(
            open_mpi.include_dirs,
            [
                PathBuf::from("/usr/lib/x86_64-linux-gnu/fortran/gfortran-mod-15/openmpi"),
                PathBuf::from("/usr/lib/x86_64-linux-gnu/openmpi/lib")
            ]
        );
        let mpich = parse_show(
            "gcc -Wl,-z,relro -I/usr/include/x86_64-linux-gnu/mpich -I \
             /usr/include/x86_64-linux-gnu/mpich -L/usr/lib/x86_64-linux-gnu -lmpich",
            "mpicc.mpich",
        )
        .unwrap();
        assert_eq!(mpich.compiler, ["gcc"]);
        assert_eq!(
            mpich.include_dirs,
            [PathBuf::from("/usr/include/x86_64-linux-gnu/mpich")]
        );
        // A compiler behind a launcher keeps both words; quotes group a directory with a blank.
        let cached = parse_show("ccache gcc '-I/opt/my mpi/include' -lmpi", "mpicc").unwrap();
        assert_eq!(cached.compiler, ["ccache", "gcc"]);
        assert_eq!(cached.include_dirs, [PathBuf::from("/opt/my mpi/include")]);
    }

    #[test]
    fn answers_that_name_no_compiler_are_no_wrapper() {
        assert_eq!(parse_show("", "mpicc"), None);
        assert_eq!(parse_show("-I/usr/include -lmpi", "mpicc"), None);
        assert_eq!(parse_show("mpicc -lmpi", "mpicc"), None);
        assert_eq!(parse_show("Thread model: posix and more words", "cc"), None);
    }

    #[test]
    fn a_plain_compiler_is_its_own_internal_compiler() {
        // `sh -show` fails: no wrapper, the program itself runs internal steps.
        assert_eq!(inspect("sh", false), None);
        assert_eq!(internal_command("sh", false).display(), "sh");
    }

    #[test]
    fn a_wrapper_script_is_asked_for_its_compiler() {
        let directory = tempfile::tempdir().unwrap();
        let script = directory.path().join("mpicc");
        std::fs::write(
            &script,
            "#!/bin/sh\nif [ \"$1\" = -show ]; then echo 'gcc -I/opt/mpi/include -L/opt/mpi/lib -lmpi'; exit 0; fi\nexec gcc \"$@\" -lmpi\n",
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let program = script.to_string_lossy().into_owned();
        let mut join = internal_command(&program, false);
        join.args(["-r", "-nostdlib"]);
        assert_eq!(join.display(), "gcc -r -nostdlib");
        assert_eq!(
            include_dirs(&program, false),
            [PathBuf::from("/opt/mpi/include")]
        );
    }
}
