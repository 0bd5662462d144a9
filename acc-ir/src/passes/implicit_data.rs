//! The implicit data attribute pass (OpenACC 3.3 §2.6.2).
//!
//! For every compute construct, each variable the region uses ([`ComputeOp::captured`]) that has
//! no visible data clause gets implicit ops (`implicit = true`):
//! * a loop variable of a loop in the region, declared outside it, is private on that loop, and
//!   like a variable in a loop's `private` clause gets nothing on the compute construct;
//! * a variable that appears in a reduction (on the construct or a loop inside it) is `copy`;
//! * under a visible `default(none)` any other variable is an error;
//! * an aggregate (array, struct) is `present` under a visible `default(present)`, else `copy`;
//! * a scalar is `copy` on `kernels` and `firstprivate` on `parallel` and `serial`; a pointer is
//!   `firstprivate` on every compute construct: the host code passes the device address of its
//!   target when that is present, else its value (GCC's and NVHPC's treatment of pointers, so a
//!   pointer into data an enclosing construct maps works in `kernels` as in `parallel`; an
//!   implicit `copy` would give the kernel the host address).
//!
//! A data clause is *visible* when it is on the construct itself (data, private, firstprivate or
//! reduction), on an enclosing `data` construct, or in a `declare` of the function or of a global.
//!
//! A clause naming data outside its variable does not make the variable visible: an allocatable
//! array component (`copy(t%v)`: the data the component's descriptor points to), or a section
//! of what a C pointer member points to (`copy(s.v[0:n])`, `copy(a.b.v[0:n])`,
//! `copy(p->v[0:n])`, see [`Module::reaches_through_pointer`]). The variable gets its implicit
//! op like any variable the region uses (`s` and `a` are aggregates: `copy`, or `present` under
//! `default(present)`; for a pointer `p` to a struct it is the struct it points to,
//! `copy(p[0:1])`, instead of a firstprivate pointer that would give the kernel the host
//! address of the struct), also under `default(none)`, since a clause names it. When it gets
//! one, the components and member sections that enclosing constructs map get an implicit
//! `present` op on the construct too, so that the host code attaches each one in the device
//! copy (the host emitters attach a member after every op of the construct, so after the
//! struct's own, and detach it before the struct's copyout, so the host struct keeps its host
//! pointer). A struct that is present already (enclosing `data`, `enter data`) is only attached:
//! the implicit `copy` is present-or-copy.
//!
//! A clause that reaches its data through pointers on the way (`copy(a.p->v[0:n])`,
//! `p[i].v[0:n]`, `t.h->p->v[0:n]`) also gets an implicit `copy` of each element it passes
//! (`a.p[0:1]`, `p[i:1]`, ...), so that each pointer is attached in its holder's device copy
//! (see `intermediate_pointee`). Variables that clauses map only member
//! by member (`copy(s.a[0:n])`) are completed once the code is known: [`implicit_members`].

use super::outline::same_member;
use crate::arena::Handle;
use crate::ops::*;
use crate::recipes::{firstprivate_recipe, private_recipe};
use crate::regen::operand_text;
use crate::Diagnostic;
use std::collections::HashSet;

/// Applies the implicit data rules to every compute construct; returns the user errors found
/// (`default(none)` violations).
pub fn implicit_data(module: &mut Module) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    visit_computes(module, &mut |module, handle, context| {
        compute(module, handle, context, &mut diagnostics)
    });
    diagnostics
}

/// Calls `visit` for every compute construct of the module with the data clauses visible there.
fn visit_computes(module: &mut Module, visit: ComputeVisitor<'_>) {
    let mut global = Context::default();
    for index in 0..module.globals.len() {
        if let OpKind::Declare(d) = &module.ops[module.globals[index]].kind {
            let entries = d.data_entry.clone();
            global.extend(module, &entries);
        }
    }
    for index in 0..module.functions.len() {
        let body = module.functions[index].body.clone();
        let mut context = global.clone();
        visit_block(module, &body, &mut context, visit);
    }
}

type ComputeVisitor<'a> = &'a mut dyn FnMut(&mut Module, Handle<Op>, &Context);

#[derive(Clone, Default)]
struct Context {
    visible: HashSet<Handle<Variable>>,
    /// Variables that a visible clause maps whole (not only a member of: see [`members_of`]).
    whole: HashSet<Handle<Variable>>,
    /// Visible entry ops that name a member of their variable's own storage (`s.a[0:n]`,
    /// `f%w`).
    members: Vec<Handle<DataOp>>,
    /// Visible entry ops that name allocatable array components.
    components: Vec<Handle<DataOp>>,
    default: Option<DefaultKind>,
}

impl Context {
    /// Makes the data `ops` name visible.
    fn extend(&mut self, module: &Module, ops: &[Handle<DataOp>]) {
        for &op in ops {
            if names_outside(module, op) {
                self.components.push(op);
            } else {
                let var = module.data_ops[op].var;
                self.visible.insert(var);
                if own_member(module, op).is_some() {
                    self.members.push(op);
                } else {
                    self.whole.insert(var);
                }
            }
        }
    }
}

/// The member a data op names in its variable's own storage (`s.a[0:n]`, `s.in.x`, `f%w`: the
/// first step of its path), unless it names data outside the variable ([`names_outside`]).
fn own_member(module: &Module, op: Handle<DataOp>) -> Option<&str> {
    match module.data_ops[op].path.first() {
        Some(PathStep::Member { name, arrow: false }) if !names_outside(module, op) => {
            Some(name.as_str())
        }
        _ => None,
    }
}

/// Whether data op `op` names data outside its variable (an allocatable array component, or
/// data reached through a pointer, [`Module::reaches_through_pointer`]): such a clause does not
/// make the variable visible.
fn names_outside(module: &Module, op: Handle<DataOp>) -> bool {
    names_component(module, op) || module.reaches_through_pointer(&module.data_ops[op])
}

