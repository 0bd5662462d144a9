//! The OpenACC 3.3 rules a directive must follow that need no symbol table: which clauses each
//! directive allows, which may follow a `device_type` clause, which may appear once per
//! `device_type` group, which conflict, which a directive requires, and the constant arguments
//! that must be positive.
//!
//! A `device_type` clause starts a new *group*: the clauses before the first one form group 0,
//! and each `device_type` opens the next. "At most once" and "conflicts with" are checked within
//! one group. On `set`, `init` and `shutdown`, `device_type` selects a device rather than opening
//! a group, so it is an ordinary clause there (allowed once).

use super::{
    const_int, ClauseArgs, ClauseKind, Directive, DirectiveKind, Expr, GangStatic, Language,
    SyntaxError, TileSize,
};
use std::collections::HashMap;
use ClauseKind as K;

const PARALLEL: &[ClauseKind] = &[
    K::Async,
    K::Wait,
    K::NumGangs,
    K::NumWorkers,
    K::VectorLength,
    K::DeviceType,
    K::If,
    K::SelfClause,
    K::Reduction,
    K::Copy,
    K::Copyin,
    K::Copyout,
    K::Create,
    K::NoCreate,
    K::Present,
    K::Deviceptr,
    K::Attach,
    K::Private,
    K::Firstprivate,
    K::Default,
];
const SERIAL: &[ClauseKind] = &[
    K::Async,
    K::Wait,
    K::DeviceType,
    K::If,
    K::SelfClause,
    K::Reduction,
    K::Copy,
    K::Copyin,
    K::Copyout,
    K::Create,
    K::NoCreate,
    K::Present,
    K::Deviceptr,
    K::Attach,
    K::Private,
    K::Firstprivate,
    K::Default,
];
const KERNELS: &[ClauseKind] = &[
    K::Async,
    K::Wait,
    K::NumGangs,
    K::NumWorkers,
    K::VectorLength,
    K::DeviceType,
    K::If,
    K::SelfClause,
    K::Copy,
    K::Copyin,
    K::Copyout,
    K::Create,
    K::NoCreate,
    K::Present,
    K::Deviceptr,
    K::Attach,
    K::Default,
];
const LOOP: &[ClauseKind] = &[
    K::Collapse,
    K::Gang,
    K::Worker,
    K::Vector,
    K::Seq,
    K::Independent,
    K::Auto,
    K::Tile,
    K::DeviceType,
    K::Private,
    K::Reduction,
];
const DATA: &[ClauseKind] = &[
    K::If,
    K::Async,
    K::Wait,
    K::DeviceType,
    K::Copy,
    K::Copyin,
    K::Copyout,
    K::Create,
    K::NoCreate,
    K::Present,
    K::Deviceptr,
    K::Attach,
    K::Default,
];
const ENTER_DATA: &[ClauseKind] = &[K::If, K::Async, K::Wait, K::Copyin, K::Create, K::Attach];
const EXIT_DATA: &[ClauseKind] = &[
    K::If,
    K::Async,
    K::Wait,
    K::Copyout,
    K::Delete,
    K::Detach,
    K::Finalize,
];
const HOST_DATA: &[ClauseKind] = &[K::UseDevice, K::If, K::IfPresent];
const DECLARE_DATA: &[ClauseKind] = &[
    K::Copy,
    K::Copyin,
    K::Copyout,
    K::Create,
    K::Present,
    K::Deviceptr,
    K::DeviceResident,
    K::Link,
];
const INIT: &[ClauseKind] = &[K::DeviceType, K::DeviceNum, K::If];
const SET: &[ClauseKind] = &[K::DefaultAsync, K::DeviceNum, K::DeviceType, K::If];
const UPDATE: &[ClauseKind] = &[
    K::Async,
    K::Wait,
    K::DeviceType,
    K::If,
    K::IfPresent,
    K::SelfClause,
    K::Host,
    K::Device,
];
const WAIT: &[ClauseKind] = &[K::Async, K::If];
const ROUTINE: &[ClauseKind] = &[
    K::Gang,
    K::Worker,
    K::Vector,
    K::Seq,
    K::Bind,
    K::DeviceType,
    K::Nohost,
];
const ATOMIC: &[ClauseKind] = &[K::If];

/// After `device_type`, per directive family.
const AFTER_DT_COMPUTE: &[ClauseKind] = &[
    K::Async,
    K::Wait,
    K::NumGangs,
    K::NumWorkers,
    K::VectorLength,
];
const AFTER_DT_LOOP: &[ClauseKind] = &[
    K::Collapse,
    K::Gang,
    K::Worker,
    K::Vector,
    K::Seq,
    K::Independent,
    K::Auto,
    K::Tile,
];
const AFTER_DT_ROUTINE: &[ClauseKind] = &[K::Gang, K::Worker, K::Vector, K::Seq, K::Bind];
const AFTER_DT_DATA: &[ClauseKind] = &[K::Async, K::Wait];

