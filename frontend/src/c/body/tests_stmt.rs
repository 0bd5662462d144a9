//! Tests of the body lowering of statements: declarations and initialisers, control flow,
//! switch, device functions, the reasons code is not offloaded, and hostile nesting.

use super::tests::{check, check_fails, check_function, compare, lower, region};
use super::*;
use acc_ir::body_print::print_body;
use acc_ir::body_verify::{verify_body, verify_function};
use acc_ir::{Language, LoopOp, OpKind};

#[test]
fn declarations_with_initializers_and_shadowing() {
    check(
        &region("int x; double y;", "int x = 1; { double x = y; y = x; } int a[5] = {1, 2}; struct { int k; double v[2]; } s = {.v = {3.0}}; y = x + a[1] + s.k;"),
        r#"
local %l0.x : i32
local %l1.x : f64
local %l2.a : !acc.array<5xi32>
local %l3.s : !acc.struct<anon>
declare %l0.x = 1 : i32
{
  declare %l1.x = load(&@y)
  store load(&%l1.x) -> &@y
}
declare %l2.a
store 1 : i32 -> &%l2.a[0 : i64]
store 2 : i32 -> &%l2.a[1 : i64]
store 0 : i32 -> &%l2.a[2 : i64]
store 0 : i32 -> &%l2.a[3 : i64]
store 0 : i32 -> &%l2.a[4 : i64]
declare %l3.s
store 3.0 : f64 -> &%l3.s.#1[0 : i64]
store 0.0 : f64 -> &%l3.s.#1[1 : i64]
store 0 : i32 -> &%l3.s.#0
store cast(Add(Add(load(&%l0.x), load(&%l2.a[1 : i32])) : i32, load(&%l3.s.#0)) : i32 to f64) -> &@y
"#,
    );
}

#[test]
fn large_zero_fill_is_a_loop() {
    check(
        &region(
            "",
            "double buf[100] = {1.0}; int sized[] = {4, 5, 6}; buf[1] = sized[2];",
        ),
        r#"
local %l0.buf : !acc.array<100xf64>
local %l1.i : i64 temporary
local %l2.sized : !acc.array<3xi32>
declare %l0.buf
store 1.0 : f64 -> &%l0.buf[0 : i64]
declare %l1.i = 1 : i64
loop while Lt(load(&%l1.i), 100 : i64) : i1 {
  store 0.0 : f64 -> &%l0.buf[load(&%l1.i)]
} step {
  store Add(load(&%l1.i), 1 : i64) : i64 -> &%l1.i
}
declare %l2.sized
store 4 : i32 -> &%l2.sized[0 : i64]
store 5 : i32 -> &%l2.sized[1 : i64]
store 6 : i32 -> &%l2.sized[2 : i64]
store cast(load(&%l2.sized[2 : i32]) to f64) -> &%l0.buf[1 : i32]
"#,
    );
}

#[test]
fn if_while_do_and_for_loops() {
    check(
        &region("int i, n, s;", "if (n) s = 1; else if (n > 2) s = 2; else { s = 3; }\nwhile (s < n) { s++; if (s == 4) break; }\ndo { s--; continue; } while (s);\nfor (int k = 0; k < n; k += 2) s += k;\nfor (;;) { break; }"),
        r#"
local %l0.k : i32
if Ne(load(&@n), 0 : i32) : i1 {
  store 1 : i32 -> &@s
} else {
  if Gt(load(&@n), 2 : i32) : i1 {
    store 2 : i32 -> &@s
  } else {
    store 3 : i32 -> &@s
  }
}
loop while Lt(load(&@s), load(&@n)) : i1 {
  store Add(load(&@s), 1 : i32) : i32 -> &@s
  if Eq(load(&@s), 4 : i32) : i1 {
    break
  }
}
do {
  store Sub(load(&@s), 1 : i32) : i32 -> &@s
  continue
} while Ne(load(&@s), 0 : i32) : i1
{
  declare %l0.k = 0 : i32
  loop while Lt(load(&%l0.k), load(&@n)) : i1 {
    store Add(load(&@s), load(&%l0.k)) : i32 -> &@s
  } step {
    store Add(load(&%l0.k), 2 : i32) : i32 -> &%l0.k
  }
}
loop while true {
  break
}
"#,
    );
}

#[test]
fn switch_with_fall_through_and_default() {
    check(
        &region("int x, y;", "switch (x) { case 1: case 2: y = 1; break; case 3: y = 2; case 4: { y = 3; break; } default: y = 4; }"),
        r#"
switch load(&@x) {
  case 1, 2:
    store 1 : i32 -> &@y
  case 3 fallthrough:
    store 2 : i32 -> &@y
  case 4:
    {
      store 3 : i32 -> &@y
      break
    }
  case default:
    store 4 : i32 -> &@y
}
"#,
    );
}

#[test]
fn nested_sequential_loops() {
    check(
        &region(
            "double a[8][8]; int n;",
            "for (int i = 0; i < n; i++) for (int j = 0; j < i; j++) a[i][j] = i * j;",
        ),
        r#"
local %l0.i : i32
local %l1.j : i32
{
  declare %l0.i = 0 : i32
  loop while Lt(load(&%l0.i), load(&@n)) : i1 {
    {
      declare %l1.j = 0 : i32
      loop while Lt(load(&%l1.j), load(&%l0.i)) : i1 {
        store cast(Mul(load(&%l0.i), load(&%l1.j)) : i32 to f64) -> &@a[load(&%l0.i)][load(&%l1.j)]
      } step {
        store Add(load(&%l1.j), 1 : i32) : i32 -> &%l1.j
      }
    }
  } step {
    store Add(load(&%l0.i), 1 : i32) : i32 -> &%l0.i
  }
}
"#,
    );
}

#[test]
fn device_function_with_parameters_and_return() {
    check_function(
        "double g;\nstatic double axpy(double a, const double *x, int i, float y[]) {\n  double t = a * x[i] + y[i];\n  if (t < 0) return 0;\n  return t + g;\n}\n",
        "axpy",
        r#"
result f64
local %l0.a : f64 parameter(0)
local %l1.x : !acc.ptr<f64> parameter(1)
local %l2.i : i32 parameter(2)
local %l3.y : !acc.ptr<f32> parameter(3)
local %l4.t : f64
declare %l4.t = Add(Mul(load(&%l0.a), load(load(&%l1.x)[load(&%l2.i)])) : f64, cast(load(load(&%l3.y)[load(&%l2.i)]) to f64)) : f64
if Lt(load(&%l4.t), cast(0 : i32 to f64)) : i1 {
  return cast(0 : i32 to f64)
}
return Add(load(&%l4.t), load(&@g)) : f64
"#,
    );
}

#[test]
fn static_const_tables_are_locals_of_routines() {
    check_function(
        "static double pick(int k) {\n  static const double c[] = {0.5, 2.0};\n  return c[k];\n}\n",
        "pick",
        r#"
result f64
local %l0.k : i32 parameter(0)
local %l1.c : !acc.array<2xf64>
declare %l1.c
store 0.5 : f64 -> &%l1.c[0 : i64]
store 2.0 : f64 -> &%l1.c[1 : i64]
return load(&%l1.c[load(&%l0.k)])
"#,
    );
    // A writable static, or a pointer whose target is const, would be one object of all threads.
    for code in [
        "static int calls; calls++;",
        "static const double *p = 0; (void)p;",
        "static const int n;",
    ] {
        check_fails(
            &region("", code),
            "static variables declared inside a compute region",
        );
    }
}

#[test]
fn void_device_function() {
    check_function(
        "void set(int *p, int n) { for (int i = 0; i < n; i++) p[i] = i; return; }\n",
        "set",
        r#"
result none
local %l0.p : !acc.ptr<i32> parameter(0)
local %l1.n : i32 parameter(1)
local %l2.i : i32
{
  declare %l2.i = 0 : i32
  loop while Lt(load(&%l2.i), load(&%l1.n)) : i1 {
    store load(&%l2.i) -> load(&%l0.p)[load(&%l2.i)]
  } step {
    store Add(load(&%l2.i), 1 : i32) : i32 -> &%l2.i
  }
}
return
"#,
    );
}

#[test]
fn not_offloaded_reasons() {
    let cases: &[(&str, &str, &str)] = &[
        ("char c;", "c = \"abc\"[1];", "string literals"),
        (
            "int printf(const char *, ...); int x;",
            "printf(0, x);",
            "call to variadic function 'printf'",
        ),
        (
            "int (*fp)(int); int x;",
            "x = fp(x);",
            "calls through function pointers",
        ),
        ("int x;", "goto end; end: x = 1;", "goto"),
        (
            "int x;",
            "x = ({ int y = 2; y; });",
            "statement expressions",
        ),
        (
            "struct p { int a; } s;",
            "s = (struct p){ 1 };",
            "compound literals",
        ),
        ("int x;", "__asm__(\"nop\");", "inline assembly"),
        (
            "typedef struct { int x[8]; } jmp_buf; int setjmp(jmp_buf); jmp_buf env; int x;",
            "x = setjmp(env);",
            "non-local jumps",
        ),
        (
            "void *alloca(unsigned long); void *p;",
            "p = alloca(8);",
            "dynamic stack allocation",
        ),
        (
            "_Atomic int counter; int x;",
            "x = counter;",
            "_Atomic variable 'counter'",
        ),
        ("int x;", "return;", "return inside a compute region"),
        (
            "int x;",
            "x = undeclared_function(1);",
            "call to undeclared function 'undeclared_function'",
        ),
        (
            "int x;",
            "static int s = 0; x = s;",
            "static variables declared inside a compute region",
        ),
        (
            "int n;",
            "double v[n]; v[0] = 1;",
            "variable-length array 'v'",
        ),
        (
            "struct b { int f : 3; int g; } s; int x;",
            "x = s.f;",
            "bit-field member 'f'",
        ),
        (
            "long double _Complex z; long double r; long double creall(long double _Complex);",
            "r = creall(z);",
            "long double complex",
        ),
        (
            "double _Complex z; double r; double creal(double _Complex);",
            "r = creal(z, z);",
            "call to 'creal' with 2 arguments",
        ),
        ("int x;", "x = x ?: 1;", "omitted middle operand"),
        ("int x;", "break;", "break outside a loop or switch"),
        (
            "double d;",
            "d = (long double _Complex)d;",
            "long double complex",
        ),
        (
            "long double _Complex z;",
            "z = z * 1.0iL;",
            "long double complex",
        ),
    ];
    for (declarations, code, reason) in cases {
        check_fails(&region(declarations, code), reason);
    }
}

#[test]
fn deeply_nested_expressions_are_not_offloaded() {
    let past = MAX_DEPTH + 100;
    let deep = format!("x = {}1{};", "(".repeat(past), ")".repeat(past));
    on_analysis_stack(move || check_fails(&region("int x;", &deep), "too deeply nested"));
    let deep_statements = format!("{}x = 1;{}", "{".repeat(past), "}".repeat(past));
    on_analysis_stack(move || {
        check_fails(&region("int x;", &deep_statements), "too deeply nested")
    });
}

#[test]
fn long_sums_are_offloaded() {
    // Machine-generated stencils: one sum of a thousand terms (ParRes Kernels' star and grid
    // stencils of radius 8 and more) nests a thousand deep.
    let sum = format!("x = {}1;", "x + ".repeat(2000));
    let (_, body) = on_analysis_stack(move || lower(&region("int x;", &sum)));
    assert!(body.is_ok(), "{:?}", body.err());
}

/// Runs `work` on a thread with the stack an analysis runs on (`lib.rs`).
fn on_analysis_stack<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(crate::ANALYSIS_STACK)
        .spawn(work)
        .unwrap()
        .join()
        .expect("the lowering overflowed the analysis stack")
}

#[test]
fn hostile_nesting_does_not_overflow_the_stack() {
    let past = MAX_DEPTH + 100;
    let sum = format!("x = {}1;", "1 + ".repeat(past));
    let calls = format!("x = {}1{};", "g(".repeat(past), ")".repeat(past));
    let subscripts = format!("x = {}0{};", "a[".repeat(past), "]".repeat(past));
    let ternaries = format!("x = {}0;", "x ? 1 : ".repeat(past));
    let ifs = format!("{}x = 1;", "if (x) ".repeat(past));
    let unary = format!("x = {}x;", "-~".repeat(past));
    let casts = format!("x = {}x;", "(int)".repeat(past));
    let assignments = format!("{}1;", "x = ".repeat(past));
    for code in [
        sum,
        calls,
        subscripts,
        ternaries,
        ifs,
        unary,
        casts,
        assignments,
    ] {
        let source = region("int g(int); int a[4]; int x;", &code);
        let message = on_analysis_stack(move || lower(&source).1.err().map(|e| e.message));
        let ok = message
            .as_ref()
            .is_none_or(|m| m.contains("too deeply nested"));
        assert!(ok, "{message:?}");
    }
}

#[test]
fn device_function_with_an_acc_loop_and_enum() {
    let source = "enum mode { FAST, SLOW };\nvoid g(double *x, int n, enum mode m) {\n#pragma acc loop vector\n  for (int i = 0; i < n; ++i) x[i] = m == SLOW ? x[i] / 2 : x[i];\n}\n";
    let unit = CUnit::parse(source, "t.c");
    let source_map = SourceMap::new(source, "t.c");
    let mut module = Module::new(Language::C);
    let statement = unit.associated_statement(0).unwrap();
    let op = module.ops.append(
        Op {
            kind: OpKind::Loop(LoopOp::default()),
        },
        Span::default(),
    );
    let mut annotations = Annotations::default();
    annotations.loops.insert(statement.range.start, (op, 1));
    let function = unit.function_named("g").unwrap();
    let lowered =
        lower_function_with(&unit, &mut module, &source_map, &function, &annotations).unwrap();
    verify_function(&module, &lowered).unwrap();
    compare(
        &print_body(&module, &lowered.body, 0),
        r#"
local %l0.x : !acc.ptr<f64> parameter(0)
local %l1.n : i32 parameter(1)
local %l2.m : i32 parameter(2)
local %l3.i : i32
acc.loop op([0]) seq (%l3.i = 0 : i32 while Lt load(&%l1.n) step 1 : i32) {
  store select(Eq(load(&%l2.m), 1 : i32) : i1, Div(load(load(&%l0.x)[load(&%l3.i)]), cast(2 : i32 to f64)) : f64, load(load(&%l0.x)[load(&%l3.i)])) -> load(&%l0.x)[load(&%l3.i)]
}
"#,
    );
}

#[test]
fn region_variables_are_shared_with_data_clauses() {
    let source = region("double a[4]; int n;", "a[n] = n;");
    let (module, result) = lower(&source);
    let body = result.unwrap();
    verify_body(&module, &body).unwrap();
    let names: Vec<(&str, acc_ir::Storage)> = module
        .variables
        .iter()
        .map(|(_, v)| (v.name.as_str(), v.storage))
        .collect();
    assert_eq!(
        names,
        [("a", acc_ir::Storage::Local), ("n", acc_ir::Storage::Local)]
    );
    let decl = module.variables.iter().next().unwrap().1.decl;
    assert_eq!((decl.line, decl.col), (2, 8));
}
