"""Delayed triggered abilities (603.7): what a spell's text sets up to happen later.

* A spell's line "Whenever a Minotaur attacks this turn, it gets +2/+0 until end of turn."
  or "At the beginning of combat this turn, ~ deals 3 damage to each creature.": a delayed
  ability with a stated duration (603.7c), ``{do: delayed_trigger, this_turn: true,
  delayed: {when: creature_attacks, ..., effects: [...]}}``.
* A sentence "Destroy that creature at end of combat.": a delayed ability that triggers once
  (603.7c) at the beginning of the end of combat step (511.2), ``{do: delayed_trigger,
  delayed: {when: end_combat, effects: [{do: destroy, each: that_creature}]}}``.

The engine's ``magic.delayed`` plays both.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.triggers import trigger_of

Effect = dict[str, Any]

# The events a "this turn" delayed ability may watch: those the engine indexes by kind.
WATCHABLE = ("creature_attacks", "begin_combat", "spell_cast", "another_creature_dies",
             "another_creature_enters", "permanent_enters", "gain_life", "draw",
             "you_attack", "creature_deals_combat_damage_to_player")  # fmt: skip


def this_turn_triggers(condition: str) -> list[dict[str, Any]] | None:
    """ "Whenever a Minotaur attacks this turn" -> its trigger, without the duration; None
    if the condition is no "this turn" one the engine watches."""
    condition = " ".join(condition.split())
    if not condition.endswith(" this turn"):
        return None
    bare = condition[: -len(" this turn")]
    if bare == "At the beginning of combat":  # 507.1, each combat of this turn
        return [{"when": "begin_combat", "whose": "each"}]
    if not bare.startswith("Whenever "):
        return None
    found = trigger_of(bare)
    if not found or any(t["when"] not in WATCHABLE for t in found):
        return None
    return found


def this_turn_effect(trigger: dict[str, Any], effects: list[Effect], text: str) -> Effect:
    """The spell's effect that creates the delayed ability, for the rest of the turn."""
    return {"do": "delayed_trigger", "this_turn": True,
            "delayed": {**trigger, "effects": effects, "text": text}}  # fmt: skip


_LATER = re.compile(r"^(.+?) at end of combat$")


def later(text: str) -> str | None:
    """ "Destroy that creature at end of combat" -> "Destroy that creature"; None if the
    sentence waits for nothing."""
    match = _LATER.match(text)
    return match.group(1) if match else None


def at_end_of_combat(effects: list[Effect], sentence: str) -> Effect | None:
    """The delayed ability of "... at end of combat" (511.2), if its effects only name the
    creature the ability before it saw ("that creature"); None otherwise."""
    if not effects or any(
        e.get("each") != "that_creature" or "target" in e or "optional" in e for e in effects
    ):
        return None
    return {"do": "delayed_trigger",
            "delayed": {"when": "end_combat", "effects": effects, "text": sentence}}  # fmt: skip
