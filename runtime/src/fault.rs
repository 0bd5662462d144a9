//! Code that faults: a multicore kernel, or the host fallback of a compute construct (the
//! construct's code run on the host: every construct under `ACC_DEVICE_TYPE=host`, and one whose
//! region was not offloaded), that dereferences a bad pointer (or divides an integer by zero,
//! runs an illegal instruction, or overflows its stack) ends the program with one line naming
//! the kernel or construct, the compute construct's file and line, what happened and the
//! faulting address, and status 1, instead of a bare "Segmentation fault".
//!
//! This is one of the runtime's FFI modules. The first guarded code installs one process-wide
//! handler for `SIGSEGV`, `SIGBUS`, `SIGFPE` and `SIGILL`. While a thread runs kernel code
//! ([`guard`]) or a construct's host fallback ([`arm_fallback`] .. [`disarm_fallback`]), a
//! thread-local holds the preformatted first part of the message; the handler only reads
//! thread-locals, formats the rest into a stack buffer, calls `write(2)` and `_exit(1)`, all
//! async-signal-safe. A fault outside that code (the program's own code) is not the runtime's
//! business: the handler restores the disposition that was there before it and returns, so the
//! faulting instruction runs again under that disposition (the default core dump, or the
//! program's own handler), and a signal sent with `kill` is raised again.
//!
//! Stack overflow: a thread that runs guarded code gets an alternate signal stack (once, kept
//! for the thread's life, unless the thread has one already), so the handler still runs when
//! the thread's own stack is exhausted. The thread's stack bounds are recorded then; a
//! `SIGSEGV` whose address lies in the guard area below the stack, or taken with the stack
//! pointer below the stack (a frame larger than the guard area), is reported as a stack
//! overflow.
//!
//! Not covered: a construct whose `if` clause is false or whose `self` clause is true (the
//! program's own host code, as the specification says); a fallback left by `return`/`goto`
//! (not allowed by OpenACC) stays armed until the thread's next construct exit.

#![allow(unsafe_code)]

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

thread_local! {
    /// The message prefix of the kernel or fallback this thread runs (address and length;
    /// (0, 0) outside them). A `const`-initialised thread-local without a destructor: reading
    /// it is a plain TLS access, safe inside a signal handler.
    static CURRENT: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
    /// The bounds `[low, high)` of this thread's stack, recorded with its alternate signal
    /// stack ((0, 0) until then, or when unknown). Read by the handler, like `CURRENT`.
    static STACK: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
    /// Whether [`prepare_thread`] ran on this thread.
    static PREPARED: Cell<bool> = const { Cell::new(false) };
    /// The alternate signal stack this module gave the thread, freed when the thread ends.
    static ALTERNATE: RefCell<Option<AlternateStack>> = const { RefCell::new(None) };
    /// The armed host fallbacks of this thread, innermost last: the construct's location key
    /// and the `CURRENT` value to restore when its region exits.
    static FALLBACKS: RefCell<Vec<(usize, (usize, usize))>> = const { RefCell::new(Vec::new()) };
}

/// The size of the alternate signal stacks (the handler needs about 1 KiB plus the signal
/// frame, which holds the CPU's extended state: a few KiB with AVX-512).
const ALTERNATE_SIZE: usize = 64 * 1024;

/// How far below a thread's stack a faulting address still counts as a stack overflow (the
/// guard area: one page for threads, up to 1 MiB for the main thread's gap).
const GUARD_SPAN: usize = 1024 * 1024;

/// The signals a faulting kernel raises.
const SIGNALS: [libc::c_int; 4] = [libc::SIGSEGV, libc::SIGBUS, libc::SIGFPE, libc::SIGILL];

/// The dispositions the handler replaced, indexed like [`SIGNALS`]; set once by [`install`]
/// before the handler is installed (reading a set `OnceLock` is an atomic load and a copy).
static PREVIOUS: OnceLock<[libc::sigaction; 4]> = OnceLock::new();

