//! The link step: every object (compiled sources and the user's objects and libraries) and the
//! link options, in command-line order, linked by the host compiler.
//!
//! Order matters to the linker (`main.o -lm`, `-Wl,--whole-archive libx.a`), so the command keeps
//! the user's order and puts each source's object where the source was. With `-fopenacc` the
//! program's device images are built first and their registration object is linked before the
//! runtime ([`crate::offload`]).

use crate::cli::{Item, Options};
use crate::compile::{path_word, StagedOutput};
use crate::outcome::{Failure, Outcome};
use crate::tools::{HostTools, Runtime, ToolCommand};
use std::path::{Path, PathBuf};

/// Links the objects into the user's output (`-o`, default `a.out`).
/// `objects[i]` is the object compiled from the `i`-th input when that input is a source.
/// With `-fopenacc`, the device images of the program are built first and their registration
/// object is linked after the user's objects ([`crate::offload`]); `scratch` holds it.
pub fn link(
    options: &Options,
    tools: &HostTools,
    objects: &[Option<PathBuf>],
    scratch: &Path,
) -> Outcome {
    let fortran = options.inputs().any(|input| input.kind.is_fortran()) || links_fortran(options);
    let linker = if fortran { &tools.fortran } else { &tools.c };
    let final_path = PathBuf::from(options.output.as_deref().unwrap_or("a.out"));
    let staged = StagedOutput::new(&final_path)?;
    let runtime = if options.openacc {
        let runtime = tools.runtime.as_ref().ok_or_else(|| {
            Failure::message(
                "cannot find accc's runtime library libaccrt.a (looked in the accc binary's directory and ../lib)",
            )
        })?;
        Some(runtime)
    } else {
        None
    };
    let images = crate::offload::device_images(options, tools, objects, scratch)?;
    let mut command = link_command(options, linker, objects, staged.path(), runtime, fortran);
    if let Some(images) = images {
        // Before the runtime, which defines `__accrt_register_image`, and before `-o`.
        let position = command
            .args
            .iter()
            .position(|word| runtime.is_some_and(|r| is_runtime_word(r, word)) || word == "-o")
            .unwrap_or(command.args.len());
        command.args.insert(position, path_word(&images));
    }
    command.run(options.verbose)?;
    staged.commit()
}

/// Whether `word` is one of the runtime's archives on the link line (the shared library comes
/// first, before the objects).
fn is_runtime_word(runtime: &Runtime, word: &str) -> bool {
    let paths = [
        Some(&runtime.static_library),
        runtime.fortran_library.as_ref(),
    ];
    paths
        .into_iter()
        .flatten()
        .any(|path| word == path_word(path))
}

/// Whether one of the objects or archives on the command line was compiled from Fortran.
pub fn links_fortran(options: &Options) -> bool {
    options
        .inputs()
        .filter(|input| !input.kind.is_source())
        .any(|input| needs_fortran_runtime(Path::new(&input.path)))
}

/// Whether an object or archive was compiled from Fortran: it calls into libgfortran
/// (`_gfortran_*`), so the program must be linked by gfortran. This is how `accc a.o b.o` (CMake's
/// and make's link lines for Fortran programs) links a Fortran program without a Fortran source
/// on the command line. Files that cannot be read or parsed (shared libraries, linker scripts,
/// missing files the linker will report) answer no.
fn needs_fortran_runtime(path: &Path) -> bool {
    any_object(path, |_, bytes| object_calls_gfortran(bytes))
}

/// Calls `f` with the name and bytes of the object at `path`, or of each member of the archive
/// at `path` (named `path(member)`), until `f` returns true; returns whether it did. A file that
/// cannot be read is skipped; one that is not an archive is passed whole.
pub(crate) fn any_object(path: &Path, mut f: impl FnMut(&str, &[u8]) -> bool) -> bool {
    use object::read::archive::ArchiveFile;
    let Ok(data) = std::fs::read(path) else {
        return false;
    };
    let Ok(archive) = ArchiveFile::parse(&*data) else {
        return f(&path.display().to_string(), &data);
    };
    archive.members().flatten().any(|member| {
        member.data(&*data).is_ok_and(|bytes| {
            // Members sit at 2-byte offsets and the ELF reader needs aligned data: each member
            // is copied into its own (malloc-aligned) buffer first.
            let aligned: Vec<u8> = Vec::from(bytes);
            let name = format!(
                "{}({})",
                path.display(),
                String::from_utf8_lossy(member.name())
            );
            f(&name, &aligned)
        })
    })
}

