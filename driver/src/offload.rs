//! Device code at link time: objects carry their translation unit's acc IR, and the link step
//! compiles the kernels of the whole program for every offload architecture and embeds the
//! images in the program.
//!
//! # Compile: the `.accc.ir` section
//!
//! A C source compiled with `-fopenacc` into an object, whose translation unit has kernels,
//! functions, host calls or `declare` directives the link needs (`compile::has_link_records`), gets
//! a `.accc.ir` section holding its [`acc_ir::Module`] ([`acc_ir::serial`] describes the
//! versioned format). The section is added as a small relocatable object ([`ir_object`]) joined
//! to the host code with `cc -r`; it is not allocated, so a program linked by plain `cc` carries
//! it as inert data and runs on the host and multicore. `-foffload=none` leaves it out.
//!
//! # Link: device images
//!
//! When accc links an executable or a shared library with `-fopenacc` (not `-r`, not
//! `-foffload=none`), [`device_images`] reads the `.accc.ir` records of every object on the link
//! line, compiled or given, and of every member of every archive given by path (a member the
//! linker will not pull in contributes kernels no one launches, which costs only space). It runs
//! the link-time routine analysis over them ([`acc_ir::passes::routines`]): its errors are
//! printed gcc-style and fail the link, its remarks show with `-fopt-info-acc`. For
//! each architecture of [`crate::cli::Options::device_archs`] it compiles all kernels of all the
//! modules into one device module (PTX for NVIDIA, an ELF code object for AMD), and writes a C
//! source that holds each image as a byte array with its table of kernel names and a
//! constructor that registers the images with the runtime: `struct __accrt_image`, its kernel
//! facts and globals, and `__accrt_register_image` of `runtime/include/accrt.h`, whose
//! declarations the source takes from the crate accc-abi (`accc_abi::c::image_declarations`).
//!
//! `globals` lists the global variables the image defines ([`accc_codegen::DeviceGlobal`]: the
//! device copies of declared globals its routines use), each with its symbol, the host
//! variable's address (the generated source declares `extern char <symbol>[];` and takes it)
//! and its size on the device. Version 3 adds, per global, flags, the variable's source name
//! and the kernels that use it: flag 1 marks the pointer global of a `declare link` variable
//! ([`accc_codegen::DeviceLink`]), whose `host` and `size` are then those of the variable and
//! whose kernels the runtime refuses to launch while the variable is not mapped. Version 4 adds
//! `kernel_facts`, one entry per kernel: the bytes of scratch buffer it needs per thread of the
//! grid ([`accc_codegen::DeviceKernel::scratch_bytes`]; 0 for most kernels), which the runtime
//! allocates and passes as the launch's last argument, and flags: 1, the construct gives
//! `num_gangs`, so the runtime may not launch fewer gangs to keep the scratch buffer small
//! (libaccrt still reads versions 1 to 3). The constructor has priority 101, so the images are registered
//! before the program's own constructors, among them those of global `declare` directives.
//!
//! That source is compiled by the host C compiler with `-fPIC` (so it fits executables and
//! shared libraries alike) and linked after the user's objects. A kernel that cannot be compiled
//! for a device is left out of that image (its region keeps running on the host or multicore);
//! `-fopt-info-acc` says which and why. The same object registers the kernels that must run as
//! one gang on the host devices (`__accrt_register_one_gang`). A record that cannot be read (another format version)
//! gets a warning, and its kernels stay on the host. With `-save-temps` each image is also
//! written beside the output as `<output>.<arch>.ptx` or `<output>.<arch>.hsaco`.
//!
//! Test-only: with `ACCC_EMULATE_NVPTX=1` the NVIDIA image is the CPU emulation of the device
//! code (an x86-64 shared object, `accc_codegen` `device::emulate`) instead of PTX, registered
//! exactly where the PTX would be (kind 1, the same architecture name, kernels and globals), so
//! that the mock CUDA driver of `tests/mockcuda/` runs the device lowering itself. No real
//! driver can load it.

use crate::cli::Options;
use crate::compile::path_word;
use crate::outcome::{warn, write_stderr, Failure, Outcome};
use crate::tools::HostTools;
use acc_ir::serial::SECTION;
use accc_codegen::{DeviceOptions, DeviceProduct};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// `__accrt_image.version` of the images this accc embeds (2: with the globals table; 3: each
/// global with flags, its source name and the kernels that use it, for `declare link`; 4: each
/// kernel's scratch bytes per thread).
const IMAGE_VERSION: i32 = accc_abi::image::VERSION;
/// `__accrt_image_global.flags`: the global is the device pointer of a `declare link` variable.
const GLOBAL_LINK: i32 = accc_abi::image::GLOBAL_LINK;
/// `__accrt_kernel_facts.flags`: the kernel's construct gives `num_gangs`.
const KERNEL_FIXED_GANGS: i32 = accc_abi::image::KERNEL_FIXED_GANGS;
/// `__accrt_image.kind`: PTX text.
const KIND_PTX: i32 = accc_abi::image::KIND_PTX;
/// `__accrt_image.kind`: an AMDGPU ELF code object.
const KIND_HSACO: i32 = accc_abi::image::KIND_HSACO;

