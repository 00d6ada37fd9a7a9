//! Thread pools for `threads=` arguments and chunked work that can be interrupted.

use std::sync::{Arc, Mutex, OnceLock};

use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::convert::Int;
use crate::errors::{InvalidSpecError, PokerError};

/// Pools by thread count, built once: building a pool costs far more than a batch call.
static POOLS: OnceLock<Mutex<Pools>> = OnceLock::new();

/// The pools built so far, by thread count.
type Pools = Vec<(usize, Arc<ThreadPool>)>;

/// The pool with `threads` threads.
pub fn pool(threads: usize) -> PyResult<Arc<ThreadPool>> {
    let pools = POOLS.get_or_init(|| Mutex::new(Vec::new()));
    let mut pools = pools
        .lock()
        .map_err(|_| PokerError::new_err("the thread pool registry is unusable after a crash"))?;
    if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == threads) {
        return Ok(Arc::clone(pool));
    }
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("pokerforge-{i}"))
        .build()
        .map_err(|e| PokerError::new_err(format!("cannot start {threads} threads: {e}")))?;
    let pool = Arc::new(pool);
    pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
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
