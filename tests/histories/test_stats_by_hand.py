"""Every statistic counted by hand on real files (tests/data, from public parsers'
fixtures), pinned, and the same figures from the hand database."""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from pokerforge.cli import main
from pokerforge.equity import equity
from pokerforge.errors import InvalidSpecError
from pokerforge.game import GameSpec, Hand
from pokerforge.histories import HandRecord, PlayerStats, Stats, read_histories
from pokerforge.histories.database import (
    database_stats,
    database_winnings,
    import_histories,
)

DATA = Path(__file__).parents[1] / "data"
# Four hands of a GGPoker tournament (the button is the small blind heads-up).
GG = DATA / "rooms" / "ggpoker" / "holdem_tournament.txt"
# PokerStars pot-limit Omaha, all in on the turn, the river run twice.
TWICE = DATA / "pokerstars" / "hhsmithy_run_it_twice.txt"
# PokerStars Hold'em, three side pots, the river bet and called.
SIDE_POTS = DATA / "pokerstars" / "hhsmithy_side_pots_raked.txt"

# The GGPoker file, hand by hand (positions: BTN, SB, BB, then UTG, HJ, CO):
# 1. Heads-up: Hero (BTN) raises, a9055bd5 (BB) calls. Flop: a9055bd5 checks, Hero bets,
#    a9055bd5 folds.
# 2. Heads-up: a9055bd5 (BTN) raises, Hero (BB) calls. Checked down; Hero's pair wins.
# 3. 326ed8a3 (UTG) and d6d937c9 (HJ) fold, ae0045c4 (CO) raises, Hero (BTN) and
#    a9055bd5 (SB) fold, 5d46d288 (BB) calls. Flop: 5d46d288 checks, ae0045c4 bets,
#    5d46d288 folds.
# 4. d6d937c9 (UTG) and ae0045c4 (HJ) fold, Hero (CO) raises, a9055bd5 (BTN) and
#    5d46d288 (SB) fold, 326ed8a3 (BB) calls. Flop: 326ed8a3 checks, Hero bets,
#    326ed8a3 calls. Turn: both check. River: 326ed8a3 bets, Hero calls; 326ed8a3's two
#    pair win.
# Each player's counts: (made, chances) for each figure; None where no chance at all.
BY_HAND = {
    "Hero": {
        "hands": 4,
        "vpip": (3, 4),  # raised 1 and 4, called 2
        "pfr": (2, 4),
        "three_bet": (0, 2),  # faced one raise in 2 and 3
        "fold_to_three_bet": None,
        "steal": (2, 2),  # the button in 1, the cutoff in 4 (in 3 the cutoff had raised)
        "fold_to_steal": (0, 1),  # the big blind in 2
        "cbet_flop": (2, 2),  # 1 and 4
        "cbet_turn": (0, 1),  # 4: checked behind
        "cbet_river": None,
        "fold_to_cbet_flop": None,
        "check_raise_flop": None,  # checked the flop of 2, nobody bet
        "aggression_factor": (2, 1),  # bets on the flops of 1 and 4; the river call of 4
        "aggression_frequency": (2, 3),
        "went_to_showdown": (2, 3),  # saw the flops of 1, 2, 4; showdowns 2, 4
        "won_at_showdown": (1, 2),
        "won_without_showdown": (1, 3),  # 1
        # Stacks 10,000 -> 10,294 -> 10,552 -> 10,534; then in 18 + 300 + 253 + 841.
        "net": (294 + 258 - 18 - 1412, 258 - 1412),
    },
    "a9055bd5": {
        "hands": 4,
        "vpip": (2, 4),
        "pfr": (1, 4),
        "three_bet": (0, 3),  # 1 (the big blind), 3 (the small blind), 4 (the button)
        "steal": (1, 1),  # the button in 2
        "fold_to_steal": (1, 2),  # called in 1, folded the small blind in 3
        "cbet_flop": (0, 1),  # 2: checked behind
        "fold_to_cbet_flop": (1, 1),  # 1
        "check_raise_flop": (0, 1),  # 1: checked, then folded to the bet
        "aggression_factor": None,  # no bet, raise or call after a flop
        "aggression_frequency": (0, 1),  # the fold of 1
        "went_to_showdown": (1, 2),
        "won_at_showdown": (0, 1),
        "won_without_showdown": (0, 2),
        "net": (-294 - 258 - 78 - 18, -258),
    },
    "ae0045c4": {
        "hands": 2,
        "vpip": (1, 2),
        "pfr": (1, 2),
        "three_bet": None,
        "steal": (1, 1),  # the cutoff in 3 (the hijack in 4 is no stealing seat)
        "cbet_flop": (1, 1),
        "aggression_frequency": (1, 1),
        "won_without_showdown": (1, 1),
        "net": (450 - 18, 0),
    },
    "5d46d288": {
        "hands": 2,
        "vpip": (1, 2),
        "three_bet": (0, 2),
        "fold_to_steal": (1, 2),  # called in 3 (the big blind), folded in 4 (the small)
        "fold_to_cbet_flop": (1, 1),
        "check_raise_flop": (0, 1),
        "aggression_frequency": (0, 1),
        "went_to_showdown": (0, 1),
        "net": (-318 - 78, 0),
    },
    "326ed8a3": {
        "hands": 2,
        "vpip": (1, 2),
        "three_bet": (0, 1),
        "steal": None,  # the first to act in 3 is under the gun
        "fold_to_steal": (0, 1),
        "fold_to_cbet_flop": (0, 1),
        "check_raise_flop": (0, 1),  # checked, then called
        "check_raise_turn": None,  # checked, nobody bet
        "aggression_factor": (1, 1),  # the river bet; the flop call
        "aggression_frequency": (1, 2),
        "went_to_showdown": (1, 1),
        "won_at_showdown": (1, 1),
        "net": (-18 + 2956 - 1412, 2956 - 1412),
    },
    "d6d937c9": {
        "hands": 2,
        "vpip": (0, 2),
        "steal": None,
        "went_to_showdown": None,
        "net": (-36, 0),
    },
}


