//! The body IR validator: checks the invariants that [`crate::body`] documents on one [`Body`].
//! A failure is always a bug in whoever built the body (a frontend or a pass), never the user's
//! mistake, so it is an internal error that names the expression, local or statement.
//!
//! Invariants checked:
//! 1. Every handle (expression, local, type, variable, `acc.loop` op) refers to an existing entry
//!    of its arena, and no expression is its own operand, directly or through other expressions
//!    or the statements of a [`ExprKind::Block`] (the expression graph is acyclic).
//! 2. Locals and loads have object types: not `void`, not a function type (loads also not an
//!    array).
//! 3. Places are addresses: `Variable` and `Local` have type `Pointer { pointee }` of the
//!    variable's or local's type; `Index` of the address of an array gives the address of its
//!    element, of any other pointer the pointer's type; `Member` of the address of a struct gives
//!    the address of the member; `Decay` of the address of an array gives the address of its
//!    element type; `Load` of an address has the pointee's type; `Store` writes a value of the
//!    pointee's type.
//! 4. No implicit conversions: the operands of arithmetic `Binary` operators and the result have
//!    one scalar type (the shift count of `Shl`/`Shr` is any integer); comparisons take two
//!    operands of one scalar or pointer type and logical operators two booleans, and both yield
//!    `Bool { width: 8 }`; `Neg` and `Not` keep their operand's type; `LogicalNot` yields a bool.
//! 5. `PointerAdd` adds an integer to a pointer and has the pointer's type; `PointerDiff` takes
//!    two pointers of one type and yields a signed 64-bit integer; `Cast` converts between
//!    scalars, between pointers, between integers and pointers, or to `void`.
//! 6. Constants: `Int` has an integer or bool type and a value that fits it; `Float` a float type.
//! 7. `Select`, `If` and `Loop` conditions are bools; `Select` branches and `Block` values have
//!    the expression's type. `Math` takes `arity()` operands of the result's type, floats (or
//!    integers for `Iabs`); `Builtin::AccOnDevice` takes one integer and yields an integer.
//! 8. An `AccLoop` has at least one control; each control's variable is an integer local or
//!    variable, its bounds and step have the variable's type, and its comparison is one of `<`,
//!    `<=`, `>`, `>=`, `!=`; its op, when present, is an `acc.loop`; its `tile` is empty or
//!    holds one positive size per control.
//! 9. A switch selects on an integer, its case values are distinct and at most one case is the
//!    default. `Break` sits in a loop or switch (not directly in an OpenACC loop), `Continue` in
//!    a loop; neither leaves the statements of a `Block` expression.
//! 10. Atomics operate on the address of a scalar: read has a capture and nothing else, write a
//!     value, update an operator and a value, capture a capture address and a value (with or
//!     without an operator); values and captures have the scalar's type (a shift count may be
//!     any integer).
//!
//! [`verify_function`] also checks a device function: its parameters are numbered `0..n` without
//! gaps and every `return` matches the result type.
//!
//! The walks are iterative, so a deeply nested body cannot overflow the stack.

use crate::arena::Handle;
use crate::body::*;
use crate::ops::{AtomicKind, Module, OpKind};
use crate::types::{ScalarKind, TypeHandle, TypeInner, TypeTable};
use std::collections::HashSet;
use std::fmt;

/// A broken body IR invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyError {
    /// The IR entity, e.g. `expr %e3 (Binary)`, `stmt Store`, `local %l0.i`.
    pub entity: String,
    pub message: String,
}

impl fmt::Display for BodyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "internal error: body IR: {}: {}",
            self.entity, self.message
        )
    }
}

impl std::error::Error for BodyError {}

/// Checks every invariant listed in the module documentation.
pub fn verify_body(module: &Module, body: &Body) -> Result<(), BodyError> {
    Checker { module, body }.run(None)
}

