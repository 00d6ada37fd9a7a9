"""Solving a spot ([`solve()`][pokerforge.solver.solve]) and reading the solution
([`SolvedGame`][pokerforge.solver.SolvedGame])."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

import numpy as np
import numpy.typing as npt

from pokerforge._core import Cancel, CardSet, SolverGame, SolverSpot
from pokerforge.errors import InvalidSpecError
from pokerforge.solver.views import ActionSummary, HandValues, Node, Strategy, summaries

if TYPE_CHECKING:
    from pokerforge._core import Range

__all__ = ["STREETS", "Progress", "Sizes", "SolvedGame", "estimate", "load", "solve"]

STREETS = ("flop", "turn", "river")
"""The streets a spot's sizes are given for."""

Sizes: TypeAlias = str | Mapping[str, str | tuple[str, str]]
"""Bet or raise sizes: one text for every street and both players, or a mapping from
street (``"flop"``, ``"turn"``, ``"river"``) to a text for both players or a pair of texts
(out of position, in position). A text is a comma-separated list: ``50%`` (of the pot),
``2.5x`` (a raise to 2.5 times the bet), ``e`` (geometric), ``a`` (all-in)."""

Line: TypeAlias = str | Sequence[str]
"""A line of play: tokens separated by spaces, commas or slashes (``"x b100 c / 2c / x"``)
or a sequence of tokens. See [`Node`][pokerforge.solver.Node] for the tokens."""

_SPLIT = re.compile(r"[\s,/]+")

_HandData: TypeAlias = tuple[list[str], npt.NDArray[np.uint8], npt.NDArray[np.float32]]
"""A player's hand labels, cards and weights."""


@dataclass(frozen=True)
class Progress:
    """Where a solve stands, given to the ``progress`` callback after every iteration.

    Attributes:
        iterations: Iterations run so far (earlier solves of the game included).
        exploitability: The last exploitability measured, as a share of the starting pot
            (``inf`` before the first measure).
        seconds: Seconds since this solve began.
    """

    iterations: int
    exploitability: float
    seconds: float


def _sizes(name: str, sizes: Sizes, street: int) -> list[tuple[str, str]]:
    """The (out of position, in position) texts of ``sizes`` on street ``street``."""
    if isinstance(sizes, str):
        return [(sizes, sizes)] * 2
    unknown = set(sizes) - set(STREETS)
    if unknown:
        raise InvalidSpecError(
            f"{name} has the street {sorted(unknown)[0]!r}: expected flop, turn or river"
        )
    text = sizes.get(STREETS[street])
    if text is None:
        return [("", "")] * 2
    if isinstance(text, str):
        return [(text, text)] * 2
    if len(text) != 2 or not all(isinstance(t, str) for t in text):
        raise InvalidSpecError(
            f"{name}[{STREETS[street]!r}] = {text!r} is not sizes: expected a text, or a pair "
            "of texts (out of position, in position)"
        )
    return [(text[0], text[0]), (text[1], text[1])]


def _spot(
    *,
    ranges: Sequence[str | Range],
    board: object,
    pot: int,
    stack: int,
    bets: Sizes,
    raises: Sizes,
    donk: str | tuple[str | None, str | None] | None,
    rake: float,
    rake_cap: float | None,
    allin_threshold: float,
    merge_threshold: float,
) -> SolverSpot:
    """The checked spot of [`solve()`][pokerforge.solver.solve]'s arguments."""
    if isinstance(ranges, str) or len(ranges) != 2:
        raise InvalidSpecError(
            f"ranges = {ranges!r} is not two ranges: expected [out of position, in position]"
        )
    sizes = []
    for street in range(3):
        bet = _sizes("bets", bets, street)
        raise_ = _sizes("raises", raises, street)
        sizes.append([(bet[p][0], raise_[p][1]) for p in range(2)])
    turn_donk, river_donk = (donk, donk) if donk is None or isinstance(donk, str) else donk
    if rake_cap is None:
        rake_cap = float(pot) * 3.0 + float(stack) * 2.0 if rake > 0 else 0.0
    return SolverSpot(
        board=board,  # type: ignore[arg-type]
        ranges=(ranges[0], ranges[1]),
        pot=pot,
        stack=stack,
        sizes=sizes,
        donk=(turn_donk, river_donk),
        allin_threshold=allin_threshold,
        merge_threshold=merge_threshold,
        rake_rate=rake,
        rake_cap=min(rake_cap, 3e8),
    )


