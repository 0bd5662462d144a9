//! Scalar reduction updates: recognising, in the body IR, the scalars that a piece of code only
//! ever combines values into with one reduction operator, the way a `reduction` clause would
//! have them updated (`s += x`, `s = s * x`, `err = fmax(err, x)`, Fortran
//! `error = max(error, x)`, `ok = ok .and. x`, ...). The implicit reductions of
//! [`crate::passes::reductions`] are built on it.
//!
//! A statement is an update of scalar variable `v` (of type `T`) with operator `op` when it is
//! * `Store { address: Variable(v), value: V }` where `V` is a *chain* of `op`: a tree of
//!   `Binary` nodes of that operator and of one type (C's `fmax`/`fmin` calls, `Math`, count as
//!   `Max`/`Min` nodes; `Sub` counts as `Add` with its right operand negated) whose leaves hold
//!   exactly one `Load(Variable(v))`, not negated, and otherwise operands that do not mention
//!   `v` (`s = s + a + b`, `s = a + s - b`, `m = max(m, a, b)`);
//! * the same under one `Cast` to `T`, when the operation computes in a wider type and
//!   converting back is still the reduction: integer `+ * & | ^` of a type at least as wide as
//!   `T` (C's integer promotions: `short s; s += x`), floating-point `+ *` (a `float` updated
//!   in `double`: each partial is updated exactly as the variable would be), and the logical
//!   `&& ||`, whose `v` leaf is `v`'s truth value (`Ne(v, 0)` or a `Cast` to a boolean: C's
//!   `s = s && x` on an `int`, Fortran's `l = l .and. x`);
//! * C's `v = v > x ? v : x` (and the other orders and comparisons of a maximum or minimum);
//! * `if (x > v) v = x;` (any order and comparison of a maximum or minimum, no `else`).
//!
//! Operands evaluated a different number of times than in the original (the `x` of a select or
//! an `if`, which is evaluated twice, and the right operands of `&&`/`||`, which are evaluated
//! every time) must be free of calls and side effects. A variable is a reduction of the code
//! when every statement that stores to it is such an update with the same operator, and no
//! other expression of the code mentions it.

use crate::body::{
    expr_children, stmt_exprs, BinaryOp, Body, ExprId, ExprKind, LocalOrVariable, MathFn, Stmt,
};
use crate::ops::{ReductionOp, Variable};
use crate::types::{ScalarKind, TypeHandle, TypeInner, TypeTable};
use crate::updates::{mentions, pure, same_expr, select_extremum};
use crate::Handle;
use std::collections::{BTreeMap, HashSet};

/// The reduction operator of a chain node's operator.
fn reduction_of(op: BinaryOp) -> Option<ReductionOp> {
    Some(match op {
        BinaryOp::Add | BinaryOp::Sub => ReductionOp::Add,
        BinaryOp::Mul => ReductionOp::Mul,
        BinaryOp::Max => ReductionOp::Max,
        BinaryOp::Min => ReductionOp::Min,
        BinaryOp::BitAnd => ReductionOp::BitAnd,
        BinaryOp::BitOr => ReductionOp::BitOr,
        BinaryOp::BitXor => ReductionOp::BitXor,
        BinaryOp::LogicalAnd => ReductionOp::LogAnd,
        BinaryOp::LogicalOr => ReductionOp::LogOr,
        _ => return None,
    })
}

/// A node of a chain: its operator (`Max`/`Min` for `fmax`/`fmin` calls) and operands.
fn node(body: &Body, e: ExprId) -> Option<(BinaryOp, ExprId, ExprId)> {
    match &body.exprs.get(e)?.kind {
        ExprKind::Binary { op, left, right } => Some((*op, *left, *right)),
        ExprKind::Math {
            function: MathFn::Fmax,
            args,
        } if args.len() == 2 => Some((BinaryOp::Max, args[0], args[1])),
        ExprKind::Math {
            function: MathFn::Fmin,
            args,
        } if args.len() == 2 => Some((BinaryOp::Min, args[0], args[1])),
        _ => None,
    }
}

/// The scalar kind of a type, when it is a scalar.
fn scalar(types: &TypeTable, ty: TypeHandle) -> Option<ScalarKind> {
    match types.get(ty) {
        TypeInner::Scalar(kind) => Some(*kind),
        _ => None,
    }
}

