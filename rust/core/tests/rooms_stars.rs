//! PokerStars hands its clients wrote oddly, from real files (excerpts in
//! tests/data/rooms/pokerstars, their licence beside them): each is read as the room
//! played it, its totals those its summary states.

use crate::room_files::{file, hands};
use pokerforge_core::phh::{Arg, Verb};
use pokerforge_core::rooms::{phh_winnings, Cause, RoomHand};

/// Each step of `player`'s with `verb`: its cards.
fn cards_of(hand: &RoomHand, player: usize, verb: Verb) -> Vec<Vec<Option<u8>>> {
    hand.steps
        .iter()
        .filter(|s| s.player == Some(player) && s.verb == verb)
        .map(|s| match &s.arg {
            Arg::Cards(c) => c.clone(),
            _ => Vec::new(),
        })
        .collect()
}

fn card(text: &str) -> Option<u8> {
    Some(text.parse::<pokerforge_core::Card>().unwrap().index())
}

#[test]
fn a_blind_its_poster_has_no_chips_left_for_is_posted_for_nothing() {
    // Heads-up, the button all in on an ante of 1 writes no small blind: his blind is
    // the nothing he has left, and the big blind's 124 beyond his 1 are returned.
    let hand = &hands("pokerstars/single_draw_ante_all_in.txt")[0];
    assert_eq!(hand.players, ["Player0", "Hero"]);
    assert_eq!(
        (&hand.antes[..], &hand.blinds[..]),
        (&[25, 25][..], &[50, 100][..])
    );
    assert_eq!(hand.winnings, [2, 0]);
    // The room writes his opponent's 24 of antes nobody matched returned with the 100 of
    // the blind; the replay pays them to him as a pot of his own.
    assert_eq!(phh_winnings(hand).unwrap(), [26, 0]);
    // His draw, with no betting before it, replaces three of the five cards first dealt.
    let dealt = cards_of(hand, 1, Verb::DealHole);
    let first: Vec<_> = ["Qs", "5c", "5h", "2d", "2s"].map(card).to_vec();
    assert_eq!(dealt, [first, ["Ks", "9d", "Kd"].map(card).to_vec()]);
    // Eight handed, the big blind all in on his ante of 11: the others call the full 120.
    let hand = &hands("pokerstars/big_blind_all_in_on_ante.txt")[0];
    assert_eq!(&hand.blinds[..2], [60, 120]);
    assert_eq!((hand.total_pot, hand.winnings[6]), (Some(596), 596));
    // The big blind all in for 360 of 600: a call all in for 480 is to the blind's full
    // size, and so the small blind's "calls 180" (what 480 leaves to match).
    let hand = &hands("pokerstars/big_blind_short_all_in.txt")[0];
    assert_eq!(
        (hand.total_pot, hand.winnings.iter().max()),
        (Some(1920), Some(&1920))
    );
    // Only the small blind has chips after the flop: no street is checked through.
    let actions = hand.phh_actions();
    let flop = actions.iter().position(|a| a.starts_with("d db")).unwrap();
    assert!(
        actions[flop..].iter().all(|a| !a.ends_with(" cc")),
        "{actions:?}"
    );
}

#[test]
fn a_heads_up_button_written_on_the_big_blind_is_the_small_blinds_seat() {
    let hand = &hands("pokerstars/heads_up_button_big_blind.txt")[0];
    assert_eq!(hand.button, Some(7));
    assert_eq!(hand.players, ["Hero", "fblm2002"]);
    assert_eq!(
        (hand.blinds.clone(), hand.winnings.clone()),
        (vec![50, 100], vec![100, 0])
    );
}

#[test]
fn draws_written_garbled_are_cards_not_shown() {
    // "Hero: discards 2 cards []", then "Dealt to Hero [2s 7s 5h 3c Qh] [2s 7s 5h 3c Qh]"
    // (and a third draw of [Ad], which he never held, for [Qh], which he held): each of
    // his draws is read as cards not shown, as many as he drew.
    let hand = &hands("pokerstars/triple_draw_garbled_draws.txt")[0];
    let discards: Vec<usize> = cards_of(hand, 0, Verb::StandPatDiscard)
        .iter()
        .map(Vec::len)
        .collect();
    assert_eq!(discards, [2, 1, 1]);
    // (A hand known is known at each draw: his first five are not shown either.)
    let dealt = cards_of(hand, 0, Verb::DealHole);
    assert_eq!(
        dealt,
        [vec![None; 5], vec![None; 2], vec![None], vec![None]]
    );
    assert!(cards_of(hand, 0, Verb::StandPatDiscard)
        .iter()
        .flatten()
        .all(Option::is_none));
}

#[test]
fn a_turn_card_left_unwritten_is_the_summarys() {
    // "*** TURN *** [3c Jd 6d] []": the summary's board [3c Jd 6d Jh 5s] deals the Jh.
    let hand = &hands("pokerstars/omaha6_turn_unwritten.txt")[0];
    let board: Vec<Vec<Option<u8>>> = hand
        .steps
        .iter()
        .filter(|s| s.verb == Verb::DealBoard)
        .map(|s| match &s.arg {
            Arg::Cards(c) => c.clone(),
            _ => Vec::new(),
        })
        .collect();
    let expected = [vec!["3c", "Jd", "6d"], vec!["Jh"], vec!["5s"]];
    let expected: Vec<Vec<Option<u8>>> = expected
        .iter()
        .map(|cards| cards.iter().map(|c| card(c)).collect())
        .collect();
    assert_eq!(board, expected);
}

#[test]
fn a_hand_cut_mid_line_leaves_the_next_one_whole() {
    // "*** RIVER *** [4d Kh JPokerStars Hand #86564270670: ...": the first hand is cut
    // off; the second begins mid-line and is read.
    let hands = file("pokerstars/cut_mid_line.txt");
    assert_eq!(hands.len(), 2);
    let cut = hands[0].as_ref().unwrap_err();
    assert_eq!(
        (cut.cause, cut.number.as_deref()),
        (Cause::CutOff, Some("86564040647"))
    );
    let next = hands[1].as_ref().unwrap();
    let p7 = next.players.iter().position(|p| p == "Player7").unwrap();
    assert_eq!(
        (next.number.as_str(), next.winnings[p7]),
        ("86564270670", 100)
    );
}

#[test]
fn courchevel_hi_lo_is_a_game_of_the_table() {
    let hand = &hands("pokerstars/courchevel_hilo_run_twice.txt")[0];
    assert_eq!((hand.game, hand.code), ("courchevel-hilo", Some("PC/8")));
}

#[test]
fn a_game_whose_betting_changes_by_street_is_refused_by_name() {
    // "Hold'em Pot Limit Pre-Flop": pot-limit before the flop, no-limit after.
    let refused = file("pokerstars/pot_limit_preflop.txt");
    let refusal = refused[0].as_ref().unwrap_err();
    assert_eq!(refusal.cause, Cause::Game);
    assert!(refusal
        .message
        .contains("\"Hold'em Pot Limit Pre-Flop\" is a game"));
}
