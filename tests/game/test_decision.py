"""The player protocol: policies see a view and the legal actions and return a decision;
bad decisions are named errors that change nothing, and nothing a policy does can hang."""

from __future__ import annotations

import copy
import pickle
import re

import numpy as np
import pytest

from pokerforge.errors import PolicyError
from pokerforge.game import (
    Decision,
    GameSpec,
    Hand,
    HandView,
    LazyHandView,
    LegalActions,
    RuleProfile,
    Table,
    play,
)

SPEC = GameSpec(blinds=(1, 2))


def FOLD(view: HandView, legal: LegalActions) -> Decision:  # noqa: N802
    return Decision.fold()


def _hand(seed: int = 3, seats: int = 3) -> Hand:
    return Hand(SPEC, stacks=[100] * seats, seed=seed)


def test_decisions_are_made_by_name_or_from_plain_values() -> None:
    assert Decision.of("check_or_call") is Decision.check_or_call()
    assert Decision.of(Decision.fold()) is Decision.fold()
    assert Decision.of(12) == Decision.raise_to(12) == Decision.of(np.int64(12))
    assert repr(Decision.raise_to(6)) == "Decision('raise_to', 6)"
    for bad in ("raise", True, 1.5, None, "CALL"):
        with pytest.raises(PolicyError, match="is not a decision"):
            Decision.of(bad)
    with pytest.raises(PolicyError, match="needs amount"):
        Decision("raise_to")
    with pytest.raises(PolicyError, match="a raise needs an int total"):
        Decision.raise_to(2.5)  # type: ignore[arg-type]


def test_a_policy_sees_its_own_view_and_the_legal_actions() -> None:
    seen: list[tuple[int, LegalActions]] = []

    def station(view: HandView, legal: LegalActions) -> Decision:
        seen.append((view.seat, legal))
        assert view.hole_cards[view.seat] is not None  # its own cards
        assert all(view.hole_cards[s] is None for s in range(3) if s != view.seat)
        return Decision.check_or_call()

    hand = play(_hand(), station)
    assert hand.is_over and len(seen) >= 9  # three seats, four streets
    assert seen[0][1].call == 2  # the first to act faces the big blind


def test_all_in_and_policies_per_seat() -> None:
    hand = play(_hand(seed=1), [lambda view, legal: Decision.all_in()] * 3)
    assert hand.is_over and max(hand.contributions) == 100
    folds = {0: lambda v, legal: "fold", 1: lambda v, legal: "fold", 2: lambda v, legal: "fold"}
    done = play(_hand(seed=2), folds)
    assert done.is_over and done.total_pot == 0 and sum(done.stacks) == 300


@pytest.mark.parametrize(
    ("returned", "words"),
    [
        ("raise", "returned 'raise' is not a decision"),
        (None, "returned None is not a decision"),
        ("check", "decision Decision('check') failed"),  # the big blind is owed
        (10**9, "failed"),  # beyond every stack
    ],
)
def test_a_bad_decision_names_the_seat_and_changes_nothing(returned: object, words: str) -> None:
    hand = _hand()
    before = (hand.history, hand.stacks, hand.actor)
    with pytest.raises(PolicyError, match=re.escape(words)) as info:
        play(hand, lambda view, legal: returned)
    assert "seat 0" in str(info.value)
    assert (hand.history, hand.stacks, hand.actor) == before


def test_a_policy_that_raises_is_named() -> None:
    def broken(view: HandView, legal: LegalActions) -> Decision:
        raise KeyError("oops")

    with pytest.raises(PolicyError, match="the policy of seat 0 raised KeyError"):
        play(_hand(), broken)


def test_show_and_muck_when_asked() -> None:
    rules = RuleProfile(showdown="ask", all_in_face_up=False)
    hand = Hand(GameSpec(blinds=(1, 2), rules=rules), stacks=[50, 50], seed=2)

    def shows(view: HandView, legal: LegalActions) -> str:
        return "show" if view.street.text == "showdown" else "check_or_call"

    assert play(hand, shows).is_over
    assert sum(1 for r in hand.history if type(r).__name__ == "Show") == 2


def _table() -> Table:
    table = Table(SPEC, seats=6, seed=4)
    for seat in (0, 2, 5):
        table.sit(seat, f"p{seat}", 100)
    return table


def test_table_policies_by_table_seat() -> None:
    table = _table()
    order: list[int] = []

    def tracking(view: HandView, legal: LegalActions) -> Decision:
        order.append(view.seat)
        return Decision.check_or_call()

    done = table.play_hand({0: tracking, 2: tracking, 5: tracking})
    assert done.hand.is_over and set(order) == {0, 1, 2}  # the hand's seats
    per_seat = [tracking, None, tracking, None, None, FOLD]
    assert table.play_hand(per_seat).hand.is_over  # type: ignore[arg-type]
    assert table.total_chips == 300


def test_a_missing_table_policy_is_refused_before_dealing() -> None:
    table = _table()
    with pytest.raises(PolicyError, match=r"no policy for seats \[5\]"):
        table.play_hand({0: FOLD, 2: FOLD})
    assert table.hand is None and not table.hands
    with pytest.raises(PolicyError, match="one policy per table seat"):
        table.play_hand([FOLD] * 3)


def test_the_old_decide_form_is_deprecated_and_cannot_hang() -> None:
    table = _table()
    with pytest.warns(DeprecationWarning, match="policy"):
        table.play_hand(lambda hand: hand.check_or_call())
    # Returning "call" instead of calling: applied, not a loop for ever.
    with pytest.warns(DeprecationWarning):
        done = table.play_hand(lambda hand: "check_or_call")
    assert done.hand.is_over
    with (
        pytest.warns(DeprecationWarning),
        pytest.raises(PolicyError, match=r"neither acted for seat .* nor returned a decision"),
    ):
        table.play_hand(lambda hand: None)
    assert table.hand is not None and not table.hand.is_over  # left as it was, to finish


def test_a_lazy_view_is_the_view_it_stands_for() -> None:
    hand = _hand(seed=2)
    assert hand.actor is not None
    lazy = LazyHandView(hand, hand.actor, hand.legal_actions())
    real = hand.view(hand.actor)
    assert isinstance(lazy, HandView)
    assert lazy == real and real == lazy and hash(lazy) == hash(real)
    assert repr(lazy) == repr(real) and lazy.seat == real.seat
    for twin in (pickle.loads(pickle.dumps(lazy)), copy.copy(lazy), copy.deepcopy(lazy)):
        assert type(twin) is HandView and twin == real
    hand.fold()
    assert lazy.bets == real.bets and lazy.legal_actions == real.legal_actions  # its turn's


def test_a_lazy_view_first_read_after_its_turn_is_a_named_error() -> None:
    hand = _hand(seed=2)
    assert hand.actor is not None
    seat = hand.actor
    kept = LazyHandView(hand, seat, hand.legal_actions())
    assert kept.seat == seat  # the seat needs no snapshot
    hand.call()
    with pytest.raises(PolicyError, match=f"seat {seat}'s view was first read after its turn"):
        _ = kept.board
    with pytest.raises(AttributeError):
        kept.board = ()  # type: ignore[misc]
    while not hand.is_over:
        hand.check_or_call()
    with pytest.raises(PolicyError, match="first read after its turn"):
        _ = kept.stacks
