//! The OpenACC profiling interface (OpenACC 3.3 chapter 5, `include/acc_prof.h`): the callback
//! registry behind `acc_prof_register` / `acc_prof_unregister` / `acc_prof_lookup`, the loading
//! of tool libraries (`ACC_PROFLIB`, or an `acc_register_library` already in the process), and
//! the translation of the runtime's [`Event`]s into the C structures callbacks receive.
//!
//! This is an FFI module. Callbacks are C function pointers registered by tools; they are called
//! by [`dispatch`] (which [`trace::emit`](crate::trace::emit) calls) with pointers to
//! structures that live on the caller's stack for the duration of the call, after the registry
//! lock has been released, so a callback may register callbacks or call any `acc_*` routine.
//!
//! Registry semantics (§5.3): each event has an ordered list of callbacks; callbacks of `_end`
//! events run last-registered first. `acc_reg` appends (a callback already in the list has its
//! registration counted instead, and stays until unregistered as often); `acc_toggle` disables
//! or re-enables one callback (`NULL`: every callback of the event; `acc_ev_none` with `NULL`:
//! every callback); `acc_toggle_per_thread` (with `acc_ev_none` and `NULL`) does that for the
//! calling thread only. Anything else is a warning and is ignored.

#![allow(unsafe_code)]

use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::sync::atomic::{AtomicU32, AtomicU8, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

use crate::error::{guard, warning};
use crate::events::{self, Detail, Event, EventKind, Place, EVENT_LAST};
use crate::queue::ASYNC_SYNC;

/// `acc_prof_info.version`: the `_OPENACC` value of the implemented specification.
pub const VERSION: c_int = 202211;

/// `acc_register_t`.
pub const ACC_REG: c_int = 0;
pub const ACC_TOGGLE: c_int = 1;
pub const ACC_TOGGLE_PER_THREAD: c_int = 2;

/// `acc_prof_info`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ProfInfo {
    pub event_type: c_int,
    pub valid_bytes: c_int,
    pub version: c_int,
    pub device_type: c_int,
    pub device_number: c_int,
    pub thread_id: c_int,
    pub async_: isize,
    pub async_queue: isize,
    pub src_file: *const c_char,
    pub func_name: *const c_char,
    pub line_no: c_int,
    pub end_line_no: c_int,
    pub func_line_no: c_int,
    pub func_end_line_no: c_int,
}

/// `acc_data_event_info`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DataEventInfo {
    pub event_type: c_int,
    pub valid_bytes: c_int,
    pub parent_construct: c_int,
    pub implicit: c_int,
    pub tool_info: *mut c_void,
    pub var_name: *const c_char,
    pub bytes: usize,
    pub host_ptr: *const c_void,
    pub device_ptr: *const c_void,
}

/// `acc_launch_event_info`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LaunchEventInfo {
    pub event_type: c_int,
    pub valid_bytes: c_int,
    pub parent_construct: c_int,
    pub implicit: c_int,
    pub tool_info: *mut c_void,
    pub kernel_name: *const c_char,
    pub num_gangs: usize,
    pub num_workers: usize,
    pub vector_length: usize,
}

/// `acc_other_event_info`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OtherEventInfo {
    pub event_type: c_int,
    pub valid_bytes: c_int,
    pub parent_construct: c_int,
    pub implicit: c_int,
    pub tool_info: *mut c_void,
}

/// `acc_error_event_info`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ErrorEventInfo {
    pub event_type: c_int,
    pub valid_bytes: c_int,
    pub parent_construct: c_int,
    pub implicit: c_int,
    pub tool_info: *mut c_void,
    pub error_code: c_int,
    pub error_message: *const c_char,
    pub runtime_info: usize,
}

/// `acc_event_info`.
#[repr(C)]
#[derive(Clone, Copy)]
pub union EventInfo {
    pub event_type: c_int,
    pub data_event: DataEventInfo,
    pub launch_event: LaunchEventInfo,
    pub other_event: OtherEventInfo,
    pub error_event: ErrorEventInfo,
}

impl std::fmt::Debug for EventInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // SAFETY: every variant starts with `event_type`, and the union is always initialised
        // through one of them.
        let event_type = unsafe { self.event_type };
        f.debug_struct("EventInfo")
            .field("event_type", &event_type)
            .finish_non_exhaustive()
    }
}

