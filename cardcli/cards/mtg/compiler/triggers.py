"""Trigger conditions ("Whenever ~ enters or attacks") into the card model's ``when`` words.

One condition can be several triggers of the model: "Whenever ~ or another
Zombie dies" is the card's own ``dies`` and ``another_creature_dies`` of
Zombies; "enters or attacks" is ``enters`` and ``attacks``.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.cards.mtg.compiler.damage_events import damage_trigger
from cardcli.cards.mtg.compiler.deeds import WATCHED_DEEDS, deed_of
from cardcli.cards.mtg.compiler.phrases import noun_phrase
from cardcli.cards.mtg.compiler.relics import graveyard_watch, main_phase_trigger

Trigger = dict[str, Any]

_OWN = {
    "enters": "enters",
    "enters the battlefield": "enters",
    "dies": "dies",
    "attacks": "attacks",
    "blocks": "blocks",
    "leaves the battlefield": "leaves",
    "is dealt damage": "dealt_damage",
    "deals combat damage to a player": "deals_combat_damage_to_player",
    "deals combat damage to an opponent": "deals_combat_damage_to_player",
    "becomes the target of a spell or ability": "becomes_target",
    "becomes the target of a spell": "becomes_target",
    "is put into a graveyard from anywhere": "put_into_graveyard",  # 603.6c, 603.10a
}
_BY = {"becomes the target of a spell": "spell"}
# Triggers on what another object did: there, "it" is that object, not the card.
OTHERS_TRIGGERS = ("another_creature_enters", "another_creature_dies", "spell_cast",
                   "permanent_enters", "creature_attacks",
                   "creature_deals_combat_damage_to_player",
                   "source_deals_damage", "card_to_graveyard", *WATCHED_DEEDS)  # fmt: skip
# Triggers whose event has an amount: "that many" / "that much" in their effects is it.
EVENT_AMOUNT_TRIGGERS = ("dealt_damage", "deals_combat_damage_to_player",
                         "creature_deals_combat_damage_to_player", "gain_life",
                         "deals_damage", "source_deals_damage")  # fmt: skip
_PLAYERS = {"you": "you", "a player": "any", "an opponent": "opponents"}
# Triggers on a player's deed, with no object: "Whenever you gain life".
_DEEDS = {
    "gain life": "gain_life", "gains life": "gain_life",
    "draw a card": "draw", "draws a card": "draw",
    "attack": "you_attack",
}  # fmt: skip
_STEPS = {
    "upkeep": "upkeep",
    "end step": "end_step",
    "draw step": "draw_step",  # 504.2
}
_WHOSE = {
    "your": "yours",
    "each": "each",
    "the": "each",
    "each player's": "each_player",
    "each opponent's": "opponents",
}


def trigger_of(
    text: str, types: tuple[str, ...] = (), subtypes: tuple[str, ...] = ()
) -> list[Trigger] | None:
    """``"When ~ enters"`` -> ``[{"when": "enters"}]``; None if the model has no such trigger."""
    text = " ".join(text.split())
    damage = damage_trigger(text)
    if damage is not None:
        return damage
    match = re.fullmatch(r"At the beginning of (your|each|the|each player's|each opponent's) "
                         r"(upkeep|end step|draw step)", text)  # fmt: skip
    if match:
        return [{"when": _STEPS[match.group(2)], "whose": _WHOSE[match.group(1)]}]
    match = re.fullmatch(r"At the beginning of (?:combat on (your|each player's|each "
                         r"opponent's) turn|(each) combat)", text)  # fmt: skip
    if match:
        return [{"when": "begin_combat", "whose": _WHOSE[match.group(1) or match.group(2)]}]
    main = main_phase_trigger(text) or graveyard_watch(text)
    if main is not None:
        return main
    if text in ("When you cast this spell", "When you cast ~"):
        return [{"when": "cast_self"}]
    match = re.fullmatch(r"Whenever (you|a player|an opponent) (gains? life|draws? a card|attack)",
                         text)  # fmt: skip
    if match and not (match.group(2) == "attack" and match.group(1) != "you"):
        trigger: Trigger = {"when": _DEEDS[match.group(2)]}
        if match.group(1) != "you":
            trigger["controller"] = _PLAYERS[match.group(1)]
        return [trigger]
    match = re.fullmatch(r"Whenever (another|a|an) (.+?) (attacks|deals combat damage to a player)",
                         text)  # fmt: skip
    if match:
        return _creature_does(match.group(1), match.group(2), match.group(3))
    match = re.fullmatch(r"Whenever one or more (.+?) enter", text)
    if match:
        entering = _entering(match.group(1), False)
        return None if entering is None else [{**entering, "one_or_more": True}]
    match = re.fullmatch(r"(?:When|Whenever) ~ or another (.+?) (enters|dies)", text)
    if match:
        other = _another(match.group(1), match.group(2))
        if other is None and match.group(2) == "enters":  # "or another enchantment you control"
            other = _entering(match.group(1), True)
        if other is None:
            return None
        own = "enters" if match.group(2) == "enters" else "dies"
        return [{"when": own}, other]
    if text == "Whenever a source deals damage to ~":
        return [{"when": "dealt_damage"}]
    match = re.fullmatch(r"(?:When|Whenever) ~ (.+)", text)
    if match:
        return _own(match.group(1))
    match = re.fullmatch(r"Whenever (another|a|an) (.+?) (enters|dies)", text)
    if match:
        other = _another(match.group(2), match.group(3))
        if other is None and match.group(3) == "enters":  # "Whenever a land you control enters"
            entering = _entering(match.group(2), match.group(1) == "another")
            return None if entering is None else [entering]
        if other is None:
            return None
        if match.group(1) == "another" or "Creature" not in types:
            return [other]
        if other["controller"] in ("opponents", "not_you"):
            return [other]  # never the card itself
        filt = other.get("trigger_filter", {})
        if set(filt) == {"subtypes"} and other["controller"] in ("any", "you"):
            # "Whenever a Dinosaur you control enters": the card's own too if it is one
            mine = set(filt["subtypes"]) & set(subtypes) or "*" in subtypes
            return [{"when": match.group(3)}, other] if mine else [other]
        if filt or other["controller"] not in ("any", "you"):
            return None  # "a creature ... dies" is the card's own too, if it is one of them
        return [{"when": match.group(3)}, other]
    match = re.fullmatch(r"Whenever (you|a player|an opponent) casts? (?:an? )?(.+?)", text)
    if match:
        return _cast(match.group(1), match.group(2))
    return deed_of(text)


def _own(what: str) -> list[Trigger] | None:
    if what in ("becomes the target of a spell or ability an opponent controls",
                "becomes the target of a spell an opponent controls"):  # fmt: skip
        targeted: Trigger = {"when": "becomes_target", "controller": "opponents"}
        if what.endswith("a spell an opponent controls"):
            targeted["by"] = "spell"
        return [targeted]
    if what in _OWN:
        trigger: Trigger = {"when": _OWN[what]}
        if what in _BY:
            trigger["by"] = _BY[what]
        return [trigger]
    parts = [p.strip() for p in re.split(r",? or ", what)]
    found = []
    for part in parts:
        kind = _OWN.get(part)
        if kind is None:
            return None
        found.append({"when": kind})
    return found


def _another(what: str, event: str) -> Trigger | None:
    """``another creature you control`` + enters -> another_creature_enters with its filter."""
    noun = noun_phrase("each " + what)
    if noun is None or noun.zone != "battlefield":
        return None
    if noun.owner not in (None, "you", "opponents", "not_you"):
        return None
    filt = dict(noun.filter)
    filt.pop("other", None)
    if "Creature" not in filt.get("types", ["Creature"]):
        return None
    if filt.get("types") == ["Creature"]:
        filt.pop("types")  # the trigger sees creatures only
    trigger: Trigger = {
        "when": "another_creature_enters" if event == "enters" else "another_creature_dies",
        "controller": noun.owner or "any",
    }
    if filt:
        trigger["trigger_filter"] = filt
    return trigger


def _entering(what: str, another: bool) -> Trigger | None:
    """permanent_enters: "a land you control", "an artifact", "a nontoken creature"."""
    noun = noun_phrase("each " + what)
    if noun is None or noun.zone != "battlefield" or noun.head in ("card", "spell"):
        return None
    if noun.owner not in (None, "you", "opponents", "not_you"):
        return None
    filt = dict(noun.filter)
    if another:
        filt["other"] = True
    trigger: Trigger = {"when": "permanent_enters", "controller": noun.owner or "any"}
    if filt:
        trigger["trigger_filter"] = filt
    return trigger


def _creature_does(lead: str, what: str, deed: str) -> list[Trigger] | None:
    """ "Whenever a creature you control attacks" (the card's own is "Whenever ~ attacks")."""
    noun = noun_phrase("each " + what)
    if noun is None or noun.zone != "battlefield" or noun.owner not in (None, "you", "opponents"):
        return None
    filt = dict(noun.filter)
    if "Creature" not in filt.get("types", ["Creature"]):
        return None
    if filt.get("types") == ["Creature"]:
        filt.pop("types")
    if lead == "another":
        filt["other"] = True
    when = "creature_attacks" if deed == "attacks" else "creature_deals_combat_damage_to_player"
    trigger: Trigger = {"when": when, "controller": noun.owner or "any"}
    if filt:
        trigger["trigger_filter"] = filt
    return [trigger]


def _cast(who: str, what: str) -> list[Trigger] | None:
    """ "Whenever you cast a Zombie spell", "... a spell with mana value 3 or less", "...
    an instant or sorcery spell": a ``spell_cast`` watched with the spell's filter."""
    controller = {"you": "you", "a player": "any", "an opponent": "opponents"}[who]
    what = re.sub(r"^(?:an?|their) ", "", what.strip())
    if what == "spell":
        return [{"when": "spell_cast", "controller": controller}]
    described = re.fullmatch(r"(.*?)\s*spell( with .+| of the chosen \w+)?", what)
    if described is None:
        return None
    noun = noun_phrase(
        f"each {described.group(1)} card{described.group(2) or ''}".replace("  ", " ")
    )
    if noun is None or noun.head != "card" or not noun.filter or noun.owner:
        return None
    return [{"when": "spell_cast", "controller": controller, "trigger_filter": dict(noun.filter)}]
