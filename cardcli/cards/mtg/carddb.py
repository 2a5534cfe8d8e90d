"""The card database file: every Magic card's facts and Oracle text, compact and indexed.

One file holds tens of thousands of cards in a few megabytes and answers a
lookup by name without reading the rest. Its layout::

    cardcli card database 1\\n        the magic line
    NNNNNNNNNN\\n                      the header's length in bytes
    {header JSON}                      what is where (below)
    sections, each zlib-compressed     blocks of cards, the name list, tokens

The cards are sorted by their lookup key (``normalize`` of the name) and cut
into blocks of ``BLOCK_CARDS``; a block is lines ``key<TAB>card JSON``. The
header lists each block's first key, offset and length, so a lookup is a
bisection in the header and one block decompressed (a tenth of a millisecond).
The header also maps alias keys (a face's name, ``fire`` for ``Fire // Ice``)
to card keys, and places the name list (``key<TAB>name<TAB>rank`` lines, for
did-you-mean, completion and ordering: the rank is EDHREC's, 1 the most played) and the token section (JSON: token key to its
variants), which are read only when asked for.

A record is a card of ``schemas/card.schema.json`` holding facts only (no
behaviour): the card model compiles behaviour from its Oracle text when the
card is looked up. zlib's checksums find a damaged section; a damaged file is a
one-line ``PoolError``, never a traceback.
"""

from __future__ import annotations

import json
import zlib
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from cardcli.engine.errors import CardcliError

MAGIC = b"cardcli card database 1\n"
FORMAT = 1
BLOCK_CARDS = 128
MAX_HEADER_BYTES = 8 << 20
MAX_SECTION_BYTES = 64 << 20  # no section of a real database is near it
CACHED_BLOCKS = 64


class PoolError(CardcliError):
    """A card database or pool that cannot be read: unusable input, exit code 2."""

    exit_code = 2


@dataclass
class DatabaseContents:
    """What a database is written from: cards (key -> record), aliases, tokens, where from."""

    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)  # alias key -> card key
    tokens: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # key -> variants
    source: dict[str, Any] = field(default_factory=dict)
    ranks: dict[str, int] = field(default_factory=dict)  # key -> how much it is played (1: most)


def write_database(out: IO[bytes], contents: DatabaseContents) -> None:
    """Write ``contents`` as a database file; the same contents give the same bytes."""
    keys = sorted(contents.cards)
    sections: list[bytes] = []
    blocks: list[list[Any]] = []
    offset = 0

    def add(data: bytes) -> list[int]:
        nonlocal offset
        packed = zlib.compress(data, 9)
        sections.append(packed)
        place = [offset, len(packed)]
        offset += len(packed)
        return place

    for start in range(0, len(keys), BLOCK_CARDS):
        chunk = keys[start : start + BLOCK_CARDS]
        lines = (f"{key}\t{_dumps(contents.cards[key])}\n" for key in chunk)
        blocks.append([chunk[0], *add("".join(lines).encode("utf-8"))])
    names = "".join(
        f"{key}\t{contents.cards[key]['name']}\t{contents.ranks.get(key, '')}\n" for key in keys
    )
    header = {
        "format": FORMAT,
        "source": contents.source,
        "cards": len(keys),
        "tokens": sum(len(v) for v in contents.tokens.values()),
        "blocks": blocks,
        "aliases": dict(sorted(contents.aliases.items())),
        "names_at": add(names.encode("utf-8")),
        "tokens_at": add(_dumps(dict(sorted(contents.tokens.items()))).encode("utf-8")),
    }
    encoded = _dumps(header).encode("utf-8")
    out.write(MAGIC + b"%010d\n" % len(encoded) + encoded)
    for section in sections:
        out.write(section)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


