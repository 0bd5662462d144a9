//! The command-line model: turns gcc-style arguments into [`Options`].
//!
//! Why a hand-written pre-pass instead of clap for everything: gcc's syntax has single-dash long
//! options (`-fopenacc`, `-isystem`), options whose argument may be joined or separate (`-DX` and
//! `-D X`, `-ofile` and `-o file`, `-lm`), comma lists (`-Wl,a,b`), options whose meaning depends
//! on their position (`-x c` applies to the inputs after it; the linker reads `-l` and objects in
//! order), repeated options, options after inputs, and an open set of options that accc does not
//! know but must pass on unchanged. clap's model (`--long`, one-character shorts, a fixed set of
//! arguments) cannot express that. So [`parse`] classifies every argument itself, in order, and
//! clap is used where it fits: describing accc's own flags for `--help`/`--version` (see
//! [`crate::info`]) and parsing the value of `-fopenacc-print=`.

use clap::ValueEnum;

/// The `_OPENACC` value of OpenACC 3.3.
pub const OPENACC_VERSION: &str = "202211";

/// What `-fopenacc-print=` prints for each C input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PrintKind {
    /// The acc-ir module in its MLIR-like text form.
    #[value(name = "acc-ir")]
    AccIr,
    /// The OpenACC directives regenerated from the IR.
    #[value(name = "acc")]
    Acc,
    /// The rewritten host source: runtime calls, kernel launches, the original code as fallback.
    #[value(name = "host")]
    Host,
    /// The optimised LLVM IR of the device code for the first offload architecture.
    #[value(name = "llvm")]
    Llvm,
    /// The PTX of the device code (the first NVIDIA offload architecture, default sm_70).
    #[value(name = "ptx")]
    Ptx,
    /// The AMDGPU assembly of the device code (the first AMD architecture, default gfx90a).
    #[value(name = "amdgcn")]
    Amdgcn,
    /// The optimised LLVM IR of the multicore (x86-64) kernels.
    #[value(name = "llvm-multicore")]
    LlvmMulticore,
}

/// A device target of `-foffload=` (gcc's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffloadTarget {
    Nvptx,
    Amdgcn,
}

/// How far the driver goes, like gcc's `-E`, `-fsyntax-only`, `-S`, `-c` or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `-E`, `-M`, `-MM`: preprocess only.
    Preprocess,
    /// `-fsyntax-only`: check, produce nothing.
    SyntaxOnly,
    /// `-S`: one assembly file per source.
    Assemble,
    /// `-c`: one object per source.
    Compile,
    /// No mode flag: compile every source and link everything.
    Link,
}

/// What kind of file an input is, from its `-x` language or its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// C source to preprocess (`.c`, `-x c`).
    C,
    /// Already preprocessed C (`.i`, `-x cpp-output`).
    PreprocessedC,
    /// Fortran source; `preprocess` when its name or language asks for cpp (`.F90`, `.F`).
    Fortran { preprocess: bool },
    /// Another source the C host compiler knows (assembly, C++, headers): compiled as is.
    OtherSource,
    /// Objects, archives, shared libraries and unknown files: given to the linker.
    Linker,
}

impl InputKind {
    /// The kind of `path` under the language `-x` gave, if any.
    pub fn classify(path: &str, language: Option<&str>) -> InputKind {
        match language {
            Some(language) => Self::from_language(language),
            None if path == "-" => InputKind::C,
            None => Self::from_extension(path),
        }
    }

    fn from_language(language: &str) -> InputKind {
        match language {
            "c" => InputKind::C,
            "cpp-output" => InputKind::PreprocessedC,
            "f77" | "f95" => InputKind::Fortran { preprocess: false },
            "f77-cpp-input" | "f95-cpp-input" => InputKind::Fortran { preprocess: true },
            _ => InputKind::OtherSource,
        }
    }

    fn from_extension(path: &str) -> InputKind {
        let extension = std::path::Path::new(path)
            .extension()
            .and_then(|extension| extension.to_str())
            .unwrap_or("");
        match extension {
            "c" => InputKind::C,
            "i" => InputKind::PreprocessedC,
            "f" | "for" | "ftn" | "f90" | "f95" | "f03" | "f08" => {
                InputKind::Fortran { preprocess: false }
            }
            "F" | "FOR" | "FTN" | "fpp" | "FPP" | "F90" | "F95" | "F03" | "F08" => {
                InputKind::Fortran { preprocess: true }
            }
            "h" | "s" | "S" | "sx" | "cc" | "cp" | "cxx" | "cpp" | "CPP" | "c++" | "C" | "ii"
            | "m" | "mi" | "hh" | "hpp" => InputKind::OtherSource,
            _ => InputKind::Linker,
        }
    }

    /// Whether a compiler turns this input into an object.
    pub fn is_source(self) -> bool {
        !matches!(self, InputKind::Linker)
    }

    pub fn is_fortran(self) -> bool {
        matches!(self, InputKind::Fortran { .. })
    }
}

/// One input file as the user named it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The path as written, or `-` for standard input.
    pub path: String,
    /// The `-x` language in force where the input appeared (`None` after `-x none`).
    pub language: Option<String>,
    pub kind: InputKind,
}

/// Which commands an option is given to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Preprocessing and compiling: `-I`, `-D`, `-U`, `-isystem`, `-include`, `-Wp,`.
    Preprocessor,
    /// Preprocessing, compiling and linking: `-O2`, `-f...`, `-m...`, `-std=`, `-pthread`.
    Everywhere,
    /// Changes what `-E` prints (`-P`, `-dM`, `-C`): compiling and `-E`, never the preprocessing
    /// that feeds the OpenACC analysis.
    PreprocessOutput,
    /// Compiling only: warnings, `-Wa,`, `-Xassembler`.
    Compiler,
    /// Dependency output: `-M`, `-MD`, `-MMD`, `-MP`, `-MF f`, `-MT t`, `-MQ t`.
    Dependency,
    /// Compiling and linking: `-g`, `-v`, `-pipe` and every option accc does not know.
    Common,
    /// Linking only, kept in its place among the inputs: `-l`, `-L`, `-Wl,`, `-shared`.
    Linker,
}

impl Role {
    /// Whether the option goes to the preprocessing that feeds the OpenACC analysis.
    pub fn preprocesses(self) -> bool {
        matches!(self, Role::Preprocessor | Role::Everywhere)
    }

    /// Whether the option goes to a compile (`-c`, `-S`, `-E`, `-fsyntax-only`).
    pub fn compiles(self) -> bool {
        !matches!(self, Role::Linker)
    }

    /// Whether the option goes to the link.
    pub fn links(self) -> bool {
        matches!(self, Role::Everywhere | Role::Common | Role::Linker)
    }
}

/// An option with its argument, spelled as the user wrote it (`["-D", "X"]` or `["-DX"]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    pub words: Vec<String>,
    pub role: Role,
}

/// The command line in order: inputs and the options around them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Input(Input),
    Flag(Flag),
}

