"""The ``pokerforge`` command: odds, equity, hand ranks, simulations and the service.

Commands: ``odds`` (your chances against random opponents), ``equity`` (hands and ranges
against each other), ``eval`` (rank a hand), ``simulate`` (self-play through the hand
engine, on every core or a Dask cluster), ``grid`` (exact equity grids), ``stats`` and
``import`` (player statistics over hand histories and the hand database,
`pokerforge.histories.commands`), ``icm`` and ``pushfold`` (tournament prize equity and
push/fold equilibria, [`pokerforge.icm.commands`][pokerforge.icm.commands]) and ``serve`` (the HTTP
equity service and its web calculator). Bad input prints one line naming the problem and exits
with status 2.

Examples:
    >>> main(["eval", "AsKsQsJsTs"])
    Royal flush
      class 7462 of 7462 (straight flush)
      best five: As Ks Qs Js Ts
    0
    >>> main(["equity", "AhAs", "KdKc", "--exact"])
    player       equity      win      tie
    AhAs         81.26%   81.06%    0.38%
    KdKc         18.74%   18.55%    0.38%
    exact: 1,712,304 deals
    0
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pokerforge._core import Cancel, __version__, plan_equity
from pokerforge.cards import CardSet
from pokerforge.command_words import in_command_words
from pokerforge.defaults import SEED
from pokerforge.equity import EquityResult, PlayerEquity, equity
from pokerforge.equity_text import final_hands, odds_lines, players_table
from pokerforge.equity_text import pct as _pct
from pokerforge.errors import OutputError, PokerError
from pokerforge.files import write_file as _write
from pokerforge.games import (
    ALIASES,
    GAMES,
    HAND_KINDS,
    ROWS,
    SHAPES,
    Game,
    equity_problem,
    game_name,
)
from pokerforge.histories.commands import add_commands as _add_history_commands
from pokerforge.histories.commands import import_command, stats_command
from pokerforge.icm.commands import add_commands as _add_icm_commands
from pokerforge.icm.commands import icm_command, pushfold_command
from pokerforge.service.command import add_command as _add_serve_command
from pokerforge.service.command import serve_command
from pokerforge.solver.command import add_command as _add_solve_command
from pokerforge.solver.command import solve_command

if TYPE_CHECKING:
    from pokerforge.equity import Method
    from pokerforge.game.spec import Betting

__all__ = ["main"]


def _blinds(text: str) -> tuple[int, int]:
    """``--blinds``: ``SMALL/BIG`` in chips, e.g. ``1/2`` or ``5/10``."""
    small, slash, big = text.partition("/")
    if not slash or not small.strip().isdigit() or not big.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not blinds: expected SMALL/BIG, e.g. 1/2")
    return int(small), int(big)


def _game(text: str) -> Game:
    """``--game``: the same names and aliases as ``equity(game=...)``, made canonical."""
    try:
        return game_name(text)
    except PokerError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _order(args: argparse.Namespace) -> bool | None:
    """``trips_beat_straight`` from ``--straight-beats-trips``: ``None`` (the default
    order) unless given, which only short deck takes."""
    if not args.straight_beats_trips:
        return None
    if not SHAPES[args.game].trips_switch:
        raise PokerError(f"--straight-beats-trips is short-deck's switch, not {args.game}'s")
    return False


def _add_game_option(cmd: argparse.ArgumentParser) -> None:
    """``--game``, as every command that plays or ranks hands takes it: every game's names.
    Short deck's order of three of a kind and a straight comes with it."""
    cmd.add_argument(
        "--game",
        type=_game,
        default="holdem",
        help=f"{', '.join(GAMES)} (also {', '.join(ALIASES)}); default: holdem",
    )
    cmd.add_argument(
        "--straight-beats-trips",
        action="store_true",
        help="short-deck: rank a straight above three of a kind (default: three of a kind "
        "above a straight, as GameSpec)",
    )


def _draw(text: str) -> int | str | None:
    """One ``--draws`` entry: a number of cards, ``pat``, ``policy`` (the game's policy)
    or the cards to throw; the core judges the cards against the hand."""
    word = text.strip().lower()
    if word == "policy":
        return None
    if word == "pat":
        return "pat"
    return int(word) if word.isdigit() else text


