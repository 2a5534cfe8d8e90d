"""Triggers on damage, read with their source and what was dealt the damage.

"Whenever a source deals damage to ~": the card's own ``dealt_damage``, whose
event knows the source; "that source's controller" is who controlled that
source as it dealt the damage (``that_source_controller``). "Whenever ~ deals
damage to a player" is the card's own ``deals_damage``; "Whenever a creature
deals damage to you", "Whenever you're dealt damage", "Whenever a Sliver deals
damage" watch every source (``source_deals_damage``): there "it" is the source,
and "its controller" the source's controller, except in "... deals combat
damage to a creature", where "that creature" is the creature dealt damage.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.context import any_effect
from cardcli.cards.mtg.compiler.phrases import noun_phrase

Trigger = dict[str, Any]

# Triggers whose event has a source of damage: "that source's controller" is its controller.
SOURCE_TRIGGERS = ("dealt_damage", "deals_damage", "source_deals_damage",
                   "creature_deals_combat_damage_to_player")  # fmt: skip
_TO = {None: None, "you": "you", "a player": "player", "an opponent": "opponent",
       "a creature": "creature"}  # fmt: skip
_SOURCES = {"source": None, "source you control": "you", "source an opponent controls": "opponents"}


def damage_trigger(text: str) -> list[Trigger] | None:
    """``"Whenever a creature deals damage to you"`` -> ``[{"when": "source_deals_damage",
    "to": "you", "trigger_filter": {"types": ["Creature"]}}]``; None if not one of these."""
    match = re.fullmatch(r"Whenever you(?:'re| are) dealt (combat )?damage", text)
    if match:
        return [_with_combat({"when": "source_deals_damage", "to": "you"}, match.group(1))]
    match = re.fullmatch(r"Whenever ~ deals (combat )?damage(?: to (a player|an opponent))?", text)
    if match and not (match.group(1) and match.group(2)):  # (deals_combat_damage_to_player)
        own: Trigger = {"when": "deals_damage"}
        if match.group(2):
            own["to"] = _TO[match.group(2)]
        return [_with_combat(own, match.group(1))]
    match = re.fullmatch(r"Whenever (?:a|an) (.+?) deals (combat )?damage"
                         r"(?: to (you|a player|an opponent|a creature))?", text)  # fmt: skip
    if match is None or (match.group(2) and match.group(3) == "a player"):
        return None  # (a creature's combat damage to a player: creature_deals_combat_...)
    watch: Trigger = {"when": "source_deals_damage"}
    what = match.group(1)
    if what in _SOURCES:
        if _SOURCES[what]:
            watch["controller"] = _SOURCES[what]
    else:
        noun = noun_phrase("each " + what)
        if (
            noun is None
            or noun.zone != "battlefield"
            or noun.owner not in (None, "you", "opponents")
        ):
            return None
        if noun.owner:
            watch["controller"] = noun.owner
        if noun.filter.get("other"):
            return None
        watch["trigger_filter"] = dict(noun.filter)
    if match.group(3):
        watch["to"] = _TO[match.group(3)]
    return [_with_combat(watch, match.group(2))]


def _with_combat(trigger: Trigger, combat: str | None) -> Trigger:
    if combat:
        trigger["combat"] = True
    return trigger


def source_body(triggers: list[Trigger], body: str) -> str | None:
    """A damage trigger's effect text, with "its controller" said as the source's controller
    (the source is what "it" names); None if it cannot be read so (damage to a creature,
    where "it" is that creature)."""
    kinds = {t["when"] for t in triggers}
    if not kinds & {
        "deals_damage",
        "source_deals_damage",
        "creature_deals_combat_damage_to_player",
    }:
        return body
    if any(t.get("to") == "creature" for t in triggers) and "its controller" in body:
        return None
    return re.sub(r"\b([Ii])ts controller\b",
                  lambda m: ("That" if m.group(1) == "I" else "that") + " source's controller",
                  body)  # fmt: skip


def _names_source(value: Any) -> bool:
    return any_effect(value, lambda e: e.get("each") == "that_source_controller")


def sources_known(triggers: list[dict[str, Any]], effects: list[dict[str, Any]]) -> bool:
    """False if the effects name "that source's controller" where some trigger has no source,
    or let that player choose ("its controller may": the model asks the ability's
    controller)."""
    if not _names_source(effects):
        return True
    if any(e.get("optional") and _names_source(e) for e in effects):
        return False
    return all(t["when"] in SOURCE_TRIGGERS for t in triggers)


def half_life(kind: str, rest: str, reach: dict[str, Any]) -> list[dict[str, Any]] | None:
    """ "loses half their life, rounded up" (107.1a): ``half_life`` up or down, for each
    player the effect reaches."""
    match = re.fullmatch(r"half (their|your) life, rounded (up|down)", rest)
    if match is None or kind != "lose_life":
        return None
    if (match.group(1) == "your") != (reach.get("each") == "you"):
        return None  # "your life" is only yours; "their life" a player's own
    return [{"do": kind, "half_life": match.group(2), **reach}]
