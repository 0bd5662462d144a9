//! The dependence test that decides whether a loop of a `kernels` region may run in parallel.
//!
//! A loop is independent when no iteration reads or writes memory another iteration writes:
//! * every store goes to an array element, or to a scalar that is private to the loop (declared
//!   in its body, or named by its `private`/`reduction` clauses);
//! * for every pair of accesses to the same array where one is a store, the subscripts are
//!   affine in the loop variables with equal coefficients and equal constant parts (distance
//!   zero), or structurally identical;
//! * accesses through two different pointers may alias, so a store through a pointer conflicts
//!   with any access through another pointer; arrays (named storage) never alias each other;
//! * calls to program functions make the loop dependent (their effects are unknown); math
//!   functions and atomics do not.
//!
//! Anything the test cannot analyse counts as a dependence: the answer is conservative, and the
//! reason is reported as a remark.

use crate::arena::Handle;
use crate::body::*;
use crate::ops::{Module, OpKind, Variable};
use std::collections::{BTreeMap, HashSet};

/// A storage root an address is derived from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Root {
    /// Named storage of the program (an array or scalar variable).
    Variable(Handle<Variable>),
    /// A local of the code.
    Local(LocalId),
    /// Memory reached through the pointer value stored in this variable/local.
    PointerIn(Handle<Variable>),
    PointerInLocal(LocalId),
}

impl Root {
    fn through_pointer(self) -> bool {
        matches!(self, Root::PointerIn(_) | Root::PointerInLocal(_))
    }
}

/// An affine form: a constant plus integer coefficients of terms (loop variables or invariant
/// loads, keyed by their printed form).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Affine {
    constant: i128,
    terms: BTreeMap<String, i128>,
}

/// Subscripts from the outermost, each with its affine form when it has one.
type Subscripts = Vec<(Option<Affine>, ExprId)>;

/// One memory access: its root, the subscripts from outermost (affine when analysable, with
/// the expression itself for structural comparison), and whether it is a store.
#[derive(Clone, Debug)]
struct Access {
    root: Root,
    subscripts: Subscripts,
    store: bool,
}

/// Whether the loop `stmt` (an [`Stmt::AccLoop`]) carries no dependence; `Err` says why not.
pub fn loop_is_independent(module: &Module, body: &Body, stmt: &Stmt) -> Result<(), String> {
    let Stmt::AccLoop {
        op,
        controls,
        body: stmts,
        ..
    } = stmt
    else {
        return Err("not a loop".into());
    };
    let mut private: HashSet<Root> = HashSet::new();
    if let Some(OpKind::Loop(l)) = op.map(|o| &module.ops[o].kind) {
        for d in l.private.iter().chain(&l.reduction) {
            private.insert(Root::Variable(module.data_ops[*d].var));
        }
    }
    let mut loop_vars: HashSet<Root> = HashSet::new();
    for control in controls {
        loop_vars.insert(match control.var {
            LocalOrVariable::Local(l) => Root::Local(l),
            LocalOrVariable::Variable(v) => Root::Variable(v),
        });
    }
    let mut collector = Collector {
        module,
        body,
        accesses: Vec::new(),
        declared: HashSet::new(),
        failure: None,
    };
    collector.stmts(stmts);
    if let Some(reason) = collector.failure {
        return Err(reason);
    }
    let declared = collector.declared;
    let written: HashSet<Root> = collector
        .accesses
        .iter()
        .filter(|a| a.store)
        .map(|a| a.root)
        .collect();
    let varying =
        |root: &Root| written.contains(root) || declared.contains(root) || loop_vars.contains(root);
    let accesses = collector.accesses;
    // Scalars written in the loop must be private to it.
    for access in accesses
        .iter()
        .filter(|a| a.store && a.subscripts.is_empty())
    {
        let local_to_body = match access.root {
            Root::Local(l) => declared.contains(&Root::Local(l)),
            _ => false,
        };
        if !local_to_body && !private.contains(&access.root) && !loop_vars.contains(&access.root) {
            return Err(format!(
                "scalar {} is written in every iteration",
                root_name(module, body, access.root)
            ));
        }
    }
    let affine_in = |expr: ExprId| affine(module, body, expr, &varying, &loop_vars, 0);
    let single_loop_var = match controls.as_slice() {
        [only] => Some(root_name(
            module,
            body,
            match only.var {
                LocalOrVariable::Local(l) => Root::Local(l),
                LocalOrVariable::Variable(v) => Root::Variable(v),
            },
        )),
        _ => None,
    };
    let analysed: Vec<(Root, Subscripts, bool)> = accesses
        .iter()
        .filter(|a| !a.subscripts.is_empty())
        .map(|a| {
            (
                a.root,
                a.subscripts
                    .iter()
                    .map(|(_, e)| (affine_in(*e), *e))
                    .collect(),
                a.store,
            )
        })
        .collect();
    for (i, (root_a, subs_a, store_a)) in analysed.iter().enumerate() {
        for (root_b, subs_b, store_b) in analysed.iter().skip(i + 1) {
            if !store_a && !store_b {
                continue;
            }
            if root_a != root_b {
                if root_a.through_pointer() && root_b.through_pointer() {
                    return Err(format!(
                        "{} and {} may point to the same memory",
                        root_name(module, body, *root_a),
                        root_name(module, body, *root_b)
                    ));
                }
                continue;
            }
            if !same_element(body, subs_a, subs_b, single_loop_var.as_deref()) {
                return Err(format!(
                    "loop-carried dependence on {}",
                    root_name(module, body, *root_a)
                ));
            }
        }
    }
    Ok(())
}

