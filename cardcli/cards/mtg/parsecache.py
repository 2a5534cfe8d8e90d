"""A cache of what reading card files and decklists produced, so that a game starts at once.

Parsing YAML and checking it against the JSON Schemas costs a tenth of a
second a game; reading back the result as JSON costs a millisecond. An entry
is the result of reading some source text, stored as JSON under a key that
hashes the text, cardcli's version and the code and schemas that read it
(``fingerprint``): change any of them and the entry is simply not found again.

Only results are stored, never errors (a broken file is read the slow way each
time, so its messages and lines are the reader's own), and only results that
come back from JSON exactly as they went in (a tuple, a date or a number key
would not: such a result is not stored). Files live in
``$XDG_CACHE_HOME/cardcli`` (else ``~/.cache/cardcli``), are written atomically
and are ignored when unreadable, damaged or of another key; a cache that cannot
be written is no cache. ``CARDCLI_NO_CACHE=1`` turns it off. Nothing is ever
unpickled: an entry is JSON read into plain lists, dicts, text and numbers.

A first layer ships inside the package (``cardcli/data/parsed.json``, made by
``scripts/ship_parsed.py``): what reading the bundled card files and decklists
gives, so that even the first start after installing reads no YAML and checks
no schema. Its entries are keyed by the source text alone, and the file as a
whole by the code and schemas that made it (``made_by``): once any of them
changes, the file is passed over until it is made again (a test says so).
``CARDCLI_NO_SHIPPED=1`` passes it over too (a start as cold as can be).
"""

from __future__ import annotations

import contextlib
import json
import os
from _thread import get_ident
from functools import cache
from pathlib import Path
from typing import Any

try:  # the built-in BLAKE2: importing hashlib loads OpenSSL, 4-6 ms of every start
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

MISS: Any = object()  # ``load``'s answer when there is no entry
FOLDER = "parsed-1"
MAX_DEPTH = 100  # a deeper value is not kept (nor is json's recursion put to the test)
MAX_ENTRIES = 2000  # past this many files the folder is emptied: entries are cheap to make again

_PACKAGE = Path(__file__).resolve().parents[2]  # cardcli/
READERS = (  # the code whose behaviour an entry records
    "__init__.py",
    "safeyaml.py",
    "cards/mtg/parsecache.py",
    "cards/mtg/pool.py",
    "cards/mtg/decklist.py",
    "cards/mtg/yamldecks.py",
)
SCHEMAS = ("card.schema.json", "decklist.schema.json")
LIBRARIES = ("yaml", "jsonschema")  # their versions can change what is read or reported


def cache_dir() -> Path | None:
    """Where entries live, or None when the cache is turned off."""
    if os.environ.get("CARDCLI_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # unset, or relative: the XDG spec says to ignore it
        base = os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):  # no home to be found: no cache (never one in the cwd)
        return None
    return Path(base) / "cardcli" / FOLDER


@cache
def fingerprint() -> bytes:
    """A hash of everything besides the source text that decides an entry."""
    from importlib.util import find_spec

    from cardcli import __version__

    digest = blake2b(f"cardcli parse cache 1 {__version__}\0".encode(), digest_size=32)
    _add_readers(digest)
    for library in LIBRARIES:
        try:
            spec = find_spec(library)
            origin = spec.origin if spec is not None else None
            stat = os.stat(origin) if origin else None
            digest.update(
                f"{library} {origin} {stat and stat.st_size} {stat and stat.st_mtime_ns}".encode()
            )
        except (OSError, ImportError, ValueError):
            digest.update(f"{library} unknown".encode())
        digest.update(b"\0")
    return digest.digest()


SHIPPED = _PACKAGE / "data" / "parsed.json"


@cache
def made_by() -> str:
    """The shipped layer's stamp: cardcli's version and the code and schemas that read
    the sources, byte for byte (no library: the sources are ours and the tests read them
    again with the libraries of the day)."""
    from cardcli import __version__

    digest = blake2b(f"cardcli shipped parse 1 {__version__}\0".encode(), digest_size=16)
    _add_readers(digest)
    return digest.hexdigest()


def _add_readers(digest: Any) -> None:
    """Hash in the code and schemas that read the sources (``READERS``, ``SCHEMAS``)."""
    from cardcli.resources import data_dir

    paths = [_PACKAGE / name for name in READERS]
    paths += [data_dir("schemas") / name for name in SCHEMAS]
    for path in paths:
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"missing " + path.name.encode())
        digest.update(b"\0")


def shipped_key(kind: str, source: bytes) -> str:
    """The shipped layer's key of ``source`` read as ``kind``."""
    digest = blake2b(kind.encode(), digest_size=16)
    digest.update(b"\0")
    digest.update(source)
    return digest.hexdigest()


