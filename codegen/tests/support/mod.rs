//! Test support: a builder for modules with hand-written kernels, and a harness that links the
//! compiled kernel object with a C driver and runs it.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

use acc_ir::body::{
    BinaryOp, Body, ExprId, ExprKind, Kernel, KernelParam, LocalId, LocalKind, LocalOrVariable,
    LoopControl, LoopMapping, MathFn, Passing, Stmt, Stmts, UnaryOp,
};
use acc_ir::recipes::{private_recipe, reduction_recipe};
use acc_ir::{
    AsyncWait, AtomicKind, ComputeKind, ComputeOp, DataClause, DataOp, DataOpKind, Handle,
    Language, Member, Modifiers, Module, Op, OpKind, ReductionOp, ScalarKind, Span, Storage,
    TypeHandle, TypeInner, Variable,
};
use accc_codegen::{compile_host_kernels, HostObject, HostOptions};

/// A module under construction and the body of the kernel being written.
pub struct Kb {
    pub m: Module,
    pub b: Body,
    compute: Handle<Op>,
}

pub fn span() -> Span {
    Span::new(acc_ir::FileId(0), 1, 1, 1)
}

impl Default for Kb {
    fn default() -> Self {
        Self::new()
    }
}

impl Kb {
    pub fn new() -> Kb {
        let mut m = Module::new(Language::C);
        m.files.intern("test.c");
        let compute = m.ops.append(
            Op {
                kind: OpKind::Compute(ComputeOp {
                    kind: ComputeKind::Parallel,
                    combined: false,
                    queues: AsyncWait::default(),
                    num_gangs: Vec::new(),
                    num_workers: Vec::new(),
                    vector_length: Vec::new(),
                    if_cond: None,
                    self_clause: None,
                    default: None,
                    data_entry: Vec::new(),
                    private: Vec::new(),
                    firstprivate: Vec::new(),
                    reduction: Vec::new(),
                    data_exit: Vec::new(),
                    captured: Vec::new(),
                    body: Vec::new(),
                }),
            },
            span(),
        );
        Kb {
            m,
            b: Body::default(),
            compute,
        }
    }

    // ----- types -----
    pub fn scalar(&mut self, kind: ScalarKind) -> TypeHandle {
        self.m.types.scalar(kind)
    }
    pub fn int(&mut self, signed: bool, width: u8) -> TypeHandle {
        self.scalar(ScalarKind::Int { signed, width })
    }
    pub fn i32(&mut self) -> TypeHandle {
        self.int(true, 32)
    }
    pub fn i64(&mut self) -> TypeHandle {
        self.int(true, 64)
    }
    pub fn f32(&mut self) -> TypeHandle {
        self.scalar(ScalarKind::Float { width: 32 })
    }
    pub fn f64(&mut self) -> TypeHandle {
        self.scalar(ScalarKind::Float { width: 64 })
    }
    pub fn boolean(&mut self) -> TypeHandle {
        self.scalar(ScalarKind::Bool { width: 8 })
    }
    pub fn void(&mut self) -> TypeHandle {
        self.m.types.insert(TypeInner::Void)
    }
    pub fn ptr(&mut self, pointee: TypeHandle) -> TypeHandle {
        self.m.types.insert(TypeInner::Pointer { pointee })
    }
    pub fn array(&mut self, element: TypeHandle, n: u64) -> TypeHandle {
        self.m.types.insert(TypeInner::Array {
            element,
            size: acc_ir::ArraySize::Constant(n),
            lower_bound: 0,
        })
    }
    pub fn record(
        &mut self,
        name: &str,
        members: &[(&str, TypeHandle)],
        is_union: bool,
    ) -> TypeHandle {
        self.m.types.insert(TypeInner::Struct {
            name: Some(name.into()),
            members: members
                .iter()
                .map(|(n, t)| Member {
                    name: n.to_string(),
                    ty: *t,
                })
                .collect(),
            is_union,
        })
    }

    // ----- variables -----
    pub fn var_in(&mut self, name: &str, ty: TypeHandle, storage: Storage) -> Handle<Variable> {
        let line = self.m.variables.len() as u32 + 1;
        self.m.variable(
            Variable {
                name: name.into(),
                ty,
                storage,
                decl: Span::new(acc_ir::FileId(0), line, 1, 1),
                derived: None,
                restrict: false,
                symbol: None,
            },
            span(),
        )
    }
    pub fn var(&mut self, name: &str, ty: TypeHandle) -> Handle<Variable> {
        self.var_in(name, ty, Storage::Local)
    }
    pub fn local(&mut self, name: &str, ty: TypeHandle) -> LocalId {
        self.b.local(name, ty, LocalKind::Declared, span())
    }

