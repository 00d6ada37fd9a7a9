"""Self-play simulations: [`run()`][pokerforge.sim.run] on one core, every core or a Dask cluster.

A run plays ``hands`` complete hands of a cash game (every seat starts every hand with
``stack`` chips, the button moves one seat a hand) with a policy per seat, and adds up the
chips each seat won, how often hands reached a showdown, and the pots. The hands are cut
into chunks with seeds derived from the run's seed (see `pokerforge.sim.chunks`), so
the result is the same for any number of workers on any backend.

Worker processes (local or a Dask ``LocalCluster``) start fresh interpreters that import
the main module, as `multiprocessing` does with ``spawn``: a script that runs with
``workers > 1`` keeps its top-level code under ``if __name__ == "__main__":``.

Examples:
    >>> result = run(None, players=3, hands=200, policies="call", seed=1, chunk_size=64)
    >>> result.hands, result.showdowns, sum(result.net)
    (200, 200, 0)
    >>> result == run(None, players=3, hands=200, policies="call", seed=1, chunk_size=64)
    True
    >>> [seat.policy for seat in result.seats]
    ['call', 'call', 'call']
"""

from __future__ import annotations

import dataclasses
import math
import os
import time
from collections.abc import Callable
from pathlib import Path

from pokerforge.defaults import SEED
from pokerforge.errors import InvalidSpecError, TimeLimitError
from pokerforge.game import GameSpec, Hand
from pokerforge.sim.backends import RunOptions
from pokerforge.sim.chunks import Job, play_chunk, play_hand
from pokerforge.sim.output import HandWriter, open_writer, record_kind
from pokerforge.sim.policies import Policies
from pokerforge.sim.results import SimResult, Tally

__all__ = ["SimInterrupted", "replay", "run"]


class SimInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run: the workers are stopped; ``partial`` names the files left with
    the first ``hands_written`` hands (see `pokerforge.sim.output`)."""

    def __init__(self, partial: tuple[str, ...], hands_written: int) -> None:
        super().__init__(partial, hands_written)
        self.partial = partial
        self.hands_written = hands_written


def run(
    spec: GameSpec | None = None,
    *,
    players: int = 6,
    hands: int,
    policies: Policies = "random",
    seed: int = SEED,
    workers: int = 1,
    scheduler: str | None = None,
    out: str | os.PathLike[str] | None = None,
    backend: str | None = None,
    stack: int | None = None,
    chunk_size: int = 1000,
    progress: Callable[[int, int], None] | None = None,
    timeout: float = 5.0,
    time_limit: float | None = None,
) -> SimResult:
    """Plays ``hands`` hands with a policy per seat and adds up what happened.

    Args:
        spec: The game (``None``: no-limit Hold'em, blinds 1/2).
        players: Seats, 2 to 10.
        hands: Hands to play.
        policies: A policy name (``"random"``, ``"call"``, ``"tag"``) or a policy
            ``policy(view, legal) -> decision`` (the game layer's, as
            [Table.play_hand][pokerforge.game.Table.play_hand] takes) for every seat,
            a list with one per seat, or names separated by commas (``"tag,random"``); see
            `pokerforge.sim.policies` (the old ``policy(turn, rng)`` still works, with
            a `DeprecationWarning`).
        seed: The run's seed: the same seed plays the same hands.
        workers: Worker processes (more than one: the ``"processes"`` backend unless
            another is named).
        scheduler: The address of a Dask scheduler (``"tcp://host:8786"``): run there.
        out: Write every hand to this file: ``.parquet``, ``.phhs`` or JSON lines (see
            `pokerforge.sim.output`).
        backend: ``"inline"``, ``"processes"`` or ``"dask"`` (with ``workers`` and no
            scheduler, a ``LocalCluster`` started for the run); default from the above.
        stack: Every seat's stack at the start of every hand (default 100 big blinds).
        chunk_size: Hands per chunk; part of the run's definition, like the seed.
        progress: Called as ``progress(hands_done, hands)`` after each chunk.
        timeout: Seconds to wait for a Dask scheduler.
        time_limit: Seconds the run may take; each chunk asks after every hand. Past it
            the workers are stopped, the whole chunks written are kept (as for Ctrl-C)
            and [`TimeLimitError`][pokerforge.errors.TimeLimitError] names them.

    Returns:
        The [`SimResult`][pokerforge.sim.SimResult].

    Raises:
        InvalidSpecError: Bad counts, an unknown policy or backend.
        PolicyError: A policy raised or chose an illegal action (naming the hand's seed).
        SimBackendError: Dask or pyarrow missing, an unreachable scheduler, workers that
            keep dying.
        SimInterrupted: Ctrl-C; the workers are stopped and partial output marked.
        TimeLimitError: The run passed ``time_limit`` (its partial output named).
    """
    options = RunOptions(workers, scheduler, backend, timeout, progress)
    executor = options.executor()
    job = Job.build(
        spec,
        players=players,
        hands=hands,
        policies=policies,
        seed=seed,
        stack=stack,
        chunk_size=chunk_size,
        record=record_kind(Path(out)) if out is not None else None,
    )
    if time_limit is not None:
        if not 0 < time_limit < math.inf:
            raise InvalidSpecError(
                f"time_limit = {time_limit!r} is not allowed: expected seconds above 0"
            )
        job = dataclasses.replace(job, deadline=time.time() + time_limit)
    start = time.perf_counter()
    writer: HandWriter | None = None
    tally = Tally.empty(players)
    try:
        with executor:
            writer = open_writer(out, job) if out is not None else None
            for _, chunk in executor.map(play_chunk, job, job.chunks):
                tally.merge(chunk.tally)
                if writer is not None:
                    writer.add(chunk)
                options.report(tally.hands, job.hands)
            used = executor.workers
    except KeyboardInterrupt:
        partial = writer.abandon() if writer is not None else ()
        raise SimInterrupted(partial, writer.hands_written if writer else 0) from None
    except TimeLimitError:
        kept = ""
        if writer is not None and (partial := writer.abandon()):
            kept = f"; the first {writer.hands_written:,} hands are in {', '.join(partial)}"
        err = TimeLimitError(
            f"the simulation did not finish within the time limit of {time_limit:g} s: "
            f"{tally.hands:,} of {hands:,} hands played{kept}"
        )
        err.location = "time_limit"
        raise err from None
    except BaseException:
        if writer is not None:
            writer.abandon()
        raise
    result = SimResult.of(
        tally,
        job=job,
        seconds=time.perf_counter() - start,
        backend=executor.backend,
        workers=used,
    )
    if writer is not None:
        result = dataclasses.replace(result, outputs=writer.finish(result))
    return result


def replay(
    spec: GameSpec | None = None,
    *,
    seed: int,
    button: int,
    players: int = 6,
    policies: Policies = "random",
    stack: int | None = None,
) -> Hand:
    """Plays one hand of a run again from the seed and button a
    [`PolicyError`][pokerforge.errors.PolicyError] names.

    Examples:
        >>> hand = replay(None, seed=12345, button=1, players=3, policies="call")
        >>> hand.is_over, hand.seed
        (True, 12345)
    """
    job = Job.build(spec, players=players, hands=1, policies=policies, seed=0, stack=stack)
    return play_hand(job, seed=seed, button=button)
