//! Thread pools for `threads=` arguments and chunked work that can be interrupted.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use pokerforge_core::Error;
use pyo3::exceptions::PyRuntimeError;

use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::errors::{to_py, InvalidSpecError, PokerError};
use crate::input::Int;

/// Pools by thread count, kept between calls: building a pool costs far more than a batch
/// call.
static POOLS: OnceLock<Mutex<Pools>> = OnceLock::new();

/// The pools kept, the one used last at the end.
type Pools = Vec<(usize, Arc<ThreadPool>)>;

/// How many pools are kept. A program uses one or two sizes; one that asks for every size
/// from 1 to 1,024 would otherwise keep half a million threads. A pool let go finishes the
/// work it has (its callers hold it) and its threads then end.
const MOST_POOLS: usize = 4;

/// The pool with `threads` threads.
pub fn pool(threads: usize) -> PyResult<Arc<ThreadPool>> {
    let pools = POOLS.get_or_init(|| Mutex::new(Vec::new()));
    let mut pools = pools
        .lock()
        .map_err(|_| PokerError::new_err("the thread pool registry is unusable after a crash"))?;
    if let Some(at) = pools.iter().position(|(n, _)| *n == threads) {
        let used = pools.remove(at);
        let pool = Arc::clone(&used.1);
        pools.push(used);
        return Ok(pool);
    }
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("pokerforge-{i}"))
        .build()
        .map_err(|e| PokerError::new_err(format!("cannot start {threads} threads: {e}")))?;
    let pool = Arc::new(pool);
    if pools.len() == MOST_POOLS {
        pools.remove(0); // the one used longest ago
    }
    pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
}

/// The thread counts of the pools kept, the one used last at the end: what the tests
/// check the bound of the cache with (threads that are let go end on their own schedule).
#[pyfunction]
pub fn _thread_pools() -> PyResult<Vec<usize>> {
    let pools = POOLS.get_or_init(|| Mutex::new(Vec::new()));
    let pools = pools
        .lock()
        .map_err(|_| PokerError::new_err("the thread pool registry is unusable after a crash"))?;
    Ok(pools.iter().map(|(threads, _)| *threads).collect())
}

thread_local! {
    /// Each Python thread's own one-thread pool: one-thread work from several Python
    /// threads (a server's workers) must not queue behind a single shared worker.
    static OWN_POOL: std::cell::OnceCell<Arc<ThreadPool>> = const { std::cell::OnceCell::new() };
}

/// The pool for work with `threads` threads started from this thread: its own pool for
/// one thread, else the shared pool of that size.
pub fn pool_for_caller(threads: usize) -> PyResult<Arc<ThreadPool>> {
    if threads != 1 {
        return pool(threads);
    }
    OWN_POOL.with(|own| {
        if let Some(pool) = own.get() {
            return Ok(Arc::clone(pool));
        }
        let pool = ThreadPoolBuilder::new()
            .num_threads(1)
            .thread_name(|_| "pokerforge-own".to_string())
            .build()
            .map_err(|e| PokerError::new_err(format!("cannot start a worker thread: {e}")))?;
        Ok(Arc::clone(own.get_or_init(|| Arc::new(pool))))
    })
}

/// The number of threads to use for `work_items` items: `threads` when given (at least 1),
/// else every core when the batch is big enough to pay for them, else one.
pub fn threads_for(threads: Option<Int>, work_items: usize, worth_it: usize) -> PyResult<usize> {
    match threads {
        Some(n) => match n.get::<usize>() {
            Some(n) if (1..=1024).contains(&n) => Ok(n),
            _ => Err(InvalidSpecError::new_err(format!(
                "threads={} is not allowed: use 1 to 1024 threads, or None for all cores",
                n.0
            ))),
        },
        None if work_items >= worth_it => Ok(std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)),
        None => Ok(1),
    }
}

/// The deadline of work starting now that may take `limit`.
pub(crate) fn deadline_after(limit: Option<Duration>) -> Option<Instant> {
    limit.map(|limit| Instant::now() + limit)
}

/// The message of a caught panic.
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string())
}

/// What a worker sends back: the result, or the message of a panic.
type Outcome<T> = Result<Result<T, Error>, String>;

/// Runs `work` on a pool of `threads` threads (the calling thread's own pool for one
/// thread, so calls from several Python threads run side by side) while this thread,
/// without the GIL, waits and wakes every 20 ms to check for Ctrl-C and `cancel`; on
/// either it raises the cancel flag the core checks as it goes. No thread is created per
/// call: the work is queued on the pool. A panic in the work, on this pool's thread or
/// on one of rayon's, is caught there and raised here as a `RuntimeError`.
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    threads: usize,
    cancel: Arc<AtomicBool>,
    work: impl FnOnce(&AtomicBool) -> Result<T, Error> + Send + 'static,
) -> PyResult<T> {
    let pool = pool_for_caller(threads)?;
    let flag = Arc::clone(&cancel);
    let (done, mut wait) = mpsc::channel::<Outcome<T>>();
    pool.spawn(move || {
        let outcome = catch_unwind(AssertUnwindSafe(|| work(&flag)));
        let _ = done.send(outcome.map_err(|payload| panic_message(payload.as_ref())));
    });
    loop {
        // The receiver is Send but not Sync, so it moves into the GIL-free closure.
        let (outcome, back) = py.detach(move || {
            let outcome = wait.recv_timeout(Duration::from_millis(20));
            (outcome, wait)
        });
        wait = back;
        match outcome {
            Ok(Ok(result)) => return result.map_err(to_py),
            Ok(Err(panic)) => {
                return Err(PyRuntimeError::new_err(format!(
                    "a bug in pokerforge's Rust core (please report it): {panic}"
                )))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    // The worker stops at its next check; wait so nothing outlives us.
                    let _ = py.detach(move || wait.recv());
                    return Err(interrupt);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(to_py(Error::Interrupted));
            }
        }
    }
}
