"""A log file changed by another program while cardcli writes it (issue 27)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardcli.engine.errors import LogError
from cardcli.engine.guarded import GuardedLogWriter, check_unchanged


def test_lines_follow_one_another(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(b'{"seq":0}\n')
    with open(path, "r+b") as handle:
        writer = GuardedLogWriter(handle, str(path), 10)
        writer({"seq": 1})
        writer({"seq": 2})
    assert path.read_bytes() == b'{"seq":0}\n{"seq":1}\n{"seq":2}\n'


@pytest.mark.parametrize("change", ["cut", "grow"])
def test_a_file_changed_by_another_program_stops_the_writer(tmp_path: Path, change: str) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(b'{"seq":0}\n' * 1000)
    with open(path, "r+b") as handle:
        writer = GuardedLogWriter(handle, str(path), 10_000)
        writer({"seq": 1})
        if change == "cut":
            os.truncate(path, 300)  # another program, ignoring the lock
        else:
            with open(path, "ab") as other:
                other.write(b"someone else's line\n")
        before = path.read_bytes()
        with pytest.raises(LogError, match="the file changed under cardcli"):
            writer({"seq": 2})
    after = path.read_bytes()
    assert after == before  # nothing written after the change
    assert b"\0" not in after  # and no hole


def test_a_file_cut_shorter_than_what_was_read_is_noticed(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(b"x" * 100)
    with open(path, "r+b") as handle:
        check_unchanged(handle, str(path), 100)
        os.truncate(path, 50)
        with pytest.raises(LogError, match="cut it short"):
            check_unchanged(handle, str(path), 100)


def test_resume_refuses_a_log_cut_while_it_read_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program cuts the log after resume verified it: resume says so, and never
    pads the file (it wrote NUL bytes up to where it had read)."""
    from click.testing import CliRunner

    from cardcli.actions import resume as resume_action
    from cardcli.cli import cli

    played = CliRunner().invoke(
        cli, ["play", "shuffle-mania", "--seed", "4"], input="auto\ndone\ncut 5\n"
    )
    log = tmp_path / "game.jsonl"
    log.write_bytes(played.stdout_bytes)
    verify = resume_action._verify

    def verify_then_cut(handle, name):  # type: ignore[no-untyped-def]
        found = verify(handle, name)
        os.truncate(log, 100)  # another program, ignoring the lock
        return found

    monkeypatch.setattr(resume_action, "_verify", verify_then_cut)
    result = CliRunner().invoke(cli, ["resume", str(log)], input="auto\n")
    assert result.exit_code == 1
    assert "the file changed under cardcli" in result.stderr
    assert log.read_bytes() == played.stdout_bytes[:100]  # no NUL, nothing appended


def test_resume_completes_the_file_when_stdout_stops(tmp_path: Path) -> None:
    """``resume LOG | head -c1``: the log file is completed all the same."""
    import subprocess
    import sys

    cardcli = f"{sys.executable} -m cardcli"
    moves = "\\n".join(["cut", "auto", "done"] * 30)

    def sh(script: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(script, shell=True, cwd=tmp_path, capture_output=True, timeout=120)

    sh(f"printf 'auto\\ndone\\n' | {cardcli} play shuffle-mania --seed 4 > game.jsonl")
    sh("cp game.jsonl copy.jsonl")
    sh(f"printf '{moves}\\n' | {cardcli} resume copy.jsonl > /dev/null")
    run = sh(f"printf '{moves}\\n' | {cardcli} resume game.jsonl | head -c1 > /dev/null")
    assert b"Traceback" not in run.stderr
    data = (tmp_path / "game.jsonl").read_bytes()
    assert data == (tmp_path / "copy.jsonl").read_bytes()
    assert b"\0" not in data and len(data.splitlines()) > 20
