"""The ``pokerforge icm`` and ``pokerforge pushfold`` commands (registered by
[`pokerforge.cli`][pokerforge.cli]).

Examples:
    >>> from pokerforge.cli import main
    >>> main(["icm", "5000", "3000", "2000", "--payouts", "70", "30"])
    player        stack   chips    equity   of pool
    1             5,000  50.00%   45.1786    45.18%
    2             3,000  30.00%   32.2500    32.25%
    3             2,000  20.00%   22.5714    22.57%
    exact Malmuth-Harville ICM, pool 100
    0
    >>> main(["pushfold", "10", "10"])  # doctest: +ELLIPSIS
    heads-up push/fold, chips: effective stack 10 bb, blinds 0.5/1, no ante
    exploitability 0.00000... bb per hand after 1,400 rounds
    SB shoves 58.3% of hands: 22+, A2+, K2+, Q7+, Q6s-Q2s, J8+, ..., 53s+, 43s:0.742
    ...
    BB calls 37.3% of hands: 22+, A2+, K5+, K4s-K2s, Q9+, Q8s-Q7s, JT, J9s-J8s, T9s
    ...
    0
"""

from __future__ import annotations

import argparse
import math
import time
from decimal import Decimal, InvalidOperation
from typing import Any

from pokerforge.errors import InvalidSpecError
from pokerforge.icm.model import bubble_factors, icm, icm_deal, risk_premiums
from pokerforge.icm.push_fold import PushFoldResult, push_fold
from pokerforge.icm.table import decisions, push_fold_table

__all__ = ["add_commands", "icm_command", "pushfold_command"]

_MODELS = {"harville": "Malmuth-Harville", "weitzman": "Malmuth-Weitzman"}


def _amount(text: str) -> int | Decimal:
    """A number from the command line, kept exact: an int, else a Decimal."""
    try:
        value = Decimal(text.replace(",", ""))
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    return int(value) if value == value.to_integral_value() and value.is_finite() else value


