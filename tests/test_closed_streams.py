"""Closed standard streams, full disks, cut pipes and numbers too long to read (issue 27).

Each case runs cardcli as a real process, the way a shell starts it (``<&-``,
``>&-``, ``2>&-``, ``> /dev/full``, ``| head -c1``), since Python's own handling
of a closed descriptor is what goes wrong.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardcli.engine.game import get_game
from cardcli.engine.session import Session

CARDCLI = [sys.executable, "-m", "cardcli"]
BIG = "9" * 5000


def shell(script: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """``script`` run by sh with ``CARDCLI`` standing for this Python's cardcli."""
    env = {**os.environ, "CARDCLI": " ".join(CARDCLI)}
    return subprocess.run(["sh", "-c", script], cwd=cwd, env=env, capture_output=True, timeout=120)


def no_traceback(result: subprocess.CompletedProcess[bytes]) -> None:
    assert b"Traceback" not in result.stderr + result.stdout, result.stderr.decode()[-2000:]


@pytest.mark.parametrize(
    "command",
    [
        "play shuffle-mania --seed 1",
        "play horde --players 2 --bot basic --seed 3",
        "replay -",
        "validate -",
        "deck validate -",
    ],
)
def test_a_closed_stdin_reads_as_the_end_of_the_input(tmp_path: Path, command: str) -> None:
    result = shell(f"$CARDCLI {command} <&- > out.jsonl 2> err.txt; echo $? > rc", tmp_path)
    no_traceback(result)
    err = (tmp_path / "err.txt").read_bytes()
    assert b"Traceback" not in err
    code = int((tmp_path / "rc").read_text())
    if command.startswith(("replay", "validate", "deck")):
        assert code == 2 and len(err.decode().strip().splitlines()) == 1, err
    else:
        assert code == 0
        lines = (tmp_path / "out.jsonl").read_bytes().splitlines()
        assert json.loads(lines[0])["type"] == "game_started"


def test_resume_with_a_closed_stdin_goes_on_with_no_input(tmp_path: Path) -> None:
    shell("$CARDCLI play shuffle-mania --seed 4 < /dev/null > game.jsonl 2>/dev/null", tmp_path)
    before = (tmp_path / "game.jsonl").read_bytes()
    result = shell("$CARDCLI resume game.jsonl <&- > /dev/null; echo $? > rc", tmp_path)
    no_traceback(result)
    assert (tmp_path / "game.jsonl").read_bytes() == before
    assert int((tmp_path / "rc").read_text()) == 0


@pytest.mark.parametrize("command", ["rules horde", "games", "--version", "play shuffle-mania"])
def test_a_closed_stdout_is_an_error_not_silence(tmp_path: Path, command: str) -> None:
    result = shell(f"$CARDCLI {command} < /dev/null >&-", tmp_path)
    no_traceback(result)
    assert result.returncode == 1
    message = result.stderr.decode().strip()
    assert len(message.splitlines()) == 1
    assert message.startswith("cardcli: error: ")
    assert "standard output is closed" in message


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("command", ["rules horde", "games", "--version"])
def test_a_full_disk_under_stdout_is_one_line(tmp_path: Path, command: str) -> None:
    result = shell(f"$CARDCLI {command} > /dev/full", tmp_path)
    no_traceback(result)
    assert result.returncode == 1
    assert result.stderr.decode().strip().startswith("cardcli: error: cannot read or write: ")
    assert len(result.stderr.decode().strip().splitlines()) == 1


def test_a_closed_stderr_keeps_the_notes_out_of_the_log(tmp_path: Path) -> None:
    """Stdout carries the log and nothing else, whatever happens to stderr."""
    result = shell("$CARDCLI play shuffle-mania --seed 1 < /dev/null 2>&-", tmp_path)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines and all(json.loads(line)["seq"] >= 0 for line in lines)
    replayed = shell("$CARDCLI play shuffle-mania --seed 1 < /dev/null 2>/dev/null", tmp_path)
    assert replayed.stdout == result.stdout


def test_a_reader_that_stops_reading_does_not_cut_the_log_file(tmp_path: Path) -> None:
    """``play --log FILE | head -c1``: the file is completed, and the end says so."""
    command = "play horde --players 2 --bot basic --seed 3"
    result = shell(f"$CARDCLI {command} --log game.jsonl | head -c1 > /dev/null", tmp_path)
    no_traceback(result)
    whole = shell(f"$CARDCLI {command} 2>/dev/null", tmp_path).stdout
    assert (tmp_path / "game.jsonl").read_bytes() == whole
    assert json.loads(whole.splitlines()[-1])["type"] == "game_over"
    assert b"the whole log is in game.jsonl" in result.stderr


