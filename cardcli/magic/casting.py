"""Casting spells (601): timing, the checks before anything changes, the choices, the cast.

A cast first checks everything (timing, targets, costs) and changes nothing if
it is not allowed. Choices the player left out of the command (X, targets)
become pending decisions of a ``Casting`` in progress, which changes nothing
until it completes; then the card moves to the stack (a new object, rule
400.7), the costs are paid and ``spell_cast`` and ``becomes_target`` triggers
are queued. Activated abilities (``activation``) use the same ``Casting``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from cardcli.engine.errors import IllegalCommand
from cardcli.magic.activation import advance_activation, cost_objects, pay_cost_objects
from cardcli.magic.cards import Ability, Effect, Proto
from cardcli.magic.chars import controls, matches
from cardcli.magic.choices import Casting, ask
from cardcli.magic.convoke import convoke_plan, has_convoke, improvises
from cardcli.magic.costs import (
    MAIN_STEPS,
    check_cost,
    entry_choice,
    entry_payment,
    mana_sources,
    max_x,
    payment,
    pool_text,
    sorcery_timing,
    spell_cost,
    with_flash_cost,
)
from cardcli.magic.decisions import Decision
from cardcli.magic.mana import ManaCost, Plan, Source, payable
from cardcli.magic.manause import pay_and_run, tap_first_hint
from cardcli.magic.modes import can_choose, choose_modes, modes_event
from cardcli.magic.objects import Obj, StackItem, Target
from cardcli.magic.sources import DamageSource
from cardcli.magic.storm import spell_cast
from cardcli.magic.targets import (
    Slot,
    announce_targets,
    choose_targets,
    has_candidates,
    slots_of,
    spell_label,
)

if TYPE_CHECKING:
    from cardcli.magic.table import Table

FREE_MAX_X = 20  # the X choices offered to a player who pays no mana
__all__ = ["MAIN_STEPS", "sorcery_timing"]


def may_cast_now(table: Table, player: str, obj: Obj) -> bool:
    proto = obj.proto
    if "Instant" in proto.types or "flash" in proto.keywords or proto.flash_cost is not None:
        return True  # (a flash cost is added when it is cast as though it had flash)
    return sorcery_timing(table, player)


def castable_zone(table: Table, player: str, obj: Obj) -> str | None:
    """Why ``obj`` cannot be cast from where it is, or None: from its owner's hand, or from
    their graveyard with flashback (702.34a) while cards there keep their abilities."""
    if obj.owner != player:
        return f"#{obj.id} {obj.name} is not {player}'s"
    if obj.zone == "hand":
        return None
    if obj.zone == "graveyard" and obj.proto.flashback is not None:
        if table.graveyard_abilities_lost():
            return f"{obj.name} has lost flashback: cards in graveyards have no abilities"
        return None
    if obj.zone == "graveyard":
        return f"{obj.name} is in the graveyard and has no flashback"
    return f"#{obj.id} {obj.name} is not in {player}'s hand"


# -- casting ------------------------------------------------------------------------------


def cast_slots(obj: Obj, effects: tuple[Effect, ...] | None = None) -> list[Slot]:
    """A spell's target slots: its effects' (``effects``: a modal spell's chosen modes'; none
    chosen yet, none), after an Aura's own."""
    if effects is None:
        return list(_printed_slots(obj.proto))
    slots = slots_of(effects)
    if obj.proto.is_aura and obj.proto.enchant:
        slots.insert(0, Slot(-1, obj.proto.enchant))
    return slots


@lru_cache(maxsize=4096)
def _printed_slots(proto: Proto) -> tuple[Slot, ...]:
    """``cast_slots`` of a spell's printed effects (a Proto never changes: worked out once)."""
    slots = slots_of(proto.spell)
    if proto.is_aura and proto.enchant:
        slots.insert(0, Slot(-1, proto.enchant))
    return tuple(slots)


def facts_of(table: Table, obj: Obj, controller: str) -> DamageSource:
    proto = obj.proto
    return DamageSource(
        obj.id, obj.name, controller, proto.colors, proto.keywords, proto.types, proto.subtypes
    )


