//! Tests of the C syntax layer: source map, pragma scanning and blanking, association of pragmas
//! with statements, loop nests, syntax errors, a real glibc translation unit, hostile input.

use super::*;
use acc_ir::{SourceFiles, TypeTable};

fn unit(source: &str) -> CUnit {
    CUnit::parse(source, "t.c")
}

/// Offset of the first occurrence of `needle`.
fn offset(source: &str, needle: &str) -> u32 {
    source
        .find(needle)
        .unwrap_or_else(|| panic!("`{needle}` not in source")) as u32
}

/// The text of the statement associated with pragma `index`.
fn associated_text(unit: &CUnit, index: usize) -> Option<String> {
    unit.associated_statement(index)
        .map(|s| unit.text_of(s.range))
}

#[test]
fn main_file_is_not_gccs_built_in_pseudo_file() {
    // gcc 12: the main file first, then `<built-in>` and `<command-line>`, then the main file.
    let text = "# 0 \"t.c\"\n# 0 \"<built-in>\"\n# 0 \"<command-line>\"\n# 1 \"t.c\"\nint a;\n";
    assert_eq!(SourceMap::new(text, "t.c").main_file(), "t.c");
    // Kernel symbols of different files get different tags.
    assert_ne!(super::tu_tag("a.c"), super::tu_tag("b.c"));
}

#[test]
fn source_map_follows_line_markers() {
    let text = "# 1 \"main.c\"\n# 1 \"<built-in>\"\n# 1 \"main.c\"\nint a;\n# 1 \"inc.h\" 1 3 4\nint b;\nint c;\n# 7 \"main.c\" 2\n  int d;\n";
    let map = SourceMap::new(text, "fallback.c");
    assert_eq!(map.main_file(), "main.c");
    assert_eq!(
        map.location(offset(text, "int a")),
        ("main.c".to_string(), 1, 1)
    );
    assert_eq!(
        map.location(offset(text, "int c")),
        ("inc.h".to_string(), 2, 1)
    );
    assert!(map.in_system_header(offset(text, "int c")));
    assert_eq!(
        map.location(offset(text, "d;")),
        ("main.c".to_string(), 7, 7)
    );
    assert!(!map.in_system_header(offset(text, "d;")));
    let mut files = SourceFiles::default();
    let span = map.span(&mut files, offset(text, "int d")..offset(text, "int d") + 5);
    assert_eq!(
        (files.name(span.file), span.line, span.col, span.len),
        ("main.c", 7, 3, 5)
    );
}

#[test]
fn source_map_without_markers_and_with_line_directive() {
    let text = "int a;\nint b;\n#line 40 \"gen.c\"\nint c;\n#line 90\nint d;\n";
    let map = SourceMap::new(text, "plain.c");
    assert_eq!(
        map.location(offset(text, "int b")),
        ("plain.c".to_string(), 2, 1)
    );
    assert_eq!(
        map.location(offset(text, "int c")),
        ("gen.c".to_string(), 40, 1)
    );
    assert_eq!(
        map.location(offset(text, "int d")),
        ("gen.c".to_string(), 90, 1)
    );
    assert_eq!(map.main_file(), "gen.c");
    assert_eq!(SourceMap::new("int x;", "only.c").main_file(), "only.c");
    // Offsets past the end are clamped, not a panic.
    assert_eq!(map.location(10_000).0, "gen.c");
}

#[test]
fn span_is_cut_at_end_of_line() {
    let text = "int f(int n)\n{\n  return n;\n}\n";
    let map = SourceMap::new(text, "f.c");
    let mut files = SourceFiles::default();
    let span = map.span(&mut files, 0..text.len() as u32);
    assert_eq!((span.line, span.col, span.len), (1, 1, 12));
}

