"""The card pool: bundled card files, the user's imported pool, and name lookup.

Names match ignoring case and punctuation ("Twilight's Call" = "twilights call");
an unknown name gets "did you mean" suggestions. The user pool written by
``cardcli cards import`` is a JSON-lines file at ``user_pool_path()``, read one
line at a time so that a pool of every card ever printed stays cheap.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from cardcli.cards.mtg.model import Card
from cardcli.engine.errors import CardcliError, UsageError
from cardcli.jsonsafe import loads
from cardcli.resources import data_dir
from cardcli.safeyaml import YamlError, load_yaml_file, without_lines

MAX_QUERY_CHARS = 1000
MTGJSON_URL = "https://mtgjson.com/api/v5/AtomicCards.json"
_PUNCTUATION = re.compile(r"[^0-9a-z ]+")


def normalize(name: str) -> str:
    """The key a name is matched by.

    >>> normalize("Twilight’s Call") == normalize("twilights call")
    True
    >>> normalize("Fire // Ice")
    'fire ice'
    """
    name = name.replace("\u00c6", "Ae").replace("\u00e6", "ae")  # Æther, as cards print it
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return " ".join(_PUNCTUATION.sub("", text.replace("-", " ").replace("/", " ")).split())


def user_pool_path() -> Path:
    """``$CARDCLI_HOME/cards.jsonl``, else ``$XDG_DATA_HOME/cardcli/cards.jsonl``, else ``~/.local/share/cardcli/cards.jsonl``."""
    home = os.environ.get("CARDCLI_HOME")
    if home:
        return Path(home) / "cards.jsonl"
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return Path(base) / "cardcli" / "cards.jsonl"


def bundled_card_files() -> list[Path]:
    return sorted((data_dir("decklists") / "cards").glob("*.yaml"))


def read_card_file(path: Path) -> list[tuple[dict[str, Any], int]]:
    """The cards of one card file with their lines; checks the shape only lightly."""
    data = load_yaml_file(path, lines=True)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise YamlError(f"{path}: a card file holds 'cards:', a list of cards")
    found = []
    for entry in data["cards"]:
        line = entry.get("__line__", 0) if isinstance(entry, dict) else 0
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise YamlError(f"{path}:{line}: a card needs a name")
        if not isinstance(entry.get("types"), list) or not entry["types"]:
            raise YamlError(f"{path}:{line}: {entry['name']}: a card needs its types")
        found.append((without_lines(entry), line))
    return found


class CardPool:
    """Cards by normalized name, from bundled files, inline cards and the user pool."""

    def __init__(self, cards: Iterable[Card] = (), user_pool: Path | None = None) -> None:
        self.cards: dict[str, Card] = {}
        self.user_pool = user_pool
        self.missing: set[str] = set()  # names looked up in the user pool in vain
        self.bundled_count = 0  # cards from the bundled files
        self._user_names: list[str] | None = None
        self._known: dict[str, str] | None = None  # every name by its key, for suggestions
        for card in cards:
            self.add(card)

    def add(self, card: Card) -> None:
        self._known = None
        self.cards[normalize(card.name)] = card
        for alias in card.aliases:
            self.cards.setdefault(normalize(alias), card)

    @classmethod
    def bundled(cls, with_user_pool: bool = True) -> CardPool:
        pool = cls(user_pool=user_pool_path() if with_user_pool else None)
        for path in bundled_card_files():
            for data, _line in read_card_file(path):
                pool.add(Card.from_data(data, source=path.name))
                pool.bundled_count += 1
        return pool

    def get(self, name: str) -> Card | None:
        key = normalize(name)
        card = self.cards.get(key)
        if card is None and " " in key and "//" in name:
            card = self.cards.get(normalize(name.split("//")[0]))
        if card is None and key not in self.missing:
            card = self._from_user_pool({key}).get(key)
            if card is not None:
                self.add(card)
            else:
                self.missing.add(key)
        return card

    def resolve(self, names: Iterable[str]) -> None:
        """Load every name the bundled cards lack from the user pool in one pass."""
        wanted = {normalize(n) for n in names} - set(self.cards) - self.missing
        found = self._from_user_pool(wanted)
        for card in found.values():
            self.add(card)
        self.missing |= wanted - set(found)

    def _from_user_pool(self, keys: set[str]) -> dict[str, Card]:
        if not keys or self.user_pool is None or not self.user_pool.is_file():
            return {}
        found: dict[str, Card] = {}
        for number, data in iter_user_pool(self.user_pool):
            names = [str(data.get("name", "")), *map(str, data.get("aliases") or [])]
            for key in map(normalize, names):
                if key in keys:
                    found[key] = _pool_card(data, self.user_pool, number)
        return found

    def user_names(self) -> list[str]:
        """Every name in the user pool (read once, for suggestions)."""
        if self._user_names is None:
            self._user_names = []
            if self.user_pool is not None and self.user_pool.is_file():
                self._user_names = [str(d["name"]) for _, d in iter_user_pool(self.user_pool)]
        return self._user_names

    def suggest(self, name: str, count: int = 3) -> list[str]:
        """Pool names a typing slip or two away from ``name``, or that it begins or is
        inside of (whole words).

        Nothing for a name that is merely long and shares letters: a real card
        missing from the pool is told apart from a typo (``unknown_message``).
        """
        from cardcli.suggest import close_to

        key = normalize(name)
        if not key:
            return []
        if self._known is None:
            self._known = {k: card.name for k, card in self.cards.items()}
            for other in self.user_names():
                self._known.setdefault(normalize(other), other)
        known = self._known
        keys = close_to(key, known, count)
        if not keys and len(key) >= 4:
            keys = [k for k in known if k.startswith(key + " ")][:count]
        if not keys and len(key) >= 4:  # the words of a name: 'bolt' for Lightning Bolt
            keys = [k for k in known if f" {key} " in f" {k} "][:count]
        return list(dict.fromkeys(known[k] for k in keys))

    def unknown_message(self, name: str) -> str:
        """A typo gets did-you-mean; a name with nothing close is said to be missing."""
        hints = self.suggest(name)
        if hints:
            return f"unknown card '{name}'; did you mean {' or '.join(repr(h) for h in hints)}?"
        return f"unknown card '{name}': not in the card pool"

    def missing_hint(self) -> str:
        """How to get the cards the pool lacks: said once, after the cards it lacks."""
        if self.user_pool is not None and self.user_pool.is_file():
            return (
                f"the card pool is the {self.bundled_count} bundled cards and the "
                f"{len(self.user_names())} imported into {self.user_pool}: check the spelling, "
                f"or import a newer AtomicCards.json ({MTGJSON_URL})"
            )
        return (
            f"the card pool holds the {self.bundled_count} bundled cards only; to add every "
            f"Magic card, download AtomicCards.json ({MTGJSON_URL}) and run "
            "'cardcli cards import AtomicCards.json'"
        )

    def search(self, query: str, limit: int | None = None) -> list[Card]:
        """Cards whose name, type line or Oracle text contain every word of ``query``.

        Names that contain the query come first, then by name; all of them
        unless ``limit`` is given.
        """
        if len(query) > MAX_QUERY_CHARS:
            raise UsageError(f"a search of {len(query)} characters; at most {MAX_QUERY_CHARS}")
        words = query.lower().split()
        seen: dict[str, Card] = {}
        for card in self.cards.values():
            text = f"{card.name} {card.type_line} {card.oracle}".lower()
            if all(word in text for word in words):
                seen[card.name] = card
        if self.user_pool is not None and self.user_pool.is_file():
            for number, data in iter_user_pool(self.user_pool):
                if data["name"] in seen:
                    continue
                # Match on the raw text first; only a match is checked and built.
                keys = ("name", "supertypes", "types", "subtypes", "oracle")
                raw = " ".join(str(data.get(key, "")) for key in keys).lower()
                raw += " token" if data.get("token") is True else ""
                if not all(word in raw for word in words):
                    continue
                card = _pool_card(data, self.user_pool, number)
                text = f"{card.name} {card.type_line} {card.oracle}".lower()
                if all(word in text for word in words):
                    seen[card.name] = card
        found = sorted(seen.values(), key=lambda c: (query.lower() not in c.name.lower(), c.name))
        return found if limit is None else found[:limit]


class PoolError(CardcliError):
    """The user card pool cannot be read: unusable input, exit code 2."""

    exit_code = 2


def _damaged(path: Path, number: int) -> PoolError:
    return PoolError(
        f"{path}:{number}: the user card pool is damaged; run 'cardcli cards import' again"
    )


def _pool_card(data: dict[str, Any], path: Path, number: int) -> Card:
    """A card of the user pool, checked against the card schema before any use."""
    from cardcli.cards.mtg.schemas import card_validator

    error = next(iter(card_validator().iter_errors(data)), None)
    if error is not None:
        field = "/".join(map(str, error.path)) or "card"
        raise PoolError(
            f"{path}:{number}: the user card pool is damaged ({field}: {error.message[:80]}); "
            "run 'cardcli cards import' again"
        )
    try:
        return Card.from_data(data, source="user pool")
    except (TypeError, ValueError, KeyError, AttributeError):
        raise _damaged(path, number) from None


def iter_user_pool(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, card data) for each card of the user pool."""
    number = 0
    try:
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                number += 1
                if not line.strip():
                    continue
                try:
                    data = loads(line)
                except (ValueError, RecursionError):
                    raise _damaged(path, number) from None
                if not isinstance(data, dict) or not isinstance(data.get("name"), str):
                    raise _damaged(path, number)
                for key in ("types", "aliases"):
                    value = data.get(key, [])
                    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
                        raise _damaged(path, number)
                yield number, data
    except UnicodeDecodeError:
        raise _damaged(path, number + 1) from None
    except OSError as err:
        raise PoolError(f"{path}: {err.strerror or err}") from None
