//! Tests of the Fortran body lowering: each test analyses a small Fortran file end to end
//! (directives, implicit data, body lowering, outlining) and checks the kernels' body IR as
//! printed by [`acc_ir::body_print`], their parameters, and the remarks of refused regions.

use crate::{analyze_fortran, Analysis, FrontendOptions};
use acc_ir::body::Passing;
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

#[test]
fn scratch() {
    let a = analyze(&std::fs::read_to_string("/tmp/fb/t.f90").unwrap());
    eprintln!("{:?}\n{:?}\n{}", errors(&a), refusals(&a), kernels(&a));
    let _ = Passing::Value;
    panic!();
}
