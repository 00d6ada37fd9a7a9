"""pokerforge.sim.run on every backend: the same result for any number of workers, and
worker processes that die mid-run change nothing.

These start real processes: local process pools and Dask ``LocalCluster``s with real
worker processes (the ``dask`` extra, which the test extra installs)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pokerforge import sim
from pokerforge.errors import MissingExtraError, PolicyError, SimBackendError
from pokerforge.game import HandView, LegalActions

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from sim_helpers import KillOnce, fail_on_aces, old_raiser, totals  # noqa: E402

# Long end-to-end checks, the same on every Python (3.11 only in the test command), with
# real worker processes and clusters that would take the parallel part's cores; nothing here
# is timed (run after the parallel tests, beside the serial ones at a low priority).
pytestmark = [pytest.mark.slow, pytest.mark.workers]

RUN = {"players": 4, "hands": 600, "seed": 11, "chunk_size": 50}


@pytest.fixture(autouse=True)
def _workers_import_helpers(monkeypatch: pytest.MonkeyPatch) -> None:
    # Worker processes start fresh interpreters: let them import the test policies.
    monkeypatch.setenv("PYTHONPATH", str(HERE))


@pytest.fixture(scope="module")
def reference() -> sim.SimResult:
    return sim.run(None, policies=["random", "tag", "call", "random"], **RUN)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("backend", "workers"),
    [("inline", 1), ("processes", 1), ("processes", 2), ("processes", 3), ("dask", 1),
     ("dask", 2), ("dask", 3)],
)  # fmt: skip
def test_same_result_for_any_backend_and_worker_count(
    reference: sim.SimResult, backend: str, workers: int
) -> None:
    result = sim.run(
        None,
        policies=["random", "tag", "call", "random"],
        backend=backend,
        workers=workers,
        **RUN,  # type: ignore[arg-type]
    )
    assert result == reference
    assert (result.backend, result.workers) == (backend, workers)
    assert sum(result.net) == -result.rake == 0
    assert 0 < result.showdowns < result.hands


@pytest.mark.parametrize("backend", ["processes", "dask"])
def test_policies_with_their_own_streams_play_the_same_on_every_backend(backend: str) -> None:
    # Two differently seeded random policies, one old-form policy drawing from the hand's
    # generator, one without randomness: every stream is reseeded per hand, so chunks
    # give the same hands in any process.
    policies: list[object] = [sim.RandomPolicy(seed=1), sim.RandomPolicy(seed=2), "tag", old_raiser]
    with pytest.warns(DeprecationWarning):
        alone = sim.run(None, policies=policies, **RUN)  # type: ignore[arg-type]
    with pytest.warns(DeprecationWarning):
        spread = sim.run(None, policies=policies, backend=backend, workers=2, **RUN)  # type: ignore[arg-type]
    assert spread == alone
    assert alone.net[0] != alone.net[1]  # the two random seats draw different streams


def test_the_default_backend_follows_workers_and_scheduler(reference: sim.SimResult) -> None:
    assert reference.backend == "inline"
    two = sim.run(None, policies=["random", "tag", "call", "random"], workers=2, **RUN)  # type: ignore[arg-type]
    assert two.backend == "processes"


def test_a_different_seed_or_chunk_size_plays_other_hands(reference: sim.SimResult) -> None:
    policies = ["random", "tag", "call", "random"]
    other_seed = sim.run(None, policies=policies, **{**RUN, "seed": 12})  # type: ignore[arg-type]
    other_chunks = sim.run(None, policies=policies, **{**RUN, "chunk_size": 60})  # type: ignore[arg-type]
    assert other_seed != reference
    assert other_chunks != reference


@pytest.mark.parametrize("backend", ["processes", "dask"])
def test_a_worker_killed_mid_run_changes_nothing(backend: str, tmp_path: Path) -> None:
    run = {"players": 3, "hands": 800, "seed": 5, "chunk_size": 40}
    calm = sim.run(None, policies="call", **run)  # type: ignore[arg-type]
    marker = tmp_path / "killed"
    killer = KillOnce(marker, after=400)
    hit = sim.run(None, policies=killer, backend=backend, workers=2, **run)  # type: ignore[arg-type]
    assert marker.exists()  # a worker really died
    assert totals(hit) == totals(calm)
    assert hit.hands == 800


@pytest.mark.parametrize("backend", ["processes", "dask"])
def test_a_policy_error_names_the_hand_and_replays(backend: str) -> None:
    with pytest.raises(PolicyError) as caught:
        sim.run(
            None, players=6, hands=400, policies=fail_on_aces, seed=2, workers=2, chunk_size=40,
            backend=backend,
        )  # fmt: skip
    message = str(caught.value)
    assert "'fail_on_aces'" in message
    assert "ZeroDivisionError: the policy divided by zero" in message
    seed = int(message.split("(seed ")[1].split(",", maxsplit=1)[0])
    button = int(message.split("button ")[1].split(")", maxsplit=1)[0])
    number = int(message.split(" in hand ")[1].split(" ", maxsplit=1)[0])
    assert button == number % 6
    with pytest.raises(PolicyError, match=f"seed {seed}, button {button}"):
        sim.replay(None, seed=seed, button=button, players=6, policies=fail_on_aces)
    hand = sim.replay(None, seed=seed, button=button, players=6, policies="call")
    assert hand.is_over  # the same deal plays to the end with a policy without the bug


def raise_word(view: HandView, legal: LegalActions) -> str:
    return "raise"  # not a decision: a raise is the street total, an int


def raise_too_small(view: HandView, legal: LegalActions) -> int:
    return 1


@pytest.mark.parametrize(
    ("policy", "reason"),
    [
        (raise_word, "PolicyError: 'raise' is not a decision"),
        (raise_too_small, "IllegalActionError"),
    ],
)
def test_a_bad_decision_is_a_policy_error(policy: sim.Policy, reason: str) -> None:
    with pytest.raises(PolicyError, match=f"policy '{policy.__name__}' of seat 0 .*{reason}"):
        sim.run(None, players=2, hands=20, policies=policy, seed=1)


def test_unreachable_scheduler_is_a_clear_error() -> None:
    with pytest.raises(
        SimBackendError, match=r"cannot reach the Dask scheduler at 'tcp://127\.0\.0\.1:9'"
    ):
        sim.run(None, hands=10, scheduler="tcp://127.0.0.1:9", timeout=1.0)


def test_an_existing_cluster_by_address(reference: sim.SimResult) -> None:
    import distributed  # noqa: PLC0415 - the test extra installs it

    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, dashboard_address=None, processes=True
    ) as cluster:
        result = sim.run(
            None,
            policies=["random", "tag", "call", "random"],
            scheduler=cluster.scheduler_address,
            **RUN,  # type: ignore[arg-type]
        )
    assert result == reference
    assert (result.backend, result.workers) == ("dask", 2)


def test_without_dask_the_backend_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes `import distributed` fail
    with pytest.raises(MissingExtraError, match=r"pip install 'pokerforge\[dask\]'"):
        sim.run(None, hands=10, backend="dask", workers=1)
