"""The trigger kinds of the card model beyond a card's own: a spell's cast trigger, permanents
entering, life gained, cards drawn, the beginning of combat, attacks and combat damage."""

from __future__ import annotations

from pathlib import Path

from cardcli.magic import combat, flow, play
from cardcli.magic.table import Move
from tests.card_helpers import GAIN, card, put, queued
from tests.magic_helpers import Duel, proto


def test_a_cast_trigger_triggers_as_the_spell_is_cast_and_not_as_it_enters_otherwise() -> None:
    duel = Duel()
    table = duel.table
    seer = card(
        {
            "name": "Seer",
            "mana_cost": "{R}",
            "abilities": [{"when": "cast_self", "effects": GAIN, "text": "cast"}],
        }
    )
    dead = put(duel, "alice", seer, "graveyard")
    table.move(dead, "battlefield", "returned")
    assert queued(duel) == []  # 603.2: it was not cast
    put(duel, "alice", proto("Mountain"))
    spell = put(duel, "alice", seer, "hand")
    duel.run()
    play.cast(table, "alice", spell, None, None)
    events = table.take_events()
    cast = next(e for e in events if e["type"] == "cast")
    trigger = next(e for e in events if e["type"] == "triggered")
    assert trigger["source"] == cast["id"] and trigger["controller"] == "alice"


def test_permanent_enters_watches_whose_and_which_and_sees_itself_unless_other() -> None:
    duel = Duel()
    table = duel.table
    nontoken_other = card(
        {
            "name": "Guide",
            "abilities": [
                {
                    "when": "permanent_enters",
                    "controller": "you",
                    "trigger_filter": {"types": ["Creature"], "token": False, "other": True},
                    "effects": GAIN,
                }
            ],
        }
    )
    itself_too = card(
        {
            "name": "Herald",
            "abilities": [
                {
                    "when": "permanent_enters",
                    "controller": "you",
                    "trigger_filter": {"types": ["Creature"]},
                    "effects": GAIN,
                }
            ],
        }
    )
    put(duel, "alice", nontoken_other)
    assert queued(duel) == []  # (set-up triggers nothing; entering itself is "other")
    table.create_tokens(proto("Grizzly Bears"), "alice", 1)  # a token: Herald is not there yet
    assert queued(duel) == []
    herald = put(duel, "alice", itself_too, "hand")
    table.move(herald, "battlefield", "test")
    assert queued(duel) == ["Guide", "Herald"]  # Herald sees itself enter (603.6a)
    table.create_tokens(proto("Grizzly Bears"), "bob", 1)  # bob's: not "you control"
    assert queued(duel) == []
    table.create_tokens(proto("Grizzly Bears"), "alice", 2)  # tokens: Guide wants nontoken
    assert queued(duel) == ["Herald", "Herald"]


def test_one_or_more_triggers_once_for_the_permanents_entering_together() -> None:
    duel = Duel()
    table = duel.table
    swarm = card(
        {
            "name": "Swarmkeeper",
            "abilities": [
                {
                    "when": "permanent_enters",
                    "one_or_more": True,
                    "controller": "you",
                    "trigger_filter": {"types": ["Land"]},
                    "effects": GAIN,
                }
            ],
        }
    )
    put(duel, "alice", swarm)
    lands = [put(duel, "alice", proto("Forest"), "hand") for _ in range(2)]
    bears = put(duel, "alice", proto("Grizzly Bears"), "hand")
    table.move_many([Move(o, "battlefield", "test") for o in [*lands, bears]])
    (trigger,) = table.trigger_queue
    assert trigger.context["count"] == 2 and trigger.ability.when == "permanent_enters"
    table.trigger_queue = []
    table.create_tokens(proto("Grizzly Bears"), "alice", 3)  # no land among them
    assert queued(duel) == []


def test_gain_life_and_draw_triggers_see_whose_life_and_each_card() -> None:
    duel = Duel()
    table = duel.table
    mate = card({"name": "Mate", "abilities": [{"when": "gain_life", "effects": GAIN}]})
    spy = card(
        {
            "name": "Spy",
            "abilities": [{"when": "gain_life", "controller": "opponents", "effects": GAIN}],
        }
    )
    dreams = card(
        {
            "name": "Dreams",
            "abilities": [
                {
                    "when": "draw",
                    "controller": "opponents",
                    "effects": [{"do": "damage", "amount": 1, "each": "that_player"}],
                }
            ],
        }
    )
    put(duel, "alice", mate)
    put(duel, "alice", spy)
    put(duel, "alice", dreams)
    table.gain_life("alice", 0, "test")
    assert queued(duel) == []  # 119.9: no life gain event
    table.gain_life("alice", 2, "test")
    assert queued(duel) == ["Mate"]
    table.gain_life("bob", 2, "test")
    assert queued(duel) == ["Spy"]
    duel.library("bob", "Island", "Island", "Island")
    duel.library("alice", "Island")
    table.draw("bob", 3)  # 121.2: one at a time
    found = list(table.trigger_queue)
    assert [t.source_name for t in found] == ["Dreams"] * 3
    assert {t.context["player"] for t in found} == {"bob"}
    table.trigger_queue = []
    table.draw("alice", 1)
    assert queued(duel) == []  # not an opponent's draw


