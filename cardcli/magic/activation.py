"""Activated abilities (602) and mana abilities (605): their costs and their activation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.engine.errors import IllegalCommand
from cardcli.magic.cards import Ability, ActivationCost
from cardcli.magic.choices import Casting, ask
from cardcli.magic.costs import check_cost, payment, sacrifice_options, sorcery_timing
from cardcli.magic.crew import choose_crew
from cardcli.magic.decisions import Decision
from cardcli.magic.manause import pay_and_run
from cardcli.magic.modes import can_choose, choose_modes, modes_event
from cardcli.magic.objects import Obj, StackItem
from cardcli.magic.table import Move
from cardcli.magic.targets import (
    announce_targets,
    choose_targets,
    has_candidates,
    slots_of,
    spell_label,
)

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def ability_of(casting: Casting, obj: Obj) -> Ability:
    """The activated ability a ``Casting`` activates: a permanent's, or its card's in a hand or
    graveyard."""
    abilities = obj.proto.card_abilities if casting.from_card else obj.proto.activated
    return abilities[casting.ability or 0]


def check_activation(table: Table, player: str, obj: Obj, ability: Ability) -> None:
    locked = table.split_second() if table.stack else None
    if locked is not None:
        raise IllegalCommand(
            f"{locked} has split second: only mana abilities while it is on the stack (702.61a)"
        )
    if ability.zone != "battlefield":
        # 602.2, 113.6k: an ability of a card in a hand or graveyard; its owner activates it.
        if obj.owner != player or obj.zone != ability.zone:
            raise IllegalCommand(f"#{obj.id} {obj.name} is not in {player}'s {ability.zone}")
        if ability.zone == "graveyard" and table.graveyard_abilities_lost():
            raise IllegalCommand(f"{obj.name} has no abilities: cards in graveyards have none")
    elif obj.controller != player or obj.zone != "battlefield":
        raise IllegalCommand(f"#{obj.id} is not a permanent {player} controls")
    cost = ability.cost or ActivationCost()
    if cost.loyalty is not None:
        # 606.3: once each turn for each planeswalker, only as a sorcery.
        if not sorcery_timing(table, player):
            raise IllegalCommand(
                f"#{obj.id} {obj.name}: a loyalty ability only as a sorcery"
                " (your main phase, an empty stack)"
            )
        if obj.loyalty_turn == table.turn:
            raise IllegalCommand(f"#{obj.id} {obj.name} has used a loyalty ability this turn")
        if cost.loyalty < 0 and obj.counters.get("loyalty", 0) < -cost.loyalty:
            raise IllegalCommand(
                f"#{obj.id} {obj.name} has {obj.counters.get('loyalty', 0)} loyalty:"
                f" it cannot pay {cost.loyalty}"
            )
    if ability.data.get("sorcery") and not sorcery_timing(table, player):
        raise IllegalCommand(
            f"#{obj.id} {obj.name}: {ability.text or 'this ability'} only as a sorcery"
            " (your main phase, an empty stack)"
        )
    check_cost(table, player, obj, cost)
    condition = ability.condition
    if condition is not None and not table.holds(condition, player, obj):
        raise IllegalCommand(
            f"#{obj.id} {obj.name}: {ability.text or 'this ability'} (its condition does not"
            " hold now, 602.5b)"
        )
    facts = table.source_of(obj)
    for slot in slots_of(ability.effects):
        if not has_candidates(table, slot, player, facts):
            raise IllegalCommand(f"#{obj.id} {obj.name}: no legal target ({slot.describe()})")
    if ability.modal is not None and not can_choose(table, ability.modal, player, facts):
        raise IllegalCommand(
            f"#{obj.id} {obj.name}: too few of its modes can be chosen (700.2a: none has a"
            " legal target)"
        )


def cost_objects(
    table: Table, casting: Casting, player: str, obj: Obj, cost: ActivationCost
) -> tuple[list[Obj], list[Obj]]:
    """What ``player`` sacrifices and discards to pay ``cost`` (601.2h, 602.2b): asked as
    decisions (may raise ``NeedDecision``); paid by the caller, with the rest of the cost."""
    sacrificed: list[Obj] = []
    if cost.sacrifice == "self":
        sacrificed = [obj]
    elif cost.sacrifice:
        options = sacrifice_options(table, player, obj, cost)
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
        hand = [o for o in table.players[player].hand if o.id != obj.id]
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
    return sacrificed, discarded


def pay_cost_objects(table: Table, discarded: list[Obj], sacrificed: list[Obj]) -> dict[str, int]:
    """Discard and sacrifice what ``cost_objects`` chose; returns for the spell's or ability's
    context "the sacrificed creature's power" as it was sacrificed (608.2h)."""
    creatures = [o for o in sacrificed if "Creature" in table.chars(o).types]
    kept = {"sacrificed_power": max(0, table.chars(creatures[0]).power)} if creatures else {}
    if discarded:
        table.move_many([Move(o, "graveyard", "discarded") for o in discarded])
    if sacrificed:
        table.sacrifice(sacrificed)
    return kept


def advance_activation(table: Table, casting: Casting, obj: Obj) -> None:
    ability = ability_of(casting, obj)
    player = casting.player
    cost = ability.cost or ActivationCost()
    facts = table.source_of(obj)
    effects = ability.effects
    modal = ability.modal
    if modal is not None:
        # 602.2b, 601.2b: the modes first, then the targets of the modes chosen.
        if casting.modes is None:
            chosen_modes = choose_modes(
                table, casting.answers, "modes", modal, player, obj.name, facts
            )
            if chosen_modes is None:
                table.casting = None
                table.emit({"type": "cast_abandoned", "who": player, "card": obj.name})
                return
            casting.modes = chosen_modes
        effects = modal.effects_of(casting.modes)
    chosen = choose_targets(table, casting, slots_of(effects), facts, None, obj.name)
    sacrificed, discarded = cost_objects(table, casting, player, obj, cost)
    crew = choose_crew(table, casting, player, obj, cost.crew) if cost.crew else []
    mana = table.variant.cost_to_pay(table, table.players[player], cost.mana)
    plan = payment(table, player, mana)
    table.casting = None
    if plan is None:
        table.emit({"type": "cast_abandoned", "who": player, "card": obj.name})
        return
    # 602.2: costs paid, the ability goes on the stack with its source's last known facts.
    pay_and_run(table, player, plan)
    if cost.loyalty is not None:
        obj.loyalty_turn = table.turn
        if cost.loyalty > 0:
            table.add_counters(obj, "loyalty", cost.loyalty)
        elif cost.loyalty < 0:
            table.remove_counters(obj, "loyalty", -cost.loyalty)
    if cost.tap:
        table.tap(obj, "cost")
    if crew:
        table.tap_many(crew, "crew")  # 702.122a: the creatures that crew it
    if cost.life:
        table.lose_life(player, cost.life, "paid")
    item = StackItem(
        table.new_id(),
        "activated",
        player,
        obj.id,
        obj.name,
        effects,
        ability=ability,
        targets=chosen,
        source_proto=obj.proto,
        source_lki={"facts": facts},
        modes=tuple(casting.modes or ()),
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
    if modal is not None:
        event["modes"] = modes_event(modal, item.modes)
    if ability.zone != "battlefield":
        event["zone"] = ability.zone
    if crew:
        event["crew"] = [o.id for o in crew]
    table.emit(event)
    if cost.discard_self:
        discarded.append(obj)  # cycling, channel: the card itself is discarded (702.29a)
    if cost.exile_self:
        table.move(obj, "exile", "cost")
    item.context.update(pay_cost_objects(table, discarded, sacrificed))
    announce_targets(table, item)
