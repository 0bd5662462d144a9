//! The Fortran frontend: preprocessing, fixed-form conversion, parsing with
//! tree-sitter-fortran, `!$acc` directives and the statements they apply to, scopes and symbols,
//! and lowering to acc-ir through the clause lowering shared with C.
//!
//! The pipeline for one file:
//! 1. [`preprocess`] runs `gfortran -E -cpp` when the suffix (`.F90`, `.F`, ...) or `-cpp` asks
//!    for it (macros in `!$acc` lines expand, `_OPENACC` is 3.3's).
//! 2. Fixed form (`.f`, `.F`, `.for`) is converted to free form line for line
//!    (`fixed_form.rs`), keeping an offset map so diagnostics show the user's columns.
//! 3. `scan.rs` finds the directive lines and joins `&` continuations in place; `unit.rs` parses
//!    the text; `symbols.rs` collects every scope's declarations.
//! 4. `lower.rs` pairs `!$acc end` directives with their openers by byte order, associates
//!    each directive with its statement or block, and builds the ops; `operands.rs` lowers
//!    clause operands with Fortran bounds (`startIdx` = the declared lower bound).
//!
//! Nothing here panics on bad input: tree walks are iterative, constant evaluation and scope
//! chains are depth-bounded.

pub mod accmod;
mod atomic;
mod body;
mod branches;
pub(crate) mod constants;
pub mod emit;
pub mod fixed_form;
pub mod include;
pub mod library_modules;
pub(crate) mod lower;
pub(crate) mod operands;
pub mod scan;
pub mod symbols;
#[cfg(test)]
mod tests;
pub mod unit;

use std::path::Path;
use std::process::{Command, Output};

/// The Fortran spelling of a scalar kind (`integer(4)`, `real(8)`, `logical(4)`, ...).
pub(crate) fn kind_spelling(kind: acc_ir::ScalarKind) -> String {
    use acc_ir::ScalarKind;
    match kind {
        ScalarKind::Int { width, .. } => format!("integer({})", width / 8),
        ScalarKind::Float { width } => format!("real({})", width / 8),
        ScalarKind::Complex { width } => format!("complex({})", width / 8),
        ScalarKind::Bool { width } => format!("logical({})", width / 8),
    }
}

pub use unit::FUnit;

/// Whether a file name is fixed-form source by its suffix (`.f`, `.F`, `.for`, `.FOR`, `.ftn`,
/// `.fpp`).
pub fn is_fixed_form(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("f" | "F" | "for" | "FOR" | "ftn" | "FTN" | "fpp" | "FPP")
    )
}

/// Whether a file's suffix asks for the C preprocessor (`.F`, `.F90`, `.F95`, `.F03`, `.F08`,
/// `.FOR`, `.fpp`, ...: an upper-case suffix).
pub fn suffix_wants_cpp(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("F" | "F90" | "F95" | "F03" | "F08" | "FOR" | "FTN" | "fpp" | "FPP")
    )
}

/// The preprocessor directives the C preprocessor knows.
const DIRECTIVES: [&str; 13] = [
    "if", "ifdef", "ifndef", "elif", "else", "endif", "define", "undef", "include", "line",
    "error", "warning", "pragma",
];

/// `text` with the indentation before preprocessor directives removed (`    #ifdef X`), or
/// `None` when no directive is indented. nvfortran's and ifort's preprocessors accept indented
/// directives, and Fortran written for them has them; gfortran's (traditional-mode cpp) takes
/// only a `#` in column 1 and leaves the others in the text, where they are syntax errors. A
/// `#` is no Fortran syntax outside strings and comments, so such a line can only be meant as a
/// directive.
pub fn unindent_directives(text: &str) -> Option<String> {
    let is_indented_directive = |line: &str| {
        let trimmed = line.trim_start_matches([' ', '\t']);
        if trimmed.len() == line.len() {
            return false;
        }
        let Some(rest) = trimmed.strip_prefix('#') else {
            return false;
        };
        let word: String = rest
            .trim_start_matches([' ', '\t'])
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        DIRECTIVES.contains(&word.as_str())
    };
    if !text.lines().any(is_indented_directive) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if is_indented_directive(line) {
            out.push_str(line.trim_start_matches([' ', '\t']));
        } else {
            out.push_str(line);
        }
    }
    Some(out)
}

/// Runs gfortran's preprocessor on `input` with `_OPENACC` set to OpenACC 3.3's value, then the
/// user's flags (`-I`, `-D`, `-U`, ...). Fixed form is kept fixed (`-ffixed-form` is implied by
/// the suffix).
pub fn preprocess(fc: &str, args: &[String], input: &Path) -> std::io::Result<Output> {
    preprocess_command(fc, args, input).output()
}

/// The command [`preprocess`] runs, for a caller that runs it its own way (the driver records
/// the process so that an interrupt stops it).
pub fn preprocess_command(fc: &str, args: &[String], input: &Path) -> Command {
    let mut command = Command::new(fc);
    command
        .args([
            "-E",
            "-cpp",
            "-U_OPENACC",
            "-D_OPENACC=202211",
            "-DACCRT_OPENACC=1",
        ])
        .args(args)
        .arg(input);
    command
}

#[cfg(test)]
mod directive_tests {
    use super::unindent_directives;

    #[test]
    fn indented_directives_move_to_column_one() {
        let text = "program p\n  #ifdef SEED\n  x = 1\n\t# endif\n  y = '#if'\nend\n";
        assert_eq!(
            unindent_directives(text).as_deref(),
            Some("program p\n#ifdef SEED\n  x = 1\n# endif\n  y = '#if'\nend\n")
        );
        assert_eq!(unindent_directives("#ifdef X\n  x = 1\n#endif\n"), None);
        assert_eq!(unindent_directives("  x = a  # b\n  #foo\n"), None);
    }
}
