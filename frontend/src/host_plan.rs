//! The host code of every directive, planned once for both languages: which runtime calls it
//! makes, under which condition, on which queues, with which data items (in order, with their
//! actions and flags), and, for a compute construct, which kernels it launches with which
//! arguments. The C emitter (`c::emit`) and the Fortran emitter (`fortran::emit`) only spell a
//! plan: addresses and byte counts in C expressions over the user's names, or over the C
//! descriptors a Fortran shim receives.
//!
//! Where the IR's types mean different things in the two languages (a C pointer member, a
//! Fortran allocatable component), the plan says so by [`Language`] here, side by side, so that
//! a rule about runtime calls has one place.

use crate::runtime_calls::{
    action, construct_code, data_flags, device_type_number, pointer_action, ACCRT_FINALIZE,
    ACCRT_IF_PRESENT, ACCRT_ROWS,
};
use acc_ir::body::{Kernel, Passing};
use acc_ir::*;
use std::collections::HashMap;

/// Whether a construct runs: `if(cond)` and not `self(cond)`; `None` parts are absent clauses
/// (`self` without a condition is `Some(None)`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Condition {
    pub if_: Option<ExprHandle>,
    pub self_: Option<Option<ExprHandle>>,
}

/// The data one `__accrt_data` item names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ItemForm {
    /// The op's data, one block of host memory.
    Block,
    /// C `p[lo:n][lo2:n2]` over an array of pointers: the pointer array and one block per row
    /// (`ACCRT_ROWS`, [`SectionLayout::PointerRows`]).
    Rows,
    /// The pointer through which the op's data is reached, in the device copy of the object
    /// that holds it (a C pointer member; the base address of a Fortran allocatable
    /// component's descriptor), attached to the data's device copy on entry and detached on
    /// exit (OpenACC 3.3 §2.6.4, §2.7.2). It follows the op's own item, so that entries run
    /// the holder and the data first and exits (in reverse) detach before the holder's copyout.
    Attach(AttachPoint),
}

/// Where the pointer of an [`ItemForm::Attach`] item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AttachPoint {
    /// C: the member the op's path names (`s.v`, `p->x`).
    Member,
    /// Fortran: `offset` bytes into the object the first `holder_steps` steps of the op's path
    /// name (its variable, or the element of an array of derived type the path indexes last);
    /// the descriptor is of an array of rank `rank`. Its device copy gets the host's whole
    /// descriptor (bounds and strides as well as the address: the holder may have been copied
    /// to the device before the component was allocated).
    Descriptor {
        holder_steps: usize,
        offset: u64,
        rank: usize,
    },
}

/// One `__accrt_data` item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Item {
    pub op: Handle<DataOp>,
    pub form: ItemForm,
    pub action: u32,
    pub flags: u32,
}

/// What an item list could not hold: a section that steps through pointers below its second
/// dimension (C; a compile error at the op).
#[derive(Clone, Copy, Debug)]
pub(crate) struct UnsupportedSection(pub Handle<DataOp>);

/// The data calls of a construct with a region: its entry items (`__accrt_enter`) and exit
/// items (`__accrt_exit`), and for each exit item the entry item of the same clause and data,
/// when it has one (C then exits through the entry array, `__accrt_exit_from`).
#[derive(Clone, Debug, Default)]
pub(crate) struct RegionData {
    pub entries: Vec<Item>,
    pub exits: Vec<Item>,
    pub exit_entry: Vec<Option<usize>>,
}

