"""The catch-up of a resumed real-time game plays the log as the live loop played it.

``run_timed`` plays a resumed game's logged part in its own quick loop
(``play_logged``: the next bot found inline, a logged line's time read once,
the pace drawn by ``Session.bot_pacer``), and the one-pass resume reads a
bot's line from the log's bytes (``Verifier.bot_command``) and the people's
lines by a pattern (``people_lines``). Each test compares that with the slow
way on real games: an uninterrupted run of the same lines (the live loop,
which decides everything itself), the two-pass path, and the plain draws.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardcli.actions import resume as resume_module
from cardcli.actions.resume_timed import Verifier, people_lines
from cardcli.cli import cli
from cardcli.engine import loop
from cardcli.engine.game import get_game
from cardcli.engine.log import LogWriter, decode_line
from cardcli.engine.loop import run_timed
from cardcli.engine.rng import DecisionRng, Rng, derive
from cardcli.engine.session import HUMAN, Session


def cardcli(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def timed_game(
    path: Path, seed: int, seats: dict[str, str], person: list[str], clock: str = "real"
) -> bytes:
    """A real-time Double Solitaire game of ``person``'s lines, played without a stop."""
    game = get_game("double-solitaire")
    options, setup = game.resolve_options(
        game.load_given({"players": len(seats), "target": 100_000, "clock": clock})
    )
    with path.open("wb") as handle:
        session = Session(game, options, setup, seed, seats, [LogWriter(handle)])
        given = iter(person)
        run_timed(session, lambda _timeout: next(given, None), step=clock == "step")
    return path.read_bytes()


def people_in(lines: list[bytes]) -> int:
    """How many people's lines (commands and rejections, not bots') ``lines`` hold."""
    count = 0
    for data in lines:
        line = json.loads(data)
        count += line["type"] in ("command", "rejected") and "bot" not in line
    return count


GAMES: dict[str, tuple[int, dict[str, str], list[str], str]] = {
    # a person and two hard bots, the person's lines at their own times
    "hard": (
        5,
        {"p1": HUMAN, "p2": "hard", "p3": "hard"},
        [f"@{t} f" for t in range(700, 60_000, 700)],
        "real",
    ),
    # five bots of three paces: some are due at the same time (seed 2: the seeded
    # draw, not the seats' order, decides two of them); untimed and rejected lines
    "crowd": (
        2,
        {"p1": HUMAN, "p2": "hard", "p3": "medium", "p4": "hard", "p5": "random", "p6": "hard"},
        [*(f"@{t} f" for t in range(1000, 100_000, 1000)), "f", "s f", "@1 f", "w9 f9"],
        "real",
    ),
    # the step clock: bots act after each line, in a seeded order
    "step": (
        8,
        {"p1": HUMAN, "p2": "hard", "p3": "easy"},
        ["f", "@500 f", "s f", *["f"] * 60],
        "step",
    ),
}


MOVES = ["f", "s f", "d f", "w1 f", "w2 f", "w3 f", "w4 f", "s w1", "d w2", "s w3"]
SPACED = [f"@{t} {MOVES[i % len(MOVES)]}" for i, t in enumerate(range(5000, 200_000, 5000))]


IDLE_SEATS = {"p1": HUMAN, "p2": "hard", "p3": "easy"}


def idle_game(path: Path) -> tuple[bytes, list[str]]:
    """A game whose bots go idle between a person's lines five seconds apart and
    wake when the person plays a card (seed 3: an idle bot acts again later)."""
    return timed_game(path, 3, IDLE_SEATS, SPACED), SPACED


def bots_time_game(path: Path) -> tuple[bytes, list[str]]:
    """The idle game with a person's lines first at the very times a bot acted."""
    times = [
        int(line["text"].split()[0][1:])
        for line in map(json.loads, idle_game(path)[0].splitlines())
        if "bot" in line
    ]
    person = [*(f"@{times[i]} f" for i in (2, 6) if times[i] < 5000), *SPACED]
    return timed_game(path, 3, IDLE_SEATS, person), person


MADE = {"idle": idle_game, "at a bot's time": bots_time_game}


@pytest.fixture(scope="module", params=[*GAMES, *MADE])
def game(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, bytes, list[str]]:
    path = tmp_path_factory.mktemp("timed") / "whole.jsonl"
    if request.param in MADE:
        return request.param, *MADE[request.param](path)
    seed, seats, person, clock = GAMES[request.param]
    return request.param, timed_game(path, seed, seats, person, clock), person


