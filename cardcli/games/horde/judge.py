"""What the players' bots think of cards and creatures: threats, values, kinds of effects.

Plain heuristics from the card model's data; the rules never read them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardcli.cards.mtg.model import fixed_number
from cardcli.magic.cards import Effect, Proto
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table

HORDE = "horde"
HARMFUL = {
    "damage",
    "destroy",
    "exile",
    "bounce",
    "tap",
    "sacrifice",
    "discard",
    "lose_life",
    "mill",
    "counter_spell",
    "assigns_no_combat_damage",
}
REMOVAL = {"damage", "destroy", "exile", "bounce"}
CREATURE_TARGETS = {
    "creature",
    "any",
    "creature_or_planeswalker",
    "creature_you_dont_control",
    "creature_an_opponent_controls",
    "attacking_creature",
    "attacking_or_blocking_creature",
    "tapped_creature",
    "permanent",
    "nonland_permanent",
    "artifact_or_creature",
    "creature_or_enchantment",
}


def boost(effect: Effect, key: str) -> int:
    """An effect's fixed number (a pump's +N/-N, a damage amount); a counted one is 0."""
    return fixed_number(effect.get(key, 0))


def harmful(effect: Effect) -> bool:
    do = effect.get("do")
    if do == "pump":
        return boost(effect, "power") < 0 or boost(effect, "toughness") < 0
    return do in HARMFUL


def creature_value(table: Table, obj: Obj) -> float:
    """How much a creature is worth on the battlefield (to either side)."""
    ch = table.chars(obj)
    kw = ch.keywords
    value = max(0, ch.power) * 1.5 + max(0, ch.toughness - obj.damage)
    for word, bonus in (
        ("deathtouch", 2.0),
        ("flying", 1.5),
        ("first strike", 1.0),
        ("double strike", 2.5),
        ("lifelink", 1.5),
        ("trample", 0.5),
        ("menace", 1.0),
        ("vigilance", 0.5),
        ("indestructible", 3.0),
        ("hexproof", 0.5),
        ("infect", 2.0),
        ("wither", 1.0),
    ):
        if word in kw:
            value += bonus
    proto = obj.proto
    if proto.statics:
        value += 4.0  # a lord or an engine: it makes the others better
    if proto.triggers:
        value += 1.5
    if proto.activated or proto.mana_abilities:
        value += 1.0
    return value


def permanent_value(table: Table, obj: Obj) -> float:
    """How much a permanent is worth to the players, to choose what to sacrifice: a creature
    by its value, a land by how many lands its controller has, anything else by its cost."""
    ch = table.chars(obj)
    if "Creature" in ch.types:
        return creature_value(table, obj)
    if "Land" in ch.types:
        lands = sum(
            1
            for o in table.battlefield.values()
            if o.controller == obj.controller and "Land" in table.chars(o).types
        )
        return 1.5 if lands > 5 else 3.0 + (5 - lands)
    return 3.0 + obj.proto.mana_value + 3.0 * len(obj.proto.statics)


def harm(table: Table, attacker: Obj) -> int:
    """The shared life an unblocked Horde attacker costs the players: its power, or for an
    attacker with infect its poison counters priced by the life left per counter left."""
    ch = table.chars(attacker)
    power = max(0, ch.power)
    if "infect" not in ch.keywords or power == 0:
        return power
    team = table.teams[0]
    limit = table.variant.poison_limit(table, team)
    if limit is None:
        return 0
    have = (
        team.poison
        if table.variant.shares_poison(table, team)
        else max(p.poison for p in team.players)
    )
    per_counter = max(1, team.life or 0) / max(1, limit - have)
    return int(power * per_counter + 0.999)


def threat(table: Table, obj: Obj) -> float:
    """How much a Horde permanent hurts the players (creatures, and enchantments that act)."""
    if "Creature" in table.chars(obj).types:
        return creature_value(table, obj)
    proto = obj.proto
    return 3.0 * (len(proto.statics) + len(proto.triggers)) + proto.mana_value


def spell_threat(table: Table, obj: Obj) -> float:
    """How much a Horde spell on the stack would hurt the players if it resolved."""
    proto = obj.proto
    if "Creature" in proto.types:
        value = (proto.power or 0) * 1.5 + (proto.toughness or 0)
        value += 2.0 * (len(proto.statics) + len(proto.triggers))
        return value
    total = float(proto.mana_value)
    ours = [o for o in table.battlefield.values() if o.controller != HORDE]
    theirs = [o for o in table.battlefield.values() if o.controller == HORDE]

    def worth(objs: list[Obj]) -> float:
        return sum(creature_value(table, o) for o in objs if "Creature" in table.chars(o).types)

    for effect in proto.spell:
        do, each = effect.get("do"), effect.get("each")
        if do == "create_token":
            total += 3.0 * _number(effect.get("amount", 1))
        elif do == "destroy" and each == "each_creature":
            total += worth(ours) - worth(theirs)
        elif do == "destroy" and each == "each_creature_you_dont_control":
            total += worth(ours)
        elif do == "return_to_battlefield":
            for player in table.players.values():
                cards = [o for o in player.graveyard if "Creature" in o.proto.types]
                value = sum((o.proto.power or 0) * 1.5 + (o.proto.toughness or 0) for o in cards)
                total += value if player.name == HORDE else -value
        elif do in ("damage", "sacrifice", "discard", "lose_life"):
            total += 6.0
    total += 4.0 * (len(proto.statics) + len(proto.triggers))
    return total


def _number(amount: Any) -> int:
    return amount if isinstance(amount, int) and not isinstance(amount, bool) else 2


def effects_of(proto: Proto) -> tuple[Effect, ...]:
    """A card's spell effects, or its permanent's enters-the-battlefield effects."""
    if proto.spell:
        return proto.spell
    return tuple(e for a in proto.triggers.get("enters", ()) for e in a.effects)


def untargeted_value(table: Table, effect: Effect, player: str) -> float:
    """Roughly what an effect that names no target is worth to the players' side."""
    do, each = effect.get("do"), str(effect.get("each", "you"))
    amount = _number(effect.get("amount", 1))
    if do == "create_token":
        return 3.0 * amount
    if do in ("draw", "scry", "surveil", "dig"):
        return 1.5 * amount if do == "draw" else 1.0
    if do == "gain_life":
        return 0.5 * amount
    if do in ("damage", "destroy", "exile", "bounce") and each.startswith("each_"):
        theirs = mine = 0.0
        for obj in table.battlefield.values():
            if "Creature" not in table.chars(obj).types:
                continue
            if obj.controller == HORDE:
                theirs += creature_value(table, obj)
            elif each not in ("each_creature_you_dont_control",):
                mine += creature_value(table, obj)
        return theirs - 1.3 * mine
    if do in ("lose_life", "damage", "mill") and each in ("each_opponent", "each_player"):
        return amount / 2  # the Horde mills
    if do == "pump" and not harmful(effect):
        return 2.0
    return 1.0


