//! Expression semantics against C: signed and unsigned division, remainder, shifts and
//! comparisons, conversions (truncation, zero extension, float ↔ integer), pointer arithmetic,
//! `?:` and `&&`/`||` evaluating only what C evaluates, complex division and equality, long
//! double, `__float128` and floating remainder.

mod support;

use acc_ir::body::{
    BinaryOp as B, ExprId, ExprKind, LocalOrVariable, LoopMapping, Passing, Stmt, UnaryOp,
};
use acc_ir::ScalarKind;
use support::{compile, run_c, Kb};

const GANG: LoopMapping = LoopMapping {
    gang: true,
    worker: false,
    vector: false,
    gang_dim: 0,
    chosen: false,
};

const C_INT: &[&str] = &[
    "v / 7",
    "v % 7",
    "u / 7u",
    "u % 7u",
    "v >> 3",
    "u >> 3",
    "v << 2",
    "~v",
    "-v",
    "!v",
    "u > 5u",
    "v > 5",
    "(int8_t)v",
    "(uint16_t)v",
    "(int)d",
    "(unsigned)(d * d)",
    "(d != 0.0) && (v > 0)",
    "v > 0 ? v * 2 : -v",
    "v > 3 ? v : 3",
    "u < 100u ? u : 100u",
    "&arr[v & 7] - &arr[0]",
    "&arr[v & 3] < &arr[2]",
    "lazy_select",
    "lazy_or",
    "(_Bool)d",
    "(int64_t)(double)u",
];

const C_DOUBLE: &[&str] = &[
    "d / 3.0",
    "creal((d + 1.0i) / (2.0 - d * 1.0i))",
    "cimag((d + 1.0i) / (2.0 - d * 1.0i))",
    "(d + 0.0i) == (d + 0.0i)",
    "(double)((long double)d * 3.0L + 1.0L)",
    "(double)((float)d * 0.5f)",
    "(double)u",
    "(double)((__float128)d * (__float128)d + (__float128)1)",
    "fmod(d, 2.5)",
    "-d",
];

