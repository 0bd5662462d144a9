//! Fortran file tests over `tests/in/fortran/`: IR and `!$acc` snapshots of valid directives
//! (free and fixed form, preprocessed and not), exact diagnostics of invalid ones, and the
//! regenerate/re-parse round trip.

use acc_ir::{print_module, regenerate_pragmas, PrintOptions};
use accc_filetests::*;
use std::path::Path;

fn name_of(path: &Path) -> String {
    // `fixed.f` and `fixed.f90` would collide: keep the suffix in the snapshot name.
    path.file_name()
        .unwrap()
        .to_string_lossy()
        .replace('.', "_")
}

fn finish(failures: Vec<String>, what: &str, count: usize) {
    if !failures.is_empty() {
        panic!(
            "{} of {} {} failed:\n\n{}",
            failures.len(),
            count,
            what,
            failures.join("\n")
        );
    }
    println!("{count} {what} checked");
}

#[test]
fn fortran_valid_directives_match_their_ir_and_directive_snapshots() {
    let files = fortran_inputs(Path::new("in/fortran/ok"));
    assert!(!files.is_empty(), "no inputs under tests/in/fortran/ok");
    let mut failures = Vec::new();
    let mut directives = 0;
    for path in &files {
        let analysis = analyze_fortran_file(path);
        let diagnostics = diagnostics_text(&analysis);
        if analysis.has_errors() {
            failures.push(format!(
                "{}: unexpected errors:\n{}",
                path.display(),
                diagnostics
            ));
            continue;
        }
        let name = name_of(path);
        let ir = print_module(&analysis.module, &PrintOptions::default());
        let directives_text = regenerate_pragmas(&analysis.module);
        directives += parse_regenerated(&directives_text).len();
        let checks = [
            check_snapshot(
                &Path::new("out/fortran/ir").join(format!("{name}.mlir")),
                &ir,
            ),
            check_snapshot(
                &Path::new("out/fortran/acc").join(format!("{name}.acc")),
                &directives_text,
            ),
        ];
        failures.extend(checks.into_iter().filter_map(Result::err));
        if !diagnostics.is_empty() {
            failures.push(format!(
                "{}: unexpected diagnostics:\n{diagnostics}",
                path.display()
            ));
        }
    }
    println!("{directives} Fortran directives in {} files", files.len());
    finish(failures, "valid Fortran inputs", files.len());
}

#[test]
fn fortran_invalid_directives_give_their_exact_diagnostics() {
    let files = fortran_inputs(Path::new("in/fortran/err"));
    assert!(!files.is_empty(), "no inputs under tests/in/fortran/err");
    let mut failures = Vec::new();
    for path in &files {
        let analysis = analyze_fortran_file(path);
        let expected = Path::new("out/fortran/diag").join(format!("{}.txt", name_of(path)));
        failures.extend(check_rejected(path, &analysis, &expected).err());
    }
    finish(failures, "invalid Fortran inputs", files.len());
}

/// `-fopt-info-acc` output of `tests/in/fortran/remarks/`: which regions become kernels and,
/// for the others, why they keep their host fallback (`tests/out/fortran/remarks/`).
#[test]
fn fortran_region_remarks_match_their_snapshots() {
    let files = fortran_inputs(Path::new("in/fortran/remarks"));
    assert!(
        !files.is_empty(),
        "no inputs under tests/in/fortran/remarks"
    );
    let mut failures = Vec::new();
    for path in &files {
        let analysis = analyze_fortran_file_with(path, true);
        let expected = Path::new("out/fortran/remarks").join(format!("{}.txt", name_of(path)));
        failures.extend(check_snapshot(&expected, &diagnostics_text(&analysis)).err());
    }
    finish(failures, "Fortran remark snapshots", files.len());
}

