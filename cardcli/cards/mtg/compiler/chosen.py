"""Lines about a choice made as the permanent enters (614.12, 607.2a).

"As this land enters, choose a color other than green." and "As this creature enters,
choose a creature type." become the replacement ``choose_on_entry``; a Thriving land's
"This land enters tapped. As it enters, choose a color other than red." is both of its
sentences; "This creature is the chosen type in addition to its other types." is the static
``is_chosen_type``. What the card's other lines say of "the chosen color" or "the chosen
type" is read where those phrases are (a filter's ``chosen_type``/``chosen_color``, the mana
of ``or_chosen_color``).
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.text import Line, sentences

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_CHOOSE = re.compile(
    r"As (?:~|it) enters, choose a (colou?r|creature type)(?: other than (white|blue|black|red|green))?\."
)


def entry_choice_line(line: Line) -> list[dict[str, Any]] | None:
    """The abilities of a line made of entry choices (and a plain "enters tapped"), or None
    if the line is something else."""
    found: list[dict[str, Any]] = []
    choices = 0
    for sentence in sentences(line.text):
        if sentence in ("~ enters tapped.", "~ enters the battlefield tapped."):
            found.append({"replacement": "enters_tapped", "text": line.printed})
            continue
        if sentence == "~ is the chosen type in addition to its other types.":
            found.append({"static": "is_chosen_type", "text": line.printed})
            choices += 1
            continue
        match = _CHOOSE.fullmatch(sentence)
        if match is None:
            return None
        ability: dict[str, Any] = {
            "replacement": "choose_on_entry",
            "chooses": "creature_type" if match.group(1) == "creature type" else "color",
            "text": line.printed,
        }
        if match.group(2):
            ability["except_colors"] = [_COLORS[match.group(2)]]
        found.append(ability)
        choices += 1
    return found if choices else None
