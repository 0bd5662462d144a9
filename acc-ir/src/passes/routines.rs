//! Link-time routine propagation over the whole program (the interprocedural analysis of
//! Shivam and Wolfe, "OpenACC Routine Directive Propagation using Interprocedural Analysis").
//!
//! Every translation unit compiled by accc records, in its module, a
//! [`DeviceFunction`] for each function it defines whose body can run on a device and a
//! [`HostFunction`] (with the reason) for each other one; its `routine` ops give explicit
//! levels, on definitions and on declarations alike. [`link_routines`] takes the modules of
//! every object and archive member of a link and:
//!
//! 1. resolves each call in a kernel or device function to its definition in any module (a
//!    `static` function only within its translation unit; `bind` redirects device calls);
//! 2. marks every function reachable from a kernel as a device routine, keeping only those;
//! 3. gives each its level: explicit levels flow between the files that declare and define a
//!    function (they must agree), and an implicit routine gets the highest level among its own
//!    loops and its callees (gang > worker > vector > seq), computed to a fixed point;
//! 4. reports errors naming every file and line involved: levels that differ between
//!    directives; a call made inside a loop already partitioned at the callee's level (or a
//!    routine calling one of a higher level) — unless accc chose those loops' levels (their
//!    directives name none): it then lowers them below the callee's, with a remark; a global used in a device routine without `acc
//!    declare`; a callee with no device code (defined by no object compiled by accc, or only
//!    host-only features);
//! 5. renames every call to the symbol of the definition it reached, so the device module of
//!    the program links.
//!
//! Each implicit decision is a remark (shown with `-fopt-info-acc`). [`link_routines`] works for
//! one device type (a `routine` directive's `device_type` groups select its levels and `bind`
//! names); [`link_program`] runs it for every device type a link builds and merges the messages.

use crate::arena::Handle;
use crate::body::{
    alias_target, expr_children, Body, DeviceFunction, ExprId, ExprKind, HostFunction, LoopMapping,
    Stmt, Stmts,
};
use crate::diagnostic::{Diagnostic, Severity};
use crate::ops::{BindName, DeviceType, DeviceTypes, LoopOp, Module, OpKind, ParLevel};
use crate::span::{FileId, SourceFiles, Span};
use crate::{Storage, Variable};
use std::collections::{BTreeMap, HashMap, HashSet};

/// What [`link_routines`] reports; spans refer to `files`.
#[derive(Debug, Default)]
pub struct LinkedRoutines {
    pub files: SourceFiles,
    pub diagnostics: Vec<Diagnostic>,
    /// Kernels whose gang-redundant code calls a `gang` routine. Their host code (multicore
    /// and host devices) must run as one gang: it calls the routine's host version, whose gang
    /// loop runs whole. Device code divides that loop among the gangs instead.
    pub one_gang_on_host: Vec<String>,
    /// The remarks saying so (the host and multicore devices only).
    pub one_gang_remarks: Vec<Diagnostic>,
}

impl LinkedRoutines {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// A function's identity in the program: external functions by name, `static` ones by module
/// and name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Key {
    Global(String),
    Local(usize, String),
}

/// A device function: module index and index in its `device_functions`.
type FnId = (usize, usize);

/// What a call reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Device(FnId),
    /// Module index and index in its `host_functions`.
    Host(usize, usize),
}

/// The code a call is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Caller {
    Kernel(usize, usize),
    Function(FnId),
}

/// One call in a kernel or device function.
#[derive(Clone, Debug)]
struct CallSite {
    caller: Caller,
    /// In the merged file table.
    span: Span,
    /// The lowest level partitioned by the loops around the call, with the innermost such
    /// loop's directive.
    loop_level: Option<(ParLevel, Span)>,
    /// The gang dimension of the innermost gang loop around the call (the lowest partitioned;
    /// 0 outside gang loops).
    gang_dim: u8,
    /// The acc loops around the call, outermost first, with their directives' spans (or the
    /// call's).
    loops: Vec<(AroundLoop, Span)>,
    /// The definition it reaches.
    target: Option<Target>,
}

/// An explicit level: from a `routine` directive in some module.
#[derive(Clone, Copy, Debug)]
struct Explicit {
    level: ParLevel,
    /// The `gang(dim:)` of a gang level (1 when not given).
    dim: u8,
    span: Span,
    module: usize,
}

impl Explicit {
    /// The level as a directive spells it: `gang(dim: d)` for a gang level of a dimension above
    /// 1, or of any dimension when `dims`.
    fn spelling(&self, dims: bool) -> String {
        match self.level {
            ParLevel::Gang if dims || self.dim > 1 => format!("gang(dim: {})", self.dim),
            level => level.spelling().to_string(),
        }
    }
}

struct Linker<'m> {
    modules: &'m [Module],
    /// The device type whose `device_type` clause groups apply.
    target: DeviceType,
    files: SourceFiles,
    /// Per module: its file ids in `files`.
    file_maps: Vec<Vec<FileId>>,
    diagnostics: Vec<Diagnostic>,
    /// Definitions by symbol, and external ones by name (the first module that defines one).
    by_symbol: HashMap<String, Target>,
    by_name: HashMap<String, Target>,
    explicit: BTreeMap<Key, Vec<Explicit>>,
    binds: HashMap<Key, String>,
    /// Globals named in a global `declare`: external ones by name, `static` by module.
    declared: HashSet<Key>,
    /// Functions with an `acc routine nohost` directive: the module of each such directive
    /// and where it is (any device type: `nohost` precedes every `device_type`).
    nohost: HashMap<Key, Vec<(usize, Span)>>,
    /// Kernels (module, index) that call a gang routine from gang-redundant code.
    one_gang: Vec<(usize, usize)>,
    one_gang_remarks: Vec<Diagnostic>,
    /// Loops of kernels whose chosen levels were lowered below routines they call: (module,
    /// kernel, loop ordinal) → the new mapping.
    lowered: HashMap<(usize, usize, usize), LoopMapping>,
}

