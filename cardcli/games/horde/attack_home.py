"""The planner's attack where who stays home matters, each pick a look at each kind and each run.

Where some Horde creature can be blocked by some of the players' creatures and not by
others (a Bat, by the Hawks beside the Bears), the planner scores every creature able to
attack (``attack_kinds``). Two things made each of those picks cost the whole board:

* the attack itself, worked out from nothing for each kind of candidate
  (``fight.attack_outcome``). ``attack_model`` works it out from what it keeps.
* the Horde's next attack without the candidate at home. The Horde's creatures attack
  biggest first, each stopped by the first free creature at home that can block it
  (``Planner.next_attack_damage``). Alike attackers in a row (a run: the same harm, the
  same kinds of blocker able to stop them) take the earliest free blockers of those kinds
  between them. Take away one blocker a run used and the run takes the next earliest of
  those kinds instead, whichever the one taken away: so what the next attack does without
  a blocker depends only on the run that used it, worked out once a run (``Runs``), not
  once a creature.

Each creature left home is kept by kind, as its place in the list of creatures that
could stay home: a run's next blocker is the earliest of its kinds' first free ones.
This holds where no creature that may attack has vigilance (then every attacker leaves
home, whatever the fights do); elsewhere ``attack_kinds`` scores. The scores are
``Planner.score_attack``'s, number for number (``tests/test_horde_attack_plans.py``).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from cardcli.games.horde import judge
from cardcli.games.horde.attack_kinds import Now, Scorer, now_score
from cardcli.games.horde.attack_model import AttackModel
from cardcli.games.horde.kinds import Kinds
from cardcli.magic.cards import keyword_number
from cardcli.magic.objects import Obj, Team

if TYPE_CHECKING:
    from cardcli.magic.table import Table


Run = tuple[int, int, tuple[int, ...]]  # harm, how many, the kinds able to stop them


class Runs:
    """The Horde's next attack against the creatures at home (``home``: each kind's places,
    in order), run by run; and without one of the blockers it uses."""

    def __init__(self, runs: list[Run], home: dict[int, list[int]]) -> None:
        self.runs, self.home = runs, home
        # Before each run and after the last: each kind's first free blocker, and the damage
        # through so far.
        free = dict.fromkeys(home, 0)
        self.free: list[dict[int, int]] = [dict(free)]
        self.done: list[int] = [0]
        for harm, count, kinds in runs:
            through = self.done[-1] + harm * (count - self._take(count, kinds, free))
            self.free.append(dict(free))
            self.done.append(through)
        self.through = self.done[-1]
        self._without: dict[int, int] = {}

    def _take(self, count: int, kinds: tuple[int, ...], free: dict[int, int]) -> int:
        """``count`` attackers in a row take the earliest free blockers of ``kinds``, one each
        (``free`` moves on); how many are stopped."""
        home = self.home
        stopped = 0
        while stopped < count:
            best, best_place = -1, 0
            for kind in kinds:
                at = free[kind]
                places = home[kind]
                if at < len(places) and (best < 0 or places[at] < best_place):
                    best, best_place = kind, places[at]
            if best < 0:
                break
            free[best] += 1
            stopped += 1
        return stopped

    def without(self, kind: int, place: int) -> int:
        """The damage through with the blocker of ``kind`` at ``place`` gone from home."""
        index = bisect_left(self.home[kind], place)
        if index >= self.free[-1][kind]:
            return self.through  # no run used it
        run = 0
        while index >= self.free[run + 1][kind]:
            run += 1
        return self.without_run(run)

    def without_run(self, run: int) -> int:
        """The damage through with one of the blockers ``run`` used gone from home."""
        found = self._without.get(run)
        if found is None:
            found = self._without[run] = self._without_one_of(run)
        return found

    def _without_one_of(self, run: int) -> int:
        """The damage through with one of the blockers ``run`` used gone: the run takes the
        next earliest of its kinds instead, and the runs after it what is left then."""
        harm, _, kinds = self.runs[run]
        free = dict(self.free[run + 1])
        if not self._take(1, kinds, free):
            # No spare: one more of the run gets through, and it had left nothing of its
            # kinds either way, so the runs after it go as they went.
            return self.through + harm
        through = self.done[run + 1]
        for harm, count, kinds in self.runs[run + 1 :]:
            through += harm * (count - self._take(count, kinds, free))
        return through


class HomeAttack:
    """The planner's next pick where who stays home matters: the candidate whose joining the
    attack scores best (``Planner.score_attack``), the first of equals, for one plan (the
    table unchanged meanwhile).

    Candidates alike in the fight (``AttackModel.kind``) do the same this turn, so the
    attack is worked out once for each such kind. Their scores then differ only by the
    Horde's next attack without them at home: as the next attack goes if they are no
    blockers or one it does not use, or as it goes without a blocker of the run that used
    them. So each kind of candidate has a score for each run and one more, and the pick
    is the best of those, each held by the first candidate it belongs to.

    ``sides``: kinds made for the creatures that may stay home and the Horde's."""

    def __init__(
        self,
        planner: Scorer,
        table: Table,
        team: Team,
        able: list[Obj],
        horde_creatures: list[Obj],
        defenders: list[Obj],
        sides: Kinds,
        model: AttackModel,
    ) -> None:
        self.planner, self.table, self.team, self.model = planner, table, team, model
        self.horde_creatures = horde_creatures
        self.library = len(table.players[judge.HORDE].library)
        self.defenders = defenders
        self.place = {o.id: place for place, o in enumerate(defenders)}
        self.position = {o.id: position for position, o in enumerate(able)}
        self.home: dict[int, list[int]] = {}  # each kind's places at home, in order
        self.kind_of: dict[int, int] = {}
        firsts: dict[int, Obj] = {}
        for place, obj in enumerate(defenders):
            kind = self.kind_of[obj.id] = sides.number(obj)
            self.home.setdefault(kind, []).append(place)
            firsts.setdefault(kind, obj)
        self.at_home = len(defenders)
        # The candidates of each kind (in the fight) in order; how many are left; the kinds
        # at home they belong to.
        self.alike: dict[int, list[Obj]] = {}
        self.next_of: dict[int, int] = {}  # the first of each kind perhaps not chosen yet
        self.homes_of: dict[int, list[int]] = {}
        for obj in able:
            number = model.kind(obj)
            self.alike.setdefault(number, []).append(obj)
            self.next_of.setdefault(number, 0)
            home_kind = self.kind_of.get(obj.id)
            homes = self.homes_of.setdefault(number, [])
            if home_kind is not None and home_kind not in homes:
                homes.append(home_kind)
        self.outside: dict[int, list[Obj]] = {  # those of each kind that are no blockers
            number: [o for o in objs if o.id not in self.place]
            for number, objs in self.alike.items()
        }
        self.chosen: set[int] = set()
        # The Horde's next attack: biggest first (ties in the battlefield's order), each with
        # the kinds of blocker able to stop it (none for menace: it gets through).
        self.next_order = []
        for obj in sorted(horde_creatures, key=lambda a: -judge.harm(table, a)):
            menace = "menace" in table.chars(obj).keywords
            stoppers = (
                () if menace else tuple(k for k, b in firsts.items() if sides.can_block(b, obj))
            )
            self.next_order.append((obj.id, judge.harm(table, obj), stoppers))
        self.power = {o.id: max(0, table.chars(o).power) for o in horde_creatures}
        self.values: dict[int, float] = {}
        self.annihilator: dict[int, int] = {}
        self.chosen_annihilator = 0

    @classmethod
    def make(
        cls,
        planner: Scorer,
        table: Table,
        team: Team,
        able: list[Obj],
        declared: list[Obj],
        horde_creatures: list[Obj],
        defenders: list[Obj],
        sides: Kinds,
        model: AttackModel,
    ) -> HomeAttack | None:
        """The picker for attacks by ``able`` creatures beside those ``declared`` already (it
        takes them as chosen); None where one of them has vigilance (it may stay home or
        not, as the fights go)."""
        if any("vigilance" in table.chars(o).keywords for o in (*declared, *able)):
            return None
        made = cls(planner, table, team, able, horde_creatures, defenders, sides, model)
        for obj in declared:
            made.add(obj)
        return made

    def _value(self, obj: Obj) -> float:
        value = self.values.get(obj.id)
        if value is None:
            value = self.values[obj.id] = judge.creature_value(self.table, obj)
        return value

    def _annihilator(self, obj: Obj) -> int:
        found = self.annihilator.get(obj.id)
        if found is None:
            keywords = self.table.chars(obj).keywords
            found = self.annihilator[obj.id] = sum(keyword_number(keywords, "annihilator"))
        return found

    def add(self, obj: Obj) -> None:
        """``obj`` joins the attack (and leaves home)."""
        if obj.id in self.chosen:
            return
        self.chosen.add(obj.id)
        self.chosen_annihilator += self._annihilator(obj)
        place = self.place.get(obj.id)
        if place is not None:
            self.home[self.kind_of[obj.id]].remove(place)
            self.at_home -= 1

    def _now(self, attackers: list[Obj]) -> tuple[Now, Runs]:
        """What the attack does this turn, and the Horde's next attack against home."""
        result = self.model.outcome(attackers)
        dead = result.dead
        killed = sum(self._value(o) for o in self.horde_creatures if o.id in dead)
        lost = sum(self._value(o) for o in attackers if o.id in dead)
        annihilated = self.chosen_annihilator + self._annihilator(attackers[-1])
        score = now_score(result.to_defender, self.library, killed, lost, annihilated)
        threat = sum(power for oid, power in self.power.items() if oid not in dead)
        runs: list[Run] = []
        for oid, harm, stoppers in self.next_order:
            if oid in dead:
                continue
            if runs and runs[-1][0] == harm and runs[-1][2] == stoppers:
                runs[-1] = (harm, runs[-1][1] + 1, stoppers)
            else:
                runs.append((harm, 1, stoppers))
        return Now(score, result.gained, dead, [], threat), Runs(runs, self.home)

    def _first_left(self, objs: list[Obj]) -> Obj | None:
        for obj in objs:
            if obj.id not in self.chosen:
                return obj
        return None

    def best(self, chosen: list[Obj]) -> tuple[float, Obj] | None:
        """The best score of ``chosen`` (added already) with one candidate more, and the
        first candidate that scores it; None when no candidate is left."""
        planner, table, team = self.planner, self.table, self.team
        horde = len(self.horde_creatures)
        stay = planner.reinforcements_for(table, self.at_home, horde)
        leave = planner.reinforcements_for(table, self.at_home - 1, horde)
        found: tuple[float, int, Obj] | None = None
        for number, objs in self.alike.items():
            at = self.next_of[number]
            while at < len(objs) and objs[at].id in self.chosen:
                at += 1
            self.next_of[number] = at
            if at == len(objs):
                continue
            now, runs = self._now([*chosen, objs[at]])
            offers: list[tuple[int, Obj]] = []  # (the Horde's next attack's damage, candidate)
            outside = self._first_left(self.outside[number])
            if outside is not None:
                offers.append((runs.through + stay, outside))
            for home_kind in self.homes_of[number]:
                places = self.home[home_kind]
                ends = [free[home_kind] for free in runs.free]
                for run in range(len(ends)):  # each run's blockers, then those unused
                    end = ends[run + 1] if run + 1 < len(ends) else len(places)
                    for index in range(ends[run], end):
                        obj = self.defenders[places[index]]
                        if obj.id in self.position:
                            through = (
                                runs.through if run + 1 == len(ends) else runs.without_run(run)
                            )
                            offers.append((through + leave, obj))
                            break
            for taken, obj in offers:
                score = planner.with_next_attack(team, now, taken)
                position = self.position[obj.id]
                if found is None or score > found[0] or (score == found[0] and position < found[1]):
                    found = (score, position, obj)
        return None if found is None else (found[0], found[2])
