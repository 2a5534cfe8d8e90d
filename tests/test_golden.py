"""Golden logs of whole games, as syrupy snapshots.

Regenerate after an intended change with:
    pytest tests/test_golden.py --snapshot-update
and read the diff of tests/__snapshots__/ before committing it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion

from cardcli.actions.validate import check_log
from cardcli.engine.log import encode
from cardcli.engine.loop import run
from cardcli.engine.replay import replay_lines
from cardcli.engine.rng import RNG_V1, RNG_V2
from tests.conftest import REPO, new_session

V1_LOGS = REPO / "tests" / "fixtures" / "logs-v1"
V2_LOGS = REPO / "tests" / "fixtures" / "logs-v2"  # written by 0.3.0, the last release on v2

GOLDEN: dict[str, dict[str, Any]] = {
    "hard-uniform-greedy": {"game": "shuffle-mania", "seed": 7, "bot": "greedy"},
    "medium-riffle-jokers-greedy": {
        "game": "shuffle-mania",
        "seed": 3,
        "bot": "greedy",
        "level": "medium",
        "shuffle": "riffle",
        "jokers": True,
    },
    "easy-new-deck-random": {
        "game": "shuffle-mania",
        "seed": 5,
        "bot": "random",
        "level": "easy",
        "start": "new-deck",
    },
    "two-players-greedy": {"game": "shuffle-mania", "seed": 11, "bot": "greedy", "players": 2},
    # What `cardcli simulate` measures (tests/benchmarks/bench_shuffle_mania.py).
    "hard-riffle-greedy": {
        "game": "shuffle-mania",
        "seed": 1,
        "bot": "greedy",
        "shuffle": "riffle",
    },
    "two-players-riffle-random": {
        "game": "shuffle-mania",
        "seed": 12,
        "bot": "random",
        "players": 2,
        "shuffle": "riffle",
    },
    "double-solitaire-hard-vs-medium": {
        "game": "double-solitaire",
        "seed": 4,
        "seats": {"p1": "hard", "p2": "medium"},
        "target": 15,
    },
    "double-solitaire-three-open-draw-1": {
        "game": "double-solitaire",
        "seed": 9,
        "seats": {"p1": "hard", "p2": "easy", "p3": "random"},
        "players": 3,
        "draw": 1,
        "waste": "open",
        "target": 10,
    },
    "hunsberger-best-shade-ritual": {"game": "hunsberger", "seed": 1, "bot": "best"},
    "hunsberger-greedy-colourless-engine": {
        "game": "hunsberger",
        "seed": 2,
        "bot": "greedy",
        "deck": str(REPO / "decklists" / "hunsberger-colourless-engine.yaml"),
    },
    "hunsberger-random-order-timer-mana": {
        "game": "hunsberger",
        "seed": 3,
        "bot": "random",
        "spell_damage": "mana",
        "overstack": "burn",
        "timer": "Island; Disintegrate; Dread Shade; Giant Growth",
        "order": "Island; Island; Swamp; Dark Ritual; Swamp; Unholy Strength; Island; Swamp",
    },
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_log(name: str, snapshot: SnapshotAssertion, tmp_path: Path) -> None:
    spec = dict(GOLDEN[name])
    game, seed = spec.pop("game"), spec.pop("seed")
    seats = spec.pop("seats", None)
    if seats is None:
        bot = spec.pop("bot")
        seats = {f"p{i}": bot for i in range(1, int(spec.get("players", 1)) + 1)}
    session, lines = new_session(game, seed=seed, seats=seats, **spec)
    run(session, lambda seat: None)
    assert session.over
    text = "\n".join(encode(line) for line in lines) + "\n"
    assert text == snapshot
    _assert_validates(text, tmp_path)


OLD_LOGS = [
    (rng, path.stem)
    for rng, folder in ((RNG_V1, V1_LOGS), (RNG_V2, V2_LOGS))
    for path in sorted(folder.glob("*.jsonl"))
]


@pytest.mark.parametrize(("rng", "name"), OLD_LOGS)
def test_a_log_of_an_earlier_rng_still_replays_byte_for_byte(rng: str, name: str) -> None:
    """Golden logs as RNG v1 and v2 made them: old logs replay exactly, forever."""
    import json

    path = (V1_LOGS if rng == RNG_V1 else V2_LOGS) / f"{name}.jsonl"
    data = path.read_bytes()
    lines = [json.loads(line) for line in data.splitlines()]
    assert lines[0]["rng"] == rng
    _replay, divergence, count = replay_lines(lines)
    assert divergence is None and count == len(lines)
    assert check_log(str(path))[0] == []


# -- Horde Magic: whole games with the random bot at every player's seat --------------------

HORDE_GOLDEN: dict[str, dict[str, Any]] = {
    "horde-two-players-random": {"seed": 3, "players": 2, "mulligan": "none"},
    "horde-three-players-london-revealed-bottom": {
        "seed": 8,
        "players": 3,
        "life": 20,
        "bottom": "revealed",
    },
    "horde-three-basic-bots": {"seed": 5, "players": 3, "bot": "basic"},
    "horde-four-planner-bots-goblins": {
        "seed": 2,
        "players": 4,
        "bot": "planner",
        "horde": "decklists/horde-goblins.yaml",
    },
}


@pytest.mark.parametrize("name", sorted(HORDE_GOLDEN))
def test_horde_golden_log(name: str, snapshot: SnapshotAssertion, tmp_path: Path) -> None:
    spec = dict(HORDE_GOLDEN[name])
    seed = spec.pop("seed")
    bot = spec.pop("bot", "random")
    seats = {f"p{i}": bot for i in range(1, int(spec["players"]) + 1)}
    session, lines = new_session("horde", seed=seed, seats=seats, **spec)
    run(session, lambda seat: None)
    assert session.over
    text = "\n".join(encode(line) for line in lines) + "\n"
    assert text == snapshot
    _assert_validates(text, tmp_path)


def _assert_validates(text: str, folder: Path) -> None:
    """A bot game's log validates: each bot line is what its bot chooses when asked again."""
    path = folder / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    assert check_log(str(path))[0] == []
