"""A Horde game in a real pseudo-terminal of 80 x 24, read back through pyte.

Used by the tests of stops, ``pass until`` and the prompt's keys. The game runs in
line mode (``--plain`` when the game has it), where a person types a line a prompt.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

from tests.pty_screen import Pty

ROWS, COLUMNS = 24, 80
REPO = Path(__file__).resolve().parent.parent
SETUPS = REPO / "scenarios" / "horde" / "setups"


def _plain_flag(exe: Path) -> list[str]:
    """``--plain`` if ``play horde`` has it (the live screen's line mode)."""
    shown = subprocess.run(
        [str(exe), "play", "horde", "--help"], capture_output=True, text=True, check=False
    )
    return ["--plain"] if "--plain" in shown.stdout else []


class HordeTerminal(Pty):
    """``cardcli play horde`` in a pty; ``log`` is the game's log file; ``seen`` is everything
    drawn since the last ``command`` as text (the screen scrolls)."""

    def __init__(
        self, exe: Path, args: list[str], cwd: Path, command: list[str] | None = None
    ) -> None:
        """``command``: other words than ``play horde ... --log game.jsonl`` (a resume)."""
        self.log = cwd / "game.jsonl"
        self.seen = ""
        if command is None:
            command = ["play", "horde", *_plain_flag(exe), "--log", str(self.log), *args]
        super().__init__(exe, command, cwd, ROWS, COLUMNS, env={"TERM": "xterm", "NO_COLOR": "1"})

    def got(self, data: bytes) -> None:
        self.seen += data.decode("utf-8", errors="replace")

    def wait_for(self, wanted: str, seconds: float = 60, raw: bool = False) -> str:
        return super().wait_for(wanted, seconds, raw)

    def last_line(self) -> str:
        lines = [line for line in self.text().splitlines() if line.strip()]
        return lines[-1] if lines else ""

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
        super().type(keys)
        self.pump(0.1)

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
