"""The registered games: names, where each lives, and a one-line summary.

Kept apart from the games themselves so that ``cardcli games``, ``--help``
and shell completion know every game without importing any; a test checks
that each summary here is the game's own.
"""

from __future__ import annotations

GAMES: dict[str, tuple[str, str]] = {
    "shuffle-mania": (
        "cardcli.games.shuffle_mania",
        "solo or two-player: remove adjacent anomalies, cut, shuffle once, repeat",
    ),
    "double-solitaire": (
        "cardcli.games.double_solitaire",
        "real-time race for 2-6 players, each with a deck; shared foundations; match to 100",
    ),
    "horde": (
        "cardcli.games.horde",
        "Horde Magic: 2-4 players share 40 life against an automated Horde deck",
    ),
    "hunsberger": (
        "cardcli.games.hunsberger",
        "Hunsberger's Solitaire: Magic cards against a Timer deck; score more than 40",
    ),
}


def game_names() -> list[str]:
    return list(GAMES)


def summary(name: str) -> str:
    return GAMES[name][1]
