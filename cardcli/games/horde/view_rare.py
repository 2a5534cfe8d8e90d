"""Lines for the events a Horde game seldom has: an empty draw, a regeneration, life that
cannot be gained... (``view.describe`` asks here first)."""

from __future__ import annotations

from typing import Any

from cardcli.engine.undo import describe as undo_line


def rare_line(line: dict[str, Any]) -> str | None:
    """Events that come seldom but change what a player should know (a pump shows on the
    board; untaps, declarations, the Horde's block order and a token that ceases to exist
    after its move to a graveyard are said elsewhere or need no words)."""
    kind = line.get("type")
    if kind == "empty_draw":
        return f"{line['who']} draws from an empty library (704.5b)"
    if kind == "indestructible":
        return f"#{line['id']} is indestructible: not destroyed"
    if kind == "regenerated":
        return f"#{line['id']} regenerates (tapped, removed from combat, damage gone)"
    if kind == "shield":
        return f"damage to {_aim(line['target'])} will be prevented (a shield)"
    if kind == "shuffled":
        return f"{line['who']} shuffles their library"
    if kind == "cast_abandoned":
        return f"{line['who']} takes back casting {line['card']}"
    if kind == "cancelled":
        return f"{line['player']} takes back {line['card']}"
    if kind == "trigger_removed":
        return f"#{line['id']} ({line['source']}) leaves the stack: {line['why']}"
    if kind == "uncastable":
        return f"horde cannot cast {line['card']} #{line['id']}: {line['why']}"
    if kind == "unsupported":
        return f"#{line['id']}: '{line['do']}' is not played by the engine: apply it by hand"
    if kind in ("undone", "redone"):  # undo and redo (cardcli/engine/undo.py)
        return undo_line(line)
    if kind == "loop":
        return f"the game ends in a draw: {line['why']} (104.4b)"
    return None


def _aim(target: object) -> str:
    return f"#{target}" if isinstance(target, int) else str(target)
