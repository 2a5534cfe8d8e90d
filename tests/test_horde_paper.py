"""Horde run for a table of paper players (``play horde --paper``), and the Horde's size.

The checks of issue 24 that are not scenarios: 400 piped ``pass turn`` lines end a
three-player paper game with a valid, replayable log; the options' refusals; the players'
draws said, not done; Horde spells that reach the players' cards shown for the table.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cardcli.cli import cli
from cardcli.engine.schema import LineValidator
from tests.conftest import new_session


def cardcli(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def log_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_400_piped_pass_turn_lines_end_a_three_player_paper_game(tmp_path: Path, seed: int) -> None:
    """The issue's check, through a real process: exit 0, no traceback, the game over, a log
    that validates, replays byte for byte and resumes as finished."""
    run = subprocess.run(
        [sys.executable, "-m", "cardcli", "play", "horde", "--paper", "--players", "3",
         "--seed", str(seed)],
        input="pass turn\n" * 400, capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    lines = log_of(run.stdout)
    assert lines[-1]["type"] == "game_over"
    assert lines[-1]["result"]["winner"] in ("horde", "players")
    log = tmp_path / "paper.jsonl"
    log.write_text(run.stdout, encoding="utf-8")
    validator = LineValidator("horde")
    assert all(validator.errors(line) == [] for line in lines)
    assert cardcli("validate", str(log)).exit_code == 0
    replayed = cardcli("replay", str(log))
    assert replayed.exit_code == 0, replayed.stderr
    assert "replayed identically" in replayed.stderr + replayed.stdout


def test_paper_players_have_no_cards_in_the_engine_and_no_mulligan() -> None:
    session, lines = new_session("horde", seed=4, players=3, paper=True)
    table = session.state.table  # type: ignore[attr-defined]
    for seat in ("p1", "p2", "p3"):
        assert not table.players[seat].library and not table.players[seat].hand
    assert not [line for line in lines if line.get("type") == "library" and line["who"] != "horde"]
    assert table.pending is not None and table.pending.kind == "priority"  # no opening hands
    assert table.step == "main1" and table.turn == 1


def test_a_horde_spell_that_makes_players_draw_says_so_and_the_game_goes_on() -> None:
    """Vision Skeins: each player draws two: the players' draws happen at the table (said),
    the Horde's in the engine; an empty library loses no game in a paper game."""
    session, lines = new_session(
        "horde", seed=3, paper=True, horde_order="Zombie; Vision Skeins; Zombie; Zombie"
    )
    for _ in range(8):
        session.submit("pass turn")
    draws = [line for line in lines if line.get("type") == "at_table" and line["what"] == "draw"]
    assert [(d["who"], d["count"]) for d in draws] == [("p1", 2), ("p2", 2)]
    assert not [line for line in lines if line.get("type") == "empty_draw"]
    assert not [line for line in lines if line.get("type") == "team_lost"]


def test_a_horde_spell_that_reaches_the_players_cards_is_shown_for_the_table() -> None:
    session, lines = new_session(
        "horde", seed=3, paper=True, horde_order="Zombie; Delirium Skeins; Zombie"
    )
    for _ in range(8):
        session.submit("pass turn")
    shown = [line for line in lines if line.get("type") == "at_table" and line["what"] == "apply"]
    assert shown == [
        {"seq": shown[0]["seq"], "type": "at_table", "who": "players", "what": "apply",
         "card": "Delirium Skeins", "text": "Each player discards three cards."}
    ]  # fmt: skip
    # ... and a Horde spell that reaches only the players' life is not.
    session, lines = new_session(
        "horde", seed=3, paper=True, horde_order="Zombie; Lava Axe; Zombie"
    )
    for _ in range(8):
        session.submit("pass turn")
    assert [line for line in lines if line.get("type") == "damage" and line["amount"] == 5]
    assert not [line for line in lines if line.get("type") == "at_table"]


