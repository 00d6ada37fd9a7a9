"""Records as the rooms write them (issue 28): stacks not recorded, pots the record pays
nobody, winnings with the returned bet counted in, players' own posts as negative blinds;
each room's conventions from :data:`pokerforge.histories.SITES`, found or overridden."""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from pokerforge.cli import main
from pokerforge.errors import InvalidHistoryError, RecordMismatchError, UnpaidPotError
from pokerforge.game.actions import PostBlind
from pokerforge.game.phh import load_phh, loads_phh
from pokerforge.game.phh.replay import replay_record
from pokerforge.histories import (
    SITES,
    BadHandError,
    Site,
    Stats,
    read_phhs,
    site_for,
    summarize,
)
from pokerforge.histories.phhs import _tables

DATA = Path(__file__).parents[1] / "data" / "phh"
IPN = DATA / "handhq_ipn_100nlh.phhs"


def _hands(path: Path) -> list[str]:
    """Each hand's text (without its ``[n]`` header)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return ["".join(chunk) for _, _, chunk in _tables(lines)]


def _table(*hands: str) -> list[str]:
    text = "".join(f"[{k + 1}]\n{hand}\n" for k, hand in enumerate(hands))
    return text.splitlines(keepends=True)


# -- iPoker: no stacks, no winnings (the dataset's real records) ---------------------------


def test_ipoker_hands_read_with_unknown_stacks_and_no_winnings() -> None:
    reader = read_phhs(IPN)
    records = list(reader)
    assert (reader.hands, reader.skipped) == (10, 0)
    assert reader.coverage == {"IPN": Counter(read=10)}
    for record in records:
        hand = record.hand
        assert record.site == "IPN" and not record.stacks_known
        assert hand.is_over and hand.rake == 0  # the rake is not known
        assert sum(hand.net) == 0 or not hand.result_known  # an undecided pot stays unpaid
        # No stack limits the hand: nobody is all in.
        assert all(stack > 0 for stack in hand.stacks)
    # A showdown of unknown cards has no known result; a pot won uncontested has.
    known = [r.hand.result_known for r in records]
    assert known == [False, True, True, False, True, True, True, True, True, True]
    third = records[2]  # p3 raises to 3.50 and everyone folds: the blinds are won
    assert third.players[third.hand.net.index(150)] == "TolGNxE1dENf7wCNmJ0ocw"


def test_ipoker_hands_load_one_by_one_and_in_statistics(tmp_path: Path) -> None:
    for k, text in enumerate(_hands(IPN)):
        path = tmp_path / f"hand{k}.phh"
        path.write_text(text, encoding="utf-8")
        assert load_phh(path).net == loads_phh(text).net
    stats = Stats().update(read_phhs(IPN))
    assert (stats.hands, stats.unknown_results) == (10, 2)
    assert stats.player("TolGNxE1dENf7wCNmJ0ocw").net == sum(
        r.hand.chip_value * r.hand.net[r.players.index("TolGNxE1dENf7wCNmJ0ocw")]
        for r in read_phhs(IPN)
        if r.hand.result_known and "TolGNxE1dENf7wCNmJ0ocw" in r.players
    )


def test_ipoker_records_read_by_the_standard_pay_nobody() -> None:
    # Read as plain PHH, the zero winnings would book every pot as rake: named, counted.
    reader = read_phhs(IPN, site=None, skip_bad=True)
    assert list(reader) == [] and reader.skipped == 10
    assert reader.coverage == {"PHH": Counter(UnpaidPotError=10)}
    assert "the record pays nothing to p1, p2, who were in the showdown" in reader.problems[0]
    assert "the record pays nothing to p3, who won the pot of 2.50" in reader.problems[2]
    with pytest.raises(BadHandError, match="so that all of it would be rake") as caught:
        list(read_phhs(IPN, site=None))
    assert caught.value.cause == "UnpaidPotError" and caught.value.mismatch
    # Repaired where the replay decides: the pots won uncontested, not the two showdowns.
    repaired = read_phhs(IPN, site=None, repair=True, skip_bad=True)
    assert [r.hand.net for r in repaired] == [r.hand.net for r in read_phhs(IPN)][1:3] + [
        r.hand.net for r in read_phhs(IPN)
    ][4:]
    assert (repaired.repaired, repaired.skipped) == (8, 2)


def test_the_stats_command_reads_ipoker_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(IPN), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["hands"], out["unknown_results"], out["coverage"]) == (10, 2, {"IPN": {"read": 10}})


def test_unknown_stacks_never_limit_the_bets() -> None:
    text = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [inf, 50, inf]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 1000000', 'p1 cbr 3000000',
  'p2 f', 'p3 cc', 'd db AhKhQh', 'p1 cbr 9000000', 'p3 f']
"""
    hand = loads_phh(text)
    assert hand.result_known and hand.net == (3000002, -2, -3000000)
    with pytest.raises(InvalidHistoryError, match="field starting_stacks"):
        loads_phh(text.replace("[inf, 50, inf]", "[inf, 50, -inf]"))


