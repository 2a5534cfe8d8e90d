"""``undo`` and ``redo``: take back the last move and put it back, for the games that allow it.

A game allows them when its ``Game.undo_option`` (Horde: ``paper``) is set in a
game's options (``undo_words``: what says undo or redo, and why a game has none). The session keeps the commands in effect (``History.steps``):
each accepted command, parsed, with the seat that played it. ``undo`` takes back
the last move a person made, with the bots' moves that came after it; the state
is built again from the log's header (the same options, set-up and seeded RNG)
and every command still in effect is applied again, in order. ``redo`` applies
the moves the last ``undo`` took back, as they were given. A new move clears
what ``redo`` could put back.

A setting of the table (a command any person may give whatever is to move:
Horde's ``stops``, logged at a terminal's start as ``stops default``) is not a
move: ``undo`` passes over it and it stays in effect; it does not clear ``redo``.

Both are logged as ``command`` lines like any other. ``undo`` is followed by one
``undone`` event per command taken back (the last first), ``redo`` by a
``redone`` event per command put back, each followed by that command's events
as they happen again. Each names its command by ``command_seq``: the seq of
the line where the command was first given. A log with undos replays, resumes
and validates like any: replaying submits ``undo`` and ``redo`` again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardcli.engine.game import Command, Event, Game, Options, State
from cardcli.engine.rng import rng_for


@dataclass(frozen=True, slots=True)
class Step:
    """An accepted command in effect: as parsed, its seat, its bot, and its line."""

    command: Command
    seat: str
    bot: str | None
    seq: int  # the seq of the line where it was first given
    text: str

    @property
    def setting(self) -> bool:
        """A setting of the table (Horde's ``stops``): not a move, never undone."""
        return bool(getattr(self.command, "anyone", False))

    @property
    def move(self) -> bool:
        """A person's move: what ``undo`` takes back (with the bots' moves after it)."""
        return self.bot is None and not self.setting


@dataclass(slots=True)
class History:
    """The commands in effect, and the moves ``redo`` may put back (the last undone last)."""

    steps: list[Step] = field(default_factory=list)
    undone: list[list[Step]] = field(default_factory=list)

    def add(self, step: Step) -> None:
        """An accepted command (not undo or redo). A move clears what redo could put back."""
        self.steps.append(step)
        if not step.setting:
            self.undone.clear()

    def take_back(self) -> list[Step] | None:
        """The last person's move and the bots' moves after it, removed; None if there is none.

        Settings of the table given after the move stay in effect.
        """
        last = next((i for i in range(len(self.steps) - 1, -1, -1) if self.steps[i].move), None)
        if last is None:
            return None
        later = self.steps[last:]
        taken = [step for step in later if not step.setting]
        self.steps[last:] = [step for step in later if step.setting]
        self.undone.append(taken)
        return taken


def rebuild(new_state: Callable[[], tuple[State, list[Event]]], steps: list[Step]) -> State:
    """The state the header sets up with every command in ``steps`` applied again, in order."""
    state, _ = new_state()
    for step in steps:
        state.apply(step.command, step.seat)
    return state


def fresh(
    game: Game, options: Options, setup: Options, rng_id: str, seed: int, quiet: bool
) -> Callable[[], tuple[State, list[Event]]]:
    """A maker of the state as the session set it up (the same seeded RNG)."""

    def make() -> tuple[State, list[Event]]:
        rng = rng_for(rng_id, seed)
        if quiet and game.quiet_events:
            return game.new_state(options, setup, rng, quiet=True)  # type: ignore[call-arg]
        return game.new_state(options, setup, rng)

    return make


def undone_line(step: Step, multi: bool) -> Event:
    """The ``undone`` event of a command taken back."""
    return _named("undone", step, multi)


def redone_line(step: Step, multi: bool) -> Event:
    """The ``redone`` event of a command put back (its events follow it)."""
    return _named("redone", step, multi)


def _named(kind: str, step: Step, multi: bool) -> Event:
    line: Event = {"type": kind, "command_seq": step.seq, "text": step.text}
    if multi:
        line["player"] = step.seat
    if step.bot is not None:
        line["bot"] = step.bot
    return line


def describe(line: dict[str, Any]) -> str | None:
    """The line said at the terminal for ``undone`` and ``redone`` (None: another event)."""
    kind = line.get("type")
    if kind not in ("undone", "redone"):
        return None
    who = f"{line['player']} " if line.get("player") else ""
    if line.get("bot"):
        who += f"({line['bot']}) "
    said = "undone" if kind == "undone" else "redone"
    return f"{said}: {who}{line['text']} (the command of seq {line['command_seq']})"
