"""The HTTP equity service and its web calculator.

``create_app()`` builds the ASGI application (FastAPI): ``POST /v1/equity``,
``POST /v1/evaluate``, ``GET /healthz``, the OpenAPI schema at ``/openapi.json``, and the
web calculator at ``/`` with the range endpoints behind its grid (``POST /v1/range``,
``GET /v1/range/presets``, ``POST /v1/equity/by-class``; see
`pokerforge.service.calculator`). ``pokerforge serve`` runs it with uvicorn. The web
framework is an optional dependency (``pip install 'pokerforge[service]'``), so this
package imports it only when an app is built; `pokerforge.service.work` (request
planning and work limits), `pokerforge.service.convert` (results as JSON) and
`pokerforge.service.ranges` (the grid's classes, presets, equity per class) are plain
Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerforge.extras import require
from pokerforge.service.work import Limits

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["Limits", "create_app"]


def create_app(limits: Limits | None = None) -> FastAPI:
    """Builds the service's ASGI app (see `pokerforge.service.app.create_app()`).

    Raises:
        MissingExtraError: FastAPI is not installed (``pokerforge[service]``).
    """
    require("fastapi", "service", "the equity service")
    from pokerforge.service.app import create_app as build  # noqa: PLC0415 - optional deps

    return build(limits)
