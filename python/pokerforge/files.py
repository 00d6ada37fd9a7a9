"""Files the commands write: written whole or not at all, their failures named.

Examples:
    >>> import tempfile
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_file(str(path), lambda p: Path(p).write_text("done"))
    >>> path.read_text()
    'done'
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

from pokerforge.errors import OutputError, PokerError

__all__ = ["write_file"]


def write_file(path: str, write: Callable[[str], object]) -> None:
    """``write(path)``, its failures to write (a folder that does not exist, a file type
    the writer does not know, a full disk) as one line naming the path. The file is
    written under a name of its own (``g.partial.csv``: the ending still gives the
    format) and takes its name when complete, so a failure leaves no half file behind.

    Raises:
        OutputError: the file cannot be written (named with the reason).
        PokerError: the writer refuses the file's name (an ending it does not know).
    """
    target = Path(path)
    partial = str(target.with_name(f"{target.stem}.partial{target.suffix}"))
    try:
        write(partial)
        os.replace(partial, path)
    except OSError as err:
        _remove(partial)
        raise OutputError(f"cannot write {path!r}: {err.strerror or err}") from None
    except ValueError as err:  # matplotlib's "Format 'xyz' is not supported", and the like
        _remove(partial)
        # The writer's own refusal (an ending it does not know) names the file as given.
        message = str(err).replace(partial, path)
        raise (type(err) if isinstance(err, PokerError) else PokerError)(
            message if isinstance(err, PokerError) else f"cannot write {path!r}: {message}"
        ) from None


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.remove(path)
