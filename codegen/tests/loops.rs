//! Loops: saxpy (gang + vector), gang partitions for many gang counts and thread splits,
//! collapse(2) with negative steps, trip counts of every comparison, sequential loops with
//! `break`/`continue`, `switch` with fall-through, and vectorisation of the optimised IR.

mod support;

use acc_ir::body::{BinaryOp, LocalOrVariable, LoopMapping, Passing, Stmt, SwitchCase};
use accc_codegen::host_kernels_llvm_ir;
use support::{compile, options, run_c, Kb};

const GANG_VECTOR: LoopMapping = LoopMapping {
    gang: true,
    worker: false,
    vector: true,
    gang_dim: 0,
    chosen: false,
};
const GANG: LoopMapping = LoopMapping {
    gang: true,
    worker: false,
    vector: false,
    gang_dim: 0,
    chosen: false,
};

/// `for (i = 0; i < n; i++) y[i] = a * x[i] + y[i];` over floats.
fn saxpy(kb: &mut Kb, name: &str, mapping: LoopMapping) {
    let f32 = kb.f32();
    let i32 = kb.i32();
    let pf = kb.ptr(f32);
    let n = kb.var("n", i32);
    let a = kb.var("a", f32);
    let x = kb.var("x", pf);
    let y = kb.var("y", pf);
    let i = kb.local("i", i32);
    let upper = kb.val(n);
    let control = kb.control(LocalOrVariable::Local(i), 0, BinaryOp::Lt, upper, 1);
    let iv = kb.lval(i);
    let xi = kb.at(x, iv);
    let xv = kb.load(xi);
    let av = kb.val(a);
    let product = kb.bin(BinaryOp::Mul, av, xv);
    let iv = kb.lval(i);
    let yi = kb.at(y, iv);
    let yv = kb.load(yi);
    let sum = kb.bin(BinaryOp::Add, product, yv);
    let store = kb.store(yi, sum);
    let body = vec![Stmt::AccLoop {
        op: None,
        controls: vec![control],
        mapping,
        tile: Vec::new(),
        body: vec![store],
    }];
    kb.kernel(
        name,
        vec![
            Kb::param(n, Passing::Value),
            Kb::param(a, Passing::Value),
            Kb::param(x, Passing::DeviceAddress),
            Kb::param(y, Passing::DeviceAddress),
        ],
        body,
    );
}

#[test]
fn saxpy_runs_for_every_partition() {
    let mut kb = Kb::new();
    saxpy(&mut kb, "saxpy", GANG_VECTOR);
    saxpy(&mut kb, "saxpy_gang", GANG);
    saxpy(&mut kb, "saxpy_redundant", LoopMapping::default());
    for opt in [0, 2] {
        let object = compile(&kb.m, opt);
        assert_eq!(object.compiled, ["saxpy", "saxpy_gang", "saxpy_redundant"]);
        run_c(
            &object.object,
            r#"
void saxpy(void **, int64_t, int64_t, int32_t);
void saxpy_gang(void **, int64_t, int64_t, int32_t);
void saxpy_redundant(void **, int64_t, int64_t, int32_t);
int main(void) {
  static float x[1003], y[1003];
  kernel_t kernels[] = {saxpy, saxpy_gang};
  for (int k = 0; k < 2; k++)
  for (int c = 0; c < 6; c++) {
    int n = 1003; float a = 2.0f;
    for (int i = 0; i < n; i++) { x[i] = i; y[i] = 1; }
    float *xp = x, *yp = y;
    void *args[] = {0, &n, &a, DA(&xp), DA(&yp)};
    launch(kernels[k], args, GANGS[c], THREADS[c]);
    for (int i = 0; i < n; i++) check(y[i] == 2.0f * i + 1, "k%d G=%ld y[%d]=%f", k, (long)GANGS[c], i, y[i]);
  }
  /* Gang-redundant: every gang runs the whole loop. */
  int n = 10; float a = 1.0f;
  for (int i = 0; i < n; i++) { x[i] = 1; y[i] = 0; }
  float *xp = x, *yp = y;
  void *args[] = {0, &n, &a, DA(&xp), DA(&yp)};
  launch(saxpy_redundant, args, 3, 1);
  for (int i = 0; i < n; i++) check(y[i] == 3.0f, "redundant y[%d]=%f", i, y[i]);
  printf("ok\n");
  return failures != 0;
}
"#,
        );
    }
}