/// How a chain's leaf for the variable looks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Leaf {
    /// `Load(Variable(v))` of the chain's type.
    Load,
    /// `Cast(Load(Variable(v)))` to the chain's type.
    Widened,
    /// `v`'s truth value: `Cast(Load(Variable(v)))` to a boolean, or `Ne(Load(Variable(v)), 0)`.
    Truth,
}

struct Chain<'a> {
    body: &'a Body,
    var: Handle<Variable>,
    /// The operator of the chain's nodes (`Add` also takes `Sub` nodes).
    op: BinaryOp,
    /// The type of every node.
    ty: TypeHandle,
    leaf: Leaf,
}

impl Chain<'_> {
    /// Whether `e` is the variable's leaf.
    fn is_leaf(&self, e: ExprId) -> bool {
        let body = self.body;
        let loads_var = |e: ExprId| {
            matches!(body.exprs.get(e).map(|x| &x.kind), Some(ExprKind::Load(place))
                if matches!(body.exprs.get(*place).map(|p| &p.kind), Some(ExprKind::Variable(v)) if *v == self.var))
        };
        let Some(expr) = body.exprs.get(e) else {
            return false;
        };
        match self.leaf {
            Leaf::Load => expr.ty == self.ty && loads_var(e),
            Leaf::Widened => {
                expr.ty == self.ty && matches!(expr.kind, ExprKind::Cast(inner) if loads_var(inner))
            }
            Leaf::Truth => {
                if expr.ty != self.ty {
                    return false;
                }
                match expr.kind {
                    ExprKind::Cast(inner) => loads_var(inner),
                    ExprKind::Binary {
                        op: BinaryOp::Ne,
                        left,
                        right,
                    } => {
                        let zero = |e: ExprId| {
                            matches!(body.exprs.get(e).map(|x| &x.kind), Some(ExprKind::Int(0)))
                        };
                        (loads_var(left) && zero(right)) || (zero(left) && loads_var(right))
                    }
                    _ => false,
                }
            }
        }
    }

    /// Walks the chain rooted at `e`: `Some(true)` when its leaves hold the variable's leaf
    /// once, not negated, `Some(false)` when they do not hold it, `None` when the variable
    /// appears any other way (twice, negated, inside an operand) or an operand may not be
    /// evaluated a different number of times than written.
    fn walk(&self, e: ExprId) -> Option<bool> {
        // (expression, negated)
        let mut stack = vec![(e, false)];
        let mut found = false;
        let logical = matches!(self.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr);
        while let Some((e, negated)) = stack.pop() {
            let expr = self.body.exprs.get(e)?;
            if let Some((op, left, right)) = node(self.body, e) {
                let same = op == self.op || (self.op == BinaryOp::Add && op == BinaryOp::Sub);
                if same && expr.ty == self.ty {
                    stack.push((left, negated));
                    stack.push((right, negated != (op == BinaryOp::Sub)));
                    continue;
                }
            }
            if self.is_leaf(e) {
                if found || negated {
                    return None;
                }
                found = true;
                continue;
            }
            if expr.ty != self.ty
                || mentions(self.body, e, self.var)
                || (logical && !pure(self.body, e))
            {
                return None;
            }
        }
        Some(found)
    }
}

/// The reduction operator with which `value`, stored into scalar variable `var`, updates it
/// (see the module documentation).
fn value_update(
    body: &Body,
    types: &TypeTable,
    var: Handle<Variable>,
    address: ExprId,
    value: ExprId,
) -> Option<ReductionOp> {
    let stored = body.exprs.get(value)?;
    let ty = stored.ty;
    let kind = scalar(types, ty)?;
    if let Some((op, operand)) = select_extremum(body, address, value) {
        if mentions(body, operand, var) || !pure(body, operand) {
            return None;
        }
        return reduction_of(op);
    }
    if let Some((op, _, _)) = node(body, value) {
        // Logical operators compute booleans: only a boolean variable of that very type is
        // updated without a `Cast` (below).
        let logical = matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr);
        if logical && !matches!(kind, ScalarKind::Bool { .. }) {
            return None;
        }
        let op = if op == BinaryOp::Sub {
            BinaryOp::Add
        } else {
            op
        };
        let reduction = reduction_of(op)?;
        let chain = Chain {
            body,
            var,
            op,
            ty,
            leaf: Leaf::Load,
        };
        return chain.walk(value)?.then_some(reduction);
    }
    // A conversion back to the variable's type.
    let ExprKind::Cast(inner) = stored.kind else {
        return None;
    };
    let inner_ty = body.exprs.get(inner)?.ty;
    let inner_kind = scalar(types, inner_ty)?;
    let (op, _, _) = node(body, inner)?;
    let op = if op == BinaryOp::Sub {
        BinaryOp::Add
    } else {
        op
    };
    let leaf = match (op, kind, inner_kind) {
        (
            BinaryOp::Add | BinaryOp::Mul | BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor,
            ScalarKind::Int { width, .. },
            ScalarKind::Int { width: wide, .. },
        ) if wide >= width => Leaf::Widened,
        (BinaryOp::Add | BinaryOp::Mul, ScalarKind::Float { .. }, ScalarKind::Float { .. }) => {
            Leaf::Widened
        }
        (BinaryOp::LogicalAnd | BinaryOp::LogicalOr, _, ScalarKind::Bool { .. })
            if !kind.is_complex() =>
        {
            Leaf::Truth
        }
        _ => return None,
    };
    let chain = Chain {
        body,
        var,
        op,
        ty: inner_ty,
        leaf,
    };
    let reduction = reduction_of(op)?;
    chain.walk(inner)?.then_some(reduction)
}

