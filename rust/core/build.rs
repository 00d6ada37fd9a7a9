//! Generates the evaluator's lookup tables into `$OUT_DIR/tables.rs`.

use std::fmt::Write as _;
use std::path::PathBuf;

#[path = "src/eval/hash.rs"]
#[allow(dead_code)]
mod hash;

#[path = "src/eval/gen.rs"]
mod gen;

fn emit<T: std::fmt::Display>(out: &mut String, name: &str, ty: &str, items: &[T]) {
    let _ = writeln!(out, "pub static {name}: [{ty}; {}] = [", items.len());
    for chunk in items.chunks(24) {
        let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(out, "{},", line.join(","));
    }
    let _ = writeln!(out, "];");
}

fn main() {
    println!("cargo::rerun-if-changed=src/eval/hash.rs");
    println!("cargo::rerun-if-changed=src/eval/gen.rs");
    let tables = gen::build();
    let mut out = String::new();
    emit(&mut out, "RANK_TABLE", "u16", &tables.rank_table);
    emit(&mut out, "DISPLACEMENT", "u16", &tables.displacement);
    emit(&mut out, "FLUSH_TABLE", "u16", &tables.flush_table);
    emit(&mut out, "CLASS_VALUES", "u32", &tables.class_values);
    let dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));

    // Omaha: the 1.5 MB high table goes in as raw little-endian bytes, which the compiler
    // takes in at once, where an array literal of 770,000 numbers would take it seconds.
    let omaha = gen::build_omaha();
    let mut high: Vec<u8> = omaha.high.iter().flat_map(|v| v.to_le_bytes()).collect();
    // Padding, so that every row can be read as 256 bytes and a column from a byte needs
    // no bounds check.
    high.resize(high.len() + 256 - 2 * gen::OMAHA_PAIRS, 0);
    std::fs::write(dir.join("omaha_high.bin"), &high).expect("OUT_DIR is writable");
    let _ = writeln!(
        out,
        "pub static OMAHA_HIGH: &[u8; {}] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/omaha_high.bin\"));",
        high.len()
    );
    emit(&mut out, "OMAHA_ROW_TERMS", "u32", &omaha.row_terms);
    emit(&mut out, "OMAHA_ROW_BASE", "u32", &omaha.row_base);
    emit(&mut out, "OMAHA_PAIR_BYTES", "u8", &omaha.pair_bytes);
    emit(&mut out, "LOW_TABLE", "u8", &omaha.low);

    // Short deck, one rank table per order of trips and straights (the flush classes are
    // the same in both orders, so one flush table serves both), and the ace-to-five low.
    let trips_first = gen::build_short_deck(true);
    let straight_first = gen::build_short_deck(false);
    assert_eq!(trips_first.flush, straight_first.flush);
    emit(&mut out, "SHORT_FLUSH", "u16", &trips_first.flush);
    emit(
        &mut out,
        "SHORT_RANKS_TRIPS_FIRST",
        "u16",
        &trips_first.ranks,
    );
    emit(
        &mut out,
        "SHORT_RANKS_STRAIGHT_FIRST",
        "u16",
        &straight_first.ranks,
    );
    emit(
        &mut out,
        "SHORT_VALUES_TRIPS_FIRST",
        "u32",
        &trips_first.class_values,
    );
    emit(
        &mut out,
        "SHORT_VALUES_STRAIGHT_FIRST",
        "u32",
        &straight_first.class_values,
    );
    emit(
        &mut out,
        "SHORT_TERMS",
        "u32",
        &gen::multiset_terms(gen::SHORT_FIRST),
    );
    emit(&mut out, "SHORT_BASES", "u32", &gen::multiset_bases(9));
    let a5 = gen::build_a5();
    emit(&mut out, "A5_RANKS", "u16", &a5.ranks);
    emit(&mut out, "A5_VALUES", "u32", &a5.class_values);
    emit(&mut out, "A5_TERMS", "u32", &gen::multiset_terms(0));
    emit(&mut out, "A5_BASES", "u32", &gen::multiset_bases(13));

    std::fs::write(dir.join("tables.rs"), out).expect("OUT_DIR is writable");
}
