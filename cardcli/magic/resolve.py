"""Resolving the top of the stack (608): targets checked again, effects one by one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Ability
from cardcli.magic.casting import cast_slots, facts_of
from cardcli.magic.copies_asking import choose_entry
from cardcli.magic.costs import entry_choice
from cardcli.magic.effects import Resolution, run_effect
from cardcli.magic.objects import StackItem, Target
from cardcli.magic.sources import DamageSource
from cardcli.magic.targets import AT_TABLE, legal, slots_of

if TYPE_CHECKING:
    from cardcli.magic.table import Table


EVOKED = Ability(
    index=-8,
    data={},
    when="enters",
    effects=({"do": "sacrifice", "each": "it"},),
    text="Evoke (When this creature enters, if it was evoked, sacrifice it.)",
)


def leaves_stack_to(item: StackItem) -> str:
    """Where a spell goes when it leaves the stack: exile if it was flashed back (702.34a)."""
    return "exile" if item.context.get("flashback") else "graveyard"


def begin_resolution(table: Table) -> None:
    """The top of the stack starts to resolve; a spell or ability whose targets all left does nothing (608.2b)."""
    item = table.stack[-1]
    # (An activated ability's condition is a restriction on activating it, 602.5b: not
    # checked again here.)
    condition = (
        item.ability.data.get("condition")
        if item.ability is not None and item.kind == "triggered"
        else None
    )
    if condition is not None and not table.holds(
        condition, item.controller, table.objects.get(item.source_id)
    ):
        # 603.4: an intervening "if" checked again on resolution; false, it does nothing.
        table.stack.remove(item)
        del table.items[item.id]
        table.emit({"type": "fizzled", "id": item.id, "card": item.name, "why": "condition"})
        return
    if item.kind == "spell" and item.obj is not None:
        slots = cast_slots(item.obj, item.effects)  # a modal spell's: its chosen modes
        facts = facts_of(table, item.obj, item.controller)
    else:
        slots = slots_of(item.effects)
        found = item.source_lki.get("facts")
        facts = (
            found
            if isinstance(found, DamageSource)
            else DamageSource(item.source_id, item.source_name, item.controller)
        )
    legal_now: list[list[Target]] = []
    any_target = False
    for i, slot in enumerate(slots):
        chosen = item.targets[i] if i < len(item.targets) else []
        any_target = any_target or bool(chosen)
        legal_now.append(
            [t for t in chosen if legal(table, slot, t, item.controller, facts, item.id)]
        )
    # A target "at the table" (a Horde run for paper players: something the engine does not
    # know) is the players' to apply: the spell resolves for the rest and they are asked.
    at_table = any(t == AT_TABLE for slot in item.targets for t in slot)
    if at_table:
        item.context["at_table"] = True
    if any_target and not any(legal_now) and not at_table:
        table.stack.remove(item)
        del table.items[item.id]
        table.emit({"type": "fizzled", "id": item.id, "card": item.name})
        if item.obj is not None:
            table.move(item.obj, leaves_stack_to(item), "fizzled")
        return
    table.resolving = Resolution(item, slots, legal_now, facts)


def continue_resolution(table: Table) -> None:
    res = table.resolving
    assert res is not None
    item = res.item
    effects = item.effects
    # The effects one by one; each may stop for a decision and is run again once answered.
    while res.index < len(effects):
        run_effect(table, res)
        res.index += 1
    chosen = copy_of = None
    if item.kind == "spell" and item.obj is not None and item.obj.proto.is_permanent_card:
        # 614.12: a choice made as it enters ("choose a color"), asked before anything moves;
        # a clone's: what it enters as a copy of (614.1c).
        chosen = entry_choice(table, res.answers, "enter:chosen", item.controller, item.obj)
        copy_of = choose_entry(table, res.answers, "enter:copy", item.obj, item.controller)
    table.resolving = None
    if item in table.stack:
        table.stack.remove(item)
    table.items.pop(item.id, None)
    table.variant.resolving(table, item)
    table.emit({"type": "resolved", "id": item.id, "card": item.name})
    if item.context.get("at_table"):
        _at_table(table, item)
    if item.kind != "spell" or item.obj is None:
        return
    obj = item.obj
    landed = obj
    if obj.proto.is_permanent_card:
        entered = table.move(
            obj,
            "battlefield",
            "resolved",
            controller=item.controller,
            chosen=chosen,
            copy_of=copy_of,
        )
        landed = entered or obj
        if entered is not None and item.context.get("evoked"):
            # 702.74a: "When this permanent enters, if its evoke cost was paid, its controller
            # sacrifices it", beside its other enters triggers (its controller orders them).
            context = {"object": entered.id, "player": item.controller, "name": entered.name}
            table.queue(entered, item.controller, EVOKED, context)
        if entered is not None and obj.proto.is_aura and res.legal and res.legal[0]:
            target = res.legal[0][0]
            if isinstance(target, int):
                entered.attached_to = target
                table.static_version += 1  # its attached statics reach that creature now
                table.emit({"type": "attached", "id": entered.id, "to": target})
    elif obj.id in table.objects:
        landed = table.move(obj, leaves_stack_to(item), "resolved") or obj
    proto = landed.proto  # (a clone's: the copy's text, 706.2)
    if proto.manual:
        # A manual card: the engine applies none of its text; the players do, with adjust,
        # before state-based actions are checked (the flow asks them to say when they are done).
        table.emit({"type": "manual", "id": landed.id, "card": obj.name, "text": proto.oracle})
        table.extra["manual_pending"] = [obj.name, item.controller, False]
    elif proto.unread:
        # A partial card: the engine applied what it read; the lines it did not read are the
        # players' to apply, now or when they say so (a trigger's, a static's), as for a manual card.
        text = "\n".join(proto.unread)
        table.emit(
            {"type": "manual", "id": landed.id, "card": obj.name, "text": text, "partial": True}
        )
        table.extra["manual_pending"] = [obj.name, item.controller, True]


def _at_table(table: Table, item: StackItem) -> None:
    """What a spell or ability did to a target at the table is the players' to do by hand: its
    text is shown and they say ``choose done`` (as for a partial card)."""
    if item.obj is not None:
        text = item.obj.proto.oracle
    else:
        text = item.ability.text if item.ability is not None else item.name
    table.emit(
        {"type": "manual", "id": item.id, "card": item.name, "text": text, "partial": True,
         "at_table": True}
    )  # fmt: skip
    table.extra["manual_pending"] = [item.name, item.controller, True, "table"]
