//! Forced bets and pots the text rooms write in ways of their own (excerpts of public
//! parsers' fixtures in tests/data/rooms, their licences beside them): BetOnline's `post
//! dead` and antes, its skins' seats numbered against the play, its lone winner of several
//! pot lines, a player who left the table folding at his turn, a street checked through
//! and not written; Run It Once's collected lines that miss the total; PokerMaster's
//! straddle and five-card Omaha.

use pokerforge_core::rooms::RoomHand;

use crate::room_files::hands;

fn at(hand: &RoomHand, name: &str) -> usize {
    let found = hand.players.iter().position(|p| p == name);
    found.unwrap_or_else(|| panic!("{name} not in {:?}", hand.players))
}

#[test]
fn betonline_post_dead_is_both_blinds_and_antes_are_posted() {
    // "post dead 0.50": the big blind live, the small blind (0.25) dead.
    let hand = &hands("betonline/post_dead.txt")[0];
    assert_eq!(hand.posts, [(at(hand, "Player0"), 50, 25)]);
    assert_eq!((hand.total_pot, hand.rake), (Some(1483), Some(78)));
    // "ante processed 10.00" (in cents: 1000), each player's.
    let hand = &hands("betonline/tournament_antes.txt")[0];
    assert_eq!(hand.antes, [1000; 10]);
    // "ante processed 0.00" at a cash table: no ante.
    let hand = &hands("betonline/lone_winner_pots.txt")[0];
    assert!(hand.antes.iter().all(|&a| a == 0));
}

#[test]
fn betonline_skins_seats_run_against_the_play() {
    // The button in seat 2, the small blind in seat 0, the big in seat 9: turned round,
    // the small blind is the first after the button and seat 8 the first to act.
    let hand = &hands("betonline/seats_against_play.txt")[0];
    assert_eq!(hand.players[..3], ["Player0", "Player9", "Player8"]);
    assert_eq!(hand.blinds[..2], [100, 200]);
    let player5 = at(hand, "Player5");
    assert_eq!((hand.winnings[player5], hand.total_pot), (1330, Some(1330)));
    assert!(hand.phh_actions().contains(&"d db Ts6d7s".to_string()));
}

#[test]
fn betonline_lone_winner_is_paid_every_pot_line() {
    // Pot lines of 1.26 and 2.49, "won (2.49)": the one winner is paid both.
    let hand = &hands("betonline/lone_winner_pots.txt")[0];
    assert_eq!(hand.winnings[at(hand, "Player1")], 375);
    assert_eq!(hand.winnings.iter().sum::<i64>(), 375);
}

#[test]
fn run_it_once_summary_where_its_collected_lines_miss_the_total() {
    // Collected 26.82 and 122.02 (148.84) of a pot of 146.34, raked 2.50: the summary's
    // 143.84 stands, less the 5.00 the room added.
    let hand = &hands("rio/added_to_side_pot.txt")[0];
    assert_eq!(hand.winnings[at(hand, "Ricky N")], 13_884);
}

#[test]
fn pokermaster_straddle_and_five_card_omaha() {
    let hand = &hands("pokermaster/straddle.txt")[0];
    assert_eq!(hand.blinds[..3], [2, 4, 8]);
    assert!(hand.posts.is_empty());
    let hand = &hands("pokermaster/omaha5.txt")[0];
    assert_eq!((hand.game, hand.hole_count), ("omaha", 5));
}

#[test]
fn betonline_player_who_left_the_table_folds_at_his_turn() {
    // The small blind (Player7) leaves after posting; the play passes his seat between the
    // button's fold and the big blind's check: he folds there.
    let hand = &hands("betonline/left_the_table.txt")[0];
    let actions = hand.phh_actions();
    let p7 = format!("p{} f", at(hand, "Player7") + 1);
    let p6 = format!("p{} cc", at(hand, "Player6") + 1);
    let fold = actions.iter().position(|a| *a == p7).expect("his fold");
    assert_eq!(actions[fold + 1], p6);
}

#[test]
fn betonline_street_checked_through_and_written_with_no_line() {
    // "*** TURN ***" then "*** RIVER ***" with no line between: the five players left
    // checked, the big blind first (the first after the button).
    let hand = &hands("betonline/street_unwritten.txt")[0];
    let actions = hand.phh_actions();
    let turn = actions
        .iter()
        .position(|a| a == "d db Kd")
        .expect("the turn");
    assert!(actions[turn + 1..turn + 6]
        .iter()
        .all(|a| a.ends_with(" cc")));
    assert_eq!(
        actions[turn + 1],
        format!("p{} cc", at(hand, "Player2") + 1)
    );
    assert_eq!(actions[turn + 6], "d db 7c");
}
