"""What each CLI command does, as plain functions returning exit codes.

``cli.py`` only declares the click interface and calls these.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

from cardcli import terminal
from cardcli.engine.errors import CardcliError, LogError, UsageError
from cardcli.engine.game import Game, get_game
from cardcli.engine.log import Line, LogWriter, decode_line, encode, iter_raw_lines, read_log
from cardcli.engine.loop import RunEnd, run
from cardcli.engine.replay import Divergence, Replay, session_from_header
from cardcli.engine.session import HUMAN, Session


def _printable(text: str) -> str:
    # A crafted log can hold lone surrogates, which no terminal encoding takes.
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def echo(text: str) -> None:
    print(_printable(text), flush=True)


def note(text: str) -> None:
    print(_printable(text), file=sys.stderr, flush=True)


def fresh_seed() -> int:
    return secrets.randbits(63)


def seat_map(
    game: Game, options: dict[str, Any], bot: str | None, seats: tuple[str, ...]
) -> dict[str, str]:
    """Who plays each seat, from ``--bot NAME`` and ``--seat SEAT=WHO``."""
    names = game.seat_names(options)
    chosen = {name: bot or HUMAN for name in names}
    for item in seats:
        seat, sep, who = item.partition("=")
        seat, who = seat.strip().lower(), who.strip().lower()
        if not sep or not seat or not who:
            example = f"p2={next(iter(game.bots))}"
            raise UsageError(f"--seat takes SEAT=human or SEAT=BOT, e.g. {example}; got '{item}'")
        if seat not in chosen:
            raise UsageError(f"--seat {item}: {game.name} has seats {', '.join(names)}")
        chosen[seat] = who
    for who in chosen.values():
        if who != HUMAN and who not in game.bots:
            raise UsageError(f"no bot '{who}' for {game.name}: bots are {', '.join(game.bots)}")
    return chosen


def open_new_log(path: Path) -> IO[bytes]:
    """A new log file; an existing non-empty one is never overwritten."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > 0:
            raise UsageError(
                f"--log {path}: file exists; resume it with 'cardcli resume {path}' or pick another name"
            )
        return path.open("wb")
    except OSError as err:
        raise UsageError(f"--log {path}: {err.strerror or err}") from None


def play(
    game_name: str,
    given: dict[str, Any],
    seed: int | None,
    bot: str | None,
    seats: tuple[str, ...],
    log: str | None,
    strict: bool,
    scripts: tuple[str, ...],
) -> int:
    game = get_game(game_name)
    options, setup = game.resolve_options(game.load_given(given))
    controllers = seat_map(game, options, bot, seats)
    terminal.check_scripts(scripts)  # before a line is written: bad files are usage errors
    if seed is None:
        seed = fresh_seed()
    interactive = not scripts and terminal.stdin_is_terminal() and HUMAN in controllers.values()
    watching = terminal.stdout_is_terminal()
    with ExitStack() as stack:
        sinks: list[Callable[[Line], None]] = []
        if not watching and sys.stdout is not None:
            sinks.append(LogWriter(sys.stdout.buffer))
        # A person at a terminal always gets a log file, so the game can be resumed.
        keep = watching or interactive
        log_path = (
            Path(log) if log else (terminal.default_log_path(game.name, seed) if keep else None)
        )
        if log_path is not None:
            sinks.append(LogWriter(stack.enter_context(open_new_log(log_path))))
        out = echo if watching else note
        try:
            session = Session(game, options, setup, seed, controllers, sinks)
        except CardcliError:
            if log_path is not None and log_path.exists() and log_path.stat().st_size == 0:
                log_path.unlink()  # the game never started: leave no empty log behind
            raise
        if watching or interactive:
            out(f"{game.name}, seed {seed}; log: {log_path}")
            out(session.state.render())
        return _drive(session, scripts, interactive, watching, strict, out, log_path)


