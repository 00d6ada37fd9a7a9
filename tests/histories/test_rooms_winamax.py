"""Winamax's hands replayed by the game layer with the files' payouts (excerpts of public
parsers' fixtures in tests/data/rooms/winamax, their licences beside them): its draw games,
its play-money clients, both blinds posted one after the other, a short big blind, a raise
nobody could call, and a total written to a thousand's fraction."""

from __future__ import annotations

from pathlib import Path

from pokerforge.histories import HandRecord, read_histories

WINAMAX = Path(__file__).parent.parent / "data" / "rooms" / "winamax"


def _one(name: str) -> HandRecord:
    """The one hand of a file, replayed with the file's payouts and no note."""
    reader = read_histories(WINAMAX / name, skip_bad=True)
    records = list(reader)
    assert reader.skipped == 0, reader.problems
    [record] = records
    assert record.site == "WMX" and record.site_convention is None
    return record


def _paid(record: HandRecord) -> dict[str, int]:
    """What each player won, by name (the uncalled bets given back left out)."""
    return {
        name: paid for name, paid in zip(record.players, record.hand.payouts, strict=True) if paid
    }


def test_draw_games_replay() -> None:
    # 2-7 Triple Draw of an 8-Game table: 298€ collected, of which his uncalled 50€ bet.
    record = _one("triple_draw_27.txt")
    assert record.hand.spec.variant == "2-7-triple-draw"
    assert _paid(record) == {"Player0": 24_800}
    # The play-money client's "Lowball27": discards written without their cards.
    record = _one("lowball27_play_money.txt")
    assert record.hand.spec.variant == "2-7-triple-draw"
    assert _paid(record) == {"Player2": 1215}


def test_stud_raise_written_to_what_it_adds_replays() -> None:
    # "raises -6.10€ to 18.90€": all in to 28.90€, called; the pot of 70.30€ after rake.
    record = _one("stud_raise_written_added.txt")
    assert record.hand.spec.variant == "stud"
    assert _paid(record) == {"Player0": 7030}


def test_play_money_stud_without_cards_is_refused_by_cause() -> None:
    reader = read_histories(WINAMAX / "stud_play_money.txt", skip_bad=True)
    assert list(reader) == [] and dict(reader.causes) == {"cards": 1}


def test_forced_bets_replay() -> None:
    # Both blinds posted one after the other: 15.48€ collected, his 8€ bet uncalled.
    assert _paid(_one("omaha_both_blinds.txt")) == {"Player4": 748}
    # A big blind all-in for 119 at 200/400: the main pot's 2,701; the raiser's 854
    # beyond the caller's stack is his own, given back.
    record = _one("short_big_blind.txt")
    assert record.hand.spec.blinds == (200, 400)
    assert _paid(record) == {"Player1": 2701}


def test_raise_nobody_could_call_and_a_halfway_total_replay() -> None:
    # The 230 of a raise over an all-in nobody could call comes back: AXELEO's 6,040.
    assert _paid(_one("raise_nobody_could_call.txt")) == {"AXELEO": 6040}
    # "Total pot 17.68k" for 17,685: the main and side pots; philcoura's 7,035 his own.
    assert _paid(_one("rounded_total_halfway.txt")) == {"fashion13": 8640, "yokat": 2010}
