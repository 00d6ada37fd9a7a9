//! The PHH reader in the core over the public dataset's HandHQ sample (41 hands, repeated
//! 25 times): tables cut, fields read, each hand's steps read; throughput in hands per
//! second, Python left out (the bindings then build the Python objects).
//!
//! `cargo bench -p pokerforge-core --bench phh`

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pokerforge_core::phh::{read_fields, read_steps, split_tables};

const SAMPLE: &str = include_str!("../../../tests/data/phh/handhq_abs_100nlh.phhs");

fn bench(c: &mut Criterion) {
    let text = SAMPLE.repeat(25);
    let hands = split_tables(&text, 1, true).tables.len() as u64;
    let mut group = c.benchmark_group("phh");
    group.throughput(Throughput::Elements(hands));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("split", |b| {
        b.iter(|| black_box(split_tables(black_box(&text), 1, true)))
    });
    group.bench_function("split, fields and steps", |b| {
        b.iter(|| {
            let split = split_tables(black_box(&text), 1, true);
            let mut steps = 0;
            for table in split.tables {
                if let Ok(fields) = read_fields(table.body) {
                    steps += read_steps(&fields).map_or(0, |s| s.steps.len());
                }
            }
            black_box(steps)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
