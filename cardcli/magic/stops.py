"""Stops: where a team with priority is asked, though it could pass by itself.

A team with priority that has nothing to do but pass passes by itself. With
no stops set (a script, a simulation, every log written before stops) that
is the whole rule. A table with stops (``table.extra["stops"]``: a stop's name
to its mode; set by a logged command) asks the team at a point whose mode is

- ``always``: whether or not the team could act (a declare-attackers step in which
  nobody attacks is passed by itself: there is nothing to answer);
- ``able``: if the team could act (cast, activate, play a land): today's rule;
- ``instant``: if a player of the team could cast a spell now;
- ``never``: never (the team passes by itself even if it could act).

A point is a step of the team's own turn (``upkeep``, ``main1``...), a step of
another team's turn (``horde-upkeep``...), or another team's spell or ability
on the stack (``horde-spells``). The team's own spell on the stack is ``able``.

``pass until combat`` and ``pass until my turn`` (``table.extra["until"]``)
pass for the team until the next declare-attackers step (where it is asked, if
anybody attacks) or until its next turn begins (where its stops apply again).
Declarations (attackers, blockers) and other decisions are always asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.actions import actions_for, castable_with_all_mana, team_can_act
from cardcli.magic.costs import STEPS

if TYPE_CHECKING:
    from cardcli.magic.objects import Team
    from cardcli.magic.table import Table

MODES = ("always", "able", "instant", "never")
STEP_WORDS = {
    "upkeep": "upkeep",
    "draw": "draw",
    "main1": "main1",
    "begin_combat": "combat",
    "declare_attackers": "attackers",
    "declare_blockers": "blockers",
    "first_strike": "damage",
    "combat_damage": "damage",
    "end_combat": "end-combat",
    "main2": "main2",
    "end": "end",
}
WORDS = tuple(dict.fromkeys(STEP_WORDS.values()))
SPELLS = "spells"  # another team's spell or ability on the stack
ORDER = STEPS[1:]  # the steps in which a player may get priority (all but untap)
UNTIL = ("combat", "my turn")
CASTS = ("cast", "evoke", "kicked", "overload")  # the actions that cast a spell


# The stops a person at a terminal starts with, as MTGO and Arena set theirs: in the team's
# own turn its main phases always, and where combat asks for an answer (its attack declared,
# the blocks made) if it could act; in another team's turn once its attackers are declared
# (always: before the team must declare blockers), after the blocks and in its end step if
# the team could act; and whenever
# another team's spell or ability is on the stack, if the team could act. Elsewhere (an
# upkeep, a draw step, a step after combat damage) the team passes by itself.
OWN_DEFAULTS = {
    "upkeep": "never",
    "draw": "never",
    "main1": "always",
    "combat": "never",
    "attackers": "able",
    "blockers": "able",
    "damage": "never",
    "end-combat": "never",
    "main2": "always",
    "end": "never",
}
OTHER_DEFAULTS = {
    "upkeep": "never",
    "draw": "never",
    "main1": "never",
    "combat": "never",
    "attackers": "always",
    "blockers": "able",
    "damage": "never",
    "end-combat": "never",
    "main2": "never",
    "end": "able",
}


def defaults(other: str, skipped: tuple[str, ...] = ()) -> dict[str, str]:
    """The terminal's stops (above) for a team against ``other``; ``skipped``: the other
    team's steps that never happen (the Horde draws nothing and has no second main
    phase)."""
    stops = dict(OWN_DEFAULTS)
    for word, mode in OTHER_DEFAULTS.items():
        if word not in skipped:
            stops[f"{other}-{word}"] = mode
    stops[f"{other}-{SPELLS}"] = "able"
    return stops


def point(table: Table, team: Team) -> str | None:
    """The stop the team with priority is at now, or None for one that is not set by name
    (its own spell on the stack, a cleanup step with priority)."""
    own = table.active_team is team
    if table.stack:
        top = table.stack[-1]
        if top.controller in team.names:
            return None
        return f"{_other_name(table, team, top.controller)}-{SPELLS}"
    word = STEP_WORDS.get(table.step)
    if word is None:
        return None
    return word if own else f"{table.active_team.name}-{word}"


def _other_name(table: Table, team: Team, controller: str) -> str:
    player = table.players.get(controller)
    return player.team.name if player is not None else table.active_team.name


def passes(table: Table, team: Team) -> bool:
    """Does ``team``, with priority, pass by itself now? (Called with no decision pending.)"""
    passing = table.extra.get("passing")
    if passing == [team.name, table.turn]:
        return True  # the team said "pass turn"
    until = table.extra.get("until")
    if until is not None and until[0] == team.name:
        reached = _reached(table, team, until)
        if reached is None:
            return True
        del table.extra["until"]
        if reached:
            return False  # "pass until combat": asked where the attackers are declared
    stops = table.extra.get("stops")
    if stops is None:  # no stops: the rule of every log before them
        return not _could_act(table, team)
    name = point(table, team)
    mode = "able" if name is None else stops.get(name, "able")
    if name is not None and name.endswith("attackers") and not _anybody_attacks(table):
        return True  # nobody attacks: nothing was declared to answer (508.8)
    if mode == "always":
        return False
    if mode == "never":
        return True
    if mode == "instant":
        return not any(_could_cast(table, player) for player in team.names)
    return not _could_act(table, team)


def _could_act(table: Table, team: Team) -> bool:
    return team_can_act(table, team.names) or table.variant.acts_elsewhere(table, team)


def _could_cast(table: Table, player: str) -> bool:
    """Could ``player`` cast a spell now, paying with its lands or with its mana creatures,
    rocks and Treasures too?"""
    return any(a.kind in CASTS for a in actions_for(table, player)) or castable_with_all_mana(
        table, player, abilities=False
    )


def _anybody_attacks(table: Table) -> bool:
    fight = table.combat
    return fight is not None and bool(fight.attackers)


def _reached(table: Table, team: Team, until: list[object]) -> bool | None:
    """None: keep passing; True: stop and ask; False: stop, and the stops say whether to ask."""
    what, turn, step = until[1], until[2], until[3]
    assert isinstance(turn, int) and isinstance(step, str)
    if what == "my turn":
        if table.turn > turn and table.active_team is team:
            return False
        return None
    here = ORDER.index(table.step) if table.step in ORDER else -1
    attackers = ORDER.index("declare_attackers")
    began_before = ORDER.index(step) < attackers if step in ORDER else True
    if (table.turn == turn and began_before and here >= attackers) or (
        table.turn > turn and here >= attackers
    ):
        return _anybody_attacks(table)
    return None


def pass_until(table: Table, team: Team, what: str) -> None:
    """Start passing for ``team`` until combat or its next turn (``UNTIL``)."""
    table.extra["until"] = [team.name, what, table.turn, table.step]
