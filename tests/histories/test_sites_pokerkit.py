"""The HandHQ samples of every room (Absolute Poker, Full Tilt, PokerStars, PartyPoker,
Ongame) read and checked against pokerkit (which needs Python 3.11 or later:
scripts/suite.sh leaves this file out where pokerkit is not installable)."""

from __future__ import annotations

import warnings
from decimal import Decimal
from pathlib import Path

import pokerkit
import pytest

from pokerforge.histories import read_phhs
from pokerforge.histories.phhs import _tables

# Comparisons with pokerkit, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

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


def _final_stacks(text: str) -> list[Decimal]:
    """pokerkit's stacks at the end of the hand, ``p1`` first."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the dataset's extra fields
        return [Decimal(s) for s in list(pokerkit.HandHistory.loads(text))[-1].stacks]


@pytest.mark.parametrize(
    ("name", "unknown"),
    [
        # Full Tilt [17], [21] and PokerStars [18], [21]: showdowns where the winner showed
        # and the loser's cards are written ????, with no winnings: the untabled hand
        # cannot win (rule 22), so the shown hand is paid, as pokerkit pays it.
        ("handhq_ftp_50nlh.phhs", []),
        ("handhq_ps_50nlh.phhs", []),
        ("handhq_pty_25nlh.phhs", []),
        ("handhq_ong_400nlh.phhs", []),
    ],
)
def test_every_room_agrees_with_pokerkit(name: str, unknown: list[str]) -> None:
    # pokerkit replays the same hands and takes no rake: wherever our result is known,
    # its stacks less ours are the rake, hand by hand; a pot the record paid nobody,
    # repaired from the replay, is unraked and pokerkit's stacks are ours exactly.
    path = DATA / name
    texts = _hands(path)
    records = list(read_phhs(path, skip_bad=True, repair=True))
    assert [r.table for r in records if not r.hand.result_known] == unknown
    for record in records:
        if not record.hand.result_known:
            continue
        hand = record.hand
        n = hand.num_seats
        order = [(hand.button + i) % n for i in range(1, n + 1)]
        ours = [hand.stacks[s] * hand.chip_value for s in order]
        theirs = _final_stacks(texts[int(str(record.table)) - 1])
        differences = [t - o for t, o in zip(theirs, ours, strict=True)]
        assert sum(differences) == hand.rake * hand.chip_value
        assert all(d >= 0 for d in differences)  # the rake comes out of winners' chips
        if record.repaired:
            assert theirs == ours
