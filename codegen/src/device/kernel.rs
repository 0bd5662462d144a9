//! The GPU kernel entry: parameters passed by value as `cuLaunchKernel`/`hipModuleLaunchKernel`
//! pass them, the gang id and count from the grid, the block's thread pool, parameter binding,
//! and the combination of compute-construct reductions into device memory.
//!
//! The lowering is tried first for blocks of many threads ([`crate::lower::threads`]); when the
//! kernel's redundant code has shared side effects it is written again for blocks of one thread.

use acc_ir::body::{Kernel, Passing};
use acc_ir::Module;

/// The largest firstprivate value a GPU kernel takes as a parameter: CUDA allows 4352 bytes of
/// parameters in all (PTX before ISA 8.1), and the kernel's other parameters need room too.
const MAX_VALUE_PARAM_BYTES: u64 = 4096;

use crate::llvm::text::{global_name, ModuleWriter, Val};
use crate::llvm::ty::Ty;
use crate::lower::threads::{Device, Gpu, LinkSymbols, Pool, Scratch};
use crate::lower::{Binding, Cx, R};
use crate::CodegenError;

/// One kernel's function text, what the module needs around it, and its block shape.
pub(crate) struct Written {
    pub function: String,
    pub declarations: ModuleWriter,
    /// `None`: blocks of any size up to the device limit; `Some(reason)`: one thread per block.
    pub single_thread: Option<String>,
    /// The kernel's parameters, in order: the LLVM type and whether it is passed `byval`
    /// (what the emulation's entry wrapper, [`emulation_entry`], passes).
    pub params: Vec<(String, bool)>,
    /// The bytes of scratch buffer the kernel needs per thread of the grid (0: it takes no
    /// scratch argument).
    pub scratch_bytes: u64,
}

/// Writes `kernel` for `gpu`, with a thread pool when the code allows it.
pub(crate) fn kernel_function(
    module: &Module,
    kernel: &Kernel,
    gpu: Gpu,
    math: bool,
    links: &LinkSymbols,
) -> Result<Written, CodegenError> {
    let device = || {
        let mut device = Device::new(gpu, math);
        device.links = links.clone();
        device
    };
    let single_thread = |reason: String| -> Result<Written, CodegenError> {
        let mut cx = Cx::for_device(module, &kernel.body, kernel.span, device());
        let (header, params, scratch_bytes) = write(&mut cx, kernel, false)?;
        let Cx { w, mw, .. } = cx;
        Ok(Written {
            function: w.finish(&header),
            declarations: mw,
            single_thread: Some(reason),
            params,
            scratch_bytes,
        })
    };
    // A `serial` construct is one gang of one worker with vector length 1 (OpenACC 3.3
    // §2.5.2): more threads would only repeat its code and meet at barriers around its stores.
    let serial = matches!(
        &module.ops[kernel.compute].kind,
        acc_ir::OpKind::Compute(c) if c.kind == acc_ir::ComputeKind::Serial
    );
    if serial {
        return single_thread("a 'serial' construct runs on one thread".to_string());
    }
    let mut cx = Cx::for_device(module, &kernel.body, kernel.span, device());
    let result = write(&mut cx, kernel, true);
    let conflict = cx.device.as_mut().and_then(|d| d.conflict.take());
    match (result, conflict) {
        (Ok((header, params, scratch_bytes)), None) => {
            let Cx { w, mw, .. } = cx;
            Ok(Written {
                function: w.finish(&header),
                declarations: mw,
                single_thread: None,
                params,
                scratch_bytes,
            })
        }
        (Err(error), None) => Err(error),
        (Err(error @ CodegenError::NoDeviceMath { .. }), Some(_)) => Err(error),
        (_, Some((_, reason))) => single_thread(reason),
    }
}

/// A kernel's parameters: each one's LLVM type and whether it is passed `byval`.
type Params = Vec<(String, bool)>;

