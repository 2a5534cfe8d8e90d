"""The card pool: every card cardcli knows, and name lookup.

Three sources, the first that knows a name wins:

1. the hand-written cards of ``decklists/cards/*.yaml`` (and a decklist's
   inline cards): their behaviour was written by a person;
2. the user's database, written by ``cardcli cards import`` from a newer
   MTGJSON file (``user_db_path()``);
3. the database shipped with cardcli (``cardcli/data/cards.db``): every Magic
   card's facts and Oracle text, with the tokens real cards make.

A card of a database gets its behaviour from its Oracle text when it is looked
up (``behaviour.py``). Names match ignoring case, accents and punctuation
("Twilight's Call" = "twilights call"); a token can be named with what tells it
apart ("Dinosaur 3/1 red", ``tokens.py``). An unknown name gets "did you mean"
suggestions only when it is a slip away from a card: a real card is never
suggested for another.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, cast

from cardcli.cards.mtg.carddb import CardDatabase, PoolError
from cardcli.cards.mtg.model import Card
from cardcli.cards.mtg.names import normalize
from cardcli.engine.errors import UsageError
from cardcli.resources import data_dir
from cardcli.safeyaml import YamlError, load_yaml_file, without_lines

__all__ = ["CardPool", "PoolError", "normalize"]

MAX_QUERY_CHARS = 1000
MTGJSON_URL = "https://mtgjson.com/api/v5/AtomicCards.json.gz"
SHIPPED_DB = Path(__file__).resolve().parent.parent.parent / "data" / "cards.db"


def user_db_path() -> Path:
    """``$CARDCLI_HOME/cards.db``, else ``$XDG_DATA_HOME/cardcli/cards.db``, else ``~/.local/share/cardcli/cards.db``."""
    home = os.environ.get("CARDCLI_HOME")
    if home:
        return Path(home) / "cards.db"
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return Path(base) / "cardcli" / "cards.db"


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


def _card_file_data(path: Path) -> list[dict[str, Any]]:
    """The cards of a bundled card file: from the parse cache (``parsecache.py``) when
    this very text was read before, else read now (and kept)."""
    from cardcli.cards.mtg import parsecache

    try:
        source: bytes | None = path.read_bytes()
    except OSError:
        source = None
    if source is not None:
        cards = parsecache.load("cards", source)
        if cards is not parsecache.MISS and _card_list(cards):
            return cards  # type: ignore[no-any-return]
    read = _read_card_file_fast(path, source)
    if source is not None:
        parsecache.store("cards", source, read)
    return read


def _card_list(cards: Any) -> bool:
    """A list of cards as a card file holds them: each a mapping with a name and types."""
    return isinstance(cards, list) and all(
        isinstance(c, dict) and isinstance(c.get("name"), str) and isinstance(c.get("types"), list)
        for c in cards
    )


def _read_card_file_fast(path: Path, source: bytes | None = None) -> list[dict[str, Any]]:
    """The cards of a bundled card file, parsed by libyaml where it is there.

    The bundled files are ours and small; the line-keeping reader is ten times
    slower and is kept for saying where a problem is (``read_card_file``).
    ``source``: the file's bytes, read already.
    """
    import yaml

    loader = getattr(yaml, "CSafeLoader", None)
    if loader is None:
        return [data for data, _line in read_card_file(path)]
    try:
        if source is None:
            text = path.read_text(encoding="utf-8")
        else:  # as read_text reads it: universal newlines
            text = source.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
        data = yaml.load(text, Loader=loader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        data = None
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list) or not _card_list(cards):
        return [data for data, _line in read_card_file(path)]  # says where the problem is
    return cards


class _Unbuilt:
    """A hand-written card read but not built yet: built when first asked for (a game
    asks for a few dozen of the hundreds a start reads)."""

    __slots__ = ("card", "data", "source")

    def __init__(self, data: dict[str, Any], source: str) -> None:
        self.data, self.source = data, source
        self.card: Card | None = None

    def build(self) -> Card:
        if self.card is None:
            self.card = Card.from_data(self.data, source=self.source)
        return self.card


class CardPool:
    """Cards by key: hand-written cards first, then the databases in order."""

    def __init__(self, cards: Iterable[Card] = (), databases: Iterable[CardDatabase] = ()) -> None:
        self._cards: dict[str, Card | _Unbuilt] = {}
        self._unbuilt = False
        self.databases = list(databases)
        self.bundled_count = 0  # hand-written cards
        self.notes: dict[str, str] = {}  # what a looked-up name was taken as (a token's variant)
        self._looked_up: dict[str, Card] = {}  # cards of the databases, and tokens, once found
        self._missing: set[str] = set()
        self._known: tuple[list[str], list[int], list[str]] | None = None
        self._ranks: dict[str, int] | None = None
        for card in cards:
            self.add(card)

    @property
    def cards(self) -> dict[str, Card]:
        """The hand-written (and inline) cards by key, aliases too, every one built."""
        if self._unbuilt:
            for key, card in list(self._cards.items()):
                if isinstance(card, _Unbuilt):
                    self._cards[key] = card.build()
            self._unbuilt = False
        return cast(dict[str, Card], self._cards)

    @cards.setter
    def cards(self, cards: dict[str, Card]) -> None:
        self._cards = cast(dict[str, Card | _Unbuilt], cards)
        self._unbuilt = False
        self._known = None

    def _own(self, key: str) -> Card | None:
        """The hand-written card of this key, built now if it was not yet."""
        card = self._cards.get(key)
        if isinstance(card, _Unbuilt):
            card = self._cards[key] = card.build()
        return card

    def add(self, card: Card) -> None:
        self._known = None
        self._cards[normalize(card.name)] = card
        for alias in card.aliases:
            self._cards.setdefault(normalize(alias), card)

    def _add_data(self, data: dict[str, Any], source: str) -> None:
        """``add`` of the card ``data`` makes, built only when asked for."""
        self._known = None
        self._unbuilt = True
        card = _Unbuilt(data, source)
        self._cards[normalize(data["name"])] = card
        for alias in data.get("aliases", ()):
            self._cards.setdefault(normalize(alias), card)

    @classmethod
    def bundled(cls, with_user_pool: bool = True) -> CardPool:
        """The hand-written cards, the user's database (unless told not to) and the shipped one."""
        databases = []
        user = user_db_path()
        if with_user_pool and user.is_file():
            databases.append(CardDatabase(user))
        if SHIPPED_DB.is_file():
            databases.append(CardDatabase(SHIPPED_DB))
        pool = cls(databases=databases)
        for path in bundled_card_files():
            for data in _card_file_data(path):
                pool._add_data(data, path.name)
                pool.bundled_count += 1
        return pool

    # -- lookup ------------------------------------------------------------------------

    def get(self, name: str, printing: str | None = None, token: bool = False) -> Card | None:
        """The card ``name`` names (a card, a face, or a token), or None.

        A card's name comes first, then a token's, then a face's ("Blood" is the
        token before it is the half of Flesh // Blood). ``token`` (or a name
        ending in "token", as Horde decklists write it) asks for a token first: a
        token of that name, else the card of that name played as a token card
        (the Horde app plays its artifact Slivers so); so does a token set's code
        (``TLCI``) as the printing.
        """
        base = _without_token_word(name)
        if base != name and self._exact(name) is None:
            name, token = base, True
        key = normalize(name)
        cache = f"{key} ({printing})" if printing else key
        cache = f"{cache} [token]" if token else cache
        card = self._own(key)
        if card is not None and (card.token or not token):
            return card  # a card's printing changes nothing
        card = self._looked_up.get(cache)
        if card is not None or cache in self._missing:
            return card
        if not key and not _named_without_letters(name):
            return None  # no letter or digit ("???", replacement characters): no card's name
        tokens_first = token or _token_set(printing)
        if not tokens_first:
            card = self._from_databases(key, aliases=False)
        if card is None:
            card = self._token(name, printing, cache)
        if card is None and not token:
            card = self._from_databases(key, aliases=True)
            if card is None and "//" in name:
                card = self.get(name.split("//")[0])
        if card is None and token:
            card = self._card_as_token(name, cache)
        if card is None:
            self._missing.add(cache)
        else:
            self._looked_up[cache] = card
        return card

    def _exact(self, name: str) -> Card | None:
        """The card of exactly this name, hand-written or in a database ("Pricey Token")."""
        key = normalize(name)
        return self._own(key) or self._looked_up.get(key) or self._from_databases(key, False)

    def _card_as_token(self, name: str, cache: str) -> Card | None:
        from dataclasses import replace

        card = self.get(name)
        if card is None or card.token or not card.is_creature:
            return None
        self.notes[cache] = (
            f"the card {card.name} played as a token card: no mana cost, and it is gone "
            "once it leaves the battlefield"
        )
        raw = {**card.raw, "token": True, "mana_cost": ""}
        raw.pop("mana_value", None)
        return replace(card, token=True, mana_cost="", mana_value=0, raw=raw)

    def own(self, name: str) -> Card | None:
        """The hand-written (or inline) card of exactly this name, looking nowhere else."""
        return self._own(normalize(name))

    def resolve(self, names: Iterable[str]) -> None:
        """Look every name up once (a database answers each from one block)."""
        for name in names:
            self.get(name)

    def note(self, name: str, printing: str | None = None, token: bool = False) -> str:
        """What a looked-up name was taken as, where that needs saying (a token's variant)."""
        base = _without_token_word(name)
        if base != name and self._exact(name) is None:
            name, token = base, True
        key = normalize(name)
        cache = f"{key} ({printing})" if printing else key
        return self.notes.get(f"{cache} [token]" if token else cache, "")

    def _from_databases(self, key: str, aliases: bool) -> Card | None:
        from cardcli.cards.mtg.behaviour import with_behaviour

        for database in self.databases:
            record = database.get(key, aliases)
            if record is not None:
                return _card_of(database, record, with_behaviour)
        return None

    def token_variants(self, key: str) -> list[dict[str, Any]]:
        """The tokens named ``key``: hand-written first, then the databases', each once."""
        from cardcli.cards.mtg.tokens import variant_key

        found: list[dict[str, Any]] = []
        seen: set[Any] = set()
        hand = self._own(key)
        if hand is not None and hand.token:
            found.append(dict(hand.raw) if hand.raw else {"name": hand.name})
            seen.add(variant_key(found[0]))
        for database in self.databases:
            for token in database.tokens().get(key, ()):
                mark = variant_key(token)
                if mark not in seen:
                    seen.add(mark)
                    found.append(token)
        return sorted(found, key=lambda token: bool(token.get("printing")))

    def _token(self, name: str, printing: str | None, cache: str) -> Card | None:
        """A token by name and what the line says of it (``tokens.py``), or None."""
        from dataclasses import replace as changed

        from cardcli.cards.mtg.tokens import choice_note, choose, made_from, parse_spec

        spec = parse_spec(name, printing)
        if spec is None:
            return None
        variants = self.token_variants(normalize(spec.name))
        token = choose(variants, spec)
        unknown_printing = ""
        if token is None and spec.printing:  # "Golem (TNPH)": a Phyrexian Golem of that set
            related = self._tokens_with_subtypes(spec.name)
            token = choose(related, spec)
            variants = related if token is not None else variants
            if token is None:
                token = choose(variants, changed(spec, printing=None))
                unknown_printing = spec.printing
        made = token is None
        if token is None:
            token = made_from(spec)
        if token is None:
            return None
        note = choice_note(token, variants, made)
        if unknown_printing:
            note += f"; no such token is known from {unknown_printing}"
        self.notes[cache] = note
        data = {k: v for k, v in token.items() if k not in ("token_of", "token_sets")}
        hand = self._own(normalize(token["name"]))
        if hand is not None and hand.token and hand.raw == data:
            return hand  # hand-written, behaviour and all
        from cardcli.cards.mtg.behaviour import with_behaviour

        source = "its description" if made else "card data"
        return Card.from_data(with_behaviour(data), source=source)

    def _tokens_with_subtypes(self, name: str) -> list[dict[str, Any]]:
        """Phyrexian tokens of ``name`` ("Golem" is a Phyrexian Golem since the 2022
        Oracle update gave Phyrexian to the tokens of New Phyrexia and others)."""
        words = {w.lower() for w in name.split()} | {"phyrexian"}
        key = normalize(f"Phyrexian {name}")
        return [
            token
            for database in self.databases
            for token in database.tokens().get(key, ())
            if {t.lower() for t in token.get("subtypes", ())} == words
        ]

    def every_card(self, tokens: bool = False) -> Iterator[Card]:
        """Every card the pool knows, once, from the first layer that has it (hand-written,
        then each database); with ``tokens``, every token variant of the databases too."""
        from cardcli.cards.mtg.behaviour import with_behaviour

        seen: set[str] = set()
        for key, card in self.cards.items():
            if normalize(card.name) == key:  # not an alias
                seen.add(key)
                yield card
        for database in self.databases:
            for block in database.raw_blocks():
                for key, data in block:
                    if key not in seen:
                        seen.add(key)
                        yield _card_of(database, database.record(data), with_behaviour)
        if not tokens:
            return
        import json

        made: set[str] = set()
        for database in self.databases:
            for variants in database.tokens().values():
                for token in variants:
                    record = {k: v for k, v in token.items() if k not in ("token_of", "token_sets")}
                    mark = json.dumps(record, sort_keys=True)
                    if mark not in made:
                        made.add(mark)
                        yield Card.from_data(with_behaviour(record), source="card data")

    # -- names -------------------------------------------------------------------------

    def _names(self) -> tuple[list[str], list[int], list[str]]:
        """Every key, its letter mask and its name, the most played first: hand-written
        cards, the databases' cards and their tokens."""
        if self._known is None:
            from cardcli.suggest import letter_mask

            known: dict[str, str] = {}
            for key, card in self.cards.items():
                known.setdefault(key, card.name)
            for database in self.databases:
                for key, name in database.names().items():
                    known.setdefault(key, name)
                for key, variants in database.tokens().items():
                    known.setdefault(key, variants[0]["name"])
            ranks = self.ranks()
            keys = sorted(known, key=lambda k: (ranks.get(k, 10**7), k))
            self._known = (keys, [letter_mask(k) for k in keys], [known[k] for k in keys])
        return self._known

    def ranks(self) -> dict[str, int]:
        """How much each card is played (EDHREC's rank, 1 the most), by key."""
        if self._ranks is None:
            self._ranks = {}
            for database in reversed(self.databases):
                self._ranks.update(database.ranks())
        return self._ranks

    def all_names(self) -> list[str]:
        return self._names()[2]

    def suggest(self, name: str, count: int = 3) -> list[str]:
        """The names fewest typing slips away from ``name`` (up to two or three for a
        long name), and those it is a whole word of ("Bolt" for Lightning Bolt), the
        most played first.

        Nothing for a name that is merely long and shares letters: a real card
        missing from the pool is told apart from a typo (``unknown_message``).
        """
        from cardcli.suggest import close_with_slips

        key = normalize(name)
        if not key:
            return []
        keys, masks, names = self._names()
        slips = close_with_slips(key, keys, 2 * count, masks)
        nearest = [k for gap, k in slips if gap == slips[0][0]] if slips else []
        words: list[str] = []
        if len(key) >= 4:
            words = [k for k in keys if f" {key} " in f" {k} "][:count]
        ordered = [*nearest[:1], *words[:1], *nearest[1:], *words[1:]]
        index = {k: i for i, k in enumerate(keys)}
        shown = [names[index[k]] for k in dict.fromkeys(ordered)]
        return list(dict.fromkeys(shown))[:count]

    def unknown_message(self, name: str) -> str:
        """A typo gets did-you-mean; a name with nothing close is said to be unknown."""
        hints = self.suggest(name)
        if hints:
            return f"unknown card '{name}'; did you mean {' or '.join(repr(h) for h in hints)}?"
        return f"unknown card '{name}': no Magic card or token has this name"

    def missing_hint(self) -> str:
        """What to do about a name no card has: said once, after the names."""
        dated = "its card data"
        for database in self.databases:
            date = database.source.get("date") or database.source.get("cards", {}).get("date")
            if date:
                dated = f"{date} (MTGJSON)"
                break
        return (
            f"cardcli knows every Magic card up to {dated}: check the spelling, or for a "
            f"card printed since, download AtomicCards.json.gz ({MTGJSON_URL}) and run "
            "'cardcli cards import AtomicCards.json.gz'"
        )

    # -- search ------------------------------------------------------------------------

    def search(self, query: str, limit: int | None = None) -> tuple[int, list[Card]]:
        """How many cards have every word of ``query`` in their name, type line or
        Oracle text, and the first ``limit`` of them (all, without a limit).

        Names that contain the query come first, then the most played. Only the
        cards returned are built; the rest are matched on their text alone.
        """
        if len(query) > MAX_QUERY_CHARS:
            raise UsageError(f"a search of {len(query)} characters; at most {MAX_QUERY_CHARS}")
        words = query.lower().split()
        found: dict[str, tuple[Card | None, CardDatabase | None, str]] = {}
        for card in self.cards.values():
            if card.name not in found and _matches(words, card.name, card.type_line, card.oracle):
                found[card.name] = (card, None, "")
        for database in self.databases:
            for data in self._scan(database, words):
                record = database.record(data)
                name = record["name"]
                if name not in found and normalize(name) not in self._cards:
                    found[name] = (None, database, data)
        ranks = self.ranks()
        lowered = query.lower()
        order = sorted(
            found,
            key=lambda n: (lowered not in n.lower(), ranks.get(normalize(n), 10**7), n),
        )
        shown = order if limit is None else order[:limit]
        return len(order), [self._built(*found[name]) for name in shown]

    def _built(self, card: Card | None, database: CardDatabase | None, data: str) -> Card:
        from cardcli.cards.mtg.behaviour import with_behaviour

        if card is not None or database is None:
            assert card is not None
            return card
        return _card_of(database, database.record(data), with_behaviour)

    def _scan(self, database: CardDatabase, words: list[str]) -> Iterator[str]:
        """The JSON of each card of a database whose text holds every word."""
        for block in database.raw_blocks():
            for _key, data in block:
                raw = data.lower()
                if all(word in raw for word in words):
                    record = database.record(data)
                    kinds = (*record.get("supertypes", ()), *record.get("types", ()))
                    type_line = " ".join((*kinds, "—", *record.get("subtypes", ())))
                    if _matches(words, record["name"], type_line, record.get("oracle", "")):
                        yield data


