//! The OpenACC 3.3 API (§3.2) in C, part two: the data routines (`acc_copyin` and friends,
//! map/unmap, pointer queries, `acc_memcpy_*`, attach/detach), over the same present table as
//! the directives.
//!
//! This is an FFI module. The routines take the dynamic reference counter, like `enter data` and
//! `exit data`: `acc_copyin`/`acc_create` are the entry actions, `acc_copyout`/`acc_delete`
//! the exit actions (no action on absent data), `acc_update_*` are errors on absent data.
//!
//! # Safety (all routines)
//! As the specification requires, every host pointer passed with a byte count points to that many
//! bytes of valid host memory that stays valid while the data is present on the device (and
//! until async work on it completes); every device pointer is one the device handed out.

#![allow(unsafe_code)]

use std::ffi::{c_int, c_void};

use crate::error::guard;
use crate::hostmem;
use crate::queue::ASYNC_SYNC;
use crate::runtime::{MemcpyKind, Phase, Runtime};
use crate::table::{Action, DataOp, Flags};

fn runtime() -> &'static Runtime {
    Runtime::global()
}

fn data(
    phase: Phase,
    action: Action,
    flags: Flags,
    host: *mut c_void,
    bytes: usize,
    async_arg: c_int,
    api: &'static str,
) -> *mut c_void {
    guard(api, || {
        let op = DataOp::new(action, flags, host as usize, bytes);
        runtime().api_data(phase, op, async_arg, api) as *mut c_void
    })
}

