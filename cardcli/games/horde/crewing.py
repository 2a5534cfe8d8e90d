"""The players' bots and Vehicles: crew before attacking, and against the Horde's attack.

Crew N (702.122a) is an activated ability: tap other untapped creatures with total power N or
more, and the Vehicle is an artifact creature until end of turn. The bots crew:

* in their own first main phase, with nothing better to cast, a Vehicle that could attack once
  crewed (on the battlefield since the turn began, or with haste), when the creatures it taps
  that could attack themselves are worth less than the Vehicle (``judge.creature_value``);
  creatures that cannot attack this turn (summoning sick) crew first;
* in the Horde's turn, once its attackers are declared, a Vehicle worth more as a blocker than
  the creatures it taps.

The creatures are chosen one at a time (``cost_crew``): among those not needed elsewhere
first, the one of least power that completes the crew, else the most powerful, and on.
"""

from __future__ import annotations

from cardcli.games.horde import judge
from cardcli.magic import activation, combat
from cardcli.magic.cards import Ability
from cardcli.magic.crew import crew_candidates
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj, Team
from cardcli.magic.table import Table


def _idle(table: Table, obj: Obj) -> bool:
    """A creature that cannot attack this turn anyway: its team's turn, summoning sick."""
    mine = table.active_team is table.players[obj.controller].team
    return mine and not combat.can_attack(table, obj)


def crew_order(table: Table, options: list[Obj], need: int) -> list[Obj] | None:
    """The creatures the bot taps for ``need`` power, idle ones first; None: too few."""
    chosen: list[Obj] = []
    for group in (
        [o for o in options if _idle(table, o)],
        [o for o in options if not _idle(table, o)],
    ):
        group.sort(key=lambda o: (table.chars(o).power, o.id))
        while group and need > 0:
            enough = [o for o in group if table.chars(o).power >= need]
            pick = enough[0] if enough else group[-1]
            group.remove(pick)
            chosen.append(pick)
            need -= table.chars(pick).power
        if need <= 0:
            return chosen
    return None


def crew_pick(table: Table, decision: Decision) -> str:
    """The answer to a ``cost_crew`` decision: the first creature of the bot's order."""
    options = [table.objects[int(o[1:])] for o in decision.remaining]
    order = crew_order(table, options, int(decision.data.get("need", 1)))
    pick = order[0] if order else options[0]
    return f"choose #{pick.id}"


def _crew_ability(obj: Obj) -> int | None:
    for index, ability in enumerate(obj.proto.activated):
        if ability.cost is not None and ability.cost.crew:
            return index
    return None


class Crewing:
    """The ``basic`` bot's use of Vehicles."""

    def crew_to_attack(self, table: Table, team: Team) -> str | None:
        if table.active_team is not team or table.step != "main1" or table.stack:
            return None
        return self._crew(table, team, attack=True)

    def crew_to_block(self, table: Table, team: Team) -> str | None:
        if table.active_team is team or table.step != "declare_attackers":
            return None
        return self._crew(table, team, attack=False)

    def _crew(self, table: Table, team: Team, attack: bool) -> str | None:
        for obj in list(table.acting.values()):
            if obj.controller not in team.names or obj.tapped:
                continue
            index = _crew_ability(obj)
            if index is None or "Creature" in table.chars(obj).types:
                continue
            if attack and obj.sick and "haste" not in table.chars(obj).keywords:
                continue  # (it could not attack this turn)
            ability = obj.proto.activated[index]
            command = self._crew_command(table, obj, index, ability, attack)
            if command is not None:
                return command
        return None

    def _crew_command(
        self, table: Table, obj: Obj, index: int, ability: Ability, attack: bool
    ) -> str | None:
        player = obj.controller
        assert ability.cost is not None
        order = crew_order(table, crew_candidates(table, player, obj), ability.cost.crew)
        if order is None:
            return None
        busy = [o for o in order if not _idle(table, o)]
        if sum(judge.creature_value(table, o) for o in busy) >= judge.creature_value(table, obj):
            return None
        try:
            activation.check_activation(table, player, obj, ability)
        except Exception:
            return None
        number = f" {index + 1}" if len(obj.proto.activated) > 1 else ""
        return f"{player} activate #{obj.id}{number}"
