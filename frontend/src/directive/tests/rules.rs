//! Tests of the OpenACC 3.3 rules: clause tables, `device_type` groups, repetition,
//! conflicts and required clauses.

use super::*;

// ----- clause tables ---------------------------------------------------------------------------

#[test]
fn unknown_clause() {
    check(
        "parallel foo copy(a)",
        "parallel: copy(a)\nerror 9..12: unknown clause 'foo' on '#pragma acc parallel'",
    );
    check(
        "parallel foo(1, 2) copy(a)",
        "parallel: copy(a)\nerror 9..12: unknown clause 'foo' on '#pragma acc parallel'",
    );
    check(
        "parallel COPY(a)",
        "parallel:\nerror 9..13: unknown clause 'COPY' on '#pragma acc parallel'",
    );
    check(
        "parallel 123",
        "parallel:\nerror 9..12: expected a clause, found '123'",
    );
}

#[test]
fn clause_not_allowed() {
    check(
        "parallel gang",
        "parallel: gang\nerror 9..13: clause 'gang' is not allowed on '#pragma acc parallel'",
    );
    check("kernels reduction(+:x)", "kernels: reduction(+:x)\nerror 8..17: clause 'reduction' is not allowed on '#pragma acc kernels'");
    check("serial num_gangs(1)", "serial: num_gangs(1)\nerror 7..16: clause 'num_gangs' is not allowed on '#pragma acc serial'");
    check("enter data copyout(a)", "enter data: copyout(a)\nerror 11..18: clause 'copyout' is not allowed on '#pragma acc enter data'\nerror 0..10: '#pragma acc enter data' requires at least one of 'copyin', 'create', 'attach'");
    check(
        "cache(a) seq",
        "cache(a): seq\nerror 9..12: clause 'seq' is not allowed on '#pragma acc cache'",
    );
    check(
        "wait async if(x) wait",
        "wait: async if(x) wait\nerror 17..21: clause 'wait' is not allowed on '#pragma acc wait'",
    );
    check("atomic read copy(a)", "atomic read: copy(a)\nerror 12..16: clause 'copy' is not allowed on '#pragma acc atomic read'");
    check("data pcopy(a) private(b)", "data: pcopy(a) private(b)\nerror 14..21: clause 'private' is not allowed on '#pragma acc data'");
}

#[test]
fn combined_constructs_allow_the_union() {
    check(
        "parallel loop gang worker vector collapse(2) copy(a) reduction(+:s) num_gangs(4)",
        "parallel loop: gang worker vector collapse(2) copy(a) reduction(+:s) num_gangs(4)",
    );
    check(
        "kernels loop private(i) independent",
        "kernels loop: private(i) independent",
    );
    check(
        "serial loop seq firstprivate(x)",
        "serial loop: seq firstprivate(x)",
    );
    check(
        "serial loop num_workers(2)",
        "serial loop: num_workers(2)\nerror 12..23: clause 'num_workers' is not allowed on '#pragma acc serial loop'",
    );
}

#[test]
fn every_table_accepts_its_clauses() {
    let cases = [
        ("parallel async wait num_gangs(1) num_workers(1) vector_length(1) if(1) self reduction(+:a) copy(a) copyin(a) copyout(a) create(a) no_create(a) present(a) deviceptr(a) attach(a) private(a) firstprivate(a) default(none) device_type(*)", 20),
        ("serial async wait if(1) self reduction(+:a) copy(a) copyin(a) copyout(a) create(a) no_create(a) present(a) deviceptr(a) attach(a) private(a) firstprivate(a) default(none) device_type(*)", 17),
        ("kernels async wait num_gangs(1) num_workers(1) vector_length(1) if(1) self copy(a) copyin(a) copyout(a) create(a) no_create(a) present(a) deviceptr(a) attach(a) default(none) device_type(*)", 17),
        ("data if(1) async wait copy(a) copyin(a) copyout(a) create(a) no_create(a) present(a) deviceptr(a) attach(a) default(none) device_type(*)", 13),
        ("enter data if(1) async wait copyin(a) create(a) attach(a)", 6),
        ("exit data if(1) async wait copyout(a) delete(a) detach(a) finalize", 7),
        ("host_data use_device(a) if(1) if_present", 3),
        ("loop collapse(1) gang worker vector tile(1) private(a) reduction(+:a) device_type(*)", 8),
        ("loop seq", 1),
        ("loop independent", 1),
        ("loop auto", 1),
        ("declare copy(a) copyin(a) copyout(a) create(a) present(a) deviceptr(a) device_resident(a) link(a)", 8),
        ("init device_type(nvidia) device_num(0) if(1)", 3),
        ("shutdown device_type(nvidia) device_num(0) if(1)", 3),
        ("set default_async(1) device_num(0) device_type(nvidia) if(1)", 4),
        ("update async wait if(1) if_present self(a) host(a) device(a) device_type(*)", 8),
        ("wait async if(1)", 2),
        ("routine gang bind(f) nohost device_type(*)", 4),
        ("atomic update if(1)", 1),
    ];
    for (text, count) in cases {
        let directive = directive(text, Language::C);
        assert_eq!(directive.clauses.len(), count, "{text}");
    }
}

