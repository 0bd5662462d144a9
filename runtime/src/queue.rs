//! Async activity queues for devices whose work runs on host threads (multicore).
//!
//! A queue is a FIFO of jobs (data transfers, kernel launches, host callbacks, joins) executed in
//! order by one worker thread; different queues run concurrently. Queue ids are the async
//! arguments of OpenACC (`acc_async_noval`'s queue is id -1). Workers start on first use. At most
//! [`MAX_WORKERS`] distinct workers exist: further ids share a worker with an earlier id, which
//! OpenACC allows (two async values may map to the same activity queue) and which only adds
//! ordering.
//!
//! Waiting never deadlocks on joins: a join enqueued on queue A waits only for the jobs that
//! queue B had *when the join was enqueued*, so joins always point back in time.

use std::collections::{HashMap, VecDeque};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// `acc_async_noval`: the default queue's async argument.
pub const ASYNC_NOVAL: i32 = -1;
/// `acc_async_sync`: run synchronously on the calling thread.
pub const ASYNC_SYNC: i32 = -2;
/// `acc_async_default`: whatever `acc_set_default_async` selected.
pub const ASYNC_DEFAULT: i32 = -3;

/// The largest number of queue worker threads one device starts.
pub const MAX_WORKERS: usize = 32;

/// An async queue id: `ASYNC_NOVAL` or a non-negative async argument.
pub type QueueId = i32;

/// Work for a queue.
pub type QueueJob = Box<dyn FnOnce() + Send>;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

#[derive(Default)]
struct State {
    jobs: VecDeque<QueueJob>,
    submitted: u64,
    completed: u64,
    worker_started: bool,
}

/// Wakes `wait_any` whenever any job of any queue completes.
#[derive(Default)]
struct Progress {
    completions: Mutex<u64>,
    changed: Condvar,
}

struct Queue {
    state: Mutex<State>,
    /// Signalled when a job is added (for the worker) or completed (for waiters).
    changed: Condvar,
    progress: Arc<Progress>,
}

impl Queue {
    /// Blocks until the first `target` jobs of this queue have completed.
    fn wait_for(&self, target: u64) {
        let mut state = lock(&self.state);
        while state.completed < target {
            state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn submitted(&self) -> u64 {
        lock(&self.state).submitted
    }

    fn idle(&self) -> bool {
        let state = lock(&self.state);
        state.completed == state.submitted
    }

    fn run_worker(self: Arc<Self>) {
        loop {
            let job = {
                let mut state = lock(&self.state);
                loop {
                    if let Some(job) = state.jobs.pop_front() {
                        break job;
                    }
                    state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
                }
            };
            if catch_unwind(AssertUnwindSafe(job)).is_err() {
                crate::error::internal("an async queue operation panicked");
            }
            lock(&self.state).completed += 1;
            self.changed.notify_all();
            *lock(&self.progress.completions) += 1;
            self.progress.changed.notify_all();
        }
    }
}

/// The async queues of one device.
pub struct QueueSet {
    /// Every id used so far, mapped to its queue (several ids may share one).
    queues: Mutex<HashMap<QueueId, Arc<Queue>>>,
    /// The distinct queues, in creation order.
    distinct: Mutex<Vec<Arc<Queue>>>,
    progress: Arc<Progress>,
    /// Ends the program when no thread can be started for a queue (the owner reports it as an
    /// OpenACC error: this module sits below the event dispatch).
    spawn_failed: SpawnFailed,
}

/// What a [`QueueSet`] calls when it cannot start a queue's thread: the queue and the reason.
pub type SpawnFailed = fn(QueueId, &std::io::Error) -> !;

impl std::fmt::Debug for QueueSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QueueSet")
            .field("queues", &lock(&self.distinct).len())
            .finish()
    }
}

impl QueueSet {
    pub fn new(spawn_failed: SpawnFailed) -> QueueSet {
        QueueSet {
            queues: Mutex::default(),
            distinct: Mutex::default(),
            progress: Arc::default(),
            spawn_failed,
        }
    }

