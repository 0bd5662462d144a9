//! Tests of the Fortran body lowering: each test analyses a small Fortran file end to end
//! (directives, implicit data, body lowering, outlining) and checks the kernels' body IR as
//! printed by [`acc_ir::body_print`], their parameters, and the remarks of refused regions.

use crate::{analyze_fortran, Analysis, FrontendOptions};
use acc_ir::body_print::print_body;

fn analyze(source: &str) -> Analysis {
    let options = FrontendOptions {
        file_name: "t.f90".into(),
        remarks: true,
        ..Default::default()
    };
    analyze_fortran(source.to_string(), &options, false)
}

/// Every kernel's name, parameters and body, printed.
fn kernels(analysis: &Analysis) -> String {
    let module = &analysis.module;
    let mut out = String::new();
    for kernel in &module.kernels {
        let params: Vec<String> = kernel
            .params
            .iter()
            .map(|p| format!("{}:{:?}", module.variables[p.var].name, p.passing))
            .collect();
        out.push_str(&format!("kernel {}({})\n", kernel.name, params.join(", ")));
        out.push_str(&print_body(module, &kernel.body, 1));
    }
    out
}

/// The messages of the `region not offloaded` remarks.
fn refusals(analysis: &Analysis) -> Vec<String> {
    analysis
        .diagnostics
        .iter()
        .filter(|d| d.message.starts_with("region not offloaded"))
        .map(|d| d.message.clone())
        .collect()
}

fn errors(analysis: &Analysis) -> Vec<String> {
    analysis
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.clone())
        .collect()
}

/// The printed body of the only kernel.
fn only_kernel(source: &str) -> String {
    let analysis = analyze(source);
    assert_eq!(errors(&analysis), Vec::<String>::new());
    assert_eq!(refusals(&analysis), Vec::<String>::new());
    assert_eq!(analysis.module.kernels.len(), 1, "{}", kernels(&analysis));
    kernels(&analysis)
}

/// The reason the only region is not offloaded.
fn refusal(source: &str) -> String {
    let analysis = analyze(source);
    assert_eq!(errors(&analysis), Vec::<String>::new());
    assert!(analysis.module.kernels.is_empty(), "{}", kernels(&analysis));
    let reasons = refusals(&analysis);
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    reasons[0].clone()
}

fn program(declarations: &str, region: &str) -> String {
    format!(
        "program t\n  implicit none\n{declarations}\n  !$acc parallel\n{region}\n  !$acc end parallel\nend program t\n"
    )
}

#[test]
fn constant_shape_elements_are_column_major_from_their_lower_bounds() {
    let text = only_kernel(&program(
        "  real(8) :: a(10, 0:5)\n  integer :: i, j",
        "  a(i, j) = 1",
    ));
    assert!(
        text.contains("-> cast(&@a to !acc.ptr<f64>)[Add(Sub(cast(load(&@i) to i64), 1 : i64) : i64, Mul(cast(load(&@j) to i64), 10 : i64) : i64) : i64]"),
        "{text}"
    );
    assert!(text.contains("a:DeviceAddress"), "{text}");
}

#[test]
fn descriptor_arrays_use_synthetic_firstprivate_bounds() {
    let source = "subroutine s(b, n)\n  integer :: n, i\n  real :: b(:)\n  real, allocatable :: c(:,:)\n  !$acc parallel\n  b(i) = c(i, 2) + size(c, 2) + lbound(b, 1)\n  !$acc end parallel\nend subroutine s\n";
    let analysis = analyze(source);
    assert_eq!(refusals(&analysis), Vec::<String>::new());
    let text = kernels(&analysis);
    for param in [
        "lbound(b,1):Value",
        "stride(b,1):Value",
        "lbound(c,1):Value",
        "stride(c,2):Value",
        "extent(c,2):Value",
    ] {
        assert!(text.contains(param), "{param} in {text}");
    }
    assert!(
        text.contains("Mul(Sub(cast(load(&@i) to i64), load(&@lbound(b,1))) : i64, load(&@stride(b,1))) : i64"),
        "{text}"
    );
    // One variable per (array, dimension, kind), each an implicit firstprivate.
    let module = &analysis.module;
    let synthetic: Vec<_> = module
        .variables
        .iter()
        .filter(|(_, v)| v.derived.is_some())
        .map(|(_, v)| v.name.clone())
        .collect();
    assert_eq!(synthetic.len(), 7, "{synthetic:?}");
    let compute = module.kernels[0].compute;
    let acc_ir::OpKind::Compute(c) = &module.ops[compute].kind else {
        panic!("not a compute op")
    };
    let firstprivate: Vec<_> = c
        .firstprivate
        .iter()
        .map(|d| module.variables[module.data_ops[*d].var].name.clone())
        .collect();
    for name in &synthetic {
        assert!(firstprivate.contains(name), "{name} in {firstprivate:?}");
    }
}