# -- PokerStars and Full Tilt: a winner in the blinds or on the button paid nothing --------

STARS = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 3', 'p1 f', 'p2 cc',
  'd db 2c7d9h', 'p2 cc', 'p3 cbr 4', 'p2 f']
venue = 'PokerStars'
players = ['Ann', 'Bob', 'Cy']
winnings = [0, 0, 0]
"""


def test_a_pot_paid_to_nobody_is_a_named_problem_and_can_be_repaired() -> None:
    with pytest.raises(UnpaidPotError, match=r"pays nothing to p3, who won the pot of 6\.50"):
        loads_phh(STARS)
    assert loads_phh(STARS, repair=True).payouts == (0, 0, 650)
    paid = STARS.replace("winnings = [0, 0, 0]", "winnings = [0, 0, 6.20]")
    reader = read_phhs(_table(STARS, paid), skip_bad=True)
    [good] = reader
    assert good.hand.rake == 30 and reader.coverage == {"PS": Counter(read=1, UnpaidPotError=1)}
    [fixed] = read_phhs(_table(STARS), repair=True)
    assert fixed.repaired and fixed.hand.result_known
    assert fixed.hand.payouts == (0, 0, 650) and fixed.hand.rake == 0
    stats = Stats().update(read_phhs(_table(STARS), repair=True))
    assert stats.player("Cy").net == Decimal("3.50")


def test_an_unpaid_showdown_of_unknown_cards_cannot_be_repaired() -> None:
    showdown = STARS.replace(
        "'p3 cbr 4', 'p2 f'",
        "'p3 cc', 'd db Ks', 'p2 cc', 'p3 cc', "
        "'d db 3d', 'p2 cc', 'p3 cc', 'p2 sm ????', 'p3 sm ????'",
    )
    reader = read_phhs(_table(showdown), repair=True, skip_bad=True)
    assert list(reader) == [] and reader.coverage == {"PS": Counter(UnpaidPotError=1)}
    shown = showdown.replace("'d dh p2 ????'", "'d dh p2 AsAd'").replace(
        "'d dh p3 ????'", "'d dh p3 QsQd'"
    )
    [fixed] = read_phhs(_table(shown), repair=True)
    assert fixed.repaired and fixed.hand.payouts == (0, 650, 0)


def test_a_record_leaving_most_of_the_pots_unpaid_is_named() -> None:
    # A main pot won by one player (paid nothing) and a side pot paid to another.
    text = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [50, 200, 200]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 50', 'p1 cc', 'p2 cbr 100',
  'p3 cc', 'd db 2c7d9h', 'p2 cc', 'p3 cc', 'd db Ks', 'p2 cc', 'p3 cc', 'd db 3d', 'p2 cc',
  'p3 cc', 'p1 sm ????', 'p2 sm ????', 'p3 sm ????']
winnings = [0, 100, 0]
"""
    with pytest.raises(UnpaidPotError, match=r"leaves 150 of the pots' 250 unpaid"):
        loads_phh(text)
    assert loads_phh(text.replace("[0, 100, 0]", "[148, 100, 0]")).rake == 2


