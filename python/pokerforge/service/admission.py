"""Which new connections of a client network the server takes now, which wait, which go.

A network (an address's /24, or /64 for IPv6: `network()`) that opens
connections as fast as it can is a flood even when each connection is closed at once: the
server accepts, sets up and refuses each of them on its event loop, and the attacker
reconnects at once. So the server takes a network's new connection only

- while the network has fewer than ``cap`` connections being served, and
- while its *token bucket* has a token: ``rate`` tokens a second, up to ``burst`` saved
  (a browser opening six connections at once, or a few clients behind one NAT, take
  from the saved ones);

and otherwise *holds* it, unread, in the network's waiting room (first come, first
taken) until both allow it. A held connection costs the server a file descriptor and a
timer, and the kernel's buffers fill for its sender, which then blocks instead of
reconnecting; the server bounds how long one is held (its caller's timeout) and how
many one network may have held (``waiting``). When the room is full, a new connection
pushes the oldest one out (handed to ``on_push_out`` to be refused), not itself: the
oldest is the likeliest to have been given up by its sender (the server, not reading,
cannot tell), and refusing the newcomer instead would send it straight back to
reconnect, the flood this is meant to stop. Without a room (``waiting`` 0), what the
cap or the rate does not take now is refused at once.

`Admission` is the bookkeeping alone (no sockets, no event loop, a clock given):
the server's protocol calls it as connections come and go and schedules the wake-ups it
asks for.

Examples:
    >>> now, out = [0.0], []
    >>> door = Admission(
    ...     cap=2, rate=1.0, burst=3, waiting=1, clock=lambda: now[0], on_push_out=out.append
    ... )
    >>> [door.arrive("net", name) for name in "abcde"]  # 2 served, 1 held
    [True, True, None, None, None]
    >>> out  # the room holds one: each newcomer pushed the oldest out
    ['c', 'd']
    >>> door.held("net"), door.delay("net")  # e waits for a place (the cap), not a token
    (1, None)
    >>> door.leave("net"); door.admit_waiting("net")  # a leaves: e is taken
    ['e']
    >>> door.leave("net"); door.leave("net"); door.arrive("net", "f")  # no token left
    >>> door.delay("net")  # the next token in a second
    1.0
    >>> now[0] = 1.0; door.admit_waiting("net")
    ['f']
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from pokerforge.errors import PokerError

__all__ = ["Admission"]

T = TypeVar("T")

_SWEEP_EVERY = 1024
"""Arrivals between two sweeps of the networks nobody is using (their buckets full)."""


@dataclass(slots=True)
class _Network(Generic[T]):
    """One network's connections being served, its bucket and its waiting room."""

    tokens: float
    stamp: float
    open: int = 0
    waiting: deque[T] = field(default_factory=deque)


class Admission(Generic[T]):
    """Per-network admission of new connections (see the module's description).

    Args:
        cap: Connections a network may have served at a time; 0 for no cap.
        rate: New connections a network may be given a second (tokens added a second);
            0 for no rate limit.
        burst: Tokens a network may save (at least 1 when ``rate`` is set).
        waiting: Connections a network may have held at a time; 0 to refuse at once
            whatever the cap or the rate would not take now.
        clock: Seconds, never going back (`time.monotonic()` by default).
        on_push_out: Called with each held connection pushed out of a full room (no
            longer held: the caller refuses it).

    Raises:
        PokerError: a bound is negative, or ``rate`` is set with a ``burst`` under 1.
    """

    def __init__(
        self,
        *,
        cap: int,
        rate: float,
        burst: int,
        waiting: int,
        clock: Callable[[], float] = time.monotonic,
        on_push_out: Callable[[T], object] | None = None,
    ) -> None:
        if cap < 0 or rate < 0 or waiting < 0:
            raise PokerError(
                f"cap, rate and waiting must be 0 or more, not {cap}, {rate} and {waiting}"
            )
        if rate and burst < 1:
            raise PokerError(f"burst must be at least 1 with a rate, not {burst}")
        self.cap = cap
        self.rate = rate
        self.burst = burst
        self.waiting = waiting
        self._clock = clock
        self._on_push_out = on_push_out
        self._networks: dict[str, _Network[T]] = {}
        self._arrivals = 0

    @property
    def active(self) -> bool:
        """Whether any limit is set (else every connection is taken, uncounted)."""
        return bool(self.cap or self.rate)

    def arrive(self, name: str, ticket: T) -> bool | None:
        """A new connection from network ``name``: ``True`` if it is taken now (counted
        until `leave()`), ``None`` if it is held (``ticket`` waits for
        `admit_waiting()`, or `cancel()`; when the room was full, its oldest
        went to ``on_push_out``), ``False`` if it is refused (no room at all)."""
        self._arrivals += 1
        if self._arrivals % _SWEEP_EVERY == 0:
            self._sweep()
        net = self._networks.get(name)
        if net is None:
            net = self._networks[name] = _Network(float(self.burst), self._clock())
        if not net.waiting and self._room(net):
            self._take(net)
            return True
        if not self.waiting:
            return False
        if len(net.waiting) >= self.waiting:
            oldest = net.waiting.popleft()
            if self._on_push_out is not None:
                self._on_push_out(oldest)
        net.waiting.append(ticket)
        return None

    def leave(self, name: str) -> None:
        """A connection `arrive()` or `admit_waiting()` took has closed."""
        net = self._networks.get(name)
        if net is not None and net.open:
            net.open -= 1

    def cancel(self, name: str, ticket: T) -> None:
        """A held connection goes without being taken (closed, or held too long)."""
        net = self._networks.get(name)
        if net is not None and ticket in net.waiting:
            net.waiting.remove(ticket)

    def admit_waiting(self, name: str) -> list[T]:
        """The held connections of ``name`` that may be taken now, oldest first (each
        counted until `leave()`)."""
        net = self._networks.get(name)
        taken: list[T] = []
        while net is not None and net.waiting and self._room(net):
            self._take(net)
            taken.append(net.waiting.popleft())
        return taken

    def held(self, name: str) -> int:
        """How many connections of ``name`` are held."""
        net = self._networks.get(name)
        return len(net.waiting) if net is not None else 0

    def delay(self, name: str) -> float | None:
        """Seconds until the bucket of ``name`` has a token for its oldest held
        connection; ``None`` when none is held or what holds it is the cap (a place
        frees when a connection leaves, not with time)."""
        net = self._networks.get(name)
        if net is None or not net.waiting or (self.cap and net.open >= self.cap):
            return None
        self._refill(net)
        return max(0.0, (1.0 - net.tokens) / self.rate) if self.rate else 0.0

    def _room(self, net: _Network[T]) -> bool:
        if self.cap and net.open >= self.cap:
            return False
        if self.rate:
            self._refill(net)
            return net.tokens >= 1.0
        return True

    def _take(self, net: _Network[T]) -> None:
        net.open += 1
        if self.rate:
            net.tokens -= 1.0

    def _refill(self, net: _Network[T]) -> None:
        now = self._clock()
        net.tokens = min(float(self.burst), net.tokens + (now - net.stamp) * self.rate)
        net.stamp = now

    def _sweep(self) -> None:
        """Forgets networks with nothing served or held and a full bucket: they are as
        a network never seen (so many networks passing by do not pile up)."""
        for name, net in list(self._networks.items()):
            if not net.open and not net.waiting:
                self._refill(net)
                if net.tokens >= self.burst:
                    del self._networks[name]

    def __len__(self) -> int:
        """How many networks are remembered (those seen lately)."""
        return len(self._networks)
