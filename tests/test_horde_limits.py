"""How long a command line may be: no legal game reaches the limit, hostile input meets it.

The cap was 500 characters, so more than forty creatures could not attack in one line.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from cardcli.engine.session import MAX_COMMAND_CHARS
from tests.conftest import new_session

SCENE = str(
    Path(__file__).parent.parent / "scenarios/horde/setups/stops-a-land-and-nothing-else.yaml"
)


def _soldiers(tmp_path: Path, count: int) -> str:
    soldier = {"name": "Soldier", "types": ["Creature"], "colors": ["W"]}
    soldier |= {"power": "1", "toughness": "1"}
    position = {
        "turn": 6,
        "active": "players",
        "step": "begin_combat",
        "horde": {"library": ["Zombie"] * 80},
        "p1": {"battlefield": [{"token": soldier}] * count, "library": ["Plains"] * 3},
        "p2": {"library": ["Plains"] * 3},
    }
    path = tmp_path / "wide.yaml"
    path.write_text(json.dumps(position), encoding="utf-8")
    return str(path)


def test_an_attack_of_a_hundred_and_forty_creatures_is_one_line(tmp_path: Path) -> None:
    """Once at most 500 characters (forty creatures); now no legal game reaches the limit."""
    session, lines = new_session("horde", seed=1, players=2, setup=_soldiers(tmp_path, 140))
    while session.state.table.pending.kind != "attackers":
        session.submit("pass")
    ids = [o.id for o in session.state.table.battlefield.values() if o.controller == "p1"]
    text = "attack " + " ".join(f"#{i}" for i in ids)
    assert len(text) > 500
    outcome = session.submit(text)
    assert outcome.accepted, outcome.reason
    assert session.submit("pass").accepted
    attack = next(line for line in lines if line["type"] == "attackers")
    assert len(attack["attacks"]) == 140


def test_a_hostile_line_is_refused_by_its_length_or_read_quickly() -> None:
    session, lines = new_session("horde", seed=1, players=2, setup=SCENE)
    outcome = session.submit("x" * (MAX_COMMAND_CHARS + 1))
    assert not outcome.accepted and "line too long" in (outcome.reason or "")
    assert len(lines[-1]["text"]) <= 80 and lines[-1]["length"] == MAX_COMMAND_CHARS + 1
    for text in (
        "attack " + "#" * (MAX_COMMAND_CHARS - 8),
        'p1 cast "' + "a " * (MAX_COMMAND_CHARS // 2 - 6),
        "block " + "#1 with " * (MAX_COMMAND_CHARS // 9),
        "p1 play " + "Plains " * (MAX_COMMAND_CHARS // 8),
    ):
        began = time.perf_counter()
        refused = session.submit(text)
        assert not refused.accepted
        assert time.perf_counter() - began < 2.0, text[:20]
