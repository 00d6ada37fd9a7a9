"""Writing every hand of a run: Parquet, PHH or JSON lines, in hand order.

The format follows the file name: ``.parquet`` writes a columnar dataset with pyarrow (one
row per hand in ``NAME.parquet``: number, seed and button to replay it, board, every seat's
hole cards and position, showdown, pot, rake and each seat's net; one row per forced bet
and player action in ``NAME.actions.parquet``, with the seat's player name and integer
amounts; the player names, a seat's policy name with the seat added where several seats
play the same policy, are in the footer too),
``.phhs`` / ``.phh`` writes PHH hand histories (one TOML table per hand, ``[0]``, ``[1]``,
...), and ``.jsonl`` or ``.ndjson`` JSON lines (one per hand, then one summary line); any
other ending is an error naming these.

While a run goes on, each file is written as ``FILE.partial`` and renamed to ``FILE``
only when every hand is in. A run that stops early (Ctrl-C, a policy's error) leaves the
``.partial`` files: a prefix of the run's hands (hand 0 up to the last whole chunk in
order), each marked inside as well: the Parquet footer's ``pokerforge`` metadata says
``"complete": false``, the JSON lines end with a ``"partial": true`` line, and the PHH file
with a comment.

Examples:
    >>> from pathlib import Path
    >>> [name for name in output_paths(Path("hands.parquet"))]
    ['hands.parquet', 'hands.actions.parquet']
    >>> record_kind(Path("hands.phhs")), record_kind(Path("hands.jsonl"))
    ('phh', 'rows')
"""

from __future__ import annotations

import json
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from pokerforge.errors import InvalidSpecError, OutputError
from pokerforge.extras import require
from pokerforge.sim.chunks import Job, Record, player_names
from pokerforge.sim.results import ChunkResult

if TYPE_CHECKING:
    from pokerforge.sim.results import SimResult

__all__ = ["FORMATS", "HandWriter", "open_writer", "output_paths", "record_kind"]

_STREETS = ("preflop", "flop", "turn", "river")


#: The file name endings a run writes, by format.
FORMATS = {".parquet": "Parquet", ".phhs": "PHH", ".phh": "PHH", ".jsonl": "JSON lines",
           ".ndjson": "JSON lines"}  # fmt: skip


def record_kind(path: Path) -> Record:
    """What chunks must keep to write ``path``.

    Raises:
        InvalidSpecError: A file name whose ending is none of `FORMATS` (a ``.csv``
            must not quietly get JSON lines).
    """
    if path.suffix not in FORMATS:
        endings = ", ".join(f"{end} ({name})" for end, name in FORMATS.items())
        raise InvalidSpecError(
            f"cannot tell the format of {str(path)!r} from its ending {path.suffix!r}: "
            f"expected one of {endings}"
        )
    return "phh" if path.suffix in (".phh", ".phhs") else "rows"


def output_paths(path: Path) -> list[str]:
    """The files a run writes for ``path``."""
    if path.suffix == ".parquet":
        return [str(path), str(path.with_name(path.stem + ".actions" + path.suffix))]
    return [str(path)]


def _partial(path: str) -> str:
    return path + ".partial"


def pyarrow_modules() -> tuple[Any, Any]:
    """``(pyarrow, pyarrow.parquet)``, or a clear error saying what to install."""
    pa = require("pyarrow", "dask", "Parquet output")
    return pa, require("pyarrow.parquet", "dask", "Parquet output")


@contextmanager
def _uninterrupted() -> Iterator[None]:
    """Holds Ctrl-C back while a chunk is written and counted, so a partial file always holds
    exactly the hands its summary counts; the interrupt is raised right after.

    The SIGINT handler is swapped rather than the signal blocked: a blocked signal would go to
    another thread and leave this one asleep in its next wait.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught and previous is not signal.SIG_IGN:
            if callable(previous):
                previous(signal.SIGINT, None)
            else:
                raise KeyboardInterrupt


class HandWriter:
    """Writes a run's chunks, in chunk order, to ``.partial`` files; see the module."""

    def __init__(self, path: Path, job: Job) -> None:
        self.path = path
        self.job = job
        self.finals = output_paths(path)
        self.hands_written = 0
        self._next = 0
        self._waiting: dict[int, ChunkResult] = {}

    def add(self, chunk: ChunkResult) -> None:
        """Takes a finished chunk; writes it (and any that waited for it) once all chunks
        before it are written."""
        self._waiting[chunk.chunk] = chunk
        while self._next in self._waiting:
            ready = self._waiting.pop(self._next)
            with _uninterrupted(), self._writing():
                self._write(ready)
                self.hands_written += ready.tally.hands
            self._next += 1

    def _write(self, chunk: ChunkResult) -> None:
        raise NotImplementedError

    def _close(self, summary: dict[str, Any]) -> None:
        raise NotImplementedError

    def _drop(self) -> None:
        """Closes the files without writing more (what a failed write leaves)."""
        raise NotImplementedError

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """A failure to write (a full disk, a file system gone read-only) as one
        [`PokerError`][pokerforge.errors.PokerError] naming the output; the partial files are
        removed, since what they hold past the failure is unknown."""
        try:
            yield
        except OSError as err:
            self.discard()
            raise OutputError(
                f"cannot write {str(self.path)!r}: {err.strerror or err} (the partial output "
                "was removed)"
            ) from None

    def discard(self) -> None:
        """Closes the files, ignoring errors, and removes them."""
        with suppress(OSError):
            self._drop()
        for final in self.finals:
            with suppress(OSError):
                os.remove(_partial(final))
        self.finals = []

    def finish(self, result: SimResult) -> tuple[str, ...]:
        """Closes the files, marked complete, under their final names.

        Raises:
            PokerError: A file cannot be written or renamed (the partial files removed).
        """
        with self._writing():
            self._close({"complete": True, **result.as_dict()})
            for final in self.finals:
                os.replace(_partial(final), final)
        return tuple(self.finals)

    def abandon(self) -> tuple[str, ...]:
        """Closes the files, marked partial, under their ``.partial`` names; when they
        cannot be written (or were already removed after a failed write), removes them and
        names none."""
        if not self.finals:
            return ()
        try:
            self._close(
                {
                    "complete": False,
                    "partial": True,
                    "hands_written": self.hands_written,
                    "hands_requested": self.job.hands,
                    "seed": self.job.seed,
                }
            )
        except OSError:
            self.discard()
            return ()
        return tuple(_partial(final) for final in self.finals)


