"""``adjust card p1 Serra Angel``: a real card put onto a player's battlefield.

A paper player's permanent that matters to the Horde (a creature that attacks
or blocks, a Glorious Anthem, a land) is entered by its name: the card is read
from the card data shipped with cardcli (its hand-written cards, then the
shipped database; never the user's own database, so that a log replays the
same on every machine with the same cardcli) and becomes an object with the
card's real characteristics and compiled behaviour. It comes from outside the
game (400.11) and enters the battlefield as a card put there does: replacement
effects apply (it may enter tapped or with counters), its enters abilities
trigger, the legend rule applies. Reading: it was already at the table, so it
is not summoning sick unless the command says ``sick``.

The ``adjusted`` event records the card's name, its definition (what the card
was, as the header records a deck's cards) and the ids of the objects that
entered. The shipped card data is data of the engine's version, like its code:
it is read once per process through a cached loader (``shipped_pool``), and a
log replays to the same bytes with the same cardcli.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardcli.cards.mtg.model import Card
from cardcli.cards.mtg.names import normalize
from cardcli.engine.errors import (
    AmbiguousCommand,
    CardcliError,
    CommandError,
    IllegalCommand,
    InvalidCommand,
)
from cardcli.magic.objects import Obj
from cardcli.magic.table import Move, Table

if TYPE_CHECKING:
    from cardcli.cards.mtg.pool import CardPool

USAGE = "adjust card takes: adjust card p1 Serra Angel [x2] [tapped] [sick] [on #ID]"
MAX_CARDS = 20  # copies of a card entered at once
SHOWN = 5  # names shown when a prefix fits several cards
MAX_NAME = 150  # longer than any card's name (the longest are under 145 characters)
PERMANENTS = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
COUNT = re.compile(r"^x(\d{1,4})$", re.IGNORECASE)
ON = re.compile(r"^#?\d{1,9}$")
SEAT_LIKE = re.compile(r"^(p\d{1,3}|horde)$", re.IGNORECASE)
OUTSIDE = "outside"  # where a card waits, for the moment it is entered (400.11)

_POOL: list[CardPool] = []  # the shipped card pool, read once
_KEYS: list[tuple[str, str]] = []  # (key, name) of every name the pool knows, most played first


def shipped_pool() -> CardPool:
    """cardcli's own cards: the hand-written ones and the shipped database (not the user's)."""
    if not _POOL:
        from cardcli.cards.mtg.pool import CardPool

        _POOL.append(CardPool.bundled(with_user_pool=False))
    return _POOL[0]


def _keys() -> list[tuple[str, str]]:
    if not _KEYS:
        _KEYS.extend((normalize(name), name) for name in shipped_pool().all_names())
    return _KEYS


@dataclass(frozen=True)
class Entry:
    """What ``adjust card`` was told: whose, the name typed, how many, how they enter."""

    who: str
    name: str
    count: int = 1
    tapped: bool = False
    sick: bool = False
    on: int | None = None  # an Aura or Equipment: the permanent it is attached to


def parse_args(table: Table, seat: str, args: list[str]) -> Entry:
    """What the words after ``adjust card`` say."""
    words = list(args)
    who = seat
    if words and SEAT_LIKE.match(words[0]):
        who = words.pop(0).lower()
        if who not in table.players:
            players = ", ".join(table.players)
            raise IllegalCommand(f"adjust card: '{who}' is not a player ({players})")
    count, tapped, sick, on = 1, False, False, None
    while len(words) > 1:
        last = words[-1].lower()
        match = COUNT.match(last)
        if len(words) > 2 and words[-2].lower() == "on" and ON.match(last):
            on = int(last.lstrip("#"))
            words.pop()
        elif match:
            count = int(match.group(1))
        elif last == "tapped":
            tapped = True
        elif last == "sick":
            sick = True
        else:
            break
        words.pop()
    name = " ".join(words).strip()
    if not name:
        raise InvalidCommand(USAGE)
    if name[:1] in ("'", '"'):
        raise InvalidCommand(f"adjust card: the name {name} has no closing quote")
    if len(name) > MAX_NAME:
        raise IllegalCommand(f"adjust card: no card has a name of {len(name)} characters")
    if not 1 <= count <= MAX_CARDS:
        raise IllegalCommand(f"adjust card: enter 1 to {MAX_CARDS} copies at a time (x{count})")
    return Entry(who, name, count, tapped, sick, on)


def _is_permanent(card: Card) -> bool:
    return any(t in PERMANENTS for t in card.types)


def find(name: str) -> Card:
    """The permanent card ``name`` names: its exact name, else the one card it begins."""
    try:
        return _find(name)
    except CommandError:
        raise
    except CardcliError as err:  # a damaged card database: one line, the game goes on
        raise IllegalCommand(f"adjust card: the card data cannot be read: {err}") from None


def _find(name: str) -> Card:
    pool = shipped_pool()
    card = pool.get(name)
    if card is not None and not card.token:
        if _is_permanent(card):
            return card
        if {"Instant", "Sorcery"} & set(card.types):
            kind = "an instant" if "Instant" in card.types else "a sorcery"
            raise IllegalCommand(
                f"adjust card: {card.name} is {kind}, no permanent; say what it did "
                "(adjust damage, destroy, exile, bounce, counter, token, life)"
            )
    key = normalize(name)
    begun: list[Card] = []
    for known, full in _keys() if key else ():
        if not known.startswith(key):
            continue
        found = pool.get(full)
        if found is None or found.token or not _is_permanent(found):
            continue
        if all(c.name != found.name for c in begun):
            begun.append(found)
        if len(begun) > SHOWN:
            break
    if len(begun) == 1:
        return begun[0]
    if begun:
        shown = ", ".join(c.name for c in begun[:SHOWN]) + (" ..." if len(begun) > SHOWN else "")
        raise AmbiguousCommand(f"adjust card: '{name}' could be {shown}: write more of the name")
    if card is not None and not card.token:
        raise IllegalCommand(
            f"adjust card: {card.name} is no permanent card ({' '.join(card.types)})"
        )
    if card is not None and card.token:
        raise IllegalCommand(
            f'adjust card: {card.name} is a token, not a card: adjust token p1 "{card.name}" '
            "P/T [COLOUR ...]"
        )
    raise IllegalCommand(f"adjust card: {pool.unknown_message(name)}")


# What an Aura's "Enchant ..." lets it be attached to (303.4a), by its words.
ENCHANTS = {
    "creature": ("Creature",),
    "land": ("Land",),
    "artifact": ("Artifact",),
    "enchantment": ("Enchantment",),
    "planeswalker": ("Planeswalker",),
    "creature you control": ("Creature",),
}


def _host(table: Table, entry: Entry, card: Card) -> Obj | None:
    """The permanent an Aura or Equipment is put on (303.4f, 301.5c), checked; None: none."""
    aura, equipment = "Aura" in card.subtypes, "Equipment" in card.subtypes
    if entry.on is None:
        if aura:
            raise IllegalCommand(
                f"adjust card: {card.name} is an Aura: say what it enchants "
                f"(adjust card {entry.who} {card.name} on #13)"
            )
        return None
    if not (aura or equipment):
        raise IllegalCommand(
            f"adjust card: {card.name} is no Aura or Equipment: it is put on nothing"
        )
    host = table.objects.get(entry.on)
    if host is None or host.zone != "battlefield":
        raise IllegalCommand(f"adjust card: #{entry.on} is not on the battlefield")
    types = table.chars(host).types
    if equipment and not aura:
        wanted: tuple[str, ...] = ("Creature",)
        what = "creature"
    else:
        what = next((k[len("enchant ") :] for k in _keywords(card) if k.startswith("enchant ")), "")
        wanted = ENCHANTS.get(what, ())
    mine = what != "creature you control" or host.controller == entry.who
    if (wanted and not any(t in types for t in wanted)) or not mine:
        raise IllegalCommand(
            f"adjust card: {card.name} can't be put on #{host.id} {host.name} "
            f"({'enchant ' if aura else 'equip: a '}{what or 'permanent'})"
        )
    return host


def _keywords(card: Card) -> list[str]:
    return [k.lower() for k in card.keywords]


def definition_of(card: Card) -> dict[str, Any]:
    """The card's definition as a log header keeps a deck's (``resolve``)."""
    from cardcli.cards.mtg.resolve import resolve_names

    resolved = resolve_names([card.name], "adjust card", shipped_pool())
    return dict(resolved["definitions"][resolved["sections"]["main"][0]])


def enter(table: Table, seat: str, args: list[str]) -> None:
    """Check the whole command, then put the cards onto the battlefield."""
    from cardcli.games.horde.setup import shared_protos

    entry = parse_args(table, seat, args)
    who = entry.who
    card = find(entry.name)
    host = _host(table, entry, card)
    definition = definition_of(card)
    proto = shared_protos().of(definition)
    event: dict[str, Any] = {
        "type": "adjusted",
        "by": seat,
        "what": "card",
        "args": list(args),
        "card": card.name,
        "definition": definition,
    }
    table.emit(event)
    waiting = []
    for _ in range(entry.count):
        number = table.extra["card_count"]
        table.extra["card_count"] = number + 1
        waiting.append(table.add_card(who, proto, OUTSIDE, number))
    moves = [
        Move(obj, "battlefield", "adjusted", controller=who, tapped=entry.tapped) for obj in waiting
    ]
    entered = [obj for obj in table.move_many(moves) if obj is not None]
    for obj in entered:
        if obj.zone == "battlefield" and not entry.sick:
            obj.sick = False  # it was already at the table (the reading above)
        if host is not None and obj.zone == "battlefield" and host.id in table.battlefield:
            obj.attached_to = host.id  # 303.4f: put onto the battlefield attached to it
            obj.touch()
            table.static_version += 1  # its attached statics reach that permanent now
            table.emit({"type": "attached", "id": obj.id, "to": host.id})
    event["ids"] = [obj.id for obj in entered]
    zones = table.players[who].zones
    if not zones.get(OUTSIDE):
        zones.pop(OUTSIDE, None)


_TYPING = re.compile(
    r"^(\s*(?:p[1-4]\s+)?adjust\s+card\s+(?:(?:p[1-4]|horde)\s+)?)(\S.*)$", re.IGNORECASE
)
MIN_TYPED = 2  # letters typed before card names are offered (not every card at once)
MAX_OFFERED = 50  # names offered at most, the most played first


_WORD = re.compile(r"^(\s*(?:p[1-4]\s+)?adjust\s+)(\S*)$", re.IGNORECASE)


def complete(before: str) -> list[str]:
    """Tab after ``adjust ca``: the adjustments; after ``adjust card p1 Ser``: the lines the
    names of cardcli's cards make of it."""
    from cardcli.games.horde.commands import ADJUSTMENTS

    word = _WORD.match(before)
    if word is not None:
        typed = word.group(2).lower()
        return [before + a[len(typed) :] for a in ADJUSTMENTS if a.startswith(typed)]
    match = _TYPING.match(before)
    if match is None or len(match.group(2)) < MIN_TYPED:
        return []
    typed = match.group(2)
    low = typed.lower()
    found = []
    for _key, name in _keys():
        if name.lower().startswith(low):
            found.append(before + name[len(typed) :])
            if len(found) >= MAX_OFFERED:
                break
    return found
