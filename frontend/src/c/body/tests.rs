//! Tests of the body lowering: every C expression form with its conversions, statements, calls
//! and the reasons code is not offloaded. Each test parses a small C function, lowers the region
//! of its first compute pragma (or a whole function), verifies the body IR and compares its
//! printed form with the expected text. `ACCC_BLESS=1` writes the actual outputs to
//! `target/body-bless/` for review.

use super::*;
use acc_ir::body::Body;
use acc_ir::body_print::print_body;
use acc_ir::body_verify::{verify_body, verify_function};
use acc_ir::{AtomicOp, Language, LoopOp, OpKind};

/// The compute regions of `unit` (statement ranges) and the annotations its `loop` and
/// `atomic` pragmas give, as the construct lowering makes them.
pub(super) fn annotate(unit: &CUnit, module: &mut Module) -> (Vec<Range<u32>>, Annotations) {
    let mut annotations = Annotations::default();
    let mut regions = Vec::new();
    for (index, pragma) in unit.pragmas.iter().enumerate() {
        let Some(statement) = unit.associated_statement(index) else {
            continue;
        };
        let words: Vec<&str> = pragma
            .text
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|w| !w.is_empty())
            .collect();
        let first = words.first().copied().unwrap_or("");
        if matches!(first, "parallel" | "serial" | "kernels") {
            regions.push(statement.range.clone());
        }
        if words.contains(&"loop") {
            let depth = words
                .iter()
                .position(|w| *w == "collapse")
                .and_then(|p| words.get(p + 1))
                .and_then(|n| n.parse().ok())
                .unwrap_or(1);
            let loop_op = Op {
                kind: OpKind::Loop(LoopOp::default()),
            };
            let op = module.ops.append(loop_op, Span::default());
            annotations.loops.insert(statement.range.start, (op, depth));
        } else if first == "atomic" {
            let kind = match words.get(1).copied() {
                Some("read") => AtomicKind::Read,
                Some("write") => AtomicKind::Write,
                Some("capture") => AtomicKind::Capture,
                _ => AtomicKind::Update,
            };
            let atomic = AtomicOp {
                kind,
                implicit_update: false,
                if_cond: None,
                statement: String::new(),
            };
            let op = module.ops.append(
                Op {
                    kind: OpKind::Atomic(atomic),
                },
                Span::default(),
            );
            annotations
                .atomics
                .insert(statement.range.start, (op, kind));
        }
    }
    (regions, annotations)
}

/// Lowers the region of the first compute pragma of `source`.
pub(super) fn lower(source: &str) -> (Module, Result<Body, NotOffloaded>) {
    let unit = CUnit::parse(source, "t.c");
    let source_map = SourceMap::new(source, "t.c");
    let mut module = Module::new(Language::C);
    let (regions, annotations) = annotate(&unit, &mut module);
    let region = regions
        .first()
        .cloned()
        .expect("no compute pragma in the test source");
    let result = lower_region(&unit, &mut module, &source_map, region, &annotations);
    (module, result)
}

/// Writes the actual output for review when `ACCC_BLESS` is set.
fn bless(actual: &str) {
    if std::env::var_os("ACCC_BLESS").is_none() {
        return;
    }
    let name = std::thread::current()
        .name()
        .unwrap_or("unnamed")
        .replace("::", "-");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/body-bless");
    let _ = std::fs::create_dir_all(&dir);
    let mut index = 0;
    while dir.join(format!("{name}.{index}")).exists() {
        index += 1;
    }
    let _ = std::fs::write(dir.join(format!("{name}.{index}")), actual);
}

pub(super) fn compare(actual: &str, expected: &str) {
    bless(actual);
    if std::env::var_os("ACCC_BLESS").is_none() {
        assert_eq!(actual.trim(), expected.trim(), "\nactual:\n{actual}");
    }
}

/// Lowers the region of `source`, verifies it and compares its printed body with `expected`.
pub(super) fn check(source: &str, expected: &str) {
    let (module, result) = lower(source);
    let body = result.unwrap_or_else(|e| panic!("not offloaded: {}", e.message));
    if let Err(error) = verify_body(&module, &body) {
        panic!("{error}\n{}", print_body(&module, &body, 0));
    }
    compare(&print_body(&module, &body, 0), expected);
}

