//! Every Omaha batch kernel this CPU has, in turns, timed in the thread's CPU time (Linux's
//! `/proc/thread-self/schedstat`) rather than wall time: on a shared, busy machine the
//! wall clock counts other programs' turns, the CPU time much less so. One thread; random
//! river deals from memory, as the criterion bench (`--bench omaha`) deals them.
//!
//! `cargo run --release -p pokerforge-bench --example omaha_kernels_cpu [rounds]`

use std::hint::black_box;

use pokerforge_bench::random_deals;
use pokerforge_core::eval::OmahaKernel;

const DEALS: usize = 1 << 16;
/// Calls a turn: enough CPU time (tens of milliseconds) that the scheduler's bookkeeping,
/// brought up to date at its ticks, is a small error.
const CALLS: usize = 40;

/// One workload: a kernel's batch call, writing highs, lows or both.
type Work<'a> = dyn Fn(OmahaKernel, &mut [u16], &mut [u8]) + 'a;

/// The thread's CPU time so far, in nanoseconds (the first field of its schedstat).
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let (h4, b4) = random_deals(4, 5, DEALS, 4);
    let (h6, b6) = random_deals(6, 5, DEALS, 6);
    let mut high = vec![0u16; DEALS];
    let mut low = vec![0u8; DEALS];
    let kernels = OmahaKernel::all();
    let work: [(&str, &Work); 4] = [
        ("plo4 high", &|k, high, _| {
            k.rank_rows::<4, 5>(black_box(&h4), black_box(&b4), high)
        }),
        ("plo6 high", &|k, high, _| {
            k.rank_rows::<6, 5>(black_box(&h6), black_box(&b6), high)
        }),
        ("plo4 low", &|k, _, low| {
            k.low_rows::<4, 5>(black_box(&h4), black_box(&b4), low)
        }),
        ("plo4 hi-lo", &|k, high, low| {
            k.hilo_rows::<4, 5>(black_box(&h4), black_box(&b4), high, low)
        }),
    ];
    // The best of `rounds` turns each, the kernels taking turns so that a busy spell falls
    // on all of them.
    let mut best = vec![[u64::MAX; 4]; kernels.len()];
    for _ in 0..rounds {
        for (k, &kernel) in kernels.iter().enumerate() {
            for (w, (_, run)) in work.iter().enumerate() {
                let start = cpu_ns();
                for _ in 0..CALLS {
                    run(kernel, &mut high, &mut low);
                }
                best[k][w] = best[k][w].min(cpu_ns() - start);
            }
        }
    }
    println!("hands per CPU second, best of {rounds} turns of {CALLS} x {DEALS} deals");
    for (w, (name, _)) in work.iter().enumerate() {
        let line: Vec<String> = kernels
            .iter()
            .zip(&best)
            .map(|(k, b)| {
                format!(
                    "{} {:.1} M",
                    k.name(),
                    1e3 * (CALLS * DEALS) as f64 / b[w] as f64
                )
            })
            .collect();
        println!("{name}: {}", line.join(", "));
    }
}
