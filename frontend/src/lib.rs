//! accc's frontends: they turn a user's source file into an [`acc_ir::Module`] plus diagnostics.
//!
//! * [`directive`] parses the text of one OpenACC directive (C `#pragma acc ...` or Fortran
//!   `!$acc ...`) into a syntax tree of clauses, checking which clauses and modifiers each
//!   directive allows.
//! * [`c`] preprocesses and parses C with tree-sitter-c, maps every offset back to the user's file
//!   and line, associates directives with statements, resolves names and types, and lowers the
//!   directives to acc-ir.
//! * [`fortran`] does the same for Fortran with tree-sitter-fortran: free and fixed form, `!$acc`
//!   continuations, `!$acc end` pairing, scopes, modules, derived types and arrays with their
//!   lower bounds.
//!
//! Both lower clauses through one language-neutral layer (`lowering`).

pub mod c;
pub mod directive;
pub mod fortran;
pub(crate) mod host_plan;
pub(crate) mod lowering;
pub(crate) mod runtime_calls;

use acc_ir::{Diagnostic, Module};

/// What the caller knows about the source being analysed.
#[derive(Clone, Debug, Default)]
pub struct FrontendOptions {
    /// The user's file name, used for spans until the first line marker says otherwise.
    pub file_name: String,
    /// Keep optimisation remarks (`-fopt-info-acc`) among the diagnostics.
    pub remarks: bool,
    /// What Fortran `do concurrent` loops outside compute constructs become
    /// (`-fdo-concurrent-to-acc=`).
    pub do_concurrent: DoConcurrent,
    /// Where a Fortran file's `use`d modules are looked for (gfortran's module search path:
    /// the current directory, `-I` and `-J` directories), for their accc interface files.
    pub module_dirs: Vec<std::path::PathBuf>,
    /// Interfaces of modules that earlier files of the same command define (their `.accmod`
    /// files are not written yet, or still describe an older build): used before any file.
    pub module_interfaces: Vec<fortran::accmod::ModuleInterface>,
    /// Where a Fortran `INCLUDE` line's file is looked for, in order (gfortran's: the main
    /// source file's directory, then the `-I` directories).
    pub include_dirs: Vec<std::path::PathBuf>,
    /// C pointers the user asserts alias nothing else (`-Msafeptr`).
    pub safe_pointers: SafePointers,
    /// The last column of a fixed-form Fortran line that counts (`-ffixed-line-length-N`;
    /// `usize::MAX` for `-ffixed-line-length-none`); `None` is gfortran's default, 72.
    pub fixed_line_length: Option<usize>,
    /// Floating-point contraction of the code ([`acc_ir::Module::fp_contract`]), as the host
    /// compiler's options decide it.
    pub fp_contract: acc_ir::FpContract,
    /// `-g` ([`acc_ir::Module::debug_info`]).
    pub debug_info: bool,
    /// The kinds of Fortran's default types (gfortran's `-fdefault-real-8` and the like).
    pub fortran_kinds: fortran::symbols::Kinds,
}

/// NVHPC's `-Msafeptr[=all|arg|dummy|auto|local|static|global]`: which C pointers the
/// dependence test of `kernels` loops treats as `restrict` though they are not declared so
/// (function parameters, automatic locals, `static` variables, globals).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SafePointers {
    pub parameters: bool,
    pub locals: bool,
    pub statics: bool,
    pub globals: bool,
}

impl SafePointers {
    /// Every kind (`-Msafeptr`, `-Msafeptr=all`).
    pub const ALL: SafePointers = SafePointers {
        parameters: true,
        locals: true,
        statics: true,
        globals: true,
    };

    /// Whether a variable stored as `storage` is covered.
    pub fn covers(self, storage: acc_ir::ops::Storage) -> bool {
        use acc_ir::ops::Storage;
        match storage {
            Storage::Parameter => self.parameters,
            Storage::Local => self.locals,
            Storage::Static => self.statics,
            Storage::Global | Storage::Extern => self.globals,
        }
    }
}

/// `-fdo-concurrent-to-acc=none|host|device`: whether a `do concurrent` loop outside any
/// compute construct runs as if `!$acc parallel loop` preceded it, with its locality
/// specifiers as data clauses (`local` → `private`, `local_init` → `firstprivate`, `reduce` →
/// `reduction`). `host` and `device` both offload to the current device (`ACC_DEVICE_TYPE`
/// selects multicore or a GPU at run time); `none`, the default as in Flang, leaves the loops
/// to gfortran.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DoConcurrent {
    #[default]
    None,
    Host,
    Device,
}

