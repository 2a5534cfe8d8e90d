"""The live screen of a turn-based game at a terminal (Horde Magic), with prompt_toolkit.

The areas, top to bottom: the board; the stack (only while something is on it); the
recent events, newest at the bottom; a status line; the prompt. Each is redrawn as
the game changes and when the terminal is resized, at the terminal's width. What
``help``, ``moves`` or ``show`` answer fills the board's area until the next command
(or Escape). PageUp and PageDown scroll the board when it is taller than its area.

Ctrl-C with text on the line clears the line; on an empty line it stops the game, as
``quit`` and Ctrl-D do. The game runs in a worker thread and prompt_toolkit owns the
terminal in the main thread, so the terminal is restored however the screen ends:
quit, the end of the game, Ctrl-C, an error, or a SIGTERM or SIGHUP (kill, a closed
window). The real-time games have their own screen (``cardcli.live``).
"""

from __future__ import annotations

import contextlib
import queue
import signal
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardcli.engine.loop import Quit, RunEnd
from cardcli.engine.session import SHOWN_CHARS, Outcome, Session, clean_line
from cardcli.live import colour_wanted, line_history
from cardcli.printable import printable, shortened

REDRAW_SECONDS = 0.05
EVENTS_KEPT = 500
EVENT_ROWS = 6  # the events' area at least; the board gets what is left
STACK_ROWS = 6  # the stack's area at most
COMPLETIONS_SHOWN = 30
META_WORDS = ("help", "moves", "hint", "show", "quit")
_QUIT = object()  # put in the line queue to stop the game


