//! The operations of acc-ir: constructs ([`Op`]), decomposed data clauses ([`DataOp`]), bounds,
//! recipes, and the [`Module`] that owns them all.

use crate::arena::{Arena, Handle};
use crate::span::{SourceFiles, Span};
use crate::types::{TypeHandle, TypeInner, TypeTable};

/// A list of ops in program order; constructs with a region own one.
pub type Block = Vec<Handle<Op>>;
pub type ExprHandle = Handle<HostExpr>;

/// The source language a module came from; printers use it for spellings.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Language {
    #[default]
    C,
    Fortran,
}

/// One translation unit's OpenACC program.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Module {
    pub language: Language,
    pub files: SourceFiles,
    pub types: TypeTable,
    pub variables: Arena<Variable>,
    pub exprs: Arena<HostExpr>,
    pub bounds: Arena<Bounds>,
    pub data_ops: Arena<DataOp>,
    pub recipes: Arena<Recipe>,
    pub ops: Arena<Op>,
    /// Ops at file scope: `routine` and `declare` of globals.
    pub globals: Block,
    /// Functions that contain OpenACC constructs, in source order.
    pub functions: Vec<Function>,
    /// The code of compute regions, by compute op. A region without code could not be lowered
    /// (a remark says why) and runs through the host fallback.
    pub region_code: std::collections::BTreeMap<Handle<Op>, crate::body::Body>,
    /// Functions compiled for the device (explicit and implicit routines).
    pub device_functions: Vec<crate::body::DeviceFunction>,
    /// Functions defined here whose bodies cannot run on a device, with why.
    pub host_functions: Vec<crate::body::HostFunction>,
    /// Calls in host code (outside compute regions), for the `nohost` check across files.
    pub host_calls: Vec<crate::body::HostCall>,
    /// Compute regions outlined as kernels.
    pub kernels: Vec<crate::body::Kernel>,
    /// Whether the code's floating-point `a * b + c` may be contracted into one fused
    /// multiply-add ([`FpContract`]).
    pub fp_contract: FpContract,
    /// `-g`: the host kernels carry DWARF line tables (a debugger stops at a line of a
    /// compute region on the multicore device).
    #[serde(default)]
    pub debug_info: bool,
}

/// Floating-point contraction (`a * b + c` computed as one fused multiply-add, rounded once),
/// as the host compiler's options decide it for the translation unit. Codegen marks the
/// code's floating-point `+`, `-` and `*` of the targets it applies to contractable, and a
/// target with fused multiply-adds then fuses them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FpContract {
    /// Every operation rounds (`-ffp-contract=off` or `on`, which gcc takes as `off`; ISO C
    /// modes such as `-std=c11`).
    #[default]
    Off,
    /// gcc's default `-ffp-contract=fast` for GNU C and Fortran: the host code is contracted
    /// when its target CPU has fused multiply-adds (`-march=haswell`, `native`, ...), and so
    /// are the multicore kernels, compiled for the same CPU. GPU code keeps every rounding, as
    /// the host fallback for a generic CPU does, so that both give the same results.
    Host,
    /// `-ffp-contract=fast` (or `-ffast-math`, `-Ofast`) on the command line: contracted on
    /// every target, GPUs included (NVHPC's default there).
    Fast,
}

/// A function that holds constructs; `body` is the top-level constructs of its body.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Function {
    pub name: String,
    pub span: Span,
    pub body: Block,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Storage {
    Global,
    Static,
    Extern,
    Local,
    Parameter,
}

/// A variable named by a clause or used in a compute region.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Variable {
    pub name: String,
    pub ty: TypeHandle,
    pub storage: Storage,
    /// Where it is declared.
    pub decl: Span,
    /// Set for a value the frontend made up for device code (see [`Derived`]).
    #[serde(default)]
    pub derived: Option<Derived>,
    /// A C pointer declared `restrict`: while it is in scope, memory reached through it is
    /// reached through no other pointer that is not derived from it (C11 6.7.3.1).
    #[serde(default)]
    pub restrict: bool,
    /// The linker symbol of a global whose symbol is not its name: a Fortran module
    /// variable's (`__<module>_MOD_<name>`, or its `bind(c)` name).
    #[serde(default)]
    pub symbol: Option<String>,
}

impl Variable {
    /// The linker symbol of a global variable.
    pub fn link_name(&self) -> &str {
        self.symbol.as_deref().unwrap_or(&self.name)
    }
}

/// The prefix of the device pointer global that stands for a `declare link` variable.
pub const LINK_POINTER_PREFIX: &str = "__accc_link_";

/// The symbol of the device module's pointer global for the `declare link` variable whose host
/// symbol is `symbol` ([`Module::declared_link`]).
pub fn link_pointer_symbol(symbol: &str) -> String {
    format!("{LINK_POINTER_PREFIX}{symbol}")
}

