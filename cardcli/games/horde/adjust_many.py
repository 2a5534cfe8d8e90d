"""Adjustments to several permanents at once: a Wrath or a Pyroclasm cast at a paper table.

``adjust destroy #3 #5 #8``, ``adjust exile all horde tokens``, ``adjust bounce all
creatures``, ``adjust tap all horde creatures``, ``adjust damage all horde creatures 2``,
``adjust damage #3 #5 2``, ``adjust exile Zombie Giant``. The permanents are named by
their ids, by names (a name or its start, several separated by commas; of a name that fits
objects nobody could tell apart, the lowest id; one that fits objects that differ is refused
with their ids), or by ``all``, maybe whose (``horde``, ``players``, ``p1``..``p4``), and a
kind (``creatures``, ``tokens``, ``permanents``, ``artifacts``, ``enchantments``,
``lands``, ``planeswalkers``). They are
destroyed, exiled or bounced as one event (simultaneously, as a Wrath does: 704 is
checked after), and damage is dealt to each of them by one source at a time, before
state-based actions are checked. One ``adjusted`` event says it; a refusal changes nothing.
"""

from __future__ import annotations

import re

from cardcli.engine.errors import IllegalCommand, InvalidCommand
from cardcli.games.horde.variant import HORDE
from cardcli.magic.objects import Obj
from cardcli.magic.sources import DamageSource
from cardcli.magic.table import Move, Table

VERBS = ("destroy", "exile", "bounce", "tap", "untap")
# A source of damage at the table that is no object the engine knows (a paper player's spell):
# colourless, no types and no keywords; its id 0 is no object's.
TABLE_SOURCE = "a source at the table"
KINDS = {
    "creatures": "Creature",
    "creature": "Creature",
    "artifacts": "Artifact",
    "enchantments": "Enchantment",
    "lands": "Land",
    "planeswalkers": "Planeswalker",
    "tokens": "",
    "permanents": "",
}
ID = re.compile(r"^#?\d{1,9}$")
SEAT_LIKE = re.compile(r"^(p\d{1,3}|horde|players)$", re.IGNORECASE)
NUMBER = re.compile(r"^[+-]?\d{1,4}$")
WHOSE = ("horde", "players", "p1", "p2", "p3", "p4")


def handles(what: str, args: list[str]) -> bool:
    """Is this adjustment about several permanents (or ``all``), this module's job?"""
    if what in VERBS:
        words = args
    elif what == "damage":
        words = _damage_targets(args)
    else:
        return False
    if not words:
        return False
    if words[0].lower() == "all":
        return True
    ids = [w for w in words if ID.match(w)]
    if len(ids) == len(words):
        return len(words) > 1
    # By name (``adjust exile Zombie Giant``): no id among the words, and not a player.
    return not ids and not (len(words) == 1 and SEAT_LIKE.match(words[0]))


def _damage_targets(args: list[str]) -> list[str]:
    words = list(args)
    if len(words) >= 2 and words[-2].lower() == "from":
        words = words[:-2]
    return words[:-1]


def _usage(what: str) -> str:
    if what == "damage":
        return (
            "adjust damage takes: adjust damage #3 #5 2, adjust damage all [horde] creatures 2"
            " [from #ID]"
        )
    return f"adjust {what} takes: adjust {what} #3 #5, adjust {what} all [horde] creatures"


