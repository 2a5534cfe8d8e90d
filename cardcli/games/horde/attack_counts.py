"""The planner's attack scored from how many of each kind of creature attack, where that is exact.

``Planner.score_attack`` works an attack out creature by creature: the Horde's blocks
(``fight.attack_outcome``), the fights, who is left home, the Horde's next attack. Each
pick of the planner's greedy attack scores a bigger attack, so a plan cost the square
of the board. But where alike creatures are interchangeable in all of that, the score
depends only on how many of each kind attack, and a pick costs a look at each kind:

* the plan goes by kinds (``Planner._attack_kinds``): each Horde creature can be blocked
  by every creature that may stay home or by none, so the next attack asks only how many
  stay home, and its damage is the harm of the Horde's creatures, biggest first, past
  the first that many that can be blocked;
* the Horde's blocks leave nothing to the model's tie-break (``fight.TIE_SEED``): the
  creatures that may attack are alike wherever their power and toughness are equal, and
  so are the Horde's untapped creatures, and no attacker has lure. Then "the most
  powerful Horde creature blocks the most powerful attacker it can block" is a walk down
  the groups of equal power, a count at a time;
* a fight's outcome is additive: one blocker per attacker, and what one fight does does
  not change another's (a first-strike step changes nothing where nobody has first
  strike).

A kind here is what the model reads of a creature: its prototype, characteristics, damage
and whether it is a token (``Kinds`` tells the players' creatures apart by controller too,
which the model never reads). The scores are ``Planner.score_attack``'s, number for number:
both sum creature values (halves, exact in floating point) before weighing them
(``now_score``); ``tests/test_horde_bot_speed.py`` holds them to it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardcli.games.horde import fight, judge
from cardcli.games.horde.attack_kinds import Now, Scorer, now_score
from cardcli.magic import combat
from cardcli.magic.cards import keyword_number
from cardcli.magic.objects import Obj, Team
from cardcli.magic.requirements import required_blockers

if TYPE_CHECKING:
    from cardcli.magic.table import Table

HORDE = "horde"


class _Side:
    """One kind of creature: a sample, how many there are (the Horde's), and what the model
    reads of it."""

    __slots__ = ("count", "defends", "harm", "menace", "number", "power_key", "sample", "value")

    def __init__(self, table: Table, number: int, sample: Obj) -> None:
        ch = table.chars(sample)
        self.number, self.sample, self.count = number, sample, 0
        self.power_key = (ch.power, ch.toughness)
        self.menace = "menace" in ch.keywords
        self.value = judge.creature_value(table, sample)
        self.harm = judge.harm(table, sample)
        self.defends = not ch.cant_block


class CountedAttack:
    """Scores of the planner's attacks by counts of kinds, for one plan (the table unchanged).

    ``make`` gives None where the counts do not decide the score."""

    def __init__(self, planner: Scorer, table: Table, team: Team) -> None:
        self.planner, self.table, self.team = planner, table, team
        self.numbers: dict[tuple[object, ...], int] = {}
        self.ours: dict[int, _Side] = {}  # the players' creatures that may attack, by kind
        self.theirs: dict[int, _Side] = {}  # the Horde's creatures, by kind
        self.blockers: dict[int, int] = {}  # the Horde's untapped creatures, by kind
        self.of_obj: dict[int, int] = {}
        self.counts: Counter[int] = Counter()  # the attack so far
        self.defenders = 0
        self.horde = 0  # the Horde's creatures
        self.library = len(table.players[HORDE].library)
        self.fights: dict[tuple[int, int], tuple[bool, bool, int, int]] = {}
        self.alone: dict[int, tuple[int, int]] = {}
        self.blockable: dict[tuple[int, int], bool] = {}
        self.stopped_by_home: dict[int, bool] = {}

    @classmethod
    def make(
        cls,
        planner: Scorer,
        table: Table,
        team: Team,
        attackers: list[Obj],
        horde_creatures: list[Obj],
        defenders: list[Obj],
    ) -> CountedAttack | None:
        """The model for attacks by ``attackers`` (able or declared), or None where not exact.

        The caller has found that each Horde creature can be blocked by all ``defenders``
        or by none, and that no blocking restriction of a creature's own is in play."""
        made = cls(planner, table, team)
        for obj in attackers:
            made._side(made.ours, obj)
        for obj in horde_creatures:
            made._side(made.theirs, obj).count += 1
            if not obj.tapped:
                number = made.of_obj[obj.id]
                made.blockers[number] = made.blockers.get(number, 0) + 1
        made.defenders = len(defenders)
        made.horde = len(horde_creatures)
        untapped = [o for o in horde_creatures if not o.tapped]
        if (
            not made._ties_alike(made.ours.values())
            or not made._ties_alike(made.theirs[n] for n in made.blockers)
            or required_blockers(table, attackers, untapped)
        ):
            return None
        home = defenders[0] if defenders else None  # each answers as all do (the caller's)
        for side in made.theirs.values():
            made.stopped_by_home[side.number] = (
                home is not None and not side.menace and combat.can_block(table, home, side.sample)
            )
        return made

    def _side(self, sides: dict[int, _Side], obj: Obj) -> _Side:
        key: tuple[object, ...] = (
            id(obj.proto),
            self.table.chars(obj),
            obj.damage,
            obj.card_no is None,
            obj.tapped,
        )
        if sides is self.ours:
            key = key[:-1]  # an attacker's tapped state changes nothing the model reads
        number = self.numbers.setdefault(key, len(self.numbers))
        self.of_obj[obj.id] = number
        side = sides.get(number)
        if side is None:
            side = sides[number] = _Side(self.table, number, obj)
        return side

    @staticmethod
    def _ties_alike(sides: Iterable[_Side]) -> bool:
        """Is each power and toughness held by one kind only?"""
        seen: set[tuple[int, int]] = set()
        for side in sides:
            if side.power_key in seen:
                return False
            seen.add(side.power_key)
        return True

    def add(self, obj: Obj) -> None:
        """``obj`` joins the attack."""
        self.counts[self.of_obj[obj.id]] += 1

    def score_with(self, obj: Obj | None) -> float:
        """``Planner.score_attack`` of the attack so far with ``obj`` added (None: as it is)."""
        counts = Counter(self.counts)
        if obj is not None:
            counts[self.of_obj[obj.id]] += 1
        return self.score(counts)

    def score(self, counts: Counter[int]) -> float:
        table = self.table
        to_defender = gained = annihilated = 0
        killed = lost = 0.0
        dead_ours: Counter[int] = Counter()
        dead_theirs: Counter[int] = Counter()
        unblocked = {n: c for n, c in counts.items() if c}
        order = sorted(unblocked, key=lambda n: self.ours[n].power_key, reverse=True)
        for blocker in sorted(self.blockers, key=lambda n: self.theirs[n].power_key, reverse=True):
            left = self.blockers[blocker]
            for attacker in order:
                if not left:
                    break
                waiting = unblocked[attacker]
                if waiting and self._can_block(blocker, attacker):
                    pairs = min(left, waiting)
                    unblocked[attacker] -= pairs
                    left -= pairs
                    a_dead, b_dead, through, life = self._fight(attacker, blocker)
                    to_defender += through * pairs
                    gained += life * pairs
                    dead_ours[attacker] += pairs if a_dead else 0
                    dead_theirs[blocker] += pairs if b_dead else 0
        for attacker, waiting in unblocked.items():
            if waiting:
                through, life = self._alone(attacker)
                to_defender += through * waiting
                gained += life * waiting
        home = self.defenders
        for number, count in counts.items():
            side = self.ours[number]
            lost += side.value * dead_ours[number]
            obj = side.sample
            annihilated += count * sum(keyword_number(table.chars(obj).keywords, "annihilator"))
            if side.defends:
                vigilant = "vigilance" in table.chars(obj).keywords
                home -= dead_ours[number] if vigilant else count
        threat = 0
        survivors: list[tuple[int, int, bool]] = []
        for number, side in self.theirs.items():
            dead = dead_theirs[number]
            killed += side.value * dead
            alive = side.count - dead
            threat += max(0, table.chars(side.sample).power) * alive
            survivors.append((side.harm, alive, self.stopped_by_home[number]))
        reinforced = self.planner.reinforcements_for(table, home, self.horde)
        taken = self._through(survivors, home) + reinforced
        score = now_score(to_defender, self.library, killed, lost, annihilated)
        now = Now(score, gained, set(), [], threat)
        return self.planner.with_next_attack(self.team, now, taken)

    @staticmethod
    def _through(survivors: list[tuple[int, int, bool]], home: int) -> int:
        """The Horde's next attack: the biggest that can be blocked are, one blocker each."""
        through = 0
        for harm, alive, stopped in sorted(survivors, key=lambda s: -s[0]):
            held = min(alive, home) if stopped else 0
            home -= held
            through += harm * (alive - held)
        return through

    def _can_block(self, blocker: int, attacker: int) -> bool:
        key = (blocker, attacker)
        can = self.blockable.get(key)
        if can is None:
            ours = self.ours[attacker]
            can = self.blockable[key] = not ours.menace and combat.can_block(
                self.table, self.theirs[blocker].sample, ours.sample
            )
        return can

    def _fight(self, attacker: int, blocker: int) -> tuple[bool, bool, int, int]:
        """One attacker of a kind blocked by one Horde creature of a kind: who dies, the
        damage trampling over, the life gained."""
        key = (attacker, blocker)
        found = self.fights.get(key)
        if found is None:
            a, b = self.ours[attacker].sample, self.theirs[blocker].sample
            out = fight.block_outcome(self.table, a, [b])
            found = self.fights[key] = (
                a.id in out.dead,
                b.id in out.dead,
                out.to_defender,
                sum(out.lifelink.values()),
            )
        return found

    def _alone(self, attacker: int) -> tuple[int, int]:
        found = self.alone.get(attacker)
        if found is None:
            out = fight.block_outcome(self.table, self.ours[attacker].sample, [])
            found = self.alone[attacker] = (out.to_defender, sum(out.lifelink.values()))
        return found
