"""``show #17``, ``show Grave Titan``, ``show graveyard horde``: any card or zone a player
may see, read at the prompt (a meta command: never logged, nothing changes).

What a player may see: the battlefield, the stack, every hand at the table (teammates
see each other's hands, 810.5; the Horde's hand and revealed cards are public),
graveyards and exile. Libraries are hidden. The ``moves`` list names each activated
ability by its text (``move_note``).
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

from cardcli.cards.mtg.names import normalize
from cardcli.games.horde.commands import Activate, parse
from cardcli.games.horde.variant import HORDE
from cardcli.games.horde.view import render
from cardcli.magic.card_text import card_lines, fit, item_lines, printed_lines
from cardcli.magic.objects import Obj
from cardcli.magic.table import Table
from cardcli.printable import one_line, printable
from cardcli.suggest import close_to

USAGE = "show takes: [pN] | #ID ... | NAME | graveyard|exile|hand [pN|horde] | stack"
ZONE_WORDS = {
    "graveyard": "graveyard",
    "graveyards": "graveyard",
    "gy": "graveyard",
    "exile": "exile",
    "exiled": "exile",
    "hand": "hand",
    "hands": "hand",
    "library": "library",
    "libraries": "library",
    "stack": "stack",
}
SEEN_ZONES = ("hand", "revealed", "graveyard", "exile")  # besides battlefield and stack
ID = re.compile(r"^#?(\d{1,9})$")
SEAT = re.compile(r"^(p[1-9]|horde)$")


def show(state: Any, seat: str | None, args: str, width: int) -> str:
    """The answer to ``show ARGS``: a card, a zone, or what ``show`` expected."""
    table: Table = state.table
    words = args.split()
    if not words:
        return USAGE
    lowered = [w.lower() for w in words]
    if len(words) == 1 and lowered[0] in ZONE_WORDS:
        return _zone(table, ZONE_WORDS[lowered[0]], None, width)
    if len(words) == 2 and (lowered[0] in ZONE_WORDS or lowered[1] in ZONE_WORDS):
        zone, owner = lowered if lowered[0] in ZONE_WORDS else lowered[::-1]
        if re.fullmatch(r"p\d+|horde", owner):
            return _zone(table, ZONE_WORDS[zone], owner, width)
    numbers = [ID.match(w) for w in words]
    if all(numbers):  # show #17, or several: show #17 #18
        return "\n\n".join(_object(table, int(m.group(1)), width) for m in numbers if m)
    if lowered == ["horde"]:
        return str(render(table, None))  # the Horde has no hidden hand: the board
    if words[0].startswith("#") or (len(words) == 1 and SEAT.match(lowered[0])):
        return USAGE
    return _named(table, " ".join(words), width)


def seats_of(table: Table) -> list[str]:
    """The Horde first, then the players, as the board lists them."""
    return [HORDE, *table.teams[0].names]


def where(table: Table, obj: Obj) -> str:
    """``on the battlefield``, ``in p1's hand``, ``in the Horde's graveyard``..."""
    if obj.zone == "battlefield":
        return "on the battlefield"
    if obj.zone == "stack":
        return "on the stack"
    whose = "the Horde's" if obj.owner == HORDE else f"{obj.owner}'s"
    if obj.zone == "revealed":
        return "revealed by the Horde, still to cast"
    if obj.zone == "exile":
        return f"in exile ({whose})"
    return f"in {whose} {obj.zone}"


def visible(table: Table) -> list[Obj]:
    """Every object a player at the table may look at, battlefield first."""
    found = list(table.battlefield.values())
    found += [item.obj for item in reversed(table.stack) if item.obj is not None]
    for zone in SEEN_ZONES:
        for seat in seats_of(table):
            found += table.players[seat].zones.get(zone) or []
    return found


def _object(table: Table, oid: int, width: int) -> str:
    item = table.items.get(oid)
    if item is not None:
        return "\n".join(item_lines(table, item, width))
    obj = table.objects.get(oid)
    if obj is None:
        if oid in table.retired:
            return (
                f"#{oid} is gone: it changed zone and is a new object with a new id (400.7);"
                " 'show graveyard' and 'show exile' list where cards went"
            )
        return f"#{oid}: there is no such object"
    if obj.zone == "library":
        whose = "the Horde's" if obj.owner == HORDE else f"{obj.owner}'s"
        return f"#{oid} is in {whose} library: hidden"
    return "\n".join(card_lines(table, obj, where(table, obj), width))


def _named(table: Table, name: str, width: int) -> str:
    key = normalize(name)
    if not key:
        return USAGE
    seen = visible(table)
    found = _matching(seen, key)
    if not found:
        near = close_to(key, sorted({normalize(o.name) for o in seen}))
        names = {normalize(o.name): o.name for o in seen}
        hint = f"; did you mean '{names[near[0]]}'?" if near else ""
        seen_in = hint or " (battlefield, stack, hands, graveyards, exile)"
        return f"no card '{one_line(name)}' in sight{seen_in}"
    if len(found) == 1:
        obj = found[0]
        return "\n".join(card_lines(table, obj, where(table, obj), width))
    lines = _several(table, name, found, width)
    if len({o.name for o in found}) == 1:
        lines.extend(printed_lines(found[0].proto, width))  # one card: its text once
    return "\n".join(lines)


def _matching(seen: list[Obj], key: str) -> list[Obj]:
    """The objects whose name is ``key``; else that it starts (word by word too: ``zom g``
    is Zombie Giant); else with a word that it starts (``elves``: Llanowar Elves)."""
    for level in range(3):
        found = [o for o in seen if _fits(level, key, normalize(o.name))]
        if found:
            return found
    return []


def _fits(level: int, key: str, name: str) -> bool:
    if level == 0:
        return name == key
    if level == 1:
        return name.startswith(key) or _word_starts(key.split(), name.split())
    return f" {key}" in f" {name}"


def _word_starts(typed: list[str], words: list[str]) -> bool:
    """Each typed word starts the name's word in the same place: ``zom g`` / ``zombie giant``."""
    return len(typed) <= len(words) and all(
        w.startswith(t) for t, w in zip(typed, words[: len(typed)], strict=True)
    )