def _add_equity_options(cmd: argparse.ArgumentParser) -> None:
    cmd.add_argument("--board", default="", help="0, 3, 4 or 5 board cards, e.g. 2c7d9h")
    cmd.add_argument("--dead", default="", help="cards out of play")
    _add_game_option(cmd)
    cmd.add_argument(
        "--draws",
        nargs="+",
        type=_draw,
        metavar="DRAW",
        help="draw games: what each player does at the next draw, one per player in order: "
        "a number of cards (its worst), 'pat', the cards to throw (e.g. KsQd), or 'policy' "
        "(the game's drawing policy, also every later draw's; default: policy for all)",
    )
    cmd.add_argument(
        "--draw-rounds",
        type=int,
        metavar="N",
        help="draw games: drawing rounds left, 0 up to the game's 1 or 3 (default: all)",
    )
    how = cmd.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every runout")
    how.add_argument("--samples", type=int, metavar="N", help="Monte Carlo with N samples")
    cmd.add_argument(
        "--seed",
        type=int,
        default=SEED,
        help="Monte Carlo seed (default 0, as everywhere: the same question, the same answer)",
    )
    cmd.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        help="stop after SECONDS: Monte Carlo keeps the samples counted, --exact is refused "
        "when it cannot finish, and the default method hands over to Monte Carlo (default: "
        "no limit)",
    )
    cmd.add_argument("--json", action="store_true", help="print the result as JSON")


_MAX_TIME = "stop after SECONDS with an error, keeping what was written (default: no limit)"


def _add_scale_options(cmd: argparse.ArgumentParser, *, chunk: int | None) -> None:
    cmd.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    cmd.add_argument("--scheduler", metavar="ADDR", help="a Dask scheduler, tcp://host:8786")
    cmd.add_argument(
        "--scheduler-timeout",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="how long to wait for the Dask scheduler and a worker (default 5)",
    )
    cmd.add_argument(
        "--backend",
        choices=("inline", "processes", "dask"),
        help="default: dask with --scheduler, processes with --workers > 1, else inline",
    )
    default = f"default {chunk}" if chunk else "default: the library's"
    cmd.add_argument("--chunk-size", type=int, metavar="N", help=f"work per chunk ({default})")


