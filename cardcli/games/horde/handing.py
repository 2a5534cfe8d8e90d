"""``auto attacks`` and ``auto blocks``: the people hand the team's combat to its bots.

The team's declarations stay with the people at the table: a bot seat plays its
own cards, never the team's attack or blocks. ``auto attacks`` hands the team's
attacks (and the damage assignment of its attackers) to the first bot seat of
the table, ``auto blocks`` its blocks; ``auto off`` (or ``auto attacks off``)
takes them back. It is a command of the team, logged like any, so a resumed game
goes on as it was left; the engine only keeps what is handed over, and the
seating (``cardcli/engine/seating.py``) asks the bot.

>>> parse(None, ["attacks"])
Auto(player=None, what=('attacks',), on=True)
>>> parse("p1", ["off"])
Auto(player='p1', what=('attacks', 'blocks'), on=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardcli.engine.errors import InvalidCommand
from cardcli.engine.game import Command

if TYPE_CHECKING:
    from cardcli.magic.table import Table

WHAT = ("attacks", "blocks")
WORDS = {"attacks": "attacks", "attack": "attacks", "blocks": "blocks", "block": "blocks"}
KINDS = {"attacks": ("attackers", "assign"), "blocks": ("blockers",)}
"""The team decisions each word hands over: an attack's damage assignment goes with it."""
USAGE = "auto takes: auto attacks | auto blocks | auto all | auto attacks off | auto off"


@dataclass(frozen=True)
class Auto(Command):
    what: tuple[str, ...] = ()  # of WHAT, in its order
    on: bool = True  # False: taken back


def parse(player: str | None, args: list[str]) -> Auto:
    words = [a.lower() for a in args]
    on = True
    if words and words[-1] in ("on", "off"):
        on = words.pop() == "on"
    if words in ([], ["all"]):
        if on and not words:
            raise InvalidCommand(USAGE)
        return Auto(player, WHAT, on)
    named = {WORDS.get(w) for w in words}
    if None in named:
        bad = next(w for w in words if w not in WORDS)
        raise InvalidCommand(f"'{bad}' cannot be handed over; {USAGE}")
    return Auto(player, tuple(w for w in WHAT if w in named), on)


def handed(table: Table) -> list[str]:
    """What the people handed to their bots, of WHAT."""
    return list(table.extra.get("handed", ()))


def kinds(table: Table) -> frozenset[str]:
    """The kinds of team decisions handed to the bots."""
    return frozenset(kind for word in handed(table) for kind in KINDS[word])


def apply(table: Table, seat: str, command: Auto) -> None:
    now = set(handed(table))
    if command.on:
        now |= set(command.what)
    else:
        now -= set(command.what)
    table.extra["handed"] = [w for w in WHAT if w in now]
    table.emit({"type": "handed", "by": seat, "decisions": list(table.extra["handed"])})