/// Writes the kernel's body into `cx`; returns the function header, the parameters' types
/// (with whether each is `byval`) and the scratch bytes per thread.
fn write(cx: &mut Cx<'_>, kernel: &Kernel, with_pool: bool) -> R<(String, Params, u64)> {
    let module = cx.module;
    let span = kernel.span;
    let gpu = cx
        .gpu()
        .ok_or_else(|| cx.internal("a GPU kernel without a GPU"))?;

    // The block's threads: rank = threadIdx.y * blockDim.x + threadIdx.x.
    let tid_x = cx.special_register("tid.x")?;
    let tid_y = cx.special_register("tid.y")?;
    let ntid_x = cx.special_register("ntid.x")?;
    let ntid_y = cx.special_register("ntid.y")?;
    let row = cx.bin("mul", &tid_y, &ntid_x);
    let rank = cx.bin("add", &row, &tid_x);
    let count = cx.bin("mul", &ntid_x, &ntid_y);
    let exit = cx.w.block("exit");
    if let Some(device) = &mut cx.device {
        device.scratch = Some(Scratch {
            base: Val::new(Ty::Ptr, SCRATCH_PARAM),
            bytes: 0,
        });
    }
    if with_pool {
        if let Some(device) = &mut cx.device {
            device.pool = Some(Pool { rank, count });
        }
    } else {
        // Compiled for one thread per block: any other thread leaves at once.
        let start = cx.w.block("start");
        let leader = cx.icmp("eq", &rank, &Val::i64(0));
        cx.w.cond_br(&leader, start, exit);
        cx.w.position(start);
    }

    // The gang: blockIdx of gridDim, in up to three dimensions.
    cx.gangs = Some(cx.grid_gangs()?);

    // Parameters: %arg0 is the requested gang count (the grid has that many blocks);
    // %arg<1+i> is parameter i's value.
    let mut header_params = vec!["i64 noundef %arg0".to_string()];
    let mut params = vec![("i64".to_string(), false)];
    let mut partials = Vec::new();
    for (index, param) in kernel.params.iter().enumerate() {
        let Some(variable) = module.variables.get(param.var) else {
            return Err(cx.internal(format!("kernel parameter {index} names no variable")));
        };
        let name = format!("%arg{}", index + 1);
        let binding = match param.passing {
            Passing::DeviceAddress => {
                header_params.push(format!("ptr noundef {name}"));
                params.push(("ptr".into(), false));
                Binding {
                    ptr: Val::new(Ty::Ptr, name),
                    shared: true,
                }
            }
            Passing::Private => {
                header_params.push(format!("ptr {name}"));
                params.push(("ptr".into(), false));
                cx.private_binding(param.var, param.data_op, span)?
            }
            Passing::Value if cx.firstprivate_section(param.var, param.data_op)?.is_some() => {
                // Each gang would need its own copy of the section, which GPU kernels do not
                // make: the region runs its host fallback there.
                return Err(cx.unsupported(
                    span,
                    format!(
                        "the region writes the firstprivate section through a pointer '{}', of which GPU kernels make no private copies",
                        variable.name
                    ),
                ));
            }
            Passing::Value => {
                let what = format!("the firstprivate '{}'", variable.name);
                let ty = cx.storage_ty(variable.ty, span, &what)?;
                let copy = cx.w.alloca(&ty);
                if ty.size() > MAX_VALUE_PARAM_BYTES {
                    // CUDA caps a kernel's parameters at 4352 bytes (PTX before ISA 8.1):
                    // ptxas would reject the image. The region runs its host fallback.
                    return Err(cx.unsupported(
                        span,
                        format!(
                            "{what} takes {} bytes of kernel parameters, more than the {MAX_VALUE_PARAM_BYTES} accc passes to a GPU kernel by value",
                            ty.size()
                        ),
                    ));
                }
                let value = if matches!(ty, Ty::Struct(_) | Ty::Array(..) | Ty::Vector(..)) {
                    // Aggregates arrive in the parameter space: by `byval` pointer (NVPTX) or
                    // as a `byref` pointer into the kernel arguments (AMDGPU).
                    let (declared, space) = match gpu {
                        Gpu::Nvptx | Gpu::Emulated => {
                            (format!("ptr byval({ty}) align {}", ty.align()), "")
                        }
                        Gpu::Amdgpu => (
                            format!("ptr addrspace(4) byref({ty}) align {}", ty.align()),
                            " addrspace(4)",
                        ),
                    };
                    header_params.push(format!("{declared} {name}"));
                    params.push((declared, true));
                    cx.w.assign(
                        ty.clone(),
                        format!("load {ty}, ptr{space} {name}, align {}", ty.align()),
                    )
                } else {
                    header_params.push(format!("{ty} {name}"));
                    params.push((ty.to_string(), false));
                    Val::new(ty.clone(), name)
                };
                cx.store_mem(&copy, &value);
                Binding {
                    ptr: copy,
                    shared: false,
                }
            }
            Passing::Reduction(op) => {
                header_params.push(format!("ptr noundef {name}"));
                params.push(("ptr".into(), false));
                let target = Binding {
                    ptr: Val::new(Ty::Ptr, name),
                    shared: true,
                };
                let partial = cx.begin_reduction(
                    param.var,
                    op,
                    param.data_op,
                    target,
                    &kernel.body.stmts,
                    span,
                )?;
                let binding = partial.binding.clone();
                partials.push(partial);
                binding
            }
        };
        cx.bind(param.var, binding);
    }

    cx.stmts(&kernel.body.stmts)?;
    // The gang's partials (the same on every thread) go to device memory, once per gang: a
    // scratch partial's elements divided among the block's threads, any other by the leader.
    let pool = cx.device.as_ref().and_then(|d| d.pool.clone());
    for partial in &partials {
        match &pool {
            Some(pool) if partial.in_scratch() => cx.end_reduction_spread(partial, pool, span)?,
            _ => cx.on_leader(&mut |cx| cx.end_reduction(partial, true, span))?,
        }
    }
    // The scratch buffer, when a partial lives there, is the last parameter.
    let scratch_bytes = cx
        .device
        .as_ref()
        .and_then(|d| d.scratch.as_ref())
        .map_or(0, |s| s.bytes);
    if scratch_bytes > 0 {
        header_params.push(format!("ptr noundef {SCRATCH_PARAM}"));
        params.push(("ptr".into(), false));
    }
    cx.w.br(exit);
    cx.w.position(exit);
    cx.w.terminate("ret void");

    let convention = match gpu {
        Gpu::Nvptx => "ptx_kernel ",
        Gpu::Amdgpu => "amdgpu_kernel ",
        // A plain C function, called by its entry wrapper.
        Gpu::Emulated => "",
    };
    let attributes = if with_pool { "#2" } else { "#3" };
    Ok((
        format!(
            "define {convention}void {}({}) {attributes}",
            global_name(&kernel.name),
            header_params.join(", ")
        ),
        params,
        scratch_bytes,
    ))
}

