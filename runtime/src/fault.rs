//! Kernels that fault: a multicore kernel that dereferences a bad pointer (or divides an integer
//! by zero, or runs an illegal instruction) ends the program with one line naming the kernel, the
//! compute construct's file and line, the signal and the faulting address, and status 1, instead
//! of a bare "Segmentation fault".
//!
//! This is one of the runtime's FFI modules. The first launch installs one process-wide handler
//! for `SIGSEGV`, `SIGBUS`, `SIGFPE` and `SIGILL`. While a thread runs kernel code
//! ([`guard`]), a thread-local holds the preformatted first part of the message; the handler
//! only reads that thread-local, formats the address into a stack buffer, calls `write(2)` and
//! `_exit(1)`, all async-signal-safe. A fault outside kernel code (the program's own code, the
//! host fallback of a compute construct) is not the runtime's business: the handler restores
//! the disposition that was there before it and returns, so the faulting instruction runs again
//! under that disposition (the default core dump, or the program's own handler), and a signal
//! sent with `kill` is raised again.
//!
//! Not covered: a kernel that overflows its thread's stack (the handler would need an alternate
//! signal stack on every thread that runs kernels, including the program's own).

#![allow(unsafe_code)]

use std::cell::Cell;
use std::sync::OnceLock;

thread_local! {
    /// The message prefix of the kernel this thread runs (address and length; (0, 0) outside
    /// kernels). A `const`-initialised thread-local without a destructor: reading it is a
    /// plain TLS access, safe inside a signal handler.
    static CURRENT: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

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
    let place = match location {
        Some(loc) => match &loc.func {
            Some(func) => format!(" ({loc}, function {func})"),
            None => format!(" ({loc})"),
        },
        None => String::new(),
    };
    format!("accrt: error: kernel '{kernel}'{place} faulted on the {device} device: ")
        .into_bytes()
        .into_boxed_slice()
}

/// Runs `body` (kernel code) so that a fault in it prints `message` and the signal, and ends
/// the program with status 1. Nested calls (a launch inside a kernel) restore the outer message.
pub fn guard<R>(message: &[u8], body: impl FnOnce() -> R) -> R {
    install();
    let previous =
        CURRENT.with(|current| current.replace((message.as_ptr() as usize, message.len())));
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
            // SAFETY: a zeroed sigaction is a valid value; the fields set below make it a
            // SA_SIGINFO handler with the signature sigaction(2) requires.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                let handler: Handler = on_fault;
                action.sa_sigaction = handler as usize;
                action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
        previous
    });
}

/// The signature of a `SA_SIGINFO` handler.
/// Set by the first thread that reports a fault: threads of the same kernel faulting at once
/// (every gang hitting the same bad pointer) must not interleave their messages.
static REPORTING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

type Handler = extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void);

/// The handler. Everything it calls is async-signal-safe: a TLS read, an atomic swap, `write`,
/// `_exit`, `pause`, `sigaction`, `raise`. Only the first faulting thread reports.
extern "C" fn on_fault(
    signal: libc::c_int,
    info: *mut libc::siginfo_t,
    _context: *mut libc::c_void,
) {
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
    let (name, what): (&[u8], &[u8]) = match signal {
        libc::SIGSEGV => (b"SIGSEGV", b"invalid memory access"),
        libc::SIGBUS => (b"SIGBUS", b"bus error"),
        libc::SIGFPE => (b"SIGFPE", b"arithmetic exception"),
        _ => (b"SIGILL", b"illegal instruction"),
    };
    push(name);
    push(b" (");
    push(what);
    push(b")");
    if !info.is_null() {
        // SAFETY: the kernel passes a valid siginfo_t to a SA_SIGINFO handler; for these four
        // signals si_addr is the faulting address (or instruction).
        let address = unsafe { (*info).si_addr() } as usize;
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
    // the whole kernel call) on this thread; write and _exit are async-signal-safe.
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
}
