"""The range grammar (docs/ranges.md): its examples run as written, and the shares of
hands follow the same ordering as the calculator's strength order."""

import doctest
from pathlib import Path

import pytest

from pokerforge import Range
from pokerforge.errors import InvalidRangeError
from pokerforge.service.ranges import preset, strength_order

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "ranges.md"


def test_the_grammar_pages_examples_run() -> None:
    result = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def _classes(text: str) -> set[str]:
    names = {name for name, _ in strength_order()}
    found = {name for name in names if all(c in Range(text) for c, _ in Range(name).combos)}
    return found


@pytest.mark.parametrize("percent", [1, 5, 12.5, 30, 64, 99])
def test_a_share_is_a_prefix_of_the_strength_order(percent: float) -> None:
    order = [name for name, _ in strength_order()]
    taken = _classes(f"{percent}%")
    assert taken == set(order[: len(taken)])
    total = sum(len(Range(name)) for name in taken)
    assert abs(total - percent / 100 * 1326) <= 6


def test_presets_are_the_shares() -> None:
    for percent in (5, 10, 25, 100):
        assert Range(preset(percent)) == Range(f"{percent}%")
    assert preset(0.1) == "AA"  # at least the strongest class


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [("0%", 0, "not above 0"), ("150%", 0, "at most 100"), ("QQ, 0.05%", 4, "less than half")],
)
def test_bad_shares_name_their_position(text: str, position: int, words: str) -> None:
    with pytest.raises(InvalidRangeError, match=f"{words}.*at position {position}"):
        Range(text)
