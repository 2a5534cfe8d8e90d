"""A person at a terminal in a turn-based game with a live screen (Horde Magic)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardcli import terminal
from cardcli.actions.ending import after_screen
from cardcli.engine.loop import run
from cardcli.engine.session import Session

if TYPE_CHECKING:
    from pathlib import Path

LAST_EVENTS = 8  # the events left on the terminal when the screen ends


def drive_screen(
    session: Session, strict: bool, out: Callable[[str], None], log_path: Path | None
) -> int:
    from cardcli.live_turns import TurnScreen

    def meta(text: str, seat: str | None, say: Callable[[str], None]) -> bool:
        if terminal.answer_game_meta(session, text, say):  # the game's own (Horde's ``stops``)
            return True
        asked = terminal.meta_command(text, seat)
        if asked is None:
            return False
        terminal.answer_meta(session, asked[0], asked[1], say)
        return True

    def narrate(events: list[dict[str, Any]], width: int) -> list[str]:
        game = session.game
        if game.narrate is not None:
            return game.narrate(session.state, events, width)
        return [f"  {said}" for said in map(game.describe, events) if said]

    screen = TurnScreen(
        session,
        lambda seat: terminal.shown_hands(session, seat),
        meta,
        terminal.history_path(session.game.name),
        narrate,
        to_stderr=not terminal.stdout_is_terminal(),
        names=lambda seat, text: terminal.completions(session, seat, text),
    )
    screen.say("type 'help' for commands, 'moves' for what you can do now, 'quit' to stop")
    end = screen.run(lambda: run(session, screen.read, show=screen.show, strict=strict))
    # The screen is gone: what it showed last stays on the terminal.
    last = list(screen.events)[-LAST_EVENTS:]
    return after_screen(session, screen.shown_seat, last, screen.interrupted, end, log_path, out)
