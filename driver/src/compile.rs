//! Compiling one source with a host compiler, and writing outputs so that a failure never leaves
//! a half-written file behind.
//!
//! Every output the user named (an object, an assembly file, a preprocessed file, the linked
//! program) is first written under a unique temporary name in the same directory and renamed
//! over the final name only when the tool succeeded ([`StagedOutput`]).

use crate::cli::{Input, InputKind, Options, OPENACC_VERSION};
use crate::outcome::{write_stdout, Failure, Outcome};
use crate::tools::ToolCommand;
use std::fs;
use std::path::{Path, PathBuf};
use tempfile::TempPath;

/// An output file that appears under its final name only on success.
#[derive(Debug)]
pub struct StagedOutput {
    final_path: PathBuf,
    /// `None` when the tool writes the final path directly: standard output (`-`) and special
    /// files such as `/dev/null`, which must never be replaced by a rename.
    temporary: Option<TempPath>,
    /// Removes the temporary name on an interrupt (a half-written output never stays).
    _interrupt: Option<crate::interrupt::Registration>,
}

impl StagedOutput {
    /// Reserves a temporary name beside `final_path`.
    pub fn new(final_path: &Path) -> Outcome<Self> {
        let special = final_path == Path::new("-")
            || fs::metadata(final_path).is_ok_and(|metadata| !metadata.is_file());
        if special {
            return Ok(StagedOutput {
                final_path: final_path.to_path_buf(),
                temporary: None,
                _interrupt: None,
            });
        }
        // `x.o` has the empty parent, which tempfile reads as the current directory.
        let directory = final_path.parent().unwrap_or(Path::new(""));
        let suffix = final_path
            .extension()
            .map(|extension| format!(".{}", extension.to_string_lossy()))
            .unwrap_or_default();
        let file = tempfile::Builder::new()
            .prefix(".accc-")
            .suffix(&suffix)
            .tempfile_in(directory)
            .map_err(|error| {
                // tempfile's message ends with the temporary file's name, which means nothing to
                // the user: the directory is named instead.
                let text = error.to_string();
                let reason = text.split(" at path \"").next().unwrap_or(&text);
                let shown = if directory.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    directory
                };
                Failure::message(format!(
                    "cannot create output file '{}' in directory '{}': {reason}",
                    final_path.display(),
                    shown.display()
                ))
            })?;
        let path = file.into_temp_path();
        // Only the unique name is kept: the tool creates the file itself, with the permissions it
        // wants (the linker makes an executable). The name is removed again if we fail.
        let _ = fs::remove_file(&path);
        Ok(StagedOutput {
            final_path: final_path.to_path_buf(),
            _interrupt: Some(crate::interrupt::register(&path)),
            temporary: Some(path),
        })
    }

    /// Where the tool should write.
    pub fn path(&self) -> &Path {
        match &self.temporary {
            Some(temporary) => temporary,
            None => &self.final_path,
        }
    }

    /// Moves the finished file to its final name.
    pub fn commit(self) -> Outcome {
        let Some(temporary) = self.temporary else {
            return Ok(());
        };
        temporary.persist(&self.final_path).map_err(|error| {
            Failure::message(format!(
                "cannot write output file '{}': {}",
                self.final_path.display(),
                error.error
            ))
        })
    }

    /// Writes `bytes` as the whole output (`-` means standard output) and commits it.
    pub fn write_all(self, bytes: &[u8]) -> Outcome {
        if self.final_path == Path::new("-") {
            return write_stdout(bytes);
        }
        fs::write(self.path(), bytes).map_err(|error| {
            Failure::message(format!(
                "cannot write '{}': {error}",
                self.final_path.display()
            ))
        })?;
        self.commit()
    }
}

/// What a compile produces, given to the compiler as `-c`, `-S`, `-E` or `-fsyntax-only`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    Object,
    Assembly,
    Preprocessed,
    Nothing,
}

impl Product {
    fn flag(self) -> &'static str {
        match self {
            Product::Object => "-c",
            Product::Assembly => "-S",
            Product::Preprocessed => "-E",
            Product::Nothing => "-fsyntax-only",
        }
    }
}

