"""The largest questions asked under an address-space limit: each must be refused by name
before any large allocation (one once asked for 26 GB and aborted the interpreter)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# Room for the interpreter, NumPy and the extension with its threads, not for any of the
# questions' work at full size.
LIMIT = 1_500_000_000

SCRIPT = textwrap.dedent(
    """
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (BYTES, BYTES))
    from pokerforge import equity
    from pokerforge.errors import PokerError
    from pokerforge.icm import bubble_factors, icm, push_fold

    stud = ["random", "9s9cAs4s9dQsTc", "9hTh6c4c2h7c"]
    questions = [
        ("stud", lambda: equity(stud, game="stud", method="exact")),
        ("stud-hilo", lambda: equity(stud, game="stud-hilo", method="exact")),
        ("razz", lambda: equity(stud, game="razz", method="exact")),
        ("stud 8 random", lambda: equity(["random"] * 8, game="stud", method="exact")),
        ("holdem", lambda: equity(["random", "random"], dead="2c", method="exact")),
        ("holdem 10", lambda: equity(["random"] * 10, method="exact")),
        ("short-deck", lambda: equity(["random"] * 3, game="short-deck", method="exact")),
        ("omaha", lambda: equity(["AhKhQdJd", "random"], game="omaha", method="exact")),
        (
            "five-card-draw",
            lambda: equity(
                ["2c3c4c5c7d", "8h9hThJhKs", "2d3d4d5d7h"],
                game="five-card-draw",
                draws=[5, 5, 5],
                method="exact",
            ),
        ),
        ("badugi", lambda: equity(["random"] * 10, game="badugi", method="exact")),
        ("icm", lambda: icm([1] * 40, [1], method="exact")),
        ("bubble", lambda: bubble_factors([1] * 23, [1])),
        ("push/fold", lambda: push_fold([10, 10], (0.5, 1), payouts=[1e308, 1e308])),
        ("samples", lambda: equity(["AhKh", "random"], samples=10**18, time_limit=0.05)),
    ]
    for name, ask in questions:
        try:
            ask()
        except PokerError as err:
            print(f"{name}: {type(err).__name__}: {err}")
        else:
            print(f"{name}: answered")
    """
).replace("BYTES", str(LIMIT))


def test_the_largest_questions_are_refused_by_name_under_a_memory_limit() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = dict(line.split(": ", 1) for line in done.stdout.splitlines())
    for name in ("stud", "stud-hilo", "razz", "stud 8 random", "holdem", "holdem 10"):
        assert lines[name].startswith("TooManyDealsError: "), (name, lines[name])
    assert lines["short-deck"].startswith("TooManyDealsError: ")
    assert lines["five-card-draw"].startswith("TooManyDealsError: ")
    assert lines["omaha"].startswith("InvalidSpecError: ")
    assert lines["badugi"].startswith("InvalidSpecError: ")
    assert lines["icm"].startswith("InvalidSpecError: ")
    assert lines["bubble"].startswith("InvalidSpecError: ")
    assert lines["push/fold"].startswith("InvalidPayoutError: ")
    # Monte Carlo under a time limit answers with what it counted.
    assert lines["samples"] == "answered"