/// Everything the command line says.
#[derive(Clone, Debug)]
pub struct Options {
    pub mode: Mode,
    /// `-o`.
    pub output: Option<String>,
    /// Inputs and options in command-line order, without accc's own flags, `-o`, `-x` and the
    /// mode flags.
    pub items: Vec<Item>,
    /// The arguments (response files expanded) without accc's own flags: what the host compiler
    /// gets when accc only forwards.
    pub forwarded: Vec<String>,
    /// `-fopenacc`.
    pub openacc: bool,
    /// `-fopenacc-print=`.
    pub print: Option<PrintKind>,
    /// `-fopt-info-acc` or `-Minfo=accel`: report what accc did with each construct.
    pub opt_info_acc: bool,
    /// `-fdo-concurrent-to-acc=`: what Fortran `do concurrent` loops become.
    pub do_concurrent: accc_frontend::DoConcurrent,
    /// `-Msafeptr[=...]` / `-Mnosafeptr`: C pointers treated as `restrict`.
    pub safe_pointers: accc_frontend::SafePointers,
    /// Every `-foffload=` and `-foffload-options=` value, in order.
    pub offload: Vec<String>,
    /// The targets of the last `-foffload=` (`none`: empty), if any.
    pub offload_targets: Option<Vec<OffloadTarget>>,
    /// Every `--offload-arch=` architecture, in order, without repeats.
    pub offload_archs: Vec<accc_codegen::OffloadArch>,
    /// `-v`.
    pub verbose: bool,
    /// `--help`.
    pub help: bool,
    /// `--version`.
    pub version: bool,
    /// What accc made of NVHPC's spellings (`-acc=multicore`, `-gpu=cc80`, ...), one note per
    /// flag, printed once before any work.
    pub notes: Vec<String>,
}

impl Options {
    /// The GPU architectures device code is built for: the `--offload-arch=` ones, or the
    /// default architecture of each `-foffload=` target (default: `nvptx`, i.e. sm_70).
    pub fn device_archs(&self) -> Vec<accc_codegen::OffloadArch> {
        use accc_codegen::OffloadArch;
        let targets = self
            .offload_targets
            .clone()
            .unwrap_or_else(|| vec![OffloadTarget::Nvptx]);
        let mut archs = Vec::new();
        for target in targets {
            let nvptx = target == OffloadTarget::Nvptx;
            let chosen: Vec<OffloadArch> = self
                .offload_archs
                .iter()
                .copied()
                .filter(|arch| arch.is_nvptx() == nvptx)
                .collect();
            if !chosen.is_empty() {
                archs.extend(chosen);
            } else if self.offload_archs.is_empty() || self.offload_targets.is_some() {
                archs.push(if nvptx {
                    OffloadArch::default_nvptx()
                } else {
                    OffloadArch::default_amdgpu()
                });
            }
        }
        if self.offload_targets.is_none() {
            // `--offload-arch=` alone names the targets.
            for arch in &self.offload_archs {
                if !archs.contains(arch) {
                    archs.push(*arch);
                }
            }
        }
        archs
    }

    pub fn inputs(&self) -> impl Iterator<Item = &Input> {
        self.items.iter().filter_map(|item| match item {
            Item::Input(input) => Some(input),
            Item::Flag(_) => None,
        })
    }

    /// The words of the options whose role `keep` accepts, in order.
    pub fn words_where(&self, keep: impl Fn(Role) -> bool) -> Vec<String> {
        let mut words = Vec::new();
        for item in &self.items {
            if let Item::Flag(flag) = item {
                if keep(flag.role) {
                    words.extend(flag.words.iter().cloned());
                }
            }
        }
        words
    }

    /// Options for the preprocessing that feeds the OpenACC analysis, in order.
    pub fn preprocessor_args(&self) -> Vec<String> {
        self.words_where(Role::preprocesses)
    }

    /// Options for `-E` and `-M`: preprocessing, output control and dependency options.
    pub fn preprocess_only_args(&self) -> Vec<String> {
        self.words_where(|role| {
            role.preprocesses() || matches!(role, Role::PreprocessOutput | Role::Dependency)
        })
    }

    /// Options for compiling one source, in order.
    pub fn compile_args(&self) -> Vec<String> {
        self.words_where(Role::compiles)
    }

    /// How the host compiler contracts floating-point `a * b + c` into fused multiply-adds in
    /// a source of this kind (C, or Fortran when `fortran`), which the kernels follow: the
    /// last `-ffp-contract=` (`fast`; gcc takes `on` as `off`), `-ffast-math` or `-Ofast`
    /// (fast), else gcc's default: `fast` for Fortran and the GNU dialects of C (contracted
    /// where the host CPU fuses, [`acc_ir::FpContract::Host`]), `off` for ISO C (`-std=c99`,
    /// `-std=c11`, `-ansi`, ...).
    pub fn fp_contract(&self, fortran: bool) -> acc_ir::FpContract {
        use acc_ir::FpContract;
        let mut given = None;
        let mut iso_c = false;
        for word in self.compile_args() {
            if let Some(mode) = word.strip_prefix("-ffp-contract=") {
                given = Some(if mode == "fast" {
                    FpContract::Fast
                } else {
                    FpContract::Off
                });
            } else if word == "-ffast-math" || word == "-Ofast" {
                given = Some(FpContract::Fast);
            } else if let Some(standard) = word.strip_prefix("-std=") {
                iso_c = standard.starts_with('c') || standard.starts_with("iso9899");
            } else if word == "-ansi" {
                iso_c = true;
            }
        }
        given.unwrap_or(if fortran || !iso_c {
            FpContract::Host
        } else {
            FpContract::Off
        })
    }

    /// How accc writes its own diagnostics, as gcc writes its: in colour (the last
    /// `-fdiagnostics-color[=always|never|auto]` or `-fno-diagnostics-color`; `auto`, the
    /// default, colours a terminal unless `TERM=dumb` or `GCC_COLORS` is empty), and as JSON
    /// (`-fdiagnostics-format=json`). The flags also reach the host compiler.
    pub fn diagnostic_style(&self) -> (bool, bool) {
        let mut color = "auto";
        let mut json = false;
        for word in &self.forwarded {
            match word.as_str() {
                "-fdiagnostics-color" => color = "always",
                "-fno-diagnostics-color" => color = "never",
                _ => {
                    if let Some(when) = word.strip_prefix("-fdiagnostics-color=") {
                        color = when;
                    } else if let Some(format) = word.strip_prefix("-fdiagnostics-format=") {
                        json = format.starts_with("json");
                    }
                }
            }
        }
        let color = match color {
            "always" => true,
            "never" => false,
            _ => {
                use std::io::IsTerminal;
                std::io::stderr().is_terminal()
                    && std::env::var("TERM").map_or(true, |t| t != "dumb")
                    && std::env::var("GCC_COLORS").map_or(true, |c| !c.is_empty())
            }
        };
        (color && !json, json)
    }

    /// Whether the compile asks for debug information (`-g`, `-g1`..`-g3`, `-ggdb`,
    /// `-gdwarf-N`; the last of those and `-g0` decides), for the host kernels' line tables.
    pub fn debug_info(&self) -> bool {
        self.compile_args()
            .iter()
            .rev()
            .find_map(|word| match word.as_str() {
                "-g0" | "-ggdb0" => Some(false),
                "-g" | "-g1" | "-g2" | "-g3" | "-ggdb" | "-ggdb1" | "-ggdb2" | "-ggdb3" => {
                    Some(true)
                }
                _ if word.starts_with("-gdwarf") => Some(true),
                _ => None,
            })
            .unwrap_or(false)
    }

