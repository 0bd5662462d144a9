//! Lowering of C code to the body IR ([`acc_ir::body`]): the statements of a compute region
//! ([`lower_region`]) and the definition of a device routine ([`lower_function`]).
//!
//! Every C conversion becomes explicit (integer promotions, the usual arithmetic conversions,
//! assignment conversions), places are addresses, and C's expression forms with side effects
//! become statements (or [`ExprKind::Block`]s where a value is needed). Names declared outside
//! the lowered code become module [`Variable`]s, built exactly as the data clauses build them,
//! so a region's code and its clauses share handles; names declared inside become locals.
//!
//! What cannot run on a device (or is not supported yet) is reported as [`NotOffloaded`] with the
//! construct it found, never as a panic: the caller keeps the host fallback and says why.
//! The walk over the syntax tree is depth-bounded ([`MAX_DEPTH`]), and the result is checked
//! with [`acc_ir::body_verify`] (a failure is an internal error, reported as not offloaded).
//!
//! # Choices
//! * Conversions to `_Bool` compare with zero (`Ne(x, 0)`); other conversions are `Cast`s.
//!   Comparisons stay `i1` where C only tests them (conditions, `&&`, `!`) and are cast to
//!   `int` where C uses their value.
//! * The body IR is a tree: an expression is used once. An address needed twice (`a[i] += 1`)
//!   is copied when re-evaluating it is harmless, else kept in a temporary pointer.
//! * `Index` of the address of an array gives an element's address; subscripts of a pointer to
//!   an array (`double (*p)[8]`) are `PointerAdd`s, since `Index` could not tell them apart.
//! * Variable-length arrays: indexing flattens to the innermost element (`PointerAdd` by the
//!   index times the run-time element count); a dimension must be a constant or a single
//!   variable, read where the array was declared. `sizeof` of one is computed at run time.
//!   Arrays of variable length declared in device code are not offloaded.
//! * A `static const` object with an initializer declared in the code (a routine's lookup
//!   table) is a local initialised where it is declared, on every entry: it cannot change, so
//!   only its address, compared across calls, could tell. Other `static` and thread-local
//!   variables of the code are not offloaded: a writable one would be one object that every
//!   device thread updates at once.
//! * `sizeof`, `_Alignof` and `offsetof` use the x86-64 System V layout (`types::size_align`).
//!   The type table has no bit-fields, so structs with them are not offloaded where it matters.
//! * `_Complex` values take part in `+ - * /`, `==`, `!=` and conversions (to a real type: the
//!   real part; between complex types, each part), and `creal`/`cimag`/`conj`/`cabs`/`carg`
//!   (and `f` forms; `calls.rs`) take them apart; the imaginary unit `I` and GNU imaginary
//!   literals (`2.5i`: the scanner blanks the suffix and remembers the literal's width) build
//!   them. `_Complex` in a type name (`(float _Complex)z`, `(_Complex double)x`) is found where
//!   the scanner blanked it (`types.rs`); `long double _Complex` is refused.
//!
//! Parts: `expr.rs` (expression forms and operators), `convert.rs` (C's implicit conversions),
//! `places.rs` (pointers, subscripts, members), `assign.rs` (assignments, `++`/`--`,
//! expressions evaluated for their effects), `calls.rs` (calls, math functions, builtins),
//! `stmt.rs` (statements, declarations, switch, function bodies), `init.rs` (initialiser
//! lists), `acc.rs` (OpenACC loops and atomics), `types.rs` (C types, conversion ranks, sizes,
//! literals).

// Until the lowering of compute constructs and routines calls in, only the tests use this.
#![allow(dead_code)]

mod acc;
mod assign;
mod calls;
mod casts;
mod convert;
mod expr;
mod init;
mod places;
mod stmt;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_acc;
#[cfg(test)]
mod tests_corpus;
#[cfg(test)]
mod tests_stmt;
mod types;

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use acc_ir::body::{Body, DeviceFunction, ExprId, ExprKind, LocalId, LocalKind};
use acc_ir::{AtomicKind, Handle, Module, Op, ParLevel, Span, TypeHandle, TypeInner, Variable};
use tree_sitter::Node;

