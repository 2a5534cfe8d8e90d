"""Abilities granted by static abilities (613.1f), played as the receiver's own (``grants``)."""

from __future__ import annotations

from cardcli.magic import grants
from cardcli.magic.objects import ObjEffect
from tests.magic_helpers import Duel


def _enters_triggers(duel: Duel) -> list[tuple[str, int]]:
    return [(t.source_name, t.source_id) for t in duel.table.trigger_queue]


def test_a_sliver_entering_has_the_granted_trigger_and_an_opponents_does_not() -> None:
    duel = Duel()
    table = duel.table
    lavabelly = duel.card("alice", "Lavabelly Sliver")
    assert lavabelly.proto.base is not None  # it grants itself the ability too
    mine = table.move(duel.card("alice", "Metallic Sliver", "hand"), "battlefield", "test")
    theirs = table.move(duel.card("bob", "Metallic Sliver", "hand"), "battlefield", "test")
    assert mine is not None and theirs is not None
    assert _enters_triggers(duel) == [("Metallic Sliver", mine.id)]
    assert "enters" in mine.proto.triggers and theirs.proto.base is None
    assert mine.id in table.grants.holders and theirs.id not in table.grants.holders


def test_two_granting_permanents_give_two_instances() -> None:
    duel = Duel()
    duel.card("alice", "Lavabelly Sliver")
    second = duel.table.move(duel.card("alice", "Lavabelly Sliver", "hand"), "battlefield", "t")
    assert second is not None
    assert len(second.proto.triggers["enters"]) == 2
    assert len(duel.table.trigger_queue) == 2  # from itself and from the other one


def test_the_grant_goes_with_its_source_and_a_card_leaves_with_its_printed_abilities() -> None:
    duel = Duel()
    table = duel.table
    lavabelly = duel.card("alice", "Lavabelly Sliver")
    sliver = duel.card("alice", "Metallic Sliver")
    assert sliver.proto.base is not None
    dead = table.move(sliver, "graveyard", "test")
    assert dead is not None and dead.proto.base is None  # a new object, printed (400.7)
    sliver = duel.card("alice", "Metallic Sliver")
    table.move(lavabelly, "graveyard", "test")
    assert sliver.proto.base is None and not sliver.proto.triggers
    assert not table.grants.holders and table.grants.sources == 0
    table.trigger_queue.clear()
    table.move(duel.card("alice", "Metallic Sliver", "hand"), "battlefield", "test")
    assert table.trigger_queue == []


def test_loses_all_abilities_in_timestamp_order_with_the_grant() -> None:
    duel = Duel()
    table = duel.table
    early = duel.card("alice", "Metallic Sliver")
    table.clock += 1
    early.effects.append(ObjEffect(table.clock, lose_all=True))  # before the grant (613.7)
    early.touch()
    duel.card("alice", "Lavabelly Sliver")
    assert early.proto.base is not None  # the later grant applies after the loss
    late = duel.card("alice", "Metallic Sliver")
    assert late.proto.base is not None
    table.clock += 1
    late.effects.append(ObjEffect(table.clock, lose_all=True))  # after it: all gone
    late.touch()
    grants.refresh(table)
    assert late.proto.base is None and early.proto.base is not None


def test_other_zombies_can_activate_the_granted_ability_and_the_master_cannot() -> None:
    duel = Duel()
    table = duel.table
    master = duel.card("alice", "Zombie Master")
    crawler = duel.card("alice", "Gravecrawler")
    bobs = duel.card("bob", "Gravecrawler")  # "Other Zombies": anyone's
    assert [a.text for a in crawler.proto.activated] == ["{B}: Regenerate this permanent."]
    assert bobs.proto.activated and not master.proto.activated
    assert crawler.id in table.acting and master.id not in table.acting