    // ----- expressions -----
    pub fn e(&mut self, kind: ExprKind, ty: TypeHandle) -> ExprId {
        self.b.expr(kind, ty, span())
    }
    pub fn ty_of(&self, e: ExprId) -> TypeHandle {
        self.b.exprs[e].ty
    }
    fn pointee(&self, ty: TypeHandle) -> TypeHandle {
        match self.m.types.get(ty) {
            TypeInner::Pointer { pointee } => *pointee,
            other => panic!("not a pointer: {other:?}"),
        }
    }
    pub fn c(&mut self, value: i128, ty: TypeHandle) -> ExprId {
        self.e(ExprKind::Int(value), ty)
    }
    pub fn ci(&mut self, value: i128) -> ExprId {
        let ty = self.i32();
        self.c(value, ty)
    }
    pub fn f(&mut self, value: f64, ty: TypeHandle) -> ExprId {
        self.e(ExprKind::Float(value), ty)
    }
    pub fn addr(&mut self, v: Handle<Variable>) -> ExprId {
        let ty = self.m.variables[v].ty;
        let ptr = self.ptr(ty);
        self.e(ExprKind::Variable(v), ptr)
    }
    pub fn laddr(&mut self, l: LocalId) -> ExprId {
        let ty = self.b.locals[l].ty;
        let ptr = self.ptr(ty);
        self.e(ExprKind::Local(l), ptr)
    }
    pub fn load(&mut self, address: ExprId) -> ExprId {
        let ty = self.pointee(self.ty_of(address));
        self.e(ExprKind::Load(address), ty)
    }
    pub fn val(&mut self, v: Handle<Variable>) -> ExprId {
        let a = self.addr(v);
        self.load(a)
    }
    pub fn lval(&mut self, l: LocalId) -> ExprId {
        let a = self.laddr(l);
        self.load(a)
    }
    /// `base[index]` where `base` is an array place or a pointer value.
    pub fn index(&mut self, base: ExprId, index: ExprId) -> ExprId {
        let base_ty = self.ty_of(base);
        let pointee = self.pointee(base_ty);
        let result = match self.m.types.get(pointee) {
            TypeInner::Array { element, .. } => {
                let element = *element;
                self.ptr(element)
            }
            _ => base_ty,
        };
        self.e(ExprKind::Index { base, index }, result)
    }
    /// The address of element `index` of array or pointer variable `v`.
    pub fn at(&mut self, v: Handle<Variable>, index: ExprId) -> ExprId {
        let base = match self.m.types.get(self.m.variables[v].ty) {
            TypeInner::Pointer { .. } => self.val(v),
            _ => self.addr(v),
        };
        self.index(base, index)
    }
    pub fn member(&mut self, base: ExprId, member: u32) -> ExprId {
        let record = self.pointee(self.ty_of(base));
        let TypeInner::Struct { members, .. } = self.m.types.get(record) else {
            panic!("not a struct")
        };
        let ty = members[member as usize].ty;
        let ptr = self.ptr(ty);
        self.e(ExprKind::Member { base, member }, ptr)
    }
    pub fn bin(&mut self, op: BinaryOp, left: ExprId, right: ExprId) -> ExprId {
        use BinaryOp::*;
        let ty = match op {
            Eq | Ne | Lt | Le | Gt | Ge | LogicalAnd | LogicalOr => self.boolean(),
            _ => self.ty_of(left),
        };
        self.e(ExprKind::Binary { op, left, right }, ty)
    }
    pub fn un(&mut self, op: UnaryOp, operand: ExprId) -> ExprId {
        let ty = match op {
            UnaryOp::LogicalNot => self.boolean(),
            _ => self.ty_of(operand),
        };
        self.e(ExprKind::Unary { op, operand }, ty)
    }
    pub fn cast(&mut self, operand: ExprId, ty: TypeHandle) -> ExprId {
        self.e(ExprKind::Cast(operand), ty)
    }
    pub fn math(&mut self, function: MathFn, args: Vec<ExprId>) -> ExprId {
        let ty = self.ty_of(args[0]);
        self.e(ExprKind::Math { function, args }, ty)
    }
    pub fn call(&mut self, function: &str, args: Vec<ExprId>, ty: TypeHandle) -> ExprId {
        self.e(
            ExprKind::Call {
                function: function.into(),
                args,
            },
            ty,
        )
    }

