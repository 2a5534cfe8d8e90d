"""Typed errors. Everything a user can cause is a ``CardcliError``.

Command errors subclass ``ValueError`` as well, as the parser and rules raise
them for bad text: ``InvalidCommand`` (syntax), ``IllegalCommand`` (against the
rules now) and ``AmbiguousCommand`` (could mean more than one thing). Their
messages say what the player can do instead.
"""

from __future__ import annotations


class CardcliError(Exception):
    """Any error caused by input; the CLI prints it on one line, no traceback."""

    exit_code = 1


class UsageError(CardcliError):
    """Bad options or arguments: exit code 2."""

    exit_code = 2


class CommandError(CardcliError, ValueError):
    """A command that was not applied; the state is unchanged."""


class InvalidCommand(CommandError):
    """The text is not a command of this game (syntax)."""


class IllegalCommand(CommandError):
    """A well-formed command that the rules do not allow now."""


class AmbiguousCommand(CommandError):
    """A command that could mean more than one thing."""


class LogError(CardcliError):
    """A log that cannot be read or does not validate."""
