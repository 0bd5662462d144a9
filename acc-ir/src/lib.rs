//! acc-ir: the intermediate representation of OpenACC programs in accc, modelled on MLIR's `acc`
//! dialect.
//!
//! A [`Module`] holds, for one translation unit, the OpenACC constructs of every function as
//! structured regions (an [`Op`] may own a [`Block`] of nested ops), the decomposed data clauses,
//! the bounds of every data section, the private/firstprivate/reduction recipes, and the routine and
//! declare information. Every entity lives in an [`Arena`] and is referenced by a [`Handle`]; its
//! [`Span`] is kept beside it and points into the user's original file.
//!
//! # What the IR means
//!
//! * **Data clauses are decomposed.** Each clause becomes an *entry* [`DataOp`] evaluated when the
//!   construct is entered and, where the clause has an effect at exit, an *exit* [`DataOp`]
//!   evaluated when it is left; the exit op refers to its entry op (`entry`). `copy` becomes
//!   `copyin` + `copyout`, `copyin` becomes `copyin` + `delete`, `copyout` becomes `create` +
//!   `copyout`, `create` becomes `create` + `delete`, `present` becomes `present` + `delete`,
//!   `no_create` becomes `nocreate` + `delete`, `attach` becomes `attach` + `detach`.
//!   `dataClause` on each op records what the user wrote.
//! * **When the present table is consulted.** An entry op looks its section up in the present
//!   table of the current device when the construct is entered (after the construct's `if` clause
//!   is evaluated and found true, before any of its `wait` clauses complete on `async` constructs
//!   only the queue is ordered). `present`, `nocreate`, `copyin`, `create` and `attach` consult it;
//!   `private`, `firstprivate` and `reduction` never do.
//! * **When reference counters change.** Ops with `structured = true` (clauses of data and compute
//!   constructs, `declare` in a function) increment the structured reference counter at entry and
//!   decrement it at exit; ops with `structured = false` (`enter data`, `exit data`, the `acc_*`
//!   data routines, `declare` of globals) change the dynamic reference counter, and `finalize` sets
//!   it to zero. Data is deallocated, after a `copyout` if asked, when both counters reach zero.
//!   `attach`/`detach` change the attachment counter of the pointer itself.
//! * **Bounds are zero-based.** A [`Bounds`] gives, per dimension, the lowerbound and upperbound
//!   relative to the first element of the array (index `startIdx` in the source language), the
//!   extent and the stride. Dimension 0 is the innermost (fastest varying) one: the last subscript
//!   of a C array, the first of a Fortran array.
//! * **Sections of arrays of pointers** (`p[lo:n][lo2:n2]` of a C `T **p` or `T *p[N]`) are one
//!   entry op and one exit op like any section; [`Module::section_layout`] tells from the types
//!   that they are [`SectionLayout::PointerRows`] (printed `rows = attach`): the op acts on the
//!   pointer array `p[lo:n]` and on each block `p[i][lo2:n2]`, attaching each `p[i]` after its
//!   entry action and detaching it before its exit action (OpenACC 3.3 §2.7.1, §2.7.2).
//! * **Host expressions** ([`HostExpr`]) are evaluated on the host when the construct is entered:
//!   clause arguments, bounds, `if` conditions. They keep their source text, which the host emitter
//!   prints back.
//! * **Implicit ops** (`implicit = true`) are added by [`passes::implicit_data`] for variables a
//!   compute region uses without a visible data clause (OpenACC 3.3 §2.6.2).

pub mod arena;
pub mod body;
pub mod body_print;
pub mod body_verify;
pub mod bounds;
pub mod diagnostic;
pub mod ops;
pub mod passes;
pub mod print;
pub mod recipes;
pub mod regen;
pub mod scalar_updates;
pub mod serial;
pub mod span;
pub mod types;
pub mod updates;
pub mod verify;

pub use arena::{Arena, Handle};
pub use diagnostic::{Diagnostic, Severity};
pub use ops::*;
pub use print::{print_module, PrintOptions};
pub use regen::regenerate_pragmas;
pub use span::{FileId, SourceFiles, Span};
pub use types::{
    ArraySize, Member, ScalarKind, TypeHandle, TypeInner, TypeTable, ARRAY_DESCRIPTOR_PREFIX,
};
