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
from typing import IO, Any, NamedTuple

from cardcli.engine.cut_header import cut_header_advice
from cardcli.engine.errors import LogError
from cardcli.jsonsafe import JsonLimit, loads_fast
from cardcli.printable import one_line

LOG_FORMAT = 1
MAX_LOG_LINE = 1 << 20  # a longer line is not something cardcli wrote

Line = dict[str, Any]


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_ASCII_ENCODER = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"))


def _one_shot(encoder: json.JSONEncoder) -> Any:
    """The C encoder behind ``encoder.encode``, called directly: the same bytes, faster."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover - a Python without the C accelerator
        return lambda value: [encoder.encode(value)]
    basestring = (
        json.encoder.encode_basestring
        if not encoder.ensure_ascii
        else json.encoder.encode_basestring_ascii
    )
    return make(None, encoder.default, basestring, None, ":", ",", False, False, True)


_FAST_TEXT = _one_shot(_ENCODER)


def _text(line: Any) -> str:
    if type(line) is dict:
        return "".join(_FAST_TEXT(line, 0))
    return _ENCODER.encode(line)


def encode(line: Any) -> str:
    """One line of the log, without its newline; the same bytes everywhere."""
    text = _text(line)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate read from a crafted log: keep it escaped
        text = _ASCII_ENCODER.encode(line)
    return text


def encode_bytes(line: Line) -> bytes:
    """The bytes of one line as the engine writes it, newline included."""
    text = _text(line) + "\n"
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate read from a crafted log: keep it escaped
        return (_ASCII_ENCODER.encode(line) + "\n").encode("utf-8")


class LogWriter:
    """Writes lines as they happen and flushes each one, so nothing is lost.

    The stream is binary: the bytes are UTF-8 with ``\\n`` ends on every platform.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream

    def __call__(self, line: Line) -> None:
        self.stream.write(encode_bytes(line))
        self.stream.flush()


class RawLine(NamedTuple):
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
    try:
        value = loads_fast(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise LogError(
            f"{one_line(name)}:{number}: not UTF-8 text (byte {err.start}): not a cardcli log"
        ) from None
    except json.JSONDecodeError as err:
        raise LogError(
            f"{one_line(name)}:{number}: not JSON ({err.msg} at column {err.colno})"
        ) from None
    except JsonLimit as err:
        raise LogError(f"{one_line(name)}:{number}: {err}: not a cardcli log") from None
    except RecursionError:
        raise LogError(
            f"{one_line(name)}:{number}: JSON nested too deeply: not a cardcli log"
        ) from None
    if type(value) is not dict:
        raise LogError(f"{one_line(name)}:{number}: a log line must be a JSON object")
    return value


class LogLine(NamedTuple):
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
    for raw in iter_whole_lines(stream, name, allow_cut):
        yield LogLine(raw.number, raw.data, decode_whole(raw, name))


def iter_whole_lines(stream: IO[bytes], name: str, allow_cut: bool = True) -> Iterator[RawLine]:
    """``iter_log`` without the decoding: each line is decoded by ``decode_whole``.

    A reader that knows the bytes a line must have (``Replay.feed_bytes``)
    need not decode it; any other line goes through ``decode_whole``, which
    says what is wrong with it, at the same line as ``iter_log`` would.
    """
    seen = False
    for raw in iter_raw_lines(stream, name):
        if not raw.ended:
            if not allow_cut:
                raise LogError(
                    f"{one_line(name)}:{raw.number}: the last line is cut off (no newline at its end)"
                )
            if not seen:
                raise LogError(cut_header_advice(raw.data, name))
            return
        seen = True
        yield raw
    if not seen:
        raise LogError(f"{one_line(name)}: empty log: no game_started line")


def decode_whole(raw: RawLine, name: str) -> Line:
    """The JSON object of a whole line; an empty line is an error."""
    body = raw.data[:-1]
    if not body.strip():
        raise LogError(f"{one_line(name)}:{raw.number}: empty line in a log")
    return decode_line(body, name, raw.number)