class CardDatabase:
    """A database file, read lazily: the header at the first question, a block per lookup."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._header: dict[str, Any] | None = None
        self._first_keys: list[str] = []
        self._start = 0
        self._blocks: dict[int, dict[str, str]] = {}
        self._names: dict[str, str] | None = None
        self._ranks: dict[str, int] | None = None
        self._tokens: dict[str, list[dict[str, Any]]] | None = None

    # -- the header ---------------------------------------------------------------

    def _damaged(self, why: str) -> PoolError:
        return PoolError(f"{self.path}: the card database is damaged ({why}); {_REMEDY}")

    @property
    def header(self) -> dict[str, Any]:
        if self._header is None:
            self._header = self._read_header()
            self._first_keys = [block[0] for block in self._header["blocks"]]
        return self._header

    def _read_header(self) -> dict[str, Any]:
        try:
            with self.path.open("rb") as handle:
                if handle.read(len(MAGIC)) != MAGIC:
                    raise self._damaged("not a cardcli card database")
                size_line = handle.read(11)
                if len(size_line) != 11 or not size_line[:10].isdigit():
                    raise self._damaged("no header length")
                size = int(size_line[:10])
                if size > MAX_HEADER_BYTES:
                    raise self._damaged("a header too large")
                raw = handle.read(size)
        except OSError as err:
            raise PoolError(f"{self.path}: {err.strerror or err}") from None
        if len(raw) != size:
            raise self._damaged("cut short")
        try:
            header = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            raise self._damaged("a header that is not JSON") from None
        if not _header_ok(header):
            raise self._damaged("a header of the wrong shape")
        self._start = len(MAGIC) + 11 + size
        checked: dict[str, Any] = header
        return checked

    @property
    def source(self) -> dict[str, Any]:
        source = self.header.get("source")
        return source if isinstance(source, dict) else {}

    @property
    def card_count(self) -> int:
        return int(self.header["cards"])

    # -- sections -------------------------------------------------------------------

    def _section(self, place: Any) -> str:
        offset, length = place
        try:
            with self.path.open("rb") as handle:
                handle.seek(self._start + offset)
                packed = handle.read(length)
            if len(packed) != length:
                raise self._damaged("cut short")
            return zlib.decompress(packed).decode("utf-8")
        except OSError as err:
            raise PoolError(f"{self.path}: {err.strerror or err}") from None
        except (zlib.error, UnicodeDecodeError):
            raise self._damaged("a section fails its checksum") from None

    def _block(self, index: int) -> dict[str, str]:
        block = self._blocks.get(index)
        if block is None:
            _first, offset, length = self.header["blocks"][index]
            block = {}
            for line in self._section((offset, length)).splitlines():
                key, tab, data = line.partition("\t")
                if not tab:
                    raise self._damaged("a line with no key")
                block[key] = data
            if len(self._blocks) >= CACHED_BLOCKS:
                self._blocks.clear()
            self._blocks[index] = block
        return block

    def _record(self, data: str) -> dict[str, Any]:
        try:
            record = json.loads(data)
        except (ValueError, RecursionError):
            raise self._damaged("a card that is not JSON") from None
        if not isinstance(record, dict) or not isinstance(record.get("name"), str):
            raise self._damaged("a card with no name")
        found: dict[str, Any] = record
        return found

    # -- questions --------------------------------------------------------------------

    def card_key(self, key: str, aliases: bool = True) -> str | None:
        """The card key ``key`` names: itself for a card, the card's for an alias."""
        header = self.header
        index = bisect_right(self._first_keys, key) - 1
        if index >= 0 and key in self._block(index):
            return key
        alias = header["aliases"].get(key) if aliases else None
        return alias if isinstance(alias, str) else None

    def get(self, key: str, aliases: bool = True) -> dict[str, Any] | None:
        """The record of the card whose key (or, with ``aliases``, a face's) is ``key``."""
        found = self.card_key(key, aliases)
        if found is None:
            return None
        index = bisect_right(self._first_keys, found) - 1
        data = self._block(index).get(found) if index >= 0 else None
        return self._record(data) if data is not None else None

    def names(self) -> dict[str, str]:
        """Every card's name by its key (read once, for suggestions and completion)."""
        if self._names is None:
            self._read_names()
        assert self._names is not None
        return self._names

    def ranks(self) -> dict[str, int]:
        """How much each card is played, by key (1: the most; left out: unknown)."""
        if self._ranks is None:
            self._read_names()
        assert self._ranks is not None
        return self._ranks

    def _read_names(self) -> None:
        names: dict[str, str] = {}
        ranks: dict[str, int] = {}
        for line in self._section(self.header["names_at"]).splitlines():
            key, name, rank = [*line.split("\t"), "", ""][:3]
            if not name:
                raise self._damaged("a name line with no name")
            names[key] = name
            if rank.isdigit():
                ranks[key] = int(rank)
        self._names, self._ranks = names, ranks

    def aliases(self) -> dict[str, str]:
        return dict(self.header["aliases"])

    def raw_blocks(self) -> Iterator[Iterable[tuple[str, str]]]:
        """Each block's (key, card JSON) pairs, for a scan of every card (search)."""
        for index in range(len(self.header["blocks"])):
            yield self._block(index).items()
            self._blocks.pop(index, None)  # a scan keeps nothing

    def record(self, data: str) -> dict[str, Any]:
        return self._record(data)

    def tokens(self) -> dict[str, list[dict[str, Any]]]:
        """The token variants by token key (read once)."""
        if self._tokens is None:
            try:
                tokens = json.loads(self._section(self.header["tokens_at"]))
            except (ValueError, RecursionError):
                raise self._damaged("a token section that is not JSON") from None
            if not isinstance(tokens, dict) or not all(
                isinstance(v, list) and all(isinstance(t, dict) for t in v) for v in tokens.values()
            ):
                raise self._damaged("a token section of the wrong shape")
            self._tokens = tokens
        return self._tokens


_REMEDY = "import the cards again with 'cardcli cards import FILE'"


def _header_ok(header: Any) -> bool:
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        return False
    blocks = header.get("blocks")
    places = [header.get("names_at"), header.get("tokens_at")]
    if not isinstance(blocks, list) or not isinstance(header.get("aliases"), dict):
        return False
    if not isinstance(header.get("cards"), int):
        return False
    for block in blocks:
        if not (isinstance(block, list) and len(block) == 3 and isinstance(block[0], str)):
            return False
        places.append(block[1:])
    return all(
        isinstance(p, list)
        and len(p) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in p)
        and p[0] >= 0
        and 0 <= p[1] <= MAX_SECTION_BYTES
        for p in places
    )
