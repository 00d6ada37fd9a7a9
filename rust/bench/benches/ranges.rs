//! Heads-up hands and ranges, exact: the heads-up table before the flop, the sorted-rank
//! sweep after it, and the 169 x 169 class matrix; each on a one-thread pool so the
//! figures are per thread.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use pokerforge_core::equity::heads_up::preflop_matrix;
use pokerforge_core::{equity, CardSet, EquityOptions, Method, Player};

const WIDE: &str = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+";

fn bench_ranges(c: &mut Criterion) {
    let pool = pokerforge_bench::one_thread();
    let options = EquityOptions {
        method: Method::Exact,
        skip_categories: true,
        ..EquityOptions::default()
    };
    let mut group = c.benchmark_group("heads_up");
    let cases: [(&str, [&str; 2], &str); 6] = [
        ("hand_vs_hand_preflop", ["AhKh", "QsQd"], ""),
        ("wide_vs_wide_preflop", [WIDE, WIDE], ""),
        ("wide_vs_wide_flop", [WIDE, WIDE], "2c7d9h"),
        ("wide_vs_wide_turn", [WIDE, WIDE], "2c7d9hTs"),
        ("qq_vs_jj_preflop", ["QQ+,AKs", "JJ-99,AQs+"], ""),
        ("range_vs_random_flop", ["QQ+,AKs", "random"], "2c7d9h"),
    ];
    for (name, texts, board) in cases {
        let players: Vec<Player> = texts.iter().map(|t| t.parse().expect("player")).collect();
        let board: CardSet = board.parse().expect("board");
        group.bench_function(name, |b| {
            b.iter(|| {
                pool.install(|| equity(black_box(&players), board, CardSet::EMPTY, &options))
                    .expect("equity")
            })
        });
    }
    group.bench_function("preflop_matrix", |b| {
        b.iter(|| pool.install(preflop_matrix))
    });
    group.finish();
}

criterion_group!(benches, bench_ranges);
criterion_main!(benches);
