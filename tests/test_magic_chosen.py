"""A choice made as a permanent enters (614.12): asked, or the preferred one when an effect
puts the permanent onto the battlefield; what "the chosen color/type" then reaches."""

from __future__ import annotations

from cardcli.magic.chosen import options_for
from tests.magic_helpers import Duel


def test_colour_options_leave_out_the_excluded_one_and_rank_the_choosers_colours() -> None:
    duel = Duel()
    duel.card("alice", "Lightning Bolt", "hand")
    duel.card("alice", "Shock", "library")
    duel.card("alice", "Opt", "library")
    rule = {"chooses": "color", "except_colors": ["G"]}
    assert options_for(duel.table, "alice", rule) == ["red", "blue", "white", "black"]


def test_creature_type_options_are_the_games_types_the_choosers_first() -> None:
    duel = Duel()
    duel.card("alice", "Llanowar Elves", "library")
    duel.card("bob", "Grizzly Bears")
    assert options_for(duel.table, "alice", {"chooses": "creature_type"}) == [
        "Druid",
        "Elf",
        "Bear",
    ]


def test_put_onto_the_battlefield_by_an_effect_it_takes_the_preferred_choice() -> None:
    duel = Duel()
    duel.card("alice", "Llanowar Elves")
    automaton = duel.card("alice", "Adaptive Automaton", "graveyard")
    entered = duel.table.move(automaton, "battlefield", "returned", controller="alice")
    assert entered is not None and entered.chosen in ("Construct", "Druid", "Elf")
    said = [e for e in duel.table.events if e.get("type") == "entry_choice"]
    assert said and said[-1]["chosen"] == entered.chosen
    assert entered.chosen in duel.table.chars(entered).subtypes  # is the chosen type


def test_a_new_object_has_chosen_nothing_and_its_anthem_reaches_nothing() -> None:
    duel = Duel()
    elves = duel.card("alice", "Llanowar Elves")
    automaton = duel.card("alice", "Adaptive Automaton")  # put there directly: chose nothing
    assert automaton.chosen is None
    assert duel.table.chars(elves).power == 1
    automaton.chosen = "Elf"
    automaton.touch()
    duel.table.static_version += 1
    assert duel.table.chars(elves).power == 2
    assert "Elf" in duel.table.chars(automaton).subtypes


def test_thriving_land_adds_its_colour_or_the_chosen_one() -> None:
    from cardcli.magic.manaopts import options_of

    duel = Duel()
    grove = duel.card("alice", "Thriving Grove")
    assert [o.word for o in options_of(duel.table, grove, "alice")] == ["G"]
    grove.chosen = "U"
    assert [o.word for o in options_of(duel.table, grove, "alice")] == ["G", "U"]