def _drive(
    session: Session,
    scripts: tuple[str, ...],
    interactive: bool,
    watching: bool,
    strict: bool,
    out: Callable[[str], None],
    log_path: Path | None,
    earlier: list[str] | None = None,
) -> int:
    """Play on with the given input; ``earlier`` lines are fed first, quietly (resume)."""
    display = terminal.Display(session, out, board=watching or interactive)
    lines: Iterator[str] = iter(())
    reader: Callable[[str | None], str | None]
    if interactive:
        out("type 'help' for commands, 'moves' for what you can do now, 'quit' to stop")
        # A real-time game reads through TimedPrompt below; its own Prompt is not needed.
        reader = (lambda seat: None) if session.game.timed else terminal.Prompt(session, out)
    else:
        lines = terminal.script_lines(scripts or ("-",))
        reader = terminal.script_reader(lines, session, out)
    show: Callable[[str, Any], None] = display if watching or interactive else _quiet
    timed_read: Callable[[float | None], str | None] | None = None
    wall = None
    if interactive and session.game.timed:
        humans = [seat for seat, who in session.controllers.items() if who == HUMAN]
        timed_read = terminal.TimedPrompt(session, out, humans[0] if len(humans) == 1 else None)
    if earlier:
        reader, timed_read, show = _after(earlier, reader, timed_read, show, session)
    if timed_read is not None:
        wall = _wall_clock(session, earlier)
    try:
        end: RunEnd = run(
            session, reader, show=show, strict=strict, timed_read=timed_read, wall=wall
        )
    except KeyboardInterrupt:
        where = f"; continue with: cardcli resume {log_path}" if log_path else ""
        note(f"\ninterrupted: every line so far is in the log{where}")
        return 130
    if end.reason == "over" and scripts and next(lines, None) is not None:
        note("cardcli: the game ended before the script did; its remaining lines were not used")
    if end.reason == "rejected" and end.rejected is not None:
        note(f"cardcli: rejected under --strict: {end.rejected.reason}")
        return 1
    if not session.over and log_path is not None and (interactive or watching):
        out(f"game not finished; continue with: cardcli resume {log_path}")
    return 0


def _wall_clock(session: Session, earlier: list[str] | None) -> Callable[[], int]:
    """Logical milliseconds that follow the wall clock on from the game's clock.

    While a resumed game is still being played up to where its log ended
    (``earlier`` not yet empty), the wall clock stands at the game's clock.
    """
    import time

    began: list[float] = []

    def now() -> int:
        clock = int(getattr(session.state, "clock", 0))
        if earlier:
            return clock
        if not began:
            began.extend((time.monotonic(), clock))
        return int(began[1] + (time.monotonic() - began[0]) * 1000)

    return now


def _after(
    earlier: list[str],
    reader: Callable[[str | None], str | None],
    timed_read: Callable[[float | None], str | None] | None,
    show: Callable[[str, Any], None],
    session: Session,
) -> tuple[
    Callable[[str | None], str | None],
    Callable[[float | None], str | None] | None,
    Callable[[str, Any], None],
]:
    """Readers that give ``earlier`` first (emptying it), and a quiet display meanwhile."""
    pending = list(earlier)

    def first_read(seat: str | None) -> str | None:
        return pending.pop(0) if pending else reader(seat)

    def first_timed(timeout: float | None) -> str | None:
        if pending:
            return pending.pop(0)
        earlier.clear()  # the wall clock starts from here
        assert timed_read is not None
        return timed_read(timeout)

    def quiet_first(text: str, outcome: Any) -> None:
        if not pending:
            show(text, outcome)

    return first_read, (first_timed if timed_read is not None else None), quiet_first


def _quiet(text: str, outcome: Any) -> None:
    return None


