"""The parse cache's shipped layer (``cardcli/data/parsed.json``): made by this very
code from these very files, it gives exactly what reading them gives, so that a
first start reads no YAML and checks no schema."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardcli.cards.mtg import parsecache
from cardcli.cards.mtg.decklist import MAX_DECK_BYTES
from cardcli.cards.mtg.pool import CardPool, _card_file_data, _read_card_file_fast
from cardcli.cards.mtg.pool import bundled_card_files as card_files
from cardcli.cards.mtg.resolve import check_resolved, resolve_deck_file
from cardcli.cards.mtg.shipbuild import bundled_decklists, shipped_text
from cardcli.cards.mtg.yamldecks import parse_yaml_deck
from cardcli.safeyaml import read_text

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of each test's own, the shipped layer in use."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("CARDCLI_NO_CACHE", raising=False)
    monkeypatch.delenv("CARDCLI_NO_SHIPPED", raising=False)
    return tmp_path / "cache"


def test_the_shipped_file_is_what_the_code_makes_of_the_bundled_files_today() -> None:
    assert parsecache.SHIPPED.read_text(encoding="utf-8") == shipped_text(), (
        "cardcli/data/parsed.json is out of date: run python scripts/ship_parsed.py"
    )


def test_the_shipped_file_is_in_use() -> None:
    parsecache._shipped_entries.cache_clear()
    entries = parsecache._shipped_entries()
    assert len(entries) == len(card_files()) + 2 * len(bundled_decklists())


@pytest.mark.parametrize("path", card_files(), ids=lambda p: p.name)
def test_a_bundled_card_file_from_the_shipped_layer_is_the_file_read(path: Path) -> None:
    source = path.read_bytes()
    shipped = parsecache.shipped("cards", source)
    assert shipped is not parsecache.MISS
    assert parsecache.same(shipped, _read_card_file_fast(path, source))
    assert parsecache.same(_card_file_data(path), shipped)
    shipped[0]["name"] = "changed by its caller"  # a value of the caller's own
    assert parsecache.same(parsecache.shipped("cards", source), _read_card_file_fast(path))


def test_the_pool_is_the_same_with_and_without_the_shipped_layer(
    monkeypatch: pytest.MonkeyPatch, empty_cache: Path
) -> None:
    fast = CardPool.bundled(with_user_pool=False)
    assert not empty_cache.exists()  # every answer shipped: nothing read, nothing kept
    monkeypatch.setenv("CARDCLI_NO_SHIPPED", "1")
    monkeypatch.setenv("CARDCLI_NO_CACHE", "1")
    slow = CardPool.bundled(with_user_pool=False)
    assert list(slow.cards) == list(fast.cards)
    for key, card in slow.cards.items():
        assert card == fast.cards[key]
        assert parsecache.same(card.raw, fast.cards[key].raw)


@pytest.mark.parametrize("path", bundled_decklists(), ids=lambda p: p.name)
def test_a_bundled_decklist_is_the_same_wherever_it_lies(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    moved = tmp_path / "elsewhere" / path.name
    moved.parent.mkdir()
    shutil.copyfile(path, moved)
    for where in (path, moved):
        text = read_text(where, limit=MAX_DECK_BYTES)
        fast = parse_yaml_deck(text, str(where))
        monkeypatch.setenv("CARDCLI_NO_SHIPPED", "1")
        monkeypatch.setenv("CARDCLI_NO_CACHE", "1")
        slow = parse_yaml_deck(text, str(where))
        monkeypatch.delenv("CARDCLI_NO_SHIPPED")
        monkeypatch.delenv("CARDCLI_NO_CACHE")
        assert fast == slow and fast.path == str(where)
        for (card, line), (other, other_line) in zip(
            fast.inline_cards, slow.inline_cards, strict=True
        ):
            assert parsecache.same(card.raw, other.raw) and card.source == other.source
            assert line == other_line


def test_a_bundled_decks_definitions_are_known_valid() -> None:
    pool = CardPool.bundled(with_user_pool=False)
    for path in bundled_decklists():
        resolved = check_resolved(resolve_deck_file(str(path), "deck", pool))
        marked = parsecache.canonical(resolved["definitions"])
        assert marked is not None
        assert parsecache.shipped("valid-cards", marked) is True, path.name


def test_a_changed_text_or_another_file_name_is_not_answered_from_the_shipped_layer() -> None:
    path = bundled_decklists()[0]
    text = read_text(path, limit=MAX_DECK_BYTES)
    from cardcli.cards.mtg.yamldecks import bundled_deck_source

    assert parsecache.shipped("bundled-deck", bundled_deck_source(text, str(path))) is not (
        parsecache.MISS
    )
    changed = bundled_deck_source(text + "\n# mine\n", str(path))
    assert parsecache.shipped("bundled-deck", changed) is parsecache.MISS
    renamed = bundled_deck_source(text, "my-deck.yaml")
    assert parsecache.shipped("bundled-deck", renamed) is parsecache.MISS


def test_a_stale_or_damaged_shipped_file_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = card_files()[0].read_bytes()
    real = json.loads(parsecache.SHIPPED.read_text(encoding="utf-8"))
    stale = tmp_path / "stale.json"
    stale.write_text(json.dumps({**real, "made_by": "other code"}), encoding="utf-8")
    damaged = tmp_path / "damaged.json"
    damaged.write_bytes(parsecache.SHIPPED.read_bytes()[:5000])
    for fake in (stale, damaged, tmp_path / "missing.json"):
        monkeypatch.setattr(parsecache, "SHIPPED", fake)
        parsecache._shipped_entries.cache_clear()
        assert parsecache.shipped("cards", source) is parsecache.MISS
    monkeypatch.undo()
    parsecache._shipped_entries.cache_clear()
    assert parsecache.shipped("cards", source) is not parsecache.MISS


def test_a_stamp_names_the_code_and_schemas_that_read() -> None:
    stamp = parsecache.made_by()
    assert stamp == json.loads(parsecache.SHIPPED.read_text(encoding="utf-8"))["made_by"]
    parsecache.made_by.cache_clear()
    original = parsecache.READERS
    try:
        parsecache.READERS = (*original, "cli/root.py")
        assert parsecache.made_by() != stamp
    finally:
        parsecache.READERS = original
        parsecache.made_by.cache_clear()
    assert parsecache.made_by() == stamp


def test_a_first_start_of_the_installed_cardcli_reads_no_yaml_and_keeps_nothing(
    tmp_path: Path,
) -> None:
    """Run from a folder of its own, so that the installed cardcli answers (CI: the wheel)."""
    cache = tmp_path / "cache"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    game = "'play', 'horde', '--players', '2', '--bot', 'basic', '--seed', '3'"
    script = (
        "import sys\n"
        f"sys.argv = ['cardcli', {game}]\n"
        "from cardcli.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('LOADED', 'jsonschema' in sys.modules, 'yaml' in sys.modules, file=sys.stderr)\n"
    )
    logs = []
    for extra in ({}, {"CARDCLI_NO_SHIPPED": "1", "CARDCLI_NO_CACHE": "1"}):
        done = subprocess.run(
            [sys.executable, "-c", script],
            env=env | extra,
            cwd=tmp_path,
            capture_output=True,
            check=True,
            timeout=120,
        )
        logs.append(done.stdout)
        said = done.stderr.decode().strip().splitlines()[-1]
        assert said == ("LOADED False False" if not extra else "LOADED True True")
        assert not cache.exists()
    assert logs[0] == logs[1] and logs[0].count(b"\n") > 50
