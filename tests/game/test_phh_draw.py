"""PHH for the draw games (N2L1D, F2L3D, FB and pokerforge's codes of their shape): the
deuce-to-seven hands of the 2023 WSOP Event #43 and the standard's famous draw hands replay
to the recorded stacks; pokerforge reads what it writes; pokerkit replays what it writes."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest
from game_helpers import RandomPlayer
from pokerkit import HandHistory

from pokerforge.errors import InvalidHistoryError
from pokerforge.game import Award, Discard, GameSpec, Hand, Show, StandPat, to_phh
from pokerforge.game.draw import max_draw_seats
from pokerforge.game.phh import load_many, loads_phh
from pokerforge.game.positions import seat_order
from pokerforge.games import DRAW_GAMES
from pokerforge.histories import read_phhs

DATA = Path(__file__).parents[1] / "data" / "phh"
WSOP = DATA / "wsop_2023_43_5_draw.phhs"
FAMOUS = DATA / "famous_draw.phhs"

HEAD = "antes = [0, 0]\nblinds_or_straddles = [1, 2]\nstarting_stacks = [50, 50]\n"
TRIPLE = f"variant = 'F2L3D'\nsmall_bet = 2\nbig_bet = 4\n{HEAD}"


def test_every_wsop_draw_hand_replays_to_its_recorded_stacks() -> None:
    reader = read_phhs(WSOP)
    records = list(reader)
    assert (reader.hands, reader.skipped, reader.mismatches) == (14, 0, 0)
    variants = [record.hand.spec.variant for record in records]
    assert variants.count("2-7-single-draw") == variants.count("2-7-triple-draw") == 7
    draws = 0
    for record in records:
        hand = record.hand
        assert hand.is_over and hand.result_known
        assert sum(hand.stacks) == sum(hand.starting_stacks)
        draws += sum(1 for r in hand.history if isinstance(r, Discard | StandPat))
    assert draws == 28  # every "pN sd" of the file


def test_the_famous_draw_hands_replay() -> None:
    yockey, badugi = load_many(FAMOUS.read_text(encoding="utf-8"))
    assert yockey.spec.variant == "2-7-triple-draw" and yockey.stacks[-1] == 12_095_000
    assert yockey.state.draws[3] == (2, 1, 1) and yockey.state.draws[0] == (0, 0, 0)
    # Badugi: no card known before the showdown; the hands shown decide it (Carol's
    # 8-7-5-3 badugi beats Alice's 9-6-4-2).
    assert badugi.spec.variant == "badugi" and badugi.stacks == (196, 220, 200, 184)
    assert badugi.state.draws == ((2, 1), (2, 0, 1), (), (1, 1, 0))  # "??" is one card
    assert [r.seat for r in badugi.history if isinstance(r, Show)] == [3, 1]
    for hand in (yockey, badugi):  # written back (unknown cards as ??) and read again
        again = loads_phh(to_phh(hand))
        assert again.stacks == hand.stacks and again.state.draws == hand.state.draws


def test_draw_records_that_cannot_be_replayed_are_named() -> None:
    deal = "actions = ['d dh p1 7c5d4h3s9c', 'd dh p2 KhKdQc8s2c', 'p2 cc', 'p1 cc', "
    with pytest.raises(InvalidHistoryError, match="p1's replacements are never dealt"):
        loads_phh(TRIPLE + deal + "'p1 sd 9c']\n")
    with pytest.raises(InvalidHistoryError, match="p2 is dealt cards it did not draw"):
        loads_phh(TRIPLE + deal + "'p1 sd', 'p2 sd', 'd dh p2 2h']\n")
    with pytest.raises(InvalidHistoryError, match="it is p1's turn, not p2's"):
        loads_phh(TRIPLE + deal + "'p2 sd']\n")
    with pytest.raises(InvalidHistoryError, match="seat 0 cannot discard Ah: it does not hold"):
        loads_phh(TRIPLE + deal + "'p1 sd Ah', 'd dh p1 2h']\n")
    with pytest.raises(InvalidHistoryError, match="p2 cannot draw now"):
        loads_phh(TRIPLE + "actions = ['d dh p1 7c5d4h3s9c', 'd dh p2 KhKdQc8s2c', 'p2 sd']\n")
    # The replacements right after each discard, or after every discard: the same hand.
    one = loads_phh(TRIPLE + deal + "'p1 sd 9c', 'd dh p1 2h', 'p2 sd KhKd', 'd dh p2 3d6d']\n")
    two = loads_phh(TRIPLE + deal + "'p1 sd 9c', 'p2 sd KhKd', 'd dh p1 2h', 'd dh p2 3d6d']\n")
    assert one.state.holes == two.state.holes and one.state.draws == ((1,), (2,))


def _random_hand(spec: GameSpec, rng: random.Random, *, raises_per_round: int = 99) -> Hand:
    n = rng.randint(2, min(6, max_draw_seats(spec.hole_card_count)))
    big = raises_per_round < 99
    stacks = [1_000] * n if big else [rng.randint(3, 200) for _ in range(n)]
    hand = Hand(spec, stacks=stacks, button=rng.randrange(n), seed=rng.getrandbits(32))
    player = RandomPlayer(rng, raise_share=0.25, fold_share=0.05, sizes="min",
                          raise_cap=raises_per_round)  # fmt: skip
    return player.play(hand)


@pytest.mark.parametrize("variant", DRAW_GAMES)
def test_pokerforge_reads_back_what_it_writes(variant: str) -> None:
    rng = random.Random(variant)
    for betting in ("no-limit", "pot-limit", "fixed-limit"):
        limits = {"small_bet": 2, "big_bet": 4} if betting == "fixed-limit" else {}
        spec = GameSpec(variant=variant, betting=betting, ante=rng.choice([0, 1]), **limits)  # type: ignore[arg-type]
        for _ in range(12):
            hand = _random_hand(spec, rng)
            again = loads_phh(to_phh(hand))
            assert again.spec == hand.spec
            assert again.stacks == hand.stacks and again.state.holes == hand.state.holes
            assert again.state.draws == hand.state.draws
            assert [type(r) for r in again.history] == [type(r) for r in hand.history]


def _pokerkit_stacks(text: str) -> tuple[int, ...]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        state = tuple(HandHistory.loads(text))[-1]
    return tuple(state.stacks)


def _split(hand: Hand) -> bool:
    """Whether a pot was split (pokerkit gives odd chips in its own order: rule 26)."""
    pots = [r.pot for r in hand.history if isinstance(r, Award)]
    return len(pots) != len(set(pots))


@pytest.mark.slow  # pokerkit's work, the same on every Python: 3.11 only in the test command
@pytest.mark.parametrize(
    "spec",
    [
        GameSpec(variant="2-7-single-draw", blinds=(1, 2)),
        GameSpec(variant="F2L3D", betting="fixed-limit", small_bet=2, big_bet=4),
        GameSpec(variant="FB", betting="fixed-limit", small_bet=2, big_bet=4),
    ],
    ids=["N2L1D", "F2L3D", "FB"],
)
def test_pokerkit_replays_what_pokerforge_writes(spec: GameSpec) -> None:
    # Stacks no bet reaches and at most three raises a round: pokerkit caps heads-up
    # betting (rule 17 does not).
    rng = random.Random(spec.variant)
    for _ in range(40):
        hand = _random_hand(spec, rng, raises_per_round=3)
        n = hand.num_seats
        order = list(seat_order(n, hand.button))
        theirs = _pokerkit_stacks(to_phh(hand))
        by_seat = tuple(theirs[order.index(s)] for s in range(n))
        if _split(hand):
            assert sum(by_seat) == sum(hand.stacks)
            assert all(abs(a - b) <= 1 for a, b in zip(by_seat, hand.stacks, strict=True))
        else:
            assert by_seat == hand.stacks
