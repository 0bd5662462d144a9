//! The acc-ir verifier, the `.accc.ir` reader and the printers on IR the fuzzer builds.
//!
//! The first byte picks how the module is made: even, the rest is a `.accc.ir` section's
//! contents read by `serial::decode` (seeded with sections of real objects, see
//! `fuzz/run.sh`); odd, the rest drives `accc_fuzz::Structured`, which builds an arbitrary
//! `Module` (ops, data ops, bounds, types, region code, kernels, device functions, with handles
//! that may or may not exist) through the IR's own `Deserialize` impls.
//!
//! Asserted, on any module: the module verifier returns without a panic, and so do the body
//! verifiers (`verify_body`, `verify_function`) on every module it accepts (their documented
//! precondition); encoding it and decoding it back never panics, and decoding answers `Ok` only
//! for modules the verifier accepts. On a module that is *accepted* — `serial::decode`
//! takes it (module verifier, kernels and device functions checked) and the body verifier takes
//! the code of every region — the MLIR-like printer (with and without locations), the pragma
//! regenerator and the body printer never panic, and a decode of its encoding prints the same.
//! Printers are not required to survive IR the verifiers reject: they index arenas by handle.
//!
//! `ACCC_FUZZ_DUMP_IR=FILE` (when replaying one input) writes the module as a `.accc.ir` record;
//! `ACCC_FUZZ_STATS=1` prints how far each module got (verified, accepted, op count).
#![no_main]

use acc_ir::{serial, Module, PrintOptions};
use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

/// Whether the module is one the printers must handle; `Err` says why not.
fn accepted(module: &Module) -> Result<(), String> {
    serial::decode(&serial::encode(module)).map_err(|e| e.to_string())?;
    for body in module.region_code.values() {
        acc_ir::body_verify::verify_body(module, body).map_err(|e| format!("region code: {e}"))?;
    }
    Ok(())
}

fn print_all(module: &Module) -> String {
    let mut text = acc_ir::print_module(module, &PrintOptions::default());
    text.push_str(&acc_ir::print_module(
        module,
        &PrintOptions {
            locations: false,
            names: false,
        },
    ));
    text.push_str(&acc_ir::regenerate_pragmas(module));
    for kernel in &module.kernels {
        text.push_str(&acc_ir::body_print::print_body(module, &kernel.body, 1));
    }
    for function in &module.device_functions {
        text.push_str(&acc_ir::body_print::print_body(module, &function.body, 1));
    }
    text
}

fuzz_target!(|data: &[u8]| {
    accc_fuzz::keep_last(data);
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let modules = if mode & 1 == 0 {
        match serial::decode(rest) {
            Ok(modules) => modules,
            Err(_) => return,
        }
    } else {
        let mut u = Unstructured::new(rest);
        match accc_fuzz::structured::<Module>(&mut u) {
            Ok(module) => vec![module],
            Err(_) => return,
        }
    };
    for module in modules {
        // Replaying a crash with ACCC_FUZZ_DUMP_IR=FILE writes the module as a `.accc.ir`
        // record, the form the regression tests keep (tests/hostile/*.accc-ir).
        if let Some(path) = std::env::var_os("ACCC_FUZZ_DUMP_IR") {
            std::fs::write(path, serial::encode(&module)).expect("writing the record");
        }
        let verdict = acc_ir::verify::verify(&module);
        let verified = verdict.is_ok();
        if verified {
            for body in module.region_code.values() {
                let _ = acc_ir::body_verify::verify_body(&module, body);
            }
            for kernel in &module.kernels {
                let _ = acc_ir::body_verify::verify_body(&module, &kernel.body);
            }
            for function in &module.device_functions {
                let _ = acc_ir::body_verify::verify_function(&module, function);
            }
        }
        let bytes = serial::encode(&module);
        let decoded = serial::decode(&bytes);
        if decoded.is_ok() {
            assert!(verified, "decode accepted a module the verifier rejects");
        }
        let why = accepted(&module);
        let accepted = why.is_ok();
        // ACCC_FUZZ_STATS=1 prints, per module, how far it got (to judge the corpus).
        if std::env::var_os("ACCC_FUZZ_STATS").is_some() {
            eprintln!(
                "ir-stats mode={} verified={verified} accepted={accepted} ops={} kernels={} {}",
                mode & 1,
                module.ops.len(),
                module.kernels.len(),
                verdict
                    .err()
                    .map(|e| e.to_string())
                    .or(why.err())
                    .unwrap_or_default()
            );
        }
        if !accepted {
            continue;
        }
        let printed = print_all(&module);
        let again = decoded.expect("accepted modules decode");
        assert_eq!(again.len(), 1);
        assert_eq!(
            printed,
            print_all(&again[0]),
            "round trip changed the module"
        );
    }
});
