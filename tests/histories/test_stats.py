"""Player statistics, checked by hand on a few hands."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from pokerforge.errors import InvalidSpecError
from pokerforge.game import GameSpec, Hand
from pokerforge.histories import HandRecord, Stats, read_phhs, summarize

DATA = Path(__file__).parents[1] / "data" / "phh"
SPEC = GameSpec(blinds=(1, 2))


def _record(
    actions: str, names: tuple[str, ...] = ("A", "B", "C", "D"), board: str = ""
) -> HandRecord:
    """Play ``actions`` (f, x, c, rN) with seat 0 on the button; known cards, fixed deal."""
    hand = Hand(
        SPEC,
        stacks=[200] * len(names),
        button=0,
        hole_cards=["AsAh", "KsKh", "QsQh", "2c7d"][: len(names)],
        board=board or "2h3d9cTs4c",
    )
    for word in actions.split():
        if word == "f":
            hand.fold()
        elif word == "x":
            hand.check()
        elif word == "c":
            hand.call()
        else:
            hand.raise_to(int(word[1:]))
    assert hand.is_over
    return HandRecord(hand, names)


# Seats: 0 BTN (A), 1 SB (B), 2 BB (C), 3 UTG (D). Pre-flop order: D, A, B, C.
HANDS = [
    # D opens to 6, A 3-bets to 18, B folds, C folds, D folds to the 3-bet.
    "r6 r18 f f f",
    # D limps, A folds, B completes, C checks; flop: B bets 4, C calls, D raises 12,
    # B folds, C calls; turn and river checked down: C's queens beat D's 7-high.
    "c f c x r4 c r12 f c x x x x",
    # Everyone folds to C (the big blind's walk).
    "f f f",
]


@pytest.fixture
def stats() -> Stats:
    return Stats(track=["C"]).update(_record(h) for h in HANDS)


def test_preflop_figures_by_hand(stats: Stats) -> None:
    a, b, c, d = (stats.player(x) for x in "ABCD")
    assert (a.hands, a.vpip, a.pfr) == (3, 1 / 3, 1 / 3)
    assert (d.vpip, d.pfr) == (2 / 3, 1 / 3)  # opened once, limped once
    assert a.three_bet == 1.0  # one chance (facing D's open), taken
    # B and C faced two raises (a 4-bet chance, not a 3-bet one); D never faced one.
    assert b.three_bet is None and c.three_bet is None and d.three_bet is None
    assert d.fold_to_three_bet == 1.0 and a.fold_to_three_bet is None
    assert b.vpip == 1 / 3 and c.vpip == 0.0  # completing counts, checking the big blind not


def test_postflop_and_showdown_figures_by_hand(stats: Stats) -> None:
    b, c, d = (stats.player(x) for x in "BCD")
    assert b.aggression_factor is None and d.aggression_factor is None  # aggression, no call
    assert c.aggression_factor == 0.0  # two calls, no bet or raise
    assert c.went_to_showdown == 1.0 and d.went_to_showdown == 1.0 and b.went_to_showdown == 0.0
    assert c.won_at_showdown == 1.0 and d.won_at_showdown == 0.0


def test_money_by_hand(stats: Stats) -> None:
    # Hand 1: D -6, A +9 (D's 6, B's 1, C's 2), B -1, C -2.
    a, b, c, d = (stats.player(x) for x in "ABCD")
    assert a.net == Decimal(9)
    # Hand 2: D in 2+12=14, B in 2+4=6, C in 2+12=14, A in 0 -> C wins 34: +20.
    # Hand 3: C wins B's small blind: +1.
    assert (
        c.net == Decimal(-2 + 20 + 1) and d.net == Decimal(-6 - 14) and b.net == Decimal(-1 - 6 - 1)
    )
    assert a.net + b.net + c.net + d.net == 0
    # bb/100: C won -1, +10, +0.5 big blinds.
    xs = [-1.0, 10.0, 0.5]
    mean = sum(xs) / 3
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / 2)
    assert c.bb_per_100 == pytest.approx(100 * mean)
    assert c.bb_per_100_se == pytest.approx(100 * sd / math.sqrt(3))
    assert stats.cumulative("C") == [Decimal(-2), Decimal(18), Decimal(19)]


def test_by_position(stats: Stats) -> None:
    assert stats.positions("C") == ["BB"]
    assert stats.positions("D") == ["UTG"] and stats.player("D", "UTG").hands == 3
    with pytest.raises(KeyError, match="no hands of 'D' at BTN"):
        stats.player("D", "BTN")


def test_merge_equals_one_pass(stats: Stats) -> None:
    parts = [Stats(track=["C"]).update([_record(h)]) for h in HANDS]
    merged = Stats(track=["C"])
    for part in parts:
        merged.merge(part)
    assert merged.table(by_position=True) == stats.table(by_position=True)
    assert merged.cumulative("C") == stats.cumulative("C")


def test_table_json_and_dataframe(stats: Stats) -> None:
    lines = stats.table().splitlines()
    assert lines[0].split()[:4] == ["player", "pos", "hands", "VPIP"]
    assert len(lines) == 5
    out = json.loads(stats.to_json(player="A"))
    assert out["hands"] == 3 and out["players"][0]["net"] == "9"
    frame = stats.to_dataframe(by_position=True)
    assert isinstance(frame, pd.DataFrame)
    assert frame.loc[("A", "all"), "hands"] == 3 and frame.loc[("C", "BB"), "vpip"] == 0.0


@pytest.mark.slow  # matplotlib's drawing, the same on every Python: on 3.11 only
def test_plot_cumulative(stats: Stats, tmp_path: Path) -> None:
    out = tmp_path / "c.png"
    stats.plot_cumulative("C", str(out))
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(InvalidSpecError, match=r"not tracked: .*Stats\(track=\['A'\]\)"):
        stats.plot_cumulative("A", str(out))


def test_unknown_results_count_for_actions_only() -> None:
    stats = Stats().update(read_phhs(DATA / "handhq_abs_100nlh.phhs", skip_bad=True))
    assert stats.hands == 40 and stats.unknown_results == 0  # untabled hands lose (rule 22)
    total = sum((stats.player(p).net for p in stats.players()), Decimal(0))
    rakes = sum(
        r.hand.rake * r.hand.chip_value
        for r in read_phhs(DATA / "handhq_abs_100nlh.phhs", skip_bad=True)
    )
    assert total == -rakes  # the known hands' winnings add up to minus the rake


def test_summaries_agree_on_every_backend() -> None:
    files = [DATA / "handhq_abs_100nlh.phhs", DATA / "wsop_2019_42_3_00-01-07.phh"] * 2
    inline = summarize(files, track=["KX/0x8JtlabNJOZ7jkDHaw"])
    pooled = summarize(files, backend="processes", workers=2, track=["KX/0x8JtlabNJOZ7jkDHaw"])
    assert (inline.files, inline.hands, inline.skipped) == (4, 80, 4)
    assert (pooled.hands, pooled.skipped, pooled.mismatches) == (80, 4, 2)
    assert pooled.stats.table(by_position=True) == inline.stats.table(by_position=True)
    key = "KX/0x8JtlabNJOZ7jkDHaw"
    assert pooled.stats.cumulative(key) == inline.stats.cumulative(key)


class ThreadExecutor:
    """An executor of another kind (threads, in reverse order): summaries must not care."""

    def map(self, fn: Any, payload: Any, count: int) -> Iterator[tuple[int, Any]]:
        with ThreadPoolExecutor(max_workers=2) as pool:
            futures = [(k, pool.submit(fn, payload, k)) for k in reversed(range(count))]
            for k, future in futures:
                yield k, future.result()


def test_any_executor_runs_the_tasks() -> None:
    files = [DATA / "handhq_abs_100nlh.phhs", DATA / "wsop_2019_42_3_00-01-07.phh"]
    threads = summarize(files, executor=ThreadExecutor())
    inline = summarize(files)
    assert threads.stats.table(by_position=True) == inline.stats.table(by_position=True)
    assert threads.problems == inline.problems


def test_bad_backends_are_named() -> None:
    with pytest.raises(InvalidSpecError, match="'threads' is not a backend"):
        summarize([DATA], backend="threads")  # type: ignore[arg-type]
    with pytest.raises(InvalidSpecError, match="workers must be at least 1"):
        summarize([DATA], backend="processes", workers=0)
    with pytest.raises(InvalidSpecError, match="a scheduler address needs the dask backend"):
        summarize([DATA], backend="processes", scheduler="tcp://127.0.0.1:9")


@pytest.mark.workers  # a real Dask cluster
@pytest.mark.slow  # on 3.11 only: Dask itself is tested on every Python by the grids' tests
def test_summaries_on_dask_agree_with_inline() -> None:
    """A directory read on a real Dask cluster (worker processes), by its address and on
    the cluster the backend starts itself."""
    import distributed  # noqa: PLC0415 - the test extra installs it

    files = [DATA / "handhq_abs_100nlh.phhs", DATA / "wsop_2019_42_3_00-01-07.phh"] * 2
    key = "KX/0x8JtlabNJOZ7jkDHaw"
    inline = summarize(files, track=[key])
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, dashboard_address=None, processes=True
    ) as cluster:
        remote = summarize(files, scheduler=cluster.scheduler_address, track=[key])
    started = summarize([DATA], backend="dask", workers=2, track=[key])
    assert (remote.files, remote.hands, remote.skipped, remote.mismatches) == (4, 80, 4, 2)
    assert remote.stats.table(by_position=True) == inline.stats.table(by_position=True)
    assert remote.stats.cumulative(key) == inline.stats.cumulative(key)
    assert remote.problems == inline.problems
    alone = summarize([DATA], track=[key])
    assert started.stats.table() == alone.stats.table()
    assert (started.hands, started.skipped) == (alone.hands, alone.skipped)


def test_reading_files_makes_no_reference_cycles() -> None:
    """``summarize`` pauses the cyclic collector while it reads a file: sound only while
    reading, replaying and counting (bad hands included) leave no cycles behind. Checked in
    a fresh interpreter, so that no other test's threads (Dask's) make garbage meanwhile."""
    script = (
        "import gc, sys\n"
        "from pathlib import Path\n"
        "from pokerforge.histories import Stats, read_phhs\n"
        "gc.collect(); gc.disable()\n"
        "for path in sorted(Path(sys.argv[1]).glob('*.ph*')):\n"
        "    Stats(track=['KX/0x8JtlabNJOZ7jkDHaw']).update(read_phhs(path, skip_bad=True))\n"
        "print(gc.collect())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(DATA)], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "0"


def _stud_hand(fold_on_fourth: bool) -> Hand:
    """Three stud players: all see fourth street; the first to act there folds or not, the
    others check or call to the showdown."""
    spec = GameSpec(variant="stud", betting="fixed-limit", ante=1, bring_in=1, small_bet=2,
                    big_bet=4)  # fmt: skip
    hand = Hand(spec, stacks=[100, 100, 100], button=0, seed=5)
    folded = False
    while not hand.is_over:
        if hand.can_bring_in():
            hand.bring_in()
        elif hand.street.name == "FOURTH_STREET" and fold_on_fourth and not folded:
            folded = True
            hand.fold()
        elif hand.legal_actions().check:
            hand.check()
        else:
            hand.call()
    return hand


@pytest.mark.parametrize("fold", [False, True])
def test_wtsd_counts_stud_from_fourth_street(fold: bool) -> None:
    # Stud has no flop: the players still in after third street's round (who see fourth
    # street) are those a showdown is counted against.
    hand = _stud_hand(fold)
    stats = Stats()
    stats.add(HandRecord(hand, ("Ann", "Bob", "Cid")))
    folder = {seat for seat in range(3) if hand.folded[seat]}
    assert len(folder) == fold
    for seat, name in enumerate(("Ann", "Bob", "Cid")):
        player = stats.player(name)
        assert player.went_to_showdown == (0.0 if seat in folder else 1.0)
        assert player.won_at_showdown is None or seat not in folder
    # The table shows it ("-" only where there was no chance), beside W$SD.
    head, *rows = stats.table().splitlines()
    column = head.split().index("WTSD")
    wtsd = {row.split()[0]: row.split()[column] for row in rows}
    names = ("Ann", "Bob", "Cid")
    assert wtsd == {name: "0.0" if seat in folder else "100.0" for seat, name in enumerate(names)}


def test_wtsd_counts_draw_games_from_the_first_draw() -> None:
    spec = GameSpec(variant="badugi", betting="fixed-limit", blinds=(1, 2), small_bet=2,
                    big_bet=4)  # fmt: skip
    hand = Hand(spec, stacks=[100, 100], button=0, seed=2)
    hand.call()  # the button calls, the big blind checks: both see the first draw
    while not hand.is_over:
        if hand.can_stand_pat():
            hand.stand_pat()
        elif hand.legal_actions().check:
            hand.check()
        else:
            hand.call()
    stats = Stats()
    stats.add(HandRecord(hand, ("Ann", "Bob")))
    assert stats.player("Ann").went_to_showdown == 1.0
    assert stats.player("Bob").went_to_showdown == 1.0
    # A hand folded before the draw: nobody saw it, so no WTSD chance (None, shown "-").
    early = Hand(spec, stacks=[100, 100], button=0, seed=2)
    early.fold()
    again = Stats()
    again.add(HandRecord(early, ("Ann", "Bob")))
    assert again.player("Bob").went_to_showdown is None