#[test]
fn mixed_kinds_promote_and_assignment_converts() {
    let text = only_kernel(&program(
        "  real(8) :: x\n  integer(8) :: k\n  integer :: i\n  real :: r",
        "  x = r * i + 1.0d0\n  k = i / 2_8\n  i = x",
    ));
    assert!(text.contains("store Add(cast(Mul(load(&@r), cast(load(&@i) to f32)) : f32 to f64), 1.0 : f64) : f64 -> &@x"), "{text}");
    assert!(
        text.contains("store Div(cast(load(&@i) to i64), 2 : i64) : i64 -> &@k"),
        "{text}"
    );
    assert!(
        text.contains("store cast(load(&@x) to i32) -> &@i"),
        "{text}"
    );
}

#[test]
fn logical_operators_and_kinds() {
    let text = only_kernel(&program(
        "  logical :: p, q\n  logical(1) :: b\n  integer :: i",
        "  p = .not. q .eqv. (i > 2 .and. b)\n  b = p .neqv. q",
    ));
    assert!(text.contains("store cast(Eq(LogicalNot(cast(load(&@q) to i1)), LogicalAnd(Gt(load(&@i), 2 : i32) : i1, load(&@b)) : i1) : i1 to bool32) -> &@p"), "{text}");
    assert!(
        text.contains("store Ne(cast(load(&@p) to i1), cast(load(&@q) to i1)) : i1 -> &@b"),
        "{text}"
    );
}

#[test]
fn counted_loops_compute_their_trip_count_once() {
    let text = only_kernel(&program(
        "  integer :: i, n, s\n  real :: x",
        "  do i = n, 1, -s\n    x = x + i\n  end do",
    ));
    assert!(text.contains("declare %l3.do.trips = Div(Add(Sub(cast(load(&%l1.do.end) to i64), cast(load(&%l0.do.start) to i64)) : i64, cast(load(&%l2.do.step) to i64)) : i64, cast(load(&%l2.do.step) to i64)) : i64"), "{text}");
    assert!(
        text.contains("store Add(load(&@i), load(&%l2.do.step)) : i32 -> &@i"),
        "{text}"
    );
}

#[test]
fn select_case_is_an_if_chain_and_exit_leaves_the_loop() {
    let text = only_kernel(&program(
        "  integer :: k",
        "  do\n    select case (k)\n    case (1:3, 5)\n      k = k + 1\n    case (:0)\n      cycle\n    case default\n      exit\n    end select\n  end do",
    ));
    assert!(text.contains("if LogicalOr(LogicalAnd(Ge(load(&%l0.select), 1 : i32) : i1, Le(load(&%l0.select), 3 : i32) : i1) : i1, Eq(load(&%l0.select), 5 : i32) : i1) : i1"), "{text}");
    assert!(text.contains("break"), "{text}");
    assert!(text.contains("continue"), "{text}");
}

#[test]
fn sequential_do_variables_inside_acc_loops_are_private_locals() {
    let text = only_kernel(&program(
        "  real :: a(100)\n  integer :: i, j",
        "  !$acc loop\n  do i = 1, 10\n    do j = 1, 10\n      a(i + j) = j\n    end do\n  end do",
    ));
    assert!(text.contains("local %l0.j : i32"), "{text}");
    assert!(text.contains("declare %l0.j\n"), "{text}");
    assert!(!text.contains("j:"), "j is not a kernel parameter: {text}");
}

#[test]
fn collapse_and_negative_steps_give_loop_controls() {
    let text = only_kernel(&program(
        "  real :: a(10, 10)\n  integer :: i, j",
        "  !$acc loop collapse(2)\n  do j = 10, 1, -1\n    do i = 1, 10, 2\n      a(i, j) = 0\n    end do\n  end do",
    ));
    assert!(text.contains("(@j = 10 : i32 while Ge 1 : i32 step Neg(1 : i32), @i = 1 : i32 while Le 10 : i32 step 2 : i32)"), "{text}");
}

