"""The card model's newer constructs, each played through the rules core and the Horde game:
tokens with abilities, more trigger kinds, conditional statics, lands that enter tapped unless,
and spells whose cost is reduced by a count. The scenarios in scenarios/horde/ play each one;
these tests add the edge cases and what the bots do."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardcli.engine.session import Session
from cardcli.magic.effects import token_proto
from tests.conftest import new_session
from tests.magic_helpers import Duel

TREASURE = {
    "name": "Treasure",
    "types": ["Artifact"],
    "subtypes": ["Treasure"],
    "abilities": [
        {
            "activated": True,
            "cost": {"tap": True, "sacrifice": "self"},
            "effects": [{"do": "add_mana", "one_of": ["{W}", "{U}", "{B}", "{R}", "{G}"]}],
            "text": "{T}, Sacrifice this token: Add one mana of any color.",
        }
    ],
}
SPAWN = {
    "name": "Eldrazi Spawn",
    "types": ["Creature"],
    "subtypes": ["Eldrazi", "Spawn"],
    "power": "0",
    "toughness": "1",
    "abilities": [
        {
            "activated": True,
            "cost": {"sacrifice": "self"},
            "effects": [{"do": "add_mana", "mana": "{C}"}],
            "text": "Sacrifice this token: Add {C}.",
        }
    ],
}
CLUE = {
    "name": "Clue",
    "types": ["Artifact"],
    "subtypes": ["Clue"],
    "abilities": [
        {
            "activated": True,
            "cost": {"mana": "{2}", "sacrifice": "self"},
            "effects": [{"do": "draw", "amount": 1, "each": "you"}],
            "text": "{2}, Sacrifice this token: Draw a card.",
        }
    ],
}


def position(tmp_path: Path, data: dict[str, Any], **options: Any) -> tuple[Session, list[Any]]:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    options.setdefault("players", len([k for k in data if k.startswith("p")]))
    return new_session("horde", seed=options.pop("seed", 1), setup=str(path), **options)


def ids(lines: list[Any], name: str, player: str | None = None) -> list[int]:
    """The ids the set-up's ``position`` event gives the objects named ``name``."""
    found = next(line for line in lines if line["type"] == "position")["objects"]
    return [o["id"] for o in found if o["card"] == name and player in (None, o["player"])]


def bot_plays(session: Session, seat: str = "p1", bot: str = "basic", limit: int = 12) -> list[str]:
    """The bot's commands for ``seat`` while the team has something to decide (at most
    ``limit``), each accepted."""
    session.controllers[seat] = bot
    given = []
    for _ in range(limit):
        if session.state.to_move() != seat:
            break
        text = session.bot_command(seat)
        assert text is not None
        given.append(text)
        outcome = session.submit(text, seat=seat, bot=bot)
        assert outcome.accepted, (text, outcome.reason)
        if text == "pass":
            break
    return given


# -- tokens with abilities ------------------------------------------------------------------


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