# -- PartyPoker: winnings count the returned bet; posts as negative blinds -----------------

PARTY = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 24', 'p1 cc', 'p2 cc',
  'd db 2c7d9h', 'p1 cc', 'p2 cc', 'p3 cbr 50', 'p1 f', 'p2 f']
venue = 'PartyPoker'
winnings = [0, 0, 120]
"""


def test_partypoker_winnings_count_the_returned_bet() -> None:
    # 120 = the pot of 72 + the 50 returned - 2 rake.
    [record] = read_phhs(_table(PARTY))
    assert record.site == "PTY" and record.hand.rake == 2
    assert record.hand.payouts == (0, 0, 70) and record.hand.net == (-24, -24, 46)
    assert loads_phh(PARTY).net == record.hand.net
    standard = PARTY.replace("[0, 0, 120]", "[0, 0, 70]")
    assert loads_phh(standard, site=None).rake == 2
    with pytest.raises(RecordMismatchError, match="p3 120 in the record, 72 in the replay"):
        loads_phh(PARTY, site=None)
    reader = read_phhs(_table(PARTY), site=None, skip_bad=True)
    assert list(reader) == [] and reader.coverage == {"PHH": Counter(RecordMismatchError=1)}
    hand, _, repaired = replay_record(_fields(PARTY), PARTY, winnings="with-returns")
    assert hand.rake == 2 and not repaired


def _fields(text: str) -> dict[str, object]:
    from pokerforge.histories import parse_table  # noqa: PLC0415

    return parse_table(text.splitlines())


POSTS = """variant = 'NT'
antes = [0, 0, 0, 0]
blinds_or_straddles = [0.50, 1, {post}, 0]
min_bet = 1
starting_stacks = [100, 100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'p3 cc', 'p4 cbr 4',
  'p1 f', 'p2 f', 'p3 f']