    /// The CPU the multicore kernels are compiled for: the last `-march=` when LLVM knows it
    /// (`native` too), as the host code is compiled for it; `None` (generic x86-64) otherwise.
    pub fn kernel_cpu(&self) -> Option<String> {
        let cpu = self
            .compile_args()
            .iter()
            .rev()
            .find_map(|word| word.strip_prefix("-march=").map(str::to_string))?;
        accc_codegen::is_known_cpu(&cpu).then_some(cpu)
    }

    /// Options for compiling accc's rewritten, already preprocessed source: no preprocessor
    /// or dependency options (the dependencies come from the user's original source).
    pub fn compile_args_for_preprocessed(&self) -> Vec<String> {
        self.words_where(compiles_preprocessed)
    }

    /// Options for compiling accc's rewritten Fortran: everything but dependency options (the
    /// dependencies come from the user's original source); `-I` stays, as gfortran also
    /// searches those directories for modules.
    pub fn compile_args_for_rewritten_fortran(&self) -> Vec<String> {
        self.words_where(compiles_rewritten_fortran)
    }

    /// [`Options::compile_args_for_rewritten_fortran`] (`fortran`) or
    /// [`Options::compile_args_for_preprocessed`] for a syntax check whose module files go to a
    /// scratch directory: without `-J`, whose directories Fortran's `use` still searches, as
    /// `-I`.
    pub fn syntax_check_args(&self, fortran: bool) -> Vec<String> {
        let keep = if fortran {
            compiles_rewritten_fortran
        } else {
            compiles_preprocessed
        };
        let mut words = Vec::new();
        for item in &self.items {
            if let Item::Flag(flag) = item {
                let module_dir = flag.words.first().is_some_and(|w| w.starts_with("-J"));
                if keep(flag.role) && !module_dir {
                    words.extend(flag.words.iter().cloned());
                }
            }
        }
        if fortran {
            words.extend(
                self.option_values("-J")
                    .into_iter()
                    .map(|d| format!("-I{d}")),
            );
        }
        words
    }

    /// The values of option `name` (`-I`, `-J`) in order, joined (`-Idir`) or separate
    /// (`-I dir`).
    fn option_values(&self, name: &str) -> Vec<String> {
        let mut values = Vec::new();
        for item in &self.items {
            if let Item::Flag(flag) = item {
                match flag.words.as_slice() {
                    [option, value] if option == name => values.push(value.clone()),
                    [word] if word.len() > name.len() && word.starts_with(name) => {
                        values.push(word[name.len()..].to_string());
                    }
                    _ => {}
                }
            }
        }
        values
    }

    /// Where gfortran writes `.mod` files: the `-J` directory, else the current directory.
    pub fn fortran_module_dir(&self) -> std::path::PathBuf {
        self.option_values("-J")
            .pop()
            .map_or_else(|| std::path::PathBuf::from("."), std::path::PathBuf::from)
    }

    /// Where gfortran looks for the `.mod` of a `use`d module, in order: the current directory,
    /// the `-I` directories, the `-J` directory.
    pub fn fortran_module_search(&self) -> Vec<std::path::PathBuf> {
        let mut directories = vec![std::path::PathBuf::from(".")];
        directories.extend(
            self.option_values("-I")
                .into_iter()
                .chain(self.option_values("-J"))
                .map(std::path::PathBuf::from),
        );
        directories
    }

    /// Where gfortran looks for the file of an `INCLUDE` line, in order: the directory of the
    /// main source file `source`, then the `-I` directories.
    pub fn fortran_include_search(&self, source: &str) -> Vec<std::path::PathBuf> {
        let directory = std::path::Path::new(source)
            .parent()
            .map_or_else(std::path::PathBuf::new, std::path::Path::to_path_buf);
        let mut directories = vec![directory];
        directories.extend(
            self.option_values("-I")
                .into_iter()
                .map(std::path::PathBuf::from),
        );
        directories
    }

    /// gfortran's `-ffixed-line-length-N` (the last one given): the last column of a fixed-form
    /// line that counts; `usize::MAX` for `-ffixed-line-length-none` or `-0`. `None` without
    /// the option (gfortran's default, 72).
    pub fn fixed_line_length(&self) -> Option<usize> {
        let mut length = None;
        for item in &self.items {
            let Item::Flag(flag) = item else { continue };
            for word in &flag.words {
                let Some(value) = word.strip_prefix("-ffixed-line-length-") else {
                    continue;
                };
                match value {
                    "none" | "0" => length = Some(usize::MAX),
                    _ => {
                        if let Ok(n @ 1..) = value.parse::<usize>() {
                            length = Some(n);
                        }
                    }
                }
            }
        }
        length
    }

    /// Whether any option word equals `word` exactly.
    pub fn has_word(&self, word: &str) -> bool {
        self.items.iter().any(|item| match item {
            Item::Flag(flag) => flag.words.iter().any(|candidate| candidate == word),
            Item::Input(_) => false,
        })
    }

    /// The kinds gfortran's options give Fortran's default types and promote kinds to
    /// (`-fdefault-real-8`, `-fdefault-integer-8`, `-fdefault-double-8`, `-freal-4-real-8`,
    /// `-finteger-4-integer-8`, ...); `None` when no option changes them.
    pub fn fortran_kinds(&self) -> Option<accc_frontend::fortran::symbols::Kinds> {
        let words = self.items.iter().flat_map(|item| match item {
            Item::Flag(flag) => flag.words.as_slice(),
            Item::Input(_) => &[],
        });
        accc_frontend::fortran::symbols::Kinds::from_options(words.map(String::as_str))
    }

    /// Whether any option word starts with one of `prefixes`.
    pub fn has_word_starting_with(&self, prefixes: &[&str]) -> bool {
        self.items.iter().any(|item| match item {
            Item::Flag(flag) => flag
                .words
                .iter()
                .any(|word| prefixes.iter().any(|prefix| word.starts_with(prefix))),
            Item::Input(_) => false,
        })
    }

    /// Whether a dependency option starts with `prefix` (`-MF`, `-MT`, ...).
    pub fn has_dependency_option(&self, prefix: &str) -> bool {
        self.items.iter().any(|item| match item {
            Item::Flag(flag) => {
                flag.role == Role::Dependency
                    && flag
                        .words
                        .first()
                        .is_some_and(|word| word.starts_with(prefix))
            }
            Item::Input(_) => false,
        })
    }
}

