"""The import's fast replay in the core against the game layer's, on hands the engine plays
at random (all-ins, side pots, split pots, raises short of a full raise, fixed-limit caps,
rake taken main pot first or in proportion), written as PokerStars writes them: the
database stores the same rows either way."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from pokerforge._core import rooms_import, rooms_read
from pokerforge.cards import Card
from pokerforge.game import GameSpec, Hand, RuleProfile
from pokerforge.game.actions import (
    Bet,
    Call,
    Check,
    DealBoard,
    Fold,
    Muck,
    PostBlind,
    Raise,
    ReturnBet,
    Show,
)
from pokerforge.game.rake import Rake
from pokerforge.histories import importing
from pokerforge.histories.database import connect, import_histories

QUERIES = {
    "hands": "SELECT * FROM hands ORDER BY room, hand",
    "players": "SELECT * FROM players ORDER BY room, hand, seat",
    "actions": "SELECT * FROM actions ORDER BY room, hand, seq",
    "refusals": "SELECT hand, cause, message FROM refusals ORDER BY ALL",
}


def _money(chips: int) -> str:
    return f"${chips // 100}.{chips % 100:02}"


def _cards(indices: Any) -> str:
    return " ".join(str(Card.from_index(i)) for i in indices)


def _play(rng: random.Random, hand: Hand) -> None:
    """Random legal actions to the end: folds rare, all-ins frequent."""
    while not hand.is_over:
        legal = hand.legal_actions()
        roll = rng.random()
        if legal.min_raise_to is not None and roll < 0.35:
            low, high = legal.min_raise_to, legal.max_raise_to
            assert high is not None
            hand.raise_to(high if rng.random() < 0.4 else rng.randint(low, high))
        elif legal.call and roll > 0.9:
            hand.fold()
        else:
            hand.check_or_call()


_STREETS = {1: "FLOP", 2: "TURN", 3: "RIVER"}
_STARS = RuleProfile(name="default", limit_short_all_in="completes")


def _text(number: int, hand: Hand, fixed: bool) -> str:
    """The hand as PokerStars writes it."""
    n = hand.num_seats
    spec = hand.spec
    name = [f"P{s}" for s in range(n)]
    game = "Hold'em Limit" if fixed else "Hold'em No Limit"
    stakes = (spec.small_bet, spec.big_bet) if fixed else spec.blinds
    lines = [
        f"PokerStars Hand #{number}:  {game} ({_money(stakes[0])}/{_money(stakes[1])} USD) - "
        "2024/01/02 10:11:12 ET",
        f"Table 'T' 9-max Seat #{hand.button + 1} is the button",
        *(
            f"Seat {s + 1}: {name[s]} ({_money(hand.starting_stacks[s])} in chips)"
            for s in range(n)
        ),
    ]
    level = 0
    board: list[int] = []
    shown = False
    for item in hand.history:
        kind = type(item)
        if kind is PostBlind:
            which = "small" if item.blind == "SB" else "big"
            lines.append(f"{name[item.seat]}: posts {which} blind {_money(item.amount)}")
            level = max(level, item.amount)
            if which == "big":
                lines.append("*** HOLE CARDS ***")
                lines.append(f"Dealt to {name[0]} [{_cards(hand.hole_indices[0])}]")
        elif kind is DealBoard:
            before = f"[{_cards(board)}] " if board else ""
            board += list(item.indices)
            lines.append(f"*** {_STREETS[int(item.street)]} *** {before}[{_cards(item.indices)}]")
            level = 0
        elif kind in (Fold, Check, Call, Bet, Raise):
            who = f"{name[item.seat]}: "
            end = " and is all-in" if getattr(item, "all_in", False) else ""
            if kind is Fold:
                lines.append(who + "folds")
            elif kind is Check:
                lines.append(who + "checks")
            elif kind is Call:
                lines.append(f"{who}calls {_money(item.amount)}{end}")
            elif kind is Bet:
                lines.append(f"{who}bets {_money(item.amount)}{end}")
            else:
                lines.append(f"{who}raises {_money(item.to - level)} to {_money(item.to)}{end}")
            if kind in (Bet, Raise):
                level = item.to
        elif kind is ReturnBet:
            lines.append(f"Uncalled bet ({_money(item.amount)}) returned to {name[item.seat]}")
        elif kind in (Show, Muck):
            if not shown:
                lines.append("*** SHOW DOWN ***")
                shown = True
            if kind is Show:
                lines.append(f"{name[item.seat]}: shows [{_cards(hand.hole_indices[item.seat])}]")
            else:
                lines.append(f"{name[item.seat]}: mucks hand")
    for seat in range(n):
        if hand.payouts[seat]:
            lines.append(f"{name[seat]} collected {_money(hand.payouts[seat])} from pot")
    total = sum(hand.payouts) + hand.rake
    lines += ["*** SUMMARY ***", f"Total pot {_money(total)} | Rake {_money(hand.rake)}"]
    if board:
        lines.append(f"Board [{_cards(board)}]")
    return "\n".join(lines) + "\n\n\n"


def _hands(count: int, seed: int) -> str:
    rng = random.Random(seed)
    out = []
    for number in range(1, count + 1):
        n = rng.randint(2, 9)
        fixed = rng.random() < 0.3
        rake = None
        if rng.random() < 0.4:
            split = "proportional" if rng.random() < 0.3 else "main-first"
            rake = Rake(percent=5, cap=rng.choice([None, 30, 300]), split=split)
        # Fixed-limit as PokerStars plays an all-in short of a full raise (rule 18's
        # "completes"), which the core's replay leaves to the game layer when it matters.
        spec = (
            GameSpec(
                betting="fixed-limit",
                blinds=(1, 2),
                small_bet=2,
                big_bet=4,
                rake=rake,
                rules=_STARS,
            )
            if fixed
            else GameSpec(blinds=(1, 2), rake=rake)
        )
        stacks = [rng.choice([3, 8, 40, 150, 400]) + rng.randint(0, 60) for _ in range(n)]
        hand = Hand(spec, stacks=stacks, button=rng.randrange(n), seed=rng.randrange(10**9))
        _play(rng, hand)
        out.append(_text(number, hand, fixed))
    return "".join(out)


def _slow(data: bytes, room: str | None = None) -> Any:
    """``rooms_import`` without the core's replay: the game layer replays every hand."""
    return (*rooms_read(data, room), None)


def _tables(db: Path) -> dict[str, list[Any]]:
    with connect(db, read_only=True) as con:
        return {table: con.execute(sql).fetchall() for table, sql in QUERIES.items()}


@pytest.mark.parametrize("seed", [1, 2])
def test_random_hands_store_the_same_rows_either_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    text = _hands(300, seed)
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    _, _, entries, _ = rooms_import(text.encode())
    fast = sum(1 for ok, _ in entries if ok is None)
    assert fast > 240, fast  # the fast replay covers most of them
    monkeypatch.chdir(tmp_path)  # the file named as given: its source as written
    first = import_histories([Path("hands.txt")], tmp_path / "fast.duckdb")
    with monkeypatch.context() as patch:
        patch.setattr(importing, "rooms_import", _slow)
        reference = import_histories([Path("hands.txt")], tmp_path / "slow.duckdb")
    assert (first.added, first.refused) == (reference.added, reference.refused)
    assert reference.added > 250
    got, want = _tables(tmp_path / "fast.duckdb"), _tables(tmp_path / "slow.duckdb")
    for table, rows in want.items():
        assert len(got[table]) == len(rows), table
        for have, expected in zip(got[table], rows, strict=True):
            assert have == expected, table