def resume(log: str, scripts: tuple[str, ...]) -> int:
    path = Path(log)
    terminal.check_scripts(scripts)
    try:
        handle = path.open("r+b")
    except OSError as err:
        raise UsageError(f"{log}: {err.strerror or err}") from None
    with handle:
        contents = read_log(handle, log, allow_cut=True)
        replay = Replay(contents.lines[0], log)
        for line in contents.lines[1:]:
            divergence = replay.feed(line)
            if divergence is not None:
                raise LogError(f"{log}: cannot resume: {divergence_text(divergence)}")
        if contents.cut_off:
            note(
                f"{log}: the last line was cut off mid-write; resuming after line {len(contents.lines)}, the last whole one"
            )
        handle.seek(contents.whole_bytes)
        handle.truncate()
        watching = terminal.stdout_is_terminal()
        writers = [LogWriter(handle)]
        if not watching and sys.stdout is not None:
            writers.append(LogWriter(sys.stdout.buffer))
        if replay.session.over:
            for line in replay.extra(len(contents.lines)):
                for writer in writers:
                    writer(line)
            note(f"{log}: the game is over; nothing to resume")
            return 0
        interactive = not scripts and terminal.stdin_is_terminal()
        out = echo if watching else note
        if replay.session.game.timed:
            # Bots in a real-time game keep their own schedule: play the log
            # again with its people's lines, so that they act as they would have.
            session = session_from_header(
                contents.lines[0], log, [_catch_up(contents.lines, writers, log)]
            )
            earlier = people_lines(contents.lines)
        else:
            session, earlier = replay.session, []
            session.sinks = list(writers)
            for line in replay.extra(len(contents.lines)):
                for writer in writers:
                    writer(line)
        if watching:
            echo(f"resuming {session.game.name}, seed {session.seed}, at seq {len(contents.lines)}")
            echo(replay.session.state.render())
        return _drive(session, scripts, interactive, watching, False, out, path, earlier)


def people_lines(lines: list[Line]) -> list[str]:
    """The texts people gave in a log (not bots'), as they were given."""
    texts = []
    for line in lines[1:]:
        if line.get("type") in ("command", "rejected") and "bot" not in line:
            text = str(line.get("text", ""))
            length = line.get("length")
            texts.append(text.ljust(length) if isinstance(length, int) else text)
    return texts


def _catch_up(logged: list[Line], writers: list[LogWriter], name: str) -> Callable[[Line], None]:
    """A sink that checks re-run lines against the log, then writes the new ones."""

    def sink(line: Line) -> None:
        seq = line["seq"]
        if seq < len(logged):
            # The header may name another engine version; every other line must match.
            again = {**line, "engine": logged[0].get("engine")} if seq == 0 else line
            if again != logged[seq]:
                raise LogError(f"{name}: cannot resume: playing it again differs at seq {seq}")
            return
        for writer in writers:
            writer(line)

    return sink


def divergence_text(d: Divergence) -> str:
    logged = encode(d.logged) if d.logged is not None else "(nothing: the log ends here)"
    replayed = (
        encode(d.replayed) if d.replayed is not None else "(nothing: the replay has no such line)"
    )
    return f"first divergence at seq {d.seq}\n  log:    {logged}\n  replay: {replayed}"


def open_log_bytes(name: str) -> IO[bytes]:
    if name == "-":
        return sys.stdin.buffer
    try:
        return open(name, "rb")
    except OSError as err:
        raise UsageError(f"{name}: {err.strerror or err}") from None


def iter_log_lines(stream: IO[bytes], name: str) -> Iterator[tuple[int, Line | None, str | None]]:
    """(line number, line, problem) for each line; a cut-off last line is a problem."""
    for number, raw, ended, _size in iter_raw_lines(stream, name):
        if not ended:
            if raw.strip():
                yield (
                    number,
                    None,
                    f"{name}:{number}: the last line is cut off (no newline at its end)",
                )
            return
        try:
            yield number, decode_line(raw, name, number), None
        except LogError as err:
            yield number, None, str(err)


def replay(log: str, show: bool, to: int | None) -> int:
    stream = open_log_bytes(log)
    with ExitStack() as stack:
        if stream is not sys.stdin.buffer:
            stack.enter_context(stream)
        lines = iter_log_lines(stream, log)
        first = next(lines, None)
        if first is None:
            raise LogError(f"{log}: empty log")
        number, header, problem = first
        if header is None:
            raise LogError(problem or f"{log}:1: unreadable")
        rerun = Replay(header, log)
        for text in rerun.notes:
            note(text)
        count = 1
        for number, line, problem in lines:
            if line is None:
                echo(problem or f"{log}:{number}: unreadable")
                return 1
            if to is not None and isinstance(line.get("seq"), int) and line["seq"] > to:
                break
            divergence = rerun.feed(line)
            count += 1
            if divergence is not None:
                echo(f"{log}: {divergence_text(divergence)}")
                return 1
            if show and line.get("type") in ("command", "rejected"):
                echo(f"[{line['seq']}] {line.get('player', '')}> {line['text']}")
            if show and line.get("type") == "command":
                echo(rerun.session.state.render())
        extra = rerun.extra(count)
        if extra and to is None:
            echo(
                f"{log}: the log ends at seq {count - 1} but the replay goes on: {encode(extra[0])}"
                " (the log was cut off; 'cardcli resume' completes it)"
            )
            return 1
        if to is not None and count < len(rerun.produced):
            echo(f"{log}: replayed identically up to seq {count - 1}")
            return 0
        status = "finished" if rerun.session.over else "unfinished"
        echo(f"{log}: {count} lines replayed identically ({status} game)")
        if rerun.session.over:
            echo(terminal.result_text(rerun.session.game, rerun.session.state.result()))
        return 0


