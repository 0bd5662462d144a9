//! Calls and everything else a kernel may refuse: math functions (intrinsics and libm) in
//! float, double and long double, the program's own C functions with the System V ABI of
//! small integers, booleans and complex numbers, `acc_on_device`, kernels that cannot be
//! compiled (reported, not crashing, while the others compile), and CPU names.

mod support;

use acc_ir::body::{
    BinaryOp, Builtin, ExprId, ExprKind, LocalOrVariable, LoopMapping, MathFn, Passing, Stmt,
};
use acc_ir::{ScalarKind, Storage, TypeInner};
use accc_codegen::{
    compile_host_kernels, host_kernels_llvm_ir, is_known_cpu, CodegenError, HostOptions,
};
use support::{compile, run_c, Kb};

const GANG_VECTOR: LoopMapping = LoopMapping {
    gang: true,
    worker: false,
    vector: true,
    gang_dim: 0,
    chosen: false,
};

/// `out[i] = Σ f(x)` over many math functions of `x = i * 0.37 + 0.5` in type `ty`.
fn math_kernel(kb: &mut Kb, name: &str, width: u8, functions: &[MathFn]) {
    let ty = kb.scalar(ScalarKind::Float { width });
    let i32t = kb.i32();
    let pty = kb.ptr(ty);
    let out = kb.var("out", pty);
    let n = kb.var("n", i32t);
    let i = kb.local("i", i32t);
    let x = kb.local("x", ty);
    let iv = kb.lval(i);
    let fi = kb.cast(iv, ty);
    let step = kb.f(0.37, ty);
    let scaled = kb.bin(BinaryOp::Mul, fi, step);
    let half = kb.f(0.5, ty);
    let xv = kb.bin(BinaryOp::Add, scaled, half);
    let mut body = vec![Stmt::Declare {
        local: x,
        init: Some(xv),
    }];
    let mut total: Option<ExprId> = None;
    for &function in functions {
        let args: Vec<ExprId> = (0..function.arity())
            .map(|k| {
                let xv = kb.lval(x);
                if k == 0 {
                    xv
                } else {
                    let c = kb.f(1.5 + k as f64, ty);
                    kb.bin(BinaryOp::Sub, c, xv)
                }
            })
            .collect();
        let call = kb.math(function, args);
        total = Some(match total {
            None => call,
            Some(t) => kb.bin(BinaryOp::Add, t, call),
        });
    }
    let iv = kb.lval(i);
    let slot = kb.at(out, iv);
    body.push(kb.store(slot, total.unwrap()));
    let upper = kb.val(n);
    let control = kb.control(LocalOrVariable::Local(i), 0, BinaryOp::Lt, upper, 1);
    let stmts = vec![Stmt::AccLoop {
        op: None,
        controls: vec![control],
        mapping: GANG_VECTOR,
        tile: Vec::new(),
        body,
    }];
    kb.kernel(
        name,
        vec![
            Kb::param(out, Passing::DeviceAddress),
            Kb::param(n, Passing::Value),
        ],
        stmts,
    );
}

fn c_math(functions: &[MathFn], suffix: &str) -> String {
    let mut terms = Vec::new();
    for &function in functions {
        let args: Vec<String> = (0..function.arity())
            .map(|k| {
                if k == 0 {
                    "x".to_string()
                } else {
                    format!("((T){}.5 - x)", 1 + k)
                }
            })
            .collect();
        terms.push(format!(
            "{}{suffix}({})",
            function.c_name(),
            args.join(", ")
        ));
    }
    terms.join(" + ")
}

