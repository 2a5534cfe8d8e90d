"""The search's model of a turn: positions, actions and the cards by name.

See ``search.py``. Everything here is plain immutable data, so that positions
hash and meet in the memo whatever order of choices led to them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from cardcli.cards.mtg.model import Card
    from cardcli.games.hunsberger.scoring import Profile

# A Save slot in the model: (cards, in play, bonus on its creature, auras on it).
SlotM = tuple[tuple[str, ...], bool, int, tuple[str, ...]]
EMPTY: SlotM = ((), False, 0, ())
Attacker = tuple[str, int]  # (name, power added)
TokenM = tuple[int, int]  # (index of the token's data, power added)


@dataclass(frozen=True)
class Info:
    """What the search needs of one card name."""

    name: str
    card: Card
    p: Profile
    cost: int
    x: bool
    one_shot: bool  # an instant or sorcery (goes to the graveyard when cast)

    @property
    def is_land(self) -> bool:
        return self.card.is_land


class Pos(NamedTuple):
    """A position of phase A (casting)."""

    budget: int
    hand: tuple[str, ...]  # castable cards in the hand
    held: tuple[tuple[str, bool], ...]  # other saveable hand cards: (name, in play)
    slots: tuple[SlotM, ...]
    attackers: tuple[Attacker, ...]
    tokens: tuple[TokenM, ...]
    graveyard: tuple[str, ...]  # cards recursion could bring back
    damage: int
    # Artifacts in play still to use this turn (artifact_search.py): (name, -1 the hand or
    # the slot), an Equipment not yet equipped or a damage ability not yet activated.
    ready: tuple[tuple[str, int], ...] = ()
    # Saves feeding recursion (see search.py): None, or the cards they sent to the graveyard
    # for the recursion that must come next.
    fed: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Action:
    """One step of a plan, in model terms (``bots.py`` turns it into a command)."""

    verb: str  # "cast", "activate", "save", "end"; artifacts: "use" (its ability), "equip"
    name: str = ""
    where: int = -1  # -1: the hand; 0 or 1: a Save slot
    x: int | None = None
    target: tuple[str, Any] | None = (
        None  # ("attacker", (name, bonus)), ("slot", i), ("grave", name)
    )
    times: int = 1
    slot: int = -1  # save: the slot (0 or 1)
    in_play: bool = False  # save: the card is a permanent in play
    phase: str = "A"  # "A" casting, "B" saving, "C" pumps on saved creatures, "end"


Evaluate = Callable[[tuple[SlotM, ...], int], float]
"""(the Save slots at the end of the turn, Timer cards burned) -> their worth later."""


def multisets(counts: dict[str, int]) -> Iterator[list[str]]:
    """Every sub-multiset of ``counts`` (name -> copies)."""
    names = list(counts)
    for takes in product(*(range(counts[n] + 1) for n in names)):
        yield [n for n, k in zip(names, takes, strict=True) for _ in range(k)]


def set_slot(pos: Pos, index: int, slot: SlotM) -> Pos:
    slots = list(pos.slots)
    slots[index] = slot
    return pos._replace(slots=tuple(slots))


def with_(pos: Pos, **changes: Any) -> Pos:
    return pos._replace(**changes)


def fits(used: list[tuple[str, bool]], pool: list[tuple[str, bool]]) -> bool:
    left = list(pool)
    for entry in used:
        if entry not in left:
            return False
        left.remove(entry)
    return True


def minus(pool: list[tuple[str, bool]], used: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    left = list(pool)
    for entry in used:
        if entry in left:
            left.remove(entry)
    return left


def power_of(text: Any) -> int:
    return int(text) if isinstance(text, str) and text.lstrip("-").isdigit() else 0
