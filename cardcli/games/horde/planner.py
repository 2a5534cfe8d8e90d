"""The ``planner`` bot: ``basic`` with its attacks and blocks chosen by their exact outcome.

The Horde's blocks in the players' turn and its attacks in its own follow fixed
rules, so a planned combat can be worked out exactly (``fight``). The planner
scores a combat by what it does now (cards milled, Horde creatures killed, the
players' creatures lost, life gained) and by what it leaves for the Horde's next
attack: creatures tapped by attacking cannot block it. Attacks grow one
creature at a time while the score improves; blocks are chosen one attacker at a
time by their worth, chump blocks priced by how close the shared life is to what
the Horde can deal.

Each pick of an attack asks, in effect, for ``score_attack`` of every creature
that could join it. ``_attack_picker`` answers the same, number for number, the
fastest way the board allows: by counts of kinds (``attack_counts``), by runs of
the Horde's next attack (``attack_home``), a kind at a time (``attack_kinds``),
or creature by creature (the reference the tests hold the others to).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Protocol

from cardcli.engine.game import State
from cardcli.engine.rng import Rng
from cardcli.games.horde import fight, judge
from cardcli.games.horde.attack_counts import CountedAttack
from cardcli.games.horde.attack_home import HomeAttack
from cardcli.games.horde.attack_kinds import KILL, LOSS, Now, now_score, scores_by_kind
from cardcli.games.horde.attack_model import AttackModel
from cardcli.games.horde.basic import Policy
from cardcli.games.horde.judge import HORDE
from cardcli.games.horde.kinds import Kind, Kinds, Pools
from cardcli.magic import combat
from cardcli.magic.cards import keyword_number
from cardcli.magic.objects import Obj, Team
from cardcli.magic.table import Table


def life_weight(life_after: int, threat: int) -> float:
    """What one point of shared life is worth, by how near the Horde's power comes to it."""
    if life_after <= 0:
        return 40.0
    if life_after <= threat:
        return 6.0
    if life_after <= 2 * threat:
        return 2.5
    return 1.0


