"""The parse cache (``cardcli/cards/mtg/parsecache.py``): the fast path gives exactly
what the slow path gives, on every bundled card file and decklist and on broken files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardcli.cards.mtg import parsecache
from cardcli.cards.mtg.decklist import Decklist
from cardcli.cards.mtg.pool import (
    CardPool,
    _card_file_data,
    _read_card_file_fast,
    bundled_card_files,
    normalize,
    read_card_file,
)
from cardcli.cards.mtg.resolve import check_resolved, resolve_deck_file
from cardcli.cards.mtg.yamldecks import _parsed, parse_yaml_deck
from cardcli.engine.errors import CardcliError, UsageError
from cardcli.resources import data_dir
from cardcli.safeyaml import YamlError

DECKS = sorted(p for p in data_dir("decklists").glob("*.yaml"))


@pytest.fixture(autouse=True)
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test here with a cache of its own, empty, and no shipped layer in front of it
    (``test_shipped_parse.py`` tests that layer)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("CARDCLI_NO_SHIPPED", "1")
    monkeypatch.delenv("CARDCLI_NO_CACHE", raising=False)
    return tmp_path / "cache" / "cardcli" / parsecache.FOLDER


def entries(folder: Path, kind: str) -> list[Path]:
    return sorted(folder.glob(f"{kind}-*.json")) if folder.is_dir() else []


def same_deck(a: Decklist, b: Decklist) -> bool:
    """Equal decklists, the inline cards' data included (``Card.raw`` is no part of ``==``)."""
    return a == b and all(
        parsecache.same(x.raw, y.raw) and x.source == y.source
        for (x, _), (y, _) in zip(a.inline_cards, b.inline_cards, strict=True)
    )


# -- card files ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", bundled_card_files(), ids=lambda p: p.name)
def test_every_bundled_card_file_reads_the_same_from_the_cache(
    path: Path, cache_home: Path
) -> None:
    slow = [data for data, _line in read_card_file(path)]  # the line-keeping reader
    fast = _read_card_file_fast(path)  # libyaml
    first = _card_file_data(path)  # read, then kept
    assert len(entries(cache_home, "cards")) == 1
    second = _card_file_data(path)  # from the cache
    assert parsecache.same(slow, fast)
    assert parsecache.same(slow, first)
    assert parsecache.same(slow, second)


def test_the_bundled_pool_is_the_same_from_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDCLI_NO_CACHE", "1")
    slow = CardPool.bundled(with_user_pool=False)
    monkeypatch.delenv("CARDCLI_NO_CACHE")
    CardPool.bundled(with_user_pool=False)  # fills the cache
    fast = CardPool.bundled(with_user_pool=False)
    assert list(slow.cards) == list(fast.cards)
    assert slow.bundled_count == fast.bundled_count
    for key, card in slow.cards.items():
        assert card == fast.cards[key]
        assert parsecache.same(card.raw, fast.cards[key].raw)


