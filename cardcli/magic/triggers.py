"""Putting triggered abilities on the stack (603.3): APNAP order, their order, their targets."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardcli.magic.board import PendingTrigger
from cardcli.magic.choices import Answers, ask
from cardcli.magic.decisions import Decision
from cardcli.magic.modes import choose_modes, modes_event
from cardcli.magic.objects import StackItem, Target
from cardcli.magic.sources import DamageSource
from cardcli.magic.targets import announce_targets, candidates, slots_of, spell_label, target_of

if TYPE_CHECKING:
    from cardcli.magic.table import Table


@dataclass
class Placement:
    """One player's triggered abilities going on the stack (603.3b), with their choices."""

    player: str
    triggers: list[PendingTrigger]
    ids: list[int]
    answers: Answers = field(default_factory=dict)
    order: list[int] | None = None
    index: int = 0


def place_triggers(table: Table) -> None:
    """Put waiting triggers on the stack, APNAP order (603.3b); may raise ``NeedDecision``."""
    while table.placing is not None or table.trigger_queue:
        if table.placing is None:
            for p in table.apnap():
                mine = [t for t in table.trigger_queue if t.controller == p.name]
                if mine:
                    table.trigger_queue = [t for t in table.trigger_queue if t.controller != p.name]
                    table.placing = Placement(p.name, mine, [table.new_id() for _ in mine])
                    break
            else:
                # Controllers not seated (should not happen): drop them.
                table.trigger_queue = []
                return
        _place(table, table.placing)
        table.placing = None


def _signature(trigger: PendingTrigger) -> str:
    """Triggers alike: the same source and the same effects, which do not read what triggered
    them ("that creature", "that player"); their order cannot matter."""
    effects = json.dumps(trigger.ability.effects, sort_keys=True)
    if trigger.ability.modal is not None:
        effects += json.dumps(trigger.ability.data.get("modes"), sort_keys=True)
    if "that_" in effects or "defending" in effects:
        effects += json.dumps(trigger.context, sort_keys=True)
    return trigger.source_name + effects


def _place(table: Table, placing: Placement) -> None:
    triggers = placing.triggers
    if placing.order is None:
        order = list(range(len(triggers)))
        if len({_signature(t) for t in triggers}) > 1:
            labels = [f"#{placing.ids[i]}" for i in order]
            picks = ask(
                table,
                placing.answers,
                "order",
                Decision(
                    "order",
                    placing.player,
                    "put triggered abilities on the stack: choose the one to go first "
                    "(it resolves last), then the next...",
                    labels,
                    low=len(labels),
                    high=len(labels),
                    ordered=True,
                    data={
                        "triggers": {f"#{placing.ids[i]}": trigger_text(triggers[i]) for i in order}
                    },
                ),
            )
            order = [labels.index(p) for p in picks]
        placing.order = order
    while placing.index < len(placing.order):
        i = placing.order[placing.index]
        trigger = triggers[i]
        item_id = placing.ids[i]
        source_obj = table.objects.get(trigger.source_id)
        facts = (
            table.source_of(source_obj)
            if source_obj is not None
            else DamageSource(
                trigger.source_id,
                trigger.source_name,
                trigger.controller,
                trigger.source_proto.colors,
                trigger.source_proto.keywords,
                trigger.source_proto.types,
                trigger.source_proto.subtypes,
            )
        )
        effects = trigger.ability.effects
        modal = trigger.ability.modal
        modes: list[int] = []
        if modal is not None:
            # 603.3c: the modes are chosen as it is put on the stack, before its targets.
            found = choose_modes(
                table,
                placing.answers,
                f"m{i}",
                modal,
                trigger.controller,
                f"#{item_id} {trigger_text(trigger)}",
                facts,
            )
            if not found:
                placing.index += 1
                table.emit(
                    {
                        "type": "trigger_removed",
                        "id": item_id,
                        "source": trigger.source_name,
                        "why": "no mode chosen",
                    }
                )
                continue  # 603.3c: no mode chosen (none could be), the ability is removed
            modes = found
            effects = modal.effects_of(modes)
        slots = slots_of(effects)
        chosen: list[list[Target]] = []
        skip = False
        for s, slot in enumerate(slots):
            options = [spell_label(t) for t in candidates(table, slot, trigger.controller, facts)]
            if len(options) < slot.low:
                skip = True  # 603.3d: no legal target: the ability is removed
                break
            high = min(slot.count, len(options))
            same = f"same:{_signature(trigger)}:{modes}:{s}"
            reused = placing.answers.get(same)
            if reused is not None and all(r in options for r in reused):
                # "choose ... all": the same targets for every copy of this trigger.
                placing.answers[f"t{i}:{s}"] = list(reused)
            left = sum(
                1
                for j in placing.order[placing.index :]
                if _signature(triggers[j]) == _signature(trigger)
            )
            picks = ask(
                table,
                placing.answers,
                f"t{i}:{s}",
                Decision(
                    "target",
                    trigger.controller,
                    f"#{item_id} {trigger_text(trigger)}: choose {slot.describe()}"
                    + (f" ({left} like it: add 'all' to aim them all alike)" if left > 1 else ""),
                    options,
                    low=min(slot.low, high),
                    high=high,
                    data={"same": same} if left > 1 else {},
                ),
            )
            chosen.append([target_of(p) for p in picks])
        placing.index += 1
        if skip:
            table.emit(
                {
                    "type": "trigger_removed",
                    "id": item_id,
                    "source": trigger.source_name,
                    "why": "no legal target",
                }
            )
            continue
        item = StackItem(
            item_id,
            "triggered",
            trigger.controller,
            trigger.source_id,
            trigger.source_name,
            effects,
            ability=trigger.ability,
            targets=chosen,
            context=trigger.context,
            source_proto=trigger.source_proto,
            source_lki={"facts": facts},
            modes=tuple(modes),
        )
        table.stack.append(item)
        table.items[item.id] = item
        event = {
            "type": "triggered",
            "id": item.id,
            "source": trigger.source_id,
            "card": trigger.source_name,
            "controller": trigger.controller,
            "text": trigger_text(trigger),
        }
        flat = [spell_label(t) for slot in chosen for t in slot]
        if flat:
            event["targets"] = flat
        if modal is not None:
            event["modes"] = modes_event(modal, modes)
        table.emit(event)
        announce_targets(table, item)


def trigger_text(trigger: PendingTrigger) -> str:
    text = trigger.ability.text
    if text:
        return text
    when = trigger.ability.when or "?"
    return f"{trigger.source_name} ({when.replace('_', ' ')})"
