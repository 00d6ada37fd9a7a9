//! Writes the heads-up pre-flop table (`rust/core/src/equity/preflop_heads_up.bin`) by
//! enumerating every board of each starting-hand class against every other hand.
//!
//! `cargo run --release -p pokerforge-core --example preflop_heads_up [PATH]`: writes to
//! PATH, or to `preflop_heads_up.bin` in the current directory without one. Takes a few
//! minutes on two cores.

use std::process::ExitCode;

use pokerforge_core::equity::heads_up::{enumerate, to_bytes};
use pokerforge_core::starting_hands::CLASSES;

fn main() -> ExitCode {
    let mut rows = Vec::with_capacity(CLASSES);
    for class in 0..CLASSES {
        let Some(row) = enumerate(class) else {
            eprintln!("preflop_heads_up: class {class} could not be enumerated");
            return ExitCode::FAILURE;
        };
        rows.push(row);
    }
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "preflop_heads_up.bin".to_string());
    match std::fs::write(&path, to_bytes(&rows)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("preflop_heads_up: {e}");
            ExitCode::FAILURE
        }
    }
}
