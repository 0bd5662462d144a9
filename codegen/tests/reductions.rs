//! Reductions: every operator on every scalar type it allows (signed and unsigned integers of
//! several widths, float, double, long double, complex, `_Bool`, Fortran `logical`), as a loop
//! reduction of a gang-partitioned vector loop, as a reduction of the compute construct, and on
//! array sections (a whole array, a 2-D section, a section through a pointer). Every result is
//! checked against a sequential C computation for several gang counts and thread splits.

mod support;

use acc_ir::body::{BinaryOp, ExprId, LocalOrVariable, LoopMapping, Passing, Stmt};
use acc_ir::{ReductionOp, ScalarKind};
use support::{compile, run_c, Kb};

const GANG_VECTOR: LoopMapping = LoopMapping {
    gang: true,
    worker: false,
    vector: true,
    gang_dim: 0,
    chosen: false,
};

/// A scalar type under test: its kind, its C spelling, and how the driver fills the data.
struct Case {
    name: &'static str,
    kind: ScalarKind,
    c_type: &'static str,
    /// C expression of the data at index `i` for operator `op` (a C identifier in scope).
    data: &'static str,
    /// C expression true when `got` matches `want`.
    equal: &'static str,
    ops: &'static [ReductionOp],
}

use ReductionOp::*;

const INT_OPS: &[ReductionOp] = &[Add, Mul, Max, Min, BitAnd, BitOr, BitXor, LogAnd, LogOr];
const FLOAT_OPS: &[ReductionOp] = &[Add, Mul, Max, Min, LogAnd, LogOr];

const CASES: &[Case] = &[
    Case {
        name: "i32",
        kind: ScalarKind::Int { signed: true, width: 32 },
        c_type: "int32_t",
        data: "(op == 1 ? ((i % 37 == 0) ? 2 : (i % 41 == 0) ? -1 : 1) : (int32_t)((i * 2654435761u) % 2001) - 1000)",
        equal: "got == want",
        ops: INT_OPS,
    },
    Case {
        name: "u8",
        kind: ScalarKind::Int { signed: false, width: 8 },
        c_type: "uint8_t",
        data: "(uint8_t)(op == 1 ? (i % 3 == 0 ? 3 : 1) : (i * 37 + 11) % 256)",
        equal: "got == want",
        ops: INT_OPS,
    },
    Case {
        name: "i64",
        kind: ScalarKind::Int { signed: true, width: 64 },
        c_type: "int64_t",
        data: "(op == 1 ? (i % 50 == 0 ? -3 : 1) : (int64_t)i * 1000003 * (i % 2 ? -1 : 1) + ((int64_t)1 << 40))",
        equal: "got == want",
        ops: INT_OPS,
    },
    Case {
        name: "u32",
        kind: ScalarKind::Int { signed: false, width: 32 },
        c_type: "uint32_t",
        data: "(uint32_t)(op == 1 ? (i % 64 == 0 ? 2 : 1) : i * 2654435761u)",
        equal: "got == want",
        ops: &[Add, Mul, Max, Min, BitAnd, BitOr, BitXor],
    },
    Case {
        name: "i16",
        kind: ScalarKind::Int { signed: true, width: 16 },
        c_type: "int16_t",
        data: "(int16_t)(op == 1 ? (i % 100 == 0 ? -1 : 1) : (i * 7919) % 30000 - 15000)",
        equal: "got == want",
        ops: &[Add, Mul, Max, Min, BitXor],
    },
    Case {
        name: "f64",
        kind: ScalarKind::Float { width: 64 },
        c_type: "double",
        data: "(op == 1 ? 1.0 + ((i % 7) - 3) * 1e-4 : (op >= 7 ? (double)(i % 500 != 0) : sin(i * 0.7) * 100.0))",
        equal: "fabs(got - want) <= 1e-9 * fabs(want) + 1e-9",
        ops: FLOAT_OPS,
    },
    Case {
        name: "f32",
        kind: ScalarKind::Float { width: 32 },
        c_type: "float",
        data: "(float)(op == 1 ? 1.0 + ((i % 5) - 2) * 1e-4 : (op >= 7 ? (double)(i % 499 != 0) : cos(i * 0.3) * 10.0))",
        equal: "fabsf(got - want) <= 1e-3f * fabsf(want) + 5e-2f",
        ops: FLOAT_OPS,
    },
    Case {
        name: "f80",
        kind: ScalarKind::Float { width: 80 },
        c_type: "long double",
        data: "(long double)(op == 1 ? 1.0 + ((i % 3) - 1) * 1e-4 : sin(i * 0.1))",
        equal: "fabsl(got - want) <= 1e-12L * fabsl(want) + 1e-12L",
        ops: &[Add, Mul, Max, Min],
    },
    Case {
        name: "c64",
        kind: ScalarKind::Complex { width: 64 },
        c_type: "double _Complex",
        data: "(op == 1 ? 1.0 + 1e-4 * ((i % 5) - 2) + 1e-4 * ((i % 3) - 1) * 1.0i : sin(i * 1.0) + cos(i * 2.0) * 1.0i)",
        equal: "cabs(got - want) <= 1e-9 * cabs(want) + 1e-9",
        ops: &[Add, Mul],
    },
    Case {
        name: "c32",
        kind: ScalarKind::Complex { width: 32 },
        c_type: "float _Complex",
        data: "(float _Complex)(op == 1 ? 1.0 + 1e-4 * ((i % 5) - 2) : sin(i * 1.0) + cos(i * 2.0) * 1.0i)",
        equal: "cabsf(got - want) <= 1e-3f * cabsf(want) + 1e-3f",
        ops: &[Add, Mul],
    },
    Case {
        name: "bool",
        kind: ScalarKind::Bool { width: 8 },
        c_type: "_Bool",
        data: "(_Bool)(op == 7 ? (i % 997 != 500) : (i % 13 == 0))",
        equal: "got == want",
        ops: &[Add, Mul, Max, Min, BitAnd, BitOr, BitXor, LogAnd, LogOr],
    },
    Case {
        name: "logical",
        kind: ScalarKind::Bool { width: 32 },
        c_type: "int32_t",
        data: "(int32_t)(i % 11 == 0)",
        equal: "got == want",
        ops: &[LogAnd, LogOr, Eqv, Neqv],
    },
];

