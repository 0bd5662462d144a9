//! Element updates of reduction arrays: recognising, in the body IR, the statements that only
//! combine a value into one element of an array with a reduction's operator
//! (`a[e] += x`, `a[e] = a[e] + x`, `a[e] = x + a[e]`, `a[e] |= x`, Fortran
//! `a(e) = max(a(e), x)`, an `atomic update` of the same form).
//!
//! An array reduction whose every use in its scope is such an update needs no private partial
//! array: each update can be an atomic operation on the shared copy, which then ends up as the
//! original combined with every contribution — the reduction's result. The GPU lowering uses
//! this for reduction arrays too large for a partial per thread
//! (`accc_codegen::lower::reduce`).
//!
//! A statement qualifies when it is `Store { address: A, value: V }` where
//! * `A` is an element address of the variable: `Index` applied (once per dimension) to the
//!   variable's address, possibly through `Cast` or `Decay` (Fortran arrays are indexed through
//!   a cast to the element pointer), or to the value of a pointer variable (`Load(Variable)`);
//! * `V` is `Binary { op, L, R }`, possibly under one `Cast` (C's integer promotions:
//!   `short` elements are updated in `int`), where one operand is `Load(A')` (possibly under a
//!   `Cast` to the operation's type) with `A'` the same expression as `A`, and the other, the
//!   operand `x`, has the operation's type (for `-`, `x` must be the right operand);
//!   C's `a[e] = a[e] > x ? a[e] : x` (and the other orders and comparisons of a maximum or
//!   minimum, all of the select's type) is `Max` or `Min`;
//! * `A`'s indices and `x` do not mention the variable, and `A` and `x` are free of calls and
//!   side effects (`Block`), so that evaluating `A` once instead of twice changes nothing.

use crate::body::{any_stmt, expr_children, stmt_exprs, BinaryOp, Body, ExprId, ExprKind, Stmt};
use crate::ops::{AtomicKind, ReductionOp, Variable};
use crate::Handle;

/// An update `*address = *address op operand` of one element of `var`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElementUpdate {
    pub var: Handle<Variable>,
    /// The element's address (evaluated once by an atomic lowering).
    pub address: ExprId,
    pub op: BinaryOp,
    /// The value combined into the element, of the operation's type.
    pub operand: ExprId,
}

/// Whether an update with `op` contributes to a reduction with `reduction`: the same operator,
/// or `a - x` for `+` (the same as `a + (-x)`).
pub fn updates_with(reduction: ReductionOp, op: BinaryOp) -> bool {
    use ReductionOp as R;
    matches!(
        (reduction, op),
        (R::Add, BinaryOp::Add | BinaryOp::Sub)
            | (R::Mul, BinaryOp::Mul)
            | (R::Max, BinaryOp::Max)
            | (R::Min, BinaryOp::Min)
            | (R::BitAnd, BinaryOp::BitAnd)
            | (R::BitOr, BinaryOp::BitOr)
            | (R::BitXor, BinaryOp::BitXor)
            | (R::LogAnd, BinaryOp::LogicalAnd)
            | (R::LogOr, BinaryOp::LogicalOr)
    )
}

