"""Creatures of one kind, for the players' block plans: what the plans read, worked out once a kind.

A block plan asks, for pairs of creatures, whether one can block the other, what a
fight between them does (``fight.block_outcome``) and what each is worth
(``judge.creature_value``, ``judge.harm``). Every one of those answers is read
from a creature's characteristics, its prototype (its abilities and damage
shield), the damage marked on it, whether it is tapped, its controller and
whether it is a token: two creatures alike in all of these get the same answers.
So a board of 500 Zombie tokens is one kind, and a plan scans kinds, not
creatures. Where some attacker has a blocking restriction of its own
(``combat.restricted``: a filter that may read anything), each creature is a
kind of its own and the answers are the ones worked out one creature at a time.

A fight's outcome is kept by position (the attacker died; the first blocker
died; ...), so that it holds for any creatures of the same kinds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.games.horde import fight, judge
from cardcli.magic import combat
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table

Kind = tuple[object, ...]


class Fought:
    """A fight's outcome by position: the attacker's death, and each blocker's death and the
    life its lifelink gains, in the order of the group."""

    __slots__ = ("attacker_dead", "blockers_dead", "lifelink")

    def __init__(
        self, attacker_dead: bool, blockers_dead: tuple[bool, ...], lifelink: tuple[int, ...]
    ) -> None:
        self.attacker_dead = attacker_dead
        self.blockers_dead = blockers_dead
        self.lifelink = lifelink


class Kinds:
    """The answers a block plan asks of the table, one per kind of creature (or pair of kinds).

    Made for one plan: the table must not change while it is used."""

    def __init__(self, table: Table, attackers: list[Obj]) -> None:
        self.table = table
        self.precise = combat.restricted(table, attackers)
        self._kinds: dict[int, Kind] = {}
        self._numbers: dict[int, int] = {}  # object id -> its kind's number
        self._numbered: dict[Kind, int] = {}
        self._values: dict[Kind, float] = {}
        self._harms: dict[Kind, int] = {}
        self._can: dict[tuple[Kind, Kind], bool] = {}
        self._fights: dict[tuple[Kind, ...], Fought] = {}

    def of(self, obj: Obj) -> Kind:
        kind = self._kinds.get(obj.id)
        if kind is None:
            if self.precise:
                kind = ("one", obj.id)
            else:
                kind = (
                    id(obj.proto),
                    self.table.chars(obj),
                    obj.damage,
                    obj.tapped,
                    obj.controller,
                    obj.card_no is None,
                    obj.zone,
                )
            self._kinds[obj.id] = kind
        return kind

    def number(self, obj: Obj) -> int:
        """The object's kind as a small number (a kind holds characteristics: slow to hash)."""
        number = self._numbers.get(obj.id)
        if number is None:
            kind = self.of(obj)
            number = self._numbers[obj.id] = self._numbered.setdefault(kind, len(self._numbered))
        return number

    def value(self, obj: Obj) -> float:
        kind = self.of(obj)
        value = self._values.get(kind)
        if value is None:
            value = self._values[kind] = judge.creature_value(self.table, obj)
        return value

    def harm(self, obj: Obj) -> int:
        kind = self.of(obj)
        harm = self._harms.get(kind)
        if harm is None:
            harm = self._harms[kind] = judge.harm(self.table, obj)
        return harm

    def can_block(self, blocker: Obj, attacker: Obj) -> bool:
        key = (self.of(blocker), self.of(attacker))
        can = self._can.get(key)
        if can is None:
            can = self._can[key] = combat.can_block(self.table, blocker, attacker)
        return can

    def fight(self, attacker: Obj, blockers: list[Obj]) -> Fought:
        key = (self.of(attacker), *(self.of(b) for b in blockers))
        fought = self._fights.get(key)
        if fought is None:
            out = fight.block_outcome(self.table, attacker, blockers)
            fought = self._fights[key] = Fought(
                attacker.id in out.dead,
                tuple(b.id in out.dead for b in blockers),
                tuple(out.lifelink.get(b.id, 0) for b in blockers),
            )
        return fought


class Pools:
    """Free blockers by kind, each kind's members in the order of the free list (their
    positions in it kept), taken from the front: a plan always takes the first free member
    of the kind it chooses, as the plan one creature at a time takes the first of equals."""

    def __init__(self, kinds: Kinds, free: list[Obj]) -> None:
        self.kinds = kinds
        self.members: dict[Kind, list[tuple[int, Obj]]] = {}
        for position, obj in enumerate(free):
            self.members.setdefault(kinds.of(obj), []).append((position, obj))
        self.next: dict[Kind, int] = dict.fromkeys(self.members, 0)

    def kind_of(self, obj: Obj) -> Kind:
        return self.kinds.of(obj)

    def heads(self) -> list[tuple[Kind, int, Obj]]:
        """Each kind with a member left: (kind, its first member's position, that member)."""
        found = []
        for kind, members in self.members.items():
            at = self.next[kind]
            if at < len(members):
                position, obj = members[at]
                found.append((kind, position, obj))
        return found

    def first(self, kind: Kind, count: int) -> list[tuple[int, Obj]]:
        """Up to ``count`` of the kind's members left, first first."""
        at = self.next[kind]
        return self.members[kind][at : at + count]

    def left(self, kind: Kind) -> int:
        return len(self.members[kind]) - self.next[kind]

    def take(self, kind: Kind, obj: Obj) -> None:
        at = self.next[kind]
        assert self.members[kind][at][1] is obj, "a plan takes the first of a kind"
        self.next[kind] = at + 1
