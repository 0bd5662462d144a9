//! The OpenACC work on a C or Fortran input: preprocessing for the analysis, the frontend's
//! analysis and its diagnostics, and `-fopenacc-print=`.
//!
//! The analysis runs on every C input before anything is compiled, so that a directive error in
//! any file is reported together with the errors of every other file and no output is produced.

use crate::cli::{Input, InputKind, Options, PrintKind};
use crate::compile::{path_word, StagedOutput};
use crate::outcome::{write_stderr, write_stderr_bytes, write_stdout, Failure, Outcome};
use crate::tools::{cannot_run, check_captured_status, HostTools, ToolCommand};
use std::path::Path;

/// The analysis of one input: its result when clean, for the compile that follows.
#[derive(Debug)]
pub enum Verdict {
    Clean(Box<accc_frontend::Analysis>),
    Errors,
}

/// Runs the frontend's preprocessing of `source` with `args`; prints the command under `-v`.
/// A failing preprocessor's stderr is shown and its status returned; on success its stderr is
/// only shown when `show_warnings` (the compile that follows would repeat the warnings).
fn preprocess(
    options: &Options,
    tools: &HostTools,
    input: &Input,
    source: &Path,
    mut args: Vec<String>,
    show_warnings: bool,
) -> Outcome<Vec<u8>> {
    if let Some(language) = &input.language {
        args.extend(["-x".to_string(), language.clone()]);
    }
    if options.verbose {
        // The same words `accc_frontend::c::preprocess_command` makes, for the user's information.
        let mut command = ToolCommand::new(&tools.c);
        command.args(["-E", "-fopenacc", "-U_OPENACC", "-D_OPENACC=202211"]);
        command.args(args.iter().cloned()).arg(path_word(source));
        write_stderr(&format!(" {}\n", command.display()));
    }
    let mut command = accc_frontend::c::preprocess_command(&tools.c, &args, source);
    let output =
        crate::interrupt::output(&mut command).map_err(|error| cannot_run(&tools.c, &error))?;
    if show_warnings || !output.status.success() {
        write_stderr_bytes(&output.stderr);
    }
    let doing = format!("preprocessing '{}'", source.display());
    check_captured_status(&tools.c, output.status, &output.stderr, &doing)?;
    Ok(output.stdout)
}

/// Preprocesses, analyses and reports one C input; under `-fopenacc-print=` prints the result.
/// `display_name` is the name diagnostics use for the file (`<stdin>` for standard input).
pub fn analyse_c(
    options: &Options,
    tools: &HostTools,
    input: &Input,
    source: &Path,
    display_name: &str,
) -> Outcome<Verdict> {
    let text = if input.kind == InputKind::PreprocessedC {
        std::fs::read(source)
            .map_err(|error| Failure::message(format!("cannot read '{display_name}': {error}")))?
    } else {
        let mut args = options.preprocessor_args();
        if let Some(runtime) = &tools.runtime {
            args.extend(["-isystem".to_string(), path_word(&runtime.include)]);
        }
        preprocess(options, tools, input, source, args, false)?
    };
    let text = name_standard_input(text, source, display_name);
    let frontend_options = accc_frontend::FrontendOptions {
        file_name: display_name.to_string(),
        remarks: options.opt_info_acc,
        safe_pointers: options.safe_pointers,
        fp_contract: options.fp_contract(false),
        debug_info: options.debug_info(),
        ..Default::default()
    };
    let mut analysis = accc_frontend::analyze_c(
        String::from_utf8_lossy(&text).into_owned(),
        &frontend_options,
    );
    name_kernel_targets(options, &mut analysis);
    write_stderr(&accc_frontend::render_diagnostics(&analysis));
    if analysis.has_errors() {
        // The rest of the file's errors in the same run, as gcc would report them: the host
        // compiler checks the C code with the directives ignored.
        host_syntax_check(options, &tools.c, Checked::PreprocessedC(&text));
        return Ok(Verdict::Errors);
    }
    match options.print {
        Some(PrintKind::AccIr) => {
            let print_options = acc_ir::print::PrintOptions::default();
            write_stdout(acc_ir::print::print_module(&analysis.module, &print_options).as_bytes())?;
        }
        Some(PrintKind::Host) => match accc_frontend::c::emit::emit_host(&analysis, None) {
            Ok(host) => write_stdout(host.as_bytes())?,
            Err(errors) => {
                let rendered = accc_frontend::Analysis {
                    diagnostics: errors,
                    ..analysis
                };
                write_stderr(&accc_frontend::render_diagnostics(&rendered));
                return Ok(Verdict::Errors);
            }
        },
        Some(PrintKind::Acc) => {
            write_stdout(acc_ir::print::regenerate_pragmas(&analysis.module).as_bytes())?;
        }
        Some(kind @ (PrintKind::Llvm | PrintKind::Ptx | PrintKind::Amdgcn))
            if !print_device_code(options, &analysis, kind)? =>
        {
            return Ok(Verdict::Errors);
        }
        Some(PrintKind::LlvmMulticore) => print_multicore_code(options, &analysis)?,
        Some(PrintKind::Llvm | PrintKind::Ptx | PrintKind::Amdgcn) | None => {}
    }
    Ok(Verdict::Clean(Box::new(analysis)))
}