use super::{CUnit, FunctionInfo, SourceMap, Storage, Symbol};

/// How deeply statements and expressions may nest before the lowering gives up: deep enough
/// for machine-generated code (a sum of thousands of terms nests as deep as it has terms), and
/// well within the analysis thread's stack (`crate::ANALYSIS_STACK`).
pub(crate) const MAX_DEPTH: usize = 4096;

/// What a compute region's code is lowered with: the acc ops attached to statements inside it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Annotations {
    /// Statement start offset (of the `for` statement) -> (acc.loop op, collapse depth = number
    /// of associated loops).
    pub loops: HashMap<u32, (Handle<Op>, usize)>,
    /// Statement start offset -> (atomic op, kind).
    pub atomics: HashMap<u32, (Handle<Op>, AtomicKind)>,
    /// In a `kernels` region every canonical `for` loop without a directive becomes an
    /// [`acc_ir::body::Stmt::AccLoop`] with no op, for the dependence test to decide on.
    pub auto_loops: bool,
}

pub(crate) use crate::lowering::NotOffloaded;

type R<T> = Result<T, NotOffloaded>;

/// Lowers the statement at `range` (a compute construct's region) to a Body.
pub(crate) fn lower_region(
    unit: &CUnit,
    module: &mut Module,
    source_map: &SourceMap,
    range: Range<u32>,
    annotations: &Annotations,
) -> Result<Body, NotOffloaded> {
    let mut lowering = Lowering::new(unit, module, source_map, annotations, range.clone());
    let node = lowering.statement_at(range)?;
    let mut stmts = Vec::new();
    let start = node.start_byte() as u32;
    if node.kind() == "compound_statement" && !lowering.annotations.atomics.contains_key(&start) {
        lowering.children(node, &mut stmts)?;
    } else {
        lowering.stmt(node, &mut stmts)?;
    }
    lowering.body.stmts = stmts;
    lowering.finish(node)
}

/// Lowers a function definition (for device routines): parameters become
/// `LocalKind::Parameter` locals.
pub(crate) fn lower_function(
    unit: &CUnit,
    module: &mut Module,
    source_map: &SourceMap,
    function: &FunctionInfo,
) -> Result<DeviceFunction, NotOffloaded> {
    lower_function_with(unit, module, source_map, function, &Annotations::default())
}

/// [`lower_function`] for a routine whose body holds OpenACC loops or atomics.
pub(crate) fn lower_function_with(
    unit: &CUnit,
    module: &mut Module,
    source_map: &SourceMap,
    function: &FunctionInfo,
    annotations: &Annotations,
) -> Result<DeviceFunction, NotOffloaded> {
    let range = function.range.clone();
    let mut lowering = Lowering::new(unit, module, source_map, annotations, range.clone());
    let node = lowering.node_with_range(range, |k| k == "function_definition")?;
    let (result, stmts) = lowering.function(node, function)?;
    lowering.body.stmts = stmts;
    let span = lowering.span(function.name_range.clone());
    let body = lowering.finish(node)?;
    Ok(DeviceFunction {
        name: function.name.clone(),
        symbol: function.name.clone(),
        external: true,
        result,
        body,
        level: ParLevel::Seq,
        explicit: None,
        exported: false,
        export_error: None,
        span,
    })
}

/// A lowered C expression.
#[derive(Clone, Copy, Debug)]
enum Value {
    /// A value whose C type is the expression's type.
    Plain(ExprId),
    /// A bool (`i1`) that C sees as an `int` 0 or 1: comparisons, `!`, `&&`, `||`.
    Truth(ExprId),
    /// An lvalue: the address (type `Pointer { pointee: ty }`) of an object of C type `ty`.
    Place(ExprId, TypeHandle),
}

/// What a `break` at the current point would leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BreakTarget {
    Nothing,
    /// A sequential loop or a switch.
    Breakable,
    /// An OpenACC loop: leaving it early is not allowed.
    AccLoop,
}

