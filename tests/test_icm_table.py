"""Tests for ``pokerforge.icm.table``: decision values against an independent oracle
(``equity`` for the showdowns, ``icm`` for the prizes, the stacks counted by hand), the
equilibrium fed back into ``decisions``, the two-player table against the heads-up
solver, and bad input refused with named errors.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerforge import Range, equity
from pokerforge.errors import (
    InvalidPayoutError,
    InvalidRangeError,
    InvalidSpecError,
    InvalidStackError,
)
from pokerforge.icm import (
    chart_class,
    decisions,
    icm,
    push_fold,
    push_fold_table,
    table_positions,
)

SUITS = "cdhs"


def combos(hands: str) -> list[str]:
    """Every combo of a range's text, as strings."""
    return [str(c) for c, _ in Range(hands).combos]


def unblocked(hands: str, hero: str) -> int:
    """Combos of ``hands`` that can be dealt beside ``hero``."""
    return sum(1 for c in combos(hands) if not {c[:2], c[2:]} & {hero[:2], hero[2:]})


def showdown(hero: str, villain: str) -> tuple[float, float]:
    """Hero's exact win and tie shares against a range."""
    r = equity([hero, villain], method="exact")
    return r.players[0].win, r.players[0].tie


def test_three_handed_values_against_an_oracle() -> None:
    stacks, ante, (sb, bb), payouts = [9.0, 14.0, 6.0], 0.2, (0.5, 1.0), [60.0, 40.0]
    sb_calls, bb_calls = "99+, AJ+", "77+, AT+, KQs"
    d = decisions(stacks, (sb, bb), ante, payouts, calls={"SB": sb_calls, "BB": bb_calls})
    hero = "KhQh"

    def prizes(after: list[float]) -> float:
        return icm(after, payouts)[0]

    posted = [stacks[0] - ante, stacks[1] - ante - sb, stacks[2] - ante - bb]
    pot = 3 * ante + sb + bb
    steal = prizes([posted[0] + pot, posted[1], posted[2]])

    def called_by(c: int, calls: str) -> float:
        live = [s - ante for s in stacks]
        stake = min(live[0], live[c])
        blind = sb if c == 1 else bb
        in_pot = 2 * stake + pot - blind
        base = list(posted)
        base[0], base[c] = live[0] - stake, live[c] - stake
        win, tie = showdown(hero, calls)
        won, split, lost = list(base), list(base), list(base)
        won[0] += in_pot
        split[0] += in_pot / 2
        split[c] += in_pot / 2
        lost[c] += in_pot
        return win * prizes(won) + tie * prizes(split) + (1 - win - tie) * prizes(lost)

    p_sb = unblocked(sb_calls, hero) / 1225
    p_bb = unblocked(bb_calls, hero) / 1225
    want = p_sb * called_by(1, sb_calls) + (1 - p_sb) * (
        p_bb * called_by(2, bb_calls) + (1 - p_bb) * steal
    )
    assert d.shove_ev("BTN", hero) == pytest.approx(want, abs=1e-9)
    # Folding first-in: nobody else shoves, so the big blind wins the blinds and antes.
    walk = icm([posted[0], posted[1], posted[2] + pot], payouts)
    assert d.fold_ev("BTN") == pytest.approx(walk[0], abs=1e-12)
    assert d.values == pytest.approx(walk, abs=1e-12)
    assert sum(d.values) == pytest.approx(100.0)


def test_calling_values_against_an_oracle() -> None:
    # Heads-up in chips: the big blind calls a shove from the small blind's range.
    shoves = "22+, A2+, K7+, Q9+"
    d = decisions([12, 12], (0.5, 1), shoves={"SB": shoves})
    for hero in ("AcTd", "8h8s", "Kd9d"):
        win, tie = showdown(hero, shoves)
        called = 12 * (win - (1 - win - tie))  # +12 bb won, -12 lost, 0 split
        assert d.call_ev("BB", "SB", hero) == pytest.approx(called, abs=1e-9)
        assert d.fold_to_ev("BB", "SB", hero) == pytest.approx(-1.0)
    assert d.reach[0] == 1.0
    assert d.reach[1] == pytest.approx(1 - Range(shoves).total_weight / 1326)


