//! Hold'em evaluator benchmarks: random hands from memory, the batch loop (the active path,
//! and each path this CPU has: scalar, AVX2, AVX-512), and the whole seven-card space.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pokerforge_bench::random_rows;
use pokerforge_core::eval::high::{rank_indices, rank_mask, HandKey};
use pokerforge_core::eval::{rank_rows, rank_rows_checked, rank_rows_using, Kernel};

const HANDS: usize = 1 << 16;

fn bench_random(c: &mut Criterion) {
    let hands = random_rows(7, HANDS, 1);
    let masks: Vec<u64> = hands
        .chunks_exact(7)
        .map(|h| h.iter().fold(0u64, |m, &c| m | 1 << c))
        .collect();
    let mut group = c.benchmark_group("holdem7");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.bench_function("indices", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for h in black_box(&hands).chunks_exact(7) {
                sum = sum.wrapping_add(u32::from(rank_indices(h).class()));
            }
            sum
        })
    });
    group.bench_function("mask", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for &m in black_box(&masks) {
                sum = sum.wrapping_add(u32::from(rank_mask(m).class()));
            }
            sum
        })
    });
    let mut out = vec![0u16; HANDS];
    group.bench_function("batch_rows", |b| {
        b.iter(|| rank_rows::<7>(black_box(&hands), &mut out))
    });
    group.bench_function("batch_rows_checked", |b| {
        b.iter(|| rank_rows_checked::<7>(black_box(&hands), &mut out))
    });
    // Each batch path on its own (the ones this CPU has); `batch_rows` is the active one.
    for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
        group.bench_function(format!("batch_rows_{}", kernel.name()), |b| {
            b.iter(|| rank_rows_using::<7>(kernel, black_box(&hands), &mut out))
        });
    }
    group.finish();
}

fn bench_enumerate(c: &mut Criterion) {
    let mut group = c.benchmark_group("holdem7_all");
    group.sample_size(10);
    group.throughput(Throughput::Elements(133_784_560));
    group.bench_function("enumerate_all_7_card_hands", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            let k0 = HandKey::EMPTY;
            for a in 0..52u8 {
                let k1 = k0.add_index(a);
                for b in a + 1..52 {
                    let k2 = k1.add_index(b);
                    for c in b + 1..52 {
                        let k3 = k2.add_index(c);
                        for d in c + 1..52 {
                            let k4 = k3.add_index(d);
                            for e in d + 1..52 {
                                let k5 = k4.add_index(e);
                                for f in e + 1..52 {
                                    let k6 = k5.add_index(f);
                                    for g in f + 1..52 {
                                        sum += u64::from(k6.add_index(g).rank().class());
                                    }
                                }
                            }
                        }
                    }
                }
            }
            sum
        })
    });
    group.finish();
}

criterion_group!(benches, bench_random, bench_enumerate);
criterion_main!(benches);
