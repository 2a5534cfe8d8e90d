"""Copies of spells (707.10): the card model's ``copy_spell`` effect.

"Copy target instant or sorcery spell. You may choose new targets for the copy." puts a
copy of the spell on the stack, controlled by the effect's controller. The copy is not
cast (no "whenever you cast" triggers); it has the spell's characteristics and the choices
made for it (modes, X, targets: 707.10), and its controller may choose new targets for it
(707.10c): for each target, keep it or choose another legal one. A copy is an object on the
stack that is no card: once it leaves the stack it ceases to exist (704.5e; the
state-based action that removes tokens outside the battlefield removes it too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Effect
from cardcli.magic.choices import ask
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj, StackItem, Target
from cardcli.magic.reach import Resolution, subjects
from cardcli.magic.sources import DamageSource
from cardcli.magic.targets import announce_targets, candidates, slots_of, spell_label

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def copy_spell(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    you = res.item.controller
    for target in subjects(table, res, effect):
        original = table.items.get(target) if isinstance(target, int) else None
        if original is None or original not in table.stack or original.obj is None:
            continue
        proto = original.obj.proto
        oid = table.new_id()
        facts = DamageSource(oid, proto.name, you, proto.colors, proto.keywords, proto.types,
                             proto.subtypes)  # fmt: skip
        chosen = [list(slot) for slot in original.targets]
        if effect.get("new_targets"):
            chosen = _new_targets(table, res, key, original, chosen, facts, oid)
        obj = Obj(oid, proto, you, "stack", None)  # no card: 707.10, 111.1
        obj.controller = you
        table.objects[oid] = obj
        copy = StackItem(
            oid, "spell", you, oid, proto.name, original.effects, obj=obj, targets=chosen,
            x=original.x, source_proto=proto, context={"copy": True}, modes=original.modes,
        )  # fmt: skip
        table.stack.append(copy)
        table.items[oid] = copy
        event = {"type": "spell_copied", "id": oid, "of": original.id, "card": proto.name,
                 "controller": you}  # fmt: skip
        flat = [spell_label(t) for slot in chosen for t in slot]
        if flat:
            event["targets"] = flat
        table.emit(event)
        announce_targets(table, copy)


def _new_targets(
    table: Table,
    res: Resolution,
    key: str,
    original: StackItem,
    chosen: list[list[Target]],
    facts: DamageSource,
    oid: int,
) -> list[list[Target]]:
    """707.10c: for each target of the copy, its controller keeps it or chooses a new legal
    one (asked before the copy is made); one decision a target, the kept one listed first."""
    you = res.item.controller
    slots = slots_of(original.effects)
    found: list[list[Target]] = []
    for index, slot_targets in enumerate(chosen):
        if index >= len(slots):
            found.append(list(slot_targets))
            continue
        slot = slots[index]
        legal_now = candidates(table, slot, you, facts, oid)
        now: list[Target] = []
        for number, old in enumerate(slot_targets):
            others = [t for t in legal_now if t != old and t not in now]
            if not others:
                now.append(old)
                continue
            options = [spell_label(old), *(spell_label(t) for t in others)]
            picks = ask(table, res.answers, f"{key}:retarget:{original.id}:{index}:{number}",
                        Decision("retarget", you,
                                 f"copy of {original.name}: keep {options[0]} as its target or"
                                 " choose a new one", options, data={"item": res.item.id}))  # fmt: skip
            pick = picks[0] if picks else options[0]
            now.append(int(pick[1:]) if pick.startswith("#") else pick)
        found.append(now)
    return found


__all__ = ["copy_spell"]
