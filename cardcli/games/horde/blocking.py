"""The Horde's blocking rule in the players' turn, exactly as the text states it.

"The most powerful horde creature blocks the most powerful attacker it can
block; then the second most powerful horde creature blocks the most powerful
unblocked attacker it can block; and so on." Most powerful: the greatest
power, then the greatest toughness, then chance. One blocker per attacker;
surplus Horde creatures do not block. A requirement comes first (509.1c): every
Horde creature able to block an attacker with lure blocks one.

Cost: the attackers are sorted once; Horde creatures are grouped by power and
toughness and, inside a group, by what decides which attackers they can block
(their evasion-relevant characteristics). Each such kind keeps a pointer to the
most powerful unblocked attacker it can block, which only moves forward. So a
board of seventy identical tokens costs one check per kind and attacker, never
one per pair of creatures. What the rule reads of each creature (``BlockFacts``)
can be kept across calls on an unchanged table, as the players' planner does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardcli.engine.rng import Rng
from cardcli.magic import combat
from cardcli.magic.objects import Obj
from cardcli.magic.requirements import required_blockers

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def power_key(table: Table, obj: Obj) -> tuple[int, int]:
    ch = table.chars(obj)
    return (ch.power, ch.toughness)


class BlockFacts:
    """What the blocking rule reads of the creatures, each worked out once: for one choice of
    blocks, or for the many attacks a players' bot weighs on a table that does not change
    meanwhile (``attack_model``). ``precise``: ``combat.restricted`` of the attackers."""

    def __init__(self, table: Table, precise: bool) -> None:
        self.table, self.precise = table, precise
        self._power: dict[int, tuple[int, int]] = {}
        self._kind: dict[int, tuple[Any, ...]] = {}
        self._blockable: dict[tuple[tuple[Any, ...], int], bool] = {}
        self._lure: dict[int, bool] = {}

    def power_key(self, obj: Obj) -> tuple[int, int]:
        key = self._power.get(obj.id)
        if key is None:
            key = self._power[obj.id] = power_key(self.table, obj)
        return key

    def blocker_kind(self, obj: Obj) -> tuple[Any, ...]:
        kind = self._kind.get(obj.id)
        if kind is None:
            kind = self._kind[obj.id] = combat.blocker_kind(self.table, obj, self.precise)
        return kind

    def lure(self, obj: Obj) -> bool:
        """Must every creature able to block ``obj`` do so (509.1c)?"""
        found = self._lure.get(obj.id)
        if found is None:
            found = self._lure[obj.id] = self.table.chars(obj).lure
        return found

    def blockable(self, kind: tuple[Any, ...], sample: Obj, attacker: Obj) -> bool:
        """Can a blocker of ``kind`` (``sample``) block ``attacker`` alone?"""
        key = (kind, attacker.id)
        found = self._blockable.get(key)
        if found is None:
            # Menace needs two blockers, and the Horde blocks each attacker with one.
            found = "menace" not in self.table.chars(attacker).keywords and combat.can_block(
                self.table, sample, attacker
            )
            self._blockable[key] = found
        return found


def order_by_power(
    table: Table, objs: list[Obj], rng: Rng, facts: BlockFacts | None = None
) -> tuple[list[Obj], list[int]]:
    """Most powerful first; equal power and toughness in random order.

    Returns the order and the ids whose place chance decided.
    """
    groups: dict[tuple[int, int], list[Obj]] = {}
    for obj in objs:
        key = power_key(table, obj) if facts is None else facts.power_key(obj)
        groups.setdefault(key, []).append(obj)
    order: list[Obj] = []
    by_chance: list[int] = []
    for key in sorted(groups, reverse=True):
        group = groups[key]
        if len(group) > 1:
            rng.shuffle(group)
            by_chance.extend(o.id for o in group)
        order.extend(group)
    return order, by_chance


def horde_blocks(
    table: Table,
    blockers: list[Obj],
    attackers: list[Obj],
    rng: Rng,
    facts: BlockFacts | None = None,
) -> tuple[list[tuple[int, int]], dict[str, Any]]:
    """The blocks (blocker id, attacker id) and a record of how they were chosen."""
    if facts is None:
        facts = BlockFacts(table, combat.restricted(table, attackers))
    ordered, attacker_chance = order_by_power(table, attackers, rng, facts)
    blocked = [False] * len(ordered)
    # 509.1c first: every Horde creature able to block an attacker with lure blocks one, the
    # most powerful it can block; the text's rule then places the rest.
    forced = []
    if any(facts.lure(a) for a in ordered):
        forced = [(b, lures[0]) for b, lures in required_blockers(table, ordered, blockers).items()]
    if forced:
        taken = {b for b, _ in forced}
        blockers = [o for o in blockers if o.id not in taken]
        lured = {a for _, a in forced}
        blocked = [o.id in lured for o in ordered]
    pointer: dict[tuple[Any, ...], int] = {}
    sample: dict[tuple[Any, ...], Obj] = {}

    def first_for(kind: tuple[Any, ...]) -> int | None:
        at = pointer.get(kind, 0)
        while at < len(ordered) and (
            blocked[at] or not facts.blockable(kind, sample[kind], ordered[at])
        ):
            at += 1
        pointer[kind] = at
        return at if at < len(ordered) else None

    groups: dict[tuple[int, int], dict[tuple[Any, ...], list[Obj]]] = {}
    for obj in blockers:
        kind = facts.blocker_kind(obj)
        sample.setdefault(kind, obj)
        groups.setdefault(facts.power_key(obj), {}).setdefault(kind, []).append(obj)
    blocks: list[tuple[int, int]] = list(forced)
    blocker_order: list[int] = [b for b, _ in forced]
    blocker_chance: list[int] = []
    left = blocked.count(False)
    for key in sorted(groups, reverse=True):
        kinds = groups[key]
        while left:
            able = [
                (kind, members)
                for kind, members in kinds.items()
                if members and first_for(kind) is not None
            ]
            total = sum(len(members) for _, members in able)
            if not total:
                break
            pick = rng.below(total) if total > 1 else 0
            kind, members = able[0]
            for candidate in able:
                if pick < len(candidate[1]):
                    kind, members = candidate
                    break
                pick -= len(candidate[1])
            # Take the chosen member out (swap with the last: order inside a kind is by chance anyway).
            members[pick], members[-1] = members[-1], members[pick]
            chosen = members.pop()
            if total > 1:
                blocker_chance.append(chosen.id)
            index = first_for(kind)
            assert index is not None
            blocked[index] = True
            left -= 1
            blocks.append((chosen.id, ordered[index].id))
            blocker_order.append(chosen.id)
    record = {
        "attackers": [o.id for o in ordered],
        "blockers": blocker_order,
        "chance": sorted(set(attacker_chance) | set(blocker_chance)),
    }
    return blocks, record
