"""Overload (702.96): the text with "each" for "target" compiled; cast, moves and bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardcli.cards.mtg.compiler import compile_card
from tests.card_helpers import bot_plays, ids, position

RIFT = (
    "Return target nonland permanent you don't control to its owner's hand.\nOverload {6}{U}"
    " (You may cast this spell for its overload cost. If you do, change its text by replacing"
    ' all instances of "target" with "each.")'
)


def test_overload_compiles_the_text_with_each_for_target() -> None:
    compiled = compile_card({"name": "Test Rift", "types": ["Instant"], "oracle": RIFT})
    assert compiled.unread == ()
    assert compiled.behaviour["overload"] == {
        "cost": "{6}{U}",
        "spell": [{"do": "bounce", "each": "each_nonland_permanent",
                   "filter": {"controller": "not_you"}}],
    }  # fmt: skip
    assert compiled.behaviour["spell"][0]["target"] == "nonland_permanent"


def test_overload_stays_unread_when_the_changed_text_does_not_compile() -> None:
    oracle = "Tap up to two target creatures.\nOverload {3}{U}"  # "up to two each": no sense
    compiled = compile_card({"name": "Test Tap", "types": ["Instant"], "oracle": oracle})
    assert "Overload {3}{U}" in compiled.unread
    assert "overload" not in compiled.behaviour


def _game(tmp_path: Path, theirs: list[Any]) -> Any:
    return position(
        tmp_path,
        {
            "turn": 6,
            "active": "players",
            "step": "main1",
            "horde": {"battlefield": ["Zombie", "Zombie"], "library": ["Zombie"] * 4},
            "p1": {
                "battlefield": ["Mountain"] * 5,
                "hand": ["Vandalblast"],
                "library": ["Island"] * 4,
            },
            "p2": {"battlefield": theirs, "library": ["Island"] * 3},
        },
    )


RELIC = {"token": {"name": "Relic", "types": ["Artifact"]}}


def test_moves_list_the_overloaded_cast(tmp_path: Path) -> None:
    session, _ = _game(tmp_path, [])
    legal = session.state.legal_commands("p1")
    assert "p1 cast Vandalblast overload" in legal


def test_the_bot_overloads_only_against_the_horde_alone(tmp_path: Path) -> None:
    horde_relics = {
        "turn": 6,
        "active": "players",
        "step": "main1",
        "horde": {"battlefield": ["Zombie", RELIC, RELIC], "library": ["Zombie"] * 4},
        "p1": {"battlefield": ["Mountain"] * 5, "hand": ["Vandalblast"], "library": ["Island"] * 4},
        "p2": {"library": ["Island"] * 3},
    }
    session, lines = position(tmp_path, horde_relics)
    (blast,) = ids(lines, "Vandalblast")
    assert f"p1 cast #{blast} overload" in bot_plays(session)
    # with a teammate's artifact among those it would destroy: not overloaded
    session, lines = position(tmp_path, {**horde_relics, "p2": {"battlefield": [RELIC],
                                                                "library": ["Island"] * 3}})  # fmt: skip
    assert not any(c.endswith(" overload") for c in bot_plays(session))
