"""pokerforge against pokerkit on seeded random seven-card stud, stud hi-lo and razz hands.

The harness is ``tests/game/pokerkit_stud_differential.py``. Spots where pokerkit is known
to break a rule are checked against the rule instead and counted apart (``KNOWN_FAULTS``,
listed in docs/rules.md).
"""

from __future__ import annotations

import pokerkit_stud_differential as diff
import pytest

from pokerforge.game import Hand, LegalActions

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow


def test_no_differences_on_random_stud_hands() -> None:
    outcome = diff.run(1_500, seed=20_261_203)
    assert outcome.hands == 1_500
    assert outcome.steps > 10_000  # hands are really played, not just dealt
    assert outcome.differences == []
    assert set(outcome.faults) <= set(diff.KNOWN_FAULTS)


@pytest.mark.parametrize("variant", diff.VARIANTS)
def test_each_variant_is_compared(variant: str) -> None:
    for seed in range(40):
        outcome = diff.play(diff.Deal(variant, (1, 2, 4, 8), (300, 300, 300), button=0,
                                      seed=seed))  # fmt: skip
        assert outcome.differences == []
        assert outcome.steps >= 3


def test_harness_finds_a_difference() -> None:
    # The harness is not blind: a hand that offers a wrong completion is reported.
    class Liar(Hand):
        __slots__ = ()

        def legal_actions(self) -> LegalActions:
            legal = super().legal_actions()
            if legal.min_raise_to is None:
                return legal
            wrong = legal.min_raise_to + 1
            return legal._replace(min_raise_to=wrong, max_raise_to=wrong)

    outcome = diff.play(diff.Deal("stud", (1, 2, 4, 8), (100, 100, 100), button=0, seed=3), Liar)
    assert len(outcome.differences) == 1
    assert "raise range" in outcome.differences[0]
