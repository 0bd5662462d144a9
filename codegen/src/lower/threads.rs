//! The GPU side of the body lowering: thread ids, the block-wide pool of threads that worker
//! and vector loops are spread over, barriers, code only the block's leader thread runs, and
//! the check that keeps redundantly executed code free of shared side effects.
//!
//! The execution model (documented for the runtime in [`crate::device`]): a gang is a thread
//! block (`blockIdx.x` of `gridDim.x`), and the block's `blockDim.x * blockDim.y` threads
//! (vector lanes × workers) form one pool. Code outside worker and vector loops runs on every
//! thread of the block with identical values ("redundantly"); a worker or vector loop at that
//! level divides its iterations cyclically over the whole pool, so each iteration runs exactly
//! once per gang; loops nested inside it run sequentially on their thread. After such a loop
//! the block meets at a barrier. Redundant code may only write memory private to its thread
//! (allocas); a kernel that writes anything else there — or, inside a spread loop, writes a
//! private variable of the enclosing redundant code — is compiled again for blocks of one
//! thread ([`Device::conflict`]), which is always correct.

use acc_ir::Span;

use super::Cx;
use crate::llvm::text::{global_name, Val};
use crate::llvm::ty::Ty;

/// The GPU instruction sets the lowering knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Gpu {
    Nvptx,
    Amdgpu,
    /// The NVPTX lowering run on the CPU by the test-only emulator (`ACCC_EMULATE_NVPTX=1`,
    /// [`crate::device::emulate`]): everything is lowered exactly as for [`Gpu::Nvptx`] but the
    /// machine primitives — special registers are loads from the thread-local
    /// [`EMU_STATE`], a barrier is a call through its `barrier` pointer (the emulator's
    /// scheduler), shared memory is thread-local, global memory is address space 0, device
    /// math is the host's libm — and the module is compiled for x86-64.
    Emulated,
}

impl Gpu {
    /// The address space of allocas when it is not the generic one.
    pub(crate) fn alloca_space(self) -> Option<u32> {
        match self {
            Gpu::Nvptx | Gpu::Emulated => None,
            Gpu::Amdgpu => Some(5),
        }
    }

    /// The address space of device globals (`cuModuleGetGlobal` memory, the atomic lock), as
    /// an LLVM type suffix: ` addrspace(1)`, or nothing for the emulation.
    pub(crate) fn global_space(self) -> &'static str {
        match self {
            Gpu::Nvptx | Gpu::Amdgpu => " addrspace(1)",
            Gpu::Emulated => "",
        }
    }

    /// The lowering this GPU follows for everything but the machine primitives.
    pub(crate) fn lowered_as(self) -> Gpu {
        match self {
            Gpu::Emulated => Gpu::Nvptx,
            gpu => gpu,
        }
    }
}

/// The emulator's per-OS-thread state (`thread_local`, defined and exported by every emulated
/// image): `i32` `tid.x, .y, .z`, `ntid.x..z`, `ctaid.x..z`, `nctaid.x..z` at byte offsets 0,
/// 4, ..., 44, which the scheduler (tests/mockcuda/mockcuda.c) sets before it switches to each
/// emulated thread, then at offset 48 the `void (*)(void)` barrier and at offset 56 the
/// memory checks' context (the emulator's own per-OS-thread data, opaque to the image: the
/// last argument of every check, [`crate::device::emulate`]), both set at each launch.
pub(crate) const EMU_STATE: &str = "__accemu_state";
/// The LLVM type of [`EMU_STATE`].
pub(crate) const EMU_STATE_TYPE: &str = "{ [12 x i32], ptr, ptr }";
/// The byte offset of the barrier pointer in [`EMU_STATE`].
pub(crate) const EMU_BARRIER_OFFSET: u32 = 48;
/// The field of [`EMU_STATE_TYPE`] that holds the memory checks' context.
pub(crate) const EMU_CHECK_CONTEXT_FIELD: u32 = 2;

