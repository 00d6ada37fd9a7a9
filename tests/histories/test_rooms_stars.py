"""PokerStars hands its clients wrote oddly, replayed with exactly the file's payouts, on
excerpts of the real files (``tests/data/rooms/pokerstars``): blinds a player all in on his
ante could not post, a heads-up button written on the big blind, draws written garbled, a
turn card left unwritten, a hand cut mid-line before the next, and Courchevel hi-lo."""

from __future__ import annotations

from pathlib import Path

from pokerforge.histories import HandRecord, read_histories

STARS = Path(__file__).parent.parent / "data" / "rooms" / "pokerstars"


def _one(name: str) -> HandRecord:
    reader = read_histories(STARS / name)
    records = list(reader)
    assert len(records) == 1 and reader.skipped == 0, reader.problems
    return records[0]


def _by_name(record: HandRecord, values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(record.players, values, strict=True))


def test_a_blind_its_poster_has_no_chips_left_for_is_posted_for_nothing() -> None:
    # Heads-up, the button all in on his ante of 1 posts no small blind; the big blind's
    # 124 nobody matched come back to him (the file writes them returned, the replay a
    # pot of his own: his chips are the same) and he collects the pot of 2.
    record = _one("single_draw_ante_all_in.txt")
    assert _by_name(record, record.hand.payouts) == {"Player0": 26, "Hero": 0}
    assert _by_name(record, record.hand.stacks) == {"Player0": 3000, "Hero": 0}
    assert record.site_convention is None
    # The big blind all in on his ante of 11: the others call the full 120, and the
    # main pot of 88 and the side pot of 508 are Djkujuhfl's.
    record = _one("big_blind_all_in_on_ante.txt")
    assert _by_name(record, record.hand.payouts)["Djkujuhfl"] == 596
    assert _by_name(record, record.hand.stacks)["ruslan999588"] == 0
    # The big blind all in for 360 of 600: the calls are to the full 600, 120 of the small
    # blind's returned unwritten, the pots of 1680 and 240 Player1's.
    record = _one("big_blind_short_all_in.txt")
    assert max(record.hand.payouts) == 1920 and record.site_convention is None


def test_a_heads_up_button_written_on_the_big_blind_plays_as_the_small_blinds() -> None:
    record = _one("heads_up_button_big_blind.txt")
    assert _by_name(record, record.hand.payouts) == {"Hero": 100, "fblm2002": 0}


def test_garbled_draws_and_an_unwritten_turn_replay_with_the_files_payouts() -> None:
    record = _one("triple_draw_garbled_draws.txt")
    assert max(record.hand.payouts) == 1920 and record.hand.rake == 80
    record = _one("omaha6_turn_unwritten.txt")
    assert max(record.hand.payouts) == 4057 and record.hand.rake == 180


def test_a_hand_cut_mid_line_is_refused_and_the_next_one_replays() -> None:
    reader = read_histories(STARS / "cut_mid_line.txt", skip_bad=True)
    (record,) = list(reader)
    assert record.number == 86564270670 and dict(reader.causes) == {"cut off": 1}


def test_courchevel_hi_lo_replays_both_runs() -> None:
    record = _one("courchevel_hilo_run_twice.txt")
    assert record.hand.spec.variant == "courchevel-hilo"
    assert sorted(record.hand.payouts) == [6113, 10187]