/// Whether data op `op` names an allocatable array component (`t%v`, `t%inner%w`, also of an
/// element of an array of derived type, `a(1)%v`): its path is members and element subscripts
/// and ends at an array descriptor.
fn names_component(module: &Module, op: Handle<DataOp>) -> bool {
    let data = &module.data_ops[op];
    if data.path.is_empty() {
        return false;
    }
    let mut ty = module.variables[data.var].ty;
    for step in &data.path {
        let name = match step {
            PathStep::Member { name, .. } => name,
            PathStep::Index(_) => {
                // One subscript of an element: the array's element type (one layer).
                let crate::TypeInner::Array { element, .. } = module.types.get(ty) else {
                    return false;
                };
                ty = *element;
                continue;
            }
        };
        let crate::TypeInner::Struct { members, .. } = module.types.get(ty) else {
            return false;
        };
        let Some(member) = members.iter().find(|m| m.name.eq_ignore_ascii_case(name)) else {
            return false;
        };
        ty = member.ty;
    }
    module.types.descriptor_rank(ty).is_some()
}

fn visit_block(
    module: &mut Module,
    block: &Block,
    context: &mut Context,
    visit: ComputeVisitor<'_>,
) {
    for &handle in block {
        match module.ops[handle].kind.clone() {
            OpKind::Declare(d) => {
                // A declare in a function is visible to the rest of the enclosing scope.
                context.extend(module, &d.data_entry);
            }
            OpKind::Data(d) => {
                let mut inner = context.clone();
                inner.extend(module, &d.data_entry);
                if d.default.is_some() {
                    inner.default = d.default;
                }
                visit_block(module, &d.body, &mut inner, visit);
            }
            OpKind::HostData(h) => {
                let mut inner = context.clone();
                visit_block(module, &h.body, &mut inner, visit);
            }
            OpKind::Compute(_) => visit(module, handle, context),
            OpKind::Loop(l) => {
                let mut inner = context.clone();
                visit_block(module, &l.body, &mut inner, visit);
            }
            _ => {}
        }
    }
}

/// The variables that a `reduction` clause of a loop in `block` names.
fn loop_reduced(module: &Module, block: &Block) -> HashSet<Handle<Variable>> {
    let mut reduced = HashSet::new();
    for loop_op in loops_in(module, block) {
        if let OpKind::Loop(l) = &module.ops[loop_op].kind {
            reduced.extend(l.reduction.iter().map(|h| module.data_ops[*h].var));
        }
    }
    reduced
}

/// Every loop op inside `block`, at any depth.
fn loops_in(module: &Module, block: &Block) -> Vec<Handle<Op>> {
    let mut found = Vec::new();
    let mut stack: Vec<Handle<Op>> = block.iter().rev().copied().collect();
    while let Some(handle) = stack.pop() {
        let op = &module.ops[handle];
        if matches!(op.kind, OpKind::Loop(_)) {
            found.push(handle);
        }
        if let Some(body) = op.body() {
            stack.extend(body.iter().rev().copied());
        }
    }
    found
}

