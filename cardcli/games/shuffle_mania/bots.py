"""Shuffle-Mania bots. A bot only answers with command text."""

from __future__ import annotations

from cardcli.engine.game import Bot, State
from cardcli.engine.rng import Rng
from cardcli.games.shuffle_mania.rules import ShuffleManiaState


def greedy(state: ShuffleManiaState, seat: str, rng: Rng) -> str:
    """Removes everything the rules allow (left to right), ends the pass, cuts at random."""
    return state.hint(seat) or "done"


def random_bot(state: State, seat: str, rng: Rng) -> str:
    """A uniformly random legal command."""
    return rng.choice(state.legal_commands(seat))


BOTS: dict[str, Bot] = {"greedy": greedy, "random": random_bot}
