"""Casting spells, activating abilities, putting triggers on the stack, resolving (601-608).

A cast or an activation first checks everything (timing, targets, costs) and
changes nothing if it is not allowed. Choices the player left out of the
command (X, targets, which creature to sacrifice) become pending decisions of
a ``Casting`` in progress, which changes nothing until it completes; then the
card moves to the stack (a new object, rule 400.7), the costs are paid and
``spell_cast`` and ``becomes_target`` triggers are queued.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardcli.engine.errors import IllegalCommand
from cardcli.magic.cards import Ability, ActivationCost
from cardcli.magic.chars import matches
from cardcli.magic.choices import Answers, ask
from cardcli.magic.decisions import Decision
from cardcli.magic.effects import Resolution, run_effect
from cardcli.magic.mana import ManaCost, Plan, Source, pay, symbols
from cardcli.magic.objects import Obj, StackItem, Target
from cardcli.magic.table import DamageSource, Move, PendingTrigger
from cardcli.magic.targets import Slot, candidates, has_candidates, legal, slots_of, spell_label

if TYPE_CHECKING:
    from cardcli.magic.table import Table

MAIN_STEPS = ("main1", "main2")
MAX_X = 99
FREE_MAX_X = 20  # the X choices offered to a player who pays no mana


# -- costs -------------------------------------------------------------------------------


def spell_cost(table: Table, player: str, obj: Obj) -> ManaCost | None:
    """The mana ``player`` must pay to cast ``obj``, X left open; None: nothing (601.2f)."""
    cost = obj.proto.cost
    delta = 0
    for st in table.statics:
        if st.ability.static != "cost_change":
            continue
        data = st.ability.data
        whose = data.get("controller", "you")
        if whose == "you" and player != st.source.controller:
            continue
        if whose == "opponents" and not table.are_opponents(player, st.source.controller):
            continue
        affects = data.get("affects")
        if affects and not matches(table, affects, obj, table._printed(obj), st.source.id):
            continue
        delta += int(data.get("cost_delta", 0))
    return table.variant.cost_to_pay(table, table.players[player], cost.reduced(delta))


def mana_sources(table: Table, player: str) -> list[Source]:
    """Untapped lands that tap for mana with no other cost: what pays a cost by itself."""
    found: list[Source] = []
    for obj in table.battlefield.values():
        if obj.controller != player or obj.tapped or not obj.proto.mana_abilities:
            continue
        if "Land" not in table.chars(obj).types:
            continue
        ability = obj.proto.mana_abilities[0]
        cost = ability.cost
        if cost is None or not cost.tap or not cost.mana.is_free() or cost.sacrifice or cost.life:
            continue
        kinds = tuple(sorted({choice[0] for choice in ability.mana if len(choice) == 1}))
        if kinds:
            found.append((obj.id, kinds))
    return found


def payment(table: Table, player: str, cost: ManaCost | None, x: int = 0) -> Plan | None:
    if cost is None:
        return Plan()
    p = table.players[player]
    life = p.team.life if p.team.life is not None else 0
    return pay(cost.with_x(x), p.pool, mana_sources(table, player), life)


def max_x(table: Table, player: str, cost: ManaCost | None) -> int:
    """The largest X ``player`` can pay (0 if none works)."""
    if cost is None or not cost.x:
        return 0
    best = 0
    for x in range(1, MAX_X + 1):
        if payment(table, player, cost, x) is None:
            break
        best = x
    return best


def pay_plan(table: Table, player: str, plan: Plan) -> None:
    p = table.players[player]
    for kind, count in plan.pool_used.items():
        p.pool[kind] -= count
        if not p.pool[kind]:
            del p.pool[kind]
    if plan.taps:
        table.tap_many([table.objects[oid] for oid, _kind in plan.taps], "mana")
    if plan.life:
        table.lose_life(player, plan.life, "paid")


def describe_plan(plan: Plan) -> str:
    parts = [f"#{oid} for {{{kind}}}" for oid, kind in plan.taps]
    parts.extend(f"{{{kind}}}x{n} from the pool" for kind, n in plan.pool_used.items())
    if plan.life:
        parts.append(f"{plan.life} life")
    return ", ".join(parts)


# -- timing -------------------------------------------------------------------------------


def sorcery_timing(table: Table, player: str) -> bool:
    """307.1: own team's turn, a main phase, an empty stack."""
    return (
        table.players[player].team is table.active_team
        and table.step in MAIN_STEPS
        and not table.stack
    )


