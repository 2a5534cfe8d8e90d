"""Oracle text made ready to read: reminders dropped, the card's own name as ``~``, lines.

A card names itself by its name, by the part of a legend's name before the
comma ("Ghave" for "Ghave, Guru of Spores"), and since 2025 by "this creature",
"this land" and the like: all become ``~`` so that one phrase reads them all.
Reminder text (in parentheses) has no rules meaning and goes. An ability word
("Landfall —") has none either and goes too. Quoted text (an ability granted to
something else) is kept whole: its "this creature" is not the card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_REMINDER = re.compile(r" ?\([^()]*\)")
_QUOTED = re.compile(r"\"[^\"]*\"")
_THIS = re.compile(
    r"\bthis (creature|land|artifact|enchantment|permanent|spell|Aura|Equipment|Vehicle|"
    r"card|token|planeswalker|Saga|Class|Case|Room|battle|Spacecraft)\b",
    re.IGNORECASE,
)
# An ability word: a few capitalised words and a dash before a trigger or ability (207.2c).
_ABILITY_WORD = re.compile(r"^(?:[A-Z][\w'’-]*(?: [\w'’-]+){0,4}) — (?=[A-Z{+−-])")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z{•~])")


@dataclass(frozen=True)
class Line:
    """One line of Oracle text (an ability, or a spell's paragraph), made ready."""

    text: str  # with ~ for the card and no reminder text
    printed: str  # as the card prints it (for the ability's ``text``)


def self_names(name: str) -> list[str]:
    """The ways a card names itself, longest first."""
    names = [name]
    if ", " in name:
        names.append(name.split(", ")[0])
    elif " of " in name and name.split(" of ")[0] != name:
        pass  # "Kaalia of the Vast" says its whole name
    return sorted(set(names), key=len, reverse=True)


def without_reminders(text: str) -> str:
    """The text with reminder text (in parentheses) dropped, quotes left whole."""
    return _REMINDER.sub("", text).strip()


def with_tilde(text: str, names: list[str]) -> str:
    """The card's own name (and "this creature"...) as ``~``, outside quoted text."""
    parts = []
    last = 0
    for quoted in _QUOTED.finditer(text):
        parts.append(_tilde(text[last : quoted.start()], names))
        parts.append(quoted.group(0))
        last = quoted.end()
    parts.append(_tilde(text[last:], names))
    return "".join(parts)


def _tilde(text: str, names: list[str]) -> str:
    for name in names:
        text = text.replace(name, "~")
    return _THIS.sub("~", text)


def lines_of(oracle: str, name: str) -> list[Line]:
    """The card's Oracle text as lines, each ready to read."""
    names = self_names(name)
    found = []
    for printed in oracle.split("\n"):
        printed = printed.strip()
        text = without_reminders(printed)
        text = _ABILITY_WORD.sub("", text)
        text = with_tilde(text, names).strip()
        if text:
            found.append(Line(text, printed))
    return found


def sentences(text: str) -> list[str]:
    """The sentences of a line, quoted text kept whole: "Draw a card. Scry 1." -> two."""
    masked = _QUOTED.sub(lambda m: "\0" * len(m.group(0)), text)
    found = []
    start = 0
    for end in _SENTENCE_END.finditer(masked):
        found.append(text[start : end.start()].strip())
        start = end.end()
    found.append(text[start:].strip())
    return [s for s in found if s]


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:1] != "~" else text


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]
