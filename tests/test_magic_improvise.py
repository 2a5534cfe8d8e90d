"""Improvise (702.126a): artifacts tapped while casting pay generic mana; commands and bots."""

from __future__ import annotations

from pathlib import Path

from cardcli.cards.mtg.compiler import compile_card
from cardcli.games.horde import commands
from cardcli.games.horde.commands import Cast
from tests.card_helpers import bot_plays, ids, position

GEAR = {"token": {"name": "Gear", "types": ["Artifact"], "subtypes": ["Gear"]}}


def test_improvise_is_read_as_an_engine_keyword() -> None:
    oracle = (
        "Improvise (Your artifacts can help cast this spell. Each artifact you tap after you're"
        " done activating mana abilities pays for {1}.)\nDestroy all nonartifact creatures."
    )
    compiled = compile_card({"name": "Test Extinction", "types": ["Sorcery"], "oracle": oracle})
    assert compiled.unread == ()


def test_improvise_names_the_artifacts_in_the_cast_command() -> None:
    parsed = commands.parse("p1 cast Reverse Engineer improvise #4 #5")
    assert parsed == Cast("p1", "Reverse Engineer", None, None, False, (4, 5), True)
    assert commands.parse("p1 cast Stoke convoke #4").improvise is False  # type: ignore[union-attr]


def test_the_bot_improvises_only_with_artifacts_that_do_nothing_else(tmp_path: Path) -> None:
    session, lines = position(
        tmp_path,
        {
            "turn": 6,
            "active": "players",
            "step": "main1",
            "horde": {"battlefield": ["Zombie"], "library": ["Zombie"] * 4},
            "p1": {
                "battlefield": ["Island", "Island", "Island", "Ornithopter", GEAR, GEAR],
                "hand": ["Reverse Engineer"],
                "library": ["Island"] * 4,
            },
            "p2": {"library": ["Island"] * 3},
        },
    )
    gears = ids(lines, "Gear")
    (spell,) = ids(lines, "Reverse Engineer")
    given = bot_plays(session)
    assert f"p1 cast #{spell} improvise #{gears[0]} #{gears[1]}" in given  # not Ornithopter