/// `if (x > v) v = x;` and the other orders and comparisons of a maximum or minimum, without
/// `else`: the variable, the operator and the expressions of the statement.
fn conditional_extremum(body: &Body, stmt: &Stmt) -> Option<(Handle<Variable>, ReductionOp)> {
    let Stmt::If {
        cond,
        accept,
        reject,
    } = stmt
    else {
        return None;
    };
    let ([Stmt::Store { address, value }], []) = (accept.as_slice(), reject.as_slice()) else {
        return None;
    };
    let ExprKind::Variable(var) = body.exprs.get(*address)?.kind else {
        return None;
    };
    let ExprKind::Binary { op, left, right } = body.exprs.get(*cond)?.kind else {
        return None;
    };
    let ty = body.exprs.get(*value)?.ty;
    let is_var = |e: ExprId| {
        body.exprs.get(e).is_some_and(|x| {
            x.ty == ty
                && matches!(x.kind, ExprKind::Load(place) if same_expr(body, place, *address))
        })
    };
    // `x` is the stored value; the comparison holds when `x` is greater (a maximum) or less.
    let x_greater_when_true = if is_var(right) && same_expr(body, left, *value) {
        matches!(op, BinaryOp::Gt | BinaryOp::Ge)
    } else if is_var(left) && same_expr(body, right, *value) {
        matches!(op, BinaryOp::Lt | BinaryOp::Le)
    } else {
        return None;
    };
    if !matches!(
        op,
        BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Lt | BinaryOp::Le
    ) || mentions(body, *value, var)
        || !pure(body, *value)
    {
        return None;
    }
    Some((
        var,
        if x_greater_when_true {
            ReductionOp::Max
        } else {
            ReductionOp::Min
        },
    ))
}

/// The update a statement is: the scalar variable, the operator, and the statement's own
/// expressions (which mention the variable as the update does).
pub fn scalar_update(
    body: &Body,
    types: &TypeTable,
    stmt: &Stmt,
) -> Option<(Handle<Variable>, ReductionOp, Vec<ExprId>)> {
    if let Some((var, op)) = conditional_extremum(body, stmt) {
        let Stmt::If { cond, accept, .. } = stmt else {
            return None;
        };
        let mut exprs = vec![*cond];
        stmt_exprs(accept, &mut exprs);
        return Some((var, op, exprs));
    }
    let Stmt::Store { address, value } = stmt else {
        return None;
    };
    let ExprKind::Variable(var) = body.exprs.get(*address)?.kind else {
        return None;
    };
    let op = value_update(body, types, var, *address, *value)?;
    Some((var, op, vec![*address, *value]))
}