def test_survivors_and_size_cut_the_horde() -> None:
    for players, size in ((2, 60), (3, 75), (4, 100)):
        session, lines = new_session("horde", seed=1, players=players, survivors=True)
        table = session.state.table  # type: ignore[attr-defined]
        sized = next(line for line in lines if line.get("type") == "horde_size")
        assert (sized["size"], sized["of"], sized["why"]) == (size, 100, "survivors")
        library = next(
            line for line in lines if line.get("type") == "library" and line["who"] == "horde"
        )
        assert len(library["cards"]) == size
        revealed = len(table.players["horde"].zones.get("revealed", []))
        assert len(table.players["horde"].library) + revealed <= size
    session, lines = new_session("horde", seed=1, size=45, paper=True)
    assert len(session.state.table.players["horde"].library) == 45  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "40", "--survivors"], "give --size N or --survivors, not both"),
        (["--size", "101"], "--size 101: the Horde's deck has 100 cards"),
        (["--size", "1001"], "--size"),
        (["--paper", "--deck", "p1=DIR/x.txt"], "--paper: the players' decks stay at the table"),
    ],
)
def test_size_and_paper_refusals(args: list[str], message: str, tmp_path: Path) -> None:
    (tmp_path / "x.txt").write_text("4 Forest\n", encoding="utf-8")
    args = [a.replace("DIR", str(tmp_path)) for a in args]
    result = CliRunner().invoke(
        cli, ["play", "horde", "--seed", "1", *args], input="", catch_exceptions=False
    )
    assert result.exit_code != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_the_live_screen_of_a_paper_game(cardcli_exe: Path, tmp_path: Path) -> None:
    """At a terminal (80x24): the board says paper, shows what each player entered, what the
    Horde revealed, and asks the players what the Horde's Lightning Bolt hits."""
    from tests.pty_screen import Pty

    term = Pty(
        cardcli_exe,
        ["play", "horde", "--paper", "--seed", "3", "--log", "paper.jsonl",
         "--horde-order", "Zombie; Lightning Bolt; Zombie"],
        tmp_path,
    )  # fmt: skip
    try:
        screen = term.wait_for("p1>")
        assert "Horde Magic (paper)" in screen and "nothing entered" in screen
        assert "P1      at the table" in screen and "P1      hand" not in screen
        term.type('adjust token p1 "Knight" 3/3 white\r')
        screen = term.wait_for("#4 Knight 3/3")
        assert "(sick)" not in screen
        for _ in range(12):  # the preparation turns, then the Horde's first
            if "choose what it" in term.text():
                break
            term.type("pass\r")
            term.pump(0.5)
        screen = term.wait_for("choose what it")
        assert "revealed this turn: Zombie, Lightning Bolt" in screen
        assert "#4 Knight" in screen and "table" in screen
        term.type("choose #4\r")
        term.wait_for("-> #4")
        term.type("pass\r")
        term.wait_for("Knight")
        term.type("quit\r")
        assert term.finish() in (0, 1)
    finally:
        term.close()
    lines = log_of((tmp_path / "paper.jsonl").read_text(encoding="utf-8"))
    assert any(line.get("type") == "damage" and line.get("target") == 4 for line in lines)


def test_help_in_a_paper_game_speaks_of_what_paper_players_do() -> None:
    paper = cardcli("play", "horde", "--paper", "--seed", "3", "--plain", stdin="help\n")
    assert "Horde Magic for paper players" in paper.stderr
    assert "adjust card p1 Serra Angel" in paper.stderr and "undo | redo" in paper.stderr
    assert "p1 play Forest" not in paper.stderr  # no hand in the engine: nothing to play
    plain = cardcli("play", "horde", "--seed", "3", "--plain", stdin="help\n")
    assert "p1 play Forest" in plain.stderr and "paper players" not in plain.stderr


def test_pass_turn_ends_a_declaration_in_a_paper_game_only() -> None:
    """With an entered creature, 'pass turn' at the players' attack declares no attack and
    passes on (a table that only passes plays every turn); elsewhere it is refused there."""
    session, lines = new_session("horde", seed=2, paper=True, survivors=True)
    assert session.submit('adjust token p1 "Knight" 3/3 white').accepted
    outcomes = [session.submit("pass turn") for _ in range(60) if not session.over]
    assert all(outcome.accepted for outcome in outcomes), [o.reason for o in outcomes]
    assert session.over
    assert [line for line in lines if line.get("type") == "attackers" and line["team"] == "players"]
    setup = Path(__file__).resolve().parent.parent / "scenarios/horde/setups"
    session, lines = new_session("horde", seed=1, setup=str(setup / "blocking.yaml"))
    table = session.state.table  # type: ignore[attr-defined]
    while table.pending.kind != "attackers":  # to the players' attack (Craw Wurm, ...)
        assert session.submit("pass").accepted
    refused = session.submit("pass turn")
    assert not refused.accepted and refused.reason is not None
    assert refused.reason.startswith("'pass turn' passes priority; now: players: declare attackers")


def test_tab_completes_undo_and_redo_in_a_paper_game_only() -> None:
    from cardcli.games.horde import completion

    session, _ = new_session("horde", seed=1, paper=True)
    assert "undo" in completion.lines(session.state, "p1", "un")
    assert completion.lines(session.state, "p1", "re") == ["redo"]
    session, _ = new_session("horde", seed=1)
    assert "undo" not in completion.lines(session.state, "p1", "un")


def test_a_name_with_no_letter_names_no_card_but_underscores_name_their_card() -> None:
    """A line of replacement characters or "???" normalizes to nothing, as the card "_____"
    does; only underscores name that card (it was entered for any such name)."""
    session, lines = new_session("horde", seed=1, paper=True)
    for text in ("adjust card p1 \ufffd\ufffd\ufffd", "adjust card p1 ???"):
        outcome = session.submit(text)
        assert not outcome.accepted and "unknown card" in str(outcome.reason)
    assert session.submit("adjust card p1 _____").accepted
    assert [line["card"] for line in lines if line.get("type") == "adjusted"] == ["_____"]