/// A compute construct's host code, between its data entry and exit.
pub(crate) struct ComputePlan<'m> {
    /// `enum __accrt_construct`.
    pub construct: u32,
    /// The kernels to launch when the current device runs them (`__accrt_use_kernels_of`),
    /// in order; `None`: no kernel compiled, the host code runs and the runtime is told
    /// (`__accrt_use_kernels` with `ACCRT_NO_KERNELS`).
    pub launches: Option<Vec<Launch<'m>>>,
    /// Variables private and firstprivate in the host fallback: the construct's, and the
    /// private ones of its loop when combined.
    pub private: Vec<Handle<DataOp>>,
    pub firstprivate: Vec<Handle<DataOp>>,
    pub loop_private: Vec<Handle<DataOp>>,
    /// Launch-size expressions the host code never evaluates (the kernels' launch does): C
    /// names them in `sizeof` so that `-Wall` does not call their variables unused.
    pub unevaluated: Vec<ExprHandle>,
}

/// One kernel launch (`__accrt_launch`).
pub(crate) struct Launch<'m> {
    pub kernel: &'m Kernel,
    /// The construct, whose clauses size the launch.
    pub compute: &'m ComputeOp,
    /// One per kernel parameter, in order (slot `i + 1` of the argument array).
    pub args: Vec<Arg>,
    pub workers: Option<ExprHandle>,
    pub vector: Option<ExprHandle>,
}

/// How a kernel parameter's value is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arg {
    /// The variable's device address, from entry item `entry` of the construct (the item's
    /// device address, moved from its host address to the variable's).
    EntryDevice { var: Handle<Variable>, entry: usize },
    /// The variable's device address, looked up in the present table (present whole, or a
    /// section of it mapped by an enclosing construct).
    PresentDevice { var: Handle<Variable> },
    /// The variable's value, copied at launch.
    Value { var: Handle<Variable> },
    /// A C pointer whose target a clause of the construct maps: the device address it denotes
    /// (from entry item `entry`, else looked up).
    MappedPointer {
        var: Handle<Variable>,
        entry: Option<usize>,
    },
    /// A C pointer no clause of the construct maps (or implicitly firstprivate): its target's
    /// device address when present, else the pointer itself (reported by the data checker).
    UnmappedPointer { var: Handle<Variable> },
    /// A private variable: no value.
    Private { var: Handle<Variable> },
    /// A value device code needs of a Fortran array (`lbound`, `size`, the stride of a
    /// dimension), computed at launch.
    Derived(Derived),
}

/// A standalone data directive's runtime entry point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DataCall {
    Enter,
    Exit,
    Update,
}

impl DataCall {
    pub(crate) fn function(self) -> &'static str {
        match self {
            DataCall::Enter => "__accrt_enter",
            DataCall::Exit => "__accrt_exit",
            DataCall::Update => "__accrt_update",
        }
    }
}

/// `init`, `shutdown` or `set`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DeviceCall {
    Init,
    Shutdown,
    Set { default_async: Option<ExprHandle> },
}

/// The queues a `wait` directive waits for.
#[derive(Clone, Debug)]
pub(crate) enum WaitList {
    All,
    Queues(Vec<ExprHandle>),
}

/// The host code of one directive.
pub(crate) enum Plan<'m> {
    /// A compute or `data` construct: enter, (launch or run the fallback), exit.
    Region {
        condition: Condition,
        queues: &'m AsyncWait,
        data: RegionData,
        compute: Option<ComputePlan<'m>>,
    },
    /// `enter data`, `exit data`, `update`: one data call.
    Data {
        call: DataCall,
        condition: Condition,
        queues: &'m AsyncWait,
        items: Vec<Item>,
    },
    Wait {
        condition: Condition,
        list: WaitList,
        async_: Option<&'m AsyncArg>,
    },
    Device {
        call: DeviceCall,
        condition: Condition,
        /// `acc_device_t`; -1 without a `device_type` clause.
        device_type: i32,
        device_num: Option<ExprHandle>,
    },
    /// A `declare`: its data is entered when its scope begins (the program, for a global one)
    /// and exited when the scope ends.
    Declare { global: bool, data: RegionData },
    /// `host_data`: `use_device` names the device copies in its body.
    HostData {
        condition: Condition,
        use_device: &'m [Handle<DataOp>],
        if_present: bool,
    },
    /// Loops, atomics, `cache` and routines: no host code of their own (their effect is in the
    /// kernels; the fallback runs them as written).
    Nothing,
}