def _seconds(text: str) -> float:
    """A time limit from the command line: a positive, finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not (0 < value < math.inf):
        raise argparse.ArgumentTypeError(f"'{text}' is not allowed: expected seconds above 0")
    return value


class _Clock:
    """What is left of ``--max-time`` for each computation of a command in turn."""

    def __init__(self, seconds: float | None) -> None:
        self.end = None if seconds is None else time.monotonic() + seconds
        self.seconds = seconds

    def left(self) -> float | None:
        """Seconds left (at least a millisecond, so that the next call still says it ran
        out of time by name), or ``None`` without a limit."""
        if self.end is None:
            return None
        return max(self.end - time.monotonic(), 1e-3)


_MAX_TIME_HELP = (
    "seconds the command's work may take (default: no limit); past it sampling and bubble "
    "factors stop with an error, push/fold with the strategies reached"
)


def add_commands(commands: Any) -> None:
    """Adds ``icm`` and ``pushfold`` to the ``pokerforge`` command's subparsers."""
    cmd = commands.add_parser(
        "icm",
        help="tournament prize equity of stacks (ICM), bubble factors, an ICM deal",
        description="Each player's expected prize by the Independent Chip Model, e.g. "
        "'pokerforge icm 5000 3000 2000 --payouts 50 30 20'. Exact up to 22 players with "
        "chips, seeded Monte Carlo beyond.",
    )
    cmd.add_argument("stacks", nargs="+", type=_amount, metavar="STACK", help="chips")
    cmd.add_argument(
        "--payouts",
        nargs="+",
        type=_amount,
        required=True,
        metavar="PRIZE",
        help="prizes from first place down",
    )
    cmd.add_argument("--model", choices=tuple(_MODELS), default="harville")
    cmd.add_argument("--samples", type=int, metavar="N", help="Monte Carlo samples")
    cmd.add_argument("--seed", type=int, help="Monte Carlo seed (same seed, same answer)")
    cmd.add_argument("--deal", action="store_true", help="the ICM deal in whole cents")
    cmd.add_argument("--bubble", action="store_true", help="bubble factors between players")
    cmd.add_argument("--json", action="store_true", help="print the result as JSON")

    cmd.add_argument("--premiums", action="store_true", help="risk premiums between players (ICM)")
    cmd.add_argument("--max-time", type=_seconds, metavar="SECONDS", help=_MAX_TIME_HELP)

    pf = commands.add_parser(
        "pushfold",
        help="push/fold equilibria (2 to 10 players) and the value of shoving or calling",
        description="Shoving and calling ranges at equilibrium, by chips or by ICM with "
        "--payouts, e.g. 'pokerforge pushfold 10 12 --ante 0.1' (heads-up: small blind, "
        "big blind) or 'pokerforge pushfold 12 9 15 7 --payouts 50 30 20' (a table: "
        "stacks in first-in order, the big blind last). With --shove/--call ranges and "
        "--hand, the value of each decision with that hand instead.",
    )
    pf.add_argument(
        "stacks",
        nargs="+",
        type=_amount,
        metavar="STACK",
        help="chips before the blinds, first to act first (2 to 10)",
    )
    pf.add_argument(
        "--blinds",
        nargs=2,
        type=_amount,
        default=[Decimal("0.5"), 1],
        metavar=("SB", "BB"),
        help="default 0.5 1 (stacks in big blinds)",
    )
    pf.add_argument("--ante", type=_amount, default=0, help="each player's ante (default 0)")
    pf.add_argument("--payouts", nargs="+", type=_amount, metavar="PRIZE", help="ICM prizes")
    pf.add_argument("--others", nargs="+", type=_amount, default=[], metavar="STACK")
    pf.add_argument("--model", choices=tuple(_MODELS), default="harville")
    pf.add_argument("--tolerance", type=float, default=1e-4, help="bb per hand (1e-4)")
    pf.add_argument(
        "--chart",
        nargs="+",
        metavar="POSITION",
        help="tables: the chart of POSITION first-in, or of POSITION calling a second "
        "position's shove",
    )
    pf.add_argument(
        "--shove",
        action="append",
        default=[],
        metavar="POS=RANGE",
        help="a position's first-in shoving range, e.g. BTN='22+, A2+' (repeatable)",
    )
    pf.add_argument(
        "--call",
        action="append",
        default=[],
        metavar="POS=RANGE",
        help="a position's calling range against any shove (repeatable)",
    )
    pf.add_argument("--hand", help="with --shove/--call: the hand (or range) to value")
    pf.add_argument("--max-time", type=_seconds, metavar="SECONDS", help=_MAX_TIME_HELP)
    pf.add_argument("--json", action="store_true", help="print the result as JSON")


def _number(x: float) -> str:
    return f"{x:,.0f}" if x == int(x) else f"{x:,}"


def icm_command(args: argparse.Namespace) -> str | dict[str, Any]:
    """``pokerforge icm``: the equities as a table (or JSON)."""
    clock = _Clock(getattr(args, "max_time", None))
    equities = icm(
        args.stacks,
        args.payouts,
        model=args.model,
        samples=args.samples,
        seed=args.seed,
        time_limit=clock.left(),
    )
    pool = sum(Decimal(p) for p in args.payouts[: len(args.stacks)])
    deal = icm_deal(args.stacks, args.payouts, model=args.model) if args.deal else None
    factors = (
        bubble_factors(args.stacks, args.payouts, model=args.model, time_limit=clock.left())
        if args.bubble
        else None
    )
    premiums = (
        risk_premiums(args.stacks, args.payouts, model=args.model, time_limit=clock.left())
        if args.premiums
        else None
    )
    if args.json:
        out: dict[str, Any] = {
            "equities": list(equities),
            "exact": equities.exact,
            "model": args.model,
            "pool": str(pool),
        }
        if not equities.exact:
            out |= {"samples": equities.samples, "seed": equities.seed}
            out["stderr"] = list(equities.stderr)
        if deal is not None:
            out["deal"] = [str(d) for d in deal]
        if factors is not None:
            out["bubble_factors"] = _matrix(factors)
        if premiums is not None:
            out["risk_premiums"] = _matrix(premiums)
        return out
    # Shares in decimals: float sums of stacks or prizes near 1e308 overflow to inf (and
    # every share read 0.00%).
    chips = sum(Decimal(s) for s in args.stacks)
    header = f"{'player':<8}{'stack':>11}{'chips':>8}{'equity':>10}{'of pool':>10}"
    lines = [header + ("        deal" if deal is not None else "")]
    for i, (stack, raw) in enumerate(zip(args.stacks, equities, strict=True)):
        # A rounding error below zero (an empty stack's -1e-17) is no loss: printed as 0.
        e = raw if raw > 0 else 0.0
        share = float(Decimal(e) / pool) if pool else 0.0
        of_chips = float(Decimal(stack) / chips) if chips else 0.0
        line = f"{i + 1:<8}{_number(float(stack)):>11}{of_chips:>8.2%}"
        amount = f"{e:.4f}" if abs(e) < 1e6 else f"{e:.4g}"  # 1e308 in full runs over
        line += f" {amount:>9}{share:>10.2%}"
        if deal is not None:
            line += f"{deal[i]:>12}"
        lines.append(line)
    how = "exact" if equities.exact else f"{equities.samples:,} samples, seed {equities.seed},"
    lines.append(f"{how} {_MODELS[args.model]} ICM, pool {pool}")
    if factors is not None:
        lines.append("bubble factors (row risks against column):")
        lines.extend(_grid(factors, "{:>8.2f}"))
    if premiums is not None:
        lines.append("risk premiums (equity beyond 50% row needs to call column's all-in):")
        lines.extend(_grid(premiums, "{:>8.1%}"))
    return "\n".join(lines)