/// Options that make gcc write auxiliary files named after the output (`-save-temps`,
/// `-gsplit-dwarf`'s `.dwo`, coverage notes, dumps); they need [`DirectNames::dump_base`].
const AUXILIARY_OUTPUT_OPTIONS: &[&str] = &[
    "-save-temps",
    "-gsplit-dwarf",
    "-ftest-coverage",
    "--coverage",
    "-fprofile-arcs",
    "-fprofile-generate",
    "-fdump-",
    "-fstack-usage",
    "-fcallgraph-info",
];

/// The names gcc would have derived from the user's output had it written that output directly.
/// accc's compiles write temporary files, so these names are given to the compiler explicitly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectNames {
    /// The `-MD`/`-MMD` dependency file (used unless the user gave `-MF`).
    pub dependency_file: PathBuf,
    /// The dependency rule's target (used unless the user gave `-MT` or `-MQ`).
    pub dependency_target: PathBuf,
    /// The base of auxiliary output names, without extension (`obj/x` for `-c -o obj/x.o`,
    /// `prog-x` when linking `x.c` into `prog`).
    pub dump_base: PathBuf,
}

/// One host compile of one source.
#[derive(Debug)]
pub struct CompileJob<'a> {
    pub options: &'a Options,
    pub input: &'a Input,
    /// The file to compile: the input's path, or a copy of standard input.
    pub source: &'a Path,
    pub product: Product,
    /// Where the compiler writes; `None` for standard output or no output.
    pub output: Option<&'a Path>,
    /// `None` when the compiler writes the user's output itself.
    pub names: Option<DirectNames>,
}

impl CompileJob<'_> {
    /// `compiler <user's compile options> <extra> <name fixes> -c [-x lang] source -o out`.
    pub fn command(&self, compiler: &str, extra: &[String]) -> ToolCommand {
        let mut command = ToolCommand::new(compiler);
        command.args(self.options.compile_args());
        command.args(extra.iter().cloned());
        command.args(self.dependency_fixes());
        command.args(self.dump_base_fixes());
        command.arg(self.product.flag());
        if let Some(language) = &self.input.language {
            command.arg("-x").arg(language.clone());
        }
        command.arg(path_word(self.source));
        if let Some(output) = self.output {
            command.arg("-o").arg(path_word(output));
        }
        command
    }

    /// `-MF` and `-MQ` naming the user's output, because the compiler only sees a temporary one.
    fn dependency_fixes(&self) -> Vec<String> {
        let options = self.options;
        let writes_dependencies = options.has_word("-MD") || options.has_word("-MMD");
        let Some(names) = self.names.as_ref().filter(|_| writes_dependencies) else {
            return Vec::new();
        };
        let mut fixes = Vec::new();
        if !options.has_dependency_option("-MF") {
            fixes.extend(["-MF".to_string(), path_word(&names.dependency_file)]);
        }
        if !options.has_dependency_option("-MT") && !options.has_dependency_option("-MQ") {
            fixes.extend(["-MQ".to_string(), path_word(&names.dependency_target)]);
        }
        fixes
    }

    /// `-dumpbase` and `-dumpbase-ext` so that auxiliary files are named after the user's output
    /// rather than the temporary one (only when an option asks for such files).
    fn dump_base_fixes(&self) -> Vec<String> {
        let options = self.options;
        let wanted = options.has_word_starting_with(AUXILIARY_OUTPUT_OPTIONS)
            && !options.has_word_starting_with(&["-dumpbase", "-dumpdir"]);
        let Some(names) = self.names.as_ref().filter(|_| wanted) else {
            return Vec::new();
        };
        let Some(extension) = self.source.extension() else {
            return Vec::new();
        };
        let extension = format!(".{}", extension.to_string_lossy());
        // A base without a directory would be taken relative to the temporary output's.
        let directory = if names
            .dump_base
            .parent()
            .is_some_and(|p| p.as_os_str().is_empty())
        {
            "./"
        } else {
            ""
        };
        let base = format!("{directory}{}{extension}", names.dump_base.display());
        vec![
            "-dumpbase".to_string(),
            base,
            "-dumpbase-ext".to_string(),
            extension,
        ]
    }

    /// Compiles a source with no OpenACC treatment (C without `-fopenacc`, assembly, C++).
    pub fn compile_plain(&self, compiler: &str, verbose: bool) -> Outcome {
        self.command(compiler, &[]).run(verbose)
    }

    /// Compiles a Fortran source with gfortran. OpenACC directives are comments to gfortran
    /// without `-fopenacc`; `_OPENACC` is defined when the source is preprocessed. With
    /// `-fopenacc`, `use openacc` and `include 'openacc_lib.h'` find accc's runtime module
    /// (found next to the runtime library, see [`crate::tools::Runtime`]; searched before
    /// gfortran's own), and a preprocessed source sees `ACCRT_OPENACC` defined, as C sees it
    /// from accc's openacc.h.
    pub fn compile_fortran(&self, compiler: &str, openacc: bool, verbose: bool) -> Outcome {
        let preprocessed = matches!(self.input.kind, InputKind::Fortran { preprocess: true })
            || self.options.has_word("-cpp")
            || self.product == Product::Preprocessed;
        let mut extra = Vec::new();
        if openacc && preprocessed && !self.options.has_word("-nocpp") {
            extra.push(format!("-D_OPENACC={OPENACC_VERSION}"));
            extra.push("-DACCRT_OPENACC=1".to_string());
        }
        let runtime = openacc.then(crate::tools::Runtime::locate).flatten();
        if let Some(directory) = runtime.and_then(|runtime| runtime.fortran) {
            extra.push("-I".to_string());
            extra.push(path_word(&directory));
        }
        self.command(compiler, &extra).run(verbose)
    }
}