    // ----- statements -----
    pub fn store(&mut self, address: ExprId, value: ExprId) -> Stmt {
        Stmt::Store { address, value }
    }
    pub fn set(&mut self, v: Handle<Variable>, value: ExprId) -> Stmt {
        let a = self.addr(v);
        Stmt::Store { address: a, value }
    }
    pub fn lset(&mut self, l: LocalId, value: ExprId) -> Stmt {
        let a = self.laddr(l);
        Stmt::Store { address: a, value }
    }
    /// An `acc atomic` of `kind` on `address` without a captured value.
    pub fn atomic(
        kind: AtomicKind,
        address: ExprId,
        op: Option<BinaryOp>,
        value: Option<ExprId>,
    ) -> Stmt {
        Stmt::Atomic {
            kind,
            address,
            op,
            value,
            capture: None,
            capture_old: false,
            reversed: false,
        }
    }
    /// `*address = *address op value`.
    pub fn update(&mut self, address: ExprId, op: BinaryOp, value: ExprId) -> Stmt {
        let old = self.load(address);
        let new = self.bin(op, old, value);
        Stmt::Store {
            address,
            value: new,
        }
    }

    // ----- acc loops -----
    fn data_op(&mut self, v: Handle<Variable>, kind: DataOpKind, clause: DataClause) -> DataOp {
        let variable = &self.m.variables[v];
        DataOp {
            kind,
            var: v,
            path: Vec::new(),
            ty: variable.ty,
            bounds: Vec::new(),
            data_clause: clause,
            modifiers: Modifiers::default(),
            structured: true,
            implicit: false,
            name: variable.name.clone(),
            async_: Vec::new(),
            entry: None,
            recipe: None,
        }
    }

    /// A private data op for `v`.
    pub fn private_op(&mut self, v: Handle<Variable>) -> Handle<DataOp> {
        let mut op = self.data_op(v, DataOpKind::Private, DataClause::Private);
        op.recipe = Some(private_recipe(&mut self.m, op.ty, span()));
        self.m.data_ops.append(op, span())
    }

    /// A reduction data op for `v`; `sections` are (first, count) per dimension, innermost first.
    pub fn reduction_op(
        &mut self,
        v: Handle<Variable>,
        reduction: ReductionOp,
        sections: &[(i64, i64)],
    ) -> Handle<DataOp> {
        let mut op = self.data_op(v, DataOpKind::Reduction, DataClause::Reduction);
        let mut element = op.ty;
        while let TypeInner::Array { element: e, .. } | TypeInner::Pointer { pointee: e } =
            self.m.types.get(element)
        {
            element = *e;
        }
        let kind = self
            .m
            .types
            .element_scalar(element)
            .expect("scalar element");
        op.recipe = Some(reduction_recipe(
            &mut self.m,
            reduction,
            element,
            kind,
            span(),
        ));
        for &(first, count) in sections {
            let lower = self.m.constant(first, span());
            let extent = self.m.constant(count, span());
            op.bounds
                .push(self.m.make_bounds(lower, Some(extent), 0, span()));
        }
        self.m.data_ops.append(op, span())
    }

    /// An `acc.loop` op with private and reduction operands.
    pub fn loop_op(
        &mut self,
        private: Vec<Handle<DataOp>>,
        reduction: Vec<Handle<DataOp>>,
    ) -> Handle<Op> {
        self.m.ops.append(
            Op {
                kind: OpKind::Loop(acc_ir::LoopOp {
                    private,
                    reduction,
                    ..Default::default()
                }),
            },
            span(),
        )
    }

    /// A loop control `var = lower; var compare upper; var += step` with constant bounds of the
    /// variable's type.
    pub fn control(
        &mut self,
        var: LocalOrVariable,
        lower: i128,
        compare: BinaryOp,
        upper: ExprId,
        step: i128,
    ) -> LoopControl {
        let ty = match var {
            LocalOrVariable::Local(l) => self.b.locals[l].ty,
            LocalOrVariable::Variable(v) => self.m.variables[v].ty,
        };
        let lower = self.c(lower, ty);
        let step = self.c(step, ty);
        LoopControl {
            var,
            lower,
            upper,
            compare,
            step,
        }
    }