/// Whether a relocatable object has an undefined `_gfortran_*` symbol.
fn object_calls_gfortran(data: &[u8]) -> bool {
    use object::{Object, ObjectKind, ObjectSymbol};
    let Ok(file) = object::File::parse(data) else {
        return false;
    };
    file.kind() == ObjectKind::Relocatable
        && file.symbols().any(|symbol| {
            symbol.is_undefined()
                && symbol
                    .name()
                    .is_ok_and(|name| name.starts_with("_gfortran_"))
        })
}

/// `linker <options and objects in order> -o output`.
fn link_command(
    options: &Options,
    linker: &str,
    objects: &[Option<PathBuf>],
    output: &Path,
    runtime: Option<&Runtime>,
    fortran: bool,
) -> ToolCommand {
    let mut command = ToolCommand::new(linker);
    let shared_runtime = runtime
        .and_then(|runtime| runtime.shared_library.as_ref())
        .filter(|_| !options.has_word("-static"));
    if let Some(shared) = shared_runtime {
        // First among the shared libraries, so that the program's `acc_*` calls reach accc's
        // runtime even when it also links another OpenACC runtime (libgomp, for OpenMP's
        // `omp_get_wtime` with `-lgomp`, defines every `acc_*` routine too): the dynamic linker
        // searches libraries in this order. A shared library resolves symbols wherever it
        // stands on the line; `--no-as-needed` keeps it although no object came before it.
        command.arg("-Wl,--push-state,--no-as-needed");
        command.arg(path_word(shared));
        command.arg("-Wl,--pop-state");
    }
    let mut input_index = 0;
    for item in &options.items {
        match item {
            Item::Input(input) => {
                if let Some(object) = objects.get(input_index).and_then(Option::as_ref) {
                    command.arg(path_word(object));
                } else if !input.kind.is_source() {
                    command.arg(input.path.clone());
                }
                input_index += 1;
            }
            Item::Flag(flag) if flag.role.links() => {
                command.args(flag.words.iter().cloned());
            }
            Item::Flag(_) => {}
        }
    }
    if let Some(runtime) = runtime {
        match shared_runtime {
            Some(shared) => {
                if let (true, Some(library)) = (fortran, &runtime.fortran_library) {
                    command.arg(path_word(library));
                }
                if let Some(directory) = shared.parent() {
                    command.arg(format!("-Wl,-rpath,{}", path_word(directory)));
                }
            }
            _ => {
                command.arg(path_word(&runtime.static_library));
            }
        }
        command.args(["-lpthread", "-ldl", "-lm"]);
        // As `gcc -fopenacc` links libgomp: OpenACC programs often time themselves with
        // OpenMP's `omp_get_wtime`. Only when something uses it (`--as-needed`), after accc's
        // runtime (whose `acc_*` routines come first), and only when the host compiler has
        // libgomp (clang as ACCC_CC may not).
        if has_libgomp(linker) {
            command.args(["-Wl,--push-state,--as-needed", "-lgomp", "-Wl,--pop-state"]);
        }
    }
    command.arg("-o").arg(path_word(output));
    command
}

/// Whether `compiler` finds a libgomp to link (`-print-file-name` answers with a path).
fn has_libgomp(compiler: &str) -> bool {
    let mut query = ToolCommand::new(compiler);
    query.arg("-print-file-name=libgomp.so".to_string());
    query
        .first_output_line()
        .is_some_and(|path| path.contains('/') && Path::new(&path).exists())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse;

    #[test]
    fn link_keeps_order_and_drops_compile_only_options() {
        let words = [
            "-O2",
            "-DX",
            "a.c",
            "-Iinc",
            "b.o",
            "-lm",
            "-Wl,-z,now",
            "-MMD",
            "-Wall",
        ];
        let options = parse(words.iter().map(|word| word.to_string()).collect()).unwrap();
        let objects = [Some(PathBuf::from("/tmp/0-a.o")), None];
        let command = link_command(&options, "cc", &objects, Path::new("prog"), None, false);
        assert_eq!(
            command.display(),
            "cc -O2 /tmp/0-a.o b.o -lm -Wl,-z,now -o prog"
        );
    }
}