/// Compiles an OpenACC C source the way accc does today: the host compiler compiles the user's
/// original file with the directives ignored (`_OPENACC` defined, unknown-pragma warnings off).
///
/// This is the one place to replace when accc emits host code with runtime calls and kernels.
pub fn compile_host_fallback(job: &CompileJob<'_>, compiler: &str, verbose: bool) -> Outcome {
    let extra = [
        format!("-D_OPENACC={OPENACC_VERSION}"),
        "-Wno-unknown-pragmas".to_string(),
    ];
    job.command(compiler, &extra).run(verbose)
}

/// Compiles an OpenACC C source: the frontend's host emitter rewrites the preprocessed source
/// into runtime calls (the original statements stay as the fallback branches), and the host
/// compiler compiles that. Dependency files come from the user's original source, preprocessed
/// with the user's options, so `make` sees the real headers.
pub fn compile_openacc(
    job: &CompileJob<'_>,
    compiler: &str,
    verbose: bool,
    analysis: &accc_frontend::Analysis,
    scratch: &Path,
) -> Outcome {
    warn_assembly_drops_kernels(job, analysis);
    let kernels = host_kernels(job, analysis)?;
    let compiled: Vec<String> = kernels
        .as_ref()
        .map(|k| k.compiled.clone())
        .unwrap_or_default();
    let host = match accc_frontend::c::emit::emit_host(analysis, Some(&compiled)) {
        Ok(host) => host,
        Err(errors) => return Err(emit_failed(errors, analysis)),
    };
    let options = job.options;
    if options.has_word("-MD") || options.has_word("-MMD") {
        let dependencies = CompileJob {
            options: job.options,
            input: job.input,
            source: job.source,
            product: Product::Preprocessed,
            output: Some(Path::new("/dev/null")),
            names: job.names.clone(),
        };
        let extra = [
            format!("-D_OPENACC={OPENACC_VERSION}"),
            "-Wno-unknown-pragmas".to_string(),
        ];
        dependencies.command(compiler, &extra).run(verbose)?;
    }
    let stem = stem(&job.input.path);
    let rewritten = scratch.join(format!("{}-{stem}.i", std::process::id()));
    std::fs::write(&rewritten, host.as_bytes()).map_err(|error| {
        Failure::message(format!("cannot write '{}': {error}", rewritten.display()))
    })?;
    let mut command = ToolCommand::new(compiler);
    command.args(options.compile_args_for_preprocessed());
    command.arg(job.product.flag());
    command.args(["-x".to_string(), "cpp-output".to_string()]);
    command.arg(path_word(&rewritten));
    let kernels = kernels.filter(|k| !k.compiled.is_empty());
    // The TU's IR for device code at link time (see `crate::offload`).
    let module = &analysis.module;
    let carries_ir = job.product == Product::Object
        && has_link_records(module)
        && !options.device_archs().is_empty();
    let output = match job.output {
        Some(output) if kernels.is_some() || carries_ir => output,
        _ => {
            if let Some(output) = job.output {
                command.arg("-o").arg(path_word(output));
            }
            return command.run(verbose);
        }
    };
    // One object, as make expects: the host code, the kernels and the IR joined with `ld -r`.
    let host_object = scratch.join(format!("{}-{stem}.host.o", std::process::id()));
    command.arg("-o").arg(path_word(&host_object));
    let kernels = beside_kernels(kernels, || command.run(verbose))?;
    // The compiler beneath an MPI wrapper: a wrapper would add its libraries to `-r`.
    let mut join = crate::wrapper::internal_command(compiler, verbose);
    join.args(["-r".to_string(), "-nostdlib".to_string()]);
    join.arg(path_word(&host_object));
    if let Some(kernels) = kernels {
        let kernel_object = scratch.join(format!("{}-{stem}.kernels.o", std::process::id()));
        write_file(&kernel_object, &kernels.object)?;
        if verbose {
            // The kernels were compiled in-process by LLVM; say so where a command would be.
            crate::outcome::write_stderr(&format!(
                " accc: LLVM compiled {} x86-64 kernel(s) at -O{} ({}) into {}\n",
                kernels.compiled.len(),
                opt_level(job.options),
                kernels.compiled.join(", "),
                kernel_object.display()
            ));
        }
        join.arg(path_word(&kernel_object));
    }
    if carries_ir {
        let host = std::fs::read(&host_object).map_err(|error| {
            Failure::message(format!("cannot read '{}': {error}", host_object.display()))
        })?;
        let ir_object = scratch.join(format!("{}-{stem}.ir.o", std::process::id()));
        write_file(
            &ir_object,
            &crate::offload::ir_object(&host, &analysis.module)?,
        )?;
        join.arg(path_word(&ir_object));
    }
    join.arg("-o").arg(path_word(output));
    join.run(verbose)
}

