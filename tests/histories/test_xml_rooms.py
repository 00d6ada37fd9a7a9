"""The XML rooms' files (tests/data/rooms/ipoker and merge, excerpts of fpdb's fixtures)
through the whole reader: every hand the core reads replays to the room's payouts, and the
rest are refused by a named cause of the file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerforge.histories import read_histories

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "rooms"


@pytest.mark.parametrize(
    ("room", "read", "refused"),
    [
        ("ipoker", 43, {"cut off": 2, "players": 1}),
        ("merge", 20, {"cancelled": 1, "players": 1}),
    ],
)
def test_every_hand_read_replays_and_the_rest_are_refused_by_cause(
    room: str, read: int, refused: dict[str, int]
) -> None:
    reader = read_histories(DATA / room, skip_bad=True)
    records = list(reader)
    assert (len(records), dict(reader.causes)) == (read, refused)


def test_all_in_hands_replay_to_the_files_payouts() -> None:
    razz = next(iter(read_histories(DATA / "merge" / "razz_all_in.xml")))
    # Hero's $2.96 all in (ante, bring-in, raises, the all-in); Player1 wins $7.58.
    assert razz.players == ("Hero", "Player1", "Player2")
    assert razz.hand.net == (-296, 758 - 296, -205)
    draw = next(iter(read_histories(DATA / "merge" / "triple_draw_all_in.xml")))
    assert draw.hand.net == (-475, 903 - 475)