/// The result of analysing a translation unit: parsing never fails, it returns the module it
/// could build and every diagnostic it found.
#[derive(Debug)]
pub struct Analysis {
    pub module: Module,
    pub diagnostics: Vec<Diagnostic>,
    /// The preprocessed text the module was built from; used to show source lines in
    /// diagnostics when the user's file cannot be read.
    pub preprocessed: String,
    /// Where each op's directive and statement are in `preprocessed` (for the host emitter).
    pub placements: std::collections::HashMap<acc_ir::Handle<acc_ir::Op>, Placement>,
    /// The interface of each module a Fortran file defines, for its `.accmod` file (written by
    /// the driver beside gfortran's `.mod` when the compile succeeds).
    pub fortran_modules: Vec<fortran::accmod::ModuleInterface>,
    /// The last column of a fixed-form line the analysis read (the host emitter converts the
    /// text the same way).
    pub fixed_columns: usize,
    /// Fortran: explicit declarations of implicitly typed variables the host emitter inserts
    /// (offset in the text, declaration lines), so that none is first seen inside a BLOCK.
    pub implicit_declarations: Vec<(u32, String)>,
    /// Fortran: variables the host code may not assign (`intent(in)` dummies), which a
    /// compute construct's host fallback therefore never saves and restores.
    pub unassignable: std::collections::HashSet<acc_ir::Handle<acc_ir::Variable>>,
    /// Fortran: module variables that are scalar allocatables or pointers, whose linker symbol
    /// holds the address of the value: a module `declare` maps them at their `allocate`,
    /// never at the symbol.
    pub deferred_scalars: std::collections::HashSet<acc_ir::Handle<acc_ir::Variable>>,
}

/// Where a directive sits in the preprocessed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The `#pragma acc` line, from its `#` to the end of the logical line (newline excluded).
    pub pragma: std::ops::Range<u32>,
    /// The statement the directive applies to, for directives that take one.
    pub statement: Option<std::ops::Range<u32>>,
    /// The function the directive is in (`None` at file scope; for Fortran, the module whose
    /// specification part holds it).
    pub function: Option<String>,
    /// Source the host emitter blanks besides the directive: the locality specifiers of a
    /// Fortran `do concurrent` that `-fdo-concurrent-to-acc=` offloads (gfortran 12 does not
    /// know them; the host fallback runs the loop serially, where they change nothing).
    pub erase: Vec<std::ops::Range<u32>>,
    /// Source lines the runtime's profiling events report (`__accrt_loc`).
    pub lines: PlacementLines,
    /// For a Fortran `declare` in a procedure: where its data lifetime begins and ends.
    pub scope: Option<ScopeEdges>,
}

/// The execution part of a Fortran program unit, for a `declare` in its specification part:
/// its data is entered at `start` and exited at `end` and at each `return`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopeEdges {
    /// The start of the line of the first executable statement (or executable directive).
    pub start: u32,
    /// The start of the line of the unit's `contains` or `end` statement.
    pub end: u32,
    /// The `return` keywords of the unit's own statements (contained procedures excluded).
    pub returns: Vec<std::ops::Range<u32>>,
}

/// The user's source lines around a directive (0: unknown).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlacementLines {
    /// The construct's last line: its statement's (block's) last line; the directive's line
    /// for directives without a statement.
    pub end: u32,
    /// The first and last lines of the enclosing function (or Fortran program unit).
    pub function: (u32, u32),
}

impl Analysis {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Analyses a preprocessed C translation unit: parses it, associates and checks every OpenACC
/// directive, and lowers them to acc-ir (with the implicit data pass applied and the result
/// verified).
pub fn analyze_c(preprocessed: String, options: &FrontendOptions) -> Analysis {
    on_analysis_thread(|| c::lower::analyze(preprocessed, options))
}

/// Analyses preprocessed (or plain) Fortran: `fixed` says the text is fixed form. Parses it,
/// pairs and checks every `!$acc` directive, and lowers them to acc-ir (with the implicit data
/// pass applied and the result verified).
pub fn analyze_fortran(text: String, options: &FrontendOptions, fixed: bool) -> Analysis {
    on_analysis_thread(|| fortran::lower::analyze(text, options, fixed))
}

/// The stack an analysis runs on. The body lowerings, the passes and the walks over the user's
/// syntax recurse once per nesting level of the user's code (bounded by each lowering's
/// `MAX_DEPTH`): machine-generated code (a stencil written as one sum of a thousand terms)
/// nests deeper than a main thread's 8 MiB would take. Only what is touched is committed.
pub(crate) const ANALYSIS_STACK: usize = 512 << 20;

/// Runs `work` on a thread with [`ANALYSIS_STACK`] bytes of stack (on this thread when no
/// thread can be started); a panic there is resumed here.
fn on_analysis_thread(work: impl FnOnce() -> Analysis + Send) -> Analysis {
    let work = std::sync::Mutex::new(Some(work));
    let run = || {
        let work = work.lock().map(|mut w| w.take()).ok().flatten();
        work.map(|work| work())
    };
    let spawned = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("accc-frontend".into())
            .stack_size(ANALYSIS_STACK)
            .spawn_scoped(scope, run)
            .map(|handle| handle.join())
    });
    match spawned {
        Ok(Ok(Some(analysis))) => analysis,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        // The thread could not start (or ran nothing): the work is still here.
        Ok(Ok(None)) | Err(_) => run().unwrap_or_else(|| panic!("the analysis ran nowhere")),
    }
}

