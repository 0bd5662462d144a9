//! `ACCC_CHECK=data`: the data checker. The multicore device keeps every device copy in memory
//! of its own, as a discrete GPU does, runs the same multicore kernels on those copies, and
//! reports the data movements a GPU run would get wrong, one line each on stderr
//! (`accrt: check: ...`), with a count at exit.
//!
//! This is one of the runtime's FFI modules (`mmap`, `mprotect`, and a part of the `SIGSEGV`
//! handler of [`crate::fault`]).
//!
//! # Design
//! [`CheckedDevice`] is the multicore device (its pool and queues) with discrete memory: each
//! device copy is a private mapping of whole pages (a *region*), so the checker can protect it
//! without touching anything else. What each finding needs to know is learnt from page
//! protection, never from guesses:
//! * A copy that nothing wrote yet (`create`, `copyout`, `acc_malloc`) is filled with `0xff`
//!   bytes (a NaN in every floating-point type, -1 in every integer) and mapped without access:
//!   a kernel's read of it is *uninitialised device data*; its first write makes the copy
//!   writable and initialised.
//! * A copy equal to the host's (after a copy to or from the host) is read-only: a kernel's
//!   write marks it *newer than the host*. Before each launch the copies the kernel can reach
//!   (its arguments' device addresses, and the copies attached pointers in those lead to) are
//!   compared with their host data page by page, on the pool's threads (by page hashes once they
//!   are known, so only the host is read); pages where the host changed since are mapped without
//!   access and the launch runs on one thread; a kernel read there of a value that differs from
//!   the host's is *a kernel reading stale data* (a missing `update device`).
//! * When a kernel made a copy newer, the host pages of the variable that differ from the
//!   device copy (whole pages inside the variable only, in writable private memory) are mapped
//!   without access until the data goes back to the host: a host read there of a value that
//!   differs from the device's is *a host read of stale data* (a missing `update self` or
//!   `copyout`); a host write just unprotects the page. When such a copy is deleted without
//!   being copied out, its bytes are kept and the host pages stay watched until the program's
//!   next OpenACC directive or routine: a host read then is *device results deleted without
//!   copyout*.
//! * A read on a watched page whose value is the same on both sides is stepped over: the page
//!   is made readable for that one instruction (the trap flag, then `SIGTRAP`, [`on_trap`]) and
//!   protected again, so the next access to the page is checked too (at most [`STEP_LIMIT`]
//!   times per arming).
//!
//! Why this design: a finding is reported only when an access really sees a value that
//! differs from what a GPU run would see, so correct programs get none (a scratch `create`
//! array that the host never reads, a `copyin` array the device modifies on purpose and the
//! host never reads again, host writes to data whose device copy is newer). Comparing copies at
//! synchronisation points could not tell a host read from no access at all. The cost is a fault
//! per region and transition, the comparison of the data each kernel can reach (parallel, and
//! of the host side only once hashes are known), and one `mprotect` per transition: 1 to 2.3
//! times the plain multicore time on `make bench`'s kernels.
//!
//! As on a GPU, a synchronous free waits for the device's queues (`cuMemFree` does), so a data
//! region that ends while its async kernels run does not unmap their memory. A line that
//! repeats is printed once; the summary counts every finding.
//!
//! Limits: host pages are watched where the variable covers whole pages (arrays of 8 KiB or
//! more always do), and its partial first and last pages only when nothing else lives there
//! (a large `malloc` block, [`exclusive_pages`]); the width of a host read is inferred
//! ([`width`]); a system call (`read`, `recv`) that writes into a watched host page
//! fails with `EFAULT` instead of faulting; declared globals, `declare link` variables and the
//! data of declared Fortran allocatable arrays are mapped to the host variable itself (the
//! kernels use the host symbol) and not checked; the signal handler watches at most
//! [`SLOTS`] regions at once (more are moved but not checked); single steps need x86-64 (other
//! machines check the first access of each page only).

#![allow(unsafe_code)]

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use crate::device::{Device, DeviceKind, KernelTimer, Launch, Properties, SharedMemoryDevice};
use crate::pool::{Body, Pool};
use crate::queue::{QueueId, QueueJob};

/// What `ACCC_CHECK` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// `ACCC_CHECK=data,fatal`: a program with findings exits with status 1.
    pub fatal: bool,
}

/// Parses `ACCC_CHECK`: `Ok(None)` when unset or empty, the settings for `data` (optionally
/// with `,fatal`), or why the value is not understood.
pub fn parse(value: Option<&str>) -> Result<Option<Settings>, String> {
    let Some(value) = value.map(str::trim).filter(|value| !value.is_empty()) else {
        return Ok(None);
    };
    let mut data = false;
    let mut fatal = false;
    for word in value.split(',').map(str::trim) {
        match word {
            "data" => data = true,
            "fatal" => fatal = true,
            "none" | "0" | "off" => {}
            other => {
                return Err(format!(
                    "ACCC_CHECK={value}: unknown check '{other}' (expected data or data,fatal); \
                     no check runs"
                ))
            }
        }
    }
    if fatal && !data {
        return Err(format!(
            "ACCC_CHECK={value}: 'fatal' needs a check to apply to (ACCC_CHECK=data,fatal); no \
             check runs"
        ));
    }
    Ok(data.then_some(Settings { fatal }))
}

/// The settings from the environment (read once; a bad value gives one warning).
pub fn settings() -> Option<Settings> {
    static SETTINGS: OnceLock<Option<Settings>> = OnceLock::new();
    *SETTINGS.get_or_init(
        || match parse(std::env::var("ACCC_CHECK").ok().as_deref()) {
            Ok(settings) => settings,
            Err(message) => {
                crate::error::warning(message);
                None
            }
        },
    )
}

/// Whether the checker runs (the multicore device is a [`CheckedDevice`]).
pub fn enabled() -> bool {
    settings().is_some()
}

/// How many regions the signal handler can watch at once.
pub const SLOTS: usize = 8192;

const FREE: u8 = 0;
const ARMED: u8 = 1;

/// Watch flags, set by the checker and the handler.
const UNINIT: usize = 1;
const DIRTY: usize = 2;
const DEVICE_REPORTED: usize = 4;
const HOST_REPORTED: usize = 8;

/// A message for the handler to print: interned, never freed; printed once (repeats are
/// counted).
struct Message {
    text: Box<[u8]>,
    shown: AtomicBool,
}

/// One watched region, read by the signal handler without locks. The checker changes a
/// watch's ranges and messages only under its lock; the handler only sets flags and changes
/// page protections, idempotently.
struct Watch {
    state: AtomicU8,
    /// The device pages `[device_low, device_high)` (0, 0: none).
    device_low: AtomicUsize,
    device_high: AtomicUsize,
    /// The watched host pages `[host_low, host_high)` (0, 0: none).
    host_low: AtomicUsize,
    host_high: AtomicUsize,
    /// The host address of the region's byte 0 (0: not known).
    host_base: AtomicUsize,
    /// Where the device's bytes are for comparisons (the region, or the copy kept for a
    /// deleted one), and how many bytes are valid there.
    copy_base: AtomicUsize,
    copy_bytes: AtomicUsize,
    flags: AtomicUsize,
    /// Single steps taken since the watch was last armed ([`STEP_LIMIT`]).
    steps: AtomicUsize,
    /// Printed for a kernel's read of uninitialised or stale data, and for a host read of
    /// stale data.
    device_message: AtomicPtr<Message>,
    host_message: AtomicPtr<Message>,
    /// Offsets of attached pointers (their device and host values differ by design), sorted.
    pointers: AtomicPtr<Vec<usize>>,
}

impl Watch {
    const fn new() -> Watch {
        Watch {
            state: AtomicU8::new(FREE),
            device_low: AtomicUsize::new(0),
            device_high: AtomicUsize::new(0),
            host_low: AtomicUsize::new(0),
            host_high: AtomicUsize::new(0),
            host_base: AtomicUsize::new(0),
            copy_base: AtomicUsize::new(0),
            copy_bytes: AtomicUsize::new(0),
            flags: AtomicUsize::new(0),
            steps: AtomicUsize::new(0),
            device_message: AtomicPtr::new(std::ptr::null_mut()),
            host_message: AtomicPtr::new(std::ptr::null_mut()),
            pointers: AtomicPtr::new(std::ptr::null_mut()),
        }
    }
}

