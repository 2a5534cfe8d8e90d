"""Combat: who may attack and block, and combat damage by today's rules (506-511).

Since November 2024 there is no damage assignment order: a creature blocked by
several creatures divides its combat damage among them as its controller
chooses (510.1c), and a trampler must assign lethal damage to every blocker
before the rest goes to the player or planeswalker it attacks (702.19c).
First strike and double strike add a first combat damage step (510.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardcli.engine.errors import IllegalCommand
from cardcli.magic import deeds, grants, instances
from cardcli.magic.cards import LANDWALK
from cardcli.magic.chars import matches
from cardcli.magic.choices import Answers, ask
from cardcli.magic.decisions import Decision
from cardcli.magic.objects import Obj, ObjEffect, Target
from cardcli.magic.sources import protection_against
from cardcli.magic.targets import spell_label

if TYPE_CHECKING:
    from cardcli.magic.table import Table


@dataclass
class Combat:
    attackers: dict[int, Target] = field(default_factory=dict)  # attacker -> player or planeswalker
    blocks: dict[int, int] = field(default_factory=dict)  # blocker -> the attacker it blocks
    blocked_by: dict[int, list[int]] = field(default_factory=dict)
    blocked: set[int] = field(
        default_factory=set
    )  # stays blocked though its blockers leave (509.1h)
    attackers_done: bool = False
    blockers_done: bool = False
    had_first_strike: set[int] = field(default_factory=set)
    answers: Answers = field(default_factory=dict)
    # "This creature attacks that player this combat if able" (``attack_orders``): whom.
    must_attack_target: dict[int, str] = field(default_factory=dict)
    table: Table | None = None

    def remove(self, oid: int) -> None:
        """506.4: an object that leaves the battlefield (or is regenerated) leaves combat."""
        obj = self.table.objects.get(oid) if self.table is not None else None
        if oid in self.attackers:
            del self.attackers[oid]
            for blocker in self.blocked_by.pop(oid, []):
                self.blocks.pop(blocker, None)
        if oid in self.blocks:
            attacker = self.blocks.pop(oid)
            if oid in self.blocked_by.get(attacker, []):
                self.blocked_by[attacker].remove(oid)
        if obj is not None:
            obj.attacking = False
            obj.blocking = False
            obj.touch()


def start(table: Table) -> Combat:
    fight = Combat(table=table)
    table.combat = fight
    return fight


# -- attacking ------------------------------------------------------------------------------


def attack_problem(table: Table, obj: Obj) -> str | None:
    """Why ``obj`` cannot attack now (508.1a), or None."""
    ch = table.chars(obj)
    if obj.zone != "battlefield" or "Creature" not in ch.types:
        return f"#{obj.id} is not a creature on the battlefield"
    if table.players[obj.controller].team is not table.active_team:
        return f"#{obj.id} {obj.name} is not controlled by the attacking team"
    if obj.tapped:
        return f"#{obj.id} {obj.name} is tapped"
    if "defender" in ch.keywords:
        return f"#{obj.id} {obj.name} has defender"
    if ch.cant_attack:
        return f"#{obj.id} {obj.name} can't attack"
    if (
        obj.sick
        and "haste" not in ch.keywords
        and not table.variant.ignores_summoning_sickness(table, obj)
    ):
        return f"#{obj.id} {obj.name} has not been under its controller's control since the turn began (302.6)"
    return None


def can_attack(table: Table, obj: Obj) -> bool:
    return attack_problem(table, obj) is None


def attack_targets(table: Table, attacker: Obj) -> list[Target]:
    """What a creature may attack: each player of the defending team, or their planeswalkers (508.1b)."""

    def compute() -> list[Target]:
        found: list[Target] = []
        walkers = [o for o in table.battlefield.values() if "Planeswalker" in table.chars(o).types]
        for team in table.teams:
            if team is table.active_team:
                continue
            found.extend(p.name for p in team.players)
            found.extend(o.id for o in walkers if o.controller in team.names)
        return found

    targets: list[Target] = table.memo(f"attack_targets:{table.active}", compute)
    return list(targets)


def declare_attack(table: Table, combat: Combat, obj: Obj, target: Target) -> None:
    combat.attackers[obj.id] = target
    obj.attacking = True
    obj.touch()


def finish_attackers(table: Table, combat: Combat) -> None:
    """508.1f-m: tap the attackers (not those with vigilance), then their attack triggers."""
    combat.attackers_done = True
    missing = [
        o
        for o in table.battlefield.values()
        if table.chars(o).must_attack and can_attack(table, o) and o.id not in combat.attackers
    ]
    if missing:
        # 508.1d: a creature that must attack does, if the team forgot it.
        for obj in missing:
            targets = attack_targets(table, obj)
            if targets:
                declare_attack(table, combat, obj, targets[0])
    for oid, player in combat.must_attack_target.items():
        # 508.1d: "attacks that player this combat if able": it does, at that player.
        ordered = table.objects.get(oid)
        able = ordered is not None and can_attack(table, ordered)
        if ordered is not None and able and player in attack_targets(table, ordered):
            declare_attack(table, combat, ordered, player)
    attacks = []
    for oid, target in combat.attackers.items():
        obj = table.objects[oid]
        if "vigilance" not in table.chars(obj).keywords and not obj.tapped:
            obj.tapped = True
            obj.touch()
        attacks.append({"id": oid, "target": spell_label(target)})
    table.emit({"type": "attackers", "team": table.active_team.name, "attacks": attacks})
    watching = table.watchers["creature_attacks"]
    attacking: list[str] = []  # the players who attack, in the order of their first attacker
    for oid, target in combat.attackers.items():
        obj = table.objects[oid]
        defending = target if isinstance(target, str) else table.objects[target].controller
        context = {"object": oid, "defending": defending, "player": defending}
        table.fire("attacks", context, obj)
        if watching:
            # 508.3a, 508.3c: "whenever a creature you control attacks": that creature.
            table.watch("creature_attacks", context, obj.controller, obj)
        if obj.controller not in attacking:
            attacking.append(obj.controller)
    if len(combat.attackers) == 1 and table.watchers["creature_attacks_alone"]:
        # 506.5: it attacks alone, the only creature declared as an attacker (exalted)
        ((oid, target),) = combat.attackers.items()
        obj = table.objects[oid]
        defending = target if isinstance(target, str) else table.objects[target].controller
        alone = {"object": oid, "defending": defending, "player": defending}
        table.watch("creature_attacks_alone", alone, obj.controller, obj)
    if table.watchers["you_attack"]:
        for player in attacking:
            # 508.3d: "whenever you attack" triggers once when a player's creatures are declared.
            table.watch("you_attack", {"player": player}, player)


# -- blocking -------------------------------------------------------------------------------


def block_problem(table: Table, blocker: Obj, attacker: Obj) -> str | None:
    """Why ``blocker`` cannot block ``attacker`` (509.1a-b), or None."""
    b = table.chars(blocker)
    a = table.chars(attacker)
    if "Creature" not in b.types or blocker.zone != "battlefield":
        return f"#{blocker.id} is not a creature on the battlefield"
    if blocker.tapped:
        return f"#{blocker.id} {blocker.name} is tapped"
    if b.cant_block:
        return f"#{blocker.id} {blocker.name} can't block"
    if "can't be blocked" in a.keywords:
        return f"#{attacker.id} {attacker.name} can't be blocked"
    if "flying" in a.keywords and not ("flying" in b.keywords or "reach" in b.keywords):
        return f"#{attacker.id} {attacker.name} has flying: only flying or reach blocks it"
    if "fear" in a.keywords and not ("Artifact" in b.types or "B" in b.colors):
        return f"#{attacker.id} {attacker.name} has fear: only black or artifact creatures block it"
    if "intimidate" in a.keywords and not ("Artifact" in b.types or a.colors & b.colors):
        return (
            f"#{attacker.id} {attacker.name} has intimidate: only artifact creatures"
            " and creatures sharing a colour block it"
        )
    for keyword in a.keywords:
        land = LANDWALK.get(keyword)
        if land and _team_controls_land(table, blocker.controller, land):
            return (
                f"#{attacker.id} {attacker.name} has {keyword} and the defenders control a {land}"
            )
    if protection_against(a.keywords, table.source_of(blocker)):
        return f"#{attacker.id} {attacker.name} has protection from #{blocker.id} {blocker.name}"
    if attacker.proto.statics and not a.lost_abilities:
        for ability in attacker.proto.statics:
            # "This creature can't be blocked by creatures with power 2 or less" (509.1b).
            if (
                ability.static == "cant_be_blocked_by"
                and "affects" not in ability.data  # (it and others: below)
                and matches(table, ability.data.get("filter") or {}, blocker, b, attacker.id)
            ):
                said = f": {ability.text}" if ability.text else ""
                return f"#{attacker.id} {attacker.name} can't be blocked by #{blocker.id}{said}"
    restriction = grants.unblockable_by(table, attacker, a, blocker, b)
    if restriction is not None:  # "Slivers can't be blocked except by Slivers"
        return f"#{attacker.id} {attacker.name} can't be blocked by #{blocker.id}: {restriction}"
    return None


def can_block(table: Table, blocker: Obj, attacker: Obj) -> bool:
    return block_problem(table, blocker, attacker) is None


def _team_controls_land(table: Table, player: str, subtype: str) -> bool:
    team = table.players[player].team

    def compute() -> frozenset[str]:
        found: set[str] = set()
        for obj in table.battlefield.values():
            if obj.controller in team.names:
                ch = table.chars(obj)
                if "Land" in ch.types:
                    found.update(ch.subtypes)
        return frozenset(found)

    lands: frozenset[str] = table.memo(f"land_types:{team.name}", compute)
    return subtype in lands


def blocker_kind(table: Table, obj: Obj, precise: bool = False) -> tuple[object, ...]:
    """Everything about a creature that decides which attackers it can block (509.1a-b).

    ``precise``: some attacker has a restriction of its own (``restricted``), whose filter
    may read any characteristic (power, keywords...), whether it is a token, its mana value.
    """
    ch = table.chars(obj)
    kind: tuple[object, ...] = (
        ch.types,
        ch.subtypes,
        ch.colors,
        frozenset(k for k in ch.keywords if k in ("flying", "reach")),
        ch.cant_block,
        obj.tapped,
        obj.zone,
        table.players[obj.controller].team.name,
    )
    if precise:
        kind += (ch, obj.card_no is None, obj.proto.mana_value)
    return kind


def restricted(table: Table, attackers: list[Obj]) -> bool:
    """Has any of ``attackers`` a blocking restriction of its own (``cant_be_blocked_by``)?"""
    return bool(grants.restrictions(table)) or any(
        ability.static == "cant_be_blocked_by" for a in attackers for ability in a.proto.statics
    )


def able_blockers(table: Table, candidates: list[Obj], attackers: list[Obj]) -> list[Obj]:
    """The candidates that can block at least one attacker, checked once per kind of blocker."""
    verdict: dict[tuple[object, ...], bool] = {}
    able = []
    precise = restricted(table, attackers)
    for obj in candidates:
        kind = blocker_kind(table, obj, precise)
        if kind not in verdict:
            verdict[kind] = any(can_block(table, obj, a) for a in attackers)
        if verdict[kind]:
            able.append(obj)
    return able


def declare_block(table: Table, combat: Combat, blocker: Obj, attacker: Obj) -> None:
    combat.blocks[blocker.id] = attacker.id
    combat.blocked_by.setdefault(attacker.id, []).append(blocker.id)
    combat.blocked.add(attacker.id)
    blocker.blocking = True
    blocker.touch()


def undo_block(table: Table, combat: Combat, blocker: Obj) -> None:
    attacker = combat.blocks.pop(blocker.id)
    combat.blocked_by[attacker].remove(blocker.id)
    if not combat.blocked_by[attacker]:
        del combat.blocked_by[attacker]
        combat.blocked.discard(attacker)
    blocker.blocking = False
    blocker.touch()


def blocks_problem(table: Table, combat: Combat) -> str | None:
    """The block as a whole (509.1c): menace needs two or more blockers."""
    for attacker, blockers in combat.blocked_by.items():
        obj = table.objects.get(attacker)
        if obj is not None and "menace" in table.chars(obj).keywords and len(blockers) == 1:
            return f"#{attacker} {obj.name} has menace: block it with two or more creatures, or not at all"
    return None


def finish_blockers(table: Table, combat: Combat, team: str) -> None:
    combat.blockers_done = True
    blocks = [{"blocker": b, "attacker": a} for b, a in combat.blocks.items()]
    table.emit({"type": "blockers", "team": team, "blocks": blocks})
    for blocker_id, attacker_id in combat.blocks.items():
        blocker = table.objects[blocker_id]
        table.fire("blocks", {"object": blocker_id, "attacker": attacker_id}, blocker)
    instances.unblocked(table, combat.attackers, combat.blocked)  # frenzy (702.68a)
    deeds.blocked(table, combat.blocked_by)  # "Whenever a Sliver becomes blocked"
    for attacker_id, blockers in combat.blocked_by.items():
        attacker = table.objects[attacker_id]
        # Flanking (702.25): each blocker without flanking gets -1/-1 until end of turn.
        if "flanking" in table.chars(attacker).keywords:
            for blocker_id in blockers:
                blocker = table.objects[blocker_id]
                if "flanking" not in table.chars(blocker).keywords:
                    table.clock += 1
                    blocker.effects.append(ObjEffect(table.clock, -1, -1, source="flanking"))
                    blocker.touch()
                    table.emit(
                        {
                            "type": "pumped",
                            "id": blocker_id,
                            "power": -1,
                            "toughness": -1,
                            "keywords": [],
                            "until": "end_of_turn",
                        }
                    )


# -- combat damage ----------------------------------------------------------------------------


def has_first_strikers(table: Table, combat: Combat) -> bool:
    for oid in (*combat.attackers, *combat.blocks):
        keywords = table.chars(table.objects[oid]).keywords
        if "first strike" in keywords or "double strike" in keywords:
            return True
    return False


def deals_damage_now(table: Table, combat: Combat, obj: Obj, first: bool) -> bool:
    keywords = table.chars(obj).keywords
    if first:
        return "first strike" in keywords or "double strike" in keywords
    return obj.id not in combat.had_first_strike or "double strike" in keywords


def lethal_for(table: Table, blocker: Obj, source: Obj) -> int:
    """702.19c: lethal damage, counting damage marked and deathtouch (702.2c)."""
    remaining = max(0, table.chars(blocker).toughness - blocker.damage)
    if "deathtouch" in table.chars(source).keywords:
        return min(1, remaining)
    return remaining


def assignment_options(
    table: Table, attacker: Obj, blockers: list[Obj], target: Target
) -> list[str]:
    """A few sensible divisions of an attacker's damage (any valid one is accepted)."""
    power = max(0, table.chars(attacker).power)
    trample = "trample" in table.chars(attacker).keywords
    options: list[str] = []
    lethal = [min(lethal_for(table, b, attacker), power) for b in blockers]
    if trample:
        # Lethal to every blocker first, then the rest where the attacker likes.
        base = sum(lethal)
        if base <= power:
            rest = power - base
            for extra in range(rest + 1):
                parts = [
                    f"#{b.id}={lethal[i] + (extra if i == 0 else 0)}"
                    for i, b in enumerate(blockers)
                ]
                if rest - extra:
                    parts.append(f"{spell_label(target)}={rest - extra}")
                options.append(
                    " ".join(p for p in parts if not p.endswith("=0")) or f"#{blockers[0].id}=0"
                )
            options.reverse()  # the most to the player first
    if not options:
        for b in blockers:
            options.append(f"#{b.id}={power}")
        if len(blockers) > 1:
            left = power
            parts = []
            for i, b in enumerate(blockers):
                give = left if i == len(blockers) - 1 else min(left, lethal[i])
                left -= give
                parts.append(f"#{b.id}={give}")
            options.insert(0, " ".join(parts))
    seen: list[str] = []
    for option in options:
        if option not in seen:
            seen.append(option)
    return seen