/// A maximum or minimum update of a scalar variable by one other operand: `v = fmax(v, x)`,
/// Fortran `v = max(x, v)`, `v = v > x ? v : x`, `if (x > v) v = x;` and the other orders.
/// Returns the variable, `Max` or `Min`, and `x` (evaluated once by the update it stands for).
pub fn extremum_update(
    body: &Body,
    types: &TypeTable,
    stmt: &Stmt,
) -> Option<(Handle<Variable>, ReductionOp, ExprId)> {
    let (var, op, _) = scalar_update(body, types, stmt)?;
    if !matches!(op, ReductionOp::Max | ReductionOp::Min) {
        return None;
    }
    let operand = match stmt {
        Stmt::If { accept, .. } => match accept.as_slice() {
            [Stmt::Store { value, .. }] => *value,
            _ => return None,
        },
        Stmt::Store { address, value } => {
            if let Some((_, x)) = select_extremum(body, *address, *value) {
                x
            } else {
                let (_, left, right) = node(body, *value)?;
                let chain = Chain {
                    body,
                    var,
                    op: if op == ReductionOp::Max {
                        BinaryOp::Max
                    } else {
                        BinaryOp::Min
                    },
                    ty: body.exprs.get(*value)?.ty,
                    leaf: Leaf::Load,
                };
                // One operand is the variable itself; the update checked that the other does not
                // mention it (in a longer chain, `max(max(v, a), b)`, neither is the variable).
                match (chain.is_leaf(left), chain.is_leaf(right)) {
                    (true, false) => right,
                    (false, true) => left,
                    _ => return None,
                }
            }
        }
        _ => return None,
    };
    Some((var, op, operand))
}

/// The scalar variables that `stmts` only update with one reduction operator each (see the
/// module documentation), in order of their handles: no other statement stores to them, no
/// other expression mentions them (an update's operand counts as a use of the variables it
/// reads), and no acc loop of `stmts` (nor `controls`, the loop's own) counts with them.
pub fn scalar_reductions(
    body: &Body,
    types: &TypeTable,
    controls: &[LocalOrVariable],
    stmts: &[Stmt],
) -> Vec<(Handle<Variable>, ReductionOp)> {
    let mut walk = Walk {
        body,
        types,
        found: BTreeMap::new(),
        excluded: HashSet::new(),
    };
    for control in controls {
        if let LocalOrVariable::Variable(var) = control {
            walk.excluded.insert(*var);
        }
    }
    walk.stmts(stmts);
    let Walk {
        found, excluded, ..
    } = walk;
    found
        .into_iter()
        .filter(|(var, _)| !excluded.contains(var))
        .collect()
}

/// The statement walk of [`scalar_reductions`]. Expressions may be shared between statements
/// (an address built once and stored to twice), so uses are judged per statement.
struct Walk<'a> {
    body: &'a Body,
    types: &'a TypeTable,
    found: BTreeMap<Handle<Variable>, ReductionOp>,
    excluded: HashSet<Handle<Variable>>,
}

