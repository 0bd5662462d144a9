//! Lowering of the Fortran code inside compute constructs to the body IR ([`acc_ir::body`]).
//!
//! Every conversion is explicit (Fortran's kind promotion in mixed arithmetic, assignment
//! conversion), places are addresses, and names resolve through the scopes exactly as the data
//! clauses resolve them, so a region's code and its clauses share variable handles.
//!
//! # Arrays (the ABI the host emitter relies on)
//! `Variable(a)` of an array is the address of its first element (the element at its lower
//! bounds). Element `a(i1, ..., ir)` is `Index { base: Cast(Variable(a)) to a pointer to the
//! element type, index: sum((i_d - lb_d) * stride_d) }` in elements (column-major). When every
//! lower bound and every extent a stride needs is a constant, `lb_d` and `stride_d` are constants.
//! Otherwise (allocatable, pointer and assumed-shape arrays, explicit shapes with variable
//! bounds) they are loads of synthetic `i64` variables ([`acc_ir::Derived`]: `lbound(a,d)`,
//! `stride(a,d)`, and `extent(a,d)` for `size`/`ubound`), which become implicit `firstprivate`
//! operands of the compute construct; the host code computes them at region entry.
//!
//! # Choices
//! * Do-variables of sequential `do` loops nested in an OpenACC loop are private to the thread
//!   running the loop (OpenACC 3.3 §2.6.1): inside each OpenACC loop's body they are locals.
//! * `select case` becomes a chain of `if`s (so that `exit` inside a case leaves the loop).
//! * A counted `do` runs its trip count, computed once at loop start, and leaves the variable
//!   at `start + trips * step`, as the standard defines.
//! * What is not supported is refused with the construct it found ([`NotOffloaded`]): the
//!   region keeps its host fallback. Walks are depth-bounded ([`MAX_DEPTH`]) and the result is
//!   checked with [`acc_ir::body_verify`].
//!
//! # Device routines
//! Every subroutine and function of the file is lowered too, as an
//! [`acc_ir::body::DeviceFunction`] (or recorded as an [`acc_ir::body::HostFunction`] with why
//! it cannot run on a device), so that calls from compute regions, in this file or another,
//! reach device code (`routine.rs`). Fortran passes arguments by reference: a dummy is a
//! pointer parameter (a value with `value`), an explicit-shape or assumed-size array dummy a
//! pointer to its first element with its bounds evaluated on entry, an assumed-shape,
//! allocatable or pointer array dummy a pointer to its first element followed by each
//! dimension's lower bound, extent and stride as `i64` parameters. Calls pass the addresses
//! of variables and elements, temporaries for expressions, and for the latter dummies whole
//! arrays or sections with any strides, without a copy (`calls.rs`); an absent optional
//! argument is a null address.
//!
//! Parts: `expr.rs` (names, literals, operators, conversions, array elements),
//! `complex_power.rs` (`**` with complex operands), `intrinsics.rs`
//! (intrinsic procedures), `stmt.rs` (statements, loops, `!$acc loop` and `!$acc atomic`),
//! `arrays.rs` (array assignments: whole arrays and sections, element by element),
//! `masked.rs` (`where`, `forall` and `associate`), `block.rs` (`block` constructs),
//! `routine.rs` (procedures as device functions), `calls.rs` (calls of the file's procedures).

mod arrays;
mod block;
mod calls;
mod complex_power;
mod components;
pub(super) mod descriptor;
mod expr;
mod interface;
mod intrinsics;
mod masked;
mod reductions;
mod routine;
mod stmt;
#[cfg(test)]
mod tests;

use super::lower::Lowerer;
use crate::lowering::SourceContext;
use acc_ir::body::{Body, ExprId, ExprKind, LocalId, LocalKind, Stmt};
use acc_ir::{
    AtomicKind, ComputeKind, DataOp, Derived, Diagnostic, Handle, Module, Op, OpKind, ScalarKind,
    Storage, TypeHandle, TypeInner, Variable,
};
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use tree_sitter::Node;

/// How deeply statements and expressions may nest before the lowering gives up: deep enough
/// for machine-generated code (a sum of thousands of terms nests as deep as it has terms), and
/// well within the analysis thread's stack (`crate::ANALYSIS_STACK`).
pub(crate) const MAX_DEPTH: usize = 4096;