/// A value device code needs that the source does not name, computed by the host code at
/// region entry and passed `firstprivate` (or, for [`Derived::Member`], a member's device
/// address): a Fortran array's lower bound or stride, which its
/// descriptor holds at run time (allocatable, pointer and assumed-shape arrays, and explicit
/// shapes with variable bounds). Element `(i1, ..., ir)` of such an array is at
/// `base + sum((i_d - LowerBound_d) * Stride_d)` elements from the address of its first element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Derived {
    /// `lbound(array, dim + 1)`.
    LowerBound { array: Handle<Variable>, dim: u32 },
    /// The distance in elements between consecutive elements of dimension `dim` (zero-based).
    Stride { array: Handle<Variable>, dim: u32 },
    /// `size(array, dim + 1)`: the number of elements of dimension `dim` (for `size` and
    /// `ubound` in device code).
    Extent { array: Handle<Variable>, dim: u32 },
    /// Member `member` (its position) of the struct or derived-type variable `base`, when data
    /// clauses map that member on its own: a kernel parameter of its own holding the member's
    /// device address (not a value; see `passes::outline`). Its name is the member's host
    /// designator (`s.a`, `f%v`).
    Member { base: Handle<Variable>, member: u32 },
    /// The length in elements of private or firstprivate section `op` through a C pointer
    /// (`private(tmp[0:n])`), which the host evaluates at the construct's entry: a multicore
    /// kernel sizes the section's copies from it (see `passes::private_sections`).
    SectionLength { op: Handle<DataOp> },
}

/// An expression evaluated on the host when its construct is entered. `text` is the host
/// language's source text; `value` is its value when it is an integer constant.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HostExpr {
    pub text: String,
    pub value: Option<i64>,
}

/// One dimension of a data section, zero-based: `lowerbound` and `upperbound` count elements from
/// the first element of the dimension, whose source-language index is `start_idx`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Bounds {
    pub lowerbound: ExprHandle,
    /// `None` when the extent is unknown (an assumed-size array's last dimension).
    pub upperbound: Option<ExprHandle>,
    pub extent: Option<ExprHandle>,
    pub stride: ExprHandle,
    pub start_idx: ExprHandle,
}

/// What the user wrote, kept on every data op (MLIR's `dataClause`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DataClause {
    Copy,
    Copyin,
    Copyout,
    Create,
    Present,
    NoCreate,
    Deviceptr,
    Attach,
    Detach,
    Delete,
    Private,
    Firstprivate,
    Reduction,
    UseDevice,
    UpdateHost,
    UpdateSelf,
    UpdateDevice,
    DeviceResident,
    Link,
    Cache,
}

impl DataClause {
    /// The clause's OpenACC spelling.
    pub fn spelling(self) -> &'static str {
        match self {
            DataClause::Copy => "copy",
            DataClause::Copyin => "copyin",
            DataClause::Copyout => "copyout",
            DataClause::Create => "create",
            DataClause::Present => "present",
            DataClause::NoCreate => "no_create",
            DataClause::Deviceptr => "deviceptr",
            DataClause::Attach => "attach",
            DataClause::Detach => "detach",
            DataClause::Delete => "delete",
            DataClause::Private => "private",
            DataClause::Firstprivate => "firstprivate",
            DataClause::Reduction => "reduction",
            DataClause::UseDevice => "use_device",
            DataClause::UpdateHost => "host",
            DataClause::UpdateSelf => "self",
            DataClause::UpdateDevice => "device",
            DataClause::DeviceResident => "device_resident",
            DataClause::Link => "link",
            DataClause::Cache => "cache",
        }
    }

    /// MLIR's `#acc<data_clause ...>` name.
    pub fn mlir_name(self) -> String {
        format!("acc_{}", self.spelling())
    }
}

/// The action a data op performs (MLIR's op name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DataOpKind {
    // Entry ops.
    Copyin,
    Create,
    Present,
    NoCreate,
    Attach,
    Deviceptr,
    Private,
    Firstprivate,
    Reduction,
    UseDevice,
    /// Looks up the device address for an exit or update-host op.
    GetDevicePtr,
    UpdateDevice,
    Cache,
    DeclareDeviceResident,
    DeclareLink,
    // Exit ops.
    Copyout,
    Delete,
    Detach,
    UpdateHost,
}

impl DataOpKind {
    pub fn is_exit(self) -> bool {
        matches!(
            self,
            DataOpKind::Copyout | DataOpKind::Delete | DataOpKind::Detach | DataOpKind::UpdateHost
        )
    }

    pub fn mlir_name(self) -> &'static str {
        match self {
            DataOpKind::Copyin => "acc.copyin",
            DataOpKind::Create => "acc.create",
            DataOpKind::Present => "acc.present",
            DataOpKind::NoCreate => "acc.nocreate",
            DataOpKind::Attach => "acc.attach",
            DataOpKind::Deviceptr => "acc.deviceptr",
            DataOpKind::Private => "acc.private",
            DataOpKind::Firstprivate => "acc.firstprivate",
            DataOpKind::Reduction => "acc.reduction",
            DataOpKind::UseDevice => "acc.use_device",
            DataOpKind::GetDevicePtr => "acc.getdeviceptr",
            DataOpKind::UpdateDevice => "acc.update_device",
            DataOpKind::Cache => "acc.cache",
            DataOpKind::DeclareDeviceResident => "acc.declare_device_resident",
            DataOpKind::DeclareLink => "acc.declare_link",
            DataOpKind::Copyout => "acc.copyout",
            DataOpKind::Delete => "acc.delete",
            DataOpKind::Detach => "acc.detach",
            DataOpKind::UpdateHost => "acc.update_host",
        }
    }
}

/// Clause modifiers of OpenACC 3.3.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Modifiers {
    pub readonly: bool,
    pub zero: bool,
}