def _add_simulate_command(commands: Any) -> None:
    """The ``simulate`` command's arguments."""
    sim = commands.add_parser(
        "simulate",
        help="self-play hands through the hand engine, on every core or a Dask cluster",
        description="Play hands (no-limit Hold'em, blinds 1/2, unless --game, --betting, "
        "--blinds and --ante say otherwise) with a policy for every seat and sum chips won "
        "per seat, the showdown share and the pots; a progress bar shows on a terminal. The "
        "result is the same for any --workers and backend.",
    )
    _add_game_option(sim)
    sim.add_argument(
        "--betting",
        choices=("no-limit", "pot-limit", "fixed-limit"),
        help="default no-limit (the stud games: fixed-limit, the only one they are played "
        "at; triple draw and badugi: fixed-limit); fixed-limit bets the big blind, then "
        "twice it from the turn (draw games: from the second draw; single draw: after it)",
    )
    sim.add_argument(
        "--blinds",
        type=_blinds,
        default=(1, 2),
        metavar="SB/BB",
        help="default 1/2; in stud the bets: the small bet is BB, the big bet twice it, the "
        "bring-in SB and the ante a quarter of BB (at least 1)",
    )
    sim.add_argument(
        "--ante",
        type=int,
        help="every player's ante (default 0; stud: a quarter of the small bet, at least 1)",
    )
    sim.add_argument("--players", type=int, default=6, help="seats, 2-10 (default 6)")
    sim.add_argument("--hands", type=int, default=10_000, help="hands (default 10,000)")
    sim.add_argument(
        "--policy",
        default="random",
        help="random, call or tag for every seat, or one per seat: tag,random,call",
    )
    sim.add_argument(
        "--seed", type=int, default=SEED, help="seed (default 0: the same command, the same hands)"
    )
    sim.add_argument(
        "--stack",
        type=int,
        help="chips per seat at the start of every hand (default 100 big blinds)",
    )
    sim.add_argument(
        "--out",
        metavar="FILE",
        help="write every hand: FILE.parquet (hands, and actions in FILE.actions.parquet), "
        "FILE.phhs (PHH) or FILE.jsonl (JSON lines)",
    )
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    _add_scale_options(sim, chunk=1000)
    sim.add_argument("--max-time", type=float, metavar="SECONDS", help=_MAX_TIME)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokerforge",
        description="A poker engine with a Rust core: odds, equities, hand ranks and "
        "simulations from the command line, and an HTTP equity service.",
    )
    parser.add_argument("--version", action="version", version=f"pokerforge {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    odds = commands.add_parser(
        "odds",
        help="your chances with a hand against random opponents",
        description="Win, tie and lose chances, equity and final-hand chances of one hand "
        "against random opponents, e.g. 'pokerforge odds AhKh --board 2c7d9h --opponents 2'.",
    )
    odds.add_argument("hand", help="your hole cards, e.g. AhKh (Omaha: 4-6 cards)")
    odds.add_argument("--opponents", type=int, default=1, help="random opponents, 1-9")
    _add_equity_options(odds)

    eq = commands.add_parser(
        "equity",
        help="equity of hands and ranges against each other",
        description="Each player's equity: hands (AhKh), Hold'em ranges ('JJ+,AKs') or "
        "'random', e.g. pokerforge equity AhKh QsQd 'JJ+,AKs' --board 2c7d9h.",
    )
    eq.add_argument("players", nargs="+", help="2-10 hands, ranges or 'random'")
    _add_equity_options(eq)
    eq.add_argument(
        "--by-hand",
        action="store_true",
        help="also each hand class and each hand of every player (heads-up Hold'em, exact)",
    )

    ev = commands.add_parser(
        "eval",
        help="rank a poker hand",
        description="Rank the best five of 5, 6 or 7 cards ('pokerforge eval AsKsQsJsTs'; "
        "--game short-deck, stud by their own rules, stud-hilo with its eight-or-better low, "
        "razz its ace-to-five low), or an Omaha hand with --game omaha HOLE BOARD "
        "(omaha-hilo: and its eight-or-better low).",
    )
    ev.add_argument(
        "cards", nargs="+", help="cards like AsKsQsJsTs, or one per argument: As Ks Qs Js Ts"
    )
    _add_game_option(ev)
    ev.add_argument("--omaha", action="store_true", help="the same as --game omaha-hilo")

    _add_simulate_command(commands)

    grid = commands.add_parser(
        "grid",
        help="exact equity grids: every starting hand against every other, or two ranges",
        description="'pokerforge grid preflop': the 169x169 pre-flop class matrix; "
        "'pokerforge grid range ROWS COLS --board 2c7d9h': each hand of one range against "
        "each hand of another. Exact, chunked over --workers or a Dask cluster.",
    )
    grid.add_argument("kind", choices=("preflop", "range"), help="which grid")
    grid.add_argument("ranges", nargs="*", help="range: ROWS COLS, e.g. 'QQ+,AKs' 'JJ-77'")
    grid.add_argument("--classes", help="preflop: only these classes, e.g. AA,KK,AKs")
    grid.add_argument("--board", default="", help="range: 0, 3, 4 or 5 board cards")
    grid.add_argument("--dead", default="", help="range: cards out of play")
    grid.add_argument("--out", metavar="FILE", help="write FILE.csv (matrix) or FILE.parquet")
    grid.add_argument("--png", metavar="FILE", help="draw a heatmap PNG (needs matplotlib)")
    _add_scale_options(grid, chunk=None)
    grid.add_argument("--max-time", type=float, metavar="SECONDS", help=_MAX_TIME)

    _add_history_commands(commands)
    _add_icm_commands(commands)
    _add_solve_command(commands)

    _add_serve_command(commands)
    return parser


# Work estimated at this many seconds or more is announced before it starts, with a bar.
_ANNOUNCE_SECONDS = 2.0


