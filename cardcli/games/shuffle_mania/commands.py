"""Shuffle-Mania command text: ``[p1|p2] remove|auto|done|cut ...``.

>>> parse("remove 9c 9d 8d")
Remove(player=None, cards=(8, 21, 20), positions=())
>>> parse("p2 cut 17")
Cut(player='p2', count=17)
>>> parse("auto")
Auto(player=None, direction='ltr')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardcli.cards.playing import BARE_JOKER_WORDS, parse_card
from cardcli.engine.errors import InvalidCommand
from cardcli.engine.game import Command
from cardcli.suggest import PROMPT_WORDS, unknown_command

# A card reference in ``remove``: a card index, or this for "a joker" (X).
ANY_JOKER = -1

SEATS = ("p1", "p2")
VERBS = ("remove", "auto", "done", "cut")
_ALIASES = {"rm": "remove", "r": "remove", "a": "auto", "d": "done", "c": "cut"}
_KNOWN_WORDS = (*VERBS, *_ALIASES, *PROMPT_WORDS)  # what a slip is compared with
_RANGE = re.compile(r"^(\d+)-(\d+)$")
MAX_POSITION = 1000

USAGE = (
    "commands: remove CARDS|POSITIONS (one anomaly, e.g. 'remove 9c 9d 8d' or 'remove 3-5'), "
    "auto [ltr|rtl], done, cut [N]; in a two-player game put p1 or p2 first"
)


@dataclass(frozen=True)
class Remove(Command):
    cards: tuple[int, ...] = ()
    positions: tuple[int, ...] = ()  # 1-based


@dataclass(frozen=True)
class Auto(Command):
    direction: str = "ltr"


@dataclass(frozen=True)
class Done(Command):
    pass


@dataclass(frozen=True)
class Cut(Command):
    count: int | None = None


def _positions(words: list[str]) -> tuple[int, ...] | None:
    """The positions named by ``words`` (``3 4 5`` or ``3-5``), or None if not numbers."""
    found: list[int] = []
    for word in words:
        span = _RANGE.match(word)
        if span:
            low, high = int(span.group(1)), int(span.group(2))
            if low > high:
                low, high = high, low
            if high > MAX_POSITION:
                raise InvalidCommand(f"position {high} is out of range")
            found.extend(range(low, high + 1))
        elif word.isdigit() and word.isascii():
            found.append(int(word))
        else:
            return None
    return tuple(found)


_PARSED: dict[str, Command] = {}  # commands are immutable: the same text, the same command
_PARSED_MAX = 512


def parse(text: str) -> Command:
    command = _PARSED.get(text)
    if command is None:
        command = _parse(text)
        if len(_PARSED) < _PARSED_MAX:
            _PARSED[text] = command
    return command


def _parse(text: str) -> Command:
    words = text.split()
    if not words:
        raise InvalidCommand("empty command; " + USAGE)
    player: str | None = None
    if words[0].lower() in SEATS:
        player = words[0].lower()
        words = words[1:]
        if not words:
            raise InvalidCommand(f"'{player}' needs a command after it; " + USAGE)
    verb = words[0].lower()
    verb = _ALIASES.get(verb, verb)
    args = words[1:]
    if verb == "remove":
        if not args:
            raise InvalidCommand(
                "remove needs the cards or positions of one anomaly, e.g. remove 9c 9d"
            )
        positions = _positions(args)
        if positions is not None:
            if len(positions) < 2:
                raise InvalidCommand("an anomaly has at least two cards: name two or more")
            return Remove(player, positions=positions)
        cards = tuple(
            ANY_JOKER if arg.lower() in BARE_JOKER_WORDS else parse_card(arg) for arg in args
        )
        if len(cards) < 2:
            raise InvalidCommand("an anomaly has at least two cards: name two or more")
        return Remove(player, cards=cards)
    if verb == "auto":
        if len(args) > 1 or (args and args[0].lower() not in ("ltr", "rtl")):
            raise InvalidCommand("auto takes ltr (left to right, the default) or rtl")
        return Auto(player, args[0].lower() if args else "ltr")
    if verb == "done":
        if args:
            raise InvalidCommand("done takes no arguments")
        return Done(player)
    if verb == "cut":
        if len(args) > 1 or (args and not (args[0].isdigit() and args[0].isascii())):
            raise InvalidCommand(
                "cut takes nothing (a random cut) or a number of cards, e.g. cut 17"
            )
        if args and len(args[0]) > 6:
            raise InvalidCommand(f"cut {args[0]}: too many cards")
        return Cut(player, int(args[0]) if args else None)
    raise InvalidCommand(unknown_command(words[0], _KNOWN_WORDS, USAGE))
