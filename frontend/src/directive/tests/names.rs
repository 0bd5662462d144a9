//! Tests of directive names, directive arguments, spans, and Fortran spellings.

use super::*;

// ----- directive names -----------------------------------------------------------------------

#[test]
fn compute_constructs() {
    check(" parallel", "parallel:");
    check("serial", "serial:");
    check("kernels ", "kernels:");
    check("parallel loop", "parallel loop:");
    check("serial loop", "serial loop:");
    check("kernels  loop", "kernels loop:");
}

#[test]
fn data_directives() {
    check("data copy(a)", "data: copy(a)");
    check("enter data copyin(a)", "enter data: copyin(a)");
    check("exit data delete(a)", "exit data: delete(a)");
    check("host_data use_device(p)", "host_data: use_device(p)");
    check(
        "declare create(x) device_resident(y) link(z)",
        "declare: create(x) device_resident(y) link(z)",
    );
}

#[test]
fn runtime_directives() {
    check(
        "init device_type(nvidia) device_num(1)",
        "init: device_type(nvidia) device_num(1)",
    );
    check("shutdown if(done)", "shutdown: if(done)");
    check("set default_async(2)", "set: default_async(2)");
    check(
        "update host(a[0:n]) if_present",
        "update: host(a[0:n]) if_present",
    );
    check(
        "update device(b) async(1) wait",
        "update: device(b) async(1) wait",
    );
}

#[test]
fn atomic_kinds() {
    check("atomic", "atomic:");
    check("atomic read", "atomic read:");
    check("atomic write", "atomic write:");
    check("atomic update", "atomic update:");
    check("atomic capture if(c)", "atomic capture: if(c)");
    check("atomic if(c)", "atomic: if(c)");
    let kind = directive("atomic", Language::C).kind;
    assert_eq!(kind, DirectiveKind::Atomic(AtomicKind::Implicit));
}

#[test]
fn atomic_unknown_word_is_an_unknown_clause() {
    check(
        "atomic foo",
        "atomic:\nerror 7..10: unknown clause 'foo' on '#pragma acc atomic'",
    );
}

#[test]
fn loop_and_cache_and_wait() {
    check("loop gang vector", "loop: gang vector");
    check("cache(a[0:4], b)", "cache(a[0:4],b):");
    check("cache(readonly: a[i:4])", "cache(readonly: a[i:4]):");
    check("wait", "wait:");
    check("wait(1, 2) async(3)", "wait(1,2): async(3)");
    check(
        "wait(devnum: 0 : queues: q1, q2)",
        "wait(devnum=0;queues:q1,q2):",
    );
    check("wait(devnum:d:1)", "wait(devnum=d;1):");
}

#[test]
fn routine_forms() {
    check("routine seq", "routine: seq");
    check("routine(foo) worker", "routine(foo): worker");
    check("routine gang(dim:2) nohost", "routine: gang(dim=2) nohost");
    check("routine vector bind(dev_f)", "routine: vector bind(dev_f)");
    check(
        "routine seq bind(\"dev_f\")",
        "routine: seq bind(\"dev_f\")",
    );
    check(
        "routine(3) seq",
        "routine: seq\nerror 8..9: expected a function name",
    );
}

#[test]
fn unknown_directive() {
    check(
        " foo copy(a)",
        "<none>\nerror 1..4: unknown OpenACC directive 'foo'",
    );
    check(
        "PARALLEL",
        "<none>\nerror 0..8: unknown OpenACC directive 'PARALLEL'",
    );
    check(
        "end parallel",
        "<none>\nerror 0..3: unknown OpenACC directive 'end'",
    );
    check("", "<none>\nerror 0..0: expected an OpenACC directive name");
    check(
        "  (x)",
        "<none>\nerror 2..3: expected an OpenACC directive name, found '('",
    );
    check(
        "enter copyin(a)",
        "<none>\nerror 6..12: expected 'data' after 'enter'",
    );
}

