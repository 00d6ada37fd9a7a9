"""The game engine: specifications, single hands, betting, pots and showdown.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=7)
    >>> hand.positions
    ('BTN', 'BB')
    >>> _ = hand.call(); _ = hand.check()
    >>> hand.street, len(hand.board)
    (<Street.FLOP: 1>, 3)
"""

from pokerforge.game.actions import (
    Action,
    Award,
    Bet,
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    DealUp,
    Discard,
    Event,
    Exposed,
    Fold,
    LegalActions,
    Muck,
    PostAnte,
    PostBlind,
    Raise,
    RakeTaken,
    Record,
    ReturnBet,
    RunIt,
    Runout,
    Show,
    StandPat,
    Street,
)
from pokerforge.game.dealer import Dealer, Procedure
from pokerforge.game.decision import Decision, DecisionKind, Policy, play
from pokerforge.game.hand import Hand
from pokerforge.game.multitable import Move, MultiTableTournament
from pokerforge.game.phh import (
    InvalidHistoryError,
    RecordMismatchError,
    from_phh,
    load_many,
    load_phh,
    loads_phh,
    to_phh,
)
from pokerforge.game.pots import Pot
from pokerforge.game.profile import DEFAULT_RULES, TDA_2024, RuleProfile
from pokerforge.game.rake import Rake
from pokerforge.game.rotation import Rotation
from pokerforge.game.spec import GameSpec
from pokerforge.game.state import HandState
from pokerforge.game.table import Seat, Table, TableHand
from pokerforge.game.tournament import BlindSchedule, Level, Tournament
from pokerforge.game.view import HandView, LazyHandView, PublicState
from pokerforge.games import ROWS as VARIANTS

__all__ = [
    "DEFAULT_RULES",
    "TDA_2024",
    "VARIANTS",
    "Action",
    "Award",
    "Bet",
    "BlindSchedule",
    "BringIn",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "DealUp",
    "Dealer",
    "Decision",
    "DecisionKind",
    "Discard",
    "Event",
    "Exposed",
    "Fold",
    "GameSpec",
    "Hand",
    "HandState",
    "HandView",
    "InvalidHistoryError",
    "LazyHandView",
    "LegalActions",
    "Level",
    "Move",
    "Muck",
    "MultiTableTournament",
    "Policy",
    "PostAnte",
    "PostBlind",
    "Pot",
    "Procedure",
    "PublicState",
    "Raise",
    "Rake",
    "RakeTaken",
    "Record",
    "RecordMismatchError",
    "ReturnBet",
    "Rotation",
    "RuleProfile",
    "RunIt",
    "Runout",
    "Seat",
    "Show",
    "StandPat",
    "Street",
    "Table",
    "TableHand",
    "Tournament",
    "from_phh",
    "load_many",
    "load_phh",
    "loads_phh",
    "play",
    "to_phh",
]
