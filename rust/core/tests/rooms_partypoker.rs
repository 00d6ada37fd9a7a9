//! PartyPoker's forced bets written in ways of its own and a tournament's player moved
//! away (excerpts of public parsers' fixtures in tests/data/rooms, their licences beside
//! them): a big blind and a dead small blind in one sum, both blinds posted and not
//! written, Short Deck's button blind; a file beginning with a NUL byte; Double Hold'em
//! refused as a game pokerforge does not play; players who join the table after its seat
//! lines, seated by the order of play, their stacks unwritten.

use pokerforge_core::rooms::{Note, RoomHand};

use crate::room_files::hands;

fn at(hand: &RoomHand, name: &str) -> usize {
    let found = hand.players.iter().position(|p| p == name);
    found.unwrap_or_else(|| panic!("{name} not in {:?}", hand.players))
}

#[test]
fn partypoker_both_blinds_written_in_one_sum_or_not_written() {
    // "posts big blind + dead [$0.03]": 0.02 live, 0.01 dead.
    let hand = &hands("partypoker/post_both.txt")[0];
    assert_eq!(hand.posts, [(at(hand, "Player0"), 2, 1)]);
    // The button checks before the flop, facing the big blind, having posted nothing:
    // both blinds (0.10 live, 0.05 dead), which the pot of 0.60 paid 0.58 holds.
    let hand = &hands("partypoker/silent_post_both.txt")[0];
    assert_eq!(hand.posts, [(at(hand, "Player2"), 10, 5)]);
}

#[test]
fn partypoker_player_moved_away_is_not_dealt_in() {
    // A tournament's blinds unwritten: the seat after the button (Player7's) is named in
    // no line after the seats' (moved to another table): the blinds are the next two.
    let hand = &hands("partypoker/player_moved.txt")[0];
    assert!(!hand.players.contains(&"Player7".to_string()));
    assert_eq!(hand.players[..2], ["Player5", "Player3"]);
}

#[test]
fn partypoker_short_deck_button_blind() {
    let hand = &hands("partypoker/short_deck.txt")[0];
    assert_eq!(
        (hand.game, hand.antes.as_slice()),
        ("short-deck", &[100, 100][..])
    );
}

#[test]
fn partypoker_file_beginning_with_a_nul_byte() {
    // "\0Game #9582251255 starts.": a separator, not text where no hand starts.
    let file = crate::room_files::file("partypoker/nul_start.txt");
    assert_eq!(file.len(), 1);
    let hand = file[0].as_ref().unwrap();
    assert_eq!(hand.winnings[at(hand, "suicini03")], 65);
}

#[test]
fn partypoker_double_holdem_is_refused_as_a_game_not_played() {
    let file = crate::room_files::file("partypoker/double_holdem.txt");
    let refusal = file[0].as_ref().unwrap_err();
    assert_eq!(refusal.cause, pokerforge_core::rooms::Cause::Game);
}

/// The seat the reader placed `name` in, and whether the record notes his stack unwritten.
fn joined(hand: &RoomHand, name: &str) -> (u32, bool) {
    let p = at(hand, name);
    let noted = hand.notes.contains(&Note::Joined {
        player: p,
        seat: hand.seats[p],
    });
    (hand.seats[p], noted && hand.stacks_written()[p].is_none())
}

#[test]
fn partypoker_players_who_join_after_the_seat_lines_are_seated_by_the_order_of_play() {
    // Player4 joins and posts a big blind beside the big blind's (seat 2): he checks
    // first, before the button (seat 5): seat 4, seat 3 being Player1's (sitting out).
    let hand = &hands("partypoker/joins_and_posts.txt")[0];
    assert_eq!(joined(hand, "Player4"), (4, true));
    // Player8 joins and posts the only big blind, after the small blind (seat 9): seat 1
    // is Player4's (sitting out), seat 2 Player6's, who left the table: his.
    let hand = &hands("partypoker/joins_a_seat_left.txt")[0];
    assert_eq!(joined(hand, "Player8"), (2, true));
    assert!(!hand.players.contains(&"Player6".to_string()));
    // The Mac client writes no joins: Player4 posts the only big blind with no seat line,
    // after the small blind (seat 1): seat 2.
    let hand = &hands("partypoker/big_blind_unseated.txt")[0];
    assert_eq!(joined(hand, "Player4"), (2, true));
    // Player8, listed at seat 2 with nothing, joins and posts a big blind: his seat as
    // listed, his stack not written (he bought chips in after the seat line).
    let hand = &hands("partypoker/listed_with_nothing_joins.txt")[0];
    assert_eq!(joined(hand, "Player8"), (2, true));
    assert!(hand.stacks[at(hand, "Player8")] > 0);
}