/// The C statement of one sequential step `r = r op d`.
fn c_step(op: ReductionOp) -> &'static str {
    match op {
        Add => "r = r + d;",
        Mul => "r = r * d;",
        Max => "r = r > d ? r : d;",
        Min => "r = r < d ? r : d;",
        BitAnd => "r = r & d;",
        BitOr => "r = r | d;",
        BitXor => "r = r ^ d;",
        LogAnd => "r = r && d;",
        LogOr => "r = r || d;",
        Eqv => "r = (r != 0) == (d != 0);",
        Neqv => "r = (r != 0) != (d != 0);",
    }
}

/// The body IR of `result = result op value`.
fn step(kb: &mut Kb, op: ReductionOp, result: ExprId, value: ExprId) -> ExprId {
    let ty = kb.ty_of(result);
    let binary = match op {
        Add => BinaryOp::Add,
        Mul => BinaryOp::Mul,
        Max => BinaryOp::Max,
        Min => BinaryOp::Min,
        BitAnd => BinaryOp::BitAnd,
        BitOr => BinaryOp::BitOr,
        BitXor => BinaryOp::BitXor,
        LogAnd => BinaryOp::LogicalAnd,
        LogOr => BinaryOp::LogicalOr,
        Eqv => BinaryOp::Eq,
        Neqv => BinaryOp::Ne,
    };
    let (result, value) = if matches!(op, Eqv | Neqv) {
        let boolean = kb.boolean();
        (kb.cast(result, boolean), kb.cast(value, boolean))
    } else {
        (result, value)
    };
    let combined = kb.bin(binary, result, value);
    if kb.ty_of(combined) == ty {
        combined
    } else {
        kb.cast(combined, ty)
    }
}

