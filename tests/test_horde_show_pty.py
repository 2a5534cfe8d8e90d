"""``show`` and ``moves`` at a real Horde prompt: the installed ``cardcli`` in a pseudo-
terminal of 80 x 24, read back through a terminal emulator (pyte), as a person meets
them. What is shown is never logged."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("pseudo-terminals are POSIX", allow_module_level=True)


from tests import pty_screen
from tests.test_horde_show import BOARD

ROWS, COLUMNS = 24, 80


class Prompt(pty_screen.Pty):
    """``cardcli play horde`` at a terminal of ROWS x COLUMNS."""

    def __init__(self, exe: Path, args: list[str], cwd: Path) -> None:
        logs = {"CARDCLI_LOG_DIR": str(cwd / "logs")}
        super().__init__(exe, args, cwd, ROWS, COLUMNS, env=logs)

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def wait_for(self, wanted: str, seconds: float = 30, raw: bool = False) -> list[str]:  # type: ignore[override]
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(0.1)
            if any(wanted in line for line in self.lines()):
                return self.lines()
        raise AssertionError(f"{wanted!r} never appeared; the screen:\n" + "\n".join(self.lines()))

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())


@pytest.fixture
def prompt(cardcli_exe: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    setup = tmp_path / "setup.yaml"
    setup.write_text(BOARD)
    term = Prompt(cardcli_exe, ["play", "horde", "--setup", str(setup), "--seed", "5"], tmp_path)
    term.wait_for("p1>")
    yield term
    term.close()


def logged(tmp_path: Path) -> list[dict[str, object]]:
    (path,) = (tmp_path / "logs").iterdir()
    return [json.loads(line) for line in path.read_text().splitlines()]


# Ids of BOARD: the Horde's Zombie Giant #1, Zombies #2 #3; graveyard #4-#6, exile #7 ...
# p1's Savannah Lions #11, Honor of the Pure #12, Prodigal Pyromancer #13; hand #18 #19.
FORMS = [
    ("show #13", ["#13 Prodigal Pyromancer {2}{R}", "{T}: Prodigal Pyromancer deals 1 damage"]),
    ("show #1", ["#1 Zombie Giant (Horde token card)", "6/6 (base 5/5)", "1 +1/+1 counter"]),
    ("show Savannah Lions", ["#11 Savannah Lions {W}", "3/2 (base 2/1)", "automated"]),
    ("show savan", ["#11 Savannah Lions {W}"]),
    ("show light", ["#19 Lightning Bolt {R}", "in p1's hand · owner p1"]),
    ("show Zombie", ["'Zombie' fits 4 objects", "Zombie x2 (on the battlefield): #2 #3"]),
    ("show graveyard", ["the Horde's graveyard: 3 cards, oldest first", "p1's graveyard: empty"]),
    ("show graveyard horde", ["Zombie x2: #4 #6", "#5 Walking Corpse {1}{B}"]),
    ("show exile", ["the Horde's exile: 1 card", "#7 Zombie Giant"]),
    ("show hand p1", ["p1's hand: 2 cards", "#18 Pacifism {1}{W}"]),
    ("show #3 yes", ["show takes: [pN] | #ID ... | NAME | graveyard|exile|hand"]),
    ("show Zombi Gaint", ["did you mean 'Zombie Giant'?"]),
    ("show p2", ["p2's hand: empty"]),
]


@pytest.mark.parametrize(("line", "wanted"), FORMS, ids=[f[0] for f in FORMS])
def test_each_show_form_at_the_prompt(
    prompt: Prompt, tmp_path: Path, line: str, wanted: list[str]
) -> None:
    prompt.type(line + "\r")
    screen = prompt.wait_for(wanted[-1])
    for text in wanted:
        assert any(text in row for row in screen), (text, screen)
    assert not any("unknown command" in row or "rejected" in row for row in screen), screen
    prompt.type("quit\r")
    assert prompt.process.wait(timeout=30) == 0
    assert not any(str(e.get("text", "")).startswith("show") for e in logged(tmp_path))


def test_moves_names_the_pyromancers_ability_within_80_columns(prompt: Prompt) -> None:
    prompt.type("moves\r")
    screen = prompt.wait_for("p1 activate #13   Prodigal Pyromancer: {T}: Prodigal")
    row = next(r for r in screen if r.startswith("p1 activate #13"))
    assert len(row) == COLUMNS - 1 and row.endswith("…")  # cut, not wrapped onto a second row
    assert any(r.startswith("p1 tap #") for r in screen)
