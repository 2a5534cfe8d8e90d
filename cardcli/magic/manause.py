"""Using mana abilities (605): a person's ``tap``, and a payment's costly mana abilities.

A mana ability resolves at once, off the stack (605.3): its costs are paid, its mana is
added, then whatever else it does happens (a pain land's damage to its controller, dealt by
the land itself, 605.3b). Those other effects neither target nor ask anything (the card
model reads an ability that would as an ordinary activated ability).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.engine.errors import IllegalCommand
from cardcli.magic.cards import Ability, ActivationCost
from cardcli.magic.costs import check_cost, pay_plan, payment
from cardcli.magic.effects import Resolution, run_effect
from cardcli.magic.mana import Plan
from cardcli.magic.manaopts import ManaOption, condition_holds, options_of
from cardcli.magic.objects import Obj, StackItem

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def option_problem(table: Table, player: str, obj: Obj, option: ManaOption) -> str | None:
    """Why ``option`` of ``obj`` cannot be used by ``player`` now, or None."""
    from_cost = cost_problem(table, player, obj, option.ability)
    if from_cost is not None:
        return from_cost
    if not condition_holds(table, obj, option.ability, player):
        text = option.ability.text or f"option {option.number}"
        return f"#{obj.id} {obj.name}: {text} (its condition does not hold now, 602.5b)"
    return None


def cost_problem(table: Table, player: str, obj: Obj, ability: Ability) -> str | None:
    """Why the costs of ``obj``'s mana ``ability`` cannot be paid now, or None."""
    try:
        check_cost(table, player, obj, ability.cost or ActivationCost())
    except IllegalCommand as err:
        return str(err)
    return None


def usable_options(table: Table, player: str, obj: Obj) -> list[ManaOption]:
    """The options of ``obj``'s mana abilities ``player`` may use now."""
    if obj.controller != player or obj.zone != "battlefield":
        return []
    found = []
    problems: dict[int, str | None] = {}  # per ability (its choices share its cost)
    for option in options_of(table, obj, player):
        key = id(option.ability)
        if key not in problems:
            problems[key] = option_problem(table, player, obj, option)
        if problems[key] is None:
            found.append(option)
    return found


def use_option(table: Table, player: str, obj: Obj, option: ManaOption) -> None:
    """605.3: the ability resolves at once: costs, then mana, then its other effects."""
    ability = option.ability
    cost = ability.cost or ActivationCost()
    mana = table.variant.cost_to_pay(table, table.players[player], cost.mana)
    plan = payment(table, player, mana) if mana is not None and not mana.is_free() else Plan()
    if plan is None or (cost.tap and any(oid == obj.id for oid, _ in plan.taps)):
        raise IllegalCommand(f"{player} cannot pay {cost.mana} for #{obj.id}")
    pay_and_run(table, player, plan)
    if cost.tap:
        table.tap(obj, "mana")
    if cost.life:
        table.lose_life(player, cost.life, "paid")
    if cost.sacrifice == "self":
        table.sacrifice([obj])
    pool = table.players[player].pool
    for kind in option.adds:
        pool[kind] = pool.get(kind, 0) + 1
    table.emit(
        {
            "type": "mana",
            "who": player,
            "source": obj.id,
            "added": "".join("{" + k + "}" for k in option.adds),
        }
    )
    run_side_effects(table, player, obj, ability)


def tap_first_hint(table: Table, player: str) -> str:
    """What a refused payment adds when a permanent other than a land could still make mana:
    "; first tap #7 Llanowar Elves: creatures and artifacts pay only when tapped"; else ""."""
    found = [
        o
        for o in table.acting.values()
        if o.controller == player
        and not o.tapped
        and o.proto.mana_abilities
        and "Land" not in o.proto.types
        and usable_options(table, player, o)
    ]
    if not found:
        return ""
    named = ", ".join(f"#{o.id} {o.name}" for o in found[:3]) + (" ..." if len(found) > 3 else "")
    return f"; first tap {named}: creatures and artifacts pay only when tapped"


def pay_and_run(table: Table, player: str, plan: Plan) -> None:
    """Pay ``plan``; the costly mana abilities it used then do what else they do."""
    for obj, ability in pay_plan(table, player, plan):
        run_side_effects(table, player, obj, ability)


def run_side_effects(table: Table, player: str, obj: Obj, ability: Ability) -> None:
    """What a mana ability does besides adding mana, with ``obj`` as its source (its last
    known facts if it was sacrificed)."""
    if not ability.effects:
        return
    item = StackItem(obj.id, "mana", player, obj.id, obj.name, ability.effects, ability=ability)
    res = Resolution(item, [], [], table.source_of(obj))
    while res.index < len(ability.effects):
        run_effect(table, res)
        res.index += 1
