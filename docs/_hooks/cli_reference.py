"""mkdocs hook: the command-line reference, made from the command's own parser.

A page whose only line is ``<!-- cli-reference -->`` shows every ``pokerforge`` command:
its usage, what it does, and a table of its arguments and options with their defaults, as
``pokerforge.cli``'s parser declares them. Written from the parser at every build, the page
cannot fall behind the command (``tests/test_docs_site.py`` checks that every option is on
it).
"""

from __future__ import annotations

import argparse
from typing import Any

_MARK = "<!-- cli-reference -->"


def _default(action: argparse.Action) -> str:
    """An option's default as the reader would type it ("" when it has none to show)."""
    value = action.default
    if value in (None, argparse.SUPPRESS) or action.option_strings == []:
        return ""
    if isinstance(action, argparse._StoreTrueAction | argparse._StoreFalseAction):
        return "off" if value is False else "on"
    if isinstance(value, list | tuple):
        value = " ".join(map(str, value))
    return f"`{value}`" if value != "" else '`""`'


def _help(action: argparse.Action, parser: argparse.ArgumentParser) -> str:
    """The option's help with argparse's ``%(default)s``-style fields filled in."""
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    text = parser._get_formatter()._expand_help(action)  # argparse fills %(default)s
    choices = f" One of: {', '.join(map(str, action.choices))}." if action.choices else ""
    return (text + choices).replace("|", "\\|").replace("\n", " ")


def _name(action: argparse.Action) -> str:
    if action.option_strings:
        flags = ", ".join(f"`{flag}`" for flag in action.option_strings)
        takes = "" if action.nargs == 0 else f" {action.metavar or action.dest.upper()}"
        return flags + (f" `{takes.strip()}`" if takes else "")
    return f"`{action.metavar or action.dest}`"


def _command(name: str, parser: argparse.ArgumentParser, summary: str) -> list[str]:
    usage = parser.format_usage().removeprefix("usage: ").strip()
    lines = [f"## `pokerforge {name}`", "", summary or "", "", "```text", usage, "```", ""]
    if parser.description:
        lines += [parser.description, ""]
    rows = [a for a in parser._actions if a.help != argparse.SUPPRESS and a.dest != "help"]
    if rows:
        lines += ["| argument or option | default | meaning |", "|---|---|---|"]
        lines += [f"| {_name(a)} | {_default(a)} | {_help(a, parser)} |" for a in rows]
        lines.append("")
    if parser.epilog:
        lines += [parser.epilog, ""]
    return lines


def reference() -> str:
    """The whole reference, in Markdown."""
    from pokerforge.cli import _parser  # noqa: PLC0415 - the package is built by then

    parser = _parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    summaries = {a.dest: a.help or "" for a in sub._choices_actions}
    lines = [
        "Every command of `pokerforge` (also `python -m pokerforge`), its arguments and",
        "options with their defaults, as `pokerforge COMMAND --help` prints them. Exit codes:",
        "0 done, 1 the output could not be written, 2 bad input (the message says which",
        "value and why).",
        "",
    ]
    for name, command in sub.choices.items():
        lines += _command(name, command, summaries.get(name, ""))
    return "\n".join(lines)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Replaces the page's mark with the reference."""
    return markdown.replace(_MARK, reference()) if _MARK in markdown else markdown
