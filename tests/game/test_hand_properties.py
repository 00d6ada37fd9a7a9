"""Hypothesis state machines over random action sequences, legal and illegal.

For every betting structure and game (every row of the variant table): chips are conserved
after every action; every pot is paid only to seats eligible for it; the hand always ends;
``legal_actions()`` never offers an action that then fails, and every action it does not
offer is refused by ``verify_*`` with ``IllegalActionError`` and changes nothing.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from pokerforge.errors import IllegalActionError
from pokerforge.game import TDA_2024, Award, GameSpec, Hand, Rake
from pokerforge.games import ROWS

# Property tests of the pure-Python rules, the same on every Python: 3.11 only in the test
# command.
pytestmark = pytest.mark.slow

STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")
MAX_ACTIONS = 400  # far more than any hand can take


def snapshot(hand: Hand) -> tuple[Any, ...]:
    return (
        hand.stacks,
        hand.bets,
        hand.pots,
        hand.actor,
        hand.street,
        hand.legal_actions(),
        hand.history,
        hand.board_indices,
        hand.is_over,
        hand.payouts,
        hand.boards,
        hand.max_runouts,
    )


@st.composite
def specs(draw: st.DrawFn, betting: str) -> GameSpec:
    # Every game played in this structure, its forced bets as its row says.
    variant = draw(st.sampled_from([g for g, row in ROWS.items() if betting in row.structures]))
    row = ROWS[variant]
    unit = draw(st.sampled_from([1, 1, 1, 5]))
    big = unit * draw(st.integers(1, 4))
    small = draw(st.sampled_from([0, big // 2 // unit * unit, big]))
    kwargs: dict[str, Any] = {"hole_cards": draw(st.sampled_from(row.hole_cards))}
    if betting == "fixed-limit":
        kwargs["small_bet"] = big * draw(st.integers(1, 2))
        kwargs["big_bet"] = kwargs["small_bet"] * 2
    ante = unit * draw(st.integers(0, 2))
    if row.forced == "bring-in":  # antes and a bring-in up to the small bet, no blinds
        kwargs["bring_in"] = unit * draw(st.integers(1, kwargs["small_bet"] // unit))
    elif row.button_blind and draw(st.booleans()):  # rule 44: a button blind
        kwargs["button_blind"] = big
    else:
        kwargs["blinds"] = (small, big)
        kwargs["ante_kind"] = draw(st.sampled_from(["uniform", "big-blind"]))
        if row.straddle:
            kwargs["straddle"] = draw(st.sampled_from([0, 0, 2 * big]))
    return GameSpec(
        variant=variant,
        betting=betting,  # type: ignore[arg-type]
        ante=ante,
        chip_unit=unit,
        rake=draw(st.sampled_from([None, Rake(percent=5, cap=3 * unit)])),
        rules=replace(
            draw(st.sampled_from([GameSpec().rules, TDA_2024])),
            runouts=draw(st.sampled_from([1, 1, 2, 3, 4])),  # rule 26b
            # Rule 18's switch: where the rooms' next raise goes after a short all-in.
            limit_short_all_in=draw(st.sampled_from(["all-in", "full-bet", "completes"])),
        ),
        **kwargs,
    )


class HandMachine(RuleBasedStateMachine):
    betting = "no-limit"

    def __init__(self) -> None:
        super().__init__()
        self.hand: Hand | None = None
        self.total = 0
        self.actions = 0

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        spec = data.draw(specs(self.betting))
        n = data.draw(st.integers(3 if spec.straddle else 2, spec.engine.max_players))
        big = spec.rate_unit
        stacks = data.draw(st.lists(st.integers(1, 60 * big), min_size=n, max_size=n))
        button = data.draw(st.integers(0, n - 1))
        self.hand = Hand(spec, stacks=stacks, button=button, seed=data.draw(st.integers(0, 99)))
        self.total = sum(stacks)

    @property
    def h(self) -> Hand:
        assert self.hand is not None
        return self.hand

    def attempt(self, kind: str, amount: int | float = 0, seat: int | None = None) -> None:
        hand = self.h
        legal = hand.legal_actions()
        actor = hand.actor
        if kind == "raise":
            allowed = legal.min_raise_to is not None and legal.max_raise_to is not None
            if allowed and isinstance(amount, int):
                assert legal.min_raise_to is not None and legal.max_raise_to is not None
                all_in = hand.bets[actor] + hand.stacks[actor]  # type: ignore[index]
                unit = hand.spec.chip_unit
                allowed = legal.min_raise_to <= amount <= legal.max_raise_to and (
                    amount % unit == 0 or amount == all_in
                )
                if hand.spec.betting == "fixed-limit":  # the bet, or rule 39's big bet
                    allowed = amount in (legal.min_raise_to, legal.max_raise_to)
            else:
                allowed = False
        else:
            allowed = {"fold": legal.fold, "check": legal.check, "call": legal.call > 0}[kind]
        if seat is not None and seat != actor:
            allowed = False
        verify = getattr(hand, f"verify_{kind}" if kind != "raise" else "verify_raise_to")
        can = getattr(hand, f"can_{kind}" if kind != "raise" else "can_raise_to")
        apply = getattr(hand, kind if kind != "raise" else "raise_to")
        args = (amount,) if kind == "raise" else ()
        assert can(*args, seat=seat) == allowed, (kind, amount, legal)
        if allowed:
            verify(*args, seat=seat)
            record = apply(*args, seat=seat)
            assert hand.history[hand.history.index(record)] == record
            self.actions += 1
            assert self.actions <= MAX_ACTIONS
        else:
            before = snapshot(hand)
            with pytest.raises(IllegalActionError, match=r"rule|over|chips|unit|stack"):
                verify(*args, seat=seat)
            with pytest.raises(IllegalActionError):
                apply(*args, seat=seat)
            assert snapshot(hand) == before

    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        hand = self.h
        if hand.is_over:
            return
        most = hand.max_runouts
        if most is not None:  # the players choose how many times to run the board
            times = data.draw(st.integers(1, most))
            assert hand.can_run_it(times)
            hand.verify_run_it(times, seat=hand.actor)
            record = hand.run_it(times)
            assert record in hand.history
            return
        if hand.state.drawing >= 0:  # a drawing round: any of the cards, or none (rule 49)
            self.draw_cards(data)
            return
        legal = hand.legal_actions()
        choices = [k for k, ok in (("fold", legal.fold), ("check", legal.check),
                                   ("call", legal.call > 0),
                                   ("raise", legal.min_raise_to is not None)) if ok]  # fmt: skip
        kind = data.draw(st.sampled_from(choices))
        amount = 0
        if kind == "raise":
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            amount = data.draw(
                st.one_of(
                    st.sampled_from([legal.min_raise_to, legal.max_raise_to]),
                    st.integers(legal.min_raise_to, legal.max_raise_to),
                )
            )
            unit = hand.spec.chip_unit
            if (amount % unit and amount != legal.max_raise_to) or (
                hand.spec.betting == "fixed-limit" and amount != legal.max_raise_to
            ):
                amount = legal.min_raise_to
        self.attempt(kind, amount)

    def draw_cards(self, data: st.DataObject) -> None:
        hand = self.h
        seat = hand.state.drawing
        held = hand.state.holes[seat]
        thrown = data.draw(st.lists(st.sampled_from(held), unique=True)) if held else []
        for other in ("fold", "check", "call"):  # nobody bets while the players draw
            assert not getattr(hand, f"can_{other}")()
        if thrown:
            assert hand.can_discard(thrown)
            record = hand.discard(thrown)
        else:
            assert hand.can_stand_pat()
            record = hand.stand_pat()
        assert record in hand.history
        assert len(hand.state.holes[seat]) == len(held)  # as many dealt as thrown

    @rule(data=st.data())
    def copy_plays_the_same(self, data: st.DataObject) -> None:
        hand = self.h
        twin = hand.copy()
        assert snapshot(twin) == snapshot(hand)
        if hand.is_over:
            return
        legal = hand.legal_actions()
        if hand.max_runouts is not None:
            twin.run_it(1)
        elif hand.state.drawing >= 0:
            twin.stand_pat()
        elif legal.call:
            twin.call()
        elif legal.check:
            twin.check()
        assert snapshot(hand) != snapshot(twin)  # the original did not move
        hand_view = hand.view(data.draw(st.integers(0, hand.num_seats - 1)))
        for seat, cards in enumerate(hand_view.hole_cards):
            if seat != hand_view.seat:
                assert cards is None or hand.is_over

    @rule(
        kind=st.sampled_from(["fold", "check", "call", "raise"]),
        amount=st.one_of(st.integers(-5, 400), st.floats(0, 100)),
        seat=st.one_of(st.none(), st.integers(0, 9)),
    )
    def any_action(self, kind: str, amount: int | float, seat: int | None) -> None:
        self.attempt(kind, amount, seat)

    @rule(
        times=st.one_of(st.integers(-1, 6), st.sampled_from([True, 2.0, "2", None])),
        seat=st.one_of(st.none(), st.integers(0, 9)),
    )
    def any_run_it(self, times: Any, seat: int | None) -> None:
        hand = self.h
        most = hand.max_runouts
        allowed = (
            most is not None
            and type(times) is int
            and 1 <= times <= most
            and (seat is None or seat == hand.actor)
        )
        assert hand.can_run_it(times, seat=seat) == allowed
        if allowed:
            hand.verify_run_it(times, seat=seat)
            hand.run_it(times, seat=seat)
        else:
            before = snapshot(hand)
            with pytest.raises(IllegalActionError, match=r"rule 26b"):
                hand.verify_run_it(times, seat=seat)
            with pytest.raises(IllegalActionError, match=r"rule 26b"):
                hand.run_it(times, seat=seat)
            assert snapshot(hand) == before

    @invariant()
    def chips_are_conserved(self) -> None:
        if self.hand is None:
            return
        hand = self.hand
        in_middle = sum(hand.bets) + sum(p.amount for p in hand.pots)
        if hand.is_over:
            assert sum(hand.stacks) + hand.rake == self.total
            assert sum(hand.pots[i].amount for i in range(len(hand.pots))) == sum(hand.payouts)
        else:
            assert sum(hand.stacks) + in_middle == self.total
            assert hand.total_pot == in_middle
            assert hand.actor is not None
        assert min(hand.stacks) >= 0

    @invariant()
    def pots_go_to_eligible_seats(self) -> None:
        if self.hand is None or not self.hand.is_over:
            return
        pots = self.hand.pots
        for record in self.hand.history:
            if isinstance(record, Award):
                assert record.seat in pots[record.pot].eligible
        # Each runout's shares add up to the payouts (rule 26b).
        rows = self.hand.runout_payouts
        assert len(rows) == self.hand.runouts == len(self.hand.boards)
        assert tuple(map(sum, zip(*rows, strict=True))) == self.hand.payouts

    def teardown(self) -> None:
        # The hand always ends: finish it with legal actions.
        if self.hand is None:
            return
        hand = self.hand
        steps = 0
        while not hand.is_over:
            legal = hand.legal_actions()
            if hand.max_runouts is not None:
                hand.run_it(hand.max_runouts)
            elif hand.state.drawing >= 0:
                hand.stand_pat()
            elif legal.call:
                hand.call()
            elif legal.check:
                hand.check()
            else:  # pragma: no cover - an actor always has a legal action
                raise AssertionError(legal)
            steps += 1
            assert steps <= MAX_ACTIONS
        self.chips_are_conserved()
        self.pots_go_to_eligible_seats()


def make_test(betting: str) -> Any:
    machine: Any = type(f"HandMachine_{betting}", (HandMachine,), {"betting": betting})
    test_case = machine.TestCase
    test_case.settings = settings(
        max_examples=int(os.environ.get("POKERFORGE_MACHINE_EXAMPLES", "60")),
        stateful_step_count=40,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    return test_case


TestNoLimit = make_test("no-limit")
TestPotLimit = make_test("pot-limit")
TestFixedLimit = make_test("fixed-limit")