/// The first part of the fault message of one kernel launch, built before it runs (the handler
/// cannot allocate): `accrt: error: kernel 'k' (f.c:12, function main) faulted on the
/// multicore device: `.
pub fn message(
    kernel: &str,
    location: Option<&crate::error::SourceLoc>,
    device: &str,
) -> Box<[u8]> {
    let place = location.map_or(String::new(), |loc| format!(" ({})", loc.with_function()));
    format!("accrt: error: kernel '{kernel}'{place} faulted on the {device} device: ")
        .into_bytes()
        .into_boxed_slice()
}

/// The first part of the fault message of a compute construct's host fallback: `accrt: error:
/// parallel construct (f.c:12, function main) faulted on the host device: ` (under
/// `ACC_DEVICE_TYPE=host`), or `... faulted on the host (its region was not offloaded): `.
pub fn fallback_message(
    construct: &str,
    location: Option<&crate::error::SourceLoc>,
    host_device: bool,
) -> Box<[u8]> {
    let place = location.map_or(String::new(), |loc| format!(" ({})", loc.with_function()));
    let where_ = if host_device {
        "on the host device"
    } else {
        "on the host (its region was not offloaded)"
    };
    format!("accrt: error: {construct} construct{place} faulted {where_}: ")
        .into_bytes()
        .into_boxed_slice()
}

/// The fallback messages built so far, by (location key, construct, device): built once per
/// construct, kept for the program's life (the handler may read one at any time).
type FallbackMessages = HashMap<(usize, i32, bool), &'static [u8]>;
static FALLBACK_MESSAGES: OnceLock<Mutex<FallbackMessages>> = OnceLock::new();

/// The host fallback of the compute construct at location key `loc` (the address of its
/// `__accrt_loc`) starts on this thread: until [`disarm_fallback`] with the same key, a fault
/// prints the message `make` builds (once per construct) and ends the program with status 1.
pub fn arm_fallback(
    loc: usize,
    construct: i32,
    host_device: bool,
    make: impl FnOnce() -> Box<[u8]>,
) {
    install();
    prepare_thread();
    let messages = FALLBACK_MESSAGES.get_or_init(|| Mutex::new(HashMap::new()));
    let message: &'static [u8] = messages
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry((loc, construct, host_device))
        .or_insert_with(|| Box::leak(make()));
    let previous =
        CURRENT.with(|current| current.replace((message.as_ptr() as usize, message.len())));
    FALLBACKS.with(|armed| armed.borrow_mut().push((loc, previous)));
}

/// The region of the construct at location key `loc` exits: if its fallback is the innermost
/// armed one on this thread, faults are no longer reported for it.
pub fn disarm_fallback(loc: usize) {
    FALLBACKS.with(|armed| {
        let mut armed = armed.borrow_mut();
        if armed.last().is_some_and(|&(key, _)| key == loc) {
            if let Some((_, previous)) = armed.pop() {
                CURRENT.with(|current| current.set(previous));
            }
        }
    });
}

/// Runs `body` (kernel code) so that a fault in it prints `message` and the signal, and ends
/// the program with status 1. Nested calls (a launch inside a kernel) restore the outer message.
pub fn guard<R>(message: &[u8], body: impl FnOnce() -> R) -> R {
    guard_with(Reported((message.as_ptr() as usize, message.len())), body)
}

/// The fault message of the code the calling thread runs (none outside kernels and armed
/// fallbacks), to hand to the threads that run part of it ([`guard_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reported((usize, usize));

/// The fault message the calling thread reports now.
pub fn current() -> Reported {
    Reported(CURRENT.with(Cell::get))
}

/// Runs `body` on this thread under the fault message another thread took with [`current`]:
/// the pieces of a worker loop report faults as their kernel does. The message's storage must
/// outlive `body` (the kernel's message lives for its launch, which waits for the pieces).
pub fn guard_with<R>(message: Reported, body: impl FnOnce() -> R) -> R {
    install();
    prepare_thread();
    let previous = CURRENT.with(|current| current.replace(message.0));
    let result = body();
    CURRENT.with(|current| current.set(previous));
    result
}

