//! accc over a compiler wrapper (`ACCC_CC=mpicc`, `ACCC_FC=mpif90`): a fake MPI wrapper, a
//! shell script that behaves as Open MPI's and MPICH's do, so the tests need no MPI. It answers
//! `-show` with its command line (the compiler and an include directory only it knows), adds
//! that directory to every command and, to every command that is not a compile (`-c`, `-E`,
//! `-S`), its library `-lfakempi`, which exists only as a shared library: a partial link through
//! the wrapper would fail. The user's compiles and the link go through the wrapper; accc's
//! joins, shims and image registration through the compiler beneath it.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ACCC: &str = env!("CARGO_BIN_EXE_accc");

/// A directory with the fake MPI (`mpi/include/fakempi.h`, `mpi/include/fakempif.h`,
/// `mpi/lib/libfakempi.so`) and its wrappers `mpicc` and `mpif90`.
struct Mpi {
    root: tempfile::TempDir,
}

impl Mpi {
    fn new() -> Mpi {
        let root = tempfile::tempdir().unwrap();
        let path = |name: &str| root.path().join(name);
        std::fs::create_dir_all(path("mpi/include")).unwrap();
        std::fs::create_dir_all(path("mpi/lib")).unwrap();
        std::fs::create_dir_all(path("tmp")).unwrap();
        std::fs::write(
            path("mpi/include/fakempi.h"),
            "#define FAKE_MPI_RANKS 2\nint fake_mpi_size(void);\n",
        )
        .unwrap();
        std::fs::write(
            path("mpi/include/fakempif.h"),
            "      integer FAKE_MPI_RANKS\n      parameter (FAKE_MPI_RANKS=2)\n",
        )
        .unwrap();
        std::fs::write(path("fakempi.c"), "int fake_mpi_size(void) { return 2; }\n").unwrap();
        let built = Command::new("cc")
            .args([
                "-shared",
                "-fPIC",
                "fakempi.c",
                "-o",
                "mpi/lib/libfakempi.so",
            ])
            .current_dir(root.path())
            .status()
            .unwrap();
        assert!(built.success());
        let mpi = Mpi { root };
        mpi.wrapper("mpicc", "cc");
        mpi.wrapper("mpif90", "gfortran");
        mpi
    }

    fn path(&self, name: &str) -> PathBuf {
        self.root.path().join(name)
    }

    /// A wrapper over `compiler`, as MPI's wrappers work.
    fn wrapper(&self, name: &str, compiler: &str) {
        let include = self.path("mpi/include");
        let lib = self.path("mpi/lib");
        let script = format!(
            "#!/bin/sh\n\
             if [ \"$1\" = -show ]; then echo '{compiler} -I{inc} -L{lib} -lfakempi'; exit 0; fi\n\
             case \" $* \" in *' -c '*|*' -E '*|*' -S '*) exec {compiler} -I{inc} \"$@\";; esac\n\
             exec {compiler} -I{inc} \"$@\" -L{lib} -Wl,-rpath,{lib} -lfakempi\n",
            inc = include.display(),
            lib = lib.display()
        );
        let path = self.path(name);
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.path(name), text).unwrap();
    }

    /// `accc args...` with `ACCC_CC`/`ACCC_FC` the fake wrappers.
    fn accc(&self, args: &[&str]) -> Output {
        Command::new(ACCC)
            .args(args)
            .current_dir(self.root.path())
            .env("TMPDIR", self.path("tmp"))
            .env("ACCC_CC", self.path("mpicc"))
            .env("ACCC_FC", self.path("mpif90"))
            .output()
            .unwrap()
    }

    fn accc_ok(&self, args: &[&str]) -> Output {
        let output = self.accc(args);
        assert!(
            output.status.success(),
            "accc {args:?} failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        output
    }

    fn run(&self, program: &str) -> String {
        let output = Command::new(self.path(program))
            .env("ACC_DEVICE_TYPE", "multicore")
            .output()
            .unwrap();
        assert!(output.status.success(), "{program} failed");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }
}

const C_PROGRAM: &str = "#include <fakempi.h>\n#include <stdio.h>\n\
    int main(void) {\n  double a[100]; double s = 0;\n\
    #pragma acc parallel loop copyout(a) reduction(+:s)\n\
    for (int i = 0; i < 100; i++) { a[i] = i; s += a[i]; }\n\
    printf(\"%g %d\\n\", s, fake_mpi_size() * FAKE_MPI_RANKS);\n  return 0;\n}\n";

