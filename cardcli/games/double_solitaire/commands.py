"""Double Solitaire command text.

A command is ``[@TIME] [SEAT] MOVE``: ``@1250 p2 s f`` means at 1250 logical
milliseconds, seat p2 moves the top of its stack to the shared area.

Places: ``s`` the stack, ``w1``..``w4`` the work piles, ``d`` the face-up card
of the deck (the waste), ``f`` the shared area (any foundation that takes the
card, or a new one for an Ace), ``f3`` foundation 3. Moves: ``FROM TO`` (with
an optional card count for work pile to work pile), and ``f`` or ``flip`` to
turn the next cards of the deck, and ``pass`` when you see nothing to play
(it counts as having looked through your whole deck). Long forms: ``stack``, ``waste``/``deck``,
``pile2``, ``shared``/``foundation``.

>>> parse("@1250 p2 s f")
Move(player='p2', time=1250, source='s', target='f', count=None)
>>> parse("w2 w4")
Move(player=None, time=None, source='w2', target='w4', count=None)
>>> parse("f")
Flip(player=None, time=None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardcli.engine.errors import InvalidCommand
from cardcli.engine.game import Command
from cardcli.engine.loop import MAX_STEP_TIME
from cardcli.suggest import PROMPT_WORDS, did_you_mean, unknown_command

MAX_TIME = MAX_STEP_TIME  # about 31 years of logical milliseconds (the loop's limit too)
_SEAT = re.compile(r"^p[1-9]$")
_PILE = re.compile(r"^(?:w|pile)([1-4])$")
_FOUNDATION = re.compile(r"^(?:f|shared|foundation)([1-9][0-9]{0,2})?$")
_SOURCES = {"s": "s", "stack": "s", "d": "d", "waste": "d", "deck": "d"}

USAGE = (
    "commands: FROM TO with s (stack), d (the deck's face-up card), w1-w4 (work piles), "
    "f or f3 (shared area), e.g. 's f', 'w2 w4', 'd w1'; 'f' or 'flip' turns the deck; 'pass'; "
    "optional '@TIME' and seat first: '@1250 p2 s f'"
)


@dataclass(frozen=True)
class Timed(Command):
    time: int | None = None


@dataclass(frozen=True)
class Move(Timed):
    source: str = "s"  # "s", "d", "w1".."w4"
    target: str = "f"  # "f", "f3", "w1".."w4"
    count: int | None = None  # cards moved from a work pile to another


@dataclass(frozen=True)
class Flip(Timed):
    pass


@dataclass(frozen=True)
class Pass(Timed):
    """Nothing to play: counts as having looked through the whole deck."""


def _place(word: str, as_target: bool) -> str:
    word = word.lower()
    if word in _SOURCES and not as_target:
        return _SOURCES[word]
    pile = _PILE.match(word)
    if pile:
        return "w" + pile.group(1)
    if as_target:
        foundation = _FOUNDATION.match(word)
        if foundation:
            return "f" + (foundation.group(1) or "")
        if word in _SOURCES:
            raise InvalidCommand(f"nothing can be moved onto the {_name(word)}")
    elif _FOUNDATION.match(word):
        raise InvalidCommand("cards never leave the shared area")
    places = ("stack", "waste", "deck", "shared", "foundation", "pile1", "pile2", "pile3", "pile4")
    hint = did_you_mean(word, places).lstrip("; ")
    raise InvalidCommand(f"'{word}' is not a place;{' ' + hint if hint else ''} " + USAGE)


def _name(word: str) -> str:
    return "stack" if _SOURCES.get(word) == "s" else "deck"


def parse(text: str) -> Command:
    words = text.split()
    time: int | None = None
    player: str | None = None
    if words and words[0].startswith("@"):
        stamp = words.pop(0)[1:]
        if not (stamp.isdigit() and stamp.isascii()) or len(stamp) > 13 or int(stamp) > MAX_TIME:
            raise InvalidCommand(f"'@{stamp}' is not a time: write @ and milliseconds, e.g. @1250")
        time = int(stamp)
    if words and _SEAT.match(words[0].lower()):
        player = words.pop(0).lower()
    if not words:
        raise InvalidCommand("empty command; " + USAGE)
    if len(words) == 1:
        if words[0].lower() in ("f", "flip"):
            return Flip(player, time)
        if words[0].lower() == "pass":
            return Pass(player, time)
        words_known = ("flip", "pass", *PROMPT_WORDS)
        raise InvalidCommand(unknown_command(words[0], words_known, USAGE))
    if len(words) > 3:
        raise InvalidCommand("too many words; " + USAGE)
    source = _place(words[0], as_target=False)
    target = _place(words[1], as_target=True)
    count: int | None = None
    if len(words) == 3:
        if not (source.startswith("w") and target.startswith("w")):
            raise InvalidCommand(
                f"too many words: '{words[2]}' after {words[0]} {words[1]}; " + USAGE
            )
        if not (words[2].isdigit() and words[2].isascii()) or not 1 <= int(words[2][:3]) <= 13:
            raise InvalidCommand("the card count is a number from 1 to 13, e.g. 'w2 w4 3'")
        count = int(words[2])
    if source == target:
        raise InvalidCommand("a card cannot move onto its own pile")
    return Move(player, time, source, target, count)
