"""Manual adjustments, for cards marked manual and for house rules.

``adjust life -3``, ``adjust poison 2 [p1]``, ``adjust mill 4``, ``adjust destroy #12``,
``adjust token p1 "Soldier" 1/1 white``, ``adjust counter #12 +1/+1``,
``adjust move #12 exile`` (and ``adjust tap #12`` / ``adjust untap #12``);
for a table of paper players, ``adjust card p1 Serra Angel`` (``adjust_card``),
``adjust damage #12 3`` / ``adjust damage horde 5``, ``adjust exile #12`` and
``adjust bounce #12``. Each is logged as an ``adjusted`` event followed by the events of what it
did, and replays like any command. They go through the same fixed points as
the rules do (a destroyed creature can still be indestructible).
"""

from __future__ import annotations

import re

from cardcli.engine.errors import IllegalCommand, InvalidCommand
from cardcli.games.horde import adjust_many
from cardcli.games.horde.variant import HORDE
from cardcli.magic.cards import LANDWALK, norm_keyword
from cardcli.magic.effects import token_proto
from cardcli.magic.mana import COLOR_WORDS
from cardcli.magic.objects import Obj
from cardcli.magic.sources import DamageSource
from cardcli.magic.table import Table
from cardcli.suggest import did_you_mean

PT = re.compile(r"^(-?\d{1,3})/(-?\d{1,3})$")
NUMBER = re.compile(r"^[+-]?\d{1,4}$")
ZONES = ("hand", "graveyard", "exile", "library", "battlefield")
HELP = (
    "adjust life N | adjust poison N [p1..p4|horde] | adjust mill N [p1..p4|horde]"
    " | adjust destroy #ID"
    ' | adjust token WHO "NAME" P/T [COLOUR ...] [KEYWORD ...] [xN]'
    " | adjust counter #ID KIND [N] | adjust move #ID ZONE [bottom] | adjust tap #ID | adjust untap #ID"
    " | adjust card [p1..p4] NAME [xN] [tapped] [sick] [on #ID]"
    " | adjust damage #ID|p1..p4|horde N [from #ID] | adjust exile #ID | adjust bounce #ID"
    " | several at once or by name: adjust destroy|exile|bounce|tap|untap|damage #ID #ID ...,"
    " NAME, NAME or"
    " all [horde|players|pN] creatures|tokens|permanents|artifacts|enchantments|lands"
)
TABLE_SOURCE = adjust_many.TABLE_SOURCE  # damage from a source the engine does not know


def _number(word: str, what: str) -> int:
    if not NUMBER.match(word):
        raise InvalidCommand(f"adjust {what}: '{word}' is not a number")
    return int(word)


def _object(table: Table, word: str) -> Obj:
    return adjust_many.object_by_id(table, word)


def _one_permanent(table: Table, what: str, args: list[str]) -> Obj:
    """The one permanent an ``adjust destroy|tap|untap|exile|bounce #ID`` names."""
    if len(args) != 1:
        raise InvalidCommand(f"adjust {what} takes one permanent: adjust {what} #12")
    obj = _object(table, args[0])
    if obj.zone != "battlefield":
        raise IllegalCommand(f"#{obj.id} {obj.name} is not on the battlefield")
    return obj