#[test]
fn directive_spellings() {
    assert_eq!(DirectiveKind::EnterData.spelling(), "enter data");
    assert_eq!(
        DirectiveKind::Atomic(AtomicKind::Update).spelling(),
        "atomic update"
    );
    assert_eq!(
        DirectiveKind::End(Box::new(DirectiveKind::Parallel)).spelling(),
        "end parallel"
    );
    assert_eq!(
        DirectiveKind::End(Box::new(DirectiveKind::KernelsLoop)).spelling(),
        "end kernels loop"
    );
    assert_eq!(
        DirectiveKind::HostData.display(Language::Fortran),
        "!$acc host_data"
    );
    assert_eq!(ClauseKind::NoCreate.spelling(), "no_create");
    assert_eq!(ClauseKind::SelfClause.spelling(), "self");
    assert_eq!(ClauseKind::DeviceType.spelling(), "device_type");
    for kind in ClauseKind::ALL {
        assert_eq!(
            ClauseKind::from_spelling(kind.spelling()),
            Some((kind, None))
        );
    }
}

// ----- spans -----------------------------------------------------------------------------------

#[test]
fn spans_are_absolute() {
    let parsed = parse_directive(" parallel loop copy(a[0:n])", 100, Language::C);
    assert!(parsed.errors.is_empty());
    let directive = parsed.directive.expect("directive");
    assert_eq!(directive.kind_span, 101..114);
    assert_eq!(directive.span, 101..127);
    let clause = &directive.clauses[0];
    assert_eq!(clause.name_span, 115..119);
    assert_eq!(clause.span, 115..127);
    let ClauseArgs::Vars(list) = &clause.args else {
        panic!("not a var list: {clause:?}")
    };
    assert_eq!(list.vars[0].span, 120..126);
    assert_eq!(list.vars[0].text, "a[0:n]");
    let PathElem::Subscript(subscripts) = &list.vars[0].path[0] else {
        panic!("no subscript")
    };
    assert_eq!(subscripts[0].span, 122..125);
}

#[test]
fn error_spans_are_absolute() {
    let parsed = parse_directive("parallel gang", 1000, Language::C);
    assert_eq!(
        parsed.errors,
        vec![SyntaxError {
            span: 1009..1013,
            message: "clause 'gang' is not allowed on '#pragma acc parallel'".to_string()
        }]
    );
}

#[test]
fn var_text_is_exact_source() {
    let directive = directive("data copy( p -> a [ 1 : n ] . x )", Language::C);
    let ClauseArgs::Vars(list) = &directive.clauses[0].args else {
        panic!("not vars")
    };
    assert_eq!(list.vars[0].text, "p -> a [ 1 : n ] . x");
    assert_eq!(list.vars[0].span, 11..31);
}

// ----- Fortran -----------------------------------------------------------------------------------

#[test]
fn fortran_case_insensitive_names() {
    check_f(
        " PARALLEL LOOP COPY(A(1:N)) Gang",
        "parallel loop: copy(A(1:N:)) gang",
    );
    check_f(
        "Enter Data COPYIN(READONLY: x)",
        "enter data: copyin(readonly: x)",
    );
    check_f(
        "kernels DEFAULT(NONE) PCOPYIN(b)",
        "kernels: default(none) pcopyin(b)",
    );
    check_f(
        "loop GANG(NUM:4, STATIC:*) VECTOR(LENGTH:32)",
        "loop: gang(num=4,static=*) vector(32)",
    );
}

