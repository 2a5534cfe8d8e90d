"""Amounts counted on the table: total power, domain, counters on the source (the rules core)."""

from __future__ import annotations

from cardcli.magic.costs import spell_cost
from tests.magic_helpers import Duel


def test_total_power_counts_each_creature_and_negative_power_as_none() -> None:
    duel = Duel()
    duel.card("alice", "Craw Wurm")  # 6/4
    duel.card("alice", "Grizzly Bears")  # 2/2
    duel.card("bob", "Grizzly Bears")
    counted = {"count": "total_power", "controller": "you"}
    assert duel.table.amount_of(counted, "alice") == 8
    assert duel.table.amount_of({**counted, "controller": "opponents"}, "alice") == 2


def test_domain_counts_basic_land_types_among_your_lands() -> None:
    duel = Duel()
    for name in ("Forest", "Forest", "Island", "Breeding Pool"):  # Breeding Pool: Forest Island
        duel.card("alice", name)
    duel.card("bob", "Swamp")
    assert duel.table.amount_of({"count": "basic_land_types", "controller": "you"}, "alice") == 2


def test_counters_on_the_source_of_one_kind_or_every_kind() -> None:
    duel = Duel()
    animar = duel.card("alice", "Animar, Soul of Elements")
    animar.counters.update({"+1/+1": 2, "charge": 1})
    kind = {"count": "counters_on_self", "counter": "+1/+1"}
    assert duel.table.amount_of(kind, "alice", animar) == 2
    assert duel.table.amount_of({"count": "counters_on_self"}, "alice", animar) == 3
    assert duel.table.amount_of(kind, "alice", None) == 0


def test_ghalta_costs_less_by_the_total_power_of_your_creatures() -> None:
    duel = Duel()
    duel.card("alice", "Craw Wurm")
    duel.card("alice", "Grizzly Bears")
    ghalta = duel.card("alice", "Ghalta, Primal Hunger", "hand")  # {10}{G}{G}
    cost = spell_cost(duel.table, "alice", ghalta)
    assert cost is not None and cost.generic == 2 and cost.colored == ("G", "G")


def test_an_opponents_spell_costs_more_under_aura_of_silence() -> None:
    duel = Duel()
    duel.card("alice", "Aura of Silence")
    relic = duel.card("bob", "Chromatic Star", "hand")  # {1}, an artifact
    bears = duel.card("bob", "Grizzly Bears", "hand")
    mine = duel.card("alice", "Chromatic Star", "hand")
    assert spell_cost(duel.table, "bob", relic).generic == 3  # type: ignore[union-attr]
    assert spell_cost(duel.table, "bob", bears).generic == 1  # type: ignore[union-attr]
    assert spell_cost(duel.table, "alice", mine).generic == 1  # type: ignore[union-attr]
