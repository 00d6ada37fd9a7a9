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

Every figure is kept apart by the hand's [`Group`][pokerforge.histories.groups.Group]: cash
or tournament, the unit (a currency, or a tournament's chips), the stakes and the game, so
that a tournament's chips are never added to a cash game's dollars. A player's figures
over several groups of one unit (several stakes of one currency) add up; over several
units they are refused by name.

Statistics add up: [`Stats.merge()`][pokerforge.histories.Stats.merge] combines statistics gathered
in several processes.

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
from pokerforge.extras import require
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
from pokerforge.histories.groups import Group, group_of
from pokerforge.histories.record import HandRecord

__all__ = ["COUNTS", "Group", "PlayerStats", "Stats", "seat_counts"]

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

COUNTS = (
    "hands",
    "vpip",
    "pfr",
    "three_bet",
    "three_bet_chances",
    "fold_to_three_bet",
    "fold_to_three_bet_chances",
    "aggressive",
    "calls",
    "saw_flop",
    "showdowns",
    "showdowns_known",
    "won_showdowns",
    "results",
)
"""The names of the counts kept per player and hand
([`seat_counts()`][pokerforge.histories.stats.seat_counts]), in order: a hand, a voluntary pre-flop
call or raise, a pre-flop raise, a 3-bet and the chance of one, a fold to a 3-bet and the chance of
one, bets and raises after the flop, calls after the flop, the flop seen, a showdown, a showdown
with a known result, a showdown won, a known result."""


@dataclass(frozen=True)
class PlayerStats:
    """One player's statistics (over every position, or one).

    Fractions are ``None`` where the player never had the chance; ``bb_per_100_se`` needs
    two hands with a known result. ``kind``, ``unit``, ``stakes`` and ``game`` name the
    group of hands counted ([`Group`][pokerforge.histories.groups.Group]; ``"all"`` where
    figures of one unit over several stakes or games were added up).
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
    kind: str = "cash"
    unit: str = "money"
    stakes: str = ""
    game: str = ""

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
    """Statistics of every player over the hands added, kept apart by group (cash or
    tournament, unit, stakes, game: [`Group`][pokerforge.histories.groups.Group]).

    Args:
        track: players whose winnings are kept hand by hand (for
            [`cumulative()`][pokerforge.histories.Stats.cumulative] and
            [`plot_cumulative()`][pokerforge.histories.Stats.plot_cumulative]).
    """

    def __init__(self, *, track: Iterable[str] = ()) -> None:
        self._tallies: dict[tuple[str, str, Group], _Tally] = {}
        self._track = {name: [] for name in track}  # type: dict[str, list[tuple[Group, Decimal]]]
        self._groups: dict[Any, Group] = {}  # by (spec, chip value, tournament, currency)
        self.hands = 0
        self.unknown_results = 0

    # -- gathering -----------------------------------------------------------------------

    def _group(self, record: HandRecord) -> Group:
        hand = record.hand
        fields = record.fields
        key = (hand.spec, hand.chip_value, bool(fields.get("tournament")), fields.get("currency"))
        try:
            group = self._groups.get(key)
        except TypeError:  # a field that cannot be hashed: worked out each time
            return group_of(hand.spec, hand.chip_value, fields)
        if group is None:
            group = self._groups[key] = group_of(hand.spec, hand.chip_value, fields)
        return group

    def add(self, record: HandRecord) -> None:
        """Count one hand (a finished [`HandRecord`][pokerforge.histories.HandRecord])."""
        hand = record.hand
        n = hand.num_seats
        flags = seat_counts(hand)
        known = hand.result_known
        self.hands += 1
        if not known:
            self.unknown_results += 1
        group = self._group(record)
        positions = hand.positions
        net = hand.net
        bb = hand.spec.rate_unit
        value = hand.chip_value
        tallies = self._tallies
        players = record.players
        for seat in range(n):
            f = flags[seat]
            name = players[seat]
            if known:
                chips = net[seat]
                won = value * chips  # exact: a Decimal times an int
                x = chips / bb
                xx = x * x
            for key in ((name, ALL, group), (name, positions[seat], group)):
                tally = tallies.get(key)
                if tally is None:
                    tally = tallies[key] = _Tally()
                tally.counts = list(map(add, tally.counts, f))  # one C loop, not 14 steps
                if known:
                    tally.net += won
                    tally.bb += x
                    tally.bb_sq += xx
            if known and name in self._track:
                self._track[name].append((group, won))

    def add_counts(
        self,
        player: str,
        position: str,
        group: Group,
        *,
        counts: Iterable[int],
        net: Decimal,
        bb: float,
        bb_squared: float,
    ) -> None:
        """Add counts gathered elsewhere (a hand database's sums) for ``player`` at
        ``position`` (``"all"`` for every position) in ``group``: ``counts`` in the order of
        `COUNTS`, the net won in the group's unit, and the sums of the results in big
        blinds and of their squares. [`hands`][pokerforge.histories.PlayerStats.hands] and
        [`unknown_results`][pokerforge.histories.Stats.unknown_results] are the caller's to set."""
        key = (player, position, group)
        tally = self._tallies.get(key)
        if tally is None:
            tally = self._tallies[key] = _Tally()
        other = _Tally()
        other.counts = [int(c) for c in counts]
        if len(other.counts) != _SLOTS:
            raise InvalidSpecError(f"{len(other.counts)} counts given where {_SLOTS} are kept")
        other.net, other.bb, other.bb_sq = net, bb, bb_squared
        tally.merge(other)

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

    def players(self, group: Group | None = None) -> list[str]:
        """The players seen (in ``group``, or in any), most hands first."""
        totals: dict[str, int] = {}
        for (name, pos, g), t in self._tallies.items():
            if pos == ALL and (group is None or g == group):
                totals[name] = totals.get(name, 0) + t.counts[_HANDS]
        return sorted(totals, key=lambda name: (-totals[name], name))

    def groups(self, player: str | None = None) -> list[Group]:
        """The groups of hands seen (those ``player`` played): cash before tournaments,
        then by unit, stakes and game."""
        return sorted({g for (name, _, g) in self._tallies if player is None or name == player})

    def positions(self, player: str, group: Group | None = None) -> list[str]:
        """The positions ``player`` played (in ``group``), in the order of the table (BTN,
        SB, BB, ...)."""
        order = ("BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "HJ", "CO")
        seen = {
            pos
            for (name, pos, g) in self._tallies
            if name == player and pos != ALL and (group is None or g == group)
        }
        return [p for p in order if p in seen] + sorted(seen.difference(order))

    def _one_unit(self, player: str, groups: Iterable[Group]) -> list[Group]:
        """``groups`` if they share one kind and unit, else a named refusal."""
        found = sorted(groups)
        units = sorted({(g.kind, g.unit) for g in found})
        if len(units) > 1:
            names = ", ".join(f"{kind} in {unit}" for kind, unit in units)
            raise InvalidSpecError(
                f"{player!r} played {names}, which do not add up: name one of its groups "
                f"(stats.groups({player!r}))"
            )
        return found

    def player(self, name: str, position: str = ALL, group: Group | None = None) -> PlayerStats:
        """The statistics of ``name`` (at ``position``, or over all positions) in
        ``group``, or over all the player's groups when they share one unit.

        Raises:
            KeyError: the player never played (at that position, in that group).
            InvalidSpecError: no group is named and the player's hands count in several
                units (dollars and a tournament's chips).
        """
        keys = [
            key
            for key in self._tallies
            if key[0] == name and key[1] == position and (group is None or key[2] == group)
        ]
        if not keys:
            where = "" if position == ALL else f" at {position}"
            within = "" if group is None else f" in {group}"
            raise KeyError(f"no hands of {name!r}{where}{within}")
        groups = self._one_unit(name, (key[2] for key in keys))
        tally = _Tally()
        for key in keys:
            tally.merge(self._tallies[key])
        c = tally.counts
        n = c[_RESULTS]
        bb100 = se = None
        if n:
            mean = tally.bb / n
            bb100 = 100 * mean
            if n > 1:
                var = max(0.0, (tally.bb_sq - n * mean * mean) / (n - 1))
                se = 100 * math.sqrt(var / n)
        stakes = {g.stakes for g in groups}
        games = {g.game for g in groups}
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
            kind=groups[0].kind,
            unit=groups[0].unit,
            stakes=stakes.pop() if len(stakes) == 1 else ALL,
            game=games.pop() if len(games) == 1 else ALL,
        )

    def rows(
        self,
        *,
        player: str | None = None,
        by_position: bool = False,
        group: Group | None = None,
    ) -> Iterator[PlayerStats]:
        """Every player's statistics (or one player's), one row per group of hands (or in
        ``group``), and by position when asked."""
        names = [player] if player is not None else self.players(group)
        for name in names:
            for g in [group] if group is not None else self.groups(name):
                yield self.player(name, ALL, g)
                if by_position:
                    for pos in self.positions(name, g):
                        yield self.player(name, pos, g)

    def table(
        self, *, player: str | None = None, by_position: bool = False, top: int | None = None
    ) -> str:
        """The statistics as a text table, most hands first: one section per group of hands
        (headed by the group) where there are several."""
        groups = self.groups(player)
        if len(groups) <= 1:
            return self._table(player=player, by_position=by_position, top=top, group=None)
        return "\n\n".join(
            f"{group}\n" + self._table(player=player, by_position=by_position, top=top, group=group)
            for group in groups
        )

    def _table(
        self, *, player: str | None, by_position: bool, top: int | None, group: Group | None
    ) -> str:
        rows = list(self.rows(player=player, by_position=by_position, group=group))
        if top is not None and player is None:
            keep = set(self.players(group)[:top])
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
        """The statistics as a `pandas.DataFrame` (one row per player and group of
        hands, or per player, group and position), indexed by player and position (the
        group in the columns ``kind``, ``unit``, ``stakes`` and ``game``).

        Raises:
            MissingExtraError: pandas is not installed (``pokerforge[histories]``).
        """
        pd = require("pandas", "histories", "a table of statistics as a DataFrame")

        rows = [asdict(r) for r in self.rows(by_position=by_position)]
        frame = pd.DataFrame(rows, columns=[f for f in PlayerStats.__dataclass_fields__])
        return frame.set_index(["player", "position"])

    def cumulative(self, player: str, group: Group | None = None) -> list[Decimal]:
        """The running total of a tracked player's winnings, hand by hand (in ``group``, or
        over all the player's hands when they count in one unit).

        Raises:
            InvalidSpecError: ``player`` is not tracked (``Stats(track=[player])``), or no
                group is named and the player's hands count in several units.
        """
        if player not in self._track:
            raise InvalidSpecError(
                f"{player!r} is not tracked: make the statistics with Stats(track=[{player!r}])"
            )
        results = self._track[player]
        if group is None:
            self._one_unit(player, {g for g, _ in results})
        total = Decimal(0)
        out = []
        for g, won in results:
            if group is None or g == group:
                total += won
                out.append(total)
        return out

    def plot_cumulative(self, player: str, path: str, group: Group | None = None) -> None:
        """Write a PNG of a tracked player's cumulative winnings over hands (in ``group``,
        as [`cumulative()`][pokerforge.histories.Stats.cumulative] adds them).

        Raises:
            InvalidSpecError: ``player`` is not tracked (``Stats(track=[player])``), or its
                hands count in several units and no group is named.
            MissingExtraError: matplotlib is not installed (``pokerforge[histories]``).
        """
        matplotlib = require("matplotlib", "histories", "a chart of winnings")
        matplotlib.use("Agg")
        plt = require("matplotlib.pyplot", "histories", "a chart of winnings")

        totals = [float(x) for x in self.cumulative(player, group)]
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


def seat_counts(hand: Any) -> list[list[int]]:
    """Each seat's counts of one finished hand, in the order of `COUNTS`.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=3)
        >>> _ = hand.raise_to(6); _ = hand.fold(); _ = hand.fold()
        >>> dict(zip(COUNTS, seat_counts(hand)[0]))["pfr"]
        1
    """
    n = hand.num_seats
    flags = [[0] * _SLOTS for _ in range(n)]
    _preflop_and_after(hand.history, flags, n)
    known = hand.result_known
    showdown = hand.street == _Street.SHOWDOWN
    folded = hand.folded
    payouts = hand.payouts
    for seat in range(n):
        f = flags[seat]
        f[_HANDS] = 1
        if showdown and not folded[seat]:
            f[_SHOWDOWNS] = 1
            if known:
                f[_SHOWDOWNS_KNOWN] = 1
                f[_WON_SHOWDOWNS] = 1 if payouts[seat] > 0 else 0
        if known:
            f[_RESULTS] = 1
    return flags


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