/// Asserts that the region of `source` is not offloaded, for a reason containing `reason`.
pub(super) fn check_fails(source: &str, reason: &str) {
    match lower(source).1 {
        Ok(body) => panic!("lowered, expected a failure containing {reason:?}: {body:?}"),
        Err(error) => assert!(
            error.message.contains(reason),
            "{:?} does not contain {reason:?}",
            error.message
        ),
    }
}

/// Lowers function `name` of `source` as a device routine and compares its printed body.
pub(super) fn check_function(source: &str, name: &str, expected: &str) {
    let unit = CUnit::parse(source, "t.c");
    let source_map = SourceMap::new(source, "t.c");
    let mut module = Module::new(Language::C);
    let function = unit.function_named(name).expect("no such function");
    let lowered = lower_function(&unit, &mut module, &source_map, &function);
    let lowered = lowered.unwrap_or_else(|e| panic!("not offloaded: {}", e.message));
    verify_function(&module, &lowered).unwrap();
    let text = format!(
        "result {}\n{}",
        module.types.display(lowered.result),
        print_body(&module, &lowered.body, 0)
    );
    compare(&text, expected);
}

/// A function whose body is `declarations` then a serial region holding `code`.
pub(super) fn region(declarations: &str, code: &str) -> String {
    format!("void f(void) {{\n{declarations}\n#pragma acc serial\n{{\n{code}\n}}\n}}\n")
}

#[test]
fn usual_arithmetic_conversions() {
    check(
        &region("unsigned u; int i; long l; unsigned int ui; float f; double d; char c; int r1; unsigned r2; long r3; double r4;", "r2 = u + i; r3 = l + ui; r4 = f * d; r1 = c + 1;"),
        r#"
store Add(load(&@u), cast(load(&@i) to ui32)) : ui32 -> &@r2
store Add(load(&@l), cast(load(&@ui) to i64)) : i64 -> &@r3
store Mul(cast(load(&@f) to f64), load(&@d)) : f64 -> &@r4
store Add(cast(load(&@c) to i32), 1 : i32) : i32 -> &@r1
"#,
    );
}

#[test]
fn signedness_and_rank_rules() {
    check(
        &region(
            "unsigned long ul; long long ll; unsigned short us; short s; _Bool b; long double ld; float _Complex z; double r; int q;",
            "r = ul + ll; q = us * s; q = b + b; r = ld - 1; r = z + 1.0;",
        ),
        r#"
store cast(Add(load(&@ul), cast(load(&@ll) to ui64)) : ui64 to f64) -> &@r
store Mul(cast(load(&@us) to i32), cast(load(&@s) to i32)) : i32 -> &@q
store Add(cast(load(&@b) to i32), cast(load(&@b) to i32)) : i32 -> &@q
store cast(Sub(load(&@ld), cast(1 : i32 to f80)) : f80 to f64) -> &@r
store cast(Add(cast(load(&@z) to complex<f64>), cast(1.0 : f64 to complex<f64>)) : complex<f64> to f64) -> &@r
"#,
    );
}

#[test]
fn compound_assignment_on_char_with_double() {
    check(
        &region("char c; double d;", "c += d; c *= 2;"),
        r#"
store cast(Add(cast(load(&@c) to f64), load(&@d)) : f64 to i8) -> &@c
store cast(Mul(cast(load(&@c) to i32), 2 : i32) : i32 to i8) -> &@c
"#,
    );
}

#[test]
fn shifts_keep_the_left_type() {
    check(
        &region(
            "char c; unsigned long n; int k;",
            "k = c << n; n >>= c; k <<= 1;",
        ),
        r#"
store Shl(cast(load(&@c) to i32), load(&@n)) : i32 -> &@k
store Shr(load(&@n), cast(load(&@c) to i32)) : ui64 -> &@n
store Shl(load(&@k), 1 : i32) : i32 -> &@k
"#,
    );
}

