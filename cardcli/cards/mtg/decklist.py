"""Decklists: the native YAML format and the formats people paste or export.

Every entry keeps the line it came from, so that every problem can name the
file, the line and the card.

* native YAML (``.yaml``/``.yml``), see ``schemas/decklist.schema.json``;
* Arena/MTGO text: ``4 Lightning Bolt``, ``4x Lightning Bolt``,
  ``4 Lightning Bolt (M10) 146``, headers ``Deck``/``Sideboard``/``Commander``/
  ``Companion``, ``SB: 2 Negate`` lines, ``//`` and ``#`` comments, split cards
  ``Fire // Ice``; in MTGO text a blank line after the main deck starts the
  sideboard;
* MTGO ``.dek`` XML and Cockatrice ``.cod`` XML, read with expat and no
  entity declarations allowed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardcli.cards.mtg.model import Card
from cardcli.safeyaml import LINE_KEY, YamlError, load_yaml, read_text, without_lines

SECTIONS = ("main", "sideboard", "commander")
MAX_DECK_BYTES = 4 * 1024 * 1024
MAX_COUNT = 1000

_HEADERS = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "main deck": "main",
    "sideboard": "sideboard",
    "side": "sideboard",
    "commander": "commander",
    "commanders": "commander",
    "companion": "sideboard",
}
MAX_ENTRIES = 5000  # a decklist of more lines than this is not a decklist
MAX_LINE_CHARS = 1000  # no card line is longer; a longer one is not a decklist line
MAX_YAML_DECK_BYTES = 256 * 1024  # parsing YAML is slow: a decklist is far smaller
_SET_AND_NUMBER = re.compile(r"\(([A-Za-z0-9_]{2,6})\)(?:[ \t]+[\w\-★]+)?")


def parse_count(text: str) -> int | None:
    """A count written in ASCII digits, leading zeros allowed; None if it is not one.

    Bounded: a count of any length is read in time linear in its length, and
    one beyond ``MAX_COUNT`` comes back as ``MAX_COUNT + 1`` (out of range).

    >>> parse_count("0000004"), parse_count("4"), parse_count("1" + "0" * 30), parse_count("٤")
    (4, 4, 1001, None)
    """
    if not text or not (text.isascii() and text.isdigit()):
        return None
    significant = text.lstrip("0") or "0"
    if len(significant) > len(str(MAX_COUNT)):
        return MAX_COUNT + 1
    return min(int(significant), MAX_COUNT + 1)


def count_problem(text: str) -> str:
    """Why a count is refused, showing a long one shortened."""
    shown = text if len(text) <= 12 else f"{text[:6]}...({len(text)} digits)"
    return f"a count of {shown} is out of range (1 to {MAX_COUNT})"


def _without_trailing(line: str) -> str:
    """The line without a ``# comment`` after a space and an Arena ``*F*`` foil mark."""
    start = 0
    while True:
        hash_at = line.find("#", start)
        if hash_at <= 0:
            break
        if line[hash_at - 1].isspace():
            line = line[:hash_at]
            break
        start = hash_at + 1
    line = line.rstrip()
    foil = len(line) >= 4 and line[-3] == "*" == line[-1] and line[-2].isalpha()
    if foil and line[-4].isspace():
        line = line[:-3].rstrip()
    return line


def split_entry(line: str) -> tuple[str, str] | None:
    """``4 Lightning Bolt (M10) 146`` -> ("4", "Lightning Bolt"); None if no card line.

    Written by hand, not as one regular expression: it runs in time linear in
    the line, whatever the line holds.
    """
    parts = line.split(None, 1)
    if len(parts) != 2:
        return None
    token, rest = parts
    if token[-1:] in ("x", "X") and token[:-1].isdigit():
        digits = token[:-1]
    elif token.isdigit():
        digits = token
        if rest[:1] in ("x", "X") and rest[1:2].isspace():
            rest = rest[1:].lstrip()  # "4 x Lightning Bolt"
    else:
        return None
    opening = rest.rfind("(")
    tail = rest[opening:].rstrip() if opening > 0 and rest[opening - 1].isspace() else ""
    if tail and _SET_AND_NUMBER.fullmatch(tail):
        rest = rest[:opening]
    name = rest.strip()
    return (digits, name) if name else None


@dataclass
class Entry:
    count: int
    name: str
    line: int
    section: str = "main"


