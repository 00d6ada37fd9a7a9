"""A progress bar on a terminal, and nothing when the output is piped.

Examples:
    >>> import io
    >>> piped = io.StringIO()
    >>> bar = Progress(10, stream=piped)
    >>> bar(5, 10); bar.update(10, final=True); piped.getvalue()
    ''
"""

from __future__ import annotations

import sys
import time
from typing import IO

__all__ = ["Progress", "Timer", "duration_text"]


def duration_text(seconds: float) -> str:
    """A duration as people say it.

    Examples:
        >>> duration_text(40), duration_text(360), duration_text(9000)
        ('40 s', '6 min', '2.5 h')
    """
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class Progress:
    """A progress bar on ``stream`` (default stderr), drawn only when it is a terminal.

    Redraws at most ten times a second, and always for the final update. Calling it as
    ``progress(done, total)`` is the callback [`pokerforge.sim.run()`][pokerforge.sim.run] and the
    grids take.
    """

    def __init__(self, total: int, *, label: str = "", stream: IO[str] | None = None) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = time.perf_counter()
        self._next_draw = 0.0

    def __call__(self, done: int, total: int) -> None:
        self.total = total
        self.update(done, final=done >= total)

    def update(self, done: int, *, final: bool = False) -> None:
        """Shows ``done`` of ``total`` (a no-op off a terminal)."""
        if not self.enabled:
            return
        now = time.perf_counter()
        if not final and now < self._next_draw:
            return
        self._next_draw = now + 0.1
        width = 30
        frac = done / self.total if self.total else 1.0
        filled = int(width * frac)
        rate = done / max(now - self.start, 1e-9)
        bar = "#" * filled + "-" * (width - filled)
        line = f"\r{self.label} [{bar}] {done:,}/{self.total:,} {frac:6.1%} {rate:,.0f}/s"
        self.stream.write(line + ("\n" if final else ""))
        self.stream.flush()


class Timer:
    """Work measured in time, not in items: a bar of the seconds gone against an
    estimate (``exact [####------] 12 s of about 40 s``), drawn on ``stream`` (default
    stderr) only when it is a terminal, at most ten times a second.

    Examples:
        >>> import io
        >>> piped = io.StringIO()
        >>> timer = Timer(40.0, label="exact", stream=piped)
        >>> timer.update(); timer.done(); piped.getvalue()
        ''
    """

    def __init__(self, estimate: float, *, label: str = "", stream: IO[str] | None = None) -> None:
        self.estimate = estimate
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = time.perf_counter()

    def update(self) -> None:
        """Redraws the bar for the time gone now (a no-op off a terminal)."""
        if not self.enabled:
            return
        gone = time.perf_counter() - self.start
        width = 30
        # Estimates err both ways: the bar stops short of full until the work is done.
        filled = min(width - 1, int(width * gone / self.estimate)) if self.estimate > 0 else 0
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {gone:.0f} s of about {self.estimate:.0f} s ")
        self.stream.flush()

    def done(self) -> None:
        """Clears the bar's line."""
        if self.enabled:
            self.stream.write("\r" + " " * 72 + "\r")
            self.stream.flush()
