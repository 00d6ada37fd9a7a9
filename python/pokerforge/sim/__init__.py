"""Simulations and equity grids that scale: one core, every core, then a Dask cluster.

[`run()`][pokerforge.sim.run] plays self-play hands with a policy per seat;
[`preflop_grid()`][pokerforge.sim.preflop_grid] and [`range_grid()`][pokerforge.sim.range_grid]
compute exact equity grids. Work is cut into chunks with seeds derived from the run's seed, and run
inline, on local processes or on Dask distributed (the optional extra ``pip install
'pokerforge[dask]'``), with the same result on each.

Examples:
    >>> from pokerforge import sim
    >>> result = sim.run(None, players=2, hands=100, policies=["tag", "random"], seed=3)
    >>> result.hands, result.policies, sum(result.net)
    (100, ('tag', 'random'), 0)
"""

from pokerforge.sim.backends import BACKENDS, Backend
from pokerforge.sim.grid import CLASSES, Grid, preflop_grid, range_grid
from pokerforge.sim.policies import (
    POLICIES,
    Decision,
    Policy,
    RandomPolicy,
    TightAggressive,
    Turn,
    call_policy,
    random_policy,
)
from pokerforge.sim.progress import Progress
from pokerforge.sim.results import SeatResult, SimResult
from pokerforge.sim.simulation import SimInterrupted, replay, run

__all__ = [
    "BACKENDS",
    "CLASSES",
    "POLICIES",
    "Backend",
    "Decision",
    "Grid",
    "Policy",
    "Progress",
    "RandomPolicy",
    "SeatResult",
    "SimInterrupted",
    "SimResult",
    "TightAggressive",
    "Turn",
    "call_policy",
    "preflop_grid",
    "random_policy",
    "range_grid",
    "replay",
    "run",
]
