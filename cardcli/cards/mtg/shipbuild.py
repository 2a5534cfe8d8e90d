"""The parse cache's shipped layer, made anew: what reading cardcli's own card files
and decklists gives (``parsecache.SHIPPED``; written by ``scripts/ship_parsed.py``).

Everything is read the slow way, with the shipped layer and the cache folder
both passed over, by the very functions a start calls: the card files as the
pool reads them, each bundled YAML decklist as ``parse_yaml_deck`` reads it,
and each bundled deck resolved against the bundled pool, its definitions
checked against the card schema (the mark ``check_resolved`` looks for).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from cardcli.cards.mtg import parsecache
from cardcli.engine.errors import CardcliError


@contextmanager
def _read_afresh() -> Iterator[None]:
    """No shipped layer and no cache folder while inside (the environment as it was after)."""
    saved = {name: os.environ.get(name) for name in ("CARDCLI_NO_SHIPPED", "CARDCLI_NO_CACHE")}
    os.environ.update({name: "1" for name in saved})
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def bundled_decklists() -> list[Path]:
    """The YAML decklists shipped with cardcli, by name."""
    from cardcli.resources import data_dir

    return sorted(data_dir("decklists").glob("*.yaml"))


def shipped_entries() -> dict[str, str]:
    """Key -> the value's JSON text, for every bundled card file, decklist and deck."""
    from cardcli.cards.mtg.decklist import MAX_DECK_BYTES
    from cardcli.cards.mtg.pool import CardPool, _read_card_file_fast, bundled_card_files
    from cardcli.cards.mtg.resolve import check_resolved, resolve_deck_file
    from cardcli.cards.mtg.yamldecks import bundled_deck_source, shipped_value
    from cardcli.safeyaml import read_text

    entries: dict[str, str] = {}

    def keep(kind: str, source: bytes, value: Any) -> None:
        text = _exact_json(value)
        if text is None:
            raise CardcliError(f"{kind}: a value JSON would not give back as it is")
        entries[parsecache.shipped_key(kind, source)] = text

    with _read_afresh():
        for path in bundled_card_files():
            source = path.read_bytes()
            keep("cards", source, _read_card_file_fast(path, source))
        pool = CardPool.bundled(with_user_pool=False)
        for path in bundled_decklists():
            text = read_text(path, limit=MAX_DECK_BYTES)
            keep(
                "bundled-deck", bundled_deck_source(text, path.name), shipped_value(text, path.name)
            )
            resolved = check_resolved(resolve_deck_file(str(path), path.name, pool), path.name)
            marked = parsecache.canonical(resolved["definitions"])
            if marked is None:
                raise CardcliError(f"{path.name}: its definitions are not plain JSON data")
            keep("valid-cards", marked, True)
    return entries


def _exact_json(value: Any) -> str | None:
    """``value`` as JSON text, if reading it back gives exactly ``value``."""
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None
    return text if parsecache.same(json.loads(text), value) else None


def shipped_text() -> str:
    """The whole shipped file: its stamp and entries, one entry a line, keys in order."""
    document = {"made_by": parsecache.made_by(), "entries": shipped_entries()}
    return json.dumps(document, indent=0, sort_keys=True) + "\n"