/// How the memory of a data op's section is laid out (see [`Module::section_layout`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionLayout {
    /// One contiguous range (a whole variable, a section of an array, of a pointer's target, or
    /// of a pointer to arrays `double (*p)[C]`).
    Contiguous,
    /// `p[lo:n][lo2:n2]` where `p[i]` are pointers (`double **p`, `double *p[R]`): the pointer
    /// array `p[lo:n]` and one block `p[i][lo2:n2]` per pointer, each attached to its slot in
    /// the pointer array's device copy (OpenACC 3.3 §2.7.1, §2.7.2). Printed as `rows = attach`.
    PointerRows,
    /// A section that steps through pointers in some other dimension (`p[0:a][0:b][0:c]` of a
    /// `double ***p`); not mapped.
    Unsupported,
}

/// One step of the path from a variable to the data a clause names: `s.v`, `p->x`, `a[i]`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PathStep {
    /// `.name` (or Fortran `%name`); `arrow` for C `->`.
    Member { name: String, arrow: bool },
    /// A single-element subscript in a dimension that is not a section.
    Index(ExprHandle),
}

/// A device-type selector: the `device_type` clause a value sits under (empty = none given).
pub type DeviceTypes = Vec<DeviceType>;

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DeviceType {
    Star,
    Default,
    Host,
    Multicore,
    Nvidia,
    Radeon,
    /// An implementation-defined name this compiler does not target; kept for printing.
    Other(String),
}

impl DeviceType {
    pub fn from_name(name: &str) -> Self {
        match name.to_ascii_lowercase().as_str() {
            "*" => DeviceType::Star,
            "default" => DeviceType::Default,
            "host" => DeviceType::Host,
            "multicore" => DeviceType::Multicore,
            "nvidia" => DeviceType::Nvidia,
            "radeon" => DeviceType::Radeon,
            _ => DeviceType::Other(name.to_string()),
        }
    }

    pub fn spelling(&self) -> &str {
        match self {
            DeviceType::Star => "*",
            DeviceType::Default => "default",
            DeviceType::Host => "host",
            DeviceType::Multicore => "multicore",
            DeviceType::Nvidia => "nvidia",
            DeviceType::Radeon => "radeon",
            DeviceType::Other(name) => name,
        }
    }
}

/// A clause value that may be specific to some device types.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DeviceTyped<T> {
    pub device_types: DeviceTypes,
    pub value: T,
}

/// The argument of an `async` clause.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AsyncArg {
    /// `async` without an argument (acc_async_noval).
    Noval,
    Queue(ExprHandle),
}

/// The argument of a `wait` clause or directive: `wait(devnum: d : q1, q2)`.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WaitArg {
    pub devnum: Option<ExprHandle>,
    /// Whether the user wrote the `queues:` keyword.
    pub queues_keyword: bool,
    /// Empty: wait for all queues.
    pub queues: Vec<ExprHandle>,
}

/// Scheduling and queue clauses shared by compute, data and standalone data constructs.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AsyncWait {
    pub async_: Vec<DeviceTyped<AsyncArg>>,
    pub wait: Vec<DeviceTyped<WaitArg>>,
}

/// One decomposed data clause (entry or exit) or a private/firstprivate/reduction operand.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DataOp {
    pub kind: DataOpKind,
    pub var: Handle<Variable>,
    /// From the variable to the data: members and single-element subscripts.
    pub path: Vec<PathStep>,
    /// The type of the data the op names (the array for a section, the member for `s.x`).
    pub ty: TypeHandle,
    /// One per section dimension, index 0 innermost.
    pub bounds: Vec<Handle<Bounds>>,
    pub data_clause: DataClause,
    pub modifiers: Modifiers,
    /// Structured (data/compute constructs, declare in a function) or dynamic reference counter.
    pub structured: bool,
    pub implicit: bool,
    /// The clause operand as written, e.g. `a[1:n]`.
    pub name: String,
    pub async_: Vec<DeviceTyped<AsyncArg>>,
    /// For exit ops, the entry op they pair with.
    pub entry: Option<Handle<DataOp>>,
    /// For private, firstprivate and reduction ops.
    pub recipe: Option<Handle<Recipe>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ReductionOp {
    Add,
    Mul,
    Max,
    Min,
    BitAnd,
    BitOr,
    BitXor,
    LogAnd,
    LogOr,
    Eqv,
    Neqv,
}

impl Language {
    /// The directive sentinel: `#pragma acc` or `!$acc`.
    pub fn sentinel(self) -> &'static str {
        match self {
            Language::C => "#pragma acc",
            Language::Fortran => "!$acc",
        }
    }
}

impl ReductionOp {
    /// Parses an operator written in `language` (Fortran spellings already lower-cased); the
    /// inverse of [`ReductionOp::spelling`].
    pub fn from_spelling(text: &str, language: Language) -> Option<ReductionOp> {
        const ALL: [ReductionOp; 11] = [
            ReductionOp::Add,
            ReductionOp::Mul,
            ReductionOp::Max,
            ReductionOp::Min,
            ReductionOp::BitAnd,
            ReductionOp::BitOr,
            ReductionOp::BitXor,
            ReductionOp::LogAnd,
            ReductionOp::LogOr,
            ReductionOp::Eqv,
            ReductionOp::Neqv,
        ];
        let fortran_only = |op: ReductionOp| matches!(op, ReductionOp::Eqv | ReductionOp::Neqv);
        ALL.into_iter().find(|op| {
            op.spelling(language) == text && (language == Language::Fortran || !fortran_only(*op))
        })
    }

