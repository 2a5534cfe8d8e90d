"""Storm (702.40) and copies of spells (707.10): read, counted, copied; bots and the Horde."""

from __future__ import annotations

from pathlib import Path

from cardcli.cards.mtg.compiler import compile_card
from tests.card_helpers import position
from tests.conftest import REPO, new_session

STORM_TEXT = (
    "Storm (When you cast this spell, copy it for each spell cast before it this turn. You may"
    " choose new targets for the copies.)\nTest Shot deals 1 damage to any target."
)


def test_storm_is_read_as_an_engine_keyword() -> None:
    compiled = compile_card({"name": "Test Shot", "types": ["Sorcery"], "oracle": STORM_TEXT})
    assert compiled.unread == ()
    assert compiled.behaviour["spell"] == [{"do": "damage", "amount": 1, "target": "any"}]


def test_the_bot_chooses_the_targets_of_the_copies() -> None:
    setup = REPO / "scenarios" / "horde" / "setups" / "storm.yaml"
    session, _ = new_session("horde", seed=1, players=2, setup=str(setup))
    for text in ("p1 cast Chatterstorm", "pass", "pass", "p1 cast Grapeshot -> #2", "pass"):
        assert session.submit(text).accepted, text
    table = session.state.table
    assert table.pending is not None and table.pending.kind == "target"
    session.controllers["p1"] = "basic"
    answer = session.bot_command("p1")
    assert answer is not None and answer.startswith("choose ")
    assert session.submit(answer, seat="p1", bot="basic").accepted
    assert any(item.context.get("copy") for item in table.stack)


def test_the_horde_chooses_its_copies_targets_by_its_policy(tmp_path: Path) -> None:
    shot = {
        "name": "Test Shot",
        "mana_cost": "{1}{R}",
        "types": ["Sorcery"],
        "keywords": ["Storm"],
        "oracle": STORM_TEXT,
        "spell": [{"do": "damage", "amount": 1, "target": "any"}],
    }
    session, lines = position(
        tmp_path,
        {
            "turn": 7,
            "active": "horde",
            "step": "upkeep",
            "cards": [shot],
            "horde": {"library": ["Zombie", "Zombie", "Test Shot", *["Zombie"] * 6]},
            "p1": {"library": ["Island"] * 3},
            "p2": {"library": ["Island"] * 3},
        },
    )
    session.submit("pass")
    copies = [line for line in lines if line["type"] == "copied"]
    assert len(copies) == 2  # two Zombies were cast before it this turn
    choices = [line for line in lines if line["type"] == "choice" and line["kind"] == "target"]
    assert len(choices) >= 3  # the spell's target, then each copy's, by the Horde's policy