/// Clauses that may appear at most once per `device_type` group (`self` only in its condition
/// form).
const ONCE: &[ClauseKind] = &[
    K::If,
    K::SelfClause,
    K::Default,
    K::Collapse,
    K::NumGangs,
    K::NumWorkers,
    K::VectorLength,
    K::Async,
    K::DeviceNum,
    K::DefaultAsync,
    K::Bind,
    K::Finalize,
    K::IfPresent,
    K::Nohost,
    K::Seq,
    K::Independent,
    K::Auto,
    K::Gang,
    K::Worker,
    K::Vector,
    K::Tile,
];

/// The clauses `kind` allows, as one or two lists (a combined construct allows the union of its
/// compute construct's and `loop`'s).
fn allowed_clauses(kind: &DirectiveKind) -> [&'static [ClauseKind]; 2] {
    match kind {
        DirectiveKind::Parallel => [PARALLEL, &[]],
        DirectiveKind::Serial => [SERIAL, &[]],
        DirectiveKind::Kernels => [KERNELS, &[]],
        DirectiveKind::ParallelLoop => [PARALLEL, LOOP],
        DirectiveKind::SerialLoop => [SERIAL, LOOP],
        DirectiveKind::KernelsLoop => [KERNELS, LOOP],
        DirectiveKind::Data => [DATA, &[]],
        DirectiveKind::EnterData => [ENTER_DATA, &[]],
        DirectiveKind::ExitData => [EXIT_DATA, &[]],
        DirectiveKind::HostData => [HOST_DATA, &[]],
        DirectiveKind::Loop => [LOOP, &[]],
        DirectiveKind::Declare => [DECLARE_DATA, &[]],
        DirectiveKind::Init | DirectiveKind::Shutdown => [INIT, &[]],
        DirectiveKind::Set => [SET, &[]],
        DirectiveKind::Update => [UPDATE, &[]],
        DirectiveKind::Wait => [WAIT, &[]],
        DirectiveKind::Routine => [ROUTINE, &[]],
        DirectiveKind::Atomic(_) => [ATOMIC, &[]],
        DirectiveKind::Cache | DirectiveKind::End(_) => [&[], &[]],
    }
}

/// The clauses that may follow a `device_type` clause on `kind`; `None` when `device_type` does
/// not open a group there.
fn allowed_after_device_type(kind: &DirectiveKind) -> Option<[&'static [ClauseKind]; 2]> {
    match kind {
        DirectiveKind::Parallel | DirectiveKind::Serial | DirectiveKind::Kernels => {
            Some([AFTER_DT_COMPUTE, &[]])
        }
        DirectiveKind::ParallelLoop | DirectiveKind::SerialLoop | DirectiveKind::KernelsLoop => {
            Some([AFTER_DT_COMPUTE, AFTER_DT_LOOP])
        }
        DirectiveKind::Loop => Some([AFTER_DT_LOOP, &[]]),
        DirectiveKind::Routine => Some([AFTER_DT_ROUTINE, &[]]),
        DirectiveKind::Update | DirectiveKind::Data => Some([AFTER_DT_DATA, &[]]),
        _ => None,
    }
}

/// The clauses of which `kind` needs at least one.
fn required_clauses(kind: &DirectiveKind) -> &'static [ClauseKind] {
    match kind {
        DirectiveKind::EnterData => &[K::Copyin, K::Create, K::Attach],
        DirectiveKind::ExitData => &[K::Copyout, K::Delete, K::Detach],
        DirectiveKind::Update => &[K::SelfClause, K::Host, K::Device],
        DirectiveKind::HostData => &[K::UseDevice],
        DirectiveKind::Declare => DECLARE_DATA,
        DirectiveKind::Set => &[K::DefaultAsync, K::DeviceNum, K::DeviceType],
        _ => &[],
    }
}

/// Whether two clauses of one group conflict on `kind`.
fn conflicts(kind: &DirectiveKind, a: ClauseKind, b: ClauseKind) -> bool {
    let pair = |x: ClauseKind, y: ClauseKind| (a == x && b == y) || (a == y && b == x);
    let levels = [K::Gang, K::Worker, K::Vector, K::Seq];
    if *kind == DirectiveKind::Routine {
        return a != b && levels.contains(&a) && levels.contains(&b);
    }
    pair(K::Seq, K::Independent)
        || pair(K::Seq, K::Auto)
        || pair(K::Independent, K::Auto)
        || pair(K::Gang, K::Seq)
        || pair(K::Worker, K::Seq)
        || pair(K::Vector, K::Seq)
}

/// The clause kinds that may conflict with another one, to look up in a group.
const CONFLICTING: &[ClauseKind] = &[
    K::Seq,
    K::Independent,
    K::Auto,
    K::Gang,
    K::Worker,
    K::Vector,
];

