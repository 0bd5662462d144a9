//! Tests of clause arguments: variable lists, subarrays, modifiers and the other forms.

use super::*;

// ----- data clauses, aliases, modifiers --------------------------------------------------------

#[test]
fn data_clauses_on_parallel() {
    check(
        "parallel copy(a) copyin(b) copyout(c) create(d) no_create(e) present(f) deviceptr(g) attach(h)",
        "parallel: copy(a) copyin(b) copyout(c) create(d) no_create(e) present(f) deviceptr(g) attach(h)",
    );
    check(
        "parallel private(i, j) firstprivate(k)",
        "parallel: private(i,j) firstprivate(k)",
    );
}

#[test]
fn clause_separators() {
    check(
        "parallel copy(a), copyin(b),copyout(c)",
        "parallel: copy(a) copyin(b) copyout(c)",
    );
    check(
        "parallel , copy(a)",
        "parallel: copy(a)\nerror 9..10: expected a clause, found ','",
    );
    check(
        "parallel copy(a),",
        "parallel: copy(a)\nerror 16..17: expected a clause after ','",
    );
    check(
        "parallel copy(a),,copy(b)",
        "parallel: copy(a) copy(b)\nerror 17..18: expected a clause, found ','",
    );
}

#[test]
fn aliases() {
    check(
        "data pcopy(a) present_or_copy(b) pcopyin(c) present_or_copyin(d)",
        "data: pcopy(a) present_or_copy(b) pcopyin(c) present_or_copyin(d)",
    );
    check(
        "data pcopyout(a) present_or_copyout(b) pcreate(c) present_or_create(d)",
        "data: pcopyout(a) present_or_copyout(b) pcreate(c) present_or_create(d)",
    );
    let directive = directive("data pcopy(a) dtype(nvidia) async", Language::C);
    assert_eq!(directive.clauses[0].kind, ClauseKind::Copy);
    assert_eq!(directive.clauses[0].alias, Some("pcopy"));
    assert_eq!(directive.clauses[1].kind, ClauseKind::DeviceType);
    assert_eq!(directive.clauses[1].alias, Some("dtype"));
    assert_eq!(directive.clauses[2].alias, None);
}

#[test]
fn modifiers() {
    check("data copyin(readonly: a, b)", "data: copyin(readonly: a,b)");
    check("data copyout(zero: a)", "data: copyout(zero: a)");
    check("data create(zero: a[0:n])", "data: create(zero: a[0:n])");
    check("data pcopyin(readonly:a)", "data: pcopyin(readonly: a)");
    let directive = directive("data copyin(readonly: a)", Language::C);
    let ClauseArgs::Vars(list) = &directive.clauses[0].args else {
        panic!("not vars")
    };
    assert_eq!(list.modifier, Some((DataModifier::Readonly, 12..20)));
}

#[test]
fn modifier_not_allowed() {
    check(
        "data copyin(zero: a)",
        "data: copyin(zero: a)\nerror 12..16: modifier 'zero' is not allowed on clause 'copyin'",
    );
    check(
        "data copy(readonly: a)",
        "data: copy(readonly: a)\nerror 10..18: modifier 'readonly' is not allowed on clause 'copy'",
    );
    check(
        "cache(zero: a)",
        "cache(zero: a):\nerror 6..10: modifier 'zero' is not allowed on '#pragma acc cache'",
    );
}

#[test]
fn unknown_modifier() {
    check(
        "data copyin(x: a)",
        "data: copyin(a)\nerror 12..13: unknown modifier 'x'",
    );
    check(
        "data copyin(READONLY: a)",
        "data: copyin(a)\nerror 12..20: unknown modifier 'READONLY'",
    );
}

// ----- variable references ---------------------------------------------------------------------

#[test]
fn c_subarrays() {
    check("data copy(a[1:2][3:4])", "data: copy(a[1:2][3:4])");
    check(
        "data copy(a[:n], b[lo:], c[:], d[i])",
        "data: copy(a[:n],b[lo:],c[:],d[i])",
    );
    check(
        "data copy(s.x, p->y[0:n], s.arr[f(1, 2):g[3]])",
        "data: copy(s.x,p->y[0:n],s.arr[f(1, 2):g[3]])",
    );
    let directive = directive("data copy(a[1:2][3])", Language::C);
    let ClauseArgs::Vars(list) = &directive.clauses[0].args else {
        panic!("not vars")
    };
    assert_eq!(list.vars[0].path.len(), 2);
    let PathElem::Subscript(first) = &list.vars[0].path[0] else {
        panic!("not a subscript")
    };
    assert_eq!(first.len(), 1);
    assert!(matches!(
        &first[0].kind,
        SubscriptKind::Section {
            lower: Some(_),
            length: Some(_)
        }
    ));
    let PathElem::Subscript(second) = &list.vars[0].path[1] else {
        panic!("not a subscript")
    };
    assert!(matches!(&second[0].kind, SubscriptKind::Index(expr) if expr.text == "3"));
}

