"""Printing for the CLI commands: everything from outside is escaped first."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from cardcli.printable import printable

_held: list[str] | None = None  # notes kept back by notes_held, printed at its end


def echo(text: str) -> None:
    """A line on stdout, control characters escaped."""
    print(printable(text), flush=True)


def note(text: str) -> None:
    """A line on stderr, control characters escaped."""
    if _held is not None:
        _held.append(text)
        return
    print(printable(text), file=sys.stderr, flush=True)


@contextmanager
def notes_held(show: bool = True) -> Iterator[None]:
    """Notes written inside are printed when it ends (not at all unless ``show``).

    They are dropped when it ends in an error: a deck's warning is no news
    beside the option error that stops the command.
    """
    global _held
    outer, _held = _held, []
    try:
        yield
        held = _held
    finally:
        _held = outer
    if show:
        for text in held:
            note(text)