def solve(
    *,
    ranges: Sequence[str | Range],
    board: str | CardSet | int | Sequence[str],
    pot: int,
    stack: int,
    bets: Sizes = "50%, a",
    raises: Sizes = "2.5x",
    donk: str | tuple[str | None, str | None] | None = None,
    target: float = 0.005,
    time_limit: float | None = None,
    max_iterations: int = 1000,
    rake: float = 0.0,
    rake_cap: float | None = None,
    allin_threshold: float = 0.15,
    merge_threshold: float = 0.1,
    compressed: bool = False,
    isomorphism: bool = True,
    memory_limit: int = 4 << 30,
    progress: Callable[[Progress], object] | None = None,
    cancel: Cancel | None = None,
    threads: int | None = None,
) -> SolvedGame:
    """Solves a heads-up No-Limit Hold'em spot from the flop, the turn or the river.

    Player 0 is out of position (acts first on every street), player 1 in position. The
    algorithm is discounted CFR on the core's threads, without the GIL; the tree, the
    units and the algorithm are described in ``rust/core/src/solver/mod.rs``.

    Args:
        ranges: The two ranges, out of position first: range text (``"QQ+, AKs,
            0.5(JJ)"``, docs/ranges.md) or [`Range`][pokerforge.equity.Range] objects. They may
            share combos; card removal is exact.
        board: 3, 4 or 5 cards.
        pot: The pot at the start, in chips (both players put in half).
        stack: The effective stack behind, in chips.
        bets: Bet sizes (`Sizes`): one text for every street and player, or by
            street and player.
        raises: Raise sizes, the same way.
        donk: Sizes of a donk bet (out of position leading after calling the last street)
            on the turn and the river: one text for both, a pair, or ``None`` (the bet
            sizes).
        target: Stop once the exploitability is at most this share of the pot.
        time_limit: Stop after this many seconds (checked after every iteration).
        max_iterations: Stop after this many iterations.
        rake: The share of every pot won taken as rake (0 to 1).
        rake_cap: The most rake a pot pays, in chips (``None``: no cap).
        allin_threshold: A bet that would leave at most this share of the pot behind
            becomes all-in.
        merge_threshold: Sizes closer than this are merged into the larger.
        compressed: Store regrets and strategies in 16 bits (about half the memory).
        isomorphism: Solve turn and river cards that the board's suits do not tell apart
            once.
        memory_limit: The most bytes the game may take: a larger game is refused before it
            is allocated.
        progress: Called with a [`Progress`][pokerforge.solver.Progress] after every iteration; a
            true answer stops the solve, an exception ends it and is raised.
        cancel: A `pokerforge._core.Cancel`: ``cancel.cancel()`` from another
            thread stops the solve after the iteration running (the game is kept).
        threads: The threads to solve on (default: every core, on the calling thread
            and the core's shared pool). A number runs the solve on a pool of its own,
            where Ctrl-C is seen only when the solve ends: meant for worker processes that
            each run one solve at a time, as flop reports do.

    Returns:
        The [`SolvedGame`][pokerforge.solver.SolvedGame], also when a limit stopped it before the
        target ([`SolvedGame.reached`][pokerforge.solver.SolvedGame.reached] says which).

    Raises:
        InvalidCardError: A board card that does not parse (``location`` ``"board"``).
        DuplicateCardError: The same card twice on the board.
        CardCountError: A board of other than 3 to 5 cards.
        InvalidRangeError: A range that does not parse, or that the board empties
            (``location`` names it).
        InvalidSpecError: Sizes that do not parse, or a pot, stack, threshold or rake out
            of range; the message names it.
        SolverTooLargeError: A game past ``memory_limit``, refused before allocating.
        KeyboardInterrupt: Ctrl-C during the solve.

    Examples:
        A river where the first player holds sets and air against bluff-catchers: at the
        equilibrium a third of the bets are bluffs and the aces call half of them.

        >>> game = solve(ranges=["KK, QJs", "AA"], board="Kh9d5c3s2h", pot=100, stack=100,
        ...              bets="100%", raises="", target=0.0005)
        >>> game.reached, game.root.actions
        (True, ('x', 'a100'))
        >>> round(game.strategy(game.root.play("a100")).totals["c"], 2)
        0.5
    """
    spot = _spot(
        ranges=ranges,
        board=board,
        pot=pot,
        stack=stack,
        bets=bets,
        raises=raises,
        donk=donk,
        rake=rake,
        rake_cap=rake_cap,
        allin_threshold=allin_threshold,
        merge_threshold=merge_threshold,
    )
    core = SolverGame(
        spot, compressed=compressed, isomorphism=isomorphism, memory_limit=memory_limit
    )
    game = SolvedGame(core)
    if isinstance(board, str):  # the cards in the order given
        game.board = "".join(board.split())
    game.resume(
        target=target,
        time_limit=time_limit,
        max_iterations=max_iterations,
        progress=progress,
        cancel=cancel,
        threads=threads,
    )
    return game


