"""Whether a file is a cardcli log at all: decided by its first line.

A file whose first line is not a JSON object of type ``game_started`` (a
binary file, text that is not UTF-8, an empty file, any other JSON) is not a
log: unusable input, exit code 2, as for every file of the wrong kind. A file
that starts as a log and then goes wrong is an invalid log: exit code 1.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardcli.engine.errors import LogError
from cardcli.engine.log import Line, LogLine
from cardcli.printable import one_line


class NotALog(LogError):
    """A file that is no cardcli log: exit code 2 (unusable input)."""

    exit_code = 2


def not_a_log(err: LogError) -> NotALog:
    """A reader's error about a first line, as "not a cardcli log" (said once)."""
    text = str(err)
    return NotALog(text if "not a cardcli log" in text else f"{text}: not a cardcli log")


def check_first(line: Line, name: str) -> None:
    """Refuse a first line that is not a ``game_started`` header."""
    if line.get("type") != "game_started":
        raise NotALog(
            f"{one_line(name)}:1: not a cardcli log: its first line must be a game_started "
            "header (logs come from 'cardcli play ... > game.jsonl' or --log)"
        )


def header_of(lines: Iterator[LogLine], name: str) -> LogLine:
    """The first line of a log; ``NotALog`` when there is none or it is no header."""
    try:
        first = next(lines)
    except StopIteration:
        raise NotALog(f"{one_line(name)}: empty: not a cardcli log") from None
    except LogError as err:  # anything wrong with the first line means no log at all
        raise not_a_log(err) from None
    check_first(first.line, name)
    return first
