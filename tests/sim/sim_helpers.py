"""Policies and helpers for the simulation tests (importable by worker processes: the tests
put this folder on PYTHONPATH before starting any)."""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path

from pokerforge.game import HandView, LegalActions
from pokerforge.sim import SimResult, call_policy

_decisions = 0


class KillOnce:
    """Plays like the call policy, but the first worker to make its ``after``-th decision
    kills its own process (SIGKILL, as an out-of-memory killer would), once per run: the
    marker file says it has happened."""

    def __init__(self, marker: str | Path, after: int = 300) -> None:
        self.marker = str(marker)
        self.after = after

    def __call__(self, view: HandView, legal: LegalActions) -> object:
        global _decisions  # noqa: PLW0603 - counts decisions in this worker process
        _decisions += 1
        if _decisions == self.after:
            try:
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                pass
            else:
                os.kill(os.getpid(), signal.SIGKILL)
        return call_policy(view, legal)


def old_raiser(turn: object, rng: random.Random) -> object:
    """The deprecated form: raises the minimum a third of the time, drawing from the
    generator the simulator seeds per hand."""
    legal = turn.legal_actions  # type: ignore[attr-defined]
    if legal.min_raise_to is not None and rng.random() < 1 / 3:
        return legal.min_raise_to
    return "call" if legal.call else "check"


def fail_on_aces(view: HandView, legal: LegalActions) -> object:
    """Plays like the call policy, but raises when dealt two aces (a bug that shows in
    some hands only, so the error must say which)."""
    hole = view.hole_cards[view.seat] or ()
    if all(card.rank == 12 for card in hole):
        raise ZeroDivisionError("the policy divided by zero")
    return call_policy(view, legal)


def totals(result: SimResult) -> tuple[object, ...]:
    """Everything a run found, without the policies' names."""
    return (
        result.hands,
        result.net,
        result.showdowns,
        result.showdowns_won,
        result.pot_total,
        result.pot_max,
        result.actions,
    )


def chunk_or_fail(payload: str, k: int) -> object:
    """A chunk function for the worker pool's tests: chunk ``k`` returns ``k * k``, except
    as ``payload`` says: ``"oserror"`` raises OSError at chunk 3, ``"lambda"`` returns
    something that does not pickle at chunk 2, ``"die"`` kills its worker at every chunk,
    ``"big"`` returns a megabyte."""
    if payload == "oserror" and k == 3:
        raise FileNotFoundError(f"chunk {k} found no file")
    if payload == "lambda" and k == 2:
        return lambda: k
    if payload == "die":
        os.kill(os.getpid(), signal.SIGKILL)
    if payload == "big":
        return bytes(1 << 20)
    return k * k