class _TextWriter(HandWriter):
    def __init__(self, path: Path, job: Job) -> None:
        super().__init__(path, job)
        self._file: IO[str] = open(_partial(self.finals[0]), "w", encoding="utf-8")  # noqa: SIM115

    def _drop(self) -> None:
        self._file.close()


class JsonLinesWriter(_TextWriter):
    """One JSON object per hand, then a summary line."""

    def _write(self, chunk: ChunkResult) -> None:
        dumps = json.dumps
        players = player_names(self.job)
        self._file.writelines(
            dumps(
                {
                    "hand": number,
                    "seed": seed,
                    "button": button,
                    "board": board,
                    "players": players,
                    "holes": list(holes),
                    "positions": list(positions),
                    "net": list(net),
                    "showdown": showdown,
                    "pot": pot,
                    "rake": rake,
                }
            )
            + "\n"
            for number, seed, button, board, showdown, pot, rake, net, holes, positions in (
                chunk.hands
            )
        )

    def _close(self, summary: dict[str, Any]) -> None:
        if summary["complete"]:
            summary = {k: v for k, v in summary.items() if k != "complete"}
        self._file.write(json.dumps(summary) + "\n")
        self._file.close()


class PhhWriter(_TextWriter):
    """PHH hand histories, one TOML table per hand."""

    def _write(self, chunk: ChunkResult) -> None:
        first = chunk.chunk * self.job.chunk_size
        for offset, text in enumerate(chunk.phh):
            self._file.write(f"[{first + offset}]\n{text}\n")

    def _close(self, summary: dict[str, Any]) -> None:
        if not summary["complete"]:
            self._file.write(
                f"# partial output: {summary['hands_written']} of "
                f"{summary['hands_requested']} hands\n"
            )
        self._file.close()


class ParquetWriter(HandWriter):
    """A hands table and an actions table, written a chunk (one row group) at a time."""

    def __init__(self, path: Path, job: Job) -> None:
        super().__init__(path, job)
        pa, pq = pyarrow_modules()
        self._pa = pa
        self.hand_schema = pa.schema(
            [
                ("hand", pa.int64()),
                ("seed", pa.int64()),
                ("button", pa.int8()),
                ("board", pa.string()),
                ("showdown", pa.bool_()),
                ("pot", pa.int64()),
                ("rake", pa.int64()),
                ("net", pa.list_(pa.int64())),
                ("holes", pa.list_(pa.string())),
                ("positions", pa.list_(pa.string())),
            ]
        )
        self.action_schema = pa.schema(
            [
                ("hand", pa.int64()),
                ("index", pa.int16()),
                ("street", pa.string()),
                ("seat", pa.int8()),
                ("player", pa.dictionary(pa.int8(), pa.string())),
                ("action", pa.string()),
                ("amount", pa.int64()),
                ("to", pa.int64()),
                ("all_in", pa.bool_()),
            ]
        )
        self._players = player_names(job)
        self._player_names = pa.array(self._players, type=pa.string())
        self._hands = pq.ParquetWriter(_partial(self.finals[0]), self.hand_schema)
        self._actions = pq.ParquetWriter(_partial(self.finals[1]), self.action_schema)

    def _write(self, chunk: ChunkResult) -> None:
        pa = self._pa
        if chunk.hands:
            rows = list(zip(*chunk.hands, strict=True))
            self._hands.write_table(pa.Table.from_arrays(rows, schema=self.hand_schema))
        if chunk.actions:
            columns: list[Any] = list(zip(*chunk.actions, strict=True))
            columns[2] = [_STREETS[street] for street in columns[2]]
            # The seat numbers index the players' names: no string per row is made.
            seats = pa.array(columns[3], type=pa.int8())
            columns.insert(4, pa.DictionaryArray.from_arrays(seats, self._player_names))
            self._actions.write_table(pa.Table.from_arrays(columns, schema=self.action_schema))

    def _drop(self) -> None:
        for writer in (self._hands, self._actions):
            with suppress(OSError):
                writer.close()

    def _close(self, summary: dict[str, Any]) -> None:
        meta = {"pokerforge": json.dumps({**summary, "players": self._players})}
        for writer in (self._hands, self._actions):
            writer.add_key_value_metadata(meta)
            writer.close()


def open_writer(path: str | os.PathLike[str], job: Job) -> HandWriter:
    """A writer for ``path`` (the format follows the suffix; see the module).

    Raises:
        PokerError: The file cannot be created.
        SimBackendError: Parquet without pyarrow.
    """
    where = Path(path)
    cls: type[HandWriter] = (
        ParquetWriter
        if where.suffix == ".parquet"
        else PhhWriter
        if record_kind(where) == "phh"
        else JsonLinesWriter
    )
    try:
        return cls(where, job)
    except OSError as err:
        raise OutputError(f"cannot write {str(path)!r}: {err.strerror or err}") from None
