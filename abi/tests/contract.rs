//! The contract's copies agree: the committed `accrt.h` is the generated one, the generated C
//! compiles and lays the records out as the Rust ones, and the user headers repeat the same
//! `acc_device_t` and async numbers.

use accc_abi::{async_arg, c, device_type, AccrtData, AccrtKernel, AccrtLoc};
use std::mem::{offset_of, size_of};
use std::path::PathBuf;
use std::process::Command;

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn committed_header_is_the_generated_one() {
    let path = repository().join("runtime/include/accrt.h");
    let generated = c::header();
    if std::env::var_os("ACCC_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap();
    assert!(
        committed == generated,
        "runtime/include/accrt.h differs from what the crate accc-abi generates; edit abi/src \
         and run `ACCC_BLESS=1 cargo test -p accc-abi` (never edit the header by hand)"
    );
}

/// Compiles and runs `source` with the host C compiler; its standard output.
fn run_c(name: &str, source: &str) -> String {
    let dir = std::env::temp_dir().join(format!("accc-abi-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.c"));
    std::fs::write(&file, source).unwrap();
    let exe = dir.join(name);
    let compiled = Command::new("cc")
        .arg("-Wall")
        .arg("-Werror")
        .arg("-I")
        .arg(repository().join("runtime/include"))
        .arg(&file)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("cc runs");
    assert!(
        compiled.status.success(),
        "{name}.c does not compile:\n{}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    let ran = Command::new(&exe).output().unwrap();
    assert!(ran.status.success());
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8(ran.stdout).unwrap()
}

/// `printf` statements for the size and each field offset of a record.
fn layout_probe(record: &str, fields: &[&str]) -> String {
    let mut text = format!("  printf(\"%zu\\n\", sizeof({record}));\n");
    for field in fields {
        text.push_str(&format!(
            "  printf(\"%zu\\n\", offsetof({record}, {field}));\n"
        ));
    }
    text
}

#[test]
fn records_have_the_same_layout_in_c_and_rust() {
    let loc = [
        "file",
        "func",
        "line",
        "end_line",
        "func_line",
        "func_end_line",
        "construct",
        "flags",
    ];
    let data = [
        "host",
        "bytes",
        "name",
        "action",
        "flags",
        "device",
        "row_offset",
        "row_bytes",
    ];
    let kernel = ["name", "host", "finish", "nargs", "arg_sizes"];
    let mut probes = String::new();
    probes.push_str(&layout_probe("__accrt_loc", &loc));
    probes.push_str(&layout_probe("__accrt_data", &data));
    probes.push_str(&layout_probe("__accrt_kernel", &kernel));
    // The header, and the prelude generated code starts with, lay them out alike.
    for (name, declarations) in [
        ("header", "#include <accrt.h>\n".to_string()),
        ("prelude", c::prelude()),
    ] {
        let source = format!(
            "#include <stdio.h>\n#include <stddef.h>\n{declarations}int main(void) {{\n{probes}  return 0;\n}}\n"
        );
        let printed: Vec<usize> = run_c(name, &source)
            .lines()
            .map(|line| line.parse().unwrap())
            .collect();
        let expected = vec![
            size_of::<AccrtLoc>(),
            offset_of!(AccrtLoc, file),
            offset_of!(AccrtLoc, func),
            offset_of!(AccrtLoc, line),
            offset_of!(AccrtLoc, end_line),
            offset_of!(AccrtLoc, func_line),
            offset_of!(AccrtLoc, func_end_line),
            offset_of!(AccrtLoc, construct),
            offset_of!(AccrtLoc, flags),
            size_of::<AccrtData>(),
            offset_of!(AccrtData, host),
            offset_of!(AccrtData, bytes),
            offset_of!(AccrtData, name),
            offset_of!(AccrtData, action),
            offset_of!(AccrtData, flags),
            offset_of!(AccrtData, device),
            offset_of!(AccrtData, row_offset),
            offset_of!(AccrtData, row_bytes),
            size_of::<AccrtKernel>(),
            offset_of!(AccrtKernel, name),
            offset_of!(AccrtKernel, host),
            offset_of!(AccrtKernel, finish),
            offset_of!(AccrtKernel, nargs),
            offset_of!(AccrtKernel, arg_sizes),
        ];
        assert_eq!(
            printed, expected,
            "{name}: the C layout differs from the Rust one"
        );
    }
}

#[test]
fn image_declarations_compile() {
    let source = format!(
        "#include <stddef.h>\n{}int main(void) {{ struct __accrt_image i = {{0}}; (void)i; return 0; }}\n",
        c::image_declarations()
    );
    run_c("images", &source);
}

/// The integer after `= ` or `=` on the line of `text` that declares `name` (`acc_device_nvidia
/// = 4,` in C, `parameter :: acc_device_nvidia = 4` in Fortran).
fn declared_value(text: &str, name: &str) -> Option<i32> {
    text.lines().find_map(|line| {
        let (_, rest) = line.split_once(name)?;
        let rest = rest.trim_start().strip_prefix('=')?;
        let number: String = rest
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '-')
            .collect();
        number.parse().ok()
    })
}

#[test]
fn user_headers_repeat_the_same_numbers() {
    let root = repository().join("runtime");
    for file in ["include/openacc.h", "fortran/openacc_lib.h"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        for (name, value) in device_type::NAMES {
            let name = format!("acc_device_{name} ");
            assert_eq!(
                declared_value(&text, &name),
                Some(value),
                "{file}: {name}differs from accc_abi::device_type"
            );
        }
        for (name, value) in async_arg::NAMES {
            let name = format!("acc_async_{name} ");
            assert_eq!(
                declared_value(&text, &name),
                Some(value),
                "{file}: {name}differs from accc_abi::async_arg"
            );
        }
    }
}

/// `text` with the body of each generated section replaced by the next of `bodies` (the marker
/// lines keep their indentation); `None` when the file does not have that many sections.
fn with_sections(text: &str, bodies: &[String]) -> Option<String> {
    use accc_abi::fortran::{BEGIN, END};
    let mut out = String::new();
    let mut lines = text.split_inclusive('\n');
    let mut bodies = bodies.iter();
    while let Some(line) = lines.next() {
        out.push_str(line);
        if line.trim() == BEGIN {
            out.push_str(bodies.next()?);
            // Skip the old body up to the end marker, which is kept.
            for old in lines.by_ref() {
                if old.trim() == END {
                    out.push_str(old);
                    break;
                }
            }
        }
    }
    bodies.next().is_none().then_some(out)
}

#[test]
fn fortran_bindings_are_the_generated_ones() {
    use accc_abi::fortran;
    let root = repository().join("runtime/fortran");
    let bless = std::env::var_os("ACCC_BLESS").is_some_and(|v| v == "1");
    for (file, bodies) in [
        (
            "openacc.f90",
            vec![fortran::c_interfaces(), fortran::procedures()],
        ),
        ("openacc_lib.h", vec![fortran::generic_interfaces()]),
    ] {
        let path = root.join(file);
        let committed = std::fs::read_to_string(&path).unwrap();
        let generated = with_sections(&committed, &bodies)
            .unwrap_or_else(|| panic!("{file}: expected {} generated sections", bodies.len()));
        if bless {
            std::fs::write(&path, &generated).unwrap();
        } else {
            assert!(
                committed == generated,
                "runtime/fortran/{file} differs from what abi/src/fortran.rs generates; run \
                 `ACCC_BLESS=1 cargo test -p accc-abi`"
            );
        }
    }
    // openacc_lib.h is valid fixed form: statements end by column 72 (an `&` in column 73
    // continues a line in free form and is ignored in fixed form).
    let lib = std::fs::read_to_string(root.join("openacc_lib.h")).unwrap();
    for line in lib.lines().filter(|line| !line.starts_with('!')) {
        let fits = line.len() <= 72 || line.len() == 73 && line.ends_with('&');
        assert!(fits, "openacc_lib.h: longer than 72 columns: {line}");
    }
}
