"""A name that fits objects a player can tell apart is asked: ``which Zombie?``.

``p1 cast Lightning Bolt -> Zombie`` with a Zombie card and a Zombie token on the battlefield
changes nothing on the board: the command is accepted, the game logs a ``which`` event with the
ids the name fits, and waits for ``choose #3`` (or ``cancel``). The answer pins that name to
that object, and the command is applied again as typed; a second name that needs an answer is
asked the same way. The log keeps both lines, so a replay asks and answers the same.
"""

from __future__ import annotations

from collections.abc import Callable

from cardcli.cards.mtg.names import normalize
from cardcli.engine.errors import CommandError, IllegalCommand
from cardcli.engine.game import Command
from cardcli.games.horde.commands import Cancel, Choose
from cardcli.games.horde.naming import PINS, NameQuestion
from cardcli.games.horde.variant import HORDE
from cardcli.magic.decisions import Decision
from cardcli.magic.table import Table

KIND = "which"


def play(table: Table, seat: str, command: Command, apply: Callable[[Command], None]) -> None:
    """Apply ``command`` for ``seat``, asking which object a name means where it must.

    A command that is refused leaves the question (or its absence) and the pins as they were.
    """
    decision = table.pending
    pins = dict(table.extra.get(PINS) or {})
    asked = decision if decision is not None and decision.kind == KIND else None
    if asked is not None:
        meant = _answer(table, seat, command, asked)
        if meant is None:  # cancel: back to what the game waited for before
            table.pending = asked.data["previous"]
            table.extra.pop(PINS, None)
            table.emit({"type": "chosen", "player": seat, "kind": KIND, "picked": ["cancel"]})
            return
        command = meant
    previous = asked.data["previous"] if asked is not None else decision
    try:
        if asked is not None:
            table.pending = previous
        apply(command)
    except NameQuestion as question:
        _ask(table, seat, command, question, previous)
        return
    except CommandError:
        table.pending = decision
        if pins:
            table.extra[PINS] = pins
        else:
            table.extra.pop(PINS, None)
        raise
    table.extra.pop(PINS, None)


def _answer(table: Table, seat: str, command: Command, asked: Decision) -> Command | None:
    """The command asked about, its answer pinned; None for ``cancel``."""
    if isinstance(command, Cancel):
        return None
    if not isinstance(command, Choose):
        raise IllegalCommand(
            f"which {asked.data['name']} first: choose {' or '.join(asked.options[:3])}, or cancel"
        )
    picks = [p.lower() for p in command.picks]
    if len(picks) != 1:
        raise IllegalCommand(f"choose one: {', '.join(asked.options)}")
    pick = picks[0] if picks[0].startswith("#") else f"#{picks[0]}"
    if pick not in asked.options:
        raise IllegalCommand(f"'{command.picks[0]}' is not one of {', '.join(asked.options)}")
    pins = table.extra.setdefault(PINS, {})
    pins.setdefault(asked.data["key"], []).append(int(pick[1:]))
    table.emit({"type": "chosen", "player": seat, "kind": KIND, "picked": [pick]})
    meant: Command = asked.data["command"]
    return meant


def _ask(
    table: Table, seat: str, command: Command, question: NameQuestion, previous: Decision | None
) -> None:
    waiting = previous.player if previous is not None and previous.player != HORDE else seat
    options = [f"#{i}" for i in question.ids]
    table.pending = Decision(
        KIND,
        waiting,
        f"which {question.name}? {question.listing}",
        options=options,
        data={
            "command": command,
            "previous": previous,
            "key": normalize(question.text),
            "name": question.name,
        },
    )
    table.emit({"type": KIND, "player": waiting, "name": question.name, "options": options})
