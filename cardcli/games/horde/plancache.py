"""The players' block and attack plans, each kept for the whole declaration.

A bot declares its planned blocks one command at a time (``block #A with #B``) and,
asked again after each, would work the plan out again on the new board. Both bots'
plans are greedy and take the attackers in an order that declaring a block does
not disturb, so the plan worked out again is the rest of the first one (the tests
check it on many boards): the first plan is kept and its next entry handed out.

It is handed out only while the board is exactly as the plan predicts: the same
table, combat, bot and team; no zone, static ability, life, poison, turn or step
changed since; the blocks declared since are the plan's first entries, each with
its blockers; and no object changed but those blockers, once each (declaring a
block touches its blocker once: ``Obj.changes`` and ``Obj.touches`` count every
object's changes, so anything else that happened shows there). Anything else and
the plan is worked out again.

The attack plan is kept the same way (``AttackPlans``): a bot declares its planned
attackers forty to a command, and the plan worked out again with some of them declared
is the rest of the first (declaring an attacker taps it, which its plan never reads,
and touches nothing else). It is handed out while the creatures declared since are the
plan's first ones, in its order, each changed once.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from cardcli.magic.objects import Obj, Team

if TYPE_CHECKING:
    from cardcli.magic.combat import Combat
    from cardcli.magic.table import Table

Entry = tuple[int, list[int]]  # (attacker, its blockers)


def _stamp(table: Table, team: Team) -> tuple[Any, ...]:
    """What may not change while the plan stays good (besides the objects' own changes)."""
    return (
        table.static_version,
        table.zone_version,
        table.battlefield_version,
        table.turn,
        table.step,
        table.over,
        len(table.stack),
        team.life,
        team.poison,
        tuple(team.names),
        tuple(p.poison for p in team.players),
    )


class _Board:
    """The board a plan was made for: its table, combat, bot and what may not change."""

    def __init__(self, bot: object, table: Table, team: Team) -> None:
        fight = table.combat
        assert fight is not None
        self.bot = bot
        self.table = weakref.ref(table)
        self.combat: weakref.ref[Combat] = weakref.ref(fight)
        self.stamp = _stamp(table, team)
        self.changes = Obj.changes
        self.touches = Obj.touches

    def holds(self, bot: object, table: Table, team: Team) -> bool:
        """The same bot, table and combat, nothing in ``_stamp`` changed."""
        return (
            self.bot is bot
            and self.table() is table
            and self.combat() is table.combat
            and self.stamp == _stamp(table, team)
        )

    def changed_only(self, count: int) -> bool:
        """Have ``count`` changes happened since, each to an object touched once?"""
        return Obj.changes - self.changes == count and Obj.touches - self.touches == count


class _Kept(_Board):
    def __init__(self, bot: object, table: Table, team: Team, plan: list[Entry]) -> None:
        super().__init__(bot, table, team)
        fight = table.combat
        assert fight is not None
        self.blocked = len(fight.blocked_by)  # attackers blocked before the plan
        self.blocks = len(fight.blocks)
        self.plan = plan
        self.checked = 0  # the plan's entries seen declared as planned
        self.touched = [0]  # blockers declared by the plan's first k entries, for each k
        for _, blockers in plan:
            self.touched.append(self.touched[-1] + len(blockers))


class BlockPlans:
    """The last block plan a players' bot made (one is enough: one game asks at a time)."""

    def __init__(self) -> None:
        self.kept: _Kept | None = None

    def keep(self, bot: object, table: Table, team: Team, plan: list[Entry]) -> None:
        self.kept = _Kept(bot, table, team, plan)

    def next_block(self, bot: object, table: Table, team: Team) -> str | None:
        """The next block of the kept plan ("pass" when all are declared), or None: no plan
        known for this board."""
        kept = self.kept
        fight = table.combat
        if kept is None or fight is None or not kept.holds(bot, table, team):
            return None
        done = len(fight.blocked_by) - kept.blocked
        if not 0 <= done <= len(kept.plan):
            return None
        touched = kept.touched[done]
        if not kept.changed_only(touched) or len(fight.blocks) - kept.blocks != touched:
            return None
        for attacker, blockers in kept.plan[kept.checked : done]:
            if fight.blocked_by.get(attacker) != blockers:
                return None
        kept.checked = done
        if done == len(kept.plan):
            return "pass"
        attacker, blockers = kept.plan[done]
        return f"block #{attacker} with " + " ".join(f"#{b}" for b in blockers)


BLOCKS = BlockPlans()


class _KeptAttack(_Board):
    def __init__(self, bot: object, table: Table, team: Team, plan: list[int]) -> None:
        super().__init__(bot, table, team)
        fight = table.combat
        assert fight is not None
        self.declared = len(fight.attackers)  # attackers declared before the plan
        self.plan = plan


class AttackPlans:
    """The last attack plan a players' bot made (one is enough: one game asks at a time)."""

    def __init__(self) -> None:
        self.kept: _KeptAttack | None = None

    def keep(self, bot: object, table: Table, team: Team, plan: list[int]) -> None:
        self.kept = _KeptAttack(bot, table, team, plan)

    def left(self, bot: object, table: Table, team: Team) -> list[int] | None:
        """The kept plan's attackers not declared yet, or None: no plan known for this board."""
        kept = self.kept
        fight = table.combat
        if kept is None or fight is None or not kept.holds(bot, table, team):
            return None
        done = len(fight.attackers) - kept.declared
        if (
            not 0 <= done <= len(kept.plan)
            or not kept.changed_only(done)
            or list(fight.attackers)[kept.declared :] != kept.plan[:done]
        ):
            return None
        return kept.plan[done:]


ATTACKS = AttackPlans()
