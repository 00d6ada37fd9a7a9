//! GGPoker's, Full Tilt's, Bovada's and PokerStars' ways beyond the common layout, on
//! excerpts of real files (tests/data/rooms, their licences beside them): straddles written
//! as totals, a Cash Drop, Full Tilt's own sections, posts and sitting-out players, Bovada's
//! both blinds at once, a raise nobody can call, and the refusals the rules leave.

use pokerforge_core::phh::Verb;
use pokerforge_core::rooms::{phh_winnings, Cause, Note};

use crate::room_files::{file, hands};

#[test]
fn ggpoker_straddles_and_its_cash_drop() {
    // The big blind's own straddle to $100 is his blind.
    let hand = &hands("ggpoker/big_blind_straddle.txt")[0];
    assert_eq!(hand.blinds, [2500, 10000, 0]);
    // A straddle of $0.50, then of $15.35 all-in: one straddle, the total.
    let hand = &hands("ggpoker/over_straddle.txt")[0];
    assert_eq!(hand.blinds, [10, 25, 1535]);
    // A button straddle and 6+ Hold'em straddles from another seat than the button's.
    let refused = file("ggpoker/button_straddle.txt");
    assert_eq!(refused[0].as_ref().unwrap_err().cause, Cause::Blinds);
    let short_deck = file("ggpoker/short_deck_straddles.txt");
    let causes: Vec<Option<Cause>> = short_deck
        .iter()
        .map(|h| h.as_ref().err().map(|r| r.cause))
        .collect();
    assert_eq!(
        causes,
        [
            Some(Cause::Blinds),
            None,
            Some(Cause::Blinds),
            Some(Cause::Blinds)
        ]
    );
    // $0.20 of GGPoker's in a pot of $2.81: not the players', paid to the winner beside
    // the pot (the record's pot and winnings are the players' chips: $2.61, and $2.53
    // paid), in pot-limit as in any game.
    let hand = &hands("ggpoker/cash_drop.txt")[0];
    assert_eq!(hand.betting, "pot-limit");
    let winner = hand.notes.iter().find_map(|n| match n {
        Note::Added { player, chips: 20 } => Some(*player),
        _ => None,
    });
    let winner = winner.expect("the Cash Drop noted");
    assert_eq!((hand.total_pot, hand.winnings[winner]), (Some(261), 253));
    assert_eq!(phh_winnings(hand).unwrap()[winner], 253);
}

#[test]
fn a_missed_blind_posted_dead_leaves_the_uncalled_bet_of_live_chips() {
    let hand = &hands("ggpoker/missed_blind_run_twice.txt")[0];
    assert_eq!(hand.posts, [(3, 500, 200)]);
    assert!(hand.notes.contains(&Note::Returned {
        player: 0,
        chips: 1600
    }));
    assert!(hand.notes.contains(&Note::Runouts(2)));
}

#[test]
fn full_tilts_sections_posts_and_seats() {
    let hand = &hands("fulltilt/run_twice_side_pot.txt")[0];
    assert!(hand.notes.contains(&Note::Runouts(2)));
    let mut paid: Vec<i64> = hand.winnings.iter().copied().filter(|&w| w > 0).collect();
    paid.sort_unstable();
    assert_eq!(paid, [7760, 15395]);
    let hand = &hands("fulltilt/courchevel.txt")[0];
    assert_eq!(hand.game, "courchevel");
    let hand = &hands("fulltilt/capped_omaha.txt")[0];
    assert_eq!(hand.stacks, [4000; 5]); // capped at $400, in dimes
    let hand = &hands("fulltilt/live_post.txt")[0];
    assert_eq!(hand.posts, [(3, 500, 250)]);
    // The button's seat 4 is empty: the small blind in seat 5 is the first player.
    let hand = &hands("fulltilt/empty_button_seat.txt")[0];
    assert_eq!(
        (hand.players[0].as_str(), hand.blinds[..2].to_vec()),
        ("Player1", vec![20, 40])
    );
    let hand = &hands("fulltilt/board_in_summary.txt")[0];
    let boards = hand
        .steps
        .iter()
        .filter(|s| s.verb == Verb::DealBoard)
        .count();
    assert_eq!(boards, 3); // the flop, the turn and the river from the summary
                           // The small blind posted, the other player sitting out, a pot of 0: never dealt.
    let never = file("fulltilt/never_dealt.txt");
    assert_eq!(never[0].as_ref().unwrap_err().cause, Cause::Cancelled);
    // "Player2 is sitting out": no ante, not dealt in.
    let both = hands("fulltilt/stud_sitting_out.txt");
    assert!(!both[0].players.iter().any(|p| p == "Player2"));
    assert_eq!(both[0].antes, [4; 5]);
}

#[test]
fn bovadas_both_blinds_and_stud_showdown() {
    let hand = &hands("bovada/dead_chip_both_blinds.txt")[0];
    assert_eq!(hand.posts, [(3, 1000, 500)]);
    let hand = &hands("bovada/stud_hilo_showdown.txt")[0];
    assert_eq!(hand.winnings.iter().filter(|&&w| w == 7350).count(), 2);
}

#[test]
fn a_raise_nobody_can_call_is_the_call_it_leaves_in() {
    let hand = &hands("pokerstars/uncallable_raise.txt")[0];
    let by_p4: Vec<Verb> = hand
        .steps
        .iter()
        .filter(|s| s.player == Some(3) && s.verb != Verb::DealHole)
        .map(|s| s.verb)
        .collect();
    assert_eq!(by_p4, [Verb::BetRaise, Verb::CheckCall, Verb::ShowMuck]);
    let hand = &hands("pokerstars/mixed_nlh_plo.txt")[0];
    assert_eq!((hand.game, hand.betting), ("holdem", "no-limit"));
}
