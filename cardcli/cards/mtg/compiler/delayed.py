"""Delayed triggered abilities (603.7): what a spell's text sets up to happen later.

* A spell's line "Whenever a Minotaur attacks this turn, it gets +2/+0 until end of turn."
  or "At the beginning of combat this turn, ~ deals 3 damage to each creature.": a delayed
  ability with a stated duration (603.7c), ``{do: delayed_trigger, this_turn: true,
  delayed: {when: creature_attacks, ..., effects: [...]}}``.
* A sentence "Destroy that creature at end of combat.": a delayed ability that triggers once
  (603.7c) at the beginning of the end of combat step (511.2), ``{do: delayed_trigger,
  delayed: {when: end_combat, effects: [{do: destroy, each: that_creature}]}}``.
* "Draw a card at the beginning of the next turn's upkeep." (Balduvian Rage) and a spell's
  line "At the beginning of your next upkeep, pay {2}{G}{G}. If you don't, you lose the
  game." (the pacts): delayed abilities that trigger once, at the next upkeep (``whose:
  each``) or the next upkeep of the spell's controller (``whose: yours``); their effects may
  only be the controller's own (no target, nothing the spell reached). "You lose the game"
  is ``{do: lose_game}`` (104.3e).

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


_NEXT_UPKEEP = {"At the beginning of your next upkeep": "yours",
                "At the beginning of the next turn's upkeep": "each"}  # fmt: skip


def this_turn_triggers(condition: str) -> list[dict[str, Any]] | None:
    """ "Whenever a Minotaur attacks this turn" -> its trigger, without the duration; "At the
    beginning of your next upkeep" -> an upkeep trigger marked ``next`` (it triggers once);
    None if the condition is no such one the engine plays."""
    condition = " ".join(condition.split())
    if condition in _NEXT_UPKEEP:
        return [{"when": "upkeep", "whose": _NEXT_UPKEEP[condition], "next": True}]
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


def this_turn_effect(trigger: dict[str, Any], effects: list[Effect], text: str) -> Effect | None:
    """The spell's effect that creates the delayed ability: for the rest of the turn, or (a
    ``next`` one) once; None if a once-only one's effects are not all its controller's own."""
    trigger = dict(trigger)
    if trigger.pop("next", False):
        return _next_upkeep(trigger, effects, text)
    return {"do": "delayed_trigger", "this_turn": True,
            "delayed": {**trigger, "effects": effects, "text": text}}  # fmt: skip


def _next_upkeep(trigger: dict[str, Any], effects: list[Effect], text: str) -> Effect | None:
    if not effects or any("target" in e or e.get("each", "you") != "you" for e in effects):
        return None
    return {"do": "delayed_trigger", "delayed": {**trigger, "effects": effects, "text": text}}


_LATER = re.compile(r"^(.+?) (at end of combat|at the beginning of the next turn's upkeep)$")


def later(text: str) -> tuple[str, str] | None:
    """ "Destroy that creature at end of combat" -> ("Destroy that creature", "at end of
    combat"); None if the sentence waits for nothing."""
    match = _LATER.match(text)
    return (match.group(1), match.group(2)) if match else None


def at_later_time(effects: list[Effect], when: str, sentence: str) -> Effect | None:
    """The delayed ability of "... at end of combat" (511.2), if its effects only name the
    creature the ability before it saw ("that creature"), or of "... at the beginning of the
    next turn's upkeep", if they are only its controller's own; None otherwise."""
    if when != "at end of combat":
        return _next_upkeep({"when": "upkeep", "whose": "each"}, effects, sentence)
    if not effects or any(
        e.get("each") != "that_creature" or "target" in e or "optional" in e for e in effects
    ):
        return None
    return {"do": "delayed_trigger",
            "delayed": {"when": "end_combat", "effects": effects, "text": sentence}}  # fmt: skip


def lose_game(reach: Effect) -> list[Effect] | None:
    """ "You lose the game" (104.3e): only its controller, in the model."""
    return [{"do": "lose_game"}] if reach == {"each": "you"} else None
