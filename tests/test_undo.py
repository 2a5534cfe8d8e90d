"""``undo`` and ``redo`` in a paper Horde game (issue 24): the engine, the log, the terminal.

``undo`` takes back the last move a person made (with the bots' moves after it), by
setting the game up again from the header and applying every command still in effect;
``redo`` puts back what the last undo took back. Both are logged commands, so a log with
undos replays, validates, resumes and diffs like any (``cardcli/engine/undo.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardcli.engine.game import all_games
from cardcli.engine.replay import replay_lines
from cardcli.engine.schema import LineValidator
from cardcli.engine.session import Session
from cardcli.engine.undo import History, Step
from cardcli.games.horde.commands import parse as parse_horde
from cardcli.games.horde.stops import parse as parse_stops
from tests.conftest import REPO, new_session

PAPER = {"paper": True, "mulligan": "none"}
SEED = 3


def _paper(seed: int = SEED, **more: Any) -> tuple[Session, list[dict[str, Any]]]:
    return new_session("horde", seed=seed, **{**PAPER, **more})


def _next_move(session: Session) -> str:
    """What the table does next in these tests: pass the turn, or answer what is asked."""
    moves = session.state.legal_commands(session.state.to_move() or "p1")
    return "pass turn" if "pass turn" in moves else moves[0]


def _picture(session: Session) -> tuple[Any, ...]:
    """What a player at the table can tell about the game, and the Horde's hidden order."""
    state: Any = session.state
    table = state.table
    return (
        session.game.render(state, "p1,p2", 200),
        [obj.name for obj in table.players["horde"].zones["library"]],
        table.turn,
        table.step,
        state.to_move(),
        state.legal_commands(state.to_move() or "p1"),
    )


def _bare(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in line.items() if k != "seq"} for line in lines]


def _to_a_horde_turn(session: Session) -> tuple[tuple[Any, ...], str, list[dict[str, Any]]]:
    """Play on until a command runs a Horde turn that reveals cards (the game not over):
    the picture before that command, its text and its lines."""
    for _ in range(200):
        before = _picture(session)
        text = _next_move(session)
        outcome = session.submit(text)
        assert outcome.accepted, outcome.reason
        assert not session.over, "the game ended before a Horde turn could be undone"
        if any(line["type"] == "horde_revealed" for line in outcome.lines):
            return before, text, outcome.lines
    raise AssertionError("no Horde turn in 200 commands")


# -- the engine ---------------------------------------------------------------------------


def test_undo_takes_back_a_horde_turn_and_redo_gives_the_same_events() -> None:
    session, _lines = _paper()
    before, text, played = _to_a_horde_turn(session)
    after = _picture(session)
    assert after != before
    outcome = session.submit("undo")
    assert outcome.accepted, outcome.reason
    undone = outcome.lines[1:]
    who = played[0]["player"]
    assert _bare(undone) == [
        {"type": "undone", "command_seq": played[0]["seq"], "text": text, "player": who}
    ]
    assert _picture(session) == before  # the board, the Horde's library order, the step
    outcome = session.submit("redo")
    assert outcome.accepted, outcome.reason
    redone, *again = outcome.lines[1:]
    assert _bare([redone]) == [
        {"type": "redone", "command_seq": played[0]["seq"], "text": text, "player": who}
    ]
    assert _bare(again) == _bare(played[1:])  # the same reveals, casts and attacks
    assert _picture(session) == after


def test_after_an_undo_the_game_goes_on_as_if_the_move_was_never_made() -> None:
    """The Horde's random stream is restored too: what follows the undo is what would have
    followed without the move."""
    session, lines = _paper()
    _to_a_horde_turn(session)
    session.submit("undo")
    kept = [line["text"] for line in lines if line["type"] == "command"][:-2]
    fresh, _fresh_lines = _paper()
    for text in kept:
        assert fresh.submit(text).accepted
    assert _picture(fresh) == _picture(session)
    for _ in range(6):
        if session.over:
            break
        text = _next_move(session)
        ours, theirs = session.submit(text), fresh.submit(text)
        assert _bare(ours.lines) == _bare(theirs.lines)


