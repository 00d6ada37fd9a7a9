"""The networks' admission of new connections (pokerforge.service.admission), on a clock
the tests move: which connections are taken, held or refused, and when held ones go."""

from __future__ import annotations

import pytest

from pokerforge.errors import PokerError
from pokerforge.service.admission import Admission


class Clock:
    """Seconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def door(clock: Clock, out: list[str] | None = None, **bounds: float) -> Admission[str]:
    settings = {"cap": 0, "rate": 0.0, "burst": 1, "waiting": 0, **bounds}
    return Admission(
        cap=int(settings["cap"]),
        rate=settings["rate"],
        burst=int(settings["burst"]),
        waiting=int(settings["waiting"]),
        clock=clock,
        on_push_out=None if out is None else out.append,
    )


def test_a_flood_past_the_burst_is_held_the_oldest_pushed_out_another_network_taken() -> None:
    # 50 connections at once from one network (the readers' flood): the burst is taken,
    # the rest held; past the room's 8 each newcomer pushes the oldest held one out (its
    # sender the likeliest to have given up), so a newcomer is never sent back at once.
    # Another network is not counted with it.
    clock, out = Clock(), []
    admission = door(clock, out, rate=4.0, burst=10, waiting=8)
    verdicts = [admission.arrive("10.0.0.0/24", f"c{i}") for i in range(50)]
    assert verdicts == [True] * 10 + [None] * 40
    assert out == [f"c{i}" for i in range(10, 42)]
    assert admission.held("10.0.0.0/24") == 8
    assert admission.arrive("10.0.1.0/24", "other") is True
    # The next token comes in 1/rate seconds; held connections go in their order.
    assert admission.delay("10.0.0.0/24") == 0.25
    assert admission.admit_waiting("10.0.0.0/24") == []
    clock.now += 0.25
    assert admission.admit_waiting("10.0.0.0/24") == ["c42"]
    clock.now += 1.0
    assert admission.admit_waiting("10.0.0.0/24") == ["c43", "c44", "c45", "c46"]
    # A newcomer queues behind the held ones, even with a token saved for it.
    clock.now += 0.25
    assert admission.arrive("10.0.0.0/24", "late") is None
    assert admission.admit_waiting("10.0.0.0/24") == ["c47"]
    assert admission.held("10.0.0.0/24") == 3
    assert len(out) == 32


def test_the_cap_holds_connections_until_one_leaves() -> None:
    clock = Clock()
    admission = door(clock, cap=2, waiting=4)
    assert [admission.arrive("n", name) for name in "abcd"] == [True, True, None, None]
    # No time frees a place: only a connection that leaves.
    assert admission.delay("n") is None
    clock.now += 3600
    assert admission.admit_waiting("n") == []
    admission.leave("n")
    assert admission.admit_waiting("n") == ["c"]
    admission.leave("n")
    admission.leave("n")
    assert admission.admit_waiting("n") == ["d"]
    assert admission.arrive("n", "e") is True


def test_a_held_connection_that_goes_frees_its_place_in_the_waiting_room() -> None:
    clock, out = Clock(), []
    admission = door(clock, out, cap=1, waiting=2)
    assert [admission.arrive("n", name) for name in "abc"] == [True, None, None]
    admission.cancel("n", "b")
    admission.cancel("n", "never-held")  # nothing to do
    assert admission.arrive("n", "d") is None
    assert out == []  # b's place was free
    assert admission.arrive("n", "e") is None
    assert out == ["c"]
    admission.leave("n")
    assert admission.admit_waiting("n") == ["d"]


def test_without_a_waiting_room_whatever_cannot_be_taken_is_refused_at_once() -> None:
    clock = Clock()
    admission = door(clock, cap=3, rate=1.0, burst=2)
    assert [admission.arrive("n", name) for name in "abc"] == [True, True, False]
    clock.now += 1.0
    assert admission.arrive("n", "d") is True


def test_without_limits_everything_is_taken_and_nothing_counted() -> None:
    admission = door(Clock())
    assert not admission.active
    assert all(admission.arrive("n", str(i)) for i in range(100))


def test_networks_nobody_uses_are_forgotten() -> None:
    # Many networks passing by (one connection each, closed) do not pile up: once their
    # buckets are full again they are swept away; a network in use is kept.
    clock = Clock()
    admission = door(clock, cap=1, rate=10.0, burst=20, waiting=4)
    assert admission.arrive("busy", "b") is True
    for i in range(3000):
        assert admission.arrive(f"net{i}", "x") is True
        admission.leave(f"net{i}")
        clock.now += 0.01
    assert len(admission) < 1100
    assert admission.arrive("busy", "b2") is None  # still counted: its place is taken


@pytest.mark.parametrize(
    ("bounds", "message"),
    [
        ({"cap": -1}, "cap, rate and waiting must be 0 or more, not -1, 0.0 and 0"),
        ({"rate": 2.0, "burst": 0}, "burst must be at least 1 with a rate, not 0"),
    ],
)
def test_bad_bounds_are_refused(bounds: dict[str, float], message: str) -> None:
    with pytest.raises(PokerError, match=message):
        door(Clock(), **bounds)
