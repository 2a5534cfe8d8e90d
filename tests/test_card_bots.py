"""The players' bots from the position of every new construct's scenario: whatever they are
asked, they answer, and the game goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardcli.engine.replay import replay_lines
from tests.conftest import new_session

SETUPS = Path(__file__).parent.parent / "scenarios" / "horde" / "setups"
NEW_SETUPS = [
    "token-abilities",
    "cast-self",
    "landfall",
    "life-and-draws",
    "combat-triggers",
    "static-conditions",
    "lands-enter-tapped",
    "cost-reduced",
]


@pytest.mark.parametrize("bot", ["basic", "planner", "random"])
@pytest.mark.parametrize("name", NEW_SETUPS)
def test_the_bots_play_on_from_each_new_constructs_position(name: str, bot: str) -> None:
    """From each set-up of the new constructs the bots (and random legal commands) answer
    everything they are asked (a shock land's life, a Treasure's colour, trigger orders and
    targets), every command is accepted, every invariant holds, and the log replays."""
    path = SETUPS / f"{name}.yaml"
    players = len([k for k in yaml.safe_load(path.read_text(encoding="utf-8")) if k[:1] == "p"])
    seats = {f"p{i}": bot for i in range(1, players + 1)}
    session, lines = new_session("horde", seed=3, seats=seats, players=players, setup=str(path))
    for _ in range(400):
        if session.over:
            break
        seat = session.state.to_move()
        assert seat is not None
        text = session.bot_command(seat)
        assert text is not None
        outcome = session.submit(text, seat=seat, bot=bot)
        assert outcome.accepted, (text, outcome.reason)
        session.state.check_invariants()
    _, divergence, _ = replay_lines(lines)
    assert divergence is None
