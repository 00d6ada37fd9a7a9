"""Tests for cards, card sets and decks (``pokerforge.Card``, ``CardSet``, ``Deck``).

They pin the contract of API.md: the card index ``4 * rank + suit``, every text form that
parses (``"Ah"``, ``"ah"``, ``"AH"``, ``"10h"``, ``"A♥"``; several cards as ``"AhKh"``,
``"Ah Kh"``, ``"Ah,Kh"``) and the single output form ``"Ah"``; every "cards-like" input a
``CardSet`` accepts; set algebra; seeded, reproducible decks; and every error path, each
with its exact exception class, a message naming the bad value, and no change to the
object a failed call was made on.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerforge import (
    Card,
    CardCountError,
    CardSet,
    Deck,
    DuplicateCardError,
    InvalidCardError,
    PokerError,
    Rank,
    Suit,
)
from pokerforge.errors import InvalidSpecError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
ALL_TEXTS = [r + s for r in RANKS for s in SUITS]

card_indices = st.integers(min_value=0, max_value=51)
masks = st.integers(min_value=0, max_value=(1 << 52) - 1)


def raises_exactly(
    exc_type: type[BaseException], call: object, *args: object, **kwargs: object
) -> BaseException:
    """Calls ``call(*args, **kwargs)`` and returns the exception, checking its exact class."""
    assert callable(call)
    with pytest.raises(exc_type) as info:
        call(*args, **kwargs)
    assert type(info.value) is exc_type, f"{type(info.value).__name__} is not {exc_type}"
    return info.value


# --------------------------------------------------------------------------- Card


@pytest.mark.parametrize("index", range(52))
def test_card_index_layout(index: int) -> None:
    card = Card.from_index(index)
    assert int(card) == index
    assert card.index == index
    assert card.mask == 1 << index
    assert card.rank == Rank(index // 4)
    assert card.suit == Suit(index % 4)
    assert isinstance(card.rank, Rank)
    assert isinstance(card.suit, Suit)
    assert str(card) == RANKS[index // 4] + SUITS[index % 4]
    assert repr(card) == f"Card('{card}')"
    assert Card(str(card)) == card


def test_card_corner_indices() -> None:
    assert int(Card("2c")) == 0
    assert int(Card("2d")) == 1
    assert int(Card("3c")) == 4
    assert int(Card("As")) == 51
    assert Card("Ah").rank is Rank.ACE
    assert Card("Ah").suit is Suit.HEARTS
    assert Card("Td").rank.symbol == "T"
    assert Card("Td").suit.symbol == "d"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ah", "Ah"),
        ("ah", "Ah"),
        ("AH", "Ah"),
        ("aH", "Ah"),
        ("A♥", "Ah"),
        ("a♥", "Ah"),
        ("10h", "Th"),
        ("10H", "Th"),
        ("Th", "Th"),
        ("th", "Th"),
        ("10♠", "Ts"),
        ("2♣", "2c"),
        ("K♦", "Kd"),
        ("q♠", "Qs"),
        ("jC", "Jc"),
    ],
)
def test_card_text_forms(text: str, expected: str) -> None:
    card = Card(text)
    assert str(card) == expected
    assert card == Card(expected)
    assert CardSet(text) == CardSet(expected)
    assert str(CardSet(text)) == expected


@pytest.mark.parametrize("index", range(52))
def test_every_card_in_every_spelling(index: int) -> None:
    rank, suit = RANKS[index // 4], SUITS[index % 4]
    spellings = {
        rank + suit,
        rank.lower() + suit,
        rank + suit.upper(),
        rank + SUIT_SYMBOLS[index % 4],
    }
    if rank == "T":
        spellings |= {"10" + suit, "10" + suit.upper(), "10" + SUIT_SYMBOLS[index % 4]}
    for text in spellings:
        assert int(Card(text)) == index, text


def test_card_accepts_a_card() -> None:
    card = Card("Ah")
    assert Card(card) == card


def test_card_ordering_follows_index() -> None:
    cards = [Card.from_index(i) for i in range(52)]
    assert sorted(reversed(cards)) == cards
    assert Card("2c") < Card("2d") < Card("3c") < Card("As")
    assert Card("Ah") < Card("As")
    assert Card("Ks") < Card("Ac")
    assert Card("As") > Card("Ah") >= Card("Ah") <= Card("Ah")
    assert max(cards) == Card("As")
    assert min(cards) == Card("2c")


def test_card_equality_and_hash() -> None:
    assert Card("Ah") == Card("ah") == Card("A♥") == Card.from_index(50)
    assert Card("Ah") != Card("As")
    assert hash(Card("Ah")) == hash(Card("AH"))
    assert len({Card(t) for t in ["Ah", "ah", "AH", "A♥", "As"]}) == 2
    # A card is not equal to its text or its index: the types differ.
    assert Card("Ah") != "Ah"


def test_card_is_usable_as_an_index() -> None:
    deck = list(range(100, 152))
    assert deck[Card("2d")] == 101


@pytest.mark.parametrize("text", ["Ah", "Tc", "2d", "As"])
def test_card_pickle_and_copy(text: str) -> None:
    card = Card(text)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol=protocol)) == card
    assert copy.copy(card) == card
    assert copy.deepcopy(card) == card


def test_card_is_immutable() -> None:
    card = Card("Ah")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]


@pytest.mark.parametrize(
    "text",
    [
        "1h",
        "Xx",
        "Ahh",
        "A",
        "h",
        "",
        " ",
        "AhKh",
        "Ah Kh",
        "Ah,Kh",
        "11h",
        "0h",
        "Ax",
        "Zs",
        "A♥♥",
    ],
)
def test_card_bad_text(text: str) -> None:
    err = raises_exactly(InvalidCardError, Card, text)
    assert f"'{text}'" in str(err)
    assert isinstance(err, PokerError)
    assert isinstance(err, ValueError)


def test_card_rejects_non_text() -> None:
    for bad in [50, 1.5, None, b"Ah", ["Ah"]]:
        err = raises_exactly(InvalidCardError, Card, bad)
        assert "from_index" in str(err)


@pytest.mark.parametrize("index", [-1, 52, 64, 1000, -(2**40)])
def test_card_from_bad_index(index: int) -> None:
    err = raises_exactly(InvalidCardError, Card.from_index, index)
    assert str(index) in str(err)


def test_card_message_is_a_sentence() -> None:
    err = raises_exactly(InvalidCardError, Card, "1x")
    assert str(err) == (
        "'1x' is not a card: expected a rank 2-9, T, J, Q, K, A followed by a suit c, d, h, s"
    )


# --------------------------------------------------------------------------- CardSet


@pytest.mark.parametrize(
    "text", ["AhKh", "Ah Kh", "Ah,Kh", "Ah, Kh", "ah kh", "A♥K♥", "KhAh", " Ah  Kh "]
)
def test_card_set_text_forms(text: str) -> None:
    cards = CardSet(text)
    assert cards == CardSet.from_mask((1 << 50) | (1 << 46))
    assert str(cards) == "AhKh"
    assert len(cards) == 2


def test_card_set_ten_forms() -> None:
    assert CardSet("10h10s") == CardSet("ThTs")
    assert CardSet("10h 10s") == CardSet("ThTs")
    assert CardSet("10h,Js") == CardSet("ThJs")


def cards_like_forms() -> list[object]:
    """Every cards-like spelling of the set {2c, Ah, Kh}."""
    two, ace, king = Card("2c"), Card("Ah"), Card("Kh")
    mask = (1 << 0) | (1 << 50) | (1 << 46)
    return [
        "2cAhKh",
        "Ah Kh 2c",
        "Ah,Kh,2c",
        CardSet("2cAhKh"),
        mask,
        [ace, king, two],
        (two, king, ace),
        {ace, king, two},
        frozenset({ace, two, king}),
        [50, 46, 0],
        ["Ah", "Kh", "2c"],
        [ace, 46, "2c"],
        iter([ace, king, two]),
        (c for c in ["2c", "Kh", "Ah"]),
        np.array([50, 46, 0], dtype=np.uint8),
        np.array([50, 46, 0], dtype=np.int64),
        np.array([0, 46, 50], dtype=np.int32),
    ]


@pytest.mark.parametrize("cards", cards_like_forms(), ids=lambda c: type(c).__name__)
def test_card_set_from_every_cards_like_form(cards: object) -> None:
    result = CardSet(cards)
    assert result.mask == (1 << 0) | (1 << 50) | (1 << 46)
    assert len(result) == 3
    assert str(result) == "AhKh2c"


def test_card_set_from_single_card_and_empty() -> None:
    assert CardSet(Card("Ah")) == CardSet("Ah")
    assert CardSet().mask == 0
    assert CardSet(None).mask == 0
    assert CardSet("").mask == 0
    assert CardSet([]).mask == 0
    assert CardSet(0).mask == 0
    assert len(CardSet()) == 0
    assert not CardSet()
    assert CardSet("Ah")
    assert str(CardSet()) == ""
    assert repr(CardSet()) == "CardSet('')"


def test_card_set_full_deck() -> None:
    everything = CardSet(ALL_TEXTS)
    assert len(everything) == 52
    assert everything.mask == (1 << 52) - 1
    assert everything == CardSet.from_mask((1 << 52) - 1)
    assert everything == ~CardSet()
    assert [int(c) for c in everything] == list(range(52))


@given(masks)
def test_card_set_mask_round_trip(mask: int) -> None:
    cards = CardSet.from_mask(mask)
    assert cards.mask == mask
    assert CardSet(mask) == cards
    assert len(cards) == bin(mask).count("1")
    indices = [int(c) for c in cards]
    assert indices == sorted(indices)
    assert indices == [i for i in range(52) if mask >> i & 1]
    assert CardSet(indices) == cards
    assert CardSet(str(cards)) == cards
    assert CardSet(list(cards)) == cards


def test_card_set_iteration_is_ascending() -> None:
    cards = CardSet("As 2c Kh 2s 7d")
    assert [str(c) for c in cards] == ["2c", "2s", "7d", "Kh", "As"]
    assert all(isinstance(c, Card) for c in cards)
    assert list(cards) == sorted(cards)
    # Iterating twice gives the same cards.
    assert list(cards) == list(cards)


def test_card_set_str_and_repr() -> None:
    cards = CardSet("2c As Kh")
    assert str(cards) == "AsKh2c"
    assert repr(cards) == "CardSet('AsKh2c')"
    assert CardSet(str(cards)) == cards
    assert eval(repr(cards), {"CardSet": CardSet}) == cards


def test_card_set_contains() -> None:
    cards = CardSet("AhKhQh")
    assert Card("Ah") in cards
    assert "Kh" in cards
    assert "kh" in cards
    assert "AhKh" in cards
    assert CardSet("AhQh") in cards
    assert "As" not in cards
    assert "AhAs" not in cards
    assert Card("2c") not in cards
    # The empty set is not "in" anything.
    assert "" not in cards


def test_card_set_algebra() -> None:
    a = CardSet("AhKhQh")
    b = CardSet("KhQhJh")
    assert a | b == CardSet("AhKhQhJh")
    assert a & b == CardSet("KhQh")
    assert a - b == CardSet("Ah")
    assert b - a == CardSet("Jh")
    assert a ^ b == CardSet("AhJh")
    assert ~a == CardSet.from_mask(((1 << 52) - 1) & ~a.mask)
    assert len(~a) == 49
    assert ~~a == a
    assert a.isdisjoint("2c")
    assert not a.isdisjoint(b)
    assert CardSet("AhKh").issubset(a)
    assert a.issuperset("AhKh")
    assert not a.issubset(b)


def test_card_set_algebra_with_cards_like_operands() -> None:
    a = CardSet("AhKh")
    assert a | "Qh" == CardSet("AhKhQh")
    assert "Qh" | a == CardSet("AhKhQh")
    assert a | Card("Qh") == CardSet("AhKhQh")
    assert a | [Card("Qh"), "Jh"] == CardSet("AhKhQhJh")
    assert a & "Ah" == CardSet("Ah")
    assert "Ah" & a == CardSet("Ah")
    assert a - "Ah" == CardSet("Kh")
    assert "AhQh" - a == CardSet("Qh")
    assert a ^ "KhQh" == CardSet("AhQh")
    assert "KhQh" ^ a == CardSet("AhQh")
    assert a | Card("Qh").mask == CardSet("AhKhQh")


@given(masks, masks)
def test_card_set_algebra_matches_masks(x: int, y: int) -> None:
    a, b = CardSet.from_mask(x), CardSet.from_mask(y)
    full = (1 << 52) - 1
    assert (a | b).mask == x | y
    assert (a & b).mask == x & y
    assert (a - b).mask == x & ~y
    assert (a ^ b).mask == x ^ y
    assert (~a).mask == full & ~x
    assert set(a | b) == set(a) | set(b)
    assert set(a & b) == set(a) & set(b)
    assert set(a - b) == set(a) - set(b)


def test_card_set_is_immutable_under_algebra() -> None:
    a = CardSet("AhKh")
    _ = a | "Qh"
    _ = a - "Ah"
    _ = ~a
    assert a == CardSet("AhKh")


def test_card_set_equality_hash_pickle() -> None:
    a = CardSet("AhKh")
    assert a == CardSet("KhAh") == CardSet([50, 46])
    assert hash(a) == hash(CardSet("Kh Ah"))
    assert a != CardSet("AhKs")
    assert len({CardSet("AhKh"), CardSet("KhAh"), CardSet("Ah")}) == 2
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(a, protocol=protocol)) == a
    empty = CardSet()
    assert pickle.loads(pickle.dumps(empty)) == empty
    assert copy.deepcopy(a) == a


@pytest.mark.parametrize(
    ("cards", "bad"),
    [
        ("Xx", "'Xx'"),
        ("AhXx", "'Xx'"),
        ("Ah Kx", "'Kx'"),
        ("Ah,1h", "'1h'"),
        (["Ah", "Zz"], "'Zz'"),
        ([0, 52], "52"),
        ([-1], "-1"),
        (np.array([3, 60], dtype=np.uint8), "60"),
    ],
    ids=repr,
)
def test_card_set_invalid_cards(cards: object, bad: str) -> None:
    err = raises_exactly(InvalidCardError, CardSet, cards)
    assert bad in str(err)


@pytest.mark.parametrize(
    ("cards", "bad"),
    [
        ("AhAh", "Ah"),
        ("Ah Kh ah", "Ah"),
        ("Ah,A♥", "Ah"),
        ([0, 0], "2c"),
        ([Card("Kh"), "Kh"], "Kh"),
        ([Card("Ts"), 35], "Ts"),
        (np.array([5, 5], dtype=np.uint8), "3d"),
    ],
    ids=repr,
)
def test_card_set_duplicate_cards(cards: object, bad: str) -> None:
    err = raises_exactly(DuplicateCardError, CardSet, cards)
    assert bad in str(err)
    assert isinstance(err, PokerError)


# A stable id for the bare object (its repr holds an address, which differs between the
# processes of a parallel run, and they must collect the same tests).
@pytest.mark.parametrize(
    "bad",
    [1.5, object(), [1.5], [None], [[0]]],
    ids=lambda v: "object()" if type(v) is object else repr(v),
)
def test_card_set_not_cards(bad: object) -> None:
    err = raises_exactly(InvalidCardError, CardSet, bad)
    assert "is not cards" in str(err)


@pytest.mark.parametrize("mask", [1 << 52, 1 << 63, (1 << 52) | 1])
def test_card_set_mask_out_of_range(mask: int) -> None:
    err = raises_exactly(InvalidCardError, CardSet.from_mask, mask)
    assert hex(mask) in str(err)
    err = raises_exactly(InvalidCardError, CardSet, mask)
    assert hex(mask) in str(err)


@pytest.mark.parametrize("mask", [-1, 1 << 64, 1 << 100])
def test_card_set_int_that_is_no_mask(mask: int) -> None:
    err = raises_exactly(InvalidCardError, CardSet, mask)
    assert str(mask) in str(err)


def test_card_set_bad_operands() -> None:
    a = CardSet("AhKh")
    raises_exactly(InvalidCardError, a.__or__, "Xx")
    raises_exactly(DuplicateCardError, a.__and__, "QhQh")
    raises_exactly(InvalidCardError, a.__sub__, 1 << 60)
    raises_exactly(InvalidCardError, a.__contains__, "Xx")
    assert a == CardSet("AhKh")


# --------------------------------------------------------------------------- Deck


def dealt_order(deck: Deck) -> list[int]:
    return [int(c) for c in deck.deal(deck.remaining)]


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**63, 2**64 - 1])
def test_deck_is_a_permutation(seed: int) -> None:
    deck = Deck(seed=seed)
    assert deck.remaining == 52
    assert len(deck) == 52
    assert deck.seed == seed
    order = dealt_order(deck)
    assert sorted(order) == list(range(52))
    assert deck.remaining == 0


@pytest.mark.parametrize("seed", [0, 2**31, 2**63 - 1, 2**63, 2**64 - 1])
def test_int_arguments_read_the_same_by_every_path(seed: int) -> None:
    """A plain int is read by a 64-bit fast path; an object with ``__index__`` (a NumPy
    integer) by the general one: the same seed either way, at every boundary."""
    assert dealt_order(Deck(seed=seed)) == dealt_order(Deck(seed=np.uint64(seed)))
    assert Deck(seed=seed).seed == seed


@pytest.mark.parametrize("seed", [-1, -(2**63) - 1, 2**64, 2**100])
def test_seeds_beyond_64_bits_are_named(seed: int) -> None:
    with pytest.raises(InvalidSpecError, match=f"seed={seed} is not allowed"):
        Deck(seed=seed)


def test_deck_same_seed_same_order() -> None:
    for seed in [0, 1, 99, 2**40 + 3]:
        assert dealt_order(Deck(seed=seed)) == dealt_order(Deck(seed=seed))
        assert Deck(seed=seed) == Deck(seed=seed)


def test_deck_different_seeds_differ() -> None:
    orders = {tuple(dealt_order(Deck(seed=seed))) for seed in range(200)}
    assert len(orders) == 200
    # It is shuffled: not the index order.
    assert tuple(range(52)) not in orders


def test_deck_seed_is_positional_or_keyword() -> None:
    assert dealt_order(Deck(5)) == dealt_order(Deck(seed=5))


def test_deck_without_seed_is_random_and_reports_its_seed() -> None:
    a, b = Deck(), Deck()
    assert isinstance(a.seed, int)
    assert a.seed != b.seed
    assert dealt_order(Deck(seed=a.seed)) == dealt_order(a)


def test_deck_deal_and_burn() -> None:
    full = dealt_order(Deck(seed=42))
    deck = Deck(seed=42)
    first = deck.deal(2)
    assert [int(c) for c in first] == full[:2]
    assert all(isinstance(c, Card) for c in first)
    assert deck.remaining == 50
    burned = deck.burn()
    assert isinstance(burned, Card)
    assert int(burned) == full[2]
    assert deck.remaining == 49
    assert [int(c) for c in deck.deal()] == [full[3]]
    assert [int(c) for c in deck.deal(3)] == full[4:7]
    assert deck.deal(0) == []
    assert deck.remaining == 45
    assert [int(c) for c in deck.dealt] == full[:7]
    assert [int(c) for c in deck.undealt] == full[7:]
    assert repr(deck) == "<Deck seed=42 remaining=45>"


def test_deck_deal_indices_deals_the_same_cards_as_deal() -> None:
    full = dealt_order(Deck(seed=8))
    deck = Deck(seed=8)
    assert deck.deal_indices(3) == full[:3]
    assert [int(c) for c in deck.deal(2)] == full[3:5]
    assert deck.deal_indices() == [full[5]]
    assert deck.deal_indices(0) == []
    assert deck.remaining == 46
    with pytest.raises(CardCountError, match="cannot deal -1 cards"):
        deck.deal_indices(-1)
    with pytest.raises(PokerError):
        deck.deal_indices(47)
    assert deck.remaining == 46


def test_deck_dead_cards() -> None:
    dead = CardSet("AhKh2c")
    deck = Deck(seed=3, dead=dead)
    assert deck.remaining == 49
    order = [int(c) for c in deck.deal(49)]
    assert sorted(order) == sorted(set(range(52)) - {int(c) for c in dead})
    for form in ["Ah Kh 2c", [Card("Ah"), "Kh", 0], dead.mask, dead]:
        assert Deck(seed=3, dead=form) == Deck(seed=3, dead=dead)
    assert Deck(seed=3, dead=None) == Deck(seed=3)
    assert Deck(seed=3, dead=ALL_TEXTS).remaining == 0


def test_deck_from_cards_deals_that_order() -> None:
    deck = Deck.from_cards("AsKsQs 2c")
    assert deck.seed is None
    assert deck.remaining == 4
    assert deck.deal(2) == [Card("As"), Card("Ks")]
    assert deck.burn() == Card("Qs")
    assert deck.deal(1) == [Card("2c")]
    assert deck.remaining == 0
    assert repr(Deck.from_cards("Ah")) == "<Deck remaining=1>"
    assert Deck.from_cards([51, "Ah", Card("2c")]).undealt == [Card("As"), Card("Ah"), Card("2c")]
    assert Deck.from_cards([]).remaining == 0
    # A set or a mask has no order of its own: ascending index.
    assert Deck.from_cards(0b1011).undealt == [Card("2c"), Card("2d"), Card("2s")]


def test_deck_from_cards_replays_a_shuffle() -> None:
    shuffled = Deck(seed=11).undealt
    assert Deck.from_cards(shuffled).deal(52) == shuffled


@pytest.mark.parametrize(
    ("make", "exc", "bad"),
    [
        (lambda: Deck.from_cards("AhAh"), DuplicateCardError, "Ah"),
        (lambda: Deck.from_cards([0, 0]), DuplicateCardError, "2c"),
        (lambda: Deck.from_cards("Ah Xx"), InvalidCardError, "'Xx'"),
        (lambda: Deck.from_cards([52]), InvalidCardError, "52"),
        (lambda: Deck(seed=1, dead="AhAh"), DuplicateCardError, "Ah"),
        (lambda: Deck(seed=1, dead="Xx"), InvalidCardError, "'Xx'"),
        (lambda: Deck(seed=1, dead=1 << 60), InvalidCardError, hex(1 << 60)),
    ],
)
def test_deck_bad_construction(make: object, exc: type[PokerError], bad: str) -> None:
    err = raises_exactly(exc, make)
    assert bad in str(err)


def test_failed_deal_changes_nothing() -> None:
    deck = Deck(seed=9)
    deck.deal(40)
    before = deck.undealt
    err = raises_exactly(CardCountError, deck.deal, 13)
    assert "13" in str(err)
    assert "12" in str(err)
    assert deck.remaining == 12
    assert deck.undealt == before
    assert len(deck.deal(12)) == 12
    raises_exactly(CardCountError, deck.burn)
    raises_exactly(CardCountError, deck.deal)
    assert deck.remaining == 0
    assert deck.deal(0) == []


def test_failed_deal_on_a_fresh_deck() -> None:
    deck = Deck(seed=9)
    err = raises_exactly(CardCountError, deck.deal, 53)
    assert "53" in str(err)
    assert deck.remaining == 52
    assert deck == Deck(seed=9)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.lists(st.integers(0, 10), max_size=8))
def test_deck_deals_are_a_prefix_of_the_shuffle(seed: int, sizes: Iterable[int]) -> None:
    full = Deck(seed=seed).undealt
    deck = Deck(seed=seed)
    got: list[Card] = []
    for n in sizes:
        if n > deck.remaining:
            with pytest.raises(CardCountError):
                deck.deal(n)
        else:
            got.extend(deck.deal(n))
        assert deck.remaining == 52 - len(got)
    assert got == full[: len(got)]
    assert deck.undealt == full[len(got) :]


# --------------------------------------------------------------------------- errors


def test_error_hierarchy() -> None:
    for exc in (InvalidCardError, DuplicateCardError, CardCountError):
        assert issubclass(exc, PokerError)
        assert issubclass(exc, ValueError)
    with pytest.raises(ValueError, match="'Qx'"):
        Card("Qx")


@given(card_indices)
def test_index_text_round_trip(index: int) -> None:
    card = Card.from_index(index)
    assert Card(str(card)) == card
    assert CardSet([index]) == CardSet(card) == CardSet(str(card))
    assert list(CardSet([index])) == [card]
