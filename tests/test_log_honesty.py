"""Logs the engine cannot have written are refused (issue 27): the log's promises, round two."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from cardcli.cli import cli


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
