"""The log's promises: replay, diff, validate and resume never call different logs the same.

One definition of "the same log" for all four: the bytes the engine writes for
that header and those commands, compared line by line in file order.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardcli.cli import cli
from cardcli.engine.log import encode_bytes


def cardcli(*args: str, stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


@pytest.fixture(scope="module")
def game_bytes() -> bytes:
    result = cardcli("play", "shuffle-mania", "--bot", "greedy", "--seed", "7")
    assert result.exit_code == 0
    return result.stdout_bytes


@pytest.fixture(scope="module")
def unfinished_bytes() -> bytes:
    """A log a person left mid-game: resume has something to do."""
    result = cardcli(
        "play", "shuffle-mania", "--seed", "7", "--level", "medium", stdin="auto\ndone\ncut 5\n"
    )
    assert result.exit_code == 0
    return result.stdout_bytes


def lines_of(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def write(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def check_all_refuse(tmp_path: Path, data: bytes, name: str = "bad.jsonl", code: int = 1) -> None:
    """replay and validate say 1 (2: the first line is no header), and neither prints a traceback."""
    log = write(tmp_path, name, data)
    replayed = cardcli("replay", log)
    assert replayed.exit_code == code, replayed.stdout
    assert "replayed identically" not in replayed.stdout
    validated = cardcli("validate", log)
    assert validated.exit_code == code, validated.stdout
    assert "valid (" not in validated.stdout


def test_the_log_itself_replays_validates_and_diffs_as_identical(
    tmp_path: Path, game_bytes: bytes
) -> None:
    log = write(tmp_path, "game.jsonl", game_bytes)
    assert cardcli("replay", log).exit_code == 0
    assert cardcli("validate", log).exit_code == 0
    same = cardcli("diff", log, log)
    assert same.exit_code == 0 and f"identical: {len(lines_of(game_bytes))} lines" in same.stdout


def test_a_duplicated_line_is_a_divergence(tmp_path: Path, game_bytes: bytes) -> None:
    lines = lines_of(game_bytes)
    for index in (0, 5, len(lines) - 1):
        check_all_refuse(tmp_path, b"".join(lines[: index + 1] + lines[index:]))


def test_a_duplicated_command_is_a_divergence(tmp_path: Path, game_bytes: bytes) -> None:
    lines = lines_of(game_bytes)
    command = next(i for i, line in enumerate(lines) if b'"type":"command"' in line)
    check_all_refuse(tmp_path, b"".join(lines[: command + 1] + lines[command:]))


def test_two_swapped_lines_are_a_divergence(tmp_path: Path, game_bytes: bytes) -> None:
    lines = lines_of(game_bytes)
    lines[6], lines[7] = lines[7], lines[6]
    check_all_refuse(tmp_path, b"".join(lines))


def test_a_second_header_is_a_divergence(tmp_path: Path, game_bytes: bytes) -> None:
    lines = lines_of(game_bytes)
    check_all_refuse(tmp_path, game_bytes + lines[0])
    check_all_refuse(tmp_path, b"".join([lines[0], *lines[:3], *lines[3:]]))


@pytest.mark.parametrize(
    "old, new",
    [
        (b'"players":1', b'"players":1.5'),
        (b'"players":1', b'"players":"1"'),
        (b'"players":1', b'"players":" 1 "'),
        (b'"players":1', b'"players":true'),
        (b',"players":1', b""),  # a missing option
        (b'"players":1', b'"players":1,"speed":3'),  # an extra option
        (b'"seq":0', b'"seq":false'),
        (b'"seq":0', b'"seq":0.0'),
        (b'"seed":7', b'"seed":7.0'),
        (b'"seed":7', b'"seed":Infinity'),
        (b'"seed":7', b'"seed":NaN'),
        (b'"seed":7', b'"seed":' + b"7" * 5000),
        (b'"level":"hard"', b'"level":"HARD"'),
        (b'"seats":{"p1":"greedy"}', b'"seats":{"p1":"greedy","p2":"human"}'),
        (b'"seats":{"p1":"greedy"}', b'"seats":{}'),
        (b'"setup":{}', b'"setup":{"order":null}'),
        (b'"rng":"splitmix64-v3"', b'"rng":"splitmix64-v3","extra":1'),
        (b'"rng":"splitmix64-v3"', b'"rng":"splitmix64-v9"'),
    ],
)
def test_the_header_is_compared_exactly(
    tmp_path: Path, game_bytes: bytes, old: bytes, new: bytes
) -> None:
    lines = lines_of(game_bytes)
    assert old in lines[0]
    lines[0] = lines[0].replace(old, new, 1)
    # A first line that is not JSON cardcli reads is no log at all: unusable input.
    not_json = new.endswith((b"Infinity", b"NaN", b"7" * 5000))
    check_all_refuse(tmp_path, b"".join(lines), code=2 if not_json else 1)


def test_a_target_of_the_wrong_type_in_a_double_solitaire_header(tmp_path: Path) -> None:
    played = cardcli("play", "double-solitaire", "--bot", "hard", "--seed", "3", "--target", "10")
    assert played.exit_code == 0
    lines = lines_of(played.stdout_bytes)
    for wrong in (b'"target":10.7', b'"target":"10"', b'"target":" 10 "', b'"target":10.0'):
        lines[0] = lines_of(played.stdout_bytes)[0].replace(b'"target":10', wrong)
        check_all_refuse(tmp_path, b"".join(lines))


@pytest.mark.parametrize(
    "old, new",
    [
        (b'"seq":8,', b'"seq":8.0,'),
        (b'"seq":8,', b'"seq":true,'),
        (b'"seq":8,', b'"seq":' + b"9" * 5000 + b","),
    ],
)
def test_a_seq_the_engine_never_writes(
    tmp_path: Path, game_bytes: bytes, old: bytes, new: bytes
) -> None:
    lines = lines_of(game_bytes)
    lines[8] = lines[8].replace(old, new)
    check_all_refuse(tmp_path, b"".join(lines))


def test_a_changed_event_value_is_caught_by_validate_too(tmp_path: Path, game_bytes: bytes) -> None:
    lines = lines_of(game_bytes)
    target = next(i for i, line in enumerate(lines) if b'"cards_left":' in line)
    lines[target] = lines[target].replace(b'"cards_left":', b'"cards_left":1', 1)
    log = write(tmp_path, "forged.jsonl", b"".join(lines))
    validated = cardcli("validate", log)
    assert validated.exit_code == 1
    assert f"forged.jsonl:{target + 1}: not what the engine writes" in validated.stdout


@pytest.mark.parametrize(
    "old, new",
    [(b'"cards_left":50', b'"cards_left":50.0'), (b'"jokers":false', b'"jokers":0')],
)
def test_diff_compares_bytes_not_parsed_values(
    tmp_path: Path, game_bytes: bytes, old: bytes, new: bytes
) -> None:
    assert old in game_bytes
    a = write(tmp_path, "a.jsonl", game_bytes)
    b = write(tmp_path, "b.jsonl", game_bytes.replace(old, new, 1))
    result = cardcli("diff", a, b)
    assert result.exit_code == 1 and "first divergence" in result.stdout


def test_diff_of_true_and_one(tmp_path: Path) -> None:
    played = cardcli("play", "shuffle-mania", "--bot", "greedy", "--seed", "3", "--jokers")
    assert b'"jokers":true' in played.stdout_bytes
    a = write(tmp_path, "a.jsonl", played.stdout_bytes)
    b = write(tmp_path, "b.jsonl", played.stdout_bytes.replace(b'"jokers":true', b'"jokers":1'))
    result = cardcli("diff", a, b)
    assert result.exit_code == 1
    assert "jokers" in result.stdout


def test_diff_tells_crlf_from_lf(tmp_path: Path, game_bytes: bytes) -> None:
    a = write(tmp_path, "a.jsonl", game_bytes)
    b = write(tmp_path, "b.jsonl", game_bytes.replace(b"\n", b"\r\n"))
    result = cardcli("diff", a, b)
    assert result.exit_code == 1
    assert "CRLF" in result.stdout
    check_all_refuse(tmp_path, game_bytes.replace(b"\n", b"\r\n"))


def test_diff_of_a_file_that_is_no_log_is_an_error_not_identical(tmp_path: Path) -> None:
    noise = write(tmp_path, "noise.jsonl", b"hello\n" * 3)
    result = cardcli("diff", noise, noise)
    assert result.exit_code == 2 and "identical" not in result.stdout
    assert "not a cardcli log" in result.stderr


def test_validate_reports_one_missing_line_once(tmp_path: Path, game_bytes: bytes) -> None:
    lines = lines_of(game_bytes)
    del lines[20]
    log = write(tmp_path, "gap.jsonl", b"".join(lines))
    result = cardcli("validate", log)
    assert result.exit_code == 1
    assert "gap.jsonl:21: seq 21 follows 19: one line missing" in result.stdout
    assert len(result.stdout.splitlines()) <= 3  # not a cascade of one error per later line


def test_validate_accepts_a_log_cut_at_a_line_boundary(tmp_path: Path, game_bytes: bytes) -> None:
    # What a killed run leaves: valid, unfinished; replay says the engine writes more.
    lines = lines_of(game_bytes)
    log = write(tmp_path, "cut.jsonl", b"".join(lines[:30]))
    validated = cardcli("validate", log)
    assert validated.exit_code == 0 and "unfinished game" in validated.stdout
    waits_for_input = b'"type":"command"' in lines[30] or b'"type":"rejected"' in lines[30]
    assert cardcli("replay", log).exit_code == (0 if waits_for_input else 1)


@pytest.mark.parametrize("change", ["drop", "duplicate", "swap", "edit"])
def test_resume_refuses_a_log_that_does_not_replay_and_leaves_it_unchanged(
    tmp_path: Path, unfinished_bytes: bytes, change: str
) -> None:
    lines = lines_of(unfinished_bytes)
    if change == "drop":
        del lines[10]
    elif change == "duplicate":
        lines.insert(10, lines[10])
    elif change == "swap":
        lines[10], lines[11] = lines[11], lines[10]
    else:
        lines[0] = lines[0].replace(b'"seed":7', b'"seed":8')
    data = b"".join(lines)
    log = write(tmp_path, "changed.jsonl", data)
    result = cardcli("resume", log, stdin="done\n")
    assert result.exit_code == 1
    message = result.stderr.strip()
    assert message.startswith("cardcli: error:") and "cannot resume" in message
    assert "\n" not in message  # one line
    assert Path(log).read_bytes() == data


def test_resume_of_a_finished_game_adds_nothing(tmp_path: Path, game_bytes: bytes) -> None:
    log = write(tmp_path, "done.jsonl", game_bytes)
    result = cardcli("resume", log, stdin="auto\n")
    assert result.exit_code == 0 and "nothing to resume" in result.stderr
    assert Path(log).read_bytes() == game_bytes


def test_resume_appends_exactly_what_an_uninterrupted_run_writes(tmp_path: Path) -> None:
    whole = cardcli("play", "shuffle-mania", "--seed", "5", stdin="auto\ndone\ncut 3\nauto\n")
    first = cardcli("play", "shuffle-mania", "--seed", "5", stdin="auto\ndone\n")
    log = write(tmp_path, "part.jsonl", first.stdout_bytes)
    resumed = cardcli("resume", log, stdin="cut 3\nauto\n")
    assert resumed.exit_code == 0
    assert Path(log).read_bytes() == whole.stdout_bytes


def test_the_divergence_names_the_field(tmp_path: Path, game_bytes: bytes) -> None:
    lines = lines_of(game_bytes)
    target = next(i for i, line in enumerate(lines) if b'"type":"removed"' in line)
    record = json.loads(lines[target])
    record["cards_left"] += 1
    lines[target] = (json.dumps(record, separators=(",", ":")) + "\n").encode()
    result = cardcli("replay", write(tmp_path, "f.jsonl", b"".join(lines)))
    first = result.stdout.splitlines()[0]
    assert f"f.jsonl:{target + 1}: first divergence at seq {target}" in first
    assert "cards_left" in first


def test_a_line_timed_far_ahead_against_bots_costs_nothing_and_resumes(tmp_path: Path) -> None:
    log = tmp_path / "far.jsonl"
    played = cardcli(
        "play",
        "double-solitaire",
        "--seat",
        "p2=hard",
        "--seed",
        "4",
        "--log",
        str(log),
        stdin="@999999999999 f\n",
    )
    assert played.exit_code == 0, played.stderr
    lines = log.read_bytes().splitlines()
    assert len(lines) < 2000 and b"@999999999999 f" in lines[-2]
    resumed = cardcli("resume", str(log), stdin="@999999999999 f\n@1000000000000 f\n")
    assert resumed.exit_code == 0, resumed.stderr
    assert cardcli("replay", str(log)).exit_code == 0


def test_no_limit_on_the_length_of_a_game_given_by_a_person() -> None:
    from cardcli.engine.loop import run
    from tests.conftest import new_session

    session, _lines = new_session("shuffle-mania", seed=2)
    given = iter(["xyzzy"] * 120_000)
    end = run(session, lambda _seat: next(given, None))
    assert end.reason == "input-ended" and session.commands == 120_000


def test_the_bot_loop_guard_counts_from_the_last_milestone() -> None:
    from cardcli.engine.errors import CardcliError
    from cardcli.engine.loop import BotLoopGuard
    from tests.conftest import new_session

    session, _lines = new_session("shuffle-mania", seed=2)
    guard = BotLoopGuard(session, limit=3)
    plain = [{"type": "command"}, {"type": "removed"}]
    milestone = [{"type": "command"}, {"type": "pass_ended"}]
    for _ in range(3):
        guard.bot(plain)
    guard.bot(milestone)  # progress: counting starts again
    for _ in range(3):
        guard.bot(plain)
    guard.person()
    for _ in range(3):
        guard.bot(plain)
    with pytest.raises(CardcliError, match="no progress"):
        guard.bot(plain)


def _live_log(path: Path, person: list[str], quit_at: int) -> None:
    """A real-time game as a person at a terminal leaves it: bots played on after
    the person's last line, until the person quit at ``quit_at`` ms."""
    from cardcli.engine.log import LogWriter
    from cardcli.engine.loop import Quit, run
    from tests.conftest import new_session

    with path.open("wb") as handle:
        session, _lines = new_session(
            "double-solitaire", seed=6, seats={"p1": "human", "p2": "hard", "p3": "easy"}, players=3
        )
        session.sinks.append(LogWriter(handle))
        for line in _lines:
            LogWriter(handle)(line)
        clock = [0]
        given = iter(person)

        def read(timeout: float | None) -> str | None:
            line = next(given, None)
            if line is not None:
                return line
            clock[0] += int((timeout or 0) * 1000) + 1
            if clock[0] > quit_at:
                raise Quit
            return None

        run(session, lambda _s: None, timed_read=read, wall=lambda: clock[0])


