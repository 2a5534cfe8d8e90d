"""``cardcli resume``: check that a log replays exactly, then go on appending to it.

The log is locked for the whole run, so a second ``resume`` (or a ``play``
still writing it) is refused and nothing changes. A log that does not replay
byte for byte (a line missing, duplicated, reordered or edited) is refused
with a one-line reason before a byte is written. Only a last line cut off
mid-write (the start of the line the engine writes there) is dropped, and said so.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from itertools import chain
from pathlib import Path
from typing import IO

from cardcli import terminal
from cardcli.actions.logfile import header_of
from cardcli.actions.play import StdoutLog, drive
from cardcli.actions.resume_timed import resume_timed
from cardcli.engine.errors import LogError
from cardcli.engine.guarded import GuardedLogWriter, check_unchanged
from cardcli.engine.log import (
    Line,
    LogLine,
    RawLine,
    decode_whole,
    encode_bytes,
    iter_log,
    iter_raw_lines,
    iter_whole_lines,
)
from cardcli.engine.loop import CatchUp
from cardcli.engine.replay import INPUT_TYPES, Replay, session_from_header
from cardcli.files import open_log_to_append
from cardcli.output import echo, note
from cardcli.printable import one_line


def resume(log: str, scripts: tuple[str, ...], plain: bool = False) -> int:
    terminal.check_scripts(scripts)
    with open_log_to_append(log) as handle:
        if scripts or not terminal.stdin_is_terminal():  # a person at a terminal: two passes
            done = resume_timed(handle, log, scripts, plain, drive, _cut_off)
            if done is not None:
                return done
            handle.seek(0)
        replay, whole_bytes, count = _verify(handle, log)
        size = os.fstat(handle.fileno()).st_size
        if size > whole_bytes:
            handle.seek(whole_bytes)
            fragment = handle.read(MAX_FRAGMENT + 1)
            if not _cut_off(fragment, replay.extra(), replay.session.over, count):
                raise LogError(
                    f"{one_line(log)}:{count + 1}: the last line has no newline and is not the "
                    "start of a line the engine writes there: not cut off mid-write (nothing changed)"
                )
            note(
                f"{one_line(log)}: the last line was cut off mid-write; resuming after line {count}, the last whole one"
            )
        check_unchanged(handle, log, whole_bytes)  # another program may have cut it meanwhile
        handle.seek(whole_bytes)
        handle.truncate()
        watching = terminal.stdout_is_terminal()
        writers: list[Callable[[Line], None]] = [GuardedLogWriter(handle, log, whole_bytes)]
        copy: StdoutLog | None = None
        if not watching and sys.stdout is not None:
            copy = StdoutLog(alone=False)  # a copy: the file is the log
            writers.append(copy)
        if replay.session.over:
            for line in replay.extra():
                for writer in writers:
                    writer(line)
            note(f"{one_line(log)}: the game is over; nothing to resume")
            return 0
        interactive = not scripts and terminal.stdin_is_terminal()
        out = echo if watching else note
        catch_up: CatchUp | None = None
        if replay.session.game.timed:
            # Bots in a real-time game keep their own schedule: play the log
            # again with its people's lines, so that they act as they would have.
            header = next(iter_log(_reread(log), log)).line
            session = session_from_header(header, log, [_catch_up(log, count, writers)])
            catch_up = CatchUp(_people_lines(log, count), count)
        else:
            session = replay.session
            session.sinks = list(writers)
            for line in replay.extra():
                for writer in writers:
                    writer(line)
        if watching:
            echo(f"resuming {session.game.name}, seed {session.seed}, at seq {count}")
            echo(terminal.board(replay.session))
        code = drive(
            session, scripts, interactive, watching, False, out, Path(log), catch_up, plain
        )
        if copy is not None and copy.lost is not None:
            note(f"standard output stopped ({copy.lost}); the whole log is in {one_line(log)}")
        return code


MAX_FRAGMENT = 1 << 20  # a cut-off line is shorter than the longest line we write


def _cut_off(fragment: bytes, pending: list[Line], over: bool, count: int) -> bool:
    """Can ``fragment`` (the bytes after the last whole line) be a line cut off mid-write?

    It must begin the line the engine writes next: the next event if the
    engine has one, else (it waits for input) a command or rejected line of
    that seq. After game_over nothing more is written, so nothing is cut off.
    """
    if len(fragment) > MAX_FRAGMENT or b"\n" in fragment:
        return False
    if pending:
        return encode_bytes(pending[0]).startswith(fragment)
    if over:
        return False
    starts = [_line_start({"seq": count, "type": kind, "text": ""}) for kind in INPUT_TYPES]
    return any(start.startswith(fragment) or fragment.startswith(start) for start in starts)


def _line_start(line: Line) -> bytes:
    """The bytes of ``line`` as the engine writes it, up to where its text begins."""
    data = encode_bytes(line)
    return data[: data.index(b'"text":"') + len(b'"text":"')]


def _verify(handle: IO[bytes], log: str) -> tuple[Replay, int, int]:
    """Replay the whole lines of the log; (replay, their bytes, count)."""
    raw_lines = iter_whole_lines(handle, log, allow_cut=True)
    first = header_of((LogLine(r.number, r.data, decode_whole(r, log)) for r in raw_lines), log)
    replay = Replay(first.line, log)
    whole_bytes = 0
    count = 0
    for size, entry in chain([(len(first.data), first)], _decoded(raw_lines, replay, log)):
        if entry is not None:  # None: the engine's bytes, taken without decoding them
            divergence = replay.feed(entry.line, entry.data)
            if divergence is not None:
                raise LogError(
                    f"{one_line(log)}: cannot resume: line {divergence.number}: {divergence.reason()}"
                )
        whole_bytes += size
        count += 1
    return replay, whole_bytes, count


def _decoded(
    raw_lines: Iterator[RawLine], replay: Replay, log: str
) -> Iterator[tuple[int, LogLine | None]]:
    """Each line's length and the line decoded, or None: it was the line the engine had waiting."""
    for raw in raw_lines:
        if replay.feed_bytes(raw.data) is not None:
            yield len(raw.data), None
        else:
            yield len(raw.data), LogLine(raw.number, raw.data, decode_whole(raw, log))