#[test]
fn math_functions_match_libm() {
    use MathFn::*;
    let all = [
        Sqrt, Cbrt, Exp, Exp2, Expm1, Log, Log2, Log10, Log1p, Pow, Sin, Cos, Tan, Atan, Atan2,
        Sinh, Cosh, Tanh, Fabs, Floor, Ceil, Round, Trunc, Fmod, Fmin, Fmax, Fma, Hypot, Copysign,
        Erf, Erfc, Tgamma, Lgamma,
    ];
    let bounded = [Asin, Acos];
    let mut kb = Kb::new();
    math_kernel(&mut kb, "math_f64", 64, &all);
    math_kernel(&mut kb, "math_f32", 32, &all);
    math_kernel(
        &mut kb,
        "math_f80",
        80,
        &[Sqrt, Fabs, Floor, Sin, Pow, Fmax, Fma, Exp],
    );
    math_kernel(&mut kb, "math_bounded", 64, &bounded);
    let object = compile(&kb.m, 2);
    let driver = format!(
        r#"
void math_f64(void **, int64_t, int64_t, int32_t);
void math_f32(void **, int64_t, int64_t, int32_t);
void math_f80(void **, int64_t, int64_t, int32_t);
void math_bounded(void **, int64_t, int64_t, int32_t);
int main(void) {{
  enum {{ N = 40 }};
  static double d[N]; static float f[N]; static long double l[N]; static double b[N];
  int n = N; double *pd = d; float *pf = f; long double *pl = l;
  void *a1[] = {{0, DA(&pd), &n}}; launch(math_f64, a1, 3, 2);
  void *a2[] = {{0, DA(&pf), &n}}; launch(math_f32, a2, 3, 2);
  void *a3[] = {{0, DA(&pl), &n}}; launch(math_f80, a3, 3, 2);
  int nb = 2; double *pb = b;
  void *a4[] = {{0, DA(&pb), &nb}}; launch(math_bounded, a4, 1, 1);
  for (int i = 0; i < N; i++) {{
    {{ typedef double T; T x = (T)i * (T)0.37 + (T)0.5; T want = {f64};
      check(fabs(d[i] - want) <= 1e-12 * fabs(want), "f64 %d: %.17g want %.17g", i, d[i], want); }}
    {{ typedef float T; T x = (T)i * (T)0.37 + (T)0.5; T want = {f32};
      check(fabsf(f[i] - want) <= 1e-5f * fabsf(want), "f32 %d: %.9g want %.9g", i, f[i], want); }}
    {{ typedef long double T; T x = (T)i * (T)0.37 + (T)0.5; T want = {f80};
      check(fabsl(l[i] - want) <= 1e-15L * fabsl(want), "f80 %d: %Lg want %Lg", i, l[i], want); }}
  }}
  for (int i = 0; i < 2; i++) {{ typedef double T; T x = (T)i * (T)0.37 + (T)0.5; T want = {bounded};
    check(fabs(b[i] - want) <= 1e-12 * fabs(want), "bounded %d", i); }}
  printf("ok\n");
  return failures != 0;
}}
"#,
        f64 = c_math(&all, ""),
        f32 = c_math(&all, "f"),
        f80 = c_math(&[Sqrt, Fabs, Floor, Sin, Pow, Fmax, Fma, Exp], "l"),
        bounded = c_math(&bounded, ""),
    );
    run_c(&object.object, &driver);
}

