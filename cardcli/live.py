"""The live screen of a real-time game at a terminal (prompt_toolkit).

A full-screen view: the board on top (your area in full, the shared area, the
others' stacks, work pile tops and scores), a message area, a status line with
the running clock, and an input line that stays put at the bottom while the
bots play. The board is redrawn as the game changes, at most a few times a
second; what the game says (rejections, "out", hands over) goes to the message
area, never into your input.

The game runs in a worker thread; prompt_toolkit owns the terminal in the main
thread, so the terminal is restored however the screen ends: quit, the end of
the game, Ctrl-C, Ctrl-D, an error or a resize.

Why prompt_toolkit and not curses: it is well kept, runs on every platform
(curses is not on Windows), and gives line editing, history, resize handling
and a layout of windows for free; curses would need all of those written by
hand. It is imported only here, when a person plays a real-time game.
"""

from __future__ import annotations

import os
import queue
import re
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from cardcli.engine.loop import Quit, RunEnd
from cardcli.engine.session import SHOWN_CHARS, Outcome, Session, clean_line
from cardcli.printable import printable, shortened

if TYPE_CHECKING:
    from prompt_toolkit.formatted_text import StyleAndTextTuples

REDRAW_SECONDS = 0.2  # at most five redraws a second
CLOCK_SECONDS = 0.5  # the status line's clock moves this often
MESSAGES_KEPT = 200
# Events worth a message when somebody else's command caused them.
NOTABLE = ("out", "hand_over", "hand_started", "stuck", "tie_break", "game_over")
_CARD = re.compile(r"(?<![\w/])(10|[2-9AJQKT])([cdhs])(?![\w])")
_QUIT = object()  # put in the line queue to stop the game


def colour_wanted(stream: IO[str] | None = None) -> bool:
    """Colours unless ``NO_COLOR`` is set (https://no-color.org) or the terminal has none."""
    if "NO_COLOR" in os.environ:
        return False
    return os.environ.get("TERM", "") not in ("dumb", "")


def card_fragments(text: str, colour: bool) -> StyleAndTextTuples:
    """The board text as styled fragments: red suits red, black suits bold."""
    if not colour:
        return [("", text)]
    fragments: StyleAndTextTuples = []
    at = 0
    for match in _CARD.finditer(text):
        if match.start() > at:
            fragments.append(("", text[at : match.start()]))
        red = match.group(2) in "dh"
        fragments.append(("class:red" if red else "class:black", match.group()))
        at = match.end()
    fragments.append(("", text[at:]))
    return fragments


