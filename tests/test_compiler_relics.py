"""Battle the Horde's relics: their main-phase reveal, Hero's Reward and "the Horde"."""

from __future__ import annotations

from typing import Any

import pytest

from cardcli.cards.mtg.compiler import compile_card
from cardcli.cards.mtg.schemas import card_validator

REVEAL = (
    "At the beginning of the Horde's first main phase, reveal an additional card from the top "
    "of the Horde's library. The Horde casts that card."
)


def relic(name: str, reward: str) -> Any:
    oracle = (
        f"{REVEAL}\nHero's Reward — When {name} is put into a graveyard from anywhere, {reward}"
    )
    return compile_card(
        {"name": name, "oracle": oracle, "types": ["Artifact"], "keywords": ["Hero's Reward"]}
    )


@pytest.mark.parametrize(
    ("name", "reward", "effects"),
    [
        ("Altar of Mogis", "the Horde sacrifices two Minotaurs.",
         [{"do": "sacrifice", "amount": 2, "each": "the_horde",
           "filter": {"subtypes": ["Minotaur"], "types": ["Creature"]}}]),
        ("Massacre Totem",
         "put the top seven cards of the Horde's library into its graveyard.",
         [{"do": "mill", "amount": 7, "each": "the_horde"}]),
        ("Plundered Statue", "each player draws a card.",
         [{"do": "draw", "amount": 1, "each": "each_player"}]),
        ("Refreshing Elixir", "each player gains 5 life.",
         [{"do": "gain_life", "amount": 5, "each": "each_player"}]),
        ("Vitality Salve",
         "each player returns a creature card from their graveyard to the battlefield.",
         [{"do": "return_to_battlefield", "each": "each_player", "from": "graveyard",
           "chosen": True, "amount": 1, "filter": {"types": ["Creature"]}}]),
    ],
)  # fmt: skip
def test_the_relics_compile_whole(name: str, reward: str, effects: list[dict[str, Any]]) -> None:
    compiled = relic(name, reward)
    assert compiled.unread == ()
    reveal, hero = compiled.behaviour["abilities"]
    assert reveal["when"] == "main_phase" and reveal["whose"] == "the_horde"
    assert reveal["effects"] == [{"do": "reveal_cast", "each": "the_horde", "amount": 1}]
    assert hero["when"] == "put_into_graveyard"
    assert hero["effects"] == effects
    data = {"name": name, "mana_cost": "", "types": ["Artifact"], "oracle": "",
            **compiled.behaviour}  # fmt: skip
    assert not list(card_validator().iter_errors(data))


def test_main_phase_triggers_of_other_players() -> None:
    compiled = compile_card(
        {"name": "Test Relic", "types": ["Artifact"],
         "oracle": "At the beginning of your precombat main phase, you gain 1 life."}
    )  # fmt: skip
    assert compiled.unread == ()
    assert compiled.behaviour["abilities"][0]["whose"] == "yours"


@pytest.mark.parametrize(
    "oracle",
    [
        # Revealing without casting, or casting something else: not the relic's text.
        "At the beginning of the Horde's first main phase, reveal an additional card from the "
        "top of the Horde's library.",
        # "it" in a put-into-a-graveyard trigger is a card in a graveyard, not the permanent.
        "When Test Relic is put into a graveyard from anywhere, return it to its owner's hand.",
        # Each of your main phases (a second main phase too): not in the model.
        "At the beginning of each of your main phases, you gain 1 life.",
    ],
)
def test_what_is_not_the_model_stays_unread(oracle: str) -> None:
    compiled = compile_card({"name": "Test Relic", "types": ["Artifact"], "oracle": oracle})
    assert compiled.unread