#[test]
fn atomics_of_every_kind() {
    let text = only_kernel(&program(
        "  integer :: c, v\n  real :: x, y",
        "  !$acc atomic update\n  c = c + 1\n  !$acc atomic\n  x = max(x, y)\n  !$acc atomic read\n  v = c\n  !$acc atomic write\n  x = 2 * y\n  !$acc atomic capture\n  v = c\n  c = 3 - c\n  !$acc end atomic",
    ));
    assert!(text.contains("atomic Update &@c Add 1 : i32"), "{text}");
    assert!(text.contains("atomic Update &@x Max load(&@y)"), "{text}");
    assert!(
        text.contains("atomic Read &@c capture new -> &@v"),
        "{text}"
    );
    assert!(
        text.contains("atomic Write &@x Mul(cast(2 : i32 to f32), load(&@y)) : f32"),
        "{text}"
    );
    assert!(
        text.contains("atomic Capture &@c Sub reversed 3 : i32 capture old -> &@v"),
        "{text}"
    );
}

#[test]
fn intrinsics_lower_to_math_and_arithmetic() {
    let text = only_kernel(&program(
        "  real(8) :: x, y\n  integer :: i, j\n  complex :: z",
        "  x = sqrt(x) + atan2(x, y) + abs(i) + dble(nint(y)) + floor(x) + huge(x)\n  i = modulo(i, j) + min(i, j, 3)\n  y = aimag(z) + abs(z) + real(cmplx(x, 1.0))",
    ));
    for needle in [
        "math.sqrt(load(&@x)) : f64",
        "math.atan2(load(&@x), load(&@y)) : f64",
        "math.abs(load(&@i)) : i32",
        "math.round(load(&@y)) : f64",
        "math.floor(load(&@x)) : f64",
        "1.7976931348623157e308",
        "Min(Min(load(&@i), load(&@j)) : i32, 3 : i32) : i32",
        "math.hypot",
    ] {
        assert!(text.contains(needle), "{needle} in {text}");
    }
}

#[test]
fn named_constants_are_folded() {
    let text = only_kernel(
        "module m\n  integer, parameter :: n = 4, dp = kind(1.0d0)\n  real(dp), parameter :: pi = 3.25_dp\ncontains\n  subroutine s(x)\n    real(dp) :: x\n    !$acc parallel\n    x = pi * n\n    !$acc end parallel\n  end subroutine s\nend module m\n",
    );
    assert!(
        text.contains("store Mul(3.25 : f64, cast(4 : i32 to f64)) : f64 -> &@x"),
        "{text}"
    );
}

#[test]
fn kernels_regions_make_auto_loops() {
    let source = "subroutine s(a, n)\n  integer :: n, i\n  real :: a(100)\n  !$acc kernels\n  do i = 1, 100\n    a(i) = 2 * a(i)\n  end do\n  !$acc end kernels\nend subroutine s\n";
    let analysis = analyze(source);
    let text = kernels(&analysis);
    assert!(
        text.contains("acc.loop gang vector (@i = 1 : i32 while Le 100 : i32"),
        "{text}"
    );
}

#[test]
fn unsupported_code_keeps_the_host_fallback_with_a_remark() {
    let cases = [
        (
            "  real :: x",
            "  call foo(x)",
            "call to procedure 'foo', which this file neither defines nor declares with an interface",
        ),
        ("  real :: x", "  print *, x", "input/output statement"),
        (
            "  real :: a(10)",
            "  a(2:10) = a(1:9)",
            "array assignment to 'a(2:10)' whose right side reads 'a(1:9)'",
        ),
        (
            "  real :: a(10), b(10, 10)",
            "  a = b(:, :)",
            "array section 'b(:, :)' of rank 2 in an array assignment of rank 1",
        ),
        (
            "  real :: a(10), b(10)",
            "  a = sum(b)",
            "array expression calling 'sum'",
        ),
        (
            "  real :: a(10), b(10)",
            "  a(1) = b(2:3)",
            "array section 'b(2:3)'",
        ),
        (
            "  real :: a(10)\n  integer :: i",
            "  a(i) = bessel_j0(a(i))",
            "call to intrinsic or external function 'bessel_j0'",
        ),
        (
            "  integer :: i\n  real :: x",
            "  !$acc loop\n  do i = 1, 10\n    if (x > 1) exit\n  end do",
            "'exit' from an OpenACC loop",
        ),
        (
            "  integer :: i, s\n  real :: x",
            "  !$acc loop\n  do i = 1, 10, s\n    x = 1\n  end do",
            "OpenACC loop whose step is not a nonzero constant",
        ),
        (
            "  complex :: z\n  logical :: w",
            "  z = z ** w",
            "'**' of a logical operand",
        ),
    ];
    for (declarations, region, reason) in cases {
        let message = refusal(&program(declarations, region));
        assert!(message.contains(reason), "{region}: {message}");
    }
}