def test_undo_twice_takes_back_two_moves_and_redo_twice_puts_both_back() -> None:
    session, _lines = _paper()
    pictures = [_picture(session)]
    given = []
    for _ in range(3):
        text = _next_move(session)
        given.append(session.submit(text).lines[0])
        pictures.append(_picture(session))
    first = session.submit("undo")
    second = session.submit("undo")
    assert first.accepted and second.accepted
    assert first.lines[1]["command_seq"] == given[2]["seq"]
    assert second.lines[1]["command_seq"] == given[1]["seq"]
    assert _picture(session) == pictures[1]
    assert session.submit("redo").accepted
    assert _picture(session) == pictures[2]
    assert session.submit("redo").accepted
    assert _picture(session) == pictures[3]
    refused = session.submit("redo")
    assert not refused.accepted and "nothing to redo" in (refused.reason or "")


def test_a_new_move_ends_what_redo_can_put_back() -> None:
    session, lines = _paper()
    session.submit(_next_move(session))
    session.submit(_next_move(session))
    assert session.submit("undo").accepted
    assert session.submit(_next_move(session)).accepted
    picture = _picture(session)
    count = len(lines)
    refused = session.submit("redo")
    assert not refused.accepted
    assert refused.reason is not None and refused.reason.startswith("nothing to redo")
    assert lines[count:] == refused.lines and refused.lines[0]["type"] == "rejected"
    assert _picture(session) == picture  # a rejected redo changes nothing


def test_undo_with_nothing_to_take_back_is_refused_and_the_stops_stay() -> None:
    """``stops default`` (what a terminal begins with) is a setting, not a move: undo passes
    over it, and it stays in effect."""
    session, _ = _paper()
    assert session.submit("stops default").accepted
    stops = dict(session.state.table.extra["stops"])  # type: ignore[attr-defined]
    refused = session.submit("undo")
    assert not refused.accepted
    assert refused.reason is not None and refused.reason.startswith("nothing to undo")
    assert session.submit("pass turn").accepted
    assert session.submit("stops main1 never").accepted
    off = dict(session.state.table.extra["stops"])  # type: ignore[attr-defined]
    assert off != stops
    outcome = session.submit("undo")
    assert outcome.accepted
    assert [line["text"] for line in outcome.lines[1:]] == ["pass turn"]  # not the stops
    assert dict(session.state.table.extra["stops"]) == off  # type: ignore[attr-defined]
    assert not session.submit("undo").accepted


def test_undo_takes_back_a_persons_move_with_the_bots_moves_after_it() -> None:
    """A reading of RULES.md: undo is a person's; the bot seats' moves that followed the
    person's move go with it (taking back only a bot's would have the bot make it again)."""
    seat = lambda text, bot=None: Step(parse_horde(text), "p1", bot, 0, text)  # noqa: E731
    stops = Step(parse_stops("stops default"), "p1", None, 0, "stops default")
    history = History()
    for step in (seat("keep"), stops, seat("pass"), seat("mulligan", "planner"), stops):
        history.add(step)
    taken = history.take_back()
    assert taken is not None and [s.text for s in taken] == ["pass", "mulligan"]
    assert [s.text for s in history.steps] == ["keep", "stops default", "stops default"]
    history.add(stops)  # a setting does not end what redo can put back
    assert history.undone == [taken]
    history.add(seat("pass"))
    assert history.undone == []


def test_undo_and_redo_are_refused_outside_a_paper_game() -> None:
    session, _lines = new_session("horde", seed=SEED, mulligan="none")
    picture = _picture(session)
    for word in ("undo", "redo", "p2 undo"):
        outcome = session.submit(word)
        assert not outcome.accepted
        assert outcome.reason == (
            "undo and redo are for horde games played with --paper "
            "(cardcli play horde --paper); here a command stands once accepted"
        )
    assert _picture(session) == picture


@pytest.mark.parametrize("game", [g.name for g in all_games() if g.name != "horde"])
def test_the_other_games_refuse_undo_in_one_line(game: str) -> None:
    session, lines = new_session(game, seed=1)
    count = len(lines)
    outcome = session.submit("undo")
    assert not outcome.accepted
    assert outcome.reason == (
        f"{game} has no undo or redo: a command stands once accepted "
        "(play on: 'moves' lists what you can do now)"
    )
    assert lines[count:] == outcome.lines and len(outcome.lines) == 1


