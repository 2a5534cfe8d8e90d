"""Mutations of valid logs: replay says identical exactly for the engine's own bytes.

For each mutated log (a byte changed, a line dropped, duplicated or swapped),
an oracle rebuilds what the engine writes for its header and its input lines
(set up leniently, then re-run); ``replay`` must exit 0 exactly when the
mutated bytes are those, and ``validate`` must accept only what the engine
could have written: those bytes, or a prefix of them cut at a line boundary
(what a killed run leaves).
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardcli import __version__
from cardcli.actions.logfile import NotALog
from cardcli.actions.replay import replay
from cardcli.actions.validate import check_log
from cardcli.engine.errors import CardcliError
from cardcli.engine.game import get_game
from cardcli.engine.log import encode_bytes
from cardcli.engine.session import Session, clean_line
from tests.conftest import played


@pytest.fixture(scope="module")
def logs() -> list[bytes]:
    return [
        played("shuffle-mania", "--bot", "greedy", "--seed", "7"),
        played(
            "shuffle-mania",
            "--seed",
            "4",
            "--level",
            "easy",
            "--jokers",
            stdin="auto\nremove 1 2\n" + "x" * 600 + "\ndone\ncut 5\nauto rtl\n",
        ),
        played(
            "double-solitaire",
            "--seat",
            "p2=easy",
            "--clock",
            "step",
            "--seed",
            "2",
            stdin="f\nf\nd w1\nf\ns f\nw1 w2\npass\nf\n",
        ),
    ]


# What each release wrote in its headers' "rng" (0.1.0 moved from v1 to v2; 0.4.0 writes v3).
RELEASES_AND_THEIR_RNGS = {
    "0.1.0": ("splitmix64-v1", "splitmix64-v2"),
    "0.2.0": ("splitmix64-v2",),
    "0.3.0": ("splitmix64-v2",),
    "0.4.0": ("splitmix64-v3",),
}


def engine_bytes(data: bytes) -> bytes | None:
    """What the engine writes for this log's header and input lines (None: no game)."""
    lines: list[dict[str, Any]] = []
    for raw in data.split(b"\n"):
        try:
            value = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            continue
        if isinstance(value, dict):
            lines.append(value)
    if not lines:
        return None
    header, produced = lines[0], []
    if header.get("rng") not in RELEASES_AND_THEIR_RNGS.get(header.get("engine"), ()):  # type: ignore[call-overload]
        return None  # no release of cardcli wrote this header
    try:
        game = get_game(str(header["game"]))
        every = {opt.name for opt in game.options if not opt.setup}
        if header["engine"] == __version__ and set(header["options"]) != every:
            return None  # this release writes every option
        options, setup = game.resolve_options({**header["options"], **header["setup"]})
        session = Session(game, options, setup, header["seed"], header["seats"], [produced.append])
    except Exception:
        return None
    for line in lines[1:]:
        if line.get("type") in ("command", "rejected") and isinstance(line.get("text"), str):
            if (
                "bot" not in line
                and "length" not in line
                and clean_line(line["text"]) != line["text"]
            ):
                return None  # every input path strips a person's line before it is logged
            length = line.get("length")
            text = (
                line["text"].ljust(length)
                if type(length) is int and length < 10**6
                else line["text"]
            )
            player, bot = line.get("player"), line.get("bot")
            session.submit(
                text,
                seat=player if isinstance(player, str) else None,
                bot=bot if isinstance(bot, str) else None,
            )
    produced[0] = {**produced[0], "engine": header.get("engine")}
    return b"".join(encode_bytes(line) for line in produced)


def mutate(data: bytes, draw: st.DrawFn) -> bytes:
    lines = data.splitlines(keepends=True)
    kind = draw(st.sampled_from(["byte", "drop", "duplicate", "swap", "none"]))
    if kind == "byte":
        at = draw(st.integers(0, len(data) - 1))
        new = draw(st.integers(0, 255))
        return data[:at] + bytes([new]) + data[at + 1 :]
    if kind == "none":
        return data
    i = draw(st.integers(0, len(lines) - 1))
    if kind == "drop":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(i, lines[i])
    else:
        j = draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines)


def replay_code(path: Path) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            return replay(str(path), False, None)
        except CardcliError as err:
            return err.exit_code


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_replay_and_validate_agree_with_the_engines_bytes(
    data: st.DataObject, logs: list[bytes], tmp_path: Path
) -> None:
    original = data.draw(st.sampled_from(logs))
    mutated = data.draw(st.composite(lambda draw: mutate(original, draw))())
    path = tmp_path / "m.jsonl"
    path.write_bytes(mutated)
    expected = engine_bytes(mutated)
    code = replay_code(path)
    assert code in (0, 1, 2)
    assert (code == 0) == (expected == mutated), (code, mutated[:300])
    try:
        problems, _count, _finished = check_log(str(path))
    except NotALog:  # the first line is no header: no log at all, and replay said so too
        assert code == 2
        return
    if not problems:
        assert expected is not None and expected.startswith(mutated)
        assert mutated.endswith(b"\n")