def check_cast(
    table: Table,
    player: str,
    obj: Obj,
    x: int | None,
    free: bool = False,
    evoke: bool = False,
    kicked: bool = False,
    overload: bool = False,
) -> None:
    """Raise ``IllegalCommand`` unless ``player`` may cast ``obj`` now (before any choice)."""
    problem = cast_problem(
        table, player, obj, x, free, evoke=evoke, kicked=kicked, overload=overload
    )
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
    evoke: bool = False,
    kicked: bool = False,
    overload: bool = False,
) -> str | None:
    """Why ``player`` may not cast ``obj`` now, or None. ``sources``: their lands, if known.

    Without ``explain`` the reason is just "no" (the fast answer for listing moves).
    """
    proto = obj.proto
    if "Land" in proto.types:
        return f"{obj.name} is a land: play it with '{player} play {obj.name}'"
    locked = table.split_second() if table.stack else None
    if locked is not None:
        return f"{locked} has split second: no spell can be cast while it is on the stack"
    if evoke and (proto.evoke is None or obj.zone != "hand"):
        # 702.74a; 118.9a: one alternative cost at most (not with flashback).
        return f"{obj.name} has no evoke" if proto.evoke is None else f"{obj.name}: evoke from hand"
    if kicked and proto.kicker is None:
        return f"{obj.name} has no kicker"
    if overload and (proto.overload is None or evoke or obj.zone != "hand"):
        # 702.96a; 118.9a: one alternative cost at most (not with flashback or evoke).
        return (
            f"{obj.name} has no overload"
            if proto.overload is None
            else f"{obj.name}: overload from hand"
        )
    if obj.zone == "graveyard" or (obj.zone != "hand" and not free):
        # (A variant's free casting may cast from zones of its own: the Horde's revealed cards.)
        where = castable_zone(table, player, obj)
        if where is not None:
            return where
    if not free and not may_cast_now(table, player, obj):
        return (
            f"{obj.name} can be cast only in your own main phase with an empty stack"
            " (it is not an instant and has no flash)"
        )
    if not free:
        cost = spell_cost(table, player, obj, evoke, kicked, overload)
        if cost is not None:
            lands = sources if sources is not None else mana_sources(table, player)
            pool = table.players[player].pool
            # Not enough mana in all: no need to look for a way to pay.
            least = cost.generic + len(cost.colored) + len(cost.hybrid) + len(cost.two_hybrid)
            short = least + (x or 0) * cost.x > len(lands) + sum(pool.values())
            p = table.players[player]
            life = p.team.life if p.team.life is not None else 0
            failed = short or not payable(cost.with_x(x or 0), pool, lands, life)
            if failed and has_convoke(obj):
                failed = convoke_plan(table, player, cost, x or 0, None, obj) is None
            if failed:
                if not explain:
                    return "no"
                have = ", ".join(f"#{oid} {''.join(k)}" for oid, k in lands) or "none"
                return (
                    f"{player} cannot pay {cost.with_x(x or 0)} for {obj.name}"
                    f" (untapped lands: {have}; pool: {pool_text(pool)}"
                    f"{tap_first_hint(table, player)})"
                )
    if proto.additional_cost is not None:
        try:  # 601.2f-h: an additional cost must be payable too (without paying mana too)
            check_cost(table, player, obj, proto.additional_cost)
        except IllegalCommand as err:
            return "no" if not explain else f"{obj.name}, as an additional cost: {err}"
    if (proto.spell or proto.is_aura) and not overload:  # (overloaded: no targets, 702.96c)
        facts = facts_of(table, obj, player)
        for slot in cast_slots(obj):
            if not has_candidates(table, slot, player, facts):
                return f"{obj.name} has no legal target ({slot.describe()})"
    if proto.modal is not None and not can_choose(
        table, proto.modal, player, facts_of(table, obj, player)
    ):
        # 700.2a: a mode whose targets cannot be chosen cannot be chosen.
        return f"{obj.name}: too few of its modes can be chosen (none has a legal target)"
    return None


def advance_casting(table: Table) -> None:
    """Collect the choices a ``Casting`` still needs (may raise ``NeedDecision``), then do it."""
    casting = table.casting
    assert casting is not None
    obj = table.objects.get(casting.obj_id)
    if obj is None:
        table.casting = None
        return
    if casting.ability is not None:
        advance_activation(table, casting, obj)
        return
    if casting.land:
        _play_land(table, casting, obj)
        return
    player = casting.player
    facts = facts_of(table, obj, player)
    modal = obj.proto.modal
    if modal is not None and casting.modes is None:
        # 601.2b: the modes are announced first, then X; targets only for the modes chosen.
        chosen_modes = choose_modes(table, casting.answers, "modes", modal, player, obj.name, facts)
        if chosen_modes is None:
            table.casting = None
            table.emit({"type": "cast_abandoned", "who": player, "card": obj.name})
            return
        casting.modes = chosen_modes
    cost = (
        spell_cost(table, player, obj, casting.evoke, casting.kicked, casting.overload)
        if not casting.free
        else None
    )
    x = _choose_x(table, casting, obj, cost)
    effects = modal.effects_of(casting.modes or []) if modal is not None else obj.proto.spell
    if casting.overload:
        effects = obj.proto.overload_spell
    slots = cast_slots(obj, effects)
    chosen = choose_targets(table, casting, slots, facts, None, obj.name)
    extra = obj.proto.additional_cost
    sacrificed, discarded = (
        ([], []) if extra is None else cost_objects(table, casting, player, obj, extra)
    )
    convoked: list[Obj] = []
    if cost is not None and has_convoke(obj):
        found = convoke_plan(table, player, cost, x, casting.convoke, obj)
        plan = found[1] if found is not None else None
        convoked = found[0] if found is not None else []
    else:
        plan = payment(table, player, cost, x)
    table.casting = None
    if plan is None:
        table.emit({"type": "cast_abandoned", "who": player, "card": obj.name})
        return
    if extra is not None and extra.life:  # 601.2h: costs paid together, as it is cast
        table.lose_life(player, extra.life, "paid")
    kept = pay_cost_objects(table, discarded, sacrificed)
    item = cast(
        table,
        player,
        obj,
        x,
        chosen,
        plan,
        flash=cost is not None and with_flash_cost(table, player, obj),
        modes=casting.modes or [],
        evoke=casting.evoke,
        convoked=convoked,
        kicked=casting.kicked,
        overload=casting.overload,
    )
    item.context.update(kept)


