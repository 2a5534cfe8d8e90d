"""The live screen of a real-time game, driven through a real pseudo-terminal.

The installed ``cardcli`` runs with a pty as its terminal; what it draws is
read back through a terminal emulator (pyte), keys are typed into the pty,
and after it exits the pty's modes must be as before (echo, canonical input):
a shell that was left without echo is the bug these tests guard against.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("pseudo-terminals are POSIX", allow_module_level=True)

import fcntl
import struct
import termios

import pyte

ROWS, COLUMNS = 30, 90
# Every deck empty: both players can only pass, and the hand is over at once.
SHORT_HAND = "p1: Ks Qs Js 10s 9s 8s 7s 6s 5s 4s 3s 2s 2h 3h 4h 5h 6h; p2: Kd Qd Jd 10d 9d 8d 7d 6d 5d 4d 3d 2d 2c 3c 4c 5c 6c"


class Terminal:
    """``cardcli`` in a pty of ROWS x COLUMNS, with a pyte screen of what it drew."""

    def __init__(self, exe: Path, args: list[str], cwd: Path) -> None:
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        self.modes_before = termios.tcgetattr(self.slave)
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "XDG_STATE_HOME": str(cwd / "state"),
            "COLUMNS": str(COLUMNS),
            "LINES": str(ROWS),
        }
        env.pop("NO_COLOR", None)
        self.process = subprocess.Popen(
            [str(exe), *args],
            stdin=self.slave,
            stdout=self.slave,
            stderr=self.slave,
            cwd=cwd,
            env=env,
            start_new_session=True,
        )
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)

    def pump(self, seconds: float = 0.1) -> None:
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    return
                self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, wanted: str, seconds: float = 20) -> str:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(0.1)
            if wanted in self.text():
                return self.text()
        raise AssertionError(f"{wanted!r} never appeared; the screen:\n{self.text()}")

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())
        self.pump(0.3)

    def finish(self, seconds: float = 20) -> int:
        end = time.monotonic() + seconds
        while self.process.poll() is None and time.monotonic() < end:
            self.pump(0.1)
        self.pump(0.2)
        code = self.process.poll()
        assert code is not None, "cardcli did not end"
        return code

    def modes_restored(self) -> bool:
        now = termios.tcgetattr(self.slave)
        lflag = now[3]
        return (
            bool(lflag & termios.ECHO) and bool(lflag & termios.ICANON) and now == self.modes_before
        )

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def terminal_factory(cardcli_exe: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    opened: list[Terminal] = []

    def start(*args: str) -> Terminal:
        term = Terminal(cardcli_exe, list(args), tmp_path)
        opened.append(term)
        return term

    yield start
    for term in opened:
        term.close()


def test_play_against_an_easy_bot_then_quit_restores_the_terminal(
    terminal_factory,
    tmp_path: Path,  # type: ignore[no-untyped-def]
) -> None:
    log = tmp_path / "live.jsonl"
    term = terminal_factory(
        "play", "double-solitaire", "--seed", "3", "--seat", "p2=easy", "--log", str(log)
    )
    screen = term.wait_for("p1>")
    assert "shared:" in screen and "p2: stack" in screen and "clock" in screen
    term.type("f\r")
    screen = term.wait_for("p1: turns")
    term.type("w9 f\r")
    screen = term.wait_for("rejected")
    term.type("moves\r")
    term.pump(0.5)
    screen = term.text()
    bottom = screen.rstrip().splitlines()[-1]
    assert bottom.startswith("p1>") and bottom.strip() == "p1>", "the input line is intact"
    assert "p1: stack" in screen
    term.type("quit\r")
    assert term.finish() == 0
    assert term.modes_restored()
    assert "continue with: cardcli resume" in term.text()
    assert b'"text":"@' in log.read_bytes()


@pytest.mark.parametrize("how", ["ctrl-c", "ctrl-d"])
def test_ctrl_c_and_ctrl_d_restore_the_terminal(
    terminal_factory,
    tmp_path: Path,
    how: str,  # type: ignore[no-untyped-def]
) -> None:
    log = tmp_path / f"{how}.jsonl"
    term = terminal_factory(
        "play", "double-solitaire", "--seed", "5", "--seat", "p2=hard", "--log", str(log)
    )
    term.wait_for("p1>")
    term.type("\x03" if how == "ctrl-c" else "\x04")
    code = term.finish()
    assert code == (130 if how == "ctrl-c" else 0)
    assert term.modes_restored()


def test_a_resize_keeps_the_screen_whole(terminal_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    term = terminal_factory(
        "play",
        "double-solitaire",
        "--seed",
        "3",
        "--seat",
        "p2=easy",
        "--log",
        str(tmp_path / "r.jsonl"),
    )
    term.wait_for("p1>")
    fcntl.ioctl(term.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    term.process.send_signal(__import__("signal").SIGWINCH)
    term.screen.resize(24, 80)
    term.pump(1.0)
    term.type("show\r")
    screen = term.wait_for("shared:")
    assert screen.rstrip().splitlines()[-1].startswith("p1>")
    term.type("quit\r")
    assert term.finish() == 0 and term.modes_restored()


def test_resume_catches_up_at_once_and_a_hand_is_finished(
    terminal_factory,
    tmp_path: Path,  # type: ignore[no-untyped-def]
) -> None:
    log = tmp_path / "hand.jsonl"
    first = terminal_factory(
        "play",
        "double-solitaire",
        "--seed",
        "8",
        "--seat",
        "p2=easy",
        "--order",
        SHORT_HAND,
        "--log",
        str(log),
    )
    first.wait_for("p1>")
    first.type("w1 w2\r")
    first.wait_for("rejected")
    time.sleep(1.5)  # the bot plays on meanwhile
    first.type("quit\r")
    assert first.finish() == 0 and first.modes_restored()
    logged = log.read_bytes()
    started = time.monotonic()
    again = terminal_factory("resume", str(log))
    again.wait_for("p1>")
    assert time.monotonic() - started < 10, "the logged part is played again at once"
    again.type("pass\r")
    screen = again.wait_for("hand 1 over")
    assert "blocked" in screen
    again.type("quit\r")
    assert again.finish() == 0 and again.modes_restored()
    assert log.read_bytes().startswith(logged)
    replayed = subprocess.run(
        [sys.executable, "-m", "cardcli", "replay", str(log)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert replayed.returncode == 0, replayed.stdout