#[test]
fn optimised_vector_loop_has_vector_instructions() {
    let mut kb = Kb::new();
    saxpy(&mut kb, "saxpy", GANG_VECTOR);
    let ir = host_kernels_llvm_ir(&kb.m, &options(2)).expect("IR");
    assert!(
        ir.contains("<4 x float>") || ir.contains("<8 x float>"),
        "{ir}"
    );
    assert!(ir.contains("llvm.loop.isvectorized"), "{ir}");
    let mut native = options(3);
    native.cpu = Some("x86-64-v3".into());
    let ir = host_kernels_llvm_ir(&kb.m, &native).expect("IR");
    assert!(ir.contains("<8 x float>"), "{ir}");
    let unoptimised = host_kernels_llvm_ir(&kb.m, &options(0)).expect("IR");
    assert!(unoptimised.contains("!llvm.access.group"), "{unoptimised}");
    assert!(
        unoptimised.contains("llvm.loop.vectorize.enable"),
        "{unoptimised}"
    );
    assert!(!unoptimised.contains("<4 x float>"));
}

/// collapse(2): `for (i = 1; i <= n; i += 2) for (j = m; j > 0; j--) hits[i][j] += 1;`
#[test]
fn collapse_two_levels_with_negative_step() {
    let mut kb = Kb::new();
    let i32 = kb.i32();
    let row = kb.array(i32, 9);
    let grid = kb.array(row, 12);
    let hits = kb.var("hits", grid);
    let n = kb.var("n", i32);
    let m = kb.var("m", i32);
    let i = kb.local("i", i32);
    let j = kb.var("j", i32);
    let nv = kb.val(n);
    let outer = kb.control(LocalOrVariable::Local(i), 1, BinaryOp::Le, nv, 2);
    let zero = kb.ci(0);
    let mut inner = kb.control(LocalOrVariable::Variable(j), 0, BinaryOp::Gt, zero, -1);
    inner.lower = kb.val(m);
    let base = kb.addr(hits);
    let iv = kb.lval(i);
    let row_addr = kb.index(base, iv);
    let jv = kb.val(j);
    let cell = kb.index(row_addr, jv);
    let one = kb.ci(1);
    let bump = kb.update(cell, BinaryOp::Add, one);
    let body = vec![Stmt::AccLoop {
        op: None,
        controls: vec![outer, inner],
        mapping: GANG_VECTOR,
        tile: Vec::new(),
        body: vec![bump],
    }];
    kb.kernel(
        "grid",
        vec![
            Kb::param(hits, Passing::DeviceAddress),
            Kb::param(n, Passing::Value),
            Kb::param(m, Passing::Value),
        ],
        body,
    );
    let object = compile(&kb.m, 2);
    run_c(
        &object.object,
        r#"
void grid(void **, int64_t, int64_t, int32_t);
int main(void) {
  static int hits[12][9];
  for (int c = 0; c < 6; c++)
  for (int n = 0; n <= 11; n++)
  for (int m = 0; m <= 8; m++) {
    memset(hits, 0, sizeof hits);
    void *args[] = {0, DA(hits), &n, &m};
    launch(grid, args, GANGS[c], THREADS[c]);
    for (int i = 0; i < 12; i++) for (int j = 0; j < 9; j++) {
      int want = (i >= 1 && i <= n && i % 2 == 1 && j >= 1 && j <= m) ? 1 : 0;
      check(hits[i][j] == want, "n=%d m=%d G=%ld hits[%d][%d]=%d", n, m, (long)GANGS[c], i, j, hits[i][j]);
    }
  }
  printf("ok\n");
  return failures != 0;
}
"#,
    );
}

