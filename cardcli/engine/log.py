"""The JSON-lines log: its exact bytes, a flushing writer and a streaming reader.

A log is one compact JSON object per line, UTF-8, each line ended by ``\\n``.
Line 1 is ``game_started`` with ``seq`` 0; line N has ``seq`` N-1. A log is
exactly the bytes ``encode`` gives for the lines the engine emits: replay,
diff, validate and resume all compare those bytes (``engine/replay.py``).

Reading streams: one line at a time, each bounded in length, so memory does
not grow with the length of the log.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from cardcli.engine.errors import LogError
from cardcli.jsonsafe import JsonLimit, loads
from cardcli.printable import one_line

LOG_FORMAT = 1
MAX_LOG_LINE = 1 << 20  # a longer line is not something cardcli wrote

Line = dict[str, Any]


def encode(line: Any) -> str:
    """One line of the log, without its newline; the same bytes everywhere."""
    text = json.dumps(line, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate read from a crafted log: keep it escaped
        text = json.dumps(line, ensure_ascii=True, separators=(",", ":"))
    return text


def encode_bytes(line: Line) -> bytes:
    """The bytes of one line as the engine writes it, newline included."""
    return (encode(line) + "\n").encode("utf-8")


class LogWriter:
    """Writes lines as they happen and flushes each one, so nothing is lost.

    The stream is binary: the bytes are UTF-8 with ``\\n`` ends on every platform.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream

    def __call__(self, line: Line) -> None:
        self.stream.write(encode_bytes(line))
        self.stream.flush()


@dataclass(frozen=True)
class RawLine:
    """One line of a log file as its bytes."""

    number: int  # 1-based line number
    data: bytes  # the whole line, its end included
    ended: bool  # it ends with a newline (the last line of a cut-off log does not)

    @property
    def body(self) -> bytes:
        """The line without its ``\\n`` (a ``\\r`` before it stays: it is not ours)."""
        return self.data[:-1] if self.ended else self.data


def iter_raw_lines(stream: IO[bytes], name: str) -> Iterator[RawLine]:
    """Every line of ``stream`` as bytes, bounded in length."""
    number = 0
    while True:
        data = stream.readline(MAX_LOG_LINE + 2)
        if not data:
            return
        number += 1
        ended = data.endswith(b"\n")
        if len(data) > MAX_LOG_LINE and not ended:
            raise LogError(
                f"{one_line(name)}:{number}: line longer than {MAX_LOG_LINE} bytes: not a cardcli log"
            )
        yield RawLine(number, data, ended)


def decode_line(raw: bytes, name: str, number: int) -> Line:
    """One line's JSON object; a ``LogError`` naming the file and line otherwise."""
    where = f"{one_line(name)}:{number}"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise LogError(f"{where}: not UTF-8 text (byte {err.start}): not a cardcli log") from None
    try:
        value = loads(text)
    except json.JSONDecodeError as err:
        raise LogError(f"{where}: not JSON ({err.msg} at column {err.colno})") from None
    except JsonLimit as err:
        raise LogError(f"{where}: {err}: not a cardcli log") from None
    except RecursionError:
        raise LogError(f"{where}: JSON nested too deeply: not a cardcli log") from None
    if not isinstance(value, dict):
        raise LogError(f"{where}: a log line must be a JSON object")
    return value


@dataclass(frozen=True)
class LogLine:
    """A whole line of a log: its bytes and its JSON object."""

    number: int
    data: bytes
    line: Line


def iter_log(stream: IO[bytes], name: str, allow_cut: bool = True) -> Iterator[LogLine]:
    """The whole lines of a log, decoded, one at a time.

    A last line without its newline was cut off mid-write: with ``allow_cut``
    it is left out (``resume`` starts again before it), else it is an error.
    An empty line, or a log with no whole line, is an error.
    """
    seen = False
    for raw in iter_raw_lines(stream, name):
        if not raw.ended:
            if not allow_cut:
                raise LogError(
                    f"{one_line(name)}:{raw.number}: the last line is cut off (no newline at its end)"
                )
            if not seen:
                raise LogError(
                    f"{one_line(name)}: cut off inside its first line: no whole game_started line"
                )
            return
        if not raw.body.strip():
            raise LogError(f"{one_line(name)}:{raw.number}: empty line in a log")
        seen = True
        yield LogLine(raw.number, raw.data, decode_line(raw.body, name, raw.number))
    if not seen:
        raise LogError(f"{one_line(name)}: empty log: no game_started line")
