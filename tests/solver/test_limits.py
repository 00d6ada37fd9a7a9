"""The solver's errors, progress, time limit and cancel path."""

from __future__ import annotations

import threading
import time

import pytest

from pokerforge._core import Cancel
from pokerforge.errors import (
    CardCountError,
    DuplicateCardError,
    InvalidCardError,
    InvalidRangeError,
    InvalidSpecError,
    SolverTooLargeError,
)
from pokerforge.solver import Progress, solve

# Solves stopped by time and by hand, the same on every Python: on 3.11 only.
pytestmark = pytest.mark.slow

RIVER = {"ranges": ["AA, KK", "QQ, JJ"], "board": "Td9d6hQc2s", "pot": 100, "stack": 100}
# A flop small enough to build in a moment, long enough to solve that limits are met first.
FLOP = {"ranges": ["TT+, AQ+", "88+, AJ+, KQ"], "board": "Td9d6h", "pot": 100, "stack": 400}


def test_bad_input_is_named() -> None:
    with pytest.raises(InvalidCardError) as err:
        solve(**{**RIVER, "board": "Td9d6hQx2s"})
    assert err.value.location == "board"
    with pytest.raises(DuplicateCardError):
        solve(**{**RIVER, "board": "Td9d6hTd2s"})
    with pytest.raises(CardCountError, match="3, 4 or 5"):
        solve(**{**RIVER, "board": "Td9d"})
    with pytest.raises(InvalidRangeError) as err:
        solve(**{**RIVER, "ranges": ["AA", "QQ+ junk"]})
    assert err.value.location == "ranges[1]"
    # A range the board empties: its one combo is on the board.
    with pytest.raises(InvalidRangeError, match="player 1"):
        solve(**{**RIVER, "ranges": ["AA", "TdQc"]})
    with pytest.raises(InvalidSpecError, match="'3q' is not a size"):
        solve(**RIVER, bets="50%, 3q")
    for impossible in ("0%", "20000%", "-50%", "1x", "4e"):
        with pytest.raises(InvalidSpecError, match="is not a size"):
            solve(**RIVER, raises=impossible)
    with pytest.raises(InvalidSpecError, match="only a raise size"):
        solve(**RIVER, bets="2x")
    with pytest.raises(InvalidSpecError, match="street 'preflop'"):
        solve(**RIVER, bets={"preflop": "50%"})
    with pytest.raises(InvalidSpecError, match="pot"):
        solve(**{**RIVER, "pot": 0})
    with pytest.raises(InvalidSpecError, match="stack"):
        solve(**{**RIVER, "stack": 10**12})
    with pytest.raises(InvalidSpecError, match="rake_rate"):
        solve(**RIVER, rake=1.5)
    with pytest.raises(InvalidSpecError, match="two ranges"):
        solve(**{**RIVER, "ranges": "AA"})
    with pytest.raises(InvalidSpecError, match="target"):
        solve(**RIVER, target=-1)
    with pytest.raises(InvalidSpecError, match="time_limit"):
        solve(**RIVER, time_limit=0)
    with pytest.raises(InvalidSpecError, match="player = 2"):
        solve(**RIVER).ev("", 2)


def test_a_game_past_the_memory_limit_is_refused_naming_its_size() -> None:
    with pytest.raises(SolverTooLargeError, match=r"needs \d+ bytes .* limit of 1000000 bytes"):
        solve(**FLOP, memory_limit=1_000_000)
    with pytest.raises(InvalidSpecError, match="memory_limit"):
        solve(**FLOP, memory_limit=0)


