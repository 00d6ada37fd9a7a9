//! Solves the solver issue's reference spots (board Td9d6h, pot 200, stacks 900, bets 50%
//! and all-in, raises 2.5x, all-in threshold 0.15, merging 0.1, target 0.5% of the pot),
//! printing time, iterations, exploitability, memory and the root strategy.
//!
//! `cargo run --release -p pokerforge-bench --example solve_spot -- turn [compress] [dump] [percent]`
//! (street: river, turn or flop; `compress` for 16-bit storage; `dump` writes each hand's
//! root EV and strategy to the file named after it, for comparison with another solver).

use std::io::Write;
use std::time::Instant;

use pokerforge_core::solver::{Game, GameOptions, SolveOptions, Spot};
use pokerforge_core::{CardSet, Range};

const OOP: &str = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s";
const IP: &str = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let street = args.get(1).map_or("turn", String::as_str);
    let compressed = args.get(2).map(String::as_str) == Some("compress");
    let board = match street {
        "river" => "Td9d6hQc2s",
        "turn" => "Td9d6hQc",
        _ => "Td9d6h",
    };
    let start = Instant::now();
    let board = CardSet::from_cards(CardSet::parse_cards(board)?)?;
    let ranges = [Range::parse(OOP)?, Range::parse(IP)?];
    let spot = Spot::new(board, ranges, 200, 900, "50%, a", "2.5x")?;
    let options = GameOptions {
        compressed,
        ..GameOptions::default()
    };
    let estimate = Game::estimate(&spot, options)?;
    let mut game = Game::new(spot.clone(), options)?;
    let built = start.elapsed().as_secs_f64();
    // An optional fifth argument: the target in percent of the pot (0.5 by default).
    let percent = args.get(4).and_then(|x| x.parse().ok()).unwrap_or(0.5);
    let mut solve = SolveOptions::percent_of_pot(&spot, percent);
    // An optional sixth argument: the most iterations (to compare builds on equal work).
    solve.max_iterations = args.get(5).and_then(|x| x.parse().ok()).unwrap_or(100_000);
    // Each measure of the exploitability, to standard error.
    let mut last = f64::INFINITY;
    let progress = game.solve(&solve, &mut |p| {
        if p.exploitability != last {
            last = p.exploitability;
            eprintln!(
                "  iteration {}: exploitability {:.4}% of the pot, {:.2} s",
                p.iterations,
                p.exploitability / f64::from(spot.pot) * 100.0,
                p.seconds
            );
        }
        false
    })?;
    let secs = start.elapsed().as_secs_f64();
    println!(
        "pokerforge {street} compress={compressed}: {secs:.3} s ({built:.3} s building), {} iterations, \
         exploitability {:.4} ({:.3}% of pot), memory {:.1} MB (estimate {:.1} MB, {:.1} MB compressed), {} nodes",
        progress.iterations,
        progress.exploitability,
        progress.exploitability / 2.0,
        game.memory_bytes() as f64 / 1e6,
        estimate.bytes as f64 / 1e6,
        estimate.compressed_bytes as f64 / 1e6,
        estimate.nodes,
    );
    let actions = game.actions(game.root());
    let strategy = game.strategy(game.root())?;
    let hands = game.hands(0);
    let n = hands.len();
    let total: f32 = hands.iter().map(|h| h.1).sum();
    for (a, action) in actions.iter().enumerate() {
        let f: f32 = (0..n)
            .map(|h| strategy[a * n + h] * hands[h].1)
            .sum::<f32>()
            / total;
        println!("  root {action}: {f:.4}");
    }
    let [v0, v1] = game.values();
    let half = f64::from(spot.pot) / 2.0;
    println!(
        "  root EV oop {:.3} ip {:.3} (with the pot's halves)",
        v0 + half,
        v1 + half
    );
    if let Some(path) = args.get(3) {
        let mut f = std::fs::File::create(path)?;
        for p in 0..2 {
            let ev = game.hand_values(p);
            for (h, (combo, _)) in game.hands(p).iter().enumerate() {
                let st: Vec<String> = if p == 0 {
                    (0..actions.len())
                        .map(|a| format!("{:.5}", strategy[a * n + h]))
                        .collect()
                } else {
                    Vec::new()
                };
                writeln!(f, "{p} {combo} {:.5} {}", ev[h] + half, st.join(" "))?;
            }
        }
    }
    Ok(())
}
