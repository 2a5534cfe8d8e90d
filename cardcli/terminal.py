"""Terminal input and output for the CLI: script readers, the prompt, the display."""

from __future__ import annotations

import codecs
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from cardcli.engine.errors import UsageError
from cardcli.engine.game import Game
from cardcli.engine.loop import Quit
from cardcli.engine.session import MAX_COMMAND_CHARS, SHOWN_CHARS, Outcome, Session, clean_line
from cardcli.printable import one_line, shortened

if (
    TYPE_CHECKING
):  # pathlib costs a few ms of start-up: imported where a path is made, not at import.
    from pathlib import Path

MAX_READ_LINE = MAX_COMMAND_CHARS  # characters of a script line kept; the rest is skipped
MAX_PASSED_LINE = (
    1_000_000  # an over-long line passes on its length up to this (replay's MAX_LENGTH)
)
BINARY_PROBE = 8192
META_COMMANDS = ("help", "moves", "hint", "show", "quit")


def state_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "state"
    )
    from pathlib import Path

    return Path(base) / "cardcli"


def width() -> int:
    """The terminal's width in columns (80 when it cannot be told)."""

    import shutil

    return max(20, shutil.get_terminal_size((80, 24)).columns)


def board(session: Session, seat: str | None = None) -> str:
    """The board as the game draws it for this terminal's width."""
    return session.game.render(session.state, seat, width())


def summarise_moves(moves: list[str]) -> list[str]:
    """Long families of commands that differ only in a last number, as ranges.

    >>> summarise_moves(["cut"] + [f"cut {n}" for n in range(1, 44)] + ["done"])
    ['cut', 'cut [1-43]', 'done']
    >>> summarise_moves(["remove 1 2", "remove 5 6", "w1 f"])
    ['remove 1 2', 'remove 5 6', 'w1 f']
    """
    families: dict[str, list[int]] = {}
    order: list[str | tuple[str]] = []
    for move in moves:
        head, _, last = move.rpartition(" ")
        if head and last.isascii() and last.isdigit() and len(last) < 7:
            if head not in families:
                families[head] = []
                order.append((head,))
            families[head].append(int(last))
        else:
            order.append(move)
    shown: list[str] = []
    for item in order:
        if isinstance(item, str):
            shown.append(item)
            continue
        head = item[0]
        numbers = families[head]
        if len(numbers) < 4:
            shown.extend(f"{head} {n}" for n in numbers)
        else:
            shown.append(f"{head} [{_ranges(sorted(numbers))}]")
    return shown


def wrap_commands(moves: list[str], width: int) -> list[str]:
    """Commands joined by `` | `` in lines of at most ``width``, never split.

    >>> wrap_commands(["save Swamp 1", "save Swamp 2", "end"], 28)
    ['save Swamp 1 | save Swamp 2', 'end']
    """
    lines: list[str] = []
    line = ""
    for move in moves:
        joined = f"{line} | {move}" if line else move
        if line and len(joined) > width:
            lines.append(line)
            line = move
        else:
            line = joined
    if line:
        lines.append(line)
    return lines