def test_an_auras_grant_follows_what_it_is_attached_to() -> None:
    duel = Duel()
    table = duel.table
    forest = duel.card("alice", "Forest")
    swamp = duel.card("alice", "Swamp")
    aura = duel.card("alice", "Underworld Connections")
    aura.attached_to = forest.id
    table.static_version += 1
    grants.refresh(table)
    assert [a.text for a in forest.proto.activated] == ["{T}, Pay 1 life: Draw a card."]
    assert forest.proto.mana_abilities  # it still taps for {G}
    aura.attached_to = swamp.id
    table.static_version += 1
    grants.refresh(table)
    assert not forest.proto.activated and swamp.proto.activated
    assert forest.id not in table.grants.holders and swamp.id in table.grants.holders


# -- keywords whose instances count: frenzy, absorb ------------------------------------------


def test_each_frenzy_sliver_gives_an_instance_and_each_triggers() -> None:
    from cardcli.magic import instances

    duel = Duel()
    table = duel.table
    duel.card("alice", "Frenzy Sliver")
    duel.card("alice", "Frenzy Sliver")
    sliver = duel.card("bob", "Metallic Sliver")  # "All Sliver creatures": anyone's
    assert table.chars(sliver).instances == ("frenzy 1", "frenzy 1")
    instances.unblocked(table, [sliver.id], set())
    assert [t.source_id for t in table.trigger_queue] == [sliver.id, sliver.id]
    table.trigger_queue.clear()
    instances.unblocked(table, [sliver.id], {sliver.id})  # blocked: no trigger
    assert table.trigger_queue == []


def test_absorb_prevents_n_of_each_damage_and_goes_with_lost_abilities() -> None:
    duel = Duel()
    table = duel.table
    duel.card("alice", "Lymph Sliver")
    duel.card("alice", "Lymph Sliver")
    sliver = duel.card("bob", "Metallic Sliver")
    source = table.source_of(duel.card("alice", "Grizzly Bears"))
    assert table.damage(source, sliver.id, 3) == 1  # two instances: 2 prevented
    assert table.damage(source, sliver.id, 2) == 0
    table.clock += 1
    sliver.effects.append(ObjEffect(table.clock, lose_all=True))
    sliver.touch()
    assert table.chars(sliver).instances == ()
    assert table.damage(source, sliver.id, 1) == 1


# -- what a creature does that others watch: damage -------------------------------------------


def test_a_sliver_dealing_damage_gains_its_controller_that_much_life() -> None:
    duel = Duel()
    table = duel.table
    duel.card("alice", "Essence Sliver")
    bobs = duel.card("bob", "Metallic Sliver")
    bears = duel.card("bob", "Grizzly Bears")
    table.damage(table.source_of(bobs), "alice", 1)
    table.damage(table.source_of(bears), "alice", 2)  # not a Sliver: nothing
    (pending,) = table.trigger_queue
    assert pending.source_name == "Essence Sliver" and pending.controller == "alice"
    # "its controller" is the Sliver's (the source's controller), not the player dealt damage
    assert pending.context["source_controller"] == "bob" and pending.context["amount"] == 1


def test_combat_damage_to_a_creature_is_watched_and_other_damage_is_not() -> None:
    duel = Duel()
    table = duel.table
    duel.card("alice", "Toxin Sliver")
    sliver = duel.card("alice", "Metallic Sliver")
    bears = duel.card("bob", "Grizzly Bears")
    table.damage(table.source_of(sliver), bears.id, 1)  # not combat damage
    table.damage(table.source_of(sliver), "bob", 1, combat=True)  # not to a creature
    assert table.trigger_queue == []
    table.damage(table.source_of(sliver), bears.id, 1, combat=True)
    (pending,) = table.trigger_queue
    assert pending.context["object"] == bears.id and pending.context["source"] == sliver.id


# -- blocking: another permanent's restriction, becoming blocked ----------------------------


