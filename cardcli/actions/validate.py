"""``cardcli validate``: accept only what the engine can write.

Every line is checked on its own (JSON, its schema, whole numbers written as
integers, seq consecutive, seats and results against the header), and the log
as a whole is played again from its header: the first line that is not
byte for byte what the engine writes there is a problem too. A log cut at a
line boundary, as a killed run leaves it, is valid and unfinished ('cardcli
resume' completes it). One missing line is reported once, and the lines after
it are checked against the shifted numbering.
"""

from __future__ import annotations

import sys
from contextlib import ExitStack
from typing import Any

from cardcli.actions.logfile import NotALog, check_first, not_a_log
from cardcli.engine.errors import CardcliError, LogError, UsageError
from cardcli.engine.game import get_game
from cardcli.engine.log import Line, decode_line, iter_raw_lines
from cardcli.engine.replay import Replay
from cardcli.files import open_input
from cardcli.output import echo, note
from cardcli.printable import one_line
from cardcli.words import counted

MAX_PROBLEMS = 50


class _LogCheck:
    """The checks of one log, fed a line at a time."""

    def __init__(self, name: str) -> None:
        self.name = one_line(name)
        self.raw_name = name
        self.problems: list[str] = []
        self.count = 0
        self.offset = 0  # seq minus (line number - 1), moved by a gap
        self.seq_break: tuple[int, int, int, int] | None = None
        self.validator: Any = None
        self.replay: Replay | None = None
        self.over_at: int | None = None
        self.seats: set[str] = set()
        self.notes: list[str] = []  # what the replay noted (a log of another version)

    def problem(self, number: int | None, text: str) -> None:
        where = f"{self.name}:{number}" if number is not None else self.name
        self.problems.append(f"{where}: {text}")

    def matched(self, number: int, data: bytes) -> bool:
        """Is this line byte for byte the one the engine has waiting? Then it is taken.

        Such a line passes every check of ``line`` (its seq is its place, it
        is no second header and comes before any game_over), so it need not
        even be decoded; only a game_over is noted.
        """
        if self.replay is None or number == 1 or self.offset or self.seq_break is not None:
            return False
        expected = self.replay.feed_bytes(data)
        if expected is None:
            return False
        if expected.get("type") == "game_over" and self.over_at is None:
            self.over_at = number
        return True

    def line(self, number: int, data: bytes, line: Line) -> None:
        seq = line.get("seq")
        if self.seq_break is not None or type(seq) is not int or seq != number - 1 + self.offset:
            self._seq(number, seq)  # (a line in its place, the common case, has nothing to say)
        if number == 1:
            self._header(line)
        elif line.get("type") == "game_started":
            self.problem(number, "game_started may only be the first line")
        if number > 1 and self.over_at is not None:
            self.problem(number, f"a line after game_over (line {self.over_at})")
        if line.get("type") == "game_over" and self.over_at is None:
            self.over_at = number
        divergence = None
        if self.replay is not None:
            divergence = self.replay.feed(line, data)
            if divergence is None:
                # Byte for byte what the engine writes: valid by construction (the
                # conformance test holds the engine to its schemas), so no more checks.
                return
            self.replay = None  # one divergence says it: the rest cannot be compared
        if self.validator is not None:
            for message in self.validator.errors(line):
                self.problem(number, message)
            for message in _against_header(line, self.seats):
                self.problem(number, message)
        claimed = line.get("seq")
        jump = type(claimed) is int and divergence is not None and claimed > divergence.seq
        if divergence is not None and not jump:  # a jump in seq: the seq check says it once
            self.problem(
                number,
                f"not what the engine writes at seq {divergence.seq}: {divergence.reason()}",
            )

    def _seq(self, number: int, seq: Any) -> None:
        """Check seq against the numbering so far; one gap is one problem.

        A seq that breaks the numbering is judged by the line after it: if that
        line goes on from it, lines are missing (or repeated) and the check
        goes on with the new numbering; if not, the one seq is wrong.
        """
        if self.seq_break is not None:
            at, claimed, expected, offset = self.seq_break
            self.seq_break = None
            if type(seq) is int and seq == number - 1 + offset:
                self.offset = offset
                gap = claimed - expected
                if gap > 0:
                    lines = "one line" if gap == 1 else f"{gap} lines"
                    self.problem(at, f"seq {claimed} follows {expected - 1}: {lines} missing")
                else:
                    self.problem(
                        at,
                        f"seq {claimed} where {expected} comes next: a line repeated or out of order",
                    )
            else:
                self.problem(at, f"seq is {claimed!r}, expected {expected}")
        expected = number - 1 + self.offset
        if type(seq) is not int:
            self.problem(number, f"seq is {seq!r}, expected the whole number {expected}")
        elif seq != expected:
            self.seq_break = (number, seq, expected, seq - (number - 1))

    def _header(self, line: Line) -> None:
        from cardcli.engine.schema import line_validator

        check_first(line, self.raw_name)
        if not isinstance(line.get("game"), str):
            self.problem(1, "the game_started header must name its game")
            return
        try:
            self.validator = line_validator(get_game(line["game"]).name)
        except CardcliError as err:
            self.problem(1, one_line(str(err)))
            return
        if isinstance(line.get("seats"), dict):
            self.seats = set(line["seats"])
        try:
            self.replay = Replay(line, self.raw_name)
            self.replay.notes = self.notes
        except LogError as err:
            text = str(err)
            prefix = f"{self.name}:1: "
            self.problem(1, text[len(prefix) :] if text.startswith(prefix) else text)

    def finish(self) -> None:
        if self.seq_break is not None:
            at, claimed, expected, _ = self.seq_break
            self.problem(at, f"seq is {claimed!r}, expected {expected}")
        if self.count == 0:
            raise NotALog(f"{self.name}: empty: not a cardcli log")


