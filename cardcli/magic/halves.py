"""Half a player's life (107.1a): "loses half their life, rounded up (down)".

The life a player has is their team's shared total where the team shares one (810.9: as in
Two-Headed Giant, an effect that reads a player's life total reads the team's), so that
"each player loses half their life" takes half the team's total from each of its players,
all counted before any is lost. A team with no life total (the Horde) has no life to halve:
it loses none. A negative total counts as 0 (107.1b).
"""

from __future__ import annotations

from typing import Protocol

from cardcli.magic.objects import Player


class Table(Protocol):
    players: dict[str, Player]


def half_lives(table: Table, players: list[str], rounding: str) -> dict[str, int]:
    """How much life each of ``players`` loses: half their (team's) life now, rounded."""
    found = {}
    for name in players:
        life = table.players[name].team.life
        have = max(0, life) if life is not None else 0
        found[name] = (have + 1) // 2 if rounding == "up" else have // 2
    return found
