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

from collections.abc import Callable
from typing import Any, Protocol

from cardcli.magic import damage_events, damage_replace, instances
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

    # What damage triggers read (``damage_events.Table``; ``watchers`` above).
    def watching(self, kind: str) -> list[tuple[Obj, tuple[Ability, ...]]]: ...

    cda_busy: set[int]
    dynamic_values: dict[StaticEffect, tuple[bool, int, int]]

    def amount_of(self, amount: Any, player: str, source: Obj | None = None, x: int = 0) -> int: ...

    def queue(
        self, source: Obj, controller: str, ability: Ability, context: dict[str, Any]
    ) -> None: ...

    def memo(self, key: str, compute: Callable[[], Any]) -> Any: ...

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
    amount, doubled_by = damage_replace.doubled(table, source, target, amount, combat)  # 614.1a
    said: dict[str, Any] = {"doubled_by": doubled_by} if doubled_by else {}
    if isinstance(target, int):
        obj = table.objects.get(target)
        if obj is None or obj.zone != "battlefield":
            return 0
        amount = _prevention(table, source, obj, amount, combat, doubled_by)
        if amount <= 0 or damage_replace.as_counters(table, source, obj, amount, combat):
            return 0  # all of it prevented, or counters put on it instead (614.1a)
        ch = table.chars(obj)
        table.emit(
            {
                "type": "damage",
                "source": source.id,
                "source_name": source.name,
                "target": obj.id,
                "amount": amount,
                "combat": combat,
                **said,
            }
        )
        if "Creature" in ch.types:
            if (
                "wither" in source.keywords
                or "infect" in source.keywords
                or damage_replace.all_wither(table)
            ):
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
        dealt = {"object": obj.id, "amount": amount, "source": source.id,
                 "source_controller": source.controller}  # fmt: skip
        table.fire("dealt_damage", dealt, obj)
    else:
        amount = _prevention(table, source, target, amount, combat, doubled_by)
        if amount <= 0:
            return 0
        table.emit(
            {
                "type": "damage",
                "source": source.id,
                "source_name": source.name,
                "target": target,
                "amount": amount,
                "combat": combat,
                **said,
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
                context = {"player": target, "amount": amount, "object": src.id,
                           "source_controller": source.controller}  # fmt: skip
                table.fire("deals_combat_damage_to_player", context, src)
                # "Whenever a creature you control deals combat damage to a player": that
                # creature is ``object``, that player ``player``.
                table.watch("creature_deals_combat_damage_to_player", context, src.controller, src)
    damage_events.dealt(table, source, target, amount, combat)  # "whenever ... deals damage"
    if "lifelink" in source.keywords:
        gain_life(table, source.controller, amount, "lifelink")  # 702.15b
    return amount


def _prevention(
    table: Table,
    source: DamageSource,
    target: Obj | str,
    amount: int,
    combat: bool,
    doubled_by: list[str],
) -> int:
    """The damage left after the prevention effects (615) on ``target``; 0 if all of it is
    prevented (logged). Damage that can't be prevented is not, but what else they do (remove
    a counter) still happens, and shields are not used up (615.12)."""
    obj = target if isinstance(target, Obj) else None
    aimed: Target = obj.id if obj is not None else str(target)
    unstoppable = damage_replace.unpreventable(table, combat)
    shield = obj.proto.damage_shield if obj is not None else None
    if obj is not None and shield is not None and not table.chars(obj).lost_abilities:
        # "If it would be dealt damage, prevent that damage" (615), and what follows.
        if not unstoppable:
            _prevented(table, source, aimed, amount, obj.name, doubled_by)
        if shield.get("remove_counter"):
            table.remove_counters(obj, str(shield["remove_counter"]), 1)
        if unstoppable:
            return amount
        if shield.get("put_counter"):  # "a -1/-1 counter for each 1 damage prevented"
            table.add_counters(obj, str(shield["put_counter"]), amount)
        return 0
    if unstoppable:
        return amount
    stopper = _prevent_all(table, aimed, combat)
    if stopper is None:  # "Prevent all damage that would be dealt by enchanted creature."
        stopper = damage_replace.prevented_from(table, source, combat)
    if stopper is not None:
        return _prevented(table, source, aimed, amount, stopper, doubled_by)
    protected = obj is not None and _protected(table, obj, source)
    if protected or _shielded(table, aimed, amount) == 0:
        return _prevented(table, source, aimed, amount, None, doubled_by)
    absorb = instances.absorbed(table.chars(obj)) if obj is not None else 0
    if absorb:  # 702.64a: "prevent N of that damage", each instance (702.64b)
        _prevented(table, source, aimed, min(absorb, amount), "absorb", doubled_by)
        amount -= absorb
        if amount <= 0:
            return 0
    amount = _shielded(table, aimed, amount, consume=True)
    if obj is not None:
        amount = damage_replace.all_but(table, source, obj, amount)  # "prevent all but 1"
    return amount


def _prevented(
    table: Table,
    source: DamageSource,
    target: Target,
    amount: int,
    why: str | None = None,
    doubled_by: list[str] | None = None,
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
    if doubled_by:
        event["doubled_by"] = doubled_by
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
        if shield.get("unpreventable"):
            continue  # "damage can't be prevented this turn" (``damage_replace``)
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
