//! The test-only NVPTX emulation (`OffloadArch::emulated`): the NVPTX lowering with the
//! machine primitives replaced — special registers loaded from the thread-local
//! `__accemu_state`, barriers called through its function pointer, shared memory thread-local,
//! device globals in address space 0 — plus an entry wrapper and a maximum-threads constant per
//! kernel and a check before every access that may reach global memory, compiled into an
//! x86-64 shared object. The mock CUDA driver runs those images (tests/cuda.sh,
//! `ACCC_CUDA_EMULATE=1`); these tests check the lowering's text.

mod support;

use acc_ir::body::{BinaryOp, LocalOrVariable, LoopMapping, Passing, Stmt};
use acc_ir::ReductionOp;
use accc_codegen::{compile_device_kernels, DeviceCode, DeviceOptions, DeviceProduct, OffloadArch};
use support::Kb;

fn emulated(m: &acc_ir::Module, product: DeviceProduct) -> DeviceCode {
    emulated_at(m, product, 2)
}

fn emulated_at(m: &acc_ir::Module, product: DeviceProduct, opt_level: u8) -> DeviceCode {
    let arch = OffloadArch::parse("sm_70").unwrap();
    let options = DeviceOptions {
        arch: arch
            .emulated()
            .expect("an NVIDIA architecture has an emulation"),
        opt_level,
    };
    assert!(options.arch.is_emulated() && options.arch.is_nvptx());
    compile_device_kernels(m, &options, product).expect("device code")
}

/// A kernel whose redundant code stores to device memory (the leader stores, between
/// barriers) and spreads a vector loop with a reduction over the block; another whose
/// redundant code makes an atomic update (one-thread blocks); a declared global.
fn module() -> acc_ir::Module {
    let mut kb = Kb::new();
    let i32t = kb.i32();
    let pi = kb.ptr(i32t);
    let a = kb.var("a", pi);
    let n = kb.var("n", i32t);
    let s = kb.var("s", i32t);
    let g = kb.var_in("g", i32t, acc_ir::Storage::Global);
    let params = vec![
        Kb::param(a, Passing::DeviceAddress),
        Kb::param(n, Passing::Value),
        Kb::param(s, Passing::Reduction(ReductionOp::Add)),
    ];
    let zero = kb.ci(0);
    let first = kb.at(a, zero);
    let seven = kb.ci(7);
    let store = kb.store(first, seven);
    let spread = kb.vector_fill(a, n);
    kb.kernel("pool", params.clone(), vec![store, spread]);
    let zero = kb.ci(0);
    let first = kb.at(a, zero);
    let one = kb.ci(1);
    let update = Kb::atomic(
        acc_ir::AtomicKind::Update,
        first,
        Some(BinaryOp::Add),
        Some(one),
    );
    let one = kb.ci(1);
    let set = kb.set(g, one);
    kb.kernel("single", params.clone(), vec![update, set]);
    // A loop reduction over the block: partials combined through the shared buffer.
    let i = kb.local("i", i32t);
    let upper = kb.val(n);
    let control = kb.control(LocalOrVariable::Local(i), 0, BinaryOp::Lt, upper, 1);
    let reduction = kb.reduction_op(s, ReductionOp::Add, &[]);
    let loop_op = kb.loop_op(vec![], vec![reduction]);
    let current = kb.val(s);
    let iv = kb.lval(i);
    let element = kb.at(a, iv);
    let value = kb.load(element);
    let sum = kb.bin(BinaryOp::Add, current, value);
    let assign = kb.set(s, sum);
    kb.kernel(
        "reduce",
        params,
        vec![Stmt::AccLoop {
            op: Some(loop_op),
            controls: vec![control],
            mapping: LoopMapping {
                gang: true,
                worker: false,
                vector: true,
                gang_dim: 0,
                chosen: false,
            },
            tile: Vec::new(),
            body: vec![assign],
        }],
    );
    kb.m
}

#[test]
fn the_emulation_lowers_as_nvptx_with_cpu_primitives() {
    let m = module();
    let code = emulated(&m, DeviceProduct::LlvmIr);
    let text = String::from_utf8_lossy(&code.bytes);
    // The same kernels, block shapes and globals as the PTX.
    let ptx = compile_device_kernels(
        &m,
        &DeviceOptions {
            arch: OffloadArch::parse("sm_70").unwrap(),
            opt_level: 2,
        },
        DeviceProduct::Assembly,
    )
    .unwrap();
    assert_eq!(code.kernels, ptx.kernels);
    assert_eq!(code.globals, ptx.globals);
    assert_eq!(code.skipped.len(), ptx.skipped.len());
    assert!(
        text.contains("target triple = \"x86_64-unknown-linux-gnu\""),
        "{text}"
    );
    // No NVPTX intrinsic or address space is left.
    assert!(!text.contains("llvm.nvvm"), "{text}");
    assert!(!text.contains("addrspace"), "{text}");
    // The state every emulated thread reads its registers from, and the barrier through it.
    defines(
        &text,
        "__accemu_state",
        &[
            "thread_local",
            "global { [12 x i32], ptr, ptr } zeroinitializer",
        ],
    );
    assert!(text.contains("ptr @__accemu_state, i64 48"), "{text}");
    assert!(
        text.contains("call void %"),
        "no call through the barrier pointer:\n{text}"
    );
    // The declared global: protected, address space 0, zero-initialised.
    defines(&text, "g", &["protected", "global i32 0"]);
    // Shared memory is thread-local: the blocks of a launch run one after another on one OS
    // thread, so one copy per OS thread is one per block.
    defines(
        &text,
        "__accc_reduce_buffer",
        &["internal thread_local", "[2048 x i64]"],
    );
    // An entry wrapper and a maximum thread count per kernel (1 for one-thread blocks).
    for name in ["pool", "single", "reduce"] {
        assert!(
            text.contains(&format!("define void @__accemu_entry_{name}(ptr")),
            "{name}:\n{text}"
        );
    }
    defines(&text, "__accemu_max_threads_pool", &["constant i32 1024,"]);
    defines(&text, "__accemu_max_threads_single", &["constant i32 1,"]);
}

