"""PokerStars text hand histories, from a file the test writes in the format's layout."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from pokerforge.errors import InvalidSpecError
from pokerforge.game import Rake
from pokerforge.game.history import loads_phh
from pokerforge.histories import BadHandError, read_phhs
from pokerforge.histories.pokerstars import PokerStarsError, parse_pokerstars, read_pokerstars

CASH_NL = """\
PokerStars Hand #208951437563:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/22 21:35:43 ET
Table 'Aaltje II' 6-max Seat #4 is the button
Seat 1: Ann ($10.33 in chips)
Seat 2: Bob ($9.65 in chips)
Seat 4: Cid ($10 in chips)
Seat 5: Dee ($4.94 in chips) is sitting out
Seat 6: Eve ($12.10 in chips)
Eve: posts small blind $0.05
Ann: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Cid [Ah Kd]
Bob: folds
Cid: raises $0.20 to $0.30
Eve: folds
Ann: calls $0.20
*** FLOP *** [2c 7d 9h]
Ann: checks
Cid: bets $0.40
Ann: calls $0.40
*** TURN *** [2c 7d 9h] [Js]
Ann: checks
Cid: checks
*** RIVER *** [2c 7d 9h Js] [3s]
Ann: bets $1
Cid: raises $2 to $3
Ann: calls $2
*** SHOW DOWN ***
Cid: shows [Ah Kd] (high card Ace)
Ann: shows [Jd Tc] (a pair of Jacks)
Ann collected $7.05 from pot
*** SUMMARY ***
Total pot $7.45 | Rake $0.40
Board [2c 7d 9h Js 3s]
Seat 1: Ann (big blind) showed [Jd Tc] and won ($7.05) with a pair of Jacks
Seat 2: Bob folded before Flop (didn't bet)
Seat 4: Cid (button) showed [Ah Kd] and lost with high card Ace
Seat 6: Eve (small blind) folded before Flop

"""

TOURNAMENT_PLO = (
    (
        "PokerStars Hand #230000000001: Tournament #3300000000, $10+$1 USD Omaha Pot Limit - "
        "Level II (15/30) - 2021/05/01 12:00:00 ET\n"
    )
    + """\
Table '3300000000 1' 3-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 3: Cid (20 in chips)
Ann: posts the ante 5
Bob: posts the ante 5
Cid: posts the ante 5
Bob: posts small blind 15
Cid: posts big blind 15 and is all-in
*** HOLE CARDS ***
Dealt to Ann [As Ad Kh Qc]
Ann: raises 60 to 90
Bob: calls 75
*** FLOP *** [2c 7d 9h]
Bob: checks
Ann: bets 100
Bob: folds
Uncalled bet (100) returned to Ann
*** TURN *** [2c 7d 9h] [Js]
*** RIVER *** [2c 7d 9h Js] [3s]
*** SHOW DOWN ***
Ann: shows [As Ad Kh Qc] (a pair of Aces)
Cid: shows [8s 8d 4c 5c] (a pair of Eights)
Ann collected 150 from side pot
Ann collected 60 from main pot
*** SUMMARY ***
Total pot 210 Main pot 60. Side pot 150. | Rake 0
Board [2c 7d 9h Js 3s]

"""
)

CASH_HEADS_UP = """\
PokerStars Hand #208951437999:  Hold'em Pot Limit ($0.50/$1 USD) - 2020/01/22 22:00:00 ET
Table 'Beta' 2-max Seat #2 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Bob: posts small blind $0.50
Ann: posts big blind $1
*** HOLE CARDS ***
Bob: raises $2 to $3
Ann: folds
Uncalled bet ($2) returned to Bob
Bob collected $2 from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot $2 | Rake $0

"""


@pytest.fixture
def history(tmp_path: Path) -> Path:
    path = tmp_path / "HH20200122 Aaltje II.txt"
    path.write_text("\ufeff" + CASH_NL + TOURNAMENT_PLO + CASH_HEADS_UP, encoding="utf-8")
    return path


def test_cash_tournament_and_heads_up_hands(history: Path) -> None:
    reader = read_pokerstars(history)
    cash, tourney, heads_up = list(reader)
    assert reader.hands == 3 and reader.skipped == 0
    assert cash.number == 208951437563 and cash.hand.chip_value == Decimal("0.01")
    assert cash.hand.rake == 40  # the summary's $0.40, from the collected amount
    names = dict(zip(cash.players, cash.hand.net, strict=True))
    assert names == {"Eve": -5, "Ann": 335, "Bob": 0, "Cid": -370}  # Dee sat out
    assert tourney.hand.spec.variant == "omaha" and tourney.hand.spec.betting == "pot-limit"
    assert tourney.hand.chip_value == 1 and tourney.hand.spec.ante == 5
    assert dict(zip(tourney.players, tourney.hand.net, strict=True)) == {
        "Ann": 115,  # 60 + 150 collected, 95 put in
        "Bob": -95,
        "Cid": -20,
    }
    assert heads_up.hand.spec.betting == "pot-limit"
    assert dict(zip(heads_up.players, heads_up.hand.net, strict=True)) == {"Ann": -100, "Bob": 100}


def test_imported_hands_export_to_phh_and_back(history: Path) -> None:
    for record in read_pokerstars(history):
        text = record.to_phh()
        again = loads_phh(text)
        assert again.stacks == record.hand.stacks and again.history == record.hand.history
        assert f"hand = {record.number}" in text


def test_cards_nobody_showed_stay_unknown(history: Path) -> None:
    cash = next(iter(read_pokerstars(history)))
    by_name = dict(zip(cash.players, range(4), strict=True))
    assert cash.hand.hole_cards[by_name["Bob"]] == ()
    assert "".join(str(c) for c in cash.hand.hole_cards[by_name["Ann"]]) == "JdTc"


def test_a_record_that_disagrees_is_reported() -> None:
    bad = CASH_NL.replace("Ann collected $7.05", "Ann collected $9.05")
    with pytest.raises(BadHandError, match=r"hand 208951437563.*9.05 in the record, 7.45 in"):
        list(read_pokerstars(bad.splitlines()))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("Hold'em No Limit", "Razz", r"line 1: .*is not Hold'em or Omaha"),
        (
            "Eve: posts small blind $0.05\n",
            "Eve: posts a bring-in $0.15\n",
            "line 8: .*not a forced bet",
        ),
        ("*** FLOP *** [2c 7d 9h]", "*** FLOP *** 2c 7d 9h", r"line 16: .*is not a street"),
        ("Ann: posts big blind $0.10", "Bob: posts big blind $0.10", "big blind is not posted"),
    ],
)
def test_bad_hands_name_the_line(old: str, new: str, message: str) -> None:
    assert old in CASH_NL
    lines = CASH_NL.replace(old, new).splitlines()
    with pytest.raises(PokerStarsError, match=message):
        parse_pokerstars(lines)
    reader = read_pokerstars(lines, skip_bad=True)
    assert list(reader) == [] and reader.skipped == 1


# Forced bets beyond one small and one big blind, in the layout PokerStars writes them.
def _gamma(number: int, names: str, body: str) -> str:
    """A $0.25/$0.50 hand at table Gamma, the button in seat 1, seats 1, 2, ... holding
    ``names`` ($50 each; ``-``: an empty seat), then ``body``."""
    seats = "".join(
        f"Seat {k}: {name} ($50 in chips)\n"
        for k, name in enumerate(names.split(), 1)
        if name != "-"
    )
    return (
        (
            f"PokerStars Hand #{number}:  Hold'em No Limit ($0.25/$0.50 USD) - "
            "2021/03/04 10:00:00 ET\n"
            "Table 'Gamma' 6-max Seat #1 is the button\n"
        )
        + seats
        + body
    )


EXTRA_BLINDS = _gamma(
    300000000001,
    "Ann Bob Cid Dee Eve Fay",
    """\
Bob: posts small blind $0.25
Cid: posts big blind $0.50
Eve: posts big blind $0.50
Fay: posts small & big blinds $0.75
*** HOLE CARDS ***
Dee: folds
Eve: checks
Fay: raises $1 to $1.50
Ann: folds
Bob: folds
Cid: folds
Eve: folds
Uncalled bet ($1) returned to Fay
Fay collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
""",
)
DEAD_SMALL_BLIND = _gamma(
    300000000002,
    "Ann - Cid Dee",
    """\
Cid: posts big blind $0.50
*** HOLE CARDS ***
Dee: raises $1 to $1.50
Ann: folds
Cid: calls $1
*** FLOP *** [2c 7d 9h]
Cid: checks
Dee: checks
*** TURN *** [2c 7d 9h] [Js]
Cid: checks
Dee: checks
*** RIVER *** [2c 7d 9h Js] [3s]
Cid: checks
Dee: checks
*** SHOW DOWN ***
Cid: shows [Ah Ad] (a pair of Aces)
Dee: mucks hand
Cid collected $2.85 from pot
*** SUMMARY ***
Total pot $3 | Rake $0.15
""",
)
STRADDLE = _gamma(
    300000000003,
    "Ann Bob Cid Dee",
    """\
Ann: posts the ante $0.05
Bob: posts the ante $0.05
Cid: posts the ante $0.05
Dee: posts the ante $0.05
Bob: posts small blind $0.25
Cid: posts big blind $0.50
Dee: posts straddle $1
*** HOLE CARDS ***
Ann: raises $2 to $3
Bob: folds
Cid: folds
Dee: folds
Uncalled bet ($2) returned to Ann
Ann collected $2.95 from pot
*** SUMMARY ***
Total pot $2.95 | Rake $0
""",
)


def test_a_big_blind_to_come_in_and_a_missed_small_blind_are_posts() -> None:
    [record] = list(read_pokerstars(EXTRA_BLINDS.splitlines()))
    # Eve's live big blind (she checks her option), Fay's $0.50 live and $0.25 dead.
    assert record.fields["_posts"] == [
        [4, Decimal("0.50"), 0],
        [5, Decimal("0.50"), Decimal("0.25")],
    ]
    assert dict(zip(record.players, record.hand.net, strict=True)) == {
        "Ann": 0,
        "Bob": -25,
        "Cid": -50,
        "Dee": 0,
        "Eve": -50,
        "Fay": 125,
    }


def test_a_dead_small_blind() -> None:
    [record] = list(read_pokerstars(DEAD_SMALL_BLIND.splitlines()))
    assert record.fields["blinds_or_straddles"] == [Decimal("0.50"), 0, 0]
    assert record.hand.rake == 15
    assert dict(zip(record.players, record.hand.net, strict=True)) == {
        "Ann": 0,
        "Cid": 135,
        "Dee": -150,
    }


def test_antes_and_a_straddle() -> None:
    [record] = list(read_pokerstars(STRADDLE.splitlines()))
    assert record.hand.spec.straddle == 100 and record.hand.spec.ante == 5
    assert dict(zip(record.players, record.hand.net, strict=True)) == {
        "Ann": 190,
        "Bob": -30,
        "Cid": -55,
        "Dee": -105,
    }


def test_a_big_blind_ante() -> None:
    text = STRADDLE.replace("Ann: posts the ante $0.05\n", "").replace(
        "Dee: posts straddle $1\n", ""
    )
    text = text.replace("Bob: posts the ante $0.05\n", "").replace(
        "Dee: posts the ante $0.05\n", ""
    )
    text = text.replace("Cid: posts the ante $0.05", "Cid: posts the ante $0.20")
    text = text.replace("Ann: raises $2 to $3", "Dee: folds\nAnn: raises $2.50 to $3")
    text = text.replace("Dee: folds\nUncalled bet ($2)", "Uncalled bet ($2.50)")
    text = text.replace("Ann collected $2.95", "Ann collected $1.45")
    text = text.replace("Total pot $2.95", "Total pot $1.45")
    [record] = list(read_pokerstars(text.splitlines()))
    spec = record.hand.spec
    assert (spec.ante, spec.ante_kind) == (20, "big-blind")
    assert record.hand.net[record.players.index("Cid")] == -70 and record.hand.rake == 0


def test_a_straddle_out_of_its_place_is_a_named_problem() -> None:
    lines = STRADDLE.replace("Dee: posts straddle", "Bob: posts straddle").splitlines()
    reader = read_pokerstars(lines, skip_bad=True)
    assert list(reader) == [] and dict(reader.causes) == {"blinds": 1}
    assert "Bob posts a straddle out of its position" in reader.problems[0]


def test_a_hand_cashed_out_is_a_named_problem() -> None:
    lines = CASH_NL.replace(
        "Ann collected $7.05 from pot", "Cid cashed out the hand for $2.19 | Cash Out Fee $0.02"
    ).splitlines()
    reader = read_pokerstars(lines, skip_bad=True)
    assert list(reader) == [] and dict(reader.causes) == {"cash out": 1}


@pytest.mark.parametrize(
    ("old", "new", "cause"),
    [
        ("Hold'em No Limit", "5 Card Draw Pot Limit", "game"),
        ("Hold'em No Limit", "HORSE (Hold'em Limit,", "game"),
        ("Eve: posts small blind $0.05", "Zed: posts small blind $0.05", "players"),
        ("Ann collected $7.05", "Ann collected $9.05", "mismatch"),
        ("Ann: calls $2\n", "Ann: calls $2\nBob: checks\n", "replay"),
    ],
)
def test_problems_are_counted_by_cause(old: str, new: str, cause: str) -> None:
    assert old in CASH_NL
    lines = (CASH_NL + CASH_NL.replace(old, new) + CASH_NL).splitlines()
    reader = read_pokerstars(lines, skip_bad=True)
    assert len(list(reader)) == 2 and reader.skipped == 1 and dict(reader.causes) == {cause: 1}


def test_a_rake_split_is_checked() -> None:
    with pytest.raises(InvalidSpecError, match="'main-first' or 'proportional', not 'evenly'"):
        Rake(percent=5, split="evenly")
    cash = next(iter(read_pokerstars(CASH_NL.splitlines())))
    text = cash.to_phh() + "_rake_split = 'evenly'\n"
    with pytest.raises(BadHandError, match="field _rake_split: 'evenly' is not"):
        list(read_phhs(text.splitlines(keepends=True)))


def test_the_summary_total_pot_and_rake_are_checked() -> None:
    # The collected amount and the summary agree with each other, not with the actions.
    text = CASH_NL.replace("Ann collected $7.05", "Ann collected $6.05").replace(
        "Total pot $7.45 | Rake $0.40", "Total pot $6.45 | Rake $0.40"
    )
    with pytest.raises(BadHandError, match=r"summary's total pot 6.45 and rake 0.40 are not the "):
        list(read_pokerstars(text.splitlines()))
    reader = read_pokerstars(text.splitlines(), skip_bad=True)
    assert list(reader) == [] and dict(reader.causes) == {"mismatch": 1}


def test_five_card_omaha_and_games_the_engine_does_not_play() -> None:
    text = (
        TOURNAMENT_PLO.replace("Omaha Pot Limit", "5 Card Omaha Pot Limit")
        .replace("[As Ad Kh Qc]", "[As Ad Kh Qc 2d]")
        .replace("[8s 8d 4c 5c]", "[8s 8d 4c 5c 6h]")
    )
    [record] = list(read_pokerstars(text.splitlines()))
    assert record.hand.spec.hole_cards == 5 and len(record.hand.hole_cards[0]) == 5
    for game in ("6+ Hold'em No Limit", "Courchevel Pot Limit", "7 Card Stud Limit"):
        lines = TOURNAMENT_PLO.replace("Omaha Pot Limit", game).splitlines()
        reader = read_pokerstars(lines, skip_bad=True)
        assert list(reader) == [] and dict(reader.causes) == {"game": 1}, game