#[test]
fn every_operator_on_every_type() {
    let mut kb = Kb::new();
    let i32t = kb.i32();
    let n = kb.var("n", i32t);
    let mut driver = String::new();
    let mut calls = String::new();
    for case in CASES {
        let ty = kb.scalar(case.kind);
        let pty = kb.ptr(ty);
        let data = kb.var("data", pty);
        let result = kb.var("result", ty);
        for &op in case.ops {
            // Variant 1: loop reduction of a gang/vector loop into mapped data (copy).
            // Variant 2: the same loop with the reduction on the compute construct too.
            for variant in 1..=2 {
                let i = kb.local("i", i32t);
                let upper = kb.val(n);
                let control = kb.control(LocalOrVariable::Local(i), 0, BinaryOp::Lt, upper, 1);
                let reduction = kb.reduction_op(result, op, &[]);
                let loop_op = kb.loop_op(vec![], vec![reduction]);
                let current = kb.val(result);
                let iv = kb.lval(i);
                let element = kb.at(data, iv);
                let value = kb.load(element);
                let combined = step(&mut kb, op, current, value);
                let assign = kb.set(result, combined);
                let body = vec![Stmt::AccLoop {
                    op: Some(loop_op),
                    controls: vec![control],
                    mapping: GANG_VECTOR,
                    tile: Vec::new(),
                    body: vec![assign],
                }];
                let passing = if variant == 1 {
                    Passing::DeviceAddress
                } else {
                    Passing::Reduction(op)
                };
                let name = format!("red{variant}_{}_{}", case.name, op.mlir_name());
                kb.kernel(
                    &name,
                    vec![
                        Kb::param(data, Passing::DeviceAddress),
                        Kb::param(n, Passing::Value),
                        Kb::param(result, passing),
                    ],
                    body,
                );
                let t = case.c_type;
                let op_index = op as usize;
                let initial = if matches!(op, Mul | LogAnd | Eqv | BitAnd | Min) {
                    "(d0)"
                } else {
                    "0"
                };
                driver.push_str(&format!(
                    "void {name}(void **, int64_t, int64_t, int32_t);\n\
                     static void test_{name}(void) {{\n\
                       int op = {op_index}; int n = 1000; static {t} data[1000];\n\
                       for (int i = 0; i < n; i++) data[i] = {data};\n\
                       {t} d0 = data[0];\n\
                       for (int c = 0; c < 6; c++) {{\n\
                         {t} r = {initial};\n\
                         for (int i = 0; i < n; i++) {{ {t} d = data[i]; {step} }}\n\
                         {t} want = r, got = {initial};\n\
                         {t} *p = data;\n\
                         void *args[] = {{0, DA(&p), &n, DA(&got)}};\n\
                         launch({name}, args, GANGS[c], THREADS[c]);\n\
                         check({equal}, \"{name} G=%ld: got %Lg want %Lg\", (long)GANGS[c], (long double)creall(got), (long double)creall(want));\n\
                       }}\n\
                     }}\n",
                    data = case.data,
                    step = c_step(op),
                    equal = case.equal,
                ));
                calls.push_str(&format!("  test_{name}();\n"));
            }
        }
    }
    driver.push_str(&format!(
        "int main(void) {{\n{calls}  printf(\"ok\\n\");\n  return failures != 0;\n}}\n"
    ));
    let driver = format!("#include <complex.h>\n{driver}");
    for opt in [0, 2] {
        let object = compile(&kb.m, opt);
        run_c(&object.object, &driver);
    }
}

/// Gang-redundant code with a compute-construct reduction: every gang contributes once.
#[test]
fn gang_redundant_compute_reduction() {
    let mut kb = Kb::new();
    let f64t = kb.f64();
    let i32t = kb.i32();
    let sum = kb.var("sum", f64t);
    let count = kb.var("count", i32t);
    let current = kb.val(sum);
    let half = kb.f(0.5, f64t);
    let added = kb.bin(BinaryOp::Add, current, half);
    let set_sum = kb.set(sum, added);
    let current = kb.val(count);
    let one = kb.ci(1);
    let added = kb.bin(BinaryOp::Add, current, one);
    let set_count = kb.set(count, added);
    kb.kernel(
        "redundant",
        vec![
            Kb::param(sum, Passing::Reduction(ReductionOp::Add)),
            Kb::param(count, Passing::Reduction(ReductionOp::Add)),
        ],
        vec![set_sum, set_count],
    );
    let object = compile(&kb.m, 2);
    run_c(
        &object.object,
        r#"
void redundant(void **, int64_t, int64_t, int32_t);
int main(void) {
  for (int c = 0; c < 6; c++) {
    double sum = 1.0; int count = 3;
    void *args[] = {0, DA(&sum), DA(&count)};
    launch(redundant, args, GANGS[c], THREADS[c]);
    check(sum == 1.0 + 0.5 * GANGS[c] && count == 3 + GANGS[c], "G=%ld sum=%g count=%d", (long)GANGS[c], sum, count);
  }
  printf("ok\n");
  return failures != 0;
}
"#,
    );
}

