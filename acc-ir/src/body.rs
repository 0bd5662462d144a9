//! The body IR: the typed, language-neutral code of compute regions and device routines, which
//! both frontends produce and codegen consumes.
//!
//! # Model
//! * A [`Body`] owns its locals and expressions in arenas; its statements form structured blocks
//!   ([`Stmts`]), never a CFG.
//! * Every [`Expr`] has a type from the module's [`TypeTable`](crate::TypeTable). There are no
//!   implicit conversions: the frontend inserts a [`ExprKind::Cast`] wherever its language
//!   converts (C's usual arithmetic conversions, Fortran's kind promotion). Both operands of an
//!   arithmetic or comparison [`BinaryOp`] have the same type, except the shift count of `Shl`/`Shr`.
//! * **Places are addresses.** [`ExprKind::Variable`], [`ExprKind::Local`], [`ExprKind::Index`]
//!   and [`ExprKind::Member`] evaluate to the address of storage (type `Pointer { pointee }`);
//!   [`ExprKind::Load`] reads it and [`Stmt::Store`] writes it. An array place indexed by
//!   `Index` gives the address of an element; a pointer *value* indexed by `Index` gives the
//!   address `ptr + index` (C pointer subscripts).
//! * Comparisons and logical operators yield `Bool { width: 8 }` (an `i1`); the C frontend casts
//!   to `int` where C wants an `int`. `LogicalAnd`/`LogicalOr` short-circuit: their right
//!   operand is evaluated only when needed, so it may be an [`ExprKind::Block`] with side effects.
//! * Integer arithmetic wraps (two's complement) for unsigned types; signed overflow is undefined
//!   as in C. Division and remainder follow the operand type's signedness.
//! * A [`Stmt::AccLoop`] is a loop with OpenACC semantics whose iterations may run in parallel as
//!   its `acc.loop` op says; its controls are normalised by the outlining pass. Every other loop
//!   runs sequentially in the thread that reaches it.

use crate::arena::{Arena, Handle};
use crate::ops::{AtomicKind, Op, ReductionOp, Variable};
use crate::span::Span;
use crate::types::TypeHandle;

pub type ExprId = Handle<Expr>;
pub type LocalId = Handle<Local>;
pub type Stmts = Vec<Stmt>;

/// Code with its own locals and expressions.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Body {
    pub locals: Arena<Local>,
    pub exprs: Arena<Expr>,
    pub stmts: Stmts,
}

/// A variable declared inside the code (a block-scope declaration, a temporary, a parameter of a
/// device routine).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Local {
    pub name: String,
    pub ty: TypeHandle,
    pub kind: LocalKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LocalKind {
    /// Declared by the user's code.
    Declared,
    /// Made by lowering (the old value of `x++`, a loop trip count).
    Temporary,
    /// The `index`-th parameter of a device routine.
    Parameter(u32),
}

/// A typed expression.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: TypeHandle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum UnaryOp {
    Neg,
    /// Bitwise not.
    Not,
    /// Logical not (operand compared with zero), yields `Bool`.
    LogicalNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    /// Arithmetic for signed, logical for unsigned types.
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    LogicalAnd,
    LogicalOr,
    /// Fortran `max`/`min` and C's `fmax`-like uses after lowering.
    Max,
    Min,
}

/// Library functions with a device implementation (libm on the host, libdevice on NVIDIA,
/// ocml on AMD). The operand type selects the float or double version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum MathFn {
    Sqrt,
    Cbrt,
    Exp,
    Exp2,
    Expm1,
    Log,
    Log2,
    Log10,
    Log1p,
    Pow,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
    Fabs,
    Floor,
    Ceil,
    Round,
    Trunc,
    Fmod,
    Fmin,
    Fmax,
    Fma,
    Hypot,
    Copysign,
    Erf,
    Erfc,
    Tgamma,
    Lgamma,
    /// Integer absolute value (C `abs`, `labs`, Fortran `abs` of an integer).
    Iabs,
}