/// Checks a device function: its body, its parameter numbering and its `return` statements.
pub fn verify_function(module: &Module, function: &DeviceFunction) -> Result<(), BodyError> {
    let fail = |message: String| BodyError {
        entity: format!("device function '{}'", function.name),
        message,
    };
    if !module.types.contains(function.result) {
        return Err(fail("result type handle out of range".into()));
    }
    let body = &function.body;
    Checker { module, body }.run(Some(function.result))?;
    let mut numbers: Vec<u32> = body
        .locals
        .iter()
        .filter_map(|(_, l)| match l.kind {
            LocalKind::Parameter(i) => Some(i),
            _ => None,
        })
        .collect();
    numbers.sort_unstable();
    if numbers.iter().enumerate().any(|(i, n)| *n as usize != i) {
        return Err(fail(format!(
            "parameters are not numbered 0..{}",
            numbers.len()
        )));
    }
    Ok(())
}

/// `Ok` when `ok`, else the message.
fn need(ok: bool, message: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(message())
    }
}

struct Checker<'a> {
    module: &'a Module,
    body: &'a Body,
}

/// Where `break` and `continue` may appear.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Enclosing {
    /// Inside a sequential loop or a switch, not directly inside an OpenACC loop.
    can_break: bool,
    /// Inside a loop.
    can_continue: bool,
}

fn expr_kind_name(kind: &ExprKind) -> &'static str {
    match kind {
        ExprKind::Int(_) => "Int",
        ExprKind::Float(_) => "Float",
        ExprKind::Variable(_) => "Variable",
        ExprKind::Local(_) => "Local",
        ExprKind::Load(_) => "Load",
        ExprKind::Index { .. } => "Index",
        ExprKind::Member { .. } => "Member",
        ExprKind::Decay(_) => "Decay",
        ExprKind::Unary { .. } => "Unary",
        ExprKind::Binary { .. } => "Binary",
        ExprKind::PointerAdd { .. } => "PointerAdd",
        ExprKind::PointerDiff { .. } => "PointerDiff",
        ExprKind::Cast(_) => "Cast",
        ExprKind::Select { .. } => "Select",
        ExprKind::Call { .. } => "Call",
        ExprKind::Math { .. } => "Math",
        ExprKind::Builtin { .. } => "Builtin",
        ExprKind::Block { .. } => "Block",
    }
}

fn stmt_name(stmt: &Stmt) -> &'static str {
    match stmt {
        Stmt::Eval(_) => "Eval",
        Stmt::Store { .. } => "Store",
        Stmt::Declare { .. } => "Declare",
        Stmt::If { .. } => "If",
        Stmt::Loop { .. } => "Loop",
        Stmt::AccLoop { .. } => "AccLoop",
        Stmt::Switch { .. } => "Switch",
        Stmt::Break => "Break",
        Stmt::Continue => "Continue",
        Stmt::Return(_) => "Return",
        Stmt::Atomic { .. } => "Atomic",
        Stmt::Block(_) => "Block",
    }
}

impl<'a> Checker<'a> {
    fn run(&self, result: Option<TypeHandle>) -> Result<(), BodyError> {
        self.locals()?;
        self.acyclic()?;
        for (handle, expr) in self.body.exprs.iter() {
            self.expr(expr).map_err(|message| BodyError {
                entity: format!("expr %e{} ({})", handle.index(), expr_kind_name(&expr.kind)),
                message,
            })?;
        }
        self.statements(&self.body.stmts, result)
    }

