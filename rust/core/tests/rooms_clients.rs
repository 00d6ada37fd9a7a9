//! The text rooms' clients that write a hand otherwise than their room's usual layout
//! (excerpts of public parsers' fixtures in tests/data/rooms, their licences beside them):
//! PartyPoker's fixed-limit stakes, 888's translated cards and points between thousands,
//! WPN's older layout's capped tables, disconnected players and jackpot drops, Run It
//! Once's early raises and the chips it adds to a pot.

use pokerforge_core::rooms::Note;

use crate::room_files::hands;

#[test]
fn partypoker_writes_a_fixed_limit_games_bets() {
    // "$0.05/$0.10 USD FL": the bets; the blinds 0.02 and 0.05, "raises [$0.05 USD]" a
    // raise to 0.10.
    let hand = &hands("partypoker/fixed_limit.txt")[0];
    assert_eq!((hand.betting, hand.limits), ("fixed-limit", Some((5, 10))));
    assert_eq!(hand.blinds, [2, 5, 0]);
    assert_eq!(hand.phh_actions()[3..6], ["p3 cc", "p1 f", "p2 cbr 0.1"]);
    // "$15/$30 USD Texas Hold'em": no structure named, fixed-limit.
    let hand = &hands("partypoker/clients.txt")[0];
    assert_eq!(hand.places, 1);
    assert_eq!(
        (hand.betting, hand.limits),
        ("fixed-limit", Some((150, 300)))
    );
    assert_eq!(hand.blinds, [100, 150, 0, 0]);
    // A tournament's level changed since its game line ("Level: 3 Blinds(50/100)", then
    // "Blinds(100/200)" on a line of its own), its "#Game No" heading a blank line away.
    let hand = &hands("partypoker/clients.txt")[1];
    assert_eq!(
        (hand.number.as_str(), hand.tournament.as_deref()),
        ("8503894896", Some("47928230"))
    );
    assert_eq!(hand.blinds[..2], [100, 200]);
    // "raises 11302166 to 11302166", "is all-In.": a chip short of the 11,302,167 left.
    let hand = &hands("partypoker/clients.txt")[2];
    assert!(
        hand.phh_actions()
            .iter()
            .any(|a| a.ends_with(" cbr 11302167")),
        "{:?}",
        hand.phh_actions()
    );
}

#[test]
fn eight_eights_translated_clients_cards_and_thousands() {
    // Dutch: heer, vrouw, boer; "$ 3.243" beside "$ 552,72" is 3,243 dollars.
    let hand = &hands("888/translated_clients.txt")[0];
    assert_eq!(hand.language, "nl");
    assert!(hand.stacks.contains(&324_300));
    let actions = hand.phh_actions();
    assert!(actions
        .iter()
        .any(|a| a.ends_with("KcTd6h8h") || a.contains("Kc")));
    assert!(actions.contains(&"d db Qs".to_string()));
    // Spanish: picas, tréboles.
    let hand = &hands("888/translated_clients.txt")[1];
    assert_eq!(hand.language, "es");
    assert!(hand.phh_actions().contains(&"d db Kd2s5d".to_string()));
    // A tournament's chips with points between thousands: 854.876 is 854,876 chips.
    let hand = &hands("888/translated_clients.txt")[2];
    assert_eq!((hand.places, hand.stacks[0]), (0, 854_876));
    assert_eq!(hand.winnings.iter().sum::<i64>(), 1_183_764);
}

#[test]
fn wpn_older_layout_caps_disconnections_and_jackpot_drops() {
    // "- CAP -": 30 big blinds a hand, 300 at 5/10 ("caps (253.88)" to 280 on the flop).
    let hand = &hands("wpn/older_layout_capped_disconnected.txt")[0];
    assert_eq!(hand.stacks, [30_000; 6]);
    assert!(hand.phh_actions().contains(&"p5 cbr 280".to_string()));
    // Kept all-in for the 80 he had put in when he disconnected.
    let hand = &hands("wpn/older_layout_capped_disconnected.txt")[1];
    let p = hand.players.iter().position(|p| p == "Player0").unwrap();
    assert_eq!((hand.places, hand.stacks[p]), (2, 8_000));
    assert!(hand.notes.contains(&Note::AllInProtected {
        player: p,
        stack: 101_700
    }));
    // A jackpot table: 48 put in, 45.75 paid and 2 raked, the 0.25 drop unwritten.
    let hand = &hands("wpn/older_layout_jackpot_drop.txt")[0];
    assert!(hand.notes.contains(&Note::Unwritten { chips: 25 }) && hand.places == 2);
    assert_eq!(hand.winnings.iter().sum::<i64>(), 4575);
}

#[test]
fn run_it_once_early_raises_and_its_splash_the_pot() {
    // "raises 44.00 to 68" with 7 in: to 75, as the call of 51 and the pot of 382.76 say.
    let hand = &hands("rio/clients.txt")[0];
    assert!(hand.phh_actions().contains(&"p3 cbr 75".to_string()));
    assert_eq!(hand.total_pot, Some(38_276));
    // "STP added: €0.50": the room's 0.50 is paid beyond the players' pot of 0.15.
    let hand = &hands("rio/clients.txt")[1];
    let p = hand.players.iter().position(|p| p == "Dawson D").unwrap();
    assert_eq!(hand.winnings[p], 15);
    assert!(hand.notes.contains(&Note::Added {
        player: p,
        chips: 50
    }));
    assert_eq!(hand.total_pot, Some(15));
}
