"""Golden logs of whole games, as syrupy snapshots.

Regenerate after an intended change with:
    pytest tests/test_golden.py --snapshot-update
and read the diff of tests/__snapshots__/ before committing it.
"""

from __future__ import annotations

from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion

from cardcli.engine.log import encode
from cardcli.engine.loop import run
from tests.conftest import new_session

GOLDEN: dict[str, dict[str, Any]] = {
    "hard-uniform-greedy": {"seed": 7, "bot": "greedy"},
    "medium-riffle-jokers-greedy": {
        "seed": 3,
        "bot": "greedy",
        "level": "medium",
        "shuffle": "riffle",
        "jokers": True,
    },
    "easy-new-deck-random": {"seed": 5, "bot": "random", "level": "easy", "start": "new-deck"},
    "two-players-greedy": {"seed": 11, "bot": "greedy", "players": 2},
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_log(name: str, snapshot: SnapshotAssertion) -> None:
    spec = dict(GOLDEN[name])
    seed, bot = spec.pop("seed"), spec.pop("bot")
    players = int(spec.get("players", 1))
    seats = {f"p{i}": bot for i in range(1, players + 1)}
    session, lines = new_session("shuffle-mania", seed=seed, seats=seats, **spec)
    run(session, lambda seat: None)
    assert session.over
    assert "\n".join(encode(line) for line in lines) + "\n" == snapshot