impl Walk<'_> {
    fn stmts(&mut self, stmts: &[Stmt]) {
        for stmt in stmts {
            if let Some((var, op, exprs)) = scalar_update(self.body, self.types, stmt) {
                if *self.found.entry(var).or_insert(op) != op {
                    self.excluded.insert(var);
                }
                self.uses(&exprs, Some(var));
                continue;
            }
            match stmt {
                Stmt::Eval(e) => self.uses(&[*e], None),
                Stmt::Store { address, value } => self.uses(&[*address, *value], None),
                Stmt::Declare { init, .. } => self.uses(init.as_slice(), None),
                Stmt::If {
                    cond,
                    accept,
                    reject,
                } => {
                    self.uses(&[*cond], None);
                    self.stmts(accept);
                    self.stmts(reject);
                }
                Stmt::Loop {
                    cond, body, step, ..
                } => {
                    self.uses(cond.as_slice(), None);
                    self.stmts(body);
                    self.stmts(step);
                }
                Stmt::AccLoop { controls, body, .. } => {
                    for control in controls {
                        if let LocalOrVariable::Variable(var) = control.var {
                            self.excluded.insert(var);
                        }
                        self.uses(&[control.lower, control.upper, control.step], None);
                    }
                    self.stmts(body);
                }
                Stmt::Switch { selector, cases } => {
                    self.uses(&[*selector], None);
                    for case in cases {
                        self.stmts(&case.body);
                    }
                }
                Stmt::Return(value) => self.uses(value.as_slice(), None),
                Stmt::Atomic {
                    address,
                    value,
                    capture,
                    ..
                } => {
                    self.uses(&[*address], None);
                    self.uses(value.as_slice(), None);
                    self.uses(capture.as_slice(), None);
                }
                Stmt::Block(inner) => self.stmts(inner),
                Stmt::Break | Stmt::Continue => {}
            }
        }
    }

    /// Every variable the expressions mention (statement blocks included) is used otherwise,
    /// except `updated`, whose update they are.
    fn uses(&mut self, exprs: &[ExprId], updated: Option<Handle<Variable>>) {
        let mut stack: Vec<ExprId> = exprs.to_vec();
        while let Some(e) = stack.pop() {
            let Some(expr) = self.body.exprs.get(e) else {
                continue;
            };
            if let ExprKind::Variable(var) = expr.kind {
                if Some(var) != updated {
                    self.excluded.insert(var);
                }
            }
            stack.extend(expr_children(&expr.kind));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::{Storage, Variable};
    use crate::span::Span;
    use crate::{Module, ScalarKind};

    /// A module with scalars `s` (f64), `h` (u16) and `ok` (i32), and a body to build code in.
    struct Fixture {
        module: Module,
        body: Body,
        f64_: TypeHandle,
        i32_: TypeHandle,
        u16_: TypeHandle,
        bool_: TypeHandle,
        s: Handle<Variable>,
        h: Handle<Variable>,
        ok: Handle<Variable>,
    }

    fn fixture() -> Fixture {
        let mut module = Module::default();
        let f64_ = module.types.scalar(ScalarKind::Float { width: 64 });
        let i32_ = module.types.scalar(ScalarKind::Int {
            signed: true,
            width: 32,
        });
        let u16_ = module.types.scalar(ScalarKind::Int {
            signed: false,
            width: 16,
        });
        let bool_ = module.types.scalar(ScalarKind::Bool { width: 1 });
        let mut variable = |name: &str, ty| {
            module.variables.append(
                Variable {
                    name: name.into(),
                    ty,
                    storage: Storage::Local,
                    decl: Span::default(),
                    derived: None,
                    restrict: false,
                    symbol: None,
                },
                Span::default(),
            )
        };
        let (s, h, ok) = (
            variable("s", f64_),
            variable("h", u16_),
            variable("ok", i32_),
        );
        Fixture {
            module,
            body: Body::default(),
            f64_,
            i32_,
            u16_,
            bool_,
            s,
            h,
            ok,
        }
    }

    impl Fixture {
        fn e(&mut self, kind: ExprKind, ty: TypeHandle) -> ExprId {
            self.body.expr(kind, ty, Span::default())
        }
        fn place(&mut self, var: Handle<Variable>) -> ExprId {
            let ty = self.module.variables[var].ty;
            let pointer = self.module.types.insert(TypeInner::Pointer { pointee: ty });
            self.e(ExprKind::Variable(var), pointer)
        }
        fn load(&mut self, var: Handle<Variable>) -> ExprId {
            let ty = self.module.variables[var].ty;
            let place = self.place(var);
            self.e(ExprKind::Load(place), ty)
        }
        fn bin(&mut self, op: BinaryOp, left: ExprId, right: ExprId, ty: TypeHandle) -> ExprId {
            self.e(ExprKind::Binary { op, left, right }, ty)
        }
        fn store(&mut self, var: Handle<Variable>, value: ExprId) -> Stmt {
            let address = self.place(var);
            Stmt::Store { address, value }
        }
        fn update(&self, stmt: &Stmt) -> Option<ReductionOp> {
            scalar_update(&self.body, &self.module.types, stmt).map(|(_, op, _)| op)
        }
    }

    #[test]
    fn recognises_sums_in_every_order_and_chain() {
        let mut f = fixture();
        let ty = f.f64_;
        let x = f.e(ExprKind::Float(2.0), ty);
        let y = f.e(ExprKind::Float(3.0), ty);
        let old = f.load(f.s);
        let value = f.bin(BinaryOp::Add, x, old, ty);
        let stmt = f.store(f.s, value);
        assert_eq!(f.update(&stmt), Some(ReductionOp::Add));
        // `s = s - x - y` and `s = x - s`.
        let old = f.load(f.s);
        let minus = f.bin(BinaryOp::Sub, old, x, ty);
        let value = f.bin(BinaryOp::Sub, minus, y, ty);
        let stmt = f.store(f.s, value);
        assert_eq!(f.update(&stmt), Some(ReductionOp::Add));
        let old = f.load(f.s);
        let value = f.bin(BinaryOp::Sub, x, old, ty);
        let stmt = f.store(f.s, value);
        assert_eq!(f.update(&stmt), None);
        // `s = s * s` uses the variable twice; `s = s + x * y` mixes operators at the root.
        let (first, second) = (f.load(f.s), f.load(f.s));
        let value = f.bin(BinaryOp::Mul, first, second, ty);
        let stmt = f.store(f.s, value);
        assert_eq!(f.update(&stmt), None);
        let old = f.load(f.s);
        let product = f.bin(BinaryOp::Mul, x, y, ty);
        let value = f.bin(BinaryOp::Add, old, product, ty);
        let stmt = f.store(f.s, value);
        assert_eq!(f.update(&stmt), Some(ReductionOp::Add));
    }

    #[test]
    fn recognises_fmax_conversions_and_conditional_extrema() {
        let mut f = fixture();
        let ty = f.f64_;
        let x = f.e(ExprKind::Float(2.0), ty);
        let old = f.load(f.s);
        let value = f.e(
            ExprKind::Math {
                function: MathFn::Fmin,
                args: vec![x, old],
            },
            ty,
        );
        let stmt = f.store(f.s, value);
        assert_eq!(f.update(&stmt), Some(ReductionOp::Min));
        // `h += k` on an unsigned short computes in int and converts back: still a sum; a
        // maximum computed in int is not.
        let (int, short) = (f.i32_, f.u16_);
        let k = f.e(ExprKind::Int(7), int);
        let old = f.load(f.h);
        let widened = f.e(ExprKind::Cast(old), int);
        let sum = f.bin(BinaryOp::Add, widened, k, int);
        let value = f.e(ExprKind::Cast(sum), short);
        let stmt = f.store(f.h, value);
        assert_eq!(f.update(&stmt), Some(ReductionOp::Add));
        let old = f.load(f.h);
        let widened = f.e(ExprKind::Cast(old), int);
        let max = f.bin(BinaryOp::Max, widened, k, int);
        let value = f.e(ExprKind::Cast(max), short);
        let stmt = f.store(f.h, value);
        assert_eq!(f.update(&stmt), None);
        // `ok = ok != 0 && c`: a logical and, converted back to int.
        let boolean = f.bool_;
        let old = f.load(f.ok);
        let zero = f.e(ExprKind::Int(0), int);
        let truth = f.bin(BinaryOp::Ne, old, zero, boolean);
        let c = f.e(ExprKind::Int(1), boolean);
        let and = f.bin(BinaryOp::LogicalAnd, truth, c, boolean);
        let value = f.e(ExprKind::Cast(and), int);
        let stmt = f.store(f.ok, value);
        assert_eq!(f.update(&stmt), Some(ReductionOp::LogAnd));
        // `if (x > s) s = x;` is a maximum, `if (s > x) s = x;` a minimum.
        for (x_left, want) in [(true, ReductionOp::Max), (false, ReductionOp::Min)] {
            let old = f.load(f.s);
            let cond = if x_left {
                f.bin(BinaryOp::Gt, x, old, boolean)
            } else {
                f.bin(BinaryOp::Gt, old, x, boolean)
            };
            let store = f.store(f.s, x);
            let stmt = Stmt::If {
                cond,
                accept: vec![store],
                reject: vec![],
            };
            assert_eq!(f.update(&stmt), Some(want));
        }
    }

    #[test]
    fn a_variable_used_otherwise_is_no_reduction() {
        let mut f = fixture();
        let ty = f.f64_;
        let x = f.e(ExprKind::Float(2.0), ty);
        let old = f.load(f.s);
        let value = f.bin(BinaryOp::Add, old, x, ty);
        let sum = f.store(f.s, value);
        let old = f.load(f.h);
        let k = f.e(ExprKind::Int(3), f.u16_);
        let value = f.bin(BinaryOp::BitXor, old, k, f.u16_);
        let xor = f.store(f.h, value);
        let reductions = scalar_reductions(&f.body, &f.module.types, &[], &[sum.clone(), xor]);
        assert_eq!(
            reductions,
            vec![(f.s, ReductionOp::Add), (f.h, ReductionOp::BitXor)]
        );
        // Reading `s` elsewhere (`ok = (int)s`), or updating it with another operator.
        let read = f.load(f.s);
        let read = f.e(ExprKind::Cast(read), f.i32_);
        let copy = f.store(f.ok, read);
        let reductions = scalar_reductions(&f.body, &f.module.types, &[], &[sum.clone(), copy]);
        assert!(reductions.iter().all(|(v, _)| *v != f.s));
        let old = f.load(f.s);
        let value = f.bin(BinaryOp::Mul, old, x, ty);
        let product = f.store(f.s, value);
        assert_eq!(
            scalar_reductions(&f.body, &f.module.types, &[], &[sum, product]),
            vec![]
        );
    }
}