def may_cast_now(table: Table, player: str, obj: Obj) -> bool:
    proto = obj.proto
    if "Instant" in proto.types or "flash" in proto.keywords:
        return True
    return sorcery_timing(table, player)


# -- casting ------------------------------------------------------------------------------


@dataclass
class Casting:
    """A spell being cast or an ability being activated, waiting for the player's choices."""

    player: str
    obj_id: int
    ability: int | None = None  # index into the source's activated abilities; None: a spell
    x: int | None = None
    targets: list[list[Target]] | None = None
    answers: Answers = field(default_factory=dict)
    free: bool = False


def cast_slots(obj: Obj) -> list[Slot]:
    slots = slots_of(obj.proto.spell)
    if obj.proto.is_aura and obj.proto.enchant:
        slots.insert(0, Slot(-1, obj.proto.enchant))
    return slots


def facts_of(table: Table, obj: Obj, controller: str) -> DamageSource:
    proto = obj.proto
    return DamageSource(
        obj.id, obj.name, controller, proto.colors, proto.keywords, proto.types, proto.subtypes
    )


def check_cast(table: Table, player: str, obj: Obj, x: int | None, free: bool = False) -> None:
    """Raise ``IllegalCommand`` unless ``player`` may cast ``obj`` now (before any choice)."""
    problem = cast_problem(table, player, obj, x, free)
    if problem is not None:
        raise IllegalCommand(problem)


def cast_problem(
    table: Table,
    player: str,
    obj: Obj,
    x: int | None,
    free: bool = False,
    sources: list[Source] | None = None,
    explain: bool = True,
) -> str | None:
    """Why ``player`` may not cast ``obj`` now, or None. ``sources``: their lands, if known.

    Without ``explain`` the reason is just "no" (the fast answer for listing moves).
    """
    proto = obj.proto
    if "Land" in proto.types:
        return f"{obj.name} is a land: play it with '{player} play {obj.name}'"
    if not free and not may_cast_now(table, player, obj):
        return (
            f"{obj.name} can be cast only in your own main phase with an empty stack"
            " (it is not an instant and has no flash)"
        )
    if not free:
        cost = spell_cost(table, player, obj)
        if cost is not None:
            lands = sources if sources is not None else mana_sources(table, player)
            pool = table.players[player].pool
            # Not enough mana in all: no need to look for a way to pay.
            least = cost.generic + len(cost.colored) + len(cost.hybrid) + len(cost.two_hybrid)
            short = least + (x or 0) * cost.x > len(lands) + sum(pool.values())
            p = table.players[player]
            life = p.team.life if p.team.life is not None else 0
            if short or pay(cost.with_x(x or 0), pool, lands, life) is None:
                if not explain:
                    return "no"
                have = ", ".join(f"#{oid} {''.join(k)}" for oid, k in lands) or "none"
                return (
                    f"{player} cannot pay {cost.with_x(x or 0)} for {obj.name}"
                    f" (untapped lands: {have}; pool: {pool_text(pool)})"
                )
    if proto.spell or proto.is_aura:
        facts = facts_of(table, obj, player)
        for slot in cast_slots(obj):
            if not has_candidates(table, slot, player, facts):
                return f"{obj.name} has no legal target ({slot.describe()})"
    return None


def pool_text(pool: dict[str, int]) -> str:
    return symbols(pool) or "empty"


def advance_casting(table: Table) -> None:
    """Collect the choices a ``Casting`` still needs (may raise ``NeedDecision``), then do it."""
    casting = table.casting
    assert casting is not None
    obj = table.objects.get(casting.obj_id)
    if obj is None:
        table.casting = None
        return
    if casting.ability is not None:
        _advance_activation(table, casting, obj)
        return
    player = casting.player
    cost = spell_cost(table, player, obj) if not casting.free else None
    x = _choose_x(table, casting, obj, cost)
    slots = cast_slots(obj)
    chosen = _choose_targets(table, casting, slots, facts_of(table, obj, player), None, obj.name)
    plan = payment(table, player, cost, x)
    table.casting = None
    if plan is None:
        table.emit({"type": "cast_abandoned", "who": player, "card": obj.name})
        return
    cast(table, player, obj, x, chosen, plan)