def apply(table: Table, seat: str, what: str, args: list[str]) -> None:
    """Check the whole adjustment, then do it."""
    if adjust_many.handles(what, args):  # several permanents at once, or all of a kind
        adjust_many.apply(table, seat, what, args)
        return
    if what == "life":
        if len(args) != 1:
            raise InvalidCommand("adjust life takes one number: adjust life -3")
        delta = _number(args[0], "life")
        team = table.teams[0]
        assert team.life is not None
        _logged(table, seat, what, args)
        table.change_life(team, seat, delta, "adjust")
        return
    if what == "mill":
        if not args or len(args) > 2:
            raise InvalidCommand(
                "adjust mill takes a number and maybe whose library: adjust mill 4"
            )
        count = _number(args[0], "mill")
        who = args[1].lower() if len(args) == 2 else HORDE
        if count < 0:
            raise IllegalCommand(f"adjust mill: {count} cards? mill 0 or more (adjust mill 4)")
        if who not in table.players:
            players = ", ".join(p for p in table.players)
            raise IllegalCommand(f"adjust mill: '{who}' is not a player ({players})")
        _logged(table, seat, what, args)
        table.mill(who, count, "adjust")
        return
    if what == "poison":
        if not args or len(args) > 2:
            raise InvalidCommand("adjust poison takes a number and maybe whose: adjust poison 2 p1")
        delta = _number(args[0], "poison")
        who = args[1].lower() if len(args) == 2 else seat
        if who not in table.players:
            players = ", ".join(p for p in table.players)
            raise IllegalCommand(f"adjust poison: '{who}' is not a player ({players})")
        _logged(table, seat, what, args)
        table.change_poison(who, delta, "adjust")
        return
    if what in ("destroy", "tap", "untap"):
        obj = _one_permanent(table, what, args)
        _logged(table, seat, what, args)
        if what == "destroy":
            table.destroy([obj], "adjusted")
        elif what == "tap":
            table.tap(obj, "adjusted")
        else:
            table.untap(obj)
        return
    if what == "token":
        _token(table, seat, args)
        return
    if what == "card":
        from cardcli.games.horde import adjust_card

        adjust_card.enter(table, seat, args)
        return
    if what == "damage":
        _damage(table, seat, args)
        return
    if what in ("exile", "bounce"):
        obj = _one_permanent(table, what, args)
        _logged(table, seat, what, args)
        # Bounce: to its owner's hand (a token there ceases to exist, 704.5d).
        to, why = ("exile", "exiled") if what == "exile" else ("hand", "bounced")
        table.move(obj, to, why)
        return
    if what == "counter":
        if len(args) not in (2, 3):
            raise InvalidCommand("adjust counter takes: adjust counter #12 +1/+1 [N]")
        obj = _object(table, args[0])
        if obj.zone != "battlefield":
            raise IllegalCommand(f"#{obj.id} {obj.name} is not on the battlefield")
        kind = args[1]
        count = _number(args[2], "counter") if len(args) == 3 else 1
        _logged(table, seat, what, args)
        if count >= 0:
            table.add_counters(obj, kind, count)
        else:
            table.remove_counters(obj, kind, -count)
        return
    if what == "move":
        if len(args) not in (2, 3) or args[1].lower() not in ZONES:
            raise InvalidCommand(
                f"adjust move takes: adjust move #12 ZONE [bottom] (zones: {', '.join(ZONES)})"
            )
        obj = _object(table, args[0])
        if obj.zone == "stack":
            raise IllegalCommand(f"#{obj.id} is a spell on the stack; counter it or let it resolve")
        bottom = len(args) == 3 and args[2].lower() == "bottom"
        zone = args[1].lower()
        if obj.zone == zone and zone != "library":  # within the library it reorders
            raise IllegalCommand(f"#{obj.id} {obj.name} is already in the {zone}")
        _logged(table, seat, what, args)
        table.move(obj, args[1].lower(), "adjusted", bottom=bottom, controller=obj.controller)
        return
    raise InvalidCommand(HELP)


MAX_TOKENS = 50  # an adjust makes at most this many tokens at once
# The keywords the rules core plays, so a token may be given them (a multi-word one
# may be typed as its words: first strike, can't block).
TOKEN_KEYWORDS = (
    "flying",
    "reach",
    "first strike",
    "double strike",
    "deathtouch",
    "lifelink",
    "trample",
    "vigilance",
    "haste",
    "menace",
    "defender",
    "hexproof",
    "shroud",
    "indestructible",
    "fear",
    "intimidate",
    "flanking",
    "wither",
    "infect",
    "can't be blocked",
    "can't block",
    *LANDWALK,
)


