"""Horde Magic's stops and ``pass until``: the commands, their effect, and what ``stops`` shows.

``stops`` alone shows the stops (a meta-command, never logged); ``stops NAME MODE
...``, ``stops default`` and ``stops off`` change them (logged, with a ``stops``
event: a log replays without the terminal that set them). ``pass until combat``
and ``pass until my turn`` pass priority for the team as the rules core says
(``cardcli/magic/stops.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from cardcli.engine.errors import IllegalCommand, InvalidCommand
from cardcli.engine.game import Command
from cardcli.games.horde.variant import HORDE
from cardcli.magic import flow
from cardcli.magic import stops as core
from cardcli.magic.play import may_answer, waiting_for
from cardcli.magic.table import Table

HORDE_SKIPS = ("draw", "main2")  # the Horde draws no card and has no second main phase
DEFAULTS = core.defaults(HORDE, HORDE_SKIPS)
PRESETS = ("default", "off")
USAGE = (
    "stops takes: stops (shows them) | stops default | stops off | stops NAME MODE ..."
    " (MODE: " + ", ".join(core.MODES) + ")"
)


@dataclass(frozen=True)
class SetStops(Command):
    """``stops default``, ``stops off``, ``stops horde-spells instant main2 able``."""

    preset: str | None = None
    changes: tuple[tuple[str, str], ...] = ()
    anyone: ClassVar[bool] = True  # any person at the table may say it, whoever is to move


@dataclass(frozen=True)
class PassUntil(Command):
    """``pass until combat`` / ``pass until my turn``."""

    until: str = "combat"


def is_stops(text: str) -> bool:
    words = text.split()
    if words and words[0].lower() in ("p1", "p2", "p3", "p4"):
        words = words[1:]
    return bool(words) and words[0].lower() == "stops"


def parse(text: str) -> SetStops:
    words = text.split()
    player = None
    if words and words[0].lower() in ("p1", "p2", "p3", "p4"):
        player, words = words[0].lower(), words[1:]
    args = [w.lower() for w in words[1:]]
    if len(args) == 1 and args[0] in PRESETS:
        return SetStops(player, args[0])
    if not args or len(args) % 2:
        raise InvalidCommand(USAGE)
    changes = []
    for name, mode in zip(args[::2], args[1::2], strict=True):
        if name not in DEFAULTS:
            raise InvalidCommand(f"no stop '{name}': 'stops' lists them")
        if mode not in core.MODES:
            raise InvalidCommand(f"'{mode}' is not a mode of a stop: {', '.join(core.MODES)}")
        changes.append((name, mode))
    return SetStops(player, None, tuple(changes))


def parse_until(player: str | None, args: list[str]) -> PassUntil:
    """The words after ``pass until``."""
    what = " ".join(a.lower() for a in args)
    if what not in core.UNTIL:
        raise InvalidCommand("pass until takes: pass until combat | pass until my turn")
    return PassUntil(player, what)


def set_stops(table: Table, command: SetStops) -> None:
    event: dict[str, Any] = {"type": "stops"}
    if command.preset == "off":
        table.extra["stops"] = None
        event.update(preset="off", stops=None)
    elif command.preset == "default":
        table.extra["stops"] = dict(DEFAULTS)
        event.update(preset="default", stops=dict(DEFAULTS))
    else:
        stops = dict(table.extra.get("stops") or {name: "able" for name in DEFAULTS})
        stops.update(command.changes)
        table.extra["stops"] = stops
        event.update(changed=dict(command.changes), stops=dict(stops))
    table.emit(event)


def pass_until(table: Table, seat: str, what: str) -> None:
    decision = table.pending
    if decision is None or not may_answer(decision, table, seat):
        raise IllegalCommand(f"{seat} cannot pass now: {waiting_for(table)}")
    if decision.kind != "priority":
        raise IllegalCommand(f"'pass until {what}' passes priority; now: {decision.prompt}")
    core.pass_until(table, table.players[seat].team, what)
    table.pending = None
    flow.do_pass(table)
    flow.run(table)


def until_moves(table: Table) -> list[str]:
    """The ``pass until`` forms for the legal-command list: listed at a table with stops
    (a game at a terminal); without them (a script, a simulation) the list is as it was,
    so a random bot's games keep their bytes. They are accepted either way."""
    if table.extra.get("stops") is None:
        return []
    return [f"pass until {what}" for what in core.UNTIL]


def terminal_start(state: Any) -> list[str]:
    """The commands a game at a terminal begins with: the default stops, unless its log
    set stops already (a resumed game keeps its own)."""
    table: Table = state.table
    return [] if "stops" in table.extra else ["stops default"]


MODE_WORDS = {
    "always": "ask us",
    "able": "ask us if we could act",
    "instant": "ask us if we could cast a spell",
    "never": "pass by ourselves",
}


def show(state: Any, width: int = 80) -> str:
    """What ``stops`` prints: each stop and its mode, in lines of at most ``width``."""
    table: Table = state.table
    stops = table.extra.get("stops")
    if stops is None:
        head = [
            "No stops set: the team is asked only where it could act (as in a script).",
            "'stops default' sets the terminal's stops.",
        ]
        return "\n".join(_wrap(head, width))
    own = [f"{w} {stops.get(w, 'able')}" for w in core.WORDS]
    horde = [
        f"{name} {stops.get(name, 'able')}"
        for name in DEFAULTS
        if name.startswith(f"{HORDE}-") and not name.endswith(core.SPELLS)
    ]
    spells = f"{HORDE}-{core.SPELLS} {stops.get(f'{HORDE}-{core.SPELLS}', 'able')}"
    lines = ["Stops: where the team is asked though it could pass by itself."]
    lines += _items("our turn:", own, width)
    lines += _items("Horde turn:", horde, width)
    lines += _items("Horde spells and abilities on the stack:", [spells], width)
    lines += _wrap(
        [
            "Modes: "
            + "; ".join(f"{m}: {w}" for m, w in MODE_WORDS.items())
            + ". Change one: stops horde-spells instant. Also: stops default, stops off,"
            " pass turn, pass until combat, pass until my turn."
        ],
        width,
    )
    return "\n".join(lines)


def _items(head: str, items: list[str], width: int) -> list[str]:
    """``  our turn: upkeep able, draw able, ...`` wrapped, never inside an item."""
    lines: list[str] = []
    line = "  " + head
    for number, item in enumerate(items, start=1):
        piece = item + ("," if number < len(items) else "")
        if len(line) + 1 + len(piece) > width - 1 and line.strip() != head:
            lines.append(line)
            line = "    " + piece
        else:
            line = f"{line} {piece}"
    lines.append(line)
    return lines


def _wrap(paragraphs: list[str], width: int) -> list[str]:
    import textwrap

    lines: list[str] = []
    for text in paragraphs:
        lines += textwrap.wrap(text, width - 1, break_long_words=False, break_on_hyphens=False)
    return lines


def describe(event: dict[str, Any]) -> str:
    """The ``stops`` event's line at the terminal."""
    preset = event.get("preset")
    if preset == "default":
        return "stops: the terminal's, as in MTGO and Arena ('stops' shows them)"
    if preset == "off":
        return "stops: off (asked only where we could act, as in a script)"
    changed = event.get("changed") or {}
    return "stops: " + ", ".join(f"{name} {mode}" for name, mode in changed.items())