    fn queue(&self, id: QueueId) -> Arc<Queue> {
        let mut queues = lock(&self.queues);
        if let Some(queue) = queues.get(&id) {
            return Arc::clone(queue);
        }
        let mut distinct = lock(&self.distinct);
        let queue = if distinct.len() < MAX_WORKERS {
            let queue = Arc::new(Queue {
                state: Mutex::new(State::default()),
                changed: Condvar::new(),
                progress: Arc::clone(&self.progress),
            });
            distinct.push(Arc::clone(&queue));
            queue
        } else {
            Arc::clone(&distinct[id.unsigned_abs() as usize % MAX_WORKERS])
        };
        queues.insert(id, Arc::clone(&queue));
        queue
    }

    /// The queue of `id` if it was ever used (waiting on an unused queue is no work).
    fn existing(&self, id: QueueId) -> Option<Arc<Queue>> {
        lock(&self.queues).get(&id).cloned()
    }

    fn all(&self) -> Vec<Arc<Queue>> {
        lock(&self.distinct).clone()
    }

    /// Appends `job` to queue `id`; it runs after every job enqueued there before it.
    pub fn enqueue(&self, id: QueueId, job: QueueJob) {
        let queue = self.queue(id);
        let start_worker = {
            let mut state = lock(&queue.state);
            state.jobs.push_back(job);
            state.submitted += 1;
            !std::mem::replace(&mut state.worker_started, true)
        };
        if start_worker {
            let worker = Arc::clone(&queue);
            let spawned = std::thread::Builder::new()
                .name(format!("accrt-queue-{id}"))
                .spawn(move || worker.run_worker());
            if let Err(error) = spawned {
                (self.spawn_failed)(id, &error);
            }
        }
        queue.changed.notify_all();
    }

    /// Blocks until everything enqueued on `id` so far has completed.
    pub fn wait(&self, id: QueueId) {
        if let Some(queue) = self.existing(id) {
            queue.wait_for(queue.submitted());
        }
    }

    /// Blocks until everything enqueued on every queue so far has completed.
    pub fn wait_all(&self) {
        let targets: Vec<_> = self
            .all()
            .into_iter()
            .map(|queue| {
                let target = queue.submitted();
                (queue, target)
            })
            .collect();
        for (queue, target) in targets {
            queue.wait_for(target);
        }
    }

    /// Whether everything enqueued on `id` has completed.
    pub fn test(&self, id: QueueId) -> bool {
        match self.existing(id) {
            Some(queue) => queue.idle(),
            None => true,
        }
    }

    /// Whether every queue is idle.
    pub fn test_all(&self) -> bool {
        self.all().iter().all(|queue| queue.idle())
    }

    /// Makes queue `waiter` wait (without blocking the caller) for the jobs queue `waited` has now.
    pub fn join(&self, waiter: QueueId, waited: QueueId) {
        let Some(queue) = self.existing(waited) else {
            return;
        };
        let target = queue.submitted();
        if Arc::ptr_eq(&queue, &self.queue(waiter)) {
            return; // A queue's own earlier jobs precede anything enqueued on it now.
        }
        self.enqueue(waiter, Box::new(move || queue.wait_for(target)));
    }

    /// Makes queue `waiter` wait for the jobs every other queue has now.
    pub fn join_all(&self, waiter: QueueId) {
        let own = self.queue(waiter);
        let targets: Vec<_> = self
            .all()
            .into_iter()
            .filter(|queue| !Arc::ptr_eq(queue, &own))
            .map(|queue| {
                let target = queue.submitted();
                (queue, target)
            })
            .collect();
        if !targets.is_empty() {
            self.enqueue(
                waiter,
                Box::new(move || {
                    for (queue, target) in targets {
                        queue.wait_for(target);
                    }
                }),
            );
        }
    }

