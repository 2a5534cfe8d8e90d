"""An effect that makes a player lose the game (104.3e): "If you don't, you lose the game."

The player's team loses with them (a team of players shares its fate, as in Two-Headed
Giant, 810.8a), unless its variant says it cannot lose (the Horde). The log says so with a
``team_lost`` event whose reason is ``effect``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.magic.cards import Effect
from cardcli.magic.reach import Resolution, players_of, subjects

if TYPE_CHECKING:
    from cardcli.magic.table import Table


def lose_game(table: Table, res: Resolution, effect: Effect, key: str) -> None:
    for player in players_of(table, subjects(table, res, effect, default="you")):
        team = table.players[player].team
        if table.over or table.variant.cannot_lose(table, team):
            continue
        table.emit({"type": "team_lost", "team": team.name, "reason": "effect",
                    "players": [player]})  # fmt: skip
        table.outcome = {"loser": team.name, "reason": "effect"}
        table.over = True