def _run_equity(args: argparse.Namespace, players: list[str]) -> EquityResult:
    """The equity asked for, as [`equity()`][pokerforge.equity] answers it; long work is
    announced on stderr (its method and estimated time) with a bar on a terminal, and
    Ctrl-C stops it at once."""
    if args.samples is not None and args.samples < 1:
        raise PokerError(f"--samples must be at least 1, not {args.samples}")
    problem = equity_problem(args.game, players, args.board)
    if problem is not None:
        raise PokerError(problem[1].replace("the board", "--board", 1))
    method: Method = "exact" if args.exact else "monte-carlo" if args.samples else "auto"
    if SHAPES[args.game].draw or args.draws is not None or args.draw_rounds is not None:
        # Draw equity has no plan to estimate first: the core refuses --draws in a board
        # game by name, and a million triple-draw deals take well under a second.
        return equity(
            players,
            args.board or None,
            args.dead or None,
            game=args.game,
            draws=args.draws,
            draw_rounds=args.draw_rounds,
            method=method,
            samples=args.samples,
            seed=args.seed,
            time_limit=args.time_limit,
        )
    plan = plan_equity(
        players,
        args.board or None,
        args.dead or None,
        game=args.game,
        method=method,
        samples=args.samples,
        categories=False,  # as equity() asks
        by_hand=getattr(args, "by_hand", False),
        trips_beat_straight=_order(args),
    )
    # What the run will take (within the time limit), and what the whole work would.
    seconds = plan.estimated_seconds(args.time_limit)
    if max(seconds, plan.exact_seconds if plan.method == "exact" else 0.0) < _ANNOUNCE_SECONDS:
        return plan.run(seed=args.seed, time_limit=args.time_limit)
    from pokerforge.sim.progress import Timer, duration_text  # noqa: PLC0415

    if plan.method == "exact":
        note = f"exact enumeration: about {duration_text(plan.exact_seconds)} on this machine"
        if args.time_limit is not None and plan.exact_seconds > args.time_limit:
            note += f", more than --time-limit {args.time_limit:g} s allows"
    else:
        note = f"Monte Carlo: about {duration_text(seconds)}"
    print(f"{note}; Ctrl-C stops it", file=sys.stderr)
    cancel = Cancel()
    answer: list[EquityResult] = []
    failed: list[BaseException] = []

    def work() -> None:
        try:
            answer.append(plan.run(seed=args.seed, time_limit=args.time_limit, cancel=cancel))
        except BaseException as err:  # raised again in the calling thread
            failed.append(err)

    # The core releases the GIL: this thread draws the bar and takes Ctrl-C meanwhile.
    worker = threading.Thread(target=work, daemon=True)
    timer = Timer(seconds, label=plan.method)
    worker.start()
    try:
        while worker.is_alive():
            timer.update()
            worker.join(0.1)
    except KeyboardInterrupt:
        cancel.cancel()
        worker.join()
        raise
    finally:
        timer.done()
    if failed:
        raise failed[0]
    return answer[0]


def _by_hand(text: str, p: PlayerEquity) -> list[str]:
    """A player's hand classes, then its hands, strongest first (``--by-hand``)."""
    if p.by_hand is None or p.by_class is None:
        return []
    lines = ["", f"{text}: by class", f"{'class':<6} {'equity':>8}"]
    for name, share in sorted(p.by_class.items(), key=lambda item: -item[1]):
        lines.append(f"{name:<6} {_pct(share):>8}")
    lines += ["", f"{text}: by hand", f"{'hand':<6} {'equity':>8}"]
    for hand, share in sorted(p.by_hand.items(), key=lambda item: -item[1]):
        lines.append(f"{hand:<6} {_pct(share):>8}")
    return lines


def _how(result: EquityResult, game: Game) -> str:
    if result.exact:
        # A deal is every card to come: the board's and the unknown hands' (on the river
        # against a random opponent, each of its hands is one).
        return f"exact: {result.deals:,} deals"
    return (
        f"Monte Carlo: {result.deals:,} samples, seed {result.seed}, "
        f"standard error {result.stderr * 100:.2f}%"
    )


def _odds(args: argparse.Namespace) -> str | dict[str, Any]:
    if not 1 <= args.opponents <= 9:
        raise PokerError(f"--opponents must be 1 to 9, not {args.opponents}")
    CardSet(args.hand)  # a hand, not a range: name the bad card if it is not one
    players = [args.hand, *["random"] * args.opponents]
    result = _run_equity(args, players)
    if args.json:
        return _json(result, players, args.game)
    me = result.players[0]
    board = " ".join(str(c) for c in _cards(args.board)) or "none"
    lines = [
        f"{args.hand} against {args.opponents} random opponent"
        f"{'s' if args.opponents > 1 else ''} ({SHAPES[args.game].label}), board: {board}",
        "",
        *odds_lines(me, args.game),
        "",
        *final_hands(result, 0, args.game, trips_beat_straight=_order(args) is None),
        "",
        _how(result, args.game),
    ]
    return "\n".join(lines)


def _cards(text: str) -> list[str]:
    return [str(card) for card in CardSet(text or "")] if text else []