#[test]
fn fortran_end_directives() {
    check_f("end parallel", "end parallel:");
    check_f("END KERNELS LOOP", "end kernels loop:");
    check_f("end serial loop", "end serial loop:");
    check_f("end data", "end data:");
    check_f("end host_data", "end host_data:");
    check_f("end atomic", "end atomic:");
    check_f("endparallel", "end parallel:");
    check_f("end loop", "end loop:");
    check_f(
        "end foo",
        "<none>\nerror 0..7: unknown OpenACC directive 'end foo'",
    );
    check_f(
        "end",
        "<none>\nerror 3..3: expected a construct name after 'end'",
    );
    check_f(
        "end parallel copy(a)",
        "end parallel: copy(a)\nerror 13..17: clause 'copy' is not allowed on '!$acc end parallel'",
    );
    let directive = directive("end kernels loop", Language::Fortran);
    assert_eq!(
        directive.kind,
        DirectiveKind::End(Box::new(DirectiveKind::KernelsLoop))
    );
    assert_eq!(directive.kind_span, 0..16);
}

#[test]
fn fortran_sections_and_members() {
    check_f(
        "data copy(a(1:n), b(:), c(i, 2:m:2, :), d(::s))",
        "data: copy(a(1:n:),b(::),c(i,2:m:2,::),d(::s))",
    );
    check_f("data copy(t%v(1:n), t%u%w)", "data: copy(t%v(1:n:),t%u%w)");
    check_f("declare link(/blk/)", "declare: link(/blk/)");
    let directive = directive("data copy(x(f(1), 1:n))", Language::Fortran);
    let ClauseArgs::Vars(list) = &directive.clauses[0].args else {
        panic!("not vars")
    };
    let PathElem::Subscript(subscripts) = &list.vars[0].path[0] else {
        panic!("no subscripts")
    };
    assert_eq!(subscripts.len(), 2);
    assert!(matches!(&subscripts[0].kind, SubscriptKind::Index(expr) if expr.text == "f(1)"));
    assert!(matches!(
        &subscripts[1].kind,
        SubscriptKind::Triplet {
            lower: Some(_),
            upper: Some(_),
            stride: None
        }
    ));
    assert_eq!(subscripts[1].span, 18..21);
}

#[test]
fn fortran_reductions() {
    check_f(
        "parallel loop reduction(+:s) reduction(MAX:m) reduction(iand:a) reduction(IOR:b) reduction(ieor:c)",
        "parallel loop: reduction(+:s) reduction(max:m) reduction(iand:a) reduction(ior:b) reduction(ieor:c)",
    );
    check_f(
        "loop reduction(.and.:p) reduction(.OR.:q) reduction(.eqv.:r) reduction(.neqv.:t)",
        "loop: reduction(.and.:p) reduction(.or.:q) reduction(.eqv.:r) reduction(.neqv.:t)",
    );
    check(
        "loop reduction(.and.:p)",
        "loop: reduction\nerror 15..16: invalid reduction operator '.'",
    );
}

#[test]
fn fortran_messages_use_the_fortran_sentinel() {
    check_f(
        "parallel gang",
        "parallel: gang\nerror 9..13: clause 'gang' is not allowed on '!$acc parallel'",
    );
    check_f(
        "parallel bogus",
        "parallel:\nerror 9..14: unknown clause 'bogus' on '!$acc parallel'",
    );
}

#[test]
fn fortran_comments_and_strings() {
    check_f("parallel copy(a) ! a comment (", "parallel: copy(a)");
    check(
        "parallel copy(a) /* a comment ( */ copy(b) // trailing",
        "parallel: copy(a) copy(b)",
    );
    check_f(
        "routine(f) seq bind(\"dev\")",
        "routine(f): seq bind(\"dev\")",
    );
    check("parallel if(c == ')", "parallel: if(c == '))\nerror 17..19: unterminated string literal\nerror 19..19: expected ')'");
}

#[test]
fn fortran_routine_and_wait() {
    check_f("ROUTINE(Saxpy) VECTOR", "routine(Saxpy): vector");
    check_f(
        "wait(DEVNUM: 0 : QUEUES: 1, 2)",
        "wait(devnum=0;queues:1,2):",
    );
    check_f("atomic CAPTURE", "atomic capture:");
}
