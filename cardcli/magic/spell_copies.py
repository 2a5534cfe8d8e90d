"""Copies of a spell on the stack (707.10), as storm makes them (``storm``, 702.40a).

A copy of a spell is an object on the stack with the spell's copiable values, choices and
modes (707.10, 707.2); it is no card (its ``card_no`` is None). Its controller chooses its
targets anew, one decision per copy and target slot, among the legal targets (the original's
among them): "may choose new targets" read as choosing them all again, the same ones if they
like (707.10c). If the spell has left the stack by then, the copies are made from it as it
last existed (608.2h). A copy that leaves the stack goes where a spell would and ceases to
exist there (704.5e: a copy of a spell in a zone other than the stack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Effect
from cardcli.magic.choices import ask
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj, StackItem, Target
from cardcli.magic.reach import Resolution
from cardcli.magic.sources import DamageSource
from cardcli.magic.targets import (
    Slot,
    announce_targets,
    candidates,
    slots_of,
    spell_label,
    target_of,
)

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def copy_spell(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """Copies of the spell this ability triggered from, as many as its storm count."""
    spell_id = int(res.item.context.get("object", 0))
    kept: dict[int, StackItem] = table.extra.get("storm_spells", {})
    original = table.items.get(spell_id) or kept.get(spell_id)
    if original is None or original.kind != "spell":
        return
    count = int(res.item.context.get("storm", 0)) if effect.get("storm") else 1
    controller = res.item.controller
    proto = original.obj.proto if original.obj is not None else original.source_proto
    if proto is None:
        return
    name = original.name or original.source_name
    slots = slots_of(original.effects)
    if proto.is_aura and proto.enchant:
        slots.insert(0, Slot(-1, proto.enchant))  # (the Aura's own target, 303.4a)
    facts = DamageSource(
        spell_id, name, controller, proto.colors, proto.keywords, proto.types, proto.subtypes
    )
    chosen: list[list[list[Target]]] = []
    for number in range(count):  # every choice first: nothing changes until all are made
        targets: list[list[Target]] = []
        for index, slot in enumerate(slots):
            options = [spell_label(t) for t in candidates(table, slot, controller, facts)]
            high = min(slot.count, len(options))
            effect_of = original.effects[slot.effect] if slot.effect >= 0 else {}
            picks = ask(
                table,
                res.answers,
                f"copy{number}:target{index}",
                Decision(
                    "target",
                    controller,
                    f"{name}, copy {number + 1} of {count}: choose {slot.describe()}"
                    " (new targets, or the same)",
                    options,
                    low=min(slot.low, high),
                    high=high,
                    data={"slot": index, "effect": dict(effect_of)},
                ),
            )
            targets.append([target_of(p) for p in picks])
        chosen.append(targets)
    kept.pop(spell_id, None)
    for targets in chosen:
        copy = Obj(table.new_id(), proto, controller, "stack", None)
        table.objects[copy.id] = copy
        item = StackItem(
            copy.id,
            "spell",
            controller,
            copy.id,
            name,
            original.effects,
            obj=copy,
            targets=targets,
            x=original.x,
            source_proto=proto,
            context={"copy": True},
            modes=original.modes,
        )
        table.stack.append(item)
        table.items[item.id] = item
        event = {"type": "copied", "id": copy.id, "of": spell_id, "card": name}
        flat = [spell_label(t) for slot in targets for t in slot]
        if flat:
            event["targets"] = flat
        table.emit(event)
        announce_targets(table, item)
