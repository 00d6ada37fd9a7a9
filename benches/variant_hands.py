"""A workload for counting instructions per stud or draw hand (issue 45: no slower than
before the variant table): ``N`` 6-max fixed-limit hands of seven-card stud or 2-7 triple
draw, played by a seeded random player (raise 20 %, fold 15 % facing a bet, 0 to 3 cards
drawn), so that two packages play the same hands.

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python benches/variant_hands.py stud 200   # then 0; the difference / 200

Put another package first on ``PYTHONPATH`` to count it (BENCHMARKS.md, "One life of a hand
for every game").
"""

from __future__ import annotations

import random
import sys

from pokerforge.game import GameSpec, Hand


def play(game: str, hands: int) -> None:
    """Plays ``hands`` hands of ``game`` (``"stud"`` or ``"draw"``)."""
    if game == "stud":
        spec = GameSpec(
            variant="stud", betting="fixed-limit", ante=1, bring_in=2, small_bet=4, big_bet=8
        )
    else:
        spec = GameSpec(
            variant="2-7-triple-draw", betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4
        )
    rng = random.Random(7)
    for i in range(hands):
        hand = Hand(spec, stacks=[200] * 6, button=i % 6, seed=i)
        while not hand.is_over:
            st = hand.state
            if st.drawing >= 0:
                thrown = list(st.holes[st.drawing])[: rng.randint(0, 3)]
                hand.discard(thrown) if thrown else hand.stand_pat()
                continue
            legal = hand.legal_actions()
            r = rng.random()
            if legal.min_raise_to is not None and r < 0.2:
                hand.raise_to(legal.min_raise_to)
            elif legal.call and legal.fold and r < 0.35:
                hand.fold()
            else:
                hand.check_or_call()


if __name__ == "__main__":
    play(sys.argv[1], int(sys.argv[2]))