/// Compiles an OpenACC Fortran source: the Fortran host emitter rewrites it into calls of C
/// shims that enter data and launch the kernels (the original statements stay as the fallback
/// branches); gfortran compiles the rewritten Fortran, the C compiler the shims, and the host
/// code, the shims, the kernels and the IR are joined into one object.
#[allow(clippy::too_many_arguments)]
pub fn compile_openacc_fortran(
    job: &CompileJob<'_>,
    tools: &crate::tools::HostTools,
    verbose: bool,
    analysis: &accc_frontend::Analysis,
    fixed: bool,
    scratch: &Path,
) -> Outcome {
    warn_assembly_drops_kernels(job, analysis);
    if job.product != Product::Object || job.output.is_none() {
        job.compile_fortran(&tools.fortran, true, verbose)?;
        write_module_interfaces(job.options, analysis, verbose);
        return Ok(());
    }
    let kernels = host_kernels(job, analysis)?;
    let compiled: Vec<String> = kernels
        .as_ref()
        .map(|k| k.compiled.clone())
        .unwrap_or_default();
    let host = match accc_frontend::fortran::emit::emit_host(analysis, Some(&compiled), fixed) {
        Ok((host, warnings)) => {
            crate::outcome::write_stderr(&accc_frontend::render_with_sources(
                &warnings,
                &analysis.module.files,
            ));
            host
        }
        Err(errors) => return Err(emit_failed(errors, analysis)),
    };
    let options = job.options;
    let stem = stem(&job.input.path);
    let pid = std::process::id();
    // The rewritten text keeps the user's line numbers; a line marker names the user's file
    // in gfortran's messages when the text has none of its own.
    let mut fortran = String::new();
    if !host.fortran.starts_with('#') {
        fortran.push_str(&format!("# 1 {}\n", quoted(&job.source.to_string_lossy())));
    }
    fortran.push_str(&host.fortran);
    let rewritten = scratch.join(format!("{pid}-{stem}.f90"));
    write_file(&rewritten, fortran.as_bytes())?;
    let host_object = scratch.join(format!("{pid}-{stem}.host.o"));
    let mut command = ToolCommand::new(&tools.fortran);
    command.args(options.compile_args_for_rewritten_fortran());
    if let Some(directory) = crate::tools::Runtime::locate().and_then(|runtime| runtime.fortran) {
        command.arg("-I").arg(path_word(&directory));
    }
    command.args(
        ["-ffree-form", "-ffree-line-length-none", "-nocpp", "-c"]
            .into_iter()
            .map(String::from),
    );
    command.arg(path_word(&rewritten));
    command.arg("-o").arg(path_word(&host_object));
    // The compilers beneath MPI wrappers join and compile the shims (see `crate::wrapper`).
    let mut join = crate::wrapper::internal_command(&tools.fortran, verbose);
    join.args(["-r".to_string(), "-nostdlib".to_string()]);
    join.arg(path_word(&host_object));
    let mut shims = None;
    if !host.c.is_empty() {
        let shim_source = scratch.join(format!("{pid}-{stem}.shims.c"));
        write_file(&shim_source, host.c.as_bytes())?;
        let shim_object = scratch.join(format!("{pid}-{stem}.shims.o"));
        let mut command = crate::wrapper::internal_command(&tools.c, verbose);
        command.args(["-c".to_string(), "-O0".to_string(), "-w".to_string()]);
        for pic in ["-fPIC", "-fpic", "-fPIE", "-fpie"] {
            if options.has_word(pic) {
                command.arg(pic.to_string());
            }
        }
        // `ISO_Fortran_binding.h` is gfortran's; a C compiler other than gcc needs its directory.
        if let Some(include) = fortran_include_directory(&tools.fortran, verbose) {
            command.arg(format!("-I{include}"));
        }
        command.arg(path_word(&shim_source));
        command.arg("-o").arg(path_word(&shim_object));
        shims = Some(command);
        join.arg(path_word(&shim_object));
    }
    let kernels = beside_kernels(kernels, || {
        command.run(verbose)?;
        shims.as_ref().map_or(Ok(()), |shims| shims.run(verbose))
    })?;
    let marked = kernels
        .as_ref()
        .and_then(|object| mark_failed_exports(&analysis.module, object));
    let kernels = kernels.filter(|k| !k.compiled.is_empty() || !k.exported.is_empty());
    if let Some(kernels) = kernels {
        let kernel_object = scratch.join(format!("{pid}-{stem}.kernels.o"));
        write_file(&kernel_object, &kernels.object)?;
        if verbose {
            crate::outcome::write_stderr(&format!(
                " accc: LLVM compiled {} x86-64 kernel(s) at -O{} ({}) into {}\n",
                kernels.compiled.len(),
                opt_level(job.options),
                kernels.compiled.join(", "),
                kernel_object.display()
            ));
        }
        join.arg(path_word(&kernel_object));
    }
    let module = marked.as_ref().unwrap_or(&analysis.module);
    let carries_ir = has_link_records(module) && !options.device_archs().is_empty();
    if carries_ir {
        let bytes = std::fs::read(&host_object).map_err(|error| {
            Failure::message(format!("cannot read '{}': {error}", host_object.display()))
        })?;
        let ir_object = scratch.join(format!("{pid}-{stem}.ir.o"));
        write_file(&ir_object, &crate::offload::ir_object(&bytes, module)?)?;
        join.arg(path_word(&ir_object));
    }
    if let Some(output) = job.output {
        join.arg("-o").arg(path_word(output));
    }
    join.run(verbose)?;
    write_module_interfaces(options, analysis, verbose);
    Ok(())
}

