//! Links LLVM statically, and only the components accc uses.
//!
//! Against the shared `libLLVM.so`, every run of accc — `accc --version` and each compile alike —
//! spent about 15 ms before `main` (the dynamic loader resolving libLLVM's symbols and running
//! the static constructors of every target built into it); linked from the static archives of
//! the components below, the same start takes about 4 ms, and the installed `accc` no longer
//! needs libLLVM at run time. `llvm-sys` is built with `no-llvm-linking`, so this script is what
//! names the archives: `llvm-config --link-static --libs <components>` under
//! `$LLVM_SYS_191_PREFIX` (the Makefile sets it; `/usr/lib/llvm-19` otherwise), then the system
//! libraries those archives need.

use std::path::PathBuf;
use std::process::Command;

/// What the code generator reaches through inkwell: IR text parsing, module linking, the new
/// pass manager, bitcode, and the three targets (x86-64 for multicore kernels, NVPTX, AMDGPU).
/// `executionengine` only because inkwell's `Module` refers to `LLVMDisposeExecutionEngine`.
#[rustfmt::skip]
const COMPONENTS: &[&str] = &[
    "core", "irreader", "linker", "passes", "bitreader", "bitwriter", "target",
    "executionengine", "x86", "nvptx", "amdgpu",
];

fn main() {
    println!("cargo:rerun-if-env-changed=LLVM_SYS_191_PREFIX");
    let prefix = std::env::var_os("LLVM_SYS_191_PREFIX")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-19"));
    let config = prefix.join("bin/llvm-config");
    let run = |args: &[&str]| -> String {
        let output = Command::new(&config)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", config.display()));
        assert!(
            output.status.success(),
            "{} {} failed: {}",
            config.display(),
            args.join(" "),
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).expect("llvm-config prints UTF-8")
    };

    println!(
        "cargo:rustc-link-search=native={}",
        run(&["--libdir"]).trim()
    );
    let mut libs = vec!["--link-static", "--libs"];
    libs.extend_from_slice(COMPONENTS);
    for lib in run(&libs).split_whitespace() {
        let name = lib.strip_prefix("-l").unwrap_or(lib);
        println!("cargo:rustc-link-lib=static={name}");
    }
    // `--system-libs` names some libraries by path (`/usr/lib/.../libz3.so`): link those by
    // their name, as shared libraries, like the `-l` ones.
    for lib in run(&["--link-static", "--system-libs"]).split_whitespace() {
        let name = match lib.strip_prefix("-l") {
            Some(name) => name.to_string(),
            None => {
                let file = lib.rsplit('/').next().unwrap_or(lib);
                let stem = file.strip_prefix("lib").unwrap_or(file);
                stem.split(".so").next().unwrap_or(stem).to_string()
            }
        };
        println!("cargo:rustc-link-lib=dylib={name}");
    }
    println!("cargo:rustc-link-lib=dylib=stdc++");
}
