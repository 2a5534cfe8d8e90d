"""``resume`` of a real-time game in one pass: the catch-up is the check.

A real-time game's bots keep their own clock, which only the play loop knows,
so a resumed game is played again through the loop (``CatchUp``). Verifying
the log first with a ``Replay`` and then playing it again costs two passes;
here the catch-up itself compares every line the engine writes with the
log's bytes as it goes, and a bot's line is the log's own where the log has
one (a bot asked at a time when the log has no line of it waited). This is
what ``replay`` checks of a real-time log (it plays bots' lines as written),
and nothing is written or shown until every whole line has matched.

Anything unusual (a line that differs, a finished game, a cut-off last line
that is not the start of the next line, a game that cannot go on) hands the
log to the two-pass path of ``resume.py`` with nothing changed, so the
refusals and their messages are exactly the ones it gives.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from json.decoder import scanstring  # type: ignore[attr-defined]
from pathlib import Path
from typing import IO

from cardcli import terminal
from cardcli.actions.play import StdoutLog
from cardcli.engine.errors import CardcliError
from cardcli.engine.game import get_game
from cardcli.engine.guarded import GuardedLogWriter, check_unchanged
from cardcli.engine.log import MAX_LOG_LINE, Line, decode_line, encode_bytes
from cardcli.engine.loop import CatchUp
from cardcli.engine.replay import INPUT_TYPES, session_from_header
from cardcli.engine.session import Session
from cardcli.output import echo, note
from cardcli.printable import one_line

CHUNK = 1 << 16  # bytes read at a time: memory stays that of a small log
NEWLINE = ord("\n")


class Unusual(Exception):
    """The one-pass path cannot say this log is fine: the two-pass path decides."""


def whole_lines(handle: IO[bytes]) -> tuple[int, int]:
    """(the number of whole lines, their bytes): everything up to the last newline."""
    handle.seek(0)
    count = whole = total = 0
    while chunk := handle.read(CHUNK):
        newlines = chunk.count(b"\n")
        if newlines:
            count += newlines
            whole = total + chunk.rindex(b"\n") + 1
        total += len(chunk)
    return count, whole


def last_line(handle: IO[bytes], whole: int) -> bytes:
    """The last whole line (its newline included), read from the end."""
    start = max(0, whole - MAX_LOG_LINE - 2)
    handle.seek(start)
    tail = handle.read(whole - start)
    return tail[tail.rfind(b"\n", 0, len(tail) - 1) + 1 :]


# A command or rejection as the engine writes it, with no "bot": in it (not a bot's);
# found by its literal start (much faster than a ^ anchor), kept where a line starts.
_INPUT_LINE = re.compile(rb'\{"seq":\d+,"type":"(?:command|rejected)",(?![^\n]*"bot":)[^\n]*')


def people_lines(stream: IO[bytes], count: int) -> Iterator[str]:
    """The texts people gave in the first ``count`` lines (as ``resume._people_lines``).

    The engine writes a command or rejection as ``{"seq":N,"type":"command",...``:
    only such lines with no ``"bot":`` in them are found (by a pattern over
    large blocks) and decoded; any other line that differs fails the byte
    check of every line.
    """
    with stream:
        before = 0  # lines before the block
        carry = b""
        while chunk := stream.read(CHUNK):
            block = carry + chunk
            end = block.rfind(b"\n") + 1
            block, carry = block[:end], block[end:]
            at = 0  # where the line count of the block has got to
            for found in _INPUT_LINE.finditer(block):
                start = found.start()
                if start and block[start - 1] != NEWLINE:
                    continue  # inside a line: not the engine's
                before += block.count(b"\n", at, start)
                at = start
                if before >= count:
                    return
                data = found.group()  # no '"bot":' in it: a bot's line is not looked at
                try:
                    line = decode_line(data, "log", before + 1)
                except CardcliError:
                    continue  # not the engine's bytes: the comparison says so
                if line.get("type") in INPUT_TYPES and "bot" not in line:
                    text = str(line.get("text", ""))
                    length = line.get("length")
                    yield text.ljust(length) if type(length) is int else text
            before += block.count(b"\n", at)


class Verifier(CatchUp):
    """The catch-up of a resumed real-time game that checks every line it writes again.

    ``sink`` compares the engine's lines with the log's first ``count`` lines
    and keeps the lines beyond them; when the game has caught up, ``ready``
    is called with the lines the log's last input wrote beyond them (the
    checks after verifying, the log cut to its whole lines),
    the kept lines are written and the rest go to ``writers``.
    """

    def __init__(
        self,
        log: str,
        count: int,
        header: Line,
        writers: list[Callable[[Line], None]],
        ready: Callable[[list[Line], Session], None],
    ) -> None:
        self.log = log
        self._stream = open_log(log)
        self._ahead: bytes | None = None
        self._header_engine = header.get("engine")
        self._writers = writers
        self._kept: list[Line] = []
        self._pending: int | None = None  # how many kept lines the log's last input wrote
        self._ready = ready
        self.verified = False
        super().__init__(people_lines(open_log(log), count), count)

    def _line_at(self, seq: int) -> bytes:
        """The log's line at ``seq`` (the next one not yet compared)."""
        if self._ahead is None:
            self._ahead = self._stream.readline(MAX_LOG_LINE + 2)
        return self._ahead

    def sink(self, line: Line) -> None:
        if self.verified:
            for writer in self._writers:
                writer(line)
            return
        seq = line["seq"]
        until = self.until
        if seq >= until:
            if line["type"] == "game_over":
                raise Unusual("the game ends where the log does")
            self._kept.append(line)
            return
        data = self._ahead
        if data is None:
            data = self._stream.readline(MAX_LOG_LINE + 2)
        self._ahead = None
        if seq == 0:
            line = {**line, "engine": self._header_engine}  # another version may have written it
        if encode_bytes(line) != data or line["type"] == "game_over":
            raise Unusual(f"seq {seq} differs or ends the game")
        if seq == until - 1:
            self._stream.close()

    def bot_command(self, session: Session, seat: str, now: int) -> str | None:
        """The bot's line of the log at this seq and time, or None: it waited then."""
        seq = session.seq
        if seq >= self.until:  # past the log (a step's bots): the bot decides, as live
            if self._pending is None:
                self._pending = len(self._kept)
            return session.bot_command(seat, now=now)
        data = self._ahead
        if data is None:
            data = self._ahead = self._stream.readline(MAX_LOG_LINE + 2)
        # The engine writes a bot's line as {"seq":S,"type":"command","text":"@NOW SEAT ...
        # (or "rejected"): the log has the bot's line here if it starts so.
        start = f'{{"seq":{seq},"type":"command","text":"@{now} {seat} '.encode()
        if not data.startswith(start):
            if b'"type":"rejected"' not in data:
                return None
            start = f'{{"seq":{seq},"type":"rejected","text":"@{now} {seat} '.encode()
            if not data.startswith(start):
                return None
        try:  # the text from its "@": the bytes before it are ASCII, a byte a character
            text: str = scanstring(data.decode("utf-8"), start.index(b'"text":"') + 8)[0]
        except ValueError:  # not the engine's bytes: the comparison refuses them
            return None
        return text

    def close(self) -> None:
        self._stream.close()
        self._lines.close()  # type: ignore[attr-defined]

    def done(self, session: Session) -> bool:
        caught_up = super().done(session)
        if caught_up and not self.verified:
            self._ready(self._kept[: self._pending], session)
            self.verified = True
            kept, self._kept = self._kept, []
            for line in kept:
                for writer in self._writers:
                    writer(line)
        return caught_up