def _json(result: EquityResult, players: list[str], game: str) -> dict[str, Any]:
    from pokerforge.service.convert import equity_json  # noqa: PLC0415

    return equity_json(result, players, game)


def _equity(args: argparse.Namespace) -> str | dict[str, Any]:
    result = _run_equity(args, args.players)
    if args.json:
        return _json(result, args.players, args.game)
    throws = None
    if SHAPES[args.game].draw:
        draws = args.draws or [None] * len(args.players)
        throws = [_throws(p, d) for p, d in zip(result.players, draws, strict=False)]
    lines = players_table(result, args.players, args.game, throws)
    lines.append(_how(result, args.game))
    for text, p in zip(args.players, result.players, strict=True):
        lines += _by_hand(text, p)
    return "\n".join(lines)


def _throws(p: PlayerEquity, draw: int | str | None) -> str:
    """What a player throws at the next draw, as the result says (or as asked, when the
    cards are unknown: a random hand drawing a number)."""
    if p.discards is not None:
        return " ".join(str(c) for c in p.discards) if len(p.discards) else "pat"
    return f"{draw} cards" if isinstance(draw, int) else "by the policy"


def _eval(args: argparse.Namespace) -> str:
    from pokerforge.service.convert import evaluate_fields, evaluate_json  # noqa: PLC0415

    game: Game = "omaha-hilo" if args.omaha else args.game
    fields = evaluate_fields(game)
    if "hole" in fields:
        if len(args.cards) != 2:
            raise PokerError(
                f"--game {game} takes two arguments: HOLE BOARD, e.g. Ah3dJcJs 2c5d7sKhQc, "
                f"not {len(args.cards)}"
            )
        given = {"hole": args.cards[0], "board": args.cards[1]}
    else:
        given = {"cards": " ".join(args.cards)}
    answer = evaluate_json(game, **given, trips_beat_straight=_order(args))
    high, low = answer["high"], answer["low"]
    row = ROWS[game]
    if high is None:  # razz, the lowball games and badugi: the low is the hand
        kind = HAND_KINDS[row.low or ""]
        return f"{low['description']}\n  class {low['rank']} of {kind.classes} ({kind.words})"
    category = high["category"].replace("_", " ")
    lines = [
        high["description"],
        f"  class {high['rank']} of {HAND_KINDS[row.high or ''].classes} ({category})",
        f"  best five: {' '.join(high['best_five'])}",
    ]
    if SHAPES[game].hilo:
        lines.append(f"  low: {low['description'] if low else 'no eight-or-better low'}")
    return "\n".join(lines)


def _scale(args: argparse.Namespace) -> dict[str, Any]:
    if not args.scheduler_timeout > 0:
        raise PokerError(
            f"--scheduler-timeout must be above 0 seconds, not {args.scheduler_timeout}"
        )
    options: dict[str, Any] = {
        "workers": args.workers,
        "scheduler": args.scheduler,
        "timeout": args.scheduler_timeout,
        "backend": args.backend,
    }
    if args.chunk_size is not None:
        options["chunk_size"] = args.chunk_size
    return options


