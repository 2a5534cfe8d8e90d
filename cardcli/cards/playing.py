"""Standard playing cards as small integers, and their text notation.

A card is an ``int``: ``suit * 13 + rank_index`` for the 52 cards (suits in the
order clubs, diamonds, hearts, spades; rank index 0 for the Ace up to 12 for
the King), and 52 and 53 for the two jokers. Integers keep the hot paths of the
engines (shuffles, anomaly scans) fast; text only appears at the edges.

Notation: rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` then suit ``c d h s``: ``10h``,
``Qs``, ``Ac``. Jokers are ``X1`` and ``X2``. The parser also accepts ``T`` for
ten, the suit symbols ``♣♦♥♠`` (and ``♧♢♡♤``), any case, and ``joker1``/``jk1``.

>>> card_name(parse_card("th"))
'10h'
>>> card_name(parse_card("Q♠"))
'Qs'
>>> parse_card("x2") == JOKER_2
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardcli.engine.errors import InvalidCommand

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("c", "d", "h", "s")
JOKER_1 = 52
JOKER_2 = 53
JOKERS = (JOKER_1, JOKER_2)

_SUIT_ALIASES = {
    "c": 0, "♣": 0, "♧": 0,
    "d": 1, "♦": 1, "♢": 1,
    "h": 2, "♥": 2, "♡": 2,
    "s": 3, "♠": 3, "♤": 3,
}  # fmt: skip
_RANK_ALIASES = {name.lower(): index for index, name in enumerate(RANKS)}
_RANK_ALIASES["t"] = 9
_RANK_ALIASES["1"] = 0  # "1" is read as the Ace, as some players write it
_JOKER_ALIASES = {
    "x1": JOKER_1, "x2": JOKER_2,
    "jk1": JOKER_1, "jk2": JOKER_2,
    "joker1": JOKER_1, "joker2": JOKER_2,
}  # fmt: skip
# Bare joker words: they stand for "a joker" and the caller decides which.
BARE_JOKER_WORDS = frozenset({"x", "jk", "joker", "🃏"})

NAMES: tuple[str, ...] = (*tuple(r + s for s in SUITS for r in RANKS), "X1", "X2")
_BY_NAME = {name.lower(): index for index, name in enumerate(NAMES)}


def is_joker(card: int) -> bool:
    return card >= 52


def rank_of(card: int) -> int:
    """Rank index 0 (Ace) .. 12 (King); -1 for a joker."""
    return -1 if card >= 52 else card % 13


def suit_of(card: int) -> int:
    """Suit index 0..3 (c d h s); -1 for a joker."""
    return -1 if card >= 52 else card // 13


def card_name(card: int) -> str:
    return NAMES[card]


def card_names(cards: Iterable[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def parse_card(text: str) -> int:
    """Parse one card; raises ``InvalidCommand`` with a hint on bad text."""
    word = text.strip().lower()
    if not word:
        raise InvalidCommand("empty card: write a card such as 10h, Qs or X1")
    found = _BY_NAME.get(word)
    if found is not None:
        return found
    if word in _JOKER_ALIASES:
        return _JOKER_ALIASES[word]
    if word in BARE_JOKER_WORDS:
        raise InvalidCommand(f"'{text}' could be either joker: write X1 or X2")
    suit = _SUIT_ALIASES.get(word[-1])
    rank = _RANK_ALIASES.get(word[:-1])
    if suit is None or rank is None:
        # Allow the suit first too ("h10", "♠Q"): people write both.
        suit = _SUIT_ALIASES.get(word[0])
        rank = _RANK_ALIASES.get(word[1:])
    if suit is None or rank is None:
        raise InvalidCommand(
            f"'{text}' is not a card: write rank then suit, such as 10h, Qs, Ac (jokers X1, X2)"
        )
    return suit * 13 + rank


def parse_cards(words: Sequence[str]) -> list[int]:
    return [parse_card(word) for word in words]


def standard_deck(jokers: bool = False) -> list[int]:
    """Clubs A-K, diamonds A-K, hearts A-K, spades A-K, then the jokers."""
    return list(range(54 if jokers else 52))


def new_deck_order(jokers: bool = False) -> list[int]:
    """The order of a freshly opened deck, first card first.

    As US decks are packed, seen face up: the jokers, then spades A-K,
    diamonds A-K, clubs K-A, hearts K-A.
    """
    spades = [3 * 13 + r for r in range(13)]
    diamonds = [1 * 13 + r for r in range(13)]
    clubs = [0 * 13 + r for r in reversed(range(13))]
    hearts = [2 * 13 + r for r in reversed(range(13))]
    return ([JOKER_1, JOKER_2] if jokers else []) + spades + diamonds + clubs + hearts