/// Plans the host code of directives: the kernels each compute construct launches (`compiled`:
/// those in the kernel object, `None`: all of them).
pub(crate) struct Planner<'m> {
    module: &'m Module,
    kernels: HashMap<Handle<Op>, Vec<&'m Kernel>>,
}

impl<'m> Planner<'m> {
    pub(crate) fn new(module: &'m Module, compiled: Option<&[String]>) -> Self {
        Planner {
            module,
            kernels: crate::runtime_calls::kernels_by_compute(module, compiled),
        }
    }

    /// Whether compute construct `op` launches kernels (else only its host code runs).
    pub(crate) fn launches(&self, op: Handle<Op>) -> bool {
        self.kernels.contains_key(&op)
    }

    /// Every kernel a compute construct launches.
    pub(crate) fn all_kernels(&self) -> impl Iterator<Item = &'m Kernel> + '_ {
        self.kernels.values().flatten().copied()
    }

    /// The host code of directive `handle`, with the sections accc cannot map.
    pub(crate) fn plan(&self, handle: Handle<Op>) -> (Plan<'m>, Vec<UnsupportedSection>) {
        let module = self.module;
        let mut unsupported = Vec::new();
        let plan = match &module.ops[handle].kind {
            OpKind::Compute(c) => {
                let data = self.region_data(&c.data_entry, &c.data_exit, &mut unsupported);
                let compute = self.compute(handle, c, &data.entries);
                Plan::Region {
                    condition: Condition {
                        if_: c.if_cond,
                        self_: c.self_clause.as_ref().map(|s| s.condition),
                    },
                    queues: &c.queues,
                    data,
                    compute: Some(compute),
                }
            }
            OpKind::Data(d) => Plan::Region {
                condition: Condition {
                    if_: d.if_cond,
                    self_: None,
                },
                queues: &d.queues,
                data: self.region_data(&d.data_entry, &d.data_exit, &mut unsupported),
                compute: None,
            },
            kind @ (OpKind::EnterData(s) | OpKind::ExitData(s) | OpKind::Update(s)) => {
                let mut flags = 0;
                if s.finalize {
                    flags |= ACCRT_FINALIZE;
                }
                if s.if_present {
                    flags |= ACCRT_IF_PRESENT;
                }
                let (call, ops) = match kind {
                    OpKind::EnterData(_) => (DataCall::Enter, s.data_entry.clone()),
                    OpKind::ExitData(_) => (DataCall::Exit, s.data_exit.clone()),
                    _ => {
                        // Update: `device` ops are entries, `host`/`self` ops are the exits.
                        let mut ops = s.data_entry.clone();
                        ops.retain(|d| module.data_ops[*d].kind == DataOpKind::UpdateDevice);
                        ops.extend(&s.data_exit);
                        (DataCall::Update, ops)
                    }
                };
                Plan::Data {
                    call,
                    condition: Condition {
                        if_: s.if_cond,
                        self_: None,
                    },
                    queues: &s.queues,
                    items: self.items(&ops, flags, &mut unsupported),
                }
            }
            OpKind::Wait(w) => Plan::Wait {
                condition: Condition {
                    if_: w.if_cond,
                    self_: None,
                },
                list: match &w.arg {
                    Some(arg) if !arg.queues.is_empty() => WaitList::Queues(arg.queues.clone()),
                    _ => WaitList::All,
                },
                async_: w.async_.as_ref(),
            },
            kind @ (OpKind::Init(d) | OpKind::Shutdown(d) | OpKind::Set(d)) => Plan::Device {
                call: match kind {
                    OpKind::Init(_) => DeviceCall::Init,
                    OpKind::Shutdown(_) => DeviceCall::Shutdown,
                    _ => DeviceCall::Set {
                        default_async: d.default_async,
                    },
                },
                condition: Condition {
                    if_: d.if_cond,
                    self_: None,
                },
                device_type: d.device_types.first().map(device_type_number).unwrap_or(-1),
                device_num: d.device_num,
            },
            OpKind::Declare(d) => Plan::Declare {
                global: d.global,
                data: self.region_data(&d.data_entry, &d.data_exit, &mut unsupported),
            },
            OpKind::HostData(h) => Plan::HostData {
                condition: Condition {
                    if_: h.if_cond,
                    self_: None,
                },
                use_device: &h.use_device,
                if_present: h.if_present,
            },
            OpKind::Loop(_) | OpKind::Atomic(_) | OpKind::Cache(_) | OpKind::Routine(_) => {
                Plan::Nothing
            }
        };
        (plan, unsupported)
    }