class LiveScreen:
    """The screen, a reader of lines for the play loop, and its display."""

    def __init__(
        self,
        session: Session,
        seat: str | None,
        answer_meta: Callable[[str, Callable[[str], None]], bool],
        history: Path | None,
        clock: Callable[[], int],
        to_stderr: bool = False,
    ) -> None:
        self.session = session
        self.seat = seat
        self.answer_meta = answer_meta
        self.clock = clock
        self.colour = colour_wanted()
        self.lines: queue.Queue[object] = queue.Queue()
        self.messages: deque[str] = deque(maxlen=MESSAGES_KEPT)
        self.board = printable(session.game.render(session.state, seat, self._width()))
        self.interrupted = False
        self.error: BaseException | None = None
        self.result: RunEnd | None = None
        self._exit_lock = threading.Lock()
        self._exited = False
        self.app = self._build(history, to_stderr)

    # -- the layout -------------------------------------------------------------

    def _build(self, history_path: Path | None, to_stderr: bool) -> Any:
        from prompt_toolkit.application import Application
        from prompt_toolkit.buffer import Buffer
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.layout import HSplit, Layout, Window
        from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
        from prompt_toolkit.layout.dimension import Dimension
        from prompt_toolkit.layout.processors import BeforeInput
        from prompt_toolkit.output.color_depth import ColorDepth
        from prompt_toolkit.styles import Style

        self.buffer = Buffer(
            multiline=False, history=line_history(history_path), accept_handler=self._accept
        )
        keys = KeyBindings()

        @keys.add("c-c")
        def _interrupt(event: Any) -> None:
            self.interrupted = True
            self.lines.put(_QUIT)

        @keys.add("c-d")
        def _end(event: Any) -> None:
            if not self.buffer.text:
                self.lines.put(_QUIT)
            else:
                self.buffer.delete()

        prompt = f"{self.seat}> " if self.seat else "> "
        self._message_window = Window(
            FormattedTextControl(self._messages), height=Dimension(min=3), wrap_lines=False
        )
        body = HSplit(
            [
                Window(FormattedTextControl(self._board), wrap_lines=True, dont_extend_height=True),
                Window(height=1, char="-", style="class:rule"),
                Window(
                    FormattedTextControl(self._messages), height=Dimension(min=3), wrap_lines=True
                ),
                Window(FormattedTextControl(self._status), height=1, style="class:status"),
                Window(
                    BufferControl(self.buffer, input_processors=[BeforeInput(prompt)]),
                    height=1,
                ),
            ]
        )
        style = Style.from_dict(
            {"red": "#d70000 bold", "black": "bold", "status": "reverse", "rule": "#888888"}
        )
        output = None
        if to_stderr:
            import sys

            from prompt_toolkit.output import create_output

            output = create_output(stdout=sys.stderr)
        depth = ColorDepth.DEPTH_8_BIT if self.colour else ColorDepth.MONOCHROME
        return Application(
            layout=Layout(body, focused_element=self.buffer),
            key_bindings=keys,
            style=style,
            full_screen=True,
            min_redraw_interval=REDRAW_SECONDS,
            refresh_interval=CLOCK_SECONDS,
            color_depth=depth,
            output=output,
            mouse_support=False,
        )

    def _board(self) -> StyleAndTextTuples:
        return card_fragments(self.board, self.colour)

    def _messages(self) -> StyleAndTextTuples:
        # The newest at the bottom: as many as the window showed last time.
        import textwrap

        info = self._message_window.render_info
        rows = info.window_height if info is not None else 8
        width = max(20, info.window_width if info is not None else 80)
        shown: list[str] = []
        for message in list(self.messages)[-rows:]:
            shown.extend(textwrap.wrap(message, width, subsequent_indent="  ") or [""])
        shown = shown[-max(1, rows) :]
        return card_fragments("\n".join(shown), self.colour)

    def _status(self) -> StyleAndTextTuples:
        seconds = self.clock() / 1000
        who = self.seat or "you"
        return [
            (
                "",
                f" {who} - clock {seconds:.1f} s - help, moves, hint, show; quit or Ctrl-D to stop",
            )
        ]

    def _accept(self, buffer: Any) -> bool:
        self.lines.put(buffer.text)
        return False  # the buffer is cleared; the text is in the history

    # -- called from the game's thread --------------------------------------------

    def out(self, text: str) -> None:
        """A message in the message area."""
        for line in printable(text).splitlines() or [""]:
            self.messages.append(line)
        self._invalidate()

    def read(self, timeout: float | None) -> str | None:
        """The next line typed within ``timeout`` seconds (None: none came); meta commands are answered."""
        import time as clock

        deadline = None if timeout is None else clock.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - clock.monotonic())
            try:
                raw = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if raw is _QUIT:
                raise Quit
            assert isinstance(raw, str)
            text = clean_line(raw)
            if text is None:
                continue
            if not self.answer_meta(text, self.out):
                self.out(f"{self.seat or ''}> {text}".strip())
                return text

    def show(self, text: str, outcome: Outcome) -> None:
        """What a command did: a message where it matters, and a fresh board."""
        game = self.session.game
        first = outcome.lines[0]
        by_bot = "bot" in first
        if not outcome.accepted:
            if not by_bot:
                self.out(f"rejected '{shortened(text, SHOWN_CHARS)}': {outcome.reason}")
        else:
            for line in outcome.lines[1:]:
                if by_bot and line.get("type") not in NOTABLE and not _to_shared(line):
                    continue
                said = game.describe(line)
                if said:
                    self.out(said)
        self.board = printable(
            self.session.game.render(self.session.state, self.seat, self._width())
        )
        self._invalidate()

    def _width(self) -> int:
        from cardcli.terminal import width

        return width()

    def _invalidate(self) -> None:
        loop = getattr(self.app, "loop", None)
        if loop is not None:
            loop.call_soon_threadsafe(self.app.invalidate)

    # -- the main thread ------------------------------------------------------------

    def run(self, play: Callable[[], RunEnd]) -> RunEnd:
        """Show the screen while ``play`` runs in a worker thread; the terminal is restored after."""

        def work() -> None:
            try:
                self.result = play()
            except BaseException as err:  # handed to the main thread, raised there
                self.error = err
            finally:
                self._exit()

        def start() -> None:
            threading.Thread(target=work, name="cardcli-game", daemon=True).start()

        self.app.run(pre_run=start)
        if self.error is not None:
            raise self.error
        if self.result is None:  # the screen ended first: the game thread stops at its next read
            self.lines.put(_QUIT)
            return RunEnd("quit")
        return self.result

    def _exit(self) -> None:
        with self._exit_lock:
            if self._exited:
                return
            self._exited = True
        loop = getattr(self.app, "loop", None)
        if loop is not None:
            loop.call_soon_threadsafe(self._exit_app)

    def _exit_app(self) -> None:
        if self.app.is_running and not self.app.future.done():
            self.app.exit()


def _to_shared(line: dict[str, Any]) -> bool:
    """A card went to the shared area: worth a message whoever played it."""
    return line.get("type") == "moved" and str(line.get("to", "")).startswith("f")


def line_history(path: Path | None) -> Any:
    """The prompt's history of lines: kept in ``path`` if it can be written, else in memory."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            return FileHistory(str(path))
        except OSError:
            pass
    return InMemoryHistory()
