"""Convoke (702.51): creatures tapped as a spell is cast pay for it.

"For each colored mana in this spell's total cost, you may tap an untapped creature of that
color you control rather than pay that mana. For each generic mana in this spell's total
cost, you may tap an untapped creature you control rather than pay that mana." (702.51a)

The creatures pay first (a coloured symbol of one of their colours when one is left, else
one generic mana); the lands and the mana pool pay the rest. Named by the player (``cast
CARD convoke #4 #5``) every creature named must pay something; left unnamed, the automatic
payment taps creatures only when the lands and pool cannot pay alone: weakest first (power,
then toughness, then id), each that still pays something, until the lands can pay the rest.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cardcli.engine.errors import IllegalCommand
from cardcli.magic.costs import payment
from cardcli.magic.mana import ManaCost, Plan
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def has_convoke(obj: Obj) -> bool:
    return "convoke" in obj.proto.keywords


def untapped_creatures(table: Table, player: str) -> list[Obj]:
    """The creatures ``player`` could tap for convoke, weakest first."""
    found = [
        o
        for o in table.battlefield.values()
        if o.controller == player and not o.tapped and "Creature" in table.chars(o).types
    ]
    found.sort(key=lambda o: (table.chars(o).power, table.chars(o).toughness, o.id))
    return found


def reduce_by(table: Table, cost: ManaCost, creatures: list[Obj]) -> ManaCost | None:
    """The cost left once ``creatures`` have paid for it; None if one of them pays nothing."""
    colored = list(cost.colored)
    hybrid = list(cost.hybrid)
    generic = cost.generic
    unpaid: list[Obj] = []
    for creature in creatures:  # coloured symbols first (702.51a)
        colors = table.chars(creature).colors
        match = next((c for c in colored if c in colors), None)
        if match is not None:
            colored.remove(match)
            continue
        half = next((h for h in hybrid if set(h) & colors), None)
        if half is not None:
            hybrid.remove(half)
            continue
        unpaid.append(creature)
    for _creature in unpaid:
        if generic <= 0:
            return None
        generic -= 1
    left = replace(cost, generic=generic, colored=tuple(colored), hybrid=tuple(hybrid), x=0)
    return replace(left, text=left.written())


def convoke_plan(
    table: Table, player: str, cost: ManaCost, x: int, named: list[int] | None
) -> tuple[list[Obj], Plan] | None:
    """The creatures tapped and the plan for the rest, or None: it cannot be paid so."""
    total = cost.with_x(x)
    if named is not None:
        creatures = [table.objects[oid] for oid in named]
        rest = reduce_by(table, total, creatures)
        plan = payment(table, player, rest) if rest is not None else None
        return (creatures, plan) if plan is not None else None
    plan = payment(table, player, total)
    if plan is not None:
        return [], plan
    chosen: list[Obj] = []
    left = total
    for creature in untapped_creatures(table, player):
        smaller = reduce_by(table, left, [creature])
        if smaller is None:
            continue  # it would pay nothing of what is left
        chosen.append(creature)
        left = smaller
        plan = payment(table, player, left)
        if plan is not None:
            return chosen, plan
    return None


def check_named(table: Table, player: str, obj: Obj, named: list[int]) -> None:
    """``cast CARD convoke #4 #5``: untapped creatures of the caster's, each paying."""
    if not has_convoke(obj):
        raise IllegalCommand(f"{obj.name} has no convoke")
    if len(set(named)) != len(named):
        raise IllegalCommand("name each creature once after convoke")
    for oid in named:
        creature = table.objects.get(oid)
        if (
            creature is None
            or creature.zone != "battlefield"
            or creature.controller != player
            or creature.tapped
            or "Creature" not in table.chars(creature).types
        ):
            raise IllegalCommand(f"#{oid} is not an untapped creature {player} controls")
