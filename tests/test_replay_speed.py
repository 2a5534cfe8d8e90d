"""The fast paths of replay, resume and validate give what the slow paths give.

Each test runs the fast path and the slow one on the same real logs (whole,
cut at many places, cut mid-line, tampered with) and compares everything a
user sees: exit code, output, messages and the log's bytes.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardcli.actions import resume as resume_module
from cardcli.actions.resume_timed import last_line, resume_timed, whole_lines
from cardcli.cli import cli
from tests.conftest import played


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


@pytest.fixture(scope="module")
def untimed_logs() -> list[bytes]:
    return [
        played("shuffle-mania", "--bot", "greedy", "--seed", "7"),
        played(
            "shuffle-mania",
            "--seed",
            "4",
            "--level",
            "easy",
            stdin="auto\nremove 1 2\nxyzzy\ndone\ncut 5\nauto rtl\n",
        ),
        played("double-solitaire", "--seat", "p2=easy", "--clock", "step", "--seed", "2"),
        played("horde", "--players", "2", "--bot", "basic", "--seed", "3"),
    ]


def mutations(data: bytes) -> dict[str, bytes]:
    """The log, and the log changed in the ways a file goes wrong."""
    lines = data.splitlines(keepends=True)
    n = len(lines)
    middle, late = n // 2, n - 3
    out = {"as written": data, "cut": b"".join(lines[:middle]), "cut mid-line": data[:-5]}
    for at in (1, 2, middle, late):
        out[f"drop {at}"] = b"".join(lines[:at] + lines[at + 1 :])
        out[f"duplicate {at}"] = b"".join([*lines[: at + 1], lines[at], *lines[at + 1 :]])
        out[f"swap {at}"] = b"".join([*lines[:at], lines[at + 1], lines[at], *lines[at + 2 :]])
        out[f"empty line {at}"] = b"".join([*lines[:at], b"\n", *lines[at:]])
        out[f"crlf {at}"] = b"".join([*lines[:at], lines[at][:-1] + b"\r\n", *lines[at + 1 :]])
        out[f"spaced {at}"] = b"".join(
            [*lines[:at], lines[at].replace(b",", b", ", 1), *lines[at + 1 :]]
        )
        out[f"seq {at}"] = b"".join(
            [*lines[:at], lines[at].replace(b'"seq":', b'"seq":1', 1), *lines[at + 1 :]]
        )
        out[f"not json {at}"] = b"".join([*lines[:at], lines[at][:7] + b"\n", *lines[at + 1 :]])
        out[f"byte {at}"] = b"".join(
            [*lines[:at], lines[at][:-3] + b"x" + lines[at][-2:], *lines[at + 1 :]]
        )
    out["after game over"] = data + lines[-1]
    return out


def _seen(path: Path) -> tuple[object, ...]:
    from cardcli.actions.logfile import NotALog
    from cardcli.actions.replay import replay
    from cardcli.actions.validate import check_log
    from cardcli.engine.errors import CardcliError

    outcome: list[object] = []
    for action in (lambda: check_log(str(path)), lambda: replay(str(path), False, None)):
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                outcome.append(action())
        except (NotALog, CardcliError) as err:
            outcome.append(f"error: {err}")
        outcome.append(out.getvalue())
    resumed = cardcli("resume", str(path), stdin="")
    outcome += [resumed.exit_code, resumed.stderr, path.read_bytes()]
    return tuple(outcome)


def test_lines_matched_undecoded_give_what_decoding_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, untimed_logs: list[bytes]
) -> None:
    """``Replay.feed_bytes`` (a line the engine wrote is taken without decoding) changes
    nothing that replay, validate or resume say, on real logs and broken ones."""
    from cardcli.engine.replay import Replay

    for number, data in enumerate(untimed_logs):
        for name, changed in mutations(data).items():
            path = tmp_path / f"log{number}.jsonl"
            path.write_bytes(changed)
            fast = _seen(path)
            path.write_bytes(changed)
            with monkeypatch.context() as patched:
                patched.setattr(Replay, "feed_bytes", lambda self, data: None)
                slow = _seen(path)
            assert fast == slow, (number, name)


def test_a_remembered_header_sets_up_the_same_game(untimed_logs: list[bytes]) -> None:
    """``checked_options``: the same checked options as ``header_options``, fresh or
    remembered, and a game set up from either writes the same lines."""
    import json

    from cardcli.engine.errors import LogError
    from cardcli.engine.game import get_game
    from cardcli.engine.replay import _CHECKED, checked_options, replay_lines

    horde = untimed_logs[3].splitlines()
    other = played("horde", "--players", "2", "--bot", "basic", "--seed", "9").splitlines()
    for data in (horde, other):
        lines = [json.loads(line) for line in data]
        header = lines[0]
        game = get_game("horde")
        _CHECKED.clear()
        fresh = checked_options(game, header["options"], header["setup"])
        assert fresh == game.header_options(header["options"], header["setup"])
        assert checked_options(game, header["options"], header["setup"]) == fresh
        _, divergence, _ = replay_lines(lines)  # remembered
        assert divergence is None
        _CHECKED.clear()
        _, divergence, _ = replay_lines(lines)  # checked afresh
        assert divergence is None
    bad = json.loads(horde[0])
    bad["options"]["life"] = "20"
    for _ in range(2):  # a refusal is never remembered as a success
        with pytest.raises(LogError, match="life"):
            replay_lines([bad])


@pytest.mark.parametrize("chunk", [7, 64, 1 << 16])
def test_people_lines_found_by_their_bytes_are_those_decoding_finds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, timed_bytes: bytes, chunk: int
) -> None:
    """``people_lines`` (blocks searched for command bytes) gives ``resume._people_lines``'s
    texts for every count of lines, whatever the blocks' size; and it holds one block."""
    import tracemalloc

    from cardcli.actions import resume_timed

    monkeypatch.setattr(resume_timed, "CHUNK", chunk)
    log = tmp_path / "live.jsonl"
    log.write_bytes(timed_bytes + timed_bytes[:50])  # a cut-off last line too
    lines = timed_bytes.count(b"\n")
    for count in range(lines + 2):
        found = list(resume_timed.people_lines(log.open("rb"), count))
        assert found == list(resume_module._people_lines(str(log), count)), count
    with log.open("rb") as handle:
        assert whole_lines(handle) == (lines, len(timed_bytes))
    big = tmp_path / "big.jsonl"
    big.write_bytes(timed_bytes * 40)
    tracemalloc.start()
    list(resume_timed.people_lines(big.open("rb"), 10**9))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 4 * chunk + len(timed_bytes) // 4 + 200_000, peak


def test_a_header_changed_after_its_replay_does_not_change_the_remembered_one(
    untimed_logs: list[bytes],
) -> None:
    import json

    from cardcli.engine.replay import _CHECKED, replay_lines

    _CHECKED.clear()
    lines = [json.loads(line) for line in untimed_logs[3].splitlines()]
    assert replay_lines(lines)[1] is None
    for deck in lines[0]["options"]["deck"].values():  # the first header's own objects
        for data in deck["definitions"].values():
            data["name"] = "changed"
    again = [json.loads(line) for line in untimed_logs[3].splitlines()]
    assert replay_lines(again)[1] is None
