"""The table of a Hunsberger's Solitaire game: where every card is and its state.

Cards are numbered (ids) in the order of the deck as set up; a card keeps its
id wherever it goes. Zones: the main deck (``library``), the Timer deck, the
hand (the cards face up on the table this turn, including creatures summoned
from a Save slot and the auras on them), the two Save slots and the
graveyard. This module knows the rules of mana, references and attacks; the
turn's flow and the commands are in ``rules.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardcli.cards.mtg.model import Card
from cardcli.cards.mtg.pool import normalize
from cardcli.engine.errors import AmbiguousCommand, IllegalCommand
from cardcli.games.hunsberger.scoring import Anthem, Profile, as_played, cost_of, profile
from cardcli.numbers import whole_number
from cardcli.printable import shortened
from cardcli.words import counted

Same = Callable[[int, int], bool]
SLOTS = 2
STACK = 2  # lands a stack holds ("The stacks are limited to two cards")
DEATH_LANDS = 8  # "8 mana producing lands out": instant death


@dataclass
class Slot:
    """A Save slot: one card, or a stack of lands of one colour, and the auras on its card."""

    cards: list[int] = field(default_factory=list)
    attached: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Bonus:
    """Power added to a creature, with the card it came from and the rule that scores it."""

    source: str
    power: int
    rule: str  # "pump", "aura", "pump ability" or "equipment"
    aura: int | None = None  # the aura's (or the Equipment's) id


@dataclass
class Token:
    """A creature token attacking this turn (it exists only until the attack)."""

    source: str
    data: dict[str, Any]
    bonuses: list[Bonus] = field(default_factory=list)

    @property
    def power(self) -> int:
        text = self.data.get("power", "0")
        return int(text) if isinstance(text, str) and text.lstrip("-").isdigit() else 0


class Table:
    """Zones and card state. Methods here never emit events."""

    def __init__(
        self,
        cards: list[Card],
        library: list[int],
        timer: list[int],
        spell_damage: str = "mana-used",
    ) -> None:
        self.cards = cards
        self.profiles: list[Profile] = [
            as_played(profile(card), card, spell_damage) for card in cards
        ]
        self.library = library
        self.timer = timer
        self.hand: list[int] = []
        self.slots = [Slot() for _ in range(SLOTS)]
        self.graveyard: list[int] = []
        self.tapped: set[int] = set()
        self.in_play: set[int] = set()
        self.summoned: list[int] = []  # attacking creatures, in the order summoned
        self.tokens: list[Token] = []
        self.bonuses: dict[int, list[Bonus]] = {}
        self.host: dict[int, int] = {}  # aura id -> the creature it enchants
        self.equipped: dict[int, int] = {}  # Equipment id -> the summoned creature it equips
        self.pool = 0

    # -- looking things up ----------------------------------------------------

    def name(self, card: int) -> str:
        return self.cards[card].name

    def names(self, cards: list[int]) -> list[str]:
        return [self.cards[c].name for c in cards]

    def slot_of(self, card: int) -> int | None:
        for index, slot in enumerate(self.slots):
            if card in slot.cards or card in slot.attached:
                return index
        return None

    def place(self, card: int) -> str:
        """``hand``, ``slot 1``, ``slot 2``, ``graveyard``..., for events."""
        if card in self.hand:
            return "hand"
        index = self.slot_of(card)
        if index is not None:
            return f"slot {index + 1}"
        if card in self.graveyard:
            return "graveyard"
        return "library" if card in self.library else "timer"

    def slot_host(self, index: int) -> int | None:
        """The one non-land card of a slot (a creature, a spell, an artifact...)."""
        cards = self.slots[index].cards
        if len(cards) == 1 and not self.cards[cards[0]].is_land:
            return cards[0]
        return None

    def slot_lands(self, index: int) -> list[int]:
        return [c for c in self.slots[index].cards if self.cards[c].is_land]

    def out(self) -> list[int]:
        """Cards 'out': in the hand and in the Save slots (auras included)."""
        found = list(self.hand)
        for slot in self.slots:
            found.extend(slot.cards)
            found.extend(slot.attached)
        return found

    def mana_lands_out(self, where: str = "hand-and-slots") -> list[int]:
        """The mana-producing lands that count for instant death (``--instant-death``)."""
        cards = self.out() if where == "hand-and-slots" else self.in_slots()
        return [c for c in cards if self.cards[c].is_land and self.cards[c].produces]

    def in_slots(self) -> list[int]:
        return [c for slot in self.slots for c in slot.cards + slot.attached]

    def is_creature(self, card: int) -> bool:
        return self.profiles[card].kind == "creature"

    # -- what can be done -----------------------------------------------------

    def castable(self) -> list[int]:
        """Cards that can be cast or summoned now, hand first, then slot 1 and 2."""
        found = [
            c
            for c in self.hand
            if not self.cards[c].is_land
            and c not in self.summoned
            and c not in self.in_play
            and c not in self.host
        ]
        for index in range(SLOTS):
            host = self.slot_host(index)
            if host is not None and host not in self.in_play:
                found.append(host)
        return [c for c in found if self.profiles[c].kind not in ("unusable", "land")]

    def saveable(self) -> list[int]:
        """Hand cards that may go to a Save slot: not attacking, not an aura on an attacker."""
        return [c for c in self.hand if c not in self.summoned and c not in self.host]

    def creature_targets(self) -> list[int]:
        """Creatures a pump or aura may go on: attacking ones, then saved ones."""
        found = list(self.summoned)
        for index in range(SLOTS):
            host = self.slot_host(index)
            if host is not None and self.is_creature(host):
                found.append(host)
        return found

    def recursion_targets(self, card: int) -> list[int]:
        p = self.profiles[card]
        found = []
        for target in self.graveyard:
            other = self.cards[target]
            if p.recurs and not any(other.is_type(kind) for kind in p.recurs):
                continue
            if p.recurs_max_mana_value is not None and other.mana_value > p.recurs_max_mana_value:
                continue
            found.append(target)
        return found

    def sources(self) -> list[int]:
        """Untapped mana sources in the order ``cast`` taps them: lands, then artifacts."""
        lands: list[int] = []
        artifacts: list[int] = []
        for card in self.out():
            if card in self.tapped or card in self.host:
                continue
            p = self.profiles[card]
            if self.cards[card].is_land:
                if p.amount > 0:
                    lands.append(card)
            elif p.kind == "mana" and card in self.in_play and not self._one_shot(card):
                artifacts.append(card)
        artifacts.sort(key=lambda c: (self.profiles[c].tap_cost, self.profiles[c].amount))
        return lands + artifacts

    def _one_shot(self, card: int) -> bool:
        c = self.cards[card]
        return c.is_type("Instant") or c.is_type("Sorcery")

    def available(self) -> int:
        """All the mana this turn can still give: the pool and every untapped source."""
        total = self.pool
        for card in self.sources():
            p = self.profiles[card]
            if total >= p.tap_cost:
                total += p.amount - p.tap_cost
        return total

    def cost(self, card: int, x: int = 0) -> int:
        return cost_of(self.cards[card]) + x

    # -- references -----------------------------------------------------------

    def find(self, ref: str, candidates: list[int], what: str, same: Same | None = None) -> int:
        """The card a player named (a name, a start of a name, ``h2`` or ``s1``).

        ``same`` says which cards of one name are interchangeable for this
        command (default: same place and state); a name shared by cards that
        are not is ambiguous, and the message gives their places.
        """
        text = ref.strip()
        low = text.lower()
        if is_place(low):
            return self._by_place(low, candidates, what)
        key = normalize(text)
        if not key:
            raise IllegalCommand(f"'{ref}' names no card")
        exact = [c for c in candidates if normalize(self.name(c)) == key]
        matches = exact or [c for c in candidates if normalize(self.name(c)).startswith(key)]
        if not matches:
            return self._missing(text, candidates, what)
        return self._one_of(text, matches, same or self.same)

    def _by_place(self, ref: str, candidates: list[int], what: str) -> int:
        number = whole_number(ref[1:])
        if number is None:  # more digits than any hand or slot count
            raise IllegalCommand(f"{shortened(ref, 40)}: no card has that place")
        if ref[0] == "h":
            if not 1 <= number <= len(self.hand):
                raise IllegalCommand(
                    f"{ref}: the hand has {counted(len(self.hand), 'card')}, h1 to h{len(self.hand)}"
                )
            card = self.hand[number - 1]
            if card not in candidates:
                raise IllegalCommand(f"{ref} is {self.name(card)}, which you cannot {what} now")
            return card
        if not 1 <= number <= SLOTS:
            raise IllegalCommand(f"{ref}: the Save slots are s1 and s2")
        inside = [c for c in self.slots[number - 1].cards if c in candidates]
        if not inside:
            held = self.slots[number - 1].cards
            said = " and ".join(self.names(held)) if held else "nothing"
            raise IllegalCommand(f"{ref} holds {said}: nothing there you can {what} now")
        return inside[0]

    def _missing(self, text: str, candidates: list[int], what: str) -> int:
        choices = sorted({self.name(c) for c in candidates})
        if not choices:
            raise IllegalCommand(
                f"there is nothing you can {what} now ('moves' lists what you can do)"
            )
        shown = ", ".join(choices[:8]) + (", ..." if len(choices) > 8 else "")
        raise IllegalCommand(f"no '{text}' you can {what} now; you can {what}: {shown}")

    def _one_of(self, text: str, matches: list[int], same: Same) -> int:
        names = sorted({self.name(c) for c in matches})
        if len(names) > 1:
            raise AmbiguousCommand(
                f"'{text}' could be {' or '.join(names)}: write more of the name"
            )
        first = matches[0]
        if all(same(first, other) for other in matches[1:]):
            return first
        places = [self.ref_place(c) for c in matches]
        raise AmbiguousCommand(
            f"{names[0]} is in more than one place ({', '.join(places)}): write {' or '.join(places)}"
        )

    def same(self, a: int, b: int) -> bool:
        """Two cards nobody could tell apart for a command: same name, place and state."""
        if self.name(a) != self.name(b):
            return False
        return (
            self.ref_place(a)[0] == self.ref_place(b)[0]
            and (a in self.tapped) == (b in self.tapped)
            and (a in self.in_play) == (b in self.in_play)
            and (a in self.summoned) == (b in self.summoned)
            and (a in self.host) == (b in self.host)
            and self.bonuses.get(a, []) == self.bonuses.get(b, [])
            and self.slot_of(a) == self.slot_of(b)
        )

    def ref_place(self, card: int) -> str:
        """``h3`` or ``s1``: where a card is, as a command names it."""
        if card in self.hand:
            return f"h{self.hand.index(card) + 1}"
        index = self.slot_of(card)
        return f"s{index + 1}" if index is not None else self.name(card)

    def ref(self, card: int, candidates: list[int], same: Same | None = None) -> str:
        """The text that names ``card`` among ``candidates``: its name when that is enough."""
        same = same or self.same
        key = normalize(self.name(card))
        rivals = [c for c in candidates if normalize(self.name(c)) == key]
        if all(same(card, other) for other in rivals):
            return self.name(card)
        return self.ref_place(card)

    def same_name(self, a: int, b: int) -> bool:
        return self.name(a) == self.name(b)

    def unequip(self, card: int) -> None:
        """An Equipment leaves its creature, or a creature leaves: the bonus goes."""
        for gear, creature in list(self.equipped.items()):
            if card in (gear, creature):
                del self.equipped[gear]
                kept = [b for b in self.bonuses.get(creature, []) if b.aura != gear]
                if creature in self.bonuses:
                    self.bonuses[creature] = kept

    # -- attacks --------------------------------------------------------------

    def anthems(self) -> list[tuple[int, Anthem]]:
        """Every anthem out now: enchantments in play and attacking creatures' statics."""
        found: list[tuple[int, Anthem]] = []
        for card in self.out():
            p = self.profiles[card]
            if p.kind == "anthem" and card in self.in_play:
                found.extend((card, a) for a in p.anthems)
        for card in self.summoned:
            found.extend((card, a) for a in self.profiles[card].anthems)
        return found

    def count(self, count: dict[str, Any]) -> int:
        """A count of cards out (the hand and the Save slots), as '... you control' reads here."""
        kind = count.get("count")
        filt = count.get("filter", {})
        if kind == "lands":
            found = sum(
                1 for c in self.out() if self.cards[c].is_land and matches(filt, self.cards[c])
            )
        elif kind == "creatures":
            found = sum(1 for c in self.summoned if matches(filt, self.cards[c])) + len(self.tokens)
        elif kind == "cards_in_hand":
            found = len(self.hand)
        elif kind == "cards_in_graveyard":
            found = len(self.graveyard)
        elif kind == "creature_cards_in_graveyard":
            found = sum(1 for c in self.graveyard if self.cards[c].is_creature)
        elif kind == "permanents":
            found = sum(1 for c in self.out() if matches(filt, self.cards[c]))
        else:
            found = 0
        return found * int(count.get("times", 1))

    def attack_parts(self, card: int) -> list[tuple[str, int, str]]:
        """(source card, points, rule) of a summoned creature's attack."""
        c, p = self.cards[card], self.profiles[card]
        base = self.count(p.count) if p.count is not None else p.amount
        parts = [(c.name, base, "creature")]
        if p.attack_bonus:
            parts.append((c.name, p.attack_bonus, "attack trigger"))
        parts.extend((b.source, b.power, b.rule) for b in self.bonuses.get(card, []))
        for source, anthem in self.anthems():
            if anthem.other and source == card:
                continue
            if matches(anthem.filter, c):
                parts.append((self.name(source), anthem.power, "anthem"))
        if p.double_strike:
            parts.append((c.name, sum(n for _, n, _ in parts), "double strike"))
        return [part for part in parts if part[1] > 0]

    def token_parts(self, token: Token) -> list[tuple[str, int, str]]:
        parts = [(token.source, token.power, "token")]
        parts.extend((b.source, b.power, b.rule) for b in token.bonuses)
        for source, anthem in self.anthems():
            if matches(anthem.filter, None, token.data):
                parts.append((self.name(source), anthem.power, "anthem"))
        return [part for part in parts if part[1] > 0]