def _simulate(args: argparse.Namespace) -> str | dict[str, Any]:
    from pokerforge.game import GameSpec  # noqa: PLC0415
    from pokerforge.sim import Progress, SimInterrupted, run  # noqa: PLC0415

    small, big = args.blinds
    order = _order(args)
    if SHAPES[args.game].partial:  # the stud family: antes, a bring-in and fixed bets
        spec = GameSpec(
            variant=args.game,
            betting="fixed-limit" if args.betting is None else args.betting,
            ante=max(1, big // 4) if args.ante is None else args.ante,
            bring_in=small,
            small_bet=big,
            big_bet=2 * big,
            trips_beat_straight=order,
        )
    else:
        betting: Betting = (
            _DRAW_BETTING.get(args.game, "no-limit") if args.betting is None else args.betting
        )
        spec = GameSpec(
            variant=args.game,
            betting=betting,
            blinds=args.blinds,
            ante=args.ante or 0,
            small_bet=big if betting == "fixed-limit" else None,
            big_bet=2 * big if betting == "fixed-limit" else None,
            trips_beat_straight=order,
        )
    stack = 100 * big if args.stack is None else args.stack
    names = args.policy.split(",")
    try:
        result = run(
            spec,
            players=args.players,
            hands=args.hands,
            policies=names[0] if len(names) == 1 else names,
            seed=args.seed,
            stack=stack,
            out=args.out,
            progress=Progress(args.hands, label="simulate"),
            time_limit=args.max_time,
            **_scale(args),
        )
    except SimInterrupted as stop:
        if stop.partial:
            print(
                f"pokerforge: partial output ({stop.hands_written:,} of {args.hands:,} "
                f"hands) left in {', '.join(stop.partial)}",
                file=sys.stderr,
            )
        raise
    return result.as_dict() if args.json else result.table()


# The draw games' usual betting: triple draw and badugi fixed-limit, single draw (and
# five-card draw, as in the game layer's default) no-limit.
_DRAW_BETTING: dict[str, Betting] = {
    "2-7-triple-draw": "fixed-limit",
    "a-5-triple-draw": "fixed-limit",
    "badugi": "fixed-limit",
}


def _grid(args: argparse.Namespace) -> str:
    from pokerforge.sim import Progress, preflop_grid, range_grid  # noqa: PLC0415

    progress = Progress(0, label="grid")
    if args.kind == "preflop":
        if args.ranges or args.board or args.dead:
            raise PokerError("the preflop grid takes no ranges, --board or --dead")
        classes = args.classes.split(",") if args.classes else None
        grid = preflop_grid(classes, progress=progress, time_limit=args.max_time, **_scale(args))
        what = f"{len(grid.rows)}x{len(grid.cols)} pre-flop classes"
        lines = []
    else:
        if len(args.ranges) != 2 or args.classes:
            raise PokerError("the range grid takes two ranges, ROWS and COLS, and no --classes")
        grid = range_grid(
            args.ranges[0], args.ranges[1], board=args.board, dead=args.dead,
            progress=progress, time_limit=args.max_time, **_scale(args),
        )  # fmt: skip
        what = f"{len(grid.rows)}x{len(grid.cols)} hands, board {args.board or 'none'}"
        width = max(6, *(len(hand) for hand in grid.rows))
        lines = ["", f"{'hand':<{width}} equity against {args.ranges[1]}"]
        # A hand that meets no column hand has no equity (NaN): last, as "-" (not "nan%").
        ranked = sorted(
            grid.vs_range().items(),
            key=lambda item: math.inf if math.isnan(item[1]) else -item[1],
        )
        lines += [
            f"{hand:<{width}} {'-' if math.isnan(value) else _pct(value):>8}"
            for hand, value in ranked
        ]
    if args.out:
        _write(args.out, grid.save)
    if args.png:
        _write(args.png, grid.heatmap)
    written = [path for path in (args.out, args.png) if path]
    head = (
        f"{what}, exact: {grid.seconds:.2f} s ({grid.backend}, {grid.workers} "
        f"worker{'s' if grid.workers > 1 else ''})"
    )
    tail = [f"wrote {', '.join(written)}"] if written else []
    return "\n".join([head, *lines, *tail])


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command with ``argv`` (default: the process arguments); returns the exit code.

    Bad input prints one line naming the problem and returns 2; an output that cannot be
    written (a full disk, a missing folder) one line and 1.
    """
    args = _parser().parse_args(argv)
    commands = {
        "odds": _odds,
        "equity": _equity,
        "eval": _eval,
        "simulate": _simulate,
        "stats": stats_command,
        "import": import_command,
        "grid": _grid,
        "icm": icm_command,
        "pushfold": pushfold_command,
        "solve": solve_command,
    }
    try:
        if args.command == "serve":
            serve_command(args)
            return 0
        output = commands[args.command](args)
    except OutputError as err:  # the machine's failure, not the input's
        print(f"pokerforge: error: {err}", file=sys.stderr)
        return 1
    except PokerError as err:
        print(f"pokerforge: error: {in_command_words(str(err), args)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pokerforge: interrupted", file=sys.stderr)
        return 130
    try:
        print(json.dumps(output, indent=2) if isinstance(output, dict) else output)
        sys.stdout.flush()
    except BrokenPipeError:  # `pokerforge ... | head`: the reader has gone, not an error
        sys.stdout = None
    except OSError as err:  # a full disk, a closed terminal: once a traceback
        # What is left in the buffer goes nowhere, so the exit does not fail on it again.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"pokerforge: error: cannot write the output: {err.strerror or err}", file=sys.stderr)
        return 1
    return 0