/// Runs the analysis over the modules of one program (see the module docs). Device functions
/// no kernel reaches are dropped; the others get their final level and every call names the
/// symbol of its definition.
pub fn link_routines(modules: &mut [Module], target: &DeviceType) -> LinkedRoutines {
    // A routine's loops run as the clauses for this device type say.
    for module in modules.iter_mut() {
        let mut functions = std::mem::take(&mut module.device_functions);
        for function in &mut functions {
            map_routine_loops(module, &mut function.body, std::slice::from_ref(target));
        }
        module.device_functions = functions;
    }
    let (diagnostics, one_gang_remarks, files, reached, levels, renames, one_gang, lowered) = {
        let mut linker = Linker::new(modules, target.clone());
        let (reached, levels, renames) = linker.run();
        let one_gang = std::mem::take(&mut linker.one_gang);
        let lowered = std::mem::take(&mut linker.lowered);
        (
            linker.diagnostics,
            linker.one_gang_remarks,
            linker.files,
            reached,
            levels,
            renames,
            one_gang,
            lowered,
        )
    };
    for ((m, k, ordinal), mapping) in lowered {
        if let Some(kernel) = modules
            .get_mut(m)
            .and_then(|module| module.kernels.get_mut(k))
        {
            set_loop_mapping(&mut kernel.body, ordinal, mapping);
        }
    }
    for (m, module) in modules.iter_mut().enumerate() {
        let mut kept = Vec::new();
        for (index, mut function) in std::mem::take(&mut module.device_functions)
            .into_iter()
            .enumerate()
        {
            if !reached.contains(&(m, index)) {
                continue;
            }
            if let Some(&level) = levels.get(&(m, index)) {
                function.level = level;
            }
            rename_calls(&mut function.body, m, &renames);
            kept.push(function);
        }
        module.device_functions = kept;
        for kernel in &mut module.kernels {
            rename_calls(&mut kernel.body, m, &renames);
        }
    }
    let mut diagnostics = diagnostics;
    diagnostics.sort_by_key(|d| {
        (
            d.severity != Severity::Error,
            d.span.file,
            d.span.line,
            d.span.col,
        )
    });
    let mut one_gang_on_host: Vec<String> = one_gang
        .into_iter()
        .filter_map(|(m, k)| {
            modules
                .get(m)?
                .kernels
                .get(k)
                .map(|kernel| kernel.name.clone())
        })
        .collect();
    one_gang_on_host.sort();
    one_gang_on_host.dedup();
    LinkedRoutines {
        files,
        diagnostics,
        one_gang_on_host,
        one_gang_remarks,
    }
}

/// One device type's program after [`link_program`]: the modules with that device type's
/// routines, levels and call names, ready for its code generator.
#[derive(Debug)]
pub struct TargetLink {
    pub device_type: DeviceType,
    pub modules: Vec<Module>,
    /// See [`LinkedRoutines::one_gang_on_host`]; empty for GPU device types.
    pub one_gang_on_host: Vec<String>,
}

/// What [`link_program`] reports: each device type's program and the diagnostics of all of
/// them, merged.
#[derive(Debug, Default)]
pub struct ProgramLink {
    pub files: SourceFiles,
    pub diagnostics: Vec<Diagnostic>,
    pub targets: Vec<TargetLink>,
}

impl ProgramLink {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The program linked for `device_type`, if it was one of the targets.
    pub fn target(&self, device_type: &DeviceType) -> Option<&TargetLink> {
        self.targets.iter().find(|t| &t.device_type == device_type)
    }
}

/// Runs [`link_routines`] once per device type of `targets` (each on its own copy of
/// `modules`): a `routine` directive's `device_type` groups give each its own levels and `bind`
/// names, so reachability, levels and checks are per device type. A diagnostic that not every
/// target reports names the device types it is about: `(for device_type nvidia)`.
pub fn link_program(modules: &[Module], targets: &[DeviceType]) -> ProgramLink {
    let mut merged: Vec<(Diagnostic, Vec<DeviceType>)> = Vec::new();
    let mut untagged: Vec<Diagnostic> = Vec::new();
    let mut link = ProgramLink::default();
    for target in targets {
        let mut copy = modules.to_vec();
        let linked = link_routines(&mut copy, target);
        // Said of the host devices together, whichever of them reported it.
        for remark in linked.one_gang_remarks {
            if !untagged.contains(&remark) {
                untagged.push(remark);
            }
        }
        for diagnostic in linked.diagnostics {
            match merged.iter_mut().find(|(d, _)| *d == diagnostic) {
                Some((_, device_types)) => device_types.push(target.clone()),
                None => merged.push((diagnostic, vec![target.clone()])),
            }
        }
        link.files = linked.files;
        link.targets.push(TargetLink {
            device_type: target.clone(),
            modules: copy,
            one_gang_on_host: linked.one_gang_on_host,
        });
    }
    link.diagnostics = merged
        .into_iter()
        .map(|(mut diagnostic, device_types)| {
            if device_types.len() < targets.len() {
                let names: Vec<&str> = device_types.iter().map(DeviceType::spelling).collect();
                diagnostic.message = format!(
                    "{} (for device_type {})",
                    diagnostic.message,
                    names.join(", ")
                );
            }
            diagnostic
        })
        .chain(untagged)
        .collect();
    link.diagnostics.sort_by_key(|d| {
        (
            d.severity != Severity::Error,
            d.span.file,
            d.span.line,
            d.span.col,
        )
    });
    link
}

fn rename_calls(body: &mut Body, module: usize, renames: &HashMap<(usize, String), String>) {
    let handles: Vec<ExprId> = body.exprs.iter().map(|(h, _)| h).collect();
    for handle in handles {
        if let ExprKind::Call { function, .. } = &mut body.exprs[handle].kind {
            if let Some(symbol) = renames.get(&(module, function.clone())) {
                function.clone_from(symbol);
            }
        }
    }
}

/// The device types whose clauses the x86 kernels compiled with each object honour: the host
/// and multicore devices run the same code.
pub const HOST_DEVICE_TYPES: [DeviceType; 2] = [DeviceType::Host, DeviceType::Multicore];

/// Whether a clause under `device_types` (empty: before any `device_type`) applies when
/// compiling for any of `targets`.
fn clause_applies(device_types: &[DeviceType], targets: &[DeviceType]) -> bool {
    device_types.is_empty()
        || device_types
            .iter()
            .any(|d| *d == DeviceType::Star || targets.contains(d))
}

/// How specific a clause applying to `targets` is: one naming a target (2) overrides
/// `device_type(*)` (1), which overrides the clauses before any `device_type` (0).
fn specificity(device_types: &[DeviceType], targets: &[DeviceType]) -> u8 {
    if device_types.iter().any(|d| targets.contains(d)) {
        2
    } else if device_types.contains(&DeviceType::Star) {
        1
    } else {
        0
    }
}

/// The mapping a routine's `loop` directive gives its loop when compiled for `targets`: the
/// `gang`, `worker` and `vector` clauses that apply to them (a routine's loops are never
/// chosen by accc), none when a `seq` clause applies; a gang dimension comes from the most
/// specific applying `gang(dim:)`.
pub fn routine_loop_mapping(module: &Module, l: &LoopOp, targets: &[DeviceType]) -> LoopMapping {
    let applies = |device_types: &DeviceTypes| clause_applies(device_types, targets);
    if l.seq.iter().any(applies) {
        return LoopMapping::default();
    }
    let gang_dim = l
        .gang
        .iter()
        .filter(|g| applies(&g.device_types))
        .filter_map(|g| {
            let dim = g
                .value
                .dim
                .and_then(|d| module.exprs.get(d))
                .and_then(|e| e.value)
                .and_then(|d| u8::try_from(d).ok())?;
            Some((specificity(&g.device_types, targets), dim))
        })
        .max_by_key(|(rank, _)| *rank)
        .map_or(0, |(_, dim)| dim);
    LoopMapping {
        gang: l.gang.iter().any(|g| applies(&g.device_types)),
        worker: l.worker.iter().any(|w| applies(&w.device_types)),
        vector: l.vector.iter().any(|v| applies(&v.device_types)),
        gang_dim,
        chosen: false,
    }
}

