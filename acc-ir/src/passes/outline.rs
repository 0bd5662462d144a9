//! The outlining pass: every compute construct with code becomes a [`Kernel`] — its captured
//! variables classified into kernel parameters, and every [`Stmt::AccLoop`] given its
//! [`LoopMapping`] for the target.
//!
//! # Parameters
//! A variable the region's code addresses is passed as:
//! * `Reduction(op)` when it is in a reduction clause of the compute construct;
//! * `Private` / `Value` when it is in a private / firstprivate clause (explicit or implicit; the
//!   host code translates an implicitly firstprivate pointer like the pointers below);
//! * `Value` when it is a pointer whose pointee is mapped by a data clause (`copy(p[0:n])`): the
//!   kernel receives the pointer's value, translated to the device address by the host code;
//! * `Value` when it is a pointer that only an enclosing data construct maps (no clause of this
//!   construct names it): the host code translates it to the device address of its target;
//! * `DeviceAddress` when it is otherwise in a data clause (arrays, structs, scalars in `copy`);
//! * `DeviceAddress`, one parameter per member, for the members of a struct (derived-type)
//!   variable that data clauses map on their own (`copy(s.a[0:n])`, `copyin(f%w)`): the code
//!   addresses each through its own variable ([`Derived::Member`], see `split_members`), whose
//!   device address the host code translates like an array's;
//! * `Private` when it is declared inside the region (the region's code uses it as a variable
//!   because a loop clause names it): one copy per gang;
//! * nothing when it is a C global with external linkage (the kernel refers to the global), or a
//!   variable that is private to the loops that use it (loop variables, loop `private` and
//!   `reduction` clauses);
//! * `DeviceAddress` when it is a C `static` (file or function scope) that no clause of the
//!   construct names (`declare`d, or mapped by an enclosing data construct), also when a loop
//!   reduces into it: the kernel object
//!   cannot link to a symbol with internal linkage, so the host code passes the present data's
//!   device address (`acc_deviceptr`).
//!
//! # Loop mapping
//! The clauses of the default device-type group and of the groups naming the target apply.
//! `gang`, `worker` and `vector` map as written; `seq` runs sequentially. A loop without a level
//! in a `parallel` construct gets levels strictly between the lowest level of the loops around
//! it and the highest level the acc loops nested in it take (a `seq` loop takes none; a nested
//! loop without a level that will run in parallel needs `vector`): `gang` when that is free,
//! also `vector` when nothing nested runs in parallel (NVHPC's `gang vector` default, also
//! around a `seq` loop); else `worker` when an inner loop takes `vector`; else `vector`; else
//! it runs sequentially (inside a `vector` loop).
//! In a `serial` construct every loop is sequential. In a `kernels` construct a loop is
//! parallelised like in `parallel` when it is marked `independent`, has an explicit level, or
//! the dependence test ([`super::dependence`]) proves it independent; other loops run
//! sequentially, and each decision is reported as a remark with its reason.

use crate::arena::Handle;
use crate::body::*;
use crate::ops::*;
use crate::{Diagnostic, Span};
use std::collections::{HashMap, HashSet};

/// The size `tile(*)` stands for: 32 iterations per level (NVHPC's choice too is a fixed size;
/// 32 keeps a 2-D tile of doubles, 8 KiB, inside a core's L1 data cache).
pub const DEFAULT_TILE: u64 = 32;

/// The device type the kernels are built for; selects `device_type` clause groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Multicore,
    Nvidia,
    Radeon,
}

impl Target {
    /// The device type whose `device_type` clause groups a [`crate::ops::RoutineOp`] selects
    /// for this target.
    fn device_type(self) -> DeviceType {
        match self {
            Target::Multicore => DeviceType::Multicore,
            Target::Nvidia => DeviceType::Nvidia,
            Target::Radeon => DeviceType::Radeon,
        }
    }

    /// Whether a clause group for `device_types` (the default group when empty) applies.
    pub(crate) fn applies(self, device_types: &DeviceTypes) -> bool {
        device_types.is_empty()
            || device_types.iter().any(|d| {
                matches!(
                    (d, self),
                    (DeviceType::Star, _)
                        | (DeviceType::Multicore, Target::Multicore)
                        | (DeviceType::Host, Target::Multicore)
                        | (DeviceType::Nvidia, Target::Nvidia)
                        | (DeviceType::Radeon, Target::Radeon)
                )
            })
    }
}

/// Outlines every compute construct that has code into `module.kernels`; returns remarks
/// describing each kernel and loop mapping (`-fopt-info-acc`).
///
/// `callees` gives the levels of routines the module calls that are known when it is compiled
/// (by the symbol or name calls use): a level accc chooses for a loop stays above those of the
/// routines called in it. The module's own `routine` directives are added to them; the link step
/// lowers a chosen level that meets a routine known only there.
pub fn outline(
    module: &mut Module,
    target: Target,
    callees: &HashMap<String, ParLevel>,
) -> Vec<Diagnostic> {
    let mut callees = callees.clone();
    for (name, level) in routine_levels(module, target) {
        callees.entry(name).or_insert(level);
    }
    let mut remarks = Vec::new();
    let mut names: HashSet<String> = HashSet::new();
    let function_of = compute_functions(module);
    let computes: Vec<Handle<Op>> = module.region_code.keys().copied().collect();
    for compute in computes {
        let Some(mut body) = module.region_code.get(&compute).cloned() else {
            continue;
        };
        let OpKind::Compute(op) = module.ops[compute].kind.clone() else {
            continue;
        };
        let span = module.ops.get_span(compute);
        let function = function_of
            .get(&compute)
            .cloned()
            .unwrap_or_else(|| "region".to_string());
        let mut name = format!("__accc_{}_{}_{}", function, span.line, op.kind.spelling());
        let mut counter = 1;
        while !names.insert(name.clone()) {
            counter += 1;
            name = format!(
                "__accc_{}_{}_{}_{}",
                function,
                span.line,
                op.kind.spelling(),
                counter
            );
        }
        let stmts = std::mem::take(&mut body.stmts);
        let mapped = {
            let mut mapper = Mapper {
                module,
                callees: &callees,
                target,
                kind: op.kind,
                remarks: &mut remarks,
                code: &body,
                span,
                loop_span: None,
                detail: String::new(),
            };
            mapper.map_stmts(stmts, Nest::default())
        };
        body.stmts = mapped;
        // A `kernels` region runs as one kernel per part, in order: each gang-partitioned loop
        // nest alone, and the code between them with one gang (NVHPC splits it the same way).
        let mut parts = match op.kind {
            ComputeKind::Kernels => split_kernels(&body),
            _ => vec![body.stmts.clone()],
        };
        if op.kind == ComputeKind::Kernels {
            for part in &mut parts {
                one_gang_site(module, &body, part, &mut remarks);
            }
        }
        let count = parts.len();
        for (index, stmts) in parts.into_iter().enumerate() {
            let part_name = if count > 1 {
                format!("{name}_{}", index + 1)
            } else {
                name.clone()
            };
            let mut part = Body {
                locals: body.locals.clone(),
                exprs: body.exprs.clone(),
                stmts,
            };
            split_members(module, &op, &mut part);
            let params = parameters(module, &op, &part);
            remarks.push(Diagnostic::remark(
                span,
                format!(
                    "{}: generating {} kernel '{}'",
                    function,
                    op.kind.spelling(),
                    part_name
                ),
            ));
            module.kernels.push(Kernel {
                name: part_name,
                compute,
                params,
                body: part,
                span,
            });
        }
    }
    remarks
}

