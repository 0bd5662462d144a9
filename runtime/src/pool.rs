//! The multicore device's thread pool: runs a kernel's flattened iteration space as contiguous
//! chunks over `size` threads.
//!
//! A launch splits `iterations` into `min(size, iterations, num_gangs)` chunks; chunk `i` runs on
//! *slot* `i`, so each slot in `0..chunks` executes exactly one chunk and kernels can index
//! per-slot reduction partials with it. The launching thread works on its own launch beside
//! `size - 1` pool workers, so any number of host threads (and async queue workers) may launch
//! at once without deadlock: a launch always makes progress on its own thread. A launch from
//! inside a kernel (a pool thread, or a launcher running one of its chunks) runs serially on
//! that thread as one chunk.

use std::cell::Cell;
use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

/// A kernel body: runs iterations `[begin, end)` on slot `slot`.
pub type Body = Arc<dyn Fn(i64, i64, usize) + Send + Sync>;

thread_local! {
    static IN_KERNEL: Cell<bool> = const { Cell::new(false) };
}

/// Whether the calling thread is executing a multicore kernel chunk right now.
pub fn in_kernel() -> bool {
    IN_KERNEL.with(Cell::get)
}

/// Runs `f` with the in-kernel flag set, restoring its previous value afterwards.
fn as_kernel<R>(f: impl FnOnce() -> R) -> R {
    let previous = IN_KERNEL.with(|flag| flag.replace(true));
    let result = f();
    IN_KERNEL.with(|flag| flag.set(previous));
    result
}

/// Iterations `[begin, end)` of chunk `index` when `iterations` are split into `chunks`
/// contiguous chunks whose sizes differ by at most one (the larger ones first).
pub fn chunk_bounds(iterations: i64, chunks: usize, index: usize) -> (i64, i64) {
    let chunks = chunks as i64;
    let index = index as i64;
    let base = iterations / chunks;
    let larger = iterations % chunks;
    let begin = index * base + index.min(larger);
    let end = begin + base + i64::from(index < larger);
    (begin, end)
}

/// How many chunks a launch uses: at most one per thread, one per iteration, and `num_gangs`
/// when that is positive.
pub fn chunk_count(pool_size: usize, iterations: i64, num_gangs: i32) -> usize {
    if iterations <= 0 {
        return 0;
    }
    let mut chunks = pool_size.max(1) as u64;
    chunks = chunks.min(iterations as u64);
    if num_gangs > 0 {
        chunks = chunks.min(num_gangs as u64);
    }
    chunks as usize
}

struct Job {
    body: Body,
    iterations: i64,
    chunks: usize,
    next: AtomicUsize,
    finished: Mutex<usize>,
    all_finished: Condvar,
}

impl Job {
    /// Claims and runs chunks of this job until none is left.
    fn work(&self) {
        loop {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            if index >= self.chunks {
                return;
            }
            let (begin, end) = chunk_bounds(self.iterations, self.chunks, index);
            as_kernel(|| (self.body)(begin, end, index));
            let mut finished = self.finished.lock().unwrap_or_else(|e| e.into_inner());
            *finished += 1;
            if *finished == self.chunks {
                self.all_finished.notify_all();
            }
        }
    }
}

struct Shared {
    /// One ticket per chunk a worker may pick up; a ticket whose job has no chunk left is stale
    /// and costs nothing.
    tickets: Mutex<VecDeque<Arc<Job>>>,
    ticket_ready: Condvar,
}

/// A handle to a pool of worker threads (cheap to clone).
#[derive(Clone)]
pub struct Pool {
    shared: Arc<Shared>,
    size: usize,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool").field("size", &self.size).finish()
    }
}

impl Pool {
    /// Starts a pool that runs up to `size` chunks at once (`size - 1` workers plus the
    /// launching thread).
    pub fn new(size: usize) -> Pool {
        let size = size.max(1);
        let shared = Arc::new(Shared {
            tickets: Mutex::new(VecDeque::new()),
            ticket_ready: Condvar::new(),
        });
        for index in 1..size {
            let shared = Arc::clone(&shared);
            let spawned = std::thread::Builder::new()
                .name(format!("accrt-pool-{index}"))
                .spawn(move || worker(&shared));
            if let Err(error) = spawned {
                crate::error::warning(format!(
                    "could not start pool thread {index}: {error}; running with fewer threads"
                ));
                break;
            }
        }
        Pool { shared, size }
    }

    /// The number of slots a launch may use: the size per-slot partial arrays need.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Runs `iterations` iterations of `body` and returns the number of chunks (slots) used.
    pub fn run(&self, body: Body, iterations: i64, num_gangs: i32) -> usize {
        let chunks = chunk_count(self.size, iterations, num_gangs);
        if chunks == 0 {
            return 0;
        }
        if in_kernel() || chunks == 1 {
            as_kernel(|| body(0, iterations, 0));
            return 1;
        }
        let job = Arc::new(Job {
            body,
            iterations,
            chunks,
            next: AtomicUsize::new(0),
            finished: Mutex::new(0),
            all_finished: Condvar::new(),
        });
        {
            let mut tickets = self
                .shared
                .tickets
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            for _ in 1..chunks {
                tickets.push_back(Arc::clone(&job));
            }
        }
        self.shared.ticket_ready.notify_all();
        job.work();
        let mut finished = job.finished.lock().unwrap_or_else(|e| e.into_inner());
        while *finished < chunks {
            finished = job
                .all_finished
                .wait(finished)
                .unwrap_or_else(|e| e.into_inner());
        }
        chunks
    }
}