fn compute(
    module: &mut Module,
    handle: Handle<Op>,
    context: &Context,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let OpKind::Compute(compute) = module.ops[handle].kind.clone() else {
        return;
    };
    let span = module.ops.get_span(handle);
    let default = compute.default.or(context.default);
    // (clause, entry, exit), outermost element first for each clause.
    let mut intermediates: Vec<(Handle<DataOp>, Handle<DataOp>, Handle<DataOp>)> = Vec::new();
    let clauses: Vec<Handle<DataOp>> = compute
        .data_entry
        .iter()
        .copied()
        .filter(|&op| !module.data_ops[op].implicit)
        .collect();
    for op in clauses {
        let mut chain = Vec::new();
        let mut current = op;
        loop {
            let added: Vec<_> = intermediates
                .iter()
                .map(|&(_, entry, _)| entry)
                .chain(chain.iter().map(|&(entry, _)| entry))
                .collect();
            let Some((entry, exit)) =
                intermediate_pointee(module, current, &compute, default, &added)
            else {
                break;
            };
            chain.push((entry, exit));
            current = entry;
        }
        intermediates.extend(
            chain
                .into_iter()
                .rev()
                .map(|(entry, exit)| (op, entry, exit)),
        );
    }
    let entries: Vec<Handle<DataOp>> = compute
        .data_entry
        .iter()
        .copied()
        .chain(intermediates.iter().map(|&(_, entry, _)| entry))
        .collect();
    let mut explicit: HashSet<Handle<Variable>> = context.visible.clone();
    for h in entries
        .iter()
        .chain(&compute.private)
        .chain(&compute.firstprivate)
    {
        if !names_outside(module, *h) && !module.follows_pointer(&module.data_ops[*h]) {
            explicit.insert(module.data_ops[*h].var);
        }
    }
    // Variables that clauses name only through data outside them (`s.v[0:n]`, `p->v[0:n]`,
    // `t%v`), on the construct or an enclosing one.
    let named_outside: HashSet<Handle<Variable>> = entries
        .iter()
        .chain(&context.components)
        .filter(|h| names_outside(module, **h))
        .map(|h| module.data_ops[*h].var)
        .collect();
    let loops = loops_in(module, &compute.body);
    let mut reduced = loop_reduced(module, &compute.body);
    for h in &compute.reduction {
        reduced.insert(module.data_ops[*h].var);
    }
    let mut added_entry = Vec::new();
    let mut added_exit = Vec::new();
    let mut added_firstprivate = Vec::new();
    // Loop variables declared outside their loop are private to every loop they control.
    let mut loop_vars = HashSet::new();
    for &loop_op in &loops {
        let OpKind::Loop(lp) = module.ops[loop_op].kind.clone() else {
            continue;
        };
        // A variable private to a loop of the region is privatised where it is used.
        loop_vars.extend(lp.private.iter().map(|h| module.data_ops[*h].var));
        for control in lp.control.iter().filter(|c| !c.declared_in_loop) {
            loop_vars.insert(control.var);
            let listed = lp
                .private
                .iter()
                .chain(&lp.reduction)
                .any(|h| module.data_ops[*h].var == control.var);
            if listed || explicit.contains(&control.var) {
                continue;
            }
            let ty = module.variables[control.var].ty;
            let recipe = private_recipe(module, ty, control.span);
            let op = new_op(
                module,
                control.var,
                DataOpKind::Private,
                DataClause::Private,
                Some(recipe),
                &[],
                control.span,
            );
            if let OpKind::Loop(lp) = &mut module.ops[loop_op].kind {
                lp.private.push(op);
            }
        }
    }
    let mut unlisted_scalars: Vec<String> = Vec::new();
    for captured in &compute.captured {
        let var = captured.var;
        if loop_vars.contains(&var) {
            continue;
        }
        if explicit.contains(&var) {
            continue;
        }
        let ty = module.variables[var].ty;
        let aggregate = module.types.is_aggregate(ty);
        let pointer = matches!(module.types.get(ty), crate::TypeInner::Pointer { .. });
        if reduced.contains(&var) {
            copy(
                module,
                var,
                &compute.queues.async_,
                captured.span,
                &mut added_entry,
                &mut added_exit,
            );
            continue;
        }
        // A C pointer to a struct whose members' targets clauses map (`p->v[0:n]`): the struct
        // it points to is the aggregate the region uses (a firstprivate pointer would give the
        // kernel the host address of the struct).
        let pointee = pointer && named_outside.contains(&var);
        let mut default = default;
        if default == Some(DefaultKind::None)
            && !named_outside.contains(&var)
            && !aggregate
            && !pointer
        {
            // A scalar (not a pointer, whose target a clause must map): OpenACC 3.2 and later
            // want a clause for it too, but NVHPC keeps the implicit rules for scalars under
            // `default(none)` and code written for it relies on that (ecrad's regions name
            // their arrays only): one warning for the construct, and the rules.
            unlisted_scalars.push(module.variables[var].name.clone());
            default = None;
        }
        match default {
            Some(DefaultKind::None) if !named_outside.contains(&var) => {
                let name = &module.variables[var].name;
                diagnostics.push(
                    Diagnostic::error(
                        captured.span,
                        format!("variable '{name}' has no data clause, and 'default(none)' is in effect"),
                    )
                    .with_note(span, format!("in this '{}' construct", compute.kind.spelling())),
                );
            }
            Some(DefaultKind::Present) if aggregate || pointee => {
                let entry = new_op(
                    module,
                    var,
                    DataOpKind::Present,
                    DataClause::Present,
                    None,
                    &compute.queues.async_,
                    captured.span,
                );
                if pointee {
                    pointee_bounds(module, entry, captured.span);
                }
                let exit = exit_op(module, entry, DataOpKind::Delete);
                added_entry.push(entry);
                added_exit.push(exit);
                attach_components(
                    module,
                    var,
                    &compute,
                    context,
                    &mut added_entry,
                    &mut added_exit,
                );
            }
            _ if aggregate || pointee || compute.kind == ComputeKind::Kernels && !pointer => {
                copy(
                    module,
                    var,
                    &compute.queues.async_,
                    captured.span,
                    &mut added_entry,
                    &mut added_exit,
                );
                if pointee {
                    let entry = added_entry[added_entry.len() - 1];
                    let exit = added_exit[added_exit.len() - 1];
                    pointee_bounds(module, entry, captured.span);
                    pointee_bounds(module, exit, captured.span);
                }
                attach_components(
                    module,
                    var,
                    &compute,
                    context,
                    &mut added_entry,
                    &mut added_exit,
                );
            }
            _ => {
                let recipe = firstprivate_recipe(module, ty, captured.span);
                let op = new_op(
                    module,
                    var,
                    DataOpKind::Firstprivate,
                    DataClause::Firstprivate,
                    Some(recipe),
                    &[],
                    captured.span,
                );
                added_firstprivate.push(op);
            }
        }
    }
    if !unlisted_scalars.is_empty() {
        let names: Vec<String> = unlisted_scalars.iter().map(|n| format!("'{n}'")).collect();
        diagnostics.push(Diagnostic::warning(
            span,
            format!(
                "{} {} no data clause under 'default(none)' (OpenACC 3.2 and later want one for scalars too); {} the implicit rules' clauses, as NVHPC gives them",
                if names.len() == 1 { "scalar" } else { "scalars" },
                if names.len() == 1 { format!("{} has", names[0]) } else { format!("{} have", names.join(", ")) },
                if names.len() == 1 { "it gets" } else { "they get" },
            ),
        ));
    }
    // Each intermediate element goes before the clause that needs it (its exit after the
    // clause's: exits run in reverse).
    let exit_of = |module: &Module, op| {
        compute
            .data_exit
            .iter()
            .copied()
            .find(|&exit| module.data_ops[exit].entry == Some(op))
    };
    let intermediates: Vec<_> = intermediates
        .into_iter()
        .map(|(op, entry, exit)| (op, exit_of(module, op), entry, exit))
        .collect();
    if let OpKind::Compute(c) = &mut module.ops[handle].kind {
        for (op, op_exit, entry, exit) in intermediates {
            let at = c.data_entry.iter().position(|&h| h == op).unwrap_or(0);
            c.data_entry.insert(at, entry);
            let at = op_exit
                .and_then(|x| c.data_exit.iter().position(|&h| h == x))
                .unwrap_or(c.data_exit.len());
            c.data_exit.insert(at, exit);
        }
        c.data_entry.extend(added_entry);
        c.data_exit.extend(added_exit);
        c.firstprivate.extend(added_firstprivate);
    }
}