/// Whether two accesses can touch the same element in different iterations: not when their
/// subscripts are equal in every dimension (distance zero), nor when in some dimension they can
/// never be equal (`a*i + c1 = a*i' + c2` has no integer solution: `c2 - c1` is not a multiple
/// of `a`, the GCD test for one loop variable).
fn same_element(
    body: &Body,
    a: &[(Option<Affine>, ExprId)],
    b: &[(Option<Affine>, ExprId)],
    loop_var: Option<&str>,
) -> bool {
    if a.len() != b.len() {
        return false;
    }
    for ((fa, ea), (fb, eb)) in a.iter().zip(b) {
        match (fa, fb) {
            (Some(fa), Some(fb)) if fa == fb => {}
            (Some(fa), Some(fb)) => {
                let Some(var) = loop_var else { return false };
                let coefficient = fa.terms.get(var).copied().unwrap_or(0);
                let same_rest = fa.terms == fb.terms && coefficient != 0;
                if same_rest && (fb.constant - fa.constant) % coefficient != 0 {
                    return true;
                }
                return false;
            }
            _ if structurally_equal(body, *ea, *eb, 0) => {}
            _ => return false,
        }
    }
    true
}

fn structurally_equal(body: &Body, a: ExprId, b: ExprId, depth: usize) -> bool {
    if a == b {
        return true;
    }
    if depth > 64 {
        return false;
    }
    let (ea, eb) = (&body.exprs[a], &body.exprs[b]);
    if ea.ty != eb.ty {
        return false;
    }
    let eq = |x: ExprId, y: ExprId| structurally_equal(body, x, y, depth + 1);
    match (&ea.kind, &eb.kind) {
        (ExprKind::Int(x), ExprKind::Int(y)) => x == y,
        (ExprKind::Variable(x), ExprKind::Variable(y)) => x == y,
        (ExprKind::Local(x), ExprKind::Local(y)) => x == y,
        (ExprKind::Load(x), ExprKind::Load(y))
        | (ExprKind::Cast(x), ExprKind::Cast(y))
        | (ExprKind::Decay(x), ExprKind::Decay(y)) => eq(*x, *y),
        (
            ExprKind::Binary {
                op: o1,
                left: l1,
                right: r1,
            },
            ExprKind::Binary {
                op: o2,
                left: l2,
                right: r2,
            },
        ) => o1 == o2 && eq(*l1, *l2) && eq(*r1, *r2),
        (
            ExprKind::Index {
                base: b1,
                index: i1,
            },
            ExprKind::Index {
                base: b2,
                index: i2,
            },
        ) => eq(*b1, *b2) && eq(*i1, *i2),
        (
            ExprKind::Member {
                base: b1,
                member: m1,
            },
            ExprKind::Member {
                base: b2,
                member: m2,
            },
        ) => m1 == m2 && eq(*b1, *b2),
        _ => false,
    }
}

