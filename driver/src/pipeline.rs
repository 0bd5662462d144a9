//! The plan for one invocation: either forward the command line to a host compiler, or compile
//! every input (analysing OpenACC C inputs first under `-fopenacc`) and link.
//!
//! Without `-fopenacc` accc forwards the whole command line to the host compiler, which is the
//! surest way to behave exactly like it; only a mix of C and Fortran sources needs the
//! compile-each-then-link plan, because no single host compiler compiles and links both.

use crate::cli::{Input, InputKind, Mode, Options};
use crate::compile::{
    compile_host_fallback, compile_openacc, stem, CompileJob, DirectNames, Product, StagedOutput,
};
use crate::link::link;
use crate::openacc::{analyse_c, analyse_fortran, preprocess_to_output, Verdict};
use crate::outcome::{Failure, Outcome};
use crate::tools::{HostTools, ToolCommand};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// Runs the invocation described by `options`.
pub fn run(options: &Options, tools: &HostTools) -> Outcome {
    check_output_is_not_input(options)?;
    let sources: Vec<&Input> = options
        .inputs()
        .filter(|input| input.kind.is_source())
        .collect();
    let fortran = sources.iter().any(|input| input.kind.is_fortran());
    let other = sources.iter().any(|input| !input.kind.is_fortran());
    let no_inputs = options.inputs().next().is_none();
    let mixed_languages = fortran && other;
    if no_inputs || !(options.openacc || mixed_languages) {
        let links_fortran =
            !other && options.mode == Mode::Link && crate::link::links_fortran(options);
        let compiler = if (fortran || links_fortran) && !other {
            &tools.fortran
        } else {
            &tools.c
        };
        let mut command = ToolCommand::new(compiler);
        command.args(options.forwarded.iter().cloned());
        return command.run(options.verbose);
    }
    Pipeline::new(options, tools)?.run()
}

/// `accc x.c -o x.c` would destroy the source: like gcc, refuse before running anything when
/// `-o` names an input, by its name, through a symbolic link or as a hard link to it.
fn check_output_is_not_input(options: &Options) -> Outcome {
    use std::os::unix::fs::MetadataExt;
    let Some(output) = options.output.as_deref().filter(|output| *output != "-") else {
        return Ok(());
    };
    let identity = |path: &str| fs::metadata(path).ok().map(|m| (m.dev(), m.ino()));
    let output_identity = identity(output).filter(|_| Path::new(output).is_file());
    for input in options.inputs().filter(|input| input.path != "-") {
        let same = input.path == output
            || (output_identity.is_some() && identity(&input.path) == output_identity);
        if same {
            return Err(Failure::message(format!(
                "input file '{}' is the same as output file",
                input.path
            )));
        }
    }
    Ok(())
}

/// A source to compile: the input and the file that holds it.
#[derive(Debug)]
struct Source<'a> {
    /// The input's position among all inputs.
    index: usize,
    input: &'a Input,
    /// The input's path, or the copy of standard input.
    path: PathBuf,
}

impl Source<'_> {
    /// The name diagnostics use for the source.
    fn display_name(&self) -> String {
        if self.input.path == "-" {
            "<stdin>".to_string()
        } else {
            self.input.path.clone()
        }
    }
}

/// The compile-each-then-link plan, with its temporary directory.
#[derive(Debug)]
struct Pipeline<'a> {
    options: &'a Options,
    tools: &'a HostTools,
    /// Removed when the pipeline is dropped, on every path out of [`run`].
    temporary: TempDir,
    /// Removes it on an interrupt too.
    _interrupt: crate::interrupt::Registration,
}

impl<'a> Pipeline<'a> {
    fn new(options: &'a Options, tools: &'a HostTools) -> Outcome<Self> {
        let temporary = tempfile::Builder::new()
            .prefix("accc-")
            .tempdir()
            .map_err(|error| {
                Failure::message(format!("cannot create a temporary directory: {error}"))
            })?;
        Ok(Pipeline {
            options,
            tools,
            _interrupt: crate::interrupt::register(temporary.path()),
            temporary,
        })
    }

    fn run(&self) -> Outcome {
        let sources = self.sources()?;
        let options = self.options;
        let produces_one_file_per_source = matches!(
            options.mode,
            Mode::Preprocess | Mode::Assemble | Mode::Compile
        );
        if produces_one_file_per_source && options.output.is_some() && sources.len() > 1 {
            return Err(Failure::message(
                "cannot specify '-o' with '-c', '-S' or '-E' with multiple files",
            ));
        }
        if options.mode == Mode::Preprocess {
            return self.preprocess_all(&sources);
        }
        let mut analyses = Vec::new();
        if options.openacc {
            analyses = self.analyse_all(&sources)?;
            if options.print.is_some() {
                return Ok(());
            }
        }
        let objects = self.compile_all(&sources, &analyses)?;
        if options.mode == Mode::Link {
            link(options, self.tools, &objects, self.temporary.path())?;
        }
        Ok(())
    }

