"""The players' bots in combat: whom to attack with, how to block, and pump tricks once
blocks are declared. A mixin of ``basic.Policy`` (the planner overrides the plans)."""

from __future__ import annotations

from cardcli.games.horde import fight, judge, plancache
from cardcli.games.horde.judge import HORDE
from cardcli.games.horde.kinds import Kinds, Pools
from cardcli.magic import combat, requirements
from cardcli.magic.objects import Obj, Team
from cardcli.magic.table import Table


def good_block(kills: bool, dies: bool, worth: float, value: float) -> float | None:
    """basic's worth of a single block that kills an attacker worth ``worth`` with a blocker
    worth ``value``: a kill that lives first, then a trade worth making; None otherwise."""
    if kills and not dies:
        return 100.0 - value
    if kills and worth >= value * 0.6:
        return 50.0 + worth - value
    return None


class Fighting:
    # Block plans worked out by kinds of creature (``kinds``) and kept for the whole declaration
    # (``plancache``): the same commands as the plan worked out one creature at a time and again
    # after each block (``slow_plan_blocks``, kept as the reference the tests compare with).
    # Attack plans are kept for the whole declaration too.
    fast: bool = True
    cached: bool = True

    def castable(self, table: Table, team: Team) -> list[tuple[str, Obj]]:
        raise NotImplementedError  # the Policy's: what the team may cast now

    def combat_trick(self, table: Table, team: Team) -> str | None:
        """Blocks are declared: a pump spell that saves one of the team's creatures in a fight,
        or lets it kill what it fights."""
        fight_ = table.combat
        assert fight_ is not None
        if not fight_.blockers_done:
            return None
        tricks = [
            (p, o) for p, o in self.castable(table, team) if judge.kind_of(o.proto) == "trick"
        ]
        if not tricks:
            return None
        pairs: list[tuple[Obj, list[Obj], Obj]] = []  # (attacker, blockers, our creature)
        for attacker_id, blocker_ids in fight_.blocked_by.items():
            attacker = table.objects.get(attacker_id)
            blockers = [table.objects[b] for b in blocker_ids if b in table.objects]
            if attacker is None or not blockers:
                continue
            for obj in [attacker, *blockers]:
                if obj.controller in team.names:
                    pairs.append((attacker, blockers, obj))
        for player, card in tricks:
            effect = next(e for e in card.proto.spell if e.get("do") == "pump")
            bonus = (judge.boost(effect, "power"), judge.boost(effect, "toughness"))
            for attacker, blockers, ours in pairs:
                if fight.trick_helps(table, attacker, blockers, ours, bonus):
                    return f"{player} cast #{card.id} -> #{ours.id}"
        return None

    def attackers_able(self, table: Table, team: Team) -> list[Obj]:
        fight_ = table.combat
        assert fight_ is not None
        return [
            o
            for o in table.battlefield.values()
            if o.controller in team.names
            and o.id not in fight_.attackers
            and combat.can_attack(table, o)
        ]

    def attack(self, table: Table, team: Team) -> str:
        """The planned attackers not declared yet, forty at most a command (the lines the bots
        have always written: a command line may be far longer now), then pass."""
        chosen = plancache.ATTACKS.left(self, table, team) if self.cached else None
        if chosen is None:  # (no plan known for the board as it is)
            chosen = [o.id for o in self.plan_attack(table, team)]
            if self.cached:
                plancache.ATTACKS.keep(self, table, team, chosen)
        if not chosen:
            return "pass"
        return "attack " + " ".join(f"#{oid}" for oid in chosen[:40])

    def plan_attack(self, table: Table, team: Team) -> list[Obj]:
        """Each creature the Horde's untapped creatures cannot punish: none of them can block
        it and kill it (menace: none can block it alone). What the Horde's next attack does
        to the creatures left tapped is the planner's question, not this bot's."""
        able = self.attackers_able(table, team)
        blockers = [
            o
            for o in table.battlefield.values()
            if o.controller == HORDE and not o.tapped and "Creature" in table.chars(o).types
        ]
        chosen = []
        for obj in able:
            safe = True
            for blocker in blockers:
                if not combat.can_block(table, blocker, obj):
                    continue
                if "menace" in table.chars(obj).keywords:
                    continue  # the Horde blocks with one creature: menace is never blocked
                result = fight.block_outcome(table, obj, [blocker])
                if obj.id in result.dead:
                    safe = False
                    break
            if safe:
                chosen.append(obj)
        return chosen

    def horde_power(self, table: Table) -> int:
        """The power of every Horde creature: what its next attack could deal."""
        return sum(
            max(0, table.chars(o).power)
            for o in table.battlefield.values()
            if o.controller == HORDE and "Creature" in table.chars(o).types
        )

    def block(self, table: Table, team: Team) -> str:
        fight_ = table.combat
        assert fight_ is not None
        if self.cached:
            known = plancache.BLOCKS.next_block(self, table, team)
            if known is not None:  # (the board is as the plan made for it predicts)
                return known
        # 509.1c first: a creature able to block an attacker with lure must block one.
        for blocker, attacker in requirements.obey(table, fight_, team.names):
            if blocker in fight_.blocks:
                return f"unblock #{blocker}"
            return f"block #{attacker} with #{blocker}"
        plan = self.plan_blocks(table, team)
        if self.cached:
            plancache.BLOCKS.keep(self, table, team, plan)
        for entry in plan:
            if entry[0] not in fight_.blocked_by:
                return _block_text(entry)
        return "pass"

    def free_blockers(self, table: Table, team: Team) -> list[Obj]:
        fight_ = table.combat
        assert fight_ is not None
        return [
            o
            for o in table.battlefield.values()
            if o.controller in team.names
            and not o.tapped
            and o.id not in fight_.blocks
            and "Creature" in table.chars(o).types
            and not table.chars(o).cant_block
        ]

    def unblocked_attackers(self, table: Table) -> list[Obj]:
        """The attacking creatures still on the battlefield that no block has been declared for."""
        fight_ = table.combat
        assert fight_ is not None
        return [
            table.objects[a]
            for a in fight_.attackers
            if a in table.objects and a not in fight_.blocked_by
        ]

    def plan_blocks(self, table: Table, team: Team) -> list[tuple[int, list[int]]]:
        if not self.fast:
            return self.slow_plan_blocks(table, team)
        return self.kind_plan_blocks(table, team)

    def kind_plan_blocks(self, table: Table, team: Team) -> list[tuple[int, list[int]]]:
        """``slow_plan_blocks`` by kinds of creature: each attacker scans the kinds of free
        blockers, not the blockers; of equal scores the kind whose first free member comes
        first in the free list wins, as the first of equal blockers does there."""
        attackers = self.unblocked_attackers(table)
        attackers.sort(key=lambda a: -max(0, table.chars(a).power))
        kinds = Kinds(table, attackers)
        pools = Pools(kinds, self.free_blockers(table, team))
        plan: list[tuple[int, list[int]]] = []
        unblocked = []
        for attacker in attackers:
            if "menace" in table.chars(attacker).keywords:
                unblocked.append(attacker)
                continue
            best: tuple[float, int, tuple[object, ...], Obj] | None = None
            worth = kinds.value(attacker)
            for kind, position, blocker in pools.heads():
                if not kinds.can_block(blocker, attacker):
                    continue
                fought = kinds.fight(attacker, [blocker])
                score = good_block(
                    fought.attacker_dead, fought.blockers_dead[0], worth, kinds.value(blocker)
                )
                if score is None:
                    continue
                if best is None or score > best[0] or (score == best[0] and position < best[1]):
                    best = (score, position, kind, blocker)
            if best is not None:
                pools.take(best[2], best[3])
                plan.append((attacker.id, [best[3].id]))
            else:
                unblocked.append(attacker)
        life = team.life or 0
        incoming = sum(kinds.harm(a) for a in unblocked)
        danger = self.danger(table, team) if unblocked else 0
        for attacker in sorted(unblocked, key=lambda a: (-kinds.harm(a), -table.chars(a).power)):
            if life - incoming > danger:
                break
            if "menace" in table.chars(attacker).keywords:
                continue
            chump: tuple[float, int, tuple[object, ...], Obj] | None = None
            for kind, position, blocker in pools.heads():
                if not kinds.can_block(blocker, attacker):
                    continue
                value = kinds.value(blocker)
                if chump is None or value < chump[0] or (value == chump[0] and position < chump[1]):
                    chump = (value, position, kind, blocker)
            if chump is None:
                continue
            pools.take(chump[2], chump[3])
            plan.append((attacker.id, [chump[3].id]))
            incoming -= kinds.harm(attacker)
        return plan

    def slow_plan_blocks(self, table: Table, team: Team) -> list[tuple[int, list[int]]]:
        """Good blocks first (kill it and live), then trades worth making, then chump blocks
        while the unblocked damage would leave the shared life low."""
        attackers = self.unblocked_attackers(table)
        attackers.sort(key=lambda a: -max(0, table.chars(a).power))
        free = self.free_blockers(table, team)
        plan: list[tuple[int, list[int]]] = []
        used: set[int] = set()
        unblocked = []
        for attacker in attackers:
            if "menace" in table.chars(attacker).keywords:
                unblocked.append(attacker)
                continue
            options = [b for b in free if b.id not in used and combat.can_block(table, b, attacker)]
            best: tuple[float, Obj] | None = None
            worth = judge.creature_value(table, attacker)
            for blocker in options:
                result = fight.block_outcome(table, attacker, [blocker])
                score = good_block(
                    attacker.id in result.dead,
                    blocker.id in result.dead,
                    worth,
                    judge.creature_value(table, blocker),
                )
                if score is None:
                    continue
                if best is None or score > best[0]:
                    best = (score, blocker)
            if best is not None:
                used.add(best[1].id)
                plan.append((attacker.id, [best[1].id]))
            else:
                unblocked.append(attacker)
        # Chump blocks while the damage left would bring the shared life too low.
        life = team.life or 0
        incoming = sum(judge.harm(table, a) for a in unblocked)
        danger = self.danger(table, team) if unblocked else 0  # (the same for every attacker)
        for attacker in sorted(
            unblocked, key=lambda a: (-judge.harm(table, a), -table.chars(a).power)
        ):
            if life - incoming > danger:
                break
            if "menace" in table.chars(attacker).keywords:
                continue
            options = [b for b in free if b.id not in used and combat.can_block(table, b, attacker)]
            if not options:
                continue
            chump = min(options, key=lambda b: judge.creature_value(table, b))
            used.add(chump.id)
            plan.append((attacker.id, [chump.id]))
            incoming -= judge.harm(table, attacker)
        return plan

    def danger(self, table: Table, team: Team) -> int:
        """The shared life below which a chump block is worth a creature: what the Horde's
        creatures would deal in its next attack."""
        return max(8, self.horde_power(table))


def _block_text(entry: tuple[int, list[int]]) -> str:
    attacker, blockers = entry
    return f"block #{attacker} with " + " ".join(f"#{b}" for b in blockers)