#[test]
fn pragma_lines_are_recorded_and_blanked() {
    let source = "void f(int n, double *a) {\n#pragma acc parallel loop copy(a[0:n])\n  for (int i = 0; i < n; i++) a[i] = 0;\n    #  pragma   acc wait\n}\n";
    let unit = unit(source);
    assert_eq!(unit.pragmas.len(), 2);
    let first = &unit.pragmas[0];
    assert_eq!(first.text, " parallel loop copy(a[0:n])");
    assert_eq!(
        &source[first.text_offset as usize..first.line_end as usize],
        first.text
    );
    assert_eq!(first.line_start, offset(source, "#pragma"));
    assert_eq!(unit.pragmas[1].text, " wait");
    assert_eq!(unit.text().len(), source.len());
    assert!(!unit.text().contains("pragma"));
    assert_eq!(
        unit.text().matches('\n').count(),
        source.matches('\n').count()
    );
    assert!(unit.syntax_errors().is_empty());
}

#[test]
fn other_directives_and_markers_are_blanked_but_not_recorded() {
    let source = "# 1 \"x.c\"\n#pragma omp parallel for\n#pragma GCC ivdep\n#ident \"v1\"\n#pragma accelerate\nint x = 1 +\n# 3 \"/usr/include/stdlib.h\" 3 4\n 2147483647\n# 5 \"x.c\"\n;\n";
    let unit = unit(source);
    assert!(unit.pragmas.is_empty(), "{:?}", unit.pragmas);
    assert!(
        unit.syntax_errors().is_empty(),
        "{:?}",
        unit.syntax_errors()
    );
    assert!(!unit.text().contains('#'));
}

#[test]
fn continued_pragma_line_keeps_offsets() {
    let source = "void f(void) {\n#pragma acc kernels \\\n  async(1)\n  { }\n}\n";
    let unit = unit(source);
    assert_eq!(unit.pragmas.len(), 1);
    assert_eq!(unit.pragmas[0].text, " kernels     async(1)");
    assert_eq!(
        unit.pragmas[0].text.len() as u32,
        unit.pragmas[0].line_end - unit.pragmas[0].text_offset
    );
    assert_eq!(
        unit.associated_statement(0).map(|s| s.kind),
        Some(StatementKind::Compound)
    );
}

#[test]
fn pragma_before_braceless_if_body() {
    let source = "void f(int c, int n, double *a) {\n  if (c)\n#pragma acc loop\n    for (int i = 0; i < n; i++) a[i] = 1;\n  else\n#pragma acc loop\n    for (int j = 0; j < n; j++) a[j] = 2;\n}\n";
    let unit = unit(source);
    assert!(
        unit.syntax_errors().is_empty(),
        "{:?}",
        unit.syntax_errors()
    );
    let first = unit.associated_statement(0).expect("statement");
    assert_eq!(first.kind, StatementKind::For);
    assert_eq!(
        unit.text_of(first.range),
        "for (int i = 0; i < n; i++) a[i] = 1;"
    );
    assert_eq!(
        associated_text(&unit, 1).as_deref(),
        Some("for (int j = 0; j < n; j++) a[j] = 2;")
    );
}

#[test]
fn pragma_in_braceless_while_and_case() {
    let source = "void f(int k, int n, double *a) {\n  switch (k) {\n  case 1:\n#pragma acc parallel\n    { a[0] = 1; }\n    break;\n  }\n  while (n--)\n#pragma acc kernels\n    a[n] = 0;\n}\n";
    let unit = unit(source);
    assert!(
        unit.syntax_errors().is_empty(),
        "{:?}",
        unit.syntax_errors()
    );
    assert_eq!(
        unit.associated_statement(0).map(|s| s.kind),
        Some(StatementKind::Compound)
    );
    let second = unit.associated_statement(1).expect("statement");
    assert_eq!(second.kind, StatementKind::Expression);
    assert_eq!(unit.text_of(second.range), "a[n] = 0;");
}

