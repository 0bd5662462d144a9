//! File-based tests over `tests/in/`: IR and pragma snapshots of valid directives, exact
//! diagnostics of invalid ones, the regenerate/re-parse round trip, and a whole glibc TU.

use acc_ir::{print_module, regenerate_pragmas, PrintOptions};
use accc_filetests::*;
use std::path::Path;

fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
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
fn valid_directives_match_their_ir_and_pragma_snapshots() {
    let files = inputs(Path::new("in/c/ok"), "c");
    assert!(!files.is_empty(), "no inputs under tests/in/c/ok");
    let mut failures = Vec::new();
    let mut directives = 0;
    for path in &files {
        let analysis = analyze_file(path, &[]);
        let diagnostics = diagnostics_text(&analysis);
        if analysis.has_errors() {
            failures.push(format!(
                "{}: unexpected errors:\n{}",
                path.display(),
                diagnostics
            ));
            continue;
        }
        let name = stem(path);
        let ir = print_module(&analysis.module, &PrintOptions::default());
        let pragmas = regenerate_pragmas(&analysis.module);
        directives += parse_regenerated(&pragmas).len();
        let checks = [
            check_snapshot(&Path::new("out/ir").join(format!("{name}.mlir")), &ir),
            check_snapshot(&Path::new("out/acc").join(format!("{name}.acc")), &pragmas),
        ];
        failures.extend(checks.into_iter().filter_map(Result::err));
        let diag_path = Path::new("out/diag").join(format!("{name}.txt"));
        if !diagnostics.is_empty() || diag_path.exists() {
            failures.extend(check_snapshot(&diag_path, &diagnostics).err());
        }
    }
    println!("{directives} directives in {} files", files.len());
    finish(failures, "valid inputs", files.len());
}

#[test]
fn invalid_directives_give_their_exact_diagnostics() {
    let files = inputs(Path::new("in/c/err"), "c");
    assert!(!files.is_empty(), "no inputs under tests/in/c/err");
    let mut failures = Vec::new();
    for path in &files {
        let analysis = analyze_file(path, &[]);
        let expected = Path::new("out/diag").join(format!("{}.txt", stem(path)));
        failures.extend(check_rejected(path, &analysis, &expected).err());
    }
    finish(failures, "invalid inputs", files.len());
}

/// Regenerates every directive, substitutes it for the original in the source, re-parses, and
/// requires the same IR up to locations and operand spellings.
#[test]
fn regenerated_pragmas_round_trip_to_the_same_ir() {
    let files = inputs(Path::new("in/c/ok"), "c");
    let options = PrintOptions {
        locations: false,
        names: false,
    };
    let scratch = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for path in &files {
        let first = analyze_file(path, &[]);
        if first.has_errors() {
            continue; // reported by the snapshot test
        }
        let regenerated = parse_regenerated(&regenerate_pragmas(&first.module));
        let main_file = path.display().to_string();
        let ours: Vec<Regenerated> = regenerated
            .into_iter()
            .filter(|r| r.file == main_file)
            .collect();
        let source = std::fs::read_to_string(path).unwrap();
        let substituted = substitute_directives(&source, &ours);
        let copy = scratch.path().join(path.file_name().unwrap());
        std::fs::write(&copy, &substituted).unwrap();
        let include = format!("-I{}", path.parent().unwrap().display());
        let second = analyze_file(&copy, &[include]);
        if second.has_errors() {
            failures.push(format!(
                "{}: regenerated source does not analyse:\n{}\n{}",
                path.display(),
                diagnostics_text(&second),
                substituted
            ));
            continue;
        }
        // The copy is another file, so its functions' alias tags differ (`__accc_fn_<tag>_`).
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
    finish(failures, "round trips", files.len());
}

/// A translation unit with the big glibc headers parses without spurious diagnostics; the time
/// is printed (speed goals are measured, not asserted).
#[test]
fn glibc_translation_unit_is_clean() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("glibc_tu.c");
    std::fs::write(
        &path,
        "#include <stdio.h>\n#include <stdlib.h>\n#include <math.h>\n#include <string.h>\n#include <complex.h>\n\
         int main(void) {\n  int n = 1000; double *a = malloc(n * sizeof *a); double sum = 0.0;\n\
         double complex z = 1.0 + 2.0 * I;\n\
         #pragma acc parallel loop copyout(a[0:n]) reduction(+:sum)\n\
         for (int i = 0; i < n; i++) { a[i] = sqrt((double)i) + creal(z); sum += a[i]; }\n\
         printf(\"%f\\n\", sum); free(a); return 0;\n}\n",
    )
    .unwrap();
    let output = accc_frontend::c::preprocess(&host_cc(), &[], &path).unwrap();
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let bytes = text.len();
    let start = std::time::Instant::now();
    let analysis = accc_frontend::analyze_c(
        text,
        &accc_frontend::FrontendOptions {
            file_name: path.display().to_string(),
            remarks: false,
            ..Default::default()
        },
    );
    let elapsed = start.elapsed();
    println!(
        "glibc TU: {} bytes analysed in {:.1} ms",
        bytes,
        elapsed.as_secs_f64() * 1000.0
    );
    assert!(
        analysis.diagnostics.is_empty(),
        "{}",
        diagnostics_text(&analysis)
    );
    assert_eq!(analysis.module.functions.len(), 1);
}

