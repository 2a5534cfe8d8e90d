"""Damage in the rules core: what a trigger on damage knows of its source."""

from __future__ import annotations

from cardcli.magic import flow
from cardcli.magic.halves import half_lives
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


def test_damage_to_you_is_to_the_player_not_a_teammate_and_prevented_damage_triggers_nothing() -> (
    None
):
    duel = Duel()
    table = duel.table
    duel.card("alice", "No Mercy")
    bears = duel.card("bob", "Grizzly Bears")
    table.damage(table.source_of(bears), "bob", 2)  # not to No Mercy's controller
    assert table.trigger_queue == []
    table.prevention.append({"target": "alice", "amount": 5})
    table.damage(table.source_of(bears), "alice", 2)  # prevented (615): not dealt
    assert table.trigger_queue == []
    table.damage(table.source_of(bears), "alice", 2)
    assert table.trigger_queue == []  # the shield had 3 left
    table.prevention.clear()
    table.damage(table.source_of(bears), "alice", 1)
    assert [t.context["object"] for t in table.trigger_queue] == [bears.id]


def test_combat_only_and_a_source_matched_as_it_dealt_the_damage() -> None:
    duel = Duel()
    table = duel.table
    duel.card("alice", "Teysa, Envoy of Ghosts")
    duel.card("alice", "Mikaeus, the Unhallowed")
    vanguard = duel.card("bob", "Elite Vanguard")  # a Human
    source = table.source_of(vanguard)
    table.damage(source, "alice", 1)  # not combat damage: Teysa does not trigger
    assert [t.source_name for t in table.trigger_queue] == ["Mikaeus, the Unhallowed"]
    table.trigger_queue.clear()
    table.move(vanguard, "graveyard", "test")  # gone: matched on what it was (a Human)
    table.damage(source, "alice", 1, combat=True)
    names = sorted(t.source_name for t in table.trigger_queue)
    assert names == ["Mikaeus, the Unhallowed", "Teysa, Envoy of Ghosts"]


def test_damage_to_a_creature_names_that_creature_and_the_source_s_own_trigger() -> None:
    duel = Duel()
    table = duel.table
    toxin = duel.card("alice", "Toxin Sliver")
    order = duel.card("alice", "Order of Yawgmoth")
    bears = duel.card("bob", "Grizzly Bears")
    table.damage(table.source_of(order), bears.id, 1, combat=True)
    assert table.trigger_queue == []  # Order of Yawgmoth is no Sliver, and it hit no player
    table.damage(table.source_of(toxin), bears.id, 1)
    assert table.trigger_queue == []  # not combat damage
    table.damage(table.source_of(toxin), bears.id, 1, combat=True)
    assert [(t.source_name, t.context["object"]) for t in table.trigger_queue] == [
        ("Toxin Sliver", bears.id)
    ]
    table.trigger_queue.clear()
    table.damage(table.source_of(order), "bob", 2)
    assert [(t.source_name, t.context["player"]) for t in table.trigger_queue] == [
        ("Order of Yawgmoth", "bob")
    ]


def test_half_a_life_total_rounded_each_way_from_the_team_s_total_and_never_negative() -> None:
    duel = Duel()
    table = duel.table
    table.add_team("c", ["carol", "dan"], life=13, automated=False)
    table.add_team("h", ["horde"], life=None, automated=True)
    assert half_lives(table, ["alice"], "up") == {"alice": 10}
    table.teams[0].life = 7
    assert half_lives(table, ["alice"], "up") == {"alice": 4}
    assert half_lives(table, ["alice"], "down") == {"alice": 3}
    # 810.9: each player of a team with shared life loses half the team's total, counted
    # before either loses any.
    assert half_lives(table, ["carol", "dan"], "up") == {"carol": 7, "dan": 7}
    table.teams[0].life = -3
    assert half_lives(table, ["alice", "horde"], "up") == {"alice": 0, "horde": 0}


def test_each_doubling_applies_once_and_only_to_what_it_names() -> None:
    duel = Duel()
    table = duel.table
    tusk = duel.card("alice", "Charging Tuskodon")
    duel.card("alice", "Fire Servant")
    bears = duel.card("bob", "Grizzly Bears")
    source = table.source_of(tusk)
    assert table.damage(source, "bob", 4) == 4  # not combat damage
    assert table.damage(source, bears.id, 4, combat=True) == 4  # not to a player
    assert table.damage(source, "bob", 4, combat=True) == 8
    bolt = duel.card("alice", "Lightning Bolt", zone="hand")
    table.move(bolt, "stack", "cast")
    spell = next(o for o in table.objects.values() if o.name == "Lightning Bolt")
    assert table.damage(table.source_of(spell), "bob", 3) == 6  # a red instant she controls
    duel.card("alice", "Fire Servant")
    assert table.damage(table.source_of(spell), "bob", 3) == 12  # 614.5: each once, so 4 times
    assert table.damage(table.source_of(bears), "alice", 2) == 2  # Bob's creature: not doubled


