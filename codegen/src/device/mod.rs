//! GPU kernels: every [`acc_ir::body::Kernel`] of a module compiled for NVIDIA (PTX text, which
//! the CUDA driver JIT-compiles) or AMD GPUs (an ELF code object linked by `ld.lld`), from the
//! same outlined kernels and the same body lowering as the multicore kernels.
//!
//! # The GPU kernel launch ABI
//!
//! This is the contract the runtime's `nvidia` and `radeon` devices launch kernels by.
//!
//! **Parameters.** The kernel's parameters are exactly the host kernel's arguments, passed as
//! `cuLaunchKernel`/`hipModuleLaunchKernel` pass them: an array whose element `k` points to
//! argument `k`'s value — the same `void **args` array a multicore launch receives.
//! * argument 0: `int64_t`, the number of gangs requested, G = G1·G2·G3 (the kernel reads the
//!   real counts from the grid; the host code's `args[0]` points to `int64_t[4]`
//!   `{G, G1, G2, G3}`, whose first 8 bytes are this parameter);
//! * argument `1 + i` belongs to `kernel.params[i]`: `DeviceAddress` and `Reduction` — a
//!   pointer-sized device address of the variable's data; `Value` (firstprivate) — the
//!   variable's value, of its C type (aggregates are `byval`/`byref` parameters, so the driver
//!   copies `sizeof` bytes); `Private` — a pointer-sized value the kernel ignores;
//! * last, argument `1 + params.len()`, only for a kernel whose [`DeviceKernel::scratch_bytes`]
//!   S is not 0: a pointer-sized device address of the launch's *scratch buffer*, at least
//!   S × (threads of the grid: gridDim.x·y·z × blockDim.x·y) bytes, 16-byte aligned, whose
//!   contents the kernel neither expects nor leaves meaningful. The host code's argument array
//!   does not hold it: the runtime allocates the buffer (one per stream, kept for the next
//!   launch that fits, freed at `acc_shutdown`), appends the argument, and learns S from the
//!   image's kernel facts (`__accrt_image` version 4, see `driver/src/offload.rs`). To bound
//!   the buffer (at most 512 MiB and an eighth of the device's memory,
//!   `runtime/src/gpudev.rs` `scratch_grid`) it may launch fewer gangs along x than argument
//!   0 asks for, which the kernel allows since it reads the gang count from the grid; unless the
//!   construct gives `num_gangs` ([`DeviceKernel::fixed_gangs`]): the gangs of a `num_gangs`
//!   clause each run the redundant code, whose effects count them, so the launch keeps them,
//!   as NVHPC does, and a buffer that cannot be allocated is an error naming the kernel.
//!
//! **Grid and block.** One block per gang: `gridDim = (G1, G2, G3)`, the gangs of each
//! dimension (`num_gangs(G1, G2, G3)`; a `gang(dim: d)` loop divides its iterations among the
//! `gridDim` of axis x, y, z for d = 1, 2, 3 by `blockIdx` of that axis; code outside it runs on
//! every block of the other axes); `blockDim = (V, W, 1)` with V
//! the vector length and W the number of workers. G, W and V come from `num_gangs`,
//! `num_workers` and `vector_length` when given; otherwise V = 128 on NVIDIA (256 suggested on
//! AMD — whole warps or wavefronts —), W = 1, and G is what the host code asks
//! `__accrt_num_threads()` for: the device's resident V-thread blocks (SMs × max threads per SM
//! / 128 on NVIDIA; `runtime/src/cuda.rs`). The runtime caps V·W by the kernel's maximum.
//! A kernel may only accept blocks of one thread: on NVIDIA its `.maxntid` is 1,1,1
//! (`CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK` = 1), on AMD its code object metadata gives
//! `.max_flat_workgroup_size: 1`. The runtime must query that and launch `blockDim = (1,1,1)`
//! (threads beyond the first return at once anyway). Other kernels accept up to 1024 threads.
//!
//! **Distribution of the iterations.** A gang loop's flattened (collapsed) iteration space of N
//! iterations gives gang g of G the iterations `[g·N/G, (g+1)·N/G)`, as on the host. Within a
//! gang, the block's V·W threads form one pool (rank `threadIdx.y·V + threadIdx.x`): a worker
//! or vector loop of the gang's redundant code gives thread r the iterations `r, r + V·W, ...`
//! of its (gang's share of the) range — cyclic, so that neighbouring lanes touch neighbouring
//! elements —, then the block meets at a barrier. Loops nested in such a loop run sequentially
//! on their thread. Code outside worker and vector loops runs on every thread of the block with
//! the same values; it may write only thread-private storage. A kernel whose redundant code
//! writes shared memory (or makes a call or an atomic update) is compiled for one-thread blocks
//! instead, which is always correct ([`BlockShape::SingleThread`] names the reason); so is a
//! `serial` construct's kernel (one gang, one worker, vector length 1).
//!
//! **Reductions.** A loop reduction over the pool: each thread keeps a private partial; after
//! the loop every thread writes it to its slot of a shared-memory buffer (16 bytes × 1024
//! threads), and after a barrier every thread combines the slots in rank order, so all threads
//! hold the block's result. Into private storage of the redundant code each thread combines
//! its copy; into device memory the block's leader (rank 0) combines it with an atomic
//! operation, then the block meets at a barrier. A compute-construct reduction's per-gang
//! partial is combined by each gang's leader atomically into the variable's device copy
//! (argument `1 + i`), which the runtime initialises (copyin) and copies back as for any
//! `copy` clause. So results get back through atomics, one per gang and variable: no finish
//! kernel is needed. Float results depend on the order gangs finish in.
//! * Complex `+`: complex addition is addition of the parts, so the combine is two independent
//!   float atomic adds (`atom.global.add.f32`/`.f64`), each exact as any float atomic add.
//! * Complex `*` (and every other atomic on a value wider than 8 bytes or under-aligned — no
//!   16-byte compare-and-swap exists on sm_70): a read-modify-write under a spin lock,
//!   `__accc_atomic_lock`, an `i32` global of the device module (zero when the image is
//!   loaded, zero again after every critical section; one per image, shared by its kernels).
//!   The loop takes the lock by compare-and-swap 0 → 1 and runs the critical section and the
//!   release inside the loop (a volatile thread-private flag keeps LLVM from moving them past
//!   it), so a thread holding the lock never waits for a spinning thread of its warp or
//!   wavefront (no deadlock without independent thread scheduling: sm_60, AMD). Ordering, NVPTX:
//!   LLVM 19 lowers an acquire `cmpxchg` to a plain `atom.cas` and cannot select `fence` or
//!   acquire/release loads and stores, so the lock is taken by `atom.cas` then `membar.gl`
//!   (= `fence.sc.gpu` from sm_70; together an acquire pattern of the PTX memory model) and
//!   released by `membar.gl` then `st.volatile` (= `st.relaxed.sys`; a release pattern), the
//!   `__threadfence` lock of CUDA; the value itself is read and written with
//!   `ld.volatile`/`st.volatile`. AMDGPU: agent-scope acquire `cmpxchg` and
//!   release store. A compute-construct or gang-loop reduction takes the lock once per gang.
//! * Arrays (`reduction(op:a[0:n])`, constant bounds and array sizes, unit stride): each thread
//!   keeps a private partial array (the whole array's layout, every element the identity) in
//!   its local memory, at most 2 KiB
//!   (`lower::reduce::MAX_DEVICE_PARTIAL_BYTES`; the driver reserves local memory for
//!   every resident thread). The block combines the
//!   partials one section element at a time through the shared buffer (two barriers per
//!   element, every thread the same constant number of rounds); the leader then combines each
//!   element into the device copy with the scalar atomic of the element's type.
//! * Larger arrays whose reduction goes to device memory (a compute-construct reduction, or a
//!   loop reduction whose variable is bound to the device copy, as a gang loop's is inside a
//!   compute-construct reduction of the same array) and whose every use in the reduction's
//!   scope updates one element with the reduction's operator (`acc_ir::updates`): no partial;
//!   each update is the element type's scalar atomic on the device copy (`atom.add.f64`,
//!   `atom.max.s32`, compare-and-swap loops for float `*`), which starts from the original
//!   values, so it ends as the reduction's result. A worker or vector loop reducing the same
//!   array inside one updates the device copy the same way. Updates in redundant code make
//!   the kernel one-thread-per-block (as any atomic there), so each gang contributes once.
//!   Smaller arrays keep their partials (few addresses: per-iteration atomics would contend
//!   where one combine per element and gang does not).
//! * Any other larger array reduction (the loop reads the array, another operator, an update
//!   reading another element, booleans, or a target that is private storage: a nested loop
//!   reducing into an enclosing reduction's partial) keeps each thread's partial in the
//!   scratch buffer (last argument above). Each such partial of the kernel has its own region,
//!   one copy per thread of the grid, thread t (`t = gang · blockDim.x·y + rank`, the gang
//!   linearised x-first) at `region + t · bytes`, the regions one after another
//!   (`lower::reduce`, `Cx::scratch_slab`). This layout keeps a thread's copy contiguous, laid
//!   out like the array, so the body addresses it through one pointer as it would the variable
//!   (indexing, `&a[k]`, pointer arithmetic, whole-array uses) — an element-major layout
//!   (`base[e·T + t]`) would coalesce threads touching the same element at once but needs
//!   every address computation to know the stride; and the combine, the part that touches
//!   every element of every copy, is coalesced anyway: after the loop and its barrier, the
//!   block's threads divide the section's elements cyclically (thread r takes r, r + V·W,
//!   ...) and each combines every thread's copy of its elements in rank order — neighbouring
//!   threads read neighbouring addresses of each copy — then combines the sum into the target
//!   with the element type's atomic (plainly when no other gang can touch it). Into a private
//!   target (each thread's own) the sums go to rank 0's copy and, after a barrier, every
//!   thread combines that copy into its target. One more barrier ends the combine; there are
//!   no shared-memory rounds per element. A compute-construct reduction's scratch partial
//!   (the same on every thread of the gang) is combined at the end of the kernel the same way,
//!   its elements divided among the block's threads. Only device routines have no scratch
//!   buffer: there a reduction that needs one is refused, with the reason.
//!
//! This design was chosen
//! without a GPU to measure on; a tree or warp-shuffle combine within the block and per-gang
//! partials with a second pass are the alternatives to measure once one is available.
//!
//! **Globals.** A global that device code uses by name (a declared global in a device routine)
//! is a global of the device module in address space 1 under the host variable's symbol, defined
//! zero-initialised and externally visible ([`DeviceGlobal`], listed in the image's
//! registration); the runtime finds it by name (`cuModuleGetGlobal_v2`) and makes it the
//! present-table copy of the host variable. A `declare link` global (OpenACC 3.3 §2.13.3) is
//! not copied whole: the device module holds a pointer, `__accc_link_<symbol>`
//! ([`acc_ir::link_pointer_symbol`]; a name of its own, so that its type can never clash with a
//! whole copy of the same symbol another file's code might declare), each use loads it and
//! addresses the variable through it, and the runtime points it at the device copy that a data
//! clause maps (null otherwise). [`DeviceLink`] lists, for the image, the host variable and the
//! kernels that reach it.
//!
//! **Device routines.** Every routine the kernels reach is a function of the device module
//! (internal after linking, so LLVM may inline it), called with the convention of
//! [`crate::lower::call::Abi`], the same for NVPTX, AMDGPU and the emulation: scalars and
//! pointers by value (booleans `zeroext i1`, narrow integers sign- or zero-extended), `float
//! _Complex` as `<2 x float>`, `double _Complex` as two `double`s and returned as `{ double,
//! double }`, structs and unions (Fortran derived types passed by value or returned) by
//! address: the argument is the address of the caller's value, which the routine copies into
//! its own private storage on entry; a struct result is written through an extra first
//! parameter `ptr noalias`, a private slot of the caller, and the function returns `void`.
//! Routines of several translation units meet in one device module at link time under their
//! symbols, so every caller and callee agree on it.
//!
//! **What is not compiled for GPUs yet** (the kernel is skipped for that target, with the
//! reason): writable function-local `static` variables in routines (the C frontend refuses
//! them; a `static const` table with an initializer is a local initialised on entry), array
//! reductions over 2 KiB in device routines that use the array other than by updates of one
//! element with the reduction's operator,
//! `long double`/`__int128`, math without the device
//! library (see [`find_libdevice`], [`find_ocml`]).