def _ranges(numbers: list[int]) -> str:
    parts: list[str] = []
    start = previous = numbers[0]
    for number in [*numbers[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        parts.append(str(start) if start == previous else f"{start}-{previous}")
        if number is not None:
            start = previous = number
    return ",".join(parts)


def history_path(game: str) -> Path:
    """Where a game's command history is kept between games (one file a game)."""
    return state_dir() / f"history-{game}"


def default_log_path(game: str, seed: int) -> Path:
    from pathlib import Path

    folder = Path(os.environ.get("CARDCLI_LOG_DIR") or state_dir() / "logs")
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game}-{stamp}-{seed}.jsonl"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"{game}-{stamp}-{seed}-{number}.jsonl"
    return path


def _lines_of(stream: IO[bytes], name: str) -> Iterator[tuple[str, int]]:
    """Each line (its first MAX_READ_LINE characters) and how long it really is
    (without the spaces at its end)."""
    head = stream.peek(BINARY_PROBE)[:BINARY_PROBE] if hasattr(stream, "peek") else b""
    if b"\0" in head:
        raise UsageError(
            f"{name}: looks like a binary file (NUL byte); a script has one command a line"
        )
    while True:
        raw = stream.readline(MAX_READ_LINE * 4)
        if not raw:
            return
        if not raw.endswith(b"\n") and len(raw) >= MAX_READ_LINE * 4:
            # Skip the rest of an over-long line, counting it: the session rejects
            # the line by its length, and says (and logs) the length it really has.
            decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
            head = decoder.decode(raw)
            whole = len(head)
            while True:
                rest = stream.readline(1 << 16)
                ended = not rest or rest.endswith(b"\n")
                piece = decoder.decode(rest, final=ended)
                whole += len(piece.rstrip()) if ended else len(piece)
                if ended:
                    break
        else:
            head = raw.decode("utf-8", errors="replace")
            whole = len(head.rstrip())
        text = head[:MAX_READ_LINE].rstrip("\r\n").lstrip("\ufeff")  # a BOM some editors put
        yield text, whole


def check_scripts(paths: tuple[str, ...]) -> None:
    """Refuse missing, special and binary script files before the game starts."""
    for path in paths:
        if path == "-":
            continue
        from cardcli.files import open_input

        try:
            with open_input(path, "script") as handle:
                head = handle.read(BINARY_PROBE)
        except OSError as err:
            raise UsageError(f"script {one_line(path)}: {err.strerror or err}") from None
        if b"\0" in head:
            raise UsageError(
                f"{one_line(path)}: looks like a binary file (NUL byte); a script has one command a line"
            )


STDIN_NAME = "<stdin>"


@dataclass(frozen=True)
class ScriptLine:
    """A command line of a script, and where it was: ``moves.txt`` line 3."""

    name: str
    number: int
    text: str

    @property
    def where(self) -> str:
        return f"{one_line(self.name)}:{self.number}"


def script_entries(paths: tuple[str, ...]) -> Iterator[ScriptLine]:
    """The command lines of the scripts in order (``-`` is stdin), with their places."""
    for path in paths:
        if path == "-":
            yield from _commands(_lines_of(sys.stdin.buffer, STDIN_NAME), STDIN_NAME)
            continue
        try:
            handle = open(path, "rb")  # noqa: SIM115 - closed below, after the generator ends
        except OSError as err:
            raise UsageError(f"script {path}: {err.strerror or err}") from None
        with handle:
            yield from _commands(_lines_of(handle, path), path)


def script_lines(paths: tuple[str, ...]) -> Iterator[str]:
    """The command lines of the scripts in order (``-`` is stdin), comments dropped."""
    for entry in script_entries(paths):
        yield entry.text


def _commands(lines: Iterator[tuple[str, int]], name: str) -> Iterator[ScriptLine]:
    for number, (line, whole) in enumerate(lines, start=1):
        text = clean_line(line)
        if text is not None:
            if whole > len(line) and len(text) == len(line.strip()):
                # Cut short as read, no comment in what was kept: the rest stands
                # in as spaces, so the session says (and logs) its real length
                # (up to a million characters: replay's limit on a logged length).
                command = whole - (len(line) - len(line.lstrip()))  # less the leading spaces
                text = text.ljust(min(command, MAX_PASSED_LINE))
            yield ScriptLine(name, number, text)


def stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


def stdout_is_terminal() -> bool:
    return sys.stdout is not None and sys.stdout.isatty()


class Display:
    """What a person watching at a terminal sees: commands, events, the board."""

    def __init__(self, session: Session, out: Callable[[str], None], board: bool = True) -> None:
        self.session = session
        self.out = out
        self.board = board
        self.where: Callable[[], str] = lambda: ""  # "moves.txt:3: " for a script's line
        self.typed = False  # people's lines are typed at a prompt (not echoed again)

    def __call__(self, text: str, outcome: Outcome) -> None:
        game = self.session.game
        if not outcome.accepted:
            from cardcli.fit import wrap_line  # textwrap: only once a line is refused

            said = f"{self.where()}rejected '{shortened(text, SHOWN_CHARS)}': {outcome.reason}"
            self.out("\n".join(wrap_line(said, width(), "", "  ")))  # fits the terminal
            return
        first = outcome.lines[0]
        who = first.get("player") or ""
        bot = f" ({first['bot']})" if "bot" in first else ""
        if bot or not self.typed:  # what a person just typed at the prompt is on screen
            self.out(f"{who}{bot}> {text}".strip())
        events = [line for line in outcome.lines[1:] if line["type"] != "game_over"]
        for said in narrate(game, self.session.state, events):
            self.out(said)
        # In a real-time game the board follows a person's own moves only.
        if self.board and not (game.timed and "bot" in first):
            self.out(board(self.session, shown_hands(self.session, first.get("player"))))
        if self.session.over:
            self.out(result_text(game, outcome.lines[-1]["result"]))


def shown_hands(session: Session, seat: str | None) -> str | None:
    """Whose hands the board shows after a command of ``seat``. A team at one screen (the
    team decides as one) keeps the first person's hand in view, with the hand of the
    person who just played: ``p1,p2``."""
    if not session.game.team_decisions:
        return seat
    people = [s for s in session.controllers if session.bot_for(s) is None]
    shown = people[:1] + ([seat] if seat in people and seat not in people[:1] else [])
    return ",".join(shown) or seat


def narrate(game: Game, state: Any, events: list[dict[str, Any]]) -> list[str]:
    """A command's events as the lines a person reads (the game's own narration if it has one)."""
    if game.narrate is not None:
        return game.narrate(state, events, width())
    return [f"  {said}" for said in map(game.describe, events) if said]


def result_text(game: Game | None, result: dict[str, Any]) -> str:
    """The game's own words for a result, or a plain line of winners and scores."""
    if game is not None:
        said = game.describe({"type": "game_over", "result": result})
        if said:
            return said
    scores = ", ".join(f"{seat} {score}" for seat, score in result["scores"].items())
    if result.get("tie"):
        return f"game over: a tie ({scores})"
    winners = ", ".join(result["winners"]) or "nobody"
    return f"game over: winner {winners} ({scores})"


def completions(session: Session, seat: str | None, before: str) -> list[str]:
    """The whole lines the text before the cursor may become (Tab at the prompt)."""
    game = session.game
    if session.over:
        return [w for w in META_COMMANDS if w.startswith(before.lower())]
    if game.complete is not None:
        return game.complete(session.state, seat, before)
    mover = session.state.to_move() or seat
    legal = session.state.legal_commands(mover) if mover is not None else []
    found = [*legal, *META_COMMANDS, *game.meta]
    return sorted({f for f in found if f.lower().startswith(before.lower())})


def screen_completer(session: Session, seat: Callable[[], str | None]) -> Any:
    """``completions`` as a prompt_toolkit ``Completer``, for a full screen's input line
    (``Buffer(completer=...)``): each way to complete the word before the cursor."""
    from prompt_toolkit.completion import Completer, Completion

    class Lines(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            before = document.text_before_cursor
            begin = before.rfind(" ") + 1
            try:
                found = completions(session, seat(), before)
            except Exception:  # completion never breaks the screen
                return
            for whole in found:
                if len(whole) > begin:
                    yield Completion(whole[begin:], start_position=begin - len(before))

    return Lines()


def answer_game_meta(session: Session, text: str, out: Callable[[str], None]) -> bool:
    """A game's own meta-command (Horde's ``stops``, alone or after a seat): answered, True."""
    words = text.lower().split()
    if words and re.fullmatch(r"p[1-9]", words[0]):
        words = words[1:]
    if len(words) != 1 or words[0] not in session.game.meta:
        return False
    out(session.game.meta[words[0]](session.state, width()))
    return True


def start_at_terminal(session: Session, out: Callable[[str], None]) -> None:
    """A person's game at a terminal begins with the game's ``terminal_start`` commands
    (Horde's ``stops default``), logged like any and said in a line each (the board is
    on screen already); a resumed game that has them goes on without."""
    start = session.game.terminal_start
    if start is None or session.over:
        return
    humans = [seat for seat, who in session.controllers.items() if who == "human"]
    for text in start(session.state):
        outcome = session.submit(text, seat=humans[0] if humans else None)
        if not outcome.accepted:
            out(f"'{text}' was refused: {outcome.reason}")
            continue
        for line in outcome.lines[1:]:
            said = session.game.describe(line)
            if said:
                out(said)


def meta_command(text: str, seat: str | None) -> tuple[str, str | None] | None:
    """``moves``, ``p2 moves``, ``show p2``...: (the word, the seat it asks about), or None."""
    words = text.lower().split()
    shown = show_form(text, seat)
    if shown is not None:
        return shown
    if len(words) == 1 and words[0] in META_COMMANDS:
        return words[0], seat
    if len(words) == 2 and words[1] in META_COMMANDS and re.fullmatch(r"p[1-9]", words[0]):
        return words[1], words[0]
    if len(words) == 2 and words[0] in META_COMMANDS and re.fullmatch(r"p[1-9]", words[1]):
        return words[0], words[1]
    return None


def show_form(text: str, seat: str | None) -> tuple[str, str | None] | None:
    """``show`` in each form it may take: ``show``, ``show p2``, ``p2 show``, and the
    forms a game reads (``show #17``, ``p1 show graveyard``): ("show WORDS", the seat).
    A seat before ``show`` says who asks; the words after it go to the game."""
    words = text.split()
    if words and re.fullmatch(r"p[1-9]", words[0].lower()) and len(words) > 1:
        seat, words = words[0].lower(), words[1:]
    if not words or words[0].lower() != "show":
        return None
    rest = words[1:]
    if len(rest) == 1 and re.fullmatch(r"p[1-9]", rest[0].lower()):
        return "show", rest[0].lower()
    return " ".join(["show", *rest]), seat


def answer_show(session: Session, word: str, seat: str | None) -> str:
    """``show`` (the board), ``show p2`` (with p2's hand), else what the game shows."""
    words = word.split(maxsplit=1)
    if len(words) == 1:
        return board(session, seat)
    if session.game.show is None:
        return f"'{one_line(word)}': show takes: show, show pN (the board with pN's hand)"
    return session.game.show(session.state, seat, words[1], width() - 1)


def moves_text(session: Session, seat: str, columns: int) -> str:
    """The legal commands, summarised and wrapped; a command whose text does not say what
    it does (``p1 activate #11``) on a line of its own with the game's note beside it,
    cut to the width."""
    moves = session.state.legal_commands(seat)
    if not moves:
        return "no legal commands"
    noted = session.game.move_note
    if noted is None:
        return "\n".join(wrap_commands(summarise_moves(moves), columns - 1))
    lines: list[str] = []
    plain: list[str] = []
    for move in moves:
        note = noted(session.state, move)
        if note is None:
            plain.append(move)
            continue
        lines.extend(wrap_commands(summarise_moves(plain), columns - 1))
        plain = []
        lines.append(fitted(f"{move}   {note}", columns - 1))
    lines.extend(wrap_commands(summarise_moves(plain), columns - 1))
    return "\n".join(lines)


def fitted(text: str, columns: int) -> str:
    """``text`` cut to ``columns`` with an ellipsis.

    >>> fitted("p1 activate #11   Prodigal Pyromancer: {T}: deal 1 damage", 30)
    'p1 activate #11   Prodigal Py…'
    """
    return text if len(text) <= columns else text[: columns - 1] + "…"


def answer_meta(session: Session, word: str, seat: str | None, out: Callable[[str], None]) -> None:
    """``help``, ``moves``, ``hint``, ``show`` and ``quit``: never logged."""
    state = session.state
    if word == "quit":
        raise Quit
    if seat is None and not session.over:
        # Everybody plays at once: answer for the person at the keyboard.
        humans = [s for s, who in session.controllers.items() if who == "human"]
        seat = humans[0] if humans else state.seats()[0]
    if word == "help":
        from cardcli.fit import fit_help

        own = "".join(f", {name}" for name in session.game.meta)
        game = session.game
        text = game.help_for(session.options) if game.help_for is not None else None
        out(fit_help(text or game.help_text, width() - 1))
        out(
            fit_help(
                f"At the prompt also: moves (legal commands), hint, show (the board){own}, quit.",
                width() - 1,
            )
        )
    elif seat is not None and seat not in state.seats():
        out(f"there is no seat {seat}")
    elif word.startswith("show"):
        out(answer_show(session, word, seat))
    elif seat is None:
        out("the game is over")
    elif word == "moves":
        out(moves_text(session, seat, width()))
    elif word == "hint":
        out(session.game.hint(state, seat) or "no legal commands")


class ScriptReader:
    """A reader over script lines; meta-commands in a script are answered, not logged.

    ``last`` is where the line it gave last came from, for messages that
    name the file and line of a rejected command.
    """

    def __init__(
        self, lines: Iterator[ScriptLine | str], session: Session, out: Callable[[str], None]
    ) -> None:
        self.lines = lines
        self.session = session
        self.out = out
        self.last: ScriptLine | None = None

    def __call__(self, seat: str | None) -> str | None:
        for entry in self.lines:
            text = entry.text if isinstance(entry, ScriptLine) else entry
            if answer_game_meta(self.session, text, self.out):
                continue
            meta = meta_command(text, seat)
            if meta is not None:
                answer_meta(self.session, meta[0], meta[1], self.out)
                continue
            self.last = entry if isinstance(entry, ScriptLine) else None
            return text
        return None


def script_reader(
    lines: Iterator[ScriptLine | str], session: Session, out: Callable[[str], None]
) -> ScriptReader:
    return ScriptReader(lines, session, out)


def describe_game(game: Game) -> str:
    return f"{game.name:<20} {game.summary}"