/// Options that take their argument as the next word when written alone, and their role.
const SEPARATE: &[(&str, Role)] = &[
    ("-I", Role::Preprocessor),
    ("-D", Role::Preprocessor),
    ("-U", Role::Preprocessor),
    ("-isystem", Role::Preprocessor),
    ("-include", Role::Preprocessor),
    ("-imacros", Role::Preprocessor),
    ("-iquote", Role::Preprocessor),
    ("-idirafter", Role::Preprocessor),
    ("-iprefix", Role::Preprocessor),
    ("-iwithprefix", Role::Preprocessor),
    ("-iwithprefixbefore", Role::Preprocessor),
    ("-isysroot", Role::Preprocessor),
    ("-imultilib", Role::Preprocessor),
    ("-Xpreprocessor", Role::Preprocessor),
    ("-A", Role::Preprocessor),
    ("-MF", Role::Dependency),
    ("-MT", Role::Dependency),
    ("-MQ", Role::Dependency),
    ("-L", Role::Linker),
    ("-l", Role::Linker),
    ("-Xlinker", Role::Linker),
    ("-u", Role::Linker),
    ("-T", Role::Linker),
    ("-z", Role::Linker),
    ("-e", Role::Linker),
    ("-Xassembler", Role::Compiler),
    // gfortran's module directory: `-J dir` as well as `-Jdir`.
    ("-J", Role::Compiler),
    ("-B", Role::Everywhere),
    ("--sysroot", Role::Everywhere),
    ("--param", Role::Common),
    ("-aux-info", Role::Compiler),
    ("-wrapper", Role::Common),
    ("-specs", Role::Everywhere),
    ("-dumpbase", Role::Common),
    ("-dumpbase-ext", Role::Common),
    ("-dumpdir", Role::Common),
];

/// Options without an argument whose role is not the default one.
const EXACT: &[(&str, Role)] = &[
    ("-M", Role::Dependency),
    ("-MM", Role::Dependency),
    ("-MD", Role::Dependency),
    ("-MMD", Role::Dependency),
    ("-MP", Role::Dependency),
    ("-MG", Role::Dependency),
    ("-pthread", Role::Everywhere),
    ("-ansi", Role::Everywhere),
    ("-nostdinc", Role::Preprocessor),
    ("-undef", Role::Preprocessor),
    ("-trigraphs", Role::Preprocessor),
    ("-traditional-cpp", Role::Preprocessor),
    ("-P", Role::PreprocessOutput),
    ("-C", Role::PreprocessOutput),
    ("-CC", Role::PreprocessOutput),
    ("-H", Role::PreprocessOutput),
    ("-dD", Role::PreprocessOutput),
    ("-dM", Role::PreprocessOutput),
    ("-dN", Role::PreprocessOutput),
    ("-dI", Role::PreprocessOutput),
    ("-dU", Role::PreprocessOutput),
    ("-w", Role::Compiler),
    ("-shared", Role::Linker),
    ("-static", Role::Linker),
    ("-rdynamic", Role::Linker),
    ("-nostdlib", Role::Linker),
    ("-nostartfiles", Role::Linker),
    ("-nodefaultlibs", Role::Linker),
    ("-nolibc", Role::Linker),
    ("-pie", Role::Linker),
    ("-no-pie", Role::Linker),
    ("-static-pie", Role::Linker),
    ("-static-libgcc", Role::Linker),
    ("-shared-libgcc", Role::Linker),
    ("-static-libstdc++", Role::Linker),
    ("-static-libgfortran", Role::Linker),
    ("-symbolic", Role::Linker),
    ("-s", Role::Linker),
    ("-r", Role::Linker),
];

/// Options whose argument is joined (`-DX`, `-Wl,-rpath,x`), longest prefixes first.
const JOINED: &[(&str, Role)] = &[
    ("-isystem", Role::Preprocessor),
    ("-idirafter", Role::Preprocessor),
    ("-iquote", Role::Preprocessor),
    ("-isysroot", Role::Preprocessor),
    ("-MF", Role::Dependency),
    ("-MT", Role::Dependency),
    ("-MQ", Role::Dependency),
    ("-Wl,", Role::Linker),
    ("-Wp,", Role::Preprocessor),
    ("-Wa,", Role::Compiler),
    ("-W", Role::Compiler),
    ("-I", Role::Preprocessor),
    ("-D", Role::Preprocessor),
    ("-U", Role::Preprocessor),
    ("-L", Role::Linker),
    ("-l", Role::Linker),
    ("-J", Role::Compiler),
    ("--sysroot=", Role::Everywhere),
    ("-std=", Role::Everywhere),
    ("-O", Role::Everywhere),
    ("-f", Role::Everywhere),
    ("-m", Role::Everywhere),
    ("-B", Role::Everywhere),
    ("-g", Role::Common),
];

/// The pointers `-Msafeptr=<kinds>` names (NVHPC's spelling: `all`, `arg`/`dummy`,
/// `auto`/`local`, `static`, `global`, comma-separated).
fn safe_pointer_kinds(kinds: &str) -> Result<accc_frontend::SafePointers, String> {
    let mut safe = accc_frontend::SafePointers::default();
    for kind in kinds.split(',') {
        match kind {
            "all" => safe = accc_frontend::SafePointers::ALL,
            "arg" | "dummy" => safe.parameters = true,
            "auto" | "local" => safe.locals = true,
            "static" => safe.statics = true,
            "global" => safe.globals = true,
            _ => {
                return Err(format!(
                    "unrecognized argument '{kind}' in option '-Msafeptr='; valid arguments \
                     are 'all', 'arg', 'dummy', 'auto', 'local', 'static' and 'global'"
                ))
            }
        }
    }
    Ok(safe)
}

