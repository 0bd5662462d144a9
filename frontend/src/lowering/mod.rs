//! The language-neutral half of lowering directives to acc-ir: building one op from a parsed
//! directive (`clauses.rs`), the stack of regions still open while later directives are lowered,
//! and data ops built from resolved operands.
//!
//! Each language frontend implements [`SourceContext`]: it resolves clause operands to variables,
//! paths, types and bounds (C `a[lo:len]`, Fortran `a(lo:hi)` with the array's lower bound as
//! `startIdx`), lists the variables a region uses, reads the loops a `loop` directive covers and
//! checks atomic statements. Everything the OpenACC rules say about clauses (device-type groups,
//! decomposition into entry and exit ops, duplicates, reduction operators, gang/worker/vector
//! nesting) lives here once for both languages.

pub(crate) mod clauses;

use acc_ir::{
    AssociatedLoop, Bounds, Captured, ComputeKind, DataOp, DataOpKind, Diagnostic, Handle,
    Language, Module, PathStep, Span, TypeHandle, Variable,
};
use std::ops::Range;

/// A clause operand resolved to a variable, a path and bounds, ready to become data ops.
pub(crate) struct Operand {
    pub var: Handle<Variable>,
    pub path: Vec<PathStep>,
    pub ty: TypeHandle,
    pub bounds: Vec<Handle<Bounds>>,
    pub name: String,
    pub span: Span,
    /// Whether the data is reached through a pointer (`p[0:n]`, `s.v[0:n]` with `v` a pointer,
    /// `p->x`): then it is not part of the variable's own storage.
    pub through_pointer: bool,
    /// Whether the operand may appear in `attach`, `detach` and `deviceptr` clauses: a C pointer,
    /// a Fortran pointer or allocatable.
    pub attachable: bool,
}

/// The optional parts of a data op.
#[derive(Default)]
pub(crate) struct DataOpExtras {
    pub modifiers: acc_ir::Modifiers,
    pub async_: Vec<acc_ir::DeviceTyped<acc_ir::AsyncArg>>,
    pub recipe: Option<Handle<acc_ir::Recipe>>,
}

/// Appends a data op built from `operand`.
pub(crate) fn data_op(
    module: &mut Module,
    operand: &Operand,
    kind: DataOpKind,
    clause: acc_ir::DataClause,
    structured: bool,
    extra: DataOpExtras,
) -> Handle<DataOp> {
    let op = DataOp {
        kind,
        var: operand.var,
        path: operand.path.clone(),
        ty: operand.ty,
        bounds: operand.bounds.clone(),
        data_clause: clause,
        modifiers: extra.modifiers,
        structured,
        implicit: false,
        name: operand.name.clone(),
        async_: extra.async_,
        entry: None,
        recipe: extra.recipe,
    };
    module.data_ops.append(op, operand.span)
}

/// What a directive says about the loops it covers, for [`SourceContext::associated_loops`].
pub(crate) struct LoopRequest<'n> {
    /// The directive as messages show it (`#pragma acc loop`, `!$acc parallel loop`).
    pub name: &'n str,
    pub name_span: Span,
    /// How many tightly nested loops are needed, and the clause (`collapse`, `tile`) and span
    /// that asked for more than one.
    pub depth: usize,
    pub depth_clause: &'static str,
    pub depth_span: Option<Span>,
    /// `collapse(force:n)`: code may stand between the loops (OpenACC 3.3 §2.9.1).
    pub forced: bool,
}

/// The language-specific questions the clause lowering asks.
pub(crate) trait SourceContext {
    /// The statement (or block) a directive applies to.
    type Statement;

    fn module(&mut self) -> &mut Module;
    fn module_ref(&self) -> &Module;
    fn language(&self) -> Language;
    /// A span in the user's file from an offset range of the parsed text.
    fn span(&mut self, range: Range<u32>) -> Span;
    fn report(&mut self, diagnostic: Diagnostic);
    fn regions(&self) -> &Regions;

