"""The log commands: replay, diff, validate, resume."""

from __future__ import annotations

import click

from cardcli.cli.complete import complete_files
from cardcli.cli.params import WholeNumber
from cardcli.cli.run import call


@click.command()
@click.argument("log", shell_complete=complete_files)
@click.option(
    "--show",
    is_flag=True,
    help="draw the starting board, then each command with its events and the board",
)
@click.option(
    "--seat",
    metavar="SEAT",
    help="with --show: draw the board as SEAT sees it [default: the seat that moved]",
)
@click.option("--to", "to", type=WholeNumber(0), metavar="SEQ", help="stop after this seq")
def replay(log: str, show: bool, seat: str | None, to: int | None) -> None:
    """Re-run LOG from its header and commands and compare every line ('-' is stdin).

    Exit 0 if identical; 1 naming the first divergent seq with both versions;
    2 if LOG is no log at all (its first line is not a game_started header).
    """
    from cardcli.actions.replay import replay as run_replay

    call(lambda: run_replay(log, show, to, seat.strip().lower() if seat else None))


@click.command()
@click.argument("a", shell_complete=complete_files)
@click.argument("b", shell_complete=complete_files)
def diff(a: str, b: str) -> None:
    """Show where logs A and B first differ, how they got there, and both results.

    Exit 0 if the logs are the same, 1 if they differ, 2 if one is no log at all.
    """
    from cardcli.actions.diff import diff as run_diff

    call(lambda: run_diff(a, b))


@click.command()
@click.argument("logs", nargs=-1, required=True, shell_complete=complete_files)
def validate(logs: tuple[str, ...]) -> None:
    """Check every line of each LOG against the schemas, the seq order, header and result.

    Prints 'file:line: what is wrong'; exit 0 if all are valid, 1 if one is
    invalid, 2 if one is no log at all (or cannot be opened).
    """
    from cardcli.actions.validate import validate as run_validate

    call(lambda: run_validate(logs))


@click.command()
@click.argument("log", shell_complete=complete_files)
@click.argument("scripts", nargs=-1, metavar="[SCRIPT]...", shell_complete=complete_files)
@click.option(
    "--plain",
    is_flag=True,
    help="at a terminal, play line by line instead of on the live screen",
)
def resume(log: str, scripts: tuple[str, ...], plain: bool) -> None:
    """Continue the unfinished game in LOG, appending to it.

    Commands come from the SCRIPT files, else stdin (a prompt at a terminal).
    A last line cut off mid-write is dropped and the game resumes from the last
    whole line. When stdout is not a terminal it carries the appended lines.
    """
    from cardcli.actions.resume import resume as run_resume

    call(lambda: run_resume(log, scripts, plain))