#[test]
fn array_assignments_become_element_loops() {
    // Outside kernels: a sequential nest over the section's counters, first dimension inside.
    let source = "subroutine s(a, b)\n  real :: a(0:9, 5), b(10)\n  !$acc serial\n  a(1:9:2, 3) = b(2:6) + 1\n  !$acc end serial\nend subroutine s\n";
    let analysis = analyze(source);
    let text = kernels(&analysis);
    assert!(text.contains("elem.0"), "{text}");
    assert!(!text.contains("acc.loop"), "{text}");
    // In kernels: one OpenACC loop (no op) over both dimensions, the last one outside.
    let source = "subroutine s(a)\n  real :: a(4, 5)\n  !$acc kernels\n  a = 1\n  !$acc end kernels\nend subroutine s\n";
    let analysis = analyze(source);
    let text = kernels(&analysis);
    let line = text
        .lines()
        .find(|l| l.contains("acc.loop"))
        .expect("an acc.loop");
    assert!(
        line.find("elem.1").unwrap() < line.find("elem.0").unwrap(),
        "{text}"
    );
}

#[test]
fn procedures_become_device_functions_with_arguments_by_reference() {
    let source = "module m\ncontains\n  real function f(x, a, n, k)\n    !$acc routine seq\n    integer, intent(in) :: n\n    integer, value :: k\n    real, intent(in) :: x, a(n, *)\n    f = x + a(k, 2)\n  end function\nend module\nprogram p\n  use m\n  real :: a(4, 3), s\n  integer :: i\n  !$acc parallel loop reduction(+:s)\n  do i = 1, 4\n    s = s + f(2.0, a, 4, i)\n  end do\ncontains\n  subroutine inner(y)\n    real :: y\n    y = 1\n  end subroutine\nend program\n";
    let analysis = analyze(source);
    assert!(refusals(&analysis).is_empty(), "{:?}", analysis.diagnostics);
    let module = &analysis.module;
    let f = module
        .device_functions
        .iter()
        .find(|d| d.name == "f")
        .expect("f is a device function");
    assert_eq!(f.symbol, "__m_MOD_f");
    assert!(f.external && f.explicit.is_some());
    let params: Vec<String> = f
        .body
        .parameters()
        .into_iter()
        .map(|l| module.types.display(f.body.locals[l].ty))
        .collect();
    assert_eq!(
        params,
        ["!acc.ptr<f32>", "!acc.ptr<f32>", "!acc.ptr<i32>", "i32"]
    );
    let body = print_body(module, &f.body, 1);
    // The stride of the second dimension is the extent of the first, from `n` on entry.
    assert!(body.contains("stride(a,2)"), "{body}");
    let inner = module
        .device_functions
        .iter()
        .find(|d| d.name == "inner")
        .expect("inner is a device function");
    assert!(!inner.external && inner.explicit.is_none());
    assert!(inner.symbol.starts_with("__accc_fn_") && inner.symbol.ends_with("_p_inner"));
    let text = kernels(&analysis);
    assert!(text.contains("call @__m_MOD_f("), "{text}");
}

