"""The web calculator's side of the service: its page, and the range endpoints behind it.

The page (``/`` and ``/static/``) is plain HTML, CSS and JavaScript modules shipped in the
package: no inline script or style, so it runs under a strict Content-Security-Policy.
``POST /v1/range`` parses a range in the engine's syntax and answers it as the grid shows
it (each class's weight and the combinations left after card removal); ``GET
/v1/range/presets`` gives the 169 classes by pre-flop strength and the "top N%" ranges;
``POST /v1/equity/by-class`` answers an equity request class by class for each range
player: the data behind the calculator's coloured grid and distribution chart where the
engine's own breakdown (``by_hand`` on ``/v1/equity``, Hold'em heads-up counted exactly)
does not apply.

Examples:
    >>> from pokerforge.service import create_app
    >>> paths = create_app(Limits(workers=1)).openapi()["paths"]
    >>> sorted(path for path in paths if path.startswith(("/v1/range", "/v1/equity/")))
    ['/v1/equity/by-class', '/v1/range', '/v1/range/presets']
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from importlib import resources
from typing import Annotated, Any, Protocol, TypeVar

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from pokerforge._core import MAX_PLAYERS, Cancel
from pokerforge.defaults import SEED
from pokerforge.eval import Category
from pokerforge.games import GAMES, SHAPES
from pokerforge.service.clients import UnknownKeyError
from pokerforge.service.models import EquityRequest, ErrorBody, ErrorResponse
from pokerforge.service.queue import BusyError, ClientGoneError
from pokerforge.service.ranges import (
    PRESET_PERCENTS,
    class_breakdown,
    describe_range,
    preset,
    strength_order,
)
from pokerforge.service.work import FieldError, Job, Limits

__all__ = ["Queue", "mount_calculator"]


def _limits_js() -> str:
    """The calculator page's limits and games (static/limits.js, served from here): the
    core's player limit, each game equity knows with each size of hand (the selector's
    choices), and each game's shape ([`pokerforge.games.SHAPES`][pokerforge.games.SHAPES]: its
    board, hands, deck, draws, the kind of hand it ranks and that kind's categories, best first), so
    that a game the engine learns reaches the page with no change to it beyond its name's
    text."""
    games = [[game, size] for game in GAMES for size in SHAPES[game].hands]
    shapes = {
        game: {
            "board": SHAPES[game].board,
            "ranges": SHAPES[game].ranges,
            "partial": SHAPES[game].partial,
            "lowest_rank": SHAPES[game].lowest_rank,
            "draw": SHAPES[game].draw,
            "hilo": SHAPES[game].hilo,
            "grid": SHAPES[game].grid,
            "by_hand": SHAPES[game].by_hand,
            "hand": SHAPES[game].hand,
            # Each category's key in the answer and its name's key in the page's texts.
            "categories": [
                [Category(cat).name.lower(), name.lower().replace(" ", "_")]
                for cat, name in SHAPES[game].categories
            ],
        }
        for game in GAMES
    }
    return (
        f"export const MAX_PLAYERS = {MAX_PLAYERS};\n"
        f"export const GAMES = {json.dumps(games)};\n"
        f"export const SHAPES = {json.dumps(shapes)};\n"
    )


LIMITS_JS = _limits_js()

T = TypeVar("T")

_STATIC = resources.files("pokerforge.service") / "static"

_ERRORS: dict[int | str, dict[str, Any]] = {
    422: {"model": ErrorResponse, "description": "A request field is wrong."},
}
_QUEUE_ERRORS: dict[int | str, dict[str, Any]] = {
    429: {"model": ErrorResponse, "description": "This client has too much work waiting."},
    503: {"model": ErrorResponse, "description": "The server is busy or restarting."},
}


class RangeRequest(BaseModel):
    """A range to show on the grid, and the cards it cannot use."""

    model_config = ConfigDict(extra="forbid")

    range: Annotated[str, Field(max_length=2000)] = Field(
        description="A Hold'em range in the engine's syntax.", examples=["QQ+, AKs, 0.5(AKo)"]
    )
    exclude: Annotated[str, Field(max_length=80)] = Field(
        "", description="Cards the range cannot use: known hands, board, dead cards."
    )


class ClassWeight(BaseModel):
    """One grid cell."""

    weight: float = Field(description="Mean weight over the class's combinations.")
    live: float = Field(description="Summed weight of its combinations after card removal.")
    combos: dict[str, float] | None = Field(
        default=None,
        description="Each combination's weight (AhKh: 1.0), given only for a class part of "
        "which is in the range or whose combinations' weights differ.",
    )


class RangeResponse(BaseModel):
    """A range as the grid shows it."""

    text: str = Field(description="The engine's canonical form of the range.")
    total: int = Field(description="Combinations in the range.")
    combos: int = Field(description="Combinations left after card removal.")
    weight: float = Field(description="Their summed weights.")
    classes: dict[str, ClassWeight]


class Strength(BaseModel):
    """A class and its pre-flop equity against one random hand."""

    hand_class: str = Field(alias="class")
    equity: float


class Preset(BaseModel):
    """The top ``percent`` of starting hands."""

    percent: float
    range: str


class PresetsResponse(BaseModel):
    """Classes from strongest to weakest, and the usual "top N%" ranges."""

    classes: list[Strength]
    presets: list[Preset]


class ClassEquities(BaseModel):
    """One player's equity per class (``None`` unless the player is a range)."""

    by_class: dict[str, float] | None


