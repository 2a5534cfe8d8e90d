"""Logs the engine cannot have written are refused (issue 27): the log's promises, round two."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cardcli.cli import cli
from cardcli.engine.log import encode_bytes


def cardcli(*args: str, stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin)


def test_diff_of_two_empty_files_is_no_log(tmp_path: Path) -> None:
    """Two empty files are not logs: exit 2, as for any file that is not a log."""
    (tmp_path / "a.jsonl").write_bytes(b"")
    (tmp_path / "b.jsonl").write_bytes(b"")
    result = cardcli("diff", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl"))
    assert result.exit_code == 2
    assert "empty: not a cardcli log" in result.stderr
    assert "identical" not in result.stdout


# -- headers and lines no release of cardcli wrote ------------------------------------------


def played(*args: str, stdin: str = "") -> bytes:
    result = CliRunner().invoke(cli, ["play", *args], input=stdin, catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return result.stdout_bytes


@pytest.fixture(scope="module")
def horde_bytes() -> bytes:
    return played("horde", "--players", "2", "--bot", "basic", "--seed", "3")


@pytest.fixture(scope="module")
def mania_bytes() -> bytes:
    return played("shuffle-mania", "--seed", "4", stdin="auto\ndone\ncut 5\n")


def header_of(data: bytes) -> dict[str, Any]:
    return json.loads(data.split(b"\n", 1)[0])


def with_header(data: bytes, header: dict[str, Any]) -> bytes:
    return encode_bytes(header) + data.split(b"\n", 1)[1]


def refused(tmp_path: Path, data: bytes, words: str) -> None:
    """replay, validate and resume all refuse the log, saying ``words``."""
    log = tmp_path / "forged.jsonl"
    log.write_bytes(data)
    for command in ("replay", "validate"):
        result = cardcli(command, str(log))
        assert result.exit_code == 1, (command, result.stdout, result.stderr)
        assert words in result.stdout + result.stderr, (command, result.stdout, result.stderr)
    result = cardcli("resume", str(log))
    assert result.exit_code != 0
    assert log.read_bytes() == data  # resume changed nothing


@pytest.mark.parametrize("engine", ["banana", "", "0.4.0\u001b[31m", "\ud800", "0.5.0", "0.0.1"])
def test_a_version_no_release_had_is_refused(
    tmp_path: Path, horde_bytes: bytes, engine: str
) -> None:
    data = with_header(horde_bytes, {**header_of(horde_bytes), "engine": engine})
    refused(tmp_path, data, "does not know")


@pytest.mark.parametrize("bot", ["basic", "planner"])
def test_a_random_bots_game_relabelled_is_refused(tmp_path: Path, bot: str) -> None:
    """The log of the random bot, its lines said to be another bot's, under any version."""
    data = played("horde", "--players", "2", "--bot", "random", "--seed", "5")
    relabelled = data.replace(b'"bot":"random"', f'"bot":"{bot}"'.encode())
    relabelled = relabelled.replace(b'"p1":"random"', f'"p1":"{bot}"'.encode())
    relabelled = relabelled.replace(b'"p2":"random"', f'"p2":"{bot}"'.encode())
    refused(tmp_path, relabelled, "")
    for engine in ("banana", "", "0.4.0\u001b[31m"):
        forged = with_header(relabelled, {**header_of(relabelled), "engine": engine})
        refused(tmp_path, forged, "does not know")


@pytest.mark.parametrize("engine", ["0.1.0", "0.2.0", "0.3.0"])
def test_an_older_release_names_only_the_rngs_it_wrote(
    tmp_path: Path, horde_bytes: bytes, engine: str
) -> None:
    data = with_header(horde_bytes, {**header_of(horde_bytes), "engine": engine})
    refused(tmp_path, data, "never wrote a log with RNG splitmix64-v3")


@pytest.mark.parametrize("rng", ["splitmix64-v1", "splitmix64-v2"])
def test_this_release_writes_only_rng_v3(tmp_path: Path, horde_bytes: bytes, rng: str) -> None:
    data = with_header(horde_bytes, {**header_of(horde_bytes), "rng": rng})
    refused(tmp_path, data, f"never wrote a log with RNG {rng}")


@pytest.mark.parametrize("option", ["late_hand", "set_aside", "mulligan"])
def test_this_release_writes_every_option(tmp_path: Path, horde_bytes: bytes, option: str) -> None:
    header = header_of(horde_bytes)
    assert option in header["options"]
    options = {k: v for k, v in header["options"].items() if k != option}
    refused(tmp_path, with_header(horde_bytes, {**header, "options": options}), option)


@pytest.mark.parametrize("size", [1001, 50_000])
def test_a_horde_larger_than_play_takes_is_refused(
    tmp_path: Path, horde_bytes: bytes, size: int
) -> None:
    header = header_of(horde_bytes)
    horde = header["options"]["horde"]
    main = horde["sections"]["main"]
    bigger = {
        **horde,
        "sections": {**horde["sections"], "main": (main * (size // len(main) + 1))[:size]},
    }
    data = with_header(horde_bytes, {**header, "options": {**header["options"], "horde": bigger}})
    refused(tmp_path, data, "a game plays at most 1000")


@pytest.mark.parametrize("text", [" auto", "auto ", "auto\n", "\nauto", "auto  # a note", "", " "])
def test_a_persons_line_no_input_gives_is_refused(
    tmp_path: Path, mania_bytes: bytes, text: str
) -> None:
    lines = mania_bytes.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if b'"text":"auto"' in line)
    line = json.loads(lines[at])
    assert "bot" not in line
    lines[at] = encode_bytes({**line, "text": text})
    refused(tmp_path, b"".join(lines), "")


def test_the_log_itself_still_replays(
    tmp_path: Path, horde_bytes: bytes, mania_bytes: bytes
) -> None:
    for number, data in enumerate((horde_bytes, mania_bytes)):
        log = tmp_path / f"log{number}.jsonl"
        log.write_bytes(data)
        assert cardcli("replay", str(log)).exit_code == 0
        assert cardcli("validate", str(log)).exit_code == 0