pub(crate) mod emulate;
pub(crate) mod function;
pub(crate) mod kernel;
pub(crate) mod math;
mod routines;
pub(crate) mod target;

pub use math::{find_libdevice, find_ocml};
pub use target::{
    find_ld_lld, link_code_object, OffloadArch, DEFAULT_AMDGPU_ARCH, DEFAULT_NVPTX_ARCH,
    NVPTX_ARCHS,
};

use inkwell::context::Context;
use inkwell::module::FlagBehavior;

use crate::host::target::{data_layout, optimise, parse};
use crate::lower::threads::Gpu;
use crate::CodegenError;

/// What [`compile_device_kernels`] produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceProduct {
    /// The optimised LLVM IR of the device module.
    LlvmIr,
    /// PTX (NVIDIA) or AMDGPU assembly.
    Assembly,
    /// What the runtime loads: PTX text (NVIDIA) or a linked ELF code object (AMD).
    Image,
}

/// Options of GPU kernel compilation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeviceOptions {
    pub arch: OffloadArch,
    /// 0..=3, from `-O`; a module that links a math library is always optimised at 3.
    pub opt_level: u8,
}

/// The block shapes a kernel accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockShape {
    /// Blocks of up to 1024 threads (vector lanes × workers).
    Pool,
    /// One thread per block, and why.
    SingleThread { reason: String },
}

