//! Building one acc-ir op from a parsed directive: its clauses (grouped by `device_type`), its
//! data operands decomposed into entry and exit ops, and the checks that need names and types.
//! Language-neutral: the questions only a language can answer go through [`SourceContext`].

use super::{
    data_op, directive_name, DataOpExtras, LoopLevels, LoopRequest, Operand, RegionKind,
    SourceContext,
};
use crate::directive::{
    self, AtomicKind as SynAtomic, BindName as SynBind, Clause, ClauseArgs, ClauseKind,
    DataModifier, Directive, DirectiveArgs, DirectiveKind, Expr, GangStatic as SynStatic,
    TileSize as SynTile, VarList, VarRef,
};
use acc_ir::passes::implicit_data::exit_op;
use acc_ir::recipes::{firstprivate_recipe, private_recipe, reduction_recipe};
use acc_ir::*;

/// Which construct a data clause is on; decides the decomposition and the counter.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Site {
    Compute,
    Data,
    EnterData,
    ExitData,
    Update,
    HostData,
    DeclareLocal,
    DeclareGlobal,
    Cache,
}

pub(crate) struct ClauseLowering<'l, S: SourceContext> {
    lw: &'l mut S,
    directive: &'l Directive,
    /// Offset names in clauses are resolved at (the pragma line).
    at: u32,
    name: String,
    /// Every operand of the data, private and firstprivate clauses so far.
    operands_seen: Vec<Seen>,
    failed: bool,
}

/// An operand already given in a clause of the directive.
struct Seen {
    var: Handle<Variable>,
    through_pointer: bool,
    path: Vec<PathStep>,
    bounds: Vec<Handle<Bounds>>,
    /// The operand as written, for messages.
    name: String,
    span: Span,
    clause: DataClause,
    /// The entry and exit ops made for it (data clauses only).
    ops: Option<(Handle<DataOp>, Option<Handle<DataOp>>)>,
}

/// What [`ClauseLowering::check_operand`] found.
enum Checked {
    Rejected,
    Accepted,
    /// The same data as the operand at this index of `operands_seen`, in another data clause
    /// whose actions combine with this one's (see [`union_clause`]).
    Repeated(usize),
    /// Part of the data of an earlier operand (a member of a struct it maps whole) whose clause
    /// already does everything this one asks: nothing more to map.
    Subsumed,
}

/// The one data clause that does what both `a` and `b` ask for the same data on a construct at
/// `site`, if there is one: the stronger entry action (copy in, then allocate, then require
/// presence) with the stronger exit action (copy out, then delete), so `copyin` with `copyout`
/// is `copy`, `create(zero:)` with `copyout` is `copyout(zero:)` and `present` with `copyout` is
/// `copyout`. OpenACC 3.3 does not forbid one variable in several data clauses of a construct
/// (only in `declare` directives, §2.13), and programs written for other compilers do this;
/// processed one after another the clauses would not do what either asks (the second entry
/// only counts a reference, and the copy-out happens only at the last exit).
fn union_clause(site: Site, a: DataClause, b: DataClause) -> Option<DataClause> {
    use DataClause as C;
    match site {
        Site::Compute | Site::Data => {
            // (entry rank, exit rank): 3 copy in, 2 allocate, 1 require presence, 0 no_create;
            // 1 copy out, 0 delete.
            let rank = |clause| match clause {
                C::Copy => Some((3, 1)),
                C::Copyin => Some((3, 0)),
                C::Copyout => Some((2, 1)),
                C::Create => Some((2, 0)),
                C::Present => Some((1, 0)),
                C::NoCreate => Some((0, 0)),
                _ => None,
            };
            let ((ea, xa), (eb, xb)) = (rank(a)?, rank(b)?);
            Some(match (ea.max(eb), xa.max(xb)) {
                (3, 1) => C::Copy,
                (3, _) => C::Copyin,
                (_, 1) => C::Copyout,
                (2, _) => C::Create,
                (1, _) => C::Present,
                _ => C::NoCreate,
            })
        }
        Site::EnterData => match (a, b) {
            (C::Copyin | C::Create, C::Copyin | C::Create) => {
                Some(if a == C::Copyin || b == C::Copyin {
                    C::Copyin
                } else {
                    C::Create
                })
            }
            _ => None,
        },
        Site::ExitData => match (a, b) {
            (C::Copyout | C::Delete, C::Copyout | C::Delete) => {
                Some(if a == C::Copyout || b == C::Copyout {
                    C::Copyout
                } else {
                    C::Delete
                })
            }
            _ => None,
        },
        _ => None,
    }
}

/// Whether two sections are spelled alike (the same bounds, dimension by dimension).
fn same_section(module: &Module, a: &[Handle<Bounds>], b: &[Handle<Bounds>]) -> bool {
    let text = |e: Option<acc_ir::ExprHandle>| e.map(|e| module.exprs[e].text.replace(' ', ""));
    a.len() == b.len()
        && a.iter().zip(b).all(|(a, b)| {
            let (a, b) = (&module.bounds[*a], &module.bounds[*b]);
            text(Some(a.lowerbound)) == text(Some(b.lowerbound)) && text(a.extent) == text(b.extent)
        })
}

/// Whether two access paths from the same variable can name the same memory: one must be a
/// prefix of the other, and the rest must not go through a pointer (`->` names other memory).
fn paths_overlap(a: &[PathStep], b: &[PathStep]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if long[..short.len()] != *short {
        return false;
    }
    !matches!(
        long.get(short.len()),
        Some(PathStep::Member { arrow: true, .. })
    )
}

/// Whether two sections of the same data overlap, as far as can be told at compile time: a
/// zero-length section overlaps nothing; constant sections are compared; sections whose lower
/// bounds are spelled alike overlap; anything else is assumed not to.
fn sections_overlap(module: &Module, a: &[Handle<Bounds>], b: &[Handle<Bounds>]) -> bool {
    let (Some(a), Some(b)) = (a.last(), b.last()) else {
        return true;
    };
    let (a, b) = (&module.bounds[*a], &module.bounds[*b]);
    let extent = |bounds: &Bounds| bounds.extent.and_then(|e| module.exprs[e].value);
    if extent(a) == Some(0) || extent(b) == Some(0) {
        return false;
    }
    let (la, lb) = (&module.exprs[a.lowerbound], &module.exprs[b.lowerbound]);
    match (la.value, extent(a), lb.value, extent(b)) {
        (Some(start_a), Some(len_a), Some(start_b), Some(len_b)) => {
            start_a < start_b + len_b && start_b < start_a + len_a
        }
        _ => la.text == lb.text,
    }
}

/// One clause with the device types it applies to.
struct Grouped<'c> {
    clause: &'c Clause,
    device_types: DeviceTypes,
}

impl<'l, S: SourceContext> ClauseLowering<'l, S> {
    pub(crate) fn new(lw: &'l mut S, directive: &'l Directive, at: u32) -> Self {
        let name = directive_name(&directive.kind, lw.language());
        ClauseLowering {
            lw,
            directive,
            at,
            name,
            operands_seen: Vec::new(),
            failed: false,
        }
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.failed = true;
        self.lw.report(Diagnostic::error(span, message));
    }

