//! Lines Bovada, 888 and WPN write their own way, on excerpts of real files
//! (tests/data/rooms, their licences beside them): Bovada's lines written again word for
//! word, its fixed-limit tournaments' levels, a big blind all in on his ante and stud
//! stakes no bet shows, 888's dead blind posted with a live one, its raise nobody can call
//! and its call over a short all-in, WPN's older layout's Omaha of no structure named.

use pokerforge_core::rooms::{contributions, read_file};

use crate::room_files::hands;

#[test]
fn bovadas_lines_written_again_are_read_once() {
    // Each hand adds up to its total pot and results only with the repeats read once
    // (`hands` holds each to its totals).
    let file = hands("bovada/lines_written_again.txt");
    assert_eq!(file.len(), 4);
    // "All-in 1405" and "Call 1405" four times each, each result three times: one
    // all-in, one call, and 1630 each, as the summary's seat lines say.
    let hand = &file[0];
    let flop: Vec<String> = hand.phh_actions()[9..].to_vec();
    assert_eq!(flop[..3], ["d db 4c8s9d", "p1 cbr 1405", "p4 cc"]);
    assert_eq!(hand.winnings, [1630, 0, 0, 1630]);
    // "Raises 450 to 450" sixteen times: one raise, 300 of it returned.
    let hand = &file[1];
    let raises = hand
        .phh_actions()
        .iter()
        .filter(|a| a.contains(" cbr "))
        .count();
    assert_eq!(raises, 1);
    assert_eq!(contributions(hand).unwrap(), (vec![75, 150, 0, 450], 300));
    // A result written three times, the summary's "Small Blind 1520": paid once.
    let hand = &file[2];
    assert_eq!(hand.winnings.iter().sum::<i64>(), 1520);
    // "Ante/Small blind 125" four times: one small blind, the pot 825.
    let hand = &file[3];
    assert_eq!(hand.blinds.iter().sum::<i64>(), 375);
    assert_eq!(hand.total_pot, Some(825));
}