/// The second half of the implicit data rules, run once the regions' code is lowered: data for
/// the members of a struct variable that visible clauses map only member by member
/// (`copy(s.a[0:n])`, on the construct or an enclosing one). The code reaches a member that a
/// clause maps through a variable of its own (the outlining pass splits it off), but every other
/// use goes through the variable's base, which no clause maps: for each compute construct,
/// * a member that the code uses and no visible clause maps, of the variable's own storage (not
///   a pointer member or an allocatable component), gets an implicit `copy` of its own (`present`
///   under `default(present)`), like the mapped members: `s.scale` beside `copy(s.a[0:n])`, or
///   `o.in` beside `copy(o.in.w[0:n])` (a clause mapping a member of the member maps part of it);
/// * a variable that the code uses otherwise — whole, by address, or through a pointer member or
///   an allocatable component, whose value is in the variable's storage — gets an implicit
///   `copy` (or `present`) of the whole variable.
///
/// Each is placed before the construct's own ops for parts of it (and its exit after theirs, as
/// exits run in reverse), so that those find their data present inside it, and the code
/// addresses everything through it. Members mapped apart by an enclosing construct make such a
/// whole copy partly present: the runtime reports that, where a device copy without those
/// members would be read wrong.
///
/// No clause names a member of another variable's storage than its own, so this never applies
/// to variables that only `names_outside` clauses name: those got their whole implicit op
/// before the code was lowered ([`implicit_data`]).
pub fn implicit_members(module: &mut Module) {
    visit_computes(module, &mut |module, handle, context| {
        members_of(module, handle, context)
    });
}

/// The third part of the implicit data rules, run once the regions' code is lowered: a variable
/// that [`implicit_data`] left alone because a loop of the region privatises it (a loop variable
/// declared outside the region, a loop `private` or `reduction` operand) but that the code also
/// uses outside those loops (`a[0] = i` after the loop), or that a loop's reduction combines
/// into, gets the implicit op of any other variable the region uses: `firstprivate` (`copy` for
/// a scalar in `kernels` and for a variable a loop reduces into), unless a visible clause maps
/// it.
pub fn implicit_loop_variables(module: &mut Module) {
    visit_computes(module, &mut |module, handle, context| {
        loop_variables(module, handle, context)
    });
}

/// A loop's `private` clause naming the variable of a loop around it in the same region
/// (`!$acc loop private(j)` inside `do j`, as codes written for PGI and Cray compilers do):
/// a private copy would start undefined, while the enclosing loop's variable, private to each of
/// its iterations already, is what the code means; like NVHPC, the variable keeps its value
/// (the clause is dropped), with a warning. Run once the regions' code is lowered.
pub fn enclosing_loop_privates(module: &mut Module) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    let mut drops: Vec<(Handle<Op>, Handle<DataOp>)> = Vec::new();
    for body in module.region_code.values() {
        let mut stack: Vec<(&crate::body::Stmts, Vec<Handle<Variable>>)> =
            vec![(&body.stmts, Vec::new())];
        while let Some((stmts, enclosing)) = stack.pop() {
            for stmt in stmts {
                match stmt {
                    crate::body::Stmt::AccLoop {
                        op, controls, body, ..
                    } => {
                        if let Some(OpKind::Loop(l)) = op.map(|o| &module.ops[o].kind) {
                            for &private in &l.private {
                                let var = module.data_ops[private].var;
                                if enclosing.contains(&var) && !module.data_ops[private].implicit {
                                    drops.push((op.expect("a loop op"), private));
                                }
                            }
                        }
                        let mut inner = enclosing.clone();
                        inner.extend(controls.iter().filter_map(|c| match c.var {
                            crate::body::LocalOrVariable::Variable(v) => Some(v),
                            crate::body::LocalOrVariable::Local(_) => None,
                        }));
                        stack.push((body, inner));
                    }
                    crate::body::Stmt::If { accept, reject, .. } => {
                        stack.push((accept, enclosing.clone()));
                        stack.push((reject, enclosing.clone()));
                    }
                    crate::body::Stmt::Loop { body, step, .. } => {
                        stack.push((body, enclosing.clone()));
                        stack.push((step, enclosing.clone()));
                    }
                    crate::body::Stmt::Switch { cases, .. } => {
                        stack.extend(cases.iter().map(|c| (&c.body, enclosing.clone())));
                    }
                    crate::body::Stmt::Block(inner) => stack.push((inner, enclosing.clone())),
                    _ => {}
                }
            }
        }
    }
    for (loop_op, private) in drops {
        if let OpKind::Loop(l) = &mut module.ops[loop_op].kind {
            l.private.retain(|&p| p != private);
        }
        let name = module.variables[module.data_ops[private].var].name.clone();
        diagnostics.push(Diagnostic::warning(
            module.data_ops.get_span(private),
            format!(
                "'{name}' is the variable of an enclosing loop: it keeps its value in this loop, and 'private' is ignored for it"
            ),
        ));
    }
    diagnostics
}

