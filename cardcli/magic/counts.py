"""The card model's amounts: a number, X, a count of things on the battlefield or in zones,
or arithmetic on amounts (a sum, half rounded down)."""

from __future__ import annotations

from typing import Any, Protocol

from cardcli.magic import chars as chars_mod
from cardcli.magic.chars import Chars
from cardcli.magic.objects import Obj, Player

BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


class Table(Protocol):
    """What amounts are counted on (``table.Table`` is one)."""

    players: dict[str, Player]
    battlefield: dict[int, Obj]
    objects: dict[int, Obj]
    statics: list[chars_mod.StaticEffect]
    cda_busy: set[int]
    dynamic_values: dict[chars_mod.StaticEffect, tuple[bool, int, int]]

    def chars(self, obj: Obj) -> Chars: ...

    def printed(self, obj: Obj) -> Chars: ...

    def amount_of(self, amount: Any, player: str, source: Obj | None = None, x: int = 0) -> int: ...

    def are_opponents(self, a: str, b: str) -> bool: ...


def amount_of(table: Table, amount: Any, player: str, source: Obj | None = None, x: int = 0) -> int:
    """A card-model amount: a number, X, or a count of things (``count``)."""
    if isinstance(amount, bool):
        return int(amount)
    if isinstance(amount, int):
        return amount
    if amount == "X":
        return x
    if not isinstance(amount, dict):
        return 0
    if "sum" in amount:
        return sum(amount_of(table, part, player, source, x) for part in amount["sum"])
    if "half" in amount:
        return amount_of(table, amount["half"], player, source, x) // 2  # rounded down
    kind = amount.get("count")
    whose = amount.get("controller", "you")
    filt = amount.get("filter") or {}
    times = int(amount.get("times", 1))

    def counted(p: str) -> bool:
        if whose == "you":
            return p == player
        if whose == "opponents":
            return table.are_opponents(p, player)
        if whose == "not_you":
            return p != player
        return True

    total = 0
    if kind == "players":  # "you have two or more opponents"
        return sum(1 for p in table.players if counted(p)) * times
    if kind == "poison":  # a player's own counters, and a team's shared total once (810.10)
        players = [p for p in table.players.values() if counted(p.name)]
        teams = {id(p.team): p.team.poison for p in players}
        return (sum(p.poison for p in players) + sum(teams.values())) * times
    if kind == "devotion":
        return devotion(table, amount.get("colors", ()), counted) * times
    if kind in ("greatest_power", "total_power"):
        return greatest_power(table, filt, counted, source, kind == "total_power") * times
    if kind == "counters_on_self":  # "for each +1/+1 counter on ~": of the source itself
        if source is None:
            return 0
        which = amount.get("counter")
        found = source.counters.get(which, 0) if which else sum(source.counters.values())
        return found * times
    if kind == "basic_land_types":  # domain (305.6): Plains, Island, Swamp, Mountain, Forest
        kinds: set[str] = set()
        for obj in table.battlefield.values():
            if counted(obj.controller):
                kinds.update(BASIC_LAND_TYPES.intersection(table.chars(obj).subtypes))
        return len(kinds) * times
    if kind in ("creatures", "permanents", "lands"):
        for obj in table.battlefield.values():
            if not counted(obj.controller):
                continue
            ch = table.chars(obj) if obj is not source else table.printed(obj)
            if kind == "creatures" and "Creature" not in ch.types:
                continue
            if kind == "lands" and "Land" not in ch.types:
                continue
            if filt and not chars_mod.matches(table, filt, obj, ch, source.id if source else None):
                continue
            total += 1
    elif kind in ("cards_in_hand", "cards_in_graveyard", "creature_cards_in_graveyard"):
        zone = "hand" if kind == "cards_in_hand" else "graveyard"
        for p in table.players.values():
            if not counted(p.name):
                continue
            for obj in p.zones[zone]:
                ch = table.printed(obj)
                if kind == "creature_cards_in_graveyard" and "Creature" not in ch.types:
                    continue
                if filt and not chars_mod.matches(table, filt, obj, ch, None):
                    continue
                total += 1
    return total * times


def devotion(table: Table, colors: Any, counted: Any) -> int:
    """700.5: the mana symbols of ``colors`` among the mana costs of the permanents the
    counted players control; a hybrid symbol counts once if any of its colours is one."""
    wanted = set(colors)
    total = 0
    for obj in table.battlefield.values():
        if not counted(obj.controller):
            continue
        cost = obj.proto.cost
        total += sum(1 for c in cost.colored if c in wanted)
        total += sum(1 for pair in cost.hybrid if wanted & set(pair))
        total += sum(1 for c in (*cost.two_hybrid, *cost.phyrexian) if c in wanted)
    return total


def greatest_power(
    table: Table, filt: Any, counted: Any, source: Obj | None, total: bool = False
) -> int:
    """The greatest power among the counted players' creatures that match ``filt`` (0 if
    none; a negative power counts as 0 for a number of things made); ``total``: the sum of
    their powers instead (each negative one counting 0)."""
    best = 0
    for obj in table.battlefield.values():
        if not counted(obj.controller):
            continue
        ch = table.chars(obj) if obj is not source else table.printed(obj)
        if "Creature" not in ch.types:
            continue
        if filt and not chars_mod.matches(table, filt, obj, ch, source.id if source else None):
            continue
        best = best + max(0, ch.power) if total else max(best, ch.power)
    return best