def _check(row: PlayerStats, counted: dict[str, object]) -> None:
    for name, value in counted.items():
        if name == "hands":
            assert row.hands == value
        elif name == "net":
            net, showdown = value  # type: ignore[misc]
            assert (row.net, row.net_showdown) == (Decimal(net), Decimal(showdown)), name
            assert row.net_without_showdown == Decimal(net - showdown)
            assert row.allin_net == row.net and row.allin_hands == 0  # no all-in
        elif value is None:
            assert getattr(row, name) is None, name
        else:
            made, chances = value  # type: ignore[misc]
            assert getattr(row, name) == made / chances, name


def test_every_figure_of_a_ggpoker_file_by_hand() -> None:
    stats = Stats(track=["Hero"]).update(read_histories(GG))
    assert stats.hands == 4
    assert sum((stats.player(p).net for p in stats.players()), Decimal(0)) == 0
    for player, counted in BY_HAND.items():
        _check(stats.player(player), counted)
    # By position: Hero was on the button in 1 and 3, the big blind in 2, the cutoff in 4.
    button, cutoff = stats.player("Hero", "BTN"), stats.player("Hero", "CO")
    assert (button.hands, button.steal, button.cbet_flop, button.net) == (2, 1.0, 1.0, 276)
    assert (cutoff.hands, cutoff.steal, cutoff.cbet_turn, cutoff.net) == (1, 1.0, 0.0, -1412)
    assert stats.player("Hero", "BB").fold_to_steal == 0.0
    # The graph's series: after each hand, in all, at showdown, without, all-in adjusted.
    series = stats.winnings("Hero")
    assert series.net == [294, 552, 534, -878]
    assert series.showdown == [0, 258, 258, -1154]
    assert series.without_showdown == [294, 294, 276, 276]
    assert series.allin == series.net and series.unit == "chips"


def test_the_all_in_adjusted_result_of_a_run_twice_hand() -> None:
    # Turn 3d Kd 9h 8h, FLATC@T (Jd Ts Qd Qs) against KENZA_MILOU (7s 9s 7h Jh). Of the
    # 40 rivers left KENZA_MILOU wins the 8 hearts (a flush; Th a straight flush) and 9c
    # (three nines); FLATC@T every other (queens up, a flush, or a straight: 7 with J-T,
    # T with Q-J, J and Q with Q-T or J-T): 30 of 40, 75%.
    assert equity(["JdTsQdQs", "7s9s7hJh"], "3dKd9h8h", game="omaha").players[0].equity == 0.75
    stats = Stats().update(read_histories(TWICE))
    flat, kenza = stats.player("FLATC@T"), stats.player("KENZA_MILOU")
    # The main pot, $3,007 after the $3 rake, by 75% / 25%; the side pot of $20 is
    # FLATC@T's alone. FLATC@T put in $1,010 and won $3,027; KENZA_MILOU put in $1,000.
    assert (flat.net, kenza.net) == (Decimal(2017), Decimal(-1000))
    assert flat.allin_net == Decimal("2017") - 3027 + Decimal("2255.25") + 20 == Decimal("1265.25")
    assert kenza.allin_net == Decimal("-1000") + Decimal("751.75") == Decimal("-248.25")
    assert (flat.allin_hands, kenza.allin_hands) == (1, 1)
    assert flat.allin_bb_per_100 == pytest.approx(100 * 1265.25 / 20)
    # A player who folded is not adjusted; a river bet and call is no all-in before it.
    assert stats.player("Legheliel").allin_net == stats.player("Legheliel").net
    side = Stats().update(read_histories(SIDE_POTS))
    assert all(side.player(p).allin_hands == 0 for p in side.players())
    assert all(side.player(p).allin_net == side.player(p).net for p in side.players())
    # mofdis checked the flop and the river and called each bet: two check-raise chances.
    assert side.player("mofdis").check_raise_flop == 0.0
    assert side.player("mofdis").check_raise_river == 0.0


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "hands"
    folder.mkdir()
    for path in (GG, TWICE, SIDE_POTS):
        shutil.copy(path, folder)
    return folder