def test_attack_triggers_once_per_attacker_and_once_per_attacking_player() -> None:
    duel = Duel()
    table = duel.table
    charge = card(
        {
            "name": "Charge",
            "types": ["Enchantment"],
            "abilities": [
                {
                    "when": "creature_attacks",
                    "controller": "you",
                    "trigger_filter": {"subtypes": ["Bear"]},
                    "effects": [
                        {"do": "pump", "power": 2, "toughness": 2, "each": "that_creature"}
                    ],
                }
            ],
        }
    )
    caller = card({"name": "Caller", "abilities": [{"when": "you_attack", "effects": GAIN}]})
    watcher = card(
        {
            "name": "Watcher",
            "abilities": [{"when": "you_attack", "controller": "opponents", "effects": GAIN}],
        }
    )
    put(duel, "alice", charge)
    put(duel, "alice", caller)
    put(duel, "bob", watcher)
    bears = [put(duel, "alice", proto("Grizzly Bears")) for _ in range(2)]
    giant = put(duel, "alice", proto("Hill Giant"))
    fight = combat.start(table)
    for obj in [*bears, giant]:
        combat.declare_attack(table, fight, obj, "bob")
    combat.finish_attackers(table, fight)
    found = list(table.trigger_queue)
    assert [t.source_name for t in found] == ["Charge", "Charge", "Caller", "Watcher"]
    assert [t.context["object"] for t in found[:2]] == [b.id for b in bears]
    assert found[0].context["defending"] == "bob"


def test_combat_damage_to_a_player_triggers_for_each_creature_that_deals_it() -> None:
    duel = Duel()
    table = duel.table
    mission = card(
        {
            "name": "Mission",
            "types": ["Enchantment"],
            "abilities": [
                {
                    "when": "creature_deals_combat_damage_to_player",
                    "controller": "you",
                    "effects": GAIN,
                }
            ],
        }
    )
    put(duel, "alice", mission)
    bears = put(duel, "alice", proto("Grizzly Bears"))
    giant = put(duel, "alice", proto("Hill Giant"))
    theirs = put(duel, "bob", proto("Grizzly Bears"))
    for obj in (bears, giant):
        table.damage(table.source_of(obj), "bob", 2, combat=True)
    table.damage(table.source_of(bears), "bob", 2)  # not combat damage
    table.damage(table.source_of(theirs), "alice", 2, combat=True)  # not alice's creature
    found = list(table.trigger_queue)
    assert [t.context["object"] for t in found] == [bears.id, giant.id]
    assert all(t.context["player"] == "bob" for t in found)


def test_beginning_of_combat_triggers_by_whose_turn() -> None:
    duel = Duel()
    table = duel.table
    mine = card({"name": "Mine", "abilities": [{"when": "begin_combat", "effects": GAIN}]})
    each = card(
        {"name": "Each", "abilities": [{"when": "begin_combat", "whose": "each", "effects": GAIN}]}
    )
    put(duel, "alice", mine)
    put(duel, "bob", mine)
    put(duel, "bob", each)
    table.step, table.step_begun = "begin_combat", False
    flow._begin_step(table)  # alice's turn
    assert [(t.source_name, t.controller) for t in table.trigger_queue] == [
        ("Mine", "alice"),
        ("Each", "bob"),
    ]


def test_in_the_scenario_the_aspirant_triggers_in_its_own_turn_only() -> None:
    from tests.test_horde_scenarios import run_scenario

    _session, lines, _rejected, _spec = run_scenario(
        Path(__file__).parent.parent / "scenarios" / "horde" / "trigger-combat.yaml"
    )
    by_card = [e["card"] for e in lines if e["type"] == "triggered"]
    assert by_card.count("Luminarch Aspirant") == 1
    assert by_card.count("Fervent Charge") == 2 and by_card.count("Razorkin Hordecaller") == 1
