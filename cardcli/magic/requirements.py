"""Blocking requirements (509.1c): "All creatures able to block this creature do so." (lure).

A requirement obliges a creature to block if it can; the defending player's blocks must
obey as many requirements as they can without breaking a restriction. A creature obeys at
most one lure requirement (it blocks one creature), so the most are obeyed when every
creature able to block a lure attacker blocks one of them. A lure attacker with menace that
only one creature can block cannot be blocked by it alone: that requirement cannot be obeyed
and is no requirement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.combat import Combat, can_block
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def lure_attackers(table: Table, attackers: list[Obj]) -> list[Obj]:
    return [a for a in attackers if table.chars(a).lure]


def required_blockers(
    table: Table, attackers: list[Obj], blockers: list[Obj]
) -> dict[int, list[int]]:
    """Each of ``blockers`` that must block: its id -> the lure attackers it can block, in the
    order of ``attackers``. Empty when no attacker has lure (the usual case, found at once)."""
    lures = lure_attackers(table, attackers)
    if not lures:
        return {}
    required: dict[int, list[int]] = {}
    for attacker in lures:
        able = [b for b in blockers if can_block(table, b, attacker)]
        if "menace" in table.chars(attacker).keywords and len(able) < 2:
            continue  # blocking it alone breaks menace: this requirement can't be obeyed
        for blocker in able:
            required.setdefault(blocker.id, []).append(attacker.id)
    return required


def defenders(table: Table, team: list[str]) -> list[Obj]:
    """The defending team's creatures that could block now (untapped creatures)."""
    return [
        o
        for o in table.battlefield.values()
        if o.controller in team and not o.tapped and "Creature" in table.chars(o).types
    ]


def lure_problem(table: Table, fight: Combat, team: list[str]) -> str | None:
    """Why the declared blocks break a lure requirement, or None."""
    attackers = [table.objects[a] for a in fight.attackers if a in table.objects]
    required = required_blockers(table, attackers, defenders(table, team))
    for blocker, lures in required.items():
        if fight.blocks.get(blocker) not in lures:
            obj = table.objects[blocker]
            names = " or ".join(f"#{a} {table.objects[a].name}" for a in lures)
            return (
                f"#{blocker} {obj.name} must block {names}: all creatures able to block it"
                " do so (509.1c)"
            )
    return None


def obey(table: Table, fight: Combat, team: list[str]) -> list[tuple[int, int]]:
    """The blocks that make the declared ones obey every lure requirement: each creature that
    must block and does not blocks the first lure attacker it can (after its other block, if
    any, is taken back). Returns (blocker, attacker) pairs to declare."""
    attackers = [table.objects[a] for a in fight.attackers if a in table.objects]
    required = required_blockers(table, attackers, defenders(table, team))
    return [
        (blocker, lures[0])
        for blocker, lures in required.items()
        if fight.blocks.get(blocker) not in lures
    ]