/// Regenerates every directive of the free-form inputs, substitutes it for the original,
/// re-parses, and requires the same IR up to locations and operand spellings.
#[test]
fn fortran_regenerated_directives_round_trip_to_the_same_ir() {
    let files: Vec<_> = fortran_inputs(Path::new("in/fortran/ok"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "f90"))
        // Its constructs come from `do concurrent` loops, not from directive lines.
        .filter(|p| !p.to_string_lossy().contains("do_concurrent"))
        // Its `enter data`/`exit data` ops come from `allocate`/`deallocate` statements of
        // declared arrays: regenerated as directives, they would be made twice.
        .filter(|p| !p.to_string_lossy().contains("module_allocatables"))
        .collect();
    assert!(!files.is_empty());
    let options = PrintOptions {
        locations: false,
        names: false,
    };
    let scratch = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for path in &files {
        let first = analyze_fortran_file(path);
        if first.has_errors() {
            continue; // reported by the snapshot test
        }
        let main_file = path.display().to_string();
        let ours: Vec<Regenerated> = parse_regenerated(&regenerate_pragmas(&first.module))
            .into_iter()
            .filter(|r| r.file == main_file)
            .collect();
        let source = std::fs::read_to_string(path).unwrap();
        let substituted = substitute_fortran_directives(&source, &ours);
        let copy = scratch.path().join(path.file_name().unwrap());
        std::fs::write(&copy, &substituted).unwrap();
        let second = analyze_fortran_file(&copy);
        if second.has_errors() {
            failures.push(format!(
                "{}: regenerated source does not analyse:\n{}\n{}",
                path.display(),
                diagnostics_text(&second),
                substituted
            ));
            continue;
        }
        // The copy is another file, so its contained procedures' tags differ.
        let a = without_tu_tags(&print_module(&first.module, &options));
        let b = without_tu_tags(&print_module(&second.module, &options));
        if a != b {
            failures.push(format!(
                "{}: IR differs after the round trip:\n{}",
                path.display(),
                diff(&a, &b)
            ));
        }
    }
    finish(failures, "Fortran round trips", files.len());
}

/// The Fortran host emitter's output for every valid input: the rewritten Fortran and its C
/// shims (`tests/out/fortran/host/`). Each rewritten file must also compile with gfortran and
/// each shim file with the C compiler, so the snapshots cannot drift into code nobody accepts.
#[test]
fn fortran_host_emission_matches_snapshots_and_compiles() {
    let files = fortran_inputs(Path::new("in/fortran/ok"));
    let scratch = tempfile::tempdir().expect("scratch directory");
    let mut failures = Vec::new();
    for path in &files {
        let analysis = analyze_fortran_file(path);
        let fixed = accc_frontend::fortran::is_fixed_form(path);
        let (host, warnings) = match accc_frontend::fortran::emit::emit_host(&analysis, None, fixed)
        {
            Ok(result) => result,
            Err(errors) => {
                failures.push(format!("{}: emitter errors: {errors:?}", path.display()));
                continue;
            }
        };
        let name = name_of(path);
        let mut text = host.fortran.clone();
        for warning in &warnings {
            text.push_str(&format!("! warning: {}\n", warning.message));
        }
        text.push_str("! ---- shims ----\n");
        text.push_str(&host.c);
        if let Err(failure) = check_snapshot(
            &Path::new("out/fortran/host").join(format!("{name}.txt")),
            &text,
        ) {
            failures.push(failure);
        }
        // gfortran must accept the rewritten file (modules it uses come from the same file).
        let fortran = scratch.path().join(format!("{name}.f90"));
        std::fs::write(&fortran, &host.fortran).expect("write rewritten Fortran");
        let status = std::process::Command::new(host_fc())
            .args([
                "-ffree-form",
                "-ffree-line-length-none",
                "-nocpp",
                "-fsyntax-only",
            ])
            .arg("-J")
            .arg(scratch.path())
            .arg(&fortran)
            .output()
            .expect("run gfortran");
        if !status.status.success() {
            failures.push(format!(
                "{}: gfortran rejects the rewritten file:\n{}",
                path.display(),
                String::from_utf8_lossy(&status.stderr)
            ));
        }
        if !host.c.is_empty() {
            let c = scratch.path().join(format!("{name}.c"));
            std::fs::write(&c, &host.c).expect("write shims");
            let status = std::process::Command::new("cc")
                .args(["-fsyntax-only", "-Wall", "-Werror"])
                .arg(&c)
                .output()
                .expect("run cc");
            if !status.status.success() {
                failures.push(format!(
                    "{}: the C compiler rejects the shims:\n{}",
                    path.display(),
                    String::from_utf8_lossy(&status.stderr)
                ));
            }
        }
    }
    finish(failures, "Fortran host emissions", files.len());
}