def estimate(
    *,
    ranges: Sequence[str | Range],
    board: str | CardSet | int | Sequence[str],
    pot: int,
    stack: int,
    bets: Sizes = "50%, a",
    raises: Sizes = "2.5x",
    donk: str | tuple[str | None, str | None] | None = None,
    allin_threshold: float = 0.15,
    merge_threshold: float = 0.1,
    isomorphism: bool = True,
) -> dict[str, int]:
    """The size of the game [`solve()`][pokerforge.solver.solve] would build, without allocating it:
    ``nodes``, ``entries`` (stored values), ``bytes`` and ``compressed_bytes``.

    Examples:
        >>> size = estimate(ranges=["AA, KK", "QQ"], board="Td9d6hQc2s", pot=100, stack=100)
        >>> size["nodes"], size["bytes"] < 100_000
        (21, True)
    """
    spot = _spot(
        ranges=ranges,
        board=board,
        pot=pot,
        stack=stack,
        bets=bets,
        raises=raises,
        donk=donk,
        rake=0.0,
        rake_cap=0.0,
        allin_threshold=allin_threshold,
        merge_threshold=merge_threshold,
    )
    nodes, entries, size, compressed = spot.estimate(isomorphism=isomorphism)
    return {"nodes": nodes, "entries": entries, "bytes": size, "compressed_bytes": compressed}


