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
