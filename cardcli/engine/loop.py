"""The play loop: bots answer for their seats, people's lines come from a reader."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardcli.engine.errors import CardcliError
from cardcli.engine.session import Outcome, Session

MAX_COMMANDS = 100_000  # no game of cardcli needs more; a bot loop stops here

Reader = Callable[[str | None], str | None]
"""Given the seat to move (None if unknown), the next line of input, or None at its end."""


@dataclass
class RunEnd:
    reason: str  # "over", "input-ended", "rejected" (strict), "quit"
    rejected: Outcome | None = None


class Quit(Exception):
    """Raised by a reader when the player types ``quit``."""


def run(
    session: Session,
    read: Reader,
    show: Callable[[str, Outcome], None] = lambda text, outcome: None,
    strict: bool = False,
    max_commands: int = MAX_COMMANDS,
) -> RunEnd:
    """Play until the game ends, the input ends, or (``strict``) a line is rejected."""
    while not session.over:
        if session.commands >= max_commands:
            raise CardcliError(f"stopped after {max_commands} commands: the game did not end")
        seat = session.state.to_move()
        bot = session.bot_for(seat) if seat is not None else None
        if seat is not None and bot is not None:
            text = session.bot_command(seat)
            outcome = session.submit(text, seat=seat, bot=bot)
            show(text, outcome)
            if not outcome.accepted:
                raise CardcliError(
                    f"the {bot} bot at {seat} chose a rejected command: {outcome.reason}"
                )
            continue
        try:
            line = read(seat)
        except Quit:
            return RunEnd("quit")
        if line is None:
            return RunEnd("input-ended")
        outcome = session.submit(line)
        show(line, outcome)
        if strict and not outcome.accepted:
            return RunEnd("rejected", outcome)
    return RunEnd("over")
