"""Fuzzing every public entry point that reads text: cards, ranges, equity requests, PHH
(one hand, many hands, a stream, one table's lines) and PokerStars histories; and the
computations anyone can start with odd input: equity in every game by every method under
a short time limit, ICM (equities, finishing chances, bubble factors, deals) and push/fold
with numbers of every kind (NaN, infinities, huge and subnormal floats, ints past any
float, NumPy scalars, text and booleans where numbers go).

Each call must return or raise a :class:`~pokerforge.PokerError`; anything else (a Rust
panic, ``RecursionError``, ``decimal.Overflow``, ``UnicodeError``, ...) fails, as does a
crash of the process. The inputs are any Unicode text (lone surrogates included), soups of
each grammar's tokens, and valid inputs mutated (tokens and odd characters inserted, spans
deleted, doubled, or repeated thousands of times). The two PHH entry points must agree on
every single-hand text: :func:`~pokerforge.game.loads_phh` (the standard TOML reader)
and :func:`~pokerforge.histories.read_phhs` (the core's fast reader).

The test command runs a few dozen inputs a target (``POKERFORGE_FUZZ_EXAMPLES``, default
40). A long run counts its inputs:

    POKERFORGE_FUZZ_EXAMPLES=20000 nice -n 19 .venv/bin/python tests/test_fuzz_text.py
"""

from __future__ import annotations

import io
import os
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokerforge as pf
from pokerforge import PokerError
from pokerforge._core import phh_has_header
from pokerforge.errors import InvalidHistoryError
from pokerforge.game import load_many, loads_phh
from pokerforge.histories import parse_table, read_phhs, read_pokerstars

EXAMPLES = int(os.environ.get("POKERFORGE_FUZZ_EXAMPLES", "40"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
COUNTS: Counter[str] = Counter()  # inputs run per target (the long run prints them)

# Characters parsers trip over: controls, Unicode white space, suit symbols, a lone
# surrogate, a BOM, the largest scalar.
ODD = "\x00\t\n\r\x0b\x0c\x1c\x1f\x7f\x85\xa0\u2003\u3000\ufeff\u200b♠♥♦♣é\U0010ffff\ud800"


def mutated(seeds: list[str], tokens: list[str]) -> st.SearchStrategy[str]:
    """Valid texts with a few edits: a token or odd character inserted, a span deleted,
    doubled or repeated many times."""

    @st.composite
    def edit(draw: st.DrawFn) -> str:
        text = draw(st.sampled_from(seeds))
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(text)))
            end = draw(st.integers(at, min(len(text), at + 12)))
            kind = draw(st.integers(0, 4))
            if kind == 0:
                text = text[:at] + draw(st.sampled_from(tokens)) + text[at:]
            elif kind == 1:
                text = text[:at] + draw(st.sampled_from(ODD)) + text[at:]
            elif kind == 2:
                text = text[:at] + text[end:]
            elif kind == 3:
                text = text[:at] + text[at:end] * 2 + text[at:]
            else:
                times = draw(st.sampled_from([10, 100, 3000]))
                text = text[:at] + text[at:end] * times + text[at:]
        return text

    return edit()


def texts(seeds: list[str], tokens: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(max_size=40),
        st.text(alphabet=st.sampled_from(ODD), max_size=8),
        st.lists(st.sampled_from(tokens), max_size=24).map("".join),
        mutated(seeds, tokens),
    )


