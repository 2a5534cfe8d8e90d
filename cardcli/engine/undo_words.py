"""What says ``undo`` or ``redo``, and whether a game has them (``undo.py`` does them).

Every line a session reads is asked whether it is an undo or a redo; this
module answers without the undo machinery, so that a game without undo never
loads it.
"""

from __future__ import annotations

from typing import Any

from cardcli.engine.game import Game, Options

WORDS = ("undo", "redo")


def word(text: str, seats: Any) -> tuple[str, str | None, list[str]] | None:
    """``undo``, ``p2 redo``, ``undo 3``: (the word, the seat named, the words after); None if
    the line is not an undo or a redo.

    >>> word("p2 Undo", ["p1", "p2"]), word("undo 3", ["p1"]), word("undo it", [])
    (('undo', 'p2', []), ('undo', None, ['3']), ('undo', None, ['it']))
    >>> word("cast Undo", ["p1"]) is None
    True
    """
    lowered = text.lower()
    if WORDS[0] not in lowered and WORDS[1] not in lowered:  # most lines: nothing to split
        return None
    words = text.split()
    seat = None
    if len(words) > 1 and words[0].lower() in seats:
        seat, words = words[0].lower(), words[1:]
    if not words or words[0].lower() not in WORDS:
        return None
    return words[0].lower(), seat, words[1:]


def refusal(game: Game, options: Options) -> str | None:
    """Why this game has no undo (None: it has)."""
    flag = game.undo_option
    if flag is not None and options.get(flag):
        return None
    if flag is None:
        return (
            f"{game.name} has no undo or redo: a command stands once accepted "
            "(play on: 'moves' lists what you can do now)"
        )
    shown = "--" + flag.replace("_", "-")
    return (
        f"undo and redo are for {game.name} games played with {shown} "
        f"(cardcli play {game.name} {shown}); here a command stands once accepted"
    )
