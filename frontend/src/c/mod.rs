//! The C frontend's syntax and semantic layer: preprocessing, parsing with tree-sitter-c,
//! `#pragma acc` lines and the statements they apply to, loop nests, and names with their types.
//!
//! The pipeline for one translation unit:
//! 1. [`preprocess`] runs `cc -E -fopenacc` (macros in pragmas are expanded, `_OPENACC` is 3.3's).
//! 2. [`CUnit::parse`] scans the preprocessed text line by line, records and blanks every
//!    `#pragma acc` line, blanks every other `#` line and the tokens tree-sitter-c cannot take
//!    (see `scan.rs`), and parses the result. Blanking keeps every offset, so offsets into
//!    [`CUnit::text`] are offsets into the preprocessed text, and [`SourceMap`] turns them into
//!    the user's file and line.
//! 3. Callers (the lowering in `lower.rs`) ask for the statement a pragma applies to
//!    ([`CUnit::associated_statement`]), the loops it covers ([`CUnit::loop_nest`]), the
//!    declarations names resolve to ([`CUnit::resolve`]) and the variables a region uses
//!    ([`CUnit::referenced_variables`]).
//!
//! Nothing here panics on bad input: every walk over the tree is iterative or depth-bounded, and
//! syntax errors are returned by [`CUnit::syntax_errors`] rather than raised.

// The lowering to acc-ir (written separately): `lower` drives it, the others are its parts.
mod atomic;
pub(crate) mod body;
mod branches;
mod context;
pub mod emit;
pub(crate) mod lower;
pub(crate) mod operands;
mod region_fixups;

mod ctypes;
mod decl_types;
mod loops;
mod refs;
mod scan;
pub(crate) mod source_map;
mod symbols;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_symbols;
mod unit;

use std::path::Path;
use std::process::{Command, Output};

pub use loops::{ForLoop, LoopNest};
pub use refs::VarUse;
pub use source_map::SourceMap;
pub use symbols::{FunctionInfo, Storage, Symbol};
pub use unit::{CUnit, PragmaContext, PragmaLine, Statement, StatementKind};

/// Kernels call a function defined in their translation unit through a global alias named
/// `__accc_fn_<tu>_<name>` (a `static` function has no symbol the kernel object could use); the
/// link step reads these names too, so the IR defines them ([`acc_ir::body::alias_target`]).
pub use acc_ir::body::{alias_target, ALIAS_PREFIX};

/// The alias name of function `name` of the translation unit whose main file is `file`.
pub fn alias_name(file: &str, name: &str) -> String {
    format!("{ALIAS_PREFIX}{}_{name}", tu_tag(file))
}

/// The prefix of the global alias of a file-scope `static` variable that device routines use
/// (`__accc_gv_<tu>_<name>`): the device copy of a declared global has the host symbol's name,
/// and the link step's image registration takes the host variable's address through it.
pub const STATIC_ALIAS_PREFIX: &str = "__accc_gv_";

/// The alias name of the file-scope `static` variable `name` of the translation unit whose main
/// file is `file`.
pub fn static_alias_name(file: &str, name: &str) -> String {
    format!("{STATIC_ALIAS_PREFIX}{}_{name}", tu_tag(file))
}

pub use crate::lowering::tu_tag;

/// Runs the C preprocessor on `input` the way accc needs it: OpenACC pragmas kept with their
/// macros expanded, `_OPENACC` set to OpenACC 3.3's value, then the user's own flags (`args`:
/// `-I`, `-D`, `-U`, `-std=`, `-include`, ...).
pub fn preprocess(cc: &str, args: &[String], input: &Path) -> std::io::Result<Output> {
    preprocess_command(cc, args, input).output()
}

/// The command [`preprocess`] runs, for a caller that runs it its own way (the driver records
/// the process so that an interrupt stops it).
pub fn preprocess_command(cc: &str, args: &[String], input: &Path) -> Command {
    let mut command = Command::new(cc);
    command
        .args(["-E", "-fopenacc", "-U_OPENACC", "-D_OPENACC=202211"])
        .args(args)
        .arg(input);
    command
}