def _choose_x(table: Table, casting: Casting, obj: Obj, cost: ManaCost | None) -> int:
    """X is announced with the spell (601.2b): the most X the player can pay, or the variant's choice."""
    if casting.x is not None:
        return casting.x
    if not obj.proto.cost.x:
        return 0
    top = max_x(table, casting.player, cost) if cost is not None else FREE_MAX_X
    picks = ask(
        table,
        casting.answers,
        "x",
        Decision(
            "x",
            casting.player,
            f"{obj.name}: choose X (0 to {top})",
            [str(n) for n in range(top + 1)],
        ),
    )
    casting.x = int(picks[0]) if picks else 0
    return casting.x


def _choose_targets(
    table: Table,
    casting: Casting,
    slots: list[Slot],
    facts: DamageSource,
    spell_id: int | None,
    name: str,
) -> list[list[Target]]:
    if casting.targets is not None:
        return casting.targets
    chosen: list[list[Target]] = []
    for index, slot in enumerate(slots):
        options = [spell_label(t) for t in candidates(table, slot, casting.player, facts, spell_id)]
        high = min(slot.count, len(options))
        picks = ask(
            table,
            casting.answers,
            f"target{index}",
            Decision(
                "target",
                casting.player,
                f"{name}: choose {slot.describe()}",
                options,
                low=min(slot.low, high),
                high=high,
                data={"slot": index},
            ),
        )
        chosen.append([_target_of(p) for p in picks])
    casting.targets = chosen
    return chosen


def _target_of(text: str) -> Target:
    return int(text[1:]) if text.startswith("#") else text


def check_targets(
    table: Table,
    player: str,
    slots: list[Slot],
    given: list[Target],
    facts: DamageSource,
    name: str,
    spell_id: int | None = None,
) -> list[list[Target]]:
    """Split targets named in a command over the slots, checking each (115.3)."""
    if not slots:
        raise IllegalCommand(f"{name} has no targets; leave out '-> ...'")
    out: list[list[Target]] = []
    rest = list(given)
    for slot in slots:
        take: list[Target] = []
        while rest and len(take) < slot.count:
            target = rest[0]
            if not legal(table, slot, target, player, facts, spell_id):
                if len(take) >= slot.low and len(out) + 1 < len(slots):
                    break
                raise IllegalCommand(
                    f"{spell_label(target)} is not a legal target for {name} ({slot.describe()})"
                )
            if target in take:
                raise IllegalCommand(f"{spell_label(target)} is named twice for one target word")
            take.append(rest.pop(0))
        if len(take) < slot.low:
            raise IllegalCommand(f"{name} needs {slot.describe()}")
        out.append(take)
    if rest:
        raise IllegalCommand(
            f"{name} takes fewer targets: {' '.join(spell_label(t) for t in rest)}"
        )
    return out


def cast(
    table: Table, player: str, obj: Obj, x: int, chosen: list[list[Target]], plan: Plan
) -> StackItem:
    """601.2a-i, the choices made: to the stack, pay, and the spell is cast."""
    on_stack = table.move(obj, "stack", "cast")
    assert on_stack is not None
    pay_plan(table, player, plan)
    item = StackItem(
        on_stack.id,
        "spell",
        player,
        on_stack.id,
        obj.name,
        obj.proto.spell,
        obj=on_stack,
        targets=chosen,
        x=x,
        source_proto=obj.proto,
    )
    on_stack.controller = player
    table.stack.append(item)
    table.items[item.id] = item
    event = {"type": "cast", "who": player, "card": obj.name, "id": item.id}
    flat = [spell_label(t) for slot in chosen for t in slot]
    if flat:
        event["targets"] = flat
    if x:
        event["x"] = x
    table.emit(event)
    _targeted(table, item)
    context = {"player": player, "object": item.id, "name": obj.name}
    for wid, abilities in list(table.watchers["spell_cast"].items()):
        watcher = table.objects[wid]
        for ability in abilities:
            if _spell_trigger_matches(table, ability, watcher, player, on_stack):
                table.queue(watcher, watcher.controller, ability, context)
    return item


def _spell_trigger_matches(
    table: Table, ability: Ability, watcher: Obj, caster: str, spell: Obj
) -> bool:
    data = ability.data
    whose = data.get("controller", "any")
    if whose == "you" and caster != watcher.controller:
        return False
    if whose == "opponents" and not table.are_opponents(caster, watcher.controller):
        return False
    filt = data.get("trigger_filter")
    return not filt or matches(table, filt, spell, table._printed(spell), watcher.id)


def _targeted(table: Table, item: StackItem) -> None:
    for slot in item.targets:
        for target in slot:
            if isinstance(target, int):
                obj = table.objects.get(target)
                if obj is not None and obj.zone == "battlefield":
                    table.fire("becomes_target", {"object": obj.id, "by": item.id}, obj)


