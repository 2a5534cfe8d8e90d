"""Triggers on what a creature does that others watch: "Whenever a Sliver deals damage",
"Whenever a Sliver deals combat damage to a creature", "Whenever a Sliver becomes blocked".

The creature is any permanent of the noun ("a Sliver": any player's, "a creature you
control": yours); in the ability "it", "that Sliver" and "its controller" are that
creature and its controller (the event's ``object`` and ``player``), except in
"deals combat damage to a creature", where "that creature" is the creature dealt
damage (``object``) and "its controller" that creature's. "That much" is the damage
dealt (603.2, the event's amount).
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.phrases import noun_phrase

Trigger = dict[str, Any]

DEEDS = {
    "becomes blocked": "creature_becomes_blocked",
    "becomes the target of a spell or ability": "creature_becomes_target",
    "becomes the target of a spell or ability an opponent controls": "creature_becomes_target",
    "becomes the target of a spell": "creature_becomes_target",
    "becomes the target of a spell an opponent controls": "creature_becomes_target",
}
# The watchers these read (for ``triggers.OTHERS_TRIGGERS`` and ``EVENT_AMOUNT_TRIGGERS``).
WATCHED_DEEDS = tuple(DEEDS.values())
_DEED = re.compile(
    r"Whenever (another|a|an) (.+?) (" + "|".join(sorted(DEEDS, key=len, reverse=True)) + ")"
)


def deed_of(text: str) -> list[Trigger] | None:
    """ "Whenever a Sliver deals damage" -> a watcher of the creature's deed; None if not one."""
    match = _DEED.fullmatch(text)
    if match is None:
        return None
    lead, what, deed = match.groups()
    noun = noun_phrase("each " + what)
    if noun is None or noun.zone != "battlefield" or noun.owner not in (None, "you", "opponents"):
        return None
    filt = dict(noun.filter)
    if "Creature" not in filt.get("types", ["Creature"]):
        return None
    if filt.get("types") == ["Creature"]:
        filt.pop("types")  # the watcher sees creatures only
    if lead == "another":
        filt["other"] = True
    trigger: Trigger = {"when": DEEDS[deed], "controller": noun.owner or "any"}
    if deed.endswith("an opponent controls"):
        trigger["targeter"] = "opponents"  # whose spell or ability, seen from the watcher's
    if "target of a spell" in deed and "ability" not in deed:
        trigger["by"] = "spell"
    if filt:
        trigger["trigger_filter"] = filt
    return [trigger]
