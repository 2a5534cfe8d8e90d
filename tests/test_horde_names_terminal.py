"""Names at a real terminal: the installed ``cardcli`` in a pseudo-terminal of 80 x 24.

What a person meets: a target named, a name that fits two objects asked, ``attack all but``,
a word the prompt knows in a form it does not take. The screen is read back through pyte.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("pseudo-terminals are POSIX", allow_module_level=True)

from tests import pty_screen  # (POSIX only: after the skip)

ROWS, COLUMNS = 24, 80
SETUPS = Path(__file__).resolve().parent.parent / "scenarios" / "horde" / "setups"


class Terminal(pty_screen.Pty):
    def __init__(self, exe: Path, args: list[str], cwd: Path) -> None:
        self.seen = ""  # every line that was on the screen, in order (it scrolls)
        super().__init__(exe, args, cwd, ROWS, COLUMNS)

    def got(self, data: bytes) -> None:
        # What was drawn: the screen after each read, and the text read (a line that
        # scrolled off within one read is in the text only).
        self.seen += "\n" + self.text() + "\n" + data.decode("utf-8", "replace")

    def wait_for(self, wanted: str, seconds: float = 30, raw: bool = False) -> str:
        """The screen once ``wanted`` was drawn on it (maybe scrolled off since)."""
        mark = len(self.seen)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(0.1)
            if wanted in self.seen[mark:]:
                return self.seen[mark:]
        raise AssertionError(f"{wanted!r} never appeared; the screen:\n{self.text()}")

    def line(self, keys: str) -> None:
        os.write(self.master, (keys + "\r").encode())


@pytest.fixture
def horde_at(cardcli_exe: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    opened: list[Terminal] = []

    def start(setup: str) -> Terminal:
        args = ["play", "horde", "--plain", "--seed", "1", "--setup", str(SETUPS / f"{setup}.yaml")]
        term = Terminal(cardcli_exe, [*args, "--log", str(tmp_path / "game.jsonl")], tmp_path)
        opened.append(term)
        term.wait_for("Zombie")
        return term

    yield start
    for term in opened:
        term.close()


def logged(tmp_path: Path) -> list[dict[str, object]]:
    path = tmp_path / "game.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def finish(term: Terminal) -> None:
    term.line("quit")
    end = time.monotonic() + 30
    while term.process.poll() is None and time.monotonic() < end:
        term.pump(0.1)
    assert term.process.poll() is not None, "cardcli did not end"


def test_a_name_that_fits_two_objects_is_asked_and_a_prefix_is_a_target(
    horde_at,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    term = horde_at("names-targets")
    term.line("p1 cast Lightning Bolt -> Zombie")
    screen = term.wait_for("which Zombie?")
    asked = next(line for line in screen.splitlines() if "which Zombie?" in line)
    assert "#2" in asked and "#3" in asked and "choose one, or cancel" in asked, asked
    assert "which Zombie? #2 (card), #3 (token)" in screen
    term.line("pass")  # not an answer: refused
    term.wait_for("which Zombie first: choose #2 or #3, or cancel")
    term.line("choose #3")
    term.wait_for("casts Lightning Bolt")
    term.line("p1 cast Lightning Bolt -> zombie g")
    term.wait_for("-> #1")
    finish(term)
    lines = logged(tmp_path)
    assert [line["text"] for line in lines if line["type"] == "rejected"] == ["pass"]
    casts = [
        line.get("targets") for line in lines if line["type"] == "cast" and line["who"] == "p1"
    ]
    assert casts == [["#3"], ["#1"]]


def test_attack_all_but_a_name_at_the_terminal(horde_at, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    term = horde_at("blocking-evasion")
    term.line("attack all but suntail, phantom")
    term.line("block Zombie Giant with Brute")  # not the time for it: the game says why
    term.wait_for("no blockers are being declared now")
    finish(term)
    declared = [line for line in logged(tmp_path) if line["type"] == "attack_declared"]
    assert declared == [{**declared[0], "ids": [6, 7]}]


def test_a_known_word_in_a_wrong_form_says_what_it_takes(horde_at, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    term = horde_at("names-targets")
    term.line("moves #2")
    term.wait_for("(not 'moves #2')")
    term.line("block")
    term.wait_for("block takes: block ATTACKER with BLOCKER")
    term.line("fly")
    term.wait_for("unknown command 'fly'")
    assert "[pN] cast CARD" not in term.seen  # the whole grammar is no more
    # The rejection is one row of 80 columns: its last words are on the row it begins.
    (row,) = {r for r in term.seen.splitlines() if r.startswith("rejected 'fly'")}
    assert row.endswith("block, pass, help"), row
    finish(term)
