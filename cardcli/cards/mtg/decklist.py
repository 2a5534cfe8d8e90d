"""Decklists: what every format reads into.

Every entry keeps the line it came from, so that every problem can name the
file, the line and the card. The formats, each in a module of its own that
reads into these types (``deckfile.py`` picks the reader for a file):

* native YAML (``.yaml``/``.yml``), see ``schemas/decklist.schema.json``
  (``yamldecks.py``);
* Arena/MTGO text and the like (``textdecks.py``): ``4 Lightning Bolt``,
  ``4x Lightning Bolt``, ``Lightning Helix`` (one copy),
  ``4 Lightning Bolt (M10) 146``, section headers, ``SB:`` lines;
* Forge ``.dck`` (``textdecks.py``): ``[metadata]`` with ``Name=``, then
  ``[Main]``, ``[Sideboard]``, ``[Commander]`` and lines ``4 Forest|DOM|1``;
* MTGO ``.dek`` XML and Cockatrice ``.cod`` XML (``xmldecks.py``).

A reader collects every problem of a line (a count out of range,
a line no card has) with its line number; only a file that is no decklist at
all (binary, broken YAML or XML, no card line) is a ``DeckError``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from cardcli.cards.mtg.model import Card
from cardcli.safeyaml import YamlError

SECTIONS = ("main", "sideboard", "commander")
MAX_DECK_BYTES = 4 * 1024 * 1024
MAX_COUNT = 1000
MAX_ENTRIES = 5000  # a decklist of more lines than this is not a decklist
MAX_LINE_CHARS = 1000  # no card line is longer; a longer one is not a decklist line
MAX_YAML_DECK_BYTES = 256 * 1024  # parsing YAML is slow: a decklist is far smaller
MAX_PROBLEMS = 100  # a file with more bad lines than this is not worth reading on
STDIN_NAME = "<stdin>"


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


def clean_name(name: str) -> str:
    """A card name as a decklist writes it, spaces tidied; ``Fire/Ice`` is ``Fire // Ice``.

    A token's power and toughness stay as written: ``Dinosaur 3/3`` is no split card.
    """
    name = name.strip()
    if "/" in name and "//" not in name and not _POWER_TOUGHNESS.search(name):
        name = name.replace("/", " // ")  # "Fire/Ice" as some exports write it
    return " ".join(name.split())


_POWER_TOUGHNESS = re.compile(r"(?:^|\s)(?:\d+|[xX])/(?:\d+|[xX])(?:$|\s)")


@dataclass
class Entry:
    count: int
    name: str
    line: int
    section: str = "main"
    printing: str | None = None  # "LCI 12" or "LCI" as the line wrote it: picks a token
    token: bool = False  # the line says it is a token card (the card of that name as one)


@dataclass
class Decklist:
    name: str
    path: str
    format: str | None = None
    entries: list[Entry] = field(default_factory=list)
    inline_cards: list[tuple[Card, int]] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)  # (line, what is wrong)
    notes: list[tuple[int, str]] = field(default_factory=list)  # (line, what was skipped)

    def section(self, name: str) -> list[Entry]:
        return [e for e in self.entries if e.section == name]

    def count(self, section: str = "main") -> int:
        return sum(e.count for e in self.entries if e.section == section)

    def problem(self, line: int, message: str) -> None:
        """A line that cannot be read; past ``MAX_PROBLEMS`` the file is no decklist."""
        self.problems.append((line, message))
        if len(self.problems) > MAX_PROBLEMS:
            raise DeckError(
                f"{self.path}:{line}: more than {MAX_PROBLEMS} lines that are no card lines: "
                "not a decklist"
            )


class DeckError(YamlError):
    """A decklist that cannot be read at all (exit code 2)."""


def display_name(path: Path) -> str:
    return STDIN_NAME if str(path) == "-" else str(path)
