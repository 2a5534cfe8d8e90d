"""Reading MTGJSON files as a stream: one entry of the ``data`` object at a time.

An MTGJSON file is ``{"meta": {...}, "data": ...}`` and tens or hundreds of
megabytes. It is read in chunks and each entry of ``data`` is decoded on its
own, so memory stays bounded by the largest single entry, whatever the
file's size. ``data`` is one of:

* AtomicCards: ``{"Card Name": [face, ...], ...}``;
* a set file (``LCI.json``): one set, ``{"code": ..., "cards": [...], "tokens": [...]}``;
* AllPrintings: ``{"LCI": {set}, ...}``.

A file compressed with gzip, xz or bzip2 (as MTGJSON offers them) is read as
it is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import IO, Any

from cardcli.engine.errors import CardcliError
from cardcli.jsonsafe import DECODER, JsonLimit

CHUNK = 1 << 16
MAX_ENTRY = 128 << 20  # one entry's JSON (a whole set of AllPrintings); more is a broken file


class MtgjsonError(CardcliError):
    exit_code = 2


_NOT_BLANK = re.compile(r"[^ \t\r\n]")


class _Reader:
    """A sliding window over a text stream for decoding one JSON value at a time.

    The window grows geometrically while a value does not fit, so a value of
    any size is decoded in time linear in its size; numbers are bounded and
    NaN/Infinity refused (``jsonsafe``).
    """

    def __init__(self, stream: IO[str], name: str) -> None:
        self.stream = stream
        self.name = name
        self.buffer = ""
        self.pos = 0
        self.eof = False

    def _more(self, at_least: int = CHUNK) -> bool:
        if self.eof:
            return False
        chunk = self.stream.read(max(CHUNK, at_least))
        if not chunk:
            self.eof = True
            return False
        self.buffer = self.buffer[self.pos :] + chunk
        self.pos = 0
        return True

    def skip_space(self) -> str:
        """The next non-blank character (not consumed); '' at the end."""
        while True:
            found = _NOT_BLANK.search(self.buffer, self.pos)
            if found is not None:
                self.pos = found.start()
                return self.buffer[self.pos]
            self.pos = len(self.buffer)
            if not self._more():
                return ""

    def expect(self, char: str) -> None:
        if self.skip_space() != char:
            found = self.skip_space() or "the end of the file"
            raise MtgjsonError(
                f"{self.name}: not MTGJSON AtomicCards: expected '{char}', found {found[:1]!r}"
            )
        self.pos += 1

    def value(self) -> Any:
        self.skip_space()
        while True:
            try:
                value, end = DECODER.raw_decode(self.buffer, self.pos)
            except json.JSONDecodeError:
                waiting = len(self.buffer) - self.pos
                if waiting > MAX_ENTRY:
                    raise MtgjsonError(
                        f"{self.name}: an entry over {MAX_ENTRY} bytes: not MTGJSON"
                    ) from None
                if not self._more(at_least=waiting):
                    raise MtgjsonError(
                        f"{self.name}: broken JSON near the end of the file: not MTGJSON"
                    ) from None
                continue
            except JsonLimit as err:
                raise MtgjsonError(f"{self.name}: {err}: not MTGJSON") from None
            # A number at the very end of the buffer may be cut short: read on.
            if end == len(self.buffer) and not self.eof and self._more():
                continue
            self.pos = end
            return value


def iter_data(
    stream: IO[str], name: str, meta: dict[str, Any] | None = None
) -> Iterator[tuple[str, Any]]:
    """(key, value) for each entry of the ``data`` object, one at a time.

    The file must be one JSON object with a ``data`` object in it, and nothing
    after it: anything else (a game log, a list, trailing text) is refused.
    ``meta``, if given, receives the file's ``meta`` object (MTGJSON's date and
    version) when it comes before ``data``, as MTGJSON writes it.
    """
    reader = _Reader(stream, name)
    reader.expect("{")
    saw_data = False
    while True:
        if reader.skip_space() == "}":
            reader.pos += 1
            break
        key = reader.value()
        reader.expect(":")
        if key != "data":
            value = reader.value()  # "meta" and anything else: decoded, kept only if asked
            if key == "meta" and meta is not None and isinstance(value, dict):
                meta.update(value)
        else:
            saw_data = True
            reader.expect("{")
            while reader.skip_space() != "}":
                entry = reader.value()
                reader.expect(":")
                value = reader.value()
                if isinstance(entry, str):
                    yield entry, value
                after = reader.skip_space()
                if after == ",":
                    reader.pos += 1
                elif after != "}":
                    reader.expect("}")
            reader.pos += 1
        after = reader.skip_space()
        if after == ",":
            reader.pos += 1
        elif after != "}":
            reader.expect("}")
    if not saw_data:
        raise MtgjsonError(f"{name}: no 'data' object: not an MTGJSON AtomicCards file")
    if reader.skip_space():
        raise MtgjsonError(f"{name}: more text after the JSON object: not an MTGJSON file")


def iter_atomic_cards(stream: IO[str], name: str) -> Iterator[tuple[str, list[Any]]]:
    """(card name, faces) for each card of an AtomicCards file."""
    for key, value in iter_data(stream, name):
        if isinstance(value, list):
            yield key, value


def open_text(raw: IO[bytes], name: str) -> IO[str]:
    """A binary stream as UTF-8 text, uncompressed if it is gzip, xz or bzip2."""
    import io

    peek = getattr(raw, "peek", None)
    head = peek(6)[:6] if peek is not None else b""
    stream: IO[bytes] = raw
    if head.startswith(b"\x1f\x8b"):
        import gzip

        stream = gzip.GzipFile(fileobj=raw)  # type: ignore[assignment]
    elif head.startswith(b"\xfd7zXZ\x00"):
        import lzma

        stream = lzma.LZMAFile(raw)  # noqa: SIM115 - handed on, closed with raw
    elif head.startswith(b"BZh"):
        import bz2

        stream = bz2.BZ2File(raw)
    elif head.startswith(b"PK\x03\x04"):
        raise MtgjsonError(f"{name}: a zip archive: unzip it and import the JSON file inside")
    return io.TextIOWrapper(stream, encoding="utf-8", errors="strict")
