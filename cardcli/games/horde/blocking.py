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
one per pair of creatures.
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


def order_by_power(table: Table, objs: list[Obj], rng: Rng) -> tuple[list[Obj], list[int]]:
    """Most powerful first; equal power and toughness in random order.

    Returns the order and the ids whose place chance decided.
    """
    groups: dict[tuple[int, int], list[Obj]] = {}
    for obj in objs:
        groups.setdefault(power_key(table, obj), []).append(obj)
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
    table: Table, blockers: list[Obj], attackers: list[Obj], rng: Rng
) -> tuple[list[tuple[int, int]], dict[str, Any]]:
    """The blocks (blocker id, attacker id) and a record of how they were chosen."""
    ordered, attacker_chance = order_by_power(table, attackers, rng)
    blocked = [False] * len(ordered)
    # 509.1c first: every Horde creature able to block an attacker with lure blocks one, the
    # most powerful it can block; the text's rule then places the rest.
    forced = [(b, lures[0]) for b, lures in required_blockers(table, ordered, blockers).items()]
    if forced:
        taken = {b for b, _ in forced}
        blockers = [o for o in blockers if o.id not in taken]
        lured = {a for _, a in forced}
        blocked = [o.id in lured for o in ordered]
    pointer: dict[tuple[Any, ...], int] = {}
    memo: dict[tuple[tuple[Any, ...], int], bool] = {}
    sample: dict[tuple[Any, ...], Obj] = {}

    def blockable(kind: tuple[Any, ...], index: int) -> bool:
        found = memo.get((kind, index))
        if found is None:
            attacker = ordered[index]
            # Menace needs two blockers, and the Horde blocks each attacker with one.
            found = "menace" not in table.chars(attacker).keywords and combat.can_block(
                table, sample[kind], attacker
            )
            memo[(kind, index)] = found
        return found

    def first_for(kind: tuple[Any, ...]) -> int | None:
        at = pointer.get(kind, 0)
        while at < len(ordered) and (blocked[at] or not blockable(kind, at)):
            at += 1
        pointer[kind] = at
        return at if at < len(ordered) else None

    groups: dict[tuple[int, int], dict[tuple[Any, ...], list[Obj]]] = {}
    precise = combat.restricted(table, attackers)
    for obj in blockers:
        kind = combat.blocker_kind(table, obj, precise)
        sample.setdefault(kind, obj)
        groups.setdefault(power_key(table, obj), {}).setdefault(kind, []).append(obj)
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
