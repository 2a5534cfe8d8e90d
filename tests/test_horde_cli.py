"""Horde Magic through the command line: the CLI contract of the issue, errors, replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from cardcli.cli import cli
from cardcli.engine.schema import LineValidator

SETUPS = Path(__file__).resolve().parent.parent / "scenarios" / "horde" / "setups"


def cardcli(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def log_of(result: Result) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.stdout.splitlines()]


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_play_horde_with_the_bundled_decks_and_a_script(tmp_path: Path) -> None:
    moves = write(tmp_path, "moves.txt", "p1 keep\np2 keep\npass  # no land\n")
    result = cardcli("play", "horde", "--seed", "7", moves)
    assert result.exit_code == 0, result.stderr
    lines = log_of(result)
    header = lines[0]
    assert header["game"] == "horde" and header["options"]["players"] == 2
    assert header["options"]["horde"]["source"] == "horde-zombies.yaml"
    assert set(header["options"]["deck"]) == {"p1", "p2"}
    validator = LineValidator("horde")
    assert all(validator.errors(line) == [] for line in lines)
    assert len(result.stdout.splitlines()[0]) < 1_000_000  # the log reader's line limit


def test_four_players_fit_in_a_header_well_under_the_line_limit() -> None:
    result = cardcli("play", "horde", "--players", "4", "--seed", "1", stdin="")
    assert result.exit_code == 0, result.stderr
    assert len(result.stdout.splitlines()[0].encode()) < 200_000


def test_deck_and_order_options_name_the_seat_and_file(tmp_path: Path) -> None:
    deck = write(tmp_path, "mine.dec", "20 Forest\n20 Grizzly Bears\n20 Giant Growth\n")
    result = cardcli("play", "horde", "--deck", f"p2={deck}", "--seed", "2", stdin="")
    assert result.exit_code == 0, result.stderr
    assert log_of(result)[0]["options"]["deck"]["p2"]["source"] == "mine.dec"
    bad = cardcli("play", "horde", "--deck", "p9=x.dec", stdin="")
    assert bad.exit_code == 2 and "--deck" in bad.stderr and "p1=FILE" in bad.stderr
    missing = cardcli("play", "horde", "--deck", f"p1={tmp_path / 'nope.dec'}", stdin="")
    assert missing.exit_code == 2 and "nope.dec" in missing.stderr
    unknown = cardcli("play", "horde", "--order", "p1=Forest; Grizly Bears", stdin="")
    assert unknown.exit_code == 2 and "did you mean 'Grizzly Bears'" in unknown.stderr
    extra = cardcli("play", "horde", "--players", "2", "--deck", f"p3={deck}", stdin="")
    assert extra.exit_code == 2 and "p3" in extra.stderr


def test_horde_order_stacks_the_hordes_library() -> None:
    result = cardcli(
        "play", "horde", "--horde-order", "Zombie Giant; Bad Moon", "--mulligan", "none", stdin=""
    )
    assert result.exit_code == 0, result.stderr
    library = next(e for e in log_of(result) if e["type"] == "library" and e["who"] == "horde")
    assert library["cards"] == ["Zombie Giant", "Bad Moon"] and library["how"] == "order"


def test_a_broken_setup_file_is_one_line(tmp_path: Path) -> None:
    bad = write(
        tmp_path,
        "bad.yaml",
        "horde: {library: [Zombie]}\np1: {battlefield: [{tapped: yes}]}\np2: {}\n",
    )
    result = cardcli("play", "horde", "--setup", bad, stdin="")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "--setup" in result.stderr


def test_show_p2_draws_the_table_with_p2s_hand(tmp_path: Path) -> None:
    moves = write(tmp_path, "moves.txt", "show p2\np2 show\n")
    result = cardcli("play", "horde", "--setup", str(SETUPS / "team-priority.yaml"), moves)
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count("p2's hand: ") == 2 and "Shock" in result.stderr


def test_a_horde_log_replays_and_validates(tmp_path: Path) -> None:
    result = cardcli("play", "horde", "--bot", "random", "--seed", "4", "--life", "10")
    assert result.exit_code == 0, result.stderr
    path = write(tmp_path, "game.jsonl", result.stdout)
    assert cardcli("validate", path).exit_code == 0
    replay = cardcli("replay", path)
    assert replay.exit_code == 0, replay.stdout + replay.stderr
    assert log_of(result)[-1]["type"] == "game_over"


def test_an_object_id_in_a_command_is_not_a_comment(tmp_path: Path) -> None:
    moves = write(tmp_path, "moves.txt", "p1 cast Lightning Bolt -> #1   # the Zombie\n")
    result = cardcli("play", "horde", "--setup", str(SETUPS / "fizzle.yaml"), moves)
    assert result.exit_code == 0, result.stderr
    cast = next(e for e in log_of(result) if e["type"] == "cast")
    assert cast["targets"] == ["#1"]


def test_rules_shows_the_horde_rules() -> None:
    result = cardcli("rules", "horde")
    assert result.exit_code == 0 and "most powerful" in result.stdout


def test_a_setup_with_orders_or_decks_is_refused() -> None:
    result = cardcli(
        "play", "horde", "--setup", str(SETUPS / "fizzle.yaml"), "--order", "p1=Forest", stdin=""
    )
    assert result.exit_code == 2 and "leave out --order" in result.stderr


def test_play_horde_with_three_basic_bots_runs_to_its_end() -> None:
    """The issue's contract: cardcli play horde --players 3 --bot basic --seed 5."""
    result = cardcli("play", "horde", "--players", "3", "--bot", "basic", "--seed", "5")
    assert result.exit_code == 0, result.stderr
    lines = log_of(result)
    assert lines[0]["options"]["players"] == 3
    assert lines[-1]["type"] == "game_over"
    assert lines[-1]["result"]["winner"] in ("players", "horde")
    validator = LineValidator("horde")
    assert all(not validator.errors(line) for line in lines)


