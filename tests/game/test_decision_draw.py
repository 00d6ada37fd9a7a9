"""The player protocol in the draw games: ``Decision.discard(cards)`` and
``Decision.stand_pat()`` applied by ``act``, the view's drawing fields, and the built-in
policies drawing (by the documented drawing policy, or at random from their own stream)."""

from __future__ import annotations

import pytest

from pokerforge.cards import CardSet
from pokerforge.equity import draw_policy
from pokerforge.errors import PolicyError
from pokerforge.game import Decision, GameSpec, Hand, HandView, LegalActions, Table, play
from pokerforge.game.actions import Discard, StandPat
from pokerforge.game.decision import act
from pokerforge.games import DRAW_GAMES
from pokerforge.sim import run
from pokerforge.sim.policies import RandomPolicy, TightAggressive, call_policy

TRIPLE = GameSpec(
    variant="2-7-triple-draw", betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4
)


def _spec(game: str) -> GameSpec:
    if game in ("2-7-triple-draw", "a-5-triple-draw", "badugi"):
        return GameSpec(variant=game, betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
    return GameSpec(variant=game, blinds=(1, 2))


def _at_first_draw() -> Hand:
    hand = Hand(TRIPLE, stacks=[100, 100], seed=7, hole_cards=["7c5d4h3s9c", "KhKdQc8s2c"])
    hand.call()
    hand.check()
    return hand


def test_discard_and_stand_pat_are_decisions() -> None:
    assert Decision.discard("Kh Kd") == Decision.discard(["Kd", "Kh"])
    assert Decision.discard("KhKd").cards == CardSet("KhKd")
    assert Decision.of("stand_pat") is Decision.stand_pat()
    assert repr(Decision.stand_pat()) == "Decision('stand_pat')"
    with pytest.raises(PolicyError, match=r"at least one card, not '': to draw none, stand pat"):
        Decision.discard("")
    with pytest.raises(PolicyError, match=r"a discard needs cards, not 'Kx'"):
        Decision.discard("Kx")
    with pytest.raises(PolicyError, match=r"'discard' decision needs cards"):
        Decision("discard")
    with pytest.raises(PolicyError, match=r"'fold' decision takes no cards"):
        Decision("fold", cards=CardSet("Kh"))


def test_act_applies_a_discard_and_a_stand_pat() -> None:
    hand = _at_first_draw()
    view = hand.view(1)
    assert (view.variant, view.drawing, view.draws_left) == ("2-7-triple-draw", True, 3)
    assert not hand.view(0).drawing
    assert act(hand, lambda view, legal: Decision.discard("KhKdQc")) == Decision.discard("QcKdKh")
    thrown = hand.history[-2]
    assert isinstance(thrown, Discard) and (thrown.seat, thrown.number) == (1, 3)
    assert CardSet(thrown.cards) == CardSet("KhKdQc")
    assert act(hand, lambda view, legal: "stand_pat") is Decision.stand_pat()
    assert isinstance(hand.history[-1], StandPat)
    assert hand.state.draws == ((0,), (3,))
    after = hand.view(1)  # the betting after the first draw: two draws to come
    assert (after.drawing, after.draws_left) == (False, 2)


def test_an_illegal_discard_is_a_policy_error_that_changes_nothing() -> None:
    hand = _at_first_draw()
    before = (hand.history, hand.view(0), hand.view(1))
    with pytest.raises(PolicyError, match=r"seat 1's decision Decision\('discard', '2h'\) failed"):
        act(hand, lambda view, legal: Decision.discard("2h"))
    assert (hand.history, hand.view(0), hand.view(1)) == before
    with pytest.raises(PolicyError, match=r"seat 1's decision Decision\('check_or_call'\)"):
        act(hand, lambda view, legal: "check_or_call")
    assert (hand.history, hand.view(0), hand.view(1)) == before
    # A draw where betting is asked: nobody is drawing.
    bet = Hand(TRIPLE, stacks=[100, 100], seed=7)
    with pytest.raises(PolicyError, match=r"rule 49"):
        act(bet, lambda view, legal: Decision.stand_pat())


def _logged(policy: object, log: list[tuple[HandView, Decision]]) -> object:
    def logging(view: HandView, legal: LegalActions) -> object:
        decision = Decision.of(policy(view, legal))  # type: ignore[operator]
        log.append((view, decision))
        return decision

    return logging


@pytest.mark.parametrize("game", DRAW_GAMES)
@pytest.mark.parametrize("policy", [call_policy, TightAggressive()], ids=["call", "tag"])
def test_call_and_tag_draw_by_the_documented_policy(game: str, policy: object) -> None:
    draws = 0
    for seed in range(4):
        log: list[tuple[HandView, Decision]] = []
        hand = play(Hand(_spec(game), stacks=[200] * 3, seed=seed), _logged(policy, log))
        assert hand.is_over
        for view, decision in log:
            if not view.drawing:
                assert decision.kind not in ("discard", "stand_pat")
                continue
            draws += 1
            hole = CardSet(view.hole_cards[view.seat] or ())
            thrown = draw_policy(game, hole, view.draws_left)  # type: ignore[arg-type]
            expected = Decision.discard(thrown) if len(thrown) else Decision.stand_pat()
            assert decision == expected, (seed, view.draws_left, str(hole))
    assert draws  # the policies reached a draw (the call policy always does)


def test_random_draws_any_subset_from_its_own_seeded_stream() -> None:
    def thrown(seed: int) -> list[int]:
        policy = RandomPolicy(seed=3)
        policy.reseed(seed)
        log: list[tuple[HandView, Decision]] = []
        play(Hand(_spec("badugi"), stacks=[200] * 4, seed=seed), _logged(policy, log))
        return [len(d.cards) if d.cards is not None else 0 for v, d in log if v.drawing]

    counts = [n for seed in range(30) for n in thrown(seed)]
    assert thrown(11) == thrown(11)  # the same stream, the same draws
    assert {0, 1, 2, 3} <= set(counts)  # stand pat, and draws of several sizes


def test_table_and_simulator_play_a_draw_game() -> None:
    table = Table(TRIPLE, seed=2)
    for seat in range(3):
        table.sit(seat, f"p{seat}", 60)
    for _ in range(3):
        done = table.play_hand(call_policy)
        assert any(isinstance(rec, Discard | StandPat) for rec in done.hand.history)
    assert sum(table.chips(seat) for seat in range(3)) == 180
    runs = [
        run(_spec(game), players=3, hands=20, policies=["tag", "random", "call"], seed=1)
        for game in ("2-7-single-draw", "badugi", "badugi")
    ]
    for result in runs:
        assert result.hands == 20 and sum(result.net) == 0 and result.showdown_share > 0
    assert runs[1].net == runs[2].net  # the random policy's draws are seeded with the hand
