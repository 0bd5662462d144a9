//! Lowering of the body IR ([`acc_ir::body`]) to LLVM IR text: the context shared by the
//! expression, statement, loop, reduction and atomic lowering, and its small helpers (types,
//! loads and stores, locals, variable bindings, `break`/`continue` targets).
//!
//! The lowering keeps every value of the body IR in an LLVM register of its *register* type and
//! every place in memory of its *memory* type (see [`crate::llvm::ty`]). Locals, loop variables
//! and private copies are allocas in the entry block; LLVM's mem2reg turns them into registers.

pub(crate) mod accloop;
pub(crate) mod arith;
pub(crate) mod atomic;
pub(crate) mod call;
pub(crate) mod expr;
pub(crate) mod fork;
pub(crate) mod reduce;
pub(crate) mod stmt;
pub(crate) mod threads;

use std::collections::HashMap;

use acc_ir::body::{BinaryOp, Body, ExprId, LocalId, Stmt};
use acc_ir::{Handle, Module, ScalarKind, Span, Storage, TypeHandle, TypeInner, Variable};

use crate::llvm::text::{global_name, BlockId, FnWriter, LinkUse, ModuleWriter, Val};
use crate::llvm::ty::{self, Ty};
use crate::CodegenError;

pub(crate) type R<T> = Result<T, CodegenError>;

/// Where a program variable lives inside the kernel.
#[derive(Clone, Debug)]
pub(crate) struct Binding {
    /// The address of the variable's storage.
    pub ptr: Val,
    /// Whether other gangs (threads) may access the same storage concurrently: mapped data and
    /// globals are shared; gang-local copies, private copies and partial results are not.
    pub shared: bool,
}

/// The length of a private or firstprivate section: a constant, or an `i64` value known only
/// at run time ([`Cx::section_extent`]).
enum SectionCount {
    Constant(i64),
    Run(Val),
}

/// The targets of `break` and `continue` inside the innermost loop or switch.
#[derive(Clone, Copy, Debug)]
struct JumpTarget {
    break_to: Option<BlockId>,
    continue_to: Option<BlockId>,
}

/// The gang a thread is executing: the number of gangs of the launch and the current gang id.
///
/// Gangs have up to three dimensions (`num_gangs(G1, G2, G3)`, `gang(dim: d)`): the launch
/// runs `G = G1 * G2 * G3` gangs, and gang `g` (flat) is `(g1, g2, g3)` with
/// `g = g1 + G1 * (g2 + G2 * g3)`. A gang loop of dimension `d` divides its iterations among
/// the `G_d` gangs of that dimension by `g_d`; the gangs that differ in the other dimensions run
/// the same part (gang-redundantly along them).
#[derive(Clone, Debug)]
pub(crate) struct Gangs {
    /// `i64`: the number of gangs G.
    pub count: Val,
    /// Pointer to the `i64` id of the gang being executed.
    pub id_slot: Val,
    /// `i64`: the gangs of each dimension, G1, G2, G3.
    pub dims: [Val; 3],
    /// `i64`: the gang's id in each dimension where the target provides them (a GPU's block
    /// indices); `None`: computed from the flat id.
    pub dim_ids: Option<[Val; 3]>,
}

impl Gangs {
    /// One dimension of `count` gangs whose flat id is in `id_slot`.
    pub fn flat(count: Val, id_slot: Val) -> Gangs {
        Gangs {
            count: count.clone(),
            id_slot,
            dims: [count, Val::i64(1), Val::i64(1)],
            dim_ids: None,
        }
    }
}

/// The lowering state of one kernel function.
#[derive(Debug)]
pub(crate) struct Cx<'a> {
    pub module: &'a Module,
    pub body: &'a Body,
    /// The kernel's span, for errors without a better place.
    pub span: Span,
    pub w: FnWriter,
    pub mw: ModuleWriter,
    locals: HashMap<LocalId, Val>,
    pub bindings: HashMap<Handle<Variable>, Binding>,
    targets: Vec<JumpTarget>,
    /// The access group of the innermost vector loop being written, if any.
    pub access_group: Option<u32>,
    pub gangs: Option<Gangs>,
    /// The GPU the code is for (`None`: the host CPU), with the state of the thread mapping.
    pub device: Option<threads::Device>,
    /// The result type of the device routine being written; `None` in a kernel.
    pub result: Option<TypeHandle>,
    /// The address `return` writes the result to, in a routine returning a struct or union
    /// (its caller's slot, [`call::Abi::Address`]).
    pub result_slot: Option<Val>,
    /// Where a multicore kernel's worker loops are outlined to (`None`: they run in place).
    pub fork: Option<fork::ForkSite>,
    /// The scalar floating-point `+` and `*` reduction partials of the loops being written,
    /// with their operator: an update `partial op x` may be reassociated (the spec leaves a
    /// reduction's order unspecified), which lets LLVM vectorise it. `max` and `min` partials
    /// that their loop only updates as such are here too ([`Cx::extremum_partial_update`]).
    pub(crate) reassociable: Vec<(Val, BinaryOp)>,
    /// While set, loads and stores of memory other than allocas are `volatile` (a GPU critical
    /// section, [`Cx::locked`]: they go to memory, past the SM's L1 cache, in program order).
    pub(crate) volatile_memory: bool,
    /// GPU array reductions whose elements are updated atomically in shared memory instead of
    /// in a partial (see [`reduce`]): while one is live, an update statement of an element of
    /// its variable with its operator becomes an atomic update.
    pub(crate) direct_updates: Vec<reduce::DirectUpdate>,
    /// GPU: the pointer variables whose binding is, for now, a slot holding the address of an
    /// array reduction's partial in local memory (innermost last).
    pub(crate) pointer_partials: Vec<Handle<Variable>>,
    /// Nesting depth of statements and expressions, bounded against hostile input.
    depth: u32,
}