    /// Lowers one clause operand as seen at `at` (the directive's offset), reporting errors.
    fn operand(&mut self, var_ref: &crate::directive::VarRef, at: u32) -> Option<Operand>;
    /// An operand of which only the address is used (`use_device`): a Fortran assumed-size
    /// array may be named whole, its extent unknown.
    fn address_operand(&mut self, var_ref: &crate::directive::VarRef, at: u32) -> Option<Operand> {
        self.operand(var_ref, at)
    }
    /// For a C parameter declared with array syntax (`double a[n][m]`, a pointer to C),
    /// `Some` of its declared first extent (`None` inside for `a[]`); `None` otherwise.
    fn array_parameter_extent(
        &mut self,
        _var_ref: &crate::directive::VarRef,
        _at: u32,
    ) -> Option<Option<String>> {
        None
    }
    /// The variables the statement uses that are declared outside it, in order of first use.
    fn captured(&mut self, statement: &Self::Statement) -> Vec<Captured>;
    /// Whether the statement is a loop (C `for`, Fortran `do`); reports when it is not.
    fn require_loop(&mut self, statement: &Self::Statement, name: &str, name_span: Span) -> bool;
    /// The loops a loop directive covers, outermost first; reports and returns `None` when the
    /// statement is not a loop or the nest is too shallow.
    fn associated_loops(
        &mut self,
        statement: &Self::Statement,
        request: &LoopRequest<'_>,
    ) -> Option<Vec<AssociatedLoop>>;
    /// Checks the statement form of an atomic construct; returns the statement text (whitespace
    /// collapsed) or the reason it is not valid.
    fn atomic_statement(
        &mut self,
        statement: &Self::Statement,
        kind: acc_ir::AtomicKind,
    ) -> Result<String, String>;
    /// A span for messages about the whole statement.
    fn statement_span(&mut self, statement: &Self::Statement) -> Span;
    /// Whether the directive at `at` sits inside a loop of the source (for `cache`).
    fn inside_loop(&self, at: u32) -> bool;
    /// The procedure a `routine` directive names (`name`) or applies to; reports and returns
    /// `None` when there is none. The flag says whether it was named.
    fn routine_target(
        &mut self,
        name: Option<&crate::directive::Ident>,
        at: u32,
        name_span: Span,
    ) -> Option<(String, bool)>;
    /// Whether a `declare` directive at `at` is at global scope (C file scope, Fortran module
    /// specification part).
    fn declare_is_global(&self, at: u32) -> bool;
    /// The type as the language spells it, for messages.
    fn type_name(&self, ty: TypeHandle) -> String;
}

/// A construct whose region is still open while later directives are lowered.
pub(crate) struct OpenRegion {
    pub op: Handle<acc_ir::Op>,
    /// The region's end offset in the parsed text.
    pub end: u32,
    pub kind: RegionKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum RegionKind {
    Compute(ComputeKind),
    /// A loop; the level of parallelism it uses in the default device-type group.
    Loop(LoopLevels),
    Data,
}

/// Which of gang, worker and vector a loop uses.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct LoopLevels {
    pub gang: bool,
    pub worker: bool,
    pub vector: bool,
    /// The `dim` of the gang clause (1 when not given or not constant).
    pub gang_dim: i64,
}

/// How deeply OpenACC constructs may nest. Deeper nesting is refused with an error: the host
/// compiler's time grows faster than linearly with the depth of the code the emitter writes
/// (2,000 levels take gcc seconds, 10,000 minutes), and no real program comes near it.
pub(crate) const MAX_NESTING: usize = 256;

/// The regions open at the directive being lowered, outermost first.
#[derive(Default)]
pub(crate) struct Regions {
    pub open: Vec<OpenRegion>,
    /// Whether a construct past [`MAX_NESTING`] was reported (once per translation unit).
    too_deep: bool,
}

impl Regions {
    /// Checks that a construct of `kind` may open a region here. `Err(Some(message))` for the
    /// first construct past [`MAX_NESTING`], `Err(None)` for later ones (dropped unreported: the
    /// translation unit is already rejected).
    pub fn nesting_limit(
        &mut self,
        kind: &crate::directive::DirectiveKind,
    ) -> Result<(), Option<String>> {
        use crate::directive::DirectiveKind as D;
        let opens_region = matches!(
            kind,
            D::Parallel
                | D::Serial
                | D::Kernels
                | D::ParallelLoop
                | D::SerialLoop
                | D::KernelsLoop
                | D::Data
                | D::HostData
                | D::Loop
        );
        if !opens_region || self.open.len() < MAX_NESTING {
            return Ok(());
        }
        if std::mem::replace(&mut self.too_deep, true) {
            return Err(None);
        }
        Err(Some(format!(
            "OpenACC constructs nested too deeply (more than {MAX_NESTING} levels)"
        )))
    }

    /// Closes every region that ends at or before `offset`.
    pub fn close_before(&mut self, offset: u32) {
        while self.open.last().is_some_and(|o| o.end <= offset) {
            self.open.pop();
        }
    }