/// Writes the `.accmod` interface file of each module the compiled file defines beside
/// gfortran's `.mod` (the `-J` directory), once the compile succeeded. A file that cannot be
/// written is a warning (the object is fine; other files then keep their host fallbacks), and
/// an older one is removed so it cannot describe a module that changed.
fn write_module_interfaces(options: &Options, analysis: &accc_frontend::Analysis, verbose: bool) {
    if analysis.fortran_modules.is_empty() {
        return;
    }
    let directory = options.fortran_module_dir();
    for interface in &analysis.fortran_modules {
        // Written with the digest of the `.mod` gfortran just wrote, which it describes.
        let mut interface = interface.clone();
        interface.mod_digest = accc_frontend::fortran::accmod::mod_digest(
            &directory.join(format!("{}.mod", interface.module)),
        );
        match interface.write_to(&directory) {
            Ok(path) => {
                if verbose {
                    crate::outcome::write_stderr(&format!(
                        " accc: wrote the interface of module '{}' to {}\n",
                        interface.module,
                        path.display()
                    ));
                }
            }
            Err(error) => {
                let path = directory.join(
                    accc_frontend::fortran::accmod::ModuleInterface::file_name(&interface.module),
                );
                let _ = std::fs::remove_file(&path);
                crate::outcome::warn(&format!(
                    "cannot write '{}': {error}; files using module '{}' will not offload its procedures",
                    path.display(),
                    interface.module
                ));
            }
        }
    }
}

