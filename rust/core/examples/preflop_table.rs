//! Writes the heads-up pre-flop table (`rust/core/src/equity/preflop_vs_random.txt`) by
//! enumerating every deal of each starting-hand class against a random hand.
//!
//! `cargo run --release -p pokerforge-core --example preflop_table [PATH]`: writes to PATH,
//! or to standard output without one. Takes about a minute on two cores.

use std::io::Write;
use std::process::ExitCode;

use pokerforge_core::equity::preflop::{enumerate, to_text};
use pokerforge_core::starting_hands::CLASSES;
use rayon::prelude::*;

fn main() -> ExitCode {
    let entries: Option<Vec<_>> = (0..CLASSES).into_par_iter().map(enumerate).collect();
    let Some(entries) = entries else {
        eprintln!("preflop_table: a class could not be enumerated");
        return ExitCode::FAILURE;
    };
    let text = to_text(&entries);
    let written = match std::env::args().nth(1) {
        Some(path) => std::fs::write(&path, text),
        None => std::io::stdout().write_all(text.as_bytes()),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("preflop_table: {e}");
            ExitCode::FAILURE
        }
    }
}