def test_undo_takes_no_more_words_and_bots_never_undo() -> None:
    session, _ = _paper()
    session.submit(_next_move(session))
    outcome = session.submit("undo 2")
    assert not outcome.accepted and "say 'undo' alone" in (outcome.reason or "")
    assert session.history is not None and len(session.history.steps) == 1


# -- the log ------------------------------------------------------------------------------


def _game_with_undos() -> tuple[Session, list[dict[str, Any]]]:
    session, lines = _paper()
    _to_a_horde_turn(session)
    for text in ("undo", "undo", "redo", _next_move(session), "undo", "redo", "redo"):
        session.submit(text)
    return session, lines


def test_every_line_of_a_game_with_undos_validates_against_the_schema() -> None:
    _, lines = _game_with_undos()
    validator = LineValidator("horde")
    assert [line for line in lines if validator.errors(line)] == []
    kinds = {line["type"] for line in lines}
    assert {"undone", "redone"} <= kinds


def test_a_log_with_undos_replays_to_the_same_bytes() -> None:
    _, lines = _game_with_undos()
    replay, divergence, count = replay_lines(lines)
    assert divergence is None and replay.end() is None
    assert count == len(lines)


def _script(tmp_path: Path) -> tuple[Path, Path, list[str]]:
    """A paper game's commands with undos and redos, in two scripts (the second resumes)."""
    _session, lines = _game_with_undos()
    texts = [str(line["text"]) for line in lines if line["type"] in ("command", "rejected")]
    cut = len(texts) // 2
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("\n".join(texts[:cut]) + "\n", encoding="utf-8")
    second.write_text("\n".join(texts[cut:]) + "\n", encoding="utf-8")
    return first, second, texts


def _cli(exe: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(exe), *args], capture_output=True, text=True, cwd=cwd, check=False, timeout=120
    )


def _play_args(log: Path) -> list[str]:
    return [
        "play",
        "horde",
        "--paper",
        "--mulligan",
        "none",
        "--seed",
        str(SEED),
        "--log",
        str(log),
    ]


