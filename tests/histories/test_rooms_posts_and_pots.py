"""Forced bets and pots the text rooms write in ways of their own, replayed by the game
layer with the files' payouts: BetOnline's ``post dead`` and tournament antes, its skins'
client whose seats run against the play, its lone winner of several pots, a player who
left the table folding at his turn, a street checked through and not written; Run It
Once's side pot with chips it added; PokerMaster's straddle and five-card Omaha;
PartyPoker's posts of both blinds, written or not, and a tournament's player moved away
(excerpts of public parsers' fixtures in tests/data/rooms, their licences beside them)."""

from __future__ import annotations

from pathlib import Path

from rooms_excerpts import ROOMS, one_hand

from pokerforge.histories import HandRecord, read_histories
from pokerforge.histories.database import connect, import_histories


def _paid(record: HandRecord, name: str) -> int:
    return record.hand.payouts[record.players.index(name)]


def test_betonline_post_dead_is_both_blinds_and_its_antes_count() -> None:
    # "post dead 0.50": 0.50 live and a dead small blind of 0.25 the summary's 14.83 and
    # 0.78 rake count (15.61 put in).
    record = one_hand("betonline/post_dead.txt")
    assert _paid(record, "Player5") == 1483 and record.hand.rake == 78
    assert record.site_convention is None
    # "ante processed 10.00" ten times: the tournament's 1,200 pot holds them.
    record = one_hand("betonline/tournament_antes.txt")
    assert record.fields["antes"] == [10] * 10
    assert record.hand.spec.ante == 1000  # in cents
    assert _paid(record, "Player1") == 120_000  # in cents: the file writes 1200.00


def test_betonline_skins_seats_run_against_the_play() -> None:
    # ActionPoker: the button in seat 2, the blinds in seats 0 and 9, seat 8 first to act;
    # its capitalised words ("Calls 2.00.") read.
    record = one_hand("betonline/seats_against_play.txt")
    assert record.players[:2] == ("Player0", "Player9")
    assert record.fields["blinds_or_straddles"][:2] == [1, 2]
    assert _paid(record, "Player5") == 1330 and record.hand.rake == 70


def test_betonline_lone_winner_is_paid_every_pot_line() -> None:
    # "Total pot 1.26 | Rake 0.22" before the showdown, "Total pot 2.49 | Rake 0.22" after
    # it, "won (2.49)": the full house won both pots, 3.75 of the 3.97 put in.
    record = one_hand("betonline/lone_winner_pots.txt")
    assert _paid(record, "Player1") == 375 and record.hand.rake == 22


def test_betonline_player_who_left_the_table_folds_at_his_turn() -> None:
    # The small blind leaves after posting; the big blind takes 0.07 (his 0.04 back).
    record = one_hand("betonline/left_the_table.txt")
    assert _paid(record, "Player6") == 7 and record.hand.rake == 0


def test_betonline_street_checked_through_written_with_no_line() -> None:
    # No line between "*** TURN ***" and "*** RIVER ***": the five players checked; the
    # river's 3.15 uncalled, 3.30 put in, 3.15 paid, 0.15 raked and not written.
    record = one_hand("betonline/street_unwritten.txt")
    assert _paid(record, "Player2") == 315 and record.hand.rake == 15


def test_run_it_once_side_pot_with_its_chips_added() -> None:
    # Its collected lines make 148.84 of a pot of 146.34; its summary's 143.84 is the
    # record: the 5.00 it added and 138.84 of the players' 141.34, 2.50 raked.
    record = one_hand("rio/added_to_side_pot.txt")
    assert _paid(record, "Ricky N") == 14_384 and record.hand.rake == 250
    assert record.hand.added == 500
    assert record.site_convention is not None and "added 5.00" in record.site_convention


def test_pokermaster_straddle_and_five_card_omaha() -> None:
    # "posts big blind $8" after "$4": a straddle.
    record = one_hand("pokermaster/straddle.txt")
    assert record.fields["blinds_or_straddles"][:3] == [2, 4, 8]
    assert _paid(record, "乖就亲你") == 492
    # "Omaha Pot Limit" dealt five cards: five-card Omaha.
    record = one_hand("pokermaster/omaha5.txt")
    assert record.hand.spec.variant == "omaha" and len(record.hand.hole_cards[1]) == 5
    assert _paid(record, "pp1863696") == 409 and record.hand.rake == 11


def test_partypoker_both_blinds_in_one_sum_or_unwritten() -> None:
    # "posts big blind + dead [$0.03]": 0.02 live, 0.01 dead; 0.18 paid, the uncalled
    # 0.06 given back with it.
    record = one_hand("partypoker/post_both.txt")
    assert _paid(record, "Player0") == 18 and record.hand.rake == 0
    # The button checks facing the big blind having posted nothing: both blinds, posted
    # and not written; 0.58 paid of 0.60 (the uncalled 0.20 with it), 0.02 raked.
    record = one_hand("partypoker/silent_post_both.txt")
    assert _paid(record, "Player4") == 38 and record.hand.rake == 2


def test_partypoker_tournament_player_moved_away_is_not_dealt_in() -> None:
    # No blinds written; the seat after the button (Player7) is named in no later line:
    # Player5 and Player3 post them, Player3 wins 4,080.
    record = one_hand("partypoker/player_moved.txt")
    assert "Player7" not in record.players
    assert record.players[:2] == ("Player5", "Player3")
    assert _paid(record, "Player3") == 4080


def test_partypoker_player_who_joined_plays_from_the_seat_the_order_of_play_gives(
    tmp_path: Path,
) -> None:
    # Player4 joins after the seat lines, posts a big blind beside the big blind's, checks
    # first and folds to Hero's raise: seated before the button (seat 5, who acts after
    # him), seat 3 being taken, his stack unwritten.
    record = one_hand("partypoker/joins_and_posts.txt")
    assert record.site_convention == (
        "Player4 joined PartyPoker's table after its seat lines (seat 4), the stack not written"
    )
    assert not record.stacks_known
    reader = read_histories(ROOMS / "partypoker" / "joins_and_posts.txt")
    assert len(list(reader)) == 1 and reader.conventions == 0  # paid as the rules split it
    assert record.hand.positions[record.players.index("Player4")] == "UTG"
    # The database keeps no stack it was not given.
    db = tmp_path / "hands.duckdb"
    import_histories([ROOMS / "partypoker" / "joins_and_posts.txt"], db)
    with connect(db, read_only=True) as con:
        stacks = con.execute("SELECT player, stack FROM players ORDER BY seat").fetchall()
    assert ("Player4", None) in stacks