def test_a_broken_card_file_says_the_same_with_the_cache(tmp_path: Path, cache_home: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("cards:\n  - name: A\n    types: [Creature]\n  - name: B\n", encoding="utf-8")
    messages = []
    for _ in range(2):
        with pytest.raises(YamlError) as err:
            _card_file_data(path)
        messages.append(str(err.value))
    assert messages[0] == messages[1] == f"{path}:4: B: a card needs its types"
    assert entries(cache_home, "cards") == []  # an error is never kept


# -- decklists ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_every_bundled_deck_reads_the_same_from_the_cache(path: Path, cache_home: Path) -> None:
    text = path.read_text(encoding="utf-8")
    slow = _parsed(text, str(path))
    first = parse_yaml_deck(text, str(path))
    assert len(entries(cache_home, "yaml-deck")) == 1
    second = parse_yaml_deck(text, str(path))
    assert same_deck(slow, first)
    assert same_deck(slow, second)
    assert second is not first


INLINE = """\
name: Mine
main:
  - {count: 2, card: My Bear}
  - {count: 4, card: Forest}
cards:
  - name: My Bear
    mana_cost: "{1}{G}"
    types: [Creature]
    subtypes: [Bear]
    power: 2
    toughness: 2
    oracle: ""
"""

PROBLEMS = """\
name: Problems
main:
  - {count: 2, card: Forest}
  - {count: 0, card: Island}
  - {count: 4.0, card: Swamp}
  - {card: Mountain}
sideboard: 7
"""

BROKEN = {
    "an alias": "name: x\nmain:\n  - &a {count: 1, card: Forest}\n  - *a\n",
    "broken YAML": "name: x\nmain:\n  - {count: 1, card: Forest\n",
    "a long number": "name: x\nmain:\n  - {count: " + "9" * 50 + ", card: Forest}\n",
    "no mapping": "- 1\n- 2\n",
    "no cards": "name: x\nmain: []\n",
    "not a number": "name: x\nmain:\n  - {count: .inf, card: Forest}\n",
}


def test_a_deck_with_inline_cards_reads_the_same_from_the_cache(cache_home: Path) -> None:
    slow = _parsed(INLINE, "mine.yaml")
    first, second = parse_yaml_deck(INLINE, "mine.yaml"), parse_yaml_deck(INLINE, "mine.yaml")
    assert len(entries(cache_home, "yaml-deck")) == 1
    assert same_deck(slow, first) and same_deck(slow, second)
    assert second.inline_cards[0][0].power == "2"  # a number written as text, as read
    assert second.inline_cards[0][1] == 6  # the line of its '- name:'


def test_a_deck_with_problems_reads_the_same_from_the_cache(cache_home: Path) -> None:
    slow = _parsed(PROBLEMS, "problems.yaml")
    assert slow.problems  # every problem at its line
    first, second = (parse_yaml_deck(PROBLEMS, "problems.yaml") for _ in range(2))
    assert same_deck(slow, first) and same_deck(slow, second)
    assert second.problems == slow.problems


def test_the_same_text_under_another_name_is_read_again(cache_home: Path) -> None:
    a = parse_yaml_deck(PROBLEMS, "a.yaml")
    b = parse_yaml_deck(PROBLEMS, "b.yaml")
    assert a.path == "a.yaml" and b.path == "b.yaml"
    assert len(entries(cache_home, "yaml-deck")) == 2


@pytest.mark.parametrize("text", BROKEN.values(), ids=list(BROKEN))
def test_a_broken_deck_says_the_same_with_the_cache(
    text: str, cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = []
    for off in ("1", "", ""):  # no cache, then twice with one
        if off:
            monkeypatch.setenv("CARDCLI_NO_CACHE", off)
        else:
            monkeypatch.delenv("CARDCLI_NO_CACHE", raising=False)
        with pytest.raises(CardcliError) as err:
            parse_yaml_deck(text, "broken.yaml")
        said.append((type(err.value), str(err.value)))
    assert said[0] == said[1] == said[2]
    assert ":" in said[0][1]
    assert entries(cache_home, "yaml-deck") == []


def test_a_damaged_cache_is_ignored(cache_home: Path) -> None:
    path = DECKS[0]
    text = path.read_text(encoding="utf-8")
    slow = _parsed(text, str(path))
    parse_yaml_deck(text, str(path))
    _card_file_data(bundled_card_files()[0])
    for damage in (b"", b"{not json", b'{"key": "another", "value": {}}', b"[1, 2]", b"\xff\xfe"):
        for entry in cache_home.iterdir():
            entry.write_bytes(damage)
        assert same_deck(parse_yaml_deck(text, str(path)), slow)
        assert parsecache.same(
            _card_file_data(bundled_card_files()[0]),
            [d for d, _ in read_card_file(bundled_card_files()[0])],
        )


def test_a_wrong_shaped_entry_is_ignored(cache_home: Path) -> None:
    """An entry of the right key but not a decklist's shape (written by hand, say)."""
    path = DECKS[0]
    text = path.read_text(encoding="utf-8")
    slow = _parsed(text, str(path))
    parse_yaml_deck(text, str(path))
    (entry,) = entries(cache_home, "yaml-deck")
    key = entry.name.split("-", 2)[-1].removesuffix(".json")
    damaged = {"key": key, "value": {"path": str(path), "entries": 5}}
    entry.write_text(json.dumps(damaged), encoding="utf-8")
    assert same_deck(parse_yaml_deck(text, str(path)), slow)


def test_an_unwritable_cache_is_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    path = DECKS[0]
    text = path.read_text(encoding="utf-8")
    assert same_deck(parse_yaml_deck(text, str(path)), _parsed(text, str(path)))
    assert not parsecache.store("yaml-deck", b"x", {"a": 1})
    assert parsecache.load("yaml-deck", b"x") is parsecache.MISS


def test_only_what_json_gives_back_exactly_is_kept(cache_home: Path) -> None:
    assert parsecache.store("t", b"a", {"a": [1, 2.0, True, None, "x"]})
    assert parsecache.same(parsecache.load("t", b"a"), {"a": [1, 2.0, True, None, "x"]})
    for value in ({1: "a"}, {"a": (1, 2)}, {"a": float("nan")}, {"a": {1, 2}}):
        assert not parsecache.store("t", b"b", value)
    assert parsecache.load("t", b"b") is parsecache.MISS
    assert not parsecache.same(1, 1.0) and not parsecache.same(1, True)
    assert not parsecache.same([1], (1,)) and parsecache.same({"a": [1]}, {"a": [1]})
    assert parsecache.canonical({"b": 1, "a": [2]}) == b'{"a": [2], "b": 1}'
    assert parsecache.store("t", b"c", {"\ud800": "x\udc00"})  # lone surrogates, as YAML reads them
    assert parsecache.load("t", b"c") == {"\ud800": "x\udc00"}
    assert parsecache.canonical({"a": "\ud800"}) == b'{"a": "\\ud800"}'
    assert parsecache.canonical({"a": (1,)}) is None and parsecache.canonical({1: 2}) is None


# -- resolved decks: the schema check remembered ------------------------------------------


def test_check_resolved_remembers_definitions_that_passed(cache_home: Path) -> None:
    resolved = resolve_deck_file(str(DECKS[0]), "--deck")
    assert check_resolved(resolved) is resolved
    assert len(entries(cache_home, "valid-cards")) == 1
    assert check_resolved(resolved) is resolved  # from the mark
    assert len(entries(cache_home, "valid-cards")) == 1


def test_check_resolved_still_refuses_a_changed_definition(cache_home: Path) -> None:
    resolved = resolve_deck_file(str(DECKS[0]), "--deck")
    check_resolved(resolved)
    name = next(iter(resolved["definitions"]))
    broken = {**resolved, "definitions": {**resolved["definitions"]}}
    broken["definitions"][name] = {**broken["definitions"][name], "types": "Creature"}
    said = []
    for _ in range(2):
        with pytest.raises(UsageError) as err:
            check_resolved(broken, "--deck p1")
        said.append(str(err.value))
    assert said[0] == said[1]
    assert said[0].startswith(f"--deck p1: the definition of '{name}': ")
    assert len(entries(cache_home, "valid-cards")) == 1  # no mark for what failed
    renamed = {**resolved, "definitions": {**resolved["definitions"]}}
    renamed["definitions"][name] = {**renamed["definitions"][name], "name": "Other"}
    with pytest.raises(UsageError, match="must be a card named so"):
        check_resolved(renamed)


def test_a_tuple_is_not_taken_for_a_list(cache_home: Path) -> None:
    """The mark is for JSON data: a definition holding a tuple is checked by the schema."""
    resolved = resolve_deck_file(str(DECKS[0]), "--deck")
    check_resolved(resolved)
    name = next(iter(resolved["definitions"]))
    odd = {**resolved, "definitions": {**resolved["definitions"]}}
    odd["definitions"][name] = {
        **odd["definitions"][name],
        "types": tuple(odd["definitions"][name]["types"]),
    }
    with pytest.raises(UsageError, match="is not of type 'array'"):
        check_resolved(odd)


# -- a whole game -------------------------------------------------------------------------


def test_a_game_logs_the_same_bytes_with_a_cold_a_warm_and_no_cache(
    cardcli_exe: Path, tmp_path: Path
) -> None:
    command = [str(cardcli_exe), "play", "horde", "--players", "2", "--bot", "basic"]
    command += ["--seed", "3"]
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "game-cache")}
    env.pop("CARDCLI_NO_CACHE", None)
    logs = []
    for extra in ({}, {}, {"CARDCLI_NO_CACHE": "1"}):
        done = subprocess.run(
            command, env={**env, **extra}, capture_output=True, check=True, timeout=120
        )
        logs.append(done.stdout)
    assert logs[0] == logs[1] == logs[2]
    assert len(list((tmp_path / "game-cache").rglob("*.json"))) >= 3