static WATCHES: [Watch; SLOTS] = [const { Watch::new() }; SLOTS];
/// Slots ever used (the handler scans `WATCHES[..USED]`).
static USED: AtomicUsize = AtomicUsize::new(0);
static ACTIVE: AtomicBool = AtomicBool::new(false);
static FINDINGS: AtomicUsize = AtomicUsize::new(0);
/// Distinct finding lines printed (a line that repeats is printed once).
static SHOWN: AtomicUsize = AtomicUsize::new(0);
/// Bytes of device memory mapped now (for `acc_property_free_memory`).
static MAPPED: AtomicUsize = AtomicUsize::new(0);

fn page() -> usize {
    static PAGE: OnceLock<usize> = OnceLock::new();
    // SAFETY: sysconf only reads a system value.
    *PAGE.get_or_init(|| match unsafe { libc::sysconf(libc::_SC_PAGESIZE) } {
        size if size > 0 => size as usize,
        _ => 4096,
    })
}

fn round_up(value: usize) -> usize {
    value.div_ceil(page()) * page()
}

fn round_down(value: usize) -> usize {
    value / page() * page()
}

const NONE: libc::c_int = libc::PROT_NONE;
const READ: libc::c_int = libc::PROT_READ;
const WRITE: libc::c_int = libc::PROT_READ | libc::PROT_WRITE;

/// Changes the protection of whole pages this module maps, or host pages it watches (both
/// page-aligned, inside mappings that exist); async-signal-safe.
fn protect(low: usize, high: usize, protection: libc::c_int) {
    if high > low {
        // SAFETY: the range is page-aligned and lies in a region this module mapped or in
        // writable private host memory it watches; changing its protection is what the checker
        // is for, and every page is made accessible again before the runtime or the program
        // needs it in the normal way.
        unsafe { libc::mprotect(low as *mut libc::c_void, high - low, protection) };
    }
}

/// Changes the protection of the page that holds `address`; async-signal-safe.
fn protect_page(address: usize, protection: libc::c_int) {
    let low = round_down(address);
    protect(low, low + page(), protection);
}

/// Reads `bytes` (1, 2, 4 or 8) at `address` without faulting: `None` when the memory cannot
/// be read now (a page another thread's operation protects). Async-signal-safe: the kernel
/// copies the bytes (`process_vm_readv` on the process itself), so a protected page gives an
/// error instead of a fault inside the handler.
fn read_word(address: usize, bytes: usize) -> Option<u64> {
    let mut value = 0u64;
    let local = libc::iovec {
        iov_base: (&mut value as *mut u64).cast(),
        iov_len: bytes,
    };
    let remote = libc::iovec {
        iov_base: address as *mut libc::c_void,
        iov_len: bytes,
    };
    // SAFETY: `local` describes `bytes <= 8` writable bytes of `value`; the kernel reads the
    // remote range of this very process and reports an error for memory it cannot read.
    let read = unsafe { libc::process_vm_readv(libc::getpid(), &local, 1, &remote, 1, 0) };
    (read == bytes as isize).then_some(value)
}

/// The width compared at a faulting access `offset` bytes into a variable of `size` bytes
/// (`remaining` of them from the offset on): the access is not seen, only where it starts, so
/// the width is what an element can be: a power of two up to 8 that divides the variable's
/// size and the offset (an array of `char` of odd length is compared byte by byte, so that a
/// read of an element just brought back by `update self` is not taken for its stale
/// neighbours), and no more than what remains.
fn width(offset: usize, size: usize, remaining: usize) -> usize {
    let mut bytes = 8;
    while bytes > 1
        && (!offset.is_multiple_of(bytes) || !size.is_multiple_of(bytes) || bytes > remaining)
    {
        bytes /= 2;
    }
    bytes
}

fn is_pointer(watch: &Watch, offset: usize) -> bool {
    let pointers = watch.pointers.load(Ordering::Acquire);
    if pointers.is_null() {
        return false;
    }
    // SAFETY: a published pointer list is leaked by the checker and never freed.
    let pointers = unsafe { &*pointers };
    let slot = offset & !7;
    pointers.binary_search(&slot).is_ok()
}

/// Whether the host and device values at `offset` of the region differ.
fn differs(watch: &Watch, offset: usize) -> bool {
    let host_base = watch.host_base.load(Ordering::Acquire);
    let copy = watch.copy_base.load(Ordering::Acquire);
    let valid = watch.copy_bytes.load(Ordering::Acquire);
    if host_base == 0 || copy == 0 || offset >= valid || is_pointer(watch, offset) {
        return false;
    }
    let bytes = width(offset, valid, valid - offset);
    match (
        read_word(host_base + offset, bytes),
        read_word(copy + offset, bytes),
    ) {
        (Some(host), Some(device)) => host != device,
        _ => false,
    }
}

fn report(message: *mut Message) {
    if message.is_null() {
        return;
    }
    FINDINGS.fetch_add(1, Ordering::AcqRel);
    // SAFETY: interned messages are leaked, never freed.
    let message = unsafe { &*message };
    if !message.shown.swap(true, Ordering::AcqRel) {
        SHOWN.fetch_add(1, Ordering::AcqRel);
        // SAFETY: write is async-signal-safe; the bytes live as long as the program.
        unsafe { libc::write(2, message.text.as_ptr().cast(), message.text.len()) };
    }
}

/// What the fault handlers ask the checker ([`crate::fault::CheckHooks`]).
const HOOKS: crate::fault::CheckHooks = crate::fault::CheckHooks { on_fault, on_trap };

/// The `SIGSEGV` handler's first question ([`crate::fault`]): whether a protection fault at
/// `address` is the checker's (it then records what it means and makes the page accessible,
/// and the access runs again). Async-signal-safe: atomics, `mprotect`, `write`.
pub fn on_fault(address: usize, write: bool, context: *mut libc::c_void) -> bool {
    if !ACTIVE.load(Ordering::Acquire) {
        return false;
    }
    let used = USED.load(Ordering::Acquire).min(SLOTS);
    let own = CHECKING.with(std::cell::Cell::get);
    for watch in &WATCHES[..used] {
        if watch.state.load(Ordering::Acquire) != ARMED {
            continue;
        }
        let low = watch.device_low.load(Ordering::Acquire);
        let high = watch.device_high.load(Ordering::Acquire);
        if low <= address && address < high {
            if own {
                // The checker's own access to a page that a kernel's single step (on another
                // queue) protected again meanwhile: nothing the program did.
                protect_page(address, if write { WRITE } else { READ });
            } else {
                device_fault(watch, address, write, (low, high), context);
            }
            return true;
        }
        let low = watch.host_low.load(Ordering::Acquire);
        let high = watch.host_high.load(Ordering::Acquire);
        if low <= address && address < high {
            if own {
                protect_page(address, WRITE);
            } else {
                host_fault(watch, address, write, (low, high), context);
            }
            return true;
        }
    }
    false
}

/// How many single steps one watch allows per arming: a page whose bytes differ is watched
/// access by access until then, and left accessible after.
const STEP_LIMIT: usize = 4096;

thread_local! {
    /// Set while this thread runs the checker's own accesses to device and host memory (a
    /// transfer, a comparison): a fault there is not the program's. `const`-initialised
    /// without a destructor: usable in a signal handler.
    static CHECKING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The page this thread is stepping over and the protection to give it back (0: none).
    /// `const`-initialised without a destructor: usable in a signal handler.
    static STEPPING: std::cell::Cell<(usize, libc::c_int)> = const { std::cell::Cell::new((0, 0)) };
}

