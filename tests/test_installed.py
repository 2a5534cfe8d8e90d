"""The installed ``cardcli``, run as a real process from an empty directory."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def run(args: list[str], cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=cwd, input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=120
    )


def test_version_and_games_from_any_directory(cardcli_exe: Path, tmp_path: Path) -> None:
    version = run([str(cardcli_exe), "--version"], tmp_path)
    assert version.returncode == 0 and version.stdout.startswith("cardcli, version ")
    games = run([str(cardcli_exe), "games"], tmp_path)
    assert "shuffle-mania" in games.stdout


def test_python_dash_m_cardcli_works(tmp_path: Path) -> None:
    result = run([sys.executable, "-m", "cardcli", "rules", "shuffle-mania"], tmp_path)
    assert result.returncode == 0 and "Shuffle-Mania" in result.stdout


def test_a_piped_game_validates_and_replays(cardcli_exe: Path, tmp_path: Path) -> None:
    game = run(
        [str(cardcli_exe), "play", "shuffle-mania", "--bot", "random", "--seed", "4"], tmp_path
    )
    assert game.returncode == 0, game.stderr
    assert game.stderr == ""
    lines = [json.loads(line) for line in game.stdout.splitlines()]
    assert lines[-1]["type"] == "game_over"
    validated = run([str(cardcli_exe), "validate", "-"], tmp_path, stdin=game.stdout)
    assert validated.returncode == 0, validated.stdout
    replayed = run([str(cardcli_exe), "replay", "-"], tmp_path, stdin=game.stdout)
    assert replayed.returncode == 0, replayed.stdout


def test_bad_input_gives_one_line_and_no_traceback(cardcli_exe: Path, tmp_path: Path) -> None:
    noise = tmp_path / "noise.jsonl"
    noise.write_bytes(b"\xff\xfe\x00garbage\n" * 10)
    for args, code in (
        (["replay", str(noise)], 2),  # no log at all: unusable input
        (["resume", str(noise)], 2),
        (["diff", str(noise), str(noise)], 2),
        (["play", "shuffle-mania", "--order", "9c 9c"], 2),
        (["play", "nonsense"], 2),
    ):
        result = run([str(cardcli_exe), *args], tmp_path, stdin="")
        assert result.returncode == code, (args, result.stderr)
        assert "Traceback" not in result.stderr + result.stdout, args
        assert len(result.stderr.strip().splitlines()) <= 3, args


def test_the_package_data_is_found_by_the_installed_package(tmp_path: Path) -> None:
    code = (
        "from cardcli.resources import data_dir; "
        "print((data_dir('schemas') / 'log.schema.json').is_file())"
    )
    result = run([sys.executable, "-c", code], tmp_path)
    assert result.stdout.strip() == "True"
