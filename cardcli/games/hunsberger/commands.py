"""Hunsberger's Solitaire command text.

``cast CARD [X=N] [-> TARGET]``, ``tap CARD``, ``save CARD N``,
``activate CARD [N]``, ``equip CARD [-> CREATURE]`` and ``end``. A CARD is a card's name (any case, and any
unambiguous start of it) or a place on the table: ``h2`` (the second card of
the hand) or ``s1`` (what Save slot 1 holds). Names are resolved by the state,
which knows what is on the table.

>>> parse("cast Disintegrate X=3")
Cast(player=None, card='Disintegrate', x=3, target=None)
>>> parse("cast Giant Growth -> s1")
Cast(player=None, card='Giant Growth', x=None, target='s1')
>>> parse("save Swamp 2")
Save(player=None, card='Swamp', slot=2)
>>> parse("activate Dread Shade 2")
Activate(player=None, card='Dread Shade', times=2)
>>> parse("equip Bonesplitter -> Raging Goblin")
Equip(player=None, card='Bonesplitter', target='Raging Goblin')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardcli.engine.errors import InvalidCommand
from cardcli.engine.game import Command
from cardcli.suggest import PROMPT_WORDS, unknown_command

VERBS = ("cast", "tap", "save", "activate", "equip", "end")
_ALIASES = {"c": "cast", "t": "tap", "s": "save", "a": "activate", "e": "end", "summon": "cast"}
_KNOWN_WORDS = (*VERBS, *_ALIASES, *PROMPT_WORDS)  # what a slip is compared with
_X = re.compile(r"^x=0*(\d{1,3})$", re.IGNORECASE)  # leading zeros are the same number
MAX_TIMES = 99

USAGE = (
    "commands: cast CARD [X=N] [-> TARGET], tap CARD, save CARD 1|2, activate CARD [N], "
    "equip CARD [-> CREATURE], end "
    "(a CARD is its name or its place: h1 h2 ... in the hand, s1 s2 in the Save slots)"
)


@dataclass(frozen=True)
class Cast(Command):
    card: str = ""
    x: int | None = None
    target: str | None = None


@dataclass(frozen=True)
class Tap(Command):
    card: str = ""


@dataclass(frozen=True)
class Save(Command):
    card: str = ""
    slot: int = 1


@dataclass(frozen=True)
class Activate(Command):
    card: str = ""
    times: int = 1


@dataclass(frozen=True)
class Equip(Command):
    card: str = ""
    target: str | None = None


@dataclass(frozen=True)
class End(Command):
    pass


def parse(text: str) -> Command:
    words = text.split()
    if not words:
        raise InvalidCommand("empty command; " + USAGE)
    player: str | None = None
    if words[0].lower() == "p1":
        player = "p1"
        words = words[1:]
        if not words:
            raise InvalidCommand("'p1' needs a command after it; " + USAGE)
    verb = _ALIASES.get(words[0].lower(), words[0].lower())
    args = words[1:]
    if verb == "end":
        if args:
            raise InvalidCommand("end takes nothing after it")
        return End(player)
    if verb == "cast":
        return _cast(player, args)
    if verb == "tap":
        return Tap(player, _card(args, "tap", "tap Swamp"))
    if verb == "save":
        if len(args) < 2 or args[-1] not in ("1", "2"):
            raise InvalidCommand("save needs a card and a Save slot, 1 or 2: save Swamp 1")
        return Save(player, _card(args[:-1], "save", "save Swamp 1"), int(args[-1]))
    if verb == "equip":
        text, arrow, after = " ".join(args).partition("->")
        target = " ".join(after.split()) or None
        if arrow and target is None:
            raise InvalidCommand("'->' needs a creature after it: equip Bonesplitter -> Goblin")
        if target is not None and "->" in target:
            raise InvalidCommand("an Equipment equips one creature: write '->' once")
        return Equip(player, _card(text.split(), "equip", "equip Bonesplitter -> Goblin"), target)
    if verb == "activate":
        times = 1
        if len(args) >= 2 and args[-1].isdigit() and args[-1].isascii():
            if len(args[-1]) > 2 or not 1 <= int(args[-1]) <= MAX_TIMES:
                raise InvalidCommand(f"activate takes 1 to {MAX_TIMES} times")
            times = int(args[-1])
            args = args[:-1]
        return Activate(player, _card(args, "activate", "activate Dread Shade 2"), times)
    raise InvalidCommand(unknown_command(words[0], _KNOWN_WORDS, USAGE))


def _card(words: list[str], verb: str, example: str) -> str:
    if not words:
        raise InvalidCommand(f"{verb} needs a card: {example}")
    return " ".join(words)


def _cast(player: str | None, args: list[str]) -> Cast:
    text = " ".join(args)
    target: str | None = None
    if "->" in text:
        text, _, after = text.partition("->")
        target = " ".join(after.split())
        if not target:
            raise InvalidCommand("'->' needs a target after it: cast Giant Growth -> Dread Shade")
        if "->" in target:
            raise InvalidCommand("a spell has one target: write '->' once")
    x: int | None = None
    kept: list[str] = []
    for word in text.split():
        found = _X.match(word)
        if found:
            if x is not None:
                raise InvalidCommand("give X once: cast Disintegrate X=3")
            x = int(found.group(1))
        elif word.lower().startswith("x="):
            digits = word[2:].lstrip("0")
            if digits.isdigit() and digits.isascii():
                raise InvalidCommand(f"'{word}': X is at most 999")
            raise InvalidCommand(f"'{word}': X takes a whole number, e.g. X=3")
        else:
            kept.append(word)
    return Cast(player, _card(kept, "cast", "cast Dread Shade"), x, target)