/// Every kernel of the valid inputs compiles for x86-64 (the body IR the Fortran lowering
/// produces is accepted and verified by codegen), and the regions of `kernels.f90` all became
/// kernels.
#[test]
fn fortran_kernels_compile_for_x86() {
    let files = fortran_inputs(Path::new("in/fortran/ok"));
    let options = accc_codegen::HostOptions {
        opt_level: 2,
        cpu: None,
    };
    let mut failures = Vec::new();
    let mut compiled = 0;
    for path in &files {
        let analysis = analyze_fortran_file(path);
        if analysis.has_errors() || analysis.module.kernels.is_empty() {
            continue;
        }
        match accc_codegen::compile_host_kernels(&analysis.module, &options) {
            Ok(object) => {
                compiled += object.compiled.len();
                for (name, error) in &object.skipped {
                    failures.push(format!(
                        "{}: kernel {name} skipped: {error:?}",
                        path.display()
                    ));
                }
            }
            Err(error) => failures.push(format!("{}: {error:?}", path.display())),
        }
    }
    let kernels = analyze_fortran_file(Path::new("in/fortran/ok/kernels.f90"));
    assert_eq!(
        kernels.module.kernels.len(),
        2,
        "kernels.f90 has two offloaded regions"
    );
    assert!(compiled >= 2);
    finish(failures, "Fortran kernels compiled", compiled);
}

