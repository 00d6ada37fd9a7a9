"""The rooms' excerpts of public parsers' fixtures (tests/data/rooms, their licences
beside them) as the tests of the rooms' readers read them."""

from __future__ import annotations

from pathlib import Path

from pokerforge.histories import HandRecord, read_histories

ROOMS = Path(__file__).parent.parent / "data" / "rooms"


def one_hand(name: str, at: int = 0) -> HandRecord:
    """The hand ``at`` of the excerpt ``name``, every hand of which replays."""
    reader = read_histories(ROOMS / name, skip_bad=True)
    records = list(reader)
    assert reader.skipped == 0, reader.problems
    return records[at]
