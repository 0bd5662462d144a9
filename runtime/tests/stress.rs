//! Thread safety and async queue overlap, through the C entry points as programs call them.
//!
//! * `present_table_stays_exact_under_many_threads`: 8 host threads run randomised data
//!   operations (copyin/create/copyout/delete and their async forms, sub-sections of present
//!   data, structured regions through `__accrt_enter`/`__accrt_exit`, finalize on private data,
//!   kernel launches) on shared and private buffers, on the host and the multicore device. Each
//!   thread keeps a model of the references it holds; while it holds one the data must be
//!   present, and at the end the dynamic counter of every shared buffer must be exactly the sum
//!   of what the threads left (it takes exactly that many deletes to remove it).
//! * `two_async_queues_overlap_in_time`: kernels launched on queues 1 and 2 of the multicore
//!   device meet at a barrier; if the queues were serialised they could not both get there.

#![allow(unsafe_code)]

use std::ffi::{c_int, c_void};
use std::ptr;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use accrt::abi::{__accrt_enter, __accrt_exit, __accrt_launch, AccrtData, AccrtKernel};
use accrt::api::{acc_set_device_type, acc_wait, acc_wait_all};
use accrt::api_data::{
    acc_copyin, acc_copyin_async, acc_copyout, acc_copyout_async, acc_create, acc_delete,
    acc_delete_async, acc_delete_finalize, acc_deviceptr, acc_is_present,
};

const HOST: c_int = 2;
const MULTICORE: c_int = 6;
const SYNC: c_int = -2;
const ACCRT_COPYIN: c_int = 1;
const ACCRT_COPYOUT: c_int = 9;
const ACCRT_STRUCTURED: c_int = 1;

const THREADS: usize = 8;
const SHARED: usize = 12;
const STEPS: usize = 4000;
const LEN: usize = 64;

/// A small deterministic generator (xorshift64*), one per thread.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Host buffers that outlive every thread (leaked: the table may refer to them until the end).
fn buffers(count: usize) -> Vec<usize> {
    (0..count)
        .map(|_| Box::leak(vec![0.0f64; LEN].into_boxed_slice()).as_mut_ptr() as usize)
        .collect()
}

const BYTES: usize = LEN * std::mem::size_of::<f64>();

fn present(host: usize, bytes: usize) -> bool {
    acc_is_present(host as *mut c_void, bytes) != 0
}

/// Adds 1 to each of `args[0]`'s first `LEN` doubles (one chunk per slot).
unsafe extern "C" fn add_one(args: *mut *mut c_void, begin: i64, end: i64, _thread: c_int) {
    // SAFETY: args[0] points to the copied pointer argument, a buffer of LEN doubles; chunks
    // are disjoint ranges of it.
    unsafe {
        let data = *(*args as *const *mut f64);
        for i in begin..end {
            *data.add(i as usize) += 1.0;
        }
    }
}

/// One thread's randomised run. Returns the references it still holds on each shared buffer.
fn worker(index: usize, device: c_int, shared: &[usize]) -> Vec<u32> {
    acc_set_device_type(device);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ ((index as u64 + 1) * 0x1234_5678));
    let mut held = vec![0u32; shared.len()];
    let private = buffers(2);
    let queue = index as c_int;
    let kernel_sizes = [std::mem::size_of::<*mut f64>()];
    let kernel = AccrtKernel {
        name: c"add_one".as_ptr(),
        host: Some(add_one),
        finish: None,
        nargs: 1,
        arg_sizes: kernel_sizes.as_ptr(),
        via: std::ptr::null(),
    };
    for _ in 0..STEPS {
        let b = rng.below(shared.len());
        let host = shared[b];
        // SAFETY (all calls below): every host pointer is a live buffer of BYTES bytes that is
        // never freed.
        match rng.below(9) {
            0 => {
                unsafe { acc_copyin(host as *mut c_void, BYTES) };
                held[b] += 1;
            }
            1 => {
                unsafe { acc_create(host as *mut c_void, BYTES) };
                held[b] += 1;
            }
            2 => {
                unsafe { acc_copyin_async(host as *mut c_void, BYTES, queue) };
                held[b] += 1;
            }
            3 | 4 if held[b] > 0 => {
                match rng.below(3) {
                    0 => unsafe { acc_copyout(host as *mut c_void, BYTES) },
                    1 => unsafe { acc_delete(host as *mut c_void, BYTES) },
                    _ => unsafe { acc_delete_async(host as *mut c_void, BYTES, queue) },
                }
                held[b] -= 1;
            }
            5 if held[b] > 0 => {
                // A sub-section of present data: counts on the whole entry.
                let offset = rng.below(LEN / 2) * 8;
                let part = host + offset;
                unsafe { acc_copyin(part as *mut c_void, 8 * 4) };
                assert!(present(part, 32));
                unsafe { acc_copyout_async(part as *mut c_void, 8 * 4, queue) };
            }
            6 => {
                // A structured region (copy) around a kernel on a private buffer.
                let p = private[0];
                let mut ops = [AccrtData {
                    host: p as *mut c_void,
                    bytes: BYTES,
                    name: c"private".as_ptr(),
                    action: ACCRT_COPYIN,
                    flags: ACCRT_STRUCTURED,
                    device: ptr::null_mut(),
                    row_offset: 0,
                    row_bytes: 0,
                }];
                unsafe { __accrt_enter(ops.as_mut_ptr(), 1, SYNC, ptr::null(), 0, ptr::null()) };
                assert!(present(p, BYTES));
                let mut data = ops[0].device as *mut f64;
                let mut args = [&mut data as *mut *mut f64 as *mut c_void];
                // SAFETY: the kernel reads one pointer argument, copied at launch.
                unsafe {
                    __accrt_launch(
                        &kernel,
                        args.as_mut_ptr(),
                        LEN as i64,
                        0,
                        0,
                        0,
                        SYNC,
                        ptr::null(),
                        0,
                        ptr::null(),
                    )
                };
                ops[0].action = ACCRT_COPYOUT;
                unsafe { __accrt_exit(ops.as_mut_ptr(), 1, SYNC, ptr::null(), 0, ptr::null()) };
                assert!(!present(p, BYTES));
            }
            7 => {
                // finalize on private data drops every dynamic reference at once.
                let p = private[1];
                let n = 1 + rng.below(4);
                for _ in 0..n {
                    unsafe { acc_copyin(p as *mut c_void, BYTES) };
                }
                assert!(present(p, BYTES));
                unsafe { acc_delete_finalize(p as *mut c_void, BYTES) };
                assert!(!present(p, BYTES));
            }
            _ => {}
        }
        if held[b] > 0 {
            assert!(
                present(host, BYTES),
                "thread {index}: buffer {b} must be present"
            );
            assert_eq!(acc_deviceptr(host as *mut c_void) as usize, host);
        }
    }
    acc_wait_all();
    // The private buffer saw one kernel per structured region: every element the same.
    // SAFETY: private[0] is a live buffer of LEN doubles and no work on it is pending.
    let values = unsafe { std::slice::from_raw_parts(private[0] as *const f64, LEN) };
    assert!(values.iter().all(|&v| v == values[0]));
    held
}