/// The byte offset of a special register (`tid.x`, `nctaid.z`, ...) in [`EMU_STATE`].
pub(crate) fn emu_register_offset(dimension: &str, axis: &str) -> Option<u32> {
    let row = ["tid", "ntid", "ctaid", "nctaid"]
        .iter()
        .position(|d| *d == dimension)?;
    let column = ["x", "y", "z"].iter().position(|a| *a == axis)?;
    u32::try_from(4 * (3 * row + column)).ok()
}

/// The thread pool of a block: this thread's rank and the number of threads.
#[derive(Clone, Debug)]
pub(crate) struct Pool {
    /// `i64`: `threadIdx.y * blockDim.x + threadIdx.x`.
    pub rank: Val,
    /// `i64`: `blockDim.x * blockDim.y`.
    pub count: Val,
}

/// The state of a GPU kernel's lowering.
#[derive(Clone, Debug)]
pub(crate) struct Device {
    pub gpu: Gpu,
    /// Whether device math (libdevice or ocml) can be linked.
    pub math: bool,
    /// The block's pool, when the kernel is compiled for blocks of more than one thread.
    pub pool: Option<Pool>,
    /// While inside a loop spread over the pool: the ordinal of the first alloca made for it.
    /// Allocas with a smaller ordinal belong to the redundant code around the loop.
    pub spread_from: Option<usize>,
    /// While positive, the code being written runs on the leader thread only.
    pub leader_only: u32,
    /// Why the kernel cannot use more than one thread per block, once found.
    pub conflict: Option<(Span, String)>,
    /// The host symbols of the program's `declare link` variables (any of its translation
    /// units' global `declare link`), which device code reaches through their pointers.
    pub links: LinkSymbols,
    /// In a kernel's function (not in a device routine): the kernel's scratch buffer, where
    /// large array reduction partials live ([`crate::lower::reduce`]).
    pub scratch: Option<Scratch>,
}

/// A kernel's scratch buffer: the launch's last argument, `base`, points to device memory the
/// runtime allocates for the launch, `bytes` per thread of the grid (the launch ABI in
/// `device/mod.rs`). Each large array partial of the kernel has its own region of it, at
/// `bytes` (per thread) so far when the partial was made.
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    pub base: Val,
    /// The bytes per thread the kernel's partials take so far (a multiple of 16).
    pub bytes: u64,
}

/// The host symbols of a program's `declare link` variables.
pub(crate) type LinkSymbols = std::sync::Arc<std::collections::BTreeSet<String>>;

/// The shared-memory buffer reductions combine through: one 16-byte slot per thread of a block
/// of at most [`MAX_BLOCK_THREADS`].
pub(crate) const SHARED_BUFFER: &str = "__accc_reduce_buffer";
/// The largest block a kernel compiled for a thread pool accepts.
pub(crate) const MAX_BLOCK_THREADS: u32 = 1024;

impl Device {
    pub(crate) fn new(gpu: Gpu, math: bool) -> Device {
        Device {
            gpu,
            math,
            pool: None,
            spread_from: None,
            leader_only: 0,
            conflict: None,
            links: LinkSymbols::default(),
            scratch: None,
        }
    }
}

impl<'a> Cx<'a> {
    /// Records that the code writes through `ptr`; in redundant code (or inside a spread loop,
    /// to storage of the redundant code) that rules out a thread pool.
    pub(crate) fn note_write(&mut self, ptr: &Val, what: &str) {
        let root = self.w.alloca_root(&ptr.repr);
        let Some(device) = &mut self.device else {
            return;
        };
        if device.pool.is_none() || device.leader_only > 0 || device.conflict.is_some() {
            return;
        }
        let reason = match (device.spread_from, root) {
            (None, Some(_)) => return,
            (None, None) => format!("{what} to shared memory outside worker and vector loops"),
            (Some(from), Some(root)) if root >= from => return,
            (Some(_), Some(_)) => {
                format!("{what} inside a worker or vector loop to a variable of the code around it")
            }
            (Some(_), None) => return,
        };
        device.conflict = Some((self.span, reason));
    }

