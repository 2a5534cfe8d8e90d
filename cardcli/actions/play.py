"""``cardcli play``: set up a game, write its log, and drive it with the input given."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any

from cardcli import terminal
from cardcli.actions.ending import after_screen
from cardcli.engine.errors import CardcliError, UsageError
from cardcli.engine.game import Game, get_game
from cardcli.engine.guarded import GuardedLogWriter
from cardcli.engine.log import Line, LogWriter
from cardcli.engine.loop import CatchUp, RunEnd, run
from cardcli.engine.session import HUMAN, SHOWN_CHARS, Outcome, Session
from cardcli.files import open_new_log
from cardcli.output import echo, note, notes_held
from cardcli.printable import one_line, shortened
from cardcli.prompt import Prompt
from cardcli.streams import silence_stdout
from cardcli.words import counted

if (
    TYPE_CHECKING
):  # pathlib costs a few ms of start-up: imported where a path is made, not at import.
    from pathlib import Path


def fresh_seed() -> int:
    """A seed nobody chose, from the system's randomness (logged, so replays need none)."""
    return int.from_bytes(os.urandom(8), "little") >> 1


def seat_map(
    game: Game, options: dict[str, Any], bot: str | None, seats: tuple[str, ...]
) -> dict[str, str]:
    """Who plays each seat, from ``--bot NAME`` and ``--seat SEAT=WHO``."""
    names = game.seat_names(options)
    if bot is not None and not bot.strip():
        raise UsageError(f"--bot needs a bot name: {', '.join(game.bots)}")
    chosen = {name: (bot.strip().lower() if bot else HUMAN) for name in names}
    given: set[str] = set()
    for item in seats:
        seat, sep, who = item.partition("=")
        seat, who = seat.strip().lower(), who.strip().lower()
        if not sep or not seat or not who:
            example = f"p2={next(iter(game.bots))}"
            raise UsageError(
                f"--seat takes SEAT=human or SEAT=BOT, e.g. {example}; got '{one_line(item)}'"
            )
        if seat not in chosen:
            raise UsageError(f"--seat {one_line(item)}: {game.name} has seats {', '.join(names)}")
        if seat in given:
            raise UsageError(f"--seat {one_line(item)}: {seat} is given twice")
        given.add(seat)
        chosen[seat] = who
    for who in chosen.values():
        if who != HUMAN and who not in game.bots:
            raise UsageError(
                f"no bot '{one_line(who)}' for {game.name}: bots are {', '.join(game.bots)}"
            )
    return chosen


def play(
    game_name: str,
    given: dict[str, Any],
    seed: int | None,
    bot: str | None,
    seats: tuple[str, ...],
    log: str | None,
    strict: bool,
    scripts: tuple[str, ...],
    plain: bool = False,
) -> int:
    game = get_game(game_name)
    with ExitStack() as stack:
        with notes_held():  # a deck's warning only if the command goes on
            options, setup = game.resolve_options(game.load_given(given))
            controllers = seat_map(game, options, bot, seats)
            terminal.check_scripts(scripts)  # before a line is written: bad files are usage errors
            if seed is None:
                seed = fresh_seed()
            interactive = (
                not scripts and terminal.stdin_is_terminal() and HUMAN in controllers.values()
            )
            watching = terminal.stdout_is_terminal()
            sinks: list[Callable[[Line], None]] = []
            copy: StdoutLog | None = None
            if not watching and sys.stdout is not None:
                copy = StdoutLog(alone=log is None)
                sinks.append(copy)
            # A person at a terminal always gets a log file, so the game can be resumed.
            keep = watching or interactive
            log_path: Path | None = None
            if log is not None or keep:
                name = log if log is not None else str(terminal.default_log_path(game.name, seed))
                handle, log_path = open_new_log(name)
                stack.enter_context(handle)
                sinks.append(GuardedLogWriter(handle, name, 0))  # a new, empty file
        out = echo if watching else note
        try:
            session = Session(game, options, setup, seed, controllers, sinks)
        except CardcliError:
            if log_path is not None and log_path.exists() and log_path.stat().st_size == 0:
                log_path.unlink()  # the game never started: leave no empty log behind
            raise
        screen = interactive and not plain and game.areas is not None
        if watching or interactive:
            out(f"{game.name}, seed {seed}; log: {log_path}")
            if not (interactive and game.timed) and not screen:  # a live screen shows it
                out(terminal.board(session, terminal.shown_hands(session, None)))
        code = drive(session, scripts, interactive, watching, strict, out, log_path, plain=plain)
        if copy is not None and copy.lost is not None:
            note(
                f"standard output stopped after {counted(copy.lines, 'line')} ({copy.lost}); "
                f"the whole log is in {log_path}"
            )
        return code


class StdoutLog:
    """The log on stdout. Beside a log file it is a copy: a reader that stops reading
    (``| head``) stops the copy, not the game, and the file is completed. Alone it is the
    log: once stdout fails, the game stops and says where the log was cut."""

    def __init__(self, alone: bool) -> None:
        self.writer = LogWriter(sys.stdout.buffer)
        self.alone = alone
        self.lines = 0
        self.lost: str | None = None

    def __call__(self, line: Line) -> None:
        if self.lost is not None:
            return
        try:
            self.writer(line)
        except OSError as err:
            self.lost = err.strerror or str(err)
            silence_stdout()
            if self.alone and self.lines == 0:
                raise CardcliError(
                    f"cannot write the log to standard output ({self.lost}): nothing was "
                    "played; give the game an open stdout or --log FILE"
                ) from None
            if self.alone:
                raise CardcliError(
                    f"the log on standard output stopped after {counted(self.lines, 'line')} ({self.lost}): "
                    "the game stopped there; continue what was kept with 'cardcli resume FILE'"
                ) from None
            return
        self.lines += 1


