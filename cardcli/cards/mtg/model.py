"""The Magic card model: facts from card data, behaviour as structured data.

A ``Card`` is built from one entry of a card file (``schemas/card.schema.json``).
Its behaviour (``spell`` and ``abilities``) stays plain data for the games to
interpret; ``manual`` cards are played by hand from their Oracle text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

COLORS = ("W", "U", "B", "R", "G")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_SYMBOL = re.compile(r"\{([^{}]+)\}")
_COLOR_IN_TEXT = re.compile(r"\{([WUBRG](?:/[WUBRGP])?|[WUBRG2]/[WUBRG](?:/P)?)\}")


def mana_symbols(cost: str) -> list[str]:
    """``"{2}{B}{B}"`` -> ``["2", "B", "B"]``."""
    return _SYMBOL.findall(cost)


def mana_value(cost: str) -> float:
    """The mana value of a cost: numbers count as they are, X as 0, hybrid 2/W as 2.

    >>> mana_value("{2}{B}{B}"), mana_value("{X}{R}"), mana_value("{2/W}{B/P}")
    (4, 1, 3)
    """
    total = 0
    for symbol in mana_symbols(cost):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol in ("X", "Y", "Z"):
            continue
        elif symbol.startswith("2/"):
            total += 2
        else:
            total += 1
    return total


def cost_colors(cost: str) -> list[str]:
    """The colours whose symbols appear in a mana cost, in WUBRG order."""
    found: set[str] = set()
    for symbol in mana_symbols(cost):
        found.update(part for part in symbol.split("/") if part in COLORS)
    return [c for c in COLORS if c in found]


def text_colors(text: str) -> set[str]:
    found: set[str] = set()
    for symbol in _COLOR_IN_TEXT.findall(text):
        found.update(part for part in symbol.split("/") if part in COLORS)
    return found


@dataclass(frozen=True)
class Card:
    name: str
    mana_cost: str
    types: tuple[str, ...]
    oracle: str
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    color_identity: tuple[str, ...] = ()
    mana_value: float = 0
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    keywords: tuple[str, ...] = ()
    token: bool = False
    produces: tuple[str, ...] = ()
    manual: bool = False
    manual_reason: str = ""
    unread: tuple[str, ...] = ()  # a partial card: the lines of its text applied by hand
    player_choices: bool = False
    spell: tuple[dict[str, Any], ...] = ()
    modes: tuple[dict[str, Any], ...] = ()  # a modal instant or sorcery's modes (700.2)
    choose: dict[str, Any] | None = None  # how many of its modes: {"min": 1, "max": 1}
    abilities: tuple[dict[str, Any], ...] = ()
    aliases: tuple[str, ...] = ()
    flashback: str | None = None  # 702.34: its flashback cost, cast from the graveyard
    flash_cost: str | None = None  # the extra cost to cast it as though it had flash
    # "As an additional cost to cast this spell, sacrifice a creature." (601.2f-h): a cost
    # the way an activated ability's is written ({"sacrifice": "creature"}, discard, life).
    additional_cost: dict[str, Any] | None = None
    cant_be_countered: bool = False
    equip: str | None = None  # 702.6: the equip cost of an Equipment
    hunsberger: dict[str, Any] | None = None  # how it scores in Hunsberger's Solitaire, if given
    source: str = ""  # where it came from: "file.yaml", "card data", "imported card data", "log"
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_data(cls, data: dict[str, Any], source: str = "") -> Card:
        cost = data.get("mana_cost", "")
        colors = tuple(data.get("colors") or cost_colors(cost))
        identity = data.get("color_identity")
        if identity is None:
            # Rule 903.4: the mana symbols of the cost and the rules text (and
            # the colours themselves, for a colour indicator), not what it produces.
            found = set(colors) | text_colors(data.get("oracle", ""))
            identity = [c for c in COLORS if c in found]
        return cls(
            name=data["name"],
            mana_cost=cost,
            types=tuple(data["types"]),
            oracle=data.get("oracle", ""),
            supertypes=tuple(data.get("supertypes", ())),
            subtypes=tuple(data.get("subtypes", ())),
            colors=colors,
            color_identity=tuple(identity),
            mana_value=data.get("mana_value", mana_value(cost)),
            power=data.get("power"),
            toughness=data.get("toughness"),
            loyalty=data.get("loyalty"),
            keywords=tuple(data.get("keywords", ())),
            token=bool(data.get("token", False)),
            produces=tuple(data.get("produces", ())),
            manual=bool(data.get("manual", False)),
            manual_reason=data.get("manual_reason", ""),
            unread=tuple(data.get("unread", ())),
            player_choices=bool(data.get("player_choices", False)),
            spell=tuple(data.get("spell", ())),
            modes=tuple(data.get("modes", ())),
            choose=data.get("choose"),
            abilities=tuple(data.get("abilities", ())),
            aliases=tuple(data.get("aliases", ())),
            flashback=data.get("flashback"),
            flash_cost=data.get("flash_cost"),
            additional_cost=data.get("additional_cost"),
            cant_be_countered=bool(data.get("cant_be_countered", False)),
            equip=data.get("equip"),
            hunsberger=data.get("hunsberger"),
            source=source,
            raw=data,
        )

    # -- questions the games and validation ask -----------------------------

    def is_type(self, kind: str) -> bool:
        return kind in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_basic_land(self) -> bool:
        return self.is_land and "Basic" in self.supertypes

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_legendary(self) -> bool:
        return "Legendary" in self.supertypes

    @property
    def automated(self) -> bool:
        """The games apply all of it themselves (neither manual nor partial)."""
        return not self.manual and not self.unread

    @property
    def status(self) -> str:
        """``automated``, ``partial`` (some lines applied by hand) or ``manual`` (all)."""
        if self.manual:
            return "manual"
        return "partial" if self.unread else "automated"

    @property
    def status_text(self) -> str:
        """The status with why: the first line the players apply by hand."""
        if self.manual:
            return "manual: " + (self.manual_reason or "played by hand")
        if self.unread:
            more = f" (and {len(self.unread) - 1} more)" if len(self.unread) > 1 else ""
            return f"partial: by hand: {self.unread[0]}{more}"
        return "automated"

    @property
    def type_line(self) -> str:
        left = " ".join((*self.supertypes, *self.types))
        if self.token:
            left = "Token " + left
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    @property
    def main_type(self) -> str:
        """The type a deck summary counts it under."""
        for kind in (
            "Creature",
            "Land",
            "Planeswalker",
            "Instant",
            "Sorcery",
            "Artifact",
            "Enchantment",
            "Battle",
        ):
            if kind in self.types:
                return kind
        return self.types[0]

    def describe(self) -> str:
        """The card as a few lines of text."""
        if self.raw.get("faces"):  # every face's cost, type line and text are in its Oracle text
            lines = [self.name, self.oracle]
        else:
            lines = [f"{self.name}  {self.mana_cost}".rstrip(), self.type_line]
            if self.power is not None:
                lines.append(f"{self.power}/{self.toughness}")
            if self.token:  # a token has no mana cost to tell its colour by
                words = [COLOR_NAMES[c] for c in self.colors] or ["colorless"]
                lines.append(" and ".join(words))
            if self.loyalty is not None:
                lines.append(f"Loyalty {self.loyalty}")
            if self.oracle:
                lines.append(self.oracle)
        status = self.status_text
        if self.player_choices:
            status += "; needs choices only a player can make"
        lines.append(f"[{status}; from {self.source}]" if self.source else f"[{status}]")
        return "\n".join(lines)


def fixed_number(value: Any) -> int:
    """A card-model amount known before the game is looked at (a number); one counted as it
    resolves ("+X/+X where X is ...", X) is 0 for reckoning ahead (a bot's, a score's)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