def test_resume_of_a_live_game_catches_up_at_once_then_reads(tmp_path: Path) -> None:
    log = tmp_path / "live.jsonl"
    _live_log(log, ["@400 f", "@900 f"], quit_at=6000)
    data = log.read_bytes()
    commands = [json.loads(x) for x in data.splitlines() if b'"type":"command"' in x]
    last = commands[-1]
    assert last.get("bot"), "the bots played on after the person's last line"
    resumed = cardcli("resume", str(log), stdin="f\nf\n")
    assert resumed.exit_code == 0, resumed.stderr
    after = log.read_bytes()
    assert after.startswith(data) and len(after) > len(data)
    new = [json.loads(line) for line in after[len(data) :].splitlines()]
    person = [line for line in new if line.get("type") == "command" and "bot" not in line]
    assert person, "the piped lines went to the continuation"
    last_time = int(last["text"].split()[0][1:])
    assert int(person[0]["text"].split()[0][1:]) >= last_time  # at the continuation's clock
    assert cardcli("replay", str(log)).exit_code == 0


def older_release_bytes(stdin: list[str], seed: int, engine: str = "0.3.0") -> bytes:
    """The log an older release wrote for a person's Shuffle-Mania game: RNG v2 (0.1.0 to
    0.3.0 wrote it; this release writes v3), its header naming ``engine``."""
    from cardcli.engine.rng import RNG_V2
    from tests.conftest import new_session

    session, lines = new_session("shuffle-mania", seed=seed, rng_id=RNG_V2)
    for text in stdin:
        session.submit(text)
    lines[0] = {**lines[0], "engine": engine}
    return b"".join(encode_bytes(line) for line in lines)


