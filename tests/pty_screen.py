"""``cardcli`` in a real pseudo-terminal of a given size, for the Horde's terminal tests.

What it drew is read back two ways: through a terminal emulator (pyte), as a person
sees it, and as the raw lines it wrote, to check that no line is wider than the
terminal (a terminal wraps a long line anywhere, so on the screen it cannot be told).
"""

from __future__ import annotations

import os
import re
import select
import signal
import struct
import subprocess
import time
from pathlib import Path

import pyte

_ESCAPE = re.compile(
    rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1b\][^\x07]*\x07"
)


class Pty:
    def __init__(
        self,
        exe: Path,
        args: list[str],
        cwd: Path,
        rows: int = 24,
        columns: int = 80,
        env: dict[str, str] | None = None,
    ) -> None:
        import fcntl  # (POSIX only: imported where used, so any test module may import this)
        import termios

        self.master, self.slave = os.openpty()
        self.rows, self.columns = rows, columns
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.modes_before = termios.tcgetattr(self.slave)
        environment = {
            **os.environ,
            "TERM": "xterm-256color",
            "XDG_STATE_HOME": str(cwd / "state"),
            "COLUMNS": str(columns),
            "LINES": str(rows),
            **(env or {}),
        }
        if "NO_COLOR" not in (env or {}):
            environment.pop("NO_COLOR", None)
        self.process = subprocess.Popen(
            [str(exe), *args],
            stdin=self.slave,
            stdout=self.slave,
            stderr=self.slave,
            cwd=cwd,
            env=environment,
            start_new_session=True,
        )
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""

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
                self.raw += data
                self.stream.feed(data)
                self.got(data)

    def got(self, data: bytes) -> None:
        """What a reader keeps of each read besides the screen and the raw bytes (nothing)."""

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def said(self) -> str:
        """Everything written so far as plain text (escapes removed), line by line."""
        plain = _ESCAPE.sub(b"", self.raw).decode("utf-8", "replace")
        return plain.replace("\r\n", "\n").replace("\r", "\n")

    def wait_for(self, wanted: str, seconds: float = 30, raw: bool = False) -> str:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(0.1)
            seen = self.said() if raw else self.text()
            if wanted in seen:
                return seen
        raise AssertionError(f"{wanted!r} never appeared; the screen:\n{self.text()}")

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())
        self.pump(0.2)

    def resize(self, rows: int, columns: int) -> None:
        import fcntl
        import termios

        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.process.send_signal(signal.SIGWINCH)
        self.screen.resize(rows, columns)
        self.rows, self.columns = rows, columns

    def finish(self, seconds: float = 30) -> int:
        end = time.monotonic() + seconds
        while self.process.poll() is None and time.monotonic() < end:
            self.pump(0.1)
        self.pump(0.2)
        code = self.process.poll()
        assert code is not None, "cardcli did not end"
        return code

    def modes_restored(self) -> bool:
        import termios

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
