"""A choice made as a permanent enters: "As this land enters, choose a color other than green.",
"As this creature enters, choose a creature type." (614.12, 607.2a).

The choice is its controller's, made before the permanent is on the battlefield, and is
kept on the object (``Obj.chosen``) for what its other abilities say about "the chosen color"
or "the chosen type". A new object (400.7) has chosen nothing.

Its controller is asked (a decision ``choose_value``) when the permanent enters from a spell
resolving or a land played; put onto the battlefield by another effect, or for an automated
player, the engine's preferred answer is taken and logged. The options are ordered best
first: the colours, and the creature types, the chooser's own cards show most (their
creature types on creature cards and tokens in every zone; colours from the mana symbols of
their cards), ties in the usual order (WUBRG; then by name). A creature type may be any among
the objects of the game: one no card of the game has would change nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol

from cardcli.magic.mana import COLORS
from cardcli.magic.objects import Obj


class Table(Protocol):
    """What a choice reads and where it is kept (``table.Table`` is one)."""

    objects: dict[int, Obj]
    static_version: int

    def emit(self, event: dict[str, Any]) -> None: ...


COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
WORD_COLORS = {word: symbol for symbol, word in COLOR_WORDS.items()}


def entry_rule(obj: Obj) -> Mapping[str, Any] | None:
    """The card's "As ~ enters, choose ..." (``choose_on_entry``), if it has one."""
    return obj.proto.entry_choice


def options_for(table: Table, player: str, rule: Mapping[str, Any]) -> list[str]:
    """What ``player`` may choose, best first (as the ``choose`` command spells them)."""
    if rule.get("chooses") == "color":
        excluded = set(rule.get("except_colors", ()))
        shown: Counter[str] = Counter()
        for obj in _owned(table, player):
            shown.update(c for c in obj.proto.cost.colored if c in COLOR_WORDS)
        ranked = sorted(
            (c for c in COLORS if c not in excluded), key=lambda c: (-shown[c], COLORS.index(c))
        )
        return [COLOR_WORDS[c] for c in ranked]
    everyone: set[str] = set()
    own: Counter[str] = Counter()
    for obj in table.objects.values():
        if "Creature" not in obj.proto.types and "Kindred" not in obj.proto.types:
            continue
        everyone.update(obj.proto.subtypes)
        if obj.owner == player:
            own.update(obj.proto.subtypes)
    return sorted(everyone, key=lambda t: (-own[t], t))


def _owned(table: Table, player: str) -> list[Obj]:
    return [o for o in table.objects.values() if o.owner == player]


def preferred(table: Table, player: str, obj: Obj) -> str | None:
    """The choice taken without asking: the first option (None: nothing to choose)."""
    rule = entry_rule(obj)
    if rule is None:
        return None
    options = options_for(table, player, rule)
    return value_of(rule, options[0]) if options else None


def value_of(rule: Mapping[str, Any], option: str) -> str:
    """A colour is kept as its symbol (``G``), a creature type as its name."""
    return WORD_COLORS.get(option.lower(), option) if rule.get("chooses") == "color" else option


def record(table: Table, obj: Obj | None, value: str | None) -> None:
    """Keep the choice on the permanent that entered, and say it."""
    if obj is None or value is None:
        return
    obj.chosen = value
    obj.touch()
    table.static_version += 1  # statics that read "the chosen type" look again
    shown = COLOR_WORDS.get(value, value)
    table.emit({"type": "entry_choice", "id": obj.id, "card": obj.name, "chosen": shown})