def diff(a: str, b: str) -> int:
    logs = []
    for name in (a, b):
        stream = open_log_bytes(name)
        with stream if stream is not sys.stdin.buffer else ExitStack():
            logs.append(read_log(stream, name, allow_cut=True))
    first, second = logs[0].lines, logs[1].lines
    for index in range(max(len(first), len(second))):
        left = first[index] if index < len(first) else None
        right = second[index] if index < len(second) else None
        if left == right:
            continue
        echo(f"first divergence at seq {index}")
        echo(f"  {a}: {encode(left) if left is not None else '(log ends)'}")
        echo(f"  {b}: {encode(right) if right is not None else '(log ends)'}")
        if left is not None and right is not None:
            echo(f"differs in: {_fields_that_differ(left, right)}")
        led = [line for line in first[:index] if line.get("type") in ("command", "rejected")]
        if led:
            echo("commands that led there (the same in both):")
            shown = led[-10:]
            if len(led) > len(shown):
                echo(f"  ... {len(led) - len(shown)} earlier")
            for line in shown:
                mark = "" if line["type"] == "command" else "  (rejected)"
                player = f"{line['player']} " if "player" in line else ""
                echo(f"  [{line['seq']}] {player}{line.get('text')}{mark}")
        echo(f"result {a}: {_result_of(first)}")
        echo(f"result {b}: {_result_of(second)}")
        return 1
    echo(f"identical: {len(first)} lines")
    return 0


def _result_of(lines: list[Line]) -> str:
    last = lines[-1] if lines else {}
    if last.get("type") == "game_over" and isinstance(last.get("result"), dict):
        try:
            game = get_game(str(lines[0].get("game")))
            return terminal.result_text(game, last["result"])
        except (CardcliError, KeyError, TypeError, AttributeError, IndexError, StopIteration):
            return encode(last["result"])
    return "unfinished"


def _fields_that_differ(left: Line, right: Line) -> str:
    keys = [key for key in {**left, **right} if left.get(key) != right.get(key)]
    shown = []
    for key in keys[:6]:
        a, b = left.get(key), right.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            inner = [k for k in {**a, **b} if a.get(k) != b.get(k)]
            shown.append(
                f"{key} ({', '.join(f'{k}: {a.get(k)!r} vs {b.get(k)!r}' for k in inner)})"
            )
        elif isinstance(a, list | dict) or isinstance(b, list | dict):
            shown.append(key)
        else:
            shown.append(f"{key} ({a!r} vs {b!r})")
    return ", ".join(shown)