    /// Why a directive `name` of `kind` may not appear here because a compute region encloses
    /// it (both languages' placement rule): compute constructs do not nest, and data, update,
    /// init/shutdown/set and wait directives stay outside compute regions.
    pub fn compute_nesting_error(
        &self,
        kind: &crate::directive::DirectiveKind,
        name: &str,
    ) -> Option<String> {
        use crate::directive::DirectiveKind as D;
        let outer = self.enclosing_compute()?;
        match kind {
            D::Parallel
            | D::Serial
            | D::Kernels
            | D::ParallelLoop
            | D::SerialLoop
            | D::KernelsLoop => Some(format!(
                "'{name}' cannot be nested inside a '{}' region",
                outer.spelling()
            )),
            D::Data
            | D::EnterData
            | D::ExitData
            | D::HostData
            | D::Update
            | D::Init
            | D::Shutdown
            | D::Set
            | D::Wait => Some(format!(
                "'{name}' may not appear inside a '{}' region",
                outer.spelling()
            )),
            _ => None,
        }
    }

    pub fn enclosing_compute(&self) -> Option<ComputeKind> {
        self.open.iter().rev().find_map(|o| match o.kind {
            RegionKind::Compute(kind) => Some(kind),
            _ => None,
        })
    }

    /// Levels of the open loops, innermost last, within the innermost compute region.
    pub fn open_loop_levels(&self) -> Vec<LoopLevels> {
        let mut levels = Vec::new();
        for open in self.open.iter().rev() {
            match open.kind {
                RegionKind::Loop(l) => levels.push(l),
                RegionKind::Compute(_) => break,
                RegionKind::Data => {}
            }
        }
        levels.reverse();
        levels
    }

    /// Whether the innermost open region is a loop (for `cache`).
    pub fn in_loop(&self) -> bool {
        matches!(self.open.last().map(|o| o.kind), Some(RegionKind::Loop(_)))
    }

    /// Opens the region(s) of a construct just built: a combined construct opens its compute op
    /// and its loop.
    pub fn push_construct(
        &mut self,
        module: &Module,
        op: Handle<acc_ir::Op>,
        end: u32,
        kind: RegionKind,
    ) {
        if let acc_ir::OpKind::Compute(c) = &module.ops[op].kind {
            let inner = if c.combined {
                c.body.first().copied()
            } else {
                None
            };
            self.open.push(OpenRegion {
                op,
                end,
                kind: RegionKind::Compute(c.kind),
            });
            if let (Some(loop_op), RegionKind::Loop(levels)) = (inner, kind) {
                self.open.push(OpenRegion {
                    op: loop_op,
                    end,
                    kind: RegionKind::Loop(levels),
                });
            }
        } else {
            self.open.push(OpenRegion { op, end, kind });
        }
    }
}

/// How the directive's spelling appears in messages: `#pragma acc parallel`, `!$acc end data`.
pub(crate) fn directive_name(kind: &crate::directive::DirectiveKind, language: Language) -> String {
    kind.display(language)
}

/// The host C expressions of a launch's gangs per dimension, `[G1, G2, G3]` (each clamped to
/// at least 1 by the generated code), for both languages' emitters; `host` spells a host
/// expression. Without a gang loop one gang runs the code (in `kernels` always; in `parallel`
/// unless `num_gangs` asks for redundant execution). `num_gangs(a, b, c)` gives the dimensions
/// it names (the others have one gang); without it, the highest gang dimension a loop of the
/// kernel divides gets one gang per thread of the device (`__accrt_num_threads()`) and the
/// others one, so no dimension runs the kernel's gang loops redundantly by default.
pub(crate) fn launch_gangs(
    kernel: &acc_ir::body::Kernel,
    c: &acc_ir::ComputeOp,
    mut host: impl FnMut(acc_ir::ExprHandle) -> String,
) -> [String; 3] {
    let one = || "1".to_string();
    let highest = acc_ir::body::highest_gang_dim(&kernel.body.stmts);
    let num_gangs = c.num_gangs.iter().find(|n| n.device_types.is_empty());
    match c.kind {
        acc_ir::ComputeKind::Serial => return [one(), one(), one()],
        acc_ir::ComputeKind::Kernels if highest == 0 => return [one(), one(), one()],
        acc_ir::ComputeKind::Parallel if highest == 0 && num_gangs.is_none() => {
            return [one(), one(), one()]
        }
        _ => {}
    }
    let mut gangs = [one(), one(), one()];
    match num_gangs {
        Some(n) => {
            for (slot, &value) in gangs.iter_mut().zip(&n.value) {
                *slot = format!("(long)({})", host(value));
            }
        }
        None => gangs[usize::from(highest.clamp(1, 3)) - 1] = "(long)__accrt_num_threads()".into(),
    }
    gangs
}