/// What [`host_syntax_check`] checks.
enum Checked<'a> {
    /// Preprocessed C, whose line markers name the user's file.
    PreprocessedC(&'a [u8]),
    /// A Fortran source file as the user gave it.
    Fortran(&'a Path),
}

/// After accc's own errors in a file, the host compiler's: `compiler` checks the code with
/// `-fsyntax-only`, the user's options and no OpenACC (directives are then ignored pragmas or
/// comments), and its messages are shown as they are. Nothing is written (Fortran module files
/// go to a scratch directory) and its status does not matter: the file has failed already.
fn host_syntax_check(options: &Options, compiler: &str, checked: Checked) {
    let Ok(scratch) = tempfile::tempdir() else {
        return;
    };
    let mut command = std::process::Command::new(compiler);
    let args = options.syntax_check_args(matches!(checked, Checked::Fortran(_)));
    command.args(args.iter().filter(|word| !word.starts_with("-fopenacc")));
    command.arg("-fsyntax-only");
    match checked {
        Checked::PreprocessedC(text) => {
            let file = scratch.path().join("syntax.i");
            if std::fs::write(&file, text).is_err() {
                return;
            }
            command
                .args(["-Wno-unknown-pragmas", "-x", "cpp-output"])
                .arg(file);
        }
        Checked::Fortran(source) => {
            command
                .arg(format!("-J{}", scratch.path().display()))
                .arg(source);
        }
    }
    if let Ok(output) = crate::interrupt::output(&mut command) {
        write_stderr_bytes(&output.stderr);
    }
}

/// Under `-fopt-info-acc`, the remark that generates each kernel says which targets get its
/// code: the multicore CPU (compiled with the object, for the `-march` CPU when one is given)
/// and the GPU architectures the link builds (`-foffload`, `--offload-arch`), as NVHPC's
/// `Generating NVIDIA GPU code` / `Generating Multicore code` lines do.
fn name_kernel_targets(options: &Options, analysis: &mut accc_frontend::Analysis) {
    if !options.opt_info_acc || analysis.module.kernels.is_empty() {
        return;
    }
    let mut targets = vec![match options.kernel_cpu() {
        Some(cpu) => format!("multicore (-march={cpu})"),
        None => "multicore".to_string(),
    }];
    let archs = options.device_archs();
    let gpu = !archs.is_empty();
    if gpu {
        let names: Vec<String> = archs
            .iter()
            .map(|arch| {
                let vendor = if arch.is_nvptx() { "NVIDIA" } else { "AMD" };
                format!("{vendor} {}", arch.name())
            })
            .collect();
        targets.push(format!("{} (at link time)", names.join(", ")));
    }
    let targets = targets.join(", ");
    let module = &analysis.module;
    let kernels: std::collections::HashMap<String, String> = module
        .kernels
        .iter()
        .map(|k| {
            let launch = if gpu {
                format!("; {}", gpu_launch(module, k.compute))
            } else {
                String::new()
            };
            (k.name.clone(), launch)
        })
        .collect();
    for diagnostic in &mut analysis.diagnostics {
        if diagnostic.severity != acc_ir::Severity::Remark {
            continue;
        }
        let launch = acc_ir::passes::outline::generated_kernel(&diagnostic.message)
            .and_then(|(_, name)| kernels.get(name));
        if let Some(launch) = launch {
            diagnostic.message = format!("{} for {targets}{launch}", diagnostic.message);
        }
    }
}

/// How a compute construct's kernel launches on a GPU: its `num_gangs`, `num_workers` and
/// `vector_length` (those of a `device_type` group for a GPU, else the default group), or the
/// runtime's choices (gangs to fill the device, one worker, 128 vector lanes).
fn gpu_launch(module: &acc_ir::Module, compute: acc_ir::Handle<acc_ir::Op>) -> String {
    use acc_ir::DeviceType;
    let Some(acc_ir::OpKind::Compute(c)) = module.ops.get(compute).map(|o| &o.kind) else {
        return String::new();
    };
    let pick = |groups: Vec<(&acc_ir::DeviceTypes, String)>| {
        let gpu = |types: &acc_ir::DeviceTypes| {
            types.iter().any(|t| {
                matches!(
                    t,
                    DeviceType::Nvidia | DeviceType::Radeon | DeviceType::Star
                )
            })
        };
        groups
            .iter()
            .find(|(types, _)| gpu(types))
            .or_else(|| groups.iter().find(|(types, _)| types.is_empty()))
            .map(|(_, text)| text.clone())
    };
    let text = |e: &acc_ir::ExprHandle| module.exprs[*e].text.clone();
    let gangs = pick(
        c.num_gangs
            .iter()
            .map(|g| {
                let counts: Vec<String> = g.value.iter().map(text).collect();
                (&g.device_types, counts.join(", "))
            })
            .collect(),
    );
    let workers = pick(
        c.num_workers
            .iter()
            .map(|w| (&w.device_types, text(&w.value)))
            .collect(),
    );
    let vector = pick(
        c.vector_length
            .iter()
            .map(|v| (&v.device_types, text(&v.value)))
            .collect(),
    );
    format!(
        "GPU launch: num_gangs({}), num_workers({}), vector_length({})",
        gangs.as_deref().unwrap_or("to fill the device"),
        workers.as_deref().unwrap_or("1"),
        vector.as_deref().unwrap_or("128")
    )
}

/// `-fopenacc-print=llvm-multicore`: the optimised LLVM IR of the TU's multicore kernels.
fn print_multicore_code(options: &Options, analysis: &accc_frontend::Analysis) -> Outcome {
    let host_options = accc_codegen::HostOptions {
        opt_level: crate::compile::opt_level(options),
        cpu: options.kernel_cpu(),
    };
    let text = accc_codegen::host_kernels_llvm_ir(&analysis.module, &host_options)
        .map_err(|error| Failure::message(format!("multicore code generation failed: {error}")))?;
    write_stdout(text.as_bytes())
}

/// `-fopenacc-print=llvm|ptx|amdgcn`: the device code of the TU's kernels for the first
/// offload architecture of the kind asked for (`llvm`: the first of any kind). A kernel that
/// cannot be compiled for the GPU gets a warning at its region (it runs on the host or
/// multicore instead); a math call without a device library is an error. Returns whether
/// there was no error.
fn print_device_code(
    options: &Options,
    analysis: &accc_frontend::Analysis,
    kind: PrintKind,
) -> Outcome<bool> {
    use accc_codegen::{CodegenError, DeviceOptions, DeviceProduct, OffloadArch};
    let archs = options.device_archs();
    let arch = match kind {
        PrintKind::Ptx => archs
            .iter()
            .copied()
            .find(|a| a.is_nvptx())
            .unwrap_or_else(OffloadArch::default_nvptx),
        PrintKind::Amdgcn => archs
            .iter()
            .copied()
            .find(|a| !a.is_nvptx())
            .unwrap_or_else(OffloadArch::default_amdgpu),
        _ => archs
            .first()
            .copied()
            .unwrap_or_else(OffloadArch::default_nvptx),
    };
    let product = match kind {
        PrintKind::Llvm => DeviceProduct::LlvmIr,
        _ => DeviceProduct::Assembly,
    };
    let device_options = DeviceOptions {
        arch,
        opt_level: crate::compile::opt_level(options),
    };
    let code = accc_codegen::compile_device_kernels(&analysis.module, &device_options, product)
        .map_err(|error| {
            Failure::message(format!(
                "device code generation for '{}' failed: {error}",
                arch.name()
            ))
        })?;
    let mut diagnostics = Vec::new();
    for (name, error) in &code.skipped {
        diagnostics.push(match error {
            CodegenError::NoDeviceMath { span, message } => {
                acc_ir::Diagnostic::error(*span, message.clone())
            }
            CodegenError::Unsupported { span, message } => acc_ir::Diagnostic::warning(
                *span,
                format!(
                    "kernel '{name}' is not compiled for '{}' (it runs on the host or multicore): {message}",
                    arch.name()
                ),
            ),
            CodegenError::Internal(message) => acc_ir::Diagnostic::error(
                acc_ir::Span::default(),
                format!("internal error: {message}"),
            ),
        });
    }
    if options.opt_info_acc {
        for kernel in &code.kernels {
            let span = analysis
                .module
                .kernels
                .iter()
                .find(|k| k.name == kernel.name)
                .map_or_else(acc_ir::Span::default, |k| k.span);
            let shape = match &kernel.block {
                accc_codegen::BlockShape::Pool => {
                    "blocks of up to 1024 threads (vector lanes x workers)".to_string()
                }
                accc_codegen::BlockShape::SingleThread { reason } => {
                    format!("one thread per block: {reason}")
                }
            };
            diagnostics.push(acc_ir::Diagnostic::remark(
                span,
                format!(
                    "kernel '{}' compiled for '{}', {shape}",
                    kernel.name,
                    arch.name()
                ),
            ));
        }
    }
    let failed = diagnostics.iter().any(acc_ir::Diagnostic::is_error);
    if !diagnostics.is_empty() {
        write_stderr(&accc_frontend::render_with_sources(
            &diagnostics,
            &analysis.module.files,
        ));
    }
    if failed {
        return Ok(false);
    }
    write_stdout(&code.bytes)?;
    Ok(true)
}

/// The preprocessed text of standard input (copied to `source` to be preprocessed) with its
/// line markers naming `<stdin>`, as gcc names it, instead of the copy: diagnostics, remarks
/// and the host compiler's own messages then say `<stdin>:3:5`.
fn name_standard_input(text: Vec<u8>, source: &Path, display_name: &str) -> Vec<u8> {
    if display_name != "<stdin>" {
        return text;
    }
    let copy = format!("\"{}\"", source.display());
    let mut out = Vec::with_capacity(text.len());
    for line in text.split_inclusive(|&b| b == b'\n') {
        let marker = line.starts_with(b"# ") || line.starts_with(b"#line ");
        match std::str::from_utf8(line) {
            Ok(line) if marker && line.contains(&copy) => {
                out.extend_from_slice(line.replacen(&copy, "\"<stdin>\"", 1).as_bytes())
            }
            _ => out.extend_from_slice(line),
        }
    }
    out
}

/// Whether a Fortran input is fixed form: by its suffix or `-ffixed-form`, unless `-ffree-form`.
pub fn fortran_fixed_form(options: &Options, input: &Input) -> bool {
    (accc_frontend::fortran::is_fixed_form(Path::new(&input.path))
        || options.has_word("-ffixed-form"))
        && !options.has_word("-ffree-form")
}

/// Analyses and reports one Fortran input: preprocessed with gfortran when its suffix (`.F90`,
/// `.F`) or `-cpp` asks for it, converted from fixed form when its suffix (`.f`, `.F`, `.for`) or
/// `-ffixed-form` says so. Under `-fopenacc-print=acc-ir|acc` prints the result, under
/// `-fopenacc-print=llvm|ptx|amdgcn` the device code of its kernels.
pub fn analyse_fortran(
    options: &Options,
    tools: &HostTools,
    input: &Input,
    source: &Path,
    display_name: &str,
    earlier_modules: &[accc_frontend::fortran::accmod::ModuleInterface],
) -> Outcome<Verdict> {
    let wants_cpp =
        matches!(input.kind, InputKind::Fortran { preprocess: true }) || options.has_word("-cpp");
    let fixed = fortran_fixed_form(options, input);
    let text = if wants_cpp && !options.has_word("-nocpp") {
        let mut args = options.preprocessor_args();
        if let Some(language) = &input.language {
            args.extend(["-x".to_string(), language.clone()]);
        }
        for form in ["-ffixed-form", "-ffree-form"] {
            if options.has_word(form) {
                args.push(form.to_string());
            }
        }
        if options.verbose {
            let mut command = ToolCommand::new(&tools.fortran);
            command.args([
                "-E",
                "-cpp",
                "-U_OPENACC",
                "-D_OPENACC=202211",
                "-DACCRT_OPENACC=1",
            ]);
            command.args(args.iter().cloned()).arg(path_word(source));
            write_stderr(&format!(" {}\n", command.display()));
        }
        // Indented directives (see `unindent_directives`) are preprocessed from a copy that
        // starts with a line marker naming the source, whose directory `#include "x"` searches
        // first; the copy's name is then replaced by the source's in the output's markers.
        let original = std::fs::read(source)
            .map_err(|error| Failure::message(format!("cannot read '{display_name}': {error}")))?;
        let unindented =
            accc_frontend::fortran::unindent_directives(&String::from_utf8_lossy(&original));
        let copy = match unindented {
            Some(text) => {
                let directory = source
                    .parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or(Path::new("."));
                args.extend(["-iquote".to_string(), path_word(directory)]);
                let suffix = source
                    .extension()
                    .map(|e| format!(".{}", e.to_string_lossy()))
                    .unwrap_or_default();
                let file = tempfile::Builder::new()
                    .prefix("accc-")
                    .suffix(&suffix)
                    .tempfile()
                    .map_err(|error| {
                        Failure::message(format!("cannot create a temporary file: {error}"))
                    })?;
                let marked = format!("# 1 \"{}\"\n{text}", path_word(source));
                std::fs::write(file.path(), marked).map_err(|error| {
                    Failure::message(format!("cannot write a temporary file: {error}"))
                })?;
                Some(file.into_temp_path())
            }
            None => None,
        };
        let preprocessed = copy.as_deref().unwrap_or(source);
        let mut command =
            accc_frontend::fortran::preprocess_command(&tools.fortran, &args, preprocessed);
        let output = crate::interrupt::output(&mut command)
            .map_err(|error| cannot_run(&tools.fortran, &error))?;
        if !output.status.success() {
            write_stderr_bytes(&output.stderr);
        }
        let doing = format!("preprocessing '{}'", source.display());
        check_captured_status(&tools.fortran, output.status, &output.stderr, &doing)?;
        match &copy {
            Some(copy) => {
                let from = format!("\"{}\"", path_word(copy));
                let to = format!("\"{}\"", path_word(source));
                String::from_utf8_lossy(&output.stdout)
                    .split_inclusive('\n')
                    .map(|line| {
                        if line.starts_with('#') {
                            line.replace(&from, &to)
                        } else {
                            line.to_string()
                        }
                    })
                    .collect::<String>()
                    .into_bytes()
            }
            None => output.stdout,
        }
    } else {
        std::fs::read(source)
            .map_err(|error| Failure::message(format!("cannot read '{display_name}': {error}")))?
    };
    // An MPI wrapper as the Fortran compiler (`ACCC_FC=mpif90`) adds the directories of
    // `mpif.h` and `mpi.mod` itself; gfortran searches them after the user's `-I`.
    let wrapper_dirs = crate::wrapper::include_dirs(&tools.fortran, options.verbose);
    let mut module_dirs = options.fortran_module_search();
    module_dirs.extend(wrapper_dirs.iter().cloned());
    let mut include_dirs = options.fortran_include_search(&input.path);
    include_dirs.extend(wrapper_dirs);
    let frontend_options = accc_frontend::FrontendOptions {
        file_name: display_name.to_string(),
        remarks: options.opt_info_acc,
        do_concurrent: options.do_concurrent,
        module_dirs,
        include_dirs,
        module_interfaces: earlier_modules.to_vec(),
        safe_pointers: options.safe_pointers,
        fp_contract: options.fp_contract(true),
        fixed_line_length: options.fixed_line_length(),
        debug_info: options.debug_info(),
        fortran_kinds: options.fortran_kinds().unwrap_or_default(),
    };
    let mut analysis = accc_frontend::analyze_fortran(
        String::from_utf8_lossy(&text).into_owned(),
        &frontend_options,
        fixed,
    );
    name_kernel_targets(options, &mut analysis);
    write_stderr(&accc_frontend::render_diagnostics(&analysis));
    if analysis.has_errors() {
        // The Fortran errors in the same run: gfortran checks the code, the directives being
        // comments without -fopenacc (module files go to a scratch directory).
        host_syntax_check(options, &tools.fortran, Checked::Fortran(source));
        return Ok(Verdict::Errors);
    }
    match options.print {
        Some(PrintKind::AccIr) => {
            let print_options = acc_ir::print::PrintOptions::default();
            write_stdout(acc_ir::print::print_module(&analysis.module, &print_options).as_bytes())?;
        }
        Some(PrintKind::Acc) => {
            write_stdout(acc_ir::print::regenerate_pragmas(&analysis.module).as_bytes())?;
        }
        Some(PrintKind::Host) => {
            match accc_frontend::fortran::emit::emit_host(&analysis, None, fixed) {
                Ok((host, warnings)) => {
                    let rendered =
                        accc_frontend::render_with_sources(&warnings, &analysis.module.files);
                    write_stderr(&rendered);
                    write_stdout(host.fortran.as_bytes())?;
                    if !host.c.is_empty() {
                        write_stdout(b"\n! ---- the C shims of this file ----\n")?;
                        write_stdout(host.c.as_bytes())?;
                    }
                }
                Err(errors) => {
                    let rendered = accc_frontend::Analysis {
                        diagnostics: errors,
                        ..analysis
                    };
                    write_stderr(&accc_frontend::render_diagnostics(&rendered));
                    return Ok(Verdict::Errors);
                }
            }
        }
        Some(kind @ (PrintKind::Llvm | PrintKind::Ptx | PrintKind::Amdgcn))
            if !print_device_code(options, &analysis, kind)? =>
        {
            return Ok(Verdict::Errors);
        }
        Some(PrintKind::LlvmMulticore) => print_multicore_code(options, &analysis)?,
        Some(PrintKind::Llvm | PrintKind::Ptx | PrintKind::Amdgcn) | None => {}
    }
    Ok(Verdict::Clean(Box::new(analysis)))
}

/// `-E` (or `-M`, `-MM`) on a C input under `-fopenacc`: prints what the analysis would see,
/// with macros in `#pragma acc` lines expanded and `_OPENACC` set to 202211.
pub fn preprocess_to_output(
    options: &Options,
    tools: &HostTools,
    input: &Input,
    source: &Path,
    output: StagedOutput,
) -> Outcome {
    let text = preprocess(
        options,
        tools,
        input,
        source,
        options.preprocess_only_args(),
        true,
    )?;
    output.write_all(&text)
}