/// The remark that generates a kernel (`main: generating parallel kernel
/// '__accc_main_4_parallel'`), split around the kernel's name: what comes before ` kernel '`,
/// and the name; `None` for another message. The frontends rename the kernel there and the
/// driver adds its targets.
pub fn generated_kernel(message: &str) -> Option<(&str, &str)> {
    let (head, quoted) = message.rsplit_once(" kernel '")?;
    Some((head, quoted.strip_suffix('\'')?))
}

/// Where the gangs of one kernel divide more than one loop in turn (two gang loops in one
/// branch of an `if` of a `kernels` region — one in each branch is one loop, since one branch
/// runs —, or a gang loop inside a sequential loop, which divides it again in every iteration), a later loop would read what other gangs wrote in an earlier one, and
/// gangs cannot wait for each other inside a kernel. accc keeps such a kernel to one gang:
/// the loops lose their gang level (their worker and vector levels stay), with a remark.
fn one_gang_site(module: &Module, code: &Body, stmts: &mut Stmts, remarks: &mut Vec<Diagnostic>) {
    /// Gang loops of `stmts` not nested in another, one inside a sequential loop counted twice.
    fn sites(code: &Body, stmts: &Stmts, repeated: bool) -> usize {
        let mut count = 0;
        for stmt in stmts {
            count += match stmt {
                Stmt::AccLoop { mapping, .. } if mapping.gang => 1 + usize::from(repeated),
                Stmt::AccLoop { body, .. } => sites(code, body, true),
                Stmt::Loop { body, step, .. } => sites(code, body, true) + sites(code, step, true),
                Stmt::If {
                    cond,
                    accept,
                    reject,
                } => {
                    let (a, r) = (sites(code, accept, repeated), sites(code, reject, repeated));
                    if crate::body::uniform_condition(code, *cond, [accept, reject]) {
                        // One branch runs, the same on every gang.
                        a.max(r)
                    } else if a + r > 0 {
                        // A gang could test the condition after another gang's loop changed
                        // what it reads: one gang.
                        a + r + 1
                    } else {
                        0
                    }
                }
                // C cases may fall through into the next: counted together.
                Stmt::Switch { cases, .. } => {
                    cases.iter().map(|c| sites(code, &c.body, repeated)).sum()
                }
                Stmt::Block(inner) => sites(code, inner, repeated),
                _ => 0,
            };
        }
        count
    }
    fn strip(module: &Module, stmts: &mut Stmts, remarks: &mut Vec<Diagnostic>) {
        for stmt in stmts {
            match stmt {
                Stmt::AccLoop {
                    op, mapping, body, ..
                } => {
                    if mapping.gang {
                        mapping.gang = false;
                        mapping.gang_dim = 0;
                        if let Some(op) = op {
                            remarks.push(Diagnostic::remark(
                                module.ops.get_span(*op),
                                "loop not divided among gangs: its kernel runs other gang-divided loops in turn (or this one repeatedly), and gangs cannot wait for each other inside a kernel; one gang runs it".to_string(),
                            ));
                        }
                    }
                    strip(module, body, remarks);
                }
                Stmt::Loop { body, step, .. } => {
                    strip(module, body, remarks);
                    strip(module, step, remarks);
                }
                Stmt::If { accept, reject, .. } => {
                    strip(module, accept, remarks);
                    strip(module, reject, remarks);
                }
                Stmt::Switch { cases, .. } => {
                    for case in cases {
                        strip(module, &mut case.body, remarks);
                    }
                }
                Stmt::Block(inner) => strip(module, inner, remarks),
                _ => {}
            }
        }
    }
    if sites(code, stmts, false) > 1 {
        strip(module, stmts, remarks);
    }
}

/// The parts of a `kernels` region's code, in order: every top-level statement that contains a
/// gang-partitioned loop stands alone; the statements between them are grouped. When a local of
/// the code is used in two parts (its value must flow between kernels), the code stays whole.
fn split_kernels(body: &Body) -> Vec<Stmts> {
    let mut parts: Vec<Stmts> = Vec::new();
    let mut serial: Stmts = Vec::new();
    for stmt in &body.stmts {
        if has_gang_loop(std::slice::from_ref(stmt)) {
            if !serial.is_empty() {
                parts.push(std::mem::take(&mut serial));
            }
            parts.push(vec![stmt.clone()]);
        } else {
            serial.push(stmt.clone());
        }
    }
    if !serial.is_empty() {
        parts.push(serial);
    }
    if parts.len() <= 1 {
        return vec![body.stmts.clone()];
    }
    let mut owner: HashMap<LocalId, usize> = HashMap::new();
    for (index, part) in parts.iter().enumerate() {
        for local in locals_used(body, part) {
            if *owner.entry(local).or_insert(index) != index {
                return vec![body.stmts.clone()];
            }
        }
    }
    parts
}

/// The locals that statements declare or address (through any expression they contain).
fn locals_used(body: &Body, stmts: &Stmts) -> HashSet<LocalId> {
    let mut used = HashSet::new();
    reachable(body, stmts, &mut used, &mut HashSet::new());
    used
}

