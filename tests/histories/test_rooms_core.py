"""The core's readers of every room's histories, through ``_core.rooms_read``: each hand of
a real file comes back as PHH fields or as a refusal naming its cause."""

from __future__ import annotations

from pathlib import Path

from pokerforge import _core
from pokerforge.game.phh import loads_phh, to_phh
from pokerforge.histories import read_histories

ROOMS = Path(__file__).parent.parent / "data" / "rooms"


def test_a_stud_file_reads_as_phh_fields() -> None:
    room, language, hands = _core.rooms_read((ROOMS / "pokerstars" / "stud_hilo.txt").read_bytes())
    assert (room, language, len(hands)) == ("PS", "en", 4)
    ok, fields = hands[0]
    assert ok
    assert fields["variant"] == "F7S/8"
    assert fields["actions"][:5] == [
        "d dh p1 ????Kc",
        "d dh p2 ????7c",
        "d dh p3 5dKs2h",
        "d dh p4 ????3d",
        "p3 pb",
    ]
    assert (fields["winnings"], fields["total_pot"], fields["rake"], fields["places"]) == (
        [0, 0, 0, 12],
        12,
        0,
        2,
    )


def test_cut_off_hands_and_other_text_are_refused_by_name() -> None:
    _, _, hands = _core.rooms_read((ROOMS / "pokerstars" / "cut_off.txt").read_bytes())
    refused = [entry for ok, entry in hands if not ok]
    assert [r[0] for r in refused] == ["cut off", "cut off"]
    assert refused[0][4].endswith("the hand is cut off before its summary's total pot")
    assert _core.rooms_read(b"garbage")[0] is None
    assert _core.rooms_read(b"garbage")[2][0][1][0] == "no hand"


def test_read_histories_replays_every_rooms_hands_and_counts_the_rest() -> None:
    reader = read_histories(ROOMS, skip_bad=True)
    records = list(reader)
    # Every hand the core reads or refuses is counted: replayed, or skipped by cause.
    total = 0
    for path in sorted(p for p in ROOMS.rglob("*") if p.is_file()):
        total += len(_core.rooms_read(path.read_bytes())[2])
    assert reader.hands == len(records)
    assert reader.hands + reader.skipped == total
    # The two hands of pokerstars/cut_off.txt, the first of cut_mid_line.txt, the two of
    # iPoker's partial export.
    assert reader.causes["cut off"] == 5
    # Courchevel and Courchevel hi-lo, rows of the variant table, replay; games pokerforge
    # does not play (pokerstars/pot_limit_preflop.txt, PartyPoker's Double Hold'em) are
    # refused by name.
    assert reader.causes["game"] == 2
    assert {"courchevel", "courchevel-hilo"} <= {r.hand.spec.variant for r in records}
    assert set(reader.rooms) >= {"PS", "GG", "WMX", "888", "PTY", "IPN", "BOV"}
    assert all(r.site in reader.rooms for r in records)


def test_a_room_that_rakes_each_pot_is_kept_as_it_paid() -> None:
    # Bovada took its $2 rake from the main pot and the side pot in proportion; rule 27
    # takes it from the main pot first. The hand loads with the room's payouts, says why,
    # and its PHH keeps them.
    reader = read_histories(ROOMS / "bovada" / "rake_per_pot.txt")
    (record,) = list(reader)
    hand = record.hand
    assert reader.conventions == 1 and hand.paid_as_recorded
    assert record.site_convention is not None
    assert "118.42 in the record, 118.00 in the replay" in record.site_convention
    assert sorted(p for p in hand.payouts if p) == [3158, 11842]  # the room's, in cents
    assert hand.rake == 200 and sum(hand.starting_stacks) == sum(hand.stacks) + hand.rake
    again = loads_phh(to_phh(hand))
    assert again.payouts == hand.payouts and again.paid_as_recorded


def test_a_record_paying_more_than_the_pots_is_still_refused(tmp_path: Path) -> None:
    # The room's payouts are kept only where they fit in the pots: a record paying more
    # than the hand put in is refused by cause.
    text = (ROOMS / "bovada" / "rake_per_pot.txt").read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("UTG+1 : Hand result $118.42", "UTG+1 : Hand result $218.42"))
    reader = read_histories(bad, skip_bad=True)
    assert list(reader) == [] and reader.skipped == 1


def test_the_text_rooms_conventions_replay_with_the_files_payouts() -> None:
    # WPN's older layout ("Game started at"): every street of a stud hand replays, and
    # the pot of 8.15 after 0.11 rake and 0.04 jackpot fee is paid as written.
    reader = read_histories(ROOMS / "wpn" / "older_layout_stud.txt")
    records = list(reader)
    assert (len(records), reader.skipped) == (4, 0)
    second = records[1].hand
    assert (second.payouts, second.rake) == ((0, 815), 15)  # the rake and the fee, in cents
    # BetOnline deals the board of an all-in in its summary alone; its Hold'em tables of
    # four cards are Omaha.
    (record,) = list(read_histories(ROOMS / "betonline" / "board_in_summary.txt"))
    assert record.hand.spec.variant == "omaha"
    assert (record.hand.payouts[2], record.hand.rake) == (158, 5)
    assert len(record.hand.board) == 5
    # Ignition's seats numbered by player: the positions order the table, and the big
    # blind's 3.40 is paid to "Big Blind [ME]".
    records = list(read_histories(ROOMS / "bovada" / "ignition_positions.txt"))
    assert len(records) == 5
    hand = records[1].hand
    assert records[1].players[:3] == ("Dealer", "Small Blind", "Big Blind [ME]")
    assert hand.payouts[2] == 340