def call(target: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[bool, Any]:
    """``(True, result)`` or ``(False, error)``; any error but a PokerError fails."""
    COUNTS[target] += 1
    try:
        return True, fn(*args, **kwargs)
    except PokerError as err:
        assert str(err), f"{target}: an empty message"
        return False, err
    except BaseException as err:  # a PanicException is a BaseException: report it
        raise AssertionError(
            f"{target}({args!r:.300}, {kwargs!r:.200}) raised "
            f"{type(err).__module__}.{type(err).__qualname__}: {err!r:.300}"
        ) from err


# --- cards and hands ------------------------------------------------------------------------

CARD_TOKENS = ["A", "K", "T", "10", "9", "2", "1", "h", "d", "c", "s", "H", "♠", "♥", " ", ","]
CARD_SEEDS = ["AhKh", "Ah Kh", "Ah,Kh", "10h", "A♥", "2c7d9hKsQs", "AsKsQsJsTs9s8s"]
card_text = texts(CARD_SEEDS, CARD_TOKENS)


@FUZZ
@given(card_text, card_text)
def test_cards(text: str, other: str) -> None:
    ok, card = call("Card", pf.Card, text)
    if ok:
        assert pf.Card(str(card)) == card
    ok, cards = call("CardSet", pf.CardSet, text)
    if ok:
        assert pf.CardSet(str(cards)) == cards
    call("Deck", pf.Deck, 1, dead=text)
    call("Deck.from_cards", pf.Deck.from_cards, text)
    call("evaluate", pf.evaluate, text)
    call("evaluate_class", pf.evaluate_class, text)
    call("evaluate_omaha", pf.evaluate_omaha, text, other)
    call("evaluate_omaha_low", pf.evaluate_omaha_low, text, other)
    call("evaluate_omaha_hilo", pf.evaluate_omaha_hilo, text, other)


# --- ranges and equity ----------------------------------------------------------------------

RANGE_TOKENS = [
    "A", "K", "Q", "T", "9", "2", "10", "s", "o", "h", "+", "-", ",", ":", "(", ")", "0.5",
    "1", "0", ".", "random", "*", " ", "AKs", "QQ+", "A2s-A5s", "0.25(", "1(", "AhKh",
]  # fmt: skip
RANGE_SEEDS = ["QQ+, AKs, A2s-A5s, KTo+", "0.5(JJ, 0.5(AKs)), TT:0.25", "22-77, AhKh", "1(AA)"]
range_text = texts(RANGE_SEEDS, RANGE_TOKENS)


@FUZZ
@given(range_text, card_text)
def test_ranges(text: str, cards: str) -> None:
    ok, rng = call("Range", pf.Range, text)
    if ok:
        assert pf.Range(str(rng)) == rng
        before = rng.combos
        call("Range.weight", rng.weight, cards)
        call("Range.without", rng.without, cards)
        assert rng.combos == before


@FUZZ
@given(
    range_text,
    card_text,
    card_text,
    st.sampled_from(["holdem", "omaha", "plo8", "stud8", "razz", "x"]),
)
def test_equity(player: str, board: str, dead: str, game: str) -> None:
    call(
        "equity",
        pf.equity,
        ["AhKh", player],
        board=board,
        dead=dead,
        game=game,
        method="monte-carlo",
        samples=50,
        seed=1,
    )
    call("equity players", pf.equity, [player, player, "random"], samples=50, seed=1)


GAMES = sorted({game for _, game in pf._core.GAME_NAMES})  # every game by its own name


@FUZZ
@given(
    st.lists(st.one_of(card_text, st.just("random"), range_text), min_size=0, max_size=11),
    card_text,
    card_text,
    st.sampled_from(GAMES),
    st.sampled_from(["auto", "exact", "monte-carlo"]),
)
def test_equity_every_game(
    players: list[str], board: str, dead: str, game: str, method: str
) -> None:
    # Every game and method, bounded by a time limit: a refusal, a time-out or an answer
    # (the exact stud question that once asked for 26 GB is among what this can draw).
    call(
        "equity every game",
        pf.equity,
        players,
        board=board or None,
        dead=dead or None,
        game=game,
        method=method,
        time_limit=0.02,
        seed=1,
    )


# --- tournaments -----------------------------------------------------------------------------

numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(10**400), 10**400),
    st.sampled_from([0, 1e-320, 5e-324, 1.7976931348623157e308, 10**309, True, "1", None]),
)


