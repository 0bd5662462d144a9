//! The OpenACC 3.3 directive grammar: parses the text of one directive into a syntax tree.
//!
//! The caller hands [`parse_directive`] the text that follows the sentinel (`#pragma acc` in C,
//! `!$acc` in Fortran, continuation lines already joined) and the byte offset of that text in its
//! own buffer. Parsing never fails: the result holds the best tree that could be built and every
//! error found, each with an absolute span (`base` + offset into `text`), so one bad directive
//! never hides the problems of the next.
//!
//! # What is checked here
//!
//! * The grammar: directive names (`parallel loop`, `enter data`, `atomic capture`, Fortran
//!   `end kernels loop`), clause names and their aliases (`pcopyin`, `present_or_copy`, `dtype`),
//!   the argument form of every clause, data-clause modifiers (`readonly:`, `zero:`), subarrays
//!   (C `a[lo:len]`) and array sections (Fortran `a(lo:hi:stride)`), reduction operators.
//! * The rules of OpenACC 3.3 that need no symbol table (`rules.rs`): which clauses each directive
//!   allows, which clauses may follow a `device_type` clause, clauses that may appear only once per
//!   `device_type` group, conflicting clauses (`seq` with `independent`), clauses a directive
//!   requires (`enter data` needs a data clause), and constant arguments that must be positive
//!   (`collapse(0)`).
//!
//! Expressions are not interpreted: an [`Expr`] keeps the trimmed source text of a clause argument
//! or a subscript, and its span. [`const_int`] evaluates the ones that are integer constants.
//!
//! # Spelling
//!
//! In C, directive and clause names are case-sensitive and lower case (as in gcc). In Fortran
//! they are case-insensitive; variable names are always kept as written. Clauses may be separated
//! by whitespace or by one comma.
//!
//! # Robustness
//!
//! Nothing here recurses on the input except [`const_int`], which gives up past a fixed depth, so
//! arbitrarily long or deeply nested input cannot overflow the stack, and no input panics.

mod args;
mod consteval;
mod lexer;
mod parser;
mod rules;
#[cfg(test)]
mod tests;

pub use consteval::const_int;

use std::ops::Range;

/// The source language of a directive (acc-ir's): it decides the sentinel shown in messages,
/// case sensitivity, comments, subscript syntax and the reduction operators.
pub use acc_ir::Language;

/// Parses one directive. `text` is the directive text after the sentinel (e.g.
/// `" parallel loop copy(a[0:n])"`); `base` is the byte offset of `text[0]` in the caller's buffer,
/// and every span returned is an absolute offset range (`base` + local offset).
pub fn parse_directive(text: &str, base: u32, lang: Language) -> ParsedDirective {
    parser::parse(text, base, lang)
}

/// The result of [`parse_directive`]: the tree (absent when not even the directive name could be
/// recognised) and every error, in source order of discovery.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedDirective {
    pub directive: Option<Directive>,
    pub errors: Vec<SyntaxError>,
}

/// A user error in a directive; `span` is absolute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub span: Range<u32>,
    pub message: String,
}

/// One parsed directive.
#[derive(Clone, Debug, PartialEq)]
pub struct Directive {
    pub kind: DirectiveKind,
    /// The directive name words, e.g. `parallel loop` or `end atomic`.
    pub kind_span: Range<u32>,
    /// The whole directive text, trimmed (a trailing Fortran `!` comment is not part of it).
    pub span: Range<u32>,
    /// The parenthesised argument right after the name: `routine(name)`, `cache(list)`,
    /// `wait(devnum: d : q1, q2)`.
    pub args: Option<DirectiveArgs>,
    /// The clauses in source order, `device_type` clauses included. A clause that is not allowed
    /// on the directive is kept (and reported); an unknown clause is dropped (and reported).
    pub clauses: Vec<Clause>,
}

