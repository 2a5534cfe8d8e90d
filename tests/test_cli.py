"""The CLI contract, through click's runner."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cardcli.cli import cli
from cardcli.engine.schema import LineValidator

ORDER = "3d 7c 7h 4d 9c 9d 8d Ks 2h"


def cardcli(*args: str, stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def log_of(result: Result) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.stdout.splitlines()]


def script(tmp_path: Path, text: str, name: str = "moves.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def bot_game(tmp_path: Path, seed: int = 7, *extra: str) -> Path:
    result = cardcli("play", "shuffle-mania", "--bot", "greedy", "--seed", str(seed), *extra)
    assert result.exit_code == 0, result.stderr
    path = tmp_path / f"game{seed}.jsonl"
    path.write_text(result.stdout, encoding="utf-8")
    return path


def test_games_lists_each_registered_game_on_one_line() -> None:
    result = cardcli("games")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0].startswith("shuffle-mania ")


def test_rules_shows_the_games_rules_md() -> None:
    result = cardcli("rules", "shuffle-mania")
    assert result.exit_code == 0
    assert "inner-outer" in result.stdout.lower()


def test_rules_of_an_unknown_game_is_a_usage_error() -> None:
    result = cardcli("rules", "chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr


def test_play_from_a_script_writes_only_the_log_to_stdout(tmp_path: Path) -> None:
    moves = script(
        tmp_path, "# a comment\n\nremove 7c 7h   # the sevens\nauto\ndone\ncut 2\ndone\n"
    )
    result = cardcli("play", "shuffle-mania", "--order", ORDER, "--seed", "5", moves)
    assert result.exit_code == 0, result.stderr
    lines = log_of(result)
    validator = LineValidator("shuffle-mania")
    assert all(validator.errors(line) == [] for line in lines)
    assert [line["seq"] for line in lines] == list(range(len(lines)))
    texts = [line["text"] for line in lines if line["type"] == "command"]
    assert texts == ["remove 7c 7h", "auto", "done", "cut 2", "done"]
    assert lines[0]["setup"] == {"order": ORDER}
    assert lines[-1]["type"] == "game_over"


def test_scripts_are_read_in_order_and_dash_is_stdin(tmp_path: Path) -> None:
    first = script(tmp_path, "remove 7c 7h\n", "a.txt")
    last = script(tmp_path, "done\n", "b.txt")
    result = cardcli("play", "shuffle-mania", "--order", ORDER, first, "-", last, stdin="auto\n")
    texts = [line["text"] for line in log_of(result) if line["type"] == "command"]
    assert texts == ["remove 7c 7h", "auto", "done"]


def test_a_rejected_command_is_logged_and_play_goes_on(tmp_path: Path) -> None:
    moves = script(tmp_path, "remove 3d 4d\nfly away\nremove 7c 7h\n")
    result = cardcli("play", "shuffle-mania", "--order", ORDER, moves)
    assert result.exit_code == 0
    lines = log_of(result)
    rejected = [line for line in lines if line["type"] == "rejected"]
    assert [line["text"] for line in rejected] == ["remove 3d 4d", "fly away"]
    assert "unknown command 'fly'" in rejected[1]["reason"]
    assert lines[-2]["type"] == "command" or lines[-1]["type"] == "removed"


def test_strict_stops_at_the_first_rejected_command_with_exit_1(tmp_path: Path) -> None:
    moves = script(tmp_path, "remove 7c 7h\nremove 3d 4d\ndone\n")
    result = cardcli("play", "shuffle-mania", "--order", ORDER, "--strict", moves)
    assert result.exit_code == 1
    lines = log_of(result)
    assert lines[-1]["type"] == "rejected" and lines[-1]["text"] == "remove 3d 4d"
    assert "no inner-outers on hard" in result.stderr


def test_bots_at_every_seat_with_no_script_play_to_the_end() -> None:
    result = cardcli("play", "shuffle-mania", "--bot", "greedy", "--seed", "3")
    assert result.exit_code == 0
    lines = log_of(result)
    assert lines[-1]["type"] == "game_over"
    assert all(line.get("bot") == "greedy" for line in lines if line["type"] == "command")


def test_same_seed_options_and_commands_give_the_same_bytes() -> None:
    args = (
        "play",
        "shuffle-mania",
        "--bot",
        "random",
        "--seed",
        "11",
        "--level",
        "easy",
        "--jokers",
    )
    assert cardcli(*args).stdout_bytes == cardcli(*args).stdout_bytes
    other = cardcli("play", "shuffle-mania", "--bot", "random", "--seed", "12", "--level", "easy")
    assert other.stdout_bytes != cardcli(*args).stdout_bytes


def test_the_header_records_every_option_with_defaults_and_the_seats() -> None:
    header = log_of(cardcli("play", "shuffle-mania", "--bot", "greedy", "--seed", "1"))[0]
    assert header["options"] == {
        "level": "hard",
        "shuffle": "uniform",
        "jokers": False,
        "start": "random",
        "players": 1,
    }
    assert header["seats"] == {"p1": "greedy"}
    assert header["rng"] == "splitmix64-v3" and header["seed"] == 1 and header["format"] == 1


def test_without_a_seed_a_fresh_one_is_chosen_and_logged() -> None:
    first = log_of(cardcli("play", "shuffle-mania", "--bot", "greedy"))[0]["seed"]
    second = log_of(cardcli("play", "shuffle-mania", "--bot", "greedy"))[0]["seed"]
    assert isinstance(first, int) and first != second


def test_seats_can_mix_people_and_bots(tmp_path: Path) -> None:
    moves = script(tmp_path, "auto\ndone\ncut\n" * 30)
    result = cardcli(
        "play", "shuffle-mania", "--players", "2", "--seat", "p2=greedy", "--seed", "4", moves
    )
    assert result.exit_code == 0
    lines = log_of(result)
    players = {line.get("player") for line in lines if line["type"] == "command" and "bot" in line}
    assert players == {"p2"}
    assert lines[0]["seats"] == {"p1": "human", "p2": "greedy"}


def test_a_person_cannot_move_for_a_bot_seat(tmp_path: Path) -> None:
    moves = script(tmp_path, "p2 done\n")
    result = cardcli("play", "shuffle-mania", "--players", "2", "--seat", "p2=greedy", moves)
    rejected = [line for line in log_of(result) if line["type"] == "rejected"]
    assert rejected and "played by the greedy bot" in rejected[0]["reason"]


def test_log_option_writes_a_file_and_never_overwrites_one(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    first = cardcli("play", "shuffle-mania", "--bot", "greedy", "--seed", "2", "--log", str(log))
    assert first.exit_code == 0
    assert log.read_text(encoding="utf-8") == first.stdout
    again = cardcli("play", "shuffle-mania", "--bot", "greedy", "--seed", "2", "--log", str(log))
    assert again.exit_code == 2 and "file exists" in again.stderr


def test_replay_of_an_untouched_log_is_identical(tmp_path: Path) -> None:
    log = bot_game(tmp_path)
    result = cardcli("replay", str(log))
    assert result.exit_code == 0
    assert "replayed identically" in result.stdout


def test_replay_names_the_first_divergent_seq_with_both_versions(tmp_path: Path) -> None:
    log = bot_game(tmp_path)
    lines = log.read_text(encoding="utf-8").splitlines()
    target = next(i for i, line in enumerate(lines) if '"type":"removed"' in line)
    lines[target] = lines[target].replace('"cards_left":', '"cards_left":1')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cardcli("replay", str(log))
    assert result.exit_code == 1
    assert f"first divergence at seq {target}" in result.stdout
    assert "log:" in result.stdout and "replay:" in result.stdout


def test_replay_show_draws_the_board_and_to_stops_early(tmp_path: Path) -> None:
    log = bot_game(tmp_path)
    result = cardcli("replay", str(log), "--show", "--to", "20")
    assert result.exit_code == 0
    assert "Shuffle-Mania (hard, uniform)" in result.stdout
    assert "[8] (greedy)> auto ltr" in result.stdout


def test_replay_reads_stdin(tmp_path: Path) -> None:
    log = bot_game(tmp_path)
    result = cardcli("replay", "-", stdin=log.read_bytes())
    assert result.exit_code == 0


def test_diff_of_equal_and_of_different_logs(tmp_path: Path) -> None:
    a, b = bot_game(tmp_path, 7), bot_game(tmp_path, 8)
    same = cardcli("diff", str(a), str(a))
    assert same.exit_code == 0 and "identical" in same.stdout
    differ = cardcli("diff", str(a), str(b))
    assert differ.exit_code == 1
    assert "first divergence at seq 0" in differ.stdout
    assert differ.stdout.count("result ") == 2


def test_diff_shows_the_commands_that_led_to_the_divergence(tmp_path: Path) -> None:
    base = script(tmp_path, "remove 7c 7h\nauto\ndone\ncut 2\n", "base.txt")
    a = tmp_path / "a.jsonl"
    b = tmp_path / "b.jsonl"
    a.write_text(
        cardcli("play", "shuffle-mania", "--order", ORDER, "--seed", "1", base).stdout,
        encoding="utf-8",
    )
    other = script(tmp_path, "remove 7c 7h\nauto\ndone\ncut 3\n", "other.txt")
    b.write_text(
        cardcli("play", "shuffle-mania", "--order", ORDER, "--seed", "1", other).stdout,
        encoding="utf-8",
    )
    result = cardcli("diff", str(a), str(b))
    assert result.exit_code == 1
    assert "commands that led there" in result.stdout
    assert "done" in result.stdout


def test_validate_accepts_a_good_log_and_names_file_and_line_of_bad_ones(tmp_path: Path) -> None:
    good = bot_game(tmp_path)
    assert cardcli("validate", str(good)).exit_code == 0
    lines = good.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace('"face":"', '"face":"sideways-')
    lines[5] = "{not json"
    lines[6] = lines[6].replace('"seq":6', '"seq":60')
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cardcli("validate", str(good), str(bad))
    assert result.exit_code == 1
    assert f"{bad}:4: shuffled.face:" in result.stdout
    assert f"{bad}:6: not JSON" in result.stdout
    assert f"{bad}:7: seq is 60, expected 6" in result.stdout


def test_a_file_that_is_no_log_is_unusable_input_exit_2_for_every_log_command(
    tmp_path: Path,
) -> None:
    binary = tmp_path / "noise.bin"
    binary.write_bytes(bytes(range(256)) * 40)
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    other_json = tmp_path / "other.jsonl"
    other_json.write_text('{"seq": 0, "type": "hello"}\n', encoding="utf-8")
    good = bot_game(tmp_path)
    result = cardcli("validate", str(good), str(binary), str(empty))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "valid (" in result.stdout  # the good log is still reported
    assert "empty: not a cardcli log" in result.stderr
    assert f"{binary}:1:" in result.stderr and "not a cardcli log" in result.stderr
    for bad in (binary, empty, other_json):
        for args in (("replay", bad), ("validate", bad), ("diff", good, bad), ("resume", bad)):
            result = cardcli(*map(str, args))
            assert result.exit_code == 2, (args, result.output)
            assert (
                result.stderr.startswith("cardcli: error: ")
                and "not a cardcli log" in result.stderr
            )
            assert len(result.stderr.splitlines()) == 1


def test_missing_files_are_usage_errors(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.jsonl")
    for args in (("replay", missing), ("validate", missing), ("resume", missing)):
        result = cardcli(*args)
        assert result.exit_code == 2, args
        assert result.stderr.startswith("cardcli: error: ")
    result = cardcli("play", "shuffle-mania", missing)
    assert result.exit_code == 2


def test_a_binary_script_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "a.out"
    path.write_bytes(b"\x7fELF\x00\x01\x02" * 100)
    result = cardcli("play", "shuffle-mania", str(path))
    assert result.exit_code == 2
    assert "binary" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_an_over_long_script_line_is_rejected_and_logged_shortened(tmp_path: Path) -> None:
    moves = script(tmp_path, "remove " + "9c " * 100_000 + "\ndone\n")
    result = cardcli("play", "shuffle-mania", "--order", ORDER, moves)
    assert result.exit_code == 0
    rejected = next(line for line in log_of(result) if line["type"] == "rejected")
    assert "line too long" in rejected["reason"]
    assert len(rejected["text"]) <= 80
    # and said shortened on stderr: 80 characters and the length
    said = next(line for line in result.stderr.splitlines() if "rejected" in line)
    assert "characters)'" in said and len(said) < 300
    # The length said and logged is the line's own, not what the reader kept of it.
    length = len(("remove " + "9c " * 100_000).strip())  # the command, trailing space stripped
    assert rejected["length"] == length and f"line too long ({length} characters" in said


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "chess"), "unknown game 'chess'"),
        (("play", "shuffle-mania", "--level", "insane"), "insane"),
        (("play", "shuffle-mania", "--players", "3"), "3"),
        (("play", "shuffle-mania", "--bot", "nobody"), "no bot 'nobody'"),
        (("play", "shuffle-mania", "--seat", "p3=greedy"), "seats p1"),
        (("play", "shuffle-mania", "--seat", "greedy"), "SEAT=human"),
        (("play", "shuffle-mania", "--order", "9c 9c"), "appears twice"),
        (("play", "shuffle-mania", "--order", "9z"), "'9z' is not a card"),
        (("play", "shuffle-mania", "--seed", "-1"), "-1"),
        (("simulate", "shuffle-mania", "--games", "0"), "0"),
    ],
)
def test_bad_options_exit_2_with_one_line(args: tuple[str, ...], message: str) -> None:
    result = cardcli(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_resume_continues_a_cut_off_log_to_the_same_end(tmp_path: Path) -> None:
    full = bot_game(tmp_path, 9)
    data = full.read_bytes()
    lines = full.read_text(encoding="utf-8").splitlines()
    commands = [json.loads(line) for line in lines if '"type":"command"' in line]
    cut_at = len(data) * 2 // 3
    partial = tmp_path / "partial.jsonl"
    partial.write_bytes(data[:cut_at])  # cut mid-line
    whole_lines = data[:cut_at].count(b"\n")
    logged = [json.loads(line) for line in data[:cut_at].decode().splitlines()[:whole_lines]]
    seen = {line["seq"] for line in logged}
    header = json.loads(lines[0])
    assert header["seats"] == {"p1": "greedy"}
    result = cardcli("resume", str(partial))
    assert result.exit_code == 0, result.stderr
    assert "cut off" in result.stderr
    assert partial.read_bytes() == data
    assert all(c["seq"] in seen or c.get("bot") for c in commands)


def test_resume_with_a_script_appends_to_the_log(tmp_path: Path) -> None:
    start = script(tmp_path, "remove 7c 7h\n", "start.txt")
    log = tmp_path / "g.jsonl"
    cardcli("play", "shuffle-mania", "--order", ORDER, "--log", str(log), start)
    rest = script(tmp_path, "auto\ndone\ncut 1\ndone\n", "rest.txt")
    result = cardcli("resume", str(log), rest)
    assert result.exit_code == 0, result.stderr
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [line["text"] for line in lines if line["type"] == "command"] == [
        "remove 7c 7h",
        "auto",
        "done",
        "cut 1",
        "done",
    ]
    assert lines[-1]["type"] == "game_over"
    assert cardcli("replay", str(log)).exit_code == 0


def test_resume_of_a_finished_game_changes_nothing(tmp_path: Path) -> None:
    log = bot_game(tmp_path)
    before = log.read_bytes()
    result = cardcli("resume", str(log))
    assert result.exit_code == 0 and "game is over" in result.stderr
    assert log.read_bytes() == before


def test_resume_refuses_a_log_that_diverges(tmp_path: Path) -> None:
    log = bot_game(tmp_path)
    text = log.read_text(encoding="utf-8").replace('"cards_left":', '"cards_left":9', 1)
    log.write_text(text, encoding="utf-8")
    result = cardcli("resume", str(log))
    assert result.exit_code == 1
    assert "cannot resume" in result.stderr


def test_simulate_summary_is_the_same_for_any_number_of_workers() -> None:
    args = ("simulate", "shuffle-mania", "--games", "40", "--seed", "3", "--json")
    one = json.loads(cardcli(*args, "--workers", "1").stdout)
    two = json.loads(cardcli(*args, "--workers", "2").stdout)
    assert one == two
    seat = one["seats"]["p1"]
    assert one["games"] == 40 and 0 <= seat["win_rate"] <= 1
    low, high = seat["win_rate_95"]
    assert low <= seat["win_rate"] <= high
    assert sum(seat["histogram"].values()) == 40


def test_simulate_prints_a_readable_summary_and_keeps_logs(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    result = cardcli(
        "simulate", "shuffle-mania", "--games", "5", "--seed", "1", "--logs", str(logs)
    )
    assert result.exit_code == 0
    assert "win rate" in result.stdout and "95% CI" in result.stdout and "|" in result.stdout
    kept = sorted(logs.iterdir())
    assert len(kept) == 5
    assert cardcli("validate", *map(str, kept)).exit_code == 0
    assert cardcli("replay", str(kept[0])).exit_code == 0


def test_simulate_needs_bots_at_every_seat() -> None:
    result = cardcli(
        "simulate", "shuffle-mania", "--games", "2", "--players", "2", "--seat", "p1=human"
    )
    assert result.exit_code == 2


def test_a_bad_explicit_deal_writes_no_log(tmp_path: Path) -> None:
    log = tmp_path / "never.jsonl"
    result = cardcli(
        "play", "double-solitaire", "--order", "p1: Ah 2c", "--seed", "1", "--log", str(log)
    )
    assert result.exit_code == 2
    assert "at least 17 cards" in result.stderr
    assert result.stdout == ""
    assert not log.exists()


def test_real_time_script_lines_get_their_time_and_bad_times_are_rejected(tmp_path: Path) -> None:
    moves = script(tmp_path, "f\n@12x f\n@3000 f\n")
    result = cardcli("play", "double-solitaire", "--seat", "p2=hard", "--seed", "4", moves)
    assert result.exit_code == 0
    lines = log_of(result)
    mine = [line for line in lines if line.get("player") == "p1" and "text" in line]
    assert mine[0]["text"] == "@0 f" and mine[0]["type"] == "command"
    assert mine[1]["type"] == "rejected" and "'@12x' is not a time" in mine[1]["reason"]
    assert mine[2]["text"] == "@3000 f"
    bot_times = [int(line["text"].split()[0][1:]) for line in lines if line.get("bot") == "hard"]
    assert bot_times and all(t <= 3000 for t in bot_times)


def test_resuming_a_real_time_bot_game_continues_exactly_as_it_would_have(tmp_path: Path) -> None:
    full = tmp_path / "full.jsonl"
    args = ("play", "double-solitaire", "--bot", "hard", "--seed", "5", "--target", "15")
    full.write_bytes(cardcli(*args).stdout_bytes)
    data = full.read_bytes()
    for cut in (len(data) // 7, len(data) // 2 + 3):
        partial = tmp_path / f"cut{cut}.jsonl"
        partial.write_bytes(data[:cut])
        result = cardcli("resume", str(partial))
        assert result.exit_code == 0, result.stderr
        assert partial.read_bytes() == data


def test_resuming_a_real_time_game_with_a_person_keeps_the_bots_schedule(tmp_path: Path) -> None:
    first = script(tmp_path, "@500 f\n@1400 d w3\n", "first.txt")
    rest = script(tmp_path, "@2600 f\n@9000 f\n", "rest.txt")
    both = script(tmp_path, "@500 f\n@1400 d w3\n@2600 f\n@9000 f\n", "both.txt")
    args = ("play", "double-solitaire", "--seed", "3", "--seat", "p2=medium", "--target", "10")
    whole = cardcli(*args, both).stdout_bytes
    log = tmp_path / "game.jsonl"
    assert cardcli(*args, "--log", str(log), first).exit_code == 0
    assert cardcli("resume", str(log), rest).exit_code == 0
    assert log.read_bytes() == whole


def test_crafted_logs_never_give_a_traceback(tmp_path: Path) -> None:
    header = bot_game(tmp_path).read_text(encoding="utf-8").splitlines()[0]
    cases = {
        "deep": header + "\n" + "[" * 100_000 + "]" * 100_000 + "\n",
        "seq": header + '\n{"seq":"1","type":"command","text":"done"}\n',
        "seat": header.replace('"greedy"', '"human"')
        + '\n{"seq":1,"type":"command","text":"done","player":"p9"}\n',
        "length": header
        + '\n{"seq":1,"type":"rejected","text":"x","length":1180591620717411303424,"reason":"r"}\n',
        "surrogate": header
        + '\n{"seq":1,"type":"rejected","text":"remove 9c\\ud800","reason":"r"}\n',
    }
    for name, text in cases.items():
        path = write_log(tmp_path, f"{name}.jsonl", text)
        for args in (
            ("replay", str(path)),
            ("validate", str(path)),
            ("diff", str(path), str(path)),
        ):
            result = cardcli(*args)
            assert "Traceback" not in result.output, (name, args)
            assert result.exit_code in (0, 1), (name, args, result.output)


def write_log(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_bad_script_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    log = tmp_path / "never.jsonl"
    result = cardcli("play", "shuffle-mania", "--log", str(log), str(tmp_path / "nofile.txt"))
    assert result.exit_code == 2 and result.stdout == "" and not log.exists()


def test_an_empty_order_is_refused() -> None:
    for game in ("shuffle-mania", "double-solitaire"):
        result = cardcli("play", game, "--order", "", stdin="")
        assert result.exit_code == 2 and "--order" in result.stderr


def test_validate_checks_seats_and_result_against_the_header(tmp_path: Path) -> None:
    lines = bot_game(tmp_path).read_text(encoding="utf-8").splitlines()
    lines[-1] = lines[-1].replace('"p1"', '"p2"')
    path = write_log(tmp_path, "wrong.jsonl", "\n".join(lines) + "\n")
    result = cardcli("validate", str(path))
    assert result.exit_code == 1
    assert "the seats are ['p1']" in result.stdout


def test_moves_may_ask_about_another_seat(tmp_path: Path) -> None:
    moves = script(tmp_path, "p2 moves\np9 moves\n")
    result = cardcli("play", "shuffle-mania", "--players", "2", "--seed", "1", moves)
    assert result.exit_code == 0
    assert "done" in result.stderr and "there is no seat p9" in result.stderr
    assert all(line["type"] != "rejected" for line in log_of(result))