    /// Records an `if` of redundant code whose branches hold a worker or vector loop (and its
    /// barrier) under a condition the block's threads may see differently: one that the loop
    /// can change before a late thread tests it ([`acc_ir::body::uniform_condition`]). Threads
    /// would then part at a barrier; the kernel runs on one thread instead.
    pub(crate) fn note_divergent_condition(
        &mut self,
        cond: acc_ir::body::ExprId,
        branches: [&acc_ir::body::Stmts; 2],
    ) {
        let Some(device) = &self.device else {
            return;
        };
        if device.pool.is_none()
            || device.leader_only > 0
            || device.conflict.is_some()
            || device.spread_from.is_some()
        {
            return;
        }
        let spread = branches.iter().any(|stmts| {
            acc_ir::body::any_stmt(stmts, |s| {
                matches!(s, acc_ir::body::Stmt::AccLoop { mapping, .. } if mapping.worker || mapping.vector)
            })
        });
        if spread && !acc_ir::body::uniform_condition(self.body, cond, [branches[0], branches[1]]) {
            if let Some(device) = &mut self.device {
                device.conflict = Some((
                    self.span,
                    "a condition outside worker and vector loops reads what a worker or vector loop under it may write".to_string(),
                ));
            }
        }
    }

    /// Records a side effect that is never safe in redundant code (a call, an atomic update).
    pub(crate) fn note_effect(&mut self, what: &str) {
        let Some(device) = &mut self.device else {
            return;
        };
        if device.pool.is_none() || device.leader_only > 0 || device.conflict.is_some() {
            return;
        }
        if device.spread_from.is_none() {
            device.conflict = Some((self.span, format!("{what} outside worker and vector loops")));
        }
    }

    /// The GPU, when compiling for one.
    pub(crate) fn gpu(&self) -> Option<Gpu> {
        self.device.as_ref().map(|d| d.gpu)
    }

    /// The pool a worker or vector loop at this point is spread over: only at the redundant
    /// level of a kernel compiled for a thread pool.
    pub(crate) fn spread_pool(&self, worker_or_vector: bool) -> Option<Pool> {
        let device = self.device.as_ref()?;
        if !worker_or_vector || device.spread_from.is_some() || device.leader_only > 0 {
            return None;
        }
        device.pool.clone()
    }

    /// Whether this code runs redundantly on every thread of a pool.
    pub(crate) fn redundant(&self) -> bool {
        self.device
            .as_ref()
            .is_some_and(|d| d.pool.is_some() && d.spread_from.is_none() && d.leader_only == 0)
    }

    /// Reads a 32-bit special register (`tid.x`, `ntid.y`, `ctaid.x`, `nctaid.x`, ...) as `i64`.
    /// The gangs of a GPU launch: one block per gang, gang dimensions 1, 2 and 3 along the
    /// grid's x, y and z axes (`nctaid`/`ctaid`; `gridDim`/`blockIdx`), the flat id
    /// `x + nctaid.x * (y + nctaid.y * z)`.
    pub(crate) fn grid_gangs(&mut self) -> crate::lower::R<crate::lower::Gangs> {
        let mut dims = Vec::with_capacity(3);
        let mut ids = Vec::with_capacity(3);
        for axis in ["x", "y", "z"] {
            dims.push(self.special_register(&format!("nctaid.{axis}"))?);
            ids.push(self.special_register(&format!("ctaid.{axis}"))?);
        }
        let plane = self.bin("mul", &dims[0], &dims[1]);
        let count = self.bin("mul", &plane, &dims[2]);
        let row = self.bin("mul", &dims[1], &ids[2]);
        let row = self.bin("add", &row, &ids[1]);
        let flat = self.bin("mul", &dims[0], &row);
        let flat = self.bin("add", &flat, &ids[0]);
        let id_slot = self.w.alloca(&Ty::i64());
        self.store_mem(&id_slot, &flat);
        let [gx, gy, gz]: [Val; 3] = dims
            .try_into()
            .map_err(|_| self.internal("three grid dimensions"))?;
        let [ix, iy, iz]: [Val; 3] = ids
            .try_into()
            .map_err(|_| self.internal("three block indices"))?;
        Ok(crate::lower::Gangs {
            count,
            id_slot,
            dims: [gx, gy, gz],
            dim_ids: Some([ix, iy, iz]),
        })
    }

