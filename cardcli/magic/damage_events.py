"""Triggers on damage dealt (603.2, 120): of the source itself, and of permanents watching.

A source's own ``deals_damage`` ("Whenever this creature deals damage to a
player, that player discards a card") and every watcher's
``source_deals_damage`` ("Whenever a creature deals damage to you, destroy
it", "Whenever you're dealt damage", "Whenever a Sliver deals damage, its
controller gains that much life") trigger once for each source and each
player or object dealt damage. Their data say what was dealt the damage
(``to``: you, player, opponent, creature; left out: anything), whether only
combat damage counts (``combat``), whose sources (``controller``) and which
(``trigger_filter``, matched against the source as it dealt the damage).

The trigger's event: ``object`` is the source (the permanent "it" and "that
creature" name), except for damage ``to`` a creature, where it is that
creature ("destroy that creature"); ``player`` the player dealt the damage (or
the controller of the object dealt it); ``amount`` the damage dealt ("that
many"); ``source_controller`` who controlled the source ("its controller",
"that source's controller").
"""

from __future__ import annotations

from typing import Any, Protocol

from cardcli.magic import chars as chars_mod
from cardcli.magic.cards import Ability
from cardcli.magic.chars import Chars
from cardcli.magic.objects import Obj, Target
from cardcli.magic.sources import DamageSource


class Reader(chars_mod.Table, Protocol):
    """What a source is matched on."""

    def chars(self, obj: Obj) -> Chars: ...


class Table(Reader, Protocol):
    """What damage triggers are found on (``table.Table`` is one)."""

    watchers: dict[str, dict[int, tuple[Ability, ...]]]

    def queue(
        self, source: Obj, controller: str, ability: Ability, context: dict[str, Any]
    ) -> None: ...

    def watching(self, kind: str) -> list[tuple[Obj, tuple[Ability, ...]]]: ...


def dealt(table: Table, source: DamageSource, target: Target, amount: int, combat: bool) -> None:
    """Queue the triggers ``amount`` damage from ``source`` to ``target`` sets off."""
    src = table.objects.get(source.id)
    own = src.proto.triggers.get("deals_damage") if src is not None else None
    watching = table.watchers.get("source_deals_damage")
    if not own and not watching:
        return
    hit = table.objects.get(target) if isinstance(target, int) else None
    player = target if isinstance(target, str) else (hit.controller if hit is not None else "")
    context: dict[str, Any] = {
        "object": source.id,
        "player": player,
        "amount": amount,
        "source": source.id,
        "source_controller": source.controller,
    }
    if (
        own
        and src is not None
        and src.zone == "battlefield"
        and not table.chars(src).lost_abilities
    ):
        for ability in own:
            if _reaches(table, ability.data, target, hit, source.controller, combat):
                table.queue(src, src.controller, ability, context)
    if not watching:
        return
    for watcher, abilities in table.watching("source_deals_damage"):
        for ability in abilities:
            data = ability.data
            whose = str(data.get("controller", "any"))
            if not chars_mod.controls(table, whose, source.controller, watcher.controller):
                continue
            if not _reaches(table, data, target, hit, watcher.controller, combat):
                continue
            filt = data.get("trigger_filter")
            if filt and not source_matches(table, filt, source, watcher.id):
                continue
            found = dict(context)
            if data.get("to") == "creature" and hit is not None:
                found["object"] = hit.id  # "destroy that creature": the creature dealt damage
            table.queue(watcher, watcher.controller, ability, found)


def _reaches(
    table: Table, data: Any, target: Target, hit: Obj | None, you: str, combat: bool
) -> bool:
    """Was the damage dealt to what ``to`` names, seen from ``you``, and combat if it must be?"""
    if data.get("combat") and not combat:
        return False
    to = data.get("to")
    if to is None:
        return True
    if to == "creature":
        return hit is not None and "Creature" in table.chars(hit).types
    if not isinstance(target, str):
        return False
    if to == "you":
        return target == you
    if to == "opponent":
        return table.are_opponents(target, you)
    return bool(to == "player")


def source_matches(table: Reader, filt: Any, source: DamageSource, watcher_id: int) -> bool:
    """Does the source, as it dealt the damage, match ``filt``? A source no longer anywhere
    (an ability's, whose permanent has left) is matched on what is known of it."""
    obj = table.objects.get(source.id)
    if obj is not None:
        return chars_mod.matches(table, filt, obj, table.chars(obj), watcher_id)
    facts = {"types": source.types, "subtypes": source.subtypes, "colors": source.colors}
    for key, value in filt.items():
        wanted = key.removeprefix("not_")
        if wanted not in facts or bool(facts[wanted] & set(value)) == key.startswith("not_"):
            return False
    return True