/// `acc_api_info`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ApiInfo {
    pub device_api: c_int,
    pub valid_bytes: c_int,
    pub device_type: c_int,
    pub vendor: c_int,
    pub device_handle: *const c_void,
    pub context_handle: *const c_void,
    pub async_handle: *const c_void,
}

/// `acc_prof_callback`.
pub type Callback = unsafe extern "C" fn(*mut ProfInfo, *mut EventInfo, *mut ApiInfo);
/// `acc_prof_reg`.
pub type RegisterFn = unsafe extern "C" fn(c_int, Option<Callback>, c_int);
/// `acc_query_fn`.
pub type QueryFn = unsafe extern "C" fn();
/// `acc_prof_lookup_func`.
pub type LookupFn = unsafe extern "C" fn(*const c_char) -> Option<QueryFn>;
/// `acc_register_library`, as a tool defines it.
type RegisterLibrary = unsafe extern "C" fn(RegisterFn, RegisterFn, LookupFn);

/// One registered callback of one event.
#[derive(Clone, Copy, Debug)]
struct Entry {
    callback: Callback,
    registrations: u32,
    enabled: bool,
}

/// The callbacks of every event.
#[derive(Debug)]
pub struct Registry {
    lists: Mutex<Vec<Vec<Entry>>>,
    /// Cleared by `acc_prof_unregister(acc_ev_none, NULL, acc_toggle)`.
    enabled: Mutex<bool>,
    /// Bit `k`: event `k` has an enabled callback (and callbacks are enabled globally).
    active: AtomicU32,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

fn same(a: Callback, b: Callback) -> bool {
    a as usize == b as usize
}

thread_local! {
    /// Cleared by `acc_prof_unregister(acc_ev_none, NULL, acc_toggle_per_thread)`.
    static THREAD_ENABLED: Cell<bool> = const { Cell::new(true) };
}

impl Default for Registry {
    fn default() -> Registry {
        Registry::new()
    }
}

impl Registry {
    pub fn new() -> Registry {
        Registry {
            lists: Mutex::new(vec![Vec::new(); EVENT_LAST as usize]),
            enabled: Mutex::new(true),
            active: AtomicU32::new(0),
        }
    }

    /// Whether some enabled callback waits for `kind` (the calling thread may still have
    /// disabled callbacks for itself).
    pub fn active(&self, kind: EventKind) -> bool {
        self.active.load(Ordering::Relaxed) & (1 << kind as u32) != 0
    }

    fn refresh(&self, lists: &[Vec<Entry>]) {
        let enabled = *lock(&self.enabled);
        let mut mask = 0u32;
        for (index, list) in lists.iter().enumerate() {
            if enabled && list.iter().any(|entry| entry.enabled) {
                mask |= 1 << index;
            }
        }
        self.active.store(mask, Ordering::Relaxed);
    }

    /// `acc_prof_register` (`register` true) and `acc_prof_unregister`.
    pub fn change(
        &self,
        register: bool,
        event: c_int,
        callback: Option<Callback>,
        info: c_int,
    ) -> Result<(), String> {
        let kind = EventKind::from_raw(event);
        match info {
            ACC_REG => {
                let kind = kind.ok_or_else(|| format!("invalid event type {event}"))?;
                let callback = callback.ok_or("the callback is NULL")?;
                let mut lists = lock(&self.lists);
                let list = &mut lists[kind as usize];
                let found = list.iter().position(|entry| same(entry.callback, callback));
                match (register, found) {
                    (true, Some(index)) => list[index].registrations += 1,
                    (true, None) => list.push(Entry {
                        callback,
                        registrations: 1,
                        enabled: true,
                    }),
                    (false, Some(index)) => {
                        list[index].registrations -= 1;
                        if list[index].registrations == 0 {
                            list.remove(index);
                        }
                    }
                    (false, None) => {}
                }
                self.refresh(&lists);
            }
            ACC_TOGGLE => {
                let mut lists = lock(&self.lists);
                match (kind, callback) {
                    (None, None) if event == 0 => *lock(&self.enabled) = register,
                    (None, _) => return Err(format!("invalid event type {event}")),
                    (Some(kind), callback) => {
                        for entry in lists[kind as usize].iter_mut() {
                            if callback.is_none_or(|callback| same(entry.callback, callback)) {
                                entry.enabled = register;
                            }
                        }
                    }
                }
                self.refresh(&lists);
            }
            ACC_TOGGLE_PER_THREAD => {
                if event != 0 || callback.is_some() {
                    return Err(
                        "acc_toggle_per_thread takes acc_ev_none and a NULL callback".to_string(),
                    );
                }
                THREAD_ENABLED.with(|cell| cell.set(register));
            }
            _ => return Err(format!("invalid registration kind {info}")),
        }
        Ok(())
    }

