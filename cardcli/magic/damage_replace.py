"""Replacement and prevention effects that change how much damage is dealt (614.1a, 615).

* ``double_damage`` (a static of a permanent): "If a red instant or sorcery spell you
  control would deal damage, it deals double that damage instead" (Fire Servant); with
  ``source_self``, the permanent's own damage: "If this creature would deal combat damage
  to a player, it deals double that damage to that player instead" (Charging Tuskodon).
  Its data say which sources (``source_self``; ``controller`` and ``source_filter``, with
  ``spell``: a spell on the stack), dealt to what (``to``: player, opponent, you, creature,
  self), and ``combat`` (combat damage only). Each applies once to the damage (614.5), so
  two of them quadruple it.
* ``prevent_damage_all_but`` (a static): "If a source would deal damage to another Dinosaur
  you control, prevent all but 1 of that damage" (Temple Altisaur): damage to a permanent
  its ``affects`` filter and ``controller`` name is cut down to ``amount``.

* ``damage_unpreventable`` (a static, ``combat``: combat damage only): "Damage can't be
  prevented." (Everlasting Torment); the effect "Damage can't be prevented this turn."
  (Flaring Pain) marks the turn's prevention list. Prevention effects still apply to such
  damage but prevent none of it; what else they do happens (615.12).
* ``prevent_damage_from`` (an Aura's or Equipment's static): "Prevent all (combat) damage
  that would be dealt by enchanted creature." (Defang, Candletrap).
* ``damage_as_counters`` (a static): "If a source you control would deal noncombat damage
  to a creature an opponent controls, put that many -1/-1 counters on that creature
  instead." (Soul-Scar Mage): no damage is dealt (no damage event, no lifelink, no
  damage trigger), the counters are put on it (``controller``: whose sources; ``noncombat``;
  ``to_controller``: whose creatures; ``counter``), after the prevention effects.
* ``all_wither`` (a static): "All damage is dealt as though its source had wither." (702.80).

**Order (616.1):** the affected player is not asked; the effects that double the damage
apply first, as it would be dealt, and the prevention effects after them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from cardcli.magic import chars as chars_mod
from cardcli.magic.chars import Chars, StaticEffect
from cardcli.magic.damage_events import source_matches
from cardcli.magic.objects import Obj, Target
from cardcli.magic.sources import DamageSource


class Table(chars_mod.Table, Protocol):
    """What damage replacements read (``table.Table`` is one)."""

    prevention: list[dict[str, Any]]  # shields from prevent_damage effects, and this turn's

    def chars(self, obj: Obj) -> Chars: ...

    def static_on(self, st: StaticEffect) -> bool: ...

    def memo(self, key: str, compute: Callable[[], Any]) -> Any: ...

    def emit(self, event: dict[str, Any]) -> None: ...

    def add_counters(self, obj: Obj, kind: str, count: int) -> None: ...


def _statics(table: Table, kind: str) -> list[StaticEffect]:
    found: list[StaticEffect] = table.memo(
        "statics:" + kind, lambda: [st for st in table.statics if st.ability.static == kind]
    )
    return [st for st in found if not table.chars(st.source).lost_abilities]


def doubled(
    table: Table, source: DamageSource, target: Target, amount: int, combat: bool
) -> tuple[int, list[str]]:
    """The damage after every ``double_damage`` that applies, and the cards that doubled it."""
    by: list[str] = []
    for st in _statics(table, "double_damage"):
        data = st.ability.data
        if not table.static_on(st) or (data.get("combat") and not combat):
            continue
        if data.get("source_self"):
            if source.id != st.source.id:
                continue
        elif not _source_is(table, data, source, st):
            continue
        if not _dealt_to(table, data.get("to"), target, st.source):
            continue
        amount *= 2
        by.append(st.source.name)
    return amount, by


def _source_is(table: Table, data: Any, source: DamageSource, st: StaticEffect) -> bool:
    whose = str(data.get("controller", "any"))
    if not chars_mod.controls(table, whose, source.controller, st.source.controller):
        return False
    obj = table.objects.get(source.id)
    if data.get("spell") and (obj is None or obj.zone != "stack"):
        return False  # "a ... spell": a source on the stack as it deals the damage
    filt = data.get("source_filter")
    return not filt or source_matches(table, filt, source, st.source.id)


def _dealt_to(table: Table, to: Any, target: Target, you: Obj) -> bool:
    if to is None:
        return True
    if isinstance(target, str):
        if to == "you":
            return target == you.controller
        if to == "opponent":
            return table.are_opponents(target, you.controller)
        return bool(to == "player")
    if to == "self":
        return target == you.id
    obj = table.objects.get(target)
    return to == "creature" and obj is not None and "Creature" in table.chars(obj).types


def all_but(table: Table, source: DamageSource, obj: Obj, amount: int) -> int:
    """Damage to ``obj`` after "prevent all but N of that damage" (615), logged."""
    for st in _statics(table, "prevent_damage_all_but"):
        data = st.ability.data
        left = int(data.get("amount", 1))
        if amount <= left or not table.static_on(st):
            continue
        whose = str(data.get("controller", "you"))
        if not chars_mod.controls(table, whose, obj.controller, st.source.controller):
            continue
        affects = data.get("affects") or {}
        if affects and not chars_mod.matches(table, affects, obj, table.chars(obj), st.source.id):
            continue
        table.emit(
            {
                "type": "damage_prevented",
                "source": source.id,
                "target": obj.id,
                "amount": amount - left,
                "why": st.source.name,
            }
        )
        amount = left
    return amount


def unpreventable(table: Table, combat: bool) -> bool:
    """Can't this damage be prevented (a static, or this turn's effect)?"""
    for st in _statics(table, "damage_unpreventable"):
        if (combat or not st.ability.data.get("combat")) and table.static_on(st):
            return True
    return any(shield.get("unpreventable") for shield in table.prevention)


def all_wither(table: Table) -> bool:
    """Is all damage dealt as though its source had wither?"""
    return any(table.static_on(st) for st in _statics(table, "all_wither"))


def prevented_from(table: Table, source: DamageSource, combat: bool) -> str | None:
    """The Aura or Equipment whose "prevent all damage that would be dealt by enchanted
    creature" stops damage from ``source``, or None."""
    for st in _statics(table, "prevent_damage_from"):
        if st.source.attached_to != source.id or not table.static_on(st):
            continue
        if combat or not st.ability.data.get("combat"):
            return st.source.name
    return None


def as_counters(table: Table, source: DamageSource, obj: Obj, amount: int, combat: bool) -> bool:
    """Is the damage to ``obj`` replaced by that many counters (``damage_as_counters``)? If
    so they are put on it, and the replacement logged."""
    for st in _statics(table, "damage_as_counters"):
        data = st.ability.data
        you = st.source.controller
        if (data.get("noncombat") and combat) or not table.static_on(st):
            continue
        if not chars_mod.controls(
            table, str(data.get("controller", "you")), source.controller, you
        ):
            continue
        if not _dealt_to(table, data.get("to"), obj.id, st.source):
            continue
        whose = str(data.get("to_controller", "any"))
        if not chars_mod.controls(table, whose, obj.controller, you):
            continue
        counter = str(data.get("counter", "-1/-1"))
        table.emit(
            {
                "type": "damage_as_counters",
                "source": source.id,
                "target": obj.id,
                "amount": amount,
                "counter": counter,
                "why": st.source.name,
            }
        )
        table.add_counters(obj, counter, amount)
        return True
    return False
