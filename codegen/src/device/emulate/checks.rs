//! The emulation's memory checks: before every access the emulated device code makes through
//! a pointer that may address global memory — a load, a store, an `atomicrmw` or `cmpxchg`, an
//! `llvm.memcpy`/`llvm.memmove`/`llvm.memset` — a check that the bytes are device memory. The
//! mock CUDA driver (tests/mockcuda/mockcuda.c) fails the launch, as a GPU would with
//! `CUDA_ERROR_ILLEGAL_ADDRESS`, when they lie in no live device allocation, not on the calling
//! emulated thread's own stack and not in the image's own memory (its globals and
//! thread-locals). Without the checks a kernel that dereferences a host address (a host
//! variable's address passed where a device address belongs, a pointer member never
//! translated) would read the host's memory — the emulated kernels are native CPU code — and
//! work, while it faults on a GPU.
//!
//! **The check.** Each access site has a slot in the thread-local array [`EMU_SITES`], the
//! range `[low, high)` its last checked address fell in (zero at each launch: the mock clears
//! the array, [`EMU_SITES_BYTES`] long, so that an allocation freed between launches is never
//! taken for device memory). The image's internal [`EMU_CHECK_AT`] (`emulate::state_module`,
//! always inlined) compares the address with the slot and, outside it, calls the mock through
//! the image's pointer [`EMU_CHECK`]: `void (*)(const void *address, u64 bytes, i32 kind,
//! u64 slot[2], void *context)`, where `kind` is an [`AccessKind`] and `context` the pointer the
//! mock stores in this OS thread's `__accemu_state` at each launch (its own per-thread data, so
//! that it needs no thread-local lookup). The mock either fails the launch, never returning to
//! the thread, or returns after writing into the slot a range valid for the rest of the launch
//! and for every thread (an allocation or a segment of the image; never a thread's stack). A
//! site mostly addresses one array, so after its first check it rarely calls the mock.
//!
//! The pass runs on the linked device module before it is optimised, so every access of the
//! lowering is checked where it was written. It leaves out the accesses that cannot reach
//! global memory, so that the checks stay cheap and private variables stay in registers: those
//! whose address is, through `getelementptr`s and casts, an `alloca` (the thread's private
//! memory), a constant (a global of the image — device globals, the shared reduction buffer,
//! `__accemu_state`, the atomic lock, constant tables — or null) or a `byval` parameter (the
//! caller's private copy); and an access to an address the same basic block checked before for
//! at least as many bytes (`a[i] += x`). The entry wrappers (`__accemu_entry_<kernel>`), which
//! read the launch's argument array in host memory as a GPU reads its parameter space, are not
//! checked, nor is [`EMU_CHECK_AT`] itself. A function with checks loads the mock's function
//! pointer and context once, on entry (`!invariant.load`: neither changes while the image is
//! loaded, on one OS thread). An address the mock finds on the running thread's stack (a
//! pointer to a caller's private variable) passes without filling the slot.
//!
//! The mock's call neither keeps nor reads the address (`nocapture readnone`) and touches only
//! the slot and memory the module cannot see (`memory(argmem: readwrite, inaccessiblemem:
//! readwrite)`), so the optimiser still moves and removes the module's own loads and stores
//! around it; it is not `willreturn`: a failed check never returns to the thread.

use std::collections::{HashMap, HashSet};

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::ContextRef;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::{Linkage, Module};
use inkwell::targets::TargetData;
use inkwell::types::{AnyTypeEnum, BasicType, StructType};
use inkwell::values::{
    AsValueRef, BasicValue, BasicValueEnum, FunctionValue, GlobalValue, InstructionOpcode,
    InstructionValue, IntValue, MetadataValue, Operand, PointerValue,
};
use inkwell::AddressSpace;

use crate::device::kernel::EMU_ENTRY_PREFIX;
use crate::lower::threads::{EMU_CHECK_CONTEXT_FIELD, EMU_STATE};
use crate::CodegenError;

/// The image's global that holds the mock's check function (`ptr`, null until the mock loads
/// the image and sets it; exported).
pub(crate) const EMU_CHECK: &str = "__accemu_check";
/// The image's thread-local `[N x [2 x i64]]` of the access sites' slots (exported).
pub(crate) const EMU_SITES: &str = "__accemu_sites";
/// The image's `i64` constant, the size of [`EMU_SITES`] in bytes (exported).
pub(crate) const EMU_SITES_BYTES: &str = "__accemu_sites_bytes";
/// The image's check of one access (internal in the image), `void (ptr address, i64 bytes, i32 kind, ptr
/// sites, i64 site, ptr context, ptr check)`, which the calls the pass inserts name.
pub(crate) const EMU_CHECK_AT: &str = "__accemu_check_at";

