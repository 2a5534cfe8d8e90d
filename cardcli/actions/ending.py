"""What a live screen leaves on the terminal when it ends, and the exit code it ends with."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardcli import terminal
from cardcli.engine.loop import RunEnd
from cardcli.engine.session import Session
from cardcli.output import note
from cardcli.printable import one_line

if TYPE_CHECKING:  # pathlib costs a game's start 4 ms; only its type is needed here
    from pathlib import Path


def after_screen(
    session: Session,
    seat: str | None,
    last_lines: list[str],
    interrupted: bool,
    end: RunEnd,
    log_path: Path | None,
    out: Callable[[str], None],
) -> int:
    """The board and the last lines it showed stay on the terminal; then how it ended: 130
    when interrupted, 1 for a rejection under --strict, else 0."""
    out(terminal.board(session, seat))
    for line in last_lines:
        out(line)
    if session.over:
        out(terminal.result_text(session.game, session.state.result()))
    where = f"; continue with: cardcli resume {log_path}" if log_path is not None else ""
    if interrupted:
        note(f"interrupted: every line so far is in the log{where}")
        return 130
    if end.reason == "rejected" and end.rejected is not None:
        note(f"cardcli: rejected under --strict: {one_line(end.rejected.reason or '')}")
        return 1
    if not session.over and log_path is not None:
        out(f"game not finished{where}")
    return 0
