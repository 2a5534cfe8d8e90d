"""How much of a deck, or of all the card data, the engine plays by itself.

Every card has a status (``Card.status``): ``automated`` when every line of its
Oracle text compiled, ``partial`` when some did (the players apply the rest),
``manual`` when none did. Coverage is that status counted over the distinct
cards of some decks, or over every card the pool knows; token cards and
tokens are counted apart from cards, as the targets for real decks are.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardcli.cards.mtg.model import Card

if TYPE_CHECKING:
    from cardcli.cards.mtg.decklist import Decklist
    from cardcli.cards.mtg.pool import CardPool

STATUSES = ("automated", "partial", "manual")


@dataclass
class Tally:
    """Distinct cards by status, cards and tokens apart."""

    cards: Counter[str] = field(default_factory=Counter)
    tokens: Counter[str] = field(default_factory=Counter)
    unknown: int = 0

    def add(self, card: Card) -> None:
        (self.tokens if card.token else self.cards)[card.status] += 1

    @staticmethod
    def line(counts: Counter[str], what: str) -> str:
        total = sum(counts.values())
        if not total:
            return f"no {what}"
        share = counts["automated"] / total
        parts = ", ".join(f"{status} {counts[status]}" for status in STATUSES)
        return f"{total} {what}: {parts} ({share:.1%} automated)"

    def as_dict(self) -> dict[str, object]:
        found: dict[str, object] = {
            "cards": {s: self.cards[s] for s in STATUSES},
            "tokens": {s: self.tokens[s] for s in STATUSES},
        }
        if self.unknown:
            found["unknown"] = self.unknown
        return found


@dataclass
class DeckCoverage:
    """One deck's distinct cards, each with its status, and the names not found."""

    deck: Decklist
    cards: list[Card]
    unknown: list[str]

    def tally(self) -> Tally:
        tally = Tally(unknown=len(self.unknown))
        for card in self.cards:
            tally.add(card)
        return tally


def deck_coverage(deck: Decklist, pool: CardPool) -> DeckCoverage:
    """The distinct cards of ``deck`` (every section), looked up as ``deck validate`` does."""
    local = {card.name.lower(): card for card, _ in deck.inline_cards}
    cards: dict[str, Card] = {}
    unknown: list[str] = []
    for entry in deck.entries:
        card = local.get(entry.name.lower()) or pool.get(entry.name, entry.printing, entry.token)
        if card is None:
            if entry.name not in unknown:
                unknown.append(entry.name)
        else:
            cards.setdefault(card.name + (" [token]" if card.token else ""), card)
    return DeckCoverage(deck, list(cards.values()), unknown)


def by_status(cards: list[Card]) -> list[Card]:
    """Manual first, then partial, then automated; by name within each."""
    order = {"manual": 0, "partial": 1, "automated": 2}
    return sorted(cards, key=lambda card: (order[card.status], card.token, card.name))


def first_gap(card: Card) -> str:
    """The first line left to the players (empty for an automated card)."""
    if card.manual:
        return card.manual_reason or "played by hand"
    return card.unread[0] if card.unread else ""
