"""Tests for the Hold'em evaluator: ``evaluate``, ``evaluate_many`` and ``HandRank``.

The whole five-card space is pinned: all 2,598,960 hands through ``evaluate_many`` give
exactly the 7,462 dense classes with the textbook category counts. Six- and seven-card
hands are checked against a naive best-five-of-N oracle written here from the rules alone
(it knows nothing of the Rust code): it builds the order of the 7,462 distinct five-card
hands from rank patterns, so it names the exact class of any hand. Hypothesis checks the
properties every evaluator must have, and every bad input is pinned to its exception.
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerforge import (
    Card,
    CardCountError,
    CardSet,
    Category,
    DuplicateCardError,
    HandRank,
    InvalidArrayError,
    InvalidCardError,
    PokerError,
    evaluate,
    evaluate_many,
)

N_FIVE_CARD_HANDS = 2_598_960
N_CLASSES = 7462

TEXTBOOK_FIVE_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

TEXTBOOK_CLASS_COUNTS = {
    Category.STRAIGHT_FLUSH: 10,
    Category.FOUR_OF_A_KIND: 156,
    Category.FULL_HOUSE: 156,
    Category.FLUSH: 1_277,
    Category.STRAIGHT: 10,
    Category.THREE_OF_A_KIND: 858,
    Category.TWO_PAIR: 858,
    Category.PAIR: 2_860,
    Category.HIGH_CARD: 1_277,
}

U8Matrix = npt.NDArray[np.uint8]


# --------------------------------------------------------------------------- the oracle
#
# A five-card hand's key is (category, ranks that break ties, most significant first).
# Keys compare exactly as hands do. The oracle lists the key of every distinct five-card
# hand (every multiset of ranks, suited or not), sorts them, and numbers them from 1.

WHEEL = (12, 3, 2, 1, 0)


def five_card_key(ranks: Sequence[int], flush: bool) -> tuple[int, tuple[int, ...]]:
    """The key of five cards with these ranks (0 = deuce .. 12 = ace)."""
    counts = Counter(ranks)
    # Ranks ordered by (how many, rank), most first: pairs before kickers, and so on.
    ordered = tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    distinct = sorted(counts, reverse=True)
    straight_high: int | None = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_high = distinct[0]
        elif tuple(distinct) == WHEEL:
            straight_high = 3
    shape = sorted(counts.values(), reverse=True)
    if straight_high is not None and flush:
        return (Category.STRAIGHT_FLUSH, (straight_high,))
    if shape[0] == 4:
        return (Category.FOUR_OF_A_KIND, ordered)
    if shape[:2] == [3, 2]:
        return (Category.FULL_HOUSE, ordered)
    if flush:
        return (Category.FLUSH, ordered)
    if straight_high is not None:
        return (Category.STRAIGHT, (straight_high,))
    if shape[0] == 3:
        return (Category.THREE_OF_A_KIND, ordered)
    if shape[:2] == [2, 2]:
        return (Category.TWO_PAIR, ordered)
    if shape[0] == 2:
        return (Category.PAIR, ordered)
    return (Category.HIGH_CARD, ordered)


@cache
def oracle_classes() -> dict[tuple[int, tuple[int, ...]], int]:
    """Every distinct five-card key, numbered 1 (worst) .. 7462 (best)."""
    keys: set[tuple[int, tuple[int, ...]]] = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        keys.add(five_card_key(ranks, flush=False))
        if len(set(ranks)) == 5:
            keys.add(five_card_key(ranks, flush=True))
    return {key: i for i, key in enumerate(sorted(keys), start=1)}


def oracle_five(cards: Sequence[int]) -> int:
    """The class of exactly five card indices."""
    ranks = [c // 4 for c in cards]
    flush = len({c % 4 for c in cards}) == 1
    return oracle_classes()[five_card_key(ranks, flush)]


def oracle(cards: Sequence[int]) -> int:
    """The class of the best five of 5..7 card indices, by trying every five."""
    return max(oracle_five(five) for five in itertools.combinations(cards, 5))


def random_hands(n: int, k: int, seed: int) -> U8Matrix:
    """``n`` random hands of ``k`` distinct card indices as ``uint8[n, k]``."""
    rng = np.random.default_rng(seed)
    keys = rng.random((n, 52))
    return np.argsort(keys, axis=1)[:, :k].astype(np.uint8)


def text(cards: Sequence[int]) -> str:
    return "".join(str(Card.from_index(int(c))) for c in cards)


# --------------------------------------------------------------------------- whole space


@pytest.fixture(scope="module")
def all_five_card_hands() -> U8Matrix:
    hands = np.fromiter(
        itertools.combinations(range(52), 5),
        dtype=np.dtype((np.uint8, 5)),
        count=N_FIVE_CARD_HANDS,
    )
    assert hands.shape == (N_FIVE_CARD_HANDS, 5)
    return hands


@pytest.fixture(scope="module")
def all_five_card_classes(all_five_card_hands: U8Matrix) -> npt.NDArray[np.uint16]:
    return evaluate_many(all_five_card_hands)


def test_oracle_has_the_textbook_classes() -> None:
    classes = oracle_classes()
    assert len(classes) == N_CLASSES
    per_category = Counter(key[0] for key in classes)
    assert per_category == TEXTBOOK_CLASS_COUNTS


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
def test_all_five_card_hands_are_7462_dense_classes(
    all_five_card_classes: npt.NDArray[np.uint16],
) -> None:
    classes = all_five_card_classes
    assert classes.dtype == np.uint16
    assert classes.shape == (N_FIVE_CARD_HANDS,)
    unique = np.unique(classes)
    assert len(unique) == N_CLASSES
    assert unique[0] == 1
    assert unique[-1] == N_CLASSES
    assert np.array_equal(unique, np.arange(1, N_CLASSES + 1))


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
def test_all_five_card_hands_by_category(all_five_card_classes: npt.NDArray[np.uint16]) -> None:
    per_class = np.bincount(all_five_card_classes, minlength=N_CLASSES + 1)
    hands: Counter[Category] = Counter()
    classes: Counter[Category] = Counter()
    for cls in range(1, N_CLASSES + 1):
        category = HandRank(cls).category
        hands[category] += int(per_class[cls])
        classes[category] += 1
    assert dict(hands) == TEXTBOOK_FIVE_CARD_COUNTS
    assert sum(hands.values()) == N_FIVE_CARD_HANDS
    assert dict(classes) == TEXTBOOK_CLASS_COUNTS


def test_categories_are_contiguous_blocks_of_classes() -> None:
    categories = [int(HandRank(cls).category) for cls in range(1, N_CLASSES + 1)]
    assert categories == sorted(categories)
    assert HandRank(1).category is Category.HIGH_CARD
    assert HandRank(N_CLASSES).category is Category.STRAIGHT_FLUSH


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
def test_every_class_matches_the_oracle(
    all_five_card_hands: U8Matrix, all_five_card_classes: npt.NDArray[np.uint16]
) -> None:
    # One hand per class (its first occurrence), plus a random sample of the rest.
    _, first = np.unique(all_five_card_classes, return_index=True)
    rng = np.random.default_rng(5)
    sample = np.concatenate([first, rng.integers(0, N_FIVE_CARD_HANDS, 5_000)])
    for row in sample:
        cards = [int(c) for c in all_five_card_hands[row]]
        assert oracle_five(cards) == int(all_five_card_classes[row]), text(cards)


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
def test_threads_give_identical_arrays(
    all_five_card_hands: U8Matrix, all_five_card_classes: npt.NDArray[np.uint16]
) -> None:
    one = evaluate_many(all_five_card_hands, threads=1)
    two = evaluate_many(all_five_card_hands, threads=2)
    many = evaluate_many(all_five_card_hands, threads=5)
    assert np.array_equal(one, all_five_card_classes)
    assert np.array_equal(two, all_five_card_classes)
    assert np.array_equal(many, all_five_card_classes)
    sevens = random_hands(300_000, 7, seed=11)
    default = evaluate_many(sevens)
    assert np.array_equal(evaluate_many(sevens, threads=1), default)
    assert np.array_equal(evaluate_many(sevens, threads=2), default)
    assert np.array_equal(evaluate_many(sevens, threads=None), default)


# --------------------------------------------------------------------------- oracle, 6 and 7


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
@pytest.mark.parametrize(("k", "n"), [(5, 2_000), (6, 3_000), (7, 3_000)])
def test_agrees_with_the_oracle(k: int, n: int) -> None:
    hands = random_hands(n, k, seed=100 + k)
    batch = evaluate_many(hands)
    for row, expected in zip(hands, batch, strict=True):
        cards = [int(c) for c in row]
        want = oracle(cards)
        assert int(expected) == want, text(cards)
        assert int(evaluate(cards)) == want, text(cards)


def test_oracle_on_tricky_hands() -> None:
    tricky = [
        "As2c3d4h5s Ks Kd",  # wheel beside a pair
        "As2s3s4s5s 6s Kd",  # six-high straight flush over the steel wheel
        "AhKhQhJhTh 9h 8h",  # royal flush among seven hearts
        "AcAdAhKcKdKh 2s",  # two sets: aces full of kings
        "7c7d7h7s 2c2d2h",  # quads beside trips
        "9c9d8c8d7c7d 2h",  # three pairs: the third pair may not play
        "Tc Jd Qh Ks Ac 9c 8c",  # broadway over a lower straight
        "2c3c4c5c7c 6d Ad",  # flush beats the straight it also makes
        "AcKcQcJc9c 8c 7c",  # best five of seven clubs
        "5d4d3d2d 6h Ad Ac",  # straight six high beats the wheel
    ]
    for hand in tricky:
        cards = [int(c) for c in CardSet(hand)]
        assert int(evaluate(hand)) == oracle(cards), hand


# --------------------------------------------------------------------------- properties

hand_cards = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)
suit_permutations = st.permutations([0, 1, 2, 3])


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
@settings(max_examples=300, deadline=None)
@given(hand_cards, suit_permutations)
def test_suit_permutation_invariance(cards: list[int], perm: list[int]) -> None:
    renamed = [4 * (c // 4) + perm[c % 4] for c in cards]
    assert evaluate(renamed) == evaluate(cards)
    assert int(evaluate(renamed)) == int(evaluate(cards))


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_adding_a_card_never_lowers_the_hand(cards: list[int]) -> None:
    five, six, seven = evaluate(cards[:5]), evaluate(cards[:6]), evaluate(cards)
    assert five <= six <= seven
    assert int(five) <= int(six) <= int(seven)


@settings(max_examples=100, deadline=None)
@given(
    st.integers(5, 7).flatmap(
        lambda k: st.lists(
            st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True),
            min_size=1,
            max_size=40,
        )
    )
)
def test_evaluate_many_equals_evaluate(hands: list[list[int]]) -> None:
    array = np.array(hands, dtype=np.uint8)
    batch = evaluate_many(array)
    assert batch.dtype == np.uint16
    assert [int(x) for x in batch] == [int(evaluate(h)) for h in hands]


@settings(max_examples=200, deadline=None)
@given(hand_cards)
def test_every_input_form_gives_the_same_rank(cards: list[int]) -> None:
    rank = evaluate(cards)
    as_set = CardSet(cards)
    assert evaluate(as_set) == rank
    assert evaluate(as_set.mask) == rank
    assert evaluate(str(as_set)) == rank
    assert evaluate(" ".join(str(Card.from_index(c)) for c in cards)) == rank
    assert evaluate([Card.from_index(c) for c in cards]) == rank
    assert evaluate(np.array(cards, dtype=np.uint8)) == rank
    assert evaluate(reversed(cards)) == rank


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
@settings(max_examples=200, deadline=None)
@given(hand_cards)
def test_best_five_makes_the_hand(cards: list[int]) -> None:
    rank = evaluate(cards)
    best = rank.best_five
    assert best is not None
    assert len(best) == 5
    assert all(isinstance(c, Card) for c in best)
    assert set(best) <= set(CardSet(cards))
    assert evaluate(best) == rank


# --------------------------------------------------------------------------- HandRank


@pytest.mark.parametrize(
    ("hand", "description", "category"),
    [
        ("AsKsQsJsTs", "Royal flush", Category.STRAIGHT_FLUSH),
        ("9s8s7s6s5s", "Straight flush, nine high", Category.STRAIGHT_FLUSH),
        ("5s4s3s2sAs", "Straight flush, five high", Category.STRAIGHT_FLUSH),
        ("AhAdAcAs2c", "Four of a kind, aces", Category.FOUR_OF_A_KIND),
        ("6s6h6d6c5c", "Four of a kind, sixes", Category.FOUR_OF_A_KIND),
        ("Kh Kd Ks 7c 7d 2h 3c", "Full house, kings full of sevens", Category.FULL_HOUSE),
        ("3c3d2c2d2h", "Full house, twos full of threes", Category.FULL_HOUSE),
        ("AhKh9h5h3h", "Flush, ace high", Category.FLUSH),
        ("AsKdQhJcTs", "Straight, ace high", Category.STRAIGHT),
        ("5c4d3h2sAd", "Straight, five high", Category.STRAIGHT),
        ("AhAcAd3s2d", "Three of a kind, aces", Category.THREE_OF_A_KIND),
        ("AhAd8c8d3s", "Two pair, aces and eights", Category.TWO_PAIR),
        ("AhAd8c7d3s", "Pair of aces", Category.PAIR),
        ("AhKdQc9d3s", "High card, ace", Category.HIGH_CARD),
        ("7c5d4h3s2c", "High card, seven", Category.HIGH_CARD),
    ],
)
def test_describe(hand: str, description: str, category: Category) -> None:
    rank = evaluate(hand)
    assert rank.describe() == description
    assert str(rank) == description
    assert rank.category is category
    assert repr(rank) == f"HandRank({int(rank)}, '{description}')"
    assert HandRank(int(rank)).describe() == description


def test_extreme_classes() -> None:
    assert int(evaluate("7c5d4h3s2c")) == 1
    assert int(evaluate("AsKsQsJsTs")) == N_CLASSES
    assert int(evaluate("KsQsJsTs9s")) == N_CLASSES - 1
    assert int(evaluate("5d4d3d2dAd")) == N_CLASSES - 9


@pytest.mark.parametrize(
    ("hand", "best"),
    [
        ("AhKhQh2h3h9c9d", "Ah Kh Qh 3h 2h"),
        ("Kh Kd Ks 7c 7d 2h 3c", "Ks Kh Kd 7d 7c"),
        ("5c4d3h2sAd", "5c 4d 3h 2s Ad"),
        ("6s6h6d6c5c Ah Kd", "6s 6h 6d 6c Ah"),
        ("AhAd8c8d3s3c Qs", "Ah Ad 8d 8c Qs"),
        ("AsKsQsJsTs", "As Ks Qs Js Ts"),
    ],
)
def test_best_five_order(hand: str, best: str) -> None:
    assert evaluate(hand).best_five == tuple(Card(c) for c in best.split())


def test_hand_rank_from_class() -> None:
    for cls in [1, 2, 1000, 6185, 7461, 7462]:
        rank = HandRank(cls)
        assert int(rank) == cls
        assert rank.best_five is None
    assert HandRank(7462) == evaluate("AsKsQsJsTs")
    assert HandRank(1) == evaluate("7c5d4h3s2c")


@pytest.mark.parametrize("cls", [0, -1, 7463, 65536, 100_000])
def test_hand_rank_bad_class(cls: int) -> None:
    with pytest.raises(PokerError) as info:
        HandRank(cls)
    assert isinstance(info.value, ValueError)
    assert str(cls) in str(info.value)


def test_hand_rank_ordering_and_hash() -> None:
    ranks = [HandRank(c) for c in (7462, 1, 3000, 3000, 42)]
    assert [int(r) for r in sorted(ranks)] == [1, 42, 3000, 3000, 7462]
    assert HandRank(5) < HandRank(6) <= HandRank(6) < HandRank(7462)
    assert HandRank(6) > HandRank(5) >= HandRank(5)
    assert HandRank(5) != HandRank(6)
    assert max(ranks) == HandRank(7462)
    assert hash(HandRank(3000)) == hash(HandRank(3000))
    assert len(set(ranks)) == 4
    # Equal ranks from different cards split the pot and are equal.
    a, b = evaluate("AhKd9c5s3h"), evaluate("AsKc9d5h3c")
    assert a == b
    assert hash(a) == hash(b)
    assert a.best_five != b.best_five


def test_hand_rank_ordering_matches_class_order() -> None:
    for low, high in itertools.pairwise(range(1, N_CLASSES + 1, 37)):
        assert HandRank(low) < HandRank(high)
        assert not HandRank(high) < HandRank(low)


def test_hand_rank_int_and_index() -> None:
    rank = evaluate("AsKsQsJsTs")
    assert int(rank) == 7462
    assert list(range(8000))[rank] == 7462
    assert isinstance(int(rank), int)


def test_hand_rank_compares_only_with_hand_ranks() -> None:
    with pytest.raises(TypeError):
        _ = HandRank(5) < 6  # type: ignore[operator]


def test_hand_rank_pickle() -> None:
    rank = evaluate("Kh Kd Ks 7c 7d 2h 3c")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(rank, protocol=protocol))
        assert back == rank
        assert int(back) == int(rank)
        assert back.describe() == rank.describe()


def test_category_enum() -> None:
    assert [c.name for c in Category] == [
        "HIGH_CARD",
        "PAIR",
        "TWO_PAIR",
        "THREE_OF_A_KIND",
        "STRAIGHT",
        "FLUSH",
        "FULL_HOUSE",
        "FOUR_OF_A_KIND",
        "STRAIGHT_FLUSH",
    ]
    assert [int(c) for c in Category] == list(range(9))
    assert Category.FULL_HOUSE.label == "Full house"


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("cards", "exc", "bad"),
    [
        ("AhKhQhJhXx", InvalidCardError, "'Xx'"),
        ("AhKhQhJh 1h", InvalidCardError, "'1h'"),
        ("AhAhKhQhJh", DuplicateCardError, "Ah"),
        ("Ah Kh Qh Jh ah", DuplicateCardError, "Ah"),
        ([0, 1, 2, 3, 3], DuplicateCardError, "2s"),
        ([0, 1, 2, 3, 52], InvalidCardError, "52"),
        ([0, 1, 2, 3, -1], InvalidCardError, "-1"),
        ("AhKh", CardCountError, "2"),
        ("AhKhQhJh", CardCountError, "4"),
        ("", CardCountError, "0"),
        ("AhKhQhJhTh9h8h7h", CardCountError, "8"),
        (list(range(52)), CardCountError, "52"),
        (CardSet("AhKhQh"), CardCountError, "3"),
        (0b1111, CardCountError, "4"),
        (1 << 52 | 0b11111, InvalidCardError, hex(1 << 52 | 0b11111)),
        (1 << 63 | 0b11111, InvalidCardError, hex(1 << 63 | 0b11111)),
        (-1, InvalidCardError, "-1"),
        (1 << 64, InvalidCardError, str(1 << 64)),
        (1.5, InvalidCardError, "float"),
        (None, InvalidCardError, "NoneType"),
        ([1.5, 2, 3, 4, 5], InvalidCardError, "float"),
    ],
    ids=repr,
)
def test_evaluate_bad_input(cards: object, exc: type[PokerError], bad: str) -> None:
    with pytest.raises(exc) as info:
        evaluate(cards)
    assert type(info.value) is exc
    assert bad in str(info.value)


def test_evaluate_count_message() -> None:
    with pytest.raises(CardCountError) as info:
        evaluate("AhKh")
    assert str(info.value) == "a hand needs 5, 6 or 7 cards, but 2 were given"


GOOD = np.array([[48, 44, 40, 36, 32], [0, 4, 8, 12, 21]], dtype=np.uint8)


@pytest.mark.parametrize(
    ("cards", "bad"),
    [
        (GOOD.astype(np.int64), "int64"),
        (GOOD.astype(np.float64), "float64"),
        (GOOD.astype(np.int8), "int8"),
        (GOOD.astype(np.uint16), "uint16"),
        (GOOD.astype(np.bool_), "bool"),
        (GOOD[0], "1-dimensional"),
        (GOOD[None], "3-dimensional"),
        (np.uint8(3), "uint8"),
        (GOOD[:, :4], "4 cards per row"),
        (np.zeros((2, 8), dtype=np.uint8), "8 cards per row"),
        (np.zeros((2, 0), dtype=np.uint8), "0 cards per row"),
        (GOOD.tolist(), "list"),
        ("AhKhQhJhTh", "str"),
        (None, "NoneType"),
    ],
    ids=repr,
)
def test_evaluate_many_bad_arrays(cards: object, bad: str) -> None:
    with pytest.raises(InvalidArrayError) as info:
        evaluate_many(cards)
    assert type(info.value) is InvalidArrayError
    assert isinstance(info.value, PokerError)
    assert bad in str(info.value)


@pytest.mark.parametrize(
    ("rows", "exc", "row", "bad"),
    [
        ([[0, 1, 2, 3, 52]], InvalidCardError, 0, "52"),
        ([[0, 1, 2, 3, 4], [0, 1, 2, 3, 255]], InvalidCardError, 1, "255"),
        ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [0, 1, 2, 3, 3]], DuplicateCardError, 2, "2s"),
        ([[9, 9, 1, 2, 3, 4, 5]], DuplicateCardError, 0, "4d"),
    ],
)
def test_evaluate_many_bad_rows(
    rows: list[list[int]], exc: type[PokerError], row: int, bad: str
) -> None:
    array = np.array(rows, dtype=np.uint8)
    with pytest.raises(exc) as info:
        evaluate_many(array)
    assert type(info.value) is exc
    assert f"row {row}" in str(info.value)
    assert bad in str(info.value)


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
def test_evaluate_many_names_the_first_bad_row_of_a_big_batch() -> None:
    hands = random_hands(200_000, 7, seed=3)
    hands[150_001, 6] = hands[150_001, 0]
    hands[170_000, 2] = 60
    for threads in (1, 2, None):
        with pytest.raises(DuplicateCardError, match="row 150001 of cards"):
            evaluate_many(hands, threads=threads)


@pytest.mark.parametrize("threads", [0, -1, -100])
def test_evaluate_many_bad_threads(threads: int) -> None:
    with pytest.raises(PokerError) as info:
        evaluate_many(GOOD, threads=threads)
    assert f"threads={threads}" in str(info.value)


def test_evaluate_many_empty_and_readonly() -> None:
    for k in (5, 6, 7):
        out = evaluate_many(np.zeros((0, k), dtype=np.uint8))
        assert out.dtype == np.uint16
        assert out.shape == (0,)
    frozen = GOOD.copy()
    frozen.flags.writeable = False
    assert evaluate_many(frozen).tolist() == [7462, 1]
    # The input is never changed.
    copy = GOOD.copy()
    evaluate_many(copy)
    assert np.array_equal(copy, GOOD)


def test_evaluate_many_non_contiguous() -> None:
    hands = random_hands(1_000, 7, seed=8)
    wide = np.concatenate([hands, hands[:, ::-1]], axis=1)
    cases: dict[str, U8Matrix] = {
        "column slice": wide[:, 7:],
        "first five columns": hands[:, :5],
        "last six columns": hands[:, 1:],
        "every other row": np.repeat(hands, 2, axis=0)[::2],
        "reversed rows": hands[::-1],
        "reversed columns": hands[:, ::-1],
        "every other column": np.repeat(hands, 2, axis=1)[:, ::2],
    }
    for name, view in cases.items():
        expected = [oracle_free_rank(row) for row in view[:50]]
        got = evaluate_many(view)
        assert np.array_equal(got, evaluate_many(np.ascontiguousarray(view))), name
        assert got[:50].tolist() == expected, name


def oracle_free_rank(row: npt.NDArray[np.uint8]) -> int:
    """The scalar evaluator's class of one row (for checking the batch path)."""
    return int(evaluate([int(c) for c in row]))


def test_evaluate_many_scalar_fast_path_agrees() -> None:
    rng = random.Random(4)
    for _ in range(500):
        cards = rng.sample(range(52), rng.choice([5, 6, 7]))
        mask = sum(1 << c for c in cards)
        assert int(evaluate(mask)) == int(evaluate(cards)) == oracle(cards)