@lru_cache(maxsize=4096)
def kind_of(proto: Proto) -> str:
    """The role a card plays for a bot deciding when to cast it (read from the Proto alone,
    which never changes: worked out once for each)."""
    types = proto.types
    if proto.modal is not None:
        return "modal"
    effects = proto.spell
    if any(e.get("do") == "counter_spell" for e in effects):
        return "counter"
    if any(e.get("do") == "fight" for e in effects):
        return "fight"
    if effects:
        eachs = {str(e.get("each", "")) for e in effects}
        if any(
            e.get("do") in ("destroy", "damage") or (e.get("do") == "pump" and harmful(e))
            for e in effects
        ) and eachs & {"each_creature", "each_creature_you_dont_control"}:
            return "sweeper"
        if any(e.get("do") == "bounce" and "each" in e for e in effects):
            return "fog"  # Aetherize: all attacking creatures back to the hand
        if any(
            e.get("do") == "prevent_damage" and e.get("all") and e.get("combat") for e in effects
        ):
            return "fog"  # Fog: no combat damage this turn
        targeted = [e for e in effects if "target" in e]
        if targeted and any(harmful(e) and e.get("target") in CREATURE_TARGETS for e in targeted):
            return "removal"
        if any(e.get("do") == "pump" and not harmful(e) and "target" in e for e in effects):
            return "trick"
        if any(
            e.get("do") == "pump" and e.get("each") == "each_creature_you_control" for e in effects
        ):
            return "team_pump"
        return "spell"
    if "Creature" in types:
        return "creature"
    if "Land" in types:
        return "land"
    return "permanent"


def fight_pair(
    table: Table, fighters: list[Obj], victims: list[Obj], team: list[str]
) -> tuple[Obj, Obj, float] | None:
    """The best fight for the players: one of their ``fighters`` against a Horde creature of
    ``victims`` it kills, worth the Horde creature's threat less what the players lose if
    their creature dies too; None if no fight kills anything."""
    best: tuple[Obj, Obj, float] | None = None
    for ours in fighters:
        if ours.controller not in team:
            continue
        mine = table.chars(ours)
        for theirs in victims:
            if theirs.controller != HORDE or theirs.id == ours.id:
                continue
            other = table.chars(theirs)
            if "Creature" not in other.types or "indestructible" in other.keywords:
                continue
            power, left = max(0, mine.power), other.toughness - theirs.damage
            if not (power >= left or ("deathtouch" in mine.keywords and power > 0)):
                continue
            back, own_left = max(0, other.power), mine.toughness - ours.damage
            dies = back >= own_left or ("deathtouch" in other.keywords and back > 0)
            dies = dies and "indestructible" not in mine.keywords
            score = threat(table, theirs) - (creature_value(table, ours) if dies else 0.0)
            if best is None or score > best[2]:
                best = (ours, theirs, score)
    return best if best is not None and best[2] > 0 else None


def best_horde_target(
    table: Table, options: list[str], effect: Mapping[str, Any], controller: str
) -> str | None:
    """The Horde object (or the Horde itself) a harmful effect is best aimed at, if any."""
    amount = effect.get("amount")
    damage = effect.get("do") == "damage"
    shrink = -boost(effect, "toughness") if effect.get("do") == "pump" else 0
    best: tuple[float, str] | None = None
    for option in options:
        if not option.startswith("#"):
            continue
        obj = table.objects.get(int(option[1:]))
        if obj is None:
            if effect.get("do") == "counter_spell":
                item = table.items.get(int(option[1:]))
                if item is not None and item.controller == HORDE and item.obj is not None:
                    score = spell_threat(table, item.obj)
                    if best is None or score > best[0]:
                        best = (score, option)
            continue
        if obj.controller != HORDE:
            continue
        score = threat(table, obj)
        ch = table.chars(obj)
        if "Creature" in ch.types:
            left = ch.toughness - obj.damage
            if damage and isinstance(amount, int) and amount < left:
                score *= 0.2  # it would survive
            if shrink and shrink < left:
                score *= 0.2
            if obj.proto.damage_shield is not None and damage:
                score *= 0.1
        if best is None or score > best[0]:
            best = (score, option)
    if best is not None:
        return best[1]
    return "horde" if "horde" in options else None
