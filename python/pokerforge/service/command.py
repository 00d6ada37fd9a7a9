"""The ``pokerforge serve`` command (registered by [`pokerforge.cli`][pokerforge.cli]): its options
and their checks, then the HTTP equity service (`pokerforge.service.server`, with the
``service`` extra) until it is stopped."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from pokerforge.errors import PokerError
from pokerforge.extras import require

__all__ = ["add_command", "serve_command"]


def add_command(commands: Any) -> None:
    """Adds ``serve`` and its options to the command's subparsers ``commands``."""
    serve = commands.add_parser(
        "serve",
        help="run the HTTP equity service and web calculator",
        description="Serve POST /v1/equity, POST /v1/evaluate, GET /healthz and the web "
        "calculator at / (needs: pip install 'pokerforge[service]').",
    )
    serve.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000, help="default 8000")
    serve.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="worker processes, each with its own queue and threads (default 1)",
    )
    serve.add_argument(
        "--threads",
        type=int,
        metavar="N",
        help="equity threads per worker (default: the cores divided by --workers)",
    )
    serve.add_argument(
        "--header-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="close a connection that has not sent a whole request that long (default 10)",
    )
    serve.add_argument(
        "--max-connections",
        type=int,
        default=10_000,
        metavar="N",
        help="open connections per worker; past them new ones get 503 (default 10000)",
    )
    serve.add_argument(
        "--max-network-connections",
        type=int,
        default=8,
        metavar="N",
        help="open connections one client network (/24 or /64) is served at a time per "
        "worker; its others wait (default 8; 0: no cap; none behind --forwarded-allow-ips)",
    )
    serve.add_argument(
        "--network-rate",
        type=float,
        default=20.0,
        metavar="N",
        help="new connections a second one client network is given per worker, twice that "
        "at once; its others wait (default 20; 0: no limit; none behind "
        "--forwarded-allow-ips)",
    )
    serve.add_argument(
        "--max-network-waiting",
        type=int,
        default=64,
        metavar="N",
        help="connections of one network held unread, each up to --header-timeout, while "
        "its cap or rate keeps them out; a new one past that pushes the oldest out with "
        "429 (default 64; 0: 429 at once)",
    )
    serve.add_argument(
        "--api-key-header", metavar="NAME", help="share work fairly by this header, not by address"
    )
    serve.add_argument(
        "--api-keys",
        metavar="FILE",
        help="the API keys this server knows, one a line (others get 401); "
        "implies --api-key-header X-API-Key unless given",
    )
    serve.add_argument(
        "--write-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="close a connection whose answer the client has not taken that long (default 10)",
    )
    serve.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help="proxies trusted for X-Forwarded-For, comma-separated or * (default: none)",
    )
    serve.add_argument(
        "--max-samples",
        type=int,
        default=5_000_000,
        metavar="N",
        help="the most Monte Carlo samples a request may ask for (default 5000000)",
    )
    serve.add_argument(
        "--max-time",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="a request's work stops there: Monte Carlo keeps what it counted, exact "
        "enumeration asked for by name is refused (default 2)",
    )
    serve.add_argument(
        "--log-level",
        default="info",
        choices=("debug", "info", "warning"),
        help="default info; logs are JSON lines on stderr",
    )


def serve_command(args: argparse.Namespace) -> None:
    """Runs ``pokerforge serve``: checks its options, then serves until stopped.

    Raises:
        PokerError: an option out of range, a missing extra or an address the server
            cannot listen on, in one line.
    """
    import signal  # noqa: PLC0415

    for module in ("fastapi", "uvicorn", "httptools"):
        require(module, "service", "the equity service")
    from pokerforge.service import Limits  # noqa: PLC0415
    from pokerforge.service.server import ServerOptions, serve  # noqa: PLC0415

    # 0 given is refused, not read as "not given"; NaN is no time.
    processes = 1 if args.workers is None else args.workers
    threads = args.threads
    if threads is None:
        threads = max(1, (os.cpu_count() or 1) // max(processes, 1))
    if min(processes, threads, args.max_samples) < 1 or not 0 < args.max_time < float("inf"):
        raise PokerError("--workers, --threads, --max-samples and --max-time must be above 0")
    if not 0 < args.header_timeout < float("inf") or not 0 < args.write_timeout < float("inf"):
        raise PokerError("--header-timeout, --write-timeout and --max-connections must be above 0")
    if args.max_connections < 1:
        raise PokerError("--header-timeout, --write-timeout and --max-connections must be above 0")
    if not 0 <= args.port <= 65535:
        raise PokerError(f"--port must be 0 to 65535, not {args.port}")
    for option, value in (
        ("--max-network-connections", args.max_network_connections),
        ("--network-rate", args.network_rate),
        ("--max-network-waiting", args.max_network_waiting),
    ):
        if not 0 <= value < float("inf"):  # NaN too
            raise PokerError(f"{option} must be 0 or more, not {value}")
    api_keys = None
    if args.api_keys is not None:
        from pokerforge.service.clients import load_api_keys  # noqa: PLC0415

        load_api_keys(args.api_keys)  # a bad file stops the start, with its reason
        api_keys = os.path.abspath(args.api_keys)
    limits = Limits(
        max_samples=args.max_samples,
        max_time=args.max_time,
        workers=threads,
        api_key_header=args.api_key_header or ("X-API-Key" if api_keys else None),
        api_keys=api_keys,
    )
    options = ServerOptions(
        host=args.host,
        port=args.port,
        workers=processes,
        header_timeout=args.header_timeout,
        write_timeout=args.write_timeout,
        max_connections=args.max_connections,
        max_network_connections=args.max_network_connections,
        network_rate=args.network_rate,
        max_network_waiting=args.max_network_waiting,
        log_level=args.log_level,
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    _check_address(args.host, args.port)
    # uvicorn shuts down gracefully on SIGTERM, then raises the signal again: exit 0 then.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    serve(limits, options)


def _check_address(host: str, port: int) -> None:
    """Refuses an address the server could not listen on (a port in use, an address not
    this machine's) with one line, as any bad input, before the server starts."""
    import socket  # noqa: PLC0415

    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = found[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server
            probe.bind(address)
    except (OSError, OverflowError) as err:
        reason = getattr(err, "strerror", None) or str(err)
        raise PokerError(f"the service cannot listen on {host}:{port}: {reason}") from None
