//! GPU kernels (NVPTX and AMDGPU) from the same hand-built kernels the multicore tests run:
//! every reduction operator on every type a GPU supports, as a loop reduction spread over the
//! block and as a compute-construct reduction; the block shape chosen for redundant code;
//! what is left out and why; device math. PTX is checked by `ptxas -arch=sm_90` when it is
//! installed (`ACCC_PTXAS`, the accc virtual environment of `scripts/setup.sh`, or the `PATH`);
//! AMDGPU code objects are linked by `ld.lld --no-undefined`.

mod support;

use std::path::PathBuf;
use std::process::Command;

use acc_ir::body::{BinaryOp, LocalOrVariable, LoopMapping, MathFn, Passing, Stmt};
use acc_ir::{ReductionOp, ScalarKind};
use accc_codegen::{
    compile_device_kernels, BlockShape, CodegenError, DeviceCode, DeviceOptions, DeviceProduct,
    OffloadArch,
};
use support::Kb;

const GANG_VECTOR: LoopMapping = LoopMapping {
    gang: true,
    worker: false,
    vector: true,
    gang_dim: 0,
    chosen: false,
};

fn device(m: &acc_ir::Module, arch: &str, product: DeviceProduct) -> DeviceCode {
    let options = DeviceOptions {
        arch: OffloadArch::parse(arch).expect("known architecture"),
        opt_level: 2,
    };
    compile_device_kernels(m, &options, product).expect("device code")
}