def test_a_rejection_reworded_since_an_older_engine_still_replays(tmp_path: Path) -> None:
    data = older_release_bytes(["frobnicate", "auto"], seed=3, engine="0.1.0")
    assert b'"type":"rejected"' in data
    lines = lines_of(data)
    reworded = [
        line.replace(b'"reason":"', b'"reason":"old words: ', 1)
        if b'"type":"rejected"' in line
        else line
        for line in lines
    ]
    from cardcli import __version__

    same_version = [
        reworded[0].replace(b'"engine":"0.1.0"', f'"engine":"{__version__}"'.encode()),
        *reworded[1:],
    ]
    # this version: every byte counts (and it never wrote RNG v2)
    assert cardcli("replay", write(tmp_path, "same.jsonl", b"".join(same_version))).exit_code == 1
    older = reworded
    log = write(tmp_path, "old.jsonl", b"".join(older))
    result = cardcli("replay", log)
    assert result.exit_code == 0, result.stdout
    assert "rejections worded as cardcli 0.1.0" in result.stderr
    # Anything else that differs is still a divergence, whatever the version.
    removed = next(i for i, line in enumerate(older) if b'"type":"removed"' in line)
    older[removed] = older[removed].replace(b'"cards_left":', b'"cards_left":1', 1)
    assert cardcli("replay", write(tmp_path, "old2.jsonl", b"".join(older))).exit_code == 1


