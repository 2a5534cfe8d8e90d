"""``becomes``: a permanent gains card types until end of turn (613.1d, layer 4).

"This Vehicle becomes an artifact creature until end of turn" (crew, 702.122a): the types are
added to those it has; its printed power and toughness are those it has as a creature (a
Vehicle's, 301.7a). The effect ends at the cleanup step (514.2), or when it leaves (400.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Effect
from cardcli.magic.objects import ObjEffect
from cardcli.magic.reach import Resolution, objects_of, subjects

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def becomes(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    types = tuple(str(t) for t in effect.get("types", ()))
    until = str(effect.get("until", "end_of_turn"))
    table.clock += 1
    for obj in objects_of(table, subjects(table, res, effect, default="it")):
        if obj.zone != "battlefield":
            continue
        obj.effects.append(
            ObjEffect(table.clock, add_types=types, until=until, source=res.item.name)
        )
        obj.touch()
        table.static_version += 1  # what statics reach may change with its types
        table.emit({"type": "becomes", "id": obj.id, "types": list(types), "until": until})
