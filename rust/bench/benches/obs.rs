//! The observation encoder in the core: one 6-max flop observation with a 16-action history,
//! and an information-set key; throughput in observations per second.
//!
//! `cargo bench -p pokerforge-core --bench obs`

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pokerforge_core::obs::{ActionKind, ActionSet, Entry, HandLog, Legal, ObsLayout, TableState};
use pokerforge_core::{Card, CardSet};

fn flop() -> HandLog {
    let holes = ["AhKh", "2c2d", "7s8s", "QcJc", "9d9h", "Ad5s"]
        .map(|t| t.parse::<CardSet>().expect("cards"))
        .to_vec();
    let mut log = HandLog::new(0, 2, 1, vec![200; 6], holes).expect("hand");
    let pre = [
        (3, 3, 6),
        (4, 0, 0),
        (5, 0, 0),
        (0, 2, 6),
        (1, 0, 0),
        (2, 2, 4),
    ];
    for (seat, kind, amount) in pre {
        let kind = ActionKind::from_code(kind).expect("kind");
        let entry = Entry {
            seat,
            kind,
            street: 0,
            all_in: false,
            amount,
        };
        log.push(entry).expect("entry");
    }
    log
}

fn bench(c: &mut Criterion) {
    let log = flop();
    let layout = ObsLayout::new(6, 16, ActionSet::standard()).expect("layout");
    let state = TableState {
        street: 1,
        board: "Qs7d2h".parse().expect("board"),
        stacks: &[194, 199, 194, 194, 200, 200],
        bets: &[0, 0, 0, 0, 0, 0],
        folded: &[false, true, false, false, true, true],
        total_pot: 19,
        actor: Some(2),
        legal: Legal {
            fold: true,
            check: true,
            call: 0,
            min_raise_to: Some(2),
            max_raise_to: Some(194),
        },
        holes: &[],
        up: &[],
        draws: &[],
        drawing: None,
    };
    let mut obs = vec![0.0f32; layout.size()];
    let (mut mask, mut amounts) = ([0u8; 6], [0i64; 6]);
    let mut group = c.benchmark_group("obs");
    group
        .throughput(Throughput::Elements(1))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("encode 6-max flop", |b| {
        b.iter(|| {
            layout
                .encode(
                    &log,
                    black_box(&state),
                    2,
                    &mut obs,
                    &mut mask,
                    &mut amounts,
                )
                .expect("encode");
            black_box(obs[0])
        })
    });
    let board: Vec<Card> = ["Qs", "7d", "2h"]
        .iter()
        .map(|c| c.parse().expect("card"))
        .collect();
    group.bench_function("infoset key", |b| {
        b.iter(|| log.infoset(black_box(2), &board).expect("key"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