#[test]
fn comparisons_and_logical_operators() {
    check(
        &region(
            "int a, b, r; double x; int *p;",
            "r = a < b; r = a == b && x != 0.0; r = !p || a; if (a >= b) r = 1;",
        ),
        r#"
store cast(Lt(load(&@a), load(&@b)) : i1 to i32) -> &@r
store cast(LogicalAnd(Eq(load(&@a), load(&@b)) : i1, Ne(load(&@x), 0.0 : f64) : i1) : i1 to i32) -> &@r
store cast(LogicalOr(LogicalNot(load(&@p)), Ne(load(&@a), 0 : i32) : i1) : i1 to i32) -> &@r
if Ge(load(&@a), load(&@b)) : i1 {
  store 1 : i32 -> &@r
}
"#,
    );
}

#[test]
fn unary_operators() {
    check(
        &region(
            "int a; unsigned u; char c; double x; int r;",
            "r = -a; u = ~u; r = -c; x = +x; r = !x;",
        ),
        r#"
store Neg(load(&@a)) -> &@r
store Not(load(&@u)) -> &@u
store Neg(cast(load(&@c) to i32)) -> &@r
store load(&@x) -> &@x
store cast(LogicalNot(load(&@x)) to i32) -> &@r
"#,
    );
}

#[test]
fn increments_as_statements_and_values() {
    check(
        &region(
            "int i, j; double x; double *p;",
            "i++; --x; p++; j = i++; j = ++i;",
        ),
        r#"
local %l0.old : i32 temporary
local %l1.value : i32 temporary
store Add(load(&@i), 1 : i32) : i32 -> &@i
store Sub(load(&@x), cast(1 : i32 to f64)) : f64 -> &@x
store ptradd(load(&@p), 1 : i32) -> &@p
store { declare %l0.old = load(&@i); store Add(load(&%l0.old), 1 : i32) : i32 -> &@i; load(&%l0.old) } -> &@j
store { declare %l1.value = Add(load(&@i), 1 : i32) : i32; store load(&%l1.value) -> &@i; load(&%l1.value) } -> &@j
"#,
    );
}

#[test]
fn assignment_as_a_value() {
    check(
        &region("int a, b; double d;", "a = b = 3; d = a += 2;"),
        r#"
local %l0.value : i32 temporary
local %l1.value : i32 temporary
store { declare %l0.value = 3 : i32; store load(&%l0.value) -> &@b; load(&%l0.value) } -> &@a
store cast({ declare %l1.value = Add(load(&@a), 2 : i32) : i32; store load(&%l1.value) -> &@a; load(&%l1.value) } to f64) -> &@d
"#,
    );
}

#[test]
fn pointer_arithmetic() {
    check(
        &region(
            "double *p, *q; int n; unsigned k; long d;",
            "p = p + n; p = n + p; q = p - k; d = q - p; *p = 1.0; p[n] = *q;",
        ),
        r#"
store ptradd(load(&@p), load(&@n)) -> &@p
store ptradd(load(&@p), load(&@n)) -> &@p
store ptradd(load(&@p), Neg(cast(load(&@k) to i64))) -> &@q
store ptrdiff(load(&@q), load(&@p)) -> &@d
store 1.0 : f64 -> load(&@p)
store load(load(&@q)) -> load(&@p)[load(&@n)]
"#,
    );
}

#[test]
fn address_of_and_array_decay() {
    check(
        &region(
            "double a[10]; double *p; int i;",
            "p = a; p = &a[i]; p = &a[0] + 1; *(a + i) = 2;",
        ),
        r#"
store decay(&@a) -> &@p
store &@a[load(&@i)] -> &@p
store ptradd(&@a[0 : i32], 1 : i32) -> &@p
store cast(2 : i32 to f64) -> ptradd(decay(&@a), load(&@i))
"#,
    );
}

