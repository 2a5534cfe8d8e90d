"""The card pool: bundled card files, the user's imported pool, and name lookup.

Names match ignoring case and punctuation ("Twilight's Call" = "twilights call");
an unknown name gets "did you mean" suggestions. The user pool written by
``cardcli cards import`` is a JSON-lines file at ``user_pool_path()``, read one
line at a time so that a pool of every card ever printed stays cheap.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from cardcli.cards.mtg.model import Card
from cardcli.engine.errors import CardcliError
from cardcli.resources import data_dir
from cardcli.safeyaml import YamlError, load_yaml_file, without_lines

_PUNCTUATION = re.compile(r"[^0-9a-z ]+")


def normalize(name: str) -> str:
    """The key a name is matched by.

    >>> normalize("Twilight’s Call") == normalize("twilights call")
    True
    >>> normalize("Fire // Ice")
    'fire ice'
    """
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
        for card in cards:
            self.add(card)

    def add(self, card: Card) -> None:
        self.cards[normalize(card.name)] = card
        for alias in card.aliases:
            self.cards.setdefault(normalize(alias), card)

    @classmethod
    def bundled(cls, with_user_pool: bool = True) -> CardPool:
        pool = cls(user_pool=user_pool_path() if with_user_pool else None)
        for path in bundled_card_files():
            for data, _line in read_card_file(path):
                pool.add(Card.from_data(data, source=path.name))
        return pool

    def get(self, name: str) -> Card | None:
        key = normalize(name)
        card = self.cards.get(key)
        if card is None and " " in key and "//" in name:
            card = self.cards.get(normalize(name.split("//")[0]))
        if card is None:
            card = self._from_user_pool({key}).get(key)
            if card is not None:
                self.add(card)
        return card

    def resolve(self, names: Iterable[str]) -> None:
        """Load every name the bundled cards lack from the user pool in one pass."""
        wanted = {normalize(n) for n in names} - set(self.cards)
        for card in self._from_user_pool(wanted).values():
            self.add(card)

    def _from_user_pool(self, keys: set[str]) -> dict[str, Card]:
        if not keys or self.user_pool is None or not self.user_pool.is_file():
            return {}
        found: dict[str, Card] = {}
        for data in iter_user_pool(self.user_pool):
            names = [str(data.get("name", "")), *map(str, data.get("aliases") or [])]
            for key in map(normalize, names):
                if key in keys:
                    found[key] = Card.from_data(data, source="user pool")
        return found

    def suggest(self, name: str, count: int = 3) -> list[str]:
        key = normalize(name)
        keys = difflib.get_close_matches(key, list(self.cards), n=count, cutoff=0.6)
        if not keys:
            keys = [k for k in self.cards if key and (key in k or k in key)][:count]
        return [self.cards[k].name for k in keys]

    def unknown_message(self, name: str) -> str:
        hints = self.suggest(name)
        hint = f"; did you mean {' or '.join(repr(h) for h in hints)}?" if hints else ""
        return f"unknown card '{name}'{hint}"

    def search(self, query: str, limit: int = 50) -> list[Card]:
        """Cards whose name, type line or Oracle text contain every word of ``query``."""
        words = query.lower().split()
        seen: dict[str, Card] = {}
        for card in self.cards.values():
            text = f"{card.name} {card.type_line} {card.oracle}".lower()
            if all(word in text for word in words):
                seen[card.name] = card
        found = sorted(seen.values(), key=lambda c: (query.lower() not in c.name.lower(), c.name))
        return found[:limit]


def iter_user_pool(path: Path) -> Iterator[dict[str, Any]]:
    try:
        with path.open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                try:
                    data = json.loads(line)
                except json.JSONDecodeError:
                    raise CardcliError(
                        f"{path}:{number}: the user card pool is damaged; run 'cardcli cards import' again"
                    ) from None
                if isinstance(data, dict) and "name" in data and "types" in data:
                    yield data
    except OSError as err:
        raise CardcliError(f"{path}: {err.strerror or err}") from None
