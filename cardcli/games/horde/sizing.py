"""The Horde's size, the difficulty a table sets: ``--size N`` or ``--survivors``.

The Horde web apps let a table size the Horde by how many players ("survivors") it has:
45, 60, 75 or 100 cards for 1 to 4 of them. A Horde game has 2 to 4 players, so
``--survivors`` plays 60, 75 or 100 cards. ``--size N`` plays N. Either way the Horde's
library is shuffled first (or laid out by ``--horde-order``) and its top N cards are the
Horde; the rest stay out of the game, unseen, as a cut deck's rest does.

>>> wanted({"players": 3, "survivors": True, "size": 0})
(75, 'survivors')
>>> wanted({"players": 2, "survivors": False, "size": 45})
(45, 'size')
>>> wanted({"players": 2}) is None
True
"""

from __future__ import annotations

from typing import Any

from cardcli.engine.errors import UsageError

SURVIVORS = {2: 60, 3: 75, 4: 100}  # players -> Horde cards (the apps' 1 survivor: 45)


def wanted(options: dict[str, Any]) -> tuple[int, str] | None:
    """How many cards the Horde plays and why; None: its whole deck."""
    if options.get("size"):
        return int(options["size"]), "size"
    if options.get("survivors"):
        players = options.get("players")
        count = 4 if players == "all" else int(players or 2)
        return SURVIVORS[count], "survivors"
    return None


def check(options: dict[str, Any]) -> None:
    """CLI side: refuse ``--size`` with ``--survivors``, and a size larger than the deck."""
    if options.get("size") and options.get("survivors"):
        raise UsageError("give --size N or --survivors, not both")
    if not options.get("size"):
        return
    deck = options.get("horde_order") or options.get("horde")
    cards = len(deck["sections"]["main"]) if deck else 0
    if cards and int(options["size"]) > cards:
        raise UsageError(f"--size {options['size']}: the Horde's deck has {cards} cards")


def cut(options: dict[str, Any], names: list[str]) -> tuple[list[str], dict[str, Any] | None]:
    """The Horde's library (names, top first) cut to its size, and the event that says so."""
    size = wanted(options)
    if size is None:
        return names, None
    count, why = size
    kept = names[:count]
    event = {"type": "horde_size", "size": len(kept), "of": len(names), "why": why}
    return kept, event
