//! The dependence test that decides whether a loop of a `kernels` region may run in parallel.
//!
//! A loop is independent when no iteration reads or writes memory another iteration writes:
//! * every store goes to an array element, or to a scalar that is private to the loop (declared
//!   in its body, or named by its `private`/`reduction` clauses);
//! * for every pair of accesses to the same array where one is a store (a store paired with
//!   itself included), two different iterations never reach the same element: in some
//!   dimension the subscripts are never equal (GCD test), or the dimensions where both are the
//!   same affine form of the loop variables and invariants determine every loop variable
//!   (distance zero, and the subscript is one-to-one in the iterations);
//! * accesses through two different pointers may alias, so a store through a pointer conflicts
//!   with any access through another pointer, unless both are `restrict` pointer variables;
//!   arrays (named storage) never alias each other;
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
    fn of(var: LocalOrVariable) -> Root {
        match var {
            LocalOrVariable::Local(l) => Root::Local(l),
            LocalOrVariable::Variable(v) => Root::Variable(v),
        }
    }

    /// The named storage at `address` (`&x` of a variable or local), if that is what it is.
    fn at(body: &Body, address: ExprId) -> Option<Root> {
        match body.exprs[address].kind {
            ExprKind::Variable(v) => Some(Root::Variable(v)),
            ExprKind::Local(l) => Some(Root::Local(l)),
            _ => None,
        }
    }

    fn through_pointer(self) -> bool {
        matches!(self, Root::PointerIn(_) | Root::PointerInLocal(_))
    }

    /// Memory reached through a `restrict` pointer variable: two such pointers never reach
    /// the same memory.
    fn restrict(self, module: &Module) -> bool {
        matches!(self, Root::PointerIn(v) if module.variables[v].restrict)
    }
}

/// An affine form: a constant plus integer coefficients of terms (loop variables or invariant
/// loads, keyed by their printed form).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Affine {
    constant: i128,
    terms: BTreeMap<String, i128>,
}

/// One memory access: its root, the subscripts from outermost, and whether it is a store.
#[derive(Clone, Debug)]
struct Access {
    root: Root,
    subscripts: Vec<ExprId>,
    store: bool,
    /// The counted loops of the body the access is inside (innermost last).
    within: Vec<Counted>,
}

/// A loop of the analysed loop's body that counts its variable up from a constant lower bound
/// of at least 0 by a positive constant step while it is below (`Lt`) or at most (`Le`)
/// `upper`: inside it the variable is in `[0, upper)` (`[0, upper]`).
#[derive(Clone, Copy, Debug)]
struct Counted {
    var: Root,
    /// The constant first value (at least 0).
    lower: i128,
    upper: ExprId,
    inclusive: bool,
}

/// How one subscript of an access is understood: its affine form in the loop variables and
/// invariants, and its rows, each when there is one (neither: it determines nothing).
#[derive(Clone, Debug, Default)]
struct Subscript {
    affine: Option<Affine>,
    row: Option<Row>,
}

/// A subscript `j + c + s·rest` with `j` the variable of a counted loop (the analysed loop or
/// one inside it) and `j + c` kept inside `[0, s)`, `rest` affine or again such a row: the
/// row-major `a[i * n + j]`, and `a[(i * ny + j) * nz + k]`. Two rows with the same strides
/// address the same element exactly when their `rest`s are equal and so are their peeled
/// `j + c` at every level.
#[derive(Clone, Debug)]
struct Row {
    /// The innermost row's `rest`: affine in the analysed loop's variables and invariants.
    rest: Affine,
    /// The levels peeled off, innermost first.
    levels: Vec<RowLevel>,
}

/// One peeled level of a [`Row`]: `var + shift` inside `[0, stride)`.
#[derive(Clone, Debug)]
struct RowLevel {
    stride: Affine,
    var: String,
    shift: i128,
}

impl Affine {
    /// `self += sign · other`; `None` on overflow.
    fn add_scaled(&mut self, other: Affine, sign: i128) -> Option<()> {
        self.constant = self
            .constant
            .checked_add(sign.checked_mul(other.constant)?)?;
        for (key, c) in other.terms {
            let entry = self.terms.entry(key).or_insert(0);
            *entry = entry.checked_add(sign.checked_mul(c)?)?;
        }
        self.terms.retain(|_, c| *c != 0);
        Some(())
    }
}