/// Installs the handler once per process.
fn install() {
    PREVIOUS.get_or_init(|| {
        // SAFETY: a zeroed sigaction is SIG_DFL with an empty mask; sigaction with a null new
        // action only reads the current disposition.
        let previous = SIGNALS.map(|signal| unsafe {
            let mut previous: libc::sigaction = std::mem::zeroed();
            libc::sigaction(signal, std::ptr::null(), &mut previous);
            previous
        });
        for signal in SIGNALS {
            set_handler(signal, on_fault);
        }
        previous
    });
}

/// Makes `handler` the `SA_SIGINFO` handler of `signal`, on the alternate stack where the
/// thread has one; returns the disposition it replaces.
fn set_handler(signal: libc::c_int, handler: Handler) -> libc::sigaction {
    // SAFETY: a zeroed sigaction is a valid value; the fields set below make it a SA_SIGINFO
    // handler with the signature sigaction(2) requires; `previous` receives the old one.
    unsafe {
        let mut previous: libc::sigaction = std::mem::zeroed();
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = handler as usize;
        action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(signal, &action, &mut previous);
        previous
    }
}

/// An alternate signal stack mapped by [`prepare_thread`].
struct AlternateStack {
    base: *mut libc::c_void,
}

impl Drop for AlternateStack {
    fn drop(&mut self) {
        // SAFETY: `base` is the mapping of ALTERNATE_SIZE bytes made by prepare_thread. The
        // thread ends (this is its thread-local's destructor) and is not running a handler on
        // that stack; the stack is disabled first when it is still this thread's.
        unsafe {
            let mut current: libc::stack_t = std::mem::zeroed();
            if libc::sigaltstack(std::ptr::null(), &mut current) == 0 && current.ss_sp == self.base
            {
                let disable = libc::stack_t {
                    ss_sp: std::ptr::null_mut(),
                    ss_flags: libc::SS_DISABLE,
                    ss_size: 0,
                };
                libc::sigaltstack(&disable, std::ptr::null_mut());
            }
            libc::munmap(self.base, ALTERNATE_SIZE);
        }
    }
}

/// Once per thread that runs guarded code: records the thread's stack bounds and gives it an
/// alternate signal stack unless it has one, so that a stack overflow is reported too.
pub(crate) fn prepare_thread() {
    if PREPARED.with(|prepared| prepared.replace(true)) {
        return;
    }
    // SAFETY: pthread_getattr_np fills `attr` for the calling thread (destroyed after use);
    // pthread_attr_getstack reads it. A zeroed pthread_attr_t is a valid out-parameter.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) == 0 {
            let mut address: *mut libc::c_void = std::ptr::null_mut();
            let mut size: libc::size_t = 0;
            if libc::pthread_attr_getstack(&attr, &mut address, &mut size) == 0 && size > 0 {
                let low = address as usize;
                STACK.with(|stack| stack.set((low, low.saturating_add(size))));
            }
            libc::pthread_attr_destroy(&mut attr);
        }
    }
    // SAFETY: sigaltstack with a null new stack only reads the current one; the new stack is
    // a fresh private mapping of ALTERNATE_SIZE bytes, kept until the thread ends.
    unsafe {
        let mut current: libc::stack_t = std::mem::zeroed();
        if libc::sigaltstack(std::ptr::null(), &mut current) != 0
            || current.ss_flags & libc::SS_DISABLE == 0
        {
            return; // the thread has one (the program's own, or std's)
        }
        let base = libc::mmap(
            std::ptr::null_mut(),
            ALTERNATE_SIZE,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
            -1,
            0,
        );
        if base == libc::MAP_FAILED {
            return;
        }
        let stack = libc::stack_t {
            ss_sp: base,
            ss_flags: 0,
            ss_size: ALTERNATE_SIZE,
        };
        if libc::sigaltstack(&stack, std::ptr::null_mut()) != 0 {
            libc::munmap(base, ALTERNATE_SIZE);
            return;
        }
        ALTERNATE.with(|alternate| *alternate.borrow_mut() = Some(AlternateStack { base }));
    }
}