/// A C string literal for a line marker's file name.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

/// gfortran's own include directory (where `ISO_Fortran_binding.h` is), asked of the compiler
/// beneath an MPI wrapper.
fn fortran_include_directory(fortran: &str, verbose: bool) -> Option<String> {
    let query = crate::wrapper::internal_command(fortran, verbose);
    let output = crate::interrupt::output(
        std::process::Command::new(&query.program)
            .args(&query.args)
            .arg("-print-file-name=include"),
    )
    .ok()?;
    let directory = String::from_utf8(output.stdout).ok()?.trim().to_string();
    Path::new(&directory)
        .join("ISO_Fortran_binding.h")
        .is_file()
        .then_some(directory)
}

/// A copy of `module` whose exported device functions (`DeviceFunction::exported`) that
/// `object` lacks say why (`DeviceFunction::export_error`), for the link-time routine analysis
/// to report other files' kernels that call them; `None` when every export was compiled.
fn mark_failed_exports(
    module: &acc_ir::Module,
    object: &accc_codegen::HostObject,
) -> Option<acc_ir::Module> {
    let missing = |f: &acc_ir::body::DeviceFunction| {
        f.exported
            && !object
                .exported
                .iter()
                .any(|name| name.strip_prefix(acc_ir::body::EXPORT_PREFIX) == Some(&f.symbol))
    };
    if !module.device_functions.iter().any(missing) {
        return None;
    }
    // Exports are compiled together: one error leaves them all out.
    let reason = object
        .skipped
        .iter()
        .find(|(name, _)| name == accc_codegen::EXPORTS_NAME)
        .map_or_else(
            || "it was not compiled".to_string(),
            |(_, error)| match error {
                accc_codegen::CodegenError::Unsupported { message, .. }
                | accc_codegen::CodegenError::NoDeviceMath { message, .. } => message.clone(),
                other => other.to_string(),
            },
        );
    let mut marked = module.clone();
    for function in &mut marked.device_functions {
        if missing(function) {
            function.export_error = Some(reason.clone());
        }
    }
    Some(marked)
}

