//! Every hand of a folder of history files through the core's room readers: per room, the
//! hands, those read with their file's totals and the refusals by cause; with a room's code
//! after the folder, each of that room's refusals (file, line, message).
//!
//! Usage: cargo run --example rooms_refusals -- FOLDER [ROOM]

use pokerforge_core::rooms::read_file;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(folder) = args.get(1) else {
        eprintln!("usage: rooms_refusals FOLDER [ROOM]");
        std::process::exit(2);
    };
    let show = args.get(2);
    let mut paths = Vec::new();
    files(Path::new(folder), &mut paths);
    paths.sort();
    // room -> (hands, read, cause -> count)
    let mut rooms: BTreeMap<String, (usize, usize, BTreeMap<String, usize>)> = BTreeMap::new();
    for path in &paths {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let file = read_file(&bytes);
        let file_room = file.detected.map_or("?", |d| d.room.code);
        for hand in &file.hands {
            match hand {
                Ok(h) => {
                    let e = rooms.entry(h.room.to_string()).or_default();
                    e.0 += 1;
                    e.1 += 1;
                }
                Err(r) => {
                    let room = r.room.unwrap_or(file_room);
                    let e = rooms.entry(room.to_string()).or_default();
                    e.0 += 1;
                    *e.2.entry(r.cause.name().to_string()).or_default() += 1;
                    if show.is_some_and(|s| s == room) {
                        println!(
                            "{}:{}: {} {}",
                            path.display(),
                            r.line.unwrap_or(r.first_line),
                            r.cause.name(),
                            r.message
                        );
                    }
                }
            }
        }
    }
    for (room, (hands, read, causes)) in &rooms {
        let pct = 100.0 * *read as f64 / (*hands).max(1) as f64;
        let causes: Vec<String> = causes.iter().map(|(c, n)| format!("{c} {n}")).collect();
        println!(
            "{room:5} {read:5} / {hands:5} ({pct:.1} %)  {}",
            causes.join(", ")
        );
    }
}