def _matrix(rows: list[list[float]]) -> list[list[float | None]]:
    return [[None if math.isnan(f) else f for f in row] for row in rows]


def _grid(rows: list[list[float]], cell: str) -> list[str]:
    lines = ["        " + "".join(f"{j + 1:>8}" for j in range(len(rows)))]
    for i, row in enumerate(rows):
        cells = "".join("       -" if math.isnan(f) else cell.format(f) for f in row)
        lines.append(f"{i + 1:<8}{cells}")
    return lines


def _spot_line(r: PushFoldResult) -> str:
    by = "chips" if r.payouts is None else f"{_MODELS[r.model]} ICM"
    ante = f"ante {_number(r.ante)}" if r.ante else "no ante"
    blinds = f"{_number(r.blinds[0])}/{_number(r.blinds[1])}"
    return (
        f"heads-up push/fold, {by}: effective stack {_number(r.effective_bb)} bb, "
        f"blinds {blinds}, {ante}"
    )


def _spot(args: argparse.Namespace) -> tuple[Any, tuple[Any, Any], Any, Any]:
    """The spot's stacks, blinds, ante and payouts, as every push/fold entry point takes
    them."""
    return args.stacks, (args.blinds[0], args.blinds[1]), args.ante, args.payouts


def _convergence(exploitability: float, unit: str, rounds: int, converged: bool) -> str:
    return f"exploitability {exploitability:.6f} {unit} per hand after {rounds:,} rounds" + (
        "" if converged else " (round or time limit reached)"
    )


def _ranges(entries: list[str], flag: str) -> dict[str, str]:
    out = {}
    for entry in entries:
        position, sep, hands = entry.partition("=")
        if not sep or not position.strip():
            raise InvalidSpecError(f"{flag} {entry!r} is not POSITION=RANGE, e.g. BTN='22+, A2+'")
        out[position.strip()] = hands
    return out


def _decisions_command(args: argparse.Namespace) -> str | dict[str, Any]:
    """``pokerforge pushfold ... --shove/--call ... --hand H``: each decision's value."""
    shovers, callers = _ranges(args.shove, "--shove"), _ranges(args.call, "--call")
    if not args.hand:
        raise InvalidSpecError("--shove and --call value a hand: give it with --hand")
    d = decisions(
        *_spot(args),
        shoves=shovers,
        calls=callers,
        others=args.others,
        model=args.model,
    )
    names = d.positions
    first_in = [(p, d.shove_ev(p, args.hand), d.fold_ev(p)) for p in names[:-1]]
    facing = []
    for s, shover in enumerate(names):
        for caller in names[s + 1 :] if shover in shovers else ():
            call, fold = (
                d.call_ev(caller, shover, args.hand),
                d.fold_to_ev(caller, shover, args.hand),
            )
            facing.append((caller, shover, call, fold))
    if args.json:
        return {
            "hand": args.hand,
            "positions": list(names),
            "first_in": [{"position": p, "shove": v, "fold": f} for p, v, f in first_in],
            "facing": [{"caller": c, "shover": s, "call": v, "fold": f} for c, s, v, f in facing],
            "values": list(d.values),
            "gains": list(d.gains),
            "unit": "bb" if args.payouts is None else "prize",
        }
    unit = "bb" if args.payouts is None else "prize equity"
    lines = [f"{args.hand}: value of each decision ({unit}, after the hand)"]
    lines.append(f"{'first in':<14}{'shove':>12}{'fold':>12}  best")
    for p, v, f in first_in:
        lines.append(f"{p:<14}{v:>12.4f}{f:>12.4f}  {'shove' if v > f else 'fold'}")
    if facing:
        lines.append(f"{'facing a shove':<14}{'call':>12}{'fold':>12}  best")
        for caller, shover, v, f in facing:
            who = f"{caller} v {shover}"
            lines.append(f"{who:<14}{v:>12.4f}{f:>12.4f}  {'call' if v > f else 'fold'}")
    return "\n".join(lines)


