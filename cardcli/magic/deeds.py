"""What a creature undergoes that other permanents watch (603.2). (What it deals, damage,
is watched by ``damage_events``: "Whenever a Sliver deals damage".)

* ``creature_becomes_blocked`` ("Whenever a Sliver becomes blocked"): once for each
  attacking creature blocked as blockers are declared, however many block it (509.1h);
  ``object`` the creature, ``player`` its controller. "For each creature blocking it"
  (``{previous: blockers}``) counts those blocking it as the ability resolves (608.2h).

A trigger's ``controller`` and ``trigger_filter`` are read of the creature.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from cardcli.magic.abilities import Ability
from cardcli.magic.chars import Table as CharsTable
from cardcli.magic.chars import controls, matches
from cardcli.magic.objects import Obj


class Table(Protocol):
    objects: dict[int, Obj]
    watchers: dict[str, dict[int, tuple[Ability, ...]]]

    def chars(self, obj: Obj) -> Any: ...

    def watch(
        self,
        kind: str,
        context: dict[str, Any],
        player: str,
        subject: Obj | None = None,
        subject_chars: Any = None,
    ) -> None: ...


class Targeting(Table, CharsTable, Protocol):
    """What the watchers of a creature becoming a target read."""

    def watching(self, kind: str) -> list[tuple[Obj, tuple[Ability, ...]]]: ...

    def queue(
        self, source: Obj, controller: str, ability: Ability, context: dict[str, Any]
    ) -> None: ...


class Combat(Table, Protocol):
    battlefield: dict[int, Obj]
    combat: Any


def blocked(table: Table, blocked_by: Mapping[int, list[int]]) -> None:
    """Blockers are declared: each attacking creature blocked becomes blocked, once."""
    if not table.watchers["creature_becomes_blocked"]:
        return
    for oid, blockers in blocked_by.items():
        obj = table.objects.get(oid)
        if obj is None or not blockers:
            continue
        context = {"object": oid, "player": obj.controller}
        table.watch("creature_becomes_blocked", context, obj.controller, obj)


def blocking(table: Combat, oid: Any) -> int:
    """How many creatures block creature ``oid`` now (none out of combat)."""
    combat = table.combat
    if combat is None or not isinstance(oid, int):
        return 0
    return sum(1 for b in combat.blocked_by.get(oid, ()) if b in table.battlefield)


def targeted(table: Targeting, obj: Obj, context: dict[str, Any]) -> None:
    """``obj`` has become the target of a spell or ability (``context``: ``by``, ``by_kind``,
    its controller ``player``): "Whenever a Sliver creature you control becomes the target of
    a spell or ability an opponent controls" (``controller`` and ``trigger_filter`` read of
    the creature, ``targeter`` and ``by`` of the spell or ability)."""
    watching = table.watchers["creature_becomes_target"]
    if not watching:
        return
    seen = table.chars(obj)
    if "Creature" not in seen.types:
        return
    for watcher, abilities in table.watching("creature_becomes_target"):
        for ability in abilities:
            data = ability.data
            you = watcher.controller
            if not controls(table, data.get("controller", "any"), obj.controller, you):
                continue
            if not controls(table, data.get("targeter", "any"), str(context["player"]), you):
                continue
            if data.get("by", "any") not in ("any", context.get("by_kind")):
                continue
            filt = data.get("trigger_filter")
            if filt and not matches(table, filt, obj, seen, watcher.id):
                continue
            table.queue(watcher, you, ability, context)
