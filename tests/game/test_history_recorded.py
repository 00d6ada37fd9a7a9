"""Properties of replays of recorded hands: random engine hands, written as a room would
record them (cards hidden, amounts in dollars and cents, winnings after rake), replay to
the same chips, and a record that lies is caught."""

from __future__ import annotations

import random
import re
from decimal import Decimal

import pytest
from game_helpers import play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerforge.game import GameSpec, Hand, Rake
from pokerforge.game.history import RecordMismatchError, loads_phh, to_phh

# Long end-to-end replays, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

SPECS = [
    GameSpec(blinds=(50, 100)),
    GameSpec(blinds=(50, 100), ante=25),
    GameSpec(variant="omaha", betting="pot-limit", blinds=(50, 100)),
    GameSpec(blinds=(50, 100), rake=Rake(percent=5, cap=300)),
]


def _play(spec: GameSpec, rng: random.Random) -> Hand:
    n = rng.randint(2, 6)
    hand = Hand(
        spec,
        stacks=[rng.randint(5, 200) * 50 for _ in range(n)],
        button=rng.randrange(n),
        seed=rng.getrandbits(32),
        chip_value=Decimal("0.01"),
    )
    return play_random(hand, rng, call_share=0.75)


def _as_recorded(text: str, *, hide: bool) -> str:
    """The export as a room records it: no rake fields (the rake shows in the winnings),
    and, with ``hide``, every hole card unknown and shown cards left out."""
    text = re.sub(r"_rake_\w+ = .*\n", "", text)
    text = text.replace("finishing_stacks", "_finishing_stacks_unused")
    if hide:
        text = re.sub(
            r'"d dh (p\d+) ([^"]*)"', lambda m: f'"d dh {m.group(1)} {"?" * len(m.group(2))}"', text
        )
        text = re.sub(r'  "p\d+ sm[^"]*",\n', "", text)
    return text


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(SPECS), st.booleans())
def test_recorded_hands_replay_to_the_same_chips(seed: int, spec: GameSpec, hide: bool) -> None:
    hand = _play(spec, random.Random(seed))
    text = _as_recorded(to_phh(hand), hide=hide)
    assert "starting_stacks = [" in text and re.search(r"\d\.\d\d", text)  # dollars and cents
    again = loads_phh(text)
    assert again.chip_value == Decimal("0.01")
    assert again.result_known  # the winnings decide what the cards cannot
    assert again.stacks == hand.stacks and again.rake == hand.rake
    if hide:
        assert all(again.hole_cards[s] == () for s in range(hand.num_seats))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(SPECS))
def test_a_record_that_moves_a_cent_between_players_is_caught(seed: int, spec: GameSpec) -> None:
    hand = _play(spec, random.Random(seed))
    text = _as_recorded(to_phh(hand), hide=False)
    line = next(x for x in text.splitlines() if x.startswith("winnings"))
    values = [Decimal(v) for v in line.split("=")[1].strip(" []").split(", ")]
    # Adding a cent to the winner only lowers the rake the record implies; moving one from
    # the winner to another player changes who won what, which the cards decide.
    winner = max(range(len(values)), key=lambda i: values[i])
    values[winner] -= Decimal("0.01")
    values[(winner + 1) % len(values)] += Decimal("0.01")
    wrong = text.replace(line, f"winnings = [{', '.join(str(v) for v in values)}]")
    with pytest.raises(RecordMismatchError) as info:
        loads_phh(wrong)
    assert info.value.differences  # hand's player, replay and record, in chips
