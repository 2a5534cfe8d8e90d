"""Cascade (702.85a): a spell's "when you cast" trigger that casts a cheaper card for free.

"When you cast this spell, exile cards from the top of your library until you exile a nonland
card whose mana value is less than this spell's mana value. You may cast that card without
paying its mana cost if the resulting spell's mana value is less than this spell's mana
value. Then put all cards exiled this way that weren't cast on the bottom of your library in
a random order." The spell's mana value is read as the ability resolves (from the spell as
it last existed if it has left the stack, 608.2h). The card is offered (a ``may`` decision)
only if it can be cast now (a spell with no legal target cannot); cast, X is 0 (601.2f:
without paying its mana cost) and it is cast as the ability finishes resolving, after the
other cards went to the bottom (a labelled stream of the seeded RNG orders them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.engine.errors import IllegalCommand
from cardcli.magic.cards import Effect
from cardcli.magic.choices import Casting, ask
from cardcli.magic.costs import check_cost
from cardcli.magic.decisions import Decision
from cardcli.magic.modes import can_choose
from cardcli.magic.objects import Obj
from cardcli.magic.reach import Resolution
from cardcli.magic.sources import DamageSource
from cardcli.magic.table import Move
from cardcli.magic.targets import Slot, has_candidates, slots_of

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def cascade(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    item = res.item
    player = item.controller
    context = item.context
    if "cascade_exiled" not in context:  # (done once: a decision below runs this again)
        proto = item.source_proto
        value = proto.mana_value if proto is not None else 0
        library = table.players[player].library
        exiled: list[int] = []
        hit = None
        while library:
            top = library[-1]
            moved = table.move(top, "exile", "cascade")
            if moved is None:
                break
            exiled.append(moved.id)
            if "Land" not in moved.proto.types and moved.proto.mana_value < value:
                hit = moved.id
                break
        context["cascade_exiled"] = exiled
        context["cascade_hit"] = hit
    exiled = [int(i) for i in context["cascade_exiled"]]
    hit = context.get("cascade_hit")
    card = table.objects.get(int(hit)) if hit is not None else None
    cast = False
    if card is not None and card.zone == "exile" and _castable(table, player, card):
        answer = ask(
            table,
            res.answers,
            key + ":cascade",
            Decision(
                "may",
                player,
                f"{item.name}: cascade into #{card.id} {card.name}: cast it without paying"
                " its mana cost? (choose yes or no)",
                ["yes", "no"],
                data={"item": item.id, "cascade": card.id},
            ),
        )
        cast = answer == ["yes"]
    rest = [
        table.objects[i]
        for i in exiled
        if i in table.objects and table.objects[i].zone == "exile" and not (cast and i == hit)
    ]
    if len(rest) > 1:
        table.rng("cascade:bottom").shuffle(rest)
    if rest:
        table.move_many([Move(o, "library", "cascade", bottom=True) for o in rest])
    if cast and card is not None:
        x = 0 if card.proto.cost.x else None  # 601.2f: cast without paying, X is 0
        table.casting = Casting(player, card.id, x=x, free=True)


def _castable(table: Table, player: str, card: Obj) -> bool:
    """Can ``player`` cast ``card`` now without paying its mana cost (601.2): no split second
    spell on the stack, its additional cost payable, a legal target for each target (an
    Aura's too) and enough modes. (``casting.cast_problem``'s checks of a free cast.)"""
    proto = card.proto
    if table.stack and table.split_second() is not None:
        return False
    if proto.additional_cost is not None:
        try:
            check_cost(table, player, card, proto.additional_cost)
        except IllegalCommand:
            return False
    facts = DamageSource(
        card.id, card.name, player, proto.colors, proto.keywords, proto.types, proto.subtypes
    )
    slots = slots_of(proto.spell)
    if proto.is_aura and proto.enchant:
        slots.insert(0, Slot(-1, proto.enchant))
    if not all(has_candidates(table, slot, player, facts) for slot in slots):
        return False
    return proto.modal is None or can_choose(table, proto.modal, player, facts)