class SolvedGame:
    """A solved (or partly solved) game: its exploitability, and strategies, values and
    equities at every node.

    Nodes are reached by lines (`Line`): ``game.node("x b100 c / 2c")``, or
    ``game.root.play("x", "b100")``. Reading a game while another thread solves it raises
    ``RuntimeError``.

    Attributes:
        exploitability: The exploitability at the end of the last solve, as a share of the
            starting pot: what a best response would gain on average, per deal.
        iterations: Iterations run.
        seconds: Seconds the last solve took.
        reached: Whether the last solve met its target.
        stopped: Whether the last solve was stopped (a cancel, or the callback).
    """

    def __init__(self, core: SolverGame) -> None:
        self._core = core
        mask, self.pot, self.stack = core.start
        self.board = str(CardSet.from_mask(mask))
        self.exploitability = float("inf")
        self.iterations = core.iterations
        self.seconds = 0.0
        self.reached = False
        self.stopped = False
        self._hands: dict[
            int, tuple[list[str], npt.NDArray[np.uint8], npt.NDArray[np.float32]]
        ] = {}

    def resume(
        self,
        *,
        target: float = 0.005,
        time_limit: float | None = None,
        max_iterations: int = 1000,
        progress: Callable[[Progress], object] | None = None,
        cancel: Cancel | None = None,
        threads: int | None = None,
    ) -> SolvedGame:
        """Solves on (from the iterations run) to a new target or budget; returns self.
        The arguments are [`solve()`][pokerforge.solver.solve]'s; ``max_iterations`` counts every
        iteration."""
        if not (isinstance(target, int | float) and target >= 0):
            raise InvalidSpecError(
                f"target = {target!r} is not allowed: expected a share of the pot, 0 or more"
            )
        pot = float(self.pot)
        callback = None
        if progress is not None:
            report = progress

            def callback(iterations: int, exploitability: float, seconds: float) -> object:
                return report(Progress(iterations, exploitability / pot, seconds))

        iterations, chips, seconds, reached, stopped = self._core.solve(
            target=float(target) * pot,
            max_iterations=max_iterations,
            time_limit=time_limit,
            progress=callback,
            cancel=cancel,
            threads=threads,
        )
        self.iterations = iterations
        self.exploitability = chips / pot
        self.seconds = seconds
        self.reached = reached
        self.stopped = stopped
        return self

    @property
    def root(self) -> Node:
        """The first decision (out of position to act)."""
        return self.node(())

    @property
    def memory_bytes(self) -> int:
        """Bytes the game holds."""
        return self._core.memory_bytes

    @property
    def values(self) -> tuple[float, float]:
        """Each player's expected chips per deal at the root (from the start of the
        spot); they add up to minus the expected rake."""
        return self._core.values()

    def measure(self) -> float:
        """The exploitability measured now, as a share of the pot (costs about one
        iteration)."""
        return self._core.exploitability() / float(self.pot)

    def hands(self, player: int) -> tuple[str, ...]:
        """Player ``player``'s hands (``"AsKs"``): the range's combos the starting board
        leaves, the order of every per-hand array."""
        return tuple(self._hand_data(player)[0])

    def _hand_data(
        self, player: int
    ) -> tuple[list[str], npt.NDArray[np.uint8], npt.NDArray[np.float32]]:
        if player not in (0, 1):
            raise InvalidSpecError(f"player = {player!r} is not a player: expected 0 or 1")
        if player not in self._hands:
            self._hands[player] = self._core.hands(player)
        return self._hands[player]

    def node(self, line: Line = "") -> Node:
        """The node the line reaches from the root.

        Raises:
            InvalidSpecError: A token the node it reaches does not offer; the message
                names it and lists what the node offers.
        """
        tokens = tuple(t for t in _SPLIT.split(line) if t) if isinstance(line, str) else tuple(line)
        kind, player, pot, bets, actions, dealt = self._core.node(tokens)
        board = self.board + "".join(dealt)
        return Node(
            line=tokens,
            kind=kind,
            player=player if player >= 0 else None,
            pot=pot,
            bets=bets,
            actions=tuple(actions),
            board=board,
            game=self,
        )

    def _at(self, node: Node | Line) -> Node:
        return node if isinstance(node, Node) else self.node(node)

    def strategy(self, node: Node | Line) -> Strategy:
        """The average strategy of the player to act at a decision.

        Raises:
            InvalidSpecError: The node is not a decision.
        """
        node = self._at(node)
        if node.kind != "decision" or node.player is None:
            raise InvalidSpecError(
                f"the node after '{' '.join(node.line)}' is a {node.kind}, not a decision: "
                "it has no strategy"
            )
        labels, cards, _ = self._hand_data(node.player)
        frequencies = self._core.strategy(node.line).T.copy()
        reach = self._core.reach(node.line)[node.player]
        return Strategy(node, node.player, node.actions, tuple(labels), frequencies, reach, cards)

    def _player(self, node: Node, player: int | None) -> int:
        if player is None:
            if node.kind != "decision" or node.player is None:
                raise InvalidSpecError(
                    f"the node after '{' '.join(node.line)}' is a {node.kind}: name the player"
                )
            return node.player
        self._hand_data(player)
        return player

    def ev(self, node: Node | Line, player: int | None = None) -> HandValues:
        """Each hand's expected chips at the node, both players playing their average
        strategies from there (``player``: default the player to act)."""
        node = self._at(node)
        p = self._player(node, player)
        labels, cards, _ = self._hand_data(p)
        values = self._core.ev(node.line, p)
        reach = self._core.reach(node.line)[p]
        return HandValues(node, p, tuple(labels), values, reach, cards)

    def equity(self, node: Node | Line, player: int | None = None) -> HandValues:
        """Each hand's showdown equity at the node against the opponent's hands that get
        there (``player``: default the player to act)."""
        node = self._at(node)
        p = self._player(node, player)
        labels, cards, _ = self._hand_data(p)
        values = self._core.equity(node.line, p)
        reach = self._core.reach(node.line)[p]
        return HandValues(node, p, tuple(labels), values, reach, cards)

    def summary(self, node: Node | Line) -> list[ActionSummary]:
        """Each action at a decision over the range: frequency and the acting player's EV
        after taking it."""
        strategy = self.strategy(node)
        evs = {a: self.ev(strategy.node.play(a), strategy.player) for a in strategy.actions}
        return summaries(strategy, evs)

    def lock(self, node: Node | Line, frequencies: npt.ArrayLike) -> None:
        """Fixes the strategy at a decision: ``frequencies`` has the shape of
        [`Strategy.frequencies`][pokerforge.solver.Strategy.frequencies] (hands, actions); a row of
        NaN leaves a hand free. Solve on with [`resume()`][pokerforge.solver.SolvedGame.resume] for
        the rest of the game to adapt."""
        node = self._at(node)
        values = np.ascontiguousarray(np.asarray(frequencies, dtype=np.float32).T)
        self._core.lock(node.line, values)

    def unlock(self, node: Node | Line) -> bool:
        """Removes the lock at a decision; whether there was one."""
        return self._core.unlock(self._at(node).line)

    def to_bytes(self) -> bytes:
        """The game as bytes (solved or not), for [`load()`][pokerforge.solver.load]."""
        return self._core.save()

    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the game to ``path``."""
        Path(path).write_bytes(self.to_bytes())

    def __repr__(self) -> str:
        return (
            f"SolvedGame(board={self.board!r}, pot={self.pot}, stack={self.stack}, "
            f"iterations={self.iterations}, exploitability={self.exploitability:.4%})"
        )


def load(source: bytes | str | os.PathLike[str], *, memory_limit: int = 4 << 30) -> SolvedGame:
    """A game written by [`SolvedGame.save()`][pokerforge.solver.SolvedGame.save] (a path) or
    [`SolvedGame.to_bytes()`][pokerforge.solver.SolvedGame.to_bytes] (bytes); its exploitability is
    measured again.

    Raises:
        InvalidSpecError: Bytes that are not a saved game of this version.
    """
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    game = SolvedGame(SolverGame.load(data, memory_limit=memory_limit))
    game.exploitability = game.measure()
    return game
