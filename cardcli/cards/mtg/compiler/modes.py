"""Modal spells and abilities (700.2): "Choose one —" and the bulleted modes after it.

A modal line and its bullets are one unit: the spell's ``modes`` and ``choose``
(instead of ``spell``), or a triggered or activated ability with them (instead
of ``effects``). Every mode must compile; a mode left unread would be a choice
the engine cannot offer, so the whole unit is then left to the players.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardcli.cards.mtg.compiler.context import Context
from cardcli.cards.mtg.compiler.text import Line

_HEAD = re.compile(
    r"^(?P<lead>.*?)(?:C|c)hoose (?P<n>one|two|three|one or more|one or both|any number|"
    r"up to one|up to two) —$"
)


@dataclass(frozen=True)
class ModalLines:
    """A "Choose ... —" line and its bullets."""

    head: Line
    lead: str  # what comes before "choose": "" for a spell, "When ~ enters, ", "{T}: "
    count: str
    bullets: tuple[Line, ...]

    @property
    def printed(self) -> list[str]:
        return [self.head.printed, *(b.printed for b in self.bullets)]


def grouped(lines: list[Line]) -> list[Line | ModalLines]:
    """The lines, each modal line with its bullets as one unit."""
    found: list[Line | ModalLines] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        head = _HEAD.match(line.text)
        bullets: list[Line] = []
        if head is not None:
            index += 1
            while index < len(lines) and lines[index].text.startswith("•"):
                bullets.append(lines[index])
                index += 1
            if len(bullets) >= 2:
                found.append(ModalLines(line, head.group("lead"), head.group("n"), tuple(bullets)))
                continue
            found.append(line)
            found.extend(bullets)
            continue
        found.append(line)
        index += 1
    return found


def choose_of(count: str, modes: int) -> dict[str, int]:
    """ "one or more" of three modes -> ``{min: 1, max: 3}``."""
    table = {
        "one": (1, 1), "two": (2, 2), "three": (3, 3), "one or more": (1, modes),
        "one or both": (1, 2), "any number": (0, modes), "up to one": (0, 1),
        "up to two": (0, 2),
    }  # fmt: skip
    low, high = table[count]
    return {"min": low, "max": min(high, modes)}


def modes_of(
    unit: ModalLines,
    ctx: Context,
    body: Callable[[str, Context], list[dict[str, Any]] | None],
) -> list[dict[str, Any]] | None:
    """Each bullet's effects (``body`` compiles a bullet's sentences), or None if one fails."""
    modes = []
    for bullet in unit.bullets:
        text = bullet.text.lstrip("•").strip()
        effects = body(text, ctx)
        if not effects:
            return None
        modes.append({"text": bullet.printed.lstrip("•").strip(), "effects": effects})
    if unit.count in ("two", "three") and len(modes) < int({"two": 2, "three": 3}[unit.count]):
        return None
    return modes