#[test]
fn association_with_each_statement_kind() {
    let source = "int g(int);\nvoid f(int n, double *a, double x) {\n#pragma acc parallel\n  {\n    a[0] = 1;\n  }\n#pragma acc atomic update\n  x += 1;\n#pragma acc serial\n  if (n) a[1] = 2;\n#pragma acc kernels\n  while (n) n--;\n#pragma acc data copy(a[0:n])\n  for (;;) break;\n#pragma acc declare create(x)\n  int y = 3;\n}\n";
    let unit = unit(source);
    assert!(
        unit.syntax_errors().is_empty(),
        "{:?}",
        unit.syntax_errors()
    );
    let kinds: Vec<StatementKind> = (0..unit.pragmas.len())
        .filter_map(|i| unit.associated_statement(i))
        .map(|s| s.kind)
        .collect();
    assert_eq!(
        kinds,
        vec![
            StatementKind::Compound,
            StatementKind::Expression,
            StatementKind::Other("if_statement".to_string()),
            StatementKind::Other("while_statement".to_string()),
            StatementKind::For,
            StatementKind::Other("declaration".to_string()),
        ]
    );
    let atomic = unit.associated_statement(1).expect("atomic");
    let node = unit.statement_node(&atomic).expect("node");
    assert_eq!(node.kind(), "expression_statement");
    assert_eq!(node.id(), atomic.node_id);
    let expression = node.named_child(0).expect("expression");
    assert_eq!(expression.kind(), "assignment_expression");
}

#[test]
fn pragma_last_in_block_has_no_statement() {
    let source = "void f(void) {\n  int x = 0;\n#pragma acc wait\n}\n#pragma acc routine seq\n";
    let unit = unit(source);
    assert_eq!(unit.associated_statement(0), None);
    assert_eq!(unit.associated_statement(1), None);
    assert_eq!(unit.associated_statement(7), None);
}

#[test]
fn association_skips_comments() {
    let source = "void f(int n, double *a) {\n#pragma acc parallel loop\n  /* the loop */ // really\n  for (int i = 0; i < n; i++) a[i] = 0;\n}\n";
    let unit = unit(source);
    assert_eq!(
        unit.associated_statement(0).map(|s| s.kind),
        Some(StatementKind::For)
    );
}

#[test]
fn pragma_contexts() {
    let source = "#pragma acc routine seq\ndouble sq(double x) { return x * x; }\nint main(void) {\n  double a = 0;\n#pragma acc serial\n  a = sq(2.0);\n  return 0;\n}\n";
    let unit = unit(source);
    assert_eq!(unit.pragmas[0].context, PragmaContext::FileScope);
    match &unit.pragmas[1].context {
        PragmaContext::Function { name, body, .. } => {
            assert_eq!(name, "main");
            assert_eq!(&source[body.start as usize..body.start as usize + 1], "{");
            assert!(source[..body.end as usize].ends_with('}'));
        }
        other => panic!("unexpected context {other:?}"),
    }
    let routine = unit.associated_statement(0).expect("function");
    assert_eq!(
        routine.kind,
        StatementKind::Other("function_definition".to_string())
    );
}

#[test]
fn next_function_and_function_named() {
    let source = "int before(void);\n#pragma acc routine vector\nextern double f(double);\nstatic int *g(int n) { return 0; }\ndouble f(double x) { return x; }\nint v;\n";
    let unit = unit(source);
    let next = unit.next_function(unit.pragmas[0].line_end).expect("next");
    assert_eq!(next.name, "f");
    assert!(!next.is_definition);
    assert_eq!(
        &source[next.name_range.start as usize..next.name_range.end as usize],
        "f"
    );
    let after_f = unit.next_function(next.range.end).expect("g");
    assert_eq!((after_f.name.as_str(), after_f.is_definition), ("g", true));
    let defined = unit.function_named("f").expect("f");
    assert!(defined.is_definition);
    assert!(source[defined.range.start as usize..].starts_with("double f(double x)"));
    assert_eq!(
        unit.function_named("before").map(|f| f.is_definition),
        Some(false)
    );
    assert_eq!(unit.function_named("v"), None);
    assert_eq!(unit.next_function(source.len() as u32), None);
}

fn nest(source: &str, depth: usize) -> LoopNest {
    let unit = unit(source);
    let stmt = unit.associated_statement(0).expect("statement");
    unit.loop_nest(&stmt, depth, false)
}

