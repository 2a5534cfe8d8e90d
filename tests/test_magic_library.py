"""The rules core's effects that look at the top of a library (scry 701.22, surveil 701.25)."""

from __future__ import annotations

from typing import Any

from cardcli.cards.mtg.model import Card
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
