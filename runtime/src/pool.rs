//! The multicore device's thread pool: runs a kernel's flattened iteration space as contiguous
//! chunks over `size` threads, and splits a chunk's worker loops over the threads the launch
//! leaves idle.
//!
//! A launch splits `iterations` into `min(size, iterations, num_gangs)` chunks; chunk `i` runs on
//! *slot* `i`, so each slot in `0..chunks` executes exactly one chunk and kernels can index
//! per-slot reduction partials with it. The launching thread works on its own launch beside
//! `size - 1` pool workers, so any number of host threads (and async queue workers) may launch
//! at once without deadlock: a launch always makes progress on its own thread. A launch from
//! inside a kernel (a pool thread, or a launcher running one of its chunks) runs serially on
//! that thread as one chunk.
//!
//! Worker loops (fork-join): each chunk of a launch runs with a *team* of
//! `max(1, size / chunks)` threads (capped by `num_workers` when positive), itself included.
//! [`worker_chunks`] tells generated code how many pieces a worker loop of the running chunk
//! is cut into, and [`fork`] runs the pieces: it queues tickets for the pool's workers like a
//! launch does, works on its own pieces too, and returns when every piece has finished. So a
//! fork, like a launch, completes on the forking thread alone when no pool thread is free. A
//! piece of a fork has no team: a worker loop inside it (or a fork outside any kernel, or on
//! the host device) runs whole on the calling thread, so forks never nest.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

/// A kernel body: runs iterations `[begin, end)` on slot `slot`.
pub type Body = Arc<dyn Fn(i64, i64, usize) + Send + Sync>;

thread_local! {
    static IN_KERNEL: Cell<bool> = const { Cell::new(false) };
    /// The team of the kernel chunk this thread runs (`None` outside chunks and in a fork's
    /// pieces).
    static TEAM: RefCell<Option<Team>> = const { RefCell::new(None) };
}

/// The threads a kernel chunk may split its worker loops over: the pool's ticket queue and how
/// many threads, the chunk's own included.
#[derive(Clone)]
struct Team {
    shared: Arc<Shared>,
    size: usize,
}

/// Whether the calling thread is executing a multicore kernel chunk right now.
pub fn in_kernel() -> bool {
    IN_KERNEL.with(Cell::get)
}

/// Runs `f` with the in-kernel flag set and `team` as the thread's team, restoring both
/// afterwards.
fn as_kernel<R>(team: Option<Team>, f: impl FnOnce() -> R) -> R {
    let previous = IN_KERNEL.with(|flag| flag.replace(true));
    let previous_team = TEAM.with(|current| current.replace(team));
    let result = f();
    TEAM.with(|current| current.replace(previous_team));
    IN_KERNEL.with(|flag| flag.set(previous));
    result
}

/// The team size of each chunk of a launch that runs `chunks` chunks on a pool of `pool_size`
/// threads: the threads the launch leaves idle shared out, `max(1, pool_size / chunks)`, and at
/// most `num_workers` when that is positive.
pub fn team_size(pool_size: usize, chunks: usize, num_workers: i32) -> usize {
    let mut size = (pool_size / chunks.max(1)).max(1);
    if num_workers > 0 {
        size = size.min(num_workers as usize);
    }
    size
}

/// How many pieces a worker loop of `trips` iterations is cut into on the calling thread: its
/// team's size, at most one per iteration, and 1 outside a kernel chunk, inside a fork's piece,
/// or when `trips <= 0` (a count too large for `i64` included).
pub fn worker_chunks(trips: i64) -> usize {
    if trips <= 0 {
        return 1;
    }
    let size = TEAM.with(|team| team.borrow().as_ref().map_or(1, |team| team.size));
    size.min(usize::try_from(trips).unwrap_or(usize::MAX))
        .max(1)
}