/// The acc ops attached to statements inside the regions.
#[derive(Clone, Debug, Default)]
pub(crate) struct Annotations {
    /// Start of the `do` construct -> (acc.loop op, number of associated loops).
    pub loops: HashMap<u32, (Handle<Op>, usize)>,
    /// Start of the first statement of an atomic construct -> (op, kind, end of its statements).
    pub atomics: HashMap<u32, (Handle<Op>, AtomicKind, u32)>,
    /// In a `kernels` region, counted `do` loops without a directive become OpenACC loops
    /// without an op, for the dependence test to decide on.
    pub auto_loops: bool,
}

pub(crate) use crate::lowering::NotOffloaded;

type R<T> = Result<T, NotOffloaded>;

/// A lowered expression.
#[derive(Clone, Copy, Debug)]
enum Value {
    /// A scalar value.
    Val(ExprId),
    /// The address (type `Pointer { pointee: ty }`) of an object of type `ty`.
    Place(ExprId, TypeHandle),
}

/// What a synthetic variable holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum SyntheticKind {
    LowerBound,
    Stride,
    Extent,
}

/// A loop `exit` and `cycle` may refer to.
#[derive(Clone, Debug)]
struct LoopFrame {
    name: Option<String>,
    /// An OpenACC loop (which `exit` may not leave).
    acc: bool,
    /// A named `block` construct that `exit <name>` leaves (`block.rs`): a loop run once.
    block: bool,
}

/// The state of one region's lowering.
struct Lowering<'l, 'a> {
    lw: &'l mut Lowerer<'a>,
    annotations: &'l Annotations,
    body: Body,
    /// The synthetic variables made, in order.
    synthetic: Vec<Handle<Variable>>,
    loops: Vec<LoopFrame>,
    /// Variables rebound to locals (do-variables inside OpenACC loops), innermost last.
    rebound: Vec<HashMap<Handle<Variable>, LocalId>>,
    depth: usize,
    /// Set while an array assignment's element is lowered (`arrays.rs`).
    elemental: Option<arrays::Elemental>,
    /// The names `associate` constructs bind (lower case), innermost last (`masked.rs`).
    associations: Vec<HashMap<String, masked::Association>>,
    /// The arrays `associate` names stand for (`masked.rs`), indexed by [`masked::Association::Array`].
    views: Vec<masked::View>,
    /// Set while lowering a procedure as a device routine.
    routine: Option<routine::RoutineState>,
    /// Whether each procedure of the file can run on a device (`Err`: why not); empty while
    /// the procedures themselves are lowered.
    procedures: &'l routine::Procedures,
    /// The file's procedures the code calls (scope index, the call).
    callees: Vec<(usize, Range<u32>)>,
    /// The text being lowered (a compute construct or a procedure): names of `block`
    /// constructs outside it are refused (`block.rs`).
    extent: Range<u32>,
}

