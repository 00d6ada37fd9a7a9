"""Each room's conventions (``pokerforge.histories.CONVENTIONS``) against what its reader
does on the rooms' real files (tests/data/rooms), and the reference page's table against
the data."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from pokerforge._core import rooms_read
from pokerforge.game.phh.conventions import NOTES
from pokerforge.histories import CONVENTIONS, conventions_table, read_histories

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "rooms"


def _hands() -> dict[str, list[dict[str, Any]]]:
    by_room: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for path in sorted(DATA.rglob("*")):
        if path.is_file() and path.name != "LICENSES.txt":
            for ok, entry in rooms_read(path.read_bytes())[2]:
                if ok:
                    by_room[entry["venue"]].append(entry)
    return by_room


HANDS = _hands()


def test_the_reference_page_shows_the_table_of_the_data() -> None:
    page = (ROOT / "docs" / "reference" / "histories.md").read_text(encoding="utf-8")
    start = page.index("<!-- conventions table: start -->\n") + len(
        "<!-- conventions table: start -->\n"
    )
    end = page.index("\n<!-- conventions table: end -->")
    assert page[start:end] == conventions_table()
    assert len(conventions_table().splitlines()) == 2 + len(CONVENTIONS)


def test_every_room_the_readers_know_has_its_row() -> None:
    for room in ("PS", "GG", "WMX", "888", "IPN", "PTY", "WPN", "RIO", "BOV", "BOL", "FTP", "MRG"):
        convention = CONVENTIONS[room]
        assert convention.code == room
        assert convention.notes <= set(NOTES)
        with pytest.raises(AttributeError):
            convention.code = "XX"  # type: ignore[misc]


@pytest.mark.parametrize("room", sorted(HANDS.keys() & CONVENTIONS.keys()))
def test_each_rooms_entries_match_what_its_reader_does(room: str) -> None:
    convention, hands = CONVENTIONS[room], HANDS[room]
    notes = {note[0] for hand in hands for note in hand["notes"]}
    assert notes <= convention.notes, room
    cash = {h.get("currency") or "" for h in hands if not h.get("tournament")}
    assert cash - {""} <= set(convention.currencies), room
    if convention.rake != "not written":
        assert all(h["total_pot"] is not None for h in hands), room
    if convention.uncalled == "with winnings":
        # Paid inside the winnings: no hand has a line of its own for it; a reader that
        # returns what no line writes (Winamax: the part of a raise nobody could call,
        # paid back with the pot) lists the note in its row.
        assert "returned" not in notes or "returned" in convention.notes, room
    else:
        assert "returned" in notes, room
    named_by_position = any(
        name in ("Dealer", "Small Blind", "Big Blind") or name.startswith("UTG")
        for hand in hands
        for name in hand["players"]
    )
    assert named_by_position == convention.anonymous, room
    if not convention.straddles:
        assert all(sum(1 for b in h["blinds_or_straddles"] if b > 0) <= 2 for h in hands), room


def test_the_pots_a_room_rakes_are_those_its_hands_show() -> None:
    # A hand of side pots raked from each (Bovada's, GGPoker's, iPoker's) keeps the room's payouts
    # and says so; the rooms that rake the main pot first replay to theirs. (A room can pay
    # a single pot otherwise too, as PartyPoker's hi-lo halves beside a side pot it made of
    # one player's last dollar: not a matter of which pots are raked.)
    reader = read_histories(DATA, skip_bad=True)
    differ = {
        r.site
        for r in reader
        if (r.site_convention or "").startswith("the room paid") and len(r.hand.pots) > 1
    }
    assert differ == {"BOV", "GG", "IPN"}
    for code, convention in CONVENTIONS.items():
        assert (convention.rake_taken == "each pot") == (code in differ), code


def test_a_hand_paid_by_a_rooms_convention_says_so() -> None:
    reader = read_histories(DATA / "ipoker" / "sitting_out_posts_both.xml")
    records = {record.number: record for record in reader}
    protected = records[2855472319]
    # Kept all-in for his 0.20, and the rake taken per pot (0.03 of the main, 0.01 of the
    # side) where the rules would take it from the main pot first: both said.
    assert protected.site_convention == (
        "the room paid otherwise than the rules split: p3 0.72 in the record, 0.71 in the "
        "replay (difference -0.01), p8 0.19 in the record, 0.20 in the replay (difference "
        "0.01); iPoker kept Player7 all-in for what was put in when disconnected (stack 2.29)"
    )
    assert protected.players.index("Player7") == 2
    assert protected.hand.net[2] == 52  # 0.72 won of the 0.20 he put in
    assert records[2855477956].site_convention is None