def cuts(count: int) -> list[int]:
    return sorted({2, 5, 6, 7, 11, count // 4, count // 3, count // 2, count - 3, count - 1, count})


def resumed(tmp_path: Path, data: bytes, rest: list[str]) -> tuple[int, bytes]:
    log, script = tmp_path / "part.jsonl", tmp_path / "rest.txt"
    log.write_bytes(data)
    script.write_text("".join(f"{line}\n" for line in rest), encoding="utf-8")
    result = cardcli("resume", str(log), str(script))
    return result.exit_code, log.read_bytes()


def test_a_resumed_game_writes_what_the_uninterrupted_one_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: tuple[str, bytes, list[str]]
) -> None:
    """Cut anywhere, resumed with the lines not yet played: the same bytes, both paths."""
    name, whole, person = game
    lines = whole.splitlines(keepends=True)
    assert len(lines) > 300, name
    decided: list[int | None] = []
    one_pass = resume_module.resume_timed

    def spy(*args: object) -> int | None:
        decided.append(outcome := one_pass(*args))  # type: ignore[arg-type]
        return outcome

    for cut in cuts(len(lines)):
        part = lines[:cut]
        rest = person[people_in(part) :]
        for path in ("one pass", "two passes"):
            patched = spy if path == "one pass" else (lambda *_args: None)
            monkeypatch.setattr(resume_module, "resume_timed", patched)
            code, after = resumed(tmp_path, b"".join(part), rest)
            assert code == 0, (name, cut, path)
            assert after == whole, (name, cut, path)
    assert decided and all(outcome == 0 for outcome in decided), "the one pass decided each"


def test_the_catch_up_meets_equal_times_and_idle_bots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bots due at the same time, a person's line at a bot's time, bots idle after
    waiting: the cases the quick loop works out itself, met in these games."""
    seed, seats, person, clock = GAMES["crowd"]
    games = [
        timed_game(tmp_path / "crowd.jsonl", seed, seats, person, clock),
        *(make(tmp_path / "made.jsonl")[0] for make in MADE.values()),
    ]
    seen = {"tied bots, the draw decides": 0, "person at a bot's time": 0, "idle": 0}
    first_due, tie_key = loop._first_due, loop._tie_key

    def counted_first_due(session: Session, due: dict[str, int]) -> str | None:
        chosen = first_due(session, due)
        tied = [seat for seat, time in due.items() if due and time == min(due.values())]
        seen["tied bots, the draw decides"] += len(tied) > 1 and chosen != tied[0]
        return chosen

    def counted_tie_key(session: Session, time: int, who: str) -> tuple[int, int]:
        seen["person at a bot's time"] += who == "p1"
        return tie_key(session, time, who)

    asked = Verifier.bot_command

    def counted_ask(self: Verifier, session: Session, seat: str, now: int) -> str | None:
        text = asked(self, session, seat, now)
        seen["idle"] += text is None
        return text

    monkeypatch.setattr(loop, "_first_due", counted_first_due)
    monkeypatch.setattr(loop, "_tie_key", counted_tie_key)
    monkeypatch.setattr(Verifier, "bot_command", counted_ask)
    for whole in games:
        code, after = resumed(tmp_path, whole, [])
        assert code == 0 and after == whole
    assert all(seen.values()), seen


def test_a_bot_line_at_a_time_its_pace_does_not_give_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed, seats, person, clock = GAMES["hard"]
    whole = timed_game(tmp_path / "whole.jsonl", seed, seats, person, clock)
    lines = whole.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if i > 50 and b'"bot":"hard"' in line)
    text = json.loads(lines[at])["text"]
    stamp, rest = text.split(" ", 1)
    moved = f"@{int(stamp[1:]) + 1} {rest}"
    lines[at] = lines[at].replace(text.encode(), moved.encode())
    changed = b"".join(lines[: at + 30])
    seen = []
    for patched in (resume_module.resume_timed, lambda *_args: None):
        monkeypatch.setattr(resume_module, "resume_timed", patched)
        code, after = resumed(tmp_path, changed, [])
        seen.append(code)
        assert code != 0 and after == changed  # refused, nothing written
    assert cardcli("replay", str(tmp_path / "part.jsonl")).exit_code == 0  # replay takes it


def test_the_pacer_draws_what_bot_delay_drew() -> None:
    game = get_game("double-solitaire")
    options, setup = game.resolve_options(game.load_given({"players": 6}))
    seats = {"p1": HUMAN, "p2": "easy", "p3": "medium", "p4": "hard", "p5": "random"}
    session = Session(game, options, setup, 77, seats)
    labels = [0, 1, 2, 5, 999, 123_456, 2**40 + 3, 2**56 - 1, 2**56, 2**63 + 7]
    for seat in seats:
        pacer = session.bot_pacer(seat)
        name = session.bot_for(seat)
        for label in labels:
            pace = game.bot_pace.get(name or "")
            plain = pace(Rng(derive(77, "pace", seat, label))) if pace else 1000
            lazy = pace(DecisionRng(77, "pace", seat).at(label)) if pace else 1000
            assert pacer(label) == plain == lazy == session.bot_delay(seat, label), (seat, label)


def slow_people_lines(data: bytes, count: int) -> Iterator[str]:
    """Every line decoded: the people's texts among the first ``count``."""
    for number, raw in enumerate(data.splitlines(), 1):
        if number > count:
            return
        try:
            line = decode_line(raw, "log", number)
        except Exception:
            continue
        if line.get("type") in ("command", "rejected") and "bot" not in line:
            text = str(line.get("text", ""))
            length = line.get("length")
            yield text.ljust(length) if type(length) is int else text


def test_people_lines_skip_bots_and_text_that_looks_like_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: tuple[str, bytes, list[str]]
) -> None:
    """Found by a pattern with no line anchor, kept only where a line starts."""
    _name, whole, _person = game
    lines = whole.splitlines(keepends=True)
    fake = b'{"seq":9,"type":"command","text":"f","player":"p1"}'
    # a person's text holding a line's start (escaped, as the engine writes it), a
    # line with one inside it after other bytes, and a bot's line spelled by a person
    lines.insert(
        8, lines[7].replace(b'"text":"', b'"text":"{\\"seq\\":1,\\"type\\":\\"command\\",')
    )
    lines.insert(9, b"garbage " + fake + b"\n")
    lines.insert(10, b'{"seq":10,"type":"command","text":"@1 f","player":"p1","bot":"hard"}\n')
    data = b"".join(lines)
    path = tmp_path / "odd.jsonl"
    path.write_bytes(data)
    for block in (64, 100, 1 << 16):
        monkeypatch.setattr("cardcli.actions.resume_timed.CHUNK", block)
        for count in (0, 1, 8, 9, 10, 11, 12, 40, len(lines) // 2, len(lines)):
            fast = list(people_lines(path.open("rb"), count))
            assert fast == list(slow_people_lines(data, count)), (block, count)


def test_a_bots_line_is_read_from_the_log_as_decoding_reads_it(
    game: tuple[str, bytes, list[str]],
) -> None:
    """``Verifier.bot_command`` gives a line's text exactly when the log has the bot's
    line at that seq, time and seat (as the decoded line says), and None otherwise."""
    _name, whole, _person = game
    seats = json.loads(whole.splitlines()[0])["seats"]

    class Asked:  # what bot_command reads of the session
        def __init__(self, seq: int) -> None:
            self.seq = seq

    def ask(data: bytes, seq: int, seat: str, now: int) -> str | None:
        """The verifier's answer at ``seq`` with ``data`` the log's line there."""
        verifier = Verifier.__new__(Verifier)
        verifier.until = seq + 1
        verifier._ahead = data
        return verifier.bot_command(Asked(seq), seat, now)  # type: ignore[arg-type]

    bots = 0
    for raw in whole.splitlines(keepends=True)[1:]:
        line = json.loads(raw)
        seq = line["seq"]
        is_bot = line["type"] in ("command", "rejected") and "bot" in line
        for seat in seats:
            for now in (0, 1, 367, 10**12):
                expected = is_bot and line["text"].startswith(f"@{now} {seat} ")
                assert ask(raw, seq, seat, now) == (line["text"] if expected else None), raw
        if is_bot:
            bots += 1
            stamp, seat, _ = line["text"].split(" ", 2)
            now = int(stamp[1:])
            assert ask(raw, seq, seat, now) == line["text"]
            assert ask(raw, seq, seat, now + 1) is None
            assert ask(raw, seq + 1, seat, now) is None  # another seq's line
    assert bots > 20