/// Eight hex digits that tell translation units apart in global symbol names (FNV-1a of the
/// main file's name); both languages tag their kernels, shims and aliases with it.
pub fn tu_tag(file: &str) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in file.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    format!("{hash:08x}")
}

/// Tags every outlined kernel's name with the translation unit's `tag` (kernel names are
/// global symbols) and renames it in the remarks that generate the kernels, which name it
/// last (`... kernel 'name'`): one lookup per remark, so a file with thousands of regions
/// compiles in linear time.
pub(crate) fn tag_kernel_names(module: &mut Module, remarks: &mut [Diagnostic], tag: &str) {
    let mut renamed = std::collections::HashMap::new();
    for kernel in &mut module.kernels {
        let tagged = format!("{}_{tag}", kernel.name);
        renamed.insert(std::mem::replace(&mut kernel.name, tagged.clone()), tagged);
    }
    for remark in remarks {
        let Some((head, name)) = acc_ir::passes::outline::generated_kernel(&remark.message) else {
            continue;
        };
        if let Some(tagged) = renamed.get(name) {
            remark.message = format!("{head} kernel '{tagged}'");
        }
    }
}

/// `-fopt-info-acc` lines for the data actions of every compute, data, `enter data`, `exit data`
/// and `update` construct, like NVHPC's `-Minfo=accel`: `generating copy(a[0:n])`, `generating
/// implicit firstprivate(n)`, `generating enter data copyin(a[0:n])`, `generating update
/// self(a[0:n])`. Regions that keep only their host code move no data and get none.
pub(crate) fn data_remarks(module: &Module) -> Vec<Diagnostic> {
    use acc_ir::OpKind;
    let mut remarks = Vec::new();
    module.walk(&mut |handle, op| {
        let (construct, ops): (&str, Vec<Handle<DataOp>>) = match &op.kind {
            // A region without device code runs on the host only: no data moves for it.
            OpKind::Compute(_) if !module.region_code.contains_key(&handle) => return,
            OpKind::Compute(c) => (
                "",
                c.data_entry
                    .iter()
                    .chain(&c.firstprivate)
                    .chain(&c.private)
                    .chain(&c.reduction)
                    .copied()
                    .collect(),
            ),
            OpKind::Data(d) => ("", d.data_entry.clone()),
            OpKind::EnterData(d) => ("enter data ", d.data_entry.clone()),
            OpKind::ExitData(d) => ("exit data ", d.data_exit.clone()),
            OpKind::Update(d) => (
                "update ",
                d.data_entry.iter().chain(&d.data_exit).copied().collect(),
            ),
            _ => return,
        };
        let span = module.ops.get_span(handle);
        // An update is an entry op and an exit op of the same clause: one line for both.
        let mut said = std::collections::HashSet::new();
        for data in ops {
            let d = &module.data_ops[data];
            // Values accc made up for device code (a Fortran array's bounds and strides).
            if module.variables[d.var].derived.is_some() {
                continue;
            }
            let text = whole_dimensions(&acc_ir::regen::operand_text(module, data));
            let implicit = if d.implicit { "implicit " } else { "" };
            let message = format!(
                "generating {construct}{implicit}{}({text})",
                d.data_clause.spelling()
            );
            if said.insert(message.clone()) {
                remarks.push(Diagnostic::remark(span, message));
            }
        }
    });
    remarks
}

