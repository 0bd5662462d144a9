//! Tests of the body lowering of OpenACC loops (controls, collapse, canonical form) and of every
//! atomic form.

use super::tests::{check, check_fails};

/// A function with `declarations`, then `#pragma acc parallel` over a block holding `code`.
fn parallel(declarations: &str, code: &str) -> String {
    format!(
        "void f(double *a, int n) {{\n{declarations}\n#pragma acc parallel\n{{\n{code}\n}}\n}}\n"
    )
}

#[test]
fn combined_parallel_loop() {
    check(
        "void f(double *a, int n) {\n#pragma acc parallel loop\n  for (int i = 0; i < n; i++) a[i] = 2 * a[i];\n}\n",
        r#"
local %l0.i : i32
acc.loop op([0]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
  store Mul(cast(2 : i32 to f64), load(load(&@a)[load(&%l0.i)])) : f64 -> load(&@a)[load(&%l0.i)]
}
"#,
    );
}

#[test]
fn loop_controls_are_normalised() {
    check(
        &parallel(
            "int i; unsigned u; long k;",
            "#pragma acc loop\nfor (i = n; 0 <= i; i -= 2) a[i] = 0;\n#pragma acc loop\nfor (u = 10; u > 0; u--) a[u] = 1;\n#pragma acc loop\nfor (k = 0; k != n; k = k + 3) a[k] = 2;\n#pragma acc loop\nfor (int j = 0; j < n; j = 1 + j) a[j] = 3;",
        ),
        r#"
local %l0.j : i32
acc.loop op([0]) seq (@i = load(&@n) while Ge 0 : i32 step Neg(2 : i32)) {
  store cast(0 : i32 to f64) -> load(&@a)[load(&@i)]
}
acc.loop op([1]) seq (@u = cast(10 : i32 to ui32) while Gt cast(0 : i32 to ui32) step 4294967295 : ui32) {
  store cast(1 : i32 to f64) -> load(&@a)[load(&@u)]
}
acc.loop op([2]) seq (@k = cast(0 : i32 to i64) while Ne cast(load(&@n) to i64) step cast(3 : i32 to i64)) {
  store cast(2 : i32 to f64) -> load(&@a)[load(&@k)]
}
acc.loop op([3]) seq (%l0.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
  store cast(3 : i32 to f64) -> load(&@a)[load(&%l0.j)]
}
"#,
    );
}

#[test]
fn collapse_two_consumes_the_inner_loop() {
    check(
        "void f(double a[8][8], int n, int m) {\n#pragma acc parallel loop collapse(2)\n  for (int i = 0; i < n; i++) {\n    for (int j = 0; j <= m; j++) a[i][j] = i + j;\n  }\n}\n",
        r#"
local %l0.i : i32
local %l1.j : i32
acc.loop op([0]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32, %l1.j = 0 : i32 while Le load(&@m) step 1 : i32) {
  store cast(Add(load(&%l0.i), load(&%l1.j)) : i32 to f64) -> ptradd(load(&@a), load(&%l0.i))[load(&%l1.j)]
}
"#,
    );
}

#[test]
fn nested_acc_loops_with_sequential_inner_loop() {
    check(
        &parallel(
            "",
            "#pragma acc loop gang\nfor (int i = 0; i < n; i++) {\n  double s = 0;\n  for (int k = 0; k < 4; k++) s += k;\n#pragma acc loop vector\n  for (int j = 0; j < n; j++) { if (j == i) continue; a[j] += s; }\n}",
        ),
        r#"
local %l0.i : i32
local %l1.s : f64
local %l2.k : i32
local %l3.j : i32
acc.loop op([0]) seq (%l0.i = 0 : i32 while Lt load(&@n) step 1 : i32) {
  declare %l1.s = cast(0 : i32 to f64)
  {
    declare %l2.k = 0 : i32
    loop while Lt(load(&%l2.k), 4 : i32) : i1 {
      store Add(load(&%l1.s), cast(load(&%l2.k) to f64)) : f64 -> &%l1.s
    } step {
      store Add(load(&%l2.k), 1 : i32) : i32 -> &%l2.k
    }
  }
  acc.loop op([1]) seq (%l3.j = 0 : i32 while Lt load(&@n) step 1 : i32) {
    if Eq(load(&%l3.j), load(&%l0.i)) : i1 {
      continue
    }
    store Add(load(load(&@a)[load(&%l3.j)]), load(&%l1.s)) : f64 -> load(&@a)[load(&%l3.j)]
  }
}
"#,
    );
}

#[test]
fn non_canonical_loops_are_not_offloaded() {
    let cases: &[(&str, &str)] = &[
        ("#pragma acc loop\nfor (int i = 0; n > 3; i++) a[i] = 0;", "must compare 'i' with a bound"),
        ("#pragma acc loop\nfor (int i = 0; i < n; i++) { a[i] = 0; i += 1; }", "the loop variable 'i' is modified"),
        ("#pragma acc loop\nfor (int i = 0; i < n; i *= 2) a[i] = 0;", "must step 'i' by an amount"),
        ("#pragma acc loop\nfor (double x = 0; x < n; x++) a[0] = x;", "only integer loop variables"),
        ("#pragma acc loop\nfor (int i = 0; i < n; i++) { if (a[i] < 0) break; }", "break out of an OpenACC loop"),
        ("#pragma acc loop collapse(2)\nfor (int i = 0; i < n; i++) { a[i] = 0; for (int j = 0; j < n; j++) a[j] = 1; }", "collapse(2) needs 2 tightly nested loops"),
        ("#pragma acc loop\nfor (;;) a[0] = 0;", "no initialisation"),
    ];
    for (code, reason) in cases {
        check_fails(&parallel("", code), reason);
    }
}