// ----- device_type groups, repetition, conflicts ----------------------------------------------------

#[test]
fn device_type_groups() {
    check(
        "parallel num_gangs(1) device_type(nvidia) num_gangs(100) device_type(host) num_gangs(4) async",
        "parallel: num_gangs(1) device_type(nvidia) num_gangs(100) device_type(host) num_gangs(4) async",
    );
    check(
        "parallel device_type(nvidia) copy(a)",
        "parallel: device_type(nvidia) copy(a)\nerror 29..33: clause 'copy' may not follow a 'device_type' clause",
    );
    check(
        "loop device_type(*) private(i)",
        "loop: device_type(*) private(i)\nerror 20..27: clause 'private' may not follow a 'device_type' clause",
    );
    check(
        "routine device_type(nvidia) nohost",
        "routine: device_type(nvidia) nohost\nerror 28..34: clause 'nohost' may not follow a 'device_type' clause",
    );
    check("update device_type(*) async host(a)", "update: device_type(*) async host(a)\nerror 28..32: clause 'host' may not follow a 'device_type' clause");
    check(
        "parallel loop device_type(*) gang vector_length(32)",
        "parallel loop: device_type(*) gang vector_length(32)",
    );
}

#[test]
fn runtime_device_type_is_not_a_group() {
    check(
        "set device_type(nvidia) device_num(0)",
        "set: device_type(nvidia) device_num(0)",
    );
    check(
        "init device_type(nvidia) if(x)",
        "init: device_type(nvidia) if(x)",
    );
    check(
        "set device_type(a) device_type(b)",
        "set: device_type(a) device_type(b)\nerror 19..30: too many 'device_type' clauses",
    );
}

#[test]
fn too_many_clauses() {
    check(
        "parallel if(a) if(b)",
        "parallel: if(a) if(b)\nerror 15..17: too many 'if' clauses",
    );
    check(
        "loop collapse(1) collapse(2)",
        "loop: collapse(1) collapse(2)\nerror 17..25: too many 'collapse' clauses",
    );
    check(
        "parallel async device_type(*) async",
        "parallel: async device_type(*) async",
    );
    check(
        "parallel device_type(*) async async",
        "parallel: device_type(*) async async\nerror 30..35: too many 'async' clauses",
    );
    check(
        "exit data delete(a) finalize finalize",
        "exit data: delete(a) finalize finalize\nerror 29..37: too many 'finalize' clauses",
    );
    check("parallel copy(a) copy(b)", "parallel: copy(a) copy(b)");
    check(
        "loop gang gang",
        "loop: gang gang\nerror 10..14: too many 'gang' clauses",
    );
}

#[test]
fn conflicting_clauses() {
    check(
        "loop independent seq",
        "loop: independent seq\nerror 17..20: clause 'seq' conflicts with 'independent'",
    );
    check(
        "loop seq auto",
        "loop: seq auto\nerror 9..13: clause 'auto' conflicts with 'seq'",
    );
    check(
        "loop auto independent",
        "loop: auto independent\nerror 10..21: clause 'independent' conflicts with 'auto'",
    );
    check(
        "loop seq gang",
        "loop: seq gang\nerror 9..13: clause 'gang' conflicts with 'seq'",
    );
    check(
        "loop vector seq",
        "loop: vector seq\nerror 12..15: clause 'seq' conflicts with 'vector'",
    );
    check(
        "loop seq device_type(nvidia) independent",
        "loop: seq device_type(nvidia) independent",
    );
    check(
        "loop gang worker vector independent",
        "loop: gang worker vector independent",
    );
}

#[test]
fn required_clauses() {
    check("enter data", "enter data:\nerror 0..10: '#pragma acc enter data' requires at least one of 'copyin', 'create', 'attach'");
    check("exit data async", "exit data: async\nerror 0..9: '#pragma acc exit data' requires at least one of 'copyout', 'delete', 'detach'");
    check("update if(x)", "update: if(x)\nerror 0..6: '#pragma acc update' requires at least one of 'self', 'host', 'device'");
    check("host_data if(x)", "host_data: if(x)\nerror 0..9: '#pragma acc host_data' requires at least one of 'use_device'");
    check(
        "declare",
        "declare:\nerror 0..7: '#pragma acc declare' requires at least one of 'copy', 'copyin', 'copyout', 'create', 'present', 'deviceptr', 'device_resident', 'link'",
    );
    check("set if(x)", "set: if(x)\nerror 0..3: '#pragma acc set' requires at least one of 'default_async', 'device_num', 'device_type'");
    check("enter data pcreate(a)", "enter data: pcreate(a)");
    check("routine", "routine:");
}

#[test]
fn directive_argument_errors() {
    check(
        "parallel(x) copy(a)",
        "parallel: copy(a)\nerror 8..9: unexpected '(' after '#pragma acc parallel'",
    );
    check(
        "wait(devnum:1)",
        "wait:\nerror 13..14: expected ':' after the device number",
    );
    check("cache()", "cache():\nerror 6..7: expected a variable name");
}
