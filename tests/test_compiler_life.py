"""A player's life and poison as amounts: "loses half their life, rounded up" (107.1a), "for
each poison counter your opponents have" (122.1f, 810.10)."""

from __future__ import annotations

import pytest

from cardcli.cards.mtg.compiler import compile_card


def effects(oracle: str) -> object:
    compiled = compile_card({"name": "Test Fest", "types": ["Enchantment"], "oracle": oracle})
    assert compiled.unread == (), compiled.unread
    return compiled.behaviour["abilities"][0]["effects"]


def test_each_players_upkeep_half_their_life_rounded_up() -> None:
    found = effects(
        "At the beginning of each player's upkeep, that player loses half their life, rounded up."
    )
    assert found == [{"do": "lose_life", "each": "that_player", "half_life": "up"}]


def test_rounded_down_and_your_own() -> None:
    found = effects("At the beginning of your upkeep, you lose half your life, rounded down.")
    assert found == [{"do": "lose_life", "each": "you", "half_life": "down"}]


def test_a_target_player() -> None:
    found = effects("When Test Fest enters, target opponent loses half their life, rounded up.")
    assert found == [{"do": "lose_life", "target": "opponent", "half_life": "up"}]


@pytest.mark.parametrize(
    "oracle",
    [
        # Someone else's life: "their" is the player who loses it.
        "At the beginning of your upkeep, each opponent loses half your life, rounded up.",
        "At the beginning of your upkeep, you lose half their life, rounded up.",
    ],
)
def test_what_is_not_the_model_stays_unread(oracle: str) -> None:
    compiled = compile_card({"name": "Test Fest", "types": ["Enchantment"], "oracle": oracle})
    assert compiled.unread


def test_for_each_poison_counter_your_opponents_have() -> None:
    compiled = compile_card(
        {"name": "Test Lord", "types": ["Creature"], "power": "4", "toughness": "4",
         "oracle": "At the beginning of your upkeep, create a 1/1 green Phyrexian Insect "
                   "creature token with infect for each poison counter your opponents have."}
    )  # fmt: skip
    assert compiled.unread == ()
    (effect,) = compiled.behaviour["abilities"][0]["effects"]
    assert effect["amount"] == {"count": "poison", "controller": "opponents"}