def test_the_equilibrium_is_what_decisions_find_unexploitable() -> None:
    stacks, payouts = [8, 11, 6, 13, 9], [50, 30, 20]
    r = push_fold_table(stacks, (0.5, 1), 0.1, payouts)
    assert r.positions == ("UTG", "CO", "BTN", "SB", "BB") and r.converged
    assert r.ranges == r.shoves and set(r.shoves) == set(r.positions[:-1])
    # Tolerance: 1e-4 big blinds' worth of prize equity per hand, at 100 / 47 per chip.
    assert r.exploitability <= 1e-4 * 100 / sum(stacks)
    assert sum(r.values) == pytest.approx(100.0)
    d = decisions(stacks, (0.5, 1), 0.1, payouts, shoves=r.shoves, calls=r.calls)
    assert d.values == pytest.approx(r.values, abs=1e-9)
    assert sum(d.gains) / len(d.gains) == pytest.approx(r.exploitability, abs=1e-9)
    # A class shoved for sure but worth folding (or the other way round) costs its
    # player that loss, weighted by how often it is dealt with the action folded to it:
    # never more than that player's best-response gain, at most n times the mean.
    bound = len(stacks) * r.exploitability + 1e-12
    for p, position in enumerate(r.positions[:-1]):
        chart, gains = r.chart(position), d.shove_chart(position)
        for row, col in itertools.product(range(13), range(13)):
            dealt = len(combos(chart_class(row, col))) / 1326 * d.reach[p]
            lost = {1.0: -gains[row][col], 0.0: gains[row][col]}.get(chart[row][col], 0.0)
            assert dealt * lost <= bound, (position, chart_class(row, col))
    # Charts and ranges say the same.
    for (shover, caller), rng in r.calls.items():
        chart = r.chart(caller, facing=shover)
        for row, col in itertools.product(range(13), range(13)):
            name = chart_class(row, col)
            assert rng.weight(combos(name)[0]) == chart[row][col]
    assert r.chart_text("UTG").splitlines()[1].startswith("A   100")


def test_two_players_are_the_heads_up_game() -> None:
    heads_up = push_fold([9, 9], (0.5, 1), ante=0.1)
    table = push_fold_table([9, 9], (0.5, 1), ante=0.1)
    assert table.positions == ("SB", "BB")
    assert table.values == pytest.approx(heads_up.values, abs=2e-3)
    # Both within their tolerance of the same equilibrium: the ranges differ by at most
    # a few mixed classes.
    diff = sum(
        abs(table.shoves["SB"].weight(c) - heads_up.shove.weight(c)) for c in combos("random")
    )
    assert diff <= 24


def test_the_bubble_tightens_calls_and_others_count() -> None:
    stacks = [10, 10, 10, 10]
    chips = push_fold_table(stacks, (0.5, 1))
    bubble = push_fold_table(stacks, (0.5, 1), payouts=[50, 30, 20])
    key = ("UTG", "BB")
    assert bubble.calls[key].total_weight < chips.calls[key].total_weight - 50
    # Two short stacks at another table: this table is further from the money.
    far = push_fold_table(stacks, (0.5, 1), payouts=[50, 30, 20], others=[60, 60])
    assert len(far.values) == 4 and sum(far.values) < 100


_RANGES = ["", "AA", "QQ+, AK", "22+, A2+, K9+", "random"]