    fn types(&self) -> &'a TypeTable {
        &self.module.types
    }

    fn show(&self, ty: TypeHandle) -> String {
        if self.types().contains(ty) {
            self.types().display(ty)
        } else {
            format!("<bad type {}>", ty.index())
        }
    }

    /// The type of an expression whose handle was already checked to be in range.
    fn ty(&self, e: ExprId) -> TypeHandle {
        self.body.exprs[e].ty
    }

    fn inner(&self, ty: TypeHandle) -> &'a TypeInner {
        self.types().get(ty)
    }

    fn scalar(&self, ty: TypeHandle) -> Option<ScalarKind> {
        match self.inner(ty) {
            TypeInner::Scalar(kind) => Some(*kind),
            _ => None,
        }
    }

    fn pointee(&self, ty: TypeHandle) -> Option<TypeHandle> {
        match self.inner(ty) {
            TypeInner::Pointer { pointee } => Some(*pointee),
            _ => None,
        }
    }

    /// The pointee of `ty`, or a message saying that `what` must be a pointer.
    fn pointer(&self, ty: TypeHandle, what: &str) -> Result<TypeHandle, String> {
        self.pointee(ty)
            .ok_or_else(|| format!("{what} must be a pointer, not {}", self.show(ty)))
    }

    fn is_int(&self, ty: TypeHandle) -> bool {
        matches!(self.scalar(ty), Some(ScalarKind::Int { .. }))
    }

    fn is_integer(&self, ty: TypeHandle) -> bool {
        self.scalar(ty).is_some_and(ScalarKind::is_integer)
    }

    fn is_bool(&self, ty: TypeHandle) -> bool {
        matches!(self.scalar(ty), Some(ScalarKind::Bool { .. }))
    }

    fn is_bool8(&self, ty: TypeHandle) -> bool {
        matches!(self.scalar(ty), Some(ScalarKind::Bool { width: 8 }))
    }

    fn is_object(&self, ty: TypeHandle) -> bool {
        !matches!(self.inner(ty), TypeInner::Void | TypeInner::Function { .. })
    }

    fn same(&self, what: &str, a: TypeHandle, b: TypeHandle) -> Result<(), String> {
        need(a == b, || {
            format!("{what} is {}, not {}", self.show(a), self.show(b))
        })
    }

    fn locals(&self) -> Result<(), BodyError> {
        for (handle, local) in self.body.locals.iter() {
            let fail = |message: &str| BodyError {
                entity: format!("local %l{}.{}", handle.index(), local.name),
                message: message.to_string(),
            };
            if !self.types().contains(local.ty) {
                return Err(fail("type handle out of range"));
            }
            if !self.is_object(local.ty) {
                return Err(fail(&format!(
                    "has non-object type {}",
                    self.show(local.ty)
                )));
            }
        }
        Ok(())
    }

    /// Handles in range and an acyclic expression graph (iterative depth-first search).
    fn acyclic(&self) -> Result<(), BodyError> {
        let fail = |handle: ExprId, message: String| BodyError {
            entity: format!(
                "expr %e{} ({})",
                handle.index(),
                expr_kind_name(&self.body.exprs[handle].kind)
            ),
            message,
        };
        for (handle, expr) in self.body.exprs.iter() {
            if !self.types().contains(expr.ty) {
                return Err(fail(handle, "type handle out of range".into()));
            }
            if let Some(bad) = expr_children(&expr.kind)
                .into_iter()
                .find(|c| !self.body.exprs.contains(*c))
            {
                return Err(fail(
                    handle,
                    format!("operand %e{} out of range", bad.index()),
                ));
            }
        }
        // 0: unvisited, 1: on the current path, 2: done.
        let mut state = vec![0u8; self.body.exprs.len()];
        for start in 0..state.len() {
            if state[start] != 0 {
                continue;
            }
            let first: ExprId = Handle::from_index(start);
            state[start] = 1;
            let mut stack = vec![(first, expr_children(&self.body.exprs[first].kind))];
            while let Some((handle, pending)) = stack.last_mut() {
                let handle = *handle;
                let Some(child) = pending.pop() else {
                    state[handle.index()] = 2;
                    stack.pop();
                    continue;
                };
                match state[child.index()] {
                    0 => {
                        state[child.index()] = 1;
                        stack.push((child, expr_children(&self.body.exprs[child].kind)));
                    }
                    1 => {
                        return Err(fail(
                            handle,
                            format!("expression cycle through %e{}", child.index()),
                        ))
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Checks the typing rules of one expression (its handles are in range).
    fn expr(&self, expr: &Expr) -> Result<(), String> {
        let ty = expr.ty;
        let show = |t| self.show(t);
        match &expr.kind {
            ExprKind::Int(value) => {
                let fits = match self.scalar(ty) {
                    Some(ScalarKind::Int { signed, width }) => {
                        let width = u32::from(width.min(128));
                        match (signed, width) {
                            (_, 0) => false,
                            (true, 128) => true,
                            (true, w) => (-(1i128 << (w - 1))..1i128 << (w - 1)).contains(value),
                            (false, w) => *value >= 0 && (w >= 127 || *value < 1i128 << w),
                        }
                    }
                    Some(ScalarKind::Bool { .. }) => *value == 0 || *value == 1,
                    _ => false,
                };
                need(fits, || {
                    format!("integer constant {value} does not fit {}", show(ty))
                })
            }
            ExprKind::Float(_) => need(self.scalar(ty).is_some_and(ScalarKind::is_float), || {
                format!("float constant of type {}", show(ty))
            }),
            ExprKind::Variable(v) => {
                let var = self
                    .module
                    .variables
                    .get(*v)
                    .ok_or_else(|| format!("variable {v:?} out of range"))?;
                self.same(
                    "the variable's type",
                    self.pointer(ty, "a variable's address")?,
                    var.ty,
                )
            }
            ExprKind::Local(l) => {
                let local = self
                    .body
                    .locals
                    .get(*l)
                    .ok_or_else(|| format!("local %l{} out of range", l.index()))?;
                self.same(
                    "the local's type",
                    self.pointer(ty, "a local's address")?,
                    local.ty,
                )
            }
            ExprKind::Load(address) => {
                self.same(
                    "the loaded type",
                    ty,
                    self.pointer(self.ty(*address), "a loaded address")?,
                )?;
                let array = matches!(self.inner(ty), TypeInner::Array { .. });
                need(self.is_object(ty) && !array, || {
                    format!("cannot load a value of type {}", show(ty))
                })
            }
            ExprKind::Index { base, index } => {
                let base_ty = self.ty(*base);
                let pointee = self.pointer(base_ty, "an indexed base")?;
                need(self.is_integer(self.ty(*index)), || {
                    "index is not an integer".into()
                })?;
                match self.inner(pointee) {
                    TypeInner::Array { element, .. } => self.same(
                        "the element type",
                        self.pointer(ty, "an element address")?,
                        *element,
                    ),
                    _ => self.same("a pointer subscript", ty, base_ty),
                }
            }
            ExprKind::Member { base, member } => {
                let pointee = self.pointer(self.ty(*base), "a member's base")?;
                let TypeInner::Struct { members, .. } = self.inner(pointee) else {
                    return Err(format!("member of non-struct {}", show(pointee)));
                };
                let m = members
                    .get(*member as usize)
                    .ok_or_else(|| format!("member #{member} out of range"))?;
                self.same(
                    "the member type",
                    self.pointer(ty, "a member address")?,
                    m.ty,
                )
            }
            ExprKind::Decay(array) => {
                let pointee = self.pointer(self.ty(*array), "a decayed array")?;
                let TypeInner::Array { element, .. } = self.inner(pointee) else {
                    return Err(format!("decays a non-array {}", show(pointee)));
                };
                self.same(
                    "the decayed element",
                    self.pointer(ty, "a decayed array")?,
                    *element,
                )
            }
            ExprKind::Unary { op, operand } => {
                let operand_ty = self.ty(*operand);
                let kind = self.scalar(operand_ty);
                let ok = match op {
                    UnaryOp::Neg => kind.is_some_and(|k| !matches!(k, ScalarKind::Bool { .. })),
                    UnaryOp::Not => self.is_integer(operand_ty),
                    UnaryOp::LogicalNot => kind.is_some() || self.pointee(operand_ty).is_some(),
                };
                need(ok, || format!("{op:?} of {}", show(operand_ty)))?;
                if *op == UnaryOp::LogicalNot {
                    need(self.is_bool8(ty), || {
                        "LogicalNot must yield Bool { width: 8 }".into()
                    })
                } else {
                    self.same("the result", ty, operand_ty)
                }
            }
            ExprKind::Binary { op, left, right } => self.binary(ty, *op, *left, *right),
            ExprKind::PointerAdd { pointer, offset } => {
                self.pointer(self.ty(*pointer), "PointerAdd's pointer")?;
                need(self.is_integer(self.ty(*offset)), || {
                    "PointerAdd's offset is not an integer".into()
                })?;
                self.same("the result", ty, self.ty(*pointer))
            }
            ExprKind::PointerDiff { left, right } => {
                self.pointer(self.ty(*left), "PointerDiff's operand")?;
                self.same("the right operand", self.ty(*right), self.ty(*left))?;
                let i64 = ScalarKind::Int {
                    signed: true,
                    width: 64,
                };
                need(self.scalar(ty) == Some(i64), || {
                    "PointerDiff must yield i64".into()
                })
            }
            ExprKind::Cast(operand) => {
                let from = self.ty(*operand);
                let scalar_or_pointer = |t| self.scalar(t).is_some() || self.pointee(t).is_some();
                let ok = matches!(self.inner(ty), TypeInner::Void)
                    || (self.scalar(from).is_some() && self.scalar(ty).is_some())
                    || (self.pointee(from).is_some() && self.pointee(ty).is_some())
                    || (scalar_or_pointer(from)
                        && scalar_or_pointer(ty)
                        && (self.is_integer(from) || self.is_integer(ty)));
                need(ok, || format!("cannot cast {} to {}", show(from), show(ty)))
            }
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => {
                need(self.is_bool(self.ty(*cond)), || {
                    "condition is not a bool".into()
                })?;
                self.same("the accepted value", self.ty(*accept), ty)?;
                self.same("the rejected value", self.ty(*reject), ty)
            }
            ExprKind::Call { function, .. } => {
                need(!function.is_empty(), || {
                    "call without a function name".into()
                })?;
                let bad = matches!(
                    self.inner(ty),
                    TypeInner::Array { .. } | TypeInner::Function { .. }
                );
                need(!bad, || format!("call returns {}", show(ty)))
            }
            ExprKind::Math { function, args } => {
                let (name, arity) = (function.c_name(), function.arity());
                need(args.len() == arity, || {
                    format!("{name} takes {arity} operands, not {}", args.len())
                })?;
                let ok = match self.scalar(ty) {
                    Some(ScalarKind::Int { .. }) => *function == MathFn::Iabs,
                    Some(ScalarKind::Float { .. }) => *function != MathFn::Iabs,
                    _ => false,
                };
                need(ok, || format!("{name} of type {}", show(ty)))?;
                args.iter()
                    .try_for_each(|a| self.same("an operand", self.ty(*a), ty))
            }
            ExprKind::Builtin {
                builtin: Builtin::AccOnDevice,
                args,
            } => {
                let ok = args.len() == 1 && self.is_integer(self.ty(args[0]));
                need(ok, || "acc_on_device takes one integer".into())?;
                need(self.is_integer(ty), || {
                    "acc_on_device yields an integer".into()
                })
            }
            ExprKind::Block { stmts, value } => {
                self.same("the block's value", self.ty(*value), ty)?;
                self.statements(stmts, None)
                    .map_err(|e| format!("{}: {}", e.entity, e.message))
            }
        }
    }

    fn binary(
        &self,
        ty: TypeHandle,
        op: BinaryOp,
        left: ExprId,
        right: ExprId,
    ) -> Result<(), String> {
        let (l, r) = (self.ty(left), self.ty(right));
        let kind = self.scalar(l);
        use BinaryOp as B;
        match op {
            B::Shl | B::Shr => {
                need(self.is_int(l) && self.is_integer(r), || {
                    format!("{op:?} needs integer operands")
                })?;
                self.same("the result", ty, l)
            }
            B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge => {
                self.same("the right operand", r, l)?;
                let ok = match kind {
                    Some(ScalarKind::Complex { .. }) => matches!(op, B::Eq | B::Ne),
                    Some(_) => true,
                    None => self.pointee(l).is_some(),
                };
                need(ok, || format!("{op:?} of {}", self.show(l)))?;
                need(self.is_bool8(ty), || {
                    format!("{op:?} must yield Bool {{ width: 8 }}")
                })
            }
            B::LogicalAnd | B::LogicalOr => {
                need(self.is_bool(l) && self.is_bool(r), || {
                    format!("{op:?} needs bool operands")
                })?;
                need(self.is_bool8(ty), || {
                    format!("{op:?} must yield Bool {{ width: 8 }}")
                })
            }
            _ => {
                self.same("the right operand", r, l)?;
                self.same("the result", ty, l)?;
                let ok = match (op, kind) {
                    (_, None) => false,
                    (B::Add | B::Sub | B::Mul | B::Div, Some(k)) => {
                        !matches!(k, ScalarKind::Bool { .. })
                    }
                    (B::Rem | B::Max | B::Min, Some(k)) => k.is_float() || self.is_int(l),
                    (_, Some(k)) => k.is_integer(),
                };
                need(ok, || format!("{op:?} of {}", self.show(l)))
            }
        }
    }

    /// Checks statements, iteratively; `result` is the function's result type when returns are
    /// checked.
    fn statements(&self, stmts: &Stmts, result: Option<TypeHandle>) -> Result<(), BodyError> {
        let mut stack: Vec<(&Stmts, Enclosing)> = vec![(stmts, Enclosing::default())];
        while let Some((list, enclosing)) = stack.pop() {
            for stmt in list {
                self.stmt(stmt, enclosing, result, &mut stack)
                    .map_err(|message| BodyError {
                        entity: format!("stmt {}", stmt_name(stmt)),
                        message,
                    })?;
            }
        }
        Ok(())
    }

    fn expr_ty(&self, e: ExprId) -> Result<TypeHandle, String> {
        match self.body.exprs.get(e) {
            Some(expr) if self.types().contains(expr.ty) => Ok(expr.ty),
            _ => Err(format!("expression %e{} out of range", e.index())),
        }
    }

    fn condition(&self, cond: ExprId) -> Result<(), String> {
        need(self.is_bool(self.expr_ty(cond)?), || {
            "condition is not a bool".into()
        })
    }

    fn stmt<'s>(
        &self,
        stmt: &'s Stmt,
        enclosing: Enclosing,
        result: Option<TypeHandle>,
        stack: &mut Vec<(&'s Stmts, Enclosing)>,
    ) -> Result<(), String> {
        let show = |t| self.show(t);
        match stmt {
            Stmt::Eval(e) => self.expr_ty(*e).map(|_| ()),
            Stmt::Store { address, value } => {
                let pointee = self.pointer(self.expr_ty(*address)?, "a stored-to address")?;
                self.same("the stored value", self.expr_ty(*value)?, pointee)
            }
            Stmt::Declare { local, init } => {
                let declared = self
                    .body
                    .locals
                    .get(*local)
                    .ok_or_else(|| format!("local %l{} out of range", local.index()))?;
                match init {
                    Some(init) => self.same("the initial value", self.expr_ty(*init)?, declared.ty),
                    None => Ok(()),
                }
            }
            Stmt::If {
                cond,
                accept,
                reject,
            } => {
                self.condition(*cond)?;
                stack.extend([(accept, enclosing), (reject, enclosing)]);
                Ok(())
            }
            Stmt::Loop {
                cond, body, step, ..
            } => {
                if let Some(cond) = cond {
                    self.condition(*cond)?;
                }
                stack.push((
                    body,
                    Enclosing {
                        can_break: true,
                        can_continue: true,
                    },
                ));
                stack.push((step, Enclosing::default()));
                Ok(())
            }
            Stmt::AccLoop {
                op,
                controls,
                tile,
                body,
                ..
            } => {
                if let Some(op) = op {
                    let is_loop = self
                        .module
                        .ops
                        .get(*op)
                        .map(|o| matches!(o.kind, OpKind::Loop(_)));
                    need(is_loop == Some(true), || {
                        format!("op {op:?} is not an acc.loop")
                    })?;
                }
                need(!controls.is_empty(), || "has no loop controls".into())?;
                need(tile.is_empty() || tile.len() == controls.len(), || {
                    format!(
                        "has {} tile sizes for {} controls",
                        tile.len(),
                        controls.len()
                    )
                })?;
                need(!tile.contains(&0), || "has a tile size of 0".into())?;
                controls.iter().try_for_each(|c| self.control(c))?;
                stack.push((
                    body,
                    Enclosing {
                        can_break: false,
                        can_continue: true,
                    },
                ));
                Ok(())
            }
            Stmt::Switch { selector, cases } => {
                need(self.is_int(self.expr_ty(*selector)?), || {
                    "selector is not an integer".into()
                })?;
                let mut seen = HashSet::new();
                if let Some(value) = cases
                    .iter()
                    .flat_map(|c| &c.values)
                    .find(|v| !seen.insert(**v))
                {
                    return Err(format!("duplicate case value {value}"));
                }
                let defaults = cases.iter().filter(|c| c.is_default).count();
                need(defaults <= 1, || "more than one default case".into())?;
                let inside = Enclosing {
                    can_break: true,
                    ..enclosing
                };
                stack.extend(cases.iter().map(|c| (&c.body, inside)));
                Ok(())
            }
            Stmt::Break => need(enclosing.can_break, || {
                "break outside a loop or switch (or out of an OpenACC loop)".into()
            }),
            Stmt::Continue => need(enclosing.can_continue, || "continue outside a loop".into()),
            Stmt::Return(value) => {
                let value_ty = value.map(|v| self.expr_ty(v)).transpose()?;
                let Some(result) = result else { return Ok(()) };
                let is_void = matches!(self.inner(result), TypeInner::Void);
                let ok = match value_ty {
                    None => is_void,
                    Some(t) => t == result && !is_void,
                };
                need(ok, || format!("does not return {}", show(result)))
            }
            Stmt::Atomic {
                kind,
                address,
                op,
                value,
                capture,
                ..
            } => self.atomic(*kind, *address, *op, *value, *capture),
            Stmt::Block(inner) => {
                stack.push((inner, enclosing));
                Ok(())
            }
        }
    }

    fn control(&self, control: &LoopControl) -> Result<(), String> {
        let var_ty = match control.var {
            LocalOrVariable::Local(l) => self.body.locals.get(l).map(|l| l.ty),
            LocalOrVariable::Variable(v) => self.module.variables.get(v).map(|v| v.ty),
        };
        let var_ty = var_ty.ok_or_else(|| "loop variable out of range".to_string())?;
        need(self.is_int(var_ty), || {
            format!("loop variable of type {}", self.show(var_ty))
        })?;
        for (what, e) in [
            ("lower bound", control.lower),
            ("upper bound", control.upper),
            ("step", control.step),
        ] {
            self.same(&format!("the loop's {what}"), self.expr_ty(e)?, var_ty)?;
        }
        let compare = control.compare;
        use BinaryOp as B;
        need(
            matches!(compare, B::Lt | B::Le | B::Gt | B::Ge | B::Ne),
            || format!("loop comparison {compare:?}"),
        )
    }

    fn atomic(
        &self,
        kind: AtomicKind,
        address: ExprId,
        op: Option<BinaryOp>,
        value: Option<ExprId>,
        capture: Option<ExprId>,
    ) -> Result<(), String> {
        let target = self.pointer(self.expr_ty(address)?, "an atomic's address")?;
        need(self.scalar(target).is_some(), || {
            format!("atomic on {}", self.show(target))
        })?;
        if let Some(c) = capture {
            self.same(
                "the capture's type",
                self.pointer(self.expr_ty(c)?, "a capture")?,
                target,
            )?;
        }
        if let Some(v) = value {
            let t = self.expr_ty(v)?;
            let shift = matches!(op, Some(BinaryOp::Shl | BinaryOp::Shr)) && self.is_integer(t);
            need(t == target || shift, || {
                format!(
                    "value {} for an atomic on {}",
                    self.show(t),
                    self.show(target)
                )
            })?;
        }
        if let Some(op) = op {
            use BinaryOp as B;
            let allowed = !matches!(op, B::Rem | B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge);
            need(allowed, || format!("atomic operator {op:?}"))?;
        }
        let shape_ok = match kind {
            AtomicKind::Read => op.is_none() && value.is_none() && capture.is_some(),
            AtomicKind::Write => op.is_none() && value.is_some() && capture.is_none(),
            AtomicKind::Update => op.is_some() && value.is_some() && capture.is_none(),
            AtomicKind::Capture => value.is_some() && capture.is_some(),
        };
        need(shape_ok, || format!("malformed atomic {kind:?}"))
    }
}

#[cfg(test)]
mod tests;