def open_log(log: str) -> IO[bytes]:
    from cardcli.files import open_input

    return open_input(log, "")


def header_line(handle: IO[bytes], log: str) -> Line:
    handle.seek(0)
    return decode_line(handle.readline(MAX_LOG_LINE + 2).rstrip(b"\n"), log, 1)


def resume_timed(
    handle: IO[bytes],
    log: str,
    scripts: tuple[str, ...],
    plain: bool,
    drive: Callable[..., int],
    cut_off: Callable[[bytes, list[Line], bool, int], bool],
) -> int | None:
    """Resume a real-time game in one pass; None if the two-pass path must decide.

    Nothing is written, truncated or shown before every whole line matched.
    """
    try:
        header = header_line(handle, log)
        if header.get("type") != "game_started" or not get_game(str(header.get("game"))).timed:
            return None
        count, whole = whole_lines(handle)
        if count < 1 or b'"type":"game_over"' in last_line(handle, whole):
            return None  # a finished game: replayed once by the two-pass path
        size = os.fstat(handle.fileno()).st_size
    except (CardcliError, OSError, ValueError):
        return None
    watching = terminal.stdout_is_terminal()
    writers: list[Callable[[Line], None]] = [GuardedLogWriter(handle, log, whole)]
    if not watching and sys.stdout is not None:
        writers.append(StdoutLog(alone=False))  # a copy: the file is the log

    def ready(kept: list[Line], session: Session) -> None:
        """Caught up: every whole line matched. Check the cut-off end, then cut."""
        if size > whole:
            handle.seek(whole)
            fragment = handle.read(MAX_FRAGMENT + 1)
            if not cut_off(fragment, kept, session.over, count):
                raise Unusual("the last line is not cut off mid-write")
            note(
                f"{one_line(log)}: the last line was cut off mid-write; resuming after line {count}, the last whole one"
            )
        check_unchanged(handle, log, whole)  # another program may have cut it meanwhile
        handle.seek(whole)
        handle.truncate()
        if watching:
            echo(f"resuming {session.game.name}, seed {session.seed}, at seq {count}")
            echo(terminal.board(session))

    verifier = Verifier(log, count, header, writers, ready)
    try:
        session = session_from_header(header, log, [verifier.sink])
        if session.over:
            return None
        return drive(
            session,
            scripts,
            False,
            watching,
            False,
            echo if watching else note,
            Path(log),
            verifier,
            plain,
        )
    except Exception:
        if verifier.verified:
            raise
        return None  # nothing written: the two-pass path says what is wrong
    finally:
        verifier.close()


MAX_FRAGMENT = 1 << 20