class Planner(Policy):
    # -- counterspells: kept for what hurts --------------------------------------------------

    def counter_threshold(self, table: Table) -> float:
        return 8.0

    # -- attacking -----------------------------------------------------------------------------

    def plan_attack(self, table: Table, team: Team) -> list[Obj]:
        able = self.attackers_able(table, team)
        if not able:
            return []
        fight_ = table.combat
        assert fight_ is not None
        declared = [table.objects[a] for a in fight_.attackers if a in table.objects]
        chosen: list[Obj] = list(declared)  # declared already (the attack goes in parts)
        picker, best = self._attack_picker(table, team, able, declared)
        while True:
            pick = picker.best(chosen)
            if pick is None or not pick[0] > best + 0.01:
                return chosen[len(declared) :]
            best, obj = pick
            chosen.append(obj)
            picker.add(obj)

    def _attack_picker(
        self, table: Table, team: Team, able: list[Obj], declared: list[Obj]
    ) -> tuple[Picker, float]:
        """What picks the next attacker, the fastest way that gives ``score_attack``'s picks
        here; and the score of the attack declared so far."""
        horde = [
            o
            for o in table.battlefield.values()
            if o.controller == HORDE and "Creature" in table.chars(o).types
        ]
        defenders = self._defenders(table, team)
        sides = Kinds(table, [*defenders, *horde])  # for the Horde's next attack
        everyone = [*declared, *able]

        def each(chosen: list[Obj], candidates: list[Obj]) -> list[float]:
            return [
                self.score_attack(table, team, [*chosen, obj], horde, defenders, sides)
                for obj in candidates
            ]

        pools = self._attack_kinds(table, able, horde, defenders) if self.fast else None
        if pools is not None:  # one candidate of each kind
            counted = CountedAttack.make(self, table, team, everyone, horde, defenders)
            if counted is not None:
                for obj in declared:
                    counted.add(obj)

                def by_counts(chosen: list[Obj], candidates: list[Obj]) -> list[float]:
                    return [counted.score_with(obj) for obj in candidates]

                picker = _ByScores(able, declared, pools, by_counts, counted)
                return picker, counted.score_with(None)
        before = self.score_attack(table, team, declared, horde, defenders, sides)
        if pools is not None:
            return _ByScores(able, declared, pools, each), before
        if not self.fast or combat.restricted(table, [*everyone, *horde]):
            return _ByScores(able, declared, None, each), before
        # Who stays home matters: every creature a candidate, alike ones worked out together.
        model = AttackModel(table, precise=False)
        home = HomeAttack.make(self, table, team, able, declared, horde, defenders, sides, model)
        if home is not None:
            return home, before
        alike = Kinds(table, able)

        def by_kinds(chosen: list[Obj], candidates: list[Obj]) -> list[float]:
            return scores_by_kind(
                self, table, team, chosen, candidates, horde, defenders, sides, alike
            )

        return _ByScores(able, declared, None, by_kinds), before

    def _attack_kinds(
        self, table: Table, able: list[Obj], horde_creatures: list[Obj], defenders: list[Obj]
    ) -> Pools | None:
        """The creatures able to attack by kind, when creatures of one kind score the same
        (``score_attack``), or None. The Horde's blocks and the damage model treat alike
        creatures alike; what stays home is a list whose order ``next_attack_damage`` reads
        (each Horde attacker meets the first blocker that can block it), and that order does
        not matter when each Horde creature can be blocked by every creature that may stay
        home or by none of them (a flyer against creatures without flying or reach): then
        the first that can block is the first of all, and only how many stay home counts."""
        if combat.restricted(table, able) or combat.restricted(table, horde_creatures):
            return None
        kinds = Kinds(table, able)
        home_kinds = {kinds.of(o): o for o in defenders}
        horde_kinds = {kinds.of(o): o for o in horde_creatures}
        for attacker in horde_kinds.values():
            answers = {kinds.can_block(blocker, attacker) for blocker in home_kinds.values()}
            if len(answers) > 1:
                return None
        return Pools(kinds, able)

    def _defenders(self, table: Table, team: Team) -> list[Obj]:
        """The players' creatures that could block the Horde's next attack if they stay home."""
        return [
            o
            for o in table.battlefield.values()
            if o.controller in team.names
            and "Creature" in table.chars(o).types
            and not table.chars(o).cant_block
        ]

    def score_attack(
        self,
        table: Table,
        team: Team,
        attackers: list[Obj],
        horde_creatures: list[Obj],
        defenders: list[Obj],
        sides: Kinds | None = None,
    ) -> float:
        now = self.attack_now(table, attackers, horde_creatures)
        home = self.home_of(table, defenders, now.dead, {o.id for o in attackers})
        taken = self.next_attack_damage(table, now.survivors, home, sides)
        taken += self.reinforcements(table, home)
        return self.with_next_attack(team, now, taken)

    def attack_now(self, table: Table, attackers: list[Obj], horde_creatures: list[Obj]) -> Now:
        """What attacking with ``attackers`` does this turn, scored, and what it leaves."""
        library = len(table.players[HORDE].library)
        if attackers:
            outcome, _ = fight.attack_outcome(table, attackers)
        else:
            outcome = fight.Outcome()
        dead = outcome.dead
        gained = sum(outcome.lifelink.values())
        killed = sum(judge.creature_value(table, o) for o in horde_creatures if o.id in dead)
        lost = sum(judge.creature_value(table, o) for o in attackers if o.id in dead)
        # Annihilator N: the Horde sacrifices N permanents, its weakest (about a token each).
        annihilated = sum(
            sum(keyword_number(table.chars(o).keywords, "annihilator")) for o in attackers
        )
        score = now_score(outcome.to_defender, library, killed, lost, annihilated)
        # The Horde's next attack: every Horde creature left, against whoever stays untapped.
        survivors = [o for o in horde_creatures if o.id not in dead]
        threat = sum(max(0, table.chars(o).power) for o in survivors)
        return Now(score, gained, dead, survivors, threat)

    def home_of(
        self, table: Table, defenders: list[Obj], dead: set[int], attacking: set[int]
    ) -> list[Obj]:
        """The creatures left to block the Horde's next attack, in ``defenders``' order."""
        return [
            o
            for o in defenders
            if o.id not in dead
            and (o.id not in attacking or "vigilance" in table.chars(o).keywords)
        ]

    def with_next_attack(self, team: Team, now: Now, taken: int) -> float:
        """The attack's score, the Horde's next attack dealing ``taken`` counted in."""
        after = (team.life or 0) + now.gained - taken
        return now.score + now.gained * 0.5 - taken * life_weight(after, now.threat)

    def reinforcements(self, table: Table, home: list[Obj]) -> int:
        """The token cards the Horde reveals next turn attack at once: about two of its usual
        token creatures, each stopped by a blocker left over."""
        return self.reinforcements_for(table, len(home), self._horde_count(table))

    def reinforcements_for(self, table: Table, home: int, horde: int) -> int:
        """``reinforcements`` with ``home`` creatures left home and ``horde`` Horde creatures."""
        tokens = [o for o in table.players[HORDE].library[-12:] if o.proto.token_card]
        if not tokens:
            return 0
        power = max(0, tokens[-1].proto.power or 0)
        spare = max(0, home - horde)
        return max(0, 2 - spare) * power

    def _horde_count(self, table: Table) -> int:
        return sum(
            1
            for o in table.battlefield.values()
            if o.controller == HORDE and "Creature" in table.chars(o).types
        )

    def next_attack_damage(
        self, table: Table, attackers: list[Obj], blockers: list[Obj], kinds: Kinds | None = None
    ) -> int:
        """Damage the Horde's next attack gets through: each attacker, biggest first, is
        stopped by the first free blocker (in ``blockers``' order) that can block it (a chump
        block at worst).

        Blockers of one kind (``kinds``: made for these creatures) answer alike, so the
        first that can block is the first free one of each kind that can, the earliest of
        them: a look at each kind, not at each blocker."""
        if not self.fast:
            return self.scanned_attack_damage(table, attackers, blockers)
        if kinds is None:
            kinds = Kinds(table, [*blockers, *attackers])
        free: dict[int, deque[int]] = {}  # each kind's free blockers, by their place
        for place, blocker in enumerate(blockers):
            free.setdefault(kinds.number(blocker), deque()).append(place)

        def stopped(attacker: Obj) -> bool:
            first: deque[int] | None = None
            for places in free.values():
                earlier = places and (first is None or places[0] < first[0])
                if earlier and kinds.can_block(blockers[places[0]], attacker):
                    first = places
            if first is not None:
                first.popleft()
            return first is not None

        return _through(table, attackers, stopped)

    def scanned_attack_damage(self, table: Table, attackers: list[Obj], blockers: list[Obj]) -> int:
        """``next_attack_damage`` worked out blocker by blocker (the reference of the tests)."""
        free = list(blockers)

        def stopped(attacker: Obj) -> bool:
            blocker = next((b for b in free if combat.can_block(table, b, attacker)), None)
            if blocker is not None:
                free.remove(blocker)
            return blocker is not None

        return _through(table, attackers, stopped)

    # -- blocking ----------------------------------------------------------------------------------

    def plan_blocks(self, table: Table, team: Team) -> list[tuple[int, list[int]]]:
        if not self.fast:
            return self.slow_plan_blocks(table, team)
        return self.kind_plan_blocks(table, team)

    def kind_plan_blocks(self, table: Table, team: Team) -> list[tuple[int, list[int]]]:
        """``slow_plan_blocks`` by kinds of creature. Attackers of one kind have the same
        options and scores, so each pick scores the first pending attacker of each kind
        against the kinds of free blockers; of equal scores the attacker first in the
        pending order wins, and for one attacker the group first in ``slow_plan_blocks``'s
        order (single blockers in the free list's order, then the pairs)."""
        attackers = self.unblocked_attackers(table)
        kinds = Kinds(table, attackers)
        pools = Pools(kinds, self.free_blockers(table, team))
        life = team.life or 0
        incoming = sum(kinds.harm(a) for a in attackers)
        threat = self.horde_power(table)
        pending = Pools(kinds, sorted(attackers, key=lambda a: -kinds.value(a)))
        plan: list[tuple[int, list[int]]] = []
        while True:
            weight = life_weight(life - incoming, threat)
            best: tuple[float, int, Kind, Obj, list[tuple[Kind, Obj]]] | None = None
            for attacker_kind, at, attacker in pending.heads():
                found = self._best_group(kinds, pools, attacker, weight)
                if found is not None and (
                    best is None or found[0] > best[0] or (found[0] == best[0] and at < best[1])
                ):
                    best = (found[0], at, attacker_kind, attacker, found[1])
            if best is None:
                break
            _, _, attacker_kind, attacker, group = best
            plan.append((attacker.id, [b.id for _, b in group]))
            for kind, blocker in group:
                pools.take(kind, blocker)
            pending.take(attacker_kind, attacker)
            incoming -= kinds.harm(attacker)
        return plan

    def _best_group(
        self, kinds: Kinds, pools: Pools, attacker: Obj, weight: float
    ) -> tuple[float, list[tuple[Kind, Obj]]] | None:
        """The best-scoring group of blockers for ``attacker`` (positive scores only)."""
        power = kinds.harm(attacker)
        options = [h for h in pools.heads() if kinds.can_block(h[2], attacker)]
        menace = "menace" in kinds.table.chars(attacker).keywords
        best: tuple[float, int, list[tuple[Kind, Obj]]] | None = None
        if not menace:
            for kind, position, blocker in options:
                score = self._group_score(kinds, attacker, [blocker], power, weight)
                if score > 0 and (
                    best is None or score > best[0] or (score == best[0] and position < best[1])
                ):
                    best = (score, position, [(kind, blocker)])
        if sum(pools.left(kind) for kind, _, _ in options) >= 2:
            # The three weakest options, by value and then the free list's order.
            weakest = sorted(
                (kinds.value(obj), position, kind, obj)
                for kind, _, _ in options
                for position, obj in pools.first(kind, 3)
            )[:3]
            first = weakest[0]
            for other in weakest[1:3]:
                group = [first[3], other[3]]
                score = self._group_score(kinds, attacker, group, power, weight)
                if score > 0 and (best is None or score > best[0]):
                    best = (score, 0, [(first[2], first[3]), (other[2], other[3])])
        return None if best is None else (best[0], best[2])

    def _group_score(
        self, kinds: Kinds, attacker: Obj, group: list[Obj], power: int, weight: float
    ) -> float:
        """``slow_plan_blocks``'s score of a group, the same sums in the same order."""
        fought = kinds.fight(attacker, group)
        score = power * weight
        if fought.attacker_dead:
            score += KILL * kinds.value(attacker)
        for dead, b in zip(fought.blockers_dead, group, strict=True):
            if dead:
                score -= LOSS * kinds.value(b)
        score += 0.5 * sum(fought.lifelink)
        if len(group) > 1:
            score -= 0.5  # a blocker kept free is worth a little
        return score

    def slow_plan_blocks(self, table: Table, team: Team) -> list[tuple[int, list[int]]]:
        """The plan worked out one attacker and one blocker at a time (the reference)."""
        attackers = self.unblocked_attackers(table)
        free = self.free_blockers(table, team)
        life = team.life or 0
        incoming = sum(judge.harm(table, a) for a in attackers)
        threat = self.horde_power(table)
        plan: list[tuple[int, list[int]]] = []
        used: set[int] = set()
        pending = sorted(attackers, key=lambda a: -judge.creature_value(table, a))
        while pending:
            best: tuple[float, Obj, list[Obj]] | None = None
            weight = life_weight(life - incoming, threat)
            for attacker in pending:
                power = judge.harm(table, attacker)
                options = [
                    b for b in free if b.id not in used and combat.can_block(table, b, attacker)
                ]
                menace = "menace" in table.chars(attacker).keywords
                groups = [[b] for b in options] if not menace else []
                if len(options) >= 2:
                    # A second blocker for the biggest attackers (or two for menace).
                    weakest = sorted(options, key=lambda b: judge.creature_value(table, b))
                    groups.extend([[weakest[0], b] for b in weakest[1:3]])
                for group in groups:
                    result = fight.block_outcome(table, attacker, group)
                    score = power * weight
                    if attacker.id in result.dead:
                        score += KILL * judge.creature_value(table, attacker)
                    for b in group:
                        if b.id in result.dead:
                            score -= LOSS * judge.creature_value(table, b)
                    score += 0.5 * sum(result.lifelink.get(b.id, 0) for b in group)
                    if len(group) > 1:
                        score -= 0.5  # a blocker kept free is worth a little
                    if score > 0 and (best is None or score > best[0]):
                        best = (score, attacker, group)
            if best is None:
                break
            _, attacker, group = best
            plan.append((attacker.id, [b.id for b in group]))
            used.update(b.id for b in group)
            pending.remove(attacker)
            incoming -= judge.harm(table, attacker)
        return plan