    pub fn mlir_name(self) -> &'static str {
        match self {
            ReductionOp::Add => "add",
            ReductionOp::Mul => "mul",
            ReductionOp::Max => "max",
            ReductionOp::Min => "min",
            ReductionOp::BitAnd => "iand",
            ReductionOp::BitOr => "ior",
            ReductionOp::BitXor => "xor",
            ReductionOp::LogAnd => "land",
            ReductionOp::LogOr => "lor",
            ReductionOp::Eqv => "eqv",
            ReductionOp::Neqv => "neqv",
        }
    }

    pub fn spelling(self, language: Language) -> &'static str {
        match (self, language) {
            (ReductionOp::Add, _) => "+",
            (ReductionOp::Mul, _) => "*",
            (ReductionOp::Max, _) => "max",
            (ReductionOp::Min, _) => "min",
            (ReductionOp::BitAnd, Language::C) => "&",
            (ReductionOp::BitOr, Language::C) => "|",
            (ReductionOp::BitXor, Language::C) => "^",
            (ReductionOp::LogAnd, Language::C) => "&&",
            (ReductionOp::LogOr, Language::C) => "||",
            (ReductionOp::BitAnd, Language::Fortran) => "iand",
            (ReductionOp::BitOr, Language::Fortran) => "ior",
            (ReductionOp::BitXor, Language::Fortran) => "ieor",
            (ReductionOp::LogAnd, Language::Fortran) => ".and.",
            (ReductionOp::LogOr, Language::Fortran) => ".or.",
            (ReductionOp::Eqv, _) => ".eqv.",
            (ReductionOp::Neqv, _) => ".neqv.",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum RecipeKind {
    Private,
    Firstprivate,
    Reduction(ReductionOp),
}

/// How a privatised copy is initialised.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RecipeInit {
    /// Left uninitialised, as a local variable of the element type.
    Uninitialized,
    /// Copied from the original variable at region entry.
    CopyOriginal,
    /// The operator's identity value, spelled for the element type (`0`, `1.0`, `-inf`, `~0`).
    Identity(String),
}

/// A private, firstprivate or reduction recipe: the language semantics of making and combining
/// copies of a variable of type `ty` (the element type for arrays).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Recipe {
    pub name: String,
    pub kind: RecipeKind,
    pub ty: TypeHandle,
    pub init: RecipeInit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ComputeKind {
    Parallel,
    Serial,
    Kernels,
}

impl ComputeKind {
    pub fn spelling(self) -> &'static str {
        match self {
            ComputeKind::Parallel => "parallel",
            ComputeKind::Serial => "serial",
            ComputeKind::Kernels => "kernels",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DefaultKind {
    None,
    Present,
}

/// `self` on a compute construct: `self` or `self(condition)`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SelfClause {
    pub condition: Option<ExprHandle>,
}

/// `parallel`, `serial` or `kernels` (`acc.parallel`, ...).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ComputeOp {
    pub kind: ComputeKind,
    /// Whether this came from a combined `X loop` directive; the loop op is the only op of the body.
    pub combined: bool,
    pub queues: AsyncWait,
    pub num_gangs: Vec<DeviceTyped<Vec<ExprHandle>>>,
    pub num_workers: Vec<DeviceTyped<ExprHandle>>,
    pub vector_length: Vec<DeviceTyped<ExprHandle>>,
    pub if_cond: Option<ExprHandle>,
    pub self_clause: Option<SelfClause>,
    pub default: Option<DefaultKind>,
    /// Entry ops of data clauses (explicit first, then implicit), evaluated at entry.
    pub data_entry: Vec<Handle<DataOp>>,
    pub private: Vec<Handle<DataOp>>,
    pub firstprivate: Vec<Handle<DataOp>>,
    pub reduction: Vec<Handle<DataOp>>,
    /// Exit ops, evaluated at exit in reverse order of entry.
    pub data_exit: Vec<Handle<DataOp>>,
    /// Variables declared outside the region that its code uses, in order of first use, as the
    /// frontend found them (the implicit data pass reads these).
    pub captured: Vec<Captured>,
    pub body: Block,
}

/// A variable used inside a compute region and declared outside it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Captured {
    pub var: Handle<Variable>,
    /// The first use.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GangArgs {
    pub num: Option<ExprHandle>,
    pub dim: Option<ExprHandle>,
    pub static_: Option<GangStatic>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GangStatic {
    Star,
    Size(ExprHandle),
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TileSize {
    Star,
    Size(ExprHandle),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Collapse {
    pub count: u32,
    pub force: bool,
}

/// A loop associated with a `loop` directive (one per collapsed level).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AssociatedLoop {
    pub var: Handle<Variable>,
    /// Whether the variable is declared in the loop's init (`for (int i = ...`).
    pub declared_in_loop: bool,
    pub lower: Option<ExprHandle>,
    /// The bound and the comparison: `i < n` gives (`<`, n).
    pub compare: Option<String>,
    pub upper: Option<ExprHandle>,
    pub step: Option<ExprHandle>,
    pub span: Span,
}

/// `loop` (`acc.loop`): the loop's parallelism per device type and its private/reduction operands.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LoopOp {
    /// Set when the loop came from a combined construct of this kind.
    pub combined: Option<ComputeKind>,
    pub gang: Vec<DeviceTyped<GangArgs>>,
    pub worker: Vec<DeviceTyped<Option<ExprHandle>>>,
    pub vector: Vec<DeviceTyped<Option<ExprHandle>>>,
    pub seq: Vec<DeviceTypes>,
    pub independent: Vec<DeviceTypes>,
    pub auto_: Vec<DeviceTypes>,
    pub collapse: Vec<DeviceTyped<Collapse>>,
    pub tile: Vec<DeviceTyped<Vec<TileSize>>>,
    pub private: Vec<Handle<DataOp>>,
    pub reduction: Vec<Handle<DataOp>>,
    /// The associated loops, outermost first.
    pub control: Vec<AssociatedLoop>,
    pub body: Block,
    /// Made by accc for a loop of a compute region's code that has no `loop` directive, to
    /// carry its implicit reductions ([`crate::passes::reductions`]): it has no clauses but
    /// `reduction`, no associated loops, and is in no op's block (only the code's
    /// [`crate::body::Stmt::AccLoop`] refers to it).
    pub implicit: bool,
}

