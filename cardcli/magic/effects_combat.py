"""Combat words in effects: fight (701.14) and preventing all damage, or all combat damage,
this turn (615; Fog)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Effect
from cardcli.magic.objects import Target
from cardcli.magic.reach import Resolution, objects_of, subjects

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def fight(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """701.14a: two creatures fight: each deals damage equal to its power to the other, at once.

    The first is what the effect reaches (its ``target``, or ``each: it``: the source), the
    second its ``against`` target. 701.14b: if either is no longer on the battlefield or no
    longer a creature, or is an illegal target as the effect resolves, no damage is dealt (by
    either). 701.14c: a creature that fights itself deals itself damage twice.
    """
    slot = res.slot_for(res.index, part=1)
    if slot is None:
        return
    chosen = res.item.targets[slot] if slot < len(res.item.targets) else []
    if not chosen:
        return  # "up to one target creature": none was chosen, nothing fights
    first = subjects(table, res, effect, default="it")
    named: list[Target] = [*_first_named(res, effect), *chosen]
    pair = objects_of(table, first[:1]) + objects_of(table, res.legal[slot][:1])
    creatures = [o for o in pair if o.zone == "battlefield" and "Creature" in table.chars(o).types]
    ids = [t for t in named if isinstance(t, int)]
    if len(creatures) != 2:
        table.emit(
            {
                "type": "fight",
                "ids": ids,
                "cards": [],
                "dealt": False,
                "why": "a creature to fight is gone, no longer a creature or no longer a legal target",
            }
        )
        return
    a, b = creatures
    table.emit({"type": "fight", "ids": [a.id, b.id], "cards": [a.name, b.name], "dealt": True})
    # Simultaneous: both sources and powers are read before either deals damage.
    first_source, second_source = table.source_of(a), table.source_of(b)
    first_power, second_power = max(0, table.chars(a).power), max(0, table.chars(b).power)
    dealt = table.damage(first_source, b.id, first_power)
    dealt += table.damage(second_source, a.id, second_power)
    res.results["damage_dealt"] = res.results.get("damage_dealt", 0) + dealt


def _first_named(res: Resolution, effect: Effect) -> list[Target]:
    """What the fight's first creature was as the effect was put together: its target, or
    the source (``each: it``)."""
    slot = res.slot_for(res.index)
    if "target" in effect and slot is not None and slot < len(res.item.targets):
        return list(res.item.targets[slot][:1])
    return [res.item.source_id]


def prevent_all(table: Table, res: Resolution, effect: Effect) -> None:
    """ "Prevent all combat damage that would be dealt this turn" (Fog): a prevention effect
    until the turn ends (615, 514.2). ``combat``: combat damage only; ``each``/``target``:
    only damage that would be dealt to those (without them: to anything)."""
    whom: list[Target | None] = (
        list(subjects(table, res, effect)) if "each" in effect or "target" in effect else [None]
    )
    combat = bool(effect.get("combat"))
    for target in whom:
        table.prevention.append(
            {"target": target, "all": True, "combat": combat, "source": res.item.name}
        )
    event: dict[str, object] = {"type": "prevent_all", "card": res.item.name, "combat": combat}
    if whom != [None]:
        event["to"] = [t if isinstance(t, str) else f"#{t}" for t in whom if t is not None]
    table.emit(event)