/// Adds the locals that statements declare or address to `used`, and every expression they
/// contain (transitively) to `seen`.
fn reachable(body: &Body, stmts: &Stmts, used: &mut HashSet<LocalId>, seen: &mut HashSet<ExprId>) {
    let mut exprs: Vec<ExprId> = Vec::new();
    let mut stack: Vec<&Stmts> = vec![stmts];
    while let Some(list) = stack.pop() {
        for stmt in list {
            match stmt {
                Stmt::Eval(e) => exprs.push(*e),
                Stmt::Store { address, value } => exprs.extend([*address, *value]),
                Stmt::Declare { local, init } => {
                    used.insert(*local);
                    exprs.extend(init);
                }
                Stmt::If {
                    cond,
                    accept,
                    reject,
                } => {
                    exprs.push(*cond);
                    stack.push(accept);
                    stack.push(reject);
                }
                Stmt::Loop {
                    cond, body, step, ..
                } => {
                    exprs.extend(cond);
                    stack.push(body);
                    stack.push(step);
                }
                Stmt::AccLoop { controls, body, .. } => {
                    for c in controls {
                        if let LocalOrVariable::Local(l) = c.var {
                            used.insert(l);
                        }
                        exprs.extend([c.lower, c.upper, c.step]);
                    }
                    stack.push(body);
                }
                Stmt::Switch { selector, cases } => {
                    exprs.push(*selector);
                    stack.extend(cases.iter().map(|c| &c.body));
                }
                Stmt::Return(value) => exprs.extend(value),
                Stmt::Atomic {
                    address,
                    value,
                    capture,
                    ..
                } => {
                    exprs.push(*address);
                    exprs.extend(value);
                    exprs.extend(capture);
                }
                Stmt::Break | Stmt::Continue => {}
                Stmt::Block(inner) => stack.push(inner),
            }
        }
    }
    while let Some(e) = exprs.pop() {
        if !seen.insert(e) {
            continue;
        }
        match &body.exprs[e].kind {
            ExprKind::Local(l) => {
                used.insert(*l);
            }
            ExprKind::Load(a) | ExprKind::Cast(a) | ExprKind::Decay(a) => exprs.push(*a),
            ExprKind::Member { base, .. } => exprs.push(*base),
            ExprKind::Index { base, index } => exprs.extend([*base, *index]),
            ExprKind::Unary { operand, .. } => exprs.push(*operand),
            ExprKind::Binary { left, right, .. } => exprs.extend([*left, *right]),
            ExprKind::PointerAdd { pointer, offset } => exprs.extend([*pointer, *offset]),
            ExprKind::PointerDiff { left, right } => exprs.extend([*left, *right]),
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => exprs.extend([*cond, *accept, *reject]),
            ExprKind::Call { args, .. }
            | ExprKind::Math { args, .. }
            | ExprKind::Builtin { args, .. } => exprs.extend(args.iter().copied()),
            ExprKind::Block { stmts, value } => {
                reachable(body, stmts, used, seen);
                exprs.push(*value);
            }
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Variable(_) => {}
        }
    }
}

/// The enclosing function's name of every compute op.
fn compute_functions(module: &Module) -> HashMap<Handle<Op>, String> {
    let mut map = HashMap::new();
    for function in &module.functions {
        let mut stack: Vec<Handle<Op>> = function.body.clone();
        while let Some(handle) = stack.pop() {
            map.insert(handle, function.name.clone());
            if let Some(body) = module.ops[handle].body() {
                stack.extend(body.iter().copied());
            }
        }
    }
    map
}

/// Every variable the code addresses, in order of first appearance in the expression arena
/// (expressions the statements no longer reach, such as the struct a split member was
/// addressed through, do not count).
fn addressed_variables(body: &Body) -> Vec<Handle<Variable>> {
    let mut reached = HashSet::new();
    reachable(body, &body.stmts, &mut HashSet::new(), &mut reached);
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    for (id, expr) in body.exprs.iter() {
        if !reached.contains(&id) {
            continue;
        }
        if let ExprKind::Variable(v) = expr.kind {
            if seen.insert(v) {
                order.push(v);
            }
        }
    }
    order
}

/// Variables private to the loops of the code: loop variables of the enclosing program and the
/// loops' private and reduction operands.
pub(crate) fn loop_private_variables(
    module: &Module,
    stmts: &Stmts,
    out: &mut HashSet<Handle<Variable>>,
) {
    let mut stack: Vec<&Stmts> = vec![stmts];
    while let Some(list) = stack.pop() {
        for stmt in list {
            match stmt {
                Stmt::AccLoop {
                    op, controls, body, ..
                } => {
                    for control in controls {
                        if let LocalOrVariable::Variable(v) = control.var {
                            out.insert(v);
                        }
                    }
                    if let Some(OpKind::Loop(l)) = op.map(|o| &module.ops[o].kind) {
                        out.extend(
                            l.private
                                .iter()
                                .chain(&l.reduction)
                                .map(|d| module.data_ops[*d].var),
                        );
                    }
                    stack.push(body);
                }
                Stmt::If { accept, reject, .. } => {
                    stack.push(accept);
                    stack.push(reject);
                }
                Stmt::Loop { body, step, .. } => {
                    stack.push(body);
                    stack.push(step);
                }
                Stmt::Switch { cases, .. } => stack.extend(cases.iter().map(|c| &c.body)),
                Stmt::Block(inner) => stack.push(inner),
                _ => {}
            }
        }
    }
}

/// Variables of the enclosing program that the code needs as themselves, not only as the copies
/// that loops make private: those it addresses outside every loop that privatises them (a loop
/// variable read after its loop, `a[0] = i`), and the reduction variables of loops that no
/// enclosing loop privatises (the loop's partial results are combined into the variable).
pub(crate) fn needed_outside_loops(module: &Module, body: &Body) -> HashSet<Handle<Variable>> {
    let mut needed = HashSet::new();
    let mut stack: Vec<(&Stmts, HashSet<Handle<Variable>>)> = vec![(&body.stmts, HashSet::new())];
    while let Some((list, masked)) = stack.pop() {
        let mut exprs = Vec::new();
        for stmt in list {
            match stmt {
                Stmt::AccLoop {
                    op, controls, body, ..
                } => {
                    let mut inner = masked.clone();
                    for control in controls {
                        exprs.extend([control.lower, control.upper, control.step]);
                        if let LocalOrVariable::Variable(v) = control.var {
                            inner.insert(v);
                        }
                    }
                    if let Some(OpKind::Loop(l)) = op.map(|o| &module.ops[o].kind) {
                        for &d in &l.reduction {
                            let var = module.data_ops[d].var;
                            if !masked.contains(&var) {
                                needed.insert(var);
                            }
                        }
                        inner.extend(
                            l.private
                                .iter()
                                .chain(&l.reduction)
                                .map(|d| module.data_ops[*d].var),
                        );
                    }
                    stack.push((body, inner));
                }
                Stmt::If {
                    cond,
                    accept,
                    reject,
                } => {
                    exprs.push(*cond);
                    stack.push((accept, masked.clone()));
                    stack.push((reject, masked.clone()));
                }
                Stmt::Loop {
                    cond, body, step, ..
                } => {
                    exprs.extend(cond.iter().copied());
                    stack.push((body, masked.clone()));
                    stack.push((step, masked.clone()));
                }
                Stmt::Switch { selector, cases } => {
                    exprs.push(*selector);
                    stack.extend(cases.iter().map(|case| (&case.body, masked.clone())));
                }
                Stmt::Block(inner) => stack.push((inner, masked.clone())),
                leaf => crate::body::stmt_exprs(std::slice::from_ref(leaf), &mut exprs),
            }
        }
        // Every variable these expressions reach through nested expressions (and through the
        // statements of block expressions, which no loop of this list privatises).
        while let Some(id) = exprs.pop() {
            let kind = &body.exprs[id].kind;
            if let ExprKind::Variable(v) = kind {
                if !masked.contains(v) {
                    needed.insert(*v);
                }
            }
            exprs.extend(crate::body::expr_children(kind));
        }
    }
    needed
}

