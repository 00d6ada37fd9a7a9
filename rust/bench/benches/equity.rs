//! Equity benchmarks: exact enumeration (known hands, ranges) and Monte Carlo throughput,
//! each on a one-thread pool so the figures are per thread.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pokerforge_bench::one_thread;
use pokerforge_core::{equity, CardSet, EquityOptions, Game, Method, Player};

fn players(texts: &[&str]) -> Vec<Player> {
    texts
        .iter()
        .map(|t| t.parse().expect("bench input"))
        .collect()
}

fn bench_exact(c: &mut Criterion) {
    let pool = one_thread();
    let options = EquityOptions {
        method: Method::Exact,
        ..EquityOptions::default()
    };
    let mut group = c.benchmark_group("exact");
    let cases: [(&str, &[&str], &str); 4] = [
        ("headsup_preflop", &["AhAs", "KdKc"], ""),
        ("headsup_preflop_suited", &["AhKh", "QsQd"], ""),
        (
            "six_known_preflop",
            &["AhKh", "QsQd", "JcTc", "9s8s", "7d7c", "5h4h"],
            "",
        ),
        ("three_on_flop", &["AhKh", "QsQd", "JcTc"], "2h7h9c"),
    ];
    for (name, hands, board) in cases {
        let hands = players(hands);
        let board: CardSet = board.parse().expect("bench board");
        group.bench_function(name, |b| {
            b.iter(|| {
                pool.install(|| equity(black_box(&hands), board, CardSet::EMPTY, &options))
                    .expect("equity")
            })
        });
    }
    group.sample_size(10);
    let hilo = EquityOptions {
        game: Game::OmahaHiLo,
        ..options
    };
    let hands = players(&["As2s3d4d", "KhKcQhQc"]);
    group.bench_function("plo8_headsup_preflop", |b| {
        b.iter(|| {
            pool.install(|| equity(black_box(&hands), CardSet::EMPTY, CardSet::EMPTY, &hilo))
                .expect("equity")
        })
    });
    group.measurement_time(Duration::from_secs(8));
    let hands = players(&["AA", "random"]);
    group.bench_function("aces_vs_random_preflop", |b| {
        b.iter(|| {
            pool.install(|| equity(black_box(&hands), CardSet::EMPTY, CardSet::EMPTY, &options))
                .expect("equity")
        })
    });
    group.finish();
}

fn bench_monte_carlo(c: &mut Criterion) {
    let pool = one_thread();
    const SAMPLES: u64 = 1 << 20;
    let options = EquityOptions {
        method: Method::MonteCarlo,
        samples: Some(SAMPLES),
        seed: 1,
        ..EquityOptions::default()
    };
    let mut group = c.benchmark_group("monte_carlo");
    group.throughput(Throughput::Elements(SAMPLES));
    group.sample_size(10);
    let cases: [(&str, &[&str]); 4] = [
        ("headsup_known", &["AhKh", "QsQd"]),
        (
            "six_known",
            &["AhKh", "QsQd", "JcTc", "9s8s", "7d7c", "5h4h"],
        ),
        ("headsup_random", &["AhKh", "random"]),
        ("range_vs_range", &["QQ+, AKs", "22+, ATs+, KQo"]),
    ];
    for (name, hands) in cases {
        let hands = players(hands);
        group.bench_function(name, |b| {
            b.iter(|| {
                pool.install(|| equity(black_box(&hands), CardSet::EMPTY, CardSet::EMPTY, &options))
                    .expect("equity")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_exact, bench_monte_carlo);
criterion_main!(benches);