def _matches(words: list[str], name: str, type_line: str, oracle: str) -> bool:
    text = f"{name} {type_line} {oracle}".lower()
    return all(word in text for word in words)


def _token_set(printing: str | None) -> bool:
    """``TLCI``: a token set's code (``T`` and its set's), as Scryfall and the Horde app write it."""
    code = (printing or "").split(" ")[0]
    return len(code) == 4 and code.startswith("T") and code[1:].isalnum()


def _without_token_word(name: str) -> str:
    """``Zombie Token`` -> ``Zombie``: the word Horde decklists end a token's name with."""
    words = name.split()
    if len(words) >= 2 and words[-1].lower() in ("token", "tokens"):
        return " ".join(words[:-1])
    return name


def _card_of(database: CardDatabase, record: dict[str, Any], with_behaviour: Any) -> Card:
    """A database's record as a card; the user's database is checked against the schema
    first (the shipped one is checked by the tests, card by card)."""
    if database.path == SHIPPED_DB:
        return Card.from_data(with_behaviour(record), source="card data")
    from cardcli.cards.mtg.schemas import card_validator

    error = next(iter(card_validator().iter_errors(record)), None)
    if error is not None:
        field = "/".join(map(str, error.path)) or "card"
        raise PoolError(
            f"{database.path}: the card database is damaged ({record.get('name', '?')}: "
            f"{field}: {error.message[:80]}); import the cards again with 'cardcli cards import FILE'"
        )
    try:
        return Card.from_data(with_behaviour(record), source="imported card data")
    except (TypeError, ValueError, KeyError, AttributeError):
        raise PoolError(f"{database.path}: the card database is damaged") from None


def _named_without_letters(name: str) -> bool:
    """The only names whose key is empty that name a card: the card "_____" (and its kin:
    a name of underscores only, as Unhinged prints it)."""
    stripped = name.strip()
    return bool(stripped) and set(stripped) == {"_"}
