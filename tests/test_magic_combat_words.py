"""The rules core's combat words on their own: wither, infect and poison (702.80, 702.90,
704.5c), annihilator (702.86), fight (701.14), block restrictions and Fog."""

from __future__ import annotations

from typing import Any

from cardcli.magic import combat, resolve, sba
from cardcli.magic.objects import ObjEffect, StackItem, Team
from cardcli.magic.sources import DamageSource
from cardcli.magic.table import Table
from cardcli.magic.variant import Variant
from tests.magic_helpers import Duel


def source(*keywords: str, controller: str = "alice") -> DamageSource:
    return DamageSource(999, "Test Source", controller, keywords=frozenset(keywords))


# -- wither and infect -------------------------------------------------------------------------


def test_wither_damage_is_minus_counters_not_marked_damage() -> None:
    duel = Duel()
    table = duel.table
    giant = duel.card("bob", "Hill Giant")  # 3/3
    assert table.damage(source("wither"), giant.id, 2) == 2
    assert giant.damage == 0 and giant.counters == {"-1/-1": 2}
    assert table.chars(giant).power == 1 and table.chars(giant).toughness == 1
    sba.check(table, {})
    assert giant.zone == "battlefield"  # 1/1 with no damage marked survives


def test_wither_counters_and_plus_counters_cancel_and_toughness_zero_dies() -> None:
    duel = Duel()
    table = duel.table
    bears = duel.card("bob", "Grizzly Bears")  # 2/2
    bears.counters["+1/+1"] = 1
    table.damage(source("infect"), bears.id, 3)
    sba.check(table, {})  # 704.5q removes one of each, 704.5f: 0 toughness
    assert bears.id not in table.objects
    assert [o.name for o in table.players["bob"].graveyard] == ["Grizzly Bears"]


def test_deathtouch_dealt_as_counters_still_destroys() -> None:
    """702.2b: any nonzero damage from a deathtouch source is lethal, counters or not."""
    duel = Duel()
    table = duel.table
    wurm = duel.card("bob", "Craw Wurm")  # 6/4
    table.damage(source("wither", "deathtouch"), wurm.id, 1)
    assert wurm.damage == 0 and wurm.counters == {"-1/-1": 1}
    sba.check(table, {})
    assert wurm.id not in table.objects


def test_infect_to_a_player_gives_poison_not_life_loss_and_lifelink_still_gains() -> None:
    duel = Duel()
    table = duel.table
    assert table.damage(source("infect", "lifelink"), "bob", 3) == 3
    assert table.teams[1].life == 20 and table.players["bob"].poison == 3
    assert table.teams[0].life == 23  # the damage was dealt: lifelink (702.15b)
    events = [e for e in table.take_events() if e["type"] == "poison"]
    assert events == [
        {
            "type": "poison",
            "player": "bob",
            "team": "b",
            "delta": 3,
            "total": 3,
            "shared": False,
            "why": "infect",
            "limit": 10,
        }
    ]


def test_ten_poison_counters_lose_the_game() -> None:
    duel = Duel()
    table = duel.table
    table.damage(source("infect"), "bob", 9)
    sba.check(table, {})
    assert not table.over
    table.damage(source("infect"), "bob", 1)
    sba.check(table, {})
    assert table.over and table.outcome == {"loser": "b", "reason": "poison"}


def test_wither_to_a_player_is_ordinary_damage() -> None:
    duel = Duel()
    table = duel.table
    table.damage(source("wither"), "bob", 2)
    assert table.teams[1].life == 18 and table.players["bob"].poison == 0


def test_infect_to_a_planeswalker_removes_loyalty() -> None:
    """120.3c: damage to a planeswalker removes loyalty, whatever the source's abilities."""
    duel = Duel()
    table = duel.table
    walker = duel.card("bob", "Garruk Wildspeaker")
    loyalty = walker.counters["loyalty"]
    table.damage(source("infect"), walker.id, 2)
    assert walker.counters == {"loyalty": loyalty - 2}
    assert table.players["bob"].poison == 0