class Picker(Protocol):
    """Picks the planner's next attacker: the best score with one more, and the first
    candidate that scores it."""

    def best(self, chosen: list[Obj]) -> tuple[float, Obj] | None:
        """The best score of ``chosen`` with one more creature, and the first that scores it."""

    def add(self, obj: Obj) -> None:
        """``obj`` joins the attack."""


class _ByScores:
    """Every creature not chosen a candidate, or (``pools``) the first of each kind, scored by
    ``scores``; ``counted`` follows the attack."""

    def __init__(
        self,
        able: list[Obj],
        declared: list[Obj],
        pools: Pools | None,
        scores: Callable[[list[Obj], list[Obj]], list[float]],
        counted: CountedAttack | None = None,
    ) -> None:
        self.able, self.pools, self.scores, self.counted = able, pools, scores, counted
        self.taken = {o.id for o in declared}

    def best(self, chosen: list[Obj]) -> tuple[float, Obj] | None:
        if self.pools is not None:
            # One of each kind: the first not chosen (the others score the same, later).
            candidates = [obj for _, _, obj in sorted(self.pools.heads(), key=lambda h: h[1])]
        else:
            candidates = [obj for obj in self.able if obj.id not in self.taken]
        pick: tuple[float, Obj] | None = None
        for obj, score in zip(candidates, self.scores(chosen, candidates), strict=True):
            if pick is None or score > pick[0]:
                pick = (score, obj)
        return pick

    def add(self, obj: Obj) -> None:
        self.taken.add(obj.id)
        if self.pools is not None:
            self.pools.take(self.pools.kind_of(obj), obj)
        if self.counted is not None:
            self.counted.add(obj)


def _through(table: Table, attackers: list[Obj], stopped: Callable[[Obj], bool]) -> int:
    """The power of the attackers, biggest first, that ``stopped`` (a free blocker that can
    block it, taken) does not stop; menace gets through (the players block with one)."""
    through = 0
    for attacker in sorted(attackers, key=lambda a: -judge.harm(table, a)):
        if "menace" in table.chars(attacker).keywords or not stopped(attacker):
            through += judge.harm(table, attacker)
    return through


PLANNER = Planner()


def planner_bot(state: State, seat: str, rng: Rng) -> str:
    return PLANNER.move(state, seat, rng)
