"""Every game's seeded hands play and export exactly as recorded in
``tests/game/data/golden/`` (see ``golden.py``): the engine's inside may change, its hands
may not."""

from __future__ import annotations

import difflib

import pytest
from golden import HERE, SPECS, record

from pokerforge.games import GAMES


@pytest.mark.parametrize("name", sorted(SPECS))
def test_golden_history(name: str) -> None:
    expected = (HERE / f"{name}.phhs").read_text(encoding="utf-8")
    got = record(name)
    if got != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), got.splitlines(), "recorded", "now", lineterm="", n=2
        )
        pytest.fail(f"{name}: the hands changed\n" + "\n".join(list(diff)[:60]))


def test_every_game_has_golden_hands() -> None:
    played = {spec.variant for spec, _ in SPECS.values()}
    assert played == set(GAMES)
    assert sorted(path.stem for path in HERE.glob("*.phhs")) == sorted(SPECS)
