"""The service's statistics endpoint: a tracker's figures over hand-history files sent as
text.

``POST /v1/stats`` takes files of any format
[`read_histories()`][pokerforge.histories.read_histories] reads (PokerStars, GGPoker,
Winamax, iPoker XML, PHH, ...), replays their hands and answers each player's figures
(VPIP, PFR, 3-bet, c-bet, steal, WTSD, W$SD, bb/100, won and all-in adjusted: the figures
of [`Stats`][pokerforge.histories.Stats]), kept apart by group (cash or tournament, unit,
stakes, game), over the hands the filters keep
([`HandFilter`][pokerforge.histories.filters.HandFilter]: kind, unit, stakes, game, room,
days, position); with ``player``, that player's winnings hand by hand
([`WinningsSeries.as_dict()`][pokerforge.histories.graph.WinningsSeries.as_dict]) for a graph.
The answer lists what the filters can choose (the kinds, units, stakes, games, rooms and
positions of every hand read), so that a page can offer them.

The server's policy: a body up to `Limits.max_stats_body` bytes (the other routes keep
``max_body``), at most `MAX_FILES` files, the work on the same fair queue as equity
requests, and reading stopped at the server's time limit (``max_time``: a 422 saying so).
Bad hands are skipped and counted by cause, never lost from the counts.

Examples:
    >>> from pokerforge.service import create_app
    >>> from pokerforge.service.work import Limits
    >>> "/v1/stats" in create_app(Limits(workers=1)).openapi()["paths"]
    True
"""

from __future__ import annotations

import re
import tempfile
import time
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from pokerforge.errors import PokerError
from pokerforge.histories.filters import FILTERS, HandFilter
from pokerforge.histories.groups import group_of
from pokerforge.histories.rooms import read_histories
from pokerforge.histories.stats import Stats
from pokerforge.service.calculator import Queue
from pokerforge.service.clients import UnknownKeyError
from pokerforge.service.models import ErrorBody, ErrorResponse
from pokerforge.service.queue import BusyError, ClientGoneError
from pokerforge.service.work import Limits

__all__ = ["MAX_FILES", "MAX_ROWS", "StatsRequest", "StatsResponse", "compute", "mount_stats"]

MAX_FILES = 100
"""The most files one request may send."""

MAX_ROWS = 1000
"""The most rows of figures one answer may hold (``top`` players, each per group)."""

_SUFFIXES = (".phh", ".phhs", ".xml", ".txt")
_PLAIN = re.compile(r"[^A-Za-z0-9_-]")
# Reading and replaying: about 2 MB of PokerStars text a second on this machine's cores
# (an estimate for the queue; the time limit bounds the work whatever it is).
_SECONDS_PER_BYTE = 5e-7

_ERRORS: dict[int | str, dict[str, Any]] = {
    413: {"model": ErrorResponse, "description": "The body is over the size limit."},
    422: {"model": ErrorResponse, "description": "A request field is wrong."},
    429: {"model": ErrorResponse, "description": "This client has too much work waiting."},
    503: {"model": ErrorResponse, "description": "The server is busy or restarting."},
}

_Filter = Field(None, min_length=1, max_length=64)


