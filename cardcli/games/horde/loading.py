"""Horde's data options: decks, explicit orders and set-up files, loaded on the CLI side.

``load_*`` functions read files and the card pool (they run in the CLI only and
raise ``UsageError`` naming the option, file and problem); ``check_*``
functions test a value read back from a log header, touching no file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardcli.cards.mtg.resolve import (
    Resolved,
    bundled_deck_path,
    check_resolved,
    resolve_deck_file,
    resolve_names,
    split_names,
)
from cardcli.engine.errors import CardcliError, UsageError
from cardcli.printable import one_line, shortened

SEAT = re.compile(r"^p[1-4]$")
DEFAULT_HORDE = "horde-zombies.yaml"
DEFAULT_DECKS = {
    "p1": "player-boros-aggro.yaml",
    "p2": "player-selesnya-stompy.yaml",
    "p3": "player-dimir-control.yaml",
    "p4": "player-mono-black.yaml",
}
SETUP_SCHEMA = "horde-setup.schema.json"
SIDES = ("horde", "p1", "p2", "p3", "p4")
# (``commander`` is no zone of the table's: only the card's colour identity is played.)
ZONE_KEYS = ("library", "hand", "battlefield", "graveyard", "exile", "commander")


ALL = "all"  # simulate --players all: each of 2, 3 and 4 players


def load_players(text: Any) -> int | str:
    """``--players``: 2, 3 or 4 (and, for simulate, all)."""
    word = str(text).strip().lower()
    if word == ALL:
        return ALL
    if word in ("2", "3", "4"):
        return int(word)
    raise UsageError(f"--players takes 2, 3, 4 or all, got '{str(text)[:20]}'")


def check_players(value: Any) -> int | str:
    if value == ALL or (type(value) is int and 2 <= value <= 4):
        return value  # type: ignore[no-any-return]
    raise UsageError(f"option players must be 2, 3 or 4 (or all for simulate), got {value!r}")


def _warn(message: str) -> None:
    """A deck that breaks its format's rules is played as given, with a word on stderr
    (the CLI loads options; the engine never prints)."""
    from cardcli.output import note

    note(message)


def load_horde(path: Any) -> Resolved:
    return resolve_deck_file(str(path), "--horde", checked_as="horde", warn=_warn)


def check_horde(value: Any) -> Resolved:
    return check_resolved(value, "--horde")


def _seat_pairs(texts: Any, option: str, example: str) -> list[tuple[str, str]]:
    pairs = []
    for text in texts if isinstance(texts, tuple | list) else (texts,):
        seat, sep, rest = str(text).partition("=")
        seat = seat.strip().lower()
        if seat == "horde" and sep:
            raise UsageError(f"{option} is for the players (p1..p4); the Horde's is --horde FILE")
        if not sep or not SEAT.match(seat) or not rest.strip():
            raise UsageError(
                f"{option}: write {example}; got '{shortened(one_line(str(text)), 80)}'"
            )
        pairs.append((seat, rest.strip()))
    seen: set[str] = set()
    for seat, _ in pairs:
        if seat in seen:
            raise UsageError(f"{option}: {seat} is given twice")
        seen.add(seat)
    return pairs


def load_decks(texts: Any) -> dict[str, Resolved]:
    return {
        seat: resolve_deck_file(path, f"--deck {seat}", checked_as="horde-player", warn=_warn)
        for seat, path in _seat_pairs(texts, "--deck", "p1=FILE")
    }


def check_decks(value: Any) -> dict[str, Resolved]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and SEAT.match(k) for k in value):
        raise UsageError("--deck: an object from seats (p1..p4) to resolved decks")
    return {seat: check_resolved(deck, f"--deck {seat}") for seat, deck in value.items()}


def load_orders(texts: Any) -> dict[str, Resolved]:
    return {
        seat: resolve_names(split_names(names), f"--order {seat}")
        for seat, names in _seat_pairs(texts, "--order", 'p1="CARD; CARD; ..."')
    }


def check_orders(value: Any) -> dict[str, Resolved]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and SEAT.match(k) for k in value):
        raise UsageError("--order: an object from seats (p1..p4) to card lists")
    return {seat: check_resolved(order, f"--order {seat}") for seat, order in value.items()}


def load_horde_order(text: Any) -> Resolved:
    return resolve_names(split_names(str(text)), "--horde-order")


def check_horde_order(value: Any) -> Resolved:
    return check_resolved(value, "--horde-order")


_BUNDLED: dict[str, Resolved] = {}


def _bundled(filename: str, label: str) -> Resolved:
    """A bundled decklist, resolved once per process (the bundled pool is read once)."""
    if filename not in _BUNDLED:
        from cardcli.cards.mtg.pool import CardPool

        pool = _BUNDLED_POOL[0] if _BUNDLED_POOL else CardPool.bundled(with_user_pool=False)
        if not _BUNDLED_POOL:
            _BUNDLED_POOL.append(pool)
        _BUNDLED[filename] = resolve_deck_file(str(bundled_deck_path(filename)), label, pool)
    return _BUNDLED[filename]


_BUNDLED_POOL: list[Any] = []


def default_horde() -> Resolved:
    return _bundled(DEFAULT_HORDE, "--horde")


def default_deck(seat: str) -> Resolved:
    return _bundled(DEFAULT_DECKS[seat], f"--deck {seat}")


# -- set-up files -------------------------------------------------------------------------


def load_setup(path: Any) -> dict[str, Any]:
    """A ``--setup`` YAML position: checked by its schema, every card resolved."""
    from cardcli.cards.mtg.pool import CardPool
    from cardcli.safeyaml import load_yaml_file

    file = Path(str(path))
    try:
        data = load_yaml_file(file)
    except CardcliError as err:
        raise UsageError(f"--setup: {err}") from None
    if not isinstance(data, dict):
        what = "is empty" if data is None else f"holds a {type(data).__name__}, not a mapping"
        raise UsageError(
            f"--setup {file}: {what}; a set-up maps turn, active, step, horde and p1.. to what "
            "they hold (schemas/horde-setup.schema.json)"
        )
    _validate_setup(data, f"--setup {file}")
    pool = _with_own_cards(_setup_pool(CardPool), data.get("cards") or [], f"--setup {file}")
    names = _card_names(data)
    definitions: dict[str, Any] = {}
    if names:
        definitions = resolve_names(names, f"--setup {file}", pool)["definitions"]
    position = _resolve_position(data, pool, f"--setup {file}")
    _check_permanents(position, definitions, f"--setup {file}")
    return {"source": file.name, "position": position, "definitions": definitions}


def _with_own_cards(pool: Any, cards: list[Any], label: str) -> Any:
    """The pool with the set-up's own cards first (``cards:``), each checked by the card schema."""
    if not cards:
        return pool
    from cardcli.cards.mtg.model import Card
    from cardcli.cards.mtg.pool import CardPool
    from cardcli.cards.mtg.schemas import card_validator

    validator = card_validator()
    own = []
    for index, data in enumerate(cards):
        error = next(iter(validator.iter_errors(data)), None)
        if error is not None:
            where = "/".join(str(p) for p in error.path) or "the card"
            raise UsageError(f"{label}: cards {index + 1} ({data.get('name', '?')}): {where}: "
                             f"{error.message[:120]}")  # fmt: skip
        own.append(Card.from_data(data, source=label.split(" ", 1)[-1]))
    combined = CardPool(databases=pool.databases)
    combined.cards = dict(pool.cards)
    for card in own:
        combined.add(card)
    return combined


PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


def _check_permanents(position: dict[str, Any], definitions: dict[str, Any], label: str) -> None:
    """110.4: only permanent cards are put on the battlefield."""
    for side in SIDES:
        for entry in (position.get(side) or {}).get("battlefield", ()):
            name = entry.get("card")
            types = definitions.get(name, {}).get("types", []) if name else []
            if name and not any(t in PERMANENT_TYPES for t in types):
                raise UsageError(
                    f"{label}: {side} battlefield: {name} is no permanent ({' '.join(types)}); "
                    "put it in a hand, library or graveyard"
                )


_POOLS: dict[tuple[Any, ...], Any] = {}


def _setup_pool(kind: Any) -> Any:
    """The bundled pool with the user's, read once per process while none of its files changes."""
    from cardcli.cards.mtg.pool import bundled_card_files, user_db_path

    files = [*bundled_card_files(), user_db_path()]
    key = tuple((str(f), f.stat().st_mtime_ns if f.exists() else None) for f in files)
    if key not in _POOLS:
        _POOLS.clear()
        _POOLS[key] = kind.bundled()
    return _POOLS[key]


def _validate_setup(data: Any, label: str) -> None:
    from jsonschema import Draft202012Validator

    from cardcli.cards.mtg.schemas import card_registry
    from cardcli.engine.schema import load_schema

    # A token's abilities are checked as a card's are (card.schema.json's ability).
    validator = Draft202012Validator(load_schema(SETUP_SCHEMA), registry=card_registry())
    error = next(iter(sorted(validator.iter_errors(data), key=lambda e: list(e.path))), None)
    if error is not None:
        where = "/".join(str(p) for p in error.path) or "the top"
        raise UsageError(f"{label}: at {where}: {error.message}")