@settings(max_examples=25, deadline=None)
@given(
    stacks=st.lists(st.integers(3, 40), min_size=2, max_size=6),
    ante=st.sampled_from([0, 0.1, 0.25]),
    ranges=st.lists(st.sampled_from(_RANGES), min_size=12, max_size=12),
)
def test_values_always_add_up(stacks: list[int], ante: float, ranges: list[str]) -> None:
    """Any ranges: chips stay zero-sum, prize equity adds up to the pool, best-response
    gains are never negative, and every decision's value lies within the prizes."""
    n = len(stacks)
    shoves = {p: ranges[p] for p in range(n - 1) if ranges[p]}
    calls = {p: ranges[6 + p] for p in range(1, n) if ranges[6 + p]}
    chips = decisions(stacks, (0.5, 1), ante, shoves=shoves, calls=calls)
    assert sum(chips.values) == pytest.approx(0.0, abs=1e-9)
    prizes = decisions(stacks, (0.5, 1), ante, [60, 40], shoves=shoves, calls=calls)
    assert sum(prizes.values) == pytest.approx(100.0)
    assert all(g >= -1e-12 for g in chips.gains + prizes.gains)
    for p in range(n - 1):
        assert 0 <= prizes.shove_ev(p, "72o") <= 60 and 0 <= prizes.fold_ev(p) <= 60


def test_positions() -> None:
    assert table_positions(10) == (
        "UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "HJ", "CO", "BTN", "SB", "BB",
    )  # fmt: skip
    assert table_positions(4) == ("UTG", "BTN", "SB", "BB")
    with pytest.raises(InvalidSpecError, match="not 11"):
        table_positions(11)


def test_bad_input_is_named_and_changes_nothing() -> None:
    with pytest.raises(InvalidSpecError, match="2 to 10 stacks, but 1 was given"):
        push_fold_table([10], (0.5, 1))
    with pytest.raises(InvalidSpecError, match="but 11 were given"):
        decisions([10] * 11, (0.5, 1))
    with pytest.raises(InvalidStackError, match=r"stacks\[2\] = 1 .*more than the blind"):
        push_fold_table([10, 10, 1], (0.5, 1))
    with pytest.raises(InvalidStackError, match=r"stacks\[0\] = -3"):
        push_fold_table([-3, 10, 10], (0.5, 1))
    with pytest.raises(InvalidPayoutError, match=r"payouts\[1\] = -1"):
        push_fold_table([10, 10, 10], (0.5, 1), payouts=[5, -1])
    with pytest.raises(InvalidSpecError, match="small_blind = 2"):
        push_fold_table([10, 10, 10], (2, 1))
    with pytest.raises(InvalidSpecError, match="tolerance = 0"):
        push_fold_table([10, 10, 10], (0.5, 1), tolerance=0)
    with pytest.raises(InvalidSpecError, match="others"):
        push_fold_table([10, 10, 10], (0.5, 1), others=[5])
    with pytest.raises(InvalidSpecError, match="'LJ' is not a position"):
        decisions([10, 10, 10], (0.5, 1), shoves={"LJ": "AA"})
    with pytest.raises(InvalidSpecError, match="BTN acts before SB"):
        decisions([10, 10, 10], (0.5, 1), calls={("SB", "BTN"): "AA"})
    with pytest.raises(InvalidRangeError):
        decisions([10, 10, 10], (0.5, 1), shoves={"BTN": "AX+"})
    with pytest.raises(TypeError, match="is not a range"):
        decisions([10, 10, 10], (0.5, 1), shoves={"BTN": 5})  # type: ignore[dict-item]
    d = decisions([10, 10, 10], (0.5, 1), shoves={"SB": "AA"})
    with pytest.raises(InvalidSpecError, match="BTN never shoves"):
        d.call_ev("BB", "BTN", "KK")
    with pytest.raises(InvalidSpecError, match="big blind never acts first-in"):
        d.shove_ev("BB", "KK")
    with pytest.raises(InvalidSpecError, match="holds no hand"):
        d.call_ev("BB", "SB", Range("AA").without("AhAdAcAs"))
    r = push_fold_table([10, 10, 10], (0.5, 1))
    with pytest.raises(InvalidSpecError, match="not a position acting before BTN"):
        r.chart("BTN", facing="BB")
    # A refused request leaves the result as it was.
    assert r.converged and r.positions == ("BTN", "SB", "BB")