/// The state of one lowering (a region or a function).
struct Lowering<'a> {
    unit: &'a CUnit,
    module: &'a mut Module,
    source_map: &'a SourceMap,
    annotations: &'a Annotations,
    body: Body,
    /// Names declared inside this range are locals.
    range: Range<u32>,
    /// Locals by the start of their declaration's range, with their types.
    locals: HashMap<u32, (LocalId, TypeHandle)>,
    /// The result type of the function being lowered; `None` in a compute region.
    result: Option<TypeHandle>,
    depth: usize,
    break_target: BreakTarget,
    /// How many loops enclose the current statement (for `continue`), and how many of them
    /// are OpenACC loops (which `return` may not leave).
    loops: usize,
    acc_loops: usize,
    /// Where the variable-length array types were declared (their sizes resolve there).
    vla_origins: HashMap<TypeHandle, u32>,
    /// Declarations already checked for `_Atomic`.
    atomic_checked: HashSet<u32>,
    /// Set while lowering an operand of a binary expression that is itself one: the chain it
    /// belongs to was already searched for casts read as operators (`casts.rs`).
    in_chain: bool,
    /// By a variable-length array's declaration end: the variables written from there to the
    /// region's end (its sizes must not change: they were taken at the declaration).
    vla_writes: HashMap<u32, Vec<String>>,
}

impl<'a> Lowering<'a> {
    fn new(
        unit: &'a CUnit,
        module: &'a mut Module,
        source_map: &'a SourceMap,
        annotations: &'a Annotations,
        range: Range<u32>,
    ) -> Self {
        Lowering {
            unit,
            module,
            source_map,
            annotations,
            body: Body::default(),
            range,
            locals: HashMap::new(),
            result: None,
            depth: 0,
            break_target: BreakTarget::Nothing,
            loops: 0,
            acc_loops: 0,
            vla_origins: HashMap::new(),
            atomic_checked: HashSet::new(),
            in_chain: false,
            vla_writes: HashMap::new(),
        }
    }

    /// Checks the body IR invariants: a failure is a bug of this lowering, reported (rather than
    /// panicking) as the reason the code stays on the host.
    fn finish(self, node: Node) -> R<Body> {
        match acc_ir::body_verify::verify_body(self.module, &self.body) {
            Ok(()) => Ok(self.body),
            Err(error) => Err(NotOffloaded {
                span: node.start_byte() as u32..node.end_byte() as u32,
                message: error
                    .to_string()
                    .trim_start_matches("internal error: ")
                    .to_string(),
                internal: true,
            }),
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
        self.unit.text.get(node.byte_range()).unwrap_or("")
    }

    fn span(&mut self, range: Range<u32>) -> Span {
        self.source_map.span(&mut self.module.files, range)
    }

    fn node_span(&mut self, node: Node) -> Span {
        self.span(node.start_byte() as u32..node.end_byte() as u32)
    }

    /// Adds an expression located at `node`.
    fn e(&mut self, kind: ExprKind, ty: TypeHandle, node: Node) -> ExprId {
        let span = self.node_span(node);
        self.body.expr(kind, ty, span)
    }

    fn ty(&self, e: ExprId) -> TypeHandle {
        self.body.exprs[e].ty
    }

    fn inner(&self, ty: TypeHandle) -> TypeInner {
        self.module.types.get(ty).clone()
    }

    /// The node with exactly `range` whose kind passes `accept`.
    fn node_with_range(&self, range: Range<u32>, accept: impl Fn(&str) -> bool) -> R<Node<'a>> {
        let root = self.unit.tree.root_node();
        let not_found = NotOffloaded {
            span: range.clone(),
            message: "no statement at the region's range".into(),
            internal: true,
        };
        let Some(mut node) =
            root.descendant_for_byte_range(range.start as usize, range.end as usize)
        else {
            return Err(not_found);
        };
        loop {
            let same =
                node.start_byte() as u32 == range.start && node.end_byte() as u32 == range.end;
            if same && accept(node.kind()) {
                return Ok(node);
            }
            match node.parent() {
                Some(parent) if parent.start_byte() as u32 >= range.start => node = parent,
                _ => return Err(not_found),
            }
        }
    }