@pytest.mark.parametrize("value", [b"[]", b"{}", b"[1]", b"7"])
def test_an_rng_of_the_wrong_type_is_one_line_not_a_traceback(
    tmp_path: Path, game_bytes: bytes, value: bytes
) -> None:
    lines = lines_of(game_bytes)
    assert b'"rng":"splitmix64-v3"' in lines[0]
    lines[0] = lines[0].replace(b'"rng":"splitmix64-v3"', b'"rng":' + value, 1)
    check_all_refuse(tmp_path, b"".join(lines))
    result = cardcli("resume", write(tmp_path, "r.jsonl", b"".join(lines)))
    assert result.exit_code == 1 and "log made with RNG" in result.stderr


def test_diff_says_how_a_finished_log_ended_when_the_other_goes_on(
    tmp_path: Path, game_bytes: bytes
) -> None:
    longer = write(
        tmp_path, "longer.jsonl", game_bytes + b'{"seq":999,"type":"command","text":"x"}\n'
    )
    result = cardcli("diff", write(tmp_path, "log.jsonl", game_bytes), longer)
    assert result.exit_code == 1
    assert "result " + str(tmp_path / "log.jsonl") + ": game over" in result.stdout, result.stdout


def test_diff_of_a_file_whose_first_line_is_too_long_is_no_log(
    tmp_path: Path, game_bytes: bytes
) -> None:
    huge = write(tmp_path, "huge.jsonl", b'{"seq":0,"x":"' + b"a" * 1_100_000 + b'"}\n')
    for pair in ((huge, huge), (write(tmp_path, "log.jsonl", game_bytes), huge)):
        result = cardcli("diff", *pair)
        assert result.exit_code == 2 and "not a cardcli log" in result.stderr