@FUZZ
@given(
    st.lists(numbers, max_size=26),
    st.lists(numbers, max_size=8),
    st.sampled_from(["harville", "weitzman", "x"]),
    st.sampled_from(["auto", "exact", "monte-carlo"]),
)
def test_icm(stacks: list[Any], payouts: list[Any], model: str, method: str) -> None:
    from pokerforge.icm import bubble_factors, finish_probabilities, icm, icm_deal  # noqa: PLC0415

    def safe(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except TypeError as err:  # a value that is no number: named, as documented
            assert "is not a number" in str(err) or "not an amount" in str(err), err
            return None

    kw: dict[str, Any] = {"model": model, "time_limit": 0.05}
    call("icm", safe, icm, stacks, payouts, method=method, samples=200, seed=1, **kw)
    if len(stacks) <= 8:
        call("bubble_factors", safe, bubble_factors, stacks, payouts, **kw)
        call("finish_probabilities", safe, finish_probabilities, stacks, model=model)
        call("icm_deal", safe, icm_deal, stacks, [p for p in payouts if type(p) is int])


@FUZZ
@given(
    st.lists(numbers, min_size=0, max_size=11),
    st.tuples(numbers, numbers),
    numbers,
    st.one_of(st.none(), st.lists(numbers, max_size=6)),
    st.floats(allow_nan=True),
)
def test_push_fold(
    stacks: list[Any], blinds: tuple[Any, Any], ante: Any, payouts: Any, tolerance: float
) -> None:
    from pokerforge.icm import push_fold  # noqa: PLC0415

    def safe(*args: Any, **kwargs: Any) -> Any:
        try:
            return push_fold(*args, **kwargs)
        except TypeError as err:
            assert "is not a number" in str(err), err
            return None

    call(
        "push_fold",
        safe,
        stacks,
        blinds,
        ante,
        payouts,
        tolerance=tolerance,
        max_iterations=50,
        time_limit=0.05,
    )


# --- hand histories -------------------------------------------------------------------------

HAND = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
starting_stacks = [82.40, 197, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 7c2d', 'p3 cbr 3', 'p1 f', 'p2 cc', \
'd db 2c7d9h', 'p2 cbr 2.50', 'p3 cc', 'd db Ks', 'd db Qs', 'p2 sm AhAd', 'p3 sm']
hand = 3017241370
players = ['Ann', 'Bob', 'Cy']
winnings = [0, 13.50, 0]
"""
SHORT = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n\
starting_stacks = [200, 200]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']\n"
PHH_TOKENS = [
    " = ", "'", '"', "'''", "[", "]", ", ", "\n", "\r\n", "\r", "#", "\\", "1e999999999",
    "1e100000000000000000000", "9" * 30, "inf", "nan", "-1", "0.001", "'p1 cbr 1e400'",
    "'p2 f'", "'d db AhAh'", "[[x]]\n", "[2]\n", "a = {b = 1}", "1979-05-27", "true",
]  # fmt: skip
phh_text = texts([HAND, SHORT], PHH_TOKENS)


def _lines(text: str) -> list[str]:
    """The lines of ``text`` cut at ``\\n`` only, as a file opened with ``newline="\\n"``
    gives them (``str.splitlines`` also cuts at ``\\r`` and other separators)."""
    return list(io.StringIO(text, newline="\n"))


def _hand(read: Callable[[], Any]) -> Any:
    """A hand's result, or the error class for a refused one."""
    try:
        hand = read()
    except InvalidHistoryError as err:
        return type(err).__name__
    return hand.starting_stacks, hand.payouts, hand.result_known


@FUZZ
@given(phh_text)
def test_phh_entry_points_agree(text: str) -> None:
    call("loads_phh", loads_phh, text)
    call("load_many", load_many, text)
    lines = _lines(text)
    call("parse_table", parse_table, lines)
    call("read_phhs", lambda: list(read_phhs(lines, skip_bad=True)))
    # One hand's text (no table header in it, no lone surrogate: a header cuts it into
    # several hands): the standard reader and the fast one read it alike. A text ending in
    # a carriage return is left out: lines are given to read_phhs, whose last line, given
    # without its line feed, is read as a whole line (its CR a CRLF's), where the text's
    # lone CR is no TOML.
    if "\ud800" in text or phh_has_header(text) or text.endswith("\r"):
        return

    def fast() -> Any:
        reader = read_phhs(lines)
        [record] = list(reader) or [None]
        if record is None:
            raise InvalidHistoryError("no hand")
        return record.hand

    slow = _hand(lambda: loads_phh(text))
    quick = _hand(fast)
    if isinstance(slow, str):  # refused: by the fast reader too (its class may say more)
        assert isinstance(quick, str), (text, slow, quick)
    else:
        assert quick == slow, text


@FUZZ
@given(st.lists(phh_text, min_size=1, max_size=4))
def test_phhs_streams(hands: list[str]) -> None:
    text = "".join(f"[{k + 1}]\n{hand}\n" for k, hand in enumerate(hands))
    call("read_phhs blocks", lambda: list(read_phhs(io.StringIO(text), skip_bad=True)))


STARS = (Path(__file__).parent / "data" / "pokerstars" / "three_handed_fold.txt").read_text(
    encoding="utf-8"
)
STARS_TOKENS = ["$", "0.01", "1e999", "9" * 40, ": ", "\n", "Seat 4: ", "raises ", " to "]


@FUZZ
@given(texts([STARS], STARS_TOKENS))
def test_pokerstars(text: str) -> None:
    lines = _lines(text)
    call("read_pokerstars", lambda: list(read_pokerstars(lines, skip_bad=True)))


TARGETS = [
    test_cards,
    test_ranges,
    test_equity,
    test_equity_every_game,
    test_icm,
    test_push_fold,
    test_phh_entry_points_agree,
    test_phhs_streams,
    test_pokerstars,
]

if __name__ == "__main__":  # the long run: every target, then the count of inputs
    for target in TARGETS:
        target()
        print(f"{target.__name__}: {EXAMPLES} examples", flush=True)
    for name, count in sorted(COUNTS.items()):
        print(f"{name:24} {count:>10,} inputs")
    print(f"{'total':24} {sum(COUNTS.values()):>10,} inputs, 0 failures")
    sys.exit(0)
