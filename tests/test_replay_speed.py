"""The fast paths of replay, resume and validate give what the slow paths give.

Each test runs the fast path and the slow one on the same real logs (whole,
cut at many places, cut mid-line, tampered with) and compares everything a
user sees: exit code, output, messages and the log's bytes.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardcli.actions import resume as resume_module
from cardcli.actions.resume_timed import last_line, resume_timed, whole_lines
from cardcli.cli import cli


def cardcli(*args: str, stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def live_log(path: Path, seed: int, person: list[str], quit_at: int, clock: str = "real") -> bytes:
    """A real-time game as a person at a terminal leaves it: bots play on after
    the person's last line until the person quits at ``quit_at`` ms."""
    from cardcli.engine.log import LogWriter
    from cardcli.engine.loop import Quit, run
    from tests.conftest import new_session

    with path.open("wb") as handle:
        session, lines = new_session(
            "double-solitaire",
            seed=seed,
            seats={"p1": "human", "p2": "hard", "p3": "easy"},
            players=3,
            clock=clock,
        )
        session.sinks.append(LogWriter(handle))
        for line in lines:
            LogWriter(handle)(line)
        wall = [0]
        given = iter(person)

        def read(timeout: float | None) -> str | None:
            line = next(given, None)
            if line is not None:
                return line
            if clock == "step":
                raise Quit
            wall[0] += int((timeout or 0) * 1000) + 1
            if wall[0] > quit_at:
                raise Quit
            return None

        run(session, lambda _s: None, timed_read=read, wall=lambda: wall[0])
    return path.read_bytes()


PERSON = ["@400 f", "@900 f", "@1300 w1 f", "@2100 f", "s f", "@2600 f"]


@pytest.fixture(scope="module", params=[(6, "real"), (8, "real"), (5, "step")])
def timed_bytes(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> bytes:
    seed, clock = request.param
    path = tmp_path_factory.mktemp("live") / "live.jsonl"
    person = PERSON if clock == "real" else [*PERSON, *["f"] * 30]
    return live_log(path, seed, person, quit_at=9000, clock=clock)


def both_ways(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes, stdin: str
) -> tuple[tuple[int, str, str, bytes], tuple[int, str, str, bytes], bool]:
    """(one pass, two passes, whether the one pass decided): what each gave."""
    taken: list[object] = []
    fast = resume_timed

    def spy(*args: object) -> int | None:
        taken.append(outcome := fast(*args))  # type: ignore[arg-type]
        return outcome

    seen = []
    for name, patched in (("one.jsonl", spy), ("two.jsonl", lambda *_: None)):
        log = tmp_path / name
        log.write_bytes(data)
        monkeypatch.setattr(resume_module, "resume_timed", patched)
        result = cardcli("resume", str(log), stdin=stdin)
        stdout = result.stdout.replace(name, "LOG")
        stderr = result.stderr.replace(name, "LOG")
        seen.append((result.exit_code, stdout, stderr, log.read_bytes()))
    return seen[0], seen[1], bool(taken) and taken[0] is not None


def test_one_pass_resume_writes_what_two_passes_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, timed_bytes: bytes
) -> None:
    lines = timed_bytes.splitlines(keepends=True)
    assert len(lines) > 60
    cuts = sorted({2, 5, 9, len(lines) // 3, len(lines) // 2, len(lines) - 7, len(lines)})
    for cut in cuts:
        data = b"".join(lines[:cut])
        for tail, stdin in (
            (b"", "f\n@99999 f\nf\n"),
            (lines[cut][:9] if cut < len(lines) else b"", ""),
        ):
            one, two, decided = both_ways(tmp_path, monkeypatch, data + tail, stdin)
            assert one == two, (cut, tail)
            if not tail:
                assert decided, f"the one-pass path gave the log at line {cut} to the other"


def test_one_pass_resume_refuses_what_two_passes_refuse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, timed_bytes: bytes
) -> None:
    lines = timed_bytes.splitlines(keepends=True)
    moved = next(
        i
        for i, line in enumerate(lines)
        if b'"type":"moved"' in line or b'"type":"flipped"' in line
    )
    variants = {
        "drop": lines[:20] + lines[21:],
        "duplicate": [*lines[:20], lines[20], *lines[20:]],
        "swap": [*lines[:19], lines[20], lines[19], *lines[21:]],
        "edit": [
            *lines[:moved],
            lines[moved].replace(b'"player":"', b'"player":"x', 1),
            *lines[moved + 1 :],
        ],
        "seed": [lines[0].replace(b'"seed":', b'"seed":1', 1), *lines[1:]],
        "game over": [*lines, b'{"seq":%d,"type":"game_over","result":{}}\n' % len(lines)],
        "not a line": [*lines, b"IMPORTANT USER NOTE"],
        "empty line": [*lines[:30], b"\n", *lines[30:]],
        "spaced": [*lines[:30], lines[30].replace(b'","', b'", "'), *lines[31:]],
    }
    for name, changed in variants.items():
        data = b"".join(changed)
        one, two, _ = both_ways(tmp_path, monkeypatch, data, "f\n")
        assert one == two, name
        assert one[0] != 0 or name in ("game over",), name
        assert one[3] == data or one[0] == 0, name  # a refused log is left as it was


def test_a_bots_line_is_the_logs_own_as_replay_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, timed_bytes: bytes
) -> None:
    """A bot's logged line is played as written (``replay`` plays it so too)."""
    lines = timed_bytes.splitlines(keepends=True)
    one, two, decided = both_ways(tmp_path, monkeypatch, timed_bytes, "")
    assert one == two and decided
    log = tmp_path / "one.jsonl"
    assert cardcli("replay", str(log)).exit_code == 0
    assert log.read_bytes() == timed_bytes  # nothing new: the input was empty
    assert any(b'"bot":"hard"' in line for line in lines)


def test_whole_lines_and_the_last_one() -> None:
    cases = {
        b"": (0, 0, b""),
        b"abc": (0, 0, b""),
        b"a\n": (1, 2, b"a\n"),
        b"a\nbc\n": (2, 5, b"bc\n"),
        b"a\nbc\nde": (2, 5, b"bc\n"),
    }
    for data, (count, whole, last) in cases.items():
        handle = io.BytesIO(data)
        assert whole_lines(handle) == (count, whole), data
        if count:
            assert last_line(handle, whole) == last, data
