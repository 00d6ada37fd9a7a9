"""Robustness: junk thrown at every public entry point of the Rust extension.

Each call must either succeed or raise a :class:`pokerforge.PokerError` subclass. A
``TypeError`` is accepted only where the argument's type is plainly wrong for a typed
parameter; which types count as "right" is decided per parameter by the ``*_TYPED``
predicates below. Anything else (pyo3's ``PanicException``, ``SystemError``,
``OverflowError``, ``UnicodeError``, ``IndexError``, ...) fails the test. A call that raises
must leave the objects it was given unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pokerforge as pf
from pokerforge import Card, CardSet, Deck, HandRank, LowRank, PokerError, Range

# The extension is one abi3 binary and the junk is plain Python objects: the same on every
# Python, on 3.11 only in the test command.
pytestmark = pytest.mark.slow

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --- what counts as a right type for each kind of parameter ---------------------------------


def _is_int(value: object) -> bool:
    # int parameters (index, mask, n, seed, threads, samples, class): an int, as the stubs say.
    return isinstance(value, int)


def _is_float(value: object) -> bool:
    # float parameters (time_limit, target_stderr): int or float, as Python's typing allows.
    return isinstance(value, int | float) or hasattr(type(value), "__float__")


def _is_cards_like(value: object) -> bool:
    # str | Card | CardSet | int | Iterable[Card | SupportsIndex | str]; bytes is an
    # iterable of ints, so it is in-type and must give a result or a PokerError.
    if isinstance(value, str | Card | CardSet) or _is_int(value):
        return True
    if isinstance(value, bytes | list | tuple | set | frozenset):
        return all(isinstance(v, str | Card) or _is_int(v) for v in value)
    return False


def _opt(pred: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda value: value is None or pred(value)


INT_TYPED = _is_int
OPT_INT_TYPED = _opt(_is_int)
OPT_FLOAT_TYPED = _opt(_is_float)
CARDS_TYPED = _is_cards_like
OPT_CARDS_TYPED = _opt(_is_cards_like)


def _is_str(value: object) -> bool:
    return isinstance(value, str)


def _is_bool(value: object) -> bool:
    # check= is a bool parameter: pyo3 refuses ints and None with a TypeError, as it may.
    return isinstance(value, bool)


def _is_array(value: object) -> bool:
    # Array parameters: any value may come; a non-array must be an InvalidArrayError, but a
    # plainly wrong type (not an array at all) may also be a TypeError.
    return isinstance(value, np.ndarray)


def attempt(
    fn: Callable[..., Any], *args: Any, typed: dict[str, bool] | None = None, **kwargs: Any
) -> tuple[bool, Any]:
    """Call ``fn``; return ``(True, result)`` or ``(False, error)`` for an allowed error.

    ``typed`` maps each argument's name to whether its value has the parameter's type; a
    ``TypeError`` is allowed only when some argument does not.
    """
    try:
        return True, fn(*args, **kwargs)
    except PokerError as err:
        assert str(err), f"{fn.__name__}: empty message"
        return False, err
    except TypeError as err:
        wrong = [name for name, ok in (typed or {}).items() if not ok]
        assert wrong, f"{fn.__name__}{args!r} {kwargs!r}: TypeError with right types: {err!r}"
        return False, err
    except BaseException as err:  # PanicException is a BaseException: report it.
        raise AssertionError(
            f"{fn.__name__}{args!r} {kwargs!r} raised {type(err).__module__}."
            f"{type(err).__qualname__}: {err!r}"
        ) from err


# --- strategies -----------------------------------------------------------------------------

CARD_CHARS = "23456789TJQKAcdhsx0 ,-+:()."
card_text = st.text(alphabet=CARD_CHARS, max_size=20)
junk_text = st.one_of(
    card_text,
    st.text(max_size=30),  # arbitrary unicode, including lone surrogates
    st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), max_size=3),
    st.builds(lambda s, k: s * k, card_text, st.integers(0, 5000)),  # very long
)
big_ints = st.one_of(
    st.integers(-5, 60),
    st.integers(-(2**70), 2**70),
    st.sampled_from([2**31, 2**32, 2**52 - 1, 2**52, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63)]),
)
# Any text for game=/method=, lone surrogates included (they once raised UnicodeEncodeError).
spec_text = st.text(max_size=20)
floats = st.floats(allow_nan=True, allow_infinity=True)


class Weird:
    """An object no parameter expects."""

    def __repr__(self) -> str:
        return "Weird()"


scalars = st.one_of(
    st.none(),
    st.booleans(),
    big_ints,
    floats,
    junk_text,
    st.binary(max_size=8),
    st.builds(Weird),
    st.builds(Card.from_index, st.integers(0, 51)),
    st.builds(CardSet.from_mask, st.integers(0, 2**52 - 1)),
)
junk = st.one_of(
    scalars,
    st.lists(st.one_of(st.integers(-3, 60), big_ints, card_text, st.none(), floats), max_size=9),
    st.tuples(scalars, scalars),
)
cards_like = st.one_of(
    card_text,
    st.lists(st.integers(0, 51), max_size=8),
    st.lists(st.integers(-(2**70), 2**70), max_size=3),
    st.integers(0, 2**52 - 1),
    junk,
)


def snapshot(obj: object) -> object:
    """What a failed call must not change."""
    if isinstance(obj, CardSet):
        return ("cs", obj.mask)
    if isinstance(obj, Deck):
        return ("deck", obj.remaining, [c.index for c in obj.undealt], obj.dealt)
    if isinstance(obj, Range):
        return ("range", str(obj), obj.combos)
    if isinstance(obj, np.ndarray):
        return ("arr", obj.dtype, obj.shape, obj.tobytes())
    if isinstance(obj, list):
        return ("list", [snapshot(v) for v in obj])
    return ("other", id(obj))


# --- cards ----------------------------------------------------------------------------------


@FUZZ
@given(junk)
def test_card_constructor(value: object) -> None:
    # Card(card: str | Card): anything else is a plainly wrong type.
    ok, result = attempt(Card, value, typed={"card": isinstance(value, str | Card)})
    if ok:
        assert isinstance(result, Card)
        assert 0 <= result.index < 52


@FUZZ
@given(st.one_of(big_ints, junk))
def test_card_from_index(value: object) -> None:
    ok, result = attempt(Card.from_index, value, typed={"index": INT_TYPED(value)})
    if ok:
        assert result.index == int(value)  # type: ignore[call-overload]


@FUZZ
@given(st.one_of(cards_like, st.none()))
def test_cardset_constructor(value: object) -> None:
    ok, result = attempt(CardSet, value, typed={"cards": OPT_CARDS_TYPED(value)})
    if ok:
        assert 0 <= result.mask < 2**52


@FUZZ
@given(st.one_of(big_ints, junk))
def test_cardset_from_mask(value: object) -> None:
    ok, result = attempt(CardSet.from_mask, value, typed={"mask": INT_TYPED(value)})
    if ok:
        assert result.mask == int(value)  # type: ignore[call-overload]


OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "or": lambda a, b: a | b,
    "ror": lambda a, b: b | a,
    "and": lambda a, b: a & b,
    "rand": lambda a, b: b & a,
    "xor": lambda a, b: a ^ b,
    "rxor": lambda a, b: b ^ a,
    "sub": lambda a, b: a - b,
    "rsub": lambda a, b: b - a,
    "isdisjoint": lambda a, b: a.isdisjoint(b),
    "issubset": lambda a, b: a.issubset(b),
    "issuperset": lambda a, b: a.issuperset(b),
    "contains": lambda a, b: b in a,
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
}


@FUZZ
@given(st.integers(0, 2**52 - 1), st.sampled_from(sorted(OPERATORS)), cards_like)
def test_cardset_operators(mask: int, op: str, other: object) -> None:
    cs = CardSet.from_mask(mask)
    before = snapshot(other)

    def call(a: CardSet, b: object) -> object:
        return OPERATORS[op](a, b)

    call.__name__ = f"CardSet.{op}"
    # For the binary operators a wrong operand type gives NotImplemented, hence TypeError.
    ok, result = attempt(call, cs, other, typed={"other": CARDS_TYPED(other)})
    assert cs.mask == mask
    assert snapshot(other) == before
    if ok and isinstance(result, CardSet):
        assert 0 <= result.mask < 2**52
    assert (~cs).mask == (2**52 - 1) ^ mask


# --- deck -----------------------------------------------------------------------------------


@FUZZ
@given(st.one_of(st.none(), big_ints, junk), st.one_of(st.none(), cards_like))
def test_deck_constructor(seed: object, dead: object) -> None:
    before = snapshot(dead)
    ok, result = attempt(
        Deck, seed, dead=dead, typed={"seed": OPT_INT_TYPED(seed), "dead": OPT_CARDS_TYPED(dead)}
    )
    assert snapshot(dead) == before
    if ok:
        assert 0 <= result.remaining <= 52
        assert len(result.undealt) == result.remaining


@FUZZ
@given(cards_like)
def test_deck_from_cards(cards: object) -> None:
    ok, result = attempt(Deck.from_cards, cards, typed={"cards": CARDS_TYPED(cards)})
    if ok:
        assert 0 <= result.remaining <= 52


@FUZZ
@given(
    st.integers(0, 2**64 - 1),
    st.integers(0, 52),
    st.lists(st.one_of(big_ints, junk), min_size=1, max_size=4),
)
def test_deck_deal(seed: int, first: int, ns: list[object]) -> None:
    deck = Deck(seed)
    deck.deal(first)
    for n in ns:
        before = snapshot(deck)
        ok, result = attempt(deck.deal, n, typed={"n": INT_TYPED(n)})
        if ok:
            assert len(result) == int(n)  # type: ignore[call-overload]
            assert deck.remaining == before[1] - int(n)  # type: ignore[index, call-overload]
        else:
            assert snapshot(deck) == before, f"deal({n!r}) failed but changed the deck"
    # burn on an empty deck must also be a PokerError and change nothing.
    deck.deal(deck.remaining)
    before = snapshot(deck)
    ok, _ = attempt(deck.burn)
    assert not ok
    assert snapshot(deck) == before


# --- evaluators -----------------------------------------------------------------------------


@FUZZ
@given(cards_like)
def test_evaluate(cards: object) -> None:
    before = snapshot(cards)
    ok, result = attempt(pf.evaluate, cards, typed={"cards": CARDS_TYPED(cards)})
    assert snapshot(cards) == before
    if ok:
        assert 1 <= int(result) <= 7462


@FUZZ
@given(st.one_of(big_ints, junk))
def test_handrank_lowrank(value: object) -> None:
    ok, result = attempt(HandRank, value, typed={"class_": INT_TYPED(value)})
    if ok:
        assert 1 <= int(result) <= 7462
        assert result.describe()
    ok, result = attempt(LowRank, value, typed={"class_": INT_TYPED(value)})
    if ok:
        assert 1 <= int(result) <= 56
        assert result.describe()


@FUZZ
@given(cards_like, cards_like, st.sampled_from(["", "_low", "_hilo"]))
def test_evaluate_omaha(hole: object, board: object, kind: str) -> None:
    fn = getattr(pf, f"evaluate_omaha{kind}")
    typed = {"hole": CARDS_TYPED(hole), "board": CARDS_TYPED(board)}
    attempt(fn, hole, board, typed=typed)


@FUZZ
@given(cards_like, st.one_of(st.booleans(), junk))
def test_evaluate_short_deck_and_low_a5(cards: object, trips: object) -> None:
    before = snapshot(cards)
    typed = {"cards": CARDS_TYPED(cards), "trips_beat_straight": _is_bool(trips)}
    ok, result = attempt(pf.evaluate_short_deck, cards, trips_beat_straight=trips, typed=typed)
    if ok:
        assert 1 <= int(result) <= 1404 and result.describe()
    ok, result = attempt(pf.evaluate_low_a5, cards, typed={"cards": CARDS_TYPED(cards)})
    if ok:
        assert 1 <= int(result) <= 6175 and result.describe()
    # The draw games' lows take the same cards-like input.
    for fn, top in ((pf.evaluate_low_27, 7462), (pf.evaluate_badugi, 1092)):
        ok, result = attempt(fn, cards, typed={"cards": CARDS_TYPED(cards)})
        if ok:
            assert 1 <= int(result) <= top and result.describe()
    assert snapshot(cards) == before


@FUZZ
@given(st.one_of(big_ints, junk), st.one_of(st.booleans(), junk))
def test_short_deck_rank_a5_low_rank(value: object, trips: object) -> None:
    typed = {"class_": INT_TYPED(value), "trips_beat_straight": _is_bool(trips)}
    ok, result = attempt(pf.ShortDeckRank, value, trips, typed=typed)
    if ok:
        assert 1 <= int(result) <= 1404 and result.describe()
    for cls, top in ((pf.A5LowRank, 6175), (pf.Low27Rank, 7462), (pf.BadugiRank, 1092)):
        ok, result = attempt(cls, value, typed={"class_": INT_TYPED(value)})
        if ok:
            assert 1 <= int(result) <= top and result.describe()


DTYPES = [np.uint8, np.int8, np.uint16, np.int32, np.int64, np.float32, np.float64, np.bool_]


@st.composite
def arrays(draw: st.DrawFn, widths: tuple[int, ...]) -> object:
    """Mostly uint8 2-d arrays of plausible widths, sometimes anything else."""
    choice = draw(st.integers(0, 9))
    if choice == 0:
        return draw(junk)
    dtype = np.uint8 if choice < 7 else draw(st.sampled_from(DTYPES))
    ndim = 2 if choice < 8 else draw(st.integers(0, 3))
    rows = draw(st.integers(0, 6))
    width = draw(st.sampled_from([*widths, 0, 1, 3, 8, 9]))
    shape = (rows, width)[:ndim] if ndim <= 2 else (rows, width, draw(st.integers(0, 2)))
    size = math.prod(shape)
    valid = draw(st.booleans())
    if valid and size <= 52:
        values = draw(st.permutations(range(52)))[:size]
    else:
        values = draw(st.lists(st.integers(0, 255), min_size=size, max_size=size))
    arr = np.array(values, dtype=np.uint8).reshape(shape).astype(dtype)
    if draw(st.booleans()) and arr.ndim == 2 and arr.shape[1] > 0:
        # a non-contiguous view
        arr = np.repeat(arr, 2, axis=1)[:, ::2]
    if draw(st.booleans()) and arr.ndim == 2:
        arr = np.asfortranarray(arr)
    return arr


threads_values = st.one_of(st.none(), st.integers(-2, 4), big_ints, junk)


@FUZZ
@given(arrays((5, 6, 7)), threads_values, st.one_of(st.booleans(), junk))
def test_evaluate_many(cards: object, threads: object, check: object) -> None:
    before = snapshot(cards)
    typed = {
        "cards": _is_array(cards),
        "threads": OPT_INT_TYPED(threads),
        "check": _is_bool(check),
    }
    ok, result = attempt(pf.evaluate_many, cards, threads=threads, check=check, typed=typed)
    assert snapshot(cards) == before
    if ok:
        assert isinstance(cards, np.ndarray)
        assert result.shape == (cards.shape[0],)
        if check:
            assert ((result >= 1) & (result <= 7462)).all()


@FUZZ
@given(
    arrays((4, 5, 6, 7)),
    threads_values,
    st.one_of(st.booleans(), junk),
    st.sampled_from(["short_deck", "low_a5", "low_27", "badugi"]),
)
def test_evaluate_short_deck_and_low_a5_many(
    cards: object, threads: object, check: object, kind: str
) -> None:
    fn = getattr(pf, f"evaluate_{kind}_many")
    before = snapshot(cards)
    typed = {
        "cards": _is_array(cards),
        "threads": OPT_INT_TYPED(threads),
        "check": _is_bool(check),
    }
    ok, result = attempt(fn, cards, threads=threads, check=check, typed=typed)
    assert snapshot(cards) == before
    if ok:
        assert isinstance(cards, np.ndarray)
        assert result.shape == (cards.shape[0],)
        if check:
            top = {"short_deck": 1404, "low_a5": 6175, "low_27": 7462, "badugi": 1092}[kind]
            assert ((result >= 1) & (result <= top)).all()


@FUZZ
@given(
    arrays((4, 5, 6)),
    arrays((3, 4, 5)),
    threads_values,
    st.sampled_from(["", "_low", "_hilo"]),
    st.one_of(st.booleans(), junk),
)
def test_evaluate_omaha_many(
    hole: object, board: object, threads: object, kind: str, check: object
) -> None:
    fn = getattr(pf, f"evaluate_omaha{kind}_many")
    before = (snapshot(hole), snapshot(board))
    typed = {
        "hole": _is_array(hole),
        "board": _is_array(board),
        "threads": OPT_INT_TYPED(threads),
        "check": _is_bool(check),
    }
    ok, result = attempt(fn, hole, board, threads=threads, check=check, typed=typed)
    assert (snapshot(hole), snapshot(board)) == before
    if ok:
        assert isinstance(hole, np.ndarray)
        first = result[0] if kind == "_hilo" else result
        assert first.shape == (hole.shape[0],)


# --- ranges ---------------------------------------------------------------------------------

RANGE_ATOMS = [
    "AA", "KK", "AKs", "AKo", "T9s", "22+", "A2s+", "KQo-KTo", "AhKh", "random", "1e309(AA)",
    "nan(AA)", "-1(AA)", "inf(AA)", "0(AA)", "0.5(AA)", "1(AA)", "2(AA)", "AA:0.5", "AA:nan",
    "AA:1e309", "AA:-1", "AA:inf", "AA:1e-400", "0.1234567890123456789(KK)", "(", ")", ",",
    "-", "+", ":", "AA-", "-AA", "XX", "99-22", "22-99", "A5s-A2s", "\ud800", "\U0001f0a1",
    "é", " ", "\x00",
]  # fmt: skip
range_text = st.one_of(
    junk_text,
    st.lists(st.sampled_from(RANGE_ATOMS), max_size=6).map("".join),
    st.lists(st.sampled_from(RANGE_ATOMS), max_size=6).map(",".join),
    st.builds(lambda s, k: ",".join([s] * k), st.sampled_from(RANGE_ATOMS), st.integers(0, 3000)),
)


@FUZZ
@given(st.one_of(range_text, junk))
def test_range_text(text: object) -> None:
    ok, result = attempt(Range, text, typed={"text": isinstance(text, str)})
    if ok:
        assert result.total_weight >= 0
        assert not math.isnan(result.total_weight)
        for combo, weight in result.combos:
            assert len(combo) == 2
            assert 0 <= weight <= 1


@FUZZ
@given(st.sampled_from(["AA, KK, AKs", "22+, A2s+:0.5", "AhKh"]), cards_like)
def test_range_methods(text: str, other: object) -> None:
    rng = Range(text)
    before = snapshot(rng)
    other_before = snapshot(other)
    attempt(rng.weight, other, typed={"combo": CARDS_TYPED(other)})
    attempt(rng.without, other, typed={"dead": CARDS_TYPED(other)})
    try:
        _ = other in rng
    except BaseException as err:  # __contains__ on junk: False, a PokerError or TypeError
        assert isinstance(err, PokerError | TypeError), repr(err)
    assert snapshot(rng) == before
    assert snapshot(other) == other_before


# --- equity ---------------------------------------------------------------------------------


def _no_str(value: object) -> bool:
    return not isinstance(value, str)


player = st.one_of(
    st.sampled_from(["AhKh", "QsQd", "random", "AA, KK", "22+", "7c2d", "AsKsQsJs", "AhAh"]),
    st.builds(Range, st.sampled_from(["AKs", "QQ+"])),
    st.none(),
    cards_like,
)
players = st.one_of(
    st.lists(player, min_size=0, max_size=4),
    st.lists(st.just("random"), min_size=9, max_size=12),
    junk,
)


@FUZZ
@given(
    st.fixed_dictionaries(
        {
            "players": players,
            "board": st.one_of(
                st.none(), st.sampled_from(["", "2c3d4h", "2c3d4h5s", "2c3d4h5s6c"]), junk
            ),
            "dead": st.one_of(st.none(), st.sampled_from(["", "Ad", "AhKh"]), cards_like),
            "game": st.one_of(
                scalars.filter(_no_str),
                st.sampled_from(["holdem", "omaha", "omaha-hilo", "stud", "stud-hilo", "razz"]),
                spec_text,
                card_text,
            ),
            "samples": st.one_of(st.integers(-2, 2000), st.none(), big_ints, junk),
            "seed": st.one_of(st.none(), st.integers(0, 2**64 - 1), big_ints, junk),
            "time_limit": st.one_of(st.floats(-1, 0.05), floats, st.none(), junk),
            "target_stderr": st.one_of(st.none(), st.floats(-1, 1), floats, junk),
            "threads": st.one_of(st.none(), st.integers(-1, 2), big_ints, junk),
            "method": st.one_of(
                st.just("monte-carlo"), spec_text, card_text, scalars.filter(_no_str)
            ),
        }
    )
)
def test_equity(args: dict[str, Any]) -> None:
    players, board, dead = args["players"], args["board"], args["dead"]
    game, method, samples = args["game"], args["method"], args["samples"]
    seed, threads = args["seed"], args["threads"]
    time_limit, target_stderr = args["time_limit"], args["target_stderr"]
    # Keep every call cheap: "exact" and "auto" (which could enumerate) become Monte Carlo,
    # and Monte Carlo always gets a small samples= or time_limit= bound.
    if method in ("exact", "auto"):
        method = "monte-carlo"
    if isinstance(samples, int) and not isinstance(samples, bool) and samples > 2000:
        samples = 2000
    small_time = isinstance(time_limit, float | int) and 0 < time_limit <= 0.05
    if not small_time and not (isinstance(samples, int) and 0 < samples <= 2000):
        samples = 500
    # players is a list or a str for the core; anything else is a plainly wrong type, as is a
    # non-str game/method or a wrongly typed number.
    typed = {
        "players": isinstance(players, str | list),
        "board": OPT_CARDS_TYPED(board),
        "dead": OPT_CARDS_TYPED(dead),
        "game": isinstance(game, str),
        "method": isinstance(method, str),
        "samples": OPT_INT_TYPED(samples),
        "seed": OPT_INT_TYPED(seed),
        "time_limit": OPT_FLOAT_TYPED(time_limit),
        "target_stderr": OPT_FLOAT_TYPED(target_stderr),
        "threads": OPT_INT_TYPED(threads),
    }
    before = snapshot(players)
    ok, result = attempt(
        pf.equity,
        players,
        board,
        dead,
        game=game,
        method=method,
        samples=samples,
        target_stderr=target_stderr,
        seed=seed,
        time_limit=time_limit,
        threads=threads,
        typed=typed,
    )
    assert snapshot(players) == before
    if ok:
        total = sum(p.equity for p in result.players)
        assert math.isclose(total, 1.0, abs_tol=1e-6), result
        for p in result.players:
            assert 0 <= p.equity <= 1
            assert not math.isnan(p.stderr)


# --- hand by hand, the class matrix, plain-int evaluation -----------------------------------


@FUZZ
@given(cards_like)
def test_evaluate_class(cards: object) -> None:
    before = snapshot(cards)
    ok, result = attempt(pf.evaluate_class, cards, typed={"cards": CARDS_TYPED(cards)})
    assert snapshot(cards) == before
    if ok:
        assert type(result) is int and 1 <= result <= 7462


heads_up_player = st.one_of(
    st.sampled_from(["AhKh", "QsQd", "random", "AA, KK", "22+", "7c2d", "AhAh", "JJ-99,AQs+"]),
    st.builds(Range, st.sampled_from(["AKs", "QQ+", "0.5(AA), KQo"])),
    st.none(),
    cards_like,
)


@FUZZ
@given(
    st.one_of(st.lists(heads_up_player, min_size=2, max_size=2), players),
    st.one_of(st.sampled_from(["", "2c7d9h", "2c7d9hTs", "2c7d9hTsJs", "AhKhQh"]), junk),
    st.one_of(st.sampled_from(["", "3s", "AhKh"]), cards_like),
    st.one_of(st.sampled_from(["exact", "auto", "monte-carlo"]), spec_text),
    st.one_of(st.just(True), junk),
)
@example(["AhKh", "QsQd"], None, "", "exact", False)  # found in CI: a plain equity
@example(["AhKh", "QsQd"], None, "", "monte-carlo", False)
def test_equity_by_hand(
    players_: object, board: object, dead: object, method: object, by_hand: object
) -> None:
    typed = {
        "players": isinstance(players_, str | list),
        "board": CARDS_TYPED(board),
        "dead": CARDS_TYPED(dead),
        "method": isinstance(method, str),
        "by_hand": isinstance(by_hand, bool),
    }
    before = snapshot(players_)
    ok, result = attempt(
        pf.equity, players_, board, dead, method=method, by_hand=by_hand, samples=None, typed=typed
    )
    assert snapshot(players_) == before
    if ok and by_hand:
        assert result.exact
        for p in result.players:
            assert p.by_hand is not None and p.by_class is not None
            assert all(0 <= share <= 1 for share in p.by_hand.values())
            assert all(0 <= share <= 1 for share in p.by_class.values())
    elif ok:  # `junk` can draw False: a plain equity, without the breakdown
        assert all(p.by_hand is None and p.by_class is None for p in result.players)
    if ok:
        assert math.isclose(sum(p.equity for p in result.players), 1.0, abs_tol=1e-9)


def test_preflop_matrix_and_classes() -> None:
    matrix = pf.preflop_matrix()
    assert matrix.shape == (169, 169) and np.all((matrix >= 0) & (matrix <= 1))
    assert np.allclose(matrix + matrix.T, 1.0)
    assert len(pf.HAND_CLASSES) == 169