def test_prevent_all_but_one_of_the_damage_to_another_dinosaur_you_control() -> None:
    duel = Duel()
    table = duel.table
    altisaur = duel.card("alice", "Temple Altisaur")
    tusk = duel.card("alice", "Charging Tuskodon")
    raptor = duel.card("bob", "Charging Tuskodon")
    bears = duel.card("bob", "Grizzly Bears")
    source = table.source_of(bears)
    assert table.damage(source, tusk.id, 3) == 1
    assert table.damage(source, tusk.id, 1) == 1
    assert table.damage(source, altisaur.id, 3) == 3  # not another
    assert table.damage(source, raptor.id, 3) == 3  # not hers
    assert tusk.damage == 2


def test_damage_prevented_puts_a_counter_for_each_1_prevented() -> None:
    duel = Duel()
    table = duel.table
    hydra = duel.card("alice", "Phyrexian Hydra")
    bears = duel.card("bob", "Grizzly Bears")
    assert table.damage(table.source_of(bears), hydra.id, 2, combat=True) == 0
    assert hydra.damage == 0 and hydra.counters == {"-1/-1": 2}


def test_unpreventable_damage_uses_no_shield_but_a_prevention_s_other_effect_happens() -> None:
    duel = Duel()
    table = duel.table
    duel.card("alice", "Everlasting Torment")
    horde = duel.card("bob", "Unbreathing Horde")
    horde.counters["+1/+1"] = 3
    bears = duel.card("bob", "Grizzly Bears")
    table.prevention.append({"target": "bob", "amount": 5})
    source = table.source_of(bears)
    assert table.damage(source, "bob", 2) == 2 and table.prevention[0]["amount"] == 5  # 615.12
    assert table.damage(source, horde.id, 2) == 2
    assert horde.counters == {"+1/+1": 2, "-1/-1": 2} and horde.damage == 0  # wither for all


def test_combat_damage_only_and_the_turn_s_effect() -> None:
    duel = Duel()
    table = duel.table
    duel.card("alice", "Frenzied Baloth")
    bears = duel.card("bob", "Grizzly Bears")
    source = table.source_of(bears)
    table.prevention.append({"target": None, "all": True, "combat": False, "source": "Fog"})
    assert table.damage(source, "alice", 2) == 0  # not combat damage: prevented
    assert table.damage(source, "alice", 2, combat=True) == 2
    table.prevention = [{"target": None, "all": True, "unpreventable": True, "source": "X"}]
    assert table.damage(source, "alice", 2) == 2  # "this turn": not a prevention of its own


def test_damage_replaced_by_counters_only_as_it_says() -> None:
    duel = Duel()
    table = duel.table
    mage = duel.card("alice", "Soul-Scar Mage")
    mine = duel.card("alice", "Grizzly Bears")
    bears = duel.card("bob", "Grizzly Bears")
    source = table.source_of(mage)
    assert table.damage(source, bears.id, 1, combat=True) == 1  # combat damage is dealt
    assert table.damage(source, mine.id, 1) == 1  # not a creature an opponent controls
    assert table.damage(source, "bob", 1) == 1  # not a creature
    assert table.damage(source, bears.id, 1) == 0  # counters instead, no damage
    assert bears.damage == 1 and bears.counters == {"-1/-1": 1}
    assert table.damage(table.source_of(bears), mine.id, 1) == 1  # Bob's source


def test_all_damage_from_the_enchanted_creature_is_prevented() -> None:
    duel = Duel()
    table = duel.table
    bears = duel.card("bob", "Grizzly Bears")
    defang = duel.card("alice", "Defang")
    defang.attached_to = bears.id
    assert table.damage(table.source_of(bears), "alice", 2, combat=True) == 0
    assert [e.get("why") for e in table.events if e["type"] == "damage_prevented"] == ["Defang"]
    assert table.damage(table.source_of(defang), "bob", 2) == 2  # only what the creature deals