def _keyword_at(words: list[str], at: int) -> tuple[str, int]:
    """The keyword that starts at ``words[at]`` and how many words it takes."""
    for taken in (3, 2, 1):
        if at + taken <= len(words):
            keyword = norm_keyword(" ".join(words[at : at + taken]))
            if keyword in TOKEN_KEYWORDS:
                return keyword, taken
    word = words[at]
    hint = did_you_mean(word, [*COLOR_WORDS, *TOKEN_KEYWORDS])
    raise IllegalCommand(
        f"adjust token: '{word}' is not a colour ({', '.join(COLOR_WORDS)}), a count (x2) "
        f"or a keyword a token can have ({', '.join(TOKEN_KEYWORDS)}){hint}"
    )


def _token(table: Table, seat: str, args: list[str]) -> None:
    if len(args) < 3:
        raise InvalidCommand(
            'adjust token takes: adjust token p1 "Soldier" 1/1 white [flying] [x2]'
        )
    who = args[0].lower()
    if who not in table.players:
        players = ", ".join(p for p in table.players)
        raise IllegalCommand(f"adjust token: '{args[0]}' is not a player ({players})")
    name = args[1]
    match = PT.match(args[2])
    if not match:
        raise InvalidCommand(f"adjust token: '{args[2]}' is not power/toughness, e.g. 1/1")
    if name[:1] in ("'", '"'):
        raise InvalidCommand(f"adjust token: the name {name} has no closing quote")
    colors: list[str] = []
    keywords: list[str] = []
    count = 1
    words = args[3:]
    at = 0
    while at < len(words):
        low = words[at].lower()
        if low in COLOR_WORDS:
            if COLOR_WORDS[low] != "C":
                colors.append(COLOR_WORDS[low])
        elif re.match(r"^x\d+$", low):
            count = int(low[1:]) if len(low) <= 4 else MAX_TOKENS + 1
            if not 1 <= count <= MAX_TOKENS:
                raise IllegalCommand(f"adjust token: make 1 to {MAX_TOKENS} at a time ({low})")
        else:
            keyword, taken = _keyword_at(words, at)
            keywords.append(keyword)
            at += taken
            continue
        at += 1
    data = {
        "name": name,
        "types": ["Creature"],
        "subtypes": [name] if name.isalpha() else [],
        "colors": colors,
        "power": match.group(1),
        "toughness": match.group(2),
        "keywords": keywords,
    }
    _logged(table, seat, "token", args)
    table.create_tokens(token_proto(data), who, count)


def _damage(table: Table, seat: str, args: list[str]) -> None:
    """``adjust damage #12 3 [from #5]``, ``adjust damage horde 5``: through the damage fixed
    point (prevention, protection, indestructible, the Horde's milling for it)."""
    usage = "adjust damage takes: adjust damage #12 3, adjust damage horde 5 [from #ID]"
    if len(args) not in (2, 4) or (len(args) == 4 and args[2].lower() != "from"):
        raise InvalidCommand(usage)
    amount = _number(args[1], "damage")
    if amount < 1:
        raise IllegalCommand(
            f"adjust damage: {amount} damage? deal 1 or more (adjust damage #12 3)"
        )
    who = args[0].lower()
    target: int | str
    if who in table.players:
        target = who
    else:
        obj = _object(table, args[0])
        if obj.zone != "battlefield":
            raise IllegalCommand(f"#{obj.id} {obj.name} is not on the battlefield")
        kinds = table.chars(obj).types
        if not ({"Creature", "Planeswalker", "Battle"} & set(kinds)):
            raise IllegalCommand(
                f"#{obj.id} {obj.name} is no creature or planeswalker: nothing is dealt damage"
            )
        target = obj.id
    if len(args) == 4:
        source_obj = _object(table, args[3])
        if source_obj.zone != "battlefield":
            raise IllegalCommand(f"#{source_obj.id} {source_obj.name} is not on the battlefield")
        source = table.source_of(source_obj)
    else:
        source = DamageSource(0, TABLE_SOURCE, seat)
    _logged(table, seat, "damage", args)
    table.damage(source, target, amount)


def _logged(table: Table, seat: str, what: str, args: list[str]) -> None:
    table.emit({"type": "adjusted", "by": seat, "what": what, "args": list(args)})