/// Whether a `SIGSEGV` at `address`, taken with the stack pointer at `sp` (0 when unknown), is
/// this thread's stack overflowing its bounds `[low, high)`: the address lies in the guard
/// area just below the stack, or the stack pointer itself is below it (a frame larger than
/// the guard area).
fn is_stack_overflow(address: usize, sp: usize, (low, high): (usize, usize)) -> bool {
    if low == 0 || high <= low {
        return false;
    }
    let page = 4096;
    let in_guard = address < low.saturating_add(page) && address >= low.saturating_sub(GUARD_SPAN);
    let sp_below = sp != 0 && sp < low.saturating_add(page) && sp >= low.saturating_sub(1 << 40);
    in_guard || sp_below
}

/// The stack pointer at the fault, from the handler's `ucontext_t` (0 where not known).
fn stack_pointer(context: *mut libc::c_void) -> usize {
    if context.is_null() {
        return 0;
    }
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    {
        // SAFETY: the kernel passes a valid ucontext_t as a SA_SIGINFO handler's third
        // argument; reading a saved register is a plain memory read.
        unsafe {
            let context = &*(context as *const libc::ucontext_t);
            context.uc_mcontext.gregs[libc::REG_RSP as usize] as usize
        }
    }
    #[cfg(all(target_os = "linux", target_arch = "aarch64"))]
    {
        // SAFETY: as above.
        unsafe { (*(context as *const libc::ucontext_t)).uc_mcontext.sp as usize }
    }
    #[cfg(not(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    )))]
    {
        0
    }
}

/// `si_code` of a `SIGSEGV` for a page whose protection forbids the access.
const SEGV_ACCERR: libc::c_int = 2;

/// Whether the fault was a write, from the handler's `ucontext_t` (the page-fault error code
/// on x86-64); true where it cannot be told, so that a write is never retried as a read.
fn is_write(context: *mut libc::c_void) -> bool {
    if context.is_null() {
        return true;
    }
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    {
        // SAFETY: the kernel passes a valid ucontext_t as a SA_SIGINFO handler's third
        // argument; reading a saved register is a plain memory read.
        unsafe {
            let context = &*(context as *const libc::ucontext_t);
            context.uc_mcontext.gregs[libc::REG_ERR as usize] & 2 != 0
        }
    }
    #[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
    {
        true
    }
}

/// Sets or clears the trap flag of the interrupted thread (x86-64: `EFLAGS.TF`), so that it
/// traps (`SIGTRAP`) after its next instruction; false where that is not supported.
pub fn set_single_step(context: *mut libc::c_void, on: bool) -> bool {
    if context.is_null() {
        return false;
    }
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    {
        const TRAP_FLAG: i64 = 0x100;
        // SAFETY: the kernel passes a valid ucontext_t as a SA_SIGINFO handler's third
        // argument, and restores the registers from it when the handler returns.
        unsafe {
            let context = &mut *(context as *mut libc::ucontext_t);
            let flags = &mut context.uc_mcontext.gregs[libc::REG_EFL as usize];
            if on {
                *flags |= TRAP_FLAG;
            } else {
                *flags &= !TRAP_FLAG;
            }
        }
        true
    }
    #[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
    {
        let _ = on;
        false
    }
}

/// The disposition of `SIGTRAP` before the checker's trap handler.
static PREVIOUS_TRAP: OnceLock<libc::sigaction> = OnceLock::new();

/// How the data checker ([`crate::check`]) claims the signals its protected pages cause, given
/// to [`install_for_checks`]. Both run inside signal handlers.
#[derive(Clone, Copy, Debug)]
pub struct CheckHooks {
    /// A write (or read) fault at an address: whether it was the checker's (the access then
    /// runs again).
    pub on_fault: fn(usize, bool, *mut libc::c_void) -> bool,
    /// A trap: whether it ended the checker's single step.
    pub on_trap: fn(*mut libc::c_void) -> bool,
}

/// The data checker's hooks, once installed.
static CHECK_HOOKS: OnceLock<CheckHooks> = OnceLock::new();