/// The affine form of an integer expression, or `None` when it is not affine in the loop
/// variables and invariants (`varying` roots other than loop variables are not invariant).
fn affine(
    module: &Module,
    body: &Body,
    expr: ExprId,
    varying: &dyn Fn(&Root) -> bool,
    loop_vars: &HashSet<Root>,
    depth: usize,
) -> Option<Affine> {
    if depth > 64 {
        return None;
    }
    let recurse = |e: ExprId| affine(module, body, e, varying, loop_vars, depth + 1);
    match &body.exprs[expr].kind {
        ExprKind::Int(v) => Some(Affine {
            constant: *v,
            terms: BTreeMap::new(),
        }),
        ExprKind::Cast(inner) => recurse(*inner),
        ExprKind::Load(address) => {
            let root = match body.exprs[*address].kind {
                ExprKind::Variable(v) => Root::Variable(v),
                ExprKind::Local(l) => Root::Local(l),
                _ => return None,
            };
            if loop_vars.contains(&root) || !varying(&root) {
                let mut terms = BTreeMap::new();
                terms.insert(root_name(module, body, root), 1);
                Some(Affine { constant: 0, terms })
            } else {
                None
            }
        }
        ExprKind::Binary { op, left, right } => {
            let (l, r) = (recurse(*left)?, recurse(*right)?);
            match op {
                BinaryOp::Add | BinaryOp::Sub => {
                    let sign = if *op == BinaryOp::Sub { -1 } else { 1 };
                    let mut out = l;
                    out.constant = out.constant.checked_add(sign * r.constant)?;
                    for (key, c) in r.terms {
                        *out.terms.entry(key).or_insert(0) += sign * c;
                    }
                    out.terms.retain(|_, c| *c != 0);
                    Some(out)
                }
                BinaryOp::Mul => {
                    let (constant, other) = if l.terms.is_empty() {
                        (l.constant, r)
                    } else if r.terms.is_empty() {
                        (r.constant, l)
                    } else {
                        return None;
                    };
                    let mut out = Affine {
                        constant: other.constant.checked_mul(constant)?,
                        terms: BTreeMap::new(),
                    };
                    for (key, c) in other.terms {
                        out.terms.insert(key, c.checked_mul(constant)?);
                    }
                    out.terms.retain(|_, c| *c != 0);
                    Some(out)
                }
                _ => None,
            }
        }
        _ => None,
    }
}

fn root_name(module: &Module, body: &Body, root: Root) -> String {
    match root {
        Root::Variable(v) | Root::PointerIn(v) => format!("'{}'", module.variables[v].name),
        Root::Local(l) | Root::PointerInLocal(l) => format!("'{}'", body.locals[l].name),
    }
}

/// Gathers the accesses of a loop body.
struct Collector<'a> {
    module: &'a Module,
    body: &'a Body,
    accesses: Vec<Access>,
    /// Locals declared inside the loop body (private to an iteration).
    declared: HashSet<Root>,
    failure: Option<String>,
}