def lethal_in_order(table: Table, attacker: Obj, blockers: list[Obj], target: object) -> str:
    """The assignment that gives each blocker in turn lethal damage, the last blocker all
    that is left (or, with trample, ``target`` the rest): ``#21=2 #22=3 horde=1``."""
    trample = "trample" in table.chars(attacker).keywords
    parts: list[str] = []
    left = max(0, table.chars(attacker).power)
    for i, blocker in enumerate(blockers):
        give = min(left, lethal_for(table, blocker, attacker))
        if i == len(blockers) - 1 and not trample:
            give = left
        left -= give
        parts.append(f"#{blocker.id}={give}")
    if left:
        parts.append(f"{target}={left}")
    return " ".join(parts)


def parse_assignment(text: str) -> dict[Target, int]:
    split: dict[Target, int] = {}
    for part in text.split():
        who, _, amount = part.partition("=")
        if not amount.isdigit():
            raise IllegalCommand(f"'{part}': write #ID=N or PLAYER=N, e.g. #21=2 horde=3")
        target: Target = int(who[1:]) if who.startswith("#") and who[1:].isdigit() else who.lower()
        split[target] = split.get(target, 0) + int(amount)
    return split


def assignment_problem(
    table: Table, attacker: Obj, blockers: list[Obj], target: Target, split: dict[Target, int]
) -> str | None:
    power = max(0, table.chars(attacker).power)
    if sum(split.values()) != power:
        return f"#{attacker.id} {attacker.name} assigns exactly {power} damage"
    ids = {b.id for b in blockers}
    trample = "trample" in table.chars(attacker).keywords
    for key in split:
        if key in ids:
            continue
        if key == target and trample:
            continue
        return f"{spell_label(key)} is not blocking #{attacker.id}" + (
            "" if trample else " (without trample all damage goes to the blockers)"
        )
    if trample and split.get(target, 0):
        for b in blockers:
            if split.get(b.id, 0) < min(lethal_for(table, b, attacker), power):
                return f"with trample, #{b.id} must be assigned lethal damage before {spell_label(target)}"
    return None