class TurnScreen:
    """The screen, a reader of lines for the play loop, and its display."""

    def __init__(
        self,
        session: Session,
        viewer: Callable[[str | None], str | None],
        answer_meta: Callable[[str, str | None, Callable[[str], None]], bool],
        history: Path | None,
        narrate: Callable[[list[dict[str, Any]], int], list[str]],
        to_stderr: bool = False,
        names: Callable[[str | None, str], list[str]] | None = None,
    ) -> None:
        self.session = session
        self.names = names  # lines a text may become by names and ids (targets, blockers)
        self.viewer = viewer  # whose hands the board shows after a command of a seat
        self.answer_meta = answer_meta
        self.narrate = narrate
        self.colour = colour_wanted()
        self.lines: queue.Queue[object] = queue.Queue()
        self.events: deque[str] = deque(maxlen=EVENTS_KEPT)
        self.shown_seat: str | None = viewer(None)
        self.panel: list[str] | None = None  # help, moves, show: in the board's area
        self.scroll = 0
        self.back = 0  # how far the events' area is scrolled back (Ctrl-Up, Ctrl-Down)
        self.seat: str | None = None  # the seat the game waits on
        self.interrupted = False
        self.error: BaseException | None = None
        self.result: RunEnd | None = None
        self._exit_lock = threading.Lock()
        self._exited = False
        # The board is drawn from the state only while the game's thread waits for a line
        # (it changes nothing then); otherwise the last drawing is shown.
        self._state_lock = threading.Lock()
        self._idle = False
        self._drawn: tuple[int, str, str] | None = None
        self.app = self._build(history, to_stderr)

    # -- the layout ---------------------------------------------------------------------

    def _build(self, history_path: Path | None, to_stderr: bool) -> Any:
        from prompt_toolkit.application import Application
        from prompt_toolkit.buffer import Buffer
        from prompt_toolkit.filters import Condition
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.layout import ConditionalContainer, HSplit, Layout, Window
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
            if self.buffer.text:
                self.buffer.reset()  # a line half typed is cleared, the game goes on
                return
            self.interrupted = True
            self.lines.put(_QUIT)

        @keys.add("c-d")
        def _end(event: Any) -> None:
            if not self.buffer.text:
                self.lines.put(_QUIT)
            else:
                self.buffer.delete()

        @keys.add("escape", eager=True)
        def _board(event: Any) -> None:
            self.panel = None
            self.scroll = 0

        @keys.add("pageup")
        def _up(event: Any) -> None:
            self.scroll = max(0, self.scroll - max(1, self._board_rows() - 1))

        @keys.add("pagedown")
        def _down(event: Any) -> None:
            self.scroll += max(1, self._board_rows() - 1)

        @keys.add("tab")
        def _complete(event: Any) -> None:
            self.complete()

        @keys.add("c-up")
        def _older(event: Any) -> None:
            self.back = min(max(0, len(self.events) - EVENT_ROWS), self.back + EVENT_ROWS - 1)

        @keys.add("c-down")
        def _newer(event: Any) -> None:
            self.back = max(0, self.back - (EVENT_ROWS - 1))

        self._board_window = Window(
            FormattedTextControl(self._board),
            wrap_lines=False,
            height=lambda: Dimension.exact(len(self._board_lines())),
        )
        self._events_window = Window(
            FormattedTextControl(self._events),
            height=Dimension(min=EVENT_ROWS, preferred=EVENT_ROWS, weight=1),
            wrap_lines=False,
        )
        has_stack = Condition(lambda: bool(self._stack_text()))
        body = HSplit(
            [
                self._board_window,
                ConditionalContainer(
                    HSplit(
                        [
                            Window(height=1, char="-", style="class:rule"),
                            Window(
                                FormattedTextControl(self._stack),
                                height=Dimension(max=STACK_ROWS),
                                wrap_lines=False,
                                dont_extend_height=True,
                            ),
                        ]
                    ),
                    filter=has_stack,
                ),
                Window(height=1, char="-", style="class:rule"),
                self._events_window,
                Window(FormattedTextControl(self._status), height=1, style="class:status"),
                Window(
                    BufferControl(self.buffer, input_processors=[BeforeInput(self._prompt)]),
                    height=1,
                ),
            ]
        )
        style = Style.from_dict({"status": "reverse", "rule": "#888888", "stack": "bold"})
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
            color_depth=depth,
            output=output,
            mouse_support=False,
        )

    def _width(self) -> int:
        return self._size()[1]

    def _size(self) -> tuple[int, int]:
        try:
            size = self.app.output.get_size()
            return max(5, int(size.rows)), max(20, int(size.columns))
        except Exception:  # no terminal to ask (a test without one)
            return 24, 80

    def _board_rows(self) -> int:
        """The rows the board may take: what the stack, the events, the status and the
        prompt leave."""
        rows, width = self._size()
        stack = self._texts(width)[1]
        taken = 1 + EVENT_ROWS + 2  # a rule, the events, the status line, the prompt
        if stack:
            taken += 1 + min(STACK_ROWS, len(stack.splitlines()))
        return max(1, rows - taken)

    def _board(self) -> Any:
        return [("", "\n".join(self._board_lines()))]

    def _board_lines(self) -> list[str]:
        width = self._width()
        rows = self._board_rows()
        pinned: list[str] = []
        if self.panel is not None:
            lines = self.panel
        else:
            lines, pinned = fit_board(self._texts(width)[0].splitlines(), rows)
        rows = max(1, rows - len(pinned))
        self.scroll = max(0, min(self.scroll, max(0, len(lines) - rows)))
        shown = lines[self.scroll : self.scroll + rows]
        more = len(lines) - self.scroll - rows
        if more > 0 and shown:
            shown[-1] = f"... {more + 1} more lines (PageDown)"
        if self.scroll and shown:
            shown[0] = f"... {self.scroll + 1} lines above (PageUp)"
        return shown + pinned

    def _texts(self, width: int) -> tuple[str, str]:
        """The board without the stack, and the stack, at ``width``."""
        with self._state_lock:
            drawn = self._drawn
            if drawn is None or (self._idle and drawn[0] != width):
                drawn = self._draw(width)
            return drawn[1], drawn[2]

    def _draw(self, width: int) -> tuple[int, str, str]:
        areas = self.session.game.areas
        assert areas is not None
        board, stack = areas(self.session.state, self.shown_seat, width)
        self._drawn = (width, printable(board), printable(stack))
        return self._drawn

    def _stack_text(self) -> str:
        return self._texts(self._width())[1]

    def _stack(self) -> Any:
        lines = self._stack_text().splitlines()
        if len(lines) > STACK_ROWS:  # the top of the stack, and how much more there is
            hidden = len(lines) - STACK_ROWS + 1
            lines = [*lines[: STACK_ROWS - 1], f"... {hidden} more lines of the stack ('show')"]
        return [("class:stack", "\n".join(lines))]

    def _events(self) -> Any:
        # The rows the other areas leave, worked out now (a window's last size is stale
        # when the stack's area has just come or gone).
        rows, width = self._size()
        stack = self._texts(width)[1]
        rows -= len(self._board_lines()) + 3  # a rule, the status line, the prompt
        if stack:
            rows -= 1 + min(STACK_ROWS, len(stack.splitlines()))
        rows = max(EVENT_ROWS, rows)
        kept = list(self.events)
        end = len(kept) - min(self.back, max(0, len(kept) - rows))
        shown = kept[max(0, end - rows) : end]
        if end < len(kept) and shown:
            shown[-1] = f"... {len(kept) - end + 1} newer lines (Ctrl-Down)"
        return [("", "\n" * (rows - len(shown)) + "\n".join(shown))]  # the newest at the bottom

    def _status(self) -> Any:
        if self.panel is not None:
            said = " Escape: the board · PageDown: more · quit or Ctrl-D to stop"
        else:
            said = " help, moves, hint, show · Ctrl-Up: older events · quit or Ctrl-D to stop"
        return [("", said[: self._width()])]

    def _prompt(self) -> str:
        return f"{self.seat or ''}> "

    def complete(self) -> None:
        """Tab: the line completed as far as the legal commands (and ``help``, ``moves``,
        ``hint``, ``show``, ``quit``) that begin with it agree; when they part, they are
        listed in the events' area. Nothing is inserted: a tab never reaches the log."""
        text = self.buffer.text
        with self._state_lock:
            if not self._idle:  # the game is busy: the state is not read now
                return
            try:
                moves = list(self.session.state.legal_commands(self.seat)) if self.seat else []
            except Exception:  # a list the state cannot give now: nothing to complete
                moves = []
        fits = completions(text, [*moves, *META_WORDS])
        if not fits and self.names is not None:  # a name where no legal command spells it out
            with self._state_lock:
                if self._idle:
                    try:
                        fits = self.names(self.seat, text)
                    except Exception:  # completion never breaks the screen
                        fits = []
        if not fits:
            return
        common = common_start(fits)
        if len(common) > len(text):
            self.buffer.text = common
            self.buffer.cursor_position = len(common)
        elif len(fits) > 1:
            shown = " | ".join(fits[:COMPLETIONS_SHOWN])
            self.say("  " + shown + (" ..." if len(fits) > COMPLETIONS_SHOWN else ""))

    def _accept(self, buffer: Any) -> bool:
        self.lines.put(buffer.text)
        return False  # the buffer is cleared; the text is in the history

    # -- called from the game's thread -----------------------------------------------------

    def say(self, text: str) -> None:
        """Lines in the events' area, wrapped to the width."""
        from cardcli.fit import wrap_line

        width = self._width()
        for line in printable(text).splitlines() or [""]:
            lead = len(line) - len(line.lstrip(" "))
            self.events.extend(wrap_line(line.strip(), width, " " * lead))
        self._invalidate()

    def show_panel(self, text: str) -> None:
        """What ``help``, ``moves`` or ``show`` answered, in the board's area."""
        lines = printable(text).splitlines()
        self.panel = lines if self.panel is None else [*self.panel, "", *lines]
        self.scroll = 0
        self._invalidate()

    def read(self, seat: str | None) -> str | None:
        """The next line typed (None: the input ended); meta commands are answered."""
        self.seat = seat
        with self._state_lock:
            self._draw(self._width())
            self._idle = True
        self._invalidate()
        try:
            return self._next_line(seat)
        finally:
            with self._state_lock:
                self._idle = False

    def _next_line(self, seat: str | None) -> str | None:
        while True:
            raw = self.lines.get()
            if raw is _QUIT:
                raise Quit
            assert isinstance(raw, str)
            text = clean_line(raw)
            if text is None:
                continue
            self.panel = None
            self.scroll = self.back = 0  # each line typed: the board's top, the newest events
            if not self.answer_meta(text, seat, self.show_panel):
                self.say(f"{seat or ''}> {text}".strip())
                return text

    def show(self, text: str, outcome: Outcome) -> None:
        """What a command did: its events in order, and the board redrawn."""
        first = outcome.lines[0]
        if not outcome.accepted:
            self.say(f"rejected '{shortened(text, SHOWN_CHARS)}': {outcome.reason}")
            return
        if "bot" in first:
            self.say(f"{first.get('player') or ''} ({first['bot']})> {text}")
        events = [line for line in outcome.lines[1:] if line["type"] != "game_over"]
        for line in self.narrate(events, self._width()):
            self.say(line)
        self.shown_seat = self.viewer(first.get("player"))
        with self._state_lock:
            self._draw(self._width())
        self._invalidate()

    def _invalidate(self) -> None:
        loop = getattr(self.app, "loop", None)
        if loop is not None:
            loop.call_soon_threadsafe(self.app.invalidate)

    # -- the main thread ---------------------------------------------------------------------

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
            import asyncio

            loop = asyncio.get_running_loop()
            for number in (signal.SIGTERM, signal.SIGHUP):
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.add_signal_handler(number, self._killed)
            threading.Thread(target=work, name="cardcli-game", daemon=True).start()

        self.app.run(pre_run=start)
        if self.error is not None:
            raise self.error
        if self.result is None:  # the screen ended first: the game thread stops at its next read
            self.lines.put(_QUIT)
            return RunEnd("quit")
        return self.result

    def _killed(self) -> None:
        """SIGTERM or SIGHUP: the screen ends (the terminal restored) and so does the game."""
        self.interrupted = True
        self.lines.put(_QUIT)
        self._exit_app()

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