/// [`implicit_loop_variables`] for one compute construct.
fn loop_variables(module: &mut Module, handle: Handle<Op>, context: &Context) {
    let OpKind::Compute(compute) = module.ops[handle].kind.clone() else {
        return;
    };
    let Some(body) = module.region_code.get(&handle) else {
        return;
    };
    let needed = super::outline::needed_outside_loops(module, body);
    let mut privatised = HashSet::new();
    super::outline::loop_private_variables(module, &body.stmts, &mut privatised);
    // A variable a loop of the region reduces into is `copy`, as `implicit_data` makes it.
    let reduced = loop_reduced(module, &compute.body);
    let has_op = |module: &Module, var| {
        compute
            .data_entry
            .iter()
            .chain(&compute.private)
            .chain(&compute.firstprivate)
            .chain(&compute.reduction)
            .any(|&op| module.data_ops[op].var == var && !names_outside(module, op))
    };
    let mut added_entry = Vec::new();
    let mut added_exit = Vec::new();
    let mut added_firstprivate = Vec::new();
    for captured in &compute.captured {
        let var = captured.var;
        if !needed.contains(&var)
            || !privatised.contains(&var)
            || context.visible.contains(&var)
            || has_op(module, var)
        {
            continue;
        }
        let ty = module.variables[var].ty;
        let pointer = matches!(module.types.get(ty), crate::TypeInner::Pointer { .. });
        if reduced.contains(&var)
            || compute.kind == ComputeKind::Kernels && !pointer
            || module.types.is_aggregate(ty)
        {
            copy(
                module,
                var,
                &compute.queues.async_,
                captured.span,
                &mut added_entry,
                &mut added_exit,
            );
        } else {
            let recipe = firstprivate_recipe(module, ty, captured.span);
            added_firstprivate.push(new_op(
                module,
                var,
                DataOpKind::Firstprivate,
                DataClause::Firstprivate,
                Some(recipe),
                &[],
                captured.span,
            ));
        }
    }
    if let OpKind::Compute(c) = &mut module.ops[handle].kind {
        c.data_entry.extend(added_entry);
        c.data_exit.extend(added_exit);
        c.firstprivate.extend(added_firstprivate);
    }
}

/// [`implicit_members`] for one compute construct.
fn members_of(module: &mut Module, handle: Handle<Op>, context: &Context) {
    let OpKind::Compute(compute) = module.ops[handle].kind.clone() else {
        return;
    };
    let Some(body) = module.region_code.get(&handle) else {
        return;
    };
    // Variables mapped whole or privatised: the code addresses them through their base.
    let mut whole = context.whole.clone();
    let mut mapped: Vec<Handle<DataOp>> = context.members.clone();
    for &op in &compute.data_entry {
        if own_member(module, op).is_some() {
            mapped.push(op);
        } else if !names_outside(module, op) {
            whole.insert(module.data_ops[op].var);
        }
    }
    for &op in compute
        .private
        .iter()
        .chain(&compute.firstprivate)
        .chain(&compute.reduction)
    {
        whole.insert(module.data_ops[op].var);
    }
    // A member is mapped when a clause names it (or a section of it), not only a member of it.
    let member_mapped = |var: Handle<Variable>, name: &str| {
        mapped.iter().any(|&op| {
            let data = &module.data_ops[op];
            data.var == var
                && data.path.len() == 1
                && own_member(module, op).is_some_and(|m| same_member(module, m, name))
        })
    };
    // The member each reachable `Member` of a variable selects, by the variable's expression.
    let mut reachable = Vec::new();
    crate::body::stmt_exprs(&body.stmts, &mut reachable);
    let mut selected: std::collections::HashMap<crate::body::ExprId, u32> = Default::default();
    let mut uses = Vec::new();
    while let Some(id) = reachable.pop() {
        let kind = &body.exprs[id].kind;
        match kind {
            crate::body::ExprKind::Variable(var) => uses.push((id, *var)),
            crate::body::ExprKind::Member { base, member } => {
                selected.insert(*base, *member);
            }
            _ => {}
        }
        reachable.extend(crate::body::expr_children(kind));
    }
    let mut need_whole: Vec<Handle<Variable>> = Vec::new();
    let mut need_member: Vec<(Handle<Variable>, String, crate::TypeHandle)> = Vec::new();
    for (id, var) in uses {
        if whole.contains(&var) || !mapped.iter().any(|&op| module.data_ops[op].var == var) {
            continue;
        }
        let crate::TypeInner::Struct {
            members,
            is_union: false,
            ..
        } = module.types.get(module.variables[var].ty)
        else {
            continue;
        };
        let field = selected
            .get(&id)
            .and_then(|&m| members.get(m as usize))
            .filter(|field| {
                !matches!(module.types.get(field.ty), crate::TypeInner::Pointer { .. })
                    && module.types.descriptor_rank(field.ty).is_none()
            });
        match field {
            Some(field) if member_mapped(var, &field.name) => {}
            Some(field) => {
                if !need_member
                    .iter()
                    .any(|(v, name, _)| *v == var && *name == field.name)
                {
                    need_member.push((var, field.name.clone(), field.ty));
                }
            }
            None => {
                if !need_whole.contains(&var) {
                    need_whole.push(var);
                }
            }
        }
    }
    if need_whole.is_empty() && need_member.is_empty() {
        return;
    }
    let present = compute.default.or(context.default) == Some(DefaultKind::Present);
    let span = module.ops.get_span(handle);
    let mut entries = compute.data_entry.clone();
    let mut exits = compute.data_exit.clone();
    let mut add = |module: &mut Module, var, path: Option<(String, crate::TypeHandle)>| {
        let (kind, clause, exit_kind) = implicit_kinds(present);
        let entry = new_op(
            module,
            var,
            kind,
            clause,
            None,
            &compute.queues.async_,
            span,
        );
        if let Some((name, ty)) = path {
            let data = &mut module.data_ops[entry];
            data.path = vec![PathStep::Member { name, arrow: false }];
            data.ty = ty;
            module.data_ops[entry].bounds = module.whole_array_bounds(ty, span);
            module.data_ops[entry].name = operand_text(module, entry);
        }
        let exit = exit_op(module, entry, exit_kind);
        // Data goes before the ops for its parts (see above).
        let first = |list: &[Handle<DataOp>]| {
            let path = &module.data_ops[entry].path;
            list.iter()
                .position(|op| {
                    let data = &module.data_ops[*op];
                    data.var == var && data.path.starts_with(path)
                })
                .unwrap_or(list.len())
        };
        let at = first(&entries);
        entries.insert(at, entry);
        let at = first(&exits);
        exits.insert(at, exit);
    };
    for &var in &need_whole {
        add(module, var, None);
    }
    for (var, name, ty) in need_member {
        if !need_whole.contains(&var) {
            add(module, var, Some((name, ty)));
        }
    }
    if let OpKind::Compute(c) = &mut module.ops[handle].kind {
        c.data_entry = entries;
        c.data_exit = exits;
    }
}

