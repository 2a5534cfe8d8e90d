"""The turn search's model of artifacts in play: damage abilities and Equipment.

``search.py`` calls in here at three points (its hook lines): the position
lists the artifacts still to use this turn (``ready_of``), a cast artifact
becomes ready (``now_ready``), and each ready artifact gives moves
(``artifact_moves``): an Equipment equips one attacking creature (``equip``:
its power is added to that attacker, the equip cost taken from the mana), a
damage ability is activated (``use``: its damage dealt, its cost taken, and a
sacrificed artifact gone to the graveyard). Each is used at most once a turn
in the model: moving an Equipment to another creature, or activating a tapped
ability again, never adds damage. ``bots.py`` turns these actions into
commands (``artifact_command``).

Artifacts that also make mana are left to the engine: whether one was tapped
for mana is not in the model, so the search does not use their damage ability.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Protocol

from cardcli.games.hunsberger import artifacts
from cardcli.games.hunsberger.commands import MAX_TIMES
from cardcli.games.hunsberger.model import EMPTY, Action, Attacker, Info, Pos, set_slot, with_
from cardcli.games.hunsberger.table import Table

if TYPE_CHECKING:
    from cardcli.games.hunsberger.rules import HunsbergerState

VERBS = ("use", "equip")


class Searching(Protocol):
    """What the moves take from the turn search (``search.TurnSearch``)."""

    info: dict[str, Info]

    def _replace_attacker(self, pos: Pos, old: Attacker, bonus: int) -> Pos: ...

    def to_graveyard(self, pos: Pos, name: str) -> Pos: ...


def _modelled(t: Table, card: int) -> bool:
    p = t.profiles[card]
    return p.kind == "equipment" or (p.kind == "ability" and p.ability_damage > 0)


def _where(t: Table, card: int) -> int:
    index = t.slot_of(card)
    return -1 if index is None else index


def ready_of(t: Table) -> tuple[tuple[str, int], ...]:
    """The artifacts in play the search may still use this turn, from the engine's table."""
    found = [(t.name(c), _where(t, c)) for c in artifacts.ready(t) if _modelled(t, c)]
    found += [(t.name(c), _where(t, c)) for c in artifacts.gear(t) if c not in t.equipped]
    return tuple(sorted(found))


def now_ready(pos: Pos, info: Info, where: int) -> Pos:
    """An artifact just cast: ready to equip or to activate (unless it entered tapped)."""
    p = info.p
    if p.kind not in ("equipment", "ability") or (p.kind == "ability" and p.enters_tapped):
        return pos
    return with_(pos, ready=tuple(sorted((*pos.ready, (info.name, where)))))


def artifact_moves(search: Searching, pos: Pos) -> Iterator[tuple[Action, Pos]]:
    """Every use of a ready artifact from ``pos``, and the position after it."""
    for entry in dict.fromkeys(pos.ready):
        name, where = entry
        p = search.info[name].p
        rest = list(pos.ready)
        rest.remove(entry)
        after = with_(pos, ready=tuple(rest))
        if p.kind == "equipment":
            if p.equip_cost > pos.budget:
                continue
            for attacker in dict.fromkeys(pos.attackers):
                equipped = search._replace_attacker(after, attacker, attacker[1] + p.amount)
                yield (
                    Action("equip", name, where, target=("attacker", attacker)),
                    with_(equipped, budget=pos.budget - p.equip_cost),
                )
            continue
        once = p.ability_tap or p.ability_sacrifice
        most = 1 if once else MAX_TIMES
        if p.ability_cost:
            most = min(most, pos.budget // p.ability_cost)
        if p.ability_sacrifice and most:
            if where < 0:
                held = list(after.held)
                held.remove((name, True))
                after = with_(after, held=tuple(held))
            else:
                after = set_slot(after, where, EMPTY)
            after = search.to_graveyard(after, name)
        # Most first: of plans worth the same, the one with fewer commands is kept.
        for times in range(most, 0, -1):
            yield (
                Action("use", name, where, times=times),
                with_(
                    after,
                    budget=pos.budget - p.ability_cost * times,
                    damage=pos.damage + p.ability_damage * times,
                ),
            )


# -- from the model to command text -------------------------------------------------


def artifact_command(state: HunsbergerState, action: Action) -> str:
    """The command for a ``use`` or ``equip`` action of the search."""
    t = state.table
    if action.verb == "use":
        ready = artifacts.ready(t)
        card = next(c for c in ready if t.name(c) == action.name and _where(t, c) == action.where)
        ref = t.ref(card, ready, state.same_to_cast)
        return f"activate {ref}" + (f" {action.times}" if action.times > 1 else "")
    gear = artifacts.gear(t)
    card = next(
        c
        for c in gear
        if t.name(c) == action.name and _where(t, c) == action.where and c not in t.equipped
    )
    assert action.target is not None
    name, bonus = action.target[1]
    creature = next(
        c
        for c in t.summoned
        if t.name(c) == name and sum(b.power for b in t.bonuses.get(c, [])) == bonus
    )
    options = [c for c in t.summoned if c != t.equipped.get(card)]
    gear_ref = t.ref(card, gear, artifacts.same_gear(state))
    return f"equip {gear_ref} -> {t.ref(creature, options)}"
