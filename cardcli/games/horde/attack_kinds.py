"""The planner's attack candidates scored a kind at a time, where who stays home matters.

When some Horde creature can be blocked by some of the players' creatures and
not by others (a Bat, by the Hawks beside the Bears), the planner scores every
creature able to attack, not one of each kind: which of alike creatures stays
home decides which blocker meets which Horde attacker next turn. But alike
creatures do the same this turn (the Horde blocks alike attackers alike: the
same fight, the same deaths, one for the other), so only the Horde's next
attack differs, and only through where the candidate stood among those left
home. This works out the attack once for the first candidate of each kind, the
next attack once with every one of that kind at home, and again only for the
few places that attack looks at: a candidate standing further back than the
blockers of its kind the next attack uses leaves it as it is.

The scores are the planner's own (``Planner.score_attack``), number for number
(``tests/test_horde_bot_speed.py`` holds them to it on seeded boards).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardcli.games.horde import judge
from cardcli.games.horde.kinds import Kinds
from cardcli.magic.objects import Obj, Team

if TYPE_CHECKING:
    from cardcli.magic.table import Table


MILL = 0.6  # a card milled from the Horde's library
KILL = 1.0  # a Horde creature's value, killed
LOSS = 1.1  # one of the players' creatures' value, lost
ANNIHILATED = 3.0  # a Horde permanent its annihilator makes it sacrifice (a weak token)


def now_score(
    to_defender: int, library: int, killed: float, lost: float, annihilated: int
) -> float:
    """What an attack does this turn, scored: ``killed`` and ``lost`` are sums of creature
    values (halves: exact in whatever order they are added), weighed once, so that an attack
    worked out creature by creature and one worked out by counts score the same."""
    return (
        MILL * min(to_defender, library) + KILL * killed - LOSS * lost + ANNIHILATED * annihilated
    )


class Now:
    """What an attack does this turn: its score so far, the life its lifelink gains, who
    dies, the Horde's creatures left and their power."""

    __slots__ = ("dead", "gained", "score", "survivors", "threat")

    def __init__(
        self, score: float, gained: int, dead: set[int], survivors: list[Obj], threat: int
    ) -> None:
        self.score, self.gained, self.dead = score, gained, dead
        self.survivors, self.threat = survivors, threat


class Scorer(Protocol):
    """The parts of ``Planner.score_attack`` (the planner imports the modules that use them)."""

    def attack_now(self, table: Table, attackers: list[Obj], horde_creatures: list[Obj]) -> Now:
        """What attacking with ``attackers`` does this turn."""

    def home_of(
        self, table: Table, defenders: list[Obj], dead: set[int], attacking: set[int]
    ) -> list[Obj]:
        """The creatures left to block the Horde's next attack."""

    def next_attack_damage(
        self, table: Table, attackers: list[Obj], blockers: list[Obj], kinds: Kinds | None = None
    ) -> int:
        """Damage the Horde's next attack gets through."""

    def reinforcements(self, table: Table, home: list[Obj]) -> int:
        """What the Horde's next token cards deal at once."""

    def reinforcements_for(self, table: Table, home: int, horde: int) -> int:
        """The same, ``home`` creatures left home and ``horde`` Horde creatures."""

    def with_next_attack(self, team: Team, now: Now, taken: int) -> float:
        """The attack's score with the next attack counted in."""


class NextAttack:
    """The Horde's next attack (``Planner.next_attack_damage``) against ``home``, worked out
    again as often as asked with one blocker left out, a kind of blocker at a time."""

    def __init__(self, table: Table, attackers: list[Obj], home: list[Obj], kinds: Kinds) -> None:
        self.order = sorted(attackers, key=lambda a: -judge.harm(table, a))
        self.harms = [judge.harm(table, a) for a in self.order]
        self.menace = ["menace" in table.chars(a).keywords for a in self.order]
        places: dict[int, list[int]] = {}  # each kind's blockers, by their place in home
        self.where: dict[int, tuple[int, int]] = {}  # a blocker's kind and index in its kind
        for place, blocker in enumerate(home):
            kind = kinds.number(blocker)
            spots = places.setdefault(kind, [])
            self.where[blocker.id] = (kind, len(spots))
            spots.append(place)
        self.places = places
        firsts = {kind: home[spots[0]] for kind, spots in places.items()}
        self.can = {  # can a kind block the attacker at this index of ``order``
            (kind, index): kinds.can_block(first, attacker)
            for kind, first in firsts.items()
            for index, attacker in enumerate(self.order)
        }
        self.through, self.used = self.run(None, -1)

    def run(self, skip_kind: int | None, skip: int) -> tuple[int, dict[int, int]]:
        """The damage through, and how many of each kind blocked; one blocker left out (the
        ``skip``-th of its kind) or none."""
        used = dict.fromkeys(self.places, 0)
        through = 0
        for index, harm in enumerate(self.harms):
            if self.menace[index]:
                through += harm
                continue
            best: int | None = None
            best_place = 0
            for kind, spots in self.places.items():
                at = used[kind]
                if kind == skip_kind and at >= skip:
                    at += 1
                earlier = at < len(spots) and (best is None or spots[at] < best_place)
                if earlier and self.can[(kind, index)]:
                    best, best_place = kind, spots[at]
            if best is None:
                through += harm
            else:
                used[best] += 1
        return through, used

    def without(self, blocker: Obj) -> int:
        """The damage through with ``blocker`` gone from home."""
        kind, index = self.where[blocker.id]
        if index > self.used[kind]:  # further back than any blocker of its kind looked at
            return self.through
        return self.run(kind, index)[0]


def scores_by_kind(
    planner: Scorer,
    table: Table,
    team: Team,
    chosen: list[Obj],
    candidates: list[Obj],
    horde_creatures: list[Obj],
    defenders: list[Obj],
    sides: Kinds,
    kinds: Kinds,
) -> list[float]:
    """``planner.score_attack`` of ``chosen`` with each candidate added, in order.

    ``kinds``: made for the creatures able to attack (none restricted in how it blocks or
    is blocked); ``sides``: for those that may stay home and the Horde's creatures."""
    chosen_ids = {o.id for o in chosen}
    defending = {o.id for o in defenders}
    made: dict[int, tuple[Now, int, NextAttack | None, float]] = {}
    scores = []
    for obj in candidates:
        number = kinds.number(obj)
        known = made.get(number)
        if known is None:
            now = planner.attack_now(table, [*chosen, obj], horde_creatures)
            home = planner.home_of(table, defenders, now.dead - {obj.id}, chosen_ids)
            dies = obj.id in now.dead
            leaves = obj.id in defending and (dies or "vigilance" not in table.chars(obj).keywords)
            if leaves:
                own = [o for o in home if o.id != obj.id]  # the first candidate's own home
                reinforced = planner.reinforcements(table, own)
                next_attack: NextAttack | None = NextAttack(table, now.survivors, home, sides)
                alike = 0.0
            else:  # it stays home, as every one of its kind: one score for all of them
                reinforced = planner.reinforcements(table, home)
                taken = planner.next_attack_damage(table, now.survivors, home, sides)
                next_attack, alike = None, planner.with_next_attack(team, now, taken + reinforced)
            known = made[number] = (now, reinforced, next_attack, alike)
        now, reinforced, next_attack, alike = known
        if next_attack is None:
            scores.append(alike)
        else:
            taken = next_attack.without(obj) + reinforced
            scores.append(planner.with_next_attack(team, now, taken))
    return scores
