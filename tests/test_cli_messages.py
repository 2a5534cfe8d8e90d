"""Messages that say where and what, and what to do instead (issue 12)."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cardcli.cli import cli
from tests.conftest import new_session

ORDER = "3d 7c 7h 4d 9c 9d 8d Ks 2h"


def cardcli(*args: str, stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def script(tmp_path: Path, text: str, name: str = "moves.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def log_of(result: Result) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_strict_names_the_script_its_line_and_the_command(tmp_path: Path) -> None:
    moves = script(tmp_path, "# a comment\n\nremove 7c 7h\nremove 2s 3s\ndone\n")
    result = cardcli("play", "shuffle-mania", "--order", ORDER, "--strict", moves)
    assert result.exit_code == 1
    assert result.stderr == (
        f"cardcli: error: {moves}:4: 'remove 2s 3s': 2s is not in the deck "
        "(--strict stops at the first rejected command)\n"
    )


def test_without_strict_each_rejected_script_line_is_said_on_stderr(tmp_path: Path) -> None:
    first = script(tmp_path, "remove 7c 7h\nremove 2s 3s\n", "a.txt")
    second = script(tmp_path, "\nremove 3d 4d\nauto\ndone\ncut 1\nauto\ndone\ncut 1\n", "b.txt")
    result = cardcli("play", "shuffle-mania", "--order", ORDER, first, second)
    assert result.exit_code == 0
    said = result.stderr.splitlines()
    assert said[0] == f"{first}:2: rejected 'remove 2s 3s': 2s is not in the deck"
    assert said[1].startswith(f"{second}:2: rejected 'remove 3d 4d': 3d and 4d became neighbours")
    rejected = [line for line in log_of(result) if line["type"] == "rejected"]
    assert len(rejected) == len([line for line in said if " rejected '" in line])


def test_a_script_that_ends_before_the_game_says_so(tmp_path: Path) -> None:
    moves = script(tmp_path, "remove 7c 7h\n")
    result = cardcli("play", "shuffle-mania", "--order", ORDER, moves)
    assert result.exit_code == 0
    assert result.stderr == (
        "cardcli: the script ended before the game did: the log is of an unfinished game "
        "(continue it with 'cardcli resume LOG')\n"
    )
    log = tmp_path / "kept.jsonl"
    piped = cardcli("play", "shuffle-mania", "--order", ORDER, "--log", str(log), stdin="auto\n")
    assert "the input ended before the game did" in piped.stderr
    assert f"'cardcli resume {log}'" in piped.stderr
    finished = cardcli(
        "play",
        "shuffle-mania",
        "--order",
        ORDER,
        stdin="auto\ndone\ncut 1\nauto\ndone\ncut 1\nauto\ndone\n",
    )
    assert log_of(finished)[-1]["type"] == "game_over" and finished.stderr == ""


def _reason(game: str, text: str, **given: Any) -> str:
    session, _lines = new_session(game, **given)
    outcome = session.submit(text)
    assert not outcome.accepted
    return outcome.reason or ""


def test_unknown_command_words_get_did_you_mean() -> None:
    remvoe = _reason("shuffle-mania", "remvoe 1 2")
    assert remvoe == "unknown command 'remvoe'; did you mean 'remove'? ('help' lists every command)"
    assert "did you mean 'help'?" in _reason("shuffle-mania", "hlep")  # the prompt's words too
    assert "did you mean 'cast'?" in _reason("hunsberger", "csat Swamp")
    session, _lines = new_session(
        "double-solitaire", seats={"p1": "human", "p2": "easy"}, clock="step"
    )
    assert "did you mean 'flip'?" in (session.submit("@10 flp").reason or "")
    assert "'stak' is not a place; did you mean 'stack'?" in (
        session.submit("@20 stak f").reason or ""
    )
    # Nothing close: no guess, the list of commands only.
    far = _reason("shuffle-mania", "banana")
    assert "did you mean" not in far and "commands: remove" in far


def _bot_log(tmp_path: Path, *args: str) -> list[str]:
    result = cardcli("play", "shuffle-mania", "--bot", "greedy", "--seed", "7", *args)
    return result.stdout.splitlines(keepends=True)


def test_replay_of_a_log_with_a_line_missing_says_a_line_is_missing(tmp_path: Path) -> None:
    lines = _bot_log(tmp_path)
    gap = tmp_path / "gap.jsonl"
    gap.write_text("".join(lines[:19] + lines[20:]), encoding="utf-8")
    result = cardcli("replay", str(gap))
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"{gap}:20: first divergence at seq 19: seq 20 follows 18: one line is missing before "
        "it (the engine writes a 'pass_started' line here)"
    )
    resumed = cardcli("resume", str(gap), stdin="")
    assert "seq 20 follows 18: one line is missing" in resumed.stderr
    # A seq that is wrong, with no line missing, is not called a missing line.
    edited = tmp_path / "edited.jsonl"
    edited.write_text(
        "".join([*lines[:19], lines[19].replace('"seq":19', '"seq":25'), *lines[20:]]),
        encoding="utf-8",
    )
    said = cardcli("replay", str(edited)).stdout.splitlines()[0]
    assert "missing" not in said and "seq (25 in the log, 19 replayed)" in said


def test_replay_show_draws_the_start_then_each_command_with_its_events(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("".join(_bot_log(tmp_path)), encoding="utf-8")
    out = cardcli("replay", "--show", str(log)).stdout.splitlines()
    first_command = next(i for i, line in enumerate(out) if line.startswith("[8] (greedy)> "))
    assert out[first_command - 6].startswith("Shuffle-Mania (hard, uniform) - 52 cards - pass 1")
    assert out[first_command + 1].startswith("  removed 5c 5s (positions 8-9 of 52")
    assert "  pass 1 ended: 10 removed, 42 left" in out


def test_replay_show_draws_the_board_for_any_seat(tmp_path: Path) -> None:
    played = cardcli(
        "play",
        "horde",
        "--setup",
        "scenarios/horde/setups/midgame.yaml",
        "--seed",
        "5",
        stdin="pass\n",
    )
    log = tmp_path / "horde.jsonl"
    log.write_text(played.stdout, encoding="utf-8")
    as_p2 = cardcli("replay", "--show", "--seat", "p2", str(log)).stdout
    assert "p2's hand: #36 Giant Growth" in as_p2 and "p1's hand" not in as_p2
    as_p1 = cardcli("replay", "--show", "--seat", "p1", str(log)).stdout
    assert "p1's hand: " in as_p1 and "p2's hand" not in as_p1
    wrong = cardcli("replay", "--show", "--seat", "p5", str(log))
    assert wrong.exit_code == 2 and "this game has seats p1, p2" in wrong.stderr
    alone = cardcli("replay", "--seat", "p2", str(log))
    assert alone.exit_code == 2 and "give --show too" in alone.stderr


def test_simulate_logs_refuses_a_directory_that_holds_logs_unless_force(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    args = ("simulate", "shuffle-mania", "--games", "3", "--seed", "1", "--logs", str(logs))
    assert cardcli(*args).exit_code == 0 and len(list(logs.glob("*.jsonl"))) == 3
    before = {p.name: p.read_bytes() for p in logs.iterdir()}
    again = cardcli(*args[:-2], "--seed", "2", "--logs", str(logs))
    assert again.exit_code == 2 and "already holds 3 logs" in again.stderr
    assert "--force" in again.stderr
    assert {p.name: p.read_bytes() for p in logs.iterdir()} == before  # nothing written
    forced = cardcli(*args[:-2], "--seed", "2", "--logs", str(logs), "--force")
    assert forced.exit_code == 0
    assert {p.name: p.read_bytes() for p in logs.iterdir()} != before


def test_workers_auto_uses_every_core_and_gives_the_same_summary() -> None:
    from cardcli.cli.params import cores as _cores

    usable = (
        os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else range(os.cpu_count() or 1)
    )
    assert _cores() == len(usable)
    args = ("simulate", "shuffle-mania", "--games", "20", "--seed", "3", "--json")
    auto = cardcli(*args, "--workers", "auto")
    assert auto.exit_code == 0 and auto.stdout == cardcli(*args).stdout
    bad = cardcli(*args, "--workers", "many")
    assert bad.exit_code == 2 and "write 1 to 256, or auto" in bad.stderr


def test_ctrl_c_during_simulate_keeps_the_games_finished(monkeypatch: Any) -> None:
    from cardcli import simulate

    real = simulate.play_one

    def stop_at_five(job: Any, index: int) -> dict[str, Any]:
        if index == 5:
            raise KeyboardInterrupt
        return real(job, index)

    monkeypatch.setattr(simulate, "play_one", stop_at_five)
    args = ("simulate", "shuffle-mania", "--seed", "3", "--json")
    result = cardcli(*args, "--games", "50")
    assert result.exit_code == 130 and "Traceback" not in result.stderr
    assert "interrupted after 5 of 50 games; the summary below is of the first 5" in result.stderr
    monkeypatch.setattr(simulate, "play_one", real)
    assert result.stdout == cardcli(*args, "--games", "5").stdout  # the same as --games 5


def test_ctrl_c_stops_simulate_workers_without_a_traceback(tmp_path: Path) -> None:
    returncode, err = _ctrl_c_simulate(tmp_path, "hunsberger", "100000", logs_first=30, wait=20)
    assert returncode == 130, err
    assert b"Traceback" not in err and b"interrupted after " in err
    assert b"hunsberger-NNNNNN.jsonl" in err


def _completions(*words: str) -> list[tuple[str, str]]:
    """What shell completion offers after ``cardcli WORDS...`` (the last one being typed)."""
    from click.shell_completion import ShellComplete

    complete = ShellComplete(cli, {}, "cardcli", "_CARDCLI_COMPLETE")
    return [
        (item.type, item.value) for item in complete.get_completions(list(words[:-1]), words[-1])
    ]


def test_shell_completion_of_files_games_bots_and_cards() -> None:
    for words in (
        ("replay", "ga"),
        ("resume", "x"),
        ("validate", "a.jsonl", "b"),
        ("diff", "a.jsonl", ""),
        ("deck", "validate", ""),
        ("deck", "show", ""),
        ("cards", "import", ""),
        ("play", "shuffle-mania", "--log", ""),
        ("play", "shuffle-mania", "moves"),
        ("resume", "game.jsonl", "more"),
        ("play", "hunsberger", "--deck", ""),
    ):
        assert [kind for kind, _ in _completions(*words)] == ["file"], words
    assert _completions("simulate", "horde", "--logs", "") == [("dir", "")]
    for command in ("rules", "play", "simulate"):
        assert ("plain", "hunsberger") in _completions(command, "hu")
    assert _completions("play", "shuffle-mania", "--bot", "") == [
        ("plain", "greedy"),
        ("plain", "random"),
    ]
    seats = {value for _, value in _completions("play", "horde", "--players", "3", "--seat", "p3")}
    assert "p3=human" in seats and all(v.startswith("p3=") for v in seats)
    assert ("plain", "p2=hard") in _completions("simulate", "double-solitaire", "--seat", "p2=h")
    assert ("plain", "p2=human") not in _completions("simulate", "double-solitaire", "--seat", "p2")
    bolts = [value for _, value in _completions("cards", "show", "lightning", "b")]
    assert "Bolt" in bolts and "Blast" in bolts and all(b.startswith("B") for b in bolts)
    assert ("plain", "Twilights Call") in _completions("cards", "show", "twil")
    assert (
        cardcli("cards", "show", "Twilights", "Call").exit_code == 0
    )  # what it completes finds it


def test_shell_completion_says_nothing_of_a_deck_it_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The seats of --players and --deck given so far are offered: the decks
    # are read, but a deck's warning on stderr would break the line being typed.
    small = tmp_path / "small.txt"
    small.write_text("24 Mountain\n", encoding="utf-8")
    seats = _completions("play", "horde", "--deck", f"p1={small}", "--seat", "p")
    assert ("plain", "p2=basic") in seats
    assert capsys.readouterr().err == ""


def test_counts_are_said_in_good_grammar() -> None:
    from cardcli.games.shuffle_mania.view import describe

    session, _lines = new_session("shuffle-mania", order="3d 3c Ks")
    assert session.submit("auto").accepted and session.submit("done").accepted
    assert session.submit("cut 2").reason == "a deck of 1 card cannot be cut: type 'cut'"
    board = session.game.render(session.state, None, None)
    assert " - 1 card - " in board
    assert describe({"type": "player_finished", "cards_left": 1}) == "finished with 1 card"
    result = {"winners": ["p1"], "scores": {"p1": 1}, "passes": {"p1": 2}, "tie": False}
    assert describe({"type": "game_over", "result": result}).startswith("game over: 1 card left")
    one = cardcli("simulate", "shuffle-mania", "--games", "1", "--seed", "1")
    assert "shuffle-mania: 1 game\n" in one.stdout and "(s)" not in one.stdout
    assert ", 0 wins\n" in one.stdout or ", 1 win\n" in one.stdout
    two, _lines = new_session("shuffle-mania", order="3d 4c 3c")
    assert two.submit("remove 1 3").reason == (
        "the cards are not next to each other: position 2 lies between them"
    )


def test_every_option_of_every_command_has_help() -> None:
    import click

    from cardcli.cli import cli as group

    missing: list[str] = []

    def walk(command: click.Command, path: list[str], ctx: click.Context) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub, [*path, name], click.Context(sub, parent=ctx, info_name=name))
        for param in command.params:
            if isinstance(param, click.Option) and not (param.help or "").strip():
                missing.append(f"{' '.join(path)} {param.opts[0]}")

    walk(group, ["cardcli"], click.Context(group, info_name="cardcli"))
    assert missing == []


def test_rules_pages_through_pager_at_a_terminal(tmp_path: Path) -> None:
    import pty
    import subprocess
    import sys
    import threading

    paged = tmp_path / "paged.txt"
    main, child = pty.openpty()

    def drain() -> None:  # the terminal's side: read all, so the pager never blocks
        with contextlib.suppress(OSError):
            while os.read(main, 65536):
                pass

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    env = {**os.environ, "PAGER": f"tee {paged}", "TERM": "xterm"}
    done = subprocess.run(
        [sys.executable, "-m", "cardcli", "rules", "shuffle-mania"],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        timeout=30,
        check=False,
    )
    os.close(child)
    reader.join(timeout=5)
    os.close(main)
    assert done.returncode == 0
    assert paged.read_text(encoding="utf-8").startswith("# Shuffle-Mania (as cardcli plays it)")
    piped = cardcli("rules", "shuffle-mania")  # not a terminal: printed as it is
    assert piped.stdout.startswith("# Shuffle-Mania")


def test_a_number_too_long_is_called_too_large_not_malformed() -> None:
    from click.testing import CliRunner

    from cardcli.cli import cli

    result = CliRunner().invoke(cli, ["play", "shuffle-mania", "--seed", "9" * 30], input="")
    assert result.exit_code == 2
    assert "(30 digits) is too large: 0 to" in result.output
    assert "not a whole number" not in result.output


def test_a_seat_given_twice_and_a_batch_without_a_cluster_are_usage_errors() -> None:
    from click.testing import CliRunner

    from cardcli.cli import cli

    twice = CliRunner().invoke(
        cli, ["play", "shuffle-mania", "--seat", "p1=greedy", "--seat", "p1=random"], input=""
    )
    assert twice.exit_code == 2 and "p1 is given twice" in twice.stderr
    batch = CliRunner().invoke(cli, ["simulate", "shuffle-mania", "--games", "2", "--batch", "5"])
    assert batch.exit_code == 2 and "give --cluster too" in batch.stderr


def test_ctrl_c_with_workers_keeps_the_games_whose_results_came_back(tmp_path: Path) -> None:
    """Chunks are a fraction of a second of play: after dozens of finished Horde games a
    Ctrl-C has a summary (once a whole chunk of 100 could come back with nothing kept)."""
    returncode, err = _ctrl_c_simulate(tmp_path, "horde", "5000", logs_first=60, wait=60)
    assert returncode == 130, err
    assert b"the summary below is of the first" in err, err


def _ctrl_c_simulate(
    tmp_path: Path, game: str, games: str, logs_first: int, wait: float
) -> tuple[int, bytes]:
    """``simulate GAME --workers 2 --logs``, Ctrl-C once ``logs_first`` logs exist: (exit, stderr)."""
    import signal
    import subprocess
    import sys
    import time

    logs = tmp_path / "logs"
    command = [sys.executable, "-m", "cardcli", "simulate", game, "--games", games]
    process = subprocess.Popen(
        [*command, "--seed", "1", "--workers", "2", "--logs", str(logs)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and len(list(logs.glob("*.jsonl"))) < logs_first:
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C at a terminal does
    try:
        _out, err = process.communicate(timeout=90)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # never leave the workers running
        process.communicate()
        raise
    return process.returncode, err