/// A Fortran region compiled for x86-64 computes what gfortran's code computes: the kernel
/// (run through its launch ABI by a C driver) and the same subroutine compiled by gfortran
/// (directives ignored) run on copies of the same data, and the results must be identical
/// (the floating-point reduction up to its summation order).
/// Covers variable lower bounds (synthetic `lbound`/`stride` values passed the way the host
/// emitter will), negative and strided `do` loops, `select case`, `exit`/`cycle`, `**`,
/// `mod`/`modulo`/`sign`, integer division and kinds.
#[test]
fn fortran_kernel_matches_gfortran() {
    let source = r#"subroutine work(a, lo, r, total)
  implicit none
  integer :: lo, i, k, m
  real(8) :: a(lo:lo+9, 3)
  integer :: r(10)
  real(8) :: total
  !$acc parallel copy(a, r, total) num_gangs(3)
  !$acc loop reduction(+:total)
  do i = 1, 10
    m = 0
    do k = 20, i, -3
      if (k == 14) cycle
      m = m + k / 4
      if (m > 40) exit
    end do
    select case (i)
    case (:2, 9)
      r(i) = m + 2 ** i + modulo(i - 5, 3) * 100
    case (3:5)
      r(i) = m - (-3) ** i + mod(i - 5, 3) * 10 + sign(i, -1)
    case default
      r(i) = m * 7 / 2 + k
    end select
    a(lo + i - 1, 2) = a(lo + i - 1, 1) * 0.5d0 + real(i, 8) ** 3 - sqrt(dble(i))
    a(lo + 10 - i, 3) = max(a(lo + i - 1, 1), 3.0d0) + abs(-1.5) * r(i)
    total = total + a(lo + i - 1, 2)
  end do
  !$acc end parallel
end subroutine work
"#;
    let dir = tempfile::tempdir().unwrap();
    let scratch = match std::env::var_os("ACCC_KEEP") {
        Some(path) => std::path::PathBuf::from(path),
        None => dir.path().to_path_buf(),
    };
    let f90 = scratch.join("work.f90");
    std::fs::write(&f90, source).unwrap();
    let analysis = analyze_fortran_file(&f90);
    assert!(!analysis.has_errors(), "{}", diagnostics_text(&analysis));
    let module = &analysis.module;
    assert_eq!(module.kernels.len(), 1, "{}", diagnostics_text(&analysis));
    let kernel = &module.kernels[0];
    let options = accc_codegen::HostOptions {
        opt_level: 2,
        cpu: None,
    };
    let object = accc_codegen::compile_host_kernels(module, &options).expect("compiles");
    assert!(object.skipped.is_empty(), "{:?}", object.skipped);
    std::fs::write(scratch.as_path().join("kernel.o"), &object.object).unwrap();
    // Each parameter's argument, by name (the launch ABI of `compile_host_kernels`).
    let mut slots = Vec::new();
    for param in &kernel.params {
        let name = module.variables[param.var].name.as_str();
        let slot = match name {
            "a" => "&pa",
            "r" => "&pr",
            "total" => "&ptotal",
            "lo" => "&lo",
            "lbound(a,1)" => "&lb1",
            "lbound(a,2)" => "&one",
            "stride(a,1)" => "&one",
            "stride(a,2)" => "&ten",
            "m" | "k" => "&scratch",
            other => panic!("unexpected kernel parameter '{other}'"),
        };
        slots.push(format!("(void *){slot}"));
    }
    let driver = format!(
        r#"#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
void {kernel}(void **args, int64_t gang_begin, int64_t gang_end, int32_t thread);
void work_(double *a, int *lo, int *r, double *total);
int main(void) {{
  double ka[30], ha[30], ktotal = 1.0, htotal = 1.0;
  int kr[10], hr[10], lo = -4, scratch = 0;
  int64_t gangs[4] = {{3, 3, 1, 1}}, lb1 = -4, one = 1, ten = 10;
  for (int i = 0; i < 30; i++) ka[i] = ha[i] = i * 0.25 - 2.0;
  memset(kr, 0, sizeof kr); memset(hr, 0, sizeof hr);
  /* Device addresses are passed as pointers to the address, values as pointers to them. */
  double *pa = ka, *ptotal = &ktotal;
  int *pr = kr;
  void *args[] = {{(void *)gangs, {slots}}};
  {kernel}(args, 0, gangs[0], 0);
  work_(ha, &lo, hr, &htotal);
  int bad = 0;
  for (int i = 0; i < 30; i++) if (ka[i] != ha[i]) {{ printf("a[%d]: %.17g vs %.17g\n", i, ka[i], ha[i]); bad = 1; }}
  for (int i = 0; i < 10; i++) if (kr[i] != hr[i]) {{ printf("r[%d]: %d vs %d\n", i, kr[i], hr[i]); bad = 1; }}
  /* The reduction adds per-gang partial sums: the order differs from the sequential loop. */
  if (fabs(ktotal - htotal) > 1e-12 * fabs(htotal)) {{ printf("total: %.17g vs %.17g\n", ktotal, htotal); bad = 1; }}
  return bad;
}}
"#,
        kernel = kernel.name,
        slots = slots.join(", ")
    );
    std::fs::write(scratch.as_path().join("driver.c"), driver).unwrap();
    let run = |program: &str, args: &[&str]| {
        let output = std::process::Command::new(program)
            .args(args)
            .current_dir(scratch.as_path())
            .output()
            .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
        assert!(
            output.status.success(),
            "{program} {args:?} failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    };
    run(&host_fc(), &["-c", "-O0", "work.f90", "-o", "work.o"]);
    run(
        &host_fc(),
        &["driver.c", "work.o", "kernel.o", "-o", "check", "-lm"],
    );
    run("./check", &[]);
}