class HistoryFile(BaseModel):
    """One hand-history file: its name (its ending tells PHH, ``.phh`` or ``.phhs``, from
    the rooms' text and XML, whose room is found from the text) and its text."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field("hands.txt", max_length=255, examples=["HH20240102 Alpha.txt"])
    text: str = Field(description="The file's text, as the room wrote it.")


class StatsRequest(BaseModel):
    """Files of hand histories, the filters, and whose winnings to graph."""

    model_config = ConfigDict(extra="forbid")

    files: list[HistoryFile] = Field(min_length=1, max_length=MAX_FILES)
    kind: Literal["cash", "tournament"] | None = None
    unit: str | None = _Filter
    stakes: str | None = _Filter
    game: str | None = _Filter
    room: str | None = _Filter
    since: str | None = Field(None, max_length=10, description="The first day, 2024-01-31.")
    until: str | None = Field(None, max_length=10, description="The last day.")
    position: str | None = Field(
        None, min_length=1, max_length=8, description="Only each player's hands there: BTN."
    )
    player: str | None = Field(
        None, min_length=1, max_length=100, description="Answer this player's winnings series."
    )
    top: int = Field(200, strict=True, ge=1, le=MAX_ROWS, description="Most players listed.")

    def where(self) -> HandFilter:
        """The filters as the statistics take them.

        Raises:
            InvalidSpecError: a day that is no date.
        """
        return HandFilter(**{name: getattr(self, name) for name in FILTERS})


class PlayerRow(BaseModel):
    """One player's figures in one group of hands (fractions; ``null`` where the player
    never had the chance; amounts as exact decimal strings in the group's unit)."""

    player: str
    position: str
    kind: str
    unit: str
    stakes: str
    game: str
    hands: int
    vpip: float | None
    pfr: float | None
    three_bet: float | None
    fold_to_three_bet: float | None
    steal: float | None
    fold_to_steal: float | None
    cbet_flop: float | None
    fold_to_cbet_flop: float | None
    aggression_factor: float | None
    went_to_showdown: float | None
    won_at_showdown: float | None
    won_without_showdown: float | None
    net: str
    net_showdown: str
    net_without_showdown: str
    allin_net: str
    bb_per_100: float | None
    bb_per_100_se: float | None
    allin_bb_per_100: float | None
    hands_with_result: int
    allin_hands: int


class Series(BaseModel):
    """A player's running totals hand by hand: won, at showdown, without showdown, all-in
    adjusted (in ``unit``)."""

    player: str
    unit: str
    hands: int
    net: list[float]
    showdown: list[float]
    without_showdown: list[float]
    allin: list[float]


class Choices(BaseModel):
    """What the filters can choose among the hands read (before any filter)."""

    kinds: list[str]
    units: list[str]
    stakes: list[str]
    games: list[str]
    rooms: list[str]
    positions: list[str]


class StatsResponse(BaseModel):
    """The figures over the hands kept, and what was read."""

    files: int = Field(description="Files read.")
    hands_read: int = Field(description="Hands read and replayed, before the filters.")
    hands: int = Field(description="Hands the filters kept.")
    skipped: int = Field(description="Hands refused (cut off, totals that disagree, ...).")
    causes: dict[str, int] = Field(description="The hands refused, by cause.")
    unknown_results: int = Field(description="Kept hands whose result the records do not give.")
    players: list[PlayerRow] = Field(description="Most hands first, one row per group.")
    players_total: int = Field(description="Players among the hands kept.")
    choices: Choices
    series: Series | None = None
    elapsed_ms: float


class _TooLongError(PokerError):
    """The hands took more than the server's time limit to read."""


def _invalid(field: str | None, message: str) -> JSONResponse:
    body = ErrorResponse(error=ErrorBody(type="invalid_request", field=field, message=message))
    return JSONResponse(body.model_dump(), status_code=422)


def _suffix(name: str) -> str:
    suffix = Path(name).suffix.lower()
    return suffix if suffix in _SUFFIXES else ".txt"


