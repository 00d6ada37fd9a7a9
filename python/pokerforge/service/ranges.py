"""Hold'em ranges for the web calculator: the grid's classes, presets and per-class equity.

The calculator shows a range as the 13x13 starting-hand grid (pairs on the diagonal, suited
hands above it, offsuit hands below). This module turns the engine's range text into that
grid (each class's weight, and the combinations left after card removal), ranks the 169
classes by their pre-flop equity against one random hand (computed by the engine, from
the table it ships) to make the "top N%" presets, and answers an equity question class by
class for the hand-by-hand view.

Examples:
    >>> GRID_CLASSES[0], GRID_CLASSES[1], GRID_CLASSES[13], len(GRID_CLASSES)
    ('AA', 'AKs', 'AKo', 169)
    >>> info = describe_range("QQ+, AKs, 0.5(AKo)", exclude="Ah")
    >>> info["text"], info["total"], info["combos"], info["weight"]
    ('QQ+, AKs, AKo:0.5', 34, 27, 22.5)
    >>> info["classes"]["AA"], info["classes"]["AKo"]
    ({'weight': 1.0, 'live': 3.0}, {'weight': 0.5, 'live': 4.5})
    >>> describe_range("AhKh, AsKs")["classes"]["AKs"]["combos"]
    {'AhKh': 1.0, 'AsKs': 1.0}
    >>> preset(5)
    '77+, AK, AQs-AJs'
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterable
from typing import Any, Literal, cast

from pokerforge._core import Cancel
from pokerforge.cards import CardSet
from pokerforge.equity import Range, equity
from pokerforge.errors import InvalidRangeError, InvalidSpecError, PokerError
from pokerforge.games import GameName, shape_of
from pokerforge.service.work import FieldError, Job, part_seed

__all__ = [
    "GRID_CLASSES",
    "PRESET_PERCENTS",
    "class_breakdown",
    "class_size",
    "combo_name",
    "describe_range",
    "hand_class",
    "preset",
    "strength_order",
]

RANKS = "AKQJT98765432"
PRESET_PERCENTS = (5, 10, 15, 20, 25, 30, 40, 50, 75, 100)
# An exact question estimated under this is answered exactly class by class too; a larger
# one gets Monte Carlo per class (the colours need about a percent, not every runout).
_EXACT_CLASSES_SECONDS = 0.1
_ALL_COMBOS = 1326


def _grid() -> tuple[str, ...]:
    classes = []
    for row, high in enumerate(RANKS):
        for col, low in enumerate(RANKS):
            if row == col:
                classes.append(high + low)
            elif row < col:
                classes.append(high + low + "s")
            else:
                classes.append(low + high + "o")
    return tuple(classes)


GRID_CLASSES = _grid()
"""The 169 starting-hand classes row by row as the grid shows them (``AA``, ``AKs``, ...)."""


def class_size(name: str) -> int:
    """The number of combinations in a class: 6 (pair), 4 (suited) or 12 (offsuit).

    Examples:
        >>> class_size("TT"), class_size("T9s"), class_size("T9o")
        (6, 4, 12)
    """
    return 6 if len(name) == 2 else 4 if name.endswith("s") else 12


def hand_class(combo: CardSet) -> str:
    """The class of a two-card combo.

    Examples:
        >>> hand_class(CardSet("Kh Ah")), hand_class(CardSet("7c7d")), hand_class(CardSet("2s9d"))
        ('AKs', '77', '92o')
    """
    first, second = sorted((str(card) for card in combo), key=lambda c: RANKS.index(c[0]))
    if first[0] == second[0]:
        return first[0] + second[0]
    return first[0] + second[0] + ("s" if first[1] == second[1] else "o")


def combo_name(combo: CardSet) -> str:
    """A two-card combo as the grid's suit picker names it: the higher rank first, a pair's
    suits in the order s, h, d, c.

    Examples:
        >>> combo_name(CardSet("Kh Ah")), combo_name(CardSet("7c 7s")), combo_name(CardSet("2s9d"))
        ('AhKh', '7s7c', '9d2s')
    """
    cards = sorted(
        (str(card) for card in combo), key=lambda c: (RANKS.index(c[0]), "shdc".index(c[1]))
    )
    return "".join(cards)


def _range(field: str, text: str) -> Range:
    try:
        return Range(text)
    except PokerError as err:
        raise FieldError(field, str(err)) from None


def _cards(field: str, text: str) -> CardSet:
    try:
        return CardSet(text)
    except PokerError as err:
        raise FieldError(field, str(err)) from None


def describe_range(text: str, exclude: str = "") -> dict[str, Any]:
    """A range as the grid shows it, with its combinations after card removal.

    Args:
        text: The range in the engine's syntax (``"QQ+, AKs, 0.5(AKo)"``).
        exclude: Cards out of the range's reach: other players' known hands, the board
            and dead cards.

    Returns:
        ``text`` (the engine's canonical form), ``total`` (combinations in the range),
        ``combos`` (combinations left after removing ``exclude``), ``weight`` (their summed
        weights) and ``classes``: for each class in the range, ``weight`` (the mean weight
        over the class's combinations, so one suited combo of four at weight 1 is 0.25) and
        ``live`` (the summed weight of its combinations left after card removal), and
        for a class only part of which is in the range, or whose combinations' weights
        differ, ``combos``: each combination's weight by `combo_name()`.

    Raises:
        FieldError: ``range`` when the text does not parse, ``exclude`` for bad cards.
    """
    rng = _range("range", text)
    removed = _cards("exclude", exclude)
    classes: dict[str, dict[str, Any]] = {}
    members: dict[str, dict[str, float]] = {}
    combos = 0
    live_weight = 0.0
    for combo, weight in rng.combos:
        name = hand_class(combo)
        entry = classes.setdefault(name, {"weight": 0.0, "live": 0.0})
        entry["weight"] += weight / class_size(name)
        members.setdefault(name, {})[combo_name(combo)] = round(weight, 6)
        if combo.isdisjoint(removed):
            entry["live"] += weight
            combos += 1
            live_weight += weight
    for name, entry in classes.items():
        entry["weight"] = round(entry["weight"], 6)
        entry["live"] = round(entry["live"], 6)
        # A class with only some of its combinations, or with differing weights, says
        # which: the grid's suit picker shows them.
        weights = members[name]
        if len(weights) < class_size(name) or len(set(weights.values())) > 1:
            entry["combos"] = weights
    return {
        "text": str(rng),
        "total": len(rng),
        "combos": combos,
        "weight": round(live_weight, 6),
        "classes": classes,
    }


@functools.cache
def strength_order() -> tuple[tuple[str, float], ...]:
    """The 169 classes from strongest to weakest, by equity against one random hand.

    The engine answers each class against ``"random"`` exactly (from the table of every
    starting hand it ships), so this takes a few milliseconds once.

    Examples:
        >>> order = strength_order()
        >>> order[0][0], order[-1][0], round(order[0][1], 4)
        ('AA', '32o', 0.852)
    """
    rows = [(name, equity([name, "random"], threads=1).players[0].equity) for name in GRID_CLASSES]
    rows.sort(key=lambda row: -row[1])
    return tuple(rows)


def preset(percent: float) -> str:
    """The top ``percent`` of starting hands (by combinations) as range text: the range
    syntax's ``"15%"`` (the same ordering as `strength_order()`), in the engine's
    canonical form; at least the strongest class.

    Raises:
        FieldError: ``percent`` outside (0, 100].
    """
    if not 0 < percent <= 100:
        raise FieldError("percent", f"{percent:g} is not a share of hands: expected 0 to 100")
    share = max(percent, 100 * class_size(strength_order()[0][0]) / _ALL_COMBOS)
    return str(Range(f"{share!r}%"))


def _is_range(text: str) -> bool:
    if text == "random":
        return False
    try:
        CardSet(text)
    except PokerError:
        return True
    return False


def _class_text(combos: Iterable[tuple[CardSet, float]]) -> str:
    """Explicit combos with their weights (``AhKh:1``: a range, never a list of cards)."""
    return ", ".join(f"{combo}:{w:.6g}" for combo, w in combos)


def class_breakdown(
    job: Job,
    *,
    board: str,
    dead: str,
    seed: int | None,
    samples: int,
    cancel: Cancel | None = None,
) -> tuple[list[dict[str, float] | None], str, bool]:
    """Each range player's equity class by class, for the same question as ``job``.

    For every player given as a range, each class of that range with combinations left
    after card removal (the plan has checked that some are) is asked on its own against
    the same opponents, board and dead cards, within the job's time. When
    ``job`` is exact and cheap (estimated at most 0.1 s) each class is asked with
    ``"auto"``: exact, since the classes partition the range and their work adds up to
    about that of the whole question, with the core's Monte Carlo fallback at the
    deadline. Otherwise the classes share ``samples`` Monte Carlo samples equally (at least
    2,000 each), so the view of a large question costs a fraction of the question itself.
    Each class gets an equal share of the time still left when it starts (a class that
    ends early leaves its time to the rest), and a class that counted no deal at all
    within its share (its thread waited for a core on a busy machine) is asked again with
    a share of what is left, until the job's time is spent; the classes not reached by
    then are left out (many classes of crowded ranges cannot all be counted in the time).

    Args:
        job: A checked request (`pokerforge.service.work.plan_equity()`).
        board: Its board cards.
        dead: Its dead cards.
        seed: The Monte Carlo seed; class ``k`` uses `part_seed()` (``seed + k``
            modulo 2**64), so every seed of the service's range replays exactly.
        samples: Monte Carlo samples for all the classes together.
        cancel: Stops the work between classes once cancelled (the client went away;
            what was computed is then incomplete and not meant to be answered).

    Returns:
        One entry per player (class -> equity for a range player, ``None`` for a known
        hand or ``"random"``), the method used for the classes: ``"exact"`` (``"auto"``
        as above, every class counted exactly) or ``"monte-carlo"``, and whether every
        class was counted within the time.

    Examples:
        >>> from pokerforge.service.work import Limits, plan_equity
        >>> job = plan_equity(["AA, KK", "QsQh"], board="", dead="", game="holdem",
        ...                   method="exact", samples=None, time_limit=None, limits=Limits())
        >>> rows, method, complete = class_breakdown(
        ...     job, board="", dead="", seed=None, samples=100_000)
        >>> sorted((name, round(eq, 4)) for name, eq in rows[0].items()), rows[1], method
        ([('AA', 0.8155), ('KK', 0.8193)], None, 'exact')
        >>> complete
        True
    """
    known = CardSet(board) | CardSet(dead)
    # The cards below the deck's lowest rank (short deck's twos to fives) are none of its.
    below = "23456789TJQKA".index(shape_of(job.game).lowest_rank)
    known |= CardSet.from_mask((1 << 4 * below) - 1)
    for text in job.players:
        if text != "random" and not _is_range(text):
            known |= CardSet(text)
    work: list[tuple[int, str, str]] = []
    found: dict[int, dict[str, float]] = {}
    for index, text in enumerate(job.players):
        if not shape_of(job.game).ranges or not _is_range(text):
            continue
        found[index] = {}
        groups: dict[str, list[tuple[CardSet, float]]] = {}
        for combo, weight in Range(text).without(known).combos:
            groups.setdefault(hand_class(combo), []).append((combo, weight))
        work.extend((index, name, _class_text(combos)) for name, combos in groups.items())
    share = max(len(work), 1)
    exact = job.method == "exact" and job.cost <= _EXACT_CLASSES_SECONDS
    each = None if exact else max(2_000, samples // share)
    method: Literal["auto", "monte-carlo"] = "auto" if exact else "monte-carlo"
    deadline = time.monotonic() + job.time_limit
    complete = True
    for k, (index, name, text) in enumerate(work):
        if cancel is not None and cancel.cancelled:
            break
        players = list(job.players)
        players[index] = text
        result = None
        undealable = False
        while result is None:
            left = deadline - time.monotonic()
            try:
                result = equity(
                    players,
                    board or None,
                    dead or None,
                    game=cast("GameName", job.game),
                    method=method,
                    trips_beat_straight=job.trips_beat_straight,
                    samples=each,
                    seed=None if seed is None else part_seed(seed, k),
                    # Past the deadline, a token limit: the core then reports the time
                    # as spent with no deal counted.
                    time_limit=max(left, 1e-6) / (len(work) - k),
                    threads=1,
                )
            except InvalidRangeError:
                # This class cannot be dealt beside the other players' hands (they need
                # its cards): it has no equity and is left out (it was once a 500).
                undealable = True
                break
            except InvalidSpecError as error:
                if getattr(error, "location", None) != "time_limit":
                    raise
                if left <= 0:
                    break
        if undealable:
            continue
        if result is None:
            # The time is spent: the classes not reached are left out of the answer.
            complete = False
            break
        found[index][name] = result.players[index].equity
        exact = exact and result.exact  # a class past its deadline was sampled
    rows = [found.get(index) for index in range(len(job.players))]
    return rows, "exact" if exact else "monte-carlo", complete
