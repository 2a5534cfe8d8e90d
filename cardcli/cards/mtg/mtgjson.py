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
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from cardcli.cards.mtg.model import COLORS
from cardcli.cards.mtg.oracle import read_behaviour
from cardcli.engine.errors import CardcliError
from cardcli.jsonsafe import DECODER, JsonLimit

CHUNK = 1 << 16
MAX_ENTRY = 4 << 20  # one card's JSON; a longer one means a broken file
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


_NOT_BLANK = re.compile(r"[^ \t\r\n]")
MAX_ORACLE_CHARS = 5000  # the longest Oracle text is under 1,500 characters
MAX_FIELD_ITEMS = 100  # types, subtypes, keywords, colours: a card has a handful


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


def iter_atomic_cards(stream: IO[str], name: str) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """(card name, faces) for each card of the ``data`` object, one at a time.

    The file must be one JSON object with a ``data`` object in it, and nothing
    after it: anything else (a game log, a list, trailing text) is refused.
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
            reader.value()  # "meta" and anything else: decoded and dropped
        else:
            saw_data = True
            reader.expect("{")
            while reader.skip_space() != "}":
                card_name = reader.value()
                reader.expect(":")
                faces = reader.value()
                if isinstance(card_name, str) and isinstance(faces, list):
                    yield card_name, faces
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


def _text(face: dict[str, Any], key: str) -> str | None:
    value = face.get(key)
    return value if isinstance(value, str) else None


def _texts(face: dict[str, Any], key: str) -> list[str]:
    """A list of strings, or [] for anything else (a wrong type is data we do not use)."""
    value = face.get(key)
    if not isinstance(value, list) or len(value) > MAX_FIELD_ITEMS:
        return []
    return [item for item in value if isinstance(item, str)]


def _has_bad_text(card: dict[str, Any]) -> bool:
    """Lone surrogates (from escapes) cannot be written as UTF-8: such a card is left out."""
    for value in card.values():
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, str) and _SURROGATE.search(item):
                return True
    return False


_SURROGATE = re.compile("[\ud800-\udfff]")


def card_of(name: str, faces: list[Any]) -> dict[str, Any] | None:
    """One MTGJSON card (all its faces) as a card of the model, or None.

    A card of one face is that face. A card of several (split, aftermath,
    adventure, double-faced, flip) is one card named as MTGJSON names it
    (``Dead // Gone``), found by its front face's name too, with every face's
    cost, type line and text in its Oracle text. Its other facts are the
    front face's, except that a split card has the types, colours, keywords
    and mana value of its halves together (rule 709.4). The model plays one
    face, so such a card is ``manual``: the players apply the face they choose.
    """
    usable = [face for face in faces if isinstance(face, dict)]
    if len(usable) != len(faces) or not usable:
        return None
    if len(usable) == 1:
        return to_model(name, usable[0])
    front = next((f for f in usable if f.get("side") in (None, "a")), None)
    card = to_model(name, front) if front is not None else None
    if card is None or len(name) > 141:
        return None
    parts = []
    for face in usable:
        face_name, cost, kind = (_text(face, k) for k in ("faceName", "manaCost", "type"))
        text = _text(face, "text") or ""
        if face_name is None or kind is None or _SURROGATE.search(face_name + kind + text):
            return None
        parts.append(f"{face_name} {cost or ''}".rstrip() + f": {kind}\n{text}".rstrip())
    oracle = "\n//\n".join(parts)
    if len(oracle) > MAX_ORACLE_CHARS:
        return None
    card["aliases"] = [card["name"]]  # the front face's name alone
    card["name"] = name
    card["oracle"] = oracle
    layout = _text(usable[0], "layout") or "multi-face"
    if layout in ("split", "aftermath"):
        together: dict[str, list[str]] = {"types": [], "colors": [], "keywords": []}
        for face in usable:
            for key, found in together.items():
                found.extend(x for x in _texts(face, key) if x not in found)
        card["types"] = together["types"] or card["types"]
        card["colors"] = [c for c in COLORS if c in together["colors"]]
        if together["keywords"]:
            card["keywords"] = together["keywords"]
        value = usable[0].get("manaValue")
        if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1e6:
            card["mana_value"] = value
    for key in ("spell", "abilities"):
        card.pop(key, None)
    card["manual"] = True
    card["manual_reason"] = f"a {layout} card of {len(usable)} faces: apply the face played by hand"
    return card


def to_model(name: str, face: dict[str, Any]) -> dict[str, Any] | None:
    """One MTGJSON face as a card of the model, or None for what cannot be played.

    Every field is read with its type checked: a field of the wrong type is
    left out, or the face is when the field is essential.
    """
    types = _texts(face, "types")
    layout = _text(face, "layout")
    if not types or layout in SKIPPED_LAYOUTS:
        return None
    for key in ("text", "manaCost", "faceName", "power", "toughness", "loyalty"):
        if face.get(key) is not None and not isinstance(face[key], str):
            return None
    oracle = _text(face, "text") or ""
    if len(oracle) > MAX_ORACLE_CHARS or len(name) > 200:
        return None
    face_name = _text(face, "faceName")
    card: dict[str, Any] = {
        "name": face_name or name,
        "mana_cost": _text(face, "manaCost") or "",
        "types": types,
        "oracle": oracle,
    }
    value = face.get("faceManaValue", face.get("manaValue"))
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1_000_000:
        card["mana_value"] = value
    colors, identity = _texts(face, "colors"), _texts(face, "colorIdentity")
    card["colors"] = [c for c in COLORS if c in colors]
    card["color_identity"] = [c for c in COLORS if c in identity]
    supertypes = [s for s in _texts(face, "supertypes") if s in SUPERTYPES]
    if supertypes:
        card["supertypes"] = supertypes
    subtypes = _texts(face, "subtypes")
    if subtypes:
        card["subtypes"] = subtypes
    for key in ("power", "toughness", "loyalty"):
        if isinstance(face.get(key), str):
            card[key] = face[key]
    keywords = _texts(face, "keywords")
    if keywords:
        card["keywords"] = keywords
    if "Land" in types:
        symbols: set[str] = set()
        for sentence in re.findall(r"\{T\}: Add ([^.]*)", card["oracle"]):
            symbols.update(re.findall(r"\{([WUBRGC])\}", sentence))
        produces = [c for c in ("W", "U", "B", "R", "G", "C") if c in symbols]
        if produces:
            card["produces"] = produces
    if card["name"] != name:
        card["aliases"] = [name]  # "Fire // Ice" finds its first face
    if _has_bad_text(card):
        return None
    card.update(read_behaviour(card))
    return card


def import_atomic_cards(source: Path, target: Path) -> ImportStats:
    """Read ``source`` into a new pool at ``target``; the old pool stays until it is whole.

    The new pool is written beside the target and renamed onto it only when
    every card has been read and checked against the card schema, and at
    least one card was found; any refusal leaves the old pool as it was.
    """
    import io

    from cardcli.cards.mtg.schemas import card_validator
    from cardcli.files import open_input, replace_whole

    validator = card_validator()
    stats = ImportStats()
    with open_input(str(source), "") as raw:
        stream = io.TextIOWrapper(raw, encoding="utf-8", errors="strict")
        try:
            with replace_whole(str(target), "--out") as (out, _real):
                for name, faces in iter_atomic_cards(stream, str(source)):
                    card = card_of(name, faces)
                    if card is None or any(True for _ in validator.iter_errors(card)):
                        stats.skipped += 1  # not a card of the model: left out
                        continue
                    line = json.dumps(card, ensure_ascii=False, separators=(",", ":"))
                    out.write((line + "\n").encode("utf-8"))
                    stats.cards += 1
                    if card.get("manual"):
                        stats.manual += 1
                    else:
                        stats.automated += 1
                if stats.cards == 0:
                    raise MtgjsonError(
                        f"{source}: no card found in its 'data': not an MTGJSON AtomicCards file; "
                        "the pool is unchanged"
                    )
        except UnicodeDecodeError:
            raise MtgjsonError(f"{source}: not UTF-8 text: not MTGJSON") from None
        except RecursionError:
            raise MtgjsonError(f"{source}: JSON nested too deeply: not MTGJSON") from None
    return stats
