"""Real hand histories at scale: PHH files with decimal stakes and unknown cards, streamed
hand by hand, checked against their recorded results, and player statistics over them.

Examples:
    Two hands as an online room records them: dollars and cents, hole cards unknown, and
    the winnings after a 15-cent rake. (cy, on the button, steals the blinds in the first
    hand; each table row is written here on two lines.)

    >>> import tempfile
    >>> from pathlib import Path
    >>> from pokerforge.histories import Stats, read_phhs
    >>> table = '''
    ... variant = "NT"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [0.50, 1, 0]
    ... min_bet = 1
    ... players = ["ann", "bob", "cy"]
    ... '''
    >>> deal = '"d dh p1 ????", "d dh p2 ????", "d dh p3 ????"'
    >>> street = '"p1 cc", "p2 cc", "p3 cc"'
    >>> text = f'''[1]{table}starting_stacks = [50.00, 100, 75.25]
    ... actions = [{deal}, "p3 cbr 3", "p1 f", "p2 f"]
    ... winnings = [0, 0, 4.50]
    ... [2]{table}starting_stacks = [49.50, 99, 78.75]
    ... actions = [{deal}, "p3 cc", "p1 cc", "p2 cc", "d db 2c7d9h", {street}, "d db Ks",
    ...     {street}, "d db 3d", {street}, "p1 sm ????", "p2 sm ????", "p3 sm ????"]
    ... winnings = [2.85, 0, 0]
    ... '''
    >>> path = Path(tempfile.mkdtemp()) / "hands.phhs"
    >>> _ = path.write_text(text)
    >>> reader = read_phhs(path)
    >>> stats = Stats().update(reader)
    >>> reader.hands, reader.skipped
    (2, 0)
    >>> print(stats.table())  # doctest: +NORMALIZE_WHITESPACE
    player  pos  hands   VPIP   PFR  3bet  F3bet  Steal  FSteal  Cbet  FCbet  XR  AF  AFq
        WTSD   W$SD  WoSD    net  allin  bb/100    +/-
    ann     all      2   50.0   0.0   0.0      -      -   100.0     -      -   -   -    -
       100.0  100.0   0.0   1.35   1.35    67.5  117.5
    bob     all      2    0.0   0.0   0.0      -      -   100.0     -      -   -   -    -
       100.0    0.0   0.0  -2.00  -2.00  -100.0    0.0
    cy      all      2  100.0  50.0     -      -   50.0       -     -      -   -   -    -
       100.0    0.0   0.0   0.50   0.50    25.0  125.0
"""

from pokerforge.errors import UnpaidPotError
from pokerforge.game.phh.conventions import CONVENTIONS, RoomConvention, conventions_table
from pokerforge.game.phh.sites import SITES, Site, site_for
from pokerforge.histories.collection import (
    Executor,
    FileSummary,
    Summary,
    phh_files,
    read_many,
    summarize,
)
from pokerforge.histories.groups import Group
from pokerforge.histories.phhs import BadHandError, PhhReader, parse_table, read_phhs
from pokerforge.histories.pokerstars import PokerStarsError, PokerStarsReader, read_pokerstars
from pokerforge.histories.record import HandRecord
from pokerforge.histories.rooms import RoomsReader, read_histories
from pokerforge.histories.stats import PlayerStats, Stats

__all__ = [
    "CONVENTIONS",
    "SITES",
    "BadHandError",
    "Executor",
    "FileSummary",
    "Group",
    "HandRecord",
    "PhhReader",
    "PlayerStats",
    "PokerStarsError",
    "PokerStarsReader",
    "RoomConvention",
    "RoomsReader",
    "Site",
    "Stats",
    "Summary",
    "UnpaidPotError",
    "conventions_table",
    "parse_table",
    "phh_files",
    "read_histories",
    "read_many",
    "read_phhs",
    "read_pokerstars",
    "site_for",
    "summarize",
]