/// Calls of the program's functions with small integers, booleans, pointers, 128-bit integers,
/// long double and complex values, integer `abs`, and `acc_on_device`.
#[test]
fn calls_follow_the_c_abi() {
    let mut kb = Kb::new();
    let i8t = kb.int(true, 8);
    let u8t = kb.int(false, 8);
    let i16t = kb.int(true, 16);
    let i32t = kb.i32();
    let i128t = kb.int(true, 128);
    let f64t = kb.f64();
    let f80t = kb.scalar(ScalarKind::Float { width: 80 });
    let c64t = kb.scalar(ScalarKind::Complex { width: 64 });
    let c32t = kb.scalar(ScalarKind::Complex { width: 32 });
    let boolt = kb.boolean();
    let void = kb.void();
    let pi = kb.ptr(i32t);
    let pd = kb.ptr(f64t);
    let out = kb.var("out", pd);
    let flags = kb.var("flags", pi);
    let n = kb.var("n", i32t);
    let device = kb.var("device", i32t);
    let which = kb.var("which", i32t);
    let i = kb.local("i", i32t);
    let mut body = Vec::new();
    // ext_small(signed char, unsigned char, short, _Bool) -> short
    let iv = kb.lval(i);
    let neg = kb.un(acc_ir::body::UnaryOp::Neg, iv);
    let a = kb.cast(neg, i8t);
    let iv = kb.lval(i);
    let b = kb.cast(iv, u8t);
    let iv = kb.lval(i);
    let c = kb.cast(iv, i16t);
    let iv = kb.lval(i);
    let three = kb.ci(3);
    let rem = kb.bin(BinaryOp::Rem, iv, three);
    let zero = kb.ci(0);
    let d = kb.bin(BinaryOp::Eq, rem, zero);
    let small = kb.call("ext_small", vec![a, b, c, d], i16t);
    let small = kb.cast(small, f64t);
    // ext_pred(int) -> _Bool
    let iv = kb.lval(i);
    let pred = kb.call("ext_pred", vec![iv], boolt);
    let pred = kb.cast(pred, f64t);
    // ext_wide(__int128, long double) -> long double
    let iv = kb.lval(i);
    let wide = kb.cast(iv, i128t);
    let quarter = kb.f(0.25, f80t);
    let wide = kb.call("ext_wide", vec![wide, quarter], f80t);
    let wide = kb.cast(wide, f64t);
    // ext_cmul(double complex, float complex) -> double complex; ext_cf(float complex) -> float complex
    let iv = kb.lval(i);
    let re = kb.cast(iv, c64t);
    let two = kb.f(2.0, c32t);
    let product = kb.call("ext_cmul", vec![re, two], c64t);
    let iv = kb.lval(i);
    let cf = kb.cast(iv, c32t);
    let cf = kb.call("ext_cf", vec![cf], c32t);
    let cf = kb.cast(cf, c64t);
    let complex_sum = kb.bin(BinaryOp::Add, product, cf);
    let complex_part = kb.cast(complex_sum, f64t);
    // abs(-i)
    let iv = kb.lval(i);
    let neg = kb.un(acc_ir::body::UnaryOp::Neg, iv);
    let abs = kb.math(MathFn::Iabs, vec![neg]);
    let abs = kb.cast(abs, f64t);
    let mut total = small;
    for term in [pred, wide, complex_part, abs] {
        total = kb.bin(BinaryOp::Add, total, term);
    }
    let iv = kb.lval(i);
    let slot = kb.at(out, iv);
    body.push(kb.store(slot, total));
    // ext_record(&flags[i], i): a void function with a pointer.
    let iv = kb.lval(i);
    let slot = kb.at(flags, iv);
    let iv = kb.lval(i);
    let record = kb.call("ext_record", vec![slot, iv], void);
    body.push(Stmt::Eval(record));
    let upper = kb.val(n);
    let control = kb.control(LocalOrVariable::Local(i), 0, BinaryOp::Lt, upper, 1);
    let mut stmts = vec![Stmt::AccLoop {
        op: None,
        controls: vec![control],
        mapping: GANG_VECTOR,
        tile: Vec::new(),
        body,
    }];
    // device = acc_on_device(6) + 2*acc_on_device(2) + 4*acc_on_device(3) + 8*acc_on_device(which)
    let mut on = Vec::new();
    for value in [Some(6), Some(2), Some(3), None] {
        let arg = match value {
            Some(v) => kb.ci(v),
            None => kb.val(which),
        };
        on.push(kb.e(
            ExprKind::Builtin {
                builtin: Builtin::AccOnDevice,
                args: vec![arg],
            },
            i32t,
        ));
    }
    let mut sum = on[0];
    for (k, &term) in on.iter().enumerate().skip(1) {
        let weight = kb.ci(1 << k);
        let weighted = kb.bin(BinaryOp::Mul, weight, term);
        sum = kb.bin(BinaryOp::Add, sum, weighted);
    }
    stmts.push(kb.set(device, sum));
    kb.kernel(
        "calls",
        vec![
            Kb::param(out, Passing::DeviceAddress),
            Kb::param(flags, Passing::DeviceAddress),
            Kb::param(n, Passing::Value),
            Kb::param(device, Passing::DeviceAddress),
            Kb::param(which, Passing::Value),
        ],
        stmts,
    );
    let object = compile(&kb.m, 2);
    run_c(
        &object.object,
        r#"
#include <complex.h>
short ext_small(signed char a, unsigned char b, short c, _Bool d) { return a + b + c + (d ? 1000 : 0); }
_Bool ext_pred(int i) { return i % 2 == 1; }
long double ext_wide(__int128 x, long double q) { return (long double)(x * 3) + q; }
double _Complex ext_cmul(double _Complex a, float _Complex b) { return a * b + 1.0 * I; }
float _Complex ext_cf(float _Complex a) { return a + 0.5f; }
void ext_record(int *slot, int i) { *slot = i * 10; }
void calls(void **, int64_t, int64_t, int32_t);
int main(void) {
  enum { N = 300 };
  static double out[N]; static int flags[N];
  for (int c = 0; c < 6; c++) {
    int n = N, device = -1, which = 6; double *po = out; int *pf = flags;
    void *args[] = {0, DA(&po), DA(&pf), &n, DA(&device), &which};
    launch(calls, args, GANGS[c], THREADS[c]);
    check(device == 13, "device=%d", device);
    for (int i = 0; i < N; i++) {
      double want = (short)((signed char)-i + (unsigned char)i + (short)i + (i % 3 == 0 ? 1000 : 0))
                  + (i % 2 == 1) + (double)((long double)(i * 3) + 0.25L) + (2.0 * i + i + 0.5) + i;
      check(out[i] == want, "G=%ld out[%d]=%g want %g", (long)GANGS[c], i, out[i], want);
      check(flags[i] == 10 * i, "flags[%d]", i);
    }
  }
  printf("ok\n");
  return failures != 0;
}
"#,
    );
}

