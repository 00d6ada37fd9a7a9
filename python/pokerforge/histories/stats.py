"""Player statistics over any set of hands: VPIP, PFR, 3-bet, aggression, showdowns, winnings.

Definitions (those of common poker tracking software; all pre-flop figures ignore forced
bets):

* **VPIP**: share of hands where the player put money in pre-flop voluntarily (called or
  raised; a big blind's check is not voluntary).
* **PFR**: share of hands where the player raised pre-flop.
* **3-bet**: share of the chances to re-raise a single pre-flop raise (the player acts
  facing exactly one raise) that the player took.
* **Fold to 3-bet**: share of the times the pre-flop opener faced a re-raise and folded.
* **AF** (aggression factor): bets and raises divided by calls, after the flop.
* **WTSD** (went to showdown): share of the hands where the player saw the flop that the
  player took to a showdown.

In the games without a flop, the first betting round (third street in stud, the round
before the first draw) counts as pre-flop and the cards that end it (fourth street's up
card, the first draw) as the flop: WTSD is then the share of the hands where the player
was still in after the first round that the player took to a showdown.
* **W$SD** (won at showdown): share of showdowns with a known result where the player won
  chips.
* **net** (in the record's money) and **bb/100** (big blinds won per hundred hands) with its
  standard error, over the hands whose result is known (a hand whose showdown needs unknown
  cards and whose record gives no winnings counts for the other figures only).

Statistics add up: :meth:`Stats.merge` combines statistics gathered in several processes.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> from pokerforge.histories import HandRecord
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], button=0, seed=3)
    >>> _ = hand.raise_to(6); _ = hand.raise_to(18); _ = hand.fold(); _ = hand.fold()
    >>> stats = Stats()
    >>> stats.add(HandRecord(hand, ("Ann", "Bob", "Cid")))
    >>> ann, bob = stats.player("Ann"), stats.player("Bob")
    >>> ann.pfr, ann.fold_to_three_bet, bob.three_bet, bob.net
    (1.0, 1.0, 1.0, Decimal('8'))
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from decimal import Decimal
from operator import add
from typing import Any

from pokerforge.errors import InvalidSpecError
from pokerforge.game.actions import (
    Bet,
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    DealUp,
    Discard,
    Fold,
    Raise,
    StandPat,
)
from pokerforge.game.actions import Street as _Street
from pokerforge.histories.record import HandRecord

__all__ = ["PlayerStats", "Stats"]

ALL = "all"

# Counter slots (a list of ints per player and position: adding lists is cheap).
(
    _HANDS,
    _VPIP,
    _PFR,
    _3B,
    _3B_CHANCES,
    _F3B,
    _F3B_CHANCES,
    _AGGRESSIVE,
    _CALLS,
    _SAW_FLOP,
    _SHOWDOWNS,
    _SHOWDOWNS_KNOWN,
    _WON_SHOWDOWNS,
    _RESULTS,
) = range(14)
_SLOTS = 14


@dataclass(frozen=True)
class PlayerStats:
    """One player's statistics (over every position, or one).

    Fractions are ``None`` where the player never had the chance; ``bb_per_100_se`` needs
    two hands with a known result.
    """

    player: str
    position: str
    hands: int
    vpip: float | None
    pfr: float | None
    three_bet: float | None
    fold_to_three_bet: float | None
    aggression_factor: float | None
    went_to_showdown: float | None
    won_at_showdown: float | None
    net: Decimal
    bb_per_100: float | None
    bb_per_100_se: float | None
    hands_with_result: int

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready values (``net`` as a string, exactly)."""
        out = asdict(self)
        out["net"] = str(self.net)
        return out


class _Tally:
    __slots__ = ("bb", "bb_sq", "counts", "net")

    def __init__(self) -> None:
        self.counts = [0] * _SLOTS
        self.net = Decimal(0)
        self.bb = 0.0
        self.bb_sq = 0.0

    def merge(self, other: _Tally) -> None:
        self.counts = [a + b for a, b in zip(self.counts, other.counts, strict=True)]
        self.net += other.net
        self.bb += other.bb
        self.bb_sq += other.bb_sq


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


