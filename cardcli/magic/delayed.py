"""Delayed triggered abilities a spell or ability creates as it resolves (603.7).

``{do: delayed_trigger, delayed: {when: ..., effects: [...]}, this_turn: true}``:

* with ``this_turn`` ("Whenever a Minotaur attacks this turn, ...", "At the beginning of
  combat this turn, ..."), it triggers every time its event happens until the turn ends
  (603.7c: a stated duration), and ends with the turn's "until end of turn" effects (514.2);
* without, it triggers once, the next time its event happens (603.7c): "Destroy that
  creature at end of combat" (``when: end_combat``, the beginning of the end of combat step,
  511.2); "Draw a card at the beginning of the next turn's upkeep" (``when: upkeep``), "At
  the beginning of your next upkeep, ..." (``whose: yours``: the next upkeep of a turn of its
  controller's, their team's turn where players take turns as a team, 805).

The delayed ability's source is the source of the spell or ability that created it, and its
controller that one's controller (603.7d, 603.7e). A source that is a card gone to another
zone (a resolved sorcery) is held by a *holder*: an object of its own, in no zone
("delayed"), with the card's characteristics as it resolved; it is indexed with the
permanents' watchers by event kind, so a "whenever" delayed ability is found the way a
permanent's is, never by a scan. "That creature" in a delayed ability is the object the
creating ability named (603.7c: if it has left the zone it was in, it is a new object and the
ability does nothing to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardcli.magic.board import WATCHED, PendingTrigger
from cardcli.magic.cards import Ability, Effect
from cardcli.magic.objects import Obj
from cardcli.magic.reach import Resolution, subjects

if TYPE_CHECKING:
    from cardcli.magic.table import Table

# The steps a once-only delayed ability may wait for: its ``when`` -> the step's name.
ONCE_STEPS = {"end_combat": "end_combat", "upkeep": "upkeep"}


def create(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    """The ``delayed_trigger`` effect: the delayed ability now exists (603.7a)."""
    data: dict[str, Any] = dict(effect.get("delayed") or {})
    when = str(data.get("when", ""))
    item = res.item
    ability = Ability(
        -30,
        data,
        when=when,
        effects=tuple(data.get("effects", ())),
        text=str(data.get("text", "")),
    )
    context: dict[str, Any] = {"player": item.controller}
    this_turn = bool(effect.get("this_turn"))
    if not this_turn and _names_that_creature(ability.effects):
        # (In a "this turn" one, "that creature" is the one each event names.)
        reached = [t for t in subjects(table, res, {"each": "that_creature"}) if isinstance(t, int)]
        if not reached:
            return  # "destroy that creature at end of combat": it is gone already
        context["object"] = reached[0]
    holder = _holder(table, res, this_turn)
    event: dict[str, Any] = {
        "type": "delayed_trigger",
        "id": holder.id,
        "card": holder.name,
        "text": ability.text,
        "until": "end_of_turn" if this_turn else "once",
    }
    if "object" in context:
        event["object"] = context["object"]
    if this_turn and when in WATCHED:
        table.watchers[when][holder.id] = (*table.watchers[when].get(holder.id, ()), ability)
        table.turn_holders.append(holder)
    elif when in ONCE_STEPS:
        pending = PendingTrigger(
            holder.id, holder.name, holder.proto, item.controller, ability, context
        )
        table.once_triggers.setdefault(ONCE_STEPS[when], []).append(pending)
    else:
        table.emit({"type": "unsupported", "id": item.id, "do": f"delayed_trigger {when}"})
        return
    table.emit(event)


def _names_that_creature(effects: tuple[Effect, ...]) -> bool:
    return any(e.get("each") == "that_creature" for e in effects)


def _holder(table: Table, res: Resolution, watching: bool) -> Obj:
    """The object a delayed ability comes from: a holder with its source's characteristics
    (the spell's card, or the permanent whose ability created it), owned and controlled by
    the controller; it is in no zone and nothing but the delayed ability reaches it. One that
    watches events is among the table's objects until it ends (the watchers find it there)."""
    item = res.item
    source = table.objects.get(item.source_id)
    found = item.obj or source
    proto = found.proto if found is not None else item.source_proto
    assert proto is not None
    holder = Obj(table.new_id(), proto, item.controller, "delayed")
    if watching:
        table.objects[holder.id] = holder
    return holder


def at_step(table: Table, step: str) -> None:
    """As a step begins: the once-only delayed abilities waiting for it trigger (603.7c); at
    cleanup the "this turn" ones end (514.2), and their holders with them."""
    waiting = table.once_triggers.pop(step, [])
    for pending in waiting:
        if pending.ability.data.get("whose") == "yours" and (
            pending.controller not in table.active_team.names
        ):  # "at the beginning of your next upkeep": not this one
            table.once_triggers.setdefault(step, []).append(pending)
            continue
        table.trigger_queue.append(pending)
    if step != "cleanup" or not table.turn_holders:
        return
    for holder in table.turn_holders:
        for kind in WATCHED:
            table.watchers[kind].pop(holder.id, None)
        table.objects.pop(holder.id, None)
    table.turn_holders = []