/// Array reductions: `reduction(+:hist)` on a whole `int hist[10]`, `reduction(+:h2[1:2][0:6])`
/// on a 2-D section, and `reduction(max:p[2:5])` through a `double *`.
#[test]
fn array_section_reductions() {
    let mut kb = Kb::new();
    let i32t = kb.i32();
    let f64t = kb.f64();
    let hist_ty = kb.array(i32t, 10);
    let row = kb.array(i32t, 6);
    let h2_ty = kb.array(row, 4);
    let pd = kb.ptr(f64t);
    let pi = kb.ptr(i32t);
    let hist = kb.var("hist", hist_ty);
    let h2 = kb.var("h2", h2_ty);
    let p = kb.var("p", pd);
    let data = kb.var("data", pi);
    let n = kb.var("n", i32t);
    let i = kb.local("i", i32t);
    // hist[data[i] % 10] += 1
    let iv = kb.lval(i);
    let di = kb.at(data, iv);
    let dv = kb.load(di);
    let ten = kb.ci(10);
    let bucket = kb.bin(BinaryOp::Rem, dv, ten);
    let slot = kb.at(hist, bucket);
    let one = kb.ci(1);
    let bump_hist = kb.update(slot, BinaryOp::Add, one);
    // h2[1 + i % 2][i % 6] += i
    let iv = kb.lval(i);
    let two = kb.ci(2);
    let r = kb.bin(BinaryOp::Rem, iv, two);
    let one = kb.ci(1);
    let r = kb.bin(BinaryOp::Add, r, one);
    let base = kb.addr(h2);
    let row_addr = kb.index(base, r);
    let iv = kb.lval(i);
    let six = kb.ci(6);
    let col = kb.bin(BinaryOp::Rem, iv, six);
    let cell = kb.index(row_addr, col);
    let iv = kb.lval(i);
    let bump_h2 = kb.update(cell, BinaryOp::Add, iv);
    // p[2 + i % 5] = max(p[2 + i % 5], (double) data[i])
    let iv = kb.lval(i);
    let five = kb.ci(5);
    let k = kb.bin(BinaryOp::Rem, iv, five);
    let two = kb.ci(2);
    let k = kb.bin(BinaryOp::Add, k, two);
    let slot = kb.at(p, k);
    let iv = kb.lval(i);
    let di = kb.at(data, iv);
    let dv = kb.load(di);
    let dv = kb.cast(dv, f64t);
    let max_p = kb.update(slot, BinaryOp::Max, dv);

    let reductions = vec![
        kb.reduction_op(hist, ReductionOp::Add, &[(0, 10)]),
        kb.reduction_op(h2, ReductionOp::Add, &[(0, 6), (1, 2)]),
        kb.reduction_op(p, ReductionOp::Max, &[(2, 5)]),
    ];
    let loop_op = kb.loop_op(vec![], reductions);
    let upper = kb.val(n);
    let control = kb.control(LocalOrVariable::Local(i), 0, BinaryOp::Lt, upper, 1);
    let body = vec![Stmt::AccLoop {
        op: Some(loop_op),
        controls: vec![control],
        mapping: GANG_VECTOR,
        tile: Vec::new(),
        body: vec![bump_hist, bump_h2, max_p],
    }];
    kb.kernel(
        "arrays",
        vec![
            Kb::param(hist, Passing::DeviceAddress),
            Kb::param(h2, Passing::DeviceAddress),
            Kb::param(p, Passing::DeviceAddress),
            Kb::param(data, Passing::DeviceAddress),
            Kb::param(n, Passing::Value),
        ],
        body,
    );
    let object = compile(&kb.m, 2);
    run_c(
        &object.object,
        r#"
void arrays(void **, int64_t, int64_t, int32_t);
int main(void) {
  int n = 5000; static int data[5000];
  for (int i = 0; i < n; i++) data[i] = (i * 7919) % 1009;
  for (int c = 0; c < 6; c++) {
    int hist[10] = {0}, h2[4][6], want_h2[4][6], want_hist[10] = {0};
    double vals[8], want_vals[8];
    for (int a = 0; a < 4; a++) for (int b = 0; b < 6; b++) h2[a][b] = want_h2[a][b] = 100 * a + b;
    for (int a = 0; a < 8; a++) vals[a] = want_vals[a] = 500.0 + a;
    for (int i = 0; i < n; i++) {
      want_hist[data[i] % 10]++;
      want_h2[1 + i % 2][i % 6] += i;
      double d = data[i];
      if (d > want_vals[2 + i % 5]) want_vals[2 + i % 5] = d;
    }
    double *p = vals;
    int *dp = data;
    void *real_args[] = {0, DA(hist), DA(h2), DA(&p), DA(&dp), &n};
    launch(arrays, real_args, GANGS[c], THREADS[c]);
    for (int a = 0; a < 10; a++) check(hist[a] == want_hist[a], "G=%ld hist[%d]=%d want %d", (long)GANGS[c], a, hist[a], want_hist[a]);
    for (int a = 0; a < 4; a++) for (int b = 0; b < 6; b++)
      check(h2[a][b] == want_h2[a][b], "G=%ld h2[%d][%d]=%d want %d", (long)GANGS[c], a, b, h2[a][b], want_h2[a][b]);
    for (int a = 0; a < 8; a++) check(vals[a] == want_vals[a], "G=%ld vals[%d]=%g want %g", (long)GANGS[c], a, vals[a], want_vals[a]);
  }
  printf("ok\n");
  return failures != 0;
}
"#,
    );
}