def drive(
    session: Session,
    scripts: tuple[str, ...],
    interactive: bool,
    watching: bool,
    strict: bool,
    out: Callable[[str], None],
    log_path: Path | None,
    catch_up: CatchUp | None = None,
    plain: bool = False,
) -> int:
    """Play on with the given input; a resumed real-time game first ``catch_up``."""
    if interactive:  # a person's game begins with the game's own commands (Horde's stops)
        terminal.start_at_terminal(session, out)
    if interactive and session.game.timed:
        return _drive_live(session, strict, out, log_path, catch_up)
    if interactive and not plain and session.game.areas is not None:
        from cardcli.actions.play_screen import drive_screen

        return drive_screen(session, strict, out, log_path)
    display = terminal.Display(session, out, board=watching or interactive)
    lines: Iterator[terminal.ScriptLine] = iter(())
    reader: Callable[[str | None], str | None]
    script: terminal.ScriptReader | None = None
    if interactive:
        out("type 'help' for commands, 'moves' for what you can do now, 'quit' to stop")
        reader = Prompt(session, out)
    else:
        lines = terminal.script_entries(scripts or ("-",))
        reader = script = terminal.ScriptReader(lines, session, out)

    def where() -> str:
        """``moves.txt:3: ``: where the line being played came from, in a script."""
        return f"{script.last.where}: " if script is not None and script.last else ""

    display.where = where
    display.typed = interactive

    def show(text: str, outcome: Outcome) -> None:
        if watching or interactive:
            display(text, outcome)
        elif not outcome.accepted and not strict and "bot" not in outcome.lines[0]:
            # stdout carries the log: a rejected line of a script is said on stderr too.
            quoted = one_line(shortened(text, SHOWN_CHARS))
            note(f"{where()}rejected '{quoted}': {one_line(outcome.reason or '')}")

    try:
        end: RunEnd = run(session, reader, show=show, strict=strict, catch_up=catch_up)
    except KeyboardInterrupt:
        place = f"; continue with: cardcli resume {log_path}" if log_path else ""
        note(f"\ninterrupted: every line so far is in the log{place}")
        return 130
    if end.reason == "over" and scripts and next(lines, None) is not None:
        note("cardcli: the game ended before the script did; its remaining lines were not used")
    if end.reason == "rejected" and end.rejected is not None:
        text = one_line(str(end.rejected.lines[0].get("text", ""))) if end.rejected.lines else ""
        note(
            f"cardcli: error: {where()}'{text}': {one_line(end.rejected.reason or '')} "
            "(--strict stops at the first rejected command)"
        )
        return 1
    if end.reason == "input-ended" and not session.over and not interactive:
        said = "the script" if scripts and scripts != ("-",) else "the input"
        log = str(log_path) if log_path is not None else "LOG"
        note(
            f"cardcli: {said} ended before the game did: the log is of an unfinished game "
            f"(continue it with 'cardcli resume {one_line(log)}')"
        )
    elif not session.over and log_path is not None and (interactive or watching):
        out(f"game not finished; continue with: cardcli resume {log_path}")
    return 0


def _drive_live(
    session: Session,
    strict: bool,
    out: Callable[[str], None],
    log_path: Path | None,
    catch_up: CatchUp | None,
) -> int:
    """A person at a terminal in a real-time game: the live screen."""
    from cardcli.live import LiveScreen

    humans = [seat for seat, who in session.controllers.items() if who == HUMAN]
    seat = humans[0] if len(humans) == 1 else None
    wall = _wall_clock(session)
    live = [catch_up is None]
    step = session.options.get("clock") == "step"

    def clock() -> int:
        # Step mode has no wall clock: the game's clock moves a beat a line.
        if live[0] and not step:
            return wall()
        return int(getattr(session.state, "clock", 0))

    def meta(text: str, say: Callable[[str], None]) -> bool:
        asked = terminal.meta_command(text, seat)
        if asked is None:
            return False
        terminal.answer_meta(session, asked[0], asked[1], say)
        return True

    def going_live() -> None:
        wall()  # the wall clock starts at the last logged time
        live[0] = True

    screen = LiveScreen(
        session,
        seat,
        meta,
        terminal.history_path(session.game.name),
        clock,
        to_stderr=not terminal.stdout_is_terminal(),
    )
    if catch_up is None:
        wall()
    screen.out("type 'help' for commands, 'moves' for what you can do now, 'quit' to stop")
    end = screen.run(
        lambda: run(
            session,
            lambda _seat: None,
            show=screen.show,
            strict=strict,
            timed_read=screen.read,
            wall=wall,
            catch_up=catch_up,
            on_live=going_live,
        )
    )
    # The screen is gone: what it showed last stays on the terminal.
    last = list(screen.messages)[-5:]
    return after_screen(session, seat, last, screen.interrupted, end, log_path, out)


def _wall_clock(session: Session) -> Callable[[], int]:
    """Logical milliseconds that follow the wall clock on from the game's clock.

    The clock starts when it is first read: in a resumed game, once the logged
    part has been played again, from the last logged time.
    """
    began: list[float] = []

    def now() -> int:
        if not began:
            began.extend((time.monotonic(), int(getattr(session.state, "clock", 0))))
        return int(began[1] + (time.monotonic() - began[0]) * 1000)

    return now


def rules_text(game_name: str) -> str:
    game = get_game(game_name)
    try:
        with open(game.rules_file, encoding="utf-8") as rules:
            return rules.read()
    except OSError as err:
        raise CardcliError(f"cannot read the rules of {game.name}: {err}") from None