/// The element update a statement is, if it is one (see the module documentation).
pub fn element_update(body: &Body, stmt: &Stmt) -> Option<ElementUpdate> {
    let Stmt::Store { address, value } = stmt else {
        return None;
    };
    let var = element_root(body, *address)?;
    if let Some((op, operand)) = select_extremum(body, *address, *value) {
        if mentions(body, operand, var) || !pure(body, operand) {
            return None;
        }
        return Some(ElementUpdate {
            var,
            address: *address,
            op,
            operand,
        });
    }
    let mut value = body.exprs.get(*value)?;
    if let ExprKind::Cast(inner) = value.kind {
        value = body.exprs.get(inner)?;
    }
    let ExprKind::Binary { op, left, right } = value.kind else {
        return None;
    };
    if !matches!(
        op,
        BinaryOp::Add
            | BinaryOp::Sub
            | BinaryOp::Mul
            | BinaryOp::Max
            | BinaryOp::Min
            | BinaryOp::BitAnd
            | BinaryOp::BitOr
            | BinaryOp::BitXor
            | BinaryOp::LogicalAnd
            | BinaryOp::LogicalOr
    ) {
        return None;
    }
    let loads_element = |side: ExprId| {
        let mut e = body.exprs.get(side)?;
        if let ExprKind::Cast(inner) = e.kind {
            if e.ty != value.ty {
                return None;
            }
            e = body.exprs.get(inner)?;
        }
        match e.kind {
            ExprKind::Load(place) if same_expr(body, place, *address) => Some(()),
            _ => None,
        }
    };
    let operand = if loads_element(left).is_some() {
        right
    } else if op != BinaryOp::Sub && loads_element(right).is_some() {
        left
    } else {
        return None;
    };
    let operand_expr = body.exprs.get(operand)?;
    if operand_expr.ty != value.ty || mentions(body, operand, var) || !pure(body, operand) {
        return None;
    }
    Some(ElementUpdate {
        var,
        address: *address,
        op,
        operand,
    })
}

/// C's maximum and minimum: `value` is `c ? p : q` where `{p, q}` is `{Load(address), x}`
/// (both of the select's type) and `c` compares the same two with `>`, `>=`, `<` or `<=`.
/// Returns `Max` or `Min` and `x`.
pub(crate) fn select_extremum(
    body: &Body,
    address: ExprId,
    value: ExprId,
) -> Option<(BinaryOp, ExprId)> {
    let select = body.exprs.get(value)?;
    let ExprKind::Select {
        cond,
        accept,
        reject,
    } = select.kind
    else {
        return None;
    };
    let ExprKind::Binary { op, left, right } = body.exprs.get(cond)?.kind else {
        return None;
    };
    let is_element = |e: ExprId| {
        body.exprs.get(e).is_some_and(|expr| {
            expr.ty == select.ty
                && matches!(expr.kind, ExprKind::Load(place) if same_expr(body, place, address))
        })
    };
    let (element_accepted, operand) = if is_element(accept) {
        (true, reject)
    } else if is_element(reject) {
        (false, accept)
    } else {
        return None;
    };
    if body.exprs.get(operand)?.ty != select.ty {
        return None;
    }
    // Which operand of the comparison the select takes when it holds.
    let accepted_is_left = match (is_element(left), is_element(right)) {
        (true, false) if same_expr(body, right, operand) => element_accepted,
        (false, true) if same_expr(body, left, operand) => !element_accepted,
        _ => return None,
    };
    let greater = match op {
        BinaryOp::Gt | BinaryOp::Ge => accepted_is_left,
        BinaryOp::Lt | BinaryOp::Le => !accepted_is_left,
        _ => return None,
    };
    Some((
        if greater {
            BinaryOp::Max
        } else {
            BinaryOp::Min
        },
        operand,
    ))
}

/// The variable whose element `address` is, when it is an element address whose indices are
/// pure and do not mention the variable.
fn element_root(body: &Body, address: ExprId) -> Option<Handle<Variable>> {
    let mut indices = Vec::new();
    let mut current = address;
    let mut indexed = false;
    let var = loop {
        match body.exprs.get(current)?.kind {
            ExprKind::Index { base, index } => {
                indices.push(index);
                indexed = true;
                current = base;
            }
            ExprKind::Cast(inner) | ExprKind::Decay(inner) => current = inner,
            ExprKind::Variable(var) => break var,
            ExprKind::Load(pointer) => match body.exprs.get(pointer)?.kind {
                ExprKind::Variable(var) => break var,
                _ => return None,
            },
            _ => return None,
        }
    };
    if !indexed {
        return None;
    }
    indices
        .iter()
        .all(|&index| pure(body, index) && !mentions(body, index, var))
        .then_some(var)
}

