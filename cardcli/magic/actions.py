"""What a player may do with priority: play a land, cast, activate, tap for mana.

One list, read by the flow (does a team have anything to do, or does it pass
by itself?) and by a game's legal commands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardcli.engine.errors import IllegalCommand
from cardcli.magic import activation, casting, costs
from cardcli.magic.mana import Source
from cardcli.magic.manaopts import ManaOption, options_of
from cardcli.magic.manause import option_problem, usable_options
from cardcli.magic.objects import Obj

if TYPE_CHECKING:
    from cardcli.magic.table import Table


@dataclass(frozen=True)
class Action:
    kind: (
        str  # "play", "cast", "evoke" (for its evoke cost), "kicked", "overload", "activate", "tap"
    )
    player: str
    obj_id: int
    name: str
    index: int = 0  # which activated ability, or which mana option (0-based)
    choices: int = 1  # how many abilities (activate) or mana options (tap) the object has
    word: str = ""  # tap: what follows "tap #ID" to pick this option ("", "U", "2")


def can_play_land(table: Table, player: str, obj: Obj) -> str | None:
    """305.2 / 805.4c: one land a turn for each player of the active team, at sorcery speed."""
    if "Land" not in obj.proto.types:
        return f"{obj.name} is not a land: cast it"
    if not casting.sorcery_timing(table, player):
        return "a land is played in your own main phase with an empty stack"
    if table.players[player].lands_played >= 1:
        return f"{player} has already played a land this turn"
    return None


def actions_for(table: Table, player: str, stop_at_first: bool = False) -> list[Action]:
    """Every action ``player`` may take now (mana taps last)."""
    p = table.players[player]
    found: list[Action] = []
    seen: set[str] = set()
    flashback = [o for o in p.graveyard if o.proto.flashback is not None]
    if flashback and table.graveyard_abilities_lost():
        flashback = []
    sources: list[Source] | None = None  # the untapped lands, looked at once if needed
    for obj in [*p.hand, *flashback]:
        if obj.name in seen:
            continue
        seen.add(obj.name)
        if "Land" in obj.proto.types:
            if can_play_land(table, player, obj) is None:
                found.append(Action("play", player, obj.id, obj.name))
        elif casting.may_cast_now(table, player, obj):  # (no way of casting it is open else)
            if sources is None:
                sources = costs.mana_sources(table, player)
            if not casting.cast_problem(table, player, obj, None, sources=sources, explain=False):
                found.append(Action("cast", player, obj.id, obj.name))
            if obj.proto.evoke is not None and not casting.cast_problem(
                table, player, obj, None, sources=sources, explain=False, evoke=True
            ):
                found.append(Action("evoke", player, obj.id, obj.name))
            if obj.proto.kicker is not None and not casting.cast_problem(
                table, player, obj, None, sources=sources, explain=False, kicked=True
            ):
                found.append(Action("kicked", player, obj.id, obj.name))
            if obj.proto.overload is not None and not casting.cast_problem(
                table, player, obj, None, sources=sources, explain=False, overload=True
            ):
                found.append(Action("overload", player, obj.id, obj.name))
        if stop_at_first and found:
            return found
    for obj in list(table.acting.values()):
        if obj.controller != player:
            continue
        for index, ability in enumerate(obj.proto.activated):
            try:
                activation.check_activation(table, player, obj, ability)
            except IllegalCommand:
                continue
            found.append(
                Action("activate", player, obj.id, obj.name, index, len(obj.proto.activated))
            )
            if stop_at_first:
                return found
    found.extend(card_actions(table, player, stop_at_first and not found))
    if stop_at_first:
        return found
    for obj in list(table.acting.values()):
        if obj.controller != player or not obj.proto.mana_abilities:
            continue
        options = options_of(table, obj, player)
        usable = usable_options(table, player, obj)
        for option in usable:
            found.append(
                Action(
                    "tap",
                    player,
                    obj.id,
                    obj.name,
                    option.number - 1,
                    len(options),
                    tap_word(options, option),
                )
            )
    return found


def tap_word(options: list[ManaOption], option: ManaOption) -> str:
    """What follows ``tap #ID`` to pick ``option``: nothing if it is the only one, the mana
    it adds if no other option adds the same, else its number."""
    if len(options) == 1:
        return ""
    if sum(1 for o in options if o.word == option.word) == 1 and option.word:
        return option.word
    return str(option.number)


def card_actions(table: Table, player: str, stop_at_first: bool = False) -> list[Action]:
    """The abilities ``player`` may activate now of cards in their hand or graveyard
    (cycling, unearth: 602.2), numbered among those the card has in that zone."""
    found: list[Action] = []
    seen: set[tuple[str, str]] = set()
    for obj in list(table.zone_abilities.values()):  # an index: no scan of every card
        if obj.owner != player or (obj.name, obj.zone) in seen:
            continue
        seen.add((obj.name, obj.zone))
        here = [a for a in obj.proto.card_abilities if a.zone == obj.zone]
        for index, ability in enumerate(here):
            try:
                activation.check_activation(table, player, obj, ability)
            except IllegalCommand:
                continue
            found.append(Action("activate", player, obj.id, obj.name, index, len(here)))
            if stop_at_first:
                return found
    return found


def mana_problem(table: Table, player: str, obj: Obj) -> str | None:
    """Why none of ``obj``'s mana abilities can be activated now, or None."""
    if obj.controller != player or obj.zone != "battlefield":
        return f"#{obj.id} is not a permanent {player} controls"
    if not obj.proto.mana_abilities:
        return f"#{obj.id} {obj.name} has no mana ability"
    options = options_of(table, obj, player)
    if not options:
        return f"#{obj.id} {obj.name} adds no mana now{_why_none(obj)}"
    problem = None
    for option in options:
        problem = option_problem(table, player, obj, option)
        if problem is None:
            return None
    return problem