def test_a_made_up_engine_version_gets_no_leeway_on_rejections(tmp_path: Path) -> None:
    from cardcli import __version__

    lines = lines_of(older_release_bytes(["frobnicate", "auto"], seed=3, engine=__version__))
    reworded = [
        line.replace(b'"reason":"', b'"reason":"old words: ', 1)
        if b'"type":"rejected"' in line
        else line
        for line in lines
    ]
    for engine, code in ((b"x", 1), (b"", 1), (b"99.0.0", 1), (b"0.1.0", 0)):
        header = reworded[0].replace(
            f'"engine":"{__version__}"'.encode(), b'"engine":"' + engine + b'"'
        )
        log = write(tmp_path, "v.jsonl", b"".join([header, *reworded[1:]]))
        assert cardcli("replay", log).exit_code == code, engine
        validated = cardcli("validate", log)
        assert validated.exit_code == code, engine
        if code == 0:  # validate says why it let the wording pass
            assert "rejections worded as cardcli 0.1.0" in validated.stderr


def test_resume_refuses_a_last_line_that_no_write_could_have_left(
    tmp_path: Path, game_bytes: bytes, unfinished_bytes: bytes
) -> None:
    """Only the start of the line the engine writes next is a line cut off mid-write."""
    lines = lines_of(game_bytes)
    cases = [
        game_bytes + b'{"seq":999,"type":"bogus"',  # after game_over nothing is written
        b"".join(lines[:20]) + b"IMPORTANT USER NOTE",
        unfinished_bytes + b'{"seq":3,"type":"comm',  # not the seq that comes next
    ]
    for number, data in enumerate(cases):
        log = write(tmp_path, f"c{number}.jsonl", data)
        result = cardcli("resume", log)
        assert result.exit_code == 1 and "not cut off mid-write" in result.stderr, number
        assert Path(log).read_bytes() == data  # nothing changed
    seq = len(lines_of(unfinished_bytes))
    cut = unfinished_bytes + b'{"seq":%d,"type":"command","text":"au' % seq
    log = write(tmp_path, "cut.jsonl", cut)
    result = cardcli("resume", log, stdin="")
    assert result.exit_code == 0 and "cut off mid-write" in result.stderr
    assert Path(log).read_bytes() == unfinished_bytes


