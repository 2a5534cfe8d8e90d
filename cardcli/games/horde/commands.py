"""Horde Magic command text.

>>> parse("p2 cast Lightning Bolt -> #17")
Cast(player='p2', card='Lightning Bolt', x=None, targets=(17,))
>>> parse("attack #3 #5 -> planeswalker #9")
Attack(player=None, ids=(3, 5), target=9, every=False, but=())
>>> parse("attack all but Llanowar Elves")
Attack(player=None, ids=(), target=None, every=True, but=(Named(text='Llanowar Elves'),))
>>> parse("block Zombie Giant with Serra Angel, #7")
Block(player=None, attacker=Named(text='Zombie Giant'), blockers=(Named(text='Serra Angel'), 7), every=False, but=())
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
from cardcli.numbers import whole_number
from cardcli.suggest import PROMPT_WORDS, close_to

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
    "counter",
)
ALIASES = {"done": "pass", "p": "pass", "c": "choose"}
ADJUSTMENTS = (
    "life",
    "poison",
    "mill",
    "destroy",
    "token",
    "counter",
    "move",
    "tap",
    "untap",
    "card",
    "damage",
    "exile",
    "bounce",
)
# What ``adjust`` alone is told, in a line of 80 columns ('help' and 'cardcli rules' have the rest).
ADJUST_USAGE = "adjust takes: card, damage, destroy, exile, bounce, token, counter... (help)"
# What an unknown command is told: short enough for a line of 80 columns ('help' has the rest).
USAGE = "try cast, play, attack, block, pass, help"
# The words the prompt answers itself (never logged), and the forms it takes them in.
PROMPT_FORMS = {
    "show": "#ID, NAME, pN, graveyard, exile, hand, stack",
    "moves": "moves, p2 moves",
    "hint": "hint, p2 hint",
    "help": "help",
    "quit": "quit",
}


@dataclass(frozen=True)
class Named:
    """An object by its name or a unique prefix of it (``Zombie Giant``, ``zombie g``); a
    list of names separated by commas (``Serra Angel, Llanowar``) names several. The game
    reads it against the board (``naming``)."""

    text: str


Ref = int | Named  # an object by its id or by name
TargetRef = Target | Named  # a target: an id, a player, or a name


@dataclass(frozen=True)
class Play(Command):
    card: str = ""


@dataclass(frozen=True)
class Cast(Command):
    card: str = ""
    x: int | None = None
    targets: tuple[TargetRef, ...] | None = None
    evoke: bool = False  # "cast Mulldrifter evoke": for its evoke cost (702.74a)
    convoke: tuple[int, ...] | None = None  # "convoke #4 #5": creatures tapped to pay (702.51a)
    improvise: bool = False  # "improvise #4 #5": ``convoke`` names artifacts (702.126a)
    kicked: bool = False  # "cast Into the Roil kicked": its kicker cost paid too (702.33a)
    overload: bool = False  # "cast Cyclonic Rift overload": for its overload cost (702.96a)


@dataclass(frozen=True)
class Activate(Command):
    id: int = 0
    index: int | None = None  # 0-based
    targets: tuple[TargetRef, ...] | None = None
    card: str | None = None  # a card in hand or graveyard named, not an id (cycling)


@dataclass(frozen=True)
class Tap(Command):
    id: Ref = 0
    color: str | None = None


@dataclass(frozen=True)
class Pass(Command):
    turn: bool = False  # "pass turn": the team passes whenever it has priority, until the turn ends


@dataclass(frozen=True)
class Attack(Command):
    ids: tuple[Ref, ...] = ()
    target: TargetRef | None = None
    every: bool = False  # "attack all": every creature of the team that can attack
    but: tuple[Ref, ...] = ()  # "attack all but Llanowar Elves"


@dataclass(frozen=True)
class Block(Command):
    attacker: Ref = 0
    blockers: tuple[Ref, ...] = ()
    every: bool = False  # "block Zombie Giant with all": every creature of the team able to
    but: tuple[Ref, ...] = ()  # "... with all but Serra Angel"


@dataclass(frozen=True)
class Withdraw(Command):
    id: Ref = 0


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


@dataclass(frozen=True)
class Counter(Command):
    """``counter #31`` / ``counter Bad Moon``: a spell (or ability) on the stack countered at the
    table (``countering``)."""

    spell: Ref = 0


COUNTER_USAGE = "counter takes one spell on the stack: counter #31, counter Bad Moon"


def object_id(word: str, what: str = "an object") -> int:
    match = ID.match(word.strip())
    if not match:
        raise InvalidCommand(f"'{word}' is not {what}: write its id, e.g. #17")
    return int(match.group(1))


def _refs(words: list[str], seats: bool = False) -> list[Ref | str]:
    """Ids (``#3``, ``3``) one by one; the words between them a name (``Named``), commas
    kept; with ``seats``, a piece that is only players (``p1``, ``horde``) names them."""
    found: list[Ref | str] = []
    name: list[str] = []

    def flush() -> None:
        pieces = [p.strip() for p in " ".join(name).split(",")]
        name.clear()
        held: list[str] = []
        for piece in pieces:
            words = piece.lower().split()
            if seats and words and all(SEAT.match(w) or w == "horde" for w in words):
                if held:
                    found.append(Named(", ".join(held)))
                    held = []
                found.extend(words)
            elif piece:
                held.append(piece)
        if held:
            found.append(Named(", ".join(held)))

    for word in words:
        bare = word.strip(",")
        match = ID.match(bare) if bare else None
        if match:
            flush()
            found.append(int(match.group(1)))
        else:
            name.append(word)
    flush()
    return found


def _objects(words: list[str], usage: str) -> tuple[Ref, ...]:
    refs = _refs(words)
    objs = tuple(r for r in refs if not isinstance(r, str))
    if not objs or len(objs) != len(refs):
        raise InvalidCommand(usage)
    return objs


def _one_object(words: list[str], usage: str) -> Ref:
    refs = _objects(words, usage)
    if len(refs) != 1:
        raise InvalidCommand(usage)
    return refs[0]


def _all_but(words: list[str], usage: str) -> tuple[bool, tuple[Ref, ...]]:
    """``all`` or ``all but NAME, ...``: (True, the exceptions); (False, ()) if not ``all``."""
    if not words or words[0].lower() != "all":
        return False, ()
    if len(words) == 1:
        return True, ()
    if words[1].lower() != "but" or len(words) < 3:
        raise InvalidCommand(usage)
    return True, _objects(words[2:], usage)


def _unknown(word: str) -> str:
    """``unknown command 'atack'; did you mean 'attack'?``, else the commands to try: one
    short line (the rejection shows the text typed before it)."""
    close = close_to(word.lower(), [w for w in (*VERBS, *PROMPT_WORDS) if len(w) >= 3])
    if close:
        return f"unknown command '{_cut(word)}'; did you mean {' or '.join(map(repr, close))}?"
    return f"unknown command '{_cut(word)}': {USAGE}"


def _cut(text: str, width: int = 30) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


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
            raise InvalidCommand(f"'{player}' needs a command after it: {player} play Forest")
    verb = ALIASES.get(words[0].lower(), words[0].lower())
    args = words[1:]
    if verb == "auto":  # the team's attacks or blocks handed to its bots (handing.py)
        return handing.parse(player, args)
    if verb in PROMPT_FORMS:
        # A word the prompt knows, in a form it does not take (``show #346``).
        raise InvalidCommand(f"{verb} takes: {PROMPT_FORMS[verb]} (not '{_cut(' '.join(words))}')")
    if verb not in VERBS:
        raise InvalidCommand(_unknown(words[0]))
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
        return _tap(player, args)
    if verb == "attack":
        return _attack(player, args)
    if verb == "block":
        return _block(player, args)
    if verb in ("unattack", "unblock"):
        usage = f"{verb} takes one creature: {verb} #3, {verb} Serra Angel"
        return Withdraw(player, _one_object(args, usage))
    if verb == "choose":
        if not args:
            raise InvalidCommand(
                "choose needs an answer: choose #17, choose yes, choose 3, choose done"
            )
        return Choose(player, tuple(args))
    if verb == "counter":
        return Counter(player, _one_object(args, COUNTER_USAGE))
    # adjust
    if not args or args[0].lower() not in ADJUSTMENTS:
        close = close_to(args[0].lower(), ADJUSTMENTS) if args else []
        if close:
            raise InvalidCommand(
                f"unknown adjustment '{_cut(args[0])}'; did you mean {' or '.join(map(repr, close))}?"
            )
        raise InvalidCommand(ADJUST_USAGE)
    return Adjust(player, args[0].lower(), tuple(args[1:]))


ATTACK_USAGE = "attack takes creatures: attack #3 Serra Angel, attack all [but NAME] [-> #9]"
BLOCK_USAGE = "block takes: block ATTACKER with BLOCKER[, BLOCKER] or with all [but NAME]"


TAP_USAGE = "tap needs a permanent and maybe a colour: tap #4, tap #4 U, tap Llanowar Elves"


def _is_mana(word: str) -> bool:
    color = word.upper()
    return color.isdigit() or all(c in ("W", "U", "B", "R", "G", "C") for c in color)


def _tap(player: str | None, args: list[str]) -> Tap:
    if not args:
        raise InvalidCommand(TAP_USAGE)
    if not ID.match(args[0].strip()):  # by name, maybe with the mana last: tap Forest G
        color = args[-1].upper() if len(args) > 1 and _is_mana(args[-1]) else None
        words = args[:-1] if color is not None else args
        return Tap(player, _one_object(words, TAP_USAGE), color)
    if len(args) > 2:
        raise InvalidCommand(TAP_USAGE)
    color = args[1].upper() if len(args) == 2 else None
    if color is not None and not _is_mana(color):
        raise InvalidCommand(
            f"'{args[1]}' is not mana (W U B R G or C, or several: WU)"
            " nor an option's number (tap #4 2)"
        )
    return Tap(player, object_id(args[0], "a permanent"), color)


def _attack(player: str | None, args: list[str]) -> Attack:
    left, right = _split_arrow(args)
    if not left:
        raise InvalidCommand(ATTACK_USAGE)
    target: TargetRef | None = None
    if right is not None:
        refs = _refs([w for w in right if w.lower() != "planeswalker"], seats=True)
        if len(refs) != 1:
            raise InvalidCommand("after '->' name one player or planeswalker: -> horde, -> #9")
        target = refs[0]
    every, but = _all_but(left, ATTACK_USAGE)
    if every:
        return Attack(player, (), target, every=True, but=but)
    return Attack(player, _objects(left, ATTACK_USAGE), target)


def _block(player: str | None, args: list[str]) -> Block:
    lowered = [w.lower() for w in args]
    if "with" not in lowered[1:-1]:
        raise InvalidCommand(BLOCK_USAGE)
    at = lowered.index("with", 1)
    attacker = _one_object(args[:at], BLOCK_USAGE)
    every, but = _all_but(args[at + 1 :], BLOCK_USAGE)
    if every:
        return Block(player, attacker, (), every=True, but=but)
    return Block(player, attacker, _objects(args[at + 1 :], BLOCK_USAGE))


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
    targets = _targets(right)
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
        number = whole_number(left[-1]) if len(left) > 1 else None
        if number is not None and 0 < number < 100:
            index = number - 1
            left = left[:-1]
        return Activate(player, 0, index, _targets(right), card=" ".join(left))
    if len(left) > 2:
        raise InvalidCommand("activate takes: activate #ID [N] [-> TARGETS]")
    index = None
    if len(left) == 2:
        number = whole_number(left[1])
        if number is None or not 0 < number < 100:
            raise InvalidCommand(f"'{left[1]}' is not an ability number (1, 2...)")
        index = number - 1
    return Activate(player, object_id(left[0], "a permanent"), index, _targets(right))


def _targets(right: list[str] | None) -> tuple[TargetRef, ...] | None:
    if right is None:
        return None
    if not right:
        raise InvalidCommand("after '->' name the targets: -> #17, -> horde, -> Zombie Giant")
    return tuple(_refs(right, seats=True))