/// Whether a loop's level clauses differ between device types (some follow a `device_type`).
fn has_device_type_levels(l: &LoopOp) -> bool {
    l.gang.iter().any(|c| !c.device_types.is_empty())
        || l.worker.iter().any(|c| !c.device_types.is_empty())
        || l.vector.iter().any(|c| !c.device_types.is_empty())
        || l.seq.iter().any(|c| !c.is_empty())
        || l.auto_.iter().any(|c| !c.is_empty())
        || l.independent.iter().any(|c| !c.is_empty())
}

/// How a loop runs on device type `target`: kernels carry the outlining's mapping; a loop
/// left sequential there (or a routine's loop not yet mapped) takes its clauses for `target`.
fn effective_mapping(module: &Module, stmt: &Stmt, target: &DeviceType) -> LoopMapping {
    let Stmt::AccLoop { op, mapping, .. } = stmt else {
        return LoopMapping::default();
    };
    if mapping.gang || mapping.worker || mapping.vector {
        return *mapping;
    }
    match op.and_then(|op| module.ops.get(op)).map(|op| &op.kind) {
        Some(OpKind::Loop(l)) => routine_loop_mapping(module, l, std::slice::from_ref(target)),
        _ => LoopMapping::default(),
    }
}

/// The level a loop partitions at on device type `target`: the lowest of its gang, worker and
/// vector, `None` for a sequential loop.
fn loop_level(module: &Module, stmt: &Stmt, target: &DeviceType) -> Option<ParLevel> {
    effective_mapping(module, stmt, target).lowest_level()
}

/// The gang dimension a gang loop divides on device type `target` (1 to 3), 0 for a loop that
/// is not a gang loop there.
fn loop_gang_dim(module: &Module, stmt: &Stmt, target: &DeviceType) -> u8 {
    let mapping = effective_mapping(module, stmt, target);
    if mapping.gang {
        mapping.gang_dimension()
    } else {
        0
    }
}

/// The lowest level partitioned by the loops around a point, with the innermost such loop, and
/// the gang dimension of the innermost gang loop around it (0 outside gang loops).
type LoopContext = Option<(ParLevel, Option<Handle<crate::Op>>, u8)>;

/// Calls, global variable uses and the highest loop level of a body. Iterative.
#[derive(Default)]
struct BodyFacts {
    /// (name, expression, lowest enclosing loop level with that loop's op span, index of the
    /// enclosing loops in `chains`)
    calls: Vec<(String, ExprId, LoopContext, usize)>,
    /// Lists of the acc loops around points of the body, outermost first.
    chains: Vec<Vec<AroundLoop>>,
    globals: Vec<(Handle<Variable>, ExprId)>,
    highest_loop: Option<ParLevel>,
    /// The highest gang dimension of the body's gang loops (0 without), with that loop.
    highest_gang: (u8, Option<Handle<crate::Op>>),
}

/// An acc loop around a call.
#[derive(Clone, Copy, Debug)]
struct AroundLoop {
    /// Its place among the body's acc loops, in the order [`body_facts`] and
    /// [`set_loop_mapping`] visit them.
    ordinal: usize,
    /// How it runs on the target.
    mapping: LoopMapping,
    op: Option<Handle<crate::Op>>,
}

fn body_facts(module: &Module, body: &Body, target: &DeviceType) -> BodyFacts {
    let mut facts = BodyFacts {
        chains: vec![Vec::new()],
        ..BodyFacts::default()
    };
    let mut ordinal = 0;
    let mut lists: Vec<(&Stmts, LoopContext, usize)> = vec![(&body.stmts, None, 0)];
    let mut roots: Vec<(ExprId, LoopContext, usize)> = Vec::new();
    while let Some((list, context, chain)) = lists.pop() {
        for stmt in list {
            match stmt {
                Stmt::AccLoop {
                    controls, body, op, ..
                } => {
                    for control in controls {
                        roots.extend(
                            [control.lower, control.upper, control.step]
                                .map(|e| (e, context, chain)),
                        );
                    }
                    let mut around = facts.chains[chain].clone();
                    around.push(AroundLoop {
                        ordinal,
                        mapping: effective_mapping(module, stmt, target),
                        op: *op,
                    });
                    ordinal += 1;
                    facts.chains.push(around);
                    let inner_chain = facts.chains.len() - 1;
                    let gang_dim = loop_gang_dim(module, stmt, target);
                    if gang_dim > facts.highest_gang.0 {
                        facts.highest_gang = (gang_dim, *op);
                    }
                    let inner = match loop_level(module, stmt, target) {
                        Some(level) => {
                            facts.highest_loop = facts.highest_loop.max(Some(level));
                            let outer_dim = context.map_or(0, |c| c.2);
                            let dim = if gang_dim > 0 { gang_dim } else { outer_dim };
                            match context {
                                Some((outer, at, _)) if outer <= level => Some((outer, at, dim)),
                                _ => Some((level, *op, dim)),
                            }
                        }
                        None => context,
                    };
                    lists.push((body, inner, inner_chain));
                }
                Stmt::If {
                    cond,
                    accept,
                    reject,
                } => {
                    roots.push((*cond, context, chain));
                    lists.extend([(accept, context, chain), (reject, context, chain)]);
                }
                Stmt::Loop {
                    cond, body, step, ..
                } => {
                    roots.extend(cond.iter().map(|c| (*c, context, chain)));
                    lists.extend([(body, context, chain), (step, context, chain)]);
                }
                Stmt::Switch { selector, cases } => {
                    roots.push((*selector, context, chain));
                    lists.extend(cases.iter().map(|c| (&c.body, context, chain)));
                }
                Stmt::Block(inner) => lists.push((inner, context, chain)),
                other => {
                    let mut direct = Vec::new();
                    crate::body::stmt_exprs(std::slice::from_ref(other), &mut direct);
                    roots.extend(direct.into_iter().map(|e| (e, context, chain)));
                }
            }
        }
    }
    let mut seen = HashSet::new();
    while let Some((expr, context, chain)) = roots.pop() {
        if !seen.insert(expr) || !body.exprs.contains(expr) {
            continue;
        }
        let kind = &body.exprs[expr].kind;
        match kind {
            ExprKind::Call { function, .. } => {
                facts.calls.push((function.clone(), expr, context, chain))
            }
            ExprKind::Variable(var) => facts.globals.push((*var, expr)),
            _ => {}
        }
        roots.extend(expr_children(kind).into_iter().map(|e| (e, context, chain)));
    }
    facts.calls.sort_by_key(|(_, e, _, _)| *e);
    facts
}

/// Sets the mapping of the acc loop `ordinal` of `body` (numbered in the order [`body_facts`]
/// visits them: the same stack walk).
fn set_loop_mapping(body: &mut Body, ordinal: usize, mapping: LoopMapping) {
    let mut next = 0;
    let mut lists: Vec<&mut Stmts> = vec![&mut body.stmts];
    while let Some(list) = lists.pop() {
        for stmt in list.iter_mut() {
            match stmt {
                Stmt::AccLoop {
                    mapping: current,
                    body,
                    ..
                } => {
                    if next == ordinal {
                        *current = mapping;
                        return;
                    }
                    next += 1;
                    lists.push(body);
                }
                Stmt::If { accept, reject, .. } => lists.extend([accept, reject]),
                Stmt::Loop { body, step, .. } => lists.extend([body, step]),
                Stmt::Switch { cases, .. } => lists.extend(cases.iter_mut().map(|c| &mut c.body)),
                Stmt::Block(inner) => lists.push(inner),
                _ => {}
            }
        }
    }
}

