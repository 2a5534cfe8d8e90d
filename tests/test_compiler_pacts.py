"""Delayed abilities that wait for the next upkeep, and "you lose the game" (104.3e)."""

from __future__ import annotations

import pytest

from cardcli.cards.mtg.compiler import compile_card
from cardcli.cards.mtg.schemas import card_validator


def spell(oracle: str) -> object:
    return compile_card({"name": "Test Pact", "oracle": oracle, "types": ["Instant"]})


def test_a_pacts_next_upkeep() -> None:
    compiled = spell(
        "Counter target spell.\n"
        "At the beginning of your next upkeep, pay {3}{U}{U}. If you don't, you lose the game."
    )
    assert compiled.unread == ()
    _, delayed = compiled.behaviour["spell"]
    assert delayed == {
        "do": "delayed_trigger",
        "delayed": {
            "when": "upkeep",
            "whose": "yours",
            "effects": [
                {"do": "pay_mana", "mana": "{3}{U}{U}"},
                {"do": "lose_game", "if": "not_paid"},
            ],
            "text": "At the beginning of your next upkeep, pay {3}{U}{U}. If you don't, you "
            "lose the game.",
        },
    }
    data = {"name": "Test Pact", "mana_cost": "{0}", "types": ["Instant"], "oracle": "",
            **compiled.behaviour}  # fmt: skip
    assert not list(card_validator().iter_errors(data))


def test_the_next_turns_upkeep() -> None:
    compiled = spell("Draw a card at the beginning of the next turn's upkeep.")
    (effect,) = compiled.behaviour["spell"]
    assert effect["delayed"]["when"] == "upkeep" and effect["delayed"]["whose"] == "each"
    assert effect["delayed"]["effects"] == [{"do": "draw", "amount": 1, "each": "you"}]


@pytest.mark.parametrize(
    "oracle",
    [
        "Target player loses the game.",
        # What the delayed ability would do to something else: not in the model.
        "At the beginning of your next upkeep, target opponent loses 3 life.",
        "Return target creature to its owner's hand at the beginning of the next turn's upkeep.",
    ],
)
def test_what_is_not_the_model_stays_unread(oracle: str) -> None:
    assert spell(oracle).unread
