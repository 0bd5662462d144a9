//! Atomics under concurrency: every kind (read, write, update, capture of the old and the new
//! value, exchange) on integers, floats, booleans, and on values x86-64 cannot access atomically
//! in one instruction (`long double`, `float _Complex`), run by many gangs on several threads.

mod support;

use acc_ir::body::{BinaryOp, ExprId, LocalOrVariable, LoopMapping, Passing, Stmt};
use acc_ir::{AtomicKind, ScalarKind};
use support::{compile, run_c, Kb};

const GANG: LoopMapping = LoopMapping {
    gang: true,
    worker: false,
    vector: false,
    gang_dim: 0,
    chosen: false,
};

#[test]
fn every_atomic_kind_under_concurrency() {
    let mut kb = Kb::new();
    let i32t = kb.i32();
    let i64t = kb.i64();
    let u64t = kb.int(false, 64);
    let f64t = kb.f64();
    let f32t = kb.f32();
    let f80t = kb.scalar(ScalarKind::Float { width: 80 });
    let c32t = kb.scalar(ScalarKind::Complex { width: 32 });
    let boolt = kb.boolean();
    let pi = kb.ptr(i32t);
    let names: Vec<(&str, acc_ir::TypeHandle)> = vec![
        ("count", i32t),
        ("dsum", f64t),
        ("prod", f64t),
        ("imax", i32t),
        ("hx", u64t),
        ("halve", i32t),
        ("ticket", i32t),
        ("even", i64t),
        ("fcount", f32t),
        ("ldsum", f80t),
        ("csum", c32t),
        ("any", boolt),
        ("swap", i32t),
        ("readme", i32t),
        ("last", i32t),
    ];
    let vars: Vec<_> = names.iter().map(|(n, t)| kb.var(n, *t)).collect();
    let var = |name: &str| vars[names.iter().position(|(n, _)| *n == name).unwrap()];
    let seen = kb.var("seen", pi);
    let marks = kb.var("marks", pi);
    let olds = kb.var("olds", pi);
    let reads = kb.var("reads", pi);
    let n = kb.var("n", i32t);
    let i = kb.local("i", i32t);
    let old = kb.local("old", i32t);
    let new = kb.local("new", i64t);
    let got = kb.local("got", i32t);
    let mut body = Vec::new();
    let update = |kb: &mut Kb, name: &str, op: BinaryOp, value: ExprId| {
        let address = kb.addr(var(name));
        Kb::atomic(AtomicKind::Update, address, Some(op), Some(value))
    };
    let one = kb.ci(1);
    body.push(update(&mut kb, "count", BinaryOp::Add, one));
    let iv = kb.lval(i);
    let x = kb.cast(iv, f64t);
    body.push(update(&mut kb, "dsum", BinaryOp::Add, x));
    let factor = kb.f(1.0001, f64t);
    body.push(update(&mut kb, "prod", BinaryOp::Mul, factor));
    let iv = kb.lval(i);
    let seven = kb.ci(7919);
    let scrambled = kb.bin(BinaryOp::Mul, iv, seven);
    let modulus = kb.ci(10007);
    let scrambled = kb.bin(BinaryOp::Rem, scrambled, modulus);
    body.push(update(&mut kb, "imax", BinaryOp::Max, scrambled));
    let iv = kb.lval(i);
    let wide = kb.cast(iv, u64t);
    body.push(update(&mut kb, "hx", BinaryOp::BitXor, wide));
    // halve /= 2 only for the first 20 iterations: order does not matter.
    let iv = kb.lval(i);
    let twenty = kb.ci(20);
    let early = kb.bin(BinaryOp::Lt, iv, twenty);
    let two = kb.ci(2);
    let halve = update(&mut kb, "halve", BinaryOp::Div, two);
    body.push(Stmt::If {
        cond: early,
        accept: vec![halve],
        reject: vec![],
    });
    // old = ticket++ (capture old); seen[old] += 1
    let address = kb.addr(var("ticket"));
    let one = kb.ci(1);
    let capture = kb.laddr(old);
    body.push(Stmt::Atomic {
        kind: AtomicKind::Capture,
        address,
        op: Some(BinaryOp::Add),
        value: Some(one),
        capture: Some(capture),
        capture_old: true,
        reversed: false,
    });
    let ov = kb.lval(old);
    let slot = kb.at(seen, ov);
    let one = kb.ci(1);
    body.push(kb.update(slot, BinaryOp::Add, one));
    // new = (even += 2) (capture new); marks[new / 2 - 1] = 1
    let address = kb.addr(var("even"));
    let two = kb.c(2, i64t);
    let capture = kb.laddr(new);
    body.push(Stmt::Atomic {
        kind: AtomicKind::Capture,
        address,
        op: Some(BinaryOp::Add),
        value: Some(two),
        capture: Some(capture),
        capture_old: false,
        reversed: false,
    });
    let nv = kb.lval(new);
    let two = kb.c(2, i64t);
    let half = kb.bin(BinaryOp::Div, nv, two);
    let one = kb.c(1, i64t);
    let index = kb.bin(BinaryOp::Sub, half, one);
    let slot = kb.at(marks, index);
    let one = kb.ci(1);
    body.push(kb.store(slot, one));
    // fcount += 1 with an int operand (converted, compare-and-swap).
    let one = kb.ci(1);
    body.push(update(&mut kb, "fcount", BinaryOp::Add, one));
    // long double and float complex: the lock.
    let quarter = kb.f(0.25, f80t);
    body.push(update(&mut kb, "ldsum", BinaryOp::Add, quarter));
    let unit = kb.f(1.0, c32t);
    body.push(update(&mut kb, "csum", BinaryOp::Add, unit));
    // any = any || (i == 777)
    let iv = kb.lval(i);
    let magic = kb.ci(777);
    let hit = kb.bin(BinaryOp::Eq, iv, magic);
    body.push(update(&mut kb, "any", BinaryOp::LogicalOr, hit));
    // olds[i] = swap; swap = i (exchange capture)
    let address = kb.addr(var("swap"));
    let iv = kb.lval(i);
    let capture = kb.laddr(got);
    body.push(Stmt::Atomic {
        kind: AtomicKind::Capture,
        address,
        op: None,
        value: Some(iv),
        capture: Some(capture),
        capture_old: true,
        reversed: false,
    });
    let iv = kb.lval(i);
    let slot = kb.at(olds, iv);
    let gv = kb.lval(got);
    body.push(kb.store(slot, gv));
    // reads[i] = readme (atomic read); last = i (atomic write)
    let address = kb.addr(var("readme"));
    let iv = kb.lval(i);
    let capture = kb.at(reads, iv);
    body.push(Stmt::Atomic {
        kind: AtomicKind::Read,
        address,
        op: None,
        value: None,
        capture: Some(capture),
        capture_old: false,
        reversed: false,
    });
    let address = kb.addr(var("last"));
    let iv = kb.lval(i);
    body.push(Kb::atomic(AtomicKind::Write, address, None, Some(iv)));

    let upper = kb.val(n);
    let control = kb.control(LocalOrVariable::Local(i), 0, BinaryOp::Lt, upper, 1);
    let stmts = vec![Stmt::AccLoop {
        op: None,
        controls: vec![control],
        mapping: GANG,
        tile: Vec::new(),
        body,
    }];
    let mut params: Vec<_> = vars
        .iter()
        .map(|&v| Kb::param(v, Passing::DeviceAddress))
        .collect();
    for v in [seen, marks, olds, reads] {
        params.push(Kb::param(v, Passing::DeviceAddress));
    }
    params.push(Kb::param(n, Passing::Value));
    kb.kernel("atomics", params, stmts);
    for opt in [0, 2] {
        let object = compile(&kb.m, opt);
        run_c(
            &object.object,
            r#"
#include <complex.h>
void atomics(void **, int64_t, int64_t, int32_t);
int main(void) {
  enum { N = 20000 };
  static int seen[N], marks[N], olds[N], reads[N], counted[N + 1];
  for (int c = 0; c < 6; c++) {
    int n = N;
    int count = 0, imax = -5, halve = 1 << 30, ticket = 0, swap = -1, readme = 42, last = -1;
    double dsum = 0, prod = 1; uint64_t hx = 0; int64_t even = 0; float fcount = 0;
    long double ldsum = 0; float _Complex csum = 0; _Bool any = 0;
    memset(seen, 0, sizeof seen); memset(marks, 0, sizeof marks); memset(counted, 0, sizeof counted);
    int *ps = seen, *pm = marks, *po = olds, *pr = reads;
    void *args[] = {0, DA(&count), DA(&dsum), DA(&prod), DA(&imax), DA(&hx), DA(&halve), DA(&ticket),
                    DA(&even), DA(&fcount), DA(&ldsum), DA(&csum), DA(&any), DA(&swap), DA(&readme),
                    DA(&last), DA(&ps), DA(&pm), DA(&po), DA(&pr), &n};
    launch(atomics, args, GANGS[c], THREADS[c]);
    long G = (long)GANGS[c];
    check(count == N, "G=%ld count=%d", G, count);
    check(dsum == (double)N * (N - 1) / 2, "G=%ld dsum=%g", G, dsum);
    double want_prod = 1; for (int i = 0; i < N; i++) want_prod *= 1.0001;
    check(prod == want_prod, "G=%ld prod=%.17g want %.17g", G, prod, want_prod);
    int want_max = -5; for (int i = 0; i < N; i++) { int s = i * 7919 % 10007; if (s > want_max) want_max = s; }
    check(imax == want_max, "G=%ld imax=%d want %d", G, imax, want_max);
    uint64_t want_hx = 0; for (int i = 0; i < N; i++) want_hx ^= (uint64_t)i;
    check(hx == want_hx, "G=%ld hx", G);
    check(halve == (1 << 10), "G=%ld halve=%d", G, halve);
    check(ticket == N, "G=%ld ticket=%d", G, ticket);
    for (int i = 0; i < N; i++) check(seen[i] == 1, "G=%ld seen[%d]=%d", G, i, seen[i]);
    check(even == 2 * (int64_t)N, "G=%ld even=%ld", G, (long)even);
    for (int i = 0; i < N; i++) check(marks[i] == 1, "G=%ld marks[%d]=%d", G, i, marks[i]);
    check(fcount == (float)N, "G=%ld fcount=%g", G, fcount);
    check(ldsum == 0.25L * N, "G=%ld ldsum=%Lg", G, ldsum);
    check(crealf(csum) == (float)N && cimagf(csum) == 0, "G=%ld csum=%g", G, crealf(csum));
    check(any == 1, "G=%ld any", G);
    counted[swap + 1]++;
    for (int i = 0; i < N; i++) counted[olds[i] + 1]++;
    for (int i = 0; i <= N; i++) check(counted[i] == 1, "G=%ld exchange value %d seen %d times", G, i - 1, counted[i]);
    for (int i = 0; i < N; i++) check(reads[i] == 42, "G=%ld reads[%d]", G, i);
    check(last >= 0 && last < N, "G=%ld last=%d", G, last);
  }
  printf("ok\n");
  return failures != 0;
}
"#,
        );
    }
}

