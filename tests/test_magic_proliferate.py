"""Proliferate (701.34a): what may be chosen, and what a bot or the Horde wants."""

from __future__ import annotations

from cardcli.magic import proliferate
from tests.magic_helpers import Duel


def test_only_permanents_with_counters_and_players_with_poison_are_offered() -> None:
    duel = Duel()
    bears = duel.card("alice", "Grizzly Bears")
    bears.counters["+1/+1"] = 1
    duel.card("alice", "Llanowar Elves")
    duel.table.players["bob"].poison = 2
    assert proliferate.options(duel.table) == [f"#{bears.id}", "bob"]


def test_a_player_wants_own_good_counters_and_the_others_bad_ones() -> None:
    duel = Duel()
    mine = duel.card("alice", "Grizzly Bears")
    mine.counters["+1/+1"] = 1
    weakened = duel.card("alice", "Llanowar Elves")
    weakened.counters["-1/-1"] = 1
    theirs = duel.card("bob", "Grizzly Bears")
    theirs.counters["-1/-1"] = 1
    grown = duel.card("bob", "Runeclaw Bear")
    grown.counters["+1/+1"] = 1
    wanted = [o for o in (mine, weakened, theirs, grown) if proliferate.wanted(
        duel.table, "alice", f"#{o.id}")]  # fmt: skip
    assert wanted == [mine, theirs]
    assert proliferate.wanted(duel.table, "alice", "bob")
    assert not proliferate.wanted(duel.table, "alice", "alice")