/// A relocatable object for the machine of `host_object` that holds `module` in its
/// `.accc.ir` section (not allocated, alignment 1).
pub fn ir_object(host_object: &[u8], module: &acc_ir::Module) -> Outcome<Vec<u8>> {
    use object::write::Object;
    use object::{Object as _, SectionKind};
    let host = object::File::parse(host_object).map_err(|error| {
        Failure::message(format!("cannot read the host object's format: {error}"))
    })?;
    let mut object = Object::new(host.format(), host.architecture(), host.endianness());
    let section = object.add_section(Vec::new(), SECTION.as_bytes().to_vec(), SectionKind::Other);
    object.append_section_data(section, &acc_ir::serial::encode(module), 1);
    if host.section_by_name(".note.GNU-stack").is_some() {
        // Without it the linker takes the object to need an executable stack.
        object.add_section(Vec::new(), b".note.GNU-stack".to_vec(), SectionKind::Other);
    }
    object
        .write()
        .map_err(|error| Failure::message(format!("cannot write the {SECTION} object: {error}")))
}

/// The `.accc.ir` records of one object file's bytes (none when it has no such section or is no
/// object this reader knows).
fn object_records(data: &[u8]) -> Result<Vec<acc_ir::Module>, acc_ir::serial::DecodeError> {
    use object::{Object, ObjectSection};
    let Ok(file) = object::File::parse(data) else {
        return Ok(Vec::new());
    };
    let Some(section) = file.section_by_name(SECTION) else {
        return Ok(Vec::new());
    };
    match section.uncompressed_data() {
        Ok(bytes) => acc_ir::serial::decode(&bytes),
        Err(error) => Err(acc_ir::serial::DecodeError::Malformed(error.to_string())),
    }
}

/// The modules of an object or of every member of an archive. A record that cannot be read is
/// reported as a warning naming the file (and member).
pub fn read_modules(path: &Path) -> Vec<acc_ir::Module> {
    let mut modules = Vec::new();
    crate::link::any_object(path, |name, bytes| {
        match object_records(bytes) {
            Ok(found) => modules.extend(found),
            Err(error) => warn(&format!("'{name}': {error}; its regions run on the host")),
        }
        false
    });
    modules
}

/// The objects and archives the link reads, in command-line order: each source's compiled
/// object where the source was, every other input, and the static library each `-l` names
/// ([`find_library`]).
fn link_inputs(options: &Options, objects: &[Option<PathBuf>]) -> Vec<PathBuf> {
    let words = options.words_where(|role| role == crate::cli::Role::Linker);
    let dirs = library_dirs(&words);
    let static_only = options.has_word("-static");
    let mut inputs = Vec::new();
    let mut index = 0;
    for item in &options.items {
        match item {
            crate::cli::Item::Input(input) => {
                if let Some(object) = objects.get(index).and_then(Option::as_ref) {
                    inputs.push(object.clone());
                } else if !input.kind.is_source() {
                    inputs.push(PathBuf::from(&input.path));
                }
                index += 1;
            }
            crate::cli::Item::Flag(flag) if flag.role == crate::cli::Role::Linker => {
                inputs.extend(
                    library_names(&flag.words)
                        .filter_map(|name| find_library(&name, &dirs, static_only)),
                );
            }
            crate::cli::Item::Flag(_) => {}
        }
    }
    inputs
}

/// The library names of `-lfoo`, `-l foo` and `-l:file` in `words`.
fn library_names(words: &[String]) -> impl Iterator<Item = String> + '_ {
    words
        .iter()
        .enumerate()
        .filter_map(|(at, word)| match word.as_str() {
            "-l" => words.get(at + 1).cloned(),
            _ => word
                .strip_prefix("-l")
                .filter(|name| !name.is_empty())
                .map(str::to_string),
        })
}

/// The directories `-l` searches, as ld does: every `-L` of the command line (wherever it is),
/// then `LIBRARY_PATH`. The system directories are left out: the libraries there were not
/// compiled by accc, and reading all of libc.a on every link would cost time for nothing.
fn library_dirs(words: &[String]) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for (at, word) in words.iter().enumerate() {
        match word.as_str() {
            "-L" => dirs.extend(words.get(at + 1).map(PathBuf::from)),
            _ => dirs.extend(
                word.strip_prefix("-L")
                    .filter(|dir| !dir.is_empty())
                    .map(PathBuf::from),
            ),
        }
    }
    if let Some(path) = std::env::var_os("LIBRARY_PATH") {
        dirs.extend(std::env::split_paths(&path).filter(|dir| !dir.as_os_str().is_empty()));
    }
    dirs
}

