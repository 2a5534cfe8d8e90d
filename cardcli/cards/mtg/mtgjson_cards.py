"""MTGJSON card and token objects as records of the card model: facts only.

A record is a card of ``schemas/card.schema.json`` without behaviour; the card
model compiles behaviour from its Oracle text when it is looked up
(``behaviour.py``). Every field is read with its type checked: a field of the
wrong type is left out, or the card is when the field is essential.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.model import COLORS

SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing"}
# Not cards of a deck or a game: tokens come from set files, the rest is no card at all.
SKIPPED_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series"}
MAX_ORACLE_CHARS = 5000  # the longest Oracle text is under 1,500 characters
MAX_NAME_CHARS = 141  # the longest name, faces and " // " included, is 141 characters
MAX_FIELD_ITEMS = 100  # types, subtypes, keywords, colours: a card has a handful
_SURROGATE = re.compile("[\ud800-\udfff]")
_LAND_MANA = re.compile(r"\{T\}: Add ([^.]*)")
_MANA_LETTER = re.compile(r"\{([WUBRGC])\}")


def _text(face: dict[str, Any], key: str) -> str | None:
    value = face.get(key)
    return value if isinstance(value, str) else None


def _texts(face: dict[str, Any], key: str) -> list[str]:
    """A list of strings, or [] for anything else (a wrong type is data we do not use)."""
    value = face.get(key)
    if not isinstance(value, list) or len(value) > MAX_FIELD_ITEMS:
        return []
    return [item for item in value if isinstance(item, str)]


def _number(face: dict[str, Any], key: str) -> float | None:
    value = face.get(key)
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1e6:
        return value
    return None


def _has_bad_text(value: Any) -> bool:
    """Lone surrogates (from escapes) cannot be written as UTF-8: such a card is left out."""
    if isinstance(value, str):
        return bool(_SURROGATE.search(value))
    if isinstance(value, list):
        return any(_has_bad_text(item) for item in value)
    if isinstance(value, dict):
        return any(_has_bad_text(item) for item in value.values())
    return False


def _variant(faces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The faces of one card: where MTGJSON lists two cards of one name (a playtest
    card beside the real one), the real one, else the first."""
    if len(faces) < 2 or any(f.get("side") is not None for f in faces):
        return faces
    real = [f for f in faces if not f.get("isFunny")]
    return [real[0] if real else faces[0]]


def card_record(name: str, faces: list[Any]) -> dict[str, Any] | None:
    """One MTGJSON card (its faces) as a record, or None for what is no card to play.

    A card of one face is that face. A card of several (split, aftermath,
    adventure, transform, modal double-faced, flip, meld) is one card named as
    MTGJSON names it (``Dead // Gone``), found by each face's name too. Its facts
    are its front face's, except that a split card has the types, colours,
    keywords and mana value of its halves together (rule 709.4). Its Oracle text
    holds every face's name, cost, type line and text, and ``faces`` each face's
    facts, so that each face can be read on its own.
    """
    usable = [face for face in faces if isinstance(face, dict)]
    if len(usable) != len(faces) or not usable:
        return None
    usable = _variant(usable)
    if len(usable) == 1:
        return face_record(name, usable[0])
    front = next((f for f in usable if f.get("side") in (None, "a")), None)
    card = face_record(name, front) if front is not None else None
    if card is None or len(name) > MAX_NAME_CHARS:
        return None
    parts = []
    face_records = []
    for face in usable:
        face_name, kind = _text(face, "faceName"), _text(face, "type")
        record = face_record(face_name or "", face)
        if face_name is None or kind is None or record is None:
            return None
        text = record["oracle"]
        if "power" in record:
            text = f"{record['power']}/{record.get('toughness')}\n{text}"
        elif "loyalty" in record:
            text = f"Loyalty {record['loyalty']}\n{text}"
        parts.append(f"{face_name} {record['mana_cost']}".rstrip() + f": {kind}\n{text}".rstrip())
        record.pop("aliases", None)
        record.pop("color_identity", None)
        face_records.append(record)
    oracle = "\n//\n".join(parts)
    if len(oracle) > MAX_ORACLE_CHARS:
        return None
    layout = _text(usable[0], "layout") or "multi-face"
    card["aliases"] = [f["name"] for f in face_records if f["name"] != name]
    card["name"] = name
    card["oracle"] = oracle
    card["layout"] = layout
    card["faces"] = face_records
    if layout in ("split", "aftermath"):
        together: dict[str, list[str]] = {"types": [], "colors": [], "keywords": []}
        for face in usable:
            for key, found in together.items():
                found.extend(x for x in _texts(face, key) if x not in found)
        card["types"] = together["types"] or card["types"]
        card["colors"] = [c for c in COLORS if c in together["colors"]]
        if together["keywords"]:
            card["keywords"] = together["keywords"]
        value = _number(usable[0], "manaValue")
        if value is not None:
            card["mana_value"] = value
    return card


def face_record(name: str, face: dict[str, Any]) -> dict[str, Any] | None:
    """One MTGJSON face as a record, or None for what cannot be a card of the model."""
    types = _texts(face, "types")
    layout = _text(face, "layout")
    if not types or layout in SKIPPED_LAYOUTS:
        return None
    for key in ("text", "manaCost", "faceName", "power", "toughness", "loyalty", "defense"):
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
    value = _number(face, "faceManaValue")
    value = value if value is not None else _number(face, "manaValue")
    if value is not None:
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
    for key in ("power", "toughness", "loyalty", "defense"):
        if isinstance(face.get(key), str):
            card[key] = face[key]
    keywords = _texts(face, "keywords")
    if keywords:
        card["keywords"] = keywords
    if "Land" in types:
        produces = _land_mana(face, oracle)
        if produces:
            card["produces"] = produces
    if card["name"] != name:
        card["aliases"] = [name]  # "Fire // Ice" finds its first face
    if _has_bad_text(card):
        return None
    return card


def _land_mana(face: dict[str, Any], oracle: str) -> list[str]:
    """The mana a land taps for: MTGJSON's producedMana, else its '{T}: Add' sentences."""
    symbols = set(_texts(face, "producedMana"))
    if not symbols:
        for sentence in _LAND_MANA.findall(oracle):
            symbols.update(_MANA_LETTER.findall(sentence))
    return [c for c in ("W", "U", "B", "R", "G", "C") if c in symbols]


def token_record(token: Any) -> dict[str, Any] | None:
    """An MTGJSON token object (from a set file) as a token record, or None.

    Its set code and collector number are kept as ``printing`` so that a
    decklist line ``Dinosaur (TLCI) 7`` can pick it among tokens of one name.
    """
    if not isinstance(token, dict) or not isinstance(token.get("name"), str):
        return None
    face = dict(token)
    face["types"] = [t for t in _texts(token, "types") if t != "Token"]
    face.pop("faceName", None)
    face["layout"] = "normal"
    record = face_record(token["name"], face)
    if record is None:
        return None
    record.pop("aliases", None)
    record.pop("color_identity", None)
    record.pop("mana_value", None)
    record["token"] = True
    code, number = _text(token, "setCode"), _text(token, "number")
    if code and number and len(code) <= 8 and len(number) <= 12:
        record["printing"] = f"{code.upper()} {number}"
    return record
