//! Winamax's layouts and conventions as its real files show them (excerpts of public
//! parsers' fixtures in tests/data/rooms/winamax, their licences beside them): each hand
//! pinned to the payouts, totals and actions its file writes.

use pokerforge_core::phh::{Arg, Verb};
use pokerforge_core::rooms::{Cause, Note, RoomHand};

use crate::room_files::{file, hands};

/// The player named `name`'s place in the hand.
fn place(hand: &RoomHand, name: &str) -> usize {
    hand.players
        .iter()
        .position(|p| p == name)
        .unwrap_or_else(|| panic!("{name} is not in hand {}", hand.number))
}

/// The cards of each draw (`sd`) in the hand, in order.
fn draws(hand: &RoomHand) -> Vec<usize> {
    hand.steps
        .iter()
        .filter(|s| s.verb == Verb::StandPatDiscard)
        .map(|s| match &s.arg {
            Arg::Cards(cards) => cards.len(),
            _ => usize::MAX,
        })
        .collect()
}

#[test]
fn draw_games_sections_and_discards() {
    // "*** FIRST-BET ***" ... "*** FIRST-DRAW ***": a betting round a section of its own,
    // each after its draw's; both players stand pat three times.
    let hand = &hands("winamax/triple_draw_27.txt")[0];
    assert_eq!(
        (hand.game, hand.betting, hand.limits),
        ("2-7-triple-draw", "fixed-limit", Some((2500, 5000)))
    );
    assert_eq!(draws(hand), [0; 6]);
    assert_eq!(hand.winnings[place(hand, "Player0")], 29_800);
    assert_eq!((hand.total_pot, hand.rake), (Some(29_800), Some(200)));

    // The play-money client: "Lowball27 fixed limit (0.50/1)", "discard 2 cards" (the
    // cards not written), "discard 0 card" standing pat; three big blinds out of position.
    let hand = &hands("winamax/lowball27_play_money.txt")[0];
    assert_eq!(hand.game, "2-7-triple-draw");
    assert_eq!(draws(hand), [2, 2, 4, 2, 0, 2, 2, 1, 0, 1, 1, 0]);
    let late: Vec<usize> = ["Player4", "Player3", "Player2"]
        .iter()
        .map(|n| place(hand, n))
        .collect();
    let mut posts: Vec<usize> = hand.posts.iter().map(|p| p.0).collect();
    posts.sort_unstable();
    let mut want = late.clone();
    want.sort_unstable();
    assert_eq!(posts, want);
    assert!(hand.posts.iter().all(|p| (p.1, p.2) == (50, 0)));
    assert_eq!(hand.winnings[place(hand, "Player2")], 1215);
}

#[test]
fn stud_of_the_play_money_client_refused_and_a_raise_written_added() {
    // "(0.01/0.05/0.10)", "*** THIRD ***", "Player1 bring-in 0.02": read, but no "Dealt
    // to" line at all, so who brings in (the lowest up card) is not known: refused by
    // that cause.
    let refused = file("winamax/stud_play_money.txt")[0].clone().unwrap_err();
    assert_eq!((refused.cause, refused.line), (Cause::Cards, Some(11)));

    // "Player0 raises -6.10€ to 18.90€" after his bring-in of 10€, against 25€: the 18.90€
    // he had left put in, to 28.90€ (Player1 then calls 3.90€).
    let hand = &hands("winamax/stud_raise_written_added.txt")[0];
    let p0 = place(hand, "Player0");
    assert!(hand
        .steps
        .iter()
        .any(|s| s.player == Some(p0) && s.verb == Verb::BetRaise && s.arg == Arg::Chips(2890)));
    assert_eq!(hand.winnings[p0], 7030);
}

#[test]
fn blinds_posted_one_after_the_other_and_a_short_big_blind() {
    // "posts small blind 3€ out of position", "posts big blind 0€ out of position": both
    // blinds, the big blind's 2€ live and 1€ dead; he checks pre-flop.
    let hand = &hands("winamax/omaha_both_blinds.txt")[0];
    let p4 = place(hand, "Player4");
    assert_eq!(hand.posts, [(p4, 200, 100)]);
    assert_eq!(hand.winnings[p4], 1548);

    // "(50/200/400)": ante 50, blinds 200/400; the big blind posted all-in for 119 is
    // the level's, short.
    let hand = &hands("winamax/short_big_blind.txt")[0];
    let (sb, bb) = (place(hand, "Hero"), place(hand, "Player2"));
    assert_eq!((hand.blinds[sb], hand.blinds[bb]), (200, 400));
    assert_eq!(hand.stacks[bb], 169);
}

#[test]
fn rounded_totals_and_a_raise_nobody_could_call() {
    // "Total pot 17.68k" for 17,685 put in: the client prints a binary fraction, and
    // 17.685 is stored a hair below the half.
    let hand = &hands("winamax/rounded_total_halfway.txt")[0];
    assert_eq!(hand.total_pot, Some(17_685));
    assert_eq!(hand.winnings[place(hand, "fashion13")], 8640);

    // "besancon2500 raises 230 to 2610 and is all-in" over an all-in bet of 2,380: no
    // one could call it; the room pays the 230 back as "side pot 1", with the pot and in
    // its total. It is returned, and the raise a call.
    let hand = &hands("winamax/raise_nobody_could_call.txt")[0];
    let b = place(hand, "besancon2500");
    assert!(hand.notes.contains(&Note::Returned {
        player: b,
        chips: 230
    }));
    assert_eq!((hand.winnings[b], hand.total_pot), (0, Some(6040)));
    let bets: Vec<Verb> = (hand.steps.iter())
        .filter(|s| s.player == Some(b) && s.verb != Verb::ShowMuck)
        .map(|s| s.verb)
        .collect();
    assert_eq!(bets.last(), Some(&Verb::CheckCall));
}