/// The data checker's `SIGTRAP` handler: the end of a single step ([`CheckHooks::on_trap`]);
/// any other trap goes to the disposition that was there before.
extern "C" fn on_trap(signal: libc::c_int, info: *mut libc::siginfo_t, context: *mut libc::c_void) {
    if CHECK_HOOKS
        .get()
        .is_some_and(|hooks| (hooks.on_trap)(context))
    {
        return;
    }
    // SAFETY: as in pass_on: sigaction and raise are async-signal-safe.
    unsafe {
        let previous = match PREVIOUS_TRAP.get() {
            Some(previous) => *previous,
            None => std::mem::zeroed(),
        };
        libc::sigaction(signal, &previous, std::ptr::null_mut());
        if info.is_null() || (*info).si_code <= 0 {
            libc::raise(signal);
        }
    }
}

/// Installs the handler for the data checker ([`crate::check`]), whose page faults come from
/// any code, again when something replaced it since (gfortran's run-time library installs its
/// own at the start of the main program, after constructors may have started the runtime).
/// A fault that is not the checker's then goes to the disposition found at the first install.
pub fn install_for_checks(hooks: CheckHooks) {
    CHECK_HOOKS.get_or_init(|| hooks);
    install();
    PREVIOUS_TRAP.get_or_init(|| set_handler(libc::SIGTRAP, on_trap));
    // SAFETY: sigaction with a null new action only reads the current disposition.
    let current = unsafe {
        let mut current: libc::sigaction = std::mem::zeroed();
        libc::sigaction(libc::SIGSEGV, std::ptr::null(), &mut current);
        current
    };
    let handler: Handler = on_fault;
    if current.sa_sigaction != handler as usize {
        set_handler(libc::SIGSEGV, on_fault);
    }
    // gfortran's run-time library (with -fbacktrace, its default) replaces SIGTRAP's handler
    // too, and the checker's single steps end in SIGTRAP.
    // SAFETY: as above.
    let current = unsafe {
        let mut current: libc::sigaction = std::mem::zeroed();
        libc::sigaction(libc::SIGTRAP, std::ptr::null(), &mut current);
        current
    };
    let trap: Handler = on_trap;
    if current.sa_sigaction != trap as usize {
        set_handler(libc::SIGTRAP, on_trap);
    }
}

/// The signature of a `SA_SIGINFO` handler.
/// Set by the first thread that reports a fault: threads of the same kernel faulting at once
/// (every gang hitting the same bad pointer) must not interleave their messages.
static REPORTING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

type Handler = extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void);