/// Lowers the code of every compute construct to body IR (`module.region_code`), adds the
/// synthetic bound variables as implicit `firstprivate` operands, and returns a remark for
/// every region that cannot be offloaded (it keeps its host fallback). The passes over the
/// lowered code follow in [`acc_ir::passes::pipeline`].
pub(crate) fn lower_regions(lw: &mut Lowerer<'_>) -> Vec<Diagnostic> {
    let mut annotations = Annotations::default();
    let mut computes = Vec::new();
    let placements: Vec<(Handle<Op>, Range<u32>)> = lw
        .placements
        .iter()
        .filter_map(|(op, p)| p.statement.clone().map(|s| (*op, s)))
        .collect();
    for (op, statement) in placements {
        let first = lw
            .unit
            .next_statement(statement.start)
            .map_or(statement.start, |n| n.start_byte() as u32);
        match &lw.module.ops[op].kind {
            OpKind::Loop(l) if l.combined.is_none() => {
                annotations
                    .loops
                    .insert(statement.start, (op, l.control.len().max(1)));
            }
            OpKind::Atomic(a) => {
                annotations
                    .atomics
                    .insert(first, (op, a.kind, statement.end));
            }
            OpKind::Compute(c) => {
                if c.combined {
                    if let Some(&loop_op) = c.body.first() {
                        let depth = match &lw.module.ops[loop_op].kind {
                            OpKind::Loop(l) => l.control.len().max(1),
                            _ => 1,
                        };
                        annotations.loops.insert(statement.start, (loop_op, depth));
                    }
                }
                computes.push((op, statement));
            }
            _ => {}
        }
    }
    computes.sort_by_key(|(_, range)| range.start);
    let (procedures, mut remarks) = routine::lower_procedures(lw, &annotations);
    lw.interfaces = interface::module_interfaces(lw, &procedures);
    for (op, range) in computes {
        let kernels =
            matches!(&lw.module.ops[op].kind, OpKind::Compute(c) if c.kind == ComputeKind::Kernels);
        annotations.auto_loops = kernels;
        match lower_region(lw, &annotations, &procedures, range.clone()).and_then(|lowered| {
            crate::lowering::check_captured(&lw.module, op, &lowered.0, &range)?;
            Ok(lowered)
        }) {
            Ok((body, mut synthetic)) => {
                private_extents(lw, op, &body, range.start, &mut synthetic);
                add_firstprivates(&mut lw.module, op, &synthetic);
                lw.module.region_code.insert(op, body);
            }
            Err(reason) => {
                let span = SourceContext::span(lw, reason.span.clone());
                let at = lw.module.ops.get_span(op);
                remarks.push(reason.diagnostic(at).with_note(span, "here"));
            }
        }
    }
    remarks
}

/// The synthetic variable holding a bound of dimension `dim` of array `array` (one per array,
/// dimension and kind: [`Module::variable`] finds an existing one).
fn synthetic_variable(
    module: &mut Module,
    array: Handle<Variable>,
    dim: u32,
    kind: SyntheticKind,
) -> Handle<Variable> {
    let (name, decl) = {
        let v = &module.variables[array];
        (v.name.clone(), v.decl)
    };
    let (label, derived) = match kind {
        SyntheticKind::LowerBound => ("lbound", Derived::LowerBound { array, dim }),
        SyntheticKind::Stride => ("stride", Derived::Stride { array, dim }),
        SyntheticKind::Extent => ("extent", Derived::Extent { array, dim }),
    };
    let ty = module.types.scalar(I64);
    module.variable(
        Variable {
            name: format!("{label}({name},{})", dim + 1),
            ty,
            storage: Storage::Local,
            decl,
            derived: Some(derived),
            restrict: false,
            symbol: None,
        },
        decl,
    )
}

/// The extents of the `private` and `firstprivate` arrays of compute construct `compute` and
/// the `private` arrays of the loops in its code (`body`) whose shape is known only at run time, as synthetic variables added to
/// `synthetic`: a multicore kernel sizes each private copy from them
/// ([`acc_ir::Module::extent_variables`]). Only arrays whose elements are contiguous in array element
/// order qualify (allocatable and explicit-shape, automatic ones included), as the copy is laid
/// out like the original, which the code indexes with the original's strides; a pointer or
/// assumed-shape array may be a strided view, and its private copy is not made (the region
/// keeps its host code).
fn private_extents(
    lw: &mut Lowerer<'_>,
    compute: Handle<Op>,
    body: &Body,
    at: u32,
    synthetic: &mut Vec<Handle<Variable>>,
) {
    let mut ops: Vec<Handle<DataOp>> = match &lw.module.ops[compute].kind {
        OpKind::Compute(c) => c.private.iter().chain(&c.firstprivate).copied().collect(),
        _ => return,
    };
    acc_ir::body::any_stmt(&body.stmts, |stmt| {
        if let Stmt::AccLoop { op: Some(op), .. } = stmt {
            if let Some(OpKind::Loop(l)) = lw.module.ops.get(*op).map(|o| &o.kind) {
                ops.extend(&l.private);
            }
        }
        false
    });
    let Some(scope) = lw.unit.scopes.scope_at(at) else {
        return;
    };
    for op in ops {
        // (A private operand of Fortran is a whole variable; an array's has its bounds.)
        let (var, whole) = match lw.module.data_ops.get(op) {
            Some(d) => (d.var, d.path.is_empty()),
            None => continue,
        };
        let Some(rank) = descriptor::deferred_rank(&lw.module.types, lw.module.variables[var].ty)
        else {
            continue;
        };
        let name = lw.module.variables[var].name.clone();
        let contiguous = match lw.unit.scopes.resolve(scope, &name) {
            super::symbols::Resolved::Variable(symbol, _) => {
                !symbol.attrs.pointer
                    && (symbol.attrs.allocatable
                        || symbol
                            .dims
                            .iter()
                            .all(|d| matches!(d.upper, super::symbols::Upper::Explicit(_))))
            }
            _ => false,
        };
        if !whole || !contiguous {
            continue;
        }
        for dim in 0..rank {
            let extent = synthetic_variable(&mut lw.module, var, dim, SyntheticKind::Extent);
            if !synthetic.contains(&extent) {
                synthetic.push(extent);
            }
        }
    }
}

