"""The fixed points for damage and life (120, 119, 810.9): prevention, replacement, events.

Damage to a creature is marked on it (deathtouch noted for 704.5h), damage to
a planeswalker removes loyalty, damage to a player makes them lose that much
life (120.3a); lifelink gains as much (702.15b). Damage from a source with
wither or infect is dealt to a creature as that many -1/-1 counters (120.3d,
702.80b, 702.90c), and from a source with infect to a player as that many
poison counters instead of life loss (120.3b, 702.90b). Life changes happen to
a player and move their team's shared total (810.9); poison counters go to the
player, or to the team when its variant says the team shares them (810.10). A
team with no life total (``None``) gains and loses nothing, unless a
replacement turns the loss into something else (the Horde mills).
"""

from __future__ import annotations

from typing import Any, Protocol

from cardcli.magic import deeds, instances
from cardcli.magic.abilities import Ability
from cardcli.magic.chars import Chars, StaticEffect
from cardcli.magic.objects import Obj, ObjEffect, Player, Target, Team
from cardcli.magic.sources import DamageSource, protection_against
from cardcli.magic.variant import Variant


class Table(Protocol):
    """What damage and life changes go through (``table.Table`` is one)."""

    players: dict[str, Player]
    objects: dict[int, Obj]
    statics: list[StaticEffect]
    prevention: list[dict[str, Any]]  # shields from prevent_damage effects
    life_logged: dict[str, int]
    clock: int  # timestamps (613.7)
    watchers: dict[str, dict[int, tuple[Ability, ...]]]  # triggers by event kind
    variant: Variant[Any]

    def chars(self, obj: Obj) -> Chars: ...

    def are_opponents(self, a: str, b: str) -> bool: ...

    def emit(self, event: dict[str, Any]) -> None: ...

    def replace(self, kind: str, event: dict[str, Any]) -> dict[str, Any] | None: ...

    def fire(self, kind: str, context: dict[str, Any], only: Obj | None = None) -> None: ...

    def static_on(self, st: StaticEffect) -> bool: ...

    def watch(
        self,
        kind: str,
        context: dict[str, Any],
        player: str,
        subject: Obj | None = None,
        subject_chars: Chars | None = None,
    ) -> None: ...

    def remove_counters(self, obj: Obj, kind: str, count: int) -> None: ...

    def add_counters(self, obj: Obj, kind: str, count: int) -> None: ...


def damage(
    table: Table,
    source: DamageSource,
    target: Target,
    amount: int,
    combat: bool = False,
    exile_if_dies: bool = False,
) -> int:
    """Deal damage (120); returns how much was dealt after prevention."""
    if amount <= 0:
        return 0
    event = table.replace(
        "damage", {"source": source, "target": target, "amount": amount, "combat": combat}
    )
    if event is None or event["amount"] <= 0:
        return 0
    amount = int(event["amount"])
    target = event["target"]
    if isinstance(target, int):
        obj = table.objects.get(target)
        if obj is None or obj.zone != "battlefield":
            return 0
        shield = obj.proto.damage_shield
        if shield is not None and not table.chars(obj).lost_abilities:
            # "If it would be dealt damage, prevent that damage" (615), and what follows.
            _prevented(table, source, target, amount, why=obj.name)
            if shield.get("remove_counter"):
                table.remove_counters(obj, str(shield["remove_counter"]), 1)
            return 0
        stopper = _prevent_all(table, target, combat)
        if stopper is not None:
            return _prevented(table, source, target, amount, why=stopper)
        if _protected(table, obj, source) or _shielded(table, target, amount) == 0:
            return _prevented(table, source, target, amount)
        absorb = instances.absorbed(table.chars(obj))
        if absorb:  # 702.64a: "prevent N of that damage", each instance (702.64b)
            _prevented(table, source, target, min(absorb, amount), why="absorb")
            amount -= absorb
            if amount <= 0:
                return 0
        amount = _shielded(table, target, amount, consume=True)
        ch = table.chars(obj)
        table.emit(
            {
                "type": "damage",
                "source": source.id,
                "source_name": source.name,
                "target": obj.id,
                "amount": amount,
                "combat": combat,
            }
        )
        if "Creature" in ch.types:
            if "wither" in source.keywords or "infect" in source.keywords:
                # 120.3d: dealt as -1/-1 counters, not marked (702.80b, 702.90c).
                table.add_counters(obj, "-1/-1", amount)
            else:
                obj.damage += amount
            if "deathtouch" in source.keywords:
                obj.deathtouched = True
            if exile_if_dies:
                table.clock += 1
                obj.effects.append(ObjEffect(table.clock, exile_if_dies=True, source=source.name))
            obj.touch()
        if "Planeswalker" in ch.types:
            table.remove_counters(obj, "loyalty", amount)
        table.fire("dealt_damage", {"object": obj.id, "amount": amount, "source": source.id}, obj)
    else:
        stopper = _prevent_all(table, target, combat)
        if stopper is not None:
            return _prevented(table, source, target, amount, why=stopper)
        if _shielded(table, target, amount) == 0:
            return _prevented(table, source, target, amount)
        amount = _shielded(table, target, amount, consume=True)
        table.emit(
            {
                "type": "damage",
                "source": source.id,
                "source_name": source.name,
                "target": target,
                "amount": amount,
                "combat": combat,
            }
        )
        if "infect" in source.keywords:
            # 120.3b, 702.90b: poison counters instead of life loss.
            give_poison(table, target, amount, "infect")
        else:
            # 120.3a: damage to a player makes that player lose that much life.
            lose_life(table, target, amount, "damage")
        if combat:
            src = table.objects.get(source.id)
            if src is not None:
                context = {"player": target, "amount": amount, "object": src.id}
                table.fire("deals_combat_damage_to_player", context, src)
                # "Whenever a creature you control deals combat damage to a player": that
                # creature is ``object``, that player ``player``.
                table.watch("creature_deals_combat_damage_to_player", context, src.controller, src)
    deeds.dealt(table, source.id, target, amount, combat)  # "Whenever a Sliver deals damage"
    if "lifelink" in source.keywords:
        gain_life(table, source.controller, amount, "lifelink")  # 702.15b
    return amount