def _several(table: Table, name: str, found: list[Obj], width: int) -> list[str]:
    """Which of them? Grouped by name and place, with their ids."""
    groups: dict[tuple[str, str], list[Obj]] = {}
    for obj in found:
        groups.setdefault((obj.name, where(table, obj)), []).append(obj)
    lines = [fit(f"'{one_line(name)}' fits {len(found)} objects; show one by its id:", width)]
    for (card, place), objs in groups.items():
        ids = " ".join(f"#{o.id}" for o in objs)
        count = f" x{len(objs)}" if len(objs) > 1 else ""
        lines.extend(_wrap(f"{card}{count} ({place}): {ids}", width))
    return [printable(line) for line in lines]


def _zone(table: Table, zone: str, owner: str | None, width: int) -> str:
    seats = seats_of(table)
    if owner is not None and owner not in seats:
        return f"there is no seat {one_line(owner)}: {', '.join(seats)}"
    if zone == "stack":
        if owner is not None:
            return "the stack is shared by all: show stack"
        if not table.stack:
            return "the stack is empty"
        return "\n".join(
            line for item in reversed(table.stack) for line in item_lines(table, item, width)
        )
    chosen = [owner] if owner is not None else seats
    lines: list[str] = []
    for seat in chosen:
        whose = "the Horde's" if seat == HORDE else f"{seat}'s"
        objs = table.players[seat].zones.get(zone) or []
        if zone == "library":
            lines.append(f"{whose} library: {len(objs)} cards, hidden")
            continue
        waiting = table.players[seat].zones.get("revealed") or []
        if zone == "hand" and waiting:
            lines.append(f"the Horde's revealed cards, still to cast: {len(waiting)}")
            lines.extend(_listed(waiting, width))
        count = f"{len(objs)} card" + ("s" if len(objs) > 1 else "") if objs else "empty"
        order = ", oldest first" if zone == "graveyard" and len(objs) > 1 else ""
        lines.append(
            f"{whose} {zone}: {count}{order}"
            + (" (cast next turn)" if zone == "hand" and seat == HORDE and objs else "")
        )
        lines.extend(_listed(objs, width))
    return "\n".join(printable(line) for line in lines)


def _listed(objs: list[Obj], width: int) -> list[str]:
    """One line a name: ``Zombie x3: #40 #44 #47`` (in the order first met)."""
    groups: dict[str, list[Obj]] = {}
    for obj in objs:
        groups.setdefault(obj.name, []).append(obj)
    lines: list[str] = []
    for name, group in groups.items():
        cost = group[0].proto.cost
        shown = name + ("" if cost.is_free() else f" {cost}")
        if len(group) == 1:
            lines.extend(_wrap(f"#{group[0].id} {shown}", width))
            continue
        ids = " ".join(f"#{o.id}" for o in group)
        lines.extend(_wrap(f"{shown} x{len(group)}: {ids}", width))
    return lines


def _wrap(text: str, width: int, indent: str = "  ") -> list[str]:
    return textwrap.wrap(
        text, max(20, width), initial_indent=indent, subsequent_indent=indent + "  "
    ) or [text]


# -- moves --------------------------------------------------------------------------------


def move_note(state: Any, command: str) -> str | None:
    """What a listed command does, where its text does not say: an activated ability's own
    text (``Prodigal Pyromancer: {T}: ...``). None for the others."""
    if " activate " not in f" {command} ":
        return None
    try:
        parsed = parse(command)
    except ValueError:
        return None
    if not isinstance(parsed, Activate):
        return None
    table: Table = state.table
    obj = table.objects.get(parsed.id)
    if obj is None:
        return None
    if obj.zone == "battlefield":
        abilities = list(obj.proto.activated)
    else:
        abilities = [a for a in obj.proto.card_abilities if a.zone == obj.zone]
    index = parsed.index or 0
    if not 0 <= index < len(abilities):
        return None
    ability = abilities[index]
    text = ability.text or (ability.cost.describe() if ability.cost is not None else "")
    return printable(f"{obj.name}: {' '.join(text.split())}")