/// The parenthesised argument of `routine`, `cache` and `wait`.
#[derive(Clone, Debug, PartialEq)]
pub enum DirectiveArgs {
    /// `routine(name)`.
    Name(Ident),
    /// `cache([readonly:] list)`.
    Vars(VarList),
    /// `wait([devnum: expr :] [queues:] list)`.
    Wait(WaitArgs),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DirectiveKind {
    Parallel,
    Serial,
    Kernels,
    ParallelLoop,
    SerialLoop,
    KernelsLoop,
    Data,
    EnterData,
    ExitData,
    HostData,
    Loop,
    Cache,
    Atomic(AtomicKind),
    Declare,
    Init,
    Shutdown,
    Set,
    Update,
    Wait,
    Routine,
    /// Fortran only: `end parallel`, `end kernels loop`, `end data`, `end host_data`,
    /// `end atomic`; the inner kind is the construct that is closed (`end atomic` closes
    /// `Atomic(AtomicKind::Implicit)`).
    End(Box<DirectiveKind>),
}

impl DirectiveKind {
    /// Whether the construct has a structured block that no branch may enter or leave
    /// (compute, `data` and `host_data` constructs).
    pub fn has_structured_block(&self) -> bool {
        self.is_compute() || matches!(self, DirectiveKind::Data | DirectiveKind::HostData)
    }

    /// Whether the directive stands alone, with no statement or construct it applies to
    /// (executable and declarative directives, and Fortran's `end` directives).
    pub fn is_standalone(&self) -> bool {
        matches!(
            self,
            DirectiveKind::EnterData
                | DirectiveKind::ExitData
                | DirectiveKind::Update
                | DirectiveKind::Wait
                | DirectiveKind::Init
                | DirectiveKind::Shutdown
                | DirectiveKind::Set
                | DirectiveKind::Routine
                | DirectiveKind::Declare
                | DirectiveKind::Cache
                | DirectiveKind::End(_)
        )
    }

    /// The directive name as written in canonical form: `"parallel loop"`, `"enter data"`,
    /// `"atomic update"`, `"end parallel"`.
    pub fn spelling(&self) -> &'static str {
        match self {
            DirectiveKind::Parallel => "parallel",
            DirectiveKind::Serial => "serial",
            DirectiveKind::Kernels => "kernels",
            DirectiveKind::ParallelLoop => "parallel loop",
            DirectiveKind::SerialLoop => "serial loop",
            DirectiveKind::KernelsLoop => "kernels loop",
            DirectiveKind::Data => "data",
            DirectiveKind::EnterData => "enter data",
            DirectiveKind::ExitData => "exit data",
            DirectiveKind::HostData => "host_data",
            DirectiveKind::Loop => "loop",
            DirectiveKind::Cache => "cache",
            DirectiveKind::Atomic(AtomicKind::Read) => "atomic read",
            DirectiveKind::Atomic(AtomicKind::Write) => "atomic write",
            DirectiveKind::Atomic(AtomicKind::Update) => "atomic update",
            DirectiveKind::Atomic(AtomicKind::Capture) => "atomic capture",
            DirectiveKind::Atomic(AtomicKind::Implicit) => "atomic",
            DirectiveKind::Declare => "declare",
            DirectiveKind::Init => "init",
            DirectiveKind::Shutdown => "shutdown",
            DirectiveKind::Set => "set",
            DirectiveKind::Update => "update",
            DirectiveKind::Wait => "wait",
            DirectiveKind::Routine => "routine",
            DirectiveKind::End(inner) => match **inner {
                DirectiveKind::Parallel => "end parallel",
                DirectiveKind::Serial => "end serial",
                DirectiveKind::Kernels => "end kernels",
                DirectiveKind::ParallelLoop => "end parallel loop",
                DirectiveKind::SerialLoop => "end serial loop",
                DirectiveKind::KernelsLoop => "end kernels loop",
                DirectiveKind::Data => "end data",
                DirectiveKind::HostData => "end host_data",
                DirectiveKind::Atomic(_) => "end atomic",
                DirectiveKind::Loop => "end loop",
                _ => "end",
            },
        }
    }

    /// The directive as messages show it, without quotes: `#pragma acc parallel` or
    /// `!$acc end data`.
    pub fn display(&self, lang: Language) -> String {
        format!("{} {}", lang.sentinel(), self.spelling())
    }