#[test]
fn procedures_a_device_cannot_run_keep_their_callers_on_the_host() {
    let cases = [
        (
            "  subroutine g(a)\n    real :: a(:, :)\n    a(1, 1) = 0\n  end subroutine",
            "call g(a)",
            "'a' of rank 1 passed to argument 'a' of 'g', which has rank 2",
        ),
        (
            "  subroutine g(a)\n    real :: a(:)\n    a(1) = 0\n  end subroutine",
            "call g(a(2))",
            "'a(2)' of rank 0 passed to argument 'a' of 'g', which has rank 1",
        ),
        (
            "  subroutine g(a)\n    integer :: a(:)\n    a(1) = 0\n  end subroutine",
            "call g(a)",
            "'a' does not have the type of array argument 'a' of 'g'",
        ),
        (
            "  subroutine g(a)\n    real, allocatable :: a(:)\n    a(1) = 0\n  end subroutine",
            "call g(a)",
            "'a' passed to allocatable argument 'a' of 'g' is not a whole allocatable array",
        ),
        (
            "  subroutine g(a)\n    real, allocatable, intent(out) :: a(:)\n    a(1) = 0\n  end subroutine",
            "call g(a)",
            "allocatable or pointer argument 'a' with INTENT(OUT)",
        ),
        (
            "  subroutine g(a)\n    real :: a(10)\n    a(1) = 0\n  end subroutine\n  subroutine h(b)\n    real :: b(:)\n    call g(b)\n  end subroutine",
            "call h(a)",
            "'b' passed to array argument 'a' of 'g' may not be contiguous",
        ),
        (
            "  subroutine g(a)\n    real :: a(:)\n    a(1) = 0\n  end subroutine",
            "call g()",
            "without an actual argument for 'a', which is not optional",
        ),
        (
            "  subroutine g(a)\n    real :: a\n    if (present(a)) a = 0\n  end subroutine",
            "call g(a(1))",
            "'present' of 'a', which is not an optional argument",
        ),
        (
            "  subroutine g(a)\n    real :: a(10)\n    print *, a(1)\n  end subroutine",
            "call g(a)",
            "call to 'g', which cannot run on a device: input/output statement",
        ),
        (
            "  subroutine h(a)\n    real :: a(10)\n    print *, a(1)\n  end subroutine\n  subroutine g(a)\n    real :: a(10)\n    call h(a)\n  end subroutine",
            "call g(a)",
            "it calls 'h', which cannot run on a device",
        ),
        (
            "  subroutine g(a)\n    real :: a(10)\n    real, save :: t\n    t = a(1)\n  end subroutine",
            "call g(a)",
            "'t' has static storage",
        ),
        (
            "  subroutine g(a)\n    real :: a(10)\n    a(1) = 0\n  end subroutine",
            "call g(a(1:10:2))",
            "array section 'a(1:10:2)' as an actual argument",
        ),
    ];
    for (procedure, call, reason) in cases {
        let source = format!("module m\n  real :: w\n  real, allocatable :: wa(:)\ncontains\n{procedure}\nend module\nprogram p\n  use m\n  real :: a(10)\n  !$acc parallel\n  {call}\n  !$acc end parallel\nend program\n");
        let message = refusal(&source);
        assert!(message.contains(reason), "{call}: {message}");
    }
}

#[test]
fn end_atomic_inside_a_parallel_loop_leaves_its_end_directive_paired() {
    let source = "program p\n  integer :: i, s\n  !$acc parallel loop copy(s)\n  do i = 1, 10\n    !$acc atomic update\n    s = s + i\n    !$acc end atomic\n  end do\n  !$acc end parallel loop\nend program\n";
    let analysis = analyze(source);
    assert!(errors(&analysis).is_empty(), "{:?}", errors(&analysis));
    let text = kernels(&analysis);
    assert!(text.contains("atomic"), "{text}");
}

#[test]
fn descriptor_dummies_take_their_bounds_as_parameters() {
    // An assumed-shape dummy with a declared lower bound and an allocatable one: each is the
    // address of its first element, then (lower bound, extent, stride) per dimension.
    let source = "module m\ncontains\n  subroutine g(a, b, w)\n    !$acc routine seq\n    real, intent(inout) :: a(0:, :)\n    integer, allocatable, intent(in) :: b(:)\n    integer, optional :: w\n    a(0, 1) = b(lbound(b, 1)) + size(a, 2)\n    if (present(w)) w = 1\n  end subroutine\nend module\nprogram p\n  use m\n  real :: x(4, 0:9)\n  integer, allocatable :: y(:)\n  integer :: i\n  allocate(y(-2:5))\n  !$acc parallel loop\n  do i = 1, 4\n    call g(x(i:4, 1:9:2), y)\n  end do\nend program\n";
    let analysis = analyze(source);
    assert!(refusals(&analysis).is_empty(), "{:?}", analysis.diagnostics);
    let module = &analysis.module;
    let g = module
        .device_functions
        .iter()
        .find(|d| d.name == "g")
        .expect("g is a device function");
    let params: Vec<String> = g
        .body
        .parameters()
        .into_iter()
        .map(|l| {
            let local = &g.body.locals[l];
            format!("{}: {}", local.name, module.types.display(local.ty))
        })
        .collect();
    assert_eq!(
        params,
        [
            "a: !acc.ptr<f32>",
            "lbound(a,1): i64",
            "extent(a,1): i64",
            "stride(a,1): i64",
            "lbound(a,2): i64",
            "extent(a,2): i64",
            "stride(a,2): i64",
            "b: !acc.ptr<i32>",
            "lbound(b,1): i64",
            "extent(b,1): i64",
            "stride(b,1): i64",
            "w: !acc.ptr<i32>",
        ]
    );
    // The call passes the section's start, then per dimension its lower bound 1, extent and
    // stride (1, then 2 * 4 elements), then the allocatable's run-time bounds.
    let text = kernels(&analysis);
    let call = text
        .lines()
        .find(|l| l.contains("call @__m_MOD_g("))
        .expect("a call of g");
    assert!(call.contains("lbound(y,1)"), "{call}");
    let mismatch = source.replace("x(i:4, 1:9:2)", "x(i, 1:9:2)");
    let message = refusal(&mismatch);
    assert!(
        message.contains("'x(i, 1:9:2)' of rank 1 passed to argument 'a' of 'g', which has rank 2"),
        "{message}"
    );
}