/// Writes the kernels of `analysis` for the multicore device (LLVM compiles them in
/// [`beside_kernels`]). The host code launches only the kernels written here; `ACCC_KERNELS=0`
/// leaves every region to its host fallback (for comparing the two paths).
fn host_kernels(
    job: &CompileJob<'_>,
    analysis: &accc_frontend::Analysis,
) -> Outcome<Option<accc_codegen::HostKernelTexts>> {
    let wanted = std::env::var("ACCC_KERNELS").map_or(true, |v| v != "0");
    let module = &analysis.module;
    let device_code =
        !module.kernels.is_empty() || module.device_functions.iter().any(|f| f.exported);
    if !(wanted && job.product == Product::Object && device_code) {
        return Ok(None);
    }
    let host_options = accc_codegen::HostOptions {
        opt_level: opt_level(job.options),
        cpu: job.options.kernel_cpu(),
    };
    let texts = accc_codegen::write_host_kernels(&analysis.module, &host_options)
        .map_err(kernel_generation_failed)?;
    if job.options.opt_info_acc {
        for (name, error) in &texts.skipped {
            crate::outcome::write_stderr(&format!("accc: remark: kernel '{name}' not compiled, the region runs on the host: {error}\n"));
        }
    }
    Ok(Some(texts))
}

/// Runs `host` (the host compiler on the rewritten source) on a thread of its own while LLVM
/// compiles `kernels` on this one: on a file with many regions the two take about as long, so
/// the compile takes the time of the longer (measured by `bench/compile.sh`). A failing host
/// compile wins over a kernel error: it is the user's.
fn beside_kernels(
    kernels: Option<accc_codegen::HostKernelTexts>,
    host: impl FnOnce() -> Outcome + Send,
) -> Outcome<Option<accc_codegen::HostObject>> {
    let Some(kernels) = kernels else {
        host()?;
        return Ok(None);
    };
    let (host, object) = std::thread::scope(|scope| {
        let host = scope.spawn(host);
        let object = kernels.compile();
        let host = host
            .join()
            .unwrap_or_else(|_| Err(Failure::message("the host compile thread panicked")));
        (host, object)
    });
    host?;
    object.map(Some).map_err(kernel_generation_failed)
}

fn kernel_generation_failed(error: accc_codegen::CodegenError) -> Failure {
    Failure::message(format!("kernel generation failed: {error:?}"))
}

/// `-S` writes the host compiler's assembly of the host code alone: the kernels and the IR
/// the link needs for device code exist only in objects, so assembling that file gives a
/// program whose compute regions run their host code. A warning says so (gcc's own `-S` with
/// `-fopenacc` keeps offload code in LTO sections; accc's does not).
fn warn_assembly_drops_kernels(job: &CompileJob<'_>, analysis: &accc_frontend::Analysis) {
    if job.product == Product::Assembly && !analysis.module.kernels.is_empty() {
        crate::outcome::write_stderr(&format!(
            "accc: warning: '-S' writes the host code of '{}' only: assembled, its {} compute \
             region(s) run on the host, serially; compile with '-c' to keep their kernels\n",
            job.input.path,
            analysis
                .module
                .kernels
                .iter()
                .map(|k| k.compute)
                .collect::<std::collections::HashSet<_>>()
                .len()
        ));
    }
}

/// A host emitter's errors, shown once per place (an op's entry and exit may fail alike),
/// naming the user's files; the compile fails.
fn emit_failed(mut errors: Vec<acc_ir::Diagnostic>, analysis: &accc_frontend::Analysis) -> Failure {
    errors.dedup();
    let mut text = accc_frontend::render_with_sources(&errors, &analysis.module.files);
    if text.is_empty() {
        text.push_str("accc: error: cannot emit host code\n");
    }
    crate::outcome::write_stderr(&text);
    Failure::Status(1)
}

/// Writes a scratch file.
fn write_file(path: &Path, bytes: &[u8]) -> Outcome {
    std::fs::write(path, bytes)
        .map_err(|error| Failure::message(format!("cannot write '{}': {error}", path.display())))
}

/// The optimisation level of the last `-O` option (gcc's rules: `-O` is 1, `-Os`/`-Oz`/`-Og`
/// are 2, `-Ofast` is 3), 0 without one.
pub(crate) fn opt_level(options: &Options) -> u8 {
    let mut level = 0;
    for word in options.compile_args() {
        if let Some(rest) = word.strip_prefix("-O") {
            level = match rest {
                "" => 1,
                "fast" => 3,
                "s" | "z" | "g" => 2,
                digits => digits.parse::<u8>().map_or(level, |n| n.min(3)),
            };
        }
    }
    level
}

