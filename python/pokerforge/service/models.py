"""The service's request and response bodies (pydantic models, published in OpenAPI).

Requests are strict: a number given as text (``"samples": "100"``), a boolean for a
number (``"seed": false``) or a number for text is refused, never converted.

Seeds are 64-bit (0 to 2**64 - 1). JavaScript numbers hold integers exactly only up to
2**53, so responses give the seed as a decimal string, and requests take it as a string
or as an integer: a seed sent back as the response gave it replays the answer.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from pokerforge._core import MAX_PLAYERS
from pokerforge.errors import PokerError
from pokerforge.games import ALIASES, GAMES, game_name
from pokerforge.games import Game as CanonicalGame
from pokerforge.service.refusal import explain
from pokerforge.service.work import MAX_SEED, FieldError, Job, Limits, plan_equity

__all__ = [
    "CategoryName",
    "EquityRequest",
    "EquityResponse",
    "ErrorBody",
    "ErrorResponse",
    "EvaluateRequest",
    "EvaluateResponse",
    "Health",
]


def _canonical_game(value: object) -> object:
    """An alias of a game (``"plo"``, ``"omaha8"``, ...) becomes its canonical name; anything
    else goes on as sent, for the ``Literal`` to accept or refuse."""
    try:
        return game_name(value) if isinstance(value, str) else value
    except PokerError:
        return value


Game = Annotated[
    CanonicalGame,
    BeforeValidator(_canonical_game),
    Field(
        description=", ".join(GAMES)
        + "; the aliases "
        + ", ".join(ALIASES)
        + " (any case) are accepted and answered under the canonical name."
    ),
]
EvaluateGame = Game
"""Every game the evaluators rank: every game."""
TripsBeatStraight = Annotated[
    bool | None,
    Field(
        description="Short deck: whether three of a kind ranks above a straight (default "
        "true, as GameSpec); false keeps Hold'em's order. Refused for other games."
    ),
]
PlayerText = Annotated[str, Field(max_length=400)]
CardsText = Annotated[str, Field(max_length=80)]
Probability = Annotated[float, Field(ge=0, le=1)]
SeedInt = Annotated[int, Field(ge=0, le=MAX_SEED)]
SeedText = Annotated[str, StringConstraints(pattern=r"^[0-9]{1,20}$")]
Draw = Annotated[
    int | Annotated[str, Field(max_length=40)] | None,
    Field(description="A number of cards (0-5), 'pat', the cards to throw, or null (policy)."),
]


class EquityRequest(BaseModel):
    """An equity question: 2 to 10 players, an optional board and dead cards."""

    model_config = ConfigDict(extra="forbid", strict=True)

    players: list[PlayerText | None] = Field(
        min_length=2,
        max_length=MAX_PLAYERS,
        description="Each a hand ('AhKh'; Omaha 4-6 cards), a Hold'em range "
        "('QQ+, AKs, 0.5(JJ)') or 'random' (also null or '').",
        examples=[["AhKh", "QsQd"]],
    )
    board: CardsText = Field("", description="0, 3, 4 or 5 board cards, e.g. '2c7d9h'.")
    dead: CardsText = Field("", description="Cards out of play.")
    game: Game = "holdem"
    method: Literal["auto", "exact", "monte-carlo"] = Field(
        "auto",
        description="'auto': exact when it fits the time limit, else Monte Carlo.",
    )
    samples: int | None = Field(
        None, ge=1, description="Monte Carlo samples (at most the server's maximum)."
    )
    seed: SeedInt | SeedText | None = Field(
        None,
        description="Monte Carlo seed, 0 to 2**64 - 1, as an integer or a decimal string "
        "(responses give it as a string: JavaScript numbers are exact only to 2**53). The "
        "same seed and samples give the same answer. Not allowed with method 'exact'.",
    )
    time_limit: float | None = Field(
        None, gt=0, description="Seconds of work at most (at most the server's maximum)."
    )
    by_hand: bool = Field(
        False,
        description="Also each hand and hand class of both players with its own equity "
        "(Hold'em heads-up, exact; before the flop without dead cards, and then without "
        "categories).",
    )
    trips_beat_straight: TripsBeatStraight = None
    draws: list[Draw] | None = Field(
        None,
        max_length=MAX_PLAYERS,
        description="Draw games: each player's next draw, in order: a number of cards (its "
        "worst), 'pat', the cards to throw (a known hand's), or null for the game's drawing "
        "policy, which also plays every later draw (default: the policy for all). Refused "
        "in the other games.",
        examples=[["pat", 1]],
    )
    draw_rounds: int | None = Field(
        None,
        description="Draw games: drawing rounds left, 0 up to the game's 1 or 3 (default: "
        "all of them).",
    )

    def seed_value(self) -> int | None:
        """The seed as an integer (requests may send it as a decimal string).

        Raises:
            FieldError: the seed is past 2**64 - 1.
        """
        if self.seed is None:
            return None
        seed = int(self.seed)
        if seed > MAX_SEED:
            raise FieldError("seed", f"{self.seed} is over the largest seed, 2**64 - 1")
        return seed

    def plan(self, limits: Limits) -> Job:
        """Checks this request and decides how to run it within ``limits``.

        Raises:
            FieldError: naming the field at fault (see `plan_equity()`).
        """
        if self.method == "exact" and self.seed is not None:
            raise FieldError("seed", "a seed is for Monte Carlo; method 'exact' takes none")
        return plan_equity(
            list(self.players),
            board=self.board,
            dead=self.dead,
            game=self.game,
            method=self.method,
            samples=self.samples,
            time_limit=self.time_limit,
            limits=limits,
            by_hand=self.by_hand,
            trips_beat_straight=self.trips_beat_straight,
            draws=self.draws,
            draw_rounds=self.draw_rounds,
        )


class PlayerResult(BaseModel):
    """One player's chances."""

    player: str
    equity: Probability
    win: Probability
    tie: Probability
    lose: Probability
    stderr: float
    high: float | None = Field(
        description="Hi-lo: the share of the pot won from the high half (high + low = "
        "equity); null in the other games."
    )
    low: float | None = Field(
        description="Hi-lo: the share of the pot won from the low half; null otherwise."
    )
    scoop: float | None = Field(
        description="Hi-lo: the deals won whole (both halves, or the high alone when no low "
        "qualifies; win counts the same deals, tie those won in part); null otherwise."
    )
    categories: dict[str, Probability] | None = Field(
        description="Chance of each final hand, by the keys of the answer's categories; null "
        "when not counted (by_hand before the flop)."
    )
    by_hand: dict[str, Probability] | None = Field(
        None, description="With by_hand: each hand ('AhKh') and its equity."
    )
    by_class: dict[str, Probability] | None = Field(
        None, description="With by_hand: each hand class ('AKs') and its equity."
    )
    discards: list[str] | None = Field(
        None,
        description="Draw games: the cards the player throws at the next draw ([] standing "
        "pat; null when its cards are not known). Null in the other games.",
    )
    final_hands: dict[str, Probability] | None = Field(
        None,
        description="Draw games: the chance of each final hand, by the game's names ('7-low', "
        "'4-high badugi'), best first. Null in the other games.",
    )