/// Trip counts: `<`, `<=`, `>`, `>=`, `!=` with positive and negative steps, unsigned and
/// 64-bit loop variables. Each kernel counts its iterations and sums the variable's values.
#[test]
fn trip_counts_of_every_comparison() {
    let cases: &[(&str, bool, u8, i128, BinaryOp, i128, i128)] = &[
        ("lt", true, 32, 0, BinaryOp::Lt, 10, 3),
        ("le", true, 32, -5, BinaryOp::Le, 5, 2),
        ("gt", true, 32, 10, BinaryOp::Gt, -3, -4),
        ("ge", true, 32, 10, BinaryOp::Ge, 1, -3),
        ("ne_up", true, 32, 0, BinaryOp::Ne, 12, 3),
        ("ne_down", true, 32, 12, BinaryOp::Ne, 0, -4),
        ("empty_lt", true, 32, 5, BinaryOp::Lt, 5, 1),
        ("empty_gt", true, 32, 5, BinaryOp::Gt, 7, -1),
        ("wrong_way", true, 32, 0, BinaryOp::Lt, 10, -1),
        ("unsigned_down", false, 32, 10, BinaryOp::Gt, 0, -1),
        ("unsigned_ge", false, 8, 200, BinaryOp::Ge, 100, -50),
        (
            "wide",
            true,
            64,
            -3_000_000_000,
            BinaryOp::Lt,
            3_000_000_000,
            1_000_000_000,
        ),
    ];
    let mut kb = Kb::new();
    let i64t = kb.i64();
    let count = kb.var("count", i64t);
    let sum = kb.var("sum", i64t);
    let mut driver = String::new();
    for &(name, signed, width, lower, compare, upper, step) in cases {
        let ty = kb.int(signed, width);
        let v = kb.local("v", ty);
        let bound = kb.c(upper, ty);
        let control = kb.control(LocalOrVariable::Local(v), lower, compare, bound, step);
        let one = kb.c(1, i64t);
        let count_addr = kb.addr(count);
        let counted = kb.update(count_addr, BinaryOp::Add, one);
        let value = kb.lval(v);
        let wide = kb.cast(value, i64t);
        let sum_addr = kb.addr(sum);
        let summed = kb.update(sum_addr, BinaryOp::Add, wide);
        let body = vec![Stmt::AccLoop {
            op: None,
            controls: vec![control],
            mapping: LoopMapping::default(),
            tile: Vec::new(),
            body: vec![counted, summed],
        }];
        let kernel = format!("trip_{name}");
        kb.kernel(
            &kernel,
            vec![
                Kb::param(count, Passing::DeviceAddress),
                Kb::param(sum, Passing::DeviceAddress),
            ],
            body,
        );
        let cmp = match compare {
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            _ => "!=",
        };
        let cty = format!("{}int{width}_t", if signed { "" } else { "u" });
        driver.push_str(&format!(
            "void {kernel}(void **, int64_t, int64_t, int32_t);\n\
             static void test_{kernel}(void) {{\n\
               int64_t count = 0, sum = 0, want_count = 0, want_sum = 0;\n\
               for ({cty} v = ({cty})({lower}LL); v {cmp} ({cty})({upper}LL); v += ({cty})({step}LL)) {{ want_count++; want_sum += v; if (want_count > 1000) break; }}\n\
               void *args[] = {{0, DA(&count), DA(&sum)}};\n\
               launch({kernel}, args, 1, 1);\n\
               check(count == want_count && sum == want_sum, \"{kernel}: %ld %ld, want %ld %ld\", (long)count, (long)sum, (long)want_count, (long)want_sum);\n\
             }}\n"
        ));
    }
    driver.push_str("int main(void) {\n");
    for &(name, ..) in cases {
        driver.push_str(&format!("  test_trip_{name}();\n"));
    }
    driver.push_str("  printf(\"ok\\n\");\n  return failures != 0;\n}\n");
    // The wrong-way loop would run "forever" in C; the kernel runs it zero times.
    driver = driver.replace(
        "for (int32_t v = (int32_t)(0LL); v < (int32_t)(10LL); v += (int32_t)(-1LL)) { want_count++; want_sum += v; if (want_count > 1000) break; }",
        "",
    );
    let object = compile(&kb.m, 1);
    run_c(&object.object, &driver);
}