/// NVHPC's spellings of the OpenACC and target flags, read as accc's own with a note saying
/// how, or `None` when `arg` is not one of them: `-acc` and `-noacc`; `-acc=gpu|multicore|host`
/// (sub-options such as `strict` or `autopar` are ignored); `-gpu=ccXY,...` (architectures;
/// `managed`, `lineinfo`, `fastmath`, `cudaX.Y`, ... ignored); `-ta=tesla|nvidia[:ccXY,...]`,
/// `-ta=radeon`, `-ta=multicore`, `-ta=host`. Multicore and host alone build no GPU code
/// (`-foffload=none`): the regions run on the multicore device, or serially under
/// `ACC_DEVICE_TYPE=host`.
fn nvhpc_flag(arg: &str, options: &mut Options) -> Option<Result<(), String>> {
    let mut said = Vec::new();
    let mut ignored = Vec::new();
    let mut targets: Option<Vec<OffloadTarget>> = None;
    let mut archs = Vec::new();
    let cc = |name: &str, archs: &mut Vec<accc_codegen::OffloadArch>| -> Result<bool, String> {
        let Some(digits) = name.strip_prefix("cc") else {
            return Ok(false);
        };
        if digits == "all" || digits == "native" {
            return Ok(true);
        }
        match accc_codegen::OffloadArch::parse(&format!("sm_{digits}")) {
            Some(arch) => {
                archs.push(arch);
                Ok(true)
            }
            // Build files written years ago name GPUs older than the oldest accc builds for
            // (Kepler and Maxwell: `-ta=tesla:cc35`, `-gpu=cc50`): the image is built for the
            // oldest instead, which
            // the GPUs the program runs on today take.
            None if matches!(digits, "30" | "32" | "35" | "37" | "50" | "52" | "53") => {
                if let Some(oldest) = accc_codegen::OffloadArch::known_names()
                    .first()
                    .and_then(|n| accc_codegen::OffloadArch::parse(n))
                {
                    archs.push(oldest);
                }
                Ok(true)
            }
            None => {
                let valid: Vec<String> = accc_codegen::OffloadArch::known_names()
                    .iter()
                    .filter_map(|n| n.strip_prefix("sm_"))
                    .map(|n| format!("cc{n}"))
                    .collect();
                let valid: Vec<&str> = valid.iter().map(String::as_str).collect();
                Err(format!(
                    "unknown compute capability '{name}' in '{arg}'; valid ones are {}",
                    quoted_list(&valid)
                ))
            }
        }
    };
    match arg {
        "-acc" => {
            options.openacc = true;
            said.push("-fopenacc".to_string());
        }
        "-noacc" => {
            options.openacc = false;
            said.push("-fno-openacc".to_string());
        }
        _ => {
            if let Some(list) = arg.strip_prefix("-acc=") {
                options.openacc = true;
                said.push("-fopenacc".to_string());
                let mut chosen = Vec::new();
                for item in list.split(',') {
                    match item {
                        "gpu" => chosen.push(Some(OffloadTarget::Nvptx)),
                        "multicore" | "host" => chosen.push(None),
                        _ => ignored.push(item.to_string()),
                    }
                }
                if !chosen.is_empty() {
                    targets = Some(chosen.into_iter().flatten().collect());
                }
            } else if let Some(list) = arg.strip_prefix("-gpu=") {
                for item in list.split(',') {
                    match cc(item, &mut archs) {
                        Ok(true) => {}
                        Ok(false) => ignored.push(item.to_string()),
                        Err(error) => return Some(Err(error)),
                    }
                }
            } else if let Some(list) = arg.strip_prefix("-ta=") {
                // PGI's `-ta=` implied `-acc`.
                options.openacc = true;
                said.push("-fopenacc".to_string());
                let mut chosen = Vec::new();
                // `-ta=tesla:cc80,cc90,multicore`: a target, then its sub-options.
                let mut current = None;
                for item in list.split(',') {
                    let (name, first) = match item.split_once(':') {
                        Some((name, option)) => (name, Some(option)),
                        None => (item, None),
                    };
                    let target = match name {
                        "tesla" | "nvidia" => Some(Some(OffloadTarget::Nvptx)),
                        "radeon" => Some(Some(OffloadTarget::Amdgcn)),
                        "multicore" | "host" => Some(None),
                        _ => None,
                    };
                    let option = match target {
                        Some(target) => {
                            chosen.push(target);
                            current = target;
                            first
                        }
                        None => Some(item),
                    };
                    for option in option.into_iter().flat_map(|o| o.split(':')) {
                        let known = current == Some(OffloadTarget::Nvptx)
                            && match cc(option, &mut archs) {
                                Ok(known) => known,
                                Err(error) => return Some(Err(error)),
                            };
                        if !known {
                            ignored.push(option.to_string());
                        }
                    }
                }
                if !chosen.is_empty() {
                    targets = Some(chosen.into_iter().flatten().collect());
                }
            } else {
                return None;
            }
        }
    }
    if let Some(targets) = targets {
        let names: Vec<&str> = targets
            .iter()
            .map(|t| match t {
                OffloadTarget::Nvptx => "nvptx",
                OffloadTarget::Amdgcn => "amdgcn",
            })
            .collect();
        said.push(format!(
            "-foffload={}",
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(",")
            }
        ));
        options.offload_targets = Some(targets);
    }
    if !archs.is_empty() {
        let names: Vec<&str> = archs.iter().map(|a| a.name()).collect();
        said.push(format!("--offload-arch={}", names.join(",")));
        for arch in archs {
            if !options.offload_archs.contains(&arch) {
                options.offload_archs.push(arch);
            }
        }
    }
    let mut note = format!(
        "'{arg}' is NVHPC's spelling; accc reads it as {}",
        if said.is_empty() {
            "nothing".to_string()
        } else {
            format!("'{}'", said.join(" "))
        }
    );
    if !ignored.is_empty() {
        note.push_str(&format!(" (ignored: {})", ignored.join(", ")));
    }
    if !options.notes.contains(&note) {
        options.notes.push(note);
    }
    Some(Ok(()))
}

/// What one of accc's own flags set, or `None` when `arg` is not one of them.
fn own_flag(arg: &str, options: &mut Options) -> Option<Result<(), String>> {
    if let Some(result) = nvhpc_flag(arg, options) {
        return Some(result);
    }
    match arg {
        "-fopenacc" => options.openacc = true,
        "-fno-openacc" => options.openacc = false,
        "-fopt-info-acc" | "-Minfo" => options.opt_info_acc = true,
        "-Msafeptr" => options.safe_pointers = accc_frontend::SafePointers::ALL,
        "-Mnosafeptr" => options.safe_pointers = accc_frontend::SafePointers::default(),
        _ => {
            if let Some(value) = arg.strip_prefix("-fopenacc-print=") {
                return Some(match PrintKind::from_str(value, false) {
                    Ok(kind) => {
                        options.print = Some(kind);
                        options.openacc = true;
                        Ok(())
                    }
                    Err(_) => Err(format!(
                        "unrecognized argument '{value}' in option '-fopenacc-print='; \
                         valid arguments are 'acc-ir', 'acc', 'host', 'llvm', 'ptx' and 'amdgcn'"
                    )),
                });
            } else if let Some(value) = arg.strip_prefix("-fdo-concurrent-to-acc=") {
                return Some(match value {
                    "none" => {
                        options.do_concurrent = accc_frontend::DoConcurrent::None;
                        Ok(())
                    }
                    "host" => {
                        options.do_concurrent = accc_frontend::DoConcurrent::Host;
                        Ok(())
                    }
                    "device" => {
                        options.do_concurrent = accc_frontend::DoConcurrent::Device;
                        Ok(())
                    }
                    _ => Err(format!(
                        "unrecognized argument '{value}' in option '-fdo-concurrent-to-acc='; \
                         valid arguments are 'none', 'host' and 'device'"
                    )),
                });
            } else if let Some(kinds) = arg.strip_prefix("-Msafeptr=") {
                return Some(safe_pointer_kinds(kinds).map(|kinds| options.safe_pointers = kinds));
            } else if let Some(categories) = arg.strip_prefix("-Minfo=") {
                if categories
                    .split(',')
                    .any(|category| category == "accel" || category == "all")
                {
                    options.opt_info_acc = true;
                }
            } else if let Some(value) = arg.strip_prefix("-foffload=") {
                options.offload.push(value.to_string());
                return Some(parse_offload_targets(value).map(|targets| {
                    options.offload_targets = Some(targets);
                }));
            } else if let Some(value) = arg.strip_prefix("-foffload-options=") {
                options.offload.push(value.to_string());
            } else if let Some(value) = arg.strip_prefix("--offload-arch=") {
                for name in value.split(',') {
                    match accc_codegen::OffloadArch::parse(name) {
                        Some(arch) if !options.offload_archs.contains(&arch) => {
                            options.offload_archs.push(arch)
                        }
                        Some(_) => {}
                        None => {
                            return Some(Err(format!(
                                "unknown offload architecture '{name}' in '--offload-arch='; \
                                 valid architectures are {}",
                                quoted_list(&accc_codegen::OffloadArch::known_names())
                            )))
                        }
                    }
                }
            } else {
                return None;
            }
        }
    }
    Some(Ok(()))
}