def select(table: Table, seat: str, what: str, words: list[str]) -> list[Obj]:
    """The permanents ``words`` name: ids, or ``all [WHOSE] KIND``; refused if none."""
    if words and words[0].lower() == "all":
        rest = [w.lower() for w in words[1:]]
        whose = rest.pop(0) if rest and rest[0] in WHOSE else None
        if len(rest) != 1:
            raise InvalidCommand(_usage(what))
        kind = rest[0]
        if kind not in KINDS:
            kinds = ", ".join(k for k in KINDS if k != "creature")
            raise IllegalCommand(f"adjust {what} all: '{kind}' is not one of {kinds}")
        if whose not in (None, "horde", "players") and whose not in table.players:
            raise IllegalCommand(f"adjust {what}: '{whose}' is not a player")
        found = []
        for obj in sorted(table.battlefield.values(), key=lambda o: o.id):
            if whose == "players" and obj.controller == HORDE:
                continue
            if whose not in (None, "players") and obj.controller != whose:
                continue
            types = table.chars(obj).types
            if KINDS[kind] and KINDS[kind] not in types:
                continue
            if kind == "tokens" and obj.is_card:
                continue
            found.append(obj)
        if not found:
            said = " ".join(words[1:]).lower()
            raise IllegalCommand(f"adjust {what}: there are no {said} on the battlefield")
        return found
    if not any(ID.match(w) for w in words):  # names, separated by commas (naming)
        from cardcli.games.horde import naming

        field = sorted(table.battlefield.values(), key=lambda o: o.id)
        return naming.several(table, " ".join(words), [field], "on the battlefield")
    found = []
    for word in words:
        obj = object_by_id(table, word)
        if obj.zone != "battlefield":
            raise IllegalCommand(f"#{obj.id} {obj.name} is not on the battlefield")
        if obj in found:
            raise IllegalCommand(f"adjust {what}: #{obj.id} is named twice")
        found.append(obj)
    return found


def object_by_id(table: Table, word: str) -> Obj:
    """The object ``#17`` (or ``17``) names; one line when it is no id or is gone."""
    text = word.lstrip("#")
    if not (text.isdigit() and text.isascii()):
        raise InvalidCommand(f"'{word}' is not an object id: write #17")
    obj = table.objects.get(int(text))
    if obj is None:
        gone = " (it has left that zone: it has a new id now)" if int(text) in table.retired else ""
        raise IllegalCommand(f"there is no #{text}{gone}")
    return obj


def apply(table: Table, seat: str, what: str, args: list[str]) -> None:
    """Check every permanent named, then do it to all of them."""
    if what == "damage":
        targets = _damage_targets(args)
        objs = select(table, seat, what, targets)
        word = args[len(targets)]
        if not NUMBER.match(word):
            raise InvalidCommand(f"adjust damage: '{word}' is not a number")
        amount = int(word)
        if amount < 1:
            raise IllegalCommand(f"adjust damage: {amount} damage? deal 1 or more")
        hit = [
            o for o in objs if {"Creature", "Planeswalker", "Battle"} & set(table.chars(o).types)
        ]
        if len(hit) != len(objs):
            odd = next(o for o in objs if o not in hit)
            raise IllegalCommand(
                f"#{odd.id} {odd.name} is no creature or planeswalker: nothing is dealt damage"
            )
        source = DamageSource(0, TABLE_SOURCE, seat)
        if len(args) > len(targets) + 1:
            if len(args) != len(targets) + 3:
                raise InvalidCommand(_usage(what))
            giver = object_by_id(table, args[-1])
            if giver.zone != "battlefield":
                raise IllegalCommand(f"#{giver.id} {giver.name} is not on the battlefield")
            source = table.source_of(giver)
        table.emit({"type": "adjusted", "by": seat, "what": what, "args": list(args)})
        for obj in objs:  # each dealt its damage before state-based actions are checked
            table.damage(source, obj.id, amount)
        return
    objs = select(table, seat, what, args)
    table.emit({"type": "adjusted", "by": seat, "what": what, "args": list(args)})
    if what == "destroy":
        table.destroy(objs, "adjusted")
    elif what in ("exile", "bounce"):
        to, why = ("exile", "exiled") if what == "exile" else ("hand", "bounced")
        table.move_many([Move(obj, to, why) for obj in objs])
    elif what == "tap":
        for obj in objs:
            table.tap(obj, "adjusted")
    else:
        for obj in objs:
            table.untap(obj)