impl MathFn {
    /// The C library name of the double version (`sqrt`); the float version adds `f`.
    pub fn c_name(self) -> &'static str {
        match self {
            MathFn::Sqrt => "sqrt",
            MathFn::Cbrt => "cbrt",
            MathFn::Exp => "exp",
            MathFn::Exp2 => "exp2",
            MathFn::Expm1 => "expm1",
            MathFn::Log => "log",
            MathFn::Log2 => "log2",
            MathFn::Log10 => "log10",
            MathFn::Log1p => "log1p",
            MathFn::Pow => "pow",
            MathFn::Sin => "sin",
            MathFn::Cos => "cos",
            MathFn::Tan => "tan",
            MathFn::Asin => "asin",
            MathFn::Acos => "acos",
            MathFn::Atan => "atan",
            MathFn::Atan2 => "atan2",
            MathFn::Sinh => "sinh",
            MathFn::Cosh => "cosh",
            MathFn::Tanh => "tanh",
            MathFn::Asinh => "asinh",
            MathFn::Acosh => "acosh",
            MathFn::Atanh => "atanh",
            MathFn::Fabs => "fabs",
            MathFn::Floor => "floor",
            MathFn::Ceil => "ceil",
            MathFn::Round => "round",
            MathFn::Trunc => "trunc",
            MathFn::Fmod => "fmod",
            MathFn::Fmin => "fmin",
            MathFn::Fmax => "fmax",
            MathFn::Fma => "fma",
            MathFn::Hypot => "hypot",
            MathFn::Copysign => "copysign",
            MathFn::Erf => "erf",
            MathFn::Erfc => "erfc",
            MathFn::Tgamma => "tgamma",
            MathFn::Lgamma => "lgamma",
            MathFn::Iabs => "abs",
        }
    }

    /// The math function a C library name denotes (`sqrtf` and `sqrt` both give `Sqrt`).
    pub fn from_c_name(name: &str) -> Option<MathFn> {
        const ALL: [MathFn; 39] = [
            MathFn::Sqrt,
            MathFn::Cbrt,
            MathFn::Exp,
            MathFn::Exp2,
            MathFn::Expm1,
            MathFn::Log,
            MathFn::Log2,
            MathFn::Log10,
            MathFn::Log1p,
            MathFn::Pow,
            MathFn::Sin,
            MathFn::Cos,
            MathFn::Tan,
            MathFn::Asin,
            MathFn::Acos,
            MathFn::Atan,
            MathFn::Atan2,
            MathFn::Sinh,
            MathFn::Cosh,
            MathFn::Tanh,
            MathFn::Asinh,
            MathFn::Acosh,
            MathFn::Atanh,
            MathFn::Fabs,
            MathFn::Floor,
            MathFn::Ceil,
            MathFn::Round,
            MathFn::Trunc,
            MathFn::Fmod,
            MathFn::Fmin,
            MathFn::Fmax,
            MathFn::Fma,
            MathFn::Hypot,
            MathFn::Copysign,
            MathFn::Erf,
            MathFn::Erfc,
            MathFn::Tgamma,
            MathFn::Lgamma,
            MathFn::Iabs,
        ];
        if matches!(name, "labs" | "llabs") {
            return Some(MathFn::Iabs);
        }
        let base = ALL.iter().find(|f| f.c_name() == name).copied();
        base.or_else(|| {
            let stripped = name.strip_suffix('f')?;
            ALL.iter()
                .find(|f| f.c_name() == stripped && **f != MathFn::Iabs)
                .copied()
        })
    }

    /// How many operands the function takes.
    pub fn arity(self) -> usize {
        match self {
            MathFn::Pow
            | MathFn::Atan2
            | MathFn::Fmod
            | MathFn::Fmin
            | MathFn::Fmax
            | MathFn::Hypot
            | MathFn::Copysign => 2,
            MathFn::Fma => 3,
            _ => 1,
        }
    }
}

