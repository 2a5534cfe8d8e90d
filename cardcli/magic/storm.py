"""Storm (702.40): the spells cast this turn are counted, and a spell with storm triggers.

"Storm" means "When you cast this spell, copy it for each other spell that was cast before it
this turn. If the spell has any targets, you may choose new targets for any of the copies."
(702.40a) Every spell cast counts, whoever cast it (the Horde's too); a copy is not cast and
does not count (707.10). The number is counted as the storm ability triggers; the copies are
``spell_copies``' job.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.abilities import Ability
from cardcli.magic.objects import StackItem

if TYPE_CHECKING:
    from cardcli.magic.table import Table

STORM = Ability(
    index=-12,
    data={},
    when="cast_self",
    effects=({"do": "copy_spell", "storm": True},),
    text="Storm (When you cast this spell, copy it for each spell cast before it this turn."
    " You may choose new targets for the copies.)",
)


def spell_cast(table: Table, item: StackItem, player: str) -> None:
    """A spell became cast (601.2i): one more spell this turn; with storm, its trigger."""
    turn, before = table.extra.get("spells_cast", (table.turn, 0))
    if turn != table.turn:
        before = 0
    table.extra["spells_cast"] = (table.turn, before + 1)
    obj = item.obj
    if obj is None or "storm" not in obj.proto.keywords:
        return
    table.extra.setdefault("storm_spells", {})[item.id] = item
    context = {"player": player, "object": item.id, "name": obj.name, "storm": before}
    table.queue(obj, player, STORM, context)
