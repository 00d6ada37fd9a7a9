//! The set-ups pokerforge-core's criterion benchmarks (`benches/`) and timing programs
//! (`examples/`) share. They live apart from the core so that its test build does not
//! compile criterion.

use pokerforge_core::icm::push_fold::TableSpot;
use pokerforge_core::icm::Model;

/// A rayon pool of one thread: the benches time one core.
pub fn one_thread() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("thread pool")
}

/// A payout table of `places` places, falling with the place (`100 / place`).
pub fn payouts(places: usize) -> Vec<f64> {
    (0..places).map(|k| 100.0 / (k as f64 + 1.0)).collect()
}

/// The push/fold table of `n` players both the bench and `push_fold_time` solve: stacks of
/// `6 + (5i mod 7)` big blinds, blinds 0.5/1, ante 0.1, payouts 50/30/20, by Harville's ICM.
pub fn table_spot(n: usize) -> TableSpot {
    TableSpot {
        stacks: (0..n).map(|i| 6.0 + (i * 5 % 7) as f64).collect(),
        small_blind: 0.5,
        big_blind: 1.0,
        ante: 0.1,
        payouts: Some(vec![50.0, 30.0, 20.0]),
        others: Vec::new(),
        model: Model::Harville,
    }
}
