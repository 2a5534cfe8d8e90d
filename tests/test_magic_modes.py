"""Modal spells and abilities in the rules core (700.2, 601.2b, 603.3c)."""

from __future__ import annotations

from typing import Any

import pytest

from cardcli.cards.mtg.model import Card
from cardcli.engine.errors import IllegalCommand
from cardcli.magic import casting, play
from cardcli.magic.cards import Proto
from tests.magic_helpers import Duel

DESTROY_ARTIFACT = {
    "text": "Destroy target artifact.",
    "effects": [{"do": "destroy", "target": "artifact"}],
}
DESTROY_ENCHANTMENT = {
    "text": "Destroy target enchantment.",
    "effects": [{"do": "destroy", "target": "enchantment"}],
}
GAIN = {"text": "You gain 3 life.", "effects": [{"do": "gain_life", "amount": 3, "each": "you"}]}


def card(data: dict[str, Any]) -> Proto:
    return Proto.from_card(Card.from_data({"mana_cost": "", "oracle": "", **data}))


def give(duel: Duel, player: str, proto: Proto, zone: str = "hand") -> Any:
    number = duel.table.extra["card_count"]
    duel.table.extra["card_count"] = number + 1
    return duel.table.add_card(player, proto, zone, number)


def test_a_modal_spell_needs_as_many_modes_it_can_choose_as_it_asks_for() -> None:
    """700.2a: a mode whose targets cannot be chosen cannot be chosen; with too few left, the
    spell cannot be cast."""
    duel = Duel()
    spell = card(
        {
            "name": "Shatter or Erase",
            "types": ["Instant"],
            "modes": [DESTROY_ARTIFACT, DESTROY_ENCHANTMENT],
            "choose": {"min": 1, "max": 1},
        }
    )
    obj = give(duel, "alice", spell)
    with pytest.raises(IllegalCommand, match="modes"):
        casting.check_cast(duel.table, "alice", obj, None)
    duel.card("bob", "Ornithopter")
    casting.check_cast(duel.table, "alice", obj, None)  # mode 1 can be chosen now
    duel.run()
    play.cast(duel.table, "alice", obj, None, None)
    # The one mode that can be chosen is chosen without a question, and its one target too;
    # nobody can respond, so it resolves.
    events = duel.table.take_events()
    cast = next(e for e in events if e["type"] == "cast")
    assert cast["modes"] == [{"number": 1, "text": "Destroy target artifact."}]
    assert any(e["type"] == "moved" and e["card"] == "Ornithopter" for e in events)


def test_choosing_up_to_one_mode_may_choose_none() -> None:
    duel = Duel()
    duel.card("alice", "Mountain")
    duel.card("alice", "Lightning Bolt", "hand")  # something left to do: alice keeps priority
    spell = card(
        {
            "name": "Maybe",
            "types": ["Sorcery"],
            "modes": [GAIN, DESTROY_ARTIFACT],
            "choose": {"min": 0, "max": 1},
        }
    )
    obj = give(duel, "alice", spell)
    duel.run()
    play.cast(duel.table, "alice", obj, None, None)
    decision = duel.table.pending
    assert decision is not None and decision.kind == "mode" and decision.options == ["1"]
    assert (decision.low, decision.high) == (0, 1)
    play.choose(duel.table, "alice", ["done"])
    events = duel.table.take_events()
    cast = next(e for e in events if e["type"] == "cast")
    assert cast["modes"] == []
    play.pass_priority(duel.table, "alice")
    assert duel.table.teams[0].life == 20  # no mode: it did nothing


def test_a_modal_trigger_with_no_mode_it_can_choose_is_removed() -> None:
    """603.3c: if no mode is chosen, the ability is removed from the stack."""
    duel = Duel()
    table = duel.table
    crew = card(
        {
            "name": "Cleaners",
            "types": ["Creature"],
            "power": "2",
            "toughness": "2",
            "abilities": [
                {
                    "when": "enters",
                    "modes": [DESTROY_ARTIFACT, DESTROY_ENCHANTMENT],
                    "choose": {"min": 1, "max": 1},
                }
            ],
        }
    )
    obj = give(duel, "alice", crew, "graveyard")
    table.move(obj, "battlefield", "returned", controller="alice")
    duel.run()
    events = table.take_events()
    removed = [e for e in events if e["type"] == "trigger_removed"]
    assert removed and removed[0]["why"] == "no mode chosen"
    assert not table.stack


def test_the_card_schema_takes_modes_with_choose_only_and_never_beside_effects() -> None:
    from cardcli.cards.mtg.schemas import card_validator

    validator = card_validator()
    base = {"name": "X", "mana_cost": "", "types": ["Creature"], "oracle": ""}
    trigger = {"when": "enters", "modes": [GAIN, DESTROY_ARTIFACT], "choose": {"min": 1, "max": 2}}
    assert not list(validator.iter_errors({**base, "abilities": [trigger]}))
    no_choose = {k: v for k, v in trigger.items() if k != "choose"}
    assert list(validator.iter_errors({**base, "abilities": [no_choose]}))
    assert list(validator.iter_errors({**base, "abilities": [{**trigger, "effects": []}]}))
    spell = {**base, "types": ["Instant"], "modes": [GAIN, DESTROY_ARTIFACT]}
    assert list(validator.iter_errors(spell))  # choose is required beside modes
    assert not list(validator.iter_errors({**spell, "choose": {"min": 1, "max": 1}}))
