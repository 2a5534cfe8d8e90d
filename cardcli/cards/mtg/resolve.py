"""Decklists resolved for a game's log header, and read back by the engine.

A Magic game records its decks in the header, card definitions included, so
that a log replays from the header alone: on any machine, with any card data,
after the hand-written cards or the card database have changed. Resolving
reads files and the card pool (the CLI side, through an option's ``load``);
reading back (``cards_of``, ``check_resolved``) touches no file.

The resolved form, a JSON object::

    {"name": "Shade and Ritual", "source": "hunsberger-shade-ritual.yaml",
     "sections": {"main": ["Swamp", "Swamp", "Dark Ritual", ...]},
     "definitions": {"Swamp": {...card data...}, "Dark Ritual": {...}}}

``sections`` lists every copy, in the decklist's order (``main``, and
``sideboard``/``commander`` where the list has them); ``definitions`` holds one
card entry (``schemas/card.schema.json``) per distinct name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from cardcli.cards.mtg.model import Card
from cardcli.cards.mtg.pool import CardPool, normalize
from cardcli.engine.errors import CardcliError, UsageError

MAX_UNKNOWN_SHOWN = 5
MAX_RESOLVED_CARDS = 1000  # more copies than this is no deck a game plays

Resolved = dict[str, Any]


def bundled_deck_path(filename: str) -> Path:
    """A decklist shipped with cardcli (``decklists/FILENAME``)."""
    from cardcli.resources import data_dir

    return data_dir("decklists") / filename


def resolve_deck_file(
    path: str,
    label: str,
    pool: CardPool | None = None,
    checked_as: str | None = None,
    warn: Callable[[str], None] | None = None,
) -> Resolved:
    """Read a decklist in any format ``cardcli deck`` reads and resolve every card.

    ``label`` names the option in messages (``--deck``). Unknown cards are one
    ``UsageError`` naming the file, line and card, with the pool's suggestions.
    With ``checked_as`` (a format of ``cardcli deck validate``) a deck that breaks that
    format's rules is still played, and ``warn`` is told so in one line.
    """
    from cardcli.cards.mtg.deckfile import load_decklist

    try:
        deck = load_decklist(Path(path))
    except CardcliError as err:
        said = str(err)  # the reader's message names the file already, most of the time
        raise UsageError(
            f"{label}: {said}" if path in said else f"{label} {path}: {said}"
        ) from None
    if deck.problems:  # a game plays only a deck whose every line was read
        bad = [f"{deck.path}:{line}: {message}" for line, message in deck.problems]
        raise UsageError(f"{label}: {_listed(bad)}")
    local = CardPool([card for card, _ in deck.inline_cards])
    pool = pool if pool is not None else CardPool.bundled()
    sections: dict[str, list[str]] = {}
    definitions: dict[str, dict[str, Any]] = {}
    unknown: list[str] = []
    for entry in deck.entries:
        card = local.own(entry.name) or pool.get(entry.name, entry.printing, entry.token)
        if card is None:
            unknown.append(f"{deck.path}:{entry.line}: {pool.unknown_message(entry.name)}")
            continue
        name = _defined(definitions, card)
        sections.setdefault(entry.section, []).extend([name] * entry.count)
    if unknown:
        hint = "" if all("did you mean" in u for u in unknown) else f"; {pool.missing_hint()}"
        raise UsageError(f"{label}: {_listed(unknown)}{hint}")
    if checked_as is not None and warn is not None:
        _warn_if_invalid(deck, pool, checked_as, label, warn)
    total = sum(len(names) for names in sections.values())
    if total > MAX_RESOLVED_CARDS:
        raise UsageError(
            f"{label} {path}: {total} cards; a game plays at most {MAX_RESOLVED_CARDS}"
        )
    return {
        "name": deck.name,
        "source": Path(path).name,
        "sections": sections,
        "definitions": definitions,
    }


def _warn_if_invalid(
    deck: Any, pool: CardPool, fmt: str, label: str, warn: Callable[[str], None]
) -> None:
    from cardcli.cards.mtg.validate import check
    from cardcli.printable import one_line

    errors = [p for p in check(deck, pool, fmt).problems if p.level == "error"]
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        warn(
            f"warning: {label} {one_line(str(deck.path))}: not a valid {fmt} deck: "
            f"{one_line(errors[0].message)}{more}; "
            f"played as given ('cardcli deck validate --format {fmt} FILE' lists every problem)"
        )


def resolve_names(names: Iterable[str], label: str, pool: CardPool | None = None) -> Resolved:
    """Card names given on the command line (``--order "A; B"``), resolved in order."""
    pool = pool if pool is not None else CardPool.bundled()
    wanted = [name.strip() for name in names if name.strip()]
    pool.resolve(wanted)
    main: list[str] = []
    definitions: dict[str, dict[str, Any]] = {}
    unknown: list[str] = []
    for name in wanted:
        card = pool.get(name)
        if card is None:
            if name not in unknown:
                unknown.append(name)
            continue
        main.append(_defined(definitions, card))
    if unknown:  # every unknown name at once, each with its suggestions
        messages = [pool.unknown_message(name) for name in unknown]
        missing = any("did you mean" not in message for message in messages)
        hint = f"; {pool.missing_hint()}" if missing else ""
        raise UsageError(f"{label}: {_listed(messages)}{hint}")
    if not main:
        raise UsageError(f"{label} names no card")
    if len(main) > MAX_RESOLVED_CARDS:
        raise UsageError(f"{label}: {len(main)} cards; a game plays at most {MAX_RESOLVED_CARDS}")
    return {
        "name": label,
        "source": "command line",
        "sections": {"main": main},
        "definitions": definitions,
    }


def _listed(items: list[str]) -> str:
    """The first few of ``items`` on one line, and how many more."""
    more = len(items) - MAX_UNKNOWN_SHOWN
    return "; ".join(items[:MAX_UNKNOWN_SHOWN]) + (f"; and {more} more" if more > 0 else "")


def split_names(text: str) -> list[str]:
    """``"Swamp; Dark Ritual;Dread Shade"`` -> the names between the semicolons."""
    return [part.strip() for part in text.split(";") if part.strip()]


def _defined(definitions: dict[str, dict[str, Any]], card: Card) -> str:
    """Put the card's definition in ``definitions``; the name the deck lists it by.

    Two different tokens of one name (a 3/3 Dinosaur and a 1/1 Dinosaur) are
    told apart by their power and toughness, then their colours: ``Dinosaur 1/1``.
    """
    data = _definition(card)
    name = card.name
    if name in definitions and definitions[name] != data and card.token:
        from cardcli.cards.mtg.tokens import WORD_OF_COLOR

        pt = f"{card.power}/{card.toughness}" if card.power is not None else ""
        colors = " ".join(WORD_OF_COLOR[c] for c in card.colors) or "colorless"
        for candidate in (f"{name} {pt}".strip(), f"{name} {pt} {colors}".strip()):
            if candidate not in definitions or definitions[candidate] == data:
                name = candidate
                break
        else:
            number = 2
            while f"{name} ({number})" in definitions and definitions[f"{name} ({number})"] != data:
                number += 1
            name = f"{name} ({number})"
        data["name"] = name
    definitions.setdefault(name, data)
    return name


def _definition(card: Card) -> dict[str, Any]:
    data = dict(card.raw) if card.raw else {}
    data.setdefault("name", card.name)
    data.setdefault("mana_cost", card.mana_cost)
    data.setdefault("types", list(card.types))
    data.setdefault("oracle", card.oracle)
    data.pop("aliases", None)  # names in the header are exact
    return data


def check_resolved(value: Any, label: str = "deck") -> Resolved:
    """A resolved deck read back from a log header: its shape and every definition."""
    from cardcli.cards.mtg.schemas import card_validator

    if not isinstance(value, dict) or set(value) != {"name", "source", "sections", "definitions"}:
        raise UsageError(f"{label}: a resolved deck has name, source, sections and definitions")
    sections, definitions = value["sections"], value["definitions"]
    if not isinstance(sections, dict) or not isinstance(definitions, dict):
        raise UsageError(f"{label}: sections and definitions must be objects")
    from cardcli.cards.mtg import parsecache

    # These very definitions passed the card schema before: the parse cache keeps a mark
    # for each set of definitions that did (JSON data only: a tuple is not a list to it).
    source = parsecache.canonical(definitions)
    known = source is not None and parsecache.load("valid-cards", source) is True
    for name, data in definitions.items():
        if not isinstance(data, dict) or data.get("name") != name:
            raise UsageError(f"{label}: the definition of '{name}' must be a card named so")
        if known:
            continue
        error = next(iter(card_validator().iter_errors(data)), None)
        if error is not None:
            raise UsageError(f"{label}: the definition of '{name}': {error.message}")
    if not known and source is not None:
        parsecache.store("valid-cards", source, True)
    total = sum(len(names) for names in sections.values() if isinstance(names, list))
    if total > MAX_RESOLVED_CARDS:  # play refuses such a deck: no log of ours holds one
        raise UsageError(f"{label}: {total} cards; a game plays at most {MAX_RESOLVED_CARDS}")
    for section, names in sections.items():
        if not isinstance(section, str) or not isinstance(names, list):
            raise UsageError(f"{label}: section {section!r} must be a list of names")
        for name in names:
            if not isinstance(name, str) or name not in definitions:
                raise UsageError(
                    f"{label}: section {section} names {name!r}, which has no definition"
                )
    return value


def cards_of(resolved: Resolved) -> dict[str, Card]:
    """Card objects by exact name, from a resolved deck's definitions (no file read)."""
    return {
        name: Card.from_data(data, source="log") for name, data in resolved["definitions"].items()
    }


def key(name: str) -> str:
    """The normalised form used to match names a player types."""
    return normalize(name)
