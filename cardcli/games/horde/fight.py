"""An exact model of one combat's damage, for the players' bots (never used by the rules).

The Horde's blocks and attacks follow fixed rules, so the outcome of a combat can
be worked out before it happens: ``horde_response`` gives the Horde's blocks for
a planned attack (its blocking rule, with ties broken one fixed way), and
``resolve`` the damage steps (first strike and double strike, deathtouch,
trample, lifelink, indestructible, damage prevention, wither and infect's -1/-1
counters) from the creatures' characteristics as they are now. Nothing here
changes the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardcli.engine.rng import Rng
from cardcli.games.horde.blocking import horde_blocks
from cardcli.magic import combat
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table

TIE_SEED = 0x5EED  # the model breaks the Horde's ties one fixed way


@dataclass
class Unit:
    """A creature in the model: what combat damage asks of it."""

    oid: int
    power: int
    left: int  # toughness minus damage already marked
    first: bool = False
    double: bool = False
    deathtouch: bool = False
    trample: bool = False
    lifelink: bool = False
    indestructible: bool = False
    shield: bool = False  # damage to it is prevented and costs a +1/+1 counter
    wither: bool = False  # its damage to creatures is -1/-1 counters (wither, infect)
    dead: bool = False
    taken: int = 0
    touched: bool = False  # dealt damage by a deathtouch source


def unit(table: Table, obj: Obj) -> Unit:
    ch = table.chars(obj)
    kw = ch.keywords
    shield = obj.proto.damage_shield is not None and not ch.lost_abilities
    return Unit(
        obj.id,
        0 if ch.no_combat_damage else max(0, ch.power),
        ch.toughness - obj.damage,
        first="first strike" in kw or "double strike" in kw,
        double="double strike" in kw,
        deathtouch="deathtouch" in kw,
        trample="trample" in kw,
        lifelink="lifelink" in kw,
        indestructible="indestructible" in kw,
        shield=shield,
        wither="wither" in kw or "infect" in kw,
    )


@dataclass
class Outcome:
    dead: set[int] = field(default_factory=set)
    to_defender: int = 0  # combat damage to the defending player(s)
    lifelink: dict[int, int] = field(default_factory=dict)  # source id -> life it gains


def _hit(target: Unit, amount: int, source: Unit) -> None:
    if amount <= 0:
        return
    if target.shield:
        target.power = max(0, target.power - 1)  # one +1/+1 counter less
        target.left -= 1
        return
    if source.wither:
        # -1/-1 counters (702.80b): less power for a later damage step, less toughness.
        target.power = max(0, target.power - amount)
        target.left -= amount
    else:
        target.taken += amount
    if source.deathtouch:
        target.touched = True


def resolve(
    fights: list[tuple[Unit, list[Unit]]], unblocked: list[Unit], two_steps: bool | None = None
) -> Outcome:
    """Both damage steps of a combat: ``fights`` are attackers with their blockers.

    ``two_steps``: whether the combat has a first-strike step (by default: whether one of
    these creatures has first or double strike; a part of a bigger combat is told)."""
    out = Outcome()
    has_first = two_steps
    if has_first is None:
        has_first = any(u.first for a, bs in fights for u in (a, *bs)) or any(
            u.first for u in unblocked
        )
    for step in ("first", "regular") if has_first else ("regular",):
        first = step == "first"

        def deals(u: Unit, first: bool = first) -> bool:
            if u.dead or u.power <= 0:
                return False
            return u.first if first else (not u.first or u.double)

        for a in unblocked:
            if deals(a):
                out.to_defender += a.power
                if a.lifelink:
                    out.lifelink[a.oid] = out.lifelink.get(a.oid, 0) + a.power
        hits: list[tuple[Unit, int, Unit]] = []
        for a, blockers in fights:
            alive = [b for b in blockers if not b.dead]
            if deals(a):
                left = a.power
                if not alive:
                    if a.trample:
                        out.to_defender += left
                else:
                    for i, b in enumerate(sorted(alive, key=lambda b: b.left)):
                        lethal = 1 if a.deathtouch else max(0, b.left - b.taken)
                        give = min(left, lethal)
                        if i == len(alive) - 1 and not a.trample:
                            give = left
                        hits.append((b, give, a))
                        left -= give
                    if left > 0 and a.trample:
                        out.to_defender += left
                if a.lifelink:
                    out.lifelink[a.oid] = out.lifelink.get(a.oid, 0) + a.power
            for b in alive:
                if deals(b):
                    hits.append((a, b.power, b))
                    if b.lifelink:
                        out.lifelink[b.oid] = out.lifelink.get(b.oid, 0) + b.power
        for target, amount, source in hits:
            _hit(target, amount, source)
        for a, blockers in fights:
            for u in (a, *blockers):
                lethal = u.left <= 0 or u.taken >= u.left or u.touched
                if lethal and not u.dead and not u.indestructible:
                    u.dead = True
                    out.dead.add(u.oid)
    return out


def horde_response(table: Table, attackers: list[Obj]) -> list[tuple[int, int]]:
    """The Horde's blocks (blocker, attacker) for a planned attack by the players."""
    candidates = [
        o
        for o in table.battlefield.values()
        if o.controller == "horde" and not o.tapped and "Creature" in table.chars(o).types
    ]
    able = combat.able_blockers(table, candidates, attackers) if attackers else []
    if not able:
        return []
    blocks, _ = horde_blocks(table, able, attackers, Rng(TIE_SEED))
    return blocks


def attack_outcome(table: Table, attackers: list[Obj]) -> tuple[Outcome, list[tuple[int, int]]]:
    """What attacking with ``attackers`` does, the Horde blocking by its rule."""
    blocks = horde_response(table, attackers)
    by_attacker: dict[int, list[int]] = {}
    for blocker, attacker in blocks:
        by_attacker.setdefault(attacker, []).append(blocker)
    units = {o.id: unit(table, o) for o in attackers}
    fights = []
    unblocked = []
    for obj in attackers:
        blockers = by_attacker.get(obj.id)
        if blockers:
            fights.append((units[obj.id], [unit(table, table.objects[b]) for b in blockers]))
        else:
            unblocked.append(units[obj.id])
    return resolve(fights, unblocked), blocks


def trick_helps(
    table: Table, attacker: Obj, blockers: list[Obj], ours: Obj, bonus: tuple[int, int]
) -> bool:
    """Does +power/+toughness on ``ours`` save it, or let its side kill what it fights?"""

    def outcome(extra: tuple[int, int]) -> Outcome:
        a = unit(table, attacker)
        bs = [unit(table, b) for b in blockers]
        for u in (a, *bs):
            if u.oid == ours.id:
                u.power += extra[0]
                u.left += extra[1]
        return resolve([(a, bs)], [])

    before, after = outcome((0, 0)), outcome(bonus)
    saved = ours.id in before.dead and ours.id not in after.dead
    others = {attacker.id, *(b.id for b in blockers)} - {ours.id}
    enemies = {o for o in others if table.objects[o].controller != ours.controller}
    kills = len(after.dead & enemies) > len(before.dead & enemies)
    return saved or kills


def block_outcome(table: Table, attacker: Obj, blockers: list[Obj]) -> Outcome:
    """One Horde attacker against the players' blockers."""
    a = unit(table, attacker)
    if not blockers:
        return resolve([], [a])
    return resolve([(a, [unit(table, b) for b in blockers])], [])