/// The handler (on the thread's alternate stack where it has one). Everything it calls is
/// async-signal-safe: TLS reads, an atomic swap, `write`, `_exit`, `pause`, `sigaction`,
/// `raise`. Only the first faulting thread reports.
extern "C" fn on_fault(
    signal: libc::c_int,
    info: *mut libc::siginfo_t,
    context: *mut libc::c_void,
) {
    if signal == libc::SIGSEGV && !info.is_null() {
        // SAFETY: the kernel passes a valid siginfo_t; si_code and si_addr are plain reads.
        let (code, address) = unsafe { ((*info).si_code, (*info).si_addr() as usize) };
        let checker = CHECK_HOOKS.get();
        if code == SEGV_ACCERR
            && checker.is_some_and(|hooks| (hooks.on_fault)(address, is_write(context), context))
        {
            return; // the data checker's page: the access runs again
        }
    }
    let (prefix, length) = CURRENT.with(Cell::get);
    if prefix == 0 {
        pass_on(signal, info);
        return;
    }
    if REPORTING.swap(true, std::sync::atomic::Ordering::AcqRel) {
        // Another thread is reporting and will end the process: wait for it. An atomic swap
        // and `pause` are async-signal-safe.
        loop {
            // SAFETY: pause only suspends this thread until a signal arrives.
            unsafe { libc::pause() };
        }
    }
    let mut line = [0u8; 160];
    let mut used = 0;
    let mut push = |bytes: &[u8]| {
        for &byte in bytes {
            if used < line.len() {
                line[used] = byte;
                used += 1;
            }
        }
    };
    let address = if info.is_null() {
        None
    } else {
        // SAFETY: the kernel passes a valid siginfo_t to a SA_SIGINFO handler; for these four
        // signals si_addr is the faulting address (or instruction).
        Some(unsafe { (*info).si_addr() } as usize)
    };
    let overflow = signal == libc::SIGSEGV
        && address.is_some_and(|address| {
            is_stack_overflow(address, stack_pointer(context), STACK.with(Cell::get))
        });
    let (name, what): (&[u8], &[u8]) = match signal {
        libc::SIGSEGV if overflow => (b"SIGSEGV", b"stack overflow"),
        libc::SIGSEGV => (b"SIGSEGV", b"invalid memory access"),
        libc::SIGBUS => (b"SIGBUS", b"bus error"),
        libc::SIGFPE => (b"SIGFPE", b"arithmetic exception"),
        _ => (b"SIGILL", b"illegal instruction"),
    };
    push(name);
    push(b" (");
    push(what);
    push(b")");
    if let Some(address) = address {
        push(b" at address 0x");
        let mut digits = [0u8; 16];
        let mut count = 0;
        let mut value = address;
        loop {
            digits[count] = b"0123456789abcdef"[value & 15];
            count += 1;
            value >>= 4;
            if value == 0 {
                break;
            }
        }
        digits[..count].reverse();
        push(&digits[..count]);
    }
    push(b"\n");
    // SAFETY: `prefix` and `length` describe the message that `guard` keeps alive (borrowed for
    // the whole kernel call) or a leaked fallback message; write and _exit are
    // async-signal-safe.
    unsafe {
        libc::write(2, prefix as *const libc::c_void, length);
        libc::write(2, line.as_ptr().cast(), used);
        libc::_exit(1);
    }
}