#[test]
fn c_objects_programs_and_shared_libraries_build_over_a_wrapper() {
    let mpi = Mpi::new();
    mpi.write("x.c", C_PROGRAM);
    // `-c`: the preprocessing and the compile find fakempi.h through the wrapper; the partial
    // link runs `cc -r -nostdlib`, never the wrapper (which would add -lfakempi).
    let output = mpi.accc_ok(&["-fopenacc", "-v", "-c", "x.c", "-o", "x.o"]);
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(
        log.lines()
            .any(|line| line.starts_with(" cc -r -nostdlib ")),
        "{log}"
    );
    assert!(!log.lines().any(|line| line.contains("mpicc -r")), "{log}");
    // The link goes through the wrapper, which adds its library.
    mpi.accc_ok(&["-fopenacc", "x.o", "-o", "x"]);
    assert_eq!(mpi.run("x"), "4950 4\n");
    mpi.accc_ok(&["-fopenacc", "x.c", "-o", "y"]);
    assert_eq!(mpi.run("y"), "4950 4\n");
    mpi.write(
        "lib.c",
        "#include <fakempi.h>\ndouble work(int n) { double s = 0;\n\
         #pragma acc parallel loop reduction(+:s)\n\
         for (int i = 0; i < n; i++) s += i * FAKE_MPI_RANKS;\n  return s; }\n",
    );
    mpi.accc_ok(&["-fopenacc", "-shared", "-fPIC", "lib.c", "-o", "libwork.so"]);
    assert!(Path::new(&mpi.path("libwork.so")).is_file());
}

#[test]
fn fortran_with_the_wrappers_include_file_and_implicit_typing() {
    let mpi = Mpi::new();
    // `include 'fakempif.h'` is found in the wrapper's directory for the analysis too, and the
    // implicitly typed `i`, `n` and `s` make the region a kernel.
    mpi.write(
        "f.f90",
        "program f\n  include 'fakempif.h'\n  dimension a(100)\n  n = 100\n  s = 0\n  \
         !$acc parallel loop copyout(a) reduction(+:s)\n  do i = 1, n\n    a(i) = i\n    \
         s = s + a(i)\n  end do\n  print '(f8.1, i3)', s, FAKE_MPI_RANKS\nend program\n",
    );
    let output = mpi.accc_ok(&[
        "-fopenacc",
        "-fopt-info-acc",
        "-v",
        "-c",
        "f.f90",
        "-o",
        "f.o",
    ]);
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(log.contains("generating parallel kernel"), "{log}");
    assert!(
        log.lines()
            .any(|line| line.starts_with(" gfortran -r -nostdlib ")),
        "{log}"
    );
    mpi.accc_ok(&["-fopenacc", "f.o", "-o", "f"]);
    assert_eq!(mpi.run("f").trim(), "5050.0  2");
}

#[test]
fn a_missing_mpi_wrapper_says_what_to_install() {
    let mpi = Mpi::new();
    mpi.write("x.c", C_PROGRAM);
    let output = Command::new(ACCC)
        .args(["-fopenacc", "x.c", "-o", "x"])
        .current_dir(mpi.path(""))
        .env("TMPDIR", mpi.path("tmp"))
        .env("ACCC_CC", "/nonexistent/mpicc")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(
            "accc: error: cannot find '/nonexistent/mpicc', the C compiler: it is an MPI \
             compiler wrapper; install an MPI (Debian: apt-get install openmpi-bin \
             libopenmpi-dev"
        ),
        "{stderr}"
    );
    assert!(!mpi.path("x").exists());
}

#[test]
fn a_wrapper_whose_compiler_is_accc_itself_is_refused() {
    // `OMPI_CC=accc` with `ACCC_CC=mpicc`: the wrapper starts accc, which would start the
    // wrapper again. The inner accc stops with a message; nothing loops.
    let mpi = Mpi::new();
    mpi.write("x.c", C_PROGRAM);
    let looping = mpi.path("loopcc");
    std::fs::write(&looping, format!("#!/bin/sh\nexec {ACCC} \"$@\"\n")).unwrap();
    std::fs::set_permissions(&looping, std::fs::Permissions::from_mode(0o755)).unwrap();
    let output = Command::new(ACCC)
        .args(["-fopenacc", "x.c", "-o", "x"])
        .current_dir(mpi.path(""))
        .env("TMPDIR", mpi.path("tmp"))
        .env("ACCC_CC", &looping)
        .output()
        .unwrap();
    assert_ne!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("accc: error: accc was started by '") && stderr.contains("loopcc"),
        "{stderr}"
    );
    assert!(!mpi.path("x").exists());
}