/// A kernel compiled for a GPU.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceKernel {
    pub name: String,
    pub block: BlockShape,
    /// The bytes of scratch buffer the kernel needs per thread of the grid (its large array
    /// reduction partials); 0 when it takes no scratch argument.
    pub scratch_bytes: u64,
    /// Whether the kernel's construct gives `num_gangs` (for any device type): the runtime
    /// launches the gangs the host code asks for, never fewer to bound the scratch buffer.
    pub fixed_gangs: bool,
}

/// A global variable the device module defines: the device copy of a declared global that
/// device code uses (`acc declare`), in the global address space under the host's symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceGlobal {
    /// The symbol, the same as the host variable's (a C `static`: its TU's alias).
    pub name: String,
    /// Its size in bytes on the device.
    pub bytes: u64,
    /// Set for the pointer global of a `declare link` variable (named by
    /// [`acc_ir::link_pointer_symbol`]): what the runtime needs to point it at the variable's
    /// device copy.
    pub link: Option<DeviceLink>,
}

/// The `declare link` variable (OpenACC 3.3 §2.13.3) behind a pointer global of the device
/// module: device code loads the pointer and addresses the variable through it; the runtime
/// writes the device address of the variable's mapped copy there (null while unmapped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceLink {
    /// The host variable's symbol.
    pub host: String,
    /// Its source name, for messages.
    pub name: String,
    /// The host variable's size in bytes.
    pub bytes: u64,
    /// The kernels of the module that use it (directly or through the routines they call),
    /// sorted: a launch of one of them while the variable is not mapped is an error.
    pub kernels: Vec<String>,
}