# -- activated abilities -------------------------------------------------------------------


def check_activation(table: Table, player: str, obj: Obj, ability: Ability) -> None:
    if obj.controller != player or obj.zone != "battlefield":
        raise IllegalCommand(f"#{obj.id} is not a permanent {player} controls")
    cost = ability.cost or ActivationCost()
    _check_cost(table, player, obj, cost)
    facts = table.source_of(obj)
    for slot in slots_of(ability.effects):
        if not has_candidates(table, slot, player, facts):
            raise IllegalCommand(f"#{obj.id} {obj.name}: no legal target ({slot.describe()})")


def _check_cost(table: Table, player: str, obj: Obj, cost: ActivationCost) -> None:
    if cost.tap:
        if obj.tapped:
            raise IllegalCommand(f"#{obj.id} {obj.name} is tapped")
        if (
            "Creature" in table.chars(obj).types
            and obj.sick
            and "haste" not in table.chars(obj).keywords
            and not table.variant.ignores_summoning_sickness(table, obj)
        ):
            raise IllegalCommand(
                f"#{obj.id} {obj.name} came under {player}'s control this turn: it can't use {{T}} yet (302.6)"
            )
    if (
        cost.sacrifice
        and cost.sacrifice != "self"
        and not _sacrifice_options(table, player, obj, cost)
    ):
        raise IllegalCommand(f"#{obj.id} {obj.name}: nothing to sacrifice for its cost")
    if cost.life:
        life = table.players[player].team.life
        if life is None or life < cost.life:
            raise IllegalCommand(f"{player} cannot pay {cost.life} life")
    if cost.discard and len(table.players[player].hand) < cost.discard:
        raise IllegalCommand(f"{player} has too few cards to discard")
    mana = table.variant.cost_to_pay(table, table.players[player], cost.mana)
    if mana is not None and not mana.is_free():
        # The source itself is not tapped for mana when {T} is part of the cost.
        plan = payment(table, player, mana)
        if plan is None or (cost.tap and any(oid == obj.id for oid, _ in plan.taps)):
            raise IllegalCommand(f"{player} cannot pay {mana} for #{obj.id} {obj.name}")


def _sacrifice_options(table: Table, player: str, source: Obj, cost: ActivationCost) -> list[Obj]:
    kind = cost.sacrifice
    found = []
    for obj in table.battlefield.values():
        if obj.controller != player:
            continue
        ch = table.chars(obj)
        if kind == "another_creature" and obj.id == source.id:
            continue
        wanted = {
            "creature": "Creature",
            "another_creature": "Creature",
            "land": "Land",
            "artifact": "Artifact",
        }.get(str(kind))
        if wanted and wanted not in ch.types:
            continue
        if cost.sacrifice_filter and not matches(table, cost.sacrifice_filter, obj, ch, source.id):
            continue
        found.append(obj)
    return found


def _advance_activation(table: Table, casting: Casting, obj: Obj) -> None:
    ability = obj.proto.activated[casting.ability or 0]
    player = casting.player
    cost = ability.cost or ActivationCost()
    facts = table.source_of(obj)
    chosen = _choose_targets(table, casting, slots_of(ability.effects), facts, None, obj.name)
    sacrificed: list[Obj] = []
    if cost.sacrifice == "self":
        sacrificed = [obj]
    elif cost.sacrifice:
        options = _sacrifice_options(table, player, obj, cost)
        picks = ask(
            table,
            casting.answers,
            "sacrifice",
            Decision(
                "cost_sacrifice",
                player,
                f"#{obj.id} {obj.name}: choose what to sacrifice ({cost.sacrifice})",
                [f"#{o.id}" for o in options],
            ),
        )
        sacrificed = [table.objects[int(p[1:])] for p in picks]
    discarded: list[Obj] = []
    if cost.discard:
        hand = table.players[player].hand
        picks = ask(
            table,
            casting.answers,
            "discard",
            Decision(
                "cost_discard",
                player,
                f"#{obj.id} {obj.name}: choose {cost.discard} card(s) to discard",
                [f"#{o.id}" for o in hand],
                low=cost.discard,
                high=cost.discard,
            ),
        )
        discarded = [table.objects[int(p[1:])] for p in picks]
    mana = table.variant.cost_to_pay(table, table.players[player], cost.mana)
    plan = payment(table, player, mana)
    table.casting = None
    if plan is None:
        table.emit({"type": "cast_abandoned", "who": player, "card": obj.name})
        return
    # 602.2: costs paid, the ability goes on the stack with its source's last known facts.
    pay_plan(table, player, plan)
    if cost.tap:
        table.tap(obj, "cost")
    if cost.life:
        table.lose_life(player, cost.life, "paid")
    item = StackItem(
        table.new_id(),
        "activated",
        player,
        obj.id,
        obj.name,
        ability.effects,
        ability=ability,
        targets=chosen,
        source_proto=obj.proto,
        source_lki={"facts": facts},
    )
    table.stack.append(item)
    table.items[item.id] = item
    event = {
        "type": "activated",
        "who": player,
        "source": obj.id,
        "card": obj.name,
        "id": item.id,
    }
    flat = [spell_label(t) for slot in chosen for t in slot]
    if flat:
        event["targets"] = flat
    table.emit(event)
    if discarded:
        table.move_many([Move(o, "graveyard", "discarded") for o in discarded])
    if sacrificed:
        table.sacrifice(sacrificed)
    _targeted(table, item)


