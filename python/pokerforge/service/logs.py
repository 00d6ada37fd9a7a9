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
import time

__all__ = ["JsonFormatter"]


class JsonFormatter(logging.Formatter):
    """Formats a record as JSON: time, level, event (the message), the request id (set by
    `RequestIdFilter`) and the record's ``fields``."""

    def format(self, record: logging.LogRecord) -> str:
        """Formats ``record`` as one line of JSON."""
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        data: dict[str, object] = {
            "ts": f"{stamp}.{int(record.created * 1000) % 1000:03d}Z",
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        request_id = getattr(record, "request_id", "-")
        if request_id != "-":
            data["request_id"] = request_id
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            data.update(fields)
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, default=str)
