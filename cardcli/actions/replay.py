"""``cardcli replay``: play a log again from its header and compare every byte."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import ExitStack
from itertools import chain

from cardcli import terminal
from cardcli.actions.logfile import header_of
from cardcli.engine.errors import LogError, UsageError
from cardcli.engine.log import Line, LogLine, RawLine, decode_whole, encode, iter_whole_lines
from cardcli.engine.replay import INPUT_TYPES, Divergence, Replay, confirm_gap
from cardcli.files import open_input
from cardcli.output import echo, note
from cardcli.printable import one_line
from cardcli.words import counted


def divergence_report(name: str, d: Divergence) -> list[str]:
    """The first divergence: one line saying what differs, then both versions."""
    logged = encode(d.logged) if d.logged is not None else "(nothing: the log ends here)"
    replayed = encode(d.replayed) if d.replayed is not None else "(nothing)"
    return [
        f"{one_line(name)}:{d.number}: first divergence at seq {d.seq}: {d.reason()}",
        f"  log:    {logged}",
        f"  replay: {replayed}",
    ]


def _following(lines: Iterator[LogLine]) -> Line | None:
    """The line after a divergence, to tell a missing line from a wrong seq."""
    try:
        entry = next(lines, None)
    except LogError:
        return None
    return entry.line if entry is not None else None


class _Show:
    """``--show``: the starting board, then each command with its events and the board."""

    def __init__(self, rerun: Replay, seat: str | None) -> None:
        self.rerun = rerun
        self.seat = seat
        self.board_due = True  # the starting board, drawn before the first command
        self.player: str | None = None
        seats = rerun.session.state.seats()
        if seat is not None and seat not in seats:
            raise UsageError(f"--seat {one_line(seat)}: this game has seats {', '.join(seats)}")

    def _board(self) -> str:
        return terminal.board(self.rerun.session, self.seat or self.player)

    def line(self, line: Line) -> None:
        kind = line.get("type")
        if kind in ("command", "rejected"):
            player = line.get("player")
            self.player = player if isinstance(player, str) else None
            bot = f" ({line['bot']})" if isinstance(line.get("bot"), str) else ""
            who = f"{player}{bot}" if player else bot.strip()
            text = f"[{line.get('seq')}] {who}> {line.get('text')}"
            if kind == "rejected":
                text += f"  (rejected: {line.get('reason')})"
            echo(text)
            self.board_due = kind == "command"
        elif kind not in ("game_started", "game_over"):  # the result is said at the end
            said = self.rerun.session.game.describe(line)
            if said:
                echo("  " + said)

    def flush(self) -> None:
        """The board so far, if a command changed it: called before the next input line."""
        if self.board_due:
            echo(self._board())
            self.board_due = False


def _undecoded(
    raw_lines: Iterator[RawLine], rerun: Replay, fast: bool, log: str
) -> Iterator[LogLine | None]:
    """Each line decoded, or (``fast``) None where it was the line the engine had waiting.

    Lines the engine wrote need no decoding to be compared; for ``--show``
    and ``--to``, and any line that differs, each line is decoded.
    """
    for raw in raw_lines:
        if fast and rerun.feed_bytes(raw.data) is not None:
            yield None
        else:
            yield LogLine(raw.number, raw.data, decode_whole(raw, log))


def replay(log: str, show: bool, to: int | None, seat: str | None = None) -> int:
    if seat is not None and not show:
        raise UsageError("--seat chooses whose board --show draws: give --show too")
    with ExitStack() as stack:
        stream = open_input(log, "")
        if stream is not sys.stdin.buffer:
            stack.enter_context(stream)
        raw_lines = iter_whole_lines(stream, log, allow_cut=False)
        lines = (LogLine(raw.number, raw.data, decode_whole(raw, log)) for raw in raw_lines)
        first = header_of(lines, log)
        rerun = Replay(first.line, log)
        for text in rerun.notes:
            note(text)
        said = len(rerun.notes)
        shown = _Show(rerun, seat) if show else None
        count = 0
        fast = shown is None and to is None
        for entry in chain([first], _undecoded(raw_lines, rerun, fast, log)):
            if entry is None:  # the engine's bytes: matched without decoding
                count += 1
                continue
            if to is not None and count > to:
                break
            if shown is not None and entry.line.get("type") in INPUT_TYPES:
                shown.flush()  # before the engine plays this line
            divergence = rerun.feed(entry.line, entry.data)
            if divergence is not None:
                confirm_gap(divergence, _following(lines))
                for text in divergence_report(log, divergence):
                    echo(text)
                return 1
            count += 1
            if shown is not None:
                shown.line(entry.line)
        if shown is not None:
            shown.flush()
        for text in rerun.notes[said:]:  # what came up along the way (reworded rejections)
            note(text)
        if to is not None:
            echo(f"{one_line(log)}: replayed identically up to seq {count - 1}")
            return 0
        end = rerun.end()
        if end is not None:
            echo(
                f"{one_line(log)}: the log ends at seq {count - 1} but the engine writes more: "
                f"{encode(rerun.extra()[0])} (the log was cut off; 'cardcli resume' completes it)"
            )
            return 1
        status = "finished" if rerun.session.over else "unfinished"
        echo(f"{one_line(log)}: {counted(count, 'line')} replayed identically ({status} game)")
        if rerun.session.over:
            echo(terminal.result_text(rerun.session.game, rerun.session.state.result()))
        return 0