def _same(a: Stats, b: Stats) -> None:
    rows_a = list(a.rows(by_position=True))
    rows_b = {(r.player, r.position, r.unit, r.stakes): r for r in b.rows(by_position=True)}
    assert len(rows_a) == len(rows_b)
    for row in rows_a:
        other = rows_b[(row.player, row.position, row.unit, row.stakes)]
        for name in PlayerStats.__dataclass_fields__:
            mine, theirs = getattr(row, name), getattr(other, name)
            if name.startswith(("bb_per_100", "allin_bb")):  # float sums, in another order
                assert (mine is None) == (theirs is None), (row, name)
                assert mine is None or mine == pytest.approx(theirs, rel=1e-12), (row, name)
            else:
                assert mine == theirs and str(mine) == str(theirs), (row, name)


@pytest.mark.slow  # the same on every Python: on 3.11 only
def test_the_database_gives_the_same_figures(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    db = tmp_path / "hands.duckdb"
    import_histories([folder], db)
    from_files = Stats(track=["Hero"]).update(read_histories(folder))
    from_db = database_stats(db)
    _same(from_files, from_db)
    for player, counted in BY_HAND.items():
        _check(from_db.player(player), counted)
    assert from_db.player("FLATC@T").allin_net == Decimal("1265.25")
    # The graph's series, in the order the room's clock gives.
    series = database_winnings(db, "Hero")
    assert series == from_files.winnings("Hero")
    # Filters: a position keeps the players' hands there; dates and stakes the hands.
    button = database_stats(db, position="BTN").player("Hero").as_dict()
    assert button == {**from_files.player("Hero", "BTN").as_dict(), "position": "all"}
    assert database_winnings(db, "Hero", position="BTN").net == [294, 276]
    june = database_stats(db, since="2020-06-02", until="2020-06-02")
    assert june.hands == 4 and june.players()[0] == "Hero"
    euros = database_stats(db, stakes="0.05/0.10", game="holdem")
    assert euros.hands == 1 and euros.player("templargio").net == Decimal("6.40")
    with pytest.raises(InvalidSpecError, match="no hands of 'nobody' with a known result"):
        database_winnings(db, "nobody")


@pytest.mark.slow  # matplotlib's drawing, the same on every Python: on 3.11 only
def test_the_winnings_graph_from_files_and_the_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _folder(tmp_path)
    db = str(tmp_path / "hands.duckdb")
    assert main(["import", str(folder), "--db", db]) == 0
    capsys.readouterr()
    for source in ([str(GG)], ["--db", db]):
        out = tmp_path / "graph.png"
        out.unlink(missing_ok=True)
        assert main(["stats", *source, "--player", "Hero", "--graph", str(out)]) == 0
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        text = capsys.readouterr().out
        assert "Steal" in text.splitlines()[0] and "allin" in text.splitlines()[0]
    assert main(["stats", "--db", db, "--player", "Hero", "--position", "CO", "--json"]) == 0
    assert '"steal": 1.0' in capsys.readouterr().out


def test_a_database_of_an_earlier_version_is_refused_by_name(tmp_path: Path) -> None:
    db = tmp_path / "old.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE players (room VARCHAR, hand VARCHAR, hands INTEGER)")
    with pytest.raises(InvalidSpecError, match=r"made by an earlier pokerforge.*lacks vpip"):
        database_stats(db)


def test_turn_and_river_chances_taken() -> None:
    # No real file here takes them: a hand played out. Seats 0 BTN (Ann), 1 SB (Bob),
    # 2 BB (Cid). Ann opens, Bob folds, Cid calls. Flop: Cid checks, Ann bets, Cid calls
    # (a c-bet faced, not folded; a check-raise chance not taken). Turn: Cid checks, Ann
    # bets (the turn c-bet), Cid raises (check-raise), Ann calls. River: Cid bets, Ann
    # folds: Ann was raised on the turn, so no river c-bet chance, nor a fold to one.
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[200] * 3, button=0, seed=5)
    for step in ("r6", "f", "c", "x", "r6", "c", "x", "r12", "r40", "c", "r50", "f"):
        if step == "f":
            hand.fold()
        elif step == "c":
            hand.call()
        elif step == "x":
            hand.check()
        else:
            hand.raise_to(int(step[1:]))
    assert hand.is_over
    stats = Stats().update([HandRecord(hand, ("Ann", "Bob", "Cid"))])
    ann, bob, cid = (stats.player(p) for p in ("Ann", "Bob", "Cid"))
    assert (ann.steal, bob.fold_to_steal, cid.fold_to_steal) == (1.0, 1.0, 0.0)
    assert (ann.cbet_flop, ann.cbet_turn, ann.cbet_river) == (1.0, 1.0, None)
    assert (cid.fold_to_cbet_flop, cid.fold_to_cbet_turn, cid.fold_to_cbet_river) == (
        0.0,
        0.0,
        None,
    )
    assert (cid.check_raise_flop, cid.check_raise_turn, cid.check_raise_river) == (0.0, 1.0, None)
    # Ann after the flop: two bets, a call, a fold.
    assert ann.fold_to_cbet_river is None and ann.aggression_frequency == 2 / 4
    assert cid.won_without_showdown == 1.0 and ann.won_without_showdown == 0.0