/// Whether the loop `stmt` (an [`Stmt::AccLoop`]) carries no dependence; `Err` says why not.
pub fn loop_is_independent(module: &Module, body: &Body, stmt: &Stmt) -> Result<(), String> {
    loop_is_independent_assuming(module, body, stmt, &[])
}

/// [`loop_is_independent`] with the scalar variables `assumed` private to the loop too, as if
/// its `private` or `reduction` clause named them: whether reductions on them would make the
/// loop independent.
pub fn loop_is_independent_assuming(
    module: &Module,
    body: &Body,
    stmt: &Stmt,
    assumed: &[Handle<Variable>],
) -> Result<(), String> {
    let Stmt::AccLoop {
        op,
        controls,
        body: stmts,
        ..
    } = stmt
    else {
        return Err("not a loop".into());
    };
    let mut private: HashSet<Root> = assumed.iter().map(|v| Root::Variable(*v)).collect();
    if let Some(OpKind::Loop(l)) = op.map(|o| &module.ops[o].kind) {
        for d in l.private.iter().chain(&l.reduction) {
            private.insert(Root::Variable(module.data_ops[*d].var));
        }
    }
    let loop_vars: HashSet<Root> = controls.iter().map(|c| Root::of(c.var)).collect();
    let mut collector = Collector {
        module,
        body,
        accesses: Vec::new(),
        declared: HashSet::new(),
        counted: Vec::new(),
        failure: None,
    };
    collector.stmts(stmts);
    if let Some(reason) = collector.failure {
        return Err(reason);
    }
    // The analysed loop's own variables, where it counts them up from a constant.
    let own: Vec<Counted> = controls
        .iter()
        .filter_map(|control| collector.counted(control))
        .collect();
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
    let loop_var_names: Vec<String> = controls
        .iter()
        .map(|control| root_name(module, body, Root::of(control.var)))
        .collect();
    let subscript = |expr: ExprId, within: &[Counted]| {
        // Rows peel the analysed loop's counted variables and those of the counted loops
        // inside it (not written), which are symbols of the polynomial too.
        let counted: Vec<(&Counted, String)> = own
            .iter()
            .chain(within.iter().filter(|c| !loop_vars.contains(&c.var)))
            .filter(|c| !written.contains(&c.var))
            .map(|c| (c, root_name(module, body, c.var)))
            .collect();
        let mut symbols = loop_vars.clone();
        symbols.extend(counted.iter().map(|(c, _)| c.var));
        let form = affine(module, body, expr, &varying, &symbols, 0);
        // Without an inner loop's variable, the polynomial is the affine form.
        let inner = |form: &Affine| {
            counted.iter().any(|(c, name)| {
                !loop_vars.contains(&c.var) && form.terms.keys().any(|key| has_factor(key, name))
            })
        };
        let affine_form = form.clone().filter(|form| !inner(form));
        let row = form
            .and_then(|form| peel_rows(form, &counted, &affine_in, &loop_var_names))
            .filter(|row| !row.levels.is_empty());
        Subscript {
            affine: affine_form,
            row,
        }
    };
    let analysed: Vec<(Root, Vec<Subscript>, bool)> = accesses
        .iter()
        .filter(|a| !a.subscripts.is_empty())
        .map(|a| {
            (
                a.root,
                a.subscripts
                    .iter()
                    .map(|e| subscript(*e, &a.within))
                    .collect(),
                a.store,
            )
        })
        .collect();
    for (i, (root_a, subs_a, store_a)) in analysed.iter().enumerate() {
        // A store paired with itself too: two iterations must not write the same element.
        for (root_b, subs_b, store_b) in analysed.iter().skip(i) {
            if !store_a && !store_b {
                continue;
            }
            if root_a != root_b {
                if root_a.through_pointer()
                    && root_b.through_pointer()
                    && !(root_a.restrict(module) && root_b.restrict(module))
                {
                    return Err(format!(
                        "{} and {} may point to the same memory",
                        root_name(module, body, *root_a),
                        root_name(module, body, *root_b)
                    ));
                }
                continue;
            }
            if iterations_may_meet(subs_a, subs_b, &loop_var_names) {
                return Err(format!(
                    "loop-carried dependence on {}",
                    root_name(module, body, *root_a)
                ));
            }
        }
    }
    Ok(())
}

