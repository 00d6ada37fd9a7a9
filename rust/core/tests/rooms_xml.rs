//! The XML rooms' conventions on real files (excerpts of fpdb's fixtures, unchanged, in
//! tests/data/rooms/ipoker and merge): each hand is read with exactly the payouts its file
//! writes, and one the room cancelled is refused by name.

use pokerforge_core::rooms::{check_totals, phh_winnings, read_file, Cause, Note, RoomHand};

use crate::room_files::read as hands;

/// What each player collected from the pots (PHH's winnings), by name.
fn paid(hand: &RoomHand) -> Vec<(&str, i64)> {
    check_totals(hand).unwrap();
    let won = phh_winnings(hand).unwrap();
    hand.players
        .iter()
        .zip(won)
        .filter(|(_, w)| *w != 0)
        .map(|(p, w)| (p.as_str(), w))
        .collect()
}

#[test]
fn ipoker_sitting_out_posting_both_blinds_and_disconnecting() {
    let file = hands("ipoker/sitting_out_posts_both.xml");
    // `sum="DP"`: Player7, disconnected after raising to 0.20, is kept all-in for it and
    // wins the main pot (0.72); Player4 the side pot (0.19) and his uncalled 0.20 back.
    let dp = &file[0];
    let p7 = dp.players.iter().position(|p| p == "Player7").unwrap();
    assert_eq!(dp.stacks[p7], 20);
    assert!(dp.notes.contains(&Note::AllInProtected {
        player: p7,
        stack: 229
    }));
    assert_eq!(paid(dp), [("Player7", 72), ("Player4", 19)]);
    // Seats sitting out (Player9 comes back with type 9, Player7 is away) are not dealt
    // in: the big blind is left of the small blind among those who are.
    let back = &file[1];
    assert!(!back
        .players
        .iter()
        .any(|p| p == "Player9" || p == "Player7"));
    assert_eq!(back.blinds[..2], [5, 10]);
    assert_eq!(paid(back), [("Player10", 243)]);
    // `type="2" sum="$0.15"` after the big blind: 0.10 live and 0.05 dead.
    let both = &file[2];
    assert_eq!(both.posts, [(7, 10, 5)]);
    assert_eq!(both.players[7], "Player7");
    assert_eq!(paid(both), [("Player1", 290)]);
}

#[test]
fn ipoker_tournament_counts_and_a_hand_without_its_dealer() {
    let file = hands("ipoker/tournament_no_dealer.xml");
    // No seat marked dealer: the button is the seat before the small blind's.
    assert_eq!(file[0].players[..2], ["Hero", "Player18"]);
    assert_eq!(file[0].blinds[..2], [1000, 2000]); // 100 and 200 at one place
    assert_eq!(paid(&file[0]), [("Player14", 105_550)]);
    // The room counts the all-in raiser's ante twice (28,105 of a 28,005 stack).
    assert_eq!(file[1].put[8], 28_005);
    assert_eq!(paid(&file[1]), [("farfalla", 9650)]);
    // ... and another's not at all (34,901.37): its counts would pay more than the pot.
    assert_eq!(file[2].put[5], 3_525_137);
    assert_eq!(paid(&file[2]), [("Hero", 8_100_274)]);
    // Player30's all-in "raise" over dohy's all-in, with skyjack111 unable to cover it: a
    // call, the 6,711.29 beyond it paid back inside his winnings of 134,901.13.
    let over = &file[3];
    assert_eq!(over.phh_actions()[11..13], ["p2 cbr 59244.92", "p3 cc"]);
    assert_eq!(over.put[2], 5_959_492);
    assert_eq!(paid(over), [("Player30", 12_818_984)]);
}

#[test]
fn ipoker_italian_chips_currency_codes_and_older_layouts() {
    // The Italian client's `1.500` chips are 1,500.
    let it = &hands("ipoker/italian_chips.xml")[0];
    assert_eq!(
        (it.stacks[0], it.blinds[..2].to_vec()),
        (1500, vec![10, 20])
    );
    assert_eq!(paid(it), [("Player2", 3060)]);
    // `RSD16`, and a file ending without `</game></session>` after the hand's last round.
    let rsd = &hands("ipoker/closing_tags_missing.xml")[0];
    assert_eq!((rsd.currency.as_str(), rsd.places), ("RSD", 1));
    assert_eq!(paid(rsd), [("Player2", 310)]);
    // `LH 20/40 x2 Limit $10.00/$20.00`, a raise written as what it puts in (type 6).
    let flat = &hands("ipoker/flat_format.xml")[0];
    assert_eq!(
        (flat.game, flat.betting, flat.limits),
        ("holdem", "fixed-limit", Some((2000, 4000)))
    );
    assert_eq!(paid(flat), [("Hero", 7900)]);
    // A small blind's raise to 15 (the pot's limit) counted 17.50 by the room.
    let plo = &hands("ipoker/blind_counted_twice.xml")[0];
    assert_eq!(plo.put, [50, 150]);
    assert_eq!(paid(plo), [("vecchiolupo22", 100)]);
}

#[test]
fn ipoker_partial_export_of_forced_bets_only_is_refused_as_cut_off() {
    let path = format!(
        "{}/../../tests/data/rooms/ipoker/partial_export.xml",
        env!("CARGO_MANIFEST_DIR")
    );
    let read = read_file(&std::fs::read(path).unwrap());
    assert_eq!(read.hands.len(), 2);
    for hand in &read.hands {
        let refused = hand.as_ref().unwrap_err();
        assert_eq!(refused.cause, Cause::CutOff);
        assert!(refused.message.contains("no cards, actions or winnings"));
    }
}