def test_prevented_infect_damage_gives_nothing() -> None:
    duel = Duel()
    table = duel.table
    table.prevention.append({"target": "bob", "amount": 5})
    assert table.damage(source("infect"), "bob", 3) == 0
    assert table.players["bob"].poison == 0


class SharedPoison(Variant[Table]):
    """Two-Headed Giant's poison: the team shares it and loses with fifteen (810.10)."""

    def shares_poison(self, table: Table, team: Team) -> bool:
        return True

    def poison_limit(self, table: Table, team: Team) -> int | None:
        return 15


def test_a_team_sharing_poison_counts_its_players_together() -> None:
    duel = Duel(variant=SharedPoison())
    table = duel.table
    table.damage(source("infect"), "bob", 14)
    sba.check(table, {})
    assert not table.over and table.teams[1].poison == 14 and table.players["bob"].poison == 0
    table.damage(source("infect"), "bob", 1)
    sba.check(table, {})
    assert table.outcome == {"loser": "b", "reason": "poison"}
    lost: list[Any] = [e for e in table.take_events() if e["type"] == "team_lost"]
    assert lost[0]["players"] == []


# -- annihilator -------------------------------------------------------------------------------


def _card(**data: Any) -> Any:
    from cardcli.cards.mtg.model import Card
    from cardcli.magic.cards import Proto

    base = {"mana_cost": "", "types": ["Creature"], "power": "1", "toughness": "1", "oracle": ""}
    return Proto.from_card(Card.from_data({**base, **data}))


def test_annihilator_n_is_an_attack_trigger_and_a_bare_keyword_is_nothing() -> None:
    crusher = _card(name="Crusher", keywords=["Annihilator 2"])
    (ability,) = crusher.triggers["attacks"]
    assert ability.effects == ({"do": "sacrifice", "amount": 2, "each": "defending_player"},)
    assert "attacks" not in _card(name="Bare", keywords=["Annihilator"]).triggers
    # 702.86b: each instance triggers.
    two = _card(name="Two", keywords=["Annihilator 1", "Annihilator 2"])
    assert len(two.triggers["attacks"]) == 2
    # A manual card applies none of its abilities: the players do.
    assert "attacks" not in _card(name="Manual", keywords=["Annihilator 2"], manual=True).triggers


def test_annihilator_makes_the_defending_player_sacrifice_permanents_of_any_kind() -> None:
    duel = Duel()
    table = duel.table
    crusher = table.add_card(
        "alice", _card(name="Crusher", keywords=["Annihilator 2"]), "battlefield", 90
    )
    crusher.sick = False
    forest = duel.card("bob", "Forest")
    bears = duel.card("bob", "Grizzly Bears")
    table.step = "declare_attackers"
    fight = combat.start(table)
    combat.declare_attack(table, fight, crusher, "bob")
    combat.finish_attackers(table, fight)
    duel.run()  # the trigger goes on the stack; nobody can respond: it resolves
    # Bob has exactly two permanents: no choice, both go (a land is a permanent too).
    assert forest.id not in table.objects and bears.id not in table.objects
    assert not table.stack


def test_sacrifice_without_a_filter_is_any_permanent() -> None:
    """ "Each player sacrifices a permanent" compiles to no filter (Crack the Earth)."""
    duel = Duel()
    table = duel.table
    land = duel.card("bob", "Forest")
    item = StackItem(
        500,
        "spell",
        "alice",
        500,
        "Crack",
        ({"do": "sacrifice", "amount": 1, "each": "each_opponent"},),
    )
    table.stack.append(item)
    table.items[item.id] = item
    resolve.begin_resolution(table)
    resolve.continue_resolution(table)
    assert land.id not in table.objects


# -- fight -------------------------------------------------------------------------------------

PREY_UPON = ({"do": "fight", "target": "creature", "against": {"target": "creature"}},)
IT_FIGHTS = ({"do": "fight", "each": "it", "against": {"target": "creature", "up_to": True}},)


def _resolve(duel: Duel, effects: tuple[Any, ...], targets: list[list[Any]], source: int) -> None:
    table = duel.table
    item = StackItem(table.new_id(), "triggered", "alice", source, "Fighter", effects)
    item.targets = targets
    table.stack.append(item)
    table.items[item.id] = item
    resolve.begin_resolution(table)
    if table.resolving is not None:
        resolve.continue_resolution(table)