    /// The entry and exit items of a construct with a region, and which entry each exit
    /// repeats.
    pub(crate) fn region_data(
        &self,
        entry_ops: &[Handle<DataOp>],
        exit_ops: &[Handle<DataOp>],
        unsupported: &mut Vec<UnsupportedSection>,
    ) -> RegionData {
        let entries = self.items(entry_ops, 0, unsupported);
        let exits = self.items(exit_ops, 0, unsupported);
        let exit_entry = exits
            .iter()
            .map(|exit| {
                let entry = self.module.data_ops[exit.op].entry?;
                entries
                    .iter()
                    .position(|item| item.op == entry && item.form == exit.form)
            })
            .collect();
        RegionData {
            entries,
            exits,
            exit_entry,
        }
    }

    /// The `__accrt_data` items of `ops` (ops without a runtime action have none), with
    /// `extra_flags` (finalize, if_present): each op's data, then the attach items of ops
    /// reached through a pointer ([`ItemForm::Attach`]).
    pub(crate) fn items(
        &self,
        ops: &[Handle<DataOp>],
        extra_flags: u32,
        unsupported: &mut Vec<UnsupportedSection>,
    ) -> Vec<Item> {
        let module = self.module;
        let mut items = Vec::new();
        for &op in ops {
            let data = &module.data_ops[op];
            let Some(action) = action(data.kind) else {
                continue;
            };
            let flags = data_flags(data, extra_flags);
            let form = match module.language {
                // An `attach` or `detach` clause naming a Fortran pointer or allocatable
                // component acts on its descriptor in the holder (the data its descriptor
                // describes is not a pointer).
                Language::Fortran
                    if matches!(data.kind, DataOpKind::Attach | DataOpKind::Detach) =>
                {
                    match attach_point(module, data) {
                        Some(point) => ItemForm::Attach(point),
                        None => ItemForm::Block,
                    }
                }
                // Fortran's sections are described by their arrays' descriptors.
                Language::Fortran => ItemForm::Block,
                Language::C => match module.section_layout(data) {
                    SectionLayout::Contiguous => ItemForm::Block,
                    SectionLayout::PointerRows => ItemForm::Rows,
                    SectionLayout::Unsupported => {
                        unsupported.push(UnsupportedSection(op));
                        continue;
                    }
                },
            };
            let flags = match form {
                ItemForm::Rows => flags | ACCRT_ROWS,
                _ => flags,
            };
            items.push(Item {
                op,
                form,
                action,
                flags,
            });
        }
        let blocks: Vec<Item> = items
            .iter()
            .copied()
            .filter(|item| item.form == ItemForm::Block)
            .collect();
        for item in blocks {
            let data = &module.data_ops[item.op];
            let Some(action) = pointer_action(data.kind) else {
                continue;
            };
            let Some(point) = attach_point(module, data) else {
                continue;
            };
            items.push(Item {
                op: item.op,
                form: ItemForm::Attach(point),
                action,
                flags: data_flags(data, extra_flags),
            });
        }
        items
    }

