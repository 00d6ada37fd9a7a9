"""The guide's table of offsets is the layout's own."""

from __future__ import annotations

from pathlib import Path

from pokerforge.rl import ObservationLayout

GUIDE = Path(__file__).parents[2] / "docs" / "rl.md"


def test_the_guide_shows_the_layout_of_six_seats() -> None:
    table = ObservationLayout(seats=6, history=16).table()
    assert table in GUIDE.read_text(encoding="utf-8")
