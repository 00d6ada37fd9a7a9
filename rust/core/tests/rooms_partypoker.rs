//! PartyPoker's forced bets written in ways of its own and a tournament's player moved
//! away (excerpts of public parsers' fixtures in tests/data/rooms, their licences beside
//! them): a big blind and a dead small blind in one sum, both blinds posted and not
//! written, Short Deck's button blind; a file beginning with a NUL byte; Double Hold'em
//! refused as a game pokerforge does not play.

use pokerforge_core::rooms::RoomHand;

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