/// A Fortran operand's whole dimensions, `lbound(a, 1):ubound(a, 1)`, written `:` as the user
/// would (`a(:, :)`); everything else as it is.
fn whole_dimensions(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("lbound(") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "lbound(".len()..];
        let whole = after.find(')').and_then(|close| {
            let arguments = &after[..close];
            let upper = format!(":ubound({arguments})");
            after[close + 1..]
                .starts_with(&upper)
                .then_some(close + 1 + upper.len())
        });
        match whole {
            Some(length) => {
                out.push(':');
                rest = &after[length..];
            }
            None => {
                out.push_str("lbound(");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Why code cannot be compiled for the device (C and Fortran body lowering): the construct (its
/// range in the parsed text) and a message naming it, e.g. "call to variadic function 'printf'".
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NotOffloaded {
    pub span: std::ops::Range<u32>,
    pub message: String,
    /// A bug of accc (a broken invariant of the lowering or the body IR), not a limitation: the
    /// region still runs on the host, and the user is told (a warning, not a remark).
    pub internal: bool,
}

impl NotOffloaded {
    /// What the compute construct at `at` gets: a remark for a limitation, a warning for an
    /// internal error (an error under `ACCC_INTERNAL_ERRORS=error`, as the tests run).
    pub(crate) fn diagnostic(&self, at: acc_ir::Span) -> acc_ir::Diagnostic {
        if self.internal {
            crate::lowering::internal_error(
                at,
                &format!("{}; this code runs on the host", self.message),
            )
        } else {
            acc_ir::Diagnostic::remark(at, format!("region not offloaded: {}", self.message))
        }
    }
}

impl std::fmt::Display for NotOffloaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// An internal error when the code of compute construct `op` (its statement at `range`) uses
/// a variable of the enclosing function that the construct did not capture and no clause of it
/// or of its loops names: the implicit data rules never saw it, and the kernel would give it a
/// private copy of its own, a silently wrong answer (the names a region uses are found by one
/// walk, its code by another; a Fortran associate name once slipped between them). The region
/// then keeps its host fallback.
pub(crate) fn check_captured(
    module: &Module,
    op: acc_ir::Handle<acc_ir::Op>,
    body: &acc_ir::body::Body,
    range: &std::ops::Range<u32>,
) -> Result<(), NotOffloaded> {
    let acc_ir::OpKind::Compute(c) = &module.ops[op].kind else {
        return Ok(());
    };
    let mut named: std::collections::HashSet<acc_ir::Handle<acc_ir::Variable>> =
        c.captured.iter().map(|captured| captured.var).collect();
    let mut data_ops: Vec<acc_ir::Handle<acc_ir::DataOp>> = c
        .data_entry
        .iter()
        .chain(&c.private)
        .chain(&c.firstprivate)
        .chain(&c.reduction)
        .copied()
        .collect();
    let mut stack: Vec<acc_ir::Handle<acc_ir::Op>> = c.body.clone();
    while let Some(inner) = stack.pop() {
        if let acc_ir::OpKind::Loop(l) = &module.ops[inner].kind {
            data_ops.extend(l.private.iter().chain(&l.reduction).copied());
        }
        if let Some(body) = module.ops[inner].body() {
            stack.extend(body.iter().copied());
        }
    }
    named.extend(data_ops.iter().map(|d| module.data_ops[*d].var));
    for (_, expr) in body.exprs.iter() {
        let acc_ir::body::ExprKind::Variable(var) = expr.kind else {
            continue;
        };
        let variable = &module.variables[var];
        let local = matches!(
            variable.storage,
            acc_ir::Storage::Local | acc_ir::Storage::Parameter
        );
        if local && variable.derived.is_none() && !named.contains(&var) {
            return Err(NotOffloaded {
                span: range.clone(),
                message: format!(
                    "the region's code uses '{}', which its construct did not capture",
                    variable.name
                ),
                internal: true,
            });
        }
    }
    Ok(())
}

/// An internal error of accc at `at` (a broken invariant, not a user mistake or a limitation):
/// a warning that names it and asks for a report, so that a compiler bug never looks like a
/// lost optimisation; an error when `ACCC_INTERNAL_ERRORS=error` (the test scripts set it, so
/// that every test meeting one fails).
pub(crate) fn internal_error(at: acc_ir::Span, message: &str) -> Diagnostic {
    let text = format!("internal error in accc: {message} (please report this bug)");
    if std::env::var_os("ACCC_INTERNAL_ERRORS").is_some_and(|v| v == "error") {
        Diagnostic::error(at, text)
    } else {
        Diagnostic::warning(at, text)
    }
}

#[cfg(test)]
mod tests {
    use super::whole_dimensions;

    #[test]
    fn whole_fortran_dimensions_read_as_colons() {
        assert_eq!(
            whole_dimensions("a(lbound(a, 1):ubound(a, 1), lbound(a, 2):ubound(a, 2))"),
            "a(:, :)"
        );
        assert_eq!(
            whole_dimensions("a(lbound(a, 1):n, 2:ubound(a, 2))"),
            "a(lbound(a, 1):n, 2:ubound(a, 2))"
        );
        assert_eq!(whole_dimensions("b[0:n]"), "b[0:n]");
    }
}