/// The definition of [`EMU_CHECK_AT`]: the slot's range, else the mock's check. External
/// here, so that linking the module that holds it keeps it; internalized with the rest.
pub(crate) fn check_at_definition() -> String {
    format!(
        r#"define void @{EMU_CHECK_AT}(ptr %address, i64 %bytes, i32 %kind, ptr %sites, i64 %site, ptr %context, ptr %check) alwaysinline nounwind {{
  %slot = getelementptr inbounds [2 x i64], ptr %sites, i64 %site
  %low = load i64, ptr %slot, align 8
  %high.at = getelementptr inbounds i64, ptr %slot, i64 1
  %high = load i64, ptr %high.at, align 8
  %at = ptrtoint ptr %address to i64
  %above = icmp uge i64 %at, %low
  %below = icmp ule i64 %at, %high
  %room = sub i64 %high, %at
  %fits = icmp ule i64 %bytes, %room
  %within = and i1 %above, %below
  %inside = and i1 %within, %fits
  br i1 %inside, label %done, label %ask, !prof !{{!"branch_weights", i32 1000, i32 1}}
ask:
  call void %check(ptr nocapture readnone %address, i64 %bytes, i32 %kind, ptr nocapture %slot, ptr nocapture %context) nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
  br label %done
done:
  ret void
}}
"#
    )
}

/// What an access does, the check's third argument (the mock names it in its message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub(crate) enum AccessKind {
    Load = 0,
    Store = 1,
    /// An `atomicrmw` or `cmpxchg`: reads and writes.
    Atomic = 2,
    /// The source of a `memcpy`/`memmove`.
    CopyFrom = 3,
    /// The destination of a `memcpy`/`memmove`.
    CopyTo = 4,
    /// The destination of a `memset`.
    Fill = 5,
}

/// How far the search for an address's base follows `getelementptr`s and casts.
const MAX_BASE_STEPS: usize = 64;

/// One check to insert before `at`.
struct Check<'ctx> {
    at: InstructionValue<'ctx>,
    address: PointerValue<'ctx>,
    bytes: Bytes<'ctx>,
    kind: AccessKind,
}

/// The size of an access: known, or the length operand of a memory intrinsic.
enum Bytes<'ctx> {
    Known(u64),
    Length(IntValue<'ctx>),
}

/// Inserts the checks into every function of `module` that has a body, but the entry
/// wrappers, and defines [`EMU_SITES`] and [`EMU_SITES_BYTES`]. `module` must define
/// [`EMU_CHECK`], [`EMU_CHECK_AT`] and [`EMU_STATE`] (`emulate::state_module`). Returns the
/// number of checks inserted.
pub(crate) fn insert_checks(module: &Module<'_>, data: &TargetData) -> Result<usize, CodegenError> {
    let mut functions = Vec::new();
    for function in module.get_functions() {
        let name = function.get_name().to_bytes();
        if function.count_basic_blocks() == 0
            || name.starts_with(EMU_ENTRY_PREFIX.as_bytes())
            || name == EMU_CHECK_AT.as_bytes()
        {
            continue;
        }
        let byval = byval_parameters(function);
        let mut checks = Vec::new();
        for block in function.get_basic_block_iter() {
            // An address checked earlier in the block for at least as many bytes needs no
            // second check (`a[i] += x`: the store after the load).
            let mut checked = HashMap::new();
            for instruction in block.get_instructions() {
                for check in accesses(instruction, data, &byval) {
                    let key = check.address.as_value_ref() as usize;
                    if let Bytes::Known(bytes) = check.bytes {
                        if checked.get(&key).is_some_and(|&earlier| earlier >= bytes) {
                            continue;
                        }
                        checked.insert(key, bytes);
                    }
                    checks.push(check);
                }
            }
        }
        if !checks.is_empty() {
            functions.push((function, checks));
        }
    }
    let count = functions.iter().map(|(_, checks)| checks.len()).sum();
    let inserter = Inserter::new(module, count)?;
    let mut site = 0;
    for (function, checks) in functions {
        inserter.insert(function, checks, &mut site)?;
    }
    Ok(count)
}

/// What inserting checks needs of the module.
struct Inserter<'ctx> {
    context: ContextRef<'ctx>,
    builder: Builder<'ctx>,
    hook: GlobalValue<'ctx>,
    state: GlobalValue<'ctx>,
    state_type: StructType<'ctx>,
    sites: GlobalValue<'ctx>,
    check_at: FunctionValue<'ctx>,
    /// `llvm.threadlocal.address.p0`.
    thread_local: FunctionValue<'ctx>,
    invariant: (u32, MetadataValue<'ctx>),
}