def matches(filt: dict[str, Any], card: Card | None, token: dict[str, Any] | None = None) -> bool:
    """Whether a card (or a token's data) passes an anthem's or count's filter."""
    if card is not None:
        types, subtypes = set(card.types), set(card.subtypes)
        colors, keywords = set(card.colors), set(card.keywords)
        is_token, value, power = card.token, card.mana_value, card.power
    else:
        data = token or {}
        types, subtypes = set(data.get("types", ())), set(data.get("subtypes", ()))
        colors, keywords = set(data.get("colors", ())), set(data.get("keywords", ()))
        is_token, value, power = True, 0, data.get("power")
    checks = (
        ("types", lambda v: bool(types & set(v))),
        ("not_types", lambda v: not types & set(v)),
        ("subtypes", lambda v: bool(subtypes & set(v))),
        ("colors", lambda v: bool(colors & set(v))),
        ("not_colors", lambda v: not colors & set(v)),
        ("keywords", lambda v: bool(keywords & set(v))),
        ("token", lambda v: is_token == v),
        ("max_mana_value", lambda v: value <= v),
        ("min_power", lambda v: _power(power) >= v),
        ("max_power", lambda v: _power(power) <= v),
    )
    return all(test(filt[key]) for key, test in checks if key in filt)


def _power(text: Any) -> int:
    return int(text) if isinstance(text, str) and text.lstrip("-").isdigit() else 0


def is_place(ref: str) -> bool:
    """Does ``ref`` name a place (``h2``, ``s1``) rather than a card?"""
    low = ref.strip().lower()
    return len(low) >= 2 and low[0] in "hs" and low[1:].isdigit()
