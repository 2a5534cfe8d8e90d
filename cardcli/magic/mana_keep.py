"""The mana a payment keeps: the colours the payer's hand and board still ask for.

Paying a cost leaves some lands untapped; which ones matters. With Mountain, Plains, Mountain,
Mountain, Plains untapped, Prodigal Pyromancer ({2}{R}) is paid with three Mountains, so that
Savannah Lions ({W}) can still be cast. The automatic payment (``mana.pay``) spends generic
mana from the colour it has most of beyond what is kept, and it keeps, per mana type, the most
symbols of that type that one card in hand (not the one being cast) or one activated ability of
a permanent of the payer's asks for: one spell or ability at a time is what the next payment
will be.

>>> need_of([ManaCost.parse("{W}"), ManaCost.parse("{1}{W}{W}"), ManaCost.parse("{B/P}{G}")])
{'W': 2, 'G': 1, 'B': 1}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardcli.magic.mana import ManaCost

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def need_of(costs: Iterable[ManaCost]) -> dict[str, int]:
    """Per mana type, the most symbols of it one of ``costs`` asks for (a hybrid symbol asks
    for neither colour: either pays it)."""
    need: dict[str, int] = {}
    for cost in costs:
        counts: dict[str, int] = {}
        for kind in (*cost.colored, *cost.phyrexian, *cost.two_hybrid):
            counts[kind] = counts.get(kind, 0) + 1
        for kind, count in counts.items():
            if count > need.get(kind, 0):
                need[kind] = count
    return need


def kept_for(table: Table, player: str) -> dict[str, int]:
    """What ``player``'s payment keeps: the colours the cards in their hand (the one being
    cast aside) and the activated abilities of their permanents ask for."""
    casting = table.casting
    skip = casting.obj_id if casting is not None and casting.ability is None else None
    costs: list[ManaCost] = []
    for obj in table.players[player].hand:
        if obj.id != skip and "Land" not in obj.proto.types:
            costs.append(obj.proto.cost)
    for obj in table.battlefield.values():
        if obj.controller != player:
            continue
        for ability in obj.proto.activated:
            if ability.cost is not None and not ability.cost.mana.is_free():
                costs.append(ability.cost.mana)
    return need_of(costs)
