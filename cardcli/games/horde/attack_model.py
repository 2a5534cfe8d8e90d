"""The Horde's answer to a planned attack and what the fights do, for the many attacks a plan weighs.

``fight.attack_outcome`` works one planned attack out from nothing. The planner
weighs hundreds of attacks on a table that does not change meanwhile, so this
model keeps what they all read: the blocking rule's facts about each creature
(``blocking.BlockFacts``), which Horde creatures could block, and each fight's
outcome by the kinds of creature in it. A fight's outcome is its own: the
creatures in one fight deal and take damage only among themselves and the
defending player, so it depends only on the creatures in it and on whether the
combat has a first-strike step at all. The blocks are the rule's own
(``horde_blocks``, ties broken by ``fight.TIE_SEED``), so what the model gives is
``attack_outcome``'s, creature for creature (``tests/test_horde_bot_speed.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.engine.rng import Rng
from cardcli.games.horde import fight
from cardcli.games.horde.blocking import BlockFacts, horde_blocks
from cardcli.magic import combat
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table

FightKey = tuple[int, tuple[int, ...], bool]  # the attacker's kind, its blockers', two steps


class Result:
    """What an attack does: who dies, the damage to the defending players, the life gained."""

    __slots__ = ("dead", "gained", "to_defender")

    def __init__(self, dead: set[int], to_defender: int, gained: int) -> None:
        self.dead, self.to_defender, self.gained = dead, to_defender, gained


class AttackModel:
    """``fight.attack_outcome`` for many attacks on one table, the table unchanged meanwhile.

    ``precise``: ``combat.restricted`` of every creature that may attack."""

    def __init__(self, table: Table, precise: bool) -> None:
        self.table = table
        self.facts = BlockFacts(table, precise)
        self.candidates = [
            o
            for o in table.battlefield.values()
            if o.controller == "horde" and not o.tapped and "Creature" in table.chars(o).types
        ]
        self._kinds: dict[tuple[object, ...], int] = {}
        self._of: dict[int, tuple[int, bool, int, int]] = {}
        self._can: dict[tuple[tuple[object, ...], int], bool] = {}
        self._fights: dict[FightKey, tuple[tuple[bool, ...], int, int]] = {}

    def kind(self, obj: Obj) -> int:
        """A number for what a fight reads of a creature (``fight.unit``)."""
        return self._facts(obj)[0]

    def _facts(self, obj: Obj) -> tuple[int, bool, int, int]:
        """The creature's kind, whether it strikes first, and the damage it deals and the
        life it gains unblocked (the same in a combat with a first-strike step or without)."""
        found = self._of.get(obj.id)
        if found is None:
            key = (id(obj.proto), self.table.chars(obj), obj.damage)
            number = self._kinds.setdefault(key, len(self._kinds))
            unit = fight.unit(self.table, obj)
            alone = fight.resolve([], [fight.unit(self.table, obj)])
            found = (number, unit.first, alone.to_defender, sum(alone.lifelink.values()))
            self._of[obj.id] = found
        return found

    def outcome(self, attackers: list[Obj]) -> Result:
        """What attacking with ``attackers`` does, the Horde blocking by its rule."""
        blocks: list[tuple[int, int]] = []
        able = self._able(attackers)
        if able:
            blocks, _ = horde_blocks(self.table, able, attackers, Rng(fight.TIE_SEED), self.facts)
        objects = self.table.objects
        by_attacker: dict[int, list[Obj]] = {}
        for blocker_id, attacker_id in blocks:
            by_attacker.setdefault(attacker_id, []).append(objects[blocker_id])
        facts = self._facts
        two_steps = False
        to_defender = gained = 0
        for obj in attackers:
            _, first, through, life = facts(obj)
            two_steps = two_steps or first
            if obj.id not in by_attacker:
                to_defender += through
                gained += life
        for group in by_attacker.values():
            two_steps = two_steps or any(facts(b)[1] for b in group)
        dead: set[int] = set()
        for attacker_id, group in by_attacker.items():
            attacker = objects[attacker_id]
            deaths, through, life = self._fight(attacker, group, two_steps)
            for died, who in zip(deaths, (attacker, *group), strict=True):
                if died:
                    dead.add(who.id)
            to_defender += through
            gained += life
        return Result(dead, to_defender, gained)

    def _able(self, attackers: list[Obj]) -> list[Obj]:
        """``combat.able_blockers``: the Horde creatures that can block one of ``attackers``."""
        if not attackers:
            return []
        facts = self.facts
        verdict: dict[tuple[object, ...], bool] = {}
        able = []
        for obj in self.candidates:
            kind = facts.blocker_kind(obj)
            found = verdict.get(kind)
            if found is None:
                found = verdict[kind] = any(self._can_block(kind, obj, a) for a in attackers)
            if found:
                able.append(obj)
        return able

    def _can_block(self, kind: tuple[object, ...], blocker: Obj, attacker: Obj) -> bool:
        key = (kind, attacker.id)
        can = self._can.get(key)
        if can is None:
            can = self._can[key] = combat.can_block(self.table, blocker, attacker)
        return can

    def _fight(
        self, attacker: Obj, blockers: list[Obj], two_steps: bool
    ) -> tuple[tuple[bool, ...], int, int]:
        """Who of the attacker and its blockers dies, the damage trampling over, the life
        gained: worked out once for each kind of fight."""
        key = (self.kind(attacker), tuple(self.kind(b) for b in blockers), two_steps)
        found = self._fights.get(key)
        if found is None:
            table = self.table
            units = [fight.unit(table, o) for o in (attacker, *blockers)]
            out = fight.resolve([(units[0], units[1:])], [], two_steps)
            deaths = tuple(u.oid in out.dead for u in units)
            found = self._fights[key] = (deaths, out.to_defender, sum(out.lifelink.values()))
        return found