#[test]
fn external_procedures_with_descriptor_dummies_of_other_files_are_called_through_their_exports() {
    // Declared by an interface body and defined in the file: the kernels define its device
    // version, so the call is compiled.
    let defined = "subroutine g(a)\n  real :: a(:)\n  a(1) = size(a)\nend subroutine\nprogram p\n  interface\n    subroutine g(a)\n      real :: a(:)\n    end subroutine\n  end interface\n  real :: x(10)\n  integer :: i\n  !$acc parallel loop\n  do i = 1, 2\n    call g(x(i:10:2))\n  end do\nend program\n";
    let analysis = analyze(defined);
    assert!(refusals(&analysis).is_empty(), "{:?}", analysis.diagnostics);
    assert!(kernels(&analysis).contains("call @g_("));
    // The file exports the device version for other files' kernels.
    let exported: Vec<&str> = analysis
        .module
        .device_functions
        .iter()
        .filter(|f| f.exported)
        .map(|f| f.symbol.as_str())
        .collect();
    assert_eq!(exported, ["g_"]);
    // Defined elsewhere: its host version takes a descriptor, so the kernel calls the device
    // version the defining file exports.
    let elsewhere = defined.replace(
        "subroutine g(a)\n  real :: a(:)\n  a(1) = size(a)\nend subroutine\n",
        "",
    );
    let analysis = analyze(&elsewhere);
    assert!(refusals(&analysis).is_empty(), "{:?}", analysis.diagnostics);
    assert!(
        kernels(&analysis).contains("call @__accc_dev_g_("),
        "{}",
        kernels(&analysis)
    );
}

#[test]
fn where_constructs_are_masked_element_loops() {
    // The mask selects the block, `elsewhere (m2)` is tested only where the first mask is
    // false, and the unmasked `elsewhere` takes the rest: an if / else-if chain per element.
    let text = only_kernel(&program(
        "  real :: a(10), b(10)",
        "  where (a > 0)\n    a = sqrt(a)\n    b = a\n  elsewhere (b < 1)\n    b = 1\n  elsewhere\n    a = 0\n  end where",
    ));
    assert!(text.contains("where.0"), "{text}");
    assert_eq!(text.matches("if ").count(), 2, "{text}");
    assert!(!text.contains("acc.loop"), "{text}");
    // The one-line statement, and in kernels one OpenACC loop.
    let source = "subroutine s(a, b)\n  real :: a(4, 5), b(4, 5)\n  !$acc kernels\n  where (b /= 0) a = 1 / b\n  !$acc end kernels\nend subroutine s\n";
    let analysis = analyze(source);
    assert_eq!(refusals(&analysis), Vec::<String>::new());
    let text = kernels(&analysis);
    assert!(
        text.lines()
            .any(|l| l.contains("acc.loop") && l.contains("where.1")),
        "{text}"
    );
}

#[test]
fn forall_indices_are_iteration_locals() {
    let text = only_kernel(&program(
        "  real :: a(10, 10), b(10)\n  integer :: i, j",
        "  forall (i = 10:1:-3, j = 1:10, b(i) > 0)\n    a(i, j) = b(i) * j\n  end forall",
    ));
    // The program's i and j are never touched: the indices are locals.
    assert!(!text.contains("&@i"), "{text}");
    assert!(!text.contains("&@j"), "{text}");
    assert!(text.contains("forall.count"), "{text}");
}