/// Device-side queries the program may call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Builtin {
    /// `acc_on_device(dev)`: whether the code runs on a device of that type.
    AccOnDevice,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum ExprKind {
    /// An integer or boolean constant of the expression's type.
    Int(i128),
    /// A floating-point constant, converted to the expression's type.
    Float(f64),
    /// The address of a variable of the enclosing program: captured by a compute region, or a
    /// global used by a routine. Outlining decides how it reaches the kernel.
    Variable(Handle<Variable>),
    /// The address of a local.
    Local(LocalId),
    /// The value stored at an address.
    Load(ExprId),
    /// The address of element `index` of the array at address `base`, or `base + index` when
    /// `base` is a pointer value.
    Index {
        base: ExprId,
        index: ExprId,
    },
    /// The address of member `member` (its position) of the struct or union at address `base`.
    Member {
        base: ExprId,
        member: u32,
    },
    /// The address of the first element of the array at address `array` (array-to-pointer decay).
    Decay(ExprId),
    Unary {
        op: UnaryOp,
        operand: ExprId,
    },
    Binary {
        op: BinaryOp,
        left: ExprId,
        right: ExprId,
    },
    /// `pointer + offset` in elements; `offset` is an integer.
    PointerAdd {
        pointer: ExprId,
        offset: ExprId,
    },
    /// `left - right` in elements, as a 64-bit integer.
    PointerDiff {
        left: ExprId,
        right: ExprId,
    },
    /// A conversion to the expression's type (numeric, bool, pointer).
    Cast(ExprId),
    /// `cond ? accept : reject`; only the chosen operand is evaluated.
    Select {
        cond: ExprId,
        accept: ExprId,
        reject: ExprId,
    },
    /// A call of a program function (a device routine, implicit or explicit).
    Call {
        function: String,
        args: Vec<ExprId>,
    },
    Math {
        function: MathFn,
        args: Vec<ExprId>,
    },
    Builtin {
        builtin: Builtin,
        args: Vec<ExprId>,
    },
    /// Statements run for their side effects, then the value (C's comma operator, `x++` in an
    /// expression, assignments used as values).
    Block {
        stmts: Stmts,
        value: ExprId,
    },
}

/// One associated loop of an [`Stmt::AccLoop`]: `var` runs from `lower` while `var compare
/// upper` holds, advancing by `step`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LoopControl {
    pub var: LocalOrVariable,
    pub lower: ExprId,
    pub upper: ExprId,
    pub compare: BinaryOp,
    pub step: ExprId,
}

/// How an [`Stmt::AccLoop`] runs, decided by the outlining pass from the loop's clauses, the
/// construct, and (in `kernels`) the dependence test. Frontends leave it at `Default` (sequential).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LoopMapping {
    /// Iterations are divided among the gangs (on multicore: the threads).
    pub gang: bool,
    /// The gang dimension a gang loop divides (`gang(dim: n)`, OpenACC 3.3 §2.9.2): 2 and 3
    /// for those dimensions, 0 or 1 for the first (0 is what `Default` and loops without a
    /// `dim` leave). See [`LoopMapping::gang_dimension`].
    pub gang_dim: u8,
    /// Iterations are divided among the workers of a gang (GPU threadIdx.y).
    pub worker: bool,
    /// Iterations run as vector lanes (GPU threadIdx.x; on multicore, LLVM vectorises).
    pub vector: bool,
    /// accc chose the levels (the loop's directive names none, or it is a loop of a `kernels`
    /// region proven parallel): the link step may lower them below a routine the loop calls
    /// ([`crate::passes::routines`]), where a level the user wrote would be an error.
    #[serde(default)]
    pub chosen: bool,
}

impl LoopMapping {
    /// The gang dimension (1 to 3) a gang loop divides; 1 when no `dim` was given.
    pub fn gang_dimension(&self) -> u8 {
        self.gang_dim.clamp(1, 3)
    }

