"""Horde Magic command text.

>>> parse("p2 cast Lightning Bolt -> #17")
Cast(player='p2', card='Lightning Bolt', x=None, targets=(17,))
>>> parse("attack #3 #5 -> planeswalker #9")
Attack(player=None, ids=(3, 5), target=9)
>>> parse("block #21 with #3")
Block(player=None, attacker=21, blockers=(3,))
>>> parse("adjust token p1 \\"Soldier\\" 1/1 white")
Adjust(player=None, what='token', args=('p1', 'Soldier', '1/1', 'white'))
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from functools import lru_cache

from cardcli.engine.errors import InvalidCommand
from cardcli.engine.game import Command
from cardcli.games.horde import handing
from cardcli.magic.objects import Target
from cardcli.suggest import unknown_command

SEAT = re.compile(r"^p[1-4]$")
ID = re.compile(r"^#?(\d{1,9})$")
X_WORD = re.compile(r"^x=(\d{1,3})$", re.IGNORECASE)
VERBS = (
    "play",
    "cast",
    "activate",
    "tap",
    "pass",
    "attack",
    "block",
    "unattack",
    "unblock",
    "choose",
    "cancel",
    "keep",
    "mulligan",
    "adjust",
)
ALIASES = {"done": "pass", "p": "pass", "c": "choose"}
ADJUSTMENTS = ("life", "poison", "mill", "destroy", "token", "counter", "move", "tap", "untap")
USAGE = (
    "commands: [pN] play CARD | [pN] cast CARD [X=N] [-> TARGETS] | [pN] activate #ID [N] [-> TARGETS]"
    " | [pN] cast CARD evoke | [pN] cast CARD kicked | [pN] cast CARD overload | [pN] cast CARD convoke #ID ... | [pN] cast CARD improvise #ID ... | [pN] activate CARD (in hand or graveyard) | [pN] tap #ID [MANA|N] | attack #ID ... [-> TARGET] | block #ATTACKER with #BLOCKER ..."
    " | choose ... | pass | cancel | keep | mulligan | adjust ...; 'help' shows more"
)


@dataclass(frozen=True)
class Play(Command):
    card: str = ""


@dataclass(frozen=True)
class Cast(Command):
    card: str = ""
    x: int | None = None
    targets: tuple[Target, ...] | None = None
    evoke: bool = False  # "cast Mulldrifter evoke": for its evoke cost (702.74a)
    convoke: tuple[int, ...] | None = None  # "convoke #4 #5": creatures tapped to pay (702.51a)
    improvise: bool = False  # "improvise #4 #5": ``convoke`` names artifacts (702.126a)
    kicked: bool = False  # "cast Into the Roil kicked": its kicker cost paid too (702.33a)
    overload: bool = False  # "cast Cyclonic Rift overload": for its overload cost (702.96a)


@dataclass(frozen=True)
class Activate(Command):
    id: int = 0
    index: int | None = None  # 0-based
    targets: tuple[Target, ...] | None = None
    card: str | None = None  # a card in hand or graveyard named, not an id (cycling)


@dataclass(frozen=True)
class Tap(Command):
    id: int = 0
    color: str | None = None


@dataclass(frozen=True)
class Pass(Command):
    turn: bool = False  # "pass turn": the team passes whenever it has priority, until the turn ends


@dataclass(frozen=True)
class Attack(Command):
    ids: tuple[int, ...] = ()
    target: Target | None = None


@dataclass(frozen=True)
class Block(Command):
    attacker: int = 0
    blockers: tuple[int, ...] = ()


@dataclass(frozen=True)
class Withdraw(Command):
    id: int = 0


@dataclass(frozen=True)
class Choose(Command):
    picks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Cancel(Command):
    pass


@dataclass(frozen=True)
class Keep(Command):
    pass


@dataclass(frozen=True)
class Mulligan(Command):
    pass


@dataclass(frozen=True)
class Adjust(Command):
    what: str = ""
    args: tuple[str, ...] = ()


def object_id(word: str, what: str = "an object") -> int:
    match = ID.match(word.strip())
    if not match:
        raise InvalidCommand(f"'{word}' is not {what}: write its id, e.g. #17")
    return int(match.group(1))


def target_word(word: str) -> Target:
    text = word.strip().lower()
    match = ID.match(text)
    if match:
        return int(match.group(1))
    if SEAT.match(text) or text == "horde":
        return text
    raise InvalidCommand(f"'{word}' is not a target: write #ID, p1..p4 or horde")


def _split_arrow(words: list[str]) -> tuple[list[str], list[str] | None]:
    if "->" in words:
        at = words.index("->")
        return words[:at], words[at + 1 :]
    return words, None


# A command is an immutable value read from its text alone, so each text's reading is kept
# (the bots send the same lines again and again, "pass" most); nothing makes one stale, and
# only the most recent texts are kept. A text that is not a command raises every time.
@lru_cache(maxsize=512)
def parse(text: str) -> Command:
    if "->" in text and " -> " not in text:
        text = text.replace("->", " -> ")
    try:
        words = shlex.split(text)
    except ValueError:
        words = text.split()
    if not words:
        raise InvalidCommand("empty command; " + USAGE)
    player: str | None = None
    if SEAT.match(words[0].lower()):
        player = words[0].lower()
        words = words[1:]
        if not words:
            raise InvalidCommand(f"'{player}' needs a command after it; " + USAGE)
    verb = ALIASES.get(words[0].lower(), words[0].lower())
    args = words[1:]
    if verb == "auto":  # the team's attacks or blocks handed to its bots (handing.py)
        return handing.parse(player, args)
    if verb not in VERBS:
        raise InvalidCommand(unknown_command(words[0], (*VERBS, *ALIASES), USAGE))
    if verb == "pass" and [a.lower() for a in args] == ["turn"]:
        return Pass(player, turn=True)
    if verb == "pass" and args and args[0].lower() == "until":  # pass until combat | my turn
        from cardcli.games.horde.stops import parse_until

        return parse_until(player, args[1:])
    if verb in ("pass", "cancel", "keep", "mulligan"):
        if args:
            raise InvalidCommand(
                f"{verb} takes nothing after it" + (" (or: pass turn)" if verb == "pass" else "")
            )
        simple: dict[str, type[Command]] = {
            "pass": Pass,
            "cancel": Cancel,
            "keep": Keep,
            "mulligan": Mulligan,
        }
        return simple[verb](player)
    if verb == "play":
        if not args:
            raise InvalidCommand("play needs a land: play Forest (or play #ID)")
        return Play(player, " ".join(args))
    if verb == "cast":
        return _cast(player, args)
    if verb == "activate":
        return _activate(player, args)
    if verb == "tap":
        if not args or len(args) > 2:
            raise InvalidCommand("tap needs a permanent and maybe a colour: tap #4, tap #4 U")
        color = args[1].upper() if len(args) == 2 else None
        if color is not None and not (
            color.isdigit() or all(c in ("W", "U", "B", "R", "G", "C") for c in color)
        ):
            raise InvalidCommand(
                f"'{args[1]}' is not mana (W U B R G or C, or several: WU)"
                " nor an option's number (tap #4 2)"
            )
        return Tap(player, object_id(args[0], "a permanent"), color)
    if verb == "attack":
        left, right = _split_arrow(args)
        if not left:
            raise InvalidCommand(
                "attack needs creatures: attack #3 #5 (-> horde or -> planeswalker #9)"
            )
        target = None
        if right is not None:
            right = [w for w in right if w.lower() != "planeswalker"]
            if len(right) != 1:
                raise InvalidCommand("after '->' name one player or planeswalker: -> horde, -> #9")
            target = target_word(right[0])
        return Attack(player, tuple(object_id(w, "a creature") for w in left), target)
    if verb == "block":
        lowered = [w.lower() for w in args]
        if "with" not in lowered or lowered.index("with") != 1 or len(args) < 3:
            raise InvalidCommand("block takes: block #ATTACKER with #BLOCKER [#BLOCKER ...]")
        return Block(
            player,
            object_id(args[0], "an attacking creature"),
            tuple(object_id(w, "a creature") for w in args[2:]),
        )
    if verb in ("unattack", "unblock"):
        if len(args) != 1:
            raise InvalidCommand(f"{verb} takes one creature: {verb} #3")
        return Withdraw(player, object_id(args[0], "a creature"))
    if verb == "choose":
        if not args:
            raise InvalidCommand(
                "choose needs an answer: choose #17, choose yes, choose 3, choose done"
            )
        return Choose(player, tuple(args))
    # adjust
    if not args or args[0].lower() not in ADJUSTMENTS:
        raise InvalidCommand("adjust takes: " + ", ".join(ADJUSTMENTS) + " (see help)")
    return Adjust(player, args[0].lower(), tuple(args[1:]))


def _cast(player: str | None, args: list[str]) -> Cast:
    left, right = _split_arrow(args)
    convoke = None
    lowered = [w.lower() for w in left]
    improvise = "improvise" in lowered[1:] and "convoke" not in lowered[1:]
    word = "improvise" if improvise else "convoke"
    if word in lowered[1:]:
        at = lowered.index(word, 1)
        what = "an artifact" if improvise else "a creature"
        convoke = tuple(object_id(w, what) for w in left[at + 1 :])
        if not convoke:
            raise InvalidCommand(f"after {word} name the {what[3:]}s to tap: {word} #4 #5")
        left = left[:at]
    x = None
    name_words = []
    for word in left:
        match = X_WORD.match(word)
        if match:
            x = int(match.group(1))
        else:
            name_words.append(word)
    kicked = len(name_words) > 1 and name_words[-1].lower() == "kicked"
    if kicked:
        name_words = name_words[:-1]
    evoke = len(name_words) > 1 and name_words[-1].lower() == "evoke"
    if evoke:
        name_words = name_words[:-1]
    overload = len(name_words) > 1 and name_words[-1].lower() == "overload"
    if overload:
        name_words = name_words[:-1]
    if not name_words:
        raise InvalidCommand("cast needs a card: cast Lightning Bolt -> #17")
    targets = None
    if right is not None:
        if not right:
            raise InvalidCommand("after '->' name the targets: -> #17, -> horde")
        targets = tuple(target_word(w) for w in right)
    return Cast(
        player, " ".join(name_words), x, targets, evoke, convoke, improvise, kicked, overload
    )


def _activate(player: str | None, args: list[str]) -> Activate:
    left, right = _split_arrow(args)
    if not left:
        raise InvalidCommand("activate takes: activate #ID [N] [-> TARGETS]")
    if not ID.match(left[0].strip()):
        # A card in hand or graveyard by name (p1 activate Barren Moor), maybe with the number
        # of its ability there (p1 activate Hulking Cycler 2).
        index = None
        if len(left) > 1 and left[-1].isdigit() and left[-1].isascii() and 0 < int(left[-1]) < 100:
            index = int(left[-1]) - 1
            left = left[:-1]
        return Activate(player, 0, index, _targets(right), card=" ".join(left))
    if len(left) > 2:
        raise InvalidCommand("activate takes: activate #ID [N] [-> TARGETS]")
    index = None
    if len(left) == 2:
        if not (left[1].isdigit() and left[1].isascii() and 0 < int(left[1]) < 100):
            raise InvalidCommand(f"'{left[1]}' is not an ability number (1, 2...)")
        index = int(left[1]) - 1
    return Activate(player, object_id(left[0], "a permanent"), index, _targets(right))


def _targets(right: list[str] | None) -> tuple[Target, ...] | None:
    if right is None:
        return None
    if not right:
        raise InvalidCommand("after '->' name the targets: -> #17, -> horde")
    return tuple(target_word(w) for w in right)
