"""pokerforge against pokerkit on seeded random hands of the board games.

The harness is ``tests/game/pokerkit_differential.py``; this test plays a seeded sample of
no-limit Hold'em and pot-limit Omaha (2,000 hands, well under a minute) and smaller ones of
the other board games pokerkit plays. ``scripts/pokerkit_differential.py`` plays 3,000
hands of every game pokerkit plays. Spots where pokerkit is known to break a rule are
checked against the rule instead and counted apart (``KNOWN_FAULTS``).
"""

from __future__ import annotations

import pokerkit_differential as diff
import pytest

from pokerforge.game import Hand, LegalActions

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow


def test_no_differences_on_random_hands() -> None:
    outcome = diff.run(2_000, seed=20_260_101)
    assert outcome.hands == 2_000
    assert outcome.steps > 10_000  # hands are really played, not just dealt
    assert outcome.differences == []
    assert set(outcome.faults) <= set(diff.KNOWN_FAULTS)


def test_no_differences_on_random_short_deck_hands() -> None:
    # The 36-card deal, the short deck's ranking (in pokerkit's order of three of a kind and
    # a straight) and its blinds, state by state against pokerkit's short-deck Hold'em.
    outcome = diff.run(400, seed=20_261_203, game="short-deck")
    assert outcome.hands == 400 and outcome.steps > 2_000
    assert outcome.differences == []
    assert set(outcome.faults) <= set(diff.KNOWN_FAULTS)


@pytest.mark.parametrize("game", ["holdem-fl", "omaha-hilo"])
def test_no_differences_on_random_limit_and_hi_lo_hands(game: str) -> None:
    # Fixed-limit Hold'em (the cap, rules 17 and 18) and Omaha hi-lo (the halves, rule 25),
    # with pokerkit's limit and hi-lo faults checked against the rules.
    outcome = diff.run(300, seed=20_261_207, game=game)
    assert outcome.hands == 300 and outcome.steps > 2_000
    assert outcome.differences == []
    assert set(outcome.faults) <= set(diff.KNOWN_FAULTS)


def test_example_z_raise_nobody_could_call() -> None:
    # Example Z, which pokerkit and pokerforge now agree on.
    outcome = diff.play(diff.Deal("holdem", (1, 2), (16, 32, 59), button=1, seed=7))
    assert outcome.differences == []


def test_harness_finds_a_difference() -> None:
    # The harness is not blind: a hand with a wrong raise range is reported.
    class Liar(Hand):
        __slots__ = ()

        def legal_actions(self) -> LegalActions:
            legal = super().legal_actions()
            if legal.min_raise_to is None:
                return legal
            return legal._replace(max_raise_to=legal.max_raise_to - 1)  # type: ignore[operator]

    outcome = diff.play(diff.Deal("holdem", (1, 2), (100, 100, 100), button=0, seed=3), Liar)
    assert len(outcome.differences) == 1
    assert "raise range" in outcome.differences[0]