_ORDER = ("BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "HJ", "CO")


def compute(body: StatsRequest, time_limit: float) -> dict[str, Any]:
    """The answer to ``body`` (without ``elapsed_ms``).

    Raises:
        InvalidSpecError: a day that is no date; the player's hands count in several
            units and no filter picks one; no hand of the player among those kept.
        PokerError: reading took more than ``time_limit`` seconds.
    """
    where = body.where()
    track = [body.player] if body.player is not None else []
    stats = Stats(track=track, where=where)
    kinds: set[str] = set()
    units: set[str] = set()
    stakes: set[str] = set()
    games: set[str] = set()
    rooms: set[str] = set()
    positions: set[str] = set()
    deadline = time.monotonic() + time_limit
    with tempfile.TemporaryDirectory(prefix="pokerforge-stats-") as folder:
        for k, item in enumerate(body.files):
            # The sender's names are never paths here: a number, the name's plain letters
            # (a PHH file's room can be told by its name) and the ending that matters.
            stem = _PLAIN.sub("_", Path(item.name).stem)[:80]
            (Path(folder) / f"{k:04d}-{stem}{_suffix(item.name)}").write_text(item.text, "utf-8")
        reader = read_histories(folder, skip_bad=True, keep=10)
        for record in reader:
            hand = record.hand
            group = group_of(hand.spec, hand.chip_value, record.fields)
            kinds.add(group.kind)
            units.add(group.unit)
            if group.stakes:
                stakes.add(group.stakes)
            games.add(group.game)
            rooms.add(record.site or "PHH")
            positions.update(p for p in hand.positions if p)
            stats.add(record)
            if time.monotonic() > deadline:
                raise _TooLongError(
                    f"reading the hands took more than {time_limit:g} s, this server's time "
                    f"limit: send fewer hands (read {reader.hands} so far)"
                )
    rows = []
    names = stats.players()
    for name in names[: body.top]:
        for g in stats.groups(name):
            out = stats.player(name, group=g).as_dict()
            rows.append({key: out[key] for key in PlayerRow.model_fields})
    answer: dict[str, Any] = {
        "files": len(body.files),
        "hands_read": reader.hands,
        "hands": stats.hands,
        "skipped": reader.skipped,
        "causes": dict(reader.causes),
        "unknown_results": stats.unknown_results,
        "players": rows[:MAX_ROWS],
        "players_total": len(names),
        "choices": {
            "kinds": sorted(kinds),
            "units": sorted(units),
            "stakes": sorted(stakes, key=_stakes_order),
            "games": sorted(games),
            "rooms": sorted(rooms),
            "positions": [p for p in _ORDER if p in positions]
            + sorted(positions.difference(_ORDER)),
        },
        "series": None,
    }
    if body.player is not None:
        answer["series"] = _series(stats, body.player)
    return answer


def _stakes_order(text: str) -> tuple[float, str]:
    """Stakes by their big blind (``"0.50/1"`` before ``"5/10"``), then as written."""
    try:
        return float(text.rsplit("/", 1)[-1]), text
    except ValueError:
        return float("inf"), text


def _series(stats: Stats, player: str) -> dict[str, Any]:
    from pokerforge.errors import InvalidSpecError  # noqa: PLC0415

    if player not in stats.players():
        raise InvalidSpecError(f"no hands of {player!r} among the hands kept")
    units = sorted({(g.kind, g.unit) for g in stats.groups(player)})
    if len(units) > 1:
        names = ", ".join(f"{kind} in {unit}" for kind, unit in units)
        raise InvalidSpecError(
            f"{player!r} played {names}, which do not add up: filter one (kind, unit)"
        )
    return stats.winnings(player).as_dict()


def _field(err: PokerError, body: StatsRequest) -> str | None:
    """The request field at fault."""
    text = str(err)
    for name in ("since", "until"):
        value = getattr(body, name)
        if value is not None and text.startswith(f"{value!r} is no date"):
            return name
    if body.player is not None and ("no hands of" in text or "do not add up" in text):
        return "player"
    return None


def mount_stats(app: FastAPI, limits: Limits, queue: Queue) -> None:
    """Adds ``/v1/stats`` to ``app``; its work waits on ``queue`` and stops at
    ``limits.max_time``."""
    router = APIRouter(tags=["statistics"])

    @router.post("/v1/stats", response_model=StatsResponse, responses=_ERRORS)
    async def post_stats(body: StatsRequest, request: Request) -> Any:
        """Each player's statistics over the hand histories sent, with the filters; with
        ``player``, that player's winnings hand by hand."""
        start = time.perf_counter()
        try:
            body.where()
        except PokerError as err:
            return _invalid(_field(err, body), str(err))
        size = sum(len(item.text) for item in body.files)
        cost = min(limits.max_time, max(1e-3, size * _SECONDS_PER_BYTE))
        try:
            out = await queue.run(request, cost, lambda _: compute(body, limits.max_time))
        except (BusyError, ClientGoneError, UnknownKeyError) as err:
            return queue.refusal(err)
        except PokerError as err:
            return _invalid(_field(err, body), str(err))
        out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
        return out

    app.include_router(router)