def test_no_jsonschema_or_yaml_in_a_warm_start(cardcli_exe: Path, tmp_path: Path) -> None:
    """With the cache warm, a game imports neither jsonschema nor the YAML parser."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "warm")}
    env.pop("CARDCLI_NO_CACHE", None)
    script = (
        "import sys\n"
        "sys.argv = ['cardcli', 'play', 'horde', '--players', '2', '--bot', 'basic', '--seed', '3']\n"
        "from cardcli.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('LOADED', 'jsonschema' in sys.modules, 'yaml' in sys.modules, file=sys.stderr)\n"
    )
    said = []
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, check=True, timeout=120
        )
        said.append(done.stderr.decode().strip().splitlines()[-1])
    assert said == ["LOADED True True", "LOADED False False"]


def test_hand_written_cards_built_when_asked_for_are_the_cards_built_at_once() -> None:
    """The pool builds a hand-written card when first asked for: the same card, the same
    order of keys, aliases and all, as building every card up front."""
    from cardcli.cards.mtg.model import Card

    eager = CardPool()
    for path in bundled_card_files():
        for data, _line in read_card_file(path):
            eager.add(Card.from_data(data, source=path.name))
    lazy = CardPool.bundled(with_user_pool=False)
    keys = list(eager.cards)
    for key in keys[::3]:  # some asked for first, by name or alias
        assert lazy.own(key) == eager.cards[key]
        assert lazy.own(key) is lazy.own(key)
    assert list(lazy.cards) == keys
    for key in keys:
        assert lazy.cards[key] == eager.cards[key]
        assert lazy.cards[key] is lazy.cards[normalize(lazy.cards[key].name)]
    assert lazy.all_names() == CardPool.bundled(with_user_pool=False).all_names()


# -- YAML: libyaml first, PyYAML's parser where libyaml refuses or may differ -------------

YAML_FILES = sorted(
    p
    for folder in ("decklists", "scenarios")
    for p in (Path(__file__).resolve().parents[1] / folder).rglob("*.y*ml")
)

TRICKY = [
    "",
    "# nothing but a comment\n",
    "a: &x 1\nb: *x\n",
    "a: &x [1, *x]\n",
    "a: &x 1\nb: 2\n",
    "--- 1\n--- 2\n",
    "\ufeffname: x\n",
    "a: |\n  line1\n  line2\nb: >\n  folded\n  text\n",
    'a: "\\ud800"\n',
    'a: "\\x41\\u00e9\\U0001F600"\n',
    "a: 1\na: 2\n",
    "? [a, b]\n: c\n",
    "a: !!python/object:os.system x\n",
    "a: !!binary aGVsbG8=\n",
    "a: 2001-12-14\nb: 2001-12-14t21:59:43.10-05:00\n",
    "a: 0x1F\nb: 0o17\nc: 1_000\nd: 1:30\ne: 0b101\n",
    "a: " + "9" * 50 + "\n",
    "a: .inf\n",
    "a: -.5\nb: +1\nc: 1e3\nd: 1.0e+3\ne: .NaN\n",
    "a: [1, 2\n",
    "a:\tb\n",
    "a: b\r\nc: d\r\n",
    "a: x\u2028y\n",
    "a: x\x85y\n",
    "- - - x\n",
    "[" * 70 + "]" * 70,
    "[" * 400 + "]" * 400,
    "- " * 80 + "x\n",
    "<<: {a: 1}\nb: 2\n",
    "a: ~\nb: null\nc: yes\nd: No\ne: on\nf: ''\n",
    "%YAML 1.1\n---\na: 1\n",
    "%TAG ! tag:example.com,2000:\n---\na: !foo x\n",
    "a: 'it''s'\nb: \"q\\\"\"\n",
    "key: value: with colon\n",
    "a: b # comment\n#c\n",
    "a: \x07\n",
    "a: \u00a0b\n",
    "{a: 1, b: [x, y], c: {d: e}}\n",
    "name: D\nmain:\n  - {count: 4, card: Forest}\n  - {count: 4.0, card: x}\n  -\n    count: 2\n"
    "    card: y\n",
    "? a\n? b\n",
    "!!set {a, b}\n",
    "!!omap [a: 1, b: 2]\n",
    "a:\n- 1\n- 2\nb:\n  c:\n    - d: 1\n      e: 2\n",
    "1: one\n2.5: two\nnull: three\n",
]


def read_both(
    text: str, lines: bool, monkeypatch: pytest.MonkeyPatch
) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """``load_yaml``'s answer with libyaml first, and with PyYAML's parser alone."""
    from cardcli import safeyaml

    def answer() -> tuple[object, ...]:
        try:
            return ("data", safeyaml.load_yaml(text, "f.yaml", lines))
        except CardcliError as err:
            return ("error", type(err), str(err))

    fast = answer()
    with monkeypatch.context() as patch:
        patch.setattr(safeyaml, "_load_with_libyaml", lambda *args: safeyaml._NOT_READ)
        slow = answer()
    return fast, slow


def same_yaml(a: object, b: object) -> bool:
    """Equal data, types, key order and the lines of every lined list alike."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same_yaml(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        if getattr(a, "lines", None) != getattr(b, "lines", None) or len(a) != len(b):
            return False
        return all(same_yaml(x, y) for x, y in zip(a, b, strict=True))
    return a == b