def test_replay_validate_resume_and_diff_take_a_log_with_undos(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    first, second, texts = _script(tmp_path)
    whole = tmp_path / "whole.txt"
    whole.write_text("\n".join(texts) + "\n", encoding="utf-8")
    one_go, resumed = tmp_path / "one-go.jsonl", tmp_path / "resumed.jsonl"
    assert _cli(cardcli_exe, *_play_args(one_go), str(whole), cwd=tmp_path).returncode == 0
    assert any(json.loads(x)["type"] == "undone" for x in one_go.read_text().splitlines())
    done = _cli(cardcli_exe, "replay", str(one_go), cwd=tmp_path)
    assert done.returncode == 0 and "replayed identically" in done.stdout + done.stderr
    done = _cli(cardcli_exe, "validate", str(one_go), cwd=tmp_path)
    assert done.returncode == 0 and "valid" in done.stdout + done.stderr
    # Interrupted after the first half (undos in it), resumed with the second half.
    assert _cli(cardcli_exe, *_play_args(resumed), str(first), cwd=tmp_path).returncode == 0
    done = _cli(cardcli_exe, "resume", str(resumed), str(second), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert resumed.read_bytes() == one_go.read_bytes()
    done = _cli(cardcli_exe, "diff", str(one_go), str(resumed), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    # A game without the undos differs from the first undo on: diff says where.
    plain = tmp_path / "no-undos.jsonl"
    without = tmp_path / "without.txt"
    without.write_text(
        "\n".join(t for t in texts if t not in ("undo", "redo")) + "\n", encoding="utf-8"
    )
    assert _cli(cardcli_exe, *_play_args(plain), str(without), cwd=tmp_path).returncode == 0
    first_undo = next(
        json.loads(x)["seq"]
        for x in one_go.read_text().splitlines()
        if json.loads(x).get("text") == "undo"
    )
    done = _cli(cardcli_exe, "diff", str(one_go), str(plain), cwd=tmp_path)
    assert done.returncode == 1
    assert f"line {first_undo + 1}" in done.stdout, done.stdout


# -- the terminal -------------------------------------------------------------------------


pty_only = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
SCENE = str(REPO / "scenarios" / "horde" / "setups" / "stops-a-land-and-nothing-else.yaml")


@pty_only
def test_undo_at_the_terminal_redraws_the_board_as_it_was(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    """Line mode (--plain): after 'undo' the board drawn is the restored one."""
    from tests.horde_terminal import HordeTerminal

    term = HordeTerminal(cardcli_exe, ["--paper", "--mulligan", "none", "--seed", "3"], tmp_path)
    try:
        before = term.prompt()
        board = before[before.index("HORDE") : before.rindex("Waiting for")]
        shown = term.command('adjust token p1 "Knight" 3/3 white')
        assert "undone" not in shown and "Knight 3/3" in shown
        after = term.command("undo")
        assert 'undone: p1 adjust token p1 "Knight" 3/3 white' in term.seen
        assert board in after, after  # the board as it was before the adjustment
        redone = term.command("redo")
        assert "redone: p1 adjust token" in term.seen
        assert board not in redone and "Knight 3/3" in redone
        term.type("quit\r")
        term.finish()
    finally:
        term.close()
    texts = term.commands()
    assert texts[-3:] == ['adjust token p1 "Knight" 3/3 white', "undo", "redo"]
    assert texts[0] == "stops default"


def _board_area(text: str) -> list[str]:
    """The live screen's board: its lines above the first rule."""
    lines = text.splitlines()
    return lines[: next(i for i, line in enumerate(lines) if line.startswith("-----"))]


@pty_only
def test_undo_on_the_live_screen_redraws_the_board_as_it_was(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    """The live screen (no --plain): the Horde's turn taken back, its board drawn again."""
    from tests.pty_screen import Pty

    args = ["play", "horde", "--paper", "--setup", SCENE, "--log", "game.jsonl"]
    term = Pty(cardcli_exe, args, tmp_path)
    try:
        term.wait_for("p1>")
        term.type("pass turn\r")  # the Bears may attack (a paper game checks no sickness)
        board = _board_area(term.wait_for("declare attackers"))
        assert any("Zombie Giant" in line for line in board)
        term.type("pass\r")  # no attack: the rest of the turn, then the Horde's
        term.wait_for("attacking p")
        assert _board_area(term.text()) != board
        term.type("undo\r")
        shown = term.wait_for("undone: p1 pass")
        term.pump(0.5)
        assert _board_area(term.text()) == board, shown
        term.type("quit\r")
        assert term.finish() == 0
    finally:
        term.close()


def test_the_undone_line_is_said_alone_when_a_resolution_waits() -> None:
    """The narration puts no 'is resolving' line over an undo's line (a boundary)."""
    from cardcli.games.horde.narration import narrate
    from cardcli.games.horde.view import describe

    undone = {"type": "undone", "command_seq": 57, "text": "pass turn", "player": "p1"}
    redone = {**undone, "type": "redone"}
    life = {"type": "life", "player": "p1", "delta": -1, "life": 39, "why": "effect"}
    said = narrate([undone], describe, 80, resolving=(26, "Vengeful Dead"))
    assert said == ["  undone: p1 pass turn (the command of seq 57)"]
    said = narrate([redone, life], describe, 80, resolving=(26, "Vengeful Dead"))
    assert said[0] == "  redone: p1 pass turn (the command of seq 57)"
    assert said[1] == "  #26 Vengeful Dead is resolving"


def test_any_person_at_the_table_may_say_undo_and_the_log_names_them() -> None:
    session, lines = _paper(players=3)
    given = session.submit(_next_move(session)).lines[0]
    outcome = session.submit("p3 UNDO")
    assert outcome.accepted
    assert _bare(outcome.lines) == [
        {"type": "command", "text": "p3 UNDO", "player": "p3"},
        {"type": "undone", "command_seq": given["seq"], "text": given["text"], "player": "p1"},
    ]
    replay, divergence, _ = replay_lines(lines)
    assert divergence is None and replay.end() is None
