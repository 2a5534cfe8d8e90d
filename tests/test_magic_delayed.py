"""Delayed triggered abilities (603.7) in the rules core: what they leave behind."""

from __future__ import annotations

from tests.conftest import REPO
from tests.test_horde_scenarios import run_scenario

SCENARIOS = REPO / "scenarios" / "horde"


def test_this_turn_holders_end_with_the_turn() -> None:
    """After the turn, no holder is among the objects or the watchers (514.2): a later
    attack is never seen by an ability that ended."""
    session, _lines, rejected, _spec = run_scenario(
        SCENARIOS / "card-compiled-delayed-this-turn.yaml"
    )
    assert rejected == []
    table = session.state.table
    assert table.turn_holders == []
    watching = {wid for found in table.watchers.values() for wid in found}
    assert all(wid in table.battlefield for wid in watching)
    assert not any(o.zone == "delayed" for o in table.objects.values())


def test_a_once_only_ability_triggers_once() -> None:
    """The pact's next upkeep came: nothing waits any more (603.7c)."""
    session, lines, rejected, _spec = run_scenario(
        SCENARIOS / "card-compiled-pact-next-upkeep.yaml"
    )
    assert rejected == []
    assert not any(session.state.table.once_triggers.values())
    assert sum(1 for e in lines if e.get("type") == "triggered") == 1
