"""Hostile input: no traceback, no hang, no quadratic time, nothing a user has destroyed.

Each class of problem is one bounded, typed reading of what comes from outside:
numbers, strings, structures, special files, and lines of any length.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cardcli.cards.mtg.carddb import CardDatabase
from cardcli.cli import cli
from tests.conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "AtomicCards.json"
HUGE = "9" * 5000


def cardcli(
    *args: str, stdin: str | bytes | None = None, env: dict[str, str] | None = None
) -> Result:
    return CliRunner(env=env).invoke(cli, list(args), input=stdin, catch_exceptions=False)


def no_traceback(result: Result) -> None:
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def write(tmp_path: Path, name: str, text: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def one_error_line(result: Result, code: int) -> str:
    no_traceback(result)
    assert result.exit_code == code, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# -- numbers ------------------------------------------------------------------


def test_a_huge_count_in_a_yaml_deck(tmp_path: Path) -> None:
    deck = write(tmp_path, "d.yaml", f"name: x\nmain:\n  - {{count: {HUGE}, card: Shock}}\n")
    assert "5000 digits" in one_error_line(cardcli("deck", "validate", deck), 2)


def test_infinity_and_nan_in_a_yaml_deck(tmp_path: Path) -> None:
    for value in (".inf", "-.inf", ".nan"):
        deck = write(
            tmp_path,
            "d.yaml",
            "name: x\nmain:\n  - {count: 1, card: Foo}\ncards:\n"
            f"  - {{name: Foo, mana_cost: '', mana_value: {value}, types: [Creature], oracle: ''}}\n",
        )
        assert "not a number" in one_error_line(cardcli("deck", "validate", deck), 2)


def test_a_huge_cost_of_an_inline_card(tmp_path: Path) -> None:
    deck = write(
        tmp_path,
        "d.yaml",
        "name: x\nmain:\n  - {count: 1, card: Foo}\ncards:\n"
        f"  - {{name: Foo, mana_cost: '{{{HUGE}}}', types: [Creature], oracle: '', power: '1', toughness: '1'}}\n",
    )
    result = cardcli("deck", "validate", deck)
    no_traceback(result)  # a schema error: reported at its line, the deck invalid
    assert result.exit_code == 1 and "d.yaml:5: error: inline card mana_cost:" in result.stdout


@pytest.mark.parametrize("quantity", ["9" * 26, HUGE, "-1", "0", "\u00b2", "1e3"])
def test_a_dek_quantity_out_of_range(tmp_path: Path, quantity: str) -> None:
    deck = write(tmp_path, "d.dek", f'<Deck><Cards Quantity="{quantity}" Name="Shock"/></Deck>')
    one_error_line(cardcli("deck", "validate", deck), 2)


def test_counts_with_leading_zeros_and_of_any_length(tmp_path: Path) -> None:
    four = cardcli("deck", "show", write(tmp_path, "z.txt", "0000004 Lightning Bolt\n"))
    assert four.exit_code == 0 and ": 4 cards" in four.stdout
    big = one_error_line(
        cardcli("deck", "validate", write(tmp_path, "b.txt", "1" + "0" * 30 + " Shock\n")), 2
    )
    assert "out of range" in big and "100000 " not in big and "31 digits" in big


def test_a_dek_with_too_many_entries_is_refused_quickly(tmp_path: Path) -> None:
    entries = '<Cards Quantity="1" Name="Shock"/>' * 100_000
    deck = write(tmp_path, "d.dek", f"<Deck>{entries}</Deck>")
    started = time.process_time()
    assert "not a decklist" in one_error_line(cardcli("deck", "validate", deck), 2)
    assert time.process_time() - started < 2


def test_a_big_yaml_deck_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    body = "".join(f"  - {{count: 1, card: Card {i}}}\n" for i in range(120_000))
    deck = write(tmp_path, "d.yaml", "name: x\nmain:\n" + body)
    assert os.path.getsize(deck) > 3_000_000
    started = time.process_time()
    one_error_line(cardcli("deck", "validate", deck), 2)
    assert time.process_time() - started < 1


# -- strings ------------------------------------------------------------------


def test_lone_surrogates_in_a_yaml_deck(tmp_path: Path) -> None:
    deck = write(
        tmp_path, "d.yaml", 'name: "\\ud800 deck"\nmain:\n  - {count: 1, card: "Sh\\udc00"}\n'
    )
    for command in ("validate", "show"):
        no_traceback(cardcli("deck", command, deck))


def test_control_characters_from_a_decklist_are_escaped(tmp_path: Path) -> None:
    deck = write(tmp_path, "d.txt", "4 Sh\x1b]0;owned\x07ock\n4 \x9b31mBolt\n")
    result = cardcli("deck", "validate", deck)
    no_traceback(result)
    assert (
        "\x1b" not in result.stdout and "\x07" not in result.stdout and "\x9b" not in result.stdout
    )
    assert "\\x1b" in result.stdout


def test_control_characters_from_a_log_are_escaped_by_replay_show(tmp_path: Path) -> None:
    played = cardcli("play", "shuffle-mania", "--seed", "3", stdin="auto\x1b[2J\x1b]8;;x\x07\n")
    log = write(tmp_path, "l.jsonl", played.stdout_bytes)
    shown = cardcli("replay", "--show", log)
    no_traceback(shown)
    assert shown.exit_code == 0 and "\x1b" not in shown.stdout and "\\x1b" in shown.stdout


def test_control_characters_in_a_strict_rejection_are_escaped(tmp_path: Path) -> None:
    result = cardcli("play", "shuffle-mania", "--seed", "3", "--strict", stdin="cut \x1b[31m\n")
    assert result.exit_code == 1 and "\x1b" not in result.stderr


def test_a_file_name_with_a_newline_gives_one_line(tmp_path: Path) -> None:
    line = one_error_line(cardcli("replay", str(tmp_path / "a\nb.jsonl")), 2)
    assert "a\\x0ab.jsonl" in line


def test_any_stdout_encoding_prints_without_a_traceback(cardcli_exe: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    result = subprocess.run(
        [str(cardcli_exe), "cards", "show", "Elesh Norn, Grand Cenobite"],
        capture_output=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert result.returncode == 0 and b"Traceback" not in result.stderr
    assert b"Elesh Norn" in result.stdout


# -- the CLI's own arguments ------------------------------------------------------


@pytest.mark.parametrize("seed", ["\u0661\u0662", "1e3", "12.0", " ", "0x10"])
def test_a_seed_is_ascii_digits(seed: str, cardcli_exe: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [str(cardcli_exe), "play", "shuffle-mania", "--seed", seed],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "is not a whole number" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["play", "shuffle-mania", "--bot", ""],
        ["play", "shuffle-mania", "--bot", "greedy", "--log", ""],
        ["simulate", "shuffle-mania", "--games", "1", "--logs", ""],
        ["replay", ""],
    ],
)
def test_empty_names_are_usage_errors(args: list[str], tmp_path: Path) -> None:
    before = set(os.listdir(os.getcwd()))
    one_error_line(cardcli(*args), 2)
    assert set(os.listdir(os.getcwd())) == before


def test_log_naming_a_directory_says_so(tmp_path: Path) -> None:
    line = one_error_line(
        cardcli("play", "shuffle-mania", "--bot", "greedy", "--log", str(tmp_path)), 2
    )
    assert "a directory" in line


# -- special files --------------------------------------------------------------


@pytest.fixture
def fifo(tmp_path: Path) -> str:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return str(path)


def _quick(action: Callable[[], Result]) -> Result:
    started = time.monotonic()
    result = action()
    assert time.monotonic() - started < 10, "blocked on a special file"
    return result


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "{f}"],
        ["validate", "{f}"],
        ["diff", "{f}", "{f}"],
        ["resume", "{f}"],
        ["cards", "import", "{f}"],
        ["deck", "validate", "{f}"],
        ["deck", "show", "{f}"],
        ["play", "shuffle-mania", "--bot", "greedy", "--log", "{f}"],
        ["play", "shuffle-mania", "{f}"],
    ],
)
def test_a_fifo_with_no_writer_is_refused_at_once(
    args: list[str], fifo: str, tmp_path: Path
) -> None:
    env = {"CARDCLI_HOME": str(tmp_path / "home")}
    result = _quick(lambda: cardcli(*[a.replace("{f}", fifo) for a in args], env=env))
    assert "FIFO" in one_error_line(result, 2)


def test_a_device_is_refused_for_reading_and_writing(tmp_path: Path) -> None:
    assert "a device" in one_error_line(cardcli("replay", "/dev/zero"), 2)
    assert "a device" in one_error_line(cardcli("deck", "validate", "/dev/zero"), 2)


# -- cards import: never destroy the pool -----------------------------------------


def pool_with_one_card(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    pool = home / "cards.db"
    result = cardcli("cards", "import", str(FIXTURE), "--out", str(pool))
    assert result.exit_code == 0, result.stderr
    return pool


@pytest.mark.parametrize(
    "content",
    [
        '{"seq":0,"type":"game_started"}\n{"seq":1,"type":"x"}\n',  # a game log
        '{"meta": {}, "data": {"Bolt": [}',  # malformed
        '{"meta": {"version": "5"}}',  # no data
        '{"meta": {}, "data": {}}',  # no cards
        "[1, 2, 3]",
        "",
        '{"data": {"Lightning Bolt": [{"types": ["Instant"], "manaCost": "{R}", "text": ""}]}} trailing',
        '{"data": {"X": [{"types": ["Instant"], "manaValue": ' + HUGE + "}]}}",
        '{"data": {"X": [{"types": ["Instant"], "manaValue": NaN}]}}',
    ],
)
def test_importing_what_is_not_mtgjson_keeps_the_old_pool(tmp_path: Path, content: str) -> None:
    pool = pool_with_one_card(tmp_path)
    before = pool.read_bytes()
    bad = write(tmp_path, "bad.json", content)
    result = cardcli("cards", "import", bad, "--out", str(pool))
    one_error_line(result, 2)
    assert pool.read_bytes() == before
    assert [p.name for p in pool.parent.iterdir()] == ["cards.db"]  # no temporary left


def test_a_card_that_would_damage_the_pool_is_left_out_at_import(tmp_path: Path) -> None:
    data = {
        "data": {
            "Huge": [
                {
                    "types": ["Creature"],
                    "manaCost": "{" + HUGE + "}",
                    "text": "",
                    "power": "1",
                    "toughness": "1",
                }
            ],
            "Odd Colours": [{"types": ["Instant"], "colors": 3, "layout": ["normal"], "text": "x"}],
            "Odd Text": [{"types": ["Instant"], "text": "\ud800 broken"}],
            "Lightning Bolt": [
                {
                    "types": ["Instant"],
                    "manaCost": "{R}",
                    "text": "Lightning Bolt deals 3 damage to any target.",
                }
            ],
        }
    }
    source = write(tmp_path, "a.json", json.dumps(data))
    out = tmp_path / "cards.db"
    result = cardcli("cards", "import", source, "--out", str(out))
    no_traceback(result)
    assert result.exit_code == 0
    names = set(CardDatabase(out).names().values())
    assert "Huge" not in names and "Odd Text" not in names and "Lightning Bolt" in names
    env = {"CARDCLI_HOME": str(tmp_path)}
    shown = cardcli("cards", "show", "Odd Colours", env=env)
    no_traceback(shown)


def test_import_refuses_special_files_as_its_output(tmp_path: Path, fifo: str) -> None:
    for target in ("/dev/null", fifo, str(tmp_path)):
        result = cardcli("cards", "import", str(FIXTURE), "--out", target)
        one_error_line(result, 2)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_import_through_a_symlink_writes_the_file_it_names(tmp_path: Path) -> None:
    real = tmp_path / "real.db"
    link = tmp_path / "link.db"
    link.symlink_to(real)
    result = cardcli("cards", "import", str(FIXTURE), "--out", str(link))
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes().startswith(b"cardcli card database 1\n")


@pytest.mark.parametrize(
    "record",
    [
        {"name": "Bolt", "types": ["Instant"], "mana_cost": "{R}", "oracle": "", "aliases": 5},
        {"name": "Bolt", "types": ["Instant"], "mana_cost": "{R}", "oracle": "", "mana_value": "x"},
        {"name": "Bolt", "types": ["Instant"], "mana_cost": "{R}", "oracle": "", "power": 3},
        {
            "name": "Bolt",
            "types": ["Instant"],
            "mana_cost": "{R}",
            "oracle": "",
            "spell": [{"do": 1}],
        },
        {
            "name": "Bolt",
            "types": ["Instant"],
            "mana_cost": "{R}",
            "oracle": "",
            "mana_value": 1e300,
        },
    ],
)
def test_a_damaged_user_database_is_one_line(tmp_path: Path, record: dict[str, Any]) -> None:
    _database_of(tmp_path / "cards.db", record)
    env = {"CARDCLI_HOME": str(tmp_path)}
    for args in (["cards", "show", "Bolt"], ["cards", "search", "bolt"]):
        result = cardcli(*args, env=env)
        no_traceback(result)
        assert result.exit_code == 2 and "damaged" in result.stderr


def _database_of(path: Path, record: dict[str, Any]) -> None:
    """A user database holding one card, written as cardcli writes one."""
    from cardcli.cards.mtg.carddb import DatabaseContents, write_database
    from cardcli.cards.mtg.names import normalize

    with path.open("wb") as out:
        write_database(out, DatabaseContents(cards={normalize(record["name"]): record}))


# -- locks: two writers never share a log ---------------------------------------------


def test_a_second_writer_of_a_log_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    played = cardcli("play", "shuffle-mania", "--seed", "7", stdin="auto\n")
    log = tmp_path / "l.jsonl"
    log.write_bytes(played.stdout_bytes)
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD_LOCK, str(log)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        result = cardcli("resume", str(log), stdin="done\n")
        assert "another cardcli is writing this log" in one_error_line(result, 1)
        assert log.read_bytes() == played.stdout_bytes
    finally:
        holder.kill()
        holder.wait()
    assert cardcli("resume", str(log), stdin="done\n").exit_code == 0


_HOLD_LOCK = """
import sys, time
from cardcli.files import open_log_to_append
handle = open_log_to_append(sys.argv[1])
print("locked", flush=True)
time.sleep(60)
"""


def test_two_resumes_at_once_leave_a_valid_log(tmp_path: Path, cardcli_exe: Path) -> None:
    played = cardcli("play", "shuffle-mania", "--seed", "11", "--level", "easy", stdin="auto\n")
    log = tmp_path / "l.jsonl"
    log.write_bytes(played.stdout_bytes)
    script = write(tmp_path, "s.txt", "done\ncut 3\nauto\ndone\ncut 2\nauto\ndone\n" * 3)
    runs = [
        subprocess.Popen(
            [str(cardcli_exe), "resume", str(log), script],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
        )
        for _ in range(4)
    ]
    codes = [run.wait(timeout=60) for run in runs]
    assert 0 in codes and set(codes) <= {0, 1}
    validated = cardcli("validate", str(log))
    assert validated.exit_code == 0, validated.stdout


# -- linear time: a 4 MB pathological line for every parser ----------------------------


FOUR_MB = 4 * 1024 * 1024


def cpu_seconds(action: Callable[[], Any]) -> float:
    started = time.process_time()
    try:
        action()
    except (ValueError, Exception) as err:  # the point is the time; errors must be ours
        from cardcli.engine.errors import CardcliError

        assert isinstance(err, CardcliError | ValueError), repr(err)
    return time.process_time() - started


def _text_deck(line: str) -> Callable[[], Any]:
    from cardcli.cards.mtg.textdecks import parse_text_deck

    return lambda: parse_text_deck(line, "deck.txt")


def _file_deck(tmp_path: Path, name: str, text: str) -> Callable[[], Any]:
    from cardcli.cards.mtg.deckfile import load_decklist

    path = Path(write(tmp_path, name, text))
    return lambda: load_decklist(path)


def _log_line(tmp_path: Path, text: str) -> Callable[[], Any]:
    from cardcli.actions.validate import check_log

    path = write(tmp_path, "l.jsonl", text + "\n")
    return lambda: check_log(path)


def _mtgjson(tmp_path: Path, text: str) -> Callable[[], Any]:
    from cardcli.cards.mtg.dbbuild import import_file

    path = Path(write(tmp_path, "a.json", text))
    return lambda: import_file(path, tmp_path / "cards.db")


def _pool_record(tmp_path: Path, record: dict[str, Any]) -> Callable[[], Any]:
    from cardcli.cards.mtg.pool import CardPool

    path = tmp_path / "cards.db"
    _database_of(path, record)
    return lambda: CardPool(databases=[CardDatabase(path)]).get("Shock")


def _script(tmp_path: Path, text: str) -> Callable[[], Any]:
    from cardcli.engine.loop import run
    from cardcli.terminal import script_lines, script_reader
    from tests.conftest import new_session

    path = write(tmp_path, "s.txt", text + "\n")

    def play() -> None:
        session, _ = new_session("shuffle-mania", seed=1)
        run(session, script_reader(script_lines((path,)), session, lambda _t: None))

    return play


def _order(game: str, text: str) -> Callable[[], Any]:
    from tests.conftest import new_session

    return lambda: new_session(game, seed=1, order=text)


def _lookup(name: str) -> Callable[[], Any]:
    from cardcli.cards.mtg.pool import CardPool

    pool = CardPool.bundled(with_user_pool=False)
    return lambda: (pool.get(name), pool.unknown_message(name), pool.search(name))


@pytest.mark.parametrize(
    "case",
    [
        "text deck: count, spaces, x(",
        "text deck: card, spaces, x",
        "text deck: one long name",
        "text deck: brackets and bars",
        "forge deck",
        "deck told by content",
        "yaml deck",
        "dek deck",
        "log line",
        "mtgjson string",
        "mtgjson spaces",
        "user pool line",
        "script line",
        "shuffle-mania order",
        "double-solitaire order",
        "card lookup",
    ],
)
def test_every_parser_is_linear_on_a_4mb_pathological_line(tmp_path: Path, case: str) -> None:
    spaces = " " * FOUR_MB
    actions: dict[str, Callable[[], Callable[[], Any]]] = {
        "text deck: count, spaces, x(": lambda: _text_deck("4" + spaces + "x("),
        "text deck: card, spaces, x": lambda: _text_deck("4 Shock" + spaces + "x"),
        "text deck: one long name": lambda: _text_deck("4 " + "Shock (M10) " * (FOUR_MB // 12)),
        "text deck: brackets and bars": lambda: _text_deck("4 [" + "[|(" * (FOUR_MB // 3)),
        "forge deck": lambda: _file_deck(tmp_path, "d.dck", "[Main]\n4 Forest|" + "|" * FOUR_MB),
        "deck told by content": lambda: _file_deck(tmp_path, "d.txt", "name:" + spaces + "\n- x"),
        "yaml deck": lambda: _file_deck(tmp_path, "d.yaml", "name: " + "x" * FOUR_MB + "\n"),
        "dek deck": lambda: _file_deck(
            tmp_path, "d.dek", '<Deck><Cards Quantity="1" Name="' + "x" * FOUR_MB + '"/></Deck>'
        ),
        "log line": lambda: _log_line(tmp_path, '{"seq":0,"type":"' + "x" * FOUR_MB + '"}'),
        "mtgjson string": lambda: _mtgjson(tmp_path, '{"data": {"' + "x" * FOUR_MB + '": []}}'),
        "mtgjson spaces": lambda: _mtgjson(tmp_path, "{" + spaces + '"data": {}}'),
        "user pool line": lambda: _pool_record(
            tmp_path, {"name": "Shock", "types": ["Instant"], "oracle": "x" * FOUR_MB}
        ),
        "script line": lambda: _script(tmp_path, "auto" + spaces + "x"),
        "shuffle-mania order": lambda: _order("shuffle-mania", "9c" + spaces + "x"),
        "double-solitaire order": lambda: _order("double-solitaire", "p1:" + spaces + "x"),
        "card lookup": lambda: _lookup("Shock" + spaces + "x"),
    }
    action = actions[case]()
    assert cpu_seconds(action) < 0.5


@pytest.mark.parametrize(
    "game, order",
    [("shuffle-mania", "9" * 1_000_000), ("double-solitaire", "p1: " + "9" * 1_000_000)],
)
def test_an_error_quoting_huge_input_stays_readable(game: str, order: str) -> None:
    line = one_error_line(cardcli("play", game, "--order", order), 2)
    assert len(line) < 2100 and "characters)" in line
