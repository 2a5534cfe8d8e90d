"""Horde Magic bots for the players' seats. A bot only answers with command text.

* ``random``: a uniformly random legal command (the conformance test uses it);
* ``basic``: simple sensible rules (``basic.py``);
* ``planner``: ``basic`` with combat worked out exactly, its attacks and blocks
  chosen by their outcome, the Horde's answer included (``planner.py``).
"""

from __future__ import annotations

from cardcli.engine.game import Bot, State
from cardcli.engine.rng import Rng
from cardcli.games.horde.basic import basic_bot
from cardcli.games.horde.planner import planner_bot


def random_bot(state: State, seat: str, rng: Rng) -> str:
    """A uniformly random legal command."""
    return rng.choice(state.legal_commands(seat))


BOTS: dict[str, Bot] = {"random": random_bot, "basic": basic_bot, "planner": planner_bot}