    fn span(&mut self, range: std::ops::Range<u32>) -> Span {
        self.lw.span(range)
    }

    fn expr(&mut self, expr: &Expr) -> ExprHandle {
        let span = self.span(expr.span.clone());
        let value = directive::const_int(&expr.text);
        self.lw.module().expr(expr.text.clone(), value, span)
    }

    /// Reports a `gang(dim: e)` whose `e` is not an integer constant (OpenACC 3.3 §2.9.2 and
    /// §2.15.1: 1, 2 or 3, a constant).
    fn dim_not_constant(&mut self, dim: ExprHandle) {
        let span = self.lw.module_ref().exprs.get_span(dim);
        self.error(
            span,
            "'dim' argument of 'gang' must be an integer constant (1, 2 or 3)",
        );
    }

    /// The clauses paired with the device types they fall under.
    fn grouped(&self) -> Vec<Grouped<'l>> {
        let mut current: DeviceTypes = Vec::new();
        let mut out = Vec::new();
        for clause in &self.directive.clauses {
            if clause.kind == ClauseKind::DeviceType {
                if let ClauseArgs::DeviceType(names) = &clause.args {
                    current = names
                        .iter()
                        .map(|n| DeviceType::from_name(&n.name))
                        .collect();
                }
                continue;
            }
            out.push(Grouped {
                clause,
                device_types: current.clone(),
            });
        }
        out
    }

    fn async_list(&mut self) -> Vec<DeviceTyped<AsyncArg>> {
        let mut list = Vec::new();
        for g in self.grouped() {
            if g.clause.kind == ClauseKind::Async {
                let value = match &g.clause.args {
                    ClauseArgs::Expr(e) => AsyncArg::Queue(self.expr(e)),
                    _ => AsyncArg::Noval,
                };
                list.push(DeviceTyped {
                    device_types: g.device_types,
                    value,
                });
            }
        }
        list
    }

    fn wait_arg(&mut self, args: &directive::WaitArgs) -> WaitArg {
        WaitArg {
            devnum: args.devnum.as_ref().map(|e| self.expr(e)),
            queues_keyword: args.queues_keyword,
            queues: args.queues.iter().map(|e| self.expr(e)).collect(),
        }
    }

    fn queues(&mut self) -> AsyncWait {
        let async_ = self.async_list();
        let mut wait = Vec::new();
        for g in self.grouped() {
            if g.clause.kind == ClauseKind::Wait {
                let value = match &g.clause.args {
                    ClauseArgs::Wait(w) => self.wait_arg(w),
                    _ => WaitArg::default(),
                };
                wait.push(DeviceTyped {
                    device_types: g.device_types,
                    value,
                });
            }
        }
        AsyncWait { async_, wait }
    }

    fn single_expr(&mut self, kind: ClauseKind) -> Option<ExprHandle> {
        let clause = self.directive.clauses.iter().find(|c| c.kind == kind)?;
        match &clause.args {
            ClauseArgs::Expr(e) => Some(self.expr(e)),
            _ => None,
        }
    }

    fn has(&self, kind: ClauseKind) -> bool {
        self.directive.clauses.iter().any(|c| c.kind == kind)
    }

    fn default_kind(&self) -> Option<DefaultKind> {
        self.directive.clauses.iter().find_map(|c| match &c.args {
            ClauseArgs::Default(directive::DefaultKind::None) => Some(DefaultKind::None),
            ClauseArgs::Default(directive::DefaultKind::Present) => Some(DefaultKind::Present),
            _ => None,
        })
    }

    fn new_op(&mut self, kind: OpKind) -> Handle<Op> {
        let span = self.span(self.directive.kind_span.clone());
        self.lw.module().ops.append(Op { kind }, span)
    }

    /// Builds the op; returns it and, for constructs with a region, the region's kind.
    pub(crate) fn build(
        &mut self,
        statement: Option<&S::Statement>,
    ) -> Option<(Handle<Op>, Option<RegionKind>)> {
        use DirectiveKind as D;
        let result = match &self.directive.kind {
            D::Parallel => self.compute(ComputeKind::Parallel, false, statement?),
            D::Serial => self.compute(ComputeKind::Serial, false, statement?),
            D::Kernels => self.compute(ComputeKind::Kernels, false, statement?),
            D::ParallelLoop => self.compute(ComputeKind::Parallel, true, statement?),
            D::SerialLoop => self.compute(ComputeKind::Serial, true, statement?),
            D::KernelsLoop => self.compute(ComputeKind::Kernels, true, statement?),
            D::Loop => {
                let (op, levels) = self.loop_op(None, statement?)?;
                Some((op, Some(RegionKind::Loop(levels))))
            }
            D::Data => self.data(statement?),
            D::HostData => self.host_data(statement?),
            D::EnterData => self.standalone(Site::EnterData),
            D::ExitData => self.standalone(Site::ExitData),
            D::Update => self.standalone(Site::Update),
            D::Wait => self.wait(),
            D::Init | D::Shutdown | D::Set => self.device_op(),
            D::Atomic(kind) => self.atomic(*kind, statement?),
            D::Cache => self.cache(),
            D::Routine => self.routine(),
            D::Declare => self.declare(),
            D::End(_) => None,
        };
        if self.failed {
            return None;
        }
        result
    }

    fn compute(
        &mut self,
        kind: ComputeKind,
        combined: bool,
        statement: &S::Statement,
    ) -> Option<(Handle<Op>, Option<RegionKind>)> {
        let queues = self.queues();
        let mut op = ComputeOp {
            kind,
            combined,
            queues: queues.clone(),
            num_gangs: Vec::new(),
            num_workers: Vec::new(),
            vector_length: Vec::new(),
            if_cond: self.single_expr(ClauseKind::If),
            self_clause: None,
            default: self.default_kind(),
            data_entry: Vec::new(),
            private: Vec::new(),
            firstprivate: Vec::new(),
            reduction: Vec::new(),
            data_exit: Vec::new(),
            captured: Vec::new(),
            body: Vec::new(),
        };
        for g in self.grouped() {
            let clause = g.clause;
            match (&clause.kind, &clause.args) {
                (ClauseKind::NumGangs, ClauseArgs::Exprs(list)) => {
                    let value = list.iter().map(|e| self.expr(e)).collect();
                    op.num_gangs.push(DeviceTyped {
                        device_types: g.device_types,
                        value,
                    });
                }
                (ClauseKind::NumGangs, ClauseArgs::Expr(e)) => {
                    let value = vec![self.expr(e)];
                    op.num_gangs.push(DeviceTyped {
                        device_types: g.device_types,
                        value,
                    });
                }
                (ClauseKind::NumWorkers, ClauseArgs::Expr(e)) => {
                    let value = self.expr(e);
                    op.num_workers.push(DeviceTyped {
                        device_types: g.device_types,
                        value,
                    });
                }
                (ClauseKind::VectorLength, ClauseArgs::Expr(e)) => {
                    let value = self.expr(e);
                    op.vector_length.push(DeviceTyped {
                        device_types: g.device_types,
                        value,
                    });
                }
                (ClauseKind::SelfClause, ClauseArgs::Expr(e)) => {
                    op.self_clause = Some(SelfClause {
                        condition: Some(self.expr(e)),
                    })
                }
                (ClauseKind::SelfClause, _) => {
                    op.self_clause = Some(SelfClause { condition: None })
                }
                (ClauseKind::Private, ClauseArgs::Vars(vars)) if !combined => {
                    op.private.extend(self.privates(vars, false));
                }
                (ClauseKind::Firstprivate, ClauseArgs::Vars(vars)) => {
                    op.firstprivate.extend(self.privates(vars, true));
                }
                (ClauseKind::Reduction, ClauseArgs::Reduction { op: rop, vars, .. })
                    if !combined =>
                {
                    op.reduction.extend(self.reductions(*rop, vars));
                }
                (kind, ClauseArgs::Vars(vars)) if is_data_clause(*kind) => {
                    let (entries, exits) =
                        self.data_clause(*kind, vars, Site::Compute, &queues.async_);
                    op.data_entry.extend(entries);
                    op.data_exit.extend(exits);
                }
                _ => {}
            }
        }
        if !op.reduction.is_empty() && op.num_gangs.iter().any(|n| n.value.len() > 1) {
            let span = self.span(self.directive.kind_span.clone());
            self.error(span, "a 'reduction' clause is not allowed with a 'num_gangs' clause of more than one argument");
        }
        op.captured = self.lw.captured(statement);
        if combined {
            let (loop_op, levels) = self.loop_op(Some(kind), statement)?;
            op.body.push(loop_op);
            let handle = self.new_op(OpKind::Compute(op));
            return Some((handle, Some(RegionKind::Loop(levels))));
        }
        let handle = self.new_op(OpKind::Compute(op));
        Some((handle, Some(RegionKind::Compute(kind))))
    }

    fn loop_op(
        &mut self,
        combined: Option<ComputeKind>,
        statement: &S::Statement,
    ) -> Option<(Handle<Op>, LoopLevels)> {
        let name_span = self.span(self.directive.kind_span.clone());
        if !self.lw.require_loop(statement, &self.name, name_span) {
            self.failed = true;
            return None;
        }
        let mut op = LoopOp {
            combined,
            ..LoopOp::default()
        };
        let mut levels = LoopLevels::default();
        let mut depth_needed: (usize, Option<Span>, &'static str) = (1, None, "");
        // `collapse(force:n)`: the loops may have code between them.
        let mut forced = false;
        for g in self.grouped() {
            let clause = g.clause;
            let default_group = g.device_types.is_empty();
            match (&clause.kind, &clause.args) {
                (ClauseKind::Gang, args) => {
                    let value = match args {
                        ClauseArgs::Gang(a) => GangArgs {
                            num: a.num.as_ref().map(|e| self.expr(e)),
                            dim: a.dim.as_ref().map(|e| self.expr(e)),
                            static_: a.static_.as_ref().map(|s| match s {
                                SynStatic::Star(_) => GangStatic::Star,
                                SynStatic::Expr(e) => GangStatic::Size(self.expr(e)),
                            }),
                        },
                        _ => GangArgs {
                            num: None,
                            dim: None,
                            static_: None,
                        },
                    };
                    if let Some(dim) = value.dim {
                        match self.lw.module_ref().exprs[dim].value {
                            Some(1..=3) => {}
                            Some(_) => {
                                let span = self.span(clause.span.clone());
                                self.error(span, "'dim' argument of 'gang' must be 1, 2 or 3");
                            }
                            None => self.dim_not_constant(dim),
                        }
                    }
                    if default_group {
                        levels.gang = true;
                        levels.gang_dim = value
                            .dim
                            .and_then(|d| self.lw.module_ref().exprs[d].value)
                            .unwrap_or(1);
                    }
                    // num: is for kernels regions only (3.3 2.9.2); dim: for parallel ones.
                    let compute = combined.or(self.lw.regions().enclosing_compute());
                    if value.num.is_some() && compute != Some(ComputeKind::Kernels) {
                        let span = self.span(clause.span.clone());
                        self.error(span, "the 'num' argument of 'gang' is only allowed on loops in a 'kernels' region");
                    }
                    if value.dim.is_some() && compute == Some(ComputeKind::Kernels) {
                        let span = self.span(clause.span.clone());
                        self.error(span, "the 'dim' argument of 'gang' is not allowed on loops in a 'kernels' region");
                    }
                    op.gang.push(DeviceTyped {
                        device_types: g.device_types,
                        value,
                    });
                }
                (ClauseKind::Worker, args) => {
                    let value = match args {
                        ClauseArgs::Worker(Some(e)) | ClauseArgs::Expr(e) => Some(self.expr(e)),
                        _ => None,
                    };
                    levels.worker |= default_group;
                    if value.is_some()
                        && combined.or(self.lw.regions().enclosing_compute())
                            != Some(ComputeKind::Kernels)
                    {
                        let span = self.span(clause.span.clone());
                        self.error(span, "the 'num' argument of 'worker' is only allowed on loops in a 'kernels' region");
                    }
                    op.worker.push(DeviceTyped {
                        device_types: g.device_types,
                        value,
                    });
                }
                (ClauseKind::Vector, args) => {
                    let value = match args {
                        ClauseArgs::Vector(Some(e)) | ClauseArgs::Expr(e) => Some(self.expr(e)),
                        _ => None,
                    };
                    levels.vector |= default_group;
                    if value.is_some()
                        && combined.or(self.lw.regions().enclosing_compute())
                            != Some(ComputeKind::Kernels)
                    {
                        let span = self.span(clause.span.clone());
                        self.error(span, "the 'length' argument of 'vector' is only allowed on loops in a 'kernels' region");
                    }
                    op.vector.push(DeviceTyped {
                        device_types: g.device_types,
                        value,
                    });
                }
                (ClauseKind::Seq, _) => op.seq.push(g.device_types),
                (ClauseKind::Independent, _) => op.independent.push(g.device_types),
                (ClauseKind::Auto, _) => op.auto_.push(g.device_types),
                (ClauseKind::Collapse, ClauseArgs::Collapse { force, count }) => {
                    let span = self.span(clause.span.clone());
                    match directive::const_int(&count.text) {
                        Some(n @ 1..=64) => {
                            if n as usize > depth_needed.0 {
                                depth_needed = (n as usize, Some(span), "collapse");
                            }
                            forced |= *force;
                            op.collapse.push(DeviceTyped {
                                device_types: g.device_types,
                                value: Collapse {
                                    count: n as u32,
                                    force: *force,
                                },
                            });
                        }
                        // A constant below 1 was already reported by the directive grammar.
                        Some(_) => self.failed = true,
                        None => {
                            self.error(span, "collapse count must be a positive integer constant")
                        }
                    }
                }
                (ClauseKind::Tile, ClauseArgs::Tile(sizes)) => {
                    let span = self.span(clause.span.clone());
                    let value: Vec<TileSize> = sizes
                        .iter()
                        .map(|s| match s {
                            SynTile::Star(_) => TileSize::Star,
                            SynTile::Expr(e) => TileSize::Size(self.expr(e)),
                        })
                        .collect();
                    if value.len() > depth_needed.0 {
                        depth_needed = (value.len(), Some(span), "tile");
                    }
                    op.tile.push(DeviceTyped {
                        device_types: g.device_types,
                        value,
                    });
                }
                (ClauseKind::Private, ClauseArgs::Vars(vars)) => {
                    op.private.extend(self.privates(vars, false))
                }
                (ClauseKind::Reduction, ClauseArgs::Reduction { op: rop, vars, .. }) => {
                    op.reduction.extend(self.reductions(*rop, vars))
                }
                _ => {}
            }
        }
        // Levels must strictly decrease inward: gang > worker > vector.
        let rank = |l: &LoopLevels| -> (u8, u8) {
            let high = if l.gang {
                3
            } else if l.worker {
                2
            } else if l.vector {
                1
            } else {
                0
            };
            let low = if l.vector {
                1
            } else if l.worker {
                2
            } else if l.gang {
                3
            } else {
                0
            };
            (high, low)
        };
        let (inner_high, _) = rank(&levels);
        if inner_high > 0 && combined.is_none() {
            for outer in self.lw.regions().open_loop_levels() {
                let (_, outer_low) = rank(&outer);
                // A gang loop may sit in a gang loop of a higher dimension (3.3 gang(dim:)).
                let lower_dim =
                    inner_high == 3 && outer_low == 3 && levels.gang_dim < outer.gang_dim;
                if outer_low > 0 && inner_high >= outer_low && !lower_dim {
                    let level_name = |r: u8| match r {
                        3 => "gang",
                        2 => "worker",
                        _ => "vector",
                    };
                    let message = format!(
                        "a '{}' loop cannot be nested inside a '{}' loop",
                        level_name(inner_high),
                        level_name(outer_low)
                    );
                    self.error(name_span, message);
                    break;
                }
            }
        }
        let request = LoopRequest {
            name: &self.name,
            name_span,
            depth: depth_needed.0,
            depth_clause: depth_needed.2,
            depth_span: depth_needed.1,
            forced,
        };
        let Some(control) = self.lw.associated_loops(statement, &request) else {
            self.failed = true;
            return None;
        };
        op.control = control;
        if self.failed {
            return None;
        }
        let handle = self.new_op(OpKind::Loop(op));
        Some((handle, levels))
    }

    fn data(&mut self, _statement: &S::Statement) -> Option<(Handle<Op>, Option<RegionKind>)> {
        let queues = self.queues();
        let mut op = DataConstruct {
            if_cond: self.single_expr(ClauseKind::If),
            queues: queues.clone(),
            default: self.default_kind(),
            data_entry: Vec::new(),
            data_exit: Vec::new(),
            body: Vec::new(),
        };
        for g in self.grouped() {
            if let ClauseArgs::Vars(vars) = &g.clause.args {
                if is_data_clause(g.clause.kind) {
                    let (entries, exits) =
                        self.data_clause(g.clause.kind, vars, Site::Data, &queues.async_);
                    op.data_entry.extend(entries);
                    op.data_exit.extend(exits);
                }
            }
        }
        let handle = self.new_op(OpKind::Data(op));
        Some((handle, Some(RegionKind::Data)))
    }

    fn host_data(&mut self, _statement: &S::Statement) -> Option<(Handle<Op>, Option<RegionKind>)> {
        let mut op = HostDataOp {
            if_cond: self.single_expr(ClauseKind::If),
            if_present: self.has(ClauseKind::IfPresent),
            use_device: Vec::new(),
            body: Vec::new(),
        };
        for g in self.grouped() {
            if let (ClauseKind::UseDevice, ClauseArgs::Vars(vars)) = (g.clause.kind, &g.clause.args)
            {
                let (entries, _) =
                    self.data_clause(ClauseKind::UseDevice, vars, Site::HostData, &[]);
                op.use_device.extend(entries);
            }
        }
        let handle = self.new_op(OpKind::HostData(op));
        Some((handle, Some(RegionKind::Data)))
    }

    fn standalone(&mut self, site: Site) -> Option<(Handle<Op>, Option<RegionKind>)> {
        let queues = self.queues();
        let mut op = StandaloneDataOp {
            if_cond: self.single_expr(ClauseKind::If),
            queues: queues.clone(),
            finalize: self.has(ClauseKind::Finalize),
            if_present: self.has(ClauseKind::IfPresent),
            data_entry: Vec::new(),
            data_exit: Vec::new(),
        };
        for g in self.grouped() {
            if let ClauseArgs::Vars(vars) = &g.clause.args {
                let (entries, exits) = self.data_clause(g.clause.kind, vars, site, &queues.async_);
                op.data_entry.extend(entries);
                op.data_exit.extend(exits);
            }
        }
        let kind = match site {
            Site::EnterData => OpKind::EnterData(op),
            Site::ExitData => OpKind::ExitData(op),
            _ => OpKind::Update(op),
        };
        Some((self.new_op(kind), None))
    }

    fn wait(&mut self) -> Option<(Handle<Op>, Option<RegionKind>)> {
        let arg = match &self.directive.args {
            Some(DirectiveArgs::Wait(w)) => Some(self.wait_arg(w)),
            _ => None,
        };
        let async_ = self.async_list().into_iter().next().map(|a| a.value);
        let op = WaitOp {
            arg,
            async_,
            if_cond: self.single_expr(ClauseKind::If),
        };
        Some((self.new_op(OpKind::Wait(op)), None))
    }

    fn device_op(&mut self) -> Option<(Handle<Op>, Option<RegionKind>)> {
        let mut op = DeviceOp {
            device_types: Vec::new(),
            device_num: self.single_expr(ClauseKind::DeviceNum),
            default_async: self.single_expr(ClauseKind::DefaultAsync),
            if_cond: self.single_expr(ClauseKind::If),
        };
        for clause in &self.directive.clauses {
            if let ClauseArgs::DeviceType(names) = &clause.args {
                op.device_types
                    .extend(names.iter().map(|n| DeviceType::from_name(&n.name)));
            }
        }
        let kind = match self.directive.kind {
            DirectiveKind::Init => OpKind::Init(op),
            DirectiveKind::Shutdown => OpKind::Shutdown(op),
            _ => OpKind::Set(op),
        };
        Some((self.new_op(kind), None))
    }

    fn atomic(
        &mut self,
        kind: SynAtomic,
        statement: &S::Statement,
    ) -> Option<(Handle<Op>, Option<RegionKind>)> {
        let (kind, implicit_update) = match kind {
            SynAtomic::Read => (AtomicKind::Read, false),
            SynAtomic::Write => (AtomicKind::Write, false),
            SynAtomic::Update => (AtomicKind::Update, false),
            SynAtomic::Capture => (AtomicKind::Capture, false),
            SynAtomic::Implicit => (AtomicKind::Update, true),
        };
        let statement_text = match self.lw.atomic_statement(statement, kind) {
            Ok(text) => text,
            Err(message) => {
                let span = self.lw.statement_span(statement);
                let name_span = self.span(self.directive.kind_span.clone());
                self.lw.report(
                    Diagnostic::error(
                        span,
                        format!("invalid statement for '{}': {}", self.name, message),
                    )
                    .with_note(name_span, "directive is here"),
                );
                self.failed = true;
                return None;
            }
        };
        let op = AtomicOp {
            kind,
            implicit_update,
            if_cond: self.single_expr(ClauseKind::If),
            statement: statement_text,
        };
        Some((self.new_op(OpKind::Atomic(op)), None))
    }

    fn cache(&mut self) -> Option<(Handle<Op>, Option<RegionKind>)> {
        let name_span = self.span(self.directive.kind_span.clone());
        if !self.lw.regions().in_loop() && !self.lw.inside_loop(self.at) {
            let message = format!("'{}' must appear inside a loop", self.name);
            self.error(name_span, message);
            return None;
        }
        let Some(DirectiveArgs::Vars(vars)) = &self.directive.args else {
            let message = format!("'{}' requires a parenthesised list", self.name);
            self.error(name_span, message);
            return None;
        };
        let vars = vars.clone();
        let (operands, _) = self.data_clause_list(&vars, Site::Cache, DataClause::Cache, &[]);
        Some((self.new_op(OpKind::Cache(CacheOp { operands })), None))
    }

    fn routine(&mut self) -> Option<(Handle<Op>, Option<RegionKind>)> {
        let name_span = self.span(self.directive.kind_span.clone());
        let name = match &self.directive.args {
            Some(DirectiveArgs::Name(ident)) => Some(ident),
            _ => None,
        };
        let Some((function, named)) = self.lw.routine_target(name, self.at, name_span) else {
            self.failed = true;
            return None;
        };
        let mut op = RoutineOp {
            function,
            named,
            level: Vec::new(),
            gang_dim: Vec::new(),
            bind: Vec::new(),
            nohost: false,
        };
        for g in self.grouped() {
            let clause = g.clause;
            let level = match clause.kind {
                ClauseKind::Gang => Some(ParLevel::Gang),
                ClauseKind::Worker => Some(ParLevel::Worker),
                ClauseKind::Vector => Some(ParLevel::Vector),
                ClauseKind::Seq => Some(ParLevel::Seq),
                _ => None,
            };
            if let Some(level) = level {
                // Two levels in one group were already reported by the directive grammar.
                if op.level.iter().any(|l| l.device_types == g.device_types) {
                    self.failed = true;
                    continue;
                }
                if let ClauseArgs::Gang(args) = &clause.args {
                    if args.num.is_some() || args.static_.is_some() {
                        let span = self.span(clause.span.clone());
                        self.error(
                            span,
                            format!("only 'dim' may be given to 'gang' on '{}'", self.name),
                        );
                    }
                    if let Some(dim) = &args.dim {
                        let value = self.expr(dim);
                        if self.lw.module_ref().exprs[value].value.is_none() {
                            self.dim_not_constant(value);
                        }
                        op.gang_dim.push(DeviceTyped {
                            device_types: g.device_types.clone(),
                            value,
                        });
                    }
                }
                op.level.push(DeviceTyped {
                    device_types: g.device_types,
                    value: level,
                });
                continue;
            }
            match (&clause.kind, &clause.args) {
                (ClauseKind::Bind, ClauseArgs::Bind(name)) => {
                    let value = match name {
                        // A Fortran name is case-insensitive: its procedures are known in
                        // lower case. A string names the symbol exactly.
                        SynBind::Ident(id) if self.lw.language() == Language::Fortran => {
                            BindName::Identifier(id.name.to_ascii_lowercase())
                        }
                        SynBind::Ident(id) => BindName::Identifier(id.name.clone()),
                        SynBind::String(s, _) => BindName::String(s.clone()),
                    };
                    op.bind.push(DeviceTyped {
                        device_types: g.device_types,
                        value,
                    });
                }
                (ClauseKind::Nohost, _) => op.nohost = true,
                _ => {}
            }
        }
        Some((self.new_op(OpKind::Routine(op)), None))
    }

    fn declare(&mut self) -> Option<(Handle<Op>, Option<RegionKind>)> {
        let global = self.lw.declare_is_global(self.at);
        let site = if global {
            Site::DeclareGlobal
        } else {
            Site::DeclareLocal
        };
        let mut op = DeclareOp {
            global,
            data_entry: Vec::new(),
            data_exit: Vec::new(),
        };
        for g in self.grouped() {
            if let ClauseArgs::Vars(vars) = &g.clause.args {
                if global
                    && !matches!(
                        g.clause.kind,
                        ClauseKind::Create
                            | ClauseKind::Copyin
                            | ClauseKind::Deviceptr
                            | ClauseKind::DeviceResident
                            | ClauseKind::Link
                    )
                {
                    let span = self.span(g.clause.name_span.clone());
                    self.error(
                        span,
                        format!(
                            "clause '{}' is not allowed on '{}' at {}",
                            g.clause.kind.spelling(),
                            self.name,
                            global_scope_name(self.lw.language())
                        ),
                    );
                    continue;
                }
                let (entries, exits) = self.data_clause(g.clause.kind, vars, site, &[]);
                op.data_entry.extend(entries);
                op.data_exit.extend(exits);
            }
        }
        Some((self.new_op(OpKind::Declare(op)), None))
    }

    /// Decomposes one data clause into entry and exit ops.
    fn data_clause(
        &mut self,
        kind: ClauseKind,
        vars: &VarList,
        site: Site,
        async_: &[DeviceTyped<AsyncArg>],
    ) -> (Vec<Handle<DataOp>>, Vec<Handle<DataOp>>) {
        let clause = match kind {
            ClauseKind::Copy => DataClause::Copy,
            ClauseKind::Copyin => DataClause::Copyin,
            ClauseKind::Copyout => DataClause::Copyout,
            ClauseKind::Create => DataClause::Create,
            ClauseKind::Present => DataClause::Present,
            ClauseKind::NoCreate => DataClause::NoCreate,
            ClauseKind::Deviceptr => DataClause::Deviceptr,
            ClauseKind::Attach => DataClause::Attach,
            ClauseKind::Detach => DataClause::Detach,
            ClauseKind::Delete => DataClause::Delete,
            ClauseKind::UseDevice => DataClause::UseDevice,
            ClauseKind::Host => DataClause::UpdateHost,
            ClauseKind::SelfClause => DataClause::UpdateSelf,
            ClauseKind::Device => DataClause::UpdateDevice,
            ClauseKind::DeviceResident => DataClause::DeviceResident,
            ClauseKind::Link => DataClause::Link,
            _ => return (Vec::new(), Vec::new()),
        };
        self.data_clause_list(vars, site, clause, async_)
    }

    fn data_clause_list(
        &mut self,
        vars: &VarList,
        site: Site,
        clause: DataClause,
        async_: &[DeviceTyped<AsyncArg>],
    ) -> (Vec<Handle<DataOp>>, Vec<Handle<DataOp>>) {
        let modifiers = match vars.modifier {
            Some((DataModifier::Readonly, _)) => Modifiers {
                readonly: true,
                zero: false,
            },
            Some((DataModifier::Zero, _)) => Modifiers {
                readonly: false,
                zero: true,
            },
            None => Modifiers::default(),
        };
        let structured = !matches!(
            site,
            Site::EnterData | Site::ExitData | Site::Update | Site::DeclareGlobal
        );
        let (entry_kind, exit_kind) = decompose(clause, site);
        let mut entries = Vec::new();
        let mut exits = Vec::new();
        for var_ref in &vars.vars {
            let operand = if clause == DataClause::UseDevice {
                self.lw.address_operand(var_ref, self.at)
            } else {
                self.lw.operand(var_ref, self.at)
            };
            let Some(mut operand) = operand else {
                self.failed = true;
                continue;
            };
            if let Some(target) = self.pointer_target(var_ref, &operand, clause, site) {
                operand = target;
            }
            match self.array_parameter(var_ref, clause, site) {
                Some(Ok(whole)) => operand = whole,
                Some(Err(())) => continue,
                None => {}
            }
            match self.check_operand(&operand, clause, site) {
                Checked::Rejected | Checked::Subsumed => continue,
                Checked::Repeated(index) => {
                    self.repeat(index, &operand, clause, modifiers, site);
                    continue;
                }
                Checked::Accepted => {}
            }
            let extras = DataOpExtras {
                modifiers,
                async_: async_.to_vec(),
                recipe: None,
            };
            let entry = data_op(
                self.lw.module(),
                &operand,
                entry_kind,
                clause,
                structured,
                extras,
            );
            entries.push(entry);
            let exit = exit_kind.map(|exit_kind| exit_op(self.lw.module(), entry, exit_kind));
            exits.extend(exit);
            // (Only the sites that check repeated data record the operand.)
            if let Some(seen) = self
                .operands_seen
                .last_mut()
                .filter(|seen| seen.span == operand.span && seen.var == operand.var)
            {
                seen.ops = Some((entry, exit));
            }
        }
        (entries, exits)
    }

    /// A C pointer named bare in a `present` or `no_create` clause of a compute or data
    /// construct (`present(a)` after `enter data copyin(a[0:n])`) stands for the data it points
    /// to, as the zero-length section `a[0:0]`: the clause finds the block that holds the
    /// pointer's target, and the region gets the pointer translated to its device address.
    /// (The pointer variable itself is hardly ever what such a clause means: NVHPC and GCC
    /// programs use this spelling for the target, and nothing maps the pointer variable.)
    fn pointer_target(
        &mut self,
        var_ref: &VarRef,
        operand: &Operand,
        clause: DataClause,
        site: Site,
    ) -> Option<Operand> {
        let pointer = matches!(
            self.lw.module_ref().types.get(operand.ty),
            TypeInner::Pointer { .. }
        );
        if self.lw.language() != Language::C
            || !matches!(clause, DataClause::Present | DataClause::NoCreate)
            || !matches!(site, Site::Compute | Site::Data)
            || !var_ref.path.is_empty()
            || !pointer
        {
            return None;
        }
        let zero = |span: &std::ops::Range<u32>| Expr {
            text: "0".to_string(),
            span: span.end..span.end,
        };
        let mut section = var_ref.clone();
        section
            .path
            .push(directive::PathElem::Subscript(vec![directive::Subscript {
                span: var_ref.span.end..var_ref.span.end,
                kind: directive::SubscriptKind::Section {
                    lower: Some(zero(&var_ref.span)),
                    length: Some(zero(&var_ref.span)),
                },
            }]));
        let mut target = self.lw.operand(&section, self.at)?;
        target.name = operand.name.clone();
        target.span = operand.span;
        Some(target)
    }

    /// A C array parameter named bare in a data or update clause (`copyin(A)` of `double
    /// A[NX][NY]`): C makes `A` a pointer, and mapping the pointer (8 bytes) is never what
    /// such a clause means; like NVHPC, the clause maps the declared extent, `A[0:NX]`, with a
    /// remark. Without a declared extent (`double x[]`) it is an error asking for a section.
    /// `Some(Err(()))` when the operand was reported.
    fn array_parameter(
        &mut self,
        var_ref: &VarRef,
        clause: DataClause,
        site: Site,
    ) -> Option<Result<Operand, ()>> {
        if !var_ref.path.is_empty()
            || matches!(
                clause,
                DataClause::Deviceptr
                    | DataClause::Attach
                    | DataClause::Detach
                    | DataClause::UseDevice
                    | DataClause::Link
            )
            || matches!(site, Site::DeclareGlobal | Site::HostData)
        {
            return None;
        }
        let extent = self.lw.array_parameter_extent(var_ref, self.at)?;
        let span = self.span(var_ref.span.clone());
        let Some(extent) = extent else {
            self.error(
                span,
                format!(
                    "'{0}' is an array parameter without a declared extent (a pointer in C); name the part to map as a section '{0}[lower:length]'",
                    var_ref.base.name
                ),
            );
            self.failed = true;
            return Some(Err(()));
        };
        let at = var_ref.span.end..var_ref.span.end;
        let mut section = var_ref.clone();
        section
            .path
            .push(directive::PathElem::Subscript(vec![directive::Subscript {
                span: at.clone(),
                kind: directive::SubscriptKind::Section {
                    lower: Some(Expr {
                        text: "0".to_string(),
                        span: at.clone(),
                    }),
                    length: Some(Expr {
                        text: extent.clone(),
                        span: at,
                    }),
                },
            }]));
        let mut operand = match self.lw.operand(&section, self.at) {
            Some(operand) => operand,
            None => {
                self.failed = true;
                return Some(Err(()));
            }
        };
        operand.span = span;
        self.lw.report(Diagnostic::remark(
            span,
            format!(
                "'{0}' is an array parameter (a pointer in C): the clause maps its declared extent, '{0}[0:{extent}]'",
                var_ref.base.name
            ),
        ));
        Some(Ok(operand))
    }

    /// The operand names data that an earlier clause of the directive (at `index` of
    /// `operands_seen`) names too: the earlier ops take on both clauses' actions, with a
    /// warning.
    fn repeat(
        &mut self,
        index: usize,
        operand: &Operand,
        clause: DataClause,
        modifiers: Modifiers,
        site: Site,
    ) {
        let seen = &self.operands_seen[index];
        let (previous, previous_span, ops) = (seen.clause, seen.span, seen.ops);
        let Some(((entry, exit), merged)) = ops.zip(union_clause(site, previous, clause)) else {
            return;
        };
        let (entry_kind, exit_kind) = decompose(merged, site);
        let module = self.lw.module();
        let modifiers = {
            let old = module.data_ops[entry].modifiers;
            Modifiers {
                readonly: old.readonly && modifiers.readonly,
                zero: (old.zero || modifiers.zero) && entry_kind == DataOpKind::Create,
            }
        };
        for (op, kind) in [(Some(entry), Some(entry_kind)), (exit, exit_kind)] {
            if let (Some(op), Some(kind)) = (op, kind) {
                let data = &mut module.data_ops[op];
                data.kind = kind;
                data.data_clause = merged;
                data.modifiers = modifiers;
            }
        }
        self.operands_seen[index].clause = merged;
        let how = if merged == previous || merged == clause {
            format!("as '{}'", merged.spelling())
        } else {
            format!("as '{}', which does both", merged.spelling())
        };
        self.lw.report(
            Diagnostic::warning(
                operand.span,
                format!(
                    "'{}' appears in more than one data clause ('{}' and '{}'); it is mapped once, {how}",
                    operand.name,
                    previous.spelling(),
                    clause.spelling()
                ),
            )
            .with_note(previous_span, "first given here"),
        );
    }

    /// Type and duplicate checks of one operand; reports and returns false when it is rejected.
    fn check_operand(&mut self, operand: &Operand, clause: DataClause, site: Site) -> Checked {
        let module = self.lw.module_ref();
        let var = &module.variables[operand.var];
        let var_name = var.name.clone();
        let storage = var.storage;
        let language = module.language;
        // Fortran's `deviceptr` takes dummy arguments of any type (OpenACC 3.3 2.7.5).
        let needs_pointer = match clause {
            DataClause::Attach | DataClause::Detach => true,
            DataClause::Deviceptr => language == Language::C,
            _ => false,
        };
        if needs_pointer && !operand.attachable {
            let what = match language {
                Language::C => "must be a pointer",
                Language::Fortran => "must have the POINTER or ALLOCATABLE attribute",
            };
            self.error(
                operand.span,
                format!(
                    "'{}' in '{}' clause {what}",
                    operand.name,
                    clause.spelling()
                ),
            );
            return Checked::Rejected;
        }
        // `p[lo:n][lo2:n2]` of an array of pointers maps one block per pointer (each attached);
        // only the data clauses and update move data that way.
        let layout = module.section_layout_of(operand.var, &operand.path, operand.bounds.len());
        let rows_clause = matches!(
            clause,
            DataClause::Copy
                | DataClause::Copyin
                | DataClause::Copyout
                | DataClause::Create
                | DataClause::Present
                | DataClause::NoCreate
                | DataClause::Delete
                | DataClause::UpdateHost
                | DataClause::UpdateSelf
                | DataClause::UpdateDevice
        ) && !matches!(site, Site::DeclareLocal | Site::DeclareGlobal);
        match layout {
            SectionLayout::Contiguous => {}
            SectionLayout::PointerRows if rows_clause => {}
            SectionLayout::PointerRows => {
                self.error(
                    operand.span,
                    format!(
                        "'{}' in '{}' clause: a section through an array of pointers (one block per pointer) is only supported in data clauses and update",
                        operand.name,
                        clause.spelling()
                    ),
                );
                return Checked::Rejected;
            }
            SectionLayout::Unsupported => {
                self.error(
                    operand.span,
                    format!(
                        "'{}' steps through pointers below its second dimension; only 'p[lo:n][lo2:n2]' of an array of pointers maps one block per pointer",
                        operand.name
                    ),
                );
                return Checked::Rejected;
            }
        }
        match site {
            Site::DeclareGlobal if matches!(storage, Storage::Local | Storage::Parameter) => {
                let message = format!(
                    "variable '{var_name}' in '{}' must be declared at {}",
                    self.name,
                    global_scope_name(self.lw.language())
                );
                self.error(operand.span, message);
                return Checked::Rejected;
            }
            Site::DeclareLocal if matches!(storage, Storage::Global | Storage::Extern) => {
                self.error(
                    operand.span,
                    format!("variable '{var_name}' in '{}' must be declared in the same scope as the directive", self.name),
                );
                return Checked::Rejected;
            }
            // A function's `declare` may name a section of an array or of what a pointer points
            // to (`declare copy(c[0:n])`), mapped from the directive to the function's end; a
            // global `declare` maps whole variables for the program's life.
            Site::DeclareGlobal
                if !operand.path.is_empty() || operand.ty != module.variables[operand.var].ty =>
            {
                let message = format!(
                    "'{}' takes whole variables, not members or subarrays",
                    self.name
                );
                self.error(operand.span, message);
                return Checked::Rejected;
            }
            _ => {}
        }
        // `attach` and `detach` name a pointer inside data other clauses may map (`copyin(s)
        // attach(s.p)`): they are no second mapping of it.
        let maps = !matches!(clause, DataClause::Attach | DataClause::Detach);
        if maps
            && matches!(
                site,
                Site::Compute
                    | Site::Data
                    | Site::EnterData
                    | Site::ExitData
                    | Site::DeclareLocal
                    | Site::DeclareGlobal
            )
        {
            let module = self.lw.module_ref();
            let clash = self.operands_seen.iter().position(|seen| {
                seen.var == operand.var
                    && seen.through_pointer == operand.through_pointer
                    && paths_overlap(&seen.path, &operand.path)
                    && sections_overlap(module, &seen.bounds, &operand.bounds)
            });
            if let Some(index) = clash {
                let seen = &self.operands_seen[index];
                if seen.path == operand.path
                    && same_section(module, &seen.bounds, &operand.bounds)
                    && seen.ops.is_some()
                    && union_clause(site, seen.clause, clause).is_some()
                {
                    return Checked::Repeated(index);
                }
                // `copyin(s) copyin(s.n)` (XSBench, RSBench): the member is mapped with `s`.
                let whole = seen.bounds.is_empty()
                    && seen.path.len() < operand.path.len()
                    && operand.path.starts_with(&seen.path);
                if whole && union_clause(site, seen.clause, clause) == Some(seen.clause) {
                    let (previous, previous_span) = (seen.clause, seen.span);
                    let base = seen.name.clone();
                    self.lw.report(
                        Diagnostic::warning(
                            operand.span,
                            format!(
                                "'{}' is part of '{base}', which the '{}' clause maps already; this '{}' clause adds nothing",
                                operand.name,
                                previous.spelling(),
                                clause.spelling()
                            ),
                        )
                        .with_note(previous_span, "first given here"),
                    );
                    return Checked::Subsumed;
                }
            }
            let clash = clash.map(|index| {
                let seen = &self.operands_seen[index];
                (seen.span, seen.clause.spelling())
            });
            if let Some((previous_span, previous)) = clash {
                self.lw.report(
                    Diagnostic::error(
                        operand.span,
                        format!(
                            "'{}' appears in more than one data clause ('{}' and '{}')",
                            operand.name,
                            previous,
                            clause.spelling()
                        ),
                    )
                    .with_note(previous_span, "first given here"),
                );
                self.failed = true;
                return Checked::Rejected;
            }
            self.operands_seen.push(Seen {
                var: operand.var,
                through_pointer: operand.through_pointer,
                path: operand.path.clone(),
                bounds: operand.bounds.clone(),
                name: operand.name.clone(),
                span: operand.span,
                clause,
                ops: None,
            });
        }
        Checked::Accepted
    }

    fn privates(&mut self, vars: &VarList, first: bool) -> Vec<Handle<DataOp>> {
        let clause = if first {
            DataClause::Firstprivate
        } else {
            DataClause::Private
        };
        let mut ops = Vec::new();
        for var_ref in &vars.vars {
            let Some(operand) = self.lw.operand(var_ref, self.at) else {
                self.failed = true;
                continue;
            };
            if !matches!(
                self.check_operand(&operand, clause, Site::Compute),
                Checked::Accepted
            ) {
                continue;
            }
            let recipe = if first {
                firstprivate_recipe(self.lw.module(), operand.ty, operand.span)
            } else {
                private_recipe(self.lw.module(), operand.ty, operand.span)
            };
            let kind = if first {
                DataOpKind::Firstprivate
            } else {
                DataOpKind::Private
            };
            let extras = DataOpExtras {
                recipe: Some(recipe),
                ..DataOpExtras::default()
            };
            ops.push(data_op(
                self.lw.module(),
                &operand,
                kind,
                clause,
                true,
                extras,
            ));
        }
        ops
    }

    fn reductions(&mut self, op: ReductionOp, vars: &VarList) -> Vec<Handle<DataOp>> {
        let mut ops = Vec::new();
        for var_ref in &vars.vars {
            let Some(operand) = self.lw.operand(var_ref, self.at) else {
                self.failed = true;
                continue;
            };
            let types = &self.lw.module_ref().types;
            let mut element = operand.ty;
            while let TypeInner::Array { element: inner, .. } = types.get(element) {
                element = *inner;
            }
            let type_name = self.lw.type_name(element);
            let Some(kind) = types.element_scalar(operand.ty) else {
                self.error(
                    operand.span,
                    format!(
                        "reduction variable '{}' has type '{}', which is not arithmetic",
                        operand.name, type_name
                    ),
                );
                continue;
            };
            let language = self.lw.language();
            if !op.allows(kind, language) {
                let spelling = op.spelling(language);
                self.error(
                    operand.span,
                    format!(
                        "reduction operator '{spelling}' is not valid for '{}' of type '{}'",
                        operand.name, type_name
                    ),
                );
                continue;
            }
            if let Some((span, previous)) = self
                .operands_seen
                .iter()
                .find(|seen| {
                    seen.var == operand.var
                        && seen.through_pointer == operand.through_pointer
                        && matches!(seen.clause, DataClause::Private | DataClause::Firstprivate)
                })
                .map(|seen| (seen.span, seen.clause.spelling()))
            {
                self.lw.report(
                    Diagnostic::error(
                        operand.span,
                        format!(
                            "'{}' appears in both '{}' and 'reduction' clauses",
                            operand.name, previous
                        ),
                    )
                    .with_note(span, "first given here"),
                );
                self.failed = true;
                continue;
            }
            let recipe = reduction_recipe(self.lw.module(), op, element, kind, operand.span);
            let extras = DataOpExtras {
                recipe: Some(recipe),
                ..DataOpExtras::default()
            };
            ops.push(data_op(
                self.lw.module(),
                &operand,
                DataOpKind::Reduction,
                DataClause::Reduction,
                true,
                extras,
            ));
        }
        ops
    }
}

