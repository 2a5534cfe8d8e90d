"""A Horde game in a real pseudo-terminal of 80 x 24, read back through pyte.

Used by the tests of stops, ``pass until`` and the prompt's keys. The game runs in
line mode (``--plain`` when the game has it), where a person types a line a prompt.
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import struct
import subprocess
import termios
import time
from pathlib import Path
from typing import Any

import pyte

ROWS, COLUMNS = 24, 80
REPO = Path(__file__).resolve().parent.parent
SETUPS = REPO / "scenarios" / "horde" / "setups"


def _plain_flag(exe: Path) -> list[str]:
    """``--plain`` if ``play horde`` has it (the live screen's line mode)."""
    shown = subprocess.run(
        [str(exe), "play", "horde", "--help"], capture_output=True, text=True, check=False
    )
    return ["--plain"] if "--plain" in shown.stdout else []


class HordeTerminal:
    """``cardcli play horde`` in a pty; ``log`` is the game's log file."""

    def __init__(
        self, exe: Path, args: list[str], cwd: Path, command: list[str] | None = None
    ) -> None:
        """``command``: other words than ``play horde ... --log game.jsonl`` (a resume)."""
        self.log = cwd / "game.jsonl"
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = {
            **os.environ,
            "TERM": "xterm",
            "XDG_STATE_HOME": str(cwd / "state"),
            "COLUMNS": str(COLUMNS),
            "LINES": str(ROWS),
            "NO_COLOR": "1",
        }
        if command is None:
            command = ["play", "horde", *_plain_flag(exe), "--log", str(self.log), *args]
        self.process = subprocess.Popen(
            [str(exe), *command],
            stdin=self.slave,
            stdout=self.slave,
            stderr=self.slave,
            cwd=cwd,
            env=env,
            start_new_session=True,
        )
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.seen = ""  # everything drawn so far, as text (the screen scrolls)

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
                self.seen += data.decode("utf-8", errors="replace")

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def last_line(self) -> str:
        lines = [line for line in self.text().splitlines() if line.strip()]
        return lines[-1] if lines else ""

    def wait_for(self, wanted: str, seconds: float = 60) -> str:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(0.1)
            if wanted in self.text():
                return self.text()
        raise AssertionError(f"{wanted!r} never appeared; the screen:\n{self.text()}")

    def prompt(self, seconds: float = 60) -> str:
        """Wait until the game waits at its prompt (``p1>`` on the last line)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(0.2)
            if self.last_line().strip() in ("p1>", "p2>", "p3>", "p4>"):
                self.pump(0.2)
                if self.last_line().strip() in ("p1>", "p2>", "p3>", "p4>"):
                    return self.text()
        raise AssertionError(f"no prompt; the screen:\n{self.text()}")

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())
        self.pump(0.3)

    def command(self, line: str) -> str:
        """Type a line and Enter; the screen once the game asks again."""
        self.seen = ""
        self.type(line + "\r")
        self.pump(0.3)
        return self.prompt()

    def lines(self) -> list[dict[str, Any]]:
        return [json.loads(x) for x in self.log.read_text(encoding="utf-8").splitlines()]

    def commands(self) -> list[str]:
        return [str(x["text"]) for x in self.lines() if x["type"] in ("command", "rejected")]

    def finish(self, seconds: float = 30) -> int:
        end = time.monotonic() + seconds
        while self.process.poll() is None and time.monotonic() < end:
            self.pump(0.1)
        self.pump(0.2)
        code = self.process.poll()
        assert code is not None, "cardcli did not end"
        return code

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)
        os.close(self.slave)
