"""Kicker (702.33): read ("if it was kicked", "If this spell was kicked"), cast, moves, bots."""

from __future__ import annotations

from pathlib import Path

from cardcli.cards.mtg.compiler import compile_card
from cardcli.games.horde import commands
from tests.card_helpers import bot_plays, ids, position


def test_kicker_and_its_conditions_are_read() -> None:
    blow = compile_card(
        {"name": "Test Blow", "types": ["Instant"], "oracle": "Kicker {2}{U}\nDestroy target"
         " artifact or enchantment. If this spell was kicked, draw two cards."}
    )  # fmt: skip
    assert blow.unread == ()
    assert blow.behaviour["keywords"] == ["Kicker {2}{U}"]
    assert blow.behaviour["spell"][1] == {"do": "draw", "amount": 2, "each": "you", "if": "kicked"}
    skizzik = compile_card(
        {"name": "Test Skizzik", "types": ["Creature"], "oracle": "Kicker {R}\nAt the beginning"
         " of the end step, if this creature wasn't kicked, sacrifice it."}
    )  # fmt: skip
    assert skizzik.behaviour["abilities"][0]["condition"] == {"kicked": False}
    # "it deals 4 damage instead" changes an effect: not read (Burst Lightning stays partial)
    burst = compile_card(
        {"name": "Test Burst", "types": ["Instant"], "oracle": "Kicker {4}\nTest Burst deals 2"
         " damage to any target. If this spell was kicked, it deals 4 damage instead."}
    )  # fmt: skip
    assert burst.unread


def test_the_cast_command_says_kicked() -> None:
    parsed = commands.parse("p1 cast Into the Roil kicked -> #4")
    assert parsed.kicked and parsed.card == "Into the Roil"  # type: ignore[union-attr]
    assert not commands.parse("p1 cast Into the Roil -> #4").kicked  # type: ignore[union-attr]


def _game(tmp_path: Path, lands: list[str]) -> tuple[object, list[dict[str, object]]]:
    return position(
        tmp_path,
        {
            "turn": 6,
            "active": "players",
            "step": "main1",
            "horde": {"battlefield": ["Zombie"], "library": ["Zombie"] * 4},
            "p1": {"battlefield": lands, "hand": ["Skizzik"], "library": ["Island"] * 4},
            "p2": {"library": ["Island"] * 3},
        },
    )


def test_moves_list_the_kicked_cast_when_it_can_be_paid(tmp_path: Path) -> None:
    session, _ = _game(tmp_path, ["Mountain"] * 5)
    legal = session.state.legal_commands("p1")  # type: ignore[attr-defined]
    assert "p1 cast Skizzik" in legal and "p1 cast Skizzik kicked" in legal
    session, _ = _game(tmp_path, ["Mountain"] * 4)
    legal = session.state.legal_commands("p1")  # type: ignore[attr-defined]
    assert "p1 cast Skizzik" in legal and "p1 cast Skizzik kicked" not in legal


def test_the_bot_kicks_when_it_can_pay(tmp_path: Path) -> None:
    session, lines = _game(tmp_path, ["Mountain"] * 5)
    (skizzik,) = ids(lines, "Skizzik")
    assert f"p1 cast #{skizzik} kicked" in bot_plays(session)  # type: ignore[arg-type]