/// The host emitter's output for every valid input compiles with `-Wall -Werror`; the emitted
/// lines (those that call the runtime) are compared with `tests/out/host/*.c`.
#[test]
fn host_emission_compiles_cleanly() {
    let files = inputs(Path::new("in/c/ok"), "c");
    let scratch = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for path in &files {
        let analysis = analyze_file(path, &[]);
        if analysis.has_errors() {
            continue; // reported by the snapshot test
        }
        let host = match accc_frontend::c::emit::emit_host(&analysis, None) {
            Ok(host) => host,
            Err(errors) => {
                failures.push(format!("{}: emitter errors: {errors:?}", path.display()));
                continue;
            }
        };
        let name = stem(path);
        let emitted: String = host
            .lines()
            .enumerate()
            .filter(|(_, line)| {
                line.contains("__accrt_")
                    && !line.starts_with("extern ")
                    && !line.starts_with("typedef ")
            })
            .map(|(i, line)| format!("{:>5}: {}\n", i + 1, line.trim()))
            .collect();
        failures.extend(
            check_snapshot(&Path::new("out/host").join(format!("{name}.c")), &emitted).err(),
        );
        let file = scratch.path().join(format!("{name}.i"));
        std::fs::write(&file, &host).unwrap();
        let output = std::process::Command::new(host_cc())
            .args([
                "-x",
                "cpp-output",
                "-std=gnu11",
                "-Wall",
                "-Werror",
                "-c",
                "-o",
            ])
            .arg(scratch.path().join(format!("{name}.o")))
            .arg(&file)
            .output()
            .unwrap();
        if !output.status.success() {
            failures.push(format!(
                "{}: host code does not compile:\n{}",
                path.display(),
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    finish(failures, "host emissions", files.len());
}

/// `-fopt-info-acc` remarks (kernels, loop mappings, data actions, regions not offloaded) of
/// every valid input, compared with `tests/out/remarks/*.txt`.
#[test]
fn remarks_match_their_snapshots() {
    let files = inputs(Path::new("in/c/ok"), "c");
    let mut failures = Vec::new();
    for path in &files {
        let analysis = analyze_file_with(path, &[], true);
        let remarks: String = analysis
            .diagnostics
            .iter()
            .filter(|d| d.severity == acc_ir::Severity::Remark)
            .map(|d| {
                let file = analysis.module.files.name(d.span.file);
                format!(
                    "{}:{}:{}: remark: {}\n",
                    file, d.span.line, d.span.col, d.message
                )
            })
            .collect();
        let expected = Path::new("out/remarks").join(format!("{}.txt", stem(path)));
        failures.extend(check_snapshot(&expected, &remarks).err());
    }
    finish(failures, "remark snapshots", files.len());
}

/// Device-code snapshots: every `tests/in/device/*.c` compiled for NVIDIA (`out/ptx/*.ptx`, the
/// PTX for sm_70) and AMD GPUs (`out/amdgcn/*.ll`, the optimised LLVM IR for gfx90a).
#[test]
fn device_code_matches_its_snapshots() {
    use accc_codegen::{compile_device_kernels, DeviceOptions, DeviceProduct, OffloadArch};
    let files = inputs(Path::new("in/device"), "c");
    assert!(!files.is_empty(), "no inputs under tests/in/device");
    let mut failures = Vec::new();
    for path in &files {
        let analysis = analyze_file(path, &[]);
        assert!(!analysis.has_errors(), "{}", diagnostics_text(&analysis));
        assert!(
            !analysis.module.kernels.is_empty(),
            "{}: no kernel",
            path.display()
        );
        let name = stem(path);
        for (arch, product, dir, ext) in [
            ("sm_70", DeviceProduct::Assembly, "out/ptx", "ptx"),
            ("gfx90a", DeviceProduct::LlvmIr, "out/amdgcn", "ll"),
        ] {
            let options = DeviceOptions {
                arch: OffloadArch::parse(arch).unwrap(),
                opt_level: 2,
            };
            let code = compile_device_kernels(&analysis.module, &options, product)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(
                code.skipped.is_empty(),
                "{}: {:?}",
                path.display(),
                code.skipped
            );
            let text = String::from_utf8(code.bytes).unwrap();
            let expected = Path::new(dir).join(format!("{name}.{ext}"));
            failures.extend(check_snapshot(&expected, &text).err());
        }
    }
    finish(failures, "device code snapshots", files.len() * 2);
}

/// Multicore kernel snapshots: every `tests/in/x86/*.c` compiled for x86-64 (generic CPU), its
/// LLVM IR before optimisation compared with `out/x86/*.ll` (the structure codegen emits: gang
/// partitions, tiles, collapsed nests, vectorisable loops).
#[test]
fn multicore_code_matches_its_snapshots() {
    use accc_codegen::{host_kernels_llvm_ir, HostOptions};
    let files = inputs(Path::new("in/x86"), "c");
    assert!(!files.is_empty(), "no inputs under tests/in/x86");
    let mut failures = Vec::new();
    for path in &files {
        let analysis = analyze_file(path, &[]);
        assert!(!analysis.has_errors(), "{}", diagnostics_text(&analysis));
        assert!(
            !analysis.module.kernels.is_empty(),
            "{}: no kernel",
            path.display()
        );
        let options = HostOptions {
            opt_level: 0,
            cpu: None,
        };
        let text = host_kernels_llvm_ir(&analysis.module, &options)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let expected = Path::new("out/x86").join(format!("{}.ll", stem(path)));
        failures.extend(check_snapshot(&expected, &without_tu_tags(&text)).err());
    }
    finish(failures, "multicore code snapshots", files.len());
}

/// `text` with the translation-unit tag of every function alias (`__accc_fn_<8 hex>_`) replaced
/// by `TU`.
fn without_tu_tags(text: &str) -> String {
    const PREFIX: &str = "__accc_fn_";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(PREFIX) {
        let after = at + PREFIX.len();
        out.push_str(&rest[..after]);
        let tag = rest[after..]
            .get(..8)
            .filter(|t| t.bytes().all(|b| b.is_ascii_hexdigit()));
        match tag {
            Some(_) => {
                out.push_str("TU");
                rest = &rest[after + 8..];
            }
            None => rest = &rest[after..],
        }
    }
    out.push_str(rest);
    out
}

/// GPU array reductions over the 2 KiB partial limit: `tests/in/device_scratch/
/// reduction_array_uses.c` has three whose uses rule out atomic updates of the device copy
/// (a read, an update reading another element, an update with another operator): each is
/// compiled with its per-thread partials in the launch's scratch buffer (the kernel's facts
/// give the bytes per thread, and the kernel takes one more parameter). One of element updates
/// only updates the device copy atomically, beside a small array's per-thread partial, and
/// needs no scratch buffer.
#[test]
fn large_array_reductions_keep_their_partials_in_the_scratch_buffer() {
    use accc_codegen::{compile_device_kernels, DeviceOptions, DeviceProduct, OffloadArch};
    let path = Path::new("in/device_scratch/reduction_array_uses.c");
    let analysis = analyze_file(path, &[]);
    assert!(!analysis.has_errors(), "{}", diagnostics_text(&analysis));
    let options = DeviceOptions {
        arch: OffloadArch::parse("sm_70").unwrap(),
        opt_level: 2,
    };
    let code = compile_device_kernels(&analysis.module, &options, DeviceProduct::Assembly)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let reasons: Vec<String> = code.skipped.iter().map(|(_, e)| e.to_string()).collect();
    assert!(reasons.is_empty(), "{reasons:#?}");
    let scratch: Vec<u64> = code.kernels.iter().map(|k| k.scratch_bytes).collect();
    // `top` (1024 int), `sum` and `prod` (1024 long), then `ok` updated atomically.
    assert_eq!(scratch, [4096, 8192, 8192, 0], "{:?}", code.kernels);
    assert!(code.kernels.iter().all(|k| !k.fixed_gangs));
    let ptx = String::from_utf8(code.bytes).unwrap();
    // `ok[...] -= key[i]`: an atomic add of the negated value; `few`: the leader's combine.
    assert!(ptx.contains("atom.add.u64"), "{ptx}");
    assert!(ptx.contains(".shared"), "{ptx}");
    // The scratch kernels' combines into the device copy: `max` on int, `+` on long.
    assert!(ptx.contains("atom.max.s32"), "{ptx}");
    // Each scratch kernel takes the buffer as its last parameter: the gang count, `n`, `key`,
    // the array, and the buffer.
    let params = |name: &str| {
        let start = ptx
            .find(&format!(".entry {name}("))
            .unwrap_or_else(|| panic!("{name}"));
        let end = start + ptx[start..].find(')').unwrap();
        ptx[start..end].matches(".param").count()
    };
    for kernel in &code.kernels[..3] {
        assert_eq!(params(&kernel.name), 5, "{}: {ptx}", kernel.name);
    }
}
