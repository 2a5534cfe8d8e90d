"""Tokens with abilities (111.10): a token's data carries abilities read as a card's are."""

from __future__ import annotations

import json
from pathlib import Path

from cardcli.magic.effects import token_proto
from tests.card_helpers import CLUE, SPAWN, TREASURE, bot_plays, ids, position
from tests.magic_helpers import Duel


def test_a_token_gets_its_abilities_as_a_card_does_and_its_proto_is_shared() -> None:
    proto = token_proto(TREASURE)
    assert proto is token_proto(json.loads(json.dumps(TREASURE)))  # cached by its data
    assert proto.is_token and not proto.activated
    (mana,) = proto.mana_abilities
    assert mana.mana == (("W",), ("U",), ("B",), ("R",), ("G",))
    assert mana.cost is not None and mana.cost.tap and mana.cost.sacrifice == "self"
    clue = token_proto(CLUE)
    assert not clue.mana_abilities and len(clue.activated) == 1


def test_token_abilities_are_listed_as_legal_commands(tmp_path: Path) -> None:
    session, lines = position(
        tmp_path,
        {
            "turn": 6,
            "step": "main1",
            "horde": {"battlefield": ["Zombie"], "library": ["Zombie"] * 3},
            "p1": {
                "battlefield": ["Island", "Island", {"token": TREASURE}, {"token": CLUE}],
                "library": ["Island"] * 3,
            },
            "p2": {"battlefield": [{"token": SPAWN, "sick": True}], "library": ["Island"] * 3},
        },
    )
    (treasure,), (clue,), (spawn,) = (ids(lines, n) for n in ("Treasure", "Clue", "Eldrazi Spawn"))
    moves = session.state.legal_commands("p1")
    assert {f"p1 tap #{treasure} {c}" for c in "WUBRG"} <= set(moves)
    assert f"p1 activate #{clue}" in moves
    assert f"p2 tap #{spawn}" in moves  # a summoning-sick Spawn: no {T} in its cost


def test_the_basic_bot_spends_a_treasure_and_a_spawn_when_a_spell_needs_them(
    tmp_path: Path,
) -> None:
    session, lines = position(
        tmp_path,
        {
            "turn": 6,
            "step": "main1",
            "horde": {"battlefield": ["Zombie"], "library": ["Zombie"] * 3},
            "p1": {
                "battlefield": ["Forest", "Forest", {"token": SPAWN}, {"token": TREASURE}],
                "hand": ["Hill Giant"],
                "library": ["Forest"] * 3,
            },
            "p2": {"library": ["Forest"] * 3},
        },
    )
    given = bot_plays(session, limit=4)
    (spawn,), (treasure,), (giant,) = (
        ids(lines, n) for n in ("Eldrazi Spawn", "Treasure", "Hill Giant")
    )
    # The artifact before the creature, its colour the one the spell asks for.
    assert given[:3] == [f"p1 tap #{treasure} R", f"p1 tap #{spawn}", f"p1 cast #{giant}"]
    assert any(e["type"] == "cast" and e["card"] == "Hill Giant" for e in lines)


def test_the_basic_bot_keeps_its_treasure_when_the_lands_pay(tmp_path: Path) -> None:
    session, lines = position(
        tmp_path,
        {
            "turn": 6,
            "step": "main1",
            "horde": {"battlefield": ["Zombie"], "library": ["Zombie"] * 3},
            "p1": {
                "battlefield": ["Mountain", "Forest", "Forest", "Forest", {"token": TREASURE}],
                "hand": ["Hill Giant"],
                "library": ["Forest"] * 3,
            },
            "p2": {"library": ["Forest"] * 3},
        },
    )
    assert bot_plays(session, limit=1) == [f"p1 cast #{ids(lines, 'Hill Giant')[0]}"]


def test_the_basic_bot_cracks_a_clue_at_the_end_of_the_hordes_turn(tmp_path: Path) -> None:
    session, lines = position(
        tmp_path,
        {
            "turn": 5,
            "active": "horde",
            "step": "end",
            "horde": {"library": ["Zombie"] * 3},
            "p1": {"battlefield": ["Island", "Island", {"token": CLUE}], "library": ["Island"] * 3},
            "p2": {"library": ["Island"] * 3},
        },
    )
    given = bot_plays(session, limit=3)
    assert given[0] == f"p1 activate #{ids(lines, 'Clue')[0]}"
    assert any(e["type"] == "activated" and e["card"] == "Clue" for e in lines)


def test_a_token_enters_with_its_own_counters_and_tapped() -> None:
    """614.1c: "This token enters with ..." and "enters tapped" are the token's own replacements."""
    golem = {
        "name": "Construct",
        "types": ["Artifact", "Creature"],
        "power": "0",
        "toughness": "0",
        "abilities": [
            {"replacement": "enters_with_counters", "counter": "+1/+1", "amount": 2},
            {"replacement": "enters_tapped"},
        ],
    }
    duel = Duel()
    (obj,) = duel.table.create_tokens(token_proto(golem), "alice", 1)
    assert obj.counters == {"+1/+1": 2} and obj.tapped and duel.table.chars(obj).power == 2
    (event,) = [e for e in duel.table.take_events() if e["type"] == "token_created"]
    assert event["tapped"] and event["counters"] == {"+1/+1": 2}