/// Lets the faulting instruction run once on `page_low`, then protects the page with
/// `protection` again (the trap after the instruction, [`on_trap`]); false when the
/// instruction cannot be stepped (the caller then leaves the page accessible).
fn step_over(
    watch: &Watch,
    page_low: usize,
    protection: libc::c_int,
    context: *mut libc::c_void,
) -> bool {
    if watch.steps.fetch_add(1, Ordering::AcqRel) >= STEP_LIMIT
        || !crate::fault::set_single_step(context, true)
    {
        return false;
    }
    STEPPING.with(|stepping| stepping.set((page_low, protection)));
    true
}

/// The `SIGTRAP` after a stepped instruction: the page is protected again. False when this
/// thread was not stepping (the trap is not the checker's).
pub fn on_trap(context: *mut libc::c_void) -> bool {
    let (page_low, protection) = STEPPING.with(|stepping| stepping.replace((0, 0)));
    if page_low == 0 {
        return false;
    }
    crate::fault::set_single_step(context, false);
    protect_page(page_low, protection);
    true
}

/// A kernel (or host code given a device address) touched a protected device page.
fn device_fault(
    watch: &Watch,
    address: usize,
    write: bool,
    (low, high): (usize, usize),
    context: *mut libc::c_void,
) {
    let page_low = round_down(address);
    if write {
        watch.flags.fetch_or(DIRTY, Ordering::AcqRel);
        watch.flags.fetch_and(!UNINIT, Ordering::AcqRel);
        protect(low, high, WRITE);
        return;
    }
    // Readable first: the comparison reads the page.
    protect_page(address, READ);
    let flags = watch.flags.load(Ordering::Acquire);
    if flags & DIRTY != 0 {
        // A kernel wrote the copy: its values are new, not stale.
        protect(low, high, WRITE);
        return;
    }
    let offset = address - low;
    let finding = if flags & UNINIT != 0 {
        // Attached pointers are written by the runtime, the rest of the copy by nothing yet.
        !is_pointer(watch, offset)
    } else {
        // Stale data: the host changed this page after the copy; a finding when the value read
        // is not the host's (the host page is readable: it is watched only while the device is
        // newer). Other values of the page may still differ: the next access is checked too.
        let stale = differs(watch, offset);
        if !stale && watch.flags.load(Ordering::Acquire) & DEVICE_REPORTED == 0 {
            step_over(watch, page_low, NONE, context);
        }
        stale
    };
    if finding && watch.flags.fetch_or(DEVICE_REPORTED, Ordering::AcqRel) & DEVICE_REPORTED == 0 {
        report(watch.device_message.load(Ordering::Acquire));
    }
}

/// The program touched a watched host page (its device copy is newer, or was deleted).
fn host_fault(
    watch: &Watch,
    address: usize,
    write: bool,
    (low, high): (usize, usize),
    context: *mut libc::c_void,
) {
    let page_low = round_down(address);
    protect_page(address, WRITE);
    if write {
        return; // the host's own values from now on
    }
    let base = watch.host_base.load(Ordering::Acquire);
    if address >= base && differs(watch, address - base) {
        protect(low, high, WRITE);
        if watch.flags.fetch_or(HOST_REPORTED, Ordering::AcqRel) & HOST_REPORTED == 0 {
            report(watch.host_message.load(Ordering::Acquire));
        }
    } else {
        // This value is the device's too; other values of the page may not be.
        step_over(watch, page_low, NONE, context);
    }
}

/// Prints the summary at exit; with `fatal`, findings make the exit status 1.
extern "C" fn summary_at_exit() {
    let findings = FINDINGS.load(Ordering::Acquire);
    let shown = SHOWN.load(Ordering::Acquire);
    let line = match findings {
        0 => "accrt: check: no findings\n".to_string(),
        1 => "accrt: check: 1 finding\n".to_string(),
        n if shown < n => {
            format!("accrt: check: {n} findings ({shown} different, each shown once)\n")
        }
        n => format!("accrt: check: {n} findings\n"),
    };
    // SAFETY: fflush(NULL) flushes every stdio stream; write and _exit end the process after
    // that, as exit would, with the status the checker gives.
    unsafe {
        libc::write(2, line.as_ptr().cast(), line.len());
        if findings > 0 && settings().is_some_and(|settings| settings.fatal) {
            libc::fflush(std::ptr::null_mut());
            libc::_exit(1);
        }
    }
}