impl LoopOp {
    /// `collapse(force:n)`: code may stand between the associated loops (§2.9.1).
    pub fn forced_collapse(&self) -> bool {
        self.collapse.iter().any(|c| c.value.force)
    }
}

/// `data` (`acc.data`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DataConstruct {
    pub if_cond: Option<ExprHandle>,
    pub queues: AsyncWait,
    pub default: Option<DefaultKind>,
    pub data_entry: Vec<Handle<DataOp>>,
    pub data_exit: Vec<Handle<DataOp>>,
    pub body: Block,
}

/// `host_data` (`acc.host_data`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HostDataOp {
    pub if_cond: Option<ExprHandle>,
    pub if_present: bool,
    pub use_device: Vec<Handle<DataOp>>,
    pub body: Block,
}

/// `enter data`, `exit data` and `update`: the entry ops run, then the exit ops.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StandaloneDataOp {
    pub if_cond: Option<ExprHandle>,
    pub queues: AsyncWait,
    pub finalize: bool,
    pub if_present: bool,
    pub data_entry: Vec<Handle<DataOp>>,
    pub data_exit: Vec<Handle<DataOp>>,
}

/// `wait` directive.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WaitOp {
    pub arg: Option<WaitArg>,
    pub async_: Option<AsyncArg>,
    pub if_cond: Option<ExprHandle>,
}

/// `init`, `shutdown` and `set`.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DeviceOp {
    pub device_types: DeviceTypes,
    pub device_num: Option<ExprHandle>,
    pub default_async: Option<ExprHandle>,
    pub if_cond: Option<ExprHandle>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum AtomicKind {
    Read,
    Write,
    Update,
    Capture,
}

/// `atomic`; `implicit_update` records a bare `atomic` (which means update).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AtomicOp {
    pub kind: AtomicKind,
    pub implicit_update: bool,
    pub if_cond: Option<ExprHandle>,
    /// The statement (or capture block) the atomic applies to, as source text.
    pub statement: String,
}

/// The parallelism a routine is compiled for.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum ParLevel {
    Seq,
    Vector,
    Worker,
    Gang,
}

impl ParLevel {
    pub fn spelling(self) -> &'static str {
        match self {
            ParLevel::Seq => "seq",
            ParLevel::Vector => "vector",
            ParLevel::Worker => "worker",
            ParLevel::Gang => "gang",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum BindName {
    Identifier(String),
    String(String),
}

/// `routine` (`acc.routine`), at file scope or in a function.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoutineOp {
    /// The function it applies to.
    pub function: String,
    /// Whether the user wrote `routine(name)`.
    pub named: bool,
    /// Level per device type; `gang` may carry `dim`.
    pub level: Vec<DeviceTyped<ParLevel>>,
    pub gang_dim: Vec<DeviceTyped<ExprHandle>>,
    pub bind: Vec<DeviceTyped<BindName>>,
    pub nohost: bool,
}

impl RoutineOp {
    /// The level that applies without a `device_type` (else the first one given).
    pub fn default_level(&self) -> Option<ParLevel> {
        default_of(&self.level).copied()
    }

    /// The `bind` name that applies without a `device_type` (else the first one given).
    pub fn default_bind(&self) -> Option<&BindName> {
        default_of(&self.bind)
    }

    /// The level clause that applies to device type `target`: the group naming it, else the
    /// `device_type(*)` group, else the clauses before any `device_type`. `None` when no level
    /// applies to `target` (the directive names levels only for other device types).
    pub fn level_for(&self, target: &DeviceType) -> Option<&DeviceTyped<ParLevel>> {
        value_for(&self.level, target)
    }

    /// The `bind` clause that applies to device type `target` (chosen like [`Self::level_for`]).
    pub fn bind_for(&self, target: &DeviceType) -> Option<&DeviceTyped<BindName>> {
        value_for(&self.bind, target)
    }

    /// The `gang(dim:)` argument that applies to device type `target`: the one of the level
    /// group [`Self::level_for`] chose.
    pub fn gang_dim_for(&self, target: &DeviceType) -> Option<ExprHandle> {
        let level = self.level_for(target)?;
        self.gang_dim
            .iter()
            .find(|d| d.device_types == level.device_types)
            .map(|d| d.value)
    }

    /// Whether some level clause follows a `device_type` clause.
    pub fn has_device_type_levels(&self) -> bool {
        self.level.iter().any(|l| !l.device_types.is_empty())
    }
}

/// The value of `values` for device type `target`: the group naming it, else `device_type(*)`,
/// else the value given for no particular device type.
fn value_for<'v, T>(
    values: &'v [DeviceTyped<T>],
    target: &DeviceType,
) -> Option<&'v DeviceTyped<T>> {
    values
        .iter()
        .find(|v| v.device_types.contains(target))
        .or_else(|| {
            values
                .iter()
                .find(|v| v.device_types.contains(&DeviceType::Star))
        })
        .or_else(|| values.iter().find(|v| v.device_types.is_empty()))
}

