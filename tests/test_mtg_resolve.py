"""Decklists resolved into a log header, and read back without the pool."""

from __future__ import annotations

import pytest

from cardcli.cards.mtg.resolve import (
    bundled_deck_path,
    cards_of,
    check_resolved,
    resolve_deck_file,
    resolve_names,
    split_names,
)
from cardcli.engine.errors import UsageError


def test_a_bundled_deck_resolves_with_every_definition() -> None:
    resolved = resolve_deck_file(str(bundled_deck_path("hunsberger-shade-ritual.yaml")), "--deck")
    assert len(resolved["sections"]["main"]) == 60
    assert set(resolved["sections"]["main"]) == set(resolved["definitions"])
    assert check_resolved(resolved) is resolved
    assert cards_of(resolved)["Dread Shade"].power == "3"


def test_names_resolve_in_order_with_the_pools_spelling() -> None:
    resolved = resolve_names(split_names("swamp;  Dark Ritual ; "), "--order")
    assert resolved["sections"] == {"main": ["Swamp", "Dark Ritual"]}


def test_an_unknown_name_is_a_usage_error_with_a_suggestion() -> None:
    with pytest.raises(UsageError, match="did you mean 'Dark Ritual'"):
        resolve_names(["Dark Ritul"], "--order")


@pytest.mark.parametrize(
    "broken",
    [
        [],
        {"name": "x", "source": "y", "sections": {"main": ["A"]}, "definitions": {}},
        {"name": "x", "source": "y", "sections": {"main": []}, "definitions": {"A": {"name": "B"}}},
        {
            "name": "x",
            "source": "y",
            "sections": {},
            "definitions": {"A": {"name": "A", "types": ["Nope"], "mana_cost": "", "oracle": ""}},
        },
    ],
)
def test_a_damaged_resolved_deck_is_refused(broken: object) -> None:
    with pytest.raises(UsageError):
        check_resolved(broken)
