//! Builds libaccrt's Fortran support: `fortran/openacc.f90` (module `openacc` and the Fortran
//! routines behind it) and `fortran/describe.f90` (what the shims accc writes learn of objects
//! gfortran cannot describe to C) with gfortran, `fortran/openacc_fortran.c` (C descriptors) with
//! the C compiler, archives them as `libaccrt_fortran.a` and links it statically, so that cargo
//! bundles the objects into `libaccrt.a`.
//!
//! It then copies `openacc.mod` and `openacc_lib.h` into `target/<profile>/accrt-fortran/`,
//! next to `libaccrt.a`, where accc's driver finds them (`driver/src/tools.rs`). The module file
//! is only readable by the gfortran that wrote it, so it is always built here, never shipped.
//!
//! The shared `libaccrt.so` gets its soname here, so that programs record `NEEDED libaccrt.so`
//! (found through their rpath) rather than the path it was linked from. Its exported symbols are
//! the Rust ones only, so the Fortran archive is also copied to `accrt-fortran/`: accc links it
//! in front of `libaccrt.so` when gfortran links a program.
//!
//! `FC` and `CC` name other compilers (defaults: `gfortran`, `cc`). Without a Fortran compiler
//! the build fails with a message that says how to get one (`make setup` installs gfortran).

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libaccrt.so");
    let manifest = PathBuf::from(env_var("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env_var("OUT_DIR"));
    let fortran = manifest.join("fortran");
    for file in [
        "openacc.f90",
        "describe.f90",
        "openacc_lib.h",
        "openacc_fortran.c",
    ] {
        println!("cargo:rerun-if-changed=fortran/{file}");
    }
    println!("cargo:rerun-if-changed=include/openacc.h");
    println!("cargo:rerun-if-env-changed=FC");
    println!("cargo:rerun-if-env-changed=CC");
    let fc = std::env::var("FC").unwrap_or_else(|_| "gfortran".to_string());
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());

    let modules = out.join("modules");
    std::fs::create_dir_all(&modules).unwrap_or_else(|e| fail(&format!("{modules:?}: {e}")));
    let fortran_object = out.join("openacc_module.o");
    let describe_object = out.join("describe.o");
    let c_object = out.join("openacc_fortran.o");
    run(
        Command::new(&fc)
            .args(["-c", "-O2", "-fPIC", "-std=f2018", "-J"])
            .arg(&modules)
            .arg("-I")
            .arg(&fortran)
            .arg(fortran.join("openacc.f90"))
            .arg("-o")
            .arg(&fortran_object),
        &fc,
        "set FC to a Fortran compiler, or install gfortran (make setup does)",
    );
    // GNU Fortran (`loc`): the shims' view of objects gfortran cannot pass as `type(*)`.
    run(
        Command::new(&fc)
            .args(["-c", "-O2", "-fPIC"])
            .arg(fortran.join("describe.f90"))
            .arg("-o")
            .arg(&describe_object),
        &fc,
        "set FC to a Fortran compiler, or install gfortran (make setup does)",
    );
    run(
        Command::new(&cc)
            .args(["-c", "-O2", "-fPIC", "-Wall", "-I"])
            .arg(manifest.join("include"))
            .arg(fortran.join("openacc_fortran.c"))
            .arg("-o")
            .arg(&c_object),
        &cc,
        "set CC to the C compiler that goes with gfortran",
    );
    let archive = out.join("libaccrt_fortran.a");
    let _ = std::fs::remove_file(&archive);
    run(
        Command::new("ar")
            .arg("crs")
            .arg(&archive)
            .arg(&fortran_object)
            .arg(&describe_object)
            .arg(&c_object),
        "ar",
        "install binutils",
    );
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=accrt_fortran");

    // target/<profile>/build/accrt-<hash>/out -> target/<profile>/accrt-fortran
    let Some(profile) = out.ancestors().nth(3) else {
        fail(&format!("unexpected OUT_DIR layout: {}", out.display()));
    };
    let destination = profile.join("accrt-fortran");
    std::fs::create_dir_all(&destination)
        .unwrap_or_else(|e| fail(&format!("{}: {e}", destination.display())));
    copy(
        &modules.join("openacc.mod"),
        &destination.join("openacc.mod"),
    );
    copy(
        &fortran.join("openacc_lib.h"),
        &destination.join("openacc_lib.h"),
    );
    copy(&archive, &destination.join("libaccrt_fortran.a"));
}

fn env_var(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| fail(&format!("{name} is not set (run through cargo)")))
}

fn run(command: &mut Command, program: &str, hint: &str) {
    match command.status() {
        Ok(status) if status.success() => {}
        Ok(status) => fail(&format!("'{program}' failed ({status}): {command:?}")),
        Err(error) => fail(&format!(
            "cannot run '{program}' to build the OpenACC Fortran module: {error}; {hint}"
        )),
    }
}

fn copy(from: &Path, to: &Path) {
    // Replace, not overwrite in place: a running accc may be reading the old file.
    let staged = to.with_extension("tmp");
    std::fs::copy(from, &staged)
        .and_then(|_| std::fs::rename(&staged, to))
        .unwrap_or_else(|e| {
            fail(&format!(
                "copying {} to {}: {e}",
                from.display(),
                to.display()
            ))
        });
}

fn fail(message: &str) -> ! {
    eprintln!("error: accrt build: {message}");
    println!("cargo:warning=accrt build: {message}");
    std::process::exit(1)
}