impl<'ctx> Inserter<'ctx> {
    /// Finds what the module defines and defines [`EMU_SITES`] for `count` sites.
    fn new(module: &Module<'ctx>, count: usize) -> Result<Self, CodegenError> {
        let defined = |name: &str| {
            module
                .get_global(name)
                .ok_or_else(|| internal(format!("the module does not define {name}")))
        };
        let hook = defined(EMU_CHECK)?;
        let state = defined(EMU_STATE)?;
        let AnyTypeEnum::StructType(state_type) = state.get_value_type() else {
            return Err(internal(format!("{EMU_STATE} is not a struct")));
        };
        let check_at = module
            .get_function(EMU_CHECK_AT)
            .ok_or_else(|| internal(format!("the module does not define {EMU_CHECK_AT}")))?;
        let context = module.get_context();
        let pointer = context.ptr_type(AddressSpace::default());
        let thread_local = Intrinsic::find("llvm.threadlocal.address")
            .and_then(|intrinsic| intrinsic.get_declaration(module, &[pointer.into()]))
            .ok_or_else(|| internal("no llvm.threadlocal.address".into()))?;

        // At least one slot, so that the array is never empty.
        let slots =
            u32::try_from(count.max(1)).map_err(|_| internal(format!("{count} access sites")))?;
        let i64_type = context.i64_type();
        let slots_type = i64_type.array_type(2).array_type(slots);
        let sites = module.add_global(slots_type, None, EMU_SITES);
        sites.set_thread_local(true);
        sites.set_initializer(&slots_type.const_zero());
        sites.set_alignment(16);
        let bytes = module.add_global(i64_type, None, EMU_SITES_BYTES);
        bytes.set_constant(true);
        bytes.set_initializer(&i64_type.const_int(16 * u64::from(slots), false));
        for global in [sites, bytes] {
            global.set_linkage(Linkage::External);
        }
        Ok(Inserter {
            builder: context.create_builder(),
            invariant: (
                context.get_kind_id("invariant.load"),
                context.metadata_node(&[]),
            ),
            context,
            hook,
            state,
            state_type,
            sites,
            check_at,
            thread_local,
        })
    }

    /// Inserts `checks`, all of `function`, numbering their sites from `site` on.
    fn insert(
        &self,
        function: FunctionValue<'ctx>,
        checks: Vec<Check<'ctx>>,
        site: &mut u64,
    ) -> Result<(), CodegenError> {
        let Some(first) = checks.first() else {
            return Ok(());
        };
        // On entry, after the allocas: the mock's function and context, and the slots.
        let entry = function
            .get_first_basic_block()
            .and_then(|block| {
                block
                    .get_instructions()
                    .find(|i| i.get_opcode() != InstructionOpcode::Alloca)
            })
            .unwrap_or(first.at);
        let builder = &self.builder;
        let failed = |e: BuilderError| internal(e.to_string());
        let pointer = self.context.ptr_type(AddressSpace::default());
        builder.position_before(&entry);
        let hook = builder
            .build_load(pointer, self.hook.as_pointer_value(), "accemu.check")
            .map_err(failed)?;
        let state = self.thread_local_address(self.state)?;
        let field = builder
            .build_struct_gep(self.state_type, state, EMU_CHECK_CONTEXT_FIELD, "")
            .map_err(failed)?;
        let check_context = builder
            .build_load(pointer, field, "accemu.context")
            .map_err(failed)?;
        for load in [hook, check_context] {
            if let Some(load) = load.as_instruction_value() {
                load.set_metadata(self.invariant.1, self.invariant.0)
                    .map_err(|e| internal(e.to_string()))?;
            }
        }
        let sites = self.thread_local_address(self.sites)?;

        let i64_type = self.context.i64_type();
        for check in checks {
            builder.position_before(&check.at);
            let bytes = match check.bytes {
                Bytes::Known(bytes) => i64_type.const_int(bytes, false),
                Bytes::Length(length) if length.get_type().get_bit_width() < 64 => builder
                    .build_int_z_extend(length, i64_type, "")
                    .map_err(failed)?,
                Bytes::Length(length) => length,
            };
            let kind = self.context.i32_type().const_int(check.kind as u64, false);
            builder
                .build_call(
                    self.check_at,
                    &[
                        check.address.into(),
                        bytes.into(),
                        kind.into(),
                        sites.into(),
                        i64_type.const_int(*site, false).into(),
                        check_context.into(),
                        hook.into(),
                    ],
                    "",
                )
                .map_err(failed)?;
            *site += 1;
        }
        Ok(())
    }

