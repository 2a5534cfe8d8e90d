"""The legal commands, in the text the parser reads, and a suggested one.

Attacks and blocks are listed one creature (or one pair) at a time, never as
every combination; a player-specific action names its player (``p2 cast
Lightning Bolt``); team actions (pass, attack, block) need no name. Targets
and X are left out of ``cast``: the game asks for them as decisions (they may
also be given in the command, ``-> #17``). ``adjust`` commands are always
accepted and never listed.
"""

from __future__ import annotations

from cardcli.games.horde import countering, opening
from cardcli.games.horde.asking import KIND as ASKED
from cardcli.games.horde.stops import until_moves
from cardcli.games.horde.variant import HORDE
from cardcli.magic import combat, requirements
from cardcli.magic.actions import Action, actions_for
from cardcli.magic.flow import declarations_spent
from cardcli.magic.play import may_answer
from cardcli.magic.table import Table
from cardcli.magic.targets import spell_label


def legal(table: Table, seat: str) -> list[str]:
    decision = table.pending
    if table.over or decision is None or seat not in table.players or seat == HORDE:
        return []
    if not may_answer(decision, table, seat):
        return []
    kind = decision.kind
    if kind == "mulligan":
        if decision.player != seat:
            return []
        return ["keep", "mulligan"] if opening.may_mulligan(table, seat) else ["keep"]
    if kind == "priority":
        found = ["pass", "pass turn", *until_moves(table), *countering.moves(table)]
        for player in table.players[seat].team.players:
            for action in actions_for(table, player.name):
                found.append(_action_text(action))
        return found
    if kind in ("attackers", "blockers") and declarations_spent(table):
        return ["pass"]  # the step's cap of declarations is reached
    if kind == ASKED:  # which object a name means (asking)
        return [*(f"choose {option}" for option in decision.options), "cancel"]
    if kind == "attackers":
        return _attack_moves(table)
    if kind == "blockers":
        return _block_moves(table, seat)
    found = (
        [f"choose {option}" for option in decision.remaining]
        if kind != "assign"
        else [f"choose {option}" for option in decision.options]
    )
    if "same" in decision.data and decision.high == 1 and not decision.picked:
        found.extend(f"choose {option} all" for option in decision.remaining)
    if (decision.picked and decision.can_finish and not decision.complete) or (
        not decision.picked and decision.low == 0 and decision.high > 0
    ):
        found.append("choose done")
    if table.casting is not None and table.casting.player == seat:
        found.append("cancel")
    return found


def _action_text(action: Action) -> str:
    player, name, oid = action.player, action.name, action.obj_id
    if action.kind == "play":
        return f"{player} play {name}"
    if action.kind == "cast":
        return f"{player} cast {name}"
    if action.kind == "evoke":
        return f"{player} cast {name} evoke"
    if action.kind in ("kicked", "overload"):
        return f"{player} cast {name} {action.kind}"
    if action.kind == "activate":
        return f"{player} activate #{oid}" + (f" {action.index + 1}" if action.choices > 1 else "")
    return f"{player} tap #{oid}" + (f" {action.word}" if action.word else "")


def _attack_moves(table: Table) -> list[str]:
    fight = table.combat
    found: list[str] = []
    if fight is None:
        return ["pass"]
    team = table.active_team
    for obj in list(table.battlefield.values()):
        if obj.controller not in team.names or obj.id in fight.attackers:
            continue
        if not combat.can_attack(table, obj):
            continue
        targets = combat.attack_targets(table, obj)
        found.append(f"attack #{obj.id}")
        found.extend(f"attack #{obj.id} -> {spell_label(t)}" for t in targets if isinstance(t, int))
    found.extend(f"unattack #{oid}" for oid in fight.attackers)
    found.append("pass")
    return found


def _block_moves(table: Table, seat: str) -> list[str]:
    fight = table.combat
    if fight is None:
        return ["pass"]
    team = table.players[seat].team
    found: list[str] = []
    attackers = [table.objects[a] for a in fight.attackers if a in table.objects]
    verdicts: dict[tuple[object, ...], list[int]] = {}  # kind of blocker -> what it can block
    precise = combat.restricted(table, attackers)
    for obj in list(table.battlefield.values()):
        if obj.controller not in team.names or obj.id in fight.blocks or obj.tapped:
            continue
        if "Creature" not in table.chars(obj).types:
            continue
        kind = combat.blocker_kind(table, obj, precise)
        if kind not in verdicts:
            verdicts[kind] = [a.id for a in attackers if combat.can_block(table, obj, a)]
        found.extend(f"block #{a} with #{obj.id}" for a in verdicts[kind])
    found.extend(f"unblock #{b}" for b in fight.blocks)
    if (
        combat.blocks_problem(table, fight) is None
        and requirements.lure_problem(table, fight, team.names) is None
    ):
        found.append("pass")
    return found


def hint(table: Table, seat: str) -> str | None:
    """What the ``basic`` bot would do now (a legal command), or None if ``seat`` has none."""
    if not legal(table, seat):
        return None
    from cardcli.games.horde.basic import POLICY

    return POLICY.move_on(table, seat)