#[test]
fn member_path_structure() {
    let directive = directive("data copy(p->a.b)", Language::C);
    let ClauseArgs::Vars(list) = &directive.clauses[0].args else {
        panic!("not vars")
    };
    let var = &list.vars[0];
    assert_eq!(var.base.name, "p");
    assert_eq!(var.base.span, 10..11);
    assert_eq!(
        var.path,
        vec![
            PathElem::Member {
                name: Ident {
                    name: "a".into(),
                    span: 13..14
                },
                arrow: true
            },
            PathElem::Member {
                name: Ident {
                    name: "b".into(),
                    span: 15..16
                },
                arrow: false
            },
        ]
    );
}

#[test]
fn bad_subarrays() {
    check(
        "data copy(a[1:2:3])",
        "data: copy()\nerror 15..16: unexpected ':' in array section",
    );
    check(
        "data copy(3, 4)",
        "data: copy()\nerror 10..11: expected a variable name",
    );
    check(
        "data copy(a[])",
        "data: copy()\nerror 12..13: expected an expression",
    );
    check(
        "data copy(a[0:n)",
        "data: copy()\nerror 15..16: expected ']'",
    );
    check("data copy(a[0:n], b)", "data: copy(a[0:n],b)");
    check(
        "data copy(a.)",
        "data: copy()\nerror 12..13: expected a member name",
    );
}

#[test]
fn non_variables_in_lists() {
    check(
        "data copy(3)",
        "data: copy()\nerror 10..11: expected a variable name",
    );
    check(
        "data copy(*p)",
        "data: copy()\nerror 10..11: expected a variable name",
    );
    check(
        "data copy(a + 1, b)",
        "data: copy(a,b)\nerror 12..13: expected ',' or ')'",
    );
    check(
        "data copy(f(x))",
        "data: copy(f)\nerror 11..12: expected ',' or ')'",
    );
    check(
        "data copy()",
        "data: copy()\nerror 10..11: expected a variable name",
    );
    check(
        "data copy(a,)",
        "data: copy(a)\nerror 12..13: expected a variable name",
    );
}

#[test]
fn missing_parenthesised_list() {
    check(
        "data copy",
        "data: copy\nerror 5..9: clause 'copy' requires a parenthesised list",
    );
    check(
        "parallel private",
        "parallel: private\nerror 9..16: clause 'private' requires a parenthesised list",
    );
    check(
        "cache",
        "cache:\nerror 5..5: '#pragma acc cache' requires a parenthesised list",
    );
    check(
        "parallel if",
        "parallel: if\nerror 9..11: clause 'if' requires a parenthesised argument",
    );
    // What stands in place of the argument is the same mistake (PolyBench-ACC's 2mm).
    check(
        "parallel num_gangs[0](4) copy(a)",
        "parallel: num_gangs copy(a)\nerror 9..18: clause 'num_gangs' requires a parenthesised argument",
    );
}

#[test]
fn unbalanced_parentheses() {
    check("data copy(a", "data: copy(a)\nerror 11..11: expected ')'");
    check(
        "data copy(a[0:n]",
        "data: copy(a[0:n])\nerror 16..16: expected ')'",
    );
    check(
        "data copy(a[0:(n]), b)",
        "data: copy(a[0:(n])\nerror 16..17: expected ')'",
    );
    check(
        "data copy(a)) copy(b)",
        "data: copy(a) copy(b)\nerror 12..13: expected a clause, found ')'",
    );
    check(
        "parallel if((a)",
        "parallel: if((a))\nerror 15..15: expected ')'",
    );
}

// ----- other clause arguments --------------------------------------------------------------------

#[test]
fn expression_clauses() {
    check(
        "parallel num_workers(w*2) vector_length(128) if(n > 100) async(q) self(x != 0)",
        "parallel: num_workers(w*2) vector_length(128) if(n > 100) async(q) self(x != 0)",
    );
    check("parallel async self", "parallel: async self");
    check("parallel if(f(a, b))", "parallel: if(f(a, b))");
    check("parallel if(s[\",)\"])", "parallel: if(s[\",)\"])");
    check(
        "parallel if(a, b)",
        "parallel: if(a)\nerror 13..14: expected ')'",
    );
    check(
        "parallel if()",
        "parallel: if\nerror 12..13: expected an expression",
    );
    check(
        "parallel async()",
        "parallel: async\nerror 15..16: expected an expression",
    );
}

