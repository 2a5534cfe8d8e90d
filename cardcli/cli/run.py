"""Running a command's work: input errors become one line and an exit code."""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from cardcli.printable import one_line, shortened

MAX_MESSAGE = 2000  # characters of an error message shown


EXIT_HELP = """\b
Exit codes: 0 ok; 1 what was checked failed (a divergence, an invalid log,
a rejected command under --strict); 2 unusable input (bad options, missing
or special files, a file that is not a log or not a decklist)."""


def fail(message: str, code: int) -> None:
    # One line, whatever the message holds (a file name with a newline, say),
    # and of a readable length whatever the input quoted in it.
    click.echo(f"cardcli: error: {shortened(one_line(message), MAX_MESSAGE)}", err=True)
    sys.exit(code)


def call(action: Callable[[], int]) -> None:
    """Run an app function; turn input errors into one-line messages and exit codes."""
    from cardcli.engine.errors import CardcliError

    try:
        code = action()
    except CardcliError as err:
        fail(str(err), err.exit_code)
    except KeyboardInterrupt:
        click.echo("\ninterrupted; every line so far is in the log", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except OSError as err:  # the machine, not the input: a full disk, a closed stream
        fail(f"cannot read or write: {err.strerror or err}", 1)
    sys.exit(code)