def test_fight_slots_are_the_target_then_what_it_fights() -> None:
    from cardcli.magic.targets import slots_of

    first, second = slots_of(PREY_UPON)
    assert (first.effect, first.part, second.effect, second.part) == (0, 0, 0, 1)
    (only,) = slots_of(IT_FIGHTS)
    assert only.part == 1 and only.up_to


def test_two_creatures_fight_at_once_with_their_abilities() -> None:
    duel = Duel()
    table = duel.table
    giant = duel.card("alice", "Hill Giant")  # 3/3
    rats = duel.card("bob", "Typhoid Rats")  # 1/1 deathtouch
    _resolve(duel, PREY_UPON, [[giant.id], [rats.id]], giant.id)
    assert rats.damage == 3 and giant.damage == 1
    sba.check(table, {})
    assert giant.id not in table.objects and rats.id not in table.objects  # deathtouch too
    damage = [e for e in table.take_events() if e["type"] == "damage"]
    assert all(e["combat"] is False for e in damage)  # 701.14d


def test_no_damage_at_all_when_one_fighter_is_gone() -> None:
    """701.14b: the Hill Giant, still a legal target, deals no damage either."""
    duel = Duel()
    table = duel.table
    giant = duel.card("alice", "Hill Giant")
    bears = duel.card("bob", "Grizzly Bears")
    target = bears.id
    table.move(bears, "graveyard", "test")  # it left: a new object, the target is gone
    _resolve(duel, PREY_UPON, [[giant.id], [target]], giant.id)
    assert giant.damage == 0
    (event,) = [e for e in table.take_events() if e["type"] == "fight"]
    assert event["dealt"] is False and event["ids"] == [giant.id, target]


def test_it_fights_nothing_when_no_target_was_chosen_and_nothing_if_it_left() -> None:
    duel = Duel()
    table = duel.table
    brawler = duel.card("alice", "Hill Giant")
    bears = duel.card("bob", "Grizzly Bears")
    _resolve(duel, IT_FIGHTS, [[]], brawler.id)  # "up to one": none chosen
    assert not [e for e in table.take_events() if e["type"] in ("fight", "damage")]
    table.move(brawler, "graveyard", "test")
    _resolve(duel, IT_FIGHTS, [[bears.id]], brawler.id)
    assert bears.damage == 0


def test_a_creature_that_fights_itself_is_dealt_its_power_twice() -> None:
    """701.14c."""
    duel = Duel()
    table = duel.table
    wurm = duel.card("alice", "Craw Wurm")  # 6/4
    _resolve(duel, PREY_UPON, [[wurm.id], [wurm.id]], wurm.id)
    assert wurm.damage == 12
    assert table.chars(wurm).power == 6


# -- blocking restrictions and lure ------------------------------------------------------------


def test_a_restriction_of_the_attacker_tells_blockers_apart_by_power() -> None:
    duel = Duel()
    table = duel.table
    ceratok = table.add_card(
        "alice",
        _card(
            name="Ceratok",
            power="4",
            toughness="4",
            abilities=[{"static": "cant_be_blocked_by", "filter": {"max_power": 2}}],
        ),
        "battlefield",
        91,
    )
    bears = duel.card("bob", "Grizzly Bears")  # 2/2
    giant = duel.card("bob", "Hill Giant")  # 3/3
    assert combat.block_problem(table, bears, ceratok) is not None
    assert combat.can_block(table, giant, ceratok)
    # The same kind of blocker but for power: checked apart, not taken for one another.
    assert combat.able_blockers(table, [bears, giant], [ceratok]) == [giant]
    bears.effects.append(ObjEffect(1, power=1))
    bears.touch()
    assert combat.able_blockers(table, [bears, giant], [ceratok]) == [bears, giant]


