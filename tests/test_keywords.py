"""Keyword abilities: cycling and the abilities of cards in hands and graveyards (702.29,
602.2, 113.6k); the bots' use of them; the command words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardcli.engine.errors import IllegalCommand
from cardcli.games.horde import commands
from cardcli.games.horde.commands import Activate
from cardcli.magic.cards import Proto
from tests.card_helpers import bot_plays, ids, position

BARREN_MOOR: dict[str, Any] = {
    "name": "Barren Moor",
    "mana_cost": "",
    "types": ["Land"],
    "produces": ["B"],
    "keywords": ["Cycling {B}"],
    "oracle": "This land enters tapped.\n{T}: Add {B}.\nCycling {B}",
    "abilities": [{"replacement": "enters_tapped"}],
}
HULK: dict[str, Any] = {
    "name": "Hulking Cycler",
    "mana_cost": "{6}{G}",
    "types": ["Creature"],
    "power": "6",
    "toughness": "6",
    "keywords": ["Cycling {1}{G}", "Basic landcycling {1}"],
    "oracle": "Cycling {1}{G}\nBasic landcycling {1}",
}


def test_cycling_keywords_are_written_out_as_abilities_of_the_card_in_hand() -> None:
    from cardcli.cards.mtg.model import Card

    proto = Proto.from_card(Card.from_data(HULK))
    texts = sorted(a.text for a in proto.card_abilities)
    assert texts == ["Basic landcycling {1}", "Cycling {1}{G}"]
    assert all(a.zone == "hand" and a.cost and a.cost.discard_self for a in proto.card_abilities)
    assert proto.activated == ()
    search = next(a for a in proto.card_abilities if a.text.startswith("Basic"))
    assert search.effects[0]["filter"] == {"types": ["Land"], "supertypes": ["Basic"]}
    lands = Proto.from_card(Card.from_data({**HULK, "keywords": ["Landcycling {2}"]}))
    assert lands.card_abilities[0].effects[0]["filter"] == {"types": ["Land"]}
    forest = Proto.from_card(Card.from_data({**HULK, "keywords": ["Forestcycling {2}"]}))
    assert forest.card_abilities[0].effects[0]["filter"] == {"subtypes": ["Forest"]}
    bare = Proto.from_card(Card.from_data({**HULK, "keywords": ["Cycling"]}))
    assert bare.card_abilities == ()  # a bare "Cycling" without its cost gives nothing


def test_activate_names_a_card_or_an_id() -> None:
    assert commands.parse("p1 activate Barren Moor") == Activate("p1", 0, None, None, "Barren Moor")
    assert commands.parse("p1 activate #9 2") == Activate("p1", 9, 1, None)
    assert commands.parse("p1 activate Hulking Cycler 2") == Activate(
        "p1", 0, 1, None, "Hulking Cycler"
    )
    assert commands.parse("p1 cast Mulldrifter evoke") == commands.Cast(
        "p1", "Mulldrifter", evoke=True
    )
    stoke = commands.parse("p1 cast Stoke the Flames convoke #4 #5 -> #17")
    assert stoke == commands.Cast("p1", "Stoke the Flames", None, (17,), False, (4, 5))


def _cycling_position(tmp_path: Path, active: str, step: str, lands: int) -> Any:
    return position(
        tmp_path,
        {
            "turn": 6,
            "active": active,
            "step": step,
            "cards": [BARREN_MOOR, HULK],
            "horde": {"library": ["Zombie"] * 3},
            "p1": {
                "battlefield": ["Swamp"] * lands,
                "hand": ["Barren Moor", "Hulking Cycler"],
                "library": ["Swamp", "Forest", "Swamp"],
            },
            "p2": {"library": ["Island"] * 3},
        },
    )


def test_moves_lists_cycling_of_a_card_in_hand(tmp_path: Path) -> None:
    session, lines = _cycling_position(tmp_path, "horde", "end", 2)
    legal = session.state.legal_commands("p1")
    moor = ids(lines, "Barren Moor")[0]
    hulk = ids(lines, "Hulking Cycler")[0]
    assert f"p1 activate #{moor}" in legal
    assert f"p1 activate #{hulk} 1" in legal  # Basic landcycling {1} (keywords sorted)
    assert f"p1 activate #{hulk} 2" not in legal  # Cycling {1}{G}: no green mana


def test_the_basic_bot_cycles_what_it_cannot_use_at_the_end_of_the_hordes_turn(
    tmp_path: Path,
) -> None:
    session, lines = _cycling_position(tmp_path, "horde", "end", 5)
    given = bot_plays(session, limit=1)
    # Five lands: the land in hand is cycled (the Hulk is landcycled only without a land).
    assert given == [f"p1 activate #{ids(lines, 'Barren Moor')[0]}"]


def test_the_basic_bot_keeps_its_cards_in_its_own_turn(tmp_path: Path) -> None:
    session, _lines = _cycling_position(tmp_path, "players", "main1", 5)
    given = bot_plays(session, limit=3)
    assert not any("activate" in g for g in given)


DREGSCAPE: dict[str, Any] = {
    "name": "Dregscape Zombie",
    "mana_cost": "{1}{B}",
    "types": ["Creature"],
    "subtypes": ["Zombie"],
    "power": "2",
    "toughness": "1",
    "keywords": ["Unearth {B}"],
    "oracle": "Unearth {B}",
}


def test_the_basic_bot_unearths_in_its_first_main_phase(tmp_path: Path) -> None:
    session, lines = position(
        tmp_path,
        {
            "turn": 6,
            "step": "main1",
            "cards": [DREGSCAPE],
            "horde": {"library": ["Zombie"] * 3},
            "p1": {
                "battlefield": ["Swamp"],
                "graveyard": ["Dregscape Zombie"],
                "library": ["Swamp"] * 3,
            },
            "p2": {"library": ["Island"] * 3},
        },
    )
    given = bot_plays(session, limit=1)
    assert given == [f"p1 activate #{ids(lines, 'Dregscape Zombie')[0]}"]


def test_an_undying_creature_with_a_counter_stays_dead(tmp_path: Path) -> None:
    """702.93a: the counters it had as it died (here from the set-up) stop it returning."""
    wolf = {
        "name": "Young Wolf",
        "mana_cost": "{G}",
        "types": ["Creature"],
        "power": "1",
        "toughness": "1",
        "keywords": ["Undying"],
        "oracle": "Undying",
    }
    session, lines = position(
        tmp_path,
        {
            "turn": 6,
            "step": "main1",
            "cards": [wolf],
            "horde": {"library": ["Zombie"] * 3},
            "p1": {
                "battlefield": [
                    {"card": "Young Wolf", "counters": {"+1/+1": 1}},
                    "Mountain",
                ],
                "hand": ["Lightning Bolt"],
                "library": ["Swamp"] * 3,
            },
            "p2": {"library": ["Island"] * 3},
        },
    )
    wolf_id = ids(lines, "Young Wolf")[0]
    assert session.submit(f"p1 cast Lightning Bolt -> #{wolf_id}").accepted
    events = list(lines)
    assert any(e.get("type") == "moved" and e.get("was") == wolf_id for e in events)
    assert not any(e.get("type") == "triggered" and e.get("card") == "Young Wolf" for e in events)


MULLDRIFTER: dict[str, Any] = {
    "name": "Mulldrifter",
    "mana_cost": "{4}{U}",
    "types": ["Creature"],
    "power": "2",
    "toughness": "2",
    "keywords": ["Flying", "Evoke {2}{U}"],
    "oracle": "Flying\nWhen this creature enters, draw two cards.\nEvoke {2}{U}",
    "abilities": [
        {"when": "enters", "effects": [{"do": "draw", "amount": 2, "each": "you"}], "text": "x"}
    ],
}


def _evoke_position(tmp_path: Path, islands: int) -> Any:
    return position(
        tmp_path,
        {
            "turn": 6,
            "step": "main1",
            "cards": [MULLDRIFTER],
            "horde": {"library": ["Zombie"] * 3},
            "p1": {
                "battlefield": ["Island"] * islands,
                "hand": ["Mulldrifter"],
                "library": ["Island"] * 5,
            },
            "p2": {"library": ["Island"] * 3},
        },
    )


def test_moves_lists_evoke_and_the_bot_evokes_what_it_cannot_cast_soon(tmp_path: Path) -> None:
    session, _lines = _evoke_position(tmp_path, 3)
    legal = session.state.legal_commands("p1")
    assert "p1 cast Mulldrifter evoke" in legal and "p1 cast Mulldrifter" not in legal
    given = bot_plays(session, limit=1)
    assert given[0].endswith(" evoke")


def test_the_bot_casts_for_the_mana_cost_when_it_can(tmp_path: Path) -> None:
    session, _lines = _evoke_position(tmp_path, 5)
    legal = session.state.legal_commands("p1")
    assert "p1 cast Mulldrifter evoke" in legal and "p1 cast Mulldrifter" in legal
    given = bot_plays(session, limit=1)
    assert given[0].startswith("p1 cast") and not given[0].endswith("evoke")


def test_the_bot_pays_echo_for_a_creature_worth_it(tmp_path: Path) -> None:
    def patrol(power: str, echo: str) -> dict[str, Any]:
        return {
            "name": f"Patrol {power}",
            "mana_cost": "{R}",
            "types": ["Creature"],
            "power": power,
            "toughness": "1",
            "keywords": [f"Echo {echo}"],
            "oracle": f"Echo {echo}",
        }

    for power, echo, pays in (("4", "{R}", True), ("1", "{3}{R}", False)):
        session, _lines = position(
            tmp_path,
            {
                "turn": 6,
                "step": "upkeep",
                "cards": [patrol(power, echo)],
                "horde": {"library": ["Zombie"] * 3},
                "p1": {
                    "battlefield": [f"Patrol {power}", *["Mountain"] * 4],
                    "library": ["Mountain"] * 3,
                },
                "p2": {"library": ["Island"] * 3},
            },
        )
        given = bot_plays(session, limit=1)
        assert given == ["choose yes" if pays else "choose no"]


def test_split_second_forbids_spells_and_abilities_but_mana_abilities() -> None:
    """702.61a-b, checked with the spell put on the stack by hand."""
    from cardcli.cards.mtg.model import Card
    from cardcli.magic import activation, casting
    from cardcli.magic.actions import actions_for
    from cardcli.magic.objects import StackItem
    from tests.magic_helpers import Duel

    shock = Proto.from_card(
        Card.from_data(
            {
                "name": "Sudden Shock",
                "mana_cost": "{1}{R}",
                "types": ["Instant"],
                "keywords": ["Split second"],
                "oracle": "Split second\nSudden Shock deals 2 damage to any target.",
                "spell": [{"do": "damage", "amount": 2, "target": "any"}],
            }
        )
    )
    duel = Duel()
    table = duel.table
    card = table.add_card("alice", shock, "hand", 90)
    bolt = duel.card("bob", "Lightning Bolt", "hand")
    duel.card("bob", "Mountain")
    clue = Proto.from_card(Card.from_data({**HULK, "name": "Cycler"}))
    cycler = table.add_card("bob", clue, "hand", 91)
    assert casting.cast_problem(table, "bob", bolt, None) is None
    on_stack = table.move(card, "stack", "cast")
    assert on_stack is not None
    item = StackItem(on_stack.id, "spell", "alice", on_stack.id, "Sudden Shock", (), obj=on_stack)
    table.stack.append(item)
    table.items[item.id] = item
    problem = casting.cast_problem(table, "bob", bolt, None)
    assert problem is not None and "split second" in problem
    ability = next(a for a in clue.card_abilities if a.text.startswith("Basic"))
    with pytest.raises(IllegalCommand, match="split second"):
        activation.check_activation(table, "bob", cycler, ability)
    assert [a.kind for a in actions_for(table, "bob")] == ["tap"]  # mana abilities only


STOKE: dict[str, Any] = {
    "name": "Stoke the Flames",
    "mana_cost": "{2}{R}{R}",
    "types": ["Instant"],
    "keywords": ["Convoke"],
    "oracle": "Convoke\nStoke the Flames deals 4 damage to any target.",
    "spell": [{"do": "damage", "amount": 4, "target": "any"}],
}


def _goblin(sick: bool) -> dict[str, Any]:
    token = {"name": "Goblin", "types": ["Creature"], "colors": ["R"]}
    return {"token": {**token, "power": "1", "toughness": "1"}, "sick": sick}


def test_the_bot_convokes_only_with_creatures_it_would_not_use(tmp_path: Path) -> None:
    from cardcli.games.horde.basic import POLICY

    session, lines = position(
        tmp_path,
        {
            "turn": 6,
            "step": "main1",
            "cards": [STOKE],
            "horde": {"battlefield": ["Zombie"], "library": ["Zombie"] * 3},
            "p1": {
                "battlefield": ["Mountain", "Mountain", _goblin(True), _goblin(False)],
                "hand": ["Stoke the Flames"],
                "library": ["Mountain"] * 3,
            },
            "p2": {"library": ["Island"] * 3},
        },
    )
    table = session.state.table
    stoke = table.objects[ids(lines, "Stoke the Flames")[0]]
    sick, ready = [o for o in table.battlefield.values() if o.name == "Goblin"]
    # The arrived Goblin pays {R}; the one that could attack is kept: not enough.
    assert POLICY.convoke_words(table, "p1", stoke) is None
    ready.sick = True
    words = POLICY.convoke_words(table, "p1", stoke)
    assert words == f" convoke #{sick.id} #{ready.id}"
    command = POLICY.with_convoke(table, f"p1 cast #{stoke.id} -> #1")
    assert command == f"p1 cast #{stoke.id}{words} -> #1"
    assert session.submit(command).accepted


def test_convoke_creatures_pay_a_colour_or_generic_and_nothing_else() -> None:
    from cardcli.magic import convoke
    from cardcli.magic.mana import ManaCost
    from tests.magic_helpers import Duel

    duel = Duel()
    elf = duel.card("alice", "Llanowar Elves")
    cost = ManaCost.parse("{R}{R}")
    assert convoke.reduce_by(duel.table, cost, [elf]) is None  # no generic for a green one
    left = convoke.reduce_by(duel.table, ManaCost.parse("{1}{G}{R}"), [elf])
    assert left is not None and left.written() == "{1}{R}"