    /// Blocks until one of `ids` is idle and returns its index (`None` when `ids` is empty).
    pub fn wait_any(&self, ids: &[QueueId]) -> Option<usize> {
        if ids.is_empty() {
            return None;
        }
        loop {
            let seen = *lock(&self.progress.completions);
            if let Some(index) = ids.iter().position(|&id| self.test(id)) {
                return Some(index);
            }
            let mut completions = lock(&self.progress.completions);
            while *completions == seen {
                completions = self
                    .progress
                    .changed
                    .wait(completions)
                    .unwrap_or_else(|e| e.into_inner());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test_spawn_failed(id: QueueId, error: &std::io::Error) -> ! {
        panic!("cannot start a thread for queue {id}: {error}")
    }
    use std::sync::Barrier;
    use std::time::{Duration, Instant};

    #[test]
    fn jobs_of_one_queue_run_in_order() {
        let queues = QueueSet::new(test_spawn_failed);
        let log = Arc::new(Mutex::new(Vec::new()));
        for i in 0..200 {
            let log = Arc::clone(&log);
            queues.enqueue(3, Box::new(move || log.lock().unwrap().push(i)));
        }
        queues.wait(3);
        assert!(queues.test(3));
        assert_eq!(*log.lock().unwrap(), (0..200).collect::<Vec<_>>());
    }

    #[test]
    fn two_queues_overlap_in_time() {
        let queues = QueueSet::new(test_spawn_failed);
        // Each job announces its start, then waits (up to a generous timeout) for the other to
        // start: if the queues were serialised, neither would see the other.
        let started = Arc::new(Barrier::new(2));
        let spans = Arc::new(Mutex::new(Vec::new()));
        let origin = Instant::now();
        for id in [1, 2] {
            let started = Arc::clone(&started);
            let spans = Arc::clone(&spans);
            queues.enqueue(
                id,
                Box::new(move || {
                    let begin = origin.elapsed();
                    let (tx, rx) = std::sync::mpsc::channel();
                    let barrier = Arc::clone(&started);
                    std::thread::spawn(move || {
                        barrier.wait();
                        let _ = tx.send(());
                    });
                    let met = rx.recv_timeout(Duration::from_secs(20)).is_ok();
                    spans
                        .lock()
                        .unwrap()
                        .push((id, begin, origin.elapsed(), met));
                }),
            );
        }
        queues.wait_all();
        let spans = spans.lock().unwrap().clone();
        assert_eq!(spans.len(), 2);
        assert!(spans.iter().all(|span| span.3), "both jobs met: {spans:?}");
        let (a, b) = (&spans[0], &spans[1]);
        assert!(
            a.1 < b.2 && b.1 < a.2,
            "the jobs' time spans overlap: {spans:?}"
        );
    }

    #[test]
    fn a_join_orders_one_queue_after_another() {
        let queues = QueueSet::new(test_spawn_failed);
        let log = Arc::new(Mutex::new(Vec::new()));
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        {
            let (log, gate) = (Arc::clone(&log), Arc::clone(&gate));
            queues.enqueue(
                1,
                Box::new(move || {
                    let mut open = gate.0.lock().unwrap();
                    while !*open {
                        open = gate.1.wait(open).unwrap();
                    }
                    log.lock().unwrap().push("first");
                }),
            );
        }
        queues.join(2, 1);
        {
            let log = Arc::clone(&log);
            queues.enqueue(2, Box::new(move || log.lock().unwrap().push("second")));
        }
        assert!(!queues.test(2), "queue 2 waits for queue 1");
        *gate.0.lock().unwrap() = true;
        gate.1.notify_all();
        queues.wait(2);
        assert_eq!(*log.lock().unwrap(), vec!["first", "second"]);
        queues.join(2, 2);
        queues.join(7, 99);
        queues.join_all(5);
        queues.wait_all();
        assert!(queues.test_all());
    }

    #[test]
    fn wait_any_returns_an_idle_queue() {
        let queues = QueueSet::new(test_spawn_failed);
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        let blocker = Arc::clone(&gate);
        queues.enqueue(
            0,
            Box::new(move || {
                let mut open = blocker.0.lock().unwrap();
                while !*open {
                    open = blocker.1.wait(open).unwrap();
                }
            }),
        );
        queues.enqueue(1, Box::new(|| {}));
        assert_eq!(queues.wait_any(&[0, 1]), Some(1));
        assert_eq!(queues.wait_any(&[]), None);
        *gate.0.lock().unwrap() = true;
        gate.1.notify_all();
        assert_eq!(queues.wait_any(&[0]), Some(0));
        queues.wait_all();
    }

    #[test]
    fn many_ids_share_a_bounded_number_of_workers() {
        let queues = QueueSet::new(test_spawn_failed);
        let count = Arc::new(Mutex::new(0));
        for id in 0..(MAX_WORKERS as i32 * 3) {
            let count = Arc::clone(&count);
            queues.enqueue(id, Box::new(move || *count.lock().unwrap() += 1));
            queues.join(id, id - 1);
        }
        queues.wait_all();
        assert_eq!(*count.lock().unwrap(), MAX_WORKERS * 3);
        assert_eq!(queues.all().len(), MAX_WORKERS);
    }
}