    /// The lowest level the loop partitions at, `None` for a sequential loop.
    pub fn lowest_level(&self) -> Option<crate::ops::ParLevel> {
        use crate::ops::ParLevel;
        if self.vector {
            Some(ParLevel::Vector)
        } else if self.worker {
            Some(ParLevel::Worker)
        } else if self.gang {
            Some(ParLevel::Gang)
        } else {
            None
        }
    }

    /// The mapping without the levels at or below `level` (gang > worker > vector): what is left
    /// to a loop that calls a routine of that level.
    pub fn above(self, level: crate::ops::ParLevel) -> LoopMapping {
        use crate::ops::ParLevel;
        let gang = self.gang && level < ParLevel::Gang;
        LoopMapping {
            gang,
            gang_dim: if gang { self.gang_dim } else { 0 },
            worker: self.worker && level < ParLevel::Worker,
            vector: self.vector && level < ParLevel::Vector,
            chosen: self.chosen,
        }
    }
}

/// A loop variable is a local of the code or a variable of the enclosing program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LocalOrVariable {
    Local(LocalId),
    Variable(Handle<Variable>),
}

/// One `case` group of a switch: the values that select it (empty for `default`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SwitchCase {
    pub values: Vec<i128>,
    pub is_default: bool,
    pub body: Stmts,
    /// Whether control falls into the next case at the end of `body` (C without `break`).
    pub falls_through: bool,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Stmt {
    /// Evaluate for side effects.
    Eval(ExprId),
    /// `*address = value`.
    Store {
        address: ExprId,
        value: ExprId,
    },
    /// A local comes into scope, with its initial value.
    Declare {
        local: LocalId,
        init: Option<ExprId>,
    },
    If {
        cond: ExprId,
        accept: Stmts,
        reject: Stmts,
    },
    /// A sequential loop: `cond` is tested before each iteration (after, when `test_after`, as
    /// in `do ... while`); `step` runs after the body and after `continue`.
    Loop {
        cond: Option<ExprId>,
        body: Stmts,
        step: Stmts,
        test_after: bool,
    },
    /// An OpenACC loop: `op` is its `acc.loop` op (or `None` for a loop of a `kernels` region
    /// the compiler chose to parallelise); `controls` holds one entry per collapsed level.
    /// `tile` is empty, or holds one positive tile size per control (outermost first): the
    /// nest is then strip-mined into tile loops over the tiles (the ones a `gang` mapping
    /// divides) and element loops inside each tile (the ones a `vector` mapping vectorises),
    /// partial tiles at the edges included. Frontends leave it empty; the outlining pass fills
    /// it from the `tile` clause when the loop runs in parallel.
    AccLoop {
        op: Option<Handle<Op>>,
        controls: Vec<LoopControl>,
        mapping: LoopMapping,
        tile: Vec<u64>,
        body: Stmts,
    },
    Switch {
        selector: ExprId,
        cases: Vec<SwitchCase>,
    },
    Break,
    Continue,
    Return(Option<ExprId>),
    /// An atomic operation on `address`: read (`*capture = *address`), write (`*address =
    /// value`), update (`*address = *address op value`) or capture (update, and store the old
    /// value when `capture_old` or the new one otherwise into `capture`). `reversed` updates
    /// compute `*address = value op *address` (C's `x = expr - x`, Fortran's `x = expr / x`).
    Atomic {
        kind: AtomicKind,
        address: ExprId,
        op: Option<BinaryOp>,
        value: Option<ExprId>,
        capture: Option<ExprId>,
        capture_old: bool,
        reversed: bool,
    },
    Block(Stmts),
}

/// How a captured variable reaches an outlined kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Passing {
    /// The device address of mapped data (a data clause, implicit or explicit).
    DeviceAddress,
    /// The value at region entry (firstprivate).
    Value,
    /// A fresh, uninitialised copy per gang/thread (private).
    Private,
    /// Per-thread partial results combined at the end with `op`.
    Reduction(ReductionOp),
}

