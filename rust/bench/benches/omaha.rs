//! Omaha high (PLO4/5/6), the eight-or-better low and hi-lo over random deals held in
//! memory, one thread; throughput in hands per second.
//!
//! `cargo bench -p pokerforge-bench --bench omaha`; the `omaha_kernels` group runs each
//! batch kernel this CPU has (scalar, AVX2, AVX-512) on the same deals, and the other
//! groups run the chosen one (`POKERFORGE_OMAHA_KERNEL` forces it).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pokerforge_bench::random_deals;
use pokerforge_core::eval::high::rank_indices;
use pokerforge_core::eval::{evaluate_omaha, OmahaBoard, OmahaHole};
use pokerforge_core::eval::{
    omaha_hilo_rows, omaha_low_rows, omaha_rank_rows, omaha_rank_rows_checked, OmahaKernel,
};
use pokerforge_core::CardSet;

/// Deals per batch: big enough that the tables, not the deals, decide the cache behaviour.
const DEALS: usize = 1 << 16;

fn configure(c: &mut Criterion) -> criterion::BenchmarkGroup<'_, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group("omaha");
    group
        .throughput(Throughput::Elements(DEALS as u64))
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group
}

fn high(c: &mut Criterion) {
    let mut group = configure(c);
    let mut out = vec![0u16; DEALS];
    let (h4, b4) = random_deals(4, 5, DEALS, 4);
    group.bench_function("plo4_high", |bench| {
        bench.iter(|| omaha_rank_rows::<4, 5>(black_box(&h4), black_box(&b4), &mut out))
    });
    let (h4f, b4f) = random_deals(4, 3, DEALS, 43);
    group.bench_function("plo4_high_flop", |bench| {
        bench.iter(|| omaha_rank_rows::<4, 3>(black_box(&h4f), black_box(&b4f), &mut out))
    });
    let (h5, b5) = random_deals(5, 5, DEALS, 5);
    group.bench_function("plo5_high", |bench| {
        bench.iter(|| omaha_rank_rows::<5, 5>(black_box(&h5), black_box(&b5), &mut out))
    });
    let (h6, b6) = random_deals(6, 5, DEALS, 6);
    group.bench_function("plo6_high", |bench| {
        bench.iter(|| omaha_rank_rows::<6, 5>(black_box(&h6), black_box(&b6), &mut out))
    });

    // One board prepared once, many holes: the equity engine's inner loop.
    let board = OmahaBoard::from_indices(&b4[..5]);
    let live: Vec<&[u8]> = h4
        .chunks_exact(4)
        .filter(|hole| !hole.iter().any(|c| b4[..5].contains(c)))
        .collect();
    let holes: Vec<u8> = live
        .iter()
        .cycle()
        .take(DEALS)
        .flat_map(|h| h.iter().copied())
        .collect();
    group.bench_function("plo4_high_prepared_board", |bench| {
        bench.iter(|| board.rank_rows::<4>(black_box(&holes), &mut out))
    });

    // The equity engine's loop: boards as masks, each prepared once for three holes.
    let board_masks: Vec<u64> = b4
        .chunks_exact(5)
        .map(|b| b.iter().fold(0, |m, &c| m | 1 << c))
        .collect();
    let three = [0x0F_u64 << 8, 0xF0 << 12, 0x0F << 44];
    let live_boards: Vec<u64> = board_masks
        .iter()
        .copied()
        .filter(|b| three.iter().all(|h| b & h == 0))
        .collect();
    group.finish();
    let mut group3 = c.benchmark_group("omaha_equity_loop");
    group3
        .throughput(Throughput::Elements(3 * live_boards.len() as u64))
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group3.bench_function("plo4_board_mask_rank_mask", |bench| {
        bench.iter(|| {
            let mut sum = 0u32;
            for &b in &live_boards {
                let board = OmahaBoard::from_mask(black_box(b));
                for &h in &three {
                    sum += u32::from(board.rank_mask(h).class());
                }
            }
            sum
        })
    });
    let prepared = three.map(OmahaHole::from_mask);
    group3.bench_function("plo4_board_mask_prepared_holes", |bench| {
        bench.iter(|| {
            let mut sum = 0u32;
            for &b in &live_boards {
                let board = OmahaBoard::from_mask(black_box(b));
                for h in &prepared {
                    sum += u32::from(board.rank_hole(h).class());
                }
            }
            sum
        })
    });
    group3.finish();
    let mut group = configure(c);

    // The scalar checked entry point, from card sets.
    let sets: Vec<(CardSet, CardSet)> = h4
        .chunks_exact(4)
        .zip(b4.chunks_exact(5))
        .map(|(h, b)| {
            let set = |cards: &[u8]| CardSet::from_mask(cards.iter().fold(0, |m, &c| m | 1 << c));
            (set(h).unwrap_or_default(), set(b).unwrap_or_default())
        })
        .collect();
    group.bench_function("plo4_high_scalar_checked", |bench| {
        bench.iter(|| {
            let mut sum = 0u32;
            for &(h, b) in &sets {
                sum +=
                    evaluate_omaha(black_box(h), black_box(b)).map_or(0, |r| u32::from(r.class()));
            }
            sum
        })
    });

    // The naive way, for scale: every 2 + 3 combination through the five-card evaluator.
    group.bench_function("plo4_high_brute_force_60", |bench| {
        bench.iter(|| {
            for ((hole, board), slot) in h4
                .chunks_exact(4)
                .zip(b4.chunks_exact(5))
                .zip(out.iter_mut())
            {
                let mut best = 0;
                for i in 0..4 {
                    for j in i + 1..4 {
                        for x in 0..5 {
                            for y in x + 1..5 {
                                for z in y + 1..5 {
                                    let five = [hole[i], hole[j], board[x], board[y], board[z]];
                                    best = best.max(rank_indices(&five).class());
                                }
                            }
                        }
                    }
                }
                *slot = best;
            }
        })
    });
    group.finish();
}