/// The entry kind, clause and exit kind of an implicit op for data the rules add: `present`
/// under `default(present)`, else `copy`.
fn implicit_kinds(present: bool) -> (DataOpKind, DataClause, DataOpKind) {
    if present {
        (DataOpKind::Present, DataClause::Present, DataOpKind::Delete)
    } else {
        (DataOpKind::Copyin, DataClause::Copy, DataOpKind::Copyout)
    }
}

/// Implicit `present` ops (and their exits) for the allocatable array components of `var`
/// that enclosing constructs map and the construct does not name itself, so that its host code
/// attaches them in `var`'s device copy (see the module documentation).
fn attach_components(
    module: &mut Module,
    var: Handle<Variable>,
    compute: &ComputeOp,
    context: &Context,
    entries: &mut Vec<Handle<DataOp>>,
    exits: &mut Vec<Handle<DataOp>>,
) {
    for &visible in &context.components {
        let data = module.data_ops[visible].clone();
        let own = compute.data_entry.iter().any(|h| {
            let mine = &module.data_ops[*h];
            mine.var == var && mine.path == data.path
        });
        if data.var != var || own {
            continue;
        }
        let span = module.data_ops.get_span(visible);
        let entry = module.data_ops.append(
            DataOp {
                kind: DataOpKind::Present,
                data_clause: DataClause::Present,
                modifiers: Modifiers::default(),
                structured: true,
                implicit: true,
                async_: compute.queues.async_.clone(),
                entry: None,
                recipe: None,
                ..data
            },
            span,
        );
        let exit = exit_op(module, entry, DataOpKind::Delete);
        entries.push(entry);
        exits.push(exit);
    }
}

/// For a clause naming a section of what a pointer member points to, in an element reached
/// through a pointer (`copy(a.p->v[0:n])`, `a.b.p->v[0:n]`, `p[i].v[0:n]`, `a.p[i].v[0:n]`,
/// `a->p->v[0:n]`): an implicit `copy` (`present` under `default(present)`) of that element
/// (`a.p[0:1]`, `p[i:1]`, `a.p[i:1]`, `a->p[0:1]`), unless the construct names it, with its
/// exit. The clause attaches its pointer member in the device copy of that element, which must
/// be present for it. The new op reaches its element through a pointer in turn: it attaches
/// `a.p` in the device copy of `a`, or, for `p[i:1]`, translates the pointer `p` the kernel gets
/// (it is placed before the clause, so the kernel parameter for `p` is found from it); the
/// caller applies this function to it again (`a.p->q->v[0:n]` gets `a.p->q[0:1]` and
/// `a.p[0:1]`), and `a->p[0:1]` makes `a` a pointer whose struct the rules copy. So the kernel
/// reaches the section's copy through device pointers only. `p->v[0:n]` (a pointer variable
/// followed at once) is left to the rules for `p` ([`pointee_bounds`]).
fn intermediate_pointee(
    module: &mut Module,
    op: Handle<DataOp>,
    compute: &ComputeOp,
    default: Option<DefaultKind>,
    added: &[Handle<DataOp>],
) -> Option<(Handle<DataOp>, Handle<DataOp>)> {
    let data = module.data_ops[op].clone();
    // The last step that follows a pointer (`->v`, or `[i]` on a pointer): the element it
    // reaches is the one to copy. The path must end at a pointer member of it, which the
    // clause attaches.
    let walk = module.path_walk(&data)?;
    if !matches!(module.types.get(walk.ty), crate::TypeInner::Pointer { .. })
        || data.bounds.is_empty()
    {
        return None;
    }
    let last = *walk.derefs.last()?;
    // `p->v[0:n]`: the rules for `p` copy the struct it points to ([`pointee_bounds`]).
    if last.step == 0 && last.arrow {
        return None;
    }
    let (at, pointee) = (last.step, last.pointee);
    let first = match &data.path[at] {
        PathStep::Index(e) => *e,
        PathStep::Member { .. } => {
            let span = module.data_ops.get_span(op);
            module.constant(0, span)
        }
    };
    let prefix = &data.path[..at];
    // Named already: a clause of the construct for the same element (as written).
    let text = |module: &Module, e: ExprHandle| module.exprs[e].text.clone();
    let named = compute.data_entry.iter().chain(added).any(|h| {
        let other = &module.data_ops[*h];
        other.var == data.var
            && other.path == prefix
            && matches!(other.bounds.as_slice(), [b] if {
                let b = &module.bounds[*b];
                text(module, b.lowerbound) == text(module, first)
                    && b.extent.is_some_and(|e| text(module, e) == "1")
            })
    });
    if named {
        return None;
    }
    let span = module.data_ops.get_span(op);
    let (kind, clause, exit_kind) = implicit_kinds(default == Some(DefaultKind::Present));
    let entry = new_op(
        module,
        data.var,
        kind,
        clause,
        None,
        &compute.queues.async_,
        span,
    );
    let one = module.types.insert(crate::TypeInner::Array {
        element: pointee,
        size: crate::ArraySize::Constant(1),
        lower_bound: 0,
    });
    let length = module.constant(1, span);
    let bounds = module.make_bounds(first, Some(length), 0, span);
    let new = &mut module.data_ops[entry];
    new.path = prefix.to_vec();
    new.ty = one;
    new.bounds = vec![bounds];
    module.data_ops[entry].name = operand_text(module, entry);
    let exit = exit_op(module, entry, exit_kind);
    Some((entry, exit))
}

/// Makes data op `op` on a pointer variable name the one element it points to (`p[0:1]`).
fn pointee_bounds(module: &mut Module, op: Handle<DataOp>, span: crate::Span) {
    let zero = module.constant(0, span);
    let one = module.constant(1, span);
    let bounds = module.make_bounds(zero, Some(one), 0, span);
    module.data_ops[op].bounds = vec![bounds];
    module.data_ops[op].name = operand_text(module, op);
}