class ByClassResponse(BaseModel):
    """Each player's equity class by class."""

    method: str = Field(description="How the classes were computed: exact or monte-carlo.")
    seed: str | None = Field(
        description="The seed as a decimal string (null when exact): class k used seed + k "
        "(modulo 2**64); sending it back replays the answer."
    )
    players: list[ClassEquities]
    complete: bool = Field(
        description="Whether every class was counted; the classes not reached within the "
        "time limit are left out."
    )
    elapsed_ms: float


def _field_error(err: FieldError) -> JSONResponse:
    error = ErrorBody(type="invalid_request", field=err.field, message=err.message)
    body = ErrorResponse(error=error)
    return JSONResponse(body.model_dump(), status_code=422)


class Queue(Protocol):
    """Where the per-class work waits its turn: the app's queue (see
    `pokerforge.service.app`)."""

    async def plan(self, request: Request, body: EquityRequest) -> Job:
        """``body`` checked and planned on the queue.

        Raises:
            FieldError: naming the field at fault.
            BusyError, ClientGoneError, UnknownKeyError: as `run()`.
        """

    async def run(self, request: Request, cost: float, work: Callable[[Cancel], T]) -> T:
        """Runs ``work(cancel)`` for ``request``'s client once its turn comes.

        Raises:
            BusyError: the queue refused it.
            ClientGoneError: the client went away.
            UnknownKeyError: the request's API key is not one the server knows.
        """

    def refusal(self, err: BusyError | ClientGoneError | UnknownKeyError) -> Response:
        """The answer to a refused request, or to one whose client went away."""


def mount_calculator(app: FastAPI, limits: Limits, queue: Queue) -> None:
    """Adds the calculator's page, static files and range endpoints to ``app``.

    ``limits`` bounds the per-class work as it bounds ``POST /v1/equity``, and the work
    waits its turn on ``queue`` as equity requests do.
    """
    router = APIRouter(tags=["ranges"])

    @router.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(str(_STATIC / "index.html"))

    @router.post(
        "/v1/range",
        response_model=RangeResponse,
        response_model_exclude_none=True,  # a class's combos only where it has some
        responses=_ERRORS,
    )
    def post_range(body: RangeRequest) -> Any:
        """A range's classes and combinations after card removal, as the grid shows them."""
        try:
            return describe_range(body.range, body.exclude)
        except FieldError as err:
            return _field_error(err)

    @router.head("/v1/range/presets", include_in_schema=False)
    @router.get("/v1/range/presets", response_model=PresetsResponse)
    def get_presets() -> Any:
        """The 169 classes by equity against a random hand, and the top 5% ... 100%."""
        return {
            "classes": [{"class": name, "equity": eq} for name, eq in strength_order()],
            "presets": [{"percent": p, "range": preset(p)} for p in PRESET_PERCENTS],
        }

    @router.post(
        "/v1/equity/by-class",
        response_model=ByClassResponse,
        responses={**_ERRORS, **_QUEUE_ERRORS},
    )
    async def post_by_class(body: EquityRequest, request: Request) -> Any:
        """Each range player's equity per hand class, for the same question as /v1/equity.

        The question is checked and planned as ``POST /v1/equity`` plans it, and waits its
        turn on the same fair queue (estimated at the question's own cost); each class is
        then computed exactly when the whole question is exact and cheap, else by Monte
        Carlo with an equal share of the samples (the request's, or the server's default)
        and of the time. Class ``k`` is seeded ``seed + k`` (modulo 2**64): the seed is the
        request's or the default (0), and comes back in the answer, so a seed sent back replays
        the answer.
        """
        start = time.perf_counter()
        try:
            given = body.seed_value()
            job = await queue.plan(request, body)
        except FieldError as err:
            return _field_error(err)
        except (BusyError, ClientGoneError, UnknownKeyError) as err:
            return queue.refusal(err)
        samples = job.samples or limits.default_samples
        seed = given if given is not None else SEED  # the default every entry point shares

        def work(cancel: Cancel) -> tuple[list[dict[str, float] | None], str, bool]:
            return class_breakdown(
                job, board=body.board, dead=body.dead, seed=seed, samples=samples, cancel=cancel
            )

        try:
            rows, method, complete = await queue.run(request, job.cost, work)
        except (BusyError, ClientGoneError, UnknownKeyError) as err:
            return queue.refusal(err)
        return {
            "method": method,
            "seed": str(seed) if method == "monte-carlo" else None,
            "players": [{"by_class": row} for row in rows],
            "complete": complete,
            "elapsed_ms": round((time.perf_counter() - start) * 1000, 3),
        }

    @router.api_route("/static/limits.js", methods=["GET", "HEAD"], include_in_schema=False)
    def get_limits() -> Response:
        """The page's limits as a module, from the core (where they are written once)."""
        return Response(LIMITS_JS, media_type="text/javascript")

    app.include_router(router)
    app.mount("/static", StaticFiles(directory=str(_STATIC)), name="static")