    fn statement_at(&self, range: Range<u32>) -> R<Node<'a>> {
        let node =
            self.node_with_range(range, |k| k.ends_with("_statement") || k == "declaration")?;
        if node.has_error() {
            return self.fail(node, "syntax error in the region");
        }
        Ok(node)
    }

    /// Whether a declaration range lies inside the lowered code.
    fn inside(&self, decl: &Range<u32>) -> bool {
        self.range.start <= decl.start && decl.end <= self.range.end
    }

    /// Registers a local for the declaration starting at `decl_start`.
    fn new_local(
        &mut self,
        decl_start: u32,
        name: &str,
        ty: TypeHandle,
        kind: LocalKind,
        node: Node,
    ) -> LocalId {
        let span = self.node_span(node);
        let local = self.body.local(name, ty, kind, span);
        self.locals.insert(decl_start, (local, ty));
        local
    }

    /// A temporary local of type `ty`.
    fn temporary(&mut self, name: &str, ty: TypeHandle, node: Node) -> LocalId {
        let span = self.node_span(node);
        self.body.local(name, ty, LocalKind::Temporary, span)
    }

    /// The address of a local, as an expression.
    fn local_address(&mut self, local: LocalId, ty: TypeHandle, node: Node) -> ExprId {
        let pointer = self.pointer_to(ty);
        self.e(ExprKind::Local(local), pointer, node)
    }

    /// The place a resolved variable symbol denotes: a local of this code or a module variable.
    fn symbol_place(&mut self, symbol: &Symbol, node: Node) -> R<Value> {
        self.check_not_atomic(symbol, node)?;
        let in_code = self.inside(&symbol.decl_range);
        // A `static const` table of the code is a local too (`stmt.rs`, `declaration`).
        let static_local =
            symbol.storage == Storage::Static && self.locals.contains_key(&symbol.decl_range.start);
        if in_code
            && (matches!(symbol.storage, Storage::Local | Storage::Parameter) || static_local)
        {
            let Some((local, ty)) = self.locals.get(&symbol.decl_range.start).copied() else {
                return self.internal(
                    node,
                    format!(
                        "local '{}' used before its declaration was lowered",
                        symbol.name
                    ),
                );
            };
            let address = self.local_address(local, ty, node);
            return Ok(Value::Place(address, ty));
        }
        if in_code && symbol.storage == Storage::Static {
            let place = if self.result.is_some() {
                "in a device routine"
            } else {
                "inside a compute region"
            };
            return self.fail(
                node,
                format!("static variable '{}' declared {place}", symbol.name),
            );
        }
        let decl = self.span(symbol.decl_range.clone());
        // A device routine reaches a `static` of the file (the only statics it can see) through
        // a global alias, as kernels reach the file's functions: the device copy of a declared
        // global has the host symbol's name, and a `static` has none outside its object.
        let alias = (self.result.is_some() && symbol.storage == Storage::Static)
            .then(|| super::static_alias_name(self.source_map.main_file(), &symbol.name));
        let var = self.module.variable(
            Variable {
                name: symbol.name.clone(),
                ty: symbol.ty,
                storage: super::operands::storage_of(symbol.storage),
                decl,
                derived: None,
                restrict: symbol.is_restrict_pointer(self.unit.text()),
                symbol: alias,
            },
            decl,
        );
        self.record_vla_origin(symbol.ty, symbol.decl_range.end);
        let pointer = self.pointer_to(symbol.ty);
        let address = self.e(ExprKind::Variable(var), pointer, node);
        Ok(Value::Place(address, symbol.ty))
    }

    /// Rejects variables declared `_Atomic` (their accesses would need atomic operations).
    fn check_not_atomic(&mut self, symbol: &Symbol, node: Node) -> R<()> {
        if !self.atomic_checked.insert(symbol.decl_range.start) {
            return Ok(());
        }
        let root = self.unit.tree.root_node();
        let range = &symbol.decl_range;
        let found = root.descendant_for_byte_range(range.start as usize, range.end as usize);
        let mut current = found;
        for _ in 0..8 {
            let Some(candidate) = current else { break };
            if matches!(candidate.kind(), "declaration" | "parameter_declaration") {
                let specifiers_end = match candidate.child_by_field_name("declarator") {
                    Some(declarator) if candidate.kind() == "parameter_declaration" => {
                        declarator.start_byte()
                    }
                    _ => range.start as usize,
                };
                let specifiers = self
                    .unit
                    .text
                    .get(candidate.start_byte()..specifiers_end)
                    .unwrap_or("");
                if specifiers.contains("_Atomic") {
                    return self.fail(
                        node,
                        format!(
                            "_Atomic variable '{}' (use '#pragma acc atomic' instead)",
                            symbol.name
                        ),
                    );
                }
                break;
            }
            current = candidate.parent();
        }
        Ok(())
    }

    /// Remembers where an array type with variable dimensions was declared.
    fn record_vla_origin(&mut self, ty: TypeHandle, at: u32) {
        let mut current = ty;
        for _ in 0..64 {
            match self.inner(current) {
                TypeInner::Pointer { pointee } => current = pointee,
                TypeInner::Array { element, .. } => {
                    if !self.fixed_size(current) {
                        self.vla_origins.insert(current, at);
                    }
                    current = element;
                }
                _ => return,
            }
        }
    }

    /// Lowers `f` into a scratch body (for `sizeof` and constant expressions, which are not
    /// evaluated): returns its result and the scratch body.
    fn scratch<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<(T, Body)> {
        let saved = std::mem::take(&mut self.body);
        let result = f(self);
        let scratch = std::mem::replace(&mut self.body, saved);
        Ok((result?, scratch))
    }

    /// The integer value of a constant expression (folded over its lowered form).
    fn constant(&mut self, node: Node<'a>) -> R<i128> {
        let (value, scratch) = self.scratch(|this| {
            let value = this.expr(node)?;
            this.rvalue(value, node)
        })?;
        match fold(&self.module.types, &scratch, value, 0) {
            Some(value) => Ok(value),
            None => self.fail(
                node,
                format!(
                    "'{}' is not an integer constant expression",
                    self.text(node)
                ),
            ),
        }
    }

    /// Whether evaluating `e` twice is the same as evaluating it once (no calls, no blocks).
    fn is_pure(&self, e: ExprId, depth: usize) -> bool {
        if depth > 4 * MAX_DEPTH {
            return false;
        }
        let expr = &self.body.exprs[e];
        match &expr.kind {
            ExprKind::Call { .. } | ExprKind::Block { .. } => false,
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Variable(_) | ExprKind::Local(_) => {
                true
            }
            ExprKind::Load(a) | ExprKind::Decay(a) | ExprKind::Cast(a) => {
                self.is_pure(*a, depth + 1)
            }
            ExprKind::Unary { operand, .. } => self.is_pure(*operand, depth + 1),
            ExprKind::Member { base, .. } => self.is_pure(*base, depth + 1),
            ExprKind::Index { base: a, index: b }
            | ExprKind::Binary {
                left: a, right: b, ..
            }
            | ExprKind::PointerAdd {
                pointer: a,
                offset: b,
            }
            | ExprKind::PointerDiff { left: a, right: b } => {
                self.is_pure(*a, depth + 1) && self.is_pure(*b, depth + 1)
            }
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => [cond, accept, reject]
                .iter()
                .all(|x| self.is_pure(**x, depth + 1)),
            ExprKind::Math { args, .. } | ExprKind::Builtin { args, .. } => {
                args.iter().all(|x| self.is_pure(*x, depth + 1))
            }
        }
    }

    /// A copy of a pure expression tree (the body IR is a tree: an expression has one user).
    fn clone_expr(&mut self, e: ExprId, depth: usize) -> ExprId {
        let expr = self.body.exprs[e].clone();
        if depth > 4 * MAX_DEPTH {
            return e;
        }
        let mut copy = |x: ExprId| self.clone_expr(x, depth + 1);
        let kind = match expr.kind {
            ExprKind::Load(a) => ExprKind::Load(copy(a)),
            ExprKind::Decay(a) => ExprKind::Decay(copy(a)),
            ExprKind::Cast(a) => ExprKind::Cast(copy(a)),
            ExprKind::Unary { op, operand } => ExprKind::Unary {
                op,
                operand: copy(operand),
            },
            ExprKind::Member { base, member } => ExprKind::Member {
                base: copy(base),
                member,
            },
            ExprKind::Index { base, index } => ExprKind::Index {
                base: copy(base),
                index: copy(index),
            },
            ExprKind::Binary { op, left, right } => ExprKind::Binary {
                op,
                left: copy(left),
                right: copy(right),
            },
            ExprKind::PointerAdd { pointer, offset } => ExprKind::PointerAdd {
                pointer: copy(pointer),
                offset: copy(offset),
            },
            ExprKind::PointerDiff { left, right } => ExprKind::PointerDiff {
                left: copy(left),
                right: copy(right),
            },
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => ExprKind::Select {
                cond: copy(cond),
                accept: copy(accept),
                reject: copy(reject),
            },
            ExprKind::Math { function, args } => ExprKind::Math {
                function,
                args: args.into_iter().map(&mut copy).collect(),
            },
            ExprKind::Builtin { builtin, args } => ExprKind::Builtin {
                builtin,
                args: args.into_iter().map(&mut copy).collect(),
            },
            other => other,
        };
        let span = self.body.exprs.get_span(e);
        self.body.expr(kind, expr.ty, span)
    }
}