/// A captured variable as a kernel parameter.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KernelParam {
    pub var: Handle<Variable>,
    pub passing: Passing,
    /// The data op that decided the passing (absent for globals with `declare`).
    pub data_op: Option<Handle<crate::ops::DataOp>>,
}

/// A compute region outlined as a kernel.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Kernel {
    /// Unique in the program: `<function>_<line>_<kind>` plus a counter on collisions.
    pub name: String,
    pub compute: Handle<Op>,
    pub params: Vec<KernelParam>,
    pub body: Body,
    pub span: Span,
}

/// A function compiled for the device (an explicit or implicit `acc routine`). Every function a
/// translation unit defines gets one when its body can run on a device; the link step keeps
/// those a compute region reaches ([`crate::passes::routines`]).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct DeviceFunction {
    /// The function's name in the source.
    pub name: String,
    /// The symbol device code defines it under and calls in its translation unit use (C: the
    /// global alias of the function, which `static` functions have too).
    pub symbol: String,
    /// Whether other translation units can call it (not `static`).
    pub external: bool,
    pub result: TypeHandle,
    /// Parameters are the locals with [`LocalKind::Parameter`], in order.
    pub body: Body,
    /// The explicit level, or the level the link step computed for an implicit routine.
    pub level: crate::ops::ParLevel,
    /// Where a `routine` directive gave the level; `None` for an implicit routine.
    pub explicit: Option<Span>,
    pub span: Span,
    /// The multicore kernel object exports it as [`EXPORT_PREFIX`]`symbol` for other files'
    /// kernels (a Fortran procedure other files can call that takes an array by descriptor).
    #[serde(default)]
    pub exported: bool,
    /// Why the multicore kernel object of its file has no [`EXPORT_PREFIX`] version of this
    /// exported function (its code could not be compiled there): the link step reports other
    /// files' kernels that call it instead of leaving the linker an undefined symbol.
    #[serde(default)]
    pub export_error: Option<String>,
}

/// The prefix of the global alias through which code calls a function of its translation unit
/// (`__accc_fn_<tu>_<name>`, made by the C frontend): [`DeviceFunction::symbol`] and the
/// names of calls to functions defined in the same translation unit.
pub const ALIAS_PREFIX: &str = "__accc_fn_";

/// The prefix of the symbol under which a Fortran file's multicore kernel object exports the
/// device version of each procedure other files can call (`__accc_dev_<symbol>`): kernels of
/// other files call it when the procedure takes an assumed-shape, allocatable or pointer array,
/// whose device convention (address and bounds) differs from the host version's descriptor.
/// The link-time routine analysis reads such a call as a call of `<symbol>`.
pub const EXPORT_PREFIX: &str = "__accc_dev_";

/// C library functions that device code may call without a routine of the program: every
/// device has them (CUDA's device heap gives kernels `malloc` and `free`; on the host and
/// multicore devices they are the C library's).
pub fn device_library(name: &str) -> bool {
    matches!(name, "malloc" | "free")
}

/// The function name an alias symbol (`__accc_fn_<tu>_<name>`) stands for.
pub fn alias_target(alias: &str) -> Option<&str> {
    let rest = alias.strip_prefix(ALIAS_PREFIX)?;
    rest.split_once('_').map(|(_, name)| name)
}

/// A function a translation unit defines that cannot run on a device, with why (a device
/// routine call of it is an error at link time).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HostFunction {
    pub name: String,
    pub symbol: String,
    pub external: bool,
    pub span: Span,
    pub reason: String,
    /// What in the body cannot run on a device.
    pub reason_span: Span,
}

/// A call of a named function in host code: outside compute regions, in a function of the
/// translation unit (routines included; their host versions make the call too). A call of an
/// `acc routine nohost` function is an error unless `caller` is itself a `nohost` routine
/// (3.3 §2.15.1); the frontend checks the routines of its own file, the link step those of
/// other files ([`crate::passes::routines::nohost_calls`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HostCall {
    /// The name called, as the source spells it (Fortran: lower case).
    pub callee: String,
    /// The function the call is in (Fortran: the procedure or main program, lower case).
    pub caller: String,
    /// The call.
    pub span: Span,
}