def combat_damage(table: Table, combat: Combat, first: bool) -> None:
    """510.1-2: every assignment is chosen, then all combat damage is dealt at once."""
    dealing: list[tuple[Obj, dict[Target, int]]] = []
    for attacker_id, target in list(combat.attackers.items()):
        attacker = table.objects[attacker_id]
        if not deals_damage_now(table, combat, attacker, first):
            continue
        power = table.chars(attacker).power
        if power <= 0 or table.chars(attacker).no_combat_damage:
            continue  # "assigns no combat damage" (510.1a)
        blockers = [
            table.objects[b] for b in combat.blocked_by.get(attacker_id, []) if b in table.objects
        ]
        trample = "trample" in table.chars(attacker).keywords
        if attacker_id not in combat.blocked:
            dealing.append((attacker, {target: power}))
        elif not blockers:
            if trample:  # 702.19e: all of it to the player or planeswalker
                dealing.append((attacker, {target: power}))
        elif len(blockers) == 1 and not trample:
            dealing.append((attacker, {blockers[0].id: power}))
        else:
            options = assignment_options(table, attacker, blockers, target)
            picks = ask(
                table,
                combat.answers,
                f"assign:{int(first)}:{attacker_id}",
                Decision(
                    "assign",
                    attacker.controller,
                    f"#{attacker_id} {attacker.name} ({power} damage): divide it among "
                    + " ".join(f"#{b.id}" for b in blockers)
                    + (f" and {spell_label(target)} (trample)" if trample else ""),
                    options,
                    team=table.players[attacker.controller].team.name,
                    data={"attacker": attacker_id, "target": spell_label(target)},
                ),
            )
            dealing.append((attacker, parse_assignment(picks[0])))
    for blocker_id, attacker_id in list(combat.blocks.items()):
        blocker = table.objects[blocker_id]
        if not deals_damage_now(table, combat, blocker, first) or attacker_id not in table.objects:
            continue
        power = table.chars(blocker).power
        if power > 0 and not table.chars(blocker).no_combat_damage:
            dealing.append((blocker, {attacker_id: power}))
    if first:
        combat.had_first_strike = {
            oid
            for oid in (*combat.attackers, *combat.blocks)
            if deals_damage_now(table, combat, table.objects[oid], True)
        }
    sources = [(table.source_of(obj), split) for obj, split in dealing]
    for source, split in sources:
        for target, amount in split.items():
            if amount > 0:
                table.damage(source, target, amount, combat=True)