#[test]
fn forced_loop_nest_steps_over_intervening_code() {
    let source = "void f(int n, double *a) {\n#pragma acc loop collapse(force:2)\n  for (int i = 0; i < n; i++) {\n    double s = i;\n    for (int j = 0; j < n; j++) a[j] = s;\n    s = 0;\n  }\n}\n";
    let unit = unit(source);
    let stmt = unit.associated_statement(0).expect("statement");
    assert_eq!(unit.loop_nest(&stmt, 2, false).loops.len(), 1);
    let forced = unit.loop_nest(&stmt, 2, true);
    assert_eq!(forced.loops.len(), 2);
    assert_eq!(forced.loops[1].var.as_deref(), Some("j"));
    // Two loops side by side are no nest, forced or not.
    let two = "void f(int n, double *a) {\n#pragma acc loop collapse(force:2)\n  for (int i = 0; i < n; i++) {\n    for (int j = 0; j < n; j++) a[j] = 0;\n    for (int j = 0; j < n; j++) a[j] = 1;\n  }\n}\n";
    let unit = self::unit(two);
    let stmt = unit.associated_statement(0).expect("statement");
    assert_eq!(unit.loop_nest(&stmt, 2, true).loops.len(), 1);
}

#[test]
fn loop_nest_reads_headers() {
    let source = "void f(int n, int m, double *a) {\n  int j;\n#pragma acc loop collapse(2)\n  for (int i = 0; i < n; i++)\n    for (j = m - 1; j >= 0; j--) a[i] = j;\n}\n";
    let nest = nest(source, 0);
    assert_eq!(nest.loops.len(), 2);
    let outer = &nest.loops[0];
    assert_eq!(outer.var.as_deref(), Some("i"));
    assert!(outer.var_declared_in_init);
    assert_eq!(outer.init.as_deref(), Some("0"));
    assert_eq!(
        (outer.cond_op.as_deref(), outer.bound.as_deref()),
        (Some("<"), Some("n"))
    );
    assert_eq!(outer.step.as_deref(), Some("1"));
    let inner = &nest.loops[1];
    assert_eq!(inner.var.as_deref(), Some("j"));
    assert!(!inner.var_declared_in_init);
    assert_eq!(inner.init.as_deref(), Some("m - 1"));
    assert_eq!(
        (inner.cond_op.as_deref(), inner.bound.as_deref()),
        (Some(">="), Some("0"))
    );
    assert_eq!(inner.step.as_deref(), Some("-1"));
    assert_eq!(
        &source[inner.body.start as usize..inner.body.end as usize],
        "a[i] = j;"
    );
}

#[test]
fn loop_nest_steps_and_reversed_conditions() {
    let source = "void f(int n, int k, double *a) {\n#pragma acc loop\n  for (int i = 0; n > i; i += k) { for (int j = 0; j <= n; j = j + 2) { for (int l = n; l != 0; l -= 2 * k) a[l] = 0; } }\n}\n";
    let nest = nest(source, 0);
    assert_eq!(nest.loops.len(), 3);
    assert_eq!(
        (
            nest.loops[0].cond_op.as_deref(),
            nest.loops[0].bound.as_deref(),
            nest.loops[0].step.as_deref()
        ),
        (Some("<"), Some("n"), Some("k"))
    );
    assert_eq!(
        (
            nest.loops[1].cond_op.as_deref(),
            nest.loops[1].step.as_deref()
        ),
        (Some("<="), Some("2"))
    );
    assert_eq!(
        (
            nest.loops[2].cond_op.as_deref(),
            nest.loops[2].step.as_deref()
        ),
        (Some("!="), Some("-(2 * k)"))
    );
}

#[test]
fn loop_nest_stops_at_non_tight_nesting_and_depth() {
    let source = "void f(int n, double *a) {\n#pragma acc loop\n  for (int i = 0; i < n; i++) {\n    a[i] = 0;\n    for (int j = 0; j < n; j++) a[j] = 1;\n  }\n}\n";
    assert_eq!(nest(source, 0).loops.len(), 1);
    assert_eq!(nest(source, 3).loops.len(), 1);
    let tight = "void f(int n, double *a) {\n#pragma acc loop\n  for (int i = 0; i < n; i++) { for (int j = 0; j < n; j++) { for (int k = 0; k < n; k++) a[k] = 1; } }\n}\n";
    assert_eq!(nest(tight, 0).loops.len(), 3);
    assert_eq!(nest(tight, 2).loops.len(), 2);
    assert_eq!(nest(tight, 1).loops.len(), 1);
}