#[test]
fn expr_spans_are_trimmed() {
    let directive = directive("parallel if(  n > 1  )", Language::C);
    let ClauseArgs::Expr(expr) = &directive.clauses[0].args else {
        panic!("not an expr")
    };
    assert_eq!(expr.text, "n > 1");
    assert_eq!(expr.span, 14..19);
}

#[test]
fn num_gangs_arguments() {
    check("parallel num_gangs(4)", "parallel: num_gangs(4)");
    check("parallel num_gangs(a, b, c)", "parallel: num_gangs(a,b,c)");
    check(
        "parallel num_gangs(1, 2, 3, 4)",
        "parallel: num_gangs(1,2,3,4)\nerror 28..29: too many arguments to 'num_gangs' (at most 3)",
    );
    check(
        "kernels num_gangs(1, 2)",
        "kernels: num_gangs(1,2)\nerror 21..22: 'num_gangs' on '#pragma acc kernels' must have exactly one argument",
    );
    check(
        "parallel num_gangs()",
        "parallel: num_gangs\nerror 19..20: expected an expression",
    );
}

#[test]
fn reduction_operators_c() {
    check(
        "parallel reduction(+:s) reduction(*:p) reduction(max:m) reduction(min:n)",
        "parallel: reduction(+:s) reduction(*:p) reduction(max:m) reduction(min:n)",
    );
    check(
        "parallel reduction(&:a) reduction(|:b) reduction(^:c) reduction(&&:d) reduction(||:e, f)",
        "parallel: reduction(&:a) reduction(|:b) reduction(^:c) reduction(&&:d) reduction(||:e,f)",
    );
    let directive = directive("loop reduction(&&:flag)", Language::C);
    let ClauseArgs::Reduction { op, op_span, .. } = &directive.clauses[0].args else {
        panic!("not a reduction")
    };
    assert_eq!((*op, op_span.clone()), (ReductionOp::LogAnd, 15..17));
}

#[test]
fn invalid_reduction_operators() {
    check(
        "loop reduction(-:x)",
        "loop: reduction\nerror 15..16: invalid reduction operator '-'",
    );
    check(
        "loop reduction(iand:x)",
        "loop: reduction\nerror 15..19: invalid reduction operator 'iand'",
    );
    check_f(
        "loop reduction(&:x)",
        "loop: reduction\nerror 15..16: invalid reduction operator '&'",
    );
    check(
        "loop reduction(:x)",
        "loop: reduction\nerror 15..16: expected a reduction operator",
    );
    check(
        "loop reduction(+ x)",
        "loop: reduction\nerror 17..18: expected ':' after the reduction operator",
    );
    check(
        "loop reduction",
        "loop: reduction\nerror 5..14: clause 'reduction' requires a parenthesised list",
    );
}

#[test]
fn gang_worker_vector_arguments() {
    check("loop gang(4)", "loop: gang(num=4)");
    check("loop gang(num:4, static:2)", "loop: gang(num=4,static=2)");
    check("loop gang(static:*)", "loop: gang(static=*)");
    check("loop gang(dim:2)", "loop: gang(dim=2)");
    check("loop worker(4) vector(8)", "loop: worker(4) vector(8)");
    check(
        "loop worker(num:4) vector(length: 8)",
        "loop: worker(4) vector(8)",
    );
    check("loop gang worker vector", "loop: gang worker vector");
}

#[test]
fn gang_worker_vector_errors() {
    check(
        "loop gang(foo:1)",
        "loop: gang\nerror 10..13: unknown gang argument 'foo'",
    );
    check(
        "loop gang(num:1, 2)",
        "loop: gang\nerror 17..18: duplicate 'num' argument in 'gang'",
    );
    check(
        "loop gang()",
        "loop: gang\nerror 10..11: expected an expression",
    );
    check(
        "loop gang(dim:4)",
        "loop: gang(dim=4)\nerror 14..15: 'dim' argument of 'gang' must be 1, 2 or 3",
    );
    check(
        "loop worker(length:4)",
        "loop: worker()\nerror 12..18: unknown worker argument 'length'",
    );
    check(
        "loop vector()",
        "loop: vector()\nerror 12..13: expected an expression",
    );
}

#[test]
fn routine_level_arguments() {
    check(
        "routine gang(num:2)",
        "routine: gang(num=2)\nerror 17..18: only 'dim' may be given to 'gang' on '#pragma acc routine'",
    );
    check(
        "routine worker(4)",
        "routine: worker(4)\nerror 15..16: clause 'worker' on '#pragma acc routine' does not take an argument",
    );
    check(
        "routine gang worker",
        "routine: gang worker\nerror 13..19: clause 'worker' conflicts with 'gang'",
    );
}