/// Renders every diagnostic of `analysis` in gcc's format, reading source lines from the user's
/// files on disk (regular files only). Remarks are grouped by the function they are in, each
/// group under gcc's `file: In function 'name':` line (NVHPC's `-Minfo` groups them too).
pub fn render_diagnostics(analysis: &Analysis) -> String {
    let module = &analysis.module;
    // The functions in source order, to find a remark's by binary search.
    let mut starts: Vec<(acc_ir::FileId, u32, u32, &str)> = module
        .functions
        .iter()
        .map(|f| (f.span.file, f.span.line, f.span.col, f.name.as_str()))
        .collect();
    starts.sort_unstable();
    render_grouped(&analysis.diagnostics, &module.files, |d| {
        if d.severity != acc_ir::Severity::Remark {
            return None;
        }
        // The last function that starts before the remark (C functions do not nest; a
        // Fortran procedure's contained procedures follow its own code).
        let at = (d.span.file, d.span.line, d.span.col);
        let after = starts.partition_point(|&(file, line, col, _)| (file, line, col) <= at);
        let &(file, _, _, name) = starts.get(after.checked_sub(1)?)?;
        (file == d.span.file).then_some(name)
    })
}

/// Renders `diagnostics`, whose spans name files of `files`, in gcc's format, reading each
/// source line from the file on disk (regular files only; without one, no caret is shown).
/// The link step renders its diagnostics, which span several modules, with this too.
pub fn render_with_sources<'d>(
    diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
    files: &acc_ir::SourceFiles,
) -> String {
    render_grouped(diagnostics, files, |_| None)
}

/// [`render_with_sources`], with a `file: In function 'name':` line before each run of
/// diagnostics for which `function` names the same function.
fn render_grouped<'d, 'f>(
    diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
    files: &acc_ir::SourceFiles,
    function: impl Fn(&Diagnostic) -> Option<&'f str>,
) -> String {
    let mut cache: std::collections::HashMap<acc_ir::FileId, Option<Vec<String>>> =
        std::collections::HashMap::new();
    let mut source_line = |file: acc_ir::FileId, line: u32| -> Option<String> {
        let lines = cache
            .entry(file)
            .or_insert_with(|| source_lines(files.name(file)));
        lines.as_ref()?.get(line.checked_sub(1)? as usize).cloned()
    };
    if acc_ir::diagnostic::json_output() {
        let objects: Vec<String> = diagnostics
            .into_iter()
            .map(|d| acc_ir::diagnostic::render_json(d, files, &mut source_line))
            .collect();
        return if objects.is_empty() {
            String::new()
        } else {
            format!("[{}]\n", objects.join(", "))
        };
    }
    let mut out = String::new();
    let mut group = None;
    for diagnostic in diagnostics {
        if let Some(name) = function(diagnostic) {
            let key = (diagnostic.span.file, name);
            if group != Some(key) {
                out.push_str(&format!(
                    "{}: In function '{name}':\n",
                    files.name(diagnostic.span.file)
                ));
                group = Some(key);
            }
        }
        out.push_str(&acc_ir::diagnostic::render(
            diagnostic,
            files,
            &mut source_line,
        ));
    }
    out
}

/// The lines of the source file `name` as they are on disk, for carets and columns. Only
/// regular files: a line marker may name a device, a FIFO or a directory (`#line 1
/// "/dev/zero"`), which would never finish reading or is no text.
pub(crate) fn source_lines(name: &str) -> Option<Vec<String>> {
    if !std::fs::metadata(name).is_ok_and(|m| m.is_file()) {
        return None;
    }
    let bytes = std::fs::read(name).ok()?;
    Some(
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_string)
            .collect(),
    )
}

#[cfg(test)]
mod render_tests {
    use super::*;

    #[test]
    fn only_regular_files_give_source_lines() {
        let mut files = acc_ir::SourceFiles::default();
        // A device that never ends: reading it must not be tried.
        let device = files.intern("/dev/zero");
        let span = acc_ir::Span::new(device, 3, 1, 1);
        let text =
            render_with_sources(&[Diagnostic::error(span, "'f' has no device code")], &files);
        assert_eq!(text, "/dev/zero:3:1: error: 'f' has no device code\n");
    }
}
