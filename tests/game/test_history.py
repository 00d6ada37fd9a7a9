"""PHH hand histories: export, import, round trips, published examples, bad files."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from game_helpers import play_random

from pokerforge import game
from pokerforge.game import TDA_2024, Decision, GameSpec, Hand, Rake, Table, history
from pokerforge.game.history import (
    InvalidHistoryError,
    from_phh,
    load_many,
    load_phh,
    loads_phh,
    to_phh,
)

DATA = Path(__file__).parent / "data"

SPECS = [
    GameSpec(blinds=(1, 2)),
    GameSpec(blinds=(1, 2), ante=1),
    GameSpec(blinds=(5, 10), ante=10, ante_kind="big-blind", rules=TDA_2024),
    GameSpec(blinds=(1, 2), straddle=4),
    GameSpec(blinds=(1, 2), rake=Rake(percent=5, cap=3)),
    GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2)),
    GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2), hole_cards=5),
    GameSpec(betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4),
    GameSpec(variant="omaha-hilo", betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4),
    GameSpec(variant="holdem", betting="pot-limit", blinds=(1, 2)),
]


def _random_hand(spec: GameSpec, rng: random.Random, *, finish: bool = True) -> Hand:
    n = rng.randint(3 if spec.straddle else 2, 6)
    stacks = [rng.randint(10, 200) for _ in range(n)]
    hand = Hand(spec, stacks=stacks, button=rng.randrange(n), seed=rng.getrandbits(32))
    return play_random(hand, rng, steps=None if finish else 3)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.variant}-{s.betting}")
def test_round_trip(spec: GameSpec) -> None:
    rng = random.Random(repr(spec))
    for _ in range(40):
        hand = _random_hand(spec, rng)
        again = loads_phh(to_phh(hand))
        assert again.history == hand.history
        assert again.stacks == hand.stacks and again.button == hand.button
        assert again.spec == spec


def test_unfinished_hand_resumes() -> None:
    rng = random.Random(3)
    hand = _random_hand(SPECS[0], rng, finish=False)
    again = loads_phh(to_phh(hand))
    assert again.history == hand.history and again.actor == hand.actor
    assert "finishing_stacks" not in to_phh(hand)


def test_table_hands_export_with_seats_names_and_dead_small_blind() -> None:
    table = Table(GameSpec(blinds=(1, 2)), seats=6, seed=8)
    for seat, name in ((0, "Ann"), (1, "Bob"), (2, "Cy"), (4, "Di")):
        table.sit(seat, name, 100)
    hand = table.start_hand(hole_cards=["AhAd", None, "7c2d", None], board="KsQd9c4h3s")
    hand.fold()  # Di
    hand.raise_to(100)  # Ann
    hand.fold()  # Bob
    hand.call()  # Cy, the big blind, busts
    table.finish_hand()
    done = table.play_hand(lambda view, legal: Decision.fold())
    assert done.small_blind is None  # dead small blind
    text = done.to_phh()
    assert "blinds_or_straddles = [2, 0, 0]" in text
    assert 'players = ["Di", "Ann", "Bob"]' in text and "seats = [5, 1, 2]" in text
    again = loads_phh(text)
    assert again.stacks == (done.hand.stacks[2], done.hand.stacks[0], done.hand.stacks[1])


def test_published_dwan_ivey_hand() -> None:
    hand = load_phh(DATA / "dwan_ivey_2009.phh")
    assert hand.is_over
    assert [str(c) for c in hand.board] == ["Jc", "3d", "5c", "4h", "Jh"]
    # Hand seats follow PHH order: p1 Ivey, p2 Antonius, p3 Dwan (button).
    assert hand.stacks == (572_100, 1_997_500, 1_109_500)
    assert hand.button == 2


def test_published_triple_draw_hand_cut_short_is_refused_clearly() -> None:
    with pytest.raises(InvalidHistoryError, match="p4's replacements are never dealt"):
        load_phh(DATA / "arieh_yockey_2019.phh")


# Three published hands of the 2023 WSOP $50,000 Poker Players Championship final table
# (pokerkit's data/wsop/2023/43/5/), typed in by hand. The final stacks below are worked out
# by hand from the actions, in PHH order (p1 first).
WSOP_2023 = {
    # PLO, big-blind ante: p5 raises to 300,000 and p2 calls (pot 750,000 with the ante);
    # checked to the river, p2 bets 250,000 and p5 calls. p5's nines and sevens
    # (9h7d on 6cJc4h9s7c) beat p2's pair of fours: p5 wins 1,250,000.
    "wsop_2023_43_hand30_plo.phh": (
        ("omaha", "pot-limit"),
        (10_125_000, 7_700_000, 4_050_000, 4_300_000, 3_525_000),
        (0, 0, 0, 0, 1_250_000),
    ),
    # Fixed-limit Hold'em: p5 raises, p1 three-bets to 600,000, the big blind folds
    # (pot 1,400,000); p1 bets every street and p5 calls (200,000, 400,000, 400,000); p1's
    # kings up beat p5, who mucks: p1 wins 3,400,000.
    "wsop_2023_43_hand35_flhe.phh": (
        ("holdem", "fixed-limit"),
        (13_725_000, 7_550_000, 3_150_000, 3_800_000, 1_475_000),
        (3_400_000, 0, 0, 0, 0),
    ),
    # Omaha hi-lo heads-up (p1 the big blind): 600,000 + 300,000 + 600,000 each, a
    # 3,000,000 pot split: p1's jacks and eights take the high half, p2's 8-7-4-3-2 the low
    # half (p1's low is 8-7-5-4-2), so both stacks end where they began.
    "wsop_2023_43_hand80_fo8.phh": (
        ("omaha-hilo", "fixed-limit"),
        (4_550_000, 25_150_000),
        (1_500_000, 1_500_000),
    ),
}


@pytest.mark.parametrize("name", sorted(WSOP_2023))
def test_published_wsop_2023_hands(name: str) -> None:
    game, stacks, payouts = WSOP_2023[name]
    hand = load_phh(DATA / name)
    assert hand.is_over
    assert (hand.spec.variant, hand.spec.betting) == game
    assert hand.stacks == stacks and hand.payouts == payouts
    assert sum(hand.stacks) == sum(hand.starting_stacks)
    again = loads_phh(to_phh(hand))
    assert again.history == hand.history and again.spec == hand.spec
    assert again.stacks == hand.stacks and again.payouts == hand.payouts
    assert again.board == hand.board and again.button == hand.button


def test_hole_cards_dealt_over_several_actions_add_up() -> None:
    whole = loads_phh(GOOD.replace('"d dh p1 ????"', '"d dh p1 AhKd"'))
    split = loads_phh(GOOD.replace('"d dh p1 ????"', '"d dh p1 Ah", "d dh p1 Kd"'))
    assert [str(c) for c in split.hole_cards[0]] == ["Ah", "Kd"]
    assert split.history == whole.history and split.stacks == whole.stacks


def test_rules_example_n_as_phh() -> None:
    hand = load_phh(DATA / "three_way_side_pot.phh")
    assert hand.stacks == (90, 20, 120)  # SB, BB, BTN


GOOD = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 ????",
  "d dh p2 ????",
  "d dh p3 ????",
  "p3 cbr 6",
  "p1 f",
  "p2 f",
]
"""


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"p3 cbr 6"', '"p3 raise 6"', r"line 10: 'p3 raise 6': unknown or malformed action"),
        ('"p3 cbr 6"', '"p3 cbr 6.5.0"', r"line 10: 'p3 cbr 6.5.0': '6.5.0' is not an amount"),
        ('"p3 cbr 6"', '"p3 cbr 3"', r"line 10: 'p3 cbr 3': .*rule 12"),
        ('"p3 cbr 6"', '"p3 cbr 500"', r"line 10: 'p3 cbr 500'"),
        ('"p3 cbr 6"', '"p3 cbr -4"', r"line 10: .*impossible"),
        ('"p1 f"', '"p2 f"', r"line 11: 'p2 f': it is p1's turn, not p2's"),
        ('"p2 f",', '"p2 f", "p3 cc",', r"line 12: 'p3 cc': the hand is already over"),
        # A copied line (the same action twice in a row): the second one is the wrong one.
        ('"p3 cbr 6",', '"p3 cbr 6",\n  "p3 cbr 6",', r"line 11: 'p3 cbr 6': it is p1's turn"),
        # An action is found whole: "p3 cbr 6" is not the start of "p3 cbr 60".
        ('"p3 cbr 6",', '"p3 cbr 60", "p3 cbr 6",', r"line 10: 'p3 cbr 6': it is p1's turn"),
        ('"d dh p1 ????"', '"d dh p9 ????"', r"line 7: .*only 3 players"),
        ('"d dh p1 ????"', '"d dh p1 AhAh"', r"impossible: .*Ah"),
        ("antes = [0, 0, 0]", "antes = [0, 0]", r"field antes needs 3 entries"),
        ("min_bet = 2", "min_bet = 5", r"field min_bet"),
        ("[100, 100, 100]", "[100, 0, 100]", r"field starting_stacks\[1\]: 0 is not"),
        ("[100, 100, 100]", "[100, -1.5, 100]", r"field starting_stacks\[1\]: -1.5 is not"),
        ('variant = "NT"\n', "", r"required field variant is missing"),
        ("min_bet = 2", "min_bet = ", r"not a valid TOML file: .*line 4"),
        ("[1, 2, 0]", "[1, 2, 0, 4]", r"blinds_or_straddles needs 3 entries"),
        # A seat that is no number once leaked decimal.InvalidOperation (nan) or TypeError.
        ("min_bet = 2", "min_bet = 2\nseats = [1, nan, 3]", r"field seats: Decimal\('NaN'\) in"),
        ("min_bet = 2", 'min_bet = 2\nseats = [1, "2", 3]', r"field seats: '2' in"),
    ],
)
def test_bad_files_name_the_line_or_field(old: str, new: str, message: str) -> None:
    assert old in GOOD
    with pytest.raises(InvalidHistoryError, match=message):
        loads_phh(GOOD.replace(old, new))