    pub(crate) fn special_register(&mut self, register: &str) -> crate::lower::R<Val> {
        let gpu = self
            .gpu()
            .ok_or_else(|| self.internal("special register outside a GPU kernel"))?;
        let (dimension, axis) = register
            .split_once('.')
            .ok_or_else(|| self.internal(format!("bad special register '{register}'")))?;
        let raw = match gpu {
            Gpu::Nvptx => {
                let name = format!("llvm.nvvm.read.ptx.sreg.{dimension}.{axis}");
                self.mw
                    .declare_plain(&name, &Ty::i32(), &[])
                    .map_err(|m| self.internal(m))?;
                self.w
                    .assign(Ty::i32(), format!("call i32 {}()", global_name(&name)))
            }
            Gpu::Amdgpu => self.amdgpu_register(dimension, axis)?,
            Gpu::Emulated => {
                let offset = emu_register_offset(dimension, axis)
                    .ok_or_else(|| self.internal(format!("bad special register '{register}'")))?;
                let field = self.emu_state_field(offset);
                self.w
                    .assign(Ty::i32(), format!("load i32, ptr {}, align 4", field.repr))
            }
        };
        Ok(self.resize_int(raw, 64, false))
    }

    /// Emulation: the address of the field at `offset` of this OS thread's [`EMU_STATE`].
    fn emu_state_field(&mut self, offset: u32) -> Val {
        let name = global_name(EMU_STATE);
        self.mw.global(
            EMU_STATE,
            format!("{name} = external thread_local global {EMU_STATE_TYPE}, align 8"),
        );
        self.w.assign(
            Ty::Ptr,
            format!("getelementptr inbounds i8, ptr {name}, i64 {offset}"),
        )
    }

    /// AMDGPU: ids from intrinsics, sizes from the HSA dispatch packet (workgroup size `u16`s
    /// at offsets 4, 6; grid size in work-items `u32`s at 12, 16).
    fn amdgpu_register(&mut self, dimension: &str, axis: &str) -> crate::lower::R<Val> {
        let index = match axis {
            "x" => 0,
            "y" => 1,
            _ => 2,
        };
        let intrinsic = |cx: &mut Self, name: &str| -> crate::lower::R<Val> {
            cx.mw
                .declare_plain(name, &Ty::i32(), &[])
                .map_err(|m| cx.internal(m))?;
            Ok(cx
                .w
                .assign(Ty::i32(), format!("call i32 {}()", global_name(name))))
        };
        let packet = |cx: &mut Self, offset: u32, ty: &str| -> crate::lower::R<Val> {
            let name = "llvm.amdgcn.dispatch.ptr";
            // Returns an address-space-4 pointer, which `Ty` does not spell: declared as a line.
            cx.mw.global(
                name,
                format!("declare ptr addrspace(4) {}() #1", global_name(name)),
            );
            let base = cx.w.assign(
                Ty::Ptr,
                format!("call ptr addrspace(4) {}()", global_name(name)),
            );
            let field = cx.w.assign(
                Ty::Ptr,
                format!(
                    "getelementptr inbounds i8, ptr addrspace(4) {}, i64 {offset}",
                    base.repr
                ),
            );
            let raw = cx.w.assign(
                Ty::Int(if ty == "i16" { 16 } else { 32 }),
                format!(
                    "load {ty}, ptr addrspace(4) {}, align 2, !invariant.load !{{}}",
                    field.repr
                ),
            );
            Ok(cx.resize_int(raw, 32, false))
        };
        match dimension {
            "tid" => intrinsic(self, &format!("llvm.amdgcn.workitem.id.{axis}")),
            "ctaid" => intrinsic(self, &format!("llvm.amdgcn.workgroup.id.{axis}")),
            "ntid" => packet(self, 4 + 2 * index, "i16"),
            "nctaid" => {
                let items = packet(self, 12 + 4 * index, "i32")?;
                let size = packet(self, 4 + 2 * index, "i16")?;
                Ok(self
                    .w
                    .assign(Ty::i32(), format!("udiv i32 {}, {}", items.repr, size.repr)))
            }
            _ => Err(self.internal(format!("bad special register '{dimension}.{axis}'"))),
        }
    }

