"""Mana abilities (605, 106): several on one permanent, abilities that do more than add mana
(a pain land's damage, a horizon land's life), the options a person picks with ``tap``, and the
automatic payment that uses free mana first."""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from cardcli.magic import costs
from tests.card_helpers import bot_plays, card, position
from tests.conftest import REPO

SETUPS = REPO / "scenarios" / "horde" / "setups"


@cache
def _pain_lands() -> dict[str, Any]:
    return yaml.safe_load((SETUPS / "pain-lands.yaml").read_text(encoding="utf-8"))


def pain_lands(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(_pain_lands())
    data.update(changes)
    return data


def test_each_option_of_each_mana_ability_is_listed_by_mana_or_number(tmp_path: Path) -> None:
    session, _ = position(tmp_path, pain_lands())
    legal = session.state.legal_commands("p1")
    assert {"p1 tap #7 C", "p1 tap #7 U", "p1 tap #7 R"} <= set(legal)
    assert {"p1 tap #8 C", "p1 tap #8 U", "p1 tap #8 R"} <= set(legal)
    assert session.submit("p1 tap #7 3").accepted  # the third option: {R}, with its damage
    assert session.state.table.players["p1"].pool == {"R": 1}
    assert session.state.table.players["p1"].team.life == 39
    assert not session.submit("p1 tap #8 4").accepted  # options 1 to 3
    assert not session.submit("p1 tap #8 G").accepted


def test_free_mana_pays_first_and_pain_only_when_needed(tmp_path: Path) -> None:
    session, lines = position(tmp_path, pain_lands())
    table = session.state.table
    sources, dear = costs.land_sources(table, "p1")
    assert dict(sources)[7] == ("C", "R", "U")  # free kinds first
    assert dear == {7: {"R": 1, "U": 1}}
    assert session.submit("p1 cast Coral Merfolk").accepted
    assert table.players["p1"].team.life == 40
    assert not [e for e in lines if e["type"] == "damage"]


def test_a_payment_never_uses_pain_that_would_leave_the_team_dead(tmp_path: Path) -> None:
    session, _ = position(tmp_path, pain_lands(life=1))
    table = session.state.table
    assert costs.land_sources(table, "p1") == ([(6, ("U",)), (7, ("C",))], {})
    refused = session.submit("p1 cast Izzet Chemister Kid")
    assert not refused.accepted
    assert session.submit("p1 cast Coral Merfolk").accepted  # the Reef's {C} is free
    assert table.players["p1"].team.life == 1


def test_the_team_may_still_tap_a_pain_land_by_hand_at_one_life(tmp_path: Path) -> None:
    session, lines = position(tmp_path, pain_lands(life=1))
    assert session.submit("p1 tap #7 U").accepted
    assert session.state.table.players["p1"].team.life == 0
    assert [e for e in lines if e["type"] == "damage"][-1]["source_name"] == "Shivan Reef"


def test_the_basic_bot_casts_with_pain_lands(tmp_path: Path) -> None:
    data = pain_lands()
    data["p1"] = {
        "battlefield": ["Shivan Reef", "Shivan Reef"],
        "hand": ["Izzet Chemister Kid"],
        "library": ["Island"] * 3,
    }
    session, lines = position(tmp_path, data)
    plays = bot_plays(session)
    assert plays[0].startswith("p1 cast #")
    assert [e["card"] for e in lines if e["type"] == "cast"] == ["Izzet Chemister Kid"]
    hurt = [e for e in lines if e["type"] == "damage" and e["target"] == "p1"]
    assert len(hurt) == 2  # both lands' coloured mana, 1 damage each


def test_a_horizon_land_pays_its_life_as_a_cost(tmp_path: Path) -> None:
    data = pain_lands()
    data["p1"]["battlefield"] = ["Sunbaked Canyon"]
    data["p1"]["hand"] = ["Lightning Bolt"]
    session, lines = position(tmp_path, data)
    assert session.submit("p1 cast Lightning Bolt -> #1").accepted
    paid = [e for e in lines if e["type"] == "life" and e.get("why") == "paid"]
    assert [(e["player"], e["delta"]) for e in paid] == [("p1", -1)]


def test_an_unless_payment_uses_free_mana_only(tmp_path: Path) -> None:
    session, _ = position(tmp_path, pain_lands())
    table = session.state.table
    from cardcli.magic.mana import ManaCost

    assert costs.payment(table, "p1", ManaCost.parse("{U}{R}"), costly=False) is None
    assert costs.payment(table, "p1", ManaCost.parse("{U}{R}")) is not None


def test_an_ability_that_adds_mana_and_targets_is_not_a_mana_ability() -> None:
    proto = card(
        {
            "name": "Odd Land",
            "types": ["Land"],
            "abilities": [
                {
                    "activated": True,
                    "cost": {"tap": True},
                    "effects": [
                        {"do": "add_mana", "mana": "{R}"},
                        {"do": "damage", "amount": 1, "target": "any"},
                    ],
                },
                {
                    "activated": True,
                    "cost": {"tap": True},
                    "effects": [
                        {"do": "add_mana", "mana": "{G}"},
                        {"do": "damage", "amount": 1, "each": "you"},
                    ],
                },
            ],
        }
    )
    assert len(proto.activated) == 1 and len(proto.mana_abilities) == 1
    ability = proto.mana_abilities[0]
    assert ability.mana == (("G",),) and ability.costly
    assert ability.effects == ({"do": "damage", "amount": 1, "each": "you"},)


def test_activate_only_if_is_checked_as_it_is_activated_not_as_it_resolves(tmp_path: Path) -> None:
    data = yaml.safe_load((SETUPS / "mana-conditions.yaml").read_text(encoding="utf-8"))
    data["cards"].append(
        {
            "name": "Thinking Ground",
            "mana_cost": "",
            "types": ["Land"],
            "oracle": "{T}, Sacrifice this land: Draw a card. Activate only if you control two"
            " or more lands.",
            "abilities": [
                {
                    "activated": True,
                    "cost": {"tap": True, "sacrifice": "self"},
                    "effects": [{"do": "draw", "amount": 1, "each": "you"}],
                    "condition": {"amount": {"count": "lands"}, "at_least": 2},
                    "text": "{T}, Sacrifice this land: Draw a card. Activate only if you"
                    " control two or more lands.",
                }
            ],
        }
    )
    data["p1"]["battlefield"] = ["Thinking Ground", "Plains"]
    session, lines = position(tmp_path, data)
    ground = next(
        o for o in session.state.table.battlefield.values() if o.name == "Thinking Ground"
    )
    assert f"p1 activate #{ground.id}" in session.state.legal_commands("p1")
    hand = len(session.state.table.players["p1"].hand)
    assert session.submit(f"p1 activate #{ground.id}").accepted
    assert session.submit("pass").accepted  # it resolves with one land left: it still draws
    assert [e["type"] for e in lines if e["type"] in ("resolved", "fizzled")][-1] == "resolved"
    assert len(session.state.table.players["p1"].hand) == hand + 1


def test_a_commander_decks_commander_gives_its_player_an_identity() -> None:
    from tests.conftest import new_session

    deck = REPO / "tests" / "fixtures" / "decks" / "commander" / "cedh_blue_farm.txt"
    session, lines = new_session("horde", seed=1, players=2, deck=[f"p1={deck}"])
    named = [e for e in lines if e["type"] == "commander"]
    assert [(e["who"], e["cards"]) for e in named] == [
        ("p1", ["Tymna the Weaver", "Kraum, Ludevic's Opus"])
    ]
    assert named[0]["identity"] == "WUBR"
    assert session.state.table.players["p1"].commander_identity == frozenset("WUBR")
    assert session.state.table.players["p2"].commander_identity is None


def test_two_reflecting_pools_alone_could_produce_nothing(tmp_path: Path) -> None:
    data = yaml.safe_load((SETUPS / "mana-could-produce.yaml").read_text(encoding="utf-8"))
    data["p1"]["battlefield"] = ["Reflecting Pool", "Reflecting Pool"]
    data["p2"]["battlefield"] = []
    data["horde"]["battlefield"] = ["Zombie"]
    session, _ = position(tmp_path, data)
    assert not [c for c in session.state.legal_commands("p1") if " tap " in c]
    refused = session.submit("p1 tap #7")
    assert not refused.accepted and "adds no mana now" in str(refused.reason)


def test_an_exotic_orchard_pays_a_cost_with_what_the_opponents_lands_make(tmp_path: Path) -> None:
    data = yaml.safe_load((SETUPS / "mana-could-produce.yaml").read_text(encoding="utf-8"))
    data["p1"]["battlefield"] = ["Exotic Orchard"]
    session, _ = position(tmp_path, data)
    orchard = next(o for o in session.state.table.battlefield.values() if o.controller == "p1")
    assert costs.mana_sources(session.state.table, "p1") == [(orchard.id, ("B",))]


def test_a_filter_land_option_is_named_by_its_mana_or_its_number(tmp_path: Path) -> None:
    data = yaml.safe_load((SETUPS / "mana-filter-lands.yaml").read_text(encoding="utf-8"))
    session, lines = position(tmp_path, data)
    gate = next(o for o in session.state.table.battlefield.values() if o.name == "Mystic Gate")
    legal = session.state.legal_commands("p1")
    assert {f"p1 tap #{gate.id} {w}" for w in ("C", "WW", "WU", "UU")} <= set(legal)
    assert not session.submit(f"p1 tap #{gate.id} W1").accepted  # neither mana nor a number
    assert session.submit(f"p1 tap #{gate.id} 3").accepted
    assert [e["added"] for e in lines if e["type"] == "mana"] == ["{W}{U}"]
    assert session.state.table.players["p1"].pool == {"W": 1, "U": 1}
