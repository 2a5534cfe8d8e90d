"""Horde Magic bots for the players' seats. A bot only answers with command text.

``random`` plays a uniformly random legal command; the conformance test uses
it. The stronger bots are part 2's.
"""

from __future__ import annotations

from cardcli.engine.game import Bot, State
from cardcli.engine.rng import Rng


def random_bot(state: State, seat: str, rng: Rng) -> str:
    """A uniformly random legal command."""
    return rng.choice(state.legal_commands(seat))


BOTS: dict[str, Bot] = {"random": random_bot}
