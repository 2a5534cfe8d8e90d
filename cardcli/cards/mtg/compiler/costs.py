"""An activated ability's cost as Oracle text says it: "{1}{B}, {T}, Sacrifice a creature:" ->
``{mana, tap, sacrifice}`` (602.1a); None for a cost the model cannot hold."""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.phrases import MANA, mana_cost, noun_phrase
from cardcli.cards.mtg.compiler.words import number


def split_cost(text: str) -> tuple[str, str, str]:
    """``{T}, Sacrifice ~: Draw a card.`` -> cost, ':', effect; a colon in quotes is no cost."""
    quoted = text.find('"')
    colon = text.find(": ")
    if colon < 0 or (0 <= quoted < colon):
        return text, "", ""
    return text[:colon], ":", text[colon + 2 :]


def cost_of(text: str) -> dict[str, Any] | None:
    """An activation cost: mana, {T}, sacrifices, life, discards; None for what the model lacks."""
    cost: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(", ")):
        low = part.lower()
        if part == "{T}":
            cost["tap"] = True
        elif re.fullmatch(MANA, part) and mana_cost(part):
            cost["mana"] = cost.get("mana", "") + part
        elif low == "sacrifice ~":
            cost["sacrifice"] = "self"
        elif low == "discard ~":  # channel and its kin: an ability of the card in hand
            cost["discard"] = "self"
        elif low == "exile ~ from your graveyard":  # an ability of the card in a graveyard
            cost["exile"] = "self"
        elif low.startswith("sacrifice "):
            kind = _sacrifice_kind(part[len("sacrifice ") :])
            if kind is None:
                return None
            cost["sacrifice"], filt = kind
            if filt:
                cost["sacrifice_filter"] = filt
        elif re.fullmatch(r"pay (\d+) life", low):
            cost["life"] = int(low.split()[1])
        elif re.fullmatch(r"discard (a|one|two) cards?", low):
            cost["discard"] = number(low.split()[1])
        else:
            return None
    return cost or None


def _sacrifice_kind(text: str) -> tuple[str, dict[str, Any]] | None:
    noun = noun_phrase(text)
    if noun is None or noun.choose not in ("a", "each") or noun.count != 1 or noun.owner:
        return None
    filt = dict(noun.filter)
    other = filt.pop("other", False)
    types = filt.pop("types", None)
    simple = {
        ("Creature",): "another_creature" if other else "creature",
        ("Land",): "land",
        ("Artifact",): "artifact",
    }
    if types is None and noun.head == "permanent" and not other:
        return "permanent", filt
    if types is not None and tuple(types) in simple:
        if other and types != ["Creature"]:
            return None
        return simple[tuple(types)], filt
    return None