def _why_none(obj: Obj) -> str:
    kinds = {a.mana_of for a in obj.proto.mana_abilities}
    if "commander_identity" in kinds:
        return " (903.4f: no commander, or a colourless one, has no colour to give)"
    if kinds & {"opponents_lands", "your_lands"}:
        return " (106.7: no land it looks at could produce mana)"
    return ""


def team_can_act(table: Table, players: list[str]) -> bool:
    """Has any of these players something to do besides passing (and tapping for nothing)?"""
    return any(actions_for(table, player, stop_at_first=True) for player in players) or any(
        castable_with_all_mana(table, player) for player in players
    )


def other_mana(table: Table, player: str) -> list[Obj]:
    """The player's permanents other than lands whose mana ability may be activated now: mana
    creatures and rocks, a Treasure, an Eldrazi Spawn (its cost sacrifices it)."""
    return [
        o
        for o in table.acting.values()
        if o.controller == player
        and o.proto.mana_abilities
        and "Land" not in o.proto.types
        and mana_problem(table, player, o) is None
    ]


def mana_of(table: Table, player: str, objs: list[Obj]) -> tuple[dict[str, int], list[Source]]:
    """What the mana abilities of ``objs`` add if each is used once: the mana a fixed ability
    adds ({U}{B}), and a source for each that adds one mana of one kind among several (a
    Treasure's "one mana of any color", a Talisman's {C} or {U} or {R}: free kinds first), to
    pay a cost as an untapped land would."""
    fixed: dict[str, int] = {}
    units: list[Source] = []
    for obj in objs:
        options = usable_options(table, player, obj)
        if not options:
            continue
        if len(options) > 1 and all(len(o.adds) == 1 for o in options):
            ordered = sorted(options, key=lambda o: o.ability.costly)
            kinds = tuple(dict.fromkeys(o.adds[0] for o in ordered))
            units.append((obj.id, kinds))
            continue
        for kind in options[0].adds:
            fixed[kind] = fixed.get(kind, 0) + 1
    return fixed, units


def castable_with_all_mana(table: Table, player: str, abilities: bool = True) -> bool:
    """A spell (or, with ``abilities``, an ability) only mana creatures, rocks or Treasures
    could pay for still counts as something to do."""
    spells = [
        obj
        for obj in table.players[player].hand
        if "Land" not in obj.proto.types and casting.may_cast_now(table, player, obj)
    ]
    if not spells and not (
        abilities
        and any(obj.controller == player and obj.proto.activated for obj in table.acting.values())
    ):
        return False  # nothing that mana could pay for
    extra = other_mana(table, player)
    if not extra:
        return False
    fixed, units = mana_of(table, player, extra)
    pool = table.players[player].pool
    saved = dict(pool)
    try:
        for kind, count in fixed.items():
            pool[kind] = pool.get(kind, 0) + count
        sources = costs.mana_sources(table, player) + units
        if any(
            casting.cast_problem(table, player, obj, None, sources=sources, explain=False) is None
            for obj in spells
        ):
            return True
        if not abilities:
            return False
        for _oid, kinds in units:  # (an ability's cost is paid from the pool and lands)
            pool[kinds[0]] = pool.get(kinds[0], 0) + 1
        for obj in list(table.acting.values()):
            if obj.controller != player:
                continue
            for ability in obj.proto.activated:
                try:
                    activation.check_activation(table, player, obj, ability)
                except IllegalCommand:
                    continue
                return True
        return False
    finally:
        pool.clear()
        pool.update(saved)