    /// Every source input, with standard input copied to a file.
    fn sources(&self) -> Outcome<Vec<Source<'a>>> {
        let mut stdin_copy: Option<PathBuf> = None;
        let mut sources = Vec::new();
        for (index, input) in self.options.inputs().enumerate() {
            if !input.kind.is_source() {
                continue;
            }
            let path = if input.path == "-" {
                if input.language.is_none() && self.options.mode != Mode::Preprocess {
                    return Err(Failure::message(
                        "-E or -x required when input is from standard input",
                    ));
                }
                match &stdin_copy {
                    Some(path) => path.clone(),
                    None => {
                        let path = self.copy_stdin(input.kind)?;
                        stdin_copy = Some(path.clone());
                        path
                    }
                }
            } else {
                PathBuf::from(&input.path)
            };
            sources.push(Source { index, input, path });
        }
        Ok(sources)
    }

    fn copy_stdin(&self, kind: InputKind) -> Outcome<PathBuf> {
        let extension = match kind {
            InputKind::C => "c",
            InputKind::PreprocessedC => "i",
            InputKind::Fortran { preprocess: true } => "F90",
            InputKind::Fortran { preprocess: false } => "f90",
            InputKind::OtherSource | InputKind::Linker => "in",
        };
        let mut text = Vec::new();
        std::io::stdin()
            .read_to_end(&mut text)
            .map_err(|error| Failure::message(format!("cannot read standard input: {error}")))?;
        let path = self.temporary.path().join(format!("stdin.{extension}"));
        fs::write(&path, text).map_err(|error| {
            Failure::message(format!("cannot write '{}': {error}", path.display()))
        })?;
        Ok(path)
    }

    /// `-E`, `-M`, `-MM`: every source preprocessed to `-o` or standard output.
    fn preprocess_all(&self, sources: &[Source<'_>]) -> Outcome {
        let options = self.options;
        let mut first_failure = None;
        for source in sources {
            let final_path = PathBuf::from(options.output.as_deref().unwrap_or("-"));
            let staged = StagedOutput::new(&final_path)?;
            let result = if options.openacc && source.input.kind == InputKind::C {
                preprocess_to_output(options, self.tools, source.input, &source.path, staged)
            } else {
                let output = (final_path != Path::new("-")).then(|| staged.path());
                self.compile_one(source, Product::Preprocessed, output, None, None)
                    .and_then(|()| staged.commit())
            };
            note_failure(result, &mut first_failure)?;
        }
        first_failure.map_or(Ok(()), Err)
    }

    /// The OpenACC analysis of every C and Fortran source; fails after the last one if any had errors.
    /// Returns each source's analysis (by position in `sources`) for its compile.
    fn analyse_all(
        &self,
        sources: &[Source<'_>],
    ) -> Outcome<Vec<Option<Box<accc_frontend::Analysis>>>> {
        let mut first_failure = None;
        let mut analyses = Vec::new();
        // Modules the Fortran files analysed so far define: later files of the command see
        // them before their `.accmod` files are written.
        let mut modules: Vec<accc_frontend::fortran::accmod::ModuleInterface> = Vec::new();
        for source in sources {
            analyses.push(None);
            let name = source.display_name();
            let verdict = match source.input.kind {
                InputKind::C | InputKind::PreprocessedC => {
                    analyse_c(self.options, self.tools, source.input, &source.path, &name)
                }
                InputKind::Fortran { .. } => analyse_fortran(
                    self.options,
                    self.tools,
                    source.input,
                    &source.path,
                    &name,
                    &modules,
                ),
                _ => {
                    if self.options.print.is_some() {
                        crate::outcome::warn(&format!(
                            "-fopenacc-print= ignores '{name}': only C and Fortran inputs are analysed"
                        ));
                    }
                    continue;
                }
            };
            match verdict {
                Ok(Verdict::Clean(analysis)) => {
                    for interface in &analysis.fortran_modules {
                        modules.retain(|m| m.module != interface.module);
                        modules.push(interface.clone());
                    }
                    if let Some(slot) = analyses.last_mut() {
                        *slot = Some(analysis);
                    }
                }
                Ok(Verdict::Errors) => {
                    first_failure.get_or_insert(Failure::Status(1));
                }
                Err(failure) => note_failure(Err(failure), &mut first_failure)?,
            }
        }
        first_failure.map_or(Ok(analyses), Err)
    }

    /// Compiles every source; returns, per input, the object to link (in link mode).
    /// Like gcc, a failing source does not stop the others from being compiled.
    fn compile_all(
        &self,
        sources: &[Source<'_>],
        analyses: &[Option<Box<accc_frontend::Analysis>>],
    ) -> Outcome<Vec<Option<PathBuf>>> {
        let options = self.options;
        let mut objects = vec![None; options.inputs().count()];
        let mut first_failure = None;
        for (position, source) in sources.iter().enumerate() {
            let analysis = analyses.get(position).and_then(|a| a.as_deref());
            let input_stem = stem(&source.input.path);
            let result = match options.mode {
                Mode::Link => {
                    let name = format!("{}-{input_stem}.o", source.index);
                    let object = self.temporary.path().join(name);
                    let names = self.link_names(&input_stem);
                    let result =
                        self.compile_one(source, Product::Object, Some(&object), names, analysis);
                    if let Some(slot) = objects.get_mut(source.index) {
                        *slot = Some(object);
                    }
                    result
                }
                Mode::SyntaxOnly => {
                    let names = DirectNames {
                        dependency_file: PathBuf::from(format!("{input_stem}.d")),
                        dependency_target: PathBuf::from(format!("{input_stem}.o")),
                        dump_base: PathBuf::from(&input_stem),
                    };
                    self.compile_one(source, Product::Nothing, None, names, analysis)
                }
                _ => {
                    let (product, extension) = match options.mode {
                        Mode::Assemble => (Product::Assembly, "s"),
                        _ => (Product::Object, "o"),
                    };
                    let default_name = format!("{input_stem}.{extension}");
                    let final_path =
                        PathBuf::from(options.output.as_deref().unwrap_or(&default_name));
                    let names = DirectNames {
                        dependency_file: final_path.with_extension("d"),
                        dependency_target: final_path.clone(),
                        dump_base: final_path.with_extension(""),
                    };
                    let staged = StagedOutput::new(&final_path)?;
                    self.compile_one(source, product, Some(staged.path()), names, analysis)
                        .and_then(|()| staged.commit())
                }
            };
            note_failure(result, &mut first_failure)?;
        }
        first_failure.map_or(Ok(objects), Err)
    }

    /// gcc's names for a source's auxiliary outputs when compiling and linking in one step:
    /// `prog.d` with target `prog` and `prog-x.*` for `-o prog`, else `a-x.d`, `x.o`, `a-x.*`.
    fn link_names(&self, input_stem: &str) -> DirectNames {
        match self.options.output.as_deref() {
            Some(output) => DirectNames {
                dependency_file: Path::new(output).with_extension("d"),
                dependency_target: PathBuf::from(output),
                dump_base: PathBuf::from(format!("{output}-{input_stem}")),
            },
            None => DirectNames {
                dependency_file: PathBuf::from(format!("a-{input_stem}.d")),
                dependency_target: PathBuf::from(format!("{input_stem}.o")),
                dump_base: PathBuf::from(format!("a-{input_stem}")),
            },
        }
    }

    /// Compiles one source with the compiler its kind needs.
    fn compile_one(
        &self,
        source: &Source<'_>,
        product: Product,
        output: Option<&Path>,
        names: impl Into<Option<DirectNames>>,
        analysis: Option<&accc_frontend::Analysis>,
    ) -> Outcome {
        let (options, tools) = (self.options, self.tools);
        let job = CompileJob {
            options,
            input: source.input,
            source: &source.path,
            product,
            output,
            names: names.into(),
        };
        let verbose = options.verbose;
        match source.input.kind {
            InputKind::C | InputKind::PreprocessedC if options.openacc => match analysis {
                Some(analysis) => {
                    compile_openacc(&job, &tools.c, verbose, analysis, self.temporary.path())
                }
                None => compile_host_fallback(&job, &tools.c, verbose),
            },
            InputKind::Fortran { .. } => match analysis {
                Some(analysis) if options.openacc => crate::compile::compile_openacc_fortran(
                    &job,
                    tools,
                    verbose,
                    analysis,
                    crate::openacc::fortran_fixed_form(options, source.input),
                    self.temporary.path(),
                ),
                _ => job.compile_fortran(&tools.fortran, options.openacc, verbose),
            },
            _ => job.compile_plain(&tools.c, verbose),
        }
    }
}

/// Keeps the first failing exit status and goes on; accc's own errors stop at once.
fn note_failure(result: Outcome, first_failure: &mut Option<Failure>) -> Outcome {
    match result {
        Ok(()) => Ok(()),
        Err(Failure::Status(code)) => {
            first_failure.get_or_insert(Failure::Status(code));
            Ok(())
        }
        Err(message) => Err(message),
    }
}