def test_a_line_that_puts_words_in_a_bots_mouth_is_a_divergence(
    tmp_path: Path, game_bytes: bytes
) -> None:
    """The greedy bot plays 'auto ltr' at seq 8 of this game; a log saying 'done' is forged."""
    lines = lines_of(game_bytes)
    at = next(i for i, line in enumerate(lines) if b'"bot":"greedy"' in line)
    assert b'"text":"done"' not in lines[at]
    forged = json.loads(lines[at])
    forged["text"] = "done"
    data = b"".join(lines[:at]) + json.dumps(forged, separators=(",", ":")).encode() + b"\n"
    check_all_refuse(tmp_path, data)
    replayed = cardcli("replay", write(tmp_path, "f.jsonl", data))
    assert "differs in text" in replayed.stdout


def test_a_bot_line_where_the_game_waits_on_another_seat_is_a_divergence(
    tmp_path: Path,
) -> None:
    """Two players, a person at p1 and the greedy bot at p2: p1 is to move, and the
    log says the bot at p2 played 'done'. The session loop asks only the seat to move."""
    from cardcli.engine.log import encode
    from tests.conftest import new_session

    session, lines = new_session(
        "shuffle-mania", seed=3, seats={"p1": "human", "p2": "greedy"}, players=2
    )
    assert session.state.to_move() == "p1"
    forged = {"seq": session.seq, "type": "command", "text": "done", "player": "p2"}
    forged["bot"] = "greedy"
    data = "".join(encode(line) + "\n" for line in [*lines, forged]).encode()
    check_all_refuse(tmp_path, data)
    said = cardcli("validate", write(tmp_path, "f.jsonl", data)).stdout
    assert "a line of the greedy bot, but the game waits on p1, played by a person" in said
