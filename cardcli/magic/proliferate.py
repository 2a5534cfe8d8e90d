"""Proliferate (701.34a): choose any number of permanents and/or players that have a counter,
then give each one additional counter of each kind already there.

The controller of the spell or ability chooses (a decision ``proliferate``: ``#id`` for a
permanent, a seat for a player with poison counters; any number, ``done`` to end). A team that
shares its poison counters is offered once, as its first player (810.10: the counters are the
team's). Who profits from a counter is read by ``wanted``: the bots and the Horde pick what
helps them (their own permanents' counters but -1/-1, the other side's -1/-1 counters and
poison), never anything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.choices import ask
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.reach import Resolution
    from cardcli.magic.table import Table

HARMFUL = frozenset({"-1/-1", "slumber", "stun", "time", "fade", "age", "doom"})


def options(table: Table) -> list[str]:
    """What may be chosen: each permanent with a counter, each player with poison."""
    found = [f"#{o.id}" for o in table.battlefield.values() if any(o.counters.values())]
    seen_teams: set[str] = set()
    for player in table.apnap():
        team = player.team
        shared = table.variant.shares_poison(table, team)
        poison = team.poison if shared else player.poison
        if poison <= 0 or (shared and team.name in seen_teams):
            continue
        seen_teams.add(team.name)
        found.append(player.name)
    return found


def wanted(table: Table, chooser: str, option: str) -> bool:
    """Does ``chooser`` gain by proliferating ``option``?"""
    if not option.startswith("#"):
        return table.are_opponents(option, chooser)  # poison on the other side
    obj = table.objects.get(int(option[1:]))
    if obj is None:
        return False
    ours = not table.are_opponents(obj.controller, chooser)
    kinds = {k for k, n in obj.counters.items() if n > 0}
    if ours:
        return not kinds & HARMFUL
    return bool(kinds) and kinds <= HARMFUL


def proliferate(table: Table, res: Resolution, effect: object, key: str) -> None:
    chooser = res.item.controller
    able = options(table)
    picks = ask(
        table,
        res.answers,
        f"{key}:proliferate",
        Decision(
            "proliferate",
            chooser,
            f"{res.item.name}: {chooser} proliferates (choose any, then done)",
            able,
            low=0,
            high=len(able),
            data={"item": res.item.id},
        ),
    )
    for pick in picks:
        if pick.startswith("#"):
            obj: Obj | None = table.objects.get(int(pick[1:]))
            if obj is None or obj.zone != "battlefield":
                continue
            for kind in [k for k, n in obj.counters.items() if n > 0]:
                table.add_counters(obj, kind, 1)
        elif pick in table.players:
            table.give_poison(pick, 1, "proliferate")