#[test]
fn two_dimensional_arrays() {
    check(
        &region(
            "double a[4][8]; double (*row)[8]; int i, j;",
            "a[i][j] = a[j][i]; row = a; row[i][j] = 0;",
        ),
        r#"
store load(&@a[load(&@j)][load(&@i)]) -> &@a[load(&@i)][load(&@j)]
store decay(&@a) -> &@row
store cast(0 : i32 to f64) -> ptradd(load(&@row), load(&@i))[load(&@j)]
"#,
    );
}

#[test]
fn variable_length_arrays_use_their_dimension() {
    check(
        "void f(int n, int m, double a[n][m]) {\n  double b[n][m];\n#pragma acc parallel\n  { a[1][2] = b[2][3]; }\n}\n",
        r#"
store load(cast(ptradd(cast(decay(&@b) to !acc.ptr<f64>), Mul(cast(2 : i32 to i64), cast(load(&@m) to i64)) : i64) to !acc.ptr<!acc.array<?xf64>>)[3 : i32]) -> cast(ptradd(cast(load(&@a) to !acc.ptr<f64>), Mul(cast(1 : i32 to i64), cast(load(&@m) to i64)) : i64) to !acc.ptr<!acc.array<?xf64>>)[2 : i32]
"#,
    );
}

#[test]
fn struct_members_arrow_and_anonymous_members() {
    check(
        &region(
            "struct point { double x, y; }; struct shape { struct point p[2]; union { int tag; float w; }; } s; struct shape *ps; struct point q;",
            "s.p[1].y = ps->p[0].x; ps->tag = 3; q = s.p[0]; s.w = 1;",
        ),
        r#"
store load(load(&@ps).#0[0 : i32].#0) -> &@s.#0[1 : i32].#1
store 3 : i32 -> load(&@ps).#1.#0
store load(&@s.#0[0 : i32]) -> &@q
store cast(1 : i32 to f32) -> &@s.#1.#1
"#,
    );
}

#[test]
fn self_referential_struct_through_pointers() {
    check(
        "struct node { int value; struct node *next; };\nvoid f(struct node *head) {\n  int sum = 0;\n#pragma acc serial\n  { sum = head->next->value; }\n}\n",
        r#"
store load(cast(load(load(&@head).#1) to !acc.ptr<!acc.struct<node>>).#0) -> &@sum
"#,
    );
}

#[test]
fn ternary_and_comma() {
    check(
        &region(
            "int a, b, r; double x; int *p, *q;",
            "r = a ? b : 2; x = a > b ? x : a; p = a ? p : 0; r = (a++, b);",
        ),
        r#"
store select(Ne(load(&@a), 0 : i32) : i1, load(&@b), 2 : i32) -> &@r
store select(Gt(load(&@a), load(&@b)) : i1, load(&@x), cast(load(&@a) to f64)) -> &@x
store select(Ne(load(&@a), 0 : i32) : i1, load(&@p), cast(0 : i32 to !acc.ptr<i32>)) -> &@p
store { store Add(load(&@a), 1 : i32) : i32 -> &@a; load(&@b) } -> &@r
"#,
    );
}

#[test]
fn casts_between_scalars_and_pointers() {
    check(
        &region(
            "double d; int i; long l; float *fp; void *v; _Bool b;",
            "i = (int)d; v = (void *)fp; l = (long)fp; fp = (float *)l; b = (_Bool)d; (void)i;",
        ),
        r#"
store cast(load(&@d) to i32) -> &@i
store cast(load(&@fp) to !acc.ptr<none>) -> &@v
store cast(load(&@fp) to i64) -> &@l
store cast(load(&@l) to !acc.ptr<f32>) -> &@fp
store Ne(load(&@d), 0.0 : f64) : i1 -> &@b
eval load(&@i)
"#,
    );
}

#[test]
fn sizeof_and_offsetof_use_x86_64_layout() {
    check(
        &region(
            "struct s { char c; double d; short h; }; typedef struct { char a[3]; int b; } t; unsigned long n; double arr[7]; struct s v;",
            "n = sizeof(struct s); n = sizeof(t); n = sizeof arr; n = sizeof(long double); n = sizeof v.h; n = __builtin_offsetof(struct s, h); n = _Alignof(double);",
        ),
        r#"
store 24 : ui64 -> &@n
store 8 : ui64 -> &@n
store 56 : ui64 -> &@n
store 16 : ui64 -> &@n
store 2 : ui64 -> &@n
store 16 : ui64 -> &@n
store 8 : ui64 -> &@n
"#,
    );
}

#[test]
fn literals_and_enum_constants() {
    check(
        &region("enum color { RED, GREEN = 5 }; long l; unsigned u; double d; float f; int i;", "i = GREEN; l = 2147483648; u = 0xffffffff; l = -1; d = 1e3; f = 2.5f; i = 'a'; i = '\\n'; l = 10UL;"),
        r#"
store 5 : i32 -> &@i
store 2147483648 : i64 -> &@l
store 4294967295 : ui32 -> &@u
store cast(-1 : i32 to i64) -> &@l
store 1000.0 : f64 -> &@d
store 2.5 : f32 -> &@f
store 97 : i32 -> &@i
store 10 : i32 -> &@i
store cast(10 : ui64 to i64) -> &@l
"#,
    );
}

#[test]
fn math_functions_float_and_double() {
    check(
        &region("double d; float f; int i; long l;", "d = sqrt(i); f = sqrtf(f); d = pow(d, 2); f = fmaxf(f, 1.0); i = abs(i); l = labs(l); d = fabs(f);"),
        r#"
store math.sqrt(cast(load(&@i) to f64)) : f64 -> &@d
store math.sqrt(load(&@f)) : f32 -> &@f
store math.pow(load(&@d), cast(2 : i32 to f64)) : f64 -> &@d
store math.fmax(load(&@f), cast(1.0 : f64 to f32)) : f32 -> &@f
store math.abs(load(&@i)) : i32 -> &@i
store math.abs(load(&@l)) : i64 -> &@l
store math.fabs(cast(load(&@f) to f64)) : f64 -> &@d
"#,
    );
}

#[test]
fn calls_of_user_functions_convert_arguments() {
    check(
        "double scale(double x, int k);\nstatic void touch(float *p) { *p = 0; }\nint old();\nvoid f(float *a, int n) {\n#pragma acc parallel\n  { a[0] = scale(n, 2.5); touch(a); old(a[1], 'c'); }\n}\n",
        r#"
store cast(call @scale(cast(load(&@n) to f64), cast(2.5 : f64 to i32)) : f64 to f32) -> load(&@a)[0 : i32]
eval call @touch(load(&@a)) : none
eval call @old(cast(load(load(&@a)[1 : i32]) to f64), 99 : i32) : i32
"#,
    );
}

#[test]
fn acc_on_device_is_a_builtin() {
    check(
        "typedef enum { acc_device_none, acc_device_host = 2 } acc_device_t;\nint acc_on_device(acc_device_t);\nvoid f(int *r) {\n#pragma acc parallel\n  { *r = acc_on_device(acc_device_host); }\n}\n",
        r#"
store AccOnDevice(2 : i32) -> load(&@r)
"#,
    );
}

#[test]
fn every_compound_assignment() {
    check(
        &region(
            "int i; unsigned u; long l; double d; short s;",
            "i += l; i -= u; d *= i; l /= s; i %= 7; u <<= l; s >>= 2; u &= i; l |= u; s ^= s;",
        ),
        r#"
store cast(Add(cast(load(&@i) to i64), load(&@l)) : i64 to i32) -> &@i
store cast(Sub(cast(load(&@i) to ui32), load(&@u)) : ui32 to i32) -> &@i
store Mul(load(&@d), cast(load(&@i) to f64)) : f64 -> &@d
store Div(load(&@l), cast(load(&@s) to i64)) : i64 -> &@l
store Rem(load(&@i), 7 : i32) : i32 -> &@i
store Shl(load(&@u), load(&@l)) : ui32 -> &@u
store cast(Shr(cast(load(&@s) to i32), 2 : i32) : i32 to i16) -> &@s
store BitAnd(load(&@u), cast(load(&@i) to ui32)) : ui32 -> &@u
store BitOr(load(&@l), cast(load(&@u) to i64)) : i64 -> &@l
store cast(BitXor(cast(load(&@s) to i32), cast(load(&@s) to i32)) : i32 to i16) -> &@s
"#,
    );
}

#[test]
fn division_remainder_and_bitwise_with_mixed_types() {
    check(
        &region(
            "int i; unsigned u; long l; unsigned char b; double d; int r;",
            "r = i / u; r = l % i; r = b & i; r = u | l; r = b ^ b; d = d / i; r = i < u; r = -1 < 0u;",
        ),
        r#"
store cast(Div(cast(load(&@i) to ui32), load(&@u)) : ui32 to i32) -> &@r
store cast(Rem(load(&@l), cast(load(&@i) to i64)) : i64 to i32) -> &@r
store BitAnd(cast(load(&@b) to i32), load(&@i)) : i32 -> &@r
store cast(BitOr(cast(load(&@u) to i64), load(&@l)) : i64 to i32) -> &@r
store BitXor(cast(load(&@b) to i32), cast(load(&@b) to i32)) : i32 -> &@r
store Div(load(&@d), cast(load(&@i) to f64)) : f64 -> &@d
store cast(Lt(cast(load(&@i) to ui32), load(&@u)) : i1 to i32) -> &@r
store cast(Lt(cast(-1 : i32 to ui32), 0 : ui32) : i1 to i32) -> &@r
"#,
    );
}

#[test]
fn complex_arithmetic() {
    check(
        &region(
            "double _Complex z, w; float _Complex fz; double d; int eq;",
            "z = z * w; z = w / 2; fz = fz + fz; z = fz - d; eq = z == w; d = z;",
        ),
        r#"
store Mul(load(&@z), load(&@w)) : complex<f64> -> &@z
store Div(load(&@w), cast(2 : i32 to complex<f64>)) : complex<f64> -> &@z
store Add(load(&@fz), load(&@fz)) : complex<f32> -> &@fz
store Sub(cast(load(&@fz) to complex<f64>), cast(load(&@d) to complex<f64>)) : complex<f64> -> &@z
store cast(Eq(load(&@z), load(&@w)) : i1 to i32) -> &@eq
store cast(load(&@z) to f64) -> &@d
"#,
    );
}

#[test]
fn bool_values_and_increments() {
    check(
        &region(
            "_Bool b, c; int i; double *p;",
            "b = i; b++; c = b && i; i = b + c; b = p; if (b) i = 1;",
        ),
        r#"
store Ne(load(&@i), 0 : i32) : i1 -> &@b
store Ne(Add(cast(load(&@b) to i32), 1 : i32) : i32, 0 : i32) : i1 -> &@b
store LogicalAnd(load(&@b), Ne(load(&@i), 0 : i32) : i1) : i1 -> &@c
store Add(cast(load(&@b) to i32), cast(load(&@c) to i32)) : i32 -> &@i
store Ne(load(&@p), cast(0 : i64 to !acc.ptr<f64>)) : i1 -> &@b
if load(&@b) {
  store 1 : i32 -> &@i
}
"#,
    );
}

#[test]
fn address_is_evaluated_once() {
    check(
        &region(
            "int a[8]; int i; int g(void);",
            "a[i++] += 2; a[g()]++; a[i] *= 3; a[i] -= g();",
        ),
        r#"
local %l0.old : i32 temporary
local %l1.address : !acc.ptr<i32> temporary
local %l2.address : !acc.ptr<i32> temporary
local %l3.address : !acc.ptr<i32> temporary
declare %l1.address = &@a[{ declare %l0.old = load(&@i); store Add(load(&%l0.old), 1 : i32) : i32 -> &@i; load(&%l0.old) }]
store Add(load(load(&%l1.address)), 2 : i32) : i32 -> load(&%l1.address)
declare %l2.address = &@a[call @g() : i32]
store Add(load(load(&%l2.address)), 1 : i32) : i32 -> load(&%l2.address)
store Mul(load(&@a[load(&@i)]), 3 : i32) : i32 -> &@a[load(&@i)]
declare %l3.address = &@a[load(&@i)]
store Sub(load(load(&%l3.address)), call @g() : i32) : i32 -> load(&%l3.address)
"#,
    );
}

#[test]
fn pointer_increments_as_values_and_struct_copies() {
    check(
        &region(
            "struct v { double x, y; } s, t, arr[4]; struct v *ps; double *p, d;",
            "d = *p++; d = *--p; s = t; arr[1] = s; *ps = arr[2]; t = *ps;",
        ),
        r#"
local %l0.old : !acc.ptr<f64> temporary
local %l1.value : !acc.ptr<f64> temporary
store load({ declare %l0.old = load(&@p); store ptradd(load(&%l0.old), 1 : i32) -> &@p; load(&%l0.old) }) -> &@d
store load({ declare %l1.value = ptradd(load(&@p), Neg(cast(1 : i32 to i64))); store load(&%l1.value) -> &@p; load(&%l1.value) }) -> &@d
store load(&@t) -> &@s
store load(&@s) -> &@arr[1 : i32]
store load(&@arr[2 : i32]) -> load(&@ps)
store load(load(&@ps)) -> &@t
"#,
    );
}

#[test]
fn character_literals_and_sizes_of_variable_length_arrays() {
    check(
        "void f(int n, int m, double a[n][m]) {\n  unsigned long z; int c;\n#pragma acc serial\n  { c = L'x'; c = '\\x41'; c = '\\377'; c = u'\\u00e9'; z = sizeof a[0]; z = sizeof(a[1][1]); }\n}\n",
        r#"
store 120 : i32 -> &@c
store 65 : i32 -> &@c
store -1 : i32 -> &@c
store cast(233 : ui16 to i32) -> &@c
store cast(Mul(cast(load(&@m) to i64), 8 : i64) : i64 to ui64) -> &@z
store 8 : ui64 -> &@z
"#,
    );
}

#[test]
fn typedef_names_in_casts_and_sizeof() {
    check(
        "typedef double real;\ntypedef struct { int k; } box;\nvoid f(int i, int *p) {\n  real r; unsigned long n;\n#pragma acc serial\n  { r = (real)i; r = (real)(i); r = (real)-i + 1; r = (real)*p; n = sizeof(real) + sizeof(box); }\n}\n",
        r#"
store cast(load(&@i) to f64) -> &@r
store cast(load(&@i) to f64) -> &@r
store Add(cast(Neg(load(&@i)) to f64), cast(1 : i32 to f64)) : f64 -> &@r
store cast(load(load(&@p)) to f64) -> &@r
store Add(8 : ui64, 4 : ui64) : ui64 -> &@n
"#,
    );
    check_fails(
        &region("typedef int T; int x, *y;", "x = (T)(y)[1];"),
        "ambiguous cast",
    );
}

/// An internal error of the lowering is shown (a warning, or an error when the test scripts ask
/// for it with `ACCC_INTERNAL_ERRORS=error`), never a remark hidden behind `-fopt-info-acc`; a
/// limitation stays a remark.
#[test]
fn internal_errors_are_visible_and_limitations_are_remarks() {
    let at = acc_ir::Span::default();
    let internal = NotOffloaded {
        span: 0..1,
        message: "element of a scalar".into(),
        internal: true,
    };
    let diagnostic = internal.diagnostic(at);
    let strict = std::env::var_os("ACCC_INTERNAL_ERRORS").is_some_and(|v| v == "error");
    let expected = if strict {
        acc_ir::Severity::Error
    } else {
        acc_ir::Severity::Warning
    };
    assert_eq!(diagnostic.severity, expected);
    assert!(diagnostic
        .message
        .starts_with("internal error in accc: element of a scalar"));
    let limitation = NotOffloaded {
        span: 0..1,
        message: "call to variadic function 'printf'".into(),
        internal: false,
    };
    let diagnostic = limitation.diagnostic(at);
    assert_eq!(diagnostic.severity, acc_ir::Severity::Remark);
    assert_eq!(
        diagnostic.message,
        "region not offloaded: call to variadic function 'printf'"
    );
}