class Stats:
    """Statistics of every player over the hands added.

    Args:
        track: players whose winnings are kept hand by hand (for :meth:`cumulative` and
            :meth:`plot_cumulative`).
    """

    def __init__(self, *, track: Iterable[str] = ()) -> None:
        self._tallies: dict[tuple[str, str], _Tally] = {}
        self._track = {name: [] for name in track}  # type: dict[str, list[Decimal]]
        self.hands = 0
        self.unknown_results = 0

    # -- gathering -----------------------------------------------------------------------

    def add(self, record: HandRecord) -> None:
        """Count one hand (a finished :class:`HandRecord`)."""
        hand = record.hand
        n = hand.num_seats
        flags = [[0] * _SLOTS for _ in range(n)]
        _preflop_and_after(hand.history, flags, n)
        known = hand.result_known
        self.hands += 1
        if not known:
            self.unknown_results += 1
        positions = hand.positions
        showdown = hand.street == _Street.SHOWDOWN
        folded = hand.folded
        payouts = hand.payouts
        net = hand.net
        bb = hand.spec.rate_unit
        value = hand.chip_value
        tallies = self._tallies
        players = record.players
        for seat in range(n):
            f = flags[seat]
            f[_HANDS] = 1
            if showdown and not folded[seat]:
                f[_SHOWDOWNS] = 1
                if known:
                    f[_SHOWDOWNS_KNOWN] = 1
                    f[_WON_SHOWDOWNS] = 1 if payouts[seat] > 0 else 0
            name = players[seat]
            if known:
                f[_RESULTS] = 1
                chips = net[seat]
                won = value * chips  # exact: a Decimal times an int
                x = chips / bb
                xx = x * x
            for key in ((name, ALL), (name, positions[seat])):
                tally = tallies.get(key)
                if tally is None:
                    tally = tallies[key] = _Tally()
                tally.counts = list(map(add, tally.counts, f))  # one C loop, not 14 steps
                if known:
                    tally.net += won
                    tally.bb += x
                    tally.bb_sq += xx
            if known and name in self._track:
                self._track[name].append(won)

    def update(self, records: Iterable[HandRecord]) -> Stats:
        """Count every hand of ``records``; returns ``self``."""
        for record in records:
            self.add(record)
        return self

    def merge(self, other: Stats) -> Stats:
        """Add the counts of ``other`` (gathered elsewhere) to these; returns ``self``."""
        for key, tally in other._tallies.items():
            mine = self._tallies.get(key)
            if mine is None:
                mine = self._tallies[key] = _Tally()
            mine.merge(tally)
        for name, results in other._track.items():
            self._track.setdefault(name, []).extend(results)
        self.hands += other.hands
        self.unknown_results += other.unknown_results
        return self

    # -- reading -------------------------------------------------------------------------

    def players(self) -> list[str]:
        """The players seen, most hands first."""
        totals = [
            (t.counts[_HANDS], name) for (name, pos), t in self._tallies.items() if pos == ALL
        ]
        return [name for _, name in sorted(totals, key=lambda x: (-x[0], x[1]))]

    def positions(self, player: str) -> list[str]:
        """The positions ``player`` played, in the order of the table (BTN, SB, BB, ...)."""
        order = ("BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "HJ", "CO")
        seen = {pos for (name, pos) in self._tallies if name == player and pos != ALL}
        return [p for p in order if p in seen] + sorted(seen.difference(order))

    def player(self, name: str, position: str = ALL) -> PlayerStats:
        """The statistics of ``name`` (at ``position``, or over all positions).

        Raises:
            KeyError: the player never played (at that position).
        """
        tally = self._tallies.get((name, position))
        if tally is None:
            where = "" if position == ALL else f" at {position}"
            raise KeyError(f"no hands of {name!r}{where}")
        c = tally.counts
        n = c[_RESULTS]
        bb100 = se = None
        if n:
            mean = tally.bb / n
            bb100 = 100 * mean
            if n > 1:
                var = max(0.0, (tally.bb_sq - n * mean * mean) / (n - 1))
                se = 100 * math.sqrt(var / n)
        return PlayerStats(
            player=name,
            position=position,
            hands=c[_HANDS],
            vpip=_ratio(c[_VPIP], c[_HANDS]),
            pfr=_ratio(c[_PFR], c[_HANDS]),
            three_bet=_ratio(c[_3B], c[_3B_CHANCES]),
            fold_to_three_bet=_ratio(c[_F3B], c[_F3B_CHANCES]),
            aggression_factor=_ratio(c[_AGGRESSIVE], c[_CALLS]),
            went_to_showdown=_ratio(c[_SHOWDOWNS], c[_SAW_FLOP]),
            won_at_showdown=_ratio(c[_WON_SHOWDOWNS], c[_SHOWDOWNS_KNOWN]),
            net=tally.net,
            bb_per_100=bb100,
            bb_per_100_se=se,
            hands_with_result=n,
        )

    def rows(
        self, *, player: str | None = None, by_position: bool = False
    ) -> Iterator[PlayerStats]:
        """Every player's statistics (or one player's), and by position when asked."""
        names = [player] if player is not None else self.players()
        for name in names:
            yield self.player(name)
            if by_position:
                for pos in self.positions(name):
                    yield self.player(name, pos)

    def table(
        self, *, player: str | None = None, by_position: bool = False, top: int | None = None
    ) -> str:
        """The statistics as a text table, most hands first."""
        rows = list(self.rows(player=player, by_position=by_position))
        if top is not None and player is None:
            keep = set(self.players()[:top])
            rows = [r for r in rows if r.player in keep]
        head = (
            "player",
            "pos",
            "hands",
            "VPIP",
            "PFR",
            "3bet",
            "F3bet",
            "AF",
            "WTSD",
            "W$SD",
            "net",
            "bb/100",
            "+/-",
        )
        lines = [head]
        for r in rows:
            lines.append(
                (
                    r.player if len(r.player) <= 24 else r.player[:23] + "…",
                    r.position,
                    str(r.hands),
                    _pct(r.vpip),
                    _pct(r.pfr),
                    _pct(r.three_bet),
                    _pct(r.fold_to_three_bet),
                    "-" if r.aggression_factor is None else f"{r.aggression_factor:.2f}",
                    _pct(r.went_to_showdown),
                    _pct(r.won_at_showdown),
                    str(r.net),
                    "-" if r.bb_per_100 is None else f"{r.bb_per_100:.1f}",
                    "-" if r.bb_per_100_se is None else f"{r.bb_per_100_se:.1f}",
                )
            )
        widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
        out = []
        for line in lines:
            cells = [line[0].ljust(widths[0]), line[1].ljust(widths[1])]
            cells += [cell.rjust(w) for cell, w in zip(line[2:], widths[2:], strict=True)]
            out.append("  ".join(cells).rstrip())
        return "\n".join(out)

    def to_json(self, *, player: str | None = None, by_position: bool = True) -> str:
        """The statistics as JSON: hands counted and one object per player (and position)."""
        return json.dumps(
            {
                "hands": self.hands,
                "unknown_results": self.unknown_results,
                "players": [r.as_dict() for r in self.rows(player=player, by_position=by_position)],
            }
        )

    def to_dataframe(self, *, by_position: bool = False) -> Any:
        """The statistics as a :class:`pandas.DataFrame` (one row per player, or per player
        and position), indexed by player and position.

        Raises:
            ImportError: pandas is not installed.
        """
        import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # noqa: PLC0415

        rows = [asdict(r) for r in self.rows(by_position=by_position)]
        frame = pd.DataFrame(rows, columns=[f for f in PlayerStats.__dataclass_fields__])
        return frame.set_index(["player", "position"])

    def cumulative(self, player: str) -> list[Decimal]:
        """The running total of a tracked player's winnings, hand by hand.

        Raises:
            InvalidSpecError: ``player`` is not tracked (``Stats(track=[player])``).
        """
        if player not in self._track:
            raise InvalidSpecError(
                f"{player!r} is not tracked: make the statistics with Stats(track=[{player!r}])"
            )
        total = Decimal(0)
        out = []
        for won in self._track[player]:
            total += won
            out.append(total)
        return out

    def plot_cumulative(self, player: str, path: str) -> None:
        """Write a PNG of a tracked player's cumulative winnings over hands.

        Raises:
            InvalidSpecError: ``player`` is not tracked (``Stats(track=[player])``).
            ImportError: matplotlib is not installed.
        """
        import matplotlib  # noqa: PLC0415 - optional dependency

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415

        totals = [float(x) for x in self.cumulative(player)]
        fig, ax = plt.subplots(figsize=(8, 4.5))
        ax.plot(range(1, len(totals) + 1), totals, linewidth=1)
        ax.axhline(0, color="grey", linewidth=0.5)
        ax.set_xlabel("hands")
        ax.set_ylabel("cumulative winnings")
        ax.set_title(f"{player}: {len(totals)} hands")
        fig.tight_layout()
        fig.savefig(path, format="png")
        plt.close(fig)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


# The records that deal or draw cards: after the first betting round has begun, the first
# of them ends it (the flop, fourth street's up cards, the first draw).
_DEALING = (DealBoard, DealUp, DealHole, Discard, StandPat)


def _preflop_and_after(history: Iterable[Any], flags: list[list[int]], n: int) -> None:
    """Set each seat's action counters from the hand's records."""
    street = 0
    acted = False  # whether the first betting round has begun
    raises = 0  # voluntary raises so far, pre-flop
    opener = -1
    faced_one = [False] * n
    faced_three_bet = [False] * n
    folded = [False] * n
    for record in history:
        kind = type(record)
        if kind in _DEALING:
            # (Courchevel turns a board card before the first round: not its flop.)
            ends_round = record.street != _Street.PREFLOP if kind is DealBoard else acted
            if street == 0 and ends_round:
                street = 1  # the flop, or what ends the first round of a game without one
                for seat in range(n):
                    if not folded[seat]:
                        flags[seat][_SAW_FLOP] = 1
            continue
        if kind is Check or kind is BringIn:
            acted = True
            continue
        if kind is not Fold and kind is not Call and kind is not Raise and kind is not Bet:
            continue  # forced bets, cards and awards
        acted = True
        seat = record.seat
        f = flags[seat]
        if street == 0:
            if raises == 1 and seat != opener and not faced_one[seat]:
                faced_one[seat] = True
                f[_3B_CHANCES] = 1
                if kind is Raise or kind is Bet:
                    f[_3B] = 1
            elif raises >= 2 and seat == opener and not faced_three_bet[seat]:
                faced_three_bet[seat] = True
                f[_F3B_CHANCES] = 1
                if kind is Fold:
                    f[_F3B] = 1
            if kind is Call:
                f[_VPIP] = 1
            elif kind is Raise or kind is Bet:
                f[_VPIP] = 1
                f[_PFR] = 1
                raises += 1
                if raises == 1:
                    opener = seat
        elif kind is Raise or kind is Bet:
            f[_AGGRESSIVE] += 1
        elif kind is Call:
            f[_CALLS] += 1
        if kind is Fold:
            folded[seat] = True
