"""'Whenever a card is put into an opponent's graveyard from anywhere' (a watching trigger)."""

from __future__ import annotations

import pytest

from cardcli.cards.mtg.compiler import compile_card


@pytest.mark.parametrize(
    ("whose", "controller"), [("an opponent's", "opponents"), ("your", "you"), ("a", "any")]
)
def test_whose_graveyard(whose: str, controller: str) -> None:
    compiled = compile_card(
        {"name": "Test Zombie", "types": ["Creature"], "power": "3", "toughness": "3",
         "oracle": f"Whenever a card is put into {whose} graveyard from anywhere, put a +1/+1 "
                   "counter on this creature."}
    )  # fmt: skip
    assert compiled.unread == ()
    (ability,) = compiled.behaviour["abilities"]
    assert ability["when"] == "card_to_graveyard" and ability["controller"] == controller
    assert ability["effects"] == [{"do": "counters", "counter": "+1/+1", "amount": 1, "each": "it"}]


def test_it_is_the_card_that_went_not_read() -> None:
    # "it" would be the card in the graveyard: the model's "it" is the permanent. Not read.
    compiled = compile_card(
        {"name": "Test Zombie", "types": ["Creature"], "power": "3", "toughness": "3",
         "oracle": "Whenever a card is put into an opponent's graveyard from anywhere, exile it."}
    )  # fmt: skip
    assert compiled.unread