/// The archive `-l name` links, as ld chooses: `:file` names the file itself; otherwise the first
/// directory that has `libname.so` (unless `static_only`) or `libname.a` decides. A shared
/// library is not read (`None`): it was linked with its own device image, which it registers
/// when it is loaded.
fn find_library(name: &str, dirs: &[PathBuf], static_only: bool) -> Option<PathBuf> {
    let candidates: Vec<String> = match name.strip_prefix(':') {
        Some(file) => vec![file.to_string()],
        None if static_only => vec![format!("lib{name}.a")],
        None => vec![format!("lib{name}.so"), format!("lib{name}.a")],
    };
    let found = dirs.iter().find_map(|dir| {
        candidates
            .iter()
            .map(|file| dir.join(file))
            .find(|path| path.is_file())
    })?;
    let shared = found
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.ends_with(".so") || n.contains(".so."));
    (!shared).then_some(found)
}

/// One compiled image.
#[derive(Debug)]
struct Image {
    arch: &'static str,
    kind: i32,
    bytes: Vec<u8>,
    kernels: Vec<String>,
    /// Per kernel (in `kernels` order): the scratch bytes it needs per thread of the grid, and
    /// whether its construct fixes the number of gangs (`num_gangs`).
    facts: Vec<(u64, bool)>,
    /// The globals the image defines.
    globals: Vec<accc_codegen::DeviceGlobal>,
}

/// Whether this link analyses the program's routines (and builds device images when there are
/// offload architectures).
fn wanted(options: &Options) -> bool {
    options.openacc && !options.has_word("-r")
}

/// The device types the link builds code for: the host and multicore devices (the x86 kernels
/// compiled with each object), and the GPU vendor of each offload architecture.
fn link_targets(options: &Options) -> Vec<acc_ir::DeviceType> {
    use acc_ir::DeviceType;
    let mut targets = vec![DeviceType::Host, DeviceType::Multicore];
    for arch in options.device_archs() {
        let vendor = if arch.is_nvptx() {
            DeviceType::Nvidia
        } else {
            DeviceType::Radeon
        };
        if !targets.contains(&vendor) {
            targets.push(vendor);
        }
    }
    targets
}

/// Runs the link-time routine analysis ([`acc_ir::passes::routines`]) over `modules` for every
/// device type the link builds: prints its errors and warnings (and its remarks under
/// `-fopt-info-acc`) gcc-style, and fails the link when there are errors.
fn link_routines(
    options: &Options,
    modules: &[acc_ir::Module],
) -> Outcome<acc_ir::passes::ProgramLink> {
    let linked = acc_ir::passes::link_program(modules, &link_targets(options));
    let shown = linked
        .diagnostics
        .iter()
        .filter(|d| d.severity != acc_ir::Severity::Remark || options.opt_info_acc);
    let text = accc_frontend::render_with_sources(shown, &linked.files);
    write_stderr(&text);
    if linked.has_errors() {
        return Err(Failure::Status(1));
    }
    Ok(linked)
}

