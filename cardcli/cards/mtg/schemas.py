"""The card and decklist schemas, loaded once (jsonschema only when needed)."""

from __future__ import annotations

from functools import cache
from typing import Any

from cardcli.engine.schema import load_schema


@cache
def card_registry() -> Any:
    """The card and decklist schemas by their ids, for schemas that refer to them."""
    from referencing import Registry, Resource

    card = load_schema("card.schema.json")
    deck = load_schema("decklist.schema.json")
    return Registry().with_resources(
        [
            (card["$id"], Resource.from_contents(card)),
            ("card.schema.json", Resource.from_contents(card)),
            (deck["$id"], Resource.from_contents(deck)),
        ]
    )


@cache
def card_validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(load_schema("card.schema.json"), registry=card_registry())


@cache
def deck_validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(load_schema("decklist.schema.json"), registry=card_registry())