#[test]
fn ipoker_hand_cut_before_its_end_is_refused() {
    let path = format!(
        "{}/../../tests/data/rooms/ipoker/closing_tags_missing.xml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    // Cut after the flop's round: the turn and river are not written.
    let cut = text.find("<round no=\"3\">").unwrap();
    let read = read_file(&text.as_bytes()[..cut]);
    let refused = read.hands[0].as_ref().unwrap_err();
    assert_eq!(refused.cause, Cause::CutOff);
}

#[test]
fn merge_returning_blinds_all_in_blinds_and_older_raises() {
    // RETURN_BLIND 1.50: the big blind live, the small dead; 1.00 uncalled comes back.
    let lo8 = &hands("merge/return_blind.xml")[0];
    assert_eq!(lo8.posts, [(2, 100, 50)]);
    assert_eq!(paid(lo8), [("Player1", 475)]);
    // 2010's RAISE amount is what the raise puts in: 5 on the small blind's 1.
    let raise = &hands("merge/raise_added_2010.xml")[0];
    assert_eq!(paid(raise), [("Player0", 4)]);
    // An ALL_IN among the blinds: the big blind posted short (900 of 1,000).
    let short = &hands("merge/big_blind_all_in.xml")[0];
    assert_eq!(
        (short.blinds.clone(), short.stacks[1]),
        (vec![500, 900, 0], 900)
    );
    assert_eq!(paid(short), [("Player5", 2300)]);
    // A description whose stakes ($10/$20) no blind of the hand posts: the blinds as posted.
    let posted = &hands("merge/description_not_the_hands.xml")[0];
    assert_eq!(posted.blinds[..2], [1, 2]);
    assert_eq!(paid(posted), [("Hero", 82)]);
    // GAME_CANCELLED after the small blind: refused as cancelled, by name.
    let path = format!(
        "{}/../../tests/data/rooms/merge/cancelled.xml",
        env!("CARGO_MANIFEST_DIR")
    );
    let read = read_file(&std::fs::read(path).unwrap());
    assert_eq!(read.hands[0].as_ref().unwrap_err().cause, Cause::Cancelled);
}

#[test]
fn merge_layout_versions_unwritten_cards_and_actions_written_again() {
    // `version="1"`: balances before the blinds (Hero's 1,135 is all he puts in).
    let heads_up = &hands("merge/version1_heads_up.xml")[0];
    assert_eq!(heads_up.stacks, [1865, 1135]);
    assert_eq!(paid(heads_up), [("Player0", 2270)]);
    // `,,5h`: two cards face down, then the up card; the 2h brings in.
    let stud = &hands("merge/stud_cards_unwritten.xml")[0];
    assert_eq!(stud.phh_actions()[2], "d dh p3 ????2h");
    assert_eq!(stud.phh_actions()[7], "p3 pb");
    assert_eq!(paid(stud), [("Player5", 423)]);
    // An amountless ALL_IN by a player all-in already, a CHECK by a seat not dealt in: no
    // actions of the hand.
    let again = &hands("merge/all_in_written_again.xml")[0];
    assert_eq!(again.players, ["Player0", "Player1", "Player3"]);
    assert_eq!(paid(again), [("Player1", 16584)]);
    // A CALL by a player who folded: the file is broken, refused by name.
    let path = format!(
        "{}/../../tests/data/rooms/merge/acts_after_folding.xml",
        env!("CARGO_MANIFEST_DIR")
    );
    let read = read_file(&std::fs::read(path).unwrap());
    let refused = read.hands[0].as_ref().unwrap_err();
    assert_eq!(refused.cause, Cause::Players);
    assert!(refused.message.contains("Player5 acts after folding"));
}

#[test]
fn a_blind_all_in_written_as_nothing_and_a_seat_posting_then_sitting_out() {
    // Merge writes the small blind all-in as `0.00`; the tournament's winners (no rake)
    // were paid 110 beyond the actions: the blind, the stack 25 + 110.
    let short = &hands("merge/small_blind_all_in_unwritten.xml")[0];
    assert_eq!(
        (short.blinds[..2].to_vec(), short.stacks[0]),
        (vec![110, 300], 135)
    );
    assert_eq!(paid(short), [("Player2", 2335)]);
    // iPoker: Player3 antes, then sits out undealt: refused by name, not as the blinds.
    let path = format!(
        "{}/../../tests/data/rooms/ipoker/posts_and_sits_out.xml",
        env!("CARGO_MANIFEST_DIR")
    );
    let read = read_file(&std::fs::read(path).unwrap());
    let refused = read.hands[0].as_ref().unwrap_err();
    assert_eq!(refused.cause, Cause::Players);
    assert!(refused.message.starts_with("Player3 posts and sits out"));
}

#[test]
fn merge_cash_balances_are_written_before_the_forced_bets() {
    // Hero's $2.96 is what his ante, bring-in, raises and all-in put in: the balance is
    // the stack, not the stack after the ante.
    let razz = &hands("merge/razz_all_in.xml")[0];
    assert_eq!(razz.stacks, [296, 1000, 1539]);
    assert_eq!(razz.put.len(), 0); // Merge states no count of its own
    let (put, _) = pokerforge_core::rooms::contributions(razz).unwrap();
    assert_eq!(put[0], 296);
    assert_eq!(paid(razz), [("Player1", 758)]);
    // The big blind's $4.75 all-in is his whole stack, both players draw three times.
    let draw = &hands("merge/triple_draw_all_in.xml")[0];
    assert_eq!(draw.stacks, [475, 1015]);
    assert_eq!(paid(draw), [("Hero", 903)]);
}