def _people_lines(log: str, count: int) -> Iterator[str]:
    """The texts people gave in the log's first ``count`` lines (not bots'), read lazily."""
    with _reread(log) as stream:
        for entry in iter_log(stream, log, allow_cut=True):
            if entry.number > count:
                return
            line = entry.line
            if line.get("type") in ("command", "rejected") and "bot" not in line:
                text = str(line.get("text", ""))
                length = line.get("length")
                yield text.ljust(length) if type(length) is int else text


def _reread(log: str) -> IO[bytes]:
    from cardcli.files import open_input

    return open_input(log, "")


def _catch_up(
    log: str, count: int, writers: list[Callable[[Line], None]]
) -> Callable[[Line], None]:
    """A sink that checks re-run lines against the log's first ``count``, then writes on."""
    stream = _reread(log)
    logged: Iterator[bytes] = (raw.data for raw in iter_raw_lines(stream, log))
    header_engine: list[object] = []

    def sink(line: Line) -> None:
        seq = line["seq"]
        if seq < count:
            data = next(logged, b"")
            if seq == 0:
                header_engine.append(_engine_of(data))
                line = {**line, "engine": header_engine[0]}  # another version may have written it
            if encode_bytes(line) != data:
                raise LogError(
                    f"{one_line(log)}: cannot resume: playing it again differs at seq {seq}"
                )
            if seq == count - 1:
                stream.close()
            return
        for writer in writers:
            writer(line)

    return sink


def _engine_of(data: bytes) -> object:
    from cardcli.engine.log import decode_line

    return decode_line(data.rstrip(b"\n"), "log", 1).get("engine")