/// Kernels that cannot be compiled are reported with a span and skipped; the others compile.
#[test]
fn unsupported_kernels_are_skipped_not_fatal() {
    let mut kb = Kb::new();
    let i32t = kb.i32();
    let opaque = kb.m.types.insert(TypeInner::Opaque("struct hidden".into()));
    let popaque = kb.ptr(opaque);
    let hidden = kb.var("hidden", popaque);
    let x = kb.var("x", i32t);
    // *hidden = *hidden: a load of an opaque type.
    let hv = kb.val(hidden);
    let whole = kb.load(hv);
    let hv = kb.val(hidden);
    let copy = kb.store(hv, whole);
    kb.kernel(
        "opaque",
        vec![Kb::param(hidden, Passing::DeviceAddress)],
        vec![copy],
    );
    // A static variable that is not a parameter.
    let counter = kb.var_in("counter", i32t, Storage::Static);
    let one = kb.ci(1);
    let bump = kb.set(counter, one);
    kb.kernel("uses_static", vec![], vec![bump]);
    // return in a compute region
    kb.kernel("returns", vec![], vec![Stmt::Return(None)]);
    // A private copy of an opaque value.
    let thing = kb.var("thing", opaque);
    kb.kernel(
        "private_opaque",
        vec![Kb::param(thing, Passing::Private)],
        vec![],
    );
    // Two calls of a prototype-less function with different promoted argument types.
    let f64t = kb.f64();
    let one = kb.ci(1);
    let as_int = kb.call("old", vec![one], i32t);
    let half = kb.f(0.5, f64t);
    let as_double = kb.call("old", vec![half], i32t);
    kb.kernel(
        "conflicting_calls",
        vec![],
        vec![Stmt::Eval(as_int), Stmt::Eval(as_double)],
    );
    // A good kernel: x = 7.
    let seven = kb.ci(7);
    let set = kb.set(x, seven);
    kb.kernel(
        "good",
        vec![Kb::param(x, Passing::DeviceAddress)],
        vec![set],
    );
    let result = compile_host_kernels(&kb.m, &support::options(2)).expect("the module compiles");
    assert_eq!(result.compiled, ["good"]);
    let skipped: Vec<&str> = result
        .skipped
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(
        skipped,
        [
            "opaque",
            "uses_static",
            "returns",
            "private_opaque",
            "conflicting_calls"
        ]
    );
    for (name, error) in &result.skipped {
        let CodegenError::Unsupported { span, message } = error else {
            panic!("{name}: {error:?}");
        };
        assert!(span.is_known(), "{name}: {message}");
    }
    assert!(format!("{:?}", result.skipped[0].1).contains("struct hidden"));
    assert!(
        format!("{:?}", result.skipped[4].1)
            .contains("is called as 'i32 (double)' and as 'i32 (i32)'"),
        "{:?}",
        result.skipped[4].1
    );
    run_c(
        &result.object,
        r#"
void good(void **, int64_t, int64_t, int32_t);
int main(void) { int x = 0; void *args[] = {0, DA(&x)}; launch(good, args, 4, 2); check(x == 7, "x=%d", x); printf("ok\n"); return failures != 0; }
"#,
    );
}