@cache
def _shipped_entries() -> dict[str, str]:
    """Key -> the value's JSON text, from the shipped file made by this very code; else {}.

    Kept as text and decoded at each ``load``: every caller gets a value of its own
    to change as it likes, as from the cache folder.
    """
    try:
        data = json.loads(SHIPPED.read_bytes())
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict) or data.get("made_by") != made_by():
        return {}
    entries = data.get("entries")
    if not isinstance(entries, dict):
        return {}
    return {k: v for k, v in entries.items() if isinstance(v, str)}


def shipped(kind: str, source: bytes) -> Any:
    """The shipped value for ``source`` read as ``kind``, else ``MISS``."""
    if os.environ.get("CARDCLI_NO_SHIPPED"):
        return MISS
    text = _shipped_entries().get(shipped_key(kind, source))
    if text is None:
        return MISS
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return MISS


def _key(kind: str, source: bytes) -> str:
    digest = blake2b(fingerprint(), digest_size=32)
    digest.update(kind.encode())
    digest.update(b"\0")
    digest.update(source)
    return digest.hexdigest()


def load(kind: str, source: bytes) -> Any:
    """The value shipped or stored for ``source`` read as ``kind``, else ``MISS``."""
    value = shipped(kind, source)
    if value is not MISS:
        return value
    folder = cache_dir()
    if folder is None:
        return MISS
    key = _key(kind, source)
    try:
        with open(folder / f"{kind}-{key}.json", "rb") as handle:
            entry = json.loads(handle.read())
    except (OSError, ValueError, RecursionError):
        return MISS  # none, unreadable or damaged: read the slow way
    if not isinstance(entry, dict) or entry.get("key") != key or "value" not in entry:
        return MISS
    return entry["value"]


def store(kind: str, source: bytes, value: Any) -> bool:
    """Keep ``value`` for ``source``, if it comes back from JSON exactly; False if not kept."""
    folder = cache_dir()
    if folder is None:
        return False
    if not _plain(value):
        return False  # JSON would not give it back as it is (a tuple, a date, a number key)
    key = _key(kind, source)
    try:
        # ASCII: a lone surrogate (YAML's "\ud800") is written as its escape and read back
        text = json.dumps({"key": key, "value": value}, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return False  # NaN or infinity: no JSON
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _prune(folder)
        temporary = folder / f".{kind}-{key}.{os.getpid()}.{get_ident()}.tmp"
        with open(temporary, "wb") as handle:
            handle.write(text.encode("ascii"))
        os.replace(temporary, folder / f"{kind}-{key}.json")  # whole or not at all
    except OSError:
        with contextlib.suppress(OSError):
            (folder / f".{kind}-{key}.{os.getpid()}.{get_ident()}.tmp").unlink()
        return False
    return True


def _prune(folder: Path) -> None:
    names = os.listdir(folder)
    if len(names) >= MAX_ENTRIES:
        for name in names:
            with contextlib.suppress(OSError):
                os.unlink(folder / name)


def same(a: Any, b: Any) -> bool:
    """``a == b`` with the types alike all the way down (``1`` is not ``1.0`` nor ``True``,
    a list is not a tuple, a plain list is not a list subclass)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return (
            a.keys() == b.keys()
            and all(type(k) is str and same(v, b[k]) for k, v in a.items())
            and list(a) == list(b)
        )
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def canonical(value: Any) -> bytes | None:
    """Plain JSON data as bytes that say it exactly (keys sorted), or None if ``value``
    holds anything but dicts with text keys, lists, text, numbers, booleans and null."""
    if not _plain(value):
        return None
    try:
        return json.dumps(value, sort_keys=True, allow_nan=False).encode()  # ASCII: any text
    except (TypeError, ValueError, RecursionError):
        return None


_SCALARS = frozenset((str, int, float, bool, type(None)))


def _plain(value: Any) -> bool:
    """Whether ``value`` is made of dicts with text keys, lists and scalars only, no deeper
    than ``MAX_DEPTH``: what JSON gives back exactly (NaN and infinity aside, which
    ``json.dumps(allow_nan=False)`` refuses)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if kind is dict:
            if depth >= MAX_DEPTH:
                return False
            for key, inner in item.items():
                if type(key) is not str:
                    return False
                if type(inner) not in _SCALARS:
                    stack.append((inner, depth + 1))
        elif kind is list:
            if depth >= MAX_DEPTH:
                return False
            for inner in item:
                if type(inner) not in _SCALARS:
                    stack.append((inner, depth + 1))
        elif kind not in _SCALARS:
            return False
    return True