/// The device code of a module for one architecture.
#[derive(Clone, Debug)]
pub struct DeviceCode {
    pub arch: OffloadArch,
    pub product: DeviceProduct,
    /// LLVM IR or assembly text, PTX, or the code object's bytes.
    pub bytes: Vec<u8>,
    pub kernels: Vec<DeviceKernel>,
    /// The globals it defines (declared globals that its kernels and routines use).
    pub globals: Vec<DeviceGlobal>,
    /// Kernels left out, each with why.
    pub skipped: Vec<(String, CodegenError)>,
    /// Whether libdevice or ocml was linked in.
    pub math_linked: bool,
}

/// Whether LLVM IR text avoids every type a GPU back end would need library calls for (it
/// aborts the process on those): a last check before LLVM sees a kernel.
fn text_fits_gpu(text: &str) -> bool {
    !["x86_fp80", "fp128", "i128 ", "i128,", "i128)", "x86."]
        .iter()
        .any(|token| text.contains(token))
}

/// Compiles every kernel of `module` for `options.arch` into `product`.
///
/// A kernel that cannot be compiled for the GPU is left out and listed in `skipped` (its region
/// still runs on the host or multicore); an `Internal` error fails the whole call.
pub fn compile_device_kernels(
    module: &acc_ir::Module,
    options: &DeviceOptions,
    product: DeviceProduct,
) -> Result<DeviceCode, CodegenError> {
    compile_device_program(&[module], options, product)
}