def validate(logs: tuple[str, ...]) -> int:
    from cardcli.engine.schema import LineValidator

    failed = False
    for name in logs:
        problems: list[str] = []
        count = 0
        stream = open_log_bytes(name)
        with stream if stream is not sys.stdin.buffer else ExitStack():
            validator: LineValidator | None = None
            over_at: int | None = None
            seats: set[str] = set()
            for number, line, problem in iter_log_lines(stream, name):
                count = number
                if len(problems) >= 50:
                    problems.append(f"{name}: stopped after 50 problems")
                    break
                if line is None:
                    problems.append(problem or f"{name}:{number}: unreadable")
                    continue
                if line.get("seq") != number - 1:
                    problems.append(
                        f"{name}:{number}: seq is {line.get('seq')!r}, expected {number - 1}"
                    )
                if number == 1:
                    if line.get("type") != "game_started":
                        problems.append(f"{name}:1: the first line must be game_started")
                        break
                    if not isinstance(line.get("game"), str):
                        problems.append(f"{name}:1: game_started has no 'game' name")
                        break
                    try:
                        validator = LineValidator(get_game(line["game"]).name)
                    except CardcliError as err:
                        problems.append(f"{name}:1: {err}")
                        break
                elif line.get("type") == "game_started":
                    problems.append(f"{name}:{number}: game_started may only be the first line")
                if over_at is not None:
                    problems.append(f"{name}:{number}: a line after game_over (line {over_at})")
                if line.get("type") == "game_over":
                    over_at = number
                if validator is not None:
                    problems.extend(f"{name}:{number}: {msg}" for msg in validator.errors(line))
                    problems.extend(
                        f"{name}:{number}: {msg}" for msg in _against_header(line, seats)
                    )
                if number == 1 and isinstance(line.get("seats"), dict):
                    seats = set(line["seats"])
                if len(problems) >= 50:
                    problems.append(f"{name}: stopped after 50 problems")
                    break
        if count == 0:
            problems.append(f"{name}: empty log: no game_started line")
        for problem in problems:
            echo(problem)
        if problems:
            failed = True
        else:
            status = "finished" if over_at is not None else "unfinished"
            echo(f"{name}: valid ({count} lines, {status} game)")
    return 1 if failed else 0


def _against_header(line: Line, seats: set[str]) -> list[str]:
    """What in a line contradicts the header's seats (the schema cannot know them)."""
    problems = []
    player = line.get("player")
    if isinstance(player, str) and seats and player not in seats:
        problems.append(f"player {player} is not a seat of this game ({', '.join(sorted(seats))})")
    result = line.get("result") if line.get("type") == "game_over" else None
    if isinstance(result, dict) and seats:
        scores = result.get("scores")
        if isinstance(scores, dict) and set(scores) != seats:
            problems.append(f"result scores name {sorted(scores)}, the seats are {sorted(seats)}")
        winners = result.get("winners")
        if isinstance(winners, list) and not set(map(str, winners)) <= seats:
            problems.append(f"result winners {winners} are not all seats of this game")
    return problems


def simulate(
    game_name: str,
    given: dict[str, Any],
    games: int,
    seed: int | None,
    bot: str | None,
    seats: tuple[str, ...],
    workers: int,
    as_json: bool,
    logs: str | None,
) -> int:
    import json

    from cardcli import simulate as sim

    game = get_game(game_name)
    options, setup = game.resolve_options(game.load_given(given))
    controllers = seat_map(game, options, bot or game.default_bot, seats)
    if HUMAN in controllers.values():
        raise UsageError("simulate needs a bot at every seat (--bot NAME or --seat SEAT=BOT)")
    if seed is None:
        seed = fresh_seed()
    if logs is not None:
        try:
            Path(logs).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise UsageError(f"--logs {logs}: {err.strerror or err}") from None
    job = sim.Job(game.name, options, setup, controllers, seed, logs)
    progress = _progress_bar(games) if sys.stderr.isatty() else None
    results = sim.play_many(job, games, workers=workers, progress=progress)
    if progress:
        print(file=sys.stderr)
    summary = sim.summarize(game, results)
    summary = {"seed": seed, "options": options, "seats_played_by": controllers, **summary}
    if as_json:
        echo(json.dumps(summary, sort_keys=False))
    else:
        echo(f"seed {seed}; " + ", ".join(f"{seat}={who}" for seat, who in controllers.items()))
        echo(sim.format_summary(summary))
    return 0


def _progress_bar(total: int) -> Callable[[int], None]:
    width = 30

    def show(done: int) -> None:
        filled = width * done // max(1, total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        sys.stderr.flush()

    return show


def rules_text(game_name: str) -> str:
    game = get_game(game_name)
    try:
        return Path(game.rules_file).read_text(encoding="utf-8")
    except OSError as err:
        raise CardcliError(f"cannot read the rules of {game.name}: {err}") from None


def debug_enabled() -> bool:
    return bool(os.environ.get("CARDCLI_DEBUG"))