#[test]
fn atomic_read_write_update() {
    check(
        &parallel(
            "double sum; int count; int v; char c; float f;",
            "#pragma acc atomic read\nv = count;\n#pragma acc atomic write\ncount = n * 2;\n#pragma acc atomic update\nsum += a[0];\n#pragma acc atomic\ncount++;\n#pragma acc atomic\n--count;\n#pragma acc atomic update\ncount = count * 3;\n#pragma acc atomic update\ncount = 7 | count;\n#pragma acc atomic\nc += n;\n#pragma acc atomic\nf += 1.0;\n#pragma acc atomic\ncount <<= c;",
        ),
        r#"
atomic Read &@count capture new -> &@v
atomic Write &@count Mul(load(&@n), 2 : i32) : i32
atomic Update &@sum Add load(load(&@a)[0 : i32])
atomic Update &@count Add 1 : i32
atomic Update &@count Sub 1 : i32
atomic Update &@count Mul 3 : i32
atomic Update &@count BitOr 7 : i32
atomic Update &@c Add cast(load(&@n) to i8)
atomic Update &@f Add cast(1.0 : f64 to f32)
atomic Update &@count Shl cast(load(&@c) to i32)
"#,
    );
}

#[test]
fn atomic_captures() {
    check(
        &parallel(
            "int x, v; double d, w;",
            "#pragma acc atomic capture\nv = x++;\n#pragma acc atomic capture\nv = --x;\n#pragma acc atomic capture\nw = d *= 2;\n#pragma acc atomic capture\nv = x = x - 5;\n#pragma acc atomic capture\nv = x = 5 - x;\n#pragma acc atomic update\nd = 1.0 / d;\n#pragma acc atomic capture\n{ v = x; x = 1 << x; }\n#pragma acc atomic update\nx = 3 * x;",
        ),
        r#"
atomic Capture &@x Add 1 : i32 capture old -> &@v
atomic Capture &@x Sub 1 : i32 capture new -> &@v
atomic Capture &@d Mul cast(2 : i32 to f64) capture new -> &@w
atomic Capture &@x Sub 5 : i32 capture new -> &@v
atomic Capture &@x Sub reversed 5 : i32 capture new -> &@v
atomic Update &@d Div reversed 1.0 : f64
atomic Capture &@x Shl reversed 1 : i32 capture old -> &@v
atomic Update &@x Mul 3 : i32
"#,
    );
}

#[test]
fn atomic_capture_blocks() {
    check(
        &parallel(
            "int x, v;",
            "#pragma acc atomic capture\n{ v = x; x += n; }\n#pragma acc atomic capture\n{ x -= 2; v = x; }\n#pragma acc atomic capture\n{ v = x; x = n; }\n#pragma acc atomic capture\n{ x++; v = x; }\n#pragma acc atomic capture\n{ v = x; x = x / 2; }",
        ),
        r#"
atomic Capture &@x Add load(&@n) capture old -> &@v
atomic Capture &@x Sub 2 : i32 capture new -> &@v
atomic Capture &@x load(&@n) capture old -> &@v
atomic Capture &@x Add 1 : i32 capture new -> &@v
atomic Capture &@x Div 2 : i32 capture old -> &@v
"#,
    );
}

#[test]
fn unsupported_atomics_are_not_offloaded() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "int x;",
            "#pragma acc atomic update\nx = 5L >> x;",
            "'x = expr shift x' where expr is long and x is int",
        ),
        (
            "int x;",
            "#pragma acc atomic update\nx += 0.5;",
            "C computes it in a wider type",
        ),
        (
            "int x; double v;",
            "#pragma acc atomic read\nv = x;",
            "different type",
        ),
        (
            "int x;",
            "#pragma acc atomic update\nx = n;",
            "not an atomic update form",
        ),
        (
            "int x, v;",
            "#pragma acc atomic capture\n{ v = x; n = 2; }",
            "unsupported form",
        ),
    ];
    for (declarations, code, reason) in cases {
        check_fails(&parallel(declarations, code), reason);
    }
}

/// Variadic callees (the C library's and the program's) leave the region on the host: their
/// arguments would need the variadic calling convention (`%al` on x86-64, a buffer on GPUs).
#[test]
fn variadic_calls_are_not_offloaded() {
    for (declarations, call, name) in [
        (
            "int printf(const char *, ...);",
            "printf(\"%d\\n\", n);",
            "printf",
        ),
        ("int sum(int count, ...);", "n = sum(2, n, 3);", "sum"),
    ] {
        let source =
            format!("{declarations}\nvoid f(int n) {{\n#pragma acc serial\n{{ {call} }}\n}}\n");
        check_fails(&source, &format!("call to variadic function '{name}'"));
    }
}