/// A fault outside kernel code: put back the disposition that was there before, and let the
/// signal happen again under it.
fn pass_on(signal: libc::c_int, info: *mut libc::siginfo_t) {
    let index = SIGNALS.iter().position(|&s| s == signal).unwrap_or(0);
    // SAFETY: a zeroed sigaction is SIG_DFL; sigaction and raise are async-signal-safe; `info`
    // is null or the siginfo_t the kernel passed.
    unsafe {
        let previous = match PREVIOUS.get() {
            Some(previous) => previous[index],
            None => std::mem::zeroed(),
        };
        libc::sigaction(signal, &previous, std::ptr::null_mut());
        // A signal sent by kill/raise does not come back by itself when we return.
        if info.is_null() || (*info).si_code <= 0 {
            libc::raise(signal);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::SourceLoc;

    #[test]
    fn the_message_names_the_kernel_its_place_and_the_device() {
        let loc = SourceLoc {
            file: Some("f.c".into()),
            func: Some("main".into()),
            line: 12,
            ..SourceLoc::default()
        };
        assert_eq!(
            message("k", Some(&loc), "multicore").as_ref(),
            b"accrt: error: kernel 'k' (f.c:12, function main) faulted on the multicore device: "
        );
        assert_eq!(
            message("k", None, "host").as_ref(),
            b"accrt: error: kernel 'k' faulted on the host device: "
        );
    }

    #[test]
    fn guard_restores_the_outer_message() {
        let outer = message("outer", None, "multicore");
        let inner = message("inner", None, "multicore");
        guard(&outer, || {
            guard(&inner, || {
                assert_eq!(CURRENT.with(Cell::get).0, inner.as_ptr() as usize);
            });
            assert_eq!(CURRENT.with(Cell::get).0, outer.as_ptr() as usize);
        });
        assert_eq!(CURRENT.with(Cell::get), (0, 0));
    }

    #[test]
    fn another_thread_reports_under_the_message_it_was_handed() {
        let kernel = message("k", None, "multicore");
        assert_eq!(current(), Reported((0, 0)));
        let handed = guard(&kernel, current);
        assert_eq!(handed, Reported((kernel.as_ptr() as usize, kernel.len())));
        std::thread::scope(|scope| {
            scope.spawn(|| {
                guard_with(handed, || assert_eq!(current(), handed));
                assert_eq!(current(), Reported((0, 0)));
            });
        });
    }

    #[test]
    fn the_fallback_message_names_the_construct_and_says_why_it_ran_on_the_host() {
        let loc = SourceLoc {
            file: Some("f.c".into()),
            func: Some("main".into()),
            line: 7,
            ..SourceLoc::default()
        };
        assert_eq!(
            fallback_message("parallel", Some(&loc), true).as_ref(),
            b"accrt: error: parallel construct (f.c:7, function main) faulted on the host device: "
        );
        assert_eq!(
            fallback_message("serial", None, false).as_ref(),
            b"accrt: error: serial construct faulted on the host (its region was not offloaded): "
        );
    }

    #[test]
    fn fallbacks_arm_and_disarm_innermost_first() {
        std::thread::spawn(|| {
            arm_fallback(100, 1, true, || fallback_message("parallel", None, true));
            let outer = CURRENT.with(Cell::get);
            assert_ne!(outer, (0, 0));
            arm_fallback(200, 2, true, || fallback_message("serial", None, true));
            let inner = CURRENT.with(Cell::get);
            assert_ne!(inner, outer);
            // An exit at another location (a data construct inside the fallback) changes
            // nothing; the construct's own exit restores the outer fallback.
            disarm_fallback(300);
            assert_eq!(CURRENT.with(Cell::get), inner);
            disarm_fallback(200);
            assert_eq!(CURRENT.with(Cell::get), outer);
            disarm_fallback(100);
            assert_eq!(CURRENT.with(Cell::get), (0, 0));
            // The message is built once per construct.
            arm_fallback(100, 1, true, || panic!("built twice"));
            assert_eq!(CURRENT.with(Cell::get), outer);
            disarm_fallback(100);
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_guarded_thread_gets_an_alternate_stack_and_its_bounds() {
        std::thread::spawn(|| {
            // A thread without an alternate stack (as in a C program; Rust's own test harness
            // gives its threads one).
            let disable = libc::stack_t {
                ss_sp: std::ptr::null_mut(),
                ss_flags: libc::SS_DISABLE,
                ss_size: 0,
            };
            // SAFETY: disabling the alternate stack of this thread, which runs no handler.
            assert_eq!(
                unsafe { libc::sigaltstack(&disable, std::ptr::null_mut()) },
                0
            );
            guard(&message("k", None, "multicore"), || ());
            // SAFETY: sigaltstack with a null new stack only reads the current one.
            let current = unsafe {
                let mut current: libc::stack_t = std::mem::zeroed();
                assert_eq!(libc::sigaltstack(std::ptr::null(), &mut current), 0);
                current
            };
            assert_eq!(current.ss_flags & libc::SS_DISABLE, 0);
            assert_eq!(current.ss_size, ALTERNATE_SIZE);
            let (low, high) = STACK.with(Cell::get);
            let here = &low as *const usize as usize;
            assert!(low < here && here < high, "{low:#x} {here:#x} {high:#x}");
        })
        .join()
        .unwrap();
    }

    #[test]
    fn stack_overflow_is_a_fault_near_or_below_the_stack() {
        let low = 0x7f00_0010_0000;
        let bounds = (low, low + 0x20_0000);
        // In the guard page below the stack, and in the first page of the stack.
        assert!(is_stack_overflow(low - 0x1000, low + 0x100, bounds));
        assert!(is_stack_overflow(low + 0x10, 0, bounds));
        // A frame larger than the guard: the address is far away, the stack pointer below.
        assert!(is_stack_overflow(0x1000, low - 0x400_0000, bounds));
        // A bad pointer dereferenced with a healthy stack.
        assert!(!is_stack_overflow(0, low + 0x10_0000, bounds));
        assert!(!is_stack_overflow(
            0x7fff_0000_0000,
            low + 0x10_0000,
            bounds
        ));
        assert!(!is_stack_overflow(
            low - 0x200_0000,
            low + 0x10_0000,
            bounds
        ));
        // Unknown bounds: never.
        assert!(!is_stack_overflow(0x0f_f000, 0x0f_f000, (0, 0)));
    }
}
