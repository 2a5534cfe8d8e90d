"""Keyword abilities: cycling and the abilities of cards in hands and graveyards (702.29,
602.2, 113.6k); the bots' use of them; the command words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
    bare = Proto.from_card(Card.from_data({**HULK, "keywords": ["Cycling"]}))
    assert bare.card_abilities == ()  # a bare "Cycling" without its cost gives nothing


def test_activate_names_a_card_or_an_id() -> None:
    assert commands.parse("p1 activate Barren Moor") == Activate("p1", 0, None, None, "Barren Moor")
    assert commands.parse("p1 activate #9 2") == Activate("p1", 9, 1, None)


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
