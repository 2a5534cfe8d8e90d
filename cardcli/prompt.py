"""The interactive prompt: line editing, history, Tab completion and Ctrl-C for a person
at a terminal (meta-commands are answered here and never reach the game)."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import Any

from cardcli.engine.session import Session, clean_line
from cardcli.terminal import (
    answer_game_meta,
    answer_meta,
    completions,
    history_path,
    meta_command,
)

CTRL_C = "\x03"


def _vdisable(fd: int) -> int:
    """The value that turns a terminal's special character off (0 on Linux)."""
    try:
        value = os.fpathconf(fd, "PC_VDISABLE")
    except (OSError, ValueError):
        return 0
    return value if 0 <= value < 256 else 0


class ClearLine(Exception):
    """Ctrl-C with text on the line: the line is dropped, the game goes on."""


class Prompt:
    """Interactive input with line editing and history; answers meta-commands itself.

    Tab completes (the game's ``complete``, else its legal commands and the
    meta-commands) and never puts a tab into a line; Ctrl-C with text on the line
    clears it, on an empty line it ends the game as before (the log can be resumed).
    """

    def __init__(self, session: Session, out: Callable[[str], None]) -> None:
        self.session = session
        self.out = out
        self.seat: str | None = None
        self.matches: list[str] = []
        self.history = history_path(session.game.name)
        try:
            import readline

            self.readline: Any = readline
            self.history.parent.mkdir(parents=True, exist_ok=True)
            if self.history.exists():
                readline.read_history_file(str(self.history))
        except (ImportError, OSError):
            self.readline = None
        self.ctrl_c_bound = False
        if self.readline is not None:
            with contextlib.suppress(Exception):  # a readline without these keeps its own
                self.readline.set_completer(self._complete)
                self.readline.set_completer_delims(" ")
                if "libedit" in (self.readline.__doc__ or ""):
                    self.readline.parse_and_bind("bind ^I rl_complete")
                else:
                    self.readline.parse_and_bind("tab: complete")
                    # Ctrl-C: to the line's end, a literal ^C, Enter (see ``_input``).
                    self.readline.parse_and_bind(r'"\C-c": "\C-e\C-v\C-c\C-m"')
                    self.ctrl_c_bound = True

    def _complete(self, text: str, number: int) -> str | None:
        """readline's completer: the ``number``-th way to complete the word ``text``."""
        if number == 0:
            try:
                line = self.readline.get_line_buffer()
                begin, end = self.readline.get_begidx(), self.readline.get_endidx()
                found = completions(self.session, self.seat, line[:end])
                self.matches = [whole[begin:] for whole in found if len(whole) > begin]
                if len(self.matches) == 1:  # one way: the word is whole, the next may follow
                    self.matches[0] += " "
            except Exception:  # completion never breaks the prompt
                self.matches = []
        return self.matches[number] if number < len(self.matches) else None

    def _input(self, prompt: str) -> str:
        """One line; Ctrl-C raises ``ClearLine`` if there was text on it, else
        ``KeyboardInterrupt`` as before.

        The terminal's interrupt key is turned off while a line is read (GNU readline
        only), so Ctrl-C reaches readline as a key, bound to end the line with a
        ``^C`` (0x03) the prompt recognises; a signal would find the line gone.
        """
        readline = self.readline
        if not self.ctrl_c_bound or not (sys.stdin.isatty() and sys.stdout.isatty()):
            return self._read(prompt)
        import termios

        fd = sys.stdin.fileno()
        try:
            saved = termios.tcgetattr(fd)
            changed = [*saved[:6], list(saved[6])]
            changed[6][termios.VINTR] = bytes([_vdisable(fd)])
            termios.tcsetattr(fd, termios.TCSANOW, changed)
        except (termios.error, OSError, ValueError):
            return self._read(prompt)
        try:
            raw = self._read(prompt)
        finally:
            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(fd, termios.TCSANOW, saved)
        if not raw.endswith(CTRL_C):
            return raw
        with contextlib.suppress(Exception):  # the ^C line is no line of the history
            readline.remove_history_item(readline.get_current_history_length() - 1)
        if raw[: -len(CTRL_C)].strip():
            raise ClearLine
        raise KeyboardInterrupt

    @staticmethod
    def _read(prompt: str) -> str:
        if sys.stdout.isatty():
            return input(prompt)
        # stdout carries the log: the prompt goes to stderr
        sys.stderr.write(prompt)
        sys.stderr.flush()
        return input()

    def __call__(self, seat: str | None) -> str | None:
        self.seat = seat
        while True:
            prompt = f"{seat or ''}> "
            try:
                raw = self._input(prompt)
            except EOFError:
                self.out("")
                return None
            except ClearLine:
                continue  # the terminal showed ^C; a fresh prompt
            text = clean_line(raw.replace("\t", " "))  # a pasted tab is a space, never logged
            if text is None:
                continue
            if self.readline is not None:
                with contextlib.suppress(OSError):
                    self.readline.write_history_file(str(self.history))
            if answer_game_meta(self.session, text, self.out):
                continue
            meta = meta_command(text, seat)
            if meta is None:
                return text
            answer_meta(self.session, meta[0], meta[1], self.out)
