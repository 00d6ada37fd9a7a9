"""Real hand histories at scale: streaming PHH files, checked results, player statistics.

Examples:
    >>> from pokerforge.histories import read_phhs
"""

from pokerforge.histories.phhs import BadHandError, PhhReader, parse_table, read_phhs
from pokerforge.histories.record import HandRecord

__all__ = ["BadHandError", "HandRecord", "PhhReader", "parse_table", "read_phhs"]
