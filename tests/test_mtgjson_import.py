"""MTGJSON import: mapping, Oracle shapes, streaming, the user's card database."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardcli.cards.mtg import mtgjson
from cardcli.cards.mtg.behaviour import with_behaviour
from cardcli.cards.mtg.carddb import CardDatabase
from cardcli.cards.mtg.dbbuild import import_file
from cardcli.cards.mtg.pool import CardPool
from cardcli.cards.mtg.schemas import card_validator
from cardcli.cli import cli
from tests.conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "AtomicCards.json"
SET_FILE = REPO / "tests" / "fixtures" / "TOKENS-SET.json"


def records(path: Path) -> dict[str, dict[str, Any]]:
    """Every card of a database by name."""
    database = CardDatabase(path)
    found = {}
    for block in database.raw_blocks():
        for _key, data in block:
            record = database.record(data)
            found[record["name"]] = record
    return found


def imported(tmp_path: Path) -> dict[str, dict[str, Any]]:
    out = tmp_path / "cards.db"
    stats = import_file(FIXTURE, out)
    assert stats.cards == 12 and stats.skipped == []  # a card of two faces is one card
    return records(out)


def compiled(tmp_path: Path) -> dict[str, dict[str, Any]]:
    return {name: with_behaviour(record) for name, record in imported(tmp_path).items()}


def test_every_imported_card_matches_the_card_schema(tmp_path: Path) -> None:
    validator = card_validator()
    for card in compiled(tmp_path).values():
        assert [e.message for e in validator.iter_errors(card)] == [], card["name"]


def test_facts_are_mapped_to_the_model(tmp_path: Path) -> None:
    cards = imported(tmp_path)
    angel = cards["Serra Angel"]
    assert angel["mana_cost"] == "{3}{W}{W}" and angel["mana_value"] == 5.0
    assert angel["power"] == "4" and angel["toughness"] == "4"
    assert angel["keywords"] == ["Flying", "Vigilance"] and angel["colors"] == ["W"]
    assert "manual" not in with_behaviour(angel)  # a keyword line needs no behaviour
    krenko = cards["Krenko, Mob Boss"]
    assert krenko["supertypes"] == ["Legendary"] and krenko["subtypes"] == ["Goblin", "Warrior"]
    assert cards["Karplusan Forest"]["produces"] == ["R", "G", "C"]
    assert all("manual" not in card and "spell" not in card for card in cards.values())


def test_common_oracle_shapes_become_behaviour(tmp_path: Path) -> None:
    cards = compiled(tmp_path)
    assert cards["Lightning Bolt"]["spell"] == [{"do": "damage", "amount": 3, "target": "any"}]
    (alarm,) = cards["Raise the Alarm"]["spell"]
    assert alarm["do"] == "create_token" and alarm["amount"] == 2
    assert alarm["token"]["subtypes"] == ["Soldier"] and alarm["token"]["power"] == "1"
    (kavu,) = cards["Flametongue Kavu"]["abilities"]
    assert kavu["when"] == "enters"
    assert kavu["effects"] == [{"do": "damage", "amount": 4, "target": "creature"}]
    (digger,) = cards["Gravedigger"]["abilities"]
    assert digger["effects"][0]["do"] == "return_to_hand" and digger["effects"][0]["optional"]


def test_imported_cards_compile_mana_with_pain_and_counted_amounts(tmp_path: Path) -> None:
    cards = compiled(tmp_path)
    forest = cards["Karplusan Forest"]  # a pain land: its free {C}, and colours that hurt
    assert "manual" not in forest and "unread" not in forest
    painless, painful = forest["abilities"]
    assert painless["effects"] == [{"do": "add_mana", "mana": "{C}"}]
    assert painful["effects"] == [
        {"do": "add_mana", "one_of": ["{R}", "{G}"]},
        {"do": "damage", "amount": 1, "each": "you"},
    ]
    (krenko,) = cards["Krenko, Mob Boss"]["abilities"]  # "where X is the number of ..."
    assert krenko["effects"][0]["amount"] == {
        "count": "permanents",
        "controller": "you",
        "filter": {"subtypes": ["Goblin"]},
    }


def test_a_card_of_two_faces_keeps_both_and_is_found_by_either_name(tmp_path: Path) -> None:
    cards = imported(tmp_path)
    fire = cards["Fire // Ice"]
    assert fire["aliases"] == ["Fire", "Ice"] and "Ice" not in cards
    assert fire["oracle"] == (
        "Fire {1}{R}: Instant\n"
        "Fire deals 2 damage divided as you choose among one or two targets.\n"
        "//\n"
        "Ice {1}{U}: Instant\nTap target permanent.\nDraw a card."
    )
    assert [face["name"] for face in fire["faces"]] == ["Fire", "Ice"]
    assert fire["layout"] == "split" and fire["faces"][1]["mana_cost"] == "{1}{U}"
    # A split card has its halves' colours and mana value together (rule 709.4).
    assert fire["colors"] == ["U", "R"] and fire["mana_value"] == 4.0
    played = with_behaviour(fire)
    assert played["manual"] is True and "split card of 2 faces" in played["manual_reason"]
    giant = cards["Bonecrusher Giant // Stomp"]  # an adventurer is its creature outside the stack
    assert (giant["types"], giant["power"], giant["mana_value"]) == (["Creature"], "4", 3.0)
    assert "Stomp {1}{R}: Instant — Adventure\nDamage can't be prevented" in giant["oracle"]
    delver = cards["Delver of Secrets // Insectile Aberration"]
    assert (
        delver["power"] == "1"
        and "Insectile Aberration: Creature — Human Insect" in (delver["oracle"])
    )
    assert cards["Refuse // Cooperate"]["mana_value"] == 7.0
    pool = CardPool(databases=[CardDatabase(tmp_path / "cards.db")])
    for name in ("fire // ice", "Fire", "Ice", "Fire/Ice", "Dead // Gone", "Dead", "Refuse"):
        card = pool.get(name)
        assert card is not None and "//" in card.name and card.source == "imported card data"


def test_decklists_name_split_and_double_faced_cards_as_tools_write_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path))
    runner = CliRunner()
    assert runner.invoke(cli, ["cards", "import", str(FIXTURE)]).exit_code == 0
    deck = tmp_path / "deck.txt"
    deck.write_text(
        "1 Dead // Gone\n1 Refuse // Cooperate\n1 Dead/Gone\n1 Bonecrusher Giant\n"
        "1 Delver of Secrets // Insectile Aberration\n1 Refuse\n54 Mountain\n",
        encoding="utf-8",
    )
    checked = runner.invoke(cli, ["deck", "validate", str(deck)], catch_exceptions=False)
    assert checked.exit_code == 0, checked.stdout
    assert "valid as constructed (60 cards" in checked.stdout


def test_the_import_streams_in_small_chunks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mtgjson, "CHUNK", 7)  # every value straddles chunk boundaries
    small = imported(tmp_path)
    monkeypatch.setattr(mtgjson, "CHUNK", 1 << 16)
    big_dir = tmp_path / "big"
    big_dir.mkdir()
    assert imported(big_dir) == small


def test_the_same_input_gives_the_same_bytes_and_gzip_reads_as_plain(tmp_path: Path) -> None:
    import_file(FIXTURE, tmp_path / "a.db")
    import_file(FIXTURE, tmp_path / "b.db")
    packed = tmp_path / "AtomicCards.json.gz"
    packed.write_bytes(gzip.compress(FIXTURE.read_bytes()))
    import_file(packed, tmp_path / "c.db")
    first = (tmp_path / "a.db").read_bytes()
    assert first == (tmp_path / "b.db").read_bytes()
    assert records(tmp_path / "c.db") == records(tmp_path / "a.db")


def test_the_database_serves_validation_through_cardcli_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path))
    runner = CliRunner()
    result = runner.invoke(cli, ["cards", "import", str(FIXTURE)], catch_exceptions=False)
    assert result.exit_code == 0
    assert "imported 12 cards" in result.stdout and str(tmp_path / "cards.db") in result.stdout
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Gravedigger\n4 Raise the Alarm\n52 Swamp\n", encoding="utf-8")
    checked = runner.invoke(cli, ["deck", "validate", str(deck)], catch_exceptions=False)
    assert checked.exit_code == 0, checked.stdout
    shown = runner.invoke(cli, ["cards", "show", "gravedigger"], catch_exceptions=False)
    assert "from imported card data" in shown.stdout
    # A card the import does not hold is still known: the shipped card data answers.
    assert runner.invoke(cli, ["cards", "show", "Cultivate"]).exit_code == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "not MTGJSON"),
        ('{"data": {"X": [{"name": "X"', "broken JSON"),
        ("\x00\x01binary", "not MTGJSON"),
    ],
)
def test_broken_input_is_one_line_and_keeps_the_old_database(
    tmp_path: Path, text: str, message: str
) -> None:
    source = tmp_path / "bad.json"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "cards.db"
    import_file(FIXTURE, out)
    before = out.read_bytes()
    result = CliRunner().invoke(cli, ["cards", "import", str(source), "--out", str(out)])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output
    assert out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name != "bad.json"] == ["cards.db"]


def test_an_address_is_refused_with_how_to_get_the_file() -> None:
    url = "https://mtgjson.com/api/v5/AtomicCards.json.gz"
    result = CliRunner().invoke(cli, ["cards", "import", url])
    assert result.exit_code == 2 and "Traceback" not in result.output
    said = result.stderr.strip()
    assert "\n" not in said and "takes a file, not an address" in said
    assert "https:/mtgjson" not in said and "curl -O" in said


def test_a_set_file_adds_printed_tokens_and_keeps_the_cards(tmp_path: Path) -> None:
    out = tmp_path / "cards.db"
    import_file(FIXTURE, out)
    stats = import_file(SET_FILE, out)
    assert stats.kind == "set file" and stats.printed_tokens == 2 and stats.kept_cards == 12
    database = CardDatabase(out)
    printed = [t for t in database.tokens()["bird soldier"] if t.get("printing")]
    assert printed[0]["printing"] == "TTST 1" and printed[0]["power"] == "4"
    assert "Token" not in printed[0]["types"] and printed[0]["token"] is True
    assert "Lightning Bolt" in records(out)  # the cards imported before are kept
    pool = CardPool(databases=[database])
    bird = pool.get("Bird Soldier", "TTST 1")
    assert bird is not None and bird.token and bird.keywords == ("Flying",)
    assert "printed TTST 1" in pool.note("Bird Soldier", "TTST 1")
    again = import_file(SET_FILE, out)  # a printing is kept once
    assert again.printed_tokens == 0


def test_allprintings_gives_the_tokens_of_every_set(tmp_path: Path) -> None:
    one_set = json.loads(SET_FILE.read_text(encoding="utf-8"))["data"]
    other = {**one_set, "code": "TST2", "tokens": [{**one_set["tokens"][0], "setCode": "TTS2"}]}
    source = tmp_path / "AllPrintings.json"
    source.write_text(json.dumps({"meta": {}, "data": {"TST": one_set, "TST2": other}}))
    stats = import_file(source, tmp_path / "cards.db")
    assert stats.kind == "AllPrintings" and stats.printed_tokens == 3


def test_faces_of_the_wrong_shape_are_left_out(tmp_path: Path) -> None:
    source = tmp_path / "odd.json"
    faces = {
        "Listy": [{"name": "Listy", "types": ["Instant"], "text": ["not", "text"]}],
        "Stringy": [{"name": "Stringy", "types": "Creature", "text": ""}],
        "Costly": [{"name": "Costly", "types": ["Instant"], "text": "", "manaValue": "abc"}],
        "Fine": [{"name": "Fine", "types": ["Instant"], "text": "Draw a card.", "manaCost": "{U}"}],
    }
    source.write_text(json.dumps({"meta": {}, "data": faces}), encoding="utf-8")
    out = tmp_path / "cards.db"
    stats = import_file(source, out)
    assert (stats.cards, len(stats.skipped)) == (2, 2)
    assert sorted(records(out)) == ["Costly", "Fine"]  # Costly keeps no mana value


def test_deeply_nested_json_is_refused_in_one_line(tmp_path: Path) -> None:
    source = tmp_path / "deep.json"
    source.write_text('{"data": {"X": ' + "[" * 100_000 + "]" * 100_000 + "}}", encoding="utf-8")
    result = CliRunner().invoke(cli, ["cards", "import", str(source), "--out", str(tmp_path / "p")])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_a_damaged_user_database_is_one_line_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path))
    import_file(FIXTURE, tmp_path / "cards.db")
    whole = (tmp_path / "cards.db").read_bytes()
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Nonexistent Card\n56 Swamp\n", encoding="utf-8")
    for damage in (b"\xff\xfe not a database\n", whole[:-40], whole[:200], whole[:-3] + b"xyz"):
        (tmp_path / "cards.db").write_bytes(damage)
        result = CliRunner().invoke(cli, ["deck", "validate", str(deck)])
        assert result.exit_code == 2, result.output  # unusable input, as any unreadable file
        assert "card database is damaged" in result.stderr and "Traceback" not in result.output


def test_search_and_suggestions_reach_the_imported_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path))
    runner = CliRunner()
    assert runner.invoke(cli, ["cards", "import", str(FIXTURE)]).exit_code == 0
    found = runner.invoke(cli, ["cards", "search", "gravedigger"])
    assert found.exit_code == 0 and "Gravedigger" in found.stdout
    missing = runner.invoke(cli, ["cards", "show", "Gravedigge"])
    assert "did you mean 'Gravedigger'" in missing.stderr
