"""Prometheus metrics of the service, with the official client library.

Each app has its own registry (tests build several apps in one process). With several
worker processes (``pokerforge serve --workers N``) the library's multiprocess mode is
used: ``PROMETHEUS_MULTIPROC_DIR`` names a directory the workers share, and ``/metrics``
adds up every worker's figures. The queue-depth gauge counts live workers only: a worker
that stops takes its gauge away, and the gauges of a worker that was killed are removed
at the next ``/metrics``.

Examples:
    >>> metrics = Metrics()
    >>> metrics.requests.labels(route="/healthz", method="GET", status="200").inc()
    >>> b'pokerforge_requests_total{method="GET",route="/healthz",status="200"} 1.0' in (
    ...     metrics.render()[0])
    True
"""

from __future__ import annotations

import os
import re

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client import multiprocess as mp

__all__ = ["Metrics"]

_KEPT_CHILDREN = 256
_LIVE_GAUGE = re.compile(r"^gauge_live[a-z]*_(\d+)\.db$")
_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)


class Metrics:
    """The counters, gauges and histograms the service keeps."""

    def __init__(self) -> None:
        self.multiprocess = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
        # In multiprocess mode the metrics are written to the shared directory's files
        # through the default registry, and read back from there by render().
        registry = REGISTRY if self.multiprocess else CollectorRegistry()
        self.registry = registry
        self._children: dict[tuple[str, str, int], tuple[Counter, Histogram]] = {}
        self.requests = Counter(
            "pokerforge_requests",
            "HTTP requests answered, by route, method and status.",
            ["route", "method", "status"],
            registry=registry,
        )
        self.latency = Histogram(
            "pokerforge_request_seconds",
            "Time from the request's arrival to its answer, by route.",
            ["route"],
            buckets=_LATENCY_BUCKETS,
            registry=registry,
        )
        self.queue_depth = Gauge(
            "pokerforge_queue_depth",
            "Equity requests waiting for a thread.",
            multiprocess_mode="livesum",
            registry=registry,
        )
        self.work_seconds = Counter(
            "pokerforge_work_seconds", "Seconds of equity computation done.", registry=registry
        )
        self.cache_hits = Counter(
            "pokerforge_cache_hits", "Equity requests answered from the cache.", registry=registry
        )
        self.refused = Counter(
            "pokerforge_refused",
            "Requests refused before any work: by status (413, 415, 429, 503, ...).",
            ["status"],
            registry=registry,
        )
        self.connections_held = Counter(
            "pokerforge_connections_held",
            "Connections put in their network's waiting room (over its cap or rate), unread.",
            registry=registry,
        )
        self.connections_refused = Counter(
            "pokerforge_connections_refused",
            "Connections refused before any request was read, by reason: busy "
            "(--max-connections), pushed_out (the oldest in their network's full waiting "
            "room), waited_too_long (held --header-timeout without a place), over_limit "
            "(over their network's limits with no waiting room).",
            ["reason"],
            registry=registry,
        )
        self._connection_children: dict[str, Counter] = {}

    def observe_request(self, route: str, method: str, status: int, seconds: float) -> None:
        """Counts one answered request and its latency.

        Examples:
            >>> metrics = Metrics()
            >>> metrics.observe_request("/healthz", "GET", 200, 0.002)
            >>> b'pokerforge_request_seconds_count{route="/healthz"} 1.0' in metrics.render()[0]
            True
        """
        key = (route, method, status)
        children = self._children.get(key)
        if children is None:
            children = (
                self.requests.labels(route=route, method=method, status=str(status)),
                self.latency.labels(route=route),
            )
            # The label values of a metric are looked up under a lock and by keyword on
            # every call; the usual ones are kept (methods are the client's choice, so
            # the kept set is bounded).
            if len(self._children) < _KEPT_CHILDREN:
                self._children[key] = children
        children[0].inc()
        children[1].observe(seconds)

    def count_connection(self, event: str) -> None:
        """Counts one connection held (``event`` ``"held"``) or refused for the reason
        ``event`` (one of the server's few).

        Examples:
            >>> metrics = Metrics()
            >>> metrics.count_connection("held"); metrics.count_connection("pushed_out")
            >>> text = metrics.render()[0]
            >>> b"pokerforge_connections_held_total 1.0" in text
            True
            >>> b'pokerforge_connections_refused_total{reason="pushed_out"} 1.0' in text
            True
        """
        child = self._connection_children.get(event)
        if child is None:
            child = (
                self.connections_held
                if event == "held"
                else self.connections_refused.labels(reason=event)
            )
            self._connection_children[event] = child
        child.inc()

    def forget_process(self, pid: int | None = None) -> None:
        """Removes the live gauges of process ``pid`` (this one by default), which has
        stopped (multiprocess mode only)."""
        if self.multiprocess:
            mp.mark_process_dead(os.getpid() if pid is None else pid)  # type: ignore[no-untyped-call]

    def _forget_dead_processes(self) -> None:
        folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")
        try:
            names = os.listdir(folder)
        except OSError:
            return
        for name in names:
            match = _LIVE_GAUGE.match(name)
            if match is None:
                continue
            pid = int(match.group(1))
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                self.forget_process(pid)  # killed: its gauges would stay forever
            except OSError:
                pass  # alive, someone else's

    def render(self) -> tuple[bytes, str]:
        """The metrics in Prometheus' text format, and its content type."""
        if self.multiprocess:
            self._forget_dead_processes()
            registry = CollectorRegistry()
            mp.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
            return generate_latest(registry), CONTENT_TYPE_LATEST
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