/// Compiles the kernels of several modules — the translation units of one program, as the link
/// step reads them from the objects' `.accc.ir` sections ([`acc_ir::serial`]) — into one
/// device module, and so one image, for `options.arch`.
///
/// A kernel whose name an earlier module already gave a kernel is left out (listed in
/// `skipped`); otherwise as [`compile_device_kernels`].
pub fn compile_device_program(
    modules: &[&acc_ir::Module],
    options: &DeviceOptions,
    product: DeviceProduct,
) -> Result<DeviceCode, CodegenError> {
    crate::host::on_codegen_thread(|| {
        let arch = options.arch;
        let gpu = arch.gpu();
        let context = Context::create();
        let machine = target::target_machine(arch, options.opt_level)?;
        let layout = data_layout(&machine);
        let combined = context.create_module("accc_device");
        combined.set_triple(&machine.get_triple());
        combined.set_data_layout(&machine.get_target_data().get_data_layout());
        let math = math::available(gpu);
        let mut kernels = Vec::new();
        let mut skipped = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut links: std::collections::BTreeMap<String, DeviceLink> = Default::default();
        let link_symbols = program_links(modules);
        let mut routines =
            routines::compile(&context, modules, gpu, math, &layout, arch, &link_symbols)?;
        for text in std::mem::take(&mut routines.parsed) {
            combined.link_in_module(text).map_err(|e| {
                CodegenError::Internal(format!(
                    "device routines: linking failed: {}",
                    e.to_string_lossy()
                ))
            })?;
        }
        for (module, acc_kernel) in modules
            .iter()
            .flat_map(|module| module.kernels.iter().map(move |kernel| (*module, kernel)))
        {
            if !seen.insert(acc_kernel.name.clone()) {
                skipped.push((
                    acc_kernel.name.clone(),
                    CodegenError::Unsupported {
                        span: acc_kernel.span,
                        message: "another object of the program has a kernel of this name".into(),
                    },
                ));
                continue;
            }
            if let Some(error) = routines.unavailable(&acc_kernel.body) {
                skipped.push((acc_kernel.name.clone(), error));
                continue;
            }
            let written =
                match kernel::kernel_function(module, acc_kernel, gpu, math, &link_symbols) {
                    Ok(written) => written,
                    Err(
                        error @ (CodegenError::Unsupported { .. }
                        | CodegenError::NoDeviceMath { .. }),
                    ) => {
                        skipped.push((acc_kernel.name.clone(), error));
                        continue;
                    }
                    Err(error) => return Err(error),
                };
            let mut text = written
                .declarations
                .render(&layout, arch.triple(), &[written.function]);
            text.push_str(&kernel::kernel_attributes(
                gpu,
                &acc_kernel.name,
                written.single_thread.is_some(),
            ));
            if gpu == Gpu::Emulated {
                text.push_str(&kernel::emulation_entry(
                    &acc_kernel.name,
                    &written.params,
                    written.single_thread.is_some(),
                ));
            }
            if !text_fits_gpu(&text) {
                skipped.push((
                    acc_kernel.name.clone(),
                    CodegenError::Unsupported {
                        span: acc_kernel.span,
                        message: "the kernel uses types GPUs do not support".into(),
                    },
                ));
                continue;
            }
            let used = written
                .declarations
                .links()
                .cloned()
                .chain(routines.links_reached(&acc_kernel.body));
            for link in used {
                let entry = links.entry(link.pointer).or_insert_with(|| DeviceLink {
                    host: link.host,
                    name: link.name,
                    bytes: link.bytes,
                    kernels: Vec::new(),
                });
                if !entry.kernels.contains(&acc_kernel.name) {
                    entry.kernels.push(acc_kernel.name.clone());
                }
            }
            let parsed = parse(&context, &acc_kernel.name, &text)?;
            combined.link_in_module(parsed).map_err(|e| {
                CodegenError::Internal(format!(
                    "kernel '{}': linking failed: {}",
                    acc_kernel.name,
                    e.to_string_lossy()
                ))
            })?;
            kernels.push(DeviceKernel {
                name: acc_kernel.name.clone(),
                block: match written.single_thread {
                    None => BlockShape::Pool,
                    Some(reason) => BlockShape::SingleThread { reason },
                },
                scratch_bytes: written.scratch_bytes,
                fixed_gangs: matches!(
                    &module.ops[acc_kernel.compute].kind,
                    acc_ir::OpKind::Compute(c) if !c.num_gangs.is_empty()
                ),
            });
        }
        if gpu == Gpu::Emulated {
            let state = parse(&context, "emulation state", &emulate::state_module(&layout))?;
            combined.link_in_module(state).map_err(|e| {
                CodegenError::Internal(format!(
                    "linking the emulation state failed: {}",
                    e.to_string_lossy()
                ))
            })?;
            // Before the optimiser, so that every access is checked where it was written.
            emulate::insert_checks(&combined, &machine.get_target_data())?;
        }
        let mut globals = define_globals(&combined, &machine, gpu);
        for global in &mut globals {
            if let Some(mut link) = links.remove(&global.name) {
                link.kernels.sort();
                global.link = Some(link);
            }
        }
        let math_linked = math && math::needs_library(&combined, gpu);
        if math_linked {
            math::link_library(&context, &combined, gpu)?;
            if gpu == Gpu::Amdgpu {
                // After the library, so that its references to the constants exist.
                let (wave64, isa) = arch.amdgpu_config();
                let text = format!(
                    "target datalayout = \"{layout}\"\ntarget triple = \"{}\"\n{}",
                    arch.triple(),
                    math::ocml_configuration(wave64, isa)
                );
                let configuration = parse(&context, "ocml configuration", &text)?;
                combined.link_in_module(configuration).map_err(|e| {
                    CodegenError::Internal(format!(
                        "linking the ocml configuration failed: {}",
                        e.to_string_lossy()
                    ))
                })?;
            }
        }
        if gpu == Gpu::Nvptx {
            // libdevice asks `__nvvm_reflect("__CUDA_FTZ")`: IEEE denormals.
            combined.add_basic_value_flag(
                "nvvm-reflect-ftz",
                FlagBehavior::Override,
                context.i32_type().const_zero(),
            );
        }
        let mut names: Vec<String> = kernels.iter().map(|k| k.name.clone()).collect();
        let mut global_names: Vec<String> = globals.iter().map(|g| g.name.clone()).collect();
        if gpu == Gpu::Emulated {
            // The entry wrappers are what the emulator calls; the kernels may be inlined.
            global_names.extend(emulate::exported_globals(&names));
            names = emulate::entries(&names);
        }
        target::internalize(&combined, &names, &global_names);
        let level = if math_linked { 3 } else { options.opt_level };
        optimise(&combined, &machine, level)?;
        let bytes = match (product, gpu) {
            (DeviceProduct::LlvmIr, _) => combined.print_to_string().to_bytes().to_vec(),
            (DeviceProduct::Assembly, _) | (DeviceProduct::Image, Gpu::Nvptx) => {
                target::emit_assembly(&combined, &machine)?.into_bytes()
            }
            (DeviceProduct::Image, Gpu::Amdgpu) => {
                let object = target::emit_object(&combined, &machine)?;
                link_code_object(&object)?
            }
            (DeviceProduct::Image, Gpu::Emulated) => {
                let object = target::emit_object(&combined, &machine)?;
                emulate::link_shared_object(&object)?
            }
        };
        Ok(DeviceCode {
            arch,
            product,
            bytes,
            kernels,
            globals,
            skipped,
            math_linked,
        })
    })
}