fn low_and_hilo(c: &mut Criterion) {
    let mut group = configure(c);
    let mut high = vec![0u16; DEALS];
    let mut low = vec![0u8; DEALS];
    let (h4, b4) = random_deals(4, 5, DEALS, 8);
    group.bench_function("plo4_low", |bench| {
        bench.iter(|| omaha_low_rows::<4, 5>(black_box(&h4), black_box(&b4), &mut low))
    });
    let (h6, b6) = random_deals(6, 5, DEALS, 9);
    group.bench_function("plo6_low", |bench| {
        bench.iter(|| omaha_low_rows::<6, 5>(black_box(&h6), black_box(&b6), &mut low))
    });
    group.bench_function("plo4_hilo", |bench| {
        bench.iter(|| omaha_hilo_rows::<4, 5>(black_box(&h4), black_box(&b4), &mut high, &mut low))
    });
    let (h5, b5) = random_deals(5, 5, DEALS, 10);
    group.bench_function("plo5_hilo", |bench| {
        bench.iter(|| omaha_hilo_rows::<5, 5>(black_box(&h5), black_box(&b5), &mut high, &mut low))
    });
    group.finish();
}

/// Every kernel on the same deals: high PLO4/5/6 and PLO4 on a flop, checked PLO4, low and
/// hi-lo.
fn kernels(c: &mut Criterion) {
    let mut group = c.benchmark_group("omaha_kernels");
    group
        .throughput(Throughput::Elements(DEALS as u64))
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let mut high = vec![0u16; DEALS];
    let mut low = vec![0u8; DEALS];
    let (h4, b4) = random_deals(4, 5, DEALS, 4);
    let (h4f, b4f) = random_deals(4, 3, DEALS, 43);
    let (h5, b5) = random_deals(5, 5, DEALS, 5);
    let (h6, b6) = random_deals(6, 5, DEALS, 6);
    for kernel in OmahaKernel::all() {
        let name = kernel.name();
        group.bench_function(format!("plo4_high/{name}"), |bench| {
            bench.iter(|| kernel.rank_rows::<4, 5>(black_box(&h4), black_box(&b4), &mut high))
        });
        group.bench_function(format!("plo4_high_flop/{name}"), |bench| {
            bench.iter(|| kernel.rank_rows::<4, 3>(black_box(&h4f), black_box(&b4f), &mut high))
        });
        group.bench_function(format!("plo5_high/{name}"), |bench| {
            bench.iter(|| kernel.rank_rows::<5, 5>(black_box(&h5), black_box(&b5), &mut high))
        });
        group.bench_function(format!("plo6_high/{name}"), |bench| {
            bench.iter(|| kernel.rank_rows::<6, 5>(black_box(&h6), black_box(&b6), &mut high))
        });
        group.bench_function(format!("plo4_rows_valid/{name}"), |bench| {
            bench.iter(|| kernel.rows_valid::<4, 5>(black_box(&h4), black_box(&b4), DEALS))
        });
        group.bench_function(format!("plo4_low/{name}"), |bench| {
            bench.iter(|| kernel.low_rows::<4, 5>(black_box(&h4), black_box(&b4), &mut low))
        });
        group.bench_function(format!("plo4_hilo/{name}"), |bench| {
            bench.iter(|| {
                kernel.hilo_rows::<4, 5>(black_box(&h4), black_box(&b4), &mut high, &mut low)
            })
        });
    }
    // The checked entry point the Python batch calls, on the chosen kernel.
    group.bench_function(
        format!("plo4_high_checked/{}", OmahaKernel::best().name()),
        |bench| {
            bench
                .iter(|| omaha_rank_rows_checked::<4, 5>(black_box(&h4), black_box(&b4), &mut high))
        },
    );
    group.finish();
}

criterion_group!(benches, kernels, high, low_and_hilo);
criterion_main!(benches);