def test_finishing_stacks_must_match_the_replay() -> None:
    with pytest.raises(InvalidHistoryError, match="field finishing_stacks"):
        loads_phh(GOOD + "finishing_stacks = [100, 100, 100]\n")
    assert loads_phh(GOOD + "finishing_stacks = [99, 98, 103]\n").stacks == (99, 98, 103)


def test_from_phh_is_a_deprecated_alias_of_loads_phh() -> None:
    text = GOOD + "finishing_stacks = [99, 98, 103]\n"
    with pytest.warns(DeprecationWarning, match="use loads_phh"):
        hand = from_phh(text)
    assert hand.stacks == loads_phh(text).stacks == (99, 98, 103)
    with pytest.warns(DeprecationWarning), pytest.raises(InvalidHistoryError, match="zz"):
        from_phh(GOOD.replace('"p1 f"', '"p1 zz"'))


def test_the_readers_are_exported_beside_each_other() -> None:
    for name in ("load_phh", "loads_phh", "load_many", "to_phh", "from_phh"):
        assert name in game.__all__
        assert getattr(game, name) is getattr(history, name)


def test_several_hands_all_or_none() -> None:
    one = "\n".join("  " + line for line in GOOD.splitlines())
    bad = one.replace('"p1 f"', '"p1 zz"')
    hands = load_many(f"[1]\n{one}\n[2]\n{one}\n")
    assert [h.stacks for h in hands] == [(99, 98, 103)] * 2
    with pytest.raises(InvalidHistoryError, match=r"hand \[2\]: line .*'p1 zz'"):
        load_many(f"[1]\n{one}\n[2]\n{bad}\n")


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ("antes = [0, 0, 0]", "antes = [0, 0]", "antes"),
        ("min_bet = 2", "min_bet = 5", "min_bet"),
        ("[100, 100, 100]", "[100, 0, 100]", "starting_stacks"),
    ],
)
def test_field_errors_name_the_exact_line(old: str, new: str, line: str) -> None:
    text = GOOD.replace(old, new)
    number = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith(line))
    with pytest.raises(InvalidHistoryError, match=rf"^line {number}: field {line}"):
        loads_phh(text)


def test_errors_in_a_later_hand_name_its_own_lines() -> None:
    one = "\n".join("  " + line for line in GOOD.splitlines())
    bad = one.replace('"p1 f"', '"p1 zz"')
    text = f"[1]\n{one}\n[2]\n{bad}\n"
    number = next(i for i, row in enumerate(text.splitlines(), 1) if "p1 zz" in row)
    with pytest.raises(InvalidHistoryError, match=rf"hand \[2\]: line {number}: 'p1 zz'"):
        load_many(text)
    wrong = one.replace("min_bet = 2", "min_bet = 5")
    text = f"[1]\n{one}\n[2]\n{wrong}\n"
    number = [i for i, row in enumerate(text.splitlines(), 1) if "min_bet" in row][1]
    with pytest.raises(InvalidHistoryError, match=rf"hand \[2\]: line {number}: field min_bet"):
        load_many(text)
