//! Thread pools for `threads=` arguments and chunked work that can be interrupted.

use std::sync::{Arc, Mutex, OnceLock};

use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::errors::PokerError;

/// Pools by thread count, built once: building a pool costs far more than a batch call.
static POOLS: OnceLock<Mutex<Vec<(usize, Arc<ThreadPool>)>>> = OnceLock::new();

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
pub fn threads_for(threads: Option<i64>, work_items: usize, worth_it: usize) -> PyResult<usize> {
    match threads {
        Some(n) if n < 1 => Err(PokerError::new_err(format!(
            "threads={n} is not allowed: use at least 1 thread, or None for all cores"
        ))),
        Some(n) => Ok(usize::try_from(n).unwrap_or(usize::MAX).min(1024)),
        None if work_items >= worth_it => Ok(std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)),
        None => Ok(1),
    }
}