def _play_land(table: Table, casting: Casting, obj: Obj) -> None:
    """305.1: the land is played (its checks made by the command); its controller first says
    whether they pay what its entering asks (a shock land's 2 life, 614.1c)."""
    player = casting.player
    paid = entry_payment(table, casting.answers, "pay_life", player, obj)
    chosen = entry_choice(table, casting.answers, "chosen", player, obj)  # 614.12
    table.casting = None
    table.players[player].lands_played += 1
    table.emit({"type": "land_played", "player": player, "card": obj.name})
    if paid:
        table.lose_life(player, paid, "paid")
    table.move(obj, "battlefield", "played", controller=player, paid=bool(paid), chosen=chosen)


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


def cast(
    table: Table,
    player: str,
    obj: Obj,
    x: int,
    chosen: list[list[Target]],
    plan: Plan,
    flash: bool = False,
    modes: list[int] | None = None,
    evoke: bool = False,
    convoked: list[Obj] | None = None,
    kicked: bool = False,
    overload: bool = False,
) -> StackItem:
    """601.2a-i, the choices made: to the stack, pay, and the spell is cast (a modal spell
    with the effects of the ``modes`` chosen)."""
    flashback = obj.zone == "graveyard"
    on_stack = table.move(obj, "stack", "cast")
    assert on_stack is not None
    if convoked:
        # 702.51a, 702.126a: they pay with the lands (601.2h)
        table.tap_many(convoked, "improvise" if improvises(obj) else "convoke")
    pay_and_run(table, player, plan)
    item = StackItem(
        on_stack.id,
        "spell",
        player,
        on_stack.id,
        obj.name,
        obj.proto.overload_spell
        if overload
        else obj.proto.modal.effects_of(modes or [])
        if obj.proto.modal
        else obj.proto.spell,
        obj=on_stack,
        targets=chosen,
        x=x,
        source_proto=obj.proto,
        context={"flashback": True} if flashback else {"evoked": True} if evoke else {},
        modes=tuple(sorted(modes)) if modes else (),
    )
    on_stack.controller = player
    if kicked:  # 702.33d: a kicked spell; the permanent it becomes is kicked too (table.move)
        item.context["kicked"] = True
        on_stack.kicked = True
    table.stack.append(item)
    table.items[item.id] = item
    event = {"type": "cast", "who": player, "card": obj.name, "id": item.id}
    flat = [spell_label(t) for slot in chosen for t in slot]
    if flat:
        event["targets"] = flat
    if x:
        event["x"] = x
    if obj.proto.modal is not None:
        event["modes"] = modes_event(obj.proto.modal, item.modes)
    if flashback:
        event["flashback"] = True
    if flash:
        event["flash"] = True
    if evoke:
        event["evoked"] = True
    if kicked:
        event["kicked"] = True
    if overload:
        event["overloaded"] = True
    if convoked:
        event["improvise" if improvises(obj) else "convoke"] = [o.id for o in convoked]
    table.emit(event)
    announce_targets(table, item)
    spell_cast(table, item, player)  # counted for storm (702.40a); its own storm triggers
    context = {"player": player, "object": item.id, "name": obj.name}
    for ability in obj.proto.triggers.get("cast_self", ()):
        # 601.2i, 113.6k: "when you cast this spell" triggers from the stack as it becomes
        # cast; the ability resolves on its own, whatever becomes of the spell.
        table.queue(on_stack, player, ability, context)
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
    # The default is any player's spell ("a player casts", schemas/card.schema.json).
    if not controls(table, data.get("controller", "any"), caster, watcher.controller):
        return False
    if table.chars(watcher).lost_abilities:
        return False
    filt = data.get("trigger_filter")
    return not filt or matches(table, filt, spell, table.printed(spell), watcher.id)
