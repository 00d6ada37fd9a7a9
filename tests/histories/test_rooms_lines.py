"""Lines Bovada, 888 and WPN write their own way, read and replayed with the file's
payouts, on excerpts of the real files (``tests/data/rooms``): Bovada's lines written again
word for word, its fixed-limit tournaments' levels, a big blind all in on his ante and stud
stakes no bet shows, 888's dead blind posted with a live one, its raise nobody can call and
its call over a short all-in, WPN's older layout's Omaha of no structure named."""

from __future__ import annotations

from pathlib import Path

from pokerforge.histories import HandRecord, read_histories

ROOMS = Path(__file__).parent.parent / "data" / "rooms"


def _all(name: str) -> list[HandRecord]:
    reader = read_histories(ROOMS / name)
    records = list(reader)
    assert reader.skipped == 0, reader.problems
    return records


def test_bovadas_lines_written_again_replay_once() -> None:
    # A hand whose all-in, call and results are written three and four times; one whose
    # raise is written sixteen times; a result written thrice; a small blind four times.
    records = _all("bovada/lines_written_again.txt")
    assert [r.number for r in records] == [3152355148, 3152357958, 3031625867, 3031666180]
    assert [sum(r.hand.payouts) for r in records] == [3260, 375, 1520, 825]
    assert all(r.site_convention is None for r in records)
    first = records[0]
    assert sorted(first.hand.payouts) == [0, 0, 1630, 1630]


def test_bovadas_fixed_limit_level_is_its_blinds() -> None:
    # "Level 6 (75/150)": blinds 75/150, bets 150 and 300; the split pot paid as written.
    (record,) = _all("bovada/fixed_limit_level.txt")
    assert sorted(p for p in record.hand.payouts if p) == [2370, 2370]


def test_eights_dead_blind_and_uncallable_raise_replay() -> None:
    # "posts dead blind [$1 + $2]" and checks: $6 in the pot, $5.70 collected.
    (record,) = _all("888/posting_dead.txt")
    assert (sum(record.hand.payouts), record.hand.rake) == (570, 30)  # in cents
    # A raise to 1,530 over an all-in of 1,500 nobody else can call: a call.
    (record,) = _all("888/uncallable_raise.txt")
    assert record.hand.payouts == (318, 558, 0, 0, 4692)


def test_wpns_omaha_bet_beyond_the_pot_replays_as_no_limit() -> None:
    # WPN's older layout names no structure: an all-in of 402.40 into a pot of 33, taken
    # by the room and returned uncalled, is a no-limit bet.
    (record,) = _all("wpn/older_layout_no_limit_omaha.txt")
    assert record.hand.spec.betting == "no-limit"
    assert sum(record.hand.payouts) == 4200  # in cents


def test_bovadas_big_blind_all_in_on_his_ante_replays() -> None:
    # His whole stack of 120 on the ante: the small blind's 600 returned, the nine antes
    # his at the showdown.
    (record,) = _all("bovada/big_blind_all_in_on_ante.txt")
    assert record.hand.payouts[record.players.index("Big Blind")] == 1080


def test_bovadas_stud_stakes_from_its_file_replay() -> None:
    # "Level 8 (0/0)": the hand that bets shows 200/400; the one that only checks takes them.
    records = _all("bovada/stud_stakes_unwritten.txt")
    assert [r.hand.spec.small_bet for r in records] == [200, 200]
    assert sum(records[1].hand.payouts) == 360


def test_eights_call_over_a_short_all_in_replays() -> None:
    # The 75 written collected by the caller is his own call's excess: the pot of 400 is
    # the big blind's.
    (record,) = _all("888/overcall_collected.txt")
    assert record.hand.payouts[record.players.index("Horribleman")] == 400
    assert sum(record.hand.payouts) == 400