venue = 'Ongame Network'
winnings = [0, 0, 0, {won}]
"""


@pytest.mark.parametrize(
    ("post", "won", "posted", "lost"),
    [
        ("-1", "3.50", [(100, "BB")], 100),  # p3 comes in with a live big blind: checks
        ("-1.50", "4", [(50, "dead"), (100, "BB")], 150),  # returns: live BB, dead SB
        ("-0.50", "4", [(50, "dead")], 150),  # a missed small blind alone: dead; p3 calls
    ],
)
def test_negative_blinds_are_posts(
    post: str, won: str, posted: list[tuple[int, str]], lost: int
) -> None:
    text = POSTS.format(post=post, won=won)
    [record] = read_phhs(_table(text))
    hand = record.hand
    assert record.site == "ONG" and hand.rake == 0
    assert [
        (r.amount, r.blind) for r in hand.history if isinstance(r, PostBlind) and r.seat == 2
    ] == posted
    assert hand.net[2] == -lost and hand.net[3] == int(Decimal(won) * 100) - 400 + 300
    assert loads_phh(text).net == hand.net


# -- the table and how a hand's room is found ----------------------------------------------


def test_every_handhq_room_is_in_the_table() -> None:
    assert list(SITES) == ["ABS", "FTP", "IPN", "MPN", "ONG", "PS", "PTY"]
    assert {s.winnings for s in SITES.values()} == {
        "collected",
        "blinds-unpaid",
        "with-returns",
        "none",
    }
    assert [s.code for s in SITES.values() if not s.stacks] == ["IPN"]


def test_the_room_is_found_by_venue_then_name_and_can_be_overridden(tmp_path: Path) -> None:
    assert site_for({"venue": "Full Tilt Poker"}).code == "FTP"  # type: ignore[union-attr]
    assert site_for({"venue": "Somewhere"}, "pty NLH handhq_3-OBFUSCATED.phhs") is SITES["PTY"]
    assert site_for({}, "/data/ONG-2009-07-01_2009-07-23_50NLH_OBFU/1/x.phhs") is SITES["ONG"]
    assert site_for({}, "hands.phhs") is None
    # Named after a room, a file without venues reads by that room's conventions.
    path = tmp_path / "pty NLH handhq_1-OBFUSCATED.phhs"
    path.write_text("[1]\n" + PARTY.replace("venue = 'PartyPoker'\n", ""), encoding="utf-8")
    assert [r.site for r in read_phhs(path)] == ["PTY"]
    # Overridden: by code, by a Site of one's own, or the standard for every hand.
    paid = STARS.replace("winnings = [0, 0, 0]", "winnings = [0, 0, 6.5]")
    assert [r.site for r in read_phhs(_table(paid), site="abs")] == ["ABS"]
    mine = Site("XX", "My room", "My room", winnings="with-returns")
    assert [r.hand.rake for r in read_phhs(_table(PARTY), site=mine)] == [2]
    with pytest.raises(InvalidHistoryError, match="'XYZ' is not a site code"):
        read_phhs(IPN, site="XYZ")


def test_coverage_adds_up_over_files(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "ipn.phhs").write_text(IPN.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "ps.phhs").write_text("".join(_table(STARS, STARS)), encoding="utf-8")
    summary = summarize([tmp_path], repair=True)
    assert summary.coverage == {"IPN": Counter(read=10), "PS": Counter(read=2, repaired=2)}
    assert summary.coverage_table().splitlines()[0].split() == [
        "site",
        "read",
        "repaired",
        "skipped",
    ]


def test_the_stats_command_repairs_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "stars.phhs"
    path.write_text("".join(_table(STARS, STARS)), encoding="utf-8")
    assert main(["stats", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["hands"], out["bad_hands"]) == (0, 2)
    assert out["coverage"] == {"PS": {"UnpaidPotError": 2}}
    assert main(["stats", str(path), "--json", "--repair"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["coverage"] == {"PS": {"read": 2, "repaired": 2}}
    cy = next(p for p in out["players"] if p["player"] == "Cy")
    assert Decimal(cy["net"]) == Decimal("7.00")


def test_a_record_with_unknown_stacks_exports_them_as_inf() -> None:
    for record in read_phhs(IPN):
        text = record.to_phh()
        assert "starting_stacks = [inf, inf" in text
        again = loads_phh(text)
        assert again.net == record.hand.net and again.stacks == record.hand.stacks
        assert again.result_known == record.hand.result_known


def test_the_stats_command_takes_a_room(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.phhs"  # a name of no room, and no venue
    path.write_text("".join(_table(PARTY.replace("venue = 'PartyPoker'\n", ""))), "utf-8")
    assert main(["stats", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["coverage"] == {"PHH": {"RecordMismatchError": 1}}
    assert main(["stats", str(path), "--json", "--site", "pty"]) == 0
    assert json.loads(capsys.readouterr().out)["coverage"] == {"PTY": {"read": 1}}
    assert main(["stats", str(IPN), "--json", "--site", "standard"]) == 0
    assert json.loads(capsys.readouterr().out)["coverage"] == {"PHH": {"UnpaidPotError": 10}}
    assert main(["stats", str(path), "--site", "XYZ"]) == 2
    assert "'XYZ' is not a site code" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("blinds", "where"), [("-0.50, 1, 0, 0", "small"), ("0.50, -1, 0, 0", "big")]
)
def test_a_negative_small_or_big_blind_is_named(blinds: str, where: str) -> None:
    text = POSTS.format(post="0", won="0").replace("0.50, 1, 0, 0", blinds)
    with pytest.raises(InvalidHistoryError, match=f"is negative for the {where} blind"):
        loads_phh(text)
    reader = read_phhs(_table(text), skip_bad=True)
    assert list(reader) == [] and reader.coverage == {"ONG": Counter(InvalidHistoryError=1)}