/// A path as a command-line word.
pub fn path_word(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// The file stem of an input (`dir/x.c` gives `x`), used to name outputs.
pub fn stem(path: &str) -> String {
    Path::new(path)
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.to_string())
}

/// Whether the link-time routine analysis needs this TU's IR: it has kernels, functions or
/// host calls (of `nohost` routines of other files), or a `declare` directive (a file that only declares globals for other files' routines).
fn has_link_records(module: &acc_ir::Module) -> bool {
    let mut declares = false;
    module.walk(&mut |_, op| declares |= matches!(op.kind, acc_ir::OpKind::Declare(_)));
    !(module.kernels.is_empty()
        && module.device_functions.is_empty()
        && module.host_functions.is_empty()
        && module.host_calls.is_empty())
        || declares
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse;

    fn job_command(words: &[&str], product: Product, names: Option<DirectNames>) -> String {
        let options = parse(words.iter().map(|word| word.to_string()).collect()).unwrap();
        let input = options.inputs().next().unwrap().clone();
        let source = PathBuf::from(&input.path);
        let output = PathBuf::from("/tmp/t.o");
        let job = CompileJob {
            options: &options,
            input: &input,
            source: &source,
            product,
            output: Some(&output),
            names,
        };
        job.command("cc", &["-DEXTRA".to_string()]).display()
    }

    #[test]
    fn compile_command_keeps_user_options_in_order() {
        let command = job_command(
            &["-O2", "-DX", "a.c", "-lm", "-Wall", "-c"],
            Product::Object,
            None,
        );
        assert_eq!(command, "cc -O2 -DX -Wall -DEXTRA -c a.c -o /tmp/t.o");
        let command = job_command(&["-x", "c", "a.txt"], Product::Assembly, None);
        assert_eq!(command, "cc -DEXTRA -S -x c a.txt -o /tmp/t.o");
    }

    #[test]
    fn dependency_files_name_the_users_output() {
        let names = DirectNames {
            dependency_file: "out/a.d".into(),
            dependency_target: "out/a.o".into(),
            dump_base: "out/a".into(),
        };
        let command = job_command(&["-MMD", "a.c"], Product::Object, Some(names.clone()));
        assert_eq!(
            command,
            "cc -MMD -DEXTRA -MF out/a.d -MQ out/a.o -c a.c -o /tmp/t.o"
        );
        let command = job_command(
            &["-MD", "-MF", "x.d", "-MT", "t", "a.c"],
            Product::Object,
            Some(names.clone()),
        );
        assert_eq!(command, "cc -MD -MF x.d -MT t -DEXTRA -c a.c -o /tmp/t.o");
        let command = job_command(&["a.c"], Product::Object, Some(names.clone()));
        assert_eq!(command, "cc -DEXTRA -c a.c -o /tmp/t.o");
        let command = job_command(&["-gsplit-dwarf", "a.c"], Product::Object, Some(names));
        assert_eq!(
            command,
            "cc -gsplit-dwarf -DEXTRA -dumpbase out/a.c -dumpbase-ext .c -c a.c -o /tmp/t.o"
        );
    }

    #[test]
    fn staged_output_appears_only_on_commit() {
        let directory = tempfile::tempdir().unwrap();
        let target = directory.path().join("x.o");
        let staged = StagedOutput::new(&target).unwrap();
        fs::write(staged.path(), b"data").unwrap();
        assert!(!target.exists());
        staged.commit().unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"data");
        let staged = StagedOutput::new(&target).unwrap();
        fs::write(staged.path(), b"other").unwrap();
        drop(staged);
        assert_eq!(fs::read(&target).unwrap(), b"data");
        assert_eq!(fs::read_dir(directory.path()).unwrap().count(), 1);
        let null = StagedOutput::new(Path::new("/dev/null")).unwrap();
        assert_eq!(null.path(), Path::new("/dev/null"));
    }
}
