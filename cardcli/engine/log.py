"""The JSON-lines log: encoding, a flushing writer and a tolerant reader.

A log is one compact JSON object per line, UTF-8. Line 0 is ``game_started``;
every line has ``seq`` (0, 1, 2, ...) and ``type``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from cardcli.engine.errors import LogError

LOG_FORMAT = 1
MAX_LOG_LINE = 1 << 20  # a longer line is not something cardcli wrote

Line = dict[str, Any]


def encode(line: Line) -> str:
    """One line of the log, without its newline; the same bytes everywhere."""
    text = json.dumps(line, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate read from a crafted log: keep it escaped
        text = json.dumps(line, ensure_ascii=True, separators=(",", ":"))
    return text


class LogWriter:
    """Writes lines as they happen and flushes each one, so nothing is lost.

    The stream is binary: the bytes are UTF-8 with ``\n`` ends on every platform.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream

    def __call__(self, line: Line) -> None:
        self.stream.write((encode(line) + "\n").encode("utf-8"))
        self.stream.flush()


@dataclass
class ReadLog:
    """What a log file holds: its whole lines, and how it ended."""

    name: str
    lines: list[Line] = field(default_factory=list)
    cut_off: bool = False  # the last line had no newline and was dropped
    whole_bytes: int = 0  # the byte length of the whole lines


def iter_raw_lines(stream: IO[bytes], name: str) -> Iterator[tuple[int, bytes, bool, int]]:
    """(line number, bytes without newline, ended with a newline, size) per line."""
    number = 0
    while True:
        raw = stream.readline(MAX_LOG_LINE + 2)
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LOG_LINE and not raw.endswith(b"\n"):
            raise LogError(
                f"{name}:{number}: line longer than {MAX_LOG_LINE} bytes: not a cardcli log"
            )
        ended = raw.endswith(b"\n")
        yield number, raw.rstrip(b"\r\n") if ended else raw, ended, len(raw)


def decode_line(raw: bytes, name: str, number: int) -> Line:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise LogError(
            f"{name}:{number}: not UTF-8 text (byte {err.start}): not a cardcli log"
        ) from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise LogError(f"{name}:{number}: not JSON ({err.msg} at column {err.colno})") from None
    except RecursionError:
        raise LogError(f"{name}:{number}: JSON nested too deeply: not a cardcli log") from None
    if not isinstance(value, dict):
        raise LogError(f"{name}:{number}: a log line must be a JSON object")
    return value


def read_log(stream: IO[bytes], name: str, allow_cut: bool = True) -> ReadLog:
    """Read a whole log. A last line without newline is dropped (``cut_off``)."""
    log = ReadLog(name)
    for number, raw, ended, size in iter_raw_lines(stream, name):
        if not ended:
            if not raw.strip():
                break
            if allow_cut:
                log.cut_off = True
                break
            raise LogError(f"{name}:{number}: the last line is cut off (no newline at its end)")
        if not raw.strip():
            raise LogError(f"{name}:{number}: empty line in a log")
        log.lines.append(decode_line(raw, name, number))
        log.whole_bytes += size
    if not log.lines:
        if log.cut_off:
            raise LogError(f"{name}: cut off inside its first line: no whole game_started line")
        raise LogError(f"{name}: empty log: no game_started line")
    return log