    /// Whether this is a compute construct or a combined construct (`parallel`, `serial`,
    /// `kernels`, and each `X loop`).
    pub fn is_compute(&self) -> bool {
        matches!(
            self,
            DirectiveKind::Parallel
                | DirectiveKind::Serial
                | DirectiveKind::Kernels
                | DirectiveKind::ParallelLoop
                | DirectiveKind::SerialLoop
                | DirectiveKind::KernelsLoop
        )
    }
}

/// The word after `atomic`; a bare `atomic` means `update`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicKind {
    Read,
    Write,
    Update,
    Capture,
    /// Bare `atomic`, which OpenACC defines as `atomic update`.
    Implicit,
}

/// One clause. `alias` records the spelling when the clause was written with an alias (one of
/// `"pcopy"`, `"present_or_copy"`, `"pcopyin"`, `"present_or_copyin"`, `"pcopyout"`,
/// `"present_or_copyout"`, `"pcreate"`, `"present_or_create"`, `"dtype"`; lower case even when a
/// Fortran user wrote upper case), and is `None` for the canonical spelling.
#[derive(Clone, Debug, PartialEq)]
pub struct Clause {
    pub kind: ClauseKind,
    pub alias: Option<&'static str>,
    pub name_span: Range<u32>,
    /// From the clause name to its closing parenthesis (or the end of the name).
    pub span: Range<u32>,
    pub args: ClauseArgs,
}

impl Clause {
    /// The clause name as the user wrote it, in lower case: the alias if any, else the canonical
    /// spelling.
    pub fn written_spelling(&self) -> &'static str {
        self.alias.unwrap_or_else(|| self.kind.spelling())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ClauseKind {
    Async,
    Wait,
    NumGangs,
    NumWorkers,
    VectorLength,
    DeviceType,
    If,
    SelfClause,
    Reduction,
    Copy,
    Copyin,
    Copyout,
    Create,
    NoCreate,
    Present,
    Deviceptr,
    Attach,
    Private,
    Firstprivate,
    Default,
    Collapse,
    Gang,
    Worker,
    Vector,
    Seq,
    Independent,
    Auto,
    Tile,
    UseDevice,
    IfPresent,
    Finalize,
    Delete,
    Detach,
    Host,
    Device,
    DeviceResident,
    Link,
    DeviceNum,
    DefaultAsync,
    Bind,
    Nohost,
}

impl ClauseKind {
    /// Every clause kind, in declaration order.
    pub const ALL: [ClauseKind; 41] = [
        ClauseKind::Async,
        ClauseKind::Wait,
        ClauseKind::NumGangs,
        ClauseKind::NumWorkers,
        ClauseKind::VectorLength,
        ClauseKind::DeviceType,
        ClauseKind::If,
        ClauseKind::SelfClause,
        ClauseKind::Reduction,
        ClauseKind::Copy,
        ClauseKind::Copyin,
        ClauseKind::Copyout,
        ClauseKind::Create,
        ClauseKind::NoCreate,
        ClauseKind::Present,
        ClauseKind::Deviceptr,
        ClauseKind::Attach,
        ClauseKind::Private,
        ClauseKind::Firstprivate,
        ClauseKind::Default,
        ClauseKind::Collapse,
        ClauseKind::Gang,
        ClauseKind::Worker,
        ClauseKind::Vector,
        ClauseKind::Seq,
        ClauseKind::Independent,
        ClauseKind::Auto,
        ClauseKind::Tile,
        ClauseKind::UseDevice,
        ClauseKind::IfPresent,
        ClauseKind::Finalize,
        ClauseKind::Delete,
        ClauseKind::Detach,
        ClauseKind::Host,
        ClauseKind::Device,
        ClauseKind::DeviceResident,
        ClauseKind::Link,
        ClauseKind::DeviceNum,
        ClauseKind::DefaultAsync,
        ClauseKind::Bind,
        ClauseKind::Nohost,
    ];

