"""The Absolute Poker 1000NL sample read and checked against pokerkit (which needs Python
3.11 or later: scripts/suite.sh leaves this file out where pokerkit is not installable)."""

from __future__ import annotations

import warnings
from decimal import Decimal
from pathlib import Path

import pokerkit

from pokerforge.histories import read_phhs
from pokerforge.histories.phhs import _tables

DATA = Path(__file__).parents[1] / "data" / "phh"


def _hands(path: Path) -> list[str]:
    """Each hand's text (without its ``[n]`` header)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return ["".join(chunk) for _, _, chunk in _tables(lines)]


def test_absolute_poker_at_1000nl_reads_and_agrees_with_pokerkit() -> None:
    # Antes, heads-up tables, hands recorded without winnings (a split pot of aces).
    path = DATA / "handhq_abs_1000nlh.phhs"
    texts = _hands(path)
    records = list(read_phhs(path))
    assert len(records) == len(texts) == 9
    split = records[5].hand  # p4 AhAc and p5 AsAd: the pot of 1,415 split
    assert "winnings" not in records[5].fields and split.result_known
    assert split.payouts[split.net.index(3250)] == split.payouts[split.net.index(3250, 5)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the dataset's extra fields
        for record, text in zip(records, texts, strict=True):
            hand = record.hand
            n = hand.num_seats
            order = [(hand.button + i) % n for i in range(1, n + 1)]
            theirs = [Decimal(s) for s in list(pokerkit.HandHistory.loads(text))[-1].stacks]
            ours = [hand.stacks[s] * hand.chip_value for s in order]
            # pokerkit takes no rake: the difference is the rake, on the players paid.
            assert (
                sum(t - o for t, o in zip(theirs, ours, strict=True)) == hand.rake * hand.chip_value
            )