#[test]
fn collapse_forms() {
    check("loop collapse(2)", "loop: collapse(2)");
    check("loop collapse(force: 3)", "loop: collapse(force:3)");
    check("loop collapse(N)", "loop: collapse(N)");
    check(
        "loop collapse(0)",
        "loop: collapse(0)\nerror 14..15: collapse count must be a positive integer constant",
    );
    check(
        "loop collapse(1-3)",
        "loop: collapse(1-3)\nerror 14..17: collapse count must be a positive integer constant",
    );
    check(
        "loop collapse()",
        "loop: collapse\nerror 14..15: expected an expression",
    );
    check(
        "loop collapse",
        "loop: collapse\nerror 5..13: clause 'collapse' requires a parenthesised argument",
    );
    check(
        "loop collapse(x: 2)",
        "loop: collapse\nerror 14..15: unknown modifier 'x'",
    );
}

#[test]
fn tile_forms() {
    check("loop tile(*, 4, n)", "loop: tile(*,4,n)");
    check(
        "loop tile()",
        "loop: tile\nerror 10..11: expected an expression",
    );
    check(
        "loop tile(8, 0)",
        "loop: tile(8,0)\nerror 13..14: tile size must be '*' or a positive integer constant",
    );
    check(
        "loop tile(-1)",
        "loop: tile(-1)\nerror 10..12: tile size must be '*' or a positive integer constant",
    );
}

#[test]
fn device_type_forms() {
    check(
        "parallel device_type(*) num_gangs(2)",
        "parallel: device_type(*) num_gangs(2)",
    );
    check(
        "parallel device_type(nvidia, radeon)",
        "parallel: device_type(nvidia,radeon)",
    );
    check("parallel dtype(host)", "parallel: dtype(host)");
    check(
        "parallel device_type()",
        "parallel: device_type\nerror 21..22: expected a device type name or '*'",
    );
    check(
        "parallel device_type(*, host)",
        "parallel: device_type(*,host)\nerror 21..22: '*' must be the only argument of 'device_type'",
    );
}

#[test]
fn default_forms() {
    check("parallel default(none)", "parallel: default(none)");
    check("data default(present)", "data: default(present)");
    check(
        "parallel default(foo)",
        "parallel: default\nerror 17..20: expected 'none' or 'present'",
    );
    check(
        "parallel default(none none)",
        "parallel: default\nerror 17..26: expected 'none' or 'present'",
    );
    check(
        "parallel default(NONE)",
        "parallel: default\nerror 17..21: expected 'none' or 'present'",
    );
}

#[test]
fn wait_clause_forms() {
    check("parallel wait", "parallel: wait");
    check("parallel wait(1, q)", "parallel: wait(1,q)");
    check("parallel wait(devnum: 1: 2)", "parallel: wait(devnum=1;2)");
    check("parallel wait(queues: 2)", "parallel: wait(queues:2)");
    check(
        "parallel wait(devnum: 1 2)",
        "parallel: wait\nerror 25..26: expected ':' after the device number",
    );
    check(
        "parallel wait(foo: 1)",
        "parallel: wait\nerror 14..17: unknown wait argument 'foo'",
    );
    check(
        "parallel wait()",
        "parallel: wait\nerror 14..15: expected an expression",
    );
}

#[test]
fn bind_forms() {
    check("routine seq bind(f)", "routine: seq bind(f)");
    check(
        "routine seq bind(1)",
        "routine: seq bind\nerror 17..18: expected a name or a string",
    );
    check_f("routine seq bind('it''s')", "routine: seq bind(\"it's\")");
}

#[test]
fn flag_clauses_take_no_arguments() {
    check(
        "loop seq(1)",
        "loop: seq\nerror 8..11: clause 'seq' does not take an argument",
    );
    check(
        "loop independent()",
        "loop: independent\nerror 16..18: clause 'independent' does not take an argument",
    );
    check(
        "exit data delete(a) finalize",
        "exit data: delete(a) finalize",
    );
    check(
        "host_data use_device(p) if_present",
        "host_data: use_device(p) if_present",
    );
}

#[test]
fn self_clause_forms() {
    check("update self(a[0:n], b)", "update: self(a[0:n],b)");
    check("parallel self(c)", "parallel: self(c)");
    check(
        "update self",
        "update: self\nerror 7..11: clause 'self' requires a parenthesised list",
    );
    check("update self(a) self(b)", "update: self(a) self(b)");
    check(
        "serial self(a) self(b)",
        "serial: self(a) self(b)\nerror 15..19: too many 'self' clauses",
    );
}
