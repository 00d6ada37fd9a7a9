"""An independent, slow reference for the observation: built in plain Python from a hand's
public state and its history records, slot by slot by name, to compare with the encoder."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from pokerforge.cards import Card
from pokerforge.game import Bet, Call, Check, DealBoard, Fold, Hand, Raise
from pokerforge.rl import ObservationLayout

STREETS = ["preflop", "flop", "turn", "river", "over"]


def history_entries(hand: Hand) -> list[tuple[int, str, int, bool, int]]:
    """(seat, kind, street, all_in, amount) of every action, oldest first."""
    street = 0
    out = []
    for rec in hand.history:
        if isinstance(rec, DealBoard):
            street += 1
        elif isinstance(rec, Fold):
            out.append((rec.seat, "fold", street, False, 0))
        elif isinstance(rec, Check):
            out.append((rec.seat, "check", street, False, 0))
        elif isinstance(rec, Call):
            out.append((rec.seat, "call", street, rec.all_in, rec.amount))
        elif isinstance(rec, Bet | Raise):
            out.append((rec.seat, "raise", street, rec.all_in, rec.to))
    return out


def discrete(hand: Hand, actions: tuple[str, ...], seat: int) -> tuple[list[int], list[int]]:
    """The mask and amounts of the discrete actions, from ``legal_actions()``."""
    legal = hand.legal_actions()
    unit = hand.spec.chip_unit
    pot = hand.total_pot
    level = hand.bets[seat] + legal.call
    mask, amounts = [], []
    for name in actions:
        ok, amount = False, 0
        if name == "fold":
            ok = legal.fold
        elif name == "call":
            ok, amount = legal.check or legal.call > 0, legal.call
        elif legal.min_raise_to is not None and legal.max_raise_to is not None:
            if name == "min":
                ok, amount = True, legal.min_raise_to
            elif name == "allin":
                ok, amount = True, legal.max_raise_to
            else:
                fraction = float(name.removesuffix("pot") or 1)
                wanted = level + math.floor(fraction * (pot + legal.call))
                wanted -= wanted % unit
                if wanted >= legal.min_raise_to:
                    ok, amount = True, min(wanted, legal.max_raise_to)
        # A raise to a total that a raise earlier in the set already offers is masked.
        kinds = ("fold", "call")
        earlier = [
            a for m, a, n in zip(mask, amounts, actions, strict=False) if m and n not in kinds
        ]
        if ok and name not in kinds and amount in earlier:
            ok = False
        mask.append(int(ok))
        amounts.append(amount if ok else 0)
    return mask, amounts


def reference(hand: Hand, seat: int, layout: ObservationLayout) -> npt.NDArray[np.float32]:
    """The observation of ``seat``, built slot by slot by name."""
    n = hand.num_seats
    bb = hand.spec.blinds[1]
    v: dict[str, float] = {}
    for card in hand.hole_cards[seat]:
        v[f"hole:{card}"] = 1
    for card in hand.board:
        v[f"board:{card}"] = 1
    street = 4 if hand.is_over else int(hand.street)
    v[f"street:{STREETS[street]}"] = 1
    v[f"position:{(seat - hand.button) % n}"] = 1
    entries = history_entries(hand)
    acted = {s for s, _, st, _, _ in entries if st == street}
    for k in range(n):
        s = (seat + k) % n
        v[f"seat+{k}:present"] = 1
        v[f"seat+{k}:stack"] = hand.stacks[s] / bb
        v[f"seat+{k}:bet"] = hand.bets[s] / bb
        v[f"seat+{k}:folded"] = hand.folded[s]
        v[f"seat+{k}:all_in"] = not hand.folded[s] and hand.stacks[s] == 0
        v[f"seat+{k}:acted"] = s in acted
    middle = sum(hand.starting_stacks) - sum(hand.stacks)
    v["pot"] = (middle - sum(hand.bets)) / bb
    v["bets"] = sum(hand.bets) / bb
    if hand.actor == seat:
        legal = hand.legal_actions()
        v["legal:to_act"] = 1
        v["legal:fold"] = legal.fold
        v["legal:check"] = legal.check
        v["legal:call"] = legal.call > 0
        v["legal:call_amount"] = legal.call / bb
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            v["legal:raise"] = 1
            v["legal:min_raise_to"] = legal.min_raise_to / bb
            v["legal:max_raise_to"] = legal.max_raise_to / bb
        mask, amounts = discrete(hand, layout.actions, seat)
        for name, m, a in zip(layout.actions, mask, amounts, strict=True):
            v[f"action:{name}:legal"] = m
            v[f"action:{name}:amount"] = a / bb
    recent = entries[::-1][: layout.history]
    for h, (s, kind, st, all_in, amount) in enumerate(recent):
        v[f"history[{h}]:present"] = 1
        v[f"history[{h}]:seat+{(s - seat) % n}"] = 1
        v[f"history[{h}]:kind:{kind}"] = 1
        v[f"history[{h}]:all_in"] = all_in
        v[f"history[{h}]:street:{STREETS[st]}"] = 1
        v[f"history[{h}]:amount"] = amount / bb
    out = np.zeros(layout.size, dtype=np.float32)
    for name, value in v.items():
        out[layout.index(name)] = value
    return out


def card_names(mask_row: npt.NDArray[np.float32]) -> list[str]:
    """The cards set in a 52-slot plane."""
    return [str(Card.from_index(int(i))) for i in np.flatnonzero(mask_row)]