fn worker(shared: &Shared) {
    loop {
        let job = {
            let mut tickets = shared.tickets.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if let Some(job) = tickets.pop_front() {
                    break job;
                }
                tickets = shared
                    .ticket_ready
                    .wait(tickets)
                    .unwrap_or_else(|e| e.into_inner());
            }
        };
        if catch_unwind(AssertUnwindSafe(|| job.work())).is_err() {
            crate::error::internal("a multicore kernel chunk panicked in a pool thread");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicI64;

    type Log = Arc<Mutex<Vec<(i64, i64, usize)>>>;

    fn recorder() -> (Body, Log) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&seen);
        let body: Body = Arc::new(move |begin, end, slot| {
            log.lock().unwrap().push((begin, end, slot));
        });
        (body, seen)
    }

    #[test]
    fn chunks_cover_the_iteration_space_once() {
        for (iterations, chunks) in [(10, 3), (3, 3), (100, 7), (7, 1), (1_000_003, 16)] {
            let mut next = 0;
            for index in 0..chunks {
                let (begin, end) = chunk_bounds(iterations, chunks, index);
                assert_eq!(begin, next);
                assert!(end - begin >= iterations / chunks as i64);
                assert!(end - begin <= iterations / chunks as i64 + 1);
                next = end;
            }
            assert_eq!(next, iterations);
        }
        assert_eq!(chunk_count(8, 100, 0), 8);
        assert_eq!(chunk_count(8, 3, 0), 3);
        assert_eq!(chunk_count(8, 100, 2), 2);
        assert_eq!(chunk_count(8, 0, 0), 0);
        assert_eq!(chunk_count(8, -5, 0), 0);
    }

    #[test]
    fn a_launch_runs_each_slot_once_over_contiguous_chunks() {
        let pool = Pool::new(4);
        let (body, seen) = recorder();
        assert_eq!(pool.run(body, 10, 0), 4);
        let mut seen = seen.lock().unwrap().clone();
        seen.sort();
        assert_eq!(seen, vec![(0, 3, 0), (3, 6, 1), (6, 8, 2), (8, 10, 3)]);

        let (body, seen) = recorder();
        assert_eq!(pool.run(body, 10, 2), 2, "num_gangs caps the chunks");
        assert_eq!(seen.lock().unwrap().len(), 2);
        let (body, seen) = recorder();
        assert_eq!(pool.run(body, 0, 0), 0);
        assert!(seen.lock().unwrap().is_empty());
    }

    #[test]
    fn a_nested_launch_runs_serially_on_the_launching_thread() {
        let pool = Pool::new(4);
        let inner_pool = pool.clone();
        let total = Arc::new(AtomicI64::new(0));
        let inner_total = Arc::clone(&total);
        let body: Body = Arc::new(move |begin, end, _slot| {
            for _ in begin..end {
                let sum = Arc::clone(&inner_total);
                let thread = std::thread::current().id();
                let inner: Body = Arc::new(move |b, e, slot| {
                    assert_eq!(slot, 0);
                    assert_eq!(std::thread::current().id(), thread);
                    sum.fetch_add(e - b, Ordering::Relaxed);
                });
                assert_eq!(inner_pool.run(inner, 100, 0), 1);
            }
        });
        pool.run(body, 16, 0);
        assert_eq!(total.load(Ordering::Relaxed), 1600);
        assert!(!in_kernel(), "the flag is restored after the launch");
    }

    #[test]
    fn eight_host_threads_launch_concurrently() {
        let pool = Pool::new(4);
        let threads: Vec<_> = (0..8)
            .map(|t| {
                let pool = pool.clone();
                std::thread::spawn(move || {
                    for round in 0..50i64 {
                        let sum = Arc::new(AtomicI64::new(0));
                        let partial = Arc::clone(&sum);
                        let body: Body = Arc::new(move |begin, end, _| {
                            partial.fetch_add((begin..end).sum::<i64>(), Ordering::Relaxed);
                        });
                        let n = 1000 + t * 10 + round;
                        pool.run(body, n, 0);
                        assert_eq!(sum.load(Ordering::Relaxed), n * (n - 1) / 2);
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
    }

    #[test]
    fn a_pool_of_one_runs_everything_on_the_caller() {
        let pool = Pool::new(1);
        let caller = std::thread::current().id();
        let body: Body = Arc::new(move |_, _, slot| {
            assert_eq!(slot, 0);
            assert_eq!(std::thread::current().id(), caller);
        });
        assert_eq!(pool.run(body, 1000, 0), 1);
    }
}