/// How deep statements and expressions may nest before the lowering gives up: above the
/// frontends' limit (4096, each level of theirs at most two here), within the codegen thread's
/// stack (`host::STACK_BYTES`).
const MAX_DEPTH: u32 = 8192;

impl<'a> Cx<'a> {
    pub(crate) fn new(module: &'a Module, body: &'a Body, span: Span) -> Cx<'a> {
        Cx {
            module,
            body,
            span,
            w: FnWriter::new(),
            mw: ModuleWriter::default(),
            locals: HashMap::new(),
            bindings: HashMap::new(),
            targets: Vec::new(),
            access_group: None,
            gangs: None,
            device: None,
            result: None,
            result_slot: None,
            fork: None,
            reassociable: Vec::new(),
            volatile_memory: false,
            direct_updates: Vec::new(),
            pointer_partials: Vec::new(),
            depth: 0,
        }
    }

    /// A context for a GPU kernel: allocas in the target's private address space.
    pub(crate) fn for_device(
        module: &'a Module,
        body: &'a Body,
        span: Span,
        device: threads::Device,
    ) -> Cx<'a> {
        let mut cx = Cx::new(module, body, span);
        cx.w = FnWriter::with_alloca_space(device.gpu.alloca_space());
        cx.device = Some(device);
        cx
    }

    // ----- errors -----

    pub(crate) fn unsupported(&self, span: Span, message: impl Into<String>) -> CodegenError {
        let span = if span.is_known() { span } else { self.span };
        CodegenError::Unsupported {
            span,
            message: message.into(),
        }
    }

    pub(crate) fn internal(&self, message: impl std::fmt::Display) -> CodegenError {
        CodegenError::Internal(format!("kernel codegen: {message}"))
    }

    pub(crate) fn expr_span(&self, id: ExprId) -> Span {
        self.body.exprs.get_span(id)
    }

    /// Starts the debug information of the host function `name` being written (`-g`): its
    /// `DISubprogram` at the kernel's line, which the instructions' locations then refer to.
    /// Nothing for device code or without `-g`.
    pub(crate) fn begin_debug(&mut self, name: &str) {
        if !self.module.debug_info || self.device.is_some() || !self.span.is_known() {
            return;
        }
        let file = self.module.files.name(self.span.file).to_string();
        let directory = std::env::current_dir()
            .map(|dir| dir.display().to_string())
            .unwrap_or_else(|_| ".".to_string());
        let language = match self.module.language {
            acc_ir::Language::C => "DW_LANG_C99",
            acc_ir::Language::Fortran => "DW_LANG_Fortran95",
        };
        self.mw.enable_debug(&file, &directory, language);
        self.w.subprogram = self.mw.subprogram(name, &file, self.span.line);
        self.at(self.span);
    }

    /// The instructions written from now on come from `span` (debug information only).
    pub(crate) fn at(&mut self, span: Span) {
        let Some(subprogram) = self.w.subprogram else {
            return;
        };
        // A location in another file (a header's macro) would need a scope of that file: the
        // line before stands.
        if span.is_known() && span.file == self.span.file {
            self.w.location = self.mw.location(span.line, span.col.max(1), subprogram);
        }
    }

    /// Where a statement is in the source, for its debug location.
    fn stmt_span(&self, stmt: &Stmt) -> Option<Span> {
        let span = match stmt {
            Stmt::Eval(expr) | Stmt::Store { address: expr, .. } | Stmt::If { cond: expr, .. } => {
                self.expr_span(*expr)
            }
            Stmt::Switch { selector, .. } => self.expr_span(*selector),
            Stmt::Declare { local, .. } => self.body.locals.get_span(*local),
            Stmt::Loop {
                cond: Some(cond), ..
            } => self.expr_span(*cond),
            Stmt::Return(Some(value)) => self.expr_span(*value),
            Stmt::Atomic { address, .. } => self.expr_span(*address),
            Stmt::AccLoop { controls, .. } => {
                acc_ir::body::loop_position(self.body, controls).unwrap_or_default()
            }
            _ => return None,
        };
        span.is_known().then_some(span)
    }

    /// Runs `f` one nesting level deeper, failing cleanly past [`MAX_DEPTH`].
    pub(crate) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        if self.depth >= MAX_DEPTH {
            return Err(self.unsupported(self.span, "the code nests too deeply to compile"));
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    // ----- types -----

    pub(crate) fn inner(&self, ty: TypeHandle) -> R<&'a TypeInner> {
        if !self.module.types.contains(ty) {
            return Err(self.internal(format!("type {ty:?} is not in the module's type table")));
        }
        Ok(self.module.types.get(ty))
    }

    pub(crate) fn mem_ty(&self, ty: TypeHandle, span: Span) -> R<Ty> {
        let mem = ty::mem_type(&self.module.types, ty)
            .map_err(|message| self.unsupported(span, message))?;
        self.check_device_ty(&mem, ty, span)?;
        Ok(mem)
    }

    /// GPUs have no `long double`, and 128-bit integers need library calls LLVM cannot make
    /// there (it aborts): kernels using them are not compiled for GPUs.
    fn check_device_ty(&self, mem: &Ty, ty: TypeHandle, span: Span) -> R<()> {
        if self.device.is_some() && !mem.fits_gpu() {
            return Err(self.unsupported(
                span,
                format!(
                    "values of type '{}' are not supported in GPU kernels",
                    self.module.types.display(ty)
                ),
            ));
        }
        Ok(())
    }

    /// Fresh storage for a private copy of `var` (a compute construct's or a loop's `private`
    /// operand `data_op`). A C pointer named with a section, `private(p[lo:n])`, gets a private
    /// copy of the section, and the pointer, private too, points at it as `p` pointed at the
    /// original (`p[lo]` is the copy's first element); the section's first index must be a
    /// constant, and its length too but in a multicore kernel given the length's value
    /// ([`Cx::section_extent`]): otherwise the region runs on the host, whose code uses the
    /// original array, as a serial run would.
    pub(crate) fn private_binding(
        &mut self,
        var: Handle<acc_ir::Variable>,
        data_op: Option<Handle<acc_ir::DataOp>>,
        span: Span,
    ) -> R<Binding> {
        let variable = &self.module.variables[var];
        let what = format!("the private '{}'", variable.name);
        let section = data_op
            .and_then(|op| self.module.data_ops.get(op))
            .filter(|op| !op.bounds.is_empty() && op.path.is_empty());
        let pointee = match self.inner(variable.ty)? {
            TypeInner::Pointer { pointee } => Some(*pointee),
            _ => None,
        };
        let (Some(section), Some(pointee)) = (section, pointee) else {
            if let Some(binding) = self.runtime_sized_private(var, span)? {
                return Ok(binding);
            }
            let ty = self.storage_ty(variable.ty, span, &what)?;
            return Ok(Binding {
                ptr: self.w.alloca(&ty),
                shared: false,
            });
        };
        let name = section.name.clone();
        let [bounds] = section.bounds[..] else {
            return Err(self.unsupported(
                span,
                format!("a private copy of '{name}' through a pointer takes one section"),
            ));
        };
        let section_op =
            data_op.ok_or_else(|| self.internal("a private section without its op"))?;
        let Some((first, count)) = self.section_extent(section_op, bounds)? else {
            return Err(self.unsupported(
                span,
                format!(
                    "the private copy of '{name}' has a length that is not a compile-time constant"
                ),
            ));
        };
        let element = self.storage_ty(pointee, span, &what)?;
        let copy = match count {
            SectionCount::Constant(count) => self
                .w
                .alloca(&Ty::Array(count.max(1) as u64, Box::new(element.clone()))),
            SectionCount::Run(count) => {
                let bytes = self.bin("mul", &count, &Val::i64(element.size().max(1) as i64));
                self.reserve_private(&bytes, span)?
            }
        };
        // `p` points `first` elements before the copy, so that `p[first]` is its first one.
        let pointer = self.w.assign(
            Ty::Ptr,
            format!("getelementptr {element}, ptr {}, i64 {}", copy.repr, -first),
        );
        self.w.derive(&copy.repr, &pointer.repr);
        // On a GPU the copy is the thread's; code that spreads a loop over the block's threads
        // would fill a different copy in each thread, and addresses loaded from `p` are not
        // known to point into it: such a kernel runs one thread per block.
        if let Some(device) = &mut self.device {
            if device.pool.is_some() && device.spread_from.is_none() && device.conflict.is_none() {
                device.conflict = Some((
                    span,
                    format!("the private copy of '{name}' is reached through a pointer"),
                ));
            }
        }
        let slot = self.w.alloca(&Ty::Ptr);
        self.store_mem(&slot, &pointer);
        Ok(Binding {
            ptr: slot,
            shared: false,
        })
    }

    /// The first index and the length of private or firstprivate section `op` (its `bounds`):
    /// constants, or in a multicore kernel a length known only at run time, passed as the
    /// value of its synthetic variable ([`acc_ir::Module::section_length_variable`]; a
    /// negative one counts as 0). `None` otherwise.
    fn section_extent(
        &mut self,
        op: Handle<acc_ir::DataOp>,
        bounds: Handle<acc_ir::Bounds>,
    ) -> R<Option<(i64, SectionCount)>> {
        if let Some((first, count)) = self.constant_section(bounds)? {
            return Ok(Some((first, SectionCount::Constant(count))));
        }
        let first = self
            .module
            .bounds
            .get(bounds)
            .and_then(|b| self.module.exprs.get(b.lowerbound))
            .and_then(|e| e.value);
        let length = self.module.section_length_variable(op);
        let (Some(first), Some(length), None) = (first, length, &self.device) else {
            return Ok(None);
        };
        let span = self.module.data_ops.get_span(op);
        let count = self.count_value(length, span)?;
        Ok(Some((first, SectionCount::Run(count))))
    }

    /// The value of `var`, a synthetic `i64` count (an extent, a section's length), with a
    /// negative one taken as 0.
    fn count_value(&mut self, var: Handle<acc_ir::Variable>, span: Span) -> R<Val> {
        let binding = self.variable_binding(var, span)?;
        let value = self.load_mem(&binding.ptr, &Ty::i64());
        let negative = self.icmp("slt", &value, &Val::i64(0));
        Ok(self.w.assign(
            Ty::i64(),
            format!("select i1 {}, i64 0, i64 {}", negative.repr, value.repr),
        ))
    }

    /// Storage of `bytes` (`i64`) for a private copy in a multicore kernel, from the runtime
    /// (`__accrt_private_reserve`): reused by every binding of the function that reaches the
    /// same code (each gang of the kernel chunk, each iteration of an enclosing loop) and freed
    /// when the function returns.
    fn reserve_private(&mut self, bytes: &Val, span: Span) -> R<Val> {
        let reserve = "__accrt_private_reserve";
        let release = "__accrt_private_release";
        self.mw
            .declare_plain(reserve, &Ty::Ptr, &[Ty::Ptr, Ty::i64()])
            .map_err(|m| self.unsupported(span, m))?;
        self.mw
            .declare_plain(release, &Ty::Void, &[Ty::Ptr])
            .map_err(|m| self.unsupported(span, m))?;
        let slot = self.w.release_slot(release);
        Ok(self.w.assign(
            Ty::Ptr,
            format!(
                "call ptr {}(ptr {}, i64 {})",
                crate::llvm::text::global_name(reserve),
                slot.repr,
                bytes.repr
            ),
        ))
    }

    /// The first index and the length of the section `bounds` when both are constants (a
    /// negative length is none).
    pub(crate) fn constant_section(&self, bounds: Handle<acc_ir::Bounds>) -> R<Option<(i64, i64)>> {
        let Some(b) = self.module.bounds.get(bounds) else {
            return Err(self.internal(format!("bounds {bounds:?} are not in the module")));
        };
        let value = |h: acc_ir::ExprHandle| self.module.exprs.get(h).and_then(|e| e.value);
        let first = value(b.lowerbound);
        let count = b.extent.and_then(value).or_else(|| {
            let upper = b.upperbound.and_then(value)?;
            Some(upper - first? + 1)
        });
        Ok(first.zip(count.filter(|&n| n >= 0)))
    }

    /// The section a `firstprivate` operand names through a C pointer (`firstprivate(c[0:n])`,
    /// which the region writes: [`acc_ir::passes::firstprivate_read_only`] makes the others
    /// `copyin`), when `data_op` is one.
    pub(crate) fn firstprivate_section(
        &self,
        var: Handle<acc_ir::Variable>,
        data_op: Option<Handle<acc_ir::DataOp>>,
    ) -> R<Option<Handle<acc_ir::DataOp>>> {
        let Some(op) = data_op.filter(|&op| {
            self.module.data_ops.get(op).is_some_and(|d| {
                d.kind == acc_ir::DataOpKind::Firstprivate
                    && !d.bounds.is_empty()
                    && d.path.is_empty()
            })
        }) else {
            return Ok(None);
        };
        Ok(matches!(
            self.inner(self.module.variables[var].ty)?,
            TypeInner::Pointer { .. }
        )
        .then_some(op))
    }

    /// The gang's copy of a `firstprivate` section through a pointer (`section`, see
    /// [`Cx::firstprivate_section`]) in a multicore kernel: a private copy of the section
    /// ([`Cx::private_binding`]: constant bounds) holding the elements the pointer's value at
    /// the launch (`*value`) points to, which on the multicore device are the host's. Each gang
    /// starts from them, as §2.5.14 has every gang's copy start from the original.
    pub(crate) fn firstprivate_section_copy(
        &mut self,
        var: Handle<acc_ir::Variable>,
        section: Handle<acc_ir::DataOp>,
        value: &Val,
        span: Span,
    ) -> R<Binding> {
        let binding = self.private_binding(var, Some(section), span)?;
        let (bounds, name) = {
            let op = &self.module.data_ops[section];
            (op.bounds.first().copied(), op.name.clone())
        };
        let extent = match bounds {
            Some(bounds) => self.section_extent(section, bounds)?,
            None => None,
        };
        let Some((first, count)) = extent else {
            return Err(self.internal(format!("the firstprivate section '{name}' has no bounds")));
        };
        let pointee = match self.inner(self.module.variables[var].ty)? {
            TypeInner::Pointer { pointee } => *pointee,
            _ => {
                return Err(self.internal(format!(
                    "the firstprivate section '{name}' is not through a pointer"
                )))
            }
        };
        let element = self.storage_ty(pointee, span, &format!("the firstprivate '{name}'"))?;
        let original = self.load_mem(value, &Ty::Ptr);
        let copy = self.load_mem(&binding.ptr, &Ty::Ptr);
        let at = |cx: &mut Self, base: &Val| {
            cx.w.assign(
                Ty::Ptr,
                format!("getelementptr {element}, ptr {}, i64 {first}", base.repr),
            )
        };
        let source = at(self, &original);
        let dest = at(self, &copy);
        self.w.derive(&copy.repr, &dest.repr);
        match count {
            SectionCount::Constant(count) => {
                self.memcpy(&dest, &source, element.size() * count as u64)?;
            }
            SectionCount::Run(count) => {
                let bytes = self.bin("mul", &count, &Val::i64(element.size() as i64));
                self.memcpy_bytes(&dest, &source, &bytes)?;
            }
        }
        Ok(binding)
    }

    /// The private copy of `var`, an array whose extents are known only at run time (a Fortran
    /// automatic or allocatable array), in a multicore kernel: storage of the product of the
    /// extents (the synthetic variables [`acc_ir::Module::extent_variables`], values at the
    /// launch) times the element size, laid out as the original is. It comes from the runtime
    /// (`__accrt_private_reserve`), reused by every binding of the function that reaches the
    /// same code (each gang of the kernel chunk, each iteration of an enclosing loop) and freed
    /// when the function returns. `None` when `var` is no such array or the kernel is for a
    /// GPU (whose threads cannot reserve storage: the caller refuses the copy).
    fn runtime_sized_private(
        &mut self,
        var: Handle<acc_ir::Variable>,
        span: Span,
    ) -> R<Option<Binding>> {
        Ok(self
            .runtime_sized_copy(var, span)?
            .map(|(binding, _)| binding))
    }

    /// Storage for a copy of `var`, an array of run-time shape, in a multicore kernel, and its
    /// size in bytes (`i64`): see [`Cx::runtime_sized_private`].
    fn runtime_sized_copy(
        &mut self,
        var: Handle<acc_ir::Variable>,
        span: Span,
    ) -> R<Option<(Binding, Val)>> {
        if self.device.is_some() {
            return Ok(None);
        }
        let mut current = self.module.variables[var].ty;
        let mut constant = true;
        while let TypeInner::Array { element, size, .. } = self.inner(current)? {
            constant &= matches!(size, acc_ir::ArraySize::Constant(_));
            current = *element;
        }
        if constant {
            return Ok(None);
        }
        let Some(extents) = self.module.extent_variables(var) else {
            return Ok(None);
        };
        let name = self.module.variables[var].name.clone();
        let element = self.storage_ty(current, span, &format!("the private '{name}'"))?;
        let mut bytes = Val::i64(element.size() as i64);
        for extent in extents {
            let value = self.count_value(extent, span)?;
            bytes = self.bin("mul", &bytes, &value);
        }
        let storage = self.reserve_private(&bytes, span)?;
        Ok(Some((
            Binding {
                ptr: storage,
                shared: false,
            },
            bytes,
        )))
    }

    /// The gang's copy of `firstprivate` array `var` of run-time shape in a multicore kernel
    /// ([`Cx::runtime_sized_copy`]), holding the array's values at the launch, which `value`
    /// points to; `None` when `var` is no such array.
    pub(crate) fn runtime_sized_firstprivate(
        &mut self,
        var: Handle<acc_ir::Variable>,
        value: &Val,
        span: Span,
    ) -> R<Option<Binding>> {
        let Some((binding, bytes)) = self.runtime_sized_copy(var, span)? else {
            return Ok(None);
        };
        self.memcpy_bytes(&binding.ptr, value, &bytes)?;
        Ok(Some(binding))
    }

    /// `llvm.memcpy` of `bytes` (an `i64` value) bytes.
    fn memcpy_bytes(&mut self, dest: &Val, src: &Val, bytes: &Val) -> R<()> {
        self.note_write(dest, "a copy");
        let name = "llvm.memcpy.p0.p0.i64";
        self.mw
            .declare_plain(name, &Ty::Void, &[Ty::Ptr, Ty::Ptr, Ty::i64(), Ty::I1])
            .map_err(|e| self.internal(e))?;
        self.w.line(format!(
            "call void {}(ptr {}, ptr {}, i64 {}, i1 false)",
            global_name(name),
            dest.repr,
            src.repr,
            bytes.repr
        ));
        Ok(())
    }

    /// The memory type of storage the kernel allocates or copies (a private or firstprivate
    /// copy, a local): every array dimension must have a constant size.
    pub(crate) fn storage_ty(&self, ty: TypeHandle, span: Span, what: &str) -> R<Ty> {
        let mut current = ty;
        while let TypeInner::Array { element, size, .. } = self.inner(current)? {
            if !matches!(size, acc_ir::ArraySize::Constant(_)) {
                return Err(
                    self.unsupported(span, format!("{what} is an array without a constant size"))
                );
            }
            current = *element;
        }
        self.mem_ty(ty, span)
    }

    pub(crate) fn reg_ty(&self, ty: TypeHandle, span: Span) -> R<Ty> {
        let reg = ty::reg_type(&self.module.types, ty)
            .map_err(|message| self.unsupported(span, message))?;
        self.check_device_ty(&reg, ty, span)?;
        Ok(reg)
    }

    pub(crate) fn scalar(&self, ty: TypeHandle) -> Option<ScalarKind> {
        match self
            .module
            .types
            .contains(ty)
            .then(|| self.module.types.get(ty))
        {
            Some(TypeInner::Scalar(kind)) => Some(*kind),
            _ => None,
        }
    }

    /// The scalar kind of `ty`, or an error naming `what`.
    pub(crate) fn scalar_of(&self, ty: TypeHandle, span: Span, what: &str) -> R<ScalarKind> {
        self.scalar(ty).ok_or_else(|| {
            self.unsupported(
                span,
                format!(
                    "{what} of type '{}' is not supported",
                    self.module.types.display(ty)
                ),
            )
        })
    }

    /// The pointee of a pointer type (every place has one).
    pub(crate) fn pointee(&self, ty: TypeHandle) -> R<TypeHandle> {
        match self.inner(ty)? {
            TypeInner::Pointer { pointee } => Ok(*pointee),
            _ => Err(self.internal(format!(
                "expected an address, found a value of type '{}'",
                self.module.types.display(ty)
            ))),
        }
    }

    pub(crate) fn expr_ty(&self, id: ExprId) -> R<TypeHandle> {
        match self.body.exprs.get(id) {
            Some(expr) => Ok(expr.ty),
            None => Err(self.internal(format!("expression {id:?} is not in the body"))),
        }
    }

    // ----- memory -----

    /// Metadata of a plain load or store: its TBAA tag, and the access group of the vector
    /// loop being written (never for allocas, which all lanes would share, nor for the partial
    /// arrays of array reductions, which all lanes update).
    fn access_suffix(&mut self, ptr: &Val, ty: &Ty) -> String {
        let mut suffix = String::new();
        if !self.w.is_may_alias(&ptr.repr) {
            if let Some(tag) = self.mw.tbaa_tag(ty) {
                suffix.push_str(&format!(", !tbaa !{tag}"));
            }
        }
        if let Some(group) = self.access_group {
            if !self.w.is_alloca_derived(&ptr.repr) && !self.w.is_lane_shared(&ptr.repr) {
                suffix.push_str(&format!(", !llvm.access.group !{group}"));
            }
        }
        suffix
    }

    /// Loads a value of memory type `ty`.
    pub(crate) fn load_mem(&mut self, ptr: &Val, ty: &Ty) -> Val {
        let suffix = self.access_suffix(ptr, ty);
        let volatile = self.volatile_keyword(ptr);
        self.w.assign(
            ty.clone(),
            format!(
                "load {volatile}{ty}, ptr {}, align {}{suffix}",
                ptr.repr,
                ty.align()
            ),
        )
    }

    /// `"volatile "` for an access through `ptr` inside a GPU critical section.
    fn volatile_keyword(&self, ptr: &Val) -> &'static str {
        if self.volatile_memory && !self.w.is_alloca_derived(&ptr.repr) {
            "volatile "
        } else {
            ""
        }
    }

    /// Stores a value of its memory type.
    pub(crate) fn store_mem(&mut self, ptr: &Val, value: &Val) {
        if self.redundant() && !self.w.is_alloca_derived(&ptr.repr) {
            // Every thread of the GPU block has the same value: the leader stores it.
            self.leader_store(ptr, value);
            return;
        }
        self.note_write(ptr, "a store");
        self.plain_store(ptr, value);
    }

    /// The `store` instruction itself.
    pub(crate) fn plain_store(&mut self, ptr: &Val, value: &Val) {
        let suffix = self.access_suffix(ptr, &value.ty);
        let volatile = self.volatile_keyword(ptr);
        self.w.line(format!(
            "store {volatile}{}, ptr {}, align {}{suffix}",
            value.typed(),
            ptr.repr,
            value.ty.align()
        ));
    }

    /// Loads the value of acc-ir type `ty` at `ptr`, in its register type.
    pub(crate) fn load(&mut self, ptr: &Val, ty: TypeHandle, span: Span) -> R<Val> {
        let mem = self.mem_ty(ty, span)?;
        if matches!(mem, Ty::Void) {
            return Err(self.internal("load of a void value"));
        }
        let raw = self.load_mem(ptr, &mem);
        Ok(self.mem_to_reg(raw, ty))
    }

    /// Stores `value` (register type) as acc-ir type `ty` at `ptr`.
    pub(crate) fn store(&mut self, ptr: &Val, value: &Val, ty: TypeHandle, span: Span) -> R<()> {
        let mem = self.mem_ty(ty, span)?;
        let raw = self.reg_to_mem(value, &mem);
        if raw.ty != mem {
            return Err(self.internal(format!(
                "store of a '{}' value into '{}' storage",
                raw.ty, mem
            )));
        }
        self.store_mem(ptr, &raw);
        Ok(())
    }

    /// Booleans are `iN` in memory and `i1` in registers; everything else is the same.
    pub(crate) fn mem_to_reg(&mut self, raw: Val, ty: TypeHandle) -> Val {
        match (self.scalar(ty), &raw.ty) {
            (Some(ScalarKind::Bool { .. }), Ty::Int(_)) => {
                self.w.assign(Ty::I1, format!("icmp ne {}, 0", raw.typed()))
            }
            _ => raw,
        }
    }

    pub(crate) fn reg_to_mem(&mut self, value: &Val, mem: &Ty) -> Val {
        match (&value.ty, mem) {
            (Ty::I1, Ty::Int(_)) => self
                .w
                .assign(mem.clone(), format!("zext {} to {mem}", value.typed())),
            _ => value.clone(),
        }
    }

    /// `llvm.memcpy` of `bytes` bytes.
    pub(crate) fn memcpy(&mut self, dest: &Val, src: &Val, bytes: u64) -> R<()> {
        self.memcpy_aligned(dest, src, bytes, None)
    }

    /// `llvm.memcpy` of `bytes` bytes between addresses both aligned to `align` bytes, if given
    /// (without, the copy may only assume bytes).
    pub(crate) fn memcpy_aligned(
        &mut self,
        dest: &Val,
        src: &Val,
        bytes: u64,
        align: Option<u64>,
    ) -> R<()> {
        let name = "llvm.memcpy.p0.p0.i64";
        self.note_write(dest, "a copy");
        self.mw
            .declare_plain(name, &Ty::Void, &[Ty::Ptr, Ty::Ptr, Ty::i64(), Ty::I1])
            .map_err(|e| self.internal(e))?;
        let align = align.map(|a| format!("align {a} ")).unwrap_or_default();
        self.w.line(format!(
            "call void {}(ptr {align}{}, ptr {align}{}, i64 {bytes}, i1 false)",
            global_name(name),
            dest.repr,
            src.repr
        ));
        Ok(())
    }

    // ----- locals and variables -----

    /// Makes `slot` the storage of `local` (a routine's parameter, stored by the prologue).
    pub(crate) fn bind_local(&mut self, local: LocalId, slot: Val) {
        self.locals.insert(local, slot);
    }

    /// The alloca of a local, made on first use.
    pub(crate) fn local_slot(&mut self, local: LocalId, span: Span) -> R<Val> {
        if let Some(slot) = self.locals.get(&local) {
            return Ok(slot.clone());
        }
        let Some(decl) = self.body.locals.get(local) else {
            return Err(self.internal(format!("local {local:?} is not in the body")));
        };
        if let acc_ir::body::LocalKind::Parameter(_) = decl.kind {
            return Err(self.unsupported(span, "routine parameters cannot appear in a kernel"));
        }
        let ty = self.storage_ty(decl.ty, span, &format!("the local '{}'", decl.name))?;
        let slot = self.w.alloca(&ty);
        self.locals.insert(local, slot.clone());
        if decl.kind == acc_ir::body::LocalKind::Declared {
            self.describe_local(&decl.name, &ty, &slot, span);
        }
        Ok(slot)
    }

    /// Debug information: the variable `name` of type `ty` lives at `slot`.
    fn describe_local(&mut self, name: &str, ty: &Ty, slot: &Val, span: Span) {
        // The declaration's call needs a location, as every call in a described function.
        let Some(subprogram) = self.w.subprogram.filter(|_| self.w.location.is_some()) else {
            return;
        };
        if !span.is_known() || span.file != self.span.file {
            return;
        }
        let file = self.module.files.name(span.file).to_string();
        let Some(variable) = self
            .mw
            .local_variable(name, ty, (&file, span.line), subprogram)
        else {
            return;
        };
        let intrinsic = "llvm.dbg.declare";
        if self.mw.declare_metadata_intrinsic(intrinsic).is_ok() {
            self.w.line(format!(
                "call void @{intrinsic}(metadata ptr {}, metadata !{variable}, metadata !DIExpression())",
                slot.repr
            ));
        }
    }

    /// Whether `var`, in the device routine being written, is one of the routine's own
    /// arguments or locals that the body reaches through body locals rather than through a
    /// binding (Fortran routines: `routine.rs` in the frontend).
    pub(crate) fn routine_storage(&self, var: Handle<Variable>) -> bool {
        self.result.is_some()
            && !self.bindings.contains_key(&var)
            && self
                .module
                .variables
                .get(var)
                .is_some_and(|v| matches!(v.storage, Storage::Local | Storage::Parameter))
    }

    /// Where a program variable lives: its binding, or the program's global of that name.
    pub(crate) fn variable_binding(&mut self, var: Handle<Variable>, span: Span) -> R<Binding> {
        if let Some(binding) = self.bindings.get(&var) {
            return Ok(binding.clone());
        }
        let Some(variable) = self.module.variables.get(var) else {
            return Err(self.internal(format!("variable {var:?} is not in the module")));
        };
        let device_global = matches!(variable.storage, Storage::Global | Storage::Extern)
            || (variable.storage == Storage::Static && variable.symbol.is_some());
        match variable.storage {
            _ if device_global
                && self.device.as_ref().is_some_and(|device| {
                    (variable.storage != Storage::Static
                        && device.links.contains(variable.link_name()))
                        || self.module.declared_link(var)
                }) =>
            {
                // A `declare link` global: the device module holds only a pointer, which the
                // runtime sets to the device copy's address while a data clause maps the
                // variable (null otherwise; the runtime refuses a launch then). Each use loads
                // it, so the code always follows the current mapping.
                let ty = self.mem_ty(variable.ty, span)?;
                let symbol = acc_ir::link_pointer_symbol(variable.link_name());
                let name = global_name(&symbol);
                let space = self.gpu().map_or("", threads::Gpu::global_space);
                self.mw.global(
                    &symbol,
                    format!("{name} = external{space} global ptr, align 8"),
                );
                self.mw.link(LinkUse {
                    pointer: symbol,
                    host: variable.link_name().to_string(),
                    name: variable.name.clone(),
                    bytes: ty.size(),
                });
                let ptr = self
                    .w
                    .assign(Ty::Ptr, format!("load ptr, ptr{space} {name}, align 8"));
                Ok(Binding { ptr, shared: true })
            }
            _ if self.device.is_some() && device_global => {
                // The device copy of a declared global: a global of the device module in the
                // global address space under the host's symbol (a `static` one under its
                // TU's alias, `Variable::symbol`), which the link step defines and the
                // runtime enters in the present table (`codegen/src/device/mod.rs`).
                let ty = self.mem_ty(variable.ty, span)?;
                let name = global_name(variable.link_name());
                let space = self.gpu().map_or("", threads::Gpu::global_space);
                self.mw.global(
                    variable.link_name(),
                    format!("{name} = external{space} global {ty}, align {}", ty.align()),
                );
                let ptr = if space.is_empty() {
                    name
                } else {
                    format!("addrspacecast (ptr{space} {name} to ptr)")
                };
                Ok(Binding {
                    ptr: Val::new(Ty::Ptr, ptr),
                    shared: true,
                })
            }
            _ if device_global => {
                let ty = self.mem_ty(variable.ty, span)?;
                let name = global_name(variable.link_name());
                self.mw.global(
                    variable.link_name(),
                    format!("{name} = external global {ty}, align {}", ty.align()),
                );
                Ok(Binding {
                    ptr: Val::new(Ty::Ptr, name),
                    shared: true,
                })
            }
            Storage::Global | Storage::Extern | Storage::Static => Err(self.unsupported(
                span,
                format!(
                    "the static variable '{}' is not visible to a separately compiled kernel",
                    variable.name
                ),
            )),
            Storage::Local | Storage::Parameter => Err(self.internal(format!(
                "variable '{}' is used in the kernel but is not one of its parameters",
                variable.name
            ))),
        }
    }

    /// Binds `var` to `binding`, returning the previous binding to restore later.
    pub(crate) fn bind(&mut self, var: Handle<Variable>, binding: Binding) -> Option<Binding> {
        self.bindings.insert(var, binding)
    }

    pub(crate) fn restore(&mut self, var: Handle<Variable>, previous: Option<Binding>) {
        match previous {
            Some(binding) => self.bindings.insert(var, binding),
            None => self.bindings.remove(&var),
        };
    }

    // ----- control flow -----

    pub(crate) fn push_target(&mut self, break_to: Option<BlockId>, continue_to: Option<BlockId>) {
        self.targets.push(JumpTarget {
            break_to,
            continue_to,
        });
    }

    pub(crate) fn pop_target(&mut self) {
        self.targets.pop();
    }

    /// Where `break` goes: the innermost loop or switch.
    pub(crate) fn break_target(&self) -> Option<BlockId> {
        self.targets.last().and_then(|t| t.break_to)
    }

    /// Where `continue` goes: the innermost loop (switches are skipped).
    pub(crate) fn continue_target(&self) -> Option<BlockId> {
        self.targets.iter().rev().find_map(|t| t.continue_to)
    }

    // ----- instruction helpers -----

    /// `opcode a, b` with the type of `a`.
    pub(crate) fn bin(&mut self, opcode: &str, a: &Val, b: &Val) -> Val {
        self.w
            .assign(a.ty.clone(), format!("{opcode} {}, {}", a.typed(), b.repr))
    }

    /// `icmp pred a, b`.
    pub(crate) fn icmp(&mut self, pred: &str, a: &Val, b: &Val) -> Val {
        self.w
            .assign(Ty::I1, format!("icmp {pred} {}, {}", a.typed(), b.repr))
    }

    /// `select i1 c, a, b`.
    pub(crate) fn select(&mut self, cond: &Val, a: &Val, b: &Val) -> Val {
        self.w.assign(
            a.ty.clone(),
            format!("select i1 {}, {}, {}", cond.repr, a.typed(), b.typed()),
        )
    }

    /// Extends or truncates an integer to `width` bits.
    pub(crate) fn resize_int(&mut self, value: Val, width: u32, signed: bool) -> Val {
        let from = value.ty.int_width().unwrap_or(width);
        let target = if width == 1 { Ty::I1 } else { Ty::Int(width) };
        if from == width {
            return value;
        }
        let opcode = if from > width {
            "trunc"
        } else if signed && from > 1 {
            "sext"
        } else {
            "zext"
        };
        self.w.assign(
            target.clone(),
            format!("{opcode} {} to {target}", value.typed()),
        )
    }

    /// The value of integer-typed expression `id` as an `i64`, extended by its signedness.
    pub(crate) fn value_i64(&mut self, id: ExprId) -> R<Val> {
        let span = self.expr_span(id);
        let ty = self.expr_ty(id)?;
        let kind = self.scalar_of(ty, span, "an index")?;
        let value = self.value(id)?;
        match kind {
            ScalarKind::Int { signed, .. } => Ok(self.resize_int(value, 64, signed)),
            ScalarKind::Bool { .. } => Ok(self.resize_int(value, 64, false)),
            _ => Err(self.unsupported(span, "an index must be an integer")),
        }
    }

    /// A fresh alloca holding `value`.
    pub(crate) fn spill(&mut self, value: &Val) -> Val {
        let slot = self.w.alloca(&value.ty);
        self.store_mem(&slot, value);
        slot
    }
}