/// Members of struct (derived-type) variables that data clauses map on their own (`copy(s.a[0:n])`,
/// `copyin(f%w)`, on this construct, an enclosing one or anywhere in the translation unit) are
/// separate device allocations that one base address of the variable cannot reach (OpenACC 3.3
/// §2.7.2). Every use of such a member in the code (`Member` of the variable itself, by position)
/// is rewritten to a variable of its own ([`Derived::Member`]), which becomes a kernel parameter
/// whose device address the host code translates through the present table like any array's:
/// it is the member's own device copy, or its place in the variable's copy when the variable is
/// present whole. Members no clause names keep going through the variable's base, and so does
/// everything when this construct maps the variable whole. Unions and the variable's reduction,
/// private and firstprivate copies, and pointer members (a clause maps their target and attaches
/// them) are left alone.
fn split_members(module: &mut Module, op: &ComputeOp, body: &mut Body) {
    let named = |module: &Module, list: &[Handle<DataOp>], var: Handle<Variable>| {
        list.iter().any(|d| module.data_ops[*d].var == var)
    };
    let uses: Vec<(ExprId, Handle<Variable>, u32)> = body
        .exprs
        .iter()
        .filter_map(|(id, expr)| match expr.kind {
            ExprKind::Member { base, member } => match body.exprs[base].kind {
                ExprKind::Variable(var) => Some((id, var, member)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    for (id, var, member) in uses {
        let variable = &module.variables[var];
        if variable.derived.is_some()
            || named(module, &op.reduction, var)
            || named(module, &op.private, var)
            || named(module, &op.firstprivate, var)
            || op
                .data_entry
                .iter()
                .any(|d| module.data_ops[*d].var == var && module.data_ops[*d].path.is_empty())
        {
            continue;
        }
        let crate::TypeInner::Struct {
            members,
            is_union: false,
            ..
        } = module.types.get(variable.ty)
        else {
            continue;
        };
        // A pointer member's target is mapped, not the member (`copy(s.p[0:n])` attaches it);
        // so is an allocatable array component's data (`copy(t%v)`: its descriptor in `t` is
        // attached, and device code reads the elements' addresses from it).
        let Some(field) = members.get(member as usize).filter(|field| {
            !matches!(module.types.get(field.ty), crate::TypeInner::Pointer { .. })
                && module.types.descriptor_rank(field.ty).is_none()
        }) else {
            continue;
        };
        let fortran = module.language == crate::Language::Fortran;
        let mapped = module.data_ops.iter().any(|(_, d)| {
            d.var == var
                && matches!(d.path.first(), Some(PathStep::Member { name, arrow: false }) if same_member(module, name, &field.name))
        });
        if !mapped {
            continue;
        }
        let derived = Derived::Member { base: var, member };
        let existing = module
            .variables
            .iter()
            .find(|(_, v)| v.derived == Some(derived))
            .map(|(h, _)| h);
        let split = match existing {
            Some(handle) => handle,
            None => {
                let separator = if fortran { "%" } else { "." };
                let split = Variable {
                    name: format!("{}{separator}{}", variable.name, field.name),
                    ty: field.ty,
                    storage: variable.storage,
                    decl: variable.decl,
                    derived: Some(derived),
                    restrict: false,
                    symbol: None,
                };
                let span = module.variables.get_span(var);
                module.variables.append(split, span)
            }
        };
        body.exprs[id].kind = ExprKind::Variable(split);
    }
}

/// Whether two member names are the same (Fortran names ignore case).
pub(super) fn same_member(module: &Module, a: &str, b: &str) -> bool {
    match module.language {
        crate::Language::Fortran => a.eq_ignore_ascii_case(b),
        _ => a == b,
    }
}

/// The name of member `member` (its position) of struct variable `var`.
fn member_name(module: &Module, var: Handle<Variable>, member: u32) -> Option<&str> {
    match module.types.get(module.variables[var].ty) {
        crate::TypeInner::Struct { members, .. } => {
            members.get(member as usize).map(|m| m.name.as_str())
        }
        _ => None,
    }
}

fn parameters(module: &Module, op: &ComputeOp, body: &Body) -> Vec<KernelParam> {
    let mut loop_private = HashSet::new();
    loop_private_variables(module, &body.stmts, &mut loop_private);
    let needed = needed_outside_loops(module, body);
    let find = |list: &[Handle<DataOp>], var: Handle<Variable>| {
        list.iter()
            .copied()
            .find(|d| module.data_ops[*d].var == var)
    };
    let mut params = Vec::new();
    let mut variables = addressed_variables(body);
    // The extents of private and firstprivate arrays of run-time shape, which size their
    // copies in a multicore kernel ([`Module::extent_variables`]): passed when the construct has them firstprivate.
    let mut extents = Vec::new();
    for &var in &variables {
        let private = loop_private.contains(&var)
            || find(&op.private, var).is_some()
            || find(&op.firstprivate, var).is_some();
        for extent in module
            .extent_variables(var)
            .filter(|_| private)
            .into_iter()
            .flatten()
        {
            if find(&op.firstprivate, extent).is_some()
                && !variables.contains(&extent)
                && !extents.contains(&extent)
            {
                extents.push(extent);
            }
        }
    }
    // The run-time lengths of private and firstprivate sections of pointers the code uses
    // ([`Module::section_length_variable`]).
    for &d in &op.firstprivate {
        if let Some(Derived::SectionLength { op: section }) =
            module.variables[module.data_ops[d].var].derived
        {
            let length = module.data_ops[d].var;
            let pointer = module.data_ops.get(section).map(|s| s.var);
            if pointer.is_some_and(|p| variables.contains(&p)) && !extents.contains(&length) {
                extents.push(length);
            }
        }
    }
    variables.extend(extents);
    for var in variables {
        let variable = &module.variables[var];
        let param = if let Some(Derived::Member { base, member }) = variable.derived {
            // A member mapped on its own (see `split_members`): its device address, from the
            // construct's clause naming it (or a section of it) when there is one.
            let field = member_name(module, base, member);
            let clause = op.data_entry.iter().copied().find(|d| {
                let data = &module.data_ops[*d];
                data.var == base
                    && matches!(data.path.as_slice(), [PathStep::Member { name, arrow: false }] if field.is_some_and(|f| same_member(module, name, f)))
            });
            Some((Passing::DeviceAddress, clause))
        } else if let Some(d) = find(&op.reduction, var) {
            let reduction = module.data_ops[d]
                .recipe
                .and_then(|r| match module.recipes[r].kind {
                    RecipeKind::Reduction(op) => Some(op),
                    _ => None,
                })
                .unwrap_or(ReductionOp::Add);
            Some((Passing::Reduction(reduction), Some(d)))
        } else if let Some(d) = find(&op.private, var) {
            Some((Passing::Private, Some(d)))
        } else if let Some(d) = find(&op.firstprivate, var) {
            Some((Passing::Value, Some(d)))
        } else if let Some(d) = op.data_entry.iter().copied().find(|d| {
            let data = &module.data_ops[*d];
            data.var == var
                && !module.reaches_through_pointer(data)
                && !module.follows_pointer(data)
        }) {
            // (A clause naming data through a pointer the variable holds, `p->v[0:n]`, or on
            // the way to it, `a.p->v[0:n]`, `p[i].v[0:n]`, maps that data, not the variable:
            // the branches below pass the variable, or find it from the implicit ops for the
            // elements on the way, `a.p[0:1]`, `p[i:1]`.)
            let data = &module.data_ops[d];
            let pointer = matches!(
                module.types.get(variable.ty),
                crate::TypeInner::Pointer { .. }
            );
            // A pointer named by `deviceptr` holds a device address: the kernel gets that
            // value (the variable itself stays in host memory).
            if pointer
                && data.path.is_empty()
                && (!data.bounds.is_empty() || data.kind == DataOpKind::Deviceptr)
            {
                Some((Passing::Value, Some(d)))
            } else {
                Some((Passing::DeviceAddress, Some(d)))
            }
        } else if !op.captured.iter().any(|c| c.var == var)
            && matches!(variable.storage, Storage::Local | Storage::Parameter)
        {
            // Declared inside the region (it is not captured): one copy per gang.
            Some((Passing::Private, None))
        } else if loop_private.contains(&var) && !needed.contains(&var)
            || module.language == crate::Language::C
                && matches!(variable.storage, Storage::Global | Storage::Extern)
        {
            // Private to the loops that use it, or a C global the kernel refers to by name
            // (Fortran's module and `save` variables are passed like locals: their symbols
            // and descriptors are gfortran's, which device code does not name; a C `static`
            // has no symbol the separately compiled kernel can link to, so it is passed like
            // mapped data below).
            None
        } else if matches!(
            module.types.get(variable.ty),
            crate::TypeInner::Pointer { .. }
        ) {
            // A pointer whose target an enclosing data construct maps (`data copy(p[0:n])`):
            // the kernel gets the pointer's value, translated to the device address of its
            // target when that is present (GCC's and NVHPC's treatment of pointers).
            Some((Passing::Value, None))
        } else {
            // Visible through an enclosing data construct or declare: mapped data.
            Some((Passing::DeviceAddress, None))
        };
        if let Some((passing, data_op)) = param {
            params.push(KernelParam {
                var,
                passing,
                data_op,
            });
        }
    }
    params
}

/// The function a call names: the source name of a translation unit's alias symbol, the
/// symbol itself otherwise (without the prefix of an exported device version).
pub(crate) fn callee_name(function: &str) -> &str {
    let function = function
        .strip_prefix(crate::body::EXPORT_PREFIX)
        .unwrap_or(function);
    crate::body::alias_target(function).unwrap_or(function)
}

/// The levels the module's `routine` directives give functions on `target`, by name (Fortran
/// names in lower case, as its calls spell them).
fn routine_levels(module: &Module, target: Target) -> HashMap<String, ParLevel> {
    let mut levels = HashMap::new();
    module.walk(&mut |_, op| {
        let OpKind::Routine(r) = &op.kind else {
            return;
        };
        let Some(level) = r.level_for(&target.device_type()) else {
            return;
        };
        let name = match module.language {
            crate::Language::Fortran => r.function.to_ascii_lowercase(),
            _ => r.function.clone(),
        };
        levels.insert(name, level.value);
    });
    levels
}

/// The levels of a mapping as remarks spell them: `gang, vector`, or `seq` for none.
/// `gang`, or `gang(dim: n)` for dimensions 2 and 3.
fn gang_text(mapping: LoopMapping) -> String {
    match mapping.gang_dimension() {
        1 => "gang".to_string(),
        dim => format!("gang(dim: {dim})"),
    }
}

/// A mapping as a remark spells it: `gang(dim: 2), vector`, or `seq`.
pub(crate) fn mapping_text(mapping: LoopMapping) -> String {
    let gang = gang_text(mapping);
    let levels: Vec<&str> = [
        (mapping.gang, gang.as_str()),
        (mapping.worker, "worker"),
        (mapping.vector, "vector"),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect();
    if levels.is_empty() {
        "seq".to_string()
    } else {
        levels.join(", ")
    }
}

/// Where an acc loop sits in its compute region's code.
#[derive(Clone, Copy, Debug, Default)]
struct Nest {
    /// An enclosing loop is gang-partitioned.
    in_gang: bool,
    /// The gang dimension of the innermost enclosing gang loop (the lowest; 0 outside them).
    gang_dim: u8,
    /// An enclosing loop is worker- / vector-partitioned.
    in_worker: bool,
    in_vector: bool,
    /// An enclosing loop runs sequentially (a `seq` acc loop, or a plain `for`/`while`) outside
    /// any gang loop: in a `kernels` region a loop whose level accc chooses is then not made a
    /// gang loop. Gangs do not wait for each other, so one gang could start the sequential
    /// loop's next iteration while another still works on this one; a worker loop ends with
    /// its gang's workers joined, so one gang running the nest keeps the sequential order.
    repeated: bool,
}

struct Mapper<'a, 'm> {
    module: &'m Module,
    /// Levels of the routines calls reach, known at compile time (see [`outline`]).
    callees: &'m HashMap<String, ParLevel>,
    /// The code whose loops are mapped (its statements are being rebuilt).
    code: &'m Body,
    /// The compute construct's span, and the span of the loop being decided when it has one.
    span: Span,
    loop_span: Option<Span>,
    target: Target,
    kind: ComputeKind,
    remarks: &'a mut Vec<Diagnostic>,
    /// How the loop being decided runs beyond its levels, for its remark: `collapse(2)`,
    /// `reduction(+:s)`, `implicit reduction(max:err)` (see [`loop_detail`]).
    detail: String,
}

/// The clauses that shape a parallel loop's code beyond its levels, as its remark states them
/// after the levels: `: collapse(2), reduction(+:s), implicit reduction(max:err)`; empty when
/// there are none.
fn loop_detail(module: &Module, op: Option<Handle<Op>>, levels: usize) -> String {
    let mut parts = Vec::new();
    if levels > 1 {
        parts.push(format!("collapse({levels})"));
    }
    if let Some(OpKind::Loop(l)) = op.and_then(|o| module.ops.get(o)).map(|o| &o.kind) {
        for &data in &l.reduction {
            let d = &module.data_ops[data];
            let Some(RecipeKind::Reduction(reduction)) =
                d.recipe.and_then(|r| module.recipes.get(r)).map(|r| r.kind)
            else {
                continue;
            };
            parts.push(format!(
                "{}reduction({}:{})",
                if d.implicit { "implicit " } else { "" },
                reduction.spelling(module.language),
                crate::regen::operand_text(module, data)
            ));
        }
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(": {}", parts.join(", "))
    }
}

/// What the acc loops nested in a loop's body will ask of the levels: the explicit levels they
/// name, and whether one of them has no level but will run in parallel (it then needs at least
/// `vector` left below the enclosing loop).
#[derive(Clone, Copy, Debug, Default)]
struct Inner {
    explicit: LoopMapping,
    parallel: bool,
}

impl Inner {
    /// The highest level the nested loops take: 3 gang, 2 worker, 1 vector, 0 none.
    fn highest(self) -> u8 {
        if self.explicit.gang {
            3
        } else if self.explicit.worker {
            2
        } else if self.explicit.vector || self.parallel {
            1
        } else {
            0
        }
    }
}

impl<'m> Mapper<'_, 'm> {
    /// Maps the loops of `stmts`, nested as `nest` says.
    fn map_stmts(&mut self, stmts: Stmts, nest: Nest) -> Stmts {
        stmts.into_iter().map(|s| self.map_stmt(s, nest)).collect()
    }

    fn map_stmt(&mut self, stmt: Stmt, nest: Nest) -> Stmt {
        match stmt {
            Stmt::AccLoop {
                op,
                controls,
                body,
                mapping,
                tile: _,
            } => {
                let inner = self.inner_levels(&body);
                let whole = Stmt::AccLoop {
                    op,
                    controls,
                    body,
                    mapping,
                    tile: Vec::new(),
                };
                // A loop refused for a scalar it only reduces into (its reduction was not made
                // implicit: something else keeps it sequential) reports that other reason.
                let proven = super::dependence::loop_is_independent(self.module, self.code, &whole)
                    .map_err(|reason| {
                        super::reductions::other_obstacle(self.module, self.code, &whole)
                            .unwrap_or(reason)
                    });
                let Stmt::AccLoop {
                    op, controls, body, ..
                } = whole
                else {
                    return whole;
                };
                self.loop_span = crate::body::loop_position(self.code, &controls);
                self.detail = loop_detail(self.module, op, controls.len());
                let mapping = self.decide(op, nest, inner, proven);
                let tile = self.tile(op, mapping, controls.len());
                let parallel = mapping.gang || mapping.worker || mapping.vector;
                let body = self.map_stmts(
                    body,
                    Nest {
                        in_gang: nest.in_gang || mapping.gang,
                        gang_dim: if mapping.gang {
                            mapping.gang_dimension()
                        } else {
                            nest.gang_dim
                        },
                        in_worker: nest.in_worker || mapping.worker,
                        in_vector: nest.in_vector || mapping.vector,
                        repeated: nest.repeated || !parallel,
                    },
                );
                Stmt::AccLoop {
                    op,
                    controls,
                    mapping,
                    tile,
                    body,
                }
            }
            Stmt::If {
                cond,
                accept,
                reject,
            } => Stmt::If {
                cond,
                accept: self.map_stmts(accept, nest),
                reject: self.map_stmts(reject, nest),
            },
            Stmt::Loop {
                cond,
                body,
                step,
                test_after,
            } => Stmt::Loop {
                cond,
                body: self.map_stmts(
                    body,
                    Nest {
                        repeated: true,
                        ..nest
                    },
                ),
                step,
                test_after,
            },
            Stmt::Switch { selector, cases } => Stmt::Switch {
                selector,
                cases: cases
                    .into_iter()
                    .map(|c| SwitchCase {
                        body: self.map_stmts(c.body, nest),
                        ..c
                    })
                    .collect(),
            },
            Stmt::Block(inner) => Stmt::Block(self.map_stmts(inner, nest)),
            other => other,
        }
    }

    /// The levels the acc loops nested in `stmts` (at any depth) will take, as far as they
    /// matter to the loop around them: a `seq` loop takes none (the loops inside it count), a
    /// loop with `gang`/`worker`/`vector` takes those, and a loop without a level takes one when
    /// it will run in parallel (in `parallel`, or `independent`, or proven so in `kernels`).
    fn inner_levels(&self, stmts: &Stmts) -> Inner {
        let mut inner = Inner::default();
        if self.kind == ComputeKind::Serial {
            return inner;
        }
        // A routine called in the loop takes its level inside it, as a nested loop would.
        let mut roots = Vec::new();
        crate::body::stmt_exprs(stmts, &mut roots);
        let mut seen = HashSet::new();
        while let Some(expr) = roots.pop() {
            if !seen.insert(expr) || !self.code.exprs.contains(expr) {
                continue;
            }
            let kind = &self.code.exprs[expr].kind;
            if let ExprKind::Call { function, .. } = kind {
                match self.callees.get(callee_name(function)) {
                    Some(ParLevel::Gang) => inner.explicit.gang = true,
                    Some(ParLevel::Worker) => inner.explicit.worker = true,
                    Some(ParLevel::Vector) => inner.explicit.vector = true,
                    Some(ParLevel::Seq) | None => {}
                }
            }
            roots.extend(crate::body::expr_children(kind));
        }
        let target = self.target;
        any_stmt(stmts, |stmt| {
            let Stmt::AccLoop { op, .. } = stmt else {
                return false;
            };
            let proven_any =
                || super::dependence::loop_is_independent(self.module, self.code, stmt).is_ok();
            let proven = || self.kind == ComputeKind::Kernels && proven_any();
            let Some(l) = self.directive(*op) else {
                inner.parallel |= proven();
                return false;
            };
            let applies = |device_types: &DeviceTypes| target.applies(device_types);
            if l.seq.iter().any(applies) {
                return false;
            }
            let gang = l.gang.iter().any(|g| applies(&g.device_types));
            let worker = l.worker.iter().any(|w| applies(&w.device_types));
            let vector = l.vector.iter().any(|v| applies(&v.device_types));
            let independent = l.independent.iter().any(applies);
            let analysed =
                !independent && (l.auto_.iter().any(applies) || self.kind == ComputeKind::Kernels);
            if analysed && !proven_any() {
                // It will run sequentially: the loops inside it count.
                return false;
            }
            inner.explicit.gang |= gang;
            inner.explicit.worker |= worker;
            inner.explicit.vector |= vector;
            if !(gang || worker || vector) {
                inner.parallel |= self.kind == ComputeKind::Parallel || independent || proven();
            }
            false
        });
        inner
    }

    /// The `acc.loop` op of a loop's directive; `None` for a loop without one (whose op, if
    /// any, only carries implicit reductions).
    fn directive(&self, op: Option<Handle<Op>>) -> Option<&'m LoopOp> {
        let module: &'m Module = self.module;
        match op.map(|o| &module.ops[o].kind) {
            Some(OpKind::Loop(l)) if !l.implicit => Some(l),
            _ => None,
        }
    }

    fn decide(
        &mut self,
        op: Option<Handle<Op>>,
        nest: Nest,
        inner: Inner,
        proven: Result<(), String>,
    ) -> LoopMapping {
        let in_gang = nest.in_gang;
        // A level accc chooses lies strictly between the enclosing loops' lowest level and the
        // nested loops' highest one (3 gang, 2 worker, 1 vector).
        let enclosing = if nest.in_vector {
            1
        } else if nest.in_worker {
            2
        } else if in_gang {
            3
        } else {
            4
        };
        let nested = inner.highest();
        let free = |level: u8| nested < level && level < enclosing;
        // In a `kernels` region, inside a sequential loop, accc's choice is worker, not gang.
        let in_repeated_kernels = self.kind == ComputeKind::Kernels && nest.repeated;
        let chosen_gang = !in_repeated_kernels && free(3);
        let chosen_vector = nested == 0 && free(1);
        let chosen_worker =
            free(2) && ((in_repeated_kernels && !in_gang) || !(chosen_gang || chosen_vector));
        // Worker chosen only because the loop sits in a sequential loop of `kernels`.
        let one_gang = chosen_worker && in_repeated_kernels && !in_gang;
        let span = op.map(|o| self.module.ops.get_span(o)).unwrap_or_default();
        let Some(l) = self.directive(op) else {
            // A loop of a `kernels` region without a directive: parallel when proven so.
            if self.kind != ComputeKind::Kernels {
                return LoopMapping::default();
            }
            let span = self.loop_span.unwrap_or(self.span);
            return match proven {
                Ok(()) => {
                    let mapping = LoopMapping {
                        gang: chosen_gang,
                        worker: chosen_worker,
                        vector: chosen_vector,
                        gang_dim: 0,
                        chosen: true,
                    };
                    let levels = mapping_text(mapping);
                    let text = if one_gang {
                        format!(
                            "{levels} (inside a sequential loop, one gang runs it){}",
                            self.detail
                        )
                    } else {
                        format!("{levels}{}", self.detail)
                    };
                    self.remark(
                        span,
                        format!("loop proven free of loop-carried dependences: mapped to {text}"),
                    );
                    mapping
                }
                Err(reason) => {
                    self.remark(
                        span,
                        format!("loop run sequentially in a 'kernels' region: {reason}"),
                    );
                    LoopMapping::default()
                }
            };
        };
        let target = self.target;
        let applies = |device_types: &DeviceTypes| target.applies(device_types);
        let mut mapping = LoopMapping {
            gang: l.gang.iter().any(|g| applies(&g.device_types)),
            worker: l.worker.iter().any(|w| applies(&w.device_types)),
            vector: l.vector.iter().any(|v| applies(&v.device_types)),
            gang_dim: l
                .gang
                .iter()
                .find(|g| applies(&g.device_types))
                .and_then(|g| g.value.dim)
                .and_then(|d| self.module.exprs[d].value)
                .and_then(|d| u8::try_from(d).ok())
                .unwrap_or(0),
            chosen: false,
        };
        let seq = l.seq.iter().any(applies);
        let independent = l.independent.iter().any(applies);
        if seq || self.kind == ComputeKind::Serial {
            self.remark(span, "loop run sequentially (seq)".to_string());
            return LoopMapping::default();
        }
        let explicit = mapping.gang || mapping.worker || mapping.vector;
        // `auto` (OpenACC 3.3 §2.9.7), and every loop of a `kernels` region without
        // `independent` (§2.9: its gang, worker and vector clauses only say how to map it if
        // it runs in parallel): parallel only when the dependence test proves it independent.
        let auto = l.auto_.iter().any(applies);
        if !independent && (auto || self.kind == ComputeKind::Kernels) {
            if let Err(reason) = proven {
                let context = if self.kind == ComputeKind::Kernels {
                    "in a 'kernels' region"
                } else {
                    "(auto)"
                };
                self.remark(span, format!("loop run sequentially {context}: {reason}"));
                return LoopMapping::default();
            }
            self.remark(
                span,
                "loop proven free of loop-carried dependences".to_string(),
            );
        }
        if !explicit {
            mapping.gang = chosen_gang;
            mapping.worker = chosen_worker;
            mapping.vector = chosen_vector;
            mapping.chosen = true;
        }
        // A gang loop nested in another divides a lower gang dimension than it, or none.
        if mapping.gang && in_gang && mapping.gang_dimension() >= nest.gang_dim {
            mapping.gang = false;
            mapping.gang_dim = 0;
        }
        let text = mapping_text(mapping);
        let detail = &self.detail;
        let message = if !explicit && one_gang {
            format!("loop mapped to {text} (inside a sequential loop of a 'kernels' region, one gang runs it){detail}")
        } else {
            format!("loop mapped to {text}{detail}")
        };
        self.remark(span, message);
        mapping
    }

    /// The tile sizes of a loop for the target, outermost first: the `tile` clause of the
    /// target's device-type group (else of the default group), `*` as [`DEFAULT_TILE`]. Empty
    /// (the nest runs collapsed, in its original order) when there is no such clause, when the
    /// loop runs sequentially (tiling reorders iterations, which only a parallel loop allows),
    /// or when a size is not a constant; each choice is a remark.
    fn tile(&mut self, op: Option<Handle<Op>>, mapping: LoopMapping, levels: usize) -> Vec<u64> {
        let Some(handle) = op else {
            return Vec::new();
        };
        let Some(OpKind::Loop(l)) = self.module.ops.get(handle).map(|o| &o.kind) else {
            return Vec::new();
        };
        let target = self.target;
        let clause = l
            .tile
            .iter()
            .find(|t| !t.device_types.is_empty() && target.applies(&t.device_types))
            .or_else(|| l.tile.iter().find(|t| t.device_types.is_empty()));
        let Some(clause) = clause else {
            return Vec::new();
        };
        let span = self.module.ops.get_span(handle);
        if !(mapping.gang || mapping.worker || mapping.vector) {
            self.remark(
                span,
                "tile ignored: the loop runs sequentially, in its original order".to_string(),
            );
            return Vec::new();
        }
        let mut sizes = Vec::with_capacity(clause.value.len());
        for size in &clause.value {
            match size {
                TileSize::Star => sizes.push(DEFAULT_TILE),
                TileSize::Size(e) => match self.module.exprs.get(*e).and_then(|e| e.value) {
                    Some(v) if v > 0 => sizes.push(v as u64),
                    _ => {
                        self.remark(
                            span,
                            "tile ignored: a tile size is not a positive constant; the loops run collapsed".to_string(),
                        );
                        return Vec::new();
                    }
                },
            }
        }
        if sizes.len() != levels {
            self.remark(
                span,
                format!(
                    "tile ignored: {} tile sizes for {} associated loops; the loops run collapsed",
                    sizes.len(),
                    levels
                ),
            );
            return Vec::new();
        }
        let text: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
        self.remark(
            span,
            format!(
                "loop tiled {}: tile loops {}, element loops {}",
                text.join(" x "),
                if mapping.gang { "gang" } else { "sequential" },
                if mapping.vector {
                    "vector"
                } else {
                    "sequential"
                }
            ),
        );
        sizes
    }

    fn remark(&mut self, span: Span, message: String) {
        self.remarks.push(Diagnostic::remark(span, message));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{ArraySize, ScalarKind, TypeInner};

    /// `parallel copy(x) firstprivate(n)` around `loop` over `i` (declared in the loop).
    #[test]
    fn classifies_parameters_and_maps_loops() {
        let mut m = Module::new(Language::C);
        let span = Span::default();
        let f64_ = m.types.scalar(ScalarKind::Float { width: 64 });
        let i32_ = m.types.scalar(ScalarKind::Int {
            signed: true,
            width: 32,
        });
        let arr = m.types.insert(TypeInner::Array {
            element: f64_,
            size: ArraySize::Constant(8),
            lower_bound: 0,
        });
        let x = m.variable(
            Variable {
                name: "x".into(),
                ty: arr,
                storage: Storage::Local,
                decl: span,
                derived: None,
                restrict: false,
                symbol: None,
            },
            span,
        );
        let n = m.variable(
            Variable {
                name: "n".into(),
                ty: i32_,
                storage: Storage::Local,
                decl: span,
                derived: None,
                restrict: false,
                symbol: None,
            },
            span,
        );
        let g = m.variable(
            Variable {
                name: "g".into(),
                ty: f64_,
                storage: Storage::Global,
                decl: span,
                derived: None,
                restrict: false,
                symbol: None,
            },
            span,
        );
        let data = |m: &mut Module, var, kind, clause, recipe| {
            m.data_ops.append(
                DataOp {
                    kind,
                    var,
                    path: vec![],
                    ty: m.variables[var].ty,
                    bounds: vec![],
                    data_clause: clause,
                    modifiers: Modifiers::default(),
                    structured: true,
                    implicit: false,
                    name: String::new(),
                    async_: vec![],
                    entry: None,
                    recipe,
                },
                span,
            )
        };
        let copy_x = data(&mut m, x, DataOpKind::Copyin, DataClause::Copy, None);
        let fp = crate::recipes::firstprivate_recipe(&mut m, i32_, span);
        let fp_n = data(
            &mut m,
            n,
            DataOpKind::Firstprivate,
            DataClause::Firstprivate,
            Some(fp),
        );
        let loop_op = m.ops.append(
            Op {
                kind: OpKind::Loop(LoopOp::default()),
            },
            span,
        );
        let compute = m.ops.append(
            Op {
                kind: OpKind::Compute(ComputeOp {
                    kind: ComputeKind::Parallel,
                    combined: false,
                    queues: AsyncWait::default(),
                    num_gangs: vec![],
                    num_workers: vec![],
                    vector_length: vec![],
                    if_cond: None,
                    self_clause: None,
                    default: None,
                    data_entry: vec![copy_x],
                    private: vec![],
                    firstprivate: vec![fp_n],
                    reduction: vec![],
                    data_exit: vec![],
                    captured: vec![],
                    body: vec![loop_op],
                }),
            },
            span,
        );
        m.functions.push(Function {
            name: "main".into(),
            span,
            body: vec![compute],
        });
        let mut body = Body::default();
        let i = body.local("i", i32_, LocalKind::Declared, span);
        let ptr_i32 = m.types.insert(TypeInner::Pointer { pointee: i32_ });
        let ptr_arr = m.types.insert(TypeInner::Pointer { pointee: arr });
        let ptr_f64 = m.types.insert(TypeInner::Pointer { pointee: f64_ });
        let zero = body.expr(ExprKind::Int(0), i32_, span);
        let one = body.expr(ExprKind::Int(1), i32_, span);
        let n_addr = body.expr(ExprKind::Variable(n), ptr_i32, span);
        let n_val = body.expr(ExprKind::Load(n_addr), i32_, span);
        let x_addr = body.expr(ExprKind::Variable(x), ptr_arr, span);
        let i_addr = body.expr(ExprKind::Local(i), ptr_i32, span);
        let i_val = body.expr(ExprKind::Load(i_addr), i32_, span);
        let elem = body.expr(
            ExprKind::Index {
                base: x_addr,
                index: i_val,
            },
            ptr_f64,
            span,
        );
        let g_addr = body.expr(ExprKind::Variable(g), ptr_f64, span);
        let g_val = body.expr(ExprKind::Load(g_addr), f64_, span);
        let control = LoopControl {
            var: LocalOrVariable::Local(i),
            lower: zero,
            upper: n_val,
            compare: BinaryOp::Lt,
            step: one,
        };
        body.stmts.push(Stmt::AccLoop {
            op: Some(loop_op),
            controls: vec![control],
            mapping: LoopMapping::default(),
            tile: Vec::new(),
            body: vec![Stmt::Store {
                address: elem,
                value: g_val,
            }],
        });
        m.region_code.insert(compute, body);
        let remarks = outline(&mut m, Target::Multicore, &HashMap::new());
        assert_eq!(m.kernels.len(), 1);
        let kernel = &m.kernels[0];
        assert_eq!(kernel.name, "__accc_main_0_parallel");
        let params: Vec<(String, Passing)> = kernel
            .params
            .iter()
            .map(|p| (m.variables[p.var].name.clone(), p.passing))
            .collect();
        assert_eq!(
            params,
            vec![
                ("n".to_string(), Passing::Value),
                ("x".to_string(), Passing::DeviceAddress)
            ]
        );
        let Stmt::AccLoop { mapping, .. } = &kernel.body.stmts[0] else {
            panic!("not a loop")
        };
        assert_eq!(
            *mapping,
            LoopMapping {
                gang: true,
                worker: false,
                vector: true,
                gang_dim: 0,
                chosen: true,
            }
        );
        assert!(
            remarks
                .iter()
                .any(|r| r.message == "loop mapped to gang, vector"),
            "{remarks:?}"
        );
    }
}