/// Whether two accesses to the same array may touch the same element in two different
/// iterations. They cannot when
/// * in some dimension the two subscripts are never equal: their forms differ only in the
///   constant, by an amount the GCD of the loop variables' coefficients does not divide
///   (`c·i + k1 = c·i' + k2` has no integer solution); or
/// * the dimensions where the two subscripts are the same determine every loop variable, so
///   equal elements mean equal iterations. A dimension determines a loop variable when that
///   variable is the only one in it not yet determined by others, with a constant coefficient
///   (`a[i][i + j]` determines `i`, then `j`).
///
/// Where both subscripts are [`Row`]s with the same strides, their `rest`s act as one more
/// dimension (`n·i + j = n·i' + j'` with `j` inside `[0, n)` forces `i = i'`, and rests that
/// are never equal keep them apart: `a[i·n + j]` and `a[(i - 1)·n + j]` for the `j` loop), and
/// a loop variable peeled with the same shift in both is determined.
///
/// A subscript that is not affine in the loop variables and invariants (it reads something the
/// loop writes, an inner loop's variable outside such a row, `i % 7`), or whose coefficient of
/// a loop variable is not a constant (`a[i * n]`: `n` may be 0), determines nothing, so
/// `a[i + j]` with an inner `j`, or `h[idx[i]]`, counts as a dependence.
fn iterations_may_meet(a: &[Subscript], b: &[Subscript], loop_vars: &[String]) -> bool {
    if a.len() != b.len() {
        return true;
    }
    let mut equal_dims = Vec::new();
    let mut determined: HashSet<&str> = HashSet::new();
    for (sa, sb) in a.iter().zip(b) {
        if let (Some(fa), Some(fb)) = (&sa.affine, &sb.affine) {
            if fa == fb {
                equal_dims.push(fa);
                continue;
            }
            if never_equal(fa, fb, loop_vars) {
                return false;
            }
        }
        let (Some(ra), Some(rb)) = (&sa.row, &sb.row) else {
            continue;
        };
        let same_strides = ra.levels.len() == rb.levels.len()
            && ra
                .levels
                .iter()
                .zip(&rb.levels)
                .all(|(la, lb)| la.stride == lb.stride);
        if !same_strides {
            continue;
        }
        if ra.rest != rb.rest {
            if never_equal(&ra.rest, &rb.rest, loop_vars) {
                return false;
            }
            continue;
        }
        equal_dims.push(&ra.rest);
        // Equal peeled values `j + c = j' + c` determine a loop variable `j`.
        for (la, lb) in ra.levels.iter().zip(&rb.levels) {
            if la.var == lb.var && la.shift == lb.shift {
                if let Some(var) = loop_vars.iter().find(|v| **v == la.var) {
                    determined.insert(var.as_str());
                }
            }
        }
    }
    loop {
        if determined.len() == loop_vars.len() {
            return false;
        }
        let before = determined.len();
        for form in &equal_dims {
            let open: Vec<&str> = loop_vars
                .iter()
                .map(String::as_str)
                .filter(|var| !determined.contains(var))
                .filter(|var| form.terms.keys().any(|key| has_factor(key, var)))
                .collect();
            if let [only] = open.as_slice() {
                let plain = form
                    .terms
                    .keys()
                    .filter(|key| has_factor(key, only))
                    .all(|key| key == only);
                if plain {
                    determined.insert(only);
                }
            }
        }
        if determined.len() == before {
            return true;
        }
    }
}

/// Whether two affine forms are never equal, for any values of the loop variables: they differ
/// only in the constant, by an amount the GCD of the loop variables' coefficients does not
/// divide (`c·i + k1 = c·i' + k2` has no integer solution).
fn never_equal(fa: &Affine, fb: &Affine, loop_vars: &[String]) -> bool {
    let symbolic = fa
        .terms
        .keys()
        .any(|key| is_product(key) && loop_vars.iter().any(|v| has_factor(key, v)));
    if fa.terms != fb.terms || symbolic {
        return false;
    }
    let gcd = loop_vars
        .iter()
        .filter_map(|var| fa.terms.get(var))
        .fold(0i128, |g, c| gcd(g, c.abs()));
    let difference = fb.constant - fa.constant;
    gcd == 0 || difference % gcd != 0
}

