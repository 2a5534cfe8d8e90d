"""Decklists as text: Arena, MTGO, Moxfield-style lists and Forge ``.dck`` files.

The Horde app's lines (``55 TMH2 token NO Zombie ORACLE-ID CARD-ID``) read
as ``55 Zombie (TMH2)``, a token where its type says so.

Arena/MTGO text: ``4 Lightning Bolt``, ``4x Shock``, ``Lightning Helix`` (no
count: one copy, as Arena, MTGO and Moxfield read it), ``2 Lava Axe (M10) 146``,
``4 [M10] Lightning Bolt`` (MWS), ``1 Fire // Ice``; headers ``Deck``,
``Sideboard``, ``Commander``, ``Companion`` (with or without ``:`` and a
``(N)`` count) and an ``About`` section whose ``Name`` names the deck; ``SB:``
lines; ``#``/``//`` comments and group headings (``Creatures (24)``). In MTGO
text a blank line after the main deck starts the sideboard.

Forge ``.dck``: ``[metadata]`` with ``Name=``, then ``[Main]``, ``[Sideboard]``
and ``[Commander]`` with lines ``4 Forest|DOM|1``; other sections (``[Planes]``,
``[Schemes]``...) hold no cards of a Magic deck and are skipped with a note.

Written by hand, line by line, never one regular expression over a line: every
reader runs in time linear in its input, whatever the input holds.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardcli.cards.mtg.decklist import (
    MAX_COUNT,
    MAX_ENTRIES,
    MAX_LINE_CHARS,
    DeckError,
    Decklist,
    Entry,
    clean_name,
    count_problem,
    parse_count,
)

HEADERS = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "main deck": "main",
    "mainboard": "main",
    "sideboard": "sideboard",
    "side": "sideboard",
    "commander": "commander",
    "commanders": "commander",
    "companion": "sideboard",
}
# Group headings some sites write between cards ("Creatures (24)"): no cards, no section.
GROUP_HEADINGS = {
    "creature", "creatures", "land", "lands", "instant", "instants", "sorcery", "sorceries",
    "artifact", "artifacts", "enchantment", "enchantments", "planeswalker", "planeswalkers",
    "battle", "battles", "spells", "other spells", "other", "others",
}  # fmt: skip
FORGE_SECTIONS = {"main": "main", "sideboard": "sideboard", "commander": "commander"}
NOT_IN_NAMES = set("{}[]<>=\\")  # no card name holds these: such a line is no card line
_SET_AND_NUMBER = re.compile(r"\(([A-Za-z0-9_]{2,6})\)(?:[ \t]+[\w\-★]+)?")
_PRINTING = re.compile(r"[A-Za-z0-9_]{2,8}(?: [\w\-★]{1,12})?")
PROBE_LINES = 50  # lines looked at to tell a format by its content
_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
# The Horde app (Valcur/The-Horde-iPad-App): COUNT SET TYPE FLASHBACK NAME ORACLE-ID CARD-ID.
_HORDE_APP_LINE = re.compile(
    r"(\d{1,4}) ([A-Z0-9]{2,6}) ([A-Za-z]+) (\S+) (.{1,200}?) " + _UUID + " " + _UUID
)


def kind_of(suffix: str, text: str) -> str:
    """``yaml``, ``xml``, ``forge`` or ``text``: by the suffix where it tells, else by content."""
    if suffix in (".yaml", ".yml"):
        return "yaml"
    if suffix in (".dek", ".cod") or text.lstrip().startswith("<"):
        return "xml"
    if suffix == ".dck":
        return "forge"
    keys = items = False
    seen = 0
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        seen += 1
        if seen > PROBE_LINES:
            break
        if line.lower() in ("[metadata]", "[main]"):
            return "forge"
        if raw.startswith("name:") or (raw.startswith("main:") and raw[5:].strip()):
            return "yaml"  # no text deck line is "name: ..."; "main: []" is YAML's
        keys = keys or raw.startswith(("main:", "sideboard:", "commander:", "cards:"))
        items = items or line.startswith("- ")
    return "yaml" if keys and items else "text"


def _shown(line: str) -> str:
    return line if len(line) <= 60 else line[:57] + "..."


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


def _name_and_printing(rest: str) -> tuple[str, str | None]:
    """The name, and what says which printing: ``(M10) 146``, ``[M10]``, ``|M10|1``.

    The printing is kept as ``M10 146`` (or ``M10``): it picks a token among
    tokens of one name; for a card it changes nothing.
    """
    printing: str | None = None
    if rest.startswith("["):  # MWS: "4 [M10] Lightning Bolt"
        close = rest.find("]")
        if 0 < close <= 12:
            printing = rest[1:close].strip() or None
            rest = rest[close + 1 :].lstrip()
    bar = rest.find("|")  # Forge: "Forest|DOM|1"
    if bar >= 0:
        parts = [p.strip() for p in rest[bar + 1 :].split("|")]
        printing = " ".join(p for p in parts[:2] if p) or None
        rest = rest[:bar]
    rest = rest.rstrip()
    if rest.endswith("]"):  # "Lightning Bolt [M10]"
        opening = rest.rfind("[")
        if opening > 0 and rest[opening - 1].isspace() and len(rest) - opening <= 12:
            printing = rest[opening + 1 : -1].strip() or None
            rest = rest[:opening]
    opening = rest.rfind("(")
    tail = rest[opening:].rstrip() if opening > 0 and rest[opening - 1].isspace() else ""
    if tail and _SET_AND_NUMBER.fullmatch(tail):
        printing = " ".join(tail[1:].replace(")", " ", 1).split())
        rest = rest[:opening]
    if printing is not None and not _PRINTING.fullmatch(printing):
        printing = None
    return rest.strip(), printing.upper() if printing else None


def split_entry(line: str) -> tuple[str | None, str, str | None]:
    """``4 Lightning Bolt (M10) 146`` -> ("4", "Lightning Bolt", "M10 146"); no count -> None.

    >>> split_entry("4x Shock"), split_entry("Lightning Helix"), split_entry("4 Forest|DOM|1")
    (('4', 'Shock', None), (None, 'Lightning Helix', None), ('4', 'Forest', 'DOM 1'))
    """
    parts = line.split(None, 1)
    if not parts:
        return None, "", None
    token, rest = parts[0], parts[1] if len(parts) == 2 else ""
    digits: str | None
    if token[-1:] in ("x", "X") and token[:-1].isdigit():
        digits = token[:-1]
    elif token.isdigit():
        digits = token
        if rest[:1] in ("x", "X") and rest[1:2].isspace():
            rest = rest[1:].lstrip()  # "4 x Lightning Bolt"
    else:
        digits, rest = None, line
    name, printing = _name_and_printing(rest)
    return digits, name, printing


def add_card_line(
    deck: Decklist, number: int, line: str, section: str, token: bool = False
) -> None:
    """One card line into ``deck``; what is wrong with it becomes a problem of its line."""
    digits, name, printing = split_entry(line)
    if not name:
        deck.problem(number, f"'{_shown(line)}' names no card (write e.g. '4 Lightning Bolt')")
        return
    if any(char in NOT_IN_NAMES for char in name):
        deck.problem(number, f"not a card line: '{_shown(line)}' (write e.g. '4 Lightning Bolt')")
        return
    count = 1
    if digits is not None:
        parsed = parse_count(digits)
        if parsed is None or not 1 <= parsed <= MAX_COUNT:
            deck.problem(number, f"{clean_name(name)}: {count_problem(digits)}")
            return
        count = parsed
    deck.entries.append(Entry(count, clean_name(name), number, section, printing, token))
    if len(deck.entries) > MAX_ENTRIES:
        raise DeckError(f"{deck.path}:{number}: more than {MAX_ENTRIES} card lines: not a decklist")


def _header(line: str) -> str | None:
    """The section a header line starts, ``group`` for a group heading, else None."""
    lowered = line.lower().rstrip(":").rstrip()
    if lowered.endswith(")"):  # "Sideboard (15)"
        opening = lowered.rfind("(")
        if opening > 0 and lowered[opening + 1 : -1].isdigit():
            lowered = lowered[:opening].rstrip().rstrip(":").rstrip()
    if lowered in HEADERS:
        return HEADERS[lowered]
    return "group" if lowered in GROUP_HEADINGS else None


def _too_long(deck: Decklist, number: int, raw: str) -> bool:
    if len(raw) <= MAX_LINE_CHARS:
        return False
    deck.problem(
        number,
        f"a line of {len(raw)} characters (at most {MAX_LINE_CHARS}): not a decklist line",
    )
    return True


def parse_text_deck(text: str, name: str) -> Decklist:
    deck = Decklist(name=Path(name).stem, path=name)
    section = "main"
    saw_header = seen_entries = blank_after_entries = False
    in_about = False
    about_skipped: list[int] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if _too_long(deck, number, raw):
            continue
        line = raw.strip()
        if not line:
            in_about = False  # the About section ends at a blank line or a header
            if seen_entries and not saw_header:
                blank_after_entries = True
            continue
        if line.startswith("#") or line.startswith("//"):
            blank_after_entries = False  # a commented group heading, not a sideboard break
            continue
        header = _header(line)
        if line.lower().rstrip(":") == "about":
            in_about = True
            continue
        if header is not None:
            in_about = False
            if header == "group":
                blank_after_entries = False
                continue
            section = header
            saw_header = True
            continue
        if in_about:
            if line.lower().startswith("name ") and line[5:].strip():
                deck.name = line[5:].strip()
            else:
                about_skipped.append(number)  # "pilot ...", "Event ...", "Thumbnail ...": not read
            continue
        target = section
        if line[:3].upper() == "SB:":
            line = line[3:].strip()
            target = "sideboard"
        elif blank_after_entries and section == "main":
            section = target = "sideboard"  # MTGO text: the sideboard follows a blank line
        app = _HORDE_APP_LINE.fullmatch(line)
        if app is not None:  # The Horde app: "55 TMH2 token NO Zombie <oracle id> <card id>"
            count, code, kind, _flashback, card = app.groups()
            add_card_line(deck, number, f"{count} {card} ({code})", target, "oken" in kind)
        else:
            add_card_line(deck, number, _without_trailing(line), target)
        seen_entries = True
    if about_skipped:
        shown = ", ".join(map(str, about_skipped[:5])) + ("..." if len(about_skipped) > 5 else "")
        which = f"lines {shown}" if len(about_skipped) > 1 else f"line {shown}"
        deck.notes.append(
            (about_skipped[0], f"the About section's lines other than Name are not read ({which})")
        )
    return _finished(deck)


def parse_forge_deck(text: str, name: str) -> Decklist:
    """A Forge ``.dck`` file: ``[metadata]`` ``Name=``, then sections of card lines."""
    deck = Decklist(name=Path(name).stem, path=name)
    section: str | None = "main"  # lines before any section header count as the main deck
    for number, raw in enumerate(text.splitlines(), start=1):
        if _too_long(deck, number, raw):
            continue
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        if line.startswith("[") and line.endswith("]"):
            title = line[1:-1].strip()
            if title.lower() == "metadata":
                section = "metadata"
                continue
            section = FORGE_SECTIONS.get(title.lower())
            if section is None:
                deck.notes.append(
                    (number, f"[{title}] holds no cards of a Magic deck cardcli checks: not read")
                )
            continue
        if section == "metadata":
            key, _, value = line.partition("=")
            if key.strip().lower() == "name" and value.strip():
                deck.name = value.strip()
            continue
        if section is not None:
            add_card_line(deck, number, line, section)
    return _finished(deck)


def _finished(deck: Decklist) -> Decklist:
    """A deck with no card line at all is no decklist (exit 2)."""
    if deck.entries:
        return deck
    if deck.problems:
        line, message = deck.problems[0]
        raise DeckError(f"{deck.path}:{line}: {message}; no line is a card line: not a decklist")
    raise DeckError(f"{deck.path}: no cards found (write e.g. '4 Lightning Bolt' a line)")