thread_local! {
    /// The directive or routine this thread is running, for messages: `f.c:12, function main`.
    static SITE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Notes the directive (or API routine) the calling thread is about to perform; the messages
/// of what it does name it. Also expires the watches of deleted copies (see the module
/// documentation) and prepares the thread's alternate signal stack.
pub fn at_directive(site: String) {
    crate::fault::prepare_thread();
    crate::fault::install_for_checks(HOOKS);
    SITE.with(|current| *current.borrow_mut() = Some(site));
    if CHECKER.get().is_some() {
        checker().expire_lost();
    }
}

fn site() -> String {
    SITE.with(|current| current.borrow().clone())
        .unwrap_or_else(|| "an unknown place".to_string())
}

/// Where a directive is, for messages: `f.c:12, function main` (`what` without a location).
pub fn describe_site(loc: Option<&crate::error::SourceLoc>, what: &str) -> String {
    loc.map_or_else(|| what.to_string(), crate::error::SourceLoc::with_function)
}

/// One device copy.
#[derive(Debug)]
struct Region {
    bytes: usize,
    mapped: usize,
    watch: Option<usize>,
    /// The host address of byte 0 (0: not known, `acc_malloc` memory).
    host: usize,
    /// `'a[0:n]' (copyin, f.c:7, function main)`.
    what: Option<String>,
    /// Something wrote the copy (a transfer, a fill, a kernel).
    init: bool,
    /// The copy is newer than the host's data.
    dirty: bool,
    /// The kernel that made it newer: `the kernel at f.c:9, function main`.
    writer: Option<String>,
    /// Offsets of attached pointers, and the device addresses they hold.
    pointers: BTreeMap<usize, usize>,
    /// The offset lists published for the handler ([`Watch::pointers`]), the current one
    /// last: kept while the region lives, since the handler may read any of them. Boxed: the
    /// handler holds the address of a list's `Vec`, which must not move.
    #[allow(clippy::vec_box)]
    published: Vec<Box<Vec<usize>>>,
    /// `pointers` changed since the last publication.
    pointers_changed: bool,
    /// The host pages watched while the copy is newer.
    host_watched: Option<(usize, usize)>,
    /// The hash of each page of the copy while nothing writes it (empty: not known).
    hashes: Vec<u64>,
}

/// The copy of a deleted region whose host data stays watched.
#[derive(Debug)]
struct Lost {
    watch: usize,
    /// The deleted copy's bytes; the handler compares with them through the watch.
    _copy: Box<[u8]>,
    /// Its attached pointers' offsets, which the handler reads through the watch too (boxed,
    /// as in [`Region::published`]).
    #[allow(clippy::vec_box)]
    _pointers: Vec<Box<Vec<usize>>>,
    pages: (usize, usize),
}

#[derive(Debug, Default)]
struct Checker {
    regions: BTreeMap<usize, Region>,
    lost: Vec<Lost>,
    free_slots: Vec<usize>,
    messages: HashMap<String, usize>,
    /// Writable private mappings (start, end), from `/proc/self/maps`.
    writable: Vec<(usize, usize)>,
}

static CHECKER: OnceLock<Mutex<Checker>> = OnceLock::new();

/// The checker, locked; while the guard lives the thread's accesses are the checker's own
/// ([`CHECKING`]).
struct Locked {
    guard: MutexGuard<'static, Checker>,
    outer: bool,
}

impl std::ops::Deref for Locked {
    type Target = Checker;
    fn deref(&self) -> &Checker {
        &self.guard
    }
}

impl std::ops::DerefMut for Locked {
    fn deref_mut(&mut self) -> &mut Checker {
        &mut self.guard
    }
}

impl Drop for Locked {
    fn drop(&mut self) {
        CHECKING.with(|checking| checking.set(self.outer));
    }
}

fn checker() -> Locked {
    let guard = CHECKER
        .get_or_init(|| Mutex::new(Checker::default()))
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    Locked {
        guard,
        outer: CHECKING.with(|checking| checking.replace(true)),
    }
}

fn intern(messages: &mut HashMap<String, usize>, text: String) -> *mut Message {
    if let Some(&pointer) = messages.get(&text) {
        return pointer as *mut Message;
    }
    let message = Box::leak(Box::new(Message {
        text: format!("accrt: check: {text}\n")
            .into_bytes()
            .into_boxed_slice(),
        shown: AtomicBool::new(false),
    }));
    let pointer = message as *mut Message;
    messages.insert(text, pointer as usize);
    pointer
}

impl Checker {
    fn take_slot(&mut self) -> Option<usize> {
        if let Some(slot) = self.free_slots.pop() {
            return Some(slot);
        }
        let slot = USED.load(Ordering::Acquire);
        (slot < SLOTS).then(|| {
            USED.store(slot + 1, Ordering::Release);
            slot
        })
    }

    fn release_slot(&mut self, slot: usize) {
        let watch = &WATCHES[slot];
        watch.state.store(FREE, Ordering::Release);
        for range in [&watch.device_low, &watch.device_high] {
            range.store(0, Ordering::Release);
        }
        for range in [&watch.host_low, &watch.host_high] {
            range.store(0, Ordering::Release);
        }
        self.free_slots.push(slot);
    }

    fn region_of(&mut self, address: usize) -> Option<(usize, &mut Region)> {
        self.regions
            .range_mut(..=address)
            .next_back()
            .filter(|(&base, region)| address < base + region.mapped.max(1))
            .map(|(&base, region)| (base, region))
    }

    /// Takes in what the handler learnt about the region at `base`.
    fn absorb(&mut self, base: usize) {
        let Some(region) = self.regions.get_mut(&base) else {
            return;
        };
        let Some(slot) = region.watch else {
            return;
        };
        let flags = WATCHES[slot].flags.load(Ordering::Acquire);
        if flags & DIRTY != 0 {
            region.init = true;
            region.hashes.clear();
            if !region.dirty {
                region.dirty = true;
                region.writer.get_or_insert_with(|| "a kernel".to_string());
            }
        }
    }

    /// Makes the region's host pages the program's again.
    fn unwatch_host(&mut self, base: usize) {
        let Some(region) = self.regions.get_mut(&base) else {
            return;
        };
        if let Some((low, high)) = region.host_watched.take() {
            if let Some(slot) = region.watch {
                WATCHES[slot].host_low.store(0, Ordering::Release);
                WATCHES[slot].host_high.store(0, Ordering::Release);
            }
            protect(low, high, WRITE);
        }
    }

    /// Stops watching deleted copies whose host pages overlap `[host, host + bytes)` (all of
    /// them when `bytes` is `usize::MAX`).
    fn release_lost(&mut self, host: usize, bytes: usize) {
        let end = host.saturating_add(bytes);
        let lost = std::mem::take(&mut self.lost);
        for item in lost {
            let (low, high) = item.pages;
            if low < end && host < high {
                self.release_slot(item.watch);
                protect(low, high, WRITE);
            } else {
                self.lost.push(item);
            }
        }
    }

    fn expire_lost(&mut self) {
        if !self.lost.is_empty() {
            self.release_lost(0, usize::MAX);
        }
    }

    /// The host pages of `[host, host + bytes)` that may be watched: the whole pages inside
    /// it, in writable private memory; and its partial first and last pages too when they hold
    /// nothing else (a large `malloc` block: a mapping of its own, [`exclusive_pages`]), so that
    /// the first elements, which programs print, are watched.
    fn watchable(&mut self, host: usize, bytes: usize) -> Option<(usize, usize)> {
        let end = host.checked_add(bytes)?;
        let (low, high) = match exclusive_pages(host, bytes) {
            Some(pages) => pages,
            None => (round_up(host), round_down(end)),
        };
        if low >= high {
            return None;
        }
        let inside = |ranges: &[(usize, usize)]| {
            // Adjacent mappings (a split by the checker's own protections) count as one.
            let mut at = low;
            for &(start, stop) in ranges {
                if start <= at && at < stop {
                    at = stop;
                }
            }
            at >= high
        };
        if !inside(&self.writable) {
            self.writable = writable_mappings();
            if !inside(&self.writable) {
                return None;
            }
        }
        Some((low, high))
    }

    /// Watches the host pages of a region whose copy is newer, where host and device differ
    /// (nothing when they are watched already, or the host data is not known).
    fn arm_host(&mut self, base: usize) {
        let (host, bytes, slot) = {
            let region = &self.regions[&base];
            match region.watch {
                Some(slot) if region.dirty && region.host != 0 && region.host_watched.is_none() => {
                    (region.host, region.bytes, slot)
                }
                _ => return,
            }
        };
        let Some((low, high)) = self.watchable(host, bytes) else {
            return;
        };
        self.publish_pointers(base);
        // Only pages where the host's bytes differ from the device's can be read stale.
        let differing = differing_pages(host, base, bytes, low, high);
        let Some(&(first, _)) = differing.first() else {
            return;
        };
        let last = differing.last().map_or(first, |&(_, end)| end);
        let text = {
            let region = &self.regions[&base];
            format!(
                "the host reads {} while its device copy is newer: {} wrote it and no update \
                 self or copyout brought it back",
                region.what.as_deref().unwrap_or("device data"),
                region.writer.as_deref().unwrap_or("a kernel"),
            )
        };
        let message = intern(&mut self.messages, text);
        let watch = &WATCHES[slot];
        watch.host_message.store(message, Ordering::Release);
        watch.flags.fetch_and(!HOST_REPORTED, Ordering::AcqRel);
        watch.steps.store(0, Ordering::Release);
        for (low, high) in &differing {
            protect(*low, *high, NONE);
        }
        watch.host_low.store(first, Ordering::Release);
        watch.host_high.store(last, Ordering::Release);
        if let Some(region) = self.regions.get_mut(&base) {
            region.host_watched = Some((first, last));
        }
    }

    /// Publishes the region's pointer offsets for the handler when they changed (before the
    /// handler can compare its bytes: a launch, a watch of its host pages). Once per change,
    /// not per pointer: a pointer array's rows are attached one by one.
    fn publish_pointers(&mut self, base: usize) {
        let Some(region) = self.regions.get_mut(&base) else {
            return;
        };
        let Some(slot) = region.watch.filter(|_| region.pointers_changed) else {
            return;
        };
        let mut offsets = Box::new(region.pointers.keys().copied().collect::<Vec<usize>>());
        WATCHES[slot]
            .pointers
            .store(&mut *offsets as *mut Vec<usize>, Ordering::Release);
        region.published.push(offsets);
        region.pointers_changed = false;
    }

    /// The protection a region rests at between operations.
    fn rest(&self, base: usize) {
        let region = &self.regions[&base];
        let protection = if region.dirty {
            WRITE
        } else if region.init {
            READ
        } else {
            NONE
        };
        protect(base, base + region.mapped, protection);
        if let Some(slot) = region.watch {
            let watch = &WATCHES[slot];
            if region.init {
                watch.flags.fetch_and(!UNINIT, Ordering::AcqRel);
            } else {
                watch.flags.fetch_or(UNINIT, Ordering::AcqRel);
            }
            if !region.dirty {
                watch.flags.fetch_and(!DIRTY, Ordering::AcqRel);
            }
        }
    }

    /// Sets the message of a kernel's bad read of the region: `kernel` is the launch's
    /// description.
    fn set_device_message(&mut self, base: usize, kernel: &str) {
        let region = &self.regions[&base];
        let Some(slot) = region.watch else {
            return;
        };
        let what = region.what.as_deref().unwrap_or("device memory");
        let text = if region.init {
            format!(
                "{kernel} reads {what}, whose device copy is older than the host's: the host \
                 changed it after it was copied to the device, with no update device"
            )
        } else {
            format!("{kernel} reads {what} on the device before anything wrote it")
        };
        let message = intern(&mut self.messages, text);
        let watch = &WATCHES[slot];
        watch.device_message.store(message, Ordering::Release);
        watch.flags.fetch_and(!DEVICE_REPORTED, Ordering::AcqRel);
        watch.steps.store(0, Ordering::Release);
    }
}

/// A region whose pages are compared with the host's before a launch.
#[derive(Clone)]
struct Compared {
    base: usize,
    host: usize,
    bytes: usize,
    /// The device pages' hashes, when known (then only the host is read).
    known: Option<Arc<Vec<u64>>>,
}

/// What [`compare_pages`] found for one region.
struct Comparison {
    /// Per page: the host's bytes differ from the device's.
    differs: Vec<bool>,
    /// The device pages' hashes, when they were not known.
    hashes: Option<Vec<u64>>,
}

/// Compares the pages of each region with its host data on the pool's threads: by hash where
/// the device pages' hashes are known, else byte by byte (and the hashes are computed). The
/// host data is mapped and not watched, the regions readable (the caller's invariant).
fn compare_pages(pool: &Pool, regions: &[Compared]) -> Vec<Comparison> {
    let mut starts = Vec::with_capacity(regions.len());
    let mut total = 0usize;
    for region in regions {
        starts.push(total);
        total += region.bytes.div_ceil(page());
    }
    // (region, page index in it) of every page, and one result slot each.
    let owners: Arc<Vec<(usize, usize)>> = Arc::new(
        regions
            .iter()
            .enumerate()
            .flat_map(|(index, region)| {
                (0..region.bytes.div_ceil(page())).map(move |page| (index, page))
            })
            .collect(),
    );
    let targets: Arc<Vec<Compared>> = Arc::new(regions.to_vec());
    let differs: Arc<Vec<AtomicBool>> =
        Arc::new((0..total).map(|_| AtomicBool::new(false)).collect());
    let hashes: Arc<Vec<AtomicU64>> = Arc::new((0..total).map(|_| AtomicU64::new(0)).collect());
    let body: Body = {
        let (owners, targets, differs, hashes) = (
            Arc::clone(&owners),
            Arc::clone(&targets),
            Arc::clone(&differs),
            Arc::clone(&hashes),
        );
        Arc::new(move |begin: i64, end: i64, _slot: usize| {
            let outer = CHECKING.with(|checking| checking.replace(true));
            for at in begin.max(0) as usize..(end.max(0) as usize).min(owners.len()) {
                let (region, index) = owners[at];
                let Compared {
                    base,
                    host,
                    bytes,
                    known,
                } = &targets[region];
                let offset = index * page();
                let length = page().min(bytes - offset);
                let different = match known {
                    Some(known) => hash(host + offset, length) != known[index],
                    None => {
                        hashes[at].store(hash(base + offset, length), Ordering::Relaxed);
                        false
                    }
                };
                // A hash that differs is confirmed byte by byte (and without hashes, the bytes
                // are all there is).
                let different = (different || known.is_none())
                    // SAFETY: both ranges are readable (the function's invariant).
                    && unsafe {
                        libc::memcmp(
                            (host + offset) as *const libc::c_void,
                            (base + offset) as *const libc::c_void,
                            length,
                        ) != 0
                    };
                differs[at].store(different, Ordering::Relaxed);
            }
            CHECKING.with(|checking| checking.set(outer));
        })
    };
    pool.run(body, total as i64, 0, 1);
    regions
        .iter()
        .zip(starts)
        .map(|(region, start)| {
            let pages = region.bytes.div_ceil(page());
            Comparison {
                differs: (start..start + pages)
                    .map(|at| differs[at].load(Ordering::Acquire))
                    .collect(),
                hashes: region.known.is_none().then(|| {
                    (start..start + pages)
                        .map(|at| hashes[at].load(Ordering::Acquire))
                        .collect()
                }),
            }
        })
        .collect()
}

/// A hash of `bytes` bytes at `address` (readable memory), position-dependent so that moved
/// values change it; written so that the compiler vectorises it (memory speed).
fn hash(address: usize, bytes: usize) -> u64 {
    // SAFETY: the caller passes readable memory of `bytes` bytes.
    let data = unsafe { std::slice::from_raw_parts(address as *const u8, bytes) };
    let mut lanes = [0u64; 4];
    let mut chunks = data.chunks_exact(32);
    let mut position = 0u64;
    for chunk in &mut chunks {
        for (lane, word) in lanes.iter_mut().zip(chunk.chunks_exact(8)) {
            let word = u64::from_ne_bytes(word.try_into().unwrap_or([0; 8]));
            *lane = lane.wrapping_add(word ^ position.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            position += 1;
        }
    }
    for &byte in chunks.remainder() {
        lanes[0] =
            lanes[0].wrapping_add(u64::from(byte) ^ position.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        position += 1;
    }
    lanes
        .iter()
        .fold(0u64, |sum, &lane| sum.rotate_left(17) ^ lane)
}

/// The pages of a `malloc` block that holds the `bytes` bytes at `host` alone, header
/// included: glibc serves a large request with a mapping of its own (a 16-byte header whose
/// size word has the `IS_MMAPPED` bit, at a page boundary, then the data), and nothing else
/// lives on its pages. `None` for anything else (the word is read without faulting).
fn exclusive_pages(host: usize, bytes: usize) -> Option<(usize, usize)> {
    const HEADER: usize = 16;
    const IS_MMAPPED: usize = 2;
    let chunk = host.checked_sub(HEADER)?;
    if !chunk.is_multiple_of(page()) {
        return None;
    }
    let word = read_word(host - 8, 8)? as usize;
    let size = word & !7;
    let plausible = word & IS_MMAPPED != 0
        && size.is_multiple_of(page())
        && size >= bytes.checked_add(HEADER)?
        && size - bytes - HEADER < page()
        && size < 1 << 46;
    plausible.then(|| (chunk, chunk + size))
}

/// The pages of `[low, high)` (page-aligned, covering parts of the host range `[host, host +
/// bytes)`) where the host's bytes differ from the device copy at `device`, merged into runs;
/// a partial page compares its part of the range.
fn differing_pages(
    host: usize,
    device: usize,
    bytes: usize,
    low: usize,
    high: usize,
) -> Vec<(usize, usize)> {
    let end = host + bytes;
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut page_low = low;
    while page_low < high {
        let from = page_low.max(host);
        let to = (page_low + page()).min(end);
        // SAFETY: both ranges are readable: the host bytes lie inside the mapped variable
        // (not watched while this runs), the device bytes at the same offsets in its copy.
        let same = to <= from
            || unsafe {
                libc::memcmp(
                    from as *const libc::c_void,
                    (device + (from - host)) as *const libc::c_void,
                    to - from,
                ) == 0
            };
        if !same {
            match runs.last_mut() {
                Some((_, run_end)) if *run_end == page_low => *run_end += page(),
                _ => runs.push((page_low, page_low + page())),
            }
        }
        page_low += page();
    }
    runs
}

/// The writable private mappings of the process.
fn writable_mappings() -> Vec<(usize, usize)> {
    crate::hostmem::mappings(|permissions| {
        permissions.starts_with("rw") && permissions.ends_with('p')
    })
}

impl Checker {
    fn alloc(&mut self, bytes: usize) -> Option<usize> {
        let mapped = round_up(bytes.max(1));
        // SAFETY: a fresh private anonymous mapping; no existing memory is touched.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                mapped,
                NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        MAPPED.fetch_add(mapped, Ordering::AcqRel);
        let base = base as usize;
        // The pattern goes in now, while nothing else can reach the copy: later, a kernel on
        // another queue could be writing it.
        // SAFETY: a fresh mapping of `mapped` bytes, made writable for the fill.
        unsafe {
            libc::mprotect(base as *mut libc::c_void, mapped, WRITE);
            libc::memset(base as *mut libc::c_void, 0xff, bytes);
            libc::mprotect(base as *mut libc::c_void, mapped, NONE);
        }
        let watch = self.take_slot();
        if let Some(slot) = watch {
            let watch = &WATCHES[slot];
            watch.device_low.store(base, Ordering::Release);
            watch.device_high.store(base + mapped, Ordering::Release);
            watch.host_base.store(0, Ordering::Release);
            watch.copy_base.store(base, Ordering::Release);
            watch.copy_bytes.store(bytes, Ordering::Release);
            watch.flags.store(UNINIT, Ordering::Release);
            watch
                .pointers
                .store(std::ptr::null_mut(), Ordering::Release);
            watch
                .device_message
                .store(std::ptr::null_mut(), Ordering::Release);
            watch
                .host_message
                .store(std::ptr::null_mut(), Ordering::Release);
            watch.state.store(ARMED, Ordering::Release);
        }
        self.regions.insert(
            base,
            Region {
                bytes,
                mapped,
                watch,
                host: 0,
                what: None,
                init: false,
                dirty: false,
                writer: None,
                pointers: BTreeMap::new(),
                published: Vec::new(),
                pointers_changed: false,
                host_watched: None,
                hashes: Vec::new(),
            },
        );
        if watch.is_none() {
            // Not watched: an ordinary copy, always accessible.
            if let Some(region) = self.regions.get_mut(&base) {
                region.init = true;
            }
            protect(base, base + mapped, WRITE);
        } else {
            self.set_device_message(base, "a kernel");
        }
        Some(base)
    }

    fn free(&mut self, device: usize) {
        let Some((base, _)) = self.region_of(device) else {
            return;
        };
        self.absorb(base);
        self.unwatch_host(base);
        self.publish_pointers(base);
        let Some(mut region) = self.regions.remove(&base) else {
            return;
        };
        let lost = if region.dirty && region.host != 0 {
            self.watchable(region.host, region.bytes)
        } else {
            None
        };
        match (region.watch, lost) {
            (Some(slot), Some((low, high))) => {
                protect(base, base + region.mapped, READ);
                // SAFETY: the region is readable and `bytes` long.
                let copy: Box<[u8]> =
                    unsafe { std::slice::from_raw_parts(base as *const u8, region.bytes).into() };
                let differing =
                    differing_pages(region.host, copy.as_ptr() as usize, region.bytes, low, high);
                match (differing.first(), differing.last()) {
                    (Some(&(first, _)), Some(&(_, last))) => {
                        let text = format!(
                            "the host reads {} after {} wrote its device copy, which was deleted \
                             without being copied out ({})",
                            region.what.as_deref().unwrap_or("device data"),
                            region.writer.as_deref().unwrap_or("a kernel"),
                            site(),
                        );
                        let message = intern(&mut self.messages, text);
                        let watch = &WATCHES[slot];
                        watch.device_low.store(0, Ordering::Release);
                        watch.device_high.store(0, Ordering::Release);
                        watch
                            .copy_base
                            .store(copy.as_ptr() as usize, Ordering::Release);
                        watch.host_message.store(message, Ordering::Release);
                        watch.flags.fetch_and(!HOST_REPORTED, Ordering::AcqRel);
                        watch.steps.store(0, Ordering::Release);
                        for (low, high) in &differing {
                            protect(*low, *high, NONE);
                        }
                        watch.host_low.store(first, Ordering::Release);
                        watch.host_high.store(last, Ordering::Release);
                        self.lost.push(Lost {
                            watch: slot,
                            _copy: copy,
                            _pointers: std::mem::take(&mut region.published),
                            pages: (first, last),
                        });
                    }
                    _ => self.release_slot(slot),
                }
            }
            (Some(slot), None) => self.release_slot(slot),
            (None, _) => {}
        }
        // SAFETY: the region is this module's mapping of `mapped` bytes, no longer used.
        unsafe { libc::munmap(base as *mut libc::c_void, region.mapped) };
        MAPPED.fetch_sub(region.mapped, Ordering::AcqRel);
    }

    /// The runtime entered `[host, host + bytes)` at device address `device` as `what`.
    fn describe(&mut self, device: usize, host: usize, bytes: usize, what: String) {
        self.release_lost(host, bytes);
        let Some((base, region)) = self.region_of(device) else {
            return;
        };
        if region.host == 0 || region.what.is_none() {
            region.host = host - (device - base);
            region.what = Some(what);
            if let Some(slot) = region.watch {
                WATCHES[slot]
                    .host_base
                    .store(region.host, Ordering::Release);
            }
            self.set_device_message(base, "a kernel");
        }
    }

    /// Before the runtime touches host memory `[host, host + bytes)`.
    fn touch_host(&mut self, host: usize, bytes: usize) {
        if !self.lost.is_empty() {
            self.release_lost(host, bytes);
        }
    }

    fn copy_in(&mut self, device: usize, host: usize, bytes: usize) {
        self.touch_host(host, bytes);
        let Some((base, _)) = self.region_of(device) else {
            crate::hostmem::copy(device, host, bytes);
            return;
        };
        self.absorb(base);
        self.unwatch_host(base);
        let whole = device == base && bytes >= self.regions[&base].bytes;
        let region = self.regions.get_mut(&base).expect("region");
        protect(base, base + region.mapped, WRITE);
        crate::hostmem::copy(device, host, bytes);
        region.init = true;
        if !region.hashes.is_empty() {
            // The pages the copy wrote hash anew; the others did not change.
            let first = (device - base) / page();
            let last = (device - base + bytes)
                .div_ceil(page())
                .min(region.hashes.len());
            for index in first..last {
                let offset = index * page();
                region.hashes[index] = hash(base + offset, page().min(region.bytes - offset));
            }
        }
        if whole {
            region.dirty = false;
            region.writer = None;
        }
        self.rest(base);
        self.arm_host(base);
    }

    fn copy_out(&mut self, host: usize, device: usize, bytes: usize) {
        self.touch_host(host, bytes);
        let Some((base, _)) = self.region_of(device) else {
            crate::hostmem::copy(host, device, bytes);
            return;
        };
        self.absorb(base);
        self.unwatch_host(base);
        let region = self.regions.get_mut(&base).expect("region");
        let whole = device == base && bytes >= region.bytes;
        protect(base, base + region.mapped, READ);
        crate::hostmem::copy(host, device, bytes);
        if whole {
            region.dirty = false;
            region.writer = None;
        }
        self.rest(base);
        self.arm_host(base);
    }

    /// The runtime writes `bytes` at `device` itself (a fill, a device-to-device copy, a
    /// pointer): the copy is then initialised and newer than the host's.
    fn device_write(&mut self, device: usize, write: impl FnOnce()) {
        let Some((base, _)) = self.region_of(device) else {
            write();
            return;
        };
        self.absorb(base);
        let region = self.regions.get_mut(&base).expect("region");
        protect(base, base + region.mapped, WRITE);
        write();
        region.init = true;
        region.dirty = true;
        region.hashes.clear();
        region.writer.get_or_insert_with(site);
        self.rest(base);
        self.arm_host(base);
    }

    /// Makes the source of a device read readable.
    fn device_read(&mut self, device: usize) {
        if let Some((base, _)) = self.region_of(device) {
            self.absorb(base);
            let region = &self.regions[&base];
            if !region.dirty {
                protect(base, base + region.mapped, READ);
            }
        }
    }

    fn write_pointer(&mut self, location: usize, value: usize) {
        let Some((base, _)) = self.region_of(location) else {
            // A pointer in host memory that is its own device copy (a declared global): it
            // holds the host address already, as on the shared-memory devices.
            return;
        };
        self.absorb(base);
        let region = self.regions.get_mut(&base).expect("region");
        protect(base, base + region.mapped, WRITE);
        crate::hostmem::copy(location, &value as *const usize as usize, 8);
        region.pointers.insert(location - base, value);
        region.pointers_changed = true;
        region.hashes.clear();
        self.rest(base);
    }

    /// Before a launch: the regions the kernel can reach are made ready to tell what it does.
    /// True when some of their pages hold data the host changed since: the launch then runs
    /// on one thread, so that no other thread reads such a page while one steps over it.
    fn before_launch(&mut self, pool: &Pool, words: Option<&[usize]>, kernel: &str) -> bool {
        let mut stale = false;
        let mut compared = Vec::new();
        let reached: Vec<usize> = match words {
            Some(words) => {
                let mut reached = Vec::new();
                let mut pending: Vec<usize> = words.to_vec();
                while let Some(word) = pending.pop() {
                    if let Some((base, region)) = self.region_of(word) {
                        if !reached.contains(&base) {
                            reached.push(base);
                            pending.extend(region.pointers.values().copied());
                        }
                    }
                }
                reached
            }
            None => self.regions.keys().copied().collect(),
        };
        for base in reached {
            self.absorb(base);
            self.publish_pointers(base);
            let region = &self.regions[&base];
            if region.watch.is_none() || region.dirty {
                continue;
            }
            if !region.init {
                self.set_device_message(base, kernel);
                self.rest(base);
                continue;
            }
            self.set_device_message(base, kernel);
            self.rest(base);
            let region = &self.regions[&base];
            if region.host == 0 {
                continue;
            }
            // Pages the host changed since the copy: a read there may be stale. The host data is
            // compared where it is still mapped.
            if !host_readable(region.host, region.bytes) {
                continue;
            }
            let pages = region.bytes.div_ceil(page());
            let known = region.hashes.len() == pages;
            compared.push(Compared {
                base,
                host: region.host,
                bytes: region.bytes,
                known: known.then(|| Arc::new(region.hashes.clone())),
            });
        }
        // Pages the host changed since the copy: compared on every thread of the pool (the
        // comparison reads as much memory as the kernel may).
        let results = compare_pages(pool, &compared);
        for (job, result) in compared.into_iter().zip(results) {
            let offsets: Vec<usize> = self.regions[&job.base].pointers.keys().copied().collect();
            for (index, &differs) in result.differs.iter().enumerate() {
                if !differs {
                    continue;
                }
                let offset = index * page();
                let length = page().min(job.bytes - offset);
                let (host, base) = (job.host, job.base);
                let only_pointers = !offsets.is_empty()
                    && (offset..offset + length).step_by(8).all(|at| {
                        let bytes = 8.min(offset + length - at);
                        // SAFETY: both ranges are readable here (see compare_pages).
                        let equal = unsafe {
                            libc::memcmp(
                                (host + at) as *const libc::c_void,
                                (base + at) as *const libc::c_void,
                                bytes,
                            ) == 0
                        };
                        equal || offsets.binary_search(&at).is_ok()
                    });
                if !only_pointers {
                    protect(base + offset, base + offset + page(), NONE);
                    stale = true;
                }
            }
            if let (Some(hashes), Some(region)) = (result.hashes, self.regions.get_mut(&job.base)) {
                region.hashes = hashes;
            }
        }
        stale
    }

    /// After a launch: copies the kernel wrote are newer than the host's.
    fn after_launch(&mut self, kernel: &str) {
        let bases: Vec<usize> = self.regions.keys().copied().collect();
        for base in bases {
            let region = &self.regions[&base];
            let Some(slot) = region.watch else {
                continue;
            };
            let flags = WATCHES[slot].flags.load(Ordering::Acquire);
            if flags & DIRTY != 0 && !region.dirty {
                let region = self.regions.get_mut(&base).expect("region");
                region.dirty = true;
                region.init = true;
                region.hashes.clear();
                region.writer = Some(kernel.to_string());
                self.arm_host(base);
            }
        }
    }

    /// `host_data use_device`: host code may now use the copy at `device` in
    /// any way; it is no longer watched until the next transfer.
    fn expose(&mut self, device: usize) {
        if let Some((base, _)) = self.region_of(device) {
            self.absorb(base);
            self.unwatch_host(base);
            let region = self.regions.get_mut(&base).expect("region");
            region.init = true;
            protect(base, base + region.mapped, WRITE);
            if let Some(slot) = region.watch {
                WATCHES[slot].flags.fetch_and(!UNINIT, Ordering::AcqRel);
                WATCHES[slot].flags.fetch_or(DIRTY, Ordering::AcqRel);
            }
        }
    }
}

/// Whether `[host, host + bytes)` is mapped and readable (`mincore` fails on unmapped pages).
fn host_readable(host: usize, bytes: usize) -> bool {
    let low = round_down(host);
    let high = round_up(host + bytes);
    let pages = (high - low) / page();
    let mut vector = vec![0u8; pages.max(1)];
    // SAFETY: mincore only reads the page tables for the range and fills `vector`, which has
    // one byte per page.
    unsafe { libc::mincore(low as *mut libc::c_void, high - low, vector.as_mut_ptr()) == 0 }
}

/// The device's copies are entered into the present table: the regions learn what they hold.
pub fn describe(device: usize, host: usize, bytes: usize, what: String) {
    if enabled() && device != host {
        checker().describe(device, host, bytes, what);
    }
}

/// A kernel is about to receive the host pointer `name` because its target is not present
/// (`__accrt_unmapped`): on the checked device (`current`, the current device's kind, is
/// multicore) that is a finding, once per pointer and directive.
pub fn unmapped_pointer(
    current: DeviceKind,
    name: Option<&str>,
    loc: Option<&crate::error::SourceLoc>,
) {
    if current != DeviceKind::Multicore {
        return;
    }
    let text = format!(
        "the compute construct at {} passes the pointer '{}' to its kernel, but no data clause \
         maps what it points to: the kernel receives the host address (on a GPU it \
         faults); map the data (copy, present, enter data) where the kernel can reach it",
        describe_site(loc, "a kernel"),
        name.unwrap_or("?"),
    );
    let message = intern(&mut checker().messages, text);
    report(message);
}

/// Whether `address` lies in the static storage of the program or a loaded library (its
/// globals), as `dladdr` finds it.
pub fn is_static(address: usize) -> bool {
    if address == 0 {
        return false;
    }
    // SAFETY: dladdr only reads the dynamic linker's tables and fills `info`.
    unsafe {
        let mut info: libc::Dl_info = std::mem::zeroed();
        libc::dladdr(address as *const libc::c_void, &mut info) != 0
    }
}

/// A compute construct's host fallback is about to copy every present section to the host
/// (the device queues are finished): the host pages the checker watches become the program's
/// again, so that the copies (and the read-only test before them) see ordinary memory.
pub fn before_host_fallback() {
    if enabled() {
        let mut checker = checker();
        let bases: Vec<usize> = checker.regions.keys().copied().collect();
        for base in bases {
            checker.absorb(base);
            checker.unwatch_host(base);
        }
        checker.expire_lost();
    }
}

/// Host code received the device address `device` (`host_data use_device`).
pub fn expose(device: usize) {
    if enabled() && device != 0 {
        checker().expose(device);
    }
}

/// The multicore device with memory of its own ([`crate::check`]).
#[derive(Debug)]
pub struct CheckedDevice {
    inner: SharedMemoryDevice,
}

impl CheckedDevice {
    pub fn new(threads: usize) -> CheckedDevice {
        crate::fault::install_for_checks(HOOKS);
        crate::fault::prepare_thread();
        if !ACTIVE.swap(true, Ordering::AcqRel) {
            crate::hostmem::at_exit(summary_at_exit);
        }
        CheckedDevice {
            inner: SharedMemoryDevice::multicore(threads),
        }
    }

    fn run(&self, queue: Option<QueueId>, job: impl FnOnce() + Send + 'static) {
        self.inner.run(queue, job);
    }
}

impl Device for CheckedDevice {
    fn kind(&self) -> DeviceKind {
        DeviceKind::Multicore
    }

    fn shares_host_memory(&self) -> bool {
        false
    }

    fn num_threads(&self) -> usize {
        self.inner.num_threads()
    }

    fn init(&self) {
        self.inner.init();
    }

    fn alloc(&self, bytes: usize) -> Option<usize> {
        checker().alloc(bytes)
    }

    fn free(&self, device: usize, queue: Option<QueueId>) {
        if queue.is_none() {
            // As cuMemFree does: a synchronous free waits for the device's queued work, which
            // may still use the memory (a data region that ends while its async kernels run).
            self.inner.wait_all();
        }
        let site = site();
        self.run(queue, move || {
            SITE.with(|current| *current.borrow_mut() = Some(site));
            checker().free(device);
        });
    }

    fn copy_in(&self, device: usize, host: usize, bytes: usize, queue: Option<QueueId>) {
        if device != host {
            self.run(queue, move || checker().copy_in(device, host, bytes));
        }
    }

    fn copy_out(&self, host: usize, device: usize, bytes: usize, queue: Option<QueueId>) {
        if device != host {
            self.run(queue, move || checker().copy_out(host, device, bytes));
        }
    }

    fn copy_device(&self, destination: usize, source: usize, bytes: usize, queue: Option<QueueId>) {
        if destination != source {
            self.run(queue, move || {
                let mut checker = checker();
                checker.device_read(source);
                checker.device_write(destination, || {
                    crate::hostmem::copy(destination, source, bytes)
                });
            });
        }
    }

    fn fill_zero(&self, device: usize, bytes: usize, queue: Option<QueueId>) {
        self.run(queue, move || {
            checker().device_write(device, || crate::hostmem::zero(device, bytes));
        });
    }

    fn write_pointer(&self, location: usize, value: usize, queue: Option<QueueId>) {
        self.run(queue, move || checker().write_pointer(location, value));
    }

    fn launch(&self, launch: Launch, queue: Option<QueueId>) {
        let Launch {
            iterations,
            num_gangs,
            num_workers,
            body,
            finish,
            code,
            ..
        } = launch;
        let words = code.as_ref().and_then(|code| code.args.words());
        let kernel = format!("the kernel at {}", site());
        let pool = self.inner.pool().clone();
        self.run(queue, move || {
            let serial = checker().before_launch(&pool, words.as_deref(), &kernel);
            let slots = match serial {
                true => pool.run(body, iterations, 1, 1),
                false => pool.run(body, iterations, num_gangs, num_workers),
            };
            if let Some(finish) = finish {
                finish(slots);
            }
            checker().after_launch(&kernel);
        });
    }

    /// The globals the registered images define (declared globals, `declare link`
    /// variables): the multicore kernels use the host variables, so each is its own copy.
    fn module_globals(&self) -> Vec<(usize, usize, usize)> {
        let mut globals: Vec<(usize, usize, usize)> = crate::images::images()
            .iter()
            .flat_map(|image| image.globals.iter())
            .map(|global| (global.host, global.bytes, global.host))
            .filter(|&(host, bytes, _)| host != 0 && bytes != 0)
            .collect();
        globals.sort_unstable();
        globals.dedup();
        globals
    }

    fn launch_timed(&self, launch: Launch, queue: Option<QueueId>) -> Option<Box<dyn KernelTimer>> {
        self.launch(launch, queue);
        None
    }

    fn host_callback(&self, queue: Option<QueueId>, job: QueueJob) {
        self.inner.host_callback(queue, job);
    }

    fn wait(&self, queue: QueueId) {
        self.inner.wait(queue);
    }

    fn wait_all(&self) {
        self.inner.wait_all();
    }

    fn test(&self, queue: QueueId) -> bool {
        self.inner.test(queue)
    }

    fn test_all(&self) -> bool {
        self.inner.test_all()
    }

    fn join(&self, waiter: QueueId, waited: QueueId) {
        self.inner.join(waiter, waited);
    }

    fn join_all(&self, waiter: QueueId) {
        self.inner.join_all(waiter);
    }

    fn wait_any(&self, queues: &[QueueId]) -> Option<usize> {
        self.inner.wait_any(queues)
    }

    fn properties(&self) -> Properties {
        let mut properties = self.inner.properties();
        properties.name = format!("{} checking data (ACCC_CHECK)", properties.name);
        properties.shared_memory = false;
        // Free memory as a GPU reports it: less every device copy and acc_malloc block (the
        // host's own reading counts pages only once touched). The first reading is the base.
        static BASELINE: OnceLock<usize> = OnceLock::new();
        let baseline = *BASELINE.get_or_init(|| properties.free_memory);
        properties.free_memory = baseline.saturating_sub(MAPPED.load(Ordering::Acquire));
        properties
    }
}

/// Creates the checked multicore device.
pub fn device(threads: usize) -> Arc<dyn Device> {
    Arc::new(CheckedDevice::new(threads))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_parsed() {
        assert_eq!(parse(None), Ok(None));
        assert_eq!(parse(Some("")), Ok(None));
        assert_eq!(parse(Some("data")), Ok(Some(Settings { fatal: false })));
        assert_eq!(
            parse(Some("data,fatal")),
            Ok(Some(Settings { fatal: true }))
        );
        assert_eq!(
            parse(Some(" fatal , data ")),
            Ok(Some(Settings { fatal: true }))
        );
        assert!(parse(Some("fatal")).is_err());
        assert!(parse(Some("memory"))
            .unwrap_err()
            .contains("unknown check 'memory'"));
    }

    #[test]
    fn hashes_see_changed_and_moved_values() {
        let data: Vec<u64> = (0..1000).collect();
        let address = data.as_ptr() as usize;
        let bytes = data.len() * 8;
        let original = hash(address, bytes);
        assert_eq!(hash(address, bytes), original);
        let mut changed = data.clone();
        changed[517] += 1;
        assert_ne!(hash(changed.as_ptr() as usize, bytes), original);
        let mut swapped = data.clone();
        swapped.swap(3, 900);
        assert_ne!(hash(swapped.as_ptr() as usize, bytes), original);
        // A length that is not a multiple of the lanes' 32 bytes hashes its tail too.
        let mut tail = data.clone();
        tail[999] ^= 1 << 8; // byte 7993, inside the 7997 bytes hashed
        assert_ne!(
            hash(tail.as_ptr() as usize, bytes - 3),
            hash(address, bytes - 3)
        );
    }

    #[test]
    fn pages_are_compared_in_parallel_and_by_hash_once_known() {
        let pool = Pool::new(2);
        let size = page() * 3 + 100;
        let host = vec![7u8; size];
        let mut device = vec![7u8; size];
        device[page() + 5] = 8; // the second page differs
        let regions = [Compared {
            base: device.as_ptr() as usize,
            host: host.as_ptr() as usize,
            bytes: size,
            known: None,
        }];
        let first = compare_pages(&pool, &regions);
        assert_eq!(first[0].differs, vec![false, true, false, false]);
        let hashes = first[0].hashes.clone().expect("hashes computed");
        assert_eq!(hashes.len(), 4);
        // With the device pages' hashes known, only the host is read.
        let regions = [Compared {
            known: Some(Arc::new(hashes)),
            ..regions[0].clone()
        }];
        let second = compare_pages(&pool, &regions);
        assert_eq!(second[0].differs, vec![false, true, false, false]);
        assert!(second[0].hashes.is_none());
    }

    #[test]
    fn words_are_read_without_faulting() {
        let value = 0x1122_3344_5566_7788u64;
        let address = &value as *const u64 as usize;
        assert_eq!(read_word(address, 8), Some(value));
        assert_eq!(read_word(address, 4), Some(0x5566_7788));
        assert_eq!(read_word(8, 8), None); // unmapped: an error, not a fault
    }

    #[test]
    fn compared_widths_are_what_an_element_can_be() {
        assert_eq!(width(0x1000, 8000, 100), 8);
        assert_eq!(width(0x1004, 8000, 100), 4);
        assert_eq!(width(0x1002, 8000, 100), 2);
        assert_eq!(width(0x1001, 8000, 100), 1);
        assert_eq!(width(0x1000, 8000, 4), 4);
        // An odd-sized array (of char) is compared byte by byte, an array of float by 4.
        assert_eq!(width(0x1000, 2_000_001, 100), 1);
        assert_eq!(width(0x1000, 4 * 1001, 100), 4);
    }
}