impl<'m> Linker<'m> {
    fn new(modules: &'m [Module], target: DeviceType) -> Self {
        let mut files = SourceFiles::default();
        let file_maps = modules
            .iter()
            .map(|m| m.files.iter().map(|(_, name)| files.intern(name)).collect())
            .collect();
        let mut linker = Linker {
            modules,
            target,
            files,
            file_maps,
            diagnostics: Vec::new(),
            by_symbol: HashMap::new(),
            by_name: HashMap::new(),
            explicit: BTreeMap::new(),
            binds: HashMap::new(),
            declared: HashSet::new(),
            nohost: HashMap::new(),
            one_gang: Vec::new(),
            one_gang_remarks: Vec::new(),
            lowered: HashMap::new(),
        };
        linker.collect();
        linker
    }

    /// A span of module `m` in the merged file table.
    fn span(&self, m: usize, span: Span) -> Span {
        let file = self.file_maps[m]
            .get(span.file.0 as usize)
            .copied()
            .unwrap_or(FileId(u32::MAX));
        Span { file, ..span }
    }

    /// `file:line` of a merged span, for messages.
    /// Lowers the levels accc chose for the loops of a kernel around `site` that a routine of
    /// `level` called there needs free (each with a remark), when every such loop's levels were
    /// chosen; a level the user wrote stays (the caller reports the call). Returns the lowest
    /// level partitioned around the call, with that loop's span, and the gang dimension of the
    /// innermost gang loop (0 outside them), after any lowering.
    fn make_room(
        &mut self,
        site: &CallSite,
        level: ParLevel,
        name: &str,
        spelled: &str,
    ) -> (Option<(ParLevel, Span)>, u8) {
        let Caller::Kernel(m, k) = site.caller else {
            return (site.loop_level, site.gang_dim);
        };
        let current = |linker: &Self, around: &AroundLoop| {
            linker
                .lowered
                .get(&(m, k, around.ordinal))
                .copied()
                .unwrap_or(around.mapping)
        };
        let needed: Vec<(AroundLoop, Span, LoopMapping)> = site
            .loops
            .iter()
            .map(|(around, at)| (*around, *at, current(self, around)))
            .filter(|(_, _, mapping)| mapping.lowest_level().is_some_and(|low| low <= level))
            .collect();
        if needed.is_empty() || !needed.iter().all(|(_, _, mapping)| mapping.chosen) {
            return (site.loop_level, site.gang_dim);
        }
        for (around, at, mapping) in needed {
            let lowered = mapping.above(level);
            self.lowered.insert((m, k, around.ordinal), lowered);
            self.diagnostics.push(Diagnostic::remark(
                at,
                format!(
                    "loop mapped to {} instead of {}: '{name}' ('acc routine {spelled}') is called in it at {}",
                    super::outline::mapping_text(lowered),
                    super::outline::mapping_text(mapping),
                    self.place(site.span)
                ),
            ));
        }
        // The lowest level now partitioned around the call, and the innermost gang loop.
        let mut lowest: Option<(ParLevel, Span)> = None;
        let mut gang_dim = 0;
        for (around, at) in &site.loops {
            let mapping = current(self, around);
            if let Some(low) = mapping.lowest_level() {
                if lowest.is_none_or(|(l, _)| low < l) {
                    lowest = Some((low, *at));
                }
            }
            if mapping.gang {
                gang_dim = mapping.gang_dimension();
            }
        }
        (lowest, gang_dim)
    }

    fn place(&self, span: Span) -> String {
        format!("{}:{}", self.files.name(span.file), span.line)
    }