/// Builds the device images of the program linked from `objects` (see the module docs) and
/// returns the object that registers them, to be linked after the user's objects; `None` when
/// there is nothing to embed.
pub fn device_images(
    options: &Options,
    tools: &HostTools,
    objects: &[Option<PathBuf>],
    scratch: &Path,
) -> Outcome<Option<PathBuf>> {
    if !wanted(options) {
        return Ok(None);
    }
    let modules: Vec<acc_ir::Module> = link_inputs(options, objects)
        .iter()
        .flat_map(|path| read_modules(path))
        .collect();
    if modules.iter().all(|module| module.kernels.is_empty()) {
        return Ok(None);
    }
    let linked = link_routines(options, &modules)?;
    // The host and multicore devices run the same x86 kernels.
    let mut one_gang: Vec<String> = linked
        .targets
        .iter()
        .flat_map(|t| t.one_gang_on_host.iter().cloned())
        .collect();
    one_gang.sort();
    one_gang.dedup();
    let mut images = Vec::new();
    for arch in options.device_archs() {
        // Test-only: the NVIDIA image is the CPU emulation of the device code (a shared
        // object the mock CUDA driver runs; `accc_codegen::device` `emulate`).
        let arch = match arch.emulated() {
            Some(emulated) if emulate_nvptx() => emulated,
            _ => arch,
        };
        let vendor = if arch.is_nvptx() {
            acc_ir::DeviceType::Nvidia
        } else {
            acc_ir::DeviceType::Radeon
        };
        let Some(target) = linked.target(&vendor) else {
            continue;
        };
        let references: Vec<&acc_ir::Module> = target.modules.iter().collect();
        let device_options = DeviceOptions {
            arch,
            opt_level: crate::compile::opt_level(options),
        };
        let code = match accc_codegen::compile_device_program(
            &references,
            &device_options,
            DeviceProduct::Image,
        ) {
            Ok(code) => code,
            Err(error) => {
                warn(&format!(
                    "no device code for {}: {error}; the program's regions run on the host",
                    arch.name()
                ));
                continue;
            }
        };
        if options.opt_info_acc {
            for (name, error) in &code.skipped {
                write_stderr(&format!(
                    "accc: remark: kernel '{name}' not compiled for {}, the region runs on the host: {error}\n",
                    arch.name()
                ));
            }
        }
        if options.verbose {
            write_stderr(&format!(
                " accc: LLVM compiled {} kernel(s) of {} object(s) for {} ({} bytes)\n",
                code.kernels.len(),
                modules.len(),
                arch.name(),
                code.bytes.len()
            ));
        }
        if code.kernels.is_empty() {
            continue;
        }
        images.push(Image {
            arch: arch.name(),
            kind: if arch.is_nvptx() {
                KIND_PTX
            } else {
                KIND_HSACO
            },
            bytes: code.bytes,
            facts: code
                .kernels
                .iter()
                .map(|k| (k.scratch_bytes, k.fixed_gangs))
                .collect(),
            kernels: code.kernels.into_iter().map(|k| k.name).collect(),
            globals: code.globals,
        });
    }
    if images.is_empty() && one_gang.is_empty() {
        return Ok(None);
    }
    if options.has_word_starting_with(&["-save-temps"]) {
        save_images(options, &images)?;
    }
    let source = scratch.join(format!("{}-accc-images.c", std::process::id()));
    let object = source.with_extension("o");
    // Each image's bytes in a file of their own, which the source includes with the
    // assembler's `.incbin` (a C initialiser of megabytes of PTX costs the C compiler seconds).
    let mut files = Vec::new();
    for (index, image) in images.iter().enumerate() {
        let file = scratch.join(format!("{}-accc-image-{index}.bin", std::process::id()));
        std::fs::write(&file, &image.bytes).map_err(|error| {
            Failure::message(format!("cannot write '{}': {error}", file.display()))
        })?;
        files.push(file);
    }
    std::fs::write(&source, registration_source(&images, &files, &one_gang)).map_err(|error| {
        Failure::message(format!("cannot write '{}': {error}", source.display()))
    })?;
    // The compiler beneath an MPI wrapper (`crate::wrapper`): the registration needs no MPI.
    let mut command = crate::wrapper::internal_command(&tools.c, options.verbose);
    command.args(["-c", "-fPIC", "-w", "-x", "c"].map(String::from));
    command.arg(path_word(&source));
    command.arg("-o").arg(path_word(&object));
    command.run(options.verbose)?;
    Ok(Some(object))
}

/// Whether `ACCC_EMULATE_NVPTX=1` asks for the CPU emulation of the NVIDIA device code as the
/// NVIDIA image (test-only: for the mock CUDA driver, tests/cuda.sh).
fn emulate_nvptx() -> bool {
    std::env::var_os("ACCC_EMULATE_NVPTX").is_some_and(|value| value == "1")
}

/// `-save-temps`: each image beside the output, as `<output>.<arch>.ptx|hsaco` (`.so` for the
/// emulation's shared object).
fn save_images(options: &Options, images: &[Image]) -> Outcome {
    let output = options.output.as_deref().unwrap_or("a.out");
    for image in images {
        let extension = if image.bytes.starts_with(b"\x7fELF") && image.kind == KIND_PTX {
            // The CPU emulation of the NVIDIA device code (`ACCC_EMULATE_NVPTX=1`).
            "so"
        } else if image.kind == KIND_PTX {
            "ptx"
        } else {
            "hsaco"
        };
        let path = format!("{output}.{}.{extension}", image.arch);
        std::fs::write(&path, &image.bytes)
            .map_err(|error| Failure::message(format!("cannot write '{path}': {error}")))?;
    }
    Ok(())
}

/// The host symbol of an image's global: the variable itself, or for the pointer of a `declare
/// link` variable, that variable.
fn host_symbol(global: &accc_codegen::DeviceGlobal) -> &str {
    global.link.as_ref().map_or(&global.name, |link| &link.host)
}

