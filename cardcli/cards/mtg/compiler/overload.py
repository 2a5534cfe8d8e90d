"""Overload (702.96): the spell's text with "target" read as "each", compiled once more.

"Overload [cost]" means "You may choose to pay [cost] rather than pay this spell's mana
cost" and "If you chose to pay this spell's overload cost, change its text by replacing all
instances of the word "target" with the word "each."" (702.96a-b) The card's other lines are
compiled again with that change; if all of them compile, the card data holds
``overload: {cost, spell}`` and the keyword line is read; else it stays unread.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cardcli.cards.mtg.compiler.text import without_reminders

_OVERLOAD = re.compile(r"Overload ((?:\{[^}]+\})+)")


def overload_of(
    record: dict[str, Any],
    unread: list[str],
    compile_text: Callable[[dict[str, Any]], tuple[list[dict[str, Any]], bool]],
) -> tuple[dict[str, Any], str] | None:
    """The ``overload`` data and the keyword line it reads, or None: none, or the overloaded
    text does not compile whole. ``compile_text``: a card's spell effects, and whether every
    line of it compiled."""
    for line in unread:
        match = _OVERLOAD.fullmatch(without_reminders(line).strip())
        if match is None:
            continue
        rest = [
            re.sub(r"\btarget\b", "each", text)
            for text in str(record.get("oracle", "")).split("\n")
            if not _OVERLOAD.fullmatch(without_reminders(text).strip())
        ]
        spell, whole = compile_text({**record, "oracle": "\n".join(rest)})
        if not whole or not spell:
            return None
        return {"cost": match.group(1), "spell": spell}, line
    return None