/// An implicit `copy` of the whole of `var`: its entry and exit ops.
pub(crate) fn implicit_copy(
    module: &mut Module,
    var: Handle<Variable>,
    async_: &[DeviceTyped<AsyncArg>],
    span: crate::Span,
) -> (Handle<DataOp>, Handle<DataOp>) {
    let (mut entries, mut exits) = (Vec::new(), Vec::new());
    copy(module, var, async_, span, &mut entries, &mut exits);
    (entries[0], exits[0])
}

fn copy(
    module: &mut Module,
    var: Handle<Variable>,
    async_: &[DeviceTyped<AsyncArg>],
    span: crate::Span,
    entries: &mut Vec<Handle<DataOp>>,
    exits: &mut Vec<Handle<DataOp>>,
) {
    let entry = new_op(
        module,
        var,
        DataOpKind::Copyin,
        DataClause::Copy,
        None,
        async_,
        span,
    );
    let exit = exit_op(module, entry, DataOpKind::Copyout);
    entries.push(entry);
    exits.push(exit);
}

fn new_op(
    module: &mut Module,
    var: Handle<Variable>,
    kind: DataOpKind,
    data_clause: DataClause,
    recipe: Option<Handle<crate::Recipe>>,
    async_: &[DeviceTyped<AsyncArg>],
    span: crate::Span,
) -> Handle<DataOp> {
    let ty = module.variables[var].ty;
    let bounds = if recipe.is_some() {
        Vec::new()
    } else {
        module.whole_array_bounds(ty, span)
    };
    let op = DataOp {
        kind,
        var,
        path: Vec::new(),
        ty,
        bounds,
        data_clause,
        modifiers: Modifiers::default(),
        structured: true,
        implicit: true,
        name: String::new(),
        async_: async_.to_vec(),
        entry: None,
        recipe,
    };
    let handle = module.data_ops.append(op, span);
    module.data_ops[handle].name = operand_text(module, handle);
    handle
}

/// The exit op that pairs with `entry`.
pub fn exit_op(module: &mut Module, entry: Handle<DataOp>, kind: DataOpKind) -> Handle<DataOp> {
    let span = module.data_ops.get_span(entry);
    let mut op = module.data_ops[entry].clone();
    op.kind = kind;
    op.entry = Some(entry);
    op.recipe = None;
    module.data_ops.append(op, span)
}