    /// The enabled callbacks of `kind`, in the order they run.
    fn callbacks(&self, kind: EventKind) -> Vec<Callback> {
        if !THREAD_ENABLED.with(Cell::get) || !self.active(kind) {
            return Vec::new();
        }
        let lists = lock(&self.lists);
        let mut callbacks: Vec<Callback> = lists[kind as usize]
            .iter()
            .filter(|entry| entry.enabled)
            .map(|entry| entry.callback)
            .collect();
        if kind.is_end() {
            callbacks.reverse();
        }
        callbacks
    }

    /// Calls the callbacks of `event.kind`; returns the `tool_info` they leave.
    pub fn dispatch(&self, event: &Event) -> usize {
        let callbacks = self.callbacks(event.kind);
        if callbacks.is_empty() {
            return event.pair.tool_info;
        }
        let (mut info, mut event_info, mut api) = describe(event);
        for callback in callbacks {
            // SAFETY: the tool registered `callback` as an `acc_prof_callback`; the three
            // pointers point to initialised structures of the layouts acc_prof.h declares,
            // which live until the call returns. No runtime lock is held.
            unsafe { callback(&mut info, &mut event_info, &mut api) };
        }
        // SAFETY: every variant starts with the same four ints and `tool_info`, and the
        // union was initialised through one of them.
        unsafe { event_info.other_event.tool_info as usize }
    }
}

/// The process-wide registry.
fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::new)
}

/// Whether a callback waits for `kind` anywhere.
pub fn active(kind: EventKind) -> bool {
    registry().active(kind)
}

/// Calls the registered callbacks of `event`; returns the `tool_info` they leave.
pub fn dispatch(event: &Event) -> usize {
    registry().dispatch(event)
}

/// A C string that lives until the program ends, equal to `text` (strings repeat: source
/// files, functions, variables and kernels of the program).
fn intern(text: &str) -> *const c_char {
    static STRINGS: OnceLock<Mutex<HashMap<String, &'static CStr>>> = OnceLock::new();
    let mut strings = lock(STRINGS.get_or_init(|| Mutex::new(HashMap::new())));
    if let Some(known) = strings.get(text) {
        return known.as_ptr();
    }
    let owned = CString::new(text.replace('\0', "?")).unwrap_or_default();
    let leaked: &'static CStr = Box::leak(owned.into_boxed_c_str());
    strings.insert(text.to_string(), leaked);
    leaked.as_ptr()
}

fn optional(text: Option<&str>) -> *const c_char {
    match text {
        Some(text) if !text.is_empty() => intern(text),
        _ => std::ptr::null(),
    }
}

fn valid_bytes<T>() -> c_int {
    std::mem::size_of::<T>() as c_int
}

