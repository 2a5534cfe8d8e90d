"""What the characteristics cache and the state-based-action scan may skip, and what they
must not: tapping is no change to characteristics unless a static ability reads it; pumps
until end of turn add up into one effect (613.4c) and still end at cleanup."""

from __future__ import annotations

from cardcli.magic import chars as chars_mod
from cardcli.magic import sba
from cardcli.magic.effects import Resolution, _pump
from cardcli.magic.objects import StackItem
from tests.card_helpers import card, put
from tests.magic_helpers import Duel

BEAR = {"name": "Bear", "types": ["Creature"], "power": "2", "toughness": "2"}
# "Untapped creatures you control get +0/+2."
WALL_WARDEN = {
    "name": "Wall Warden",
    "power": "1",
    "toughness": "1",
    "abilities": [
        {"static": "anthem", "affects": {"tapped": False}, "power": 0, "toughness": 2},
    ],
}


def test_tapping_changes_nothing_a_static_does_not_read() -> None:
    duel = Duel()
    bear = put(duel, "alice", card(BEAR))
    before = duel.table.chars(bear)
    duel.table.tap(bear)
    assert duel.table.chars(bear) is before  # still cached: nothing it reads changed


def test_a_static_that_reaches_untapped_creatures_sees_a_tap() -> None:
    duel = Duel()
    bear = put(duel, "alice", card(BEAR))
    put(duel, "alice", card(WALL_WARDEN))
    assert duel.table.chars(bear).toughness == 4
    duel.table.tap(bear)
    assert duel.table.chars(bear).toughness == 2
    duel.table.untap(bear)
    assert duel.table.chars(bear).toughness == 4
    duel.table.tap_many([bear], "mana")
    assert duel.table.chars(bear).toughness == 2
    duel.table.untap_all([bear])
    assert duel.table.chars(bear).toughness == 4


def test_a_tap_does_not_hide_lethal_damage_from_state_based_actions() -> None:
    duel = Duel()
    bear = put(duel, "alice", card(BEAR))
    warden = put(duel, "alice", card(WALL_WARDEN))
    duel.table.damage(duel.table.source_of(warden), bear.id, 3)  # 3 damage on a 2/4
    assert not sba.check(duel.table, {})
    assert not sba.check(duel.table, {})  # (nothing changed: the scan is skipped)
    duel.table.tap(bear)  # now a 2/2 with 3 damage: it dies
    assert sba.check(duel.table, {})
    assert bear.id not in duel.table.battlefield


def test_a_pump_updates_cached_characteristics_as_a_full_computation_would() -> None:

    duel = Duel()
    bear = put(duel, "alice", card(BEAR))
    put(duel, "alice", card(WALL_WARDEN))
    duel.table.add_counters(bear, "+1/+1", 2)
    item = StackItem(99, "ability", "alice", bear.id, "Pump", ())
    resolution = Resolution(item, [], [], duel.table.source_of(bear))
    for power, toughness in ((1, 1), (2, 0), (1, 1)):
        before = duel.table.chars(bear)  # cached, then updated in place by the pump
        pump = {"do": "pump", "each": "it", "power": power, "toughness": toughness}
        _pump(duel.table, resolution, pump, "k")
        after = duel.table.chars(bear)
        assert after.power == before.power + power
        assert after == chars_mod.compute(duel.table, bear)
    assert len(bear.effects) == 1  # (summed: 613.4c)
    assert duel.table.chars(bear).power == 2 + 2 + 4