def activate_mana(table: Table, player: str, obj: Obj, ability: Ability, choice: int) -> None:
    """605.3: a mana ability resolves at once, off the stack."""
    cost = ability.cost or ActivationCost()
    mana = table.variant.cost_to_pay(table, table.players[player], cost.mana)
    plan = payment(table, player, mana) if mana is not None and not mana.is_free() else Plan()
    if plan is None:
        raise IllegalCommand(f"{player} cannot pay {cost.mana} for #{obj.id}")
    pay_plan(table, player, plan)
    if cost.tap:
        table.tap(obj, "mana")
    if cost.sacrifice == "self":
        table.sacrifice([obj])
    pool = table.players[player].pool
    added = ability.mana[choice]
    for kind in added:
        pool[kind] = pool.get(kind, 0) + 1
    table.emit(
        {
            "type": "mana",
            "who": player,
            "source": obj.id,
            "added": "".join("{" + k + "}" for k in added),
        }
    )


# -- triggered abilities -----------------------------------------------------------------------


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
    """Triggers alike: the same source and the same effects (their order cannot matter)."""
    return trigger.source_name + json.dumps(trigger.ability.effects, sort_keys=True)


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
        slots = slots_of(trigger.ability.effects)
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
        chosen: list[list[Target]] = []
        skip = False
        for s, slot in enumerate(slots):
            options = [spell_label(t) for t in candidates(table, slot, trigger.controller, facts)]
            if len(options) < slot.low:
                skip = True  # 603.3d: no legal target: the ability is removed
                break
            high = min(slot.count, len(options))
            same = f"same:{_signature(trigger)}:{s}"
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
            chosen.append([_target_of(p) for p in picks])
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
            trigger.ability.effects,
            ability=trigger.ability,
            targets=chosen,
            context=trigger.context,
            source_proto=trigger.source_proto,
            source_lki={"facts": facts},
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
        table.emit(event)
        _targeted(table, item)


def trigger_text(trigger: PendingTrigger) -> str:
    text = trigger.ability.text
    if text:
        return text
    when = trigger.ability.when or "?"
    return f"{trigger.source_name} ({when.replace('_', ' ')})"


# -- resolving ---------------------------------------------------------------------------


def begin_resolution(table: Table) -> None:
    """The top of the stack starts to resolve; a spell or ability whose targets all left does nothing (608.2b)."""
    item = table.stack[-1]
    if item.kind == "spell" and item.obj is not None:
        slots = cast_slots(item.obj)
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
    if any_target and not any(legal_now):
        table.stack.remove(item)
        del table.items[item.id]
        table.emit({"type": "fizzled", "id": item.id, "card": item.name})
        if item.obj is not None:
            table.move(item.obj, "graveyard", "fizzled")
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
    table.resolving = None
    if item in table.stack:
        table.stack.remove(item)
    table.items.pop(item.id, None)
    table.emit({"type": "resolved", "id": item.id, "card": item.name})
    if item.kind != "spell" or item.obj is None:
        return
    obj = item.obj
    if obj.proto.is_permanent_card:
        entered = table.move(obj, "battlefield", "resolved", controller=item.controller)
        if entered is not None and obj.proto.is_aura and res.legal and res.legal[0]:
            target = res.legal[0][0]
            if isinstance(target, int):
                entered.attached_to = target
                table.emit({"type": "attached", "id": entered.id, "to": target})
    elif obj.id in table.objects:
        table.move(obj, "graveyard", "resolved")