    /// This OS thread's address of the thread-local `global`.
    fn thread_local_address(
        &self,
        global: GlobalValue<'ctx>,
    ) -> Result<PointerValue<'ctx>, CodegenError> {
        self.builder
            .build_call(self.thread_local, &[global.as_pointer_value().into()], "")
            .map_err(|e| internal(e.to_string()))?
            .try_as_basic_value()
            .basic()
            .map(BasicValueEnum::into_pointer_value)
            .ok_or_else(|| internal("llvm.threadlocal.address returns nothing".into()))
    }
}

/// An internal error of the pass.
fn internal(what: String) -> CodegenError {
    CodegenError::Internal(format!("emulation checks: {what}"))
}

/// The `byval` parameters of `function`.
fn byval_parameters(function: FunctionValue<'_>) -> HashSet<usize> {
    let byval = Attribute::get_named_enum_kind_id("byval");
    function
        .get_param_iter()
        .enumerate()
        .filter(|(index, _)| {
            u32::try_from(*index).is_ok_and(|index| {
                function
                    .get_enum_attribute(AttributeLoc::Param(index), byval)
                    .is_some()
            })
        })
        .map(|(_, parameter)| parameter.as_value_ref() as usize)
        .collect()
}

/// The checks `instruction` needs.
fn accesses<'ctx>(
    instruction: InstructionValue<'ctx>,
    data: &TargetData,
    byval: &HashSet<usize>,
) -> Vec<Check<'ctx>> {
    let mut checks = Vec::new();
    let operand = |index: u32| match instruction.get_operand(index) {
        Some(Operand::Value(value)) => Some(value),
        _ => None,
    };
    let size = |value: Option<BasicValueEnum<'ctx>>| {
        value.map(|value| data.get_store_size(&value.get_type().as_basic_type_enum()))
    };
    let mut add = |address: Option<BasicValueEnum<'ctx>>, bytes: Option<Bytes<'ctx>>, kind| {
        let (Some(BasicValueEnum::PointerValue(address)), Some(bytes)) = (address, bytes) else {
            return;
        };
        if may_reach_global_memory(address, byval) {
            checks.push(Check {
                at: instruction,
                address,
                bytes,
                kind,
            });
        }
    };
    match instruction.get_opcode() {
        InstructionOpcode::Load => {
            let bytes = data.get_store_size(&instruction.get_type());
            add(operand(0), Some(Bytes::Known(bytes)), AccessKind::Load);
        }
        InstructionOpcode::Store => {
            add(
                operand(1),
                size(operand(0)).map(Bytes::Known),
                AccessKind::Store,
            );
        }
        InstructionOpcode::AtomicRMW | InstructionOpcode::AtomicCmpXchg => {
            add(
                operand(0),
                size(operand(1)).map(Bytes::Known),
                AccessKind::Atomic,
            );
        }
        InstructionOpcode::Call => {
            // The callee is the last operand.
            let Some(BasicValueEnum::PointerValue(callee)) =
                operand(instruction.get_num_operands().saturating_sub(1))
            else {
                return checks;
            };
            let name = callee.get_name().to_bytes();
            let length = || match operand(2) {
                Some(BasicValueEnum::IntValue(length)) => Some(Bytes::Length(length)),
                _ => None,
            };
            if name.starts_with(b"llvm.memcpy") || name.starts_with(b"llvm.memmove") {
                add(operand(0), length(), AccessKind::CopyTo);
                add(operand(1), length(), AccessKind::CopyFrom);
            } else if name.starts_with(b"llvm.memset") {
                add(operand(0), length(), AccessKind::Fill);
            }
        }
        _ => {}
    }
    checks
}

/// Whether `address` may point to global memory: false when, through `getelementptr`s and
/// casts, it is an `alloca`, a constant (a global or null) or a `byval` parameter.
fn may_reach_global_memory(address: PointerValue<'_>, byval: &HashSet<usize>) -> bool {
    let mut value: BasicValueEnum<'_> = address.into();
    for _ in 0..MAX_BASE_STEPS {
        if let BasicValueEnum::PointerValue(pointer) = value {
            if pointer.is_const() {
                return false;
            }
        }
        let Some(instruction) = value.as_instruction_value() else {
            return !byval.contains(&(value.as_value_ref() as usize));
        };
        match instruction.get_opcode() {
            InstructionOpcode::Alloca => return false,
            InstructionOpcode::GetElementPtr
            | InstructionOpcode::BitCast
            | InstructionOpcode::AddrSpaceCast => match instruction.get_operand(0) {
                Some(Operand::Value(base)) => value = base,
                _ => return true,
            },
            _ => return true,
        }
    }
    true
}
