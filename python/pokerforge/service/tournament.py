"""The service's tournament endpoints: ICM prize equity and push/fold equilibria.

``POST /v1/icm`` answers each player's prize equity (exact Malmuth-Harville or
Malmuth-Weitzman), and on request the bubble factors and risk premiums between every pair
of players; ``POST /v1/pushfold`` answers the push/fold equilibrium of a table of 2 to 10
players (ranges in the engine's syntax, 13x13 charts, the exploitability reached). The
core checks every value and names the one at fault; this module adds only the server's
policy: fields bounded in size, exact ICM only (up to 22 players with chips), the pairwise
factors up to 12 players, and an equilibrium stopped at the server's time limit (the
answer then says it did not converge). The work waits its turn on the same fair queue as
equity requests.

Examples:
    >>> from pokerforge.service import create_app
    >>> from pokerforge.service.work import Limits
    >>> paths = create_app(Limits(workers=1)).openapi()["paths"]
    >>> sorted(path for path in paths if path in ("/v1/icm", "/v1/pushfold"))
    ['/v1/icm', '/v1/pushfold']
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from pokerforge.errors import PokerError
from pokerforge.icm import bubble_factors, icm, push_fold_table
from pokerforge.icm.model import premiums_of
from pokerforge.service.calculator import Queue
from pokerforge.service.clients import UnknownKeyError
from pokerforge.service.models import ErrorBody, ErrorResponse
from pokerforge.service.queue import BusyError, ClientGoneError
from pokerforge.service.work import Limits

__all__ = ["MAX_FACTOR_PLAYERS", "MAX_ICM_PLAYERS", "mount_tournament"]

MAX_ICM_PLAYERS = 22
"""The most stacks ``/v1/icm`` takes: the exact method's limit."""

MAX_FACTOR_PLAYERS = 12
"""The most stacks for bubble factors and risk premiums (two exact ICM computations per
pair of players)."""

# Strict as on the equity routes: "1" or true is not an amount (they were read as 1).
_Amount = Annotated[float, Field(ge=0, allow_inf_nan=False, strict=True)]

_ERRORS: dict[int | str, dict[str, Any]] = {
    422: {"model": ErrorResponse, "description": "A request field is wrong."},
    429: {"model": ErrorResponse, "description": "This client has too much work waiting."},
    503: {"model": ErrorResponse, "description": "The server is busy or restarting."},
}


class IcmRequest(BaseModel):
    """Stacks and a payout table."""

    model_config = ConfigDict(extra="forbid")

    stacks: list[_Amount] = Field(
        min_length=1, max_length=MAX_ICM_PLAYERS, examples=[[5000, 3000, 2000]]
    )
    payouts: list[_Amount] = Field(
        min_length=1, max_length=1000, description="Prizes from first place down."
    )
    model: Literal["harville", "weitzman"] = "harville"
    bubble: bool = Field(
        False,
        strict=True,
        description=f"Add bubble factors and risk premiums (up to {MAX_FACTOR_PLAYERS} players).",
    )


class IcmResponse(BaseModel):
    """Each player's prize equity, exactly, and on request what chips are worth between
    every pair of players (``null`` where the ratio has no meaning)."""

    equities: list[float]
    bubble_factors: list[list[float | None]] | None = None
    risk_premiums: list[list[float | None]] | None = None
    elapsed_ms: float


class PushFoldRequest(BaseModel):
    """A push/fold table: stacks before the forced bets, in first-in order."""

    model_config = ConfigDict(extra="forbid")

    stacks: list[_Amount] = Field(
        min_length=2,
        max_length=10,
        description="Chips of each player, the first to act first and the big blind last.",
        examples=[[12, 9, 15, 7]],
    )
    blinds: tuple[_Amount, _Amount] = (0.5, 1.0)
    ante: _Amount = 0.0
    payouts: list[_Amount] | None = Field(
        None, max_length=1000, description="Prizes from first place down (ICM); null: chips."
    )
    others: list[_Amount] = Field(
        [], max_length=12, description="Stacks of players at other tables (ICM)."
    )
    model: Literal["harville", "weitzman"] = "harville"
    tolerance: float = Field(
        1e-4,
        strict=True,
        ge=1e-6,
        le=1.0,
        description="Exploitability to stop at, in big blinds (by ICM their worth in prize "
        "equity) per hand.",
    )


class CallRange(BaseModel):
    """A position's calling range against an earlier position's shove."""

    shover: str
    caller: str
    range: str


