"""The guide's table of offsets is the layout's own."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from pokerforge.rl import ObservationLayout

GUIDE = Path(__file__).parents[2] / "docs" / "rl.md"


def test_the_guide_shows_the_layout_of_six_seats() -> None:
    table = ObservationLayout(seats=6, history=16).table()
    assert table in GUIDE.read_text(encoding="utf-8")


def test_the_guides_examples_run() -> None:
    pytest.importorskip("gymnasium")
    result = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
