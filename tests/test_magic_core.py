"""The Magic rules core on its own: mana, objects, layers, triggers, combat damage."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardcli.engine.errors import IllegalCommand
from cardcli.magic import casting, combat, play, sba
from cardcli.magic.mana import ManaCost, pay
from cardcli.magic.objects import ObjEffect
from cardcli.magic.sources import DamageSource
from cardcli.magic.table import Move
from tests.magic_helpers import Duel, proto

# -- mana ---------------------------------------------------------------------------------


def test_a_cost_parses_generic_coloured_hybrid_phyrexian_and_x() -> None:
    cost = ManaCost.parse("{X}{2}{W/U}{2/B}{G/P}{R}")
    assert (cost.x, cost.generic, cost.colored, cost.hybrid) == (1, 2, ("R",), (("W", "U"),))
    assert cost.two_hybrid == ("B",) and cost.phyrexian == ("G",)
    assert cost.mana_value == 2 + 1 + 1 + 2 + 1
    assert cost.with_x(3).generic == 5 and cost.reduced(-5).generic == 0


def test_payment_uses_the_pool_first_and_keeps_dual_lands_for_what_needs_them() -> None:
    cost = ManaCost.parse("{1}{U}{B}")
    plan = pay(cost, {"U": 1}, [(10, ("U", "B")), (11, ("B",)), (12, ("G",))], life=20)
    assert plan is not None
    assert plan.pool_used == {"U": 1}
    # The dual land is not needed for a colour, so the single-colour lands pay B and generic.
    assert sorted(plan.taps) == [(11, "B"), (12, "G")]


def test_payment_finds_the_matching_when_a_greedy_choice_would_fail() -> None:
    # Swamp-or-Island first for {U} would leave no black source for {B}.
    plan = pay(ManaCost.parse("{U}{B}"), {}, [(1, ("U", "B")), (2, ("U",))], life=0)
    assert plan is not None and sorted(plan.taps) == [(1, "B"), (2, "U")]


def test_payment_fails_honestly_and_phyrexian_mana_falls_back_to_life() -> None:
    assert pay(ManaCost.parse("{G}{G}"), {}, [(1, ("G",))], life=20) is None
    plan = pay(ManaCost.parse("{1}{B/P}{B/P}"), {}, [(1, ("B",)), (2, ("R",))], life=20)
    assert plan is not None and plan.life == 2
    assert pay(ManaCost.parse("{B/P}"), {}, [], life=1) is None  # 119.4: not more than you have


@given(st.lists(st.sampled_from("WUBRG"), min_size=1, max_size=6), st.integers(0, 4))
def test_a_payment_found_always_covers_the_cost(colors: list[str], generic: int) -> None:
    cost = ManaCost(generic=generic, colored=tuple(colors))
    lands = [(i, (c,)) for i, c in enumerate("WUBRGWUBRG")]
    plan = pay(cost, {}, lands, life=0)
    if plan is None:
        assert len(colors) + generic > len(lands) or any(colors.count(c) > 2 for c in "WUBRG")
        return
    paid = [kind for _, kind in plan.taps]
    assert len(paid) == len(colors) + generic
    for color in "WUBRG":
        assert paid.count(color) >= colors.count(color)


# -- objects ------------------------------------------------------------------------------


def test_an_object_that_changes_zone_gets_a_new_id_and_ids_are_never_reused() -> None:
    duel = Duel()
    bears = duel.card("alice", "Grizzly Bears")
    old = bears.id
    moved = duel.table.move(bears, "graveyard", "test")
    assert moved is not None and moved.id != old and old in duel.table.retired
    back = duel.table.move(moved, "battlefield", "test")
    assert back is not None and back.id not in (old, moved.id)
    assert back.card_no == bears.card_no  # the card keeps its card number


# -- characteristics and layers ------------------------------------------------------------


def test_layers_apply_in_order_anthems_pumps_and_counters() -> None:
    duel = Duel()
    table = duel.table
    bears = duel.card("alice", "Grizzly Bears")  # 2/2 green
    assert (table.chars(bears).power, table.chars(bears).toughness) == (2, 2)
    duel.card("alice", "Gaea's Anthem")  # creatures you control +1/+1
    assert table.chars(bears).power == 3  # the static appeared: the cache knows
    table.add_counters(bears, "+1/+1", 2)
    bears.effects.append(ObjEffect(99, power=-4, toughness=0))
    bears.touch()
    assert (table.chars(bears).power, table.chars(bears).toughness) == (1, 5)
    # 7b sets, then 7c modifies: base 0/1 with the anthem, the pump and the counters.
    bears.effects.append(ObjEffect(100, set_power=0, set_toughness=1))
    bears.touch()
    assert (table.chars(bears).power, table.chars(bears).toughness) == (-1, 4)


def test_an_anthem_reaches_only_its_controllers_creatures_and_stops_when_it_leaves() -> None:
    duel = Duel()
    table = duel.table
    mine = duel.card("alice", "Grizzly Bears")
    theirs = duel.card("bob", "Grizzly Bears")
    anthem = duel.card("alice", "Gaea's Anthem")
    assert (table.chars(mine).power, table.chars(theirs).power) == (3, 2)
    table.move(anthem, "graveyard", "test")
    assert table.chars(mine).power == 2


def test_keyword_grants_are_layer_6_and_losing_all_abilities_removes_them() -> None:
    duel = Duel()
    table = duel.table
    duel.card("alice", "Fervor")  # creatures you control have haste
    bears = duel.card("alice", "Grizzly Bears")
    assert table.chars(bears).has("haste")
    bears.effects.append(ObjEffect(table.clock + 1, lose_all=True))
    bears.touch()
    assert not table.chars(bears).has("haste")


def test_a_characteristic_defining_ability_counts_on_read() -> None:
    duel = Duel()
    table = duel.table
    monk = duel.card("alice", "Geist-Honored Monk")  # P/T = creatures you control
    assert table.chars(monk).power == 1
    duel.card("alice", "Grizzly Bears")
    duel.card("bob", "Grizzly Bears")
    assert (table.chars(monk).power, table.chars(monk).toughness) == (2, 2)


def test_humility_sets_base_power_and_toughness_under_counters_and_removes_abilities() -> None:
    """Humility: "All creatures lose all abilities and have base power and toughness 1/1."
    Layer 6 removes the keywords, 7b sets 1/1, and 7c still adds counters and anthems."""
    duel = Duel()
    table = duel.table
    angel = duel.card("alice", "Serra Angel")  # 4/4 flying, vigilance
    duel.card("bob", "Humility")
    assert (table.chars(angel).power, table.chars(angel).toughness) == (1, 1)
    assert not table.chars(angel).keywords
    table.add_counters(angel, "+1/+1", 1)
    duel.card("alice", "Gaea's Anthem")
    assert (table.chars(angel).power, table.chars(angel).toughness) == (3, 3)


def test_moat_and_pacifism_keep_creatures_from_attacking() -> None:
    """Moat: "Creatures without flying can't attack." (a negated keyword filter); Pacifism:
    "Enchanted creature can't attack or block." (an Aura's static)."""
    duel = Duel()
    table = duel.table
    bears = duel.card("alice", "Grizzly Bears")
    angel = duel.card("alice", "Serra Angel")
    moat = duel.card("bob", "Moat")
    assert not combat.can_attack(table, bears) and combat.can_attack(table, angel)
    table.move(moat, "graveyard", "test")
    aura = duel.card("bob", "Pacifism")
    aura.attached_to = angel.id
    assert combat.can_attack(table, bears) and not combat.can_attack(table, angel)
    assert table.chars(angel).cant_block


def test_a_player_or_planeswalker_target_takes_no_creature() -> None:
    from cardcli.magic.targets import Slot, candidates

    duel = Duel()
    table = duel.table
    duel.card("bob", "Grizzly Bears")
    walker = duel.card("bob", "Jace Beleren")
    found = candidates(
        table, Slot(0, "player_or_planeswalker"), "alice", DamageSource(-1, "", "alice")
    )
    assert found == ["alice", "bob", walker.id]


def test_generic_mana_is_paid_with_a_colour_the_cost_does_not_ask_for() -> None:
    # {1}{B}: the Island pays the {1}, so the second Swamp stays for another black spell.
    plan = pay(ManaCost.parse("{1}{B}"), {}, [(1, ("B",)), (2, ("B",)), (3, ("U",))], life=0)
    assert plan is not None and sorted(plan.taps) == [(1, "B"), (3, "U")]


# -- triggers ------------------------------------------------------------------------------


def test_triggers_are_found_through_the_index_not_by_scanning() -> None:
    duel = Duel()
    table = duel.table
    for _ in range(30):
        duel.card("bob", "Grizzly Bears")
    warden = duel.card("alice", "Soul Warden")  # another creature enters: gain 1
    assert list(table.watchers["another_creature_enters"]) == [warden.id]
    table.create_tokens(proto("Grizzly Bears"), "bob", 1)
    assert [t.source_name for t in table.trigger_queue] == ["Soul Warden"]
    table.move(warden, "graveyard", "test")
    assert table.watchers["another_creature_enters"] == {}


def test_dying_together_every_watcher_sees_every_death() -> None:
    # Vengeful Dead: "Whenever Vengeful Dead or another Zombie dies": a wrath of three Zombies
    # with the Dead among them triggers three times (603.10a).
    duel = Duel()
    table = duel.table
    dead = duel.card("alice", "Vengeful Dead")
    zombies = [duel.card("alice", "Walking Corpse") for _ in range(2)]
    table.destroy([dead, *zombies])
    assert [t.source_name for t in table.trigger_queue] == ["Vengeful Dead"] * 3


# -- state-based actions ---------------------------------------------------------------------


def test_lethal_damage_and_deathtouch_destroy_toughness_zero_dies() -> None:
    duel = Duel()
    table = duel.table
    a = duel.card("bob", "Grizzly Bears")
    b = duel.card("bob", "Hill Giant")
    c = duel.card("bob", "Craw Wurm")
    rats = duel.card("alice", "Typhoid Rats")
    table.damage(table.source_of(rats), a.id, 2)
    table.damage(table.source_of(rats), c.id, 1)  # deathtouch
    b.effects.append(ObjEffect(1, toughness=-3))
    b.touch()
    assert sba.check(table, {})
    assert sorted(o.name for o in table.players["bob"].graveyard) == [
        "Craw Wurm",
        "Grizzly Bears",
        "Hill Giant",
    ]


def test_a_zero_life_team_loses() -> None:
    duel = Duel()
    duel.table.lose_life("bob", 20, "test")
    sba.check(duel.table, {})
    assert duel.table.over and duel.table.outcome == {"loser": "b", "reason": "life"}


# -- casting and the stack -------------------------------------------------------------------


def test_a_spell_without_mana_is_refused_and_nothing_changes() -> None:
    duel = Duel()
    table = duel.table
    bolt = duel.card("alice", "Lightning Bolt", "hand")
    duel.run()
    assert table.pending is None or table.pending.kind == "priority"
    with pytest.raises(IllegalCommand, match="cannot pay"):
        casting.check_cast(table, "alice", bolt, None)
    assert bolt.zone == "hand" and not table.stack


def test_counterspell_counters_and_the_last_spell_resolves_first() -> None:
    duel = Duel()
    table = duel.table
    duel.card("alice", "Mountain")
    duel.card("bob", "Island")
    duel.card("bob", "Island")
    bolt = duel.card("alice", "Lightning Bolt", "hand")
    counter = duel.card("bob", "Counterspell", "hand")
    duel.run()
    play.cast(table, "alice", bolt, None, ["bob"])
    # Alice can do nothing more, so she passes by herself: Bob has priority with Bolt on the stack.
    assert table.pending is not None and table.pending.team == "b"
    spell = table.stack[-1]
    play.cast(table, "bob", counter, None, [spell.id])
    # Neither can act now: both pass by themselves and the top of the stack resolves first.
    events = table.take_events()
    assert [e["card"] for e in events if e["type"] in ("resolved", "countered")] == [
        "Lightning Bolt",
        "Counterspell",
    ]
    assert table.teams[1].life == 20


# -- combat damage ---------------------------------------------------------------------------


def test_lethal_damage_for_trample_counts_marked_damage_and_deathtouch() -> None:
    duel = Duel()
    table = duel.table
    wurm = duel.card("alice", "Colossal Dreadmaw")
    giant = duel.card("bob", "Hill Giant")
    giant.damage = 1
    assert combat.lethal_for(table, giant, wurm) == 2
    rats = duel.card("alice", "Typhoid Rats")
    assert combat.lethal_for(table, giant, rats) == 1


def test_an_assignment_is_checked_against_todays_rules() -> None:
    duel = Duel()
    table = duel.table
    wurm = duel.card("alice", "Colossal Dreadmaw")  # 6/6 trample
    bears = duel.card("bob", "Grizzly Bears")
    giant = duel.card("bob", "Hill Giant")
    check = combat.assignment_problem
    assert check(table, wurm, [bears, giant], "bob", {bears.id: 2, giant.id: 3, "bob": 1}) is None
    assert check(table, wurm, [bears, giant], "bob", {bears.id: 1, giant.id: 3, "bob": 2})
    assert check(table, wurm, [bears, giant], "bob", {bears.id: 6}) is None  # any division
    assert check(table, wurm, [bears, giant], "bob", {bears.id: 5})  # must be all 6


def test_protection_prevents_damage_from_that_quality() -> None:
    duel = Duel()
    table = duel.table
    knight = duel.card("alice", "White Knight")  # protection from black
    rats = duel.card("bob", "Typhoid Rats")
    assert table.damage(table.source_of(rats), knight.id, 1) == 0
    assert knight.damage == 0


def test_regeneration_replaces_destruction() -> None:
    duel = Duel()
    table = duel.table
    skeletons = duel.card("alice", "Drudge Skeletons")
    skeletons.regen_shields = 1
    table.destroy([skeletons])
    assert skeletons.zone == "battlefield" and skeletons.tapped
    table.destroy([skeletons])
    assert skeletons.id not in table.objects


def test_simultaneous_moves_are_one_batch() -> None:
    duel = Duel()
    table = duel.table
    a = duel.card("alice", "Grizzly Bears")
    b = duel.card("alice", "Hill Giant")
    moved = table.move_many([Move(a, "hand", "test"), Move(b, "exile", "test")])
    assert [m.zone for m in moved if m is not None] == ["hand", "exile"]
    src = DamageSource(0, "x", "bob")
    assert table.damage(src, 12345, 3) == 0  # a target that is gone takes nothing


def test_damage_to_a_planeswalker_removes_loyalty_and_none_left_is_the_graveyard() -> None:
    from cardcli.cards.mtg.model import Card
    from cardcli.magic.cards import Proto

    duel = Duel()
    table = duel.table
    walker = Proto.from_card(
        Card.from_data(
            {
                "name": "Test Walker",
                "mana_cost": "{3}",
                "types": ["Planeswalker"],
                "loyalty": "3",
                "oracle": "",
            }
        )
    )
    obj = table.add_card("bob", walker, "battlefield", 99)
    assert obj.counters == {"loyalty": 3}  # 306.5b: it enters with its printed loyalty
    bears = duel.card("alice", "Grizzly Bears")
    assert obj.id in combat.attack_targets(table, bears)  # Alice may attack it
    table.damage(table.source_of(bears), obj.id, 2, combat=True)
    assert obj.counters == {"loyalty": 1}
    table.damage(table.source_of(bears), obj.id, 1)
    sba.check(table, {})
    assert [o.name for o in table.players["bob"].graveyard] == ["Test Walker"]


def test_a_no_lifegain_static_stops_life_gain() -> None:
    duel = Duel()
    table = duel.table
    duel.card("bob", "Sulfuric Vortex")  # If a player would gain life, that player gains none
    assert table.gain_life("alice", 3, "test") == 0
    assert table.teams[0].life == 20
    assert table.take_events()[-1]["type"] == "no_lifegain"


def test_every_fixed_point_offers_its_event_to_replacement_effects() -> None:
    duel = Duel()
    table = duel.table
    seen: list[str] = []
    for kind in ("move", "damage", "lose_life", "gain_life", "draw", "token", "tap", "counters"):
        table.replacements[kind] = [lambda t, e, k=kind: (seen.append(k), e)[1]]
    duel.library("alice", "Forest")
    bears = duel.card("alice", "Grizzly Bears")
    table.draw("alice")
    table.damage(table.source_of(bears), "bob", 1)
    table.gain_life("alice", 1, "test")
    table.create_tokens(proto("Grizzly Bears"), "alice", 1)
    table.tap(bears)
    table.add_counters(bears, "+1/+1", 1)
    assert seen == ["draw", "move", "damage", "lose_life", "gain_life", "token", "tap", "counters"]
    # A replacement that returns None stops the event: no counter is put.
    table.replacements["counters"] = [lambda t, e: None]
    table.add_counters(bears, "+1/+1", 1)
    assert bears.counters == {"+1/+1": 1}