/// A scalar that a loop of the region reduces into is `copy` (shared by the gangs, [`compute`]),
/// as is every scalar a `kernels` region uses without a clause; when an enclosing parallel loop
/// assigns it at the start of each of its iterations, before any other use (`temp = .TRUE.`
/// then `!$acc loop worker reduction(.AND.:temp)`, `avg = 0` then a `while` loop reducing into
/// it, `w = -1` then `f(i + w)`), each iteration needs its own copy: shared, the iterations
/// would reset and read one another's values on a device whose gangs run at once. Such a loop
/// gets an implicit `private` of the scalar, as NVHPC privatises scalars that each iteration
/// assigns before it uses them; an inner reduction then combines into the iteration's copy.
/// Only loops that run in parallel (no `seq` or `auto`; in `kernels`, with `independent` or a
/// level clause, or a loop the dependence test proves independent once those scalars are
/// private: `tmp = 0` before an inner reduction into it in a `tile(32, 32)` nest), since the
/// value after a sequential loop is the last iteration's, and only variables without a
/// visible data clause (an implicit `copy`). Run once the regions' code is lowered; returns a
/// remark for each scalar made private.
pub fn assigned_loop_scalars(module: &mut Module) -> Vec<Diagnostic> {
    use crate::body::{any_stmt, LocalOrVariable, Stmt};
    let mut added: Vec<(Handle<Op>, Handle<Variable>)> = Vec::new();
    for (&compute_handle, body) in &module.region_code {
        let Some(OpKind::Compute(compute)) = module.ops.get(compute_handle).map(|op| &op.kind)
        else {
            continue;
        };
        if compute.kind == ComputeKind::Serial {
            continue;
        }
        // Scalars the reduction rule made `copy`, and in `kernels` every implicit `copy`
        // scalar (the construct's default for scalars, §2.5.3).
        let reduced = loop_reduced(module, &compute.body);
        let kernels = compute.kind == ComputeKind::Kernels;
        let candidates: Vec<Handle<Variable>> = compute
            .data_entry
            .iter()
            .map(|&op| &module.data_ops[op])
            .filter(|op| op.implicit && op.path.is_empty() && op.kind == DataOpKind::Copyin)
            .map(|op| op.var)
            .filter(|var| {
                let ty = module.variables[*var].ty;
                (kernels || reduced.contains(var))
                    && !module.types.is_aggregate(ty)
                    && !matches!(module.types.get(ty), crate::TypeInner::Pointer { .. })
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        // The outermost such loop of each scalar privatises it (statements outer first).
        let mut privatised: HashSet<Handle<Variable>> = HashSet::new();
        any_stmt(&body.stmts, |stmt| {
            let Stmt::AccLoop {
                op: Some(loop_handle),
                body: loop_body,
                controls,
                ..
            } = stmt
            else {
                return false;
            };
            let OpKind::Loop(lp) = &module.ops[*loop_handle].kind else {
                return false;
            };
            // A `kernels` loop the dependence test decides (no `seq`, `independent` or level).
            let tested = kernels && lp.seq.is_empty() && !runs_in_parallel(lp, compute.kind);
            if !runs_in_parallel(lp, compute.kind) && !tested {
                return false;
            }
            let first: Vec<Handle<Variable>> = candidates
                .iter()
                .copied()
                .filter(|&var| {
                    let listed = lp
                        .private
                        .iter()
                        .chain(&lp.reduction)
                        .any(|&op| module.data_ops[op].var == var)
                        || controls
                            .iter()
                            .any(|c| c.var == LocalOrVariable::Variable(var));
                    !listed && !privatised.contains(&var) && assigned_first(body, loop_body, var)
                })
                .collect();
            if tested
                && (first.is_empty()
                    || super::dependence::loop_is_independent_assuming(module, body, stmt, &first)
                        .is_err())
            {
                return false;
            }
            for var in first {
                privatised.insert(var);
                added.push((*loop_handle, var));
            }
            false
        });
    }
    let mut remarks = Vec::new();
    for (loop_handle, var) in added {
        let span = module.ops.get_span(loop_handle);
        remarks.push(Diagnostic::remark(
            span,
            format!(
                "'{}' is assigned before any use in each iteration: generating implicit private({}) for the loop",
                module.variables[var].name, module.variables[var].name
            ),
        ));
        let ty = module.variables[var].ty;
        let recipe = private_recipe(module, ty, span);
        let op = new_op(
            module,
            var,
            DataOpKind::Private,
            DataClause::Private,
            Some(recipe),
            &[],
            span,
        );
        if let OpKind::Loop(lp) = &mut module.ops[loop_handle].kind {
            lp.private.push(op);
        }
    }
    remarks
}

/// Whether the loop's iterations run in parallel on every device type: no `seq` or `auto`,
/// and in `kernels` an `independent` or level clause (else the compiler may run it in order).
fn runs_in_parallel(lp: &LoopOp, kind: ComputeKind) -> bool {
    lp.seq.is_empty()
        && lp.auto_.is_empty()
        && !lp.implicit
        && (kind == ComputeKind::Parallel
            || !lp.independent.is_empty()
            || !lp.gang.is_empty()
            || !lp.worker.is_empty()
            || !lp.vector.is_empty())
}

/// Whether each iteration's uses of `var` in `stmts` read only a value the same iteration
/// assigned it, computed without it (`var = expr`): through blocks; through an `if` whose
/// condition does not use it (`if (c) v = a; else v = b;`, Rodinia's srad); and through a
/// sequential or kernels loop inside whose body does so, as long as no statement after that
/// loop reads it before assigning it again (the loop may run no iteration): a CSR product's
/// `j = col(k)` inside its inner loop.
fn assigned_first(
    body: &crate::body::Body,
    stmts: &[crate::body::Stmt],
    var: Handle<Variable>,
) -> bool {
    matches!(
        first_use(body, stmts, var),
        FirstUse::Assigned | FirstUse::Covered
    )
}

/// What running statements does to a variable's value, as [`assigned_first`] needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FirstUse {
    /// No statement uses it.
    Untouched,
    /// Every path assigns it (without reading it) before any other use.
    Assigned,
    /// Every use reads a value assigned before it on its own path, but some path may leave it
    /// unassigned (a branch or a loop that may not run).
    Covered,
    /// Some use may read a value from before the statements.
    Exposed,
}

impl FirstUse {
    /// The statements `self` then `next`.
    fn then(self, next: impl FnOnce() -> FirstUse) -> FirstUse {
        match self {
            FirstUse::Assigned | FirstUse::Exposed => self,
            FirstUse::Untouched => next(),
            FirstUse::Covered => match next() {
                FirstUse::Untouched | FirstUse::Covered => FirstUse::Covered,
                other => other,
            },
        }
    }

    /// One path or the other.
    fn either(self, other: FirstUse) -> FirstUse {
        match (self, other) {
            (FirstUse::Exposed, _) | (_, FirstUse::Exposed) => FirstUse::Exposed,
            (FirstUse::Assigned, FirstUse::Assigned) => FirstUse::Assigned,
            (FirstUse::Untouched, FirstUse::Untouched) => FirstUse::Untouched,
            _ => FirstUse::Covered,
        }
    }

    /// A loop whose every iteration runs `self` (it may run none).
    fn repeated(self) -> FirstUse {
        match self {
            FirstUse::Assigned => FirstUse::Covered,
            other => other,
        }
    }
}

/// What `stmts` do with `var` (see [`FirstUse`]).
fn first_use(
    body: &crate::body::Body,
    stmts: &[crate::body::Stmt],
    var: Handle<Variable>,
) -> FirstUse {
    use crate::body::{stmt_exprs, ExprKind, Stmt};
    let mentions = |expr| crate::updates::mentions(body, expr, var);
    let uses = |stmt: &Stmt| {
        let mut exprs = Vec::new();
        stmt_exprs(std::slice::from_ref(stmt), &mut exprs);
        exprs.iter().any(|&e| mentions(e))
    };
    let Some((stmt, rest)) = stmts.split_first() else {
        return FirstUse::Untouched;
    };
    let this = match stmt {
        Stmt::Store { address, value } if body.exprs[*address].kind == ExprKind::Variable(var) => {
            if mentions(*value) {
                FirstUse::Exposed
            } else {
                FirstUse::Assigned
            }
        }
        Stmt::Block(inner) => first_use(body, inner, var),
        Stmt::If {
            cond,
            accept,
            reject,
        } => {
            if mentions(*cond) {
                FirstUse::Exposed
            } else {
                first_use(body, accept, var).either(first_use(body, reject, var))
            }
        }
        Stmt::Loop {
            cond,
            body: loop_body,
            step,
            ..
        } => {
            if cond.is_some_and(mentions) {
                FirstUse::Exposed
            } else {
                first_use(body, loop_body, var)
                    .then(|| first_use(body, step, var))
                    .repeated()
            }
        }
        Stmt::AccLoop {
            controls,
            body: loop_body,
            ..
        } => {
            let bounds = controls
                .iter()
                .any(|c| mentions(c.lower) || mentions(c.upper) || mentions(c.step));
            if bounds {
                FirstUse::Exposed
            } else {
                first_use(body, loop_body, var).repeated()
            }
        }
        _ if uses(stmt) => FirstUse::Exposed,
        _ => FirstUse::Untouched,
    };
    this.then(|| first_use(body, rest, var))
}
