//! The rooms' test files (excerpts of public parsers' fixtures in tests/data/rooms, their
//! licences beside them), read by the core's readers.

use pokerforge_core::rooms::{check_totals, read_file, Refusal, RoomHand};

/// Each hand of the file `name` (under tests/data/rooms), read or refused.
pub fn file(name: &str) -> Vec<Result<RoomHand, Refusal>> {
    let path = format!(
        "{}/../../tests/data/rooms/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    read_file(&bytes).hands
}

/// Each hand of the file `name`, all read.
pub fn read(name: &str) -> Vec<RoomHand> {
    file(name)
        .into_iter()
        .map(|h| h.unwrap_or_else(|r| panic!("{name}: {r}")))
        .collect()
}

/// Each hand of the file `name`, all read and each adding up to the totals its file
/// writes.
pub fn hands(name: &str) -> Vec<RoomHand> {
    let hands = read(name);
    for hand in &hands {
        check_totals(hand).unwrap_or_else(|e| panic!("{name} {}: {e}", hand.number));
    }
    hands
}
