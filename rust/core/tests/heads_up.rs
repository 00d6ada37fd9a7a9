//! The heads-up pre-flop table against live enumeration: whole rows of the committed table
//! (a pair, suited and offsuit hands, each against every opponent hand) counted afresh.

use pokerforge_core::equity::heads_up::{enumerate, lookup, row, Matchup, BOARDS};
use pokerforge_core::starting_hands::{class_index, class_name, CLASSES};
use pokerforge_core::CardSet;

#[test]
fn rows_match_enumeration() {
    // A pair, suited and offsuit hands: every opponent of each, 1,225 hands a row.
    for hand in ["AsAh", "AhKh", "AhKd", "2c2d", "Tc3d", "7d2c"] {
        let class = class_index(hand.parse().unwrap()).unwrap();
        assert!(class < CLASSES);
        assert_eq!(enumerate(class), row(class), "{:?}", class_name(class));
    }
}

#[test]
fn known_matchups() {
    let hand = |t: &str| t.parse::<CardSet>().unwrap();
    // AhAs against KdKc: 1,388,072 wins, 6,538 ties, 317,694 losses.
    let m = lookup(hand("AhAs"), hand("KdKc")).unwrap();
    assert_eq!((m.wins, m.ties, m.losses()), (1_388_072, 6_538, 317_694));
    // Suit renaming changes nothing, whichever hand is first.
    let renamed = lookup(hand("AcAd"), hand("KhKs")).unwrap();
    assert_eq!(m, renamed);
    let back = lookup(hand("KdKc"), hand("AhAs")).unwrap();
    assert_eq!((back.wins, back.ties), (m.losses(), m.ties));
    assert_eq!(m.wins as u64 + m.ties as u64 + m.losses() as u64, BOARDS);
    assert_eq!(lookup(hand("AhAs"), hand("AhKd")), None);
    assert_eq!(lookup(hand("AhAsKs"), hand("2c3c")), None);
    assert_ne!(lookup(hand("7h2c"), hand("AsKs")), Some(Matchup::default()));
}
