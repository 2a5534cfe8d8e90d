"""Shared helpers for the tests."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from cardcli.engine.game import get_game
from cardcli.engine.rng import RNG_ID
from cardcli.engine.session import Session

REPO = Path(__file__).resolve().parent.parent


def new_session(
    game_name: str,
    seed: int = 1,
    seats: dict[str, str] | None = None,
    rng_id: str = RNG_ID,
    **given: Any,
) -> tuple[Session, list[dict[str, Any]]]:
    """A session writing its lines to a list, with the given options (``rng_id``: a log
    as a release that used that RNG wrote it)."""
    game = get_game(game_name)
    options, setup = game.resolve_options(game.load_given(given))
    lines: list[dict[str, Any]] = []
    session = Session(game, options, setup, seed, seats, [lines.append], rng_id)
    return session, lines


@pytest.fixture
def cardcli_exe() -> Path:
    """The installed console script, next to the running Python."""
    exe = Path(sys.executable).parent / ("cardcli.exe" if sys.platform == "win32" else "cardcli")
    if not exe.exists():
        pytest.skip("the cardcli console script is not installed next to this Python")
    return exe


def played(*args: str, stdin: str = "") -> bytes:
    """The log ``cardcli play ARGS`` writes to stdout (in-process), the game fed ``stdin``."""
    from click.testing import CliRunner

    from cardcli.cli import cli

    result = CliRunner().invoke(cli, ["play", *args], input=stdin, catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return result.stdout_bytes