const DYNAMIC: Flags = Flags(0);

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_copyin(data_arg: *mut c_void, bytes: usize) -> *mut c_void {
    data(
        Phase::Enter,
        Action::Copyin,
        DYNAMIC,
        data_arg,
        bytes,
        ASYNC_SYNC,
        "acc_copyin",
    )
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_copyin_async(data_arg: *mut c_void, bytes: usize, async_arg: c_int) {
    data(
        Phase::Enter,
        Action::Copyin,
        DYNAMIC,
        data_arg,
        bytes,
        async_arg,
        "acc_copyin_async",
    );
}

/// OpenACC 2.x name of `acc_copyin`.
///
/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_pcopyin(data_arg: *mut c_void, bytes: usize) -> *mut c_void {
    data(
        Phase::Enter,
        Action::Copyin,
        DYNAMIC,
        data_arg,
        bytes,
        ASYNC_SYNC,
        "acc_pcopyin",
    )
}

/// OpenACC 2.x name of `acc_copyin`.
///
/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_present_or_copyin(data_arg: *mut c_void, bytes: usize) -> *mut c_void {
    let api = "acc_present_or_copyin";
    data(
        Phase::Enter,
        Action::Copyin,
        DYNAMIC,
        data_arg,
        bytes,
        ASYNC_SYNC,
        api,
    )
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_create(data_arg: *mut c_void, bytes: usize) -> *mut c_void {
    data(
        Phase::Enter,
        Action::Create,
        DYNAMIC,
        data_arg,
        bytes,
        ASYNC_SYNC,
        "acc_create",
    )
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_create_async(data_arg: *mut c_void, bytes: usize, async_arg: c_int) {
    data(
        Phase::Enter,
        Action::Create,
        DYNAMIC,
        data_arg,
        bytes,
        async_arg,
        "acc_create_async",
    );
}

/// OpenACC 2.x name of `acc_create`.
///
/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_pcreate(data_arg: *mut c_void, bytes: usize) -> *mut c_void {
    data(
        Phase::Enter,
        Action::Create,
        DYNAMIC,
        data_arg,
        bytes,
        ASYNC_SYNC,
        "acc_pcreate",
    )
}

/// OpenACC 2.x name of `acc_create`.
///
/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_present_or_create(data_arg: *mut c_void, bytes: usize) -> *mut c_void {
    let api = "acc_present_or_create";
    data(
        Phase::Enter,
        Action::Create,
        DYNAMIC,
        data_arg,
        bytes,
        ASYNC_SYNC,
        api,
    )
}

fn exit(
    action: Action,
    flags: Flags,
    host: *mut c_void,
    bytes: usize,
    async_arg: c_int,
    api: &'static str,
) {
    data(Phase::Exit, action, flags, host, bytes, async_arg, api);
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_copyout(data_arg: *mut c_void, bytes: usize) {
    exit(
        Action::Copyout,
        DYNAMIC,
        data_arg,
        bytes,
        ASYNC_SYNC,
        "acc_copyout",
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_copyout_async(data_arg: *mut c_void, bytes: usize, async_arg: c_int) {
    exit(
        Action::Copyout,
        DYNAMIC,
        data_arg,
        bytes,
        async_arg,
        "acc_copyout_async",
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_copyout_finalize(data_arg: *mut c_void, bytes: usize) {
    let api = "acc_copyout_finalize";
    exit(
        Action::Copyout,
        Flags::FINALIZE,
        data_arg,
        bytes,
        ASYNC_SYNC,
        api,
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_copyout_finalize_async(
    data_arg: *mut c_void,
    bytes: usize,
    async_arg: c_int,
) {
    let api = "acc_copyout_finalize_async";
    exit(
        Action::Copyout,
        Flags::FINALIZE,
        data_arg,
        bytes,
        async_arg,
        api,
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_delete(data_arg: *mut c_void, bytes: usize) {
    exit(
        Action::Delete,
        DYNAMIC,
        data_arg,
        bytes,
        ASYNC_SYNC,
        "acc_delete",
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_delete_async(data_arg: *mut c_void, bytes: usize, async_arg: c_int) {
    exit(
        Action::Delete,
        DYNAMIC,
        data_arg,
        bytes,
        async_arg,
        "acc_delete_async",
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_delete_finalize(data_arg: *mut c_void, bytes: usize) {
    let api = "acc_delete_finalize";
    exit(
        Action::Delete,
        Flags::FINALIZE,
        data_arg,
        bytes,
        ASYNC_SYNC,
        api,
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_delete_finalize_async(
    data_arg: *mut c_void,
    bytes: usize,
    async_arg: c_int,
) {
    let api = "acc_delete_finalize_async";
    exit(
        Action::Delete,
        Flags::FINALIZE,
        data_arg,
        bytes,
        async_arg,
        api,
    );
}

fn update(action: Action, host: *mut c_void, bytes: usize, async_arg: c_int, api: &'static str) {
    data(Phase::Update, action, DYNAMIC, host, bytes, async_arg, api);
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_update_device(data_arg: *mut c_void, bytes: usize) {
    update(
        Action::UpdateDevice,
        data_arg,
        bytes,
        ASYNC_SYNC,
        "acc_update_device",
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_update_device_async(
    data_arg: *mut c_void,
    bytes: usize,
    async_arg: c_int,
) {
    update(
        Action::UpdateDevice,
        data_arg,
        bytes,
        async_arg,
        "acc_update_device_async",
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_update_self(data_arg: *mut c_void, bytes: usize) {
    update(
        Action::UpdateHost,
        data_arg,
        bytes,
        ASYNC_SYNC,
        "acc_update_self",
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_update_self_async(
    data_arg: *mut c_void,
    bytes: usize,
    async_arg: c_int,
) {
    update(
        Action::UpdateHost,
        data_arg,
        bytes,
        async_arg,
        "acc_update_self_async",
    );
}

/// # Safety
/// See the module documentation; `data_dev` points to `bytes` bytes of device memory.
#[no_mangle]
pub unsafe extern "C" fn acc_map_data(data_arg: *mut c_void, data_dev: *mut c_void, bytes: usize) {
    guard("acc_map_data", || {
        runtime().map_data(data_arg as usize, data_dev as usize, bytes)
    })
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_unmap_data(data_arg: *mut c_void) {
    guard("acc_unmap_data", || runtime().unmap_data(data_arg as usize))
}

#[no_mangle]
pub extern "C" fn acc_deviceptr(data_arg: *mut c_void) -> *mut c_void {
    guard("acc_deviceptr", || {
        runtime().deviceptr(data_arg as usize) as *mut c_void
    })
}

#[no_mangle]
pub extern "C" fn acc_hostptr(data_dev: *mut c_void) -> *mut c_void {
    guard("acc_hostptr", || {
        runtime().hostptr(data_dev as usize) as *mut c_void
    })
}

#[no_mangle]
pub extern "C" fn acc_is_present(data_arg: *mut c_void, bytes: usize) -> c_int {
    guard("acc_is_present", || {
        c_int::from(runtime().is_present(data_arg as usize, bytes))
    })
}

fn memcpy(
    kind: MemcpyKind,
    destination: *mut c_void,
    source: *mut c_void,
    bytes: usize,
    async_arg: c_int,
    api: &'static str,
) {
    guard(api, || {
        runtime().memcpy(
            kind,
            destination as usize,
            source as usize,
            bytes,
            async_arg,
            api,
        )
    })
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_memcpy_to_device(
    data_dev_dest: *mut c_void,
    data_host_src: *mut c_void,
    bytes: usize,
) {
    let api = "acc_memcpy_to_device";
    memcpy(
        MemcpyKind::ToDevice,
        data_dev_dest,
        data_host_src,
        bytes,
        ASYNC_SYNC,
        api,
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_memcpy_to_device_async(
    data_dev_dest: *mut c_void,
    data_host_src: *mut c_void,
    bytes: usize,
    async_arg: c_int,
) {
    let api = "acc_memcpy_to_device_async";
    memcpy(
        MemcpyKind::ToDevice,
        data_dev_dest,
        data_host_src,
        bytes,
        async_arg,
        api,
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_memcpy_from_device(
    data_host_dest: *mut c_void,
    data_dev_src: *mut c_void,
    bytes: usize,
) {
    let api = "acc_memcpy_from_device";
    memcpy(
        MemcpyKind::FromDevice,
        data_host_dest,
        data_dev_src,
        bytes,
        ASYNC_SYNC,
        api,
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_memcpy_from_device_async(
    data_host_dest: *mut c_void,
    data_dev_src: *mut c_void,
    bytes: usize,
    async_arg: c_int,
) {
    let api = "acc_memcpy_from_device_async";
    memcpy(
        MemcpyKind::FromDevice,
        data_host_dest,
        data_dev_src,
        bytes,
        async_arg,
        api,
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_memcpy_device(
    data_dev_dest: *mut c_void,
    data_dev_src: *mut c_void,
    bytes: usize,
) {
    let api = "acc_memcpy_device";
    memcpy(
        MemcpyKind::DeviceToDevice,
        data_dev_dest,
        data_dev_src,
        bytes,
        ASYNC_SYNC,
        api,
    );
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_memcpy_device_async(
    data_dev_dest: *mut c_void,
    data_dev_src: *mut c_void,
    bytes: usize,
    async_arg: c_int,
) {
    let api = "acc_memcpy_device_async";
    memcpy(
        MemcpyKind::DeviceToDevice,
        data_dev_dest,
        data_dev_src,
        bytes,
        async_arg,
        api,
    );
}

/// Copies between the device copies of two present host sections (possibly on two devices).
///
/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_memcpy_d2d(
    data_arg_dest: *mut c_void,
    data_arg_src: *mut c_void,
    bytes: usize,
    dev_num_dest: c_int,
    dev_num_src: c_int,
) {
    guard("acc_memcpy_d2d", || {
        runtime().memcpy_d2d(
            data_arg_dest as usize,
            data_arg_src as usize,
            bytes,
            dev_num_dest,
            dev_num_src,
            ASYNC_SYNC,
            "acc_memcpy_d2d",
        )
    })
}

/// # Safety
/// See the module documentation.
#[no_mangle]
pub unsafe extern "C" fn acc_memcpy_d2d_async(
    data_arg_dest: *mut c_void,
    data_arg_src: *mut c_void,
    bytes: usize,
    dev_num_dest: c_int,
    dev_num_src: c_int,
    async_arg_src: c_int,
) {
    guard("acc_memcpy_d2d_async", || {
        runtime().memcpy_d2d(
            data_arg_dest as usize,
            data_arg_src as usize,
            bytes,
            dev_num_dest,
            dev_num_src,
            async_arg_src,
            "acc_memcpy_d2d_async",
        )
    })
}

/// Attach or detach the pointer stored at `pointer_location`.
///
/// # Safety
/// `pointer_location` is null or the address of a pointer.
unsafe fn pointer_action(
    phase: Phase,
    action: Action,
    flags: Flags,
    pointer_location: *mut *mut c_void,
    async_arg: c_int,
    api: &'static str,
) {
    guard(api, || {
        let location = pointer_location as usize;
        let mut op = DataOp::new(action, flags, location, std::mem::size_of::<usize>());
        if location != 0 {
            op.pointer_target = hostmem::read_pointer(location);
        }
        runtime().api_data(phase, op, async_arg, api);
    })
}

/// # Safety
/// `ptr_addr` is null or the address of a pointer.
#[no_mangle]
pub unsafe extern "C" fn acc_attach(ptr_addr: *mut *mut c_void) {
    // SAFETY: forwarded caller contract.
    unsafe {
        pointer_action(
            Phase::Enter,
            Action::Attach,
            DYNAMIC,
            ptr_addr,
            ASYNC_SYNC,
            "acc_attach",
        )
    }
}

/// # Safety
/// `ptr_addr` is null or the address of a pointer.
#[no_mangle]
pub unsafe extern "C" fn acc_attach_async(ptr_addr: *mut *mut c_void, async_arg: c_int) {
    let api = "acc_attach_async";
    // SAFETY: forwarded caller contract.
    unsafe {
        pointer_action(
            Phase::Enter,
            Action::Attach,
            DYNAMIC,
            ptr_addr,
            async_arg,
            api,
        )
    }
}

/// # Safety
/// `ptr_addr` is null or the address of a pointer.
#[no_mangle]
pub unsafe extern "C" fn acc_detach(ptr_addr: *mut *mut c_void) {
    // SAFETY: forwarded caller contract.
    unsafe {
        pointer_action(
            Phase::Exit,
            Action::Detach,
            DYNAMIC,
            ptr_addr,
            ASYNC_SYNC,
            "acc_detach",
        )
    }
}

/// # Safety
/// `ptr_addr` is null or the address of a pointer.
#[no_mangle]
pub unsafe extern "C" fn acc_detach_async(ptr_addr: *mut *mut c_void, async_arg: c_int) {
    let api = "acc_detach_async";
    // SAFETY: forwarded caller contract.
    unsafe {
        pointer_action(
            Phase::Exit,
            Action::Detach,
            DYNAMIC,
            ptr_addr,
            async_arg,
            api,
        )
    }
}

/// # Safety
/// `ptr_addr` is null or the address of a pointer.
#[no_mangle]
pub unsafe extern "C" fn acc_detach_finalize(ptr_addr: *mut *mut c_void) {
    let api = "acc_detach_finalize";
    let flags = Flags::FINALIZE;
    // SAFETY: forwarded caller contract.
    unsafe {
        pointer_action(
            Phase::Exit,
            Action::Detach,
            flags,
            ptr_addr,
            ASYNC_SYNC,
            api,
        )
    }
}

/// # Safety
/// `ptr_addr` is null or the address of a pointer.
#[no_mangle]
pub unsafe extern "C" fn acc_detach_finalize_async(ptr_addr: *mut *mut c_void, async_arg: c_int) {
    let api = "acc_detach_finalize_async";
    let flags = Flags::FINALIZE;
    // SAFETY: forwarded caller contract.
    unsafe { pointer_action(Phase::Exit, Action::Detach, flags, ptr_addr, async_arg, api) }
}