def test_simulate_horde_reports_each_player_count() -> None:
    """simulate horde --players all: a report for 2, 3 and 4 players, each with the players'
    win rate and its 95% interval, game length, life left when they win, how they lose and
    the Horde cards on the battlefield when they lose."""
    result = cardcli(
        "simulate", "horde", "--players", "all", "--bot", "basic", "--games", "6",
        "--seed", "1", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert list(report["runs"]) == ["2 players", "3 players", "4 players"]
    for label, run in report["runs"].items():
        extra = run["extra"]
        assert run["options"]["players"] == int(label[0]) and run["games"] == 6
        low, high = extra["players_win_rate_95"]
        assert 0 <= low <= extra["players_win_rate"] <= high <= 1
        assert {"mean_turns", "median_turns", "mean_life_when_won", "losses"} <= set(extra)
        assert sum(extra["losses"].values()) == round(6 * (1 - extra["players_win_rate"]))
        assert all(0 < share <= 1 for share in extra["horde_cards_at_losses"].values())
    text = cardcli(
        "simulate", "horde", "--players", "2", "--bot", "basic", "--games", "3", "--seed", "1"
    )
    assert text.exit_code == 0 and "players win rate 95" in text.stdout
    # The team's seats have the same figures: one line for both, not one each.
    assert "\np1, p2: win rate " in text.stdout and "\np2: " not in text.stdout


def test_players_all_is_for_simulate_and_other_counts_are_refused() -> None:
    result = cardcli("play", "horde", "--players", "all", "--seed", "1", stdin="")
    assert result.exit_code == 2 and "--players all is for simulate" in result.stderr
    result = cardcli("play", "horde", "--players", "5", stdin="")
    assert result.exit_code == 2 and "--players takes 2, 3, 4 or all" in result.stderr


def test_simulate_players_all_keeps_each_runs_logs_unless_force(tmp_path: Path) -> None:
    """--logs DIR with --players all writes DIR/2-players etc.; a second run into the same
    folders is refused (nothing played, exit 2) unless --force, as for one run."""
    logs = str(tmp_path / "logs")
    args = ("simulate", "horde", "--players", "all", "--bot", "basic", "--games", "1",
            "--seed", "1", "--logs", logs)  # fmt: skip
    assert cardcli(*args).exit_code == 0
    kept = {p.parent.name for p in (tmp_path / "logs").glob("*/*.jsonl")}
    assert kept == {"2-players", "3-players", "4-players"}
    again = cardcli(*args)
    assert again.exit_code == 2 and "already holds 1 log" in again.stderr, again.stderr
    assert cardcli(*args, "--force").exit_code == 0


def test_simulate_players_all_takes_a_seat_of_the_larger_counts_only_there() -> None:
    result = cardcli(
        "simulate", "horde", "--players", "all", "--seat", "p4=random", "--bot", "basic",
        "--games", "1", "--seed", "1", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    runs = json.loads(result.stdout)["runs"]
    assert runs["4 players"]["seats_played_by"]["p4"] == "random"
    assert "p4" not in runs["2 players"]["seats_played_by"]
    refused = cardcli("simulate", "horde", "--players", "all", "--seat", "p5=random",
                      "--games", "1")  # fmt: skip
    assert refused.exit_code == 2 and "has seats p1, p2, p3, p4" in refused.stderr


def test_simulate_horde_uses_the_planner_unless_told() -> None:
    result = cardcli("simulate", "horde", "--games", "1", "--seed", "1", "--json")
    assert result.exit_code == 0, result.stderr
    assert set(json.loads(result.stdout)["seats_played_by"].values()) == {"planner"}


def test_an_empty_or_list_setup_is_one_plain_line(tmp_path: Path) -> None:
    for name, text, said in (("empty.yaml", "", "is empty"), ("list.yaml", "- a\n", "a list")):
        result = cardcli("play", "horde", "--setup", write(tmp_path, name, text), stdin="")
        assert result.exit_code == 2 and said in result.stderr, result.stderr
        assert "None" not in result.stderr and "Traceback" not in result.stderr


def test_a_setup_with_a_spell_on_the_battlefield_is_refused(tmp_path: Path) -> None:
    text = "horde: {battlefield: [{card: Lightning Bolt}], library: [Zombie]}\np1: {}\np2: {}\n"
    result = cardcli("play", "horde", "--setup", write(tmp_path, "bolt.yaml", text), stdin="")
    assert result.exit_code == 2, result.stderr
    assert "horde battlefield: Lightning Bolt is no permanent (Instant)" in result.stderr
    assert result.stderr.count("\n") == 1


def test_deck_for_the_horde_points_to_horde_and_names_a_file_once(tmp_path: Path) -> None:
    result = cardcli("play", "horde", "--deck", "horde=" + "x" * 100 + ".yaml", stdin="")
    assert result.exit_code == 2 and "the Horde's is --horde FILE" in result.stderr
    missing = str(tmp_path / "nosuch.yaml")
    result = cardcli("play", "horde", "--horde", missing, stdin="")
    assert result.exit_code == 2 and result.stderr.count("nosuch.yaml") == 1, result.stderr


def test_a_deck_that_breaks_its_format_is_played_with_a_warning(tmp_path: Path) -> None:
    small = write(tmp_path, "small.txt", "24 Mountain\n")
    result = cardcli("play", "horde", "--deck", f"p1={small}", "--bot", "basic", "--seed", "1")
    assert result.exit_code == 0, result.stderr
    assert (
        "warning: --deck p1" in result.stderr and "not a valid horde-player deck" in result.stderr
    )
    assert "at least 60 cards" in result.stderr
    fine = cardcli("play", "horde", "--bot", "basic", "--seed", "1")
    assert "warning" not in fine.stderr


def test_an_option_error_comes_alone_without_the_warnings_of_decks_loaded_before_it(
    tmp_path: Path,
) -> None:
    small = write(tmp_path, "small.txt", "24 Mountain\n")
    for command in ("play", "simulate"):
        extra = ("--games", "2") if command == "simulate" else ()
        result = cardcli(command, "horde", "--deck", f"p3={small}", "--seed", "1", *extra)
        assert result.exit_code == 2
        assert (
            result.stderr
            == "cardcli: error: --deck/--order p3: the game has 2 players (--players)\n"
        )
        # The same deck in a seat the game has: played, with its warning.
        result = cardcli(
            command, "horde", "--deck", f"p2={small}", "--bot", "basic", "--seed", "1", *extra
        )
        assert result.exit_code == 0 and "warning: --deck p2" in result.stderr, result.stderr
    # Errors found later in the checks before the first game come alone too.
    taken = write(tmp_path, "taken.jsonl", "x\n")
    for args in (
        ("simulate", "horde", "--players", "all", "--seat", "p9=basic", "--games", "1"),
        ("simulate", "horde", "--games", "1", "--logs", str(tmp_path)),  # holds taken.jsonl
        ("play", "horde", "--log", taken),
    ):
        result = cardcli(*args, "--deck", f"p1={small}", stdin="")
        assert result.exit_code == 2 and "warning" not in result.stderr, (args, result.stderr)
        assert result.stderr.count("\n") == 1, result.stderr