/// Whether the expressions at `a` and `b` are the same computation (same kinds, operators,
/// types and operands).
pub fn same_expr(body: &Body, a: ExprId, b: ExprId) -> bool {
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        if a == b {
            continue;
        }
        let (Some(x), Some(y)) = (body.exprs.get(a), body.exprs.get(b)) else {
            return false;
        };
        if x.ty != y.ty {
            return false;
        }
        let same_node = match (&x.kind, &y.kind) {
            (ExprKind::Int(p), ExprKind::Int(q)) => p == q,
            (ExprKind::Float(p), ExprKind::Float(q)) => p.to_bits() == q.to_bits(),
            (ExprKind::Variable(p), ExprKind::Variable(q)) => p == q,
            (ExprKind::Local(p), ExprKind::Local(q)) => p == q,
            (ExprKind::Load(_), ExprKind::Load(_))
            | (ExprKind::Index { .. }, ExprKind::Index { .. })
            | (ExprKind::Decay(_), ExprKind::Decay(_))
            | (ExprKind::Cast(_), ExprKind::Cast(_))
            | (ExprKind::PointerAdd { .. }, ExprKind::PointerAdd { .. })
            | (ExprKind::PointerDiff { .. }, ExprKind::PointerDiff { .. })
            | (ExprKind::Select { .. }, ExprKind::Select { .. }) => true,
            (ExprKind::Member { member: p, .. }, ExprKind::Member { member: q, .. }) => p == q,
            (ExprKind::Unary { op: p, .. }, ExprKind::Unary { op: q, .. }) => p == q,
            (ExprKind::Binary { op: p, .. }, ExprKind::Binary { op: q, .. }) => p == q,
            (ExprKind::Math { function: p, .. }, ExprKind::Math { function: q, .. }) => p == q,
            // Calls, builtins and statement blocks are never the same computation twice.
            _ => false,
        };
        if !same_node {
            return false;
        }
        let (xs, ys) = (expr_children(&x.kind), expr_children(&y.kind));
        if xs.len() != ys.len() {
            return false;
        }
        stack.extend(xs.into_iter().zip(ys));
    }
    true
}

/// Whether the expression at `e` may be evaluated once instead of twice: no calls, builtins or
/// statement blocks anywhere in it.
pub(crate) fn pure(body: &Body, e: ExprId) -> bool {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        let Some(expr) = body.exprs.get(e) else {
            return false;
        };
        if matches!(
            expr.kind,
            ExprKind::Call { .. } | ExprKind::Builtin { .. } | ExprKind::Block { .. }
        ) {
            return false;
        }
        stack.extend(expr_children(&expr.kind));
    }
    true
}

/// Whether the expression at `e` refers to `var` anywhere (statement blocks included).
pub(crate) fn mentions(body: &Body, e: ExprId, var: Handle<Variable>) -> bool {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        let Some(expr) = body.exprs.get(e) else {
            return true;
        };
        if expr.kind == ExprKind::Variable(var) {
            return true;
        }
        stack.extend(expr_children(&expr.kind));
    }
    false
}