@dataclass
class Decklist:
    name: str
    path: str
    format: str | None = None
    entries: list[Entry] = field(default_factory=list)
    inline_cards: list[tuple[Card, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # things the reader skipped or assumed

    def section(self, name: str) -> list[Entry]:
        return [e for e in self.entries if e.section == name]

    def count(self, section: str = "main") -> int:
        return sum(e.count for e in self.entries if e.section == section)


class DeckError(YamlError):
    """A decklist that cannot be read at all (exit code 2)."""


def load_decklist(path: Path) -> Decklist:
    text = read_text(path, limit=MAX_DECK_BYTES)
    suffix = path.suffix.lower()
    if suffix in (".yaml", ".yml"):
        if len(text) > MAX_YAML_DECK_BYTES:
            raise DeckError(
                f"{path}: {len(text)} characters; a YAML decklist has at most {MAX_YAML_DECK_BYTES}"
            )
        return parse_yaml_deck(text, str(path))
    if suffix in (".dek", ".cod") or text.lstrip().startswith("<"):
        from cardcli.cards.mtg.xmldecks import parse_xml_deck

        return parse_xml_deck(text, str(path))
    return parse_text_deck(text, str(path))


def parse_text_deck(text: str, name: str) -> Decklist:
    deck = Decklist(name=Path(name).stem, path=name)
    section = "main"
    saw_header = False
    seen_entries = False
    blank_after_entries = False
    expect_name = False
    for number, raw in enumerate(text.splitlines(), start=1):
        if len(raw) > MAX_LINE_CHARS:
            raise DeckError(
                f"{name}:{number}: a line of {len(raw)} characters (at most {MAX_LINE_CHARS}): not a decklist line"
            )
        line = raw.strip()
        if not line:
            if seen_entries and not saw_header:
                blank_after_entries = True
            continue
        if line.startswith("#") or line.startswith("//"):
            blank_after_entries = False  # a commented group heading, not a sideboard break
            continue
        lowered = line.lower().rstrip(":")
        if expect_name and lowered.startswith("name "):
            deck.name = line[5:].strip() or deck.name
            expect_name = False
            continue
        if lowered == "about":
            expect_name = True
            continue
        if lowered in _HEADERS:
            section = _HEADERS[lowered]
            saw_header = True
            continue
        target = section
        if line[:3].upper() == "SB:":
            line = line[3:].strip()
            target = "sideboard"
        elif blank_after_entries and section == "main":
            section = target = "sideboard"  # MTGO text: the sideboard follows a blank line
        line = _without_trailing(line)  # "# burn" comments and Arena's *F* foil marks
        entry = split_entry(line)
        if entry is None:
            raise DeckError(
                f"{name}:{number}: not a card line: '{line[:60]}' (write e.g. '4 Lightning Bolt')"
            )
        count = parse_count(entry[0])
        if count is None or not 1 <= count <= MAX_COUNT:
            raise DeckError(f"{name}:{number}: {count_problem(entry[0])}")
        deck.entries.append(Entry(count, _clean_name(entry[1]), number, target))
        seen_entries = True
        if len(deck.entries) > MAX_ENTRIES:
            raise DeckError(f"{name}:{number}: more than {MAX_ENTRIES} card lines: not a decklist")
    if not deck.entries:
        raise DeckError(f"{name}: no cards found")
    return deck


def _clean_name(name: str) -> str:
    name = name.strip()
    if "/" in name and "//" not in name:
        name = name.replace("/", " // ")  # "Fire/Ice" as some exports write it
    return " ".join(name.split())


def parse_yaml_deck(text: str, name: str) -> Decklist:
    data = load_yaml(text, name, lines=True)
    if not isinstance(data, dict):
        raise DeckError(f"{name}: a decklist is a mapping with name and main")
    entries = sum(len(data[s]) for s in SECTIONS if isinstance(data.get(s), list))
    if entries > MAX_ENTRIES:
        raise DeckError(f"{name}: more than {MAX_ENTRIES} entries: not a decklist")
    _numbers_as_text(data.get("cards"))
    problems = _schema_problems(without_lines(data))
    if problems:
        where, message = problems[0]
        line = _line_of(data, where)
        shown = message if len(message) <= 160 else message[:157] + "..."
        raise DeckError(f"{name}:{line}: {'/'.join(map(str, where)) or 'decklist'}: {shown}")
    deck = Decklist(name=data["name"], path=name, format=data.get("format"))
    for section in SECTIONS:
        for item in data.get(section) or []:
            if not isinstance(item["count"], int):  # JSON Schema counts 4.0 as an integer
                raise DeckError(
                    f"{name}:{item[LINE_KEY]}: count {item['count']} is not a whole number"
                )
            deck.entries.append(
                Entry(item["count"], _clean_name(item["card"]), item[LINE_KEY], section)
            )
    for item in data.get("cards") or []:
        deck.inline_cards.append(
            (
                Card.from_data(without_lines(item), source=f"{Path(name).name} (inline)"),
                item[LINE_KEY],
            )
        )
    return deck


def _numbers_as_text(cards: Any) -> None:
    """Inline cards may write ``power: 2``: the model keeps such values as text."""
    if not isinstance(cards, list):
        return
    for card in cards:
        if isinstance(card, dict):
            for key in ("power", "toughness", "loyalty"):
                if isinstance(card.get(key), int) and not isinstance(card[key], bool):
                    card[key] = str(card[key])


def _line_of(data: Any, path: list[Any]) -> int:
    line = data.get(LINE_KEY, 1) if isinstance(data, dict) else 1
    node = data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict):
            line = node.get(LINE_KEY, line)
    return int(line)


def _schema_problems(data: dict[str, Any]) -> list[tuple[list[Any], str]]:
    from cardcli.cards.mtg.schemas import deck_validator

    errors = sorted(deck_validator().iter_errors(data), key=lambda e: list(map(str, e.path)))
    return [(list(e.path), e.message) for e in errors]
