"""The hand database's rows as Arrow tables: those of the hands the game layer replayed
(columns of Python values, `Columns`) and those of the hands the core's fast replay read
(``pokerforge._core.rooms_import``: columns as NumPy arrays and lists, completed here
with what the rows take from this package's own definitions: a hand's group, its
currency's code, its time as a timestamp, the all-in adjusted results)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from pokerforge.extras import require
from pokerforge.game.phh.reading import unit_of
from pokerforge.histories.allin import adjusted_results
from pokerforge.histories.counts import COUNTS
from pokerforge.histories.groups import Group, currency_code, group_parts, stakes_of
from pokerforge.histories.hand_rows import (
    ACTIONS,
    HANDS,
    PLAYERS,
    SCALE,
    money_columns,
    played_at,
)
from pokerforge.histories.stats import adjusted_money

__all__ = ["arrow_table", "arrow_type", "fast_tables"]

_MILLION = Decimal(10**SCALE)
_INTS = frozenset(("places", "players", "seat", "seq", *COUNTS))
_ALLIN = COUNTS.index("allin_adjusted")


def arrow_type(pa: Any, name: str) -> Any:
    """The Arrow type of a column other than an amount's (a column with no value in a
    batch would otherwise have none)."""
    if name in _INTS:
        return pa.int64()
    if name == "played_at":
        return pa.timestamp("us")
    if name in ("net_bb", "allin_bb"):
        return pa.float64()
    if name in ("result_known", "all_in"):
        return pa.bool_()
    return pa.string()


def _array(pa: Any, cells: Any, kind: Any) -> Any:
    """A column as an Arrow array: a list of values, a NumPy array, or ``(values,
    mask)`` (the mask true where there is no value)."""
    if isinstance(cells, tuple):
        values, mask = cells
        return pa.array(values, mask=mask, type=kind)
    return pa.array(cells, type=kind)


def arrow_table(columns: dict[str, Any], names: tuple[str, ...]) -> Any:
    """The columns as an Arrow table: amounts (integers of millionths) as exact decimals,
    their 128-bit words laid out directly (building decimals from Python objects one by
    one cost more than the rest of the import's writing)."""
    import numpy as np  # noqa: PLC0415

    pa = require("pyarrow", "db", "the Parquet export")

    arrays = []
    for name, money in zip(names, money_columns(names), strict=True):
        cells = columns[name]
        if money:
            ints = _array(pa, cells, pa.int64())
            low = np.asarray(ints.fill_null(0), dtype=np.int64)
            words = np.empty((len(low), 2), dtype=np.int64)
            words[:, 0] = low
            words[:, 1] = low >> 63  # the sign, carried into the high word
            arrays.append(
                pa.Array.from_buffers(
                    pa.decimal128(18, SCALE),
                    len(low),
                    [ints.buffers()[0], pa.py_buffer(words)],
                    null_count=ints.null_count,
                )
            )
        else:
            arrays.append(_array(pa, cells, arrow_type(pa, name)))
    return pa.Table.from_arrays(arrays, names=list(names))


_GROUPS: dict[tuple[Any, ...], Group] = {}
_CURRENCIES: dict[str, str | None] = {}


def _group(tournament: str | None, written: str, betting: str, limits: Any, places: int) -> Group:
    """A fast hand's group (kept for the next hand of the same game)."""
    key = (bool(tournament), written, betting, limits, places)
    group = _GROUPS.get(key)
    if group is None:
        small, big, small_bet, big_bet = limits
        bets = (small_bet, big_bet) if betting == "fixed-limit" else (None, None)
        group = _GROUPS[key] = group_parts(
            bool(tournament),
            currency_code(written),
            f"{betting} holdem",
            lambda: stakes_of(betting, (small, big), bets, 0, unit_of(places)),
        )
    return group


def _currency(written: str) -> str | None:
    code = _CURRENCIES.get(written)
    if code is None and written not in _CURRENCIES:
        code = _CURRENCIES[written] = currency_code(written)
    return code


def _allin(fast: dict[str, Any], players: dict[str, Any]) -> None:
    """The all-in adjusted results of the hands whose betting ended before the board was
    complete (the rest keep their results)."""
    import numpy as np  # noqa: PLC0415

    net, mask = players["net"]
    allin_net = np.array(net)
    net_bb, bb_mask = players["net_bb"]
    allin_bb = np.array(net_bb)
    places = fast["hands"]["places"]
    limits = fast["hands"]["limits"]
    counts = players["allin_adjusted"]
    for hand, first, folded, holes, board, pots, payouts, result in fast["allin"]:
        adjusted = adjusted_results(
            "holdem", None, folded, holes, pots, payouts, result, tuple(board)
        )
        if adjusted is None:
            continue
        value = unit_of(int(places[hand]))
        rate = limits[hand][1]
        for seat, x in enumerate(adjusted):
            allin_net[first + seat] = int(adjusted_money(x, value) * _MILLION)
            allin_bb[first + seat] = float(x) / rate
            if not folded[seat]:
                counts[first + seat] = 1
    players["allin_net"] = (allin_net, mask)
    players["allin_bb"] = (allin_bb, bb_mask)


def _rows_kept(count: Sequence[int], kept: list[int], total: int) -> Any:
    """A mask of the rows of the hands ``kept`` of ``total`` (each ``count`` rows)."""
    import numpy as np  # noqa: PLC0415

    hands = np.zeros(total, dtype=bool)
    hands[kept] = True
    return np.repeat(hands, count)


def fast_tables(fast: dict[str, Any], kept: list[int], source: str) -> list[Any]:
    """The Arrow tables (hands, players, actions) of the hands ``kept`` (their indices)
    of a file's hands the core replayed, read from the file ``source``."""
    hands = dict(fast["hands"])
    total = len(hands["hand"])
    groups = [
        _group(t, w, b, lim, int(p))
        for t, w, b, lim, p in zip(
            hands["tournament"],
            hands["currency_written"],
            hands["betting"],
            hands["limits"],
            hands["places"],
            strict=True,
        )
    ]
    hands["kind"] = [g.kind for g in groups]
    hands["unit"] = [g.unit for g in groups]
    hands["stakes"] = [g.stakes for g in groups]
    hands["game"] = ["holdem"] * total
    hands["currency"] = [_currency(w) for w in hands["currency_written"]]
    hands["played_at"] = [played_at(t) for t in hands["time_text"]]
    hands["source"] = [source] * total
    # The core replays no hand with chips the room added (their note is the game layer's).
    hands["added"] = [0] * total
    players = dict(fast["players"])
    _allin(fast, players)
    tables = [
        arrow_table(hands, HANDS),
        arrow_table(players, PLAYERS),
        arrow_table(fast["actions"], ACTIONS),
    ]
    if len(kept) == total:
        return tables
    return [
        tables[0].filter(_rows_kept([1] * total, kept, total)),
        tables[1].filter(_rows_kept(fast["player_rows"], kept, total)),
        tables[2].filter(_rows_kept(fast["action_rows"], kept, total)),
    ]
