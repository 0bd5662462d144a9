//! Tests of C name resolution, types and the variables a region references.

use super::*;
use acc_ir::{ArraySize, TypeInner, TypeTable};

fn unit(source: &str) -> CUnit {
    CUnit::parse(source, "t.c")
}

fn offset(source: &str, needle: &str) -> u32 {
    source
        .find(needle)
        .unwrap_or_else(|| panic!("`{needle}` not in source")) as u32
}

/// The type of `name` as seen at the end of the source, in the printer's spelling.
fn type_of(source: &str, name: &str) -> String {
    let unit = unit(source);
    assert!(
        unit.syntax_errors().is_empty(),
        "{:?}",
        unit.syntax_errors()
    );
    let mut types = TypeTable::default();
    let symbol = unit
        .resolve(name, source.len() as u32, &mut types)
        .unwrap_or_else(|| panic!("{name} unresolved"));
    types.display(symbol.ty)
}

/// The declaration text `name` resolves to at the marker comment `marker`.
fn declaration_at(source: &str, name: &str, marker: &str) -> Option<String> {
    let unit = unit(source);
    let mut types = TypeTable::default();
    let symbol = unit.resolve(name, offset(source, marker), &mut types)?;
    Some(source[symbol.decl_range.start as usize..symbol.decl_range.end as usize].to_string())
}

#[test]
fn block_scopes_and_shadowing() {
    let source = "int x = 1;\nvoid f(int x) {\n  /*param*/ x;\n  {\n    /*before*/ x;\n    double x = 2.0;\n    /*inner*/ x;\n  }\n  /*after*/ x;\n}\n/*file*/";
    assert_eq!(
        declaration_at(source, "x", "/*param*/").as_deref(),
        Some("int x")
    );
    assert_eq!(
        declaration_at(source, "x", "/*before*/").as_deref(),
        Some("int x")
    );
    assert_eq!(
        declaration_at(source, "x", "/*inner*/").as_deref(),
        Some("x = 2.0")
    );
    assert_eq!(
        declaration_at(source, "x", "/*after*/").as_deref(),
        Some("int x")
    );
    assert_eq!(
        declaration_at(source, "x", "/*file*/").as_deref(),
        Some("x = 1")
    );
    let unit = unit(source);
    let mut types = TypeTable::default();
    let parameter = unit
        .resolve("x", offset(source, "/*param*/"), &mut types)
        .expect("x");
    assert_eq!(parameter.storage, Storage::Parameter);
    let global = unit
        .resolve("x", offset(source, "/*file*/"), &mut types)
        .expect("x");
    assert_eq!(global.storage, Storage::Global);
}

#[test]
fn for_init_scope_and_visibility_after_declarator() {
    let source = "int i;\nvoid f(void) {\n  for (int i = 0; /*cond*/ i < 3; i++) { /*body*/ i; }\n  /*after*/ i;\n  int y = /*init*/ 0;\n  /*later*/ y;\n}\n";
    assert_eq!(
        declaration_at(source, "i", "/*cond*/").as_deref(),
        Some("i = 0")
    );
    assert_eq!(
        declaration_at(source, "i", "/*body*/").as_deref(),
        Some("i = 0")
    );
    assert_eq!(
        declaration_at(source, "i", "/*after*/").as_deref(),
        Some("i")
    );
    assert_eq!(declaration_at(source, "y", "int y").as_deref(), None);
    assert_eq!(
        declaration_at(source, "y", "/*init*/").as_deref(),
        Some("y = /*init*/ 0")
    );
    assert_eq!(
        declaration_at(source, "y", "/*later*/").as_deref(),
        Some("y = /*init*/ 0")
    );
    assert_eq!(declaration_at(source, "nothing", "/*later*/"), None);
}