    /// A vector loop `for (i = 0; i < n; i++) a[i] = i` over `int *a`, with a fresh local `i`.
    pub fn vector_fill(&mut self, a: Handle<Variable>, n: Handle<Variable>) -> Stmt {
        let ty = self.m.variables[n].ty;
        let i = self.local("i", ty);
        let upper = self.val(n);
        let control = self.control(LocalOrVariable::Local(i), 0, BinaryOp::Lt, upper, 1);
        let index = self.lval(i);
        let element = self.at(a, index);
        let value = self.lval(i);
        let store = self.store(element, value);
        Stmt::AccLoop {
            op: None,
            controls: vec![control],
            mapping: LoopMapping {
                vector: true,
                ..LoopMapping::default()
            },
            tile: Vec::new(),
            body: vec![store],
        }
    }

    // ----- kernels -----
    pub fn param(v: Handle<Variable>, passing: Passing) -> KernelParam {
        KernelParam {
            var: v,
            passing,
            data_op: None,
        }
    }

    /// Makes the compute construct the kernels belong to a construct of `kind`.
    pub fn set_compute_kind(&mut self, kind: ComputeKind) {
        if let OpKind::Compute(compute) = &mut self.m.ops[self.compute].kind {
            compute.kind = kind;
        }
    }

    /// Finishes the current body as kernel `name`.
    pub fn kernel(&mut self, name: &str, params: Vec<KernelParam>, stmts: Stmts) {
        let mut body = std::mem::take(&mut self.b);
        body.stmts = stmts;
        self.m.kernels.push(Kernel {
            name: name.into(),
            compute: self.compute,
            params,
            body,
            span: span(),
        });
    }
}

pub fn options(opt_level: u8) -> HostOptions {
    HostOptions {
        opt_level,
        cpu: None,
    }
}

/// Compiles every kernel, which must all succeed.
pub fn compile(m: &Module, opt_level: u8) -> HostObject {
    let object = compile_host_kernels(m, &options(opt_level)).expect("kernels compile");
    assert!(
        object.skipped.is_empty(),
        "skipped kernels: {:?}",
        object.skipped
    );
    object
}

/// The C side of the kernel ABI: `launch(k, args, G, T)` runs gangs [0, G) (one dimension:
/// `args[0]` points to `{G, G, 1, 1}`) of kernel `k` on `T` threads with contiguous gang ranges; `check(cond, ...)` reports a failure and exits 1.
pub const HARNESS: &str = r#"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
typedef void (*kernel_t)(void **, int64_t, int64_t, int32_t);
struct job { kernel_t k; void **args; int64_t b, e; int t; };
static void *run_job(void *p) { struct job *j = p; j->k(j->args, j->b, j->e, j->t); return 0; }
static int64_t gangs_storage[4];
static void launch(kernel_t k, void **args, int64_t G, int T) {
  pthread_t th[64]; struct job jobs[64];
  gangs_storage[0] = gangs_storage[1] = G; gangs_storage[2] = gangs_storage[3] = 1;
  args[0] = gangs_storage;
  for (int t = 0; t < T; t++) {
    jobs[t].k = k; jobs[t].args = args; jobs[t].t = t;
    jobs[t].b = G * t / T; jobs[t].e = G * (t + 1) / T;
    pthread_create(&th[t], 0, run_job, &jobs[t]);
  }
  for (int t = 0; t < T; t++) pthread_join(th[t], 0);
}
/* The argument of a DeviceAddress or Reduction parameter: a pointer to the address. */
#define DA(address) ((void *)&(void *){ (void *)(address) })
static int failures;
#define check(cond, ...) do { if (!(cond)) { printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); failures++; } } while (0)
static const int64_t GANGS[] = {1, 2, 3, 7, 16, 100};
static const int THREADS[] = {1, 2, 4, 3, 8, 5};
"#;

/// Links `object` with the C `driver` (which follows [`HARNESS`]), runs it and returns its
/// output; fails the test if the program fails or prints `FAIL`.
pub fn run_c(object: &[u8], driver: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = |dir: &Path| -> String {
        std::fs::write(dir.join("kernels.o"), object).unwrap();
        std::fs::write(dir.join("driver.c"), format!("{HARNESS}\n{driver}")).unwrap();
        let output = Command::new("cc")
            .current_dir(dir)
            .args([
                "-O1",
                "-w",
                "driver.c",
                "kernels.o",
                "-o",
                "prog",
                "-lm",
                "-lpthread",
            ])
            .output()
            .expect("run cc");
        assert!(
            output.status.success(),
            "cc failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let output = Command::new(dir.join("prog"))
            .output()
            .expect("run program");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success() && !stdout.contains("FAIL"),
            "program failed ({}):\n{stdout}{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        stdout
    };
    run(dir.path())
}
