"""Printing for the CLI commands: everything from outside is escaped first."""

from __future__ import annotations

import sys

from cardcli.printable import printable


def echo(text: str) -> None:
    """A line on stdout, control characters escaped."""
    print(printable(text), flush=True)


def note(text: str) -> None:
    """A line on stderr, control characters escaped."""
    print(printable(text), file=sys.stderr, flush=True)
