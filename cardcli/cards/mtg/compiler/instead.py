"""A spell's paragraph that does something else when a condition holds: "Threshold — If there
are seven or more cards in your graveyard, instead create four 2/2 green Bear creature
tokens.", "Ferocious — If you control a creature with power 4 or greater, counter that spell
instead.", "Create four ... tokens instead if ...".

The effects are read as the paragraph's own, with the spell's earlier effects before them (so
"that spell" is the one targeted above), and each carries ``instead``: the condition, checked
as the spell resolves (608.2c). When it holds, the effect just before the first of them is not
done; when it does not, they are not done.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cardcli.cards.mtg.compiler.conditions import condition_of
from cardcli.cards.mtg.compiler.text import upper_first

Effects = list[dict[str, Any]]

_FORMS = (
    (re.compile(r"If (.+?), instead (.+)\."), 1, 2),
    (re.compile(r"If (.+?), (.+) instead\."), 1, 2),
    (re.compile(r"(.+) instead if (.+)\."), 2, 1),
)


def instead_effects(
    text: str, before: Effects, read: Callable[[str, Effects], Effects | None]
) -> Effects | None:
    """The paragraph's effects, each with ``instead``; None if it is not such a paragraph or
    says what the model cannot (``read`` compiles a sentence with effects before it)."""
    if not before:
        return None
    for form, cond_at, effect_at in _FORMS:
        match = form.fullmatch(text)
        if match is None:
            continue
        condition = condition_of(match.group(cond_at))
        if condition is None:
            continue
        effects = read(upper_first(match.group(effect_at)) + ".", before)
        if not effects:
            return None
        return [{**effect, "instead": condition} for effect in effects]
    return None