def _prevented(
    table: Table, source: DamageSource, target: Target, amount: int, why: str | None = None
) -> int:
    """Log damage that is prevented (615); none is dealt."""
    event: dict[str, object] = {
        "type": "damage_prevented",
        "source": source.id,
        "target": target,
        "amount": amount,
    }
    if why is not None:
        event["why"] = why
    table.emit(event)
    return 0


def _protected(table: Table, obj: Obj, source: DamageSource) -> bool:
    """702.16e: damage from a source it has protection from is prevented."""
    return protection_against(table.chars(obj).keywords, source)


def _prevent_all(table: Table, target: Target, combat: bool) -> str | None:
    """The card whose "prevent all (combat) damage that would be dealt [to ...] this turn"
    stops this damage (615), or None."""
    for shield in table.prevention:
        if not shield.get("all") or (shield.get("combat") and not combat):
            continue
        if shield["target"] is None or shield["target"] == target:
            return str(shield.get("source", ""))
    return None


def _shielded(table: Table, target: Target, amount: int, consume: bool = False) -> int:
    """Damage left after prevention shields on ``target`` (615)."""
    for shield in table.prevention:
        if shield.get("all") or shield["target"] != target or amount <= 0:
            continue
        stopped = min(amount, shield["amount"])
        if consume:
            shield["amount"] -= stopped
        amount -= stopped
    if consume:
        table.prevention = [s for s in table.prevention if s.get("all") or s["amount"] > 0]
    return amount


def lose_life(table: Table, player: str, amount: int, why: str) -> int:
    if amount <= 0:
        return 0
    event = table.replace("lose_life", {"player": player, "amount": amount, "why": why})
    if event is None or event["amount"] <= 0:
        return 0
    team = table.players[player].team
    amount = int(event["amount"])
    if team.life is None:
        # A player with no life total loses none, unless a replacement says what the loss
        # became (the Horde mills): then it counts as lost ("the life lost this way").
        return amount if event.get("counts_as_lost") else 0
    return change_life(table, team, player, -amount, why)


def gain_life(table: Table, player: str, amount: int, why: str) -> int:
    if amount <= 0:
        return 0
    event = table.replace("gain_life", {"player": player, "amount": amount, "why": why})
    if event is None or event["amount"] <= 0:
        return 0
    team = table.players[player].team
    if team.life is None:
        return 0
    stopper = _no_lifegain(table, player)
    if stopper is not None:
        # "If a player would gain life, that player gains no life instead" (614.1a).
        table.emit({"type": "no_lifegain", "player": player, "amount": amount, "source": stopper})
        return 0
    gained = change_life(table, team, player, int(event["amount"]), why)
    # 119.9: "whenever you gain life" (a life gain event of more than 0 life).
    table.watch("gain_life", {"player": player, "amount": gained}, player)
    return gained


def _no_lifegain(table: Table, player: str) -> int | None:
    """The id of a permanent whose static ability stops ``player`` gaining life, if any."""
    for st in table.statics:
        if st.ability.static != "no_lifegain" or not table.static_on(st):
            continue
        who = st.ability.data.get("players", "all")
        owner = st.source.controller
        if (
            who == "all"
            or (who == "you" and player == owner)
            or (who == "opponents" and table.are_opponents(player, owner))
        ):
            return st.source.id
    return None


def change_life(table: Table, team: Team, player: str, delta: int, why: str) -> int:
    """810.9: life changes happen to each player; the team's shared total moves."""
    assert team.life is not None
    team.life += delta
    table.life_logged[team.name] += delta
    table.emit(
        {
            "type": "life",
            "player": player,
            "team": team.name,
            "delta": delta,
            "life": team.life,
            "why": why,
        }
    )
    return abs(delta)


def give_poison(table: Table, player: str, amount: int, why: str) -> int:
    """``player`` gets ``amount`` poison counters (122.1f): the player's own, or their
    team's when the team shares them (810.10). Returns how many were given."""
    if amount <= 0:
        return 0
    event = table.replace("poison", {"player": player, "amount": amount, "why": why})
    if event is None or event["amount"] <= 0:
        return 0
    return change_poison(table, player, int(event["amount"]), why)


def change_poison(table: Table, player: str, delta: int, why: str) -> int:
    """Poison counters given (or, negative, removed) that no replacement touches."""
    p = table.players[player]
    team = p.team
    shared = table.variant.shares_poison(table, team)
    have = team.poison if shared else p.poison
    delta = max(delta, -have)
    if delta == 0:
        return 0
    if shared:
        team.poison += delta
    else:
        p.poison += delta
    event: dict[str, Any] = {
        "type": "poison",
        "player": player,
        "team": team.name,
        "delta": delta,
        "total": have + delta,
        "shared": shared,
        "why": why,
    }
    limit = table.variant.poison_limit(table, team)
    if limit is not None:
        event["limit"] = limit
    table.emit(event)
    return abs(delta)
