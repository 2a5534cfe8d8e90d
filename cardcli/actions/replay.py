"""``cardcli replay``: play a log again from its header and compare every byte."""

from __future__ import annotations

import sys
from contextlib import ExitStack
from itertools import chain

from cardcli import terminal
from cardcli.actions.logfile import header_of
from cardcli.actions.output import echo, note
from cardcli.engine.log import encode, iter_log
from cardcli.engine.replay import Divergence, Replay
from cardcli.files import open_input
from cardcli.printable import one_line


def divergence_report(name: str, d: Divergence) -> list[str]:
    """The first divergence: one line saying what differs, then both versions."""
    logged = encode(d.logged) if d.logged is not None else "(nothing: the log ends here)"
    replayed = encode(d.replayed) if d.replayed is not None else "(nothing)"
    return [
        f"{one_line(name)}:{d.number}: first divergence at seq {d.seq}: {d.reason()}",
        f"  log:    {logged}",
        f"  replay: {replayed}",
    ]


def replay(log: str, show: bool, to: int | None) -> int:
    with ExitStack() as stack:
        stream = open_input(log, "")
        if stream is not sys.stdin.buffer:
            stack.enter_context(stream)
        lines = iter_log(stream, log, allow_cut=False)
        first = header_of(lines, log)
        rerun = Replay(first.line, log)
        for text in rerun.notes:
            note(text)
        count = 0
        for entry in chain([first], lines):
            if to is not None and count > to:
                break
            divergence = rerun.feed(entry.line, entry.data)
            if divergence is not None:
                for text in divergence_report(log, divergence):
                    echo(text)
                return 1
            count += 1
            line = entry.line
            if show and line.get("type") in ("command", "rejected"):
                player = line.get("player", "")
                echo(f"[{line['seq']}] {player}> {line['text']}")
            if show and line.get("type") == "command":
                echo(terminal.board(rerun.session.state))
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
        echo(f"{one_line(log)}: {count} lines replayed identically ({status} game)")
        if rerun.session.over:
            echo(terminal.result_text(rerun.session.game, rerun.session.state.result()))
        return 0