impl Collector<'_> {
    fn fail(&mut self, reason: impl Into<String>) {
        if self.failure.is_none() {
            self.failure = Some(reason.into());
        }
    }

    fn stmts(&mut self, stmts: &Stmts) {
        for stmt in stmts {
            match stmt {
                Stmt::Eval(e) => self.expr(*e),
                Stmt::Store { address, value } => {
                    self.expr(*value);
                    self.address(*address, true);
                }
                Stmt::Declare { local, init } => {
                    self.declared.insert(Root::Local(*local));
                    if let Some(init) = init {
                        self.expr(*init);
                    }
                }
                Stmt::If {
                    cond,
                    accept,
                    reject,
                } => {
                    self.expr(*cond);
                    self.stmts(accept);
                    self.stmts(reject);
                }
                Stmt::Loop {
                    cond, body, step, ..
                } => {
                    if let Some(cond) = cond {
                        self.expr(*cond);
                    }
                    self.stmts(body);
                    self.stmts(step);
                }
                Stmt::AccLoop { controls, body, .. } => {
                    for control in controls {
                        if let LocalOrVariable::Local(l) = control.var {
                            self.declared.insert(Root::Local(l));
                        }
                        self.expr(control.lower);
                        self.expr(control.upper);
                        self.expr(control.step);
                    }
                    self.stmts(body);
                }
                Stmt::Switch { selector, cases } => {
                    self.expr(*selector);
                    for case in cases {
                        self.stmts(&case.body);
                    }
                }
                Stmt::Atomic { value, capture, .. } => {
                    // The atomic target may be shared; the capture is an ordinary store.
                    if let Some(value) = value {
                        self.expr(*value);
                    }
                    if let Some(capture) = capture {
                        self.address(*capture, true);
                    }
                }
                Stmt::Break | Stmt::Continue => {}
                Stmt::Return(_) => self.fail("the loop returns"),
                Stmt::Block(inner) => self.stmts(inner),
            }
        }
    }

    /// Records the loads inside an expression.
    fn expr(&mut self, e: ExprId) {
        let mut stack = vec![e];
        let mut steps = 0;
        while let Some(id) = stack.pop() {
            steps += 1;
            if steps > 100_000 {
                self.fail("expression too large to analyse");
                return;
            }
            match &self.body.exprs[id].kind {
                ExprKind::Load(address) => self.address(*address, false),
                ExprKind::Call { function, .. } => {
                    self.fail(format!("the loop calls '{function}'"))
                }
                ExprKind::Block { stmts, value } => {
                    self.stmts(stmts);
                    stack.push(*value);
                }
                ExprKind::Unary { operand, .. } => stack.push(*operand),
                ExprKind::Binary { left, right, .. } => stack.extend([*left, *right]),
                ExprKind::PointerAdd { pointer, offset } => stack.extend([*pointer, *offset]),
                ExprKind::PointerDiff { left, right } => stack.extend([*left, *right]),
                ExprKind::Cast(inner) | ExprKind::Decay(inner) => stack.push(*inner),
                ExprKind::Select {
                    cond,
                    accept,
                    reject,
                } => stack.extend([*cond, *accept, *reject]),
                ExprKind::Math { args, .. } | ExprKind::Builtin { args, .. } => {
                    stack.extend(args.iter().copied())
                }
                ExprKind::Index { base, index } => stack.extend([*base, *index]),
                ExprKind::Member { base, .. } => stack.push(*base),
                ExprKind::Int(_)
                | ExprKind::Float(_)
                | ExprKind::Variable(_)
                | ExprKind::Local(_) => {}
            }
        }
    }

    /// Records an access to the memory at `address`, and the loads needed to compute it.
    fn address(&mut self, address: ExprId, store: bool) {
        let mut subscripts = Vec::new();
        let mut current = address;
        let root = loop {
            match &self.body.exprs[current].kind {
                ExprKind::Variable(v) => break Some(Root::Variable(*v)),
                ExprKind::Local(l) => break Some(Root::Local(*l)),
                ExprKind::Index { base, index } => {
                    self.expr(*index);
                    subscripts.push((None, *index));
                    current = *base;
                }
                ExprKind::Member { base, .. } | ExprKind::Decay(base) | ExprKind::Cast(base) => {
                    current = *base
                }
                ExprKind::Load(inner) => {
                    // A pointer value: the memory is reached through whatever the pointer holds.
                    let root = match self.body.exprs[*inner].kind {
                        ExprKind::Variable(v) => Some(Root::PointerIn(v)),
                        ExprKind::Local(l) => Some(Root::PointerInLocal(l)),
                        _ => None,
                    };
                    self.address(*inner, false);
                    break root;
                }
                _ => {
                    self.expr(current);
                    break None;
                }
            }
        };
        let Some(root) = root else {
            self.fail("an address the test cannot follow");
            return;
        };
        subscripts.reverse();
        let _ = self.module;
        self.accesses.push(Access {
            root,
            subscripts,
            store,
        });
    }
}
