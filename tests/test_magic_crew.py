"""Crew (702.122): the keyword read, written out, paid and played; the bots' crewing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardcli.cards.mtg.compiler import compile_card
from cardcli.magic import combat
from cardcli.magic.cards import Proto
from tests.card_helpers import bot_plays, card, ids, position

COPTER: dict[str, Any] = {
    "name": "Test Copter",
    "mana_cost": "{2}",
    "types": ["Artifact"],
    "subtypes": ["Vehicle"],
    "power": "3",
    "toughness": "3",
    "keywords": ["Flying", "Crew 2"],
    "oracle": "Flying\nCrew 2",
}
BEAR = {"token": {"name": "Bear", "types": ["Creature"], "power": "2", "toughness": "2"}}
ELF = {"token": {"name": "Elf", "types": ["Creature"], "power": "1", "toughness": "1"}}


def test_crew_n_is_read_as_a_keyword_the_engine_writes_out() -> None:
    compiled = compile_card(
        {"name": "Copter", "types": ["Artifact"], "oracle": "Flying\nCrew 1 (Tap any number of"
         " creatures you control with total power 1 or more: This Vehicle becomes an artifact"
         " creature until end of turn.)"}
    )  # fmt: skip
    assert compiled.unread == ()
    assert compiled.behaviour["keywords"] == ["Crew 1"]


def test_crew_is_an_activated_ability_tapping_creatures_with_enough_power() -> None:
    proto: Proto = card(COPTER)
    (crew,) = proto.activated
    assert crew.cost is not None and crew.cost.crew == 2 and not crew.cost.tap
    assert crew.effects[0] == {
        "do": "becomes",
        "each": "it",
        "types": ["Artifact", "Creature"],
        "until": "end_of_turn",
    }
    assert card({**COPTER, "keywords": ["Crew"]}).activated == ()  # a bare "Crew": nothing


def _vehicle_game(tmp_path: Path, vehicle: dict[str, Any], *creatures: Any) -> Any:
    return position(
        tmp_path,
        {
            "turn": 6,
            "active": "players",
            "step": "main1",
            "cards": [COPTER],
            "horde": {"battlefield": ["Zombie"], "library": ["Zombie"] * 4},
            "p1": {
                "battlefield": [vehicle, *creatures],
                "hand": ["Island"],
                "library": ["Island"] * 4,
            },
            "p2": {"library": ["Island"] * 4},
        },
    )


def test_a_vehicle_crewed_stops_being_a_creature_at_cleanup(tmp_path: Path) -> None:
    session, lines = _vehicle_game(tmp_path, "Test Copter", BEAR)
    (copter,) = ids(lines, "Test Copter")
    assert session.submit(f"p1 activate #{copter}").accepted  # the Bear alone: no question
    table = session.state.table
    assert "Creature" in table.chars(table.objects[copter]).types
    while table.turn_count.get("horde", 0) < 1 or table.step != "upkeep":
        assert session.submit("pass").accepted
    assert "Creature" not in table.chars(table.objects[copter]).types  # 514.2


def test_a_vehicle_that_arrived_this_turn_may_be_crewed_but_not_attack(tmp_path: Path) -> None:
    session, lines = _vehicle_game(tmp_path, {"card": "Test Copter", "sick": True}, BEAR)
    (copter,) = ids(lines, "Test Copter")
    assert session.submit(f"p1 activate #{copter}").accepted
    table = session.state.table
    vehicle = table.objects[copter]
    assert "Creature" in table.chars(vehicle).types
    assert "302.6" in str(combat.attack_problem(table, vehicle))


def test_too_little_power_cannot_crew(tmp_path: Path) -> None:
    session, lines = _vehicle_game(tmp_path, "Test Copter", ELF)
    (copter,) = ids(lines, "Test Copter")
    outcome = session.submit(f"p1 activate #{copter}")
    assert not outcome.accepted and "crew 2" in str(outcome.reason)
    assert "activate" not in " ".join(session.state.legal_commands("p1"))


def test_the_bot_crews_with_a_creature_that_cannot_attack_then_attacks(tmp_path: Path) -> None:
    session, lines = _vehicle_game(tmp_path, "Test Copter", {**BEAR, "sick": True}, ELF)
    (copter,) = ids(lines, "Test Copter")
    (bear,) = ids(lines, "Bear")
    given = bot_plays(session)
    assert f"p1 activate #{copter}" in given
    crewed = next(line for line in lines if line.get("type") == "activated")
    assert crewed["crew"] == [bear]  # the Bear, summoning sick, not the Elf that can attack
    assert f"attack #{copter}" in given


def test_the_bot_does_not_crew_with_creatures_worth_more(tmp_path: Path) -> None:
    big = {"token": {"name": "Giant", "types": ["Creature"], "power": "5", "toughness": "5"}}
    session, _ = _vehicle_game(tmp_path, "Test Copter", big)
    assert not any("activate" in c for c in bot_plays(session))
