//! The set-ups pokerforge-core's criterion benchmarks (`benches/`) and timing programs
//! (`examples/`) share. They live apart from the core so that its test build does not
//! compile criterion.

use pokerforge_core::icm::push_fold::TableSpot;
use pokerforge_core::icm::Model;
use pokerforge_core::rng::Rng;

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

/// `count` random hands of `k` distinct card indices each, one row after another, fixed by
/// `seed` (each card drawn again until it is new to its hand).
pub fn random_rows(k: usize, count: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count * k);
    for _ in 0..count {
        let (mut used, mut n) = (0u64, 0);
        while n < k {
            let c = rng.below(52) as u8;
            if used >> c & 1 == 0 {
                used |= 1 << c;
                out.push(c);
                n += 1;
            }
        }
    }
    out
}

/// `count` random deals of `h` hole and `b` board cards (disjoint), as flat rows of card
/// indices, fixed by `seed`.
pub fn random_deals(h: usize, b: usize, count: usize, seed: u64) -> (Vec<u8>, Vec<u8>) {
    let mut rng = Rng::new(seed);
    let mut holes = Vec::with_capacity(count * h);
    let mut boards = Vec::with_capacity(count * b);
    let mut deck: Vec<u8> = (0..52).collect();
    for _ in 0..count {
        for i in 0..h + b {
            let j = i + rng.below((52 - i) as u32) as usize;
            deck.swap(i, j);
        }
        holes.extend_from_slice(&deck[..h]);
        boards.extend_from_slice(&deck[h..h + b]);
    }
    (holes, boards)
}