/// Appends an implicit `firstprivate` of each synthetic variable to the compute construct.
fn add_firstprivates(module: &mut Module, compute: Handle<Op>, synthetic: &[Handle<Variable>]) {
    let span = module.ops.get_span(compute);
    for &var in synthetic {
        module.add_implicit_firstprivate(compute, var, span);
    }
}

/// Lowers the statements in `range` (a compute construct's block or statement).
fn lower_region(
    lw: &mut Lowerer<'_>,
    annotations: &Annotations,
    procedures: &routine::Procedures,
    range: Range<u32>,
) -> R<(Body, Vec<Handle<Variable>>)> {
    let mut lowering = Lowering::new(lw, annotations, procedures);
    lowering.extent = range.clone();
    let nodes = lowering.statements_in(range.clone())?;
    let mut stmts = Vec::new();
    lowering.stmt_list(&nodes, &mut stmts)?;
    lowering.body.stmts = stmts;
    match acc_ir::body_verify::verify_body(&lowering.lw.module, &lowering.body) {
        Ok(()) => Ok((lowering.body, lowering.synthetic)),
        Err(error) => Err(NotOffloaded {
            span: range,
            message: error
                .to_string()
                .trim_start_matches("internal error: ")
                .to_string(),
            internal: true,
        }),
    }
}

impl<'l, 'a> Lowering<'l, 'a> {
    fn new(
        lw: &'l mut Lowerer<'a>,
        annotations: &'l Annotations,
        procedures: &'l routine::Procedures,
    ) -> Self {
        Lowering {
            lw,
            annotations,
            body: Body::default(),
            synthetic: Vec::new(),
            loops: Vec::new(),
            rebound: Vec::new(),
            depth: 0,
            routine: None,
            procedures,
            callees: Vec::new(),
            elemental: None,
            associations: Vec::new(),
            views: Vec::new(),
            extent: 0..0,
        }
    }

    fn fail<T>(&self, node: Node, message: impl Into<String>) -> R<T> {
        Err(NotOffloaded {
            span: node.start_byte() as u32..node.end_byte() as u32,
            message: message.into(),
            internal: false,
        })
    }

    /// A broken invariant of this lowering at `node` (a bug of accc, reported, never a panic).
    fn internal<T>(&self, node: Node, message: impl Into<String>) -> R<T> {
        Err(NotOffloaded {
            span: node.start_byte() as u32..node.end_byte() as u32,
            message: message.into(),
            internal: true,
        })
    }