#[test]
fn masked_assignments_that_need_a_temporary_are_refused() {
    let cases = [
        (
            "  real :: a(10)",
            "  where (a(2:10) > 0) a(1:9) = a(2:10)",
            "'where' assigning 'a(1:9)' that also reads 'a(2:10)'",
        ),
        (
            "  real :: a(10), b(10)",
            "  where (a > 0)\n    a = b\n    b = a(10)\n  end where",
            "'where' assigning 'a' that also reads 'a(10)'",
        ),
        (
            "  real :: a(10), b(10)",
            "  where (b > 0)\n    a(1:5) = 1\n    a(6:10) = 2\n  end where",
            "'where' assigning both 'a(1:5)' and 'a(6:10)'",
        ),
        (
            "  real :: a(10), b(10)",
            "  where (a > 0) a = b / sum(b)",
            "array expression calling 'sum'",
        ),
        (
            "  real :: a(10)\n  integer :: i",
            "  forall (i = 1:9) a(i) = a(i + 1)",
            "'forall' assigning 'a(i)' that also reads 'a(i + 1)'",
        ),
        (
            "  real :: a(10, 10)\n  integer :: i, j",
            "  forall (i = 1:10, j = 1:10) a(i, 1) = j",
            "whose subscripts do not use index 'j'",
        ),
        (
            "  real :: a(10)\n  integer :: i",
            "  forall (i = 1:10) a(i) = i\n  forall (i = 1:10:0) a(i) = 1",
            "'forall' stride of zero",
        ),
        (
            "  real :: a(10)",
            "  a(1:10:0) = 1",
            "section stride of zero",
        ),
        (
            "  real :: a(10), x\n  integer :: i",
            "  forall (i = 1:10)\n    x = i\n  end forall",
            "whose subscripts do not use index 'i'",
        ),
    ];
    for (declarations, region, reason) in cases {
        let message = refusal(&program(declarations, region));
        assert!(message.contains(reason), "{region}: {message}");
    }
}

#[test]
fn associate_names_bind_addresses_and_values_once() {
    let text = only_kernel(&program(
        "  real :: a(10)\n  integer :: k",
        "  associate (x => a(k), v => k * 2)\n    k = 3\n    x = v\n  end associate",
    ));
    // The element's address and the expression's value are taken before `k = 3`.
    let declared = text.find("associate.x").expect("a local for x");
    let assigned = text.find("store 3 : i32 -> &@k").expect("k = 3");
    assert!(declared < assigned, "{text}");
    assert!(text.contains("associate.v"), "{text}");
    let cases = [
        (
            "  real :: a(10), b(10)",
            "  associate (s => a(2:5) + 1)\n    b(1) = s(1)\n  end associate",
            "associate name 's' for the array expression 'a(2:5) + 1'",
        ),
        (
            "  real :: a(10), b(10)",
            "  associate (s => a(2:5))\n    a(1:4) = s\n  end associate",
            "array assignment to 'a(1:4)' whose right side reads 's'",
        ),
        (
            "  real :: a(10), b(10)",
            "  associate (s => a)\n    s(2:10) = s(1:9)\n  end associate",
            "whose right side reads 's(1:9)'",
        ),
        (
            "  real :: a(10), b(10)",
            "  associate (b => a(1))\n    b = 0\n  end associate",
            "associate name 'b' hiding an array",
        ),
        (
            "  real :: a(10), b(10)",
            "  associate (p => a(1))\n    a = p\n  end associate",
            "associate name 'p' in an array expression",
        ),
        (
            "  real :: a(10), b(10)\n  integer :: i",
            "  associate (p => a(1))\n    forall (i = 1:10) b(i) = p\n  end associate",
            "'forall' reading associate name 'p'",
        ),
    ];
    for (declarations, region, reason) in cases {
        let message = refusal(&program(declarations, region));
        assert!(message.contains(reason), "{region}: {message}");
    }
}

#[test]
fn associate_names_of_arrays_are_descriptors_evaluated_once() {
    let text = only_kernel(&program(
        "  real :: a(10, 4), b(10)\n  integer :: k",
        "  associate (c => a(2:9:2, k), w => b)\n    k = 3\n    c(2) = size(c) + lbound(w, 1)\n    c = w(1:4)\n  end associate",
    ));
    // The section's start, step and extent are taken before `k = 3`.
    let declared = text
        .find("associate.c")
        .expect("a local for c's first element");
    let assigned = text.find("store 3 : i32 -> &@k").expect("k = 3");
    assert!(declared < assigned, "{text}");
    assert!(text.contains("associate.step"), "{text}");
    assert!(text.contains("associate.extent"), "{text}");
    assert!(text.contains("associate.w"), "{text}");
}