/// Asserts that `text` defines the global `@name` with every one of `parts` in its line.
fn defines(text: &str, name: &str, parts: &[&str]) {
    let prefix = format!("@{name} = ");
    let Some(line) = text.lines().find(|l| l.starts_with(&prefix)) else {
        panic!("no @{name}:\n{text}");
    };
    for part in parts {
        assert!(line.contains(part), "@{name} lacks '{part}': {line}");
    }
}

#[test]
fn the_emulated_image_is_a_shared_object_that_exports_the_entries() {
    let code = emulated(&module(), DeviceProduct::Image);
    assert!(code.bytes.starts_with(b"\x7fELF"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("image.so");
    std::fs::write(&path, &code.bytes).unwrap();
    let out = std::process::Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(&path)
        .output()
        .expect("nm runs");
    let symbols = String::from_utf8_lossy(&out.stdout);
    for symbol in [
        " T __accemu_entry_pool",
        " T __accemu_entry_single",
        " R __accemu_max_threads_pool",
        " R __accemu_max_threads_single",
        " B __accemu_state",
        " B __accemu_check",
        " B __accemu_sites",
        " R __accemu_sites_bytes",
        " B g",
    ] {
        assert!(
            symbols.lines().any(|l| l.ends_with(symbol)),
            "{symbol} missing:\n{symbols}"
        );
    }
    // The kernels themselves are internal: only the wrappers call them.
    assert!(!symbols.lines().any(|l| l.ends_with(" pool")), "{symbols}");
}

#[test]
fn accesses_that_may_reach_global_memory_are_checked() {
    // Unoptimised, so that the kernels and their checks stay apart from the entry wrappers.
    let code = emulated_at(&module(), DeviceProduct::LlvmIr, 0);
    let text = String::from_utf8_lossy(&code.bytes);
    // The mock's check (null until it loads the image) and one slot per access site.
    defines(&text, "__accemu_check", &["global ptr null"]);
    defines(
        &text,
        "__accemu_sites",
        &["thread_local global [", "x [2 x i64]]"],
    );
    let sites = text.matches("call void @__accemu_check_at(").count();
    defines(
        &text,
        "__accemu_sites_bytes",
        &[&format!("constant i64 {}", 16 * sites)],
    );
    // `pool` stores 7 to a[0] (4 bytes, a store) and loads the array's address through its
    // parameter; its private variables (allocas) are not checked.
    let pool = function(&text, "define internal void @pool(");
    assert!(pool.contains(", i64 4, i32 1, ptr"), "{pool}");
    assert!(pool.contains(", i64 8, i32 0, ptr"), "{pool}");
    for line in pool.lines().filter(|l| l.contains(" = alloca ")) {
        let alloca = line.trim().split(' ').next().unwrap_or_default();
        assert!(
            !pool.contains(&format!("@__accemu_check_at(ptr {alloca},")),
            "{pool}"
        );
    }
    // `single`'s atomic update (kind 2).
    let single = function(&text, "define internal void @single(");
    assert!(single.contains(", i64 4, i32 2, ptr"), "{single}");
    // The function pointer and the context are loaded once, on entry.
    assert_eq!(
        pool.matches("load ptr, ptr @__accemu_check,").count(),
        1,
        "{pool}"
    );
    assert!(pool.contains("!invariant.load"), "{pool}");
    // The entry wrappers read the argument array (host memory, like a GPU's parameter space)
    // unchecked.
    for name in ["pool", "single", "reduce"] {
        let entry = function(&text, &format!("define void @__accemu_entry_{name}("));
        assert!(!entry.contains("__accemu_check"), "{entry}");
    }
    // The check of one access: the site's slot, else the mock, which may write the slot.
    let check = function(&text, "define internal void @__accemu_check_at(");
    assert!(
        check.contains("%inside, label %done, label %ask"),
        "{check}"
    );
    assert!(
        check.contains("call void %check(ptr nocapture readnone %address, "),
        "{check}"
    );
    assert!(
        text.contains("nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)"),
        "{text}"
    );
}

#[test]
fn optimised_checks_call_the_mock_only_outside_the_slot() {
    let code = emulated(&module(), DeviceProduct::LlvmIr);
    let text = String::from_utf8_lossy(&code.bytes);
    // Inlined into the kernels: a compare with the slot, and a cold call of the mock.
    assert!(!text.contains("@__accemu_check_at"), "{text}");
    assert!(
        text.contains("!\"branch_weights\", i32 1000, i32 1"),
        "{text}"
    );
    assert!(
        text.contains("memory(argmem: readwrite, inaccessiblemem: readwrite)"),
        "{text}"
    );
}

/// The text of the function whose definition starts with `header`, to its closing brace.
fn function<'t>(text: &'t str, header: &str) -> &'t str {
    let Some(start) = text.find(header) else {
        panic!("no '{header}':\n{text}");
    };
    let end = text[start..]
        .find("\n}\n")
        .map_or(text.len(), |end| start + end + 3);
    &text[start..end]
}