def _card_names(data: dict[str, Any]) -> list[str]:
    names = []
    for side in SIDES:
        zones = data.get(side) or {}
        for zone in ZONE_KEYS:
            for entry in zones.get(zone, ()) or ():
                if isinstance(entry, str):
                    names.append(entry)
                elif isinstance(entry, dict) and "card" in entry:
                    names.append(entry["card"])
    return names


def _resolve_position(data: dict[str, Any], pool: Any, label: str) -> dict[str, Any]:
    """The position with every card name spelt as the pool spells it."""
    position: dict[str, Any] = {k: v for k, v in data.items() if k not in SIDES}
    for side in SIDES:
        zones = data.get(side)
        if zones is None:
            continue
        out: dict[str, Any] = {k: v for k, v in zones.items() if k not in ZONE_KEYS}
        for zone in ZONE_KEYS:
            entries = []
            for entry in zones.get(zone, ()) or ():
                item = {"card": entry} if isinstance(entry, str) else dict(entry)
                if "card" in item:
                    card = pool.get(item["card"])
                    if card is None:
                        raise UsageError(
                            f"{label}: {side} {zone}: {pool.unknown_message(item['card'])}"
                        )
                    item["card"] = card.name
                entries.append(item)
            out[zone] = entries
        position[side] = out
    return position


def check_setup(value: Any) -> dict[str, Any]:
    """A set-up read back from a log header: its shape, every card defined."""
    from cardcli.cards.mtg.schemas import card_validator

    if not isinstance(value, dict) or set(value) != {"source", "position", "definitions"}:
        raise UsageError("--setup: a loaded set-up has source, position and definitions")
    definitions = value["definitions"]
    if not isinstance(definitions, dict):
        raise UsageError("--setup: definitions must be an object")
    validator = card_validator()
    for name, data in definitions.items():
        if not isinstance(data, dict) or data.get("name") != name:
            raise UsageError(f"--setup: the definition of '{name}' must be a card named so")
        error = next(iter(validator.iter_errors(data)), None)
        if error is not None:
            raise UsageError(f"--setup: the definition of '{name}': {error.message}")
    _validate_setup(value["position"], "--setup")
    for name in _card_names(value["position"]):
        if name not in definitions:
            raise UsageError(f"--setup: '{name}' has no definition")
    return value
