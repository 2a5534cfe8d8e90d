"""What a person sees at a terminal: widths, move lists, history, the doctests."""

from __future__ import annotations

import doctest
import importlib

import pytest

from cardcli import terminal
from tests.conftest import new_session

DOCTESTED = [
    "cardcli.terminal",
    "cardcli.printable",
    "cardcli.cards.mtg.decklist",
    "cardcli.games.shuffle_mania.view",
    "cardcli.cards.mtg.pool",
    "cardcli.cards.mtg.model",
]


@pytest.mark.parametrize("name", DOCTESTED)
def test_the_doctests_hold(name: str) -> None:
    failed, _tried = doctest.testmod(importlib.import_module(name))
    assert failed == 0


@pytest.mark.parametrize("width", [40, 80, 100, 132])
def test_the_shuffle_mania_board_fits_the_terminal_without_splitting_a_card(width: int) -> None:
    session, _ = new_session("shuffle-mania", seed=7, jokers=True)
    board = session.game.render(session.state, "p1", width)
    rows = board.splitlines()[1:]
    assert all(len(row) < width for row in rows), board
    cells = [cell for row in rows for cell in row.split()]
    assert len(cells) == 54 and all(":" in cell for cell in cells)


def test_moves_summarises_long_families(monkeypatch: pytest.MonkeyPatch) -> None:
    session, _ = new_session("shuffle-mania", seed=7, level="hard")
    session.submit("auto")
    session.submit("done")
    left = len(session.state.hands["p1"].deck)  # type: ignore[attr-defined]
    assert session.state.legal_commands("p1")[:3] == ["cut", "cut 1", "cut 2"]
    said: list[str] = []
    monkeypatch.setattr(terminal, "width", lambda: 80)
    terminal.answer_meta(session, "moves", "p1", said.append)
    assert said == [f"cut | cut [1-{left - 1}]"]


def test_moves_keeps_short_families_whole() -> None:
    assert terminal.summarise_moves(["cut 1", "cut 2", "cut 3"]) == ["cut 1", "cut 2", "cut 3"]
    assert terminal.summarise_moves([f"x {n}" for n in (1, 2, 3, 7, 9, 10)]) == ["x [1-3,7,9-10]"]


def test_history_is_kept_a_file_a_game(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert (
        terminal.history_path("double-solitaire")
        == tmp_path / "cardcli" / "history-double-solitaire"
    )
    assert terminal.history_path("shuffle-mania") != terminal.history_path("double-solitaire")


def test_the_double_solitaire_board_shows_the_others() -> None:
    session, _ = new_session("double-solitaire", seed=3, players=3)
    board = session.game.render(session.state, "p1", None)
    others = [line for line in board.splitlines() if line.startswith(("p2:", "p3:"))]
    assert len(others) == 2
    assert all("stack 13" in line and "piles" in line and "score 0" in line for line in others)