    /// The canonical spelling: `"copy"`, `"no_create"`, `"self"`, `"device_type"`, ...
    pub fn spelling(&self) -> &'static str {
        match self {
            ClauseKind::Async => "async",
            ClauseKind::Wait => "wait",
            ClauseKind::NumGangs => "num_gangs",
            ClauseKind::NumWorkers => "num_workers",
            ClauseKind::VectorLength => "vector_length",
            ClauseKind::DeviceType => "device_type",
            ClauseKind::If => "if",
            ClauseKind::SelfClause => "self",
            ClauseKind::Reduction => "reduction",
            ClauseKind::Copy => "copy",
            ClauseKind::Copyin => "copyin",
            ClauseKind::Copyout => "copyout",
            ClauseKind::Create => "create",
            ClauseKind::NoCreate => "no_create",
            ClauseKind::Present => "present",
            ClauseKind::Deviceptr => "deviceptr",
            ClauseKind::Attach => "attach",
            ClauseKind::Private => "private",
            ClauseKind::Firstprivate => "firstprivate",
            ClauseKind::Default => "default",
            ClauseKind::Collapse => "collapse",
            ClauseKind::Gang => "gang",
            ClauseKind::Worker => "worker",
            ClauseKind::Vector => "vector",
            ClauseKind::Seq => "seq",
            ClauseKind::Independent => "independent",
            ClauseKind::Auto => "auto",
            ClauseKind::Tile => "tile",
            ClauseKind::UseDevice => "use_device",
            ClauseKind::IfPresent => "if_present",
            ClauseKind::Finalize => "finalize",
            ClauseKind::Delete => "delete",
            ClauseKind::Detach => "detach",
            ClauseKind::Host => "host",
            ClauseKind::Device => "device",
            ClauseKind::DeviceResident => "device_resident",
            ClauseKind::Link => "link",
            ClauseKind::DeviceNum => "device_num",
            ClauseKind::DefaultAsync => "default_async",
            ClauseKind::Bind => "bind",
            ClauseKind::Nohost => "nohost",
        }
    }

    /// Looks up a lower-case clause name, canonical or alias. Returns the kind and, for an alias,
    /// the alias spelling.
    pub fn from_spelling(name: &str) -> Option<(ClauseKind, Option<&'static str>)> {
        const ALIASES: [(&str, ClauseKind); 9] = [
            ("pcopy", ClauseKind::Copy),
            ("present_or_copy", ClauseKind::Copy),
            ("pcopyin", ClauseKind::Copyin),
            ("present_or_copyin", ClauseKind::Copyin),
            ("pcopyout", ClauseKind::Copyout),
            ("present_or_copyout", ClauseKind::Copyout),
            ("pcreate", ClauseKind::Create),
            ("present_or_create", ClauseKind::Create),
            ("dtype", ClauseKind::DeviceType),
        ];
        if let Some(kind) = ClauseKind::ALL.iter().find(|kind| kind.spelling() == name) {
            return Some((*kind, None));
        }
        ALIASES
            .iter()
            .find(|(alias, _)| *alias == name)
            .map(|(alias, kind)| (*kind, Some(*alias)))
    }
}

/// The arguments of a clause; which variant a clause gets depends on its kind and on whether
/// the (optional) parentheses were written. A clause whose arguments could not be parsed gets
/// `None` (and an error).
#[derive(Clone, Debug, PartialEq)]
pub enum ClauseArgs {
    /// `seq`, `independent`, `auto`, `finalize`, `if_present`, `nohost`; also `async`, `wait`,
    /// `gang`, `worker`, `vector` and the compute-construct `self` written without parentheses.
    None,
    /// `if`, `self(cond)`, `num_workers`, `vector_length`, `device_num`, `default_async`,
    /// `async(expr)`.
    Expr(Expr),
    /// `num_gangs(a[, b, c])`.
    Exprs(Vec<Expr>),
    /// Data clauses, `private`, `firstprivate`, `use_device`, `delete`, `detach`, `attach`,
    /// `deviceptr`, `device_resident`, `link`, and `host`/`self`/`device` on `update`.
    Vars(VarList),
    Reduction {
        op: ReductionOp,
        op_span: Range<u32>,
        vars: VarList,
    },
    /// `gang(...)` with parentheses.
    Gang(GangArgs),
    /// `worker(4)` or `worker(num: 4)`; `None` when the parenthesised argument was empty or
    /// invalid (an error was reported).
    Worker(Option<Expr>),
    /// `vector(8)` or `vector(length: 8)`; `None` as for `Worker`.
    Vector(Option<Expr>),
    /// `collapse([force:] n)`.
    Collapse {
        force: bool,
        count: Expr,
    },
    Tile(Vec<TileSize>),
    /// `device_type(*)` gives one [`Ident`] named `"*"`.
    DeviceType(Vec<Ident>),
    Default(DefaultKind),
    /// `wait(...)` with parentheses.
    Wait(WaitArgs),
    Bind(BindName),
}

