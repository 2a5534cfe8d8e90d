"""Players, teams and game objects.

Every object has an id, shown as ``#17``. A card keeps its card number for the
whole game, but each time it changes zone it becomes a new object with a fresh
id (rule 400.7): a target or a pending choice that names the old id finds
nothing, which is exactly rule 608.2b. Ids are never reused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from cardcli.magic.cards import Ability, Effect, Proto

Target = int | str  # an object id, or a player's name
ZONES = ("library", "hand", "graveyard", "exile")  # each player's own zones


class Obj:
    """A card or token in some zone, or a spell on the stack."""

    __slots__ = (
        "attached_to",
        "attacking",
        "blocking",
        "cache",
        "cache_key",
        "card_no",
        "chosen",
        "controller",
        "counters",
        "damage",
        "deathtouched",
        "echoed",
        "effects",
        "id",
        "kicked",
        "linked",
        "loyalty_turn",
        "owner",
        "proto",
        "regen_shields",
        "sick",
        "tapped",
        "timestamp",
        "version",
        "zone",
    )

    touches: ClassVar[int] = 0  # every object's changes, counted (what a count may read)
    changes: ClassVar[int] = (
        0  # the same but tapping and untapping (no state-based action reads it)
    )

    def __init__(
        self, oid: int, proto: Proto, owner: str, zone: str, card_no: int | None = None
    ) -> None:
        self.id = oid
        self.proto = proto
        self.card_no = card_no  # None for a token an effect created
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.tapped = False
        self.damage = 0
        self.deathtouched = False  # dealt damage by a deathtouch source since the last SBA check
        self.counters: dict[str, int] = {}
        self.effects: list[ObjEffect] = []  # effects from resolved spells and abilities (611.2c)
        self.sick = True  # not continuously controlled since its controller's turn began (302.6)
        self.timestamp = 0
        self.version = 0  # bumped when anything its characteristics read changes
        self.attacking = False
        self.blocking = False
        self.attached_to: int | None = None
        self.regen_shields = 0
        self.linked: list[int] = []  # cards this object exiled "until it leaves" (610.3)
        self.loyalty_turn = 0  # the turn a loyalty ability of it was last activated (606.3)
        self.echoed = False  # its echo has triggered: an upkeep of its controller's has begun
        self.chosen: str | None = None  # chosen as it entered: a colour symbol or a creature type

        self.kicked = False  # a kicked spell, or the permanent one became (702.33d)
        self.cache: Any = None
        self.cache_key: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        return self.proto.name

    @property
    def is_card(self) -> bool:
        return self.card_no is not None

    def touch(self, tapping: bool = False) -> None:
        """Something about this object changed. ``tapping``: only whether it is tapped, which
        its characteristics do not read (unless a static ability's filter does: the caller
        says so) nor does a state-based action."""
        Obj.touches += 1  # (a cache key only: static abilities that count look again)
        if not tapping:
            self.version += 1
            Obj.changes += 1

    def __repr__(self) -> str:
        return f"<#{self.id} {self.name} {self.zone}>"


@dataclass
class ObjEffect:
    """A continuous effect a resolved spell or ability put on one object (611.2c).

    ``layer`` is 6 (keywords gained or lost) or 7 (power/toughness changes, 7c;
    ``set_power``/``set_toughness`` are layer 7b). It ends at the cleanup step
    when ``until`` is ``end_of_turn`` (514.2).
    """

    timestamp: int
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    lose_all: bool = False
    set_power: int | None = None
    set_toughness: int | None = None
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    until: str = "end_of_turn"
    source: str = ""
    no_combat_damage: bool = False  # "assigns no combat damage this turn"
    exile_if_dies: bool = False  # "if it would die this turn, exile it instead" (614)
    exile_if_leaves: bool = False  # "If it would leave the battlefield, exile it instead" (unearth)


@dataclass
class Team:
    """Players who share a turn and, here, a life total (805, 810.4)."""

    name: str
    players: list[Player] = field(default_factory=list)
    life: int | None = None  # None: the team has no life total (Horde)
    automated: bool = False
    poison: int = 0  # poison counters, when the team shares them (810.10)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]


@dataclass(eq=False)
class Player:
    name: str
    team: Team
    zones: dict[str, list[Obj]] = field(default_factory=lambda: {z: [] for z in ZONES})
    pool: dict[str, int] = field(default_factory=dict)
    lands_played: int = 0
    drew_from_empty: bool = False
    poison: int = 0  # poison counters of the player's own (122.1f)
    # 903.4: the colours of the player's commander's colour identity; None: no commander.
    commander_identity: frozenset[str] | None = None

    @property
    def library(self) -> list[Obj]:
        """Top card last."""
        return self.zones["library"]

    @property
    def hand(self) -> list[Obj]:
        return self.zones["hand"]

    @property
    def graveyard(self) -> list[Obj]:
        """Top card last."""
        return self.zones["graveyard"]

    @property
    def exile(self) -> list[Obj]:
        return self.zones["exile"]


@dataclass(eq=False)
class StackItem:
    """A spell or ability on the stack (405).

    A spell is its card's object in the stack zone (``obj``) and shares its id;
    an ability is an object of its own, with the source's last known name.
    """

    id: int
    kind: str  # "spell", "activated", "triggered"
    controller: str
    source_id: int
    source_name: str
    effects: tuple[Effect, ...]
    obj: Obj | None = None
    ability: Ability | None = None
    targets: list[list[Target]] = field(default_factory=list)  # per target slot
    x: int = 0
    context: dict[str, Any] = field(default_factory=dict)  # what triggered it
    source_proto: Proto | None = None
    source_lki: dict[str, Any] = field(default_factory=dict)  # source's last known facts
    modes: tuple[int, ...] = ()  # a modal spell's or ability's chosen modes (700.2)

    @property
    def name(self) -> str:
        return self.source_name if self.kind != "spell" or not self.obj else self.obj.name
