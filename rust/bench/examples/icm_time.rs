//! Times exact ICM: `icm_time N PLACES REPS` computes the prize equities of N players with
//! PLACES places paid (`100 / place`, as the criterion bench) REPS times and prints the wall and CPU time per call; under
//! `valgrind --tool=cachegrind`, the run with REPS calls less the run with none gives the
//! instructions per call, a figure that other work on the machine does not change.

use pokerforge_core::icm::{icm, IcmMethod, IcmOptions};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("N PLACES REPS"))
        .collect();
    let [n, places, reps] = args[..] else {
        panic!("usage: icm_time N PLACES REPS");
    };
    let stacks: Vec<f64> = (0..n)
        .map(|i| 1000.0 + 397.0 * ((i * 7) % 11) as f64)
        .collect();
    let payouts = pokerforge_bench::payouts(places);
    let exact = IcmOptions {
        method: IcmMethod::Exact,
        ..IcmOptions::default()
    };
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let mut sum = 0.0;
    for _ in 0..reps {
        let e = icm(std::hint::black_box(&stacks), &payouts, &exact, &|| false);
        sum += e.expect("valid stacks").equities[0];
    }
    let calls = reps.max(1) as f64;
    println!(
        "{n} players, {places} places: {:.2} us wall, {:.2} us CPU per call ({sum:.3})",
        wall.elapsed().as_secs_f64() * 1e6 / calls,
        (cpu_seconds() - cpu) * 1e6 / calls
    );
}

/// This process's user and system time, from /proc (Linux; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let fields: Vec<f64> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0.0))
        .collect();
    (fields.get(11).unwrap_or(&0.0) + fields.get(12).unwrap_or(&0.0)) / 100.0
}
