"""The ``cardcli`` command: its groups and commands, and the console script.

Only click is imported at start-up; games, YAML and jsonschema load on demand.
"""

from __future__ import annotations

import contextlib
import sys
from importlib import import_module

import click

from cardcli import __version__
from cardcli.cli.games import games, play, rules, simulate
from cardcli.printable import one_line
from cardcli.streams import guard_standard_streams, silence_stdout

# The commands on logs and decks, by name: their modules are read when one of them is
# asked for (or the help lists them all), so that a game's start reads neither.
LATER = {
    "replay": "cardcli.cli.logs",
    "diff": "cardcli.cli.logs",
    "validate": "cardcli.cli.logs",
    "resume": "cardcli.cli.logs",
    "deck": "cardcli.cli.decks",
    "cards": "cardcli.cli.decks",
}


class Root(click.Group):
    """The ``cardcli`` group: the game commands at once, the others when asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *LATER})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in LATER:
            self.add_command(getattr(import_module(LATER[cmd_name]), cmd_name))
        return self.commands.get(cmd_name)


@click.group(cls=Root, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardcli")
def cli() -> None:
    """A scriptable, deterministic engine for card games, with JSON-lines logs."""


def main() -> None:
    """The console script: click's errors become one line and exit code 2."""
    guard_standard_streams()
    # Any stdout: a terminal that is not UTF-8 gets escapes, never a traceback.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        code = cli.main(standalone_mode=False)
    except click.UsageError as err:
        if type(err).__name__ == "NoArgsIsHelpError":  # plain "cardcli": show the help
            click.echo(err.format_message(), err=True)
            sys.exit(2)
        where = f" (see '{err.ctx.command_path} --help')" if err.ctx is not None else ""
        click.echo(f"cardcli: error: {one_line(err.format_message())}{where}", err=True)
        sys.exit(2)
    except click.ClickException as err:
        click.echo(f"cardcli: error: {one_line(err.format_message())}", err=True)
        sys.exit(err.exit_code)
    except click.Abort:
        click.echo("cardcli: aborted", err=True)
        sys.exit(130)
    except BrokenPipeError:  # the reader of stdout stopped reading (| head): nothing to say
        silence_stdout()
        sys.exit(0)
    except OSError as err:  # the machine, not the input: a full disk, a closed stream
        _machine_error(err)
    try:
        sys.stdout.flush()  # what click held back: a full disk shows only here
    except BrokenPipeError:
        silence_stdout()
    except OSError as err:
        _machine_error(err)
    sys.exit(code if isinstance(code, int) else 0)


def _machine_error(err: OSError) -> None:
    silence_stdout()  # so that the exit's own flush of stdout cannot fail again
    with contextlib.suppress(OSError):  # stderr may fail too: the exit code is all there is
        click.echo(f"cardcli: error: cannot read or write: {err.strerror or err}", err=True)
    sys.exit(1)


for command in (games, rules, play, simulate):
    cli.add_command(command)