/// Checks that every use of `var` in `stmts` is an element update with an operator of
/// `reduction` ([`element_update`], [`updates_with`]) or an `atomic update` of one of its
/// elements with such an operator. Returns the first other use, an expression that mentions
/// the variable (for its source position).
pub fn only_element_updates(
    body: &Body,
    stmts: &[Stmt],
    var: Handle<Variable>,
    reduction: ReductionOp,
) -> Result<(), ExprId> {
    let mut allowed = std::collections::HashSet::new();
    let mut wrong = None;
    any_stmt(stmts, |stmt| {
        if let Some(update) = element_update(body, stmt) {
            if update.var == var {
                if !updates_with(reduction, update.op) {
                    wrong = Some(update.address);
                    return true;
                }
                if let Stmt::Store { address, value } = stmt {
                    allowed.extend([*address, *value]);
                }
            }
        }
        if let Stmt::Atomic {
            kind: AtomicKind::Update,
            address,
            op: Some(op),
            value: Some(value),
            capture: None,
            reversed: false,
            ..
        } = stmt
        {
            if element_root(body, *address) == Some(var)
                && updates_with(reduction, *op)
                && !mentions(body, *value, var)
            {
                allowed.insert(*address);
            }
        }
        false
    });
    if let Some(address) = wrong {
        return Err(address);
    }
    let mut roots = Vec::new();
    stmt_exprs(stmts, &mut roots);
    match roots
        .into_iter()
        .find(|&e| !allowed.contains(&e) && mentions(body, e, var))
    {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::{Storage, Variable};
    use crate::span::Span;
    use crate::types::{ArraySize, TypeInner};
    use crate::{Module, ScalarKind, TypeHandle};

    /// A body and the handles its expressions use (the variables' module is not needed after).
    struct Fixture {
        body: Body,
        int: TypeHandle,
        ptr: TypeHandle,
        a: Handle<Variable>,
        b: Handle<Variable>,
    }

    fn fixture() -> Fixture {
        let mut module = Module::default();
        let int = module.types.scalar(ScalarKind::Int {
            signed: true,
            width: 32,
        });
        let ptr = module.types.insert(TypeInner::Pointer { pointee: int });
        let array = module.types.insert(TypeInner::Array {
            element: int,
            size: ArraySize::Constant(4096),
            lower_bound: 0,
        });
        let mut variable = |name: &str| {
            module.variables.append(
                Variable {
                    name: name.into(),
                    ty: array,
                    storage: Storage::Local,
                    decl: Span::default(),
                    derived: None,
                    restrict: false,
                    symbol: None,
                },
                Span::default(),
            )
        };
        let (a, b) = (variable("a"), variable("b"));
        Fixture {
            body: Body::default(),
            int,
            ptr,
            a,
            b,
        }
    }

    impl Fixture {
        fn e(&mut self, kind: ExprKind, ty: TypeHandle) -> ExprId {
            self.body.expr(kind, ty, Span::default())
        }
        /// `&var[index]`, a fresh expression tree each time.
        fn element(&mut self, var: Handle<Variable>, index: i128) -> ExprId {
            let base = self.e(ExprKind::Variable(var), self.ptr);
            let index = self.e(ExprKind::Int(index), self.int);
            self.e(ExprKind::Index { base, index }, self.ptr)
        }
        fn load(&mut self, place: ExprId) -> ExprId {
            self.e(ExprKind::Load(place), self.int)
        }
        fn binary(&mut self, op: BinaryOp, left: ExprId, right: ExprId) -> ExprId {
            self.e(ExprKind::Binary { op, left, right }, self.int)
        }
        /// `var[index] = var[index] op x` (or `x op var[index]` when `reversed`).
        fn update(&mut self, var: Handle<Variable>, index: i128, op: BinaryOp, x: ExprId) -> Stmt {
            self.update_of(var, index, index, op, x, false)
        }
        fn update_of(
            &mut self,
            var: Handle<Variable>,
            stored: i128,
            loaded: i128,
            op: BinaryOp,
            x: ExprId,
            reversed: bool,
        ) -> Stmt {
            let address = self.element(var, stored);
            let place = self.element(var, loaded);
            let old = self.load(place);
            let value = if reversed {
                self.binary(op, x, old)
            } else {
                self.binary(op, old, x)
            };
            Stmt::Store { address, value }
        }
    }

    #[test]
    fn recognises_element_updates_in_both_orders() {
        let mut f = fixture();
        let x = f.e(ExprKind::Int(3), f.int);
        let plus = f.update(f.a, 7, BinaryOp::Add, x);
        let update = element_update(&f.body, &plus).expect("a[7] = a[7] + 3");
        assert_eq!(
            (update.var, update.op, update.operand),
            (f.a, BinaryOp::Add, x)
        );
        let reversed = f.update_of(f.a, 7, 7, BinaryOp::Add, x, true);
        assert_eq!(
            element_update(&f.body, &reversed).map(|u| u.op),
            Some(BinaryOp::Add)
        );
        // `a = x - a` is no `+` update; `a = a - x` is.
        let minus = f.update_of(f.a, 7, 7, BinaryOp::Sub, x, true);
        assert_eq!(element_update(&f.body, &minus), None);
        let minus = f.update(f.a, 7, BinaryOp::Sub, x);
        assert!(updates_with(
            ReductionOp::Add,
            element_update(&f.body, &minus).unwrap().op
        ));
        // Another element, or a division: not an update.
        let other = f.update_of(f.a, 7, 8, BinaryOp::Add, x, false);
        assert_eq!(element_update(&f.body, &other), None);
        let divide = f.update(f.a, 7, BinaryOp::Div, x);
        assert_eq!(element_update(&f.body, &divide), None);
    }

    #[test]
    fn recognises_a_select_maximum() {
        let mut f = fixture();
        let x = f.e(ExprKind::Int(5), f.int);
        let address = f.element(f.a, 1);
        let mut old = || {
            let place = f.element(f.a, 1);
            f.load(place)
        };
        let (in_cond, accepted) = (old(), old());
        let cond = f.binary(BinaryOp::Gt, in_cond, x);
        let value = f.e(
            ExprKind::Select {
                cond,
                accept: accepted,
                reject: x,
            },
            f.int,
        );
        let max = Stmt::Store { address, value };
        assert_eq!(
            element_update(&f.body, &max).map(|u| u.op),
            Some(BinaryOp::Max)
        );
        // `a > x ? x : a` is the minimum.
        let value = f.e(
            ExprKind::Select {
                cond,
                accept: x,
                reject: accepted,
            },
            f.int,
        );
        let min = Stmt::Store { address, value };
        assert_eq!(
            element_update(&f.body, &min).map(|u| u.op),
            Some(BinaryOp::Min)
        );
    }

    #[test]
    fn only_element_updates_names_the_first_other_use() {
        let mut f = fixture();
        let x = f.e(ExprKind::Int(1), f.int);
        let first = f.update(f.a, 1, BinaryOp::Add, x);
        let second = f.update(f.a, 2, BinaryOp::Sub, x);
        let stmts = vec![first.clone(), Stmt::Block(vec![second])];
        assert_eq!(
            only_element_updates(&f.body, &stmts, f.a, ReductionOp::Add),
            Ok(())
        );
        assert!(only_element_updates(&f.body, &stmts, f.a, ReductionOp::Max).is_err());
        // `b[0] = a[3]` reads `a`.
        let read_place = f.element(f.a, 3);
        let read = f.load(read_place);
        let b0 = f.element(f.b, 0);
        let stmts = vec![
            first.clone(),
            Stmt::Store {
                address: b0,
                value: read,
            },
        ];
        assert_eq!(
            only_element_updates(&f.body, &stmts, f.a, ReductionOp::Add),
            Err(read)
        );
        // An update whose operand reads `a` is another use.
        let a4_place = f.element(f.a, 4);
        let a4 = f.load(a4_place);
        let feedback = f.update(f.a, 5, BinaryOp::Add, a4);
        assert!(only_element_updates(&f.body, &[feedback], f.a, ReductionOp::Add).is_err());
        // Updates of `b` say nothing about `a`.
        let other = f.update(f.b, 0, BinaryOp::Mul, x);
        assert_eq!(
            only_element_updates(&f.body, &[first, other], f.a, ReductionOp::Add),
            Ok(())
        );
    }
}
