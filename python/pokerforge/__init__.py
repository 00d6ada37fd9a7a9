"""pokerforge: a poker engine for Python with a Rust core.

Cards and evaluators ([`pokerforge.cards`][pokerforge.cards], [`pokerforge.eval`][pokerforge.eval]),
equity ([`pokerforge.equity`][pokerforge.equity]) and the rules of the game
([`pokerforge.game`][pokerforge.game]).

Examples:
    >>> import pokerforge
    >>> pokerforge.evaluate("AsKsQsJsTs").describe()
    'Royal flush'
    >>> hand = pokerforge.game.Hand(pokerforge.game.GameSpec(blinds=(1, 2)), stacks=[100, 100])
    >>> hand.legal_actions().call
    1
"""

import importlib
from typing import TYPE_CHECKING, Any

from pokerforge._core import __version__
from pokerforge.cards import Card, CardSet, Deck, Rank, Suit
from pokerforge.equity import EquityResult, PlayerEquity, Range, equity
from pokerforge.errors import (
    CardCountError,
    DuplicateCardError,
    IllegalActionError,
    InvalidArrayError,
    InvalidCardError,
    InvalidRangeError,
    InvalidSpecError,
    PokerError,
    PolicyError,
    RangeLimitError,
    SimBackendError,
)
from pokerforge.eval import (
    A5LowRank,
    BadugiRank,
    Category,
    HandRank,
    Low27Rank,
    LowRank,
    ShortDeckRank,
    evaluate,
    evaluate_badugi,
    evaluate_badugi_many,
    evaluate_class,
    evaluate_low_27,
    evaluate_low_27_many,
    evaluate_low_a5,
    evaluate_low_a5_many,
    evaluate_many,
    evaluate_omaha,
    evaluate_omaha_hilo,
    evaluate_omaha_hilo_many,
    evaluate_omaha_low,
    evaluate_omaha_low_many,
    evaluate_omaha_many,
    evaluate_short_deck,
    evaluate_short_deck_many,
)
from pokerforge.preflop import HAND_CLASSES, preflop_matrix

__all__ = [
    "HAND_CLASSES",
    "A5LowRank",
    "BadugiRank",
    "Card",
    "CardCountError",
    "CardSet",
    "Category",
    "Deck",
    "DuplicateCardError",
    "EquityResult",
    "HandRank",
    "IllegalActionError",
    "InvalidArrayError",
    "InvalidCardError",
    "InvalidRangeError",
    "InvalidSpecError",
    "Low27Rank",
    "LowRank",
    "PlayerEquity",
    "PokerError",
    "PolicyError",
    "Range",
    "RangeLimitError",
    "Rank",
    "ShortDeckRank",
    "SimBackendError",
    "Suit",
    "__version__",
    "equity",
    "evaluate",
    "evaluate_badugi",
    "evaluate_badugi_many",
    "evaluate_class",
    "evaluate_low_27",
    "evaluate_low_27_many",
    "evaluate_low_a5",
    "evaluate_low_a5_many",
    "evaluate_many",
    "evaluate_omaha",
    "evaluate_omaha_hilo",
    "evaluate_omaha_hilo_many",
    "evaluate_omaha_low",
    "evaluate_omaha_low_many",
    "evaluate_omaha_many",
    "evaluate_short_deck",
    "evaluate_short_deck_many",
    "game",
    "icm",
    "preflop_matrix",
    "sim",
]

if TYPE_CHECKING:
    from pokerforge import game, icm, sim

# The game engine and the simulations load on first use (``pokerforge.game``), so that
# ``import pokerforge`` stays quick for programs that only evaluate hands or ask equities.
_LAZY = frozenset({"game", "icm", "sim"})


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module = importlib.import_module(f"pokerforge.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module 'pokerforge' has no attribute {name!r}")
