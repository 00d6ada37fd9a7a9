"""Regression tests for equity bugs: colliding one-combo ranges in Monte Carlo, a lone string
as players, huge sample counts, and the exception class of bad threads and seeds."""

from __future__ import annotations

import pytest

from pokerforge import InvalidRangeError, InvalidSpecError, equity


@pytest.mark.parametrize(
    ("players", "kwargs"),
    [(["AhAs", "AA", "AA"], {}), (["AA", "AA"], {"board": "AhAs2c"})],
)
def test_monte_carlo_rejects_ranges_that_collide(
    players: list[str], kwargs: dict[str, str]
) -> None:
    """Monte Carlo raises like exact: it once dealt AdAc to both range players."""
    with pytest.raises(InvalidRangeError, match="cannot all be dealt"):
        equity(players, method="exact", **kwargs)
    with pytest.raises(InvalidRangeError, match="cannot all be dealt"):
        equity(players, method="monte-carlo", samples=1_000, seed=1, **kwargs)


def test_players_given_as_one_string() -> None:
    """A lone string is refused as a player list, not split into characters."""
    with pytest.raises(InvalidSpecError, match="as a list"):
        equity("AhAs")  # type: ignore[arg-type]


def test_huge_samples_message_names_the_value() -> None:
    with pytest.raises(InvalidSpecError, match=str(10**30)):
        equity(["AhAs", "KdKc"], method="monte-carlo", samples=10**30)


@pytest.mark.parametrize("kwargs", [{"threads": 0}, {"seed": -1}])
def test_bad_threads_and_seed_raise_a_named_error(kwargs: dict[str, int]) -> None:
    """Bad threads and seeds raise the named InvalidSpecError, not the base class."""
    with pytest.raises(InvalidSpecError):
        equity(["AhAs", "KdKc"], method="monte-carlo", samples=100, **kwargs)
