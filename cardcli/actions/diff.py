"""``cardcli diff``: where two logs first differ, byte for byte, explained in fields.

Two logs are the same only when their bytes are: ``7.0`` is not ``7``, ``true``
is not ``1``, a CRLF line end is not an LF one. Both files are read line by
line together, so memory stays flat whatever their length.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Iterator
from contextlib import ExitStack
from itertools import zip_longest

from cardcli import terminal
from cardcli.actions.logfile import NotALog, check_first, not_a_log
from cardcli.engine.errors import CardcliError, LogError, UsageError
from cardcli.engine.game import get_game
from cardcli.engine.log import Line, RawLine, decode_line, encode, iter_raw_lines
from cardcli.engine.replay import fields_that_differ
from cardcli.files import STDIN, open_input
from cardcli.jsonsafe import same
from cardcli.output import echo
from cardcli.printable import one_line
from cardcli.words import counted

SHOWN_COMMANDS = 10


def _parsed(raw: RawLine | None, name: str) -> Line | None:
    if raw is None:
        return None
    try:
        return decode_line(raw.body.rstrip(b"\r"), name, raw.number)
    except LogError:
        return None


def _shown(raw: RawLine | None, line: Line | None) -> str:
    if raw is None:
        return "(the log ends here)"
    if line is not None:
        return encode(line)
    return one_line(raw.body.decode("utf-8", "backslashreplace")[:200])


def _how(
    left: RawLine, right: RawLine, a: Line | None, b: Line | None, names: tuple[str, str]
) -> str:
    """Why two different lines differ, in terms of fields."""
    if a is None or b is None:
        return "one of them is not a JSON log line"
    if same(a, b):
        if left.body.endswith(b"\r") != right.body.endswith(b"\r"):
            return "the same values; one line ends with CRLF, the other with LF"
        if not left.ended or not right.ended:
            return "the same values; one line has no newline at its end"
        return "the same values written differently (numbers, escapes, spacing or key order)"
    labels = (f"in {one_line(names[0])}", f"in {one_line(names[1])}")
    return fields_that_differ(a, b, labels=labels)


def _last(lines: Iterator[RawLine], first: RawLine | None) -> RawLine | None:
    last = first
    for raw in lines:
        last = raw
    return last


def diff(a: str, b: str) -> int:
    if a == STDIN and b == STDIN:
        raise UsageError("diff: only one of the two logs can be '-' (stdin)")
    with ExitStack() as stack:
        streams = []
        for name in (a, b):
            stream = open_input(name, "")
            if stream is not sys.stdin.buffer:
                stack.enter_context(stream)
            streams.append(iter_raw_lines(stream, name))
        led: deque[Line] = deque(maxlen=SHOWN_COMMANDS)
        commands = 0
        same_lines = 0
        games: list[str | None] = [None, None]
        last: list[RawLine | None] = [None, None]  # each file's line before this one
        pairs = zip_longest(*streams)
        while True:
            try:
                left, right = next(pairs)
            except StopIteration:
                break
            except LogError as err:  # a line too long to be ours
                if same_lines == 0:  # in the first lines: the file is no log (exit 2)
                    raise not_a_log(err) from None
                raise
            if same_lines == 0:
                _require_log(left, a)
                _require_log(right, b)
                games = [_game_in(left, a), _game_in(right, b)]
            if left is not None and right is not None and left.data == right.data:
                # The same bytes: still, both must be logs, line by line.
                if not left.ended:
                    raise LogError(
                        f"{one_line(a)}:{left.number}: the last line is cut off (no newline at its end)"
                    )
                line = decode_line(left.body, a, left.number)
                same_lines += 1
                if line.get("type") in ("command", "rejected"):
                    led.append(line)
                    commands += 1
                last = [left, right]
                continue
            _report(a, b, left, right, led, commands)
            # A file that has ended ended with the line before (a finished game's game_over).
            ends = (_last(streams[0], left or last[0]), _last(streams[1], right or last[1]))
            echo(f"result {one_line(a)}: {_result_of(ends[0], a, games[0])}")
            echo(f"result {one_line(b)}: {_result_of(ends[1], b, games[1])}")
            return 1
    if same_lines == 0:  # two empty files: neither is a log (the loop saw no line)
        raise NotALog(f"{one_line(a)}: empty: not a cardcli log")
    echo(f"identical: {counted(same_lines, 'line')}")
    return 0


def _require_log(first: RawLine | None, name: str) -> None:
    """Both files must be logs: their first line a whole game_started header."""
    if first is None:
        raise NotALog(f"{one_line(name)}: empty: not a cardcli log")
    if not first.ended:
        raise NotALog(f"{one_line(name)}:1: cut off inside its first line: not a cardcli log")
    try:
        line = decode_line(first.body.rstrip(b"\r"), name, 1)
    except LogError as err:
        raise not_a_log(err) from None
    check_first(line, name)


def _report(
    a: str, b: str, left: RawLine | None, right: RawLine | None, led: deque[Line], commands: int
) -> None:
    number = (left or right).number if (left or right) is not None else 0  # type: ignore[union-attr]
    la, lb = _parsed(left, a), _parsed(right, b)
    echo(f"first divergence at seq {number - 1} (line {number})")
    echo(f"  {one_line(a)}: {_shown(left, la)}")
    echo(f"  {one_line(b)}: {_shown(right, lb)}")
    if left is not None and right is not None:
        echo(f"differs in: {_how(left, right, la, lb, (a, b))}")
    if led:
        echo("commands that led there (the same in both):")
        if commands > len(led):
            echo(f"  ... {commands - len(led)} earlier")
        for line in led:
            mark = "" if line["type"] == "command" else "  (rejected)"
            player = f"{line['player']} " if "player" in line else ""
            echo(f"  [{line.get('seq')}] {player}{line.get('text')}{mark}")


def _result_of(last: RawLine | None, name: str, game_name: str | None) -> str:
    line = _parsed(last, name)
    if line is None or line.get("type") != "game_over" or not isinstance(line.get("result"), dict):
        return "unfinished"
    try:
        return terminal.result_text(get_game(game_name) if game_name else None, line["result"])
    except (CardcliError, KeyError, TypeError, AttributeError, ValueError):
        return encode(line["result"])


def _game_in(first: RawLine | None, name: str) -> str | None:
    """The game a log's first line names, if it does."""
    line = _parsed(first, name)
    game = line.get("game") if line is not None else None
    return game if isinstance(game, str) else None