/// The value of a constant integer expression of the body IR, if it is one.
fn fold(types: &acc_ir::TypeTable, body: &Body, e: ExprId, depth: usize) -> Option<i128> {
    use acc_ir::body::{BinaryOp as B, UnaryOp as U};
    if depth > 4 * MAX_DEPTH {
        return None;
    }
    let expr = body.exprs.get(e)?;
    let kind = match types.get(expr.ty) {
        TypeInner::Scalar(kind) if kind.is_integer() => *kind,
        _ => return None,
    };
    let sub = |x: ExprId| fold(types, body, x, depth + 1);
    let value = match &expr.kind {
        ExprKind::Int(v) => *v,
        ExprKind::Cast(a) => {
            let inner = sub(*a)?;
            if matches!(kind, acc_ir::ScalarKind::Bool { .. }) {
                i128::from(inner != 0)
            } else {
                inner
            }
        }
        ExprKind::Unary { op, operand } => {
            let a = sub(*operand)?;
            match op {
                U::Neg => a.checked_neg()?,
                U::Not => !a,
                U::LogicalNot => i128::from(a == 0),
            }
        }
        ExprKind::Binary { op, left, right } => {
            let (a, b) = (sub(*left)?, sub(*right)?);
            match op {
                B::Add => a.checked_add(b)?,
                B::Sub => a.checked_sub(b)?,
                B::Mul => a.checked_mul(b)?,
                B::Div => a.checked_div(b)?,
                B::Rem => a.checked_rem(b)?,
                B::Shl => a.checked_shl(u32::try_from(b).ok()?)?,
                B::Shr => a.checked_shr(u32::try_from(b).ok()?)?,
                B::BitAnd => a & b,
                B::BitOr => a | b,
                B::BitXor => a ^ b,
                B::Eq => i128::from(a == b),
                B::Ne => i128::from(a != b),
                B::Lt => i128::from(a < b),
                B::Le => i128::from(a <= b),
                B::Gt => i128::from(a > b),
                B::Ge => i128::from(a >= b),
                B::LogicalAnd => i128::from(a != 0 && b != 0),
                B::LogicalOr => i128::from(a != 0 || b != 0),
                B::Max => a.max(b),
                B::Min => a.min(b),
            }
        }
        ExprKind::Select {
            cond,
            accept,
            reject,
        } => {
            if sub(*cond)? != 0 {
                sub(*accept)?
            } else {
                sub(*reject)?
            }
        }
        _ => return None,
    };
    Some(types::wrap(value, kind))
}
