"""Seeded golden histories: for every game, hands played by seeded random players and
written as PHH, byte for byte, in ``tests/game/data/golden/<name>.phhs``.

The engine may be rebuilt inside (the variant table, one life of a hand) but no hand may
change: ``test_golden_histories.py`` plays the same seeds again and compares the text.
A deliberate change of behaviour (a rule fixed) rewrites the files, with the reason in
the commit:

    .venv/bin/python tests/game/golden.py --write

Each game is played with its usual structure and a second one that reaches other rules
(antes, straddles, rake, runouts, show-or-muck, five- and six-card Omaha, button blinds).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from pokerforge.game import GameSpec, Hand, Rake, RuleProfile
from pokerforge.game.decision import play
from pokerforge.game.history import to_phh
from pokerforge.sim.policies import RandomPolicy

HERE = Path(__file__).parent / "data" / "golden"
HANDS = 24

_ASKED = RuleProfile(showdown="ask", muck_losing_hands=True)
_TWICE = RuleProfile(runouts=2)
_STUD = {"betting": "fixed-limit", "ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
_LIMIT = {"betting": "fixed-limit", "blinds": (1, 2), "small_bet": 2, "big_bet": 4}

# name -> (spec, most players)
SPECS: dict[str, tuple[GameSpec, int]] = {
    "holdem-nl": (GameSpec(blinds=(1, 2)), 9),
    "holdem-nl-ante-straddle-rake": (
        GameSpec(blinds=(1, 2), ante=1, straddle=4, rake=Rake(percent=5, cap=6)),
        6,
    ),
    "holdem-bb-ante-runouts": (
        GameSpec(blinds=(1, 2), ante=2, ante_kind="big-blind", rules=_TWICE),
        6,
    ),
    "holdem-fl": (GameSpec(variant="holdem", **_LIMIT), 9),
    "holdem-pl-asked": (GameSpec(betting="pot-limit", blinds=(1, 2), rules=_ASKED), 6),
    "omaha-pl": (GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2)), 9),
    "omaha5-pl": (GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2), hole_cards=5), 8),
    "omaha6-pl": (GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2), hole_cards=6), 6),
    "omaha-hilo-fl": (GameSpec(variant="omaha-hilo", **_LIMIT), 9),
    "omaha-hilo-pl-rake": (
        GameSpec(variant="omaha-hilo", betting="pot-limit", blinds=(1, 2), rake=Rake(percent=10)),
        6,
    ),
    "short-deck-ante": (GameSpec(variant="short-deck", blinds=(1, 2), ante=1), 6),
    "short-deck-button-blind": (
        GameSpec(variant="short-deck", blinds=(0, 0), ante=1, button_blind=2),
        6,
    ),
    "stud": (GameSpec(variant="stud", **_STUD), 8),  # type: ignore[arg-type]
    "stud-hilo": (GameSpec(variant="stud-hilo", **_STUD), 8),  # type: ignore[arg-type]
    "razz": (GameSpec(variant="razz", **_STUD), 8),  # type: ignore[arg-type]
    "stud-asked-rake": (
        GameSpec(variant="stud", **_STUD, rules=_ASKED, rake=Rake(percent=5)),  # type: ignore[arg-type]
        7,
    ),
    "2-7-single-draw": (GameSpec(variant="2-7-single-draw", blinds=(1, 2)), 6),
    "2-7-triple-draw": (GameSpec(variant="2-7-triple-draw", **_LIMIT), 6),
    "a-5-triple-draw": (GameSpec(variant="a-5-triple-draw", **_LIMIT), 6),
    "badugi": (GameSpec(variant="badugi", **_LIMIT), 6),
    "five-card-draw": (GameSpec(variant="five-card-draw", betting="pot-limit", blinds=(1, 2)), 6),
    "courchevel-pl": (GameSpec(variant="courchevel", betting="pot-limit", blinds=(1, 2)), 8),
    "big-o-pl": (GameSpec(variant="big-o", betting="pot-limit", blinds=(1, 2)), 8),
    "courchevel-hilo-pl": (
        GameSpec(variant="courchevel-hilo", betting="pot-limit", blinds=(1, 2)),
        8,
    ),
}


def play_hand(spec: GameSpec, most: int, rng: random.Random) -> Hand:
    """One hand of ``spec`` with 2 to ``most`` players, random stacks, button and deal,
    played to its end by seeded random players."""
    n = rng.randint(3 if spec.straddle else 2, most)
    stacks = [rng.choice((rng.randint(3, 40), rng.randint(40, 400))) for _ in range(n)]
    hand = Hand(spec, stacks=stacks, button=rng.randrange(n), seed=rng.getrandbits(32))
    policies = [RandomPolicy(rng.getrandbits(16)) for _ in range(n)]
    for policy in policies:
        policy.reseed(hand.seed or 0)
    return play(hand, policies)


def record(name: str) -> str:
    """The golden text of game ``name``: its hands' PHH, one TOML table each."""
    spec, most = SPECS[name]
    rng = random.Random(name)
    tables = []
    for number in range(HANDS):
        text = to_phh(play_hand(spec, most, rng))
        tables.append(f"[{number}]\n{text}")
    return "\n".join(tables)


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print("usage: python tests/game/golden.py --write", file=sys.stderr)
        return 2
    HERE.mkdir(parents=True, exist_ok=True)
    for name in SPECS:
        (HERE / f"{name}.phhs").write_text(record(name), encoding="utf-8")
    print(f"wrote {len(SPECS)} files to {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
