"""The service's request and response bodies (pydantic models, published in OpenAPI)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "EquityRequest",
    "EquityResponse",
    "ErrorBody",
    "ErrorResponse",
    "EvaluateRequest",
    "EvaluateResponse",
    "Health",
]

Game = Literal["holdem", "omaha", "omaha-hilo"]
PlayerText = Annotated[str, Field(max_length=400)]
CardsText = Annotated[str, Field(max_length=80)]
Probability = Annotated[float, Field(ge=0, le=1)]


class EquityRequest(BaseModel):
    """An equity question: 2 to 10 players, an optional board and dead cards."""

    model_config = ConfigDict(extra="forbid")

    players: list[PlayerText | None] = Field(
        min_length=2,
        max_length=10,
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
    seed: int | None = Field(
        None, ge=0, le=2**63 - 1, description="Monte Carlo seed: same seed, same answer."
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


class PlayerResult(BaseModel):
    """One player's chances."""

    player: str
    equity: Probability
    win: Probability
    tie: Probability
    lose: Probability
    stderr: float
    high: float | None
    low: float | None
    scoop: float | None
    categories: dict[str, Probability] | None = Field(
        description="Chance of each final hand; null when not counted (by_hand before the flop)."
    )
    by_hand: dict[str, Probability] | None = Field(
        None, description="With by_hand: each hand ('AhKh') and its equity."
    )
    by_class: dict[str, Probability] | None = Field(
        None, description="With by_hand: each hand class ('AKs') and its equity."
    )


class EquityResponse(BaseModel):
    """Each player's equity, and how it was computed."""

    game: Game
    method: Literal["exact", "monte-carlo"]
    exact: bool
    deals: int
    stderr: float
    seed: int | None
    players: list[PlayerResult]
    elapsed_ms: float
    cached: bool


class EvaluateRequest(BaseModel):
    """A hand to rank: Hold'em ``cards`` (5-7), or Omaha ``hole`` and ``board``."""

    model_config = ConfigDict(extra="forbid")

    game: Game = "holdem"
    cards: CardsText | None = Field(None, examples=["AsKsQsJsTs"])
    hole: CardsText | None = None
    board: CardsText | None = None


class HighResult(BaseModel):
    """A high hand."""

    rank: int
    category: str
    description: str
    best_five: list[str]


class LowResult(BaseModel):
    """An eight-or-better low."""

    rank: int
    description: str


class EvaluateResponse(BaseModel):
    """The hand's rank."""

    game: Game
    high: HighResult
    low: LowResult | None


class Health(BaseModel):
    """The service is up."""

    status: Literal["ok"]
    version: str


class ErrorBody(BaseModel):
    """What was wrong: ``field`` names the part of the request at fault."""

    type: str
    field: str | None
    message: str


class ErrorResponse(BaseModel):
    """Every 4xx/5xx answer."""

    error: ErrorBody