@pytest.mark.parametrize("text", TRICKY, ids=range(len(TRICKY)))
@pytest.mark.parametrize("lines", [True, False])
def test_libyaml_reads_what_pyyaml_reads(
    text: str, lines: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast, slow = read_both(text, lines, monkeypatch)
    assert fast[0] == slow[0]
    if fast[0] == "error":
        assert fast == slow
    else:
        assert same_yaml(fast[1], slow[1])


def test_libyaml_reads_every_yaml_file_of_the_repository_as_pyyaml_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import yaml

    from cardcli import safeyaml

    assert len(YAML_FILES) > 100
    for path in YAML_FILES:
        text = path.read_text(encoding="utf-8-sig")
        assert safeyaml._load_with_libyaml(yaml, text, str(path), True) is not safeyaml._NOT_READ
        fast, slow = read_both(text, True, monkeypatch)
        assert fast[0] == slow[0] == "data", path
        assert same_yaml(fast[1], slow[1]), path


def test_an_alias_is_refused_at_its_line_after_libyaml() -> None:
    from cardcli.safeyaml import load_yaml

    with pytest.raises(YamlError, match=r"^d.yaml:4: YAML aliases \(\*name\) are not allowed"):
        load_yaml("name: x\nmain:\n  - &a {count: 1, card: Forest}\n  - *a\n", "d.yaml", True)


def test_an_entry_is_not_found_once_the_reading_code_or_version_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key holds cardcli's version and the text of the code and schemas that read."""
    import shutil

    import cardcli

    package = tmp_path / "cardcli"
    for name in parsecache.READERS:
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(Path(cardcli.__file__).parent / name, package / name)
    monkeypatch.setattr(parsecache, "_PACKAGE", package)
    parsecache.fingerprint.cache_clear()
    try:
        assert parsecache.store("cards", b"text", [1])
        assert parsecache.load("cards", b"text") == [1]
        assert parsecache.load("cards", b"other text") is parsecache.MISS
        assert parsecache.load("other kind", b"text") is parsecache.MISS
        with (package / "safeyaml.py").open("a", encoding="utf-8") as handle:
            handle.write("\n# changed\n")
        parsecache.fingerprint.cache_clear()
        assert parsecache.load("cards", b"text") is parsecache.MISS
        assert parsecache.store("cards", b"text", [2])
        monkeypatch.setattr(cardcli, "__version__", "99.0")
        parsecache.fingerprint.cache_clear()
        assert parsecache.load("cards", b"text") is parsecache.MISS
    finally:
        monkeypatch.undo()
        parsecache.fingerprint.cache_clear()


def test_the_cache_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parsecache.cache_dir() == tmp_path / "cardcli" / parsecache.FOLDER
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for relative in ("", "relative/cache"):
        monkeypatch.setenv("XDG_CACHE_HOME", relative)
        assert parsecache.cache_dir() == tmp_path / "home" / ".cache" / "cardcli" / "parsed-1"
    monkeypatch.setenv("HOME", "not/absolute")
    assert parsecache.cache_dir() is None  # never a cache in the working directory
    monkeypatch.setenv("CARDCLI_NO_CACHE", "1")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parsecache.cache_dir() is None


def test_a_simulate_worker_reads_no_card_file(tmp_path: Path) -> None:
    """A worker started afresh (as Dask's are) plays the games of a job from the decks
    resolved in it: no YAML, no schema, no card file read, whatever the cache holds."""
    import pickle

    from cardcli.engine.game import get_game
    from cardcli.simulate import Job

    game = get_game("horde")
    options, setup = game.resolve_options(game.load_given({"players": 2}))
    job = Job("horde", options, setup, {"p1": "basic", "p2": "basic"}, 5, None)
    child = (
        "import pickle, sys\n"
        "from cardcli.simulate import play_one\n"
        "job = pickle.loads(sys.stdin.buffer.read())\n"
        "results = [play_one(job, i) for i in range(2)]\n"
        "print('yaml' in sys.modules, 'jsonschema' in sys.modules, results[0]['winner'])\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "empty")}
    done = subprocess.run(
        [sys.executable, "-c", child],
        input=pickle.dumps(job),
        capture_output=True,
        check=True,
        timeout=300,
        env=env,
    )
    assert done.stdout.decode().split()[:2] == ["False", "False"]
    assert not (tmp_path / "empty").exists()  # nothing was read, so nothing was kept
