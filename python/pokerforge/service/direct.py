"""A short way for valid requests to the busiest routes, past the web framework's routing.

FastAPI's way for a request (routing, the dependency solver, its middleware layers,
parsing and validating the body) costs several times the work of a cheap equity question.
`DirectRoutes` takes a ``POST`` to one of its paths, parses the JSON body and
validates it with the route's own model as the framework does (``json.loads``, then the
model in Python mode, strict), and on success calls the same handler the framework's route
calls. A body that does not parse or validate goes on to the framework unchanged, so every
error is the framework's answer, word for word; the routes stay in the app, and so in the
OpenAPI schema.

Examples:
    >>> import asyncio
    >>> from pydantic import BaseModel
    >>> class Ask(BaseModel):
    ...     n: int
    >>> async def answer(body: Ask, request: object) -> object:
    ...     from starlette.responses import PlainTextResponse
    ...     return PlainTextResponse(str(body.n * 2))
    >>> async def framework(scope: dict, receive: object, send: object) -> None:
    ...     print("framework:", (await receive())["body"])
    >>> layer = DirectRoutes(framework, routes={"/double": (Ask, answer)})
    >>> def call(body: bytes) -> list[object]:
    ...     sent: list[object] = []
    ...     async def receive() -> dict:
    ...         return {"type": "http.request", "body": body, "more_body": False}
    ...     async def send(message: dict) -> None:
    ...         sent.append(message.get("body"))
    ...     scope = {"type": "http", "method": "POST", "path": "/double", "headers": []}
    ...     asyncio.run(layer(scope, receive, send))
    ...     return sent
    >>> call(b'{"n": 21}')[-1]
    b'42'
    >>> call(b'{"n": "twenty"}')
    framework: b'{"n": "twenty"}'
    []
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from typing import Any

from pydantic import BaseModel, ValidationError
from starlette.requests import Request
from starlette.responses import Response

__all__ = ["DirectRoutes", "Handler"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Handler = Callable[[Any, Request], Awaitable[Response]]


class DirectRoutes:
    """ASGI middleware; see the module's description.

    Args:
        app: The framework's app (everything this layer does not answer).
        routes: For each path, the model of its ``POST`` body and the handler that
            answers a valid one.
    """

    def __init__(self, app: ASGIApp, *, routes: Mapping[str, tuple[type[BaseModel], Handler]]):
        self.app = app
        self.routes = dict(routes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answers a valid ``POST`` to one of the routes; hands anything else on."""
        route = self.routes.get(scope["path"]) if scope["type"] == "http" else None
        if route is None or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        # The guard has read the body whole: it comes as one message.
        first = await receive()
        body = self._parse(route[0], first)
        if body is None:
            await self.app(scope, _replay(first, receive), send)
            return
        response = await route[1](body, Request(scope, receive))
        await response(scope, receive, send)

    @staticmethod
    def _parse(model: type[BaseModel], message: Message) -> BaseModel | None:
        if message.get("type") != "http.request" or message.get("more_body", False):
            return None
        try:
            return model.model_validate(json.loads(message.get("body", b"")))
        except (ValueError, ValidationError):  # not JSON, or refused by the model
            return None


def _replay(first: Message, receive: Receive) -> Receive:
    """``receive`` with ``first`` given again before the client's own messages."""
    replayed = False

    async def again() -> Message:
        nonlocal replayed
        if not replayed:
            replayed = True
            return first
        return await receive()

    return again