def test_lure_requires_every_creature_able_to_block_it_but_not_alone_against_menace() -> None:
    from cardcli.magic.requirements import required_blockers

    duel = Duel()
    table = duel.table
    lure = {"static": "must_be_blocked_by_all"}
    prized = table.add_card("alice", _card(name="Prized", abilities=[lure]), "battlefield", 92)
    menacing = table.add_card(
        "alice", _card(name="Menacing", keywords=["Menace"], abilities=[lure]), "battlefield", 93
    )
    bears = duel.card("bob", "Grizzly Bears")
    assert table.chars(prized).lure
    assert required_blockers(table, [prized, menacing], [bears]) == {bears.id: [prized.id]}
    giant = duel.card("bob", "Hill Giant")
    # Two can block the menacing one now: both must block one of the two.
    found = required_blockers(table, [prized, menacing], [bears, giant])
    assert found == {bears.id: [prized.id, menacing.id], giant.id: [prized.id, menacing.id]}


def test_an_aura_gives_lure_and_a_creature_that_lost_its_abilities_has_none() -> None:
    duel = Duel()
    table = duel.table
    lure = table.add_card(
        "alice",
        _card(
            name="Lure",
            types=["Enchantment"],
            subtypes=["Aura"],
            keywords=["Enchant creature"],
            abilities=[{"static": "attached", "must_be_blocked_by_all": True}],
        ),
        "battlefield",
        94,
    )
    bears = duel.card("alice", "Grizzly Bears")
    assert not table.chars(bears).lure
    lure.attached_to = bears.id
    table.static_version += 1
    assert table.chars(bears).lure
    prized = table.add_card(
        "alice",
        _card(name="Prized", abilities=[{"static": "must_be_blocked_by_all"}]),
        "battlefield",
        95,
    )
    prized.effects.append(ObjEffect(2, lose_all=True))
    prized.touch()
    assert not table.chars(prized).lure


def test_at_the_step_cap_the_creatures_lure_requires_block_it() -> None:
    from cardcli.magic import flow, play
    from cardcli.magic.decisions import Decision

    duel = Duel()
    table = duel.table
    prized = table.add_card(
        "alice",
        _card(name="Prized", abilities=[{"static": "must_be_blocked_by_all"}]),
        "battlefield",
        96,
    )
    bears = duel.card("bob", "Grizzly Bears")
    table.step = "declare_blockers"
    fight = combat.start(table)
    combat.declare_attack(table, fight, prized, "bob")
    fight.attackers_done = True
    table.pending = Decision("blockers", "bob", "block", team="b")
    table.declarations = flow.declaration_limit(table)
    play.finish_blockers(table)
    (blocks,) = [e["blocks"] for e in table.take_events() if e["type"] == "blockers"]
    assert blocks == [{"blocker": bears.id, "attacker": prized.id}]


# -- Fog ---------------------------------------------------------------------------------------


def _prevent(duel: Duel, effect: dict[str, Any]) -> None:
    _resolve(duel, (effect,), [], 0)


def test_fog_prevents_combat_damage_only_and_ends_with_the_turn() -> None:
    from cardcli.magic import flow

    duel = Duel()
    table = duel.table
    bears = duel.card("bob", "Grizzly Bears")
    _prevent(duel, {"do": "prevent_damage", "all": True, "combat": True})
    assert table.damage(source(), "bob", 3, combat=True) == 0
    assert table.damage(source(), bears.id, 3, combat=True) == 0
    assert table.damage(source(), "bob", 2) == 2  # not combat damage
    assert table.teams[1].life == 18
    flow._cleanup(table)  # 514.2: "this turn" ends
    assert table.damage(source(), "bob", 3, combat=True) == 3


def test_prevent_all_damage_to_you_is_only_damage_to_you() -> None:
    duel = Duel()
    table = duel.table
    _prevent(duel, {"do": "prevent_damage", "all": True, "each": "you"})  # alice's
    assert table.damage(source(controller="bob"), "alice", 4) == 0
    assert table.damage(source(controller="bob"), "alice", 4, combat=True) == 0
    assert table.damage(source(), "bob", 4) == 4
    (event,) = [e for e in table.take_events() if e["type"] == "prevent_all"]
    assert event["to"] == ["alice"] and event["combat"] is False
