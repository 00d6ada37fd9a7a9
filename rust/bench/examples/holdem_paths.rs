//! Times the Hold'em batch paths in turns in one run: `holdem_paths [ROUNDS] [K] [ROWS]`
//! ranks the same ROWS random rows (default 65,536, which stay in L2; a million, as the
//! Python benchmarks use, stream from memory) of K cards (default 7) with each path this CPU has (scalar,
//! AVX2, AVX-512), with the scalar `rank_indices` loop and checked with each path
//! (`rank_rows_checked_using`: each block checked, then ranked, or for AVX-512 with
//! VPOPCNTDQ checked inside the kernel, "fused"), one after another, ROUNDS times
//! (default 300), and prints each one's median and best nanoseconds a hand. On a shared
//! machine, taking the paths in turns keeps their ratio honest when the load changes.

use std::hint::black_box;
use std::time::Instant;

use pokerforge_bench::random_rows;
use pokerforge_core::eval::high::rank_indices;
use pokerforge_core::eval::{rank_rows_checked_using, rank_rows_using, Kernel};

fn run<const K: usize>(rounds: usize, hands: usize) {
    let rows = random_rows(K, hands, 1);
    let kernels: Vec<Kernel> = Kernel::ALL
        .into_iter()
        .filter(|k| k.is_available())
        .collect();
    let mut out = vec![0u16; hands];
    let paths = kernels.len();
    let entries = 2 * paths + 1;
    let mut times = vec![Vec::new(); entries];
    for r in 0..rounds {
        for i in 0..entries {
            // Rotate the order each round so no path always follows the same one.
            let which = (i + r) % entries;
            let t = Instant::now();
            if which > paths {
                let checked = rank_rows_checked_using::<K>(
                    kernels[which - paths - 1],
                    black_box(&rows),
                    &mut out,
                );
                black_box(checked).expect("available").expect("valid rows");
            } else if which == paths {
                let mut sum = 0u32;
                for h in black_box(&rows).chunks_exact(K) {
                    sum = sum.wrapping_add(u32::from(rank_indices(h).class()));
                }
                black_box(sum);
            } else {
                rank_rows_using::<K>(kernels[which], black_box(&rows), &mut out);
                black_box(&out);
            }
            times[which].push(t.elapsed().as_secs_f64() * 1e9 / hands as f64);
        }
    }
    println!("{K}-card rows, {hands} random hands x {rounds} rounds, in turns");
    let names: Vec<String> = kernels
        .iter()
        .map(|k| format!("rank_rows_using({})", k.name()))
        .chain(["rank_indices loop".to_string()])
        .chain(kernels.iter().map(|k| {
            let how = if k.checks_in_kernel() { ", fused" } else { "" };
            let active = if *k == Kernel::active() {
                ", active"
            } else {
                ""
            };
            format!("checked({}{how}{active})", k.name())
        }))
        .collect();
    for (name, t) in names.iter().zip(&mut times) {
        t.sort_by(f64::total_cmp);
        let median = t[t.len() / 2];
        println!(
            "{name:<28} median {median:.3} ns/hand ({:.0} M/s)  best {:.3} ns ({:.0} M/s)",
            1e3 / median,
            t[0],
            1e3 / t[0]
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds = args.next().map_or(300, |a| a.parse().expect("ROUNDS"));
    let k = args.next();
    let hands = args.next().map_or(1 << 16, |a| a.parse().expect("ROWS"));
    match k.as_deref() {
        None | Some("7") => run::<7>(rounds, hands),
        Some("6") => run::<6>(rounds, hands),
        Some("5") => run::<5>(rounds, hands),
        Some(k) => panic!("K must be 5, 6 or 7, not {k}"),
    }
}
