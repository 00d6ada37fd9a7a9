//! Times a push/fold equilibrium at a table: `push_fold_time N [TOLERANCE]` solves the ICM spot of N
//! players (stacks `6 + (5i mod 7)` big blinds, ante 0.1, payouts 50/30/20) to the tolerance (in big
//! blinds' worth of prize equity; default 1e-3) and prints the time, the rounds and the exploitability reached.

use pokerforge_core::icm::heads_up::Matchups;
use pokerforge_core::icm::push_fold::{solve, SolveOptions};
use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .expect("usage: push_fold_time N [TOLERANCE]");
    let matchups = Matchups::shared();
    let spot = pokerforge_bench::table_spot(n);
    let mut options = SolveOptions::default();
    if let Some(tolerance) = std::env::args().nth(2).and_then(|a| a.parse().ok()) {
        options.tolerance = tolerance;
    }
    let start = Instant::now();
    let s = solve(&spot, &options, matchups, &|| false).expect("a valid spot");
    println!(
        "{n} players: {:.2} s, {} rounds, exploitability {:.2e} (converged: {})",
        start.elapsed().as_secs_f64(),
        s.iterations,
        s.exploitability,
        s.converged
    );
}