fn is_data_clause(kind: ClauseKind) -> bool {
    matches!(
        kind,
        ClauseKind::Copy
            | ClauseKind::Copyin
            | ClauseKind::Copyout
            | ClauseKind::Create
            | ClauseKind::Present
            | ClauseKind::NoCreate
            | ClauseKind::Deviceptr
            | ClauseKind::Attach
    )
}

/// The entry and exit actions of a clause at a site (DESIGN.md's decomposition table).
fn decompose(clause: DataClause, site: Site) -> (DataOpKind, Option<DataOpKind>) {
    use DataClause as C;
    use DataOpKind as K;
    match (site, clause) {
        (Site::EnterData, C::Copyin) => (K::Copyin, None),
        (Site::EnterData, C::Create) => (K::Create, None),
        (Site::EnterData, C::Attach) => (K::Attach, None),
        (Site::ExitData, C::Copyout) => (K::GetDevicePtr, Some(K::Copyout)),
        (Site::ExitData, C::Delete) => (K::GetDevicePtr, Some(K::Delete)),
        (Site::ExitData, C::Detach) => (K::GetDevicePtr, Some(K::Detach)),
        (Site::Update, C::UpdateHost | C::UpdateSelf) => (K::GetDevicePtr, Some(K::UpdateHost)),
        (Site::Update, _) => (K::UpdateDevice, None),
        (Site::HostData, _) => (K::UseDevice, None),
        (Site::Cache, _) => (K::Cache, None),
        (Site::DeclareGlobal, C::Copyin) => (K::Copyin, None),
        (Site::DeclareGlobal, C::Create) => (K::Create, None),
        (_, C::Copy) => (K::Copyin, Some(K::Copyout)),
        (_, C::Copyin) => (K::Copyin, Some(K::Delete)),
        (_, C::Copyout) => (K::Create, Some(K::Copyout)),
        (_, C::Create) => (K::Create, Some(K::Delete)),
        (_, C::Present) => (K::Present, Some(K::Delete)),
        (_, C::NoCreate) => (K::NoCreate, Some(K::Delete)),
        (_, C::Attach) => (K::Attach, Some(K::Detach)),
        (_, C::Deviceptr) => (K::Deviceptr, None),
        (_, C::DeviceResident) => (K::DeclareDeviceResident, Some(K::Delete)),
        (_, C::Link) => (K::DeclareLink, None),
        (_, C::Detach) => (K::GetDevicePtr, Some(K::Detach)),
        (_, C::Delete) => (K::GetDevicePtr, Some(K::Delete)),
        (_, C::UseDevice) => (K::UseDevice, None),
        (_, C::Cache) => (K::Cache, None),
        (_, C::UpdateHost | C::UpdateSelf) => (K::GetDevicePtr, Some(K::UpdateHost)),
        (_, C::UpdateDevice) => (K::UpdateDevice, None),
        (_, C::Private) => (K::Private, None),
        (_, C::Firstprivate) => (K::Firstprivate, None),
        (_, C::Reduction) => (K::Reduction, None),
    }
}

/// How messages name the scope of a global `declare`.
fn global_scope_name(language: Language) -> &'static str {
    match language {
        Language::C => "file scope",
        Language::Fortran => "module scope",
    }
}