/// The kernel parameter that points to the launch's scratch buffer.
const SCRATCH_PARAM: &str = "%scratch";

/// The symbol of an emulated kernel's entry wrapper, `void (void **args)`.
pub const EMU_ENTRY_PREFIX: &str = "__accemu_entry_";
/// The symbol of an emulated kernel's `i32` maximum threads per block.
pub const EMU_MAX_THREADS_PREFIX: &str = "__accemu_max_threads_";

/// Emulation: the exported entry of kernel `name`, `void __accemu_entry_<name>(void **args)`,
/// which takes the `cuLaunchKernel` argument array (element k points to argument k's value),
/// loads each parameter (a `byval` aggregate is passed by its pointer, which the call copies)
/// and calls the kernel; and `i32 __accemu_max_threads_<name>`, the kernel's maximum threads
/// per block (1 for a kernel compiled for one-thread blocks — PTX's `.maxntid 1, 1, 1` —,
/// else 1024).
pub(crate) fn emulation_entry(
    name: &str,
    params: &[(String, bool)],
    single_thread: bool,
) -> String {
    let mut body = String::new();
    let mut args = Vec::with_capacity(params.len());
    for (k, (ty, byval)) in params.iter().enumerate() {
        body.push_str(&format!(
            "  %slot{k} = getelementptr inbounds ptr, ptr %args, i64 {k}\n  %at{k} = load ptr, ptr %slot{k}, align 8\n"
        ));
        if *byval {
            args.push(format!("{ty} %at{k}"));
        } else {
            body.push_str(&format!("  %v{k} = load {ty}, ptr %at{k}, align 1\n"));
            args.push(format!("{ty} %v{k}"));
        }
    }
    let max_threads = if single_thread {
        1
    } else {
        crate::lower::threads::MAX_BLOCK_THREADS
    };
    format!(
        "define void {}(ptr %args) #2 {{\n{body}  call void {}({})\n  ret void\n}}\n{} = constant i32 {max_threads}, align 4\n",
        global_name(&format!("{EMU_ENTRY_PREFIX}{name}")),
        global_name(name),
        args.join(", "),
        global_name(&format!("{EMU_MAX_THREADS_PREFIX}{name}")),
    )
}

/// The attribute groups `#2` (a kernel for blocks of up to 1024 threads) and `#3` (a kernel
/// for blocks of one thread) that kernel headers name, and, on NVPTX, the launch bound of a
/// one-thread kernel (`.maxntid 1, 1, 1`, which `cuFuncGetAttribute` reports).
pub(crate) fn kernel_attributes(gpu: Gpu, name: &str, single_thread: bool) -> String {
    match gpu {
        Gpu::Nvptx => {
            let mut out =
                String::from("attributes #2 = { nounwind }\nattributes #3 = { nounwind }\n");
            if single_thread {
                // A metadata id far above the ones the kernel's writer allocates.
                out.push_str(&format!(
                    "!nvvm.annotations = !{{!1000000}}\n!1000000 = !{{ptr {}, !\"maxntidx\", i32 1, !\"maxntidy\", i32 1, !\"maxntidz\", i32 1}}\n",
                    global_name(name)
                ));
            }
            out
        }
        Gpu::Emulated => {
            String::from("attributes #2 = { nounwind }\nattributes #3 = { nounwind }\n")
        }
        Gpu::Amdgpu => concat!(
            "attributes #2 = { nounwind \"amdgpu-flat-work-group-size\"=\"1,1024\" }\n",
            "attributes #3 = { nounwind \"amdgpu-flat-work-group-size\"=\"1,1\" }\n"
        )
        .to_string(),
    }
}
