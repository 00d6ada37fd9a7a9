"""pokerforge against pokerkit on seeded random deuce-to-seven single draw, triple draw and
badugi hands.

The harness is ``tests/game/pokerkit_draw_differential.py``. Spots where pokerkit is known
to break a rule are checked against the rule instead and counted apart (``KNOWN_FAULTS``,
listed in docs/rules.md).
"""

from __future__ import annotations

import pokerkit_draw_differential as diff
import pytest

from pokerforge.game import Hand, LegalActions

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow


def test_no_differences_on_random_draw_hands() -> None:
    outcome = diff.run(300, seed=20_261_203)
    assert outcome.hands == 300
    assert outcome.steps > 3_000  # hands are really played, draws and all
    assert outcome.differences == []
    assert set(outcome.faults) <= set(diff.KNOWN_FAULTS)


@pytest.mark.parametrize("variant", diff.VARIANTS)
def test_each_variant_is_compared(variant: str) -> None:
    for seed in range(15):
        deal = diff.Deal(variant, (1, 2), (300, 300, 300, 300, 300, 300), button=0, seed=seed)
        outcome = diff.play(deal)
        assert outcome.differences == []
        assert outcome.steps >= 6


def test_harness_finds_a_difference() -> None:
    # The harness is not blind: a hand that offers a wrong raise is reported.
    class Liar(Hand):
        __slots__ = ()

        def legal_actions(self) -> LegalActions:
            legal = super().legal_actions()
            if legal.min_raise_to is None:
                return legal
            wrong = legal.min_raise_to + 1
            return legal._replace(min_raise_to=wrong, max_raise_to=wrong)

    deal = diff.Deal("2-7-triple-draw", (1, 2), (100, 100, 100), button=0, seed=3)
    outcome = diff.play(deal, Liar)
    assert len(outcome.differences) == 1
    assert "raise range" in outcome.differences[0]
