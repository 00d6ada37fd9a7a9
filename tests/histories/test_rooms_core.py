"""The core's readers of every room's histories, through ``_core.rooms_read``: each hand of
a real file comes back as PHH fields or as a refusal naming its cause."""

from __future__ import annotations

from pathlib import Path

from pokerforge import _core
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
    assert reader.causes["cut off"] == 2  # the two hands of pokerstars/cut_off.txt
    # Courchevel, a row of the variant table, replays; a game read with no row does not.
    assert reader.causes["game"] >= 1
    assert any(r.hand.spec.variant == "courchevel" for r in records)
    assert set(reader.rooms) >= {"PS", "GG", "WMX", "888", "PTY", "IPN", "BOV"}
    assert all(r.site in reader.rooms for r in records)
