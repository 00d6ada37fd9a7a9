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
    std::fs::write(dir.join("tables.rs"), out).expect("OUT_DIR is writable");
}