#[test]
fn a_result_written_again_is_read_again_where_the_summary_says_so() {
    // The same hand, its summary saying the winner was paid 825 twice over (two pots of
    // one size): the second result line is no repeat, and the totals then refuse the hand
    // (the pot held 825).
    let path = format!(
        "{}/../../tests/data/rooms/bovada/lines_written_again.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = String::from_utf8(std::fs::read(path).unwrap()).unwrap();
    let at = text.find("Bovada Hand #3031666180").unwrap();
    let hand = text[at..]
        .replace(
            "UTG+3 : Hand Result 825",
            "UTG+3 : Hand Result 825\nUTG+3 : Hand Result 825",
        )
        .replace("Seat+2: UTG+3 825 ", "Seat+2: UTG+3 1650 ");
    let read = read_file(hand.as_bytes());
    let refused = read.hands[0].as_ref().unwrap_err();
    assert!(refused.message.contains("1650"), "{}", refused.message);
}

#[test]
fn bovadas_fixed_limit_level_names_the_blinds() {
    // "Fixed Limit- Level 6 (75/150)": the big blind posts 150 and the flop's bets are 150,
    // the turn's 300; the pot 4,740 as the summary says.
    let hand = &hands("bovada/fixed_limit_level.txt")[0];
    assert_eq!(hand.limits, Some((150, 300)));
    assert_eq!(hand.blinds[..2], [75, 150]);
    assert_eq!(hand.total_pot, Some(4740));
    assert_eq!(contributions(hand).unwrap().0[..2], [90, 2250]);
}

#[test]
fn bovadas_big_blind_all_in_on_his_ante() {
    // "Big Blind : All-in 120" among the antes of 120, his whole stack: his blind posted
    // all-in for nothing; the small blind's 600 returned, the antes his.
    let hand = &hands("bovada/big_blind_all_in_on_ante.txt")[0];
    assert_eq!(
        (hand.blinds[..2].to_vec(), hand.stacks[1]),
        (vec![600, 1200], 120)
    );
    assert_eq!(
        contributions(hand).unwrap(),
        (vec![720, 120, 120, 120, 120, 120, 120, 120, 120], 600)
    );
    assert_eq!(hand.winnings[1], 1080);
}

#[test]
fn bovadas_stud_stakes_no_bet_shows_are_its_files() {
    // "Level 8 (0/0)", the bring-in called and every street checked: the stakes of the
    // hand before it, at the same ante (40) and bring-in (100).
    let file = hands("bovada/stud_stakes_unwritten.txt");
    assert_eq!(
        (file[0].limits, file[1].limits),
        (Some((200, 400)), Some((200, 400)))
    );
    assert_eq!(file[1].bring_in, Some(100));
    // Alone, it is refused by name.
    let path = format!(
        "{}/../../tests/data/rooms/bovada/stud_stakes_unwritten.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = String::from_utf8(std::fs::read(path).unwrap()).unwrap();
    let alone = &text[text.find("Bovada Hand #2633132989").unwrap()..];
    let read = read_file(alone.as_bytes());
    let refused = read.hands[0].as_ref().unwrap_err();
    assert!(
        refused.message.contains("without its stakes"),
        "{}",
        refused.message
    );
}

#[test]
fn eights_dead_blind_with_a_live_one() {
    // "posts dead blind [$1 + $2]": $1 dead, a live big blind of $2 his check leaves as it
    // is; the pot $6, of which $5.70 was collected.
    let hand = &hands("888/posting_dead.txt")[0];
    assert_eq!(hand.posts, [(3, 200, 100)]); // (player, live, dead)
    assert_eq!(contributions(hand).unwrap().0, [100, 200, 0, 300, 0, 0]);
    assert_eq!(hand.winnings.iter().sum::<i64>(), 570);
}

#[test]
fn eights_raise_nobody_can_call_is_a_call() {
    // IonelBadea "raises [1,490]" to 1,530 over Fair_Play888's all-in of 1,500, the two
    // still to act holding less: a call of 1,500, the 30 above it returned unwritten.
    let hand = &hands("888/uncallable_raise.txt")[0];
    assert_eq!(hand.players[3], "IonelBadea");
    let his: Vec<String> = hand
        .phh_actions()
        .into_iter()
        .filter(|a| a.starts_with("p4 "))
        .collect();
    assert_eq!(his, ["p4 cbr 40", "p4 cc", "p4 sm 6h3c"]);
    assert_eq!(
        contributions(hand).unwrap(),
        (vec![1380, 1500, 20, 1500, 1168], 0)
    );
    assert_eq!(hand.winnings, [318, 558, 0, 0, 4692]);
}

#[test]
fn wpns_omaha_bet_beyond_the_pot_is_no_limit() {
    // "(Omaha HiLow)", no structure named: read as pot-limit, until "allin (402.40)" into a
    // pot of 33 shows the room took a bet pot-limit allows none of.
    let hand = &hands("wpn/older_layout_no_limit_omaha.txt")[0];
    assert_eq!((hand.game, hand.betting), ("omaha-hilo", "no-limit"));
    assert!(hand.phh_actions().contains(&"p1 cbr 405.4".to_string()));
    // Its other Omaha hands stay pot-limit.
    let hand = &hands("wpn/older_layout_capped_disconnected.txt")[0];
    assert_eq!(hand.betting, "pot-limit");
}

#[test]
fn eights_call_over_a_short_all_in_is_returned_not_won() {
    // Hero's small blind of 100 "calls [$100]" to 200 (the big blind's full size) over the
    // big blind's all-in for 125; the room writes the 75 over it "Hero collected [ $75 ]":
    // his own chips returned, not the pot's.
    let hand = &hands("888/overcall_collected.txt")[0];
    assert_eq!(hand.players[..2], ["Hero", "Horribleman"]);
    let (put, returned) = contributions(hand).unwrap();
    assert_eq!((put[..2].to_vec(), returned), (vec![220, 145], 75));
    assert_eq!(hand.winnings[..2], [0, 400]);
}
