"""Shared helpers for the game tests."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from pokerforge.game import Hand


def check_around(hand: Hand) -> None:
    """Check until the street changes or the hand ends."""
    street = hand.street
    while not hand.is_over and hand.street == street:
        hand.check()


def limp_preflop(hand: Hand) -> None:
    """Everyone calls pre-flop and the big blind checks."""
    while not hand.is_over and hand.street == 0:
        if hand.legal_actions().call:
            hand.call()
        else:
            hand.check()


@dataclass
class RandomPlayer:
    """The tests' one random legal player, for every game: it draws (throwing a random
    subset of the hand), brings in or completes (stud), asks for runouts, and bets.

    Facing a decision with raising allowed, it raises ``raise_share`` of the time (at most
    ``raise_cap`` full raises a street, when given) to ``sizes``: ``"ends"`` the least or
    the most allowed, ``"min"`` the least, ``"max"`` the most, ``"any"`` any amount between
    them. Otherwise it checks where it can; facing a bet it folds when its draw falls in the
    ``fold_share`` after the ``raise_share`` (so a fold is as likely whether or not it may
    raise) and calls the rest. Asked for runouts, it asks for the most ``runouts_agree`` of
    the time, else a random count. Every choice comes from ``rng``: the same seed plays the
    same hand.
    """

    rng: random.Random
    raise_share: float = 0.3
    fold_share: float = 0.1
    sizes: Literal["ends", "min", "max", "any"] = "ends"
    raise_cap: int | None = None
    runouts_agree: float = 1.0
    _raises: int = 0
    _street: object = None

    def act(self, hand: Hand) -> None:
        """One action (or draw, or runout choice) for the seat whose turn it is."""
        rng = self.rng
        drawing = hand.state.drawing
        if drawing >= 0:
            hole = list(hand.state.holes[drawing])
            thrown = rng.sample(hole, rng.randint(0, len(hole)))
            hand.discard(thrown) if thrown else hand.stand_pat()
            return
        most = hand.max_runouts
        if most is not None:
            hand.run_it(most if rng.random() < self.runouts_agree else rng.randint(1, most))
            return
        if hand.street != self._street:
            self._street, self._raises = hand.street, 0
        legal = hand.legal_actions()
        low, high = legal.min_raise_to, legal.max_raise_to
        r = rng.random()
        capped = self.raise_cap is not None and self._raises >= self.raise_cap
        if low is not None and high is not None and r < self.raise_share and not capped:
            sizes = self.sizes
            if sizes == "ends":
                to = rng.choice((low, high))
            else:
                to = low if sizes == "min" else high if sizes == "max" else rng.randint(low, high)
            hand.raise_to(to)
            self._raises += 1
        elif hand.can_bring_in():
            hand.bring_in()
        elif legal.check:
            hand.check()
        elif legal.fold and r < self.raise_share + self.fold_share:
            hand.fold()
        else:
            hand.call()

    def play(self, hand: Hand, steps: int | None = None) -> Hand:
        """Acts until the hand ends, or for ``steps`` actions; returns the hand."""
        done = 0
        while not hand.is_over and (steps is None or done < steps):
            self.act(hand)
            done += 1
        return hand


def play_random(
    hand: Hand, rng: random.Random, *, call_share: float = 0.8, steps: int | None = None
) -> Hand:
    """:class:`RandomPlayer`'s play (a raise to the least or the most three times in ten,
    else a check, or facing a bet a call ``call_share`` of the time); returns the hand."""
    return RandomPlayer(rng, fold_share=1 - call_share).play(hand, steps)