class CategoryName(BaseModel):
    """A final-hand category of the game: its key in each player's categories and its
    name in the words of the game's kind of hand."""

    key: str = Field(examples=["high_card"])
    name: str = Field(examples=["No pair"])


class EquityResponse(BaseModel):
    """Each player's equity, and how it was computed."""

    game: Game
    hand: str = Field(
        description="What the game's hands are called, the kind its categories are of: "
        "'high hand' (a hi-lo game's high), 'ace-to-five low', 'deuce-to-seven low' or "
        "'badugi'.",
        examples=["ace-to-five low"],
    )
    categories: list[CategoryName] = Field(
        description="The game's final-hand categories, best first, named in its words "
        "(razz's made low is 'No pair'); empty in badugi, whose final_hands are its own."
    )
    method: Literal["exact", "monte-carlo"]
    exact: bool
    deals: int
    stderr: float
    seed: str | None = Field(description="The seed as a decimal string (null when exact).")
    samples: int | None = Field(
        description="Monte Carlo deals counted (null when exact): sending seed and samples "
        "back replays the answer exactly, even one stopped by its time limit."
    )
    players: list[PlayerResult]
    elapsed_ms: float
    cached: bool


class EvaluateRequest(BaseModel):
    """A hand to rank: ``cards`` (5-7: Hold'em, short deck, the stud games; the draw
    games' whole hand: 5, badugi 4), or Omaha ``hole`` and ``board``."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: EvaluateGame = "holdem"
    cards: CardsText | None = Field(None, examples=["AsKsQsJsTs"])
    hole: CardsText | None = None
    board: CardsText | None = None
    trips_beat_straight: TripsBeatStraight = None


class HighResult(BaseModel):
    """A high hand."""

    rank: int
    category: str
    description: str
    best_five: list[str]


class LowResult(BaseModel):
    """A low hand: the eight-or-better low of the hi-lo games (rank 1 to 56), razz's and
    ace-to-five triple draw's ace-to-five low (rank 1 to 6175), deuce-to-seven's low (rank
    1 to 7462) or a badugi (rank 1 to 1092); greater is better."""

    rank: int
    description: str


class EvaluateResponse(BaseModel):
    """The hand's rank."""

    game: EvaluateGame
    high: HighResult | None = Field(
        description="The high hand; null in razz, the lowball draw games and badugi."
    )
    low: LowResult | None


class Health(BaseModel):
    """The service is up."""

    status: Literal["ok"]
    version: str
    pid: int = Field(description="The worker process that answered.")


class ErrorBody(BaseModel):
    """What was wrong: ``field`` names the part of the request at fault, ``code`` the kind
    of refusal and ``values`` what the message names, so a client can say it in its own
    language (pokerforge.service.refusal lists the codes)."""

    type: str
    field: str | None
    message: str
    code: str = Field(default="", description="The kind of refusal: bad_card, duplicate_card, ...")
    values: dict[str, str] = Field(default_factory=dict, description="The values it names.")

    @model_validator(mode="after")
    def _explained(self) -> ErrorBody:
        if not self.code:
            self.code, self.values = explain(self.message)
        return self


class ErrorResponse(BaseModel):
    """Every 4xx/5xx answer."""

    error: ErrorBody
