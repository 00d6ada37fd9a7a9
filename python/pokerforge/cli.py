"""The ``pokerforge`` command: odds, equity, hand ranks, simulations and the service.

Commands: ``odds`` (your chances against random opponents), ``equity`` (hands and ranges
against each other), ``eval`` (rank a hand), ``simulate`` (self-play through the hand
engine) and ``serve`` (the HTTP equity service and its web calculator). Bad input prints
one line naming the problem and exits with status 2.

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
    exact: 1,712,304 boards
    0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any

from pokerforge._core import __version__
from pokerforge.cards import CardSet
from pokerforge.equity import EquityResult, equity
from pokerforge.errors import PokerError
from pokerforge.eval import Category, evaluate, evaluate_omaha_hilo

if TYPE_CHECKING:
    from pokerforge.equity import Method
    from pokerforge.simulate import Summary

__all__ = ["main"]

_GAMES = ("holdem", "omaha", "omaha-hilo")
_GAME_NAMES = {"holdem": "Hold'em", "omaha": "Omaha", "omaha-hilo": "Omaha Hi-Lo"}


def _add_equity_options(cmd: argparse.ArgumentParser) -> None:
    cmd.add_argument("--board", default="", help="0, 3, 4 or 5 board cards, e.g. 2c7d9h")
    cmd.add_argument("--dead", default="", help="cards out of play")
    cmd.add_argument("--game", choices=_GAMES, default="holdem", help="default: holdem")
    how = cmd.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every runout")
    how.add_argument("--samples", type=int, metavar="N", help="Monte Carlo with N samples")
    cmd.add_argument("--seed", type=int, help="Monte Carlo seed (same seed, same answer)")
    cmd.add_argument("--time-limit", type=float, metavar="SECONDS", help="Monte Carlo limit")
    cmd.add_argument("--json", action="store_true", help="print the result as JSON")


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

    ev = commands.add_parser(
        "eval",
        help="rank a poker hand",
        description="Rank the best five of 5, 6 or 7 cards ('pokerforge eval AsKsQsJsTs'), "
        "or an Omaha hand with --omaha HOLE BOARD (high and eight-or-better low).",
    )
    ev.add_argument(
        "cards", nargs="+", help="cards like AsKsQsJsTs, or one per argument: As Ks Qs Js Ts"
    )
    ev.add_argument(
        "--omaha", action="store_true", help="the arguments are HOLE BOARD (Omaha, Hi-Lo low)"
    )

    sim = commands.add_parser(
        "simulate",
        help="self-play hands through the hand engine",
        description="Play no-limit Hold'em hands with a policy for every seat and sum chips "
        "won per seat and the showdown share; a progress bar shows on a terminal.",
    )
    sim.add_argument("--players", type=int, default=6, help="seats, 2-10 (default 6)")
    sim.add_argument("--hands", type=int, default=10_000, help="hands (default 10,000)")
    sim.add_argument("--policy", choices=("random", "call"), default="random")
    sim.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    sim.add_argument("--stack", type=int, default=200, help="chips per seat (blinds 1/2)")
    sim.add_argument("--out", metavar="FILE", help="write one JSON line per hand to FILE")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")

    serve = commands.add_parser(
        "serve",
        help="run the HTTP equity service and web calculator",
        description="Serve POST /v1/equity, POST /v1/evaluate, GET /healthz and the web "
        "calculator at / (needs: pip install 'pokerforge[service]').",
    )
    serve.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000, help="default 8000")
    serve.add_argument("--workers", type=int, help="equity threads (default: all cores)")
    serve.add_argument("--max-samples", type=int, default=5_000_000, metavar="N")
    serve.add_argument("--max-time", type=float, default=2.0, metavar="SECONDS")
    serve.add_argument("--log-level", default="info", choices=("debug", "info", "warning"))
    return parser


def _pct(x: float) -> str:
    return f"{x * 100:.2f}%"


def _run_equity(args: argparse.Namespace, players: list[str]) -> EquityResult:
    if args.samples is not None and args.samples < 1:
        raise PokerError(f"--samples must be at least 1, not {args.samples}")
    method: Method = "exact" if args.exact else "monte-carlo" if args.samples else "auto"
    return equity(
        players,
        args.board or None,
        args.dead or None,
        game=args.game,
        method=method,
        samples=args.samples,
        seed=args.seed,
        time_limit=args.time_limit,
    )


def _how(result: EquityResult) -> str:
    if result.exact:
        return f"exact: {result.deals:,} boards"
    return (
        f"Monte Carlo: {result.deals:,} samples, seed {result.seed}, "
        f"standard error {result.stderr * 100:.2f}%"
    )


def _categories(result: EquityResult, who: int) -> list[str]:
    lines = ["final hand          chance"]
    for cat in sorted(Category, reverse=True):
        chance = result.players[who].categories.get(cat, 0.0)
        lines.append(f"{cat.label:<17} {_pct(chance):>8}")
    return lines


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
        f"{'s' if args.opponents > 1 else ''} ({_GAME_NAMES[args.game]}), board: {board}",
        "",
        f"win     {_pct(me.win):>8}",
        f"tie     {_pct(me.tie):>8}",
        f"lose    {_pct(me.lose):>8}",
        f"equity  {_pct(me.equity):>8}",
        "",
        *_categories(result, 0),
        "",
        _how(result),
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
    width = max(10, *(len(p) for p in args.players))
    hilo = args.game == "omaha-hilo"
    head = f"{'player':<{width}} {'equity':>8} {'win':>8} {'tie':>8}"
    lines = [head + (f" {'high':>8} {'low':>8} {'scoop':>8}" if hilo else "")]
    for text, p in zip(args.players, result.players, strict=True):
        row = f"{text:<{width}} {_pct(p.equity):>8} {_pct(p.win):>8} {_pct(p.tie):>8}"
        if hilo:
            row += f" {_pct(p.high or 0):>8} {_pct(p.low or 0):>8} {_pct(p.scoop or 0):>8}"
        lines.append(row)
    lines.append(_how(result))
    return "\n".join(lines)


def _eval(args: argparse.Namespace) -> str:
    if not args.omaha:
        rank = evaluate(" ".join(args.cards))
        five = " ".join(str(card) for card in rank.best_five or ())
        return (
            f"{rank.describe()}\n"
            f"  class {int(rank)} of 7462 ({rank.category.label.lower()})\n"
            f"  best five: {five}"
        )
    if len(args.cards) != 2:
        raise PokerError("--omaha takes two arguments: HOLE BOARD, e.g. Ah3dJcJs 2c5d7sKhQc")
    high, low = evaluate_omaha_hilo(args.cards[0], args.cards[1])
    five = " ".join(str(card) for card in high.best_five or ())
    return (
        f"{high.describe()}\n"
        f"  class {int(high)} of 7462 ({Category(high.category).label.lower()})\n"
        f"  best five: {five}\n"
        f"  low: {low.describe() if low is not None else 'no eight-or-better low'}"
    )


def _simulate(args: argparse.Namespace) -> str | dict[str, Any]:
    from pokerforge.simulate import Progress, simulate  # noqa: PLC0415

    progress = Progress(args.hands, label="simulate")
    if args.stack < 3:
        raise PokerError(f"--stack must be at least 3 chips, not {args.stack}")

    def run(out: IO[str] | None) -> Summary:
        return simulate(
            players=args.players,
            hands=args.hands,
            policy=args.policy,
            seed=args.seed,
            stack=args.stack,
            out=out,
            progress=progress,
        )

    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as out:
                summary = run(out)
        except OSError as err:
            raise PokerError(f"cannot write {args.out}: {err.strerror}") from None
    else:
        summary = run(None)
    return summary.as_dict() if args.json else summary.table()


def _serve(args: argparse.Namespace) -> None:
    import os  # noqa: PLC0415
    import signal  # noqa: PLC0415

    try:
        import uvicorn  # noqa: PLC0415

        from pokerforge.service import Limits, create_app  # noqa: PLC0415
        from pokerforge.service.logs import configure_logging  # noqa: PLC0415
    except ImportError as err:
        raise PokerError(
            f"the service needs its extra dependencies ({err.name} is missing): "
            "pip install 'pokerforge[service]'"
        ) from None
    workers = args.workers or os.cpu_count() or 1
    if workers < 1 or args.max_samples < 1 or args.max_time <= 0:
        raise PokerError("--workers, --max-samples and --max-time must be above 0")
    limits = Limits(max_samples=args.max_samples, max_time=args.max_time, workers=workers)
    configure_logging(args.log_level)
    # uvicorn shuts down gracefully on SIGTERM, then raises the signal again: exit 0 then.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    uvicorn.run(
        create_app(limits),
        host=args.host,
        port=args.port,
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=10,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command with ``argv`` (default: the process arguments); returns the exit code.

    Bad input prints one line naming the problem and returns 2.
    """
    args = _parser().parse_args(argv)
    commands = {"odds": _odds, "equity": _equity, "eval": _eval, "simulate": _simulate}
    try:
        if args.command == "serve":
            _serve(args)
            return 0
        output = commands[args.command](args)
    except PokerError as err:
        print(f"pokerforge: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pokerforge: interrupted", file=sys.stderr)
        return 130
    try:
        print(json.dumps(output, indent=2) if isinstance(output, dict) else output)
        sys.stdout.flush()
    except BrokenPipeError:  # `pokerforge ... | head`: the reader has gone, not an error
        sys.stdout = None
    return 0
