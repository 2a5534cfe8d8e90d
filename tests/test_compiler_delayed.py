"""Delayed triggered abilities (603.7) read from a spell's text, and what stays unread."""

from __future__ import annotations

from typing import Any

import pytest

from cardcli.cards.mtg.compiler import compile_card
from cardcli.cards.mtg.schemas import card_validator


def spell(oracle: str, name: str = "Test Spell") -> Any:
    return compile_card({"name": name, "oracle": oracle, "types": ["Sorcery"]})


def test_whenever_this_turn_is_a_delayed_ability_for_the_turn() -> None:
    compiled = spell(
        "Whenever a Minotaur attacks this turn, it gets +2/+0 until end of turn. "
        "Destroy that creature at end of combat."
    )
    assert compiled.unread == ()
    (effect,) = compiled.behaviour["spell"]
    assert effect["do"] == "delayed_trigger" and effect["this_turn"] is True
    delayed = effect["delayed"]
    assert delayed["when"] == "creature_attacks" and delayed["controller"] == "any"
    assert delayed["trigger_filter"] == {"subtypes": ["Minotaur"]}
    pump, later = delayed["effects"]
    assert pump == {"do": "pump", "each": "that_creature", "power": 2, "toughness": 0,
                    "until": "end_of_turn"}  # fmt: skip
    assert later == {
        "do": "delayed_trigger",
        "delayed": {
            "when": "end_combat",
            "effects": [{"do": "destroy", "each": "that_creature"}],
            "text": "Destroy that creature at end of combat.",
        },
    }


def test_at_the_beginning_of_combat_this_turn() -> None:
    compiled = spell(
        "At the beginning of combat this turn, Test Spell deals 3 damage to each creature.",
    )
    (effect,) = compiled.behaviour["spell"]
    assert effect["delayed"]["when"] == "begin_combat"
    assert effect["delayed"]["whose"] == "each"
    assert effect["delayed"]["effects"] == [{"do": "damage", "amount": 3, "each": "each_creature"}]


@pytest.mark.parametrize(
    "oracle",
    [
        # "must be blocked if able" is a requirement the engine lacks (509.1c): not read.
        "Whenever a Minotaur attacks this turn, it gains first strike until end of turn and "
        "must be blocked this turn if able.",
        # A permanent's own trigger with "this turn" is no delayed ability of a spell.
        "Whenever a creature dies this turn, you gain a poison counter.",
        # At end of combat, something other than that creature: not read.
        "Draw a card at end of combat.",
    ],
)
def test_what_the_engine_cannot_play_stays_unread(oracle: str) -> None:
    assert spell(oracle).unread


def test_a_permanents_whenever_line_is_not_made_delayed() -> None:
    compiled = compile_card(
        {"name": "Test Beast", "types": ["Creature"],
         "oracle": "Whenever a Minotaur attacks this turn, it gets +2/+0 until end of turn."}
    )  # fmt: skip
    assert compiled.unread  # a permanent has no "this turn" trigger of its own to read


def test_the_compiled_cards_fit_the_card_schema() -> None:
    check = card_validator()
    for name, oracle in (
        ("Consuming Rage", "Whenever a Minotaur attacks this turn, it gets +2/+0 until end of "
         "turn. Destroy that creature at end of combat."),
        ("Touch of the Horned God", "Whenever a Minotaur attacks this turn, it gains deathtouch "
         "until end of turn."),
    ):  # fmt: skip
        compiled = spell(oracle, name)
        data = {
            "name": name,
            "mana_cost": "",
            "types": ["Sorcery"],
            "oracle": oracle,
            **compiled.behaviour,
        }
        assert not list(check.iter_errors(data))
