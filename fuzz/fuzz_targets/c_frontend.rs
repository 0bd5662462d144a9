//! The C frontend on a whole (preprocessed) translation unit, then the host emitter and the
//! printers on what it accepts.
//!
//! Asserted: analysis returns (no panic, stack overflow or hang) on any text, line markers
//! included; rendering its diagnostics never panics and every error renders as
//! `file:line:col: error: ...`; a translation unit without errors has a module the acc-ir
//! verifier accepts, prints with both printers, and goes through the host emitter without a
//! panic (the emitter may still refuse it with diagnostics).
#![no_main]

use accc_frontend::{analyze_c, render_diagnostics, FrontendOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    accc_fuzz::keep_last(data);
    let text = accc_fuzz::text(data);
    let options = FrontendOptions {
        file_name: "fuzz.c".to_string(),
        remarks: true,
        ..FrontendOptions::default()
    };
    let analysis = analyze_c(text, &options);
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
        panic!("accepted TU whose module does not verify: {error}");
    }
    let _ = acc_ir::print_module(&analysis.module, &acc_ir::PrintOptions::default());
    let _ = acc_ir::regenerate_pragmas(&analysis.module);
    let _ = accc_frontend::c::emit::emit_host(&analysis, None);
});