#[test]
fn loop_nest_of_non_loop_and_odd_headers() {
    let source = "void f(int n, double *a) {\n#pragma acc parallel\n  { a[0] = 1; }\n#pragma acc loop\n  for (;;) break;\n#pragma acc loop\n  for (n = 0, a = 0; (n) < 10; ++n, a++) ;\n}\n";
    let unit = unit(source);
    let compound = unit.associated_statement(0).expect("compound");
    assert!(unit.loop_nest(&compound, 0, false).loops.is_empty());
    let endless = unit.loop_nest(&unit.associated_statement(1).expect("for"), 0, false);
    assert_eq!(endless.loops.len(), 1);
    assert_eq!(
        (
            endless.loops[0].var.as_ref(),
            endless.loops[0].bound.as_ref()
        ),
        (None, None)
    );
    let comma = unit.loop_nest(&unit.associated_statement(2).expect("for"), 0, false);
    let header = &comma.loops[0];
    assert_eq!(
        (
            header.var.as_deref(),
            header.init.as_deref(),
            header.bound.as_deref(),
            header.step.as_deref()
        ),
        (Some("n"), Some("0"), Some("10"), Some("1"))
    );
}

#[test]
fn syntax_errors_are_reported() {
    let unit = unit("int f(void) {\n  int x = ;\n  return x\n}\n");
    let errors = unit.syntax_errors();
    assert!(!errors.is_empty());
    assert!(
        errors
            .iter()
            .any(|(_, message)| message.starts_with("expected")
                || message.starts_with("syntax error"))
    );
    assert!(CUnit::parse("int x;\n", "t.c").syntax_errors().is_empty());
}

#[test]
fn gnu_extensions_parse_cleanly() {
    let source = "typedef unsigned long size_t;\nextern int printf(const char *__restrict __format, ...) __attribute__((__format__(__printf__, 1, 2)));\nextern __inline int sq(int x) { return x * x; }\nextern double strtod_l(const char *s) __asm__(\"\" \"__strtod\") __attribute__((__nothrow__));\ndouble _Complex z = 1.0iF;\n_Complex float w = 2.0fi;\nlong double _Complex zl;\nint main(void) { double r = __real__ z; __extension__ long long q = 1; return (int)r + (int)q; }\n";
    let unit = unit(source);
    assert!(
        unit.syntax_errors().is_empty(),
        "{:?}",
        unit.syntax_errors()
    );
    let mut types = TypeTable::default();
    let end = source.len() as u32;
    for (name, expected) in [
        ("z", "complex<f64>"),
        ("w", "complex<f32>"),
        ("zl", "complex<f80>"),
    ] {
        let symbol = unit.resolve(name, end, &mut types).expect(name);
        assert_eq!(types.display(symbol.ty), expected, "{name}");
    }
}

