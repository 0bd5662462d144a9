//! The driver's command-line model (`driver/src/cli.rs`, compiled into this target as a module)
//! on any argument list, without running a compiler.
//!
//! The input is split into arguments at NUL bytes (each made UTF-8 as the driver requires).
//! Asserted: `cli::parse` returns (no panic, no hang); on `Ok`, everything the pipeline derives
//! from the options before it starts a tool returns too: the inputs and their kinds, the
//! argument lists of each host compiler step, the device architectures, the word queries.
#![no_main]

#[allow(dead_code, clippy::all)]
#[path = "../../driver/src/cli.rs"]
mod cli;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    accc_fuzz::keep_last(data);
    if data.is_empty() {
        return;
    }
    let arguments: Vec<String> = data
        .split(|&byte| byte == 0)
        .map(|argument| String::from_utf8_lossy(argument).into_owned())
        .collect();
    let Ok(options) = cli::parse(arguments.clone()) else {
        return;
    };
    for input in options.inputs() {
        let _ = (input.kind.is_source(), input.kind.is_fortran());
        let _ = cli::InputKind::classify(&input.path, input.language.as_deref());
    }
    let _ = options.preprocessor_args();
    let _ = options.preprocess_only_args();
    let _ = options.compile_args();
    let _ = options.compile_args_for_preprocessed();
    let _ = options.compile_args_for_rewritten_fortran();
    let _ = options.device_archs();
    for argument in &arguments {
        let _ = options.has_word(argument);
        let _ = options.has_word_starting_with(&[argument.as_str()]);
        let _ = options.has_dependency_option(argument);
    }
});
