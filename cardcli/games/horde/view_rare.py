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
    if kind == "horde_size":
        why = " (survivors)" if line["why"] == "survivors" else ""
        return f"the Horde plays {line['size']} of its {line['of']} cards{why}"
    if kind == "at_table" and line["what"] == "apply":
        return f"at the table, {line['card']}: {line['text']}"
    if kind == "at_table":
        count = int(line["count"])
        return f"{line['who']} draws {count} card{'s' if count != 1 else ''} at the table"
    if kind in ("undone", "redone"):  # undo and redo (cardcli/engine/undo.py)
        return undo_line(line)
    if kind == "loop":
        return f"the game ends in a draw: {line['why']} (104.4b)"
    return None


def _aim(target: object) -> str:
    return f"#{target}" if isinstance(target, int) else str(target)


DUG_TO = {"hand": "into their hand", "battlefield": "onto the battlefield"}
DUG_REST = {
    "bottom_random": "on the bottom in a random order",
    "bottom": "on the bottom",
    "top": "back on top",
    "graveyard": "into the graveyard",
}


def unless_paid_line(line: dict[str, Any]) -> str:
    """ "p1 pays {3}: #31 Grizzly Bears is not countered" (or does not, or cannot)."""
    spell = f"#{line['id']} {line['card']}"
    how = line["how"]
    if line.get("keep"):  # echo: pay to keep a permanent (702.30a)
        unlimited = " (unlimited mana)" if how == "unlimited" else ""
        if line["paid"]:
            return f"{line['who']} pays {line['cost']}{unlimited}: {spell} stays"
        verb = "does not pay" if how == "declined" else "cannot pay"
        return f"{line['who']} {verb} {line['cost']}: {spell} is sacrificed"
    if how == "paid":
        return f"{line['who']} pays {line['cost']}: {spell} is not countered"
    if how == "unlimited":
        return f"{line['who']} pays {line['cost']} (unlimited mana): {spell} is not countered"
    verb = "does not pay" if how == "declined" else "cannot pay"
    return f"{line['who']} {verb} {line['cost']}: {spell} is countered"


def dug_line(line: dict[str, Any]) -> str:
    """ "p1 looks at the top 5 cards: reveals Grizzly Bears and puts it into their hand; 4 on
    the bottom in a random order" (a card not revealed is counted, not named)."""
    taken = len(line["taken"])
    where = DUG_TO.get(str(line["to"]), "into the " + str(line["to"]))
    shown = line.get("revealed")
    if shown:
        took = f"reveals {', '.join(shown)} and puts {'it' if taken == 1 else 'them'} {where}"
    else:
        took = f"puts {taken} {where}" if taken else "takes none"
    rest = DUG_REST.get(str(line["rest"]), str(line["rest"]))
    return (
        f"{line['who']} looks at the top {len(line['looked'])}: {took}; {len(line['order'])} {rest}"
    )
