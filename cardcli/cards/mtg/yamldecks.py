"""The native YAML decklist (``schemas/decklist.schema.json``), every problem at its line.

The schema is checked as a whole and every error is reported at the line of
the entry it is about (never a list index); the entries and inline cards
without an error are read, so one report lists everything wrong at once.
Only a file that is no YAML mapping at all is a ``DeckError``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardcli.cards.mtg.decklist import (
    MAX_ENTRIES,
    SECTIONS,
    DeckError,
    Decklist,
    Entry,
    clean_name,
)
from cardcli.cards.mtg.model import Card
from cardcli.safeyaml import KEY_LINES, LINE_KEY, load_yaml, without_lines

MAX_MESSAGE = 160


def parse_yaml_deck(text: str, name: str) -> Decklist:
    """The decklist ``text`` (read from ``name``), with every problem at its line.

    A decklist read before comes from the parse cache (``parsecache.py``):
    exactly what reading it gave, without YAML or the schema; one that cannot
    be read at all is read again, so that its error is the reader's own. A
    bundled decklist (the same text under the same file name, wherever it
    lies) comes from the layer shipped with cardcli.
    """
    from cardcli.cards.mtg import parsecache

    shipped = parsecache.shipped("bundled-deck", bundled_deck_source(text, name))
    deck = _decoded(_placed(shipped, name), name)
    if deck is not None:
        return deck
    source = f"{name}\0{text}".encode("utf-8", "surrogatepass")
    deck = _decoded(parsecache.load("yaml-deck", source), name)
    if deck is not None:
        return deck
    deck = _parsed(text, name)
    encoded = _encoded(deck)
    if _decoded(encoded, name) == deck:  # kept only if it comes back the same
        parsecache.store("yaml-deck", source, encoded)
    return deck


def bundled_deck_source(text: str, name: str) -> bytes:
    """The shipped layer's source of a decklist: its file name (not the folder it was
    installed in: the only thing in a read deck that says where it lies) and its text."""
    return f"{Path(name).name}\0{text}".encode("utf-8", "surrogatepass")


def shipped_value(text: str, name: str) -> dict[str, Any]:
    """What the shipped layer keeps for a decklist (``scripts/ship_parsed.py``)."""
    return _encoded(_parsed(text, Path(name).name))


def _placed(value: Any, name: str) -> Any:
    """A shipped decklist read from its file name, put where this one lies."""
    if isinstance(value, dict) and value.get("path") == Path(name).name:
        value["path"] = name
    return value


def _encoded(deck: Decklist) -> dict[str, Any]:
    """A decklist as plain JSON data (an inline card as the data it was made from)."""
    return {
        "name": deck.name,
        "path": deck.path,
        "format": deck.format,
        "entries": [
            [e.count, e.name, e.line, e.section, e.printing, e.token] for e in deck.entries
        ],
        "inline": [[dict(card.raw), card.source, line] for card, line in deck.inline_cards],
        "problems": [list(p) for p in deck.problems],
        "notes": [list(n) for n in deck.notes],
    }


def _decoded(value: Any, name: str) -> Decklist | None:
    """The decklist of ``_encoded``; None if ``value`` is not one (no entry, or damaged)."""
    if not isinstance(value, dict) or value.get("path") != name:
        return None
    try:
        deck = Decklist(name=value["name"], path=value["path"], format=value["format"])
        for count, card, line, section, printing, token in value["entries"]:
            deck.entries.append(Entry(count, card, line, section, printing, token))
        for data, source, line in value["inline"]:
            deck.inline_cards.append((Card.from_data(data, source), line))
        deck.problems = [(line, message) for line, message in value["problems"]]
        deck.notes = [(line, message) for line, message in value["notes"]]
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return deck


def _parsed(text: str, name: str) -> Decklist:
    data = load_yaml(text, name, lines=True)
    if not isinstance(data, dict):
        raise DeckError(f"{name}: a decklist is a mapping with name and main: not a decklist")
    entries = sum(len(data[s]) for s in SECTIONS if isinstance(data.get(s), list))
    if entries > MAX_ENTRIES:
        raise DeckError(f"{name}: more than {MAX_ENTRIES} entries: not a decklist")
    _numbers_as_text(data.get("cards"))
    deck = Decklist(name=Path(name).stem, path=name)
    broken: set[tuple[Any, ...]] = set()  # the entries and cards with a problem: not read
    for path, message in _schema_problems(without_lines(data)):
        deck.problem(_line_of(data, path), f"{_field(path)}: {_short(message)}")
        if len(path) >= 2 and isinstance(path[1], int):
            broken.add((path[0], path[1]))
        elif len(path) == 1:
            broken.add((path[0],))
    deck.problems.sort()
    if isinstance(data.get("name"), str) and data["name"].strip():
        deck.name = data["name"]
    if isinstance(data.get("format"), str) and ("format",) not in broken:
        deck.format = data["format"]
    for section in SECTIONS:
        items = data.get(section)
        if not isinstance(items, list) or (section,) in broken:
            continue
        for index, item in enumerate(items):
            if (section, index) in broken:
                continue
            if not isinstance(item["count"], int):  # JSON Schema counts 4.0 as an integer
                deck.problem(item[LINE_KEY], f"count {item['count']} is not a whole number")
                continue
            deck.entries.append(
                Entry(item["count"], clean_name(item["card"]), item[LINE_KEY], section)
            )
    cards = data.get("cards")
    if isinstance(cards, list) and ("cards",) not in broken:
        for index, item in enumerate(cards):
            if ("cards", index) not in broken:
                source = f"{Path(name).name} (inline)"
                deck.inline_cards.append(
                    (Card.from_data(without_lines(item), source), item[LINE_KEY])
                )
    if not deck.entries and not deck.problems:
        raise DeckError(f"{name}: no cards found in main")
    return deck


def _field(path: list[Any]) -> str:
    """What an error is about, by name: ``main entry count``, ``inline card power``."""
    words = [str(part) for part in path if not isinstance(part, int)]
    if not words:
        return "decklist"
    first = {"cards": "inline card"}.get(
        words[0], f"{words[0]} entry" if len(path) > 1 else words[0]
    )
    return " ".join([first, *words[1:]])


def _short(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 3] + "..."


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
    """The line of the deepest mapping or list item on ``path`` (1 for the file itself)."""
    line = data.get(LINE_KEY, 1) if isinstance(data, dict) else 1
    node = data
    for part in path:
        item_lines = getattr(node, "lines", None)
        if isinstance(part, int) and isinstance(item_lines, list) and part < len(item_lines):
            line = item_lines[part]
        elif isinstance(node, dict) and isinstance(node.get(KEY_LINES), dict):
            line = node[KEY_LINES].get(part, line)
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