def _against_header(line: Line, seats: set[str]) -> list[str]:
    """What in a line contradicts the header's seats (the schema cannot know them)."""
    problems = []
    player = line.get("player")
    if isinstance(player, str) and seats and player not in seats:
        problems.append(
            f"player {one_line(player)} is not a seat of this game ({', '.join(sorted(seats))})"
        )
    result = line.get("result") if line.get("type") == "game_over" else None
    if isinstance(result, dict) and seats:
        scores = result.get("scores")
        if isinstance(scores, dict) and set(scores) != seats:
            problems.append(f"result scores name {sorted(scores)}, the seats are {sorted(seats)}")
        winners = result.get("winners")
        if isinstance(winners, list) and not set(map(str, winners)) <= seats:
            problems.append(f"result winners {winners} are not all seats of this game")
    return problems


def check_log(name: str, notes: list[str] | None = None) -> tuple[list[str], int, bool]:
    """(problems, lines, finished) of one log; ``notes`` gets what the replay noted."""
    check = _LogCheck(name)
    if notes is not None:
        check.notes = notes
    with ExitStack() as stack:
        stream = open_input(name, "")
        if stream is not sys.stdin.buffer:
            stack.enter_context(stream)
        try:
            for raw in iter_raw_lines(stream, name):
                check.count = raw.number
                if len(check.problems) >= MAX_PROBLEMS:
                    check.problems.append(f"{check.name}: stopped after {MAX_PROBLEMS} problems")
                    break
                if not raw.ended and raw.number == 1:
                    raise NotALog(
                        f"{check.name}:1: cut off inside its first line: not a cardcli log"
                    )
                if not raw.ended:
                    check.problem(raw.number, "the last line is cut off (no newline at its end)")
                    break
                if check.matched(raw.number, raw.data):
                    continue
                body = raw.body
                if not body.strip():
                    if raw.number == 1:
                        raise NotALog(f"{check.name}:1: an empty first line: not a cardcli log")
                    check.problem(raw.number, "empty line in a log")
                    check.replay = None
                    continue
                try:
                    line = decode_line(body, name, raw.number)
                except LogError as err:
                    if raw.number == 1:
                        raise not_a_log(err) from None
                    check.problems.append(str(err))
                    check.replay = None
                    continue
                check.line(raw.number, raw.data, line)
                if raw.number == 1 and check.validator is None:
                    break
        except NotALog:
            raise
        except LogError as err:  # a line too long to be ours
            if check.count == 0:
                raise not_a_log(err) from None
            check.problems.append(str(err))
    check.finish()
    return check.problems[: MAX_PROBLEMS + 1], check.count, check.over_at is not None


def validate(logs: tuple[str, ...]) -> int:
    """Each log in turn; exit 2 if a file is no log at all, else 1 if one is invalid."""
    failed = unusable = False
    for name in logs:
        notes: list[str] = []
        try:
            problems, count, finished = check_log(name, notes)
        except (NotALog, UsageError) as err:  # this file cannot be read: on to the next
            note(f"cardcli: error: {one_line(str(err))}")
            unusable = True
            continue
        for problem in problems:
            echo(problem)
        if problems:
            failed = True
        else:
            status = "finished" if finished else "unfinished"
            echo(f"{one_line(name)}: valid ({counted(count, 'line')}, {status} game)")
            for text in notes:  # e.g. written by another version, with reworded rejections
                note(text)
    return 2 if unusable else 1 if failed else 0
