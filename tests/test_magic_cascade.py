"""Cascade (702.85a): read, exiled until a cheaper nonland card, cast free or not; the Horde."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardcli.cards.mtg.compiler import compile_card
from tests.card_helpers import position

CASCADE = (
    "Cascade (When you cast this spell, exile cards from the top of your library until you"
    " exile a nonland card that costs less. You may cast it without paying its mana cost. Put"
    " the exiled cards on the bottom in a random order.)"
)


def test_cascade_is_read_as_an_engine_keyword() -> None:
    compiled = compile_card({"name": "Test Agent", "types": ["Creature"], "oracle": CASCADE})
    assert compiled.unread == ()


def _game(tmp_path: Path, library: list[str], **more: Any) -> Any:
    return position(
        tmp_path,
        {
            "turn": 6,
            "active": "players",
            "step": "main1",
            "horde": {"battlefield": ["Zombie"], "library": ["Zombie"] * 4},
            "p1": {
                "battlefield": ["Forest", "Island", "Island"],
                "hand": ["Shardless Agent"],
                "library": library,
            },
            "p2": {"library": ["Island"] * 3},
            **more,
        },
    )


def _bottom(session: Any, count: int) -> list[str]:
    library = session.state.table.players["p1"].library
    return sorted(o.name for o in library[:count])


def test_declined_the_card_goes_to_the_bottom_with_the_others(tmp_path: Path) -> None:
    session, lines = _game(tmp_path, ["Forest", "Grizzly Bears", "Island"])
    assert session.submit("p1 cast Shardless Agent").accepted
    assert session.submit("choose no").accepted
    assert not any(line["type"] == "cast" and line["card"] == "Grizzly Bears" for line in lines)
    assert _bottom(session, 2) == ["Forest", "Grizzly Bears"]
    assert session.state.table.players["p1"].library[-1].name == "Island"  # the top


def test_a_card_that_cannot_be_cast_now_is_not_offered(tmp_path: Path) -> None:
    # Disenchant has no artifact or enchantment to target (601.2c): it cannot be cast.
    session, _ = _game(tmp_path, ["Disenchant", "Island"])
    assert session.submit("p1 cast Shardless Agent").accepted
    table = session.state.table
    assert table.pending is None or table.pending.kind != "may"
    assert _bottom(session, 1) == ["Disenchant"]


def test_nothing_cheaper_exiles_the_whole_library_and_puts_it_back(tmp_path: Path) -> None:
    session, _ = _game(tmp_path, ["Forest", "Island"])
    assert session.submit("p1 cast Shardless Agent").accepted
    assert _bottom(session, 2) == ["Forest", "Island"]


def test_the_horde_casts_what_it_cascades_into(tmp_path: Path) -> None:
    session, lines = position(
        tmp_path,
        {
            "turn": 7,
            "active": "horde",
            "step": "upkeep",
            "horde": {"library": ["Zombie", "Shardless Agent", "Grizzly Bears", *["Zombie"] * 5]},
            "p1": {"library": ["Island"] * 3},
            "p2": {"library": ["Island"] * 3},
        },
    )
    session.submit("pass")
    cast = [line["card"] for line in lines if line["type"] == "cast" and line["who"] == "horde"]
    assert cast[:3] == ["Zombie", "Shardless Agent", "Grizzly Bears"]
    choice = next(line for line in lines if line["type"] == "choice" and line["kind"] == "may")
    assert choice["chosen"] == ["yes"]
