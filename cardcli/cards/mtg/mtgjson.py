"""Import MTGJSON's AtomicCards.json into the user card pool, streaming.

The file is ``{"meta": {...}, "data": {"Card Name": [face, ...], ...}}`` and
tens of megabytes. It is read in chunks and each card's entry is decoded on
its own, so memory stays bounded by the largest single card, whatever the
file's size. Each card becomes one JSON line in the pool, in the card model's
shape, with behaviour read from common Oracle-text shapes (``oracle.py``);
anything else is ``manual``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from cardcli.cards.mtg.model import COLORS
from cardcli.cards.mtg.oracle import read_behaviour
from cardcli.engine.errors import CardcliError, UsageError

CHUNK = 1 << 16
MAX_ENTRY = 4 << 20  # one card's JSON; a longer one means a broken file
_DECODER = json.JSONDecoder()
SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing"}
SKIPPED_LAYOUTS = {
    "token",
    "double_faced_token",
    "emblem",
    "art_series",
    "vanguard",
    "scheme",
    "planar",
}


class MtgjsonError(CardcliError):
    exit_code = 2


@dataclass
class ImportStats:
    cards: int = 0
    automated: int = 0
    manual: int = 0
    skipped: int = 0


class _Reader:
    """A sliding window over a text stream for decoding one JSON value at a time."""

    def __init__(self, stream: IO[str], name: str) -> None:
        self.stream = stream
        self.name = name
        self.buffer = ""
        self.pos = 0
        self.eof = False

    def _more(self) -> bool:
        if self.eof:
            return False
        chunk = self.stream.read(CHUNK)
        if not chunk:
            self.eof = True
            return False
        self.buffer = self.buffer[self.pos :] + chunk
        self.pos = 0
        return True

    def skip_space(self) -> str:
        """The next non-blank character (not consumed); '' at the end."""
        while True:
            while self.pos < len(self.buffer) and self.buffer[self.pos] in " \t\r\n":
                self.pos += 1
            if self.pos < len(self.buffer):
                return self.buffer[self.pos]
            if not self._more():
                return ""

    def expect(self, char: str) -> None:
        if self.skip_space() != char:
            found = self.skip_space() or "the end of the file"
            raise MtgjsonError(
                f"{self.name}: not MTGJSON AtomicCards: expected '{char}', found {found!r}"
            )
        self.pos += 1

    def value(self) -> Any:
        self.skip_space()
        while True:
            try:
                value, end = _DECODER.raw_decode(self.buffer, self.pos)
            except json.JSONDecodeError:
                if len(self.buffer) - self.pos > MAX_ENTRY:
                    raise MtgjsonError(
                        f"{self.name}: an entry over {MAX_ENTRY} bytes: not MTGJSON"
                    ) from None
                if not self._more():
                    raise MtgjsonError(
                        f"{self.name}: broken JSON near the end of the file"
                    ) from None
                continue
            # A number at the very end of the buffer may be cut short: read on.
            if end == len(self.buffer) and not self.eof and self._more():
                continue
            self.pos = end
            return value


def iter_atomic_cards(stream: IO[str], name: str) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """(card name, faces) for each card of the ``data`` object, one at a time."""
    reader = _Reader(stream, name)
    reader.expect("{")
    while True:
        if reader.skip_space() == "}":
            return
        key = reader.value()
        reader.expect(":")
        if key != "data":
            reader.value()  # "meta" and anything else: decoded and dropped
        else:
            reader.expect("{")
            while reader.skip_space() != "}":
                card_name = reader.value()
                reader.expect(":")
                faces = reader.value()
                if isinstance(card_name, str) and isinstance(faces, list):
                    yield card_name, faces
                if reader.skip_space() == ",":
                    reader.pos += 1
            reader.pos += 1
        if reader.skip_space() == ",":
            reader.pos += 1


def to_model(name: str, face: dict[str, Any]) -> dict[str, Any] | None:
    """One MTGJSON face as a card of the model, or None for what cannot be played.

    Only the front face of a card is a card you put in a deck: the other half
    of a split card or the back of a double-faced one is left out.
    """
    raw_types = face.get("types")
    if not isinstance(raw_types, list):
        return None
    types = [t for t in raw_types if isinstance(t, str)]
    if not types or face.get("layout") in SKIPPED_LAYOUTS:
        return None
    if face.get("side") not in (None, "a"):
        return None
    for key in ("text", "manaCost", "faceName", "power", "toughness", "loyalty"):
        if key in face and face[key] is not None and not isinstance(face[key], str):
            return None
    face_name = face.get("faceName")
    card: dict[str, Any] = {
        "name": face_name if isinstance(face_name, str) and face_name else name,
        "mana_cost": face.get("manaCost", "") or "",
        "types": types,
        "oracle": face.get("text", "") or "",
    }
    value = face.get("faceManaValue", face.get("manaValue"))
    if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
        card["mana_value"] = value
    card["colors"] = [c for c in COLORS if c in face.get("colors", [])]
    card["color_identity"] = [c for c in COLORS if c in face.get("colorIdentity", [])]
    supertypes = [s for s in face.get("supertypes", []) if s in SUPERTYPES]
    if supertypes:
        card["supertypes"] = supertypes
    if face.get("subtypes"):
        card["subtypes"] = [s for s in face["subtypes"] if isinstance(s, str)]
    for key in ("power", "toughness", "loyalty"):
        if isinstance(face.get(key), str):
            card[key] = face[key]
    if face.get("keywords"):
        card["keywords"] = [k for k in face["keywords"] if isinstance(k, str)]
    if "Land" in types:
        symbols: set[str] = set()
        for sentence in re.findall(r"\{T\}: Add ([^.]*)", card["oracle"]):
            symbols.update(re.findall(r"\{([WUBRGC])\}", sentence))
        produces = [c for c in ("W", "U", "B", "R", "G", "C") if c in symbols]
        if produces:
            card["produces"] = produces
    if card["name"] != name and face.get("side") in (None, "a"):
        card["aliases"] = [name]  # "Fire // Ice" finds its first face
    card.update(read_behaviour(card))
    return card


def import_atomic_cards(source: Path, target: Path) -> ImportStats:
    from cardcli.cards.mtg.schemas import card_validator

    validator = card_validator()
    stats = ImportStats()
    try:
        stream = source.open(encoding="utf-8", errors="strict")
    except OSError as err:
        raise UsageError(f"{source}: {err.strerror or err}") from None
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".part")
    try:
        with stream, partial.open("w", encoding="utf-8", newline="\n") as out:
            for name, faces in iter_atomic_cards(stream, str(source)):
                for face in faces:
                    if not isinstance(face, dict):
                        stats.skipped += 1
                        continue
                    card = to_model(name, face)
                    if card is None or any(True for _ in validator.iter_errors(card)):
                        stats.skipped += 1  # not a card of the model: left out
                        continue
                    out.write(json.dumps(card, ensure_ascii=False, separators=(",", ":")) + "\n")
                    stats.cards += 1
                    if card.get("manual"):
                        stats.manual += 1
                    else:
                        stats.automated += 1
        os.replace(partial, target)  # the old pool stays until the new one is whole
    except UnicodeDecodeError:
        partial.unlink(missing_ok=True)
        raise MtgjsonError(f"{source}: not UTF-8 text: not MTGJSON") from None
    except RecursionError:
        partial.unlink(missing_ok=True)
        raise MtgjsonError(f"{source}: JSON nested too deeply: not MTGJSON") from None
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return stats