/// A name as written, with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Range<u32>,
}

/// An uninterpreted expression: its trimmed source text and span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub text: String,
    pub span: Range<u32>,
}

/// A variable list with its optional modifier (`copyin(readonly: a, b)`).
#[derive(Clone, Debug, PartialEq)]
pub struct VarList {
    pub modifier: Option<(DataModifier, Range<u32>)>,
    pub vars: Vec<VarRef>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DataModifier {
    /// `readonly:` on `copyin` and `cache`.
    Readonly,
    /// `zero:` on `copyout` and `create`.
    Zero,
}

impl DataModifier {
    pub fn spelling(self) -> &'static str {
        match self {
            DataModifier::Readonly => "readonly",
            DataModifier::Zero => "zero",
        }
    }
}

/// One variable, member or array section in a variable list: `a`, `s.x`, `p->a[0:n]`,
/// `t%v(1:n)`, or a Fortran common block `/blk/`.
#[derive(Clone, Debug, PartialEq)]
pub struct VarRef {
    pub base: Ident,
    pub path: Vec<PathElem>,
    pub span: Range<u32>,
    /// The exact source text, trimmed.
    pub text: String,
    /// Fortran `/name/`: `base` is the block name and `path` is empty.
    pub common_block: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PathElem {
    /// C `.x` (`arrow: false`) and `->x` (`arrow: true`); Fortran `%x`.
    Member { name: Ident, arrow: bool },
    /// C: one `Subscript` per `[...]` group, so `a[1:2][3:4]` has two `Subscript` elements of
    /// one entry each; Fortran: one group `(i, 1:n, :)` with an entry per dimension.
    Subscript(Vec<Subscript>),
}

/// One subscript; `span` covers its text inside the brackets (e.g. `lo:len`).
#[derive(Clone, Debug, PartialEq)]
pub struct Subscript {
    pub span: Range<u32>,
    pub kind: SubscriptKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SubscriptKind {
    /// `a[i]`, `a(i)`.
    Index(Expr),
    /// C `a[lo:len]`, `a[:len]`, `a[lo:]`, `a[:]`.
    Section {
        lower: Option<Expr>,
        length: Option<Expr>,
    },
    /// Fortran `a(lo:hi:st)`, `a(lo:hi)`, `a(:)`.
    Triplet {
        lower: Option<Expr>,
        upper: Option<Expr>,
        stride: Option<Expr>,
    },
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct GangArgs {
    /// `gang(4)` or `gang(num: 4)`.
    pub num: Option<Expr>,
    pub dim: Option<Expr>,
    pub static_: Option<GangStatic>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum GangStatic {
    Star(Range<u32>),
    Expr(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub enum TileSize {
    Star(Range<u32>),
    Expr(Expr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefaultKind {
    None,
    Present,
}

/// `wait(1, 2)`, `wait(devnum: 0 : 1, 2)`, `wait(devnum: d : queues: q)`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct WaitArgs {
    pub devnum: Option<Expr>,
    pub queues_keyword: bool,
    pub queues: Vec<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum BindName {
    Ident(Ident),
    /// The string without its quotes, and the span of the whole literal.
    String(String, Range<u32>),
}

/// Reduction operators are acc-ir's: `spelling(language)` and `from_spelling(text, language)`
/// give the C (`+ * max min & | ^ && ||`) and Fortran (`iand ior ieor .and. .or. .eqv. .neqv.`)
/// forms.
pub use acc_ir::ReductionOp;