/// Checks `directive` against the rules of OpenACC 3.3 and appends the errors.
pub(super) fn check(directive: &Directive, lang: Language, errors: &mut Vec<SyntaxError>) {
    let kind = &directive.kind;
    let display = format!("'{}'", kind.display(lang));
    let mut push = |span: std::ops::Range<u32>, message: String| {
        errors.push(SyntaxError { span, message });
    };
    let allowed = allowed_clauses(kind);
    let after_device_type = allowed_after_device_type(kind);
    let mut group = 0usize;
    // The first clause of each kind in each group: (group, kind) -> its spelling.
    let mut seen: HashMap<(usize, ClauseKind), &'static str> = HashMap::new();
    for clause in &directive.clauses {
        let spelling = clause.written_spelling();
        if !allowed.iter().any(|list| list.contains(&clause.kind)) {
            push(
                clause.name_span.clone(),
                format!("clause '{spelling}' is not allowed on {display}"),
            );
            continue;
        }
        if clause.kind == K::DeviceType && after_device_type.is_some() {
            group += 1;
            continue;
        }
        if group > 0 {
            if let Some(lists) = after_device_type {
                if !lists.iter().any(|list| list.contains(&clause.kind)) {
                    push(
                        clause.name_span.clone(),
                        format!("clause '{spelling}' may not follow a 'device_type' clause"),
                    );
                    continue;
                }
            }
        }
        // `self` with a variable list (on `update`) may repeat; on `set`, `init` and
        // `shutdown` (no groups) `device_type` may not.
        let self_list = clause.kind == K::SelfClause && matches!(clause.args, ClauseArgs::Vars(_));
        let once = (ONCE.contains(&clause.kind) && !self_list)
            || (clause.kind == K::DeviceType && after_device_type.is_none());
        if once && seen.contains_key(&(group, clause.kind)) {
            push(
                clause.name_span.clone(),
                format!("too many '{spelling}' clauses"),
            );
            continue;
        }
        let conflict = CONFLICTING
            .iter()
            .filter(|other| conflicts(kind, clause.kind, **other))
            .find_map(|other| seen.get(&(group, *other)));
        if let Some(other) = conflict {
            push(
                clause.name_span.clone(),
                format!("clause '{spelling}' conflicts with '{other}'"),
            );
        }
        seen.entry((group, clause.kind)).or_insert(spelling);
        check_arguments(kind, &display, clause.kind, &clause.args, &mut push);
    }
    let required = required_clauses(kind);
    if !required.is_empty() && !directive.clauses.iter().any(|c| required.contains(&c.kind)) {
        let names: Vec<String> = required
            .iter()
            .map(|k| format!("'{}'", k.spelling()))
            .collect();
        push(
            directive.kind_span.clone(),
            format!("{display} requires at least one of {}", names.join(", ")),
        );
    }
}

/// Checks the values of a clause's arguments that the grammar cannot: argument counts and
/// constants that must be positive.
fn check_arguments(
    kind: &DirectiveKind,
    display: &str,
    clause: ClauseKind,
    args: &ClauseArgs,
    push: &mut impl FnMut(std::ops::Range<u32>, String),
) {
    let non_positive = |expr: &Expr| const_int(&expr.text).is_some_and(|value| value <= 0);
    match args {
        ClauseArgs::Exprs(exprs) if clause == K::NumGangs => {
            let kernels = matches!(kind, DirectiveKind::Kernels | DirectiveKind::KernelsLoop);
            if kernels && exprs.len() > 1 {
                push(
                    exprs[1].span.clone(),
                    format!("'num_gangs' on {display} must have exactly one argument"),
                );
            } else if exprs.len() > 3 {
                push(
                    exprs[3].span.clone(),
                    "too many arguments to 'num_gangs' (at most 3)".to_string(),
                );
            }
        }
        ClauseArgs::Collapse { count, .. } if non_positive(count) => {
            push(
                count.span.clone(),
                "collapse count must be a positive integer constant".into(),
            );
        }
        ClauseArgs::Tile(sizes) => {
            for size in sizes {
                if let TileSize::Expr(expr) = size {
                    if non_positive(expr) {
                        push(
                            expr.span.clone(),
                            "tile size must be '*' or a positive integer constant".into(),
                        );
                    }
                }
            }
        }
        ClauseArgs::Gang(gang) => {
            if let Some(dim) = &gang.dim {
                if const_int(&dim.text).is_some_and(|value| !(1..=3).contains(&value)) {
                    push(
                        dim.span.clone(),
                        "'dim' argument of 'gang' must be 1, 2 or 3".into(),
                    );
                }
            }
            if let Some(GangStatic::Expr(expr)) = &gang.static_ {
                if non_positive(expr) {
                    push(
                        expr.span.clone(),
                        "'static' argument of 'gang' must be '*' or a positive integer".into(),
                    );
                }
            }
            if *kind == DirectiveKind::Routine {
                let extra = gang.num.as_ref().map(|e| e.span.clone()).or_else(|| {
                    gang.static_.as_ref().map(|s| match s {
                        GangStatic::Star(span) => span.clone(),
                        GangStatic::Expr(expr) => expr.span.clone(),
                    })
                });
                if let Some(span) = extra {
                    push(
                        span,
                        format!("only 'dim' may be given to 'gang' on {display}"),
                    );
                }
            }
        }
        ClauseArgs::Worker(Some(expr)) | ClauseArgs::Vector(Some(expr))
            if *kind == DirectiveKind::Routine =>
        {
            push(
                expr.span.clone(),
                format!(
                    "clause '{}' on {display} does not take an argument",
                    clause.spelling()
                ),
            );
        }
        _ => {}
    }
}