#[test]
fn cpu_names_are_checked_before_llvm_sees_them() {
    let mut kb = Kb::new();
    let i32t = kb.i32();
    let x = kb.var("x", i32t);
    let seven = kb.ci(7);
    let set = kb.set(x, seven);
    kb.kernel("k", vec![Kb::param(x, Passing::DeviceAddress)], vec![set]);
    for bad in ["i386", "pentium4", "gfx950", "sm_100", "", "x86-64 -mattr"] {
        assert!(!is_known_cpu(bad));
        let options = HostOptions {
            opt_level: 2,
            cpu: Some(bad.into()),
        };
        let error = compile_host_kernels(&kb.m, &options).unwrap_err();
        assert!(
            matches!(error, CodegenError::Unsupported { .. }),
            "{bad}: {error:?}"
        );
    }
    for good in ["native", "x86-64-v3", "znver4", "skylake-avx512"] {
        assert!(is_known_cpu(good));
        let options = HostOptions {
            opt_level: 3,
            cpu: Some(good.into()),
        };
        let object =
            compile_host_kernels(&kb.m, &options).unwrap_or_else(|e| panic!("{good}: {e}"));
        assert_eq!(object.compiled, ["k"]);
        assert_eq!(&object.object[..4], b"\x7fELF");
    }
    let ir = host_kernels_llvm_ir(&kb.m, &support::options(0)).unwrap();
    assert!(ir.contains("define void @k(ptr"), "{ir}");
    assert!(ir.contains("x86_64-unknown-linux-gnu"), "{ir}");
}

/// Hostile nesting is refused with a clear message, never a stack overflow; ordinary depth
/// compiles. The test thread's own stack is the default 2 MiB.
#[test]
fn deep_nesting_is_bounded() {
    for (depth, ok) in [(450, true), (5000, false)] {
        let mut kb = Kb::new();
        let i32t = kb.i32();
        let x = kb.var("x", i32t);
        let mut value = kb.ci(0);
        for k in 0..depth {
            let one = kb.ci((k % 3) as i128);
            value = kb.bin(BinaryOp::Add, value, one);
        }
        let mut stmts = vec![kb.set(x, value)];
        for _ in 0..depth {
            stmts = vec![Stmt::Block(stmts)];
        }
        kb.kernel("deep", vec![Kb::param(x, Passing::DeviceAddress)], stmts);
        let result = compile_host_kernels(&kb.m, &support::options(1)).expect("no internal error");
        assert_eq!(result.compiled.len() == 1, ok, "{:?}", result.skipped);
    }
}
