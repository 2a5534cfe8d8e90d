"""Pending decisions: explicit values in the state, never a call out to a player.

When the rules need a choice (a target, X, attackers, blockers, how to divide
combat damage, which cards to discard or sacrifice, "you may", the order of
triggers, a mulligan), the table stores a ``Decision``: who decides, what kind,
which options, how many. ``to_move`` and the legal commands read it; the next
command answers it and the game goes on from where it stopped. An automated
player (the Horde) answers through its variant's policy at once, and the answer
is logged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Decision:
    """A choice the game waits for.

    ``options`` are the answers as the ``choose`` command spells them (``#17``,
    ``p2``, ``yes``, ``3``). A decision that takes several picks
    (``low``..``high``) takes them one ``choose`` at a time (or several in one
    command); ``picked`` holds those made so far, and ``done`` ends it early once
    ``low`` are picked.
    """

    kind: str
    player: str  # the seat that decides (for a team decision: its first player)
    prompt: str
    options: list[str] = field(default_factory=list)
    low: int = 1
    high: int = 1
    team: str | None = None  # set when any player of that team may answer
    ordered: bool = False  # the order of the picks is the answer (trigger order)
    picked: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def remaining(self) -> list[str]:
        return [o for o in self.options if o not in self.picked]

    @property
    def can_finish(self) -> bool:
        return len(self.picked) >= self.low

    @property
    def complete(self) -> bool:
        return len(self.picked) >= self.high or not self.remaining