    /// Every thread of the block waits here; memory written before is visible after.
    pub(crate) fn barrier(&mut self) -> crate::lower::R<()> {
        match self.gpu() {
            Some(gpu) => {
                self.barrier_on(gpu);
                Ok(())
            }
            None => Err(self.internal("barrier outside a GPU kernel")),
        }
    }

    fn barrier_on(&mut self, gpu: Gpu) {
        let name = match gpu {
            Gpu::Nvptx => "llvm.nvvm.barrier0",
            Gpu::Amdgpu => "llvm.amdgcn.s.barrier",
            Gpu::Emulated => {
                // The scheduler's yield: it returns once every thread of the block got here.
                let field = self.emu_state_field(EMU_BARRIER_OFFSET);
                let yield_to = self
                    .w
                    .assign(Ty::Ptr, format!("load ptr, ptr {}, align 8", field.repr));
                self.w
                    .line(format!("call void {}() convergent nounwind", yield_to.repr));
                return;
            }
        };
        // Both names are declared once with this one signature, so this cannot fail.
        let _ = self.mw.declare_plain(name, &Ty::Void, &[]);
        if gpu == Gpu::Amdgpu {
            self.w.line("fence syncscope(\"workgroup\") release");
        }
        self.w.line(format!("call void {}()", global_name(name)));
        if gpu == Gpu::Amdgpu {
            self.w.line("fence syncscope(\"workgroup\") acquire");
        }
    }

    /// A store of redundant code to shared storage: every thread has the same value, so the
    /// leader alone stores it, between two barriers (every thread has done its earlier reads
    /// of the location before it changes, and sees the new value after).
    pub(crate) fn leader_store(&mut self, ptr: &Val, value: &Val) {
        let (Some(gpu), Some(pool)) = (
            self.gpu(),
            self.device.as_ref().and_then(|d| d.pool.clone()),
        ) else {
            self.plain_store(ptr, value);
            return;
        };
        self.barrier_on(gpu);
        let leader = self.icmp("eq", &pool.rank, &Val::i64(0));
        let run = self.w.block("leader.store");
        let join = self.w.block("leader.stored");
        self.w.cond_br(&leader, run, join);
        self.w.position(run);
        self.plain_store(ptr, value);
        self.w.br(join);
        self.w.position(join);
        self.barrier_on(gpu);
    }

    /// Runs `work` on the pool's leader (rank 0) only, then meets the block at a barrier so
    /// that every thread sees what the leader wrote. Without a pool, runs `work` plainly.
    pub(crate) fn on_leader(
        &mut self,
        work: &mut dyn FnMut(&mut Self) -> crate::lower::R<()>,
    ) -> crate::lower::R<()> {
        let Some(pool) = self.device.as_ref().and_then(|d| d.pool.clone()) else {
            return work(self);
        };
        let leader = self.icmp("eq", &pool.rank, &Val::i64(0));
        let run = self.w.block("leader");
        let join = self.w.block("leader.join");
        self.w.cond_br(&leader, run, join);
        self.w.position(run);
        if let Some(device) = &mut self.device {
            device.leader_only += 1;
        }
        let result = work(self);
        if let Some(device) = &mut self.device {
            device.leader_only -= 1;
        }
        result?;
        self.w.br(join);
        self.w.position(join);
        self.barrier()
    }

    /// The generic address of the shared reduction buffer.
    pub(crate) fn shared_buffer(&mut self) -> Val {
        let name = global_name(SHARED_BUFFER);
        let slots = u64::from(MAX_BLOCK_THREADS) * 2;
        if self.gpu() == Some(Gpu::Emulated) {
            // The blocks of a launch run one after another on one OS thread: one copy per OS
            // thread is one per block.
            self.mw.global(
                SHARED_BUFFER,
                format!("{name} = internal thread_local global [{slots} x i64] undef, align 16"),
            );
            return Val::new(Ty::Ptr, name);
        }
        self.mw.global(
            SHARED_BUFFER,
            format!("{name} = internal addrspace(3) global [{slots} x i64] undef, align 16"),
        );
        self.w.assign(
            Ty::Ptr,
            format!("addrspacecast ptr addrspace(3) {name} to ptr"),
        )
    }
}