#[test]
fn generic_calls_resolve_to_the_specific_the_arguments_select() {
    let module = "module m\n  interface twice\n    module procedure twice_r, twice_i\n  end interface\ncontains\n  real function twice_r(x)\n    real, value :: x\n    twice_r = 2 * x\n  end function\n  integer function twice_i(x)\n    integer, value :: x\n    twice_i = 2 * x\n  end function\nend module\n";
    let call = |expr: &str| {
        format!("{module}program p\n  use m\n  real :: a(10)\n  integer :: i\n  !$acc parallel\n  a(1) = {expr}\n  !$acc end parallel\nend program\n")
    };
    let text = only_kernel(&call("twice(a(2)) + twice(i)"));
    assert!(text.contains("__m_MOD_twice_r"), "{text}");
    assert!(text.contains("__m_MOD_twice_i"), "{text}");
    let message = refusal(&call("twice(2d0)"));
    assert!(
        message.contains("no specific procedure of generic 'twice' (twice_r, twice_i) matches"),
        "{message}"
    );
    let message = refusal(&call("twice(a)"));
    assert!(message.contains("no specific procedure"), "{message}");
}

/// Members of a derived-type variable that data clauses map on their own (`f%v(1:k)`, `f%w`)
/// are parameters of their own, and the code addresses them through those; a member no clause
/// names (`f%n`) gets an implicit copy of its own and is one too (not reached through `f`, which
/// is not mapped), and a construct that maps `f` whole keeps the one base.
#[test]
fn separately_mapped_members_are_parameters() {
    let analysis = analyze(
        "module m
  type field
    integer :: n
    real(8) :: v(100)
    integer :: w(50)
  end type
end module
subroutine s(f, k)
  use m
  type(field) :: f
  integer :: k, i
  !$acc data copy(f%v(1:k)) copyin(f%w)
  !$acc parallel loop
  do i = 1, k
    f%v(i) = f%v(i) + f%w(i) + f%n
  end do
  !$acc end data
  !$acc parallel loop copy(f)
  do i = 1, k
    f%v(i) = f%w(i)
  end do
end subroutine
",
    );
    assert_eq!(errors(&analysis), Vec::<String>::new());
    assert_eq!(refusals(&analysis), Vec::<String>::new());
    let text = kernels(&analysis);
    let headers: Vec<&str> = text.lines().filter(|l| l.starts_with("kernel ")).collect();
    assert_eq!(headers.len(), 2, "{text}");
    for param in [
        "f%v:DeviceAddress",
        "f%w:DeviceAddress",
        "f%n:DeviceAddress",
    ] {
        assert!(headers[0].contains(param), "{param} in {}", headers[0]);
    }
    assert!(!headers[0].contains(" f:"), "{}", headers[0]);
    assert!(text.contains("&@f%v"), "{text}");
    assert!(text.contains("&@f%n"), "{text}");
    assert!(headers[1].contains("f:DeviceAddress"), "{}", headers[1]);
    assert!(!headers[1].contains("f%"), "{}", headers[1]);
}

#[test]
fn objects_with_allocatable_components_are_not_byte_copied() {
    // Elements of an allocatable component are read through its descriptor; a whole-object
    // assignment would share the descriptor instead of copying the data, so it is refused.
    let source = "program p\n  type box\n    integer :: n\n    real(8), allocatable :: v(:)\n  end type\n  type(box) :: a(4), b(4)\n  integer :: i\n  !$acc parallel loop\n  do i = 1, 4\n    b(i) = a(i)\n  end do\nend program\n";
    let message = refusal(source);
    assert!(
        message.contains("of a derived type with allocatable components"),
        "{message}"
    );
    let elements = "program p\n  type box\n    integer :: n\n    real(8), allocatable :: v(:)\n  end type\n  type(box) :: a\n  integer :: i\n  !$acc parallel loop\n  do i = 1, 4\n    a%v(i) = a%v(i) + a%n\n  end do\nend program\n";
    let text = kernels(&analyze(elements));
    assert!(text.contains("__gfc_dim"), "{text}");
}