/// The host symbols of the variables with external linkage that a global `declare link` of any
/// of `modules` names: every translation unit's device code reaches them through their
/// pointers, also one that does not see the directive (a Fortran module compiled apart from
/// the routine that uses its variable), so that one variable never has both a pointer and a
/// whole copy in the image.
fn program_links(modules: &[&acc_ir::Module]) -> crate::lower::threads::LinkSymbols {
    let mut symbols = std::collections::BTreeSet::new();
    for module in modules {
        for &op in &module.globals {
            let Some(acc_ir::OpKind::Declare(declare)) = module.ops.get(op).map(|op| &op.kind)
            else {
                continue;
            };
            for &entry in &declare.data_entry {
                let Some(data) = module.data_ops.get(entry) else {
                    continue;
                };
                let Some(variable) = module.variables.get(data.var) else {
                    continue;
                };
                if data.kind == acc_ir::DataOpKind::DeclareLink
                    && variable.storage != acc_ir::Storage::Static
                {
                    symbols.insert(variable.link_name().to_string());
                }
            }
        }
    }
    std::sync::Arc::new(symbols)
}

/// Defines every global the kernels and routines of `module` use (declared in their texts as
/// `external addrspace(1) global`): zero-initialised (the runtime writes a `declare copyin`
/// global's initial value when it loads the image), externally visible so that the driver
/// finds it by name (`cuModuleGetGlobal`). Returns them, sorted by name, with their sizes.
fn define_globals(
    module: &inkwell::module::Module<'_>,
    machine: &inkwell::targets::TargetMachine,
    gpu: Gpu,
) -> Vec<DeviceGlobal> {
    let data = machine.get_target_data();
    let mut globals = Vec::new();
    for global in module.get_globals() {
        let space = global.as_pointer_value().get_type().get_address_space();
        let device_space = if gpu == Gpu::Emulated { 0u16 } else { 1 };
        if global.get_initializer().is_some()
            || global.is_thread_local()
            || space != inkwell::AddressSpace::from(device_space)
        {
            continue;
        }
        let name = global.get_name().to_string_lossy().into_owned();
        if name.starts_with("llvm.") {
            continue;
        }
        let value_type = global.get_value_type();
        let Ok(basic) = inkwell::types::BasicTypeEnum::try_from(value_type) else {
            continue;
        };
        global.set_initializer(&basic.const_zero());
        global.set_linkage(inkwell::module::Linkage::External);
        if gpu != Gpu::Nvptx {
            // Emulation: protected too, so that the shared object's code addresses its own
            // copy, never the program's host variable of the same symbol.
            // Protected, as HIP's device globals: the code object exports the symbol for the
            // runtime (hipModuleGetGlobal), and device code addresses it directly, not
            // through the GOT.
            global.set_visibility(inkwell::GlobalVisibility::Protected);
        }
        globals.push(DeviceGlobal {
            name,
            bytes: data.get_abi_size(&value_type),
            link: None,
        });
    }
    globals.sort_by(|a, b| a.name.cmp(&b.name));
    globals
}
