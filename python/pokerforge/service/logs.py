r"""Structured logs: one JSON object per line.

Examples:
    >>> import logging
    >>> record = logging.LogRecord("pokerforge.service", logging.INFO, "", 0, "request",
    ...                            None, None)
    >>> record.fields = {"path": "/healthz", "status": 200}
    >>> record.created = 0.0
    >>> print(JsonFormatter().format(record).replace(", ", ",\n "))
    {"ts": "1970-01-01T00:00:00.000Z",
     "level": "info",
     "event": "request",
     "path": "/healthz",
     "status": 200}
"""

from __future__ import annotations

import json
import logging
import sys
import time

__all__ = ["JsonFormatter", "configure_logging"]


class JsonFormatter(logging.Formatter):
    """Formats a record as JSON: time, level, event (the message) and its ``fields``."""

    def format(self, record: logging.LogRecord) -> str:
        """Formats ``record`` as one line of JSON."""
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        data: dict[str, object] = {
            "ts": f"{stamp}.{int(record.created * 1000) % 1000:03d}Z",
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            data.update(fields)
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, default=str)


def configure_logging(level: str = "info") -> None:
    """Sends the service's and uvicorn's logs to stderr as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    for name in ("pokerforge.service", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level.upper())
        logger.propagate = False