impl Body {
    /// Adds an expression of type `ty`.
    pub fn expr(&mut self, kind: ExprKind, ty: TypeHandle, span: Span) -> ExprId {
        self.exprs.append(Expr { kind, ty }, span)
    }

    /// Adds a local.
    pub fn local(
        &mut self,
        name: impl Into<String>,
        ty: TypeHandle,
        kind: LocalKind,
        span: Span,
    ) -> LocalId {
        self.locals.append(
            Local {
                name: name.into(),
                ty,
                kind,
            },
            span,
        )
    }

    /// The parameters of a device routine, in order.
    pub fn parameters(&self) -> Vec<LocalId> {
        let mut params: Vec<(u32, LocalId)> = self
            .locals
            .iter()
            .filter_map(|(h, l)| match l.kind {
                LocalKind::Parameter(i) => Some((i, h)),
                _ => None,
            })
            .collect();
        params.sort();
        params.into_iter().map(|(_, h)| h).collect()
    }
}

/// Whether `pred` holds for any statement of `stmts` or of the statement lists nested in them
/// (branches, loop bodies and steps, switch cases, blocks; not statements inside expressions).
/// Iterative, so deeply nested code cannot exhaust the stack.
pub fn any_stmt(stmts: &[Stmt], mut pred: impl FnMut(&Stmt) -> bool) -> bool {
    let mut stack: Vec<&[Stmt]> = vec![stmts];
    while let Some(list) = stack.pop() {
        for stmt in list {
            if pred(stmt) {
                return true;
            }
            match stmt {
                Stmt::If { accept, reject, .. } => {
                    stack.push(accept);
                    stack.push(reject);
                }
                Stmt::Loop { body, step, .. } => {
                    stack.push(body);
                    stack.push(step);
                }
                Stmt::AccLoop { body, .. } | Stmt::Block(body) => stack.push(body),
                Stmt::Switch { cases, .. } => stack.extend(cases.iter().map(|c| c.body.as_slice())),
                _ => {}
            }
        }
    }
    false
}

/// Whether every thread of a kernel that tests `cond` (every gang, every thread of a gang's
/// block) sees the same value whenever it gets there: the condition reads only scalar
/// variables and locals that `branches` never assign (no array element, no call), so no loop
/// in a branch — another gang's share, or the block's other threads — can change it before a
/// late thread tests it. The kernels split (`passes::outline`) and the GPU thread pool
/// (codegen) rely on it.
pub fn uniform_condition(code: &Body, cond: ExprId, branches: [&[Stmt]; 2]) -> bool {
    let mut read = Vec::new();
    let mut stack = vec![cond];
    while let Some(expr) = stack.pop() {
        match &code.exprs[expr].kind {
            ExprKind::Load(address) => match code.exprs[*address].kind {
                ExprKind::Variable(_) | ExprKind::Local(_) => {
                    read.push(code.exprs[*address].kind.clone())
                }
                _ => return false,
            },
            ExprKind::Call { .. } | ExprKind::Builtin { .. } | ExprKind::Block { .. } => {
                return false
            }
            kind => stack.extend(expr_children(kind)),
        }
    }
    let assigns = |stmt: &Stmt| match stmt {
        Stmt::Store { address, .. } | Stmt::Atomic { address, .. } => {
            read.contains(&code.exprs[*address].kind)
        }
        _ => false,
    };
    !branches.iter().any(|stmts| any_stmt(stmts, assigns))
}

