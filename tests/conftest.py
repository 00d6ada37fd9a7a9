"""Suite-wide checks: which pokerforge the tests import, and the suite's three markers.

The suite runs on every core (pytest-xdist); ``scripts/suite.sh`` runs the tests marked
``serial`` afterwards, alone but for those marked ``workers``, which run beside them at a
low priority. On the Python versions besides the main one the test command runs only what
can differ between versions (``scripts/suite.sh``'s mode ``others``), and never the tests
marked ``slow``; ``nox`` runs everything on every version.

``scripts/test-installed.sh`` runs this suite against the wheel installed in a fresh virtual
environment and sets ``POKERFORGE_EXPECT_INSTALLED=1``; the session then refuses to run
against a source tree, so a passing run proves that the wheel users get works.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

import pokerforge

_LOCATION = Path(pokerforge.__file__).resolve().parent

# No deadline for hypothesis's examples: its default (200 ms an example) is a timing
# assertion, which a test here must not make; the suite shares its cores (scripts/test.sh
# runs other Pythons' tests beside the serial ones at the lowest priority), and an example
# of a starved process fails it for nothing ("DeadlineExceeded").
settings.register_profile("pokerforge", deadline=None)
settings.load_profile("pokerforge")


def pytest_configure(config: pytest.Config) -> None:
    """Registers the markers (the suite runs with ``--strict-markers``); speeds up pokerkit."""
    _cache_pokerkit_hands()
    config.addinivalue_line(
        "markers",
        "serial: cannot share the machine with other tests (worker processes, clusters, "
        "timed waits); run alone after the parallel part",
    )
    config.addinivalue_line(
        "markers",
        "workers: starts worker processes or a Dask cluster of its own, which would take the "
        "parallel part's cores, and times nothing; run after the parallel part, beside the "
        "serial tests at a low priority",
    )
    config.addinivalue_line(
        "markers",
        "slow: long end-to-end or exhaustive checks whose outcome does not depend on the "
        "Python version; run on the main Python in the test command, on every version "
        "under nox",
    )


def _cache_pokerkit_hands() -> None:
    """Puts a cache in front of pokerkit's ``from_game`` (where pokerkit is installed).

    The comparisons with pokerkit spend most of their time in it: pokerkit recomputes every
    player's best hand from the same cards many times in one hand (whether each can still
    win, at each step). ``from_game`` is a function of the cards alone and its hands are
    never changed, so cached answers are pokerkit's own; the comparisons run 2.4 times as
    fast.
    """
    try:
        import pokerkit  # noqa: PLC0415
    except ImportError:
        return
    for value in vars(pokerkit.hands).values():
        if isinstance(value, type) and "from_game" in vars(value):
            original = vars(value)["from_game"].__func__
            cached = functools.lru_cache(maxsize=1 << 16)(original)

            def from_game(
                cls: type, hole_cards: Any, board_cards: Any = (), *, _cached: Any = cached
            ) -> Any:
                clean = pokerkit.Card.clean
                return _cached(cls, tuple(clean(hole_cards)), tuple(clean(board_cards)))

            value.from_game = classmethod(from_game)  # type: ignore[attr-defined]


def pytest_report_header() -> str:
    """Names the pokerforge under test in pytest's header."""
    return f"pokerforge {pokerforge.__version__} from {_LOCATION}"


def pytest_sessionstart(session: pytest.Session) -> None:
    """Stops at once when an installed-wheel run would import the source tree instead."""
    if os.environ.get("POKERFORGE_EXPECT_INSTALLED") == "1" and (
        "site-packages" not in _LOCATION.parts
    ):
        raise pytest.UsageError(
            f"expected the installed pokerforge, but {_LOCATION} is not in site-packages"
        )


# What no refusal of the command may say to its user: a request's field (players[0],
# stacks[1]) or a Python setting (method = "exact", by_hand = true, None). Every refusal any
# test makes the command print goes through this check (the command's words are
# pokerforge.command_words'; tests/test_command_refusals.py lists one per command).
_PYTHON_WORDS = re.compile(
    r"\w+\[\d+\]|\bmethod = |\b\w+ = (?:true|false|None)\b|\bNone\b|\bTrue\b|\bFalse\b|Decimal\("
)


@pytest.fixture(autouse=True)
def _refusals_in_the_commands_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """Checks every refusal the command prints during a test (see :data:`_PYTHON_WORDS`)."""
    from pokerforge import cli  # noqa: PLC0415 - the command, once the test runs

    words = cli.in_command_words

    def checked(message: str, args: Any) -> str:
        said = words(message, args)
        found = _PYTHON_WORDS.search(said)
        assert found is None, f"the command's refusal {said!r} says {found.group()!r}"
        return said

    monkeypatch.setattr(cli, "in_command_words", checked)
