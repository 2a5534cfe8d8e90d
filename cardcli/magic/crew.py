"""Paying a crew cost (702.122a): tapping other untapped creatures with total power N or more.

The creatures are chosen as the ability is activated (602.2b, 601.2h), one at a time (a
``cost_crew`` decision) until their total power reaches N; each is tapped with the rest of
the cost paid. Only creatures of power 1 or more are offered: one of power 0 or less adds
nothing to the total (tapping it would change nothing the engine plays). A creature that came
under its controller's control this turn may crew: the cost has no {T} (302.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.engine.errors import IllegalCommand
from cardcli.magic.choices import Casting, ask
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def crew_candidates(table: Table, player: str, vehicle: Obj) -> list[Obj]:
    """The other untapped creatures ``player`` controls with power 1 or more, by id."""
    found = []
    for obj in table.battlefield.values():
        if obj.controller != player or obj.tapped or obj.id == vehicle.id:
            continue
        ch = table.chars(obj)
        if "Creature" in ch.types and ch.power > 0:
            found.append(obj)
    found.sort(key=lambda o: o.id)
    return found


def check_crew(table: Table, player: str, vehicle: Obj, need: int) -> None:
    """Raise unless ``player``'s other untapped creatures have total power ``need`` or more."""
    total = sum(table.chars(o).power for o in crew_candidates(table, player, vehicle))
    if total < need:
        raise IllegalCommand(
            f"#{vehicle.id} {vehicle.name}: crew {need} needs other untapped creatures with"
            f" total power {need} or more ({player} has {total})"
        )


def choose_crew(table: Table, casting: Casting, player: str, vehicle: Obj, need: int) -> list[Obj]:
    """The creatures ``player`` taps to crew ``vehicle``: asked one at a time (may raise
    ``NeedDecision``) until their total power is ``need`` or more."""
    chosen: list[Obj] = []
    total = 0
    while total < need:
        options = [o for o in crew_candidates(table, player, vehicle) if o not in chosen]
        if not options:
            return chosen  # (cannot happen after ``check_crew``; the payment fails)
        picks = ask(
            table,
            casting.answers,
            f"crew{len(chosen)}",
            Decision(
                "cost_crew",
                player,
                f"#{vehicle.id} {vehicle.name}: choose a creature to tap for crew {need}"
                f" (total power so far {total})",
                [f"#{o.id}" for o in options],
                data={"vehicle": vehicle.id, "need": need - total},
            ),
        )
        if not picks:
            return chosen
        creature = table.objects[int(picks[0][1:])]
        chosen.append(creature)
        total += table.chars(creature).power
    return chosen
