"""Damage in the rules core: what a trigger on damage knows of its source."""

from __future__ import annotations

from cardcli.magic import flow
from tests.magic_helpers import Duel


def test_a_damage_trigger_knows_its_source_s_controller_as_the_damage_was_dealt() -> None:
    duel = Duel()
    table = duel.table
    reaper = duel.card("alice", "Reaper of Sheoldred")
    bears = duel.card("bob", "Grizzly Bears")
    source = table.source_of(bears)
    table.move(bears, "graveyard", "test")  # gone before its trigger resolves: last known
    table.damage(source, reaper.id, 2)
    assert [t.context["source_controller"] for t in table.trigger_queue] == ["bob"]
    flow.run(table)
    flow.run(table)
    assert table.players["bob"].poison == 1 and table.players["alice"].poison == 0