/// The three arguments of a callback for `event`.
fn describe(event: &Event) -> (ProfInfo, EventInfo, ApiInfo) {
    let (file, func, lines) = match event.place {
        Place::Directive(Some(loc)) => (
            optional(loc.file.as_deref()),
            optional(loc.func.as_deref()),
            [loc.line, loc.end_line, loc.func_line, loc.func_end_line],
        ),
        Place::Directive(None) | Place::Api(_) => (std::ptr::null(), std::ptr::null(), [0; 4]),
    };
    let info = ProfInfo {
        event_type: event.kind as c_int,
        valid_bytes: valid_bytes::<ProfInfo>(),
        version: VERSION,
        device_type: event.device.acc_device_type(),
        device_number: 0,
        thread_id: events::thread_id() as c_int,
        async_: event.async_arg as isize,
        async_queue: event.queue.unwrap_or(ASYNC_SYNC) as isize,
        src_file: file,
        func_name: func,
        line_no: lines[0],
        end_line_no: lines[1],
        func_line_no: lines[2],
        func_end_line_no: lines[3],
    };
    let tool_info = event.pair.tool_info as *mut c_void;
    let (event_type, parent_construct, implicit) = (
        event.kind as c_int,
        event.construct as c_int,
        c_int::from(event.implicit),
    );
    let event_info = match event.detail {
        Detail::Data {
            name,
            bytes,
            host,
            device,
        } => EventInfo {
            data_event: DataEventInfo {
                event_type,
                valid_bytes: valid_bytes::<DataEventInfo>(),
                parent_construct,
                implicit,
                tool_info,
                var_name: optional(name),
                bytes,
                host_ptr: host as *const c_void,
                device_ptr: device as *const c_void,
            },
        },
        Detail::Launch {
            kernel,
            num_gangs,
            num_workers,
            vector_length,
            ..
        } => EventInfo {
            launch_event: LaunchEventInfo {
                event_type,
                valid_bytes: valid_bytes::<LaunchEventInfo>(),
                parent_construct,
                implicit,
                tool_info,
                kernel_name: optional(Some(kernel)),
                num_gangs: num_gangs.max(1) as usize,
                num_workers: num_workers.max(1) as usize,
                vector_length: vector_length.max(1) as usize,
            },
        },
        Detail::Error { code, message } => EventInfo {
            error_event: ErrorEventInfo {
                event_type,
                valid_bytes: valid_bytes::<ErrorEventInfo>(),
                parent_construct,
                implicit,
                tool_info,
                error_code: code as c_int,
                error_message: optional(Some(message)),
                runtime_info: 0,
            },
        },
        Detail::Other | Detail::Wait { .. } => EventInfo {
            other_event: OtherEventInfo {
                event_type,
                valid_bytes: valid_bytes::<OtherEventInfo>(),
                parent_construct,
                implicit,
                tool_info,
            },
        },
    };
    let api = ApiInfo {
        device_api: 0,
        valid_bytes: valid_bytes::<ApiInfo>(),
        device_type: event.device.acc_device_type(),
        vendor: 0,
        device_handle: std::ptr::null(),
        context_handle: std::ptr::null(),
        async_handle: std::ptr::null(),
    };
    (info, event_info, api)
}

fn change(routine: &str, register: bool, event: c_int, callback: Option<Callback>, info: c_int) {
    if let Err(message) = registry().change(register, event, callback, info) {
        warning(format!("{routine}: {message}; ignored"));
    }
}

/// `acc_prof_register`.
#[no_mangle]
pub extern "C" fn acc_prof_register(event: c_int, callback: Option<Callback>, info: c_int) {
    guard("acc_prof_register", || {
        change("acc_prof_register", true, event, callback, info)
    })
}

/// `acc_prof_unregister`.
#[no_mangle]
pub extern "C" fn acc_prof_unregister(event: c_int, callback: Option<Callback>, info: c_int) {
    guard("acc_prof_unregister", || {
        change("acc_prof_unregister", false, event, callback, info)
    })
}

/// `acc_prof_lookup`: libaccrt defines no inquiry functions, so every name gives NULL.
#[no_mangle]
pub extern "C" fn acc_prof_lookup(_name: *const c_char) -> Option<QueryFn> {
    None
}

extern "C" {
    fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    fn dlerror() -> *mut c_char;
}

const RTLD_NOW: c_int = 2;
/// glibc's `RTLD_DEFAULT`: search the global scope.
const RTLD_DEFAULT: *mut c_void = std::ptr::null_mut();

/// The last `dlerror()` message.
fn dl_error() -> String {
    // SAFETY: dlerror returns null or a NUL-terminated string owned by libdl, valid until the
    // next dl* call on this thread; it is copied at once.
    let text = unsafe { dlerror() };
    if text.is_null() {
        return "unknown error".to_string();
    }
    // SAFETY: non-null and NUL-terminated (see above).
    unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned()
}

/// `acc_register_library` in `handle` (null: the global scope), if defined there.
fn find_register_library(handle: *mut c_void) -> Option<RegisterLibrary> {
    let name = c"acc_register_library";
    // SAFETY: `handle` is null (RTLD_DEFAULT) or a handle dlopen returned; the name is a
    // NUL-terminated literal.
    let symbol = unsafe { dlsym(handle, name.as_ptr()) };
    if symbol.is_null() {
        return None;
    }
    // SAFETY: a tool's `acc_register_library` has the signature acc_prof.h declares,
    // `void (acc_prof_reg, acc_prof_reg, acc_prof_lookup_func)`, which `RegisterLibrary` spells.
    Some(unsafe { std::mem::transmute::<*mut c_void, RegisterLibrary>(symbol) })
}