/// Peels rows off a subscript's polynomial `form` (in the loop variables, invariants and the
/// `counted` loops' variables, named) for as long as one peels: `form = j + c + s·rest` where
/// `j` appears only as that term, the stride `s` is one invariant or a positive constant that
/// every other term holds as a factor (divides, for a constant), and `j + c` stays inside
/// `[0, s)` for every `j` of its loop (`j` from a constant `lo` with `lo + c >= 0`, below a
/// bound that is `s` less at least `c`); then again on `rest`. The variables of loops inside
/// the analysed one are tried first and must all be peeled (`None` otherwise); the analysed
/// loop's own may stay in the `rest`.
fn peel_rows(
    mut form: Affine,
    counted: &[(&Counted, String)],
    affine_in: &dyn Fn(ExprId) -> Option<Affine>,
    loop_vars: &[String],
) -> Option<Row> {
    let mentions = |form: &Affine, name: &str| form.terms.keys().any(|key| has_factor(key, name));
    let own = |name: &str| loop_vars.iter().any(|v| v == name);
    let mut order: Vec<&(&Counted, String)> = counted.iter().collect();
    order.sort_by_key(|(_, name)| own(name));
    let mut levels = Vec::new();
    while let Some((level, rest)) = order.iter().find_map(|(counted, name)| {
        let alone = form.terms.get(name.as_str()) == Some(&1)
            && form
                .terms
                .keys()
                .filter(|key| has_factor(key, name))
                .count()
                == 1;
        alone
            .then(|| peel_row(&form, counted, name, affine_in, loop_vars))
            .flatten()
    }) {
        levels.push(level);
        form = rest;
    }
    if counted
        .iter()
        .any(|(_, name)| !own(name) && mentions(&form, name))
    {
        return None;
    }
    Some(Row { rest: form, levels })
}

/// One step of [`peel_rows`]: `form = name + c + s·rest` with `name` the variable of `counted`;
/// gives the level and `rest`.
fn peel_row(
    form: &Affine,
    counted: &Counted,
    name: &str,
    affine_in: &dyn Fn(ExprId) -> Option<Affine>,
    loop_vars: &[String],
) -> Option<(RowLevel, Affine)> {
    let mut bound = affine_in(counted.upper)?;
    if counted.inclusive {
        bound.constant = bound.constant.checked_add(1)?;
    }
    if bound
        .terms
        .keys()
        .any(|key| loop_vars.iter().any(|v| has_factor(key, v)))
    {
        return None;
    }
    let mut rest = form.clone();
    rest.terms.remove(name);
    let mut shift = rest.constant;
    rest.constant = 0;
    let (stride, divided) = match (bound.terms.len(), bound.constant) {
        // `j < s - b` with `b >= 0`: every other term holds the invariant `s`.
        (1, slack) if slack <= 0 => {
            let (key, c) = bound.terms.iter().next()?;
            if *c != 1 || is_product(key) {
                return None;
            }
            let mut divided = Affine::default();
            for (term, coefficient) in &rest.terms {
                if term == key {
                    divided.constant = divided.constant.checked_add(*coefficient)?;
                } else {
                    let entry = divided.terms.entry(without_factor(term, key)?).or_insert(0);
                    *entry = entry.checked_add(*coefficient)?;
                }
            }
            divided.terms.retain(|_, c| *c != 0);
            if slack.checked_add(shift)? > 0 {
                return None;
            }
            (bound, divided)
        }
        // `j < b` with a constant `b`: every other coefficient is a multiple of a stride of at
        // least `b`; the constant splits into whole strides and a remainder.
        (0, b) if b > 0 => {
            let step = rest.terms.values().fold(0i128, |g, c| gcd(g, c.abs()));
            if step < b {
                return None;
            }
            let mut divided = Affine {
                constant: shift.div_euclid(step),
                terms: BTreeMap::new(),
            };
            for (term, coefficient) in &rest.terms {
                divided.terms.insert(term.clone(), coefficient / step);
            }
            shift = shift.rem_euclid(step);
            if b.checked_add(shift)? > step {
                return None;
            }
            let stride = Affine {
                constant: step,
                terms: BTreeMap::new(),
            };
            (stride, divided)
        }
        _ => return None,
    };
    if counted.lower.checked_add(shift)? < 0 {
        return None;
    }
    let level = RowLevel {
        stride,
        var: name.to_string(),
        shift,
    };
    Some((level, divided))
}

/// `key` with one factor `factor` taken out: `None` when `key` does not hold it, or is it.
fn without_factor(key: &str, factor: &str) -> Option<String> {
    let mut factors: Vec<&str> = key.split('·').collect();
    let at = factors.iter().position(|f| *f == factor)?;
    factors.remove(at);
    if factors.is_empty() {
        return None;
    }
    Some(factors.join("·"))
}