fn stress(device: c_int) {
    let shared = Arc::new(buffers(SHARED));
    let threads: Vec<_> = (0..THREADS)
        .map(|index| {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || worker(index, device, &shared))
        })
        .collect();
    let mut total = [0u32; SHARED];
    for thread in threads {
        let held = thread.join().expect("worker thread");
        for (sum, count) in total.iter_mut().zip(held) {
            *sum += count;
        }
    }
    acc_set_device_type(device);
    for (b, &count) in total.iter().enumerate() {
        let host = shared[b] as *mut c_void;
        // Exactly `count` dynamic references remain.
        for removed in 0..count {
            assert!(
                present(host as usize, BYTES),
                "buffer {b}: gone after {removed} of {count} deletes"
            );
            // SAFETY: a live buffer of BYTES bytes.
            unsafe { acc_delete(host, BYTES) };
        }
        assert!(
            !present(host as usize, BYTES),
            "buffer {b}: still present after {count} deletes"
        );
    }
}

#[test]
fn present_table_stays_exact_under_many_threads() {
    stress(MULTICORE);
    stress(HOST);
}

/// args[0]: the barrier both kernels meet at; args[1]: where to store whether it was met.
unsafe extern "C" fn meet(args: *mut *mut c_void, begin: i64, _end: i64, _thread: c_int) {
    if begin != 0 {
        return;
    }
    // SAFETY: args point to the copied pointer arguments: a live `Arc<Barrier>` and a bool slot.
    unsafe {
        let barrier = &*(*(*args as *const *const Arc<Barrier>));
        let met = *(*args.add(1) as *const *mut bool);
        let (tx, rx) = std::sync::mpsc::channel();
        let barrier = Arc::clone(barrier);
        std::thread::spawn(move || {
            barrier.wait();
            let _ = tx.send(());
        });
        *met = rx.recv_timeout(Duration::from_secs(30)).is_ok();
    }
}

#[test]
fn two_async_queues_overlap_in_time() {
    acc_set_device_type(MULTICORE);
    let barrier = Box::leak(Box::new(Arc::new(Barrier::new(2))));
    let met: &mut [bool; 2] = Box::leak(Box::new([false; 2]));
    let sizes = [std::mem::size_of::<usize>(); 2];
    let kernel = AccrtKernel {
        name: c"meet".as_ptr(),
        host: Some(meet),
        finish: None,
        nargs: 2,
        arg_sizes: sizes.as_ptr(),
        via: std::ptr::null(),
    };
    let start = Instant::now();
    for queue in [1, 2] {
        let mut barrier_arg = barrier as *const Arc<Barrier>;
        let mut met_arg = &mut met[queue as usize - 1] as *mut bool;
        let mut args = [
            &mut barrier_arg as *mut _ as *mut c_void,
            &mut met_arg as *mut _ as *mut c_void,
        ];
        // SAFETY: the kernel reads two pointer arguments, copied at launch; both point to
        // leaked (never freed) values.
        unsafe {
            __accrt_launch(
                &kernel,
                args.as_mut_ptr(),
                1,
                1,
                0,
                0,
                queue,
                ptr::null(),
                0,
                ptr::null(),
            )
        };
    }
    acc_wait(1);
    acc_wait(2);
    assert_eq!(
        *met,
        [true, true],
        "the kernels on queues 1 and 2 ran at the same time"
    );
    assert!(start.elapsed() < Duration::from_secs(30));
}