/// The value of `values` given for no particular device type, else the first.
fn default_of<T>(values: &[DeviceTyped<T>]) -> Option<&T> {
    values
        .iter()
        .find(|v| v.device_types.is_empty())
        .or(values.first())
        .map(|v| &v.value)
}

/// `declare` (`acc.declare_enter` / `acc.declare_exit`): for globals the entry ops run at program
/// start (dynamic counter); in a function at entry to the scope with a structured lifetime.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DeclareOp {
    pub global: bool,
    pub data_entry: Vec<Handle<DataOp>>,
    pub data_exit: Vec<Handle<DataOp>>,
}

/// `cache` in a loop.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CacheOp {
    pub operands: Vec<Handle<DataOp>>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum OpKind {
    Compute(ComputeOp),
    Loop(LoopOp),
    Data(DataConstruct),
    HostData(HostDataOp),
    EnterData(StandaloneDataOp),
    ExitData(StandaloneDataOp),
    Update(StandaloneDataOp),
    Wait(WaitOp),
    Init(DeviceOp),
    Shutdown(DeviceOp),
    Set(DeviceOp),
    Atomic(AtomicOp),
    Cache(CacheOp),
    Routine(RoutineOp),
    Declare(DeclareOp),
}

/// One OpenACC construct; its span is the directive's.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Op {
    pub kind: OpKind,
}

impl Op {
    /// The nested ops, for constructs with a region.
    pub fn body(&self) -> Option<&Block> {
        match &self.kind {
            OpKind::Compute(c) => Some(&c.body),
            OpKind::Loop(l) => Some(&l.body),
            OpKind::Data(d) => Some(&d.body),
            OpKind::HostData(h) => Some(&h.body),
            _ => None,
        }
    }

    pub fn body_mut(&mut self) -> Option<&mut Block> {
        match &mut self.kind {
            OpKind::Compute(c) => Some(&mut c.body),
            OpKind::Loop(l) => Some(&mut l.body),
            OpKind::Data(d) => Some(&mut d.body),
            OpKind::HostData(h) => Some(&mut h.body),
            _ => None,
        }
    }

    /// Every data op the construct refers to, entry ops first.
    pub fn data_operands(&self) -> Vec<Handle<DataOp>> {
        let mut all = Vec::new();
        match &self.kind {
            OpKind::Compute(c) => {
                all.extend(&c.data_entry);
                all.extend(&c.private);
                all.extend(&c.firstprivate);
                all.extend(&c.reduction);
                all.extend(&c.data_exit);
            }
            OpKind::Loop(l) => {
                all.extend(&l.private);
                all.extend(&l.reduction);
            }
            OpKind::Data(d) => {
                all.extend(&d.data_entry);
                all.extend(&d.data_exit);
            }
            OpKind::HostData(h) => all.extend(&h.use_device),
            OpKind::EnterData(s) | OpKind::ExitData(s) | OpKind::Update(s) => {
                all.extend(&s.data_entry);
                all.extend(&s.data_exit);
            }
            OpKind::Declare(d) => {
                all.extend(&d.data_entry);
                all.extend(&d.data_exit);
            }
            OpKind::Cache(c) => all.extend(&c.operands),
            OpKind::Wait(_)
            | OpKind::Init(_)
            | OpKind::Shutdown(_)
            | OpKind::Set(_)
            | OpKind::Atomic(_)
            | OpKind::Routine(_) => {}
        }
        all
    }

    /// The MLIR-like op name.
    pub fn mlir_name(&self) -> &'static str {
        match &self.kind {
            OpKind::Compute(c) => match c.kind {
                ComputeKind::Parallel => "acc.parallel",
                ComputeKind::Serial => "acc.serial",
                ComputeKind::Kernels => "acc.kernels",
            },
            OpKind::Loop(_) => "acc.loop",
            OpKind::Data(_) => "acc.data",
            OpKind::HostData(_) => "acc.host_data",
            OpKind::EnterData(_) => "acc.enter_data",
            OpKind::ExitData(_) => "acc.exit_data",
            OpKind::Update(_) => "acc.update",
            OpKind::Wait(_) => "acc.wait",
            OpKind::Init(_) => "acc.init",
            OpKind::Shutdown(_) => "acc.shutdown",
            OpKind::Set(_) => "acc.set",
            OpKind::Atomic(a) => match a.kind {
                AtomicKind::Read => "acc.atomic.read",
                AtomicKind::Write => "acc.atomic.write",
                AtomicKind::Update => "acc.atomic.update",
                AtomicKind::Capture => "acc.atomic.capture",
            },
            OpKind::Cache(_) => "acc.cache",
            OpKind::Routine(_) => "acc.routine",
            OpKind::Declare(d) => {
                if d.global {
                    "acc.global_declare"
                } else {
                    "acc.declare"
                }
            }
        }
    }
}

impl Module {
    pub fn new(language: Language) -> Self {
        Module {
            language,
            ..Module::default()
        }
    }

    /// Adds a host expression; `value` is computed by the caller when the text is a constant.
    pub fn expr(&mut self, text: impl Into<String>, value: Option<i64>, span: Span) -> ExprHandle {
        self.exprs.append(
            HostExpr {
                text: text.into(),
                value,
            },
            span,
        )
    }