/// The key of the product of two terms (factors sorted, so `i·n` and `n·i` are one key).
fn product(a: &str, b: &str) -> String {
    let mut factors: Vec<&str> = a.split('·').chain(b.split('·')).collect();
    factors.sort_unstable();
    factors.join("·")
}

fn is_product(key: &str) -> bool {
    key.contains('·')
}

/// Whether the term `key` has `factor` among its factors.
fn has_factor(key: &str, factor: &str) -> bool {
    key.split('·').any(|f| f == factor)
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
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
            let root = Root::at(body, *address)?;
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
                    out.add_scaled(r, sign)?;
                    Some(out)
                }
                BinaryOp::Mul => {
                    let (constant, other) = if l.terms.is_empty() {
                        (l.constant, r)
                    } else if r.terms.is_empty() {
                        (r.constant, l)
                    } else {
                        // A term times an affine form: products of terms (`i * n`).
                        let (term, other) = match (single_term(&l), single_term(&r)) {
                            (Some(term), _) => (term, r),
                            (None, Some(term)) => (term, l),
                            (None, None) => return None,
                        };
                        let (key, c) = term;
                        let mut out = Affine::default();
                        if other.constant != 0 {
                            out.terms
                                .insert(key.clone(), c.checked_mul(other.constant)?);
                        }
                        for (other_key, oc) in &other.terms {
                            let entry = out.terms.entry(product(&key, other_key)).or_insert(0);
                            *entry = entry.checked_add(c.checked_mul(*oc)?)?;
                        }
                        out.terms.retain(|_, c| *c != 0);
                        return Some(out);
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

/// The term and coefficient of a form that is one term (`c·t`, no constant).
fn single_term(form: &Affine) -> Option<(String, i128)> {
    if form.constant != 0 || form.terms.len() != 1 {
        return None;
    }
    form.terms.iter().next().map(|(k, c)| (k.clone(), *c))
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
    /// The counted loops enclosing the statement being gathered.
    counted: Vec<Counted>,
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
                    let outer = self.counted.len();
                    for control in controls {
                        if let LocalOrVariable::Local(l) = control.var {
                            self.declared.insert(Root::Local(l));
                        }
                        self.expr(control.lower);
                        self.expr(control.upper);
                        self.expr(control.step);
                        if let Some(counted) = self.counted(control) {
                            self.counted.push(counted);
                        }
                    }
                    self.stmts(body);
                    self.counted.truncate(outer);
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

    /// The range of a loop's variable inside the loop, when it counts up from a constant of at
    /// least 0 (`for (j = 1; j < n - 1; j++)` stays inside `[0, n)`).
    fn counted(&self, control: &LoopControl) -> Option<Counted> {
        let constant = |e: ExprId| match self.body.exprs[e].kind {
            ExprKind::Int(v) => Some(v),
            ExprKind::Cast(inner) => match self.body.exprs[inner].kind {
                ExprKind::Int(v) => Some(v),
                _ => None,
            },
            _ => None,
        };
        let inclusive = match control.compare {
            BinaryOp::Lt => false,
            BinaryOp::Le => true,
            _ => return None,
        };
        let lower = constant(control.lower)?;
        if lower < 0 || constant(control.step)? <= 0 {
            return None;
        }
        Some(Counted {
            var: Root::of(control.var),
            lower,
            upper: control.upper,
            inclusive,
        })
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

    /// The subscripts of each dimension, innermost (the first Fortran dimension) first, when
    /// `base[index]` is an element of a Fortran array whose shape is known at run time: the
    /// frontend addresses it as `sum((i_d - lbound_d) * stride_d)` elements with `stride_d`
    /// the array's synthetic stride variable ([`crate::Derived::Stride`]), which user code
    /// cannot name. Fortran requires every subscript within its dimension's bounds, so two
    /// elements are the same exactly when every `i_d - lbound_d` is: the dimensions are
    /// compared on their own, like a C array's, and the strides (never zero, the same for both
    /// accesses) drop out.
    fn array_dimensions(&self, base: ExprId, index: ExprId) -> Option<Vec<ExprId>> {
        let mut current = base;
        let array = loop {
            match &self.body.exprs[current].kind {
                ExprKind::Cast(inner) | ExprKind::Decay(inner) => current = *inner,
                ExprKind::Variable(v) => break *v,
                _ => return None,
            }
        };
        self.runtime_shape_dimensions(array, index)
            .or_else(|| self.constant_shape_dimensions(array, index))
    }

    /// [`Self::array_dimensions`] of a Fortran array of constant shape (rank 2 or more): the
    /// frontend writes `((r_1 + r_2 * s_2) + r_3 * s_3) ...` with `r_d` dimension d's index
    /// relative to its lower bound and `s_d` the product of the extents before it, a constant
    /// greater than 1 (the outer sums and products are the frontend's, whatever `r_1` is).
    fn constant_shape_dimensions(
        &self,
        array: Handle<Variable>,
        index: ExprId,
    ) -> Option<Vec<ExprId>> {
        if self.module.language != crate::Language::Fortran {
            return None;
        }
        // Extents from the first Fortran dimension (the innermost array level).
        let mut extents = Vec::new();
        let mut ty = self.module.variables[array].ty;
        while let crate::TypeInner::Array {
            element,
            size: crate::ArraySize::Constant(n),
            ..
        } = self.module.types.get(ty)
        {
            extents.push(i128::from(*n));
            ty = *element;
        }
        extents.reverse();
        if extents.len() < 2 {
            return None;
        }
        let mut dims = Vec::with_capacity(extents.len());
        let mut rest = index;
        for d in (1..extents.len()).rev() {
            let stride: i128 = extents[..d].iter().product();
            let ExprKind::Binary {
                op: BinaryOp::Add,
                left,
                right,
            } = self.body.exprs[rest].kind
            else {
                return None;
            };
            let ExprKind::Binary {
                op: BinaryOp::Mul,
                left: relative,
                right: factor,
            } = self.body.exprs[right].kind
            else {
                return None;
            };
            match self.body.exprs[factor].kind {
                ExprKind::Int(value) if value == stride && stride > 1 => {}
                _ => return None,
            }
            dims.push(relative);
            rest = left;
        }
        dims.push(rest);
        dims.reverse();
        Some(dims)
    }

    /// [`Self::array_dimensions`] of a Fortran array whose shape is known at run time.
    fn runtime_shape_dimensions(
        &self,
        array: Handle<Variable>,
        index: ExprId,
    ) -> Option<Vec<ExprId>> {
        let mut terms = vec![index];
        let mut dims: Vec<(u32, ExprId)> = Vec::new();
        while let Some(term) = terms.pop() {
            match &self.body.exprs[term].kind {
                ExprKind::Binary {
                    op: BinaryOp::Add,
                    left,
                    right,
                } => terms.extend([*left, *right]),
                ExprKind::Binary {
                    op: BinaryOp::Mul,
                    left,
                    right,
                } => {
                    let ExprKind::Load(address) = self.body.exprs[*right].kind else {
                        return None;
                    };
                    let ExprKind::Variable(stride) = self.body.exprs[address].kind else {
                        return None;
                    };
                    match self.module.variables[stride].derived {
                        Some(crate::Derived::Stride { array: a, dim }) if a == array => {
                            if dims.iter().any(|(d, _)| *d == dim) {
                                return None;
                            }
                            dims.push((dim, *left));
                        }
                        _ => return None,
                    }
                }
                _ => return None,
            }
        }
        // Pushed innermost first: `address` reverses the list to outermost first.
        dims.sort_by_key(|(dim, _)| *dim);
        Some(dims.into_iter().map(|(_, e)| e).collect())
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
                    match self.array_dimensions(*base, *index) {
                        Some(dims) => subscripts.extend(dims),
                        None => subscripts.push(*index),
                    }
                    current = *base;
                }
                ExprKind::Member { base, .. } | ExprKind::Decay(base) | ExprKind::Cast(base) => {
                    current = *base
                }
                // `p + i` steps whole elements of what `p` points to: a dimension of its own
                // when that is an array (`s[i][j]` of a `float (*s)[64]`), or the one subscript
                // of an address nothing indexes further (`*(p + i)`); `(p + i)[j]` of a pointer
                // to scalars is `p[i + j]`, which the test does not split.
                ExprKind::PointerAdd { pointer, offset } => {
                    let pointee_is_array = match self.module.types.get(self.body.exprs[*pointer].ty)
                    {
                        crate::TypeInner::Pointer { pointee } => matches!(
                            self.module.types.get(*pointee),
                            crate::TypeInner::Array { .. }
                        ),
                        _ => false,
                    };
                    if !(pointee_is_array || subscripts.is_empty()) {
                        self.expr(current);
                        break None;
                    }
                    self.expr(*offset);
                    subscripts.push(*offset);
                    current = *pointer;
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
        self.accesses.push(Access {
            root,
            subscripts,
            store,
            within: self.counted.clone(),
        });
    }
}