#[test]
fn storage_classes() {
    let source = "static int s;\nextern int e;\nint g;\nint proto(int);\nstatic void helper(void) {}\nvoid f(void) { static int fs; register int r; extern int fe; int l; /*here*/ }\n";
    let unit = unit(source);
    let mut types = TypeTable::default();
    let at = offset(source, "/*here*/");
    let storage =
        |name: &str, types: &mut TypeTable| unit.resolve(name, at, types).map(|s| s.storage);
    assert_eq!(storage("s", &mut types), Some(Storage::Static));
    assert_eq!(storage("e", &mut types), Some(Storage::Extern));
    assert_eq!(storage("g", &mut types), Some(Storage::Global));
    assert_eq!(storage("proto", &mut types), Some(Storage::Extern));
    assert_eq!(storage("helper", &mut types), Some(Storage::Static));
    assert_eq!(storage("f", &mut types), Some(Storage::Global));
    assert_eq!(storage("fs", &mut types), Some(Storage::Static));
    assert_eq!(storage("r", &mut types), Some(Storage::Local));
    assert_eq!(storage("fe", &mut types), Some(Storage::Extern));
    assert_eq!(storage("l", &mut types), Some(Storage::Local));
    assert!(
        unit.resolve("helper", at, &mut types)
            .expect("helper")
            .is_function
    );
    assert!(!unit.resolve("g", at, &mut types).expect("g").is_function);
}

#[test]
fn integer_scalar_widths() {
    let source = "char c; signed char sc; unsigned char uc; short s; unsigned short us; int i; unsigned u;\nlong l; unsigned long ul; long long ll; unsigned long long ull; long int li; short int si;\n";
    let expected = [
        ("c", "i8"),
        ("sc", "i8"),
        ("uc", "ui8"),
        ("s", "i16"),
        ("us", "ui16"),
        ("i", "i32"),
        ("u", "ui32"),
        ("l", "i64"),
        ("ul", "ui64"),
        ("ll", "i64"),
        ("ull", "ui64"),
        ("li", "i64"),
        ("si", "i16"),
    ];
    for (name, ty) in expected {
        assert_eq!(type_of(source, name), ty, "{name}");
    }
}

#[test]
fn floating_bool_and_complex_scalars() {
    let source = "float f; double d; long double ld; _Bool b; double _Complex zd; float _Complex zf;\n_Complex double zd2; long double _Complex zl; int8_t i8v; uint32_t u32v; size_t sz;\n";
    let expected = [
        ("f", "f32"),
        ("d", "f64"),
        ("ld", "f80"),
        ("b", "i1"),
        ("zd", "complex<f64>"),
        ("zf", "complex<f32>"),
        ("zd2", "complex<f64>"),
        ("zl", "complex<f80>"),
        ("i8v", "i8"),
        ("u32v", "ui32"),
        ("sz", "ui64"),
    ];
    for (name, ty) in expected {
        assert_eq!(type_of(source, name), ty, "{name}");
    }
}

#[test]
fn typedefs_including_chains_and_user_size_t() {
    let source = "typedef unsigned int size_t;\ntypedef double real;\ntypedef real vec3[3];\ntypedef vec3 *vec3_ptr;\nsize_t n; real r; vec3 v; vec3_ptr p;\n";
    assert_eq!(type_of(source, "n"), "ui32");
    assert_eq!(type_of(source, "r"), "f64");
    assert_eq!(type_of(source, "v"), "!acc.array<3xf64>");
    assert_eq!(type_of(source, "p"), "!acc.ptr<!acc.array<3xf64>>");
    let unit = unit(source);
    assert!(unit.is_typedef_name("real", source.len() as u32));
    let mut types = TypeTable::default();
    assert_eq!(unit.resolve("real", source.len() as u32, &mut types), None);
}