def fit_board(lines: list[str], rows: int) -> tuple[list[str], list[str]]:
    """The board's lines for an area of ``rows``: what the game waits for (its last
    paragraph) pinned at the bottom, the blank lines dropped when it is too tall.

    >>> fit_board(["head", "", "a", "b", "", "Waiting for p1"], 4)
    (['head', 'a', 'b'], ['Waiting for p1'])
    >>> fit_board(["head", "", "Waiting for p1"], 4)
    (['head', ''], ['Waiting for p1'])
    """
    last = max((i for i, line in enumerate(lines) if not line.strip()), default=-1)
    body, pinned = lines[: last + 1], lines[last + 1 :]
    if len(body) + len(pinned) > rows:
        body = [line for line in body if line.strip()]
    return body, pinned


def completions(text: str, commands: list[str]) -> list[str]:
    """The commands that begin with ``text`` (letter case aside), each once, in order.

    >>> completions("p1 pl", ["p1 play #12", "p1 play #13", "pass", "p1 play #12"])
    ['p1 play #12', 'p1 play #13']
    """
    low = text.lower()
    return list(dict.fromkeys(c for c in commands if c.lower().startswith(low)))


def common_start(texts: list[str]) -> str:
    """What all ``texts`` begin with.

    >>> common_start(["p1 play #12", "p1 play #13"])
    'p1 play #1'
    """
    first, last = min(texts), max(texts)
    size = 0
    while size < len(first) and first[size] == last[size]:
        size += 1
    return first[:size]