def _table_command(args: argparse.Namespace) -> str | dict[str, Any]:
    """``pokerforge pushfold`` with 3 to 10 stacks: the table's equilibrium."""
    r = push_fold_table(
        *_spot(args),
        others=args.others,
        model=args.model,
        tolerance=args.tolerance,
        time_limit=getattr(args, "max_time", None),
    )
    if args.json:
        return r.to_dict()
    by = "chips" if r.payouts is None else f"{_MODELS[r.model]} ICM"
    ante = f"ante {_number(r.ante)}" if r.ante else "no ante"
    seats = ", ".join(f"{p} {_number(s)}" for p, s in zip(r.positions, r.stacks, strict=True))
    unit = "bb" if r.payouts is None else "of prize equity"
    blinds = f"{_number(r.blinds[0])}/{_number(r.blinds[1])}"
    lines = [
        f"push/fold, {len(r.positions)} players, {by}: blinds {blinds}, {ante}; {seats}",
        _convergence(r.exploitability, unit, r.iterations, r.converged),
    ]
    for p, rng in r.shoves.items():
        lines.append(f"{p} shoves {rng.total_weight / 1326:.1%}: {rng}")
    for (s, c), rng in r.calls.items():
        lines.append(f"{c} calls {s} {rng.total_weight / 1326:.1%}: {rng}")
    if args.chart:
        position, facing = args.chart[0], (args.chart[1] if len(args.chart) > 1 else None)
        what = f"{position} calling {facing}" if facing else f"{position} shoving first-in"
        lines += ["", f"{what}:", r.chart_text(position, facing)]
    return "\n".join(lines)


def pushfold_command(args: argparse.Namespace) -> str | dict[str, Any]:
    """``pokerforge pushfold``: the equilibrium ranges and charts (or JSON), or with
    ``--shove``/``--call`` the value of each decision with ``--hand``."""
    if args.shove or args.call:
        return _decisions_command(args)
    if len(args.stacks) != 2:
        return _table_command(args)
    if args.chart:
        raise InvalidSpecError("--chart is for tables of 3 or more; heads-up prints both")
    r = push_fold(
        *_spot(args),
        others=args.others,
        model=args.model,
        tolerance=args.tolerance,
        time_limit=getattr(args, "max_time", None),
    )
    if args.json:
        return {
            "effective_bb": r.effective_bb,
            "shove": str(r.shove),
            "call": str(r.call),
            "shove_chart": [list(row) for row in r.shove_chart],
            "call_chart": [list(row) for row in r.call_chart],
            "exploitability": r.exploitability,
            "unit": "bb" if r.payouts is None else "prize",
            "iterations": r.iterations,
            "converged": r.converged,
        }
    unit = "bb" if r.payouts is None else "of prize equity"
    lines = [_spot_line(r), _convergence(r.exploitability, unit, r.iterations, r.converged)]
    for who, what, rng in (("SB", "shoves", r.shove), ("BB", "calls", r.call)):
        lines.append(f"{who} {what} {rng.total_weight / 1326:.1%} of hands: {rng}")
        lines.append("")
        lines.append(r.chart_text("shove" if who == "SB" else "call"))
        lines.append("")
    return "\n".join(lines).rstrip()