#[test]
fn pointers_arrays_and_function_pointers() {
    let source = "int *p; int **pp; int a[4][8]; int *ap[4]; int (*pa)[4]; double (*fp)(int); char *argv[];\n";
    assert_eq!(type_of(source, "p"), "!acc.ptr<i32>");
    assert_eq!(type_of(source, "pp"), "!acc.ptr<!acc.ptr<i32>>");
    assert_eq!(type_of(source, "a"), "!acc.array<4x8xi32>");
    assert_eq!(type_of(source, "ap"), "!acc.array<4x!acc.ptr<i32>>");
    assert_eq!(type_of(source, "pa"), "!acc.ptr<!acc.array<4xi32>>");
    assert_eq!(type_of(source, "fp"), "!acc.ptr<!acc.func<f64>>");
    let unit = unit(source);
    let mut types = TypeTable::default();
    let argv = unit
        .resolve("argv", source.len() as u32, &mut types)
        .expect("argv");
    match types.get(argv.ty) {
        TypeInner::Array {
            size, lower_bound, ..
        } => {
            assert_eq!((size, *lower_bound), (&ArraySize::Unknown, 0));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn constant_array_sizes() {
    let source = "enum { N = 4, M };\n#define X\nint a[N * M + (1 << 3) - 10 / 2 % 3];\nint b[sizeof(double) * 2];\nint c[0x10];\nint d[sizeof(long) / sizeof(int)];\nint e[N > 2 ? 7 : 9];\n";
    assert_eq!(type_of(source, "a"), "!acc.array<26xi32>");
    assert_eq!(type_of(source, "b"), "!acc.array<16xi32>");
    assert_eq!(type_of(source, "c"), "!acc.array<16xi32>");
    assert_eq!(type_of(source, "d"), "!acc.array<2xi32>");
    assert_eq!(type_of(source, "e"), "!acc.array<7xi32>");
}

#[test]
fn variable_length_arrays_and_parameter_decay() {
    let source = "void f(int n, int m, double a[], double b[10], double c[n][m], void g(int)) {\n  double v[n][m + 1];\n  /*here*/\n}\n";
    let unit = unit(source);
    let mut types = TypeTable::default();
    let at = offset(source, "/*here*/");
    let ty = |name: &str, types: &mut TypeTable| {
        let symbol = unit.resolve(name, at, types).expect(name);
        types.display(symbol.ty)
    };
    assert_eq!(ty("a", &mut types), "!acc.ptr<f64>");
    assert_eq!(ty("b", &mut types), "!acc.ptr<f64>");
    assert_eq!(ty("c", &mut types), "!acc.ptr<!acc.array<?xf64>>");
    assert_eq!(ty("g", &mut types), "!acc.ptr<!acc.func<none>>");
    let v = unit.resolve("v", at, &mut types).expect("v");
    let TypeInner::Array { element, size, .. } = types.get(v.ty).clone() else {
        panic!("array")
    };
    assert_eq!(size, ArraySize::Variable("n".to_string()));
    let TypeInner::Array { size: inner, .. } = types.get(element).clone() else {
        panic!("array")
    };
    assert_eq!(inner, ArraySize::Variable("m + 1".to_string()));
}

/// The members of a struct type as (name, printed type).
fn members(types: &TypeTable, handle: acc_ir::TypeHandle) -> Vec<(String, String)> {
    match types.get(handle) {
        TypeInner::Struct { members, .. } => members
            .iter()
            .map(|m| (m.name.clone(), types.display(m.ty)))
            .collect(),
        other => panic!("not a struct: {other:?}"),
    }
}

#[test]
fn structs_unions_nested_and_anonymous() {
    let source = "struct inner { int k; };\nstruct outer { struct inner in; struct { float u, v; } uv; union { int i; float f; }; double arr[3]; } o;\nunion number { int i; double d; } num;\n";
    let unit = unit(source);
    let mut types = TypeTable::default();
    let at = source.len() as u32;
    let outer = unit.resolve("o", at, &mut types).expect("o");
    assert_eq!(types.display(outer.ty), "!acc.struct<outer>");
    assert_eq!(
        members(&types, outer.ty),
        vec![
            ("in".to_string(), "!acc.struct<inner>".to_string()),
            ("uv".to_string(), "!acc.struct<anon>".to_string()),
            (String::new(), "!acc.union<anon>".to_string()),
            ("arr".to_string(), "!acc.array<3xf64>".to_string()),
        ]
    );
    let TypeInner::Struct {
        members: outer_members,
        ..
    } = types.get(outer.ty).clone()
    else {
        panic!()
    };
    assert_eq!(
        members(&types, outer_members[1].ty),
        vec![
            ("u".to_string(), "f32".to_string()),
            ("v".to_string(), "f32".to_string())
        ]
    );
    let number = unit.resolve("num", at, &mut types).expect("num");
    assert!(matches!(
        types.get(number.ty),
        TypeInner::Struct { is_union: true, .. }
    ));
}

#[test]
fn typedef_structs_forward_declarations_and_self_reference() {
    let source = "typedef struct { double x, y; } point;\nstruct list;\ntypedef struct list list_t;\nlist_t *head;\nstruct list { int value; struct list *next; };\npoint pt;\nstruct never *opaque;\n";
    let unit = unit(source);
    let mut types = TypeTable::default();
    let at = source.len() as u32;
    let pt = unit.resolve("pt", at, &mut types).expect("pt");
    assert_eq!(types.display(pt.ty), "!acc.struct<point>");
    assert_eq!(
        members(&types, pt.ty),
        vec![
            ("x".to_string(), "f64".to_string()),
            ("y".to_string(), "f64".to_string())
        ]
    );
    let head = unit.resolve("head", at, &mut types).expect("head");
    let TypeInner::Pointer { pointee } = types.get(head.ty).clone() else {
        panic!("pointer")
    };
    assert_eq!(
        members(&types, pointee),
        vec![
            ("value".to_string(), "i32".to_string()),
            (
                "next".to_string(),
                "!acc.ptr<!acc.opaque<list>>".to_string()
            ),
        ]
    );
    let opaque = unit.resolve("opaque", at, &mut types).expect("opaque");
    assert_eq!(types.display(opaque.ty), "!acc.ptr<!acc.opaque<never>>");
}

#[test]
fn enums_are_ints_and_constants_are_not_symbols() {
    let source = "enum color { RED, GREEN = 10, BLUE };\nenum color c;\ntypedef enum { A = -2, B } letter;\nletter l;\n";
    assert_eq!(type_of(source, "c"), "i32");
    assert_eq!(type_of(source, "l"), "i32");
    let unit = unit(source);
    let at = source.len() as u32;
    assert_eq!(unit.enum_constant("BLUE", at), Some(11));
    assert_eq!(unit.enum_constant("B", at), Some(-1));
    assert_eq!(unit.resolve("GREEN", at, &mut TypeTable::default()), None);
}

#[test]
fn function_declarations_have_function_types() {
    let source = "double *make(int n);\nstatic inline float twice(float x) { return 2 * x; }\nstruct s { int a; };\nstruct s get(void);\n";
    assert_eq!(type_of(source, "make"), "!acc.func<!acc.ptr<f64>>");
    assert_eq!(type_of(source, "twice"), "!acc.func<f32>");
    assert_eq!(type_of(source, "get"), "!acc.func<!acc.struct<s>>");
    let unit = unit(source);
    let mut types = TypeTable::default();
    let make = unit
        .resolve("make", source.len() as u32, &mut types)
        .expect("make");
    assert!(make.is_function);
    assert_eq!(make.storage, Storage::Extern);
}

#[test]
fn qualifiers_are_ignored() {
    let source =
        "const int ci = 1; volatile double vd; double *restrict rp; const char *const cp = 0;\n";
    assert_eq!(type_of(source, "ci"), "i32");
    assert_eq!(type_of(source, "vd"), "f64");
    assert_eq!(type_of(source, "rp"), "!acc.ptr<f64>");
    assert_eq!(type_of(source, "cp"), "!acc.ptr<i8>");
}

#[test]
fn restrict_pointers_are_told_from_the_declarator() {
    let source = "void f(double *restrict a, float *__restrict__ b, int *c, char *restrict *d,\n       int *const __restrict__ e) {\n  int *restrict g = c, h = 0, *restrict_not = c;\n  /*body*/\n}\n";
    let unit = unit(source);
    let mut types = TypeTable::default();
    let at = offset(source, "/*body*/");
    let restrict = |name: &str| {
        let symbol = unit.resolve(name, at, &mut types.clone()).expect(name);
        symbol.is_restrict_pointer(unit.text())
    };
    assert!(restrict("a"));
    assert!(restrict("b"));
    assert!(!restrict("c"));
    assert!(!restrict("d"), "a pointer to a restrict pointer is not one");
    assert!(restrict("e"));
    assert!(restrict("g"));
    assert!(!restrict("h"));
    assert!(!restrict("restrict_not"));
    let _ = unit.resolve("a", at, &mut types);
}

#[test]
fn block_scope_typedefs_and_struct_tags() {
    let source = "typedef int T;\nstruct S { int a; };\nvoid f(void) {\n  typedef double T;\n  struct S { float b; };\n  T x; struct S y;\n  /*inner*/\n}\nT z; struct S w;\n";
    let unit = unit(source);
    let mut types = TypeTable::default();
    let inner = offset(source, "/*inner*/");
    let x = unit.resolve("x", inner, &mut types).expect("x");
    assert_eq!(types.display(x.ty), "f64");
    let y = unit.resolve("y", inner, &mut types).expect("y");
    assert_eq!(
        members(&types, y.ty),
        vec![("b".to_string(), "f32".to_string())]
    );
    let end = source.len() as u32;
    let z = unit.resolve("z", end, &mut types).expect("z");
    assert_eq!(types.display(z.ty), "i32");
    let w = unit.resolve("w", end, &mut types).expect("w");
    assert_eq!(
        members(&types, w.ty),
        vec![("a".to_string(), "i32".to_string())]
    );
}

/// The referenced variables of the statement after the first pragma.
fn region_uses(source: &str) -> Vec<VarUse> {
    let unit = unit(source);
    assert!(
        unit.syntax_errors().is_empty(),
        "{:?}",
        unit.syntax_errors()
    );
    let stmt = unit.associated_statement(0).expect("statement");
    unit.referenced_variables(stmt.range, &mut TypeTable::default())
}

fn names(uses: &[VarUse]) -> Vec<&str> {
    uses.iter().map(|u| u.symbol.name.as_str()).collect()
}

#[test]
fn referenced_variables_exclude_region_locals_functions_and_members() {
    let source = "struct P { double x; double *v; };\nenum { K = 3 };\ntypedef int idx;\nint g;\ndouble sq(double);\nvoid f(int n, double *a, struct P s, struct P *p) {\n  double t = 0;\n#pragma acc parallel loop\n  for (int i = 0; i < n; i++) {\n    double local = sq(a[i]) + s.x + p->x + K + g;\n    idx j = (idx)i;\n    t += local + j + sizeof(idx);\n  }\n}\n";
    let uses = region_uses(source);
    assert_eq!(names(&uses), vec!["n", "a", "s", "p", "g", "t"]);
    let t = uses.iter().find(|u| u.symbol.name == "t").expect("t");
    assert!(t.written);
    assert_eq!(t.symbol.storage, Storage::Local);
    let n = &uses[0];
    assert!(!n.written && !n.pointee_written);
    assert_eq!(n.symbol.storage, Storage::Parameter);
    assert_eq!(
        &source[n.first_use.start as usize..n.first_use.end as usize],
        "n"
    );
    assert!(n.first_use.start > offset(source, "#pragma"));
}

#[test]
fn referenced_variables_track_writes() {
    let source = "struct S { int m; int arr[4]; };\nvoid f(int n, double *a, double b[8], int *q) {\n  int x = 0, y = 0, z = 0, w = 0, r = 0;\n  double arr[10];\n  struct S s, *sp = &s;\n#pragma acc parallel\n  {\n    x = 1; y++; --z; w *= 2; q = &r; a[0] = arr[1];\n    arr[2] = 1.0; *b = 3; s.arr[1] = 2; sp->m = n;\n  }\n}\n";
    let uses = region_uses(source);
    let find = |name: &str| {
        uses.iter()
            .find(|u| u.symbol.name == name)
            .unwrap_or_else(|| panic!("{name}"))
    };
    for name in ["x", "y", "z", "w", "q", "r", "arr", "s"] {
        assert!(find(name).written, "{name} should be written");
    }
    for name in ["a", "b", "sp"] {
        assert!(!find(name).written, "{name} itself is not written");
        assert!(find(name).pointee_written, "{name}'s data is written");
    }
    assert!(!find("n").written && !find("n").pointee_written);
    assert!(!find("arr").pointee_written);
}

#[test]
fn referenced_variables_skip_nested_declarations_and_labels() {
    let source = "int total;\nvoid f(int n) {\n  int i;\n#pragma acc serial\n  {\n    int i = n;\n    for (int k = 0; k < i; k++) { if (k == 3) goto done; total += k; }\n  done:\n    ;\n  }\n}\n";
    let uses = region_uses(source);
    assert_eq!(names(&uses), vec!["n", "total"]);
    assert_eq!(uses[1].symbol.storage, Storage::Global);
    assert!(uses[1].written);
}

#[test]
fn referenced_variables_in_order_of_first_use_without_duplicates() {
    let source = "void f(int n, double *a, double *b, double c) {\n#pragma acc kernels\n  for (int i = 0; i < n; i++) b[i] = c * a[i] + b[i] * c;\n}\n";
    let uses = region_uses(source);
    assert_eq!(names(&uses), vec!["n", "b", "c", "a"]);
    assert!(uses[1].pointee_written);
}

#[test]
fn typeof_and_offsetof_extensions() {
    let source = "struct pt { double x, y; };\nint n;\n__typeof__(n) a;\ntypeof (unsigned long) b;\n__typeof__(n + 1) c;\nunsigned long off = __builtin_offsetof(struct pt, y);\n";
    assert_eq!(type_of(source, "a"), "i32");
    assert_eq!(type_of(source, "b"), "ui64");
    assert_eq!(type_of(source, "c"), "!acc.opaque<typeof(n + 1)>");
    assert_eq!(type_of(source, "off"), "ui64");
}