/// The C source that holds `images` and registers them before `main` (or when the shared
/// library is loaded), with the kernels that run as one gang on the host devices. `files[i]`
/// holds image `i`'s bytes: the source includes them with `.incbin`, or, for a path the
/// assembler's string syntax cannot hold, as a C initialiser.
fn registration_source(images: &[Image], files: &[PathBuf], one_gang: &[String]) -> String {
    let mut text = format!(
        "/* Device images embedded by accc at link time. */\n#include <stddef.h>\n{}",
        accc_abi::c::image_declarations()
    );
    // The host variables of the images' globals, by symbol (their types do not matter here:
    // only the addresses are taken).
    let mut symbols: Vec<&str> = images
        .iter()
        .flat_map(|image| image.globals.iter().map(host_symbol))
        .collect();
    symbols.sort_unstable();
    symbols.dedup();
    for symbol in symbols {
        // Global symbols are C identifiers (C names, gfortran's `__m_MOD_x`, `bind(c)` labels).
        let _ = writeln!(text, "extern char {symbol}[];");
    }
    for (index, image) in images.iter().enumerate() {
        let plain = files
            .get(index)
            .and_then(|file| file.to_str())
            .filter(|path| {
                path.chars()
                    .all(|c| (' '..='~').contains(&c) && c != '"' && c != '\\')
            });
        if let Some(path) = plain {
            // A local label (no `.globl`): every registration object may have the same names.
            let _ = writeln!(
                text,
                "__asm__(\".section .rodata.accc_images,\\\"a\\\"\\n.balign 16\\n\
                 __accc_image_{index}_bytes:\\n.incbin \\\"{path}\\\"\\n.previous\");\n\
                 extern const unsigned char __accc_image_{index}_bytes[];"
            );
        } else {
            let _ = write!(
                text,
                "static const unsigned char __accc_image_{index}_bytes[{}] __attribute__((aligned(16))) = {{",
                image.bytes.len().max(1)
            );
            for (position, byte) in image.bytes.iter().enumerate() {
                if position % 24 == 0 {
                    text.push('\n');
                }
                let _ = write!(text, "{byte},");
            }
            text.push_str("\n};\n");
        }
        let _ = write!(
            text,
            "static const char *const __accc_image_{index}_kernels[{}] = {{",
            image.kernels.len()
        );
        for name in &image.kernels {
            // Kernel names are C identifiers, so they need no escaping.
            let _ = write!(text, "\n  \"{name}\",");
        }
        text.push_str("\n};\n");
        let _ = write!(
            text,
            "static const struct __accrt_kernel_facts __accc_image_{index}_facts[{}] = {{",
            image.facts.len().max(1)
        );
        for &(bytes, fixed_gangs) in &image.facts {
            let flags = if fixed_gangs { KERNEL_FIXED_GANGS } else { 0 };
            let _ = write!(text, "\n  {{{bytes}ULL, {flags}}},");
        }
        text.push_str("\n};\n");
        for (position, global) in image.globals.iter().enumerate() {
            let kernels = global.link.as_ref().map_or(&[][..], |l| &l.kernels[..]);
            let _ = write!(
                text,
                "static const char *const __accc_image_{index}_global_{position}_kernels[{}] = {{",
                kernels.len().max(1)
            );
            for name in kernels {
                let _ = write!(text, "\n  \"{name}\",");
            }
            text.push_str("\n};\n");
        }
        let _ = write!(
            text,
            "static const struct __accrt_image_global __accc_image_{index}_globals[{}] = {{",
            image.globals.len().max(1)
        );
        for (position, global) in image.globals.iter().enumerate() {
            // Symbols, source names and kernel names are identifiers: no escaping needed.
            let (flags, source, size, kernels) = match &global.link {
                Some(link) => (GLOBAL_LINK, &link.name, link.bytes, link.kernels.len()),
                None => (0, &global.name, global.bytes, 0),
            };
            let _ = write!(
                text,
                "\n  {{\"{}\", (void *){}, {size}, {flags}, \"{source}\", \
                 __accc_image_{index}_global_{position}_kernels, {kernels}}},",
                global.name,
                host_symbol(global),
            );
        }
        text.push_str("\n};\n");
    }
    // Kernel names are C identifiers, so they need no escaping.
    text.push_str("void __accrt_register_one_gang(const char *const *names, size_t count);\n");
    let _ = write!(
        text,
        "static const char *const __accc_one_gang[{}] = {{",
        one_gang.len().max(1)
    );
    for name in one_gang {
        let _ = write!(text, "\n  \"{name}\",");
    }
    text.push_str("\n};\n");
    text.push_str("static const struct __accrt_image __accc_images[] = {\n");
    for (index, image) in images.iter().enumerate() {
        let _ = writeln!(
            text,
            "  {{{IMAGE_VERSION}, {}, \"{}\", __accc_image_{index}_bytes, {}, __accc_image_{index}_kernels, {}, __accc_image_{index}_globals, {}, __accc_image_{index}_facts}},",
            image.kind,
            image.arch,
            image.bytes.len(),
            image.kernels.len(),
            image.globals.len()
        );
    }
    text.push_str(
        "};\n/* Before the program's own constructors (a global `declare` registers its data from\n   \
         one), so that the runtime knows the device copies of declared globals by then. */\n\
         __attribute__((constructor(101))) static void __accc_register_images(void) {\n  \
         for (size_t i = 0; i < sizeof __accc_images / sizeof __accc_images[0]; i++)\n    \
         __accrt_register_image(&__accc_images[i]);\n",
    );
    let _ = writeln!(
        text,
        "  __accrt_register_one_gang(__accc_one_gang, {});\n}}",
        one_gang.len()
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyse(source: &str) -> acc_ir::Module {
        let options = accc_frontend::FrontendOptions::default();
        let analysis = accc_frontend::analyze_c(source.to_string(), &options);
        assert!(!analysis.module.kernels.is_empty(), "{source}");
        analysis.module
    }

    fn ptx(modules: &[&acc_ir::Module]) -> (Vec<u8>, Vec<String>) {
        let options = DeviceOptions {
            arch: accc_codegen::OffloadArch::parse("sm_70").unwrap(),
            opt_level: 2,
        };
        let code = accc_codegen::compile_device_program(modules, &options, DeviceProduct::Assembly)
            .unwrap();
        (
            code.bytes,
            code.kernels.into_iter().map(|kernel| kernel.name).collect(),
        )
    }

    const SAXPY: &str = "void saxpy(int n, float a, float *x, float *y) {\n\
        #pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])\n\
        for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];\n}\n";
    const SUM: &str = "double sum(int n, double *x) {\n  double s = 0;\n\
        #pragma acc parallel loop copyin(x[0:n]) reduction(+:s)\n\
        for (int i = 0; i < n; i++) s += x[i];\n  return s;\n}\n";

    #[test]
    fn a_module_round_trips_to_the_same_device_code() {
        let module = analyse(SAXPY);
        let record = acc_ir::serial::encode(&module);
        let decoded = acc_ir::serial::decode(&record).unwrap();
        assert_eq!(decoded.len(), 1);
        assert_eq!(ptx(&[&module]), ptx(&[&decoded[0]]));
        // Encoding is deterministic and the decoded module encodes to the same bytes.
        assert_eq!(acc_ir::serial::encode(&decoded[0]), record);
    }

    #[test]
    fn concatenated_and_damaged_records() {
        let (a, b) = (analyse(SAXPY), analyse(SUM));
        let mut section = acc_ir::serial::encode(&a);
        section.extend([0, 0, 0]);
        section.extend(acc_ir::serial::encode(&b));
        let decoded = acc_ir::serial::decode(&section).unwrap();
        let names: Vec<&str> = decoded
            .iter()
            .flat_map(|m| m.kernels.iter().map(|k| k.name.as_str()))
            .collect();
        assert_eq!(names.len(), 2);
        assert!(names[0].starts_with("__accc_saxpy_2_parallel"), "{names:?}");
        assert!(names[1].starts_with("__accc_sum_3_parallel"), "{names:?}");
        let (_, kernels) = ptx(&[&decoded[0], &decoded[1]]);
        assert_eq!(kernels, names);

        let mut other_version = acc_ir::serial::encode(&a);
        other_version[8] = acc_ir::serial::VERSION as u8 + 1;
        assert_eq!(
            acc_ir::serial::decode(&other_version).unwrap_err(),
            acc_ir::serial::DecodeError::Version(acc_ir::serial::VERSION + 1)
        );
        let record = acc_ir::serial::encode(&a);
        assert!(matches!(
            acc_ir::serial::decode(&record[..record.len() - 1]),
            Err(acc_ir::serial::DecodeError::Malformed(_))
        ));
        let mut garbage = record.clone();
        for byte in &mut garbage[20..] {
            *byte = 0xff;
        }
        assert!(matches!(
            acc_ir::serial::decode(&garbage),
            Err(acc_ir::serial::DecodeError::Invalid(_))
        ));
    }

    #[test]
    fn the_section_object_is_read_back() {
        let module = analyse(SAXPY);
        // Any x86-64 relocatable object serves as the host object's format.
        let mut host = object::write::Object::new(
            object::BinaryFormat::Elf,
            object::Architecture::X86_64,
            object::Endianness::Little,
        );
        host.add_section(Vec::new(), b".text".to_vec(), object::SectionKind::Text);
        let host = host.write().unwrap();
        let object = ir_object(&host, &module).unwrap();
        let modules = object_records(&object).unwrap();
        assert_eq!(modules.len(), 1);
        assert_eq!(modules[0].kernels[0].name, module.kernels[0].name);
        assert!(object_records(&host).unwrap().is_empty());
    }

    fn module_of(file: &str, source: &str) -> acc_ir::Module {
        let options = accc_frontend::FrontendOptions {
            file_name: file.to_string(),
            ..Default::default()
        };
        accc_frontend::analyze_c(source.to_string(), &options).module
    }

    #[test]
    fn routines_reached_across_modules_are_kept_renamed_and_levelled() {
        let main = module_of(
            "main.c",
            "double f(double);
int main(void) {
  double a[8];
             #pragma acc parallel loop gang copy(a)
  for (int i = 0; i < 8; i++) a[i] = f(a[i]);
  return 0;
}
",
        );
        let lib = module_of(
            "lib.c",
            "#pragma acc routine vector
static double g(double x) { return x; }
             double f(double x) { return g(x) + 1; }
double unused(double x) { return x; }
",
        );
        assert_eq!(lib.device_functions.len(), 3);
        let mut modules = vec![main, lib];
        let linked = acc_ir::passes::link_routines(&mut modules, &acc_ir::DeviceType::Nvidia);
        assert!(!linked.has_errors(), "{:?}", linked.diagnostics);
        let kept: Vec<(&str, acc_ir::ParLevel)> = modules[1]
            .device_functions
            .iter()
            .map(|f| (f.name.as_str(), f.level))
            .collect();
        // `unused` is dropped; `f` inherits vector from `g`.
        assert_eq!(
            kept,
            [
                ("g", acc_ir::ParLevel::Vector),
                ("f", acc_ir::ParLevel::Vector)
            ]
        );
        let symbol = modules[1].device_functions[1].symbol.clone();
        let calls: Vec<String> = modules[0].kernels[0]
            .body
            .exprs
            .iter()
            .filter_map(|(_, e)| match &e.kind {
                acc_ir::body::ExprKind::Call { function, .. } => Some(function.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(calls, [symbol]);
        let remarks: Vec<&str> = linked
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert!(
            remarks
                .contains(&"f: implicit acc routine vector (called in compute region at main.c:5)"),
            "{remarks:?}"
        );
        // The kernel compiles with both routines in the module (at -O2 they are inlined), and
        // nothing is left to resolve outside it.
        let (text, kernels) = ptx(&[&modules[0], &modules[1]]);
        let text = String::from_utf8(text).unwrap();
        assert_eq!(kernels.len(), 1);
        assert!(!text.contains(".extern .func"), "{text}");
    }

    #[test]
    fn levels_and_bind_names_are_taken_per_device_type() {
        use acc_ir::DeviceType;
        let main = module_of(
            "main.c",
            "double scale(double x);
int main(void) {
  double a[8];
             #pragma acc parallel loop gang copy(a)
  for (int i = 0; i < 8; i++) a[i] = scale(a[i]);
  return 0;
}
",
        );
        let lib = module_of(
            "lib.c",
            "#pragma acc routine device_type(nvidia) vector bind(scale_gpu) dtype(*) seq
double scale(double x) { return 2 * x; }
double scale_gpu(double x) { return x + x; }
",
        );
        let targets = [DeviceType::Host, DeviceType::Multicore, DeviceType::Nvidia];
        let linked = acc_ir::passes::link_program(&[main, lib], &targets);
        assert!(!linked.has_errors(), "{:?}", linked.diagnostics);
        let kept = |target: &DeviceType| -> Vec<(String, acc_ir::ParLevel)> {
            linked.target(target).unwrap().modules[1]
                .device_functions
                .iter()
                .map(|f| (f.name.clone(), f.level))
                .collect()
        };
        // The host devices reach `scale` (seq); nvidia's bind reaches `scale_gpu`, implicit seq.
        assert_eq!(
            kept(&DeviceType::Host),
            [("scale".to_string(), acc_ir::ParLevel::Seq)]
        );
        assert_eq!(kept(&DeviceType::Multicore), kept(&DeviceType::Host));
        assert_eq!(
            kept(&DeviceType::Nvidia),
            [("scale_gpu".to_string(), acc_ir::ParLevel::Seq)]
        );
        let remarks: Vec<&str> = linked
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(
            remarks,
            [
                "call of 'scale' uses 'acc routine seq' from lib.c:1 (for device_type host, multicore)",
                "scale_gpu: implicit acc routine seq (called in compute region at main.c:5) (for device_type nvidia)",
            ]
        );
    }

    #[test]
    fn a_callee_without_device_code_is_an_error() {
        let main = module_of(
            "main.c",
            "double h(double);
int main(void) {
  double a[8];
             #pragma acc parallel loop copy(a)
  for (int i = 0; i < 8; i++) a[i] = h(a[i]);
  return 0;
}
",
        );
        let mut modules = vec![main];
        let linked = acc_ir::passes::link_routines(&mut modules, &acc_ir::DeviceType::Nvidia);
        let errors: Vec<String> = linked
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("{}:{}: {}", d.span.line, d.span.col, d.message))
            .collect();
        assert_eq!(
            errors,
            ["5:38: 'h' is called in device code but has no device code: no object compiled by accc with -fopenacc defines it"]
        );
    }

    #[test]
    fn libraries_are_found_as_ld_finds_them() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        std::fs::write(b.join("libx.a"), b"").unwrap();
        std::fs::write(b.join("libx.so"), b"").unwrap();
        std::fs::write(a.join("liby.a"), b"").unwrap();
        let words: Vec<String> = ["-L", a.to_str().unwrap(), "-lx", "-l", "y", "-l:liby.a"]
            .iter()
            .map(|w| w.to_string())
            .chain([format!("-L{}", b.display())])
            .collect();
        let dirs = library_dirs(&words);
        assert_eq!(dirs[..2], [a.clone(), b.clone()]);
        let names: Vec<String> = library_names(&words).collect();
        assert_eq!(names, ["x", "y", ":liby.a"]);
        // A shared library carries its own image: not read.
        assert_eq!(find_library("x", &dirs, false), None);
        assert_eq!(find_library("x", &dirs, true), Some(b.join("libx.a")));
        assert_eq!(find_library("y", &dirs, false), Some(a.join("liby.a")));
        assert_eq!(
            find_library(":liby.a", &dirs, false),
            Some(a.join("liby.a"))
        );
        assert_eq!(find_library("z", &dirs, false), None);
    }

    #[test]
    fn the_registration_source_lists_every_image() {
        let images = [Image {
            arch: "sm_70",
            kind: KIND_PTX,
            bytes: b"abc".to_vec(),
            kernels: vec!["k1".into(), "k2".into()],
            facts: vec![(0, false), (4096, true)],
            globals: vec![
                accc_codegen::DeviceGlobal {
                    name: "coef".into(),
                    bytes: 64,
                    link: None,
                },
                accc_codegen::DeviceGlobal {
                    name: "__m_MOD_x".into(),
                    bytes: 4,
                    link: None,
                },
                accc_codegen::DeviceGlobal {
                    name: "__accc_link_big".into(),
                    bytes: 8,
                    link: Some(accc_codegen::DeviceLink {
                        host: "big".into(),
                        name: "big".into(),
                        bytes: 4000,
                        kernels: vec!["k1".into(), "k2".into()],
                    }),
                },
            ],
        }];
        let text = registration_source(&images, &[], &["k3".to_string()]);
        assert!(text.contains("__accc_image_0_bytes[3]"));
        assert!(text.contains("\n97,98,99,\n"));
        // With a file, the assembler includes the bytes; a path it cannot quote falls back.
        let with_file =
            registration_source(&images, &[PathBuf::from("/tmp/x/1-accc-image-0.bin")], &[]);
        assert!(with_file.contains(
            "__accc_image_0_bytes:\\n.incbin \\\"/tmp/x/1-accc-image-0.bin\\\"\\n.previous\");"
        ));
        assert!(with_file.contains("extern const unsigned char __accc_image_0_bytes[];"));
        assert!(!with_file.contains("97,98,99"));
        let quoted = registration_source(&images, &[PathBuf::from("/tmp/a\"b/x.bin")], &[]);
        assert!(quoted.contains("\n97,98,99,\n"));
        assert!(text.contains(
            "{4, 1, \"sm_70\", __accc_image_0_bytes, 3, __accc_image_0_kernels, 2, \
             __accc_image_0_globals, 3, __accc_image_0_facts}"
        ));
        assert!(text.contains("__accc_image_0_facts[2] = {\n  {0ULL, 0},\n  {4096ULL, 1},\n};"));
        assert!(
            text.contains("extern char __m_MOD_x[];\nextern char big[];\nextern char coef[];\n")
        );
        assert!(text.contains(
            "__accc_image_0_globals[3] = {\n  {\"coef\", (void *)coef, 64, 0, \"coef\", \
             __accc_image_0_global_0_kernels, 0},\n  \
             {\"__m_MOD_x\", (void *)__m_MOD_x, 4, 0, \"__m_MOD_x\", \
             __accc_image_0_global_1_kernels, 0},\n  \
             {\"__accc_link_big\", (void *)big, 4000, 1, \"big\", \
             __accc_image_0_global_2_kernels, 2},\n};"
        ));
        assert!(text.contains("__accc_image_0_global_2_kernels[2] = {\n  \"k1\",\n  \"k2\",\n};"));
        assert!(text.contains("__attribute__((constructor(101)))"));
        assert!(text.contains("\"k1\",\n  \"k2\","));
        assert!(text.contains("__accrt_register_one_gang(__accc_one_gang, 1);"));
    }
}