def test_a_log_on_stdout_alone_that_is_cut_says_so_and_fails(tmp_path: Path) -> None:
    result = shell(
        "$CARDCLI play horde --players 2 --bot basic --seed 3 | head -c1 > /dev/null;"
        " echo $? > /dev/null",
        tmp_path,
    )
    no_traceback(result)
    # sh gives the pipeline head's status; ask the first process for its own
    status = shell(
        "($CARDCLI play horde --players 2 --bot basic --seed 3; echo $? > rc) | head -c1 > /dev/null",
        tmp_path,
    )
    no_traceback(status)
    assert int((tmp_path / "rc").read_text()) == 1
    assert b"the log on standard output stopped after" in status.stderr
    assert b"cardcli resume" in status.stderr


def test_a_goal_of_five_thousand_digits_is_refused_in_one_line(tmp_path: Path) -> None:
    result = shell(f"$CARDCLI play hunsberger --goal {BIG} < /dev/null", tmp_path)
    no_traceback(result)
    assert result.returncode == 2
    message = result.stderr.decode().strip()
    assert len(message.splitlines()) == 1 and len(message) < 400, message


@pytest.mark.parametrize("digits", [4000, 5000])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_setup_token_with_a_huge_power_is_refused(
    tmp_path: Path, digits: int, command: str
) -> None:
    position = {
        "horde": {
            "battlefield": [{"token": {"name": "Z", "types": ["Creature"], "power": "9" * digits}}],
            "library": ["Zombie"],
        },
        "p1": {"library": ["Forest"] * 5},
        "p2": {"library": ["Forest"] * 5},
    }
    (tmp_path / "setup.json").write_text(json.dumps(position))
    extra = "--games 2" if command == "simulate" else "--bot basic"
    result = shell(
        f"$CARDCLI {command} horde --players 2 --setup setup.json {extra} < /dev/null", tmp_path
    )
    no_traceback(result)
    assert result.returncode == 2
    assert len(result.stderr.decode().strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("game", "options", "text"),
    [
        ("horde", {"players": 2}, f"p1 activate Forest {BIG}"),
        ("horde", {"players": 2}, f"activate #1 {BIG}"),
        ("hunsberger", {}, f"cast h{BIG}"),
        ("hunsberger", {}, f"save s{BIG}"),
    ],
)
def test_a_number_too_long_to_read_in_a_command_is_rejected(
    game: str, options: dict[str, int], text: str
) -> None:
    chosen = get_game(game)
    resolved, setup = chosen.resolve_options(chosen.load_given(options))
    session = Session(chosen, resolved, setup, 1, None)
    outcome = session.submit(text)
    assert not outcome.accepted


def test_play_log_on_a_file_cut_inside_its_header_says_what_was_lost(tmp_path: Path) -> None:
    whole = shell("$CARDCLI play horde --players 2 --bot basic --seed 3", tmp_path).stdout
    (tmp_path / "cut.jsonl").write_bytes(whole[:300])
    result = shell("$CARDCLI play horde --players 2 --log cut.jsonl < /dev/null", tmp_path)
    no_traceback(result)
    assert result.returncode == 2
    message = result.stderr.decode()
    assert "cut off inside its first line" in message
    assert "nothing in it can be resumed" in message
    assert "cardcli play horde --seed 3 --log NEW" in message
    assert (tmp_path / "cut.jsonl").read_bytes() == whole[:300]  # left as it was


def test_resume_of_a_log_cut_inside_its_header_says_what_was_lost(tmp_path: Path) -> None:
    whole = shell("$CARDCLI play horde --players 2 --bot basic --seed 3", tmp_path).stdout
    (tmp_path / "cut.jsonl").write_bytes(whole[:300])
    result = shell("$CARDCLI resume cut.jsonl < /dev/null", tmp_path)
    no_traceback(result)
    assert result.returncode == 2
    message = result.stderr.decode()
    assert "nothing in it can be resumed" in message
    assert "cardcli play horde --seed 3 --log NEW" in message
    assert (tmp_path / "cut.jsonl").read_bytes() == whole[:300]


def test_two_simulate_runs_into_one_logs_folder_do_not_mix(tmp_path: Path) -> None:
    """The folder is locked while a run writes into it: the second says so and changes
    nothing, with or without --force."""
    first = subprocess.Popen(
        [*CARDCLI, "simulate", "shuffle-mania", "--games", "400", "--seed", "1", "--logs", "logs"],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while not any((tmp_path / "logs").glob("*.jsonl")):  # it has begun writing
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.01)
        for extra in ([], ["--force"]):
            second = shell(
                "$CARDCLI simulate shuffle-mania --games 5 --seed 2 --logs logs " + " ".join(extra),
                tmp_path,
            )
            no_traceback(second)
            if first.poll() is not None:
                pytest.skip("the first run ended before the second began (a very fast machine)")
            assert second.returncode == 1, second.stderr
            assert b"another cardcli is writing logs into this folder" in second.stderr
    finally:
        first.wait(timeout=300)
    assert first.returncode == 0
    logs = sorted((tmp_path / "logs").glob("*.jsonl"))
    assert len(logs) == 400
    alone = shell("$CARDCLI simulate shuffle-mania --games 400 --seed 1 --logs alone", tmp_path)
    assert alone.returncode == 0
    for log in logs:
        assert log.read_bytes() == (tmp_path / "alone" / log.name).read_bytes()