    fn compute(&self, handle: Handle<Op>, c: &'m ComputeOp, entries: &[Item]) -> ComputePlan<'m> {
        let module = self.module;
        let launches = self.kernels.get(&handle).map(|kernels| {
            kernels
                .iter()
                .map(|kernel| Launch {
                    kernel,
                    compute: c,
                    args: kernel
                        .params
                        .iter()
                        .map(|param| self.arg(param, entries))
                        .collect(),
                    workers: default_value(&c.num_workers),
                    vector: default_value(&c.vector_length),
                })
                .collect()
        });
        let mut loop_private = Vec::new();
        let mut unevaluated: Vec<ExprHandle> = c
            .num_gangs
            .iter()
            .flat_map(|n| n.value.iter().copied())
            .chain(c.num_workers.iter().map(|n| n.value))
            .chain(c.vector_length.iter().map(|n| n.value))
            .collect();
        if let Some(OpKind::Loop(l)) = c
            .body
            .first()
            .filter(|_| c.combined)
            .map(|h| &module.ops[*h].kind)
        {
            loop_private.clone_from(&l.private);
            unevaluated.extend(loop_clause_exprs(l));
        }
        unevaluated.retain(|e| module.exprs[*e].value.is_none());
        ComputePlan {
            construct: construct_code(c.kind),
            launches,
            private: c.private.clone(),
            firstprivate: c.firstprivate.clone(),
            loop_private,
            unevaluated,
        }
    }

    /// How kernel parameter `param` gets its value, given the construct's entry items.
    fn arg(&self, param: &acc_ir::body::KernelParam, entries: &[Item]) -> Arg {
        let module = self.module;
        let variable = &module.variables[param.var];
        if let (
            Language::Fortran,
            Some(
                derived @ (Derived::LowerBound { .. }
                | Derived::Extent { .. }
                | Derived::Stride { .. }),
            ),
        ) = (module.language, variable.derived)
        {
            return Arg::Derived(derived);
        }
        if let Some(derived @ Derived::SectionLength { .. }) = variable.derived {
            return Arg::Derived(derived);
        }
        let member = variable.derived.is_some();
        match param.passing {
            Passing::DeviceAddress | Passing::Reduction(_) => {
                // A member a clause maps on its own (`s.a`, `f%v`: `Derived::Member`) has the
                // clause naming the whole member as its data op, when the construct has one.
                match entries.iter().position(|item| {
                    let data = &module.data_ops[item.op];
                    data.var == param.var && data.path.is_empty()
                        || member && param.data_op == Some(item.op)
                }) {
                    Some(entry) => Arg::EntryDevice {
                        var: param.var,
                        entry,
                    },
                    None => Arg::PresentDevice { var: param.var },
                }
            }
            Passing::Private => Arg::Private { var: param.var },
            Passing::Value => {
                // Fortran passes no C pointer by value (`type(c_ptr)` values go as they are).
                let pointer = module.language == Language::C
                    && matches!(module.types.get(variable.ty), TypeInner::Pointer { .. });
                let mapped = param
                    .data_op
                    .is_some_and(|d| module.data_ops[d].kind != DataOpKind::Firstprivate);
                if pointer && mapped {
                    Arg::MappedPointer {
                        var: param.var,
                        entry: param
                            .data_op
                            .and_then(|d| entries.iter().position(|item| item.op == d)),
                    }
                } else if pointer && param.data_op.is_none_or(|d| module.data_ops[d].implicit) {
                    Arg::UnmappedPointer { var: param.var }
                } else {
                    Arg::Value { var: param.var }
                }
            }
        }
    }
}

/// The value of a clause without a `device_type` (`num_workers`, `vector_length`).
fn default_value(list: &[DeviceTyped<ExprHandle>]) -> Option<ExprHandle> {
    list.iter()
        .find(|n| n.device_types.is_empty())
        .map(|n| n.value)
}

/// The expressions of a loop's `gang`, `worker`, `vector` and `tile` clauses.
pub(crate) fn loop_clause_exprs(l: &LoopOp) -> Vec<ExprHandle> {
    let mut exprs: Vec<ExprHandle> = Vec::new();
    for g in &l.gang {
        exprs.extend(g.value.num);
        exprs.extend(g.value.dim);
        if let Some(GangStatic::Size(e)) = g.value.static_ {
            exprs.push(e);
        }
    }
    exprs.extend(l.worker.iter().filter_map(|w| w.value));
    exprs.extend(l.vector.iter().filter_map(|v| v.value));
    for t in &l.tile {
        exprs.extend(t.value.iter().filter_map(|s| match s {
            TileSize::Size(e) => Some(*e),
            TileSize::Star => None,
        }));
    }
    exprs
}

/// Where the pointer to an op's data lies when the data is reached through one that a data
/// clause must attach: C, a section (`s.v[0:n]`, `p->x[0:n]`) through a pointer member of a
/// struct; Fortran, an allocatable array component (`f%v`, `f%g%v`, `a(i)%v`) whose descriptor
/// lies at a static offset in its holder (device code reads the element addresses from it).
pub(crate) fn attach_point(module: &Module, data: &DataOp) -> Option<AttachPoint> {
    match module.language {
        Language::C => (!data.bounds.is_empty() && is_pointer_member(module, data))
            .then_some(AttachPoint::Member),
        Language::Fortran => component_descriptor(module, data),
    }
}

/// Whether the op names a section through a pointer member of a struct (`s.v[0:n]`).
fn is_pointer_member(module: &Module, data: &DataOp) -> bool {
    let types = &module.types;
    let mut ty = module.variables[data.var].ty;
    let mut member = false;
    for step in &data.path {
        match step {
            PathStep::Member { name, arrow } => {
                if *arrow {
                    let TypeInner::Pointer { pointee } = types.get(ty) else {
                        return false;
                    };
                    ty = *pointee;
                }
                let TypeInner::Struct { members, .. } = types.get(ty) else {
                    return false;
                };
                let Some(m) = members.iter().find(|m| &m.name == name) else {
                    return false;
                };
                ty = m.ty;
                member = true;
            }
            PathStep::Index(_) => {
                ty = match types.get(ty) {
                    TypeInner::Array { element, .. } => *element,
                    TypeInner::Pointer { pointee } => *pointee,
                    _ => return false,
                };
                member = false;
            }
        }
    }
    member && matches!(types.get(ty), TypeInner::Pointer { .. })
}

/// The holder and offset of the descriptor of the allocatable array component an op names (the
/// variable and the offset of `v` for `f%v` or `f%g%v`; the element `a(i)` and the offset of
/// `v` in it for `a(i)%v`); `None` for anything else or without a static layout.
fn component_descriptor(module: &Module, data: &DataOp) -> Option<AttachPoint> {
    let types = &module.types;
    let mut ty = module.variables[data.var].ty;
    let mut holder_steps = 0;
    let mut subscripted = false;
    let mut offset = 0u64;
    for (at, step) in data.path.iter().enumerate() {
        match step {
            PathStep::Index(_) => {
                let TypeInner::Array { element, .. } = types.get(ty) else {
                    return None;
                };
                ty = *element;
                subscripted = true;
            }
            PathStep::Member { name, .. } => {
                if subscripted {
                    // The element is the holder from here on.
                    holder_steps = at;
                    subscripted = false;
                    offset = 0;
                }
                let TypeInner::Struct { members, .. } = types.get(ty) else {
                    return None;
                };
                let index = members
                    .iter()
                    .position(|m| m.name.eq_ignore_ascii_case(name))?;
                offset += types.member_offset(ty, index)?;
                ty = members[index].ty;
            }
        }
    }
    let rank = types.descriptor_rank(ty)?;
    (!subscripted).then_some(AttachPoint::Descriptor {
        holder_steps,
        offset,
        rank,
    })
}
