"""Real hand histories at scale: PHH files with decimal stakes and unknown cards, streamed
hand by hand, checked against their recorded results, and player statistics over them.

Examples:
    >>> from pathlib import Path
    >>> from pokerforge.histories import Stats, read_phhs
    >>> data = Path(__file__).parents[3] / "tests" / "data" / "phh"
    >>> reader = read_phhs(data / "handhq_abs_100nlh.phhs", skip_bad=True)
    >>> stats = Stats().update(reader)
    >>> reader.hands, reader.skipped, stats.unknown_results
    (40, 1, 5)
"""

from pokerforge.histories.collection import (
    Executor,
    FileSummary,
    LocalExecutor,
    Summary,
    phh_files,
    read_many,
    summarize,
)
from pokerforge.histories.phhs import BadHandError, PhhReader, parse_table, read_phhs
from pokerforge.histories.pokerstars import PokerStarsError, PokerStarsReader, read_pokerstars
from pokerforge.histories.record import HandRecord
from pokerforge.histories.stats import PlayerStats, Stats

__all__ = [
    "BadHandError",
    "Executor",
    "FileSummary",
    "HandRecord",
    "LocalExecutor",
    "PhhReader",
    "PlayerStats",
    "PokerStarsError",
    "PokerStarsReader",
    "Stats",
    "Summary",
    "parse_table",
    "phh_files",
    "read_many",
    "read_phhs",
    "read_pokerstars",
    "summarize",
]
