"""State-based actions (704), performed all at once, repeated until none applies.

Checked: 0 or less life (704.5a, per team: 810.8c), drawing from an empty
library (704.5b), poison counters (704.5c: a player's own, or a team's shared
total, 704.6b; the limit is the variant's), tokens outside the battlefield
(704.5d), toughness 0 or less (704.5f), lethal damage (704.5g), deathtouch
damage (704.5h, marked or dealt as -1/-1 counters), planeswalkers with no
loyalty (704.5i), the legend rule (704.5j), the world rule (704.5k), Auras
attached to nothing legal (704.5m) and +1/+1 with -1/-1 counters (704.5q).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic import grants
from cardcli.magic.choices import Answers, ask
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj, Team
from cardcli.magic.table import Move

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def check(table: Table, answers: Answers) -> bool:
    """Perform one round of state-based actions; True if any was performed.

    May raise ``NeedDecision`` (which legendary permanent to keep) before
    anything changes.
    """
    if not table.dirty:
        return False  # nothing has changed since the last check
    grants.refresh(table)  # abilities granted by statics, as statics and objects are now
    if table.dynamic:
        table.settle_statics()
    # Nothing on the battlefield has changed since a scan that found nothing to do: every
    # change an action below looks at moves a permanent, a static or an object (tapping
    # aside); a counted power or toughness may change with any zone.
    moved = table.zone_version if table.cdas else table.battlefield_version
    calm = (moved, table.static_version, Obj.changes)
    scan = calm != table.sba_calm
    legend_losers = _legend_rule(table, answers) if scan else []
    answers.clear()
    acted = False
    # Players first: a team whose life is gone, who drew from an empty library or has too
    # many poison counters, loses.
    for team in table.teams:
        if table.over:
            break
        lost_life = team.life is not None and team.life <= 0
        decked = [p.name for p in team.players if p.drew_from_empty]
        poisoned, poisoned_players = _poisoned(table, team)
        if (lost_life or decked or poisoned) and not table.variant.cannot_lose(table, team):
            reason = "life" if lost_life else "poison" if poisoned else "library"
            who = poisoned_players if reason == "poison" else decked
            table.emit({"type": "team_lost", "team": team.name, "reason": reason, "players": who})
            table.outcome = {"loser": team.name, "reason": reason}
            table.over = True
            return True
        for p in team.players:
            p.drew_from_empty = False
    to_graveyard: list[Move] = []
    to_destroy: list[Obj] = []
    worlds: list[Obj] = []
    marked: list[Obj] = []  # dealt deathtouch damage since the last check
    for obj in list(table.battlefield.values()) if scan else ():
        ch = table.chars(obj)
        if obj.deathtouched:
            marked.append(obj)
        if "World" in ch.supertypes:
            worlds.append(obj)
        if "Creature" in ch.types:
            if ch.toughness <= 0:
                to_graveyard.append(Move(obj, "graveyard", "toughness"))
                continue
            # (Deathtouch damage dealt as -1/-1 counters marks no damage: 702.2b, 704.5h.)
            lethal = obj.damage >= ch.toughness or obj.deathtouched
            # An indestructible creature is not destroyed (702.12b): nothing to do.
            if lethal and "indestructible" not in ch.keywords:
                to_destroy.append(obj)
                continue
        if (
            "Planeswalker" in ch.types
            and obj.counters.get("loyalty", 0) <= 0
            and obj.proto.loyalty is not None
        ):
            to_graveyard.append(Move(obj, "graveyard", "loyalty"))
            continue
        aura = obj.proto.is_aura
        if aura and (obj.attached_to is None or obj.attached_to not in table.battlefield):
            to_graveyard.append(Move(obj, "graveyard", "unattached"))
            continue
        if obj.attached_to is not None and not aura:
            held = table.battlefield.get(obj.attached_to)
            if held is None or "Creature" not in table.chars(held).types:
                # 704.5n: an Equipment attached to nothing legal stays, unattached.
                obj.attached_to = None
                obj.touch()
                table.static_version += 1
                table.emit({"type": "unattached", "id": obj.id})
                acted = True
        if not obj.counters:
            continue
        plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
        if plus and minus:
            both = min(plus, minus)
            table.remove_counters(obj, "+1/+1", both)
            table.remove_counters(obj, "-1/-1", both)
            acted = True
    to_graveyard.extend(Move(obj, "graveyard", "legend rule") for obj in legend_losers)
    to_graveyard.extend(Move(obj, "graveyard", "world rule") for obj in _world_rule(worlds))
    for obj in to_destroy:
        obj.deathtouched = False
    # 704.3: all of them at once, so that each sees the others leave.
    moves = table.destroy_moves(to_destroy, "lethal damage") + [
        m for m in to_graveyard if m.obj.id in table.objects
    ]
    if to_destroy or moves:
        acted = True
    elif scan and not acted:
        table.sba_calm = calm
    if moves:
        table.move_many(moves)
    for obj in marked:  # (whatever entered since is a new object, not marked)
        if table.battlefield.get(obj.id) is obj:
            obj.deathtouched = False
    # Tokens that left the battlefield cease to exist (704.5d).
    strays, table.stray_tokens = table.stray_tokens, []
    for obj in strays:
        zone = table.zone_of(obj) if obj.id in table.objects else None
        if zone is None or obj not in zone:
            continue
        zone.remove(obj)
        del table.objects[obj.id]
        table.retired.add(obj.id)
        table.emit({"type": "token_gone", "id": obj.id, "zone": obj.zone})
        acted = True
    table.variant.check_end(table)
    if not acted:
        table.dirty = False
    return acted or table.over


def _poisoned(table: Table, team: Team) -> tuple[bool, list[str]]:
    """704.5c, 704.6b: has the team too many poison counters, and which of its players
    (none named when the team's shared total is too high)?"""
    limit = table.variant.poison_limit(table, team)
    if limit is None:
        return False, []
    if table.variant.shares_poison(table, team):
        return team.poison >= limit, []
    players = [p.name for p in team.players if p.poison >= limit]
    return bool(players), players


def _world_rule(worlds: list[Obj]) -> list[Obj]:
    """704.5k: of two or more world permanents only the newest stays (a tie: none stays).

    No effect of the card model gives the world supertype, so the one that has had it for
    the shortest time is the one that entered the battlefield last (its timestamp).
    """
    if len(worlds) < 2:
        return []
    newest = max(obj.timestamp for obj in worlds)
    keep = [obj for obj in worlds if obj.timestamp == newest]
    return [obj for obj in worlds if len(keep) > 1 or obj is not keep[0]]


def _legend_rule(table: Table, answers: Answers) -> list[Obj]:
    """704.5j: a player with two or more legendary permanents of one name keeps one."""
    seen: dict[tuple[str, str], list[Obj]] = {}
    if not table.legends:
        return []  # (no effect of the card model makes a permanent legendary)
    for obj in table.battlefield.values():
        if "Legendary" in obj.proto.supertypes:  # (only printed: see Board.legends)
            seen.setdefault((obj.controller, obj.name), []).append(obj)
    losers: list[Obj] = []
    for (player, name), objs in seen.items():
        if len(objs) < 2:
            continue
        keep = ask(
            table,
            answers,
            f"legend:{player}:{name}",
            Decision(
                "legend",
                player,
                f"legend rule: {player} keeps one {name}",
                [f"#{o.id}" for o in objs],
            ),
        )
        losers.extend(o for o in objs if f"#{o.id}" not in keep)
    return losers