/// The targets of `-foffload=<targets>` (gcc's `targets[=options]`; `none`/`disable`: none,
/// `default`: nvptx).
fn parse_offload_targets(value: &str) -> Result<Vec<OffloadTarget>, String> {
    let targets = value.split_once('=').map_or(value, |(targets, _)| targets);
    let mut out = Vec::new();
    for name in targets.split(',') {
        let target = match name {
            "nvptx" | "nvptx-none" | "nvptx64" | "nvptx64-nvidia-cuda" | "default" => {
                OffloadTarget::Nvptx
            }
            "amdgcn" | "amdgcn-amdhsa" | "amdgcn-amd-amdhsa" => OffloadTarget::Amdgcn,
            "none" | "disable" => continue,
            _ => {
                return Err(format!(
                    "unknown offload target '{name}' in '-foffload='; \
                     valid targets are 'nvptx', 'amdgcn' and 'none'"
                ))
            }
        };
        if !out.contains(&target) {
            out.push(target);
        }
    }
    Ok(out)
}

/// `'a', 'b' and 'c'`.
fn quoted_list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

/// The roles of the options that compile preprocessed C ([`Options::compile_args_for_preprocessed`]).
fn compiles_preprocessed(role: Role) -> bool {
    role.compiles() && !matches!(role, Role::Preprocessor | Role::Dependency)
}

/// The roles of the options that compile accc's rewritten Fortran
/// ([`Options::compile_args_for_rewritten_fortran`]).
fn compiles_rewritten_fortran(role: Role) -> bool {
    role.compiles() && !matches!(role, Role::Dependency)
}

/// Parses the arguments after the program name. Errors are messages for `accc: error: `.
pub fn parse(arguments: Vec<String>) -> Result<Options, String> {
    let (args, kind_notes) = crate::nvhpc::translate(expand_response_files(arguments, 0)?)?;
    let mut options = Options {
        mode: Mode::Link,
        output: None,
        items: Vec::new(),
        forwarded: Vec::new(),
        openacc: false,
        print: None,
        opt_info_acc: false,
        do_concurrent: accc_frontend::DoConcurrent::None,
        safe_pointers: accc_frontend::SafePointers::default(),
        offload: Vec::new(),
        offload_targets: None,
        offload_archs: Vec::new(),
        verbose: false,
        help: false,
        version: false,
        notes: kind_notes,
    };
    let (mut preprocess, mut syntax_only, mut assemble, mut compile) = (false, false, false, false);
    let mut language: Option<String> = None;
    let mut index = 0;
    let fast = "-O2".to_string();
    while let Some(arg) = args.get(index) {
        index += 1;
        // NVHPC's `-fast` (its optimisation level with vectorisation and unrolling, without
        // fast-math) is gcc's -O2, which vectorises too; gcc itself does not know it.
        let arg = if arg == "-fast" {
            let note = "'-fast' is NVHPC's spelling; accc reads it as '-O2'".to_string();
            if !options.notes.contains(&note) {
                options.notes.push(note);
            }
            &fast
        } else {
            arg
        };
        if arg == "-" || !arg.starts_with('-') {
            options.forwarded.push(arg.clone());
            let kind = InputKind::classify(arg, language.as_deref());
            let input = Input {
                path: arg.clone(),
                language: language.clone(),
                kind,
            };
            options.items.push(Item::Input(input));
            continue;
        }
        if let Some(result) = own_flag(arg, &mut options) {
            result?;
            continue;
        }
        options.forwarded.push(arg.clone());
        let mut role = Role::Common;
        let mut words = vec![arg.clone()];
        match arg.as_str() {
            "-c" => compile = true,
            "-S" => assemble = true,
            "-E" => preprocess = true,
            "-fsyntax-only" => syntax_only = true,
            "--help" => options.help = true,
            "--version" => options.version = true,
            "-o" | "-x" => {
                let value = args
                    .get(index)
                    .ok_or(format!("missing argument to '{arg}'"))?;
                index += 1;
                options.forwarded.push(value.clone());
                if arg == "-o" {
                    options.output = Some(value.clone());
                } else {
                    language = (value != "none").then(|| value.clone());
                }
            }
            _ => {
                if arg == "-M" || arg == "-MM" {
                    preprocess = true;
                }
                if arg == "-v" {
                    options.verbose = true;
                }
                if let Some((_, separate_role)) = SEPARATE.iter().find(|(name, _)| name == arg) {
                    let value = args
                        .get(index)
                        .ok_or(format!("missing argument to '{arg}'"))?;
                    index += 1;
                    options.forwarded.push(value.clone());
                    words.push(value.clone());
                    role = *separate_role;
                } else if let Some((_, exact_role)) = EXACT.iter().find(|(name, _)| name == arg) {
                    role = *exact_role;
                } else if let Some(value) = arg.strip_prefix("-o") {
                    options.output = Some(value.to_string());
                    continue;
                } else if let Some(value) = arg.strip_prefix("-x") {
                    language = (value != "none").then(|| value.to_string());
                    continue;
                } else if let Some((_, joined_role)) =
                    JOINED.iter().find(|(prefix, _)| arg.starts_with(prefix))
                {
                    role = *joined_role;
                }
                options.items.push(Item::Flag(Flag { words, role }));
            }
        }
    }
    options.mode = if preprocess {
        Mode::Preprocess
    } else if syntax_only {
        Mode::SyntaxOnly
    } else if assemble {
        Mode::Assemble
    } else if compile {
        Mode::Compile
    } else {
        Mode::Link
    };
    Ok(options)
}

/// Replaces every `@file` argument by the words in that file, as gcc does (whitespace separates
/// words; quotes and backslashes escape). An `@file` that cannot be read stays as it is.
fn expand_response_files(arguments: Vec<String>, depth: usize) -> Result<Vec<String>, String> {
    let mut expanded = Vec::with_capacity(arguments.len());
    for argument in arguments {
        let Some(path) = argument.strip_prefix('@') else {
            expanded.push(argument);
            continue;
        };
        let Ok(text) = std::fs::read_to_string(path) else {
            expanded.push(argument);
            continue;
        };
        if depth >= 16 {
            return Err(format!("response file '{path}' includes itself too deeply"));
        }
        expanded.extend(expand_response_files(
            split_response_file(&text),
            depth + 1,
        )?);
    }
    Ok(expanded)
}

