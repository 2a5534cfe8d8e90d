"""What an effect of a resolving spell or ability reaches (608.2): its targets still legal or
the set its ``each`` names, its amount, and what it did for the effects after it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardcli.magic import deeds
from cardcli.magic.cards import Effect, Proto
from cardcli.magic.chars import matches
from cardcli.magic.choices import Answers
from cardcli.magic.objects import Obj, StackItem, Target
from cardcli.magic.sources import DamageSource
from cardcli.magic.targets import Slot

if TYPE_CHECKING:
    from cardcli.magic.table import Table


@dataclass
class Resolution:
    """A stack item being resolved, effect by effect; resumable after a decision."""

    item: StackItem
    slots: list[Slot]
    legal: list[list[Target]]  # each slot's targets still legal as resolution began
    source: DamageSource
    index: int = 0
    answers: Answers = field(default_factory=dict)
    previous: list[Target] = field(default_factory=list)  # what the last effect reached
    previous_players: list[str] = field(default_factory=list)
    results: dict[str, int] = field(default_factory=dict)  # "the damage dealt this way"...
    paid: bool | None = None  # whether the last ``pay`` effect was paid

    def slot_for(self, effect: int, part: int = 0) -> int | None:
        for i, slot in enumerate(self.slots):
            if slot.effect == effect and slot.part == part:
                return i
        return None


_TOKEN_PROTOS: dict[str, Proto] = {}


def token_proto(data: Effect) -> Proto:
    """One Proto per distinct token description (tokens are many; their data are few)."""
    key = json.dumps(data, sort_keys=True)
    proto = _TOKEN_PROTOS.get(key)
    if proto is None:
        proto = _TOKEN_PROTOS[key] = Proto.token(data)
    return proto


def subjects(table: Table, res: Resolution, effect: Effect, default: str = "you") -> list[Target]:
    """The players and objects an effect applies to, in APNAP order for players."""
    item = res.item
    controller = item.controller
    slot = res.slot_for(res.index)
    if "target" in effect and slot is not None:
        return list(res.legal[slot])
    each = effect.get("each", default)
    filt = effect.get("filter")
    if each in ("target_player", "target_opponent") and slot is not None:
        return list(res.legal[slot])
    if each == "you":
        return [controller]
    if each == "each_player":
        return [p.name for p in table.apnap()]
    if each == "each_opponent":
        return [p.name for p in table.apnap() if table.are_opponents(p.name, controller)]
    if each == "the_horde":  # the player the game automates (Horde Magic's Horde), if any
        return [p.name for p in table.apnap() if table.variant.is_automated(table, p.name)]
    if each == "each_other_player":  # teammates too, not only opponents
        return [p.name for p in table.apnap() if p.name != controller]
    if each == "it":
        source = table.objects.get(item.source_id)
        return [source.id] if source is not None and source.zone == "battlefield" else []
    if each in ("that_player", "defending_player"):
        if res.previous_players:
            return list(res.previous_players)
        who = item.context.get("defending" if each == "defending_player" else "player")
        return [who] if isinstance(who, str) and who in table.players else []
    if each == "that_source_controller":  # who controlled the source of the damage (LKI)
        who = item.context.get("source_controller")
        return [who] if isinstance(who, str) and who in table.players else []
    if each == "that_spell":  # the spell or ability that targeted it (or was cast)
        oid = item.context.get("by", item.context.get("object"))
        return [oid] if isinstance(oid, int) and oid in table.items else []
    if each == "that_creature":
        objs = [t for t in res.previous if isinstance(t, int)]
        if objs:
            return [t for t in objs if t in table.objects]
        oid = item.context.get("object")
        return [oid] if isinstance(oid, int) and oid in table.battlefield else []
    if each in ("enchanted_creature", "equipped_creature"):
        source = table.objects.get(item.source_id)
        if source is not None and source.attached_to in table.battlefield:
            return [source.attached_to]
        return []
    found: list[Target] = []
    for obj in list(table.battlefield.values()):
        ch = table.chars(obj)
        if each in (
            "each_creature",
            "each_other_creature",
            "each_creature_you_control",
            "each_other_creature_you_control",
            "each_creature_you_dont_control",
            "each_creature_an_opponent_controls",
        ):
            if "Creature" not in ch.types:
                continue
            if each == "each_creature_an_opponent_controls" and not table.are_opponents(
                obj.controller, controller
            ):
                continue
            if "other" in each and obj.id == item.source_id:
                continue
            if each in ("each_creature_you_control", "each_other_creature_you_control") and (
                obj.controller != controller
            ):
                continue
            if each == "each_creature_you_dont_control" and obj.controller == controller:
                continue
        elif each == "each_nonland_permanent":
            if "Land" in ch.types:
                continue
        elif each != "each_permanent":
            continue
        if filt and not matches(table, filt, obj, ch, item.source_id):
            continue
        found.append(obj.id)
    return found


def objects_of(table: Table, targets: list[Target]) -> list[Obj]:
    return [table.objects[t] for t in targets if isinstance(t, int) and t in table.objects]


def players_of(table: Table, targets: list[Target]) -> list[str]:
    return [t for t in targets if isinstance(t, str) and t in table.players]


def amount_of_effect(table: Table, res: Resolution, effect: Effect, default: int = 1) -> int:
    return value_of(table, res, effect.get("amount", default))


def value_of(table: Table, res: Resolution, amount: Any) -> int:
    """An amount of the model, counted now for this resolution (never below 0)."""
    if isinstance(amount, dict) and amount.get("previous") == "event_amount":
        # "that many": the damage dealt or life gained that triggered the ability
        context = res.item.context  # (how many entered, for "one or more ... enter")
        found = context.get("amount", context.get("count", 0))
        return max(0, int(found)) * int(amount.get("times", 1))
    if isinstance(amount, dict) and amount.get("previous") == "sacrificed_power":
        # by an effect of this resolution, else to pay its cost (the stack item's context)
        found = res.results.get("sacrificed_power", res.item.context.get("sacrificed_power", 0))
        return max(0, int(found)) * int(amount.get("times", 1))
    if isinstance(amount, dict) and amount.get("previous") == "blockers":
        # "for each creature blocking it": those blocking the trigger's creature now (608.2h)
        blockers = deeds.blocking(table, res.item.context.get("object"))
        return blockers * int(amount.get("times", 1))
    if isinstance(amount, dict) and "previous" in amount:
        times = int(amount.get("times", 1))  # "... for each creature destroyed this way"
        return max(0, res.results.get(str(amount["previous"]), 0)) * times
    source = table.objects.get(res.item.source_id)
    return max(0, table.amount_of(amount, res.item.controller, source, res.item.x))


def remember(table: Table, res: Resolution, reached: list[Target]) -> None:
    """What this effect reached, for a later 'that player', 'that creature' or 'its power'."""
    res.previous = list(reached)
    players: list[str] = []
    for t in reached:
        if isinstance(t, str):
            players.append(t)
        elif t in table.objects:
            obj = table.objects[t]
            players.append(obj.controller)
            if obj.zone == "battlefield" and "power" not in res.results:
                res.results["power"] = max(0, table.chars(obj).power)  # last known (608.2h)
            if "mana_value" not in res.results:  # "that card's mana value"
                res.results["mana_value"] = obj.proto.mana_value
    res.previous_players = players


def describe_effect(effect: Effect) -> str:
    """A short phrase for an effect: "deal 3 damage to target any"."""
    do = str(effect.get("do", "?")).replace("_", " ")
    amount = effect.get("amount")
    parts = [do]
    if isinstance(amount, int | str) and not isinstance(amount, bool):
        parts.append(str(amount))
    if "target" in effect:
        parts.append("to target " + str(effect["target"]).replace("_", " "))
    elif "each" in effect:
        parts.append("(" + str(effect["each"]).replace("_", " ") + ")")
    against = effect.get("against")
    if isinstance(against, dict) and "target" in against:
        parts.append("against target " + str(against["target"]).replace("_", " "))
    return " ".join(parts)