/// Sequential loops and a switch inside a gang loop:
/// ```c
/// for (i = 0; i < n; i++) {            // acc loop gang
///   int k = 0, s = 0;
///   while (1) { k++; if (k > 20) break; if (k % 3 == 0) continue; s += k; }
///   do { s += 1000; } while (0);
///   switch (i % 5) { case 0: s += 1; case 1: s += 10; break; case 3: s += 100; continue; default: s -= 1; }
///   out[i] = s;
/// }
/// ```
#[test]
fn sequential_control_flow_and_switch() {
    let mut kb = Kb::new();
    let i32 = kb.i32();
    let pi = kb.ptr(i32);
    let out = kb.var("out", pi);
    let n = kb.var("n", i32);
    let i = kb.local("i", i32);
    let k = kb.local("k", i32);
    let s = kb.local("s", i32);
    let zero = kb.ci(0);
    let zero2 = kb.ci(0);
    let mut body = vec![
        Stmt::Declare {
            local: k,
            init: Some(zero),
        },
        Stmt::Declare {
            local: s,
            init: Some(zero2),
        },
    ];
    // while (1) { ... }
    let ka = kb.laddr(k);
    let one = kb.ci(1);
    let inc = kb.update(ka, BinaryOp::Add, one);
    let kv = kb.lval(k);
    let twenty = kb.ci(20);
    let over = kb.bin(BinaryOp::Gt, kv, twenty);
    let kv = kb.lval(k);
    let three = kb.ci(3);
    let rem = kb.bin(BinaryOp::Rem, kv, three);
    let zero = kb.ci(0);
    let divisible = kb.bin(BinaryOp::Eq, rem, zero);
    let sa = kb.laddr(s);
    let kv = kb.lval(k);
    let add = kb.update(sa, BinaryOp::Add, kv);
    let truth = kb.ci(1);
    body.push(Stmt::Loop {
        cond: Some(truth),
        body: vec![
            inc,
            Stmt::If {
                cond: over,
                accept: vec![Stmt::Break],
                reject: vec![],
            },
            Stmt::If {
                cond: divisible,
                accept: vec![Stmt::Continue],
                reject: vec![],
            },
            add,
        ],
        step: vec![],
        test_after: false,
    });
    // do { s += 1000; } while (0);
    let sa = kb.laddr(s);
    let thousand = kb.ci(1000);
    let add = kb.update(sa, BinaryOp::Add, thousand);
    let never = kb.ci(0);
    body.push(Stmt::Loop {
        cond: Some(never),
        body: vec![add],
        step: vec![],
        test_after: true,
    });
    // switch
    let iv = kb.lval(i);
    let five = kb.ci(5);
    let selector = kb.bin(BinaryOp::Rem, iv, five);
    let mut adds = Vec::new();
    for amount in [1, 10, 100, -1] {
        let sa = kb.laddr(s);
        let value = kb.ci(amount);
        adds.push(kb.update(sa, BinaryOp::Add, value));
    }
    let case =
        |values: Vec<i128>, is_default: bool, body: Vec<Stmt>, falls_through: bool| SwitchCase {
            values,
            is_default,
            body,
            falls_through,
        };
    body.push(Stmt::Switch {
        selector,
        cases: vec![
            case(vec![0], false, vec![adds[0].clone()], true),
            case(vec![1], false, vec![adds[1].clone(), Stmt::Break], false),
            case(vec![3], false, vec![adds[2].clone(), Stmt::Continue], false),
            case(vec![], true, vec![adds[3].clone()], false),
        ],
    });
    let iv = kb.lval(i);
    let slot = kb.at(out, iv);
    let sv = kb.lval(s);
    body.push(kb.store(slot, sv));
    let nv = kb.val(n);
    let control = kb.control(LocalOrVariable::Local(i), 0, BinaryOp::Lt, nv, 1);
    let stmts = vec![Stmt::AccLoop {
        op: None,
        controls: vec![control],
        mapping: GANG,
        tile: Vec::new(),
        body,
    }];
    kb.kernel(
        "control",
        vec![
            Kb::param(out, Passing::DeviceAddress),
            Kb::param(n, Passing::Value),
        ],
        stmts,
    );
    let object = compile(&kb.m, 2);
    run_c(
        &object.object,
        r#"
void control(void **, int64_t, int64_t, int32_t);
int main(void) {
  static int out[50];
  for (int c = 0; c < 6; c++) {
    int n = 50; int *p = out;
    for (int i = 0; i < n; i++) out[i] = -12345;
    void *args[] = {0, DA(&p), &n};
    launch(control, args, GANGS[c], THREADS[c]);
    for (int i = 0; i < n; i++) {
      int s = 0, k = 0;
      while (1) { k++; if (k > 20) break; if (k % 3 == 0) continue; s += k; }
      do { s += 1000; } while (0);
      int want;
      switch (i % 5) { case 0: s += 1; case 1: s += 10; break; case 3: s += 100; want = -12345; goto done; default: s -= 1; }
      want = s;
    done:
      check(out[i] == want, "out[%d]=%d want %d", i, out[i], want);
    }
  }
  printf("ok\n");
  return failures != 0;
}
"#,
    );
}