def test_progress_is_reported_and_can_stop_the_solve() -> None:
    seen: list[Progress] = []
    game = solve(**RIVER, target=0.0, max_iterations=50, progress=seen.append)
    assert [p.iterations for p in seen] == list(range(1, 51))
    assert all(p.seconds >= 0 for p in seen) and seen[-1].exploitability < 1.0
    assert game.iterations == 50 and not game.reached and not game.stopped

    def stop_at_seven(p: Progress) -> bool:
        return p.iterations >= 7

    game = solve(**RIVER, target=0.0, progress=stop_at_seven)
    assert game.iterations == 7 and game.stopped
    # Solving on continues from there.
    assert game.resume(target=0.0, max_iterations=12).iterations == 12


def test_an_exception_in_the_callback_ends_the_solve_and_is_raised() -> None:
    def fail(p: Progress) -> None:
        if p.iterations == 3:
            raise LookupError("from the callback")

    with pytest.raises(LookupError, match="from the callback"):
        solve(**RIVER, target=0.0, progress=fail)


def test_the_time_limit_stops_the_solve() -> None:
    start = time.perf_counter()
    game = solve(**FLOP, target=0.0, max_iterations=100_000, time_limit=0.3)
    assert not game.reached and not game.stopped
    assert 0 < game.iterations < 100_000
    # The limit is checked after each iteration (and one last measure follows): far less
    # than the unlimited solve would take, with room for a loaded machine.
    assert time.perf_counter() - start < 30


def test_cancel_from_another_thread_stops_the_solve_and_keeps_the_game() -> None:
    cancel = Cancel()
    started = threading.Event()
    games = []

    def run() -> None:
        games.append(
            solve(**FLOP, target=0.0, max_iterations=100_000, cancel=cancel,
                  progress=lambda p: started.set())
        )  # fmt: skip

    worker = threading.Thread(target=run)
    worker.start()
    assert started.wait(60)
    cancel.cancel()
    worker.join(60)
    assert not worker.is_alive()
    (game,) = games
    assert game.stopped and not game.reached and 0 < game.iterations < 100_000
    assert game.strategy(game.root).frequencies.shape[1] == len(game.root.actions)


def test_reading_a_game_while_it_is_solved_is_refused() -> None:
    game = solve(**FLOP, max_iterations=1)
    started = threading.Event()
    cancel = Cancel()
    worker = threading.Thread(
        target=lambda: game.resume(
            target=0.0, max_iterations=100_000, cancel=cancel, progress=lambda p: started.set()
        )
    )
    worker.start()
    assert started.wait(60)
    with pytest.raises(RuntimeError, match="being solved in another thread"):
        game.strategy(game.root)
    cancel.cancel()
    worker.join(60)
    assert game.stopped and game.strategy(game.root).actions == game.root.actions


def test_the_extension_checks_its_own_arguments() -> None:
    """`_core`'s solver names a bad player, a bad shape of sizes and a bad memory bound
    itself, whoever calls it."""
    from pokerforge._core import SolverGame, SolverSpot  # noqa: PLC0415

    args: dict[str, object] = {
        "board": "Td9d6hQc2s", "ranges": ("AA", "KK"), "pot": 100, "stack": 100,
        "sizes": [[("50%", "")] * 2] * 3, "donk": (None, None), "allin_threshold": 0.15,
        "merge_threshold": 0.1, "rake_rate": 0.0, "rake_cap": 0.0,
    }  # fmt: skip
    game = SolverGame(SolverSpot(**args))  # type: ignore[arg-type]
    for call in (lambda: game.hands(2), lambda: game.ev([], 2), lambda: game.equity([], 7)):
        with pytest.raises(InvalidSpecError, match="player"):
            call()
    with pytest.raises(InvalidSpecError, match="sizes"):
        SolverSpot(**{**args, "sizes": [[("50%", "")]]})  # type: ignore[arg-type]
    with pytest.raises(InvalidSpecError, match="memory_limit"):
        SolverGame(SolverSpot(**args), memory_limit=-1)  # type: ignore[arg-type]
    with pytest.raises(InvalidRangeError) as err:
        SolverSpot(**{**args, "ranges": ("AA", 5)})  # type: ignore[arg-type]
    assert err.value.location == "ranges[1]"