/// `ptxas` from `ACCC_PTXAS`, the accc virtual environment, or the `PATH`.
fn ptxas() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("ACCC_PTXAS") {
        return Some(PathBuf::from(path));
    }
    let home = PathBuf::from(std::env::var_os("HOME")?);
    let lib = home.join(".local/share/accc/venv/lib");
    if let Ok(entries) = std::fs::read_dir(&lib) {
        for entry in entries.flatten() {
            let candidate = entry
                .path()
                .join("site-packages/nvidia/cuda_nvcc/bin/ptxas");
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    let found = Command::new("ptxas").arg("--version").output().ok()?;
    found.status.success().then(|| PathBuf::from("ptxas"))
}

/// Runs `ptxas -arch=sm_90` on `ptx` when ptxas is installed; says so when it is not.
fn check_ptx(ptx: &[u8]) {
    let Some(ptxas) = ptxas() else {
        eprintln!("ptxas not found: PTX not assembled (run scripts/setup.sh)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.ptx");
    std::fs::write(&file, ptx).unwrap();
    let out = Command::new(ptxas)
        .args(["-arch=sm_90", "-o"])
        .arg(dir.path().join("k.cubin"))
        .arg(&file)
        .output()
        .expect("ptxas runs");
    assert!(
        out.status.success(),
        "ptxas rejected the PTX:\n{}\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(ptx)
    );
}

/// A code object: an ELF shared object naming every kernel's descriptor.
fn check_code_object(code: &DeviceCode) {
    assert_eq!(&code.bytes[..4], b"\x7fELF", "not an ELF file");
    for kernel in &code.kernels {
        let descriptor = format!("{}.kd", kernel.name);
        assert!(
            code.bytes
                .windows(descriptor.len())
                .any(|w| w == descriptor.as_bytes()),
            "no kernel descriptor '{descriptor}'"
        );
    }
}

/// One kernel per (type, operator, variant): `result op= data[i]` over a gang/vector loop with
/// the reduction on the loop (variant 1, into mapped data) or on the compute construct too.
fn reduction_module(cases: &[(ScalarKind, &[ReductionOp])]) -> (acc_ir::Module, usize) {
    let mut kb = Kb::new();
    let i32t = kb.i32();
    let n = kb.var("n", i32t);
    let mut count = 0;
    for (index, &(kind, ops)) in cases.iter().enumerate() {
        let ty = kb.scalar(kind);
        let pty = kb.ptr(ty);
        let data = kb.var("data", pty);
        let result = kb.var("result", ty);
        for &op in ops {
            for variant in 1..=2 {
                let i = kb.local("i", i32t);
                let upper = kb.val(n);
                let control = kb.control(LocalOrVariable::Local(i), 0, BinaryOp::Lt, upper, 1);
                let reduction = kb.reduction_op(result, op, &[]);
                let loop_op = kb.loop_op(vec![], vec![reduction]);
                let current = kb.val(result);
                let iv = kb.lval(i);
                let element = kb.at(data, iv);
                let value = kb.load(element);
                let binary = match op {
                    ReductionOp::Add => BinaryOp::Add,
                    ReductionOp::Mul => BinaryOp::Mul,
                    ReductionOp::Max => BinaryOp::Max,
                    ReductionOp::Min => BinaryOp::Min,
                    ReductionOp::BitAnd => BinaryOp::BitAnd,
                    ReductionOp::BitOr => BinaryOp::BitOr,
                    _ => BinaryOp::BitXor,
                };
                let mut combined = kb.bin(binary, current, value);
                if kb.ty_of(combined) != ty {
                    combined = kb.cast(combined, ty);
                }
                let assign = kb.set(result, combined);
                let body = vec![Stmt::AccLoop {
                    op: Some(loop_op),
                    controls: vec![control],
                    mapping: GANG_VECTOR,
                    tile: Vec::new(),
                    body: vec![assign],
                }];
                let passing = if variant == 1 {
                    Passing::DeviceAddress
                } else {
                    Passing::Reduction(op)
                };
                kb.kernel(
                    &format!("red{variant}_{index}_{}", op.mlir_name()),
                    vec![
                        Kb::param(data, Passing::DeviceAddress),
                        Kb::param(n, Passing::Value),
                        Kb::param(result, passing),
                    ],
                    body,
                );
                count += 1;
            }
        }
    }
    (kb.m, count)
}

use ReductionOp::*;

const GPU_CASES: &[(ScalarKind, &[ReductionOp])] = &[
    (
        ScalarKind::Int {
            signed: true,
            width: 32,
        },
        &[Add, Mul, Max, Min, BitAnd, BitOr, BitXor],
    ),
    (
        ScalarKind::Int {
            signed: false,
            width: 64,
        },
        &[Add, Max, Min, BitXor],
    ),
    (
        ScalarKind::Int {
            signed: true,
            width: 16,
        },
        &[Add, Max],
    ),
    (ScalarKind::Float { width: 64 }, &[Add, Mul, Max, Min]),
    (ScalarKind::Float { width: 32 }, &[Add, Mul, Max, Min]),
    (ScalarKind::Bool { width: 8 }, &[BitAnd, BitOr]),
];

#[test]
fn reductions_compile_to_ptx_that_ptxas_accepts() {
    let (m, count) = reduction_module(GPU_CASES);
    let code = device(&m, "sm_70", DeviceProduct::Image);
    assert!(code.skipped.is_empty(), "skipped: {:?}", code.skipped);
    assert_eq!(code.kernels.len(), count);
    for kernel in &code.kernels {
        assert_eq!(kernel.block, BlockShape::Pool, "{}", kernel.name);
    }
    let ptx = String::from_utf8_lossy(&code.bytes);
    assert_eq!(ptx.matches(".visible .entry").count(), count, "{ptx}");
    assert!(
        ptx.contains("bar.sync"),
        "no barrier in the block reduction"
    );
    check_ptx(&code.bytes);
}

#[test]
fn reductions_compile_to_amdgpu_code_objects() {
    let (m, count) = reduction_module(GPU_CASES);
    let code = device(&m, "gfx90a", DeviceProduct::Image);
    assert!(code.skipped.is_empty(), "skipped: {:?}", code.skipped);
    assert_eq!(code.kernels.len(), count);
    check_code_object(&code);
    let ir = device(&m, "gfx942", DeviceProduct::LlvmIr);
    let ir = String::from_utf8_lossy(&ir.bytes);
    assert!(ir.contains("amdgpu_kernel"), "{ir}");
    assert!(ir.contains("llvm.amdgcn.s.barrier"), "{ir}");
}

/// `long double` has no GPU type: its reductions are left out, with the reason.
#[test]
fn long_double_reductions_are_left_out_with_a_reason() {
    let (m, _) = reduction_module(&[(ScalarKind::Float { width: 80 }, &[Add])]);
    for arch in ["sm_90", "gfx90a"] {
        let code = device(&m, arch, DeviceProduct::Assembly);
        assert!(code.kernels.is_empty(), "{:?}", code.kernels);
        let reasons: Vec<String> = code.skipped.iter().map(|(_, e)| e.to_string()).collect();
        assert_eq!(reasons.len(), 2, "{reasons:?}");
        assert!(reasons.iter().all(|r| r.contains("f80")), "{reasons:?}");
    }
}

/// Complex reductions on GPUs: `+` combines into device memory with one float atomic add per
/// part, `*` under the device module's spin lock (NVPTX: `atom.cas`, `membar.gl`, volatile
/// accesses; AMDGPU: agent-scope acquire and release); blocks of many threads either way.
#[test]
fn complex_reductions_combine_per_part_or_under_the_device_lock() {
    let (m, count) = reduction_module(&[
        (ScalarKind::Complex { width: 64 }, &[Add, Mul]),
        (ScalarKind::Complex { width: 32 }, &[Add, Mul]),
    ]);
    let code = device(&m, "sm_70", DeviceProduct::Assembly);
    assert!(code.skipped.is_empty(), "skipped: {:?}", code.skipped);
    assert_eq!(code.kernels.len(), count);
    for kernel in &code.kernels {
        assert_eq!(kernel.block, BlockShape::Pool, "{}", kernel.name);
    }
    let ptx = String::from_utf8_lossy(&code.bytes);
    for needle in [
        "atom.global.add.f64",
        "atom.global.add.f32",
        "atom.global.cas.b32",
        "membar.gl",
        "ld.volatile.global.f64",
        "st.volatile.global.f32",
        ".global .align 4 .u32 __accc_atomic_lock",
    ] {
        assert!(ptx.contains(needle), "no {needle}:\n{ptx}");
    }
    let image = device(&m, "sm_90", DeviceProduct::Image);
    assert!(image.skipped.is_empty(), "skipped: {:?}", image.skipped);
    check_ptx(&image.bytes);

    let ir = device(&m, "gfx90a", DeviceProduct::LlvmIr);
    assert!(ir.skipped.is_empty(), "skipped: {:?}", ir.skipped);
    let ir = String::from_utf8_lossy(&ir.bytes);
    assert!(ir.contains("syncscope(\"agent\") acquire"), "{ir}");
    assert!(ir.contains("syncscope(\"agent\") release"), "{ir}");
    assert!(ir.contains("atomicrmw fadd"), "{ir}");
    let object = device(&m, "gfx90a", DeviceProduct::Image);
    assert_eq!(object.kernels.len(), count);
    check_code_object(&object);
}

/// `parallel { a[0] = x; atomic update: *c += 1; loop vector: a[i] = i }` and variants.
#[test]
fn redundant_code_decides_the_block_shape() {
    let mut kb = Kb::new();
    let i32t = kb.i32();
    let pi = kb.ptr(i32t);
    let a = kb.var("a", pi);
    let n = kb.var("n", i32t);
    let params = vec![
        Kb::param(a, Passing::DeviceAddress),
        Kb::param(n, Passing::Value),
    ];
    // A plain store of redundant code: the leader stores it, the block keeps its threads.
    let zero = kb.ci(0);
    let first = kb.at(a, zero);
    let seven = kb.ci(7);
    let store = kb.store(first, seven);
    let spread = kb.vector_fill(a, n);
    kb.kernel("leader_store", params.clone(), vec![store, spread]);
    // An atomic update of redundant code: one thread per block.
    let zero = kb.ci(0);
    let first = kb.at(a, zero);
    let one = kb.ci(1);
    let update = Kb::atomic(
        acc_ir::AtomicKind::Update,
        first,
        Some(BinaryOp::Add),
        Some(one),
    );
    let spread = kb.vector_fill(a, n);
    kb.kernel("atomic_update", params.clone(), vec![update, spread]);
    for arch in ["sm_70", "gfx90a"] {
        let code = device(&kb.m, arch, DeviceProduct::Assembly);
        assert!(code.skipped.is_empty(), "{:?}", code.skipped);
        assert_eq!(code.kernels[0].block, BlockShape::Pool);
        let BlockShape::SingleThread { reason } = &code.kernels[1].block else {
            panic!("{:?}", code.kernels[1]);
        };
        assert!(reason.contains("atomic update"), "{reason}");
        let text = String::from_utf8_lossy(&code.bytes);
        if arch == "sm_70" {
            assert!(text.contains(".maxntid 1, 1, 1"), "{text}");
            check_ptx(&code.bytes);
        } else {
            assert!(text.contains(".max_flat_workgroup_size: 1\n"), "{text}");
        }
    }
}

/// A `serial` construct's kernel runs on one thread per block, even when its code would allow
/// a pool (a plain store of redundant code and a vector loop).
#[test]
fn serial_kernels_run_on_one_thread() {
    let mut kb = Kb::new();
    kb.set_compute_kind(acc_ir::ComputeKind::Serial);
    let i32t = kb.i32();
    let pi = kb.ptr(i32t);
    let a = kb.var("a", pi);
    let n = kb.var("n", i32t);
    let zero = kb.ci(0);
    let first = kb.at(a, zero);
    let seven = kb.ci(7);
    let store = kb.store(first, seven);
    let spread = kb.vector_fill(a, n);
    let params = vec![
        Kb::param(a, Passing::DeviceAddress),
        Kb::param(n, Passing::Value),
    ];
    kb.kernel("serial", params, vec![store, spread]);
    for arch in ["sm_70", "gfx90a"] {
        let code = device(&kb.m, arch, DeviceProduct::Assembly);
        let BlockShape::SingleThread { reason } = &code.kernels[0].block else {
            panic!("{:?}", code.kernels[0]);
        };
        assert!(reason.contains("'serial'"), "{reason}");
        let text = String::from_utf8_lossy(&code.bytes);
        if arch == "sm_70" {
            assert!(text.contains(".maxntid 1, 1, 1"), "{text}");
            assert!(!text.contains("bar.sync"), "{text}");
        }
    }
}

/// A call of a function with no device code leaves its kernel out and says why; a global the
/// device code uses is defined by the device module under its symbol, listed with its size.
#[test]
fn calls_are_left_out_and_globals_are_defined() {
    let mut kb = Kb::new();
    let i32t = kb.i32();
    let g = kb.var_in("g", i32t, acc_ir::Storage::Global);
    let x = kb.var("x", i32t);
    let call = kb.call("helper", vec![], i32t);
    let set = kb.set(x, call);
    kb.kernel(
        "calls",
        vec![Kb::param(x, Passing::DeviceAddress)],
        vec![set],
    );
    let one = kb.ci(1);
    let set = kb.set(g, one);
    kb.kernel("global", vec![], vec![set]);
    let code = device(&kb.m, "sm_80", DeviceProduct::Assembly);
    let reasons: Vec<String> = code.skipped.iter().map(|(_, e)| e.to_string()).collect();
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    assert!(
        reasons[0].contains("'helper' has no device code"),
        "{reasons:?}"
    );
    assert_eq!(
        code.globals,
        vec![accc_codegen::DeviceGlobal {
            name: "g".into(),
            bytes: 4,
            link: None,
        }]
    );
    let text = String::from_utf8_lossy(&code.bytes);
    assert!(text.contains(".visible .global .align 4 .u32 g;"), "{text}");
    assert!(text.contains("st.global.u32"), "{text}");
    check_ptx(&code.bytes);
    let amd = device(&kb.m, "gfx90a", DeviceProduct::Assembly);
    let text = String::from_utf8_lossy(&amd.bytes);
    assert!(text.contains("\t.protected\tg\n"), "{text}");
    assert_eq!(amd.globals, code.globals);
}

/// `sin`, `pow` and `sqrtf` on both GPUs: libdevice / ocml linked and internalized (no call
/// left), or, without the library, an error naming the function.
#[test]
fn device_math() {
    let mut kb = Kb::new();
    let f64t = kb.f64();
    let f32t = kb.f32();
    let pd = kb.ptr(f64t);
    let a = kb.var("a", pd);
    let zero = kb.ci(0);
    let first = kb.at(a, zero);
    let value = kb.load(first);
    let sine = kb.math(MathFn::Sin, vec![value]);
    let two = kb.f(2.5, f64t);
    let power = kb.math(MathFn::Pow, vec![sine, two]);
    let narrow = kb.cast(power, f32t);
    let root = kb.math(MathFn::Sqrt, vec![narrow]);
    let wide = kb.cast(root, f64t);
    let store = kb.store(first, wide);
    kb.kernel(
        "math",
        vec![Kb::param(a, Passing::DeviceAddress)],
        vec![store],
    );
    for arch in ["sm_70", "gfx90a"] {
        let options = DeviceOptions {
            arch: OffloadArch::parse(arch).unwrap(),
            opt_level: 2,
        };
        let available = if arch == "sm_70" {
            accc_codegen::device::find_libdevice().is_some()
        } else {
            accc_codegen::device::find_ocml().is_some()
        };
        let code = compile_device_kernels(&kb.m, &options, DeviceProduct::Image).unwrap();
        if !available {
            eprintln!("no device math library for {arch}: checking the error only");
            let [(_, CodegenError::NoDeviceMath { message, .. })] = &code.skipped[..] else {
                panic!("{:?}", code.skipped);
            };
            assert!(
                message.contains("'sin' has no device implementation"),
                "{message}"
            );
            continue;
        }
        assert!(code.skipped.is_empty(), "{:?}", code.skipped);
        assert!(code.math_linked);
        if arch == "sm_70" {
            let ptx = String::from_utf8_lossy(&code.bytes);
            assert!(!ptx.contains("__nv_"), "libdevice calls left:\n{ptx}");
            check_ptx(&code.bytes);
        } else {
            check_code_object(&code);
        }
    }
}

#[test]
fn architecture_names_are_checked() {
    assert!(OffloadArch::parse("sm_90").is_some_and(OffloadArch::is_nvptx));
    assert!(OffloadArch::parse("gfx942").is_some_and(|a| !a.is_nvptx()));
    for unknown in ["sm_100", "gfx950", "sm_90 ", "", "x86-64"] {
        assert!(OffloadArch::parse(unknown).is_none(), "{unknown}");
    }
}