#[test]
fn atomic_instructions_are_the_expected_ones() {
    let mut kb = Kb::new();
    let i32t = kb.i32();
    let f64t = kb.f64();
    let f80t = kb.scalar(ScalarKind::Float { width: 80 });
    let x = kb.var("x", i32t);
    let d = kb.var("d", f64t);
    let l = kb.var("l", f80t);
    let address = kb.addr(x);
    let one = kb.ci(1);
    let add = Kb::atomic(AtomicKind::Update, address, Some(BinaryOp::Add), Some(one));
    let address = kb.addr(x);
    let three = kb.ci(3);
    let shift = Kb::atomic(
        AtomicKind::Update,
        address,
        Some(BinaryOp::Shl),
        Some(three),
    );
    let address = kb.addr(d);
    let half = kb.f(0.5, f64t);
    let fadd = Kb::atomic(AtomicKind::Update, address, Some(BinaryOp::Add), Some(half));
    let address = kb.addr(l);
    let half = kb.f(0.5, f80t);
    let locked = Kb::atomic(AtomicKind::Update, address, Some(BinaryOp::Add), Some(half));
    kb.kernel(
        "kinds",
        vec![
            Kb::param(x, Passing::DeviceAddress),
            Kb::param(d, Passing::DeviceAddress),
            Kb::param(l, Passing::DeviceAddress),
        ],
        vec![add, shift, fadd, locked],
    );
    let ir = accc_codegen::host_kernels_llvm_ir(&kb.m, &support::options(0)).unwrap();
    assert!(ir.contains("atomicrmw add ptr"), "{ir}");
    assert!(ir.contains("cmpxchg ptr"), "{ir}");
    assert!(ir.contains("atomicrmw fadd ptr"), "{ir}");
    assert!(
        ir.contains("@__accc_atomic_lock = weak global i32 0"),
        "{ir}"
    );
}

/// `x <<= k` with a 64-bit `x` and a 32-bit count shifts in 64 bits.
#[test]
fn atomic_shift_with_a_narrower_count() {
    let mut kb = Kb::new();
    let i64t = kb.i64();
    let x = kb.var("x", i64t);
    let address = kb.addr(x);
    let count = kb.ci(40);
    let shift = Kb::atomic(
        AtomicKind::Update,
        address,
        Some(BinaryOp::Shl),
        Some(count),
    );
    kb.kernel(
        "shift",
        vec![Kb::param(x, Passing::DeviceAddress)],
        vec![shift],
    );
    let object = compile(&kb.m, 1);
    run_c(
        &object.object,
        r#"
void shift(void **, int64_t, int64_t, int32_t);
int main(void) { int64_t x = 3; void *args[] = {0, DA(&x)}; launch(shift, args, 1, 1);
  check(x == (int64_t)3 << 40, "x=%lx", (long)x); printf("ok\n"); return failures != 0; }
"#,
    );
}