    /// Adds an integer constant expression.
    pub fn constant(&mut self, value: i64, span: Span) -> ExprHandle {
        self.expr(value.to_string(), Some(value), span)
    }

    /// Whether a global `declare link` of this module names `var` (OpenACC 3.3 §2.13.3): device
    /// code reaches such a variable through a pointer global, [`link_pointer_symbol`], that the
    /// runtime points at the variable's device copy while a data clause maps it. Globals with
    /// external linkage match by linker symbol (a `declare link` of the same symbol), a
    /// `static` by name and declaration (its uses in routines carry its TU alias as symbol).
    pub fn declared_link(&self, var: Handle<Variable>) -> bool {
        let Some(variable) = self.variables.get(var) else {
            return false;
        };
        self.globals.iter().any(|&op| {
            let Some(OpKind::Declare(declare)) = self.ops.get(op).map(|op| &op.kind) else {
                return false;
            };
            declare.data_entry.iter().any(|&entry| {
                let Some(data) = self.data_ops.get(entry) else {
                    return false;
                };
                if data.kind != DataOpKind::DeclareLink {
                    return false;
                }
                data.var == var
                    || self.variables.get(data.var).is_some_and(|named| {
                        match (named.storage, variable.storage) {
                            (Storage::Static, Storage::Static) => {
                                named.name == variable.name && named.decl == variable.decl
                            }
                            (Storage::Static, _) | (_, Storage::Static) => false,
                            _ => named.link_name() == variable.link_name(),
                        }
                    })
            })
        })
    }

    /// Adds an implicit `firstprivate` of the whole variable `var` to compute construct
    /// `compute` (a synthetic value the host computes at the construct's entry).
    pub fn add_implicit_firstprivate(
        &mut self,
        compute: Handle<Op>,
        var: Handle<Variable>,
        span: Span,
    ) -> Handle<DataOp> {
        let ty = self.variables[var].ty;
        let recipe = crate::recipes::firstprivate_recipe(self, ty, span);
        let op = DataOp {
            kind: DataOpKind::Firstprivate,
            var,
            path: Vec::new(),
            ty,
            bounds: Vec::new(),
            data_clause: DataClause::Firstprivate,
            modifiers: Modifiers::default(),
            structured: true,
            implicit: true,
            name: self.variables[var].name.clone(),
            async_: Vec::new(),
            entry: None,
            recipe: Some(recipe),
        };
        let handle = self.data_ops.append(op, span);
        if let OpKind::Compute(c) = &mut self.ops[compute].kind {
            c.firstprivate.push(handle);
        }
        handle
    }

    /// The synthetic variable holding the run-time length of section `op`
    /// ([`Derived::SectionLength`]), if it has one.
    pub fn section_length_variable(&self, op: Handle<DataOp>) -> Option<Handle<Variable>> {
        self.variables
            .iter()
            .find(|(_, v)| v.derived == Some(Derived::SectionLength { op }))
            .map(|(handle, _)| handle)
    }

    /// The synthetic variables holding every extent of array `array`
    /// ([`Derived::Extent`], dimension 0 first), when the module has one for each of its
    /// dimensions (the Fortran frontend makes them for the `private` arrays of run-time shape
    /// whose copies a multicore kernel allocates); `None` otherwise.
    pub fn extent_variables(&self, array: Handle<Variable>) -> Option<Vec<Handle<Variable>>> {
        let mut rank = 0u32;
        let mut ty = self.variables.get(array)?.ty;
        while let crate::TypeInner::Array { element, .. } = self.types.get(ty) {
            rank += 1;
            ty = *element;
        }
        let mut extents = vec![None; rank as usize];
        for (handle, variable) in self.variables.iter() {
            if let Some(Derived::Extent { array: a, dim }) = variable.derived {
                if a == array && dim < rank {
                    extents[dim as usize] = Some(handle);
                }
            }
        }
        (rank > 0).then_some(())?;
        extents.into_iter().collect()
    }

    /// Returns the variable declared at `decl` named `name`, adding it if new.
    pub fn variable(&mut self, variable: Variable, span: Span) -> Handle<Variable> {
        if let Some((handle, _)) = self.variables.iter().find(|(_, v)| {
            v.name == variable.name && v.decl == variable.decl && v.symbol == variable.symbol
        }) {
            return handle;
        }
        self.variables.append(variable, span)
    }

    /// Returns the recipe with this name, adding it if new.
    pub fn recipe(&mut self, recipe: Recipe, span: Span) -> Handle<Recipe> {
        if let Some((handle, _)) = self.recipes.iter().find(|(_, r)| r.name == recipe.name) {
            return handle;
        }
        self.recipes.append(recipe, span)
    }

    /// How the section of data op `op` is laid out: whether a dimension other than the
    /// outermost steps through a pointer (each row then is its own block of memory).
    pub fn section_layout(&self, op: &DataOp) -> SectionLayout {
        self.section_layout_of(op.var, &op.path, op.bounds.len())
    }