    fn device(&self, (m, i): FnId) -> &'m DeviceFunction {
        &self.modules[m].device_functions[i]
    }

    fn host(&self, m: usize, i: usize) -> &'m HostFunction {
        &self.modules[m].host_functions[i]
    }

    fn key_of(&self, target: Target) -> Key {
        let (m, name, external) = match target {
            Target::Device(id) => {
                let f = self.device(id);
                (id.0, &f.name, f.external)
            }
            Target::Host(m, i) => {
                let f = self.host(m, i);
                (m, &f.name, f.external)
            }
        };
        if external {
            Key::Global(name.clone())
        } else {
            Key::Local(m, name.clone())
        }
    }

    fn target_name(&self, target: Target) -> &'m str {
        match target {
            Target::Device(id) => &self.device(id).name,
            Target::Host(m, i) => &self.host(m, i).name,
        }
    }

    fn collect(&mut self) {
        let modules = self.modules;
        for (m, module) in modules.iter().enumerate() {
            let definitions = module
                .device_functions
                .iter()
                .enumerate()
                .map(|(i, f)| (&f.symbol, &f.name, f.external, Target::Device((m, i))))
                .chain(
                    module
                        .host_functions
                        .iter()
                        .enumerate()
                        .map(|(i, f)| (&f.symbol, &f.name, f.external, Target::Host(m, i))),
                );
            for (symbol, name, external, target) in definitions {
                self.by_symbol.entry(symbol.clone()).or_insert(target);
                if external {
                    self.by_name.entry(name.clone()).or_insert(target);
                }
            }
        }
        for (m, module) in modules.iter().enumerate() {
            let local = |name: &str| {
                module
                    .device_functions
                    .iter()
                    .map(|f| (&f.name, f.external))
                    .chain(module.host_functions.iter().map(|f| (&f.name, f.external)))
                    .any(|(n, external)| n == name && !external)
            };
            let mut routines = Vec::new();
            let mut declares = Vec::new();
            module.walk(&mut |handle, op| match &op.kind {
                OpKind::Routine(r) => routines.push((handle, r.clone())),
                OpKind::Declare(d) => declares.extend(
                    d.data_entry
                        .iter()
                        .filter_map(|&h| module.data_ops.get(h))
                        .map(|data| data.var),
                ),
                _ => {}
            });
            for (handle, routine) in routines {
                // Fortran names are case-insensitive: its functions, calls and host calls are
                // in lower case, `routine(Name)` as written.
                let function = match module.language {
                    crate::Language::Fortran => routine.function.to_ascii_lowercase(),
                    _ => routine.function.clone(),
                };
                let key = if local(&function) {
                    Key::Local(m, function)
                } else {
                    Key::Global(function)
                };
                let span = self.span(m, module.ops.get_span(handle));
                if routine.nohost {
                    self.nohost.entry(key.clone()).or_default().push((m, span));
                }
                if let Some(level) = routine.level_for(&self.target).map(|l| l.value) {
                    self.explicit
                        .entry(key.clone())
                        .or_default()
                        .push(Explicit {
                            level,
                            dim: routine
                                .gang_dim_for(&self.target)
                                .and_then(|d| module.exprs.get(d))
                                .and_then(|e| e.value)
                                .and_then(|d| u8::try_from(d).ok())
                                .map_or(1, |d| d.clamp(1, 3)),
                            span,
                            module: m,
                        });
                }
                // `bind` names what device code calls; the host and multicore devices run the
                // x86 kernels compiled with each object, which call the function itself (as
                // the host fallback does).
                let host_device = matches!(self.target, DeviceType::Host | DeviceType::Multicore);
                if let (Some(BindName::Identifier(name) | BindName::String(name)), false) = (
                    routine.bind_for(&self.target).map(|b| &b.value),
                    host_device,
                ) {
                    self.binds.entry(key).or_insert(name.clone());
                }
            }
            for var in declares {
                let Some(variable) = module.variables.get(var) else {
                    continue;
                };
                self.declared.insert(match variable.storage {
                    Storage::Static => Key::Local(m, variable.name.clone()),
                    _ => Key::Global(variable.link_name().to_string()),
                });
            }
        }
    }

    /// The definition a call named `name` reaches, after `bind`.
    fn resolve(&self, name: &str) -> Option<Target> {
        let name = name
            .strip_prefix(crate::body::EXPORT_PREFIX)
            .unwrap_or(name);
        let direct = match self.by_symbol.get(name) {
            Some(&target) => Some(target),
            None => self.by_name.get(name).copied(),
        };
        let key = match direct {
            Some(target) => self.key_of(target),
            None => Key::Global(name.to_string()),
        };
        match self.binds.get(&key) {
            Some(bound) if Some(bound.as_str()) != alias_target(name).or(Some(name)) => self
                .by_name
                .get(bound)
                .or_else(|| self.by_symbol.get(bound))
                .copied(),
            _ => direct,
        }
    }

    /// The key a name called in module `m` has: its `static` function if it defines one.
    fn key_in(&self, m: usize, name: &str) -> Key {
        let module = &self.modules[m];
        let local = module
            .device_functions
            .iter()
            .map(|f| (&f.name, f.external))
            .chain(module.host_functions.iter().map(|f| (&f.name, f.external)))
            .any(|(n, external)| n == name && !external);
        if local {
            Key::Local(m, name.to_string())
        } else {
            Key::Global(name.to_string())
        }
    }

    /// Host calls of `nohost` routines whose directive is in another file (the frontend
    /// reports those of its own file).
    fn check_host_calls(&mut self) {
        let modules = self.modules;
        for (m, module) in modules.iter().enumerate() {
            for call in &module.host_calls {
                let Some(directives) = self.nohost.get(&self.key_in(m, &call.callee)) else {
                    continue;
                };
                if directives.iter().any(|&(dm, _)| dm == m)
                    || self.nohost.contains_key(&self.key_in(m, &call.caller))
                {
                    continue;
                }
                let directive = directives[0].1;
                let span = self.span(m, call.span);
                self.diagnostics
                    .push(nohost_error(span, &call.callee, &call.caller, directive));
            }
        }
    }

    /// The explicit level of `key`, checking that every directive agrees.
    fn explicit_level(
        &mut self,
        key: &Key,
        name: &str,
        reported: &mut HashSet<Key>,
    ) -> Option<Explicit> {
        let entries = self.explicit.get(key)?.clone();
        let first = entries[0];
        if reported.insert(key.clone()) {
            let mut seen_spans = HashSet::new();
            for other in &entries[1..] {
                let differs = other.level != first.level
                    || (first.level == ParLevel::Gang && other.dim != first.dim);
                if differs && seen_spans.insert(other.span) {
                    // Gang dimensions are spelled when they are what differs, or above 1.
                    let dims = first.level == ParLevel::Gang && other.level == ParLevel::Gang;
                    let (theirs, ours) = (other.spelling(dims), first.spelling(dims));
                    self.diagnostics.push(
                        Diagnostic::error(
                            other.span,
                            format!(
                                "'acc routine {theirs}' for '{name}' differs from 'acc routine {ours}' at {}",
                                self.place(first.span)
                            ),
                        )
                        .with_note(first.span, format!("'{name}' is 'acc routine {ours}' here")),
                    );
                }
            }
        }
        Some(first)
    }

    /// Resolution, reachability, levels and checks. Returns the reached device functions,
    /// their levels and the call renames (module, name) → symbol.
    #[allow(clippy::type_complexity)]
    fn run(
        &mut self,
    ) -> (
        HashSet<FnId>,
        HashMap<FnId, ParLevel>,
        HashMap<(usize, String), String>,
    ) {
        let modules = self.modules;
        let mut sites: Vec<CallSite> = Vec::new();
        let mut facts: HashMap<FnId, BodyFacts> = HashMap::new();
        let mut queue: Vec<FnId> = Vec::new();
        let mut reached: HashSet<FnId> = HashSet::new();
        // Who first reached each function, for remarks.
        let mut reached_by: HashMap<FnId, (Caller, Span)> = HashMap::new();
        let mut renames: HashMap<(usize, String), String> = HashMap::new();

        let mut visit = |linker: &mut Self,
                         caller: Caller,
                         m: usize,
                         body_facts: &BodyFacts,
                         body: &Body,
                         sites: &mut Vec<CallSite>,
                         queue: &mut Vec<FnId>| {
            for (name, expr, context, chain) in &body_facts.calls {
                let span = linker.span(m, body.exprs.get_span(*expr));
                let gang_dim = context.map_or(0, |c| c.2);
                let loop_level = context.map(|(level, op, _)| {
                    let at = op
                        .filter(|op| modules[m].ops.contains(*op))
                        .map(|op| linker.span(m, modules[m].ops.get_span(op)))
                        .unwrap_or(span);
                    (level, at)
                });
                let target = linker.resolve(name);
                let loops = body_facts.chains[*chain]
                    .iter()
                    .map(|around| {
                        let at = around
                            .op
                            .filter(|op| modules[m].ops.contains(*op))
                            .map(|op| linker.span(m, modules[m].ops.get_span(op)))
                            .unwrap_or(span);
                        (*around, at)
                    })
                    .collect();
                sites.push(CallSite {
                    caller,
                    span,
                    loop_level,
                    gang_dim,
                    loops,
                    target,
                });
                match target {
                    Some(Target::Device(id)) => {
                        let callee = linker.device(id);
                        let host_device =
                            matches!(linker.target, DeviceType::Host | DeviceType::Multicore);
                        if let (true, true, Some(reason)) = (
                            host_device,
                            name.starts_with(crate::body::EXPORT_PREFIX),
                            &callee.export_error,
                        ) {
                            // The caller's multicore code was compiled with its object and
                            // calls the export its file lacks.
                            let definition = linker.span(id.0, callee.span);
                            let file = linker.files.name(definition.file).to_string();
                            linker.diagnostics.push(
                                Diagnostic::error(
                                    span,
                                    format!(
                                        "'{}' is called in device code, but its multicore version could not be compiled with {file}: {reason}",
                                        callee.name
                                    ),
                                )
                                .with_note(definition, format!("'{}' is defined here", callee.name)),
                            );
                        }
                        renames.insert((m, name.clone()), linker.device(id).symbol.clone());
                        if reached.insert(id) {
                            reached_by.insert(id, (caller, span));
                            queue.push(id);
                        }
                    }
                    Some(Target::Host(hm, hi)) => {
                        let host = linker.host(hm, hi);
                        let reason_span = linker.span(hm, host.reason_span);
                        let definition = linker.span(hm, host.span);
                        linker.diagnostics.push(
                            Diagnostic::error(
                                span,
                                format!(
                                    "'{}' is called in device code but has no device code: {}",
                                    host.name, host.reason
                                ),
                            )
                            .with_note(reason_span, "this cannot run on a device")
                            .with_note(definition, format!("'{}' is defined here", host.name)),
                        );
                    }
                    None if crate::body::device_library(name) => {}
                    None => {
                        let shown = alias_target(name).unwrap_or(name);
                        linker.diagnostics.push(Diagnostic::error(
                            span,
                            format!(
                                "'{shown}' is called in device code but has no device code: no object compiled by accc with -fopenacc defines it"
                            ),
                        ));
                    }
                }
            }
        };

        for (m, module) in modules.iter().enumerate() {
            for (k, kernel) in module.kernels.iter().enumerate() {
                let kernel_facts = body_facts(module, &kernel.body, &self.target);
                visit(
                    self,
                    Caller::Kernel(m, k),
                    m,
                    &kernel_facts,
                    &kernel.body,
                    &mut sites,
                    &mut queue,
                );
            }
        }
        while let Some(id) = queue.pop() {
            let function = self.device(id);
            let function_facts = body_facts(&modules[id.0], &function.body, &self.target);
            visit(
                self,
                Caller::Function(id),
                id.0,
                &function_facts,
                &function.body,
                &mut sites,
                &mut queue,
            );
            facts.insert(id, function_facts);
        }

        // Explicit levels (checked for agreement), then implicit ones to a fixed point.
        let mut reported = HashSet::new();
        let mut reached_sorted: Vec<FnId> = reached.iter().copied().collect();
        reached_sorted.sort();
        let mut levels: HashMap<FnId, ParLevel> = HashMap::new();
        let mut explicit_of: HashMap<FnId, Explicit> = HashMap::new();
        for &id in &reached_sorted {
            let key = self.key_of(Target::Device(id));
            let name = self.device(id).name.clone();
            if let Some(first) = self.explicit_level(&key, &name, &mut reported) {
                // The directive in the defining file, if it has one, names the level.
                let explicit = self.explicit[&key]
                    .iter()
                    .find(|e| e.module == id.0 && e.level == first.level)
                    .copied()
                    .unwrap_or(first);
                explicit_of.insert(id, explicit);
                levels.insert(id, explicit.level);
            } else {
                levels.insert(
                    id,
                    facts
                        .get(&id)
                        .and_then(|f| f.highest_loop)
                        .unwrap_or(ParLevel::Seq),
                );
            }
        }
        // Declarations that are never reached still must agree.
        let keys: Vec<Key> = self.explicit.keys().cloned().collect();
        for key in keys {
            let name = match &key {
                Key::Global(n) | Key::Local(_, n) => n.clone(),
            };
            self.explicit_level(&key, &name, &mut reported);
        }
        let callees: HashMap<FnId, Vec<FnId>> = reached_sorted
            .iter()
            .map(|&id| {
                let list = sites
                    .iter()
                    .filter(|s| s.caller == Caller::Function(id))
                    .filter_map(|s| match s.target {
                        Some(Target::Device(callee)) => Some(callee),
                        _ => None,
                    })
                    .collect();
                (id, list)
            })
            .collect();
        loop {
            let mut changed = false;
            for &id in &reached_sorted {
                if explicit_of.contains_key(&id) {
                    continue;
                }
                let highest = callees[&id]
                    .iter()
                    .map(|c| levels[c])
                    .fold(levels[&id], ParLevel::max);
                if highest != levels[&id] {
                    levels.insert(id, highest);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }

        // Gang dimensions: explicit ones from the directive, implicit ones the highest of the
        // routine's gang loops and gang callees.
        let mut dims: HashMap<FnId, u8> = HashMap::new();
        for &id in &reached_sorted {
            let dim = match explicit_of.get(&id) {
                Some(e) => e.dim,
                None => facts.get(&id).map_or(0, |f| f.highest_gang.0).max(1),
            };
            dims.insert(id, dim);
        }
        loop {
            let mut changed = false;
            for &id in &reached_sorted {
                if explicit_of.contains_key(&id) || levels[&id] != ParLevel::Gang {
                    continue;
                }
                let highest = callees[&id]
                    .iter()
                    .filter(|c| levels[*c] == ParLevel::Gang)
                    .map(|c| dims[c])
                    .fold(dims[&id], u8::max);
                if highest != dims[&id] {
                    dims.insert(id, highest);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // A gang routine's loops divide no higher dimension than its own (3.3 §2.15.1).
        for &id in &reached_sorted {
            let (Some(e), Some(f)) = (explicit_of.get(&id), facts.get(&id)) else {
                continue;
            };
            let (loop_dim, loop_op) = f.highest_gang;
            if e.level != ParLevel::Gang || loop_dim <= e.dim {
                continue;
            }
            let function = self.device(id);
            let at = loop_op
                .filter(|op| modules[id.0].ops.contains(*op))
                .map(|op| self.span(id.0, modules[id.0].ops.get_span(op)))
                .unwrap_or_else(|| self.span(id.0, function.span));
            self.diagnostics.push(
                Diagnostic::error(
                    at,
                    format!(
                        "a 'gang(dim: {loop_dim})' loop in '{}' divides a higher gang dimension than the routine's 'gang(dim: {})'",
                        function.name, e.dim
                    ),
                )
                .with_note(e.span, format!("'{}' is 'acc routine gang(dim: {})' here", function.name, e.dim)),
            );
        }

        // Call-site checks.
        for site in &sites {
            let Some(Target::Device(callee)) = site.target else {
                continue;
            };
            let level = levels[&callee];
            let name = self.device(callee).name.clone();
            let dim = dims.get(&callee).copied().unwrap_or(1);
            let spelled = match level {
                ParLevel::Gang if dim > 1 => format!("gang(dim: {dim})"),
                _ => level.spelling().to_string(),
            };
            let why = match explicit_of.get(&callee) {
                Some(e) => (e.span, format!("'{name}' is 'acc routine {spelled}' here")),
                None => (
                    self.span(callee.0, self.device(callee).span),
                    format!("'{name}' is an implicit 'acc routine {spelled}'"),
                ),
            };
            let (loop_level, gang_dim) = self.make_room(site, level, &name, &spelled);
            let host_device = matches!(self.target, DeviceType::Host | DeviceType::Multicore);
            if let (Caller::Kernel(m, k), None, ParLevel::Gang, true) =
                (site.caller, loop_level, level, host_device)
            {
                if !self.one_gang.contains(&(m, k)) {
                    self.one_gang.push((m, k));
                    self.one_gang_remarks.push(Diagnostic::remark(
                        site.span,
                        format!("'{name}' is a gang routine called in gang-redundant code: on the host and multicore devices this compute region runs as one gang"),
                    ));
                }
            }
            // A gang routine inside gang loops of higher dimensions only divides lower ones.
            let lower_dim = level == ParLevel::Gang
                && loop_level.is_some_and(|(l, _)| l == ParLevel::Gang)
                && dim < gang_dim;
            if lower_dim && host_device {
                // Its host version runs its gang loop whole in every gang; the gangs of the
                // dimensions it would divide must be one.
                let fresh_kernel = match site.caller {
                    Caller::Kernel(m, k) if !self.one_gang.contains(&(m, k)) => Some((m, k)),
                    _ => None,
                };
                if let Some((m, k)) = fresh_kernel {
                    self.one_gang.push((m, k));
                    self.one_gang_remarks.push(Diagnostic::remark(
                        site.span,
                        format!("'{name}' is a 'gang(dim: {dim})' routine called in a gang loop: on the host and multicore devices this compute region runs as one gang"),
                    ));
                }
            }
            if let Some((loop_level, loop_span)) = loop_level {
                if level >= loop_level && !lower_dim {
                    // Gang dimensions are named when one above the first is involved.
                    let gang_dims = level == ParLevel::Gang
                        && loop_level == ParLevel::Gang
                        && (dim > 1 || gang_dim > 1);
                    let (callee_level, across) = if gang_dims {
                        (
                            format!("gang(dim: {dim})"),
                            format!("gangs of dimension {gang_dim}"),
                        )
                    } else {
                        (
                            level.spelling().to_string(),
                            format!("{}s", loop_level.spelling()),
                        )
                    };
                    self.diagnostics.push(
                        Diagnostic::error(
                            site.span,
                            format!(
                                "'{name}' ('acc routine {callee_level}') is called inside a loop already partitioned across {across}"
                            ),
                        )
                        .with_note(loop_span, format!("the {} loop is here", loop_level.spelling()))
                        .with_note(why.0, why.1.clone()),
                    );
                    continue;
                }
            }
            if let Caller::Function(caller) = site.caller {
                if let Some(caller_explicit) = explicit_of.get(&caller) {
                    if level > caller_explicit.level {
                        let caller_name = &self.device(caller).name;
                        self.diagnostics.push(
                            Diagnostic::error(
                                site.span,
                                format!(
                                    "'{caller_name}' ('acc routine {}') calls '{name}' ('acc routine {}'), which needs more parallelism than its caller has",
                                    caller_explicit.level.spelling(),
                                    level.spelling()
                                ),
                            )
                            .with_note(caller_explicit.span, format!("'{caller_name}' is 'acc routine {}' here", caller_explicit.level.spelling()))
                            .with_note(why.0, why.1),
                        );
                    }
                }
            }
        }

        // Globals in device routines need `declare`.
        for &id in &reached_sorted {
            let function = self.device(id);
            let module = &modules[id.0];
            let mut named = HashSet::new();
            for &(var, expr) in &facts[&id].globals {
                let Some(variable) = module.variables.get(var) else {
                    continue;
                };
                let key = match variable.storage {
                    Storage::Global | Storage::Extern => {
                        Key::Global(variable.link_name().to_string())
                    }
                    Storage::Static => Key::Local(id.0, variable.name.clone()),
                    _ => continue,
                };
                if self.declared.contains(&key) || !named.insert(key) {
                    continue;
                }
                let span = self.span(id.0, function.body.exprs.get_span(expr));
                let message = format!(
                    "global variable '{}' is used in device routine '{}' but has no 'acc declare'",
                    variable.name, function.name
                );
                let diagnostic = match module.language {
                    // A module variable of another file (read from its module interface file)
                    // has no declaration here to point at.
                    crate::Language::Fortran if variable.decl.len == 0 => Diagnostic::error(
                        span,
                        format!(
                            "{message}; add '!$acc declare create({})' (or copyin) to the module that declares it",
                            variable.name
                        ),
                    ),
                    crate::Language::Fortran => Diagnostic::error(span, message).with_note(
                        self.span(id.0, variable.decl),
                        format!("'{}' is declared here; add '!$acc declare create({})' (or copyin) after it, in its module", variable.name, variable.name),
                    ),
                    _ => Diagnostic::error(span, message).with_note(
                        self.span(id.0, variable.decl),
                        format!("'{}' is declared here; add '#pragma acc declare create({})' (or copyin) after it", variable.name, variable.name),
                    ),
                };
                self.diagnostics.push(diagnostic);
            }
        }

        self.check_host_calls();

        // Remarks: loops of routines whose clauses differ between device types.
        for &id in &reached_sorted {
            let function = self.device(id);
            let module = &modules[id.0];
            for (op, mapping) in acc_loops(&function.body) {
                let Some(OpKind::Loop(l)) = module.ops.get(op).map(|op| &op.kind) else {
                    continue;
                };
                if !has_device_type_levels(l) {
                    continue;
                }
                let at = self.span(id.0, module.ops.get_span(op));
                let message = if mapping == LoopMapping::default() {
                    format!("loop in '{}' run sequentially (seq)", function.name)
                } else {
                    format!(
                        "loop in '{}' mapped to {}",
                        function.name,
                        super::outline::mapping_text(mapping)
                    )
                };
                self.diagnostics.push(Diagnostic::remark(at, message));
            }
        }

        // Remarks: implicit routines, and levels taken from another file.
        for &id in &reached_sorted {
            let function = self.device(id);
            let at = self.span(id.0, function.span);
            let level = levels[&id].spelling();
            let by = match reached_by.get(&id) {
                Some((Caller::Kernel(..), span)) => {
                    format!("called in compute region at {}", self.place(*span))
                }
                Some((Caller::Function(caller), span)) => format!(
                    "called from '{}' at {}",
                    self.device(*caller).name,
                    self.place(*span)
                ),
                None => String::new(),
            };
            let message = match explicit_of.get(&id) {
                None => format!("{}: implicit acc routine {level} ({by})", function.name),
                Some(e) if e.module != id.0 => format!(
                    "{}: acc routine {level} from the directive at {} ({by})",
                    function.name,
                    self.place(e.span)
                ),
                Some(_) => continue,
            };
            self.diagnostics.push(Diagnostic::remark(at, message));
        }
        for site in &sites {
            let m = match site.caller {
                Caller::Kernel(m, _) | Caller::Function((m, _)) => m,
            };
            let Some(Target::Device(callee)) = site.target else {
                continue;
            };
            let key = self.key_of(Target::Device(callee));
            if let Some(e) = explicit_of.get(&callee) {
                let here = self
                    .explicit
                    .get(&key)
                    .is_some_and(|list| list.iter().any(|x| x.module == m));
                if !here {
                    self.diagnostics.push(Diagnostic::remark(
                        site.span,
                        format!(
                            "call of '{}' uses 'acc routine {}' from {}",
                            self.target_name(Target::Device(callee)),
                            e.level.spelling(),
                            self.place(e.span)
                        ),
                    ));
                }
            }
        }
        (reached, levels, renames)
    }
}

/// The error for a call of `nohost` routine `callee` in host code of `caller`, with a note at
/// the routine's directive.
fn nohost_error(call: Span, callee: &str, caller: &str, directive: Span) -> Diagnostic {
    Diagnostic::error(
        call,
        format!(
            "'{callee}' is 'acc routine nohost' but is called in host code of '{caller}'; a nohost routine may be called only in compute regions and in other nohost routines"
        ),
    )
    .with_note(directive, format!("'{callee}' is 'acc routine nohost' here"))
}

/// Compile-time `nohost` check of one translation unit: an error for each of its
/// [`Module::host_calls`] that calls a function a `routine` directive of the same unit makes
/// `nohost`, unless the calling function is itself a `nohost` routine (3.3 §2.15.1). Calls of
/// other files' `nohost` routines are found at link time.
pub fn nohost_calls(module: &Module) -> Vec<Diagnostic> {
    let mut nohost: HashMap<String, Span> = HashMap::new();
    module.walk(&mut |handle, op| {
        if let OpKind::Routine(r) = &op.kind {
            if r.nohost {
                // Fortran names are case-insensitive; its host calls are in lower case.
                let name = match module.language {
                    crate::Language::Fortran => r.function.to_ascii_lowercase(),
                    _ => r.function.clone(),
                };
                nohost.entry(name).or_insert(module.ops.get_span(handle));
            }
        }
    });
    module
        .host_calls
        .iter()
        .filter(|call| !nohost.contains_key(call.caller.as_str()))
        .filter_map(|call| {
            let directive = *nohost.get(call.callee.as_str())?;
            Some(nohost_error(
                call.span,
                &call.callee,
                &call.caller,
                directive,
            ))
        })
        .collect()
}

/// The OpenACC loops of a body (those with a directive), with their mappings, in source order.
fn acc_loops(body: &Body) -> Vec<(Handle<crate::Op>, LoopMapping)> {
    let mut found = Vec::new();
    let mut lists: Vec<&Stmts> = vec![&body.stmts];
    while let Some(list) = lists.pop() {
        for stmt in list {
            match stmt {
                Stmt::AccLoop {
                    op, mapping, body, ..
                } => {
                    found.extend(op.map(|op| (op, *mapping)));
                    lists.push(body);
                }
                Stmt::If { accept, reject, .. } => lists.extend([accept, reject]),
                Stmt::Loop { body, step, .. } => lists.extend([body, step]),
                Stmt::Switch { cases, .. } => lists.extend(cases.iter().map(|c| &c.body)),
                Stmt::Block(inner) => lists.push(inner),
                _ => {}
            }
        }
    }
    found.sort_by_key(|(op, _)| op.index());
    found
}

/// Sets the mapping of a routine's OpenACC loops for `targets` from their `gang`, `worker`,
/// `vector` and `seq` clauses that apply to them ([`routine_loop_mapping`]; the outlining pass
/// maps kernels' loops). The frontends map for [`HOST_DEVICE_TYPES`] (the x86 kernels);
/// [`link_routines`] maps every routine again for the device type it links.
pub fn map_routine_loops(module: &Module, body: &mut Body, targets: &[DeviceType]) {
    let mut lists: Vec<&mut Stmts> = vec![&mut body.stmts];
    while let Some(list) = lists.pop() {
        for stmt in list.iter_mut() {
            match stmt {
                Stmt::AccLoop {
                    op, mapping, body, ..
                } => {
                    if let Some(OpKind::Loop(l)) =
                        op.and_then(|op| module.ops.get(op)).map(|op| &op.kind)
                    {
                        *mapping = routine_loop_mapping(module, l, targets);
                    }
                    lists.push(body);
                }
                Stmt::If { accept, reject, .. } => lists.extend([accept, reject]),
                Stmt::Loop { body, step, .. } => lists.extend([body, step]),
                Stmt::Switch { cases, .. } => lists.extend(cases.iter_mut().map(|c| &mut c.body)),
                Stmt::Block(inner) => lists.push(inner),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::BinaryOp;
    use crate::body::{LocalKind, LoopControl};
    use crate::types::ScalarKind;

    /// An acc loop over `0..8` with `body`.
    fn acc_loop(body: &mut Body, ty: crate::TypeHandle, stmts: Stmts) -> Stmt {
        let i = body.local("i", ty, LocalKind::Declared, Span::default());
        let lower = body.expr(ExprKind::Int(0), ty, Span::default());
        let upper = body.expr(ExprKind::Int(8), ty, Span::default());
        let step = body.expr(ExprKind::Int(1), ty, Span::default());
        Stmt::AccLoop {
            op: None,
            controls: vec![LoopControl {
                var: crate::body::LocalOrVariable::Local(i),
                lower,
                upper,
                compare: BinaryOp::Lt,
                step,
            }],
            mapping: LoopMapping::default(),
            tile: Vec::new(),
            body: stmts,
        }
    }

    fn call(body: &mut Body, ty: crate::TypeHandle, name: &str) -> Stmt {
        Stmt::Eval(body.expr(
            ExprKind::Call {
                function: name.to_string(),
                args: Vec::new(),
            },
            ty,
            Span::default(),
        ))
    }

    /// `set_loop_mapping` numbers the loops as `body_facts` does, whatever statements hold them.
    #[test]
    fn loop_ordinals_agree() {
        let mut module = Module::default();
        let ty = module.types.scalar(ScalarKind::Int {
            signed: true,
            width: 32,
        });
        let mut body = Body::default();
        let in_accept = call(&mut body, ty, "b");
        let b = acc_loop(&mut body, ty, vec![in_accept]);
        let in_block = call(&mut body, ty, "c");
        let c = acc_loop(&mut body, ty, vec![in_block]);
        let cond = body.expr(ExprKind::Int(1), ty, Span::default());
        let branch = Stmt::If {
            cond,
            accept: vec![b],
            reject: vec![Stmt::Block(vec![c])],
        };
        let in_a = call(&mut body, ty, "a");
        let a = acc_loop(&mut body, ty, vec![in_a, branch]);
        let in_d = call(&mut body, ty, "d");
        let d = acc_loop(&mut body, ty, vec![in_d]);
        body.stmts = vec![
            a,
            Stmt::Loop {
                cond: None,
                body: vec![d],
                step: Vec::new(),
                test_after: false,
            },
        ];
        let target = DeviceType::Nvidia;
        let facts = body_facts(&module, &body, &target);
        let innermost = |facts: &BodyFacts, name: &str| {
            let (_, _, _, chain) = facts.calls.iter().find(|c| c.0 == name).unwrap();
            *facts.chains[*chain].last().unwrap()
        };
        let depth = |facts: &BodyFacts, name: &str| {
            let (_, _, _, chain) = facts.calls.iter().find(|c| c.0 == name).unwrap();
            facts.chains[*chain].len()
        };
        assert_eq!(depth(&facts, "a"), 1);
        assert_eq!(depth(&facts, "b"), 2);
        assert_eq!(depth(&facts, "c"), 2);
        assert_eq!(depth(&facts, "d"), 1);
        for (marker, name) in ["a", "b", "c", "d"].into_iter().enumerate() {
            let ordinal = innermost(&facts, name).ordinal;
            let mapping = LoopMapping {
                gang: true,
                gang_dim: marker as u8 + 1,
                ..LoopMapping::default()
            };
            set_loop_mapping(&mut body, ordinal, mapping);
            let after = body_facts(&module, &body, &target);
            assert_eq!(
                innermost(&after, name).mapping,
                mapping,
                "loop around {name}"
            );
        }
    }
}
