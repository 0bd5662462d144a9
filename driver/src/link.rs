//! The link step: every object (compiled sources and the user's objects and libraries) and the
//! link options, in command-line order, linked by the host compiler.
//!
//! Order matters to the linker (`main.o -lm`, `-Wl,--whole-archive libx.a`), so the command keeps
//! the user's order and puts each source's object where the source was.

use crate::cli::{Item, Options};
use crate::compile::{path_word, StagedOutput};
use crate::outcome::{Failure, Outcome};
use crate::tools::{HostTools, Runtime, ToolCommand};
use std::path::{Path, PathBuf};

/// Links the objects into the user's output (`-o`, default `a.out`).
/// `objects[i]` is the object compiled from the `i`-th input when that input is a source.
pub fn link(options: &Options, tools: &HostTools, objects: &[Option<PathBuf>]) -> Outcome {
    let fortran = options.inputs().any(|input| input.kind.is_fortran());
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
    link_command(options, linker, objects, staged.path(), runtime).run(options.verbose)?;
    staged.commit()
}

/// `linker <options and objects in order> -o output`.
fn link_command(
    options: &Options,
    linker: &str,
    objects: &[Option<PathBuf>],
    output: &Path,
    runtime: Option<&Runtime>,
) -> ToolCommand {
    let mut command = ToolCommand::new(linker);
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
        command.arg(path_word(&runtime.library));
        command.args(["-lpthread", "-ldl", "-lm"]);
    }
    command.arg("-o").arg(path_word(output));
    command
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
        let command = link_command(&options, "cc", &objects, Path::new("prog"), None);
        assert_eq!(
            command.display(),
            "cc -O2 /tmp/0-a.o b.o -lm -Wl,-z,now -o prog"
        );
    }
}