class PushFoldResponse(BaseModel):
    """The equilibrium's ranges and charts, and how close it is."""

    positions: list[str]
    shoves: dict[str, str] = Field(description="First-in shoving range by position.")
    calls: list[CallRange]
    shove_charts: dict[str, list[list[float]]] = Field(
        description="13x13 shoving probabilities by position (row A, column K is AKs)."
    )
    call_charts: dict[str, list[list[float]]] = Field(
        description="13x13 calling probabilities, keyed 'CALLER v SHOVER'."
    )
    values: list[float] = Field(description="Each position's expectation per hand.")
    gains: list[float] = Field(description="What each position would gain by a best response.")
    exploitability: float
    unit: Literal["bb", "prize"]
    iterations: int
    converged: bool
    elapsed_ms: float


def _matrix(rows: list[list[float]]) -> list[list[float | None]]:
    return [[None if math.isnan(x) else x for x in row] for row in rows]


def _invalid(err: PokerError, field: str | None) -> JSONResponse:
    body = ErrorResponse(error=ErrorBody(type="invalid_request", field=field, message=str(err)))
    return JSONResponse(body.model_dump(), status_code=422)


def _field(err: PokerError) -> str | None:
    """The request field at fault, from the one the core named (``stacks[1]``, ...)."""
    names = {"small_blind": "blinds[0]", "big_blind": "blinds[1]"}
    return names.get(err.location or "", err.location)


async def _answer(
    queue: Queue,
    request: Request,
    cost: float,
    work: Callable[[object], dict[str, Any]],
    start: float,
) -> Any:
    """Runs ``work`` on the queue: its answer with the time taken, a refusal, or the
    core's error naming the field."""
    try:
        out = await queue.run(request, cost, work)
    except (BusyError, ClientGoneError, UnknownKeyError) as err:
        return queue.refusal(err)
    except PokerError as err:
        return _invalid(err, _field(err))
    return {**out, "elapsed_ms": round((time.perf_counter() - start) * 1000, 3)}


def mount_tournament(app: FastAPI, limits: Limits, queue: Queue) -> None:
    """Adds ``/v1/icm`` and ``/v1/pushfold`` to ``app``; their work waits on ``queue``
    and an equilibrium stops at ``limits.max_time``, bubble factors with a 422 past it."""
    router = APIRouter(tags=["tournaments"])

    @router.post("/v1/icm", response_model=IcmResponse, responses=_ERRORS)
    async def post_icm(body: IcmRequest, request: Request) -> Any:
        """Each player's prize equity by exact ICM; with ``bubble``, the bubble factors and
        risk premiums between every pair of players."""
        if body.bubble and len(body.stacks) > MAX_FACTOR_PLAYERS:
            err = PokerError(
                f"bubble factors are served for up to {MAX_FACTOR_PLAYERS} players, "
                f"not {len(body.stacks)}"
            )
            return _invalid(err, "bubble")
        start = time.perf_counter()

        def work(_: object) -> dict[str, Any]:
            out: dict[str, Any] = {
                "equities": list(icm(body.stacks, body.payouts, model=body.model, method="exact"))
            }
            if body.bubble:
                factors = bubble_factors(
                    body.stacks, body.payouts, model=body.model, time_limit=limits.max_time
                )
                out["bubble_factors"] = _matrix(factors)
                out["risk_premiums"] = _matrix(premiums_of(factors))
            return out

        # Exact ICM of 22 players takes a tenth of a second; the factors of 12, 132 pairs
        # of two computations of a few microseconds.
        cost = 2.0 ** len(body.stacks) * 2e-8 * (1 + 2 * len(body.stacks) ** 2 * body.bubble)
        return await _answer(queue, request, cost, work, start)

    @router.post("/v1/pushfold", response_model=PushFoldResponse, responses=_ERRORS)
    async def post_pushfold(body: PushFoldRequest, request: Request) -> Any:
        """The push/fold equilibrium of a table of 2 to 10 players, by ICM with payouts
        (else chips): first-in shoving ranges by position and calling ranges against each
        earlier position, stopped at the server's time limit (``converged`` false)."""
        start = time.perf_counter()

        def work(_: object) -> dict[str, Any]:
            r = push_fold_table(
                body.stacks,
                body.blinds,
                body.ante,
                body.payouts,
                others=body.others,
                model=body.model,
                tolerance=body.tolerance,
                time_limit=limits.max_time,
            )
            return r.to_dict()

        # About 3 ms a round at 10 players, a few hundred rounds: bounded by max_time.
        cost = min(limits.max_time, 2e-3 * len(body.stacks) ** 2)
        return await _answer(queue, request, cost, work, start)

    app.include_router(router)
