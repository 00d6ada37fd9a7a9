"""Player statistics over any set of hands: the pre-flop, post-flop and showdown figures a
tracker shows, winnings with and without a showdown, all-in adjusted winnings, bb/100.

Each figure is a count over its chances, as
[`pokerforge.histories.counts`][pokerforge.histories.counts] defines them (the one
definition, which the hand database stores and sums too):

* **VPIP**, **PFR**: shares of the hands where the player called or raised pre-flop, and
  raised (forced bets are not voluntary).
* **3-bet**, **fold to 3-bet**; **steal** (an open raise from the cutoff, the button or the
  small blind, folded to), **fold to steal** (a blind facing it).
* **c-bet** and **fold to c-bet**, **check-raise**, each on the flop, the turn and the river.
* **AF** (aggression factor): bets and raises divided by calls, after the flop; **AFq**
  (aggression frequency): bets and raises over bets, raises, calls and folds.
* **WTSD** (went to showdown) and **won without showdown**: shares of the hands where the
  player saw the flop that the player took to a showdown, or won without one; **W$SD**
  (won at showdown): share of the showdowns with a known result where the player won chips.
* **net** (in the record's money), split into the hands that the player took to a showdown
  and the others; **all-in adjusted** net (the all-ins' results by equity:
  [`pokerforge.histories.allin`][pokerforge.histories.allin]); **bb/100** (big blinds won
  per hundred hands) with its standard error, and all-in adjusted. These count the hands
  whose result is known (a hand whose showdown needs unknown cards and whose record gives
  no winnings counts for the other figures only).

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
    >>> ann.pfr, ann.steal, ann.fold_to_three_bet, bob.three_bet, bob.net
    (1.0, 1.0, 1.0, 1.0, Decimal('8'))
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from decimal import Decimal
from operator import add
from typing import TYPE_CHECKING, Any

from pokerforge.errors import InvalidSpecError
from pokerforge.extras import require
from pokerforge.histories.counts import COUNTS, STREETS, hand_counts, seat_counts
from pokerforge.histories.graph import WinningsSeries, plot_winnings
from pokerforge.histories.groups import Group, group_of
from pokerforge.histories.record import HandRecord

if TYPE_CHECKING:  # (the filters read dates with the database's rows: imported there)
    from pokerforge.histories.filters import HandFilter

__all__ = ["COUNTS", "Group", "PlayerStats", "Stats", "adjusted_money", "seat_counts"]

ALL = "all"

_SLOTS = len(COUNTS)
_AT = {name: k for k, name in enumerate(COUNTS)}
_HANDS, _VPIP, _PFR = _AT["hands"], _AT["vpip"], _AT["pfr"]
_3B, _3B_CHANCES = _AT["three_bet"], _AT["three_bet_chances"]
_F3B, _F3B_CHANCES = _AT["fold_to_three_bet"], _AT["fold_to_three_bet_chances"]
_AGGRESSIVE, _CALLS, _FOLDS = _AT["aggressive"], _AT["calls"], _AT["folds"]
_SAW_FLOP, _SHOWDOWNS = _AT["saw_flop"], _AT["showdowns"]
_SHOWDOWNS_KNOWN, _WON_SHOWDOWNS = _AT["showdowns_known"], _AT["won_showdowns"]
_RESULTS = _AT["results"]
_MILLIONTH = Decimal("0.000001")


def adjusted_money(chips: Decimal, value: Decimal) -> Decimal:
    """An all-in adjusted result of ``chips`` chips in the record's money (a chip worth
    ``value``), to the millionth (the hand database's precision), as both the statistics
    in memory and the database keep it.

    Examples:
        >>> adjusted_money(Decimal(2) / 3, Decimal("0.01"))
        Decimal('0.006667')
    """
    return (chips * value).quantize(_MILLIONTH)


@dataclass(frozen=True)
class PlayerStats:
    """One player's statistics (over every position, or one).

    Fractions are ``None`` where the player never had the chance; ``bb_per_100_se`` needs
    two hands with a known result. ``kind``, ``unit``, ``stakes`` and ``game`` name the
    group of hands counted ([`Group`][pokerforge.histories.groups.Group]; ``"all"`` where
    figures of one unit over several stakes or games were added up). ``net_showdown`` is
    the part of ``net`` won in the hands the player took to a showdown (the rest,
    ``net - net_showdown``, without one); ``allin_net`` and ``allin_bb_per_100`` are
    ``net`` and ``bb_per_100`` all-in adjusted, over ``allin_hands`` hands adjusted.
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
    steal: float | None = None
    fold_to_steal: float | None = None
    cbet_flop: float | None = None
    cbet_turn: float | None = None
    cbet_river: float | None = None
    fold_to_cbet_flop: float | None = None
    fold_to_cbet_turn: float | None = None
    fold_to_cbet_river: float | None = None
    check_raise_flop: float | None = None
    check_raise_turn: float | None = None
    check_raise_river: float | None = None
    aggression_frequency: float | None = None
    won_without_showdown: float | None = None
    net_showdown: Decimal = Decimal(0)
    allin_net: Decimal = Decimal(0)
    allin_bb_per_100: float | None = None
    allin_hands: int = 0

    @property
    def net_without_showdown(self) -> Decimal:
        """The part of ``net`` won in the hands the player did not take to a showdown."""
        return self.net - self.net_showdown

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready values (amounts as strings, exactly)."""
        out = asdict(self)
        for name in ("net", "net_showdown", "allin_net"):
            out[name] = str(out[name])
        out["net_without_showdown"] = str(self.net_without_showdown)
        return out


class _Tally:
    __slots__ = ("allin_bb", "allin_net", "bb", "bb_sq", "counts", "net", "net_showdown")

    def __init__(self) -> None:
        self.counts = [0] * _SLOTS
        self.net = Decimal(0)
        self.bb = 0.0
        self.bb_sq = 0.0
        self.net_showdown = Decimal(0)
        self.allin_net = Decimal(0)
        self.allin_bb = 0.0

    def merge(self, other: _Tally) -> None:
        self.counts = [a + b for a, b in zip(self.counts, other.counts, strict=True)]
        self.net += other.net
        self.bb += other.bb
        self.bb_sq += other.bb_sq
        self.net_showdown += other.net_showdown
        self.allin_net += other.allin_net
        self.allin_bb += other.allin_bb


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _exponent(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    return exponent if isinstance(exponent, int) else 0


class Stats:
    """Statistics of every player over the hands added, kept apart by group (cash or
    tournament, unit, stakes, game: [`Group`][pokerforge.histories.groups.Group]).

    Args:
        track: players whose winnings are kept hand by hand (for
            [`winnings()`][pokerforge.histories.Stats.winnings] and
            [`plot_winnings()`][pokerforge.histories.Stats.plot_winnings]).
        where: count only the hands this filter keeps, and each player's hands at its
            position ([`HandFilter`][pokerforge.histories.filters.HandFilter]: by kind,
            unit, stakes, game, room, day, position), as the hand database's
            [`database_stats()`][pokerforge.histories.database.database_stats] does;
            ``hands`` counts the hands kept.
    """

    def __init__(self, *, track: Iterable[str] = (), where: HandFilter | None = None) -> None:
        self._tallies: dict[tuple[str, str, Group], _Tally] = {}
        # Each tracked player's hands: (group, won, taken to a showdown, all-in adjusted).
        self._track: dict[str, list[tuple[Group, Decimal, int, Decimal]]] = {
            name: [] for name in track
        }
        self._groups: dict[Any, Group] = {}  # by (spec, chip value, tournament, currency)
        self.hands = 0
        self.unknown_results = 0
        self.where = where if where else None

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
        group = self._group(record)
        where = self.where
        if where is not None and not where.keeps(record, group):
            return
        n = hand.num_seats
        flags, adjusted = hand_counts(hand)
        known = hand.result_known
        self.hands += 1
        if not known:
            self.unknown_results += 1
        positions = hand.positions
        net = hand.net
        bb = hand.spec.rate_unit
        value = hand.chip_value
        tallies = self._tallies
        players = record.players
        seats: Iterable[int] = range(n)
        if where is not None and where.position is not None:
            seats = [seat for seat in seats if positions[seat] == where.position]
        for seat in seats:
            f = flags[seat]
            name = players[seat]
            if known:
                chips = net[seat]
                won = value * chips  # exact: a Decimal times an int
                x = chips / bb
                xx = x * x
                showdown = f[_SHOWDOWNS]
                if adjusted is None:
                    allin, allin_x = won, x
                else:
                    allin = adjusted_money(adjusted[seat], value)
                    allin_x = float(adjusted[seat]) / bb
            for key in ((name, ALL, group), (name, positions[seat], group)):
                tally = tallies.get(key)
                if tally is None:
                    tally = tallies[key] = _Tally()
                tally.counts = list(map(add, tally.counts, f))  # one C loop, not a step a slot
                if known:
                    tally.net += won
                    tally.bb += x
                    tally.bb_sq += xx
                    if showdown:
                        tally.net_showdown += won
                    tally.allin_net += allin
                    tally.allin_bb += allin_x
            if known and name in self._track:
                self._track[name].append((group, won, showdown, allin))

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
        net_showdown: Decimal = Decimal(0),
        allin_net: Decimal = Decimal(0),
        allin_bb: float = 0.0,
    ) -> None:
        """Add counts gathered elsewhere (a hand database's sums) for ``player`` at
        ``position`` (``"all"`` for every position) in ``group``: ``counts`` in the order of
        `COUNTS`, the net won in the group's unit (and its part won at showdowns, and all-in
        adjusted), and the sums of the results in big blinds, of their squares and all-in
        adjusted. [`hands`][pokerforge.histories.PlayerStats.hands] and
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
        other.net_showdown, other.allin_net, other.allin_bb = net_showdown, allin_net, allin_bb
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
        quantum = Decimal(1).scaleb(min(0, _exponent(tally.net)))
        # (An expectation is no whole number of chips or cents: two places at least.)
        allin_quantum = Decimal(1).scaleb(min(-2, _exponent(tally.net)))
        street: dict[str, float | None] = {}
        for s in STREETS:
            for stat in ("cbet", "fold_to_cbet", "check_raise"):
                at = _AT[f"{stat}_{s}"]
                street[f"{stat}_{s}"] = _ratio(c[at], c[at + 1])
        aggressive = c[_AGGRESSIVE]
        return PlayerStats(
            player=name,
            position=position,
            hands=c[_HANDS],
            vpip=_ratio(c[_VPIP], c[_HANDS]),
            pfr=_ratio(c[_PFR], c[_HANDS]),
            three_bet=_ratio(c[_3B], c[_3B_CHANCES]),
            fold_to_three_bet=_ratio(c[_F3B], c[_F3B_CHANCES]),
            aggression_factor=_ratio(aggressive, c[_CALLS]),
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
            steal=_ratio(c[_AT["steal"]], c[_AT["steal_chances"]]),
            fold_to_steal=_ratio(c[_AT["fold_to_steal"]], c[_AT["fold_to_steal_chances"]]),
            aggression_frequency=_ratio(aggressive, aggressive + c[_CALLS] + c[_FOLDS]),
            won_without_showdown=_ratio(c[_AT["won_without_showdown"]], c[_SAW_FLOP]),
            net_showdown=tally.net_showdown.quantize(quantum),
            allin_net=tally.allin_net.quantize(allin_quantum),
            allin_bb_per_100=100 * tally.allin_bb / n if n else None,
            allin_hands=c[_AT["allin_adjusted"]],
            **street,
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
            "Steal",
            "FSteal",
            "Cbet",
            "FCbet",
            "XR",
            "AF",
            "AFq",
            "WTSD",
            "W$SD",
            "WoSD",
            "net",
            "allin",
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
                    _pct(r.steal),
                    _pct(r.fold_to_steal),
                    _pct(r.cbet_flop),
                    _pct(r.fold_to_cbet_flop),
                    _pct(r.check_raise_flop),
                    "-" if r.aggression_factor is None else f"{r.aggression_factor:.2f}",
                    _pct(r.aggression_frequency),
                    _pct(r.went_to_showdown),
                    _pct(r.won_at_showdown),
                    _pct(r.won_without_showdown),
                    str(r.net),
                    str(r.allin_net),
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

    def _tracked(
        self, player: str, group: Group | None
    ) -> list[tuple[Group, Decimal, int, Decimal]]:
        if player not in self._track:
            raise InvalidSpecError(
                f"{player!r} is not tracked: make the statistics with Stats(track=[{player!r}])"
            )
        results = self._track[player]
        if group is None:
            self._one_unit(player, {hand[0] for hand in results})
            return results
        return [hand for hand in results if hand[0] == group]

    def cumulative(self, player: str, group: Group | None = None) -> list[Decimal]:
        """The running total of a tracked player's winnings, hand by hand (in ``group``, or
        over all the player's hands when they count in one unit).

        Raises:
            InvalidSpecError: ``player`` is not tracked (``Stats(track=[player])``), or no
                group is named and the player's hands count in several units.
        """
        return self.winnings(player, group).net

    def winnings(self, player: str, group: Group | None = None) -> WinningsSeries:
        """A tracked player's winnings hand by hand, in the order the hands were added:
        in all, at showdown, without showdown and all-in adjusted (in ``group``, or over
        all the player's hands when they count in one unit), for a graph.

        Raises:
            InvalidSpecError: ``player`` is not tracked (``Stats(track=[player])``), or no
                group is named and the player's hands count in several units.
        """
        hands = self._tracked(player, group)
        unit = group.unit if group is not None else hands[0][0].unit if hands else "money"
        return WinningsSeries.of(player, unit, (hand[1:] for hand in hands))

    def plot_winnings(self, player: str, path: str, group: Group | None = None) -> None:
        """Write a PNG of a tracked player's winnings over hands (in ``group``): in all, at
        showdown, without showdown and all-in adjusted, as
        [`winnings()`][pokerforge.histories.Stats.winnings] gives them.

        Raises:
            InvalidSpecError: ``player`` is not tracked (``Stats(track=[player])``), or its
                hands count in several units and no group is named.
            MissingExtraError: matplotlib is not installed (``pokerforge[histories]``).
        """
        plot_winnings(self.winnings(player, group), path)

    def plot_cumulative(self, player: str, path: str, group: Group | None = None) -> None:
        """[`plot_winnings()`][pokerforge.histories.Stats.plot_winnings], by its older name."""
        self.plot_winnings(player, path, group)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"