    /// [`Module::section_layout`] of a section of `rank` dimensions of the data `var` and `path`
    /// name.
    pub fn section_layout_of(
        &self,
        var: Handle<Variable>,
        path: &[PathStep],
        rank: usize,
    ) -> SectionLayout {
        let types = &self.types;
        let mut ty = self.variables[var].ty;
        for step in path {
            let next = match step {
                PathStep::Member { name, arrow } => {
                    if *arrow {
                        let TypeInner::Pointer { pointee } = types.get(ty) else {
                            return SectionLayout::Contiguous;
                        };
                        ty = *pointee;
                    }
                    let TypeInner::Struct { members, .. } = types.get(ty) else {
                        return SectionLayout::Contiguous;
                    };
                    members.iter().find(|m| &m.name == name).map(|m| m.ty)
                }
                PathStep::Index(_) => match types.get(ty) {
                    TypeInner::Array { element, .. } => Some(*element),
                    TypeInner::Pointer { pointee } => Some(*pointee),
                    _ => None,
                },
            };
            let Some(next) = next else {
                return SectionLayout::Contiguous;
            };
            ty = next;
        }
        // Dimension by dimension, outermost first: which ones index through a pointer.
        let mut through_pointer = Vec::new();
        for _ in 0..rank {
            match types.get(ty) {
                TypeInner::Array { element, .. } => {
                    through_pointer.push(false);
                    ty = *element;
                }
                TypeInner::Pointer { pointee } => {
                    through_pointer.push(true);
                    ty = *pointee;
                }
                _ => return SectionLayout::Contiguous,
            }
        }
        match through_pointer.as_slice() {
            [_, true] => SectionLayout::PointerRows,
            [_, rest @ ..] if rest.contains(&true) => SectionLayout::Unsupported,
            _ => SectionLayout::Contiguous,
        }
    }

    /// The types along data op `op`'s path: where it follows pointers and the type of the data
    /// it ends at; `None` when a step does not fit the type before it.
    pub fn path_walk(&self, op: &DataOp) -> Option<PathWalk> {
        let types = &self.types;
        let mut ty = self.variables[op.var].ty;
        let mut derefs = Vec::new();
        for (index, step) in op.path.iter().enumerate() {
            let pointee = match types.get(ty) {
                TypeInner::Pointer { pointee } => Some(*pointee),
                _ => None,
            };
            ty = match step {
                PathStep::Member { name, arrow } => {
                    let holder = if *arrow {
                        derefs.push(Deref {
                            step: index,
                            arrow: true,
                            pointee: pointee?,
                        });
                        pointee?
                    } else {
                        ty
                    };
                    let TypeInner::Struct { members, .. } = types.get(holder) else {
                        return None;
                    };
                    members.iter().find(|m| &m.name == name)?.ty
                }
                PathStep::Index(_) => match (types.get(ty), pointee) {
                    (_, Some(pointee)) => {
                        derefs.push(Deref {
                            step: index,
                            arrow: false,
                            pointee,
                        });
                        pointee
                    }
                    (TypeInner::Array { element, .. }, None) => *element,
                    _ => return None,
                },
            };
        }
        Some(PathWalk { derefs, ty })
    }

    /// Whether data op `op`'s path follows a pointer: a `->` after its first step, or a
    /// subscript of a pointer (`a.p->v[0:n]`, `p[i].v[0:n]`, `a->p->v[0:n]`). Such a clause
    /// names data that is not in its variable's storage nor in what the variable points to
    /// as a whole, so it maps neither: the implicit data rules give the elements on the way
    /// their own ops (`passes::implicit_data`).
    pub fn follows_pointer(&self, op: &DataOp) -> bool {
        self.path_walk(op).is_some_and(|walk| {
            walk.derefs
                .iter()
                .any(|deref| deref.step > 0 || !deref.arrow)
        })
    }

    /// Whether data op `op` is a section of what a pointer member of its variable points to:
    /// `s.v[0:n]`, `a.b.v[0:n]` (the data is where `s.v` points), or `p->v[0:n]` with `p` a
    /// pointer to a struct. Such a clause maps that data and attaches the member in the device
    /// copy of the struct that holds it; the variable (or the struct `p` points to) is neither
    /// mapped nor made present by it. Paths that reach the member through a second pointer
    /// (`a.p->v[0:n]`, `p[i].v[0:n]`) are not counted ([`Module::follows_pointer`]).
    pub fn reaches_through_pointer(&self, op: &DataOp) -> bool {
        if op.path.is_empty() || op.bounds.is_empty() {
            return false;
        }
        self.path_walk(op).is_some_and(|walk| {
            walk.derefs
                .iter()
                .all(|deref| deref.step == 0 && deref.arrow)
                && matches!(self.types.get(walk.ty), TypeInner::Pointer { .. })
        })
    }

    /// Calls `f` on every op reachable from the functions and globals, parents before children.
    pub fn walk(&self, f: &mut dyn FnMut(Handle<Op>, &Op)) {
        fn walk_block(module: &Module, block: &Block, f: &mut dyn FnMut(Handle<Op>, &Op)) {
            for &handle in block {
                let op = &module.ops[handle];
                f(handle, op);
                if let Some(body) = op.body() {
                    walk_block(module, body, f);
                }
            }
        }
        walk_block(self, &self.globals, f);
        for function in &self.functions {
            walk_block(self, &function.body, f);
        }
    }
}

/// What [`Module::path_walk`] finds along a data op's path.
#[derive(Clone, Debug)]
pub struct PathWalk {
    /// Each step that follows a pointer, in path order.
    pub derefs: Vec<Deref>,
    /// The type of the data the path ends at (before the op's bounds).
    pub ty: TypeHandle,
}

/// A step of a data op's path that follows a pointer.
#[derive(Clone, Copy, Debug)]
pub struct Deref {
    /// Its position in the path.
    pub step: usize,
    /// `->member` (else a subscript `[i]` of a pointer).
    pub arrow: bool,
    /// The type the pointer points to.
    pub pointee: TypeHandle,
}