/// Where a loop of the code is in the user's file, for a loop without a `loop` directive to
/// say so: the declaration of its variable (`for (int i = 0; ...`), else its first control's
/// lower bound (`do j = 2, n`, `for (i = 0; ...`); `None` when neither is known.
pub fn loop_position(body: &Body, controls: &[LoopControl]) -> Option<Span> {
    let first = controls.first()?;
    let declared = match first.var {
        LocalOrVariable::Local(local) => Some(body.locals.get_span(local)),
        LocalOrVariable::Variable(_) => None,
    };
    declared
        .filter(Span::is_known)
        .or_else(|| Some(body.exprs.get_span(first.lower)).filter(Span::is_known))
}

/// Whether the statements contain a gang-partitioned acc loop.
pub fn has_gang_loop(stmts: &[Stmt]) -> bool {
    highest_gang_dim(stmts) > 0
}

/// The highest gang dimension (1 to 3) a gang loop of `stmts` divides; 0 without gang loops.
pub fn highest_gang_dim(stmts: &[Stmt]) -> u8 {
    let mut highest = 0;
    any_stmt(stmts, |s| {
        if let Stmt::AccLoop { mapping, .. } = s {
            if mapping.gang {
                highest = highest.max(mapping.gang_dimension());
            }
        }
        false
    });
    highest
}

/// The expressions an expression refers to: its operands and, for a `Block`, every expression
/// its statements refer to directly.
pub fn expr_children(kind: &ExprKind) -> Vec<ExprId> {
    match kind {
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Variable(_) | ExprKind::Local(_) => {
            Vec::new()
        }
        ExprKind::Load(e) | ExprKind::Decay(e) | ExprKind::Cast(e) => vec![*e],
        ExprKind::Unary { operand, .. } => vec![*operand],
        ExprKind::Member { base, .. } => vec![*base],
        ExprKind::Index { base, index } => vec![*base, *index],
        ExprKind::Binary { left, right, .. } | ExprKind::PointerDiff { left, right } => {
            vec![*left, *right]
        }
        ExprKind::PointerAdd { pointer, offset } => vec![*pointer, *offset],
        ExprKind::Select {
            cond,
            accept,
            reject,
        } => vec![*cond, *accept, *reject],
        ExprKind::Call { args, .. }
        | ExprKind::Math { args, .. }
        | ExprKind::Builtin { args, .. } => args.clone(),
        ExprKind::Block { stmts, value } => {
            let mut all = vec![*value];
            stmt_exprs(stmts, &mut all);
            all
        }
    }
}

/// Every expression the statements refer to directly (not through other expressions).
pub fn stmt_exprs(stmts: &[Stmt], out: &mut Vec<ExprId>) {
    let mut stack: Vec<&[Stmt]> = vec![stmts];
    while let Some(list) = stack.pop() {
        for stmt in list {
            match stmt {
                Stmt::Eval(e) => out.push(*e),
                Stmt::Store { address, value } => out.extend([*address, *value]),
                Stmt::Declare { init, .. } => out.extend(init.iter().copied()),
                Stmt::If {
                    cond,
                    accept,
                    reject,
                } => {
                    out.push(*cond);
                    stack.extend([accept.as_slice(), reject.as_slice()]);
                }
                Stmt::Loop {
                    cond, body, step, ..
                } => {
                    out.extend(cond.iter().copied());
                    stack.extend([body.as_slice(), step.as_slice()]);
                }
                Stmt::AccLoop { controls, body, .. } => {
                    for control in controls {
                        out.extend([control.lower, control.upper, control.step]);
                    }
                    stack.push(body);
                }
                Stmt::Switch { selector, cases } => {
                    out.push(*selector);
                    stack.extend(cases.iter().map(|c| c.body.as_slice()));
                }
                Stmt::Break | Stmt::Continue => {}
                Stmt::Return(value) => out.extend(value.iter().copied()),
                Stmt::Atomic {
                    address,
                    value,
                    capture,
                    ..
                } => {
                    out.push(*address);
                    out.extend(value.iter().chain(capture.iter()).copied());
                }
                Stmt::Block(inner) => stack.push(inner),
            }
        }
    }
}