/// tile(3, 4) over `for (i = 1; i <= n; i += 2) for (j = m; j > 0; j--)`:
/// `order[i][j] = (*seq)++` on one gang visits the nest tile by tile (tiles in row-major order,
/// each tile's elements row by row, partial tiles at the edges), and `hits[i][j] += 1` with every
/// gang partition visits each element once.
#[test]
fn tiled_nest_runs_tile_by_tile() {
    let mut kb = Kb::new();
    let i32 = kb.i32();
    let row = kb.array(i32, 9);
    let grid = kb.array(row, 12);
    let order = kb.var("order", grid);
    let hits = kb.var("hits", grid);
    let seq = kb.var("seq", i32);
    let n = kb.var("n", i32);
    let m = kb.var("m", i32);
    for (name, target, mapping) in [
        ("tile_order", order, GANG),
        ("tile_hits", hits, GANG_VECTOR),
    ] {
        let i = kb.local("i", i32);
        let j = kb.local("j", i32);
        let nv = kb.val(n);
        let outer = kb.control(LocalOrVariable::Local(i), 1, BinaryOp::Le, nv, 2);
        let zero = kb.ci(0);
        let mut inner = kb.control(LocalOrVariable::Local(j), 0, BinaryOp::Gt, zero, -1);
        inner.lower = kb.val(m);
        let base = kb.addr(target);
        let iv = kb.lval(i);
        let row_addr = kb.index(base, iv);
        let jv = kb.lval(j);
        let cell = kb.index(row_addr, jv);
        let body = if target == order {
            let next = kb.val(seq);
            let record = kb.store(cell, next);
            let seq_addr = kb.addr(seq);
            let one = kb.ci(1);
            vec![record, kb.update(seq_addr, BinaryOp::Add, one)]
        } else {
            let one = kb.ci(1);
            vec![kb.update(cell, BinaryOp::Add, one)]
        };
        let stmts = vec![Stmt::AccLoop {
            op: None,
            controls: vec![outer, inner],
            mapping,
            tile: vec![3, 4],
            body,
        }];
        let mut params = vec![Kb::param(target, Passing::DeviceAddress)];
        if target == order {
            params.push(Kb::param(seq, Passing::DeviceAddress));
        }
        params.extend([Kb::param(n, Passing::Value), Kb::param(m, Passing::Value)]);
        kb.kernel(name, params, stmts);
    }
    let unoptimised = host_kernels_llvm_ir(&kb.m, &options(0)).expect("IR");
    assert!(unoptimised.contains("tile.head"), "{unoptimised}");
    for opt in [0, 2] {
        let object = compile(&kb.m, opt);
        run_c(
            &object.object,
            r#"
void tile_order(void **, int64_t, int64_t, int32_t);
void tile_hits(void **, int64_t, int64_t, int32_t);
int main(void) {
  static int order[12][9], hits[12][9], want[12][9];
  for (int n = 0; n <= 11; n++)
  for (int m = 0; m <= 8; m++) {
    /* The tiled order: tiles of 3 i-iterations x 4 j-iterations. */
    memset(want, -1, sizeof want);
    int next = 0, ni = n >= 1 ? (n - 1) / 2 + 1 : 0, nj = m;
    for (int ti = 0; ti < ni; ti += 3)
      for (int tj = 0; tj < nj; tj += 4)
        for (int a = ti; a < ti + 3 && a < ni; a++)
          for (int b = tj; b < tj + 4 && b < nj; b++)
            want[1 + 2 * a][m - b] = next++;
    memset(order, -1, sizeof order);
    int seq = 0;
    void *args[] = {0, DA(order), DA(&seq), &n, &m};
    launch(tile_order, args, 1, 1);
    check(seq == next, "n=%d m=%d: %d iterations, want %d", n, m, seq, next);
    for (int i = 0; i < 12; i++) for (int j = 0; j < 9; j++)
      check(order[i][j] == want[i][j], "n=%d m=%d order[%d][%d]=%d, want %d", n, m, i, j, order[i][j], want[i][j]);
    for (int c = 0; c < 6; c++) {
      memset(hits, 0, sizeof hits);
      void *hargs[] = {0, DA(hits), &n, &m};
      launch(tile_hits, hargs, GANGS[c], THREADS[c]);
      for (int i = 0; i < 12; i++) for (int j = 0; j < 9; j++)
        check(hits[i][j] == (want[i][j] >= 0), "n=%d m=%d G=%ld hits[%d][%d]=%d", n, m, (long)GANGS[c], i, j, hits[i][j]);
    }
  }
  printf("ok\n");
  return failures != 0;
}
"#,
        );
    }
}