/// Whether `symbol` lies in GCC's OpenACC and OpenMP runtime, libgomp, which defines an
/// `acc_register_library` of its own that stops the program ("libgomp: TODO"): a program that
/// also links libgomp (`-fopenmp`, or `-lgomp` for `omp_get_wtime`) has it in the global
/// scope, and it is no tool.
fn defined_by_libgomp(symbol: *mut c_void) -> bool {
    let mut info = std::mem::MaybeUninit::<libc::Dl_info>::zeroed();
    // SAFETY: `dladdr` only reads the address and fills `info`, which has room for a
    // `Dl_info`; zeroed, it is a valid `Dl_info` whatever dladdr leaves unset.
    let found = unsafe { libc::dladdr(symbol, info.as_mut_ptr()) };
    // SAFETY: zero-initialised above, and dladdr writes only valid field values.
    let info = unsafe { info.assume_init() };
    if found == 0 || info.dli_fname.is_null() {
        return false;
    }
    // SAFETY: dladdr set `dli_fname` to the NUL-terminated path of the loaded object, which
    // stays loaded (libgomp is never unloaded while the program runs).
    let path = unsafe { CStr::from_ptr(info.dli_fname) }.to_string_lossy();
    let file = path.rsplit('/').next().unwrap_or(&path);
    file.starts_with("libgomp.") || file.starts_with("libgomp-")
}

/// Calls a tool's `acc_register_library` unless that function was called already.
fn call_register_library(register: RegisterLibrary, called: &mut HashSet<usize>) {
    if !called.insert(register as usize) {
        return;
    }
    // SAFETY: `register` is a tool's `acc_register_library`; it gets the runtime's own
    // registration routines, which have the C signatures acc_prof.h declares.
    unsafe { register(acc_prof_register, acc_prof_unregister, acc_prof_lookup) }
}

/// Splits `ACC_PROFLIB`: paths separated by ':', empty entries skipped.
pub fn parse_proflib(value: &str) -> Vec<&str> {
    value
        .split(':')
        .map(str::trim)
        .filter(|path| !path.is_empty())
        .collect()
}

/// Loads the tools of the process, once, before the runtime's first action: an
/// `acc_register_library` already in the global scope (a linked or preloaded tool library, or
/// the program when linked with -rdynamic), then each `ACC_PROFLIB` library in order.
/// Re-entry (a tool's registration calling `acc_*` routines) and other threads racing with it
/// return at once. `shutdown` (the `acc_ev_runtime_shutdown` event) is registered to run at
/// exit after the tools are loaded, so that it runs before their own exit handlers.
pub fn initialize(shutdown: extern "C" fn()) {
    static STATE: AtomicU8 = AtomicU8::new(0);
    if STATE.load(Ordering::Acquire) != 0
        || STATE
            .compare_exchange(0, 1, Ordering::AcqRel, Ordering::Acquire)
            .is_err()
    {
        return;
    }
    let mut called = HashSet::new();
    if let Some(register) =
        find_register_library(RTLD_DEFAULT).filter(|r| !defined_by_libgomp(*r as *mut c_void))
    {
        call_register_library(register, &mut called);
    }
    if let Ok(value) = std::env::var("ACC_PROFLIB") {
        for path in parse_proflib(&value) {
            load(path, &mut called);
        }
    }
    crate::hostmem::at_exit(shutdown);
    STATE.store(2, Ordering::Release);
}

/// Loads one `ACC_PROFLIB` library and calls its `acc_register_library`.
fn load(path: &str, called: &mut HashSet<usize>) {
    let Ok(c_path) = CString::new(path) else {
        warning(format!(
            "ACC_PROFLIB: cannot load '{path}': invalid path; ignored"
        ));
        return;
    };
    // SAFETY: a NUL-terminated path; loading runs the library's initialisers, which is what
    // the user asked for by naming it in ACC_PROFLIB.
    let handle = unsafe { dlopen(c_path.as_ptr(), RTLD_NOW) };
    if handle.is_null() {
        warning(format!(
            "ACC_PROFLIB: cannot load '{path}': {}; ignored",
            dl_error()
        ));
        return;
    }
    match find_register_library(handle) {
        Some(register) => call_register_library(register, called),
        None => warning(format!(
            "ACC_PROFLIB: '{path}' defines no acc_register_library; ignored"
        )),
    }
}

#[cfg(test)]
#[path = "prof_tests.rs"]
mod tests;
