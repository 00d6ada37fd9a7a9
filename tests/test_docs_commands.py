"""Every `pokerforge` command shown in the README and docs/ runs as written.

The commands run in a scratch directory, one after the other as a reader would type them
(a file one command writes, the next reads), with sizes cut down so the suite stays quick:
hands, samples and workers are capped; the rest of each line is as printed. Commands that
need something outside the test (a Dask scheduler's address, a server that runs until
stopped) are parsed with the command's own parser, so a renamed option fails here too.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerforge.cli import _parser, main

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
# Option -> the most a test run asks for.
CAPS = {"--hands": 300, "--samples": 20_000, "--workers": 2}

pytestmark = pytest.mark.slow  # a few dozen commands, worker processes among them


def _commands() -> Iterator[tuple[str, list[str]]]:
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"```(?:sh|bash|shell)\n(.*?)```", text, re.S):
            for line in block.splitlines():
                if line.startswith("pokerforge "):
                    yield f"{page.name}: {line.split('#')[0].strip()}", shlex.split(line, True)


def _capped(words: list[str]) -> list[str]:
    out = list(words)
    for i, word in enumerate(out[:-1]):
        if word in CAPS:
            out[i + 1] = str(min(int(out[i + 1]), CAPS[word]))
    return out


def test_every_shown_command_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tests").symlink_to(ROOT / "tests")  # the data the examples read
    ran = parsed = 0
    for shown, words in _commands():
        args = _capped(words[1:])
        if "--scheduler" in args or args[0] == "serve":
            _parser().parse_args(args)  # needs a cluster or runs until stopped
            parsed += 1
            continue
        code = main(args)
        output = capsys.readouterr()
        assert code == 0, f"{shown}\n{output.err}"
        ran += 1
    assert ran >= 20 and parsed >= 3, (ran, parsed)
