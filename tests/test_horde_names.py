"""Names as targets, attackers and blockers; bulk declarations; the step's declaration bound."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardcli.engine.session import Session
from tests.conftest import new_session

ZOMBIE = {
    "token": {
        "name": "Zombie",
        "types": ["Creature"],
        "subtypes": ["Zombie"],
        "colors": ["B"],
        "power": "2",
        "toughness": "2",
    }
}
SOLDIER = {
    "token": {
        "name": "Soldier",
        "types": ["Creature"],
        "subtypes": ["Soldier"],
        "colors": ["W"],
        "power": "1",
        "toughness": "1",
    }
}


def position(tmp_path: Path, data: dict[str, Any], seed: int = 1) -> Session:
    path = tmp_path / "position.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")  # YAML, without aliases
    players = len([k for k in data if k.startswith("p")])
    session, _ = new_session("horde", seed=seed, setup=str(path), players=players)
    return session


def ids_of(session: Session, name: str, controller: str) -> list[int]:
    table = session.state.table  # type: ignore[attr-defined]
    return sorted(
        o.id for o in table.battlefield.values() if o.name == name and o.controller == controller
    )


def test_more_than_150_attackers_can_each_be_blocked_on_its_own_line(tmp_path: Path) -> None:
    count = 170
    session = position(
        tmp_path,
        {
            "turn": 7,
            "active": "horde",
            "step": "begin_combat",
            "horde": {"battlefield": [ZOMBIE] * count, "library": ["Zombie"]},
            "p1": {"battlefield": [SOLDIER] * count, "library": ["Plains"] * 3},
            "p2": {"library": ["Plains"] * 3},
        },
    )
    assert session.state.to_move() is not None
    zombies, soldiers = ids_of(session, "Zombie", "horde"), ids_of(session, "Soldier", "p1")
    for zombie, soldier in zip(zombies, soldiers, strict=True):
        outcome = session.submit(f"block #{zombie} with #{soldier}")
        assert outcome.accepted, outcome.reason
    table = session.state.table  # type: ignore[attr-defined]
    assert table.declarations == count
    assert len(table.combat.blocks) == count


def test_an_endless_attack_and_unattack_still_ends(tmp_path: Path) -> None:
    session = position(
        tmp_path,
        {
            "turn": 6,
            "active": "players",
            "step": "begin_combat",
            "horde": {"battlefield": [ZOMBIE], "library": ["Zombie"]},
            "p1": {"battlefield": [SOLDIER], "library": ["Plains"] * 3},
            "p2": {"library": ["Plains"] * 3},
        },
    )
    (soldier,) = ids_of(session, "Soldier", "p1")
    table = session.state.table  # type: ignore[attr-defined]
    bound = 150 + 4 * len(table.battlefield)
    said = []
    for n in range(bound + 2):
        outcome = session.submit(f"attack #{soldier}" if n % 2 == 0 else f"unattack #{soldier}")
        said.append(outcome.accepted)
    assert said[:bound] == [True] * bound and said[bound:] == [False, False]
    assert session.state.legal_commands("p1") == ["pass"]
