"""Convoke (702.51) and improvise (702.126): permanents tapped as a spell is cast pay for it.

"For each colored mana in this spell's total cost, you may tap an untapped creature of that
color you control rather than pay that mana. For each generic mana in this spell's total
cost, you may tap an untapped creature you control rather than pay that mana." (702.51a)

The creatures pay first (a coloured symbol of one of their colours when one is left, else
one generic mana); the lands and the mana pool pay the rest. Named by the player (``cast
CARD convoke #4 #5``) every creature named must pay something; left unnamed, the automatic
payment taps creatures only when the lands and pool cannot pay alone: weakest first (power,
then toughness, then id), each that still pays something, until the lands can pay the rest.

"Improvise" (702.126a): "For each generic mana in this spell's total cost, you may tap an
untapped artifact you control rather than pay that mana." The same, with artifacts paying
generic mana only (``cast CARD improvise #4 #5``). Reading: an artifact land is not offered,
named or not: tapped for mana it pays as much, and the lands' payment may count on it.
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
    """Convoke or improvise: permanents tapped as it is cast may pay for it."""
    return "convoke" in obj.proto.keywords or "improvise" in obj.proto.keywords


def improvises(obj: Obj) -> bool:
    return "improvise" in obj.proto.keywords and "convoke" not in obj.proto.keywords


def untapped_creatures(table: Table, player: str) -> list[Obj]:
    """The creatures ``player`` could tap for convoke, weakest first."""
    found = [
        o
        for o in table.battlefield.values()
        if o.controller == player and not o.tapped and "Creature" in table.chars(o).types
    ]
    found.sort(key=lambda o: (table.chars(o).power, table.chars(o).toughness, o.id))
    return found


def untapped_artifacts(table: Table, player: str) -> list[Obj]:
    """The artifacts ``player`` could tap for improvise (not lands): noncreatures first, by
    mana value, then id."""
    found = []
    for o in table.battlefield.values():
        if o.controller != player or o.tapped:
            continue
        types = table.chars(o).types
        if "Artifact" in types and "Land" not in types:
            found.append(o)
    found.sort(key=lambda o: ("Creature" in table.chars(o).types, o.proto.mana_value, o.id))
    return found


def tappers(table: Table, player: str, obj: Obj) -> list[Obj]:
    """What may pay for ``obj`` by being tapped: artifacts (improvise) or creatures."""
    return (
        untapped_artifacts(table, player) if improvises(obj) else untapped_creatures(table, player)
    )


def reduce_by(
    table: Table, cost: ManaCost, creatures: list[Obj], generic_only: bool = False
) -> ManaCost | None:
    """The cost left once ``creatures`` have paid for it; None if one of them pays nothing.
    ``generic_only``: each pays one generic mana (improvise)."""
    colored = list(cost.colored)
    hybrid = list(cost.hybrid)
    generic = cost.generic
    unpaid: list[Obj] = []
    for creature in creatures:  # coloured symbols first (702.51a)
        if generic_only:
            unpaid.append(creature)
            continue
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
    table: Table,
    player: str,
    cost: ManaCost,
    x: int,
    named: list[int] | None,
    spell: Obj | None = None,
) -> tuple[list[Obj], Plan] | None:
    """The creatures (artifacts, improvising ``spell``) tapped and the plan for the rest, or
    None: it cannot be paid so."""
    total = cost.with_x(x)
    only = spell is not None and improvises(spell)
    if named is not None:
        creatures = [table.objects[oid] for oid in named]
        rest = reduce_by(table, total, creatures, only)
        plan = payment(table, player, rest) if rest is not None else None
        return (creatures, plan) if plan is not None else None
    plan = payment(table, player, total)
    if plan is not None:
        return [], plan
    chosen: list[Obj] = []
    left = total
    found = untapped_artifacts(table, player) if only else untapped_creatures(table, player)
    for creature in found:
        smaller = reduce_by(table, left, [creature], only)
        if smaller is None:
            continue  # it would pay nothing of what is left
        chosen.append(creature)
        left = smaller
        plan = payment(table, player, left)
        if plan is not None:
            return chosen, plan
    return None


def check_named(
    table: Table, player: str, obj: Obj, named: list[int], word: str = "convoke"
) -> None:
    """``cast CARD convoke #4 #5``: untapped creatures of the caster's, each paying;
    ``improvise #4 #5``: untapped artifacts, not lands."""
    if word not in obj.proto.keywords:
        raise IllegalCommand(f"{obj.name} has no {word}")
    what = "artifact" if word == "improvise" else "creature"
    if len(set(named)) != len(named):
        raise IllegalCommand(f"name each {what} once after {word}")
    allowed = {o.id for o in tappers(table, player, obj)}
    for oid in named:
        if oid not in allowed:
            land = " other than a land (a land pays with its mana)" if word == "improvise" else ""
            raise IllegalCommand(f"#{oid} is not an untapped {what} {player} controls{land}")