#[test]
fn glibc_translation_unit_parses_without_errors() {
    let program = "#include <stdio.h>\n#include <stdlib.h>\n#include <math.h>\n#include <string.h>\n#include <complex.h>\nint main(void) {\n  size_t n = 10;\n  double complex z = I;\n  double *a = malloc(n * sizeof *a);\n#pragma acc parallel loop copy(a[0:n])\n  for (size_t i = 0; i < n; i++) a[i] = sqrt((double)i) + RAND_MAX;\n  printf(\"%f\\n\", creal(z) + a[1]);\n  return 0;\n}\n";
    let directory = std::env::temp_dir().join(format!("accc-c-tests-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("temp dir");
    let path = directory.join("glibc.c");
    std::fs::write(&path, program).expect("write");
    let output = preprocess("gcc", &["-std=gnu11".to_string()], &path).expect("gcc runs");
    let _ = std::fs::remove_dir_all(&directory);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let unit = CUnit::parse(&text, "glibc.c");
    assert!(
        unit.syntax_errors().is_empty(),
        "{:?}",
        unit.syntax_errors()
    );
    assert!(unit.source_map().main_file().ends_with("glibc.c"));
    assert_eq!(unit.pragmas.len(), 1);
    assert_eq!(unit.pragmas[0].text, " parallel loop copy(a[0:n])");
    let (file, line, _) = unit.source_map().location(unit.pragmas[0].line_start);
    assert!(file.ends_with("glibc.c"));
    assert_eq!(line, 10);
    let stmt = unit.associated_statement(0).expect("loop");
    assert_eq!(stmt.kind, StatementKind::For);
    assert_eq!(
        unit.loop_nest(&stmt, 0, false).loops[0].bound.as_deref(),
        Some("n")
    );
    let mut types = TypeTable::default();
    let stdout = unit
        .resolve("stdout", stmt.range.start, &mut types)
        .expect("stdout");
    assert_eq!(stdout.storage, Storage::Extern);
    assert_eq!(types.display(stdout.ty), "!acc.ptr<!acc.struct<_IO_FILE>>");
    let n = unit.resolve("n", stmt.range.start, &mut types).expect("n");
    assert_eq!(types.display(n.ty), "ui64");
    assert_eq!(n.storage, Storage::Local);
    let z = unit.resolve("z", stmt.range.start, &mut types).expect("z");
    assert_eq!(types.display(z.ty), "complex<f64>");
    let sqrt = unit
        .resolve("sqrt", stmt.range.start, &mut types)
        .expect("sqrt");
    assert!(sqrt.is_function);
    assert_eq!(types.display(sqrt.ty), "!acc.func<f64>");
    let used: Vec<String> = unit
        .referenced_variables(stmt.range, &mut types)
        .into_iter()
        .map(|u| u.symbol.name)
        .collect();
    assert_eq!(used, vec!["n", "a"]);
}

#[test]
fn hostile_input_does_not_panic() {
    let deep_braces = format!("void f(void) {}{}", "{".repeat(20_000), "}".repeat(5));
    let deep_parens = format!("int x = {}1;", "(".repeat(20_000));
    let deep_pointers = format!(
        "int {}p; int a[{}1{}];",
        "*".repeat(5_000),
        "(".repeat(3_000),
        ")".repeat(3_000)
    );
    let nested_sizeof = format!(
        "int a[{}1{}];",
        "sizeof(int[".repeat(3_000),
        "])".repeat(3_000)
    );
    let nested_structs = format!(
        "{}int x;{} s;",
        "struct {".repeat(3_000),
        "} m;".repeat(3_000)
    );
    let inputs = [
        String::new(),
        "#pragma acc".to_string(),
        "#pragma acc parallel\n".to_string(),
        "\u{0}\u{1}\u{ff}}}}{{{".to_string(),
        "int main( { for (int i = 0; i < ; i++ #pragma acc loop\n".to_string(),
        "# 1 \"unterminated\nint x;\n#line\n#line 99999999999999999999\n".to_string(),
        "double d = 1.0i; char *s = \"_Complex \\\" #pragma acc\"; int y = '\\'';".to_string(),
        deep_braces,
        deep_parens,
        deep_pointers,
        nested_sizeof,
        nested_structs,
    ];
    for input in inputs {
        let unit = CUnit::parse(&input, "bad.c");
        let _ = unit.syntax_errors();
        let mut types = TypeTable::default();
        for index in 0..unit.pragmas.len() + 1 {
            if let Some(stmt) = unit.associated_statement(index) {
                let _ = unit.loop_nest(&stmt, 0, false);
                let _ = unit.referenced_variables(stmt.range.clone(), &mut types);
            }
        }
        let end = input.len() as u32;
        let _ = unit.resolve("p", end, &mut types);
        let _ = unit.resolve("a", end, &mut types);
        let _ = unit.resolve("s", end, &mut types);
        let _ = unit.referenced_variables(0..end, &mut types);
        let _ = unit.next_function(0);
        let _ = unit.source_map().location(end / 2);
    }
}

#[test]
fn strings_and_characters_are_not_blanked() {
    let source = "const char *s = \"_Complex #pragma acc 1.0i\";\nchar c = '#';\n";
    let unit = unit(source);
    assert_eq!(unit.text(), source);
    assert!(unit.pragmas.is_empty());
}
