//! Prints, for a fixed list of equity set-ups, the exact path's estimated and measured
//! seconds on one thread: the data behind `Method::Auto`'s per-class costs.
//!
//! `cargo run --release -p pokerforge-bench --example calibrate_auto`

fn main() -> Result<(), pokerforge_core::Error> {
    for line in pokerforge_core::equity::calibration_report()? {
        println!("{line}");
    }
    Ok(())
}
