"""Pieces of a card's behaviour data, read for Hunsberger's Solitaire (``scoring.py``).

Small readers of effects and costs: the damage an effect deals to others, the
mana a cost is, the tokens an effect makes. They know nothing of profiles.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.model import fixed_number, mana_symbols

# Effects that harm something other than you: the enchantment takes them as damage.
HARMFUL_CHOOSERS = {"you", "each_creature_you_control", "each_other_creature_you_control"}
REMOVAL = ("destroy", "exile")
INT = re.compile(r"^-?\d+$")


def plain_filter(affects: dict[str, Any]) -> dict[str, Any]:
    """An anthem's filter without what every summoned creature has (a creature, attacking)."""
    plain = dict(affects)
    if plain.get("types") == ["Creature"]:
        plain.pop("types")
    if plain.get("attacking") is True:
        plain.pop("attacking")
    return plain


def whole_number(text: Any) -> int:
    if isinstance(text, int):
        return text
    if isinstance(text, str) and INT.match(text):
        return max(0, int(text))
    return 0


def mana_amount(cost: str) -> int:
    """How much mana a string of symbols is: ``{C}{C}`` 2, ``{1}{R}`` 2."""
    total = 0
    for symbol in mana_symbols(cost):
        total += int(symbol) if symbol.isdigit() else (0 if symbol == "X" else 1)
    return total


def self_pump(effects: Any) -> int:
    return sum(
        fixed_number(e.get("power", 0))
        for e in effects
        if e.get("do") == "pump" and e.get("each") == "it" and fixed_number(e.get("power", 0)) > 0
    )


def harms(effect: dict[str, Any]) -> bool:
    """An effect aimed at something other than you and yours."""
    if effect.get("each") in HARMFUL_CHOOSERS or effect.get("target") == "creature_you_control":
        return False
    return effect.get("target") is not None or effect.get("each") is not None


def harm_amount(effects: Any) -> int:
    """The largest fixed damage or life loss among ``effects`` aimed at others."""
    best = 0
    for effect in effects:
        if effect.get("do") in ("damage", "lose_life") and harms(effect):
            amount = effect.get("amount")
            if isinstance(amount, int):
                best = max(best, amount)
    return best


def spell_harm(effects: list[dict[str, Any]]) -> tuple[int | None, bool, dict[str, Any] | None]:
    """(largest printed damage, X?, counted amount) of a spell's harmful effects."""
    best: int | None = None
    x = False
    count: dict[str, Any] | None = None
    for effect in effects:
        if effect.get("do") not in ("damage", "lose_life") or not harms(effect):
            continue
        amount = effect.get("amount")
        if amount == "X":
            x = True
        elif isinstance(amount, int):
            best = amount if best is None else max(best, amount)
        elif isinstance(amount, dict):
            count = amount
    return best, x, count


def is_removal(effect: dict[str, Any]) -> bool:
    kind = effect.get("do")
    if kind in REMOVAL:
        return harms(effect)
    if (
        kind == "pump"
        and fixed_number(effect.get("power", 0)) < 0
        and fixed_number(effect.get("toughness", 0)) < 0
    ):
        return harms(effect)
    if kind == "counters" and effect.get("counter") == "-1/-1":
        return harms(effect)
    return False


def attacking_tokens(effects: Any) -> list[dict[str, Any]]:
    """The tokens some effects make for you that can attack at once (not tapped)."""
    found: list[dict[str, Any]] = []
    for effect in effects:
        if effect.get("do") != "create_token" or effect.get("each") not in (None, "you"):
            continue
        token = effect.get("token", {})
        if token.get("tapped") or "Creature" not in token.get("types", ()):
            continue
        amount = effect.get("amount", 1)
        if isinstance(amount, int):
            found.extend([token] * amount)
    return found
