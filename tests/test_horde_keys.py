"""The Horde prompt's keys: Tab completes, Ctrl-C clears a line.

Each is met where a person meets it: in a real pseudo-terminal of 80 x 24
(``tests/horde_terminal.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardcli.games.horde import completion
from tests.conftest import new_session

SCENE = str(
    Path(__file__).parent.parent / "scenarios/horde/setups/stops-a-land-and-nothing-else.yaml"
)


@pytest.fixture
def terminal(cardcli_exe: Path, tmp_path: Path) -> Iterator[Any]:
    if sys.platform == "win32":  # pragma: no cover
        pytest.skip("pseudo-terminals are POSIX")
    from tests.horde_terminal import HordeTerminal

    opened: list[HordeTerminal] = []

    def start(*args: str) -> HordeTerminal:
        term = HordeTerminal(cardcli_exe, list(args), tmp_path)
        opened.append(term)
        return term

    yield start
    for term in opened:
        term.close()


def test_tab_completes_a_card_in_hand_and_never_gets_into_the_log(terminal: Any) -> None:
    term = terminal("--seed", "1", "--setup", SCENE)
    term.prompt()
    term.type("p2 pl\t")
    term.type("P\t")
    assert term.last_line().rstrip() == "p1> p2 play Plains"
    term.command("")
    term.type("pass\tturn")  # Tab completes the word and puts a space, not a tab
    term.command("")
    texts = term.commands()
    assert texts[1:3] == ["p2 play Plains", "pass turn"]
    assert "\t" not in term.log.read_text(encoding="utf-8")


def test_tab_completes_names_on_the_battlefield_and_the_words_of_pass(terminal: Any) -> None:
    term = terminal("--seed", "1", "--setup", SCENE)
    term.prompt()
    term.type("attack Zom\t")
    assert term.last_line().rstrip() == "p1> attack Zombie Giant"
    term.type("\x15")  # Ctrl-U: the line is empty again
    term.type("pass until m\t")
    assert term.last_line().rstrip() == "p1> pass until my turn"
    term.command("")
    assert term.commands()[-1] == "pass until my turn"


def test_ctrl_c_clears_a_line_with_text_and_ends_the_game_on_an_empty_one(terminal: Any) -> None:
    term = terminal("--seed", "1", "--setup", SCENE)
    term.prompt()
    term.type("block Zombie Giant with Grizzly")
    term.type("\x03")
    term.prompt()
    assert term.process.poll() is None, "the game goes on"
    term.command("p2 play Plains")
    assert term.commands() == ["stops default", "p2 play Plains"]  # the cleared line: nowhere
    term.type("\x03")  # on an empty line: as before
    assert term.finish() == 130
    assert "interrupted: every line so far is in the log" in term.text()


def test_the_completion_of_the_prompt_reads_the_state() -> None:
    session, _ = new_session("horde", seed=1, players=2, setup=SCENE)
    state = session.state
    assert completion.lines(state, "p1", "p2 play P") == ["p2 play Plains"]
    assert completion.lines(state, "p1", "play P") == []  # p1, to move, holds no Plains
    assert completion.lines(state, "p1", "block #1 with Gri") == ["block #1 with Grizzly Bears"]
    assert completion.lines(state, "p1", "stops horde-spells in") == ["stops horde-spells instant"]
    assert completion.lines(state, "p1", "pa") == ["pass"]


def test_a_full_screen_gets_the_same_completion() -> None:
    """The live screen's input line (prompt_toolkit) completes as the line prompt does."""
    from prompt_toolkit.document import Document

    from cardcli.terminal import screen_completer

    session, _ = new_session("horde", seed=1, players=2, setup=SCENE)
    completer = screen_completer(session, lambda: "p1")
    found = list(completer.get_completions(Document("block #1 with Gri"), None))
    assert [(c.text, c.start_position) for c in found] == [("Grizzly Bears", -3)]
    found = list(completer.get_completions(Document("p2 play "), None))
    assert [c.text for c in found] == ["Plains"]


def test_after_the_arrow_tab_completes_targets_on_the_battlefield() -> None:
    midgame = Path(__file__).parent.parent / "scenarios" / "horde" / "setups" / "midgame.yaml"
    session, _ = new_session("horde", seed=5, setup=str(midgame))
    lines = completion.lines(session.state, "p1", "p1 cast Lightning Bolt -> Zombie G")
    assert lines == ["p1 cast Lightning Bolt -> Zombie Giant"]
    assert "p1 cast Lightning Bolt -> Zombie" in completion.lines(
        session.state, "p1", "p1 cast Lightning Bolt -> zom"
    )
