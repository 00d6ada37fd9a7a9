//! ICM and push/fold: exact Malmuth-Harville equities of a 10- and a 20-player field with
//! every place paid (the subset program's worst case) and with three places paid, a
//! sampled 100-player field, heads-up push/fold equilibria and equilibria at tables of
//! 3 to 10 players; each on a one-thread pool
//! so the figures are per thread.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use pokerforge_bench::payouts;
use pokerforge_core::icm::heads_up::{solve, Matchups, SolveOptions, Spot};
use pokerforge_core::icm::push_fold as table;
use pokerforge_core::icm::{icm, IcmMethod, IcmOptions, Model};

/// Stacks of different sizes, the same on every run.
fn stacks(n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| 1000.0 + 397.0 * ((i * 7) % 11) as f64)
        .collect()
}

fn bench_icm(c: &mut Criterion) {
    let pool = pokerforge_bench::one_thread();
    let exact = IcmOptions {
        method: IcmMethod::Exact,
        ..IcmOptions::default()
    };
    let mut group = c.benchmark_group("icm");
    for (name, players, places) in [
        ("exact_10_players_10_paid", 10, 10),
        ("exact_10_players_3_paid", 10, 3),
        ("exact_20_players_20_paid", 20, 20),
        ("exact_20_players_3_paid", 20, 3),
    ] {
        let (s, p) = (stacks(players), payouts(places));
        group.bench_function(name, |b| {
            b.iter(|| icm(black_box(&s), black_box(&p), &exact, &|| false).expect("icm"))
        });
    }
    let sampled = IcmOptions {
        method: IcmMethod::MonteCarlo,
        samples: Some(100_000),
        seed: Some(1),
        ..IcmOptions::default()
    };
    let (s, p) = (stacks(100), payouts(15));
    group.sample_size(10);
    group.bench_function("monte_carlo_100_players_15_paid_100k", |b| {
        b.iter(|| pool.install(|| icm(black_box(&s), &p, &sampled, &|| false).expect("icm")))
    });
    group.finish();

    let matchups = Matchups::shared();
    let mut group = c.benchmark_group("push_fold");
    group.sample_size(10);
    group.bench_function("matchups", |b| b.iter(Matchups::new));
    for depth in [5.0, 10.0, 20.0] {
        let spot = Spot {
            stacks: [depth, depth],
            small_blind: 0.5,
            big_blind: 1.0,
            ante: 0.0,
            payouts: None,
            others: Vec::new(),
            model: Model::Harville,
        };
        group.bench_function(format!("heads_up_chips_{depth}bb"), |b| {
            b.iter(|| solve(&spot, &SolveOptions::default(), matchups, &|| false).expect("solve"))
        });
    }
    let bubble = Spot {
        stacks: [8.0, 8.0],
        small_blind: 0.5,
        big_blind: 1.0,
        ante: 0.0,
        payouts: Some(vec![50.0, 30.0, 20.0]),
        others: vec![8.0, 8.0],
        model: Model::Harville,
    };
    group.bench_function("heads_up_icm_bubble_8bb", |b| {
        b.iter(|| solve(&bubble, &SolveOptions::default(), matchups, &|| false).expect("solve"))
    });
    // Tables of 3, 6 and 10 players by ICM (stacks 6 to 12 big blinds, ante 0.1, three
    // places paid), to the default tolerance (1e-4 big blinds' worth of prize equity).
    for n in [3, 6, 10] {
        let spot = pokerforge_bench::table_spot(n);
        let options = table::SolveOptions::default();
        group.bench_function(format!("table_icm_{n}_players"), |b| {
            b.iter(|| table::solve(&spot, &options, matchups, &|| false).expect("solve"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_icm);
criterion_main!(benches);