#[test]
fn expressions_match_c() {
    let mut kb = Kb::new();
    let i8t = kb.int(true, 8);
    let u16t = kb.int(false, 16);
    let i32t = kb.i32();
    let u32t = kb.int(false, 32);
    let i64t = kb.i64();
    let f32t = kb.f32();
    let f64t = kb.f64();
    let f80t = kb.scalar(ScalarKind::Float { width: 80 });
    let f128t = kb.scalar(ScalarKind::Float { width: 128 });
    let c64t = kb.scalar(ScalarKind::Complex { width: 64 });
    let boolt = kb.boolean();
    let arr_ty = kb.array(i32t, 8);
    let pi = kb.ptr(i32t);
    let pl = kb.ptr(i64t);
    let pd = kb.ptr(f64t);
    let in_i = kb.var("in_i", pi);
    let in_d = kb.var("in_d", pd);
    let out_i = kb.var("out_i", pl);
    let out_d = kb.var("out_d", pd);
    let n = kb.var("n", i32t);
    let i = kb.local("i", i32t);
    let v = kb.local("v", i32t);
    let u = kb.local("u", u32t);
    let d = kb.local("d", f64t);
    let cnt = kb.local("cnt", i32t);
    let arr = kb.local("arr", arr_ty);

    let iv = kb.lval(i);
    let src = kb.at(in_i, iv);
    let vv = kb.load(src);
    let vu = kb.lval(v);
    let uv = kb.cast(vu, u32t);
    let iv = kb.lval(i);
    let src = kb.at(in_d, iv);
    let dv = kb.load(src);
    let mut body = vec![
        Stmt::Declare {
            local: v,
            init: Some(vv),
        },
        Stmt::Declare {
            local: u,
            init: Some(uv),
        },
        Stmt::Declare {
            local: d,
            init: Some(dv),
        },
    ];
    for k in 0..8 {
        let base = kb.laddr(arr);
        let index = kb.ci(k);
        let slot = kb.index(base, index);
        let value = kb.ci(k * k);
        body.push(kb.store(slot, value));
    }

    let mut ints: Vec<ExprId> = Vec::new();
    let c = |kb: &mut Kb, value: i128| kb.ci(value);
    let cu = |kb: &mut Kb, value: i128| kb.c(value, u32t);
    macro_rules! v {
        () => {
            kb.lval(v)
        };
    }
    macro_rules! u {
        () => {
            kb.lval(u)
        };
    }
    macro_rules! d {
        () => {
            kb.lval(d)
        };
    }
    for (op, unsigned) in [
        (B::Div, false),
        (B::Rem, false),
        (B::Div, true),
        (B::Rem, true),
    ] {
        let (a, b) = if unsigned {
            (u!(), cu(&mut kb, 7))
        } else {
            (v!(), c(&mut kb, 7))
        };
        ints.push(kb.bin(op, a, b));
    }
    let (a, b) = (v!(), c(&mut kb, 3));
    ints.push(kb.bin(B::Shr, a, b));
    let (a, b) = (u!(), c(&mut kb, 3));
    ints.push(kb.bin(B::Shr, a, b));
    let (a, b) = (v!(), c(&mut kb, 2));
    ints.push(kb.bin(B::Shl, a, b));
    let a = v!();
    ints.push(kb.un(UnaryOp::Not, a));
    let a = v!();
    ints.push(kb.un(UnaryOp::Neg, a));
    let a = v!();
    ints.push(kb.un(UnaryOp::LogicalNot, a));
    let (a, b) = (u!(), cu(&mut kb, 5));
    ints.push(kb.bin(B::Gt, a, b));
    let (a, b) = (v!(), c(&mut kb, 5));
    ints.push(kb.bin(B::Gt, a, b));
    let a = v!();
    ints.push(kb.cast(a, i8t));
    let a = v!();
    ints.push(kb.cast(a, u16t));
    let a = d!();
    ints.push(kb.cast(a, i32t));
    let (a, b) = (d!(), d!());
    let square = kb.bin(B::Mul, a, b);
    ints.push(kb.cast(square, u32t));
    let a = d!();
    let zero = kb.f(0.0, f64t);
    let nonzero = kb.bin(B::Ne, a, zero);
    let (a, b) = (v!(), c(&mut kb, 0));
    let positive = kb.bin(B::Gt, a, b);
    ints.push(kb.bin(B::LogicalAnd, nonzero, positive));
    let (a, b) = (v!(), c(&mut kb, 0));
    let cond = kb.bin(B::Gt, a, b);
    let (a, b) = (v!(), c(&mut kb, 2));
    let accept = kb.bin(B::Mul, a, b);
    let a = v!();
    let reject = kb.un(UnaryOp::Neg, a);
    ints.push(kb.e(
        ExprKind::Select {
            cond,
            accept,
            reject,
        },
        i32t,
    ));
    let (a, b) = (v!(), c(&mut kb, 3));
    ints.push(kb.bin(B::Max, a, b));
    let (a, b) = (u!(), cu(&mut kb, 100));
    ints.push(kb.bin(B::Min, a, b));
    // &arr[v & 7] - &arr[0]
    let (a, b) = (v!(), c(&mut kb, 7));
    let masked = kb.bin(B::BitAnd, a, b);
    let base = kb.laddr(arr);
    let left = kb.index(base, masked);
    let base = kb.laddr(arr);
    let decayed = kb.e(ExprKind::Decay(base), pi);
    ints.push(kb.e(
        ExprKind::PointerDiff {
            left,
            right: decayed,
        },
        i64t,
    ));
    // &arr[v & 3] < arr + 2
    let (a, b) = (v!(), c(&mut kb, 3));
    let masked = kb.bin(B::BitAnd, a, b);
    let base = kb.laddr(arr);
    let left = kb.index(base, masked);
    let base = kb.laddr(arr);
    let decayed = kb.e(ExprKind::Decay(base), pi);
    let two = c(&mut kb, 2);
    let right = kb.e(
        ExprKind::PointerAdd {
            pointer: decayed,
            offset: two,
        },
        pi,
    );
    ints.push(kb.bin(B::Lt, left, right));
    // lazy_select: cnt = 0; r = v > 0 ? 10 : (cnt += 1, cnt + 20); r * 100 + cnt
    let zero = c(&mut kb, 0);
    body.push(Stmt::Declare {
        local: cnt,
        init: Some(zero),
    });
    let (a, b) = (v!(), c(&mut kb, 0));
    let cond = kb.bin(B::Gt, a, b);
    let accept = c(&mut kb, 10);
    let address = kb.laddr(cnt);
    let one = c(&mut kb, 1);
    let bump = kb.update(address, B::Add, one);
    let cv = kb.lval(cnt);
    let twenty = c(&mut kb, 20);
    let value = kb.bin(B::Add, cv, twenty);
    let reject = kb.e(
        ExprKind::Block {
            stmts: vec![bump],
            value,
        },
        i32t,
    );
    let chosen = kb.e(
        ExprKind::Select {
            cond,
            accept,
            reject,
        },
        i32t,
    );
    let hundred = c(&mut kb, 100);
    let scaled = kb.bin(B::Mul, chosen, hundred);
    let cv = kb.lval(cnt);
    ints.push(kb.bin(B::Add, scaled, cv));
    // lazy_or: cnt = 0; t = v < 0 || (cnt = 1, 1); t * 10 + cnt
    let (a, b) = (v!(), c(&mut kb, 0));
    let left = kb.bin(B::Lt, a, b);
    let address = kb.laddr(cnt);
    let one = c(&mut kb, 1);
    let set = kb.store(address, one);
    let truth = kb.c(1, boolt);
    let right = kb.e(
        ExprKind::Block {
            stmts: vec![set],
            value: truth,
        },
        boolt,
    );
    let zero = c(&mut kb, 0);
    let reset = kb.lset(cnt, zero);
    let either = kb.bin(B::LogicalOr, left, right);
    let either = kb.e(
        ExprKind::Block {
            stmts: vec![reset],
            value: either,
        },
        boolt,
    );
    let either = kb.cast(either, i32t);
    let ten = c(&mut kb, 10);
    let scaled = kb.bin(B::Mul, either, ten);
    let cv = kb.lval(cnt);
    ints.push(kb.bin(B::Add, scaled, cv));
    let a = d!();
    ints.push(kb.cast(a, boolt));
    let a = u!();
    let wide = kb.cast(a, f64t);
    ints.push(kb.cast(wide, i64t));
    assert_eq!(ints.len(), C_INT.len());

    let mut doubles: Vec<ExprId> = Vec::new();
    let (a, b) = (d!(), kb.f(3.0, f64t));
    doubles.push(kb.bin(B::Div, a, b));
    // (d + 1i) / (2 - d i), built with the program's make_complex(re, im)
    let a = d!();
    let one = kb.f(1.0, f64t);
    let numerator = kb.call("make_complex", vec![a, one], c64t);
    let two = kb.f(2.0, f64t);
    let a = d!();
    let minus = kb.un(UnaryOp::Neg, a);
    let denominator = kb.call("make_complex", vec![two, minus], c64t);
    let quotient = kb.bin(B::Div, numerator, denominator);
    doubles.push(kb.call("creal", vec![quotient], f64t));
    let a = d!();
    let one = kb.f(1.0, f64t);
    let numerator = kb.call("make_complex", vec![a, one], c64t);
    let two = kb.f(2.0, f64t);
    let a = d!();
    let minus = kb.un(UnaryOp::Neg, a);
    let denominator = kb.call("make_complex", vec![two, minus], c64t);
    let quotient = kb.bin(B::Div, numerator, denominator);
    doubles.push(kb.call("cimag", vec![quotient], f64t));
    let (a, b) = (d!(), d!());
    let (a, b) = (kb.cast(a, c64t), kb.cast(b, c64t));
    doubles.push(kb.bin(B::Eq, a, b));
    let a = d!();
    let wide = kb.cast(a, f80t);
    let three = kb.f(3.0, f80t);
    let product = kb.bin(B::Mul, wide, three);
    let one = kb.f(1.0, f80t);
    doubles.push(kb.bin(B::Add, product, one));
    let a = d!();
    let narrow = kb.cast(a, f32t);
    let half = kb.f(0.5, f32t);
    doubles.push(kb.bin(B::Mul, narrow, half));
    doubles.push(u!());
    let (a, b) = (d!(), d!());
    let (a, b) = (kb.cast(a, f128t), kb.cast(b, f128t));
    let product = kb.bin(B::Mul, a, b);
    let one = kb.c(1, i32t);
    let one = kb.cast(one, f128t);
    doubles.push(kb.bin(B::Add, product, one));
    let (a, b) = (d!(), kb.f(2.5, f64t));
    doubles.push(kb.bin(B::Rem, a, b));
    let a = d!();
    doubles.push(kb.un(UnaryOp::Neg, a));
    assert_eq!(doubles.len(), C_DOUBLE.len());

    for (k, &value) in ints.iter().enumerate() {
        let iv = kb.lval(i);
        let width = kb.ci(C_INT.len() as i128);
        let row = kb.bin(B::Mul, iv, width);
        let offset = kb.ci(k as i128);
        let index = kb.bin(B::Add, row, offset);
        let slot = kb.at(out_i, index);
        let value = kb.cast(value, i64t);
        body.push(kb.store(slot, value));
    }
    for (k, &value) in doubles.iter().enumerate() {
        let iv = kb.lval(i);
        let width = kb.ci(C_DOUBLE.len() as i128);
        let row = kb.bin(B::Mul, iv, width);
        let offset = kb.ci(k as i128);
        let index = kb.bin(B::Add, row, offset);
        let slot = kb.at(out_d, index);
        let value = kb.cast(value, f64t);
        body.push(kb.store(slot, value));
    }
    let upper = kb.val(n);
    let control = kb.control(LocalOrVariable::Local(i), 0, B::Lt, upper, 1);
    let stmts = vec![Stmt::AccLoop {
        op: None,
        controls: vec![control],
        mapping: GANG,
        tile: Vec::new(),
        body,
    }];
    kb.kernel(
        "exprs",
        [in_i, in_d, out_i, out_d]
            .into_iter()
            .map(|v| Kb::param(v, Passing::DeviceAddress))
            .chain([Kb::param(n, Passing::Value)])
            .collect(),
        stmts,
    );
    let mut checks = String::new();
    for (k, expr) in C_INT.iter().enumerate() {
        let expr = match *expr {
            "lazy_select" => {
                "({ int cnt = 0; int r = v > 0 ? 10 : (cnt += 1, cnt + 20); r * 100 + cnt; })"
            }
            "lazy_or" => "({ int cnt = 0; int t = v < 0 || (cnt = 1, 1); t * 10 + cnt; })",
            other => other,
        };
        checks.push_str(&format!(
            "    {{ int64_t want = (int64_t)({expr}); check(oi[i * {ni} + {k}] == want, \"i=%d v=%d d=%g: {} = %ld, want %ld\", i, v, d, (long)oi[i * {ni} + {k}], (long)want); }}\n",
            expr.replace('"', "'").replace('%', "%%"),
            ni = C_INT.len(),
        ));
    }
    for (k, expr) in C_DOUBLE.iter().enumerate() {
        checks.push_str(&format!(
            "    {{ double want = (double)({expr}); check(fabs(od[i * {nd} + {k}] - want) <= 1e-13 * fabs(want), \"i=%d d=%g: {} = %.17g, want %.17g\", i, d, od[i * {nd} + {k}], want); }}\n",
            expr.replace('%', "%%"),
            nd = C_DOUBLE.len(),
        ));
    }
    let driver = format!(
        r#"
#include <complex.h>
double _Complex make_complex(double re, double im) {{ return re + im * I; }}
void exprs(void **, int64_t, int64_t, int32_t);
int main(void) {{
  enum {{ N = 64 }};
  static int in_i[N]; static double in_d[N]; static int64_t oi[N * {ni}]; static double od[N * {nd}];
  for (int i = 0; i < N; i++) {{ in_i[i] = (i * 2654435761u) % 2001 - 1000; in_d[i] = (i % 9 == 0) ? 0.0 : (i - 30) * 0.73; }}
  int n = N; int *a = in_i; double *b = in_d; int64_t *c = oi; double *e = od;
  void *args[] = {{0, DA(&a), DA(&b), DA(&c), DA(&e), &n}};
  launch(exprs, args, 5, 3);
  int arr[8]; for (int k = 0; k < 8; k++) arr[k] = k * k;
  for (int i = 0; i < N; i++) {{
    int v = in_i[i]; unsigned u = (unsigned)v; double d = in_d[i];
{checks}  }}
  printf("ok\n");
  return failures != 0;
}}
"#,
        ni = C_INT.len(),
        nd = C_DOUBLE.len(),
    );
    let object = compile(&kb.m, 2);
    run_c(&object.object, &driver);
    let object = compile(&kb.m, 0);
    run_c(&object.object, &driver);
}
