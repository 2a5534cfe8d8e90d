"""The rules core's effects that look at the top of a library (scry 701.22, surveil 701.25)."""

from __future__ import annotations

from typing import Any

from cardcli.cards.mtg.model import Card
from cardcli.engine.rng import derive
from cardcli.magic import play
from cardcli.magic.cards import Proto
from cardcli.magic.objects import Obj
from tests.magic_helpers import Duel


def sorcery(name: str, *effects: dict[str, Any], cost: str = "") -> Proto:
    data = {"name": name, "mana_cost": cost, "types": ["Sorcery"], "oracle": "", "spell": effects}
    return Proto.from_card(Card.from_data(data))


def give(duel: Duel, player: str, proto_: Proto, zone: str = "hand") -> Obj:
    number = duel.table.extra["card_count"]
    duel.table.extra["card_count"] = number + 1
    return duel.table.add_card(player, proto_, zone, number)


def cast(duel: Duel, spell: Obj, x: int | None = None) -> list[dict[str, Any]]:
    """Alice casts ``spell``; nobody can respond, so it resolves up to its first question.
    A Mountain and a Lightning Bolt keep priority with her once it has resolved."""
    duel.card("alice", "Mountain")
    duel.card("alice", "Lightning Bolt", "hand")
    duel.run()
    play.cast(duel.table, "alice", spell, x, None)
    play.pass_priority(duel.table, "alice")  # Bob cannot respond: he passes by himself
    return duel.table.take_events()


def top_first(duel: Duel, player: str) -> list[str]:
    return [o.name for o in reversed(duel.table.players[player].library)]


def test_scry_zero_is_no_scry_and_asks_nothing() -> None:
    """701.22b: instructed to scry 0, no scry event occurs."""
    duel = Duel()
    duel.library("alice", "Forest", "Island")
    peek = sorcery("Peek", {"do": "scry", "amount": "X", "each": "you"}, cost="{X}")
    events = cast(duel, give(duel, "alice", peek), x=0)
    assert not any(e["type"] == "scried" for e in events)
    assert duel.table.pending is not None and duel.table.pending.kind == "priority"
    assert top_first(duel, "alice") == ["Forest", "Island"]


def test_scry_more_than_the_library_looks_at_all_of_it_and_an_empty_one_still_scries() -> None:
    """701.22d: the scry happens even if some or all of it was impossible."""
    duel = Duel()
    duel.library("alice", "Forest", "Island")
    spell = give(duel, "alice", sorcery("Peek", {"do": "scry", "amount": 5, "each": "you"}))
    cast(duel, spell)
    decision = duel.table.pending
    assert decision is not None and decision.kind == "scry"
    assert len(decision.options) == 2 and (decision.low, decision.high) == (0, 2)
    empty = Duel()
    spell = give(empty, "alice", sorcery("Peek", {"do": "scry", "amount": 2, "each": "you"}))
    events = cast(empty, spell)
    scried = [e for e in events if e["type"] == "scried"]
    assert scried == [{"type": "scried", "who": "alice", "amount": 2, "top": [], "bottom": []}]


def test_players_scrying_at_once_decide_in_apnap_order_then_the_cards_move_together() -> None:
    """701.22c: each looks at the same time, they decide in APNAP order, the cards move at
    once."""
    duel = Duel()
    table = duel.table
    duel.library("alice", "Forest", "Island")
    duel.library("bob", "Swamp", "Mountain")
    spell = give(
        duel, "alice", sorcery("Omens", {"do": "scry", "amount": 1, "each": "each_player"})
    )
    cast(duel, spell)
    assert table.pending is not None and table.pending.player == "alice"
    play.choose(table, "alice", [table.pending.options[0]])
    assert table.pending is not None and table.pending.player == "bob"
    assert not any(e["type"] == "scried" for e in table.take_events())  # nothing moved yet
    play.choose(table, "bob", ["done"])
    events = [e for e in table.take_events() if e["type"] == "scried"]
    assert [e["who"] for e in events] == ["alice", "bob"]
    assert top_first(duel, "alice") == ["Island", "Forest"]
    assert top_first(duel, "bob") == ["Swamp", "Mountain"]


def test_surveil_puts_cards_into_the_graveyard_as_new_objects() -> None:
    duel = Duel()
    table = duel.table
    duel.library("alice", "Forest", "Island", "Swamp")
    spell = give(duel, "alice", sorcery("Look", {"do": "surveil", "amount": 2, "each": "you"}))
    cast(duel, spell)
    forest = table.players["alice"].library[-1]
    play.choose(table, "alice", [f"#{forest.id}", "done"])
    events = table.take_events()
    assert [e["type"] for e in events if e["type"] in ("surveilled", "moved")][:2] == [
        "surveilled",
        "moved",
    ]
    graveyard = table.players["alice"].graveyard
    assert [o.name for o in graveyard][:1] == ["Forest"] and graveyard[0].id != forest.id
    assert top_first(duel, "alice") == ["Island", "Swamp"]


def test_dig_with_nothing_that_fits_asks_nothing_and_all_go_to_the_rest() -> None:
    duel = Duel()
    table = duel.table
    duel.library("alice", "Forest", "Island", "Swamp")
    dig = {"do": "dig", "amount": 5, "take": 1, "up_to": True, "filter": {"types": ["Creature"]}}
    spell = give(duel, "alice", sorcery("Commune", {**dig, "rest": "graveyard", "each": "you"}))
    events = cast(duel, spell)
    dug = [e for e in events if e["type"] == "dug"]
    assert len(dug) == 1 and dug[0]["taken"] == [] and len(dug[0]["looked"]) == 3
    assert [o.name for o in table.players["alice"].graveyard][:3] == ["Forest", "Island", "Swamp"]
    assert not table.players["alice"].library


def test_dig_takes_as_many_as_it_must_and_the_random_order_is_the_players_stream() -> None:
    """Without up_to, the player takes ``take`` cards when that many fit (all of them when
    fewer do); the rest go to the bottom in the order of the stream bottom:PLAYER."""
    duel = Duel(seed=5)
    table = duel.table
    duel.library("alice", "Forest", "Grizzly Bears", "Island", "Swamp", "Plains")
    effect = {"do": "dig", "amount": 4, "take": 2, "filter": {"types": ["Land"]}, "each": "you"}
    spell = give(duel, "alice", sorcery("Dig", effect))
    cast(duel, spell)
    decision = table.pending
    assert decision is not None and decision.kind == "dig"
    assert (decision.low, decision.high, len(decision.options)) == (2, 2, 3)
    play.choose(table, "alice", decision.options[:2])
    dug = next(e for e in table.take_events() if e["type"] == "dug")
    rest = [table.objects[i] for i in dug["order"]]
    expected = ["Grizzly Bears", "Swamp"]  # as they were, top first, then shuffled
    table.spawn(derive(5, "bottom:alice")).shuffle(expected)
    assert [o.name for o in rest] == expected
    assert top_first(duel, "alice") == ["Plains", *(o.name for o in rest)]


def test_an_unless_cost_reads_x_as_the_x_of_the_spell_that_asks() -> None:
    from cardcli.magic.effects_asking import unless_cost

    assert str(unless_cost("X", 2)) == "{2}" and unless_cost("X", 2).generic == 2
    assert str(unless_cost("{X}", 3)) == "{3}"
    cost = unless_cost("{1}{U}", 5)
    assert (cost.generic, cost.colored) == (1, ("U",))
    assert unless_cost("X", 0).is_free()