/// Runs `body` over `[0, trips)` cut into `chunks` contiguous pieces ([`chunk_bounds`]); piece
/// `k` gets `k` as its slot. Every piece runs exactly once (empty ones too, when `chunks >
/// trips`), on the calling thread or on idle threads of its team, and all have finished when
/// this returns. Without a team, with `chunks <= 1` or `trips <= 0`, `body(0, trips, 0)` runs on
/// the calling thread.
pub fn fork(body: Body, trips: i64, chunks: usize) {
    let team = TEAM.with(|team| team.borrow().clone());
    let Some(team) = team.filter(|_| chunks > 1 && trips > 0) else {
        as_kernel(None, || body(0, trips, 0));
        return;
    };
    let job = Arc::new(Job {
        body,
        iterations: trips,
        chunks,
        team: None,
        next: AtomicUsize::new(0),
        finished: Mutex::new(0),
        all_finished: Condvar::new(),
    });
    job.run_with(&team.shared);
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
    /// The team each chunk runs with (`None`: the pieces of a fork).
    team: Option<Team>,
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
            as_kernel(self.team.clone(), || (self.body)(begin, end, index));
            let mut finished = self.finished.lock().unwrap_or_else(|e| e.into_inner());
            *finished += 1;
            if *finished == self.chunks {
                self.all_finished.notify_all();
            }
        }
    }

    /// Queues a ticket per chunk but one for the pool's workers, works on the job on this
    /// thread, and waits until every chunk has finished.
    fn run_with(self: &Arc<Self>, shared: &Shared) {
        {
            let mut tickets = shared.tickets.lock().unwrap_or_else(|e| e.into_inner());
            for _ in 1..self.chunks {
                tickets.push_back(Arc::clone(self));
            }
        }
        shared.ticket_ready.notify_all();
        self.work();
        let mut finished = self.finished.lock().unwrap_or_else(|e| e.into_inner());
        while *finished < self.chunks {
            finished = self
                .all_finished
                .wait(finished)
                .unwrap_or_else(|e| e.into_inner());
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

    /// Runs `iterations` iterations of `body` and returns the number of chunks (slots) used;
    /// each chunk may fork its worker loops over a team of [`team_size`] threads.
    pub fn run(&self, body: Body, iterations: i64, num_gangs: i32, num_workers: i32) -> usize {
        let chunks = chunk_count(self.size, iterations, num_gangs);
        if chunks == 0 {
            return 0;
        }
        if in_kernel() {
            as_kernel(None, || body(0, iterations, 0));
            return 1;
        }
        let team = Team {
            shared: Arc::clone(&self.shared),
            size: team_size(self.size, chunks, num_workers),
        };
        if chunks == 1 {
            as_kernel(Some(team), || body(0, iterations, 0));
            return 1;
        }
        let job = Arc::new(Job {
            body,
            iterations,
            chunks,
            team: Some(team),
            next: AtomicUsize::new(0),
            finished: Mutex::new(0),
            all_finished: Condvar::new(),
        });
        job.run_with(&self.shared);
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
        assert_eq!(pool.run(body, 10, 0, 0), 4);
        let mut seen = seen.lock().unwrap().clone();
        seen.sort();
        assert_eq!(seen, vec![(0, 3, 0), (3, 6, 1), (6, 8, 2), (8, 10, 3)]);

        let (body, seen) = recorder();
        assert_eq!(pool.run(body, 10, 2, 0), 2, "num_gangs caps the chunks");
        assert_eq!(seen.lock().unwrap().len(), 2);
        let (body, seen) = recorder();
        assert_eq!(pool.run(body, 0, 0, 0), 0);
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
                assert_eq!(inner_pool.run(inner, 100, 0, 0), 1);
            }
        });
        pool.run(body, 16, 0, 0);
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
                        pool.run(body, n, 0, 0);
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
        assert_eq!(pool.run(body, 1000, 0, 0), 1);
    }

    /// A launch of `gangs` gangs on `pool` whose every chunk forks a worker loop of `trips`
    /// iterations; returns, per chunk, the pieces seen (begin, end, piece, thread).
    fn fork_in_launch(
        pool: &Pool,
        gangs: i32,
        num_workers: i32,
        trips: i64,
    ) -> Vec<Vec<(i64, i64, usize, std::thread::ThreadId)>> {
        let seen = Arc::new(Mutex::new(vec![Vec::new(); gangs as usize]));
        let log = Arc::clone(&seen);
        let body: Body = Arc::new(move |begin, end, slot| {
            for _ in begin..end {
                let chunks = worker_chunks(trips);
                let pieces = Arc::new(Mutex::new(Vec::new()));
                let record = Arc::clone(&pieces);
                let started = Arc::new((Mutex::new(0usize), Condvar::new()));
                let piece: Body = Arc::new(move |b, e, k| {
                    // A fork inside a piece runs inline: no team there.
                    assert_eq!(worker_chunks(1000), 1);
                    // Each piece waits until all have started, so no thread can run two: the
                    // pieces must be on as many threads as there are pieces (a generous time
                    // limit turns a failure into a wrong count instead of a hang).
                    let (count, all_started) = &*started;
                    let mut count = count.lock().unwrap();
                    *count += 1;
                    all_started.notify_all();
                    let limit = std::time::Instant::now() + std::time::Duration::from_secs(10);
                    while *count < chunks && std::time::Instant::now() < limit {
                        count = all_started
                            .wait_timeout(count, std::time::Duration::from_millis(100))
                            .unwrap()
                            .0;
                    }
                    drop(count);
                    record
                        .lock()
                        .unwrap()
                        .push((b, e, k, std::thread::current().id()));
                });
                fork(piece, trips, chunks);
                let pieces = pieces.lock().unwrap().clone();
                assert_eq!(pieces.len(), chunks, "every piece ran once");
                log.lock().unwrap()[slot].extend(pieces);
            }
        });
        pool.run(body, i64::from(gangs), gangs, num_workers);
        let seen = seen.lock().unwrap().clone();
        seen
    }

    fn covers_once(pieces: &[(i64, i64, usize, std::thread::ThreadId)], trips: i64) -> bool {
        let mut ranges: Vec<(i64, i64)> = pieces.iter().map(|&(b, e, _, _)| (b, e)).collect();
        ranges.sort();
        let mut next = 0;
        for (begin, end) in ranges {
            if begin != next || end < begin {
                return false;
            }
            next = end;
        }
        next == trips
    }

    fn distinct_threads(pieces: &[(i64, i64, usize, std::thread::ThreadId)]) -> usize {
        let mut threads: Vec<_> = pieces.iter().map(|p| p.3).collect();
        threads.sort_by_key(|t| format!("{t:?}"));
        threads.dedup();
        threads.len()
    }

    #[test]
    fn team_sizes_share_out_the_idle_threads() {
        assert_eq!(team_size(8, 1, 0), 8);
        assert_eq!(team_size(8, 2, 0), 4);
        assert_eq!(team_size(8, 3, 0), 2);
        assert_eq!(team_size(8, 8, 0), 1);
        assert_eq!(team_size(8, 1, 3), 3, "num_workers caps the team");
        assert_eq!(team_size(2, 1, 8), 2, "num_workers adds no threads");
        assert_eq!(team_size(1, 1, 0), 1);
        assert_eq!(worker_chunks(100), 1, "no team outside a kernel");
    }

    #[test]
    fn a_fork_splits_a_worker_loop_over_the_team_once_each() {
        let pool = Pool::new(4);
        // One gang: a team of 4 threads, 4 pieces on 4 distinct threads.
        let seen = fork_in_launch(&pool, 1, 0, 1003);
        assert_eq!(seen[0].len(), 4);
        assert!(covers_once(&seen[0], 1003), "{:?}", seen[0]);
        let mut pieces: Vec<usize> = seen[0].iter().map(|p| p.2).collect();
        pieces.sort();
        assert_eq!(pieces, vec![0, 1, 2, 3], "piece k gets slot k");
        for &(begin, end, k, _) in &seen[0] {
            assert_eq!((begin, end), chunk_bounds(1003, 4, k));
        }
        assert_eq!(distinct_threads(&seen[0]), 4, "{:?}", seen[0]);

        // Two gangs of a pool of 4: teams of 2, each gang's pieces on 2 threads.
        let seen = fork_in_launch(&pool, 2, 0, 10);
        for pieces in &seen {
            assert_eq!(pieces.len(), 2);
            assert!(covers_once(pieces, 10));
            assert_eq!(distinct_threads(pieces), 2, "{pieces:?}");
        }
        // num_workers(3) caps the team; fewer iterations than threads cap the pieces.
        let seen = fork_in_launch(&pool, 1, 3, 100);
        assert_eq!(seen[0].len(), 3);
        assert!(covers_once(&seen[0], 100));
        let seen = fork_in_launch(&pool, 1, 0, 2);
        assert_eq!(seen[0].len(), 2);
        assert!(covers_once(&seen[0], 2));
        // As many gangs as threads: no idle thread, the worker loops run whole.
        let seen = fork_in_launch(&pool, 4, 0, 100);
        for pieces in &seen {
            assert_eq!(pieces.len(), 1);
            assert!(covers_once(pieces, 100));
        }
    }

    #[test]
    fn a_fork_outside_a_kernel_or_with_one_thread_runs_on_the_caller() {
        let caller = std::thread::current().id();
        let body: Body = Arc::new(move |begin, end, slot| {
            assert_eq!((begin, end, slot), (0, 50, 0));
            assert_eq!(std::thread::current().id(), caller);
        });
        fork(Arc::clone(&body), 50, 4);
        let pool = Pool::new(1);
        let seen = fork_in_launch(&pool, 1, 0, 50);
        assert_eq!(seen[0].len(), 1);
        assert!(covers_once(&seen[0], 50));
    }

    #[test]
    fn a_fork_runs_every_piece_even_when_there_are_more_pieces_than_iterations() {
        let pool = Pool::new(3);
        let counted = Arc::new(AtomicI64::new(0));
        let count = Arc::clone(&counted);
        let body: Body = Arc::new(move |_, _, _| {
            let count = Arc::clone(&count);
            let piece: Body = Arc::new(move |b, e, _| {
                assert!(e - b <= 1);
                count.fetch_add(1, Ordering::Relaxed);
            });
            fork(piece, 2, 3);
        });
        pool.run(body, 1, 1, 0);
        assert_eq!(counted.load(Ordering::Relaxed), 3);
    }

    #[test]
    fn concurrent_launches_that_fork_finish() {
        let pool = Pool::new(3);
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let pool = pool.clone();
                std::thread::spawn(move || {
                    for round in 0..20i64 {
                        let sum = Arc::new(AtomicI64::new(0));
                        let partial = Arc::clone(&sum);
                        let n = 500 + round;
                        let body: Body = Arc::new(move |begin, end, _| {
                            for _ in begin..end {
                                let partial = Arc::clone(&partial);
                                let piece: Body = Arc::new(move |b, e, _| {
                                    partial.fetch_add((b..e).sum::<i64>(), Ordering::Relaxed);
                                });
                                fork(piece, n, worker_chunks(n));
                            }
                        });
                        pool.run(body, 2, 2, 0);
                        assert_eq!(sum.load(Ordering::Relaxed), 2 * (n * (n - 1) / 2));
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
    }
}