    fn text(&self, node: Node) -> &'a str {
        let unit: &'a super::FUnit = self.lw.unit;
        unit.node_text(node)
    }

    fn root(&self) -> Option<Node<'a>> {
        let unit: &'a super::FUnit = self.lw.unit;
        unit.root()
    }

    /// Adds an expression located at `node`.
    fn e(&mut self, kind: ExprKind, ty: TypeHandle, node: Node) -> ExprId {
        let span = SourceContext::span(self.lw, node.start_byte() as u32..node.end_byte() as u32);
        self.body.expr(kind, ty, span)
    }

    fn ty(&self, e: ExprId) -> TypeHandle {
        self.body.exprs[e].ty
    }

    fn scalar_of(&self, ty: TypeHandle) -> Option<ScalarKind> {
        match self.lw.module.types.get(ty) {
            TypeInner::Scalar(kind) => Some(*kind),
            _ => None,
        }
    }

    fn kind_of(&self, e: ExprId) -> Option<ScalarKind> {
        self.scalar_of(self.ty(e))
    }

    fn scalar_ty(&mut self, kind: ScalarKind) -> TypeHandle {
        self.lw.module.types.scalar(kind)
    }

    fn pointer_to(&mut self, ty: TypeHandle) -> TypeHandle {
        self.lw
            .module
            .types
            .insert(TypeInner::Pointer { pointee: ty })
    }

    fn i64_ty(&mut self) -> TypeHandle {
        self.scalar_ty(I64)
    }

    fn int(&mut self, value: i128, kind: ScalarKind, node: Node) -> ExprId {
        let ty = self.scalar_ty(kind);
        self.e(ExprKind::Int(value), ty, node)
    }

    fn float(&mut self, value: f64, kind: ScalarKind, node: Node) -> ExprId {
        let ty = self.scalar_ty(kind);
        self.e(ExprKind::Float(value), ty, node)
    }

    /// The element type of an array type (the type itself for a scalar).
    fn element_of(&self, ty: TypeHandle) -> TypeHandle {
        let mut current = ty;
        for _ in 0..64 {
            match self.lw.module.types.get(current) {
                TypeInner::Array { element, .. } => current = *element,
                _ => break,
            }
        }
        current
    }

    /// A temporary local holding `value`; the declaration is appended to `out`.
    fn temporary(&mut self, name: &str, value: ExprId, node: Node, out: &mut Vec<Stmt>) -> LocalId {
        let ty = self.ty(value);
        let span = SourceContext::span(self.lw, node.start_byte() as u32..node.end_byte() as u32);
        let local = self.body.local(name, ty, LocalKind::Temporary, span);
        out.push(Stmt::Declare {
            local,
            init: Some(value),
        });
        local
    }

    /// A new local of type `ty`, declared without a value into `out`.
    fn uninit_local(
        &mut self,
        name: &str,
        ty: TypeHandle,
        kind: LocalKind,
        node: Node,
        out: &mut Vec<Stmt>,
    ) -> LocalId {
        let span = SourceContext::span(self.lw, node.start_byte() as u32..node.end_byte() as u32);
        let local = self.body.local(name, ty, kind, span);
        out.push(Stmt::Declare { local, init: None });
        local
    }

    fn local_addr(&mut self, local: LocalId, node: Node) -> ExprId {
        let ty = self.body.locals[local].ty;
        let pointer = self.pointer_to(ty);
        self.e(ExprKind::Local(local), pointer, node)
    }

    fn load_local(&mut self, local: LocalId, node: Node) -> ExprId {
        let ty = self.body.locals[local].ty;
        let address = self.local_addr(local, node);
        self.e(ExprKind::Load(address), ty, node)
    }

    fn store_local(&mut self, local: LocalId, value: ExprId, node: Node) -> Stmt {
        let address = self.local_addr(local, node);
        Stmt::Store { address, value }
    }

    fn binary(
        &mut self,
        op: acc_ir::body::BinaryOp,
        left: ExprId,
        right: ExprId,
        ty: TypeHandle,
        node: Node,
    ) -> ExprId {
        self.e(ExprKind::Binary { op, left, right }, ty, node)
    }

    /// A bool (`Bool { width: 8 }`) comparison.
    fn compare(
        &mut self,
        op: acc_ir::body::BinaryOp,
        left: ExprId,
        right: ExprId,
        node: Node,
    ) -> ExprId {
        let bool_ty = self.scalar_ty(BOOL);
        self.binary(op, left, right, bool_ty, node)
    }

    /// `stmts` evaluated, then `value` (an expression with side effects).
    fn block(&mut self, stmts: Vec<Stmt>, value: ExprId, node: Node) -> ExprId {
        if stmts.is_empty() {
            return value;
        }
        let ty = self.ty(value);
        self.e(ExprKind::Block { stmts, value }, ty, node)
    }

    /// The synthetic variable holding a bound of dimension `dim` of array `array`.
    fn synthetic(
        &mut self,
        array: Handle<Variable>,
        dim: u32,
        kind: SyntheticKind,
    ) -> Handle<Variable> {
        let var = synthetic_variable(&mut self.lw.module, array, dim, kind);
        if !self.synthetic.contains(&var) {
            self.synthetic.push(var);
        }
        var
    }

    /// The value of a synthetic variable, as an `i64`.
    fn synthetic_value(
        &mut self,
        array: Handle<Variable>,
        dim: u32,
        kind: SyntheticKind,
        node: Node,
    ) -> ExprId {
        if let Some(local) = self.view_bound(array, dim, kind) {
            return self.load_local(local, node);
        }
        if self.routine.is_some() {
            return self.routine_synthetic(array, dim, kind, node);
        }
        let var = self.synthetic(array, dim, kind);
        let ty = self.i64_ty();
        let pointer = self.pointer_to(ty);
        let address = self.e(ExprKind::Variable(var), pointer, node);
        self.e(ExprKind::Load(address), ty, node)
    }

    /// The named statements fully inside `range`, in order (comments left out).
    fn statements_in(&self, range: Range<u32>) -> R<Vec<Node<'a>>> {
        let Some(root) = self.root() else {
            return Err(NotOffloaded {
                span: range,
                message: "the file could not be parsed".into(),
                internal: false,
            });
        };
        let (start, end) = (range.start as usize, range.end as usize);
        let mut found = Vec::new();
        let cover = root.descendant_for_byte_range(start, end).unwrap_or(root);
        super::symbols::walk(cover, |node| {
            if node.end_byte() <= start || node.start_byte() >= end || node.kind() == "comment" {
                return false;
            }
            if node.start_byte() >= start && node.end_byte() <= end && node.is_named() {
                found.push(node);
                return false;
            }
            true
        });
        if let Some(bad) = found.iter().find(|n| n.has_error()) {
            return self.fail(*bad, "syntax error in the region");
        }
        Ok(found)
    }

    /// The variables of `ident` nodes inside `node` that are do-variables of counted loops
    /// without an OpenACC loop directive.
    fn sequential_do_variables(&mut self, node: Node<'a>) -> R<Vec<Handle<Variable>>> {
        let mut names: Vec<Node<'a>> = Vec::new();
        let annotations = self.annotations;
        super::symbols::walk(node, |n| {
            if n.kind() == "do_loop" && !annotations.loops.contains_key(&(n.start_byte() as u32)) {
                let mut cursor = n.walk();
                let header = n
                    .named_children(&mut cursor)
                    .find(|c| c.kind() == "do_statement");
                if let Some(control) = header.and_then(|h| {
                    let mut c = h.walk();
                    let found = h
                        .named_children(&mut c)
                        .find(|k| k.kind() == "loop_control_expression");
                    found
                }) {
                    if let Some(var) = control.named_child(0) {
                        names.push(var);
                    }
                }
            }
            true
        });
        let mut vars = Vec::new();
        let mut seen = HashSet::new();
        for name in names {
            if let Some((var, _)) = self.variable_named(name)? {
                if seen.insert(var) {
                    vars.push(var);
                }
            }
        }
        Ok(vars)
    }
}

impl Lowering<'_, '_> {
    /// The kinds of the default types under gfortran's options (`-fdefault-real-8`, ...).
    fn kinds(&self) -> crate::fortran::symbols::Kinds {
        self.lw.unit.scopes.kinds
    }

    /// Default integer (`count`, `int`, `nint` without a kind).
    fn default_integer(&self) -> ScalarKind {
        ScalarKind::Int {
            signed: true,
            width: self.kinds().integer * 8,
        }
    }

    /// Default logical (the results of `any`, `all`, `btest`, `acc_on_device`).
    fn default_logical(&self) -> ScalarKind {
        ScalarKind::Bool {
            width: self.kinds().integer * 8,
        }
    }
}

const I64: ScalarKind = ScalarKind::Int {
    signed: true,
    width: 64,
};
const I32: ScalarKind = ScalarKind::Int {
    signed: true,
    width: 32,
};
const BOOL: ScalarKind = ScalarKind::Bool { width: 8 };
