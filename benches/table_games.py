"""Long runs of a table of every game: hands with busts and rebuys, counted, with any error.

Issue 45's target: a stud table of 4 runs 10,000 hands with busts and rebuys without an
error. Each game's table seats 4 players with random stacks of 5 to 40 chips, random legal
players act, and a player who busts buys in again at once; the run counts the hands, the
busts, the rebuys and the errors, and checks that no chip is made or lost (the table's
chips, the rake and the rebuys add up).

    .venv/bin/python benches/table_games.py                 # stud, 10,000 hands
    .venv/bin/python benches/table_games.py --hands 2000 --games stud razz stud-hilo horse
"""

from __future__ import annotations

import argparse
import random
import time

from pokerforge.game import GameSpec, Rotation, Table
from pokerforge.sim.policies import RandomPolicy

_STUD = {"betting": "fixed-limit", "ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
_LIMIT = {"betting": "fixed-limit", "blinds": (1, 2), "small_bet": 2, "big_bet": 4}


def game(name: str) -> GameSpec | Rotation:
    """The table's game called ``name`` (``horse``: the HORSE rotation, 4 hands a game)."""
    if name == "horse":
        return Rotation.horse(small_bet=2, hands=4)
    if name in ("stud", "razz", "stud-hilo"):
        return GameSpec(variant=name, **_STUD)  # type: ignore[arg-type]
    if name in ("2-7-triple-draw", "a-5-triple-draw", "badugi"):
        return GameSpec(variant=name, **_LIMIT)  # type: ignore[arg-type]
    return GameSpec(variant=name, blinds=(1, 2))  # type: ignore[arg-type]


def run(name: str, hands: int, seed: int) -> dict[str, object]:
    """``hands`` hands of game ``name`` at a 4-seat table with busts and rebuys."""
    rng = random.Random(seed)
    table = Table(game(name), seats=4, seed=seed)
    policy = RandomPolicy(seed)
    bought = rebuys = busts = errors = rake = 0
    for seat in range(4):
        chips = rng.randint(5, 40)
        table.sit(seat, f"p{seat}", chips)
        bought += chips
    start = time.perf_counter()
    for _ in range(hands):
        seated = {p.seat for p in table.players}
        for seat in range(4):
            if seat not in seated:
                chips = rng.randint(5, 40)
                table.sit(seat, f"p{seat}", chips, wait_for_big_blind=False)
                bought += chips
                rebuys += 1
        try:
            done = table.play_hand(policy)
        except Exception as err:  # counted and shown: the run is the test
            errors += 1
            print(f"{name}: hand {len(table.hands) + 1}: {type(err).__name__}: {err}")
            break
        busts += len(done.eliminated)
        rake += done.hand.rake
    seconds = time.perf_counter() - start
    chips = sum(p.chips for p in table.players)
    return {
        "game": name,
        "hands": len(table.hands),
        "busts": busts,
        "rebuys": rebuys,
        "errors": errors,
        "chips kept": chips + rake == bought,
        "hands/s": round(len(table.hands) / seconds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--games", nargs="+", default=["stud"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in args.games:
        print(run(name, args.hands, args.seed))


if __name__ == "__main__":
    main()
