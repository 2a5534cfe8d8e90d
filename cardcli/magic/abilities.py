"""Abilities as the rules core holds them: an activated ability's cost, the modes of a modal
spell or ability, and one ability of a card (triggered, static, activated or mana)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardcli.magic.mana import ManaCost

Effect = Mapping[str, Any]


@dataclass(frozen=True)
class ActivationCost:
    """The cost of an activated ability (602.1a)."""

    mana: ManaCost = field(default_factory=ManaCost)
    tap: bool = False
    sacrifice: str | None = None  # self, creature, another_creature, land, artifact, permanent
    sacrifice_filter: Mapping[str, Any] | None = None
    life: int = 0
    discard: int = 0
    loyalty: int | None = None  # a loyalty ability's cost: +N or -N loyalty counters (606.4)
    discard_self: bool = False  # "Discard this card" (cycling, channel: 602.2, 113.6k)
    exile_self: bool = False  # "Exile this card from your graveyard"
    crew: int = 0  # Crew N: tap other untapped creatures with total power N or more (702.122a)

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> ActivationCost:
        return cls(
            mana=ManaCost.parse(str(data.get("mana", ""))),
            tap=bool(data.get("tap", False)),
            sacrifice=data.get("sacrifice"),
            sacrifice_filter=data.get("sacrifice_filter"),
            life=int(data.get("life", 0)),
            discard=0 if data.get("discard") == "self" else int(data.get("discard", 0)),
            loyalty=int(data["loyalty"]) if "loyalty" in data else None,
            discard_self=data.get("discard") == "self",
            exile_self=data.get("exile") == "self",
            crew=int(data.get("crew", 0)),
        )

    def describe(self) -> str:
        parts = [str(self.mana)] if not self.mana.is_free() else []
        if self.tap:
            parts.append("{T}")
        if self.sacrifice:
            parts.append("sacrifice " + ("it" if self.sacrifice == "self" else self.sacrifice))
        if self.life:
            parts.append(f"pay {self.life} life")
        if self.discard:
            parts.append(f"discard {self.discard}")
        if self.discard_self:
            parts.append("discard this card")
        if self.exile_self:
            parts.append("exile this card")
        if self.crew:
            parts.append(f"tap creatures with total power {self.crew} or more")
        if self.loyalty is not None:
            parts.insert(0, f"{self.loyalty:+d}" if self.loyalty else "0")
        return ", ".join(parts) or "free"


@dataclass(frozen=True)
class Mode:
    """One bulleted option of a modal spell or ability (700.2)."""

    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Modal:
    """ "Choose one —" (``low`` = ``high`` = 1), "Choose two —", "Choose one or more —"...:
    the modes and how many of them are chosen (700.2), each at most once (700.2d)."""

    modes: tuple[Mode, ...]
    low: int = 1
    high: int = 1

    @classmethod
    def parse(cls, modes: Any, choose: Any) -> Modal | None:
        if not modes:
            return None
        bounds = choose if isinstance(choose, Mapping) else {}
        parsed = tuple(Mode(str(m.get("text", "")), tuple(m.get("effects", ()))) for m in modes)
        low = int(bounds.get("min", 1))
        return cls(parsed, low, max(low, int(bounds.get("max", low))))

    def effects_of(self, chosen: tuple[int, ...] | list[int]) -> tuple[Effect, ...]:
        """The chosen modes' effects, in the order the modes are printed (608.2c)."""
        return tuple(e for i in sorted(chosen) for e in self.modes[i].effects)


@dataclass(frozen=True, eq=False)
class Ability:
    """One ability of a card's ``abilities`` data, or a built-in one (a land's mana)."""

    index: int  # position in the card's abilities (-1 for built-in)
    data: Mapping[str, Any]
    when: str | None = None
    static: str | None = None
    cost: ActivationCost | None = None
    effects: tuple[Effect, ...] = ()
    text: str = ""
    mana: tuple[tuple[str, ...], ...] = ()  # mana abilities: each choice of mana it adds
    modal: Modal | None = None  # a modal ability's modes (its effects are the chosen ones')
    zone: str = "battlefield"  # where an activated ability works: a card's in hand or graveyard
    # A mana ability whose choices are read from the game as it is activated (``of``):
    # commander_identity, opponents_lands, your_lands (106.7, 903.4).
    mana_of: str | None = None

    @property
    def is_mana(self) -> bool:
        return bool(self.mana) or self.mana_of is not None

    @property
    def condition(self) -> Mapping[str, Any] | None:
        """602.5b: "Activate only if ...": the condition that must hold to activate it."""
        found = self.data.get("condition")
        return found if isinstance(found, Mapping) else None

    @property
    def costly(self) -> bool:
        """A mana ability that costs more than {T}, or does more than add mana: a life cost
        (a horizon land's), a side effect (a pain land's damage) or a cost in mana, in
        sacrifice or in discard. A player's payment uses a free one first."""
        cost = self.cost or ActivationCost()
        return bool(
            self.effects or cost.life or not cost.mana.is_free() or cost.sacrifice or cost.discard
        )

    @property
    def is_activated(self) -> bool:
        return self.cost is not None