/// Splits a response file into words the way libiberty's `buildargv` does.
fn split_response_file(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut characters = text.chars();
    while let Some(character) = characters.next() {
        match (quote, character) {
            (_, '\\') => {
                if let Some(escaped) = characters.next() {
                    current.push(escaped);
                }
                in_word = true;
            }
            (Some(open), _) if character == open => quote = None,
            (Some(_), _) => current.push(character),
            (None, '\'' | '"') => {
                quote = Some(character);
                in_word = true;
            }
            (None, _) if character.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut current));
                    in_word = false;
                }
            }
            (None, _) => {
                current.push(character);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(current);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(words: &[&str]) -> Options {
        parse(words.iter().map(|word| word.to_string()).collect()).unwrap()
    }

    fn flag_words(options: &Options) -> Vec<(Vec<String>, Role)> {
        options
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Flag(flag) => Some((flag.words.clone(), flag.role)),
                Item::Input(_) => None,
            })
            .collect()
    }

    #[test]
    fn joined_and_separate_arguments() {
        let options = parse_words(&["-DX", "-D", "Y=1", "-Iinc", "-I", "dir", "-o", "out", "a.c"]);
        assert_eq!(options.output.as_deref(), Some("out"));
        assert_eq!(
            options.preprocessor_args(),
            ["-DX", "-D", "Y=1", "-Iinc", "-I", "dir"]
        );
        assert_eq!(options.inputs().count(), 1);
        let options = parse_words(&["-oout", "a.c", "-lm", "-l", "z", "-Wl,-rpath,/x"]);
        assert_eq!(options.output.as_deref(), Some("out"));
        let linker: Vec<_> = flag_words(&options)
            .into_iter()
            .filter(|(_, role)| *role == Role::Linker)
            .map(|(words, _)| words.join(" "))
            .collect();
        assert_eq!(linker, ["-lm", "-l z", "-Wl,-rpath,/x"]);
        // gfortran's module directory, separate or joined, is a compile option.
        let options = parse_words(&["-I", "inc", "-J", "mods", "a.f90", "-Iin2", "-o", "a.o"]);
        assert_eq!(options.fortran_module_dir(), std::path::Path::new("mods"));
        let search: Vec<String> = options
            .fortran_module_search()
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        assert_eq!(search, [".", "inc", "in2", "mods"]);
        let options = parse_words(&["a.f90"]);
        assert_eq!(options.fortran_module_dir(), std::path::Path::new("."));
        let options = parse_words(&["-J", "mods", "a.f90", "-Jother", "-o", "a.o"]);
        assert_eq!(options.inputs().count(), 1);
        assert_eq!(options.compile_args(), ["-J", "mods", "-Jother"]);
        assert!(!flag_words(&options)
            .iter()
            .any(|(_, role)| *role == Role::Linker));
    }

    #[test]
    fn nvhpc_kind_flags_are_gfortrans() {
        let options = parse_words(&["-r8", "-i8", "-r8", "a.f90"]);
        assert_eq!(
            options.fortran_kinds(),
            accc_frontend::fortran::symbols::Kinds::from_options([
                "-fdefault-real-8",
                "-fdefault-double-8",
                "-fdefault-integer-8"
            ])
        );
        assert_eq!(
            options
                .fortran_kinds()
                .map(|k| (k.real, k.double, k.integer)),
            Some((8, 8, 8))
        );
        assert_eq!(options.notes.len(), 2, "{:?}", options.notes);
        assert!(options.forwarded.iter().any(|w| w == "-fdefault-real-8"));
        assert!(!options.forwarded.iter().any(|w| w == "-r8"));
        // gfortran's own: double precision becomes 16 bytes without -fdefault-double-8.
        let options = parse_words(&["-fdefault-real-8", "a.f90"]);
        assert_eq!(
            options
                .fortran_kinds()
                .map(|k| (k.real, k.double, k.integer)),
            Some((8, 16, 4))
        );
        let options = parse_words(&["-freal-4-real-8", "-finteger-4-integer-8", "a.f90"]);
        let kinds = options.fortran_kinds().expect("kinds");
        assert_eq!(
            (
                kinds.real,
                kinds.real_kind(4),
                kinds.real_kind(8),
                kinds.integer
            ),
            (8, 8, 8, 8)
        );
        assert_eq!(parse_words(&["-O2", "a.f90"]).fortran_kinds(), None);
    }

    #[test]
    fn nvhpc_spellings_read_as_accc_flags_with_a_note() {
        use accc_codegen::OffloadArch;
        let options = parse_words(&["-acc=multicore", "a.c"]);
        assert!(options.openacc);
        assert_eq!(options.offload_targets, Some(vec![]));
        assert_eq!(
            options.notes,
            ["'-acc=multicore' is NVHPC's spelling; accc reads it as '-fopenacc -foffload=none'"]
        );
        // A GPU older than accc's oldest (old build files): built for the oldest.
        let options = parse_words(&["-ta=tesla:cc35", "a.c"]);
        assert_eq!(
            options.offload_archs,
            [OffloadArch::parse("sm_60").expect("sm_60")]
        );
        let options = parse_words(&["-acc", "-gpu=cc80,managed", "-acc", "a.c"]);
        assert!(options.openacc);
        assert_eq!(options.offload_targets, None);
        assert_eq!(
            options.offload_archs,
            [OffloadArch::parse("sm_80").unwrap()]
        );
        assert_eq!(options.notes.len(), 2, "{:?}", options.notes);
        assert!(options.notes[1].ends_with("'--offload-arch=sm_80' (ignored: managed)"));
        let options = parse_words(&["-ta=tesla:cc70,cc90", "a.c"]);
        assert!(options.openacc);
        assert_eq!(options.offload_targets, Some(vec![OffloadTarget::Nvptx]));
        assert_eq!(options.offload_archs.len(), 2);
        let options = parse_words(&["-ta=radeon,multicore", "a.c"]);
        assert_eq!(options.offload_targets, Some(vec![OffloadTarget::Amdgcn]));
        let options = parse_words(&["-noacc", "a.c"]);
        assert!(!options.openacc);
        assert!(!options.forwarded.iter().any(|w| w.starts_with("-acc")));
        let options = parse_words(&["-fast", "-acc", "a.c"]);
        assert!(options.forwarded.iter().any(|w| w == "-O2"));
        assert!(!options.forwarded.iter().any(|w| w == "-fast"));
        assert!(options.notes[0].ends_with("accc reads it as '-O2'"));
        let error = parse(vec!["-gpu=cc12".to_string()]).unwrap_err();
        assert!(error.contains("'cc80'"), "{error}");
    }

    #[test]
    fn debug_info_follows_the_last_g_option() {
        let debug = |words: &[&str]| parse_words(words).debug_info();
        assert!(!debug(&["a.c"]));
        assert!(debug(&["-g", "a.c"]));
        assert!(debug(&["-ggdb3", "a.c"]));
        assert!(debug(&["-gdwarf-4", "a.c"]));
        assert!(!debug(&["-g", "-g0", "a.c"]));
        assert!(debug(&["-g0", "-g2", "a.c"]));
    }

    #[test]
    fn fp_contraction_and_kernel_cpu() {
        use acc_ir::FpContract;
        let contract = |words: &[&str], fortran| parse_words(words).fp_contract(fortran);
        assert_eq!(contract(&["a.c"], false), FpContract::Host);
        assert_eq!(contract(&["-std=gnu17", "a.c"], false), FpContract::Host);
        assert_eq!(contract(&["-std=c99", "a.c"], false), FpContract::Off);
        assert_eq!(contract(&["-ansi", "a.c"], false), FpContract::Off);
        assert_eq!(contract(&["-std=c11", "a.f90"], true), FpContract::Host);
        assert_eq!(
            contract(&["-std=c11", "-ffp-contract=fast", "a.c"], false),
            FpContract::Fast
        );
        assert_eq!(
            contract(&["-ffp-contract=fast", "-ffp-contract=on", "a.c"], false),
            FpContract::Off
        );
        assert_eq!(contract(&["-Ofast", "a.c"], false), FpContract::Fast);
        // The last -march LLVM knows; none, or an unknown one, is generic x86-64.
        let cpu = |words: &[&str]| parse_words(words).kernel_cpu();
        assert_eq!(cpu(&["a.c"]), None);
        assert_eq!(
            cpu(&["-march=core2", "-march=haswell", "a.c"]),
            Some("haswell".to_string())
        );
        assert_eq!(cpu(&["-march=native", "a.c"]), Some("native".to_string()));
        assert_eq!(cpu(&["-march=not-a-cpu", "a.c"]), None);
    }

    #[test]
    fn modes() {
        assert_eq!(parse_words(&["a.c"]).mode, Mode::Link);
        assert_eq!(parse_words(&["a.c", "-c"]).mode, Mode::Compile);
        assert_eq!(parse_words(&["-S", "-c", "a.c"]).mode, Mode::Assemble);
        assert_eq!(parse_words(&["-c", "-E", "a.c"]).mode, Mode::Preprocess);
        assert_eq!(parse_words(&["-MM", "a.c"]).mode, Mode::Preprocess);
        assert_eq!(parse_words(&["-MMD", "-c", "a.c"]).mode, Mode::Compile);
        assert_eq!(
            parse_words(&["-fsyntax-only", "-c", "a.c"]).mode,
            Mode::SyntaxOnly
        );
    }

    #[test]
    fn own_flags_are_not_forwarded() {
        let options = parse_words(&[
            "-fopenacc",
            "-fopt-info-acc",
            "-foffload=nvptx-none",
            "-O2",
            "a.c",
            "-Minfo=accel",
        ]);
        assert!(options.openacc && options.opt_info_acc);
        assert_eq!(options.offload, ["nvptx-none"]);
        assert_eq!(options.forwarded, ["-O2", "a.c"]);
        let options = parse_words(&["-fopenacc-print=acc", "a.c"]);
        assert_eq!(options.print, Some(PrintKind::Acc));
        assert!(options.openacc);
        let error = parse(vec!["-fopenacc-print=mlir".to_string()]).unwrap_err();
        assert!(error.contains("'mlir'"), "{error}");
        let options = parse_words(&["-Msafeptr", "a.c"]);
        assert_eq!(options.safe_pointers, accc_frontend::SafePointers::ALL);
        assert_eq!(options.forwarded, ["a.c"]);
        let options = parse_words(&["-Msafeptr=arg,static", "-c", "a.c"]);
        let safe = options.safe_pointers;
        assert!(safe.parameters && safe.statics && !safe.locals && !safe.globals);
        let options = parse_words(&["-Msafeptr", "-Mnosafeptr", "a.c"]);
        assert_eq!(
            options.safe_pointers,
            accc_frontend::SafePointers::default()
        );
        let error = parse(vec!["-Msafeptr=everything".to_string()]).unwrap_err();
        assert!(error.contains("'everything'"), "{error}");
    }

    #[test]
    fn offload_targets_and_architectures() {
        let names = |options: &Options| -> Vec<&'static str> {
            options.device_archs().iter().map(|a| a.name()).collect()
        };
        assert_eq!(names(&parse_words(&["a.c"])), ["sm_70"]);
        assert_eq!(
            names(&parse_words(&["-foffload=none", "a.c"])),
            Vec::<&str>::new()
        );
        assert_eq!(
            names(&parse_words(&["-foffload=amdgcn", "a.c"])),
            ["gfx90a"]
        );
        assert_eq!(
            names(&parse_words(&["-foffload=nvptx,amdgcn", "a.c"])),
            ["sm_70", "gfx90a"]
        );
        assert_eq!(
            names(&parse_words(&["--offload-arch=sm_90,gfx942", "a.c"])),
            ["sm_90", "gfx942"]
        );
        assert_eq!(
            names(&parse_words(&[
                "-foffload=amdgcn",
                "--offload-arch=sm_80,gfx942",
                "a.c"
            ])),
            ["gfx942"]
        );
        let options = parse_words(&["-foffload=nvptx-none=-O3", "--offload-arch=sm_80", "a.c"]);
        assert_eq!(names(&options), ["sm_80"]);
        assert_eq!(options.forwarded, ["a.c"]);
        let error = parse(vec!["-foffload=spirv".to_string()]).unwrap_err();
        assert!(error.contains("unknown offload target 'spirv'"), "{error}");
        let error = parse(vec!["--offload-arch=sm_100".to_string()]).unwrap_err();
        assert!(
            error.contains("unknown offload architecture 'sm_100'"),
            "{error}"
        );
        assert!(
            error.contains("'sm_90'") && error.contains("'gfx90a'"),
            "{error}"
        );
        let error = parse(vec!["--offload-arch=gfx950".to_string()]).unwrap_err();
        assert!(error.contains("'gfx950'"), "{error}");
        assert_eq!(
            parse_words(&["-fopenacc-print=ptx", "a.c"]).print,
            Some(PrintKind::Ptx)
        );
    }

    #[test]
    fn languages_apply_to_later_inputs() {
        let options = parse_words(&["a.txt", "-x", "c", "b.txt", "-xnone", "c.f90", "d.o", "-"]);
        let kinds: Vec<_> = options.inputs().map(|input| input.kind).collect();
        assert_eq!(
            kinds,
            [
                InputKind::Linker,
                InputKind::C,
                InputKind::Fortran { preprocess: false },
                InputKind::Linker,
                InputKind::C
            ]
        );
        assert_eq!(
            parse_words(&["x.F90"]).inputs().next().unwrap().kind,
            InputKind::Fortran { preprocess: true }
        );
    }

    #[test]
    fn roles() {
        let options = parse_words(&[
            "-MMD",
            "-MF",
            "a.d",
            "-MTx",
            "-O2",
            "-g",
            "-Wall",
            "-shared",
            "-frobnicate",
            "-P",
            "-isystem",
            "sys",
            "-undef",
        ]);
        let roles: Vec<_> = flag_words(&options)
            .into_iter()
            .map(|(_, role)| role)
            .collect();
        assert_eq!(
            roles,
            [
                Role::Dependency,
                Role::Dependency,
                Role::Dependency,
                Role::Everywhere,
                Role::Common,
                Role::Compiler,
                Role::Linker,
                Role::Everywhere,
                Role::PreprocessOutput,
                Role::Preprocessor,
                Role::Preprocessor,
            ]
        );
        assert!(options.has_dependency_option("-MF"));
        assert!(options.has_dependency_option("-MT"));
        assert!(!options.has_dependency_option("-MQ"));
    }

    #[test]
    fn missing_argument() {
        let error = parse(vec!["a.c".to_string(), "-o".to_string()]).unwrap_err();
        assert_eq!(error, "missing argument to '-o'");
    }

    #[test]
    fn response_files() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("args.rsp");
        std::fs::write(&path, "-DA='x y' \"b c.c\"\n -c\\ d\n").unwrap();
        let options = parse(vec![format!("@{}", path.display())]).unwrap();
        assert_eq!(options.forwarded, ["-DA=x y", "b c.c", "-c d"]);
        let options = parse_words(&["@missing-file"]);
        assert_eq!(options.forwarded, ["@missing-file"]);
    }
}