def test_slivers_cant_be_blocked_except_by_slivers_whoever_controls_them() -> None:
    from cardcli.magic import combat

    duel = Duel()
    shifting = duel.card("alice", "Shifting Sliver")
    sliver = duel.card("bob", "Metallic Sliver")  # "Slivers": anyone's
    bears = duel.card("bob", "Grizzly Bears")
    blocker = duel.card("alice", "Metallic Sliver")
    table = duel.table
    assert combat.block_problem(table, bears, shifting) is not None  # itself a Sliver
    assert combat.block_problem(table, blocker, sliver) is None
    assert combat.block_problem(table, duel.card("alice", "Grizzly Bears"), sliver) is not None
    assert combat.block_problem(table, sliver, bears) is None  # not a Sliver: no restriction
    table.move(shifting, "graveyard", "test")
    assert combat.block_problem(table, duel.card("alice", "Grizzly Bears"), sliver) is None


def test_for_each_creature_blocking_it_counts_as_it_resolves() -> None:
    from cardcli.magic import deeds
    from cardcli.magic.combat import Combat

    duel = Duel()
    table = duel.table
    attacker = duel.card("alice", "Metallic Sliver")
    first, second = duel.card("bob", "Grizzly Bears"), duel.card("bob", "Grizzly Bears")
    table.combat = Combat(table=table)
    table.combat.blocked_by[attacker.id] = [first.id, second.id]
    assert deeds.blocking(table, attacker.id) == 2
    table.move(first, "graveyard", "test")
    assert deeds.blocking(table, attacker.id) == 1


# -- becoming the target: ward, "Whenever a Sliver ... becomes the target" -------------------


def _targeted(duel: Duel, obj_id: int, by_player: str) -> None:
    from cardcli.magic import deeds, instances

    context = {"object": obj_id, "by": 999, "by_kind": "spell", "player": by_player}
    obj = duel.table.objects[obj_id]
    instances.warded(duel.table, obj, context)
    deeds.targeted(duel.table, obj, context)


def test_ward_triggers_for_an_opponents_spell_once_for_each_instance() -> None:
    duel = Duel()
    table = duel.table
    guardian = duel.card("alice", "Bronze Guardian")  # ward {2}, and gives other artifacts it
    turtle = duel.card("alice", "Colossal Skyturtle")
    _targeted(duel, turtle.id, "alice")  # her own spell: nothing
    assert table.trigger_queue == []
    _targeted(duel, turtle.id, "bob")
    assert [t.source_id for t in table.trigger_queue] == [turtle.id]
    table.trigger_queue.clear()
    _targeted(duel, guardian.id, "bob")
    assert len(table.trigger_queue) == 1  # its own ward; "other artifacts": not itself
    table.trigger_queue.clear()
    relic = duel.card("alice", "Sol Ring")  # an artifact: ward {2} from the Guardian
    _targeted(duel, relic.id, "bob")
    (pending,) = table.trigger_queue
    assert pending.ability.effects[0] == {
        "do": "counter_spell",
        "each": "that_spell",
        "unless_pays": "{2}",
    }


def test_diffusion_sliver_watches_its_controllers_slivers_targeted_by_opponents() -> None:
    duel = Duel()
    table = duel.table
    duel.card("alice", "Diffusion Sliver")
    mine = duel.card("alice", "Metallic Sliver")
    theirs = duel.card("bob", "Metallic Sliver")
    bears = duel.card("alice", "Grizzly Bears")
    for oid, by in (
        (mine.id, "alice"),
        (theirs.id, "bob"),
        (theirs.id, "alice"),
        (bears.id, "bob"),
    ):
        _targeted(duel, oid, by)
    assert table.trigger_queue == []
    _targeted(duel, mine.id, "bob")
    assert [t.source_name for t in table.trigger_queue] == ["Diffusion Sliver"]


def test_cant_have_or_gain_first_strike_whatever_the_timestamps() -> None:
    duel = Duel()
    table = duel.table
    duel.card("alice", "Archetype of Courage")
    knight = duel.card("bob", "White Knight")  # printed first strike
    bears = duel.card("alice", "Grizzly Bears")
    assert "first strike" not in table.chars(knight).keywords
    assert "protection from black" in table.chars(knight).keywords  # only first strike goes
    assert "first strike" in table.chars(bears).keywords
    table.clock += 1
    knight.effects.append(ObjEffect(table.clock, keywords=("first strike",)))  # gained later
    knight.touch()
    assert "first strike" not in table.chars(knight).keywords
