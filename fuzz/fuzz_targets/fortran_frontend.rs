//! The Fortran frontend on any text, free and fixed form (mode bit 0), with and without
//! `-fdo-concurrent-to-acc=host` (bit 1), then the printers on what it accepts.
//!
//! Asserted: analysis returns (no panic, stack overflow or hang); rendering its diagnostics
//! never panics, no error is an internal error, and every error renders as
//! `file:line:col: error: ...`; a unit without errors has a module the acc-ir verifier accepts
//! and that both printers print.
#![no_main]

use accc_frontend::{analyze_fortran, render_diagnostics, DoConcurrent, FrontendOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    accc_fuzz::keep_last(data);
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let fixed = mode & 1 == 1;
    let options = FrontendOptions {
        file_name: if fixed { "fuzz.f" } else { "fuzz.f90" }.to_string(),
        remarks: true,
        // Bit 1: -fdo-concurrent-to-acc=host (do concurrent loops become parallel loops).
        do_concurrent: if mode & 2 != 0 {
            DoConcurrent::Host
        } else {
            DoConcurrent::None
        },
        ..FrontendOptions::default()
    };
    let analysis = analyze_fortran(accc_fuzz::text(rest), &options, fixed);
    let rendered = render_diagnostics(&analysis);
    for diagnostic in analysis.diagnostics.iter().filter(|d| d.is_error()) {
        assert!(
            !accc_fuzz::internal_error(&diagnostic.message),
            "internal error: {rendered}"
        );
    }
    if analysis.has_errors() {
        assert!(rendered.contains(": error: "), "{rendered}");
        return;
    }
    if let Err(error) = acc_ir::verify::verify(&analysis.module) {
        panic!("accepted unit whose module does not verify: {error}");
    }
    let _ = acc_ir::print_module(&analysis.module, &acc_ir::PrintOptions::default());
    let _ = acc_ir::regenerate_pragmas(&analysis.module);
});
